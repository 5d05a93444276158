
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# objectid data through pg_dump -Fc / pg_restore and through binary, text
# and CSV COPY, coming back identical and with every kind of index still
# answering.
#
# A table keyed by objectid (ROWS rows, default 20000 * SCALE) holds ids
# from objectid(), backfilled ids, the extreme values, NULLs, an objectid[]
# and one column per generator of test/generators that is installed, under
# a btree primary key, a hash index, BRIN minmax, minmax_multi and bloom
# indexes; beside it a table partitioned by hash of an objectid, and one
# whose generator defaults must keep calling the extension's functions.
# The settings of @gucs are set on the database when the server has them.
# Then:
# - pg_dump -Fc (--create, --load-via-partition-root), the database renamed,
#   pg_restore --create: every table's contents, the schema dump, the
#   database settings, the generator defaults and the rows per hash
#   partition are identical;
# - in both databases every index answers its queries as a seq scan does,
#   amcheck's bt_index_check(heapallindexed) passes on every btree, and the
#   generator defaults call the extension's functions and generate;
# - COPY out and back in, in binary, text and CSV: the same rows.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $rows = $ENV{ROWS} // 20000 * scale();
# database settings dumped and restored: name => value; a name the server
# does not know is skipped
my @gucs = ([ 'objectid.uuid_representation', 'javaLegacy' ]);
my $db = 'objectid_roundtrip';
my $work = PostgreSQL::Test::Utils::tempdir();

my $node = objectid_node('roundtrip');
$node->safe_psql('postgres', "CREATE DATABASE $db");
$node->safe_psql($db,
	'CREATE EXTENSION IF NOT EXISTS objectid; CREATE EXTENSION IF NOT EXISTS amcheck'
);
my @gens = present_generators($node, $db);

my ($extra_cols, $extra_vals) = ('', '');
for my $g (@gens)
{
	my ($fn, $type) = @$g;
	my $name = $fn =~ s/.*\.//r;
	$extra_cols .= ", g_$name $type";
	$extra_vals .= ", $fn()";
}

$node->safe_psql(
	$db, qq{
CREATE TABLE rt (
	id		objectid PRIMARY KEY,
	at		objectid NOT NULL,
	h		objectid,
	mm		objectid,
	bl		objectid,
	maybe	objectid,
	ids		objectid[],
	n		int NOT NULL UNIQUE
	$extra_cols
);
INSERT INTO rt
SELECT id, at, id, id, id,
	   CASE WHEN n % 7 = 0 THEN NULL ELSE objectid() END,
	   CASE WHEN n % 5 = 0 THEN NULL ELSE ARRAY[at, NULL, id] END,
	   n $extra_vals
  FROM (SELECT objectid() AS id,
			   objectid(timestamptz '2001-02-03 04:05:06+00' + n * interval '37 minutes') AS at,
			   n
		  FROM generate_series(1, $rows) n) s;
INSERT INTO rt (id, at, n) VALUES
	('000000000000000000000000', '000000000000000000000000', -1),
	('ffffffffffffffffffffffff', 'ffffffffffffffffffffffff', -2),
	('7fffffff0000000000000000', '80000000ffffffffffffffff', -3);
CREATE INDEX rt_at_brin ON rt USING brin (at) WITH (pages_per_range = 4);
CREATE INDEX rt_h_hash ON rt USING hash (h);
CREATE INDEX rt_mm_brin ON rt USING brin (mm objectid_minmax_multi_ops) WITH (pages_per_range = 4);
CREATE INDEX rt_bl_brin ON rt USING brin (bl objectid_bloom_ops) WITH (pages_per_range = 4);
CREATE INDEX rt_maybe ON rt (maybe);
CREATE TABLE rt_part (id objectid PRIMARY KEY, n int) PARTITION BY HASH (id);
CREATE TABLE rt_part_0 PARTITION OF rt_part FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE rt_part_1 PARTITION OF rt_part FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE rt_part_2 PARTITION OF rt_part FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE rt_part_3 PARTITION OF rt_part FOR VALUES WITH (MODULUS 4, REMAINDER 3);
INSERT INTO rt_part SELECT id, n FROM rt;
ANALYZE});

