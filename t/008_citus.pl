
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# Scale-out on Citus: tables keyed by objectid (DEFAULT objectid()) and by
# uuid (DEFAULT uuidv7(), the extension's) distributed by their key over a
# coordinator and two workers on 127.0.0.1, each started with
# shared_preload_libraries = 'citus' (8 shards a table).  Skipped when
# Citus is not installed for the major under test (no citus.control in its
# sharedir).  What Citus does with any type (propagating DDL, moving and
# rebalancing shards, recovering two-phase commits, the limits of
# doc/citus.md) is Citus's to test; what it does through the type's own
# functions is checked here, and doc/citus.md names each check by its label:
# [A] CREATE EXTENSION objectid on the coordinator alone: on every node the
#     same version and member listing, the library loaded.  Guards against a
#     worker without the type or with another version of it.
# [B] tables distributed by objectid and uuid keys, co-located with tables
#     keyed by the same type, a reference table keyed by objectid; the
#     DEFAULT generators fill distinct keys through the coordinator.
# [C] every row is in the shard get_shard_id_for_distribution_column()
#     names, whose hash range holds the hash of the key by the type's
#     default hash opclass (support function 1: objectid_hash, core's
#     uuid_hash), and worker_hash() is that hash; the rows of each placement,
#     read on its worker, all belong to that shard.  Guards against a hash
#     that Citus computes differently from the opclass's (rows routed to one
#     shard and looked for in another).
# [D] equality on the key with a constant, an IN list, and a prepared
#     parameter (custom and generic plans) runs on the key's shards only
#     (EXPLAIN; under citus.multi_task_query_log_level = error, which makes
#     a fan-out fail, and with the commands sent logged), answering as a
#     local copy does.  Guards against a key type whose constants or
#     parameters Citus cannot prune by.
# [E] a time window (objectid_from_timestamp, uuidv7_from_timestamp bounds)
#     answers as a local copy on the coordinator does: counts, sums, ends,
#     and keyset pages (ORDER BY id LIMIT), merged in the type's order.
# [F] joins of co-located tables on the key, and with the reference table,
#     run shard by shard (a task per shard, no repartition); INSERT ...
#     SELECT between co-located tables is pushed down (no "INSERT/SELECT
#     method" line, which a LIMIT brings back); answers as local copies.
#     Citus does this only when the join's `=` is the key's hash opclass's.
# [G] COPY to and from files, text and binary, gives the same rows in the
#     right shards (the type's I/O on the coordinator and the workers).
# [H] each shard's btree and hash indexes answer as a sequential scan does
#     (check_index on the coordinator, the settings reaching the workers),
#     and amcheck is clean on the workers.
# [K] before DROP EXTENSION objectid: undistribute_table() or DROP TABLE
#     every table distributed by an objectid column; then DROP EXTENSION
#     objectid CASCADE works as on one server, on every node.
# [L] ALTER EXTENSION objectid UPDATE from each released version (the
#     scripts of test/update/released.sha256), run on the coordinator: every
#     node ends with the member listing of a fresh install, and the
#     distributed tables answer and route as before.
# [N] create_time_partitions() and drop_old_time_partitions() on a
#     distributed table partitioned by an objectid key (the casts between
#     objectid and timestamptz): monthly partitions bounded by the months'
#     smallest ids, new keys and backfills in their month, old months
#     dropped.
# ROWS (default 2000 * SCALE) rows per table.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $major = major_version();
my $sharedir = pg_config('--sharedir');
plan skip_all => "Citus is not installed for PostgreSQL $major "
  . "(no citus.control in $sharedir/extension)"
  unless -f "$sharedir/extension/citus.control";

my $rows = $ENV{ROWS} // 2000 * scale();
my $shards = 8;
my $db = 'postgres';
my $host = '127.0.0.1';
my $start_time = time;

# ---- the cluster: a coordinator and two workers, small enough for three
# on one machine.  Citus's queries open several connections to each
# worker; two-phase commits across workers need prepared transactions; the
# coordinator passes SET LOCAL on to the workers (check_index's forced
# plans); the workers show their shards in pg_class (amcheck_btrees).
my $conf = qq{shared_preload_libraries = 'citus'
listen_addresses = '$host'
max_connections = 100
shared_buffers = 16MB
max_prepared_transactions = 20
citus.shard_count = $shards
citus.propagate_set_commands = 'local'
citus.show_shards_for_app_name_prefixes = '*'};
my $coord = objectid_node('coordinator', conf => $conf);
my @workers = map { objectid_node("worker$_", conf => $conf) } 1, 2;
my @nodes = ($coord, @workers);
$_->safe_psql($db, 'CREATE EXTENSION citus') for @workers, $coord;
$coord->safe_psql($db,
	"SELECT citus_set_coordinator_host('$host', ${\ $coord->port })");
