#!/usr/bin/env bash
# Kicksight local infrastructure: the servers the services need, run on this machine and bound to
# 127.0.0.1 only. What each server runs, when it is ready and where it logs is declared in
# scripts/processes.yaml (namespace stack) and run by a process supervisor (process-compose); this
# script installs what is missing and hands over to it.
#
#   postgres   PostgreSQL (Debian package), own cluster in .stack/data/postgres
#   redis      Redis (Debian package)
#   kafka      Apache Kafka, single KRaft node (jars from Maven Central)
#   mongo      FerretDB with its SQLite backend (MongoDB wire protocol)
#   stripe     stripe-mock (Stripe API mock)
#   smtp       MailDev (SMTP catcher with a REST API)
#   toxiproxy  Toxiproxy (fault-injection TCP proxy)
#   zipkin     Zipkin, the trace backend (its exec jar from Maven Central)
#   stockx     the StockX sandbox (services/stockx-sandbox: StockX's API v2 and accounts domain, from the data files)
#
# Usage:
#   scripts/stack.sh up [component...]     start (installing what is missing)
#   scripts/stack.sh down [component...]   stop
#   scripts/stack.sh install [component...] install what they need, start nothing (cached)
#   scripts/stack.sh status                table of every component
#   scripts/stack.sh logs <component> [-f] show (or follow) a component's log
#   scripts/stack.sh env                   print .stack/stack.env
#   scripts/stack.sh install-browser       make sure Debian's chromium is installed
#   scripts/stack.sh install-nginx         make sure Debian's nginx is installed (the verify benchmark's reference proxy); prints its path
#   scripts/stack.sh install-deploy-tools  helm, kustomize, the schema validators and promtool (cached)
#   scripts/stack.sh install-shfmt         the shell formatter of the static checks (cached); prints its path
#   scripts/stack.sh tool-paths            KEY=path of every installed tool (what scripts/images.sh packs into images)
#
# State lives in <repo>/.stack (data/, logs/, run/, stack.env). Tool builds and
# downloads are cached per version in ${KICKSIGHT_CACHE:-$HOME/.cache/kicksight}
# so only the first `up` on a machine compiles or downloads anything. Versions
# are pinned in scripts/versions.env; ports can be changed with the KS_*_PORT
# variables (defaults in scripts/ports.env).

set -euo pipefail
# runuser, useradd and friends live in the sbin directories, which a minimal PATH may leave out.
PATH=$PATH:/usr/local/sbin:/usr/sbin:/sbin

PROC_TAG=stack # prefix of messages printed by lib/supervisor.sh
# shellcheck source=lib/supervisor.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/supervisor.sh"

ENV_FILE=$KS_STACK_DIR/stack.env
HOST=127.0.0.1

# Start order of the tables; the supervisor starts them together.
COMPONENTS=(postgres redis kafka mongo stripe smtp toxiproxy zipkin stockx)

PG_USER=kicksight
PG_PASSWORD=kicksight

# shellcheck source=lib/install.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/install.sh"

# ---------------------------------------------------------------------------
# Installing
# ---------------------------------------------------------------------------

# make_build_dir <component>: sets BUILD_DIR to a scratch directory inside the cache, removed on exit.
make_build_dir() {
  mkdir -p "$KS_CACHE" "$KS_LOG_DIR"
  BUILD_DIR=$(mktemp -d "$KS_CACHE/.build-$1.XXXXXX")
  CLEANUP_PATHS+=("$BUILD_DIR")
}

# Tools whose speed does not matter to anything measured (the supervisor, stripe-mock, toxiproxy) are built without the
# compiler's optimisations: they are on a new machine's first `up`, and compile in about 60% of the time (the
# supervisor: 30 s instead of 48 s). FerretDB, which every test's queries go through, is built optimised.
QUICK_BUILD_GCFLAGS='all=-N -l'

need_go() {
  command -v go >/dev/null 2>&1 ||
    die "$1" "the Go toolchain is needed once to build $2 but 'go' is not on PATH (install Go >= 1.24)"
}

