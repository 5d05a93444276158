
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# Logical replication of objectid and uuid keys, from a publisher to a
# subscriber of the major under test, and across majors: for each major M
# of OBJECTID_REPLICATE_WITH (space-separated, e.g. "15"; installed in
# /usr/lib/postgresql/M with the extension, else the test fails), from M to
# the major under test and back.
#
# On the publisher, the data tables of t/ObjectidTest.pm (ROWS rows,
# default 2000 * SCALE: oid_t, keyed by DEFAULT objectid(), the replica
# identity, with objectid columns under every kind of index the extension
# gives and an objectid[]; uuid_t, keyed by the extension's uuidv7();
# oid_part, partitioned by hash of an objectid) and full_t (objectid
# without any index, REPLICA IDENTITY FULL); one publication of all four.
# The subscriber has two databases with the extension and the same tables,
# one subscription each: binary = false (values travel as text:
# objectid_out, objectid_in) and binary = true (objectid_send,
# objectid_recv; on 16+ the initial copy too).  The failures each step
# guards against:
# - the initial copy or the stream changes a key or another objectid value
#   (a send/recv or out/in pair that is not exact, an array of objectid that
#   does not travel in binary: the array carries its element type's OID,
#   which differs between clusters, and array_recv takes the type it expects
#   unless both OIDs are built-in ones): every table's rows are compared,
#   publisher against each subscriber, after the copy and after the stream;
# - UPDATE and DELETE find the wrong row or none on the subscriber (the
#   apply worker looks rows up by the replica identity, the primary key,
#   through objectid's btree `=`; with REPLICA IDENTITY FULL by comparing
#   whole rows with the type's `=`): the stream updates non-key columns,
#   updates the keys themselves (moving oid_part's rows between partitions)
#   and deletes, and the rows must still match;
# - the subscriber's indexes no longer match its heap after the apply:
#   amcheck after the copy; after the stream every index answers as a
#   sequential scan does, the rows lie in their hash partitions, amcheck
#   clean.
# (What a subscriber without the extension does with the data is
# PostgreSQL's: it has no type of that name.)

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $rows = $ENV{ROWS} // 2000 * scale();
my $major = major_version();
my @modes = qw(text binary);

# beside the data tables: no index, REPLICA IDENTITY FULL
my $full_t = 'CREATE TABLE full_t (id objectid NOT NULL, n int NOT NULL); ALTER TABLE full_t REPLICA IDENTITY FULL';

# every row of every table
sub fingerprint
{
	my ($node, $db, $ext) = @_;
	return data_fingerprint($node, $db, $ext) . "\nfull_t: "
	  . $node->safe_psql($db, "SELECT count(*) || ' ' || md5(string_agg(t::text, ',' ORDER BY n, id)) FROM full_t t");
}

