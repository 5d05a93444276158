//! The server against the `bson` crate (MongoDB's Rust library), on
//! thousands of values, through the `postgres` feature:
//! - random 12-byte values and bson-made ObjectIds, sent as text: the
//!   server's text, bytes (bytea()) and objectid_timestamp() are bson's
//!   to_hex(), bytes() and timestamp(); sent as ObjectId parameters
//!   (objectid[], binary) they come back as the same text and ObjectIds;
//! - ids the server makes parse in bson (parse_str) to the server's bytes,
//!   with the server's objectid_timestamp();
//! - objectid_to_uuid()/uuid_to_objectid() are ObjectId::to_uuid() and
//!   from_uuid() (refusing the same UUIDs), and objectid_first_at_or_after()
//!   and objectid_first_in_second() are ObjectId::first_at_or_after() and
//!   from_timestamp(), on instants from 1969 to 2107;
//! - uuid_to_bytea(), uuid_from_bytea() and uuid_to_extjson() of the four
//!   representations are bson's Binary::from_uuid_with_representation()
//!   and to_uuid_with_representation().
//!
//! Prints `oracle bson crate VERSION (ROUTE, schema S): values compared N,
//! mismatches 0`;
//! any mismatch fails it.

mod common;

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bson::spec::BinarySubtype;
use bson::{Binary, UuidRepresentation};
use common::{Env, Rng};
use objectid_pg::ObjectId;

struct Tally {
    compared: usize,
    mismatches: Vec<String>,
}

impl Tally {
    fn same(&mut self, ok: bool, what: impl FnOnce() -> String) {
        self.compared += 1;
        if !ok {
            self.mismatches.push(what());
        }
    }
}

