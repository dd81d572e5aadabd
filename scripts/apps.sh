#!/usr/bin/env bash
# Runs Kicksight's own processes (the six services, the BFF and the web server) on the local stack.
#   scripts/apps.sh up | down | status | logs <name> [-f]
# Expects Node 24 on PATH (bin/kicksight puts it there) and the stack up (scripts/stack.sh up).
set -euo pipefail
PROC_TAG=apps
# shellcheck source=lib/proc.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/proc.sh"
# shellcheck source=lib/public-bind.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/public-bind.sh"

STACK_ENV=$KS_STACK_DIR/stack.env
APP_ENV=$KS_STACK_DIR/app.env
# Secrets only the auth service sees: its signing keys and the seeded administrator's password.
AUTH_ENV=$KS_STACK_DIR/auth.env

# name, entry point, port (defaults of ARCHITECTURE.md; overridable with KS_<NAME>_PORT)
APPS=(
  "auth services/auth/src/main.ts ${KS_AUTH_PORT:-4001} ${KS_AUTH_INTERNAL_PORT:-4101}"
  "catalog services/catalog/src/main.ts ${KS_CATALOG_PORT:-4002} ${KS_CATALOG_INTERNAL_PORT:-4102}"
  "collection services/collection/src/main.ts ${KS_COLLECTION_PORT:-4003} ${KS_COLLECTION_INTERNAL_PORT:-4103}"
  "billing services/billing/src/main.ts ${KS_BILLING_PORT:-4004} ${KS_BILLING_INTERNAL_PORT:-4104}"
  "prediction services/prediction/src/main.ts ${KS_PREDICTION_PORT:-4005} ${KS_PREDICTION_INTERNAL_PORT:-4105}"
  "notifications services/notifications/src/main.ts ${KS_NOTIFICATIONS_PORT:-4006} ${KS_NOTIFICATIONS_INTERNAL_PORT:-4106}"
  "bff bff/src/main.ts ${KS_BFF_PORT:-8080} ${KS_BFF_INTERNAL_PORT:-$((${KS_BFF_PORT:-8080} + 100))}"
  "web web/server/main.ts ${KS_WEB_PORT:-5173} ${KS_WEB_INTERNAL_PORT:-$((${KS_WEB_PORT:-5173} + 100))}"
)

# A random secret of <bytes> bytes, as hex.
random_hex() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; }

# The test-only switches (test sign-in, catalog's test route): on only for the test runs that ask for
# them (KS_TEST_MODE=true, set by the end-to-end phase), never for `bin/kicksight up`.
test_mode() { [[ "${KS_TEST_MODE:-false}" == true ]] && echo true || echo false; }

