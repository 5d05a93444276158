
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
  major_version
  major_install_path
  objectid_majors
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
	return run_pg_config($ENV{PG_CONFIG} || 'pg_config', @_);
}

# the answer of the pg_config cmd (it needs no shared library)
sub run_pg_config
{
	my ($cmd, @options) = @_;
	my ($out, $err);
	IPC::Run::run([ $cmd, @options ], '>', \$out, '2>', \$err)
	  or die "$cmd @options failed: $err";
	chomp $out;
	return $out;
}

=pod

=item major_version()

The major version of the server under test (15, ..., 19).

=cut

sub major_version
{
	my ($major) = pg_config('--version') =~ /^PostgreSQL (\d+)/
	  or die 'cannot read the major from pg_config --version: '
	  . pg_config('--version');
	return $major;
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

=item major_install_path(major)

The installation of PostgreSQL I<major> beside the server under test, for
the tests across majors: F</usr/lib/postgresql/major> (Debian's layout, as
PGDG packages install them), checked to be that major and to have objectid
installed (F<objectid.control> in its C<pg_config --sharedir>).  A major the
caller asked for must be there: a passed test naming it, or a failed one
saying what is missing (and undef).

=cut

# where the majors are installed
my $majors_dir = '/usr/lib/postgresql';

# what keeps PostgreSQL major from being used with objectid, or ''
sub install_problem
{
	my ($major) = @_;
	return "'$major' is not a PostgreSQL major" unless $major =~ /^[1-9][0-9]*$/;
	my $pg_config = "$majors_dir/$major/bin/pg_config";
	return "PostgreSQL $major is not installed ($pg_config not found)"
	  unless -x $pg_config;
	my ($version, $sharedir) = split /\n/,
	  run_pg_config($pg_config, '--version', '--sharedir');
	return "$pg_config is $version, not PostgreSQL $major"
	  unless $version =~ /^PostgreSQL $major(?![0-9])/;
	return "objectid is not installed for PostgreSQL $major: "
	  . "no objectid.control in $sharedir/extension "
	  . "(make install PG_CONFIG=$pg_config)"
	  unless -f "$sharedir/extension/objectid.control";
	return '';
}

sub major_install_path
{
	my ($major) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my $problem = install_problem($major);
	my $path = "$majors_dir/$major";
	if ($problem ne '')
	{
		fail("PostgreSQL $major is installed with objectid");
		diag($problem);
		return;
	}
	pass("PostgreSQL $major is installed with objectid in $path");
	return $path;
}

=pod

=item objectid_majors()

The majors installed as major_install_path() finds them that have objectid
installed, in ascending order.

=cut

sub objectid_majors
{
	return sort { $a <=> $b }
	  grep { /^[1-9][0-9]*$/ && install_problem($_) eq '' }
	  map { s{.*/}{}r } grep { -d } glob("$majors_dir/*");
}

=pod

=item objectid_node(name, %opt)

A new cluster, initialized (UTF-8, locale C.UTF-8) and started.  Options:
C<install_path> the installation (default: the server under test's);
C<extra> more initdb options; C<conf> lines for postgresql.conf, added
before the start; C<start =E<gt> 0> initializes without starting (for
pg_upgrade's new cluster); the rest goes to init().

=cut

sub objectid_node
{
	my ($name, %opt) = @_;
	my $path = delete $opt{install_path} // install_path();
	my @extra = @{ delete $opt{extra} // [] };
	my $conf = delete $opt{conf};
	my $start = delete $opt{start} // 1;
	my $node =
	  PostgreSQL::Test::Cluster->new($name, install_path => $path);
	$node->init(extra => [ '--encoding=UTF8', '--locale=C.UTF-8', @extra ],
		%opt);
	$node->append_conf('postgresql.conf', $conf) if defined $conf;
	$node->start if $start;
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
C<answer =E<gt> 'expression'> says otherwise; the tests' names begin with
db unless C<on =E<gt> 'text'> says otherwise.  Returns the answer.

=cut

sub check_index
{
	my ($node, $db, $table, $index, $cond, %opt) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my $answer = $opt{answer}
	  // "count(*) || '/' || coalesce(sum(n), 0) || '/' || coalesce(min(n), 0) || '/' || coalesce(max(n), 0)";
	my $plan_re = $opt{plan} // qr/\b\Q$index\E\b/;
	my $on = $opt{on} // $db;
	my $query = "SELECT $answer FROM $table WHERE $cond";

	my $plan = $node->safe_psql($db,
		"SET enable_seqscan = off; EXPLAIN (COSTS OFF) $query");
	like($plan, $plan_re, "$on: $index is used for $cond");
	my $indexed =
	  $node->safe_psql($db, "SET enable_seqscan = off; $query");
	my $seq = $node->safe_psql($db,
		"SET enable_indexscan = off; SET enable_bitmapscan = off; SET enable_indexonlyscan = off; $query"
	);
	is($indexed, $seq,
		"$on: $index answers as a sequential scan does for $cond");
	unlike($indexed, qr{^0(/|$)}, "$on: $index finds rows for $cond");
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
