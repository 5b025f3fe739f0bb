/* nestprobe parser program: parses stdin with jansson's json_loadb (flags 0); its error return is
 * "json_error_t: <text> (line, column)", exit 1. Nothing else is caught (signals happen as they would).
 * Phases: `free` is json_decref, `serialize` json_dumps into memory (NULL is exit 1). The protocol (input,
 * phase argument, exit statuses) is ../protocol.h's. */
#include <string.h>
#include <jansson.h>
#include "protocol.h"

int main(int argc, char **argv) {
    size_t len;
    char *buf = np_input(argc, argv, NP_PHASES_ALL, &len);
    json_error_t err;
    json_t *v = json_loadb(buf, len, 0, &err);
    if (!v) np_fail("json_error_t", "%.200s (line %d, column %d)", err.text, err.line, err.column);
    NP_PARSED();
    NP_SERIALIZE(
        char *out = json_dumps(v, 0);
        if (!out) np_fail("json_dumps", "returned NULL");
        np_keep(strlen(out)));
    NP_SERIALIZED();
    json_decref(v);
    NP_FINISHED();
    free(buf);
    return 0;
}
