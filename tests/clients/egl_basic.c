/*
 * egl_basic.c: EGL 1.5 on the X11 and surfaceless platforms (and the device
 * platform's enumeration) through libEGL.so.1: client extensions, displays,
 * eglInitialize/eglTerminate, config choice and sorting, pbuffer, window and
 * pixmap surfaces, OpenGL contexts, make-current (with and without surfaces),
 * clears and a draw read back with glReadPixels (and from the X server for
 * the window), swaps, and the EGL error of every bad display, config,
 * surface, context and attribute case below. Prints "FAIL line N: ..."
 * lines and "PASS".
 *
 * Also passes on Mesa llvmpipe (Mesa's X11 platform under Xvfb needs
 * LIBGL_ALWAYS_SOFTWARE=1): gcc -O2 -Wall -o egl_basic egl_basic.c -lEGL
 * -lGL -lX11. Where the two differ by design (oxgl's OpenGL ES is 2.0
 * only), the check accepts either answer the specification allows
 * and prints which one it got. EGL_MESA_query_driver's driver name and
 * configuration, and no-error contexts (GL_CONTEXT_FLAG_NO_ERROR_BIT_KHR,
 * glGetError quiet, EGL_BAD_MATCH with the debug flag), where advertised. Five checks are not asked of Mesa 22.3,
 * which fails them (see the comments there): a 0x0 pbuffer on X11, a window
 * that does not exist, the pixels of a pixmap surface, eglCopyBuffers to
 * pixmap 0, and making current a surface whose window was destroyed.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "egl_check.h"

/* A copy of `n` EGLints ending right before an inaccessible page: an
 * implementation that reads past a list's first bad attribute crashes. */
static const EGLint *guarded(const EGLint *src, int n)
{
    long page = sysconf(_SC_PAGESIZE);
    char *p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return src;
    mprotect(p + page, page, PROT_NONE);
    EGLint *dst = (EGLint *)(p + page) - n;
    memcpy(dst, src, n * sizeof(EGLint));
    return dst;
}

static int near(int a, int b) { return a - b <= 1 && b - a <= 1; }

/* Reads `d` back from the X server and, with `pixels`, checks the two
 * pixels render_and_check drew: red at (10, 20), (51, 102, 153) at
 * (50, 20). */
static void check_x_image(Display *xdpy, Drawable d, const char *what, int pixels)
{
    XImage *img = XGetImage(xdpy, d, 0, 0, 64, 48, AllPlanes, ZPixmap);
    CHECK(img != NULL, "%s: XGetImage", what);
    if (!img)
        return;
    if (pixels) {
        unsigned long left = XGetPixel(img, 10, 20), right = XGetPixel(img, 50, 20);
        CHECK((left & 0xffffff) == 0xff0000, "%s: X server pixel (10,20) = 0x%06lx", what,
              left & 0xffffff);
        CHECK(near((right >> 16) & 0xff, 51) && near((right >> 8) & 0xff, 102) &&
                  near(right & 0xff, 153),
              "%s: X server pixel (50,20) = 0x%06lx", what, right & 0xffffff);
    }
    XDestroyImage(img);
}

static void check_pixel(int x, int y, int r, int g, int b, const char *what)
{
    GLubyte p[4] = { 0 };
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
    CHECK(near(p[0], r) && near(p[1], g) && near(p[2], b),
          "%s: pixel (%d,%d) = %d %d %d, expected %d %d %d", what, x, y, p[0], p[1],
          p[2], r, g, b);
}

static const EGLint pbuffer_gl_attribs[] = {
    EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
    EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_DEPTH_SIZE, 16,
    EGL_NONE,
};

/* Chooses configs and checks the attributes and the sort of what came back. */
static EGLConfig choose(EGLDisplay dpy, const EGLint *attribs, const char *what)
{
    EGLint n = 0;
    EGLConfig configs[256];
    EXPECT_EGL_OK(eglChooseConfig(dpy, attribs, configs, 256, &n));
    CHECK(n > 0, "%s: eglChooseConfig found no config", what);
    if (n <= 0)
        return NULL;
    EGLint prev_depth = -1;
    for (int i = 0; i < n; i++) {
        EGLint r = 0, depth = 0, renderable = 0, surface = 0;
        eglGetConfigAttrib(dpy, configs[i], EGL_RED_SIZE, &r);
        eglGetConfigAttrib(dpy, configs[i], EGL_DEPTH_SIZE, &depth);
        eglGetConfigAttrib(dpy, configs[i], EGL_RENDERABLE_TYPE, &renderable);
        eglGetConfigAttrib(dpy, configs[i], EGL_SURFACE_TYPE, &surface);
        CHECK(r >= 8 && depth >= 16 && (renderable & EGL_OPENGL_BIT) &&
                  (surface & EGL_PBUFFER_BIT),
              "%s: config %d: red %d depth %d renderable 0x%x surface 0x%x", what, i, r,
              depth, renderable, surface);
        (void)prev_depth;
    }
    /* Table 3.4: with equal colour sums, smaller buffers sort first, and
     * among those, smaller depth buffers. */
    EGLint b0 = 0, b1 = 0;
    eglGetConfigAttrib(dpy, configs[0], EGL_BUFFER_SIZE, &b0);
    eglGetConfigAttrib(dpy, configs[n - 1], EGL_BUFFER_SIZE, &b1);
    CHECK(b0 <= b1, "%s: first config's buffer size %d > last's %d", what, b0, b1);
    /* Counting only: configs NULL gives the number of matches. */
    EGLint count = 0;
    EXPECT_EGL_OK(eglChooseConfig(dpy, attribs, NULL, 0, &count));
    CHECK(count == n, "%s: count-only eglChooseConfig gave %d, expected %d", what, count, n);
    return configs[0];
}

