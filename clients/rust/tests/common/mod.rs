//! What the tests against a live server share.
//!
//! The server: OBJECTID_TEST_DSN, a libpq connection string (`dbname=x`;
//! the PG* environment fills in what it leaves out, as libpq does); unset,
//! the tests that need a server return at once, saying so.
//! OBJECTID_TEST_SCHEMA names the schema objectid is installed in (default
//! public), OBJECTID_TEST_ROUTE how: `c` (the C extension, the default) or
//! `plain` (the portable edition's portable/objectid.sql, a domain over
//! text).  Each test prints `NAME (ROUTE, schema S): N checks passed`.
#![allow(dead_code)] // each test binary uses a part

use std::env::var;
use std::time::{SystemTime, UNIX_EPOCH};

use objectid_pg::ObjectId;

pub struct Env {
    pub dsn: String,
    pub schema: String,
    pub plain: bool,
}

impl Env {
    /// The server under test; None (and a line saying so) without one.
    pub fn get(test: &str) -> Option<Env> {
        let Ok(dsn) = var("OBJECTID_TEST_DSN") else {
            println!("{test}: OBJECTID_TEST_DSN is not set: no server to test against");
            return None;
        };
        let schema = var("OBJECTID_TEST_SCHEMA").unwrap_or_else(|_| "public".into());
        let route = var("OBJECTID_TEST_ROUTE").unwrap_or_else(|_| "c".into());
        assert!(
            route == "c" || route == "plain",
            "OBJECTID_TEST_ROUTE={route}: c or plain"
        );
        Some(Env {
            dsn,
            schema,
            plain: route == "plain",
        })
    }

    pub fn route(&self) -> &'static str {
        if self.plain { "plain" } else { "c" }
    }

    /// The type's name, qualified by its schema.
    pub fn typ(&self) -> String {
        format!("\"{}\".objectid", self.schema)
    }

    /// A function of the extension, qualified by its schema.
    pub fn func(&self, name: &str) -> String {
        format!("\"{}\".{name}", self.schema)
    }

    /// An objectid operator (`=`, `<`, ...), named so that the schema
    /// need not be on the search_path (the plain edition's are text's, in
    /// pg_catalog).
    pub fn op(&self, op: &str) -> String {
        if self.plain {
            op.into()
        } else {
            format!("OPERATOR(\"{}\".{op})", self.schema)
        }
    }

    pub fn eq(&self) -> String {
        self.op("=")
    }

    /// The search_path the ORMs' connections set: tables in public, the
    /// extension's schema after it.
    pub fn search_path(&self) -> String {
        if self.schema == "public" {
            "public".into()
        } else {
            format!("public,{}", self.schema)
        }
    }

    /// diesel's connection string (libpq reads the PG* environment); with
    /// `search_path`, the ORMs' search_path.
    pub fn diesel_url(&self, search_path: bool) -> String {
        if search_path {
            format!("{} options='-c search_path={}'", self.dsn, self.search_path())
        } else {
            self.dsn.clone()
        }
    }

    /// OBJECTID_TEST_DSN with the PG* environment filled in, for
    /// tokio-postgres (which reads no environment).
    pub fn tokio_config(&self) -> tokio_postgres::Config {
        let mut c: tokio_postgres::Config = self.dsn.parse().expect("OBJECTID_TEST_DSN");
        if c.get_hosts().is_empty() {
            let host = var("PGHOST").unwrap_or_else(|_| "localhost".into());
            if host.starts_with('/') {
                c.host_path(host);
            } else {
                c.host(&host);
            }
        }
        if c.get_ports().is_empty()
            && let Ok(port) = var("PGPORT")
        {
            c.port(port.parse().expect("PGPORT"));
        }
        if c.get_user().is_none() {
            c.user(var("PGUSER").or_else(|_| var("USER")).expect("PGUSER").as_str());
        }
        if c.get_password().is_none()
            && let Ok(password) = var("PGPASSWORD")
        {
            c.password(password);
        }
        c
    }

    pub fn postgres_client(&self) -> postgres::Client {
        postgres::Config::from(self.tokio_config())
            .connect(postgres::NoTls)
            .expect("connect")
    }
}

/// Checks counted, for the closing line.
pub struct Checks {
    name: String,
    n: usize,
}