# logical replication from a publisher of major pub to a subscriber of
# major sub, installed in pub_path and sub_path
sub replicate
{
	my ($pub_major, $pub_path, $sub_major, $sub_path) = @_;
	my $pair = "$pub_major -> $sub_major";
	my $t0 = time;
	my $pub = objectid_node(
		"pub${pub_major}_sub$sub_major",
		install_path => $pub_path,
		allows_streaming => 'logical');
	my $sub = objectid_node(
		"sub${sub_major}_pub$pub_major",
		install_path => $sub_path,
		conf => 'wal_receiver_status_interval = 1s');
	note "publisher PostgreSQL $pub_major, subscriber PostgreSQL $sub_major";

	$pub->safe_psql('postgres', 'CREATE DATABASE pub');
	$pub->safe_psql('pub', 'CREATE EXTENSION objectid; CREATE EXTENSION amcheck');
	my $ext = $pub->safe_psql('pub',
		"SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'objectid'");
	data_tables($pub, 'pub', $ext, $rows);
	$pub->safe_psql('pub',
		"$full_t; INSERT INTO full_t SELECT h, n FROM oid_t WHERE h IS NOT NULL; CREATE PUBLICATION p FOR TABLE oid_t, uuid_t, oid_part, full_t");
	# the apply worker finds oid_t's rows through the objectid primary key
	is( $pub->safe_psql(
			'pub', q{
		SELECT c.relreplident::text || ' ' || format_type(a.atttypid, NULL)
		  FROM pg_class c
		  JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
		  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
		 WHERE c.relname = 'oid_t'}),
		'd objectid',
		"$pair: oid_t's replica identity is its objectid primary key");

	my $conn = $pub->connstr . ' dbname=pub';
	for my $mode (@modes)
	{
		$sub->safe_psql('postgres', "CREATE DATABASE sub_$mode");
		$sub->safe_psql("sub_$mode", 'CREATE EXTENSION objectid; CREATE EXTENSION amcheck');
		data_tables($sub, "sub_$mode", $ext, 0);
		$sub->safe_psql("sub_$mode", "TRUNCATE oid_t, oid_part; $full_t;
			SET client_min_messages = warning;
			CREATE SUBSCRIPTION s_sub_$mode CONNECTION '$conn' PUBLICATION p WITH (binary = @{[ $mode eq 'binary' ? 'true' : 'false' ]})");
	}
	$sub->wait_for_subscription_sync($pub, "s_sub_$_", "sub_$_") for @modes;
	# as between any two independent clusters, the type's OIDs differ (an
	# array in binary carries its element type's OID)
	is( $sub->safe_psql('sub_binary',
			"SELECT subbinary, 'objectid'::regtype::oid = @{[ $pub->safe_psql('pub', q{SELECT 'objectid'::regtype::oid}) ]}
			   FROM pg_subscription WHERE subname = 's_sub_binary'"),
		't|f', "$pair: s_sub_binary is a binary subscription, objectid's type OID differs from the publisher's");

	# each subscriber database holds exactly the publisher's rows once it
	# has applied everything the publisher wrote so far
	my $compare = sub {
		my ($what) = @_;
		$pub->wait_for_catchup("s_sub_$_") for @modes;
		my $expected = fingerprint($pub, 'pub', $ext);
		for my $mode (@modes)
		{
			same_text(fingerprint($sub, "sub_$mode", $ext), $expected,
				"$pair, $what: the $mode subscriber holds the publisher's rows (- publisher, + subscriber)");
			is(amcheck_btrees($sub, "sub_$mode"), 10, "$pair, $what: amcheck checked the $mode subscriber's 10 btrees");
		}
		note "$pair, $what: " . join ', ', $expected =~ /^(\w+: \d+) /mg;
		return;
	};
	$compare->('initial copy');

	data_rows($pub, 'pub', $ext, $rows + 1, $rows + $rows / 2);
	$pub->safe_psql(
		'pub', qq{
		INSERT INTO full_t SELECT $ext.objectid(), n FROM generate_series($rows + 1, $rows + $rows / 2) n;
		UPDATE oid_t SET h = $ext.objectid(), ids = NULL WHERE n % 5 = 0;
		UPDATE oid_t SET id = $ext.objectid() WHERE n % 7 = 0;
		UPDATE oid_t SET id = '7fffffffffffffffffffffff' WHERE n = 2000000002;
		UPDATE oid_part SET id = $ext.objectid() WHERE n % 7 = 0;
		UPDATE uuid_t SET id = $ext.uuidv7() WHERE n % 7 = 0;
		UPDATE full_t SET n = -n WHERE n % 3 = 0;
		UPDATE full_t SET id = $ext.objectid() WHERE n % 4 = 0;
		DELETE FROM oid_t WHERE n % 11 = 0;
		DELETE FROM uuid_t WHERE n % 11 = 0;
		DELETE FROM full_t WHERE n % 13 = 0});
	$compare->('stream of INSERT, UPDATE (keys too), DELETE');
	data_checks($sub, "sub_$_", $ext, "$pair, $_ subscriber") for @modes;

	$sub->stop;
	$pub->stop;
	note "replication $pair: " . (time - $t0) . ' s';
	return;
}

# the major under test both sides, then across majors both ways
my @pairs = ([ $major, install_path(), $major, install_path() ]);
my @with = split ' ', $ENV{OBJECTID_REPLICATE_WITH} // '';
note @with
  ? "across majors: OBJECTID_REPLICATE_WITH=\"@with\""
  : 'OBJECTID_REPLICATE_WITH names no major: no replication across majors '
  . "(OBJECTID_REPLICATE_WITH=\"M ...\" adds M -> $major and $major -> M for each)";
for my $m (@with)
{
	if ($m eq $major)
	{
		note "OBJECTID_REPLICATE_WITH names $major, the major under test: done already";
		next;
	}
	my $path = major_install_path($m) or next;
	push @pairs,
	  [ $m, $path, $major, install_path() ],
	  [ $major, install_path(), $m, $path ];
}
replicate(@$_) for @pairs;

done_testing();
