#!/usr/bin/env bash
# The system is called from one place (issue 14): files under Sources/Debugging/Platform/. This
# fails when another source file imports Glibc, Darwin or Musl, or calls one of the file, descriptor
# or signal functions directly; call the named function in Platform instead (or add one there).
# Benchmarks are exempt (they time the system against the tool).
set -euo pipefail
cd "$(dirname "$0")/.."

pattern='^\s*import (Glibc|Darwin|Musl)\b|(^|[^.A-Za-z_])(lseek|pread|fstat|flock|ftruncate|fchmod|sigaction|signal|unlink|mkfifo|mknod)\(|(^|[^.A-Za-z_])open\([^)]*O_[A-Z]|Foundation\.(open|close|read|write|signal)\('
hits=$(grep -rEn "$pattern" Sources --include='*.swift' | grep -v '^Sources/Debugging/Platform/' | grep -v '^Sources/Benchmarks/' | grep -vE ':[0-9]+:\s*///?' || true)
if [ -n "$hits" ]; then
  echo "error: system calls outside Sources/Debugging/Platform/ (call Platform instead):" >&2
  echo "$hits" >&2
  exit 1
fi
echo "ok: every system call is in Sources/Debugging/Platform/"
