/*
 * integer_fbo.c: integer colour attachments (EXT_texture_integer, GL 3.0:
 * framebuffer completeness, blending, glClearBuffer*, glReadPixels and
 * glBlitFramebuffer of integer buffers).
 * - GL_RGB10_A2UI (ARB_texture_rgb10_a2ui) drawn and read back as
 *   integers and packed with GL_UNSIGNED_INT_2_10_10_10_REV in RGBA and
 *   BGRA order (GL_RGB_INTEGER with it: INVALID_OPERATION);
 * - GL_RGBA8UI, GL_RGBA32UI and GL_RGBA32I textures, a GL_R16UI
 *   renderbuffer and a GL_RG32UI texture make complete framebuffers;
 * - a #version 130 fragment shader with an `out uvec4` / `out ivec4` draws
 *   exact values into them (4000000000u in RGBA32UI, -7 and 2147483647 in
 *   RGBA32I, 200 in RGBA8UI, 65535 in R16UI), read back with
 *   glReadPixels(GL_*_INTEGER, GL_UNSIGNED_INT / GL_INT) over every pixel;
 * - blending enabled (GL_ONE, GL_ONE) changes nothing on an integer buffer;
 * - glClearBufferuiv / glClearBufferiv values read back exactly;
 * - glReadPixels(GL_RGBA, GL_FLOAT) of an integer buffer and
 *   glReadPixels(GL_RGBA_INTEGER) of an RGBA8 buffer are
 *   GL_INVALID_OPERATION;
 * - glBlitFramebuffer RGBA32UI -> RGBA32UI with GL_NEAREST copies the
 *   values, with GL_LINEAR it is GL_INVALID_OPERATION, and RGBA32UI ->
 *   RGBA8 is GL_INVALID_OPERATION;
 * - one shader with `out vec4 c0; out uvec4 c1;` (glBindFragDataLocation
 *   before the link) writes an RGBA8 attachment 0 and an RGBA32UI
 *   attachment 1 together;
 * - the RGBA32UI texture rendered to samples back through a usampler2D
 *   with texelFetch (drawn into a second RGBA32UI framebuffer).
 * Only values each format holds are written: what the conversion of an
 * out-of-range value to a narrower format gives is not checked.
 * Passes on Mesa llvmpipe (cc -O1 -Wall -Itests/clients
 * tests/clients/integer_fbo.c -o integer_fbo -lGL -lX11 -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"
#include <GL/glext.h>
#include "texture_fbo.h"

#define SIZE 8

static const char *vs_pos = "#version 130\n"
                            "void main() { gl_Position = gl_Vertex; }\n";

static GLuint uint_prog, int_prog;

/* The framebuffer of texture_fbo.h. */
static GLuint texture_fbo(GLenum internal, GLenum format, GLenum type, GLuint *tex)
{
    return texture_fbo_of(internal, format, type, SIZE, tex);
}

static void check_complete(const char *what)
{
    GLenum s = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(s == GL_FRAMEBUFFER_COMPLETE, "%s: framebuffer status 0x%x", what, s);
}

/* Every pixel of the read buffer, read as `format` with `type` (GL_INT or
 * GL_UNSIGNED_INT, `n` components), equals want[0..n). */
static void check_all(const char *what, GLenum format, GLenum type, int n, const GLuint *want)
{
    GLuint got[SIZE * SIZE * 4];
    memset(got, 0xab, sizeof got);
    glReadPixels(0, 0, SIZE, SIZE, format, type, got);
    GLenum err = glGetError();
    CHECK(err == GL_NO_ERROR, "%s: glReadPixels error 0x%x", what, err);
    for (int i = 0; i < SIZE * SIZE; i++) {
        const GLuint *p = got + i * n;
        if (memcmp(p, want, n * sizeof(GLuint)) != 0) {
            if (type == GL_INT)
                CHECK(0, "%s: pixel (%d,%d) = %d %d %d %d, expected %d %d %d %d", what,
                      i % SIZE, i / SIZE, (int)p[0], n > 1 ? (int)p[1] : 0,
                      n > 2 ? (int)p[2] : 0, n > 3 ? (int)p[3] : 0, (int)want[0],
                      n > 1 ? (int)want[1] : 0, n > 2 ? (int)want[2] : 0,
                      n > 3 ? (int)want[3] : 0);
            else
                CHECK(0, "%s: pixel (%d,%d) = %u %u %u %u, expected %u %u %u %u", what,
                      i % SIZE, i / SIZE, p[0], n > 1 ? p[1] : 0, n > 2 ? p[2] : 0,
                      n > 3 ? p[3] : 0, want[0], n > 1 ? want[1] : 0, n > 2 ? want[2] : 0,
                      n > 3 ? want[3] : 0);
            return;
        }
    }
}

