/*
 * subroutine.c: shader subroutines (ARB_shader_subroutine, GL 4.0 §7.10)
 * in a compatibility context: a fragment shader with two subroutine types,
 * a subroutine uniform and an array of them indexed by a uniform.
 * - Limits; glGetProgramStageiv's counts and name lengths;
 *   glGetSubroutineIndex, glGetSubroutineUniformLocation (elements of the
 *   array included), glGetActiveSubroutineName(s),
 *   glGetActiveSubroutineUniformName and glGetActiveSubroutineUniformiv
 *   (compatible functions, size).
 * - glUniformSubroutinesuiv choosing the functions, read back with
 *   glGetUniformSubroutineuiv, and the pixels each choice draws;
 *   glUseProgram setting them back to the first function of their type;
 *   subroutine uniforms are not active uniforms.
 * - Errors: a count other than the locations, an index past the
 *   functions, a function of another type, a stage that is no stage
 *   (INVALID_ENUM here as GL 4.6 §7.13 says; Mesa's INVALID_OPERATION
 *   accepted), a bad pname.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o subroutine
 * tests/clients/subroutine.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"

static const char *vs = "#version 150\n"
                        "in vec2 pos;\n"
                        "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs = "#version 150\n"
                        "#extension GL_ARB_shader_subroutine : require\n"
                        "out vec4 o;\n"
                        "uniform int pick;\n"
                        "subroutine vec4 paint(float k);\n"
                        "subroutine float chan();\n"
                        "subroutine uniform paint Paint;\n"
                        "subroutine uniform chan Chans[2];\n"
                        "subroutine(paint) vec4 red(float k) { return vec4(k, 0.0, 0.0, 1.0); }\n"
                        "subroutine(chan) float full() { return 1.0; }\n"
                        "subroutine(paint) vec4 green(float k) { return vec4(0.0, k, 0.0, 1.0); }\n"
                        "subroutine(chan) float empty() { return 0.0; }\n"
                        "void main() {\n"
                        "  o = Paint(0.5) + vec4(0.0, 0.0, Chans[pick](), 0.0);\n"
                        "}\n";

static GLint stage_iv(GLuint p, GLenum pname)
{
    GLint v = -1;
    glGetProgramStageiv(p, GL_FRAGMENT_SHADER, pname, &v);
    return v;
}

static const char *function_name(GLuint p, GLuint index)
{
    static char name[64];
    name[0] = 0;
    glGetActiveSubroutineName(p, GL_FRAGMENT_SHADER, index, sizeof name, NULL, name);
    return name;
}

int main(void)
{
    struct test_window t = open_test_window();
    if (!has_extension("GL_ARB_shader_subroutine")) {
        CHECK(0, "GL_ARB_shader_subroutine is not advertised");
        return close_test_window(&t);
    }
    GLint max = 0;
    glGetIntegerv(GL_MAX_SUBROUTINES, &max);
    CHECK(max >= 256, "GL_MAX_SUBROUTINES %d", max);
    glGetIntegerv(GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS, &max);
    CHECK(max >= 1024, "GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS %d", max);

    GLuint vbo = full_screen_quad();
    GLuint p = build_pos_program("subroutines", vs, NULL, fs);
    if (!p)
        return close_test_window(&t);

    CHECK(stage_iv(p, GL_ACTIVE_SUBROUTINES) == 4, "GL_ACTIVE_SUBROUTINES %d",
          stage_iv(p, GL_ACTIVE_SUBROUTINES));
    CHECK(stage_iv(p, GL_ACTIVE_SUBROUTINE_UNIFORMS) == 2, "GL_ACTIVE_SUBROUTINE_UNIFORMS %d",
          stage_iv(p, GL_ACTIVE_SUBROUTINE_UNIFORMS));
    CHECK(stage_iv(p, GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS) == 3,
          "GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS %d",
          stage_iv(p, GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS));
    CHECK(stage_iv(p, GL_ACTIVE_SUBROUTINE_MAX_LENGTH) == 6, "GL_ACTIVE_SUBROUTINE_MAX_LENGTH %d",
          stage_iv(p, GL_ACTIVE_SUBROUTINE_MAX_LENGTH));
    CHECK(stage_iv(p, GL_ACTIVE_SUBROUTINES) >= 0 &&
              glGetSubroutineIndex(p, GL_FRAGMENT_SHADER, "nope") == GL_INVALID_INDEX,
          "glGetSubroutineIndex of no function is GL_INVALID_INDEX");

    GLuint red = glGetSubroutineIndex(p, GL_FRAGMENT_SHADER, "red");
    GLuint green = glGetSubroutineIndex(p, GL_FRAGMENT_SHADER, "green");
    GLuint full = glGetSubroutineIndex(p, GL_FRAGMENT_SHADER, "full");
    GLuint empty = glGetSubroutineIndex(p, GL_FRAGMENT_SHADER, "empty");
    CHECK(red < 4 && green < 4 && full < 4 && empty < 4 &&
              strcmp(function_name(p, green), "green") == 0,
          "subroutine indices %u %u %u %u", red, green, full, empty);

    GLint paint_loc = glGetSubroutineUniformLocation(p, GL_FRAGMENT_SHADER, "Paint");
    GLint chans0 = glGetSubroutineUniformLocation(p, GL_FRAGMENT_SHADER, "Chans[0]");
    GLint chans1 = glGetSubroutineUniformLocation(p, GL_FRAGMENT_SHADER, "Chans[1]");
    CHECK(paint_loc >= 0 && paint_loc < 3 && chans0 >= 0 && chans1 == chans0 + 1 &&
              glGetSubroutineUniformLocation(p, GL_FRAGMENT_SHADER, "Chans") == chans0 &&
              glGetSubroutineUniformLocation(p, GL_FRAGMENT_SHADER, "Chans[2]") == -1,
          "subroutine uniform locations %d %d %d", paint_loc, chans0, chans1);
    CHECK(glGetUniformLocation(p, "Paint") == -1, "a subroutine uniform is no active uniform");

    /* The uniform named "Paint": two compatible functions, red and green. */
    GLuint paint_index = 0;
    for (GLuint i = 0; i < 2; i++) {
        char name[32] = "";
        glGetActiveSubroutineUniformName(p, GL_FRAGMENT_SHADER, i, sizeof name, NULL, name);
        if (strcmp(name, "Paint") == 0)
            paint_index = i;
    }
    GLint n = 0, compat[4] = { -1, -1, -1, -1 }, size = 0;
    glGetActiveSubroutineUniformiv(p, GL_FRAGMENT_SHADER, paint_index,
                                   GL_NUM_COMPATIBLE_SUBROUTINES, &n);
    glGetActiveSubroutineUniformiv(p, GL_FRAGMENT_SHADER, paint_index, GL_COMPATIBLE_SUBROUTINES,
                                   compat);
    glGetActiveSubroutineUniformiv(p, GL_FRAGMENT_SHADER, paint_index, GL_UNIFORM_SIZE, &size);
    CHECK(n == 2 && size == 1 &&
              ((compat[0] == (GLint)red && compat[1] == (GLint)green) ||
               (compat[0] == (GLint)green && compat[1] == (GLint)red)),
          "Paint: %d compatible (%d %d), size %d", n, compat[0], compat[1], size);
    expect_error(GL_NO_ERROR, "queries");

    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "pick"), 0);
    GLuint set[3];
    set[paint_loc] = green;
    set[chans0] = full;
    set[chans1] = empty;
    glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, set);
    expect_error(GL_NO_ERROR, "glUniformSubroutinesuiv");
    GLuint got = 99;
    glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, paint_loc, &got);
    CHECK(got == green, "glGetUniformSubroutineuiv(Paint) %u, expected %u", got, green);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    CHECK_RGBA(16, 16, 0, 128, 255, 255, 2, "green and Chans[0] = full");

    glUniform1i(glGetUniformLocation(p, "pick"), 1);
    set[paint_loc] = red;
    glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, set);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    CHECK_RGBA(16, 16, 128, 0, 0, 255, 2, "red and Chans[1] = empty");

    /* Errors leave the choice alone. */
    glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 2, set);
    expect_error(GL_INVALID_VALUE, "fewer indices than locations");
    GLuint bad[3] = { set[0], set[1], set[2] };
    bad[paint_loc] = 4;
    glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, bad);
    expect_error(GL_INVALID_VALUE, "an index past the functions");
    bad[paint_loc] = full;
    glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, bad);
    expect_error(GL_INVALID_OPERATION, "a function of another subroutine type");
    glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, paint_loc, &got);
    CHECK(got == red, "failed calls keep Paint at red (%u)", got);
    /* GL 4.6 §7.13 names INVALID_ENUM; Mesa gives INVALID_OPERATION. */
    glGetProgramStageiv(p, GL_TEXTURE_2D, GL_ACTIVE_SUBROUTINES, &n);
    GLenum e = glGetError();
    CHECK(e == GL_INVALID_ENUM || e == GL_INVALID_OPERATION,
          "glGetProgramStageiv of no stage: error %#x", e);
    glGetProgramStageiv(p, GL_FRAGMENT_SHADER, GL_LINK_STATUS, &n);
    expect_error(GL_INVALID_ENUM, "glGetProgramStageiv(GL_LINK_STATUS)");
    glGetActiveSubroutineUniformiv(p, GL_FRAGMENT_SHADER, 2, GL_UNIFORM_SIZE, &n);
    expect_error(GL_INVALID_VALUE, "glGetActiveSubroutineUniformiv past the uniforms");

    /* Making the program current again chooses anew: each uniform calls
     * a function of its type. */
    glUseProgram(0);
    glUseProgram(p);
    glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, paint_loc, &got);
    CHECK(got == red || got == green, "after glUseProgram Paint calls %u", got);

    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteBuffers(1, &vbo);
    return close_test_window(&t);
}
