/*
 * program_binary.c: program binaries (ARB_get_program_binary, GL 4.1
 * §7.5).
 * - The extension is advertised, with at least one format in
 *   GL_PROGRAM_BINARY_FORMATS (GL_NUM_PROGRAM_BINARY_FORMATS of them).
 * - A linked program has GL_PROGRAM_BINARY_LENGTH bytes of binary;
 *   glGetProgramBinary gives them with the length and a listed format.
 * - glProgramBinary of those bytes into a new program links it: it draws
 *   as the original did, with its uniforms back at their initial values
 *   (a uniform set in the original and an initializer), its attribute
 *   bindings and transform feedback varyings kept, and no shader
 *   attached; loaded into the current program, the draw uses it at once.
 * - A separable program's binary restores a separable program
 *   (glUseProgramStages accepts it).
 * - Errors: glGetProgramBinary of a program not linked and into a buffer
 *   one byte short (INVALID_OPERATION), with a negative size and of an
 *   unknown name (INVALID_VALUE); glProgramBinary of an unknown format
 *   (INVALID_ENUM), a negative length and an unknown name (INVALID_VALUE);
 *   a damaged binary leaves the program unlinked without a GL error.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o program_binary
 * tests/clients/program_binary.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"
#include <GL/glext.h>

static const char *vs_src = "#version 130\n"
                            "in vec4 pos;\n"
                            "out vec4 tint;\n"
                            "out float captured;\n"
                            "void main() {\n"
                            "  gl_Position = pos;\n"
                            "  tint = vec4(0.0, 0.5, 0.0, 1.0);\n"
                            "  captured = pos.x + 2.0;\n"
                            "}\n";
static const char *fs_src = "#version 130\n"
                            "in vec4 tint;\n"
                            "uniform vec4 add = vec4(0.25, 0.0, 0.0, 0.0);\n"
                            "uniform float blue;\n"
                            "out vec4 color;\n"
                            "void main() { color = tint + add + vec4(0.0, 0.0, blue, 0.0); }\n";

static GLint prog_iv(GLuint p, GLenum pname)
{
    GLint v = -1;
    glGetProgramiv(p, pname, &v);
    return v;
}

static GLuint build(void)
{
    GLuint p = glCreateProgram();
    attach_shader(p, GL_VERTEX_SHADER, vs_src, "vertex");
    attach_shader(p, GL_FRAGMENT_SHADER, fs_src, "fragment");
    glBindAttribLocation(p, 5, "pos");
    static const char *captured[] = { "captured" };
    glTransformFeedbackVaryings(p, 1, captured, GL_INTERLEAVED_ATTRIBS);
    link_program(p, "the original program");
    return p;
}

/* A quad through generic attribute 5. */
static void draw_quad(void)
{
    static const float quad[] = { -1, -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1, -1, 1, 0, 1 };
    glVertexAttribPointer(5, 4, GL_FLOAT, GL_FALSE, 0, quad);
    glEnableVertexAttribArray(5);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
    glDisableVertexAttribArray(5);
}

