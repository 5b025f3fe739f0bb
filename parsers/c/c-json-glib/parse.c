/* nestprobe parser program: reads all of stdin, then json_parser_load_from_data (json-glib's JsonParser, default
 * settings) into a JsonNode tree. On the library's GError prints "<GError domain>: <message>" to stderr, exit 1.
 * Nothing else is caught (C has no exceptions; signals happen as they would). */
/* Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
 * _exit(0), the value never freed; `free` frees it (g_object_unref(parser)), then _exit(0);
 * `serialize` writes it back into memory with a JsonGenerator (json_generator_to_data), then
 * _exit(0) (NULL is exit 1). Without it: as before (freed, return 0). Unknown phase: exit 2. */
#include <string.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <json-glib/json-glib.h>

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
    JsonParser *parser = json_parser_new();
    GError *err = NULL;
    if (!json_parser_load_from_data(parser, buf, (gssize) len, &err)) {
        fprintf(stderr, "%s: %.200s\n", g_quark_to_string(err->domain), err->message);
        return 1;
    }
    if (is(phase, "parse")) _exit(0); /* the value never freed */
    if (is(phase, "serialize")) {
        JsonGenerator *gen = json_generator_new();
        json_generator_set_root(gen, json_parser_get_root(parser));
        char *out = json_generator_to_data(gen, NULL);
        if (!out) {
            fprintf(stderr, "json_generator_to_data: returned NULL\n");
            return 1;
        }
        volatile size_t n = strlen(out); /* the text is made, then dropped by _exit */
        (void) n;
        _exit(0);
    }
    g_object_unref(parser);
    if (is(phase, "free")) _exit(0);
    free(buf);
    return 0;
}
