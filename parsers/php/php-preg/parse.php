<?php
// nestprobe parser program: PCRE2 through PHP's preg functions. All of stdin is the whole pattern, in
// the delimiters '/…/' without modifiers. PHP has no compile-only call: the compile is
// preg_match($pattern, '') (the pattern compiled, JIT-compiled with the default pcre.jit=1 and cached,
// then matched against the empty subject); phase `run` matches the cached pattern against the subject
// "a". preg_match's false (a compile failure is an E_WARNING, silenced with @, whose message
// error_get_last() keeps; a match failure is preg_last_error()) goes to protocol\fail as
// PregError(<code>), a Throwable to protocol\error (exit 1). Input, phases and exits: ../protocol.php.
require __DIR__ . '/../protocol.php';

function preg_failed() {
    $last = error_get_last();
    protocol\fail('PregError(' . preg_last_error() . ')', $last !== null ? $last['message'] : preg_last_error_msg());
}

$source = protocol\input(true);
$pattern = '/' . $source . '/';
try {
    if (@preg_match($pattern, '') === false) {
        preg_failed();
    }
    protocol\compiled();
    if (@protocol\runner('preg_match')($pattern, 'a') === false) {
        preg_failed();
    }
} catch (Throwable $e) {
    protocol\error($e);
}
protocol\finished();
