<?php
// nestprobe parser program: masterminds/html5's HTML5::loadHTML (default options) on all of stdin
// into a DOMDocument, from the script's own code, then the nesting it built (protocol\built,
// dom_depth: an explicit stack); a Throwable goes to protocol\error (exit 1). (Parse errors of HTML
// are recovered, never thrown.) The phases (`serialize`: the library's own HTML5::saveHTML($document),
// default options; no built depth in a phase) and the exits are ../protocol.php's (parsers/README.md,
// "Phases").
require '/usr/share/php/Masterminds/HTML5/autoload.php';
require __DIR__ . '/../protocol.php';

$text = protocol\input();
try {
    $html5 = new Masterminds\HTML5();
    $document = $html5->loadHTML($text);
} catch (Throwable $e) {
    protocol\error($e);
}
protocol\parsed();
try {
    protocol\serializer([$html5, 'saveHTML'])($document);
} catch (Throwable $e) {
    protocol\error($e);
}
protocol\serialized();
protocol\built(fn() => protocol\dom_depth($document));
if (protocol\phased()) {
    unset($document); // only `free` gets here; without a phase $document stays bound as before
}
protocol\finished();
