/* nestprobe parser program: reads all of stdin, decodes it with libcbor's cbor_load (builds a cbor_item_t tree, defaults).
 * Exit 0 on success; a NULL item prints "cbor_error<code>: <name>" to stderr, exit 1. Nothing else is caught. */
#include <stdio.h>
#include <stdlib.h>
#include <cbor.h>

static unsigned char *read_all(size_t *out) {
    size_t len = 0, cap = 1 << 16, n;
    unsigned char *buf = malloc(cap + 1);
    while (buf && (n = fread(buf + len, 1, cap - len, stdin)) > 0) {
        len += n;
        if (len == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    if (buf) buf[len] = 0;
    *out = len;
    return buf;
}

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

int main(void) {
    size_t len;
    unsigned char *buf = read_all(&len);
    if (!buf) { fprintf(stderr, "OutOfMemory: reading stdin\n"); return 1; }
    struct cbor_load_result res;
    cbor_item_t *item = cbor_load(buf, len, &res);
    if (!item) {
        fprintf(stderr, "cbor_error%d: %s at byte %zu\n", (int)res.error.code, name(res.error.code), res.error.position);
        return 1;
    }
    /* cbor_load decodes one item; trailing bytes are not an error to it (recorded, not worked around). */
    cbor_decref(&item);
    free(buf);
    return 0;
}
