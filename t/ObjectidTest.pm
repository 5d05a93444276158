
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

=pod

=head1 NAME

ObjectidTest - what objectid's TAP tests (t/*.pl) share

=head1 SYNOPSIS

  use PostgreSQL::Test::Cluster;
  use PostgreSQL::Test::Utils;
  use Test::More;
  use ObjectidTest;

  my $node = objectid_node('main');
  $node->safe_psql('postgres', 'CREATE EXTENSION objectid');
  check_index($node, 'postgres', 't', 't_pkey', "id >= 'ff00...'");

=head1 DESCRIPTION

The tests run through C<make installcheck> (or C<make prove_installcheck>),
against the server of C<PG_CONFIG>, where the extension is installed.  Each
makes its own clusters with PostgreSQL::Test::Cluster, whose install_path is
that server's installation, so that Debian's PostgreSQL 15 modules drive any
later major too.

=cut

package ObjectidTest;

use strict;
use warnings;

use Exporter 'import';
use File::Basename qw(dirname);
use File::Spec;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

our @EXPORT = qw(
  scale
  install_path
  pg_config
  objectid_node
  run_client
  present_generators
  check_index
  amcheck_btrees
  same_text
);

# the repository's top directory (this file is in t/)
my $top = File::Spec->rel2abs(dirname(__FILE__) . '/..');

=pod

=over

=item scale()

SCALE from the environment (default 1): multiplies the suites' sizes.

=cut

sub scale
{
	my $scale = $ENV{SCALE} // 1;
	die "SCALE must be a positive integer, not '$scale'"
	  unless $scale =~ /^[1-9][0-9]*$/;
	return $scale;
}

=pod

=item pg_config(option...)

The answer of PG_CONFIG (the server under test), trailing newline removed.

=cut

sub pg_config
{
	my @cmd = ($ENV{PG_CONFIG} || 'pg_config', @_);
	my ($out, $err);
	IPC::Run::run(\@cmd, '>', \$out, '2>', \$err)
	  or die "@cmd failed: $err";
	chomp $out;
	return $out;
}

=pod

=item install_path()

The installation of the server under test (the parent of its bindir).

=cut

my $install_path;

sub install_path
{
	$install_path //= dirname(pg_config('--bindir'));
	return $install_path;
}

=pod

=item objectid_node(name, %init)

A new cluster of the server under test, initialized (UTF-8, locale
C.UTF-8; %init goes to init()) and started.

=cut

sub objectid_node
{
	my ($name, %init) = @_;
	my $node =
	  PostgreSQL::Test::Cluster->new($name, install_path => install_path());
	$node->init(extra => [ '--encoding=UTF8', '--locale=C.UTF-8' ], %init);
	$node->start;
	return $node;
}

=pod

=item run_client(node, command...)

Run one of the server's client programs (pg_dump, pg_restore: the name
alone) against node; dies with its standard error if it fails, returns its
standard output.

=cut

sub run_client
{
	my ($node, $prog, @args) = @_;
	local $ENV{PATH} = install_path() . "/bin:$ENV{PATH}";
	local $ENV{LD_LIBRARY_PATH} = install_path() . '/lib'
	  . (defined $ENV{LD_LIBRARY_PATH} ? ":$ENV{LD_LIBRARY_PATH}" : '');
	local $ENV{PGHOST} = $node->host;
	local $ENV{PGPORT} = $node->port;
	my @cmd = (install_path() . "/bin/$prog", @args);
	my ($out, $err) = ('', '');
	IPC::Run::run(\@cmd, '>', \$out, '2>', \$err)
	  or die "$prog @args failed: $err";
	return $out;
}

=pod

=item present_generators(node, db)

The generators of test/generators that the extension installed in db has,
as [ 'schema.name', 'type' ] pairs, in the file's order.

=cut

