
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# The documentation's examples, as a reader runs them.
#
# Guards against: a README example that fails when a reader runs the README
# top to bottom in one database (a table created twice, a column an INSERT
# or an ORM example needs and the README's table lacks, a placeholder such
# as `...` in a statement), and a recipe of doc/ that its regress file no
# longer runs as written.
#
# - README.md: every ```sql block, in order, in one new database (psql,
#   ON_ERROR_STOP); then orders has the columns the ORM examples of
#   clients/python and clients/node map (id, parent, item).
# - doc/partitioning.md's native recipe and its way out (the blocks that
#   make partitions of events) in sql/partition.sql, and doc/migrations.md's
#   mongoexport recipe and its step 1 query over subtype 03 values in
#   sql/uuid_migration.sql: each paragraph of each
#   block (blank lines split them; a list item's indentation removed) is in
#   the regress file verbatim.

use strict;
use warnings;

use File::Basename qw(dirname);
use File::Spec;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $top = File::Spec->rel2abs(dirname(__FILE__) . '/..');

# sql_blocks(file): the ```sql blocks of a Markdown file, in order, without
# the indentation of a list item
sub sql_blocks
{
	my ($file) = @_;
	my @blocks;
	my $text = slurp_file("$top/$file");
	while ($text =~ /^( *)```sql\n(.*?)^\1```$/msg)
	{
		my ($indent, $block) = ($1, $2);
		$block =~ s/^$indent//mg;
		push @blocks, $block;
	}
	return @blocks;
}

# ---- README.md, top to bottom
my @readme = sql_blocks('README.md');
cmp_ok(scalar @readme, '>=', 4, 'README.md: its SQL blocks found (' . scalar(@readme) . ')');
my $node = objectid_node('docs');
$node->safe_psql('postgres', 'CREATE DATABASE mydb');
my ($ret, $out, $err) = $node->psql('mydb', join('', @readme), on_error_stop => 1);
is($ret, 0, 'README.md: every SQL block runs, in order, in one database')
  or diag($err);
is( $node->safe_psql(
		'mydb', q{SELECT string_agg(attname, ',' ORDER BY attnum) FROM pg_attribute
		WHERE attrelid = 'orders'::regclass AND attnum > 0 AND NOT attisdropped}),
	'id,parent,item',
	"README.md: orders has the ORM examples' columns");
$node->stop;

# ---- doc/'s recipes in the regress files that run them as written
for my $recipe (
	[ 'doc/partitioning.md', qr/PARTITION OF events\b/, 'sql/partition.sql', 2 ],
	[ 'doc/migrations.md', qr/\busers_rejected\b/, 'sql/uuid_migration.sql', 1 ],
	[ 'doc/migrations.md', qr/->'verdict' AS verdict FROM mongo_users/, 'sql/uuid_migration.sql', 1 ])
{
	my ($doc, $which, $sql, $count) = @$recipe;
	my $test = slurp_file("$top/$sql");
	my @blocks = grep { /$which/ } sql_blocks($doc);
	is(scalar @blocks, $count, "$doc: the recipes $sql runs ($count)");
	for my $block (@blocks)
	{
		my @missing = grep { index($test, $_) < 0 } map { s/\n*$/\n/r } split /\n\n+/, $block;
		ok(!@missing, "$doc: a recipe in $sql as written (" . (split /\n/, $block)[0] . ')')
		  or diag("not in $sql:\n", @missing);
	}
}

done_testing();
