//! `objectid-pg`: the `bson` crate's `ObjectId` as the `objectid` type of the
//! PostgreSQL extension objectid, in `postgres`/`tokio-postgres` (feature
//! `postgres`), sqlx (feature `sqlx`) and diesel (feature `diesel`).
//!
//! Rust's orphan rule forbids implementing those libraries' traits for
//! `bson::oid::ObjectId` outside the `bson` crate, so the crate's
//! [`ObjectId`] wraps it: `From`/`Into` both ways, `Deref` to it (its
//! `to_hex()`, `timestamp()`, `bytes()`), the same order, hash, text and
//! parse. The README shows each library.

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

#[cfg(feature = "diesel")]
mod diesel_impl;
#[cfg(feature = "postgres")]
mod postgres_impl;
#[cfg(feature = "sqlx")]
mod sqlx_impl;

#[cfg(feature = "diesel")]
pub use diesel_impl::sql_types;

// the README's examples, compiled as doctests
#[cfg(all(doctest, feature = "postgres", feature = "sqlx", feature = "diesel"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// A MongoDB ObjectId as a value of PostgreSQL's `objectid`: a
/// `bson::oid::ObjectId` (the field `.0`, `From`/`Into`, `Deref`) that the
/// enabled client libraries read and bind.
///
/// The C extension's binary format is the 12 bytes; the portable edition's
/// plain route (a domain over `text`) is read and written as the 24
/// lowercase hex digits where the library says which type it has.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "diesel",
    derive(::diesel::expression::AsExpression, ::diesel::deserialize::FromSqlRow)
)]
#[cfg_attr(feature = "diesel", diesel(sql_type = crate::sql_types::Objectid))]
#[cfg_attr(feature = "diesel", diesel(sql_type = ::diesel::sql_types::Text))]
#[repr(transparent)]
pub struct ObjectId(pub bson::oid::ObjectId);

impl ObjectId {
    /// A new ObjectId made by `bson` (the process's value and counter),
    /// as `bson::oid::ObjectId::new()`.
    pub fn new() -> Self {
        Self(bson::oid::ObjectId::new())
    }

    /// The ObjectId of these 12 bytes.
    pub const fn from_bytes(bytes: [u8; 12]) -> Self {
        Self(bson::oid::ObjectId::from_bytes(bytes))
    }

    /// The smallest ObjectId of the second `t` falls in (process value and
    /// counter zero), as the extension's `objectid_from_timestamp(t)`;
    /// `None` where that raises, before 1970-01-01 and after 2106-02-07
    /// 06:28:15 UTC.
    pub fn from_timestamp(t: impl Into<SystemTime>) -> Option<Self> {
        let since = t.into().duration_since(UNIX_EPOCH).ok()?;
        Self::of_second(since.as_secs())
    }

    /// The smallest ObjectId whose second is at or after `t`, as the
    /// extension's `objectid_first_at_or_after(t)`: `id >=
    /// ObjectId::first_at_or_after(t)` holds exactly where the id's second
    /// is at or after `t`, to the nanosecond.  The all-zero id for any `t`
    /// up to 1970-01-01; `None` after 2106-02-07 06:28:15 UTC, where no id
    /// is at or after `t` (the function's NULL).
    pub fn first_at_or_after(t: impl Into<SystemTime>) -> Option<Self> {
        match t.into().duration_since(UNIX_EPOCH) {
            Err(_) => Self::of_second(0),
            Ok(since) => {
                let ceil = since.as_secs() + u64::from(since.subsec_nanos() > 0);
                Self::of_second(ceil)
            }
        }
    }

    fn of_second(second: u64) -> Option<Self> {
        let second = u32::try_from(second).ok()?;
        Some(Self(bson::oid::ObjectId::from_parts(second, [0; 5], [0; 3])))
    }

    /// The second the id carries, as a `SystemTime` (bson's `timestamp()`
    /// is the same instant as a `bson::DateTime`).
    pub fn system_time(&self) -> SystemTime {
        let b = self.0.bytes();
        UNIX_EPOCH + Duration::from_secs(u64::from(u32::from_be_bytes([b[0], b[1], b[2], b[3]])))
    }

