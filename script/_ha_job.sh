# shellcheck shell=bash
# Shared by script/demo and script/ui-check: a Home Assistant on a fresh copy of the dev config,
# in the background, and a client run against it. Home Assistant is always stopped at the end;
# on failure the tail of its log is printed. Source after _lib.sh, then:
#   ha_job_begin LABEL; fresh_config VERSION DIR PORT; start_ha VERSION; run_client CMD...;
#   ha_job_end
HA_PID=     # background job running Home Assistant
CLIENT_PID= # background job running the client
HA_LOG=
HA_DIR=
JOB_LABEL=
JOB_START=

stop_ha() {
  [ -n "$HA_PID" ] || return 0
  local pid=$HA_PID
  HA_PID=
  stop_job "Home Assistant" "$pid" 30
  # 0: a clean stop; 143: SIGTERM came before Home Assistant installed its signal handlers.
  say "Home Assistant stopped (exit status $JOB_RC)"
}

_ha_job_on_exit() {
  local rc=$?
  if [ -n "$CLIENT_PID" ]; then
    stop_job "the $JOB_LABEL client" "$CLIENT_PID" 5
    CLIENT_PID=
  fi
  if [ "$rc" != 0 ] && [ -n "$HA_LOG" ] && [ -f "$HA_LOG" ]; then
    printf '\n----- last 60 lines of %s -----\n' "$HA_LOG" >&2
    tail -n 60 "$HA_LOG" >&2
    printf -- '----- end of log -----\n\n' >&2
  fi
  stop_ha
  if [ "$rc" != 0 ]; then
    printf '\033[1;31m%s FAILED on Home Assistant %s after %d s\033[0m\n' \
      "$JOB_LABEL" "${VERSION:-?}" "$((SECONDS - JOB_START))" >&2
  fi
  exit "$rc"
}

# ha_job_begin LABEL: traps that stop everything on exit (LABEL names the run in messages).
ha_job_begin() {
  JOB_LABEL=$1 JOB_START=$SECONDS
  trap _ha_job_on_exit EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
}

# fresh_config VERSION DIR PORT: a fresh copy of the dev config in DIR (configuration.yaml, the
# custom components, HTTP on 127.0.0.1:PORT), for Home Assistant VERSION.
fresh_config() {
  local version=$1 port=$3
  HA_DIR=$2
  port_in_use "$port" && die "something already listens on 127.0.0.1:$port (script/develop?); stop it or pick another --port"
  say "Fresh config dir $HA_DIR"
  rm -rf "$HA_DIR"
  mkdir -p "$HA_DIR"
  cp "$REPO_ROOT/config/configuration.yaml" "$HA_DIR/"
  dev_config_files "$HA_DIR"
  cp -rL "$REPO_ROOT/config/custom_components" "$HA_DIR/"
  find "$HA_DIR" -name __pycache__ -prune -exec rm -rf {} +
  write_http_config "$version" "$HA_DIR" "$port"
  echo "copied configuration.yaml and custom_components/{$(cd "$HA_DIR/custom_components" && ls | paste -sd,)}; HTTP on 127.0.0.1:$port"
}

# start_ha VERSION: Home Assistant VERSION started on the config dir of fresh_config.
start_ha() {
  HA_LOG=$HA_DIR/hass.log
  say "Starting Home Assistant $1 in the background (log: $HA_LOG)"
  cd "$REPO_ROOT"
  start_job run_in "ha-$1" hass -c "$HA_DIR" --log-no-color >"$HA_LOG" 2>&1
  HA_PID=$JOB_PID
}

# run_host CMD...: CMD on the host, in a subshell of its own (what stop_job expects of a job).
run_host() { "$@"; }

# run_client CMD...: runs CMD as a background job and waits for it (so that a signal to the
# script stops it at once); exits with its status when it fails.
run_client() {
  local rc=0
  start_job "$@"
  CLIENT_PID=$JOB_PID
  wait "$CLIENT_PID" || rc=$?
  CLIENT_PID=
  [ "$rc" = 0 ] || exit "$rc"
}

# ha_job_end: checks that Home Assistant listened on 127.0.0.1:PORT only (where ss is), stops
# it, sums up its log, says the run passed.
ha_job_end() {
  local listening
  if command -v ss >/dev/null; then
    listening=$(ss -ltnH "sport = :$PORT" | awk '{print $4}' | sort -u | paste -sd' ')
    [ "$listening" = "127.0.0.1:$PORT" ] ||
      die "Home Assistant listens on ${listening:-nothing}, not on 127.0.0.1:$PORT only"
    say "Home Assistant listened on $listening only"
  fi
  stop_ha
  grep -E '^[0-9]{4}-[0-9-]+ [0-9:.+-]+ (WARNING|ERROR|CRITICAL) ' "$HA_LOG" >"$HA_DIR/problems.log" || true
  say "Home Assistant's log: $(grep -c ' WARNING ' "$HA_DIR/problems.log" || true) warnings," \
    "$(grep -c -E ' (ERROR|CRITICAL) ' "$HA_DIR/problems.log" || true) errors (listed in $HA_DIR/problems.log)"
  printf '\033[1;32m%s passed on Home Assistant %s in %d s\033[0m\n' \
    "$JOB_LABEL" "$VERSION" "$((SECONDS - JOB_START))"
}