/* Renders into a current 64x48 surface: clear, then a red quad over the left
 * half (compatibility immediate mode), read back. */
static void render_and_check(const char *what)
{
    glViewport(0, 0, 64, 48);
    glClearColor(0.2f, 0.4f, 0.6f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    check_pixel(40, 20, 51, 102, 153, what);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glColor3f(1, 0, 0);
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(0, -1);
    glVertex2f(0, 1);
    glVertex2f(-1, 1);
    glEnd();
    check_pixel(10, 20, 255, 0, 0, what);
    check_pixel(50, 20, 51, 102, 153, what);
    CHECK(glGetError() == GL_NO_ERROR, "%s: GL error", what);
}

/* The shared part of both platforms: pbuffer + context, current, render,
 * surfaceless current, errors. */
static void pbuffer_checks(EGLDisplay dpy, const char *what)
{
    EXPECT_EGL_OK(eglBindAPI(EGL_OPENGL_API));
    CHECK(eglQueryAPI() == EGL_OPENGL_API, "%s: eglQueryAPI", what);
    EGLConfig cfg = choose(dpy, pbuffer_gl_attribs, what);
    if (!cfg)
        return;

    const EGLint pb_attribs[] = { EGL_WIDTH, 64, EGL_HEIGHT, 48, EGL_NONE };
    EGLSurface pb = eglCreatePbufferSurface(dpy, cfg, pb_attribs);
    CHECK(pb != EGL_NO_SURFACE, "%s: eglCreatePbufferSurface: 0x%x", what, eglGetError());
    EGLint w = 0, h = 0, id = 0, cfg_id = 0;
    EXPECT_EGL_OK(eglQuerySurface(dpy, pb, EGL_WIDTH, &w));
    EXPECT_EGL_OK(eglQuerySurface(dpy, pb, EGL_HEIGHT, &h));
    EXPECT_EGL_OK(eglQuerySurface(dpy, pb, EGL_CONFIG_ID, &id));
    eglGetConfigAttrib(dpy, cfg, EGL_CONFIG_ID, &cfg_id);
    CHECK(w == 64 && h == 48 && id == cfg_id, "%s: pbuffer %dx%d config %d (want %d)", what,
          w, h, id, cfg_id);

    EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
    CHECK(ctx != EGL_NO_CONTEXT, "%s: eglCreateContext: 0x%x", what, eglGetError());
    EGLint type = 0;
    EXPECT_EGL_OK(eglQueryContext(dpy, ctx, EGL_CONTEXT_CLIENT_TYPE, &type));
    CHECK(type == EGL_OPENGL_API, "%s: EGL_CONTEXT_CLIENT_TYPE 0x%x", what, type);
    EXPECT_EGL_OK(eglQueryContext(dpy, ctx, EGL_CONFIG_ID, &id));
    CHECK(id == cfg_id, "%s: context config id %d", what, id);

    /* A surface not current: swapping it is EGL_BAD_SURFACE (Mesa). */
    EXPECT_EGL_ERROR(eglSwapBuffers(dpy, pb), EGL_BAD_SURFACE);

    EXPECT_EGL_OK(eglMakeCurrent(dpy, pb, pb, ctx));
    CHECK(eglGetCurrentContext() == ctx, "%s: eglGetCurrentContext", what);
    CHECK(eglGetCurrentDisplay() == dpy, "%s: eglGetCurrentDisplay", what);
    CHECK(eglGetCurrentSurface(EGL_DRAW) == pb && eglGetCurrentSurface(EGL_READ) == pb,
          "%s: eglGetCurrentSurface", what);
    EXPECT_EGL_ERROR(eglGetCurrentSurface(0x1234), EGL_BAD_PARAMETER);
    const char *vendor = (const char *)glGetString(GL_VENDOR);
    const char *version = (const char *)glGetString(GL_VERSION);
    CHECK(vendor && version, "%s: glGetString", what);
    printf("%s: GL_VENDOR %s, GL_VERSION %s\n", what, vendor ? vendor : "(null)",
           version ? version : "(null)");
    render_and_check(what);
    EXPECT_EGL_OK(eglSwapBuffers(dpy, pb)); /* no effect on a pbuffer */
    EXPECT_EGL_OK(eglWaitClient());
    EXPECT_EGL_OK(eglWaitGL());
    EXPECT_EGL_OK(eglWaitNative(EGL_CORE_NATIVE_ENGINE));
    EXPECT_EGL_ERROR(eglWaitNative(0x1234), EGL_BAD_PARAMETER);
    EXPECT_EGL_OK(eglQueryContext(dpy, ctx, EGL_RENDER_BUFFER, &type));
    CHECK(type == EGL_BACK_BUFFER, "%s: context EGL_RENDER_BUFFER 0x%x", what, type);

    /* EGL_KHR_surfaceless_context. */
    EXPECT_EGL_OK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
    CHECK(eglGetCurrentContext() == ctx && eglGetCurrentSurface(EGL_DRAW) == EGL_NO_SURFACE,
          "%s: surfaceless current", what);
    /* Back to the pbuffer: what was drawn is still there. */
    EXPECT_EGL_OK(eglMakeCurrent(dpy, pb, pb, ctx));
    check_pixel(10, 20, 255, 0, 0, what);

    /* A surface of a config with other ancillary buffers is not compatible
     * with the context (EGL 1.5 §2.2, §3.7.3). */
    {
        const EGLint no_depth[] = { EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                    EGL_OPENGL_BIT, EGL_DEPTH_SIZE, 0, EGL_NONE };
        EGLConfig other;
        EGLint found = 0, depth = -1;
        eglChooseConfig(dpy, no_depth, &other, 1, &found);
        if (found)
            eglGetConfigAttrib(dpy, other, EGL_DEPTH_SIZE, &depth);
        CHECK(found && depth == 0, "%s: no config without depth buffer", what);
        if (found && depth == 0) {
            EGLSurface op = eglCreatePbufferSurface(dpy, other, pb_attribs);
            EXPECT_EGL_ERROR(eglMakeCurrent(dpy, op, op, ctx), EGL_BAD_MATCH);
            eglDestroySurface(dpy, op);
        }
        CHECK(eglGetCurrentContext() == ctx, "%s: incompatible surface changed the binding",
              what);
    }

    /* Errors while something is current. */
    EXPECT_EGL_ERROR(eglMakeCurrent(dpy, pb, EGL_NO_SURFACE, ctx), EGL_BAD_MATCH);
    EXPECT_EGL_ERROR(eglMakeCurrent(dpy, pb, pb, EGL_NO_CONTEXT), EGL_BAD_MATCH);
    EXPECT_EGL_ERROR(eglMakeCurrent(dpy, (EGLSurface)(uintptr_t)0x9999, pb, ctx), EGL_BAD_SURFACE);
    EXPECT_EGL_ERROR(eglMakeCurrent(dpy, pb, pb, (EGLContext)(uintptr_t)0x5555), EGL_BAD_CONTEXT);
    CHECK(eglGetCurrentContext() == ctx, "%s: failed eglMakeCurrent changed the binding",
          what);
    EGLint v = 0;
    EXPECT_EGL_ERROR(eglQuerySurface(dpy, pb, 0x7777, &v), EGL_BAD_ATTRIBUTE);
    EXPECT_EGL_ERROR(eglQuerySurface(dpy, (EGLSurface)(uintptr_t)0x9999, EGL_WIDTH, &v),
                 EGL_BAD_SURFACE);
    EXPECT_EGL_ERROR(eglQueryContext(dpy, ctx, 0x7777, &v), EGL_BAD_ATTRIBUTE);
    EXPECT_EGL_ERROR(eglQueryContext(dpy, (EGLContext)(uintptr_t)0x5555, EGL_CONFIG_ID, &v),
                 EGL_BAD_CONTEXT);

    /* Context creation errors. */
    const EGLint bad_attrib[] = { 0x7777, 1, EGL_NONE };
    EXPECT_EGL_ERROR(eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, bad_attrib), EGL_BAD_ATTRIBUTE);
    /* A bad name with EGL_NONE as its value, at the end of readable memory
     * (piglit's egl-create-context-invalid-attribute-gl). */
    const EGLint bad_short[] = { (EGLint)0xffff0000, EGL_NONE };
    EXPECT_EGL_ERROR(eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, guarded(bad_short, 2)),
                 EGL_BAD_ATTRIBUTE);
    EXPECT_EGL_ERROR(eglCreatePbufferSurface(dpy, cfg, guarded(bad_short, 2)), EGL_BAD_ATTRIBUTE);
    const EGLint bad_flags[] = { EGL_CONTEXT_FLAGS_KHR, 0x100, EGL_NONE };
    EXPECT_EGL_ERROR(eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, bad_flags), EGL_BAD_ATTRIBUTE);
    const EGLint gl16[] = { EGL_CONTEXT_MAJOR_VERSION, 1, EGL_CONTEXT_MINOR_VERSION, 6,
                            EGL_NONE };
    EXPECT_EGL_ERROR(eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, gl16), EGL_BAD_MATCH);
    const EGLint gl99[] = { EGL_CONTEXT_MAJOR_VERSION, 9, EGL_CONTEXT_MINOR_VERSION, 9,
                            EGL_NONE };
    EXPECT_EGL_ERROR(eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, gl99), EGL_BAD_MATCH);
    const EGLint fwd20[] = { EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_FLAGS_KHR,
                             EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR, EGL_NONE };
    EXPECT_EGL_ERROR(eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, fwd20), EGL_BAD_MATCH);
    const EGLint bad_mask[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                EGL_CONTEXT_OPENGL_PROFILE_MASK, 0x8, EGL_NONE };
    EXPECT_EGL_ERROR(eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, bad_mask), EGL_BAD_MATCH);
    EXPECT_EGL_ERROR(eglCreateContext(dpy, cfg, (EGLContext)(uintptr_t)0x5555, NULL),
                 EGL_BAD_CONTEXT);
    EXPECT_EGL_ERROR(eglCreateContext(dpy, (EGLConfig)(uintptr_t)0x7777, EGL_NO_CONTEXT, NULL),
                 EGL_BAD_CONFIG);
    /* A 3.3 core context: current on the pbuffer, it reports the core
     * profile. */
    const EGLint core33[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK,
                              EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE };
    EGLContext core = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, core33);
    CHECK(core != EGL_NO_CONTEXT, "%s: core 3.3 context: error 0x%x", what, eglGetError());
    if (core) {
        EXPECT_EGL_OK(eglMakeCurrent(dpy, pb, pb, core));
        GLint mask = 0;
        glGetIntegerv(0x9126 /* GL_CONTEXT_PROFILE_MASK */, &mask);
        CHECK(mask == 1 /* GL_CONTEXT_CORE_PROFILE_BIT */, "%s: core context's profile mask %d",
              what, mask);
        const char *v = (const char *)glGetString(GL_VERSION);
        CHECK(v && strstr(v, "Core Profile"), "%s: core context's version %s", what,
              v ? v : "null");
        EXPECT_EGL_OK(eglMakeCurrent(dpy, pb, pb, ctx));
        eglDestroyContext(dpy, core);
    }
    /* A shared context with a debug flag. */
    const EGLint debug[] = { EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE, EGL_NONE };
    EGLContext shared = eglCreateContext(dpy, cfg, ctx, debug);
    CHECK(shared != EGL_NO_CONTEXT, "%s: shared debug context: 0x%x", what, eglGetError());
    /* EGL_KHR_no_config_context. */
    EGLContext noconfig = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, NULL);
    CHECK(noconfig != EGL_NO_CONTEXT, "%s: no-config context: 0x%x", what, eglGetError());
    if (noconfig) {
        EXPECT_EGL_OK(eglMakeCurrent(dpy, pb, pb, noconfig));
        render_and_check("no-config context");
        EXPECT_EGL_OK(eglMakeCurrent(dpy, pb, pb, ctx));
        EXPECT_EGL_OK(eglDestroyContext(dpy, noconfig));
    }

    /* Pbuffer errors. */
    const EGLint pb_bad[] = { 0x7777, 1, EGL_NONE };
    EXPECT_EGL_ERROR(eglCreatePbufferSurface(dpy, cfg, pb_bad), EGL_BAD_ATTRIBUTE);
    const EGLint pb_neg[] = { EGL_WIDTH, -4, EGL_NONE };
    EXPECT_EGL_ERROR(eglCreatePbufferSurface(dpy, cfg, pb_neg), EGL_BAD_PARAMETER);
    EXPECT_EGL_ERROR(eglCreatePbufferSurface(dpy, (EGLConfig)(uintptr_t)0x7777, pb_attribs),
                 EGL_BAD_CONFIG);
    /* Default size: 0 x 0. Not on X11: Mesa's X11 platform asks the server
     * for a 0x0 pixmap there (BadValue, then a crash). */
    if (strcmp(what, "x11") != 0) {
        EGLSurface empty = eglCreatePbufferSurface(dpy, cfg, NULL);
        CHECK(empty != EGL_NO_SURFACE, "%s: default pbuffer: 0x%x", what, eglGetError());
        EXPECT_EGL_OK(eglQuerySurface(dpy, empty, EGL_WIDTH, &w));
        CHECK(w == 0, "%s: default pbuffer width %d", what, w);
        EXPECT_EGL_OK(eglDestroySurface(dpy, empty));
    }

    /* Destroying what is current: handles die, the binding lives on. */
    EXPECT_EGL_OK(eglDestroyContext(dpy, shared));
    EXPECT_EGL_ERROR(eglDestroyContext(dpy, shared), EGL_BAD_CONTEXT);
    EXPECT_EGL_OK(eglDestroySurface(dpy, pb));
    EXPECT_EGL_OK(eglDestroyContext(dpy, ctx));
    CHECK(eglGetCurrentContext() == ctx, "%s: destroyed current context not current", what);
    check_pixel(10, 20, 255, 0, 0, "destroyed but current");
    EXPECT_EGL_ERROR(eglDestroySurface(dpy, pb), EGL_BAD_SURFACE);
    EXPECT_EGL_OK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
    CHECK(eglGetCurrentContext() == EGL_NO_CONTEXT, "%s: release", what);
}

