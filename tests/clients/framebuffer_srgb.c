/*
 * framebuffer_srgb.c: sRGB framebuffer update and blending
 * (EXT/ARB_framebuffer_sRGB, GL 3.0: blending and sRGB conversion).
 * - State: GL_FRAMEBUFFER_SRGB is off initially; glEnable/glDisable,
 *   glIsEnabled, glGetBooleanv/glGetIntegerv; glPopAttrib of
 *   GL_COLOR_BUFFER_BIT and of GL_ENABLE_BIT restores it
 *   ("color-buffer/enable").
 * - GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING is GL_SRGB for a
 *   GL_SRGB8_ALPHA8 texture or renderbuffer attachment and GL_LINEAR for an
 *   GL_RGBA8 one.
 * - Into a GL_SRGB8_ALPHA8 texture framebuffer, glColor4f(0.5, 0.25, 1,
 *   0.25): with GL_FRAMEBUFFER_SRGB off the bytes stored are the plain
 *   unorm ones (128, 64, 255, 64); with it on red and green are encoded
 *   (188, 137), blue and alpha are not (255, 64). The stored bytes are read
 *   with glReadPixels(GL_UNSIGNED_BYTE) while GL_FRAMEBUFFER_SRGB is off and
 *   with glGetTexImage, and the texture is sampled (which decodes sRGB) into
 *   an RGBA8 framebuffer, giving back about 128 for the encoded 0.5.
 * - Blending with GL_FRAMEBUFFER_SRGB on is done on linear values: the
 *   destination is decoded, blended, encoded (GL_SRC_ALPHA /
 *   GL_ONE_MINUS_SRC_ALPHA of 1.0 at alpha 0.5 over black stores 188, not
 *   128; GL_ONE/GL_ONE sums decoded destinations); with it off the stored
 *   bytes blend as unorm.
 * - glClear and glClearBufferfv encode the clear colour when it is on.
 * - A GL_RGBA8 attachment ignores GL_FRAMEBUFFER_SRGB for draws, blends and
 *   clears, also as attachment 1 beside an sRGB attachment 0 in one draw.
 * Tolerances: ±1 on stored bytes, ±2 on blends and decoded samples.
 *
 * Where the specs differ, and what is checked:
 * - glReadPixels of an sRGB buffer: ARB_framebuffer_sRGB issue 8 says the
 *   pixel path converts nothing; llvmpipe returns the stored bytes whether
 *   GL_FRAMEBUFFER_SRGB is on or off. The stored bytes are read only with it
 *   off (or with glGetTexImage, which EXT_texture_sRGB leaves unconverted).
 * - glClear: the GL 4.1 text (§4.2.3) does not list sRGB conversion among
 *   the per-fragment operations a clear goes through; GL ES 3.0 §4.2.3
 *   does, and llvmpipe (like the other desktop drivers) encodes the clear
 *   colour, glClear and glClearBufferfv alike, so the encoded clear is
 *   checked.
 * - The window's back buffer: llvmpipe reports GL_SRGB for its colour
 *   encoding (an sRGB-capable visual); what a window reports depends on the
 *   visual, so it is not checked. glBlitFramebuffer's sRGB handling changed
 *   between GL 4.3 and 4.4 and is not checked either.
 * Passes on Mesa llvmpipe (cc -O1 -Wall -Itests/clients
 * tests/clients/framebuffer_srgb.c -o framebuffer_srgb -lGL -lX11 -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "texture_fbo.h"
#include <math.h>

#define SIZE 8

static float to_linear(float s)
{
    return s <= 0.04045f ? s / 12.92f : powf((s + 0.055f) / 1.055f, 2.4f);
}

static float to_srgb(float l)
{
    if (l <= 0.0f)
        return 0.0f;
    if (l < 0.0031308f)
        return 12.92f * l;
    if (l >= 1.0f)
        return 1.0f;
    return 1.055f * powf(l, 1.0f / 2.4f) - 0.055f;
}

static int byte(float v)
{
    return (int)lroundf(v * 255.0f);
}

static void quad(float r, float g, float b, float a)
{
    glColor4f(r, g, b, a);
    unit_quad();
}

/* The framebuffer of texture_fbo.h, its texture of `internal` specified
 * as GL_RGBA / GL_UNSIGNED_BYTE. */
