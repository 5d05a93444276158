-- leaf_density(index): the leaf pages' share of their room that holds
-- tuples, in percent (pgstatindex()'s avg_leaf_density: 100 - free space /
-- room, the room of a page being the block less its header and the btree's
-- special space), from pageinspect's page statistics (pgstattuple is not in
-- every build here).  Needs CREATE EXTENSION pageinspect.  Used by
-- bench/sessions and portable/bench/run.
CREATE FUNCTION leaf_density(ix regclass) RETURNS numeric LANGUAGE sql AS $$
	SELECT round(100 - 100.0 * sum(s.free_size) / (count(*) * (current_setting('block_size')::int - 24 - 16)), 1)
	  FROM generate_series(1, pg_relation_size(ix) / current_setting('block_size')::int - 1) b,
	       LATERAL bt_page_stats(ix::text, b::int) s
	 WHERE s.type = 'l'
$$;
