#!/usr/bin/env bash
# Fuzzes the BFF's OpenAPI document with schemathesis, as a stranger and as a member on the Unlimited plan,
# bounded (KS_SCHEMATHESIS_EXAMPLES examples per operation, default 5; KS_SCHEMATHESIS_SECONDS per run,
# default 30), against 127.0.0.1 only; prints each run's count of requests and of answers of 500 or above,
# and fails on any failed check (KS_SCHEMATHESIS_CHECKS): by default no answer of 500 or above, no request that
# breaks the document accepted, and every answer's status, type and body as documented. (schemathesis'
# positive_data_acceptance can be added by hand: its fuzzer draws property names that break the documented
# propertyNames rule and counts their refusal against the server.)
#   reliability/schemathesis/run.sh   (the apps up in test mode; KS_BFF_URL, KS_WEB_URL)
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BFF=${KS_BFF_URL:-http://127.0.0.1:8080}
case "$BFF" in
  http://127.0.0.1:*) ;;
  *)
    echo "schemathesis: runs against http://127.0.0.1 only (KS_BFF_URL=$BFF)" >&2
    exit 2
    ;;
esac
SCHEMATHESIS=$("$HERE/install.sh")
OUT=$ROOT/.stack/schemathesis
rm -rf "$OUT" && mkdir -p "$OUT"
TOKEN=$(cd "$ROOT" && node reliability/schemathesis/unlimited-member.ts)

CHECKS=not_a_server_error,negative_data_rejection,response_schema_conformance,status_code_conformance,content_type_conformance,unsupported_method
status=0
run() { # <name> [schemathesis options...]
  local name=$1 rc=0
  shift
  # Below the BFF's 600 requests a minute per member (or per address without a token). The demo gate is left out: its
  # attempts are limited per address for 15 minutes, which would close the demo to every other test run on this machine.
  "$SCHEMATHESIS" --config-file "$HERE/schemathesis.toml" --no-color run "$BFF/api/docs/openapi.json" --url "$BFF" \
    --checks "${KS_SCHEMATHESIS_CHECKS:-$CHECKS}" --phases coverage,fuzzing --max-examples "${KS_SCHEMATHESIS_EXAMPLES:-5}" \
    --max-time "${KS_SCHEMATHESIS_SECONDS:-30}" --rate-limit 540/m --workers 2 --seed 20261127 --exclude-path /api/demo/access \
    --generation-database none --report har --report-har-path "$OUT/$name.har" "$@" >"$OUT/$name.log" 2>&1 || rc=$?
  python3 - "$name" "$OUT/$name.har" "$rc" <<'PY' || status=1
import json, sys
name, har, rc = sys.argv[1], sys.argv[2], int(sys.argv[3])
entries = json.load(open(har))["log"]["entries"]
errors = [e for e in entries if e["response"]["status"] >= 500]
print(f"schemathesis {name}: {len(entries)} requests, {len(errors)} answers of 500 or above")
for e in errors[:10]:
    print(f"  {e['response']['status']} {e['request']['method']} {e['request']['url']}")
if rc != 0 and not errors:
    print(f"  schemathesis {name} failed a check or did not finish (exit {rc}): see its log")
# rc 1: a check failed (a 5xx); anything else but 0 is a run that did not finish.
sys.exit(1 if errors or rc != 0 else 0)
PY
}
run anonymous
# Signing out and deleting the account end the member's session: the rest is fuzzed with the session alive, and
# those two last, with a member of their own.
run member --header "Authorization: Bearer $TOKEN" --exclude-operation-id postAuthLogout --exclude-operation-id deleteUser
ENDING_TOKEN=$(cd "$ROOT" && node reliability/schemathesis/unlimited-member.ts)
run member-ending --header "Authorization: Bearer $ENDING_TOKEN" --include-operation-id postAuthLogout --include-operation-id deleteUser
((status == 0)) || echo "schemathesis: see $OUT/*.log" >&2
exit $status
