#!/usr/bin/env bash
# Installs the Python side of the backtest's statistical peers (Nixtla's statsforecast, pinned in
# requirements.txt) into its own venv, once per version, and prints the venv's python:
#   services/prediction/peers/install.sh
# The venv lives in ${KICKSIGHT_CACHE:-$HOME/.cache/kicksight}/statsforecast-<version>; a venv
# records its own path, so it is built in place, and a stamp file marks it complete (a half-built
# one is rebuilt). Progress goes to stderr, the python path alone to stdout.
set -euo pipefail

PEERS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REQUIREMENTS=$PEERS_DIR/requirements.txt
VERSION=$(sed -n 's/^statsforecast==\([^[:space:]]*\).*/\1/p' "$REQUIREMENTS")
[[ -n "$VERSION" ]] || { echo "peers: no statsforecast==<version> line in $REQUIREMENTS" >&2; exit 1; }
KS_CACHE=${KICKSIGHT_CACHE:-$HOME/.cache/kicksight}
HOME_DIR=$KS_CACHE/statsforecast-$VERSION
PYTHON=$HOME_DIR/bin/python

if [[ ! -f "$HOME_DIR/.installed" ]]; then
  command -v python3 >/dev/null 2>&1 || { echo "peers: python3 (3.9 or later, with venv) is needed" >&2; exit 1; }
  mkdir -p "$KS_CACHE"
  LOG=$KS_CACHE/statsforecast-$VERSION.install.log
  rm -rf "$HOME_DIR"
  echo "peers: installing statsforecast==$VERSION into $HOME_DIR (first run on this machine only; log in $LOG)" >&2
  python3 -m venv "$HOME_DIR" >"$LOG" 2>&1 || { echo "peers: python3 -m venv failed (see $LOG)" >&2; exit 1; }
  "$HOME_DIR/bin/pip" install --disable-pip-version-check --no-input --quiet -r "$REQUIREMENTS" -c "$PEERS_DIR/constraints.txt" >>"$LOG" 2>&1 ||
    { echo "peers: pip install -r $REQUIREMENTS failed (see $LOG)" >&2; exit 1; }
  "$PYTHON" -c 'import statsforecast' >>"$LOG" 2>&1 || { echo "peers: statsforecast does not import (see $LOG)" >&2; exit 1; }
  touch "$HOME_DIR/.installed"
fi
printf '%s\n' "$PYTHON"
