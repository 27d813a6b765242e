/*
 * arb_fbo.c: ARB_framebuffer_object, EXT_packed_depth_stencil and
 * ARB_texture_float, by their results:
 * - the ARB bind commands take only generated names (the EXT ones any);
 * - attachments of different sizes are complete, drawing covers the
 *   smallest; a draw or read buffer naming a missing attachment makes the
 *   framebuffer incomplete;
 * - glRenderbufferStorageMultisample with GL_MAX_SAMPLES 0,
 *   glFramebufferTextureLayer into a 3D texture's slice;
 * - attachment format queries, on objects and on the window's framebuffer;
 * - GL_DEPTH_STENCIL / GL_UNSIGNED_INT_24_8 through glReadPixels,
 *   glDrawPixels and glCopyPixels, with their errors, and
 *   ARB_depth_buffer_float's GL_FLOAT_32_UNSIGNED_INT_24_8_REV pairs and
 *   float depth textures;
 * - float textures: unclamped texels, component types, and
 *   GL_FRAMEBUFFER_UNSUPPORTED as colour attachments;
 * - ARB_texture_swizzle on RGBA and luminance textures;
 * - ARB_texture_storage: levels, immutability, clamped levels, errors;
 * - ARB_sampler_objects: a sampler's state replacing the texture's;
 * - ARB_ES2_compatibility: GLSL ES 1.00 programs, fixed-point attributes,
 *   precision formats, no shader binaries, RGB565.
 * Prints FAIL lines and PASS when all hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>
#include <string.h>

/* As Mesa, the compatibility profile accepts names not from glGen* in
 * both the ARB and the EXT binds (only core contexts refuse them). */
static void bind_rules(void)
{
    GLuint fb = 4242, rb = 4243;
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    expect_error(GL_NO_ERROR, "binding names not generated");
    CHECK(glIsFramebuffer(fb) && glIsRenderbuffer(rb), "bound names are objects");
    glBindFramebufferEXT(GL_FRAMEBUFFER, 0);
    glBindRenderbufferEXT(GL_RENDERBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteRenderbuffers(1, &rb);
    CHECK(!glIsFramebuffer(fb) && !glIsRenderbuffer(rb), "deleted names");
}

static void completeness(void)
{
    GLuint fb, rb[2];
    GLubyte px[4];
    glGenFramebuffers(1, &fb);
    glGenRenderbuffers(2, rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 8);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 8, 16);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
    /* EXT's draw/read buffer rule is not applied (GL 4.1 dropped it, Mesa
     * drops it): a depth-only framebuffer is complete, and reading its
     * missing colour buffer is INVALID_OPERATION. */
    GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(st == GL_FRAMEBUFFER_COMPLETE, "depth only, draw buffer COLOR0: 0x%x", st);
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    expect_error(GL_INVALID_OPERATION, "reading a missing colour buffer");
    glDrawBuffer(GL_NONE);
    glReadBuffer(GL_NONE);
    st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(st == GL_FRAMEBUFFER_COMPLETE, "depth only, no colour buffers: 0x%x", st);

    /* 16x8 colour with 8x16 depth/stencil: complete, 8x8 drawn. */
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
    glDrawBuffer(GL_COLOR_ATTACHMENT0);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(st == GL_FRAMEBUFFER_COMPLETE, "mixed sizes: 0x%x", st);
    glViewport(0, 0, 16, 8);
    glClearColor(1, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 255 && px[1] == 0, "mixed sizes: clear %d %d", px[0], px[1]);

    /* Queries. */
    GLint v = -1;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &v);
    CHECK(v == 8, "colour red size %d", v);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &v);
    CHECK(v == GL_UNSIGNED_NORMALIZED, "colour component type 0x%x", v);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &v);
    CHECK(v == GL_LINEAR, "colour encoding 0x%x", v);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                          GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, &v);
    CHECK(v == 24, "depth size %d", v);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
                                          GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE, &v);
    CHECK(v == 8, "stencil size %d", v);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
    CHECK(v == (GLint)rb[1], "depth/stencil object %d", v);
    expect_error(GL_NO_ERROR, "attachment queries");
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
    CHECK(v == (GLint)rb[0], "colour object %d", v);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
    expect_error(GL_INVALID_OPERATION, "DEPTH_STENCIL_ATTACHMENT naming two images");

    /* Multisample storage: more than GL_MAX_SAMPLES (0 on oxgl) fails. */
    GLint max_samples = -1;
    glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
    CHECK(max_samples >= 0, "GL_MAX_SAMPLES %d", max_samples);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, max_samples + 1, GL_RGBA8, 4, 4);
    /* GL 3.0: INVALID_VALUE; GL 4.2 answers INVALID_OPERATION when the
     * format's own maximum is exceeded first (Mesa). */
    GLenum e = glGetError();
    CHECK(e == GL_INVALID_VALUE || e == GL_INVALID_OPERATION, "GL_MAX_SAMPLES + 1 samples: 0x%x",
          e);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 0, GL_RGBA8, 4, 4);
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &v);
    CHECK(v == 0, "GL_RENDERBUFFER_SAMPLES %d", v);
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v);
    CHECK(v == 4, "multisample storage width %d", v);
    expect_error(GL_NO_ERROR, "multisample storage");

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteRenderbuffers(2, rb);
    glViewport(0, 0, 32, 32);

    /* The window's framebuffer. */
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK_LEFT,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
    CHECK(v == GL_FRAMEBUFFER_DEFAULT, "window back buffer type 0x%x", v);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK_LEFT,
                                          GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE, &v);
    CHECK(v == 8, "window green size %d", v);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_STENCIL,
                                          GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE, &v);
    CHECK(v == 8, "window stencil size %d", v);
    expect_error(GL_NO_ERROR, "window attachment queries");
}

