/* nestprobe parser program: parses stdin with json_parse_ex (json-parser by udp, default json_settings) into
 * a json_value tree; its NULL return is "json_parse_error: <message>", exit 1. Nothing else is caught.
 * Phases: `free` is json_value_free; no `serialize` (json-parser has no writer; its companion json-builder
 * is not packaged). The phases live in a function of their own, so main's frame stays as it was. The protocol
 * (input, phase argument, exit statuses) is ../protocol.h's. */
#include <string.h>
#include <json-parser/json.h>
#include "protocol.h"

/* The phase on the parsed value; ends the program. */
static void __attribute__((noinline)) after_parse(json_value *value) {
    NP_PARSED(); /* the value never freed */
    json_value_free(value);
    NP_FINISHED();
}

int main(int argc, char **argv) {
    size_t len;
    char *buf = np_input(argc, argv, NP_PHASES_PARSE_FREE, &len);
    json_settings settings;
    memset(&settings, 0, sizeof settings);
    char error[json_error_max];
    json_value *value = json_parse_ex(&settings, buf, len, error);
    if (value == NULL) np_fail("json_parse_error", "%.200s", error);
    if (np_phased()) after_parse(value);
    json_value_free(value);
    free(buf);
    return 0;
}
