#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer with AddressSanitizer) of what reads untrusted traces: the
# JSON reader and writer, trace records, patch application, state tracking, replay, the validator
# and the summary reader (scripts/fuzz/TraceFuzzTarget.swift). It compiles Sources/Debugging and
# the target directly with `swiftc -sanitize=fuzzer,address` — nothing in Package.swift changes.
#
#   scripts/fuzz.sh                  # 120 seconds
#   FUZZ_SECONDS=600 scripts/fuzz.sh # longer
#   scripts/fuzz.sh crash-1234abcd   # run one input again (a reproducer)
#
# The seed corpus is made from Fixtures/ (each fixture, and its first lines alone) plus a few
# hostile shapes; what the fuzzer finds is kept in .build/fuzz/corpus between runs. A crash fails
# the script (exit 1) and leaves its reproducer in .build/fuzz/crashes/ (printed at the end).
# Prints executions per second and totals.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-120}"
work=.build/fuzz
mkdir -p "$work/corpus" "$work/seeds" "$work/crashes"
binary="$work/trace-fuzzer"

# Build (again when a source changed).
mapfile -t sources < <(find Sources/Debugging -name '*.swift' | sort)
sources+=(scripts/fuzz/TraceFuzzTarget.swift)
if [ ! -x "$binary" ] || [ -n "$(find "${sources[@]}" -newer "$binary" -print -quit)" ]; then
  echo "fuzz: building $binary"
  swiftc -sanitize=fuzzer,address -parse-as-library -module-name Debugging -package-name tca_trace -swift-version 6 -O -g \
    "${sources[@]}" -o "$binary"
fi

if [ $# -gt 0 ]; then
  exec "$binary" "$@"
fi

# Seeds: every fixture whole (up to 64 KB) and its first 5 lines; hand-made hostile shapes.
rm -f "$work/seeds"/*
for fixture in Fixtures/*.jsonl Fixtures/*/*.jsonl; do
  [ -f "$fixture" ] || continue
  name="$(basename "$fixture" .jsonl)"
  head -c 65536 "$fixture" > "$work/seeds/$name"
  head -n 5 "$fixture" > "$work/seeds/$name-head"
done
header='{"kind":"session","format":1,"name":"F","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux","pid":1,"keyframeInterval":5,"redacted":[]}'
deep="$(printf '[%.0s' $(seq 1 40))$(printf ']%.0s' $(seq 1 40))"
printf '%s\n{"kind":"state","seq":0,"t":0,"state":{"a":%s}}\n{"kind":"action","seq":1,"t":1,"duration":1,"label":"A.x","action":{"$enum":"A","x":{}},"patch":[{"op":"copy","from":"/a","path":"/a/0/0"}]}\n' "$header" "$deep" > "$work/seeds/hostile-copy"
printf '%s\n{"kind":"state","seq":0,"t":0,"state":{"n":0}}\n{"kind":"action","seq":2,"t":1,"duration":1,"label":"A.x","action":{"$enum":"A","x":{}},"patch":[{"op":"replace","path":"/n","value":1}]}\n{"kind":"action","seq":1,"t":1,"duration":1,"label":"A.x","action":{"$enum":"A","x":{}},"patch":[{"op":"move","from":"/n","path":"/m"}]}\n' "$header" > "$work/seeds/hostile-order"

log="$work/last-run.log"
status=0
"$binary" "$work/corpus" "$work/seeds" \
  -max_total_time="$seconds" -max_len=65536 -timeout=20 -rss_limit_mb=4096 \
  -artifact_prefix="$work/crashes/" -print_final_stats=1 2> "$log" || status=$?

# The figures: libFuzzer's final stats and its last status line.
runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)"
rate="$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)"
last="$(grep -E '^#[0-9]+' "$log" | tail -1 || true)"
echo "fuzz: $runs executions in ${seconds}s ($rate exec/s); $(ls "$work/corpus" | wc -l) inputs in the corpus"
[ -n "$last" ] && echo "fuzz: $last"
if [ "$status" -ne 0 ]; then
  tail -60 "$log"
  echo "fuzz: FAILED (exit $status); reproducer(s):"
  ls -1 "$work/crashes/" | sed "s|^|  $work/crashes/|"
  echo "fuzz: run one again with: scripts/fuzz.sh $work/crashes/<file>"
  exit 1
fi
