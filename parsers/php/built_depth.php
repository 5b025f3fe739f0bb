<?php
// Shared by the Markdown and HTML rows (parsers/README.md, "What was built"): the deepest nesting of
// block quotes or lists in rendered HTML, and of div or b chains in a DOM, counted without recursion.

// The deepest nesting of <blockquote> or of <ul>/<ol> in an HTML text, whichever is deeper.
function html_text_depth(string $html): int {
    preg_match_all('#<(/?)(blockquote|ul|ol)\b#i', $html, $tags, PREG_SET_ORDER);
    $open = ['q' => 0, 'l' => 0];
    $deepest = 0;
    foreach ($tags as [, $closing, $name]) {
        $kind = strtolower($name) === 'blockquote' ? 'q' : 'l';
        $open[$kind] += $closing === '' ? 1 : -1;
        $deepest = max($deepest, $open[$kind]);
    }
    return $deepest;
}

// The longest chain of nested div elements, or of b elements, in a DOM: an explicit stack.
function dom_depth(DOMNode $root): int {
    $stack = [[$root, 0, 0]];
    $deepest = 0;
    while ($stack) {
        [$node, $divs, $bolds] = array_pop($stack);
        if ($node instanceof DOMElement) {
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

function report_built(int $depth): void {
    fwrite(STDERR, "built depth: $depth\n");
}

function report_error(Throwable $e): void {
    fwrite(STDERR, get_class($e) . ': ' . substr(preg_replace('/\s+/', ' ', $e->getMessage()), 0, 200) . "\n");
    exit(1);
}
