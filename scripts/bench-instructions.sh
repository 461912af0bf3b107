#!/usr/bin/env bash
# Instruction counts (callgrind) of whole commands on recorded traces, next to `jq -c .` on the
# same file: the figures to quote when the machine is too busy for wall times. Each row is one
# command on one trace; the ratio is jq's instructions ÷ ours (above 1: fewer than jq).
#
#   swift build -c release --product tca-trace
#   swift run -c release Benchmarks record-traces DIR      # the recorded traces (see RecordedTraces.swift)
#   scripts/bench-instructions.sh DIR [TRACE ...]          # TRACE: a file name in DIR (default: all)
#
# Needs valgrind and jq. Slow: about 50× a command's time.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:?usage: scripts/bench-instructions.sh DIR [TRACE ...]}"
shift
tool="$PWD/.build/release/tca-trace"
[ -x "$tool" ] || { echo "error: build the tool first: swift build -c release --product tca-trace" >&2; exit 2; }
traces=("$@")
[ ${#traces[@]} -gt 0 ] || mapfile -t traces < <(cd "$dir" && ls *.jsonl)
scratch="$(mktemp -d "${TMPDIR:-/tmp}/bench-instructions.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT

count() { # prints the instructions of the command "$@" (its output thrown away)
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : //p'
}

echo "trace | MB | command | instructions | per byte | jq ÷ ours"
for trace in "${traces[@]}"; do
  file="$dir/$trace"
  bytes=$(stat -c %s "$file")
  jq=$(count jq -c . "$file")
  row() { printf '%s | %.1f | %s | %s | %.0f | %.2f\n' "$trace" "$(echo "$bytes / 1000000" | bc -l)" "$1" "$2" "$(echo "$2 / $bytes" | bc -l)" "$(echo "$jq / $2" | bc -l)"; }
  row "jq -c ." "$jq"
  row "show" "$(count "$tool" show --color never "$file")"
  row "show --path /todos/5/isComplete" "$(count "$tool" show --color never --path /todos/5/isComplete "$file")"
  row "blame /todos/5/isComplete" "$(count "$tool" blame --color never "$file" /todos/5/isComplete)"
  row "show --labels-only" "$(count "$tool" show --color never --labels-only "$file")"
  row "timings" "$(count "$tool" timings "$file")"
  row "validate" "$(count "$tool" validate "$file")"
  row "report" "$(count "$tool" report "$file" -o "$scratch/report.html")"
  row "export" "$(count "$tool" export --format perfetto "$file" -o "$scratch/trace.json")"
done
