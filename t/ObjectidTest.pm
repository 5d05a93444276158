
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# ObjectidTest: what objectid's TAP tests (t/*.pl) share.  They run
# through make prove_installcheck against the server of PG_CONFIG, where the
# extension is installed; each makes its own clusters with
# PostgreSQL::Test::Cluster, whose install_path is that server's
# installation, so that Debian's PostgreSQL 15 modules drive any later major
# too.  Each helper's comment says what it does.

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
use Time::HiRes ();

our @EXPORT = qw(
  scale pg_config major_version install_path major_install_path objectid_majors
  objectid_node shadow_install_path pgtle_problem run_client present_generators
  check_index amcheck_btrees same_text extension_members
  data_tables data_rows data_fingerprint data_checks data_defaults new_keys process_values
  regress_files run_regress planted_setup planted_effects planted_checks settings_around
  caller_keys portable_value open_session session_ask pgbench_run step_clock lifetime_events portable_generators);

# the repository's top directory (this file is in t/)
my $top = File::Spec->rel2abs(dirname(__FILE__) . '/..');

# scale(): SCALE from the environment (default 1): multiplies the suites'
# sizes.
sub scale
{
	my $scale = $ENV{SCALE} // 1;
	die "SCALE must be a positive integer, not '$scale'" unless $scale =~ /^[1-9][0-9]*$/;
	return $scale;
}

# pg_config(option...): the answer of PG_CONFIG (the server under test),
# trailing newline removed.
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

# major_version(): the major version of the server under test (15, ..., 19).
sub major_version
{
	my ($major) = pg_config('--version') =~ /^PostgreSQL (\d+)/
	  or die 'cannot read the major from pg_config --version: '
	  . pg_config('--version');
	return $major;
}

# install_path(): the installation of the server under test (the parent of
# its bindir).
my $install_path;

sub install_path
{
	return $install_path //= dirname(pg_config('--bindir'));
}

# major_install_path(major): the installation of PostgreSQL major beside the
# server under test, for the tests across majors: /usr/lib/postgresql/major
# (Debian's layout, as PGDG packages install them), checked to be that major
# and to have objectid installed (objectid.control in its pg_config
# --sharedir). A major the caller asked for must be there: a passed test
# naming it, or a failed one saying what is missing (and undef).

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
	return "$majors_dir/$major" if ok($problem eq '', "PostgreSQL $major is installed with objectid");
	diag($problem);
	return;
}

# objectid_majors(): the majors installed as major_install_path() finds them
# that have objectid installed, in ascending order.
sub objectid_majors
{
	return sort { $a <=> $b }
	  grep { /^[1-9][0-9]*$/ && install_problem($_) eq '' }
	  map { s{.*/}{}r } grep { -d } glob("$majors_dir/*");
}

# objectid_node(name, %opt): a new cluster, initialized (UTF-8, locale
# C.UTF-8) and started. Options: install_path the installation (default: the
# server under test's); extra more initdb options; conf lines for
# postgresql.conf, added before the start; C<start => 0> initializes without
# starting (for pg_upgrade's new cluster); the rest goes to init().
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

# shadow_install_path(): a shadow of the installation of the server under
# test whose extension directory lacks objectid's files, as a managed
# service's (pg_tle refuses an extension name the server has a control file
# for): an install_path for objectid_node. Its binaries that find the
# others, and the server its files, from where they are (postgres, pg_ctl,
# initdb) are copies, the rest links, below the directory that the binaries,
# share and library directories have in common, as PostgreSQL finds the
# latter two relative to its binary.
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

# pgtle_problem(): why the server under test cannot run pg_tle (not
# installed for its major), or '': the reason for a test's skip_all.
sub pgtle_problem
{
	my $sharedir = pg_config('--sharedir');
	my $major = major_version();
	return -f "$sharedir/extension/pg_tle.control"
	  ? ''
	  : "pg_tle is not installed for PostgreSQL $major "
	  . "(no pg_tle.control in $sharedir/extension; ../shared/pgtle/install $major)";
}

# run_client(node, command...): run one of the server's client programs
# (pg_dump, pg_restore: the name alone) against node; dies with its standard
# error if it fails, returns its standard output.

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

