#!/usr/bin/env bash
# PostgreSQL of the local stack, as scripts/processes.yaml runs it: a cluster of its own in
# .stack/data/postgres (made on the first start), then the server in the foreground on 127.0.0.1.
# Needs PG_BIN (the server's binaries, found by scripts/stack.sh), KS_STACK_DIR and KS_PG_PORT.
set -euo pipefail

DATA=$KS_STACK_DIR/data/postgres
SOCKETS=$KS_STACK_DIR/run/postgres
USER_NAME=kicksight
PASSWORD=kicksight

# PostgreSQL refuses to run as root: as root, its files and processes belong to the postgres OS user.
AS_OWNER=()
if (($(id -u) == 0)); then
  AS_OWNER=(setpriv --reuid=postgres --regid=postgres --init-groups --)
fi

fail() {
  echo "postgres: $1" >&2
  exit 1
}

# As root, the postgres user must reach .stack: traversal (o+x, not read) is granted on any parent
# directory that blocks it, e.g. a checkout under /root.
grant_traverse() {
  local path="" part
  local -a parts
  IFS=/ read -r -a parts <<<"${DATA#/}"
  for part in "${parts[@]}"; do
    path+="/$part"
    if ! "${AS_OWNER[@]}" test -x "$path"; then
      echo "postgres: granting o+x on $path so the postgres OS user can reach its data directory"
      chmod o+x "$path"
    fi
  done
}

prepare_dirs() {
  mkdir -p "$DATA" "$SOCKETS"
  chmod 700 "$DATA"
  # Unix socket paths are limited to 107 bytes.
  local socket=$SOCKETS/.s.PGSQL.$KS_PG_PORT
  ((${#socket} <= 107)) || fail "socket path $socket is longer than 107 bytes; move the checkout to a shorter path"
  if ((${#AS_OWNER[@]})); then
    id postgres >/dev/null 2>&1 || fail "OS user 'postgres' is missing (it comes with Debian's postgresql-common package)"
    if [[ -n "$(find "$DATA" "$SOCKETS" ! -user postgres -print -quit)" ]]; then
      chown -R postgres:postgres "$DATA" "$SOCKETS"
    fi
    grant_traverse
  fi
}

# A new cluster whose bootstrap superuser is the application role; local socket connections are
# trusted, TCP needs the password.
init_cluster() {
  local pwfile locale_args=(--no-locale)
  echo "postgres: initialising a new cluster in .stack/data/postgres"
  pwfile=$(mktemp)
  trap 'rm -f "$pwfile"' EXIT
  printf '%s\n' "$PASSWORD" >"$pwfile"
  if ((${#AS_OWNER[@]})); then
    chown postgres "$pwfile"
  fi
  if locale -a 2>/dev/null | grep -qix 'c.utf-\{0,1\}8'; then
    locale_args=(--locale=C.UTF-8)
  fi
  "${AS_OWNER[@]}" "$PG_BIN/initdb" -D "$DATA" -U "$USER_NAME" --pwfile="$pwfile" \
    --auth-local=trust --auth-host=scram-sha-256 -E UTF8 "${locale_args[@]}" >/dev/null
  rm -f "$pwfile"
  trap - EXIT
}

check_version() {
  local have want
  have=$(cat "$DATA/PG_VERSION")
  want=$("$PG_BIN/postgres" --version)
  want=${want##* }
  want=${want%%.*}
  [[ "$have" == "$want" ]] ||
    fail ".stack/data/postgres was created by PostgreSQL $have but the binaries are $want; remove it or install postgresql-$have"
}

# The postgres OS user may not be able to read the caller's directory.
cd /
prepare_dirs
[[ -f "$DATA/PG_VERSION" ]] || init_cluster
check_version
exec "${AS_OWNER[@]}" "$PG_BIN/postgres" -D "$DATA" \
  -c listen_addresses=127.0.0.1 -c port="$KS_PG_PORT" -c unix_socket_directories="$SOCKETS" \
  -c max_connections=300 -c shared_buffers=128MB -c log_line_prefix='%m [%p] %q%u@%d '
