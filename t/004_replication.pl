
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# Logical replication of objectid and uuid keys, from a publisher to a
# subscriber of the major under test, and across majors: for each major M
# of OBJECTID_REPLICATE_WITH (space-separated, e.g. "15"; installed in
# /usr/lib/postgresql/M with the extension, else the test fails), from M to
# the major under test and back.
#
# On the publisher, ROWS rows (default 2000 * SCALE) in each of
# - oid_t: objectid primary key DEFAULT objectid() (the replica identity),
#   an objectid column, an objectid[] column;
# - uuid_t: uuid primary key DEFAULT <extension schema>.uuidv7();
# - full_t: objectid without any index, REPLICA IDENTITY FULL;
# one publication of all three.  The subscriber has two databases with the
# extension and the same tables, one subscription each: binary = false
# (values travel as text: objectid_out, objectid_in) and binary = true
# (objectid_send, objectid_recv; on 16+ the initial copy too).  The
# failures each step guards against:
# - the initial copy or the stream changes a key or another objectid value
#   (a send/recv or out/in pair that is not exact, an array of objectid that
#   does not travel in binary: the array carries its element type's OID,
#   which differs between clusters, and array_recv takes the type it expects
#   unless both OIDs are built-in ones): every table's rows are compared in
#   full, publisher against each subscriber, after the copy and after the
#   stream;
# - UPDATE and DELETE find the wrong row or none on the subscriber (the
#   apply worker looks rows up by the replica identity, the primary key,
#   through objectid's btree `=`; with REPLICA IDENTITY FULL by comparing
#   whole rows with the type's `=`): the stream updates non-key columns,
#   updates the keys themselves and deletes, and the rows must still match;
# - the subscriber's indexes no longer match its heap after the apply:
#   bt_index_check(heapallindexed) on every btree;
# - a subscriber without the extension takes the data in some other form:
#   it cannot create a table with an objectid column (42704), cannot
#   subscribe while that table is missing, and a table whose objectid
#   columns are declared uuid instead makes the copy fail with an error
#   (counted in pg_stat_subscription_stats, written to the subscriber's
#   log), leaving every table empty.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $rows = $ENV{ROWS} // 2000 * scale();
my $major = major_version();
my @modes = qw(text binary);

# the tables, on every side: with the extension's defaults, or (without the
# extension) with uuid in place of objectid and no defaults
sub tables
{
	my ($ext, $type) = @_;
	my ($oid_default, $uuid_default) =
	  $type eq 'objectid'
	  ? (" DEFAULT $ext.objectid()", " DEFAULT $ext.uuidv7()")
	  : ('', '');
	return qq{
	CREATE TABLE oid_t (
		id		$type PRIMARY KEY$oid_default,
		n		int NOT NULL UNIQUE,
		ref		$type,
		refs	${type}[],
		note	text
	);
	CREATE TABLE uuid_t (
		id		uuid PRIMARY KEY$uuid_default,
		n		int NOT NULL UNIQUE,
		ref		$type
	);
	CREATE TABLE full_t (id $type NOT NULL, n int NOT NULL);
	ALTER TABLE full_t REPLICA IDENTITY FULL;};
}

# SQL inserting the rows n = from..to into each table
sub insert_rows
{
	my ($ext, $from, $to) = @_;
	return qq{
	INSERT INTO oid_t (n, ref, refs)
	SELECT n, $ext.objectid(), ARRAY[$ext.objectid(), NULL, $ext.objectid_from_timestamp(now())]
	  FROM generate_series($from, $to) n;
	INSERT INTO uuid_t (n, ref) SELECT n, $ext.objectid() FROM generate_series($from, $to) n;
	INSERT INTO full_t SELECT $ext.objectid(), n FROM generate_series($from, $to) n;};
}

# every row of every table, in order, as text: one line per table
sub fingerprint
{
	my ($node, $db) = @_;
	return join "\n", map {
		"$_: "
		  . $node->safe_psql($db,
			"SELECT count(*) || ' ' || md5(coalesce(string_agg(t::text, E'\\n' ORDER BY n), '')) FROM $_ t"
		  )
	} qw(oid_t uuid_t full_t);
}

