# shellcheck shell=bash
# Shared by script/*: find or build a Python >= 3.14.2 and run commands in a venv of it.
#
# The environment lives outside the repo, in $LLM_HUB_CACHE (default ~/.cache/llm_hub), so a
# fresh clone (CI) reuses it. Three ways to get Python, tried in this order:
#   1. a python3.14 / python3 on PATH that is >= 3.14.2           -> runtime "host"
#   2. `uv python install 3.14` (when uv is on PATH)               -> runtime "host"
#   3. Debian host as root: a Debian sid root made with debootstrap -> runtime "chroot"
# Venvs are in $CACHE/venvs/<name>; in the chroot that folder and the repo are bind-mounted at
# the same paths, inside a private mount namespace (unshare) so nothing stays mounted after.

set -euo pipefail

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${LLM_HUB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/llm_hub}
VENVS=$CACHE/venvs
SID_ROOT=$CACHE/sid-root
# Change this line and every machine rebuilds its chroot. The compilers and Python headers build
# the requirements that have no wheel for Python 3.14 (assist_pipeline's pymicro-vad and
# pyspeex-noise, which the frontend needs); libturbojpeg0 is what the camera integration loads.
SID_RECIPE="debootstrap --variant=minbase --include=python3.14,python3.14-venv,python3.14-dev,build-essential,libturbojpeg0,ca-certificates sid"
MIN_PY="3.14.2"
# The Home Assistant the tests run on (the pin of the newest test plugin); develop and demo default to it.
DEFAULT_HA_VERSION=2026.10.4

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

_py_ok() { "$1" -c 'import sys; sys.exit(sys.version_info < (3, 14, 2))' 2>/dev/null; }

_hash() { cat "$@" | sha256sum | cut -c1-16; }

# Sets RUNTIME (host|chroot) and PYTHON (path, as seen where commands run).
resolve_python() {
  local cand
  for cand in python3.14 python3 python; do
    if command -v "$cand" >/dev/null && _py_ok "$(command -v "$cand")"; then
      RUNTIME=host PYTHON=$(command -v "$cand"); return
    fi
  done
  if [ -f "$CACHE/uv-python" ] && _py_ok "$(cat "$CACHE/uv-python")"; then
    RUNTIME=host PYTHON=$(cat "$CACHE/uv-python"); return
  fi
  if [ -x "$SID_ROOT/usr/bin/python3.14" ] && [ "$(cat "$SID_ROOT/.recipe" 2>/dev/null)" = "$SID_RECIPE" ]; then
    RUNTIME=chroot PYTHON=/usr/bin/python3.14; return
  fi
  if command -v uv >/dev/null; then
    say "No Python >= $MIN_PY on PATH; trying: uv python install 3.14"
    if uv python install 3.14 && cand=$(uv python find 3.14) && _py_ok "$cand"; then
      mkdir -p "$CACHE"; echo "$cand" >"$CACHE/uv-python"
      RUNTIME=host PYTHON=$cand; return
    fi
    say "uv could not provide Python 3.14 here"
  else
    say "No Python >= $MIN_PY on PATH and no uv"
  fi
  build_sid_root
  RUNTIME=chroot PYTHON=/usr/bin/python3.14
}

build_sid_root() {
  [ -f /etc/debian_version ] && [ "$(id -u)" = 0 ] ||
    die "need Python >= $MIN_PY: install it (or uv), or run as root on Debian to build a chroot"
  command -v debootstrap >/dev/null || { say "Installing debootstrap"; apt-get install -y debootstrap >/dev/null; }
  say "Building a Debian sid root with Python 3.14 in $SID_ROOT (about a minute)"
  rm -rf "$SID_ROOT" "$VENVS"
  mkdir -p "$CACHE"
  # shellcheck disable=SC2086  # the recipe is a word list on purpose
  ${SID_RECIPE/sid/sid $SID_ROOT} >"$CACHE/debootstrap.log" 2>&1 ||
    die "debootstrap failed, see $CACHE/debootstrap.log"
  echo "$SID_RECIPE" >"$SID_ROOT/.recipe"
}

# _refresh SRC DEST: DEST becomes a copy of SRC, unless it is one already. Atomic (a copy
# beside it, then a rename), so that a command running in the chroot never reads it half-written.
_refresh() {
  cmp -s "$1" "$2" && return
  cp "$1" "$2.$$" && mv -f "$2.$$" "$2"
}