# go_install_tool <component> <tool-dir> <binary> <built-name> <ldflags> <package@version> [gcflags]
# `go install` into a scratch directory inside the cache, then move the binary
# into <tool-dir>/bin: the tool only counts as installed once that binary exists.
go_install_tool() {
  local comp=$1 dir=$2 bin=$3 built=$4 ldflags=$5 pkg=$6 gcflags=${7:-} log tmp
  log=$(install_log_of "$comp")
  need_go "$comp" "$pkg"
  make_build_dir "$comp"
  tmp=$BUILD_DIR
  note "$comp" "building $pkg (first run on this machine only)"
  (cd "$tmp" && CGO_ENABLED=0 GOFLAGS=-buildvcs=false GOBIN="$tmp/bin" go install -gcflags="$gcflags" -ldflags="$ldflags" "$pkg") >>"$log" 2>&1 ||
    die "$comp" "go install $pkg failed (see $(rel_path "$log"))"
  [[ -x "$tmp/bin/$built" ]] || die "$comp" "go install $pkg produced no $built binary (see $(rel_path "$log"))"
  mkdir -p "$dir/bin"
  mv -f "$tmp/bin/$built" "$dir/bin/$bin"
}

# downloaded_dir: the source directory in the answer of `go mod download -json` read on stdin.
downloaded_dir() {
  sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p'
}

# go_prefetch <module@version> <package>: downloads the module and every module its package is built from into Go's
# module cache, compiling nothing. Builds wait mostly on the CPU, downloads on the network: on a new machine the
# chain of builds fetches the next build's modules while the current one compiles (FerretDB's take about 30 s).
# Best effort: a build whose prefetch failed downloads what it lacks itself, and reports the failure.
go_prefetch() {
  local module=$1 pkg=$2 src
  src=$(GOFLAGS=-buildvcs=false go mod download -json "$module" 2>/dev/null | downloaded_dir)
  [[ -n "$src" && -d "$src" ]] || return 0
  # -mod=mod: `go install pkg@version` ignores a module's vendor directory, so its modules come from the cache too.
  (cd "$src" && CGO_ENABLED=0 GOFLAGS='-buildvcs=false -mod=mod' go list -deps "$pkg" >/dev/null 2>&1) || true
}

# go_module_source <component> <module@version> <tmp-dir>: downloads a module through the Go module proxy
# (into Go's module cache) and prints its source directory. `go install` is not possible for modules whose
# deprecation check needs a version list the proxy refuses, so those are built from this source.
go_module_source() {
  local comp=$1 module=$2 tmp=$3 log src
  log=$(install_log_of "$comp")
  (cd "$tmp" && GOFLAGS=-buildvcs=false go mod download -json "$module") >"$tmp/download.json" 2>>"$log" || {
    cat "$tmp/download.json" >>"$log"
    die "$comp" "go mod download $module failed (see $(rel_path "$log"))"
  }
  src=$(downloaded_dir <"$tmp/download.json")
  [[ -n "$src" && -d "$src" ]] || die "$comp" "go mod download gave no source directory for $module (see $(rel_path "$log"))"
  printf '%s\n' "$src"
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
    zipkin | traces) echo zipkin ;;
    stockx | stockx-sandbox) echo stockx ;;
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
    zipkin) echo KS_ZIPKIN_PORT ;;
    stockx) echo KS_STOCKX_PORT ;;
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
    zipkin) echo "http://$HOST:$KS_ZIPKIN_PORT (traces)" ;;
    stockx) echo "http://$HOST:$KS_STOCKX_PORT" ;;
  esac
}

# ---------------------------------------------------------------------------
# postgres (run by scripts/servers/postgres.sh)
# ---------------------------------------------------------------------------

# pg_find_bin: sets PG_BIN to a directory with initdb, postgres and pg_isready,
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
    if [[ -n "$d" && -x "$d/initdb" && -x "$d/postgres" && -x "$d/pg_isready" ]]; then
      PG_BIN=$d
      return 0
    fi
  done
  return 1
}