static void draw_uint(GLuint r, GLuint g, GLuint b, GLuint a)
{
    glUseProgram(uint_prog);
    glUniform4ui(glGetUniformLocation(uint_prog, "v"), r, g, b, a);
    unit_quad();
    glUseProgram(0);
}

static void draw_int(GLint r, GLint g, GLint b, GLint a)
{
    glUseProgram(int_prog);
    glUniform4i(glGetUniformLocation(int_prog, "v"), r, g, b, a);
    unit_quad();
    glUseProgram(0);
}

/* Draws, blends, clears and reads back each integer format. */
static void formats(void)
{
    GLuint tex, rb;

    GLuint fb = texture_fbo(GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, &tex);
    check_complete("GL_RGBA32UI texture");
    draw_uint(4000000000u, 0, 123456789u, 1);
    static const GLuint u32[4] = { 4000000000u, 0, 123456789u, 1 };
    check_all("uvec4 into GL_RGBA32UI", GL_RGBA_INTEGER, GL_UNSIGNED_INT, 4, u32);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);
    draw_uint(4000000000u, 0, 123456789u, 1);
    glDisable(GL_BLEND);
    check_all("GL_RGBA32UI drawn again under GL_BLEND (ONE, ONE)", GL_RGBA_INTEGER,
              GL_UNSIGNED_INT, 4, u32);
    static const GLuint clear_u[4] = { 1, 2, 3000000000u, 0xffffffffu };
    glClearBufferuiv(GL_COLOR, 0, clear_u);
    check_all("glClearBufferuiv on GL_RGBA32UI", GL_RGBA_INTEGER, GL_UNSIGNED_INT, 4, clear_u);
    GLfloat f[4];
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, f);
    expect_error(GL_INVALID_OPERATION, "glReadPixels(GL_RGBA, GL_FLOAT) of GL_RGBA32UI");
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &tex);

    fb = texture_fbo(GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, &tex);
    check_complete("GL_RGBA8UI texture");
    draw_uint(200, 1, 0, 255);
    static const GLuint u8[4] = { 200, 1, 0, 255 };
    check_all("uvec4 into GL_RGBA8UI", GL_RGBA_INTEGER, GL_UNSIGNED_INT, 4, u8);
    glEnable(GL_BLEND);
    draw_uint(200, 1, 0, 255);
    glDisable(GL_BLEND);
    check_all("GL_RGBA8UI drawn again under GL_BLEND (ONE, ONE)", GL_RGBA_INTEGER,
              GL_UNSIGNED_INT, 4, u8);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &tex);

    /* ARB_texture_rgb10_a2ui: 10-bit channels and a 2-bit alpha, read as
     * integers and packed. */
    fb = texture_fbo(GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, &tex);
    check_complete("GL_RGB10_A2UI texture");
    draw_uint(1023, 512, 7, 2);
    static const GLuint u10[4] = { 1023, 512, 7, 2 };
    check_all("uvec4 into GL_RGB10_A2UI", GL_RGBA_INTEGER, GL_UNSIGNED_INT, 4, u10);
    GLuint packed[2] = { 0, 0 };
    glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, packed);
    expect_error(GL_NO_ERROR, "glReadPixels(GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV)");
    CHECK(packed[0] == (1023u | 512u << 10 | 7u << 20 | 2u << 30),
          "GL_RGB10_A2UI read packed: 0x%08x", packed[0]);
    glReadPixels(0, 0, 1, 1, GL_BGRA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, packed);
    CHECK(packed[0] == (7u | 512u << 10 | 1023u << 20 | 2u << 30),
          "GL_RGB10_A2UI read packed as BGRA: 0x%08x", packed[0]);
    glReadPixels(0, 0, 1, 1, GL_RGB_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, packed);
    expect_error(GL_INVALID_OPERATION, "GL_UNSIGNED_INT_2_10_10_10_REV with GL_RGB_INTEGER");
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &tex);

    fb = texture_fbo(GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, &tex);
    check_complete("GL_RGBA32I texture");
    draw_int(-7, 2147483647, -2147483647 - 1, 0);
    static const GLint i32[4] = { -7, 2147483647, -2147483647 - 1, 0 };
    check_all("ivec4 into GL_RGBA32I", GL_RGBA_INTEGER, GL_INT, 4, (const GLuint *)i32);
    glEnable(GL_BLEND);
    draw_int(-7, 2147483647, -2147483647 - 1, 0);
    glDisable(GL_BLEND);
    check_all("GL_RGBA32I drawn again under GL_BLEND (ONE, ONE)", GL_RGBA_INTEGER, GL_INT, 4,
              (const GLuint *)i32);
    static const GLint clear_i[4] = { -1, -2147483647 - 1, 5, 2147483647 };
    glClearBufferiv(GL_COLOR, 0, clear_i);
    check_all("glClearBufferiv on GL_RGBA32I", GL_RGBA_INTEGER, GL_INT, 4,
              (const GLuint *)clear_i);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &tex);

    /* A GL_R16UI renderbuffer; missing channels read as 0, alpha as 1. */
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_R16UI, SIZE, SIZE);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    check_complete("GL_R16UI renderbuffer");
    draw_uint(65535, 9, 9, 9);
    static const GLuint r16[4] = { 65535, 0, 0, 1 };
    check_all("uvec4 into GL_R16UI, read as GL_RED_INTEGER", GL_RED_INTEGER, GL_UNSIGNED_INT, 1,
              r16);
    check_all("uvec4 into GL_R16UI, read as GL_RGBA_INTEGER", GL_RGBA_INTEGER, GL_UNSIGNED_INT,
              4, r16);
    static const GLuint clear_r16[4] = { 4321, 0, 0, 0 };
    glClearBufferuiv(GL_COLOR, 0, clear_r16);
    check_all("glClearBufferuiv on GL_R16UI", GL_RED_INTEGER, GL_UNSIGNED_INT, 1, clear_r16);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteRenderbuffers(1, &rb);

    fb = texture_fbo(GL_RG32UI, GL_RG_INTEGER, GL_UNSIGNED_INT, &tex);
    check_complete("GL_RG32UI texture");
    draw_uint(4000000000u, 7, 9, 9);
    static const GLuint rg32[2] = { 4000000000u, 7 };
    check_all("uvec4 into GL_RG32UI", GL_RG_INTEGER, GL_UNSIGNED_INT, 2, rg32);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &tex);

    /* GL_RGBA_INTEGER from a normalized buffer. */
    fb = texture_fbo(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, &tex);
    check_complete("GL_RGBA8 texture");
    GLuint u[4];
    glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, u);
    expect_error(GL_INVALID_OPERATION, "glReadPixels(GL_RGBA_INTEGER) of GL_RGBA8");
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &tex);
    expect_error(GL_NO_ERROR, "the formats");
}

