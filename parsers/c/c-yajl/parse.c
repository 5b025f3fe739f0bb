/* nestprobe parser program: parses stdin with yajl_tree_parse (default options); its NULL return is
 * "yajl_tree_error: <message>", exit 1. Nothing else is caught (signals happen as they would).
 * Phases: `free` is yajl_tree_free; no `serialize` (yajl has no serializer for its tree: yajl_gen writes
 * only what a program feeds it). The protocol (input, phase argument, exit statuses) is ../protocol.h's. */
#include <yajl_tree.h>
#include "protocol.h"

int main(int argc, char **argv) {
    size_t len;
    char *buf = np_input(argc, argv, NP_PHASES_PARSE_FREE, &len); /* NUL-terminated, as yajl_tree_parse takes it */
    char err[1024] = "";
    yajl_val v = yajl_tree_parse(buf, err, sizeof err);
    if (!v) np_fail("yajl_tree_error", "%.200s", err);
    NP_PARSED();
    yajl_tree_free(v);
    NP_FINISHED();
    free(buf);
    return 0;
}
