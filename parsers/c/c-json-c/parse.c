/* nestprobe parser program: parses stdin with json-c's json_tokener_parse_ex on a default tokener
 * (json_tokener_new(): default depth), passing the final '\0' as documented for end of input; a tokener
 * error is "json_tokener_error: <desc> (offset)", exit 1. Phases: `free` is json_object_put, `serialize`
 * json_object_to_json_string (NULL is exit 1). The protocol (input, phase argument, exit statuses) is
 * ../protocol.h's. */
#include <string.h>
#include <json.h>
#include "protocol.h"

int main(int argc, char **argv) {
    size_t len;
    char *buf = np_input(argc, argv, NP_PHASES_ALL, &len); /* NUL-terminated */
    struct json_tokener *tok = json_tokener_new();
    struct json_object *v = json_tokener_parse_ex(tok, buf, (int)len + 1);
    enum json_tokener_error e = json_tokener_get_error(tok);
    if (e != json_tokener_success)
        np_fail("json_tokener_error", "%s (offset %zu)", json_tokener_error_desc(e), json_tokener_get_parse_end(tok));
    NP_PARSED();
    NP_SERIALIZE(
        const char *out = json_object_to_json_string(v);
        if (!out) np_fail("json_object_to_json_string", "returned NULL");
        np_keep(strlen(out)));
    NP_SERIALIZED();
    json_object_put(v);
    NP_FINISHED();
    json_tokener_free(tok);
    free(buf);
    return 0;
}
