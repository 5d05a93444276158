
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# The portable edition's pg_tle route (portable/pgtle.sql): objectid as a
# Trusted Language Extension, set up as Amazon RDS, Aurora and Supabase set
# up pg_tle, on the server under test (skipped, and said so, where pg_tle is
# not installed for it: ../shared/pgtle/install MAJOR).
#
# A managed service has no objectid.control, and pgtle.install_extension
# refuses a name the server has a control file for; so the cluster runs
# from a shadow of the installation (its binaries copied, the rest linked)
# whose extension directory holds everything but objectid's files.  With
# shared_preload_libraries = 'pg_tle', a superuser creates pg_tle in the
# database and the roles: "installer", a member of pgtle_admin, runs
# portable/pgtle.sql with psql; "owner" owns the database and is a member of
# pgtle_admin, as a service's main user is.  The failures each check guards
# against:
# - portable/pgtle.sql out of step with portable/objectid.sql and
#   portable/pgtle/type.sql: portable/pgtle/generate writes it again, the
#   same;
# - an extension script that needs more than the services give: CREATE
#   EXTENSION by the owner, not a superuser, fails at the first operator
#   class (which needs a superuser; RDS's rds_superuser may) and not
#   before; by a role outside pgtle_admin, at the type; with the owner a
#   superuser for that one statement (as rds_superuser), it succeeds;
# - a type other than the one documented: 16 bytes in pg_type (12 and
#   pg_tle's header), no binary send and receive (binary COPY refused),
#   pg_input_is_valid raising (16+), the casts to and from bytea carrying
#   the 12 bytes, those to and from timestamptz the C extension's;
# - results or errors that differ from the C extension's (sql/vectors.sql
#   against expected/vectors.out, as the owner), generation rules that
#   differ from the plain edition's (portable/test/sql/generators.sql, its
#   function listings aside), functions that objects planted in the install
#   schema or pg_temp can hijack (portable/test/sql/hostile.sql, then the
#   vectors again);
# - a type unfit for keys: 2,000 DEFAULT objectid() keys in one session,
#   in increasing order (ORDER BY id is the order of insertion and of the
#   text), the primary key, a hash index and BRIN minmax and bloom indexes
#   used and answering as sequential scans do, a duplicate key refused;
# - a move to the C extension that loses or changes anything: the tables
#   dumped (pg_dump -t) and restored into a server with the C extension,
#   then back into one with this edition: the same rows, text and order,
#   the indexes used and answering, DEFAULT objectid() inserting (skipped
#   where the C extension is not installed);
# - an extension bound to public: CREATE EXTENSION objectid SCHEMA ids puts
#   every function there, and they work called from another schema;
# - an update path that fails or leaves another extension than a fresh
#   install: a later version's file (1.3.1, generated for the test)
#   registered beside 1.3, ALTER EXTENSION UPDATE from a 1.3 made older,
#   compared member by member with a fresh 1.3.1 (below);
# - an extension that does not go away whole: DROP EXTENSION leaves no
#   type, function or operator class of objectid;
# - a superuser's CREATE EXTENSION running or taking over what another role
#   planted in the schema (version 1.2 ran its objectid_portable_version()):
#   refused, nothing created, nothing planted run; a schema where PUBLIC has
#   CREATE refused even while no other role logs in;
# - a member of pgtle_admin, not a superuser, whose overloads planted in
#   pgtle run as whoever registers, creates or updates the extension, or
#   whose registration of 1.3 the file takes for its own: refused, none run;
# - a setting the script changes (search_path) outliving CREATE or ALTER
#   EXTENSION; keys whose time or process value a caller chooses through
#   the generators' settings;
# - a generator that is not the server's: keys from 8 sessions at once
#   repeated or out of order, an index they fill that is not as full as one
#   session's, keys predicted from the server's start and a process ID (L-4)
#   or replayed through the settings (L-5), repeated or ahead of the clock
#   when it steps back, a value a restart or a crash does not move on
#   (portable_generators, t/ObjectidTest.pm).

use strict;
use warnings;

use Cwd qw(abs_path);
use File::Basename qw(dirname);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $top = abs_path(dirname(__FILE__) . '/..');
my $sharedir = pg_config('--sharedir');
my $major = major_version();

my $pgtle_problem = pgtle_problem();
plan skip_all => $pgtle_problem if $pgtle_problem;

# generated file
{
	my $generated = `"$top/portable/pgtle/generate"`;
	is($?, 0, 'portable/pgtle/generate runs');
	my $committed = slurp_file("$top/portable/pgtle.sql");
	ok($generated eq $committed,
		'portable/pgtle.sql is what portable/pgtle/generate writes');
}

# the cluster runs from a shadow of the installation without objectid's files
my $node = objectid_node(
	'pgtle',
	install_path => shadow_install_path(),
	conf => "shared_preload_libraries = 'pg_tle'\nrestart_after_crash = on");
note 'server: ' . $node->safe_psql('postgres', 'SHOW server_version');
is( $node->safe_psql(
		'postgres', "SELECT count(*) FROM pg_available_extensions WHERE name = 'objectid'"),
	'0',
	'the shadow installation has no objectid extension, as a service');

