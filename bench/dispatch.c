/*
 * dispatch: the cost of one GL call, from the application's `call` to the
 * return, for calls that do almost no work, so the number is the dispatch
 * overhead (exported stub -> current context's table -> handler).
 *
 *   glGetError                 no arguments, reads one field
 *   glColor3f                  outside glBegin/glEnd: sets the current colour
 *   glGetIntegerv(GL_VIEWPORT) a small glGet through the get tables
 *
 * Creates a 64x64 window and a direct GLX context, makes it current, then for
 * each call runs a warm-up and REPS timed loops of N calls (CLOCK_MONOTONIC)
 * and prints the best loop as "name ns_per_call". Lines starting with "#"
 * describe the run (GL_VENDOR/GL_RENDERER and which libGL.so.1 was loaded).
 *
 * usage: dispatch [N [REPS]]      (defaults: 20000000 calls, 3 loops)
 * Build: gcc -O2 -o dispatch dispatch.c -lX11 -lGL   (scripts/bench-dispatch)
 */
#define _GNU_SOURCE /* dladdr */
#include <GL/gl.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Keeps results observable so the loops are not optimized away. */
static volatile unsigned sink;

static double loop_get_error(long n)
{
    unsigned acc = 0;
    double t0 = now_ns();
    for (long i = 0; i < n; i++)
        acc += glGetError();
    double t1 = now_ns();
    sink += acc;
    return (t1 - t0) / n;
}

static double loop_color3f(long n)
{
    double t0 = now_ns();
    for (long i = 0; i < n; i++)
        glColor3f((float)(i & 1), 0.5f, 0.25f);
    double t1 = now_ns();
    return (t1 - t0) / n;
}

static double loop_get_viewport(long n)
{
    GLint v[4];
    unsigned acc = 0;
    double t0 = now_ns();
    for (long i = 0; i < n; i++) {
        glGetIntegerv(GL_VIEWPORT, v);
        acc += (unsigned)v[2];
    }
    double t1 = now_ns();
    sink += acc;
    return (t1 - t0) / n;
}

struct bench {
    const char *name;
    double (*loop)(long n);
};

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 20000000L;
    int reps = argc > 2 ? atoi(argv[2]) : 3;
    if (n <= 0 || reps <= 0) {
        fprintf(stderr, "usage: %s [N [REPS]]\n", argv[0]);
        return 2;
    }

    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        fprintf(stderr, "dispatch: cannot open display\n");
        return 1;
    }
    int attribs[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, None};
    XVisualInfo *vi = glXChooseVisual(dpy, DefaultScreen(dpy), attribs);
    if (!vi) {
        fprintf(stderr, "dispatch: no RGBA double-buffered visual\n");
        return 1;
    }
    Window root = RootWindow(dpy, vi->screen);
    XSetWindowAttributes swa = {0};
    swa.colormap = XCreateColormap(dpy, root, vi->visual, AllocNone);
    Window win = XCreateWindow(dpy, root, 0, 0, 64, 64, 0, vi->depth, InputOutput, vi->visual,
                               CWColormap, &swa);
    XMapWindow(dpy, win);
    GLXContext ctx = glXCreateContext(dpy, vi, NULL, True);
    if (!ctx || !glXMakeCurrent(dpy, win, ctx)) {
        fprintf(stderr, "dispatch: cannot create or bind a GLX context\n");
        return 1;
    }
    glViewport(0, 0, 64, 64);

    Dl_info info;
    printf("# lib %s\n",
           dladdr((void *)glGetError, &info) && info.dli_fname ? info.dli_fname : "?");
    printf("# vendor %s\n", (const char *)glGetString(GL_VENDOR));
    printf("# renderer %s\n", (const char *)glGetString(GL_RENDERER));
    printf("# calls %ld x %d loops, best loop reported\n", n, reps);

    const struct bench benches[] = {
        {"glGetError", loop_get_error},
        {"glColor3f", loop_color3f},
        {"glGetIntegerv(GL_VIEWPORT)", loop_get_viewport},
    };
    for (size_t b = 0; b < sizeof benches / sizeof benches[0]; b++) {
        benches[b].loop(n / 20 > 0 ? n / 20 : 1); /* warm-up */
        double best = 1e30;
        for (int r = 0; r < reps; r++) {
            double ns = benches[b].loop(n);
            if (ns < best)
                best = ns;
        }
        printf("%s %.2f\n", benches[b].name, best);
        fflush(stdout);
    }

    /* sanity: the calls really reached a context */
    GLint v[4] = {0, 0, 0, 0};
    glGetIntegerv(GL_VIEWPORT, v);
    GLenum err = glGetError();
    int status = 0;
    if (v[2] != 64 || v[3] != 64) {
        fprintf(stderr, "dispatch: GL_VIEWPORT reads %d,%d,%d,%d, expected 0,0,64,64\n", v[0],
                v[1], v[2], v[3]);
        status = 1;
    }
    if (err != GL_NO_ERROR) {
        fprintf(stderr, "dispatch: glGetError() = 0x%04x at the end\n", err);
        status = 1;
    }

    glXMakeCurrent(dpy, None, NULL);
    glXDestroyContext(dpy, ctx);
    XDestroyWindow(dpy, win);
    XFree(vi);
    XCloseDisplay(dpy);
    return status;
}
