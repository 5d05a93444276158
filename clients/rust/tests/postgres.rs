//! The `postgres` feature against a live server (tests/common says which),
//! with the `postgres` crate and with `tokio-postgres`.
//!
//! ObjectIds made by bson and by the server's objectid() go in as
//! parameters (ObjectId, Option<ObjectId>, Vec<ObjectId>, &[ObjectId]) and
//! binary COPY, and come back (these crates read results in the binary
//! format) equal to the source, to the server's text and bytes, sorted by
//! ORDER BY as their bytes sort, with objectid_timestamp() the id's second
//! (to 2106); NULL as None; lookups by = and = ANY; an ObjectId bound as
//! text is its 24 hex digits.  A value that is not 12 bytes (or, as text,
//! 24 hex digits) is an error, never a wrong id; a string that is not an
//! ObjectId is refused (by bson's parse, or by the server with 22P02).  On
//! the plain route (a domain over text) the same, through the text form.

mod common;

use std::time::{Duration, SystemTime};

use common::{Checks, Env, client_ids, times_table, window};
use objectid_pg::ObjectId;
use postgres::binary_copy::{BinaryCopyInWriter, BinaryCopyOutIter};
use postgres::fallible_iterator::FallibleIterator;
use postgres::types::{FromSql, ToSql, Type};

fn sqlstate(err: &postgres::Error) -> String {
    err.code()
        .map_or_else(|| format!("not a server error: {err}"), |c| c.code().to_string())
}