# A schema where PUBLIC has CREATE: refused, while no role but the
# superuser logs in (as t/009_portable.pl checks on the plain route).
# (Before, it was accepted until another role was made, which could then
# plant an object that runs as whoever created the extension.)
$node->safe_psql('postgres', 'CREATE DATABASE lone');
$node->safe_psql('lone', 'CREATE EXTENSION pg_tle; GRANT CREATE ON SCHEMA public TO PUBLIC');
is($node->safe_psql('postgres', 'SELECT count(*) FROM pg_roles WHERE rolcanlogin AND NOT rolsuper'),
	'0', 'no role logs in but the superuser (the check below can fail)');
$node->psql('lone', undef, extra_params => [ '-f', "$top/portable/pgtle.sql" ], on_error_die => 1);
my ($ret, $out, $err) = $node->psql('lone', 'CREATE EXTENSION objectid');
like($err,
	qr/ERROR:  schema "public" is not safe to install objectid into\nDETAIL:  CREATE on it is granted to PUBLIC: every role, and every role created later, can create objects in it/,
	'public with CREATE for PUBLIC: CREATE EXTENSION refused (42501)');
is($node->safe_psql('lone', q{SELECT count(*) FROM pg_extension WHERE extname = 'objectid'}), '0', 'no extension');

$node->safe_psql(
	'postgres', q{
CREATE ROLE installer LOGIN;
CREATE ROLE owner LOGIN;
CREATE ROLE outsider LOGIN;
CREATE DATABASE app OWNER owner;
});
$node->safe_psql(
	'app', q{
CREATE EXTENSION pg_tle;
GRANT pgtle_admin TO installer, owner;
GRANT CREATE ON DATABASE app TO outsider;
});

