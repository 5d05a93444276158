
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# The pg_tle route's PL/Perl output function (portable/README.md, item 10
# of its differences, and "Safety where others can create objects"), set up
# as t/010_pgtle.pl sets up pg_tle (a shadow of the installation without
# objectid's files, pg_tle preloaded): "admin", a member of pgtle_admin that
# owns the databases and is made a superuser for CREATE EXTENSION objectid
# alone (as RDS's rds_superuser), "bob" with CREATE on the databases, which
# lets it create the trusted extension plperl, and "tenant", which may read
# admin's table.  Skipped, with the reason, where pg_tle or PL/Perl is not
# installed for the major (on Debian, PL/Perl is postgresql-plperl-NN; the
# builds of 16-19 here have none).  What each check guards against:
# - whose plperl (#49, H-1): the output function depends on its language,
#   so the owner of extension plperl drops extension objectid and every
#   objectid column with DROP EXTENSION plperl CASCADE.  A plperl that bob
#   created first is not taken (PL/pgSQL, a WARNING naming bob), and bob's
#   DROP ... CASCADE leaves the extension, the columns and their rows; one
#   admin created is taken (PL/Perl).  (Before, bob's plperl was taken and
#   its DROP ... CASCADE dropped objectid and admin's columns.)
# - a poisoned interpreter (#49, H-2): PL/Perl runs a function in the
#   interpreter of the role it runs as, where that role's own PL/Perl code
#   may redefine any sub.  tenant's function, run first in its session,
#   redefines every sub of every package and the built-ins a sub can
#   override (CORE::GLOBAL::), in a second session the compiler of the
#   functions compiled after it (PostgreSQL::InServer::mkfunc) too; then,
#   under bytea_output hex and escape, every id tenant reads as text
#   (1,256: every byte value at every position, and 1,000 hashes) is
#   compared with encode(id::bytea, 'hex'), core's C text of the same 12
#   bytes.  The controls, copies of the output function's body that run in
#   tenant's interpreter, show each poison takes: 1.3's body before #49
#   (substr, decode_bytea, sprintf) gives the false text under the subs'
#   poison, the current body the true one, and under the compiler's poison
#   both the false one: what keeps the output true there is SECURITY
#   DEFINER, which runs it in its owner's interpreter.  (Before, the output
#   function was tenant's to rewrite: every id printed false.)
# - installations to move (portable/README.md's query): a plperl whose
#   owner was a superuser when objectid took it and is no longer one, and
#   an output function of 1.3 before #49 (made here by setting the
#   catalog's marking and body back: pg_tle refuses to replace them), each
#   found by the documented query; the documented move (the table dumped,
#   the extension made again) gives the fixed function, every row the same.

use strict;
use warnings;

use Cwd qw(abs_path);
use File::Basename qw(dirname);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $top = abs_path(dirname(__FILE__) . '/..');
my $major = major_version();

my $pgtle_problem = pgtle_problem();
plan skip_all => $pgtle_problem if $pgtle_problem;
plan skip_all => "PL/Perl is not installed for PostgreSQL $major (no plperl.so or plperl.control: "
  . "on Debian, package postgresql-plperl-$major; a source build configured --with-perl)"
  unless -f pg_config('--pkglibdir') . '/plperl.so'
  && -f pg_config('--sharedir') . '/extension/plperl.control';

my $node = objectid_node(
	'pgtle_plperl',
	install_path => shadow_install_path(),
	conf => "shared_preload_libraries = 'pg_tle'");
note 'server: ' . $node->safe_psql('postgres', 'SHOW server_version');
$node->safe_psql('postgres', 'CREATE ROLE admin LOGIN; CREATE ROLE bob LOGIN; CREATE ROLE tenant LOGIN');

# sql in db as role: (exit status, stdout, stderr), stopping at the first
# error
sub as_role
{
	my ($role, $db, $sql) = @_;
	return $node->psql($db, $sql, connstr => $node->connstr($db) . " user=$role");
}

