# Node 24 for every command of the project, and the project's dependencies.
# Node comes from the npm registry (package `node`), installed once per machine into the cache,
# then put first on PATH so that npm itself, and everything it runs, uses it.

KICKSIGHT_CACHE="${KICKSIGHT_CACHE:-$HOME/.cache/kicksight}"

ensure_node() {
  local version dir
  version="$(tr -d ' \n' <"$ROOT/.nvmrc")"
  dir="$KICKSIGHT_CACHE/node-$version"
  if [[ ! -x "$dir/node_modules/node/bin/node" ]]; then
    command -v npm >/dev/null || {
      echo "kicksight: node: npm is needed once to fetch Node $version from the npm registry" >&2
      exit 1
    }
    echo "kicksight: installing Node $version into $dir"
    rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
    npm install --prefix "$dir.tmp" --no-audit --no-fund --loglevel=error "node@$version" >/dev/null 2>"$dir.tmp.log" ||
      {
        echo "kicksight: node: could not install node@$version from the npm registry (see $dir.tmp.log)" >&2
        exit 1
      }
    rm -rf "$dir" && mv "$dir.tmp" "$dir"
  fi
  export PATH="$dir/node_modules/node/bin:$ROOT/node_modules/.bin:$PATH"
  # TypeScript runs on Node's type stripping; kafkajs 2.2.4 schedules timers with negative delays
  # that Node clamps to 1 ms (kafkajs issue 1751): both warnings are noise.
  export NODE_OPTIONS="--disable-warning=ExperimentalWarning --disable-warning=TimeoutNegativeWarning${NODE_OPTIONS:+ $NODE_OPTIONS}"
  [[ "$(node -v)" == "v$version" ]] || {
    echo "kicksight: node: expected v$version, found $(node -v)" >&2
    exit 1
  }
}

# Installs dependencies when package-lock.json changed since the last install (or none was made).
ensure_deps() {
  local stamp="$ROOT/node_modules/.kicksight-lock" want
  want="$(sha256sum "$ROOT/package-lock.json" | cut -d' ' -f1)-$(node -v)"
  if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
    echo "kicksight: installing dependencies (npm ci)"
    (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error) || {
      echo "kicksight: npm ci failed" >&2
      exit 1
    }
    echo "$want" >"$stamp"
  fi
}
