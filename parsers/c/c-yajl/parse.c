/* nestprobe parser program: reads all of stdin, parses it with yajl_tree_parse (default options).
 * Exit 0 on success; on yajl's NULL return prints "yajl_tree_error: <message>" to stderr, exit 1.
 * Nothing else is caught (C has no exceptions; signals happen as they would). */
/* Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
 * _exit(0), the value never freed; `free` frees it (yajl_tree_free(v)), then _exit(0); no
 * `serialize`: yajl has no serializer for its tree (yajl_gen writes only what a program feeds
 * it). Without it: as before (freed, return 0). Unknown phase: exit 2. */
#include <string.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl_tree.h>

/* The phase, the optional last argument (parsers/README.md, "Phases"); "" without one. */
static int is(const char *phase, const char *name) { return strcmp(phase, name) == 0; }

int main(int argc, char **argv) {
    const char *phase = argc > 1 ? argv[argc - 1] : "";
    if (argc > 1 && !is(phase, "parse") && !is(phase, "free")) {
        fprintf(stderr, "unknown phase: %s (parse or free)\n", phase);
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
    buf[len] = '\0'; /* yajl_tree_parse takes a NUL-terminated string */
    char err[1024] = "";
    yajl_val v = yajl_tree_parse(buf, err, sizeof err);
    if (!v) {
        for (char *p = err; *p; p++) if (*p == '\n' || *p == '\r') *p = ' ';
        fprintf(stderr, "yajl_tree_error: %.200s\n", err);
        return 1;
    }
    if (is(phase, "parse")) _exit(0); /* the value never freed */
    yajl_tree_free(v);
    if (is(phase, "free")) _exit(0);
    free(buf);
    return 0;
}
