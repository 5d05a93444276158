--
-- compare: operators, cmp, min/max, ordering
--
CREATE TABLE objectid_cmp_t (a objectid, b objectid);
INSERT INTO objectid_cmp_t VALUES
	('507f1f77bcf86cd799439011', '507f1f77bcf86cd799439011'),  -- equal
	('507f1f77bcf86cd799439011', '507f1f77bcf86cd799439012'),  -- last byte
	('507f1f77bcf86cd799439011', '607f1f77bcf86cd799439011'),  -- first byte
	('ffffffffffffffffffffffff', '000000000000000000000000'),
	('80000000ffffffffffffffff', '7fffffffffffffffffffffff');  -- unsigned seconds

SELECT a, b, a = b AS eq, a <> b AS ne, a < b AS lt, a <= b AS le,
       a > b AS gt, a >= b AS ge, objectid_cmp(a, b) AS cmp
FROM objectid_cmp_t;

-- min and max, also as grouped and window aggregates
SELECT min(a), max(a), min(b), max(b) FROM objectid_cmp_t;
SELECT a, min(b), max(b) FROM objectid_cmp_t GROUP BY a ORDER BY a;
SELECT b, max(b) OVER (ORDER BY b) FROM objectid_cmp_t ORDER BY b;
SELECT min(x), max(x) FROM (VALUES (NULL::objectid)) v(x);

-- ordering by id equals ordering by its bytes (t)
WITH ids AS (
	SELECT objectid(timestamptz '2001-01-01 00:00:00+00' + (random() * 1e9) * interval '1 second') AS id
	FROM generate_series(1, 5000)
)
SELECT (SELECT array_agg(id ORDER BY id) FROM ids) =
       (SELECT array_agg(id ORDER BY id::bytea) FROM ids);

-- operators are leakproof and the functions behind them too
SELECT count(*) FROM pg_operator o JOIN pg_proc p ON p.oid = o.oprcode
WHERE o.oprleft = 'objectid'::regtype AND p.proleakproof;  -- 6

DROP TABLE objectid_cmp_t;
