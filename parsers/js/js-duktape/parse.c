/* nestprobe parser program for Duktape (an embeddable JavaScript engine): reads all of stdin, then, inside
 * duk_safe_call, duk_json_decode on the text: the same decoder as JavaScript's JSON.parse in Duktape, default
 * settings. Any error thrown in the call (SyntaxError, RangeError, ...) comes back as an error value -> one line
 * "<ErrorName>: <message>" on stderr, exit 1. Nothing else is caught.
 * It keeps its own protocol code (stdin, the error line, the exit status): it is C embedding Duktape, which
 * ../protocol.js cannot serve, and it takes no phase. */
#include <stdio.h>
#include <stdlib.h>
#include <duktape.h>

static duk_ret_t decode(duk_context *ctx, void *udata) {
    (void) udata;
    duk_json_decode(ctx, -1);
    return 0;
}

int main(void) {
    size_t len = 0, cap = 1 << 16;
    char *buf = malloc(cap + 1);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len, stdin)) > 0) {
        len += n;
        if (len == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    if (!buf) { fprintf(stderr, "OutOfMemory: reading stdin\n"); return 1; }
    buf[len] = 0;
    duk_context *ctx = duk_create_heap_default();
    if (!ctx) { fprintf(stderr, "OutOfMemory: duk_create_heap_default\n"); return 1; }
    duk_push_lstring(ctx, buf, len);
    if (duk_safe_call(ctx, decode, NULL, 1, 1) != DUK_EXEC_SUCCESS) {
        duk_get_prop_string(ctx, -1, "name");
        const char *name = duk_get_string(ctx, -1);
        duk_pop(ctx);
        duk_get_prop_string(ctx, -1, "message");
        const char *msg = duk_get_string(ctx, -1);
        fprintf(stderr, "%s: %.200s\n", name ? name : "Error", msg ? msg : duk_safe_to_string(ctx, -2));
        return 1;
    }
    duk_destroy_heap(ctx);
    free(buf);
    return 0;
}