    /// The version 8 UUID the extension's `objectid_to_uuid(id)` gives:
    /// lossless, and in the same order as the ids.
    pub fn to_uuid(&self) -> uuid::Uuid {
        let b = self.0.bytes();
        let hi = u64::from_be_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        let lo = u64::from(u32::from_be_bytes([b[8], b[9], b[10], b[11]]));
        let a = hi >> 16;
        let v = (hi >> 4) & 0xfff;
        let c = ((hi & 0xf) << 32) | lo;
        uuid::Uuid::from_u64_pair((a << 16) | (0x8 << 12) | v, (0x2 << 62) | (c << 26))
    }

    /// The inverse of [`ObjectId::to_uuid`], as the extension's
    /// `uuid_to_objectid(u)`: `None` for a UUID that no ObjectId maps to
    /// (where the function raises an error).
    pub fn from_uuid(u: &uuid::Uuid) -> Option<Self> {
        let (hi, lo) = u.as_u64_pair();
        if (hi >> 12) & 0xf != 0x8 || lo >> 62 != 0x2 || lo & ((1 << 26) - 1) != 0 {
            return None;
        }
        let c = (lo >> 26) & ((1 << 36) - 1);
        let ohi = ((hi >> 16) << 16) | ((hi & 0xfff) << 4) | (c >> 32);
        let mut bytes = [0; 12];
        bytes[..8].copy_from_slice(&ohi.to_be_bytes());
        bytes[8..].copy_from_slice(&(c as u32).to_be_bytes());
        Some(Self::from_bytes(bytes))
    }

    /// The id a value of the wire carries as text: exactly 24 hex digits.
    #[allow(dead_code)] // without any feature
    pub(crate) fn from_hex_bytes(raw: &[u8]) -> Result<Self, String> {
        let s = std::str::from_utf8(raw).ok().filter(|s| s.len() == 24);
        s.and_then(|s| bson::oid::ObjectId::parse_str(s).ok())
            .map(Self)
            .ok_or_else(|| {
                format!(
                    "invalid objectid: {:?} is not 24 hex digits",
                    String::from_utf8_lossy(raw)
                )
            })
    }

    /// The id a value of the wire carries in the C type's binary format:
    /// exactly 12 bytes.
    #[allow(dead_code)] // without any feature
    pub(crate) fn from_raw(raw: &[u8]) -> Result<Self, String> {
        <[u8; 12]>::try_from(raw)
            .map(Self::from_bytes)
            .map_err(|_| format!("invalid length for objectid: {} bytes, not 12", raw.len()))
    }
}

impl Default for ObjectId {
    /// The all-zero ObjectId (bson's `Default` makes a new one).
    fn default() -> Self {
        Self::from_bytes([0; 12])
    }
}

impl Deref for ObjectId {
    type Target = bson::oid::ObjectId;

    fn deref(&self) -> &bson::oid::ObjectId {
        &self.0
    }
}

impl AsRef<bson::oid::ObjectId> for ObjectId {
    fn as_ref(&self) -> &bson::oid::ObjectId {
        &self.0
    }
}

impl From<bson::oid::ObjectId> for ObjectId {
    fn from(id: bson::oid::ObjectId) -> Self {
        Self(id)
    }
}

impl From<ObjectId> for bson::oid::ObjectId {
    fn from(id: ObjectId) -> Self {
        id.0
    }
}

impl From<ObjectId> for bson::Bson {
    fn from(id: ObjectId) -> Self {
        bson::Bson::ObjectId(id.0)
    }
}

impl From<[u8; 12]> for ObjectId {
    fn from(bytes: [u8; 12]) -> Self {
        Self::from_bytes(bytes)
    }
}

impl PartialEq<bson::oid::ObjectId> for ObjectId {
    fn eq(&self, other: &bson::oid::ObjectId) -> bool {
        self.0 == *other
    }
}

