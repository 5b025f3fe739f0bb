/* nestprobe parser program: parses stdin with json-c's json_tokener_parse_ex on a default tokener
 * (json_tokener_new(): default depth), passing the final '\0' as documented for end of input; a tokener
 * error is "json_tokener_error: <desc> (offset)", exit 1. Built with -DNP_FJSON, the same calls to
 * libfastjson, json-c's fork, whose names are the same with the prefix fjson_ (J(name) puts the prefix
 * on): fjson_tokener_parse_ex on fjson_tokener_new(), its error "fjson_tokener_error: <desc>" (it has no
 * parse end to report). Nothing else is caught. Phases: `free` is json_object_put, `serialize`
 * json_object_to_json_string (NULL is exit 1). The protocol (input, phase argument, exit statuses) is
 * ../protocol.h's. */
#include <string.h>
#if defined(NP_FJSON)
#include <libfastjson/json.h>
#define J(name) fjson_##name
#define J_NAME(name) "fjson_" #name
#else
#include <json.h>
#define J(name) json_##name
#define J_NAME(name) "json_" #name
#endif
#include "protocol.h"

int main(int argc, char **argv) {
    size_t len;
    char *buf = np_input(argc, argv, NP_PHASES_ALL, &len); /* NUL-terminated */
    struct J(tokener) *tok = J(tokener_new)();
    struct J(object) *v = J(tokener_parse_ex)(tok, buf, (int)len + 1);
    enum J(tokener_error) e = J(tokener_get_error)(tok);
    if (e != J(tokener_success))
#if defined(NP_FJSON)
        np_fail("fjson_tokener_error", "%.200s", fjson_tokener_error_desc(e));
#else
        np_fail("json_tokener_error", "%s (offset %zu)", json_tokener_error_desc(e), json_tokener_get_parse_end(tok));
#endif
    NP_PARSED();
    NP_SERIALIZE(
        const char *out = J(object_to_json_string)(v);
        if (!out) np_fail(J_NAME(object_to_json_string), "returned NULL");
        np_keep(strlen(out)));
    NP_SERIALIZED();
    J(object_put)(v);
    NP_FINISHED();
    J(tokener_free)(tok);
    free(buf);
    return 0;
}
