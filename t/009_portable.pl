
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# The plain-SQL edition (portable/objectid.sql), installed the way a user of
# a managed service installs it: psql -f, as a role that is not a superuser
# and owns the database.  The regress files run through the major's
# pg_regress (--use-existing, as that role), so their output is compared
# exactly as the C suite's is:
# - vectors: sql/vectors.sql, the C extension's own vectors file,
#   unchanged, against the same expected/vectors.out;
# - generators: portable/test/sql/generators.sql, the generation rules
#   within one session (100k calls, counter wrap, clock going back);
# - lookup: portable/test/sql/lookup.sql, strings compared with the domain
#   (checked when cast, as text when not) and an operator planted on the
#   path winning over text's;
# - hostile: portable/test/sql/hostile.sql, objects planted in the install
#   schema and pg_temp change nothing; then vectors again with them in
#   place;
# - sessions: the server's generator from 8 sessions at once, against the
#   prediction and replay attempts of a review, with the clock stepped
#   back, across a restart and crashes (portable_generators,
#   t/ObjectidTest.pm); a standby's generator, and its own value once
#   promoted;
# - compare: portable/test/sql/compare.sql, the C extension (schema c) and
#   the portable edition (schema p) side by side in one database give the
#   same results on the same inputs;
# - hostile_diff: portable/test/sql/hostile_diff.sql, thousands of generated
#   malformed inputs through every input function and conversion of both,
#   the same answers (as the bootstrap superuser: it writes a binary COPY
#   file on the server);
# - update: the file run again over an older installation updates it in
#   place to what a fresh install is, keeping rows and what uses its
#   functions; from version 1.2's file too, its keys valid and the new ones
#   greater; a newer version and the C extension's schema refused;
# - planted: a schema where another role may create, or has left an object
#   the file would use, refused before anything runs or is created
#   (portable/README.md, "Safety where others can create objects"); first,
#   a schema where PUBLIC has CREATE, while no other role logs in;
# - one transaction: the file run statement by statement (\i, psql -f
#   without -1) refused at its first statement, nothing made.
# PORTABLE_SQL=file (absolute, or relative to the tree's top) installs that
# file instead: with a copy of the edition without its SET search_path
# lines, hostile must fail (portable/README.md).

use strict;
use warnings;

use Cwd qw(abs_path);
use File::Basename qw(dirname);
use File::Spec;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $top = abs_path(dirname(__FILE__) . '/..');
my $sql = File::Spec->rel2abs($ENV{PORTABLE_SQL} // 'portable/objectid.sql',
	$top);
my $tests = "$top/portable/test";
my $major = major_version();
my $user = 'owner';
my ($vectors, $compare) = qw(portable_vectors portable_compare);

my $node = objectid_node('portable', allows_streaming => 1, conf => 'restart_after_crash = on');
$node->safe_psql(
	'postgres', qq{
CREATE ROLE $user LOGIN;
CREATE DATABASE $vectors OWNER $user;
CREATE DATABASE $compare OWNER $user;
CREATE DATABASE portable_public OWNER $user});
note "installing $sql";

# the role's connection string to db
sub as_owner
{
	my ($db) = @_;
	return $node->connstr($db) . " user=$user";
}

# psql -1 -f file as the owner (run_file_as: on connstr) after the
# statements of @before, in one session, stopping at the first error: (exit
# status, stderr)
sub run_file
{
	my ($db, @before) = @_;
	return run_file_as(as_owner($db), $db, @before);
}

sub run_file_as
{
	my ($connstr, $db, @before) = @_;
	my ($ret, $out, $err) = $node->psql(
		$db, '',
		connstr => $connstr,
		extra_params => [ (map { ('-c', $_) } @before), '-1', '-f', $sql ]);
	return ($ret, $err);
}

# the same, a test named name that it succeeds
sub install
{
	my ($db, $name, @before) = @_;
	my ($ret, $err) = run_file($db, @before);
	is($ret, 0, $name) or diag($err);
	return;
}

# what a schema holds: functions, types, operators
sub schema_objects
{
	my ($db, $schema) = @_;
	return $node->safe_psql(
		$db, qq{
SELECT (SELECT count(*) FROM pg_proc WHERE pronamespace = '$schema'::regnamespace)
	+ (SELECT count(*) FROM pg_type WHERE typnamespace = '$schema'::regnamespace)
	+ (SELECT count(*) FROM pg_operator WHERE oprnamespace = '$schema'::regnamespace)});
}

# A schema where PUBLIC has CREATE: refused, while the owner is the only
# role that logs in but the superuser (as in a new cluster of a service).
# (Before, it was accepted until another role was made, which could then
# plant an object that runs as the owner; the file refused the same
# schema on its next run.)
$node->safe_psql('portable_public', 'GRANT CREATE ON SCHEMA public TO PUBLIC');
is( $node->safe_psql(
		'postgres', q{SELECT string_agg(rolname, ' ' ORDER BY rolname) FROM pg_roles WHERE rolcanlogin AND NOT rolsuper}),
	$user, 'no role logs in but the owner and the superuser (the check below can fail)');