postgres_install() {
  pg_find_bin && return 0
  apt_install postgres "postgresql-$POSTGRES_MAJOR"
  pg_find_bin || die postgres "PostgreSQL binaries still missing after apt-get install postgresql-$POSTGRES_MAJOR"
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

# ---------------------------------------------------------------------------
# kafka (run by scripts/servers/kafka.sh)
# ---------------------------------------------------------------------------

KAFKA_HOME=$KS_CACHE/kafka-$KAFKA_VERSION
KAFKA_LIB=$KAFKA_HOME/lib
KAFKA_JAR=$KAFKA_LIB/kafka_$KAFKA_SCALA_VERSION-$KAFKA_VERSION.jar
KAFKA_TOOLS_JAR=$KAFKA_LIB/kafka-tools-$KAFKA_VERSION.jar
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

# `go install` of FerretDB is not possible here (see go_module_source) and a plain
# build panics at start without build/version/version.txt, so the module source
# is copied, patched and built by hand.
mongo_install() {
  local log tmp src
  [[ -x "$FERRETDB_BIN" ]] && return 0
  log=$(install_log_of mongo)
  need_go mongo "FerretDB $FERRETDB_VERSION"
  make_build_dir mongo
  tmp=$BUILD_DIR
  note mongo "building FerretDB $FERRETDB_VERSION (first run on this machine only, about a minute)"
  src=$(go_module_source mongo "$FERRETDB_MODULE@$FERRETDB_VERSION" "$tmp")
  cp -R "$src" "$tmp/src"
  chmod -R u+w "$tmp/src"
  printf '%s\n' "$FERRETDB_VERSION" >"$tmp/src/build/version/version.txt"
  grep -qF "$FERRETDB_ID_LOOKUP_FROM" "$tmp/src/$FERRETDB_ID_LOOKUP_FILE" ||
    die mongo "FerretDB $FERRETDB_VERSION: the _id lookup to fix is not in $FERRETDB_ID_LOOKUP_FILE"
  FROM=$FERRETDB_ID_LOOKUP_FROM TO=$FERRETDB_ID_LOOKUP_TO perl -0pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/' "$tmp/src/$FERRETDB_ID_LOOKUP_FILE"
  (cd "$tmp/src" && CGO_ENABLED=0 GOFLAGS=-buildvcs=false go build -o "$tmp/ferretdb" ./cmd/ferretdb) >>"$log" 2>&1 ||
    die mongo "go build of FerretDB $FERRETDB_VERSION failed (see $(rel_path "$log"))"
  mkdir -p "$FERRETDB_HOME/bin"
  mv -f "$tmp/ferretdb" "$FERRETDB_BIN"
}

# ---------------------------------------------------------------------------
# stripe (stripe-mock)
# ---------------------------------------------------------------------------

STRIPE_HOME=$KS_CACHE/stripe-mock-$STRIPE_MOCK_VERSION
STRIPE_BIN=$STRIPE_HOME/bin/stripe-mock

stripe_install() {
  [[ -x "$STRIPE_BIN" ]] && return 0
  go_install_tool stripe "$STRIPE_HOME" stripe-mock stripe-mock \
    "-X main.version=$STRIPE_MOCK_VERSION" "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION" "$QUICK_BUILD_GCFLAGS"
}

# ---------------------------------------------------------------------------
# smtp (MailDev)
# ---------------------------------------------------------------------------

MAILDEV_HOME=$KS_CACHE/maildev-$MAILDEV_VERSION
MAILDEV_BIN=$MAILDEV_HOME/node_modules/.bin/maildev
# scripts/tools/maildev pins MailDev and its tree; its override keeps mailparser on 3.9.31, a release whose own
# dependencies are all published (maildev asks for ^3.9.14).
MAILDEV_PACKAGE_DIR=$KS_ROOT/scripts/tools/maildev

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
  make_build_dir smtp
  tmp=$BUILD_DIR
  note smtp "installing maildev@$MAILDEV_VERSION from npm (first run on this machine only)"
  # MailDev and everything it depends on are pinned by scripts/tools/maildev's lockfile, so `npm ci` installs the
  # same tree on every machine, without resolving versions first.
  grep -qF "\"maildev\": \"$MAILDEV_VERSION\"" "$MAILDEV_PACKAGE_DIR/package.json" ||
    die smtp "scripts/tools/maildev/package.json does not pin maildev $MAILDEV_VERSION (scripts/versions.env)"
  cp "$MAILDEV_PACKAGE_DIR/package.json" "$MAILDEV_PACKAGE_DIR/package-lock.json" "$tmp/"
  (cd "$tmp" && npm ci --no-audit --no-fund --no-update-notifier --loglevel=warn) >>"$log" 2>&1 ||
    die smtp "npm failed to install maildev@$MAILDEV_VERSION (see $(rel_path "$log"))"
  [[ -x "$tmp/node_modules/.bin/maildev" ]] ||
    die smtp "npm finished but node_modules/.bin/maildev is missing (see $(rel_path "$log"))"
  # The directory counts as installed once it exists with the binary in it.
  chmod 755 "$tmp"
  rm -rf "$MAILDEV_HOME"
  mv "$tmp" "$MAILDEV_HOME"
}

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
    "github.com/Shopify/toxiproxy/v2/cmd/server@$TOXIPROXY_VERSION" "$QUICK_BUILD_GCFLAGS"
}

