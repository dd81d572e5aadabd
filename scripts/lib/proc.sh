# shellcheck shell=bash
# shellcheck disable=SC2034  # KS_* paths are used by the scripts sourcing this file
# Process helpers for the scripts that run Kicksight's local processes
# (the infrastructure stack and the services themselves).
#
# Source this file from a bash script running with `set -euo pipefail`.
# Everything lives under <repo>/.stack:
#   .stack/run/<name>.pid   pid on line 1, kernel start time on line 2 (so a
#                           recycled pid is never mistaken for our process)
#   .stack/logs/<name>.log  stdout+stderr of the process, appended across runs
#
# Settings (may be set before sourcing):
#   KS_ROOT       repository root (default: two levels above this file)
#   KS_STACK_DIR  state directory (default: $KS_ROOT/.stack)
#   PROC_TAG      prefix of error messages (default: name of the calling script)

if [[ -n "${KS_PROC_SH_LOADED:-}" ]]; then
  return 0
fi
KS_PROC_SH_LOADED=1

: "${KS_ROOT:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
: "${KS_STACK_DIR:=$KS_ROOT/.stack}"
: "${PROC_TAG:=$(basename "$0" .sh)}"
KS_RUN_DIR=$KS_STACK_DIR/run
KS_LOG_DIR=$KS_STACK_DIR/logs

# Poll interval of every wait loop, in seconds.
PROC_POLL_INTERVAL=${PROC_POLL_INTERVAL:-0.2}

# ---------------------------------------------------------------------------
# Messages
# ---------------------------------------------------------------------------

# die <component> <message>: one-line error on stderr, exit 1.
die() {
  _proc_msg "$1" "$2"
  exit 1
}

# note <component> <message>: progress line on stderr (keeps stdout for tables).
note() {
  _proc_msg "$1" "$2"
}

# A component named like the script itself (or empty) is not repeated.
_proc_msg() {
  if [[ -z "$1" || "$1" == "$PROC_TAG" ]]; then
    printf '%s: %s\n' "$PROC_TAG" "$2" >&2
  else
    printf '%s: %s: %s\n' "$PROC_TAG" "$1" "$2" >&2
  fi
}

# rel_path <path>: the path relative to the repo root when inside it.
rel_path() {
  local p=$1
  if [[ "$p" == "$KS_ROOT/"* ]]; then
    printf '%s\n' "${p#"$KS_ROOT"/}"
  else
    printf '%s\n' "$p"
  fi
}

# show_log_tail <logfile> [lines]: last lines of a log on stderr, indented,
# to give context before an error.
show_log_tail() {
  local log=$1 n=${2:-8}
  [[ -s "$log" ]] || return 0
  tail -n "$n" "$log" | sed 's/^/    | /' >&2
}

# ---------------------------------------------------------------------------
# Time
# ---------------------------------------------------------------------------

# now_ms: wall clock in milliseconds.
now_ms() {
  local t=${EPOCHREALTIME/[.,]/}
  printf '%s\n' $((t / 1000))
}

# fmt_ms <milliseconds>: "12.3s".
fmt_ms() {
  local ms=$1
  printf '%d.%ds\n' $((ms / 1000)) $(((ms % 1000) / 100))
}

# ---------------------------------------------------------------------------
# Pid files
# ---------------------------------------------------------------------------

proc_pidfile() {
  printf '%s/%s.pid\n' "$KS_RUN_DIR" "$1"
}

# pid_starttime <pid>: kernel start time (clock ticks since boot) of a process.
pid_starttime() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  # The command name (field 2) may contain spaces: skip past its ')'.
  stat=${stat##*) }
  local -a f
  read -r -a f <<<"$stat"
  # f[0] is field 3 (state), so field 22 (starttime) is f[19].
  printf '%s\n' "${f[19]}"
}

# pid_alive <pid>: the process exists and is not a zombie.
pid_alive() {
  local stat
  kill -0 "$1" 2>/dev/null || return 1
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  [[ "${stat:0:1}" != "Z" ]]
}