static void display_checks(EGLDisplay dpy, const char *what)
{
    EGLint major = 0, minor = 0;
    EXPECT_EGL_OK(eglInitialize(dpy, &major, &minor));
    CHECK(major == 1 && minor >= 4, "%s: EGL %d.%d", what, major, minor);
    EXPECT_EGL_OK(eglInitialize(dpy, NULL, NULL)); /* again: no error */
    const char *vendor = eglQueryString(dpy, EGL_VENDOR);
    const char *apis = eglQueryString(dpy, EGL_CLIENT_APIS);
    const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
    CHECK(vendor && apis && ext, "%s: eglQueryString", what);
    printf("%s: EGL %d.%d vendor %s, client APIs %s\n", what, major, minor,
           vendor ? vendor : "(null)", apis ? apis : "(null)");
    CHECK(has_word(apis, "OpenGL"), "%s: client APIs lack OpenGL", what);
    CHECK(has_word(ext, "EGL_KHR_create_context") && has_word(ext, "EGL_KHR_surfaceless_context")
              && has_word(ext, "EGL_KHR_no_config_context"),
          "%s: display extensions: %s", what, ext);
    EXPECT_EGL_ERROR(eglQueryString(dpy, 0x1234), EGL_BAD_PARAMETER);

    EGLint n = 0;
    EXPECT_EGL_OK(eglGetConfigs(dpy, NULL, 0, &n));
    CHECK(n > 0, "%s: no configs", what);
    EXPECT_EGL_ERROR(eglGetConfigs(dpy, NULL, 0, NULL), EGL_BAD_PARAMETER);
    EGLConfig some[2];
    EGLint got = 0;
    EXPECT_EGL_OK(eglGetConfigs(dpy, some, 2, &got));
    CHECK(got == (n < 2 ? n : 2), "%s: eglGetConfigs(size 2) returned %d", what, got);
    EGLint v = 0;
    EXPECT_EGL_ERROR(eglGetConfigAttrib(dpy, (EGLConfig)(uintptr_t)0x7777, EGL_RED_SIZE, &v),
                 EGL_BAD_CONFIG);
    EXPECT_EGL_ERROR(eglGetConfigAttrib(dpy, some[0], 0x7777, &v), EGL_BAD_ATTRIBUTE);
    const EGLint bad[] = { 0x7777, 1, EGL_NONE };
    EXPECT_EGL_ERROR(eglChooseConfig(dpy, bad, some, 2, &got), EGL_BAD_ATTRIBUTE);
    const EGLint bad_short[] = { 0x7777, EGL_NONE };
    EXPECT_EGL_ERROR(eglChooseConfig(dpy, guarded(bad_short, 2), some, 2, &got), EGL_BAD_ATTRIBUTE);
    EXPECT_EGL_ERROR(eglChooseConfig(dpy, pbuffer_gl_attribs, some, 2, NULL), EGL_BAD_PARAMETER);
    /* EGL_CONFIG_ID wins over everything else. */
    EGLint id = 0;
    eglGetConfigAttrib(dpy, some[0], EGL_CONFIG_ID, &id);
    const EGLint by_id[] = { EGL_CONFIG_ID, id, EGL_RED_SIZE, 99, EGL_NONE };
    EXPECT_EGL_OK(eglChooseConfig(dpy, by_id, some, 2, &got));
    CHECK(got == 1, "%s: choosing by EGL_CONFIG_ID found %d configs", what, got);

    pbuffer_checks(dpy, what);

    /* Terminating the display of the current context: it stays current and
     * usable until released (EGL 1.5 §3.2, piglit's "eglterminate then
     * unbind context"). */
    {
        EGLConfig cfg;
        EGLint found = 0;
        eglChooseConfig(dpy, pbuffer_gl_attribs, &cfg, 1, &found);
        const EGLint size[] = { EGL_WIDTH, 64, EGL_HEIGHT, 48, EGL_NONE };
        EGLSurface pb = found ? eglCreatePbufferSurface(dpy, cfg, size) : EGL_NO_SURFACE;
        EGLContext ctx = found ? eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL) : NULL;
        CHECK(pb && ctx, "%s: terminate case setup: 0x%x", what, eglGetError());
        if (pb && ctx) {
            EXPECT_EGL_OK(eglMakeCurrent(dpy, pb, pb, ctx));
            EXPECT_EGL_OK(eglTerminate(dpy));
            CHECK(eglGetCurrentContext() == ctx, "%s: terminated display's context not current",
                  what);
            render_and_check("after eglTerminate");
            EXPECT_EGL_OK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
            CHECK(eglGetCurrentContext() == EGL_NO_CONTEXT, "%s: not released", what);
            EXPECT_EGL_ERROR(eglDestroyContext(dpy, ctx), EGL_NOT_INITIALIZED);
            EXPECT_EGL_OK(eglInitialize(dpy, NULL, NULL));
            /* A new initialization knows none of the old handles. */
            EXPECT_EGL_ERROR(eglDestroyContext(dpy, ctx), EGL_BAD_CONTEXT);
        }
    }

    /* Terminate: calls need initialization again; releasing is still fine. */
    EXPECT_EGL_OK(eglTerminate(dpy));
    EXPECT_EGL_ERROR(eglGetConfigs(dpy, NULL, 0, &n), EGL_NOT_INITIALIZED);
    EXPECT_EGL_ERROR(eglQueryString(dpy, EGL_VENDOR), EGL_NOT_INITIALIZED);
    EXPECT_EGL_OK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
    EXPECT_EGL_OK(eglTerminate(dpy));
}

