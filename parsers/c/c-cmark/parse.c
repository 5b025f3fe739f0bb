/* nestprobe parser program: reads all of stdin, parses it with cmark_parse_document (CommonMark's
 * reference C library, CMARK_OPT_DEFAULT) and renders it with cmark_render_html, then prints the
 * nesting it built (`built depth: N` on stderr, parsers/README.md) by walking the node tree with
 * cmark's own iterator (no recursion). Exit 0. cmark never reports a parse error; NULL from a
 * call (out of memory) prints one line and exits 1.
 * Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends with _exit(0) after
 * the parse, the tree kept; `free` frees it with cmark_node_free, then _exit(0); `serialize` renders
 * it to HTML, then _exit(0). Without it: parse, count, render, free, return 0. */
#include <cmark.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *read_all(size_t *length) {
    size_t size = 1 << 16, used = 0;
    char *text = malloc(size);
    size_t n;
    while (text && (n = fread(text + used, 1, size - used, stdin)) > 0) {
        used += n;
        if (used == size) text = realloc(text, size *= 2);
    }
    *length = used;
    return text;
}

/* The deepest nesting of block quotes, of lists, or of emphasis (emph and strong nodes), in the tree:
 * cmark's iterator walks it without recursion, entering and leaving each node. */
static int built_depth(cmark_node *root) {
    cmark_iter *iter = cmark_iter_new(root);
    int quotes = 0, lists = 0, emphasis = 0, deepest = 0;
    cmark_event_type event;
    while ((event = cmark_iter_next(iter)) != CMARK_EVENT_DONE) {
        cmark_node_type type = cmark_node_get_type(cmark_iter_get_node(iter));
        int step = event == CMARK_EVENT_ENTER ? 1 : event == CMARK_EVENT_EXIT ? -1 : 0;
        if (type == CMARK_NODE_BLOCK_QUOTE) quotes += step;
        if (type == CMARK_NODE_LIST) lists += step;
        if (type == CMARK_NODE_EMPH || type == CMARK_NODE_STRONG) emphasis += step;
        if (quotes > deepest) deepest = quotes;
        if (lists > deepest) deepest = lists;
        if (emphasis > deepest) deepest = emphasis;
    }
    cmark_iter_free(iter);
    return deepest;
}

int main(int argc, char **argv) {
    const char *phase = argc > 1 ? argv[argc - 1] : NULL;
    if (phase && strcmp(phase, "parse") && strcmp(phase, "free") && strcmp(phase, "serialize")) {
        fprintf(stderr, "unknown phase: %s (parse, free or serialize)\n", phase);
        return 2;
    }
    size_t length;
    char *text = read_all(&length);
    if (!text) { fprintf(stderr, "MemoryError: reading stdin\n"); return 1; }
    cmark_node *document = cmark_parse_document(text, length, CMARK_OPT_DEFAULT);
    if (!document) { fprintf(stderr, "CmarkError: cmark_parse_document returned NULL\n"); return 1; }
    if (phase && !strcmp(phase, "parse")) _exit(0);
    if (phase && !strcmp(phase, "free")) { cmark_node_free(document); _exit(0); }
    if (phase && !strcmp(phase, "serialize")) { free(cmark_render_html(document, CMARK_OPT_DEFAULT)); _exit(0); }
    fprintf(stderr, "built depth: %d\n", built_depth(document));
    char *html = cmark_render_html(document, CMARK_OPT_DEFAULT);
    if (!html) { fprintf(stderr, "CmarkError: cmark_render_html returned NULL\n"); return 1; }
    free(html);
    cmark_node_free(document);
    free(text);
    return 0;
}
