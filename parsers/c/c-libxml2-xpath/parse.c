/* nestprobe parser program: compiles stdin as an XPath 1.0 expression with libxml2's xmlXPathCompile (the
 * compile entry point without an XPath context); a NULL result is "xmlError<code>: <message>" (libxml2's last
 * error), exit 1. Phase `run` evaluates the compiled expression once with xmlXPathCompiledEval in a context on the
 * document <a/> (NULL: the same error line). Without a phase: compile, xmlXPathFreeCompExpr, return. Nothing else
 * is caught. The protocol (input, phase argument, exit statuses) is ../protocol.h's. */
#include <libxml/parser.h>
#include <libxml/xpath.h>
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

int main(int argc, char **argv) {
    size_t len;
    char *src = np_input(argc, argv, NP_PHASES_LANGUAGE, &len);
    xmlSetGenericErrorFunc(NULL, quiet);
    xmlXPathCompExprPtr comp = xmlXPathCompile(BAD_CAST src);
    if (!comp) xml_fail("xmlXPathCompile returned NULL");
    NP_COMPILED();
    NP_RUN(
        xmlDocPtr doc = xmlReadMemory("<a/>", 4, "a.xml", NULL, 0);
        xmlXPathContextPtr ctx = doc ? xmlXPathNewContext(doc) : NULL;
        if (!ctx) xml_fail("no document <a/>");
        xmlResetLastError(); /* so that an error below is the evaluation's own */
        xmlXPathObjectPtr result = xmlXPathCompiledEval(comp, ctx);
        if (!result) xml_fail("xmlXPathCompiledEval returned NULL");
        xmlXPathFreeObject(result));
    xmlXPathFreeCompExpr(comp);
    free(src);
    NP_FINISHED();
    return 0;
}