/* An X window surface: clear, swap, read back from the X server. */
static void window_checks(Display *xdpy, EGLDisplay dpy)
{
    EXPECT_EGL_OK(eglInitialize(dpy, NULL, NULL));
    EXPECT_EGL_OK(eglBindAPI(EGL_OPENGL_API));
    const EGLint attribs[] = { EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE,
                               EGL_OPENGL_BIT, EGL_RED_SIZE, 8, EGL_NONE };
    EGLConfig cfg;
    EGLint n = 0;
    EXPECT_EGL_OK(eglChooseConfig(dpy, attribs, &cfg, 1, &n));
    CHECK(n == 1, "window: no window config");
    if (n != 1)
        return;
    EGLint vid = 0;
    EXPECT_EGL_OK(eglGetConfigAttrib(dpy, cfg, EGL_NATIVE_VISUAL_ID, &vid));
    XVisualInfo tmpl = { 0 };
    tmpl.visualid = vid;
    int nvis = 0;
    XVisualInfo *vis = XGetVisualInfo(xdpy, VisualIDMask, &tmpl, &nvis);
    CHECK(vis != NULL, "window: no X visual 0x%x", vid);
    if (!vis)
        return;
    Window root = RootWindow(xdpy, vis->screen);
    XSetWindowAttributes swa = { 0 };
    swa.colormap = XCreateColormap(xdpy, root, vis->visual, AllocNone);
    Window win = XCreateWindow(xdpy, root, 0, 0, 64, 48, 0, vis->depth, InputOutput,
                               vis->visual, CWColormap | CWBorderPixel, &swa);
    XMapWindow(xdpy, win);
    XSync(xdpy, False);

    /* A window that does not exist (Mesa 22.3's swrast crashes there: not
     * asked of Mesa). */
    const char *vendor = eglQueryString(dpy, EGL_VENDOR);
    int mesa = vendor && strstr(vendor, "Mesa");
    if (!mesa)
        EXPECT_EGL_ERROR(eglCreateWindowSurface(dpy, cfg, (EGLNativeWindowType)0x3ffffff, NULL),
                     EGL_BAD_NATIVE_WINDOW);
    const EGLint bad[] = { 0x7777, 1, EGL_NONE };
    EXPECT_EGL_ERROR(eglCreateWindowSurface(dpy, cfg, win, bad), EGL_BAD_ATTRIBUTE);
    EGLSurface surf = eglCreateWindowSurface(dpy, cfg, win, NULL);
    CHECK(surf != EGL_NO_SURFACE, "window: eglCreateWindowSurface: 0x%x", eglGetError());
    EXPECT_EGL_ERROR(eglCreateWindowSurface(dpy, cfg, win, NULL), EGL_BAD_ALLOC);
    EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
    CHECK(ctx != EGL_NO_CONTEXT, "window: eglCreateContext: 0x%x", eglGetError());
    EXPECT_EGL_OK(eglMakeCurrent(dpy, surf, surf, ctx));
    EGLint w = 0, h = 0, rb = 0;
    EXPECT_EGL_OK(eglQuerySurface(dpy, surf, EGL_WIDTH, &w));
    EXPECT_EGL_OK(eglQuerySurface(dpy, surf, EGL_HEIGHT, &h));
    EXPECT_EGL_OK(eglQuerySurface(dpy, surf, EGL_RENDER_BUFFER, &rb));
    CHECK(w == 64 && h == 48 && rb == EGL_BACK_BUFFER, "window: %dx%d render buffer 0x%x", w,
          h, rb);
    EXPECT_EGL_OK(eglSwapInterval(dpy, 0));
    render_and_check("window");
    /* eglCopyBuffers: the rendered (back) buffer into a pixmap. */
    Pixmap copy = XCreatePixmap(xdpy, win, 64, 48, vis->depth);
    XSync(xdpy, False);
    EXPECT_EGL_OK(eglCopyBuffers(dpy, surf, copy));
    /* Pixmap 0 (Mesa 22.3 accepts it and sends X requests on it: not asked
     * of Mesa). */
    if (!mesa)
        EXPECT_EGL_ERROR(eglCopyBuffers(dpy, surf, (EGLNativePixmapType)0), EGL_BAD_NATIVE_PIXMAP);
    XSync(xdpy, False);
    check_x_image(xdpy, copy, "eglCopyBuffers", 1);
    XFreePixmap(xdpy, copy);
    EXPECT_EGL_OK(eglSwapBuffers(dpy, surf));
    XSync(xdpy, False);
    check_x_image(xdpy, win, "window", 1);
    EXPECT_EGL_OK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
    EXPECT_EGL_ERROR(eglSwapBuffers(dpy, surf), EGL_BAD_SURFACE);
    EXPECT_EGL_OK(eglDestroySurface(dpy, surf));
    EXPECT_EGL_OK(eglDestroyContext(dpy, ctx));

    /* A pixmap surface: single-buffered, so a context first made current on
     * it draws to GL_FRONT, and glFinish puts the pixels in the pixmap.
     * Mesa 22.3's swrast draws to GL_BACK there and the pixmap never gets
     * the pixels (not even after eglWaitClient or a release): those checks
     * are not asked of Mesa. */
    EGLint type = 0;
    eglGetConfigAttrib(dpy, cfg, EGL_SURFACE_TYPE, &type);
    CHECK(type & EGL_PIXMAP_BIT, "pixmap: window config without EGL_PIXMAP_BIT");
    Pixmap pix = XCreatePixmap(xdpy, win, 64, 48, vis->depth);
    XSync(xdpy, False);
    EGLSurface psurf = eglCreatePixmapSurface(dpy, cfg, pix, NULL);
    CHECK(psurf != EGL_NO_SURFACE, "pixmap: eglCreatePixmapSurface: 0x%x", eglGetError());
    EXPECT_EGL_ERROR(eglCreatePixmapSurface(dpy, cfg, pix, NULL), EGL_BAD_ALLOC);
    EXPECT_EGL_ERROR(eglCreatePixmapSurface(dpy, cfg, (EGLNativePixmapType)0, NULL),
                 EGL_BAD_NATIVE_PIXMAP);
    EXPECT_EGL_OK(eglQuerySurface(dpy, psurf, EGL_RENDER_BUFFER, &rb));
    EXPECT_EGL_OK(eglQuerySurface(dpy, psurf, EGL_WIDTH, &w));
    EXPECT_EGL_OK(eglQuerySurface(dpy, psurf, EGL_HEIGHT, &h));
    CHECK(rb == EGL_SINGLE_BUFFER && w == 64 && h == 48, "pixmap: %dx%d render buffer 0x%x",
          w, h, rb);
    EGLContext pctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
    EXPECT_EGL_OK(eglMakeCurrent(dpy, psurf, psurf, pctx));
    GLint draw_buffer = 0;
    glGetIntegerv(GL_DRAW_BUFFER, &draw_buffer);
    CHECK(mesa || draw_buffer == GL_FRONT, "pixmap: GL_DRAW_BUFFER 0x%x", draw_buffer);
    EXPECT_EGL_OK(eglQueryContext(dpy, pctx, EGL_RENDER_BUFFER, &rb));
    CHECK(rb == EGL_SINGLE_BUFFER, "pixmap: context EGL_RENDER_BUFFER 0x%x", rb);
    render_and_check("pixmap");
    glFinish();
    XSync(xdpy, False);
    check_x_image(xdpy, pix, "pixmap", !mesa);
    EXPECT_EGL_OK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
    EXPECT_EGL_OK(eglDestroySurface(dpy, psurf));
    EXPECT_EGL_OK(eglDestroyContext(dpy, pctx));
    XFreePixmap(xdpy, pix);

    /* A window destroyed under its surface: EGL_BAD_NATIVE_WINDOW when made
     * current (not asked of Mesa, which does not check). */
    Window gone = XCreateWindow(xdpy, root, 0, 0, 16, 16, 0, vis->depth, InputOutput,
                                vis->visual, CWColormap | CWBorderPixel, &swa);
    XSync(xdpy, False);
    EGLSurface gsurf = eglCreateWindowSurface(dpy, cfg, gone, NULL);
    CHECK(gsurf != EGL_NO_SURFACE, "gone: eglCreateWindowSurface: 0x%x", eglGetError());
    XDestroyWindow(xdpy, gone);
    XSync(xdpy, False);
    EGLContext gctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
    if (!mesa)
        EXPECT_EGL_ERROR(eglMakeCurrent(dpy, gsurf, gsurf, gctx), EGL_BAD_NATIVE_WINDOW);
    EXPECT_EGL_OK(eglDestroySurface(dpy, gsurf));
    EXPECT_EGL_OK(eglDestroyContext(dpy, gctx));
    XDestroyWindow(xdpy, win);
    XFree(vis);
    EXPECT_EGL_OK(eglTerminate(dpy));
}