static void texture_layer(void)
{
    GLuint fb, tex;
    GLubyte texels[4 * 4 * 3 * 4];
    memset(texels, 0, sizeof texels);
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_3D, tex);
    glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, 2);
    GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(st == GL_FRAMEBUFFER_COMPLETE, "3D slice attachment: 0x%x", st);
    GLint layer = -1;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &layer);
    CHECK(layer == 2, "attachment layer %d", layer);
    glViewport(0, 0, 4, 4);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, -1);
    expect_error(GL_INVALID_VALUE, "negative layer");
    GLuint t2;
    glGenTextures(1, &t2);
    glBindTexture(GL_TEXTURE_2D, t2);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t2, 0, 0);
    expect_error(GL_INVALID_OPERATION, "a layer of a 2D texture");
    /* Deleting an attached texture detaches it from the bound framebuffer. */
    GLuint t3;
    GLint type = -1;
    glGenTextures(1, &t3);
    glBindTexture(GL_TEXTURE_2D, t3);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t3, 0);
    glDeleteTextures(1, &t3);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type);
    CHECK(type == GL_NONE, "deleted texture still attached: 0x%x", type);
    st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(st == GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT, "after deleting: 0x%x", st);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, 32, 32);
    glBindTexture(GL_TEXTURE_3D, tex);
    glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    const GLubyte *s1 = texels + 4 * 4 * 4 * 1, *s2 = texels + 4 * 4 * 4 * 2;
    CHECK(s1[2] == 0 && s2[2] == 255 && s2[3] == 255, "slices after the clear: %d %d", s1[2],
          s2[2]);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &tex);
    glDeleteTextures(1, &t2);
}

