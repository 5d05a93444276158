--
-- generators: the generation rules (README, "Functions") within one session, for
-- the portable edition: the server's generator (the clock, the server's
-- counter objectid_portable_counter and value), and where the transaction
-- is read-only the session's (its state in objectid_portable.* settings, so
-- each of its rules is tested by setting that state)
--
\set SHOW_CONTEXT never
SET search_path = public, pg_catalog;
SET timezone = 'UTC';
-- strictly increasing within the session across 100k calls of each
-- generator (0 each)
SELECT count(*) FILTER (WHERE id <= prev) AS objectid_not_increasing
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev
      FROM (SELECT n, objectid() AS id FROM generate_series(1, 100000) n) s) t;
SELECT count(*) FILTER (WHERE u <= prev) AS uuidv7_not_increasing
FROM (SELECT u, lag(u) OVER (ORDER BY n) AS prev
      FROM (SELECT n, uuidv7() AS u FROM generate_series(1, 100000) n) s) t;
SELECT count(*) FILTER (WHERE u <= prev) AS uuidv6_not_increasing
FROM (SELECT u, lag(u) OVER (ORDER BY n) AS prev
      FROM (SELECT n, uuidv6() AS u FROM generate_series(1, 100000) n) s) t;
SELECT count(*) FILTER (WHERE u <= prev) AS uuidv8_not_increasing
FROM (SELECT u, lag(u) OVER (ORDER BY n) AS prev
      FROM (SELECT n, uuidv8() AS u FROM generate_series(1, 100000) n) s) t;

-- The server's value and counter.  gentest.lifetime(seed): the server's
-- value, a hash of its start, the last reset of its shared memory, the
-- database and the counter;
-- gentest.tail(id): the 64 bits after an objectid's second; gentest.low(u):
-- the 62 bits after a UUID's variant.  objectid()'s are the server's value
-- (38 bits) times 2^24 plus the counter's value it took (0 each); and so
-- are objectid(timestamptz)'s; uuidv6()'s clock sequence and node are the
-- server's value (60 bits) plus the counter; uuidv7()'s counter bits the
-- counter's low 30
CREATE SCHEMA gentest;
CREATE FUNCTION gentest.lifetime(seed int8) RETURNS int8 LANGUAGE sql
AS $$ SELECT hashfloat8extended(extract(epoch FROM pg_postmaster_start_time())::float8,
	hashfloat8extended(extract(epoch FROM pg_stat_get_bgwriter_stat_reset_time())::float8,
		hashtextextended(current_database()::text, hashoidextended('public.objectid_portable_counter'::regclass, seed)))) $$;
CREATE FUNCTION gentest.tail(id text) RETURNS int8 LANGUAGE sql
AS $$ SELECT ('x' || substr(id, 9))::bit(64)::int8 $$;
CREATE FUNCTION gentest.low(u uuid) RETURNS int8 LANGUAGE sql
AS $$ SELECT ('x' || substr(replace(u::text, '-', ''), 17))::bit(64)::int8 & 4611686018427387903 $$;
SELECT count(*) FILTER (WHERE gentest.tail(id) <> ((gentest.lifetime(1) & 274877906943) << 24) + n) AS "objectid()",
	count(*) FILTER (WHERE gentest.tail(ts) <> ((gentest.lifetime(1) & 274877906943) << 24) + n_ts) AS "objectid(timestamptz)",
	count(*) FILTER (WHERE gentest.low(v6) <> (gentest.lifetime(6) & 1152921504606846975) + n_v6) AS "uuidv6()",
	count(*) FILTER (WHERE ('x' || substr(replace(v7::text, '-', ''), 17, 8))::bit(32)::int8
		<> (n_v7 & 1073741823 | 2147483648)) AS "uuidv7()",
	count(DISTINCT substr(id, 9, 10)) AS process_values
FROM (SELECT objectid()::text AS id, currval('objectid_portable_counter') AS n,
		objectid(timestamptz '2020-01-01 00:00:00+00')::text AS ts, currval('objectid_portable_counter') AS n_ts,
		uuidv6() AS v6, currval('objectid_portable_counter') AS n_v6,
		uuidv7() AS v7, currval('objectid_portable_counter') AS n_v7
	  FROM generate_series(1, 1000)) s;
