/* nestprobe parser program (format regex): compiles stdin as the whole pattern with ICU's C API uregex_open
 * (flags 0), after converting the UTF-8 text to UTF-16 with u_strFromUTF8 (invalid UTF-8: that function's
 * error, exit 1). A failing UErrorCode is "<u_errorName>: uregex_open at line L, offset O", exit 1. Phase
 * `run`: uregex_setText with the subject "a" and one uregex_find from index 0 (a match or none: exit 0); a
 * failing status (U_REGEX_STACK_OVERFLOW past the matcher's default 8 MB backtrack stack limit,
 * U_REGEX_TIME_OUT, no memory) is "<u_errorName>: uregex_find", exit 1. Without a phase uregex_close, return
 * 0. Signals happen as they would. The protocol is ../protocol.h's. */
#include <stdlib.h>
#include <unicode/uregex.h>
#include <unicode/ustring.h>
#include "protocol.h"

int main(int argc, char **argv) {
    size_t length;
    char *text = np_input(argc, argv, NP_PHASES_LANGUAGE, &length);
    UErrorCode status = U_ZERO_ERROR;
    int32_t units = 0;
    u_strFromUTF8(NULL, 0, &units, text, (int32_t) length, &status);
    if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) np_fail(u_errorName(status), "u_strFromUTF8");
    status = U_ZERO_ERROR;
    UChar *pattern = malloc(((size_t) units + 1) * sizeof *pattern);
    if (!pattern) np_fail("OutOfMemory", "%d UTF-16 units", units);
    u_strFromUTF8(pattern, units + 1, NULL, text, (int32_t) length, &status);
    if (U_FAILURE(status)) np_fail(u_errorName(status), "u_strFromUTF8");
    UParseError where;
    URegularExpression *re = uregex_open(pattern, units, 0, &where, &status);
    if (U_FAILURE(status))
        np_fail(u_errorName(status), "uregex_open at line %d, offset %d", where.line, where.offset);
    NP_COMPILED();
    NP_RUN(
        static const UChar subject[] = {'a', 0};
        uregex_setText(re, subject, 1, &status);
        if (U_FAILURE(status)) np_fail(u_errorName(status), "uregex_setText");
        UBool found = uregex_find(re, 0, &status);
        if (U_FAILURE(status)) np_fail(u_errorName(status), "uregex_find");
        np_keep(found));
    NP_FINISHED();
    uregex_close(re);
    free(pattern);
    free(text);
    return 0;
}
