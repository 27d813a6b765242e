/*
 * sso.c: separate shader objects (ARB_separate_shader_objects, GL 4.1
 * §7.3-7.4 program pipelines), in the legacy context glXCreateContext
 * gives, with GLSL 1.30 shaders that enable the extension.
 * - The extension is advertised; glGenProgramPipelines names are not
 *   pipelines (glIsProgramPipeline) until glBindProgramPipeline binds
 *   them; GL_PROGRAM_PIPELINE_BINDING; deleting the bound pipeline
 *   unbinds it.
 * - GL_PROGRAM_SEPARABLE is GL_FALSE by default and set by
 *   glProgramParameteri (read after a link: Mesa reads 0 before one);
 *   glCreateShaderProgramv gives a linked, separable
 *   program with no attached shader, and for a source that does not
 *   compile a program that is not linked, with the compiler's log.
 * - glUseProgramStages with GL_VERTEX_SHADER_BIT, GL_FRAGMENT_SHADER_BIT
 *   and GL_ALL_SHADER_BITS (a stage the program lacks becomes 0), read by
 *   glGetProgramPipelineiv (GL_VERTEX_SHADER, GL_FRAGMENT_SHADER,
 *   GL_GEOMETRY_SHADER, GL_ACTIVE_PROGRAM, GL_VALIDATE_STATUS,
 *   GL_INFO_LOG_LENGTH); glActiveShaderProgram; glValidateProgramPipeline.
 * - The errors of glUseProgramStages, glActiveShaderProgram,
 *   glBindProgramPipeline, glProgramParameteri, glProgramUniform*,
 *   glUniform* with no program and glGetProgramPipelineiv.
 * - Drawing with a pipeline and no current program: the vertex stage of
 *   one program and the fragment stage of another, varyings matched by
 *   name (declared in different orders) and by layout(location) (different
 *   names); glProgramUniform4f/1i/Matrix2fv on the fragment program and
 *   glUniform4f through the active program; glUseProgram wins over the
 *   pipeline and glUseProgram(0) returns to it; swapping the fragment
 *   stage; relinking the vertex program. Varyings are vectors, and the
 *   interfaces match exactly.
 * - A program with vertex and fragment stages used for its vertex stage
 *   only: glValidateProgramPipeline fails with a log, a draw is
 *   GL_INVALID_OPERATION; with GL_ALL_SHADER_BITS it draws.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o sso
 * tests/clients/sso.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"
#include <GL/glext.h>

#define SSO "#version 130\n#extension GL_ARB_separate_shader_objects : require\n"

static GLint pipe_iv(GLuint pipe, GLenum pname)
{
    GLint v = -1;
    glGetProgramPipelineiv(pipe, pname, &v);
    return v;
}

static GLint prog_iv(GLuint p, GLenum pname)
{
    GLint v = -1;
    glGetProgramiv(p, pname, &v);
    return v;
}

/* glCreateShaderProgramv of one source; a FAIL line with the log if the
 * program is not linked. */
static GLuint shader_program(GLenum type, const char *src, const char *what)
{
    GLuint p = glCreateShaderProgramv(type, 1, &src);
    if (!p || prog_iv(p, GL_LINK_STATUS) != GL_TRUE) {
        char log[2048] = "";
        glGetProgramInfoLog(p, sizeof log, NULL, log);
        CHECK(0, "%s: glCreateShaderProgramv gives %u, not linked: %s", what, p, log);
    }
    return p;
}

/* Clears to black, draws a quad over the window, probes two pixels. */
static void draw_probe(int r, int g, int b, const char *what)
{
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    unit_quad();
    CHECK_RGBA(3, 4, r, g, b, 255, 2, what);
    CHECK_RGBA(28, 27, r, g, b, 255, 2, what);
}

/* Varyings by name: three of different types, declared in different
 * orders (the interfaces match exactly: subsets are undefined, and Mesa
 * llvmpipe misroutes smooth scalar float varyings between programs). */
