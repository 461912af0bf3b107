import Debugging

/// The report's script, embedded inline (its hash is in the page's CSP). It reads the data blocks
/// with `JSON.parse` and builds every element with `createElement`/`textContent` and fixed
/// attribute names: no `innerHTML`, no `eval`, no URLs built from data.
///
/// `core`: the action list (virtualised: only the rows in view exist), the label filter, the
/// selected action's value and state diff (rendered from the diff model), the `#seq=N` address
/// and the self-check written to `#self-check` for the headless browser test.
enum ReportScript {
  static let core = #"""
    'use strict';
    const scriptStart = performance.now();
    let readyAt = 0;
    const errors = [];
    let alerts = 0;
    window.addEventListener('error', function (e) { errors.push(String(e.message || e.type)); check(); });
    document.addEventListener('securitypolicyviolation', function (e) { errors.push('blocked by the page policy: ' + e.violatedDirective); check(); });
    window.alert = window.confirm = window.prompt = function () { alerts++; check(); };

    const index = JSON.parse(document.getElementById('report-index').textContent);
    const A = index.actions, E = index.effects, labels = index.labels, count = A.seq.length;
    const ROW = 24;
    const list = document.getElementById('list'), rows = document.getElementById('rows');
    const spacer = document.getElementById('list-spacer'), filterInput = document.getElementById('filter');
    let shown = new Int32Array(0), selected = -1, first = 0, last = 0, ready = false;
    const chunks = new Map();
    const effectIndex = new Map(), startedBy = new Map();
    for (let j = 0; j < E.id.length; j++) {
      effectIndex.set(E.id[j], j);
      if (!startedBy.has(E.seq[j])) startedBy.set(E.seq[j], []);
      startedBy.get(E.seq[j]).push(j);
    }

    function el(tag, cls, text) {
      const e = document.createElement(tag);
      if (cls) e.className = cls;
      if (text !== undefined && text !== null) e.textContent = text;
      return e;
    }

