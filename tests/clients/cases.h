/*
 * cases.h: a runner for clients made of named cases, each run in a forked
 * child so that one that crashes, hangs or exits (Xlib's default error
 * handler) is reported as such and the others still run. A case prints its
 * own result lines; `client NAME` runs that case alone. Header-only.
 */
#ifndef OXGL_TEST_CASES_H
#define OXGL_TEST_CASES_H

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct test_case {
    const char *name;
    void (*run)(const char *name);
};

/* Runs the `n` cases (or the one `argv[1]` names), each in a child given
 * 20 s; returns 1 when a child crashed, hung or exited non-zero. */
__attribute__((unused)) static int run_cases(const struct test_case *cases, size_t n, int argc,
                                             char **argv)
{
    int status = 0;
    for (size_t i = 0; i < n; i++) {
        const struct test_case *c = &cases[i];
        if (argc > 1 && strcmp(argv[1], c->name) != 0)
            continue;
        fflush(stdout);
        pid_t pid = fork();
        if (pid < 0) {
            printf("%s: skipped (fork failed)\n", c->name);
            status = 1;
            continue;
        }
        if (pid == 0) {
            alarm(20);
            c->run(c->name);
            fflush(stdout);
            _exit(0);
        }
        int ws = 0;
        waitpid(pid, &ws, 0);
        if (WIFSIGNALED(ws)) {
            int sig = WTERMSIG(ws);
            printf("%s: crashed (signal %d%s)\n", c->name, sig,
                   sig == SIGALRM ? ", hung for 20 s" : "");
            status = 1;
        } else if (WEXITSTATUS(ws) != 0) {
            printf("%s: crashed (exit %d)\n", c->name, WEXITSTATUS(ws));
            status = 1;
        }
        fflush(stdout);
    }
    return status;
}

#endif
