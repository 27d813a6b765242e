/*
 * clear_readback: the smallest end-to-end check of a GLX implementation.
 *
 * A double-buffered RGBA window is cleared with glClear and presented with
 * glXSwapBuffers; the pixels are then read back from the X server itself
 * (XGetImage: what the user sees). The window is then resized to 320x240 and
 * cleared again, which checks that the implementation notices the new size
 * (after glViewport, as apps do), and the new frame is read back both from
 * the X server and with glReadPixels from the front buffer.
 *
 * Order matters for Mesa, the reference: its DRI swrast drawables re-query
 * the window size only on the first validation after a swap, so a GL
 * readback between the first swap and the resize would make Mesa miss the
 * resize. And llvmpipe (not softpipe) does not copy the back buffer to the
 * front on swap, so the front readback is skipped, with a note, when
 * GL_RENDERER starts with "llvmpipe"; GALLIUM_DRIVER=softpipe runs it.
 *
 * Output: "# ..." information lines, one "FAIL: ..." line per failed check,
 * and finally "PASS" (exit 0) or "FAIL" (exit 1). Any X error fails the test.
 *
 * Build: gcc -O2 -Wall -o clear_readback clear_readback.c -lX11 -lGL
 */
#include <GL/gl.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int failures;
static int x_errors;

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL: ");
    vprintf(fmt, ap);
    printf("\n");
    fflush(stdout);
    va_end(ap);
    failures++;
}

