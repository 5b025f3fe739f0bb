/* nestprobe parser program: decodes stdin with libcbor's cbor_load (builds a cbor_item_t tree, defaults); a
 * NULL item is "cbor_error<code>: <name>", exit 1. Nothing else is caught. cbor_load decodes one item;
 * trailing bytes are not an error to it (recorded, not worked around). Phases, in a function of their own
 * (so main's frame stays as it was): `free` is cbor_decref, `serialize` cbor_serialize_alloc (a 0 length
 * is exit 1). The protocol (input, phase argument, exit statuses) is ../protocol.h's. */
#include <cbor.h>
#include "protocol.h"

static const char *name(cbor_error_code c) {
    switch (c) {
    case CBOR_ERR_NONE: return "CBOR_ERR_NONE";
    case CBOR_ERR_NOTENOUGHDATA: return "CBOR_ERR_NOTENOUGHDATA";
    case CBOR_ERR_NODATA: return "CBOR_ERR_NODATA";
    case CBOR_ERR_MALFORMATED: return "CBOR_ERR_MALFORMATED";
    case CBOR_ERR_MEMERROR: return "CBOR_ERR_MEMERROR";
    case CBOR_ERR_SYNTAXERROR: return "CBOR_ERR_SYNTAXERROR";
    default: return "unknown";
    }
}

/* The phase on the decoded item; ends the program. */
static void __attribute__((noinline)) after_parse(cbor_item_t *item) {
    NP_PARSED(); /* the item never released */
    NP_SERIALIZE(
        unsigned char *bytes = NULL;
        size_t size = 0;
        size_t written = cbor_serialize_alloc(item, &bytes, &size);
        if (written == 0) np_fail("cbor_serialize_error", "cbor_serialize_alloc returned 0");
        np_keep(written));
    NP_SERIALIZED();
    cbor_decref(&item);
    NP_FINISHED();
}

int main(int argc, char **argv) {
    size_t len;
    unsigned char *buf = (unsigned char *) np_input(argc, argv, NP_PHASES_ALL, &len);
    struct cbor_load_result res;
    cbor_item_t *item = cbor_load(buf, len, &res);
    if (!item) {
        char kind[32];
        snprintf(kind, sizeof kind, "cbor_error%d", (int)res.error.code);
        np_fail(kind, "%s at byte %zu", name(res.error.code), res.error.position);
    }
    if (np_phased()) after_parse(item);
    cbor_decref(&item);
    free(buf);
    return 0;
}