my ($ret, $out, $err);
($ret, $err) = run_file('portable_public', 'SET search_path = public');
like($err,
	qr/ERROR:  schema "public" is not safe to install objectid into\nDETAIL:  CREATE on it is granted to PUBLIC: every role, and every role created later, can create objects in it, and an object created there could run with your privileges\.\n/,
	'public with CREATE for PUBLIC, no other role that logs in: refused (42501)');
is(schema_objects('portable_public', 'public'), '0', 'nothing made');

# Run statement by statement (\i or psql -f without -1, without
# ON_ERROR_STOP): the first statement refuses (25P01), psql stops reading
# the file there (it sets ON_ERROR_STOP), nothing is made.  (Before, each
# statement committed alone, functions named a schema
# objectid_install_schema until the last block, which other sessions'
# calls then failed on or ran whatever a role that made that schema put
# there.)
$node->safe_psql('portable_public', "CREATE SCHEMA auto AUTHORIZATION $user");
# (\i, psql's default of going on after an error)
($ret, $out, $err) = $node->psql(
	'portable_public', "SET search_path = auto;\n\\i $sql",
	connstr => as_owner('portable_public'),
	on_error_stop => 0);
like($err,
	qr/\A[^\n]*ERROR:  portable\/objectid\.sql can only be run in a transaction block\nDETAIL:  [^\n]*\nHINT:  Run it with psql -1 \(psql -1 -v ON_ERROR_STOP=1 -f portable\/objectid\.sql\), or in psql between BEGIN and COMMIT/,
	'\\i outside a transaction block: refused at the first statement (25P01), the hint saying how');
is(schema_objects('portable_public', 'auto'), '0', 'nothing made: psql stopped there');
($ret, $out, $err) = $node->psql(
	'portable_public', undef,
	connstr => as_owner('portable_public') . " options='-csearch_path=auto'",
	on_error_stop => 0,
	extra_params => [ '-f', $sql ]);
like($err, qr/\A[^\n]*ERROR:  portable\/objectid\.sql can only be run in a transaction block\n/,
	'psql -f without -1: refused at the first statement');
is($ret, 3, 'psql exits there (3: the file\'s ON_ERROR_STOP)');
is(schema_objects('portable_public', 'auto'), '0', 'nothing made');
($ret, $out, $err) = $node->psql(
	'portable_public', "SET search_path = auto;\nBEGIN;\n\\i $sql\nCOMMIT;\n\\echo ON_ERROR_STOP :ON_ERROR_STOP",
	connstr => as_owner('portable_public'),
	on_error_stop => 0);
is($ret, 0, 'between BEGIN and COMMIT: installed') or diag($err);
like($out, qr/^ON_ERROR_STOP off\z/m, 'psql\'s ON_ERROR_STOP set back as it was (off) at the file\'s end');
isnt(schema_objects('portable_public', 'auto'), '0', 'and made');
like($node->safe_psql('portable_public', q{SELECT auto.objectid()::text}, connstr => as_owner('portable_public')),
	qr/^[0-9a-f]{24}$/, 'and it works');

# the owner installs into public (owned by pg_database_owner on 15+)
install($vectors, "$vectors: the owner installs the edition into public",
	'SET search_path = public');
# guards against a test that passes only because the installer could do
# anything
is( $node->safe_psql(
		$vectors, 'SELECT rolsuper FROM pg_roles WHERE rolname = current_user',
		connstr => as_owner($vectors)),
	'f',
	'the installing role is not a superuser');

regress_files($node, $vectors, $user, $top, ['vectors'],
	'vectors: sql/vectors.sql gives expected/vectors.out, as the C extension does');
regress_files($node, $vectors, $user, $tests, [qw(generators lookup hostile)],
	'generators, lookup and hostile: the generation rules, strings compared with the domain, planted objects changing nothing');
regress_files($node, $vectors, $user, $top, ['vectors'],
	'vectors again, with the planted objects in place');

# The server's generator (portable_generators, t/ObjectidTest.pm): 8
# sessions at once, order across sessions, the index they fill, the
# prediction (L-4) and replay (L-5) of a review, the clock stepped back, a
# new value at a restart and at a crash; in a database of its own, where
# nothing else advances the counter meanwhile.  Then a standby: read-only,
# the session's generator there; promoted, the server's with a value of its
# own, the old primary going on beside it with no key in common.
my $sessions = 'portable_sessions';
$node->safe_psql('postgres', "CREATE DATABASE $sessions OWNER $user");
install($sessions, "$sessions: the owner installs the edition into public", 'SET search_path = public');
portable_generators($node, $sessions, 'public', $user, 'plain');
$node->backup('portable_base');
my $standby = PostgreSQL::Test::Cluster->new('portable_standby', install_path => install_path());
$standby->init_from_backup($node, 'portable_base', has_streaming => 1);
$standby->start;
is( $standby->safe_psql(
		$sessions, q{SELECT public.objectid_generator(), count(DISTINCT id), min(substr(id, 9, 1)) >= '8'
	FROM (SELECT public.objectid()::text AS id FROM generate_series(1, 1000)) s}),
	'session|1000|t',
	'a standby: the session\'s generator, its values apart from the server\'s');
