/* nestprobe parser program: reads all of stdin, parses it with libfastjson's fjson_tokener_parse_ex on a default
 * tokener (fjson_tokener_new(): default depth), passing the final '\0' as the end of input (as c-json-c does with
 * json-c, which libfastjson forked). On the library's error prints "fjson_tokener_error: <desc>" to stderr, exit 1.
 * Nothing else is caught (C has no exceptions; signals happen as they would). */
/* Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
 * _exit(0), the value never freed; `free` frees it (fjson_object_put(obj)), then _exit(0);
 * `serialize` writes it back into memory with fjson_object_to_json_string, then _exit(0) (NULL is
 * exit 1). Without it: as before (freed, return 0). Unknown phase: exit 2. */
#include <string.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <libfastjson/json.h>

/* The phase, the optional last argument (parsers/README.md, "Phases"); "" without one. */
static int is(const char *phase, const char *name) { return strcmp(phase, name) == 0; }

int main(int argc, char **argv) {
    const char *phase = argc > 1 ? argv[argc - 1] : "";
    if (argc > 1 && !is(phase, "parse") && !is(phase, "free") && !is(phase, "serialize")) {
        fprintf(stderr, "unknown phase: %s (parse, free or serialize)\n", phase);
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
    struct fjson_tokener *tok = fjson_tokener_new();
    struct fjson_object *obj = fjson_tokener_parse_ex(tok, buf, (int) len + 1);
    enum fjson_tokener_error jerr = fjson_tokener_get_error(tok);
    if (jerr != fjson_tokener_success) {
        fprintf(stderr, "fjson_tokener_error: %.200s\n", fjson_tokener_error_desc(jerr));
        return 1;
    }
    if (is(phase, "parse")) _exit(0); /* the value never freed */
    if (is(phase, "serialize")) {
        const char *out = fjson_object_to_json_string(obj);
        if (!out) {
            fprintf(stderr, "fjson_object_to_json_string: returned NULL\n");
            return 1;
        }
        volatile size_t n = strlen(out); /* the text is made, then dropped by _exit */
        (void) n;
        _exit(0);
    }
    fjson_object_put(obj);
    if (is(phase, "free")) _exit(0);
    fjson_tokener_free(tok);
    free(buf);
    return 0;
}
