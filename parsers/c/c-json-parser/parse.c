/* nestprobe parser program: reads all of stdin, then json_parse_ex (json-parser by udp, default json_settings)
 * into a json_value tree. On the library's error (NULL return) prints "json_parse_error: <message>" to stderr,
 * exit 1. Nothing else is caught (C has no exceptions; signals happen as they would).
 * Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with _exit(0), the value never
 * freed; `free` frees it (json_value_free), then _exit(0); no `serialize`: json-parser has no writer (its companion
 * json-builder is not packaged). Without it: as before (freed, return 0). Unknown phase: exit 2, before reading stdin. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <json-parser/json.h>

static int is(const char *phase, const char *name) { return strcmp(phase, name) == 0; }

/* The phase on the parsed value; never returns (a function of its own, so main's frame stays as it was). */
static void __attribute__((noinline, noreturn)) after_parse(json_value *value, const char *phase) {
    if (is(phase, "parse")) _exit(0); /* the value never freed */
    json_value_free(value);
    _exit(0);
}

int main(int argc, char **argv) {
    const char *phase = argc > 1 ? argv[argc - 1] : NULL;
    if (phase && !is(phase, "parse") && !is(phase, "free")) {
        fprintf(stderr, "unknown phase: %s (parse or free)\n", phase);
        return 2;
    }
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
    if (phase) after_parse(value, phase);
    json_value_free(value);
    free(buf);
    return 0;
}
