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
  var itemOf = {};
  var items = data.rows.map(function (d) {
    d.tr = rowOf[d.id];
    d.detail = detailOf[d.id];
    d.open = false;
    itemOf[d.id] = d;
    d.search = d.text.toLowerCase();
    return d;
  });
  var defaults = { format: "", language: "", environment: "", outcome: "", phase: "", sort: "language", q: "" };
  var state = {};
  var controls = {};
  Object.keys(defaults).forEach(function (key) { controls[key] = document.getElementById(key); });

  function hasOption(select, value) {
    return Array.prototype.some.call(select.options, function (o) { return o.value === value; });
  }

  // The row whose detail the link opened (open=<id>): a row's detail can be linked to.
  var opened = "";

  function readHash() {
    var params = new URLSearchParams(location.hash.replace(/^#/, ""));
    opened = params.get("open") || "";
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
      if (state[key] !== defaults[key]) { params.set(key, state[key]); }
    });
    if (opened) { params.set("open", opened); }
    var hash = params.toString();
    history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search);
  }

  function matches(d) {
    return (!state.format || d.format === state.format) &&
      (!state.language || d.language === state.language) &&
      (!state.environment || d.environment === state.environment) &&
      (!state.outcome || d.outcome === state.outcome) &&
      (!state.phase || (state.phase === "measured" ? d.phased : d.loses_in === state.phase)) &&
      (!state.q || d.search.indexOf(state.q.toLowerCase()) >= 0);
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
    document.getElementById("count").textContent = shown + " of " + items.length + " parsers";
    // The charts follow the filters: those of formats with no row left are hidden.
    var formatsShown = {};
    items.forEach(function (d) { if (!d.tr.hidden) { formatsShown[d.format] = true; } });
    Array.prototype.forEach.call(document.querySelectorAll("#charts figure[data-format]"), function (figure) {
      figure.hidden = !formatsShown[figure.getAttribute("data-format")];
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