static int on_x_error(Display *dpy, XErrorEvent *ev)
{
    char text[256];
    XGetErrorText(dpy, ev->error_code, text, sizeof text);
    fail("X error %d (%s), request %d.%d, resource 0x%lx", ev->error_code, text,
         ev->request_code, ev->minor_code, ev->resourceid);
    x_errors++;
    return 0;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Waits up to timeout_s for an event of `type` on `win`; 1 if it came. The
 * predicate lets a ConfigureNotify wait for a particular size. */
static int wait_event(Display *dpy, Window win, int type, XEvent *out,
                      int (*accept)(const XEvent *), double timeout_s)
{
    double deadline = now_s() + timeout_s;
    for (;;) {
        while (XCheckTypedWindowEvent(dpy, win, type, out)) {
            if (!accept || accept(out))
                return 1;
        }
        double left = deadline - now_s();
        if (left <= 0)
            return 0;
        struct pollfd pfd = {.fd = ConnectionNumber(dpy), .events = POLLIN};
        XFlush(dpy);
        poll(&pfd, 1, (int)(left * 1000) + 1);
        /* pull whatever arrived into Xlib's queue */
        XEventsQueued(dpy, QueuedAfterReading);
    }
}

static int configured_320x240(const XEvent *ev)
{
    return ev->xconfigure.width == 320 && ev->xconfigure.height == 240;
}

/* One 8-bit channel out of a pixel, using the visual's mask. */
static int channel(unsigned long pixel, unsigned long mask)
{
    if (!mask)
        return 0;
    int shift = 0, bits = 0;
    while (!((mask >> shift) & 1))
        shift++;
    while ((mask >> (shift + bits)) & 1)
        bits++;
    unsigned long v = (pixel & mask) >> shift;
    unsigned long max = (1ul << bits) - 1;
    return (int)((v * 255 + max / 2) / max);
}

static int close_to(int a, int b)
{
    return a - b <= 1 && b - a <= 1;
}

/* Checks pixels (x, y) (X coordinates, top-left origin) of the window as the
 * X server has them. */
static void check_x_pixels(Display *dpy, Window win, const Visual *vis, int w, int h,
                           const int (*pts)[2], int npts, const int want[3], const char *what)
{
    XImage *img = XGetImage(dpy, win, 0, 0, w, h, AllPlanes, ZPixmap);
    if (!img) {
        fail("%s: XGetImage of the %dx%d window returned NULL", what, w, h);
        return;
    }
    for (int i = 0; i < npts; i++) {
        int x = pts[i][0], y = pts[i][1];
        unsigned long p = XGetPixel(img, x, y);
        int r = channel(p, vis->red_mask), g = channel(p, vis->green_mask),
            b = channel(p, vis->blue_mask);
        if (!close_to(r, want[0]) || !close_to(g, want[1]) || !close_to(b, want[2]))
            fail("%s: X server pixel (%d,%d) of %dx%d window = (%d,%d,%d) [0x%06lx], "
                 "expected (%d,%d,%d) +-1",
                 what, x, y, w, h, r, g, b, p, want[0], want[1], want[2]);
    }
    XDestroyImage(img);
}

/* Same points through glReadPixels of the front buffer (GL origin is the
 * bottom-left corner, hence h - 1 - y). */
static void check_gl_front(int h, const int (*pts)[2], int npts, const int want[3],
                           const char *what)
{
    glReadBuffer(GL_FRONT);
    for (int i = 0; i < npts; i++) {
        unsigned char px[4] = {0, 0, 0, 0};
        int x = pts[i][0], y = pts[i][1];
        glReadPixels(x, h - 1 - y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
        if (!close_to(px[0], want[0]) || !close_to(px[1], want[1]) ||
            !close_to(px[2], want[2]))
            fail("%s: glReadPixels(GL_FRONT) at X (%d,%d) = (%d,%d,%d,%d), expected "
                 "(%d,%d,%d) +-1",
                 what, x, y, px[0], px[1], px[2], px[3], want[0], want[1], want[2]);
    }
    GLenum err = glGetError();
    if (err != GL_NO_ERROR)
        fail("%s: glGetError() = 0x%04x after glReadPixels", what, err);
}

static int finish(void)
{
    if (failures) {
        printf("FAIL\n");
        return 1;
    }
    printf("PASS\n");
    return 0;
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    XSetErrorHandler(on_x_error);

    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        fail("cannot open display '%s'", getenv("DISPLAY") ? getenv("DISPLAY") : "(unset)");
        return finish();
    }
    int err_base, ev_base;
    if (!glXQueryExtension(dpy, &err_base, &ev_base)) {
        fail("glXQueryExtension returned False");
        return finish();
    }

    int attribs[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, GLX_GREEN_SIZE, 8,
                     GLX_BLUE_SIZE, 8, None};
    XVisualInfo *vi = glXChooseVisual(dpy, DefaultScreen(dpy), attribs);
    if (!vi) {
        fail("glXChooseVisual(RGBA, DOUBLEBUFFER, RGB 8/8/8) returned NULL");
        return finish();
    }
    printf("# visual 0x%lx depth %d class %d masks %06lx/%06lx/%06lx\n", vi->visualid,
           vi->depth, vi->class, vi->red_mask, vi->green_mask, vi->blue_mask);

    Window root = RootWindow(dpy, vi->screen);
    XSetWindowAttributes swa = {0};
    swa.colormap = XCreateColormap(dpy, root, vi->visual, AllocNone);
    swa.background_pixel = 0;
    swa.border_pixel = 0;
    swa.event_mask = StructureNotifyMask | ExposureMask;
    Window win = XCreateWindow(dpy, root, 0, 0, 200, 150, 0, vi->depth, InputOutput,
                               vi->visual, CWColormap | CWBackPixel | CWBorderPixel | CWEventMask,
                               &swa);
    XStoreName(dpy, win, "clear_readback");
    XMapWindow(dpy, win);
    XEvent ev;
    if (!wait_event(dpy, win, MapNotify, &ev, NULL, 10.0)) {
        fail("no MapNotify within 10 s of XMapWindow");
        return finish();
    }
    if (!wait_event(dpy, win, Expose, &ev, NULL, 10.0)) {
        fail("no Expose within 10 s of MapNotify");
        return finish();
    }

    GLXContext ctx = glXCreateContext(dpy, vi, NULL, True);
    if (!ctx) {
        fail("glXCreateContext(direct=True) returned NULL");
        return finish();
    }
    if (!glXMakeCurrent(dpy, win, ctx)) {
        fail("glXMakeCurrent(window, ctx) returned False");
        return finish();
    }
    const char *renderer = (const char *)glGetString(GL_RENDERER);
    if (!renderer) {
        fail("glGetString(GL_RENDERER) returned NULL with a current context");
        renderer = "";
    }
    printf("# direct %s, GL_VENDOR %s, GL_RENDERER %s, GL_VERSION %s\n",
           glXIsDirect(dpy, ctx) ? "yes" : "no", (const char *)glGetString(GL_VENDOR),
           renderer, (const char *)glGetString(GL_VERSION));

    /* 1. clear 200x150 to (0.2, 0.4, 0.6) = (51, 102, 153) */
    glViewport(0, 0, 200, 150);
    glClearColor(0.2f, 0.4f, 0.6f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glXSwapBuffers(dpy, win);
    glFinish();
    GLenum gl_err = glGetError();
    if (gl_err != GL_NO_ERROR)
        fail("glGetError() = 0x%04x after clear + swap", gl_err);
    XSync(dpy, False);
    {
        const int want[3] = {51, 102, 153};
        const int pts[][2] = {{100, 75}, {0, 0}, {199, 0}, {0, 149}, {199, 149}};
        check_x_pixels(dpy, win, vi->visual, 200, 150, pts, 5, want, "200x150 clear");
    }

    /* 2. resize to 320x240, clear to red */
    XResizeWindow(dpy, win, 320, 240);
    XSync(dpy, False);
    if (!wait_event(dpy, win, ConfigureNotify, &ev, configured_320x240, 10.0)) {
        fail("no ConfigureNotify to 320x240 within 10 s of XResizeWindow");
        return finish();
    }
    glViewport(0, 0, 320, 240);
    glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glXSwapBuffers(dpy, win);
    glFinish();
    gl_err = glGetError();
    if (gl_err != GL_NO_ERROR)
        fail("glGetError() = 0x%04x after resize + clear + swap", gl_err);
    XSync(dpy, False);
    {
        const int want[3] = {255, 0, 0};
        const int pts[][2] = {{310, 230}, {319, 239}, {160, 120}, {0, 0}, {319, 0}, {0, 239}};
        check_x_pixels(dpy, win, vi->visual, 320, 240, pts, 6, want, "320x240 clear");
        if (strncmp(renderer, "llvmpipe", 8) == 0)
            printf("# skipped glReadPixels(GL_FRONT): llvmpipe's front buffer is not "
                   "updated by glXSwapBuffers (Mesa behaviour)\n");
        else
            check_gl_front(240, pts, 6, want, "320x240 clear");
    }

    glXMakeCurrent(dpy, None, NULL);
    glXDestroyContext(dpy, ctx);
    XDestroyWindow(dpy, win);
    XFree(vi);
    XSync(dpy, False);
    XCloseDisplay(dpy);
    if (x_errors)
        printf("# %d X error(s)\n", x_errors);
    return finish();
}
