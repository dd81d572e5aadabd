#!/usr/bin/env bash
# Installs schemathesis (pinned in requirements.txt, its dependencies in constraints.txt) into its own venv
# under ${KICKSIGHT_CACHE:-$HOME/.cache/kicksight}, once per version, and prints the path of its command:
#   reliability/schemathesis/install.sh
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../../scripts/lib/venv.sh
source "$HERE/../../scripts/lib/venv.sh"
venv=$(install_pinned_venv schemathesis "$HERE" schemathesis --version)
printf '%s\n' "$venv/bin/schemathesis"
