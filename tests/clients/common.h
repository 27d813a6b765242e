/*
 * common.h: what the state-test clients share — a CHECK macro that counts
 * failures, expect_error() for glGetError checks, and a window with a direct
 * double-buffered context made current (and its teardown). Header-only.
 */
#ifndef OXGL_TEST_COMMON_H
#define OXGL_TEST_COMMON_H

#include <GL/gl.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"

__attribute__((unused)) static void expect_error(GLenum want, const char *what)
{
    GLenum got = glGetError();
    CHECK(got == want, "%s: error 0x%x, expected 0x%x", what, got, want);
}

/* An implementation limit and the least value the specification allows:
 * GL_LIMIT(GL_MAX_FOO, 16). */
struct gl_limit {
    GLenum pname;
    const char *name;
    GLint min;
};
#define GL_LIMIT(pname, min) { pname, #pname, min }

/* A FAIL line for each of the n limits below its minimum, and one if the
 * queries raise an error (`what` names them). */
__attribute__((unused)) static void check_limits(const struct gl_limit *l, unsigned n,
                                                 const char *what)
{
    for (unsigned i = 0; i < n; i++) {
        GLint v = 0;
        glGetIntegerv(l[i].pname, &v);
        CHECK(v >= l[i].min, "%s is %d, below %d", l[i].name, v, l[i].min);
    }
    expect_error(GL_NO_ERROR, what);
}

struct test_window {
    Display *dpy;
    XVisualInfo *vis;
    Window win;
    GLXContext ctx;
};

/* Opens the display, a size x size window with the visual glXChooseVisual
 * picks for `attribs` (None-terminated) and a direct context, and makes it
 * current; exits 1 with a FAIL line if any step fails. */
__attribute__((unused)) static struct test_window open_window_with(const int *attribs, int size)
{
    struct test_window t = { 0 };
    t.dpy = XOpenDisplay(NULL);
    if (!t.dpy) {
        printf("FAIL: cannot open display\n");
        exit(1);
    }
    t.vis = glXChooseVisual(t.dpy, DefaultScreen(t.dpy), (int *)attribs);
    if (!t.vis) {
        printf("FAIL: no visual for the requested attributes\n");
        exit(1);
    }
    Window root = RootWindow(t.dpy, t.vis->screen);
    XSetWindowAttributes swa = { 0 };
    swa.colormap = XCreateColormap(t.dpy, root, t.vis->visual, AllocNone);
    /* A visual deeper than the root's (32-bit, with alpha) needs a border
     * pixel of its own, or XCreateWindow fails with BadMatch. */
    t.win = XCreateWindow(t.dpy, root, 0, 0, size, size, 0, t.vis->depth, InputOutput,
                          t.vis->visual, CWColormap | CWBorderPixel, &swa);
    t.ctx = glXCreateContext(t.dpy, t.vis, NULL, True);
    if (!t.ctx || !glXMakeCurrent(t.dpy, t.win, t.ctx)) {
        printf("FAIL: no current context\n");
        exit(1);
    }
    return t;
}

/* open_window_with a double-buffered visual of 8-bit red, green, blue and
 * alpha, size x size. */
__attribute__((unused)) static struct test_window open_rgba8_window(int size)
{
    static const int attribs[] = { GLX_RGBA,      GLX_DOUBLEBUFFER, GLX_RED_SIZE,   8,
                                   GLX_GREEN_SIZE, 8,                GLX_BLUE_SIZE,  8,
                                   GLX_ALPHA_SIZE, 8,                None };
    return open_window_with(attribs, size);
}

/* open_window_with a double-buffered RGBA visual, 32x32. */
__attribute__((unused)) static struct test_window open_test_window(void)
{
    static const int attribs[] = { GLX_RGBA, GLX_DOUBLEBUFFER, None };
    return open_window_with(attribs, 32);
}

/* Releases and destroys everything, prints PASS when no check failed, and
 * returns the process exit status. */
#ifdef GLX_CONTEXT_PROFILE_MASK_ARB
/* A window and a `major`.`minor` core-profile, forward-compatible context
 * from glXCreateContextAttribsARB (include GL/glxext.h first). */
__attribute__((unused)) static struct test_window open_core_window(int size, int major,
                                                                   int minor)
{
    struct test_window t = { 0 };
    t.dpy = XOpenDisplay(NULL);
    if (!t.dpy) {
        printf("FAIL: cannot open display\n");
        exit(1);
    }
    PFNGLXCREATECONTEXTATTRIBSARBPROC create = (PFNGLXCREATECONTEXTATTRIBSARBPROC)
        glXGetProcAddressARB((const GLubyte *)"glXCreateContextAttribsARB");
    const int fb_attribs[] = { GLX_RENDER_TYPE, GLX_RGBA_BIT, GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT,
                               GLX_DOUBLEBUFFER, True, GLX_RED_SIZE, 8, GLX_GREEN_SIZE, 8,
                               GLX_BLUE_SIZE, 8, None };
    int n = 0;
    GLXFBConfig *fbc = glXChooseFBConfig(t.dpy, DefaultScreen(t.dpy), fb_attribs, &n);
    if (!create || !fbc || n == 0) {
        printf("FAIL: no glXCreateContextAttribsARB or FBConfig\n");
        exit(1);
    }
    t.vis = glXGetVisualFromFBConfig(t.dpy, fbc[0]);
    Window root = RootWindow(t.dpy, t.vis->screen);
    XSetWindowAttributes swa = { 0 };
    swa.colormap = XCreateColormap(t.dpy, root, t.vis->visual, AllocNone);
    t.win = XCreateWindow(t.dpy, root, 0, 0, size, size, 0, t.vis->depth, InputOutput,
                          t.vis->visual, CWColormap | CWBorderPixel, &swa);
    const int ctx_attribs[] = { GLX_CONTEXT_MAJOR_VERSION_ARB,
                                major,
                                GLX_CONTEXT_MINOR_VERSION_ARB,
                                minor,
                                GLX_CONTEXT_PROFILE_MASK_ARB,
                                GLX_CONTEXT_CORE_PROFILE_BIT_ARB,
                                GLX_CONTEXT_FLAGS_ARB,
                                GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB,
                                None };
    t.ctx = create(t.dpy, fbc[0], NULL, True, ctx_attribs);
    XFree(fbc);
    if (!t.ctx || !glXMakeCurrent(t.dpy, t.win, t.ctx)) {
        printf("FAIL: no %d.%d core context\n", major, minor);
        exit(1);
    }
    return t;
}
#endif

__attribute__((unused)) static int close_test_window(struct test_window *t)
{
    glXMakeCurrent(t->dpy, None, NULL);
    glXDestroyContext(t->dpy, t->ctx);
    XDestroyWindow(t->dpy, t->win);
    XFree(t->vis);
    XCloseDisplay(t->dpy);
    if (failures)
        return 1;
    printf("PASS\n");
    return 0;
}

#endif
