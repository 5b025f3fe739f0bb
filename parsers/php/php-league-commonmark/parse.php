<?php
// nestprobe parser program: read all of stdin, convert it with league/commonmark's
// CommonMarkConverter (default configuration: max_nesting_level is PHP_INT_MAX), print the nesting
// it built (`built depth: N`), exit 0; a Throwable -> one stderr line, exit 1.
require '/usr/share/php/League/CommonMark/autoload.php';
require __DIR__ . '/../built_depth.php';

$text = file_get_contents('php://stdin');
try {
    $html = (string) (new League\CommonMark\CommonMarkConverter())->convert($text);
} catch (Throwable $e) {
    report_error($e);
}
report_built(html_text_depth($html));