#define NAME_OUTS "out vec4 va; out vec2 vb; out vec3 vc;\n"
#define NAME_INS "in vec3 vc; in vec4 va; in vec2 vb;\n"
static const char *vs_name = SSO NAME_OUTS
    "void main() {\n"
    "  gl_Position = gl_Vertex;\n"
    "  va = vec4(0.25); vb = vec2(0.5); vc = vec3(0.75);\n"
    "}\n";
static const char *fs_name = SSO NAME_INS
    "void main() { gl_FragColor = vec4(vb.y, vc.z, va.w, 1.0); }\n";
/* Varyings by location, the names differing. */
static const char *vs_loc = SSO "layout(location = 0) out vec4 x;\n"
                                "layout(location = 1) out vec4 y;\n"
                                "layout(location = 2) out vec4 z;\n"
                                "void main() {\n"
                                "  gl_Position = gl_Vertex;\n"
                                "  x = vec4(0.25); y = vec4(0.5); z = vec4(0.75);\n"
                                "}\n";
static const char *fs_loc = SSO "layout(location = 2) in vec4 p;\n"
                                "layout(location = 0) in vec4 q;\n"
                                "layout(location = 1) in vec4 r;\n"
                                "void main() { gl_FragColor = vec4(p.x, q.y, r.z, 1.0); }\n";
/* Uniforms of three kinds. */
static const char *fs_uni = SSO NAME_INS
    "uniform vec4 c; uniform int k; uniform mat2 m;\n"
    "void main() {\n"
    "  gl_FragColor = vec4(c.r, (m * vec2(1.0, 0.0)).y, float(k) * 0.25, c.a);\n"
    "}\n";
static const char *fs_green = SSO NAME_INS
    "void main() { gl_FragColor = vec4(0.0, 1.0, vb.x, 1.0); }\n";
/* A vertex and fragment stage in one program. */
static const char *vs_both = SSO "out vec4 v;\n"
                                 "void main() { gl_Position = gl_Vertex; v = vec4(0.5); }\n";
static const char *fs_both = SSO "in vec4 v;\n"
                                 "void main() { gl_FragColor = vec4(1.0, v.x, 0.0, 1.0); }\n";

static void pipelines(void)
{
    CHECK(has_extension("GL_ARB_separate_shader_objects"),
          "GL_ARB_separate_shader_objects is not advertised");
    GLuint pipe[2] = { 0, 0 };
    GLint v = -1;
    glGenProgramPipelines(2, pipe);
    CHECK(pipe[0] && pipe[1] && pipe[0] != pipe[1], "glGenProgramPipelines: %u %u", pipe[0],
          pipe[1]);
    CHECK(!glIsProgramPipeline(pipe[0]), "glIsProgramPipeline before the first bind");
    glGetIntegerv(GL_PROGRAM_PIPELINE_BINDING, &v);
    CHECK(v == 0, "initial GL_PROGRAM_PIPELINE_BINDING %d", v);
    glBindProgramPipeline(pipe[0]);
    CHECK(glIsProgramPipeline(pipe[0]), "glIsProgramPipeline after glBindProgramPipeline");
    CHECK(!glIsProgramPipeline(0), "glIsProgramPipeline(0)");
    glGetIntegerv(GL_PROGRAM_PIPELINE_BINDING, &v);
    CHECK(v == (GLint)pipe[0], "GL_PROGRAM_PIPELINE_BINDING %d, expected %u", v, pipe[0]);
    glDeleteProgramPipelines(1, &pipe[0]);
    glGetIntegerv(GL_PROGRAM_PIPELINE_BINDING, &v);
    CHECK(v == 0, "deleting the bound pipeline unbinds it: binding %d", v);
    CHECK(!glIsProgramPipeline(pipe[0]), "glIsProgramPipeline of a deleted pipeline");
    glBindProgramPipeline(pipe[0]);
    expect_error(GL_INVALID_OPERATION, "glBindProgramPipeline of a deleted name");
    glBindProgramPipeline(4242);
    expect_error(GL_INVALID_OPERATION, "glBindProgramPipeline of a never-generated name");
    glDeleteProgramPipelines(1, &pipe[1]);
    expect_error(GL_NO_ERROR, "the pipeline objects");
}