my $value = q{SELECT substr(public.objectid()::text, 9, 10)};
my $primary_value = $node->safe_psql($sessions, $value);
$node->wait_for_catchup($standby, 'replay', $node->lsn('insert'));
$standby->promote;
$standby->poll_query_until($sessions, 'SELECT NOT pg_is_in_recovery()');
my $promoted_value = $standby->safe_psql($sessions, $value);
isnt($promoted_value, $primary_value, "the promoted standby has a value of its own ($promoted_value; the primary's: $primary_value)");
my $split = q{CREATE TABLE public.split AS SELECT public.objectid()::text AS id FROM generate_series(1, 10000);
	SELECT string_agg(id, ' ') FROM public.split};
my %both;
$both{$_}++ for map { split / /, $_->safe_psql($sessions, $split) } $node, $standby;
is(scalar(grep { $both{$_} > 1 } keys %both), 0, 'the old primary and the promoted standby, going on together: no key in common');
$standby->stop;

# Keys a caller cannot choose (plain route): a role that may insert only
# other columns than the keys, and a caller of a SECURITY DEFINER function
# that inserts, set every setting the generators read (a second in 2100, a
# process value, a v6 node, v7 and v8 instants in 2100; in the edition's
# forms and in 1.3's before): every key carries the clock's time and the
# server's value and counter (caller_keys, t/ObjectidTest.pm).  (1.2's
# keys carried what the caller set.)
is(caller_keys($node, $vectors, 'public', $user), '4|0|0|0|0|0|0|0',
	'the keys made for a caller that sets the generators\' settings carry the clock\'s time and the server\'s value and counter');

# The casts a domain cannot have (portable/README.md, item 3): id::bytea
# is text's, the 24 ASCII digits, silently, and bytea(id) the 12 bytes;
# bytes::objectid and ts::objectid are refused with a hint naming the
# function to use; id::timestamptz is refused by timestamptz's input,
# core's error, which nothing here can add a hint to
is( $node->safe_psql(
		$vectors, q{
SELECT octet_length(id::bytea), encode(public.bytea(id), 'hex')
FROM (SELECT '507f1f77bcf86cd799439011'::public.objectid AS id) s}, connstr => as_owner($vectors)),
	'24|507f1f77bcf86cd799439011',
	'id::bytea is the 24 digits (text\'s cast); bytea(id) the 12 bytes');
($ret, $out, $err) = $node->psql($vectors, q{SELECT '\x507f1f77bcf86cd799439011'::bytea::public.objectid},
	connstr => as_owner($vectors));
like($err, qr/ERROR:  invalid input syntax for type objectid: "\\x507f1f77bcf86cd799439011"\nDETAIL:  An objectid is written as 24 hexadecimal digits\.\n(?:CONTEXT:  .*\n)*HINT:  The portable edition's objectid has no cast from bytea: objectid\(bytes\) takes 12 bytes\./,
	'bytes::objectid: refused (22P02), the hint naming objectid(bytes)');
($ret, $out, $err) = $node->psql($vectors, q{SELECT timestamptz '2012-10-17 21:13:27+00'::public.objectid},
	connstr => as_owner($vectors));
like($err, qr/ERROR:  invalid input syntax for type objectid: "[^"]+"\nDETAIL:  An objectid is written as 24 hexadecimal digits\.\n(?:CONTEXT:  .*\n)*HINT:  To make a new objectid for that instant, write objectid\(timestamptz '[^']+'\); objectid_from_timestamp\(\) gives the smallest objectid of its second\./,
	'ts::objectid: refused (22P02), the hint naming objectid_from_timestamp()');
($ret, $out, $err) = $node->psql($vectors, q{SELECT '507f1f77bcf86cd799439011'::public.objectid::timestamptz},
	connstr => as_owner($vectors));
like($err, qr/ERROR:  invalid input syntax for type timestamp with time zone: "507f1f77bcf86cd799439011"/,
	'id::timestamptz: refused by timestamptz\'s input (22007)');

# objectid.uuid_representation is a placeholder here: a database owner
# cannot set it for the database without a superuser's GRANT SET ON
# PARAMETER (portable/README.md, item 11)
($ret, $out, $err) = $node->psql($vectors, qq{ALTER DATABASE $vectors SET objectid.uuid_representation = 'javaLegacy'},
	connstr => as_owner($vectors));
like($err, qr/ERROR:  permission denied to set parameter "objectid\.uuid_representation"/,
	'ALTER DATABASE ... SET objectid.uuid_representation by the database owner: refused');
$node->safe_psql($vectors, "GRANT SET ON PARAMETER objectid.uuid_representation TO $user");
$node->safe_psql($vectors, qq{ALTER DATABASE $vectors SET objectid.uuid_representation = 'javaLegacy'},
	connstr => as_owner($vectors));
is($node->safe_psql($vectors, 'SHOW objectid.uuid_representation', connstr => as_owner($vectors)),
	'javaLegacy', 'with GRANT SET ON PARAMETER, the owner sets it for the database');
$node->safe_psql($vectors, qq{ALTER DATABASE $vectors RESET objectid.uuid_representation},
	connstr => as_owner($vectors));

