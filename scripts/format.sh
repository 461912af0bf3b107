#!/usr/bin/env bash
# Formats the package's Swift sources with the toolchain's `swift format` and the repository's
# .swift-format (2-space indentation, 120 columns, only rules `swift format format` can fix, so
# `--lint` passes right after formatting).
#
#   scripts/format.sh          # rewrite every Swift file in place (a few seconds)
#   scripts/format.sh --lint   # check only: exit 1 and a line per problem when a file is not formatted
#
# Tests/GeneratedTests is left alone: it is `tca-trace testgen`'s output, which
# scripts/check-testgen.sh compares byte for byte.
set -euo pipefail
cd "$(dirname "$0")/.."

files=()
while IFS= read -r file; do files+=("$file"); done < <(
  find Package.swift Sources Tests Examples -name '*.swift' -not -path 'Tests/GeneratedTests/*' | sort
)

case "${1:-}" in
  "")
    swift format format --in-place "${files[@]}"
    ;;
  --lint)
    swift format lint --strict "${files[@]}"
    ;;
  *)
    echo "usage: scripts/format.sh [--lint]" >&2
    exit 2
    ;;
esac
