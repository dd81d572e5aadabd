#!/usr/bin/env bash
# A one-node Kubernetes on this machine, running the chart (helm/kicksight with values-local-cluster.yaml).
#
#   etcd, containerd, runc and the CNI plugins   Debian's packages
#   kube-apiserver, -controller-manager, -scheduler, kubelet, kube-proxy, kubectl
#                                                built once from the k8s.io/kubernetes module (scripts/cluster/build.sh)
#   CoreDNS (cluster DNS), metrics-server        built once from their Go modules, run as pods (scripts/cluster/addons.yaml)
#
# Everything runs in a network namespace of its own (pod and service addresses and kube-proxy's iptables rules
# never reach the host) and a private mount namespace (where the kernel settings the kubelet would change host-wide
# are files of its own). The product and store images come from scripts/images.sh's engine.
#
# Usage:
#   scripts/cluster.sh up        build what is missing, start the cluster, import the images, install the chart
#   scripts/cluster.sh down      stop every process, remove the namespaces and the cluster's state
#   scripts/cluster.sh status    the node and every pod
#   scripts/cluster.sh kubectl <args>   kubectl against the cluster (run inside its network namespace)
#   scripts/cluster.sh exec <command>   a command inside the cluster's network namespace (KUBECONFIG set)
#
# State lives in <repo>/.stack/cluster; builds are cached per version in ${KICKSIGHT_CACHE:-$HOME/.cache/kicksight}.

set -euo pipefail
PATH=$PATH:/usr/local/sbin:/usr/sbin:/sbin
PROC_TAG=cluster
# shellcheck source=lib/supervisor.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/supervisor.sh"
# shellcheck source=lib/install.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/install.sh"
# shellcheck source=cluster/build.sh
source "$KS_ROOT/scripts/cluster/build.sh"
# shellcheck source=cluster/images.sh
source "$KS_ROOT/scripts/cluster/images.sh"

CLUSTER_DIR=$KS_STACK_DIR/cluster
PKI=$CLUSTER_DIR/pki
PID_DIR=$CLUSTER_DIR/pids
KUBECONFIG_FILE=$CLUSTER_DIR/admin.kubeconfig
CONTAINERD_SOCKET=$CLUSTER_DIR/containerd/containerd.sock
# One namespace per checkout, so that two checkouts on one machine keep apart.
NETNS=ks-$(printf '%s' "$KS_ROOT" | sha256sum | cut -c1-8)
NODE_NAME=kicksight-node
NODE_IP=10.200.0.2
GATEWAY_IP=10.200.0.1
POD_CIDR=10.244.0.0/24
SERVICE_CIDR=10.96.0.0/16
KUBERNETES_SERVICE_IP=10.96.0.1
DNS_SERVICE_IP=10.96.0.10
APISERVER=https://127.0.0.1:6443
RELEASE=kicksight
APP_NAMESPACE=kicksight
HELM=$KS_CACHE/helm-$HELM_VERSION/bin/helm
KUBECTL=$KUBE_HOME/bin/kubectl
# The kernel settings the kubelet sets at start; in the cluster's mount namespace they are plain files.
KUBELET_SYSCTLS=(vm/overcommit_memory vm/panic_on_oom kernel/panic kernel/panic_on_oops kernel/keys/root_maxkeys kernel/keys/root_maxbytes)

log_file() { printf '%s/cluster-%s.log\n' "$KS_LOG_DIR" "$1"; }

holder_pid() { running_pid "$PID_DIR/holder.pid"; }

# in_cluster <command...>: runs a command in the cluster's network and mount namespaces.
in_cluster() {
  local holder
  holder=$(holder_pid) || die "" "the cluster is not running (scripts/cluster.sh up)"
  KUBECONFIG=$KUBECONFIG_FILE KS_KUBECTL=$KUBECTL nsenter -t "$holder" -m -n --wd="$PWD" -- "$@"
}

kubectl_in() { in_cluster "$KUBECTL" --kubeconfig "$KUBECONFIG_FILE" "$@"; }

# ---------------------------------------------------------------------------
# Certificates
# ---------------------------------------------------------------------------

