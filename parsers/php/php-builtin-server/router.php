<?php
// A service row (parsers/README.md, SERVICES-SPEC.md): the request body decoded the documented
// way, json_decode(file_get_contents('php://input'), true) with its default depth (512), answering
// 200. /echo sends the value back with json_encode (its default depth, 512). The same script serves
// the built-in server (`php -S 127.0.0.1:{port} router.php`, as its router) and php-fpm behind
// nginx (php-fpm-nginx). Default configuration: no error handler, no ini changes.
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);

if ($path === '/health') {
    echo "ok";
    return;
}

if ($_SERVER['REQUEST_METHOD'] !== 'POST' || ($path !== '/parse' && $path !== '/echo')) {
    http_response_code(404);
    echo "not found";
    return;
}

$value = json_decode(file_get_contents('php://input'), true);
if ($value === null && json_last_error() !== JSON_ERROR_NONE) {
    http_response_code(400);
    echo json_last_error_msg();
    return;
}

if ($path === '/echo') {
    header('Content-Type: application/json');
    echo json_encode($value);
    return;
}

echo "ok";
