
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# Crash recovery of tables keyed by generated objectid and uuid keys under
# btree, hash and BRIN indexes: every acknowledged transaction survives,
# whole, the indexes answer, and generation repeats nothing afterwards.
#
# One cluster with the server's defaults for what recovery replays (fsync
# and synchronous_commit on, wal_level replica: the test module's init
# turns fsync off and WAL to minimal).  CLIENTS pgbench clients (default 4)
# run the key transaction of t/ObjectidTest.pm: generated keys into k_btree,
# u_btree and copies into k_hash, k_brin, u_hash; after each commit the
# client appends the transaction's number and the md5 of its keys to an
# acknowledgement file.  Halfway through TXNS transactions (default
# 1000 * SCALE) a CHECKPOINT and a BRIN summarization, so recovery starts
# from a checkpoint and replays inserts into summarized ranges and into hash
# buckets written since; at TXNS acknowledged, `pg_ctl stop -m immediate`
# (every server process gets SIGQUIT and exits at once: nothing is written
# at shutdown), then a restart, which must go through crash recovery.  The
# failures each check guards against:
# - a committed row lost or a key changed by WAL replay: every acknowledged
#   transaction is there in all five tables, with exactly its keys (the md5
#   of each table's keys for that transaction equals the client's);
# - a transaction replayed in part: every transaction present is present in
#   all five tables with all its rows, the same keys in each copy; at most
#   one transaction per client is there unacknowledged (its commit reached
#   the WAL but the answer never reached the client);
# - an index that replay left out of step with its heap: bt_index_check
#   (heapallindexed) on both primary keys; each btree and hash index is
#   probed for every row of another table, the BRIN index answers four
#   ranges that hold every row, each as a sequential scan does;
# - generation that repeats itself after a restart (state kept in the data
#   directory or shared memory, or drawn from something a restart repeats,
#   such as a process id): new sessions' DEFAULT objectid() and uuidv7()
#   insert under the primary keys without a unique violation, their ObjectId
#   process values (one per session, or the server's one) are none of those
#   before the crash, and their time is not before the last key written
#   before it.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $txns = $ENV{TXNS} // 1000 * scale();
my $clients = $ENV{CLIENTS} // 4;
my $batch = key_batch();
my $db = 'keys';

my $node = objectid_node('recovery',
	conf => "fsync = on\nsynchronous_commit = on\nwal_level = replica");
note 'server: ' . $node->safe_psql('postgres', 'SHOW server_version');
$node->safe_psql('postgres', "CREATE DATABASE $db");
$node->safe_psql($db, 'CREATE EXTENSION objectid; CREATE EXTENSION amcheck');
my $ext = $node->safe_psql($db,
	"SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'objectid'"
);
$node->safe_psql($db, key_tables($ext));

my $load = key_load($node, $db, clients => $clients);
wait_acked($load, int($txns / 2));
$node->safe_psql($db,
	"CHECKPOINT; SELECT brin_summarize_new_values('k_brin_id')");
wait_acked($load, $txns);
$node->stop('immediate');
ok(!$load->{harness}->finish,
	'pgbench failed as the server stopped: the crash was mid-load');
my $n_acked = acked($load);
my $log_offset = -s $node->logfile;
$node->start;
ok( $node->log_contains(
		qr/database system was not properly shut down; automatic recovery in progress/,
		$log_offset),
	'the restart went through crash recovery');
note "crash: pg_ctl stop -m immediate after $n_acked acknowledged transactions of "
  . "$clients clients x $batch keys per table (CHECKPOINT at "
  . int($txns / 2) . ')';

# ---- every acknowledged transaction, whole, with its keys
key_acked_checks($node, $db, $load, 'after crash recovery');

# ---- indexes
my $checked = amcheck_btrees($node, $db);
is($checked, 3, 'amcheck: bt_index_check(heapallindexed) on the 3 btree indexes');
note 'indexes answer as seq scans: '
  . join(' ', split /\n/,
	key_checks($node, $db, 'true', key_bounds($node, $db, 'true')));

# ---- generation goes on, repeating nothing from before the crash
for my $s (1 .. 4)
{
	my ($ret, $out, $err) = $node->psql(
		$db, qq{
		INSERT INTO k_btree (txn, client) SELECT -$s, -$s FROM generate_series(1, 500);
		INSERT INTO u_btree (txn, client) SELECT -$s, -$s FROM generate_series(1, 500)},
		on_error_stop => 1);
	is($ret, 0,
		"session $s after the restart: 500 DEFAULT objectid() and uuidv7() keys each, no unique violation"
	) or diag($err);
}
my @before = process_values($node, $db, 'txn > 0');
my @after = process_values($node, $db, 'txn < 0');
my $server = $node->safe_psql($db, 'SELECT objectid_generator()') eq 'server';
is(scalar @after, $server ? 1 : 4,
	$server
	? '4 new sessions share one process value, the server\'s'
	: '4 new sessions drew 4 process values');
my %before = map { $_ => 1 } @before;
is(join(' ', grep { $before{$_} } @after),
	'', 'no process value drawn before the crash is drawn again after it');
is( $node->safe_psql(
		$db, qq{
    SELECT (SELECT min($ext.objectid_timestamp(id)) FROM k_btree WHERE txn < 0)
           >= (SELECT max($ext.objectid_timestamp(id)) FROM k_btree WHERE txn > 0),
           (SELECT min($ext.uuid_extract_timestamp(id)) FROM u_btree WHERE txn < 0)
           >= (SELECT max($ext.uuid_extract_timestamp(id)) FROM u_btree WHERE txn > 0)}),
	't|t',
	'objectid and uuidv7 keys generated after the restart carry no earlier time than those before it'
);
amcheck_btrees($node, $db);
note scalar(@before)
  . ' process values before the crash, '
  . scalar(@after)
  . ' after (the '
  . ($server ? 'server' : 'session')
  . '\'s generator), none shared';

$node->stop;
done_testing();