# sign <name> <subject> [subjectAltName]: a key and a certificate signed by the cluster's CA.
sign() {
  local name=$1 subject=$2 san=${3:-} ext
  openssl genrsa -out "$PKI/$name.key" 2048 2>/dev/null
  openssl req -new -key "$PKI/$name.key" -subj "$subject" -out "$PKI/$name.csr" 2>/dev/null
  ext=$PKI/$name.ext
  {
    echo "basicConstraints=CA:FALSE"
    echo "keyUsage=critical,digitalSignature,keyEncipherment"
    echo "extendedKeyUsage=serverAuth,clientAuth"
    [[ -z "$san" ]] || echo "subjectAltName=$san"
  } >"$ext"
  openssl x509 -req -in "$PKI/$name.csr" -CA "$PKI/ca.crt" -CAkey "$PKI/ca.key" -CAcreateserial \
    -days 365 -sha256 -extfile "$ext" -out "$PKI/$name.crt" 2>/dev/null
  rm -f "$PKI/$name.csr" "$ext"
}

make_pki() {
  [[ -s "$PKI/admin.crt" ]] && return 0
  mkdir -p "$PKI"
  openssl genrsa -out "$PKI/ca.key" 2048 2>/dev/null
  openssl req -x509 -new -key "$PKI/ca.key" -subj "/CN=kicksight-cluster-ca" -days 365 -sha256 -out "$PKI/ca.crt" 2>/dev/null
  sign apiserver "/CN=kube-apiserver" \
    "DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local,DNS:localhost,IP:127.0.0.1,IP:$NODE_IP,IP:$KUBERNETES_SERVICE_IP"
  # One client identity in system:masters for kubectl, the control plane, the kubelet and kube-proxy.
  sign admin "/O=system:masters/CN=kicksight-admin"
  # The aggregation layer's client (the apiserver in front of metrics-server).
  sign front-proxy "/CN=front-proxy-client"
  openssl genrsa -out "$PKI/sa.key" 2048 2>/dev/null
  openssl rsa -in "$PKI/sa.key" -pubout -out "$PKI/sa.pub" 2>/dev/null
  cat >"$KUBECONFIG_FILE" <<EOF
apiVersion: v1
kind: Config
clusters:
  - name: kicksight
    cluster: {server: $APISERVER, certificate-authority: $PKI/ca.crt}
users:
  - name: admin
    user: {client-certificate: $PKI/admin.crt, client-key: $PKI/admin.key}
contexts:
  - name: kicksight
    context: {cluster: kicksight, user: admin}
current-context: kicksight
EOF
}

# ---------------------------------------------------------------------------
# The namespaces
# ---------------------------------------------------------------------------

start_namespaces() {
  local holder
  if holder_pid >/dev/null; then return 0; fi
  mkdir -p "$PID_DIR" "$CLUSTER_DIR/sysctl"
  ip netns list | grep -qx "$NETNS\( .*\)\{0,1\}" || ip netns add "$NETNS"
  ip -n "$NETNS" link show ksnode0 >/dev/null 2>&1 || ip -n "$NETNS" link add ksnode0 type veth peer name ksgw0
  ip -n "$NETNS" addr replace "$NODE_IP/24" dev ksnode0
  ip -n "$NETNS" addr replace "$GATEWAY_IP/24" dev ksgw0
  ip -n "$NETNS" link set lo up
  ip -n "$NETNS" link set ksgw0 up
  ip -n "$NETNS" link set ksnode0 up
  ip -n "$NETNS" route replace default via "$GATEWAY_IP" dev ksnode0
  local s
  for s in "${KUBELET_SYSCTLS[@]}"; do
    cat "/proc/sys/$s" >"$CLUSTER_DIR/sysctl/${s//\//_}"
  done
  # The CNI plugins' cache has a fixed place: an empty mount point on the host while the cluster runs.
  if [[ ! -e /var/lib/cni ]]; then
    mkdir /var/lib/cni
    touch "$CLUSTER_DIR/made-var-lib-cni"
  fi
  # The holder keeps both namespaces alive; every process of the cluster joins it with nsenter.
  nsenter --net="/run/netns/$NETNS" unshare --mount --propagation slave -- \
    bash "$KS_ROOT/scripts/cluster/holder.sh" "$CLUSTER_DIR" "${KUBELET_SYSCTLS[@]}" \
    >"$(log_file holder)" 2>&1 &
  holder=$!
  echo "$holder" >"$PID_DIR/holder.pid"
  local deadline=$((SECONDS + 10))
  until [[ -e "$CLUSTER_DIR/sysctl/.ready" ]]; do
    kill -0 "$holder" 2>/dev/null || die "" "the namespace holder stopped (see $(rel_path "$(log_file holder)"))"
    ((SECONDS < deadline)) || die "" "the namespace holder did not get ready"
    sleep 0.2
  done
}

