/*
 * egl_wayland.c: EGL on the Wayland platform (EGL_KHR_platform_wayland),
 * against a running compositor ($WAYLAND_DISPLAY; the test starts weston's
 * headless backend). Prints "PASS" or FAIL lines.
 *
 * Displays (eglGetPlatformDisplay and eglGetDisplay on the same wl_display
 * give one EGLDisplay), configs (windows; with the argument "oxgl" also the
 * DRM fourcc as EGL_NATIVE_VISUAL_ID, which Mesa 22.3 leaves 0), window
 * surfaces on a wl_egl_window (no window: EGL_BAD_NATIVE_WINDOW; a second
 * surface on one window: EGL_BAD_ALLOC), frames cleared to a colour and
 * read back, swapped, the attached size libwayland-egl reports, resizes
 * (seen by the storage at glViewport, and by the next swap without it;
 * with "oxgl" also by eglQuerySurface at once), an ARGB config, pbuffers and surfaceless
 * contexts on the Wayland display, and a swap after the application
 * destroyed the wl_egl_window (EGL_BAD_NATIVE_WINDOW).
 *
 * The wl_surface has no role (no shell), so the compositor never shows it
 * and never sends it frame callbacks: frames are swapped with interval 0.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include <wayland-egl.h>

#include "egl_check.h"

static struct wl_compositor *compositor;

static void global(void *data, struct wl_registry *registry, uint32_t name,
                   const char *interface, uint32_t version)
{
    if (strcmp(interface, "wl_compositor") == 0)
        compositor = wl_registry_bind(registry, name, &wl_compositor_interface,
                                      version < 4 ? version : 4);
}

static void global_remove(void *data, struct wl_registry *registry,
                          uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = {global,
                                                              global_remove};

#define GL_OK()                                                                \
    do {                                                                       \
        GLenum e_ = glGetError();                                              \
        CHECK(e_ == GL_NO_ERROR, "GL error 0x%x", e_);                         \
    } while (0)

/* Clears to (r, g, b) and checks the pixel at (x, y). */
static void clear_and_probe(float r, float g, float b, int x, int y)
{
    glClearColor(r, g, b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    unsigned char px[4] = {0};
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    GL_OK();
    unsigned char want[3] = {(unsigned char)(r * 255 + 0.5f),
                             (unsigned char)(g * 255 + 0.5f),
                             (unsigned char)(b * 255 + 0.5f)};
    CHECK(px[0] == want[0] && px[1] == want[1] && px[2] == want[2],
          "pixel (%d,%d) = %d,%d,%d, expected %d,%d,%d", x, y, px[0], px[1],
          px[2], want[0], want[1], want[2]);
}

static EGLint query(EGLDisplay dpy, EGLSurface s, EGLint attr)
{
    EGLint v = -1;
    EXPECT_EGL_OK(eglQuerySurface(dpy, s, attr, &v));
    return v;
}

int main(int argc, char **argv)
{
    int oxgl = argc > 1 && strcmp(argv[1], "oxgl") == 0;
    struct wl_display *wl = wl_display_connect(NULL);
    if (!wl) {
        printf("FAIL: no Wayland compositor\n");
        return 1;
    }
    struct wl_registry *registry = wl_display_get_registry(wl);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(wl);
    CHECK(compositor != NULL, "no wl_compositor");
    if (!compositor)
        return 1;

    const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    CHECK(has_word(client, "EGL_KHR_platform_wayland") &&
              has_word(client, "EGL_EXT_platform_wayland"),
          "client extensions: %s", client);

    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR, wl, NULL);
    CHECK(dpy != EGL_NO_DISPLAY, "eglGetPlatformDisplay: 0x%x", eglGetError());
    CHECK(eglGetDisplay((EGLNativeDisplayType)wl) == dpy,
          "eglGetDisplay(wl_display) is another display");
    EGLAttrib attrs_bad[] = {EGL_PLATFORM_X11_SCREEN_KHR, 0, EGL_NONE};
    EXPECT_EGL_ERROR(eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_EXT, wl,
                                           attrs_bad),
                     EGL_BAD_ATTRIBUTE);
    EXPECT_EGL_OK(eglInitialize(dpy, NULL, NULL));
    const char *vendor = eglQueryString(dpy, EGL_VENDOR);
    printf("vendor %s\n", vendor);
    if (oxgl)
        CHECK(strcmp(vendor, "oxgl") == 0, "vendor %s", vendor);

    EGLConfig all[64];
    EGLint n = 0;
    EXPECT_EGL_OK(eglGetConfigs(dpy, all, 64, &n));
    CHECK(n > 0, "no configs");
    for (int i = 0; i < n; i++) {
        EGLint type = 0, vis = -1, alpha = 0;
        eglGetConfigAttrib(dpy, all[i], EGL_SURFACE_TYPE, &type);
        eglGetConfigAttrib(dpy, all[i], EGL_NATIVE_VISUAL_ID, &vis);
        eglGetConfigAttrib(dpy, all[i], EGL_ALPHA_SIZE, &alpha);
        CHECK(type & EGL_WINDOW_BIT, "config %d: no windows", i);
        if (oxgl) {
            EGLint want = alpha ? 0x34325241 /* AR24 */ : 0x34325258 /* XR24 */;
            CHECK(vis == want, "config %d: visual 0x%x, expected 0x%x", i, vis,
                  want);
            CHECK(type & EGL_PBUFFER_BIT, "config %d: no pbuffers", i);
        }
    }

    EGLint want[] = {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RED_SIZE, 8,
                     EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE};
    EGLConfig cfg;
    EXPECT_EGL_OK(eglChooseConfig(dpy, want, &cfg, 1, &n));
    CHECK(n == 1, "eglChooseConfig: %d configs", n);
    EGLint want_alpha[] = {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_ALPHA_SIZE, 8,
                           EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE};
    EGLConfig cfg_alpha;
    EXPECT_EGL_OK(eglChooseConfig(dpy, want_alpha, &cfg_alpha, 1, &n));
    CHECK(n == 1, "eglChooseConfig (alpha): %d configs", n);

    /* No window; no pixmaps on Wayland. */
    EXPECT_EGL_ERROR(eglCreateWindowSurface(dpy, cfg, 0, NULL),
                     EGL_BAD_NATIVE_WINDOW);
    EXPECT_EGL_ERROR(eglCreatePlatformWindowSurface(dpy, cfg, NULL, NULL),
                     EGL_BAD_NATIVE_WINDOW);

    struct wl_surface *surface = wl_compositor_create_surface(compositor);
    struct wl_egl_window *win = wl_egl_window_create(surface, 64, 48);
    EGLSurface s = eglCreatePlatformWindowSurface(dpy, cfg, win, NULL);
    CHECK(s != EGL_NO_SURFACE, "eglCreatePlatformWindowSurface: 0x%x",
          eglGetError());
    EXPECT_EGL_ERROR(
        eglCreateWindowSurface(dpy, cfg, (EGLNativeWindowType)win, NULL),
        EGL_BAD_ALLOC);
    CHECK(query(dpy, s, EGL_WIDTH) == 64 && query(dpy, s, EGL_HEIGHT) == 48,
          "size %dx%d", query(dpy, s, EGL_WIDTH), query(dpy, s, EGL_HEIGHT));

    EXPECT_EGL_OK(eglBindAPI(EGL_OPENGL_ES_API));
    EGLint ctx_attrs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctx_attrs);
    CHECK(ctx != EGL_NO_CONTEXT, "eglCreateContext: 0x%x", eglGetError());
    EXPECT_EGL_OK(eglMakeCurrent(dpy, s, s, ctx));
    EXPECT_EGL_OK(eglSwapInterval(dpy, 0));

    for (int i = 0; i < 5; i++) {
        clear_and_probe(i & 1 ? 1.0f : 0.0f, 0.5f, i & 2 ? 1.0f : 0.0f, 63, 47);
        EXPECT_EGL_OK(eglSwapBuffers(dpy, s));
    }
    int aw = 0, ah = 0;
    wl_egl_window_get_attached_size(win, &aw, &ah);
    CHECK(aw == 64 && ah == 48, "attached %dx%d", aw, ah);

    /* A resize: eglQuerySurface sees it at once (oxgl; Mesa 22.3's
     * software path reports the old size until the next frame), the storage
     * at glViewport. */
    wl_egl_window_resize(win, 100, 80, 0, 0);
    if (oxgl)
        CHECK(query(dpy, s, EGL_WIDTH) == 100 &&
                  query(dpy, s, EGL_HEIGHT) == 80,
              "after resize: %dx%d", query(dpy, s, EGL_WIDTH),
              query(dpy, s, EGL_HEIGHT));
    glViewport(0, 0, 100, 80);
    clear_and_probe(0.0f, 0.0f, 1.0f, 99, 79);
    EXPECT_EGL_OK(eglSwapBuffers(dpy, s));
    wl_egl_window_get_attached_size(win, &aw, &ah);
    CHECK(aw == 100 && ah == 80, "attached after resize %dx%d", aw, ah);

    /* A resize the application tells GL nothing about: the next swap. */
    wl_egl_window_resize(win, 120, 90, 0, 0);
    for (int i = 0; i < 2; i++) {
        glClearColor(1, 1, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        EXPECT_EGL_OK(eglSwapBuffers(dpy, s));
    }
    wl_egl_window_get_attached_size(win, &aw, &ah);
    CHECK(aw == 120 && ah == 90, "attached after a second resize %dx%d", aw,
          ah);
    clear_and_probe(0.0f, 1.0f, 0.0f, 119, 89);
    GL_OK();

    /* An ARGB window. */
    struct wl_surface *surface2 = wl_compositor_create_surface(compositor);
    struct wl_egl_window *win2 = wl_egl_window_create(surface2, 32, 32);
    EGLSurface s2 = eglCreateWindowSurface(dpy, cfg_alpha,
                                           (EGLNativeWindowType)win2, NULL);
    CHECK(s2 != EGL_NO_SURFACE, "ARGB window: 0x%x", eglGetError());
    EGLContext ctx2 = eglCreateContext(dpy, cfg_alpha, EGL_NO_CONTEXT, ctx_attrs);
    EXPECT_EGL_OK(eglMakeCurrent(dpy, s2, s2, ctx2));
    EXPECT_EGL_OK(eglSwapInterval(dpy, 0));
    for (int i = 0; i < 3; i++) {
        clear_and_probe(0.25f * i, 0.0f, 1.0f, 16, 16);
        EXPECT_EGL_OK(eglSwapBuffers(dpy, s2));
    }
    /* The application destroys the window first: the swap fails. */
    wl_egl_window_destroy(win2);
    glClear(GL_COLOR_BUFFER_BIT);
    EXPECT_EGL_ERROR(eglSwapBuffers(dpy, s2), EGL_BAD_NATIVE_WINDOW);
    EXPECT_EGL_OK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE,
                                 EGL_NO_CONTEXT));
    EXPECT_EGL_OK(eglDestroySurface(dpy, s2));
    EXPECT_EGL_OK(eglDestroyContext(dpy, ctx2));
    wl_surface_destroy(surface2);

    /* Pbuffers and surfaceless contexts on the Wayland display. */
    EGLint pb_want[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                        EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE};
    EGLConfig pb_cfg;
    n = 0;
    eglChooseConfig(dpy, pb_want, &pb_cfg, 1, &n);
    if (n == 1) {
        EGLint pb_attrs[] = {EGL_WIDTH, 16, EGL_HEIGHT, 8, EGL_NONE};
        EGLSurface pb = eglCreatePbufferSurface(dpy, pb_cfg, pb_attrs);
        CHECK(pb != EGL_NO_SURFACE, "pbuffer: 0x%x", eglGetError());
        EGLContext pctx =
            eglCreateContext(dpy, pb_cfg, EGL_NO_CONTEXT, ctx_attrs);
        EXPECT_EGL_OK(eglMakeCurrent(dpy, pb, pb, pctx));
        clear_and_probe(1.0f, 0.0f, 1.0f, 15, 7);
        EXPECT_EGL_OK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE,
                                     EGL_NO_CONTEXT));
        EXPECT_EGL_OK(eglDestroySurface(dpy, pb));
        EXPECT_EGL_OK(eglDestroyContext(dpy, pctx));
    } else {
        CHECK(!oxgl, "no pbuffer config");
    }
    EXPECT_EGL_OK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
    const GLubyte *version = glGetString(GL_VERSION);
    CHECK(version != NULL, "surfaceless: no GL_VERSION");
    GL_OK();

    /* Back to the window: still swaps; then everything goes. */
    EXPECT_EGL_OK(eglMakeCurrent(dpy, s, s, ctx));
    clear_and_probe(1.0f, 0.0f, 0.0f, 0, 0);
    EXPECT_EGL_OK(eglSwapBuffers(dpy, s));
    EXPECT_EGL_OK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE,
                                 EGL_NO_CONTEXT));
    EXPECT_EGL_OK(eglDestroySurface(dpy, s));
    /* The window is free again for a new surface. */
    EGLSurface s3 = eglCreateWindowSurface(dpy, cfg, (EGLNativeWindowType)win,
                                           NULL);
    CHECK(s3 != EGL_NO_SURFACE, "surface on a freed window: 0x%x",
          eglGetError());
    EXPECT_EGL_OK(eglDestroySurface(dpy, s3));
    EXPECT_EGL_OK(eglDestroyContext(dpy, ctx));
    EXPECT_EGL_OK(eglTerminate(dpy));
    wl_egl_window_destroy(win);
    wl_surface_destroy(surface);
    wl_compositor_destroy(compositor);
    wl_registry_destroy(registry);
    wl_display_disconnect(wl);

    if (failures == 0)
        printf("PASS\n");
    return failures ? 1 : 0;
}
