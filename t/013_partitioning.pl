
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# Time partitioning with the tools users partition with, each where it is
# installed for the major under test (skipped with the reason where not;
# .ci/run installs both from ../shared): the recipes of doc/partitioning.md.
#
# pg_partman (5.5): a table keyed by uuid v7 (DEFAULT uuidv7() of the
# extension, in schema ids) partitioned by day with this extension's encoder
# and decoder, uuidv7_from_timestamp and uuid_timestamp_from_text, named
# with their schema:
# - create_parent() makes the partitions, their bounds the days' smallest v7
#   UUIDs; new keys land in today's partition, uuidv7_at() backfills in
#   theirs, none in the default partition;
# - run_maintenance() with retention drops the days past it, which it can
#   only where the decoder reads every bound (where one fails, pg_partman
#   logs "maintenance skipped" and goes on), and logs no warning;
# - a window bounded with the extension's IMMUTABLE encoder is pruned to one
#   partition at plan time, where pg_partman's own VOLATILE encoder
#   (partman.uuid7_time_encoder) scans every partition; an objectid key is
#   refused (pg_partman's rule, as doc/partitioning.md says).
#
# TimescaleDB (Apache 2 part, shared_preload_libraries = 'timescaledb'): a
# hypertable on a uuid column filled by this extension's uuidv7():
# - in separate schemas (timescaledb in tsdb), created in either order, both
#   work: chunks per day, new keys and uuidv7_at() backfills in their
#   chunks, a window read from one chunk;
# - in one schema whichever comes second is refused on uuid_timestamp(uuid),
#   which both define, as doc/partitioning.md says; with TimescaleDB in
#   public, CREATE EXTENSION objectid SCHEMA ids works beside it.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $major = major_version();
my $sharedir = pg_config('--sharedir');

