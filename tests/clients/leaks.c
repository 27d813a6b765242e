/*
 * leaks.c: what repeated work leaves behind. Resident memory (RSS, after
 * malloc_trim) is measured before and after
 *   - CONTEXTS cycles of glXCreateContext / glXMakeCurrent / draw /
 *     release / glXDestroyContext, and
 *   - TEXTURES cycles of glGenTextures / glTexImage2D (256x256 RGBA8) /
 *     a textured quad / glDeleteTextures,
 * and each may grow by at most LIMIT_KB. It also reports what one 256x256
 * RGBA8 texture costs once uploaded and drawn (the mean over 16 of them),
 * as a line "texture-resident-bytes: N".
 *
 * Usage: leaks [CONTEXTS [TEXTURES [LIMIT_KB]]]   (defaults 20000 10000 4096)
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"

#include <malloc.h>
#include <string.h>
#include <unistd.h>

/* Resident bytes of this process after returning free heap to the system. */
static long resident(void)
{
    malloc_trim(0);
    long pages = 0, rss = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f || fscanf(f, "%ld %ld", &pages, &rss) != 2) {
        printf("FAIL: cannot read /proc/self/statm\n");
        exit(1);
    }
    fclose(f);
    return rss * sysconf(_SC_PAGESIZE);
}

/* A quad over the window sampling the bound texture (one texel: the
 * backend still keeps its copy of the whole texture). */
static void textured_quad(void)
{
    glEnable(GL_TEXTURE_2D);
    unit_quad();
    glDisable(GL_TEXTURE_2D);
}

static GLuint upload(const unsigned char *pixels)
{
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 256, 256, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    return tex;
}

int main(int argc, char **argv)
{
    int contexts = argc > 1 ? atoi(argv[1]) : 20000;
    int textures = argc > 2 ? atoi(argv[2]) : 10000;
    long limit = (argc > 3 ? atol(argv[3]) : 4096) * 1024;
    struct test_window t = open_test_window();
    unsigned char *pixels = malloc(256 * 256 * 4);
    for (int i = 0; i < 256 * 256 * 4; i++)
        pixels[i] = (unsigned char)(i * 7);

    /* Warm up: first-use allocations (shader caches, worker threads, the
     * present path) are not leaks. */
    for (int i = 0; i < 20; i++) {
        GLuint tex = upload(pixels);
        textured_quad();
        glFinish();
        glDeleteTextures(1, &tex);
    }
    glXSwapBuffers(t.dpy, t.win);

    /* What one 256x256 RGBA8 texture costs, uploaded and drawn. */
    enum { N = 16 };
    GLuint held[N];
    long before = resident();
    for (int i = 0; i < N; i++) {
        held[i] = upload(pixels);
        textured_quad();
    }
    glXSwapBuffers(t.dpy, t.win);
    glFinish();
    long after = resident();
    printf("texture-resident-bytes: %ld\n", (after - before) / N);
    glDeleteTextures(N, held);

    /* Context cycles. */
    glXMakeCurrent(t.dpy, None, NULL);
    before = resident();
    for (int i = 0; i < contexts; i++) {
        GLXContext c = glXCreateContext(t.dpy, t.vis, NULL, True);
        if (!c || !glXMakeCurrent(t.dpy, t.win, c)) {
            CHECK(0, "context cycle %d: no current context", i);
            break;
        }
        glClear(GL_COLOR_BUFFER_BIT);
        glFinish();
        glXMakeCurrent(t.dpy, None, NULL);
        glXDestroyContext(t.dpy, c);
    }
    after = resident();
    printf("contexts: %d cycles, resident %+ld kB\n", contexts, (after - before) / 1024);
    CHECK(after - before <= limit, "%d context cycles grew resident memory by %ld kB", contexts,
          (after - before) / 1024);

    /* Texture cycles. */
    glXMakeCurrent(t.dpy, t.win, t.ctx);
    before = resident();
    for (int i = 0; i < textures; i++) {
        GLuint tex = upload(pixels);
        textured_quad();
        glDeleteTextures(1, &tex);
        if (i % 256 == 255)
            glFinish();
    }
    glFinish();
    /* Storage still referenced by queued draws may be freed only once the
     * frame is done. */
    glXSwapBuffers(t.dpy, t.win);
    glFinish();
    after = resident();
    printf("textures: %d cycles, resident %+ld kB\n", textures, (after - before) / 1024);
    CHECK(after - before <= limit, "%d texture cycles grew resident memory by %ld kB", textures,
          (after - before) / 1024);
    CHECK(glGetError() == GL_NO_ERROR, "GL error after the cycles");

    free(pixels);
    return close_test_window(&t);
}
