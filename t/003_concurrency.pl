
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# Concurrent inserts of generated keys, then proof that nothing was
# duplicated, lost or out of order, and that objectid() has the generator
# the README promises: the server's (one process value and one counter for
# every session and parallel worker, so that all sessions' ids are in one
# order) on 17+ as installed and on 15 and 16 with the library preloaded;
# the session's (each process its own value) elsewhere and where a session
# sets objectid.generator = 'session'.  On a cluster as installed, and on
# one with shared_preload_libraries = 'objectid' (every backend and
# parallel worker forked with the library's memory in place).
#
# For every generator of test/generators that the extension has, pgbench's
# CLIENTS sessions (default 8) insert ROWS rows (default 100000 * SCALE),
# BATCH (default 10) a statement, with `DEFAULT generator()` into a table
# with a unique index on the key; each row records pg_backend_pid() and an
# identity `seq` (nextval per row: the order every backend inserted in).
# Then:
# - pgbench reports no error; every table holds ROWS distinct keys;
# - per backend, ordered by seq, every generator's keys strictly increase;
# - bt_index_check(heapallindexed => true) passes on every btree;
# - objectid_generator() names the generator objectid() uses, as above;
# - the session's generator: one ObjectId process value (bytes 4-8) per
#   backend, shared by no two, and a parallel query's workers each their
#   own, shared with no backend;
# - the server's: its value in every backend and parallel worker; and then:
#   - 32 sessions (SESSIONS) insert 100,000 (IDS * SCALE) DEFAULT objectid()
#     keys each at once: no duplicate, bt_index_check clean;
#   - two sessions take turns (ALTERNATIONS, default 2000 each): each id
#     greater than the other session's before it;
#   - the primary key that 8 sessions fill at once, 1,000 rows a statement
#     (DENSITY_ROWS, default 200,000 * SCALE), is at most 1.1 times the one
#     a single session makes of as many rows, and more than 1.2 times with
#     objectid.generator = 'session' (the case the server's generator exists
#     for, showing the check can fail);
#   - objectid.generator = 'session' (PGOPTIONS) gives pgbench's sessions a
#     value each again;
#   - the second an id carries is never ahead of the clock read right after
#     it: 2^24 + 1,000 ids in one statement (also in order), 8 sessions
#     making as many at once (none repeated), the counter spent within a
#     second 300 times (through a hook for tests in test/run's builds, which
#     the test declares: no install script does, and which refuses a step
#     outside 1 to 2^24 and a session without the server's generator; the
#     value moves on each time and never comes back), the clock stepped
#     back an hour and forward again (libfaketime under the server; a
#     session opened before the step too), and 3 times under 8 sessions
#     making ids (the value moves once a step back);
#   - objectid(timestamptz): 2^25 ids for one instant from one session, each
#     greater than the one before;
#   - CREATE and ALTER EXTENSION warn where objectid() cannot use the
#     server's generator (15 and 16 without the preload), unless the session
#     chose the session's; there SHOW objectid.generator, current_setting()
#     and pg_settings say server as set, objectid_generator() session;
#   - a restart, a crash of the whole server (pg_ctl stop -m immediate) and
#     the crash of one backend (SIGKILL: the postmaster makes shared memory
#     anew) each draw a new server value, none seen before.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(usleep);
use ObjectidTest;

my $clients = $ENV{CLIENTS} // 8;
my $batch = $ENV{BATCH} // 10;
my $rows = $ENV{ROWS} // 100000 * scale();
my $per_client = int(($rows + $clients * $batch - 1) / ($clients * $batch));
$rows = $per_client * $clients * $batch;
my $sessions = $ENV{SESSIONS} // 32;
my $ids = $ENV{IDS} // 100000 * scale();
my $alternations = $ENV{ALTERNATIONS} // 2000;
my $density_rows = $ENV{DENSITY_ROWS} // 200000 * scale();
my $db = 'objectid_concurrency';

# the process value (bytes 4-8, hex) of the objectid() a new session makes
sub server_value
{
	my ($node) = @_;
	return $node->safe_psql($db,
		"SELECT encode(substr(objectid()::bytea, 5, 5), 'hex')");
}