#[test]
fn oracle() {
    let Some(e) = Env::get("oracle") else { return };
    let mut db = e.postgres_client();
    let mut rng = Rng::new();
    let mut t = Tally {
        compared: 0,
        mismatches: Vec::new(),
    };
    let (typ, f) = (e.typ(), |name: &str| e.func(name));
    const N: usize = 3000;

    // random values, then bson-made ids
    let mut ids: Vec<bson::oid::ObjectId> = (0..N).map(|_| bson::oid::ObjectId::from_bytes(rng.bytes())).collect();
    ids.extend((0..N / 10).map(|_| bson::oid::ObjectId::new()));
    let hexes: Vec<String> = ids.iter().map(|id| id.to_hex()).collect();
    let rows = db
        .query(
            &format!(
                "SELECT h::{typ}::text, {}(h::{typ}), {}(h::{typ}) FROM unnest($1::text[]) WITH ORDINALITY u(h, n) ORDER BY n",
                f("bytea"),
                f("objectid_timestamp")
            ),
            &[&hexes],
        )
        .expect("text in");
    t.same(rows.len() == ids.len(), || format!("{} rows", rows.len()));
    for (row, id) in rows.iter().zip(&ids) {
        let (txt, raw, ts): (String, Vec<u8>, SystemTime) = (row.get(0), row.get(1), row.get(2));
        t.same(txt == id.to_hex(), || format!("text of {id}: {txt}"));
        t.same(raw == id.bytes(), || format!("bytes of {id}: {raw:?}"));
        t.same(ts == id.timestamp().to_system_time(), || {
            format!("timestamp of {id}: {ts:?}, bson {}", id.timestamp())
        });
    }
    // as ObjectId parameters (binary), back as text and as ObjectIds
    let wrapped: Vec<ObjectId> = ids.iter().map(|id| ObjectId::from(*id)).collect();
    let rows = db
        .query(
            &format!("SELECT x::text, x FROM unnest($1::{typ}[]) WITH ORDINALITY u(x, n) ORDER BY n"),
            &[&wrapped],
        )
        .expect("ObjectIds in");
    for (row, id) in rows.iter().zip(&ids) {
        let (txt, back): (String, ObjectId) = (row.get(0), row.get(1));
        t.same(txt == id.to_hex() && back == *id, || {
            format!("{id} as a parameter: {txt}, back {back}")
        });
    }
    t.same(rows.len() == ids.len(), || format!("{} rows", rows.len()));

    // the server's ids, in bson
    let rows = db
        .query(
            &format!(
                "SELECT x::text, {}(x), x, {}(x) FROM (SELECT {}() x FROM generate_series(1, $1)) s",
                f("bytea"),
                f("objectid_timestamp"),
                f("objectid")
            ),
            &[&(N as i32)],
        )
        .expect("server ids");
    let mut made = Vec::new();
    for row in &rows {
        let (txt, raw, id, ts): (String, Vec<u8>, ObjectId, SystemTime) =
            (row.get(0), row.get(1), row.get(2), row.get(3));
        match bson::oid::ObjectId::parse_str(&txt) {
            Ok(b) => {
                t.same(b.bytes()[..] == raw[..] && b == id, || {
                    format!("bson's parse of the server's {txt}: {b}")
                });
                t.same(b.timestamp().to_system_time() == ts, || {
                    format!("bson's timestamp of {txt}: {}", b.timestamp())
                });
            }
            Err(err) => t.same(false, || format!("bson's parse of the server's {txt}: {err}")),
        }
        made.push(id);
    }
    t.same(rows.len() == N, || format!("{} server ids", rows.len()));

    // ObjectId <-> UUID
    let all: Vec<ObjectId> = wrapped.iter().chain(&made).copied().collect();
    let rows = db
        .query(
            &format!(
                "SELECT {}(x), {}({}(x)) FROM unnest($1::{typ}[]) WITH ORDINALITY u(x, n) ORDER BY n",
                f("objectid_to_uuid"),
                f("uuid_to_objectid"),
                f("objectid_to_uuid")
            ),
            &[&all],
        )
        .expect("uuids");
    for (row, id) in rows.iter().zip(&all) {
        let (u, back): (uuid::Uuid, ObjectId) = (row.get(0), row.get(1));
        t.same(
            u == id.to_uuid() && back == *id && ObjectId::from_uuid(&u) == Some(*id),
            || format!("uuid of {id}: {u}, back {back}"),
        );
    }
    // UUIDs no ObjectId maps to, and near misses: refused alike
    let mut probes: Vec<uuid::Uuid> = (0..100).map(|_| uuid::Uuid::from_bytes(rng.bytes())).collect();
    for id in &all[..100] {
        let mut b = id.to_uuid().into_bytes();
        match rng.next() % 3 {
            0 => b[6] ^= 0x10 << (rng.next() % 4),          // the version
            1 => b[8] ^= 0x40 << (rng.next() % 2),          // the variant
            _ => b[12 + (rng.next() % 4) as usize] |= 0x01, // the 26 low bits
        }
        probes.push(uuid::Uuid::from_bytes(b));
    }
    let stmt = db
        .prepare(&format!("SELECT {}($1)", f("uuid_to_objectid")))
        .expect("prepare");
    for u in &probes {
        let server: Option<ObjectId> = db.query_one(&stmt, &[u]).ok().map(|r| r.get(0));
        t.same(server == ObjectId::from_uuid(u), || {
            format!(
                "uuid_to_objectid({u}): server {server:?}, Rust {:?}",
                ObjectId::from_uuid(u)
            )
        });
    }

    // time bounds, on instants to the microsecond, 1969 to 2107
    let mut instants: Vec<SystemTime> = (0..2000)
        .map(|_| {
            let us = rng.next() % ((1u64 << 32) + 2 * 86_400) * 1_000_000 + rng.next() % 1_000_000;
            UNIX_EPOCH + Duration::from_micros(us) - Duration::from_secs(86_400)
        })
        .collect();
    for s in [0u64, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff] {
        for us in [0, 1, 999_999] {
            instants.push(UNIX_EPOCH + Duration::from_secs(s) + Duration::from_micros(us));
            instants.push(UNIX_EPOCH + Duration::from_secs(s) - Duration::from_micros(us));
        }
    }
    let rows = db
        .query(
            &format!(
                "SELECT {}(t), {}(t) FROM unnest($1::timestamptz[]) WITH ORDINALITY u(t, n) ORDER BY n",
                f("objectid_first_at_or_after"),
                f("objectid_first_in_second")
            ),
            &[&instants],
        )
        .expect("time bounds");
    for (row, at) in rows.iter().zip(&instants) {
        let (first, second): (Option<ObjectId>, Option<ObjectId>) = (row.get(0), row.get(1));
        t.same(first == ObjectId::first_at_or_after(*at), || {
            format!("first_at_or_after({at:?}): {first:?}")
        });
        t.same(second == ObjectId::from_timestamp(*at), || {
            format!("from_timestamp({at:?}): {second:?}")
        });
    }

    // the UUID representations, against bson's codecs
    let uuids: Vec<uuid::Uuid> = (0..2000).map(|_| uuid::Uuid::from_bytes(rng.bytes())).collect();
    for (name, rep) in [
        ("standard", UuidRepresentation::Standard),
        ("javaLegacy", UuidRepresentation::JavaLegacy),
        ("csharpLegacy", UuidRepresentation::CSharpLegacy),
        ("pythonLegacy", UuidRepresentation::PythonLegacy),
    ] {
        let rows = db
            .query(
                &format!(
                    "SELECT {to}(u, $2), {from}({to}(u, $2), $2), j->'$binary'->>'subType', decode(j->'$binary'->>'base64', 'base64')
                       FROM unnest($1::uuid[]) WITH ORDINALITY x(u, n), LATERAL (SELECT {json}(u, $2) j) l ORDER BY n",
                    to = f("uuid_to_bytea"),
                    from = f("uuid_from_bytea"),
                    json = f("uuid_to_extjson")
                ),
                &[&uuids, &name],
            )
            .expect("representations");
        t.same(rows.len() == uuids.len(), || format!("{name}: {} rows", rows.len()));
        for (row, u) in rows.iter().zip(&uuids) {
            let (raw, back, subtype, b64): (Vec<u8>, uuid::Uuid, String, Vec<u8>) =
                (row.get(0), row.get(1), row.get(2), row.get(3));
            let bin = Binary::from_uuid_with_representation(bson::Uuid::from_bytes(u.into_bytes()), rep);
            let want_subtype = format!("{:02x}", u8::from(bin.subtype));
            t.same(raw == bin.bytes && b64 == bin.bytes && subtype == want_subtype, || {
                format!("{name} of {u}: {raw:?} subtype {subtype}")
            });
            // what the server reads from bson's bytes is what bson reads
            let from_bson = Binary {
                subtype: if name == "standard" {
                    BinarySubtype::Uuid
                } else {
                    BinarySubtype::UuidOld
                },
                bytes: raw.clone(),
            }
            .to_uuid_with_representation(rep)
            .map(|b| uuid::Uuid::from_bytes(b.bytes()));
            t.same(back == *u && from_bson.as_ref().ok() == Some(u), || {
                format!("{name}: {u} read back as {back}, by bson as {from_bson:?}")
            });
        }
    }

    println!(
        "oracle bson crate {} ({}, schema {}): values compared {}, mismatches {}",
        bson_version(),
        e.route(),
        e.schema,
        t.compared,
        t.mismatches.len()
    );
    for m in t.mismatches.iter().take(20) {
        println!("mismatch: {m}");
    }
    assert!(t.mismatches.is_empty(), "{} mismatches", t.mismatches.len());
}

/// The bson crate's version, as Cargo.lock pins it.
fn bson_version() -> String {
    let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.lock")).expect("Cargo.lock");
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == "name = \"bson\"" {
            let version = lines
                .next()
                .and_then(|l| l.strip_prefix("version = \""))
                .and_then(|v| v.strip_suffix('"'));
            return version.expect("bson's version in Cargo.lock").to_string();
        }
    }
    panic!("no bson in Cargo.lock")
}
