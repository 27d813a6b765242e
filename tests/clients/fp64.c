/*
 * fp64.c: ARB_gpu_shader_fp64 (GL 4.0's double precision) in a
 * compatibility context.
 *
 * - Double uniforms (scalar, vector, matrix, array) set with glUniform*d*
 *   and read back exactly with glGetUniformdv; glGetActiveUniform names
 *   their types; a float call on a double uniform and a double call on a
 *   float one are INVALID_OPERATION.
 * - A std140 uniform block with doubles (8-byte components, dvec3 aligned
 *   to 32 bytes).
 * - Arithmetic no float holds: 1 + 2^-40, a third in double, sqrt(2)²,
 *   dmat2 × dvec2, floor/fract/abs/min/max/clamp/mix, dot/length/cross,
 *   conversions from int, uint and float, packDouble2x32 / unpack.
 * - Flat double varyings from the vertex shader (dvec3 takes two
 *   locations' worth of components).
 * Every pixel of the quad is green when all hold.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o fp64
 * tests/clients/fp64.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"

#define SIZE 16

static const char *vs = "#version 150\n"
                        "#extension GL_ARB_gpu_shader_fp64 : require\n"
                        "in vec4 pos;\n"
                        "uniform double d;\n"
                        "uniform dvec3 dv;\n"
                        "flat out double vd;\n"
                        "flat out dvec3 vv;\n"
                        "flat out int vi;\n"
                        "void main() {\n"
                        "  gl_Position = pos;\n"
                        "  vd = d * 3.0LF;\n"
                        "  vv = dv + dvec3(1.0LF);\n"
                        "  vi = 7;\n"
                        "}\n";

static const char *fs =
    "#version 150\n"
    "#extension GL_ARB_gpu_shader_fp64 : require\n"
    "uniform double d;\n"
    "uniform dvec3 dv;\n"
    "uniform dmat2 dm;\n"
    "uniform double arr[2];\n"
    "uniform int three;\n"
    "layout(std140) uniform B { float f; double bd; dvec3 bv; double after; };\n"
    "flat in double vd;\n"
    "flat in dvec3 vv;\n"
    "flat in int vi;\n"
    "out vec4 color;\n"
    "void main() {\n"
    "  bool ok = true;\n"
    "  double tiny = 1.0LF / 1099511627776.0LF;\n" /* 2^-40 */
    "  ok = ok && d - 1.0LF == tiny;\n"
    "  ok = ok && float(d) == 1.0;\n"
    "  ok = ok && vd == d * 3.0LF && vi == 7;\n"
    "  ok = ok && vv == dv + dvec3(1.0LF);\n"
    "  double third = 1.0LF / double(three);\n"
    "  ok = ok && third != double(1.0 / 3.0);\n"
    "  ok = ok && abs(third * 3.0LF - 1.0LF) < 1e-15LF;\n"
    "  double r = sqrt(2.0LF);\n"
    "  ok = ok && abs(r * r - 2.0LF) < 1e-15LF && r * r != 2.0LF;\n"
    "  dvec2 p = dm * dvec2(1.0LF, tiny);\n"
    "  ok = ok && p == dvec2(2.0LF + 3.0LF * tiny, 4.0LF * tiny);\n"
    "  ok = ok && arr[0] == -0.5LF && arr[1] == tiny;\n"
    "  ok = ok && floor(-1.5LF) == -2.0LF && fract(2.0LF + tiny) == tiny;\n"
    "  ok = ok && min(d, 1.0LF) == 1.0LF && max(d, 1.0LF) == d;\n"
    "  ok = ok && clamp(5.0LF, 0.0LF, d) == d && mix(0.0LF, 2.0LF, 0.25LF) == 0.5LF;\n"
    "  ok = ok && dot(dv, dvec3(1.0LF)) == dv.x + dv.y + dv.z;\n"
    "  ok = ok && length(dvec2(3.0LF, 4.0LF)) == 5.0LF;\n"
    "  ok = ok && cross(dvec3(1, 0, 0), dvec3(0, 1, 0)) == dvec3(0, 0, 1);\n"
    "  ok = ok && double(three) == 3.0LF && double(3u) == 3.0LF && int(-2.5LF) == -2;\n"
    "  uvec2 w = unpackDouble2x32(1.0LF);\n"
    "  ok = ok && w == uvec2(0u, 0x3ff00000u) && packDouble2x32(w) == 1.0LF;\n"
    "  ok = ok && f == 0.5 && bd == d && bv == dv && after == -2.0LF;\n"
    "  color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
    "}\n";