static void separable(void)
{
    /* Mesa reads GL_PROGRAM_SEPARABLE as 0 until the program is linked. */
    GLuint p = glCreateProgram();
    CHECK(prog_iv(p, GL_PROGRAM_SEPARABLE) == GL_FALSE, "GL_PROGRAM_SEPARABLE default %d",
          prog_iv(p, GL_PROGRAM_SEPARABLE));
    attach_shader(p, GL_VERTEX_SHADER, vs_both, "separable flag");
    link_program(p, "separable flag");
    CHECK(prog_iv(p, GL_PROGRAM_SEPARABLE) == GL_FALSE, "GL_PROGRAM_SEPARABLE of a plain link");
    glProgramParameteri(p, GL_PROGRAM_SEPARABLE, GL_TRUE);
    link_program(p, "separable flag");
    CHECK(prog_iv(p, GL_PROGRAM_SEPARABLE) == GL_TRUE, "glProgramParameteri(SEPARABLE, TRUE)");
    glProgramParameteri(p, GL_PROGRAM_SEPARABLE, 2);
    expect_error(GL_INVALID_VALUE, "glProgramParameteri(SEPARABLE, 2)");
    CHECK(prog_iv(p, GL_PROGRAM_SEPARABLE) == GL_TRUE, "a failed glProgramParameteri");
    glProgramParameteri(p, GL_PROGRAM_SEPARABLE, GL_FALSE);
    CHECK(prog_iv(p, GL_PROGRAM_SEPARABLE) == GL_FALSE, "glProgramParameteri(SEPARABLE, FALSE)");
    glDeleteProgram(p);

    GLuint vs = shader_program(GL_VERTEX_SHADER, vs_name, "vertex glCreateShaderProgramv");
    GLuint fs = shader_program(GL_FRAGMENT_SHADER, fs_name, "fragment glCreateShaderProgramv");
    CHECK(prog_iv(vs, GL_PROGRAM_SEPARABLE) == GL_TRUE &&
              prog_iv(fs, GL_PROGRAM_SEPARABLE) == GL_TRUE,
          "glCreateShaderProgramv programs are separable");
    CHECK(prog_iv(vs, GL_ATTACHED_SHADERS) == 0 && prog_iv(fs, GL_ATTACHED_SHADERS) == 0,
          "glCreateShaderProgramv leaves no attached shader: %d %d",
          prog_iv(vs, GL_ATTACHED_SHADERS), prog_iv(fs, GL_ATTACHED_SHADERS));
    glDeleteProgram(vs);
    glDeleteProgram(fs);

    const char *bad = SSO "void main() { gl_FragColor = undeclared; }\n";
    GLuint b = glCreateShaderProgramv(GL_FRAGMENT_SHADER, 1, &bad);
    CHECK(b != 0, "glCreateShaderProgramv of a bad source gives no program");
    char log[2048] = "";
    glGetProgramInfoLog(b, sizeof log, NULL, log);
    CHECK(prog_iv(b, GL_LINK_STATUS) == GL_FALSE, "a source that does not compile links");
    CHECK(prog_iv(b, GL_INFO_LOG_LENGTH) > 1 && log[0] != '\0',
          "no info log for a source that does not compile (length %d)",
          prog_iv(b, GL_INFO_LOG_LENGTH));
    glDeleteProgram(b);
    expect_error(GL_NO_ERROR, "the separable programs");
}

