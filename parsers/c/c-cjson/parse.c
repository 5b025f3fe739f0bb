/* nestprobe parser program: reads all of stdin, parses it with cJSON_ParseWithLength (defaults).
 * Exit 0 on success; on cJSON's NULL return prints "cJSON_Error: <position/context>" to stderr, exit 1.
 * Nothing else is caught (C has no exceptions; signals happen as they would). */
#include <stdio.h>
#include <stdlib.h>
#include <cJSON.h>

int main(void) {
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
    cJSON_Delete(v);
    free(buf);
    return 0;
}
