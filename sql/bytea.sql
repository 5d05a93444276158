--
-- bytea: explicit casts both ways
--
SELECT '507f1f77bcf86cd799439011'::objectid::bytea;
SELECT '\x507f1f77bcf86cd799439011'::bytea::objectid;
SELECT bytea('507f1f77bcf86cd799439011'::objectid);
SELECT objectid('\x507f1f77bcf86cd799439011'::bytea);

-- v = v::bytea::objectid for generated and edge values (t)
SELECT bool_and(v = v::bytea::objectid) FROM (
	SELECT objectid() v FROM generate_series(1, 1000)
	UNION ALL SELECT '000000000000000000000000'
	UNION ALL SELECT 'ffffffffffffffffffffffff') s;

-- wrong lengths: error with detail
SELECT '\x'::bytea::objectid;
SELECT '\x507f1f77bcf86cd7994390'::bytea::objectid;
SELECT '\x507f1f77bcf86cd79943901100'::bytea::objectid;

-- the casts are explicit only: no implicit or assignment coercion
SELECT castcontext FROM pg_cast
WHERE (castsource, casttarget) IN (('objectid'::regtype, 'bytea'::regtype),
                                   ('bytea'::regtype, 'objectid'::regtype));
CREATE TABLE objectid_bytea (id objectid);
INSERT INTO objectid_bytea VALUES ('\x507f1f77bcf86cd799439011'::bytea);  -- error
DROP TABLE objectid_bytea;
