/*
 * probe.h: what the newer clients share on top of common.h — pixel probes
 * (pixel(), CHECK_RGBA with a tolerance per channel), has_extension() and
 * proc() (glXGetProcAddressARB, a FAIL when NULL). Include after common.h.
 * Header-only.
 */
#ifndef OXGL_TEST_PROBE_H
#define OXGL_TEST_PROBE_H

#include <string.h>

/* The colour at window pixel (x, y), read with glReadPixels. */
__attribute__((unused)) static GLubyte rgba[4];

__attribute__((unused)) static const GLubyte *pixel(int x, int y)
{
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    return rgba;
}

__attribute__((unused)) static int near(int a, int b, int tol)
{
    return a - b <= tol && b - a <= tol;
}

#define CHECK_RGBA(x, y, r, g, b, a, tol, what)                                           \
    do {                                                                                  \
        const GLubyte *p_ = pixel(x, y);                                                  \
        CHECK(near(p_[0], r, tol) && near(p_[1], g, tol) && near(p_[2], b, tol) &&        \
                  near(p_[3], a, tol),                                                    \
              "%s: pixel (%d,%d) = %d %d %d %d, expected %d %d %d %d", what, x, y, p_[0], \
              p_[1], p_[2], p_[3], r, g, b, a);                                           \
    } while (0)

__attribute__((unused)) static int has_extension(const char *name)
{
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    size_t n = strlen(name);
    for (const char *p = ext; p && (p = strstr(p, name)); p += n) {
        if ((p == ext || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return 1;
    }
    return 0;
}

__attribute__((unused)) static void *proc(const char *name)
{
    void *p = (void *)glXGetProcAddressARB((const GLubyte *)name);
    CHECK(p != NULL, "glXGetProcAddressARB(\"%s\") is NULL", name);
    return p;
}

/* A size x size RGBA window (8 bits a channel, alpha, double-buffered)
 * made current, with a viewport and an orthographic projection in window
 * pixels; prints GL_VERSION and GL_RENDERER. */
__attribute__((unused)) static struct test_window open_pixel_window(int size)
{
    static const int attribs[] = { GLX_RGBA,       GLX_DOUBLEBUFFER, GLX_RED_SIZE,  8,
                                   GLX_GREEN_SIZE, 8,                GLX_BLUE_SIZE, 8,
                                   GLX_ALPHA_SIZE, 8,                None };
    struct test_window t = open_window_with(attribs, size);
    glViewport(0, 0, size, size);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, size, 0, size, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    printf("GL_VERSION %s, GL_RENDERER %s\n", (const char *)glGetString(GL_VERSION),
           (const char *)glGetString(GL_RENDERER));
    return t;
}

#ifdef GL_TRANSFORM_FEEDBACK_BUFFER
/* A new buffer of `floats` floats, each `fill`, bound to
 * GL_TRANSFORM_FEEDBACK_BUFFER. */
__attribute__((unused)) static GLuint xfb_buffer_of(int floats, GLfloat fill)
{
    GLfloat data[64];
    for (int i = 0; i < 64; i++)
        data[i] = fill;
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, floats * sizeof(GLfloat), floats <= 64 ? data : NULL,
                 GL_STREAM_READ);
    return b;
}

/* Whether the first `n` (at most 64) floats of buffer `b` are `want`; the
 * first difference is printed. */
__attribute__((unused)) static int xfb_buffer_is(GLuint b, const GLfloat *want, int n)
{
    GLfloat got[64];
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
    glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, n * sizeof(GLfloat), got);
    for (int i = 0; i < n; i++) {
        if (got[i] != want[i]) {
            printf("  float %d: %g, expected %g\n", i, got[i], want[i]);
            return 0;
        }
    }
    return 1;
}
#endif

/* Every pixel of the size x size window's lower left corner is green (0,
 * 255, 0, any alpha): a FAIL naming how many are not and the first. */
#define CHECK_ALL_GREEN(size)                                                                  \
    do {                                                                                      \
        static GLubyte px_[(size) * (size) * 4];                                              \
        glReadPixels(0, 0, (size), (size), GL_RGBA, GL_UNSIGNED_BYTE, px_);                   \
        int bad_ = 0, first_ = -1;                                                            \
        for (int i_ = 0; i_ < (size) * (size); i_++) {                                        \
            if (px_[4 * i_] != 0 || px_[4 * i_ + 1] != 255 || px_[4 * i_ + 2] != 0) {         \
                bad_++;                                                                       \
                if (first_ < 0)                                                               \
                    first_ = i_;                                                              \
            }                                                                                 \
        }                                                                                     \
        CHECK(bad_ == 0, "%d pixels are not green; the first, (%d,%d), is %d %d %d", bad_,    \
              first_ % (size), first_ / (size), px_[4 * first_], px_[4 * first_ + 1],         \
              px_[4 * first_ + 2]);                                                           \
    } while (0)

#ifdef GL_VERTEX_ARRAY_BINDING
/* A vertex array object, bound, whose attribute 0 reads the `comps`-float
 * vertices `v` (`bytes` long) from a new buffer object (`*vbo`). */
__attribute__((unused)) static GLuint vertex_array_of(const GLfloat *v, GLsizeiptr bytes,
                                                      GLint comps, GLuint *vbo)
{
    GLuint vao;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, vbo);
    glBindBuffer(GL_ARRAY_BUFFER, *vbo);
    glBufferData(GL_ARRAY_BUFFER, bytes, v, GL_STATIC_DRAW);
    glVertexAttribPointer(0, comps, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(0);
    return vao;
}
#endif

/* A quad over the whole viewport under identity matrices. */
__attribute__((unused)) static void unit_quad(void)
{
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEnd();
}

#endif
