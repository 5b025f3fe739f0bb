/* nestprobe parser program: reads all of stdin, builds a document with libfyaml's fy_document_build_from_string (default parse flags).
 * Exit 0 on success; a NULL document prints "fy_error: <first collected diagnostic>" to stderr, exit 1. Nothing else is caught. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int main(void) {
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
    fy_document_destroy(fyd);
    fy_diag_destroy(diag);
    free(buf);
    return 0;
}
