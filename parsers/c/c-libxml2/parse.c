/* nestprobe parser program: parses stdin with libxml2's xmlReadMemory (options 0 = defaults) into a DOM; a
 * NULL document is "xmlError<code>: <message>" (libxml2's last error), exit 1. Nothing else is caught.
 * Phases, in a function of their own (so main's frame stays as it was): `free` is xmlFreeDoc, `serialize`
 * xmlDocDumpMemory (defaults; a NULL buffer is exit 1). The protocol (input, phase argument, exit statuses)
 * is ../protocol.h's. */
#include <libxml/parser.h>
#include "protocol.h"

/* libxml2 prints every error to stderr by default; keep stderr to the one protocol line. */
static void quiet(void *ctx, const char *msg, ...) { (void)ctx; (void)msg; }

/* libxml2's last error as the protocol's line; exit 1. */
static void xml_fail(const char *otherwise) {
    xmlErrorPtr e = xmlGetLastError();
    char kind[32];
    snprintf(kind, sizeof kind, "xmlError%d", e ? e->code : -1);
    np_fail(kind, "%s", e && e->message ? e->message : otherwise);
}

/* The phase on the parsed document; ends the program. */
static void __attribute__((noinline)) after_parse(xmlDocPtr doc) {
    NP_PARSED(); /* the document never freed */
    NP_SERIALIZE(
        xmlChar *text = NULL;
        int size = 0;
        xmlResetLastError(); /* so that an error below is the dump's own */
        xmlDocDumpMemory(doc, &text, &size);
        if (!text) xml_fail("xmlDocDumpMemory returned NULL");
        np_keep(size));
    NP_SERIALIZED();
    xmlFreeDoc(doc);
    NP_FINISHED();
}

int main(int argc, char **argv) {
    size_t len;
    char *buf = np_input(argc, argv, NP_PHASES_ALL, &len);
    xmlSetGenericErrorFunc(NULL, quiet);
    xmlDocPtr doc = xmlReadMemory(buf, (int)len, "stdin.xml", NULL, 0);
    if (!doc) xml_fail("(no message)");
    if (np_phased()) after_parse(doc);
    xmlFreeDoc(doc);
    xmlCleanupParser();
    free(buf);
    return 0;
}
