#!/usr/bin/env bash
# Kicksight's container images, built and run on this machine with nothing pulled from an image registry:
# Debian's docker.io on the project's own socket and data root, a Debian base made with debootstrap, a Node base
# from the npm registry's node binary (tagged as the root Dockerfile's FROM), the product images built with that
# Dockerfile as it ships, and the servers' images built from Debian's packages and the tools the local stack builds.
#
# Usage:
#   scripts/images.sh engine up|down|status   dockerd under .stack/engine (installed from Debian when missing);
#                                             `up` and `status` print the DOCKER_HOST to use
#   scripts/images.sh bases                   the Debian and Node bases (skipped when built from the same inputs)
#   scripts/images.sh build [name...]         the product images (default: every one), tagged as the chart expects
#   scripts/images.sh stores [name...]        the servers' images (default: every one), tagged as
#                                             packages/testkit/src/images.ts names them
#   scripts/images.sh tags                    name=tag of every image built here
#   scripts/images.sh run                     the product images in containers on the local stack, in place of the plain
#                                             processes of scripts/apps.sh (whose settings they take), ready
#   scripts/images.sh stop                    removes those containers (their logs kept in .stack/logs/container-*)
#   scripts/images.sh sizes                   the size of every image
#
# The engine keeps its images in .stack/engine/data between runs (a cache); `engine down` stops every process
# it started. Versions are pinned in scripts/versions.env.

set -euo pipefail
PATH=$PATH:/usr/local/sbin:/usr/sbin:/sbin
PROC_TAG=images
# shellcheck source=lib/supervisor.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/supervisor.sh"

ENGINE_DIR=$KS_STACK_DIR/engine
ENGINE_SOCKET=$ENGINE_DIR/docker.sock
ENGINE_PIDFILE=$ENGINE_DIR/dockerd.pid
ENGINE_LOG=$KS_LOG_DIR/engine.log
export DOCKER_HOST=unix://$ENGINE_SOCKET
# Debian's client, of the engine's own version: a newer client elsewhere on PATH may lack the builder plugin.
DOCKER=/usr/bin/docker
IMAGE_FILES=$KS_ROOT/scripts/images
# shellcheck source=lib/install.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/install.sh"

docker() { "$DOCKER" "$@"; }

# ---------------------------------------------------------------------------
# The engine
# ---------------------------------------------------------------------------

engine_pid() { running_pid "$ENGINE_PIDFILE"; }

engine_answers() { docker version >/dev/null 2>&1; }

engine_up() {
  local pid deadline
  [[ -x /usr/sbin/dockerd && -x "$DOCKER" ]] || apt_install engine "$DOCKER_APT_PACKAGE"
  if ! engine_pid >/dev/null || ! engine_answers; then
    mkdir -p "$ENGINE_DIR/data" "$ENGINE_DIR/exec" "$KS_LOG_DIR"
    rm -f "$ENGINE_SOCKET"
    # No iptables rules and no bridge: containers share the host's network, nothing of the host's own engine
    # (/var/run/docker.sock, /var/lib/docker) is touched. The engine and all it runs (builds included) yield the CPU
    # to the machine's other work (nice 10).
    setsid nohup nice -n 10 dockerd --iptables=false --ip-masq=false --bridge=none --userland-proxy=false \
      --exec-opt native.cgroupdriver=cgroupfs --storage-driver=overlay2 \
      --data-root "$ENGINE_DIR/data" --exec-root "$ENGINE_DIR/exec" --pidfile "$ENGINE_PIDFILE" \
      -H "$DOCKER_HOST" >>"$ENGINE_LOG" 2>&1 </dev/null &
    deadline=$((SECONDS + 60))
    until engine_answers; do
      ((SECONDS < deadline)) || die engine "dockerd did not answer on $ENGINE_SOCKET within 60 s (see $(rel_path "$ENGINE_LOG"))"
      sleep "$POLL_INTERVAL"
    done
    pid=$(engine_pid) || die engine "dockerd answers but wrote no pid file"
    note engine "dockerd $(docker version -f '{{.Server.Version}}') up (pid $pid)"
  fi
  echo "DOCKER_HOST=$DOCKER_HOST"
}

