/*
 * glx_errors: reports what a GLX implementation does on the error paths the
 * GLX 1.4 and GLX_ARB_create_context specs define. It asserts nothing itself:
 * it prints one line per case and the Rust test compares the lines with the
 * expectations (tests/tests/glx_clients.rs).
 *
 * Each case runs in its own forked child with its own Display connection and
 * a 20 s alarm, so a crashing or hanging implementation is reported as a line
 * instead of killing the report. Output lines:
 *
 *   <case>: <result>[ error=<X error>]...
 *
 * <result> is `context` / `null` for context creation, `True` / `False` for
 * Bool functions, a value (`1.4`) for queries, `unavailable` when the entry
 * point is missing, `skipped (<why>)`; `crashed (signal N)` when the child
 * died. Each X error the case raised is appended as ` error=<name>`, with GLX
 * errors named relative to the error base from glXQueryExtension
 * (`GLXBadProfileARB`) and unknown codes as `error=code<N>`.
 *
 * Exit status: 0 when every case ran to completion, 1 when one crashed, hung,
 * or the display could not be opened.
 *
 * Build: gcc -O2 -Wall -o glx_errors glx_errors.c -lX11 -lGL -lpthread
 */
#include <GL/gl.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cases.h"

#ifndef GLX_CONTEXT_MAJOR_VERSION_ARB
#define GLX_CONTEXT_MAJOR_VERSION_ARB 0x2091
#define GLX_CONTEXT_MINOR_VERSION_ARB 0x2092
#define GLX_CONTEXT_FLAGS_ARB 0x2094
#endif
#ifndef GLX_CONTEXT_PROFILE_MASK_ARB
#define GLX_CONTEXT_PROFILE_MASK_ARB 0x9126
#define GLX_CONTEXT_CORE_PROFILE_BIT_ARB 0x00000001
#define GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB 0x00000002
#endif
#ifndef GLX_CONTEXT_ES2_PROFILE_BIT_EXT
#define GLX_CONTEXT_ES2_PROFILE_BIT_EXT 0x00000004
#endif

typedef GLXContext (*CreateContextAttribsFn)(Display *, GLXFBConfig, GLXContext, Bool,
                                             const int *);

/* ---- per-child state ---------------------------------------------------- */

static int glx_error_base = -1;
static char errors[512]; /* " error=..." for each X error seen */
static pthread_mutex_t errors_lock = PTHREAD_MUTEX_INITIALIZER;

static const char *core_error_name(int code)
{
    static const char *names[] = {
        "Success",  "BadRequest", "BadValue",    "BadWindow",         "BadPixmap",
        "BadAtom",  "BadCursor",  "BadFont",     "BadMatch",          "BadDrawable",
        "BadAccess", "BadAlloc",  "BadColor",    "BadGC",             "BadIDChoice",
        "BadName",  "BadLength",  "BadImplementation",
    };
    if (code >= 0 && code < (int)(sizeof names / sizeof names[0]))
        return names[code];
    return NULL;
}

static const char *glx_error_name(int code)
{
    static const char *names[] = {
        "GLXBadContext",        "GLXBadContextState",   "GLXBadDrawable",
        "GLXBadPixmap",         "GLXBadContextTag",     "GLXBadCurrentWindow",
        "GLXBadRenderRequest",  "GLXBadLargeRequest",   "GLXUnsupportedPrivateRequest",
        "GLXBadFBConfig",       "GLXBadPbuffer",        "GLXBadCurrentDrawable",
        "GLXBadWindow",         "GLXBadProfileARB",
    };
    if (glx_error_base < 0 || code < glx_error_base)
        return NULL;
    code -= glx_error_base;
    if (code < (int)(sizeof names / sizeof names[0]))
        return names[code];
    return NULL;
}

static int on_x_error(Display *dpy, XErrorEvent *ev)
{
    (void)dpy;
    const char *name = core_error_name(ev->error_code);
    if (!name)
        name = glx_error_name(ev->error_code);
    char item[64];
    if (name)
        snprintf(item, sizeof item, " error=%s", name);
    else
        snprintf(item, sizeof item, " error=code%d", ev->error_code);
    pthread_mutex_lock(&errors_lock);
    if (strlen(errors) + strlen(item) < sizeof errors)
        strcat(errors, item);
    pthread_mutex_unlock(&errors_lock);
    return 0;
}

static void report(const char *name, const char *result)
{
    pthread_mutex_lock(&errors_lock);
    printf("%s: %s%s\n", name, result, errors);
    errors[0] = 0;
    pthread_mutex_unlock(&errors_lock);
    fflush(stdout);
}

static Display *open_display(void)
{
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy)
        return NULL;
    int ev_base;
    if (!glXQueryExtension(dpy, &glx_error_base, &ev_base))
        glx_error_base = -1;
    XSync(dpy, False);
    errors[0] = 0;
    return dpy;
}

