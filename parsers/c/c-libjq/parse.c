/* nestprobe parser program: compiles stdin as a jq filter with libjq (jq_init, then jq_compile: jq's bison parser,
 * then the block compiler, with jq's builtins, exactly as the jq CLI compiles its filter argument). jq_compile
 * returning 0 is an error: its first message (jq reports each through the error callback; this one keeps the first
 * and prints nothing) is "jq_compile: <message>", exit 1. Phase `run` runs the compiled filter once on {"a":1}
 * (jq_start, jq_next until the results end; an invalid result with a message is jq's runtime error:
 * "jq_next: <message>", exit 1). Without a phase: compile, jq_teardown, return. Nothing else is caught. The
 * protocol (input, phase argument, exit statuses) is ../protocol.h's. */
#include <jq.h>
#include "protocol.h"

static char first_error[256];

/* jq's error callback: keep the first message (a string, or an invalid value carrying one). */
static void keep_error(void *data, jv msg) {
    (void)data;
    if (!first_error[0]) {
        if (jv_get_kind(msg) == JV_KIND_INVALID && jv_invalid_has_msg(jv_copy(msg))) msg = jv_invalid_get_msg(msg);
        if (jv_get_kind(msg) == JV_KIND_STRING) snprintf(first_error, sizeof first_error, "%s", jv_string_value(msg));
        else snprintf(first_error, sizeof first_error, "(a message of kind %s)", jv_kind_name(jv_get_kind(msg)));
    }
    jv_free(msg);
}

int main(int argc, char **argv) {
    size_t len;
    char *src = np_input(argc, argv, NP_PHASES_LANGUAGE, &len);
    jq_state *jq = jq_init();
    if (!jq) np_fail("jq_init", "returned NULL");
    jq_set_error_cb(jq, keep_error, NULL);
    if (!jq_compile(jq, src)) np_fail("jq_compile", "%s", first_error[0] ? first_error : "(no message)");
    NP_COMPILED();
    NP_RUN(
        jq_start(jq, jv_parse("{\"a\":1}"), 0);
        jv result;
        while (jv_is_valid(result = jq_next(jq))) jv_free(result);
        if (jv_invalid_has_msg(jv_copy(result))) {
            jv msg = jv_invalid_get_msg(result);
            if (jv_get_kind(msg) != JV_KIND_STRING) msg = jv_dump_string(msg, 0);
            np_fail("jq_next", "%s", jv_string_value(msg));
        }
        jv_free(result));
    jq_teardown(&jq);
    free(src);
    NP_FINISHED();
    return 0;
}
