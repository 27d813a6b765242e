/*
 * glx_lifetimes: context lifetimes and GLX error names, as Mesa has them.
 *
 * glXDestroyContext of a context that is current (in this thread or another)
 * only marks it: the context keeps working, may be made current again in its
 * thread, and destroying it again is no error; it is freed when released, and
 * from then on its handle is GLXBadContext. X errors reach the application's
 * handler with codes that XGetErrorText names ("GLXBadContext"), at the error
 * base glXQueryExtension reports.
 *
 * Like glx_errors.c it asserts nothing itself: each case runs in a forked
 * child (own Display, 20 s alarm) and prints one line per step,
 *
 *   <case>.<step>: <result>[ error=<name>]...
 *
 * where <name> is the first word of XGetErrorText for each X error the step
 * raised, or `code<N>` when XGetErrorText has no name for it. The Rust test
 * (tests/tests/glx_lifetimes.rs) compares the lines with the expectations;
 * run without LD_LIBRARY_PATH the same client reports what Mesa does.
 *
 * Exit status: 0 when every case ran to completion, 1 otherwise.
 *
 * Build: gcc -O2 -Wall -o glx_lifetimes glx_lifetimes.c -lX11 -lGL -lpthread
 */
#include <GL/gl.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cases.h"

/* ---- per-child state ---------------------------------------------------- */

static char errors[512]; /* " error=..." for each X error of the step */
static pthread_mutex_t errors_lock = PTHREAD_MUTEX_INITIALIZER;

static int on_x_error(Display *dpy, XErrorEvent *ev)
{
    char text[128] = "";
    XGetErrorText(dpy, ev->error_code, text, sizeof text);
    /* "BadAccess (attempt to access private resource denied)" -> "BadAccess" */
    text[strcspn(text, " ")] = 0;
    char item[160];
    if (text[0] && !(text[0] >= '0' && text[0] <= '9'))
        snprintf(item, sizeof item, " error=%s", text);
    else
        snprintf(item, sizeof item, " error=code%d", ev->error_code);
    pthread_mutex_lock(&errors_lock);
    if (strlen(errors) + strlen(item) < sizeof errors)
        strcat(errors, item);
    pthread_mutex_unlock(&errors_lock);
    return 0;
}

/* Prints `<case>.<step>: <result>` and the errors raised since the last line
 * (after an XSync, so server errors have arrived too). */
static void step(Display *dpy, const char *name, const char *what, const char *result)
{
    XSync(dpy, False);
    pthread_mutex_lock(&errors_lock);
    printf("%s.%s: %s%s\n", name, what, result, errors);
    errors[0] = 0;
    pthread_mutex_unlock(&errors_lock);
    fflush(stdout);
}

static const char *bool_str(Bool b)
{
    return b ? "True" : "False";
}

struct setup {
    Display *dpy;
    XVisualInfo *vi;
    Window win;
};

/* A display, an RGBA double-buffered visual and a mapped-or-not window of it. */
static int set_up(struct setup *s, const char *name)
{
    s->dpy = XOpenDisplay(NULL);
    if (!s->dpy) {
        printf("%s: skipped (cannot open display)\n", name);
        return 0;
    }
    int attribs[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, None};
    s->vi = glXChooseVisual(s->dpy, DefaultScreen(s->dpy), attribs);
    if (!s->vi) {
        printf("%s: skipped (no RGBA visual)\n", name);
        return 0;
    }
    Window root = RootWindow(s->dpy, s->vi->screen);
    XSetWindowAttributes swa = {0};
    swa.colormap = XCreateColormap(s->dpy, root, s->vi->visual, AllocNone);
    s->win = XCreateWindow(s->dpy, root, 0, 0, 32, 32, 0, s->vi->depth, InputOutput,
                           s->vi->visual, CWColormap, &swa);
    XSync(s->dpy, False);
    errors[0] = 0;
    return 1;
}

static GLXContext new_context(struct setup *s, const char *name)
{
    GLXContext ctx = glXCreateContext(s->dpy, s->vi, NULL, True);
    if (!ctx)
        printf("%s: skipped (glXCreateContext failed)\n", name);
    return ctx;
}

/* Clears the current drawable's back buffer to (r, g, b) and reads one pixel
 * back: "red", "green", "blue", or the values read. */
