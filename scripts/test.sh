#!/usr/bin/env bash
# Every test of Kicksight, in phases, each within a time budget (seconds):
#   static       shell format, lint, types and the web build (KS_BUDGET_STATIC, 600)
#   unit         domain rules and the deploy checks, no servers (KS_BUDGET_UNIT, 600)
#   integration  services against real servers          (KS_BUDGET_INTEGRATION, 1800)
#   e2e          the whole product through the BFF and a real browser (KS_BUDGET_E2E, 1200)
#   reliability  security probes and schemathesis against the running product (KS_BUDGET_RELIABILITY, 300 each), then
#                each store away for 30 s under load (KS_BUDGET_OUTAGES, 540), then each service's two replicas
#                restarted one at a time under load (KS_BUDGET_RESTARTS, 320)
#   images       the container images built (KS_BUDGET_IMAGES_BUILD, 3600) and run: the product from its images on the
#                local stack, and the servers' images through the test kit (KS_BUDGET_IMAGES, 600)
#   cluster      the chart on a one-node Kubernetes built here: up (KS_BUDGET_CLUSTER_UP, 2400), its checks
#                (KS_BUDGET_CLUSTER, 900), down; not in the default list: run it by name
# Usage: scripts/test.sh [phase...]   (no phase: all of them but cluster, in that order)
# Expects Node 24 on PATH and dependencies installed (bin/kicksight test does both).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
RESULTS="$ROOT/.stack/test-results"
rm -rf "$RESULTS" && mkdir -p "$RESULTS"

