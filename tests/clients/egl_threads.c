/*
 * egl_threads.c: EGL contexts made current concurrently. On a surfaceless
 * display (EGL_PLATFORM_SURFACELESS_MESA), THREADS threads each render
 * ITERATIONS times into their own pbuffer with their own context (make
 * current, clear to the thread's colour, draw, read back, release); then
 * the EGL 1.5 §3.7.3 rules across threads: a context current in one thread
 * is EGL_BAD_ACCESS in another, as is a surface bound there; a released
 * context moves to another thread with its state; eglGetError is per
 * thread. Last, CYCLES pbuffer + context create/make-current/clear/release/
 * destroy cycles must end within 4 MiB of the resident memory after the
 * first 1,000 (after malloc_trim). Prints "FAIL ..." lines and "PASS".
 *
 * Also passes on Mesa llvmpipe: gcc -O2 -Wall -o egl_threads egl_threads.c
 * -lEGL -lGL -lpthread.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 4
#define ITERATIONS 200
#define CYCLES 5000

static atomic_int failures;

#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        if (!(cond)) {                                                         \
            printf("FAIL line %d: ", __LINE__);                                \
            printf(__VA_ARGS__);                                               \
            printf("\n");                                                      \
            atomic_fetch_add(&failures, 1);                                    \
        }                                                                      \
    } while (0)

static EGLDisplay dpy;
static EGLConfig cfg;
static EGLSurface surfaces[THREADS];
static EGLContext contexts[THREADS];

static void *worker(void *arg)
{
    int i = (int)(long)arg;
    float want[3] = { (i + 1) * 0.2f, 1.0f - i * 0.2f, 0.5f };
    eglBindAPI(EGL_OPENGL_API);
    for (int n = 0; n < ITERATIONS; n++) {
        if (!eglMakeCurrent(dpy, surfaces[i], surfaces[i], contexts[i])) {
            CHECK(0, "thread %d: eglMakeCurrent: 0x%x", i, eglGetError());
            return NULL;
        }
        if (eglGetCurrentContext() != contexts[i])
            CHECK(0, "thread %d: eglGetCurrentContext", i);
        glViewport(0, 0, 32, 32);
        glClearColor(want[0], want[1], want[2], 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        glColor3f(1, 1, 1);
        glBegin(GL_TRIANGLES);
        glVertex2f(-1, -1);
        glVertex2f(0, -1);
        glVertex2f(-1, 0);
        glEnd();
        GLubyte p[4], q[4];
        glReadPixels(24, 24, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
        glReadPixels(2, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, q);
        int r = (int)(want[0] * 255 + 0.5f), g = (int)(want[1] * 255 + 0.5f);
        if (abs(p[0] - r) > 1 || abs(p[1] - g) > 1 || q[0] != 255 || q[1] != 255) {
            CHECK(0, "thread %d iteration %d: clear %d %d (want %d %d), draw %d %d", i, n,
                  p[0], p[1], r, g, q[0], q[1]);
            break;
        }
        if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT))
            CHECK(0, "thread %d: release: 0x%x", i, eglGetError());
    }
    eglReleaseThread();
    return NULL;
}

/* Run in a second thread while the main thread has contexts[0] current on
 * surfaces[0]. */
static void *intruder(void *arg)
{
    (void)arg;
    eglBindAPI(EGL_OPENGL_API);
    EGLBoolean ok = eglMakeCurrent(dpy, surfaces[1], surfaces[1], contexts[0]);
    EGLint err = eglGetError();
    CHECK(!ok && err == EGL_BAD_ACCESS, "context current elsewhere: ok=%d error 0x%x", ok, err);
    ok = eglMakeCurrent(dpy, surfaces[0], surfaces[0], contexts[1]);
    err = eglGetError();
    CHECK(!ok && err == EGL_BAD_ACCESS, "surface bound elsewhere: ok=%d error 0x%x", ok, err);
    /* This thread's failure leaves an error here only. */
    eglBindAPI(0x1234);
    CHECK(eglGetError() == EGL_BAD_PARAMETER, "per-thread error");
    return NULL;
}