static void stages_and_errors(void)
{
    GLuint vs = shader_program(GL_VERTEX_SHADER, vs_name, "stages vertex");
    GLuint fs = shader_program(GL_FRAGMENT_SHADER, fs_uni, "stages fragment");
    GLuint pipe;
    glGenProgramPipelines(1, &pipe);
    glBindProgramPipeline(pipe);
    CHECK(pipe_iv(pipe, GL_VERTEX_SHADER) == 0 && pipe_iv(pipe, GL_FRAGMENT_SHADER) == 0 &&
              pipe_iv(pipe, GL_ACTIVE_PROGRAM) == 0 && pipe_iv(pipe, GL_VALIDATE_STATUS) == 0,
          "a new pipeline has no stage, no active program, VALIDATE_STATUS false");
    glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, vs);
    CHECK(pipe_iv(pipe, GL_VERTEX_SHADER) == (GLint)vs && pipe_iv(pipe, GL_FRAGMENT_SHADER) == 0,
          "glUseProgramStages(VERTEX_SHADER_BIT): vertex %d fragment %d",
          pipe_iv(pipe, GL_VERTEX_SHADER), pipe_iv(pipe, GL_FRAGMENT_SHADER));
    glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fs);
    CHECK(pipe_iv(pipe, GL_VERTEX_SHADER) == (GLint)vs &&
              pipe_iv(pipe, GL_FRAGMENT_SHADER) == (GLint)fs &&
              pipe_iv(pipe, GL_GEOMETRY_SHADER) == 0,
          "glUseProgramStages(FRAGMENT_SHADER_BIT): vertex %d fragment %d geometry %d",
          pipe_iv(pipe, GL_VERTEX_SHADER), pipe_iv(pipe, GL_FRAGMENT_SHADER),
          pipe_iv(pipe, GL_GEOMETRY_SHADER));
    glActiveShaderProgram(pipe, fs);
    CHECK(pipe_iv(pipe, GL_ACTIVE_PROGRAM) == (GLint)fs, "GL_ACTIVE_PROGRAM %d, expected %u",
          pipe_iv(pipe, GL_ACTIVE_PROGRAM), fs);
    glValidateProgramPipeline(pipe);
    CHECK(pipe_iv(pipe, GL_VALIDATE_STATUS) == GL_TRUE, "a vertex+fragment pipeline validates");
    CHECK(pipe_iv(pipe, GL_INFO_LOG_LENGTH) >= 0, "GL_INFO_LOG_LENGTH %d",
          pipe_iv(pipe, GL_INFO_LOG_LENGTH));
    expect_error(GL_NO_ERROR, "the stage queries");

    /* Errors. */
    GLuint plain = build_program("non-separable", vs_both, fs_both);
    glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, plain);
    expect_error(GL_INVALID_OPERATION, "glUseProgramStages of a non-separable program");
    GLuint unlinked = glCreateProgram();
    glProgramParameteri(unlinked, GL_PROGRAM_SEPARABLE, GL_TRUE);
    glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, unlinked);
    expect_error(GL_INVALID_OPERATION, "glUseProgramStages of an unlinked program");
    glUseProgramStages(pipe, 0x40000000, vs);
    expect_error(GL_INVALID_VALUE, "glUseProgramStages(bits 0x40000000)");
    glUseProgramStages(4242, GL_VERTEX_SHADER_BIT, vs);
    expect_error(GL_INVALID_OPERATION, "glUseProgramStages of a never-generated pipeline");
    glActiveShaderProgram(pipe, 4243);
    expect_error(GL_INVALID_VALUE, "glActiveShaderProgram of a nonexistent program");
    glActiveShaderProgram(pipe, unlinked);
    expect_error(GL_INVALID_OPERATION, "glActiveShaderProgram of an unlinked program");
    pipe_iv(pipe, GL_LINK_STATUS);
    expect_error(GL_INVALID_ENUM, "glGetProgramPipelineiv(GL_LINK_STATUS)");
    glProgramUniform1i(fs, glGetUniformLocation(fs, "c"), 1);
    expect_error(GL_INVALID_OPERATION, "glProgramUniform1i of a vec4 uniform");
    glProgramUniform4f(fs, glGetUniformLocation(fs, "k"), 1, 1, 1, 1);
    expect_error(GL_INVALID_OPERATION, "glProgramUniform4f of an int uniform");
    CHECK(pipe_iv(pipe, GL_VERTEX_SHADER) == (GLint)vs && pipe_iv(pipe, GL_ACTIVE_PROGRAM) ==
                                                                  (GLint)fs,
          "failed commands leave the pipeline");
    glBindProgramPipeline(0);
    glUniform1i(glGetUniformLocation(fs, "k"), 1);
    expect_error(GL_INVALID_OPERATION, "glUniform1i with no program and no pipeline");

    /* GL_ALL_SHADER_BITS with a vertex-only program clears the fragment
     * stage; program 0 clears them all. */
    glUseProgramStages(pipe, GL_ALL_SHADER_BITS, vs);
    CHECK(pipe_iv(pipe, GL_VERTEX_SHADER) == (GLint)vs && pipe_iv(pipe, GL_FRAGMENT_SHADER) == 0,
          "glUseProgramStages(ALL_SHADER_BITS, vertex program): fragment %d",
          pipe_iv(pipe, GL_FRAGMENT_SHADER));
    glUseProgramStages(pipe, GL_ALL_SHADER_BITS, 0);
    CHECK(pipe_iv(pipe, GL_VERTEX_SHADER) == 0, "glUseProgramStages(ALL_SHADER_BITS, 0)");
    expect_error(GL_NO_ERROR, "after the errors");
    glDeleteProgramPipelines(1, &pipe);
    glDeleteProgram(vs);
    glDeleteProgram(fs);
    glDeleteProgram(plain);
    glDeleteProgram(unlinked);
}

