/* nestprobe parser program: reads all of stdin, loads every document with libyaml's yaml_parser_load (document tree, defaults).
 * Exit 0 on success; when libyaml reports an error prints "<yaml_error_type>: <problem>" to stderr, exit 1. Nothing else is caught.
 * Optional last argument, the phase (parsers/README.md, "Phases"): the program then loads the first document only (the payload
 * is one) and `parse` ends at once with _exit(0), the document never deleted; `free` deletes it (yaml_document_delete, then
 * yaml_parser_delete), then _exit(0); `serialize` dumps it with libyaml's emitter (yaml_emitter_open, yaml_emitter_dump,
 * yaml_emitter_close, default settings) through a write handler that counts and drops each buffer, then _exit(0) (an
 * emitter error is exit 1; the dump deletes the document itself, as libyaml's emitter does). Without it: as before (every
 * document loaded and deleted, return 0).
 * Unknown phase: exit 2, before reading stdin. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <yaml.h>

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

static int is(const char *phase, const char *name) { return strcmp(phase, name) == 0; }

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

/* With a phase: the first document, then the phase on it; never returns (a function of its own, so main's frame
 * and the no-phase path stay as they were). */
static void __attribute__((noinline, noreturn)) with_phase(yaml_parser_t *parser, const char *phase) {
    yaml_document_t doc;
    if (!yaml_parser_load(parser, &doc)) {
        fprintf(stderr, "%s: %.200s\n", kind(parser->error), parser->problem ? parser->problem : "(no message)");
        exit(1);
    }
    if (is(phase, "parse")) _exit(0); /* the document never deleted */
    if (is(phase, "free")) {
        yaml_document_delete(&doc);
        yaml_parser_delete(parser);
        _exit(0);
    }
    yaml_emitter_t emitter;
    size_t written = 0;
    if (!yaml_emitter_initialize(&emitter)) { fprintf(stderr, "YAML_MEMORY_ERROR: emitter init\n"); exit(1); }
    yaml_emitter_set_output(&emitter, drop, &written);
    if (!yaml_emitter_open(&emitter) || !yaml_emitter_dump(&emitter, &doc) || !yaml_emitter_close(&emitter)
        || !yaml_emitter_flush(&emitter)) {
        fprintf(stderr, "%s: %.200s\n", emitter_kind(emitter.error), emitter.problem ? emitter.problem : "(no message)");
        exit(1);
    }
    volatile size_t n = written; /* the text was made and dropped */
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
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) { fprintf(stderr, "YAML_MEMORY_ERROR: parser init\n"); return 1; }
    yaml_parser_set_input_string(&parser, buf, len);
    if (phase) with_phase(&parser, phase);
    for (;;) {
        yaml_document_t doc;
        if (!yaml_parser_load(&parser, &doc)) {
            fprintf(stderr, "%s: %.200s\n", kind(parser.error), parser.problem ? parser.problem : "(no message)");
            return 1;
        }
        /* An empty document (no root node) marks the end of the stream. */
        int done = yaml_document_get_root_node(&doc) == NULL;
        yaml_document_delete(&doc);
        if (done) break;
    }
    yaml_parser_delete(&parser);
    free(buf);
    return 0;
}
