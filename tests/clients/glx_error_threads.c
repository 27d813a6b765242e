/*
 * glx_error_threads.c: GLX errors raised in one thread while another
 * thread's Xlib requests fail. The application's error handler must see
 * every error from both; Xlib's default handler (which exits) must never
 * be the one called. (oxgl once learned the current handler by swapping
 * handlers with XSetErrorHandler, leaving the default one installed for a
 * moment; found by the GL API fuzzer.)
 *
 * Thread A: glXMakeCurrent with a drawable that does not exist (a GLX
 * error, delivered by the GL library). Thread B: XGetGeometry of a window
 * that does not exist (a core error, delivered by Xlib). Also
 * glXQueryContext's GLX_VISUAL_ID_EXT and GLX_SCREEN_EXT.
 */
#include "common.h"

#include <pthread.h>

#define ROUNDS 3000

static volatile int errors;
static Display *dpy;
static GLXContext ctx;

static int handler(Display *d, XErrorEvent *e)
{
    (void)d;
    (void)e;
    __sync_fetch_and_add(&errors, 1);
    return 0;
}

static void *glx_thread(void *arg)
{
    (void)arg;
    for (int i = 0; i < ROUNDS; i++)
        glXMakeCurrent(dpy, (GLXDrawable)0x1234567, ctx);
    return NULL;
}

static void *x_thread(void *arg)
{
    (void)arg;
    Window root;
    int x, y;
    unsigned w, h, b, depth;
    for (int i = 0; i < ROUNDS; i++)
        XGetGeometry(dpy, (Drawable)0x1234568, &root, &x, &y, &w, &h, &b, &depth);
    return NULL;
}

int main(void)
{
    XInitThreads();
    dpy = XOpenDisplay(NULL);
    if (!dpy) {
        printf("FAIL: cannot open display\n");
        return 1;
    }
    static const int attribs[] = { GLX_RGBA, None };
    XVisualInfo *vis = glXChooseVisual(dpy, DefaultScreen(dpy), (int *)attribs);
    if (!vis) {
        printf("FAIL: no visual\n");
        return 1;
    }
    ctx = glXCreateContext(dpy, vis, NULL, True);
    CHECK(ctx != NULL, "no context");
    /* GLX_VISUAL_ID_EXT and GLX_SCREEN_EXT (GLX_EXT_import_context's
     * names, which glXQueryContext answers on Mesa too). */
    int value = -1;
    CHECK(glXQueryContext(dpy, ctx, 0x800B, &value) == Success && value == (int)vis->visualid,
          "GLX_VISUAL_ID_EXT is 0x%x, the visual 0x%lx", value, vis->visualid);
    CHECK(glXQueryContext(dpy, ctx, 0x800C, &value) == Success && value == vis->screen,
          "GLX_SCREEN_EXT is %d, the screen %d", value, vis->screen);
    XSetErrorHandler(handler);
    pthread_t a, b;
    pthread_create(&a, NULL, glx_thread, NULL);
    pthread_create(&b, NULL, x_thread, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    XSync(dpy, False);
    /* Every failed XGetGeometry reported its error to the handler (and
     * the process is still here). glXMakeCurrent's count differs: Mesa
     * reports the bad drawable once, through the server; oxgl every time. */
    CHECK(errors >= ROUNDS, "%d errors reached the handler, expected at least %d", errors,
          ROUNDS);
    glXDestroyContext(dpy, ctx);
    XFree(vis);
    XCloseDisplay(dpy);
    if (failures)
        return 1;
    printf("PASS\n");
    return 0;
}