/* EGL_MESA_query_driver and EGL_KHR_create_context_no_error (with
 * GL_KHR_no_error) on an initialized display. */
typedef const char *(*driver_name_fn)(EGLDisplay);
typedef char *(*driver_config_fn)(EGLDisplay);
static void driver_and_no_error_checks(EGLDisplay dpy)
{
    const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
    if (has_word(ext, "EGL_MESA_query_driver")) {
        driver_name_fn name = (driver_name_fn)eglGetProcAddress("eglGetDisplayDriverName");
        driver_config_fn config = (driver_config_fn)eglGetProcAddress("eglGetDisplayDriverConfig");
        CHECK(name && config, "EGL_MESA_query_driver entry points");
        if (name && config) {
            EXPECT_EGL_ERROR(name(EGL_NO_DISPLAY), EGL_BAD_DISPLAY);
            const char *n = name(dpy);
            CHECK(n && *n, "eglGetDisplayDriverName: 0x%x", eglGetError());
            printf("driver name: %s\n", n ? n : "(null)");
            char *xml = config(dpy);
            CHECK(xml && strstr(xml, "<driinfo"), "eglGetDisplayDriverConfig: %s",
                  xml ? xml : "(null)");
            free(xml);
        }
    }
    if (!has_word(ext, "EGL_KHR_create_context_no_error"))
        return;
    EGLConfig cfg = choose(dpy, pbuffer_gl_attribs, "no-error");
    if (!cfg)
        return;
    eglBindAPI(EGL_OPENGL_API);
    /* Not with a debug context (the flags first, as piglit asks). */
    const EGLint with_debug[] = { EGL_CONTEXT_FLAGS_KHR, EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR,
                                  EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 0,
                                  EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE, EGL_NONE };
    EXPECT_EGL_ERROR(eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, with_debug), EGL_BAD_MATCH);
    const EGLint attribs[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0,
                               EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE, EGL_NONE };
    EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, attribs);
    CHECK(ctx != EGL_NO_CONTEXT, "no-error context: 0x%x", eglGetError());
    if (!ctx)
        return;
    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), "no-error make current");
    GLint flags = 0;
    glGetIntegerv(0x821E /* GL_CONTEXT_FLAGS */, &flags);
    CHECK(flags & 0x8, "GL_CONTEXT_FLAGS 0x%x lacks GL_CONTEXT_FLAG_NO_ERROR_BIT_KHR", flags);
    glEnable(0x1234);
    CHECK(glGetError() == GL_NO_ERROR, "a no-error context reported an error");
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
}

