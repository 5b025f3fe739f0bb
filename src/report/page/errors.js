// Before anything else: record script errors where a headless test (or a reader) can see them.
(function () {
  function report(message) {
    var root = document.documentElement;
    root.setAttribute("data-errors", String(Number(root.getAttribute("data-errors") || 0) + 1));
    var box = document.getElementById("js-errors");
    if (box) { box.hidden = false; box.textContent += message + "\n"; }
  }
  window.addEventListener("error", function (e) { report("error: " + e.message); });
  window.addEventListener("unhandledrejection", function (e) { report("rejection: " + e.reason); });
  var original = console.error;
  console.error = function () {
    report("console.error: " + Array.prototype.join.call(arguments, " "));
    return original.apply(console, arguments);
  };
})();
