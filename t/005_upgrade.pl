
# Copyright (c) 2026, the objectid maintainers; PostgreSQL License

# objectid data, indexes and generators through pg_upgrade to the major
# under test, from each major of OBJECTID_UPGRADE_FROM (space-separated,
# e.g. "16 17"; installed in /usr/lib/postgresql/M with the extension, else
# the test fails), or, when it is not set, from the highest major installed
# there below the one under test that has the extension (none: skipped).
#
# Both clusters are made with data checksums (18+ has them by default, and
# pg_upgrade needs the same on both sides), UTF-8 and locale C.UTF-8.  On
# the old one: CREATE EXTENSION objectid and amcheck; ROWS rows (default
# 20000 * SCALE) in each of
# - oid_t: objectid keys, DEFAULT objectid(), every tenth id fixed
#   (objectid_from_timestamp), under a btree primary key, a two-column btree
#   led by a low-cardinality objectid (skip scans on 18+), a hash index and
#   BRIN minmax, minmax_multi and bloom indexes;
# - uuid_t: uuid keys, DEFAULT <extension schema>.uuidv7() (on 18+ core has
#   its own uuidv7(); the default must stay the extension's), every tenth key
#   fixed (uuidv7_from_timestamp), under a btree primary key and a hash index;
# - oid_part: PARTITION BY HASH (id) on an objectid, four partitions.
# Then a fingerprint (per table count and md5 of every row in order, rows per
# partition, index definitions, column defaults, extension versions), the
# old cluster stopped, pg_upgrade, the new one started, and on it:
# - the same fingerprint; every row of each hash partition still belongs
#   there (satisfies_hash_partition), so objectid_hash_extended is unchanged;
# - each index answers its query (EXPLAIN shows it, seq scans forbidden) as
#   a seq scan does; bt_index_check(heapallindexed) clean on every btree;
#   amvalidate true on every operator class of the extension;
# - the defaults still generate: new rows with unique, strictly increasing
#   keys carrying the current time, uuid_t's from the extension's uuidv7();
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

# the tables and the data, made on the old cluster
sub fill
{
	my ($node, $ext) = @_;
	$node->safe_psql(
		$db, qq{
CREATE TABLE oid_t (
	id	objectid PRIMARY KEY DEFAULT $ext.objectid(),
	at	objectid NOT NULL,
	grp	objectid NOT NULL,
	m	int NOT NULL,
	h	objectid,
	mm	objectid,
	bl	objectid,
	n	int NOT NULL UNIQUE
);
INSERT INTO oid_t
SELECT CASE WHEN n % 10 = 0 THEN $ext.objectid_from_timestamp(t) ELSE $ext.objectid() END,
	   $ext.objectid_from_timestamp(t),
	   $ext.objectid_from_timestamp(timestamptz '2001-01-01 00:00:00+00' + n % 5 * interval '1 day'),
	   n, $ext.objectid(), $ext.objectid(), $ext.objectid(), n
  FROM (SELECT n, timestamptz '2001-02-03 04:05:06+00' + n * interval '37 minutes' AS t
		  FROM generate_series(1, $rows) n) s;
CREATE INDEX oid_t_grp_m ON oid_t (grp, m);
CREATE INDEX oid_t_h_hash ON oid_t USING hash (h);
CREATE INDEX oid_t_at_brin ON oid_t USING brin (at $ext.objectid_minmax_ops) WITH (pages_per_range = 4);
CREATE INDEX oid_t_mm_brin ON oid_t USING brin (mm $ext.objectid_minmax_multi_ops) WITH (pages_per_range = 4);
CREATE INDEX oid_t_bl_brin ON oid_t USING brin (bl $ext.objectid_bloom_ops) WITH (pages_per_range = 4);

CREATE TABLE uuid_t (
	id	uuid PRIMARY KEY DEFAULT $ext.uuidv7(),
	h	uuid,
	n	int NOT NULL UNIQUE
);
INSERT INTO uuid_t
SELECT CASE WHEN n % 10 = 0
			THEN $ext.uuidv7_from_timestamp(timestamptz '2001-02-03 04:05:06+00' + n * interval '37 minutes')
			ELSE $ext.uuidv7() END,
	   $ext.uuidv4(), n
  FROM generate_series(1, $rows) n;
CREATE INDEX uuid_t_h_hash ON uuid_t USING hash (h);

CREATE TABLE oid_part (id objectid PRIMARY KEY DEFAULT $ext.objectid(), n int NOT NULL)
	PARTITION BY HASH (id);
@{[ map { "CREATE TABLE oid_part_$_ PARTITION OF oid_part FOR VALUES WITH (MODULUS 4, REMAINDER $_);\n" } 0 .. 3 ]}
INSERT INTO oid_part SELECT id, n FROM oid_t;
ANALYZE});
	return;
}