# ---------------------------------------------------------------------------
# zipkin (a download: one jar, no build)
# ---------------------------------------------------------------------------

ZIPKIN_HOME=$KS_CACHE/zipkin-$ZIPKIN_VERSION
ZIPKIN_JAR=$ZIPKIN_HOME/zipkin-server-exec.jar

zipkin_install() {
  local tmp log url
  [[ -f "$ZIPKIN_JAR" ]] && return 0
  kafka_need_java
  log=$(install_log_of zipkin)
  make_build_dir zipkin
  tmp=$BUILD_DIR
  url=https://repo1.maven.org/maven2/io/zipkin/zipkin-server/$ZIPKIN_VERSION/zipkin-server-$ZIPKIN_VERSION-exec.jar
  note zipkin "downloading zipkin-server $ZIPKIN_VERSION from Maven Central (first run on this machine only)"
  curl -fsSL --retry 3 -o "$tmp/zipkin-server-exec.jar" "$url" >>"$log" 2>&1 || die zipkin "could not download $url (see $(rel_path "$log"))"
  echo "$ZIPKIN_SHA256  $tmp/zipkin-server-exec.jar" | sha256sum -c --quiet - >>"$log" 2>&1 ||
    die zipkin "zipkin-server-$ZIPKIN_VERSION-exec.jar does not match ZIPKIN_SHA256 of scripts/versions.env"
  chmod 755 "$tmp"
  rm -rf "$ZIPKIN_HOME"
  mv "$tmp" "$ZIPKIN_HOME"
}

# ---------------------------------------------------------------------------
# The supervisor and the shell formatter
# ---------------------------------------------------------------------------

# The StockX sandbox is a workspace of this repository: nothing to install.
stockx_install() {
  :
}

process_compose_install() {
  local tmp src log
  [[ -x "$PROCESS_COMPOSE_BIN" ]] && return 0
  need_go supervisor "process-compose $PROCESS_COMPOSE_VERSION"
  log=$(install_log_of supervisor)
  make_build_dir supervisor
  tmp=$BUILD_DIR
  note supervisor "building process-compose $PROCESS_COMPOSE_VERSION (first run on this machine only)"
  src=$(go_module_source supervisor "github.com/f1bonacc1/process-compose@$PROCESS_COMPOSE_VERSION" "$tmp")
  (cd "$src" && CGO_ENABLED=0 GOFLAGS=-buildvcs=false go build -gcflags="$QUICK_BUILD_GCFLAGS" -o "$tmp/process-compose" \
    -ldflags="-s -w -X github.com/f1bonacc1/process-compose/src/config.Version=$PROCESS_COMPOSE_VERSION" .) >>"$log" 2>&1 ||
    die supervisor "go build of process-compose $PROCESS_COMPOSE_VERSION failed (see $(rel_path "$log"))"
  mkdir -p "$PROCESS_COMPOSE_HOME/bin"
  mv -f "$tmp/process-compose" "$PROCESS_COMPOSE_BIN"
}

