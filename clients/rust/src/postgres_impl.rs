//! postgres-types' `FromSql` and `ToSql` (the `postgres` and
//! `tokio-postgres` crates): `ObjectId`, and through postgres-types' own
//! impls `Option<ObjectId>`, `Vec<ObjectId>` and `&[ObjectId]` as
//! `objectid[]`.
//!
//! The type is known by its name, so the extension may be in any schema.
//! These libraries send parameters and read results in the binary format:
//! the C type's is the 12 bytes; the portable edition's plain route is a
//! domain over `text` (its parameters, and its arrays' elements, have the
//! domain's type; its columns are described as `text`), whose binary format
//! is text's, the 24 hex digits.  An `ObjectId` also binds as a `text`
//! parameter (its hex digits) and reads from a `text` result.

use std::error::Error;

use bytes::BytesMut;
use postgres_types::{FromSql, IsNull, Kind, ToSql, Type, to_sql_checked};

use crate::ObjectId;

/// How a value of a type carries an ObjectId: the 12 bytes (true) or the
/// 24 hex digits (false); None for a type that is neither.
fn raw_form(ty: &Type) -> Option<bool> {
    if ty.name() == "objectid" {
        match ty.kind() {
            Kind::Simple => Some(true),
            Kind::Domain(base) if *base == Type::TEXT => Some(false),
            _ => None,
        }
    } else if *ty == Type::TEXT {
        Some(false)
    } else {
        None
    }
}

impl<'a> FromSql<'a> for ObjectId {
    fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Self, Box<dyn Error + Sync + Send>> {
        match raw_form(ty) {
            Some(true) => Ok(ObjectId::from_raw(raw)?),
            Some(false) => Ok(ObjectId::from_hex_bytes(raw)?),
            None => Err(format!("objectid-pg: cannot read an ObjectId from a value of type {ty}").into()),
        }
    }

    fn accepts(ty: &Type) -> bool {
        raw_form(ty).is_some()
    }
}

impl ToSql for ObjectId {
    fn to_sql(&self, ty: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        match raw_form(ty) {
            Some(true) => out.extend_from_slice(&self.bytes()),
            Some(false) => out.extend_from_slice(self.to_hex().as_bytes()),
            None => return Err(format!("objectid-pg: cannot bind an ObjectId as type {ty}").into()),
        }
        Ok(IsNull::No)
    }

    fn accepts(ty: &Type) -> bool {
        raw_form(ty).is_some()
    }

    to_sql_checked!();
}
