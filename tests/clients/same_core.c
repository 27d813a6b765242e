/*
 * same_core: checks that every GL-family library name a program may dlopen
 * reaches one and the same core (DESIGN.md: libEGL.so.1, libGLESv2.so.2,
 * libGLESv1_CM.so.1 and libOpenGL.so.0 forward to libGL.so.1).
 *
 *  1. dlopen("libGL.so.1"), ("libEGL.so.1"), ("libGLESv2.so.2"),
 *     ("libOpenGL.so.0"), ("libGLESv1_CM.so.1").
 *  2. With libGL's GLX entry points: a context on a small window, made current.
 *  3. glClearColor through the libGLESv2 handle, glGetFloatv(GL_COLOR_CLEAR_VALUE)
 *     through the libOpenGL handle: state set through one name is seen through
 *     the other.
 *  4. glXGetCurrentContext (libGL) is the context created.
 *  5. For each handle, dlsym(handle, "glClear") == glXGetProcAddressARB("glClear"),
 *     and eglGetProcAddress("glClear") (libEGL) returns the same function.
 *
 * On Mesa (glvnd) the libraries are separate stubs over libGLdispatch, so
 * step 5 fails there by design; the output says precisely which check failed.
 * Output: "# ..." information, one "FAIL: ..." line per failed check, then
 * "PASS" (exit 0) or "FAIL" (exit 1).
 *
 * Build: gcc -O2 -Wall -o same_core same_core.c -lX11 -ldl
 *        (it resolves every GL/GLX/EGL symbol through dlopen/dlsym)
 */
#define _GNU_SOURCE /* dladdr */
#include <GL/gl.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void (*AnyFn)(void);
typedef AnyFn (*GetProcFn)(const GLubyte *);
typedef AnyFn (*EglGetProcFn)(const char *);
typedef XVisualInfo *(*ChooseVisualFn)(Display *, int, int *);
typedef GLXContext (*CreateContextFn)(Display *, XVisualInfo *, GLXContext, Bool);
typedef Bool (*MakeCurrentFn)(Display *, GLXDrawable, GLXContext);
typedef GLXContext (*GetCurrentContextFn)(void);
typedef void (*DestroyContextFn)(Display *, GLXContext);
typedef void (*ClearColorFn)(GLfloat, GLfloat, GLfloat, GLfloat);
typedef void (*GetFloatvFn)(GLenum, GLfloat *);
typedef GLenum (*GetErrorFn)(void);

static int failures;

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL: ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    failures++;
}

static int finish(void)
{
    printf(failures ? "FAIL\n" : "PASS\n");
    return failures ? 1 : 0;
}

static int on_x_error(Display *dpy, XErrorEvent *ev)
{
    char text[256];
    XGetErrorText(dpy, ev->error_code, text, sizeof text);
    fail("X error %d (%s), request %d.%d", ev->error_code, text, ev->request_code,
         ev->minor_code);
    return 0;
}

struct lib {
    const char *name;
    void *handle;
};

static struct lib libs[] = {
    {"libGL.so.1", NULL},     {"libEGL.so.1", NULL},       {"libGLESv2.so.2", NULL},
    {"libOpenGL.so.0", NULL}, {"libGLESv1_CM.so.1", NULL},
};
enum { GL, EGL, GLES2, OPENGL, GLES1, NLIBS };

/* dlsym that reports a missing symbol as a failure. */
static void *need(int lib, const char *symbol)
{
    if (!libs[lib].handle)
        return NULL;
    dlerror();
    void *p = dlsym(libs[lib].handle, symbol);
    if (!p)
        fail("dlsym(%s, \"%s\") = NULL (%s)", libs[lib].name, symbol, dlerror());
    return p;
}