engine_down() {
  local pid ids
  pid=$(engine_pid) || {
    note engine "already down"
    return 0
  }
  if engine_answers; then
    ids=$(docker ps -aq)
    # shellcheck disable=SC2086
    [[ -z "$ids" ]] || docker rm -f $ids >/dev/null
  fi
  # dockerd stops the containerd it started, and containerd its shims.
  stop_pid "$pid" 30 || die engine "dockerd (pid $pid) still runs 30 s after SIGTERM"
  # Mounts dockerd made for itself (its network namespace file) may outlive it.
  findmnt -rn -o TARGET | awk -v dir="$ENGINE_DIR/" 'index($0, dir) == 1' | sort -r | xargs -r umount
  rm -f "$ENGINE_PIDFILE" "$ENGINE_SOCKET"
  note engine "stopped"
}

engine_status() {
  local pid
  if pid=$(engine_pid) && engine_answers; then
    note engine "up (pid $pid), $(du -sh "$ENGINE_DIR/data" 2>/dev/null | cut -f1) in $(rel_path "$ENGINE_DIR/data")"
    echo "DOCKER_HOST=$DOCKER_HOST"
  else
    note engine "down"
    return 1
  fi
}

# ---------------------------------------------------------------------------
# Bases
# ---------------------------------------------------------------------------

NODE_VERSION=$(tr -d ' \n' <"$KS_ROOT/.nvmrc")
DEBIAN_BASE=kicksight/debian:$DEBIAN_SUITE
NODE_BASE=node:$NODE_VERSION-$DEBIAN_SUITE-slim
NODE_BIN=$KS_CACHE/node-$NODE_VERSION/node_modules/node/bin/node
NPM_TGZ=$KS_CACHE/npm-$NPM_VERSION/npm-$NPM_VERSION.tgz

# inputs_label <image>: the digest of the inputs an image was built from (empty when it does not exist).
inputs_label() { docker image inspect -f '{{index .Config.Labels "kicksight.inputs"}}' "$1" 2>/dev/null || true; }

# digest <text...>: a short SHA-256 of the arguments and of the files among them.
digest() {
  local a
  for a in "$@"; do
    if [[ -f "$a" ]]; then sha256sum <"$a"; else printf '%s\n' "$a"; fi
  done | sha256sum | cut -c1-16
}

# make_context <name>: sets CONTEXT to a scratch directory (removed on exit) under the engine's directory.
make_context() {
  mkdir -p "$ENGINE_DIR/tmp"
  CONTEXT=$(mktemp -d "$ENGINE_DIR/tmp/$1.XXXXXX")
  CLEANUP_PATHS+=("$CONTEXT")
}

