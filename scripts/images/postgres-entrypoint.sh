#!/bin/sh
# Makes the cluster on the first start (the application role POSTGRES_USER with POSTGRES_PASSWORD, and POSTGRES_DB),
# then runs the server in the foreground, listening on every address, with the options given (`postgres -c ...`).
set -eu
if [ "${1:-}" = postgres ]; then
  shift
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s\n' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}" >"$pwfile"
  initdb -D "$PGDATA" -U "${POSTGRES_USER:=postgres}" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    -E UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  db=${POSTGRES_DB:-$POSTGRES_USER}
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\"" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
