/* nestprobe parser program: reads all of stdin, then json_parser_load_from_data (json-glib's JsonParser, default
 * settings) into a JsonNode tree. On the library's GError prints "<GError domain>: <message>" to stderr, exit 1.
 * Nothing else is caught (C has no exceptions; signals happen as they would). */
#include <stdio.h>
#include <stdlib.h>
#include <json-glib/json-glib.h>

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
    JsonParser *parser = json_parser_new();
    GError *err = NULL;
    if (!json_parser_load_from_data(parser, buf, (gssize) len, &err)) {
        fprintf(stderr, "%s: %.200s\n", g_quark_to_string(err->domain), err->message);
        return 1;
    }
    g_object_unref(parser);
    free(buf);
    return 0;
}
