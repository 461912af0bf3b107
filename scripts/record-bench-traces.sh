#!/bin/sh
# Records the readers' benchmark traces with the runtime itself (`.debug(to: .file(…))` on the
# Todos example: 1,000, 10,000 and 100,000 todos, two lengths each; `long` adds a ~100 MB+ one for
# `state --at`), then prints the readers' table (each command next to `jq -c .` and `cat` on the
# same file, with the ×4 length and ×10 state columns). The traces are not kept in git.
#
#   scripts/record-bench-traces.sh [DIR] [long]     # DIR defaults to /tmp/tca-trace-recorded
set -eu
dir=${1:-/tmp/tca-trace-recorded}
# The tool as README "Install" builds it (on Linux with the Swift runtime inside: it starts in about
# 2 ms instead of 5.5). Benchmarks links Testing, which has no static build, so it is built first
# and the tool last: switching the flag rebuilds the modules, and the last build keeps its binary.
swift build -c release --product Benchmarks
if [ "$(uname)" = Linux ]; then static=--static-swift-stdlib; else static=; fi
swift build -c release $static --product tca-trace
.build/release/Benchmarks record-traces "$dir" ${2:-}
.build/release/Benchmarks readers "$dir"