# proc_write_pidfile <name> <pid>: record a process as ours.
proc_write_pidfile() {
  local name=$1 pid=$2 start
  start=$(pid_starttime "$pid") || start=
  mkdir -p "$KS_RUN_DIR"
  printf '%s\n%s\n' "$pid" "$start" >"$(proc_pidfile "$name").tmp"
  mv -f "$(proc_pidfile "$name").tmp" "$(proc_pidfile "$name")"
}

# proc_pid <name>: print the pid of a running process of ours; fails when the
# pid file is missing, the process is gone, or the pid now belongs to another
# process (start time differs).
proc_pid() {
  local file pid="" start="" now
  file=$(proc_pidfile "$1")
  [[ -f "$file" ]] || return 1
  { read -r pid && read -r start; } <"$file" || true
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  pid_alive "$pid" || return 1
  if [[ -n "$start" ]]; then
    now=$(pid_starttime "$pid") || return 1
    [[ "$now" == "$start" ]] || return 1
  fi
  printf '%s\n' "$pid"
}

# proc_running <name>
proc_running() {
  proc_pid "$1" >/dev/null
}

# proc_clear_stale <name>: drop a pid file whose process is gone.
proc_clear_stale() {
  proc_running "$1" || rm -f "$(proc_pidfile "$1")"
}

# proc_tree_pids <pid>: the pid and all its descendants.
proc_tree_pids() {
  local pid=$1 child
  printf '%s\n' "$pid"
  for child in $(ps -o pid= --ppid "$pid" 2>/dev/null); do
    proc_tree_pids "$child"
  done
}

# proc_rss_kb <name>: resident memory (KiB) of a process of ours and its children.
proc_rss_kb() {
  local pid p total=0 kb
  pid=$(proc_pid "$1") || { echo 0; return 0; }
  for p in $(proc_tree_pids "$pid"); do
    kb=$(ps -o rss= -p "$p" 2>/dev/null | tr -d ' ') || kb=0
    total=$((total + ${kb:-0}))
  done
  printf '%s\n' "$total"
}

# ---------------------------------------------------------------------------
# Start / stop
# ---------------------------------------------------------------------------

# start_proc <name> <logfile> <cmd...>
# Starts cmd in the background in its own session and process group (so
# stop_proc can take down its children too), stdout+stderr appended to
# logfile, stdin from /dev/null. Does nothing when <name> already runs.
# Set PROC_CWD to run it from another directory.
start_proc() {
  local name=$1 log=$2
  shift 2
  if proc_running "$name"; then
    return 0
  fi
  mkdir -p "$KS_RUN_DIR" "$(dirname "$log")"
  rm -f "$(proc_pidfile "$name")"
  printf '==== %s start %s: %s\n' "$(date '+%Y-%m-%dT%H:%M:%S%z')" "$name" "$*" >>"$log"
  # A background job of a non-interactive shell is not a process-group
  # leader, so setsid does not fork and $! is the final process.
  # File descriptors 3-9 (e.g. a caller's lock file) are not passed on.
  (
    cd "${PROC_CWD:-.}" || exit 1
    exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-
    exec setsid nohup "$@"
  ) >>"$log" 2>&1 </dev/null &
  proc_write_pidfile "$name" "$!"
  # Not a job of this shell: no "Killed" notice if it is stopped from here.
  disown "$!" 2>/dev/null || true
}