static void blits(void)
{
    GLuint tex[3];
    GLuint src = texture_fbo(GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, &tex[0]);
    static const GLuint v[4] = { 4000000000u, 17, 0x80000000u, 3 };
    glClearBufferuiv(GL_COLOR, 0, v);
    GLuint dst = texture_fbo(GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, &tex[1]);
    static const GLuint zero[4] = { 0, 0, 0, 0 };
    glClearBufferuiv(GL_COLOR, 0, zero);
    GLuint dst8 = texture_fbo(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, &tex[2]);

    glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, dst);
    glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE, GL_COLOR_BUFFER_BIT, GL_LINEAR);
    expect_error(GL_INVALID_OPERATION, "glBlitFramebuffer RGBA32UI -> RGBA32UI, GL_LINEAR");
    glBindFramebuffer(GL_READ_FRAMEBUFFER, dst);
    check_all("RGBA32UI after the GL_LINEAR blit", GL_RGBA_INTEGER, GL_UNSIGNED_INT, 4, zero);

    glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
    glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    expect_error(GL_NO_ERROR, "glBlitFramebuffer RGBA32UI -> RGBA32UI, GL_NEAREST");
    glBindFramebuffer(GL_READ_FRAMEBUFFER, dst);
    check_all("RGBA32UI blitted with GL_NEAREST", GL_RGBA_INTEGER, GL_UNSIGNED_INT, 4, v);

    glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, dst8);
    glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    expect_error(GL_INVALID_OPERATION, "glBlitFramebuffer RGBA32UI -> RGBA8");

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    GLuint fbs[3] = { src, dst, dst8 };
    glDeleteFramebuffers(3, fbs);
    glDeleteTextures(3, tex);
}