static void packed_depth_stencil(void)
{
    GLuint v[4];
    glClearDepth(0.5);
    glClearStencil(0x33);
    glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glReadPixels(2, 2, 2, 2, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, v);
    expect_error(GL_NO_ERROR, "glReadPixels(GL_DEPTH_STENCIL)");
    GLuint d = v[0] >> 8;
    CHECK((v[0] & 0xff) == 0x33 && d >= 0x7fffff && d <= 0x800000,
          "cleared depth/stencil 0x%08x", v[0]);

    /* Draw a 2x2 image: depth 0.25, stencil 0x5a (depth written through
     * the depth test). */
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_ALWAYS);
    GLuint img[4];
    int i;
    for (i = 0; i < 4; i++)
        img[i] = (GLuint)(0.25 * 0xffffff + 0.5) << 8 | 0x5a;
    glRasterPos2i(10, 10);
    glDrawPixels(2, 2, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, img);
    expect_error(GL_NO_ERROR, "glDrawPixels(GL_DEPTH_STENCIL)");
    glReadPixels(10, 10, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, v);
    CHECK(v[0] == img[0], "drawn depth/stencil 0x%08x, expected 0x%08x", v[0], img[0]);

    /* Copy it to (20, 20). */
    glRasterPos2i(20, 20);
    glCopyPixels(10, 10, 2, 2, GL_DEPTH_STENCIL);
    expect_error(GL_NO_ERROR, "glCopyPixels(GL_DEPTH_STENCIL)");
    glReadPixels(21, 21, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, v);
    CHECK(v[0] == img[0], "copied depth/stencil 0x%08x", v[0]);
    glDepthFunc(GL_LESS);
    glDisable(GL_DEPTH_TEST);

    /* ARB_depth_buffer_float's float/stencil pairs. */
    struct {
        GLfloat depth;
        GLuint stencil;
    } pair[4];
    glReadPixels(21, 21, 1, 1, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, pair);
    CHECK(pair[0].depth > 0.2499f && pair[0].depth < 0.2501f && (pair[0].stencil & 0xff) == 0x5a,
          "float/stencil pair %f 0x%x", pair[0].depth, pair[0].stencil);
    for (i = 0; i < 4; i++) {
        pair[i].depth = 0.75f;
        pair[i].stencil = 0x21;
    }
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_ALWAYS);
    glRasterPos2i(24, 4);
    glDrawPixels(2, 2, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, pair);
    glDepthFunc(GL_LESS);
    glDisable(GL_DEPTH_TEST);
    glReadPixels(25, 5, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, v);
    CHECK((v[0] & 0xff) == 0x21 && (v[0] >> 8) >= 0xbfffff && (v[0] >> 8) <= 0xc00000,
          "drawn float/stencil pair 0x%08x", v[0]);
    expect_error(GL_NO_ERROR, "float/stencil pairs");

    glReadPixels(0, 0, 1, 1, GL_DEPTH_STENCIL, GL_FLOAT, v);
    expect_error(GL_INVALID_ENUM, "GL_DEPTH_STENCIL as GL_FLOAT");
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_INT_24_8, v);
    expect_error(GL_INVALID_OPERATION, "GL_RGBA as GL_UNSIGNED_INT_24_8");
}

static void float_textures(void)
{
    /* ARB_depth_buffer_float: a float depth texture keeps its values. */
    GLuint dtex;
    GLfloat dv[2] = { 0.3f, 0.123456789f }, dback[2] = { 0, 0 };
    GLint dtype = 0;
    glGenTextures(1, &dtex);
    glBindTexture(GL_TEXTURE_2D, dtex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 2, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT, dv);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, dback);
    CHECK(dback[0] == dv[0] && dback[1] == dv[1], "DEPTH_COMPONENT32F texels %.9f %.9f", dback[0],
          dback[1]);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_DEPTH_TYPE, &dtype);
    CHECK(dtype == GL_FLOAT, "GL_TEXTURE_DEPTH_TYPE 0x%x", dtype);
    glDeleteTextures(1, &dtex);

    GLuint tex, fb;
    GLfloat t[8] = { 2.5f, -1.0f, 0.25f, 100.0f, 1e-3f, 0.5f, 3.0f, 1.0f };
    GLfloat back[8];
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 2, 1, 0, GL_RGBA, GL_FLOAT, t);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, back);
    CHECK(memcmp(back, t, sizeof t) == 0, "RGBA32F texels %f %f %f %f", back[0], back[1],
          back[2], back[3]);
    GLint type = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE, &type);
    CHECK(type == GL_FLOAT, "GL_TEXTURE_RED_TYPE 0x%x", type);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE16F_ARB, 2, 1, 0, GL_RGBA, GL_FLOAT, t);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_LUMINANCE, GL_FLOAT, back);
    CHECK(back[0] == 2.5f && back[1] > 0.000999f && back[1] < 0.001001f,
          "LUMINANCE16F texels %f %f", back[0], back[1]);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_LUMINANCE_TYPE, &type);
    CHECK(type == GL_FLOAT, "GL_TEXTURE_LUMINANCE_TYPE 0x%x", type);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE, &type);
    CHECK(type == GL_NONE, "luminance GL_TEXTURE_RED_TYPE 0x%x", type);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_FLOAT, t);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_TYPE, &type);
    CHECK(type == GL_UNSIGNED_NORMALIZED, "RGBA8 GL_TEXTURE_ALPHA_TYPE 0x%x", type);
    expect_error(GL_NO_ERROR, "float textures");

    /* Colour renders at 8 bits: a float attachment is unsupported. */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16F, 4, 4, 0, GL_RGBA, GL_FLOAT, NULL);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(st == GL_FRAMEBUFFER_UNSUPPORTED || st == GL_FRAMEBUFFER_COMPLETE,
          "float attachment status 0x%x", st);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &tex);
}

