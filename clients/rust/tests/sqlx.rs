//! The `sqlx` feature against a live server (tests/common says which).
//!
//! With the extension's schema on the search_path (sqlx resolves a
//! parameter's type by name): ObjectIds made by bson and by the server go
//! in as parameters (ObjectId, Option<ObjectId>, Vec<ObjectId>,
//! &[ObjectId]) and come back through query_as into a FromRow struct, in
//! the binary format and in the text format (raw_sql), equal to the source
//! and to the server's text; NULL as None; ORDER BY as Ord;
//! objectid_timestamp() the id's second; lookups; windows on the id's time
//! bound as ObjectIds from ObjectId::first_at_or_after and as times
//! (chrono's and time's types: which bind as timestamptz, which as
//! timestamp); a pool; the query_as!/query_scalar! macros (offline data in
//! .sqlx).  Off the search_path: results still read, parameters fail to
//! resolve (TypeNotFound).  On the plain route (a domain over text): results
//! read (the server describes the columns as text), an ObjectId parameter
//! is refused by the server (binary 12 bytes are no text), never stored;
//! the hex string binds.

mod common;

use std::time::{Duration, SystemTime};

use chrono::{DateTime, NaiveDateTime, Utc};
use common::{Checks, Env, client_ids, times_table, window};
use objectid_pg::ObjectId;
use sqlx::{Connection, Executor, PgConnection, Row};

#[derive(sqlx::FromRow, Debug, PartialEq)]
struct Order {
    id: ObjectId,
    parent: Option<ObjectId>,
    refs: Option<Vec<ObjectId>>,
    item: String,
}

const ORDERS: &str = "CREATE TEMP TABLE rust_orders (
    id objectid PRIMARY KEY DEFAULT objectid(),
    parent objectid,
    refs objectid[],
    item text NOT NULL)";

