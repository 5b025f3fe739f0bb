/* nestprobe program for a C or C++ compiler's front end (the catalog's c-gcc, cpp-gcc and c-clang rows; which
 * compiler is a build define: none = gcc, -DNP_GXX = g++, -DNP_CLANG = clang). The compiler is what parses; this
 * program is its driver under the protocol (parsers/README.md): it reads the payload (../protocol.h, the phases
 * compile and run), wraps it as a statement in a function body,
 *
 *     void f(void)
 *     {
 *     PAYLOAD;
 *     }
 *
 * (`((1));` an expression statement, `{{}};` compound statements; `[[1]]` is no C expression and no C++ one:
 * shape not supported), and hands that to `<compiler> -fsyntax-only -x <c|c++> -` on stdin (an in-memory file,
 * memfd), with stdout discarded and stderr captured. Its result, mapped to the protocol:
 *
 *   - exit 0: compiled (phase compile: exit 0; there is no run phase: what -fsyntax-only built cannot run);
 *   - exit 1 and an "error:" line, and none of the crash lines below: the compiler's own error, the protocol's
 *     clean error: one stderr line `<error|fatal error>: <message>` (the first such line, without its
 *     location), exit 1;
 *   - the compiler killed by a signal: the same signal raised on this program (default action);
 *   - anything else, a crash the compiler reported itself: gcc's "internal compiler error: Segmentation fault
 *     signal terminated program cc1" (the gcc driver saw its child cc1 die by the signal, or cc1 caught it
 *     itself; either way exit 4, the ICE status), clang's "frontend command failed due to signal" or a
 *     "Stack dump:": its stderr as it was and its exit status (1, where the driver said 1 for a crash, becomes 70, so that it is not read as a clean
 *     error). */
#define _GNU_SOURCE
#include "protocol.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>

#if defined(NP_GXX)
static char *const compiler[] = {"g++", "-fsyntax-only", "-x", "c++", "-", NULL};
#elif defined(NP_CLANG)
/* -fno-crash-diagnostics: no preprocessed reproducer written to /tmp after a crash. */
static char *const compiler[] = {"clang", "-fsyntax-only", "-fno-crash-diagnostics", "-x", "c", "-", NULL};
#else
static char *const compiler[] = {"gcc", "-fsyntax-only", "-x", "c", "-", NULL};
#endif

static const char prefix[] = "void f(void)\n{\n";
static const char suffix[] = ";\n}\n";

static void write_all(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            np_fail("OSError", "writing the source: %s", strerror(errno));
        }
        p += w;
        n -= (size_t) w;
    }
}

/* Whether the compiler's stderr reports a crash of its own (a signal it caught, an internal error). */
static int crashed(const char *err) {
    static const char *const lines[] = {"internal compiler error", "signal terminated program", "frontend command failed",
                                        "Stack dump:", "PLEASE submit a bug report", NULL};
    for (int i = 0; lines[i]; i++)
        if (strstr(err, lines[i])) return 1;
    return 0;
}

/* The first "error: " line as the protocol's error line, without its location; exit 1. */
static void compile_error(char *err) {
    for (char *line = err; line && *line;) {
        char *end = strchr(line, '\n');
        if (end) *end = 0;
        char *at = strstr(line, "error");
        if (at && at[5] == ':') { /* "error: …", "fatal error: …" */
            char *message = strstr(at, ": ");
            if (message) {
                const char *kind = (at - line >= 6 && strncmp(at - 6, "fatal ", 6) == 0) ? "fatal error" : "error";
                np_fail(kind, "%s", message + 2);
            }
        }
        line = end ? end + 1 : NULL;
    }
    np_fail("error", "the compiler exited 1 without an error line");
}

int main(int argc, char **argv) {
    size_t len;
    char *text = np_input(argc, argv, NP_PHASES_LANGUAGE, &len);

    int source = memfd_create("payload", 0);
    if (source < 0) np_fail("OSError", "memfd_create: %s", strerror(errno));
    write_all(source, prefix, sizeof prefix - 1);
    write_all(source, text, len);
    write_all(source, suffix, sizeof suffix - 1);
    if (lseek(source, 0, SEEK_SET) < 0) np_fail("OSError", "lseek: %s", strerror(errno));
    free(text);

    int err_pipe[2];
    if (pipe(err_pipe) < 0) np_fail("OSError", "pipe: %s", strerror(errno));
    fflush(stderr);
    pid_t child = fork();
    if (child < 0) np_fail("OSError", "fork: %s", strerror(errno));
    if (child == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(source, 0);
        dup2(null, 1);
        dup2(err_pipe[1], 2);
        close(err_pipe[0]);
        execvp(compiler[0], compiler);
        fprintf(stderr, "cannot run %s: %s\n", compiler[0], strerror(errno));
        exit(127);
    }
    close(err_pipe[1]);
    close(source);

    /* All of the compiler's stderr (the first 1 MiB kept), then its status. */
    size_t cap = 1 << 20, got = 0;
    char *err = malloc(cap + 1);
    char chunk[65536];
    for (;;) {
        ssize_t n = read(err_pipe[0], chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        size_t keep = (size_t) n < cap - got ? (size_t) n : cap - got;
        memcpy(err + got, chunk, keep);
        got += keep;
    }
    err[got] = 0;
    int status;
    while (waitpid(child, &status, 0) < 0)
        if (errno != EINTR) np_fail("OSError", "waitpid: %s", strerror(errno));

    if (WIFSIGNALED(status)) {
        fwrite(err, 1, got, stderr);
        fflush(stderr);
        signal(WTERMSIG(status), SIG_DFL);
        raise(WTERMSIG(status));
        exit(128 + WTERMSIG(status));
    }
    int code = WEXITSTATUS(status);
    if (code == 1 && !crashed(err)) compile_error(err);
    if (code != 0) {
        fwrite(err, 1, got, stderr);
        fflush(stderr);
        exit(code == 1 ? 70 : code);
    }
    NP_COMPILED();
    NP_FINISHED();
    return 0;
}
