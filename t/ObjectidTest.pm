
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
use File::Copy qw(copy);
use File::Path qw(make_path);
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
  shadow_install_path
  pgtle_problem
  run_client
  present_generators
  check_index
  amcheck_btrees
  same_text
  extension_members
  start_client
  key_batch
  key_tables
  key_script
  key_load
  acked
  wait_acked
  key_digests
  key_acked_checks
  key_bounds
  key_checks
  process_values
  regress_files
  run_regress
  planted_setup
  planted_objects
  planted_effects
  planted_checks
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
	return positive_env('SCALE', 1);
}

# the environment variable name, a positive integer, or default
sub positive_env
{
	my ($name, $default) = @_;
	my $value = $ENV{$name} // $default;
	die "$name must be a positive integer, not '$value'"
	  unless $value =~ /^[1-9][0-9]*$/;
	return $value;
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

=item shadow_install_path()

A shadow of the installation of the server under test whose extension
directory lacks objectid's files, as a managed service's (pg_tle refuses an
extension name the server has a control file for): an install_path for
objectid_node.  Its binaries that find the others, and the server its files,
from where they are (postgres, pg_ctl, initdb) are copies, the rest links,
below the directory that the binaries, share and library directories have
in common, as PostgreSQL finds the latter two relative to its binary.

=cut

sub shadow_install_path
{
	my ($bindir, $sharedir, $pkglibdir) =
	  map { pg_config($_) } qw(--bindir --sharedir --pkglibdir);
	my $shadow = PostgreSQL::Test::Utils::tempdir('shadow_install');
	my @parts = map { [ File::Spec->splitdir($_) ] } $bindir, $sharedir, $pkglibdir;
	my $common = 0;
	$common++
	  while $common < @{ $parts[0] }
	  && !grep { !defined $_->[$common] || $_->[$common] ne $parts[0][$common] } @parts;
	my ($sbin, $sshare, $slib) =
	  map { File::Spec->catdir($shadow, @{$_}[ $common .. $#$_ ]) } @parts;
	make_path($sbin, "$sshare/extension", dirname($slib));
	symlink($pkglibdir, $slib) or die "symlink $slib: $!";
	for my $f (glob("$bindir/*"))
	{
		my $to = "$sbin/" . (File::Spec->splitpath($f))[2];
		if ($to =~ m{/(postgres|pg_ctl|initdb)$})
		{
			copy($f, $to) or die "copy $f: $!";
			chmod 0755, $to;
		}
		else { symlink($f, $to) or die "symlink $to: $!"; }
	}
	for my $f (glob("$sharedir/*"))
	{
		my $name = (File::Spec->splitpath($f))[2];
		next if $name eq 'extension';
		symlink($f, "$sshare/$name") or die "symlink $name: $!";
	}
	for my $f (glob("$sharedir/extension/*"))
	{
		my $name = (File::Spec->splitpath($f))[2];
		next if $name =~ /^objectid[-._]/;
		symlink($f, "$sshare/extension/$name") or die "symlink $name: $!";
	}
	return dirname($sbin);
}

=pod

=item pgtle_problem()

Why the server under test cannot run pg_tle (not installed for its major),
or '': the reason for a test's skip_all.

=cut

sub pgtle_problem
{
	my $sharedir = pg_config('--sharedir');
	my $major = major_version();
	return -f "$sharedir/extension/pg_tle.control"
	  ? ''
	  : "pg_tle is not installed for PostgreSQL $major "
	  . "(no pg_tle.control in $sharedir/extension; ../shared/pgtle/install $major)";
}

=pod

=item run_client(node, command...)

Run one of the server's client programs (pg_dump, pg_restore: the name
alone) against node; dies with its standard error if it fails, returns its
standard output.

=cut

# the environment of the server's client programs aimed at node
sub client_env
{
	my ($node) = @_;
	return (
		PATH => install_path() . "/bin:$ENV{PATH}",
		LD_LIBRARY_PATH => install_path() . '/lib'
		  . (defined $ENV{LD_LIBRARY_PATH} ? ":$ENV{LD_LIBRARY_PATH}" : ''),
		PGHOST => $node->host,
		PGPORT => $node->port);
}

sub run_client
{
	my ($node, $prog, @args) = @_;
	my %env = client_env($node);
	local @ENV{ keys %env } = values %env;
	my @cmd = (install_path() . "/bin/$prog", @args);
	my ($out, $err) = ('', '');
	IPC::Run::run(\@cmd, '>', \$out, '2>', \$err)
	  or die "$prog @args failed: $err";
	return $out;
}

=pod

=item start_client(node, log, command...)

Start one of the server's client programs (pgbench: the name alone) against
node in the background, its standard output and error going to the file
log; returns the IPC::Run harness (C<pumpable> while it runs, C<finish>
waits for it and is true when it exited with 0).

=cut

sub start_client
{
	my ($node, $log, $prog, @args) = @_;
	my %env = client_env($node);
	local @ENV{ keys %env } = values %env;
	return IPC::Run::start([ install_path() . "/bin/$prog", @args ],
		'<', \undef, '>', $log, '2>&1');
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

=item check_index(node, db, relation, index, condition, %opt)

The index check, the one place it is written: the query C<SELECT answer
FROM relation WHERE condition> with sequential scans forbidden must use the
index (its name in the plan, or the regex C<plan =E<gt> qr/.../>), and
answer as with index, bitmap and index-only scans forbidden; and it must
find rows.  relation is a table or any FROM item, such as a join.  Options:

=over

=item answer =E<gt> 'expression'

what the query selects, a text; default
C<count(*)/sum(n)/min(n)/max(n)>

=item with =E<gt> 'name AS (...)'

a WITH list ahead of the query

=item settings =E<gt> [ 'enable_hashjoin = off', ... ]

more settings for the queries with the index forced (not for the
sequential scan): to force the index to the inner side of a nested loop,
for instance

=item label =E<gt> 'text'

what the test names say the query is (default: the condition)

=item on =E<gt> 'text'

what the test names begin with (default: db)

=item local =E<gt> 1

the settings as C<SET LOCAL> in a transaction block: Citus, with
C<citus.propagate_set_commands = 'local'>, applies those on the workers
too, where the plans of a distributed table's shards are made

=back

Each query runs in a session of its own, read-only: fit for a standby.
Returns the answer.

=cut

sub check_index
{
	my ($node, $db, $relation, $index, $cond, %opt) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my $answer = $opt{answer}
	  // "count(*) || '/' || coalesce(sum(n), 0) || '/' || coalesce(min(n), 0) || '/' || coalesce(max(n), 0)";
	my $plan_re = $opt{plan} // qr/\b\Q$index\E\b/;
	my $label = $opt{label} // $cond;
	my $on = $opt{on} // $db;
	my $query = (defined $opt{with} ? "WITH $opt{with} " : '')
	  . "SELECT $answer FROM $relation WHERE $cond";
	# the statement under the settings
	my $set = sub {
		my ($sql, @settings) = @_;
		return join('', map { "SET $_; " } @settings) . $sql
		  unless $opt{local};
		return 'BEGIN; ' . join('', map { "SET LOCAL $_; " } @settings) . "$sql; COMMIT";
	};
	my @forced = ('enable_seqscan = off', @{ $opt{settings} // [] });

	my $plan = $node->safe_psql($db, $set->("EXPLAIN (COSTS OFF) $query", @forced));
	like($plan, $plan_re, "$on: $index is used for $label");
	my $indexed = $node->safe_psql($db, $set->($query, @forced));
	my $seq = $node->safe_psql($db,
		$set->($query, 'enable_indexscan = off', 'enable_bitmapscan = off', 'enable_indexonlyscan = off'));
	is($indexed, $seq,
		"$on: $index answers as a sequential scan does for $label");
	unlike($indexed, qr{^0(/|$)}, "$on: $index finds rows for $label");
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

=item extension_members(node, db)

The objectid extension's member objects in db, a line each, sorted: what
defines each (a function's result, kind, markings, source and library; an
operator's function, estimators, commutator, negator, HASHES and MERGES; an
operator class's method, family, default and key type; a type's length,
alignment, storage and I/O functions; a cast's context and method) and its
comment; then the members of its operator families (pg_amop and pg_amproc
rows belong to a family, not to the extension).  Two databases with the
same listing have the same extension.

=cut

sub extension_members
{
	my ($node, $db) = @_;
	return $node->safe_psql(
		$db, q{
	WITH m AS (
		SELECT d.classid, d.objid, d.objsubid
		  FROM pg_depend d
		 WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
		   AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'objectid'))
	SELECT pg_describe_object(m.classid, m.objid, m.objsubid) || ' | ' ||
		   coalesce((SELECT format('%s %s vol=%s strict=%s parallel=%s leakproof=%s secdef=%s cost=%s rows=%s src=%s bin=%s config=%s',
								   pg_get_function_result(p.oid), p.prokind, p.provolatile,
								   p.proisstrict, p.proparallel, p.proleakproof, p.prosecdef,
								   p.procost, p.prorows, p.prosrc, p.probin, p.proconfig)
					 FROM pg_proc p WHERE m.classid = 'pg_proc'::regclass AND p.oid = m.objid),
					(SELECT format('code=%s rest=%s join=%s com=%s neg=%s hashes=%s merges=%s',
								   o.oprcode, o.oprrest, o.oprjoin, o.oprcom::regoperator,
								   o.oprnegate::regoperator, o.oprcanhash, o.oprcanmerge)
					 FROM pg_operator o WHERE m.classid = 'pg_operator'::regclass AND o.oid = m.objid),
					(SELECT format('am=%s family=%s default=%s key=%s',
								   (SELECT amname FROM pg_am WHERE oid = c.opcmethod),
								   pg_describe_object('pg_opfamily'::regclass, c.opcfamily, 0),
								   c.opcdefault, c.opckeytype::regtype)
					 FROM pg_opclass c WHERE m.classid = 'pg_opclass'::regclass AND c.oid = m.objid),
					(SELECT format('len=%s byval=%s align=%s storage=%s in=%s out=%s recv=%s send=%s',
								   t.typlen, t.typbyval, t.typalign, t.typstorage, t.typinput,
								   t.typoutput, t.typreceive, t.typsend)
					 FROM pg_type t WHERE m.classid = 'pg_type'::regclass AND t.oid = m.objid),
					(SELECT format('context=%s method=%s', c.castcontext, c.castmethod)
					 FROM pg_cast c WHERE m.classid = 'pg_cast'::regclass AND c.oid = m.objid),
					'') || ' | ' ||
		   coalesce(obj_description(m.objid, m.classid::regclass::name), '(no comment)')
	  FROM m
	UNION ALL
	-- the members of the operator families (rows of pg_amop and pg_amproc
	-- belong to a family, not to the extension)
	SELECT pg_describe_object(a.classid, a.objid, 0)
	  FROM (SELECT 'pg_amop'::regclass AS classid, ao.oid AS objid, ao.amopfamily AS fam FROM pg_amop ao
			UNION ALL
			SELECT 'pg_amproc'::regclass, ap.oid, ap.amprocfamily FROM pg_amproc ap) a
	  JOIN pg_depend d ON d.classid = 'pg_opfamily'::regclass AND d.objid = a.fam
		   AND d.deptype = 'e'
		   AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'objectid')
	ORDER BY 1});
}

=pod

=back

=head2 Key tables

What the crash recovery and standby tests (t/006_recovery.pl,
t/007_standby.pl) share: tables keyed by generated keys under every index
kind, a pgbench transaction filling them that acknowledges each commit,
and the checks of what they hold.  The tables: k_btree (objectid primary
key, C<DEFAULT objectid()>), k_hash (a hash index on its objectid), k_brin
(a BRIN minmax index, 4 pages per range), u_btree (uuid primary key,
C<DEFAULT uuidv7()>), u_hash (a hash index on its uuid).  One transaction
takes a number from the sequence txn, inserts key_batch() rows with
generated keys into k_btree and u_btree and the same keys into k_hash,
k_brin and u_hash.

=over

=item key_batch()

KEY_BATCH from the environment (default 10): the rows a transaction adds
to each key table.

=cut

sub key_batch
{
	return positive_env('KEY_BATCH', 10);
}

=pod

=item key_tables(ext)

The SQL creating the key tables, ext the extension's schema (quoted).

=cut

sub key_tables
{
	my ($ext) = @_;
	return qq{
CREATE SEQUENCE txn;
CREATE TABLE k_btree (id objectid PRIMARY KEY DEFAULT $ext.objectid(), txn bigint NOT NULL, client int NOT NULL);
CREATE TABLE k_hash (id objectid NOT NULL, txn bigint NOT NULL);
CREATE INDEX k_hash_id ON k_hash USING hash (id);
CREATE TABLE k_brin (id objectid NOT NULL, txn bigint NOT NULL);
CREATE INDEX k_brin_id ON k_brin USING brin (id) WITH (pages_per_range = 4);
CREATE TABLE u_btree (id uuid PRIMARY KEY DEFAULT $ext.uuidv7(), txn bigint NOT NULL, client int NOT NULL);
CREATE TABLE u_hash (id uuid NOT NULL, txn bigint NOT NULL);
CREATE INDEX u_hash_id ON u_hash USING hash (id);};
}

=pod

=item key_script(ack)

The pgbench script of the key transaction.  It answers the transaction's
number and an md5 of its objectid keys and of its uuid keys, and after the
commit the client appends C<client txn objectid-md5 uuid-md5> to the file
ack: pgbench runs C<\shell> only once the statement before it has
returned, so ack lists exactly the transactions whose commit a client saw.

=cut

sub key_script
{
	my ($ack) = @_;
	my $batch = key_batch();
	return qq{WITH x AS (SELECT nextval('txn') AS txn),
     o AS (INSERT INTO k_btree (txn, client)
           SELECT txn, :client_id FROM x, generate_series(1, $batch) RETURNING id, txn),
     oh AS (INSERT INTO k_hash SELECT id, txn FROM o),
     ob AS (INSERT INTO k_brin SELECT id, txn FROM o),
     u AS (INSERT INTO u_btree (txn, client)
           SELECT txn, :client_id FROM x, generate_series(1, $batch) RETURNING id, txn),
     uh AS (INSERT INTO u_hash SELECT id, txn FROM u)
SELECT txn, (SELECT md5(string_agg(id::text, ',' ORDER BY id)) FROM o) AS osum,
       (SELECT md5(string_agg(id::text, ',' ORDER BY id)) FROM u) AS usum FROM x
\\gset
\\shell echo :client_id :txn :osum :usum >> $ack
};
}

=pod

=item key_load(node, db, clients =E<gt> N, rate =E<gt> TPS)

Start pgbench in the background: N clients (default 4) run the key
transaction in db for up to 600 s, at TPS transactions a second if rate
is given.  Returns the load: a hash of C<harness> (start_client's), C<ack>
(the acknowledgement file), C<log> (pgbench's output).

=cut

sub key_load
{
	my ($node, $db, %opt) = @_;
	my $dir = $node->basedir;
	my $load = {
		ack => "$dir/key_ack",
		log => "$dir/key_pgbench.log",
		clients => $opt{clients} // 4
	};
	PostgreSQL::Test::Utils::append_to_file("$dir/key_txn.sql",
		key_script($load->{ack}));
	PostgreSQL::Test::Utils::append_to_file($load->{ack}, '');
	$load->{harness} = start_client(
		$node, $load->{log}, 'pgbench', '-n',
		'-c' => $load->{clients},
		'-j' => 2,
		(defined $opt{rate} ? ('-R' => $opt{rate}) : ()),
		'-T' => 600,
		'-f' => "$dir/key_txn.sql",
		$db);
	return $load;
}

=pod

=item acked(load)

How many transactions the load has acknowledged so far.

=cut

sub acked
{
	my ($load) = @_;
	my @lines = split /\n/, slurp_file($load->{ack});
	return scalar @lines;
}

=pod

=item wait_acked(load, n)

Wait until n transactions are acknowledged; dies, with pgbench's output,
if pgbench stops first or after the default timeout (180 s).  Returns how
many are.

=cut

sub wait_acked
{
	my ($load, $n) = @_;
	my $deadline = time + $PostgreSQL::Test::Utils::timeout_default;
	my $acked;
	while (($acked = acked($load)) < $n)
	{
		die "pgbench stopped before $n transactions were acknowledged:\n"
		  . slurp_file($load->{log})
		  unless $load->{harness}->pumpable;
		die "$acked transactions acknowledged after "
		  . "$PostgreSQL::Test::Utils::timeout_default s, expected $n"
		  if time > $deadline;
		select undef, undef, undef, 0.1;
	}
	return $acked;
}

=pod

=item key_digests()

The SQL of the rows (tab, txn, n, md5): per key table and transaction,
the number of rows and the md5 of their keys (as key_script's).

=cut

sub key_digests
{
	return join "\nUNION ALL\n",
	  map {
		"SELECT '$_' AS tab, txn, count(*) AS n, md5(string_agg(id::text, ',' ORDER BY id)) FROM $_ GROUP BY txn"
	  } qw(k_btree k_hash k_brin u_btree u_hash);
}

=pod

=item key_acked_checks(node, db, load, after)

After the load stopped: every transaction it acknowledged is there in all
five key tables with exactly its keys (the md5 of each table's keys for
that transaction equals the client's), no transaction is there in part
(all five tables, key_batch() rows each, the same keys in each copy), and
at most one unacknowledged transaction per client is there (its commit
happened but the answer never reached the client).  after says when, for
the test names ("after crash recovery").  Makes the tables ack and digest
in db.  Returns how many transactions were acknowledged.

=cut

sub key_acked_checks
{
	my ($node, $db, $load, $after) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my $batch = key_batch();
	my $n_acked = acked($load);
	$node->safe_psql(
		$db, qq{
	CREATE TABLE ack (client int NOT NULL, txn bigint PRIMARY KEY, osum text NOT NULL, usum text NOT NULL);
	\\copy ack FROM '$load->{ack}' WITH (DELIMITER ' ')
	CREATE TABLE digest AS @{[ key_digests() ]};
	});
	is($node->safe_psql($db, 'SELECT count(*) FROM ack'),
		$n_acked, 'every acknowledgement was loaded');
	for my $line (
		split /\n/,
		$node->safe_psql(
			$db, qq{
	    SELECT t.t, count(*) FILTER (WHERE d.md5 IS DISTINCT FROM CASE WHEN t.t LIKE 'k%' THEN a.osum ELSE a.usum END
	                                    OR d.n <> $batch)
	      FROM ack a
	     CROSS JOIN (VALUES ('k_btree'), ('k_hash'), ('k_brin'), ('u_btree'), ('u_hash')) t(t)
	      LEFT JOIN digest d ON d.tab = t.t AND d.txn = a.txn
	     GROUP BY t.t ORDER BY 1}))
	{
		my ($t, $lost) = split /\|/, $line;
		is($lost, 0,
			"$t: all $n_acked acknowledged transactions there $after, with exactly their keys"
		);
	}
	my ($present, $partial, $unacked, $clients_over) = split /\|/, $node->safe_psql(
		$db, qq{
	    SELECT count(*),
	           count(*) FILTER (WHERE tables <> 5 OR rows <> 5 * $batch OR ksums <> 1 OR usums <> 1),
	           count(*) FILTER (WHERE txn NOT IN (SELECT txn FROM ack)),
	           (SELECT count(*) FROM (SELECT client FROM k_btree
	                                   WHERE txn NOT IN (SELECT txn FROM ack)
	                                   GROUP BY client HAVING count(DISTINCT txn) > 1) c)
	      FROM (SELECT txn, count(*) AS tables, sum(n) AS rows,
	                   count(DISTINCT md5) FILTER (WHERE tab LIKE 'k%') AS ksums,
	                   count(DISTINCT md5) FILTER (WHERE tab LIKE 'u%') AS usums
	              FROM digest GROUP BY txn) s});
	is($partial, 0,
		"no transaction only partly there: all $present in all five tables, $batch rows each, the same keys in each copy"
	);
	is($clients_over, 0,
		"at most one unacknowledged transaction per client is there ($unacked committed as the server stopped, before the client heard)"
	);
	return $n_acked;
}

=pod

=item key_bounds(node, db, filter)

Three objectid keys of k_brin that cut the rows matching filter (a
condition on the alias C<o>) in four, ascending: the bounds of
key_checks()'s BRIN ranges.

=cut

sub key_bounds
{
	my ($node, $db, $filter) = @_;
	my @bounds = split /\n/, $node->safe_psql(
		$db, qq{
		SELECT min(id) FROM (SELECT id, ntile(4) OVER (ORDER BY id) AS part
		                       FROM k_brin o WHERE $filter) s
		 GROUP BY part HAVING part > 1 ORDER BY 1});
	die "k_brin has fewer than 4 rows where $filter" unless @bounds == 3;
	return @bounds;
}

=pod

=item key_checks(node, db, filter, b1, b2, b3)

check_index() on each index of the key tables over the rows matching
filter (a condition on the alias C<o>): each btree and hash index is
probed once for every row of another key table (a nested loop over a
materialized scan of that table, the index on its inner side, parameterized
by the outer row); the BRIN index answers four ranges, cut at the bounds
b1 E<lt> b2 E<lt> b3 (key_bounds()), that together hold every row.  The
answers are C<rows/sum of txn>.  Returns them as text, a line
C<index: answer> per query, to compare across servers.

=cut

sub key_checks
{
	my ($node, $db, $filter, @b) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my $answer = "count(*) || '/' || coalesce(sum(o.txn), 0)";
	my $where = ($filter eq 'true' ? '' : " where $filter") . ' on ' . $node->name;
	my $out = '';
	for (
		[qw(k_btree_pkey k_btree k_brin)], [qw(k_hash_id k_hash k_brin)],
		[qw(u_btree_pkey u_btree u_hash)], [qw(u_hash_id u_hash u_btree)])
	{
		my ($idx, $tab, $outer) = @$_;
		$out .= "$idx: "
		  . check_index(
			$node, $db,
			"o JOIN $tab x ON x.id = o.id AND x.txn = o.txn",
			$idx, 'true',
			with => "o AS MATERIALIZED (SELECT id, txn FROM $outer o WHERE $filter)",
			settings => [ 'enable_hashjoin = off', 'enable_mergejoin = off' ],
			plan => qr/Index Scan using \Q$idx\E on \Q$tab\E x\n\s+Index Cond: \(id = o\.id\)/,
			answer => $answer,
			label => "a probe per $outer row$where") . "\n";
	}
	for my $range ("o.id < '$b[0]'", "o.id >= '$b[0]' AND o.id < '$b[1]'",
		"o.id >= '$b[1]' AND o.id < '$b[2]'", "o.id >= '$b[2]'")
	{
		$out .= 'k_brin_id: '
		  . check_index(
			$node, $db, 'k_brin o', 'k_brin_id', "($filter) AND $range",
			plan => qr/Bitmap Index Scan on k_brin_id/,
			answer => $answer,
			label => "$range$where") . "\n";
	}
	return $out;
}

=pod

=item process_values(node, db, condition)

The distinct ObjectId process values (bytes 5-9, in hex) of the k_btree
rows matching condition, sorted.

=cut

sub process_values
{
	my ($node, $db, $cond) = @_;
	return split /\n/, $node->safe_psql($db,
		"SELECT DISTINCT encode(substr(id::bytea, 5, 5), 'hex') FROM k_btree WHERE $cond ORDER BY 1"
	);
}

=pod

=item regress_files(node, db, user, dir, [ test... ], name)

The pg_regress tests dir/sql/test.sql, compared with dir/expected/test.out,
run in that order by the server under test's pg_regress (C<--use-existing>:
db must exist) against db of node as user: a passed test (named name, by
default after the tests), or a failed one with the head of
regression.diffs.  Results in F<tmp_check/regress_N_test>.

=cut

my $regress_runs = 0;

sub regress_files
{
	my ($node, $db, $user, $dir, $tests, $name) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my ($ok, $diffs, $out) = run_regress($node, $db, $user, $dir, $tests);
	$name //= "pg_regress @$tests in $db as $user";
	return pass($name) if $ok;
	fail($name);
	my @lines = split /\n/, $diffs;
	diag(join("\n", @lines[ 0 .. ($#lines < 99 ? $#lines : 99) ]),
		"\n(all of it: $out)");
	return 0;
}

=pod

=item run_regress(node, db, user, dir, [tests])

What regress_files runs, without a test of its own: returns whether every
file gave its expected output, the differences (regression.diffs, or
pg_regress's output when there is none) and the directory of the results.
For a caller that judges the differences itself.

=cut

sub run_regress
{
	my ($node, $db, $user, $dir, $tests) = @_;
	my @tests = @$tests;
	my $regress = pg_config('--pkglibdir') . '/pgxs/src/test/regress/pg_regress';
	my $out = "$PostgreSQL::Test::Utils::tmp_check/regress_"
	  . ++$regress_runs . "_$tests[0]";
	my %env = client_env($node);
	local @ENV{ keys %env } = values %env;
	# expected/ is read from --expecteddir on 16+, from --inputdir before
	my $help = '';
	IPC::Run::run([ $regress, '--help' ], '>', \$help, '2>&1');
	my @expected = $help =~ /--expecteddir/ ? ("--expecteddir=$dir") : ();
	my $log = '';
	my $ok = IPC::Run::run(
		[
			$regress, @expected, '--use-existing',
			'--host=' . $node->host, '--port=' . $node->port,
			"--user=$user", "--dbname=$db",
			'--bindir=' . install_path() . '/bin', "--inputdir=$dir",
			"--outputdir=$out", @tests
		],
		'>', \$log, '2>&1');
	my $diffs = -f "$out/regression.diffs" ? slurp_file("$out/regression.diffs") : $log;
	return ($ok, $diffs, $out);
}

=pod

=item planted_setup()

SQL for a superuser: the role mallory (it logs in, is not a superuser) and
its schema mallory (usable by everyone), with mallory.ran(), which every
object of planted_objects() calls when it runs.  ran() counts its calls in
the sequence mallory.calls, which no rollback takes back, then takes over
its caller: a superuser caller makes mallory a superuser, any other caller
gets public.backdoor(text), a SECURITY DEFINER function of the caller's
that runs any statement for whoever calls it.

=cut

sub planted_setup
{
	return q{
CREATE ROLE mallory LOGIN;
CREATE SCHEMA mallory AUTHORIZATION mallory;
GRANT USAGE ON SCHEMA mallory TO PUBLIC;
SET ROLE mallory;
CREATE SEQUENCE mallory.calls;
GRANT USAGE, UPDATE ON SEQUENCE mallory.calls TO PUBLIC;
CREATE FUNCTION mallory.ran() RETURNS void LANGUAGE plpgsql AS $ran$
BEGIN
	PERFORM pg_catalog.nextval('mallory.calls');
	IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = CURRENT_USER) THEN
		ALTER ROLE mallory SUPERUSER;
	ELSE
		CREATE FUNCTION public.backdoor(q text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
		AS $b$ BEGIN EXECUTE q; END $b$;
	END IF;
END
$ran$;
CREATE FUNCTION mallory.step(text, text) RETURNS text LANGUAGE plpgsql
AS $$ BEGIN PERFORM mallory.ran(); RETURN $1; END $$;
CREATE FUNCTION mallory.valid(text) RETURNS boolean LANGUAGE plpgsql
AS $$ BEGIN PERFORM mallory.ran(); RETURN true; END $$;
CREATE FUNCTION mallory.matches(text, text) RETURNS boolean LANGUAGE plpgsql
AS $$ BEGIN PERFORM mallory.ran(); RETURN true; END $$;
RESET ROLE;
};
}

=pod

=item planted_objects()

What mallory plants in schema public for the portable edition's install
script to find there, object as the script's error names it: the function whose text gives the version
installed (which version 1.2 ran), functions and an aggregate of the
edition's names (one the pg_tle route would make its type's input), the types objectid (a domain whose check runs ran()) and
objectid_portable_detect_state, and an operator, as [ object, SQL to plant
it, SQL to drop it ], both run as mallory.  Each runs ran() when it runs.

=cut

sub planted_objects
{
	my $runs = q{LANGUAGE plpgsql AS $$ BEGIN PERFORM mallory.ran(); RETURN NULL; END $$};
	return (
		[ 'Function public.objectid_portable_version()',
			"CREATE FUNCTION public.objectid_portable_version() RETURNS text $runs",
			'DROP FUNCTION public.objectid_portable_version()' ],
		[ 'Function public.objectid_in(text)',
			"CREATE FUNCTION public.objectid_in(text) RETURNS text $runs",
			'DROP FUNCTION public.objectid_in(text)' ],
		# pg_tle's type input: created only where missing, so a planted one
		# would become the type's
		[ 'Function public.objectid_portable_in(text)',
			"CREATE FUNCTION public.objectid_portable_in(text) RETURNS bytea $runs",
			'DROP FUNCTION public.objectid_portable_in(text)' ],
		[ 'Function public.uuidv7()',
			"CREATE FUNCTION public.uuidv7() RETURNS uuid $runs",
			'DROP FUNCTION public.uuidv7()' ],
		[ 'Aggregate public.uuid_detect_representation(text)',
			'CREATE AGGREGATE public.uuid_detect_representation(text) (SFUNC = mallory.step, STYPE = text)',
			'DROP AGGREGATE public.uuid_detect_representation(text)' ],
		[ 'Type public.objectid',
			'CREATE DOMAIN public.objectid AS text CHECK (mallory.valid(VALUE))',
			'DROP DOMAIN public.objectid' ],
		[ 'Type public.objectid_portable_detect_state',
			'CREATE TYPE public.objectid_portable_detect_state AS (counts int8[])',
			'DROP TYPE public.objectid_portable_detect_state' ],
		[ 'Operator public.~(text,text)',
			'CREATE OPERATOR public.~ (LEFTARG = text, RIGHTARG = text, FUNCTION = mallory.matches)',
			'DROP OPERATOR public.~(text, text)' ]);
}

=pod

=item planted_effects(node, db)

What mallory.ran() has done in db: 'mallory a superuser (t or f) | calls |
backdoors', 'f|0|0' when nothing it planted ran.

=cut

sub planted_effects
{
	my ($node, $db) = @_;
	return $node->safe_psql(
		$db, q{
SELECT (SELECT rolsuper FROM pg_roles WHERE rolname = 'mallory'),
	(SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM mallory.calls),
	(SELECT count(*) FROM pg_proc WHERE proname = 'backdoor')});
}

=pod

=item planted_checks(node, db, install, made)

The install script refused where mallory (planted_setup, done in db) has
planted: first every object of planted_objects() at once in public, where
everyone may create (as in a database created before PostgreSQL 15), then
CREATE revoked and each object alone.  install runs the script into public
and returns its standard error; made is a query that answers 0 when
nothing of the edition's was made.  Each refusal must be the documented
error (42501), make nothing, and leave planted_effects() at 'f|0|0'.

=cut

sub planted_checks
{
	my ($node, $db, $install, $made) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my @plants = planted_objects();
	my $as_mallory = sub {
		$node->safe_psql($db, $_[0], connstr => $node->connstr($db) . ' user=mallory');
	};
	my $unsafe = qr/ERROR:  schema "public" is not safe to install objectid into\nDETAIL:  /;
	$node->safe_psql($db, 'GRANT CREATE ON SCHEMA public TO PUBLIC');
	$as_mallory->(join(";\n", map { $_->[1] } @plants));
	like($install->(),
		qr/${unsafe}Role "\w+" can create objects in it \(CREATE on it is granted to PUBLIC\), and an object created there could run with your privileges\.\nHINT:  Install into a schema in which only you can create objects, e\.g\. CREATE SCHEMA ids, or revoke CREATE on this one from the others\./,
		'public with CREATE for PUBLIC, every object of mallory\'s in it: refused (42501)');
	is($node->safe_psql($db, $made) . ' ' . planted_effects($node, $db), '0 f|0|0',
		'nothing made, nothing of mallory\'s ran');
	$node->safe_psql($db, 'REVOKE CREATE ON SCHEMA public FROM PUBLIC');
	$as_mallory->(join(";\n", map { $_->[2] } @plants));
	# CREATE revoked, an object mallory made before: each alone
	for my $plant (@plants)
	{
		my ($object, $sql, $drop) = @$plant;
		$node->safe_psql($db, 'GRANT CREATE ON SCHEMA public TO mallory');
		$as_mallory->($sql);
		$node->safe_psql($db, 'REVOKE CREATE ON SCHEMA public FROM mallory');
		like($install->(),
			qr/$unsafe\Q$object\E in it belongs to role "mallory", not to you or a superuser\.\nHINT:  Install into a schema that holds no objects of other roles, e\.g\. CREATE SCHEMA ids, or drop them\./,
			"$object of mallory's in public: refused (42501), named");
		is($node->safe_psql($db, $made) . ' ' . planted_effects($node, $db), '0 f|0|0',
			"$object: nothing made, nothing of mallory's ran");
		$as_mallory->($drop);
	}
	return;
}

=pod

=back

=cut

1;
