//! The `diesel` feature against a live server (tests/common says which).
//!
//! With the extension's schema on the search_path (diesel looks the type
//! up by name): a `table!` with `Objectid`, `Nullable<Objectid>` and
//! `Nullable<Array<Objectid>>` columns and a struct deriving Queryable,
//! Selectable and Insertable with ObjectId fields: ObjectIds made by bson
//! inserted in one statement, one made by the server's DEFAULT objectid()
//! read back from RETURNING, rows loaded equal to the source, in ORDER BY
//! id as in Ord; find, eq_any, a nullable column compared with an
//! ObjectId, update by key; windows on the id's time, as ObjectIds from
//! ObjectId::first_at_or_after and through objectid_timestamp(), which
//! agree; chrono's and time's types bound as Timestamptz (the naive ones
//! taken as UTC, whatever the session's TimeZone).  A value that is not
//! 12 bytes, or text that is not 24 hex digits, is an error, never an id.
//! Off the search_path the type's lookup fails.  On the plain route (a
//! domain over text) the columns are declared `Text`, and the same works.

mod common;

use std::time::{Duration, SystemTime};

use common::{Checks, Env, client_ids, times_table, window};
use diesel::dsl::sql;
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{Text, Timestamptz};
use objectid_pg::ObjectId;
use objectid_pg::sql_types::Objectid;

diesel::table! {
    use diesel::sql_types::*;
    use objectid_pg::sql_types::Objectid;

    rust_orders (id) {
        id -> Objectid,
        parent -> Nullable<Objectid>,
        refs -> Nullable<Array<Objectid>>,
        item -> Text,
    }
}

diesel::table! {
    use objectid_pg::sql_types::Objectid;

    rust_times (id) {
        id -> Objectid,
    }
}

define_sql_function! { fn objectid_timestamp(id: Objectid) -> Timestamptz; }
define_sql_function! { fn objectid_from_timestamp(t: Timestamptz) -> Objectid; }

#[derive(Queryable, Selectable, Insertable, Debug, PartialEq, Clone)]
#[diesel(table_name = rust_orders)]
struct Order {
    id: ObjectId,
    parent: Option<ObjectId>,
    refs: Option<Vec<ObjectId>>,
    item: String,
}

#[derive(Insertable)]
#[diesel(table_name = rust_orders)]
struct NewOrder<'a> {
    item: &'a str,
}

/// The plain route: the server describes the domain's columns as text.
mod plain {
    use diesel::prelude::*;

    diesel::table! {
        rust_orders (id) {
            id -> Text,
            parent -> Nullable<Text>,
            refs -> Nullable<Array<Text>>,
            item -> Text,
        }
    }

    #[derive(Queryable, Selectable, Insertable, Debug, PartialEq, Clone)]
    #[diesel(table_name = rust_orders)]
    pub struct Order {
        pub id: objectid_pg::ObjectId,
        pub parent: Option<objectid_pg::ObjectId>,
        pub refs: Option<Vec<objectid_pg::ObjectId>>,
        pub item: String,
    }
}

const ORDERS: &str = "CREATE TEMP TABLE rust_orders (
    id objectid PRIMARY KEY DEFAULT objectid(),
    parent objectid,
    refs objectid[],
    item text NOT NULL)";

