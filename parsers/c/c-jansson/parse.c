/* nestprobe parser program: reads all of stdin, parses it with jansson's json_loadb (flags 0).
 * Exit 0 on success; on jansson's error return prints "json_error_t: <text>" to stderr, exit 1.
 * Nothing else is caught (C has no exceptions; signals happen as they would). */
/* Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
 * _exit(0), the value never freed; `free` frees it (json_decref(v)), then _exit(0); `serialize`
 * writes it back into memory with json_dumps, then _exit(0) (NULL is exit 1). Without it: as
 * before (freed, return 0). Unknown phase: exit 2. */
#include <string.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <jansson.h>

/* The phase, the optional last argument (parsers/README.md, "Phases"); "" without one. */
static int is(const char *phase, const char *name) { return strcmp(phase, name) == 0; }

int main(int argc, char **argv) {
    const char *phase = argc > 1 ? argv[argc - 1] : "";
    if (argc > 1 && !is(phase, "parse") && !is(phase, "free") && !is(phase, "serialize")) {
        fprintf(stderr, "unknown phase: %s (parse, free or serialize)\n", phase);
        return 2;
    }
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
    if (is(phase, "parse")) _exit(0); /* the value never freed */
    if (is(phase, "serialize")) {
        char *out = json_dumps(v, 0);
        if (!out) {
            fprintf(stderr, "json_dumps: returned NULL\n");
            return 1;
        }
        volatile size_t n = strlen(out); /* the text is made, then dropped by _exit */
        (void) n;
        _exit(0);
    }
    json_decref(v);
    if (is(phase, "free")) _exit(0);
    free(buf);
    return 0;
}
