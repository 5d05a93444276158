--
-- io: text input and output
--

SET timezone = 'UTC';

-- lowercase out; input accepted in any case
SELECT '507f1f77bcf86cd799439011'::objectid;
SELECT '507F1F77BCF86CD799439011'::objectid;
SELECT '507f1F77bCf86cD799439011'::objectid;
SELECT '000000000000000000000000'::objectid, 'ffffffffffffffffffffffff'::objectid;

-- round trip through text
SELECT '507f1f77bcf86cd799439011'::objectid::text::objectid = '507f1f77bcf86cd799439011'::objectid;  -- t

-- a function-style call with an untyped literal is a cast to objectid
-- (parse_func.c), so it parses the literal as an objectid...
SELECT objectid('507f1f77bcf86cd799439011');
SELECT objectid('2024-01-01 00:00:00+00');  -- error
-- ...while the typed form calls objectid(timestamptz)
SELECT objectid_timestamp(objectid(timestamptz '2024-01-01 00:00:00+00'));

-- every rejected form: error
SELECT ''::objectid;
SELECT '507f1f77bcf86cd79943901'::objectid;     -- 23 digits
SELECT '507f1f77bcf86cd7994390111'::objectid;   -- 25 digits
SELECT ' 507f1f77bcf86cd799439011'::objectid;   -- leading space
SELECT '507f1f77bcf86cd799439011 '::objectid;   -- trailing space
SELECT '507f1f77-bcf86cd799439011'::objectid;   -- separator
SELECT '{507f1f77bcf86cd799439011}'::objectid;  -- braces
SELECT '0x507f1f77bcf86cd7994390'::objectid;    -- prefix
SELECT '507f1f77bcf86cd79943901g'::objectid;    -- non-hex digit
SELECT 'ObjectId("507f1f77bcf86cd799439011")'::objectid;  -- shell syntax
SELECT '５07f1f77bcf86cd799439011'::objectid;   -- fullwidth digit

-- the error carries the right SQLSTATE
DO $$
BEGIN
	PERFORM 'xyz'::objectid;
EXCEPTION WHEN invalid_text_representation THEN
	RAISE NOTICE 'caught %: %', SQLSTATE, SQLERRM;
END
$$;

-- NULL in, NULL out
SELECT NULL::objectid IS NULL;  -- t

-- in a table
CREATE TABLE objectid_io (id objectid);
INSERT INTO objectid_io VALUES ('507f1f77bcf86cd799439011'), ('5F0C4E9A1B2C3D4E5F607182'), (NULL);
SELECT id, id::text AS txt FROM objectid_io ORDER BY id;
DROP TABLE objectid_io;
RESET timezone;
