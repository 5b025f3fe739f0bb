/* nestprobe parser program: parses stdin with json_parser_load_from_data (json-glib's JsonParser, default
 * settings) into a JsonNode tree; the library's GError is "<GError domain>: <message>", exit 1. Nothing else
 * is caught (signals happen as they would). Phases: `free` is g_object_unref(parser), `serialize` a
 * JsonGenerator's json_generator_to_data (NULL is exit 1). The protocol (input, phase argument, exit
 * statuses) is ../protocol.h's. */
#include <string.h>
#include <json-glib/json-glib.h>
#include "protocol.h"

int main(int argc, char **argv) {
    size_t len;
    char *buf = np_input(argc, argv, NP_PHASES_ALL, &len);
    JsonParser *parser = json_parser_new();
    GError *err = NULL;
    if (!json_parser_load_from_data(parser, buf, (gssize) len, &err))
        np_fail(g_quark_to_string(err->domain), "%.200s", err->message);
    NP_PARSED();
    NP_SERIALIZE(
        JsonGenerator *gen = json_generator_new();
        json_generator_set_root(gen, json_parser_get_root(parser));
        char *out = json_generator_to_data(gen, NULL);
        if (!out) np_fail("json_generator_to_data", "returned NULL");
        np_keep(strlen(out)));
    NP_SERIALIZED();
    g_object_unref(parser);
    NP_FINISHED();
    free(buf);
    return 0;
}