# everything that must come through, as text
sub fingerprint
{
	my ($node) = @_;
	my $fp = '';
	for my $t (qw(oid_t uuid_t oid_part))
	{
		$fp .= "$t: "
		  . $node->safe_psql($db,
			"SELECT count(*) || ' ' || md5(string_agg(t::text, ',' ORDER BY n)) FROM $t t"
		  ) . "\n";
	}
	return $fp . $node->safe_psql(
		$db, q{
SELECT tableoid::regclass || ': ' || count(*) FROM oid_part GROUP BY tableoid ORDER BY 1;
SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname;
SET search_path = '';
SELECT a.attrelid::regclass || '.' || a.attname || ' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid)
  FROM pg_attrdef d
  JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
 ORDER BY 1;
SELECT extname || ' ' || extversion FROM pg_extension ORDER BY 1});
}

# every row lies in the partition its hash routes it to
sub check_partitions
{
	my ($node, $on) = @_;
	# rows of each partition that hash to another one
	my $misplaced = join ' UNION ALL ', map {
		"SELECT 'oid_part_$_: ' || count(*) FROM oid_part_$_
		  WHERE NOT satisfies_hash_partition('oid_part'::regclass, 4, $_, id)"
	} 0 .. 3;
	is($node->safe_psql($db, $misplaced),
		join("\n", map { "oid_part_$_: 0" } 0 .. 3),
		"$on: every row of oid_part_0..3 hashes to its own partition");
	return;
}

# bt_index_check(heapallindexed) on every btree: there are 9 (oid_t's
# primary key, unique n and (grp, m), uuid_t's primary key and unique n,
# and oid_part's four partitions' primary keys)
sub amcheck
{
	my ($node, $on) = @_;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	cmp_ok(amcheck_btrees($node, $db), '==', 9,
		"$on: amcheck checked the 9 btrees");
	return;
}

