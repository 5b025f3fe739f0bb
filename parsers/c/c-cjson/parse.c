/* nestprobe parser program: parses stdin with cJSON_ParseWithLength (defaults); its NULL return is
 * "cJSON_Error: <position/context>", exit 1. Nothing else is caught (signals happen as they would).
 * Phases: `free` is cJSON_Delete, `serialize` cJSON_PrintUnformatted into memory (NULL is exit 1). The
 * protocol (input, phase argument, exit statuses) is ../protocol.h's. */
#include <string.h>
#include <cJSON.h>
#include "protocol.h"

int main(int argc, char **argv) {
    size_t len;
    char *buf = np_input(argc, argv, NP_PHASES_ALL, &len);
    cJSON *v = cJSON_ParseWithLength(buf, len);
    if (!v) {
        const char *at = cJSON_GetErrorPtr();
        np_fail("cJSON_Error", "parse failed at offset %ld near '%.20s'", at ? (long)(at - buf) : -1L, at ? at : "");
    }
    NP_PARSED();
    NP_SERIALIZE(
        char *out = cJSON_PrintUnformatted(v);
        if (!out) np_fail("cJSON_PrintUnformatted", "returned NULL");
        np_keep(strlen(out)));
    NP_SERIALIZED();
    cJSON_Delete(v);
    NP_FINISHED();
    free(buf);
    return 0;
}
