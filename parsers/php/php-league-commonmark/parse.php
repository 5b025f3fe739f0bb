<?php
// nestprobe parser program: league/commonmark's CommonMarkConverter (default configuration:
// max_nesting_level is PHP_INT_MAX) converts all of stdin, from the script's own code, then the
// nesting it built (protocol\built, counted from the HTML's tags); a Throwable goes to protocol\error
// (exit 1). With a phase (no built depth then) the conversion is done in its two halves: a
// MarkdownParser over the converter's environment parses the text to a Document (what convert() does
// before it renders), then in `serialize` an HtmlRenderer over the same environment renders it (the
// rest of convert()); `free` unsets the Document (its nodes link to their parents and siblings:
// cycles, freed by the collection). The exits are ../protocol.php's (parsers/README.md, "Phases").
require '/usr/share/php/League/CommonMark/autoload.php';
require __DIR__ . '/../protocol.php';

$text = protocol\input();
try {
    if (!protocol\phased()) {
        $html = (string) (new League\CommonMark\CommonMarkConverter())->convert($text);
    } else {
        $environment = (new League\CommonMark\CommonMarkConverter())->getEnvironment();
        $document = (new League\CommonMark\Parser\MarkdownParser($environment))->parse($text);
        protocol\parsed();
        $renderer = new League\CommonMark\Renderer\HtmlRenderer($environment);
        $html = (string) protocol\serializer([$renderer, 'renderDocument'])($document);
        protocol\serialized();
        unset($document);
    }
} catch (Throwable $e) {
    protocol\error($e);
}
protocol\built(fn() => protocol\html_text_depth($html));
protocol\finished();