# Runs "$@" with venv $1's bin first on PATH, inside the chroot when RUNTIME=chroot.
run_in() {
  local venv=$VENVS/$1; shift
  if [ "$RUNTIME" = host ]; then
    PATH=$venv/bin:$PATH VIRTUAL_ENV=$venv "$@"
  else
    # Host files the chroot needs, refreshed each time: DNS and the CA bundle that PIP_CERT names.
    _refresh /etc/resolv.conf "$SID_ROOT/etc/resolv.conf"
    _refresh /etc/hosts "$SID_ROOT/etc/hosts"
    [ ! -f /etc/ssl/certs/ca-certificates.crt ] ||
      _refresh /etc/ssl/certs/ca-certificates.crt "$SID_ROOT/etc/ssl/certs/ca-certificates.crt"
    mkdir -p "$SID_ROOT$REPO_ROOT" "$SID_ROOT$VENVS" "$VENVS"
    unshare --mount --propagation private -- bash -c '
      set -e; r=$1; repo=$2; venvs=$3; venv=$4; shift 4
      mount -t proc proc "$r/proc"
      mount --rbind /dev "$r/dev"
      mount --rbind /sys "$r/sys"
      mount --bind "$repo" "$r$repo"
      mount --bind "$venvs" "$r$venvs"
      # PIP_FIND_LINKS names a host folder that the chroot does not have.
      exec chroot "$r" /usr/bin/env -u PIP_FIND_LINKS -C "$PWD" HOME=/root VIRTUAL_ENV="$venv" \
        PATH="$venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" "$@"
    ' _ "$SID_ROOT" "$REPO_ROOT" "$VENVS" "$venv" "$@"
  fi
}

# ensure_venv NAME KEY-FILE INSTALL-FN: creates venv NAME and runs INSTALL-FN NAME in it when the
# key (runtime, Python, KEY-FILE's content) changed since the last successful install.
ensure_venv() {
  local name=$1 key_file=$2 install=$3
  local venv=$VENVS/$name stamp
  stamp=$(printf '%s\n' "$RUNTIME" "$PYTHON" | cat - "$key_file" | sha256sum | cut -c1-16)
  if [ "$(cat "$venv/.stamp" 2>/dev/null)" = "$stamp" ]; then
    say "venv $name is up to date ($venv)"; return
  fi
  mkdir -p "$VENVS"
  # pyvenv.cfg, not bin/python: in the chroot that is a link the host cannot resolve.
  if [ ! -f "$venv/pyvenv.cfg" ]; then
    say "Creating venv $name ($RUNTIME Python)"
    run_in "$name" "$PYTHON" -m venv "$venv"
  fi
  say "Installing into venv $name"
  run_in "$name" python -m pip install --quiet --upgrade pip
  "$install" "$name"
  echo "$stamp" >"$venv/.stamp"
}

_install_test() { (cd "$REPO_ROOT" && run_in "$1" python -m pip install --quiet -r requirements_test.txt); }

# The test venv: requirements_test.txt (homeassistant 2026.10.4 through the test plugin).
ensure_test_venv() { ensure_venv test "$REPO_ROOT/requirements_test.txt" _install_test; }

