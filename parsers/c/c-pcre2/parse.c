/* nestprobe parser program (format regex): compiles stdin as the whole pattern with PCRE2's pcre2_compile
 * (8-bit library, options 0, the default compile context: its parentheses nesting limit is the build's
 * PARENS_NEST_LIMIT, 250 by default, pcre2_set_parens_nest_limit changes it). Its error return is
 * "pcre2_compile: <pcre2_get_error_message> (error N at offset O)", exit 1. Phase `run`: one pcre2_match
 * (the interpreter, no JIT) against the subject "a" with match data for every group
 * (pcre2_match_data_create_from_pattern); a match and PCRE2_ERROR_NOMATCH are both exit 0, another negative
 * return (a match or depth limit, no memory) "pcre2_match: <message> (error N)", exit 1. Without a phase the
 * code is freed, return 0. Signals happen as they would. The protocol is ../protocol.h's. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include "protocol.h"

int main(int argc, char **argv) {
    size_t length;
    char *text = np_input(argc, argv, NP_PHASES_LANGUAGE, &length);
    int code;
    PCRE2_SIZE offset;
    pcre2_code *re = pcre2_compile((PCRE2_SPTR) text, length, 0, &code, &offset, NULL);
    if (!re) {
        PCRE2_UCHAR message[256];
        pcre2_get_error_message(code, message, sizeof message);
        np_fail("pcre2_compile", "%s (error %d at offset %zu)", (char *) message, code, (size_t) offset);
    }
    NP_COMPILED();
    NP_RUN(
        pcre2_match_data *groups = pcre2_match_data_create_from_pattern(re, NULL);
        if (!groups) np_fail("OutOfMemory", "pcre2_match_data_create_from_pattern returned NULL");
        int matched = pcre2_match(re, (PCRE2_SPTR) "a", 1, 0, 0, groups, NULL);
        if (matched < 0 && matched != PCRE2_ERROR_NOMATCH) {
            PCRE2_UCHAR message[256];
            pcre2_get_error_message(matched, message, sizeof message);
            np_fail("pcre2_match", "%s (error %d)", (char *) message, matched);
        });
    NP_FINISHED();
    pcre2_code_free(re);
    free(text);
    return 0;
}
