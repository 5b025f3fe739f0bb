/* nestprobe parser program: loads every document of stdin with libyaml's yaml_parser_load (document tree,
 * defaults); an error libyaml reports is "<yaml_error_type>: <problem>", exit 1. Nothing else is caught.
 * With a phase the program loads the first document only (the payload is one), in a function of its own (so
 * main's frame and the path without one stay as they were): `free` is yaml_document_delete and
 * yaml_parser_delete, `serialize` libyaml's emitter (yaml_emitter_open, yaml_emitter_dump, yaml_emitter_close,
 * default settings) through a write handler that counts and drops each buffer (an emitter error is exit 1;
 * the dump deletes the document itself, as libyaml's emitter does). The protocol (input, phase argument,
 * exit statuses) is ../protocol.h's. */
#include <yaml.h>
#include "protocol.h"

static const char *kind(yaml_error_type_t e) {
    switch (e) {
    case YAML_MEMORY_ERROR: return "YAML_MEMORY_ERROR";
    case YAML_READER_ERROR: return "YAML_READER_ERROR";
    case YAML_SCANNER_ERROR: return "YAML_SCANNER_ERROR";
    case YAML_PARSER_ERROR: return "YAML_PARSER_ERROR";
    case YAML_COMPOSER_ERROR: return "YAML_COMPOSER_ERROR";
    default: return "YAML_ERROR";
    }
}

/* The emitter's output handler: libyaml fills its own buffer in memory and hands each full one here, where it is counted
 * and dropped. (Not kept: the default emitter wraps a flow collection at 80 columns and indents each new line by two
 * columns per open level, so the text of a depth-n nesting is about n*n bytes, 10 GB at 100,000.) */
static int drop(void *data, unsigned char *buffer, size_t size) {
    (void) buffer;
    *(size_t *) data += size;
    return 1;
}

static const char *emitter_kind(yaml_error_type_t e) {
    switch (e) {
    case YAML_MEMORY_ERROR: return "YAML_MEMORY_ERROR";
    case YAML_WRITER_ERROR: return "YAML_WRITER_ERROR";
    case YAML_EMITTER_ERROR: return "YAML_EMITTER_ERROR";
    default: return "YAML_ERROR";
    }
}

/* With a phase: the first document, then the phase on it; ends the program. */
static void __attribute__((noinline)) with_phase(yaml_parser_t *parser) {
    yaml_document_t doc;
    if (!yaml_parser_load(parser, &doc))
        np_fail(kind(parser->error), "%.200s", parser->problem ? parser->problem : "(no message)");
    NP_PARSED(); /* the document never deleted */
    NP_SERIALIZE(
        yaml_emitter_t emitter;
        size_t written = 0;
        if (!yaml_emitter_initialize(&emitter)) np_fail("YAML_MEMORY_ERROR", "emitter init");
        yaml_emitter_set_output(&emitter, drop, &written);
        if (!yaml_emitter_open(&emitter) || !yaml_emitter_dump(&emitter, &doc) || !yaml_emitter_close(&emitter)
            || !yaml_emitter_flush(&emitter))
            np_fail(emitter_kind(emitter.error), "%.200s", emitter.problem ? emitter.problem : "(no message)");
        np_keep(written)); /* the text was made and dropped */
    NP_SERIALIZED();
    yaml_document_delete(&doc);
    yaml_parser_delete(parser);
    NP_FINISHED();
}

int main(int argc, char **argv) {
    size_t len;
    unsigned char *buf = (unsigned char *) np_input(argc, argv, NP_PHASES_ALL, &len);
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) np_fail("YAML_MEMORY_ERROR", "parser init");
    yaml_parser_set_input_string(&parser, buf, len);
    if (np_phased()) with_phase(&parser);
    for (;;) {
        yaml_document_t doc;
        if (!yaml_parser_load(&parser, &doc))
            np_fail(kind(parser.error), "%.200s", parser.problem ? parser.problem : "(no message)");
        /* An empty document (no root node) marks the end of the stream. */
        int done = yaml_document_get_root_node(&doc) == NULL;
        yaml_document_delete(&doc);
        if (done) break;
    }
    yaml_parser_delete(&parser);
    free(buf);
    return 0;
}
