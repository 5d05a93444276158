# test/clients/env.sh: where the client tests find their pieces (sourced by
# test/clients/prepare and test/clients/check)
# shellcheck shell=bash disable=SC2034  # used by the scripts that source it
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# Debian's jars (libpostgresql-jdbc-java, libmongodb-java)
JAVA_JARS=/usr/share/java/postgresql.jar:/usr/share/java/bson.jar
JAVA_CLASSES=$top/build/clients/java
# Debian's interpreter, where python3-psycopg and python3-bson are installed
# (a python3 earlier on PATH, such as pyenv's, has its own packages)
PYTHON=/usr/bin/python3
