
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# ALTER EXTENSION objectid UPDATE gives the same extension as a fresh CREATE
# EXTENSION of the new version, and the data survives it; against the
# versions installed into the server under test.
#
# Guards against: a released install script edited after its release
# (databases that installed it would differ from new ones); an update script
# that forgets an object, a marking (volatility, strictness, parallel
# safety, leakproofness), an operator's estimator, an operator class member
# or a comment that the new full install script has, or the reverse (the
# two scripts drifting apart); a version that cannot be reached from an
# older one; an update that breaks the indexes or values of tables already
# using the type.
#
# For every update script objectid--A--B.sql installed, and for every older
# version A to the default version:
# - database upd: CREATE EXTENSION objectid VERSION 'A', tables filled
#   (objectid keys under btree, hash and BRIN indexes, uuid v7 keys), then
#   ALTER EXTENSION objectid UPDATE TO 'B';
# - database fresh: CREATE EXTENSION objectid VERSION 'B', the same tables;
# - the member objects with their properties and comments, listed from the
#   catalogs, are identical; `pg_dump --schema-only --binary-upgrade` (the
#   mode that writes out every member object of an extension) of the two is
#   identical apart from OIDs;
# - in upd, every index answers as a sequential scan does, the values read
#   the same as before the update, and the generators go on filling the
#   defaults.

use strict;
use warnings;

use Digest::SHA;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $rows = $ENV{ROWS} // 5000 * scale();

# released scripts are frozen: the installed copies match the checksums
# taken at release (test/update/released.sha256)
my $extdir = pg_config('--sharedir') . '/extension';
for my $line (split /\n/, slurp_file('test/update/released.sha256'))
{
	my ($sum, $file) = split /\s+/, $line;
	my $got = Digest::SHA->new(256)->addfile("$extdir/$file")->hexdigest;
	is($got, $sum,
		"$file is the released script (ship changes as a new version)");
}

my $node = objectid_node('update');

my $default = $node->safe_psql('postgres',
	"SELECT default_version FROM pg_available_extensions WHERE name = 'objectid'"
);
my @versions = split /\n/, $node->safe_psql(
	'postgres', q{
	SELECT version FROM pg_available_extension_versions
	 WHERE name = 'objectid' ORDER BY string_to_array(version, '.')::int[]});
# every installed version reaches the default version by update scripts
is( $node->safe_psql(
		'postgres', qq{
		SELECT string_agg(source, ', ') FROM pg_extension_update_paths('objectid')
		 WHERE target = '$default' AND source <> target AND path IS NULL}),
	'',
	"every installed version has an update path to $default");
# every update script that is installed
my %step = map { $_ => 1 } split /\n/, $node->safe_psql(
	'postgres', q{
	SELECT source || ' ' || target FROM pg_extension_update_paths('objectid')
	 WHERE path = source || '--' || target});
cmp_ok(scalar @versions, '>', 1, "versions installed: @versions (default $default)");
cmp_ok(scalar keys %step, '>', 0, 'an update script is installed');

# the tables of a database in use: keys from the generators, backfilled
# keys, indexes of each access method the type supports
sub fill
{
	my ($db) = @_;
	$node->safe_psql(
		$db, q{
		CREATE EXTENSION IF NOT EXISTS amcheck;
		CREATE TABLE ev (
			id	objectid PRIMARY KEY DEFAULT objectid(),
			at	objectid NOT NULL,
			u	uuid NOT NULL DEFAULT uuidv7(),
			n	int NOT NULL
		);
		CREATE INDEX ev_at_brin ON ev USING brin (at) WITH (pages_per_range = 2);
		CREATE INDEX ev_at_hash ON ev USING hash (at);
		CREATE INDEX ev_u ON ev (u);
		CREATE TABLE ev_part (id objectid PRIMARY KEY, n int) PARTITION BY HASH (id);
		CREATE TABLE ev_part_0 PARTITION OF ev_part FOR VALUES WITH (MODULUS 2, REMAINDER 0);
		CREATE TABLE ev_part_1 PARTITION OF ev_part FOR VALUES WITH (MODULUS 2, REMAINDER 1)});
	return;
}

sub load
{
	my ($db) = @_;
	$node->safe_psql(
		$db, qq{
		WITH new AS (
			INSERT INTO ev (at, n)
			SELECT objectid(timestamptz '2020-01-01 00:00:00+00' + n * interval '17 minutes'), n
			  FROM generate_series(1, $rows) n
			RETURNING id, n)
		INSERT INTO ev_part SELECT id, n FROM new;
		ANALYZE ev});
	return;
}

