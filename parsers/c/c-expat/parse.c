/* nestprobe parser program: parses stdin with expat's XML_Parse (default parser, no handlers) in one final
 * call; XML_STATUS_ERROR is "XML_Error<code>: <XML_ErrorString>", exit 1. Nothing else is caught. No phases
 * (a stream of events, no tree). The protocol (input, exit statuses) is ../protocol.h's. */
#include <expat.h>
#include "protocol.h"

int main(int argc, char **argv) {
    size_t len;
    char *buf = np_input(argc, argv, NP_PHASES_NONE, &len);
    XML_Parser p = XML_ParserCreate(NULL);
    if (!p) np_fail("OutOfMemory", "XML_ParserCreate");
    if (XML_Parse(p, buf, (int)len, 1) == XML_STATUS_ERROR) {
        enum XML_Error e = XML_GetErrorCode(p);
        char kind[32];
        snprintf(kind, sizeof kind, "XML_Error%d", (int)e);
        np_fail(kind, "%.200s", XML_ErrorString(e));
    }
    XML_ParserFree(p);
    free(buf);
    return 0;
}
