#!/usr/bin/env python3
"""Headless-browser checks of `tca-trace report` pages (issue 7), standard library only.

Each check loads a report in headless Chromium with `--dump-dom` (after a virtual-time budget),
reads the page's self-check (`<pre id="self-check">`, JSON written by the page's script: actions
shown, the selected action, its diff lines, errors caught by window.onerror and CSP violations,
calls to alert) and inspects the dumped DOM itself.

    browser_check.py --tool .build/debug/tca-trace --trace Fixtures/todos.jsonl --injection Fixtures/Handwritten/injection.jsonl

Exits 1 when a check fails, 2 when the browser cannot run.
"""
import argparse
import html.parser
import json
import os
import subprocess
import sys
import tempfile

FAILURES = []
# Attributes a browser follows or loads: a `javascript:` value there would run when used.
URL_ATTRIBUTES = {"href", "xlink:href", "src", "srcdoc", "action", "formaction", "data", "poster", "background", "ping"}


def fail(message):
    FAILURES.append(message)
    print("FAIL: " + message)


class DOM(html.parser.HTMLParser):
    """The tags and attributes of a dumped page, and its text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags = []
        self.text = []
        self.self_check = None
        self._in_check = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_check = tag == "pre" and dict(attrs).get("id") == "self-check"

    def handle_endtag(self, tag):
        if self._in_check and tag == "pre":
            self._in_check = False

    def handle_data(self, data):
        if self._in_check:
            self.self_check = (self.self_check or "") + data
        else:
            self.text.append(data)


def load(browser, page, fragment="", width=1400):
    url = "file://" + os.path.abspath(page) + fragment
    with tempfile.TemporaryDirectory() as profile:
        command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                   "--user-data-dir=" + profile, "--window-size=%d,900" % width,
                   "--virtual-time-budget=5000", "--dump-dom", url]
        try:
            result = subprocess.run(command, capture_output=True, timeout=120, text=True)
        except (OSError, subprocess.TimeoutExpired) as error:
            print("cannot run the browser: %s" % error)
            sys.exit(2)
    dom = DOM()
    dom.feed(result.stdout)
    if dom.self_check is None:
        fail("%s%s: no self-check in the dumped page (browser exit %d)\n%s" % (page, fragment, result.returncode, result.stderr[-2000:]))
        return dom, {}
    try:
        return dom, json.loads(dom.self_check)
    except ValueError:
        fail("%s%s: the self-check is not JSON: %r" % (page, fragment, dom.self_check[:300]))
        return dom, {}


def actions(trace):
    """The trace's action lines, as dicts."""
    found = []
    with open(trace, encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            if record.get("kind") == "action":
                found.append(record)
    return found


def common(name, check, expected_count):
    if check.get("ready") is not True:
        fail("%s: the page did not finish starting (ready is %r)" % (name, check.get("ready")))
    if check.get("errors"):
        fail("%s: errors in the page: %r" % (name, check.get("errors")))
    if check.get("alerts"):
        fail("%s: alert() was called %d times" % (name, check.get("alerts")))
    if check.get("actions") != expected_count:
        fail("%s: %r actions shown, expected %d" % (name, check.get("actions"), expected_count))
    rows = check.get("rows", 0)
    if not 0 < rows <= 200:
        fail("%s: %r list rows in the DOM (the list must render only the rows in view)" % (name, rows))


def check_trace(browser, tool, trace, work):
    page = os.path.join(work, "report.html")
    subprocess.run([tool, "report", trace, "-o", page], check=True)
    records = actions(trace)
    name = os.path.basename(trace)
    before = len(FAILURES)
    dom, check = load(browser, page)
    common(name, check, len(records))
    if records and check.get("selected") != records[0]["seq"]:
        fail("%s: without #seq the first action should be selected, found %r" % (name, check.get("selected")))
    changed = [r for r in records if r.get("patch")]
    if not changed:
        fail("%s: no action with a state change to select" % name)
        return
    target = changed[len(changed) // 2]
    fragment = "#seq=%d" % target["seq"]
    dom, check = load(browser, page, fragment)
    common(name + fragment, check, len(records))
    if check.get("selected") != target["seq"]:
        fail("%s%s: selected %r" % (name, fragment, check.get("selected")))
    diff = check.get("diff") or []
    if not any(line[:1] in "-+~" and line[:1] != "" for line in diff):
        fail("%s%s: no changed line in the diff: %r" % (name, fragment, diff))
    if target["label"] not in "".join(dom.text):
        fail("%s%s: the selected action's label is not on the page" % (name, fragment))
    if len(FAILURES) == before:
        print("ok   %s: %d actions, %d rows in the DOM, %s shows %d diff lines"
          % (name, check.get("actions", 0), check.get("rows", 0), fragment, len(diff)))


def write_long_trace(path, count):
    """A valid trace of `count` toggles of 20 todos, for the list's virtualisation."""
    def line(record):
        return json.dumps(record, separators=(",", ":")) + "\n"
    todos = [{"$type": "Todo", "id": i, "title": "Todo %d" % i, "isComplete": False} for i in range(20)]
    with open(path, "w", encoding="utf-8") as out:
        out.write(line({"kind": "session", "format": 1, "name": "Long", "prefix": "", "start": "2026-11-21T20:00:00.000Z",
                        "clock": "monotonic", "platform": "Linux", "pid": 1, "keyframeInterval": 1000, "redacted": []}))
        out.write(line({"kind": "state", "seq": 0, "t": 0, "state": {"$type": "Todos.State", "todos": todos}}))
        for seq in range(1, count + 1):
            i = seq % 20
            todos[i]["isComplete"] = not todos[i]["isComplete"]
            out.write(line({"kind": "action", "seq": seq, "t": seq * 10000, "duration": 2000,
                            "label": "Todos.Action.toggle(%d)" % i, "action": {"$enum": "Todos.Action", "toggle": {"_0": i}},
                            "patch": [{"op": "replace", "path": "/todos/%d/isComplete" % i, "value": todos[i]["isComplete"]}]}))
        out.write(line({"kind": "end", "t": (count + 1) * 10000, "actions": count}))


def check_long(browser, tool, work, count=20000):
    trace = os.path.join(work, "long.jsonl")
    write_long_trace(trace, count)
    page = os.path.join(work, "long.html")
    subprocess.run([tool, "report", trace, "-o", page], check=True)
    before = len(FAILURES)
    fragment = "#seq=%d" % (count - 7)
    dom, check = load(browser, page, fragment)
    common("long trace" + fragment, check, count)
    if check.get("selected") != count - 7:
        fail("long trace%s: selected %r" % (fragment, check.get("selected")))
    if not any(line.startswith("+") for line in check.get("diff") or []):
        fail("long trace%s: no inserted line in the diff" % fragment)
    rows = sum(1 for tag, attrs in dom.tags if tag == "div" and "row" in attrs.get("class", "").split())
    if rows != check.get("rows"):
        fail("long trace: %d rows in the dumped DOM, the page says %r" % (rows, check.get("rows")))
    if len(FAILURES) == before:
        print("ok   long trace: %d actions, %d rows in the DOM, %s ready in %s ms"
              % (count, rows, fragment, check.get("initMs")))


def check_injection(browser, tool, trace, work):
    page = os.path.join(work, "injection.html")
    subprocess.run([tool, "report", trace, "-o", page], check=True)
    records = actions(trace)
    name = os.path.basename(trace)
    before = len(FAILURES)
    for record in records:
        fragment = "#seq=%d" % record["seq"]
        dom, check = load(browser, page, fragment)
        common(name + fragment, check, len(records))
        if check.get("selected") != record["seq"]:
            fail("%s%s: selected %r" % (name, fragment, check.get("selected")))
        bad = [tag for tag, _ in dom.tags if tag in ("img", "iframe", "object", "embed", "a", "base", "form", "link", "frame")]
        if bad:
            fail("%s%s: injected elements in the DOM: %r" % (name, fragment, bad))
        if [tag for tag, _ in dom.tags].count("svg") != 1:
            fail("%s%s: expected only the timeline's <svg>" % (name, fragment))
        for tag, attrs in dom.tags:
            for key, value in attrs.items():
                if key.startswith("on"):
                    fail("%s%s: event handler attribute %s on <%s>" % (name, fragment, key, tag))
                if key in URL_ATTRIBUTES and value and "javascript:" in value.lower():
                    fail("%s%s: javascript: URL in %s on <%s>" % (name, fragment, key, tag))
        scripts = [attrs for tag, attrs in dom.tags if tag == "script"]
        if sum(1 for attrs in scripts if attrs.get("type") != "application/json") != 1:
            fail("%s%s: a script element other than the page's own: %r" % (name, fragment, scripts))
        text = "".join(dom.text) + "".join(check.get("diff") or []) + (check.get("action") or "")
        if record["label"] not in text:
            fail("%s%s: the label %r is not shown as text" % (name, fragment, record["label"]))
    for payload in ("<img src=x onerror=alert(1)>", "</script><script>alert(1)</script>", "\"><svg onload=alert(1)>"):
        if payload not in "".join(dom.text):
            fail("%s: %r is not shown as text" % (name, payload))
    if len(FAILURES) == before:
        print("ok   %s: %d actions loaded one by one; payloads shown as text, nothing executed" % (name, len(records)))


def check_narrow(browser, tool, trace, work):
    """In a narrow window, a nested action's label in the list keeps its distinguishing end."""
    page = os.path.join(work, "narrow.html")
    subprocess.run([tool, "report", trace, "-o", page], check=True)
    name = os.path.basename(trace) + " (700 px wide)"
    dom, check = load(browser, page, width=700)
    common(name, check, len(actions(trace)))
    cut = [text for text in dom.text if "\u2026" in text and text.endswith("))")]
    if not any(text.endswith("Toggled))") for text in cut):
        fail("%s: no list label cut in the middle keeping its end (…Toggled)); cut labels: %r" % (name, cut[:5]))
    else:
        print("ok   %s: long labels keep their ends, e.g. %s" % (name, cut[0]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--browser", default="chromium")
    parser.add_argument("--tool", required=True)
    parser.add_argument("--trace", action="append", default=[])
    parser.add_argument("--injection", required=True)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        for trace in arguments.trace:
            check_trace(arguments.browser, arguments.tool, trace, work)
        check_long(arguments.browser, arguments.tool, work)
        narrow = [trace for trace in arguments.trace if os.path.basename(trace) == "todos.jsonl"]
        if narrow:
            check_narrow(arguments.browser, arguments.tool, narrow[0], work)
        check_injection(arguments.browser, arguments.tool, arguments.injection, work)
    if FAILURES:
        print("%d browser check(s) failed" % len(FAILURES))
        sys.exit(1)
    print("browser checks passed")


if __name__ == "__main__":
    main()
