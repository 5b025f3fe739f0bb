<?php
// The protocol helper of the PHP programs (parsers/README.md, "The protocol helper"): the phase
// argument, stdin, the error line, the exit statuses, the phases' checkpoints and the built depth.
// A program calls its library from its own top-level code, inside its own try/catch (Throwable);
// this file runs before the parse (input) and after it (the checkpoints, the exits), never under it.
//
// A program reaches it as `require __DIR__ . '/../protocol.php';`: the language folder on the host,
// the copy beside the program's folder in a root.
//
// The steps, in the protocol's order (namespace `protocol`):
//   protocol\input()            the phase is the last argument (an unknown one: one stderr line,
//       exit 2, before stdin); returns all of stdin.
//   protocol\fail($kind, $message), protocol\error($e)   "<kind>: <message>" (whitespace folded, cut
//       at 200 characters) on stderr, exit(1); error($e) for a caught Throwable (its class), fail for
//       a library's false return and its error (json_last_error_msg(), libxml's last error, …).
//   protocol\parsed()           in phase `parse`: exit(0) at once, the value still in its variable.
//   protocol\serializer($f)     $f in phase `serialize`, a callable doing nothing (returning null)
//       otherwise; the program calls what it returns itself, from its own code.
//   protocol\serialized()       in phase `serialize`: exit(0).
//   protocol\finished()         in phase `free`: gc_collect_cycles(), then exit(0) (the program has
//       unset the value: reference counting freed it there); without a phase exit(0), as before.
//   protocol\phased()           whether a phase was given (for a program built differently with one).
//   protocol\built($n)          "built depth: N" on stderr, only without a phase ($n may be a closure,
//       not called in a phase); html_text_depth() and dom_depth() count it without recursion.
namespace protocol;

const PHASES = ['parse', 'free', 'serialize'];
const LANGUAGE_PHASES = ['compile', 'run'];

function phase(?string $set = null): ?string {
    static $phase = null;
    if ($set !== null) {
        $phase = $set;
    }
    return $phase;
}

// A language's program (a pattern, code) passes true: its phases are compile and run.
function input(bool $language = false): string {
    $argv = $_SERVER['argv'];
    if (count($argv) > 1) {
        $given = $argv[count($argv) - 1];
        if (!in_array($given, $language ? LANGUAGE_PHASES : PHASES, true)) {
            $names = $language ? 'compile or run' : 'parse, free or serialize';
            fwrite(STDERR, "unknown phase: $given ($names)\n");
            exit(2);
        }
        phase($given);
    }
    return file_get_contents('php://stdin');
}

function fail(string $kind, string $message): void {
    fwrite(STDERR, $kind . ': ' . substr(preg_replace('/\s+/', ' ', $message), 0, 200) . "\n");
    exit(1);
}

function error(\Throwable $e): void {
    fail(get_class($e), $e->getMessage());
}

function phased(): bool {
    return phase() !== null;
}

function parsed(): void {
    if (phase() === 'parse') {
        exit(0);
    }
}

// In phase `compile`: exit(0) at once (the pattern or code compiled); without a phase the program goes
// on to its end, as a compile alone.
function compiled(): void {
    if (phase() === 'compile') {
        exit(0);
    }
}

// What a language's program runs once it compiled ($f: match the subject `a`, run the code) in phase
// `run`, a callable doing nothing (returning null) otherwise; the program calls it inside its own try.
function runner(callable $run): callable {
    return phase() === 'run' ? $run : function (...$args) { return null; };
}

function serializer(callable $serialize): callable {
    return phase() === 'serialize' ? $serialize : function (...$args) { return null; };
}

function serialized(): void {
    if (phase() === 'serialize') {
        exit(0);
    }
}

function finished(): void {
    if (phase() === 'free') {
        gc_collect_cycles();
    }
    exit(0);
}

function built($depth): void {
    if (!phased()) {
        fwrite(STDERR, 'built depth: ' . ($depth instanceof \Closure ? $depth() : $depth) . "\n");
    }
}

// The deepest nesting of <blockquote>, of <ul>/<ol> or of <em>/<strong> in an HTML text, whichever is
// deeper.
function html_text_depth(string $html): int {
    preg_match_all('#<(/?)(blockquote|ul|ol|em|strong)\b#i', $html, $tags, PREG_SET_ORDER);
    $kinds = ['blockquote' => 'q', 'ul' => 'l', 'ol' => 'l', 'em' => 'e', 'strong' => 'e'];
    $open = ['q' => 0, 'l' => 0, 'e' => 0];
    $deepest = 0;
    foreach ($tags as [, $closing, $name]) {
        $kind = $kinds[strtolower($name)];
        $open[$kind] += $closing === '' ? 1 : -1;
        $deepest = max($deepest, $open[$kind]);
    }
    return $deepest;
}

// The longest chain of nested div elements, or of b elements, in a DOM: an explicit stack.
function dom_depth(\DOMNode $root): int {
    $stack = [[$root, 0, 0]];
    $deepest = 0;
    while ($stack) {
        [$node, $divs, $bolds] = array_pop($stack);
        if ($node instanceof \DOMElement) {
            $name = strtolower($node->localName);
            $divs += $name === 'div' ? 1 : 0;
            $bolds += $name === 'b' ? 1 : 0;
            $deepest = max($deepest, $divs, $bolds);
        }
        foreach ($node->childNodes ?? [] as $child) {
            $stack[] = [$child, $divs, $bolds];
        }
    }
    return $deepest;
}
