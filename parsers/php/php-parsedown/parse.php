<?php
// nestprobe parser program: Parsedown's text() (default settings: Parsedown recurses through its block
// and inline parsers and has no nesting option) renders all of stdin, from the script's own code, then
// the nesting it built (protocol\built, counted from the HTML's tags); a Throwable goes to
// protocol\error (exit 1). Input and exits are ../protocol.php's.
require '/usr/share/php/Parsedown/Parsedown.php';
require __DIR__ . '/../protocol.php';

$text = protocol\input();
try {
    $html = (new Parsedown())->text($text);
} catch (Throwable $e) {
    protocol\error($e);
}
protocol\built(protocol\html_text_depth($html));
protocol\finished();
