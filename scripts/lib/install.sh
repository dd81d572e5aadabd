# shellcheck shell=bash
# Installing what a script needs: Debian packages (as root, without starting their services), and scratch paths
# removed when the script exits. Source after lib/supervisor.sh (die, note, rel_path, KS_LOG_DIR).

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

install_log_of() { printf '%s/%s-install.log\n' "$KS_LOG_DIR" "$1"; }

# apt_install <component> <package...>: install Debian packages (root only).
# `apt-get update` runs at most once per invocation, and only when something
# has to be installed.
apt_install() {
  local comp=$1 log created_policy=0
  shift
  log=$(install_log_of "$comp")
  if ((! IS_ROOT)); then
    die "$comp" "missing Debian package(s) $* and not running as root (run: sudo apt-get install -y $*)"
  fi
  command -v apt-get >/dev/null 2>&1 || die "$comp" "missing $* and apt-get is not available"
  mkdir -p "$KS_LOG_DIR"
  note "$comp" "installing Debian package(s): $*"
  if ((! APT_UPDATED)); then
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
