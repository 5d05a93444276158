# shellcheck shell=bash
# test/lifecycle/keys.sh: the key tables, the pgbench transaction that
# fills them, and the index checks that test/lifecycle/recovery and
# test/lifecycle/standby share.  Source it after test/clusters.sh.
#
# Tables: k_btree (objectid primary key, DEFAULT objectid()), k_hash (a hash
# index on its objectid), k_brin (a BRIN minmax index, 4 pages per range),
# u_btree (uuid primary key, DEFAULT <extension schema>.uuidv7()), u_hash (a
# hash index on its uuid).  One transaction takes a number from the
# sequence txn, inserts KEY_BATCH rows with generated keys into k_btree and
# u_btree and the same keys into k_hash, k_brin and u_hash, and answers the
# number and an md5 of its objectid keys and of its uuid keys.

KEY_BATCH=${KEY_BATCH:-10}

# key_tables EXT: SQL creating the tables, EXT the extension's schema
key_tables() {
	printf '%s\n' "
CREATE SEQUENCE txn;
CREATE TABLE k_btree (id objectid PRIMARY KEY DEFAULT $1.objectid(), txn bigint NOT NULL, client int NOT NULL);
CREATE TABLE k_hash (id objectid NOT NULL, txn bigint NOT NULL);
CREATE INDEX k_hash_id ON k_hash USING hash (id);
CREATE TABLE k_brin (id objectid NOT NULL, txn bigint NOT NULL);
CREATE INDEX k_brin_id ON k_brin USING brin (id) WITH (pages_per_range = 4);
CREATE TABLE u_btree (id uuid PRIMARY KEY DEFAULT $1.uuidv7(), txn bigint NOT NULL, client int NOT NULL);
CREATE TABLE u_hash (id uuid NOT NULL, txn bigint NOT NULL);
CREATE INDEX u_hash_id ON u_hash USING hash (id);

-- key_check(index, plan pattern, query): query's one-value answer with the
-- index forced (its plan must match the pattern) and with a sequential scan
-- must be equal and find rows; returns 'index: answer'
CREATE FUNCTION key_check(idx text, pattern text, query text) RETURNS text
LANGUAGE plpgsql AS \$f\$
DECLARE
	plan text := '';
	line text;
	indexed text;
	seq text;
BEGIN
	PERFORM set_config('enable_seqscan', 'off', true), set_config('enable_hashjoin', 'off', true),
			set_config('enable_mergejoin', 'off', true);
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
		plan := plan || line || E'\\n';
	END LOOP;
	IF strpos(plan, pattern) = 0 THEN
		RAISE EXCEPTION '% not used (no \"%\" in the plan): %: %', idx, pattern, query, plan;
	END IF;
	EXECUTE query INTO indexed;
	PERFORM set_config('enable_seqscan', 'on', true), set_config('enable_hashjoin', 'on', true),
			set_config('enable_mergejoin', 'on', true), set_config('enable_indexscan', 'off', true),
			set_config('enable_bitmapscan', 'off', true), set_config('enable_indexonlyscan', 'off', true);
	EXECUTE query INTO seq;
	PERFORM set_config('enable_indexscan', 'on', true), set_config('enable_bitmapscan', 'on', true),
			set_config('enable_indexonlyscan', 'on', true);
	IF indexed IS DISTINCT FROM seq THEN
		RAISE EXCEPTION '% gives %, a sequential scan %: %', idx, indexed, seq, query;
	END IF;
	IF split_part(indexed, '/', 1) = '0' THEN
		RAISE EXCEPTION '% finds nothing: %', idx, query;
	END IF;
	RETURN idx || ': ' || indexed;
END
\$f\$;"
}

# key_script FILE ACK: the pgbench script; after each commit the client
# appends "client txn objectid-md5 uuid-md5" to the file ACK (pgbench runs
# \shell only once the statement before it has returned, so ACK lists
# exactly the transactions whose commit a client saw)
key_script() {
	cat >"$1" <<-EOF
	WITH x AS (SELECT nextval('txn') AS txn),
	     o AS (INSERT INTO k_btree (txn, client)
	           SELECT txn, :client_id FROM x, generate_series(1, $KEY_BATCH) RETURNING id, txn),
	     oh AS (INSERT INTO k_hash SELECT id, txn FROM o),
	     ob AS (INSERT INTO k_brin SELECT id, txn FROM o),
	     u AS (INSERT INTO u_btree (txn, client)
	           SELECT txn, :client_id FROM x, generate_series(1, $KEY_BATCH) RETURNING id, txn),
	     uh AS (INSERT INTO u_hash SELECT id, txn FROM u)
	SELECT txn, (SELECT md5(string_agg(id::text, ',' ORDER BY id)) FROM o) AS osum,
	       (SELECT md5(string_agg(id::text, ',' ORDER BY id)) FROM u) AS usum FROM x
	\gset
	\shell echo :client_id :txn :osum :usum >> $2
	EOF
}

