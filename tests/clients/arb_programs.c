/*
 * arb_programs.c: ARB_vertex_program and ARB_fragment_program.
 * - Loading: a bad program is INVALID_OPERATION with
 *   GL_PROGRAM_ERROR_POSITION_ARB at the offending token and an error
 *   string; a good one clears the position to -1; glGetProgramStringARB
 *   returns the text; glGetProgramivARB counts instructions, temporaries,
 *   parameters, attributes, ALU/TEX instructions and reports limits.
 * - Objects and parameters: glGenProgramsARB/glIsProgramARB/
 *   glBindProgramARB (INVALID_OPERATION across targets), env and local
 *   parameters set and read back, out-of-range indices INVALID_VALUE.
 * - Drawing: a vertex program with state.matrix.mvp, a local parameter,
 *   relative addressing and a generic attribute colours a quad; a fragment
 *   program with TEX/CMP/env parameters and _SAT colours it; the
 *   position-invariant option with fixed-function fragments; drawing with
 *   an enabled target whose program never loaded is INVALID_OPERATION.
 * Prints FAIL lines and PASS when every check holds (also on llvmpipe).
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>
#include <math.h>
#include <string.h>

static void rect(void)
{
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEnd();
}

static void load(GLenum target, const char *text)
{
    glProgramStringARB(target, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(text), text);
}

static void check_pixel(const char *what, float r, float g, float b)
{
    float px[4];
    glReadPixels(16, 16, 1, 1, GL_RGBA, GL_FLOAT, px);
    CHECK(fabsf(px[0] - r) < 0.02f && fabsf(px[1] - g) < 0.02f && fabsf(px[2] - b) < 0.02f,
          "%s: got %.3f %.3f %.3f, expected %.3f %.3f %.3f", what, px[0], px[1], px[2], r, g,
          b);
}

int main(void)
{
    struct test_window w = open_test_window();
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    if (!strstr(ext, "GL_ARB_vertex_program") || !strstr(ext, "GL_ARB_fragment_program")) {
        printf("FAIL: the extensions are not advertised\n");
        return 1;
    }
    GLint v;

    /* Errors: located. */
    static const char bad[] = "!!ARBvp1.0\nMOV result.position, vertex.position;\nBOGUS r;\nEND\n";
    load(GL_VERTEX_PROGRAM_ARB, bad);
    expect_error(GL_INVALID_OPERATION, "bad vertex program");
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &v);
    /* At the bad token or just before it (Mesa: the end of the previous
     * statement). */
    CHECK(v > 11 && v <= (GLint)(strstr(bad, "BOGUS") - bad), "error position %d", v);
    const char *es = (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB);
    CHECK(es && es[0], "no error string");
    load(GL_FRAGMENT_PROGRAM_ARB, "!!ARBvp1.0\nEND\n");
    expect_error(GL_INVALID_OPERATION, "vertex header for a fragment program");
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &v);
    CHECK(v >= 0 && v <= 1, "header error position %d", v);
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_RGBA, 4, "!!AR");
    expect_error(GL_INVALID_ENUM, "bad format");

    /* Objects. */
    GLuint p[3];
    glGenProgramsARB(3, p);
    CHECK(!glIsProgramARB(p[0]), "a generated name is not a program before binding");
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, p[0]);
    CHECK(glIsProgramARB(p[0]), "bound name is a program");
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, p[0]);
    expect_error(GL_INVALID_OPERATION, "binding a vertex program as a fragment program");
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, p[1]);
    expect_error(GL_NO_ERROR, "binds");

    /* Vertex program: transform, a colour from a local parameter picked by
     * relative addressing, scaled by generic attribute 6. */
    static const char vp[] =
        "!!ARBvp1.0\n"
        "PARAM mvp[4] = { state.matrix.mvp };\n"
        "PARAM table[3] = { {1, 0, 0, 1}, program.local[1], {0, 0, 1, 1} };\n"
        "ADDRESS a;\n"
        "TEMP t;\n"
        "DP4 result.position.x, mvp[0], vertex.position;\n"
        "DP4 result.position.y, mvp[1], vertex.position;\n"
        "DP4 result.position.z, mvp[2], vertex.position;\n"
        "DP4 result.position.w, mvp[3], vertex.position;\n"
        "ARL a.x, program.env[0].x;\n"
        "MUL t, table[a.x], vertex.attrib[6];\n"
        "MOV result.color, t;\n"
        "END\n";
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, p[0]);
    load(GL_VERTEX_PROGRAM_ARB, vp);
    expect_error(GL_NO_ERROR, "vertex program load");
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &v);
    CHECK(v == -1, "error position after a good load %d", v);
    glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_INSTRUCTIONS_ARB, &v);
    CHECK(v == 8, "vertex instructions (END counts, as in Mesa) %d", v);
    glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_TEMPORARIES_ARB, &v);
    CHECK(v == 1, "vertex temporaries %d", v);
    glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_ADDRESS_REGISTERS_ARB, &v);
    CHECK(v == 1, "address registers %d", v);
    glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_LENGTH_ARB, &v);
    CHECK(v == (GLint)strlen(vp), "program length %d", v);
    char text[sizeof vp] = { 0 };
    glGetProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_STRING_ARB, text);
    CHECK(memcmp(text, vp, sizeof vp - 1) == 0, "program string differs");
    glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_MAX_PROGRAM_ENV_PARAMETERS_ARB, &v);
    CHECK(v >= 96, "max env parameters %d", v);
    glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_MAX_PROGRAM_ADDRESS_REGISTERS_ARB, &v);
    CHECK(v >= 1, "max address registers %d", v);
    glGetIntegerv(GL_MAX_PROGRAM_MATRICES_ARB, &v);
    CHECK(v >= 8, "max program matrices %d", v);

    /* Parameters. */
    float got[4];
    glProgramLocalParameter4fARB(GL_VERTEX_PROGRAM_ARB, 1, 0, 1, 0, 1);
    glGetProgramLocalParameterfvARB(GL_VERTEX_PROGRAM_ARB, 1, got);
    CHECK(got[0] == 0 && got[1] == 1 && got[3] == 1, "local parameter %g %g", got[0], got[1]);
    glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 0, 1.2f, 0, 0, 0);
    double gd[4];
    glGetProgramEnvParameterdvARB(GL_VERTEX_PROGRAM_ARB, 0, gd);
    CHECK(fabs(gd[0] - 1.2) < 1e-6, "env parameter %g", gd[0]);
    glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_MAX_PROGRAM_ENV_PARAMETERS_ARB, &v);
    glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, v, 0, 0, 0, 0);
    expect_error(GL_INVALID_VALUE, "env parameter past the limit");
    glVertexAttrib4fARB(6, 1, 1, 1, 1);

    glViewport(0, 0, 32, 32);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    CHECK(glIsEnabled(GL_VERTEX_PROGRAM_ARB), "GL_VERTEX_PROGRAM_ARB enabled");
    rect();
    check_pixel("vertex program, table[1]", 0, 1, 0);
    glVertexAttrib4fARB(6, 0.5f, 0.5f, 0.5f, 1);
    glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 0, 2.5f, 0, 0, 0);
    rect();
    check_pixel("vertex program, table[2] * 0.5", 0, 0, 0.5f);

    /* Fragment program: TEX of a 2x2 texture, CMP, an env parameter, _SAT. */
    static const char fp[] =
        "!!ARBfp1.0\n"
        "PARAM k = program.env[3];\n"
        "TEMP t, c;\n"
        "TEX t, {0.75, 0.25, 0, 1}, texture[1], 2D;\n"
        "CMP c, -fragment.color, t, k;\n"
        "ADD_SAT result.color, c, c;\n"
        "END\n";
    static const GLubyte texels[4][4] = {
        { 255, 0, 0, 255 }, { 0, 64, 0, 255 }, { 0, 0, 255, 255 }, { 255, 255, 255, 255 }
    };
    GLuint tex;
    glGenTextures(1, &tex);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glActiveTexture(GL_TEXTURE0);
    load(GL_FRAGMENT_PROGRAM_ARB, fp);
    expect_error(GL_NO_ERROR, "fragment program load");
    glGetProgramivARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_TEX_INSTRUCTIONS_ARB, &v);
    CHECK(v == 1, "tex instructions %d", v);
    glGetProgramivARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_ALU_INSTRUCTIONS_ARB, &v);
    CHECK(v == 2, "alu instructions %d", v);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 3, 0.25f, 0.1f, 0.2f, 1);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    /* The vertex colour (0, 0, 0.5) is positive in b only: c = (k.r, k.g, t.b). */
    rect();
    check_pixel("fragment program", 0.5f, 0.2f, 0);

    /* Position invariance with fixed-function fragments. */
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, p[2]);
    load(GL_VERTEX_PROGRAM_ARB, "!!ARBvp1.0\nOPTION ARB_position_invariant;\n"
                                "MOV result.color, state.material.diffuse;\nEND\n");
    expect_error(GL_NO_ERROR, "position-invariant load");
    float yellow[4] = { 1, 1, 0, 1 };
    glMaterialfv(GL_FRONT, GL_DIFFUSE, yellow);
    glClear(GL_COLOR_BUFFER_BIT);
    glMatrixMode(GL_MODELVIEW);
    glTranslatef(0.5f, 0, 0);
    rect();
    glLoadIdentity();
    float px[4];
    glReadPixels(24, 16, 1, 1, GL_RGBA, GL_FLOAT, px);
    CHECK(px[0] > 0.98f && px[1] > 0.98f && px[2] < 0.02f, "invariant program inside");
    glReadPixels(4, 16, 1, 1, GL_RGBA, GL_FLOAT, px);
    CHECK(px[0] < 0.02f && px[1] < 0.02f, "invariant program outside (translated)");

    /* A program that never loaded. */
    GLuint unloaded;
    glGenProgramsARB(1, &unloaded);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, unloaded);
    glGetError();
    glBegin(GL_TRIANGLES);
    expect_error(GL_INVALID_OPERATION, "glBegin with an invalid vertex program");
    glDisable(GL_VERTEX_PROGRAM_ARB);
    glBegin(GL_TRIANGLES);
    glEnd();
    expect_error(GL_NO_ERROR, "glBegin with the target disabled");

    glDeleteProgramsARB(3, p);
    glDeleteProgramsARB(1, &unloaded);
    CHECK(!glIsProgramARB(p[0]), "deleted program");
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&w);
}
