
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# Crash recovery of tables keyed by objectid under every kind of index the
# extension gives: the indexes answer as before the crash, and generation
# repeats nothing afterwards.
#
# One cluster with the server's defaults for what recovery replays (fsync
# on, wal_level replica: the test module's init turns fsync off and WAL to
# minimal).  The data tables of t/ObjectidTest.pm get ROWS rows (default
# 10000 * SCALE), half before a CHECKPOINT, half after (so recovery replays
# inserts into btree, hash and summarized BRIN pages written since); then
# `pg_ctl stop -m immediate` (nothing is written at shutdown) and a restart
# through crash recovery.  The failures each check guards against:
# - an index that replay left out of step with objectid's operators: the
#   rows as before the crash, and every index answering its queries (the
#   primary key and the hash index probed for every row) as a sequential
#   scan does; the rows in their hash partitions; bt_index_check
#   (heapallindexed) clean;
# - generation that repeats itself after a crash (state kept in the data
#   directory or shared memory, or drawn from something a restart repeats,
#   such as a process id): new sessions' DEFAULT objectid() and uuidv7()
#   insert under the primary keys without a unique violation, their ObjectId
#   process values (one per session, or the server's one) are none of those
#   before the crash, and their time is not before the last key's before
#   it.

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
$node->safe_psql($db, 'CREATE EXTENSION objectid; CREATE EXTENSION amcheck');
my $ext = $node->safe_psql($db,
	"SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'objectid'");
data_tables($node, $db, $ext, $rows / 2);
$node->safe_psql($db, 'CHECKPOINT');
data_rows($node, $db, $ext, $rows / 2 + 1, $rows);
my $before = data_fingerprint($node, $db, $ext);

$node->stop('immediate');
my $log_offset = -s $node->logfile;
$node->start;
ok($node->log_contains(qr/database system was not properly shut down; automatic recovery in progress/,
		$log_offset), 'the restart went through crash recovery');
same_text(data_fingerprint($node, $db, $ext), $before, 'after crash recovery the rows are those before the crash');
data_checks($node, $db, $ext, 'after crash recovery');

# ---- generation goes on, repeating nothing from before the crash (h
# holds only objectid()'s keys)
new_keys($node, $db, $ext, 'after the restart');
my @before = process_values($node, $db, 'h', "n BETWEEN 1 AND $rows");
my @after = process_values($node, $db, 'id', 'n < 0');
my $server = $node->safe_psql($db, 'SELECT objectid_generator()') eq 'server';
is(scalar @after, $server ? 1 : 4,
	$server ? '4 new sessions share one process value, the server\'s' : '4 new sessions drew 4 process values');
my %before = map { $_ => 1 } @before;
is(join(' ', grep { $before{$_} } @after), '', 'no process value drawn before the crash is drawn again after it');
is( $node->safe_psql(
		$db, qq{
    SELECT (SELECT min($ext.objectid_timestamp(id)) FROM oid_t WHERE n < 0) >= (SELECT max($ext.objectid_timestamp(h)) FROM oid_t),
           (SELECT min($ext.uuid_extract_timestamp(id)) FROM uuid_t WHERE n < 0) >= (SELECT max($ext.uuid_extract_timestamp(id)) FROM uuid_t WHERE n > 0)}),
	't|t', 'objectid and uuidv7 keys generated after the restart carry no earlier time than those before it');

$node->stop;
done_testing();
