
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# Logical replication and change data capture of a table with objectid
# columns, on the portable edition's two routes, publisher and subscriber
# of the major under test, each set up as a managed service's:
# - plain: portable/objectid.sql run with psql by the database's owner into
#   schema ids (objectid a domain over text);
# - pgtle: portable/pgtle.sql, as t/010_pgtle.pl sets it up (a shadow of
#   the installation without objectid's files, pg_tle preloaded, the file
#   run by a member of pgtle_admin, CREATE EXTENSION objectid SCHEMA ids by
#   the superuser), the type's output function PL/pgSQL; skipped, with the
#   reason, where pg_tle is not installed for the major;
# - plperl: the same where the publisher's database has extension plperl
#   first, so that the output function is trusted PL/Perl, run twice, the
#   publisher's bytea_output hex, then escape (PL/Perl gets the bytea's
#   text); the subscriber without plperl (it only reads text in); skipped,
#   with the reason, where PL/Perl is not installed for the major (16-19 here
#   are source builds without it).
# On each route the publisher's table t (objectid primary key DEFAULT
# objectid(), an objectid column that is sometimes NULL, the values
# 000...0 and fff...f among them) is published and subscribed (text mode,
# the default), and new rows are read from logical slots of pgoutput and,
# where contrib's test_decoding is installed, of test_decoding: through the
# SQL functions (pg_logical_slot_peek_binary_changes, in a query) and
# through the replication protocol (pg_recvlogical, a walsender, as CDC
# tools read them).  What each check guards against:
# - plain: a value lost or changed on the way (an initial copy, a stream of
#   INSERT, UPDATE of keys and DELETE that do not arrive whole: the
#   subscriber's rows compared in full with the publisher's), a slot that
#   does not give every new value's text, in order, both ways of reading it.
# - pgtle: the route's known defect (portable/README.md) told other than it
#   is.  A walsender decodes outside any query, and the type's output
#   function, PL/pgSQL, cannot run there: it raises "cannot execute SQL
#   without an outer snapshot or portal".  The checks show what a user
#   gets: the initial copy (a COPY, run as a query) arrives; the stream does
#   not (the publisher's log has the subscription's walsender fail on
#   objectid_portable_out, twice, as the apply worker retries; the
#   subscriber holds the copied rows only; what PostgreSQL does about a
#   failing walsender, keeping the slot's WAL and logging the error on the
#   subscriber, is its own); pg_recvlogical stops at once with that error;
#   the SQL functions, in a query, give every value.  A pg_tle that sets a
#   snapshot around the output function fails these checks, on purpose: the
#   documentation then has to change with them.  Then the documented way
#   across (portable/README.md): the table dumped, the extension dropped,
#   plperl and objectid created, the table restored: every row the same,
#   the output function PL/Perl.
# - plperl: everything the plain route's checks guard, on this route, and no
#   ERROR in the publisher's log.
# On both pg_tle routes, the other place the output function runs without a
# snapshot: the server logging a bind parameter of type objectid
# (log_parameter_max_length = -1, pgbench's extended protocol), which fails
# with PL/pgSQL and works with PL/Perl; and a subscription with binary =
# true (binary_subscription below).
# Every wait is bounded (PostgreSQL::Test::Utils's timeout_default).

use strict;
use warnings;

use Cwd qw(abs_path);
use File::Basename qw(dirname);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $top = abs_path(dirname(__FILE__) . '/..');
my $rows = 200 * scale();
my $timeout = $PostgreSQL::Test::Utils::timeout_default;
my $snapshot_error = 'cannot execute SQL without an outer snapshot or portal';
# the decoding plugins: core's pgoutput, contrib's test_decoding where its
# library is installed (not in every build)
my @plugins = ('pgoutput');
push @plugins, 'test_decoding'
  if -f pg_config('--pkglibdir') . '/test_decoding.so';
my %plugin_options = (pgoutput => { proto_version => '1', publication_names => 'p' });
# trusted PL/Perl, the output function that a walsender can run, where its
# library and extension files are installed for the major
my $plperl_problem =
  -f pg_config('--pkglibdir') . '/plperl.so' && -f pg_config('--sharedir') . '/extension/plperl.control'
  ? ''
  : 'PL/Perl is not installed for PostgreSQL ' . major_version()
  . ' (no plperl.so or plperl.control: on Debian, package postgresql-plperl-' . major_version()
  . '; a source build configured --with-perl): the pg_tle route with a PL/Perl output function is not tested';

