/*
 * shader_precision.c: GL_ARB_shader_precision (GL 4.1; GLSL 4.60 §4.7.1)
 * — the precision each operation must have, checked in a vertex and in a
 * fragment shader over arguments across each function's range, as
 * piglit's generated arb_shader_precision tests check it: the result's
 * bits against the correctly rounded value, within
 *   a + b, a - b, a * b: 0 ULP (correctly rounded);
 *   a / b: 2.5 ULP; inversesqrt: 2 ULP; sqrt: 3 ULP (inherited from
 *   1 / inversesqrt); exp, exp2: (3 + 2|x|) ULP;
 *   log, log2: 3 ULP outside [0.5, 2], absolute 2^-21 inside.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o
 * shader_precision tests/clients/shader_precision.c -lX11 -lGL -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"
#include <math.h>

/* The operation, evaluated with uniforms so nothing folds at compile
 * time, and the verdict: green when within tolerance. */
#define CHECK_FN                                                               \
    "uniform int op;\n"                                                        \
    "uniform float a, b, expected, ulps, abstol;\n"                            \
    "vec4 verdict() {\n"                                                       \
    "  float r;\n"                                                             \
    "  if (op == 0) r = a + b;\n"                                              \
    "  else if (op == 1) r = a - b;\n"                                         \
    "  else if (op == 2) r = a * b;\n"                                         \
    "  else if (op == 3) r = a / b;\n"                                         \
    "  else if (op == 4) r = inversesqrt(a);\n"                                \
    "  else if (op == 5) r = sqrt(a);\n"                                       \
    "  else if (op == 6) r = exp(a);\n"                                        \
    "  else if (op == 7) r = exp2(a);\n"                                       \
    "  else if (op == 8) r = log(a);\n"                                        \
    "  else r = log2(a);\n"                                                    \
    "  int rb = r == 0.0 ? 0 : floatBitsToInt(r);\n"                           \
    "  int eb = floatBitsToInt(expected);\n"                                   \
    "  bool ok = (rb >> 31) == (eb >> 31) && float(abs(rb - eb)) <= ulps;\n"   \
    "  ok = ok || abs(r - expected) <= abstol;\n"                              \
    "  return ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"     \
    "}\n"

static const char *vs_checks = "#version 330\n"
                               "in vec2 pos;\n"
                               "flat out vec4 c;\n" CHECK_FN
                               "void main() { c = verdict(); gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs_passes = "#version 330\n"
                               "flat in vec4 c;\n"
                               "out vec4 o;\n"
                               "void main() { o = c; }\n";
static const char *vs_plain = "#version 330\n"
                              "in vec2 pos;\n"
                              "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs_checks = "#version 330\n"
                               "out vec4 o;\n" CHECK_FN "void main() { o = verdict(); }\n";

static const char *names[] = { "+", "-", "*", "/", "inversesqrt", "sqrt", "exp", "exp2", "log",
                               "log2" };

struct tolerance {
    float ulps, abstol;
};

/* The correctly rounded result of op on (a, b) and what GLSL allows. */
static float exact(int op, float a, float b, struct tolerance *t)
{
    double x = a, y = b, r;
    t->ulps = 0.0f;
    t->abstol = 0.0f;
    switch (op) {
    case 0: r = x + y; break;
    case 1: r = x - y; break;
    case 2: r = x * y; break;
    case 3: r = x / y; t->ulps = 2.5f; break;
    case 4: r = 1.0 / sqrt(x); t->ulps = 2.0f; break;
    case 5: r = sqrt(x); t->ulps = 3.0f; break;
    case 6: r = exp(x); t->ulps = 3.0f + 2.0f * fabsf(a); break;
    case 7: r = exp2(x); t->ulps = 3.0f + 2.0f * fabsf(a); break;
    case 8:
    case 9:
        r = op == 8 ? log(x) : log2(x);
        if (x >= 0.5 && x <= 2.0)
            t->abstol = ldexpf(1.0f, -21);
        else
            t->ulps = 3.0f;
        break;
    default: r = 0.0; break;
    }
    return (float)r;
}

struct args {
    int op;
    float a, b;
};

static const struct args cases[] = {
    { 0, 1.0f, 1e-7f },      { 0, 3.5f, -0.1f },        { 0, 1e30f, 1e22f },
    { 1, 1.0f, 0.999999f },  { 1, -2.75f, 1e-3f },      { 2, 0.1f, 0.3f },
    { 2, 1.5e-20f, 3e15f },  { 2, -7.0f, 1.0f / 3.0f }, { 3, 1.0f, 3.0f },
    { 3, -5.5f, 0.7f },      { 3, 1e20f, 7e-10f },      { 3, 2.0f, 1e30f },
    { 4, 2.0f, 0 },          { 4, 0.001f, 0 },          { 4, 123456.0f, 0 },
    { 4, 7e-30f, 0 },        { 5, 2.0f, 0 },            { 5, 1e-20f, 0 },
    { 5, 3e30f, 0 },         { 6, 1.0f, 0 },            { 6, -3.3f, 0 },
    { 6, 40.0f, 0 },         { 6, -80.0f, 0 },          { 7, 0.5f, 0 },
    { 7, -9.25f, 0 },        { 7, 100.3f, 0 },          { 7, -120.7f, 0 },
    { 8, 0.75f, 0 },         { 8, 1.01f, 0 },           { 8, 1e-30f, 0 },
    { 8, 12345.0f, 0 },      { 9, 0.6f, 0 },            { 9, 1.999f, 0 },
    { 9, 3e-7f, 0 },         { 9, 7.7e25f, 0 },
};

static void run_cases(GLuint p, const char *stage)
{
    glUseProgram(p);
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct args *c = &cases[i];
        struct tolerance t;
        float want = exact(c->op, c->a, c->b, &t);
        glUniform1i(glGetUniformLocation(p, "op"), c->op);
        glUniform1f(glGetUniformLocation(p, "a"), c->a);
        glUniform1f(glGetUniformLocation(p, "b"), c->b);
        glUniform1f(glGetUniformLocation(p, "expected"), want);
        glUniform1f(glGetUniformLocation(p, "ulps"), t.ulps);
        glUniform1f(glGetUniformLocation(p, "abstol"), t.abstol);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        const GLubyte *px = pixel(16, 16);
        CHECK(px[0] == 0 && px[1] == 255, "%s shader: %s(%g, %g) not within %g ULP / %g of %.9g",
              stage, names[c->op], c->a, c->b, t.ulps, t.abstol, want);
    }
}

int main(void)
{
    struct test_window t = open_test_window();
    if (!has_extension("GL_ARB_shader_precision")) {
        CHECK(0, "GL_ARB_shader_precision is not advertised");
        return close_test_window(&t);
    }
    GLuint vbo = full_screen_quad();
    GLuint in_vs = build_pos_program("checks in the vertex shader", vs_checks, NULL, fs_passes);
    GLuint in_fs = build_pos_program("checks in the fragment shader", vs_plain, NULL, fs_checks);
    if (in_vs && in_fs) {
        run_cases(in_vs, "vertex");
        run_cases(in_fs, "fragment");
    }
    expect_error(GL_NO_ERROR, "precision checks");
    glUseProgram(0);
    glDeleteProgram(in_vs);
    glDeleteProgram(in_fs);
    glDeleteBuffers(1, &vbo);
    return close_test_window(&t);
}
