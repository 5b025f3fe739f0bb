/* nestprobe parser program: builds a document from stdin with libfyaml's fy_document_build_from_string
 * (default parse flags; only a diagnostic object is attached, to collect the error message instead of
 * printing it); a NULL document is "fy_error: <first collected diagnostic>", exit 1. Nothing else is caught.
 * Phases, in a function of their own (so main's frame stays as it was): `free` is fy_document_destroy,
 * `serialize` fy_emit_document_to_string (FYECF_DEFAULT; NULL is exit 1). The protocol (input, phase
 * argument, exit statuses) is ../protocol.h's. */
#include <string.h>
#include <libfyaml.h>
#include "protocol.h"

/* The phase on the built document; ends the program. */
static void __attribute__((noinline)) after_parse(struct fy_document *fyd) {
    NP_PARSED(); /* the document never destroyed */
    NP_SERIALIZE(
        char *text = fy_emit_document_to_string(fyd, FYECF_DEFAULT);
        if (!text) np_fail("fy_emit_error", "fy_emit_document_to_string returned NULL");
        np_keep(strlen(text)));
    NP_SERIALIZED();
    fy_document_destroy(fyd);
    NP_FINISHED();
}

int main(int argc, char **argv) {
    size_t len;
    char *buf = np_input(argc, argv, NP_PHASES_ALL, &len);
    /* A diagnostic object that collects errors instead of printing them (parse flags stay the default, 0). */
    struct fy_diag_cfg dcfg;
    fy_diag_cfg_default(&dcfg);
    struct fy_diag *diag = fy_diag_create(&dcfg);
    if (!diag) np_fail("OutOfMemory", "fy_diag_create");
    fy_diag_set_collect_errors(diag, true);
    struct fy_parse_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.diag = diag;
    struct fy_document *fyd = fy_document_build_from_string(&cfg, buf, len);
    if (!fyd) {
        void *it = NULL;
        struct fy_diag_error *err = fy_diag_errors_iterate(diag, &it);
        if (err && err->msg) np_fail("fy_error", "%s (line %d, column %d)", err->msg, err->line, err->column);
        np_fail("fy_error", "(no diagnostic collected)");
    }
    if (np_phased()) after_parse(fyd);
    fy_document_destroy(fyd);
    fy_diag_destroy(diag);
    free(buf);
    return 0;
}
