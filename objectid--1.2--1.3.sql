/* objectid--1.2--1.3.sql */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION objectid UPDATE TO '1.3'" to load this file. \quit

--
-- What 1.3 adds to 1.2.  A new installation runs objectid--1.0.sql and every
-- update script up to this one.
--