sub present_generators
{
	my ($node, $db) = @_;
	my @names =
	  grep { !/^\s*(#|$)/ } split /\n/, slurp_file("$top/test/generators");
	my @gens;
	for my $name (map { s/^\s+|\s+$//gr } @names)
	{
		my $row = $node->safe_psql(
			$db, qq{
			SELECT quote_ident(n.nspname) || '.' || quote_ident(p.proname)
			       || ' ' || format_type(p.prorettype, NULL)
			  FROM pg_proc p
			  JOIN pg_depend d ON d.classid = 'pg_proc'::regclass
			       AND d.objid = p.oid AND d.deptype = 'e'
			  JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'objectid'
			  JOIN pg_namespace n ON n.oid = p.pronamespace
			 WHERE p.proname = '$name' AND p.pronargs = 0});
		push @gens, [ split / /, $row, 2 ] if $row ne '';
	}
	return @gens;
}

=pod

=item check_index(node, db, table, index, condition, %opt)

The index check, the one place it is written: the query C<SELECT answer
FROM table WHERE condition> with sequential scans forbidden must use the
index (its name in the plan, or the regex C<plan =E<gt> qr/.../>), and
answer as with index, bitmap and index-only scans forbidden; and it must
find rows.  The answer is C<count(*)/sum(n)/min(n)/max(n)> unless
C<answer =E<gt> 'expression'> says otherwise.  Returns the answer.

=cut

sub check_index
{
	my ($node, $db, $table, $index, $cond, %opt) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my $answer = $opt{answer}
	  // "count(*) || '/' || coalesce(sum(n), 0) || '/' || coalesce(min(n), 0) || '/' || coalesce(max(n), 0)";
	my $plan_re = $opt{plan} // qr/\b\Q$index\E\b/;
	my $query = "SELECT $answer FROM $table WHERE $cond";

	my $plan = $node->safe_psql($db,
		"SET enable_seqscan = off; EXPLAIN (COSTS OFF) $query");
	like($plan, $plan_re, "$db: $index is used for $cond");
	my $indexed =
	  $node->safe_psql($db, "SET enable_seqscan = off; $query");
	my $seq = $node->safe_psql($db,
		"SET enable_indexscan = off; SET enable_bitmapscan = off; SET enable_indexonlyscan = off; $query"
	);
	is($indexed, $seq,
		"$db: $index answers as a sequential scan does for $cond");
	unlike($indexed, qr{^0(/|$)}, "$db: $index finds rows for $cond");
	return $indexed;
}

=pod

=item amcheck_btrees(node, db)

bt_index_check(index, heapallindexed => true) on every btree index outside
the system schemas (amcheck must be installed in db); a corrupt index
fails the test.  Returns how many were checked.

=cut

sub amcheck_btrees
{
	my ($node, $db) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my ($ret, $out, $err) = $node->psql(
		$db, q{
		SELECT count(bt_index_check(c.oid, true))
		  FROM pg_index i
		  JOIN pg_class c ON c.oid = i.indexrelid AND c.relkind = 'i'
		  JOIN pg_am a ON a.oid = c.relam AND a.amname = 'btree'
		  JOIN pg_namespace n ON n.oid = c.relnamespace
		 WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
		   AND n.nspname !~ '^pg_toast'});
	is($ret, 0, "$db: amcheck clean on every btree index")
	  or diag($err);
	return $ret == 0 ? $out : 0;
}

=pod

=item same_text(got, expected, name)

ok() when the two texts are equal, else a failed test with their diff
(-u; - expected, + got).

=cut

sub same_text
{
	my ($got, $expected, $name) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	return pass($name) if $got eq $expected;
	my $dir = PostgreSQL::Test::Utils::tempdir();
	PostgreSQL::Test::Utils::append_to_file("$dir/expected", $expected);
	PostgreSQL::Test::Utils::append_to_file("$dir/got", $got);
	my $diff = '';
	IPC::Run::run([ 'diff', '-u', "$dir/expected", "$dir/got" ],
		'>', \$diff);
	fail($name);
	diag($diff);
	return 0;
}

=pod

=back

=cut

1;