static void rendering(void)
{
    glUseProgram(0);
    GLuint pipe;
    glGenProgramPipelines(1, &pipe);
    glBindProgramPipeline(pipe);

    /* Varyings by name: fragment colour (vb, vc, va). A vertex program
     * linked by hand, so that it can be relinked. */
    GLuint vs = glCreateProgram();
    glProgramParameteri(vs, GL_PROGRAM_SEPARABLE, GL_TRUE);
    attach_shader(vs, GL_VERTEX_SHADER, vs_name, "by-name vertex");
    link_program(vs, "by-name vertex");
    GLuint fs = shader_program(GL_FRAGMENT_SHADER, fs_name, "by-name fragment");
    glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, vs);
    glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fs);
    draw_probe(128, 191, 64, "varyings matched by name");

    /* Varyings by location: (z, x, y). */
    GLuint vsl = shader_program(GL_VERTEX_SHADER, vs_loc, "by-location vertex");
    GLuint fsl = shader_program(GL_FRAGMENT_SHADER, fs_loc, "by-location fragment");
    glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, vsl);
    glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fsl);
    draw_probe(191, 64, 128, "varyings matched by location");

    /* Uniforms of the fragment program. */
    GLuint fsu = shader_program(GL_FRAGMENT_SHADER, fs_uni, "uniform fragment");
    glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, vs);
    glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fsu);
    static const GLfloat m[4] = { 0, 0.5f, 0, 0 };
    glProgramUniform4f(fsu, glGetUniformLocation(fsu, "c"), 1, 0, 0, 1);
    glProgramUniform1i(fsu, glGetUniformLocation(fsu, "k"), 3);
    glProgramUniformMatrix2fv(fsu, glGetUniformLocation(fsu, "m"), 1, GL_FALSE, m);
    expect_error(GL_NO_ERROR, "glProgramUniform*");
    draw_probe(255, 128, 191, "glProgramUniform4f, 1i, Matrix2fv");

    /* glUniform* with no current program: the active program's. */
    glActiveShaderProgram(pipe, fsu);
    glUniform4f(glGetUniformLocation(fsu, "c"), 0.5f, 0, 0, 1);
    glUniform1i(glGetUniformLocation(fsu, "k"), 1);
    expect_error(GL_NO_ERROR, "glUniform* to the active program");
    GLfloat c[4] = { -1, -1, -1, -1 };
    glGetUniformfv(fsu, glGetUniformLocation(fsu, "c"), c);
    CHECK(c[0] == 0.5f && c[3] == 1, "glUniform4f through the active program: %g %g %g %g",
          c[0], c[1], c[2], c[3]);
    draw_probe(128, 128, 64, "glUniform4f and glUniform1i through glActiveShaderProgram");

    /* glUseProgram wins over the pipeline, and glUniform then goes to the
     * current program. */
    GLuint full = build_program("full program", FTRANSFORM_VS("130"),
                                "#version 130\n"
                                "uniform float g;\n"
                                "void main() { gl_FragColor = vec4(1.0, g, 1.0, 1.0); }\n");
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glUseProgram(full);
    glUniform1f(glGetUniformLocation(full, "g"), 1.0f);
    expect_error(GL_NO_ERROR, "glUniform1f to the current program");
    draw_probe(255, 255, 255, "glUseProgram over the bound pipeline");
    glUseProgram(0);
    draw_probe(128, 128, 64, "glUseProgram(0) goes back to the pipeline");

    /* Swap the fragment stage only. */
    GLuint fsg = shader_program(GL_FRAGMENT_SHADER, fs_green, "green fragment");
    glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fsg);
    CHECK(pipe_iv(pipe, GL_VERTEX_SHADER) == (GLint)vs, "swapping the fragment stage keeps vertex");
    draw_probe(0, 255, 128, "the fragment stage swapped");
    /* Relink the vertex program unchanged. */
    link_program(vs, "relinked vertex");
    draw_probe(0, 255, 128, "the vertex program relinked");
    glValidateProgramPipeline(pipe);
    CHECK(pipe_iv(pipe, GL_VALIDATE_STATUS) == GL_TRUE, "the relinked pipeline validates");

    /* A program with both stages used for its vertex stage only: the
     * pipeline does not validate (GL 4.6 §11.1.3.11: "active for at least
     * one, but not all of the shader stages that were present when the
     * program was linked") and draws nothing; with all its stages it draws
     * its own fragment stage. */
    GLuint both = glCreateProgram();
    glProgramParameteri(both, GL_PROGRAM_SEPARABLE, GL_TRUE);
    attach_shader(both, GL_VERTEX_SHADER, vs_both, "two-stage program");
    attach_shader(both, GL_FRAGMENT_SHADER, fs_both, "two-stage program");
    link_program(both, "two-stage program");
    glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, both);
    CHECK(pipe_iv(pipe, GL_VERTEX_SHADER) == (GLint)both &&
              pipe_iv(pipe, GL_FRAGMENT_SHADER) == (GLint)fsg,
          "two-stage program on the vertex stage only: vertex %d fragment %d",
          pipe_iv(pipe, GL_VERTEX_SHADER), pipe_iv(pipe, GL_FRAGMENT_SHADER));
    glValidateProgramPipeline(pipe);
    GLint len = pipe_iv(pipe, GL_INFO_LOG_LENGTH);
    char log[512] = "";
    GLsizei got = -1;
    glGetProgramPipelineInfoLog(pipe, sizeof log, &got, log);
    CHECK(pipe_iv(pipe, GL_VALIDATE_STATUS) == GL_FALSE && len > 1 && got == len - 1,
          "a program active for some of its stages: VALIDATE_STATUS %d, log length %d, "
          "log \"%s\" (%d)", pipe_iv(pipe, GL_VALIDATE_STATUS), len, log, got);
    expect_error(GL_NO_ERROR, "glValidateProgramPipeline");
    glClear(GL_COLOR_BUFFER_BIT);
    unit_quad();
    expect_error(GL_INVALID_OPERATION, "drawing with that pipeline");
    CHECK_RGBA(16, 16, 0, 0, 0, 0, 0, "drawing with that pipeline");
    glUseProgramStages(pipe, GL_ALL_SHADER_BITS, both);
    CHECK(pipe_iv(pipe, GL_FRAGMENT_SHADER) == (GLint)both, "ALL_SHADER_BITS: fragment %d",
          pipe_iv(pipe, GL_FRAGMENT_SHADER));
    draw_probe(255, 128, 0, "both stages of the two-stage program");

    glBindProgramPipeline(0);
    glDeleteProgramPipelines(1, &pipe);
    GLuint progs[] = { vs, fs, vsl, fsl, fsu, full, fsg, both };
    for (unsigned i = 0; i < sizeof progs / sizeof progs[0]; i++)
        glDeleteProgram(progs[i]);
    expect_error(GL_NO_ERROR, "the drawing");
}

int main(void)
{
    struct test_window t = open_pixel_window(32);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    pipelines();
    separable();
    stages_and_errors();
    rendering();
    return close_test_window(&t);
}
