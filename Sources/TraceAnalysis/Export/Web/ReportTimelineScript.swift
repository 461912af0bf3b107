import Debugging

extension ReportScript {
  /// `timeline`: the SVG timeline (an overview of the whole trace from the timing report's
  /// busy-ness lanes, and the actions, effect spans and output flows around the rows in view),
  /// the timing tables, the notes, and the start-up.
  static let timeline = #"""
    const SVGNS = 'http://www.w3.org/2000/svg';
    const svgRoot = document.getElementById('timeline');

    function svg(parent, tag, attrs, text) {
      const e = document.createElementNS(SVGNS, tag);
      for (const k in attrs) e.setAttribute(k, String(attrs[k]));
      if (text !== undefined) e.textContent = text;
      parent.appendChild(e);
      return e;
    }

    function short(text, n) { return text.length > n ? text.slice(0, n - 1) + '…' : text; }

    function detailWindow() {
      let from = Infinity, to = -Infinity;
      for (let k = Math.max(first, 0); k < Math.min(last, shown.length); k++) {
        const i = shown[k];
        from = Math.min(from, A.t[i]);
        to = Math.max(to, A.t[i] + A.dur[i]);
      }
      if (selected >= 0) { from = Math.min(from, A.t[selected]); to = Math.max(to, A.t[selected] + A.dur[selected]); }
      if (from === Infinity) { from = 0; to = Math.max(index.end, 1); }
      const pad = Math.max((to - from) * 0.04, 500);
      return [Math.max(0, from - pad), to + pad];
    }

    function renderTimeline() {
      const width = Math.max(640, svgRoot.parentNode.clientWidth - 40 || 1000);
      const LEFT = 200, plot = width - LEFT - 10, span = Math.max(index.end, 1);
      svgRoot.replaceChildren();
      let y = 14;
      svg(svgRoot, 'text', { x: 0, y: y }, 'Whole trace · ' + fmt(span));
      y += 6;
      const lanes = index.timing.density.lanes, columns = lanes.length ? lanes[0][1].length : 1, cw = plot / columns;
      const win = detailWindow();
      const overviewTop = y;
      lanes.forEach(function (lane, n) {
        const t = svg(svgRoot, 'text', { x: 0, y: y + 11, class: 'lane' }, short(n === 0 ? 'reducer' : lane[0], 30));
        svg(t, 'title', {}, lane[0]);
        svg(svgRoot, 'rect', { x: LEFT, y: y, width: plot, height: 14, class: 'bg' });
        lane[1].forEach(function (busy, c) {
          if (busy <= 0) return;
          const h = Math.max(1.5, 14 * busy / 1000);
          svg(svgRoot, 'rect', { x: (LEFT + c * cw).toFixed(1), y: (y + 14 - h).toFixed(1), width: Math.max(cw - 0.4, 0.8).toFixed(1), height: h.toFixed(1), class: n === 0 ? 'ov-r' : 'ov-e' });
        });
        y += 17;
      });
      const wx = LEFT + plot * win[0] / span, ww = Math.max(2, plot * (win[1] - win[0]) / span);
      svg(svgRoot, 'rect', { x: wx.toFixed(1), y: overviewTop - 1, width: ww.toFixed(1), height: y - overviewTop, class: 'window' });
      const overviewBottom = y;
      svgRoot.onclick = function (e) {
        const target = e.target;
        if (target.getAttribute && target.getAttribute('data-index') !== null) { select(Number(target.getAttribute('data-index')), true); return; }
        const box = svgRoot.getBoundingClientRect(), x = e.clientX - box.left, yy = e.clientY - box.top;
        if (yy < overviewTop || yy > overviewBottom || x < LEFT) return;
        const i = Math.min(count - 1, search(A.t, span * (x - LEFT) / plot));
        if (i >= 0) select(i, true);
      };

      y += 16;
      const from = win[0], to = win[1], scale = plot / Math.max(to - from, 1);
      const X = function (t) { return LEFT + (t - from) * scale; };
      svg(svgRoot, 'text', { x: 0, y: y }, 'Rows in view · ' + fmt(to - from));
      for (let k = 0; k <= 4; k++) {
        const t = from + (to - from) * k / 4, x = X(t);
        svg(svgRoot, 'line', { x1: x.toFixed(1), x2: x.toFixed(1), y1: y + 4, y2: y + 8, class: 'tick' });
        svg(svgRoot, 'text', { x: Math.min(x, width - 60).toFixed(1), y: y, 'text-anchor': k === 0 ? 'start' : k === 4 ? 'end' : 'middle' }, '+' + fmt(Math.round(t)));
      }
      y += 10;
      const reducerY = y;
      svg(svgRoot, 'text', { x: 0, y: y + 12, class: 'lane' }, 'reducer');
      svg(svgRoot, 'rect', { x: LEFT, y: y, width: plot, height: 16, class: 'bg' });
      let lo = search(A.t, from), hi = search(A.t, to);
      const step = Math.max(1, Math.ceil((hi - lo) / 3000));
      for (let i = lo; i < hi; i += step) {
        const r = svg(svgRoot, 'rect', { x: X(A.t[i]).toFixed(1), y: y + 1, width: Math.max(2, A.dur[i] * scale).toFixed(1), height: 14,
          class: 'act' + (A.effect[i] ? ' from' : '') + (i === selected ? ' sel' : ''), 'data-index': i });
        svg(r, 'title', {}, '#' + A.seq[i] + ' ' + labels[A.label[i]] + ' · ' + fmt(A.dur[i]));
      }
      y += 22;

      const laneEnd = [], drawn = new Map();
      for (let j = 0; j < E.id.length && drawn.size < 400; j++) {
        if (E.start[j] > to || E.end[j] < from) continue;
        let lane = laneEnd.findIndex(function (end) { return end < E.start[j]; });
        if (lane < 0) { if (laneEnd.length < 8) { lane = laneEnd.length; laneEnd.push(0); } else lane = laneEnd.length - 1; }
        laneEnd[lane] = E.end[j];
        drawn.set(E.id[j], lane);
        const x1 = X(Math.max(E.start[j], from)), x2 = X(Math.min(E.end[j], to));
        const r = svg(svgRoot, 'rect', { x: x1.toFixed(1), y: y + lane * 16, width: Math.max(2, x2 - x1).toFixed(1), height: 12, rx: 2,
          class: 'eff' + (E.status[j] === 1 ? ' can' : E.status[j] === 2 ? ' run' : '') });
        svg(r, 'title', {}, 'effect ' + E.id[j] + ' of #' + E.seq[j] + ' ' + labels[E.label[j]] + ' · ' + effectOutcome(j));
      }
      if (laneEnd.length) svg(svgRoot, 'text', { x: 0, y: y + 10, class: 'lane' }, 'effects');
      for (let i = lo; i < hi; i += step) {
        if (!A.effect[i] || !drawn.has(A.effect[i])) continue;
        const x = X(A.t[i]).toFixed(1);
        svg(svgRoot, 'line', { x1: x, x2: x, y1: y + drawn.get(A.effect[i]) * 16, y2: reducerY + 15, class: 'flow' });
      }
      y += Math.max(1, laneEnd.length) * 16 + 4;
      if (selected >= 0 && A.t[selected] >= from && A.t[selected] <= to) {
        const x = X(A.t[selected]).toFixed(1);
        svg(svgRoot, 'line', { x1: x, x2: x, y1: reducerY - 4, y2: y - 4, class: 'cursor' });
      }
      svgRoot.setAttribute('width', String(width));
      svgRoot.setAttribute('height', String(y));
      svgRoot.setAttribute('viewBox', '0 0 ' + width + ' ' + y);
    }

