
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# A streaming hot standby answers index scans on objectid keys as its
# primary does, and once promoted generates keys that never collide with
# the old primary's.
#
# A primary, and a standby made from it by pg_basebackup (streaming,
# hot_standby on).  The data tables of t/ObjectidTest.pm get ROWS rows
# (default 10000 * SCALE) on the primary, half before a CHECKPOINT, half
# after; once the standby has replayed it all, the failures each check
# guards against:
# - the standby's copy of an index differs from the primary's: the rows on
#   the standby are the primary's, and on the standby every index answers
#   its queries (the primary key and the hash index probed for every row)
#   as a sequential scan does, the rows are in their hash partitions,
#   bt_index_check(heapallindexed) is clean;
# - a promoted standby generates the old primary's keys again (generator
#   state copied with the data directory by pg_basebackup, or derived from
#   something the copy shares, such as the system identifier): after
#   promotion, both servers generate keys in new sessions (the old primary
#   as if split-brained); none of the new primary's objectid and uuidv7 keys
#   equals any of the old primary's, and the new primary's sessions draw
#   ObjectId process values the old primary never had; with the server's
#   generator, the promoted standby's value is not the one it used in
#   recovery.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $rows = $ENV{ROWS} // 10000 * scale();
my $db = 'keys';

my $primary = objectid_node('primary', allows_streaming => 1);
note 'server: ' . $primary->safe_psql('postgres', 'SHOW server_version');
$primary->safe_psql('postgres', "CREATE DATABASE $db");
$primary->safe_psql($db, 'CREATE EXTENSION objectid; CREATE EXTENSION amcheck');
my $ext = $primary->safe_psql($db,
	"SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'objectid'");
$primary->backup('base');
my $standby = PostgreSQL::Test::Cluster->new('standby', install_path => install_path());
$standby->init_from_backup($primary, 'base', has_streaming => 1);
$standby->start;
is($standby->safe_psql($db, 'SELECT pg_is_in_recovery()'), 't', 'the standby made by pg_basebackup is in recovery');

data_tables($primary, $db, $ext, $rows / 2);
$primary->safe_psql($db, 'CHECKPOINT');
data_rows($primary, $db, $ext, $rows / 2 + 1, $rows);
$primary->wait_for_catchup($standby, 'replay', $primary->lsn('insert'));
same_text(data_fingerprint($standby, $db, $ext), data_fingerprint($primary, $db, $ext),
	"the standby's rows are the primary's (- primary, + standby)");
data_checks($standby, $db, $ext, 'standby');

# ---- promotion: both servers generate; nothing in common.  The server's
# generator (objectid_generator()) gives the standby a value of its own,
# provisional in recovery: the promoted server draws another.
my $server = $standby->safe_psql($db, 'SELECT objectid_generator()') eq 'server';
my $in_recovery = $standby->safe_psql($db, "SELECT encode(substr(objectid()::bytea, 5, 5), 'hex')");
$standby->promote;
ok($standby->poll_query_until($db, 'SELECT NOT pg_is_in_recovery()'), 'the promoted standby left recovery');
new_keys($_, $db, $ext, $_->name . ' after the promotion') for $primary, $standby;
for my $t (qw(oid_t uuid_t))
{
	my %old = map { $_ => 1 } split /\n/, $primary->safe_psql($db, "SELECT id FROM $t");
	my @new = split /\n/, $standby->safe_psql($db, "SELECT id FROM $t WHERE n < 0");
	is(scalar(grep { $old{$_} } @new), 0,
		"$t: none of the promoted standby's " . @new . " new keys is one of the old primary's @{[ scalar keys %old ]}");
}
my %old_pv = map { $_ => 1 } process_values($primary, $db, 'h', 'true'), process_values($primary, $db, 'id', 'n < 0');
my @new_pv = process_values($standby, $db, 'id', 'n < 0');
is(scalar @new_pv, $server ? 1 : 4,
	$server
	? '4 sessions on the promoted standby share one process value, the server\'s'
	: '4 sessions on the promoted standby drew 4 process values');
is(join(' ', grep { $old_pv{$_} } @new_pv), '',
	'the promoted standby drew none of the old primary\'s ' . scalar(keys %old_pv) . ' process values');
SKIP:
{
	skip 'objectid() uses the session\'s generator here', 1 unless $server;
	isnt($new_pv[0], $in_recovery,
		"the server's value drawn in recovery ($in_recovery) is replaced once the standby is promoted ($new_pv[0])");
}

$standby->stop;
$primary->stop;
done_testing();
