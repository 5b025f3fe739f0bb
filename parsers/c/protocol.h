/* The nestprobe protocol for the C programs (parsers/README.md, "The protocol helper"): the phase argument
 * and stdin, the error line and exit statuses, the phases' checkpoints and the built depth. A program includes
 * it as "protocol.h" and its build passes -I.. (the build runs in the program's folder; in Debian 13's root the
 * language folder's files are copied beside the program's folder, so ../protocol.h is there too).
 *
 * The program calls its library itself, from main (or its own phase function), so that nothing of the helper
 * sits under the parse:
 *
 *     size_t len;
 *     char *text = np_input(argc, argv, NP_PHASES_ALL, &len);   // unknown phase: exit 2, before stdin
 *     json_t *v = json_loadb(text, len, 0, &err);
 *     if (!v) np_fail("json_error_t", "%s", err.text);            // "<kind>: <message>", exit 1
 *     NP_PARSED();                                                // phase parse: _exit(0), nothing freed
 *     NP_SERIALIZE(char *out = json_dumps(v, 0); if (!out) np_fail(...); np_keep(strlen(out)));
 *     NP_SERIALIZED();                                            // phase serialize: _exit(0)
 *     json_decref(v);
 *     NP_FINISHED();                                              // phase free: _exit(0)
 *     return 0;                                                   // no phase: the program as it was
 *
 * Everything here is a function that runs before the parse (input) or after it, or a macro that expands in
 * the program's own frame. */
#ifndef NESTPROBE_PROTOCOL_H
#define NESTPROBE_PROTOCOL_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Which phases a program takes (the row's `phases`): all three, or no `serialize` where the library has no
 * writer, or none; a language's program (a pattern, a query, code) takes `compile` and `run`. */
enum np_phases { NP_PHASES_NONE = 0, NP_PHASES_PARSE_FREE = 3, NP_PHASES_ALL = 7, NP_PHASES_LANGUAGE = 24 };

/* The phase given, as a bit of enum np_phases (0: none). */
enum { NP_PARSE_ = 1, NP_FREE_ = 2, NP_SERIALIZE_ = 4, NP_COMPILE_ = 8, NP_RUN_ = 16 };
static int np_phase_ = 0;

/* Prints "<kind>: <message>" on one line of stderr (newlines folded, the message cut at 200 characters) and
 * exits 1: the library's clean error. */
static void __attribute__((noinline, cold, noreturn, format(printf, 2, 3))) np_fail(const char *kind, const char *fmt, ...) {
    char message[201];
    va_list args;
    va_start(args, fmt);
    vsnprintf(message, sizeof message, fmt, args);
    va_end(args);
    for (char *p = message; *p; p++)
        if (*p == '\n' || *p == '\r') *p = ' ';
    fprintf(stderr, "%s: %s\n", kind, message);
    exit(1);
}

/* Reads the phase argument (the optional last one; one the program does not take is one stderr line and exit
 * 2, before stdin is read), then all of stdin into a heap buffer with a final NUL (not counted in *length). */
static char *__attribute__((noinline)) np_input(int argc, char **argv, enum np_phases takes, size_t *length) {
    static const char *const names[] = {"parse", "free", "serialize", "compile", "run"};
    if (argc > 1) {
        const char *phase = argv[argc - 1];
        for (int i = 0; i < 5; i++)
            if ((takes & (1 << i)) && strcmp(phase, names[i]) == 0) np_phase_ = 1 << i;
        if (!np_phase_) {
            fprintf(stderr, "unknown phase: %s (%s)\n", phase,
                    takes == NP_PHASES_ALL ? "parse, free or serialize"
                    : takes == NP_PHASES_PARSE_FREE ? "parse or free"
                    : takes == NP_PHASES_LANGUAGE ? "compile or run" : "the program takes none");
            exit(2);
        }
    }
    size_t len = 0, cap = 1 << 16, n;
    char *buf = malloc(cap + 1);
    while (buf && (n = fread(buf + len, 1, cap - len, stdin)) > 0) {
        len += n;
        if (len == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    if (!buf) np_fail("OutOfMemory", "reading stdin");
    buf[len] = 0;
    *length = len;
    return buf;
}

/* Whether a phase was given: for a program built differently with one (its phases in a function of their own,
 * so that main's frame under the parse stays as it was). */
static inline int np_phased(void) { return np_phase_ != 0; }

/* Phase parse: ends at once, nothing released. */
#define NP_PARSED() do { if (np_phase_ == NP_PARSE_) _exit(0); } while (0)

/* The serializer's statements: they run only in phase serialize (in the program's own frame). */
#define NP_SERIALIZE(...) do { if (np_phase_ == NP_SERIALIZE_) { __VA_ARGS__; } } while (0)

/* Phase serialize: ends once the text is made (dropped unread). */
#define NP_SERIALIZED() do { if (np_phase_ == NP_SERIALIZE_) _exit(0); } while (0)

/* After the release: with a phase (free; parse and serialize ended before) it ends here; without one the
 * program goes on to its normal end (return from main). */
#define NP_FINISHED() do { if (np_phase_) _exit(0); } while (0)

/* A language's program: phase compile ends once the pattern, query or program is compiled (nothing released);
 * without a phase the program goes on to its normal end, as a compile alone. */
#define NP_COMPILED() do { if (np_phase_ == NP_COMPILE_) _exit(0); } while (0)
/* What the program runs once it compiled (match the subject `a`, run the query, evaluate): its statements run
 * only in phase run (in the program's own frame); a clean error there is np_fail, exit 1. */
#define NP_RUN(...) do { if (np_phase_ == NP_RUN_) { __VA_ARGS__; } } while (0)
/* Uses a value the serializer made, so that making it is not optimised away. */
static inline void np_keep(size_t n) {
    volatile size_t kept = n;
    (void) kept;
}

/* A renderer's `built depth: N` line (counted without recursion by the caller). */
static inline void np_built(long depth) { fprintf(stderr, "built depth: %ld\n", depth); }

#endif