static GLXFBConfig choose_config(Display *dpy)
{
    int attribs[] = {GLX_RENDER_TYPE, GLX_RGBA_BIT, GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT,
                     GLX_DOUBLEBUFFER, True, GLX_RED_SIZE, 8, None};
    int n = 0;
    GLXFBConfig *configs = glXChooseFBConfig(dpy, DefaultScreen(dpy), attribs, &n);
    if (!configs || n <= 0)
        return NULL;
    GLXFBConfig config = configs[0];
    XFree(configs);
    return config;
}

static Window make_window(Display *dpy, XVisualInfo *vi)
{
    Window root = RootWindow(dpy, vi->screen);
    XSetWindowAttributes swa = {0};
    swa.colormap = XCreateColormap(dpy, root, vi->visual, AllocNone);
    return XCreateWindow(dpy, root, 0, 0, 64, 64, 0, vi->depth, InputOutput, vi->visual,
                         CWColormap, &swa);
}

/* ---- the cases ---------------------------------------------------------- */

static void case_query_version(const char *name)
{
    Display *dpy = open_display();
    int major = -1, minor = -1;
    char result[64];
    if (glXQueryVersion(dpy, &major, &minor))
        snprintf(result, sizeof result, "%d.%d", major, minor);
    else
        snprintf(result, sizeof result, "False");
    XSync(dpy, False);
    report(name, result);
}

/* glXCreateContextAttribsARB with the given attributes on the first RGBA
 * window config. */
static void create_attribs(const char *name, const int *attribs)
{
    Display *dpy = open_display();
    CreateContextAttribsFn create = (CreateContextAttribsFn)glXGetProcAddressARB(
        (const GLubyte *)"glXCreateContextAttribsARB");
    if (!create) {
        report(name, "unavailable");
        return;
    }
    GLXFBConfig config = choose_config(dpy);
    if (!config) {
        report(name, "skipped (no RGBA window GLXFBConfig)");
        return;
    }
    GLXContext ctx = create(dpy, config, NULL, True, attribs);
    XSync(dpy, False);
    report(name, ctx ? "context" : "null");
    if (ctx)
        glXDestroyContext(dpy, ctx);
    XSync(dpy, False);
}

static void case_gl99(const char *name)
{
    int a[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 9, GLX_CONTEXT_MINOR_VERSION_ARB, 9, None};
    create_attribs(name, a);
}

static void case_core43(const char *name)
{
    int a[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 4, GLX_CONTEXT_MINOR_VERSION_ARB, 3,
               GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_CORE_PROFILE_BIT_ARB, None};
    create_attribs(name, a);
}

static void case_bad_profile(const char *name)
{
    int a[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 2,
               GLX_CONTEXT_PROFILE_MASK_ARB, 0x8, None};
    create_attribs(name, a);
}

static void case_two_profiles(const char *name)
{
    int a[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 2,
               GLX_CONTEXT_PROFILE_MASK_ARB,
               GLX_CONTEXT_CORE_PROFILE_BIT_ARB | GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB,
               None};
    create_attribs(name, a);
}

static void case_es2_20(const char *name)
{
    int a[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_MINOR_VERSION_ARB, 0,
               GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_ES2_PROFILE_BIT_EXT, None};
    create_attribs(name, a);
}

static void case_es2_32(const char *name)
{
    int a[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 2,
               GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_ES2_PROFILE_BIT_EXT, None};
    create_attribs(name, a);
}

static void case_es2_40(const char *name)
{
    int a[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 4, GLX_CONTEXT_MINOR_VERSION_ARB, 0,
               GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_ES2_PROFILE_BIT_EXT, None};
    create_attribs(name, a);
}

static void case_unknown_attrib(const char *name)
{
    int a[] = {0x7fff0001, 1, None};
    create_attribs(name, a);
}

static void case_bad_flags(const char *name)
{
    int a[] = {GLX_CONTEXT_FLAGS_ARB, 0x100000, None};
    create_attribs(name, a);
}

/* glXMakeCurrent on an XID that names no drawable. */
static void case_bogus_drawable(const char *name)
{
    Display *dpy = open_display();
    int attribs[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, None};
    XVisualInfo *vi = glXChooseVisual(dpy, DefaultScreen(dpy), attribs);
    if (!vi) {
        report(name, "skipped (no RGBA visual)");
        return;
    }
    GLXContext ctx = glXCreateContext(dpy, vi, NULL, True);
    if (!ctx) {
        report(name, "skipped (glXCreateContext failed)");
        return;
    }
    XSync(dpy, False);
    /* a window id that was never created: allocate one and do not use it */
    GLXDrawable bogus = XAllocID(dpy);
    Bool ok = glXMakeCurrent(dpy, bogus, ctx);
    XSync(dpy, False);
    report(name, ok ? "True" : "False");
}

