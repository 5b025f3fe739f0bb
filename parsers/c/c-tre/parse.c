/* nestprobe parser program (format regex): compiles stdin as the whole pattern with TRE's tre_regncomp
 * (REG_EXTENDED: POSIX ERE plus TRE's extensions, `(?:` among them), the length given, so the pattern needs
 * no final NUL. Its error return is "tre_regcomp: <tre_regerror text> (code N)", exit 1. Phase `run`: one
 * tre_regnexec against the subject "a" asking for every subexpression's match (re_nsub + 1 slots); a match
 * and REG_NOMATCH are both exit 0, another error (REG_ESPACE) "tre_regexec: <text>", exit 1. Without a phase
 * tre_regfree, return 0. Signals happen as they would. The protocol is ../protocol.h's. */
#include <stdlib.h>
#include <tre/tre.h>
#include "protocol.h"

int main(int argc, char **argv) {
    size_t length;
    char *text = np_input(argc, argv, NP_PHASES_LANGUAGE, &length);
    regex_t re;
    int rc = tre_regncomp(&re, text, length, REG_EXTENDED);
    if (rc != 0) {
        char message[256];
        tre_regerror(rc, &re, message, sizeof message);
        np_fail("tre_regcomp", "%s (code %d)", message, rc);
    }
    NP_COMPILED();
    NP_RUN(
        regmatch_t *groups = malloc((re.re_nsub + 1) * sizeof *groups);
        if (!groups) np_fail("OutOfMemory", "%zu match slots", re.re_nsub + 1);
        int matched = tre_regnexec(&re, "a", 1, re.re_nsub + 1, groups, 0);
        if (matched != 0 && matched != REG_NOMATCH) {
            char message[256];
            tre_regerror(matched, &re, message, sizeof message);
            np_fail("tre_regexec", "%s (code %d)", message, matched);
        });
    NP_FINISHED();
    tre_regfree(&re);
    free(text);
    return 0;
}
