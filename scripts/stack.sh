#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# Kicksight local infrastructure: the servers the services need, run as plain
# processes on this machine and bound to 127.0.0.1 only.
#
#   postgres   PostgreSQL (Debian package), own cluster in .stack/data/postgres
#   redis      Redis (Debian package)
#   kafka      Apache Kafka, single KRaft node (jars from Maven Central)
#   mongo      FerretDB with its SQLite backend (MongoDB wire protocol)
#   stripe     stripe-mock (Stripe API mock)
#   smtp       MailDev (SMTP catcher with a REST API)
#   toxiproxy  Toxiproxy (fault-injection TCP proxy)
#
# Usage:
#   scripts/stack.sh up [component...]     start (installing what is missing)
#   scripts/stack.sh down [component...]   stop
#   scripts/stack.sh status                table of every component
#   scripts/stack.sh logs <component> [-f] show (or follow) a component's log
#   scripts/stack.sh env                   print .stack/stack.env
#   scripts/stack.sh install-browser       make sure Debian's chromium is installed
#   scripts/stack.sh install-deploy-tools  helm, kustomize and the schema validators (cached)
#
# State lives in <repo>/.stack (data/, logs/, run/, stack.env). Tool builds and
# downloads are cached per version in ${KICKSIGHT_CACHE:-$HOME/.cache/kicksight}
# so only the first `up` on a machine compiles or downloads anything. Versions
# are pinned in scripts/versions.env; ports can be changed with the KS_*_PORT
# variables below.

set -euo pipefail
# runuser, useradd and friends live in the sbin directories, which a minimal PATH may leave out.
PATH=$PATH:/usr/local/sbin:/usr/sbin:/sbin

SCRIPTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KS_ROOT=$(dirname "$SCRIPTS_DIR")
KS_STACK_DIR=$KS_ROOT/.stack
PROC_TAG=stack # prefix of messages printed by lib/proc.sh
# shellcheck source=lib/proc.sh
source "$SCRIPTS_DIR/lib/proc.sh"
# shellcheck source=versions.env
source "$SCRIPTS_DIR/versions.env"

KS_DATA_DIR=$KS_STACK_DIR/data
KS_CACHE=${KICKSIGHT_CACHE:-$HOME/.cache/kicksight}
ENV_FILE=$KS_STACK_DIR/stack.env
HOST=127.0.0.1

KS_PG_PORT=${KS_PG_PORT:-5432}
KS_REDIS_PORT=${KS_REDIS_PORT:-6379}
KS_KAFKA_PORT=${KS_KAFKA_PORT:-9092}
KS_KAFKA_CONTROLLER_PORT=${KS_KAFKA_CONTROLLER_PORT:-9093}
KS_KAFKA_FAULT_PORT=${KS_KAFKA_FAULT_PORT:-9094}
KS_KAFKA_FAULT_PROXY_PORT=${KS_KAFKA_FAULT_PROXY_PORT:-9095}
KS_MONGO_PORT=${KS_MONGO_PORT:-27017}
KS_STRIPE_PORT=${KS_STRIPE_PORT:-12111}
KS_SMTP_PORT=${KS_SMTP_PORT:-1025}
KS_SMTP_API_PORT=${KS_SMTP_API_PORT:-8025}
KS_TOXIPROXY_PORT=${KS_TOXIPROXY_PORT:-8474}

PORT_VARS=(KS_PG_PORT KS_REDIS_PORT KS_KAFKA_PORT KS_KAFKA_CONTROLLER_PORT
  KS_KAFKA_FAULT_PORT KS_KAFKA_FAULT_PROXY_PORT KS_MONGO_PORT KS_STRIPE_PORT
  KS_SMTP_PORT KS_SMTP_API_PORT KS_TOXIPROXY_PORT)

# Start order; `down` walks it backwards.
COMPONENTS=(postgres redis kafka mongo stripe smtp toxiproxy)

PG_USER=kicksight
PG_PASSWORD=kicksight
PG_DATABASES=(auth collection billing notifications)

IS_ROOT=0
if [[ $(id -u) -eq 0 ]]; then
  IS_ROOT=1
fi

APT_UPDATED=0
CLEANUP_PATHS=()

cleanup() {
  local p
  for p in "${CLEANUP_PATHS[@]}"; do
    rm -rf -- "$p"
  done
}
trap cleanup EXIT

log_of() { printf '%s/%s.log\n' "$KS_LOG_DIR" "$1"; }
install_log_of() { printf '%s/%s-install.log\n' "$KS_LOG_DIR" "$1"; }

# ---------------------------------------------------------------------------
# Generic helpers
# ---------------------------------------------------------------------------

ensure_dirs() {
  mkdir -p "$KS_DATA_DIR" "$KS_LOG_DIR" "$KS_RUN_DIR"
  # The whole directory is local state: keep it out of version control.
  [[ -f "$KS_STACK_DIR/.gitignore" ]] || printf '*\n' >"$KS_STACK_DIR/.gitignore"
}

# take_lock: one `up`/`down` at a time per checkout. The lock fd (9) is closed
# in every long-running child (see start_proc and postgres_start).
take_lock() {
  exec 9>>"$KS_RUN_DIR/stack.lock"
  if ! flock -n 9; then
    note stack "waiting for another stack.sh run to finish (.stack/run/stack.lock)"
    flock -w 900 9 || die stack "another stack.sh run still holds .stack/run/stack.lock after 15 minutes"
  fi
}

check_ports_valid() {
  local v
  for v in "${PORT_VARS[@]}"; do
    if ! [[ "${!v}" =~ ^[0-9]+$ ]] || ((${!v} < 1 || ${!v} > 65535)); then
      die stack "$v='${!v}' is not a TCP port number"
    fi
  done
}

# apt_install <component> <package...>: install Debian packages (root only).
# `apt-get update` runs at most once per invocation, and only when something
# has to be installed.
apt_install() {
  local comp=$1 log created_policy=0
  shift
  log=$(install_log_of "$comp")
  if ((!IS_ROOT)); then
    die "$comp" "missing Debian package(s) $* and not running as root (run: sudo apt-get install -y $*)"
  fi
  command -v apt-get >/dev/null 2>&1 || die "$comp" "missing $* and apt-get is not available"
  mkdir -p "$KS_LOG_DIR"
  note "$comp" "installing Debian package(s): $*"
  if ((!APT_UPDATED)); then
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update >>"$log" 2>&1 ||
      die "$comp" "apt-get update failed (see $(rel_path "$log"))"
    APT_UPDATED=1
  fi
  # Keep Debian from starting its own postgres/redis services on install:
  # they would take the ports this stack uses.
  if [[ ! -e /usr/sbin/policy-rc.d ]]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod 755 /usr/sbin/policy-rc.d
    CLEANUP_PATHS+=(/usr/sbin/policy-rc.d)
    created_policy=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y "$@" >>"$log" 2>&1 ||
    die "$comp" "apt-get install $* failed (see $(rel_path "$log"))"
  if ((created_policy)); then
    rm -f /usr/sbin/policy-rc.d
  fi
}