#[tokio::test(flavor = "current_thread")]
async fn sqlx_postgres() {
    let Some(e) = Env::get("sqlx") else { return };
    let mut c = Checks::new("sqlx (objectid-pg, feature sqlx)", &e);
    let mut db = c.ok(PgConnection::connect_with(&e.sqlx_options(true)).await, "connect");
    c.ok(db.execute(ORDERS).await, "CREATE TABLE");

    let mine = client_ids();
    if e.plain {
        // an ObjectId parameter is 12 bytes in the binary format, which
        // the domain over text reads as text: refused, nothing stored
        let r = sqlx::query("INSERT INTO rust_orders (id, item) VALUES ($1, 'x')")
            .bind(mine[1])
            .execute(&mut db)
            .await;
        c.check(r.is_err(), || "an ObjectId bound on the plain route".into());
        // the hex string binds (text)
        for (n, id) in mine.iter().enumerate() {
            let refs: Vec<String> = vec![id.to_hex(), mine[0].to_hex()];
            let q = sqlx::query("INSERT INTO rust_orders (id, parent, refs, item) VALUES ($1, $2, $3, $4)");
            let q = q
                .bind(id.to_hex())
                .bind((n % 2 == 0).then(|| mine[0].to_hex()))
                .bind(refs)
                .bind(n.to_string());
            c.ok(q.execute(&mut db).await, "INSERT hex");
        }
    } else {
        for (n, id) in mine.iter().enumerate() {
            let q = sqlx::query("INSERT INTO rust_orders (id, parent, refs, item) VALUES ($1, $2, $3, $4)");
            let q = q
                .bind(id)
                .bind((n % 2 == 0).then_some(mine[0]))
                .bind(vec![*id, mine[0]])
                .bind(n.to_string());
            c.ok(q.execute(&mut db).await, "INSERT");
        }
    }
    // the server's ids, RETURNING
    let made: ObjectId = c.ok(
        sqlx::query_scalar("INSERT INTO rust_orders (item) VALUES ('made') RETURNING id")
            .fetch_one(&mut db)
            .await,
        "RETURNING",
    );
    c.check(
        made.system_time() > SystemTime::now() - Duration::from_secs(3600),
        || format!("RETURNING gave {made}"),
    );
    c.ok(
        db.execute("INSERT INTO rust_orders (item) SELECT 'made' FROM generate_series(1, 9)")
            .await,
        "server ids",
    );

    // out, binary: query_as into the struct, and the server's text
    let rows: Vec<Order> = c.ok(
        sqlx::query_as("SELECT id, parent, refs, item FROM rust_orders")
            .fetch_all(&mut db)
            .await,
        "query_as",
    );
    c.check(rows.len() == mine.len() + 10, || format!("{} rows", rows.len()));
    for o in &rows {
        if o.item == "made" {
            c.check(o.parent.is_none() && o.refs.is_none(), || format!("{o:?}"));
            continue;
        }
        let n: usize = o.item.parse().unwrap();
        let want = Order {
            id: mine[n],
            parent: n.is_multiple_of(2).then_some(mine[0]),
            refs: Some(vec![mine[n], mine[0]]),
            item: o.item.clone(),
        };
        c.check(*o == want, || format!("{o:?}, not {want:?}"));
    }
    // the text format (raw_sql: the simple protocol)
    let text_rows = c.ok(
        sqlx::raw_sql("SELECT id, id::text, refs FROM rust_orders")
            .fetch_all(&mut db)
            .await,
        "raw_sql",
    );
    for row in &text_rows {
        let id: ObjectId = c.ok(row.try_get(0), "text format");
        let hex: String = row.get(1);
        let refs: Option<Vec<ObjectId>> = c.ok(row.try_get(2), "text format array");
        c.check(id.to_hex() == hex && refs.is_none_or(|r| r[0] == id), || {
            format!("text format: {id} {hex}")
        });
    }
    c.check(text_rows.len() == rows.len(), || "raw_sql rows".into());

    // ORDER BY is Ord; objectid_timestamp as chrono and time types
    let mut all: Vec<ObjectId> = rows.iter().map(|o| o.id).collect();
    all.sort();
    let ordered = c.ok(
        sqlx::query("SELECT id, objectid_timestamp(id) AS t, objectid_timestamp(id) AS u FROM rust_orders ORDER BY id")
            .fetch_all(&mut db)
            .await,
        "ORDER BY",
    );
    for (row, want) in ordered.iter().zip(&all) {
        let (id, t, u): (ObjectId, DateTime<Utc>, time::OffsetDateTime) = (row.get(0), row.get(1), row.get(2));
        c.check(id == *want, || format!("ORDER BY: {id}, not {want}"));
        c.check(
            SystemTime::from(t) == id.system_time() && SystemTime::from(u) == id.system_time(),
            || format!("objectid_timestamp({id}) = {t}"),
        );
    }

    // lookups, by ObjectId (C route) or by hex (plain route)
    let some = [all[0], all[3], *all.last().unwrap(), ObjectId::new()];
    let n: i64 = if e.plain {
        let hex: Vec<String> = some.iter().map(|id| id.to_hex()).collect();
        c.ok(
            sqlx::query_scalar("SELECT count(*) FROM rust_orders WHERE id = ANY ($1)")
                .bind(hex)
                .fetch_one(&mut db)
                .await,
            "= ANY",
        )
    } else {
        let one: i64 = c.ok(
            sqlx::query_scalar("SELECT count(*) FROM rust_orders WHERE id = $1")
                .bind(all[1])
                .fetch_one(&mut db)
                .await,
            "=",
        );
        c.check(one == 1, || "= one".into());
        c.ok(
            sqlx::query_scalar("SELECT count(*) FROM rust_orders WHERE id = ANY ($1)")
                .bind(&some[..])
                .fetch_one(&mut db)
                .await,
            "= ANY",
        )
    };
    c.check(n == 3, || format!("= ANY: {n}"));

    if !e.plain {
        windows(&mut c, &mut db).await;
        macros(&mut c, &mut db).await;
        // a pool: each connection resolves the type on first use
        let pool = c.ok(
            sqlx::postgres::PgPoolOptions::new()
                .max_connections(3)
                .connect_with(e.sqlx_options(true))
                .await,
            "pool",
        );
        let ids: Vec<ObjectId> = c.ok(
            sqlx::query_scalar("SELECT unnest($1::objectid[])")
                .bind(&mine)
                .fetch_all(&pool)
                .await,
            "pool",
        );
        c.check(ids == mine, || "pool round trip".into());
        pool.close().await;
    }

    // uuid::Uuid is sqlx's own: the extension's uuidv7(), objectid_to_uuid()
    let u: uuid::Uuid = c.ok(
        sqlx::query_scalar("SELECT uuidv7()").fetch_one(&mut db).await,
        "uuidv7()",
    );
    c.check(u.get_version_num() == 7, || format!("uuidv7(): {u}"));
    let u: uuid::Uuid = c.ok(
        sqlx::query_scalar("SELECT objectid_to_uuid($1::text::objectid)")
            .bind(mine[2].to_hex())
            .fetch_one(&mut db)
            .await,
        "objectid_to_uuid()",
    );
    c.check(u == mine[2].to_uuid(), || format!("objectid_to_uuid({}): {u}", mine[2]));

    // bad values: a decode error, never an id
    let r: Result<ObjectId, _> = sqlx::query_scalar("SELECT 'abcdefghijkl'::text")
        .fetch_one(&mut db)
        .await;
    c.check(r.is_err(), || "12 bytes of text read as an id".into());
    let r: Result<ObjectId, _> = sqlx::query_scalar("SELECT 1").fetch_one(&mut db).await;
    c.check(r.is_err(), || "an int read as an id".into());
    let r: Result<ObjectId, _> = sqlx::query_scalar("SELECT $1::text::objectid")
        .bind("not an objectid")
        .fetch_one(&mut db)
        .await;
    let code = r
        .err()
        .and_then(|e| e.as_database_error().and_then(|d| d.code().map(|c| c.into_owned())));
    c.check(code.as_deref() == Some("22P02"), || {
        format!("a bad string as objectid: {code:?}")
    });
    c.ok(db.close().await, "close");

    // off the search_path: parameters do not resolve (on a connection
    // that has read no value of the type); results read (matched by name
    // in any schema)
    if e.schema != "public" && !e.plain {
        let mut db = c.ok(PgConnection::connect_with(&e.sqlx_options(false)).await, "connect");
        let r = sqlx::query(sqlx::AssertSqlSafe(format!("SELECT $1::{}", e.typ())))
            .bind(mine[0])
            .execute(&mut db)
            .await;
        c.check(matches!(r, Err(sqlx::Error::TypeNotFound { .. })), || {
            format!("bound off the search_path: {r:?}")
        });
        let q = format!("SELECT {}()", e.func("objectid"));
        let id: ObjectId = c.ok(
            sqlx::query_scalar(sqlx::AssertSqlSafe(q)).fetch_one(&mut db).await,
            "read off the search_path",
        );
        c.check(id.system_time() > SystemTime::now() - Duration::from_secs(3600), || {
            format!("{id}")
        });
    }
    c.done();
}

