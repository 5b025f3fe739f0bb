/* nestprobe parser program: libpg_query (Debian's libpg-query-dev: PostgreSQL's own parser, taken out of the
 * server) parses stdin as SQL with pg_query_parse_protobuf, into its parse tree (the compile; its error,
 * "syntax error at or near ..." or "stack depth limit exceeded", is exit 1). It runs nothing: phase `run`
 * deparses that tree back to SQL text with pg_query_deparse_protobuf (its error is exit 1). Nothing else is
 * caught. The protocol (input, phase argument, exit statuses) is ../protocol.h's. */
#include <pg_query.h>
#include "protocol.h"

int main(int argc, char **argv) {
    size_t len;
    char *buf = np_input(argc, argv, NP_PHASES_LANGUAGE, &len);
    PgQueryProtobufParseResult result = pg_query_parse_protobuf(buf);
    if (result.error) np_fail("PgQueryError", "%s", result.error->message);
    NP_COMPILED();
    NP_RUN(
        PgQueryDeparseResult text = pg_query_deparse_protobuf(result.parse_tree);
        if (text.error) np_fail("PgQueryError", "%s", text.error->message);
        np_keep(strlen(text.query)));
    pg_query_free_protobuf_parse_result(result);
    free(buf);
    return 0;
}