# Representation names match in ASCII case alone, as the C extension's,
# whatever the collation: lowercased under the database's (C.UTF-8 here,
# which lowercases İ to i), 'unspecİfied' was unspecified; under Turkish
# rules (I to ı), 'UNSPECIFIED' was unknown
my $repr = q{SELECT public.uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', %s)};
is($node->safe_psql($vectors, q{SELECT lower('unspecİfied')}), 'unspecified',
	'the database\'s collation lowercases İ to i (the check below can fail)');
($ret, $out, $err) = $node->psql($vectors, sprintf($repr, q{'unspecİfied'}));
like($err, qr/ERROR:  unrecognized UUID representation: "unspecİfied"/,
	'representation \'unspecİfied\': unrecognized (22023), as in the C extension');
($ret, $out, $err) = $node->psql($vectors,
	"SET objectid.uuid_representation = 'unspecİfied'; SELECT public.uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff')");
like($err, qr/ERROR:  invalid value for parameter "objectid.uuid_representation": "unspecİfied"/,
	'objectid.uuid_representation = \'unspecİfied\': refused where read');
my ($turkish) = split /\n/, $node->safe_psql($vectors,
	q{SELECT collname FROM pg_collation WHERE collname IN ('tr-x-icu', 'tr_TR.utf8', 'tr_TR') ORDER BY collname DESC});
SKIP:
{
	skip "no Turkish collation (tr-x-icu, tr_TR) in PostgreSQL ${major}'s cluster", 2 unless $turkish;
	is($node->safe_psql($vectors, qq{SELECT lower('UNSPECIFIED' COLLATE "$turkish")}), 'unspecıfıed',
		"$turkish lowercases I to ı (the check below can fail)");
	($ret, $out, $err) = $node->psql($vectors, sprintf($repr, qq{'UNSPECIFIED' COLLATE "$turkish"}));
	like($err, qr/ERROR:  cannot convert a UUID with UUID representation "unspecified"/,
		"representation 'UNSPECIFIED' under $turkish: unspecified");
}

# both editions side by side: the C extension must be installed for the
# server under test (make installcheck installs it first)
install(
	$compare,
	"$compare: the C extension in schema c, the edition in schema p",
	'CREATE SCHEMA c', 'CREATE EXTENSION objectid SCHEMA c',
	'CREATE SCHEMA p', 'SET search_path = p');
regress_files($node, $compare, $user, $tests, ['compare'],
	'compare: the C extension and the portable edition agree on every input');
regress_files($node, $compare, $node->safe_psql('postgres', 'SELECT current_user'),
	$tests, ['hostile_diff'],
	'hostile_diff: both editions give the same answers on thousands of hostile inputs');

# no schema to install into (a search_path naming none).  (What a refused
# run leaves is not checked here or below: psql -1 rolls it all back.)
$node->safe_psql('postgres', "CREATE DATABASE portable_noschema OWNER $user");
($ret, $err) = run_file('portable_noschema', "SET search_path = ''");
like($err, qr/ERROR:  no schema to install objectid into\nHINT:  Set search_path to the target schema first, e\.g\. SET search_path = ids\./,
	'no schema on the search_path: the file says so');

# Updating in place: the file run again in a schema that holds the edition
# updates it.  The installation in s_updated is made older first (a public
# function missing, objectid() with a stale body and markings, a private
# helper the file no longer has, version 1.1), and holds a table whose
# DEFAULT, expression index and view use its functions.  The failures
# guarded against: an update that stops on an object that exists, loses or
# changes a row, drops what a table uses, or leaves a schema other than a
# fresh install's (s_fresh, compared object by object); a second run that
# changes anything; a file that overwrites a newer version, or another
# objectid type (the C extension's).
my $update = 'portable_update';
$node->safe_psql('postgres', "CREATE DATABASE $update OWNER $user");

# the schema's functions (definition with the schema's name as S, and
# comment), aggregates, types (a domain's check, a composite's columns),
# sequences (their properties, grants and comment)
sub schema_listing
{
	my ($schema) = @_;
	return $node->safe_psql(
		$update, qq{
SELECT string_agg(line, E'\\n' ORDER BY line) FROM (
	SELECT p.oid::regprocedure::text || ' | ' ||
		   CASE WHEN p.prokind = 'a'
				THEN (SELECT format('agg %s %s %s %s %s', a.aggtransfn, a.aggfinalfn,
									a.aggtranstype::regtype, a.agginitval, p.proparallel)
					  FROM pg_aggregate a WHERE a.aggfnoid = p.oid)
				ELSE pg_get_functiondef(p.oid) END || ' | ' ||
		   coalesce(obj_description(p.oid, 'pg_proc'), '(no comment)') AS line
	FROM pg_proc p WHERE p.pronamespace = '$schema'::regnamespace
	UNION ALL
	SELECT format('type %s %s %s | %s', t.typname, t.typtype, t.typbasetype::regtype,
				  (SELECT string_agg(pg_get_constraintdef(c.oid), ', ') FROM pg_constraint c
				   WHERE c.contypid = t.oid))
		   || coalesce(' ' || (SELECT string_agg(a.attname || ' ' || a.atttypid::regtype, ', ' ORDER BY a.attnum)
							  FROM pg_attribute a WHERE a.attrelid = t.typrelid AND a.attnum > 0), '')
		   || ' | ' || coalesce(obj_description(t.oid, 'pg_type'), '(no comment)')
	FROM pg_type t WHERE t.typnamespace = '$schema'::regnamespace
	  AND (t.typtype = 'd' OR (SELECT c.relkind FROM pg_class c WHERE c.oid = t.typrelid) = 'c')
	UNION ALL
	SELECT format('sequence %s %s %s %s %s %s %s %s %s | %s', c.relname, q.seqtypid::regtype, q.seqstart,
				  q.seqincrement, q.seqmin, q.seqmax, q.seqcache, q.seqcycle, c.relacl,
				  coalesce(obj_description(c.oid, 'pg_class'), '(no comment)'))
	FROM pg_class c JOIN pg_sequence q ON q.seqrelid = c.oid WHERE c.relnamespace = '$schema'::regnamespace
) l}) =~ s/\b$schema\./S./gr;
}

install($update, 'fresh install in s_fresh', 'CREATE SCHEMA s_fresh', 'SET search_path = s_fresh');
install($update, 'install in s_updated', 'CREATE SCHEMA s_updated', 'SET search_path = s_updated');
my $fresh = schema_listing('s_fresh');
same_text(schema_listing('s_updated'), $fresh, 'two installs list the same (the comparison below can hold)');
my $rows = q{SELECT count(*) || ' ' || md5(string_agg(id || ' ' || u || ' ' || n, ',' ORDER BY id)) FROM s_updated.t};
# the public functions' OIDs (but uuidv8_extract_timestamp's, which the
# older installation lacks)
my $oids = q{SELECT string_agg(p.oid::regprocedure || '=' || p.oid::int, ' ' ORDER BY p.oid::regprocedure::text)
	FROM pg_proc p WHERE pronamespace = 's_updated'::regnamespace
	  AND proname NOT LIKE 'objectid\_portable\_%' AND proname <> 'uuidv8_extract_timestamp'};
$node->safe_psql(
	$update, q{
SET search_path = s_updated;
CREATE TABLE t (id objectid PRIMARY KEY DEFAULT objectid(), u uuid DEFAULT uuidv7(), n int);
INSERT INTO t (n) SELECT generate_series(1, 1000);
CREATE INDEX t_seconds ON t (objectid_timestamp(id));
CREATE VIEW v AS SELECT objectid_timestamp(id) AS second, uuid_timestamp(u) AS instant, n FROM t;
}, connstr => as_owner($update));
my ($rows_before, $oids_before) = map { $node->safe_psql($update, $_) } $rows, $oids;
$node->safe_psql(
	$update, q{
SET search_path = s_updated;
DROP FUNCTION uuidv8_extract_timestamp(uuid);
CREATE OR REPLACE FUNCTION objectid() RETURNS objectid LANGUAGE sql VOLATILE
AS $$ SELECT '000000000000000000000000'::s_updated.objectid $$;
CREATE FUNCTION objectid_portable_retired(int) RETURNS int LANGUAGE sql AS 'SELECT $1';
COMMENT ON FUNCTION objectid_portable_retired(int) IS 'private: a helper of an older version';
CREATE OR REPLACE FUNCTION objectid_portable_version() RETURNS text LANGUAGE sql AS $$ SELECT '1.1' $$;
ALTER SEQUENCE objectid_portable_counter CACHE 20;
GRANT UPDATE ON SEQUENCE objectid_portable_counter TO PUBLIC;
COMMENT ON SEQUENCE objectid_portable_counter IS NULL;
}, connstr => as_owner($update));
ok(schema_listing('s_updated') ne $fresh, 'the older installation differs from a fresh one');
my $counter = q{SELECT last_value FROM s_updated.objectid_portable_counter};
my $counter_before = $node->safe_psql($update, $counter);

install($update, 'the file run again in s_updated updates it', 'SET search_path = s_updated');
same_text(schema_listing('s_updated'), $fresh,
	'updated: every function, aggregate, type, sequence and comment as a fresh install\'s (the old helper dropped, the missing function made, the stale one replaced, the counter\'s cache and grants set back)');
is($node->safe_psql($update, $rows), $rows_before, 'updated: the rows are the same');
is($node->safe_psql($update, $counter), $counter_before, 'updated: the counter goes on from where it was');
my $oids_after = $node->safe_psql($update, $oids);
is($oids_after, $oids_before,
	'updated: the functions that were there keep their OIDs (what the DEFAULT, index and view name)');
is( $node->safe_psql(
		$update, q{
SET search_path = s_updated;
SET enable_seqscan = off;
INSERT INTO t (n) VALUES (1001);
SELECT (SELECT objectid_timestamp(id) >= (SELECT max(objectid_timestamp(id)) FROM t WHERE n <= 1000)
			AND id <> '000000000000000000000000' FROM t WHERE n = 1001),
	(SELECT count(*) FROM t WHERE objectid_timestamp(id) >= now() - interval '1 hour'),
	(SELECT count(*) FROM v WHERE second <= instant + interval '1 second' AND instant <= second + interval '1 second')}),
	't|1001|1001',
	'updated: DEFAULT objectid() makes a key (another session\'s: its second not behind the others\'), the expression index and the view answer');

install($update, 'the file run a third time', 'SET search_path = s_updated');
same_text(schema_listing('s_updated'), $fresh, 'a run over the same version changes nothing');
is($node->safe_psql($update, $oids), $oids_after, 'and the OIDs stay');

# From version 1.2, as released (its file as of da914c8, the last commit
# before 1.3 began, read from git): the keys it made stay valid, those the
# updated functions make (from the next second on) are greater than every
# one of them (objectid(), uuidv6(), uuidv7()), and the schema then lists
# as a fresh install.
SKIP:
{
	# (safe.directory: the tests run as another user than the checkout's)
	my $v12 = `git -c safe.directory='*' -C "$top" show da914c8506d99fc8c2df892131ab590efd03ab18:portable/objectid.sql 2>/dev/null`;
	skip "version 1.2's file is not in this checkout's git history", 4 if $? != 0 || $v12 eq '';
	my $file12 = PostgreSQL::Test::Utils::tempdir() . '/objectid-1.2.sql';
	append_to_file($file12, $v12);
	my ($ret12) = $node->psql($update, '', connstr => as_owner($update), on_error_die => 1,
		extra_params => [ '-c', 'CREATE SCHEMA s_12', '-c', 'SET search_path = s_12', '-1', '-f', $file12 ]);
	$node->safe_psql($update, q{
SET search_path = s_12;
CREATE TABLE k (id objectid PRIMARY KEY DEFAULT objectid(), v6 uuid DEFAULT uuidv6(), v7 uuid DEFAULT s_12.uuidv7(), n int);
INSERT INTO k (n) SELECT generate_series(1, 1000);
}, connstr => as_owner($update));
	is($node->safe_psql($update, 'SELECT s_12.objectid_portable_version()'), '1.2', 'version 1.2 installed in s_12');
	install($update, 'the file updates s_12 from version 1.2', 'SET search_path = s_12');
	same_text(schema_listing('s_12'), $fresh, 'updated from 1.2: as a fresh install');
	is( $node->safe_psql(
			$update, q{
SET search_path = s_12;
DO $$ BEGIN
	PERFORM pg_sleep(extract(epoch FROM (SELECT max(objectid_timestamp(id)) FROM k) + interval '1 second' - clock_timestamp())::float8);
END $$;
INSERT INTO k (n) SELECT -generate_series(1, 1000);
SELECT count(*) FILTER (WHERE n > 0 AND id::text::objectid = id),
	(SELECT id FROM k WHERE n < 0 ORDER BY id LIMIT 1) > (SELECT id FROM k WHERE n > 0 ORDER BY id DESC LIMIT 1),
	(SELECT v6 FROM k WHERE n < 0 ORDER BY v6 LIMIT 1) > (SELECT v6 FROM k WHERE n > 0 ORDER BY v6 DESC LIMIT 1),
	(SELECT v7 FROM k WHERE n < 0 ORDER BY v7 LIMIT 1) > (SELECT v7 FROM k WHERE n > 0 ORDER BY v7 DESC LIMIT 1)
FROM k}, connstr => as_owner($update)),
		'1000|t|t|t',
		'updated from 1.2: its 1000 keys valid, every key made after the update greater than each of them');
}

# a newer version is not overwritten; nor is the C extension's type
$node->safe_psql($update,
	q{CREATE OR REPLACE FUNCTION s_updated.objectid_portable_version() RETURNS text LANGUAGE sql AS $$ SELECT '9.1' $$},
	connstr => as_owner($update));
($ret, $err) = run_file($update, 'SET search_path = s_updated');
like($err, qr/ERROR:  objectid 9\.1 is installed in schema s_updated, a newer version than this file's 1\.3\n.*HINT:  Run the file of that version or a later one\./s,
	'the file refuses to take back version 9.1');
# the version is read from the function's text, never by calling it: a
# body of another form is refused
$node->safe_psql($update,
	q{CREATE OR REPLACE FUNCTION s_updated.objectid_portable_version() RETURNS text LANGUAGE sql AS $$ SELECT '1.2'::text $$},
	connstr => as_owner($update));
($ret, $err) = run_file($update, 'SET search_path = s_updated');
like($err, qr/ERROR:  cannot read the version of objectid installed in schema "s_updated"\nDETAIL:  The body of s_updated\.objectid_portable_version\(\) is "SELECT '1\.2'::text", not SELECT '<version>'\./,
	'a version function of another form: refused (55000)');
SKIP:
{
	skip 'the C extension is not installed for this major', 1
	  unless -f pg_config('--sharedir') . '/extension/objectid.control';
	$node->safe_psql($update, "CREATE SCHEMA c; GRANT USAGE, CREATE ON SCHEMA c TO $user; CREATE EXTENSION objectid SCHEMA c");
	($ret, $err) = run_file($update, 'SET search_path = c');
	like($err, qr/ERROR:  schema c has a type objectid that is not the portable edition's/,
		'the file refuses a schema where the C extension has its type');
}

# No setting the file changes outlives it: every setting of the session
# (pg_settings) is the same after it as before, run in a transaction with
# the session's search_path, and after SET LOCAL search_path (as a
# migration that includes it runs it).  (Before, the file set search_path
# for the session around five functions: after a transaction that had SET
# LOCAL it, the SET LOCAL's value stayed.)
$node->safe_psql($update, 'CREATE SCHEMA s_settings', connstr => as_owner($update));
for my $case (
	[ "BEGIN;\n\\i $sql\nCOMMIT;", "options='-csearch_path=s_settings'", 'in a transaction' ],
	[ "BEGIN;\nSET LOCAL search_path = s_settings;\n\\i $sql\nCOMMIT;", '',
		'in a transaction after SET LOCAL search_path = s_settings' ])
{
	my ($script, $options, $name) = @$case;
	my ($ret, $before, $after, $err) =
	  settings_around($node, $update, $script, connstr => as_owner($update) . " $options");
	is($ret, 0, "the file run $name") or diag($err);
	same_text($after, $before, "run $name, the session's settings are the same after it as before");
}

# USAGE on the install schema: the PL/pgSQL functions call their helpers by
# the schema's name, so a role without it cannot run them, also through a
# DEFAULT of a table it may insert into (objectid(timestamptz) here);
# objectid(), uuidv6() and uuidv7(),
# whose bodies are bound when the file creates them, need it only where the
# transaction is read-only (portable/README.md, Install)
$node->safe_psql($update, q{CREATE ROLE writer LOGIN});
$node->safe_psql($update,
	q{CREATE TABLE public.w (id s_fresh.objectid DEFAULT s_fresh.objectid(), t text);
	CREATE TABLE public.w8 (u s_fresh.objectid DEFAULT s_fresh.objectid(now()), t text);
	GRANT INSERT ON public.w, public.w8 TO writer},
	connstr => as_owner($update));
$node->safe_psql($update, q{INSERT INTO public.w (t) VALUES ('default')},
	connstr => $node->connstr($update) . ' user=writer');
is($node->safe_psql($update, q{SELECT count(*) FROM public.w}), '1',
	'without USAGE on the install schema, DEFAULT objectid() inserts');
($ret, $out, $err) = $node->psql($update, q{INSERT INTO public.w8 (t) VALUES ('default')},
	connstr => $node->connstr($update) . ' user=writer');
like($err, qr/ERROR:  permission denied for schema s_fresh/,
	'without USAGE on the install schema, DEFAULT objectid(now()) fails (42501)');
$node->safe_psql($update, 'GRANT USAGE ON SCHEMA s_fresh TO writer', connstr => as_owner($update));
$node->safe_psql($update, q{INSERT INTO public.w8 (t) VALUES ('default')},
	connstr => $node->connstr($update) . ' user=writer');
is($node->safe_psql($update, q{SELECT count(*) FROM public.w8}), '1', 'with USAGE, it inserts');

# Renaming the install schema: the functions name their helpers by the old
# name and fail; the file run again in the renamed schema names it anew
install($update, 'install in s_rename', 'CREATE SCHEMA s_rename', 'SET search_path = s_rename');
$node->safe_psql($update, 'ALTER SCHEMA s_rename RENAME TO s_renamed', connstr => as_owner($update));
($ret, $out, $err) = $node->psql($update, 'SELECT s_renamed.objectid_from_timestamp(now())', connstr => as_owner($update));
like($err, qr/ERROR:  schema "s_rename" does not exist/, 'renamed, the PL/pgSQL functions look for the old name');
install($update, 'the file run again in the renamed schema', 'SET search_path = s_renamed');
same_text(schema_listing('s_renamed'), $fresh, 'the renamed schema then lists as a fresh install');
like($node->safe_psql($update, 'SELECT s_renamed.objectid()::text || s_renamed.uuid_timestamp(s_renamed.uuidv7())'),
	qr/^[0-9a-f]{24}\d{4}-/, 'and its functions work');

# Objects planted in the install schema by a role that is not the
# installer (portable/README.md, "Safety where others can create
# objects"): the file refuses the schema before it runs, creates or takes
# over anything there.  mallory (planted_setup, t/ObjectidTest.pm) plants,
# in public of a database the owner owns, every object the file reads,
# calls or creates under its own name; each one, when it runs, counts its
# call in a sequence no rollback takes back and makes its caller's
# SECURITY DEFINER backdoor.  (Version 1.2's file, run so, called the
# version function: mallory got the owner's backdoor and the install
# exited 0.)
my $planted = 'portable_planted';
$node->safe_psql('postgres', "CREATE DATABASE $planted OWNER $user");
$node->safe_psql($planted, planted_setup());
planted_checks(
	$node, $planted,
	sub { (run_file($planted, 'SET search_path = public'))[1] },
	# the schema's objects that are not mallory's
	q{SELECT (SELECT count(*) FROM pg_proc WHERE pronamespace = 'public'::regnamespace
		AND proowner <> 'mallory'::regrole)
	+ (SELECT count(*) FROM pg_type WHERE typnamespace = 'public'::regnamespace
		AND typowner <> 'mallory'::regrole)});

# Who else may create in the schema, case by case (the rule: a role that
# logs in, is not a superuser, cannot SET ROLE to the installer, and is a
# member of a holder of CREATE, or the holder is PUBLIC).  Each case its
# own schema, made by the superuser, owned by the owner.
sub schema_case
{
	my ($schema, @grants) = @_;
	$node->safe_psql($planted,
		join(";\n", "CREATE SCHEMA $schema AUTHORIZATION $user", @grants));
	return;
}
my $refused = qr/ERROR:  schema "[^"]+" is not safe to install objectid into\nDETAIL:  /;
# the superuser installs into public, which the database owner may create in
($ret, $err) = run_file_as($node->connstr($planted), $planted, 'SET search_path = public');
like($err, qr/${refused}Role "$user" can create objects in it \(as a member of role "pg_database_owner", which owns the schema\)/,
	'a superuser\'s install into public of a database another role owns: refused, the owner named');