-- one counter for them all: a session alone takes consecutive values (0)
SELECT count(*) FILTER (WHERE c <> prev + 1) AS not_consecutive
FROM (SELECT c, lag(c) OVER (ORDER BY n) AS prev
	  FROM (SELECT n, CASE n % 4 WHEN 0 THEN gentest.tail(objectid()::text) & 16777215
				WHEN 1 THEN gentest.tail(objectid(now())::text) & 16777215
				WHEN 2 THEN gentest.low(uuidv6()) - (gentest.lifetime(6) & 1152921504606846975)
				ELSE ('x' || substr(replace(uuidv7()::text, '-', ''), 17, 8))::bit(32)::int8 & 1073741823 END AS c
			FROM generate_series(1, 1000) n) s) t;
-- a counter past 2^24 carries into the process value, which moves on by
-- one, the ids still in order (the owner of the counter, who installed the
-- edition, sets it forward; nobody else may); more ids than 2^24 of one
-- second, here with objectid(timestamptz), keep coming in order (t each)
SELECT setval('objectid_portable_counter', (currval('objectid_portable_counter') >> 24 << 24) + 16777213) IS NOT NULL AS set_forward;
SELECT count(*) FILTER (WHERE id <= prev) AS not_in_order,
	max(('x' || substr(id, 9, 10))::bit(40)::int8) - min(('x' || substr(id, 9, 10))::bit(40)::int8) AS process_value_moved,
	string_agg(substr(id, 19), ' ' ORDER BY n) AS counters
FROM (SELECT n, id, lag(id) OVER (ORDER BY n) AS prev
	  FROM (SELECT n, objectid(timestamptz '2020-01-01 00:00:00+00')::text AS id FROM generate_series(1, 4) n) s) t;

-- the ObjectId second is never behind the clock (t)
SELECT objectid_timestamp(objectid()) >= date_trunc('second', t0) AS not_behind
FROM (SELECT clock_timestamp() AS t0) s;