# Generator defaults that must keep calling the extension's functions on
# 18+, where core has uuidv4() and uuidv7() too: written schema-qualified,
# or unqualified with the extension's schema ahead of pg_catalog in
# search_path (both store the function itself, which pg_dump writes
# qualified).  v7_plain is unqualified under the default path: core's on
# 18+, the extension's before.
my $ext_schema = $node->safe_psql($db,
	"SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'objectid'"
);
$node->safe_psql(
	$db, qq{
CREATE TABLE rt_defaults (
	n		int,
	oid_q	objectid DEFAULT $ext_schema.objectid(),
	v7_q	uuid DEFAULT $ext_schema.uuidv7(),
	v7_plain uuid DEFAULT uuidv7()
);
SET search_path = $ext_schema, pg_catalog;
ALTER TABLE rt_defaults ADD COLUMN v7_path uuid DEFAULT uuidv7(),
						ADD COLUMN v4_path uuid DEFAULT uuidv4();
RESET search_path;
INSERT INTO rt_defaults (n) SELECT generate_series(1, 10)});

# each default of rt_defaults, as written back, and the functions it calls
# (from its stored parse tree)
sub defaults
{
	my ($d) = @_;
	return $node->safe_psql(
		$d, q{
	SELECT a.attname || ' ' || pg_get_expr(ad.adbin, ad.adrelid) || ' -> '
	       || (SELECT string_agg(p.pronamespace::regnamespace || '.' || p.proname, ', ')
	             FROM regexp_matches(ad.adbin::text, ':funcid (\d+)', 'g') m
	             JOIN pg_proc p ON p.oid = m[1]::oid)
	  FROM pg_attrdef ad
	  JOIN pg_attribute a ON a.attrelid = ad.adrelid AND a.attnum = ad.adnum
	 WHERE ad.adrelid = 'rt_defaults'::regclass
	 ORDER BY a.attnum});
}

# the extension's generators are the ones the defaults call, and they
# generate
sub check_defaults
{
	my ($d) = @_;
	my $defaults = defaults($d);
	my @ours = grep { /^(oid_q|v7_q|v7_path|v4_path) / && /-> \Q$ext_schema\E\./ }
	  split /\n/, $defaults;
	is(scalar @ours, 4,
		"$d: the generator defaults call the extension's functions")
	  or diag($defaults);
	$node->safe_psql($d,
		'INSERT INTO rt_defaults (n) SELECT -generate_series(1, 100)');
	is( $node->safe_psql(
			$d, q{
		SELECT count(DISTINCT oid_q) + count(DISTINCT v7_q) + count(DISTINCT v7_path)
		       + count(DISTINCT v4_path)
		  FROM rt_defaults
		 WHERE n < 0 AND uuid_extract_version(v7_q) = 7
		   AND uuid_extract_version(v7_path) = 7 AND uuid_extract_version(v4_path) = 4
		   AND objectid_timestamp(oid_q) > now() - interval '1 hour'}),
		400,
		"$d: the defaults generate as they should");
	$node->safe_psql($d, 'DELETE FROM rt_defaults WHERE n < 0');
	return;
}

my @gucs_set;
for my $s (@gucs)
{
	my ($name, $value) = @$s;
	# (the library defines its settings when it is loaded)
	next
	  if $node->safe_psql($db,
		"LOAD '\$libdir/objectid'; SELECT 1 FROM pg_settings WHERE name = '$name'"
	  ) eq '';
	$node->safe_psql($db, "ALTER DATABASE $db SET $name = '$value'");
	push @gucs_set, "$name=$value";
}
note "rt: "
  . $node->safe_psql($db, 'SELECT count(*) FROM rt')
  . ' rows; generator columns: '
  . join(', ', map { "@$_" } @gens)
  . '; database settings: '
  . (@gucs_set ? "@gucs_set" : 'none');

