
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# objectid data, indexes and generators through pg_upgrade to the major
# under test, from each major of OBJECTID_UPGRADE_FROM (space-separated,
# e.g. "16 17"; installed in /usr/lib/postgresql/M with the extension, else
# the test fails), or, when it is not set, from the highest major installed
# there below the one under test that has the extension (none: skipped).
#
# Both clusters are made with data checksums (18+ has them by default, and
# pg_upgrade needs the same on both sides), UTF-8 and locale C.UTF-8.  On
# the old one: CREATE EXTENSION objectid and amcheck, and the data tables
# of t/ObjectidTest.pm (ROWS rows, default 20000 * SCALE: objectid keys
# under a btree primary key, a two-column btree led by a low-cardinality
# objectid for skip scans on 18+, a hash index, BRIN minmax, minmax_multi
# and bloom, hash partitions; uuid keys from the extension's uuidv7()), and
# their fingerprint.  The old cluster stopped, pg_upgrade, the new one
# started, and on it:
# - the same fingerprint (rows, partitions, index definitions, defaults)
#   and extension versions;
# - every row of each hash partition still belongs there, so
#   objectid_hash_extended is unchanged; each index answers its query as a
#   seq scan does; amcheck clean; amvalidate true on every operator class
#   of the extension;
# - the defaults still generate, with the extension's functions;
# - skip support (btree support function 6, PostgreSQL 18+): the install
#   script adds it only when CREATE EXTENSION runs on 18+, and pg_upgrade
#   carries the catalog over as it was, so a database upgraded from before
#   18 has none.  The upgraded database must have exactly what the old one
#   had; on 18+ without it, src/objectid_skipsupport.sql (installed into
#   the share directory) is applied as a superuser does once per database
#   (README, "Upgrading across PostgreSQL 18"), and function 6 must be
#   there, the function a member of the extension, amvalidate true, the
#   indexes answering as seq scans and the btrees amcheck-clean, also after
#   a REINDEX.
#
# Debian's PostgreSQL 15 stores a column option pg_attver on every column of
# every table, which the upstream 16-19 builds reject; with one table
# `t (id int)` and pg_upgrade 15 -> 16:
#   Restoring database schemas in the new cluster   *failure*
#   pg_upgrade_dump_5.log:
#     ALTER TABLE ONLY "public"."t" ALTER COLUMN "id" SET (pg_attver=22158952);
#     ERROR:  unrecognized parameter "pg_attver"
# A pair whose old cluster has such options and whose new server rejects
# them is skipped for that reason, outside this project.

use strict;
use warnings;

use Cwd;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use ObjectidTest;

my $rows = $ENV{ROWS} // 20000 * scale();
my $new_major = major_version();
my $db = 'objectid_upgrade';