# ---------------------------------------------------------------------------
# Processes
# ---------------------------------------------------------------------------

# start_process <name> <command...>: runs a command of the cluster in its namespaces, logging to its own file.
start_process() {
  local name=$1 holder pid
  shift
  if running_pid "$PID_DIR/$name.pid" >/dev/null; then return 0; fi
  holder=$(holder_pid)
  nsenter -t "$holder" -m -n -- setsid "$@" >>"$(log_file "$name")" 2>&1 </dev/null &
  pid=$!
  echo "$pid" >"$PID_DIR/$name.pid"
}

stop_process() {
  local name=$1 pid
  if pid=$(running_pid "$PID_DIR/$name.pid"); then
    stop_pid "$pid" 10 || kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$PID_DIR/$name.pid"
}

# wait_until <what> <seconds> <command...>
wait_until() {
  local what=$1 limit=$2 deadline
  shift 2
  deadline=$((SECONDS + limit))
  until "$@" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || die "" "$what not ready within ${limit} s"
    sleep 1
  done
}

start_etcd() {
  start_process etcd /usr/bin/etcd --name node --data-dir "$CLUSTER_DIR/etcd" \
    --listen-client-urls http://127.0.0.1:2379 --advertise-client-urls http://127.0.0.1:2379 \
    --listen-peer-urls http://127.0.0.1:2380 --initial-advertise-peer-urls http://127.0.0.1:2380 \
    --initial-cluster node=http://127.0.0.1:2380
}

start_containerd() {
  local dir=$CLUSTER_DIR/containerd
  mkdir -p "$dir" "$CLUSTER_DIR/cni/net.d"
  sed -e "s#@DIR@#$dir#g" -e "s#@CNI@#$CLUSTER_DIR/cni#g" -e "s#@PAUSE@#$PAUSE_IMAGE#g" \
    "$KS_ROOT/scripts/cluster/containerd.toml" >"$dir/config.toml"
  sed -e "s#@POD_CIDR@#$POD_CIDR#g" -e "s#@CNI@#$CLUSTER_DIR/cni#g" \
    "$KS_ROOT/scripts/cluster/cni.conflist" >"$CLUSTER_DIR/cni/net.d/10-kicksight.conflist"
  start_process containerd /usr/bin/containerd --config "$dir/config.toml"
}

