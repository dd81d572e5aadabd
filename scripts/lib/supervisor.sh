# shellcheck shell=bash
# Drives the process supervisor (process-compose) that runs every local process declared in
# scripts/processes.yaml: one supervisor per namespace (`stack`: the servers, `apps`: Kicksight's own
# processes), reached on .stack/run/<namespace>.sock and logging to .stack/logs/<namespace>-supervisor.log.
# Each process logs to .stack/logs/<name>.log.
#
# Source this file from a bash script running with `set -euo pipefail`; set PROC_TAG (prefix of
# messages) first.

if [[ -n "${KS_SUPERVISOR_SH_LOADED:-}" ]]; then
  return 0
fi
KS_SUPERVISOR_SH_LOADED=1

KS_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
KS_STACK_DIR=$KS_ROOT/.stack
KS_RUN_DIR=$KS_STACK_DIR/run
KS_LOG_DIR=$KS_STACK_DIR/logs
KS_CACHE=${KICKSIGHT_CACHE:-$HOME/.cache/kicksight}
export KS_STACK_DIR
: "${PROC_TAG:=$(basename "$0" .sh)}"

# shellcheck source=../versions.env
source "$KS_ROOT/scripts/versions.env"

PROCESSES_FILE=$KS_ROOT/scripts/processes.yaml
PROCESS_COMPOSE_HOME=$KS_CACHE/process-compose-$PROCESS_COMPOSE_VERSION
PROCESS_COMPOSE_BIN=$PROCESS_COMPOSE_HOME/bin/process-compose

# Poll interval of the wait loops, in seconds.
POLL_INTERVAL=0.3

# ---------------------------------------------------------------------------
# Messages and time
# ---------------------------------------------------------------------------

# die <component> <message>: one-line error on stderr, exit 1.
die() {
  note "$1" "$2"
  exit 1
}

# note <component> <message>: progress line on stderr (stdout keeps the tables). A component named like
# the script itself (or empty) is not repeated.
note() {
  if [[ -z "$1" || "$1" == "$PROC_TAG" ]]; then
    printf '%s: %s\n' "$PROC_TAG" "$2" >&2
  else
    printf '%s: %s: %s\n' "$PROC_TAG" "$1" "$2" >&2
  fi
}

# running_pid <pidfile>: prints the pid a pidfile names when that process is alive; fails otherwise.
running_pid() {
  local pid
  [[ -s "$1" ]] || return 1
  read -r pid <"$1"
  kill -0 "$pid" 2>/dev/null || return 1
  printf '%s\n' "$pid"
}

# stop_pid <pid> <seconds>: sends SIGTERM and waits up to <seconds> for the process to exit; fails if it still runs.
stop_pid() {
  local pid=$1 deadline=$((SECONDS + $2))
  kill -TERM "$pid" 2>/dev/null || return 0
  while kill -0 "$pid" 2>/dev/null; do
    ((SECONDS < deadline)) || return 1
    sleep 0.2
  done
}

# rel_path <path>: the path relative to the repository root when inside it.
rel_path() {
  local p=$1
  if [[ "$p" == "$KS_ROOT/"* ]]; then
    printf '%s\n' "${p#"$KS_ROOT"/}"
  else
    printf '%s\n' "$p"
  fi
}

log_of() { printf '%s/%s.log\n' "$KS_LOG_DIR" "$1"; }

# show_log_tail <name> [lines]: the end of a process's log on stderr, indented.
show_log_tail() {
  local log
  log=$(log_of "$1")
  [[ -s "$log" ]] || return 0
  tail -n "${2:-8}" "$log" | sed 's/^/    | /' >&2
}

# now_ms: wall clock in milliseconds.
now_ms() {
  local t=${EPOCHREALTIME/[.,]/}
  printf '%s\n' $((t / 1000))
}

# fmt_ms <milliseconds>: "12.3s".
fmt_ms() {
  printf '%d.%ds\n' $(($1 / 1000)) $((($1 % 1000) / 100))
}

# ---------------------------------------------------------------------------
# Ports
# ---------------------------------------------------------------------------

# load_ports: exports every KS_*_PORT, from the environment or else the default of scripts/ports.env.
load_ports() {
  local key value
  while IFS='=' read -r key value; do
    [[ "$key" =~ ^KS_[A-Z_]+_PORT$ ]] || continue
    if [[ -z "${!key:-}" ]]; then
      printf -v "$key" '%s' "$value"
    fi
    [[ "${!key}" =~ ^[0-9]+$ ]] && ((${!key} >= 1 && ${!key} <= 65535)) ||
      die "$PROC_TAG" "$key='${!key}' is not a TCP port number"
    export "${key?}"
  done <"$KS_ROOT/scripts/ports.env"
}