# a database admin owns, with pg_tle, bob's CREATE on it, and
# portable/pgtle.sql registered by admin
sub database
{
	my ($db) = @_;
	$node->safe_psql('postgres', "CREATE DATABASE $db OWNER admin");
	$node->safe_psql($db, "CREATE EXTENSION pg_tle; GRANT pgtle_admin TO admin; GRANT CREATE ON DATABASE $db TO bob");
	my ($ret, $out, $err) = $node->psql($db, undef,
		connstr => $node->connstr($db) . ' user=admin',
		extra_params => [ '-f', "$top/portable/pgtle.sql" ]);
	die "portable/pgtle.sql in $db: $err" if $ret;
	return;
}

# CREATE EXTENSION objectid (sql: the statements, default that alone) by
# admin, a superuser for it: its standard error
sub create_objectid
{
	my ($db, $sql) = @_;
	$node->safe_psql('postgres', 'ALTER ROLE admin SUPERUSER');
	my ($ret, $out, $err) = as_role('admin', $db, $sql // 'CREATE EXTENSION objectid');
	$node->safe_psql('postgres', 'ALTER ROLE admin NOSUPERUSER');
	is($ret, 0, "$db: admin creates extension objectid") or diag($err);
	return $err;
}

# the language of the output function pg_tle calls, and whether it and the
# type's own (pg_tle's C wrapper) are SECURITY DEFINER
my $output = q{SELECT objectid_output_language() || ' ' || string_agg(CASE WHEN prosecdef THEN 't' ELSE 'f' END, ' ' ORDER BY oid::regprocedure::text)
	FROM pg_proc WHERE proname = 'objectid_portable_out'};

# ---- whose plperl
# bob creates plperl before admin creates objectid
database('others');
as_role('bob', 'others', 'CREATE EXTENSION plperl');
is($node->safe_psql('others', q{SELECT extowner::regrole FROM pg_extension WHERE extname = 'plperl'}),
	'bob', 'others: bob, with CREATE on the database alone, creates extension plperl (trusted)');
like(create_objectid('others'),
	qr/WARNING:  extension plperl belongs to role "bob": the output function of type objectid is PL\/pgSQL\nDETAIL:  The owner of extension plperl could drop extension objectid, and every objectid column, with DROP EXTENSION plperl CASCADE/,
	'others: bob\'s plperl is not taken, and a WARNING says why');
is($node->safe_psql('others', $output), 'plpgsql f f', 'others: the output function is PL/pgSQL');
my $rows = q{SELECT count(*) || ' ' || md5(string_agg(t.id::text || ' ' || r.id::text, ',' ORDER BY t.n))
	FROM t JOIN r ON r.ref = t.id};
as_role(
	'admin', 'others', q{
CREATE TABLE t (id objectid PRIMARY KEY DEFAULT objectid(), n int);
CREATE TABLE r (id objectid PRIMARY KEY DEFAULT objectid(), ref objectid REFERENCES t);
INSERT INTO t (n) SELECT generate_series(1, 100);
INSERT INTO r (ref) SELECT id FROM t;});
my $before = $node->safe_psql('others', $rows);
like($before, qr/^100 [0-9a-f]{32}$/, 'others: admin\'s tables hold 100 keys and 100 references');
my ($ret, $out, $err) = as_role('bob', 'others', 'DROP EXTENSION plperl CASCADE');
is($ret, 0, 'others: bob drops plperl with CASCADE') or diag($err);
# (psql, not safe_psql: a failure here must not stop the checks below)
is( ($node->psql(
		'others', q{
SELECT (SELECT count(*) FROM pg_extension WHERE extname = 'objectid'),
	(SELECT string_agg(attrelid::regclass || '.' || attname, ' ' ORDER BY attrelid::regclass::text, attname)
	 FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid AND c.relkind = 'r'
	 WHERE format_type(atttypid, NULL) = 'objectid' AND attnum > 0 AND NOT attisdropped)}))[1],
	'1|r.id r.ref t.id',
	'others: extension objectid and every objectid column stay');
is(($node->psql('others', $rows))[1], $before, 'others: every row as before');

# admin creates plperl itself (it owns the database: a trusted extension)
database('own');
as_role('admin', 'own', 'CREATE EXTENSION plperl');
unlike(create_objectid('own'), qr/plperl/, 'own: no WARNING');
is($node->safe_psql('own', $output), 'plperl t t',
	'own: admin\'s plperl is taken, the output function SECURITY DEFINER (and pg_tle\'s wrapper with it)');

# ---- a poisoned interpreter
# every byte value at every position (row b: bytes b, b+1, ..., b+11), and
# 1,000 hashes; tenant may read them
$node->safe_psql('own', 'CREATE SCHEMA tenant AUTHORIZATION tenant; CREATE SCHEMA control AUTHORIZATION admin');
as_role(
	'admin', 'own', q{
CREATE TABLE keys (id objectid PRIMARY KEY);
INSERT INTO keys SELECT decode(string_agg(lpad(to_hex((b + i) % 256), 2, '0'), '' ORDER BY i), 'hex')::objectid
FROM generate_series(0, 255) b, generate_series(0, 11) i GROUP BY b;
INSERT INTO keys SELECT substr(sha256(g::text::bytea), 1, 12)::objectid FROM generate_series(1, 1000) g;
GRANT SELECT ON keys TO tenant;});
# the controls: the output function's body (from the catalog) and 1.3's
# before #49, neither SECURITY DEFINER, in tenant's interpreter
my $body = $node->safe_psql('own', q{SELECT prosrc FROM pg_proc WHERE oid = 'objectid_portable_out(bytea)'::regprocedure});
my $old_body = q{
	my ($text) = @_;
	return substr($text, 2) if substr($text, 0, 2) eq '\x';
	my $bytes = decode_bytea($text);
	return sprintf('%02x' x length($bytes), map { ord } split //, $bytes);
};
as_role(
	'admin', 'own', qq{
CREATE FUNCTION control.current(bytea) RETURNS text LANGUAGE plperl IMMUTABLE STRICT AS \$perl\$$body\$perl\$;
CREATE FUNCTION control.old(bytea) RETURNS text LANGUAGE plperl IMMUTABLE STRICT AS \$perl\$$old_body\$perl\$;
GRANT USAGE ON SCHEMA control TO tenant;});

# tenant's poison: the built-ins a sub can override (CORE::GLOBAL::, for
# the code compiled after it), every sub of every package made to return
# the false text; in mode 'compiler' also the compiler of the functions
# compiled after it, made to compile a function returning it.  Returns how
# many overrides and subs it set.
my $fake = 'f' x 24;
as_role(
	'tenant', 'own', qq{
CREATE FUNCTION tenant.poison(text) RETURNS text LANGUAGE plperl AS \$poison\$
	my (\$mode) = \@_;
	no strict 'refs';
	no warnings;
	my \$fake = '$fake';
	my (\$globals, \$subs) = (0, 0);
	for my \$op (qw(abs atan2 chr chomp chop cos crypt die exp hex index int join lc lcfirst
		length log oct ord pack quotemeta ref reverse rindex sin split sprintf sqrt substr uc
		ucfirst unpack))
	{
		*{"CORE::GLOBAL::\$op"} = sub { \$fake };
		\$globals++;
	}
	my \@stashes = ('main::');
	my \%seen;
	while (\@stashes)
	{
		my \$stash = shift \@stashes;
		next if \$seen{\$stash}++;
		for my \$name (keys \%{\$stash})
		{
			my \$full = (\$stash eq 'main::' ? '' : \$stash) . \$name;
			if (\$name =~ /::\\z/)
			{
				push \@stashes, \$full unless \$full eq 'main::';
				next;
			}
			next unless defined &{\$full};
			if (\$full =~ /\\APostgreSQL::InServer::mkfunc(src)?\\z/)
			{
				next unless \$mode eq 'compiler';
				*{\$full} = \$1 ? sub { "sub { '\$fake' }" } : sub { sub { \$fake } };
			}
			else
			{
				*{\$full} = sub { \$fake };
			}
			\$subs++;
		}
	}
	return "\$globals \$subs";
\$poison\$;});

# in one session of tenant's: the poison first, then, under bytea_output,
# the ids as text through the type's output (id::text) and through the
# controls, each compared with core's encode(): 'ids|false ones|false
# current|false old'
sub poisoned
{
	my ($db, $mode, $bytea_output) = @_;
	my ($ret, $out, $err) = as_role(
		'tenant', $db, qq{
SELECT tenant.poison('$mode') \\gset
SET bytea_output = $bytea_output;
SELECT count(*), count(*) FILTER (WHERE id::text IS DISTINCT FROM encode(id::bytea, 'hex')),
	count(*) FILTER (WHERE control.current(id::bytea) IS DISTINCT FROM encode(id::bytea, 'hex')),
	count(*) FILTER (WHERE control.old(id::bytea) IS DISTINCT FROM encode(id::bytea, 'hex'))
FROM public.keys});
	is($ret, 0, "$db, $mode, $bytea_output: tenant's session runs") or diag($err);
	return $out;
}
like(
	(as_role('tenant', 'own', q{SELECT tenant.poison('compiler')}))[1],
	qr/^32 [1-9]\d{2,}$/,
	'the poison sets 32 overrides of built-ins and hundreds of subs');
for my $bytea_output (qw(hex escape))
{
	is(poisoned('own', 'subs', $bytea_output), '1256|0|0|1256',
		"every sub poisoned, bytea_output $bytea_output: objectid's text true; 1.3's body before #49 false, the current body true where it runs in tenant's interpreter");
	is(poisoned('own', 'compiler', $bytea_output), '1256|0|1256|1256',
		"the compiler poisoned too, bytea_output $bytea_output: objectid's text true (its owner's interpreter); any body false in tenant's");
}

# ---- installations to move: portable/README.md's query (the ```sql block
# naming plperl_of_another_role)
my ($query) = grep { /plperl_of_another_role/ } slurp_file("$top/portable/README.md") =~ /^```sql\n(.*?)^```$/msg;
ok(defined $query, 'portable/README.md has the query that finds installations to move');
$query //= 'SELECT 1';
is($node->safe_psql('own', $query), 'admin|f|f', 'the query in own: nothing to move');
is($node->safe_psql('others', $query), '', 'the query in others (PL/pgSQL): no row');
# bob, a superuser when objectid takes its plperl, is one no longer
database('lapsed');
$node->safe_psql('postgres', 'ALTER ROLE bob SUPERUSER');
as_role('bob', 'lapsed', 'CREATE EXTENSION plperl');
create_objectid('lapsed');
$node->safe_psql('postgres', 'ALTER ROLE bob NOSUPERUSER');
is($node->safe_psql('lapsed', $output), 'plperl t t', 'lapsed: a superuser\'s plperl is taken');
is($node->safe_psql('lapsed', $query), 'bob|t|f', 'the query in lapsed: plperl is bob\'s, no longer a superuser');
# own's output function made 1.3's before #49: its marking and body
$node->safe_psql(
	'own', qq{
UPDATE pg_proc SET prosecdef = false WHERE proname = 'objectid_portable_out';
UPDATE pg_proc SET prosrc = \$perl\$$old_body\$perl\$ WHERE oid = 'objectid_portable_out(bytea)'::regprocedure;});
is($node->safe_psql('own', $query), 'admin|f|t', 'the query in own with 1.3\'s output function before #49: runs in the caller\'s interpreter');
is(poisoned('own', 'subs', 'hex'), '1256|1256|0|1256', 'and tenant\'s poison takes it');
# the move (portable/README.md, "Moving an installation to PL/Perl")
my $digest = q{SELECT count(*) || ' ' || md5(string_agg(encode(id::bytea, 'hex'), ',' ORDER BY id)) FROM keys};
my $keys = $node->safe_psql('own', $digest);
my $dump = run_client($node, 'pg_dump', '-d', 'own', '-t', 'keys', '--no-owner');
create_objectid('own',
	"BEGIN; DROP TABLE keys; DROP EXTENSION objectid; CREATE EXTENSION IF NOT EXISTS plperl; CREATE EXTENSION objectid;\n$dump\nCOMMIT;");
is($node->safe_psql('own', $query), 'admin|f|f', 'moved: nothing to move');
is($node->safe_psql('own', $digest), $keys, 'moved: every row as before');
is(poisoned('own', 'compiler', 'escape'), '1256|0|1256|1256', 'moved: the poison cannot reach the output');

$node->stop;
done_testing();