# Settings shared by every process; the service token and the other secrets are made once per checkout
# and kept, so that no development default from the source is live in a local stack.
write_app_env() {
  [[ -f "$STACK_ENV" ]] || die env "no $(rel_path "$STACK_ENV"); run scripts/stack.sh up first"
  # shellcheck source=/dev/null
  source "$STACK_ENV"
  local token gateway webhook demo_password demo_ticket
  token=$(keep_or_make "$APP_ENV" SERVICE_TOKEN random_hex 24)
  gateway=$(keep_or_make "$APP_ENV" LOCAL_GATEWAY_SECRET random_hex 24)
  webhook=$(keep_or_make "$APP_ENV" STRIPE_WEBHOOK_SECRET bash -c "printf whsec_; od -An -N24 -tx1 /dev/urandom | tr -d ' \n'")
  demo_password=$(keep_or_make "$APP_ENV" DEMO_PASSWORD random_hex 8)
  demo_ticket=$(keep_or_make "$APP_ENV" DEMO_TICKET_SECRET random_hex 32)
  umask 077
  cat >"$APP_ENV" <<ENV
NODE_ENV=development
LOG_LEVEL=${LOG_LEVEL:-info}
SERVICE_TOKEN=$token
# Made on the first run for this checkout: the payment links' signing key, the webhook secret, the demo area's password.
LOCAL_GATEWAY_SECRET=$gateway
STRIPE_WEBHOOK_SECRET=$webhook
DEMO_PASSWORD=$demo_password
DEMO_TICKET_SECRET=$demo_ticket
REDIS_URL=$KS_REDIS_URL
KAFKA_BROKERS=$KS_KAFKA_BROKERS
KAFKA_TOPIC_PREFIX=
MONGO_URL=$KS_MONGO_URL/catalog
STRIPE_API_BASE=$KS_STRIPE_URL
SMTP_HOST=$KS_SMTP_HOST
SMTP_PORT=$KS_SMTP_PORT
# Test runs only (production refuses it): catalog's test route records a sale at a chosen price.
TEST_ROUTES_ENABLED=$(test_mode)
ENV
  local name port internal
  for app in "${APPS[@]}"; do
    read -r name _ port internal <<<"$app"
    printf '%s_URL=http://127.0.0.1:%s\n' "${name^^}" "$port" >>"$APP_ENV"
    [[ "$internal" == "-" ]] || printf '%s_INTERNAL_URL=http://127.0.0.1:%s\n' "${name^^}" "$internal" >>"$APP_ENV"
  done
  # Where each process finds the others when ports are not the defaults.
  local web="http://127.0.0.1:${KS_WEB_PORT:-5173}"
  cat >>"$APP_ENV" <<ENV
JWKS_URL=http://127.0.0.1:${KS_AUTH_PORT:-4001}/.well-known/jwks.json
AUTH_JWKS_URL=http://127.0.0.1:${KS_AUTH_PORT:-4001}/.well-known/jwks.json
BFF_URL=http://127.0.0.1:${KS_BFF_PORT:-8080}
WEB_URL=$web
WEB_ORIGIN=$web
PUBLIC_API_URL=$web/api
ENV
}

# keep_or_make <file> <key> <command...>: the value already in the file, else the command's output.
keep_or_make() {
  local file=$1 key=$2 value
  shift 2
  value=$(sed -n "s/^$key='\{0,1\}\([^']*\)'\{0,1\}$/\1/p" "$file" 2>/dev/null || true)
  [[ -n "$value" ]] || value=$("$@")
  printf '%s' "$value"
}

write_auth_env() {
  local keys password
  keys=$(keep_or_make "$AUTH_ENV" JWT_SIGNING_KEYS node "$KS_ROOT/services/auth/src/cli/keys.ts" local-1)
  [[ "$keys" == \[* ]] || keys="[$keys]"
  password=$(keep_or_make "$AUTH_ENV" SEED_ADMIN_PASSWORD bash -c "od -An -N12 -tx1 /dev/urandom | tr -d ' \n'")
  umask 077
  cat >"$AUTH_ENV" <<ENV
JWT_SIGNING_KEYS='$keys'
SEED_ADMIN_EMAIL=admin@kicksight.local
SEED_ADMIN_PASSWORD=$password
# Test runs only (production refuses it; administrators never): sign-in without a password.
TEST_LOGIN_ENABLED=$(test_mode)
# Google is stood in for locally by an OAuth2 server on this port (the browser tests start their own).
GOOGLE_CLIENT_ID=kicksight-web
GOOGLE_CLIENT_SECRET=local-google-secret
GOOGLE_AUTHORIZATION_URL=http://127.0.0.1:${KS_GOOGLE_OAUTH_PORT:-4010}/authorize
GOOGLE_TOKEN_URL=http://127.0.0.1:${KS_GOOGLE_OAUTH_PORT:-4010}/token
GOOGLE_USERINFO_URL=http://127.0.0.1:${KS_GOOGLE_OAUTH_PORT:-4010}/userinfo
# On one machine every browser and test signs up from 127.0.0.1: the per-address limits are raised.
REGISTRATIONS_PER_IP_PER_HOUR=1000
LOGIN_ATTEMPTS_PER_IP=2000
RESET_REQUESTS_PER_IP=200
ENV
}

database_url() {
  # shellcheck source=/dev/null
  source "$STACK_ENV"
  printf '%s/%s\n' "$KS_POSTGRES_URL" "$1"
}

app_up() {
  local name=$1 entry=$2 port=$3 internal=$4 started
  if proc_running "$name"; then
    note "$name" "already running"
    return 0
  fi
  if port_in_use "$port"; then
    die "$name" "port $port is taken by another process ($(port_owner "$port")); set KS_${name^^}_PORT"
  fi
  local env_args=(PORT="$port")
  [[ "$internal" != "-" ]] && env_args+=(INTERNAL_PORT="$internal")
  case "$name" in auth | collection | billing | notifications) env_args+=(DATABASE_URL="$(database_url "$name")") ;; esac
  local env_files=(--env-file="$APP_ENV")
  [[ "$name" == auth ]] && env_files+=(--env-file="$AUTH_ENV")
  started=$(now_ms)
  PROC_CWD=$KS_ROOT start_proc "$name" "$KS_LOG_DIR/$name.log" \
    env "${env_args[@]}" node "${env_files[@]}" "$entry"
  local rc=0
  wait_http "http://127.0.0.1:$port/readyz" 60 "$name" || rc=$?
  if ((rc != 0)); then
    show_log_tail "$KS_LOG_DIR/$name.log" 15
    die "$name" "not ready on port $port within 60 s (log: $(rel_path "$KS_LOG_DIR/$name.log"))"
  fi
  note "$name" "ready on :$port in $(fmt_ms $(($(now_ms) - started)))"
}

