/*
 * es_check.h: what the OpenGL ES test clients (gles2.c, gles3.c) share on
 * top of egl_check.h: EXPECT_GL_ERROR, a shader compile that keeps the log,
 * and a pixel probe with a tolerance of 2. Include after the GLES header.
 */
#ifndef OXGL_TEST_ES_CHECK_H
#define OXGL_TEST_ES_CHECK_H

#include <stdlib.h>

#include "egl_check.h"

#define EXPECT_GL_ERROR(want, what)                                            \
    do {                                                                       \
        GLenum got_ = glGetError();                                            \
        CHECK(got_ == (want), "%s: GL error 0x%x, expected 0x%x", what, got_, \
              (want));                                                         \
    } while (0)

/* Compiles one shader; returns it, or 0 after copying its log to `log`. */
static GLuint compile(GLenum kind, const char *src, char *log, size_t log_size)
{
    GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (log)
        glGetShaderInfoLog(s, (GLsizei)log_size, NULL, log);
    if (!ok) {
        glDeleteShader(s);
        return 0;
    }
    return s;
}

/* Checks the RGB of pixel (x, y) within 2. */
__attribute__((unused)) static void check_pixel(int x, int y, int r, int g, int b, const char *what)
{
    unsigned char p[4] = { 0 };
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
    int ok = abs(p[0] - r) <= 2 && abs(p[1] - g) <= 2 && abs(p[2] - b) <= 2;
    CHECK(ok, "%s: pixel (%d,%d) = %d %d %d, expected %d %d %d", what, x, y, p[0], p[1], p[2],
          r, g, b);
}

#endif
