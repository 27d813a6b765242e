/*
 * color_buffer_float.c: colour clamping controls (ARB_color_buffer_float,
 * glClampColor, GL 3.0: vertex, fragment and read colour clamping).
 * - State: GL_CLAMP_VERTEX_COLOR is initially GL_TRUE, GL_CLAMP_FRAGMENT_COLOR
 *   and GL_CLAMP_READ_COLOR GL_FIXED_ONLY, by glGetIntegerv, glGetBooleanv
 *   and glGetFloatv; each of TRUE/FALSE/FIXED_ONLY reads back after
 *   glClampColor; a bad target or clamp value is GL_INVALID_ENUM;
 *   glClampColor between glBegin and glEnd is GL_INVALID_OPERATION.
 * - Attribute groups: glPopAttrib of GL_LIGHTING_BIT restores the vertex
 *   clamp (only), of GL_COLOR_BUFFER_BIT the fragment and read clamps
 *   (only), of GL_PIXEL_MODE_BIT none of them. The ARB spec's state table
 *   puts them in "lighting/enable" and "color-buffer/enable", so
 *   GL_ENABLE_BIT should restore all three too, but Mesa 22.3 llvmpipe's
 *   GL_ENABLE_BIT leaves them alone; that is not checked either way.
 * - On a GL_RGBA32F texture framebuffer, colour (2, -1, 0.5, 3):
 *   fixed-function glColor4f is clamped to (1, 0, 0.5, 1) under the vertex
 *   clamp TRUE and kept under vertex and fragment clamps FALSE (or the
 *   vertex clamp FIXED_ONLY, the buffer being float); a GLSL gl_FragColor
 *   is clamped under the fragment clamp TRUE and kept under FIXED_ONLY; a
 *   vertex shader's gl_FrontColor read as gl_Color is clamped under the
 *   vertex clamp TRUE and kept under FALSE (the ARB spec, issue 23: the
 *   vertex clamp controls vertex shader results too).
 * - glReadPixels(GL_FLOAT) of the float buffer clamps to [0, 1] under the
 *   read clamp TRUE, not under FALSE or FIXED_ONLY; GL_UNSIGNED_BYTE always
 *   clamps.
 * - On an RGBA8 framebuffer with every clamp FALSE the stored colour is
 *   still clamped (a fixed-point buffer holds [0, 1] only), and reads back
 *   clamped as floats.
 * Passes on Mesa llvmpipe (cc -O1 -Wall -Itests/clients
 * tests/clients/color_buffer_float.c -o color_buffer_float -lGL -lX11 -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"
#include <GL/glext.h>
#include "texture_fbo.h"
#include <math.h>

#define SIZE 8

static const float over[4] = { 2.0f, -1.0f, 0.5f, 3.0f };
static const float clamped[4] = { 1.0f, 0.0f, 0.5f, 1.0f };

/* Every pixel of the read buffer, as floats, is `want` (to 1e-3). */
static void check_float(const char *what, const float *want)
{
    GLfloat got[SIZE * SIZE * 4];
    for (int i = 0; i < SIZE * SIZE * 4; i++)
        got[i] = -99;
    glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_FLOAT, got);
    expect_error(GL_NO_ERROR, what);
    for (int i = 0; i < SIZE * SIZE; i++) {
        const GLfloat *p = got + 4 * i;
        for (int c = 0; c < 4; c++) {
            if (fabsf(p[c] - want[c]) > 1e-3f) {
                CHECK(0, "%s: pixel (%d,%d) = %g %g %g %g, expected %g %g %g %g", what,
                      i % SIZE, i / SIZE, p[0], p[1], p[2], p[3], want[0], want[1], want[2],
                      want[3]);
                return;
            }
        }
    }
}

static void check_clamp(GLenum target, GLint want, const char *what)
{
    GLint i = -1;
    GLboolean b = 9;
    GLfloat f = -1;
    glGetIntegerv(target, &i);
    glGetBooleanv(target, &b);
    glGetFloatv(target, &f);
    GLboolean want_b = want != GL_FALSE;
    CHECK(i == want && b == want_b && f == (GLfloat)want,
          "%s: glGetIntegerv %d (0x%x), glGetBooleanv %d, glGetFloatv %g; expected 0x%x", what, i,
          i, b, f, want);
}