impl Checks {
    pub fn new(name: &str, e: &Env) -> Checks {
        Checks {
            name: format!("{name} ({}, schema {})", e.route(), e.schema),
            n: 0,
        }
    }

    /// Fails the test with the message unless `ok`.
    #[track_caller]
    pub fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if !ok {
            panic!("{}: {}", self.name, what());
        }
        self.n += 1;
    }

    /// Fails the test with the error, or gives the value.
    #[track_caller]
    pub fn ok<T, E: std::fmt::Debug>(&mut self, r: Result<T, E>, what: &str) -> T {
        match r {
            Ok(v) => {
                self.n += 1;
                v
            }
            Err(err) => panic!("{}: {what}: {err:?}", self.name),
        }
    }

    pub fn done(self) {
        println!("{}: {} checks passed", self.name, self.n);
    }
}

/// SplitMix64: random enough for test values, seeded from the clock.
pub struct Rng(u64);

impl Rng {
    pub fn new() -> Rng {
        Rng(SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_nanos() as u64)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn bytes<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0; N];
        for chunk in out.chunks_mut(8) {
            let r = self.next().to_be_bytes();
            chunk.copy_from_slice(&r[..chunk.len()]);
        }
        out
    }
}

/// ObjectIds made by bson: 20 now, and at the edges of the unsigned 32-bit
/// second (a first byte >= 0x80 tells an unsigned order from a signed one),
/// all-zero and all-ones.
pub fn client_ids() -> Vec<ObjectId> {
    let mut rng = Rng::new();
    let mut ids: Vec<ObjectId> = (0..20).map(|_| bson::oid::ObjectId::new().into()).collect();
    for second in [0u32, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_fffe, 0xffff_ffff] {
        ids.push(bson::oid::ObjectId::from_parts(second, rng.bytes(), rng.bytes()).into());
    }
    ids.push(ObjectId::from_bytes([0; 12]));
    ids.push(ObjectId::from_bytes([0xff; 12]));
    ids
}

/// The seconds since 1970 of an instant at or after it.
pub fn unix(t: SystemTime) -> u64 {
    t.duration_since(UNIX_EPOCH).unwrap().as_secs()
}

impl Env {
    /// sqlx's options: the PG* environment (as sqlx reads it), then
    /// OBJECTID_TEST_DSN; with `search_path`, the ORMs' search_path.
    pub fn sqlx_options(&self, search_path: bool) -> sqlx::postgres::PgConnectOptions {
        let t = self.tokio_config();
        let mut o = sqlx::postgres::PgConnectOptions::new();
        match t.get_hosts().first() {
            Some(tokio_postgres::config::Host::Tcp(h)) => o = o.host(h),
            Some(tokio_postgres::config::Host::Unix(p)) => o = o.socket(p),
            None => {}
        }
        if let Some(port) = t.get_ports().first() {
            o = o.port(*port);
        }
        if let Some(user) = t.get_user() {
            o = o.username(user);
        }
        if let Some(password) = t.get_password() {
            o = o.password(std::str::from_utf8(password).unwrap());
        }
        if let Some(db) = t.get_dbname() {
            o = o.database(db);
        }
        if search_path {
            o = o.options([("search_path", self.search_path())]);
        }
        o
    }
}

/// The window checks' table: an id made every 7 minutes 13.5 seconds over
/// two days, by the generator `objectid` (a function's qualified name).
pub fn times_table(objectid: &str) -> String {
    format!(
        "CREATE TEMP TABLE rust_times AS SELECT {objectid}(t) id FROM generate_series(
           timestamptz '2024-06-01 00:00:00+00', '2024-06-03', '7 minutes 13.5 seconds') t"
    )
}

/// The window's ends, [t1, t2), and the ObjectIds that bound it.
pub fn window() -> (
    chrono::DateTime<chrono::Utc>,
    chrono::DateTime<chrono::Utc>,
    ObjectId,
    ObjectId,
) {
    let t1: chrono::DateTime<chrono::Utc> = "2024-06-01T10:20:30.25Z".parse().unwrap();
    let t2: chrono::DateTime<chrono::Utc> = "2024-06-02T03:04:05Z".parse().unwrap();
    let (a, b) = (
        ObjectId::first_at_or_after(t1).unwrap(),
        ObjectId::first_at_or_after(t2).unwrap(),
    );
    (t1, t2, a, b)
}
