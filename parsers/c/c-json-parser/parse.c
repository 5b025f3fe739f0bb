/* nestprobe parser program: reads all of stdin, then json_parse_ex (json-parser by udp, default json_settings)
 * into a json_value tree. On the library's error (NULL return) prints "json_parse_error: <message>" to stderr,
 * exit 1. Nothing else is caught (C has no exceptions; signals happen as they would). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-parser/json.h>

int main(void) {
    size_t len = 0, cap = 1 << 16;
    char *buf = malloc(cap + 1);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len, stdin)) > 0) {
        len += n;
        if (len == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    if (!buf) { fprintf(stderr, "OutOfMemory: reading stdin\n"); return 1; }
    buf[len] = 0;
    json_settings settings;
    memset(&settings, 0, sizeof settings);
    char error[json_error_max];
    json_value *value = json_parse_ex(&settings, buf, len, error);
    if (value == NULL) {
        fprintf(stderr, "json_parse_error: %.200s\n", error);
        return 1;
    }
    json_value_free(value);
    free(buf);
    return 0;
}
