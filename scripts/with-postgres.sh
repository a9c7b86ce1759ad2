#!/usr/bin/env bash
# Runs a command (the test suites) with a throwaway PostgreSQL cluster: initialised in a temp
# folder, listening on 127.0.0.1 only, run as the `postgres` user when started as root, and
# removed afterwards. The command finds it in TEST_POSTGRES_URL. Without PostgreSQL's server on
# this machine, the command runs without it (the suites then say the PostgreSQL part was skipped),
# unless REQUIRE_POSTGRES=1, when that is an error.
set -euo pipefail

if [ -n "${TEST_POSTGRES_URL:-}" ]; then exec "$@"; fi

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  if [ "${REQUIRE_POSTGRES:-}" = "1" ]; then
    echo "PostgreSQL's server is not installed (apt-get install postgresql), and REQUIRE_POSTGRES=1." >&2
    exit 1
  fi
  exec "$@"
fi

as_owner() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

dir=$(mktemp -d "${TMPDIR:-/tmp}/ce-postgres-XXXXXX")
chmod 755 "$dir"
if [ "$(id -u)" = "0" ]; then chown postgres: "$dir"; fi
port=${TEST_POSTGRES_PORT:-$((20000 + RANDOM % 20000))}

stop() {
  as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

# C collation: names sort by code unit, as SQLite sorts them. fsync is off: a test cluster is
# thrown away, never recovered.
as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --locale=C -E UTF8 >/dev/null
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o \
  "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c max_connections=300" \
  start >/dev/null

export TEST_POSTGRES_URL="postgresql://postgres@127.0.0.1:$port/postgres"
"$@"