impl PartialEq<ObjectId> for bson::oid::ObjectId {
    fn eq(&self, other: &ObjectId) -> bool {
        *self == other.0
    }
}

impl FromStr for ObjectId {
    type Err = bson::error::Error;

    /// 24 hex digits, either case (bson's `parse_str`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        bson::oid::ObjectId::parse_str(s).map(Self)
    }
}

impl fmt::Display for ObjectId {
    /// The 24 lowercase hex digits, as the `objectid` type's text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for ObjectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions() {
        let b = bson::oid::ObjectId::new();
        let id = ObjectId::from(b);
        assert_eq!(bson::oid::ObjectId::from(id), b);
        assert_eq!(id, b);
        assert_eq!(id.to_hex(), b.to_hex());
        assert_eq!(id.to_string(), b.to_hex());
        assert_eq!(format!("{id:?}"), format!("{b:?}"));
        assert_eq!(id.to_hex().to_uppercase().parse::<ObjectId>().unwrap(), id);
        assert!("0123".parse::<ObjectId>().is_err());
        assert_eq!(bson::Bson::from(id), bson::Bson::ObjectId(b));
        assert_eq!(ObjectId::default().bytes(), [0; 12]);
        assert_eq!(ObjectId::from_raw(&b.bytes()).unwrap(), id);
        assert!(ObjectId::from_raw(&[0; 11]).is_err());
        assert_eq!(ObjectId::from_hex_bytes(b.to_hex().as_bytes()).unwrap(), id);
        for bad in [
            &b"0123"[..],
            b"zz23456789012345678901234",
            b"0123456789abcdef01234567 ",
            &[0xff; 24],
        ] {
            assert!(ObjectId::from_hex_bytes(bad).is_err(), "{bad:?}");
        }
    }

    /// The largest second an ObjectId holds: 2106-02-07 06:28:15 UTC.
    const MAX_SECOND: u64 = u32::MAX as u64;

    #[test]
    fn time_bounds() {
        let at = |s: u64, ns: u32| UNIX_EPOCH + Duration::new(s, ns);
        let second = |id: Option<ObjectId>| id.map(|id| id.system_time());
        assert_eq!(second(ObjectId::from_timestamp(at(100, 999_999_999))), Some(at(100, 0)));
        assert_eq!(second(ObjectId::first_at_or_after(at(100, 1))), Some(at(101, 0)));
        assert_eq!(second(ObjectId::first_at_or_after(at(100, 0))), Some(at(100, 0)));
        assert_eq!(
            ObjectId::first_at_or_after(UNIX_EPOCH - Duration::from_secs(5)),
            Some(ObjectId::default())
        );
        assert_eq!(ObjectId::from_timestamp(UNIX_EPOCH - Duration::from_nanos(1)), None);
        assert_eq!(
            second(ObjectId::from_timestamp(at(MAX_SECOND, 5))),
            Some(at(MAX_SECOND, 0))
        );
        assert_eq!(ObjectId::first_at_or_after(at(MAX_SECOND, 5)), None);
        assert_eq!(ObjectId::from_timestamp(at(MAX_SECOND + 1, 0)), None);
        let id = ObjectId::from_timestamp(at(0x1234_5678, 0)).unwrap();
        assert_eq!(id.bytes(), [0x12, 0x34, 0x56, 0x78, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(id.timestamp().timestamp_millis(), 0x1234_5678 * 1000);
    }

    #[test]
    fn uuid_mapping() {
        let id = ObjectId::from_bytes([0x65, 0x4f, 0x2b, 0x11, 0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0x01, 0x02, 0x03]);
        let u = id.to_uuid();
        assert_eq!(u.get_version_num(), 8);
        assert_eq!(u.get_variant(), uuid::Variant::RFC4122);
        assert_eq!(ObjectId::from_uuid(&u), Some(id));
        assert_eq!(ObjectId::from_uuid(&uuid::Uuid::nil()), None);
        let mut low = u.into_bytes();
        low[15] |= 1;
        assert_eq!(ObjectId::from_uuid(&uuid::Uuid::from_bytes(low)), None);
    }
}
