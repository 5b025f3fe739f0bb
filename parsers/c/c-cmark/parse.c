/* nestprobe parser program: parses stdin with cmark_parse_document (CommonMark's reference C library,
 * CMARK_OPT_DEFAULT) and renders it with cmark_render_html, then says the nesting it built (np_built) from a
 * walk of the node tree with cmark's own iterator (no recursion). cmark never reports a parse error; NULL from
 * a call (out of memory) is one line, exit 1. Phases: the tree kept (`parse`), cmark_node_free (`free`),
 * cmark_render_html (`serialize`), without the built depth. The protocol (input, phase argument, exit
 * statuses, the built-depth line) is ../protocol.h's. */
#include <cmark.h>
#include "protocol.h"

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
    size_t length;
    char *text = np_input(argc, argv, NP_PHASES_ALL, &length);
    cmark_node *document = cmark_parse_document(text, length, CMARK_OPT_DEFAULT);
    if (!document) np_fail("CmarkError", "cmark_parse_document returned NULL");
    NP_PARSED();
    NP_SERIALIZE(free(cmark_render_html(document, CMARK_OPT_DEFAULT)));
    NP_SERIALIZED();
    if (!np_phased()) {
        np_built(built_depth(document));
        char *html = cmark_render_html(document, CMARK_OPT_DEFAULT);
        if (!html) np_fail("CmarkError", "cmark_render_html returned NULL");
        free(html);
    }
    cmark_node_free(document);
    NP_FINISHED();
    free(text);
    return 0;
}
