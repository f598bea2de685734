#!/usr/bin/env bash
# Debian's Chromium as the tests and the benches start it (e2e/chromium.py): the real
# binary is $SCORPION_CHROMIUM. Chromium keeps only the last --disable-features and the last
# --enable-features it is given, so those the launcher (Playwright) passes are merged here
# into one of each, and HeapProfilerReporting is disabled: the sampling heap profiler that
# Chromium turns on in some sessions crashes renderers running Pyodide now and then (its
# stack scan reads past the end of a stack; e2e/chromium.py).
set -euo pipefail
disable=HeapProfilerReporting
enable=
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) disable="$disable,${arg#--disable-features=}" ;;
    --enable-features=*) enable="${enable:+$enable,}${arg#--enable-features=}" ;;
    *) args+=("$arg") ;;
  esac
done
if [[ -n "$enable" ]]; then args+=("--enable-features=$enable"); fi
exec "${SCORPION_CHROMIUM:?the real Chromium}" "${args[@]}" "--disable-features=$disable"