SHFMT_HOME=$KS_CACHE/shfmt-$SHFMT_VERSION
SHFMT_BIN=$SHFMT_HOME/bin/shfmt

shfmt_install() {
  [[ -x "$SHFMT_BIN" ]] && return 0
  go_install_tool shfmt "$SHFMT_HOME" shfmt shfmt "-X main.version=$SHFMT_VERSION" "mvdan.cc/sh/v3/cmd/shfmt@$SHFMT_VERSION"
}

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
PROMTOOL_HOME=$KS_CACHE/promtool-$PROMETHEUS_VERSION
PROMTOOL_BIN=$PROMTOOL_HOME/bin/promtool

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
  local tmp dir
  compgen -G "$SKAFFOLD_SCHEMAS_HOME/*.json" >/dev/null && return 0
  need_go skaffold-schemas "skaffold's schemas"
  make_build_dir skaffold-schemas
  tmp=$BUILD_DIR
  note skaffold-schemas "fetching $SKAFFOLD_MODULE@$SKAFFOLD_VERSION for its schemas (first run on this machine only)"
  dir=$(go_module_source skaffold-schemas "$SKAFFOLD_MODULE@$SKAFFOLD_VERSION" "$tmp")
  [[ -d "$dir/docs-v2/content/en/schemas" ]] ||
    die skaffold-schemas "$SKAFFOLD_MODULE@$SKAFFOLD_VERSION has no docs-v2/content/en/schemas"
  mkdir -p "$tmp/schemas"
  cp "$dir"/docs-v2/content/en/schemas/*.json "$tmp/schemas/"
  rm -rf "$SKAFFOLD_SCHEMAS_HOME"
  mv "$tmp/schemas" "$SKAFFOLD_SCHEMAS_HOME"
}

# promtool (Prometheus' rule checker), built from the prometheus Go module.
promtool_install() {
  [[ -x "$PROMTOOL_BIN" ]] && return 0
  go_install_tool promtool "$PROMTOOL_HOME" promtool promtool "" \
    "github.com/prometheus/prometheus/cmd/promtool@$PROMETHEUS_VERSION"
}

# Installs every deployment tool that is missing, then prints where each one is.
cmd_install_deploy_tools() {
  helm_install
  kustomize_install
  kubernetes_validate_install
  skaffold_schemas_install
  promtool_install
  printf 'helm: %s\nkustomize: %s\nkubernetes-validate: %s\nskaffold schemas: %s\npromtool: %s\n' \
    "$HELM_BIN" "$KUSTOMIZE_BIN" "$KUBERNETES_VALIDATE_BIN" "$SKAFFOLD_SCHEMAS_HOME" "$PROMTOOL_BIN"
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
KS_STOCKX_URL=http://$HOST:$KS_STOCKX_PORT
KS_ZIPKIN_URL=http://$HOST:$KS_ZIPKIN_PORT
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

# export_tool_paths: where the supervisor's commands find each tool (scripts/processes.yaml).
export_tool_paths() {
  PG_BIN=/usr/lib/postgresql/$POSTGRES_MAJOR/bin
  pg_find_bin || true
  export PG_BIN KAFKA_LIB FERRETDB_BIN STRIPE_BIN MAILDEV_BIN TOXIPROXY_BIN ZIPKIN_JAR
}

print_status() {
  local c rows=()
  for c in "${COMPONENTS[@]}"; do
    rows+=("$c=$(component_addr "$c")")
  done
  status_header
  status_rows stack "${rows[@]}"
}

# States of the components before this run: name status.
component_states() {
  if supervisor_running stack; then
    supervisor_states stack
  fi
}

TIMING_ROWS=()
declare -A INSTALL_MS=() RESULT=()

# Called by supervisor_wait as each component becomes ready.
on_ready() {
  local c=$1 start_ms=$2
  TIMING_ROWS+=("$(printf '%-11s %-11s %9s %9s %9s' "$c" "${RESULT[$c]}" \
    "$(fmt_ms "${INSTALL_MS[$c]}")" "$(fmt_ms "$start_ms")" "$(fmt_ms $((INSTALL_MS[$c] + start_ms)))")")
  printf '%-11s %s (%s)\n' "$c" "${RESULT[$c]}" "$(fmt_ms $((INSTALL_MS[$c] + start_ms)))" >&2
}

# What Go compiles (the supervisor, FerretDB, stripe-mock, toxiproxy): on a new machine these builds take most of the
# first `up`, so they run one after another in a background job while the rest installs in the foreground (Debian
# packages, Kafka's and Zipkin's jars, MailDev from npm), which mostly waits on downloads. One build at a time: each
# already uses both cores, and several at once beside npm's install of the workspaces starve it (measured: npm's
# install took 4 minutes instead of 24 s). Their modules are fetched at once, side by side (prefetch_go_modules).
GO_BUILT=(mongo stripe toxiproxy)

# prefetch_go_modules <component...>: in the background, the modules of each Go build still to do (the supervisor's
# own build starts at once and fetches its modules itself).
prefetch_go_modules() {
  local c
  command -v go >/dev/null 2>&1 || return 0
  for c in "$@"; do
    case $c in
      mongo) [[ -x "$FERRETDB_BIN" ]] || go_prefetch "$FERRETDB_MODULE@$FERRETDB_VERSION" ./cmd/ferretdb & ;;
      stripe) [[ -x "$STRIPE_BIN" ]] || go_prefetch "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION" . & ;;
      toxiproxy) [[ -x "$TOXIPROXY_BIN" ]] || go_prefetch "github.com/Shopify/toxiproxy/v2@$TOXIPROXY_VERSION" ./cmd/server & ;;
    esac
  done
}

# install_components <component...>: installs each (nothing once cached), filling INSTALL_MS.
install_components() {
  local c t1 go_pid go_times
  go_times=$(mktemp)
  CLEANUP_PATHS+=("$go_times")
  (
    trap cleanup EXIT
    CLEANUP_PATHS=()
    prefetch_go_modules "$@"
    process_compose_install
    for c in "$@"; do
      [[ " ${GO_BUILT[*]} " == *" $c "* ]] || continue
      t1=$(now_ms)
      "${c}_install"
      printf '%s %s\n' "$c" $(($(now_ms) - t1)) >>"$go_times"
    done
    wait
  ) &
  go_pid=$!
  for c in "$@"; do
    [[ " ${GO_BUILT[*]} " == *" $c "* ]] && continue
    t1=$(now_ms)
    "${c}_install"
    INSTALL_MS[$c]=$(($(now_ms) - t1))
  done
  wait "$go_pid" || die stack "a Go build failed (see the messages above and .stack/logs/*-install.log)"
  while read -r c t1; do
    INSTALL_MS[$c]=$t1
  done <"$go_times"
}

# install [component...]: installs what the servers need (Debian packages, Kafka's jars, MailDev, the Go builds of
# the supervisor, FerretDB, stripe-mock and toxiproxy) without starting anything; nothing once cached.
# `bin/kicksight up` runs it beside npm's install of the workspaces, so a new machine's downloads and builds overlap.
cmd_install() {
  local comps c t0 rows=()
  mapfile -t comps < <(components_from_args "$@")
  ((${#comps[@]})) || exit 1
  take_lock stack
  command -v curl >/dev/null 2>&1 || apt_install stack curl
  t0=$(now_ms)
  install_components "${comps[@]}"
  for c in "${comps[@]}"; do
    ((INSTALL_MS[$c] >= 1000)) && rows+=("$c $(fmt_ms "${INSTALL_MS[$c]}")")
  done
  ((${#rows[@]} == 0)) || note stack "installed in $(fmt_ms $(($(now_ms) - t0))): ${rows[*]}"
}

cmd_up() {
  local comps c t0 t1 row states to_start=()
  mapfile -t comps < <(components_from_args "$@")
  ((${#comps[@]})) || exit 1
  load_ports
  take_lock stack
  command -v curl >/dev/null 2>&1 || apt_install stack curl
  t0=$(now_ms)
  install_components "${comps[@]}"
  export_tool_paths
  states=$(component_states)
  for c in "${comps[@]}"; do
    if [[ "$(awk -v n="$c" '$1 == n { print $2 }' <<<"$states")" == Running ]]; then
      RESULT[$c]="already up"
    else
      # Ports first: a server that cannot listen would only fail later.
      # shellcheck disable=SC2046
      check_ports_free "$c" $(component_port_vars "$c")
      RESULT[$c]=started
      to_start+=("$c")
    fi
  done
  if ! supervisor_running stack; then
    # The whole namespace, or only the components asked for.
    if ((${#comps[@]} == ${#COMPONENTS[@]})); then
      supervisor_start stack
    else
      supervisor_start stack "${comps[@]}"
    fi
  elif ((${#to_start[@]})); then
    supervisor_start_missing stack "${to_start[@]}"
  fi
  supervisor_wait stack 600 "${comps[@]}"
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
  local comps c t0 states running=()
  mapfile -t comps < <(components_from_args "$@")
  ((${#comps[@]})) || exit 1
  load_ports
  take_lock stack
  states=$(component_states)
  for c in "${comps[@]}"; do
    if [[ "$(awk -v n="$c" '$1 == n { print $2 }' <<<"$states")" == Running ]]; then
      running+=("$c")
    else
      printf '%-11s already down\n' "$c" >&2
    fi
  done
  t0=$(now_ms)
  if (($# == 0)); then
    supervisor_down stack
  elif ((${#running[@]})); then
    supervisor_stop stack "${running[@]}"
  fi
  for c in "${running[@]}"; do
    printf '%-11s stopped (%s)\n' "$c" "$(fmt_ms $(($(now_ms) - t0)))" >&2
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

# The verify benchmark runs nginx from a config file of its own, beside the BFF, as a plain reverse proxy to compare with.
cmd_install_nginx() {
  if [[ ! -x /usr/sbin/nginx ]]; then
    ((IS_ROOT)) || die nginx "/usr/sbin/nginx is missing and this is not root (run: sudo apt-get install -y $NGINX_APT_PACKAGE)"
    mkdir -p "$KS_LOG_DIR"
    apt_install nginx "$NGINX_APT_PACKAGE"
    [[ -x /usr/sbin/nginx ]] || die nginx "apt-get install $NGINX_APT_PACKAGE finished but /usr/sbin/nginx is missing"
  fi
  echo /usr/sbin/nginx
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
    status)
      load_ports
      print_status
      ;;
    install) cmd_install "$@" ;;
    logs) cmd_logs "$@" ;;
    env) cmd_env ;;
    install-browser) cmd_install_browser ;;
    install-nginx) cmd_install_nginx ;;
    install-deploy-tools) cmd_install_deploy_tools ;;
    tool-paths)
      export_tool_paths
      printf 'PG_BIN=%s\nKAFKA_LIB=%s\nFERRETDB_BIN=%s\nSTRIPE_BIN=%s\nMAILDEV_BIN=%s\nTOXIPROXY_BIN=%s\nZIPKIN_JAR=%s\n' \
        "$PG_BIN" "$KAFKA_LIB" "$FERRETDB_BIN" "$STRIPE_BIN" "$MAILDEV_BIN" "$TOXIPROXY_BIN" "$ZIPKIN_JAR"
      ;;
    install-shfmt)
      shfmt_install
      echo "$SHFMT_BIN"
      ;;
    -h | --help | help) usage ;;
    *)
      usage >&2
      exit 2
      ;;
  esac
}

main "$@"
