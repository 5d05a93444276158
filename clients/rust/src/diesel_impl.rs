//! diesel: the SQL type `objectid_pg::sql_types::Objectid` for `table!`
//! and `#[diesel(sql_type = ...)]`, and `ObjectId`'s `FromSql`/`ToSql`
//! for it (the 12 bytes: diesel reads and writes the binary format) and
//! for `Text` (the 24 hex digits: the portable edition's plain route,
//! whose columns the server describes as `text`).  `Nullable<Objectid>`
//! and `Array<Objectid>` come with diesel's own impls.

use std::io::Write;

use diesel::deserialize::{self, FromSql};
use diesel::pg::{Pg, PgValue};
use diesel::serialize::{self, IsNull, Output, ToSql};
use diesel::sql_types::Text;

use crate::ObjectId;

/// The SQL types of the extension.
pub mod sql_types {
    /// PostgreSQL's `objectid`, found by name: the extension's schema must
    /// be on the `search_path`.  It is the type `diesel print-schema`
    /// generates for an `objectid` column (`sql_types::Objectid`).
    #[derive(Debug, Clone, Copy, Default, diesel::sql_types::SqlType, diesel::query_builder::QueryId)]
    #[diesel(postgres_type(name = "objectid"))]
    pub struct Objectid;
}

use sql_types::Objectid;

impl FromSql<Objectid, Pg> for ObjectId {
    fn from_sql(value: PgValue<'_>) -> deserialize::Result<Self> {
        Ok(ObjectId::from_raw(value.as_bytes())?)
    }
}

impl ToSql<Objectid, Pg> for ObjectId {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, Pg>) -> serialize::Result {
        out.write_all(&self.bytes())?;
        Ok(IsNull::No)
    }
}

impl FromSql<Text, Pg> for ObjectId {
    fn from_sql(value: PgValue<'_>) -> deserialize::Result<Self> {
        Ok(ObjectId::from_hex_bytes(value.as_bytes())?)
    }
}

impl ToSql<Text, Pg> for ObjectId {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, Pg>) -> serialize::Result {
        out.write_all(self.to_hex().as_bytes())?;
        Ok(IsNull::No)
    }
}