# present_generators(node, db): the generators of test/generators that the
# extension installed in db has, as [ 'schema.name', 'type' ] pairs, in the
# file's order.
sub present_generators
{
	my ($node, $db) = @_;
	my $names = join ',', map { "'" . s/^\s+|\s+$//gr . "'" }
	  grep { !/^\s*(#|$)/ } split /\n/, slurp_file("$top/test/generators");
	return map { [ split / /, $_, 2 ] } split /\n/, $node->safe_psql(
		$db, qq{
		SELECT quote_ident(n.nspname) || '.' || quote_ident(p.proname) || ' ' || format_type(p.prorettype, NULL)
		  FROM unnest(ARRAY[$names]) WITH ORDINALITY g(name, i)
		  JOIN pg_proc p ON p.proname = g.name AND p.pronargs = 0
		  JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
		  JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'objectid'
		  JOIN pg_namespace n ON n.oid = p.pronamespace
		 ORDER BY g.i});
}

# check_index(node, db, relation, index, condition, %opt): the index check,
# the one place it is written: SELECT answer FROM relation (a table or any
# FROM item) WHERE condition, with sequential scans forbidden, must use the
# index (its name in the plan, or the regex plan => qr/.../), answer as with
# index, bitmap and index-only scans forbidden, and find rows.  Options:
# answer => 'expression' (a text; default count(*)/sum(n)/min(n)/max(n));
# with => 'name AS (...)' (a WITH list ahead of the query); settings => [
# 'enable_hashjoin = off', ... ] (for the forced queries only: to force the
# index to the inner side of a nested loop, say); label => 'text' (the
# query in the test names; default the condition); on => 'text' (the test
# names' start; default db); local => 1 (settings as SET LOCAL in a
# transaction block, which Citus with citus.propagate_set_commands =
# 'local' applies on the workers, where the shards' plans are made).  Each
# query runs in a session of its own, read-only: fit for a standby.
# Returns the answer.
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

# amcheck_btrees(node, db): bt_index_check(index, heapallindexed => true) on
# every btree index outside the system schemas (amcheck must be installed in
# db); a corrupt index fails the test. Returns how many were checked.
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

# same_text(got, expected, name): ok() when the two texts are equal, else a
# failed test with their diff (-u; - expected, + got).
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

# extension_members(node, db): the objectid extension's member objects in
# db, a line each, sorted: what defines each (a function's result, kind,
# markings, source and library; an operator's function, estimators,
# commutator, negator, HASHES and MERGES; an operator class's method,
# family, default and key type; a type's length, alignment, storage and I/O
# functions; a cast's context and method) and its comment; then the members
# of its operator families (pg_amop and pg_amproc rows belong to a family,
# not to the extension). Two databases with the same listing have the same
# extension.
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

# ---- Data tables: what the tests of a database's life (t/001_update.pl
# to t/006_recovery.pl but t/003) share: tables of objectid keys under every
# kind of index the extension gives, uuid keys from its generator, and the
# checks that they came through.
#
# data_tables(node, db, ext, rows): creates, in db (the extension in schema
# ext, quoted, and amcheck installed), and fills with data_rows(1, rows):
# - oid_t: keys DEFAULT objectid(), every tenth objectid_from_timestamp() of
#   the row's time, under a btree primary key; at, keys every 37 minutes from
#   2001-02-03, under BRIN minmax; grp, one of five keys, with m under a
#   two-column btree (skip scans on 18+); h, mm and bl, generated keys under
#   a hash index, BRIN minmax_multi and bloom; maybe, a generated key or
#   NULL, under a btree; ids, an objectid[] or NULL; n numbers the rows.
#   Three more rows hold extreme keys (all zeros, all ones, the ends of the
#   signed 32-bit second; n 2000000001 to 2000000003);
# - uuid_t: keys DEFAULT uuidv7() (the extension's, named with its schema),
#   every tenth uuidv7_from_timestamp() of the row's time, under a btree
#   primary key;
# - oid_part: oid_t's keys, DEFAULT objectid(), partitioned by hash of the
#   key in 4.
sub data_tables
{
	my ($node, $db, $ext, $rows) = @_;
	$node->safe_psql(
		$db, qq{
CREATE TABLE oid_t (
	id		objectid PRIMARY KEY DEFAULT $ext.objectid(),
	at		objectid NOT NULL,
	grp		objectid NOT NULL,
	m		int NOT NULL,
	h		objectid,
	mm		objectid,
	bl		objectid,
	maybe	objectid,
	ids		objectid[],
	n		int NOT NULL UNIQUE);
CREATE INDEX oid_t_grp_m ON oid_t (grp, m);
CREATE INDEX oid_t_h_hash ON oid_t USING hash (h);
CREATE INDEX oid_t_at_brin ON oid_t USING brin (at $ext.objectid_minmax_ops) WITH (pages_per_range = 4);
CREATE INDEX oid_t_mm_brin ON oid_t USING brin (mm $ext.objectid_minmax_multi_ops) WITH (pages_per_range = 4);
CREATE INDEX oid_t_bl_brin ON oid_t USING brin (bl $ext.objectid_bloom_ops) WITH (pages_per_range = 4);
CREATE INDEX oid_t_maybe ON oid_t (maybe);
CREATE TABLE uuid_t (id uuid PRIMARY KEY DEFAULT $ext.uuidv7(), n int NOT NULL UNIQUE);
CREATE TABLE oid_part (id objectid PRIMARY KEY DEFAULT $ext.objectid(), n int NOT NULL) PARTITION BY HASH (id);
@{[ map { "CREATE TABLE oid_part_$_ PARTITION OF oid_part FOR VALUES WITH (MODULUS 4, REMAINDER $_);\n" } 0 .. 3 ]}
INSERT INTO oid_t (id, at, grp, m, n) VALUES
	('000000000000000000000000', '000000000000000000000000', '000000000000000000000000', 0, 2000000001),
	('ffffffffffffffffffffffff', 'ffffffffffffffffffffffff', 'ffffffffffffffffffffffff', 0, 2000000002),
	('7fffffff0000000000000000', '80000000ffffffffffffffff', '7fffffff0000000000000000', 0, 2000000003);
INSERT INTO oid_part SELECT id, n FROM oid_t});
	data_rows($node, $db, $ext, 1, $rows);
	return;
}

# data_rows(node, db, ext, from, to): inserts the rows n = from..to into the
# data tables, summarizes the BRIN indexes' new ranges, and analyzes.
sub data_rows
{
	my ($node, $db, $ext, $from, $to) = @_;
	$node->safe_psql(
		$db, qq{
INSERT INTO oid_t
SELECT CASE WHEN n % 10 = 0 THEN $ext.objectid_from_timestamp(t) ELSE $ext.objectid() END,
	   $ext.objectid_from_timestamp(t),
	   $ext.objectid_from_timestamp(timestamptz '2001-01-01 00:00:00+00' + n % 5 * interval '1 day'),
	   n, $ext.objectid(), $ext.objectid(), $ext.objectid(),
	   CASE WHEN n % 7 = 0 THEN NULL ELSE $ext.objectid() END,
	   CASE WHEN n % 5 = 0 THEN NULL ELSE ARRAY[$ext.objectid_from_timestamp(t), NULL, $ext.objectid()] END, n
  FROM (SELECT n, timestamptz '2001-02-03 04:05:06+00' + n * interval '37 minutes' AS t
		  FROM generate_series($from, $to) n) s;
INSERT INTO uuid_t
SELECT CASE WHEN n % 10 = 0
			THEN $ext.uuidv7_from_timestamp(timestamptz '2001-02-03 04:05:06+00' + n * interval '37 minutes')
			ELSE $ext.uuidv7() END, n
  FROM generate_series($from, $to) n;
INSERT INTO oid_part SELECT id, n FROM oid_t WHERE n BETWEEN $from AND $to;
SELECT brin_summarize_new_values(i) FROM unnest('{oid_t_at_brin,oid_t_mm_brin,oid_t_bl_brin}'::regclass[]) i;
ANALYZE});
	return;
}

# data_fingerprint(node, db, ext): what must come through, as text: per
# table the rows and an md5 of every row in order (with the readers'
# objectid_timestamp() of oid_t's keys and uuid_extract_timestamp() of
# uuid_t's), the rows of each partition, the index definitions and the
# column defaults (written schema-qualified).
sub data_fingerprint
{
	my ($node, $db, $ext) = @_;
	my $md5 = "count(*) || ' ' || md5(string_agg(%s, ',' ORDER BY n))";
	return $node->safe_psql(
		$db, qq{
SELECT 'oid_t: ' || @{[ sprintf $md5, "t::text || $ext.objectid_timestamp(id)" ]} FROM oid_t t;
SELECT 'uuid_t: ' || @{[ sprintf $md5, "t::text || $ext.uuid_extract_timestamp(id)" ]} FROM uuid_t t;
SELECT 'oid_part: ' || @{[ sprintf $md5, 't::text' ]} FROM oid_part t;
SELECT tableoid::regclass || ': ' || count(*) FROM oid_part GROUP BY tableoid ORDER BY 1;
SELECT indexdef FROM pg_indexes WHERE tablename ~ '^oid_|^uuid_' ORDER BY indexname;
SET search_path = '';
SELECT a.attrelid::regclass || '.' || a.attname || ' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid)
  FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
 WHERE d.adrelid::regclass::text ~ '^public\\.(oid_|uuid_)' ORDER BY 1});
}

# data_checks(node, db, ext, on): each index of the data tables answers its
# queries as a sequential scan does (check_index(): oid_t's primary key and
# hash index each probed once for every row, a nested loop over a
# materialized scan of oid_t with the index on its inner side; ranges and
# keys of the first and the last rows; oid_part's through a partition's
# primary key); every row of oid_part lies in the partition its hash routes
# it to (satisfies_hash_partition, so objectid_hash_extended is what it
# was); amcheck on the 10 btrees; amvalidate true on every operator class of
# the extension. on begins the test names.
sub data_checks
{
	my ($node, $db, $ext, $on) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my $rows = $node->safe_psql($db, 'SELECT max(n) FROM oid_t WHERE n < 2000000000');
	# a key of the row that far into the rows
	my $at = sub { "(SELECT $_[0] FROM oid_t WHERE n >= " . int($rows * $_[1]) . " AND $_[0] IS NOT NULL ORDER BY n LIMIT 1)" };
	my %probe = (
		with => 'p AS MATERIALIZED (SELECT id, h FROM oid_t)',
		settings => [ 'enable_hashjoin = off', 'enable_mergejoin = off' ],
		answer => "count(*) || '/' || sum(x.n)",
		label => 'a probe per row');
	my $from_ts = sub { "$ext.objectid_from_timestamp('$_[0] 00:00:00+00')" };
	check_index($node, $db, @$_, on => $on) for (
		[ 'p JOIN oid_t x ON x.id = p.id', 'oid_t_pkey', 'true', %probe, plan => qr/Index (Only )?Scan using oid_t_pkey on oid_t x/ ],
		[ 'p JOIN oid_t x ON x.h = p.h', 'oid_t_h_hash', 'true', %probe, plan => qr/Index Scan using oid_t_h_hash on oid_t x/ ],
		[ oid_t => oid_t_pkey => 'id < ' . $from_ts->('2001-06-01') ],
		[ oid_t => oid_t_grp_m => 'm = ' . $at->('m', 1 / 7) ],
		[ oid_t => oid_t_grp_m => 'grp = ' . $from_ts->('2001-01-03') . ' AND m < ' . int($rows / 2) ],
		[ oid_t => oid_t_at_brin => 'at >= ' . $from_ts->('2001-02-10') . ' AND at < ' . $from_ts->('2001-02-11') ],
		[ oid_t => oid_t_at_brin => 'at >= ' . $at->('at', 0.75) . ' AND at < ' . $at->('at', 0.8) ],
		[ oid_t => oid_t_mm_brin => 'mm = ' . $at->('mm', 0.7) ],
		[ oid_t => oid_t_bl_brin => 'bl = ' . $at->('bl', 0.9) ],
		[ oid_t => oid_t_maybe => 'maybe > (SELECT maybe FROM oid_t WHERE n > ' . int($rows * 3 / 4) . ' AND maybe IS NOT NULL ORDER BY n LIMIT 1)' ],
		[ uuid_t => uuid_t_pkey => "id < $ext.uuidv7_from_timestamp('2001-06-01 00:00:00+00')" ],
		[ oid_part => 'oid_part_[0-3]_pkey' => 'id = ' . $at->('id', 0.2), plan => qr/\boid_part_[0-3]_pkey\b/ ]);
	is( $node->safe_psql(
			$db, join ' UNION ALL ', map {
				"SELECT count(*) FROM oid_part_$_ WHERE NOT satisfies_hash_partition('oid_part'::regclass, 4, $_, id)"
			} 0 .. 3),
		"0\n0\n0\n0", "$on: every row of oid_part_0..3 hashes to its own partition");
	is(amcheck_btrees($node, $db), 10, "$on: amcheck checked the 10 btrees");
	is( $node->safe_psql(
			$db, q{
		SELECT string_agg(c.opcname || ' (' || a.amname || ')', ', ')
		  FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod
		  JOIN pg_depend d ON d.classid = 'pg_opclass'::regclass AND d.objid = c.oid AND d.deptype = 'e'
		  JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'objectid'
		 WHERE NOT amvalidate(c.oid)}),
		'', "$on: amvalidate true on every operator class of the extension");
	return;
}

# data_defaults(node, db, ext, on): the defaults still generate: 1,000 new
# rows (n = -1..-1000) in each data table give distinct keys, strictly
# increasing, carrying the current time; uuid_t's default calls the
# extension's uuidv7() and gives version 7 keys.
sub data_defaults
{
	my ($node, $db, $ext, $on) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	$node->safe_psql(
		$db, qq{
		INSERT INTO oid_t (at, grp, m, n) SELECT $ext.objectid(), $ext.objectid(), -g, -g FROM generate_series(1, 1000) g;
		INSERT INTO uuid_t (n) SELECT -g FROM generate_series(1, 1000) g;
		INSERT INTO oid_part (n) SELECT -g FROM generate_series(1, 1000) g});
	for (
		[ oid_t => "$ext.objectid_timestamp(id)" ],
		[ oid_part => "$ext.objectid_timestamp(id)" ],
		[ uuid_t => "$ext.uuid_extract_timestamp(id)" ])
	{
		my ($tab, $ts) = @$_;
		# rows, distinct keys, keys not above the previous one, keys not
		# carrying the current time
		is( $node->safe_psql(
				$db, qq{
			SELECT count(*), count(DISTINCT id), count(*) FILTER (WHERE prev >= id),
			       count(*) FILTER (WHERE $ts NOT BETWEEN now() - interval '1 minute' AND clock_timestamp() + interval '1 second')
			  FROM (SELECT id, lag(id) OVER (ORDER BY n DESC) AS prev FROM $tab WHERE n BETWEEN -1000 AND -1) s}),
			'1000|1000|0|0',
			"$on: $tab DEFAULT gives 1000 distinct keys, strictly increasing, carrying the current time");
	}
	is( $node->safe_psql(
			$db, qq{
		SELECT (SELECT count(*) FROM pg_attrdef a
		          JOIN pg_depend d ON d.classid = 'pg_attrdef'::regclass AND d.objid = a.oid
		               AND d.refclassid = 'pg_proc'::regclass
		          JOIN pg_depend x ON x.classid = 'pg_proc'::regclass AND x.objid = d.refobjid AND x.deptype = 'e'
		          JOIN pg_extension e ON e.oid = x.refobjid AND e.extname = 'objectid'
		         WHERE a.adrelid = 'uuid_t'::regclass AND a.adnum = 1)
		       || '|' || (SELECT count(*) FROM uuid_t WHERE n BETWEEN -1000 AND -1 AND $ext.uuid_extract_version(id) = 7)}),
		'1|1000', "$on: uuid_t DEFAULT calls the extension's uuidv7() and gives version 7 keys");
	return;
}

# new_keys(node, db, ext, on): four sessions, one after another, each insert
# 500 rows with the DEFAULT objectid() and DEFAULT uuidv7() keys into oid_t
# and uuid_t (n = -1001 to -4500): a passed test for each without a unique
# violation. on begins the test names.
sub new_keys
{
	my ($node, $db, $ext, $on) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	for my $s (1 .. 4)
	{
		my ($ret, $out, $err) = $node->psql(
			$db, qq{
			INSERT INTO oid_t (at, grp, m, n) SELECT $ext.objectid(), $ext.objectid(), 0, -1000 * $s - g FROM generate_series(1, 500) g;
			INSERT INTO uuid_t (n) SELECT -1000 * $s - g FROM generate_series(1, 500) g},
			on_error_stop => 1);
		is($ret, 0, "$on, session $s: 500 DEFAULT objectid() and uuidv7() keys each, no unique violation")
		  or diag($err);
	}
	return;
}

# process_values(node, db, column, condition): the distinct ObjectId process
# values (bytes 5-9, in hex) in column of the oid_t rows matching condition,
# sorted.
sub process_values
{
	my ($node, $db, $col, $cond) = @_;
	return split /\n/, $node->safe_psql($db,
		"SELECT DISTINCT encode(substr(${col}::bytea, 5, 5), 'hex') FROM oid_t WHERE $cond ORDER BY 1");
}

# settings_around(node, db, sql, psql params...): every setting of one
# session (pg_settings: name=setting, one a line) before and after sql runs
# in it (ON_ERROR_STOP): (exit status, before, after, stderr).  What an
# install script sets beyond its end (search_path after CREATE EXTENSION)
# shows as a difference.
sub settings_around
{
	my ($node, $db, $sql, %params) = @_;
	my $list = q{SELECT string_agg(name || '=' || coalesce(setting, ''), ' | ' ORDER BY name) FROM pg_settings;};
	# (a DO block first: PL/pgSQL's settings appear once it is loaded)
	my ($ret, $out, $err) =
	  $node->psql($db, "DO \$\$ BEGIN END \$\$;\n$list\n$sql\n$list", on_error_stop => 1, %params);
	my ($before, $after) = (split(/\n/, $out))[ 0, -1 ];
	return ($ret, join("\n", split / \| /, $before // ''), join("\n", split / \| /, $after // ''), $err);
}

# portable_value(schema, seed): SQL for the portable edition's server value
# (installed in schema) of seed, as portable/objectid.sql documents it in
# objectid_portable_lifetime: a 64-bit hash of the postmaster's start, the
# last reset of the background writer's statistics, the database's name
# and the counter's OID.
sub portable_value
{
	my ($schema, $seed) = @_;
	return "hashfloat8extended(extract(epoch FROM pg_postmaster_start_time())::float8, "
	  . "hashfloat8extended(extract(epoch FROM pg_stat_get_bgwriter_stat_reset_time())::float8, "
	  . "hashtextextended(current_database()::text, hashoidextended('$schema.objectid_portable_counter'::regclass, $seed))))";
}

# caller_keys(node, db, schema, owner): the keys the portable edition
# (installed in schema, by owner) makes for a caller that sets every
# setting its generators read (objectid_portable.*), to values of the
# edition's own forms and of version 1.3's before (a second in 2100, a
# process value and a v6 node of the caller's choice, v7 and v8 instants in
# 2100): the role clerk, which may insert into public.keys only columns
# other than the keys (DEFAULT objectid(), objectid(now()), uuidv7(),
# uuidv6(), uuidv8()), inserts a row, and calls owner's SECURITY DEFINER
# function that inserts one.  Returns 'rows|bad second|bad process
# value|bad objectid(timestamptz) process value|bad v7|bad v6|bad v6
# node|bad v8': '4|0|0|0|0|0|0|0' when every key carries the clock's time
# (within a second of the row's clock_timestamp()) and the server's value
# and a value its counter took (objectid(), objectid(timestamptz), and in
# uuidv6() the clock sequence and node; portable/objectid.sql,
# objectid_portable_tail and uuidv6()).
sub caller_keys
{
	my ($node, $db, $schema, $owner) = @_;
	$node->safe_psql($db, q{DO $$ BEGIN CREATE ROLE clerk LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$});
	my $as_owner = $node->connstr($db) . " user=$owner";
	$node->safe_psql(
		$db, qq{
CREATE TABLE public.keys (id $schema.objectid DEFAULT $schema.objectid(),
	t $schema.objectid DEFAULT $schema.objectid(now()), v7 uuid DEFAULT $schema.uuidv7(),
	v6 uuid DEFAULT $schema.uuidv6(), v8 uuid DEFAULT $schema.uuidv8(),
	pid int, via text, made timestamptz DEFAULT clock_timestamp());
GRANT INSERT (pid, via) ON public.keys TO clerk;
GRANT USAGE ON SCHEMA $schema TO clerk;
CREATE FUNCTION public.keep(p int) RETURNS void LANGUAGE sql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS \$\$ INSERT INTO public.keys (pid, via) VALUES (p, 'definer') \$\$;
GRANT EXECUTE ON FUNCTION public.keep(int) TO clerk;
}, connstr => $as_owner);
	my $round = sub {
		my ($objectid, $timestamptz, $v7, $v6, $v8) = @_;
		return qq{
SET objectid_portable.objectid = '$objectid';
SET objectid_portable.objectid_timestamptz = '$timestamptz';
SET objectid_portable.uuidv7 = '$v7';
SET objectid_portable.uuidv6 = '$v6';
SET objectid_portable.uuidv8 = '$v8';
INSERT INTO public.keys (pid, via) VALUES (pg_backend_pid(), 'insert');
SET objectid_portable.objectid = '$objectid';
SET objectid_portable.objectid_timestamptz = '$timestamptz';
SET objectid_portable.uuidv7 = '$v7';
SET objectid_portable.uuidv6 = '$v6';
SET objectid_portable.uuidv8 = '$v8';
SELECT public.keep(pg_backend_pid());};
	};
	$node->safe_psql(
		$db,
		$round->('7 4102444800 5', '3 99999999999999999', '7258118400000000000',
			'5 0123456789ab 1152921504606846000 1152921504606846000', '723000000000000000 5')
		  . $round->('abcdefabcd 4102444800 5', 'abcdefabcd 5', '7258118400000000000',
			'5 0123456789ab 1152921504606846000 0', '723000000000000000 5'),
		connstr => $node->connstr($db) . ' user=clerk');
	return $node->safe_psql(
		$db, qq{
SET search_path = pg_catalog, pg_temp;
CREATE FUNCTION pg_temp.lifetime(seed int8) RETURNS int8 LANGUAGE sql
AS \$\$ SELECT @{[ portable_value($schema, 'seed') ]} \$\$;
CREATE FUNCTION pg_temp.counted(v int8) RETURNS boolean LANGUAGE sql
AS \$\$ SELECT v BETWEEN 1 AND (SELECT last_value FROM $schema.objectid_portable_counter) \$\$;
SELECT count(*),
	count(*) FILTER (WHERE NOT $schema.objectid_timestamp(id) BETWEEN made - interval '1 second' AND made),
	count(*) FILTER (WHERE NOT pg_temp.counted(('x' || substr(id::text, 9))::bit(64)::int8
		- ((pg_temp.lifetime(1) & 274877906943) << 24))),
	count(*) FILTER (WHERE NOT pg_temp.counted(('x' || substr(t::text, 9))::bit(64)::int8
		- ((pg_temp.lifetime(1) & 274877906943) << 24))),
	count(*) FILTER (WHERE NOT $schema.uuid_extract_timestamp(v7) BETWEEN made - interval '1 second' AND made),
	count(*) FILTER (WHERE NOT $schema.uuidv6_extract_timestamp(v6) BETWEEN made - interval '1 second' AND made),
	count(*) FILTER (WHERE NOT pg_temp.counted((('x' || substr(replace(v6::text, '-', ''), 17))::bit(64)::int8
		& 4611686018427387903) - (pg_temp.lifetime(6) & 1152921504606846975))),
	count(*) FILTER (WHERE NOT $schema.uuidv8_extract_timestamp(v8) BETWEEN made - interval '1 second' AND made)
FROM public.keys});
}

# ---- Sessions, pgbench, the clock and the server's lifetime: what the
# tests of the generators (t/003_concurrency.pl for the C extension,
# portable_generators() below for the portable edition) share.

# open_session(node, db, connstr): a psql session on db kept open (as the
# bootstrap superuser, or through connstr), for session_ask(); quiet, unlike
# BackgroundPsql, which logs every query.
sub open_session
{
	my ($node, $db, $connstr) = @_;
	my %s = (in => '', out => '', err => '');
	my %env = (PATH => install_path() . "/bin:$ENV{PATH}");
	local @ENV{ keys %env } = values %env;
	$s{harness} = IPC::Run::start(
		[ 'psql', '-XAtq', '-v', 'ON_ERROR_STOP=1', '-d', $connstr // $node->connstr($db) ],
		'<', \$s{in}, '>', \$s{out}, '2>', \$s{err},
		IPC::Run::timeout($PostgreSQL::Test::Utils::timeout_default));
	return \%s;
}

# session_ask(session, query): the one-line answer of an open_session() to query.
sub session_ask
{
	my ($s, $query) = @_;
	$s->{out} = '';
	$s->{in} .= "$query;\n";
	$s->{harness}->pump until $s->{out} =~ /\n/ || $s->{err} ne '';
	die "psql: $s->{err}" if $s->{err} ne '';
	return $s->{out} =~ s/\n\z//r;
}

# pgbench_run(node, db, name, statements, clients, transactions, option...):
# pgbench's clients sessions run the statements (written to name.sql in the
# node's directory) transactions times each, as the bootstrap superuser
# (options: more pgbench arguments before the database); a passed test that
# every transaction committed.  Returns pgbench's output.
sub pgbench_run
{
	my ($node, $db, $name, $statements, $clients, $transactions, @options) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my $file = $node->basedir . "/$name.sql";
	PostgreSQL::Test::Utils::append_to_file($file, $statements);
	my $out = run_client($node, 'pgbench', '-n', '-c', $clients, '-j', 2,
		'-t', $transactions, '-f', $file, @options, $db);
	like($out,
		qr/number of transactions actually processed: @{[$clients * $transactions]}\b/,
		"pgbench: $clients sessions committed $transactions transactions each");
	return $out;
}

# step_clock(node, db, insert): the clock stepped back an hour and forward
# again under the server (libfaketime, which test/run installs): the node
# restarted under it, insert (a statement with %s for the phase) run
# before, after the step back (in a session opened before it, and in a new
# one) and after the step forward (in the session opened before), the
# node restarted without it.  Returns false, having done nothing, where
# libfaketime is not installed.
sub step_clock
{
	my ($node, $db, $insert) = @_;
	my ($faketime) = grep { -e } map { "$_/faketime/libfaketime.so.1" }
	  '/usr/lib/x86_64-linux-gnu', '/usr/lib64', '/usr/lib';
	return 0 unless $faketime;
	my $offset = $node->basedir . '/faketime';
	my $step = sub {
		open my $fh, '>', $offset or die "$offset: $!";
		print $fh "$_[0]\n";
		close $fh;
	};
	$step->('+0');
	{
		local @ENV{qw(LD_PRELOAD FAKETIME_TIMESTAMP_FILE FAKETIME_NO_CACHE DONT_FAKE_MONOTONIC)} =
		  ($faketime, $offset, 1, 1);
		$node->restart;
	}
	# (a SELECT after the statement gives session_ask() its answer line)
	my $open = open_session($node, $db);
	session_ask($open, sprintf($insert, 'before') . '; SELECT 1');
	$step->('-3600');
	session_ask($open, sprintf($insert, 'back, open session') . '; SELECT 1');
	$node->safe_psql($db, sprintf($insert, 'back, new session'));
	$step->('+0');
	session_ask($open, sprintf($insert, 'forward') . '; SELECT 1');
	$open->{harness}->finish;
	$node->restart;
	return 1;
}

# lifetime_events(node, db, value, on): a restart, an immediate stop and
# start, and the crash of a backend (SIGKILL: the postmaster makes shared
# memory anew; the node needs restart_after_crash = on) each give the
# server a value (value: a sub that reads it in a new session) it has not
# had before, the same in every session.  on begins the test names.
sub lifetime_events
{
	my ($node, $db, $value, $on) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my @seen = ($value->());
	for my $how ('a restart', 'an immediate stop', 'the crash of a backend')
	{
		if ($how eq 'a restart')
		{
			$node->restart;
		}
		elsif ($how eq 'an immediate stop')
		{
			$node->stop('immediate');
			$node->start;
		}
		else
		{
			my $bg = open_session($node, $db);
			my $victim = session_ask($bg, 'SELECT pg_backend_pid()');
			my $log = -s $node->logfile;
			kill 'KILL', $victim;
			$bg->{harness}->kill_kill;
			# (pg_isready, not poll_query_until: on 15 its psql can die of
			# SIGPIPE while connections are refused)
			my $ready = 0;
			for (1 .. 10 * $PostgreSQL::Test::Utils::timeout_default)
			{
				last if $ready = IPC::Run::run(
					[ install_path() . '/bin/pg_isready', '-q', '-h', $node->host,
					  '-p', $node->port, '-d', $db ]);
				Time::HiRes::usleep(100_000);
			}
			ok($ready, "$on: the server is back after the crash of backend $victim");
			ok($node->log_contains(qr/terminating any other active server processes|all server processes terminated; reinitializing/, $log),
				"$on: the postmaster reinitialized after the crash");
		}
		my $v = $value->();
		ok(!grep({ $_ eq $v } @seen), "$on: after $how, a new server value ($v; before: @seen)");
		is($value->(), $v, "$on: after $how, every session has it");
		push @seen, $v;
	}
	return;
}

# portable_generators(node, db, schema, owner, on): the portable edition's
# server generator (portable/README.md, "The generators"), installed in
# schema of db by owner, on either route, from many sessions at once and
# against the attacks of a review (issue 50); on begins the test names.
# (db is the edition's alone: nothing else advances its counter meanwhile.)
# - 8 sessions (pgbench) insert DEFAULT objectid(), uuidv6() and uuidv7()
#   keys at once into a table without a unique index: none repeated, each
#   backend's strictly increasing, every objectid() key the server's value
#   and a value of its counter, one process value for all backends;
# - two sessions take turns: every key greater than the other session's
#   before it;
# - a primary key filled by 8 sessions at once is at most 1.1 times the one
#   a session fills alone, and more than 1.2 times with the session's
#   generator (objectid_portable_session_objectid, the check failing);
# - prediction (L-4): no key, of the server's generator or of the session's
#   (in a read-only transaction), carries a value computed from the server's
#   start time and a backend's process ID (SHA-256 of 'objectid <start>
#   <pid>[ k]', 'uuidv6 <start> <pid>', as version 1.3 made them before);
# - replay (L-5): a role that may insert only other columns sets the
#   generators' settings, again and again, to a state half a millisecond
#   ahead of the clock (which 1.3 before accepted and continued: the same
#   key again), inserting as fast as it can: no key repeated;
# - the clock stepped back an hour and forward again (step_clock): no key
#   ahead of the clock, the keys after the step carrying the clock's hour,
#   none repeated;
# - a restart, an immediate stop and a crash each give the server a new
#   value (lifetime_events; the node needs restart_after_crash = on).
# Its tables are dropped at the end.
sub portable_generators
{
	my ($node, $db, $s, $owner, $on) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	# the server's value, as the edition computes it (its shift into place
	# included), and the last value of the counter
	my $server = '((' . portable_value($s, 1) . ' & 274877906943) << 24)';
	my $last = "(SELECT last_value FROM $s.objectid_portable_counter)";
	my $tail = q{('x' || substr(%s::text, 9))::bit(64)::int8};
	$node->safe_psql(
		$db, qq{
CREATE TABLE public.conc (seq bigint GENERATED ALWAYS AS IDENTITY, pid int DEFAULT pg_backend_pid(),
	id $s.objectid DEFAULT $s.objectid(), v6 uuid DEFAULT $s.uuidv6(), v7 uuid DEFAULT $s.uuidv7())});
	pgbench_run($node, $db, 'portable_conc', "INSERT INTO public.conc SELECT FROM generate_series(1, 10);\n", 8, 250);
	is( $node->safe_psql(
			$db, qq{
SELECT count(*), count(DISTINCT id), count(DISTINCT v6), count(DISTINCT v7), count(DISTINCT pid),
	count(*) FILTER (WHERE id <= pid_id OR v6 <= pid_v6 OR v7 <= pid_v7),
	count(*) FILTER (WHERE @{[ sprintf $tail, 'id' ]} - $server NOT BETWEEN 1 AND $last),
	count(DISTINCT substr(id::text, 9, 10))
FROM (SELECT *, lag(id) OVER w AS pid_id, lag(v6) OVER w AS pid_v6, lag(v7) OVER w AS pid_v7
	  FROM public.conc WINDOW w AS (PARTITION BY pid ORDER BY seq)) c}),
		'20000|20000|20000|20000|8|0|0|1',
		"$on: 8 sessions, 20000 keys of each generator: none repeated, each backend's increasing, the server's value and counter, one process value");

	# order across sessions: each key greater than every key returned
	# before it, in any session
	my @turn = map { open_session($node, $db) } 1 .. 2;
	my @last = ('', '', '');
	my $back = 0;
	for my $i (1 .. 400)
	{
		my @keys = split / /, session_ask($turn[ $i % 2 ],
			"SELECT $s.objectid()::text || ' ' || $s.uuidv6() || ' ' || $s.uuidv7()");
		$back += grep { $keys[$_] le $last[$_] } 0 .. 2;
		@last = @keys;
	}
	$_->{harness}->finish for @turn;
	is($back, 0, "$on: two sessions taking turns 200 times each: every key greater than the other session's before it");

	# a key's index from 8 sessions at once, against one session's; and
	# with the session's generator (the check can fail)
	my $rows = $ENV{DENSITY_ROWS} // 100000 * scale();
	my %size;
	for my $case ([ 'dens_one', 1, 'objectid' ], [ 'dens_eight', 8, 'objectid' ],
		[ 'dens_session', 8, 'objectid_portable_session_objectid' ])
	{
		my ($t, $n, $f) = @$case;
		$node->safe_psql($db, "CREATE TABLE public.$t (id $s.objectid PRIMARY KEY DEFAULT $s.$f(), n int)");
		pgbench_run($node, $db, "portable_$t", "INSERT INTO public.$t (n) SELECT g FROM generate_series(1, 1000) g;\n",
			$n, int($rows / 1000 / $n));
		$size{$t} = $node->safe_psql($db, "SELECT pg_relation_size('public.${t}_pkey')");
	}
	note sprintf("$on: primary key of %d rows: one session %d kB, 8 sessions %d kB (%.2fx), "
		  . '8 sessions with the session generator %d kB (%.2fx)',
		$rows, $size{dens_one} / 1024, $size{dens_eight} / 1024, $size{dens_eight} / $size{dens_one},
		$size{dens_session} / 1024, $size{dens_session} / $size{dens_one});
	cmp_ok($size{dens_eight}, '<=', 1.1 * $size{dens_one},
		"$on: 8 sessions inserting at once leave a primary key within 1.1 times one session's");
	cmp_ok($size{dens_session}, '>', 1.2 * $size{dens_one},
		"$on: with the session's generator they leave it more than 1.2 times as large (the check can fail)");

	# prediction (L-4): the values 1.3 before derived from the server's
	# start and each backend's process ID, for every backend that made
	# keys, and one that made them in a read-only transaction
	my $ro = open_session($node, $db);
	my $ro_pid = session_ask($ro, 'SELECT pg_backend_pid()');
	my $ro_keys = session_ask($ro, "BEGIN READ ONLY; SELECT string_agg($s.objectid()::text || ' ' || $s.uuidv6(), ' ') "
		  . "FROM generate_series(1, 100); COMMIT");
	$ro->{harness}->finish;
	is( $node->safe_psql(
			$db, qq{
CREATE FUNCTION pg_temp.h(text, int) RETURNS bytea LANGUAGE sql
AS \$\$ SELECT substr(sha256(convert_to(\$1, 'UTF8')), 1, \$2) \$\$;
CREATE TEMP TABLE keys AS
SELECT pid, id::text AS id, v6::text AS v6 FROM public.conc
UNION ALL
SELECT $ro_pid, k[2 * i - 1], k[2 * i]
FROM (SELECT string_to_array('$ro_keys', ' ') AS k) a, generate_series(1, 100) i;
CREATE TEMP TABLE predicted AS
SELECT encode(v, 'hex') AS v
FROM (SELECT DISTINCT pid FROM keys) p, (SELECT extract(epoch FROM pg_postmaster_start_time()) AS t) start,
	generate_series(0, 255) k,
	LATERAL (SELECT pg_temp.h(concat_ws(' ', 'objectid', start.t, p.pid, nullif(k, 0)), 5) AS pv,
				pg_temp.h(concat_ws(' ', 'uuidv6', start.t, p.pid), 6) AS node) h,
	LATERAL (VALUES (h.pv), (set_byte(h.pv, 0, get_byte(h.pv, 0) | 128)),
			 (set_byte(h.node, 0, get_byte(h.node, 0) | 1))) x(v);
SELECT count(DISTINCT pid) >= 8, count(*),
	count(*) FILTER (WHERE substr(id, 9, 10) IN (SELECT v FROM predicted) OR substr(v6, 25) IN (SELECT v FROM predicted))
FROM keys}),
		't|20100|0',
		"$on: L-4, no key of 9 backends (one read-only) carries a value predicted from the server's start and its process ID");

	# replay (L-5): clerk may insert only other columns than the keys
	$node->safe_psql($db, q{DO $$ BEGIN CREATE ROLE clerk LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$});
	$node->safe_psql(
		$db, qq{
CREATE TABLE public.replay (id $s.objectid DEFAULT $s.objectid(), v6 uuid DEFAULT $s.uuidv6(),
	v7 uuid DEFAULT $s.uuidv7(), via text);
GRANT INSERT (via) ON public.replay TO clerk;
GRANT USAGE ON SCHEMA $s TO clerk});
	$node->safe_psql(
		$db, q{
DO $$
DECLARE
	us int8;
	lead text;
	lead6 text;
BEGIN
	FOR i IN 1..3000 LOOP
		IF i % 20 = 1 THEN
			us := (extract(epoch FROM clock_timestamp()) * 1000000)::int8;
			lead := concat_ws(' ', 0, us / 1000000, least(us % 1000000 * 8388608 / 1000000 + 4000, 8388606));
			lead6 := concat_ws(' ', 5, '000000000000', us * 10 + 122192928000005000, us * 10 + 122192928000005000);
		END IF;
		PERFORM set_config('objectid_portable.objectid', lead, false);
		PERFORM set_config('objectid_portable.uuidv6', lead6, false);
		PERFORM set_config('objectid_portable.uuidv7', (us * 1000 + 500000)::text, false);
		INSERT INTO public.replay (via) VALUES ('replay');
	END LOOP;
END
$$}, connstr => $node->connstr($db) . ' user=clerk');
	is($node->safe_psql($db, q{
SELECT count(*), count(*) - count(DISTINCT id), count(*) - count(DISTINCT v6), count(*) - count(DISTINCT v7)
FROM public.replay}),
		'3000|0|0|0', "$on: L-5, a role that may insert only other columns, setting the state ahead again and again: no key repeated");

	# the clock stepped back an hour and forward again
	$node->safe_psql($db, "CREATE TABLE public.stepped (phase text, id $s.objectid, v6 uuid, v7 uuid, t timestamptz)");
	SKIP:
	{
		skip 'libfaketime is not installed (test/run installs it)', 3
		  unless step_clock($node, $db, "INSERT INTO public.stepped SELECT '%s', $s.objectid(), $s.uuidv6(), "
			  . "$s.uuidv7(), clock_timestamp() FROM generate_series(1, 100)");
		is( $node->safe_psql(
				$db, qq{
SELECT string_agg(format('%s: %s', phase, ahead), ', ' ORDER BY phase)
FROM (SELECT phase, count(*) FILTER (WHERE $s.objectid_timestamp(id) > t OR $s.uuid_timestamp(v6) > t
		OR $s.uuid_timestamp(v7) > t) AS ahead
	  FROM public.stepped GROUP BY phase) s}),
			'back, new session: 0, back, open session: 0, before: 0, forward: 0',
			"$on: the clock stepped back and forward: no key ahead of it, in any session");
		is( $node->safe_psql(
				$db, qq{
SELECT min($s.objectid_timestamp(id)) FILTER (WHERE phase LIKE 'back%')
	< max($s.objectid_timestamp(id)) FILTER (WHERE phase = 'before') - interval '59 minutes'
FROM public.stepped}),
			't', "$on: the keys made after the step back carry the clock's hour");
		is( $node->safe_psql($db,
				'SELECT count(*) - count(DISTINCT id), count(*) - count(DISTINCT v6), count(*) - count(DISTINCT v7) FROM public.stepped'),
			'0|0|0', "$on: no key made around the steps repeats");
	}

	lifetime_events($node, $db,
		sub { $node->safe_psql($db, "SELECT substr($s.objectid()::text, 9, 10)") }, $on);
	$node->safe_psql($db, 'DROP TABLE public.conc, public.dens_one, public.dens_eight, public.dens_session, '
		  . 'public.replay, public.stepped');
	return;
}

# ---- pg_regress
#
# regress_files(node, db, user, dir, [ test... ], name): the pg_regress
# tests dir/sql/test.sql, compared with dir/expected/test.out, run in that
# order by the server under test's pg_regress (--use-existing: db must
# exist) against db of node as user: a passed test named name, or a failed
# one with the head of regression.diffs.
# Results in tmp_check/regress_N_test.
my $regress_runs = 0;

sub regress_files
{
	my ($node, $db, $user, $dir, $tests, $name) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	my ($ok, $diffs, $out) = run_regress($node, $db, $user, $dir, $tests);
	return pass($name) if $ok;
	fail($name);
	my @lines = split /\n/, $diffs;
	diag(join("\n", @lines[ 0 .. ($#lines < 99 ? $#lines : 99) ]),
		"\n(all of it: $out)");
	return 0;
}

# run_regress(node, db, user, dir, [tests]): what regress_files runs,
# without a test of its own: returns whether every file gave its expected
# output, the differences (regression.diffs, or pg_regress's output when
# there is none) and the directory of the results. For a caller that judges
# the differences itself.
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

# planted_setup(): sql for a superuser: the role mallory (it logs in, is not
# a superuser) and its schema mallory (usable by everyone), with
# mallory.ran(), which every object of planted_checks() calls when it runs.
# ran() counts its calls in the sequence mallory.calls, which no rollback
# takes back, then takes over its caller: a superuser caller makes mallory a
# superuser, any other caller gets public.backdoor(text), a SECURITY DEFINER
# function of the caller's that runs any statement for whoever calls it.
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

# planted_effects(node, db): what mallory.ran() has done in db: 'mallory a
# superuser (t or f) | calls | backdoors', 'f|0|0' when nothing it planted
# ran.
sub planted_effects
{
	my ($node, $db) = @_;
	return $node->safe_psql(
		$db, q{
SELECT (SELECT rolsuper FROM pg_roles WHERE rolname = 'mallory'),
	(SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM mallory.calls),
	(SELECT count(*) FROM pg_proc WHERE proname = 'backdoor')});
}

# planted_checks(node, db, install, made): the install script refused where
# mallory (planted_setup, done in db) has planted: first every object below
# at once in public, where everyone may create (as in a
# database created before PostgreSQL 15), then CREATE revoked and each
# object alone. install runs the script into public and returns its standard
# error; made is a query that answers 0 when nothing of the edition's was
# made. Each refusal must be the documented error (42501), make nothing, and
# leave planted_effects() at 'f|0|0'.
sub planted_checks
{
	my ($node, $db, $install, $made) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	# what mallory plants, object as the script's error names it: the
	# function whose text gives the version installed (which version 1.2
	# ran), functions and an aggregate of the edition's names (one the pg_tle
	# route would make its type's input), the types objectid (a domain whose
	# check runs ran()) and objectid_portable_detect_state, an operator, and
	# a sequence of the counter's name, as [ object, SQL to plant it, SQL to
	# drop it ]; each but the sequence runs ran()
	my $runs = q{LANGUAGE plpgsql AS $$ BEGIN PERFORM mallory.ran(); RETURN NULL; END $$};
	my @plants = (
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
			'DROP OPERATOR public.~(text, text)' ],
		# the server's counter: no code, but mallory could set it back, and
		# keys would repeat
		[ 'Relation public.objectid_portable_counter',
			'CREATE SEQUENCE public.objectid_portable_counter',
			'DROP SEQUENCE public.objectid_portable_counter' ]);
	my $as_mallory = sub {
		$node->safe_psql($db, $_[0], connstr => $node->connstr($db) . ' user=mallory');
	};
	my $unsafe = qr/ERROR:  schema "public" is not safe to install objectid into\nDETAIL:  /;
	$node->safe_psql($db, 'GRANT CREATE ON SCHEMA public TO PUBLIC');
	$as_mallory->(join(";\n", map { $_->[1] } @plants));
	like($install->(),
		qr/${unsafe}CREATE on it is granted to PUBLIC: every role, and every role created later, can create objects in it, and an object created there could run with your privileges\.\nHINT:  Install into a schema in which only you can create objects, e\.g\. CREATE SCHEMA ids, or revoke CREATE on this one from the others\./,
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

1;