#[test]
fn diesel_postgres() {
    let Some(e) = Env::get("diesel") else { return };
    let mut c = Checks::new("diesel (objectid-pg, feature diesel)", &e);
    let mut db = c.ok(PgConnection::establish(&e.diesel_url(true)), "connect");
    c.ok(diesel::sql_query(ORDERS).execute(&mut db), "CREATE TABLE");

    let mine = client_ids();
    let orders: Vec<Order> = mine
        .iter()
        .enumerate()
        .map(|(n, id)| Order {
            id: *id,
            parent: (n % 2 == 0).then_some(mine[0]),
            refs: Some(vec![*id, mine[0]]),
            item: n.to_string(),
        })
        .collect();
    if e.plain {
        plain_route(&mut c, &mut db, orders);
        c.done();
        return;
    }
    let n = c.ok(
        diesel::insert_into(rust_orders::table).values(&orders).execute(&mut db),
        "INSERT",
    );
    c.check(n == orders.len(), || format!("inserted {n}"));
    // DEFAULT objectid(), RETURNING
    let made: ObjectId = c.ok(
        diesel::insert_into(rust_orders::table)
            .values(&NewOrder { item: "made" })
            .returning(rust_orders::id)
            .get_result(&mut db),
        "RETURNING",
    );
    c.check(
        made.system_time() > SystemTime::now() - Duration::from_secs(3600),
        || format!("RETURNING gave {made}"),
    );

    // ORDER BY id is Ord
    let loaded: Vec<Order> = c.ok(
        rust_orders::table
            .select(Order::as_select())
            .order(rust_orders::id)
            .load(&mut db),
        "load",
    );
    let mut want = orders.clone();
    want.push(Order {
        id: made,
        parent: None,
        refs: None,
        item: "made".into(),
    });
    want.sort_by_key(|o| o.id);
    c.check(loaded == want, || format!("loaded {loaded:?}"));
    // the server's text of each
    let texts: Vec<String> = c.ok(
        rust_orders::table
            .select(sql::<Text>("id::text"))
            .order(rust_orders::id)
            .load(&mut db),
        "text",
    );
    c.check(texts == want.iter().map(|o| o.id.to_hex()).collect::<Vec<_>>(), || {
        "the server's text".into()
    });

    // find, eq_any, a nullable column, update by key
    for o in &orders {
        let found: Order = c.ok(
            rust_orders::table.find(o.id).select(Order::as_select()).first(&mut db),
            "find",
        );
        c.check(found == *o, || format!("find {}", o.id));
    }
    let some = vec![mine[0], mine[3], made, ObjectId::new()];
    let n: i64 = c.ok(
        rust_orders::table
            .filter(rust_orders::id.eq_any(&some))
            .count()
            .get_result(&mut db),
        "eq_any",
    );
    c.check(n == 3, || format!("eq_any: {n}"));
    let n: i64 = c.ok(
        rust_orders::table
            .filter(rust_orders::parent.eq(mine[0]))
            .count()
            .get_result(&mut db),
        "nullable =",
    );
    c.check(n as usize == orders.len().div_ceil(2), || format!("parent = : {n}"));
    c.ok(
        diesel::update(rust_orders::table.find(made))
            .set(rust_orders::parent.eq(Some(mine[1])))
            .execute(&mut db),
        "update",
    );
    let parent: Option<ObjectId> = c.ok(
        rust_orders::table.find(made).select(rust_orders::parent).first(&mut db),
        "find",
    );
    c.check(parent == Some(mine[1]), || format!("updated parent {parent:?}"));

    // windows: ObjectIds from first_at_or_after against objectid_timestamp()
    c.ok(diesel::sql_query(times_table("objectid")).execute(&mut db), "times");
    let (t1, t2, a, b) = window();
    let by_id: Vec<ObjectId> = c.ok(
        rust_times::table
            .filter(rust_times::id.ge(a).and(rust_times::id.lt(b)))
            .select(rust_times::id)
            .order(rust_times::id)
            .load(&mut db),
        "window",
    );
    let ts = objectid_timestamp(rust_times::id);
    let by_time: Vec<ObjectId> = c.ok(
        rust_times::table
            .filter(ts.ge(t1).and(ts.lt(t2)))
            .select(rust_times::id)
            .order(rust_times::id)
            .load(&mut db),
        "window",
    );
    c.check(by_id == by_time && by_id.len() > 100, || {
        format!("window: {} by id, {} by time", by_id.len(), by_time.len())
    });

    // time types as Timestamptz: the naive ones taken as UTC, whatever the
    // session's TimeZone
    c.ok(
        diesel::sql_query("SET TIME ZONE INTERVAL '+05:00' HOUR TO MINUTE").execute(&mut db),
        "SET TIME ZONE",
    );
    let offset = time::OffsetDateTime::from(SystemTime::from(t1));
    let got: Vec<ObjectId> = vec![
        c.ok(
            diesel::select(objectid_from_timestamp(t1)).get_result(&mut db),
            "DateTime<Utc>",
        ),
        c.ok(
            diesel::select(objectid_from_timestamp(offset)).get_result(&mut db),
            "OffsetDateTime",
        ),
        c.ok(
            diesel::select(objectid_from_timestamp(t1.naive_utc())).get_result(&mut db),
            "NaiveDateTime",
        ),
        c.ok(
            diesel::select(objectid_from_timestamp(time::PrimitiveDateTime::new(
                offset.date(),
                offset.time(),
            )))
            .get_result(&mut db),
            "PrimitiveDateTime",
        ),
    ];
    let want = ObjectId::from_timestamp(t1).unwrap();
    c.check(got.iter().all(|id| *id == want), || {
        format!("times bound: {got:?}, not {want}")
    });

    // uuid::Uuid is diesel's own: the extension's uuidv7()
    let u: uuid::Uuid = c.ok(
        diesel::select(sql::<diesel::sql_types::Uuid>("uuidv7()")).get_result(&mut db),
        "uuidv7()",
    );
    c.check(u.get_version_num() == 7, || format!("uuidv7(): {u}"));

    // values the type cannot hold are errors, not ids
    let r: QueryResult<ObjectId> = diesel::select(sql::<Objectid>("decode('0102', 'hex')")).get_result(&mut db);
    c.check(r.is_err(), || format!("2 bytes read as {r:?}"));
    let r: QueryResult<ObjectId> = diesel::select(sql::<Text>("'abcdefghijkl'")).get_result(&mut db);
    c.check(r.is_err(), || format!("12 bytes of text read as {r:?}"));
    let r: QueryResult<ObjectId> = diesel::select(
        sql::<Objectid>("")
            .bind::<Text, _>("not an objectid")
            .sql("::text::objectid"),
    )
    .get_result(&mut db);
    let msg = r.as_ref().err().map(|e| e.to_string()).unwrap_or_default();
    c.check(msg.contains("invalid input syntax for type objectid"), || {
        format!("a bad string: {r:?}")
    });

    // off the search_path the type is not found
    if e.schema != "public" {
        let mut db = c.ok(PgConnection::establish(&e.diesel_url(false)), "connect");
        let r: QueryResult<ObjectId> = diesel::select(made.into_sql::<Objectid>()).get_result(&mut db);
        c.check(r.is_err(), || format!("bound off the search_path: {r:?}"));
    }
    c.done();
}

