
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# Concurrent inserts of generated keys, then proof that nothing was
# duplicated, lost or out of order, and that every process drew its own
# ObjectId process value; on a cluster as installed, and again on one with
# shared_preload_libraries = 'objectid' (every backend and parallel worker
# forked with the library's memory already in place).
#
# For every generator in test/generators that the extension has, pgbench's
# CLIENTS sessions (default 8) insert ROWS rows (default 100000 * SCALE) with
# `DEFAULT generator()` into a table with a unique index on the key, BATCH
# rows (default 10) per statement.  Each row also records pg_backend_pid()
# and an identity column `seq`: one sequence makes the order every backend
# inserted its rows in (nextval is called per row, in the row's statement),
# which is all the per-backend ordering check needs.  Then:
# - pgbench reports no error and every table holds exactly ROWS distinct keys;
# - per backend, ordered by seq, every generator's keys strictly increase;
# - amcheck's bt_index_check(heapallindexed => true) passes on every btree;
# - each backend has exactly one ObjectId process value (bytes 4-8), no two
#   backends share one, and the workers of a parallel query each draw their
#   own, shared with no backend.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $clients = $ENV{CLIENTS} // 8;
my $batch = $ENV{BATCH} // 10;
my $rows = $ENV{ROWS} // 100000 * scale();
my $per_client = int(($rows + $clients * $batch - 1) / ($clients * $batch));
$rows = $per_client * $clients * $batch;
my $db = 'objectid_concurrency';

for my $preload ('', 'objectid')
{
	my $node = objectid_node($preload ? 'preload' : 'plain');
	if ($preload)
	{
		$node->append_conf('postgresql.conf',
			"shared_preload_libraries = '$preload'");
		$node->restart;
	}
	my $on = "shared_preload_libraries='"
	  . $node->safe_psql('postgres', 'SHOW shared_preload_libraries') . "'";
	note 'server: '
	  . $node->safe_psql('postgres', 'SHOW server_version')
	  . ", $on";
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	$node->safe_psql($db,
		'CREATE EXTENSION IF NOT EXISTS objectid; CREATE EXTENSION IF NOT EXISTS amcheck'
	);

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
	my $file = $node->basedir . '/insert.sql';
	append_to_file($file, $script);
	note 'generators: '
	  . join(', ', map { "@$_" } @gens)
	  . "; $clients clients x $per_client transactions x $batch rows = $rows rows per generator";

	my $out = run_client($node, 'pgbench', '-n', '-c', $clients, '-j', 2,
		'-t', $per_client, '-f', $file, $db);
	note join("\n", grep { /^(tps|number of failed)/ } split /\n/, $out);
	like($out, qr/number of transactions actually processed: @{[$clients * $per_client]}\b/,
		"$on: pgbench committed every transaction");

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

	note 'amcheck: bt_index_check(heapallindexed) clean on '
	  . amcheck_btrees($node, $db)
	  . ' btree indexes';

	if ($node->safe_psql($db,
			"SELECT 1 FROM pg_class WHERE relname = 'conc_objectid'") eq '')
	{
		$node->stop;
		next;
	}

	# one process value per backend, none shared between backends
	is( $node->safe_psql(
			$db, q{
		WITH v AS (SELECT DISTINCT pid, substr(id::bytea, 5, 5) AS pv
		             FROM conc_objectid)
		SELECT (SELECT count(*) FROM (SELECT pv FROM v GROUP BY pv
		                               HAVING count(*) > 1) s),
		       (SELECT count(*) FROM (SELECT pid FROM v GROUP BY pid
		                               HAVING count(*) > 1) s)}),
		'0|0',
		"$on: one ObjectId process value per backend, none shared by two");

	# Parallel workers: the leader takes no rows, so every id is a worker's.
	# pg_backend_pid() is parallel restricted; a PARALLEL SAFE alias of the
	# same builtin tells which worker computed each row.
	my $plan = $node->safe_psql(
		$db, q{
		CREATE FUNCTION worker_pid() RETURNS int
		LANGUAGE internal VOLATILE PARALLEL SAFE AS 'pg_backend_pid';
		SET max_parallel_workers_per_gather = 4;
		SET parallel_setup_cost = 0;
		SET parallel_tuple_cost = 0;
		SET min_parallel_table_scan_size = 0;
		SET parallel_leader_participation = off;
		CREATE TABLE par_leader AS SELECT pg_backend_pid() AS pid, objectid() AS id;
		EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
		CREATE TABLE par AS SELECT worker_pid() AS pid, objectid() AS id
		  FROM conc_objectid});
	my ($launched) = $plan =~ /Workers Launched: (\d+)/;
	my ($workers, $leader, $split, $shared) = split /\|/, $node->safe_psql(
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
		                               HAVING count(DISTINCT pid) > 1) s)});
	note "parallel query: " . ($launched // 0) . " workers launched";
	cmp_ok($workers, '>=', 2, "$on: 2 or more parallel workers made rows");
	is($leader, 0,
		"$on: the leader computed no rows (objectid() ran in the workers)");
	is("$split|$shared", '0|0',
		"$on: every parallel worker has its own process value, shared with no other process"
	);
	$node->stop;
}

done_testing();