/* ARB_texture_swizzle: applied to the looked-up colour (after the base
 * format's conversion: luminance L becomes (L, L, L, 1) first). */
static void texture_swizzle(void)
{
    GLuint tex;
    GLubyte t[4] = { 40, 80, 120, 160 }, px[4];
    GLint swz[4] = { GL_BLUE, GL_ONE, GL_ZERO, GL_RED }, got[4];
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, t);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swz);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, got);
    CHECK(memcmp(got, swz, sizeof swz) == 0, "GL_TEXTURE_SWIZZLE_RGBA 0x%x 0x%x 0x%x 0x%x",
          got[0], got[1], got[2], got[3]);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, GL_ALPHA);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, got);
    CHECK(got[0] == GL_ALPHA, "GL_TEXTURE_SWIZZLE_G 0x%x", got[0]);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_TEXTURE_2D);
    expect_error(GL_INVALID_ENUM, "a swizzle that is no component");
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_QUADS);
    glVertex2f(0, 0);
    glVertex2f(4, 0);
    glVertex2f(4, 4);
    glVertex2f(0, 4);
    glEnd();
    glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 120 && px[1] == 160 && px[2] == 0 && px[3] == 40,
          "swizzled texel %d %d %d %d", px[0], px[1], px[2], px[3]);
    /* Luminance 200: (L, L, L, 1) swizzled to (1, L, 0, L); REPLACE of a
     * luminance texture keeps the fragment's alpha (the base format still
     * decides the environment). */
    GLubyte l = 200;
    GLint swz2[4] = { GL_ALPHA, GL_RED, GL_ZERO, GL_GREEN };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE8, 1, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, &l);
    glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swz2);
    glBegin(GL_QUADS);
    glVertex2f(0, 0);
    glVertex2f(4, 0);
    glVertex2f(4, 4);
    glVertex2f(0, 4);
    glEnd();
    glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 255 && px[1] == 200 && px[2] == 0 && px[3] == 255,
          "swizzled luminance %d %d %d %d", px[0], px[1], px[2], px[3]);
    glDisable(GL_TEXTURE_2D);
    glDeleteTextures(1, &tex);
}

/* ARB_texture_storage: every level at once, immutable afterwards. */
static void texture_storage(void)
{
    GLuint tex;
    GLint v;
    GLubyte green[4 * 4 * 4], px[4];
    int i;
    for (i = 0; i < 16; i++) {
        green[i * 4 + 0] = 0;
        green[i * 4 + 1] = 255;
        green[i * 4 + 2] = 0;
        green[i * 4 + 3] = 255;
    }
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 8, 4);
    expect_error(GL_NO_ERROR, "glTexStorage2D");
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
    CHECK(v == GL_TRUE, "GL_TEXTURE_IMMUTABLE_FORMAT %d", v);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 2, GL_TEXTURE_WIDTH, &v);
    CHECK(v == 2, "level 2 width %d", v);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 3, GL_TEXTURE_WIDTH, &v);
    CHECK(v == 0, "level 3 width %d", v);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    expect_error(GL_INVALID_OPERATION, "glTexImage2D on an immutable texture");
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 4);
    expect_error(GL_INVALID_OPERATION, "glTexStorage2D twice");
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 10);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, &v);
    CHECK(v == 2, "max level clamped to %d", v);
    /* Levels filled with glTexSubImage2D: the smallest one is drawn. */
    glTexSubImage2D(GL_TEXTURE_2D, 2, 0, 0, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, green);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 2);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex2f(0, 0);
    glTexCoord2f(1, 0);
    glVertex2f(4, 0);
    glTexCoord2f(1, 1);
    glVertex2f(4, 4);
    glTexCoord2f(0, 1);
    glVertex2f(0, 4);
    glEnd();
    glDisable(GL_TEXTURE_2D);
    glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 0 && px[1] == 255, "immutable level 2 drawn: %d %d", px[0], px[1]);
    glDeleteTextures(1, &tex);

    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA, 4, 4);
    expect_error(GL_INVALID_ENUM, "glTexStorage2D of an unsized format");
    glTexStorage2D(GL_TEXTURE_2D, 4, GL_RGBA8, 4, 4);
    expect_error(GL_INVALID_OPERATION, "more levels than the size has");
    glTexStorage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4);
    expect_error(GL_INVALID_VALUE, "zero levels");
    glDeleteTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, 0);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
    expect_error(GL_INVALID_OPERATION, "glTexStorage2D on the default texture");
}

