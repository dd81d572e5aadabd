#!/usr/bin/env bash
# Installs the Python side of the backtest's statistical peers (Nixtla's statsforecast, pinned in
# requirements.txt, its dependencies in constraints.txt) into its own venv under
# ${KICKSIGHT_CACHE:-$HOME/.cache/kicksight}, once per version, and prints the venv's python:
#   services/prediction/peers/install.sh
set -euo pipefail
PEERS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../../../scripts/lib/venv.sh
source "$PEERS_DIR/../../../scripts/lib/venv.sh"
venv=$(install_pinned_venv statsforecast "$PEERS_DIR" python -c 'import statsforecast')
printf '%s\n' "$venv/bin/python"
