/* nestprobe parser program: parses stdin with libfastjson's fjson_tokener_parse_ex on a default tokener
 * (fjson_tokener_new(): default depth), passing the final '\0' as the end of input (as c-json-c does with
 * json-c, which libfastjson forked); the library's error is "fjson_tokener_error: <desc>", exit 1. Nothing
 * else is caught. Phases: `free` is fjson_object_put, `serialize` fjson_object_to_json_string (NULL is exit
 * 1). The protocol (input, phase argument, exit statuses) is ../protocol.h's. */
#include <string.h>
#include <libfastjson/json.h>
#include "protocol.h"

int main(int argc, char **argv) {
    size_t len;
    char *buf = np_input(argc, argv, NP_PHASES_ALL, &len); /* NUL-terminated */
    struct fjson_tokener *tok = fjson_tokener_new();
    struct fjson_object *obj = fjson_tokener_parse_ex(tok, buf, (int) len + 1);
    enum fjson_tokener_error jerr = fjson_tokener_get_error(tok);
    if (jerr != fjson_tokener_success) np_fail("fjson_tokener_error", "%.200s", fjson_tokener_error_desc(jerr));
    NP_PARSED();
    NP_SERIALIZE(
        const char *out = fjson_object_to_json_string(obj);
        if (!out) np_fail("fjson_object_to_json_string", "returned NULL");
        np_keep(strlen(out)));
    NP_SERIALIZED();
    fjson_object_put(obj);
    NP_FINISHED();
    fjson_tokener_free(tok);
    free(buf);
    return 0;
}