/* ARB_sampler_objects: a bound sampler's state replaces the texture's
 * (here NEAREST over the texture's mipmapped filter, which would make the
 * single-level texture incomplete). */
static void sampler_objects(void)
{
    GLuint tex, smp[2];
    GLubyte t[16], px[4];
    GLint v, i;
    for (i = 0; i < 4; i++) {
        t[i * 4 + 0] = 200;
        t[i * 4 + 1] = 100;
        t[i * 4 + 2] = 50;
        t[i * 4 + 3] = 255;
    }
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, t);
    /* The default min filter needs mipmaps: incomplete without a sampler. */
    glGenSamplers(2, smp);
    CHECK(glIsSampler(smp[0]) && !glIsSampler(777), "glIsSampler");
    glSamplerParameteri(smp[0], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glGetSamplerParameteriv(smp[0], GL_TEXTURE_MIN_FILTER, &v);
    CHECK(v == GL_NEAREST, "sampler min filter 0x%x", v);
    glGetSamplerParameteriv(smp[1], GL_TEXTURE_WRAP_S, &v);
    CHECK(v == GL_REPEAT, "default sampler wrap 0x%x", v);
    glSamplerParameteri(smp[0], GL_TEXTURE_MIN_FILTER, GL_RED);
    expect_error(GL_INVALID_ENUM, "a bad sampler filter");
    glSamplerParameteri(smp[0], GL_TEXTURE_BASE_LEVEL, 0);
    expect_error(GL_INVALID_ENUM, "a texture-only parameter on a sampler");
    glSamplerParameteri(777, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    expect_error(GL_INVALID_OPERATION, "glSamplerParameteri of no sampler");
    glBindSampler(0, 778);
    expect_error(GL_INVALID_OPERATION, "glBindSampler of a name not generated");
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glColor4f(0, 0, 1, 1);
    glBegin(GL_QUADS);
    glVertex2f(0, 0);
    glVertex2f(4, 0);
    glVertex2f(4, 4);
    glVertex2f(0, 4);
    glEnd();
    glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 0 && px[2] == 255, "incomplete texture without a sampler: %d %d", px[0],
          px[2]);
    glBindSampler(0, smp[0]);
    glGetIntegerv(GL_SAMPLER_BINDING, &v);
    CHECK(v == (GLint)smp[0], "GL_SAMPLER_BINDING %d", v);
    glBegin(GL_QUADS);
    glVertex2f(0, 0);
    glVertex2f(4, 0);
    glVertex2f(4, 4);
    glVertex2f(0, 4);
    glEnd();
    glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 200 && px[1] == 100 && px[2] == 50, "texture through the sampler: %d %d %d",
          px[0], px[1], px[2]);
    glDeleteSamplers(2, smp);
    glGetIntegerv(GL_SAMPLER_BINDING, &v);
    CHECK(v == 0, "deleted sampler still bound: %d", v);
    glDisable(GL_TEXTURE_2D);
    glColor4f(1, 1, 1, 1);
    glDeleteTextures(1, &tex);
    expect_error(GL_NO_ERROR, "sampler objects");
}

/* ARB_ES2_compatibility: GLSL ES 1.00 programs (and not 3.00), fixed-point
 * attributes, precision formats, no shader binaries, RGB565. */