static void clear_and_read(float r, float g, float b, char *out, size_t len)
{
    unsigned char px[4] = {0, 0, 0, 0};
    glClearColor(r, g, b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    if (glGetError() != GL_NO_ERROR) {
        snprintf(out, len, "GL error");
        return;
    }
    if (px[0] == 255 && px[1] == 0 && px[2] == 0)
        snprintf(out, len, "red");
    else if (px[0] == 0 && px[1] == 255 && px[2] == 0)
        snprintf(out, len, "green");
    else if (px[0] == 0 && px[1] == 0 && px[2] == 255)
        snprintf(out, len, "blue");
    else
        snprintf(out, len, "%u,%u,%u", px[0], px[1], px[2]);
}

/* ---- the cases ---------------------------------------------------------- */

/* glXQueryExtension's error base lies among the extension codes (128..255,
 * room for GLX's 14 errors), and XGetErrorText names each code from it. */
static void case_error_names(const char *name)
{
    struct setup s;
    if (!set_up(&s, name))
        return;
    int error_base = -1, event_base = -1;
    Bool ok = glXQueryExtension(s.dpy, &error_base, &event_base);
    char result[64];
    if (ok && error_base >= 128 && error_base + 13 <= 255)
        snprintf(result, sizeof result, "in the extension range");
    else
        snprintf(result, sizeof result, "%s base=%d", bool_str(ok), error_base);
    step(s.dpy, name, "error_base", result);

    char names[512] = "";
    for (int i = 0; i < 14; i++) {
        char text[128] = "";
        XGetErrorText(s.dpy, error_base + i, text, sizeof text);
        if (i)
            strcat(names, " ");
        text[40] = 0;
        strcat(names, text);
    }
    step(s.dpy, name, "names", names);
}

/* A context destroyed while current in this thread, twice. */
static void case_destroy_current(const char *name)
{
    struct setup s;
    if (!set_up(&s, name))
        return;
    GLXContext ctx = new_context(&s, name);
    if (!ctx)
        return;
    char px[32];
    step(s.dpy, name, "make_current", bool_str(glXMakeCurrent(s.dpy, s.win, ctx)));
    clear_and_read(1, 0, 0, px, sizeof px);
    step(s.dpy, name, "draws", px);

    glXDestroyContext(s.dpy, ctx);
    step(s.dpy, name, "destroy", "done");
    glXDestroyContext(s.dpy, ctx);
    step(s.dpy, name, "destroy_again", "done");

    step(s.dpy, name, "still_current", glXGetCurrentContext() == ctx ? "True" : "False");
    step(s.dpy, name, "is_direct", bool_str(glXIsDirect(s.dpy, ctx)));
    int screen = -1;
    int ret = glXQueryContext(s.dpy, ctx, GLX_SCREEN, &screen);
    char result[64];
    snprintf(result, sizeof result, "%s", ret == Success && screen == s.vi->screen
                                              ? "Success"
                                              : "failed");
    step(s.dpy, name, "query_context", result);
    clear_and_read(0, 1, 0, px, sizeof px);
    step(s.dpy, name, "still_draws", px);

    /* piglit glx-destroycontext-3: made current again in its thread */
    step(s.dpy, name, "make_current_again", bool_str(glXMakeCurrent(s.dpy, s.win, ctx)));
    clear_and_read(0, 0, 1, px, sizeof px);
    step(s.dpy, name, "draws_again", px);

    step(s.dpy, name, "release", bool_str(glXMakeCurrent(s.dpy, None, NULL)));
    step(s.dpy, name, "current_after_release",
         glXGetCurrentContext() == NULL ? "NULL" : "not NULL");

    /* Released, so freed: the handle names nothing any more. */
    glXDestroyContext(s.dpy, ctx);
    step(s.dpy, name, "destroy_after_release", "done");
    step(s.dpy, name, "make_current_after_release",
         bool_str(glXMakeCurrent(s.dpy, s.win, ctx)));
}

/* A destroyed current context is freed when another one replaces it. */
static void case_destroy_then_switch(const char *name)
{
    struct setup s;
    if (!set_up(&s, name))
        return;
    GLXContext a = new_context(&s, name);
    GLXContext b = a ? new_context(&s, name) : NULL;
    if (!b)
        return;
    step(s.dpy, name, "make_current_a", bool_str(glXMakeCurrent(s.dpy, s.win, a)));
    glXDestroyContext(s.dpy, a);
    step(s.dpy, name, "destroy_a", "done");
    step(s.dpy, name, "make_current_b", bool_str(glXMakeCurrent(s.dpy, s.win, b)));
    step(s.dpy, name, "make_current_a", bool_str(glXMakeCurrent(s.dpy, s.win, a)));
    step(s.dpy, name, "current_is_b", glXGetCurrentContext() == b ? "True" : "False");
    char px[32];
    clear_and_read(0, 1, 0, px, sizeof px);
    step(s.dpy, name, "b_draws", px);
    glXMakeCurrent(s.dpy, None, NULL);
    glXDestroyContext(s.dpy, b);
    step(s.dpy, name, "destroy_b", "done");
}

struct other {
    struct setup *s;
    GLXContext ctx;
    sem_t bound, go, done;
    Bool made_current, released;
    char first[32], after[32];
};

static void *other_thread(void *arg)
{
    struct other *o = arg;
    o->made_current = glXMakeCurrent(o->s->dpy, o->s->win, o->ctx);
    if (o->made_current)
        clear_and_read(1, 0, 0, o->first, sizeof o->first);
    sem_post(&o->bound);
    sem_wait(&o->go);
    if (o->made_current) {
        clear_and_read(0, 1, 0, o->after, sizeof o->after);
        o->released = glXMakeCurrent(o->s->dpy, None, NULL);
    }
    sem_post(&o->done);
    return NULL;
}

/* A context destroyed while current in another thread. */
static void case_destroy_other_thread(const char *name)
{
    struct setup s;
    if (!set_up(&s, name))
        return;
    GLXContext ctx = new_context(&s, name);
    if (!ctx)
        return;
    struct other o = {.s = &s, .ctx = ctx};
    sem_init(&o.bound, 0, 0);
    sem_init(&o.go, 0, 0);
    sem_init(&o.done, 0, 0);
    pthread_t t;
    if (pthread_create(&t, NULL, other_thread, &o) != 0) {
        printf("%s: skipped (pthread_create failed)\n", name);
        return;
    }
    sem_wait(&o.bound);
    char result[64];
    snprintf(result, sizeof result, "%s %s", bool_str(o.made_current), o.first);
    step(s.dpy, name, "thread_make_current", result);

    glXDestroyContext(s.dpy, ctx);
    step(s.dpy, name, "destroy", "done");
    glXDestroyContext(s.dpy, ctx);
    step(s.dpy, name, "destroy_again", "done");
    step(s.dpy, name, "is_direct", bool_str(glXIsDirect(s.dpy, ctx)));
    /* still current in the other thread: GLX 1.4 §3.3.7, BadAccess */
    step(s.dpy, name, "make_current_here", bool_str(glXMakeCurrent(s.dpy, s.win, ctx)));

    sem_post(&o.go);
    sem_wait(&o.done);
    pthread_join(t, NULL);
    snprintf(result, sizeof result, "%s, release %s", o.after, bool_str(o.released));
    step(s.dpy, name, "thread_draws_and_releases", result);

    glXDestroyContext(s.dpy, ctx);
    step(s.dpy, name, "destroy_after_release", "done");
}

/* Handles that never named a context. */
static void case_destroy_bogus(const char *name)
{
    struct setup s;
    if (!set_up(&s, name))
        return;
    static int not_a_context[64];
    glXDestroyContext(s.dpy, (GLXContext)not_a_context);
    step(s.dpy, name, "never_created", "done");
    glXDestroyContext(s.dpy, NULL);
    step(s.dpy, name, "null", "done");
}

/* glXMakeCurrent on an XID that names no drawable: GLXBadDrawable. */
static void case_bad_drawable(const char *name)
{
    struct setup s;
    if (!set_up(&s, name))
        return;
    GLXContext ctx = new_context(&s, name);
    if (!ctx)
        return;
    /* Xlib refills its next XID on the next locked call: sync first, as the
     * context creation may just have taken one. */
    XSync(s.dpy, False);
    GLXDrawable bogus = XAllocID(s.dpy);
    step(s.dpy, name, "make_current", bool_str(glXMakeCurrent(s.dpy, bogus, ctx)));
    glXDestroyContext(s.dpy, ctx);
}

/* With Xlib's default handler, a GLX error is printed by name (and exits). */
static void case_default_handler(const char *name)
{
    int fds[2];
    if (pipe(fds) != 0) {
        printf("%s: skipped (pipe failed)\n", name);
        return;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 2);
        close(fds[0]);
        XSetErrorHandler(NULL);
        struct setup s;
        if (!set_up(&s, name))
            _exit(3);
        static int not_a_context[64];
        glXDestroyContext(s.dpy, (GLXContext)not_a_context);
        XSync(s.dpy, False);
        _exit(0);
    }
    close(fds[1]);
    char text[4096];
    size_t n = 0;
    ssize_t r;
    while (n < sizeof text - 1 && (r = read(fds[0], text + n, sizeof text - 1 - n)) > 0)
        n += (size_t)r;
    text[n] = 0;
    close(fds[0]);
    int ws = 0;
    waitpid(pid, &ws, 0);
    const char *needle = "X Error of failed request:  ";
    char *at = strstr(text, needle);
    char word[64] = "(no X error printed)";
    if (at) {
        at += strlen(needle);
        size_t len = strcspn(at, " \n");
        if (len >= sizeof word)
            len = sizeof word - 1;
        memcpy(word, at, len);
        word[len] = 0;
    }
    char result[128];
    snprintf(result, sizeof result, "exit %d, %s",
             WIFEXITED(ws) ? WEXITSTATUS(ws) : -1, word);
    printf("%s.printed: %s\n", name, result);
}

/* ---- driver ------------------------------------------------------------- */

static const struct test_case cases[] = {
    {"error_names", case_error_names},
    {"destroy_current", case_destroy_current},
    {"destroy_then_switch", case_destroy_then_switch},
    {"destroy_other_thread", case_destroy_other_thread},
    {"destroy_bogus", case_destroy_bogus},
    {"bad_drawable", case_bad_drawable},
    {"default_handler", case_default_handler},
};

int main(int argc, char **argv)
{
    /* One case shares its Display between two threads. */
    XInitThreads();
    XSetErrorHandler(on_x_error);

    return run_cases(cases, sizeof cases / sizeof cases[0], argc, argv);
}
