#!/usr/bin/env bash
# Formats the package's Swift sources with the toolchain's `swift format` and the repository's
# .swift-format (2-space indentation, 120 columns, only rules `swift format format` can fix, so
# `--lint` passes right after formatting).
#
#   scripts/format.sh          # rewrite every Swift file in place (about 5 s)
#   scripts/format.sh --lint   # check only: exit 1 and a line per problem when a file is not formatted
set -euo pipefail
cd "$(dirname "$0")/.."

paths=(Package.swift Sources Tests Examples)

case "${1:-}" in
  "")
    swift format format --in-place --recursive "${paths[@]}"
    ;;
  --lint)
    swift format lint --strict --recursive "${paths[@]}"
    ;;
  *)
    echo "usage: scripts/format.sh [--lint]" >&2
    exit 2
    ;;
esac