# the majors to upgrade from
my @from;
if (($ENV{OBJECTID_UPGRADE_FROM} // '') =~ /\S/)
{
	@from = split ' ', $ENV{OBJECTID_UPGRADE_FROM};
	note "upgrading from OBJECTID_UPGRADE_FROM=\"@from\"";
}
else
{
	my @older = grep { $_ < $new_major } objectid_majors();
	plan skip_all =>
	  "no PostgreSQL major below $new_major installed in /usr/lib/postgresql "
	  . 'with objectid: nothing to upgrade from '
	  . '(OBJECTID_UPGRADE_FROM="M ..." names the majors to upgrade from)'
	  unless @older;
	@from = ($older[-1]);
	note "OBJECTID_UPGRADE_FROM names no major: upgrading from $from[0], "
	  . "the highest major below $new_major installed with objectid";
}

# the data tables' fingerprint and the extension versions
sub fingerprint
{
	my ($node, $ext) = @_;
	return data_fingerprint($node, $db, $ext) . "\n"
	  . $node->safe_psql($db, 'SELECT extname || \' \' || extversion FROM pg_extension ORDER BY 1');
}

# 1 when the extension's btree opfamily has support function 6
sub skip_support
{
	my ($node) = @_;
	return $node->safe_psql(
		$db, q{
		SELECT count(*) FROM pg_amproc p
		  JOIN pg_opfamily f ON f.oid = p.amprocfamily
		  JOIN pg_am a ON a.oid = f.opfmethod AND a.amname = 'btree'
		  JOIN pg_depend d ON d.classid = 'pg_opfamily'::regclass AND d.objid = f.oid
		       AND d.deptype = 'e'
		  JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'objectid'
		 WHERE f.opfname = 'objectid_ops' AND p.amprocnum = 6});
}

# What a superuser runs once in each database upgraded from before 18 to
# 18+ (README, "Upgrading across PostgreSQL 18"): src/objectid_skipsupport.sql
# as installed, the statements the 18+ install script runs (the function
# and support function 6 of the btree operator family), and the function
# made a member of the extension, in one transaction.  This gives the
# catalog (pg_depend included) a CREATE EXTENSION on 18 makes, which a
# later pg_upgrade (18 -> 19) carries over as it does a native one.
sub add_skip_support
{
	my ($node, $ext) = @_;
	my $schema = $node->safe_psql($db,
		"SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'objectid'"
	);
	my $file = $node->config_data('--sharedir') . '/extension/objectid_skipsupport.sql';
	$node->safe_psql(
		$db,
		slurp_file($file)
		  . "\nALTER EXTENSION objectid ADD FUNCTION $ext.objectid_skipsupport(internal);",
		extra_params => [ '--single-transaction', '-v', "schema=$schema" ]);
	return;
}

# the columns with the option pg_attver on old (Debian's 15) when the
# server of new rejects it (so pg_upgrade cannot restore the schema), else 0
sub attver_rejected
{
	my ($old, $new) = @_;
	my $columns = $old->safe_psql($db,
		"SELECT count(*) FROM pg_attribute WHERE array_to_string(attoptions, ',') ~ '(^|,)pg_attver='"
	);
	return 0 if $columns == 0;
	$new->start;
	my ($ret) = $new->psql('postgres',
		'BEGIN; CREATE TEMP TABLE attver (i int); ALTER TABLE attver ALTER COLUMN i SET (pg_attver = 1); ROLLBACK'
	);
	$new->stop;
	return $ret == 0 ? 0 : $columns;
}

# run pg_upgrade as core's src/bin/pg_upgrade/t/002_pg_upgrade.pl does:
# the new installation's, in a directory the test's user can write (its
# logs go there before 16); on failure, its output and the errors of its
# logs
sub pg_upgrade
{
	my ($old, $new, $name) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	local $ENV{LD_LIBRARY_PATH} = install_path() . '/lib'
	  . (defined $ENV{LD_LIBRARY_PATH} ? ":$ENV{LD_LIBRARY_PATH}" : '');
	my $cwd = getcwd();
	my $dir = $PostgreSQL::Test::Utils::tmp_check;
	chdir $dir or die "chdir $dir: $!";
	my ($out, $err) = ('', '');
	my $ok = IPC::Run::run(
		[
			$new->installed_command('pg_upgrade'), '--no-sync',
			'-d', $old->data_dir,
			'-D', $new->data_dir,
			'-b', $old->config_data('--bindir'),
			'-B', $new->config_data('--bindir'),
			'-s', $new->host,
			'-p', $old->port,
			'-P', $new->port
		],
		'>', \$out, '2>', \$err);
	chdir $cwd or die "chdir $cwd: $!";
	return 1 if ok($ok, $name);
	my @logs = (glob("$dir/pg_upgrade*.log"),
		glob($new->data_dir . '/pg_upgrade_output.d/*/log/*.log'));
	diag(join "\n", $out, $err,
		map { my $f = $_; map { "$f: $_" } grep { /ERROR/ } split /\n/, slurp_file($f) } @logs);
	return 0;
}

# pg_upgrade from old_major (installed in old_path) to the major under test
sub upgrade
{
	my ($old_major, $old_path) = @_;
	my $pair = "$old_major -> $new_major";
	my $t0 = time;
	my $old = objectid_node(
		"old$old_major",
		install_path => $old_path,
		extra => ['--data-checksums']);
	my $new = objectid_node(
		"new${new_major}_from$old_major",
		extra => ['--data-checksums'],
		start => 0);
	my $on_old = "PostgreSQL $old_major";
	my $on_new = "PostgreSQL $new_major (from $old_major)";

	$old->safe_psql('postgres', "CREATE DATABASE $db");
	$old->safe_psql($db, 'CREATE EXTENSION objectid; CREATE EXTENSION amcheck');
	my $ext = $old->safe_psql($db,
		"SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'objectid'"
	);
	my $attver = attver_rejected($old, $new);
	SKIP:
	{
		skip
		  "$pair: PostgreSQL $old_major stores the column option pg_attver (on $attver columns), "
		  . "which PostgreSQL $new_major rejects (ERROR: unrecognized parameter \"pg_attver\"), "
		  . 'so pg_upgrade fails on any table, for a reason outside objectid '
		  . "(Debian's 15 to an upstream build)", 1
		  if $attver;

		# ---- on the old cluster
		data_tables($old, $db, $ext, $rows);
		data_checks($old, $db, $ext, $on_old);
		my $before = fingerprint($old, $ext);
		my $skip_old = skip_support($old);
		is($skip_old, $old_major >= 18 ? 1 : 0,
			"$on_old: btree support function 6 is there on 18+ only");
		note "$on_old: $rows rows in each of oid_t, uuid_t, oid_part; skip support: $skip_old ("
		  . (time - $t0) . ' s)';
		$old->stop;

		# ---- pg_upgrade
		pg_upgrade($old, $new, "$pair: pg_upgrade") or last SKIP;
		note "pg_upgrade $pair: ok (" . (time - $t0) . ' s)';

		# ---- on the new cluster: the same data, indexes, generators
		$new->start;
		$new->safe_psql($db, 'ANALYZE');
		same_text(fingerprint($new, $ext), $before,
			"$pair: rows, partitions, index definitions, defaults and extension versions as before (- old, + upgraded)"
		);
		data_checks($new, $db, $ext, $on_new);
		data_defaults($new, $db, $ext, $on_new);
		is(amcheck_btrees($new, $db), 10, "$on_new: amcheck checked the 10 btrees after the new rows");

		# ---- skip support
		my $skip_new = skip_support($new);
		is($skip_new, $skip_old,
			"$on_new: btree support function 6 as before pg_upgrade");
		if ($new_major < 18)
		{
			note "skip support: none, as before (PostgreSQL $new_major has no btree support function 6)";
		}
		elsif ($skip_new == 1)
		{
			note "skip support: present, as before (the extension was created on PostgreSQL $old_major)";
		}
		else
		{
			note "skip support: absent after pg_upgrade from $old_major (the install script adds it only on 18+); adding it";
			add_skip_support($new, $ext);
			is(skip_support($new), 1,
				"$on_new: src/objectid_skipsupport.sql adds btree support function 6");
			is( $new->safe_psql(
					$db, qq{
				SELECT count(*) FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
				 WHERE e.extname = 'objectid' AND d.deptype = 'e'
				   AND d.classid = 'pg_proc'::regclass
				   AND d.objid = '$ext.objectid_skipsupport(internal)'::regprocedure}),
				1,
				"$on_new: objectid_skipsupport is a member of the extension");
			data_checks($new, $db, $ext, "$on_new, skip support added");
			$new->safe_psql($db, 'REINDEX INDEX oid_t_grp_m');
			is(amcheck_btrees($new, $db), 10, "$on_new, skip support added: amcheck clean after REINDEX");
		}
	}
	# (stop() does nothing on a cluster that is not running)
	$old->stop;
	$new->stop;
	note "upgrade $pair: " . (time - $t0) . ' s';
	return;
}

for my $old_major (@from)
{
	if ($old_major !~ /^[0-9]+$/ || $old_major >= $new_major)
	{
		fail("OBJECTID_UPGRADE_FROM: $old_major is not a major below $new_major");
		next;
	}
	my $path = major_install_path($old_major) or next;
	upgrade($old_major, $path);
}

done_testing();
