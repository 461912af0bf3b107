#!/usr/bin/env bash
# Dogfooding (issue 6): re-record the bundled fixtures with the current runtime and compare each
# with the committed golden trace using `tca-trace diff`. Fails when the runtime's behaviour
# changed (actions, states or effects), so CI catches it; timings are not compared.
#
#   scripts/check-fixtures.sh                 # text output
#   TCA_TRACE_DIFF_FORMAT=github scripts/check-fixtures.sh   # annotations on a pull request
#
# Exit code: 0 when every fixture behaves as committed, 1 when one differs or is missing,
# 2 when a trace cannot be read. To accept an intended change, re-record into Fixtures/:
#   swift run FixtureRecorder Fixtures
set -uo pipefail
cd "$(dirname "$0")/.."

format="${TCA_TRACE_DIFF_FORMAT:-text}"
recorded="$(mktemp -d "${TMPDIR:-/tmp}/tca-trace-fixtures.XXXXXX")"
trap 'rm -rf "$recorded"' EXIT

swift build --product tca-trace >/dev/null || exit 2
swift build --product FixtureRecorder >/dev/null || exit 2
bin="$(swift build --show-bin-path)"
"$bin/FixtureRecorder" "$recorded" >/dev/null || { echo "error: FixtureRecorder failed" >&2; exit 2; }

status=0
shopt -s nullglob
goldens=(Fixtures/*.jsonl)
if [ ${#goldens[@]} -eq 0 ]; then
  echo "error: no fixtures in Fixtures/" >&2
  exit 2
fi
for golden in "${goldens[@]}"; do
  name="$(basename "$golden")"
  current="$recorded/$name"
  if [ ! -f "$current" ]; then
    echo "error: $golden: FixtureRecorder no longer records $name" >&2
    status=$(( status > 1 ? status : 1 ))
    continue
  fi
  output="$("$bin/tca-trace" diff --format "$format" "$golden" "$current")"
  code=$?
  if [ "$code" -eq 0 ] && [ "$format" = text ]; then
    echo "ok: $golden"
  else
    printf '%s\n' "$output"
    status=$(( status > code ? status : code ))
  fi
done
for current in "$recorded"/*.jsonl; do
  name="$(basename "$current")"
  if [ ! -f "Fixtures/$name" ]; then
    echo "error: FixtureRecorder records $name, but Fixtures/$name is not committed" >&2
    status=$(( status > 1 ? status : 1 ))
  fi
done
exit "$status"
