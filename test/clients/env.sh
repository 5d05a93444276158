# test/clients/env.sh: where the client tests find their pieces (sourced by
# test/clients/prepare and test/clients/check; t/011_pgtle_clients.pl names
# the same places)
# shellcheck shell=bash disable=SC2034  # used by the scripts that source it
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# Debian's jars (libpostgresql-jdbc-java, libmongodb-java)
JAVA_JARS=/usr/share/java/postgresql.jar:/usr/share/java/bson.jar
JAVA_CLASSES=$top/build/clients/java
# clients/java's JUnit tests, compiled by Maven against the installed jar
# (test/clients/prepare), run by Surefire (test/clients/check)
MAVEN_DIR=$top/build/clients/maven
# Debian's interpreter (a python3 earlier on PATH, such as pyenv's, may be
# another); test/clients/prepare makes a virtual environment of it and
# installs there, from PyPI, the drivers, ORMs and bson at the versions of
# clients/python/constraints.txt, then the objectid-pg wheel that
# clients/pack made; the Python checks run there
SYSTEM_PYTHON=/usr/bin/python3
VENV=$top/build/clients/venv
PYTHON=$VENV/bin/python
PYTHON_CONSTRAINTS=$top/clients/python/constraints.txt
# the migration drizzle-kit generate writes from node/drizzle_schema.js
DRIZZLE_MIGRATIONS=$top/build/clients/drizzle
# clients/rust's cargo target directory: test/clients/prepare builds its
# tests there, test/clients/check runs them
RUST_TARGET=$top/build/clients/rust
# clients/pack's files (test/clients/prepare installs each by its name)
DIST=$top/build/clients/dist
# the Go module zip unzipped (the module in objectid/clients/go@vX.Y.Z
# there), and the application test/clients/go/main.go built against it
GO_DIR=$top/build/clients/go
GO_APP=$top/build/clients/go-app