#[test]
fn postgres_crate() {
    let Some(e) = Env::get("postgres") else { return };
    let mut c = Checks::new("postgres (objectid-pg, feature postgres)", &e);
    let mut db = e.postgres_client();
    let (typ, oid_fn) = (e.typ(), |f: &str| e.func(f));

    c.ok(
        db.batch_execute(&format!(
            "CREATE TEMP TABLE ids (n int PRIMARY KEY, id {typ}, ids {typ}[])"
        )),
        "CREATE TABLE",
    );

    // in: ids made by bson, each row's array its id and the first
    let mine = client_ids();
    let insert = c.ok(db.prepare("INSERT INTO ids VALUES ($1, $2, $3)"), "prepare");
    // the parameter types the server infers: the type, or the plain
    // route's domain over text (named objectid either way)
    let (p_id, p_ids) = (&insert.params()[1], &insert.params()[2]);
    c.check(p_id.name() == "objectid" && p_ids.name() == "_objectid", || {
        format!("parameter types {p_id:?} {p_ids:?}")
    });
    for (n, id) in mine.iter().enumerate() {
        let arr = vec![*id, mine[0]];
        c.ok(db.execute(&insert, &[&(n as i32), id, &arr]), "INSERT");
    }
    c.ok(
        db.execute(&insert, &[&1000i32, &None::<ObjectId>, &None::<Vec<ObjectId>>]),
        "INSERT NULL",
    );
    // a slice binds as the array too
    let slice: &[ObjectId] = &mine[..3];
    c.ok(db.execute(&insert, &[&1001i32, &mine[1], &slice]), "INSERT a slice");
    c.ok(
        db.batch_execute(&format!(
            "INSERT INTO ids SELECT 2000 + g, {}() FROM generate_series(1, 10) g;
             INSERT INTO ids SELECT 3000 + g, {}(timestamptz '2000-01-01 00:00:00+00' + g * interval '1 year')
               FROM generate_series(1, 10) g",
            oid_fn("objectid"),
            oid_fn("objectid")
        )),
        "server ids",
    );

    // out
    let rows = c.ok(
        db.query(
            &format!(
                "SELECT n, id, ids, id::text, {}(id) FROM ids ORDER BY n",
                oid_fn("bytea")
            ),
            &[],
        ),
        "SELECT",
    );
    // the plain route's columns are described as text
    let col = rows[0].columns()[1].type_();
    c.check(col.name() == if e.plain { "text" } else { "objectid" }, || {
        format!("column type {col:?}")
    });
    let mut all = Vec::new();
    for row in &rows {
        let n: i32 = row.get(0);
        let id: Option<ObjectId> = row.get(1);
        let ids: Option<Vec<ObjectId>> = row.get(2);
        let (txt, raw): (Option<String>, Option<Vec<u8>>) = (row.get(3), row.get(4));
        let Some(id) = id else {
            c.check(n == 1000 && ids.is_none() && txt.is_none(), || {
                format!("NULL in row {n}")
            });
            continue;
        };
        c.check(txt.as_deref() == Some(id.to_hex().as_str()), || {
            format!("row {n}: {id}, the server's text {txt:?}")
        });
        c.check(raw.as_deref() == Some(&id.bytes()[..]), || {
            format!("row {n}: bytes {raw:?}")
        });
        if (n as usize) < mine.len() {
            c.check(id == mine[n as usize], || {
                format!("row {n}: {id}, not {}", mine[n as usize])
            });
            c.check(ids == Some(vec![id, mine[0]]), || format!("row {n}: array {ids:?}"));
        } else if n == 1001 {
            c.check(ids.as_deref() == Some(&mine[..3]), || format!("row {n}: array {ids:?}"));
        } else {
            c.check(ids.is_none(), || format!("row {n}: array {ids:?}"));
        }
        all.push(id);
    }
    c.check(all.len() == mine.len() + 21, || format!("{} ids", all.len()));
    all.sort();
    all.dedup();

    // ORDER BY is the bytes' order (ObjectId's Ord); objectid_timestamp is
    // the id's second
    let rows = c.ok(
        db.query(
            &format!(
                "SELECT DISTINCT id, {}(id) FROM ids WHERE id IS NOT NULL ORDER BY id",
                oid_fn("objectid_timestamp")
            ),
            &[],
        ),
        "ORDER BY id",
    );
    c.check(rows.len() == all.len(), || format!("{} ordered rows", rows.len()));
    for (row, want) in rows.iter().zip(&all) {
        let (id, ts): (ObjectId, SystemTime) = (row.get(0), row.get(1));
        c.check(id == *want, || format!("ORDER BY: {id}, not {want}"));
        c.check(ts == id.system_time(), || format!("objectid_timestamp({id}) = {ts:?}"));
        c.check(id.timestamp().to_system_time() == ts, || {
            format!("bson's timestamp of {id}")
        });
    }

    // parameters compare as objectid: one id, = ANY of a Vec and a slice
    let eq = e.eq();
    for id in &all {
        let n: i64 = c
            .ok(
                db.query_one(&format!("SELECT count(*) FROM ids WHERE id {eq} $1"), &[id]),
                "lookup",
            )
            .get(0);
        c.check(n >= 1, || format!("lookup of {id}: {n}"));
    }
    let some = vec![all[0], all[3], *all.last().unwrap(), ObjectId::new()];
    for arg in [&some as &(dyn ToSql + Sync), &&some[..]] {
        let n: i64 = c
            .ok(
                db.query_one(
                    &format!("SELECT count(DISTINCT id) FROM ids WHERE id {eq} ANY ($1)"),
                    &[arg],
                ),
                "= ANY",
            )
            .get(0);
        c.check(n == 3, || format!("= ANY: {n}"));
    }

    // RETURNING a server-made id
    let made: ObjectId = c
        .ok(
            db.query_one(
                &format!(
                    "INSERT INTO ids (n, id) VALUES (4000, {}()) RETURNING id",
                    oid_fn("objectid")
                ),
                &[],
            ),
            "RETURNING",
        )
        .get(0);
    c.check(
        made.system_time() > SystemTime::now() - Duration::from_secs(3600),
        || format!("RETURNING gave {made}"),
    );

    // an ObjectId as a text parameter: its 24 hex digits
    let s: String = c
        .ok(db.query_one("SELECT $1::text", &[&mine[2]]), "text parameter")
        .get(0);
    c.check(s == mine[2].to_hex(), || format!("an ObjectId bound as text: {s}"));

    // time types for a timestamptz parameter: chrono's DateTime<Utc>,
    // time's OffsetDateTime and SystemTime bind; the naive ones are
    // refused before anything is sent
    let t: chrono::DateTime<chrono::Utc> = "2024-06-01T10:20:30.25Z".parse().unwrap();
    let want_id = ObjectId::from_timestamp(t).unwrap();
    let q = format!("SELECT {}($1)", oid_fn("objectid_from_timestamp"));
    let offset = time::OffsetDateTime::from(SystemTime::from(t));
    for arg in [&t as &(dyn ToSql + Sync), &offset, &SystemTime::from(t)] {
        let got: ObjectId = c.ok(db.query_one(&q, &[arg]), "a time for timestamptz").get(0);
        c.check(got == want_id, || format!("{arg:?} bound as timestamptz: {got}"));
    }
    let primitive = time::PrimitiveDateTime::new(offset.date(), offset.time());
    for arg in [&t.naive_utc() as &(dyn ToSql + Sync), &primitive] {
        let err = db.query_one(&q, &[arg]).unwrap_err();
        c.check(
            err.code().is_none() && err.to_string().contains("error serializing parameter"),
            || format!("{arg:?}: {err}"),
        );
    }

    // a window on the id's time, as the README writes it: ObjectIds from
    // first_at_or_after(), the server's objectid_first_at_or_after() and
    // (C extension) id::timestamptz give objectid_timestamp()'s rows
    c.ok(db.batch_execute(&times_table(&oid_fn("objectid"))), "times");
    let (_, t2, a, b) = window();
    let window_ids = |db: &mut postgres::Client, cond: &str, args: &[&(dyn ToSql + Sync)]| -> Vec<ObjectId> {
        let q = format!("SELECT id FROM rust_times WHERE {cond} ORDER BY id");
        db.query(&q, args)
            .unwrap_or_else(|err| panic!("{q}: {err}"))
            .iter()
            .map(|r| r.get(0))
            .collect()
    };
    let ts = oid_fn("objectid_timestamp");
    let want = window_ids(&mut db, &format!("{ts}(id) >= $1 AND {ts}(id) < $2"), &[&t, &t2]);
    let (ge, lt) = (e.op(">="), e.op("<"));
    let by_id = window_ids(&mut db, &format!("id {ge} $1 AND id {lt} $2"), &[&a, &b]);
    c.check(by_id == want && want.len() > 100, || {
        format!("window: {} by id, {} by time", by_id.len(), want.len())
    });
    let f = oid_fn("objectid_first_at_or_after");
    let by_fn = window_ids(&mut db, &format!("id {ge} {f}($1) AND id {lt} {f}($2)"), &[&t, &t2]);
    c.check(by_fn == want, || {
        format!("window by objectid_first_at_or_after: {}", by_fn.len())
    });
    if !e.plain {
        let by_cast = window_ids(&mut db, "id::timestamptz >= $1 AND id::timestamptz < $2", &[&t, &t2]);
        c.check(by_cast == want, || {
            format!("window by id::timestamptz: {}", by_cast.len())
        });
    }

    // binary COPY, in and out, with the types the server names
    let types = c
        .ok(
            db.prepare(&format!("SELECT $1::int, $2::{typ}, $3::{typ}[]")),
            "prepare",
        )
        .params()
        .to_vec();
    let copied = &mine[..5];
    let mut w = BinaryCopyInWriter::new(
        c.ok(db.copy_in("COPY ids (n, id, ids) FROM STDIN BINARY"), "COPY IN"),
        &types,
    );
    for (i, id) in copied.iter().enumerate() {
        let arr = vec![*id];
        c.ok(w.write(&[&(5000 + i as i32), id, &arr]), "COPY row");
    }
    c.check(c_ok(w.finish()) == copied.len() as u64, || "COPY count".into());
    let reader = c.ok(
        db.copy_out("COPY (SELECT n, id, ids FROM ids WHERE n >= 5000 ORDER BY n) TO STDOUT BINARY"),
        "COPY OUT",
    );
    let out: Vec<(i32, ObjectId, Vec<ObjectId>)> = c.ok(
        BinaryCopyOutIter::new(reader, &types)
            .map(|r| Ok((r.get(0), r.get(1), r.get(2))))
            .collect(),
        "COPY OUT rows",
    );
    for (i, id) in copied.iter().enumerate() {
        c.check(out[i] == (5000 + i as i32, *id, vec![*id]), || {
            format!("COPY: {:?}, not {id}", out[i])
        });
    }

    // strings: bson's parse refuses what is not 24 hex digits; the server
    // refuses it as objectid with 22P02, and writes nothing
    let before: i64 = db.query_one("SELECT count(*) FROM ids", &[]).unwrap().get(0);
    let good = mine[1].to_hex();
    for bad in [
        "not an objectid",
        &good[1..],
        &format!("{good}0"),
        "gggggggggggggggggggggggg",
        "",
    ] {
        c.check(bad.parse::<ObjectId>().is_err(), || format!("parsed {bad:?}"));
        let err = db
            .execute(
                &format!("INSERT INTO ids (n, id) VALUES (9999, $1::text::{typ})"),
                &[&bad],
            )
            .unwrap_err();
        c.check(sqlstate(&err) == "22P02", || {
            format!("INSERT {bad:?}: {}", sqlstate(&err))
        });
    }
    // a string is no ObjectId parameter: postgres-types refuses it before
    // sending (the type and the plain route's domain alike)
    let err = db
        .execute("INSERT INTO ids (n, id) VALUES (9998, $1)", &[&good.as_str()])
        .unwrap_err();
    c.check(
        err.code().is_none() && err.to_string().contains("error serializing parameter"),
        || format!("{err}"),
    );
    c.check(
        db.query_one("SELECT count(*) FROM ids", &[]).unwrap().get::<_, i64>(0) == before,
        || "nothing written".into(),
    );
    let parsed: ObjectId = good.to_uppercase().parse().unwrap();
    c.check(parsed == mine[1], || "upper-case hex".into());

    // values the type cannot hold are errors, not ids: 11 or 13 bytes of
    // the type, text that is not 24 hex digits (12 bytes of text are not
    // read as an id), other types
    let (t_id, t_ids) = (types[1].clone(), types[2].clone());
    if !e.plain {
        c.check(ObjectId::from_sql(&t_id, &[0; 11]).is_err(), || "11 bytes".into());
        c.check(ObjectId::from_sql(&t_id, &[0; 13]).is_err(), || "13 bytes".into());
        c.check(ObjectId::from_sql(&t_id, &[7; 12]).unwrap().bytes() == [7; 12], || {
            "12 bytes".into()
        });
    }
    c.check(ObjectId::from_sql(&Type::TEXT, b"abcdefghijkl").is_err(), || {
        "12 bytes of text".into()
    });
    c.check(
        ObjectId::from_sql(&Type::TEXT, good.as_bytes()).unwrap() == mine[1],
        || "text".into(),
    );
    c.check(
        <ObjectId as FromSql>::accepts(&t_id) && <Vec<ObjectId> as FromSql>::accepts(&t_ids),
        || "accepts".into(),
    );
    for other in [Type::INT4, Type::BYTEA, Type::UUID, Type::VARCHAR] {
        c.check(!<ObjectId as FromSql>::accepts(&other), || format!("accepts {other}"));
        c.check(!<ObjectId as ToSql>::accepts(&other), || format!("binds as {other}"));
    }
    let row = c.ok(
        db.query_one(&format!("SELECT 1, {}(id) FROM ids WHERE n = 0", oid_fn("bytea")), &[]),
        "SELECT",
    );
    c.check(
        row.try_get::<_, ObjectId>(0).is_err() && row.try_get::<_, ObjectId>(1).is_err(),
        || "read from int, bytea".into(),
    );

    c.done();
}

