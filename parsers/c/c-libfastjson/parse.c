/* nestprobe parser program: reads all of stdin, parses it with libfastjson's fjson_tokener_parse_ex on a default
 * tokener (fjson_tokener_new(): default depth), passing the final '\0' as the end of input (as c-json-c does with
 * json-c, which libfastjson forked). On the library's error prints "fjson_tokener_error: <desc>" to stderr, exit 1.
 * Nothing else is caught (C has no exceptions; signals happen as they would). */
#include <stdio.h>
#include <stdlib.h>
#include <libfastjson/json.h>

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
    struct fjson_tokener *tok = fjson_tokener_new();
    struct fjson_object *obj = fjson_tokener_parse_ex(tok, buf, (int) len + 1);
    enum fjson_tokener_error jerr = fjson_tokener_get_error(tok);
    if (jerr != fjson_tokener_success) {
        fprintf(stderr, "fjson_tokener_error: %.200s\n", fjson_tokener_error_desc(jerr));
        return 1;
    }
    fjson_object_put(obj);
    fjson_tokener_free(tok);
    free(buf);
    return 0;
}