static void state(void)
{
    check_clamp(GL_CLAMP_VERTEX_COLOR, GL_TRUE, "initial GL_CLAMP_VERTEX_COLOR");
    check_clamp(GL_CLAMP_FRAGMENT_COLOR, GL_FIXED_ONLY, "initial GL_CLAMP_FRAGMENT_COLOR");
    check_clamp(GL_CLAMP_READ_COLOR, GL_FIXED_ONLY, "initial GL_CLAMP_READ_COLOR");
    expect_error(GL_NO_ERROR, "the initial queries");

    static const GLenum targets[3] = { GL_CLAMP_VERTEX_COLOR, GL_CLAMP_FRAGMENT_COLOR,
                                       GL_CLAMP_READ_COLOR };
    static const GLenum values[3] = { GL_FALSE, GL_FIXED_ONLY, GL_TRUE };
    for (int t = 0; t < 3; t++) {
        for (int v = 0; v < 3; v++) {
            char what[80];
            snprintf(what, sizeof what, "glClampColor(0x%x, 0x%x)", targets[t], values[v]);
            glClampColor(targets[t], values[v]);
            expect_error(GL_NO_ERROR, what);
            check_clamp(targets[t], values[v], what);
        }
    }

    glClampColor(GL_BLEND, GL_TRUE);
    expect_error(GL_INVALID_ENUM, "glClampColor(GL_BLEND, GL_TRUE)");
    glClampColor(GL_RGBA_FLOAT_MODE_ARB, GL_TRUE);
    expect_error(GL_INVALID_ENUM, "glClampColor(GL_RGBA_FLOAT_MODE, GL_TRUE)");
    glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_CLAMP_TO_EDGE);
    expect_error(GL_INVALID_ENUM, "glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_CLAMP_TO_EDGE)");
    glClampColor(GL_CLAMP_VERTEX_COLOR, 2);
    expect_error(GL_INVALID_ENUM, "glClampColor(GL_CLAMP_VERTEX_COLOR, 2)");
    check_clamp(GL_CLAMP_FRAGMENT_COLOR, GL_TRUE, "GL_CLAMP_FRAGMENT_COLOR after the errors");
    check_clamp(GL_CLAMP_VERTEX_COLOR, GL_TRUE, "GL_CLAMP_VERTEX_COLOR after the errors");
    glBegin(GL_POINTS);
    glClampColor(GL_CLAMP_READ_COLOR, GL_FALSE);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glClampColor between glBegin and glEnd");
    check_clamp(GL_CLAMP_READ_COLOR, GL_TRUE, "GL_CLAMP_READ_COLOR after glBegin/glEnd");

    /* Attribute groups: vertex in lighting, fragment and read in
     * color-buffer (GL_ENABLE_BIT is not checked: see the header). All
     * three are GL_TRUE here. */
    static const struct {
        GLbitfield bit;
        const char *name;
        int has[3]; /* vertex, fragment, read */
    } groups[] = {
        { GL_LIGHTING_BIT, "GL_LIGHTING_BIT", { 1, 0, 0 } },
        { GL_COLOR_BUFFER_BIT, "GL_COLOR_BUFFER_BIT", { 0, 1, 1 } },
        { GL_PIXEL_MODE_BIT, "GL_PIXEL_MODE_BIT", { 0, 0, 0 } },
    };
    for (unsigned g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        glPushAttrib(groups[g].bit);
        for (int t = 0; t < 3; t++)
            glClampColor(targets[t], GL_FIXED_ONLY);
        glPopAttrib();
        expect_error(GL_NO_ERROR, groups[g].name);
        for (int t = 0; t < 3; t++) {
            char what[96];
            snprintf(what, sizeof what, "0x%x after glPushAttrib(%s)/glPopAttrib", targets[t],
                     groups[g].name);
            check_clamp(targets[t], groups[g].has[t] ? GL_TRUE : GL_FIXED_ONLY, what);
            glClampColor(targets[t], GL_TRUE);
        }
    }

    for (int t = 0; t < 3; t++)
        glClampColor(targets[t], t == 0 ? GL_TRUE : GL_FIXED_ONLY);
    expect_error(GL_NO_ERROR, "the state checks");
}

/* The framebuffer of texture_fbo.h, its texture of `internal` specified
 * as GL_RGBA / GL_FLOAT. */
static GLuint texture_fbo(GLenum internal, GLuint *tex)
{
    return texture_fbo_of(internal, GL_RGBA, GL_FLOAT, SIZE, tex);
}

static void clamps(GLenum vertex, GLenum fragment, GLenum read)
{
    glClampColor(GL_CLAMP_VERTEX_COLOR, vertex);
    glClampColor(GL_CLAMP_FRAGMENT_COLOR, fragment);
    glClampColor(GL_CLAMP_READ_COLOR, read);
}

/* Clears to black, then a full-viewport quad of glColor `over` under the
 * given clamps, with `program` (0: fixed function). */
static void draw(GLuint program, GLenum vertex, GLenum fragment)
{
    static const float black[4] = { 0, 0, 0, 0 };
    glClearBufferfv(GL_COLOR, 0, black);
    clamps(vertex, fragment, GL_FALSE);
    glUseProgram(program);
    glColor4fv(over);
    unit_quad();
    glUseProgram(0);
    expect_error(GL_NO_ERROR, "a draw");
}