# a statement file in the node's directory
sub script
{
	my ($node, $name, $text) = @_;
	my $file = $node->basedir . "/$name.sql";
	append_to_file($file, $text);
	return $file;
}

for my $preload ('', 'objectid')
{
	# (the test modules turn restart_after_crash off; the crash of a
	# backend below needs the postmaster to carry on)
	my $node = objectid_node($preload ? 'preload' : 'plain',
		conf => 'restart_after_crash = on');
	if ($preload)
	{
		$node->append_conf('postgresql.conf',
			"shared_preload_libraries = '$preload'");
		$node->restart;
	}
	my $on = "shared_preload_libraries='" . $node->safe_psql('postgres', 'SHOW shared_preload_libraries') . "'";
	note 'server: ' . $node->safe_psql('postgres', 'SHOW server_version') . ", $on";
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	my $server = major_version() >= 17 || $preload;
	my (undef, undef, $err) = $node->psql($db,
		'CREATE EXTENSION objectid; CREATE EXTENSION amcheck', on_error_die => 1);
	my $warning = qr/WARNING:  objectid\(\) uses a generator per session on this server\n.*HINT:  Add objectid to shared_preload_libraries/s;
	is($err =~ $warning ? 'warned' : 'quiet', $server ? 'quiet' : 'warned',
		"$on: CREATE EXTENSION warns exactly where objectid() cannot use the server's generator");
	my $generator = $node->safe_psql($db, 'SELECT objectid_generator()');
	is($generator, $server ? 'server' : 'session',
		"$on: objectid() uses the generator the README says");
	# SHOW reads the setting, as set (the default here), and
	# objectid_generator() the generator in use (SHOW needs the library
	# loaded in the session: the first call does)
	is($node->safe_psql($db, 'SELECT objectid_generator(); SHOW objectid.generator'),
		"$generator\nserver", "$on: SHOW objectid.generator reads the setting, objectid_generator() the generator");
	# a connection's first statement: a window through the id's second is
	# planned on the key, on a table and on a table partitioned by the key
	# (pruned when the executor starts: the last week's partition, empty,
	# is left), whether the library is preloaded
	# or not (its planner support function loads it before the tables are
	# looked at); and with it preloaded, SHOW answers as a first statement
	$node->safe_psql($db, q{
		CREATE TABLE first_stmt (id objectid PRIMARY KEY);
		INSERT INTO first_stmt
			SELECT objectid(timestamptz '2024-01-01+00' + g * interval '10 s')
			FROM generate_series(1, 20000) g;
		CREATE TABLE first_part (id objectid) PARTITION BY RANGE (id);
		CREATE TABLE first_part_old PARTITION OF first_part
			FOR VALUES FROM (MINVALUE) TO ('2025-01-01+00'::timestamptz::objectid);
		CREATE TABLE first_part_new PARTITION OF first_part
			FOR VALUES FROM ('2025-01-01+00'::timestamptz::objectid) TO (MAXVALUE);
		INSERT INTO first_part SELECT id FROM first_stmt;
		CREATE INDEX ON first_part (id);
		ANALYZE first_stmt, first_part;
	});
	like(
		$node->safe_psql($db,
			q{EXPLAIN (COSTS OFF) SELECT * FROM first_stmt WHERE id::timestamptz >= now() - interval '1 hour'}),
		qr/Index Only Scan using first_stmt_pkey on first_stmt\n\s+Index Cond: \(id >= objectid_first_at_or_after\(/,
		"$on: a connection's first statement reads a window through the key's index");
	like(
		$node->safe_psql($db,
			q{EXPLAIN (COSTS OFF) SELECT count(*) FROM first_part WHERE id::timestamptz >= current_date - 7}),
		qr/Subplans Removed: 1\n.*on first_part_new first_part_1\n\s+(Index Cond|Filter): \(id >= objectid_first_at_or_after\(/,
		"$on: a connection's first statement reads one partition, the key's window");
	is($node->safe_psql($db, 'SHOW objectid.generator'), 'server',
		"$on: SHOW objectid.generator as a connection's first statement")
	  if $preload;

	if (!$server)
	{
		# ALTER EXTENSION UPDATE warns too; a session that chose the
		# session's generator is not warned
		$node->safe_psql('postgres', 'CREATE DATABASE warned; CREATE DATABASE chosen');
		(undef, undef, $err) = $node->psql('warned',
			"CREATE EXTENSION objectid VERSION '1.2'; ALTER EXTENSION objectid UPDATE",
			on_error_die => 1);
		like($err, $warning, "$on: ALTER EXTENSION UPDATE warns");
		(undef, undef, $err) = $node->psql('chosen',
			'SET objectid.generator = session; CREATE EXTENSION objectid', on_error_die => 1);
		is($err, '', "$on: a session that chose the session's generator is not warned");
		# the setting asks for the server's generator, which this server
		# does not have: SHOW, current_setting() and pg_settings read the
		# setting, objectid_generator() the generator objectid() uses
		is( $node->safe_psql('chosen', q{
				SET objectid.generator = server;
				SELECT objectid_generator();
				SHOW objectid.generator;
				SELECT current_setting('objectid.generator'), setting
				  FROM pg_settings WHERE name = 'objectid.generator'}),
			"session\nserver\nserver|server",
			"$on: SHOW, current_setting() and pg_settings say server as set, objectid_generator() session");
	}

	my @gens = present_generators($node, $db);
	ok(@gens > 0, "$on: a generator of test/generators is installed");

	# one table and one pgbench statement per generator
	my $script = '';
	my @tables;
	for my $g (@gens)
	{
		my ($fn, $type) = @$g;
		my $t = 'conc_' . ($fn =~ s/.*\.//r);
		push @tables, $t;
		$node->safe_psql(
			$db, qq{
			CREATE TABLE $t (
				seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
				pid int NOT NULL DEFAULT pg_backend_pid(),
				id $type NOT NULL DEFAULT $fn() UNIQUE);
			CREATE INDEX ON $t (pid, seq)});
		$script .= "INSERT INTO $t SELECT FROM generate_series(1, $batch);\n";
	}
	note 'generators: '
	  . join(', ', map { "@$_" } @gens)
	  . "; $clients clients x $per_client transactions x $batch rows = $rows rows per generator";
	my $out = pgbench_run($node, $db, 'insert', $script, $clients, $per_client);
	note join("\n", grep { /^(tps|number of failed)/ } split /\n/, $out);

	for my $t (@tables)
	{
		# rows, distinct keys, backends, keys not above their predecessor
		is( $node->safe_psql(
				$db, qq{
			SELECT count(*), count(DISTINCT id), count(DISTINCT pid),
			       count(*) FILTER (WHERE prev >= id)
			  FROM (SELECT id, pid,
			               lag(id) OVER (PARTITION BY pid ORDER BY seq) AS prev
			          FROM $t) s}),
			"$rows|$rows|$clients|0",
			"$on: $t has $rows rows, all distinct, from $clients backends, strictly increasing per backend"
		);
	}

	note 'amcheck: bt_index_check(heapallindexed) clean on ' . amcheck_btrees($node, $db) . ' btree indexes';

	if ($node->safe_psql($db,
			"SELECT 1 FROM pg_class WHERE relname = 'conc_objectid'") eq '')
	{
		$node->stop;
		next;
	}

	# the session's generator: one process value per backend, none shared
	# between backends; the server's: one value for all
	my $values = q{
		WITH v AS (SELECT DISTINCT pid, substr(id::bytea, 5, 5) AS pv
		             FROM TABLE)
		SELECT (SELECT count(DISTINCT pv) FROM v),
		       (SELECT count(*) FROM (SELECT pv FROM v GROUP BY pv
		                               HAVING count(*) > 1) s),
		       (SELECT count(*) FROM (SELECT pid FROM v GROUP BY pid
		                               HAVING count(*) > 1) s)};
	is( $node->safe_psql($db, $values =~ s/TABLE/conc_objectid/r),
		$server ? "1|1|0" : "$clients|0|0",
		$server
		? "$on: the server's value in every backend"
		: "$on: one ObjectId process value per backend, none shared by two");

	# Parallel workers: the leader takes no rows, so every id is a worker's.
	# pg_backend_pid() is parallel restricted; a PARALLEL SAFE alias of the
	# same builtin tells which worker computed each row.  On a loaded
	# machine one worker may take every row before the others start: the
	# query is run again then, up to 5 times.
	$node->safe_psql(
		$db, q{
		CREATE FUNCTION worker_pid() RETURNS int
		LANGUAGE internal VOLATILE PARALLEL SAFE AS 'pg_backend_pid';
		CREATE TABLE par_leader AS SELECT pg_backend_pid() AS pid, objectid() AS id});
	my ($launched, $workers, $leader, $split, $shared, $distinct);
	for my $try (1 .. 5)
	{
		my $plan = $node->safe_psql(
			$db, q{
			DROP TABLE IF EXISTS par;
			SET max_parallel_workers_per_gather = 4;
			SET parallel_setup_cost = 0;
			SET parallel_tuple_cost = 0;
			SET min_parallel_table_scan_size = 0;
			SET parallel_leader_participation = off;
			EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
			CREATE TABLE par AS SELECT worker_pid() AS pid, objectid() AS id
			  FROM conc_objectid});
		($launched) = $plan =~ /Workers Launched: (\d+)/;
		($workers, $leader, $split, $shared, $distinct) = split /\|/,
		  $node->safe_psql(
			$db, q{
			WITH v AS (SELECT DISTINCT pid, substr(id::bytea, 5, 5) AS pv FROM par),
			     b AS (SELECT DISTINCT pid, substr(id::bytea, 5, 5) AS pv
			             FROM conc_objectid
			           UNION ALL
			           SELECT pid, substr(id::bytea, 5, 5) FROM par_leader)
			SELECT (SELECT count(DISTINCT pid) FROM v),
			       (SELECT count(*) FROM v WHERE pid IN (SELECT pid FROM par_leader)),
			       (SELECT count(*) FROM (SELECT pid FROM v GROUP BY pid
			                               HAVING count(*) > 1) s),
			       (SELECT count(*) FROM (SELECT pv FROM (SELECT * FROM v
			                                              UNION ALL
			                                              SELECT * FROM b) u
			                               GROUP BY pv
			                               HAVING count(DISTINCT pid) > 1) s),
			       (SELECT count(DISTINCT id) = count(*) FROM par)});
		last if $workers >= 2;
	}
	note "parallel query: " . ($launched // 0) . " workers launched";
	cmp_ok($workers, '>=', 2, "$on: 2 or more parallel workers made rows");
	is($leader, 0,
		"$on: the leader computed no rows (objectid() ran in the workers)");
	is($distinct, 't', "$on: the parallel workers' ids are distinct");
	if ($server)
	{
		is( $node->safe_psql(
				$db, q{
			SELECT count(DISTINCT pv) FROM (
				SELECT substr(id::bytea, 5, 5) AS pv FROM par
				UNION ALL SELECT substr(id::bytea, 5, 5) FROM par_leader
				UNION ALL SELECT substr(id::bytea, 5, 5) FROM conc_objectid) s}),
			'1',
			"$on: the parallel workers' ids carry the server's value, as the backends' do");
	}
	else
	{
		is("$split|$shared", '0|0',
			"$on: every parallel worker has its own process value, shared with no other process"
		);
	}

	if (!$server)
	{
		$node->stop;
		next;
	}

	# ---- the server's generator: many sessions, no duplicate
	$node->safe_psql($db,
		'CREATE TABLE many (id objectid PRIMARY KEY DEFAULT objectid())');
	my $per = 1000;
	pgbench_run($node, $db, 'many', "INSERT INTO many SELECT FROM generate_series(1, $per);\n",
		$sessions, int($ids / $per));
	is( $node->safe_psql(
			$db, q{SELECT count(*), count(DISTINCT id), count(DISTINCT substr(id::bytea, 5, 5)) FROM many}),
		$sessions * int($ids / $per) * $per . '|' . $sessions * int($ids / $per) * $per . '|1',
		"$on: $sessions sessions x " . int($ids / $per) * $per . ' ids: none repeated, one process value');
	is($node->safe_psql($db, q{SELECT bt_index_check('many_pkey', true)}),
		'', "$on: bt_index_check(heapallindexed) clean on their primary key");

	# ---- order across sessions: each id greater than every id returned
	# before it, in any session
	my @turn = map { open_session($node, $db) } 1 .. 2;
	my ($last, $back) = ('', 0);
	for my $i (1 .. 2 * $alternations)
	{
		my $id = session_ask($turn[ $i % 2 ], 'SELECT objectid()');
		$back++ if $id le $last;
		$last = $id;
	}
	$_->{harness}->finish for @turn;
	is($back, 0,
		"$on: two sessions taking turns $alternations times each: every id greater than the other session's before it"
	);

	# ---- a key's index from 8 sessions at once, against one session's
	my %size;
	for my $case (
		[ 'dens_one', 1, [] ],
		[ 'dens_eight', 8, [] ],
		[ 'dens_eight_session', 8, ['objectid.generator=session'] ])
	{
		my ($t, $n, $settings) = @$case;
		$node->safe_psql($db,
			"CREATE TABLE $t (id objectid PRIMARY KEY DEFAULT objectid(), n int)");
		local $ENV{PGOPTIONS} = join ' ', map { "-c $_" } @$settings;
		pgbench_run($node, $db, $t, "INSERT INTO $t (n) SELECT g FROM generate_series(1, 1000) g;\n",
			$n, int($density_rows / 1000 / $n));
		$size{$t} = $node->safe_psql($db, "SELECT pg_relation_size('${t}_pkey')");
	}
	note sprintf('primary key of %d rows: one session %d kB, 8 sessions %d kB (%.2fx), '
		  . '8 sessions with the session generator %d kB (%.2fx)',
		$density_rows, $size{dens_one} / 1024, $size{dens_eight} / 1024,
		$size{dens_eight} / $size{dens_one}, $size{dens_eight_session} / 1024,
		$size{dens_eight_session} / $size{dens_one});
	cmp_ok($size{dens_eight}, '<=', 1.1 * $size{dens_one},
		"$on: 8 sessions inserting at once leave a primary key within 1.1 times one session's");
	cmp_ok($size{dens_eight_session}, '>', 1.2 * $size{dens_one},
		"$on: with objectid.generator = session they leave it more than 1.2 times as large (the check can fail)");

	# ---- the setting: each session its own value again
	$node->safe_psql($db,
		'CREATE TABLE own (pid int DEFAULT pg_backend_pid(), id objectid DEFAULT objectid())');
	{
		local $ENV{PGOPTIONS} = '-c objectid.generator=session';
		pgbench_run($node, $db, 'own', "INSERT INTO own SELECT FROM generate_series(1, 10);\n",
			4, 10);
	}
	is($node->safe_psql($db, $values =~ s/TABLE/own/r), '4|0|0',
		"$on: objectid.generator = session: one process value per backend, none shared by two");

	# ---- the second an id carries is the clock's, read after the id:
	# more than 2^24 ids in one statement, in order, and from 8 sessions at
	# once, none repeated, none ahead of that clock
	# (once per major: on 17+ the preloaded server generates as the other)
	if ($preload xor major_version() >= 17)
	{
		my $burst = 2**24 + 1000;
		is( $node->safe_psql(
				$db, qq{
			SET work_mem = '1GB';
			SELECT count(*) FILTER (WHERE objectid_timestamp(id) > t),
			       count(*) FILTER (WHERE prev >= id)
			  FROM (SELECT id, t, lag(id) OVER (ORDER BY n) AS prev
			          FROM (SELECT n, objectid() AS id, clock_timestamp() AS t
			                  FROM generate_series(1, $burst) n) g) s}),
			'0|0',
			"$on: $burst ids in one statement: none ahead of the clock read after it, in order");
		$node->safe_psql($db, 'CREATE UNLOGGED TABLE burst (id objectid, t timestamptz)');
		pgbench_run($node, $db, 'burst',
			'INSERT INTO burst SELECT objectid(), clock_timestamp() FROM generate_series(1, '
			  . int($burst / 8 + 1) . ");\n",
			8, 1);
		is( $node->safe_psql(
				$db, q{
			SET work_mem = '1GB';
			SELECT count(*) FILTER (WHERE objectid_timestamp(id) > t), count(*) - count(DISTINCT id)
			  FROM burst}),
			'0|0',
			"$on: 8 sessions x " . int($burst / 8 + 1) . ' ids at once: none ahead of the clock, none repeated');
		$node->safe_psql($db, 'DROP TABLE burst');

		# objectid(timestamptz): 2^25 ids for one instant from one session,
		# its counter coming round twice, each greater than the one made
		# before it, so none repeats (compared with the row before, in the
		# order the function scan makes them: no sort, no hash table)
		my $at = 2**25;
		is( $node->safe_psql(
				$db, qq{
			SELECT count(*) FILTER (WHERE prev >= id) - 1, count(*)
			  FROM (SELECT id, first_value(id) OVER (ROWS 1 PRECEDING) AS prev
			          FROM (SELECT objectid(timestamptz '2020-06-01 12:00:00+00') AS id
			                  FROM generate_series(1, $at)) g) s}),
			"0|$at",
			"$on: $at ids of objectid(timestamptz) for one instant: each greater than the one before");
	}

	# ---- the counter spent within a second (moved on by the hook for
	# tests, in builds with OBJECTID_TEST_HOOKS, as test/run's, and declared
	# here: no install script does): the next ids take the clock's second at
	# once, with the value moved on, in order, none repeated
	my ($declared) = $node->psql($db, q{
		CREATE FUNCTION objectid_test_server_advance(int8) RETURNS void
		AS '$libdir/objectid', 'objectid_test_server_advance' LANGUAGE C STRICT});
	SKIP:
	{
		skip 'the library was built without -DOBJECTID_TEST_HOOKS', 5
		  unless $declared == 0 || $ENV{OBJECTID_TEST_HOOKS};
		# the hook refuses what it cannot do, in the server's message style
		# (the SQLSTATE shown by VERBOSITY verbose)
		for my $n (0, 16777217)
		{
			my (undef, undef, $refused) = $node->psql($db,
				"\\set VERBOSITY verbose\nSELECT objectid_test_server_advance($n)");
			like($refused,
				qr/ERROR:  22023: number of ids to skip must be between 1 and 16777216$/m,
				"$on: the hook for tests refuses $n");
		}
		my (undef, undef, $refused) = $node->psql($db,
			"\\set VERBOSITY verbose\nSET objectid.generator = session;\nSELECT objectid_test_server_advance(1)");
		like($refused,
			qr/ERROR:  55000: objectid\(\) does not use the server's generator in this session$/m,
			"$on: the hook for tests refuses a session that uses its own generator");
		# 300 rounds: the counter spent (twice 2^24, so that the state is
		# ahead of the clock even where a second begins in between), then 10
		# ids: each round's take a new value, none seen before
		$node->safe_psql($db, q{
			CREATE TABLE spent (round int, n int, id objectid, t timestamptz);
			DO $$
			BEGIN
				FOR r IN 1..300 LOOP
					PERFORM objectid_test_server_advance(16777216);
					PERFORM objectid_test_server_advance(16777216);
					INSERT INTO spent SELECT r, n, objectid(), clock_timestamp()
					  FROM generate_series(1, 10) n;
				END LOOP;
			END
			$$});
		my ($ahead, $behind, $repeated, $moved, $per_round) = split /\|/, $node->safe_psql(
			$db, q{
			SELECT count(*) FILTER (WHERE objectid_timestamp(id) > t),
			       count(*) FILTER (WHERE prev >= id),
			       (SELECT count(*) - count(DISTINCT id)
			          FROM (SELECT id FROM spent UNION ALL SELECT id FROM many) u),
			       count(DISTINCT substr(id::bytea, 5, 5)),
			       (SELECT max(c) FROM (SELECT count(DISTINCT substr(id::bytea, 5, 5)) AS c
			                              FROM spent GROUP BY round) r)
			  FROM (SELECT id, t, lag(id) OVER (ORDER BY round, n) AS prev FROM spent) s});
		is("$ahead|$behind|$repeated", '0|0|0',
			"$on: the counter spent 300 times: no id ahead of the clock, out of order or repeated");
		is("$moved|$per_round", '300|1',
			"$on: the value moved on at each of the 300 spent counters, and no value came back");
	}

	# ---- the clock stepped back an hour, then forward again (libfaketime
	# under the server): the ids take the clock's second at once, in a
	# session opened before the step too, and none repeats
	my ($faketime) = grep { -e } map { "$_/faketime/libfaketime.so.1" }
	  '/usr/lib/x86_64-linux-gnu', '/usr/lib64', '/usr/lib';
	SKIP:
	{
		skip 'libfaketime is not installed (test/run installs it)', 5 unless $faketime;
		my $offset = $node->basedir . '/faketime';
		PostgreSQL::Test::Utils::append_to_file($offset, "+0\n");
		{
			local @ENV{qw(LD_PRELOAD FAKETIME_TIMESTAMP_FILE FAKETIME_NO_CACHE DONT_FAKE_MONOTONIC)} =
			  ($faketime, $offset, 1, 1);
			$node->restart;
		}
		my $step = sub {
			open my $fh, '>', $offset or die "$offset: $!";
			print $fh "$_[0]\n";
			close $fh;
		};
		$node->safe_psql($db, 'CREATE TABLE stepped (phase text, id objectid, t timestamptz)');
		# (a SELECT after the INSERT gives session_ask() its answer line)
		my $insert = q{INSERT INTO stepped SELECT '%s', objectid(), clock_timestamp()
			FROM generate_series(1, 100); SELECT 1};
		my $open = open_session($node, $db);
		session_ask($open, sprintf($insert, 'before'));
		$step->('-3600');
		session_ask($open, sprintf($insert, 'back, open session'));
		$node->safe_psql($db, sprintf($insert, 'back, new session'));
		$step->('+0');
		session_ask($open, sprintf($insert, 'forward'));
		$open->{harness}->finish;
		is( $node->safe_psql(
				$db, q{
			SELECT string_agg(format('%s: %s', phase, ahead), ', ' ORDER BY phase)
			  FROM (SELECT phase, count(*) FILTER (WHERE objectid_timestamp(id) > t) AS ahead
			          FROM stepped GROUP BY phase) s}),
			'back, new session: 0, back, open session: 0, before: 0, forward: 0',
			"$on: the clock stepped back and forward: no id ahead of it, in any session");
		is( $node->safe_psql(
				$db, q{
			SELECT min(objectid_timestamp(id)) FILTER (WHERE phase LIKE 'back%')
			       < max(objectid_timestamp(id)) FILTER (WHERE phase = 'before') - interval '59 minutes'
			  FROM stepped}),
			't', "$on: the ids made after the step back carry the clock's hour, not the lead");
		is($node->safe_psql($db, 'SELECT count(*) - count(DISTINCT id) FROM stepped'),
			'0', "$on: no id made around the steps repeats");

		# 8 sessions making ids all the while, the clock stepped back an hour
		# and forward again 3 times: the value moves once per step back
		# (a session whose clock reading was taken before a step does not
		# push the state back ahead for the others to move it again)
		$node->safe_psql($db, 'CREATE UNLOGGED TABLE steps (id objectid)');
		my $file = script($node, 'steps',
			"INSERT INTO steps SELECT objectid() FROM generate_series(1, 100);\n");
		my ($bench_out, $bench_err) = ('', '');
		my %env = ObjectidTest::client_env($node);
		local @ENV{ keys %env } = values %env;
		my $bench = IPC::Run::start(
			[ install_path() . '/bin/pgbench', '-n', '-c', 8, '-j', 2, '-T', 5,
			  '-f', $file, $db ],
			'>', \$bench_out, '2>', \$bench_err);
		for my $offset (('-3600', '+0') x 3)
		{
			usleep(700_000);
			$step->($offset);
		}
		$bench->finish;
		like($bench_out, qr/number of failed transactions: 0\b/,
			"$on: pgbench made ids through the steps");
		is( $node->safe_psql($db,
				'SELECT count(DISTINCT substr(id::bytea, 5, 5)), count(*) - count(DISTINCT id) FROM steps'),
			'4|0',
			"$on: the clock stepped back 3 times under 8 sessions: the value moved 3 times, no id repeated");
		$node->restart;
	}

	# ---- a new value at each start of shared memory
	lifetime_events($node, $db, sub { server_value($node) }, $on);
	$node->stop;
}

done_testing();
