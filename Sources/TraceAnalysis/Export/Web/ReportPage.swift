import Debugging

/// The report page around the data: the head with its Content-Security-Policy, the layout's
/// empty containers, and the closing script. Nothing from the trace is ever written here; the
/// trace's data goes only into `<script type="application/json">` blocks (`ScriptData`) and the
/// script puts it on the page with `textContent`, `createElement` and fixed attribute names.
///
/// The policy allows nothing but the page's own inline script and style, by their SHA-256 hashes,
/// computed here from the text that is embedded:
///
/// ```text
/// default-src 'none'; script-src 'sha256-…'; style-src 'sha256-…'; img-src data:; base-uri 'none'; form-action 'none'
/// ```
enum ReportPage {
  static let script = ReportScript.core + ReportScript.timeline
  static let style = ReportStyle.css

  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'sha256-\(SHA256.base64(Array(script.utf8)))'; "
    + "style-src 'sha256-\(SHA256.base64(Array(style.utf8)))'; img-src data:; base-uri 'none'; form-action 'none'"

  static let head: [UInt8] = Array(
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
    <meta name="referrer" content="no-referrer">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>tca-trace report</title>
    <style>\(style)</style>
    </head>
    <body>
    <header>
    <h1 id="title">tca-trace report</h1>
    <p id="summary" class="muted"></p>
    <ul id="problems"></ul>
    </header>
    <section id="timeline-section" aria-label="Timeline">
    <svg id="timeline" role="img" aria-label="Timeline of actions and effects" width="1000" height="10"></svg>
    </section>
    <main>
    <section id="list-pane" aria-label="Actions">
    <div class="toolbar"><input id="filter" type="search" placeholder="Filter actions by label" aria-label="Filter actions by label" autocomplete="off" spellcheck="false"><span id="count" class="muted"></span></div>
    <div id="list" tabindex="0" role="listbox" aria-label="Actions"><div id="list-spacer"></div><div id="rows"></div></div>
    </section>
    <section id="detail" aria-label="Selected action"><p class="muted">Select an action to see its value and its state change.</p></section>
    </main>
    <section id="timings" aria-label="Timings"></section>
    <section id="notes" aria-label="Notes"></section>
    <pre id="self-check" hidden></pre>

    """.utf8)

  static let tail: [UInt8] = Array("<script>\(script)</script>\n</body>\n</html>\n".utf8)
}