    function fmt(ns) {
      const a = Math.abs(ns);
      function f(v, unit) { return (v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0)) + unit; }
      if (a < 1e3) return ns + 'ns';
      if (a < 1e6) return f(ns / 1e3, 'µs');
      if (a < 1e9) return f(ns / 1e6, 'ms');
      return f(ns / 1e9, 's');
    }

    function search(values, value) {
      let lo = 0, hi = values.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (values[mid] < value) lo = mid + 1; else hi = mid; }
      return lo;
    }

    function header() {
      const s = index.session;
      const name = s.name ? s.name + (s.prefix ? ' (' + s.prefix + ')' : '') : 'trace';
      document.title = name + ' — tca-trace report';
      document.getElementById('title').textContent = name;
      const parts = [count.toLocaleString('en') + (count === 1 ? ' action' : ' actions'),
        E.id.length.toLocaleString('en') + (E.id.length === 1 ? ' effect' : ' effects'), fmt(index.end)];
      if (s.start) parts.push('started ' + s.start);
      if (s.platform) parts.push(s.platform);
      document.getElementById('summary').textContent = parts.join(' · ');
      const problems = document.getElementById('problems');
      for (const p of index.problems.slice(0, 20)) problems.appendChild(el('li', null, p));
    }

    function applyFilter() {
      const q = filterInput.value.trim().toLowerCase();
      const match = labels.map(function (l) { return !q || l.toLowerCase().indexOf(q) >= 0; });
      const out = new Int32Array(count);
      let k = 0;
      for (let i = 0; i < count; i++) if (match[A.label[i]]) out[k++] = i;
      shown = out.subarray(0, k);
      spacer.style.height = (k * ROW) + 'px';
      document.getElementById('count').textContent = (k === count ? '' : k.toLocaleString('en') + ' of ') +
        count.toLocaleString('en') + (count === 1 ? ' action' : ' actions');
      renderRows();
    }

    function renderRows() {
      const top = list.scrollTop, height = list.clientHeight || 400;
      first = Math.max(0, Math.floor(top / ROW) - 4);
      last = Math.min(shown.length, Math.ceil((top + height) / ROW) + 4);
      rows.replaceChildren();
      for (let k = first; k < last; k++) {
        const i = shown[k];
        const row = el('div', 'row' + (i === selected ? ' selected' : '') + (A.effect[i] ? ' from' : ''));
        row.style.top = (k * ROW) + 'px';
        row.setAttribute('data-index', String(i));
        row.setAttribute('role', 'option');
        row.title = labels[A.label[i]];
        row.appendChild(el('span', 'seq', String(A.seq[i])));
        row.appendChild(el('span', 'time', '+' + fmt(A.t[i])));
        row.appendChild(el('span', 'dur', fmt(A.dur[i])));
        row.appendChild(el('span', 'label', labels[A.label[i]]));
        rows.appendChild(row);
      }
      // A label too long for its row keeps its start and its end (`Todos.Action.todos(.elem…
      // action: .checkBoxToggled))`): nested actions differ at the end. The row's title has it whole.
      for (const span of rows.querySelectorAll('.label')) {
        if (span.scrollWidth <= span.clientWidth) continue;
        const text = span.textContent, fits = Math.floor(text.length * span.clientWidth / span.scrollWidth);
        if (fits < 8) continue;
        // The end matters most: up to 24 characters of it before any of the start.
        const head = Math.max(0, Math.min(Math.ceil((fits - 1) * 0.4), fits - 1 - 24));
        span.textContent = text.slice(0, head) + '\u2026' + text.slice(text.length - (fits - 1 - head));
      }
      if (ready) renderTimeline();
    }

    function chunk(k) {
      if (!chunks.has(k)) {
        const node = document.getElementById('chunk-' + k);
        if (chunks.size > 16) chunks.delete(chunks.keys().next().value);
        chunks.set(k, node ? JSON.parse(node.textContent) : []);
      }
      return chunks.get(k);
    }

    function select(i, scroll) {
      if (i < 0 || i >= count) return;
      selected = i;
      if (scroll) {
        const k = search(shown, i);
        if (k < shown.length && shown[k] === i) {
          const height = list.clientHeight || 400;
          if (k * ROW < list.scrollTop || (k + 1) * ROW > list.scrollTop + height) list.scrollTop = Math.max(0, k * ROW - height / 2);
        }
      }
      renderRows();
      renderDetail();
      try { history.replaceState(null, '', '#seq=' + A.seq[i]); } catch (e) { /* file: URLs may refuse */ }
      check();
    }

    function selectSeq(seq, scroll) {
      const i = search(A.seq, seq);
      if (i < count && A.seq[i] === seq) select(i, scroll);
    }

    function fact(box, name, value) {
      const d = el('div');
      d.appendChild(el('dt', null, name));
      const dd = el('dd');
      if (typeof value === 'string') dd.textContent = value; else dd.appendChild(value);
      d.appendChild(dd);
      box.appendChild(d);
    }

    function link(text, seq) {
      const b = el('button', 'link', text);
      b.type = 'button';
      b.addEventListener('click', function () { selectSeq(seq, true); });
      return b;
    }

    function effectOutcome(j) {
      const life = fmt(E.end[j] - E.start[j]);
      return E.status[j] === 0 ? 'finished after ' + life : E.status[j] === 1 ? 'cancelled after ' + life : 'still running at the end (' + life + ')';
    }

    function renderDetail() {
      const box = document.getElementById('detail');
      box.replaceChildren();
      const i = selected;
      const d = chunk(Math.floor(i / index.chunkSize))[i % index.chunkSize] || {};
      const title = el('h2');
      title.appendChild(el('span', 'seq', '#' + A.seq[i]));
      title.appendChild(document.createTextNode(labels[A.label[i]]));
      box.appendChild(title);
      const facts = el('dl', 'facts');
      fact(facts, 'at', '+' + fmt(A.t[i]));
      fact(facts, 'reducer', fmt(A.dur[i]));
      if (A.effect[i]) {
        const j = effectIndex.get(A.effect[i]);
        if (j === undefined) fact(facts, 'sent by', 'effect ' + A.effect[i]);
        else fact(facts, 'sent by', link('effect ' + A.effect[i] + ' of #' + E.seq[j], E.seq[j]));
      } else {
        fact(facts, 'sent by', 'the user');
      }
      box.appendChild(facts);
      const started = startedBy.get(A.seq[i]);
      if (started) {
        box.appendChild(el('h3', null, started.length === 1 ? 'Effect started' : 'Effects started'));
        const ul = el('ul', 'effects');
        for (const j of started) ul.appendChild(el('li', null, 'effect ' + E.id[j] + ': ' + effectOutcome(j)));
        box.appendChild(ul);
      }
      box.appendChild(el('h3', null, 'Action'));
      box.appendChild(el('pre', 'value', d.a === undefined ? '' : d.a));
      box.appendChild(el('h3', null, 'State change'));
      if (d.x) box.appendChild(el('p', 'problem', d.x));
      else if (!d.d || d.d.u !== undefined) box.appendChild(el('p', 'muted', 'No change.'));
      else {
        const pre = el('pre', 'diff');
        node(pre, d.d, ' ', 0, '');
        box.appendChild(pre);
      }
    }

    const LINE = { ' ': 'ctx', '-': 'del', '+': 'ins', '~': 'mov' };

    function line(out, marker, depth, text, cls) {
      out.appendChild(el('span', 'l ' + (cls || LINE[marker]), marker + ' ' + '  '.repeat(depth) + text));
    }

    function dump(out, marker, depth, label, text, suffix) {
      const parts = String(text).split('\n');
      for (let j = 0; j < parts.length; j++) {
        line(out, marker, depth, (j === 0 ? label : '') + parts[j] + (j === parts.length - 1 ? suffix : ''));
      }
    }

    function node(out, n, marker, depth, suffix) {
      const label = n.k !== undefined ? n.k + ': ' : '';
      if (n.m) marker = '~';
      if (n.u !== undefined) {
        line(out, ' ', depth, '… (' + n.u + ' unchanged)' + suffix, 'dim');
      } else if (n.o !== undefined) {
        dump(out, '-', depth, label, n.o, suffix);
        dump(out, '+', depth, n.kn !== undefined ? n.kn + ': ' : label, n.n, suffix);
      } else if (n.a !== undefined) {
        dump(out, '+', depth, label, n.a, suffix);
      } else if (n.d !== undefined) {
        dump(out, '-', depth, label, n.d, suffix);
      } else if (n.l) {
        line(out, marker, depth, label + '"""');
        const keep = n.l.map(function (l, j) {
          for (let k = Math.max(0, j - 2); k <= Math.min(n.l.length - 1, j + 2); k++) if (n.l[k][0] !== ' ') return true;
          return false;
        });
        let hidden = 0;
        const flush = function () { if (hidden) line(out, ' ', depth + 1, '… (' + hidden + ' unchanged line' + (hidden === 1 ? ')' : 's)'), 'dim'); hidden = 0; };
        n.l.forEach(function (l, j) { if (keep[j]) { flush(); line(out, l[0], depth + 1, l[1]); } else hidden++; });
        flush();
        line(out, marker, depth + 1, '"""' + suffix);
      } else if (n.s !== undefined) {
        line(out, marker, depth, label + n.s);
        const c = n.c || [];
        for (let j = 0; j < c.length; j++) node(out, c[j], ' ', depth + 1, j === c.length - 1 ? '' : ',');
        line(out, marker, depth, n.e + suffix);
      } else if (n.m) {
        line(out, '~', depth, (n.k || '') + suffix);
      }
    }

    function check() {
      const out = document.getElementById('self-check');
      if (!out) return;
      const diff = document.querySelector('#detail pre.diff');
      const value = document.querySelector('#detail pre.value');
      out.textContent = JSON.stringify({
        ready: ready, startMs: Math.round(scriptStart), initMs: Math.round(readyAt - scriptStart), actions: count, listed: shown.length, rows: rows.childElementCount,
        selected: selected >= 0 ? A.seq[selected] : null,
        action: value ? value.textContent : null,
        diffLines: diff ? diff.childElementCount : 0,
        diff: diff ? Array.prototype.map.call(diff.children, function (l) { return l.textContent; }) : null,
        alerts: alerts, errors: errors
      });
    }

    list.addEventListener('scroll', function () {
      if (list.pending) return;
      list.pending = true;
      requestAnimationFrame(function () { list.pending = false; renderRows(); });
    });
    list.addEventListener('click', function (e) {
      const row = e.target.closest('.row');
      if (row) select(Number(row.getAttribute('data-index')), false);
    });
    list.addEventListener('keydown', function (e) {
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
      e.preventDefault();
      let k = search(shown, selected);
      k = e.key === 'ArrowDown' ? (shown[k] === selected ? k + 1 : k) : k - 1;
      if (k >= 0 && k < shown.length) select(shown[k], true);
    });
    let filterTimer = 0;
    filterInput.addEventListener('input', function () { clearTimeout(filterTimer); filterTimer = setTimeout(applyFilter, 80); });
    window.addEventListener('hashchange', fromAddress);
    window.addEventListener('resize', function () { renderRows(); });

    function fromAddress() {
      const m = /^#seq=(\d+)$/.exec(location.hash);
      if (m) selectSeq(Number(m[1]), true);
    }

    """#
}