# a started cluster of the route, its database app with objectid in schema
# ids; conf lines for postgresql.conf, plperl true for extension plperl
# before objectid, the rest for objectid_node
my $shadow;
sub route_node
{
	my ($route, $name, $conf, %opt) = @_;
	my $plperl = delete $opt{plperl};
	my $node;
	if ($route eq 'plain')
	{
		$node = objectid_node($name, conf => $conf, %opt);
		$node->safe_psql('postgres', 'CREATE ROLE owner LOGIN; CREATE DATABASE app OWNER owner');
		$node->psql('app', undef,
			extra_params => [
				'-U', 'owner', '-v', 'ON_ERROR_STOP=1', '-c', 'CREATE SCHEMA ids',
				'-c', 'SET search_path = ids', '-1', '-f', "$top/portable/objectid.sql"
			],
			on_error_die => 1);
		return $node;
	}
	$shadow //= shadow_install_path();
	$node = objectid_node($name,
		install_path => $shadow,
		conf => "shared_preload_libraries = 'pg_tle'\n$conf",
		%opt);
	$node->safe_psql('postgres', 'CREATE ROLE owner LOGIN; CREATE DATABASE app OWNER owner');
	$node->safe_psql('app', 'CREATE EXTENSION pg_tle; GRANT pgtle_admin TO owner; CREATE SCHEMA ids');
	$node->safe_psql('app', 'CREATE EXTENSION plperl') if $plperl;
	$node->psql('app', undef,
		extra_params => [ '-U', 'owner', '-v', 'ON_ERROR_STOP=1', '-f', "$top/portable/pgtle.sql" ],
		on_error_die => 1);
	$node->safe_psql('app', 'CREATE EXTENSION objectid SCHEMA ids');
	return $node;
}

# SQL inserting the rows n = from..to, in the order of n
sub insert_rows
{
	my ($from, $to) = @_;
	return qq{INSERT INTO t (n, ref)
	SELECT n, CASE WHEN n % 3 <> 0 THEN ids.objectid() END FROM generate_series($from, $to) n;};
}

# every row of t, in order, as text
sub fingerprint
{
	my ($node) = @_;
	return $node->safe_psql('app',
		q{SELECT count(*) || ' ' || md5(coalesce(string_agg(concat_ws(' ', id::text, n, ref::text), E'\n' ORDER BY n), '')) FROM t}
	);
}

# the objectid texts in decoded output, in order, a line each: 24 lowercase
# hex digits, no more, not after "\x" (pgoutput's messages begin with an
# uppercase letter: C, its commit, may follow a value)
sub decoded_ids
{
	my ($out) = @_;
	return join "\n", $out =~ /(?<![0-9a-f\\x])([0-9a-f]{24})(?![0-9a-f])/g;
}