static GLuint texture_fbo(GLenum internal, GLuint *tex)
{
    return texture_fbo_of(internal, GL_RGBA, GL_UNSIGNED_BYTE, SIZE, tex);
}

static GLint encoding(GLenum attachment)
{
    GLint e = -1;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, attachment,
                                          GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &e);
    return e;
}

/* The stored bytes at (2, 3), read with GL_FRAMEBUFFER_SRGB off; the
 * enable is left as it was. */
static void check_stored(int r, int g, int b, int a, int tol, const char *what)
{
    GLboolean was = glIsEnabled(GL_FRAMEBUFFER_SRGB);
    glDisable(GL_FRAMEBUFFER_SRGB);
    CHECK_RGBA(2, 3, r, g, b, a, tol, what);
    if (was)
        glEnable(GL_FRAMEBUFFER_SRGB);
}

static void state(void)
{
    GLboolean b = 9;
    GLint i = 9;
    CHECK(!glIsEnabled(GL_FRAMEBUFFER_SRGB), "GL_FRAMEBUFFER_SRGB is initially on");
    glGetBooleanv(GL_FRAMEBUFFER_SRGB, &b);
    CHECK(b == GL_FALSE, "initial glGetBooleanv(GL_FRAMEBUFFER_SRGB) = %d", b);
    glEnable(GL_FRAMEBUFFER_SRGB);
    glGetBooleanv(GL_FRAMEBUFFER_SRGB, &b);
    glGetIntegerv(GL_FRAMEBUFFER_SRGB, &i);
    CHECK(glIsEnabled(GL_FRAMEBUFFER_SRGB) && b == GL_TRUE && i == 1,
          "glEnable(GL_FRAMEBUFFER_SRGB): glGetBooleanv %d, glGetIntegerv %d", b, i);
    glDisable(GL_FRAMEBUFFER_SRGB);
    glGetIntegerv(GL_FRAMEBUFFER_SRGB, &i);
    CHECK(!glIsEnabled(GL_FRAMEBUFFER_SRGB) && i == 0, "glDisable(GL_FRAMEBUFFER_SRGB)");

    glPushAttrib(GL_COLOR_BUFFER_BIT);
    glEnable(GL_FRAMEBUFFER_SRGB);
    glPopAttrib();
    CHECK(!glIsEnabled(GL_FRAMEBUFFER_SRGB), "glPopAttrib(GL_COLOR_BUFFER_BIT) restores it");
    glPushAttrib(GL_ENABLE_BIT);
    glEnable(GL_FRAMEBUFFER_SRGB);
    glPopAttrib();
    CHECK(!glIsEnabled(GL_FRAMEBUFFER_SRGB), "glPopAttrib(GL_ENABLE_BIT) restores it");
    expect_error(GL_NO_ERROR, "the state checks");

    GLuint tex, rb, fb = texture_fbo(GL_SRGB8_ALPHA8, &tex);
    CHECK(encoding(GL_COLOR_ATTACHMENT0) == GL_SRGB,
          "COLOR_ENCODING of a GL_SRGB8_ALPHA8 texture: 0x%x", encoding(GL_COLOR_ATTACHMENT0));
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_SRGB8_ALPHA8, SIZE, SIZE);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, rb);
    CHECK(encoding(GL_COLOR_ATTACHMENT1) == GL_SRGB,
          "COLOR_ENCODING of a GL_SRGB8_ALPHA8 renderbuffer: 0x%x",
          encoding(GL_COLOR_ATTACHMENT1));
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, SIZE, SIZE);
    CHECK(encoding(GL_COLOR_ATTACHMENT1) == GL_LINEAR,
          "COLOR_ENCODING of a GL_RGBA8 renderbuffer: 0x%x", encoding(GL_COLOR_ATTACHMENT1));
    expect_error(GL_NO_ERROR, "the encoding queries");
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteRenderbuffers(1, &rb);
    glDeleteTextures(1, &tex);

    fb = texture_fbo(GL_RGBA8, &tex);
    CHECK(encoding(GL_COLOR_ATTACHMENT0) == GL_LINEAR,
          "COLOR_ENCODING of a GL_RGBA8 texture: 0x%x", encoding(GL_COLOR_ATTACHMENT0));
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &tex);
}

