/* nestprobe parser program: reads all of stdin, parses it with libxml2's xmlReadMemory (options 0 = defaults) into a DOM.
 * Exit 0 on success; a NULL document prints "xmlError<code>: <message>" (libxml2's last error) to stderr, exit 1. Nothing else is caught.
 * Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with _exit(0), the document never
 * freed; `free` frees it (xmlFreeDoc), then _exit(0); `serialize` writes it into memory with xmlDocDumpMemory (defaults),
 * then _exit(0) (a NULL buffer is exit 1). Without it: as before (freed, return 0). Unknown phase: exit 2, before reading stdin. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
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

static int is(const char *phase, const char *name) { return strcmp(phase, name) == 0; }

/* The phase on the parsed document; never returns (a function of its own, so main's frame stays as it was). */
static void __attribute__((noinline, noreturn)) after_parse(xmlDocPtr doc, const char *phase) {
    if (is(phase, "parse")) _exit(0); /* the document never freed */
    if (is(phase, "free")) {
        xmlFreeDoc(doc);
        _exit(0);
    }
    xmlChar *text = NULL;
    int size = 0;
    xmlResetLastError(); /* so that an error below is the dump's own */
    xmlDocDumpMemory(doc, &text, &size);
    if (!text) {
        xmlErrorPtr e = xmlGetLastError();
        char msg[256] = "xmlDocDumpMemory returned NULL";
        if (e && e->message) snprintf(msg, sizeof msg, "%s", e->message);
        for (char *p = msg; *p; p++) if (*p == '\n' || *p == '\r') *p = ' ';
        fprintf(stderr, "xmlError%d: %.200s\n", e ? e->code : -1, msg);
        exit(1);
    }
    volatile int n = size; /* the text is made, then dropped by _exit */
    (void) n;
    _exit(0);
}

int main(int argc, char **argv) {
    const char *phase = argc > 1 ? argv[argc - 1] : NULL;
    if (phase && !is(phase, "parse") && !is(phase, "free") && !is(phase, "serialize")) {
        fprintf(stderr, "unknown phase: %s (parse, free or serialize)\n", phase);
        return 2;
    }
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
    if (phase) after_parse(doc, phase);
    xmlFreeDoc(doc);
    xmlCleanupParser();
    free(buf);
    return 0;
}
