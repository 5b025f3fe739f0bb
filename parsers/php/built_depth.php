<?php
// Shared by the Markdown and HTML rows (parsers/README.md, "What was built"): the deepest nesting of
// block quotes, lists or emphasis in rendered HTML, and of div or b chains in a DOM, counted without
// recursion.

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
