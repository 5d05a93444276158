--
-- io_soft: soft input errors (PostgreSQL 16+)
--
SELECT pg_input_is_valid('507f1f77bcf86cd799439011', 'objectid');  -- t
SELECT pg_input_is_valid('507F1F77BCF86CD799439011', 'objectid');  -- t
SELECT pg_input_is_valid('507f1f77bcf86cd79943901', 'objectid');   -- f
SELECT pg_input_is_valid('507f1f77bcf86cd79943901g', 'objectid');  -- f
SELECT pg_input_is_valid('', 'objectid');                          -- f
SELECT * FROM pg_input_error_info('507f1f77bcf86cd79943901g', 'objectid');