# stop_proc <name> [timeout-seconds]
# SIGTERM to the process group (or the process when it does not lead its
# own group), wait up to the timeout (default 15 s), then SIGKILL.
stop_proc() {
  local name=$1 timeout=${2:-15} pid pgid target deadline
  if ! pid=$(proc_pid "$name"); then
    rm -f "$(proc_pidfile "$name")"
    return 0
  fi
  pgid=$(ps -o pgid= -p "$pid" 2>/dev/null | tr -d ' ') || pgid=
  if [[ "$pgid" == "$pid" ]]; then
    target=-$pid
  else
    target=$pid
  fi
  kill -TERM -- "$target" 2>/dev/null || true
  deadline=$(($(now_ms) + timeout * 1000))
  while pid_alive "$pid" && (($(now_ms) < deadline)); do
    sleep "$PROC_POLL_INTERVAL"
  done
  if pid_alive "$pid"; then
    note "$name" "did not exit within ${timeout}s after SIGTERM; sending SIGKILL"
    kill -KILL -- "$target" 2>/dev/null || true
    deadline=$(($(now_ms) + 5000))
    while pid_alive "$pid" && (($(now_ms) < deadline)); do
      sleep "$PROC_POLL_INTERVAL"
    done
  fi
  # Children left behind in the group once the leader is gone.
  if [[ "$target" == -* ]]; then
    kill -KILL -- "$target" 2>/dev/null || true
  fi
  rm -f "$(proc_pidfile "$name")"
  ! pid_alive "$pid"
}

# ---------------------------------------------------------------------------
# Readiness
# ---------------------------------------------------------------------------

# tcp_open <host> <port>: something accepts connections there.
tcp_open() {
  # shellcheck disable=SC2016  # $1/$2 expand in the child shell
  timeout 2 bash -c 'exec 3<>"/dev/tcp/$1/$2"' _ "$1" "$2" 2>/dev/null
}

# port_in_use <port>: a listening TCP socket on this port (any address).
port_in_use() {
  local port=$1
  if command -v ss >/dev/null 2>&1; then
    [[ -n "$(ss -Hltn "sport = :$port" 2>/dev/null)" ]]
  else
    tcp_open 127.0.0.1 "$port"
  fi
}

# port_owner <port>: "name pid=N" of the listener when it can be seen.
port_owner() {
  local line
  command -v ss >/dev/null 2>&1 || return 0
  line=$(ss -Hltnp "sport = :$1" 2>/dev/null || true)
  line=${line%%$'\n'*}
  if [[ "$line" =~ users:\(\(\"([^\"]+)\",pid=([0-9]+) ]]; then
    printf '%s pid=%s\n' "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
  fi
}

# wait_until <deadline-seconds> <name|-> <cmd...>
# Polls cmd until it succeeds (0), the deadline passes (1) or, when a name is
# given, that process of ours stops running (2).
wait_until() {
  local secs=$1 name=$2 deadline
  shift 2
  deadline=$(($(now_ms) + secs * 1000))
  while true; do
    if "$@"; then
      return 0
    fi
    if [[ "$name" != "-" ]] && ! proc_running "$name"; then
      return 2
    fi
    if (($(now_ms) >= deadline)); then
      return 1
    fi
    sleep "$PROC_POLL_INTERVAL"
  done
}

# wait_tcp <host> <port> <deadline-seconds> [name]
wait_tcp() {
  wait_until "$3" "${4:--}" tcp_open "$1" "$2"
}

# http_ok <url>: a 2xx/3xx answer (credentials may be given as user:pass@ in the url).
http_ok() {
  curl -fsS -o /dev/null --max-time 3 "$1" 2>/dev/null
}

# wait_http <url> <deadline-seconds> [name]
wait_http() {
  wait_until "$2" "${3:--}" http_ok "$1"
}

# ---------------------------------------------------------------------------
# Status table
# ---------------------------------------------------------------------------

proc_table_header() {
  printf '%-14s %-6s %-8s %s\n' COMPONENT STATE PID ADDRESS
}

# proc_table_row <component> <up|down> <pid|-> <address>
proc_table_row() {
  printf '%-14s %-6s %-8s %s\n' "$1" "$2" "$3" "$4"
}

# proc_status_row <name> <address>: row for a process tracked by a pid file.
proc_status_row() {
  local pid
  if pid=$(proc_pid "$1"); then
    proc_table_row "$1" up "$pid" "$2"
  else
    proc_table_row "$1" down - "$2"
  fi
}
