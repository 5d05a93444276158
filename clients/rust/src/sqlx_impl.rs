//! sqlx's `Type`, `Encode` and `Decode` for PostgreSQL, and
//! `PgHasArrayType`: `ObjectId`, `Option<ObjectId>`, `Vec<ObjectId>` and
//! `&[ObjectId]` as `objectid[]`.
//!
//! sqlx resolves a parameter's type by name with `to_regtype('objectid')`,
//! so the extension's schema must be on the `search_path`; results are
//! matched by name in any schema.  Parameters go in the binary format, the
//! C type's 12 bytes.  Results are read in either format, and also from
//! `text` (the portable edition's plain route describes its columns as
//! `text`; its arrays' elements are the domain over `text`): the 24 hex
//! digits.

use sqlx::decode::Decode;
use sqlx::encode::{Encode, IsNull};
use sqlx::error::BoxDynError;
use sqlx::postgres::{PgArgumentBuffer, PgHasArrayType, PgTypeInfo, PgTypeKind, PgValueFormat, PgValueRef, Postgres};
use sqlx::{Type, TypeInfo, ValueRef};

use crate::ObjectId;

/// How a value of a type carries an ObjectId in the binary format: the
/// 12 bytes (true) or the 24 hex digits (false); None for a type that is
/// neither.  sqlx names a type as `regtype` writes it: schema-qualified
/// where the schema is not on the `search_path`.
fn raw_form(ty: &PgTypeInfo) -> Option<bool> {
    let text = <String as Type<Postgres>>::type_info();
    let name = ty.name();
    if name == "objectid" || name.ends_with(".objectid") {
        match ty.kind() {
            PgTypeKind::Simple => Some(true),
            PgTypeKind::Domain(base) if *base == text => Some(false),
            _ => None,
        }
    } else if *ty == text {
        Some(false)
    } else {
        None
    }
}

impl Type<Postgres> for ObjectId {
    fn type_info() -> PgTypeInfo {
        PgTypeInfo::with_name("objectid")
    }

    fn compatible(ty: &PgTypeInfo) -> bool {
        raw_form(ty).is_some()
    }
}

impl PgHasArrayType for ObjectId {
    fn array_type_info() -> PgTypeInfo {
        PgTypeInfo::array_of("objectid")
    }

    fn array_compatible(ty: &PgTypeInfo) -> bool {
        matches!(ty.kind(), PgTypeKind::Array(elem) if raw_form(elem).is_some())
    }
}

impl Encode<'_, Postgres> for ObjectId {
    fn encode_by_ref(&self, buf: &mut PgArgumentBuffer) -> Result<IsNull, BoxDynError> {
        buf.extend_from_slice(&self.bytes());
        Ok(IsNull::No)
    }

    fn size_hint(&self) -> usize {
        12
    }
}

impl Decode<'_, Postgres> for ObjectId {
    fn decode(value: PgValueRef<'_>) -> Result<Self, BoxDynError> {
        let raw = match value.format() {
            PgValueFormat::Text => false,
            PgValueFormat::Binary => {
                let ty = value.type_info();
                raw_form(&ty).ok_or_else(|| {
                    format!(
                        "objectid-pg: cannot read an ObjectId from a value of type {}",
                        ty.name()
                    )
                })?
            }
        };
        let bytes = value.as_bytes()?;
        Ok(if raw {
            ObjectId::from_raw(bytes)?
        } else {
            ObjectId::from_hex_bytes(bytes)?
        })
    }
}