start_control_plane() {
  local bin=$KUBE_HOME/bin
  start_process kube-apiserver "$bin/kube-apiserver" \
    --etcd-servers=http://127.0.0.1:2379 --bind-address=0.0.0.0 --secure-port=6443 --advertise-address="$NODE_IP" \
    --service-cluster-ip-range="$SERVICE_CIDR" --authorization-mode=Node,RBAC \
    --client-ca-file="$PKI/ca.crt" --tls-cert-file="$PKI/apiserver.crt" --tls-private-key-file="$PKI/apiserver.key" \
    --kubelet-client-certificate="$PKI/admin.crt" --kubelet-client-key="$PKI/admin.key" \
    --kubelet-preferred-address-types=InternalIP \
    --service-account-key-file="$PKI/sa.pub" --service-account-signing-key-file="$PKI/sa.key" \
    --service-account-issuer=https://kubernetes.default.svc.cluster.local \
    --requestheader-client-ca-file="$PKI/ca.crt" --requestheader-allowed-names=front-proxy-client \
    --requestheader-username-headers=X-Remote-User --requestheader-group-headers=X-Remote-Group \
    --requestheader-extra-headers-prefix=X-Remote-Extra- \
    --proxy-client-cert-file="$PKI/front-proxy.crt" --proxy-client-key-file="$PKI/front-proxy.key" \
    --enable-aggregator-routing=true
  wait_until "kube-apiserver" 120 kubectl_in --request-timeout=2s get --raw /readyz
  start_process kube-controller-manager "$bin/kube-controller-manager" --kubeconfig="$KUBECONFIG_FILE" \
    --authentication-kubeconfig="$KUBECONFIG_FILE" --authorization-kubeconfig="$KUBECONFIG_FILE" \
    --leader-elect=false --use-service-account-credentials=true --root-ca-file="$PKI/ca.crt" \
    --service-account-private-key-file="$PKI/sa.key" \
    --cluster-signing-cert-file="$PKI/ca.crt" --cluster-signing-key-file="$PKI/ca.key" \
    --service-cluster-ip-range="$SERVICE_CIDR" --horizontal-pod-autoscaler-sync-period=5s
  start_process kube-scheduler "$bin/kube-scheduler" --kubeconfig="$KUBECONFIG_FILE" \
    --authentication-kubeconfig="$KUBECONFIG_FILE" --authorization-kubeconfig="$KUBECONFIG_FILE" --leader-elect=false
}

start_node() {
  local bin=$KUBE_HOME/bin dir=$CLUSTER_DIR/kubelet
  mkdir -p "$dir"
  # Pods that use the node's own resolver (CoreDNS itself) find no server outside the cluster: none is reachable.
  echo "nameserver $GATEWAY_IP" >"$CLUSTER_DIR/resolv.conf"
  sed -e "s#@CA@#$PKI/ca.crt#g" -e "s#@DNS@#$DNS_SERVICE_IP#g" -e "s#@SOCKET@#$CONTAINERD_SOCKET#g" \
    -e "s#@RESOLV@#$CLUSTER_DIR/resolv.conf#g" "$KS_ROOT/scripts/cluster/kubelet.yaml" >"$dir/config.yaml"
  start_process kubelet "$bin/kubelet" --config="$dir/config.yaml" --kubeconfig="$KUBECONFIG_FILE" \
    --root-dir="$dir/root" --cert-dir="$dir/pki" --hostname-override="$NODE_NAME" --node-ip="$NODE_IP"
  sed -e "s#@KUBECONFIG@#$KUBECONFIG_FILE#g" -e "s#@POD_CIDR@#$POD_CIDR#g" -e "s#@NODE@#$NODE_NAME#g" \
    "$KS_ROOT/scripts/cluster/kube-proxy.yaml" >"$CLUSTER_DIR/kube-proxy.yaml"
  start_process kube-proxy "$bin/kube-proxy" --config="$CLUSTER_DIR/kube-proxy.yaml"
  wait_until "the node" 120 kubectl_in wait --for=condition=Ready "node/$NODE_NAME" --timeout=2s
}

start_addons() {
  sed -e "s#@DNS@#$DNS_SERVICE_IP#g" -e "s#@COREDNS_IMAGE@#$COREDNS_IMAGE#g" \
    -e "s#@METRICS_SERVER_IMAGE@#$METRICS_SERVER_IMAGE#g" "$KS_ROOT/scripts/cluster/addons.yaml" |
    kubectl_in apply -f - >>"$(log_file addons)"
  kubectl_in -n kube-system rollout status deployment/coredns deployment/metrics-server --timeout=180s >>"$(log_file addons)"
}

install_chart() {
  in_cluster "$HELM" upgrade --install "$RELEASE" "$KS_ROOT/helm/kicksight" --kubeconfig "$KUBECONFIG_FILE" \
    --namespace "$APP_NAMESPACE" --create-namespace \
    -f "$KS_ROOT/helm/kicksight/values-local-cluster.yaml" -f "$CLUSTER_DIR/secrets.yaml" \
    --wait --timeout 15m >>"$(log_file helm)" 2>&1 || die "" "helm install failed (see $(rel_path "$(log_file helm)"))"
}