$coord->safe_psql($db, "SELECT citus_add_node('$host', ${\ $_->port })")
  for @workers;
note "PostgreSQL $major, " . $coord->safe_psql($db, 'SELECT citus_version()');

# the answer of sql on every node, a line each: "node: answer"
sub on_all
{
	my ($sql) = @_;
	return join "\n", map { $_->name . ': ' . $_->safe_psql($db, $sql) } @nodes;
}

# the same text on every node
sub all_nodes
{
	my ($answer) = @_;
	return join "\n", map { $_->name . ": $answer" } @nodes;
}

my $default = $coord->safe_psql($db,
	"SELECT default_version FROM pg_available_extensions WHERE name = 'objectid'");

# ---- [A] CREATE EXTENSION on the coordinator alone
$coord->safe_psql($db, 'CREATE EXTENSION objectid; CREATE EXTENSION amcheck');
my $ext = $coord->safe_psql($db,
	"SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'objectid'");
# the version, and each node runs the extension's C functions itself
is( on_all(
		"SELECT extversion || ' ' || ($ext.objectid_timestamp($ext.objectid(timestamptz '2024-05-06 07:08:09+00')) = '2024-05-06 07:08:09+00')
		   FROM pg_extension WHERE extname = 'objectid'"),
	all_nodes("$default true"),
	"[A] CREATE EXTENSION objectid on the coordinator alone: version $default on every node, its library running there");
my $members = extension_members($coord, $db);
for my $w (@workers)
{
	same_text(extension_members($w, $db), $members,
		'[A] ' . $w->name . ': the member listing is the coordinator\'s (- coordinator)');
}

# ---- [B] distributed, co-located and reference tables
$coord->safe_psql(
	$db, qq{
CREATE TABLE accounts (id objectid PRIMARY KEY, name text NOT NULL);
CREATE TABLE orders (
	id		objectid PRIMARY KEY DEFAULT $ext.objectid(),
	n		int NOT NULL,
	kind	int NOT NULL,
	account	objectid NOT NULL);
CREATE TABLE items (order_id objectid NOT NULL, n int NOT NULL, qty int NOT NULL);
CREATE INDEX items_order_id ON items USING hash (order_id);
CREATE TABLE events (
	id		uuid PRIMARY KEY DEFAULT $ext.uuidv7(),
	n		int NOT NULL,
	kind	int NOT NULL);
CREATE TABLE tags (event_id uuid NOT NULL, n int NOT NULL, tag text NOT NULL);
SELECT create_reference_table('accounts');
SELECT create_distributed_table('orders', 'id');
SELECT create_distributed_table('items', 'order_id', colocate_with => 'orders');
SELECT create_distributed_table('events', 'id');
SELECT create_distributed_table('tags', 'event_id', colocate_with => 'events');
});

# rows: keys carrying a time every 7 minutes from 2024-01-01, and 100 made
# by the column defaults (now)
my $more = $rows + 100;
$coord->safe_psql(
	$db, qq{
INSERT INTO accounts SELECT $ext.objectid(timestamptz '2023-01-01 00:00:00+00' + k * interval '1 day'), 'account ' || k
  FROM generate_series(0, 9) k;
INSERT INTO orders (id, n, kind, account)
SELECT $ext.objectid(timestamptz '2024-01-01 00:00:00+00' + n * interval '7 minutes'), n, n % 5,
       (SELECT id FROM accounts ORDER BY id OFFSET n % 10 LIMIT 1)
  FROM generate_series(1, $rows) n;
INSERT INTO orders (n, kind, account)
SELECT n, n % 5, (SELECT min(id) FROM accounts) FROM generate_series($rows + 1, $more) n;
INSERT INTO events (id, n, kind)
SELECT $ext.uuidv7_at(timestamptz '2024-01-01 00:00:00+00' + n * interval '7 minutes'), n, n % 5
  FROM generate_series(1, $rows) n;
INSERT INTO events (n, kind) SELECT n, n % 5 FROM generate_series($rows + 1, $more) n;
});
is( $coord->safe_psql(
		$db,
		'SELECT count(DISTINCT id) FROM orders UNION ALL SELECT count(DISTINCT id) FROM events'),
	"$more\n$more",
	"[B] $more distinct keys in each of orders and events");

# ---- [F] INSERT ... SELECT between co-located tables, pushed down
for (
	[ 'items', 'SELECT id, n, n % 3 + 1 FROM orders', 'orders' ],
	[ 'tags',  "SELECT id, n, 'tag ' || kind FROM events", 'events' ])
{
	my ($to, $select, $from) = @$_;
	my $plan = $coord->safe_psql($db, "EXPLAIN (COSTS OFF) INSERT INTO $to $select");
	ok($plan =~ /Task Count: $shards\n/ && $plan !~ m{INSERT/SELECT method},
		"[F] INSERT INTO $to SELECT ... FROM $from is pushed down: a task per shard, no pull to the coordinator")
	  or diag($plan);
	like($coord->safe_psql($db, "EXPLAIN (COSTS OFF) INSERT INTO $to $select ORDER BY 1 LIMIT 10"),
		qr{INSERT/SELECT method: pull to coordinator}, "[F] with a LIMIT it is not (the EXPLAIN tells them apart)");
	$coord->safe_psql($db, "INSERT INTO $to $select");
}
is($coord->safe_psql($db, 'SELECT count(*) FROM items UNION ALL SELECT count(*) FROM tags'),
	"$more\n$more", '[F] INSERT ... SELECT copied every row');

# local copies on the coordinator, the reference answers
$coord->safe_psql($db, join '', map { "CREATE TABLE ${_}_local AS SELECT * FROM $_;\n" }
	  qw(orders items events tags accounts));

# ---- [C] placement: the shard named for each key, by the opclass's hash
sub hash_function
{
	my ($type) = @_;
	return $coord->safe_psql(
		$db, qq{
	SELECT p.amproc::regproc FROM pg_opclass c
	  JOIN pg_am a ON a.oid = c.opcmethod AND a.amname = 'hash'
	  JOIN pg_amproc p ON p.amprocfamily = c.opcfamily AND p.amprocnum = 1
	       AND p.amproclefttype = c.opcintype AND p.amprocrighttype = c.opcintype
	 WHERE c.opcdefault AND c.opcintype = '$type'::regtype});
}
my %hash_fn = (objectid => hash_function('objectid'), uuid => hash_function('uuid'));
like($hash_fn{objectid}, qr/(^|\.)objectid_hash$/,
	"objectid's default hash opclass hashes with $hash_fn{objectid}");

# the placement checks of table (distributed by key, of type), as a line
# "rows, wrong worker_hash, wrong shard, misplaced rows, nodes": every row
# hashed by the opclass's function, in the shard whose range holds that
# hash, and read from that shard's placement on its worker
sub placement
{
	my ($table, $key, $type) = @_;
	my $fn = $hash_fn{$type};
	my $computed = $coord->safe_psql(
		$db, qq{
	CREATE TEMP TABLE keys AS SELECT $key AS id FROM $table;
	SELECT count(*),
	       count(*) FILTER (WHERE worker_hash(id) IS DISTINCT FROM $fn(id)),
	       count(*) FILTER (WHERE get_shard_id_for_distribution_column('$table', id) IS DISTINCT FROM
	                              (SELECT s.shardid FROM pg_dist_shard s
	                                WHERE s.logicalrelid = '$table'::regclass
	                                  AND $fn(id) BETWEEN s.shardminvalue::int AND s.shardmaxvalue::int))
	  FROM keys});
	# each placement's rows, read on its worker: all of that shard
	my $placed = $coord->safe_psql(
		$db, qq{
	SELECT count(*) FILTER (WHERE NOT success OR split_part(result, ' ', 1) NOT IN ('', shardid::text)),
	       sum(split_part(result, ' ', 2)::bigint), count(DISTINCT nodeport)
	  FROM run_command_on_placements('$table',
	         \$\$SELECT coalesce(string_agg(DISTINCT get_shard_id_for_distribution_column('$table', $key)::text, ','), '')
	                  || ' ' || count(*) FROM %s\$\$)});
	return "$computed|$placed";
}

sub placement_checks
{
	my ($table, $key, $type, $when) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my $n = $coord->safe_psql($db, "SELECT count(*) FROM $table");
	is(placement($table, $key, $type), "$n|0|0|0|$n|2",
		"[C] $table$when: all $n rows in the shard get_shard_id_for_distribution_column names, "
		  . "by $hash_fn{$type} = worker_hash, read back from that shard on its worker; both workers hold rows"
	);
	return;
}
placement_checks(@$_, '')
  for [qw(orders id objectid)], [qw(items order_id objectid)], [qw(events id uuid)], [qw(tags event_id uuid)];

# ---- [D] what routes to one shard
my ($oprobe, $uprobe) = split /\n/, $coord->safe_psql(
	$db, q{
	SELECT id::text FROM orders_local WHERE n = 1000
	UNION ALL SELECT id::text FROM events_local WHERE n = 1000});

# the shard of key in table, its worker's port
sub shard_of
{
	my ($table, $key) = @_;
	return split /\|/, $coord->safe_psql(
		$db, qq{
	SELECT s, (SELECT nodeport FROM pg_dist_shard_placement WHERE shardid = s)
	  FROM get_shard_id_for_distribution_column('$table', '$key') s});
}

for ([ 'orders', 'objectid', $oprobe ], [ 'events', 'uuid', $uprobe ])
{
	my ($table, $type, $probe) = @$_;
	my ($shard, $port) = shard_of($table, $probe);
	like($coord->safe_psql($db, "EXPLAIN (COSTS OFF) SELECT n FROM $table WHERE id = '$probe'"),
		qr/Task Count: 1\n(.*\n)*.*Node: host=$host port=$port .*\n.*Scan .*on ${table}_$shard\b/,
		"[D] $table: id = constant is a router query: one task, on shard $shard, on its worker"
	);
	my ($other) = split /\n/, $coord->safe_psql(
		$db, qq{
	SELECT id FROM ${table}_local
	 WHERE get_shard_id_for_distribution_column('$table', id) <> $shard LIMIT 1});
	my $in = "SELECT n FROM %s WHERE id IN ('$probe', '$other') ORDER BY n";
	like($coord->safe_psql($db, 'EXPLAIN (COSTS OFF) ' . sprintf($in, $table)),
		qr/Task Count: 2\n/, "[D] $table: id IN (two keys of two shards) runs two tasks");
	is($coord->safe_psql($db, sprintf($in, $table)),
		$coord->safe_psql($db, sprintf($in, "${table}_local")), "[D] $table: and answers as the local copy");

	# a prepared statement, custom plans then generic: one task each time,
	# on the key's shard; citus.multi_task_query_log_level = error makes a
	# fan-out fail
	my @keys = split /\n/, $coord->safe_psql($db,
		"SELECT id FROM ${table}_local WHERE n % 211 = 0 ORDER BY n LIMIT 8");
	my @expected = map { (shard_of($table, $_))[0] } @keys;
	my $session = qq{SET citus.multi_task_query_log_level = error;
SET citus.log_remote_commands = on;
PREPARE q($type) AS SELECT n FROM $table WHERE id = \$1;
} . join('', map { "EXECUTE q('$_');\n" } @keys[ 0 .. 5 ])
	  . "SET plan_cache_mode = force_generic_plan;\n"
	  . join('', map { "EXECUTE q('$_');\n" } @keys[ 6 .. 7 ]);
	my ($ret, $out, $err) = $coord->psql($db, $session);
	is($ret, 0,
		"[D] $table: EXECUTE of a prepared equality on the key (6 custom, 2 forced generic plans) runs under multi_task_query_log_level = error"
	) or diag($err);
	is($out, $coord->safe_psql($db, "SELECT n FROM ${table}_local WHERE id IN ('" . join("', '", @keys) . "') ORDER BY n"),
		"[D] $table: and answers as the local copy");
	is(join(' ', $err =~ /issuing SELECT n FROM \S+\.${table}_(\d+) /g), "@expected",
		"[D] $table: each EXECUTE sent one query, to the key's shard");
	($ret, $out, $err) = $coord->psql($db, "SET citus.multi_task_query_log_level = error; SELECT count(*) FROM $table");
	like($err, qr/multi-task query about to be executed/, "[D] $table: (a fan-out fails under that setting)");
}

# ---- [E] time windows across shards, against the local copies
my @windows = (
	[ '2024-01-02 00:00:00+00', '2024-01-03 00:00:00+00' ],
	[ '2024-01-05 13:00:00+00', '2024-01-07 02:30:00+00' ],
	[ '2023-12-01 00:00:00+00', '2024-01-01 08:00:00+00' ]);
my %bound = (orders => "$ext.objectid_from_timestamp", events => "$ext.uuidv7_from_timestamp");
for my $table (qw(orders events))
{
	for my $w (@windows)
	{
		my $cond = "id >= $bound{$table}('$w->[0]') AND id < $bound{$table}('$w->[1]')";
		my @q = ("SELECT count(*), sum(n), min(id::text), max(id::text) FROM %s WHERE $cond",
			"SELECT string_agg(id::text, ',') FROM (SELECT id FROM %s WHERE $cond ORDER BY id LIMIT 25) p");
		my ($dist, $local) = map {
			my $t = $_;
			join "\n", map { $coord->safe_psql($db, sprintf($_, $t)) } @q
		} $table, "${table}_local";
		unlike($local, qr/^0\|/, "[E] $table: the window $w->[0] .. $w->[1] holds rows");
		is($dist, $local, "[E] $table: its count, sum, ends and first 25 keys in order are the local copy's");
	}
	is( $coord->safe_psql($db,
			"SELECT count(*) FROM $table WHERE id >= $bound{$table}(now() - interval '1 hour')"),
		100,
		"[E] $table: a window of the last hour finds the 100 keys the default made");
}

# ---- [F] joins shard by shard
for (
	[
		'orders o JOIN items i ON i.order_id = o.id',
		"count(*) || '/' || sum(i.qty) || '/' || sum(o.n)", qr/orders_\d+ o\b/, qr/items_\d+ i\b/
	],
	[
		'events e JOIN tags t ON t.event_id = e.id',
		"count(*) || '/' || sum(t.n) || '/' || count(DISTINCT t.tag)", qr/events_\d+ e\b/,
		qr/tags_\d+ t\b/
	],
	[
		'orders o JOIN accounts a ON a.id = o.account',
		"count(*) || '/' || sum(o.n) || '/' || count(DISTINCT a.name)", qr/orders_\d+ o\b/, qr/accounts_\d+ a\b/
	])
{
	my ($from, $answer, @in_task) = @$_;
	my $plan = $coord->safe_psql($db, "EXPLAIN (COSTS OFF) SELECT $answer FROM $from");
	ok( $plan =~ /Task Count: $shards\n/
		  && !grep({ $plan !~ $_ } @in_task)
		  && $plan !~ /MapMergeJob|[Rr]epartition|intermediate result/,
		"[F] $from: a task per shard, each joining its shards, no repartition") or diag($plan);
	(my $local = $from) =~ s/\b(orders|items|events|tags|accounts)\b/$1_local/g;
	is( $coord->safe_psql($db, "SELECT $answer FROM $from"),
		$coord->safe_psql($db, "SELECT $answer FROM $local"),
		"[F] $from: answers as the local copies");
}

# ---- [G] COPY text and binary, out of and into distributed tables
my $copydir = $coord->basedir;
my %columns = (orders => 'id, n, kind, account', events => 'id, n, kind');

# an md5 of every row of table
sub digest
{
	my ($table, $cols) = @_;
	return $coord->safe_psql($db,
		"SELECT count(*) || ' ' || md5(string_agg(concat_ws(' ', $cols), ',' ORDER BY id)) FROM $table");
}

for my $table (qw(orders events))
{
	for my $format (qw(text binary))
	{
		my $file = "$copydir/$table.$format";
		my $copy = "${table}_$format";
		$coord->safe_psql(
			$db, qq{
		COPY $table TO '$file' WITH (FORMAT $format);
		CREATE TABLE $copy (LIKE $table INCLUDING DEFAULTS);
		SELECT create_distributed_table('$copy', 'id', colocate_with => '$table');
		COPY $copy FROM '$file' WITH (FORMAT $format);});
		is(digest($copy, $columns{$table}), digest($table, $columns{$table}),
			"[G] $table: COPY TO and FROM a file ($format) gives the same rows");
		placement_checks($copy, 'id', $table eq 'orders' ? 'objectid' : 'uuid', " (COPY $format)");
	}
}

# ---- [H] the shards' indexes answer as sequential scans; amcheck on the
# workers (each holds half of orders' and events' shards, a btree each)
my %opt = (local => 1, on => '[H] coordinator');
check_index($coord, $db, 'orders', 'orders_pkey',
	"id >= $ext.objectid_from_timestamp('2024-01-03') AND id < $ext.objectid_from_timestamp('2024-01-06')",
	plan => qr/orders_pkey_\d+/, %opt);
check_index($coord, $db, 'items', 'items_order_id', 'order_id IN (SELECT id FROM orders WHERE n % 97 = 0)',
	plan => qr/items_order_id_\d+/, %opt);
check_index($coord, $db, 'events', 'events_pkey',
	"id >= $ext.uuidv7_from_timestamp('2024-01-03') AND id < $ext.uuidv7_from_timestamp('2024-01-06')",
	plan => qr/events_pkey_\d+/, %opt);
cmp_ok(amcheck_btrees($_, $db), '>=', $shards, '[H] ' . $_->name . ": amcheck checked its $shards shards' primary keys or more")
  for @workers;

# ---- [N] time partitions of a distributed table keyed by objectid, made
# and dropped by Citus's functions (they take a key of any type with casts
# to and from timestamptz: 1.3's)
$coord->safe_psql(
	$db, qq{
CREATE TABLE tp (id $ext.objectid NOT NULL DEFAULT $ext.objectid(), n int NOT NULL)
  PARTITION BY RANGE (id);
SELECT create_distributed_table('tp', 'id');
SELECT create_time_partitions('tp', interval '1 month',
	date_trunc('month', now()) + interval '2 months', date_trunc('month', now()) - interval '6 months');
INSERT INTO tp (n) SELECT g FROM generate_series(1, 100) g;
INSERT INTO tp SELECT $ext.objectid(date_trunc('month', now()) - m * interval '1 month' + interval '1 day'), -m
  FROM generate_series(1, 6) m});
# each partition's range as the months it spans from this month's start,
# read through the casts, with its rows (counted on each partition: Citus
# takes no correlated subquery here, and tableoid is a shard's on a worker)
my $months = sub {
	my @parts = split /\n/, $coord->safe_psql(
		$db, qq{
	SELECT partition, extract(year FROM f) * 12 + extract(month FROM f),
	       extract(year FROM t) * 12 + extract(month FROM t)
	  FROM time_partitions,
	       age(from_value::$ext.objectid::timestamptz, date_trunc('month', now())) f,
	       age(to_value::$ext.objectid::timestamptz, date_trunc('month', now())) t
	 WHERE parent_table = 'tp'::regclass ORDER BY from_value});
	return join ' ', map {
		my ($p, $from, $to) = split /\|/;
		"$from..$to:" . $coord->safe_psql($db, "SELECT count(*) FROM $p")
	} @parts;
};
is($months->(),
	'-6..-5:1 -5..-4:1 -4..-3:1 -3..-2:1 -2..-1:1 -1..0:1 0..1:100 1..2:0',
	'[N] create_time_partitions() made monthly partitions bounded by the months\' smallest ids; new keys in this month\'s, backfills in theirs');
$coord->safe_psql($db,
	"CALL drop_old_time_partitions('tp', date_trunc('month', now()) - interval '3 months')");
is($months->(),
	'-3..-2:1 -2..-1:1 -1..0:1 0..1:100 1..2:0',
	'[N] drop_old_time_partitions() dropped the partitions that end 3 months back or earlier; the others keep their rows');
$coord->safe_psql($db, 'DROP TABLE tp');

# ---- [K] what to do before DROP EXTENSION objectid: undistribute or drop
# the tables distributed by an objectid column
$coord->safe_psql(
	$db, q{
SELECT undistribute_table('orders', cascade_via_foreign_keys => false);
DROP TABLE items, orders_text, orders_binary;
DROP EXTENSION objectid CASCADE;});
is(on_all("SELECT count(*) FROM pg_extension WHERE extname = 'objectid'"),
	all_nodes(0), '[K] DROP EXTENSION objectid CASCADE dropped it on every node');
is( $coord->safe_psql(
		$db, q{
	SELECT (SELECT count(*) FROM pg_dist_partition WHERE logicalrelid = 'orders'::regclass)
	       || ' ' || (SELECT count(*) FROM orders) || ' ' || (SELECT sum(n) FROM orders)
	       || ' ' || (SELECT string_agg(attname, ',' ORDER BY attnum) FROM pg_attribute
	                   WHERE attrelid = 'orders'::regclass AND attnum > 0 AND NOT attisdropped)}),
	"0 $more " . $coord->safe_psql($db, 'SELECT sum(n) FROM orders_local') . ' n,kind',
	'[K] orders, undistributed first: a local table with every row, its objectid columns dropped');
my $others = q{SELECT (SELECT count(*) || ' ' || sum(n) FROM events) || ' ' || (SELECT count(*) FROM tags)
       || ' ' || (SELECT count(*) FROM accounts)};
is( $coord->safe_psql($db, "$others || ' ' || (SELECT count(*) FROM pg_attrdef WHERE adrelid = 'events'::regclass)"),
	$coord->safe_psql($db, ($others =~ s/\b(events|tags|accounts)\b/$1_local/gr) . " || ' 0'"),
	'[K] the uuid-keyed and reference tables answer as before (the extension\'s uuidv7() default dropped with it)');
$coord->safe_psql($db, 'DROP TABLE '
	  . join(', ', (map { ($_, "${_}_local") } qw(orders events tags accounts)), qw(items_local events_text events_binary)));

# ---- [L] ALTER EXTENSION objectid UPDATE from each released version
# (the base script's version and each released update script's target)
my @released = grep { $_ ne $default } map { /objectid--(?:[0-9.]+--)?([0-9.]+)\.sql$/ ? $1 : () }
  split /\n/, slurp_file('test/update/released.sha256');
cmp_ok(scalar @released, '>', 0, "released versions: @released");
for my $from (@released)
{
	$coord->safe_psql(
		$db, qq{
	CREATE EXTENSION objectid VERSION '$from';
	CREATE TABLE o (id objectid PRIMARY KEY DEFAULT $ext.objectid(), n int NOT NULL);
	CREATE TABLE u (id uuid PRIMARY KEY DEFAULT $ext.uuidv7(), n int NOT NULL);
	SELECT create_distributed_table('o', 'id');
	SELECT create_distributed_table('u', 'id');
	INSERT INTO o SELECT $ext.objectid(timestamptz '2024-01-01 00:00:00+00' + n * interval '7 minutes'), n
	  FROM generate_series(1, $rows) n;
	INSERT INTO u SELECT $ext.uuidv7_at(timestamptz '2024-01-01 00:00:00+00' + n * interval '7 minutes'), n
	  FROM generate_series(1, $rows) n;});
	my $version = "SELECT extversion FROM pg_extension WHERE extname = 'objectid'";
	is(on_all($version), all_nodes($from), "[L] CREATE EXTENSION objectid VERSION '$from' on every node");
	my $window = qq{SELECT count(*) || ' ' || sum(n) FROM o
	 WHERE id >= $ext.objectid_from_timestamp('2024-01-02') AND id < $ext.objectid_from_timestamp('2024-01-04')};
	my $before = join "\n", digest('o', 'id, n'), digest('u', 'id, n'), $coord->safe_psql($db, $window);
	$coord->safe_psql($db, 'ALTER EXTENSION objectid UPDATE');
	is(on_all($version), all_nodes($default), "[L] $from -> $default: ALTER EXTENSION UPDATE on the coordinator updated every node");
	same_text(extension_members($_, $db), $members,
		"[L] $from -> $default: " . $_->name . ': the member listing of a fresh install (- fresh)')
	  for @nodes;
	is(join("\n", digest('o', 'id, n'), digest('u', 'id, n'), $coord->safe_psql($db, $window)),
		$before, "[L] $from -> $default: the distributed tables answer as before");
	my $key = $coord->safe_psql($db, 'SELECT id FROM o WHERE n = 7');
	my ($shard) = shard_of('o', $key);
	like($coord->safe_psql($db, "EXPLAIN (COSTS OFF) SELECT n FROM o WHERE id = '$key'"),
		qr/Task Count: 1\n(.*\n)*.*o_$shard /, "[L] $from -> $default: still a router query");
	# [K] the other way: the tables dropped first
	$coord->safe_psql($db, 'DROP TABLE o, u; DROP EXTENSION objectid');
	is( on_all(
			"SELECT count(*) FROM pg_extension WHERE extname = 'objectid' UNION ALL SELECT count(*) FROM pg_class WHERE relname ~ '^[ou]_[0-9]+\$'"),
		all_nodes("0\n0"),
		'[K] tables dropped first, DROP EXTENSION objectid leaves neither it nor a shard on any node');
}

$_->stop for @nodes;
note 'time: ' . (time - $start_time) . ' s';
done_testing();