# the schema as pg_upgrade would recreate it (every member object of the
# extension written out), without the OIDs it pins
sub schema_without_oids
{
	my ($db) = @_;
	my $dump = run_client($node, 'pg_dump', '--schema-only', '--binary-upgrade',
		'-d', $db);
	my @lines = grep {
		!/binary_upgrade_set_next_|^SET relfrozenxid = |^-- Dumped|^\\(un)?restrict/
	} split /\n/, $dump;
	return join("\n", map { s/\Q$db\E/DB/gr } @lines) . "\n";
}

# every row as text, with what the readers make of it
sub row_values
{
	my ($db) = @_;
	return $node->safe_psql(
		$db, q{
		SELECT md5(string_agg(format('%s %s %s %s %s', id, at, objectid_timestamp(at),
		                             u, uuid_extract_timestamp(u)), ',' ORDER BY n))
		  FROM ev});
}

sub older
{
	my ($x, $y) = @_;
	my @x = split /\./, $x;
	my @y = split /\./, $y;
	while (@x && @y)
	{
		my ($p, $q) = (shift @x, shift @y);
		return $p < $q if $p != $q;
	}
	return @x < @y;
}

my $checked = 0;
for my $from (@versions)
{
	next if $from eq $default;
	for my $to (@versions)
	{
		# each update script, and each older version straight to the default
		next unless $step{"$from $to"} || $to eq $default;
		next unless older($from, $to);
		note "$from -> $to";
		$node->safe_psql('postgres', 'CREATE DATABASE upd');
		$node->safe_psql('postgres', 'CREATE DATABASE fresh');

		$node->safe_psql('upd', "CREATE EXTENSION objectid VERSION '$from'");
		fill('upd');
		load('upd');
		my $before = row_values('upd');
		$node->safe_psql('upd', "ALTER EXTENSION objectid UPDATE TO '$to'");
		is( $node->safe_psql(
				'upd',
				"SELECT extversion FROM pg_extension WHERE extname = 'objectid'"),
			$to,
			"$from -> $to: extversion");

		$node->safe_psql('fresh', "CREATE EXTENSION objectid VERSION '$to'");
		fill('fresh');

		my $members_fresh = extension_members($node, 'fresh');
		my $n = () = $members_fresh =~ /\n/g;
		cmp_ok($n + 1, '>', 100, "$to: member objects listed ($n + 1)");
		same_text(extension_members($node, 'upd'), $members_fresh,
			"$from -> $to: the updated extension's members and their properties are a fresh ${to}'s (- fresh, + updated)"
		);
		my $schema_fresh = schema_without_oids('fresh');
		like(
			$schema_fresh,
			qr/ALTER EXTENSION objectid ADD/,
			'pg_dump --binary-upgrade writes the extension members');
		same_text(schema_without_oids('upd'), $schema_fresh,
			"$from -> $to: pg_dump of the updated extension is a fresh ${to}'s (- fresh, + updated)"
		);

		# the data: unchanged, and every index answers as a seq scan does
		is(row_values('upd'), $before,
			"$from -> $to: the values read as before the update");
		my @answers = (
			check_index(
				$node, 'upd', 'ev', 'ev_pkey',
				"id >= objectid_from_timestamp('2000-01-01')"),
			check_index(
				$node, 'upd', 'ev', 'ev_at_brin',
				"at >= objectid_from_timestamp('2020-01-10') AND at < objectid_from_timestamp('2020-01-12')"
			),
			check_index(
				$node, 'upd', 'ev', 'ev_at_hash',
				'at IN (SELECT at FROM ev WHERE n % 97 = 0)'),
			check_index(
				$node, 'upd', 'ev', 'ev_u',
				"u >= '00000000-0000-7000-8000-000000000000'"));
		like($answers[0], qr{^$rows/}, "$from -> $to: the btree finds all $rows rows");
		cmp_ok(amcheck_btrees($node, 'upd'), '>=', 4,
			"$from -> $to: amcheck saw 4 btrees or more");
		# and it goes on: the generators still fill the defaults
		load('upd');
		is($node->safe_psql('upd', 'SELECT count(DISTINCT id) FROM ev'),
			2 * $rows,
			"$from -> $to: new rows after the update collide with none");
		note "$from -> $to: $n + 1 members, pg_dump identical, indexes: @answers";
		$checked++;
		$node->safe_psql('postgres', 'DROP DATABASE upd');
		$node->safe_psql('postgres', 'DROP DATABASE fresh');
	}
}
cmp_ok($checked, '>', 0, "$checked update(s) checked");

$node->stop;
done_testing();
