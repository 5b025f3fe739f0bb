<?php
// nestprobe parser program: read all of stdin, convert it with league/commonmark's
// CommonMarkConverter (default configuration: max_nesting_level is PHP_INT_MAX), print the nesting
// it built (`built depth: N`), exit 0; a Throwable -> one stderr line, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"), instead of the built depth: the
// text is parsed to a Document AST alone, by a MarkdownParser over the converter's environment (what
// convert() does before it renders); `parse` ends with exit(0), the Document still in $document;
// `free` does unset($document) and gc_collect_cycles() (the nodes link to their parents and
// siblings: cycles, freed by the collection), then exit(0); `serialize` renders it to HTML with an
// HtmlRenderer over the same environment (the rest of convert()), then exit(0). A Throwable in any
// phase is exit 1; an unknown phase, exit 2.
require '/usr/share/php/League/CommonMark/autoload.php';
require __DIR__ . '/../built_depth.php';

$phase = $argc > 1 ? $argv[$argc - 1] : null;
if (!in_array($phase, [null, 'parse', 'free', 'serialize'], true)) {
    fwrite(STDERR, "unknown phase: $phase (parse, free or serialize)\n");
    exit(2);
}

$text = file_get_contents('php://stdin');
try {
    if ($phase === null) {
        $html = (string) (new League\CommonMark\CommonMarkConverter())->convert($text);
    } else {
        $environment = (new League\CommonMark\CommonMarkConverter())->getEnvironment();
        $document = (new League\CommonMark\Parser\MarkdownParser($environment))->parse($text);
        if ($phase === 'free') {
            unset($document);
            gc_collect_cycles();
        } elseif ($phase === 'serialize') {
            $html = (string) (new League\CommonMark\Renderer\HtmlRenderer($environment))->renderDocument($document);
        }
        exit(0);
    }
} catch (Throwable $e) {
    report_error($e);
}
report_built(html_text_depth($html));