phases=("$@")
((${#phases[@]})) || phases=(static unit integration e2e reliability images)

run_vitest() { # <phase> <budget> <project pattern>
  timeout --kill-after=30 "$2" vitest run --project "$3" --reporter=default --reporter=json --outputFile.json="$RESULTS/$1.json"
}

phase() { # <name> <budget> <command...>
  local name=$1 budget=$2 start rc=0
  shift 2
  echo "==== phase $name (budget ${budget}s)"
  start=$(date +%s)
  "$@" || rc=$?
  echo "==== phase $name: $([[ $rc == 0 ]] && echo passed || echo "FAILED (exit $rc$([[ $rc == 124 ]] && echo ', over budget'))") in $(($(date +%s) - start))s"
  return $rc
}

# Shell scripts are checked for syntax and format by shfmt (built once into the cache; `shfmt -i 2 -ci -w` on the same folders
# formats them).
STATIC_CHECKS='"$(scripts/stack.sh install-shfmt)" -i 2 -ci -d bin scripts .ci reliability services/prediction/peers && eslint --max-warnings=0 . && tsc -p tsconfig.json && tsc -p web/tsconfig.json && cd web && vite build --logLevel warn'

# The deploy checks (deploy:unit) need helm, kustomize and the schema validators: installed once, cached.
unit() {
  scripts/stack.sh install-deploy-tools >/dev/null
  run_vitest unit "${KS_BUDGET_UNIT:-600}" '*:unit'
}

integration() {
  scripts/stack.sh up >/dev/null
  run_vitest integration "${KS_BUDGET_INTEGRATION:-1800}" '*:integration'
}

e2e() {
  scripts/stack.sh install-browser
  scripts/stack.sh up >/dev/null
  # The browser tests sign members in without a password and record sales at chosen prices: the apps run in test mode.
  KS_TEST_MODE=true scripts/apps.sh up
  # The demo area's password and the service token (catalog's test route is on its internal port) are made per checkout (.stack/app.env).
  DEMO_PASSWORD=$(sed -n 's/^DEMO_PASSWORD=//p' .stack/app.env)
  KS_SERVICE_TOKEN=$(sed -n 's/^SERVICE_TOKEN=//p' .stack/app.env)
  export DEMO_PASSWORD KS_SERVICE_TOKEN
  export KS_WEB_URL="http://127.0.0.1:${KS_WEB_PORT:-5173}"
  # Where the browser tests read emails (MailDev's API) and record a test sale (catalog's test route).
  export KS_SMTP_API_URL="http://127.0.0.1:${KS_SMTP_API_PORT:-8025}/api"
  export KS_CATALOG_INTERNAL_URL="http://127.0.0.1:${KS_CATALOG_INTERNAL_PORT:-4102}"
  run_vitest e2e "${KS_BUDGET_E2E:-1200}" e2e
}

# Black-box security probes through the web origin and the BFF (a table of probe groups at the end), then
# schemathesis over the BFF's OpenAPI document, with and without a member's token, then each store away for 30 s
# under a member journey (the phase's own servers, one at a time, last: it stops them), with a table of requests,
# statuses, slowest answer, time to ready and the checks that failed meanwhile, effects lost or doubled and the
# machine's load. Each part runs; the phase fails if any did.
reliability() {
  local rc=0
  reliability_apps
  timeout --kill-after=30 "${KS_BUDGET_RELIABILITY:-300}" vitest run --project reliability --reporter=default --reporter=./reliability/probe-table.ts \
    --reporter=json --outputFile.json="$RESULTS/reliability.json" || rc=1
  timeout --kill-after=30 "${KS_BUDGET_RELIABILITY:-300}" reliability/schemathesis/run.sh || rc=1
  KS_SMTP_API_URL="http://127.0.0.1:${KS_SMTP_API_PORT:-8025}/api" timeout --kill-after=30 "${KS_BUDGET_OUTAGES:-540}" \
    vitest run --project outages --reporter=default --reporter=json --outputFile.json="$RESULTS/outages.json" || rc=1
  timeout --kill-after=30 "${KS_BUDGET_RESTARTS:-320}" \
    vitest run --project restarts --reporter=default --reporter=json --outputFile.json="$RESULTS/restarts.json" || rc=1
  return $rc
}

reliability_apps() {
  scripts/stack.sh up >/dev/null
  KS_TEST_MODE=true scripts/apps.sh up
  export KS_WEB_URL="http://127.0.0.1:${KS_WEB_PORT:-5173}" KS_BFF_URL="http://127.0.0.1:${KS_BFF_PORT:-8080}"
  export KS_BFF_INTERNAL_URL="http://127.0.0.1:${KS_BFF_INTERNAL_PORT:-8180}"
  export KS_CATALOG_URL="http://127.0.0.1:${KS_CATALOG_PORT:-4002}"
}

# The images, built and run (scripts/images.sh): the engine on the project's own socket and data root, the bases, every
# product and server image; the product from its images on the local stack in place of the plain processes (the set-up
# and settings by scripts/apps.sh, which it then stops), with the smoke journeys and each image's checks (non-root,
# read-only root filesystem, no build secret), then each server's image through the test kit. Whatever happens, the
# containers are removed and the engine stopped.
images() {
  local rc=0
  images_run || rc=1
  scripts/images.sh stop || rc=1
  scripts/images.sh engine down || rc=1
  return $rc
}

images_run() {
  local started
  # (Called in a condition, where `set -e` does not hold: each step returns on failure itself.)
  export "$(scripts/images.sh engine up | tail -n 1)" || return 1
  # Containers a run left behind would hold the apps' ports.
  scripts/images.sh stop || return 1
  started=$(date +%s)
  timeout --kill-after=30 "${KS_BUDGET_IMAGES_BUILD:-3600}" bash -c 'scripts/images.sh build && scripts/images.sh stores' || return 1
  echo "images: built in $(($(date +%s) - started))s"
  scripts/images.sh sizes || return 1
  scripts/stack.sh up >/dev/null || return 1
  KS_TEST_MODE=true scripts/apps.sh up || return 1
  scripts/images.sh run || return 1
  export KS_WEB_URL="http://127.0.0.1:${KS_WEB_PORT:-5173}" KS_SMTP_API_URL="http://127.0.0.1:${KS_SMTP_API_PORT:-8025}/api"
  run_vitest images "${KS_BUDGET_IMAGES:-600}" images
}

summary() {
  node -e '
    const fs = require("node:fs");
    let passed = 0, failed = 0, skipped = 0;
    for (const f of fs.readdirSync(process.argv[1])) {
      const r = JSON.parse(fs.readFileSync(`${process.argv[1]}/${f}`, "utf8"));
      passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + r.numTodoTests;
    }
    console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
  ' "$RESULTS"
}

# The cluster (a first up builds it: 15-20 minutes), its checks from inside its network namespace, where its Services and
# API server are, then down whatever happened.
cluster() {
  local rc=0
  timeout --kill-after=60 "${KS_BUDGET_CLUSTER_UP:-2400}" scripts/cluster.sh up || rc=1
  if ((rc == 0)); then
    scripts/cluster.sh exec timeout --kill-after=30 "${KS_BUDGET_CLUSTER:-900}" vitest run --project cluster \
      --reporter=default --reporter=json --outputFile.json="$RESULTS/cluster.json" || rc=1
  fi
  scripts/cluster.sh down || rc=1
  return $rc
}

status=0
for p in "${phases[@]}"; do
  case "$p" in
    static) phase static "${KS_BUDGET_STATIC:-600}" timeout --kill-after=30 "${KS_BUDGET_STATIC:-600}" bash -c "$STATIC_CHECKS" || status=1 ;;
    unit) phase unit "${KS_BUDGET_UNIT:-600}" unit || status=1 ;;
    integration) phase integration "${KS_BUDGET_INTEGRATION:-1800}" integration || status=1 ;;
    e2e) phase e2e "${KS_BUDGET_E2E:-1200}" e2e || status=1 ;;
    reliability) phase reliability "${KS_BUDGET_RELIABILITY_PHASE:-900}" reliability || status=1 ;;
    images) phase images "${KS_BUDGET_IMAGES_PHASE:-4800}" images || status=1 ;;
    cluster) phase cluster "$((${KS_BUDGET_CLUSTER_UP:-2400} + ${KS_BUDGET_CLUSTER:-900}))" cluster || status=1 ;;
    *)
      echo "unknown phase $p (static, unit, integration, e2e, reliability, images, cluster)" >&2
      exit 2
      ;;
  esac
  # A failed phase stops the run: later phases build on earlier ones.
  ((status == 0)) || break
done
summary
exit $status
