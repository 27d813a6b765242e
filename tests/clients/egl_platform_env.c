/*
 * egl_platform_env.c: which platform eglGetDisplay(EGL_DEFAULT_DISPLAY)
 * picks (Mesa's EGL_PLATFORM variable decides; without it, X11 on
 * $DISPLAY). Prints one line: "no display: 0x<error>", "initialize failed:
 * 0x<error>", or "display: N configs, M with windows, vendor V".
 *
 * With the argument "close": initializes EGL on an Xlib Display, closes the
 * Display without eglTerminate, and prints "after XCloseDisplay: ok" or
 * "after XCloseDisplay: 0x<error>" for eglGetConfigs on that EGLDisplay
 * (oxgl: EGL_NOT_INITIALIZED, never a crash; not asked of Mesa).
 */
#include <EGL/egl.h>
#include <X11/Xlib.h>
#include <stdio.h>
#include <string.h>

static int after_close(void)
{
    Display *x = XOpenDisplay(NULL);
    if (!x) {
        printf("no X display\n");
        return 1;
    }
    EGLDisplay dpy = eglGetDisplay((EGLNativeDisplayType)x);
    if (!dpy || !eglInitialize(dpy, NULL, NULL)) {
        printf("initialize failed: 0x%x\n", eglGetError());
        return 1;
    }
    XCloseDisplay(x);
    EGLint n = 0;
    if (eglGetConfigs(dpy, NULL, 0, &n))
        printf("after XCloseDisplay: ok\n");
    else
        printf("after XCloseDisplay: 0x%x\n", eglGetError());
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "close") == 0)
        return after_close();
    EGLDisplay dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
    if (dpy == EGL_NO_DISPLAY) {
        printf("no display: 0x%x\n", eglGetError());
        return 0;
    }
    if (!eglInitialize(dpy, NULL, NULL)) {
        printf("initialize failed: 0x%x\n", eglGetError());
        return 0;
    }
    EGLConfig configs[256];
    EGLint n = 0, windows = 0;
    eglGetConfigs(dpy, configs, 256, &n);
    for (int i = 0; i < n; i++) {
        EGLint type = 0;
        eglGetConfigAttrib(dpy, configs[i], EGL_SURFACE_TYPE, &type);
        windows += (type & EGL_WINDOW_BIT) != 0;
    }
    printf("display: %d configs, %d with windows, vendor %s\n", n, windows,
           eglQueryString(dpy, EGL_VENDOR));
    eglTerminate(dpy);
    return 0;
}
