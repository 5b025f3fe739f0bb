/* nestprobe parser program: reads all of stdin, parses it with json-c's json_tokener_parse_ex on a
 * default tokener (json_tokener_new(): default depth), passing the final '\0' as documented for end of
 * input. Exit 0 on success; on a tokener error prints "json_tokener_error: <desc>" to stderr, exit 1. */
#include <stdio.h>
#include <stdlib.h>
#include <json.h>

int main(void) {
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
    json_object_put(v);
    json_tokener_free(tok);
    free(buf);
    return 0;
}
