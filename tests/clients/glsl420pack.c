/*
 * glsl420pack.c: ARB_shading_language_420pack (GLSL 4.20's conveniences)
 * in GLSL 1.50 shaders of a compatibility context.
 *
 * - layout(binding = N) on samplers gives their initial texture units
 *   (glGetUniformiv reads them back; glUniform1i still changes them); on
 *   a uniform block, its binding point.
 * - Initializer lists, qualifiers in any order, a `const` parameter.
 * - Compile errors: a storage qualifier twice, two interpolation
 *   qualifiers; a link error: one sampler with two bindings.
 * The quad samples the red texture on unit 2 and the green one on unit 3:
 * every pixel is green when all hold.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o glsl420pack
 * tests/clients/glsl420pack.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"

#define SIZE 16

static const char *vs = "#version 150\n"
                        "in vec2 pos;\n"
                        "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static const char *fs =
    "#version 150\n"
    "#extension GL_ARB_shading_language_420pack : require\n"
    "layout(binding = 2) uniform sampler2D red;\n"
    "layout(binding = 3) uniform sampler2D green;\n"
    "layout(std140, binding = 1) uniform B { vec4 half_; };\n"
    "out vec4 color;\n"
    "float twice(const in float x) { return 2.0 * x; }\n"
    "void main() {\n"
    "  const float w[2] = { 0.0, 1.0 };\n"
    "  vec4 r = texture(red, vec2(0.5));\n"
    "  vec4 g = texture(green, vec2(0.5));\n"
    "  bool ok = r == vec4(1.0, 0.0, 0.0, 1.0) && g == vec4(0.0, 1.0, 0.0, 1.0);\n"
    "  ok = ok && twice(half_.x) == 1.0;\n"
    "  color = ok ? w[0] * r + w[1] * g : vec4(1.0, 0.0, 1.0, 1.0);\n"
    "}\n";

static GLuint texture_of(GLuint unit, const GLubyte texel[4])
{
    GLuint t;
    glActiveTexture(GL_TEXTURE0 + unit);
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
    return t;
}

int main(void)
{
    struct test_window t = open_test_window();
    CHECK(has_extension("GL_ARB_shading_language_420pack"),
          "GL_ARB_shading_language_420pack is not advertised");

    GLuint p = glCreateProgram();
    attach_shader(p, GL_VERTEX_SHADER, vs, "420pack program");
    attach_shader(p, GL_FRAGMENT_SHADER, fs, "420pack program");
    glBindAttribLocation(p, 0, "pos");
    glBindFragDataLocation(p, 0, "color");
    if (!link_program(p, "420pack program"))
        return close_test_window(&t);
    glUseProgram(p);

    GLint unit = -1;
    glGetUniformiv(p, glGetUniformLocation(p, "green"), &unit);
    CHECK(unit == 3, "the unit of `green' is %d, not its binding 3", unit);
    GLint bp = -1;
    glGetActiveUniformBlockiv(p, glGetUniformBlockIndex(p, "B"), GL_UNIFORM_BLOCK_BINDING, &bp);
    CHECK(bp == 1, "block B is at binding point %d, not 1", bp);

    static const GLubyte red[4] = { 255, 0, 0, 255 }, green[4] = { 0, 255, 0, 255 };
    GLuint tex[2] = { texture_of(2, red), texture_of(3, green) };
    const GLfloat half_[4] = { 0.5f, 0.5f, 0.5f, 0.5f };
    GLuint ubo;
    glGenBuffers(1, &ubo);
    glBindBuffer(GL_UNIFORM_BUFFER, ubo);
    glBufferData(GL_UNIFORM_BUFFER, sizeof half_, half_, GL_STATIC_DRAW);
    glBindBufferBase(GL_UNIFORM_BUFFER, 1, ubo);

    static const GLfloat quad[] = { -1, -1, 1, -1, 1, 1, -1, 1 };
    GLuint vbo;
    GLuint vao = vertex_array_of(quad, sizeof quad, 2, &vbo);
    glViewport(0, 0, SIZE, SIZE);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
    expect_error(GL_NO_ERROR, "drawing");
    CHECK_ALL_GREEN(SIZE);

    /* glUniform1i still moves a sampler: both on the red texture now. */
    glUniform1i(glGetUniformLocation(p, "green"), 2);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
    CHECK_RGBA(4, 4, 255, 0, 255, 255, 0, "with `green' moved to unit 2");

    CHECK(!shader_compiles(GL_VERTEX_SHADER, "#version 150\n"
                    "#extension GL_ARB_shading_language_420pack : require\n"
                    "in in float x;\n"
                    "void main() { gl_Position = vec4(x); }\n"),
          "a storage qualifier twice compiled");
    CHECK(!shader_compiles(GL_VERTEX_SHADER, "#version 150\n"
                    "#extension GL_ARB_shading_language_420pack : require\n"
                    "flat smooth out float x;\n"
                    "void main() { x = 1.0; gl_Position = vec4(x); }\n"),
          "two interpolation qualifiers compiled");

    /* One sampler, two bindings. */
    GLuint q = glCreateProgram();
    attach_shader(q, GL_VERTEX_SHADER,
                  "#version 150\n"
                  "#extension GL_ARB_shading_language_420pack : require\n"
                  "layout(binding = 1) uniform sampler2D s;\n"
                  "void main() { gl_Position = texture(s, vec2(0.0)); }\n",
                  "binding mismatch");
    attach_shader(q, GL_FRAGMENT_SHADER,
                  "#version 150\n"
                  "#extension GL_ARB_shading_language_420pack : require\n"
                  "layout(binding = 2) uniform sampler2D s;\n"
                  "out vec4 c;\n"
                  "void main() { c = texture(s, vec2(0.0)); }\n",
                  "binding mismatch");
    glLinkProgram(q);
    GLint linked = 1;
    glGetProgramiv(q, GL_LINK_STATUS, &linked);
    CHECK(!linked, "a sampler with two bindings linked");
    expect_error(GL_NO_ERROR, "compile and link errors");

    glUseProgram(0);
    glDeleteProgram(q);
    glDeleteProgram(p);
    glDeleteTextures(2, tex);
    glDeleteBuffers(1, &vbo);
    glDeleteBuffers(1, &ubo);
    glDeleteVertexArrays(1, &vao);
    return close_test_window(&t);
}