/// Windows on the id's time: ObjectIds from first_at_or_after() against
/// objectid_timestamp(); then which time types bind as timestamptz (the
/// same id) and which as timestamp (shifted by the session's TimeZone).
async fn windows(c: &mut Checks, db: &mut PgConnection) {
    c.ok(db.execute(sqlx::AssertSqlSafe(times_table("objectid"))).await, "times");
    let (t1, t2, a, b) = window();
    let by_id: Vec<ObjectId> = c.ok(
        sqlx::query_scalar("SELECT id FROM rust_times WHERE id >= $1 AND id < $2 ORDER BY id")
            .bind(a)
            .bind(b)
            .fetch_all(&mut *db)
            .await,
        "window",
    );
    let by_time: Vec<ObjectId> = c.ok(
        sqlx::query_scalar(
            "SELECT id FROM rust_times WHERE objectid_timestamp(id) >= $1 AND objectid_timestamp(id) < $2 ORDER BY id",
        )
        .bind(t1)
        .bind(t2)
        .fetch_all(&mut *db)
        .await,
        "window",
    );
    c.check(by_id == by_time && by_id.len() > 100, || {
        format!("window: {} ids by id, {} by time", by_id.len(), by_time.len())
    });

    c.ok(
        db.execute("SET TIME ZONE INTERVAL '+05:00' HOUR TO MINUTE").await,
        "SET TIME ZONE",
    );
    let want = ObjectId::from_timestamp(t1).unwrap();
    let shifted = ObjectId::from_timestamp(t1 - chrono::Duration::hours(5)).unwrap();
    let naive: NaiveDateTime = t1.naive_utc();
    let offset = time::OffsetDateTime::from(SystemTime::from(t1));
    let primitive = time::PrimitiveDateTime::new(offset.date(), offset.time());
    // one statement per type: sqlx caches a statement, with the types of
    // its first parameters, by its text
    let q = |ty: &str| {
        sqlx::AssertSqlSafe(format!(
            "SELECT objectid_from_timestamp($1), pg_typeof($1)::text -- {ty}"
        ))
    };
    let got: Vec<(ObjectId, String)> = vec![
        c.ok(
            sqlx::query_as(q("DateTime<Utc>")).bind(t1).fetch_one(&mut *db).await,
            "DateTime<Utc>",
        ),
        c.ok(
            sqlx::query_as(q("OffsetDateTime"))
                .bind(offset)
                .fetch_one(&mut *db)
                .await,
            "OffsetDateTime",
        ),
        c.ok(
            sqlx::query_as(q("NaiveDateTime")).bind(naive).fetch_one(&mut *db).await,
            "NaiveDateTime",
        ),
        c.ok(
            sqlx::query_as(q("PrimitiveDateTime"))
                .bind(primitive)
                .fetch_one(&mut *db)
                .await,
            "PrimitiveDateTime",
        ),
    ];
    let tz = "timestamp with time zone".to_string();
    let ts = "timestamp without time zone".to_string();
    let expect = vec![(want, tz.clone()), (want, tz), (shifted, ts.clone()), (shifted, ts)];
    c.check(got == expect, || format!("times bound: {got:?}, not {expect:?}"));
    c.ok(db.execute("RESET TIME ZONE").await, "RESET");
}

