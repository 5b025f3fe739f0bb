/* nestprobe parser program: reads all of stdin, decodes it with libcbor's cbor_load (builds a cbor_item_t tree, defaults).
 * Exit 0 on success; a NULL item prints "cbor_error<code>: <name>" to stderr, exit 1. Nothing else is caught.
 * Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with _exit(0), the item never
 * released; `free` releases it (cbor_decref), then _exit(0); `serialize` encodes it into memory with cbor_serialize_alloc,
 * then _exit(0) (a 0 length is exit 1). Without it: as before (released, return 0). Unknown phase: exit 2, before reading stdin. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
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

static int is(const char *phase, const char *name) { return strcmp(phase, name) == 0; }

/* The phase on the decoded item; never returns (a function of its own, so main's frame stays as it was). */
static void __attribute__((noinline, noreturn)) after_parse(cbor_item_t *item, const char *phase) {
    if (is(phase, "parse")) _exit(0); /* the item never released */
    if (is(phase, "free")) {
        cbor_decref(&item);
        _exit(0);
    }
    unsigned char *bytes = NULL;
    size_t size = 0;
    size_t written = cbor_serialize_alloc(item, &bytes, &size);
    if (written == 0) {
        fprintf(stderr, "cbor_serialize_error: cbor_serialize_alloc returned 0\n");
        exit(1);
    }
    volatile size_t n = written; /* the bytes are made, then dropped by _exit */
    (void) n;
    _exit(0);
}

int main(int argc, char **argv) {
    const char *phase = argc > 1 ? argv[argc - 1] : NULL;
    if (phase && !is(phase, "parse") && !is(phase, "free") && !is(phase, "serialize")) {
        fprintf(stderr, "unknown phase: %s (parse, free or serialize)\n", phase);
        return 2;
    }
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
    if (phase) after_parse(item, phase);
    cbor_decref(&item);
    free(buf);
    return 0;
}