need_go() {
  command -v go >/dev/null 2>&1 ||
    die "$1" "the Go toolchain is needed once to build $2 but 'go' is not on PATH (install Go >= 1.24)"
}

# go_install_tool <component> <tool-dir> <binary> <built-name> <ldflags> <package@version>
# `go install` into a scratch directory inside the cache, then move the binary
# into <tool-dir>/bin: the tool only counts as installed once that binary exists.
go_install_tool() {
  local comp=$1 dir=$2 bin=$3 built=$4 ldflags=$5 pkg=$6 log tmp
  log=$(install_log_of "$comp")
  need_go "$comp" "$pkg"
  mkdir -p "$KS_CACHE" "$KS_LOG_DIR"
  tmp=$(mktemp -d "$KS_CACHE/.build-$comp.XXXXXX")
  CLEANUP_PATHS+=("$tmp")
  note "$comp" "building $pkg (first run on this machine only)"
  (cd "$tmp" && GOFLAGS=-buildvcs=false GOBIN="$tmp/bin" go install -ldflags="$ldflags" "$pkg") >>"$log" 2>&1 ||
    die "$comp" "go install $pkg failed (see $(rel_path "$log"))"
  [[ -x "$tmp/bin/$built" ]] || die "$comp" "go install $pkg produced no $built binary (see $(rel_path "$log"))"
  mkdir -p "$dir/bin"
  mv -f "$tmp/bin/$built" "$dir/bin/$bin"
}

# await <component> <deadline-seconds> <probe...>: poll the probe until it
# succeeds; on failure show the end of the log and stop with an error (the
# component is stopped first when this run started it).
AWAIT_STOP_ON_FAILURE=0
await() {
  local comp=$1 secs=$2 rc=0 log
  shift 2
  log=$(log_of "$comp")
  wait_until "$secs" "$comp" "$@" || rc=$?
  case $rc in
    0) return 0 ;;
    2)
      show_log_tail "$log"
      die "$comp" "exited during startup (see $(rel_path "$log"))"
      ;;
    *)
      show_log_tail "$log"
      if ((AWAIT_STOP_ON_FAILURE)); then
        "${comp}_stop" || true
      fi
      die "$comp" "not ready after ${secs}s (see $(rel_path "$log"))"
      ;;
  esac
}

# ---------------------------------------------------------------------------
# Component metadata
# ---------------------------------------------------------------------------

resolve_component() {
  case $1 in
    postgres | pg | postgresql) echo postgres ;;
    redis) echo redis ;;
    kafka) echo kafka ;;
    mongo | mongodb | ferretdb) echo mongo ;;
    stripe | stripe-mock) echo stripe ;;
    smtp | maildev | mail) echo smtp ;;
    toxiproxy) echo toxiproxy ;;
    *) return 1 ;;
  esac
}

# Port variables each component listens on (checked before it starts).
component_port_vars() {
  case $1 in
    postgres) echo KS_PG_PORT ;;
    redis) echo KS_REDIS_PORT ;;
    kafka) echo KS_KAFKA_PORT KS_KAFKA_CONTROLLER_PORT KS_KAFKA_FAULT_PORT ;;
    mongo) echo KS_MONGO_PORT ;;
    stripe) echo KS_STRIPE_PORT ;;
    smtp) echo KS_SMTP_PORT KS_SMTP_API_PORT ;;
    toxiproxy) echo KS_TOXIPROXY_PORT ;;
  esac
}

component_addr() {
  case $1 in
    postgres) echo "$HOST:$KS_PG_PORT" ;;
    redis) echo "$HOST:$KS_REDIS_PORT" ;;
    kafka) echo "$HOST:$KS_KAFKA_PORT (controller :$KS_KAFKA_CONTROLLER_PORT, fault :$KS_KAFKA_FAULT_PORT)" ;;
    mongo) echo "$HOST:$KS_MONGO_PORT" ;;
    stripe) echo "http://$HOST:$KS_STRIPE_PORT" ;;
    smtp) echo "$HOST:$KS_SMTP_PORT (api http://$HOST:$KS_SMTP_API_PORT/api)" ;;
    toxiproxy) echo "http://$HOST:$KS_TOXIPROXY_PORT" ;;
  esac
}

# Address recorded when the component was started, else the configured one.
status_addr() {
  local addr_file=$KS_RUN_DIR/$1.addr
  if proc_running "$1" && [[ -f "$addr_file" ]]; then
    cat "$addr_file"
  else
    component_addr "$1"
  fi
}

# check_ports <component>: fail when a port is held by a process that is not ours.
check_ports() {
  local comp=$1 v port owner
  for v in $(component_port_vars "$comp"); do
    port=${!v}
    if port_in_use "$port"; then
      owner=$(port_owner "$port")
      die "$comp" "port $port is already in use by another process${owner:+ ($owner)}; stop it or set $v"
    fi
  done
}

# ---------------------------------------------------------------------------
# postgres
# ---------------------------------------------------------------------------

PG_DATA=$KS_DATA_DIR/postgres
PG_SOCK_DIR=$KS_RUN_DIR/postgres
PG_BIN=