$node->safe_psql($planted, 'CREATE ROLE devs; GRANT devs TO mallory');
schema_case('s_group', 'GRANT CREATE ON SCHEMA s_group TO devs');
($ret, $err) = run_file($planted, 'SET search_path = s_group');
like($err, qr/${refused}Role "mallory" can create objects in it \(as a member of role "devs", which has CREATE on it\)/,
	'CREATE granted to a group mallory is in: refused, mallory named');
schema_case('s_granted', 'GRANT CREATE ON SCHEMA s_granted TO mallory');
($ret, $err) = run_file($planted, 'SET search_path = s_granted');
like($err, qr/${refused}Role "mallory" can create objects in it \(it has CREATE on the schema\)/,
	'CREATE granted to mallory: refused');
# where no other login role can create: a group without members, a role
# that may become the installer anyway
$node->safe_psql($planted, 'CREATE ROLE nobody');
schema_case('s_nobody', 'GRANT CREATE ON SCHEMA s_nobody TO nobody');
install($planted, 'CREATE granted to a role that cannot log in and has no members: installed',
	'SET search_path = s_nobody');
$node->safe_psql($planted, "CREATE ROLE deputy LOGIN; GRANT $user TO deputy");
schema_case('s_deputy', 'GRANT CREATE ON SCHEMA s_deputy TO deputy');
install($planted, 'CREATE granted to a role that may SET ROLE to the installer: installed',
	'SET search_path = s_deputy');
