/*
 * egl_platform_env.c: which platform eglGetDisplay(EGL_DEFAULT_DISPLAY)
 * picks (Mesa's EGL_PLATFORM variable decides; without it, X11 on
 * $DISPLAY). Prints one line: "no display: 0x<error>", "initialize failed:
 * 0x<error>", or "display: N configs, M with windows, vendor V".
 */
#include <EGL/egl.h>
#include <stdio.h>

int main(void)
{
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
