#!/usr/bin/env bash
# Real-browser checks of `tca-trace report` (issue 7): builds the reports of fixtures (and of a
# generated 20,000-action trace), loads them in headless Chromium and checks, from the dumped DOM and the page's self-check, that each loads
# without errors, shows the expected number of actions (rendering only the rows in view), shows the
# diff of an action selected by its address (#seq=N), and that the injection fixture's markup and
# scripts are shown as text and execute nothing. Exits non-zero on failure.
#
#   scripts/browser-check.sh               the checks (CI)
#   scripts/browser-check.sh --screenshot  also redraws docs/report.png for a person to look at
#
# Environment: TCA_TRACE=path/to/tca-trace (default: build it), CHROMIUM=browser (default: chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

browser="${CHROMIUM:-chromium}"
if ! command -v "$browser" >/dev/null 2>&1; then
  echo "browser-check: installing chromium"
  sudo_cmd=""
  if [ "$(id -u)" != 0 ]; then sudo_cmd="sudo"; fi
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium
fi

tool="${TCA_TRACE:-}"
if [ -z "$tool" ]; then
  swift build --product tca-trace >/dev/null
  tool="$(swift build --show-bin-path)/tca-trace"
fi

traces=()
for fixture in Fixtures/todos.jsonl Fixtures/effect-cancelled.jsonl Fixtures/large-todos.jsonl; do
  if [ -f "$fixture" ]; then traces+=(--trace "$fixture"); fi
done
if [ ${#traces[@]} -eq 0 ]; then
  echo "browser-check: no recorded fixture found in Fixtures/ (todos.jsonl)" >&2
  exit 1
fi

python3 scripts/browser_check.py --browser "$browser" --tool "$tool" "${traces[@]}" --injection Fixtures/Handwritten/injection.jsonl

if [ "${1:-}" = "--screenshot" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  "$tool" report Fixtures/todos.jsonl -o "$work/report.html"
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/profile" \
    --virtual-time-budget=5000 --window-size=1400,900 --screenshot="$PWD/docs/report.png" \
    "file://$work/report.html#seq=9" 2>/dev/null
  echo "browser-check: wrote docs/report.png"
fi
