/* nestprobe parser program: reads all of stdin, parses it with yajl_tree_parse (default options).
 * Exit 0 on success; on yajl's NULL return prints "yajl_tree_error: <message>" to stderr, exit 1.
 * Nothing else is caught (C has no exceptions; signals happen as they would). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl_tree.h>

int main(void) {
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
    yajl_tree_free(v);
    free(buf);
    return 0;
}
