/* nestprobe parser program (format regex): compiles stdin as the whole pattern with glibc's POSIX regcomp,
 * REG_EXTENDED (POSIX ERE, the syntax closest to Perl's it has; ERE has no non-capturing groups, so `(?:` is
 * its syntax error at every depth: shape not supported). regcomp's error return is "regcomp: <regerror text>
 * (code N)", exit 1. Phase `run`: one regexec against the subject "a", asking for every subexpression's
 * match (re_nsub + 1 slots, what a program reading its groups asks); a match and REG_NOMATCH are both exit 0,
 * another error (REG_ESPACE) "regexec: <text>", exit 1. Without a phase regfree, return 0. Signals happen as
 * they would. The protocol (input, phase argument, exit statuses) is ../protocol.h's. */
#include <regex.h>
#include <stdlib.h>
#include "protocol.h"

int main(int argc, char **argv) {
    size_t length;
    char *text = np_input(argc, argv, NP_PHASES_LANGUAGE, &length);
    regex_t re;
    int rc = regcomp(&re, text, REG_EXTENDED);
    if (rc != 0) {
        char message[256];
        regerror(rc, &re, message, sizeof message);
        np_fail("regcomp", "%s (code %d)", message, rc);
    }
    NP_COMPILED();
    NP_RUN(
        regmatch_t *groups = malloc((re.re_nsub + 1) * sizeof *groups);
        if (!groups) np_fail("OutOfMemory", "%zu match slots", re.re_nsub + 1);
        int matched = regexec(&re, "a", re.re_nsub + 1, groups, 0);
        if (matched != 0 && matched != REG_NOMATCH) {
            char message[256];
            regerror(matched, &re, message, sizeof message);
            np_fail("regexec", "%s (code %d)", message, matched);
        });
    NP_FINISHED();
    regfree(&re);
    free(text);
    return 0;
}
