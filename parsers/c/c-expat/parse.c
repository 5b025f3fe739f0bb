/* nestprobe parser program: reads all of stdin, parses it with expat's XML_Parse (default parser, no handlers) in one final call.
 * Exit 0 on success; on XML_STATUS_ERROR prints "XML_Error<code>: <XML_ErrorString>" to stderr, exit 1. Nothing else is caught. */
#include <stdio.h>
#include <stdlib.h>
#include <expat.h>

static unsigned char *read_all(size_t *out) {
    size_t len = 0, cap = 1 << 16, n;
    unsigned char *buf = malloc(cap + 1);
    while (buf && (n = fread(buf + len, 1, cap - len, stdin)) > 0) {
        len += n;
        if (len == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    if (buf) buf[len] = 0;
    *out = len;
    return buf;
}

int main(void) {
    size_t len;
    unsigned char *buf = read_all(&len);
    if (!buf) { fprintf(stderr, "OutOfMemory: reading stdin\n"); return 1; }
    XML_Parser p = XML_ParserCreate(NULL);
    if (!p) { fprintf(stderr, "OutOfMemory: XML_ParserCreate\n"); return 1; }
    if (XML_Parse(p, (const char *)buf, (int)len, 1) == XML_STATUS_ERROR) {
        enum XML_Error e = XML_GetErrorCode(p);
        fprintf(stderr, "XML_Error%d: %.200s\n", (int)e, XML_ErrorString(e));
        return 1;
    }
    XML_ParserFree(p);
    free(buf);
    return 0;
}
