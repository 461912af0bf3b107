import Debugging

/// The report's stylesheet, embedded inline (its hash is in the page's CSP).
enum ReportStyle {
  static let css = #"""
    :root{--bg:#fff;--fg:#1f2328;--muted:#667085;--line:#e4e7ec;--panel:#f8fafc;--accent:#2563eb;--sel:#dbeafe;--ins:#05603a;--ins-bg:#e6f4ea;--del:#b42318;--del-bg:#fdecea;--mov:#0e6f8a;--mov-bg:#e0f2fe;--eff:#7c3aed;--can:#d97706;--run:#98a2b3;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace;color-scheme:light dark}
    @media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#8b949e;--line:#30363d;--panel:#161b22;--accent:#58a6ff;--sel:#1f3a5f;--ins:#7ee2a8;--ins-bg:#12361f;--del:#ffa198;--del-bg:#3d1517;--mov:#7dd3fc;--mov-bg:#0c3448}}
    *{box-sizing:border-box}
    body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
    header{padding:14px 20px 6px}
    h1{font-size:20px;margin:0 0 2px;font-weight:650}
    h2{font-size:15px;margin:16px 0 6px}
    h3{font-size:12px;margin:14px 0 6px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
    .muted{color:var(--muted)}
    #summary{margin:0}
    #problems{margin:4px 0 0;padding-left:18px;color:var(--del)}
    #problems:empty{display:none}
    #timeline-section{padding:4px 20px 8px;border-bottom:1px solid var(--line)}
    #timeline{display:block;width:100%;user-select:none}
    #timeline text{font:11px system-ui,sans-serif;fill:var(--muted)}
    #timeline text.lane{fill:var(--fg)}
    #timeline .bg{fill:var(--panel)}
    #timeline .ov-r{fill:var(--accent)}
    #timeline .ov-e{fill:var(--eff)}
    #timeline .window{fill:none;stroke:var(--fg);stroke-width:1;stroke-opacity:.45}
    #timeline .act{fill:var(--accent);cursor:pointer}
    #timeline .act.from{fill:var(--eff)}
    #timeline .act.sel{fill:#f59e0b}
    #timeline .eff{fill:var(--eff);fill-opacity:.35;stroke:var(--eff);stroke-opacity:.8}
    #timeline .eff.can{fill:var(--can);stroke:var(--can)}
    #timeline .eff.run{fill:var(--run);stroke:var(--run);stroke-dasharray:3 2}
    #timeline .flow{stroke:var(--eff);stroke-width:1;stroke-dasharray:2 2}
    #timeline .cursor{stroke:#f59e0b;stroke-width:1.5}
    #timeline .tick{stroke:var(--line)}
    main{display:grid;grid-template-columns:minmax(340px,40%) 1fr;height:480px;border-bottom:1px solid var(--line)}
    #list-pane{display:flex;flex-direction:column;min-height:0;border-right:1px solid var(--line)}
    .toolbar{display:flex;gap:10px;align-items:center;padding:8px 10px;border-bottom:1px solid var(--line)}
    #filter{flex:1;font:inherit;padding:5px 8px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg)}
    #count{font-size:12px;white-space:nowrap}
    #list{position:relative;flex:1;overflow-y:auto;outline:none}
    #rows{position:absolute;top:0;left:0;right:0}
    .row{position:absolute;left:0;right:0;height:24px;display:flex;gap:10px;align-items:center;padding:0 10px;cursor:pointer;white-space:nowrap;font-variant-numeric:tabular-nums}
    .row:hover{background:var(--panel)}
    .row.selected{background:var(--sel)}
    .row .seq{width:48px;text-align:right;color:var(--muted);flex:none}
    .row .time{width:72px;color:var(--muted);flex:none}
    .row .dur{width:60px;text-align:right;flex:none}
    .row .label{overflow:hidden;text-overflow:ellipsis;font:12.5px var(--mono)}
    .row.from .label{color:var(--eff)}
    #detail{overflow:auto;padding:10px 20px 16px;min-width:0}
    #detail h2{font:600 14px var(--mono);margin:4px 0 6px;word-break:break-all}
    #detail h2 .seq{color:var(--muted);margin-right:8px}
    .facts{display:flex;flex-wrap:wrap;gap:4px 18px;margin:0;font-size:13px}
    .facts div{white-space:nowrap}
    .facts dt{display:inline;color:var(--muted);margin-right:4px}
    .facts dd{display:inline;margin:0}
    button.link{font:inherit;border:0;padding:0;background:none;color:var(--accent);cursor:pointer;text-decoration:underline}
    pre{font:12.5px/1.5 var(--mono);background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:8px 0;margin:0;overflow:auto}
    pre.value{padding:8px 12px;white-space:pre}
    pre.diff .l{display:block;white-space:pre;padding:0 12px}
    pre.diff .ins{background:var(--ins-bg);color:var(--ins)}
    pre.diff .del{background:var(--del-bg);color:var(--del)}
    pre.diff .mov{background:var(--mov-bg);color:var(--mov)}
    pre.diff .dim{color:var(--muted)}
    .problem{color:var(--del)}
    ul.effects{margin:4px 0 0;padding-left:18px;font-size:13px}
    #timings,#notes{padding:4px 20px 20px}
    #notes:empty{display:none}
    table{border-collapse:collapse;font-variant-numeric:tabular-nums;font-size:13px;margin-bottom:8px}
    th,td{padding:3px 10px;text-align:right;border-bottom:1px solid var(--line);white-space:nowrap}
    th{color:var(--muted);font-weight:600}
    th:first-child,td:first-child{text-align:left}
    td.name{font:12.5px var(--mono);cursor:pointer;max-width:520px;overflow:hidden;text-overflow:ellipsis}
    td.name:hover{color:var(--accent)}
    """#
}