# port_in_use <port>: a listening TCP socket on this port (any address).
port_in_use() {
  if command -v ss >/dev/null 2>&1; then
    [[ -n "$(ss -Hltn "sport = :$1" 2>/dev/null)" ]]
  else
    timeout 2 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$1"' _ "$1" 2>/dev/null
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

# check_ports_free <name> <port variable...>: fails when a port is held by another process.
check_ports_free() {
  local name=$1 var owner
  shift
  for var in "$@"; do
    if port_in_use "${!var}"; then
      owner=$(port_owner "${!var}")
      die "$name" "port ${!var} is already in use by another process${owner:+ ($owner)}; stop it or set $var"
    fi
  done
}

# ---------------------------------------------------------------------------
# The supervisor
# ---------------------------------------------------------------------------

socket_of() { printf '%s/%s.sock\n' "$KS_RUN_DIR" "$1"; }

# pc <namespace> <args...>: the supervisor's command line, talking to that namespace's supervisor (only the
# supervisor itself writes its log: every command line run would start the file anew).
pc() {
  local ns=$1
  shift
  PC_LOG_FILE=${PC_LOG_FILE:-/dev/null} PROC_COMP_CONFIG=$KS_RUN_DIR/process-compose \
    "$PROCESS_COMPOSE_BIN" --use-uds --unix-socket "$(socket_of "$ns")" "$@"
}

# supervisor_running <namespace>: that supervisor answers.
supervisor_running() {
  [[ -S "$(socket_of "$1")" && -x "$PROCESS_COMPOSE_BIN" ]] && pc "$1" project state >/dev/null 2>&1
}

# take_lock <namespace>: one `up`/`down` of a namespace at a time per checkout (fd 9 stays open until exit).
take_lock() {
  mkdir -p "$KS_RUN_DIR"
  exec 9>>"$KS_RUN_DIR/$1.lock"
  if ! flock -n 9; then
    note "$PROC_TAG" "waiting for another run to finish (.stack/run/$1.lock)"
    flock -w 900 9 || die "$PROC_TAG" "another run still holds .stack/run/$1.lock after 15 minutes"
  fi
}

# supervisor_start <namespace> [name...]: starts the supervisor of a namespace in the background with those
# processes (and what they depend on), or all of the namespace, from the repository root.
supervisor_start() {
  local ns=$1 socket deadline
  shift
  socket=$(socket_of "$ns")
  mkdir -p "$KS_RUN_DIR/process-compose" "$KS_LOG_DIR"
  [[ -f "$KS_STACK_DIR/.gitignore" ]] || printf '*\n' >"$KS_STACK_DIR/.gitignore"
  # Unix socket paths are limited to 107 bytes.
  ((${#socket} <= 107)) || die "$PROC_TAG" "socket path $socket is longer than 107 bytes; move the checkout to a shorter path"
  rm -f "$socket"
  (cd "$KS_ROOT" && PC_LOG_FILE=$KS_LOG_DIR/$ns-supervisor.log pc "$ns" up --config "$PROCESSES_FILE" --namespace "$ns" --detached --keep-project \
    --disable-dotenv "$@" >/dev/null 2>&1 9>&-) || die "$PROC_TAG" "the $ns supervisor did not start (see $(rel_path "$KS_LOG_DIR/$ns-supervisor.log"))"
  deadline=$(($(now_ms) + 15000))
  until supervisor_running "$ns"; do
    if (($(now_ms) > deadline)); then
      tail -n 5 "$KS_LOG_DIR/$ns-supervisor.log" 2>/dev/null | sed 's/^/    | /' >&2
      die "$PROC_TAG" "the $ns supervisor did not answer within 15 s (see $(rel_path "$KS_LOG_DIR/$ns-supervisor.log"))"
    fi
    sleep "$POLL_INTERVAL"
  done
}

# supervisor_states <namespace>: one line per process: name status health exit-code pid
# (status: Disabled, Pending, Running, Completed, Skipped, Error...; health: Ready, Not-Ready or -).
supervisor_states() {
  pc "$1" process list --output json 2>/dev/null | awk '
    function value(line) { sub(/^[^:]*: "?/, "", line); sub(/"?,?$/, "", line); gsub(/ /, "-", line); return line }
    /"name":/ { name = value($0) }
    /"status":/ { status = value($0) }
    /"is_ready":/ { health = value($0) }
    /"exit_code":/ { code = value($0) }
    /"pid":/ { print name, status, value($0) == "" ? "-" : health, code, value($0) }'
}

# supervisor_wait <namespace> <deadline-seconds> <name...>: waits until every named process runs and is
# ready, calling `on_ready <name> <elapsed-ms>` as each gets there. A process that ends or is skipped
# (a set-up step it depends on failed) stops the wait with the end of the logs that explain it.
supervisor_wait() {
  local ns=$1 secs=$2 started deadline name status health code pid
  shift 2
  local -A waiting=() reported=()
  for name in "$@"; do waiting[$name]=1; done
  started=$(now_ms)
  deadline=$((started + secs * 1000))
  while ((${#waiting[@]})); do
    while read -r name status health code pid; do
      case $status in
        Running)
          if [[ -n "${waiting[$name]:-}" && "$health" == Ready ]]; then
            unset "waiting[$name]"
            on_ready "$name" $(($(now_ms) - started))
          fi
          ;;
        Completed | Error | Skipped)
          if [[ -z "${reported[$name]:-}" && ("$code" != 0 || "$status" != Completed) ]]; then
            reported[$name]=1
            show_log_tail "$name" 15
            note "$name" "$(describe_end "$status" "$code")"
          fi
          if [[ -n "${waiting[$name]:-}" ]]; then
            die "$name" "did not start (see $(rel_path "$(log_of "$name")"))"
          fi
          ;;
      esac
    done < <(supervisor_states "$ns")
    ((${#waiting[@]})) || break
    if (($(now_ms) > deadline)); then
      for name in "${!waiting[@]}"; do show_log_tail "$name"; done
      die "$PROC_TAG" "not ready after ${secs}s: ${!waiting[*]}"
    fi
    sleep "$POLL_INTERVAL"
  done
}

describe_end() {
  case $1 in
    Skipped) echo "not started: a step it waits for failed" ;;
    Error) echo "could not be started" ;;
    *) echo "exited with status $2 (a failing readiness check stops it too)" ;;
  esac
}

# process_status <namespace> <name>: the supervisor's status of one process.
process_status() {
  supervisor_states "$1" | awk -v n="$2" '$1 == n { print $2 }'
}

# supervisor_start_missing <namespace> <name...>: starts each named process that is not running, and waits
# until the supervisor shows it starting (until then it still shows how its last run ended).
supervisor_start_missing() {
  local ns=$1 name deadline
  shift
  for name in "$@"; do
    [[ "$(process_status "$ns" "$name")" != Running ]] || continue
    pc "$ns" process start "$name" >/dev/null 2>&1 ||
      die "$name" "the supervisor would not start it (see $(rel_path "$KS_LOG_DIR/$ns-supervisor.log"))"
    deadline=$(($(now_ms) + 10000))
    while [[ "$(process_status "$ns" "$name")" =~ ^(Completed|Error|Skipped|Disabled)$ ]] && (($(now_ms) < deadline)); do
      sleep "$POLL_INTERVAL"
    done
  done
}

# supervisor_down <namespace>: stops every process of the namespace (dependents first) and the supervisor.
supervisor_down() {
  local ns=$1 deadline
  supervisor_running "$ns" || {
    rm -f "$(socket_of "$ns")"
    return 0
  }
  pc "$ns" down >/dev/null 2>&1 || true
  deadline=$(($(now_ms) + 60000))
  while supervisor_running "$ns"; do
    (($(now_ms) < deadline)) || die "$PROC_TAG" "the $ns supervisor did not stop within 60 s"
    sleep "$POLL_INTERVAL"
  done
}

# supervisor_stop <namespace> <name...>: stops those processes; the supervisor keeps the others.
supervisor_stop() {
  local ns=$1 name deadline
  shift
  for name in "$@"; do
    pc "$ns" process stop "$name" >/dev/null 2>&1 || true
  done
  deadline=$(($(now_ms) + 60000))
  for name in "$@"; do
    while [[ "$(process_status "$ns" "$name")" == Running ]]; do
      (($(now_ms) < deadline)) || die "$name" "did not stop within 60 s"
      sleep "$POLL_INTERVAL"
    done
  done
}

# ---------------------------------------------------------------------------
# Status table
# ---------------------------------------------------------------------------

status_header() {
  printf '%-14s %-6s %-8s %s\n' COMPONENT STATE PID ADDRESS
}

# status_rows <namespace> <name=address...>: a row per process, up when it runs.
status_rows() {
  local ns=$1 entry name states="" state status pid
  shift
  if supervisor_running "$ns"; then
    states=$(supervisor_states "$ns")
  fi
  for entry in "$@"; do
    name=${entry%%=*}
    state=down
    pid=-
    read -r _ status _ _ pid < <(awk -v n="$name" '$1 == n' <<<"$states") || true
    if [[ "${status:-}" == Running ]]; then
      state=up
    else
      pid=-
    fi
    printf '%-14s %-6s %-8s %s\n' "$name" "$state" "$pid" "${entry#*=}"
    status=
  done
}
