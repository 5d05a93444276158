
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
# - database upd: CREATE EXTENSION objectid VERSION 'A', the data tables of
#   t/ObjectidTest.pm filled (objectid keys under every index kind, hash
#   partitions, uuid v7 keys), then ALTER EXTENSION objectid UPDATE TO 'B';
# - database fresh: CREATE EXTENSION objectid VERSION 'B', the same tables;
# - the member objects with their properties and comments, listed from the
#   catalogs, are identical; `pg_dump --schema-only --binary-upgrade` (the
#   mode that writes out every member object of an extension) of the two is
#   identical apart from OIDs;
# - in upd, the values read the same as before the update, every index
#   answers as a sequential scan does, the rows stay in their hash
#   partitions, the operator classes are valid, and the generators go on
#   filling the defaults.

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

# the schema as pg_upgrade would recreate it (every member object of the
# extension written out), without the OIDs it pins
sub schema_without_oids
{
	my ($db) = @_;
	my $dump = run_client($node, 'pg_dump', '--schema-only', '--binary-upgrade',
		'-d', $db);
	my @lines = grep {
		!/binary_upgrade_set_next_|^SET relfrozenxid = |^WHERE oid = |^-- Dumped|^\\(un)?restrict/
	} split /\n/, $dump;
	return join("\n", map { s/\Q$db\E/DB/gr } @lines) . "\n";
}

my $checked = 0;
for my $i (0 .. $#versions)
{
	my $from = $versions[$i];
	# each newer version (@versions is in ascending order)
	for my $to (@versions[ $i + 1 .. $#versions ])
	{
		# each update script, and each older version straight to the default
		next unless $step{"$from $to"} || $to eq $default;
		note "$from -> $to";
		$node->safe_psql('postgres', 'CREATE DATABASE upd');
		$node->safe_psql('postgres', 'CREATE DATABASE fresh');

		$node->safe_psql('upd', "CREATE EXTENSION objectid VERSION '$from'; CREATE EXTENSION amcheck");
		$node->safe_psql('fresh', "CREATE EXTENSION objectid VERSION '$to'; CREATE EXTENSION amcheck");
		my $ext = $node->safe_psql('upd',
			"SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'objectid'");
		# (fresh for its schema: the tables without the generated rows)
		data_tables($node, 'upd', $ext, $rows);
		data_tables($node, 'fresh', $ext, 0);
		my $before = data_fingerprint($node, 'upd', $ext);
		$node->safe_psql('upd', "ALTER EXTENSION objectid UPDATE TO '$to'");
		is($node->safe_psql('upd', "SELECT extversion FROM pg_extension WHERE extname = 'objectid'"),
			$to, "$from -> $to: extversion");

		my $members_fresh = extension_members($node, 'fresh');
		my $n = () = $members_fresh =~ /\n/g;
		cmp_ok($n + 1, '>', 100, "$to: member objects listed ($n + 1)");
		same_text(extension_members($node, 'upd'), $members_fresh,
			"$from -> $to: the updated extension's members and their properties are a fresh ${to}'s (- fresh, + updated)"
		);
		my $schema_fresh = schema_without_oids('fresh');
		like($schema_fresh, qr/ALTER EXTENSION objectid ADD/, 'pg_dump --binary-upgrade writes the extension members');
		same_text(schema_without_oids('upd'), $schema_fresh,
			"$from -> $to: pg_dump of the updated extension is a fresh ${to}'s (- fresh, + updated)"
		);

		# the data: unchanged, every index answering, the generators going on
		same_text(data_fingerprint($node, 'upd', $ext), $before, "$from -> $to: the values read as before the update");
		data_checks($node, 'upd', $ext, "$from -> $to");
		data_defaults($node, 'upd', $ext, "$from -> $to");
		note "$from -> $to: $n + 1 members, pg_dump identical";
		$checked++;
		$node->safe_psql('postgres', 'DROP DATABASE upd');
		$node->safe_psql('postgres', 'DROP DATABASE fresh');
	}
}
cmp_ok($checked, '>', 0, "$checked update(s) checked");

$node->stop;
done_testing();
