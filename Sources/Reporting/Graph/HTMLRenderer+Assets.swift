extension HTMLRenderer {
    /// The page's whole style sheet: cluster colours `k0`…`k9`, dimmed and focused states.
    static let style = """
    body{margin:0;font:14px system-ui,sans-serif;color:#1d2329;display:grid;grid-template-columns:260px 1fr;grid-template-rows:auto 1fr auto auto;height:100vh}header{grid-column:1/3;display:flex;gap:16px;align-items:baseline;padding:8px 16px;border-bottom:1px solid #ccd}h1{font-size:18px;margin:0}h2{font-size:16px}nav{padding:12px;border-right:1px solid #ccd;overflow:auto;display:flex;flex-direction:column;gap:10px}nav label{display:flex;flex-direction:column;gap:2px;font-size:12px}nav ul{list-style:none;padding:0;margin:0;font-size:12px}nav li{margin:3px 0}.swatch{display:inline-block;width:12px;height:12px;margin-right:6px;border:1px solid #889;vertical-align:middle}main{overflow:auto}svg.view.off{display:none}g.node.group>rect{stroke-width:1.5}g.node.group text{font-weight:600}nav label.check{flex-direction:row;align-items:center;gap:6px}#views{margin:0;display:flex;gap:6px}#views button.on{font-weight:600}details.group{margin:6px 0}details summary{cursor:pointer;font-size:13px;padding:3px 0}details.group summary .sev{display:inline-block;min-width:56px;font-weight:600}details.group.error .sev{color:#b00020}details.group.warning .sev{color:#9a6700}details.group.note .sev{color:#445}.count{display:inline-block;margin-left:6px;padding:0 7px;border-radius:9px;background:#e3e6ea;font-size:12px}#notes{margin:10px 0;color:#445}#notes>summary{font-weight:600}#findings{grid-column:1/3;max-height:30vh;overflow:auto;padding:0 16px;border-top:1px solid #ccd}#footprint{grid-column:1/3;max-height:30vh;overflow:auto;padding:0 16px;border-top:1px solid #ccd}#footprint>details>summary{font-size:16px;font-weight:600;padding:8px 0}#footprint tbody tr{cursor:auto}table{border-collapse:collapse;font-size:12px;width:100%;table-layout:fixed}td:first-child,th:first-child{width:34%;overflow-wrap:anywhere}td,th{text-align:left;padding:3px 6px;border-bottom:1px solid #e3e6ea}tbody tr{cursor:pointer}tbody tr:hover,tbody tr.selected{background:#fff1c2}g.node{cursor:pointer}g.node>rect{stroke:#556;stroke-width:1}g.node text{font:12px ui-monospace,monospace;text-anchor:middle;pointer-events:none}g.node.test>rect{stroke-dasharray:4 2}g.node.external>rect{fill:#fff;stroke-dasharray:5 3}g.node.tool>rect{rx:12}g.node.focus>rect,g.node.selected>rect{stroke:#1d2329;stroke-width:2.5}path.edge{fill:none;stroke:#8894a2;stroke-width:1}path.edge.external{stroke-dasharray:5 3}path.edge.undeclared{stroke-dasharray:2 3}path.edge.imported{stroke-dasharray:2 3;stroke:#b03a2e}path.edge.declared-only{stroke:#c4cad1}body.all-findings path.edge.violation,path.edge.violation.lit{stroke:#d0021b;stroke-width:2}body:not(.all-findings) path.edge.undeclared:not(.lit){display:none}path.edge.focused,path.edge.violation.focused{stroke:#0050d0;stroke-width:3.5}marker path{fill:#8894a2}text.elabel{font:10px system-ui,sans-serif;fill:#445;text-anchor:middle}.dim{opacity:.08}g.node.dim{opacity:.15}.k0>rect,.swatch.k0{fill:#cfe2ff;background:#cfe2ff}rect.run.k0{fill:#cfe2ff;opacity:.45}.k1>rect,.swatch.k1{fill:#d1f2d9;background:#d1f2d9}rect.run.k1{fill:#d1f2d9;opacity:.45}.k2>rect,.swatch.k2{fill:#ffe5b4;background:#ffe5b4}rect.run.k2{fill:#ffe5b4;opacity:.45}.k3>rect,.swatch.k3{fill:#f3d1f4;background:#f3d1f4}rect.run.k3{fill:#f3d1f4;opacity:.45}.k4>rect,.swatch.k4{fill:#d6f0f5;background:#d6f0f5}rect.run.k4{fill:#d6f0f5;opacity:.45}.k5>rect,.swatch.k5{fill:#fde2e4;background:#fde2e4}rect.run.k5{fill:#fde2e4;opacity:.45}.k6>rect,.swatch.k6{fill:#e8e1fb;background:#e8e1fb}rect.run.k6{fill:#e8e1fb;opacity:.45}.k7>rect,.swatch.k7{fill:#e9f5c9;background:#e9f5c9}rect.run.k7{fill:#e9f5c9;opacity:.45}.k8>rect,.swatch.k8{fill:#fff3b0;background:#fff3b0}rect.run.k8{fill:#fff3b0;opacity:.45}.k9>rect,.swatch.k9{fill:#dfe7ec;background:#dfe7ec}rect.run.k9{fill:#dfe7ec;opacity:.45}
    """

    /// The page's whole script, hand-written, no library: search, focus with depth and direction,
    /// zoom (fitted to the window on open), the overview's clusters opening on a click, a finding
    /// row focusing its edge, finding edges drawn for the selection or all of them. It records
    /// script errors and blocked fetches in `data-errors`, the visible module count in
    /// `data-visible`, the view shown and its module count in `data-view` and `data-view-modules`,
    /// the scale in `data-scale` and whether the view fits in `data-fitted`, the red finding edges drawn in `data-finding-edges-drawn`, the
    /// focused edge in `data-focused-edge` and the load time in `data-ready-ms`, so a headless
    /// browser's dumped DOM shows what happened.
    static let script = #"""
    (function () {
      'use strict';
      var body = document.body, problems = [];
      function problem(text) { problems.push(text); body.dataset.errors = problems.join(' | '); }
      window.addEventListener('error', function (e) { problem(String(e.message)); });
      document.addEventListener('securitypolicyviolation', function (e) { problem('blocked ' + e.violatedDirective + ' ' + e.blockedURI); });
      var drawing = document.getElementById('drawing'), main = document.getElementById('graph');
      var nodes = {}, out = {}, into = {}, edges = [], status = document.getElementById('status'), total = status.textContent;
      drawing.querySelectorAll('g.node').forEach(function (g) { nodes[g.id] = g; out[g.id] = []; into[g.id] = []; });
      drawing.querySelectorAll('path.edge').forEach(function (p) { edges.push(p); out[p.dataset.from].push(p); into[p.dataset.to].push(p); });
      var search = document.getElementById('search'), depth = document.getElementById('depth'), direction = document.getElementById('direction');
      var zoom = document.getElementById('zoom'), allFindings = document.getElementById('all-findings');
      var overview = document.getElementById('view-o'), views = {}, current = null, focused = null;
      document.querySelectorAll('svg.view').forEach(function (v) {
        views[v.id] = { svg: v, width: Number(v.getAttribute('width')), height: Number(v.getAttribute('height')) };
      });
      // Counts the finding edges the current view draws in red, as the browser styles them.
      function record() {
        var drawn = 0;
        if (current) current.svg.querySelectorAll('path.edge.violation').forEach(function (p) {
          var style = getComputedStyle(p);
          if (style.display !== 'none' && style.stroke === 'rgb(208, 2, 27)') drawn++;
        });
        body.dataset.findingEdgesDrawn = String(drawn);
      }
      // Sizes the current view: `fit` to the window (enlarging a small one at most 1.5 times), else the zoom chosen.
      function applyZoom() {
        if (!current) return;
        var scale = zoom.value === 'fit'
          ? Math.min(1.5, Math.max(main.clientWidth - 8, 1) / Math.max(current.width, 1), Math.max(main.clientHeight - 8, 1) / Math.max(current.height, 1))
          : Number(zoom.value);
        current.svg.setAttribute('width', String(Math.round(current.width * scale)));
        current.svg.setAttribute('height', String(Math.round(current.height * scale)));
        body.dataset.scale = scale.toFixed(3);
        body.dataset.fitted = Math.round(current.width * scale) <= main.clientWidth && Math.round(current.height * scale) <= main.clientHeight ? 'yes' : 'no';
      }
      function showView(id) {
        if (!views[id] || (current && current.svg.id === id)) return;
        for (var key in views) views[key].svg.classList.toggle('off', key !== id);
        current = views[id];
        body.dataset.view = id;
        body.dataset.viewModules = String(current.svg.querySelectorAll('g.node').length);
        document.querySelectorAll('#views button').forEach(function (b) { b.classList.toggle('on', (b.id === 'overview') === (id !== 'drawing')); });
        applyZoom();
        record();
      }
      function clearMarks() {
        document.querySelectorAll('.focused,.selected,.lit').forEach(function (e) { e.classList.remove('focused', 'selected', 'lit'); });
        delete body.dataset.focusedEdge; delete body.dataset.focus;
      }
      // Shows the nodes of `shown` (all when null) and the edges `edgesShown` (else those between
      // shown nodes); the edges of `lit`, the selection's own, draw the findings among them.
      function show(shown, edgesShown, what, lit) {
        var count = 0;
        for (var id in nodes) { var on = !shown || shown.has(id); nodes[id].classList.toggle('dim', !on); if (on) count++; }
        edges.forEach(function (p) {
          var on = edgesShown ? edgesShown.has(p) : (!shown || (shown.has(p.dataset.from) && shown.has(p.dataset.to)));
          p.classList.toggle('dim', !on);
          p.classList.toggle('lit', !!lit && lit.has(p));
        });
        body.dataset.visible = String(count);
        status.textContent = what ? count + ' of ' + Object.keys(nodes).length + ' modules: ' + what : total;
        record();
      }
      function applySearch() {
        clearMarks(); focused = null;
        var query = search.value.trim().toLowerCase();
        if (!query) { show(null, null, ''); return; }
        showView('drawing');
        var shown = new Set();
        for (var id in nodes) if (nodes[id].dataset.label.toLowerCase().indexOf(query) >= 0) shown.add(id);
        show(shown, null, 'matching "' + search.value.trim() + '"');
      }
      // Breadth-first from `start`, `limit` steps (0: no limit), along dependencies, dependants or both.
      function focus(start) {
        showView('drawing');
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
        show(shown, lit, 'around ' + nodes[start].dataset.label, new Set(out[start].concat(into[start])));
        nodes[start].scrollIntoView({ block: 'center', inline: 'center' });
      }
      function focusEdge(row) {
        clearMarks(); focused = null;
        row.classList.add('selected');
        var edge = row.dataset.edge && document.getElementById(row.dataset.edge);
        if (edge) {
          showView('drawing');
          edge.classList.add('focused');
          body.dataset.focusedEdge = edge.id;
          show(new Set([edge.dataset.from, edge.dataset.to]), new Set([edge]), 'finding ' + row.id.slice(1), new Set([edge]));
          nodes[edge.dataset.from].scrollIntoView({ block: 'center', inline: 'center' });
        } else if (row.dataset.node) {
          focus(row.dataset.node);
        }
      }
      search.addEventListener('input', applySearch);
      depth.addEventListener('change', function () { if (focused) focus(focused); });
      direction.addEventListener('change', function () { if (focused) focus(focused); });
      zoom.addEventListener('change', applyZoom);
      window.addEventListener('resize', function () { if (zoom.value === 'fit') applyZoom(); });
      allFindings.addEventListener('change', function () { body.classList.toggle('all-findings', allFindings.checked); record(); });
      document.getElementById('reset').addEventListener('click', function () { search.value = ''; applySearch(); });
      if (overview) {
        document.getElementById('overview').addEventListener('click', function () { showView('view-o'); });
        document.getElementById('everything').addEventListener('click', function () { showView('drawing'); });
      }
      for (var id in nodes) nodes[id].addEventListener('click', function (e) { focus(e.currentTarget.id); });
      // In the overview and a cluster's view, a box opens its cluster, a module the full drawing on it.
      document.querySelectorAll('svg.view:not(#drawing) g.node').forEach(function (g) {
        function open() { if (g.dataset.expand) showView(g.dataset.expand); else if (g.dataset.module) focus(g.dataset.module); }
        g.addEventListener('click', open);
        g.addEventListener('keydown', function (e) { if (e.key === 'Enter') open(); });
      });
      document.querySelectorAll('#findings tbody tr').forEach(function (row) {
        row.addEventListener('click', function () { focusEdge(row); });
        row.addEventListener('keydown', function (e) { if (e.key === 'Enter') focusEdge(row); });
      });
      showView(overview ? 'view-o' : 'drawing');
      // A link can open the page in a state: #search=Name, #focus=Name, #finding=N (clicks row N),
      // #open=Cluster (the overview with that cluster opened), #findings=all (every finding edge).
      function fromHash() {
        // A malformed escape (#search=%E0%A4%A) is no state to open in, not a page that stops.
        var hash;
        try { hash = decodeURIComponent(location.hash.slice(1)); } catch (e) { return; }
        var cut = hash.indexOf('='), key = hash.slice(0, cut), value = hash.slice(cut + 1);
        if (cut < 0) return;
        if (key === 'search') { search.value = value; applySearch(); }
        if (key === 'focus') { for (var id in nodes) if (nodes[id].dataset.label === value) focus(id); }
        if (key === 'finding') { var row = document.getElementById('f' + value); if (row) row.click(); }
        if (key === 'open') document.querySelectorAll('#view-o g.node').forEach(function (g) { if (g.dataset.label === value) g.dispatchEvent(new MouseEvent('click')); });
        if (key === 'findings' && value === 'all') { allFindings.checked = true; allFindings.dispatchEvent(new Event('change')); }
      }
      window.addEventListener('hashchange', fromHash);
      fromHash();
      body.dataset.visible = body.dataset.visible || String(Object.keys(nodes).length);
      body.dataset.readyMs = String(Math.round(performance.now()));
    })();
    """#
}