# The mode the running processes were started in (product or test); a change of mode restarts them.
MODE_FILE=$KS_STACK_DIR/apps-mode

cmd_up() {
  local mode
  mode=$([[ "$(test_mode)" == true ]] && echo test || echo product)
  if [[ "$(cat "$MODE_FILE" 2>/dev/null || echo product)" != "$mode" ]]; then
    note apps "switching to $mode mode: restarting what runs"
    cmd_down
  fi
  local warning
  warning=$(public_bind_warning "${HOST:-}")
  [[ -z "$warning" ]] || note apps "$warning"
  write_app_env
  write_auth_env
  echo "$mode" >"$MODE_FILE"
  # shellcheck source=/dev/null
  source "$STACK_ENV"
  KAFKA_BROKERS=$KS_KAFKA_BROKERS node "$KS_ROOT/scripts/topics.ts"
  # The catalogue: real data read in place (DATA_DIR, default ../shared/data), then generated breadth;
  # a second run finds everything there and writes nothing.
  (cd "$KS_ROOT" && node --env-file="$APP_ENV" services/catalog/src/cli/import.ts --quiet) || die catalog "the catalogue import failed"
  if [[ ! -f "$KS_ROOT/web/dist/index.html" ]] || [[ -n "$(find "$KS_ROOT/web/src" "$KS_ROOT/web/index.html" -newer "$KS_ROOT/web/dist/index.html" -print -quit)" ]]; then
    note web "building the web app"
    (cd "$KS_ROOT/web" && npx vite build --logLevel warn) || die web "vite build failed"
  fi
  for app in "${APPS[@]}"; do
    # shellcheck disable=SC2086
    app_up $app
  done
  note auth "administrator: admin@kicksight.local, password in $(rel_path "$AUTH_ENV") (SEED_ADMIN_PASSWORD)"
}

cmd_down() {
  local i name
  for ((i = ${#APPS[@]} - 1; i >= 0; i--)); do
    read -r name _ <<<"${APPS[$i]}"
    proc_running "$name" && stop_proc "$name" 20 && note "$name" "stopped"
  done
  return 0
}

cmd_status() {
  proc_table_header
  for app in "${APPS[@]}"; do
    read -r name _ port _ <<<"$app"
    proc_status_row "$name" "http://127.0.0.1:$port"
  done
}

case "${1:-}" in
  up) cmd_up ;;
  down) cmd_down ;;
  status) cmd_status ;;
  logs)
    [[ -n "${2:-}" ]] || die logs "usage: scripts/apps.sh logs <name> [-f]"
    if [[ "${3:-}" == "-f" ]]; then tail -n 100 -f "$KS_LOG_DIR/$2.log"; else tail -n 100 "$KS_LOG_DIR/$2.log"; fi
    ;;
  *)
    echo "usage: scripts/apps.sh up | down | status | logs <name> [-f]" >&2
    exit 2
    ;;
esac
