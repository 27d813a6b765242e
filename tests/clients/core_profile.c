/*
 * core_profile.c: a GL 3.2 core-profile context from
 * glXCreateContextAttribsARB (forward-compatible), and what the core
 * profile removed.
 * - GL_CONTEXT_PROFILE_MASK is GL_CONTEXT_CORE_PROFILE_BIT and
 *   GL_CONTEXT_FLAGS has GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT;
 *   GL_VERSION is at least 3.2.
 * - Removed commands (glBegin, glMatrixMode, glNewList, glRasterPos2f)
 *   raise GL_INVALID_OPERATION and change nothing; glGetString(
 *   GL_EXTENSIONS) is GL_INVALID_ENUM while glGetStringi lists them.
 * - Drawing without a vertex array object bound is GL_INVALID_OPERATION;
 *   GL_QUADS is GL_INVALID_ENUM; glLineWidth(2) in a forward-compatible
 *   context is GL_INVALID_VALUE; glProvokingVertex, which 3.2 kept, works.
 * - A #version 140 program draws a triangle from a buffer object through
 *   a vertex array object, and its pixels read back.
 * On oxgl it runs under MESA_GL_VERSION_OVERRIDE=3.2 until core contexts
 * are reported by default (the Rust test sets it).
 * Passes on Mesa llvmpipe (cc -O1 -Wall -Itests/clients
 * tests/clients/core_profile.c -o core_profile -lGL -lX11 -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include <GL/glx.h>
#include <GL/glxext.h>
#include "common.h"
#include "program.h"
#include <GL/glext.h>
#include <string.h>

#define SIZE 32

static void checks(void)
{
    GLint mask = 0, flags = 0, major = 0, minor = 0;
    glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
    glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    expect_error(GL_NO_ERROR, "context queries");
    CHECK(mask == GL_CONTEXT_CORE_PROFILE_BIT, "GL_CONTEXT_PROFILE_MASK 0x%x", mask);
    CHECK(flags & GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT, "GL_CONTEXT_FLAGS 0x%x", flags);
    CHECK(major * 10 + minor >= 32, "version %d.%d", major, minor);

    glBegin(GL_TRIANGLES);
    expect_error(GL_INVALID_OPERATION, "glBegin in a core context");
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glEnd in a core context");
    glMatrixMode(GL_PROJECTION);
    expect_error(GL_INVALID_OPERATION, "glMatrixMode in a core context");
    glNewList(1, GL_COMPILE);
    expect_error(GL_INVALID_OPERATION, "glNewList in a core context");
    glRasterPos2f(0, 0);
    expect_error(GL_INVALID_OPERATION, "glRasterPos2f in a core context");
    CHECK(glGetString(GL_EXTENSIONS) == NULL, "glGetString(GL_EXTENSIONS) in a core context");
    expect_error(GL_INVALID_ENUM, "glGetString(GL_EXTENSIONS) in a core context");
    GLint n = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &n);
    CHECK(n > 0 && glGetStringi(GL_EXTENSIONS, 0) != NULL, "glGetStringi with %d extensions",
          n);
    expect_error(GL_NO_ERROR, "glGetStringi");

    static const char *vs = "#version 140\n"
                            "in vec2 pos;\n"
                            "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
    static const char *fs = "#version 140\n"
                            "out vec4 color;\n"
                            "void main() { color = vec4(0.0, 1.0, 0.0, 1.0); }\n";
    GLuint p = glCreateProgram();
    attach_shader(p, GL_VERTEX_SHADER, vs, "core profile");
    attach_shader(p, GL_FRAGMENT_SHADER, fs, "core profile");
    glBindAttribLocation(p, 0, "pos");
    glBindFragDataLocation(p, 0, "color");
    link_program(p, "core profile");
    glUseProgram(p);

    glDrawArrays(GL_TRIANGLES, 0, 3);
    expect_error(GL_INVALID_OPERATION, "glDrawArrays without a vertex array object");

    static const GLfloat tri[] = { -1, -1, 3, -1, -1, 3 };
    GLuint vao, vbo;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof tri, tri, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
    glEnableVertexAttribArray(0);
    glDrawArrays(GL_QUADS, 0, 4);
    expect_error(GL_INVALID_ENUM, "GL_QUADS in a core context");
    glLineWidth(2.0f);
    expect_error(GL_INVALID_VALUE, "glLineWidth(2) in a forward-compatible context");
    /* GL 3.2 kept glProvokingVertex. */
    glProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
    expect_error(GL_NO_ERROR, "glProvokingVertex in a core context");
    glProvokingVertex(GL_LAST_VERTEX_CONVENTION);

    glViewport(0, 0, SIZE, SIZE);
    glClearColor(1, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    expect_error(GL_NO_ERROR, "the core-profile draw");
    GLubyte px[4] = { 0 };
    glReadPixels(SIZE / 2, SIZE / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 0 && px[1] == 255 && px[2] == 0, "drawn pixel %d %d %d", px[0], px[1],
          px[2]);
    glDeleteBuffers(1, &vbo);
    glDeleteVertexArrays(1, &vao);
    glDeleteProgram(p);
}

int main(void)
{
    struct test_window t = open_core_window(SIZE, 3, 2);
    checks();
    return close_test_window(&t);
}