int main(void)
{
    struct test_window t = open_pixel_window(32);
    CHECK(has_extension("GL_ARB_get_program_binary"), "GL_ARB_get_program_binary is not advertised");
    GLint nformats = 0;
    glGetIntegerv(GL_NUM_PROGRAM_BINARY_FORMATS, &nformats);
    CHECK(nformats >= 1 && nformats <= 16, "GL_NUM_PROGRAM_BINARY_FORMATS %d", nformats);
    GLint formats[16] = { 0 };
    glGetIntegerv(GL_PROGRAM_BINARY_FORMATS, formats);

    /* Not linked yet: no binary. */
    GLuint p = glCreateProgram();
    static unsigned char buf[1 << 20];
    GLsizei len = -1;
    GLenum format = 0;
    CHECK(prog_iv(p, GL_PROGRAM_BINARY_LENGTH) == 0, "binary length before a link: %d",
          prog_iv(p, GL_PROGRAM_BINARY_LENGTH));
    glGetProgramBinary(p, sizeof buf, &len, &format, buf);
    expect_error(GL_INVALID_OPERATION, "glGetProgramBinary of a program not linked");
    glDeleteProgram(p);

    p = build();
    GLint size = prog_iv(p, GL_PROGRAM_BINARY_LENGTH);
    CHECK(size > 0 && size <= (GLint)sizeof buf, "GL_PROGRAM_BINARY_LENGTH %d", size);
    glGetProgramBinary(p, size - 1, &len, &format, buf);
    expect_error(GL_INVALID_OPERATION, "glGetProgramBinary into a buffer one byte short");
    glGetProgramBinary(p, -1, &len, &format, buf);
    expect_error(GL_INVALID_VALUE, "glGetProgramBinary with a negative size");
    glGetProgramBinary(0xdeadbeef, sizeof buf, &len, &format, buf);
    expect_error(GL_INVALID_VALUE, "glGetProgramBinary of an unknown name");
    len = -1;
    glGetProgramBinary(p, size, &len, &format, buf);
    expect_error(GL_NO_ERROR, "glGetProgramBinary");
    CHECK(len == size, "glGetProgramBinary length %d, GL_PROGRAM_BINARY_LENGTH %d", len, size);
    int listed = 0;
    for (int i = 0; i < nformats && i < 16; i++)
        listed |= (GLenum)formats[i] == format;
    CHECK(listed, "the binary's format %#x is not in GL_PROGRAM_BINARY_FORMATS", format);

    /* The original draws with a uniform set. */
    glUseProgram(p);
    glUniform1f(glGetUniformLocation(p, "blue"), 1.0f);
    draw_quad();
    CHECK_RGBA(16, 16, 64, 128, 255, 255, 2, "the original program, blue set");

    /* Restored into a new program: linked, nothing attached, uniforms at
     * their initial values, the attribute binding kept. */
    GLuint q = glCreateProgram();
    glProgramBinary(q, format, buf, len);
    expect_error(GL_NO_ERROR, "glProgramBinary");
    CHECK(prog_iv(q, GL_LINK_STATUS) == GL_TRUE, "the restored program is not linked");
    CHECK(prog_iv(q, GL_ATTACHED_SHADERS) == 0, "the restored program has %d shaders attached",
          prog_iv(q, GL_ATTACHED_SHADERS));
    CHECK(glGetAttribLocation(q, "pos") == 5, "restored attribute location %d",
          glGetAttribLocation(q, "pos"));
    CHECK(prog_iv(q, GL_TRANSFORM_FEEDBACK_VARYINGS) == 1, "restored captured varyings %d",
          prog_iv(q, GL_TRANSFORM_FEEDBACK_VARYINGS));
    GLfloat add[4] = { -1, -1, -1, -1 }, blue = -1;
    glGetUniformfv(q, glGetUniformLocation(q, "add"), add);
    glGetUniformfv(q, glGetUniformLocation(q, "blue"), &blue);
    CHECK(add[0] == 0.25f && add[1] == 0 && blue == 0,
          "restored uniforms not initial: add %g %g, blue %g", add[0], add[1], blue);
    glUseProgram(q);
    draw_quad();
    CHECK_RGBA(16, 16, 64, 128, 0, 255, 2, "the restored program");

    /* Loaded into the current program: the next draw uses it. */
    glUseProgram(p);
    glProgramBinary(p, format, buf, len);
    expect_error(GL_NO_ERROR, "glProgramBinary into the current program");
    draw_quad();
    CHECK_RGBA(16, 16, 64, 128, 0, 255, 2, "the current program reloaded (uniforms reset)");
    glUseProgram(0);

    /* Errors, and a damaged binary. */
    glProgramBinary(q, 0x1234, buf, len);
    expect_error(GL_INVALID_ENUM, "glProgramBinary of an unknown format");
    glProgramBinary(q, format, buf, -1);
    expect_error(GL_INVALID_VALUE, "glProgramBinary with a negative length");
    glProgramBinary(0xdeadbeef, format, buf, len);
    expect_error(GL_INVALID_VALUE, "glProgramBinary of an unknown name");
    GLuint r = glCreateProgram();
    static unsigned char damaged[1 << 20];
    memcpy(damaged, buf, len);
    for (int i = 0; i < len; i += 7)
        damaged[i] ^= 0x5a;
    glProgramBinary(r, format, damaged, len);
    expect_error(GL_NO_ERROR, "glProgramBinary of a damaged binary");
    CHECK(prog_iv(r, GL_LINK_STATUS) == GL_FALSE, "a damaged binary links");
    glProgramBinary(r, format, buf, len / 2);
    expect_error(GL_NO_ERROR, "glProgramBinary of half a binary");
    CHECK(prog_iv(r, GL_LINK_STATUS) == GL_FALSE, "half a binary links");

    /* A separable program restores separable. */
    if (has_extension("GL_ARB_separate_shader_objects")) {
        static const char *sep_src = "#version 130\n"
                                     "void main() { gl_Position = vec4(0.0); }\n";
        GLuint s = glCreateShaderProgramv(GL_VERTEX_SHADER, 1, &sep_src);
        GLint slen = prog_iv(s, GL_PROGRAM_BINARY_LENGTH);
        glGetProgramBinary(s, sizeof buf, &len, &format, buf);
        CHECK(len == slen, "separable binary length %d, expected %d", len, slen);
        GLuint s2 = glCreateProgram();
        glProgramBinary(s2, format, buf, len);
        CHECK(prog_iv(s2, GL_LINK_STATUS) == GL_TRUE && prog_iv(s2, GL_PROGRAM_SEPARABLE) == GL_TRUE,
              "the restored separable program: linked %d, separable %d",
              prog_iv(s2, GL_LINK_STATUS), prog_iv(s2, GL_PROGRAM_SEPARABLE));
        GLuint pipe;
        glGenProgramPipelines(1, &pipe);
        glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, s2);
        expect_error(GL_NO_ERROR, "glUseProgramStages with the restored separable program");
        glDeleteProgramPipelines(1, &pipe);
    }
    return close_test_window(&t);
}