static int on_x_error(Display *dpy, XErrorEvent *e)
{
    char text[128];
    XGetErrorText(dpy, e->error_code, text, sizeof text);
    printf("FAIL: X error %s (request %d)\n", text, e->request_code);
    failures++;
    return 0;
}

int main(void)
{
    XSetErrorHandler(on_x_error);
    /* No display yet: client extensions and the errors of bad displays. */
    const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    CHECK(client != NULL, "client extensions: 0x%x", eglGetError());
    CHECK(has_word(client, "EGL_EXT_platform_base") &&
              (has_word(client, "EGL_KHR_platform_x11") ||
               has_word(client, "EGL_EXT_platform_x11")) &&
              has_word(client, "EGL_MESA_platform_surfaceless") &&
              has_word(client, "EGL_EXT_device_enumeration"),
          "client extensions: %s", client ? client : "(null)");
    EXPECT_EGL_ERROR(eglQueryString(EGL_NO_DISPLAY, EGL_VENDOR), EGL_BAD_DISPLAY);
    EXPECT_EGL_ERROR(eglInitialize((EGLDisplay)(uintptr_t)0x1234, NULL, NULL), EGL_BAD_DISPLAY);
    EXPECT_EGL_ERROR(eglTerminate((EGLDisplay)(uintptr_t)0x1234), EGL_BAD_DISPLAY);
    EXPECT_EGL_ERROR(eglMakeCurrent((EGLDisplay)(uintptr_t)0x1234, EGL_NO_SURFACE, EGL_NO_SURFACE,
                                EGL_NO_CONTEXT),
                 EGL_BAD_DISPLAY);
    EXPECT_EGL_ERROR(eglBindAPI(0x1234), EGL_BAD_PARAMETER);
    CHECK(eglGetError() == EGL_SUCCESS, "eglGetError does not reset");
    CHECK(eglGetCurrentContext() == EGL_NO_CONTEXT, "a context is current at start");

    PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    PFNEGLQUERYDEVICESEXTPROC query_devices =
        (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
    PFNEGLQUERYDEVICESTRINGEXTPROC query_device_string =
        (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
    CHECK(get_platform_display && query_devices && query_device_string,
          "eglGetProcAddress of the EXT functions");
    if (!get_platform_display || !query_devices || !query_device_string) {
        printf("%d failures\n", failures);
        return 1;
    }
    EXPECT_EGL_ERROR(get_platform_display(0x1234, NULL, NULL), EGL_BAD_PARAMETER);
    EXPECT_EGL_ERROR(get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, (void *)0x10, NULL),
                 EGL_BAD_PARAMETER);

    /* X11, through eglGetDisplay on the application's Display. */
    Display *xdpy = XOpenDisplay(NULL);
    CHECK(xdpy != NULL, "cannot open the X display");
    if (xdpy) {
        EGLDisplay dpy = eglGetDisplay((EGLNativeDisplayType)xdpy);
        CHECK(dpy != EGL_NO_DISPLAY, "eglGetDisplay: 0x%x", eglGetError());
        EGLDisplay again = get_platform_display(EGL_PLATFORM_X11_KHR, xdpy, NULL);
        CHECK(again != EGL_NO_DISPLAY, "eglGetPlatformDisplayEXT(X11): 0x%x", eglGetError());
        if (dpy) {
            display_checks(dpy, "x11");
            window_checks(xdpy, dpy);
        }
    }

    /* Surfaceless. */
    EGLDisplay sdpy = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY,
                                           NULL);
    CHECK(sdpy != EGL_NO_DISPLAY, "surfaceless display: 0x%x", eglGetError());
    if (sdpy) {
        CHECK(get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL) ==
                  sdpy,
              "surfaceless: a second display handle");
        EXPECT_EGL_ERROR(eglGetConfigs(sdpy, NULL, 0, NULL), EGL_NOT_INITIALIZED);
        display_checks(sdpy, "surfaceless");
        /* No windows there (EGL_MESA_platform_surfaceless). */
        EXPECT_EGL_OK(eglInitialize(sdpy, NULL, NULL));
        driver_and_no_error_checks(sdpy);
        EGLConfig cfg;
        EGLint n = 0;
        eglChooseConfig(sdpy, pbuffer_gl_attribs, &cfg, 1, &n);
        if (n == 1 && xdpy)
            EXPECT_EGL_ERROR(eglCreateWindowSurface(sdpy, cfg, DefaultRootWindow(xdpy), NULL),
                         EGL_BAD_NATIVE_WINDOW);
        EXPECT_EGL_OK(eglTerminate(sdpy));
    }

    /* Devices: at least one, with an extension string, and a display on it. */
    EGLDeviceEXT devices[8];
    EGLint ndev = 0;
    EXPECT_EGL_OK(query_devices(8, devices, &ndev));
    CHECK(ndev >= 1, "no EGL device");
    EXPECT_EGL_ERROR(query_devices(8, devices, NULL), EGL_BAD_PARAMETER);
    if (ndev >= 1) {
        const char *dext = query_device_string(devices[ndev - 1], EGL_EXTENSIONS);
        CHECK(dext != NULL, "device extensions: 0x%x", eglGetError());
        printf("device: %s\n", dext ? dext : "(null)");
        EGLDisplay ddpy = get_platform_display(EGL_PLATFORM_DEVICE_EXT, devices[ndev - 1], NULL);
        CHECK(ddpy != EGL_NO_DISPLAY, "device display: 0x%x", eglGetError());
        if (ddpy) {
            EXPECT_EGL_OK(eglInitialize(ddpy, NULL, NULL));
            EGLint n = 0;
            EXPECT_EGL_OK(eglGetConfigs(ddpy, NULL, 0, &n));
            CHECK(n > 0, "device display: no configs");
            EXPECT_EGL_OK(eglTerminate(ddpy));
        }
    }
    EXPECT_EGL_OK(eglReleaseThread());

    if (xdpy)
        XCloseDisplay(xdpy);
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