/* RGBA8 at attachment 0 and RGBA32UI at attachment 1, one draw. */
static void mixed_outputs(void)
{
    static const char *fs = "#version 130\n"
                            "out vec4 c0;\n"
                            "out uvec4 c1;\n"
                            "void main() {\n"
                            "  c0 = vec4(1.0, 0.0, 0.2, 1.0);\n"
                            "  c1 = uvec4(4000000000u, 77u, 0u, 65536u);\n"
                            "}\n";
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, vs_pos, "mixed outputs") ||
        !attach_shader(p, GL_FRAGMENT_SHADER, fs, "mixed outputs"))
        return;
    glBindFragDataLocation(p, 0, "c0");
    glBindFragDataLocation(p, 1, "c1");
    if (!link_program(p, "mixed outputs"))
        return;
    CHECK(glGetFragDataLocation(p, "c1") == 1, "glGetFragDataLocation(c1) = %d",
          glGetFragDataLocation(p, "c1"));

    GLuint tex[2];
    GLuint fb = texture_fbo(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, &tex[0]);
    glGenTextures(1, &tex[1]);
    glBindTexture(GL_TEXTURE_2D, tex[1]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI, SIZE, SIZE, 0, GL_RGBA_INTEGER,
                 GL_UNSIGNED_INT, NULL);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex[1], 0);
    check_complete("RGBA8 + RGBA32UI attachments");
    static const GLenum bufs[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
    glDrawBuffers(2, bufs);
    glUseProgram(p);
    unit_quad();
    glUseProgram(0);
    expect_error(GL_NO_ERROR, "the mixed draw");
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    CHECK_RGBA(3, 5, 255, 0, 51, 255, 1, "vec4 c0 in the RGBA8 attachment");
    glReadBuffer(GL_COLOR_ATTACHMENT1);
    static const GLuint want[4] = { 4000000000u, 77, 0, 65536 };
    check_all("uvec4 c1 in the RGBA32UI attachment", GL_RGBA_INTEGER, GL_UNSIGNED_INT, 4, want);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(2, tex);
    glDeleteProgram(p);
}

/* Render into an RGBA32UI texture, then texelFetch it into another. */
static void sample_back(void)
{
    static const char *fs = "#version 130\n"
                            "uniform usampler2D tex;\n"
                            "out uvec4 c;\n"
                            "void main() {\n"
                            "  c = texelFetch(tex, ivec2(gl_FragCoord.xy), 0) + uvec4(1u);\n"
                            "}\n";
    GLuint p = build_program("texelFetch of a usampler2D", vs_pos, fs);
    if (!p)
        return;
    GLuint tex[2];
    GLuint first = texture_fbo(GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, &tex[0]);
    draw_uint(3999999999u, 0, 0x7fffffffu, 41);
    GLuint second = texture_fbo(GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, &tex[1]);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "tex"), 0);
    unit_quad();
    glUseProgram(0);
    glBindTexture(GL_TEXTURE_2D, 0);
    static const GLuint want[4] = { 4000000000u, 1, 0x80000000u, 42 };
    check_all("texelFetch of the rendered GL_RGBA32UI texture, plus 1", GL_RGBA_INTEGER,
              GL_UNSIGNED_INT, 4, want);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    GLuint fbs[2] = { first, second };
    glDeleteFramebuffers(2, fbs);
    glDeleteTextures(2, tex);
    glDeleteProgram(p);
}

int main(void)
{
    struct test_window t = open_pixel_window(32);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glViewport(0, 0, SIZE, SIZE);
    uint_prog = build_program("uvec4 output", vs_pos,
                              "#version 130\n"
                              "uniform uvec4 v;\n"
                              "out uvec4 c;\n"
                              "void main() { c = v; }\n");
    int_prog = build_program("ivec4 output", vs_pos,
                             "#version 130\n"
                             "uniform ivec4 v;\n"
                             "out ivec4 c;\n"
                             "void main() { c = v; }\n");
    if (uint_prog && int_prog) {
        formats();
        blits();
        mixed_outputs();
        sample_back();
    }
    expect_error(GL_NO_ERROR, "the end");
    glDeleteProgram(uint_prog);
    glDeleteProgram(int_prog);
    return close_test_window(&t);
}
