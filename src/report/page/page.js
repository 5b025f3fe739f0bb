"use strict";
(function () {
  var data = JSON.parse(document.getElementById("nestprobe-data").textContent);
  var tbody = document.getElementById("rows");
  var rowOf = {};
  Array.prototype.forEach.call(tbody.querySelectorAll("tr.parser"), function (tr) {
    rowOf[tr.getAttribute("data-id")] = tr;
  });
  var detailOf = {};
  Array.prototype.forEach.call(tbody.querySelectorAll("tr.detail"), function (tr) {
    detailOf[tr.getAttribute("data-for")] = tr;
  });
  var groupOf = {};
  Array.prototype.forEach.call(tbody.querySelectorAll("tr.group"), function (tr) {
    groupOf[tr.getAttribute("data-language")] = tr;
  });
  // A row's figures at the run's stack; at another, those of its `at` (see applyStack).
  var FIGURES = ["outcome", "depth", "phased", "loses_in", "sooner_in"];
  var RUN = data.run_stack;
  var stackOf = {};
  data.stacks.forEach(function (s) { stackOf[s.key] = s; });
  var itemOf = {};
  var items = data.rows.map(function (d) {
    d.tr = rowOf[d.id];
    d.detail = detailOf[d.id];
    d.open = false;
    itemOf[d.id] = d;
    d.search = d.text.toLowerCase();
    d.base = {};
    FIGURES.forEach(function (key) { d.base[key] = d[key]; });
    // The run's outcome cells, put back when its stack is chosen again.
    d.runCells = Array.prototype.slice.call(d.tr.children, data.outcome_column);
    d.cellsShown = null;
    d.left = false;
    return d;
  });
  var lines = data.lines.map(function (l) {
    l.tr = document.getElementById(l.id);
    l.search = l.text.toLowerCase();
    return l;
  });
  var defaults = {
    view: "crashes", stack: RUN, format: "", class: "", language: "", environment: "", outcome: "", phase: "", advisory: "",
    sort: "language", q: ""
  };
  var state = {};
  var controls = {};
  Object.keys(defaults).forEach(function (key) { controls[key] = document.getElementById(key); });

  function hasOption(select, value) {
    return Array.prototype.some.call(select.options, function (o) { return o.value === value; });
  }

  // The row whose detail the link opened (open=<id>): a row's detail can be linked to.
  var opened = "";

  function readHash() {
    var hash = location.hash.replace(/^#/, "");
    var params = new URLSearchParams(hash);
    opened = params.get("open") || "";
    // An empty fragment is the crash list; one without a view, a link made before it: the table.
    if (!params.has("view") && hash) { params.set("view", "table"); }
    items.forEach(function (d) { d.open = d.id === opened; });
    Object.keys(defaults).forEach(function (key) {
      var value = params.has(key) ? params.get(key) : defaults[key];
      if (key === "sort" && value === "depth" && params.get("dir") === "desc") { value = "depth-desc"; }
      var control = controls[key];
      if (control.tagName === "SELECT" && !hasOption(control, value)) { value = defaults[key]; }
      state[key] = value;
      control.value = value;
    });
  }

  function writeHash() {
    var params = new URLSearchParams();
    Object.keys(defaults).forEach(function (key) {
      if (key !== "view" && state[key] !== defaults[key]) { params.set(key, state[key]); }
    });
    if (opened) { params.set("open", opened); }
    // The crash list goes without saying only in an empty fragment (see readHash).
    if (state.view !== "crashes" || params.toString()) { params.set("view", state.view); }
    var hash = params.toString();
    history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search);
  }

  // The advisory filter: "any" has one, "none" has none known, else that advisory's id.
  function matchesAdvisory(d) {
    var ids = d.advisories || [];
    if (!state.advisory) { return true; }
    if (state.advisory === "any") { return ids.length > 0; }
    if (state.advisory === "none") { return ids.length === 0; }
    return ids.indexOf(state.advisory) >= 0;
  }

  // What rows and lines share: format, language, environment, outcome, advisory and search.
  function matchesCommon(d) {
    return (!state.format || d.format === state.format) &&
      (!state.class || d.class === state.class) &&
      (!state.language || d.language === state.language) &&
      (!state.environment || d.environment === state.environment) &&
      (!state.outcome || d.outcome === state.outcome) &&
      matchesAdvisory(d) &&
      (!state.q || d.search.indexOf(state.q.toLowerCase()) >= 0);
  }

  // The phase filter: "free" loses control in free at all, "free-sooner" sooner than the parse.
  function phaseFilter() {
    var sooner = /-sooner$/.test(state.phase);
    return { phase: state.phase.replace(/-sooner$/, ""), sooner: sooner };
  }

  function matches(d) {
    if (d.left || !matchesCommon(d)) { return false; }
    if (!state.phase) { return true; }
    if (state.phase === "measured") { return d.phased; }
    var f = phaseFilter();
    return f.sooner ? d.sooner_in === f.phase : d.loses_in.indexOf(f.phase) >= 0;
  }

  function matchesLine(l) {
    if (l.stack !== state.stack || !matchesCommon(l)) { return false; }
    if (!state.phase) { return true; }
    if (state.phase === "measured") { return l.phased; }
    var f = phaseFilter();
    return l.phase === f.phase && (!f.sooner || l.sooner);
  }

  // An element of the chosen stack's part of the page: `crashes`, `crashes-128KiB`.
  function stackElement(id) {
    return document.getElementById(state.stack === RUN ? id : id + "-" + state.stack);
  }

  // The atlas at the chosen stack: each row's figures, outcome cells and detail line are its
  // `at` there (the run's where it has none), a row left out there is hidden, and the parts of the
  // page made for one stack (counts, notes, crash view) show while it is chosen.
  var appliedStack = null;
  function applyStack() {
    var stack = state.stack;
    document.documentElement.setAttribute("data-stack", stack);
    if (stack === appliedStack) { return; }
    appliedStack = stack;
    var run = stack === RUN;
    items.forEach(function (d) {
      var at = run || !d.at ? undefined : d.at[stack];
      d.left = at === null;
      var figures = at || d.base;
      FIGURES.forEach(function (key) { d[key] = figures[key]; });
      d.tr.setAttribute("data-outcome", d.outcome);
      var cells = at && at.cells !== null ? at.cells : null;
      if (cells !== d.cellsShown) {
        while (d.tr.children.length > data.outcome_column) { d.tr.removeChild(d.tr.lastElementChild); }
        if (cells === null) {
          d.runCells.forEach(function (td) { d.tr.appendChild(td); });
        } else {
          d.tr.appendChild(document.getElementById("cells-" + cells).content.cloneNode(true));
        }
        d.cellsShown = cells;
      }
      if (d.detail) {
        var line = d.detail.querySelector("p.stack-line");
        line.hidden = run || !at || !at.said;
        // Text, never markup.
        line.textContent = at ? "At " + stackOf[stack].size + " (" + stackOf[stack].uses + "), the stack sweep " +
          "measured: " + at.said + ". The rest of this detail is the run's, at " + stackOf[RUN].size + "." : "";
      }
    });
    Array.prototype.forEach.call(document.querySelectorAll(".at-stack[data-stack]"), function (el) {
      el.hidden = el.getAttribute("data-stack") !== stack;
    });
    Array.prototype.forEach.call(document.querySelectorAll("table.probes tr[data-stack]"), function (tr) {
      tr.classList.toggle("chosen", !run && tr.getAttribute("data-stack") === stack);
    });
    document.getElementById("charts-stack").hidden = run;
  }

  // The crash view: its lines stay in their order (by depth, a library's under its first).
  function renderLines() {
    var shown = { crash: 0, other: 0 };
    var crashes = 0, others = 0;
    lines.forEach(function (l) {
      var visible = matchesLine(l);
      l.tr.hidden = !visible;
      if (visible) { shown[l.outcome === "crash" ? "crash" : "other"] += 1; }
      if (l.stack === state.stack) {
        if (l.outcome === "crash") { crashes += 1; } else { others += 1; }
      }
    });
    // A list with no line left says nothing: its heading goes too.
    stackElement("crashes").hidden = shown.crash === 0;
    stackElement("exhausts-list").hidden = shown.other === 0;
    document.getElementById("count").textContent = shown.crash + " of " + crashes + " crash lines, " +
      shown.other + " of " + others + " exhausting time or memory";
    return lines.filter(function (l) { return !l.tr.hidden; });
  }

  // Unmeasured rows always last; no limit beyond every limit, in either direction.
  function depthRank(d) {
    if (d.outcome === "not-measured" || d.outcome === "unstable") { return null; }
    return d.depth === null ? Infinity : d.depth;
  }

  function compare(a, b) {
    if (state.sort === "depth" || state.sort === "depth-desc") {
      var x = depthRank(a), y = depthRank(b);
      if (x === null || y === null) {
        if (x !== y) { return x === null ? 1 : -1; }
      } else if (x !== y) {
        return state.sort === "depth" ? (x < y ? -1 : 1) : (x < y ? 1 : -1);
      }
    } else if (state.sort === "library") {
      var p = a.library.toLowerCase(), q = b.library.toLowerCase();
      if (p !== q) { return p < q ? -1 : 1; }
    }
    return a.group_order - b.group_order;
  }

  function render() {
    applyStack();
    var crashView = state.view === "crashes";
    document.getElementById("crash-view").hidden = !crashView;
    document.getElementById("table-view").hidden = crashView;
    controls.sort.disabled = crashView;
    var grouped = state.sort === "language";
    document.getElementById("atlas").classList.toggle("grouped", grouped);
    var shown = 0;
    var seen = {};
    items.slice().sort(compare).forEach(function (d) {
      var visible = matches(d);
      if (grouped && visible && !seen[d.language]) {
        seen[d.language] = true;
        tbody.appendChild(groupOf[d.language]);
      }
      d.tr.hidden = !visible;
      tbody.appendChild(d.tr);
      if (d.detail) {
        d.detail.hidden = !visible || !d.open;
        tbody.appendChild(d.detail);
      }
      if (visible) { shown += 1; }
    });
    Object.keys(groupOf).forEach(function (language) {
      groupOf[language].hidden = !seen[language];
      if (!seen[language]) { tbody.appendChild(groupOf[language]); }
    });
    Array.prototype.forEach.call(document.querySelectorAll("thead th[data-sort]"), function (th) {
      var key = th.getAttribute("data-sort");
      var sort = state.sort === "depth-desc" ? "depth" : state.sort;
      if (key !== sort) { th.removeAttribute("aria-sort"); }
      else { th.setAttribute("aria-sort", state.sort === "depth-desc" ? "descending" : "ascending"); }
    });
    var here = items.filter(function (d) { return !d.left; }).length;
    document.getElementById("count").textContent = shown + " of " + here + " rows";
    // The charts follow the table's filters (the crash list's, only its format and class
    // filters): those of formats with no row left are hidden.
    var formatsShown = {};
    var classesShown = {};
    items.forEach(function (d) {
      var kept = !d.left && (!state.format || d.format === state.format) && (!state.class || d.class === state.class);
      if (crashView ? kept : !d.tr.hidden) {
        formatsShown[d.format] = true;
        classesShown[d.class] = true;
      }
    });
    if (crashView) { renderLines(); }
    Array.prototype.forEach.call(document.querySelectorAll("#charts figure[data-format]"), function (figure) {
      figure.hidden = !formatsShown[figure.getAttribute("data-format")];
    });
    // A class's own chart, while a row of the class is shown.
    Array.prototype.forEach.call(document.querySelectorAll("#charts figure:not([data-format])"), function (figure) {
      figure.hidden = !classesShown[figure.getAttribute("data-class")];
    });
  }

  function update() {
    Object.keys(defaults).forEach(function (key) { state[key] = controls[key].value; });
    writeHash();
    render();
  }

  // Enter in the search box would submit the form and reload the page.
  document.getElementById("controls").addEventListener("submit", function (e) { e.preventDefault(); });
  Object.keys(controls).forEach(function (key) {
    controls[key].addEventListener(key === "q" ? "input" : "change", update);
  });
  Array.prototype.forEach.call(document.querySelectorAll("thead th[data-sort] button"), function (button) {
    button.addEventListener("click", function () {
      var key = button.parentNode.getAttribute("data-sort");
      controls.sort.value = key === "depth" && state.sort === "depth" ? "depth-desc" : key;
      update();
    });
  });
  // A click on a row (not on its links) shows or hides its detail.
  tbody.addEventListener("click", function (e) {
    var tr = e.target.closest("tr.parser");
    if (!tr || e.target.closest("a, button")) { return; }
    var d = itemOf[tr.getAttribute("data-id")];
    if (!d || !d.detail) { return; }
    d.open = !d.open;
    d.detail.hidden = !d.open;
    tr.setAttribute("aria-expanded", d.open ? "true" : "false");
    opened = d.open ? d.id : "";
    writeHash();
  });
  window.addEventListener("hashchange", function () { readHash(); render(); });
  readHash();
  render();
  document.documentElement.setAttribute("data-ready", "1");
})();