-- a rollback takes no generator back.  Each round keeps a value made in a
-- subtransaction that rolls back, then makes the next: it is above the kept
-- one (as every value is above all before it), though the state that made
-- the kept one was rolled back, in a transaction that may write and in a
-- read-only one (the session's generator); 0 each
CREATE TEMP TABLE made (g text, n int, v text COLLATE "C");
CREATE FUNCTION pg_temp.rounds(label text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	g text;
	v text;
BEGIN
	FOREACH g IN ARRAY ARRAY['objectid', 'uuidv7', 'uuidv6', 'uuidv8'] LOOP
		FOR i IN 1..2000 LOOP
			BEGIN
				EXECUTE format('SELECT %I()::text', g) INTO v;
				RAISE EXCEPTION 'roll back';
			EXCEPTION WHEN raise_exception THEN
				INSERT INTO made VALUES (g || label, 2 * i, v);
			END;
			EXECUTE format('SELECT %I()::text', g) INTO v;
			INSERT INTO made VALUES (g || label, 2 * i + 1, v);
		END LOOP;
	END LOOP;
END
$$;
SELECT pg_temp.rounds('');
BEGIN READ ONLY;
SELECT pg_temp.rounds(', read-only');
COMMIT;
SELECT g, count(*) AS made, count(*) FILTER (WHERE v <= prev) AS not_increasing
FROM (SELECT g, v, lag(v) OVER (PARTITION BY g ORDER BY n) AS prev FROM made) s
GROUP BY g ORDER BY g;
-- the same across a top-level ROLLBACK (t each)
BEGIN;
SELECT objectid() AS oid_rb, uuidv7() AS v7_rb, uuidv6() AS v6_rb, uuidv8() AS v8_rb \gset
ROLLBACK;
SELECT objectid() > :'oid_rb' AS objectid, uuidv7() > :'v7_rb' AS uuidv7,
	uuidv6() > :'v6_rb' AS uuidv6, uuidv8() > :'v8_rb' AS uuidv8;
-- and across DISCARD ALL (poolers send it), which clears every setting: the
-- server's value stays, and the values go on increasing; objectid(timestamptz)
-- carries the server's value too, and a counter of its own
SELECT objectid() AS oid_d, uuidv7() AS v7_d, uuidv6() AS v6_d, uuidv8() AS v8_d,
	objectid(timestamptz '2020-01-01 00:00:00+00') AS oid_ts_d \gset
DISCARD ALL;
SET search_path = public, pg_catalog;
SET timezone = 'UTC';
SELECT objectid() > :'oid_d' AS objectid,
	substr(objectid()::text, 9, 10) = substr(:'oid_d', 9, 10) AS same_process_value,
	uuidv7() > :'v7_d' AS uuidv7, uuidv6() > :'v6_d' AS uuidv6, uuidv8() > :'v8_d' AS uuidv8;
SELECT id <> :'oid_ts_d' AS timestamptz_new_id,
	substr(id, 9, 10) = substr(o, 9, 10) AND substr(id, 19) <> substr(o, 19) AS server_value_other_counter
FROM (SELECT objectid(timestamptz '2020-01-01 00:00:00+00')::text AS id, objectid()::text AS o) s;

-- objectid(timestamptz) never repeats an id a session made before DISCARD
-- ALL: 1,000 rounds of 200 ids of one second, DISCARD ALL before each (0
-- repeated), every one the server's value and a value of its counter taken
-- meanwhile (0 others).  (Version 1.2 found objectid()'s process value
-- again and drew only a new 23-bit counter start: two rounds shared ids
-- when their starts were less than 200 apart.)
SELECT currval('objectid_portable_counter') AS rounds_n0 \gset
CREATE TABLE timestamptz_rounds (round int, id text COLLATE "C");
\set ECHO none
SELECT 'DISCARD ALL', format('INSERT INTO public.timestamptz_rounds SELECT %s, '
	'public.objectid(pg_catalog.timestamptz ''2020-01-01 00:00:00+00'')::pg_catalog.text '
	'FROM pg_catalog.generate_series(1, 200)', r)
FROM generate_series(1, 1000) r \gexec
\set ECHO all
SET search_path = public, pg_catalog;
SET timezone = 'UTC';
SELECT count(*) AS ids, count(*) - count(DISTINCT id) AS repeated,
	count(*) FILTER (WHERE gentest.tail(id) - ((gentest.lifetime(1) & 274877906943) << 24)
		NOT BETWEEN :rounds_n0 + 1 AND :rounds_n0 + 200000) AS not_the_servers,
	count(*) FILTER (WHERE objectid_timestamp(id::objectid) <> '2020-01-01 00:00:00+00') AS other_second
FROM timestamptz_rounds;
DROP TABLE timestamptz_rounds;

-- parallel plans made cheap: count(uuidv4()) gets two workers, and the
-- generators that advance the server's counter or keep session state a
-- plan without any, where each makes 10,000 distinct values.  Neither
-- nextval nor set_config may run while workers run, in them or in the
-- leader: PARALLEL UNSAFE (version 1.2's PARALLEL RESTRICTED ran them in
-- the leader of a parallel plan: "cannot be set during a parallel
-- operation")
CREATE TABLE parallel_rows AS SELECT g FROM generate_series(1, 10000) g;
ANALYZE parallel_rows;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT count(uuidv4()) FROM parallel_rows WHERE g > 0;
EXPLAIN (COSTS OFF) SELECT count(uuidv7()) FROM parallel_rows WHERE g > 0;
SELECT count(DISTINCT objectid()) AS "objectid()",
	count(DISTINCT objectid(timestamptz '2020-01-01 00:00:00+00')) AS "objectid(timestamptz)",
	count(DISTINCT uuidv7()) AS "uuidv7()", count(DISTINCT uuidv7(interval '1 day')) AS "uuidv7(interval)",
	count(DISTINCT uuidv6()) AS "uuidv6()", count(DISTINCT uuidv8()) AS "uuidv8()"
FROM parallel_rows WHERE g > 0;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
DROP TABLE parallel_rows;

-- The server's generator reads no setting: every objectid_portable.*
-- setting a session can write, set to a second in 2100, a process value, a
-- counter ahead, a v6 node and v7 and v8 instants ahead, in the session
-- generator's forms and in 1.3's before, changes nothing: the clock's
-- second or instant, the server's value and its counter (t each)
SELECT set_config('objectid_portable.objectid', '7 4102444800 5', false) IS NOT NULL AS objectid_set,
	set_config('objectid_portable.objectid_timestamptz', '3 99999999999999999', false) IS NOT NULL AS timestamptz_set,
	set_config('objectid_portable.uuidv7', '7258118400000000000', false) IS NOT NULL AS uuidv7_set,
	set_config('objectid_portable.uuidv6', '5 0123456789ab 1152921504606846000 1152921504606846000', false) IS NOT NULL AS uuidv6_set;
SELECT objectid_timestamp(id::objectid) BETWEEN date_trunc('second', t0) AND clock_timestamp() AS clocks_second,
	gentest.tail(id) = ((gentest.lifetime(1) & 274877906943) << 24) + n AS servers_value_and_counter,
	uuid_timestamp(v7) BETWEEN date_trunc('milliseconds', t0) AND clock_timestamp() AS uuidv7_clocks_instant,
	uuid_timestamp(v6) BETWEEN date_trunc('milliseconds', t0) AND clock_timestamp() AS uuidv6_clocks_instant,
	gentest.low(v6) = (gentest.lifetime(6) & 1152921504606846975) + n_v6 AS uuidv6_servers
FROM (SELECT clock_timestamp() AS t0, objectid()::text AS id, currval('objectid_portable_counter') AS n,
		uuidv7() AS v7, uuidv6() AS v6, currval('objectid_portable_counter') AS n_v6) s;
SELECT set_config('objectid_portable.objectid', 'aaaaaaaaaa 4102444800 8388605', false) IS NOT NULL AS objectid_set;
SELECT objectid_timestamp(id::objectid) BETWEEN date_trunc('second', t0) AND clock_timestamp() AS clocks_second,
	gentest.tail(id) = ((gentest.lifetime(1) & 274877906943) << 24) + n AS servers_value_and_counter
FROM (SELECT clock_timestamp() AS t0, objectid()::text AS id, currval('objectid_portable_counter') AS n) s;

-- The session's generator, where the transaction is read-only (here by
-- default_transaction_read_only): objectid_generator() says so, and its
-- values never meet the server's (the top bit of the process value and of
-- the v6 clock sequence set, clear in the server's; t each)
SET default_transaction_read_only = on;
SELECT objectid_generator() AS read_only_generator;
SELECT substr(objectid()::text, 9, 1) >= '8' AS objectid_top_bit,
	substr(objectid(timestamptz '2020-01-01 00:00:00+00')::text, 9, 1) >= '8' AS timestamptz_top_bit,
	substr(uuidv6()::text, 20, 1) IN ('a', 'b') AS uuidv6_top_bit;
SET default_transaction_read_only = off;
SELECT objectid_generator() AS generator,
	substr(objectid()::text, 9, 1) < '8' AS objectid_top_bit,
	substr(uuidv6()::text, 20, 1) IN ('8', '9') AS uuidv6_top_bit;

-- The session's state is the session's to set, and is no boundary: the
-- session's generator reads it only where it is what it would have
-- written, and never takes a process value or a node from it, nor carries
-- a time ahead of the clock.  pg_temp.session(): what tells this session
-- from every other (the server's start, the backend's process ID and its
-- start, which no other role may read); pg_temp.pv(k): objectid()'s k-th
-- process value in this session; pg_temp.pv_ts(k, w):
-- objectid(timestamptz)'s for k and the window w of 2^21 microseconds;
-- pg_temp.node(): uuidv6()'s node.
CREATE FUNCTION pg_temp.session() RETURNS text LANGUAGE sql
AS $$ SELECT concat_ws(' ', extract(epoch FROM pg_postmaster_start_time()), pg_backend_pid(),
	(SELECT extract(epoch FROM backend_start) FROM pg_stat_activity WHERE pid = pg_backend_pid())) $$;
CREATE FUNCTION pg_temp.top(h bytea) RETURNS text LANGUAGE sql
AS $$ SELECT encode(set_byte(h, 0, get_byte(h, 0) | 128), 'hex') $$;
CREATE FUNCTION pg_temp.pv(k int) RETURNS text LANGUAGE sql
AS $$ SELECT pg_temp.top(substr(sha256(convert_to(concat_ws(' ', 'objectid', pg_temp.session(), nullif(k, 0)),
	'UTF8')), 1, 5)) $$;
CREATE FUNCTION pg_temp.pv_ts(k int, w int8) RETURNS text LANGUAGE sql
AS $$ SELECT pg_temp.top(substr(sha256(convert_to(concat_ws(' ', 'objectid(timestamptz)', pg_temp.session(),
	nullif(k, 0), w), 'UTF8')), 1, 5)) $$;
CREATE FUNCTION pg_temp.node() RETURNS text LANGUAGE sql
AS $$ SELECT encode(set_byte(n, 0, get_byte(n, 0) | 1), 'hex')
	FROM substr(sha256(convert_to(concat_ws(' ', 'uuidv6', pg_temp.session()), 'UTF8')), 1, 6) n $$;
CREATE FUNCTION pg_temp.us(t timestamptz) RETURNS int8 LANGUAGE sql
AS $$ SELECT (extract(epoch FROM t) * 1000000)::int8 $$;
CREATE TEMP TABLE states (state text, k int, t0 timestamptz, id text, t1 timestamptz);
CREATE TEMP TABLE ts_states (state text, k int, t0 timestamptz, id text, t1 timestamptz);
CREATE TEMP TABLE rules (rule text, holds boolean);
SET default_transaction_read_only = on;

-- objectid(): state 'k second counter' of the last id.  Within a second the
-- counter continues after the last id's (a lead of less than a millisecond
-- over the clock's); a counter at 0x7fffff, a second ahead of the clock's
-- (2100 here), a counter a millisecond ahead, take the next process value
-- (k + 1, 255 wraps to 0) with the clock's second and counter; a state of
-- another form (version 1.3 before: process value, second, counter) is
-- not read.  (t each)
INSERT INTO states (state, k) VALUES ('0 4102444800 5', 1), ('7 4102444800 5', 8), ('255 4102444800 5', 0),
	('aaaaaaaaaa 4102444800 8388605', 0), ('0 4294967295 8388606', 1);
UPDATE states SET t0 = clock_timestamp(),
	id = (SELECT set_config('objectid_portable.objectid', state, false) || objectid()::text),
	t1 = clock_timestamp();
SELECT state, objectid_timestamp(substr(id, length(state) + 1)::objectid)
		BETWEEN date_trunc('second', t0) AND t1 AS clocks_second,
	substr(id, length(state) + 9, 10) = pg_temp.pv(k) AS process_value
FROM states ORDER BY state;
-- objectid(timestamptz): state 'k n', n the last id's clock microseconds
-- times 8.  Its process value and counter come from the clock: a state a
-- millisecond or more ahead (8,000) takes the next k, one of another form
-- (1.3 before: process value, counter) is not read (t each)
INSERT INTO ts_states (state, k) VALUES ('0 99999999999999999', 1), ('9 99999999999999999', 10),
	('bbbbbbbbbb 16777214', 0);
UPDATE ts_states SET t0 = clock_timestamp(),
	id = (SELECT set_config('objectid_portable.objectid_timestamptz', state, false)
		  || objectid(timestamptz '2020-01-01 00:00:00+00')::text),
	t1 = clock_timestamp();
SELECT state, substr(id, length(state) + 1, 8) = '5e0be100' AS the_seconds,
	EXISTS (SELECT FROM generate_series(pg_temp.us(t0) * 8 >> 24, pg_temp.us(t1) * 8 >> 24) w
			WHERE pg_temp.pv_ts(k, w) = substr(id, length(state) + 9, 10)
			  AND (w << 24 | ('x' || substr(id, length(state) + 19, 6))::bit(24)::int8)
				  BETWEEN pg_temp.us(t0) * 8 AND pg_temp.us(t1) * 8 + 8) AS from_the_clock
FROM ts_states ORDER BY state;

-- uuidv7: a state a millisecond or more ahead of the clock, as one in 2100
-- is, is not read: the clock's instant (t each)
SELECT set_config('objectid_portable.uuidv7', '4102444800000000000', false) IS NOT NULL AS state_set;
SELECT uuid_extract_timestamp(uuidv7()) BETWEEN date_trunc('milliseconds', t0) AND clock_timestamp() AS clocks_instant,
	uuid_extract_timestamp(uuidv7(interval '1 day')) - interval '1 day' BETWEEN date_trunc('milliseconds', t0) AND clock_timestamp()
		AS clocks_instant_shifted
FROM (SELECT clock_timestamp() AS t0) s;

-- uuidv6: state 'clock sequence, node, last timestamp, last clock reading';
-- the node is never read from it, nor the clock sequence's top bit.  A
-- last timestamp a millisecond or more ahead of the clock bumps the clock
-- sequence and takes the clock's (t each)
SELECT set_config('objectid_portable.uuidv6', '5 0123456789ab 1152921504606846975 1152921504606846975', false) IS NOT NULL AS state_set;
SELECT substr(u::text, 20, 4) = 'a006' AS sequence_bumped, substr(u::text, 25) = pg_temp.node() AS own_node,
	uuidv6_extract_timestamp(u) BETWEEN date_trunc('milliseconds', t0) AND clock_timestamp() AS clocks_instant
FROM (SELECT clock_timestamp() AS t0, uuidv6() AS u) s;

-- uuidv8 (always the session's generator): a tick a millisecond or more
-- ahead of the clock (2100) is not read (t each)
SELECT set_config('objectid_portable.uuidv8', '410244480000000000 254', false) IS NOT NULL AS state_set;
SELECT uuidv8_extract_timestamp(uuidv8()) BETWEEN date_trunc('milliseconds', t0) AND clock_timestamp() AS clocks_instant
FROM (SELECT clock_timestamp() AS t0) s;

-- The session generator's rules within a millisecond of the clock, each
-- tried until the clock, read after the call, shows that the call read it
-- where the rule holds (at most 1,000 tries; t each):
-- - objectid(), a state 4,000 (half a millisecond) ahead of the clock's
--   counter: the counter one above the state's; 16,000 ahead (8,389 is a
--   millisecond): the next process value, the clock's counter; the last
--   counter of the second: the next process value, the clock's counter;
-- - uuidv7(), a state half a millisecond ahead: one 245 ns step above it
--   (the fraction counts on from the state's);
-- - uuidv6(), a last reading half a millisecond ahead, the clock gone back
--   for it: the clock sequence bumped (RFC 9562), the timestamp one tick
--   above the last;
-- - uuidv8(), a tick half a millisecond ahead with sequence 254: 255, then
--   the next tick with 0.
DO $$
DECLARE
	t0 timestamptz;
	t1 timestamptz;
	s int8;
	c int8;
	st int8;
	id text;
	u uuid;
	u2 uuid;
	lead int8;
BEGIN
	FOREACH lead IN ARRAY '{4000,16000,-1}'::int8[] LOOP
		FOR i IN 1..1000 LOOP
			t0 := clock_timestamp();
			s := pg_temp.us(t0) / 1000000;
			c := pg_temp.us(t0) % 1000000 * 8388608 / 1000000;
			CONTINUE WHEN c + lead > 8388606;
			PERFORM set_config('objectid_portable.objectid',
				concat_ws(' ', 0, s, CASE lead WHEN -1 THEN 8388607 ELSE c + lead END), false);
			id := objectid();
			t1 := clock_timestamp();
			CONTINUE WHEN pg_temp.us(t1) / 1000000 <> s;
			IF lead = 4000 THEN
				CONTINUE WHEN pg_temp.us(t1) % 1000000 * 8388608 / 1000000 > c + lead;
				INSERT INTO rules VALUES ('objectid() 4000 ahead: the next counter',
					id = lpad(to_hex(s), 8, '0') || pg_temp.pv(0) || lpad(to_hex(c + lead + 1), 6, '0'));
			ELSE
				CONTINUE WHEN lead = 16000 AND pg_temp.us(t1) % 1000000 * 8388608 / 1000000 + 8389 > c + lead;
				INSERT INTO rules VALUES (CASE lead WHEN -1 THEN 'objectid() at 0x7fffff' ELSE 'objectid() 16000 ahead' END
					|| ': the next process value, the clock''s counter',
					substr(id, 1, 18) = lpad(to_hex(s), 8, '0') || pg_temp.pv(1)
					AND ('x' || substr(id, 19))::bit(24)::int8
						BETWEEN c AND pg_temp.us(t1) % 1000000 * 8388608 / 1000000);
			END IF;
			EXIT;
		END LOOP;
	END LOOP;
	FOR i IN 1..1000 LOOP
		st := pg_temp.us(clock_timestamp()) * 1000 + 500000;
		PERFORM set_config('objectid_portable.uuidv7', st::text, false);
		u := uuidv7();
		CONTINUE WHEN pg_temp.us(clock_timestamp()) * 1000 > st + 245;
		INSERT INTO rules VALUES ('uuidv7() half a millisecond ahead: one step above',
			substr(u::text, 1, 18) = substr(uuidv7_at(to_timestamp(0) + (st + 245) / 1000 * interval '1 microsecond')::text, 1, 14)
				|| to_hex(28672 | (((st + 245) % 1000000) << 12) / 1000000));
		EXIT;
	END LOOP;
	FOR i IN 1..1000 LOOP
		st := pg_temp.us(clock_timestamp()) * 10 + 122192928000000000 + 5000;
		PERFORM set_config('objectid_portable.uuidv6', concat_ws(' ', 5, '0123456789ab', st, st), false);
		u := uuidv6();
		CONTINUE WHEN pg_temp.us(clock_timestamp()) * 10 + 122192928000000000 > st;
		INSERT INTO rules VALUES ('uuidv6() half a millisecond ahead: sequence bumped, one tick above',
			substr(u::text, 20) = 'a006-' || pg_temp.node()
			AND uuidv6_extract_timestamp(u) = to_timestamp(0) + (st + 1 - 122192928000000000) / 10 * interval '1 microsecond');
		EXIT;
	END LOOP;
	FOR i IN 1..1000 LOOP
		st := pg_temp.us(clock_timestamp()) * 100 + 50000;
		PERFORM set_config('objectid_portable.uuidv8', st || ' 254', false);
		u := uuidv8();
		u2 := uuidv8();
		CONTINUE WHEN pg_temp.us(clock_timestamp()) * 100 > st;
		INSERT INTO rules VALUES ('uuidv8() half a millisecond ahead: 255, then the next tick with 0',
			substr(u::text, 20, 2) = 'bf' AND substr(u2::text, 20, 2) = '80'
			AND ('x' || substr(replace(u::text, '-', ''), 1, 12) || substr(replace(u::text, '-', ''), 14, 3))::bit(60)::int8 = st
			AND ('x' || substr(replace(u2::text, '-', ''), 1, 12) || substr(replace(u2::text, '-', ''), 14, 3))::bit(60)::int8 = st + 1);
		EXIT;
	END LOOP;
END
$$;
SET default_transaction_read_only = off;
SELECT rule, holds FROM rules ORDER BY rule;

-- markings: the generators that advance the counter or keep session state
-- are PARALLEL UNSAFE (above), the rest as the C extension; every function
-- costs 100, PostgreSQL's default for a function not in C
-- (portable/README.md, item 15)
SELECT p.oid::regprocedure AS function, provolatile, proisstrict, proparallel, procost
FROM pg_proc p
WHERE pronamespace = 'public'::regnamespace
ORDER BY p.proname, p.oid::regprocedure::text;
-- every function runs with a pinned search_path, but for the five one-line
-- SQL functions that name every object with its schema and those whose
-- body is standard SQL (RETURN ..., its names bound when it was created),
-- so that they are inlined (hostile.sql plants objects for all three kinds)
SELECT p.oid::regprocedure FROM pg_proc p
WHERE pronamespace = 'public'::regnamespace AND prokind = 'f'
  AND (proconfig IS NULL OR NOT proconfig @> '{"search_path=pg_catalog, pg_temp"}')
ORDER BY 1;
DROP FUNCTION gentest.lifetime(int8), gentest.tail(text), gentest.low(uuid);
DROP SCHEMA gentest;
