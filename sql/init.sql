-- create the extension for the other tests
CREATE EXTENSION objectid;