# PostgreSQL 15: a CREATEROLE role may grant itself any role but a
# superuser, so it may create where any such role may
$node->safe_psql($planted, 'CREATE ROLE team; CREATE SCHEMA s_team AUTHORIZATION team; CREATE ROLE carol LOGIN CREATEROLE');
($ret, $err) = run_file_as($node->connstr($planted), $planted, 'SET search_path = s_team');
if ($major < 16)
{
	like($err, qr/${refused}Role "carol" can create objects in it \(with CREATEROLE it can make itself a member of role "team", which owns the schema\)/,
		'15: a superuser\'s install into a schema of a role without members, a CREATEROLE role there: refused, carol named');
}
else
{
	is($ret, 0, "$major: a superuser's install into a schema of a role without members, a CREATEROLE role there: installed")
	  or diag($err);
}
$node->safe_psql($planted, 'DROP ROLE carol');
# the file names built-in objects without their schema: pg_catalog first
($ret, $err) = run_file($planted, 'SET search_path = s_deputy, pg_catalog');
like($err, qr/ERROR:  search_path puts schema "s_deputy" before pg_catalog\n.*HINT:  Set search_path to the install schema alone, e\.g\. SET search_path = s_deputy\./s,
	'a search_path naming pg_catalog after the install schema: refused');