# subscription s_DB in DB to publication p, in text or binary mode
sub subscribe
{
	my ($sub, $db, $conn, $mode) = @_;
	my $binary = $mode eq 'binary' ? 'true' : 'false';
	$sub->safe_psql($db,
		"SET client_min_messages = warning; CREATE SUBSCRIPTION s_$db CONNECTION '$conn' PUBLICATION p WITH (binary = $binary)"
	);
	return;
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
	$pub->safe_psql('pub', 'CREATE EXTENSION objectid');
	my $ext = $pub->safe_psql('pub',
		"SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'objectid'"
	);
	my $tables = tables($ext, 'objectid');
	$pub->safe_psql(
		'pub', $tables . insert_rows($ext, 1, $rows) . q{
		INSERT INTO oid_t (id, n) VALUES ('000000000000000000000000', -1), ('ffffffffffffffffffffffff', -2);
		CREATE PUBLICATION p FOR TABLE oid_t, uuid_t, full_t});
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
		$sub->safe_psql("sub_$mode",
			"CREATE EXTENSION objectid; CREATE EXTENSION amcheck; $tables");
		subscribe($sub, "sub_$mode", $conn, $mode);
	}
	$sub->wait_for_subscription_sync($pub, "s_sub_$_", "sub_$_") for @modes;
	is( $sub->safe_psql('sub_binary',
			"SELECT subbinary FROM pg_subscription WHERE subname = 's_sub_binary'"
		),
		't',
		"$pair: s_sub_binary is a binary subscription");
	# as between any two independent clusters, the type's OIDs differ (an
	# array in binary carries its element type's OID)
	my $typoid = "SELECT 'objectid'::regtype::oid";
	isnt($sub->safe_psql('sub_binary', $typoid),
		$pub->safe_psql('pub', $typoid),
		"$pair: objectid's type OID differs between publisher and binary subscriber"
	);

	# each subscriber database holds exactly the publisher's rows once it
	# has applied everything the publisher wrote so far
	my $compare = sub {
		my ($what) = @_;
		$pub->wait_for_catchup("s_sub_$_") for @modes;
		my $expected = fingerprint($pub, 'pub');
		for my $mode (@modes)
		{
			same_text(fingerprint($sub, "sub_$mode"), $expected,
				"$pair, $what: the $mode subscriber holds the publisher's rows (- publisher, + subscriber)"
			);
			cmp_ok(amcheck_btrees($sub, "sub_$mode"),
				'==', 4, "$pair, $what: amcheck checked the $mode subscriber's 4 btrees");
		}
		note "$pair, $what: " . ($expected =~ s/ [0-9a-f]{32}//gr) =~ s/\n/, /gr;
		return;
	};
	$compare->('initial copy');

	$pub->safe_psql(
		'pub', insert_rows($ext, $rows + 1, $rows + int($rows / 2)) . qq{
		UPDATE oid_t SET note = 'updated ' || n, ref = $ext.objectid() WHERE n % 5 = 0;
		UPDATE oid_t SET id = $ext.objectid() WHERE n % 7 = 0;
		UPDATE oid_t SET id = '7fffffffffffffffffffffff' WHERE n = -2;
		UPDATE uuid_t SET id = $ext.uuidv7(), ref = NULL WHERE n % 7 = 0;
		UPDATE full_t SET n = -n WHERE n % 3 = 0;
		UPDATE full_t SET id = $ext.objectid() WHERE n % 4 = 0;
		DELETE FROM oid_t WHERE n % 11 = 0;
		DELETE FROM uuid_t WHERE n % 11 = 0;
		DELETE FROM full_t WHERE n % 13 = 0});
	$compare->('stream of INSERT, UPDATE (keys too), DELETE');

	# ---- a subscriber without the extension
	$sub->safe_psql('postgres', 'CREATE DATABASE sub_noext');
	my ($ret, $out, $err) =
	  $sub->psql('sub_noext', $tables, extra_params => [ '-v', 'VERBOSITY=verbose' ]);
	isnt($ret, 0,
		"$pair, no extension: CREATE TABLE with an objectid column fails");
	like(
		$err,
		qr/ERROR:  42704: type "objectid" does not exist/,
		"$pair, no extension: CREATE TABLE fails with 42704 type \"objectid\" does not exist"
	);
	($ret, $out, $err) = $sub->psql('sub_noext',
		"SET client_min_messages = warning; CREATE SUBSCRIPTION s_noext CONNECTION '$conn' PUBLICATION p"
	);
	isnt($ret, 0,
		"$pair, no extension: CREATE SUBSCRIPTION without the tables fails");
	like(
		$err,
		qr/relation "public\.(oid_t|uuid_t|full_t)" does not exist/,
		"$pair, no extension: CREATE SUBSCRIPTION says a published table is missing"
	);

	# the objectid columns declared as uuid: the copy fails, nothing is
	# stored.  The sync workers' error counter is sync_error_count up to 18,
	# sync_table_error_count from 19 (beside sync_seq_error_count).
	my $errors =
	  $sub->pg_version->major >= 19 ? 'sync_table_error_count' : 'sync_error_count';
	for my $mode (@modes)
	{
		my $db = "sub_uuid_$mode";
		my $offset = -s $sub->logfile;
		$sub->safe_psql('postgres', "CREATE DATABASE $db");
		$sub->safe_psql($db, tables($ext, 'uuid'));
		subscribe($sub, $db, $conn, $mode);
		ok( $sub->poll_query_until(
				$db,
				"SELECT $errors > 0 FROM pg_stat_subscription_stats WHERE subname = 's_$db'"
			),
			"$pair, no extension, objectid columns declared uuid, $mode mode: the initial copy fails ($errors)"
		);
		is( $sub->safe_psql(
				$db,
				'SELECT (SELECT count(*) FROM oid_t) + (SELECT count(*) FROM uuid_t) + (SELECT count(*) FROM full_t)'
			),
			0,
			"$pair, no extension, objectid columns declared uuid, $mode mode: nothing is stored"
		);
		# the error uuid's input function raises: uuid_in on the text of an
		# objectid, or, where the initial copy is binary (both sides 16+),
		# uuid_recv on its 12 bytes
		my $expect =
		  $mode eq 'binary' && $pub->pg_version->major >= 16 && $sub->pg_version->major >= 16
		  ? qr/ERROR:  insufficient data left in message/
		  : qr/ERROR:  invalid input syntax for type uuid: "[0-9a-f]{24}"/;
		my $logged = eval {
			$sub->wait_for_log($expect, $offset);
			1;
		};
		ok($logged,
			"$pair, no extension, objectid columns declared uuid, $mode mode: the subscriber's log has the error ($expect)"
		);
		my ($msg) = slurp_file($sub->logfile, $offset) =~ /(ERROR:  .*)/;
		note "$pair, no extension, $mode mode: " . ($msg // 'no error logged');
		$sub->safe_psql($db, "ALTER SUBSCRIPTION s_$db DISABLE");
	}

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
