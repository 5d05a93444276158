/* objectid--1.0--1.1.sql */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION objectid UPDATE TO '1.1'" to load this file. \quit

--
-- What 1.1 adds to 1.0.  objectid--1.1.sql (new installs) holds the same
-- objects; test/update/check proves that an updated 1.0 and a fresh 1.1
-- have identical catalogs.
--