int main(void)
{
    struct test_window t = open_test_window();
    CHECK(has_extension("GL_ARB_gpu_shader_fp64"), "GL_ARB_gpu_shader_fp64 is not advertised");

    GLuint p = glCreateProgram();
    attach_shader(p, GL_VERTEX_SHADER, vs, "double program");
    attach_shader(p, GL_FRAGMENT_SHADER, fs, "double program");
    glBindAttribLocation(p, 0, "pos");
    glBindFragDataLocation(p, 0, "color");
    if (!link_program(p, "double program"))
        return close_test_window(&t);
    glUseProgram(p);

    const double one_tiny = 1.0 + 1.0 / 1099511627776.0;
    const double dv[3] = { 0.1, -2.25, 1e10 };
    /* Column by column: (2, 0) and (3, 4). */
    const double dm[4] = { 2, 0, 3, 4 };
    const double arr[2] = { -0.5, 1.0 / 1099511627776.0 };
    GLint ld = glGetUniformLocation(p, "d"), lv = glGetUniformLocation(p, "dv");
    GLint lm = glGetUniformLocation(p, "dm"), la = glGetUniformLocation(p, "arr");
    CHECK(ld >= 0 && lv >= 0 && lm >= 0 && la >= 0, "locations %d %d %d %d", ld, lv, lm, la);
    glUniform1d(ld, one_tiny);
    glUniform3dv(lv, 1, dv);
    glUniformMatrix2dv(lm, 1, GL_FALSE, dm);
    glUniform1dv(la, 2, arr);
    glUniform1i(glGetUniformLocation(p, "three"), 3);
    expect_error(GL_NO_ERROR, "setting double uniforms");

    double got[4] = { 0 };
    glGetUniformdv(p, ld, got);
    CHECK(got[0] == one_tiny, "glGetUniformdv(d) = %.17g", got[0]);
    glGetUniformdv(p, lv, got);
    CHECK(got[0] == dv[0] && got[1] == dv[1] && got[2] == dv[2], "glGetUniformdv(dv) = %g %g %g",
          got[0], got[1], got[2]);
    glGetUniformdv(p, lm, got);
    CHECK(got[0] == 2 && got[1] == 0 && got[2] == 3 && got[3] == 4,
          "glGetUniformdv(dm) = %g %g %g %g", got[0], got[1], got[2], got[3]);
    glGetUniformdv(p, la + 1, got);
    CHECK(got[0] == arr[1], "glGetUniformdv(arr[1]) = %g", got[0]);
    GLfloat gf = 0;
    glGetUniformfv(p, ld, &gf);
    CHECK(gf == 1.0f, "glGetUniformfv(d) = %g", gf);

    /* Types as glGetActiveUniform names them. */
    GLint n = 0;
    glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &n);
    int seen = 0;
    for (GLint i = 0; i < n; i++) {
        char name[64];
        GLint size;
        GLenum type;
        glGetActiveUniform(p, i, sizeof name, NULL, &size, &type, name);
        if (!strcmp(name, "d"))
            seen += type == GL_DOUBLE;
        else if (!strcmp(name, "dv"))
            seen += type == GL_DOUBLE_VEC3;
        else if (!strcmp(name, "dm"))
            seen += type == GL_DOUBLE_MAT2;
        else if (!strcmp(name, "arr[0]"))
            seen += type == GL_DOUBLE && size == 2;
        else if (!strcmp(name, "bv"))
            seen += type == GL_DOUBLE_VEC3;
    }
    CHECK(seen == 5, "%d of 5 double uniform types as expected", seen);

    /* The call must match the uniform's type. */
    glUniform1f(ld, 1.0f);
    expect_error(GL_INVALID_OPERATION, "glUniform1f on a double");
    glUniform3d(lv, 1, 2, 3);
    expect_error(GL_NO_ERROR, "glUniform3d on a dvec3");
    glUniform3dv(lv, 1, dv);
    glUniform1d(glGetUniformLocation(p, "three"), 3.0);
    expect_error(GL_INVALID_OPERATION, "glUniform1d on an int");
    glUniform2d(ld, 1.0, 2.0);
    expect_error(GL_INVALID_OPERATION, "glUniform2d on a double");

    /* The block: float f at 0, double bd at 8, dvec3 bv at 32, double
     * after at 56 (std140). */
    GLuint bi = glGetUniformBlockIndex(p, "B");
    GLint bsize = 0;
    glGetActiveUniformBlockiv(p, bi, GL_UNIFORM_BLOCK_DATA_SIZE, &bsize);
    CHECK(bsize == 64, "block size %d, not 64", bsize);
    const char *names[] = { "f", "bd", "bv", "after" };
    GLuint idx[4];
    GLint offs[4] = { -1, -1, -1, -1 };
    glGetUniformIndices(p, 4, names, idx);
    glGetActiveUniformsiv(p, 4, idx, GL_UNIFORM_OFFSET, offs);
    CHECK(offs[0] == 0 && offs[1] == 8 && offs[2] == 32 && offs[3] == 56,
          "block offsets %d %d %d %d", offs[0], offs[1], offs[2], offs[3]);
    unsigned char block[64] = { 0 };
    const float f = 0.5f;
    const double after = -2.0;
    memcpy(block, &f, 4);
    memcpy(block + 8, &one_tiny, 8);
    memcpy(block + 32, dv, 24);
    memcpy(block + 56, &after, 8);
    GLuint ubo;
    glGenBuffers(1, &ubo);
    glBindBuffer(GL_UNIFORM_BUFFER, ubo);
    glBufferData(GL_UNIFORM_BUFFER, sizeof block, block, GL_STATIC_DRAW);
    glBindBufferBase(GL_UNIFORM_BUFFER, 0, ubo);
    glUniformBlockBinding(p, bi, 0);

    static const GLfloat quad[] = { -1, -1, 1, -1, 1, 1, -1, 1 };
    GLuint vbo;
    GLuint vao = vertex_array_of(quad, sizeof quad, 2, &vbo);
    glViewport(0, 0, SIZE, SIZE);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
    expect_error(GL_NO_ERROR, "drawing");
    CHECK_ALL_GREEN(SIZE);

    /* A double fragment input must be flat. */
    CHECK(!shader_compiles(GL_FRAGMENT_SHADER, "#version 150\n"
                    "#extension GL_ARB_gpu_shader_fp64 : require\n"
                    "in double v;\n"
                    "out vec4 c;\n"
                    "void main() { c = vec4(float(v)); }\n"),
          "a smooth double fragment input compiled");
    expect_error(GL_NO_ERROR, "compile errors");

    glUseProgram(0);
    glDeleteBuffers(1, &vbo);
    glDeleteBuffers(1, &ubo);
    glDeleteVertexArrays(1, &vao);
    glDeleteProgram(p);
    return close_test_window(&t);
}