# ---- pg_partman
SKIP:
{
	skip "pg_partman is not installed for PostgreSQL $major "
	  . "(no pg_partman.control in $sharedir/extension; ../shared/partman/install $major)", 1
	  unless -f "$sharedir/extension/pg_partman.control";

	my $node = objectid_node('partman');
	my $db = 'postgres';
	$node->safe_psql(
		$db, q{
		CREATE SCHEMA partman;
		CREATE EXTENSION pg_partman SCHEMA partman;
		CREATE SCHEMA ids;
		CREATE EXTENSION objectid SCHEMA ids;
		CREATE TABLE public.readings (
			id uuid NOT NULL DEFAULT ids.uuidv7(),
			v int NOT NULL
		) PARTITION BY RANGE (id);
		CREATE INDEX ON public.readings (id);
		SELECT partman.create_parent(
			p_parent_table := 'public.readings', p_control := 'id',
			p_interval := '1 day', p_premake := 3,
			p_time_encoder := 'ids.uuidv7_from_timestamp',
			p_time_decoder := 'ids.uuid_timestamp_from_text')});
	note 'pg_partman ' . $node->safe_psql($db,
		"SELECT extversion FROM pg_extension WHERE extname = 'pg_partman'");

	# readings' partitions, each with the instants of its bounds (read with
	# the decoder) in days from today (UTC), and the relations a query reads
	$node->safe_psql(
		$db, q{
		CREATE FUNCTION parts(OUT name text, OUT lo int, OUT hi int, OUT is_default bool, OUT rows bigint)
		RETURNS SETOF record LANGUAGE sql AS $$
			SELECT c.relname::text,
			       ((ids.uuid_timestamp_from_text(substring(b FROM $r$FROM \('([^']+)'\)$r$)) AT TIME ZONE 'UTC')::date
			        - (now() AT TIME ZONE 'UTC')::date),
			       ((ids.uuid_timestamp_from_text(substring(b FROM $r$TO \('([^']+)'\)$r$)) AT TIME ZONE 'UTC')::date
			        - (now() AT TIME ZONE 'UTC')::date),
			       b = 'DEFAULT',
			       (SELECT count(*) FROM readings r WHERE r.tableoid = c.oid)
			  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid,
			       pg_get_expr(c.relpartbound, c.oid) b
			 WHERE i.inhparent = 'public.readings'::regclass
		$$;
		CREATE FUNCTION scanned(query text) RETURNS bigint LANGUAGE plpgsql AS $$
		DECLARE
			plan jsonb;
		BEGIN
			EXECUTE 'EXPLAIN (FORMAT JSON, COSTS OFF) ' || query INTO plan;
			RETURN (SELECT count(DISTINCT r #>> '{}')
					  FROM jsonb_path_query(plan, 'strict $.**."Relation Name"') r);
		END
		$$});
	is( $node->safe_psql(
			$db, q{
		SELECT string_agg(lo || '..' || hi, ' ' ORDER BY lo), bool_and(is_default) FILTER (WHERE lo IS NULL)
		  FROM parts()}),
		'-3..-2 -2..-1 -1..0 0..1 1..2 2..3 3..4|t',
		'create_parent: a default partition and 7 day partitions (3 back, today, 3 ahead), bounded by the smallest v7 UUIDs of midnights (UTC)');

	# new keys go to today's partition, backfills to theirs
	$node->safe_psql(
		$db, q{
		INSERT INTO readings (v) SELECT n FROM generate_series(1, 100) n;
		INSERT INTO readings SELECT ids.uuidv7_at(now() - n * interval '1 day'), -n FROM generate_series(1, 2) n});
	is( $node->safe_psql(
			$db, q{SELECT string_agg(coalesce(lo::text, 'default') || ':' || rows, ' ' ORDER BY lo) FROM parts() WHERE rows > 0}),
		'-2:1 -1:1 0:100',
		'DEFAULT uuidv7() keys land in today\'s partition, two backfilled keys in theirs, none in the default partition');

	# maintenance, retention: days older than 2 days go
	$node->safe_psql(
		$db, q{
		UPDATE partman.part_config SET retention = '2 days', retention_keep_table = false
		 WHERE parent_table = 'public.readings'});
	my ($ret, $out, $err) = $node->psql($db, 'SELECT partman.run_maintenance()');
	is($ret, 0, 'run_maintenance() with retention succeeds');
	unlike($err, qr/WARNING/, 'and warns of nothing (no "maintenance skipped")');
	is($node->safe_psql($db, 'SELECT min(lo), count(*) FILTER (WHERE rows > 0) FROM parts()'),
		'-2|3',
		'retention dropped the day that ended more than 2 days ago; the rows of the days since stay');

	# pruning: the extension's encoder is IMMUTABLE, pg_partman's VOLATILE.
	# The last hour, within today (UTC): one partition at any time of day
	my $window = q{SELECT count(*) FROM readings
		WHERE id >= ENC(greatest(now() - interval '1 hour', date_trunc('day', now(), 'UTC'))) AND id < ENC(now())};
	my $partitions = $node->safe_psql($db, 'SELECT count(*) FROM parts()');
	is( $node->safe_psql($db,
			'SELECT scanned($$' . ($window =~ s/ENC/ids.uuidv7_from_timestamp/gr) . '$$)'),
		'1',
		'a window of the last hour (within today, UTC) bounded with ids.uuidv7_from_timestamp() reads one partition');
	is( $node->safe_psql($db,
			'SELECT scanned($$' . ($window =~ s/ENC/partman.uuid7_time_encoder/gr) . '$$)'),
		$partitions,
		"with partman.uuid7_time_encoder() (VOLATILE) it reads all $partitions partitions");
	is( $node->safe_psql($db, $window =~ s/ENC/ids.uuidv7_from_timestamp/gr),
		'100', 'and finds the 100 new rows');

	# an objectid key is no control column pg_partman takes (doc/partitioning.md)
	$node->safe_psql($db, 'CREATE TABLE events (id ids.objectid NOT NULL) PARTITION BY RANGE (id)');
	($ret, $out, $err) = $node->psql($db, q{SELECT partman.create_parent('public.events', 'id', '1 day',
		p_time_encoder := 'ids.objectid_from_timestamp', p_time_decoder := 'ids.uuid_timestamp_from_text')});
	like($err, qr/pg_partman only supports partitioning of data types that are integer, numeric/,
		'pg_partman refuses an objectid control column');
	$node->stop;
}

# ---- TimescaleDB
SKIP:
{
	skip "TimescaleDB is not installed for PostgreSQL $major "
	  . "(no timescaledb.control in $sharedir/extension; ../shared/timescaledb/install $major)", 1
	  unless -f "$sharedir/extension/timescaledb.control";

	my $node = objectid_node('timescaledb',
		conf => "shared_preload_libraries = 'timescaledb'");

	# in separate schemas, in either order
	for my $order ([qw(timescaledb objectid)], [qw(objectid timescaledb)])
	{
		my $db = join '_', @$order;
		$node->safe_psql('postgres', "CREATE DATABASE $db");
		for my $ext (@$order)
		{
			$node->safe_psql($db,
				$ext eq 'timescaledb'
				? 'CREATE SCHEMA tsdb; CREATE EXTENSION timescaledb SCHEMA tsdb'
				: 'CREATE EXTENSION objectid');
		}
		my $ext = $node->safe_psql($db,
			"SELECT extnamespace::regnamespace FROM pg_extension WHERE extname = 'objectid'");
		$node->safe_psql(
			$db, qq{
			CREATE TABLE metrics (id uuid NOT NULL DEFAULT $ext.uuidv7(), v float8 NOT NULL);
			SELECT tsdb.create_hypertable('metrics', tsdb.by_range('id', interval '1 day'));
			INSERT INTO metrics (v) SELECT n FROM generate_series(1, 100) n;
			INSERT INTO metrics SELECT $ext.uuidv7_at(now() - n * interval '1 day'), -n
			  FROM generate_series(1, 3) n});
		is( $node->safe_psql(
				$db, qq{
			SELECT (SELECT count(*) FROM tsdb.show_chunks('metrics')),
			       (SELECT count(DISTINCT tableoid) FROM metrics),
			       (SELECT count(*) FROM metrics)}),
			'4|4|103',
			"@$order: 100 new keys in today's chunk, 3 backfills in theirs: 4 chunks");
		# the last hour, within today (UTC): one chunk at any time of day
		my $window = "SELECT count(*) FROM metrics WHERE id >= "
		  . "$ext.uuidv7_from_timestamp(greatest(now() - interval '1 hour', date_trunc('day', now(), 'UTC')))";
		my @chunks = $node->safe_psql($db, "EXPLAIN (COSTS OFF) $window") =~ /_hyper_\d+_\d+_chunk/g;
		is(scalar(keys %{ { map { $_ => 1 } @chunks } }), 1,
			"@$order: a window of the last hour (within today, UTC) reads one chunk");
		is($node->safe_psql($db, $window), '100', "@$order: and finds its 100 rows");
	}

	# in one schema, whichever comes second fails on uuid_timestamp(uuid), a
	# name both define (doc/partitioning.md says so and why)
	for my $order ([qw(timescaledb objectid)], [qw(objectid timescaledb)])
	{
		my $db = join '_', 'public', @$order;
		$node->safe_psql('postgres', "CREATE DATABASE $db");
		$node->safe_psql($db, "CREATE EXTENSION $order->[0]");
		my ($ret, $out, $err) = $node->psql($db, "CREATE EXTENSION $order->[1]");
		like($err, qr/function "?uuid_timestamp"?(\(uuid\))? (already exists with same argument types|is already a member of extension "objectid")/,
			"@$order in one schema: the second is refused on uuid_timestamp(uuid)");
		next unless $order->[0] eq 'timescaledb';
		like($err, qr/HINT:  Give objectid a schema of its own: CREATE EXTENSION objectid SCHEMA ids/,
			'TimescaleDB in public: the refusal of objectid hints at a schema of its own');
		# the way out with TimescaleDB in public: objectid in a schema of its
		# own (doc/partitioning.md's statements, the README's install section)
		$node->safe_psql(
			$db, q{
			CREATE SCHEMA ids;
			CREATE EXTENSION objectid SCHEMA ids;
			CREATE TABLE metrics (id uuid NOT NULL DEFAULT ids.uuidv7(), v float8 NOT NULL);
			SELECT create_hypertable('metrics', by_range('id', interval '1 day'));
			INSERT INTO metrics (v) VALUES (1)});
		is( $node->safe_psql(
				$db, q{
			SELECT ids.uuid_timestamp(id) BETWEEN now() - interval '1 minute' AND now() FROM metrics}),
			't', 'TimescaleDB in public: CREATE EXTENSION objectid SCHEMA ids beside it, a hypertable keyed by ids.uuidv7()');
	}
	$node->stop;
}

done_testing();
