# shellcheck shell=bash
# Runs in the cluster's network namespace and a private mount namespace (scripts/cluster.sh starts it), prepares
# that mount namespace and then holds both open until it is stopped. Whatever the cluster's processes write outside
# its own directory lands in that mount namespace only, and goes with it:
#   - sysfs of the network namespace, with the host's cgroup hierarchies mounted back on it;
#   - the kernel settings the kubelet sets at start, bound to plain files, so the host's stay as they are;
#   - /run (the pods' network namespaces, the runtime's sockets), /var/lib/cni (the CNI plugins' cache) and
#     /var/log (the pods' logs) of its own.
# Usage: holder.sh <cluster dir> <setting...> (e.g. vm/overcommit_memory)
set -euo pipefail
dir=$1
shift
mkdir -p "$dir/sysctl/.cgroup" "$dir/log"
mount --rbind /sys/fs/cgroup "$dir/sysctl/.cgroup"
mount -t sysfs sysfs /sys
mount --move "$dir/sysctl/.cgroup" /sys/fs/cgroup
for setting in "$@"; do
  mount --bind "$dir/sysctl/${setting//\//_}" "/proc/sys/$setting"
done
mount -t tmpfs -o mode=755 tmpfs /run
mount -t tmpfs -o mode=755 tmpfs /var/lib/cni
mount --bind "$dir/log" /var/log
touch "$dir/sysctl/.ready"
trap 'exit 0' TERM INT
sleep infinity &
wait
