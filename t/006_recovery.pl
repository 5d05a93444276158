
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# Crash recovery of tables keyed by generated objectid keys under btree,
# hash and BRIN indexes: the indexes answer as before the crash, and
# generation repeats nothing afterwards.
#
# One cluster with the server's defaults for what recovery replays (fsync
# on, wal_level replica: the test module's init turns fsync off and WAL to
# minimal).  The key tables of t/ObjectidTest.pm get ROWS rows (default
# 10000 * SCALE), half before a CHECKPOINT and a BRIN summarization, half
# after, so recovery replays inserts into summarized ranges and into hash
# buckets written since; then `pg_ctl stop -m immediate` (nothing is
# written at shutdown) and a restart through crash recovery.  The failures
# each check guards against:
# - an index on objectid that replay left out of step with objectid's
#   operators: each btree and hash index probed for every row and the BRIN
#   index over four ranges answer as a sequential scan does and as before
#   the crash; bt_index_check(heapallindexed) clean;
# - generation that repeats itself after a crash (state kept in the data
#   directory or shared memory, or drawn from something a restart repeats,
#   such as a process id): new sessions' DEFAULT objectid() and uuidv7()
#   insert under the primary keys without a unique violation, their ObjectId
#   process values (one per session, or the server's one) are none of those
#   before the crash, and their time is not before the last key's before
#   it.  (That no committed row is lost is PostgreSQL's own guarantee.)

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $rows = $ENV{ROWS} // 10000 * scale();
my $db = 'keys';

my $node = objectid_node('recovery', conf => "fsync = on\nwal_level = replica");
note 'server: ' . $node->safe_psql('postgres', 'SHOW server_version');
$node->safe_psql('postgres', "CREATE DATABASE $db");
my $ext = key_tables($node, $db);
key_rows($node, $db, 1, $rows / 2);
$node->safe_psql($db, "CHECKPOINT; SELECT brin_summarize_new_values('k_b')");
key_rows($node, $db, $rows / 2 + 1, $rows);
my $before = key_answers($node, $db, 'before the crash');

$node->stop('immediate');
my $log_offset = -s $node->logfile;
$node->start;
ok($node->log_contains(qr/database system was not properly shut down; automatic recovery in progress/,
		$log_offset), 'the restart went through crash recovery');
is(key_answers($node, $db, 'after crash recovery'), $before,
	'after crash recovery every index answers as before the crash');
is(amcheck_btrees($node, $db), 2, 'amcheck: bt_index_check(heapallindexed) on the 2 btree indexes');

# ---- generation goes on, repeating nothing from before the crash
for my $s (1 .. 4)
{
	my ($ret, $out, $err) = $node->psql($db,
		"INSERT INTO k (n) SELECT -$s FROM generate_series(1, 500); INSERT INTO u (n) SELECT -$s FROM generate_series(1, 500)",
		on_error_stop => 1);
	is($ret, 0, "session $s after the restart: 500 DEFAULT objectid() and uuidv7() keys each, no unique violation")
	  or diag($err);
}
my @before = process_values($node, $db, 'n > 0');
my @after = process_values($node, $db, 'n < 0');
my $server = $node->safe_psql($db, 'SELECT objectid_generator()') eq 'server';
is(scalar @after, $server ? 1 : 4,
	$server ? '4 new sessions share one process value, the server\'s' : '4 new sessions drew 4 process values');
my %before = map { $_ => 1 } @before;
is(join(' ', grep { $before{$_} } @after), '', 'no process value drawn before the crash is drawn again after it');
is( $node->safe_psql(
		$db, qq{
    SELECT (SELECT min($ext.objectid_timestamp(id)) FROM k WHERE n < 0) >= (SELECT max($ext.objectid_timestamp(id)) FROM k WHERE n > 0),
           (SELECT min($ext.uuid_extract_timestamp(id)) FROM u WHERE n < 0) >= (SELECT max($ext.uuid_extract_timestamp(id)) FROM u WHERE n > 0)}),
	't|t', 'objectid and uuidv7 keys generated after the restart carry no earlier time than those before it');

$node->stop;
done_testing();
