#!/usr/bin/env bash
# Runs Kicksight's own processes (the six services, the BFF and the web server) on the local stack: writes
# their settings, then hands them to the supervisor of scripts/processes.yaml (namespace apps), which runs
# the set-up steps (databases, topics, catalogue, web build) and starts each process once what it needs is ready.
#   scripts/apps.sh up | down | status | logs <name> [-f]
# Expects Node 24 on PATH (bin/kicksight puts it there) and the stack up (scripts/stack.sh up).
set -euo pipefail
PROC_TAG=apps
# shellcheck source=lib/supervisor.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/supervisor.sh"
# shellcheck source=lib/public-bind.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/public-bind.sh"

STACK_ENV=$KS_STACK_DIR/stack.env
APP_ENV=$KS_STACK_DIR/app.env
# Secrets only the auth service sees: its signing keys and the seeded administrator's password.
AUTH_ENV=$KS_STACK_DIR/auth.env

# Kicksight's processes, in start order; each listens on KS_<NAME>_PORT (and the services on
# KS_<NAME>_INTERNAL_PORT too).
APPS=(auth catalog collection billing prediction notifications bff web)
SERVICES=(auth catalog collection billing prediction notifications)

port_of() {
  local var="KS_${1^^}_PORT"
  printf '%s\n' "${!var}"
}

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
  local token gateway webhook demo_password demo_ticket stockx_key
  token=$(keep_or_make "$APP_ENV" SERVICE_TOKEN random_hex 24)
  gateway=$(keep_or_make "$APP_ENV" LOCAL_GATEWAY_SECRET random_hex 24)
  webhook=$(keep_or_make "$APP_ENV" STRIPE_WEBHOOK_SECRET bash -c "printf whsec_; od -An -N24 -tx1 /dev/urandom | tr -d ' \n'")
  demo_password=$(keep_or_make "$APP_ENV" DEMO_PASSWORD random_hex 8)
  demo_ticket=$(keep_or_make "$APP_ENV" DEMO_TICKET_SECRET random_hex 32)
  stockx_key=$(keep_or_make "$APP_ENV" STOCKX_TOKEN_KEY bash -c "head -c 32 /dev/urandom | base64")
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
# The market sources (MARKET_SOURCES=replay,stockx adds StockX); locally StockX is the stack's sandbox,
# linked from the admin panel. Its tokens are sealed with the key made on the first run.
MARKET_SOURCES=${MARKET_SOURCES:-replay}
STOCKX_API_URL=${KS_STOCKX_URL:-http://127.0.0.1:$KS_STOCKX_PORT}/v2
STOCKX_AUTHORIZE_URL=${KS_STOCKX_URL:-http://127.0.0.1:$KS_STOCKX_PORT}/accounts/authorize
STOCKX_TOKEN_URL=${KS_STOCKX_URL:-http://127.0.0.1:$KS_STOCKX_PORT}/accounts/oauth/token
STOCKX_CLIENT_ID=stockx-sandbox-client
STOCKX_CLIENT_SECRET=stockx-sandbox-secret
STOCKX_API_KEY=stockx-sandbox-api-key
STOCKX_TOKEN_KEY=$stockx_key
# Tracing: the share of requests traced (0 turns it off; test runs leave it off unless asked), sent to the stack's Zipkin.
TRACING_SAMPLE_RATIO=${TRACING_SAMPLE_RATIO:-$([[ $(test_mode) == true ]] && echo 0 || echo 1)}
ZIPKIN_URL=${KS_ZIPKIN_URL:-http://127.0.0.1:$KS_ZIPKIN_PORT}
ENV
  # Test runs only: sneaker pictures may also come from this machine (the browser tests' own picture host).
  if [[ $(test_mode) == true ]]; then
    echo "IMAGE_ALLOWED_HOSTS=stockx.imgix.net,images.stockx.com,stockx-assets.imgix.net,image.goat.com,127.0.0.1" >>"$APP_ENV"
  fi
  local name internal
  for name in "${APPS[@]}"; do
    printf '%s_URL=http://127.0.0.1:%s\n' "${name^^}" "$(port_of "$name")" >>"$APP_ENV"
  done
  for name in "${SERVICES[@]}"; do
    internal="KS_${name^^}_INTERNAL_PORT"
    printf '%s_INTERNAL_URL=http://127.0.0.1:%s\n' "${name^^}" "${!internal}" >>"$APP_ENV"
  done
  # Where each process finds the others when ports are not the defaults.
  local web="http://127.0.0.1:$KS_WEB_PORT"
  cat >>"$APP_ENV" <<ENV
JWKS_URL=http://127.0.0.1:$KS_AUTH_PORT/.well-known/jwks.json
AUTH_JWKS_URL=http://127.0.0.1:$KS_AUTH_PORT/.well-known/jwks.json
BFF_URL=http://127.0.0.1:$KS_BFF_PORT
WEB_URL=$web
WEB_ORIGIN=$web
PUBLIC_API_URL=$web/api
STOCKX_REDIRECT_URL=$web/admin/integrations/stockx/callback
STOCKX_MEMBER_REDIRECT_URL=$web/admin/sales/stockx/callback
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
GOOGLE_AUTHORIZATION_URL=http://127.0.0.1:$KS_GOOGLE_OAUTH_PORT/authorize
GOOGLE_TOKEN_URL=http://127.0.0.1:$KS_GOOGLE_OAUTH_PORT/token
GOOGLE_USERINFO_URL=http://127.0.0.1:$KS_GOOGLE_OAUTH_PORT/userinfo
# On one machine every browser and test signs up from 127.0.0.1: the per-address limits are raised.
REGISTRATIONS_PER_IP_PER_HOUR=1000
LOGIN_ATTEMPTS_PER_IP=2000
RESET_REQUESTS_PER_IP=200
ENV
}

# The mode the running processes were started in (product or test); a change of mode restarts them.
MODE_FILE=$KS_STACK_DIR/apps-mode

# Called by supervisor_wait as each process becomes ready.
on_ready() {
  note "$1" "ready on :$(port_of "$1") in $(fmt_ms "$2")"
}

# The last line each set-up step wrote (what it found or made).
report_setup() {
  local step
  for step in databases topics catalog-import web-build; do
    [[ -s "$(log_of "$step")" ]] && note "$step" "$(tail -n 1 "$(log_of "$step")")"
  done
  return 0
}

cmd_up() {
  local mode name already_up=0
  load_ports
  take_lock apps
  mode=$([[ "$(test_mode)" == true ]] && echo test || echo product)
  if [[ "$(cat "$MODE_FILE" 2>/dev/null || echo product)" != "$mode" ]] && supervisor_running apps; then
    note apps "switching to $mode mode: restarting what runs"
    cmd_down
  fi
  local warning
  warning=$(public_bind_warning "${HOST:-}")
  [[ -z "$warning" ]] || note apps "$warning"
  supervisor_running stack || die apps "the servers are not running; start them first (scripts/stack.sh up)"
  write_app_env
  write_auth_env
  echo "$mode" >"$MODE_FILE"
  # shellcheck source=/dev/null
  source "$STACK_ENV"
  export KS_POSTGRES_URL
  if supervisor_running apps; then
    if [[ -z "$(supervisor_states apps | awk -v apps=" ${APPS[*]} " 'index(apps, " " $1 " ") && $2 != "Running"')" ]]; then
      for name in "${APPS[@]}"; do note "$name" "already running"; done
      already_up=1
    else
      # A fresh supervisor waits on the new runs of what the missing processes depend on.
      note apps "some processes are not running: restarting them all"
      cmd_down
    fi
  fi
  if ((! already_up)); then
    for name in "${APPS[@]}"; do
      check_ports_free "$name" "KS_${name^^}_PORT"
    done
    for name in "${SERVICES[@]}" bff web; do
      check_ports_free "$name" "KS_${name^^}_INTERNAL_PORT"
    done
    supervisor_start apps
  fi
  supervisor_wait apps 600 "${APPS[@]}"
  ((already_up)) || report_setup
  note auth "administrator: admin@kicksight.local, password in $(rel_path "$AUTH_ENV") (SEED_ADMIN_PASSWORD)"
}

cmd_down() {
  local name running
  supervisor_running apps || return 0
  mapfile -t running < <(supervisor_states apps | awk '$2 == "Running" { print $1 }')
  supervisor_down apps
  for name in "${APPS[@]}"; do
    [[ " ${running[*]} " != *" $name "* ]] || note "$name" "stopped"
  done
}

cmd_status() {
  local name rows=()
  load_ports
  for name in "${APPS[@]}"; do
    rows+=("$name=http://127.0.0.1:$(port_of "$name")")
  done
  status_header
  status_rows apps "${rows[@]}"
}

case "${1:-}" in
  up) cmd_up ;;
  down)
    take_lock apps
    cmd_down
    ;;
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
