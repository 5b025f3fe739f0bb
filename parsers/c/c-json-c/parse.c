/* nestprobe parser program: reads all of stdin, parses it with json-c's json_tokener_parse_ex on a
 * default tokener (json_tokener_new(): default depth), passing the final '\0' as documented for end of
 * input. Exit 0 on success; on a tokener error prints "json_tokener_error: <desc>" to stderr, exit 1. */
/* Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
 * _exit(0), the value never freed; `free` frees it (json_object_put(v)), then _exit(0);
 * `serialize` writes it back into memory with json_object_to_json_string, then _exit(0) (NULL is
 * exit 1). Without it: as before (freed, return 0). Unknown phase: exit 2. */
#include <string.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <json.h>

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
    buf[len] = '\0'; /* len < cap always holds here */
    struct json_tokener *tok = json_tokener_new();
    struct json_object *v = json_tokener_parse_ex(tok, buf, (int)len + 1);
    enum json_tokener_error e = json_tokener_get_error(tok);
    if (e != json_tokener_success) {
        fprintf(stderr, "json_tokener_error: %s (offset %zu)\n", json_tokener_error_desc(e),
                json_tokener_get_parse_end(tok));
        return 1;
    }
    if (is(phase, "parse")) _exit(0); /* the value never freed */
    if (is(phase, "serialize")) {
        const char *out = json_object_to_json_string(v);
        if (!out) {
            fprintf(stderr, "json_object_to_json_string: returned NULL\n");
            return 1;
        }
        volatile size_t n = strlen(out); /* the text is made, then dropped by _exit */
        (void) n;
        _exit(0);
    }
    json_object_put(v);
    if (is(phase, "free")) _exit(0);
    json_tokener_free(tok);
    free(buf);
    return 0;
}