# route(name, bytea_output): the checks of one route (plain, pgtle,
# plperl), its publisher's bytea_output that
sub route
{
	my ($name, $bytea_output) = @_;
	my $route = $name eq 'plain' ? 'plain' : 'pgtle';
	my $works = $name ne 'pgtle';
	my $tag = $name eq 'plperl' ? "plperl_$bytea_output" : $name;
	$name .= ", bytea_output $bytea_output" if $name eq 'plperl';
	my $pub = route_node($route, "${tag}_pub", "bytea_output = $bytea_output",
		allows_streaming => 'logical', plperl => $tag =~ /^plperl/);
	# the apply worker retries a failed stream after a second
	my $sub = route_node($route, "${tag}_sub", 'wal_retrieve_retry_interval = 1s');
	note "$name: PostgreSQL " . $pub->safe_psql('postgres', 'SHOW server_version');
	is($pub->safe_psql('app', 'SHOW bytea_output'), $bytea_output, "$name: the publisher's bytea_output");
	if ($route eq 'pgtle')
	{
		is($pub->safe_psql('app', 'SELECT ids.objectid_output_language()'),
			$works ? 'plperl' : 'plpgsql', "$name: the type's output function's language");
		# the same cause, outside replication (portable/README.md, Client
		# adapters): the server logging a bind parameter of type objectid
		# calls the output function with no snapshot (pgbench's extended
		# protocol sends :id untyped, $1::objectid types it)
		my $script = "$PostgreSQL::Test::Utils::tmp_check/$tag.pgbench";
		open my $fh, '>', $script or die "$script: $!";
		print $fh "SELECT :id::ids.objectid::text;\n";
		close $fh;
		local $ENV{PGOPTIONS} = '-c log_parameter_max_length=-1 -c log_statement=all';
		my $ran = eval {
			run_client($pub, 'pgbench', '-n', '-t', '1', '-M', 'extended',
				'-D', 'id=507f1f77bcf86cd799439011', '-f', $script, 'app');
			1;
		};
		if ($works)
		{
			ok($ran, "$name: a bind parameter of type objectid, logged") or diag($@);
		}
		else
		{
			like($@, qr/\Q$snapshot_error\E/,
				"$name: a bind parameter of type objectid, logged, fails (no snapshot)");
		}
	}
	my $table = 'CREATE TABLE t (id ids.objectid PRIMARY KEY DEFAULT ids.objectid(), '
	  . 'n int NOT NULL UNIQUE, ref ids.objectid)';
	$sub->safe_psql('app', $table);
	$pub->safe_psql('app', "$table; " . insert_rows(1, $rows) . q{
	INSERT INTO t VALUES ('000000000000000000000000', -1, 'ffffffffffffffffffffffff');
	CREATE PUBLICATION p FOR TABLE t});
	# the route's objectid: a domain (plain), a base type (pgtle)
	is( $pub->safe_psql('app',
			"SELECT format_type(a.atttypid, NULL) || ' ' || t.typtype::text FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid WHERE a.attrelid = 't'::regclass AND a.attname = 'id'"
		),
		'ids.objectid ' . ($route eq 'plain' ? 'd' : 'b'),
		"$name: t.id is the route's objectid");
	$sub->safe_psql('app',
		"CREATE SUBSCRIPTION s CONNECTION '" . $pub->connstr . " dbname=app' PUBLICATION p");
	$sub->wait_for_subscription_sync($pub, 's', 'app');
	my $copied = fingerprint($pub);
	same_text(fingerprint($sub), $copied,
		"$name: the initial copy arrives (- publisher, + subscriber)");

	# new rows, seen by the subscription and by slots made just before
	$pub->safe_psql('app',
		"SELECT pg_create_logical_replication_slot('cdc_$_', '$_')")
	  for @plugins;
	my $pub_offset = -s $pub->logfile;
	$pub->safe_psql('app', 'BEGIN; ' . insert_rows($rows + 1, 2 * $rows) . q{
	INSERT INTO t VALUES ('ffffffffffffffffffffffff', -2, '000000000000000000000000');
	COMMIT});
	my $lsn = $pub->lsn('insert');
	my $new = $pub->safe_psql('app',
		"SELECT string_agg(concat_ws(E'\\n', id::text, ref::text), E'\\n' ORDER BY n < 0, n) FROM t WHERE n > $rows OR n = -2"
	);

	# the slots: the SQL functions, then pg_recvlogical
	for my $plugin (@plugins)
	{
		my %options = %{ $plugin_options{$plugin} // {} };
		my $hex = $pub->safe_psql('app',
			"SELECT encode(data, 'hex') FROM pg_logical_slot_peek_binary_changes('cdc_$plugin', '$lsn', NULL"
			  . join('', map { ", '$_', '$options{$_}'" } sort keys %options) . ')');
		same_text(decoded_ids(pack('H*', $hex =~ s/\n//gr)), $new,
			"$name, $plugin: pg_logical_slot_peek_binary_changes gives every new objectid's text, in order");
		my ($ret, $out, $err) =
		  $pub->pg_recvlogical_upto('app', "cdc_$plugin", $lsn, $timeout, %options);
		if ($works)
		{
			is($ret, 0, "$name, $plugin: pg_recvlogical reads up to the new rows' end")
			  or diag($err);
			same_text(decoded_ids($out), $new,
				"$name, $plugin: pg_recvlogical gives every new objectid's text, in order");
			next;
		}
		ok(defined $ret && $ret != 0,
			"$name, $plugin: pg_recvlogical stops with an error, before the timeout");
		like($err, qr/ERROR:  \Q$snapshot_error\E.*PL\/pgSQL function ids\.objectid_portable_out\(bytea\)/s,
			"$name, $plugin: pg_recvlogical's error is the walsender's (no snapshot), raised in objectid's output function");
	}

	if ($works)
	{
		$pub->wait_for_catchup('s');
		same_text(fingerprint($sub), fingerprint($pub),
			"$name: the new rows arrive (- publisher, + subscriber)");
		$pub->safe_psql('app', q{
		UPDATE t SET ref = ids.objectid() WHERE n % 5 = 0;
		UPDATE t SET id = ids.objectid() WHERE n % 7 = 0;
		UPDATE t SET id = '7fffffffffffffffffffffff' WHERE n = -1;
		DELETE FROM t WHERE n % 11 = 0});
		$pub->wait_for_catchup('s');
		same_text(fingerprint($sub), fingerprint($pub),
			"$name: UPDATE (of keys too) and DELETE arrive (- publisher, + subscriber)");
		my @errors = slurp_file($pub->logfile, $pub_offset) =~ /^.*\bERROR: .*$/mg;
		is(join("\n", @errors), '', "$name: no ERROR in the publisher's log since the new rows");
		binary_subscription($pub, $sub, $name, $works) if $route eq 'pgtle';
	}
	else
	{
		# the subscription's walsender (application_name s) fails, and again
		# when the apply worker has reconnected
		my $failed = qr/\] s ERROR:  \Q$snapshot_error\E\n[^\n]*CONTEXT:  PL\/pgSQL function ids\.objectid_portable_out\(bytea\)/;
		my $again = eval { $pub->wait_for_log($failed, $pub->wait_for_log($failed, $pub_offset)) };
		ok($again,
			"$name: the subscription's walsender fails in objectid's output function, twice (the apply worker retries)"
		) or diag($@);
		same_text(fingerprint($sub), $copied,
			"$name: none of the new rows arrives, the subscriber holds the initial copy only");
		$sub->safe_psql('app', 'DROP SUBSCRIPTION s');
		binary_subscription($pub, $sub, $name, $works);
	  SKIP:
		{
			skip $plperl_problem, 2 if $plperl_problem;
			move_to_plperl($pub);
		}
	}
	$sub->stop;
	$pub->stop;
	return;
}

# binary_subscription(pub, sub, name, works): a subscription with binary =
# true, on the pg_tle route, whose type has no send and no receive function
# (portable/README.md): from a publisher of 16 or later the initial copy,
# then made in binary, fails (the subscriber's COPY refuses first: no binary
# input function); from 15 the copy is text, and the stream sends this
# type's columns as text (each column in binary only where its type has a
# send function), so it goes as far as the text subscription does
sub binary_subscription
{
	my ($pub, $sub, $name, $works) = @_;
	$sub->safe_psql('app', 'DROP SUBSCRIPTION IF EXISTS s; TRUNCATE t');
	my $sub_offset = -s $sub->logfile;
	$sub->safe_psql('app',
		"CREATE SUBSCRIPTION s_bin CONNECTION '" . $pub->connstr . " dbname=app' PUBLICATION p WITH (binary = true)");
	if ($pub->safe_psql('postgres', 'SHOW server_version_num') >= 160000)
	{
		ok( eval {
				$sub->wait_for_log(qr/no binary (?:input|output) function available for type ids\.objectid/, $sub_offset);
			},
			"$name: binary = true: the initial copy fails, the type has no send or receive function") or diag($@);
	}
	else
	{
		$sub->wait_for_subscription_sync($pub, 's_bin', 'app');
		same_text(fingerprint($sub), fingerprint($pub),
			"$name: binary = true from 15: the initial copy (text) arrives (- publisher, + subscriber)");
		if ($works)
		{
			$pub->safe_psql('app', insert_rows(3 * $rows + 1, 3 * $rows + 50));
			$pub->wait_for_catchup('s_bin');
			same_text(fingerprint($sub), fingerprint($pub),
				"$name: binary = true from 15: new rows arrive, objectid as text (- publisher, + subscriber)");
		}
	}
	$sub->safe_psql('app', 'DROP SUBSCRIPTION s_bin');
	return;
}

# the way across for an installation whose output function is PL/pgSQL
# (portable/README.md, "Moving an installation to PL/Perl"): pg_tle fixes a
# type's I/O functions when it makes the type, so the type is made again:
# the tables dumped in text, then in one transaction dropped with the
# extension, plperl and objectid created, the tables restored
sub move_to_plperl
{
	my ($node) = @_;
	my $before = fingerprint($node);
	$node->safe_psql('app',
		"SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots; DROP PUBLICATION p");
	my $dump = run_client($node, 'pg_dump', '-d', 'app', '-t', 't', '--no-owner');
	$node->psql('app',
		"BEGIN; DROP TABLE t; DROP EXTENSION objectid; CREATE EXTENSION IF NOT EXISTS plperl; "
		  . "CREATE EXTENSION objectid SCHEMA ids;\n$dump\nCOMMIT;",
		on_error_die => 1,
		on_error_stop => 1);
	is($node->safe_psql('app', 'SELECT ids.objectid_output_language()'),
		'plperl', 'pgtle, moved: the output function is PL/Perl');
	same_text(fingerprint($node), $before,
		'pgtle, moved: every row as before the move (- before, + after)');
	return;
}

note 'decoding plugins: ' . join(', ', @plugins)
  . (@plugins == 1 ? ' (contrib\'s test_decoding is not installed)' : '');
route('plain', 'hex');
SKIP:
{
	my $problem = pgtle_problem();
	skip $problem, 1 if $problem;
	route('pgtle', 'hex');
}
SKIP:
{
	my $problem = pgtle_problem() || $plperl_problem;
	skip $problem, 1 if $problem;
	route('plperl', $_) for qw(hex escape);
}

done_testing();
