// The protocol helper of the JavaScript programs (parsers/README.md, "The protocol helper"): the
// phase argument, stdin, the error line, the exit statuses, the phases' checkpoints and the built
// depth. A program calls its library from its own top-level code; this file runs before the parse
// (input) and after it (the checkpoints, the exits), never under it.
//
// How a program reaches it (the program runs from its folder, so `../protocol.js` is this file on the
// host and beside the program's folder in an environment's root):
//   node, Bun   const protocol = require(require("path").resolve("../protocol.js"));
//               (resolved from the folder: a copied program in $BUILD would find another parent)
//   node ESM    createRequire(import.meta.url)(resolve("../protocol.js"))
//   QuickJS     std.loadScript("../protocol.js")   (qjs --std; defines the global `protocol`)
//   GJS         imports.searchPath.unshift(GLib.get_current_dir() + "/.."); imports.protocol.protocol
//   Rhino       load("../protocol.js")             (the shell's load; defines the global `protocol`)
// Written in ES5 (var, function) so that every one of those engines reads it.
//
// The steps, in the protocol's order:
//   protocol.input({ args: n, binary: b })  the phase is the last argument after the program's own n
//       (default 0); an unknown one: one stderr line, exit 2, before stdin. Returns all of stdin as
//       text (UTF-8), or its bytes with binary. (Deno: a Promise, awaited by the program.)
//   protocol.fail(kind, message), protocol.error(e)   "<kind>: <message>" (whitespace folded, cut at
//       200 characters) on stderr, exit 1; error(e) takes a caught exception (its name and message).
//   protocol.parsed()        in phase `parse`: exit 0 at once, the value still referenced.
//   A language's program (a pattern, a query, code) passes { language: true } to input: its phases are
//   compile and run. protocol.compiled(): in phase `compile` exit 0 at once; protocol.runner(f): f in
//   phase `run` (match the subject `a`, run the query, evaluate), a function doing nothing otherwise.
//   protocol.serializer(f)   f in phase `serialize`, a function doing nothing otherwise; the program
//       calls what it returns itself, so the serializer runs from the program's frame.
//   protocol.serialized()    in phase `serialize`: exit 0 at once.
//   protocol.finished()      in phase `free` the runtime's collection where it can be forced (node:
//       global.gc() only when started with --expose-gc; Bun.gc(true); QuickJS std.gc()), then exit 0;
//       without a phase the program's end as before: exit 0, nothing collected.
//   protocol.phased()        whether a phase was given (for a program built differently with one).
//   protocol.built(n)        "built depth: N" on stderr, only without a phase; n may be a function
//       returning it (not called in a phase). htmlTextDepth(html), treeDepth(root) count it without
//       recursion.
var protocol = (function (shellArgs) {
  "use strict";

  var PHASES = ["parse", "free", "serialize"];
  var LANGUAGE_PHASES = ["compile", "run"];
  var runtime =
    typeof Deno !== "undefined" ? "deno"
    : typeof Bun !== "undefined" ? "bun"
    : typeof process !== "undefined" && process.versions && process.versions.node ? "node"
    : typeof std !== "undefined" && typeof scriptArgs !== "undefined" ? "quickjs"
    : typeof imports !== "undefined" && imports.gi ? "gjs"
    : typeof java !== "undefined" ? "rhino"
    : "unknown";
  // The Rhino shell's script arguments: its global `arguments`, passed in from outside any function.
  var rhinoArgs = runtime === "rhino" && shellArgs ? shellArgs : [];
  var phase = null;

  function programArgs() {
    switch (runtime) {
      case "deno": return Deno.args.slice();
      case "node": case "bun": return process.argv.slice(2);
      case "quickjs": return scriptArgs.slice(1);
      case "gjs": return ARGV.slice();
      case "rhino": return Array.prototype.slice.call(rhinoArgs);
    }
    return [];
  }

  function writeLine(line) {
    switch (runtime) {
      case "deno": Deno.stderr.writeSync(new TextEncoder().encode(line + "\n")); return;
      case "node": case "bun": process.stderr.write(line + "\n"); return;
      case "quickjs": std.err.puts(line + "\n"); std.err.flush(); return;
      case "gjs": printerr(line); return;
      case "rhino": java.lang.System.err.println(line); return;
    }
    print(line);
  }

  function exit(status) {
    switch (runtime) {
      case "deno": Deno.exit(status); break;
      case "node": case "bun": process.exit(status); break;
      case "quickjs": std.exit(status); break;
      case "gjs": imports.system.exit(status); break;
      case "rhino": java.lang.System.exit(status); break;
    }
    throw new Error("exit " + status);
  }

  function fold(message) {
    return String(message).split(/\s+/).join(" ").slice(0, 200);
  }

  function readStdin(binary) {
    switch (runtime) {
      case "deno":
        return binary
          ? new Response(Deno.stdin.readable).arrayBuffer().then(function (b) { return new Uint8Array(b); })
          : new Response(Deno.stdin.readable).text();
      case "node": case "bun":
        return binary ? require("fs").readFileSync(0) : require("fs").readFileSync(0, "utf8");
      case "quickjs":
        return std.in.readAsString();
      case "gjs": {
        var bytes = imports.gi.GLib.file_get_contents("/dev/stdin")[1];
        return binary ? bytes : new TextDecoder("utf-8").decode(bytes);
      }
      case "rhino":
        return String(new java.lang.String(java.lang.System["in"].readAllBytes(), "UTF-8"));
    }
    throw new Error("protocol.js: no way to read stdin in this runtime");
  }

  var api = {
    input: function (options) {
      options = options || {};
      var args = programArgs().slice(options.args || 0);
      var known = options.language ? LANGUAGE_PHASES : PHASES;
      if (args.length > 0) {
        phase = args[args.length - 1];
        if (known.indexOf(phase) < 0) {
          writeLine("unknown phase: " + phase + (options.language ? " (compile or run)" : " (parse, free or serialize)"));
          exit(2);
        }
      }
      return readStdin(!!options.binary);
    },
    fail: function (kind, message) {
      writeLine(kind + ": " + fold(message));
      exit(1);
    },
    error: function (e) {
      api.fail((e && e.name) || typeof e, e && e.message !== undefined ? e.message : e);
    },
    phased: function () {
      return phase !== null;
    },
    parsed: function () {
      if (phase === "parse") exit(0);
    },
    compiled: function () {
      if (phase === "compile") exit(0);
    },
    runner: function (run) {
      return phase === "run" ? run : function () {};
    },
    serializer: function (serialize) {
      return phase === "serialize" ? serialize : function () {};
    },
    serialized: function () {
      if (phase === "serialize") exit(0);
    },
    finished: function () {
      if (phase === "free") {
        if (runtime === "bun") Bun.gc(true);
        else if (runtime === "quickjs") std.gc();
        else if (runtime === "node" && typeof global.gc === "function") global.gc();
      }
      exit(0);
    },
    built: function (depth) {
      if (phase === null) writeLine("built depth: " + (typeof depth === "function" ? depth() : depth));
    },
    // The deepest nesting of <blockquote>, of <ul>/<ol> or of <em>/<strong> in rendered HTML.
    htmlTextDepth: function (html) {
      var kinds = { blockquote: "q", ul: "l", ol: "l", em: "e", strong: "e" };
      var open = { q: 0, l: 0, e: 0 };
      var deepest = 0;
      var tag = /<(\/?)(blockquote|ul|ol|em|strong)\b/gi;
      var m;
      while ((m = tag.exec(html)) !== null) {
        var kind = kinds[m[2].toLowerCase()];
        open[kind] += m[1] ? -1 : 1;
        deepest = Math.max(deepest, open[kind]);
      }
      return deepest;
    },
    // The longest chain of nested div elements, or of b elements, in a tree of { tagName,
    // childNodes } nodes (parse5's), walked with an explicit stack.
    treeDepth: function (root) {
      var stack = [[root, 0, 0]];
      var deepest = 0;
      while (stack.length) {
        var top = stack.pop();
        var node = top[0], divs = top[1], bolds = top[2];
        if (node.tagName === "div") divs += 1;
        if (node.tagName === "b") bolds += 1;
        deepest = Math.max(deepest, divs, bolds);
        var children = node.childNodes || [];
        for (var i = 0; i < children.length; i++) stack.push([children[i], divs, bolds]);
      }
      return deepest;
    },
  };
  return api;
})(typeof arguments !== "undefined" ? arguments : null);

if (typeof module === "object" && module && module.exports) {
  module.exports = protocol;
} else if (typeof globalThis !== "undefined") {
  globalThis.protocol = protocol;
}