/// The plain route: the same with the columns declared `Text`.
fn plain_route(c: &mut Checks, db: &mut PgConnection, orders: Vec<Order>) {
    use plain::rust_orders as t;
    let orders: Vec<plain::Order> = orders
        .into_iter()
        .map(|o| plain::Order {
            id: o.id,
            parent: o.parent,
            refs: o.refs,
            item: o.item,
        })
        .collect();
    let n = c.ok(diesel::insert_into(t::table).values(&orders).execute(db), "INSERT");
    c.check(n == orders.len(), || format!("inserted {n}"));
    let made: ObjectId = c.ok(
        diesel::insert_into(t::table)
            .values(t::item.eq("made"))
            .returning(t::id)
            .get_result(db),
        "RETURNING",
    );
    c.check(
        made.system_time() > SystemTime::now() - Duration::from_secs(3600),
        || format!("RETURNING gave {made}"),
    );
    let loaded: Vec<plain::Order> = c.ok(
        t::table
            .select(plain::Order::as_select())
            .filter(t::item.ne("made"))
            .order(t::id)
            .load(db),
        "load",
    );
    let mut want = orders.clone();
    want.sort_by_key(|o| o.id);
    c.check(loaded == want, || format!("loaded {loaded:?}"));
    for o in &orders {
        let found: plain::Order = c.ok(t::table.find(o.id).select(plain::Order::as_select()).first(db), "find");
        c.check(found == *o, || format!("find {}", o.id));
    }
    let some = vec![orders[0].id, orders[3].id, made, ObjectId::new()];
    let n: i64 = c.ok(t::table.filter(t::id.eq_any(&some)).count().get_result(db), "eq_any");
    c.check(n == 3, || format!("eq_any: {n}"));
    c.ok(
        diesel::update(t::table.find(made))
            .set(t::parent.eq(Some(orders[1].id)))
            .execute(db),
        "update",
    );
    let n: i64 = c.ok(
        t::table.filter(t::parent.eq(orders[1].id)).count().get_result(db),
        "nullable =",
    );
    c.check(n == 1, || format!("parent = : {n}"));
    // a value that is not an ObjectId: refused by the domain
    let r = diesel::insert_into(t::table)
        .values((t::id.eq("not an objectid"), t::item.eq("x")))
        .execute(db);
    c.check(r.is_err(), || "a bad string stored".into());
}
