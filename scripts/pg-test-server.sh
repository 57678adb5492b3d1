#!/usr/bin/env bash
# A throw-away PostgreSQL server for tests: initdb + pg_ctl in a temp directory, on a free loopback port.
#
#   eval "$(scripts/pg-test-server.sh start)"   # exports ADK_FLUENT_TEST_PG_URL and ADK_FLUENT_TEST_PG_DIR
#   scripts/pg-test-server.sh stop "$ADK_FLUENT_TEST_PG_DIR"
#
# Uses Debian's server binaries (/usr/lib/postgresql/<version>/bin); when they are absent and we are root, installs
# the `postgresql` package with apt-get first. As root the server runs as the `postgres` user (initdb refuses root).
# Trust authentication, bound to 127.0.0.1 only; fsync off (test data only). Status lines go to stderr, only the
# `export` lines to stdout.
set -euo pipefail

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start() {
  local bin
  bin=$(find_bin)
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    if [ "$(id -u)" != 0 ]; then
      echo "pg-test-server: no PostgreSQL server binaries under /usr/lib/postgresql and not root to install them" >&2
      exit 1
    fi
    echo "pg-test-server: installing postgresql with apt-get" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    bin=$(find_bin)
  fi
  local port dir
  port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  dir=$(mktemp -d -t adk-pg.XXXXXX)
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir"; fi
  as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
  "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres adk_test
  echo "$bin" >"$dir/bin"
  echo "pg-test-server: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port ($dir)" >&2
  echo "export ADK_FLUENT_TEST_PG_URL=postgresql://postgres@127.0.0.1:$port/adk_test"
  echo "export ADK_FLUENT_TEST_PG_DIR=$dir"
}

stop() {
  local dir=${1:-${ADK_FLUENT_TEST_PG_DIR:-}}
  if [ -z "$dir" ] || [ ! -f "$dir/bin" ]; then
    echo "pg-test-server: stop needs the directory printed by start" >&2
    exit 1
  fi
  as_owner "$(cat "$dir/bin")/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:-}" ;;
  *) echo "usage: $0 start | stop <dir>" >&2; exit 2 ;;
esac
