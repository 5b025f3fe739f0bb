/* nestprobe parser program: reads all of stdin, parses it with cJSON_ParseWithLength (defaults).
 * Exit 0 on success; on cJSON's NULL return prints "cJSON_Error: <position/context>" to stderr, exit 1.
 * Nothing else is caught (C has no exceptions; signals happen as they would). */
/* Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
 * _exit(0), the value never freed; `free` frees it (cJSON_Delete(v)), then _exit(0); `serialize`
 * writes it back into memory with cJSON_PrintUnformatted, then _exit(0) (NULL is exit 1). Without
 * it: as before (freed, return 0). Unknown phase: exit 2. */
#include <string.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <cJSON.h>

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
    cJSON *v = cJSON_ParseWithLength(buf, len);
    if (!v) {
        const char *at = cJSON_GetErrorPtr();
        fprintf(stderr, "cJSON_Error: parse failed at offset %ld near '%.20s'\n",
                at ? (long)(at - buf) : -1L, at ? at : "");
        return 1;
    }
    if (is(phase, "parse")) _exit(0); /* the value never freed */
    if (is(phase, "serialize")) {
        char *out = cJSON_PrintUnformatted(v);
        if (!out) {
            fprintf(stderr, "cJSON_PrintUnformatted: returned NULL\n");
            return 1;
        }
        volatile size_t n = strlen(out); /* the text is made, then dropped by _exit */
        (void) n;
        _exit(0);
    }
    cJSON_Delete(v);
    if (is(phase, "free")) _exit(0);
    free(buf);
    return 0;
}
