/* nestprobe parser program (format regex): compiles stdin as the whole pattern with Oniguruma's onig_new
 * (ONIG_OPTION_NONE, UTF-8, ONIG_SYNTAX_DEFAULT: Oniguruma's default, Ruby, syntax, which has `(?:`), after
 * onig_initialize for that one encoding. Its parse depth limit is the library default (4096;
 * onig_set_parse_depth_limit changes it). An error return is "onig_new: <onig_error_code_to_str> (code N)",
 * exit 1. Phase `run`: one onig_search over the whole subject "a" with a region for the groups; a match and
 * ONIG_MISMATCH are both exit 0, another negative return (a match stack or retry limit, no memory)
 * "onig_search: <message> (code N)", exit 1. Without a phase onig_free and onig_end, return 0. Signals happen
 * as they would. The protocol is ../protocol.h's. */
#include <oniguruma.h>
#include <stdlib.h>
#include "protocol.h"

int main(int argc, char **argv) {
    size_t length;
    char *text = np_input(argc, argv, NP_PHASES_LANGUAGE, &length);
    OnigEncoding encodings[] = {ONIG_ENCODING_UTF8};
    onig_initialize(encodings, 1);
    regex_t *re;
    OnigErrorInfo info;
    int rc = onig_new(&re, (const OnigUChar *) text, (const OnigUChar *) text + length, ONIG_OPTION_NONE,
                      ONIG_ENCODING_UTF8, ONIG_SYNTAX_DEFAULT, &info);
    if (rc != ONIG_NORMAL) {
        OnigUChar message[ONIG_MAX_ERROR_MESSAGE_LEN];
        onig_error_code_to_str(message, rc, &info);
        np_fail("onig_new", "%s (code %d)", (char *) message, rc);
    }
    NP_COMPILED();
    NP_RUN(
        static const OnigUChar subject[] = "a";
        OnigRegion *region = onig_region_new();
        int matched = onig_search(re, subject, subject + 1, subject, subject + 1, region, ONIG_OPTION_NONE);
        if (matched < 0 && matched != ONIG_MISMATCH) {
            OnigUChar message[ONIG_MAX_ERROR_MESSAGE_LEN];
            onig_error_code_to_str(message, matched);
            np_fail("onig_search", "%s (code %d)", (char *) message, matched);
        });
    NP_FINISHED();
    onig_free(re);
    onig_end();
    free(text);
    return 0;
}