/* Samples `tex` over an RGBA8 framebuffer and checks the colour at (2, 3). */
static void check_sampled(GLuint tex, int r, int g, int b, int a, const char *what)
{
    GLuint dst_tex;
    GLint prev = 0;
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &prev);
    GLuint dst = texture_fbo(GL_RGBA8, &dst_tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glEnable(GL_TEXTURE_2D);
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex2f(-1, -1);
    glTexCoord2f(1, 0);
    glVertex2f(1, -1);
    glTexCoord2f(1, 1);
    glVertex2f(1, 1);
    glTexCoord2f(0, 1);
    glVertex2f(-1, 1);
    glEnd();
    glDisable(GL_TEXTURE_2D);
    glBindTexture(GL_TEXTURE_2D, 0);
    CHECK_RGBA(2, 3, r, g, b, a, 2, what);
    glBindFramebuffer(GL_FRAMEBUFFER, prev);
    glDeleteFramebuffers(1, &dst);
    glDeleteTextures(1, &dst_tex);
}

static void srgb_buffer(void)
{
    GLuint tex;
    GLuint fb = texture_fbo(GL_SRGB8_ALPHA8, &tex);
    int half = byte(to_srgb(0.5f)), quarter = byte(to_srgb(0.25f)); /* 188, 137 */

    /* Writes. */
    glDisable(GL_FRAMEBUFFER_SRGB);
    quad(0.5f, 0.25f, 1.0f, 0.25f);
    check_stored(128, 64, 255, 64, 1, "a draw with GL_FRAMEBUFFER_SRGB off");
    check_sampled(tex, byte(to_linear(128 / 255.0f)), byte(to_linear(64 / 255.0f)), 255, 64,
                  "sampling the sRGB texture drawn with it off");
    glEnable(GL_FRAMEBUFFER_SRGB);
    quad(0.5f, 0.25f, 1.0f, 0.25f);
    check_stored(half, quarter, 255, 64, 1, "a draw with GL_FRAMEBUFFER_SRGB on");
    GLubyte texels[SIZE * SIZE * 4];
    glBindTexture(GL_TEXTURE_2D, tex);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glBindTexture(GL_TEXTURE_2D, 0);
    const GLubyte *t = texels + 4 * (3 * SIZE + 2);
    CHECK(near(t[0], half, 1) && near(t[1], quarter, 1) && t[2] == 255 && t[3] == 64,
          "glGetTexImage after a draw with GL_FRAMEBUFFER_SRGB on: %d %d %d %d, expected %d "
          "%d 255 64",
          t[0], t[1], t[2], t[3], half, quarter);
    check_sampled(tex, 128, 64, 255, 64, "sampling the sRGB texture drawn with it on");

    /* Blending in linear space. */
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    quad(1.0f, 0.5f, 0.0f, 0.5f);
    check_stored(half, quarter, 0, 64, 2, "SRC_ALPHA blend of 1.0 at alpha 0.5 over black, on");

    glDisable(GL_FRAMEBUFFER_SRGB);
    glDisable(GL_BLEND);
    quad(188 / 255.0f, 128 / 255.0f, 0.0f, 1.0f); /* raw bytes 188 128 0 255 */
    glEnable(GL_FRAMEBUFFER_SRGB);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);
    quad(0.25f, 0.25f, 0.5f, 0.0f);
    check_stored(byte(to_srgb(to_linear(188 / 255.0f) + 0.25f)),
                 byte(to_srgb(to_linear(128 / 255.0f) + 0.25f)), half, 255, 2,
                 "ONE/ONE blend of 0.25 0.25 0.5 over bytes 188 128 0, on");
    glDisable(GL_FRAMEBUFFER_SRGB);
    glDisable(GL_BLEND);
    quad(128 / 255.0f, 64 / 255.0f, 0.0f, 0.5f);
    glEnable(GL_BLEND);
    quad(0.25f, 0.25f, 0.5f, 0.25f);
    glDisable(GL_BLEND);
    check_stored(192, 128, 128, 192, 1, "ONE/ONE blend over bytes 128 64 0 128, off");

    /* Clears. */
    glClearColor(0.5f, 0.25f, 1.0f, 0.25f);
    glClear(GL_COLOR_BUFFER_BIT);
    check_stored(128, 64, 255, 64, 1, "glClear with GL_FRAMEBUFFER_SRGB off");
    glEnable(GL_FRAMEBUFFER_SRGB);
    glClear(GL_COLOR_BUFFER_BIT);
    check_stored(half, quarter, 255, 64, 1, "glClear with GL_FRAMEBUFFER_SRGB on");
    static const GLfloat zero[4] = { 0, 0, 0, 0 };
    static const GLfloat colour[4] = { 0.25f, 0.5f, 0.0f, 1.0f };
    glClearBufferfv(GL_COLOR, 0, zero);
    glClearBufferfv(GL_COLOR, 0, colour);
    check_stored(quarter, half, 0, 255, 1, "glClearBufferfv with GL_FRAMEBUFFER_SRGB on");
    glDisable(GL_FRAMEBUFFER_SRGB);
    expect_error(GL_NO_ERROR, "the sRGB buffer");

    /* An RGBA8 attachment 1 beside it: only attachment 0 is encoded. */
    GLuint tex8;
    glGenTextures(1, &tex8);
    glBindTexture(GL_TEXTURE_2D, tex8);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, SIZE, SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glBindTexture(GL_TEXTURE_2D, 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex8, 0);
    static const GLenum bufs[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
    glDrawBuffers(2, bufs);
    glEnable(GL_FRAMEBUFFER_SRGB);
    quad(0.5f, 0.25f, 1.0f, 0.25f);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    check_stored(half, quarter, 255, 64, 1, "sRGB attachment 0 of two, on");
    glReadBuffer(GL_COLOR_ATTACHMENT1);
    check_stored(128, 64, 255, 64, 1, "RGBA8 attachment 1 of two, on");
    glDisable(GL_FRAMEBUFFER_SRGB);
    expect_error(GL_NO_ERROR, "the two attachments");

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &tex);
    glDeleteTextures(1, &tex8);
}

