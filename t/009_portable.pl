
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
# - hostile: portable/test/sql/hostile.sql, objects planted in the install
#   schema and pg_temp change nothing; then vectors again with them in
#   place;
# - sessions: 20 sessions draw 20 process values and 20 v6 clock sequences
#   and nodes;
# - compare: portable/test/sql/compare.sql, the C extension (schema c) and
#   the portable edition (schema p) side by side in one database give the
#   same results on the same inputs.
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
my $user = 'owner';
my ($vectors, $compare) = qw(portable_vectors portable_compare);

my $node = objectid_node('portable');
$node->safe_psql(
	'postgres', qq{
CREATE ROLE $user LOGIN;
CREATE DATABASE $vectors OWNER $user;
CREATE DATABASE $compare OWNER $user});
note "installing $sql";

# the role's connection string to db
sub as_owner
{
	my ($db) = @_;
	return $node->connstr($db) . " user=$user";
}

# psql -f file as the owner after the statements of @before, in one
# session, stopping at the first error: a test named name
sub install
{
	my ($db, $name, @before) = @_;
	my ($ret, $out, $err) = $node->psql(
		$db, '',
		connstr => as_owner($db),
		extra_params => [ (map { ('-c', $_) } @before), '-f', $sql ]);
	is($ret, 0, $name) or diag($err);
	return;
}

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
regress_files($node, $vectors, $user, $tests, [qw(generators hostile)],
	'generators and hostile: the generation rules, planted objects changing nothing');
regress_files($node, $vectors, $user, $top, ['vectors'],
	'vectors again, with the planted objects in place');

# the process value (bytes 5-9 of an objectid), the v6 clock sequence and
# node are drawn per session: one shared by two sessions would make their
# ids collide
my (%process, %node);
for (1 .. 20)
{
	my ($p, $n) = split /\|/,
	  $node->safe_psql($vectors,
		'SELECT substr(public.objectid()::text, 9, 10), substr(public.uuidv6()::text, 20)',
		connstr => as_owner($vectors));
	$process{$p}++;
	$node{$n}++;
}
is(scalar keys %process, 20, '20 sessions, 20 process values');
is(scalar keys %node, 20, '20 sessions, 20 v6 clock sequences and nodes');

# both editions side by side: the C extension must be installed for the
# server under test (make installcheck installs it first)
install(
	$compare,
	"$compare: the C extension in schema c, the edition in schema p",
	'CREATE SCHEMA c', 'CREATE EXTENSION objectid SCHEMA c',
	'CREATE SCHEMA p', 'SET search_path = p');
regress_files($node, $compare, $user, $tests, ['compare'],
	'compare: the C extension and the portable edition agree on every input');

$node->stop;
done_testing();