fn c_ok<T, E: std::fmt::Display>(r: Result<T, E>) -> T {
    r.unwrap_or_else(|err| panic!("{err}"))
}

#[tokio::test(flavor = "current_thread")]
async fn tokio_postgres_crate() {
    let Some(e) = Env::get("tokio-postgres") else { return };
    let mut c = Checks::new("tokio-postgres (objectid-pg, feature postgres)", &e);
    let (db, conn) = c.ok(e.tokio_config().connect(tokio_postgres::NoTls).await, "connect");
    tokio::spawn(conn);
    let typ = e.typ();
    c.ok(
        db.batch_execute(&format!(
            "CREATE TEMP TABLE ids (n int PRIMARY KEY, id {typ}, ids {typ}[])"
        ))
        .await,
        "CREATE",
    );

    // pipelined inserts, then the rows back
    let mine = client_ids();
    let insert = c.ok(db.prepare("INSERT INTO ids VALUES ($1, $2, $3)").await, "prepare");
    let params: Vec<(i32, Vec<ObjectId>)> = mine
        .iter()
        .enumerate()
        .map(|(n, id)| (n as i32, vec![*id, mine[0]]))
        .collect();
    let args: Vec<[&(dyn ToSql + Sync); 3]> = params
        .iter()
        .zip(&mine)
        .map(|((n, arr), id)| [n as _, id as _, arr as _])
        .collect();
    let inserts = args.iter().map(|a| db.execute(&insert, a));
    c.ok(futures_util::future::try_join_all(inserts).await, "INSERT, pipelined");
    c.ok(
        db.execute(&insert, &[&1000i32, &None::<ObjectId>, &None::<Vec<ObjectId>>])
            .await,
        "INSERT NULL",
    );
    let rows = c.ok(
        db.query("SELECT n, id, ids, id::text FROM ids ORDER BY n", &[]).await,
        "SELECT",
    );
    c.check(rows.len() == mine.len() + 1, || format!("{} rows", rows.len()));
    for row in &rows {
        let n: i32 = row.get(0);
        let (id, ids, txt): (Option<ObjectId>, Option<Vec<ObjectId>>, Option<String>) =
            (row.get(1), row.get(2), row.get(3));
        if n == 1000 {
            c.check(id.is_none() && ids.is_none(), || "NULL".into());
            continue;
        }
        let want = mine[n as usize];
        c.check(id == Some(want) && ids == Some(vec![want, mine[0]]), || {
            format!("row {n}: {id:?} {ids:?}")
        });
        c.check(txt == Some(want.to_hex()), || format!("row {n}: text {txt:?}"));
    }
    let ids: Vec<ObjectId> = c
        .ok(
            db.query_one(
                &format!("SELECT array_agg(id ORDER BY id) FROM ids WHERE id {} ANY ($1)", e.eq()),
                &[&mine],
            )
            .await,
            "= ANY",
        )
        .get(0);
    let mut sorted = mine.clone();
    sorted.sort();
    c.check(ids == sorted, || format!("= ANY, ordered: {ids:?}"));
    c.done();
}
