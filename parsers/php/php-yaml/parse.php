<?php
// nestprobe parser program: read all of stdin, yaml_parse() it (ext/yaml on libyaml, default arguments: document 0).
// A Throwable, or a false return with its warning (captured, not printed) -> one stderr line, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
// with exit(0) (as without a phase: the value is bound to $v either way); `free` does unset($v) and
// gc_collect_cycles(), then exit(0); `serialize` writes it back with yaml_emit($v) (default
// arguments; a Throwable or a false return with its warning is exit 1), then exit(0). Unknown: exit 2.
$phase = $argc > 1 ? $argv[$argc - 1] : null;
if (!in_array($phase, [null, 'parse', 'free', 'serialize'], true)) {
    fwrite(STDERR, "unknown phase: $phase (parse, free or serialize)\n");
    exit(2);
}
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
if ($phase === 'free') {
    unset($v);
    gc_collect_cycles();
} elseif ($phase === 'serialize') {
    $warning = null;
    try {
        $out = yaml_emit($v);
    } catch (Throwable $e) {
        fwrite(STDERR, get_class($e) . ': ' . substr(preg_replace('/\s+/', ' ', $e->getMessage()), 0, 200) . "\n");
        exit(1);
    }
    if ($out === false) {
        fwrite(STDERR, 'YamlWarning: ' . substr(preg_replace('/\s+/', ' ', $warning ?? 'yaml_emit returned false'), 0, 200) . "\n");
        exit(1);
    }
}
exit(0);
