
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# A streaming hot standby answers index scans on objectid keys as its
# primary does, and once promoted generates keys that never collide with
# the old primary's.
#
# A primary, and a standby made from it by pg_basebackup (streaming,
# hot_standby on).  The key tables of t/ObjectidTest.pm get ROWS rows
# (default 10000 * SCALE) on the primary, with a CHECKPOINT and a BRIN
# summarization halfway; once the standby has replayed it all, the failures
# each check guards against:
# - the standby's copy of an index on objectid differs from the primary's:
#   each btree and hash index probed for every row, the BRIN index over four
#   ranges, with the index forced and then with a sequential scan, on both
#   servers; the answers and the keys (as text, in objectid's order) equal
#   each other and across the two servers; bt_index_check(heapallindexed)
#   on the standby as well;
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
key_tables($primary, $db);
$primary->backup('base');
my $standby = PostgreSQL::Test::Cluster->new('standby', install_path => install_path());
$standby->init_from_backup($primary, 'base', has_streaming => 1);
$standby->start;
is($standby->safe_psql($db, 'SELECT pg_is_in_recovery()'), 't', 'the standby made by pg_basebackup is in recovery');

key_rows($primary, $db, 1, $rows / 2);
$primary->safe_psql($db, "CHECKPOINT; SELECT brin_summarize_new_values('k_b')");
key_rows($primary, $db, $rows / 2 + 1, $rows);
$primary->wait_for_catchup($standby, 'replay', $primary->lsn('insert'));
my %answers = map {
	$_->name => key_answers($_, $db, $_->name)
	  . $_->safe_psql($db, "SELECT count(*) || ' ' || md5(string_agg(id::text, ',' ORDER BY id)) FROM k")
} $primary, $standby;
same_text($answers{standby}, $answers{primary},
	"the standby's index answers and keys are the primary's (- primary, + standby)");
amcheck_btrees($standby, $db);

# ---- promotion: both servers generate; nothing in common.  The server's
# generator (objectid_generator()) gives the standby a value of its own,
# provisional in recovery: the promoted server draws another.
my $server = $standby->safe_psql($db, 'SELECT objectid_generator()') eq 'server';
my $in_recovery = $standby->safe_psql($db, "SELECT encode(substr(objectid()::bytea, 5, 5), 'hex')");
$standby->promote;
ok($standby->poll_query_until($db, 'SELECT NOT pg_is_in_recovery()'), 'the promoted standby left recovery');
for my $node ($primary, $standby)
{
	$node->safe_psql($db,
		"INSERT INTO k (n) SELECT -$_ FROM generate_series(1, 500); INSERT INTO u (n) SELECT -$_ FROM generate_series(1, 500)"
	) for 1 .. 4;
}
for my $t (qw(k u))
{
	my %old = map { $_ => 1 } split /\n/, $primary->safe_psql($db, "SELECT id FROM $t");
	my @new = split /\n/, $standby->safe_psql($db, "SELECT id FROM $t WHERE n < 0");
	is(scalar @new, 2000, "$t: 4 sessions on the promoted standby generated 2000 keys");
	is(scalar(grep { $old{$_} } @new), 0, "$t: none of them is one of the old primary's @{[ scalar keys %old ]} keys");
}
my %old_pv = map { $_ => 1 } process_values($primary, $db, 'true');
my @new_pv = process_values($standby, $db, 'n < 0');
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
amcheck_btrees($standby, $db);

$standby->stop;
$primary->stop;
done_testing();