static void es2_compatibility(void)
{
    static const char *vs = "#version 100\n"
                            "attribute vec4 pos;\n"
                            "varying mediump vec4 c;\n"
                            "void main() { gl_Position = pos; c = vec4(0.0, 1.0, 0.5, 1.0); }\n";
    static const char *fs = "#version 100\n"
                            "precision mediump float;\n"
                            "varying vec4 c;\n"
                            "void main() { gl_FragColor = c; }\n";
    static const char *es3 = "#version 300 es\nprecision mediump float;\nout vec4 o;\n"
                             "void main() { o = vec4(1.0); }\n";
    const char *src[2] = { vs, fs };
    GLenum kind[2] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
    GLuint p = glCreateProgram();
    GLint ok, v, range[2], precision;
    int i;
    for (i = 0; i < 2; i++) {
        GLuint sh = glCreateShader(kind[i]);
        glShaderSource(sh, 1, &src[i], NULL);
        glCompileShader(sh);
        glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
        CHECK(ok, "GLSL ES 1.00 shader %d does not compile", i);
        glAttachShader(p, sh);
        glDeleteShader(sh);
    }
    glBindAttribLocation(p, 0, "pos");
    glLinkProgram(p);
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    CHECK(ok, "GLSL ES 1.00 program does not link");
    GLuint sh = glCreateShader(GL_FRAGMENT_SHADER);
    glShaderSource(sh, 1, &es3, NULL);
    glCompileShader(sh);
    glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
    int has_es3 = strstr((const char *)glGetString(GL_EXTENSIONS), "GL_ARB_ES3_compatibility") != NULL;
    CHECK(ok == has_es3, "GLSL ES 3.00 compile status %d with ES3 compatibility %d", ok, has_es3);
    glDeleteShader(sh);

    /* A quad from fixed-point (16.16) positions over (-1,-1)..(-0.5,-0.5). */
    static const GLfixed quad[8] = { -65536, -65536, -32768, -65536, -65536, -32768, -32768, -32768 };
    glUseProgram(p);
    glVertexAttribPointer(0, 2, GL_FIXED, GL_FALSE, 0, quad);
    glEnableVertexAttribArray(0);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisableVertexAttribArray(0);
    glUseProgram(0);
    glDeleteProgram(p);
    GLubyte px[4];
    glReadPixels(2, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 0 && px[1] == 255 && px[2] >= 127 && px[2] <= 128,
          "GLSL ES 1.00 quad: %d %d %d", px[0], px[1], px[2]);
    glReadPixels(12, 12, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[1] == 0, "fixed-point quad too large: %d", px[1]);
    expect_error(GL_NO_ERROR, "GLSL ES 1.00 program");

    glGetShaderPrecisionFormat(GL_FRAGMENT_SHADER, GL_HIGH_FLOAT, range, &precision);
    CHECK(range[0] >= 62 && precision >= 16, "high float range %d precision %d", range[0],
          precision);
    glGetShaderPrecisionFormat(GL_VERTEX_SHADER, GL_TEXTURE_2D, range, &precision);
    expect_error(GL_INVALID_ENUM, "glGetShaderPrecisionFormat of no precision");
    glGetIntegerv(GL_NUM_SHADER_BINARY_FORMATS, &v);
    CHECK(v == 0, "GL_NUM_SHADER_BINARY_FORMATS %d", v);
    glShaderBinary(0, NULL, 0, NULL, 0);
    expect_error(GL_INVALID_ENUM, "glShaderBinary without formats");
    glGetIntegerv(GL_MAX_VARYING_VECTORS, &v);
    CHECK(v >= 8, "GL_MAX_VARYING_VECTORS %d", v);
    GLboolean b = GL_FALSE;
    glGetBooleanv(GL_SHADER_COMPILER, &b);
    CHECK(b, "GL_SHADER_COMPILER");

    GLuint tex;
    GLushort t565 = 0xF81F, back = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB565, 1, 1, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &t565);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &back);
    CHECK(back == t565, "GL_RGB565 texel 0x%x", back);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_GREEN_SIZE, &v);
    CHECK(v == 6, "GL_RGB565 green size %d", v);
    glDeleteTextures(1, &tex);
    expect_error(GL_NO_ERROR, "ES2 compatibility");
}

int main(void)
{
    static const int attribs[] = { GLX_RGBA,      GLX_DOUBLEBUFFER, GLX_RED_SIZE,     8,
                                   GLX_GREEN_SIZE, 8,                GLX_BLUE_SIZE,    8,
                                   GLX_ALPHA_SIZE, 8,                GLX_DEPTH_SIZE,   24,
                                   GLX_STENCIL_SIZE, 8,              None };
    struct test_window t = open_window_with(attribs, 32);
    glViewport(0, 0, 32, 32);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, 32, 0, 32, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    bind_rules();
    completeness();
    texture_layer();
    packed_depth_stencil();
    float_textures();
    texture_swizzle();
    texture_storage();
    sampler_objects();
    es2_compatibility();
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
