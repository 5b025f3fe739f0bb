/* nestprobe parser program: reads all of stdin, loads every document with libyaml's yaml_parser_load (document tree, defaults).
 * Exit 0 on success; when libyaml reports an error prints "<yaml_error_type>: <problem>" to stderr, exit 1. Nothing else is caught. */
#include <stdio.h>
#include <stdlib.h>
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

int main(void) {
    size_t len;
    unsigned char *buf = read_all(&len);
    if (!buf) { fprintf(stderr, "OutOfMemory: reading stdin\n"); return 1; }
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) { fprintf(stderr, "YAML_MEMORY_ERROR: parser init\n"); return 1; }
    yaml_parser_set_input_string(&parser, buf, len);
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