/* The context the main thread released: current here, with its state. */
static void *adopter(void *arg)
{
    (void)arg;
    eglBindAPI(EGL_OPENGL_API);
    EGLBoolean ok = eglMakeCurrent(dpy, surfaces[0], surfaces[0], contexts[0]);
    CHECK(ok, "adopting a released context: 0x%x", eglGetError());
    if (ok) {
        GLfloat c[4] = { 0 };
        glGetFloatv(GL_COLOR_CLEAR_VALUE, c);
        CHECK(c[0] > 0.69f && c[0] < 0.71f, "state did not follow the context: %f", c[0]);
        eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    }
    eglReleaseThread();
    return NULL;
}

static long resident_kb(void)
{
    malloc_trim(0);
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kb = 0;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0)
            sscanf(line + 6, "%ld", &kb);
    if (f)
        fclose(f);
    return kb;
}

/* Create, use and destroy a pbuffer and a context CYCLES times. */
static void cycles(void)
{
    const EGLint size[] = { EGL_WIDTH, 64, EGL_HEIGHT, 64, EGL_NONE };
    long base = 0;
    for (int i = 1; i <= CYCLES; i++) {
        EGLSurface s = eglCreatePbufferSurface(dpy, cfg, size);
        EGLContext c = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
        if (!s || !c || !eglMakeCurrent(dpy, s, s, c)) {
            CHECK(0, "cycle %d: 0x%x", i, eglGetError());
            return;
        }
        glClear(GL_COLOR_BUFFER_BIT);
        eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglDestroySurface(dpy, s);
        eglDestroyContext(dpy, c);
        if (i == 1000)
            base = resident_kb();
    }
    long end = resident_kb();
    printf("resident after 1000 cycles: %ld kB, after %d: %ld kB\n", base, CYCLES, end);
    CHECK(end - base <= 4096, "cycles leak: %ld kB more", end - base);
}

int main(void)
{
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    if (!get_platform_display) {
        printf("FAIL: no eglGetPlatformDisplayEXT\n");
        return 1;
    }
    dpy = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (!dpy || !eglInitialize(dpy, NULL, NULL)) {
        printf("FAIL: surfaceless display: 0x%x\n", eglGetError());
        return 1;
    }
    eglBindAPI(EGL_OPENGL_API);
    const EGLint attribs[] = { EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                               EGL_OPENGL_BIT, EGL_RED_SIZE, 8, EGL_NONE };
    EGLint n = 0;
    if (!eglChooseConfig(dpy, attribs, &cfg, 1, &n) || n != 1) {
        printf("FAIL: no config\n");
        return 1;
    }
    const EGLint size[] = { EGL_WIDTH, 32, EGL_HEIGHT, 32, EGL_NONE };
    for (int i = 0; i < THREADS; i++) {
        surfaces[i] = eglCreatePbufferSurface(dpy, cfg, size);
        contexts[i] = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
        if (!surfaces[i] || !contexts[i]) {
            printf("FAIL: surface/context %d: 0x%x\n", i, eglGetError());
            return 1;
        }
    }

    pthread_t t[THREADS];
    for (int i = 0; i < THREADS; i++)
        pthread_create(&t[i], NULL, worker, (void *)(long)i);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);

    /* Cross-thread rules. */
    CHECK(eglMakeCurrent(dpy, surfaces[0], surfaces[0], contexts[0]), "main make current");
    glClearColor(0.7f, 0, 0, 1);
    pthread_t x;
    pthread_create(&x, NULL, intruder, NULL);
    pthread_join(x, NULL);
    CHECK(eglGetError() == EGL_SUCCESS, "another thread's error leaked here");
    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), "release");
    pthread_create(&x, NULL, adopter, NULL);
    pthread_join(x, NULL);

    for (int i = 0; i < THREADS; i++) {
        eglDestroySurface(dpy, surfaces[i]);
        eglDestroyContext(dpy, contexts[i]);
    }
    cycles();
    eglTerminate(dpy);
    eglReleaseThread();
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("PASS (%d threads x %d iterations)\n", THREADS, ITERATIONS);
    return 0;
}
