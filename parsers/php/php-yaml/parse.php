<?php
// nestprobe parser program: read all of stdin, yaml_parse() it (ext/yaml on libyaml, default arguments: document 0).
// A Throwable, or a false return with its warning (captured, not printed) -> one stderr line, exit 1.
$text = file_get_contents('php://stdin');
$warning = null;
set_error_handler(function ($no, $str) use (&$warning) { $warning = $str; return true; });
try {
    $v = yaml_parse($text);
} catch (Throwable $e) {
    fwrite(STDERR, get_class($e) . ': ' . substr(preg_replace('/\s+/', ' ', $e->getMessage()), 0, 200) . "\n");
    exit(1);
}
if ($v === false && $warning !== null) {
    fwrite(STDERR, 'YamlWarning: ' . substr(preg_replace('/\s+/', ' ', $warning), 0, 200) . "\n");
    exit(1);
}
exit(0);