# The cluster's own keys (made once per cluster, kept in its state): the service token, the demo's ticket key,
# the seeded administrator's password and the auth service's signing keys (made by the auth service's own tool).
make_secrets() {
  [[ -s "$CLUSTER_DIR/secrets.yaml" ]] && return 0
  ROOT=$KS_ROOT
  # shellcheck source=lib/node.sh
  source "$KS_ROOT/scripts/lib/node.sh"
  ensure_node >/dev/null
  local keys
  keys=$(node "$KS_ROOT/services/auth/src/cli/keys.ts" k1)
  cat >"$CLUSTER_DIR/secrets.yaml" <<EOF
secrets:
  data:
    SERVICE_TOKEN: "$(openssl rand -hex 24)"
    DEMO_TICKET_SECRET: "$(openssl rand -hex 24)"
    SEED_ADMIN_EMAIL: admin@kicksight.local
    SEED_ADMIN_PASSWORD: "$(openssl rand -hex 12)"
    JWT_SIGNING_KEYS: '[$keys]'
EOF
}

# ---------------------------------------------------------------------------
# Commands
# ---------------------------------------------------------------------------

cmd_up() {
  local started=$SECONDS
  (($(id -u) == 0)) || die "" "the cluster needs root (network and mount namespaces)"
  install_cluster_packages
  build_cluster_tools
  make_pki
  make_secrets
  start_namespaces
  start_etcd
  start_containerd
  wait_until "containerd" 60 test -S "$CONTAINERD_SOCKET"
  import_images
  start_control_plane
  start_node
  note "" "node ready after $((SECONDS - started)) s"
  start_addons
  install_chart
  note "" "up in $((SECONDS - started)) s"
  cmd_status
}

cmd_down() {
  local name
  if holder_pid >/dev/null; then
    stop_process kubelet
    stop_pod_containers
  fi
  for name in kube-proxy kube-scheduler kube-controller-manager kube-apiserver containerd etcd; do
    stop_process "$name"
  done
  stop_shims
  stop_process holder
  if ip netns list | grep -q "^$NETNS\b"; then ip netns delete "$NETNS"; fi
  remove_pod_cgroups
  if [[ -e "$CLUSTER_DIR/made-var-lib-cni" ]]; then rmdir /var/lib/cni 2>/dev/null || true; fi
  rm -rf "$CLUSTER_DIR"
  note "" "down: no process, namespace or state of the cluster left"
}

cmd_status() {
  if ! holder_pid >/dev/null; then
    echo "cluster: not running"
    return 0
  fi
  kubectl_in get nodes -o wide
  echo
  kubectl_in get pods -A -o wide
}

install_cluster_packages() {
  local missing=() pkg
  for pkg in ${CLUSTER_APT_PACKAGES//,/ }; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  ((${#missing[@]} == 0)) || apt_install cluster "${missing[@]}"
}

# Every pod's containers, stopped through containerd before it stops.
stop_pod_containers() {
  [[ -S "$CONTAINERD_SOCKET" ]] || return 0
  local task
  for task in $(ctr --address "$CONTAINERD_SOCKET" -n k8s.io tasks ls -q 2>/dev/null); do
    ctr --address "$CONTAINERD_SOCKET" -n k8s.io tasks kill -s SIGKILL "$task" >/dev/null 2>&1 || true
  done
  sleep 1
}

# The runtime shims of this cluster's containerd (they outlive it), found by its socket in their arguments.
stop_shims() {
  local pid
  for pid in $(pgrep -f -- "-address $CONTAINERD_SOCKET" || true); do
    kill -KILL "$pid" 2>/dev/null || true
  done
}

# The kubelet's cgroups (kubepods in each hierarchy), removed once empty.
remove_pod_cgroups() {
  local dir
  for dir in /sys/fs/cgroup/*/kubepods /sys/fs/cgroup/*/kubepods.slice; do
    [[ -d "$dir" ]] || continue
    find "$dir" -depth -type d -exec rmdir {} \; 2>/dev/null || true
  done
}

case "${1:-}" in
  up) cmd_up ;;
  down) cmd_down ;;
  status) cmd_status ;;
  kubectl)
    shift
    kubectl_in "$@"
    ;;
  exec)
    shift
    in_cluster "$@"
    ;;
  *)
    sed -n '14,19p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