# acked: how many transactions the key script has acknowledged ($work/ack)
acked() { wc -l <"$work/ack"; }

# wait_acked N: until N transactions are acknowledged, while pgbench ($bench,
# logging to $work/pgbench.log) still runs
wait_acked() {
	local i
	for ((i = 0; i < 1200; i++)); do
		[ "$(acked)" -ge "$1" ] && return 0
		kill -0 "$bench" 2>/dev/null || { cat "$work/pgbench.log"; fail "pgbench stopped before $1 transactions were acknowledged"; }
		sleep 0.1
	done
	fail "$(acked) transactions acknowledged after 120 s, expected $1"
}

# key_digests: SQL for (tab, txn, n, md5), the rows and their md5, of every transaction in every
# key table
key_digests() {
	local t
	for t in k_btree k_hash k_brin u_btree u_hash; do
		echo "SELECT '$t' AS tab, txn, count(*) AS n, md5(string_agg(id::text, ',' ORDER BY id)) FROM $t GROUP BY txn"
		[ "$t" = u_hash ] || echo "UNION ALL"
	done
}

# key_bounds NODE DB FILTER: three objectid keys of k_brin (rows matching
# FILTER) that cut it in four, for the BRIN queries
key_bounds() {
	on "$1" q "$2" "SELECT min(id) FROM (SELECT id, ntile(4) OVER (ORDER BY id) AS part FROM k_brin o WHERE $3) s
	                 GROUP BY part HAVING part > 1 ORDER BY 1"
}

# key_checks NODE DB FILTER B1 B2 B3: each index answers its query as a
# sequential scan does, over the rows matching FILTER (a condition on the
# alias o); prints "index: rows/sum of txn" per query.  Each hash and btree
# index is probed once for every row of another key table (a nested loop
# over a materialized scan of that table, the index on its inner side); the
# BRIN index answers four ranges, cut at B1 < B2 < B3, that together hold
# every row.  Fails when a plan does not use the index there, when it
# answers otherwise than a sequential scan, or finds nothing (key_check, in
# key_tables, does each query: one session per call, fit for a standby).
key_checks() {
	local node=$1 db=$2 filter=$3 rows=() idx tab outer range
	local answer="SELECT count(*) || '/' || coalesce(sum(o.txn), 0)"
	while read -r idx tab outer; do
		rows+=("('$idx', 'Scan using $idx on $tab x', \$q\$
		    WITH o AS MATERIALIZED (SELECT id, txn FROM $outer o WHERE $filter)
		    $answer FROM o JOIN $tab x ON x.id = o.id AND x.txn = o.txn\$q\$)")
	done <<-EOF
	k_btree_pkey k_btree k_brin
	k_hash_id k_hash k_brin
	u_btree_pkey u_btree u_hash
	u_hash_id u_hash u_btree
	EOF
	for range in "o.id < '$4'" "o.id >= '$4' AND o.id < '$5'" "o.id >= '$5' AND o.id < '$6'" "o.id >= '$6'"; do
		rows+=("('k_brin_id', 'Bitmap Index Scan on k_brin_id', \$q\$
		    $answer FROM k_brin o WHERE ($filter) AND $range\$q\$)")
	done
	on "$node" q "$db" "SELECT key_check(idx, pattern, query)
	                      FROM (VALUES $(IFS=,; echo "${rows[*]}")) c(idx, pattern, query)"
}

# process_values NODE DB CONDITION: the distinct ObjectId process values
# (bytes 5-9) of the k_btree rows matching CONDITION
process_values() {
	on "$1" q "$2" "SELECT DISTINCT encode(substr(id::bytea, 5, 5), 'hex') FROM k_btree WHERE $3 ORDER BY 1"
}
