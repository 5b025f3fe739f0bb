/* nestprobe parser program: reads all of stdin, builds a document with libfyaml's fy_document_build_from_string (default parse flags).
 * Exit 0 on success; a NULL document prints "fy_error: <first collected diagnostic>" to stderr, exit 1. Nothing else is caught.
 * Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with _exit(0), the document never
 * destroyed; `free` destroys it (fy_document_destroy), then _exit(0); `serialize` emits it into a string with
 * fy_emit_document_to_string (FYECF_DEFAULT), then _exit(0) (NULL is exit 1). Without it: as before (destroyed, return 0).
 * Unknown phase: exit 2, before reading stdin. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libfyaml.h>

static char *read_all(size_t *out) {
    size_t len = 0, cap = 1 << 16, n;
    char *buf = malloc(cap + 1);
    while (buf && (n = fread(buf + len, 1, cap - len, stdin)) > 0) {
        len += n;
        if (len == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    if (buf) buf[len] = 0;
    *out = len;
    return buf;
}

static int is(const char *phase, const char *name) { return strcmp(phase, name) == 0; }

/* The phase on the built document; never returns (a function of its own, so main's frame stays as it was). */
static void __attribute__((noinline, noreturn)) after_parse(struct fy_document *fyd, const char *phase) {
    if (is(phase, "parse")) _exit(0); /* the document never destroyed */
    if (is(phase, "free")) {
        fy_document_destroy(fyd);
        _exit(0);
    }
    char *text = fy_emit_document_to_string(fyd, FYECF_DEFAULT);
    if (!text) {
        fprintf(stderr, "fy_emit_error: fy_emit_document_to_string returned NULL\n");
        exit(1);
    }
    volatile size_t n = strlen(text); /* the text is made, then dropped by _exit */
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
    char *buf = read_all(&len);
    if (!buf) { fprintf(stderr, "OutOfMemory: reading stdin\n"); return 1; }
    /* A diagnostic object that collects errors instead of printing them (parse flags stay the default, 0). */
    struct fy_diag_cfg dcfg;
    fy_diag_cfg_default(&dcfg);
    struct fy_diag *diag = fy_diag_create(&dcfg);
    if (!diag) { fprintf(stderr, "OutOfMemory: fy_diag_create\n"); return 1; }
    fy_diag_set_collect_errors(diag, true);
    struct fy_parse_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.diag = diag;
    struct fy_document *fyd = fy_document_build_from_string(&cfg, buf, len);
    if (!fyd) {
        void *it = NULL;
        struct fy_diag_error *err = fy_diag_errors_iterate(diag, &it);
        char msg[256] = "(no diagnostic collected)";
        if (err && err->msg) snprintf(msg, sizeof msg, "%s (line %d, column %d)", err->msg, err->line, err->column);
        for (char *p = msg; *p; p++) if (*p == '\n' || *p == '\r') *p = ' ';
        fprintf(stderr, "fy_error: %.200s\n", msg);
        return 1;
    }
    if (phase) after_parse(fyd, phase);
    fy_document_destroy(fyd);
    fy_diag_destroy(diag);
    free(buf);
    return 0;
}
