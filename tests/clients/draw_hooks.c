/*
 * draw_hooks.c: the smallest GL program that reaches every backend hook the
 * loader test watches: a window, a context, a clear, one red triangle
 * (checked with glReadPixels), a swap. Prints GL_RENDERER (which names the
 * backend) and PASS.
 *
 * Used by tests/tests/loader_backend.rs with a fake PCI device
 * (OXGL_SYSFS_ROOT) and a recording test backend on LIBGL_DRIVERS_PATH.
 */
#include <GL/gl.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <stdio.h>

int main(void)
{
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        printf("FAIL: cannot open display\n");
        return 1;
    }
    int attribs[] = { GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, None };
    XVisualInfo *vis = glXChooseVisual(dpy, DefaultScreen(dpy), attribs);
    if (!vis) {
        printf("FAIL: no visual\n");
        return 1;
    }
    Window root = RootWindow(dpy, vis->screen);
    XSetWindowAttributes swa = { 0 };
    swa.colormap = XCreateColormap(dpy, root, vis->visual, AllocNone);
    Window win = XCreateWindow(dpy, root, 0, 0, 64, 64, 0, vis->depth, InputOutput,
                               vis->visual, CWColormap, &swa);
    GLXContext ctx = glXCreateContext(dpy, vis, NULL, True);
    if (!ctx || !glXMakeCurrent(dpy, win, ctx)) {
        printf("FAIL: no context\n");
        return 1;
    }
    glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor3f(1.0f, 0.0f, 0.0f);
    glBegin(GL_TRIANGLES);
    glVertex2f(-1.0f, -1.0f);
    glVertex2f(3.0f, -1.0f);
    glVertex2f(-1.0f, 3.0f);
    glEnd();
    glFinish();
    unsigned char px[4] = { 0 };
    glReadPixels(32, 32, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    glXSwapBuffers(dpy, win);
    glFinish();
    if (px[0] != 255 || px[1] != 0 || px[2] != 0) {
        printf("FAIL: the triangle was not drawn: %d %d %d\n", px[0], px[1], px[2]);
        return 1;
    }
    printf("renderer: %s\n", (const char *)glGetString(GL_RENDERER));
    GLenum err = glGetError();
    glXMakeCurrent(dpy, None, NULL);
    glXDestroyContext(dpy, ctx);
    XDestroyWindow(dpy, win);
    XFree(vis);
    XCloseDisplay(dpy);
    if (err != GL_NO_ERROR) {
        printf("FAIL: GL error 0x%x\n", err);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
