# shellcheck shell=bash
# install_pinned_venv <package> <dir> <check command...>
# Installs <package> into a venv of its own, once per version, and prints the venv's path. <dir> holds
# requirements.txt (with a `<package>==<version>` line) and constraints.txt (every dependency pinned). The venv
# lives in ${KICKSIGHT_CACHE:-$HOME/.cache/kicksight}/<package>-<version>; a venv records its own path, so it is
# built in place, and a stamp file marks it complete (a half-built one is rebuilt). <check command>, run with
# the venv's bin/ first on PATH, must succeed. Progress goes to stderr, the log sits beside the venv.
install_pinned_venv() {
  local package=$1 dir=$2
  shift 2
  local requirements=$dir/requirements.txt version venv log
  version=$(sed -n "s/^$package==\([^[:space:]]*\).*/\1/p" "$requirements")
  [[ -n "$version" ]] || {
    echo "$package: no $package==<version> line in $requirements" >&2
    return 1
  }
  venv=${KICKSIGHT_CACHE:-$HOME/.cache/kicksight}/$package-$version
  log=$venv.install.log
  if [[ ! -f "$venv/.installed" ]]; then
    command -v python3 >/dev/null 2>&1 || {
      echo "$package: python3 (with venv) is needed" >&2
      return 1
    }
    mkdir -p "$(dirname "$venv")"
    rm -rf "$venv"
    echo "$package: installing $package==$version into $venv (first run on this machine only; log in $log)" >&2
    python3 -m venv "$venv" >"$log" 2>&1 || {
      echo "$package: python3 -m venv failed (see $log)" >&2
      return 1
    }
    "$venv/bin/pip" install --disable-pip-version-check --no-input --quiet -r "$requirements" -c "$dir/constraints.txt" >>"$log" 2>&1 ||
      {
        echo "$package: pip install -r $requirements failed (see $log)" >&2
        return 1
      }
    PATH="$venv/bin:$PATH" "$@" >>"$log" 2>&1 || {
      echo "$package: the installed package does not run (see $log)" >&2
      return 1
    }
    touch "$venv/.installed"
  fi
  printf '%s\n' "$venv"
}