static void float_buffer(void)
{
    GLuint tex;
    GLuint fb = texture_fbo(GL_RGBA32F, &tex);

    /* Fixed function. */
    draw(0, GL_TRUE, GL_FIXED_ONLY);
    check_float("glColor4f(2, -1, 0.5, 3), vertex clamp TRUE", clamped);
    draw(0, GL_FALSE, GL_FALSE);
    check_float("glColor4f(2, -1, 0.5, 3), vertex and fragment clamps FALSE", over);
    draw(0, GL_FIXED_ONLY, GL_FIXED_ONLY);
    check_float("glColor4f(2, -1, 0.5, 3), both clamps FIXED_ONLY, float buffer", over);
    draw(0, GL_FALSE, GL_TRUE);
    check_float("glColor4f(2, -1, 0.5, 3), vertex FALSE, fragment TRUE", clamped);

    /* The read clamp. */
    draw(0, GL_FALSE, GL_FALSE);
    glClampColor(GL_CLAMP_READ_COLOR, GL_TRUE);
    check_float("glReadPixels(GL_FLOAT) of the float buffer, read clamp TRUE", clamped);
    glClampColor(GL_CLAMP_READ_COLOR, GL_FIXED_ONLY);
    check_float("glReadPixels(GL_FLOAT) of the float buffer, read clamp FIXED_ONLY", over);
    glClampColor(GL_CLAMP_READ_COLOR, GL_FALSE);
    check_float("glReadPixels(GL_FLOAT) of the float buffer, read clamp FALSE", over);
    CHECK_RGBA(2, 3, 255, 0, 128, 255, 1, "glReadPixels(GL_UNSIGNED_BYTE), read clamp FALSE");

    /* A fragment shader's gl_FragColor. */
    GLuint fs_prog = build_program("gl_FragColor (2, -1, 0.5, 3)",
                                   "void main() { gl_Position = gl_Vertex; }\n",
                                   "void main() { gl_FragColor = vec4(2.0, -1.0, 0.5, 3.0); }\n");
    if (fs_prog) {
        draw(fs_prog, GL_TRUE, GL_TRUE);
        check_float("gl_FragColor, fragment clamp TRUE", clamped);
        draw(fs_prog, GL_TRUE, GL_FIXED_ONLY);
        check_float("gl_FragColor, fragment clamp FIXED_ONLY, float buffer", over);
        draw(fs_prog, GL_TRUE, GL_FALSE);
        check_float("gl_FragColor, fragment clamp FALSE", over);
        glDeleteProgram(fs_prog);
    }

    /* A vertex shader's gl_FrontColor, read as gl_Color. */
    GLuint vs_prog = build_program("gl_FrontColor (2, -1, 0.5, 3)",
                                   "void main() {\n"
                                   "  gl_FrontColor = vec4(2.0, -1.0, 0.5, 3.0);\n"
                                   "  gl_Position = gl_Vertex;\n"
                                   "}\n",
                                   "void main() { gl_FragColor = gl_Color; }\n");
    if (vs_prog) {
        draw(vs_prog, GL_TRUE, GL_FALSE);
        check_float("gl_FrontColor, vertex clamp TRUE", clamped);
        draw(vs_prog, GL_FALSE, GL_FALSE);
        check_float("gl_FrontColor, vertex clamp FALSE", over);
        glDeleteProgram(vs_prog);
    }

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &tex);
}

static void fixed_buffer(void)
{
    GLuint tex;
    GLuint fb = texture_fbo(GL_RGBA8, &tex);
    draw(0, GL_FALSE, GL_FALSE);
    CHECK_RGBA(2, 3, 255, 0, 128, 255, 1, "RGBA8, every clamp FALSE, glColor4f(2, -1, 0.5, 3)");
    glClampColor(GL_CLAMP_READ_COLOR, GL_FALSE);
    static const float stored[4] = { 1.0f, 0.0f, 128 / 255.0f, 1.0f };
    check_float("RGBA8 read as GL_FLOAT, read clamp FALSE", stored);

    GLuint p = build_program("gl_FragColor into RGBA8",
                             "void main() { gl_Position = gl_Vertex; }\n",
                             "void main() { gl_FragColor = vec4(2.0, -1.0, 0.5, 3.0); }\n");
    if (p) {
        draw(p, GL_FALSE, GL_FALSE);
        CHECK_RGBA(2, 3, 255, 0, 128, 255, 1, "RGBA8, fragment clamp FALSE, gl_FragColor");
        glDeleteProgram(p);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &tex);
    clamps(GL_TRUE, GL_FIXED_ONLY, GL_FIXED_ONLY);
}

int main(void)
{
    struct test_window t = open_pixel_window(32);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glViewport(0, 0, SIZE, SIZE);
    CHECK(has_extension("GL_ARB_color_buffer_float"),
          "GL_ARB_color_buffer_float is not advertised");
    state();
    float_buffer();
    fixed_buffer();
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
