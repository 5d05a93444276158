
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# objectid data through pg_dump -Fc / pg_restore and through binary, text
# and CSV COPY, coming back identical and with every kind of index still
# answering.
#
# The data tables of t/ObjectidTest.pm (ROWS rows, default 20000 * SCALE:
# objectid keys under every kind of index the extension gives, extreme
# values, NULLs, an objectid[], hash partitions, uuid v7 keys), with one
# more column in oid_t per generator of test/generators that is installed,
# filled by it; beside them a table whose generator defaults must keep
# calling the extension's functions; and objectid.uuid_representation set
# on the database.  Then:
# - pg_dump -Fc (--create, --load-via-partition-root), the database renamed,
#   pg_restore --create: every table's contents, the rows per hash
#   partition, the database settings, the generator defaults and the
#   schema dump are identical;
# - before the dump and after the restore every index answers its queries
#   as a seq scan does, the rows stay in their hash partitions, amcheck's
#   bt_index_check(heapallindexed) passes on every btree, the operator
#   classes are valid, and the generator defaults call the extension's
#   functions and generate (after the restore the data tables' too);
# - COPY out and back in, in binary, text and CSV: the same rows.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $rows = $ENV{ROWS} // 20000 * scale();
my $db = 'objectid_roundtrip';
my $work = PostgreSQL::Test::Utils::tempdir();

my $node = objectid_node('roundtrip');
$node->safe_psql('postgres', "CREATE DATABASE $db");
$node->safe_psql($db,
	'CREATE EXTENSION IF NOT EXISTS objectid; CREATE EXTENSION IF NOT EXISTS amcheck'
);
my $ext_schema = $node->safe_psql($db,
	"SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'objectid'");
data_tables($node, $db, $ext_schema, $rows);
my @gens = present_generators($node, $db);
$node->safe_psql($db, join '', map { "ALTER TABLE oid_t ADD COLUMN g_@{[ $_->[0] =~ s/.*\.//r ]} $_->[1] DEFAULT $_->[0]();\n" } @gens);

# Generator defaults that must keep calling the extension's functions on
# 18+, where core has uuidv4() and uuidv7() too: written schema-qualified,
# or unqualified with the extension's schema ahead of pg_catalog in
# search_path (both store the function itself, which pg_dump writes
# qualified).  v7_plain is unqualified under the default path: core's on
# 18+, the extension's before.
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

$node->safe_psql($db, "ALTER DATABASE $db SET objectid.uuid_representation = 'javaLegacy'");
note 'generator columns of oid_t: ' . join(', ', map { "@$_" } @gens);

# everything that must survive, as text
sub facts
{
	my ($d) = @_;
	my $facts = data_fingerprint($node, $d, $ext_schema) . "\n== rt_defaults\n"
	  . $node->safe_psql($d, 'COPY (SELECT * FROM rt_defaults ORDER BY n) TO STDOUT') . "\n";
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

data_checks($node, $db, $ext_schema, $db);
check_defaults($db);
my $before = facts($db);

run_client($node, 'pg_dump', '-Fc', '--create', '--load-via-partition-root',
	'-f', "$work/rt.dump", '-d', $db);
$node->safe_psql('postgres', "ALTER DATABASE $db RENAME TO ${db}_orig");
run_client($node, 'pg_restore', '--create', '--exit-on-error', '-d',
	'postgres', "$work/rt.dump");
same_text(facts($db), $before,
	'pg_dump -Fc / pg_restore: contents, partitions, settings, generator defaults and schema identical'
);
data_checks($node, $db, $ext_schema, $db);
check_defaults($db);
data_defaults($node, $db, $ext_schema, $db);

for my $fmt (qw(binary text csv))
{
	$node->safe_psql(
		$db, qq{
\\copy oid_t TO '$work/oid_t.$fmt' WITH (FORMAT $fmt)
CREATE TABLE copy_$fmt (LIKE oid_t INCLUDING ALL);
\\copy copy_$fmt FROM '$work/oid_t.$fmt' WITH (FORMAT $fmt)
});
	is( $node->safe_psql(
			$db, qq{
		SELECT (SELECT count(*) FROM (TABLE oid_t EXCEPT ALL TABLE copy_$fmt) a)
		     || '|' || (SELECT count(*) FROM (TABLE copy_$fmt EXCEPT ALL TABLE oid_t) b)
		     || '|' || (SELECT count(*) FROM copy_$fmt)}),
		'0|0|' . ($rows + 1003), "COPY $fmt: every row comes back identical");
}

$node->stop;
done_testing();