/* glXMakeCurrent(dpy, None, ctx): GLX 1.4 §3.3.7, BadMatch. */
static void case_ctx_without_drawable(const char *name)
{
    Display *dpy = open_display();
    int attribs[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, None};
    XVisualInfo *vi = glXChooseVisual(dpy, DefaultScreen(dpy), attribs);
    GLXContext ctx = vi ? glXCreateContext(dpy, vi, NULL, True) : NULL;
    if (!ctx) {
        report(name, "skipped (glXCreateContext failed)");
        return;
    }
    XSync(dpy, False);
    Bool ok = glXMakeCurrent(dpy, None, ctx);
    XSync(dpy, False);
    if (!ok) {
        report(name, "False");
        return;
    }
    /* Current without a drawable (GL 3.0 and later): the default
     * framebuffer does not exist, and drawing into it is an error. */
    typedef GLenum (*check_fn)(GLenum);
    check_fn check = (check_fn)glXGetProcAddressARB((const GLubyte *)"glCheckFramebufferStatus");
    char line[96];
    GLenum status = check ? check(0x8D40 /* GL_FRAMEBUFFER */) : 0;
    glClear(GL_COLOR_BUFFER_BIT);
    snprintf(line, sizeof line, "True status=0x%x clear=0x%x", status, glGetError());
    report(name, line);
}

/* glXMakeCurrent(dpy, None, NULL) releases: True, no error. */
static void case_release(const char *name)
{
    Display *dpy = open_display();
    Bool ok = glXMakeCurrent(dpy, None, NULL);
    XSync(dpy, False);
    report(name, ok ? "True" : "False");
}

struct steal {
    Display *dpy;
    Window win;
    GLXContext ctx;
    Bool ok;
    GLXContext current_in_thread;
};

static void *steal_thread(void *arg)
{
    struct steal *s = arg;
    s->ok = glXMakeCurrent(s->dpy, s->win, s->ctx);
    XSync(s->dpy, False);
    s->current_in_thread = glXGetCurrentContext();
    if (s->ok)
        glXMakeCurrent(s->dpy, None, NULL);
    return NULL;
}

/* A context current in this thread made current in another: GLX 1.4
 * §3.3.7, BadAccess, and the call returns False. */
static void case_thread_steal(const char *name)
{
    Display *dpy = open_display();
    int attribs[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, None};
    XVisualInfo *vi = glXChooseVisual(dpy, DefaultScreen(dpy), attribs);
    GLXContext ctx = vi ? glXCreateContext(dpy, vi, NULL, True) : NULL;
    if (!ctx) {
        report(name, "skipped (glXCreateContext failed)");
        return;
    }
    Window win = make_window(dpy, vi);
    XSync(dpy, False);
    if (!glXMakeCurrent(dpy, win, ctx)) {
        report(name, "skipped (glXMakeCurrent in the first thread failed)");
        return;
    }
    struct steal s = {dpy, win, ctx, False, NULL};
    pthread_t t;
    if (pthread_create(&t, NULL, steal_thread, &s) != 0) {
        report(name, "skipped (pthread_create failed)");
        return;
    }
    pthread_join(t, NULL);
    char result[64];
    snprintf(result, sizeof result, "%s%s", s.ok ? "True" : "False",
             s.current_in_thread == ctx ? " (now current in both threads)" : "");
    report(name, result);
}

/* ---- driver ------------------------------------------------------------- */

static const struct test_case cases[] = {
    {"query_version", case_query_version},
    {"create_attribs_gl99", case_gl99},
    {"create_attribs_core43", case_core43},
    {"create_attribs_bad_profile_mask", case_bad_profile},
    {"create_attribs_core_and_compat", case_two_profiles},
    {"create_attribs_es2_20", case_es2_20},
    {"create_attribs_es2_32", case_es2_32},
    {"create_attribs_es2_40", case_es2_40},
    {"create_attribs_unknown_attrib", case_unknown_attrib},
    {"create_attribs_bad_flags", case_bad_flags},
    {"make_current_bogus_drawable", case_bogus_drawable},
    {"make_current_ctx_without_drawable", case_ctx_without_drawable},
    {"make_current_release", case_release},
    {"make_current_other_thread", case_thread_steal},
};

int main(int argc, char **argv)
{
    /* The thread case shares one Display between two threads. */
    XInitThreads();
    XSetErrorHandler(on_x_error);

    Display *probe = XOpenDisplay(NULL);
    if (!probe) {
        printf("FAIL: cannot open display '%s'\n", getenv("DISPLAY") ? getenv("DISPLAY") : "");
        return 1;
    }
    XCloseDisplay(probe);

    return run_cases(cases, sizeof cases / sizeof cases[0], argc, argv);
}
