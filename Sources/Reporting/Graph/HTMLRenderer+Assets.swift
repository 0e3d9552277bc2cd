extension HTMLRenderer {
    /// The page's whole style sheet: cluster colours `k0`…`k9`, dimmed and focused states.
    static let style = """
    body{margin:0;font:14px system-ui,sans-serif;color:#1d2329;display:grid;grid-template-columns:260px 1fr;grid-template-rows:auto 1fr auto;height:100vh}header{grid-column:1/3;display:flex;gap:16px;align-items:baseline;padding:8px 16px;border-bottom:1px solid #ccd}h1{font-size:18px;margin:0}h2{font-size:16px}nav{padding:12px;border-right:1px solid #ccd;overflow:auto;display:flex;flex-direction:column;gap:10px}nav label{display:flex;flex-direction:column;gap:2px;font-size:12px}nav ul{list-style:none;padding:0;margin:0;font-size:12px}nav li{margin:3px 0}.swatch{display:inline-block;width:12px;height:12px;margin-right:6px;border:1px solid #889;vertical-align:middle}main{overflow:auto}#findings{grid-column:1/3;max-height:30vh;overflow:auto;padding:0 16px;border-top:1px solid #ccd}table{border-collapse:collapse;font-size:12px;width:100%}td,th{text-align:left;padding:3px 6px;border-bottom:1px solid #e3e6ea}tbody tr{cursor:pointer}tbody tr:hover,tbody tr.selected{background:#fff1c2}tr.error td:first-child{color:#b00020}tr.warning td:first-child{color:#9a6700}g.node{cursor:pointer}g.node>rect{stroke:#556;stroke-width:1}g.node text{font:12px ui-monospace,monospace;text-anchor:middle;pointer-events:none}g.node.test>rect{stroke-dasharray:4 2}g.node.external>rect{fill:#fff;stroke-dasharray:5 3}g.node.tool>rect{rx:12}g.node.focus>rect,g.node.selected>rect{stroke:#1d2329;stroke-width:2.5}path.edge{fill:none;stroke:#8894a2;stroke-width:1;marker-end:url(#arrow)}path.edge.external{stroke-dasharray:5 3}path.edge.undeclared{stroke-dasharray:2 3}path.edge.violation{stroke:#d0021b;stroke-width:2}path.edge.focused{stroke:#0050d0;stroke-width:3.5}marker path{fill:#8894a2}text.elabel{font:10px system-ui,sans-serif;fill:#445;text-anchor:middle}.dim{opacity:.08}g.node.dim{opacity:.15}.k0>rect,.swatch.k0{fill:#cfe2ff;background:#cfe2ff}rect.run.k0{fill:#cfe2ff;opacity:.45}.k1>rect,.swatch.k1{fill:#d1f2d9;background:#d1f2d9}rect.run.k1{fill:#d1f2d9;opacity:.45}.k2>rect,.swatch.k2{fill:#ffe5b4;background:#ffe5b4}rect.run.k2{fill:#ffe5b4;opacity:.45}.k3>rect,.swatch.k3{fill:#f3d1f4;background:#f3d1f4}rect.run.k3{fill:#f3d1f4;opacity:.45}.k4>rect,.swatch.k4{fill:#d6f0f5;background:#d6f0f5}rect.run.k4{fill:#d6f0f5;opacity:.45}.k5>rect,.swatch.k5{fill:#fde2e4;background:#fde2e4}rect.run.k5{fill:#fde2e4;opacity:.45}.k6>rect,.swatch.k6{fill:#e8e1fb;background:#e8e1fb}rect.run.k6{fill:#e8e1fb;opacity:.45}.k7>rect,.swatch.k7{fill:#e9f5c9;background:#e9f5c9}rect.run.k7{fill:#e9f5c9;opacity:.45}.k8>rect,.swatch.k8{fill:#fff3b0;background:#fff3b0}rect.run.k8{fill:#fff3b0;opacity:.45}.k9>rect,.swatch.k9{fill:#dfe7ec;background:#dfe7ec}rect.run.k9{fill:#dfe7ec;opacity:.45}
    """

    /// The page's whole script, hand-written, no library: search, focus with depth and direction, zoom,
    /// a finding row focusing its edge. It records script errors and blocked fetches in
    /// `data-errors`, the visible module count in `data-visible`, the focused edge in
    /// `data-focused-edge` and the load time in `data-ready-ms`, so a headless browser's dumped
    /// DOM shows what happened.
    static let script = #"""
    (function () {
      'use strict';
      var body = document.body, problems = [];
      function problem(text) { problems.push(text); body.dataset.errors = problems.join(' | '); }
      window.addEventListener('error', function (e) { problem(String(e.message)); });
      document.addEventListener('securitypolicyviolation', function (e) { problem('blocked ' + e.violatedDirective + ' ' + e.blockedURI); });
      var nodes = {}, out = {}, into = {}, edges = [], status = document.getElementById('status'), total = status.textContent;
      document.querySelectorAll('g.node').forEach(function (g) { nodes[g.id] = g; out[g.id] = []; into[g.id] = []; });
      document.querySelectorAll('path.edge').forEach(function (p) { edges.push(p); out[p.dataset.from].push(p); into[p.dataset.to].push(p); });
      var search = document.getElementById('search'), depth = document.getElementById('depth'), direction = document.getElementById('direction');
      var focused = null;
      function clearMarks() {
        document.querySelectorAll('.focused,.selected').forEach(function (e) { e.classList.remove('focused', 'selected'); });
        delete body.dataset.focusedEdge; delete body.dataset.focus;
      }
      // Shows the nodes of `shown` (all when null) and the edges `edgesShown` (else those between shown nodes).
      function show(shown, edgesShown, what) {
        var count = 0;
        for (var id in nodes) { var on = !shown || shown.has(id); nodes[id].classList.toggle('dim', !on); if (on) count++; }
        edges.forEach(function (p) {
          var on = edgesShown ? edgesShown.has(p) : (!shown || (shown.has(p.dataset.from) && shown.has(p.dataset.to)));
          p.classList.toggle('dim', !on);
        });
        body.dataset.visible = String(count);
        status.textContent = what ? count + ' of ' + Object.keys(nodes).length + ' modules: ' + what : total;
      }
      function applySearch() {
        clearMarks(); focused = null;
        var query = search.value.trim().toLowerCase();
        if (!query) { show(null, null, ''); return; }
        var shown = new Set();
        for (var id in nodes) if (nodes[id].dataset.label.toLowerCase().indexOf(query) >= 0) shown.add(id);
        show(shown, null, 'matching "' + search.value.trim() + '"');
      }
      // Breadth-first from `start`, `limit` steps (0: no limit), along dependencies, dependants or both.
      function focus(start) {
        clearMarks(); focused = start;
        var limit = Number(depth.value), way = direction.value, shown = new Set([start]), lit = new Set(), frontier = [start], step = 0;
        while (frontier.length && (limit === 0 || step < limit)) {
          var next = [];
          frontier.forEach(function (id) {
            if (way !== 'in') out[id].forEach(function (p) { lit.add(p); if (!shown.has(p.dataset.to)) { shown.add(p.dataset.to); next.push(p.dataset.to); } });
            if (way !== 'out') into[id].forEach(function (p) { lit.add(p); if (!shown.has(p.dataset.from)) { shown.add(p.dataset.from); next.push(p.dataset.from); } });
          });
          frontier = next; step++;
        }
        nodes[start].classList.add('selected');
        body.dataset.focus = nodes[start].dataset.label;
        show(shown, lit, 'around ' + nodes[start].dataset.label);
      }
      function focusEdge(row) {
        clearMarks(); focused = null;
        row.classList.add('selected');
        var edge = row.dataset.edge && document.getElementById(row.dataset.edge);
        if (edge) {
          edge.classList.add('focused');
          body.dataset.focusedEdge = edge.id;
          show(new Set([edge.dataset.from, edge.dataset.to]), new Set([edge]), 'finding ' + row.id.slice(1));
          nodes[edge.dataset.from].scrollIntoView({ block: 'center', inline: 'center' });
        } else if (row.dataset.node) {
          focus(row.dataset.node);
        }
      }
      search.addEventListener('input', applySearch);
      depth.addEventListener('change', function () { if (focused) focus(focused); });
      direction.addEventListener('change', function () { if (focused) focus(focused); });
      var drawing = document.getElementById('drawing'), zoom = document.getElementById('zoom');
    var fullWidth = Number(drawing.getAttribute('width')), fullHeight = Number(drawing.getAttribute('height'));
    zoom.addEventListener('change', function () {
      var main = document.getElementById('graph');
      var scale = zoom.value === 'fit' ? Math.min(1, main.clientWidth / fullWidth, main.clientHeight / fullHeight) : Number(zoom.value);
      drawing.setAttribute('width', String(Math.round(fullWidth * scale)));
      drawing.setAttribute('height', String(Math.round(fullHeight * scale)));
    });
    document.getElementById('reset').addEventListener('click', function () { search.value = ''; applySearch(); });
      for (var id in nodes) nodes[id].addEventListener('click', function (e) { focus(e.currentTarget.id); });
      document.querySelectorAll('#findings tbody tr').forEach(function (row) {
        row.addEventListener('click', function () { focusEdge(row); });
        row.addEventListener('keydown', function (e) { if (e.key === 'Enter') focusEdge(row); });
      });
      // A link can open the page in a state: #search=Name, #focus=Name, #finding=N (clicks row N).
      function fromHash() {
        // A malformed escape (#search=%E0%A4%A) is no state to open in, not a page that stops.
        var hash;
        try { hash = decodeURIComponent(location.hash.slice(1)); } catch (e) { return; }
        var cut = hash.indexOf('='), key = hash.slice(0, cut), value = hash.slice(cut + 1);
        if (cut < 0) return;
        if (key === 'search') { search.value = value; applySearch(); }
        if (key === 'focus') { for (var id in nodes) if (nodes[id].dataset.label === value) focus(id); }
        if (key === 'finding') { var row = document.getElementById('f' + value); if (row) row.click(); }
      }
      window.addEventListener('hashchange', fromHash);
      fromHash();
      body.dataset.visible = body.dataset.visible || String(Object.keys(nodes).length);
      body.dataset.readyMs = String(Math.round(performance.now()));
    })();
    """#
}
