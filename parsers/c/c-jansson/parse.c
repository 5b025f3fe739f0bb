/* nestprobe parser program: reads all of stdin, parses it with jansson's json_loadb (flags 0).
 * Exit 0 on success; on jansson's error return prints "json_error_t: <text>" to stderr, exit 1.
 * Nothing else is caught (C has no exceptions; signals happen as they would). */
#include <stdio.h>
#include <stdlib.h>
#include <jansson.h>

int main(void) {
    size_t len = 0, cap = 1 << 16;
    char *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len, stdin)) > 0) {
        len += n;
        if (len == cap) buf = realloc(buf, cap *= 2);
    }
    if (!buf) { fprintf(stderr, "OutOfMemory: reading stdin\n"); return 1; }
    json_error_t err;
    json_t *v = json_loadb(buf, len, 0, &err);
    if (!v) {
        fprintf(stderr, "json_error_t: %.200s (line %d, column %d)\n", err.text, err.line, err.column);
        return 1;
    }
    json_decref(v);
    free(buf);
    return 0;
}
