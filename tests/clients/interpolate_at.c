/*
 * interpolate_at.c: ARB_gpu_shader5's interpolation functions (GLSL 4.00
 * §8.13.2) in a compatibility context.
 *
 * - interpolateAtOffset moves a noperspective varying holding the window
 *   position by the offset, and the window position of a smooth one
 *   holding the clip position (w varies over the quad); at offset 0, and
 *   interpolateAtCentroid and interpolateAtSample in a single-sample
 *   window, they give the input's own value.
 * - The interpolant may be an element of an input array indexed at run
 *   time and a member of an input block.
 * - Compile errors: a swizzle, a variable that is no input.
 * Every pixel of the quad is green when all hold.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o interpolate_at
 * tests/clients/interpolate_at.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"

#define SIZE 32

/* The quad's corners have w 1 and 3: smooth varyings are perspective
 * correct, noperspective ones linear in the window. */
static const char *vs = "#version 150\n"
                        "in vec4 pos;\n"
                        "smooth out vec4 clip;\n"
                        "noperspective out vec2 lin;\n"
                        "noperspective out float arr[2];\n"
                        "out Block { noperspective vec2 m; } blk;\n"
                        "void main() {\n"
                        "  gl_Position = pos;\n"
                        "  vec2 p = (pos.xy / pos.w * 0.5 + 0.5) * 32.0;\n"
                        "  clip = pos;\n"
                        "  lin = p;\n"
                        "  arr[0] = p.x;\n"
                        "  arr[1] = p.y;\n"
                        "  blk.m = p;\n"
                        "}\n";

static const char *fs = "#version 150\n"
                        "#extension GL_ARB_gpu_shader5 : require\n"
                        "smooth in vec4 clip;\n"
                        "noperspective in vec2 lin;\n"
                        "noperspective in float arr[2];\n"
                        "in Block { noperspective vec2 m; } blk;\n"
                        "uniform int one;\n"
                        "out vec4 color;\n"
                        "vec2 ndc(vec4 h) { return h.xy / h.w; }\n"
                        "bool near(vec2 a, vec2 b, float tol) {\n"
                        "  return all(lessThan(abs(a - b), vec2(tol)));\n"
                        "}\n"
                        "void main() {\n"
                        "  vec2 off = vec2(0.25, -0.375);\n"
                        "  bool ok = true;\n"
                        /* noperspective: exactly linear in the window. */
                        "  ok = ok && near(interpolateAtOffset(lin, off), lin + off, 1e-3);\n"
                        "  ok = ok && interpolateAtOffset(lin, vec2(0.0)) == lin;\n"
                        "  ok = ok && interpolateAtCentroid(lin) == lin;\n"
                        "  ok = ok && interpolateAtSample(lin, 0) == lin;\n"
                        /* smooth: the clip position, interpolated with
                         * perspective; its window position moves by the
                         * offset (a pixel is 1/16 in NDC). */
                        "  vec2 moved = ndc(interpolateAtOffset(clip, off));\n"
                        "  ok = ok && near(moved, ndc(clip) + off / 16.0, 1e-4);\n"
                        "  ok = ok && interpolateAtOffset(clip, vec2(0.0)) == clip;\n"
                        "  ok = ok && near(ndc(interpolateAtCentroid(clip)), ndc(clip), 1e-5);\n"
                        /* An array element indexed at run time. */
                        "  ok = ok && abs(interpolateAtOffset(arr[one], off) - arr[one] - off.y)"
                        " < 1e-3;\n"
                        /* A block member. */
                        "  ok = ok && near(interpolateAtOffset(blk.m, off), blk.m + off, 1e-3);\n"
                        "  color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
                        "}\n";

int main(void)
{
    struct test_window t = open_test_window();
    CHECK(has_extension("GL_ARB_gpu_shader5"), "GL_ARB_gpu_shader5 is not advertised");
    GLfloat lo = 0, hi = 0;
    GLint bits = 0;
    glGetFloatv(GL_MIN_FRAGMENT_INTERPOLATION_OFFSET, &lo);
    glGetFloatv(GL_MAX_FRAGMENT_INTERPOLATION_OFFSET, &hi);
    glGetIntegerv(GL_FRAGMENT_INTERPOLATION_OFFSET_BITS, &bits);
    CHECK(lo <= -0.5f && hi >= 0.5f && bits >= 4, "interpolation offsets [%g, %g], %d bits", lo,
          hi, bits);
    expect_error(GL_NO_ERROR, "limits");

    GLuint p = glCreateProgram();
    attach_shader(p, GL_VERTEX_SHADER, vs, "interpolation program");
    attach_shader(p, GL_FRAGMENT_SHADER, fs, "interpolation program");
    glBindAttribLocation(p, 0, "pos");
    glBindFragDataLocation(p, 0, "color");
    if (!link_program(p, "interpolation program"))
        return close_test_window(&t);
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "one"), 1);

    /* A full-window quad whose right side has w = 3. */
    static const GLfloat quad[] = { -1, -1, 0, 1, 3, -3, 0, 3, 3, 3, 0, 3, -1, 1, 0, 1 };
    GLuint vbo;
    GLuint vao = vertex_array_of(quad, sizeof quad, 4, &vbo);
    glViewport(0, 0, SIZE, SIZE);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
    expect_error(GL_NO_ERROR, "drawing");
    CHECK_ALL_GREEN(SIZE);

    CHECK(!shader_compiles(GL_FRAGMENT_SHADER, "#version 150\n"
                    "#extension GL_ARB_gpu_shader5 : require\n"
                    "in vec4 v;\n"
                    "out vec4 c;\n"
                    "void main() { c = vec4(interpolateAtCentroid(v.xy), 0.0, 1.0); }\n"),
          "interpolateAtCentroid of a swizzle compiled");
    CHECK(!shader_compiles(GL_FRAGMENT_SHADER, "#version 150\n"
                    "#extension GL_ARB_gpu_shader5 : require\n"
                    "out vec4 c;\n"
                    "void main() { vec4 l = vec4(1.0); c = interpolateAtCentroid(l); }\n"),
          "interpolateAtCentroid of a local variable compiled");
    expect_error(GL_NO_ERROR, "compile errors");

    glUseProgram(0);
    glDeleteBuffers(1, &vbo);
    glDeleteVertexArrays(1, &vao);
    glDeleteProgram(p);
    return close_test_window(&t);
}
