/* nestprobe parser program: reads all of stdin, parses it with libxml2's xmlReadMemory (options 0 = defaults) into a DOM.
 * Exit 0 on success; a NULL document prints "xmlError<code>: <message>" (libxml2's last error) to stderr, exit 1. Nothing else is caught. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libxml/parser.h>

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

/* libxml2 prints every error to stderr by default; keep stderr to the one protocol line. */
static void quiet(void *ctx, const char *msg, ...) { (void)ctx; (void)msg; }

int main(void) {
    size_t len;
    unsigned char *buf = read_all(&len);
    if (!buf) { fprintf(stderr, "OutOfMemory: reading stdin\n"); return 1; }
    xmlSetGenericErrorFunc(NULL, quiet);
    xmlDocPtr doc = xmlReadMemory((const char *)buf, (int)len, "stdin.xml", NULL, 0);
    if (!doc) {
        xmlErrorPtr e = xmlGetLastError();
        char msg[256] = "(no message)";
        if (e && e->message) snprintf(msg, sizeof msg, "%s", e->message);
        for (char *p = msg; *p; p++) if (*p == '\n' || *p == '\r') *p = ' ';
        fprintf(stderr, "xmlError%d: %.200s\n", e ? e->code : -1, msg);
        return 1;
    }
    xmlFreeDoc(doc);
    xmlCleanupParser();
    free(buf);
    return 0;
}