    function table(parent, heads, data, nameClick) {
      const t = el('table'), head = el('tr');
      for (const h of heads) head.appendChild(el('th', null, h));
      t.appendChild(el('thead')).appendChild(head);
      const body = el('tbody');
      for (const row of data) {
        const tr = el('tr');
        row.forEach(function (cell, c) {
          const td = el('td', c === 0 ? 'name' : null, cell);
          if (c === 0) { td.title = cell; td.addEventListener('click', function () { nameClick(cell); }); }
          tr.appendChild(td);
        });
        body.appendChild(tr);
      }
      t.appendChild(body);
      parent.appendChild(t);
    }

    function filterTo(label) {
      filterInput.value = label;
      applyFilter();
      list.scrollTop = 0;
      if (shown.length) select(shown[0], true);
    }

    function timings() {
      const box = document.getElementById('timings');
      box.appendChild(el('h2', null, 'Reducer time by action'));
      table(box, ['action', 'count', 'total', 'min', 'mean', 'p50', 'p95', 'p99', 'max'],
        index.timing.actions.map(function (a) { return [a[0], a[1][0].toLocaleString('en')].concat(a[1].slice(1).map(fmt)); }), filterTo);
      if (index.timing.effects.length) {
        box.appendChild(el('h2', null, 'Effect lifetimes by originating action'));
        table(box, ['started by', 'started', 'outputs', 'finished', 'cancelled', 'running', 'mean', 'p50', 'p95', 'max'],
          index.timing.effects.map(function (e) {
            const s = e[6];
            return [e[0], String(e[1]), String(e[2]), String(e[3]), String(e[4]), String(e[5])]
              .concat(s ? [fmt(s[3]), fmt(s[4]), fmt(s[5]), fmt(s[7])] : ['–', '–', '–', '–']);
          }), filterTo);
      }
    }

    function notes() {
      if (!index.notes.length) return;
      const box = document.getElementById('notes');
      box.appendChild(el('h2', null, 'Notes from the recorder'));
      const ul = el('ul');
      for (const n of index.notes.slice(0, 200)) {
        ul.appendChild(el('li', null, '+' + fmt(n[0]) + ' ' + n[1] + ': ' + n[2] + (n.length > 3 ? ' (' + n[3] + ' dropped)' : '')));
      }
      box.appendChild(ul);
    }

    header();
    timings();
    notes();
    applyFilter();
    ready = true;
    if (/^#seq=\d+$/.test(location.hash)) fromAddress(); else if (count) select(0, false);
    renderTimeline();
    readyAt = performance.now();
    check();
    """#
}