# A function mallory left in s_left (CREATE revoked since) under a name
# that is not the edition's, its text holding what the file's last block
# rewrites in its own functions (the install schema's placeholder): the
# file leaves it alone (it rewrote every function of the schema that held
# the placeholder, as the owner: "must be owner of function", install
# failed; as a superuser, it would have rewritten mallory's)
schema_case('s_left', 'GRANT CREATE ON SCHEMA s_left TO mallory');
$node->safe_psql($planted, q{CREATE FUNCTION s_left.left_behind() RETURNS text LANGUAGE plpgsql
AS $$ BEGIN PERFORM mallory.ran(); RETURN 'objectid_install_schema.'; END $$},
	connstr => $node->connstr($planted) . ' user=mallory');
$node->safe_psql($planted, 'REVOKE CREATE ON SCHEMA s_left FROM mallory');
my $left = q{SELECT pg_get_functiondef('s_left.left_behind()'::regprocedure)};
my $left_before = $node->safe_psql($planted, $left);
install($planted, 'a function of mallory\'s under another name: installed', 'SET search_path = s_left');
is($node->safe_psql($planted, $left), $left_before, 'mallory\'s function unchanged');
is(planted_effects($node, $planted), 'f|0|0', 'and nothing of mallory\'s ran in any of these');

$node->stop;
done_testing();