/* A linear RGBA8 attachment ignores GL_FRAMEBUFFER_SRGB. */
static void linear_buffer(void)
{
    GLuint tex;
    GLuint fb = texture_fbo(GL_RGBA8, &tex);
    glEnable(GL_FRAMEBUFFER_SRGB);
    quad(0.5f, 0.25f, 1.0f, 0.25f);
    check_stored(128, 64, 255, 64, 1, "RGBA8: a draw with GL_FRAMEBUFFER_SRGB on");
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);
    quad(0.25f, 0.25f, 0.0f, 0.25f);
    glDisable(GL_BLEND);
    check_stored(192, 128, 255, 128, 1, "RGBA8: ONE/ONE blend with GL_FRAMEBUFFER_SRGB on");
    glClearColor(0.5f, 0.25f, 1.0f, 0.25f);
    glClear(GL_COLOR_BUFFER_BIT);
    check_stored(128, 64, 255, 64, 1, "RGBA8: glClear with GL_FRAMEBUFFER_SRGB on");
    glDisable(GL_FRAMEBUFFER_SRGB);
    expect_error(GL_NO_ERROR, "the RGBA8 buffer");
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &tex);
}

int main(void)
{
    struct test_window t = open_pixel_window(32);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glViewport(0, 0, SIZE, SIZE);
    CHECK(has_extension("GL_ARB_framebuffer_sRGB") || has_extension("GL_EXT_framebuffer_sRGB"),
          "GL_ARB_framebuffer_sRGB is not advertised");
    state();
    srgb_buffer();
    linear_buffer();
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