# everything that must survive, as text
sub facts
{
	my ($d) = @_;
	my $facts = '';
	for my $t (qw(rt rt_part rt_defaults))
	{
		$facts .= "== $t\n"
		  . $node->safe_psql($d, "COPY (SELECT * FROM $t ORDER BY n) TO STDOUT")
		  . "\n";
	}
	$facts .= "== partitions\n"
	  . $node->safe_psql($d,
		'SELECT tableoid::regclass, count(*) FROM rt_part GROUP BY 1 ORDER BY 1')
	  . "\n";
	$facts .= "== settings\n" . $node->safe_psql(
		$d, q{
		SELECT unnest(setconfig) FROM pg_db_role_setting
		 WHERE setdatabase = (SELECT oid FROM pg_database
		                       WHERE datname = current_database())
		 ORDER BY 1}) . "\n";
	$facts .= "== defaults\n" . defaults($d) . "\n";
	# (\restrict keys are random per dump)
	$facts .= "== schema\n" . join("\n",
		grep { !/^\\(un)?restrict / }
		  split /\n/, run_client($node, 'pg_dump', '-s', '-d', $d));
	return $facts;
}

# each index answers as a seq scan does; amcheck clean; the defaults call
# the extension's generators
sub check_indexes
{
	my ($d) = @_;
	my $answer = "coalesce(sum(n), 0) || '/' || count(*)";
	my @checks = (
		[ rt_pkey => 'id = ANY (ARRAY(SELECT id FROM rt WHERE n % 997 = 1))' ],
		[ rt_pkey => "id >= objectid_from_timestamp(now() - interval '1 hour')" ],
		[
			rt_at_brin =>
			  "at >= objectid_from_timestamp('2001-02-10') AND at < objectid_from_timestamp('2001-02-11')"
		],
		[ rt_h_hash => 'h = (SELECT id FROM rt WHERE n = ' . (int($rows / 5) + 1) . ')' ],
		[ rt_mm_brin => 'mm = (SELECT id FROM rt WHERE n = ' . (int($rows / 3) + 1) . ')' ],
		[ rt_bl_brin => 'bl = (SELECT id FROM rt WHERE n = ' . (int($rows / 2) + 1) . ')' ],
		[
			rt_maybe => 'maybe > (SELECT maybe FROM rt WHERE n >= '
			  . ($rows - int($rows / 4))
			  . ' AND maybe IS NOT NULL ORDER BY n LIMIT 1)'
		]);
	check_index($node, $d, 'rt', @$_) for @checks;
	amcheck_btrees($node, $d);
	check_defaults($d);
	return;
}

check_indexes($db);
my $before = facts($db);

run_client($node, 'pg_dump', '-Fc', '--create', '--load-via-partition-root',
	'-f', "$work/rt.dump", '-d', $db);
$node->safe_psql('postgres', "ALTER DATABASE $db RENAME TO ${db}_orig");
run_client($node, 'pg_restore', '--create', '--exit-on-error', '-d',
	'postgres', "$work/rt.dump");
same_text(facts($db), $before,
	'pg_dump -Fc / pg_restore: contents, partitions, settings, generator defaults and schema identical'
);
check_indexes($db);
check_indexes("${db}_orig");

for my $fmt (qw(binary text csv))
{
	$node->safe_psql(
		$db, qq{
\\copy rt TO '$work/rt.$fmt' WITH (FORMAT $fmt)
CREATE TABLE rt_$fmt (LIKE rt INCLUDING ALL);
\\copy rt_$fmt FROM '$work/rt.$fmt' WITH (FORMAT $fmt)
});
	is( $node->safe_psql(
			$db, qq{
		SELECT (SELECT count(*) FROM (TABLE rt EXCEPT ALL TABLE rt_$fmt) a)
		     + (SELECT count(*) FROM (TABLE rt_$fmt EXCEPT ALL TABLE rt) b)}),
		0,
		"COPY $fmt: the rows come back identical");
	is($node->safe_psql($db, "SELECT count(*) FROM rt_$fmt"),
		$rows + 3, "COPY $fmt: every row comes back");
}

$node->stop;
done_testing();