_install_ha() {
  local version=${1#ha-} reqs
  run_in "$1" python -m pip install --quiet "homeassistant==$version"
  # The requirements of the dev config's integrations, read from this version's manifests, so
  # each Home Assistant version gets exactly the pins it asks for (HA would otherwise pip-install
  # them at its first start).
  reqs=$(run_in "$1" python "$REPO_ROOT/script/integration_requirements.py" \
    "$REPO_ROOT/config/configuration.yaml")
  say "Requirements of the dev config on $version: $(echo $reqs)"
  # shellcheck disable=SC2086  # one argument per requirement
  run_in "$1" python -m pip install --quiet $reqs
}

# The venv that runs Home Assistant VERSION on the bundled dev config (develop, demo). Its key
# is what decides the requirements: the integrations the config names (its top-level keys, as
# integration_requirements.py reads them), not the rest of it, so editing entities or scripts
# in configuration.yaml installs nothing.
ensure_ha_venv() {
  local key=$CACHE/ha-key-$1
  mkdir -p "$CACHE"
  { grep -oE '^[a-z_][a-z0-9_]*:' "$REPO_ROOT/config/configuration.yaml" | sort -u
    cat "$REPO_ROOT/script/integration_requirements.py" \
      "$REPO_ROOT"/config/custom_components/*/manifest.json; } >"$key"
  echo "$1" >>"$key"
  ensure_venv "ha-$1" "$key" _install_ha
}

# dev_config_files DIR: the files the dev config includes, made empty where missing: scripts.yaml,
# which the UI's script editor writes (Home Assistant does not start on an include it cannot read).
dev_config_files() {
  [ -f "$1/scripts.yaml" ] || : >"$1/scripts.yaml"
}

# --- Background jobs (demo, ui-check)

# Starts "$@" as a background job in its own process group (set -m); sets JOB_PID.
start_job() {
  set -m
  "$@" </dev/null &
  JOB_PID=$!
  set +m
}

# Whether process $1 runs (exists and is no zombie).
_running() {
  local state
  state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || true
  [ -n "$state" ] && [ "$state" != Z ]
}

# stop_job NAME PID [TIMEOUT]: stops a job of start_job; sets JOB_RC to its exit status.
# The job is a subshell running run_in, whose child is the command itself (the
# unshare/chroot/env chain execs into it): SIGTERM goes to that child; after TIMEOUT seconds
# (default 30) SIGKILL goes to the job's whole process group.
stop_job() {
  local name=$1 pid=$2 timeout=${3:-30} child= i
  JOB_RC=0
  for ((i = 0; i < 20; i++)); do # the child may not be forked yet
    child=$(pgrep -P "$pid" || true)
    [ -z "$child" ] && _running "$pid" || break
    sleep 0.1
  done
  if [ -n "$child" ]; then
    say "Stopping $name (pid $child)"
    kill -TERM "$child" 2>/dev/null || true
    for ((i = 0; i < timeout * 5; i++)); do
      _running "$child" || break
      sleep 0.2
    done
    if _running "$child"; then
      say "$name did not stop within $timeout s: SIGKILL"
      kill -KILL -- "-$pid" 2>/dev/null || true
    fi
  elif _running "$pid"; then
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  wait "$pid" || JOB_RC=$?
}

# parse_port_and_version "$@": sets PORT (--port N, default 8123) and VERSION (the one
# positional argument, default DEFAULT_HA_VERSION) for develop, demo and ui-check.
parse_port_and_version() {
  PORT=8123 VERSION=$DEFAULT_HA_VERSION
  local positional=0
  while [ $# -gt 0 ]; do
    case $1 in
      --port) [ $# -ge 2 ] || die "--port needs a number"; PORT=$2; shift 2 ;;
      --port=*) PORT=${1#--port=}; shift ;;
      -*) die "unknown option: $1 (usage: ${0##*/} [--port N] [HA_VERSION])" ;;
      *) VERSION=$1; positional=$((positional + 1)); shift ;;
    esac
  done
  [ "$positional" -le 1 ] || die "one Home Assistant version at most (usage: ${0##*/} [--port N] [HA_VERSION])"
  [[ $PORT =~ ^[0-9]+$ ]] && [ "$PORT" -ge 1 ] && [ "$PORT" -le 65535 ] || die "not a port: $PORT"
  [[ $VERSION =~ ^[0-9]+\.[0-9]+\.[0-9a-z.]+$ ]] || die "not a Home Assistant version: $VERSION"
}

# port_in_use PORT: whether something listens on 127.0.0.1:PORT.
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# write_http_config VERSION DIR PORT: Home Assistant VERSION's HTTP settings for config dir DIR,
# listening on 127.0.0.1:PORT only (script/http_config.py says why not an http: block).
write_http_config() {
  run_in "ha-$1" python "$REPO_ROOT/script/http_config.py" "$2" "$3"
}

# --- The browser check (script/ui-check): Debian's Chromium on the host, selenium in a venv of
# the host's own Python (the browser and its driver are the host's, not the chroot's).
UI_REQUIREMENTS=$REPO_ROOT/requirements_ui.txt

ensure_browser() {
  command -v chromium >/dev/null && command -v chromedriver >/dev/null && return
  [ -f /etc/debian_version ] && [ "$(id -u)" = 0 ] ||
    die "the browser check needs chromium and chromedriver on PATH (Debian: apt-get install chromium chromium-driver)"
  say "Installing Debian's chromium and chromium-driver"
  mkdir -p "$CACHE"
  { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      chromium chromium-driver; } >"$CACHE/apt-chromium.log" 2>&1 ||
    die "apt-get could not install chromium and chromium-driver, see $CACHE/apt-chromium.log"
}

# Sets UI_PYTHON: the python of the venv with requirements_ui.txt, made when missing or stale.
ensure_ui_venv() {
  local venv=$VENVS/ui host_python stamp
  host_python=$(command -v /usr/bin/python3 || command -v python3) ||
    die "the browser check needs a python3 on the host"
  stamp=$(echo "$host_python" | cat - "$UI_REQUIREMENTS" | sha256sum | cut -c1-16)
  UI_PYTHON=$venv/bin/python
  if [ "$(cat "$venv/.stamp" 2>/dev/null)" = "$stamp" ]; then
    say "venv ui is up to date ($venv)"; return
  fi
  say "Making venv ui (host Python: $host_python)"
  rm -rf "$venv"
  mkdir -p "$VENVS"
  "$host_python" -m venv "$venv"
  "$UI_PYTHON" -m pip install --quiet -r "$UI_REQUIREMENTS"
  echo "$stamp" >"$venv/.stamp"
}