/* Where a function pointer lives, for messages. */
static const char *where(void *p)
{
    Dl_info info;
    if (p && dladdr(p, &info) && info.dli_fname)
        return info.dli_fname;
    return "?";
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    XSetErrorHandler(on_x_error);

    for (int i = 0; i < NLIBS; i++) {
        libs[i].handle = dlopen(libs[i].name, RTLD_NOW | RTLD_LOCAL);
        if (!libs[i].handle)
            fail("dlopen(\"%s\"): %s", libs[i].name, dlerror());
    }
    if (!libs[GL].handle)
        return finish();

    GetProcFn get_proc = (GetProcFn)need(GL, "glXGetProcAddressARB");
    ChooseVisualFn choose_visual = (ChooseVisualFn)need(GL, "glXChooseVisual");
    CreateContextFn create_context = (CreateContextFn)need(GL, "glXCreateContext");
    MakeCurrentFn make_current = (MakeCurrentFn)need(GL, "glXMakeCurrent");
    GetCurrentContextFn get_current = (GetCurrentContextFn)need(GL, "glXGetCurrentContext");
    DestroyContextFn destroy_context = (DestroyContextFn)need(GL, "glXDestroyContext");
    if (!get_proc || !choose_visual || !create_context || !make_current || !get_current ||
        !destroy_context)
        return finish();
    printf("# libGL.so.1 is %s\n", where((void *)get_proc));

    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        fail("cannot open display '%s'", getenv("DISPLAY") ? getenv("DISPLAY") : "");
        return finish();
    }
    int attribs[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, None};
    XVisualInfo *vi = choose_visual(dpy, DefaultScreen(dpy), attribs);
    if (!vi) {
        fail("glXChooseVisual returned NULL");
        return finish();
    }
    Window root = RootWindow(dpy, vi->screen);
    XSetWindowAttributes swa = {0};
    swa.colormap = XCreateColormap(dpy, root, vi->visual, AllocNone);
    Window win = XCreateWindow(dpy, root, 0, 0, 64, 64, 0, vi->depth, InputOutput, vi->visual,
                               CWColormap, &swa);
    GLXContext ctx = create_context(dpy, vi, NULL, True);
    if (!ctx) {
        fail("glXCreateContext returned NULL");
        return finish();
    }
    if (!make_current(dpy, win, ctx)) {
        fail("glXMakeCurrent returned False");
        return finish();
    }

    /* 3. state through GLESv2 -> seen through libOpenGL */
    ClearColorFn clear_color = (ClearColorFn)need(GLES2, "glClearColor");
    GetFloatvFn get_floatv = (GetFloatvFn)need(OPENGL, "glGetFloatv");
    GetErrorFn get_error = (GetErrorFn)need(GL, "glGetError");
    if (clear_color && get_floatv) {
        clear_color(0.25f, 0.5f, 0.75f, 1.0f);
        GLfloat v[4] = {-1, -1, -1, -1};
        get_floatv(GL_COLOR_CLEAR_VALUE, v);
        if (v[0] != 0.25f || v[1] != 0.5f || v[2] != 0.75f || v[3] != 1.0f)
            fail("glClearColor(0.25,0.5,0.75,1) via libGLESv2.so.2, then glGetFloatv("
                 "GL_COLOR_CLEAR_VALUE) via libOpenGL.so.0 = (%g,%g,%g,%g)",
                 v[0], v[1], v[2], v[3]);
        else
            printf("# clear colour set via libGLESv2.so.2 read back via libOpenGL.so.0\n");
    } else {
        fail("cannot check state sharing between libGLESv2.so.2 and libOpenGL.so.0");
    }
    if (get_error) {
        GLenum e = get_error();
        if (e != GL_NO_ERROR)
            fail("glGetError() = 0x%04x", e);
    }

    /* 4. the current context */
    GLXContext cur = get_current();
    if (cur != ctx)
        fail("glXGetCurrentContext() = %p, created context is %p", (void *)cur, (void *)ctx);

    /* 5. one function per name, whichever way it is found */
    AnyFn by_proc = get_proc((const GLubyte *)"glClear");
    if (!by_proc)
        fail("glXGetProcAddressARB(\"glClear\") = NULL");
    printf("# glXGetProcAddressARB(\"glClear\") = %p in %s\n", (void *)by_proc,
           where((void *)by_proc));
    for (int i = 0; i < NLIBS; i++) {
        if (!libs[i].handle)
            continue;
        void *p = dlsym(libs[i].handle, "glClear");
        if (p != (void *)by_proc)
            fail("dlsym(%s, \"glClear\") = %p (in %s), glXGetProcAddressARB gives %p",
                 libs[i].name, p, where(p), (void *)by_proc);
    }
    EglGetProcFn egl_get_proc = libs[EGL].handle
                                    ? (EglGetProcFn)dlsym(libs[EGL].handle, "eglGetProcAddress")
                                    : NULL;
    if (libs[EGL].handle && !egl_get_proc)
        fail("dlsym(libEGL.so.1, \"eglGetProcAddress\") = NULL");
    if (egl_get_proc) {
        AnyFn by_egl = egl_get_proc("glClear");
        if (by_egl != by_proc)
            fail("eglGetProcAddress(\"glClear\") = %p (in %s), glXGetProcAddressARB gives %p",
                 (void *)by_egl, where((void *)by_egl), (void *)by_proc);
    }

    make_current(dpy, None, NULL);
    destroy_context(dpy, ctx);
    XDestroyWindow(dpy, win);
    XFree(vi);
    XSync(dpy, False);
    XCloseDisplay(dpy);
    return finish();
}