# pg_find_bin: sets PG_BIN to a directory with initdb, pg_ctl and postgres,
# preferring the pinned major version.
pg_find_bin() {
  local d cands=("/usr/lib/postgresql/$POSTGRES_MAJOR/bin")
  if command -v pg_config >/dev/null 2>&1; then
    cands+=("$(pg_config --bindir 2>/dev/null || true)")
  fi
  for d in /usr/lib/postgresql/*/bin; do
    cands+=("$d")
  done
  for d in "${cands[@]}"; do
    if [[ -n "$d" && -x "$d/initdb" && -x "$d/pg_ctl" && -x "$d/postgres" && -x "$d/pg_isready" ]]; then
      PG_BIN=$d
      return 0
    fi
  done
  return 1
}

pg_bin_required() {
  [[ -n "$PG_BIN" ]] || pg_find_bin ||
    die postgres "PostgreSQL server binaries not found (expected /usr/lib/postgresql/$POSTGRES_MAJOR/bin)"
}

# pg_as <cmd...>: PostgreSQL refuses to run as root, so as root its commands
# run as the `postgres` OS user; otherwise as the current user.
pg_as() {
  if ((IS_ROOT)); then
    (cd / && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

pg_psql() {
  PGPASSWORD=$PG_PASSWORD PGCONNECT_TIMEOUT=5 "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 \
    -h "$HOST" -p "$KS_PG_PORT" -U "$PG_USER" "$@"
}

postgres_install() {
  pg_find_bin && return 0
  apt_install postgres "postgresql-$POSTGRES_MAJOR"
  pg_find_bin || die postgres "PostgreSQL binaries still missing after apt-get install postgresql-$POSTGRES_MAJOR"
}

# As root, the postgres user needs to reach .stack: grant traversal (o+x, not
# read) on any parent directory that blocks it, e.g. a checkout under /root.
pg_grant_traverse() {
  local path="" part
  local -a parts
  runuser -u postgres -- test -w "$PG_DATA" 2>/dev/null && return 0
  IFS=/ read -r -a parts <<<"${PG_DATA#/}"
  for part in "${parts[@]}"; do
    path+="/$part"
    if ! runuser -u postgres -- test -x "$path" 2>/dev/null; then
      note postgres "granting o+x on $path so the postgres OS user can reach its data directory"
      chmod o+x "$path"
    fi
  done
  runuser -u postgres -- test -w "$PG_DATA" 2>/dev/null ||
    die postgres "the postgres OS user cannot write $(rel_path "$PG_DATA")"
}

pg_prepare_dirs() {
  local log
  log=$(log_of postgres)
  mkdir -p "$PG_DATA" "$PG_SOCK_DIR"
  touch "$log"
  chmod 700 "$PG_DATA"
  if ((IS_ROOT)); then
    id postgres >/dev/null 2>&1 ||
      die postgres "OS user 'postgres' is missing (it comes with Debian's postgresql-common package)"
    if [[ -n "$(find "$PG_DATA" "$PG_SOCK_DIR" ! -user postgres -print -quit)" ]]; then
      chown -R postgres:postgres "$PG_DATA" "$PG_SOCK_DIR"
    fi
    chown postgres:postgres "$log"
    pg_grant_traverse
  fi
  # Unix socket paths are limited to 107 bytes.
  local sock="$PG_SOCK_DIR/.s.PGSQL.$KS_PG_PORT"
  ((${#sock} <= 107)) ||
    die postgres "socket path $sock is longer than 107 bytes; move the checkout to a shorter path"
}

pg_initdb() {
  local log pwfile locale_args=(--no-locale)
  [[ -f "$PG_DATA/PG_VERSION" ]] && return 0
  log=$(install_log_of postgres)
  note postgres "initialising a new cluster in $(rel_path "$PG_DATA")"
  pwfile=$(mktemp)
  CLEANUP_PATHS+=("$pwfile")
  printf '%s\n' "$PG_PASSWORD" >"$pwfile"
  if ((IS_ROOT)); then
    chown postgres "$pwfile"
  fi
  if locale -a 2>/dev/null | grep -qix 'c.utf-\{0,1\}8'; then
    locale_args=(--locale=C.UTF-8)
  fi
  # Bootstrap superuser is the application role itself; local socket
  # connections are trusted, TCP needs the password.
  pg_as "$PG_BIN/initdb" -D "$PG_DATA" -U "$PG_USER" --pwfile="$pwfile" \
    --auth-local=trust --auth-host=scram-sha-256 -E UTF8 "${locale_args[@]}" >>"$log" 2>&1 ||
    die postgres "initdb failed (see $(rel_path "$log"))"
  printf "\n# Local stack settings, rewritten on every start\ninclude_if_exists = 'kicksight.conf'\n" \
    >>"$PG_DATA/postgresql.conf"
}

pg_write_conf() {
  cat >"$PG_DATA/kicksight.conf" <<EOF
# Written by scripts/stack.sh on every start: edit the script, not this file.
listen_addresses = '$HOST'
port = $KS_PG_PORT
unix_socket_directories = '$PG_SOCK_DIR'
max_connections = 300
shared_buffers = 128MB
log_line_prefix = '%m [%p] %q%u@%d '
EOF
  if ((IS_ROOT)); then
    chown postgres:postgres "$PG_DATA/kicksight.conf"
  fi
}

# A postmaster of our data directory that runs without a pid file in .stack/run
# (e.g. .stack/run was wiped) is taken over instead of reported as a conflict.
postgres_adopt() {
  local pid comm
  proc_running postgres && return 0
  [[ -f "$PG_DATA/postmaster.pid" ]] || return 0
  read -r pid <"$PG_DATA/postmaster.pid" || return 0
  [[ "$pid" =~ ^[0-9]+$ ]] && pid_alive "$pid" || return 0
  comm=$(cat "/proc/$pid/comm" 2>/dev/null || true)
  if [[ "$comm" == postgres || "$comm" == postmaster ]]; then
    proc_write_pidfile postgres "$pid"
  fi
}

postgres_start() {
  local log pid
  log=$(log_of postgres)
  pg_bin_required
  pg_prepare_dirs
  pg_initdb
  local have want
  have=$(cat "$PG_DATA/PG_VERSION")
  want=$("$PG_BIN/postgres" --version)
  want=${want##* }
  want=${want%%.*}
  [[ "$have" == "$want" ]] ||
    die postgres "$(rel_path "$PG_DATA") was created by PostgreSQL $have but the binaries are $want; remove it or install postgresql-$have"
  pg_write_conf
  # pg_ctl detaches the server itself; -w waits until it accepts connections.
  # Its own messages and the server's log go to the same file (both append).
  # shellcheck disable=SC2094
  pg_as "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$log" -w -t 60 -s start >>"$log" 2>&1 9>&- || {
    show_log_tail "$log"
    die postgres "pg_ctl start failed (see $(rel_path "$log"))"
  }
  read -r pid <"$PG_DATA/postmaster.pid"
  proc_write_pidfile postgres "$pid"
}

pg_probe() {
  "$PG_BIN/pg_isready" -q -h "$HOST" -p "$KS_PG_PORT" -t 2
}

postgres_ready() {
  pg_bin_required
  await postgres 60 pg_probe
}

# Databases of the services (created once; idempotent).
postgres_setup() {
  local existing db
  existing=$(pg_psql -d postgres -tA -c 'select datname from pg_database') ||
    die postgres "cannot connect as $PG_USER on $HOST:$KS_PG_PORT (see $(rel_path "$(log_of postgres)"))"
  for db in "${PG_DATABASES[@]}"; do
    if ! grep -qx "$db" <<<"$existing"; then
      pg_psql -d postgres -c "create database \"$db\"" >/dev/null ||
        die postgres "cannot create database $db"
    fi
  done
}

postgres_stop() {
  local log
  log=$(log_of postgres)
  proc_running postgres || {
    proc_clear_stale postgres
    return 0
  }
  if pg_find_bin && pg_as "$PG_BIN/pg_ctl" -D "$PG_DATA" stop -m fast -w -t 30 -s >>"$log" 2>&1; then
    rm -f "$(proc_pidfile postgres)"
  else
    stop_proc postgres 15
  fi
}

# ---------------------------------------------------------------------------
# redis
# ---------------------------------------------------------------------------

redis_install() {
  if command -v redis-server >/dev/null 2>&1 && command -v redis-cli >/dev/null 2>&1; then
    return 0
  fi
  apt_install redis "$REDIS_APT_PACKAGE" redis-tools
  command -v redis-server >/dev/null 2>&1 || die redis "redis-server still missing after apt-get install"
}

redis_start() {
  mkdir -p "$KS_DATA_DIR/redis"
  start_proc redis "$(log_of redis)" redis-server \
    --bind "$HOST" --port "$KS_REDIS_PORT" --protected-mode yes \
    --dir "$KS_DATA_DIR/redis" --save "60 1000" --appendonly no --daemonize no
}

redis_probe() {
  [[ "$(redis-cli -h "$HOST" -p "$KS_REDIS_PORT" ping 2>/dev/null)" == PONG ]]
}

redis_ready() { await redis 30 redis_probe; }
redis_stop() { stop_proc redis; }

# ---------------------------------------------------------------------------
# kafka
# ---------------------------------------------------------------------------

KAFKA_HOME=$KS_CACHE/kafka-$KAFKA_VERSION
KAFKA_LIB=$KAFKA_HOME/lib
KAFKA_JAR=$KAFKA_LIB/kafka_$KAFKA_SCALA_VERSION-$KAFKA_VERSION.jar
KAFKA_TOOLS_JAR=$KAFKA_LIB/kafka-tools-$KAFKA_VERSION.jar
KAFKA_DATA=$KS_DATA_DIR/kafka
KAFKA_CONF=$KAFKA_DATA/config
KAFKA_ARTIFACT=org.apache.kafka:kafka_$KAFKA_SCALA_VERSION:$KAFKA_VERSION

java_major() {
  local out
  out=$(java -version 2>&1) || return 1
  [[ "$out" =~ version\ \"([0-9]+)(\.([0-9]+))? ]] || return 1
  if [[ "${BASH_REMATCH[1]}" == 1 ]]; then
    echo "${BASH_REMATCH[3]}"
  else
    echo "${BASH_REMATCH[1]}"
  fi
}

kafka_need_java() {
  local major
  if ! command -v java >/dev/null 2>&1; then
    apt_install kafka "$JAVA_APT_PACKAGE"
  fi
  major=$(java_major) || die kafka "cannot read the version of 'java' ($(command -v java))"
  ((major >= KAFKA_MIN_JAVA)) || die kafka "Kafka needs Java >= $KAFKA_MIN_JAVA but 'java' is $major"
}

kafka_write_pom() {
  cat >"$KAFKA_HOME/pom.xml" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!-- Resolves the Kafka broker and its runtime dependencies (scripts/stack.sh). -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>dev.kicksight.stack</groupId>
  <artifactId>kafka-runtime</artifactId>
  <version>$KAFKA_VERSION</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>org.apache.kafka</groupId>
      <artifactId>kafka_$KAFKA_SCALA_VERSION</artifactId>
      <version>$KAFKA_VERSION</version>
    </dependency>
    <!-- Command-line tools (TopicCommand, ConsumerGroupCommand, ...). Their
         own dependencies come with the broker; the rest (Kafka Connect,
         Jetty, Jersey) is only for tools this stack does not use. -->
    <dependency>
      <groupId>org.apache.kafka</groupId>
      <artifactId>kafka-tools</artifactId>
      <version>$KAFKA_VERSION</version>
      <exclusions>
        <exclusion>
          <groupId>*</groupId>
          <artifactId>*</artifactId>
        </exclusion>
      </exclusions>
    </dependency>
    <dependency>
      <groupId>org.slf4j</groupId>
      <artifactId>slf4j-reload4j</artifactId>
      <version>$SLF4J_RELOAD4J_VERSION</version>
    </dependency>
  </dependencies>
  <build>
    <pluginManagement>
      <plugins>
        <plugin>
          <groupId>org.apache.maven.plugins</groupId>
          <artifactId>maven-dependency-plugin</artifactId>
          <version>$MAVEN_DEPENDENCY_PLUGIN_VERSION</version>
        </plugin>
      </plugins>
    </pluginManagement>
  </build>
</project>
EOF
}

kafka_install() {
  local log tmp
  kafka_need_java
  [[ -f "$KAFKA_JAR" && -f "$KAFKA_TOOLS_JAR" ]] && return 0
  log=$(install_log_of kafka)
  if ! command -v mvn >/dev/null 2>&1; then
    apt_install kafka maven
  fi
  note kafka "fetching $KAFKA_ARTIFACT from Maven Central (first run on this machine only)"
  mkdir -p "$KAFKA_HOME" "$KS_LOG_DIR"
  kafka_write_pom
  tmp=$(mktemp -d "$KAFKA_HOME/.lib.XXXXXX")
  CLEANUP_PATHS+=("$tmp")
  (cd "$KAFKA_HOME" && mvn -B -q -Dstyle.color=never -f pom.xml dependency:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$tmp") >>"$log" 2>&1 ||
    die kafka "mvn failed to fetch $KAFKA_ARTIFACT (see $(rel_path "$log"))"
  [[ -f "$tmp/$(basename "$KAFKA_JAR")" && -f "$tmp/$(basename "$KAFKA_TOOLS_JAR")" ]] ||
    die kafka "mvn finished but the Kafka jars are missing (see $(rel_path "$log"))"
  chmod 755 "$tmp"
  rm -rf "$KAFKA_LIB"
  mv "$tmp" "$KAFKA_LIB"
}

kafka_write_config() {
  mkdir -p "$KAFKA_CONF" "$KAFKA_DATA/logs"
  cat >"$KAFKA_CONF/server.properties" <<EOF
# Written by scripts/stack.sh on every start: edit the script, not this file.
# Single-node KRaft cluster (broker and controller in one process).
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$HOST:$KS_KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://$HOST:$KS_KAFKA_PORT,CONTROLLER://$HOST:$KS_KAFKA_CONTROLLER_PORT,FAULT://$HOST:$KS_KAFKA_FAULT_PORT
# FAULT advertises the address where tests put a Toxiproxy proxy that
# forwards to the FAULT listener, so clients bootstrapped through the proxy
# keep talking through it.
advertised.listeners=PLAINTEXT://$HOST:$KS_KAFKA_PORT,FAULT://$HOST:$KS_KAFKA_FAULT_PROXY_PORT
inter.broker.listener.name=PLAINTEXT
controller.listener.names=CONTROLLER
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,FAULT:PLAINTEXT
log.dirs=$KAFKA_DATA/logs
num.partitions=1
auto.create.topics.enable=false
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=1
group.initial.rebalance.delay.ms=0
log.retention.hours=168
log.retention.check.interval.ms=300000
num.network.threads=2
num.io.threads=2
num.recovery.threads.per.data.dir=1
EOF
  cat >"$KAFKA_CONF/log4j.properties" <<'EOF'
# Written by scripts/stack.sh on every start. Everything goes to stdout, which
# is .stack/logs/kafka.log.
log4j.rootLogger=INFO, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
# Chatty at INFO: one line per request, segment, config dump or client.
log4j.logger.kafka.request.logger=WARN
log4j.logger.kafka.network.RequestChannel$=WARN
log4j.logger.state.change.logger=WARN
log4j.logger.kafka.authorizer.logger=WARN
log4j.logger.kafka.log.LogCleaner=WARN
log4j.logger.kafka.log=WARN
log4j.logger.org.apache.kafka.storage.internals.log=WARN
log4j.logger.org.apache.kafka.clients=WARN
log4j.logger.org.apache.kafka.common.config=WARN
log4j.logger.org.apache.kafka.common.utils.AppInfoParser=WARN
log4j.logger.org.apache.kafka.common.metrics=WARN
log4j.logger.kafka.server.KafkaConfig=WARN
# One line per topic/partition on every start and topic change.
log4j.logger.kafka.cluster.Partition=WARN
log4j.logger.org.apache.kafka.controller.ReplicationControlManager=WARN
EOF
}

kafka_java() {
  java -Djava.awt.headless=true -cp "$KAFKA_LIB/*" \
    -Dlog4j.configuration="file:$KAFKA_CONF/log4j.properties" "$@"
}

kafka_start() {
  local log id
  log=$(log_of kafka)
  [[ -f "$KAFKA_JAR" ]] || die kafka "$(rel_path "$KAFKA_JAR") is missing"
  kafka_write_config
  mkdir -p "$KS_LOG_DIR"
  if [[ ! -s "$KAFKA_DATA/cluster-id" ]]; then
    id=$(kafka_java -Xmx128m kafka.tools.StorageTool random-uuid 2>>"$log" | tail -n 1) || true
    [[ "$id" =~ ^[A-Za-z0-9_-]{22}$ ]] || die kafka "StorageTool random-uuid failed (see $(rel_path "$log"))"
    printf '%s\n' "$id" >"$KAFKA_DATA/cluster-id"
  fi
  read -r id <"$KAFKA_DATA/cluster-id"
  if [[ ! -f "$KAFKA_DATA/logs/meta.properties" ]]; then
    kafka_java -Xmx256m kafka.tools.StorageTool format -t "$id" \
      -c "$KAFKA_CONF/server.properties" --ignore-formatted >>"$log" 2>&1 ||
      die kafka "StorageTool format failed (see $(rel_path "$log"))"
  fi
  # Readiness looks for the start-up line only in what this start writes.
  stat -c %s "$log" 2>/dev/null >"$KS_RUN_DIR/kafka.logoffset" || echo 0 >"$KS_RUN_DIR/kafka.logoffset"
  start_proc kafka "$log" java -Xmx512m -Xms256m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 \
    -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true -cp "$KAFKA_LIB/*" \
    -Dlog4j.configuration="file:$KAFKA_CONF/log4j.properties" \
    kafka.Kafka "$KAFKA_CONF/server.properties"
}

kafka_probe() {
  local off=0 log
  log=$(log_of kafka)
  [[ -f "$KS_RUN_DIR/kafka.logoffset" ]] && read -r off <"$KS_RUN_DIR/kafka.logoffset"
  tcp_open "$HOST" "$KS_KAFKA_PORT" &&
    grep -q 'Kafka Server started' < <(tail -c "+$((off + 1))" "$log" 2>/dev/null)
}

kafka_ready() { await kafka 90 kafka_probe; }
kafka_stop() { stop_proc kafka 30; }

# ---------------------------------------------------------------------------
# mongo (FerretDB)
# ---------------------------------------------------------------------------

# The build carries one fix (FERRETDB_ID_LOOKUP_*, below); its name changes with it, so an older build is replaced.
FERRETDB_HOME=$KS_CACHE/ferretdb-$FERRETDB_VERSION-idlookup
FERRETDB_BIN=$FERRETDB_HOME/bin/ferretdb
FERRETDB_MODULE=github.com/FerretDB/FerretDB
# FerretDB v1's SQLite backend looks documents up by `_ferretdb_sjson->'$._id'` while its unique index
# is on `_ferretdb_sjson->"_id"`; SQLite matches index expressions by their text, so every lookup,
# update and delete by _id scanned the whole collection (seconds at 50,000 documents). The fix makes
# the lookup use the index's own expression (the same JSON path: a label without `$.` means `$.label`).
FERRETDB_ID_LOOKUP_FILE=internal/backends/sqlite/metadata/metadata.go
FERRETDB_ID_LOOKUP_FROM="IDColumn = DefaultColumn + \"->'\$._id'\""
FERRETDB_ID_LOOKUP_TO="IDColumn = DefaultColumn + \"->'_id'\""

# `go install` of FerretDB is not possible here (its deprecation check needs a
# module listing the proxy refuses) and a plain build panics at start without
# build/version/version.txt, so the module source is copied and built by hand.
mongo_install() {
  local log tmp src
  [[ -x "$FERRETDB_BIN" ]] && return 0
  log=$(install_log_of mongo)
  need_go mongo "FerretDB $FERRETDB_VERSION"
  mkdir -p "$KS_CACHE" "$KS_LOG_DIR"
  tmp=$(mktemp -d "$KS_CACHE/.build-mongo.XXXXXX")
  CLEANUP_PATHS+=("$tmp")
  note mongo "building FerretDB $FERRETDB_VERSION (first run on this machine only, about a minute)"
  (cd "$tmp" && GOFLAGS=-buildvcs=false go mod download -json "$FERRETDB_MODULE@$FERRETDB_VERSION") \
    >"$tmp/download.json" 2>>"$log" || {
    cat "$tmp/download.json" >>"$log"
    die mongo "go mod download $FERRETDB_MODULE@$FERRETDB_VERSION failed (see $(rel_path "$log"))"
  }
  src=$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' "$tmp/download.json")
  [[ -n "$src" && -d "$src" ]] ||
    die mongo "go mod download gave no source directory for $FERRETDB_MODULE (see $(rel_path "$log"))"
  cp -R "$src" "$tmp/src"
  chmod -R u+w "$tmp/src"
  printf '%s\n' "$FERRETDB_VERSION" >"$tmp/src/build/version/version.txt"
  grep -qF "$FERRETDB_ID_LOOKUP_FROM" "$tmp/src/$FERRETDB_ID_LOOKUP_FILE" ||
    die mongo "FerretDB $FERRETDB_VERSION: the _id lookup to fix is not in $FERRETDB_ID_LOOKUP_FILE"
  FROM=$FERRETDB_ID_LOOKUP_FROM TO=$FERRETDB_ID_LOOKUP_TO perl -0pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/' "$tmp/src/$FERRETDB_ID_LOOKUP_FILE"
  (cd "$tmp/src" && GOFLAGS=-buildvcs=false go build -o "$tmp/ferretdb" ./cmd/ferretdb) >>"$log" 2>&1 ||
    die mongo "go build of FerretDB $FERRETDB_VERSION failed (see $(rel_path "$log"))"
  mkdir -p "$FERRETDB_HOME/bin"
  mv -f "$tmp/ferretdb" "$FERRETDB_BIN"
}

mongo_start() {
  local data=$KS_DATA_DIR/mongo state=$KS_DATA_DIR/mongo-state
  mkdir -p "$data" "$state"
  PROC_CWD=$state start_proc mongo "$(log_of mongo)" env DO_NOT_TRACK=1 "$FERRETDB_BIN" \
    --handler=sqlite --sqlite-url="file:$data/" --state-dir="$state" \
    --listen-addr="$HOST:$KS_MONGO_PORT" --debug-addr=- --telemetry=disable --log-level=warn
}

mongo_ready() { await mongo 30 tcp_open "$HOST" "$KS_MONGO_PORT"; }
mongo_stop() { stop_proc mongo; }

# ---------------------------------------------------------------------------
# stripe (stripe-mock)
# ---------------------------------------------------------------------------

STRIPE_HOME=$KS_CACHE/stripe-mock-$STRIPE_MOCK_VERSION
STRIPE_BIN=$STRIPE_HOME/bin/stripe-mock

stripe_install() {
  [[ -x "$STRIPE_BIN" ]] && return 0
  go_install_tool stripe "$STRIPE_HOME" stripe-mock stripe-mock \
    "-X main.version=$STRIPE_MOCK_VERSION" "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION"
}

stripe_start() {
  # stripe-mock always opens an HTTPS listener too (on all interfaces by
  # default): park it on a unix socket so nothing listens beyond 127.0.0.1.
  local sock=$KS_RUN_DIR/stripe-https.sock
  rm -f "$sock"
  start_proc stripe "$(log_of stripe)" "$STRIPE_BIN" -http-addr "$HOST:$KS_STRIPE_PORT" -https-unix "$sock"
}

stripe_ready() { await stripe 60 http_ok "http://sk_test_123:@$HOST:$KS_STRIPE_PORT/v1/customers"; }
stripe_stop() {
  stop_proc stripe
  rm -f "$KS_RUN_DIR/stripe-https.sock"
}

# ---------------------------------------------------------------------------
# smtp (MailDev)
# ---------------------------------------------------------------------------

MAILDEV_HOME=$KS_CACHE/maildev-$MAILDEV_VERSION
MAILDEV_BIN=$MAILDEV_HOME/node_modules/.bin/maildev

smtp_need_node() {
  local major
  command -v node >/dev/null 2>&1 || die smtp "MailDev needs Node.js >= $MAILDEV_MIN_NODE but 'node' is not on PATH"
  major=$(node -p 'process.versions.node.split(".")[0]') || die smtp "cannot run 'node'"
  ((major >= MAILDEV_MIN_NODE)) || die smtp "MailDev needs Node.js >= $MAILDEV_MIN_NODE but 'node' is $major"
}

smtp_install() {
  local log tmp
  smtp_need_node
  [[ -x "$MAILDEV_BIN" ]] && return 0
  command -v npm >/dev/null 2>&1 || die smtp "npm is not on PATH (needed once to install maildev@$MAILDEV_VERSION)"
  log=$(install_log_of smtp)
  mkdir -p "$KS_CACHE" "$KS_LOG_DIR"
  tmp=$(mktemp -d "$KS_CACHE/.build-smtp.XXXXXX")
  CLEANUP_PATHS+=("$tmp")
  note smtp "installing maildev@$MAILDEV_VERSION from npm (first run on this machine only)"
  cat >"$tmp/package.json" <<EOF
{
  "name": "kicksight-stack-maildev",
  "private": true,
  "dependencies": { "maildev": "$MAILDEV_VERSION" },
  "overrides": { "mailparser": "$MAILDEV_MAILPARSER_VERSION" }
}
EOF
  (cd "$tmp" && npm install --no-audit --no-fund --no-update-notifier --loglevel=warn) >>"$log" 2>&1 ||
    die smtp "npm failed to install maildev@$MAILDEV_VERSION (see $(rel_path "$log"))"
  [[ -x "$tmp/node_modules/.bin/maildev" ]] ||
    die smtp "npm finished but node_modules/.bin/maildev is missing (see $(rel_path "$log"))"
  # The directory counts as installed once it exists with the binary in it.
  chmod 755 "$tmp"
  rm -rf "$MAILDEV_HOME"
  mv "$tmp" "$MAILDEV_HOME"
}

smtp_start() {
  local dir=$KS_DATA_DIR/smtp
  mkdir -p "$dir/mail"
  # MailDev reads config files from its working directory and parents: run it
  # from its data directory.
  PROC_CWD=$dir start_proc smtp "$(log_of smtp)" "$MAILDEV_BIN" \
    --smtp "$KS_SMTP_PORT" --ip "$HOST" --web "$KS_SMTP_API_PORT" --web-ip "$HOST" \
    --mail-directory "$dir/mail"
}

smtp_probe() {
  http_ok "http://$HOST:$KS_SMTP_API_PORT/api/healthz" && tcp_open "$HOST" "$KS_SMTP_PORT"
}

smtp_ready() { await smtp 30 smtp_probe; }
smtp_stop() { stop_proc smtp; }

# ---------------------------------------------------------------------------
# toxiproxy
# ---------------------------------------------------------------------------

TOXIPROXY_HOME=$KS_CACHE/toxiproxy-$TOXIPROXY_VERSION
TOXIPROXY_BIN=$TOXIPROXY_HOME/bin/toxiproxy-server

toxiproxy_install() {
  [[ -x "$TOXIPROXY_BIN" ]] && return 0
  # The server's package is cmd/server; its binary is renamed toxiproxy-server.
  go_install_tool toxiproxy "$TOXIPROXY_HOME" toxiproxy-server server \
    "-X github.com/Shopify/toxiproxy/v2.Version=${TOXIPROXY_VERSION#v}" \
    "github.com/Shopify/toxiproxy/v2/cmd/server@$TOXIPROXY_VERSION"
}

toxiproxy_start() {
  start_proc toxiproxy "$(log_of toxiproxy)" "$TOXIPROXY_BIN" -host "$HOST" -port "$KS_TOXIPROXY_PORT"
}

toxiproxy_ready() { await toxiproxy 30 http_ok "http://$HOST:$KS_TOXIPROXY_PORT/version"; }
toxiproxy_stop() { stop_proc toxiproxy; }

# ---------------------------------------------------------------------------
# Deployment tools: helm, kustomize, the Kubernetes schema validator and
# skaffold's schemas, for the checks of helm/, k8s/ and skaffold.yaml.
# ---------------------------------------------------------------------------

HELM_HOME=$KS_CACHE/helm-$HELM_VERSION
HELM_BIN=$HELM_HOME/bin/helm
KUSTOMIZE_HOME=$KS_CACHE/kustomize-$KUSTOMIZE_VERSION
KUSTOMIZE_BIN=$KUSTOMIZE_HOME/bin/kustomize
KUBERNETES_VALIDATE_HOME=$KS_CACHE/kubernetes-validate-$KUBERNETES_VALIDATE_VERSION
KUBERNETES_VALIDATE_BIN=$KUBERNETES_VALIDATE_HOME/bin/kubernetes-validate
SKAFFOLD_SCHEMAS_HOME=$KS_CACHE/skaffold-schemas-$SKAFFOLD_VERSION
SKAFFOLD_MODULE=github.com/GoogleContainerTools/skaffold/v2

helm_install() {
  [[ -x "$HELM_BIN" ]] && return 0
  go_install_tool helm "$HELM_HOME" helm helm \
    "-X helm.sh/helm/v3/internal/version.version=$HELM_VERSION" "helm.sh/helm/v3/cmd/helm@$HELM_VERSION"
}

kustomize_install() {
  [[ -x "$KUSTOMIZE_BIN" ]] && return 0
  go_install_tool kustomize "$KUSTOMIZE_HOME" kustomize kustomize \
    "-X sigs.k8s.io/kustomize/api/provenance.version=$KUSTOMIZE_VERSION" \
    "sigs.k8s.io/kustomize/kustomize/v5@$KUSTOMIZE_VERSION"
}

# kubernetes-validate (PyPI) in its own venv; the venv's PyYAML and jsonschema also serve the
# other checks (YAML to JSON, skaffold.yaml against its schema).
kubernetes_validate_install() {
  local log home=$KUBERNETES_VALIDATE_HOME
  # A venv records its own path, so it is built in place; the stamp marks it complete.
  [[ -f "$home/.installed" ]] && return 0
  command -v python3 >/dev/null 2>&1 || apt_install kubernetes-validate python3 "$PYTHON_VENV_APT_PACKAGE"
  log=$(install_log_of kubernetes-validate)
  mkdir -p "$KS_CACHE" "$KS_LOG_DIR"
  rm -rf "$home"
  if ! python3 -m venv "$home" >>"$log" 2>&1; then
    apt_install kubernetes-validate "$PYTHON_VENV_APT_PACKAGE"
    rm -rf "$home"
    python3 -m venv "$home" >>"$log" 2>&1 || die kubernetes-validate "python3 -m venv failed (see $(rel_path "$log"))"
  fi
  note kubernetes-validate "installing kubernetes-validate==$KUBERNETES_VALIDATE_VERSION from PyPI (first run on this machine only)"
  "$home/bin/pip" install --disable-pip-version-check --no-input --quiet \
    "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION" >>"$log" 2>&1 ||
    die kubernetes-validate "pip install kubernetes-validate==$KUBERNETES_VALIDATE_VERSION failed (see $(rel_path "$log"))"
  [[ -x "$KUBERNETES_VALIDATE_BIN" ]] || die kubernetes-validate "pip finished but $KUBERNETES_VALIDATE_BIN is missing"
  touch "$home/.installed"
}

skaffold_schemas_install() {
  local log tmp dir
  compgen -G "$SKAFFOLD_SCHEMAS_HOME/*.json" >/dev/null && return 0
  need_go skaffold-schemas "skaffold's schemas"
  log=$(install_log_of skaffold-schemas)
  mkdir -p "$KS_CACHE" "$KS_LOG_DIR"
  tmp=$(mktemp -d "$KS_CACHE/.build-skaffold-schemas.XXXXXX")
  CLEANUP_PATHS+=("$tmp")
  note skaffold-schemas "fetching $SKAFFOLD_MODULE@$SKAFFOLD_VERSION for its schemas (first run on this machine only)"
  (cd "$tmp" && GOFLAGS=-mod=mod go mod download -json "$SKAFFOLD_MODULE@$SKAFFOLD_VERSION") >"$tmp/module.json" 2>>"$log" ||
    die skaffold-schemas "go mod download $SKAFFOLD_MODULE@$SKAFFOLD_VERSION failed (see $(rel_path "$log"))"
  dir=$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p' "$tmp/module.json")
  [[ -d "$dir/docs-v2/content/en/schemas" ]] ||
    die skaffold-schemas "$SKAFFOLD_MODULE@$SKAFFOLD_VERSION has no docs-v2/content/en/schemas"
  mkdir -p "$tmp/schemas"
  cp "$dir"/docs-v2/content/en/schemas/*.json "$tmp/schemas/"
  rm -rf "$SKAFFOLD_SCHEMAS_HOME"
  mv "$tmp/schemas" "$SKAFFOLD_SCHEMAS_HOME"
}

# Installs every deployment tool that is missing, then prints where each one is.
cmd_install_deploy_tools() {
  helm_install
  kustomize_install
  kubernetes_validate_install
  skaffold_schemas_install
  printf 'helm: %s\nkustomize: %s\nkubernetes-validate: %s\nskaffold schemas: %s\n' \
    "$HELM_BIN" "$KUSTOMIZE_BIN" "$KUBERNETES_VALIDATE_BIN" "$SKAFFOLD_SCHEMAS_HOME"
}

# ---------------------------------------------------------------------------
# Commands
# ---------------------------------------------------------------------------

write_env() {
  local tmp=$ENV_FILE.tmp
  cat >"$tmp" <<EOF
# Kicksight local stack endpoints, written by scripts/stack.sh up.
KS_POSTGRES_URL=postgres://$PG_USER:$PG_PASSWORD@$HOST:$KS_PG_PORT
KS_REDIS_URL=redis://$HOST:$KS_REDIS_PORT
KS_KAFKA_BROKERS=$HOST:$KS_KAFKA_PORT
KS_KAFKA_FAULT_LISTENER=$HOST:$KS_KAFKA_FAULT_PORT
KS_KAFKA_FAULT_BROKER=$HOST:$KS_KAFKA_FAULT_PROXY_PORT
KS_MONGO_URL=mongodb://$HOST:$KS_MONGO_PORT
KS_STRIPE_URL=http://$HOST:$KS_STRIPE_PORT
KS_SMTP_HOST=$HOST
KS_SMTP_PORT=$KS_SMTP_PORT
KS_SMTP_API_URL=http://$HOST:$KS_SMTP_API_PORT/api
KS_SMTP_WEB_URL=http://$HOST:$KS_SMTP_API_PORT
KS_TOXIPROXY_URL=http://$HOST:$KS_TOXIPROXY_PORT
EOF
  mv -f "$tmp" "$ENV_FILE"
}

# components_from_args <arg...>: prints canonical names in start order.
components_from_args() {
  local a c want=()
  if (($# == 0)); then
    printf '%s\n' "${COMPONENTS[@]}"
    return 0
  fi
  for a in "$@"; do
    c=$(resolve_component "$a") || die stack "unknown component '$a' (known: ${COMPONENTS[*]})"
    want+=("$c")
  done
  for c in "${COMPONENTS[@]}"; do
    if [[ " ${want[*]} " == *" $c "* ]]; then
      echo "$c"
    fi
  done
}

print_status() {
  local c
  proc_table_header
  for c in "${COMPONENTS[@]}"; do
    proc_status_row "$c" "$(status_addr "$c")"
  done
}

TIMING_ROWS=()

# up_one <component>: start one component unless it already runs.
up_one() {
  local c=$1 t0 t1 t2 result
  t0=$(now_ms)
  t1=$t0
  if declare -F "${c}_adopt" >/dev/null; then
    "${c}_adopt"
  fi
  if proc_running "$c"; then
    AWAIT_STOP_ON_FAILURE=0
    "${c}_ready"
    result="already up"
  else
    proc_clear_stale "$c"
    # Ports first: no point building a tool that cannot listen anyway.
    check_ports "$c"
    "${c}_install"
    t1=$(now_ms)
    "${c}_start"
    AWAIT_STOP_ON_FAILURE=1
    "${c}_ready"
    component_addr "$c" >"$KS_RUN_DIR/$c.addr"
    result=started
  fi
  if declare -F "${c}_setup" >/dev/null; then
    "${c}_setup"
  fi
  t2=$(now_ms)
  TIMING_ROWS+=("$(printf '%-11s %-11s %9s %9s %9s' "$c" "$result" \
    "$(fmt_ms $((t1 - t0)))" "$(fmt_ms $((t2 - t1)))" "$(fmt_ms $((t2 - t0)))")")
  printf '%-11s %s (%s)\n' "$c" "$result" "$(fmt_ms $((t2 - t0)))" >&2
}

cmd_up() {
  local comps c t0 row
  mapfile -t comps < <(components_from_args "$@")
  ((${#comps[@]})) || exit 1
  check_ports_valid
  ensure_dirs
  take_lock
  command -v curl >/dev/null 2>&1 || apt_install stack curl
  t0=$(now_ms)
  for c in "${comps[@]}"; do
    up_one "$c"
  done
  write_env
  echo
  printf '%-11s %-11s %9s %9s %9s\n' COMPONENT RESULT INSTALL START TOTAL
  for row in "${TIMING_ROWS[@]}"; do
    printf '%s\n' "$row"
  done
  printf '%-11s %-11s %9s %9s %9s\n' total "" "" "" "$(fmt_ms $(($(now_ms) - t0)))"
  echo
  print_status
  echo
  echo "env: $(rel_path "$ENV_FILE")"
}

cmd_down() {
  local comps c i t0
  mapfile -t comps < <(components_from_args "$@")
  ((${#comps[@]})) || exit 1
  if [[ ! -d "$KS_RUN_DIR" ]]; then
    print_status
    return 0
  fi
  take_lock
  for ((i = ${#comps[@]} - 1; i >= 0; i--)); do
    c=${comps[i]}
    if proc_running "$c"; then
      t0=$(now_ms)
      "${c}_stop" || die "$c" "did not stop"
      rm -f "$KS_RUN_DIR/$c.addr"
      printf '%-11s stopped (%s)\n' "$c" "$(fmt_ms $(($(now_ms) - t0)))" >&2
    else
      proc_clear_stale "$c"
      printf '%-11s already down\n' "$c" >&2
    fi
  done
  print_status
}

cmd_logs() {
  local name log a follow=0
  (($# >= 1)) || die stack "usage: stack.sh logs <component> [-f]"
  name=$(resolve_component "$1") || name=$1
  shift
  for a in "$@"; do
    case $a in
      -f | --follow) follow=1 ;;
      *) die stack "logs: unknown option '$a'" ;;
    esac
  done
  log=$(log_of "$name")
  if [[ ! -f "$log" ]]; then
    resolve_component "$name" >/dev/null || die stack "unknown component '$name' (known: ${COMPONENTS[*]})"
    ((follow)) || die "$name" "no log yet ($(rel_path "$log"))"
  fi
  if ((follow)); then
    exec tail -n 100 -F "$log"
  fi
  tail -n 200 "$log"
}

cmd_env() {
  [[ -f "$ENV_FILE" ]] || die stack "$(rel_path "$ENV_FILE") does not exist yet; run scripts/stack.sh up"
  cat "$ENV_FILE"
}

cmd_install_browser() {
  local pkg=$CHROMIUM_APT_PACKAGE
  if [[ ! -x /usr/bin/chromium ]]; then
    ((IS_ROOT)) || die chromium "/usr/bin/chromium is missing and this is not root (run: sudo apt-get install -y $pkg)"
    mkdir -p "$KS_LOG_DIR"
    apt_install chromium "$pkg"
    [[ -x /usr/bin/chromium ]] || die chromium "apt-get install $pkg finished but /usr/bin/chromium is missing"
  fi
  echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
}

usage() {
  sed -n '/^# Usage:/,/^# *$/p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  echo "Components: ${COMPONENTS[*]}"
}

main() {
  local cmd=${1:-}
  shift || true
  case $cmd in
    up) cmd_up "$@" ;;
    down) cmd_down "$@" ;;
    status) print_status ;;
    logs) cmd_logs "$@" ;;
    env) cmd_env ;;
    install-browser) cmd_install_browser ;;
    install-deploy-tools) cmd_install_deploy_tools ;;
    -h | --help | help) usage ;;
    *)
      usage >&2
      exit 2
      ;;
  esac
}

main "$@"
