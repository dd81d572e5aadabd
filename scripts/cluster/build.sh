# shellcheck shell=bash
# Builds (once per version, cached in $KS_CACHE) what the one-node cluster runs that Debian does not ship:
# the five Kubernetes components and kubectl, CoreDNS, metrics-server and the pause program.
# Sourced by scripts/cluster.sh after lib/supervisor.sh.

KUBE_HOME=$KS_CACHE/kubernetes-$KUBERNETES_VERSION
KUBE_COMMANDS=(kube-apiserver kube-controller-manager kube-scheduler kubelet kube-proxy kubectl)
COREDNS_HOME=$KS_CACHE/coredns-$COREDNS_VERSION
METRICS_SERVER_HOME=$KS_CACHE/metrics-server-$METRICS_SERVER_VERSION

# kube_source_tree <dir>: the kubernetes module copied out of Go's module cache, made buildable on its own:
# the staging modules are not in the module zip, so their replaces point at the published versions.
kube_source_tree() {
  local dir=$1 log=$2 json src
  json=$(cd "$dir" && GOFLAGS=-buildvcs=false go mod download -json "k8s.io/kubernetes@$KUBERNETES_VERSION" 2>>"$log") ||
    die build "go mod download k8s.io/kubernetes@$KUBERNETES_VERSION failed (see $(rel_path "$log"))"
  src=$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' <<<"$json")
  [[ -d "$src" ]] || die build "no source directory for k8s.io/kubernetes@$KUBERNETES_VERSION"
  cp -r "$src" "$dir/src"
  chmod -R u+w "$dir/src"
  rm -rf "$dir/src/vendor" "$dir/src/go.work" "$dir/src/go.work.sum"
  sed -i -E "s#^([[:space:]]*k8s\.io/[a-z0-9-]+) => \./staging/src/k8s\.io/[a-z0-9-]+#\1 => \1 $KUBERNETES_STAGING_VERSION#" "$dir/src/go.mod"
}

build_kubernetes() {
  local log dir ldflags cmd
  [[ -x "$KUBE_HOME/bin/kubelet" && -x "$KUBE_HOME/bin/kubectl" ]] && return 0
  log=$(install_log_of kubernetes)
  mkdir -p "$KS_CACHE" "$KS_LOG_DIR"
  dir=$(mktemp -d "$KS_CACHE/.build-kubernetes.XXXXXX")
  note build "building Kubernetes $KUBERNETES_VERSION (first run on this machine only: 10-20 minutes; log in $(rel_path "$log"))"
  kube_source_tree "$dir" "$log"
  ldflags="-s -w -X k8s.io/component-base/version.gitVersion=$KUBERNETES_VERSION -X k8s.io/component-base/version.gitMajor=1"
  ldflags+=" -X k8s.io/component-base/version.gitMinor=$(cut -d. -f2 <<<"$KUBERNETES_VERSION")"
  ldflags+=" -X k8s.io/component-base/version.gitTreeState=clean"
  ldflags+=" -X k8s.io/client-go/pkg/version.gitVersion=$KUBERNETES_VERSION"
  mkdir -p "$dir/bin"
  for cmd in "${KUBE_COMMANDS[@]}"; do
    (cd "$dir/src" && GOFLAGS='-mod=mod -buildvcs=false' CGO_ENABLED=0 nice -n 10 go build -trimpath \
      -ldflags "$ldflags" -o "$dir/bin/$cmd" "./cmd/$cmd") >>"$log" 2>&1 ||
      die build "go build ./cmd/$cmd failed (see $(rel_path "$log"))"
  done
  gcc -Os -static -o "$dir/bin/pause" "$dir/src/build/pause/linux/pause.c" >>"$log" 2>&1 ||
    die build "building pause.c failed (see $(rel_path "$log"))"
  mkdir -p "$KUBE_HOME"
  rm -rf "$KUBE_HOME/bin"
  mv "$dir/bin" "$KUBE_HOME/bin"
  rm -rf "$dir"
}

# go_build_static <name> <module@version> <package> <home>: a static binary of one Go program into <home>/bin.
go_build_static() {
  local name=$1 module=$2 pkg=$3 home=$4 log dir json src
  [[ -x "$home/bin/$name" ]] && return 0
  log=$(install_log_of "$name")
  mkdir -p "$KS_CACHE" "$KS_LOG_DIR"
  dir=$(mktemp -d "$KS_CACHE/.build-$name.XXXXXX")
  note build "building $module (first run on this machine only)"
  json=$(cd "$dir" && GOFLAGS=-buildvcs=false go mod download -json "$module" 2>>"$log") ||
    die build "go mod download $module failed (see $(rel_path "$log"))"
  src=$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' <<<"$json")
  (cd "$src" && GOFLAGS='-mod=mod -buildvcs=false' CGO_ENABLED=0 nice -n 10 go build -trimpath -ldflags '-s -w' \
    -o "$dir/$name" "$pkg") >>"$log" 2>&1 || die build "go build $module $pkg failed (see $(rel_path "$log"))"
  mkdir -p "$home/bin"
  mv "$dir/$name" "$home/bin/$name"
  rm -rf "$dir"
}

build_cluster_tools() {
  need_go_for_cluster
  build_kubernetes
  go_build_static coredns "github.com/coredns/coredns@$COREDNS_VERSION" . "$COREDNS_HOME"
  go_build_static metrics-server "sigs.k8s.io/metrics-server@$METRICS_SERVER_VERSION" ./cmd/metrics-server "$METRICS_SERVER_HOME"
}

need_go_for_cluster() {
  command -v go >/dev/null 2>&1 || die build "the Go toolchain is needed once to build the cluster's components (install Go >= 1.24)"
}
