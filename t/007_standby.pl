
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# A streaming hot standby answers index scans on objectid and uuid keys as
# its primary does, and once promoted generates keys that never collide
# with the old primary's.
#
# A primary, and a standby made from it by pg_basebackup (streaming,
# hot_standby on).  CLIENTS pgbench clients (default 4) run the key
# transaction of t/ObjectidTest.pm on the primary (generated keys into
# k_btree and u_btree, copies into k_hash, k_brin, u_hash) for the whole
# comparison, at RATE transactions per second (default 100 * SCALE).
# ROUNDS times (default 3), after each TXNS more transactions (default
# 200 * SCALE), while they insert: the primary's oldest running transaction
# x and then its WAL position; once the standby has replayed that position,
# both answer the same queries over the rows of transactions before x (all
# committed or aborted before the position, so the same rows on both).  The
# failures each check guards against:
# - the standby's copy of an index differs from the primary's (WAL replay of
#   btree, hash or BRIN inserts on objectid or uuid): each btree and hash
#   index probed for every row of another table, the BRIN index over four
#   ranges, with the index forced and then with a sequential scan, on both;
#   the answers equal each other and across the two servers;
#   bt_index_check(heapallindexed) on the standby as well;
# - the standby loses or changes keys: the md5 of every transaction's keys
#   in every table is the same on both;
# - a promoted standby generates the old primary's keys again (generator
#   state copied with the data directory by pg_basebackup, or derived from
#   something the copy shares, such as the system identifier): after
#   promotion, both servers generate keys in new sessions (the old primary
#   as if split-brained); none of the new primary's keys equals any key of
#   the old primary, and the new primary's sessions draw ObjectId process
#   values the old primary never had; with the server's generator, the
#   promoted standby's value is not the one it used in recovery.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $rounds = $ENV{ROUNDS} // 3;
# transactions before the first round and between rounds, and the rate
# (transactions per second) pgbench holds them to
my $txns = $ENV{TXNS} // 200 * scale();
my $rate = $ENV{RATE} // 100 * scale();
my $clients = $ENV{CLIENTS} // 4;
my $db = 'keys';

my $primary = objectid_node('primary', allows_streaming => 1);
note 'server: ' . $primary->safe_psql('postgres', 'SHOW server_version');
$primary->safe_psql('postgres', "CREATE DATABASE $db");
$primary->safe_psql($db,
	'CREATE EXTENSION objectid; CREATE EXTENSION amcheck');
my $ext = $primary->safe_psql($db,
	"SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'objectid'"
);
$primary->safe_psql($db, key_tables($ext));

$primary->backup('base');
my $standby = PostgreSQL::Test::Cluster->new('standby',
	install_path => install_path());
$standby->init_from_backup($primary, 'base', has_streaming => 1);
$standby->start;
is($standby->safe_psql($db, 'SELECT pg_is_in_recovery()'),
	't', 'the standby made by pg_basebackup is in recovery');

my $load = key_load($primary, $db, clients => $clients, rate => $rate);
for my $r (1 .. $rounds)
{
	wait_acked($load, $r * $txns);
	$primary->safe_psql($db, "SELECT brin_summarize_new_values('k_brin_id')");
	my ($xmin, $lsn) = split /\|/, $primary->safe_psql($db,
		'SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint % 4294967296, pg_current_wal_lsn()'
	);
	my $filter = "o.xmin::text::bigint < $xmin";
	my @bounds = key_bounds($primary, $db, $filter);
	$primary->wait_for_catchup($standby, 'replay', $lsn);

	my %answers;
	for my $node ($primary, $standby)
	{
		$answers{ $node->name } = key_checks($node, $db, $filter, @bounds)
		  . $node->safe_psql(
			$db, qq{
			SELECT tab, txn, n, md5 FROM (@{[ key_digests() ]}) d
			 WHERE txn IN (SELECT txn FROM k_btree o WHERE $filter) ORDER BY 1, 2});
	}
	ok($load->{harness}->pumpable,
		"round $r: pgbench still inserting on the primary");
	same_text($answers{standby}, $answers{primary},
		"round $r, at $lsn (transactions before xid $xmin): the standby's index answers and keys per transaction are the primary's"
	);
	amcheck_btrees($standby, $db);
	my @lines = split /\n/, $answers{primary};
	note "round $r: $lines[0]; " . scalar(@lines) . ' lines equal';
}
$load->{harness}->signal('TERM');
$load->{harness}->finish;
$primary->wait_for_catchup($standby, 'replay', $primary->lsn('insert'));

# ---- promotion: both servers generate; nothing in common.  The server's
# generator (objectid_generator()) gives the standby a value of its own,
# provisional in recovery: the promoted server draws another.
my $server = $standby->safe_psql($db, 'SELECT objectid_generator()') eq 'server';
my $in_recovery = $standby->safe_psql($db,
	"SELECT encode(substr(objectid()::bytea, 5, 5), 'hex')");
$standby->promote;
ok($standby->poll_query_until($db, 'SELECT NOT pg_is_in_recovery()'),
	'the promoted standby left recovery');
for my $node ($primary, $standby)
{
	for my $s (1 .. 4)
	{
		$node->safe_psql(
			$db, qq{
			INSERT INTO k_btree (txn, client) SELECT -$s, -$s FROM generate_series(1, 500);
			INSERT INTO u_btree (txn, client) SELECT -$s, -$s FROM generate_series(1, 500)});
	}
}
for my $t (qw(k_btree u_btree))
{
	my %old = map { $_ => 1 } split /\n/,
	  $primary->safe_psql($db, "SELECT id FROM $t");
	my @new = split /\n/,
	  $standby->safe_psql($db, "SELECT id FROM $t WHERE txn < 0");
	is(scalar @new, 2000, "$t: 4 sessions on the promoted standby generated 2000 keys");
	is(scalar(grep { $old{$_} } @new),
		0,
		"$t: none of them is one of the old primary's @{[ scalar keys %old ]} keys"
	);
}
my %old_pv = map { $_ => 1 } process_values($primary, $db, 'true');
my @new_pv = process_values($standby, $db, 'txn < 0');
is(scalar @new_pv, $server ? 1 : 4,
	$server
	? '4 sessions on the promoted standby share one process value, the server\'s'
	: '4 sessions on the promoted standby drew 4 process values');
is(join(' ', grep { $old_pv{$_} } @new_pv),
	'',
	'the promoted standby drew none of the old primary\'s '
	  . scalar(keys %old_pv)
	  . ' process values');
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