# Debian's minimal base (debootstrap --variant=minbase), imported as an image with its sources list.
debian_base() {
  local inputs log=$KS_LOG_DIR/images-bases.log t0
  command -v debootstrap >/dev/null 2>&1 || apt_install bases debootstrap
  inputs=$(digest "$DEBIAN_SUITE" "$DEBIAN_MIRROR" minbase)
  [[ "$(inputs_label "$DEBIAN_BASE")" == "$inputs" ]] && return 0
  t0=$(now_ms)
  make_context debian
  note bases "debootstrap --variant=minbase $DEBIAN_SUITE (see $(rel_path "$log"))"
  nice -n 10 debootstrap --variant=minbase "$DEBIAN_SUITE" "$CONTEXT/rootfs" "$DEBIAN_MIRROR" >>"$log" 2>&1 ||
    die bases "debootstrap failed (see $(rel_path "$log"))"
  rm -rf "$CONTEXT"/rootfs/var/cache/apt/archives/*.deb "$CONTEXT"/rootfs/var/lib/apt/lists/*
  tar -C "$CONTEXT/rootfs" -c . | docker import --change 'CMD ["bash"]' --change "LABEL kicksight.inputs=$inputs" - "$DEBIAN_BASE" >/dev/null
  note bases "$DEBIAN_BASE in $(fmt_ms $(($(now_ms) - t0)))"
}

# The Node base: the Debian base, the npm registry's node binary (the version of .nvmrc) and npm.
node_base() {
  local inputs log=$KS_LOG_DIR/images-bases.log t0
  [[ -x "$NODE_BIN" ]] || die bases "no Node $NODE_VERSION in $NODE_BIN (bin/kicksight installs it)"
  if [[ ! -f "$NPM_TGZ" ]]; then
    mkdir -p "$(dirname "$NPM_TGZ")"
    note bases "fetching npm@$NPM_VERSION from the npm registry (first run on this machine only)"
    npm pack --silent --pack-destination "$(dirname "$NPM_TGZ")" "npm@$NPM_VERSION" >>"$log" 2>&1 ||
      die bases "npm pack npm@$NPM_VERSION failed (see $(rel_path "$log"))"
  fi
  inputs=$(digest "$NODE_VERSION" "$NPM_VERSION" "$IMAGE_FILES/node.Dockerfile" "$(docker image inspect -f '{{.Id}}' "$DEBIAN_BASE")")
  [[ "$(inputs_label "$NODE_BASE")" == "$inputs" ]] && return 0
  t0=$(now_ms)
  make_context node
  cp "$NODE_BIN" "$CONTEXT/node"
  mkdir "$CONTEXT/npm"
  tar -xzf "$NPM_TGZ" -C "$CONTEXT/npm" --strip-components=1
  DOCKER_BUILDKIT=1 "$DOCKER" build --progress=plain --network host -f "$IMAGE_FILES/node.Dockerfile" \
    --build-arg DEBIAN_BASE="$DEBIAN_BASE" --label kicksight.inputs="$inputs" -t "$NODE_BASE" "$CONTEXT" >>"$log" 2>&1 ||
    die bases "building $NODE_BASE failed (see $(rel_path "$log"))"
  note bases "$NODE_BASE in $(fmt_ms $(($(now_ms) - t0)))"
}

cmd_bases() {
  need_engine
  debian_base
  node_base
}

# ---------------------------------------------------------------------------
# The product images
# ---------------------------------------------------------------------------

# Every product image and the ports it listens on (its public and internal port, as in skaffold.yaml); the web
# app is the Dockerfile's `web` target.
PRODUCT_IMAGES=(auth catalog collection billing prediction notifications bff web)
declare -A PRODUCT_PORTS=(
  [auth]="4001 4101" [catalog]="4002 4102" [collection]="4003 4103" [billing]="4004 4104"
  [prediction]="4005 4105" [notifications]="4006 4106" [bff]="8080 8180" [web]="5173 5273"
)
# The chart's image tag: its appVersion.
PRODUCT_TAG=$(sed -n 's/^appVersion: *"\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$KS_ROOT/helm/kicksight/Chart.yaml")

product_tag() { printf 'kicksight/%s:%s\n' "$1" "$PRODUCT_TAG"; }

workspace_of() {
  case $1 in
    bff) echo bff ;;
    web) echo web ;;
    *) echo "services/$1" ;;
  esac
}

# build_product <name>: one image with the root Dockerfile. The host's extra CA (a TLS proxy before the npm
# registry) reaches `npm ci` as a build secret, mounted only while it runs.
build_product() {
  local name=$1 log=$KS_LOG_DIR/images-build-$1.log args=() t0
  [[ -n "${PRODUCT_PORTS[$name]:-}" ]] || die build "unknown image '$name' (known: ${PRODUCT_IMAGES[*]})"
  if [[ $name == web ]]; then
    args+=(--target web)
  else
    args+=(--build-arg "WORKSPACE=$(workspace_of "$name")" --build-arg "PORTS=${PRODUCT_PORTS[$name]}")
  fi
  if [[ -n "${NODE_EXTRA_CA_CERTS:-}" && -f "$NODE_EXTRA_CA_CERTS" ]]; then
    args+=(--secret "id=npm_ca,src=$NODE_EXTRA_CA_CERTS")
  fi
  t0=$(now_ms)
  DOCKER_BUILDKIT=1 "$DOCKER" build --progress=plain --network host "${args[@]}" -t "$(product_tag "$name")" "$KS_ROOT" >"$log" 2>&1 ||
    die build "building $(product_tag "$name") failed (see $(rel_path "$log"))"
  note build "$(product_tag "$name") in $(fmt_ms $(($(now_ms) - t0)))"
}

cmd_build() {
  local name names=("$@")
  ((${#names[@]})) || names=("${PRODUCT_IMAGES[@]}")
  need_engine
  cmd_bases
  for name in "${names[@]}"; do
    build_product "$name"
  done
  prune_dangling
}

# Images left without a tag by a rebuild, and the builder's cache beyond a few GB.
prune_dangling() {
  docker image prune -f >/dev/null
  docker builder prune -f --keep-storage 4gb >/dev/null 2>&1 || true
}

# ---------------------------------------------------------------------------
# The servers' images
# ---------------------------------------------------------------------------

# The servers' images, at the versions of scripts/versions.env; packages/testkit/src/images.ts names the same tags
# (a unit test keeps them equal).
STORE_IMAGES=(postgres redis kafka ferretdb stripe-mock maildev toxiproxy)
store_tag() {
  case $1 in
    postgres) echo "kicksight/postgres:$POSTGRES_MAJOR" ;;
    redis) echo "kicksight/redis:$REDIS_VERSION" ;;
    kafka) echo "kicksight/kafka:$KAFKA_VERSION" ;;
    ferretdb) echo "kicksight/ferretdb:${FERRETDB_VERSION#v}" ;;
    stripe-mock) echo "kicksight/stripe-mock:${STRIPE_MOCK_VERSION#v}" ;;
    maildev) echo "kicksight/maildev:$MAILDEV_VERSION" ;;
    toxiproxy) echo "kicksight/toxiproxy:${TOXIPROXY_VERSION#v}" ;;
    *) die stores "unknown image '$1' (known: ${STORE_IMAGES[*]})" ;;
  esac
}

# The stack component whose tool an image packs (installed by scripts/stack.sh, cached).
store_component() {
  case $1 in
    ferretdb) echo mongo ;;
    stripe-mock) echo stripe ;;
    maildev) echo smtp ;;
    *) echo "$1" ;;
  esac
}

# store_context <name>: the build context of a server's image: its entry point and the tool the stack built.
store_context() {
  local name=$1
  make_context "$name"
  cp "$IMAGE_FILES/$name.Dockerfile" "$CONTEXT/Dockerfile"
  [[ ! -f "$IMAGE_FILES/$name-entrypoint.sh" ]] || cp "$IMAGE_FILES/$name-entrypoint.sh" "$CONTEXT/"
  case $name in
    kafka)
      cp -r "$KAFKA_LIB" "$CONTEXT/libs"
      cp "$KS_ROOT/scripts/servers/kafka-log4j.properties" "$CONTEXT/"
      ;;
    ferretdb) cp "$FERRETDB_BIN" "$CONTEXT/ferretdb" ;;
    stripe-mock) cp "$STRIPE_BIN" "$CONTEXT/stripe-mock" ;;
    toxiproxy) cp "$TOXIPROXY_BIN" "$CONTEXT/toxiproxy-server" ;;
    maildev) cp -r "$(dirname "$(dirname "$(dirname "$MAILDEV_BIN")")")" "$CONTEXT/maildev" ;;
  esac
}

build_store() {
  local name=$1 tag inputs log=$KS_LOG_DIR/images-store-$1.log t0
  tag=$(store_tag "$name")
  inputs=$(digest "$tag" "$(docker image inspect -f '{{.Id}}' "$DEBIAN_BASE" "$NODE_BASE" | tr '\n' ' ')" \
    "$IMAGE_FILES/$name.Dockerfile" "$IMAGE_FILES/$name-entrypoint.sh" "$KS_ROOT/scripts/servers/kafka-log4j.properties")
  [[ "$(inputs_label "$tag")" == "$inputs" ]] && return 0
  t0=$(now_ms)
  store_context "$name"
  DOCKER_BUILDKIT=1 "$DOCKER" build --progress=plain --network host --label kicksight.inputs="$inputs" \
    --build-arg DEBIAN_BASE="$DEBIAN_BASE" --build-arg NODE_BASE="$NODE_BASE" \
    --build-arg POSTGRES_MAJOR="$POSTGRES_MAJOR" --build-arg REDIS_APT_PACKAGE="$REDIS_APT_PACKAGE" \
    --build-arg JAVA_APT_PACKAGE="$JAVA_APT_PACKAGE" -t "$tag" "$CONTEXT" >"$log" 2>&1 ||
    die stores "building $tag failed (see $(rel_path "$log"))"
  note stores "$tag in $(fmt_ms $(($(now_ms) - t0)))"
}

cmd_stores() {
  local name names=("$@") components=() key value
  ((${#names[@]})) || names=("${STORE_IMAGES[@]}")
  need_engine
  cmd_bases
  for name in "${names[@]}"; do
    store_tag "$name" >/dev/null
    [[ $name == postgres || $name == redis ]] || components+=("$(store_component "$name")")
  done
  # The tools the stack builds (Kafka's jars, the Go builds, MailDev): installed once, cached.
  ((${#components[@]} == 0)) || "$KS_ROOT/scripts/stack.sh" install "${components[@]}"
  while IFS='=' read -r key value; do
    printf -v "$key" '%s' "$value"
  done < <("$KS_ROOT/scripts/stack.sh" tool-paths)
  for name in "${names[@]}"; do
    build_store "$name"
  done
  prune_dangling
}

cmd_tags() {
  local name
  for name in "${STORE_IMAGES[@]}"; do
    printf '%s=%s\n' "$name" "$(store_tag "$name")"
  done
  for name in "${PRODUCT_IMAGES[@]}"; do
    printf '%s=%s\n' "$name" "$(product_tag "$name")"
  done
}

# ---------------------------------------------------------------------------
# The product in containers, on the local stack
# ---------------------------------------------------------------------------

# A process's settings as scripts/apps.sh gives them (.stack/app.env, and auth's .stack/auth.env), as the engine
# reads an env file: Node's --env-file takes a value in single quotes, Docker's would keep the quotes.
docker_env_file() {
  local source=$KS_STACK_DIR/$1 target=$ENGINE_DIR/env/$1
  [[ -f "$source" ]] || die run "no $(rel_path "$source"); scripts/apps.sh up writes it"
  mkdir -p "$ENGINE_DIR/env"
  (umask 077 && sed "s/^\([A-Z0-9_]*\)='\(.*\)'$/\1=\2/" "$source" >"$target")
  printf '%s\n' "$target"
}

# run_product <name>: one product image as a container named kicksight-<name>: the host's network (the stack's
# ports, bound to 127.0.0.1), a read-only root filesystem with a small /tmp, no capabilities, the image's own user;
# started again up to 5 times when it fails.
run_product() {
  local name=$1 port internal args=()
  port=KS_${name^^}_PORT
  internal=KS_${name^^}_INTERNAL_PORT
  args+=(--env-file "$(docker_env_file app.env)")
  [[ $name != auth ]] || args+=(--env-file "$(docker_env_file auth.env)")
  args+=(-e "PORT=${!port}" -e "INTERNAL_PORT=${!internal}" -e HOST=127.0.0.1)
  case $name in
    auth | collection | billing | notifications) args+=(-e "DATABASE_URL=$KS_POSTGRES_URL/$name") ;;
    catalog)
      [[ -z "${MARKET_FEED_ENABLED:-}" ]] || args+=(-e "MARKET_FEED_ENABLED=$MARKET_FEED_ENABLED")
      [[ -z "${DATA_DIR:-}" ]] || args+=(-e "DATA_DIR=$DATA_DIR" -v "$DATA_DIR:$DATA_DIR:ro")
      ;;
    web) args+=(-e STATIC_DIR=/app/web/dist) ;;
  esac
  docker rm -f "kicksight-$name" >/dev/null 2>&1 || true
  # A process that fails to start (a store slow to answer on a busy machine) is started again, as a kubelet would.
  docker run -d --name "kicksight-$name" --label kicksight.app="$name" --network host --restart on-failure:5 \
    --read-only --tmpfs /tmp:rw,nosuid,nodev,size=64m --cap-drop ALL --security-opt no-new-privileges \
    "${args[@]}" "$(product_tag "$name")" >/dev/null
}

# Every product image in a container (the plain processes of scripts/apps.sh stopped first), ready within 3 minutes.
cmd_run() {
  local name deadline port pending
  need_engine
  load_ports
  [[ -f "$KS_STACK_DIR/stack.env" ]] || die run "the stack is not up (scripts/stack.sh up)"
  # shellcheck source=/dev/null
  source "$KS_STACK_DIR/stack.env"
  "$KS_ROOT/scripts/apps.sh" down
  for name in "${PRODUCT_IMAGES[@]}"; do
    run_product "$name"
  done
  deadline=$((SECONDS + 180))
  while :; do
    pending=()
    for name in "${PRODUCT_IMAGES[@]}"; do
      port=KS_${name^^}_PORT
      curl -fsS -o /dev/null --max-time 3 "http://127.0.0.1:${!port}/readyz" 2>/dev/null || pending+=("$name")
      [[ "$(docker inspect -f '{{.State.Status}}' "kicksight-$name")" =~ ^(running|restarting|created)$ ]] ||
        die run "kicksight-$name stopped: $(docker logs --tail 20 "kicksight-$name" 2>&1)"
    done
    ((${#pending[@]})) || break
    ((SECONDS < deadline)) || die run "not ready within 3 minutes: ${pending[*]}"
    sleep 1
  done
  note run "every image runs: ${PRODUCT_IMAGES[*]}"
}

# Removes the product's containers (their logs first, into .stack/logs/container-<name>.log).
cmd_stop() {
  local id name
  engine_answers || return 0
  for id in $(docker ps -aq --filter label=kicksight.app); do
    name=$(docker inspect -f '{{index .Config.Labels "kicksight.app"}}' "$id")
    docker logs "$id" >"$KS_LOG_DIR/container-$name.log" 2>&1 || true
    docker rm -f "$id" >/dev/null
  done
}

cmd_sizes() {
  need_engine
  docker image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' | sort
}

need_engine() { engine_answers || die engine "the engine is not running (scripts/images.sh engine up)"; }

main() {
  local cmd=${1:-}
  shift || true
  case $cmd in
    engine)
      case ${1:-} in
        up) engine_up ;;
        down) engine_down ;;
        status) engine_status ;;
        *) die engine "usage: scripts/images.sh engine up|down|status" ;;
      esac
      ;;
    bases) cmd_bases ;;
    build) cmd_build "$@" ;;
    stores) cmd_stores "$@" ;;
    tags) cmd_tags ;;
    run) cmd_run ;;
    stop) cmd_stop ;;
    sizes) cmd_sizes ;;
    -h | --help | help) sed -n '/^# Usage:/,/^# *$/p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' ;;
    *)
      sed -n '/^# Usage:/,/^# *$/p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
      exit 2
      ;;
  esac
}

main "$@"