# psql -f file (portable/pgtle.sql unless named) in db as the member of
# pgtle_admin, stopping at the first error: (exit status, stdout, stderr)
sub as_installer
{
	my ($db, $file) = @_;
	return $node->psql($db, undef,
		extra_params => [ '-U', 'installer', '-v', 'ON_ERROR_STOP=1', '-f',
			$file // "$top/portable/pgtle.sql" ]);
}

# install: psql -f portable/pgtle.sql as the member of pgtle_admin
($ret, $out, $err) = as_installer('app');
is($ret, 0, 'a member of pgtle_admin installs portable/pgtle.sql with psql')
  or diag($err);
is( $node->safe_psql(
		'app', "SELECT default_version FROM pgtle.available_extensions() WHERE name = 'objectid'"),
	'1.3',
	'objectid 1.3 is available in the database');

# CREATE EXTENSION: who may (outsider in a schema of its own: public, where
# the owner may create, the script refuses to anyone but the owner)
($ret, $out, $err) = $node->psql('app', 'CREATE SCHEMA outside; CREATE EXTENSION objectid SCHEMA outside',
	extra_params => [ '-U', 'outsider' ]);
like($err, qr/permission denied for function create_shell_type/,
	'a role outside pgtle_admin cannot create the extension (the type needs pgtle_admin)');
($ret, $out, $err) = $node->psql('app', 'CREATE EXTENSION objectid',
	extra_params => [ '-U', 'owner' ]);
like($err, qr/must be superuser to create an operator class/,
	'the owner, not a superuser, gets as far as the operator classes');
$node->safe_psql('app', 'ALTER ROLE owner SUPERUSER');
($ret, $out, $err) = $node->psql('app', 'CREATE EXTENSION objectid',
	extra_params => [ '-U', 'owner' ]);
$node->safe_psql('app', 'ALTER ROLE owner NOSUPERUSER');
is($ret, 0, 'the owner with the right to create operator classes creates the extension')
  or diag($err);

# the type
is( $node->safe_psql(
		'app', q{
SELECT concat_ws(' ', t.typlen, t.typalign, t.typsend::oid, t.typreceive::oid,
	t.typowner::regrole, e.extversion)
FROM pg_type t, pg_extension e
WHERE t.typname = 'objectid' AND e.extname = 'objectid'}),
	'16 i 0 0 owner 1.3',
	'objectid: 16 bytes in pg_type, int4-aligned, no send or receive, owned by the owner');
is( $node->safe_psql(
		'app', q{
SELECT id::bytea = decode('507f1f77bcf86cd799439011', 'hex'), octet_length(id::bytea),
	bytea(id) = id::bytea, '\x507f1f77bcf86cd799439011'::bytea::objectid = id
FROM (SELECT '507F1F77BCF86CD799439011'::objectid AS id) s}),
	't|12|t|t',
	'the casts to and from bytea carry the 12 bytes');
is( $node->safe_psql(
		'app', q{
SET timezone = 'UTC';
SELECT '507f1f77bcf86cd799439011'::objectid::timestamptz,
	timestamptz '2012-10-17 21:13:27.9+00'::objectid,
	(SELECT string_agg(castcontext::text, '') FROM pg_cast
	  WHERE (castsource, casttarget) IN (('objectid'::regtype, 'timestamptz'::regtype),
	                                     ('timestamptz'::regtype, 'objectid'::regtype)))}),
	'2012-10-17 21:13:27+00|507f1f770000000000000000|ee',
	'the casts between objectid and timestamptz (1.3): the second an id carries, the smallest id of a second, explicit');

# what portable/README.md says differs: no binary I/O; an invalid value is
# a raised error, not a soft one (16+)
($ret, $out, $err) = $node->psql('app',
	"COPY (SELECT '507f1f77bcf86cd799439011'::objectid) TO STDOUT (FORMAT binary)");
like($err, qr/no binary output function available for type objectid/,
	'binary COPY of an objectid is refused (no send function)');
SKIP:
{
	skip 'pg_input_is_valid is 16+', 1 if $major < 16;
	($ret, $out, $err) =
	  $node->psql('app', "SELECT pg_input_is_valid('507f', 'objectid')");
	like($err, qr/invalid input syntax for type objectid: "507f"/,
		'pg_input_is_valid raises the input error instead of answering false');
}

# the plain edition's suites, through pg_regress as the owner, as
# t/009_portable.pl runs them: the vectors (the C suite's own), the
# generation rules, objects planted in the install schema and pg_temp, then
# the vectors again with them in place
regress_files($node, 'app', 'owner', $top, ['vectors'],
	'sql/vectors.sql gives expected/vectors.out');
# generators.sql also lists the edition's functions with their markings
# and those that pin no search_path, which differ here by type.sql's
# functions (and min and max) coming, the domain's check function going and
# functions listed in another place: every other line (the generation
# rules, the plain functions' markings) must be the plain edition's
my $added = join '|', 'min', 'max',
  slurp_file("$top/portable/pgtle/type.sql") =~ /^\s*CREATE (?:OR REPLACE )?FUNCTION (\w+)\(/mg;
my (undef, $diffs, $results) =
  run_regress($node, 'app', 'owner', "$top/portable/test", ['generators']);
# (a run that never got to the file has no differences to judge)
ok(-s "$results/results/generators.out", 'portable/test/sql/generators.sql ran');
my @other = grep {
	/^[-+]/
	  && !/^(?:---|\+\+\+) /
	  && !/^-\s*objectid_portable_invalid\(text\)/
	  && !/^\+\s*(?:$added)\(/
	  && !/^[-+](?:\s*oid\s*|-+(?:\+-+)*|\(\d+ rows\))$/
} split /\n/, $diffs;
# a function listed in another place (the listings are in creation order)
my %moved;
$moved{ substr($_, 1) } .= substr($_, 0, 1) for @other;
@other = grep { $moved{ substr($_, 1) } !~ /^(?:-\+|\+-)$/ } @other;
is(join("\n", @other), '',
	'portable/test/sql/generators.sql: as in the plain edition, but for the functions type.sql adds and the domain check it drops'
);
# (objectid_output_language() reads the catalog: STABLE, and the C
# extension has none)
my $signatures = join ', ', map { "'$_'" } grep { $_ ne 'objectid_output_language()' }
  slurp_file("$top/portable/pgtle/type.sql") =~ /^\s*CREATE (?:OR REPLACE )?FUNCTION (\w+\([^)]*\))/mg;
is( $node->safe_psql(
		'app', qq{
SELECT string_agg(oid::regprocedure::text, ' ' ORDER BY oid::regprocedure::text) FROM pg_proc
WHERE oid = ANY (ARRAY[$signatures]::regprocedure[])
	AND NOT (provolatile = 'i' AND proisstrict AND proparallel = 's')}),
	'',
	"type.sql's functions are IMMUTABLE STRICT PARALLEL SAFE, as the C extension's");
# The type's I/O functions, as pg_tle made the type: never SQL.  pg_tle
# calls the output function with no snapshot set where a walsender decodes
# changes (logical replication) or the server logs a bind parameter; an SQL
# function reads the active snapshot unchecked there and the walsender or
# backend dies of signal 11, which restarts the server and cuts off every
# session (PL/pgSQL raises an error instead, PL/Perl runs).  Here (no
# plperl in the database) the output is PL/pgSQL.
# (the functions type.sql hands pgtle.create_base_type, and the type's own,
# pg_tle's C wrappers around them)
my ($io_call) = slurp_file("$top/portable/pgtle/type.sql") =~ /^SELECT pgtle\.create_base_type_if_not_exists\((.*?)\);$/ms;
my @io = $io_call =~ /'\@extschema\@\.(\w+\(\w+\))'::pg_catalog\.regprocedure/g;
is(scalar @io, 2, 'type.sql hands pgtle.create_base_type two I/O functions');
is( $node->safe_psql(
		'app', qq{
SELECT string_agg(p.oid::regprocedure || ' ' || l.lanname, ', ' ORDER BY p.oid::regprocedure::text)
FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
WHERE p.oid IN (SELECT unnest(ARRAY[typinput, typoutput]) FROM pg_type WHERE oid = 'objectid'::regtype)
	OR p.oid = ANY (ARRAY[@{[ join ', ', map { "'$_'" } @io ]}]::regprocedure[])}),
	'objectid_portable_in(cstring) c, objectid_portable_in(text) plpgsql, '
	  . 'objectid_portable_out(bytea) plpgsql, objectid_portable_out(objectid) c',
	'the type\'s I/O functions: pg_tle\'s C wrappers around PL/pgSQL, none SQL-language (signal 11 where no snapshot is set)');
is($node->safe_psql('app', 'SELECT objectid_output_language()'),
	'plpgsql', 'objectid_output_language(): plpgsql, without plperl in the database');
regress_files($node, 'app', 'owner', "$top/portable/test", ['hostile'],
	'portable/test/sql/hostile.sql: objects planted in the install schema and pg_temp change nothing');
regress_files($node, 'app', 'owner', $top, ['vectors'],
	'sql/vectors.sql, with the planted objects in place');

# Keys a caller cannot choose, as t/009_portable.pl checks them on the
# plain route (caller_keys, t/ObjectidTest.pm)
is(caller_keys($node, 'app', 'public', 'owner'), '4|0|0|0|0|0|0|0',
	'the keys made for a caller that sets the generators\' settings carry the clock\'s time and the server\'s value and counter');

# The server's generator from 8 sessions at once, in one order, the index
# they fill, the prediction (L-4) and replay (L-5) of a review failing, the
# clock stepped back, a new value at a restart and a crash, as on the plain
# route (portable_generators, t/ObjectidTest.pm)
portable_generators($node, 'app', 'public', 'owner', 'pg_tle');

# keys
$node->psql(
	'app', q{
CREATE TABLE t (id objectid PRIMARY KEY DEFAULT objectid(), n int);
INSERT INTO t (n) SELECT g FROM generate_series(1, 2000) g;
CREATE TABLE h (id objectid, n int);
INSERT INTO h SELECT * FROM t;
CREATE INDEX h_hash ON h USING hash (id);
CREATE TABLE bm (id objectid, n int);
INSERT INTO bm SELECT * FROM t;
CREATE INDEX bm_minmax ON bm USING brin (id) WITH (pages_per_range = 1);
CREATE TABLE bb (id objectid, n int);
INSERT INTO bb SELECT * FROM t;
CREATE INDEX bb_bloom ON bb USING brin (id objectid_bloom_ops) WITH (pages_per_range = 1);
ANALYZE t, h, bm, bb;
}, extra_params => [ '-U', 'owner', '-v', 'ON_ERROR_STOP=1' ], on_error_die => 1);
is( $node->safe_psql(
		'app', q{
SELECT count(*) FILTER (WHERE r <> n) || ' ' || count(*) FILTER (WHERE r <> rt)
FROM (SELECT n, row_number() OVER (ORDER BY id) r,
	row_number() OVER (ORDER BY id::text COLLATE "C") rt FROM t) s}),
	'0 0',
	'ORDER BY id is the order of insertion and of the text');
my $mid = $node->safe_psql('app', 'SELECT id FROM t WHERE n = 1000');
check_index($node, 'app', 't', 't_pkey', "id >= '$mid'", label => 'id >= the 1000th');
check_index($node, 'app', 't', 't_pkey', "id = '$mid'", label => 'id = the 1000th');
check_index($node, 'app', 'h', 'h_hash', "id = '$mid'", label => 'id = the 1000th');
check_index($node, 'app', 'bm', 'bm_minmax', "id >= '$mid'", label => 'id >= the 1000th');
check_index($node, 'app', 'bb', 'bb_bloom', "id = '$mid'", label => 'id = the 1000th');
($ret, $out, $err) = $node->psql('app', "INSERT INTO t VALUES ('$mid', 0)");
like($err, qr/duplicate key value violates unique constraint "t_pkey"/,
	'the primary key refuses a duplicate');
is($node->safe_psql('app', "SELECT min(id) < max(id), min(id) = (SELECT id FROM t WHERE n = 1) FROM t"),
	't|t', 'min and max');

# a new database db with pg_tle, portable/pgtle.sql (or file) installed by
# the member of pgtle_admin, and objectid created (by the superuser: who may
# is tested above) in schema (public when ''); the superuser owns the
# database, so that no other role may create in its public (the script
# refuses a schema where one may)
sub pgtle_database
{
	my ($db, $schema, $file) = @_;
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	$node->safe_psql($db, 'CREATE EXTENSION pg_tle' . ($schema ? "; CREATE SCHEMA $schema" : ''));
	my ($ret, $out, $err) = as_installer($db, $file);
	die "installing " . ($file // 'portable/pgtle.sql') . " in $db: $err" if $ret;
	$node->safe_psql($db, 'CREATE EXTENSION objectid' . ($schema ? " SCHEMA $schema" : ''));
	return;
}

# moving to the C extension and back: the tables alone (pg_dump -t), into
# a database where the other edition's extension is created first; the
# same rows, text and order, the keys and the DEFAULT working
my $digest = q{SELECT count(*) || ' ' || md5(string_agg(id::text || ':' || n, ',' ORDER BY id)) FROM t};
my $before = $node->safe_psql('app', $digest);
my $c_problem = -f "$sharedir/extension/objectid.control" ? '' : "objectid is not installed for PostgreSQL $major";
SKIP:
{
	skip "moving to the C extension: $c_problem", 11 if $c_problem;
	my $cnode = objectid_node('c', conf => "shared_preload_libraries = 'pg_tle'");
	$cnode->safe_psql('postgres', 'CREATE DATABASE moved');
	$cnode->safe_psql('moved', 'CREATE EXTENSION objectid');
	my $dump = run_client($node, 'pg_dump', '-d', 'app', '-t', 't', '-t', 'h', '-t', 'bm', '-t', 'bb', '--no-owner');
	$cnode->psql('moved', $dump, extra_params => [ '-v', 'ON_ERROR_STOP=1' ], on_error_die => 1);
	is( $cnode->safe_psql(
			'moved', q{
SELECT e.extversion, p.probin IS NOT NULL FROM pg_extension e, pg_proc p
WHERE e.extname = 'objectid' AND p.oid = 'objectid_in(cstring)'::regprocedure}),
		'1.3|t',
		'the other server has the C extension');
	is($cnode->safe_psql('moved', $digest), $before,
		'the tables restored under the C extension: the same rows, text and order');
	check_index($cnode, 'moved', 't', 't_pkey', "id = '$mid'", label => 'id = the 1000th', on => 'C');
	is( $cnode->safe_psql(
			'moved', 'INSERT INTO t (n) VALUES (2001) RETURNING id > (SELECT max(id) FROM t WHERE n <= 2000)'),
		't', 'C: DEFAULT objectid() inserts a key above the restored ones');

	# and back, into a database where portable/pgtle.sql is installed
	pgtle_database('back', '');
	$cnode->safe_psql('moved', 'DELETE FROM t WHERE n = 2001');
	$dump = run_client($cnode, 'pg_dump', '-d', 'moved', '-t', 't', '-t', 'h', '-t', 'bm', '-t', 'bb', '--no-owner');
	$node->psql('back', $dump, extra_params => [ '-v', 'ON_ERROR_STOP=1' ], on_error_die => 1);
	is($node->safe_psql('back', $digest), $before,
		'and back under pg_tle: the same rows, text and order');
	check_index($node, 'back', 't', 't_pkey', "id = '$mid'", label => 'id = the 1000th', on => 'back');
	is( $node->safe_psql(
			'back', 'INSERT INTO t (n) VALUES (2001) RETURNING id > (SELECT max(id) FROM t WHERE n <= 2000)'),
		't', 'back: DEFAULT objectid() inserts a key above the restored ones');
	$cnode->stop;
}

# another schema: CREATE EXTENSION objectid SCHEMA ids puts everything
# there and the functions find their helpers there (@extschema@)
pgtle_database('other', 'ids');
is( $node->safe_psql(
		'other', q{
SELECT count(*) FILTER (WHERE pronamespace <> 'ids'::regnamespace), count(*) > 50
FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'objectid') AND d.deptype = 'e'}),
	'0|t',
	'CREATE EXTENSION objectid SCHEMA ids: every function of it in ids');
is( $node->safe_psql(
		'other', q{
SET search_path = public;
CREATE TABLE k (id ids.objectid PRIMARY KEY DEFAULT ids.objectid(), u uuid DEFAULT ids.uuidv7());
INSERT INTO k DEFAULT VALUES;
SELECT ids.objectid_timestamp(id) BETWEEN now() - interval '1 minute' AND now() + interval '1 minute',
	ids.uuid_timestamp(u) BETWEEN now() - interval '1 minute' AND now() + interval '1 minute',
	ids.uuid_to_objectid(ids.objectid_to_uuid(id)) OPERATOR(ids.=) id,
	ids.objectid_from_extjson(ids.objectid_to_extjson(id)) OPERATOR(ids.=) id,
	ids.uuid_from_extjson(ids.uuid_to_extjson(u, 'javaLegacy'), 'javaLegacy') = u
FROM k}),
	't|t|t|t|t',
	'from another schema: generators, readers, conversions and a key');

# The update path: the file of a later version (made here by
# portable/pgtle/generate --version 1.3.1) registers it beside 1.3 with an
# update path from 1.3, and makes it the default; ALTER EXTENSION objectid
# UPDATE then takes a database at 1.3 (made older still: a function
# missing, objectid() with a stale body and markings, a helper 1.3.1 does
# not have) to 1.3.1.  The failures guarded against: a file that cannot
# register a second version, an update script that stops on an object that
# exists (the type, a cast, an operator, an operator class), loses a row or
# an index, or leaves an extension other than a fresh 1.3.1's (compared
# member by member); the file run again doing anything.
my $later = PostgreSQL::Test::Utils::tempdir('pgtle_later') . '/pgtle-1.3.1.sql';
system("\"$top/portable/pgtle/generate\" --version 1.3.1 > \"$later\"") == 0
  or die "portable/pgtle/generate --version 1.3.1: $?";
# a database with 1.3.1 alone, the reference
pgtle_database('later', '', $later);
my $fresh = extension_members($node, 'later');
pgtle_database('upd', '');
$node->safe_psql(
	'upd', q{
CREATE TABLE t (id objectid PRIMARY KEY DEFAULT objectid(), n int);
INSERT INTO t (n) SELECT generate_series(1, 1000);
CREATE INDEX t_hash ON t USING hash (id);
ALTER EXTENSION objectid DROP FUNCTION uuidv8_extract_timestamp(uuid);
DROP FUNCTION uuidv8_extract_timestamp(uuid);
CREATE OR REPLACE FUNCTION objectid() RETURNS objectid LANGUAGE sql VOLATILE
AS $$ SELECT '000000000000000000000000'::objectid $$;
CREATE FUNCTION objectid_portable_retired(int) RETURNS int LANGUAGE sql AS 'SELECT $1';
COMMENT ON FUNCTION objectid_portable_retired(int) IS 'private: a helper of an older version';
ALTER EXTENSION objectid ADD FUNCTION objectid_portable_retired(int);
});
my $upd_rows = $node->safe_psql('upd', $digest);
ok(extension_members($node, 'upd') ne $fresh, 'the older installation differs from a fresh 1.3.1');
($ret, $out, $err) = as_installer('upd', $later);
is($ret, 0, 'the 1.3.1 file registers 1.3.1 where 1.3 is registered') or diag($err);
is( $node->safe_psql(
		'upd', q{
SELECT (SELECT string_agg(version, ' ' ORDER BY version) FROM pgtle.available_extension_versions() WHERE name = 'objectid'),
	(SELECT default_version FROM pgtle.available_extensions() WHERE name = 'objectid'),
	(SELECT string_agg(source || '>' || target || ':' || (path IS NOT NULL), ' ' ORDER BY source, target)
	 FROM pgtle.extension_update_paths('objectid'))}),
	'1.3 1.3.1|1.3.1|1.3>1.3.1:true 1.3.1>1.3:false',
	'1.3 and 1.3.1 registered, 1.3.1 the default, an update path from 1.3 to 1.3.1 and none back');
my ($set_before, $set_after);
($ret, $set_before, $set_after, $err) = settings_around($node, 'upd', 'ALTER EXTENSION objectid UPDATE;');
is($ret, 0, 'ALTER EXTENSION objectid UPDATE takes the database from 1.3 to 1.3.1') or diag($err);
same_text($set_after, $set_before, 'ALTER EXTENSION objectid UPDATE: the session\'s settings are the same after it as before');
is($node->safe_psql('upd', "SELECT extversion FROM pg_extension WHERE extname = 'objectid'"),
	'1.3.1', 'the extension is at 1.3.1');
same_text(extension_members($node, 'upd'), $fresh,
	'updated: every member as a fresh 1.3.1\'s (the old helper dropped, the missing function made, the stale one replaced)');
is($node->safe_psql('upd', $digest), $upd_rows, 'updated: the same rows, text and order');
my $k500 = $node->safe_psql('upd', 'SELECT id FROM t WHERE n = 500');
check_index($node, 'upd', 't', 't_hash', "id = '$k500'", label => 'id = the 500th', on => 'upd');
$node->safe_psql('upd', 'DROP INDEX t_hash');
check_index($node, 'upd', 't', 't_pkey', "id = '$k500'", label => 'id = the 500th', on => 'upd');
is( $node->safe_psql(
		'upd', "INSERT INTO t (n) VALUES (1001) RETURNING objectid_timestamp(id) >= (SELECT max(objectid_timestamp(id)) FROM t WHERE n <= 1000)"),
	't', 'updated: DEFAULT objectid() inserts (another session: its second not behind the others)');
($ret, $out, $err) = as_installer('upd', $later);
like($err, qr/NOTICE:  objectid 1\.3\.1 is registered already: nothing to do/,
	'the 1.3.1 file run again says it has nothing to do');
same_text(extension_members($node, 'upd'), $fresh, 'and nothing changed');

# DROP EXTENSION takes everything
$node->safe_psql('app', 'DROP TABLE t, h, bm, bb, keys; DROP FUNCTION keep(int)');
$node->psql('app', 'DROP EXTENSION objectid', extra_params => [ '-U', 'owner' ],
	on_error_die => 1);
is( $node->safe_psql(
		'app', q{
SELECT (SELECT count(*) FROM pg_type WHERE typname LIKE '%objectid%')
	+ (SELECT count(*) FROM pg_proc WHERE pronamespace = 'public'::regnamespace
		AND (proname LIKE 'objectid%' OR proname LIKE 'uuid%' OR proname IN ('bytea', 'min', 'max')))
	+ (SELECT count(*) FROM pg_operator WHERE oprnamespace = 'public'::regnamespace
		AND oprname IN ('=', '<>', '<', '<=', '>', '>='))
	+ (SELECT count(*) FROM pg_opclass WHERE opcname LIKE 'objectid%')}),
	'0', 'DROP EXTENSION objectid leaves nothing of it in its schema');
is( $node->safe_psql(
		'app', "SELECT count(*) FROM pg_proc WHERE pronamespace = 'pgtle'::regnamespace AND proname LIKE 'objectid%'"),
	'2', 'the definition installed with pgtle.install_extension stays (pgtle.objectid.control, pgtle.objectid--1.3.sql)');

# Objects planted in the install schema (portable/README.md, "Safety where
# others can create objects"): CREATE EXTENSION refuses the schema before
# it runs, creates or takes over anything there (t/009_portable.pl does
# the same for the plain route).  The superuser creates the extension, as
# RDS's rds_superuser would; mallory's objects in public would have made
# mallory a superuser (version 1.2 ran mallory's objectid_portable_version()).
$node->safe_psql('postgres', 'CREATE DATABASE planted');
$node->safe_psql('planted', 'CREATE EXTENSION pg_tle; ' . planted_setup());
($ret, $out, $err) = as_installer('planted');
die "installing portable/pgtle.sql in planted: $err" if $ret;
my $create = sub { ($node->psql('planted', 'CREATE EXTENSION objectid'))[2] };
planted_checks(
	$node, 'planted', $create,
	q{SELECT (SELECT count(*) FROM pg_extension WHERE extname = 'objectid')
	+ (SELECT count(*) FROM pg_proc WHERE pronamespace = 'public'::regnamespace AND proowner <> 'mallory'::regrole)
	+ (SELECT count(*) FROM pg_type WHERE typnamespace = 'public'::regnamespace AND typowner <> 'mallory'::regrole)});
# a database another role owns: its owner may create in public (through
# pg_database_owner, public's owner on 15+)
$node->safe_psql('postgres', 'ALTER DATABASE planted OWNER TO owner');
like($create->(),
	qr/ERROR:  schema "public" is not safe to install objectid into\nDETAIL:  Role "owner" can create objects in it \(as a member of role "pg_database_owner", which owns the schema\)/,
	'a superuser\'s CREATE EXTENSION in public of a database another role owns: refused, the owner named');
$node->safe_psql('planted', 'CREATE SCHEMA ids');
($ret, $out, $err) = $node->psql('planted', 'CREATE EXTENSION objectid SCHEMA ids');
is($ret, 0, 'and in a schema only the superuser may create in: created') or diag($err);
is(planted_effects($node, 'planted'), 'f|0|0', 'nothing of mallory\'s ran');

# No setting the script changes outlives CREATE EXTENSION (ALTER
# EXTENSION UPDATE: above): every setting of the session is the same after
# it as before.  (Before, search_path stayed "<schema>, pgtle, pg_temp": a
# migration's next tables went into the extension's schema, and the
# session searched pgtle, where every member of pgtle_admin may create.)
$node->safe_psql('postgres', 'CREATE DATABASE settings');
$node->safe_psql('settings', 'CREATE EXTENSION pg_tle; CREATE SCHEMA ids');
($ret, $out, $err) = as_installer('settings');
die "installing portable/pgtle.sql in settings: $err" if $ret;
($ret, $set_before, $set_after, $err) = settings_around($node, 'settings', 'CREATE EXTENSION objectid SCHEMA ids;');
is($ret, 0, 'CREATE EXTENSION objectid SCHEMA ids') or diag($err);
same_text($set_after, $set_before, 'CREATE EXTENSION objectid: the session\'s settings are the same after it as before');

# A member of pgtle_admin that is not a superuser may create in schema
# pgtle (pg_tle grants it CREATE there).  mallory (planted_setup), made
# one, plants there an overload of each pg_tle function the files call,
# taking what an untyped literal resolves to (text); each runs
# mallory.ran(), which makes mallory a superuser when a superuser calls
# it.  (Before, the script called create_shell_type_if_not_exists('ids',
# 'objectid') with untyped literals, and mallory's overload ran as the
# superuser who ran CREATE or ALTER EXTENSION.)  The files refuse such a
# pgtle (42501) before they call anything there, and name pg_tle's
# functions with their parameters' types.
$node->safe_psql('postgres', 'CREATE DATABASE pgplant');
# (mallory, a role of the cluster, exists: its schema and functions here)
my $mallory_here = planted_setup() =~ s/^CREATE ROLE mallory LOGIN;\n//mr;
$node->safe_psql('pgplant', "CREATE EXTENSION pg_tle; $mallory_here; GRANT pgtle_admin TO mallory");
my $pg_overloads = q{
CREATE FUNCTION pgtle.create_shell_type_if_not_exists(text, text) RETURNS boolean
LANGUAGE plpgsql AS $$ BEGIN PERFORM mallory.ran(); RETURN true; END $$;
CREATE FUNCTION pgtle.create_base_type_if_not_exists(text, text, regprocedure, regprocedure, int4, text, text)
RETURNS boolean LANGUAGE plpgsql AS $$ BEGIN PERFORM mallory.ran(); RETURN true; END $$;
CREATE FUNCTION pgtle.install_extension(text, text, text, text) RETURNS boolean
LANGUAGE plpgsql AS $$ BEGIN PERFORM mallory.ran(); RETURN true; END $$;
};
my $pg_drop = q{
DROP FUNCTION pgtle.create_shell_type_if_not_exists(text, text);
DROP FUNCTION pgtle.create_base_type_if_not_exists(text, text, regprocedure, regprocedure, int4, text, text);
DROP FUNCTION pgtle.install_extension(text, text, text, text);
};
my $as_mallory = sub {
	$node->safe_psql('pgplant', $_[0], connstr => $node->connstr('pgplant') . ' user=mallory');
};
my $pgtle_refused = qr/ERROR:  schema pgtle holds an object that is not pg_tle's\nDETAIL:  Function pgtle\.\w+\([^)]*\) belongs to role "mallory"; it is neither pg_tle's nor an extension registered with pg_tle\./;
my $registered = q{SELECT count(*) FROM pgtle.available_extension_versions() WHERE name = 'objectid'};
# before registration
$as_mallory->($pg_overloads);
($ret, $out, $err) = as_installer('pgplant');
like($err, $pgtle_refused, 'mallory\'s overloads in pgtle: portable/pgtle.sql refuses to register (42501)');
is($node->safe_psql('pgplant', $registered) . ' ' . planted_effects($node, 'pgplant'), '0 f|0|0',
	'nothing registered, nothing of mallory\'s ran');
# before CREATE EXTENSION, run by a superuser
$as_mallory->($pg_drop);
($ret, $out, $err) = as_installer('pgplant');
is($ret, 0, 'without them, portable/pgtle.sql registers objectid') or diag($err);
$as_mallory->($pg_overloads);
($ret, $out, $err) = $node->psql('pgplant', 'CREATE EXTENSION objectid');
like($err, $pgtle_refused, 'mallory\'s overloads in pgtle: a superuser\'s CREATE EXTENSION refused (42501)');
is($node->safe_psql('pgplant', q{SELECT count(*) FROM pg_extension WHERE extname = 'objectid'})
	  . ' ' . planted_effects($node, 'pgplant'),
	'0 f|0|0', 'no extension, nothing of mallory\'s ran (mallory not a superuser)');
# before ALTER EXTENSION UPDATE (1.3 to 1.3.1), run by a superuser
$as_mallory->($pg_drop);
$node->safe_psql('pgplant', 'CREATE EXTENSION objectid');
($ret, $out, $err) = as_installer('pgplant', $later);
is($ret, 0, 'the 1.3.1 file registers 1.3.1') or diag($err);
$as_mallory->($pg_overloads);
($ret, $out, $err) = $node->psql('pgplant', 'ALTER EXTENSION objectid UPDATE');
like($err, $pgtle_refused, 'mallory\'s overloads in pgtle: a superuser\'s ALTER EXTENSION UPDATE refused (42501)');
is($node->safe_psql('pgplant', q{SELECT extversion FROM pg_extension WHERE extname = 'objectid'})
	  . ' ' . planted_effects($node, 'pgplant'),
	'1.3 f|0|0', 'still 1.3, nothing of mallory\'s ran');
# an overload that pg_tle's function wins over as well (an extra parameter
# with a default makes the call ambiguous, a refusal): the check names
# operators too
$as_mallory->($pg_drop . q{CREATE OPERATOR pgtle.=== (LEFTARG = text, RIGHTARG = text, FUNCTION = mallory.matches)});
($ret, $out, $err) = $node->psql('pgplant', 'ALTER EXTENSION objectid UPDATE');
like($err, qr/ERROR:  schema pgtle holds an object that is not pg_tle's\nDETAIL:  Operator pgtle\.===\(text,text\) belongs to role "mallory"/,
	'an operator of mallory\'s in pgtle: refused too');
$as_mallory->('DROP OPERATOR pgtle.=== (text, text)');
($ret, $out, $err) = $node->psql('pgplant', 'ALTER EXTENSION objectid UPDATE');
is($ret, 0, 'without it, ALTER EXTENSION objectid UPDATE') or diag($err);
is(planted_effects($node, 'pgplant'), 'f|0|0', 'nothing of mallory\'s ran in any of these');

# A rival registration: mallory registers objectid 1.3 first, with a
# script of its own, which CREATE EXTENSION would run.  (Before,
# portable/pgtle.sql said "registered already: nothing to do".)  The file
# compares the registered script with its own, byte for byte, and refuses.
$node->safe_psql('postgres', 'CREATE DATABASE rival');
$node->safe_psql('rival', "CREATE EXTENSION pg_tle; $mallory_here");
$node->safe_psql('rival',
	q{SELECT pgtle.install_extension('objectid', '1.3', 'not objectid', 'SELECT mallory.ran();')},
	connstr => $node->connstr('rival') . ' user=mallory');
($ret, $out, $err) = as_installer('rival');
like($err, qr/ERROR:  objectid 1\.3 is registered with another script\nDETAIL:  pgtle\."objectid--1\.3\.sql"\(\) \(owned by role "mallory"\) is not this file's script; CREATE and ALTER EXTENSION would run it\.\nHINT:  To register this file's script instead, its owner or a superuser drops that one with pgtle\.uninstall_extension\('objectid', '1\.3'\)/,
	'a rival registration of 1.3: portable/pgtle.sql refuses (55000) and says what to do');
$node->safe_psql('rival', q{SELECT pgtle.uninstall_extension('objectid')});
($ret, $out, $err) = as_installer('rival');
is($ret, 0, 'once it is uninstalled, the file registers its own') or diag($err);
($ret, $out, $err) = as_installer('rival');
like($err, qr/NOTICE:  objectid 1\.3 is registered already: nothing to do/, 'and run again, it finds its own');
is(planted_effects($node, 'rival'), 'f|0|0', 'nothing of mallory\'s ran');

$node->stop;
done_testing();
