/*
 * many_varyings.c: GL 3.2's 128 fragment input components — 32 vec4
 * varyings from the vertex stage to the fragment stage, and from a
 * geometry shader — in a 3.2 core-profile context.
 * - GL_MAX_VARYING_COMPONENTS, GL_MAX_VERTEX_OUTPUT_COMPONENTS and
 *   GL_MAX_FRAGMENT_INPUT_COMPONENTS are 128 or more.
 * - A vertex shader writes `vec4 v[32]`, each element different and
 *   varying across the triangle; the fragment shader sums them with
 *   weights: the colour read back matches the sum the client computes.
 * - The same through a pass-through geometry shader.
 * On oxgl it runs under MESA_GL_VERSION_OVERRIDE=3.2 until core contexts
 * are reported by default (the Rust test sets it).
 * Passes on Mesa llvmpipe (cc -O1 -Wall -Itests/clients
 * tests/clients/many_varyings.c -o many_varyings -lGL -lX11 -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include <GL/glx.h>
#include <GL/glxext.h>
#include "common.h"
#include "program.h"
#include <GL/glext.h>

#define SIZE 16
#define N 32

static const char *vs_src = "#version 150\n"
                            "in vec2 pos;\n"
                            "out vec4 v[32];\n"
                            "void main() {\n"
                            "  gl_Position = vec4(pos, 0.0, 1.0);\n"
                            "  for (int i = 0; i < 32; i++)\n"
                            "    v[i] = vec4(float(i + 1) / 64.0, 0.5, pos * 0.25 + 0.25);\n"
                            "}\n";

/* The same outputs in a block, for the geometry shader. */
static const char *block_vs_src = "#version 150\n"
                                  "in vec2 pos;\n"
                                  "out Vs { vec4 v[32]; } o;\n"
                                  "void main() {\n"
                                  "  gl_Position = vec4(pos, 0.0, 1.0);\n"
                                  "  for (int i = 0; i < 32; i++)\n"
                                  "    o.v[i] = vec4(float(i + 1) / 64.0, 0.5, pos * 0.25 + 0.25);\n"
                                  "}\n";

static const char *gs_src = "#version 150\n"
                            "layout(triangles) in;\n"
                            "layout(triangle_strip, max_vertices = 3) out;\n"
                            "in Vs { vec4 v[32]; } vin[];\n"
                            "out vec4 w[32];\n"
                            "void main() {\n"
                            "  for (int k = 0; k < 3; k++) {\n"
                            "    gl_Position = gl_in[k].gl_Position;\n"
                            "    for (int i = 0; i < 32; i++)\n"
                            "      w[i] = vin[k].v[i];\n"
                            "    EmitVertex();\n"
                            "  }\n"
                            "}\n";

/* Red: the x components' mean (33/128 for all 32), if each element's y
 * is 0.5; green and blue: element 0's w and element 31's z (the
 * position). */
#define FS(name)                                                    \
    "#version 150\n"                                                \
    "in vec4 " name "[32];\n"                                       \
    "out vec4 o;\n"                                                 \
    "void main() {\n"                                               \
    "  float sx = 0.0; bool ys = true;\n"                           \
    "  for (int i = 0; i < 32; i++) {\n"                            \
    "    sx += " name "[i].x;\n"                                    \
    "    ys = ys && abs(" name "[i].y - 0.5) < 0.01;\n"             \
    "  }\n"                                                         \
    "  o = vec4(ys ? sx / 32.0 : 0.0, " name "[0].w, " name "[31].z, 1.0);\n" \
    "}\n"

static GLuint program_of(const char *what, const char *gs, const char *fs)
{
    return build_pos_program(what, gs ? block_vs_src : vs_src, gs, fs);
}

static void draw_and_check(GLuint p, const char *what)
{
    glUseProgram(p);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    expect_error(GL_NO_ERROR, what);
    /* At pixel (x, y): pos = (x + 0.5) / 8 - 1, blue = pos.x / 4 + 1/4. */
    static const int xs[] = { 2, 13 }, ys[] = { 3, 12 };
    for (int a = 0; a < 2; a++) {
        for (int b = 0; b < 2; b++) {
            int x = xs[a], y = ys[b];
            float px = (x + 0.5f) / 8 - 1, py = (y + 0.5f) / 8 - 1;
            int want[4] = { (int)(33.0f / 128 * 255 + 0.5f),
                            (int)((py * 0.25f + 0.25f) * 255 + 0.5f),
                            (int)((px * 0.25f + 0.25f) * 255 + 0.5f), 255 };
            GLubyte got[4] = { 0 };
            glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);
            int ok = 1;
            for (int c = 0; c < 4; c++)
                ok &= abs(got[c] - want[c]) <= 2;
            CHECK(ok, "%s: pixel (%d, %d) is %d %d %d %d, expected %d %d %d %d", what, x, y,
                  got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
        }
    }
}

int main(void)
{
    struct test_window t = open_core_window(SIZE, 3, 2);
    static const GLenum limits[] = { GL_MAX_VARYING_COMPONENTS, GL_MAX_VERTEX_OUTPUT_COMPONENTS,
                                     GL_MAX_FRAGMENT_INPUT_COMPONENTS,
                                     GL_MAX_GEOMETRY_OUTPUT_COMPONENTS };
    for (unsigned i = 0; i < 4; i++) {
        GLint v = 0;
        glGetIntegerv(limits[i], &v);
        CHECK(v >= 128, "limit 0x%x is %d, below 128", limits[i], v);
    }
    expect_error(GL_NO_ERROR, "the varying limits");

    GLuint vao;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    GLuint vbo = full_screen_quad();

    GLuint p = program_of("32 varyings", NULL, FS("v"));
    if (p) {
        draw_and_check(p, "32 varyings from the vertex shader");
        glDeleteProgram(p);
    }
    GLuint pg = program_of("32 varyings through a geometry shader", gs_src, FS("w"));
    if (pg) {
        draw_and_check(pg, "32 varyings from the geometry shader");
        glDeleteProgram(pg);
    }
    glDeleteBuffers(1, &vbo);
    return close_test_window(&t);
}