# each index answers as a seq scan does; amcheck clean; every operator
# class of the extension valid
sub check_indexes
{
	my ($node, $ext, $on) = @_;
	my @checks = (
		[ oid_t => oid_t_pkey => 'id = ANY (ARRAY(SELECT id FROM oid_t WHERE n % 997 = 1))' ],
		[ oid_t => oid_t_pkey => "id < $ext.objectid_from_timestamp('2001-06-01 00:00:00+00')" ],
		[ oid_t => oid_t_grp_m => 'm = ' . (int($rows / 7) + 3) ],
		[
			oid_t => oid_t_grp_m =>
			  "grp = $ext.objectid_from_timestamp('2001-01-03 00:00:00+00') AND m < "
			  . int($rows / 2)
		],
		[ oid_t => oid_t_h_hash => 'h = (SELECT h FROM oid_t WHERE n = ' . (int($rows / 5) + 1) . ')' ],
		[
			oid_t => oid_t_at_brin =>
			  "at >= $ext.objectid_from_timestamp('2001-02-10 00:00:00+00') AND at < $ext.objectid_from_timestamp('2001-02-11 00:00:00+00')"
		],
		[ oid_t => oid_t_mm_brin => 'mm = (SELECT mm FROM oid_t WHERE n = ' . (int($rows / 3) + 1) . ')' ],
		[ oid_t => oid_t_bl_brin => 'bl = (SELECT bl FROM oid_t WHERE n = ' . (int($rows / 2) + 1) . ')' ],
		[ uuid_t => uuid_t_pkey => "id < $ext.uuidv7_from_timestamp('2001-06-01 00:00:00+00')" ],
		[ uuid_t => uuid_t_h_hash => 'h = (SELECT h FROM uuid_t WHERE n = ' . (int($rows / 4) + 1) . ')' ],
		[
			oid_part => 'oid_part_[0-3]_pkey' =>
			  'id = (SELECT id FROM oid_t WHERE n = ' . (int($rows / 6) + 1) . ')',
			plan => qr/\boid_part_[0-3]_pkey\b/
		]);
	check_index($node, $db, @$_, on => $on) for @checks;
	amcheck($node, $on);
	is( $node->safe_psql(
			$db, q{
		SELECT string_agg(c.opcname || ' (' || a.amname || ')', ', ')
		  FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod
		  JOIN pg_depend d ON d.classid = 'pg_opclass'::regclass AND d.objid = c.oid
		       AND d.deptype = 'e'
		  JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'objectid'
		 WHERE NOT amvalidate(c.oid)}),
		'',
		"$on: amvalidate true on every operator class of the extension");
	return;
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

# the defaults generate: unique, strictly increasing, the current time; the
# uuid default is the extension's uuidv7(), not core's (18+)
sub check_defaults
{
	my ($node, $ext, $on) = @_;
	$node->safe_psql(
		$db, qq{
		INSERT INTO oid_t (at, grp, m, n)
		SELECT $ext.objectid(), $ext.objectid(), -g, -g FROM generate_series(1, 1000) g;
		INSERT INTO uuid_t (n) SELECT -g FROM generate_series(1, 1000) g;
		INSERT INTO oid_part (n) SELECT -g FROM generate_series(1, 1000) g});
	for my $spec (
		[ oid_t => "$ext.objectid_timestamp(id)" ],
		[ oid_part => "$ext.objectid_timestamp(id)" ],
		[ uuid_t => "$ext.uuid_extract_timestamp(id)" ])
	{
		my ($tab, $ts) = @$spec;
		# rows, distinct keys, keys not above the previous one, keys not
		# carrying the current time
		is( $node->safe_psql(
				$db, qq{
			SELECT count(*), count(DISTINCT id),
			       count(*) FILTER (WHERE prev >= id),
			       count(*) FILTER (WHERE $ts NOT BETWEEN now() - interval '1 minute'
			                                          AND clock_timestamp() + interval '1 second')
			  FROM (SELECT id, lag(id) OVER (ORDER BY n DESC) AS prev FROM $tab WHERE n < 0) s}
			),
			'1000|1000|0|0',
			"$on: $tab DEFAULT gives 1000 distinct keys, strictly increasing, carrying the current time"
		);
	}
	is( $node->safe_psql(
			$db, qq{
		SELECT (SELECT count(*) FROM pg_attrdef a
		          JOIN pg_depend d ON d.classid = 'pg_attrdef'::regclass AND d.objid = a.oid
		               AND d.refclassid = 'pg_proc'::regclass
		          JOIN pg_depend x ON x.classid = 'pg_proc'::regclass AND x.objid = d.refobjid
		               AND x.deptype = 'e'
		          JOIN pg_extension e ON e.oid = x.refobjid AND e.extname = 'objectid'
		         WHERE a.adrelid = 'uuid_t'::regclass AND a.adnum = 1)
		       || '|' || (SELECT count(*) FROM uuid_t
		                   WHERE n < 0 AND $ext.uuid_extract_version(id) = 7)}),
		'1|1000',
		"$on: uuid_t DEFAULT calls the extension's uuidv7() and gives version 7 keys"
	);
	return;
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
		fill($old, $ext);
		check_partitions($old, $on_old);
		check_indexes($old, $ext, $on_old);
		my $before = fingerprint($old);
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
		same_text(fingerprint($new), $before,
			"$pair: rows, partitions, index definitions, defaults and extension versions as before (- old, + upgraded)"
		);
		check_partitions($new, $on_new);
		check_indexes($new, $ext, $on_new);
		check_defaults($new, $ext, $on_new);
		amcheck($new, "$on_new, after the new rows");

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
			check_indexes($new, $ext, "$on_new, skip support added");
			$new->safe_psql($db, 'REINDEX INDEX oid_t_grp_m');
			amcheck($new, "$on_new, skip support added, after REINDEX");
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