/// The compile-time checked macros, from the offline data in .sqlx (made
/// by running the tests with DATABASE_URL and SQLX_OFFLINE_DIR set).
async fn macros(c: &mut Checks, db: &mut PgConnection) {
    let id: ObjectId = c.ok(
        sqlx::query_scalar!(
            r#"INSERT INTO rust_orders (item) VALUES ($1) RETURNING id AS "id: ObjectId""#,
            "fig"
        )
        .fetch_one(&mut *db)
        .await,
        "query_scalar!",
    );
    let parent = ObjectId::new();
    c.ok(
        sqlx::query!(
            "UPDATE rust_orders SET parent = $1, refs = $2 WHERE id = $3",
            parent as ObjectId,
            &[parent, id] as &[ObjectId],
            id as ObjectId
        )
        .execute(&mut *db)
        .await,
        "query!",
    );
    let order = c.ok(
        sqlx::query_as!(
            Order,
            r#"SELECT id AS "id: ObjectId", parent AS "parent: ObjectId", refs AS "refs: Vec<ObjectId>", item
               FROM rust_orders WHERE id = $1"#,
            id as ObjectId
        )
        .fetch_one(&mut *db)
        .await,
        "query_as!",
    );
    let want = Order {
        id,
        parent: Some(parent),
        refs: Some(vec![parent, id]),
        item: "fig".into(),
    };
    c.check(order == want, || format!("query_as!: {order:?}"));
}
