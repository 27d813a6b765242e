/*
 * fragcoord_conventions.c: GLSL 1.50's gl_FragCoord layout qualifiers
 * (ARB_fragment_coord_conventions) in a 3.2 core-profile context.
 * - A fragment shader writes gl_FragCoord's x, y and fract(x) as colour;
 *   with no qualifier, origin_upper_left, pixel_center_integer and both,
 *   drawn into the window and into a framebuffer object (whose rows run
 *   the other way in storage), pixels read back hold the coordinates the
 *   conventions give: y counted from the top, centres at integers.
 * - Two fragment shaders of one program that redeclare gl_FragCoord with
 *   different qualifiers do not link, nor does one that uses it before a
 *   redeclaration in another shader.
 * On oxgl it runs under MESA_GL_VERSION_OVERRIDE=3.2 until core contexts
 * are reported by default (the Rust test sets it).
 * Passes on Mesa llvmpipe (cc -O1 -Wall -Itests/clients
 * tests/clients/fragcoord_conventions.c -o fragcoord_conventions -lGL
 * -lX11 -lm).
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

static const char *vs = "#version 150\n"
                        "in vec2 pos;\n"
                        "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* The fragment shader with `decl` redeclaring gl_FragCoord (or nothing). */
static GLuint program_with(const char *decl)
{
    char fs[512];
    snprintf(fs, sizeof fs,
             "#version 150\n"
             "%s\n"
             "out vec4 o;\n"
             "void main() {\n"
             "  o = vec4(gl_FragCoord.x / 64.0, gl_FragCoord.y / 64.0,\n"
             "           fract(gl_FragCoord.x), 1.0);\n"
             "}\n",
             decl);
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, vs, decl) ||
        !attach_shader(p, GL_FRAGMENT_SHADER, fs, decl)) {
        glDeleteProgram(p);
        return 0;
    }
    glBindAttribLocation(p, 0, "pos");
    glBindFragDataLocation(p, 0, "o");
    if (!link_program(p, decl)) {
        glDeleteProgram(p);
        return 0;
    }
    return p;
}

static void expect_coord(int x, int y, float fx, float fy, float frac, const char *what)
{
    GLubyte px[4] = { 0 };
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    int want[3] = { (int)(fx / 64.0f * 255.0f + 0.5f), (int)(fy / 64.0f * 255.0f + 0.5f),
                    (int)(frac * 255.0f + 0.5f) };
    CHECK(abs(px[0] - want[0]) <= 1 && abs(px[1] - want[1]) <= 1 && abs(px[2] - want[2]) <= 1,
          "%s: pixel (%d, %d) is %d %d %d, expected %d %d %d (x %g, y %g)", what, x, y, px[0],
          px[1], px[2], want[0], want[1], want[2], fx, fy);
}

static void conventions(const char *target)
{
    static const struct {
        const char *decl;
        int upper_left, integer;
    } c[] = {
        { "", 0, 0 },
        { "layout(origin_upper_left) in vec4 gl_FragCoord;", 1, 0 },
        { "layout(pixel_center_integer) in vec4 gl_FragCoord;", 0, 1 },
        { "layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;", 1, 1 },
    };
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
        GLuint p = program_with(c[i].decl);
        if (!p)
            continue;
        glUseProgram(p);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        char what[160];
        snprintf(what, sizeof what, "%s, %s", target, c[i].decl[0] ? c[i].decl : "no layout");
        float centre = c[i].integer ? 0.0f : 0.5f;
        for (int k = 0; k < 3; k++) {
            int x = 3 + 11 * k, y = 5 + 9 * k;
            float fy = c[i].upper_left ? SIZE - 1 - y + centre : y + centre;
            expect_coord(x, y, x + centre, fy, centre, what);
        }
        expect_error(GL_NO_ERROR, what);
        glUseProgram(0);
        glDeleteProgram(p);
    }
}

static void link_errors(void)
{
    static const char *main_fs = "#version 150\n"
                                 "out vec4 o;\n"
                                 "float y();\n"
                                 "void main() { o = vec4(gl_FragCoord.x, y(), 0.0, 1.0); }\n";
    static const char *ul_fs = "#version 150\n"
                               "layout(origin_upper_left) in vec4 gl_FragCoord;\n"
                               "float y() { return gl_FragCoord.y; }\n";
    static const char *int_main_fs =
        "#version 150\n"
        "layout(pixel_center_integer) in vec4 gl_FragCoord;\n"
        "out vec4 o;\n"
        "float y();\n"
        "void main() { o = vec4(gl_FragCoord.x, y(), 0.0, 1.0); }\n";
    const char *pairs[2][2] = { { int_main_fs, ul_fs }, { main_fs, ul_fs } };
    const char *what[2] = { "conflicting gl_FragCoord layouts",
                            "gl_FragCoord used where another shader redeclares it" };
    for (int i = 0; i < 2; i++) {
        GLuint p = glCreateProgram();
        attach_shader(p, GL_VERTEX_SHADER, vs, what[i]);
        attach_shader(p, GL_FRAGMENT_SHADER, pairs[i][0], what[i]);
        attach_shader(p, GL_FRAGMENT_SHADER, pairs[i][1], what[i]);
        glLinkProgram(p);
        GLint ok = 1;
        glGetProgramiv(p, GL_LINK_STATUS, &ok);
        CHECK(!ok, "%s: the program links", what[i]);
        glDeleteProgram(p);
    }
    expect_error(GL_NO_ERROR, "the link errors");
}

int main(void)
{
    struct test_window t = open_core_window(SIZE, 3, 2);
    static const GLfloat tri[] = { -1, -1, 3, -1, -1, 3 };
    GLuint vao, vbo;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof tri, tri, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
    glEnableVertexAttribArray(0);
    glViewport(0, 0, SIZE, SIZE);
    glClearColor(0, 0, 0, 1);
    conventions("window");

    GLuint fbo, rb;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, SIZE, SIZE);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
          "the framebuffer object is incomplete");
    conventions("framebuffer object");
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &rb);

    link_errors();
    glDeleteBuffers(1, &vbo);
    glDeleteVertexArrays(1, &vao);
    return close_test_window(&t);
}
