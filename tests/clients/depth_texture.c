/*
 * depth_texture.c: depth textures and shadow comparison (ARB_depth_texture,
 * ARB_shadow, EXT_shadow_funcs, GL 1.4/1.5): depth images specified from
 * every client type and read back with glGetTexImage, copied from the depth
 * buffer, their level queries and errors; GL_DEPTH_TEXTURE_MODE,
 * GL_TEXTURE_COMPARE_MODE and GL_TEXTURE_COMPARE_FUNC state, and what a
 * textured quad shows: the depth as luminance, intensity, alpha or red, the
 * comparison of r (divided by q, clamped to [0, 1]) with the texel for each
 * function, and linear filtering averaging the comparisons of the texels
 * (percentage-closer filtering). Prints FAIL lines and PASS when all hold.
 *
 * Only 2D textures are compared: for a 1D texture Mesa's fixed-function
 * program takes the reference from t, ARB_shadow (and oxgl) from r.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>
#include <math.h>
#include <stdlib.h>

#define W 32

/* Reads pixel (x, y) and checks R, G, B within 2 of the expected values. */
static void expect_rgb(int x, int y, int r, int g, int b, const char *what)
{
    GLubyte p[4];
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
    CHECK(abs(p[0] - r) <= 2 && abs(p[1] - g) <= 2 && abs(p[2] - b) <= 2,
          "%s: pixel (%d,%d) = %d %d %d, expected %d %d %d", what, x, y, p[0], p[1], p[2], r,
          g, b);
}

/* A quad over the window: s, t from 0 to 1, r from r0 (left) to r1 (right),
 * every coordinate multiplied by q. */
static void quad(float r0, float r1, float q)
{
    glBegin(GL_QUADS);
    glTexCoord4f(0, 0, r0 * q, q);
    glVertex2f(0, 0);
    glTexCoord4f(q, 0, r1 * q, q);
    glVertex2f(W, 0);
    glTexCoord4f(q, q, r1 * q, q);
    glVertex2f(W, W);
    glTexCoord4f(0, q, r0 * q, q);
    glVertex2f(0, W);
    glEnd();
}

static GLint tex_param(GLenum pname)
{
    GLint v = -1;
    glGetTexParameteriv(GL_TEXTURE_2D, pname, &v);
    return v;
}

static GLint level_param(GLenum target, GLenum pname)
{
    GLint v = -1;
    glGetTexLevelParameteriv(target, 0, pname, &v);
    return v;
}

/* Round trips of depth images through glTexImage2D / glGetTexImage. */
static void images(void)
{
    GLfloat f[4] = { 0.0f, 0.25f, 0.6f, 1.0f }, fb[4];
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 4, 1, 0, GL_DEPTH_COMPONENT,
                 GL_FLOAT, f);
    expect_error(GL_NO_ERROR, "depth image from floats");
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, fb);
    for (int i = 0; i < 4; i++)
        CHECK(fabsf(fb[i] - f[i]) < 1e-6f, "float round trip %d: %g, expected %g", i, fb[i],
              f[i]);
    CHECK(level_param(GL_TEXTURE_2D, GL_TEXTURE_INTERNAL_FORMAT) == GL_DEPTH_COMPONENT24,
          "internal format");
    CHECK(level_param(GL_TEXTURE_2D, GL_TEXTURE_DEPTH_SIZE) == 24, "24-bit depth size %d",
          level_param(GL_TEXTURE_2D, GL_TEXTURE_DEPTH_SIZE));
    CHECK(level_param(GL_TEXTURE_2D, GL_TEXTURE_RED_SIZE) == 0, "depth red size");
    CHECK(level_param(GL_TEXTURE_2D, GL_TEXTURE_LUMINANCE_SIZE) == 0, "depth luminance size");

    /* 16 bits hold unsigned shorts exactly; bytes become b * 257. */
    GLushort us[4] = { 0, 1000, 40000, 65535 }, usb[4];
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT16, 4, 1, 0, GL_DEPTH_COMPONENT,
                 GL_UNSIGNED_SHORT, us);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, usb);
    for (int i = 0; i < 4; i++)
        CHECK(usb[i] == us[i], "ushort round trip %d: %d, expected %d", i, usb[i], us[i]);
    CHECK(level_param(GL_TEXTURE_2D, GL_TEXTURE_DEPTH_SIZE) == 16, "16-bit depth size");
    GLubyte ub[4] = { 0, 1, 128, 255 };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT16, 4, 1, 0, GL_DEPTH_COMPONENT,
                 GL_UNSIGNED_BYTE, ub);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, usb);
    for (int i = 0; i < 4; i++)
        CHECK(usb[i] == ub[i] * 257, "ubyte image %d: %d, expected %d", i, usb[i], ub[i] * 257);
    /* Signed types: negative values clamp to 0. */
    GLbyte sb[4] = { -128, -5, 0, 127 };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT16, 4, 1, 0, GL_DEPTH_COMPONENT, GL_BYTE,
                 sb);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, usb);
    CHECK(usb[0] == 0 && usb[1] == 0 && usb[2] == 0 && usb[3] == 65535,
          "byte image: %d %d %d %d", usb[0], usb[1], usb[2], usb[3]);
    GLuint ui[4] = { 0, 0x80000000u, 0xffffffffu, 0x40000000u };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 4, 1, 0, GL_DEPTH_COMPONENT,
                 GL_UNSIGNED_INT, ui);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, fb);
    CHECK(fabsf(fb[0]) < 1e-6f && fabsf(fb[1] - 0.5f) < 1e-6f && fabsf(fb[2] - 1.0f) < 1e-6f &&
              fabsf(fb[3] - 0.25f) < 1e-6f,
          "uint image: %g %g %g %g", fb[0], fb[1], fb[2], fb[3]);
    CHECK(level_param(GL_TEXTURE_2D, GL_TEXTURE_INTERNAL_FORMAT) == GL_DEPTH_COMPONENT,
          "unsized internal format");
    CHECK(level_param(GL_TEXTURE_2D, GL_TEXTURE_DEPTH_SIZE) >= 16, "unsized depth size %d",
          level_param(GL_TEXTURE_2D, GL_TEXTURE_DEPTH_SIZE));
    GLint si[2] = { -7, 0x7fffffff };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 2, 1, 0, GL_DEPTH_COMPONENT, GL_INT, si);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, fb);
    CHECK(fb[0] == 0.0f && fabsf(fb[1] - 1.0f) < 1e-6f, "int image: %g %g", fb[0], fb[1]);

    /* Sub-image, and depth scale/bias on specification. */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 4, 1, 0, GL_DEPTH_COMPONENT,
                 GL_FLOAT, f);
    GLfloat half = 0.5f;
    glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &half);
    glPixelTransferf(GL_DEPTH_SCALE, 0.5f);
    glPixelTransferf(GL_DEPTH_BIAS, 0.25f);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 3, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &half);
    glPixelTransferf(GL_DEPTH_SCALE, 1.0f);
    glPixelTransferf(GL_DEPTH_BIAS, 0.0f);
    expect_error(GL_NO_ERROR, "depth sub-images");
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, fb);
    CHECK(fabsf(fb[1] - 0.5f) < 1e-6f && fabsf(fb[3] - 0.5f) < 1e-6f && fabsf(fb[2] - 0.6f) < 1e-6f,
          "sub-images: %g %g %g %g", fb[0], fb[1], fb[2], fb[3]);
    /* ... and on read-back. */
    glPixelTransferf(GL_DEPTH_SCALE, 0.5f);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, fb);
    glPixelTransferf(GL_DEPTH_SCALE, 1.0f);
    CHECK(fabsf(fb[1] - 0.25f) < 1e-6f && fabsf(fb[2] - 0.3f) < 1e-6f && fabsf(fb[3] - 0.25f) < 1e-6f,
          "scaled read-back: %g %g %g %g", fb[0], fb[1], fb[2], fb[3]);

    /* Packed depth/stencil pixels: depth in the top 24 bits. */
    GLuint ds[2] = { 0x400000BBu, 0xC00000BBu };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 2, 1, 0, GL_DEPTH_STENCIL,
                 GL_UNSIGNED_INT_24_8, ds);
    expect_error(GL_NO_ERROR, "depth/stencil image");
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, fb);
    CHECK(fabsf(fb[0] - 0.25f) < 1e-6f && fabsf(fb[1] - 0.75f) < 1e-6f,
          "depth/stencil image: %g %g", fb[0], fb[1]);
    GLuint dsb[2] = { 0, 0 };
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, dsb);
    CHECK(dsb[0] == ds[0] && dsb[1] == ds[1], "depth/stencil read-back %#x %#x", dsb[0], dsb[1]);
    CHECK(level_param(GL_TEXTURE_2D, GL_TEXTURE_DEPTH_SIZE) == 24 &&
              level_param(GL_TEXTURE_2D, GL_TEXTURE_STENCIL_SIZE) == 8,
          "depth/stencil sizes %d %d", level_param(GL_TEXTURE_2D, GL_TEXTURE_DEPTH_SIZE),
          level_param(GL_TEXTURE_2D, GL_TEXTURE_STENCIL_SIZE));
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT16, 2, 1, 0, GL_DEPTH_STENCIL,
                 GL_UNSIGNED_INT_24_8, ds);
    expect_error(GL_NO_ERROR, "depth/stencil pixels for a depth format");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 1, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8,
                 ds);
    expect_error(GL_INVALID_OPERATION, "depth/stencil pixels for a colour format");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT16, 2, 1, 0, GL_STENCIL_INDEX, GL_INT, ds);
    expect_error(GL_INVALID_OPERATION, "stencil pixels for a depth format");

    /* Errors. */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 4, 1, 0, GL_RGBA, GL_FLOAT, NULL);
    expect_error(GL_INVALID_OPERATION, "depth internal format, colour format");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
    expect_error(GL_INVALID_OPERATION, "colour internal format, depth format");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT16, 4, 1, 0, GL_DEPTH_COMPONENT,
                 GL_UNSIGNED_SHORT_5_6_5, NULL);
    expect_error(GL_INVALID_OPERATION, "depth with a packed type");
    glTexImage3D(GL_TEXTURE_3D, 0, GL_DEPTH_COMPONENT, 2, 2, 2, 0, GL_DEPTH_COMPONENT,
                 GL_FLOAT, NULL);
    expect_error(GL_INVALID_OPERATION, "3D depth texture");
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_FLOAT, f);
    expect_error(GL_INVALID_OPERATION, "colour sub-image of a depth image");
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, fb);
    expect_error(GL_INVALID_OPERATION, "colour read-back of a depth image");
    GLuint colour;
    glGenTextures(1, &colour);
    glBindTexture(GL_TEXTURE_1D, colour);
    glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 4, 0, GL_RGBA, GL_FLOAT, NULL);
    glGetTexImage(GL_TEXTURE_1D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, fb);
    expect_error(GL_INVALID_OPERATION, "depth read-back of a colour image");
    glTexSubImage1D(GL_TEXTURE_1D, 0, 0, 1, GL_DEPTH_COMPONENT, GL_FLOAT, f);
    expect_error(GL_INVALID_OPERATION, "depth sub-image of a colour image");
    /* A 1D depth texture is fine. */
    glTexImage1D(GL_TEXTURE_1D, 0, GL_DEPTH_COMPONENT16, 4, 0, GL_DEPTH_COMPONENT, GL_FLOAT, f);
    expect_error(GL_NO_ERROR, "1D depth texture");
    CHECK(level_param(GL_TEXTURE_1D, GL_TEXTURE_DEPTH_SIZE) == 16, "1D depth size");
    glDeleteTextures(1, &colour);
}

/* Texture object state: defaults, values, errors, GL_TEXTURE_BIT. */
static void state(void)
{
    CHECK(tex_param(GL_DEPTH_TEXTURE_MODE) == GL_LUMINANCE, "default depth mode");
    CHECK(tex_param(GL_TEXTURE_COMPARE_MODE) == GL_NONE, "default compare mode");
    CHECK(tex_param(GL_TEXTURE_COMPARE_FUNC) == GL_LEQUAL, "default compare func");
    const GLenum modes[] = { GL_INTENSITY, GL_ALPHA, GL_RED, GL_LUMINANCE };
    for (int i = 0; i < 4; i++) {
        glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, modes[i]);
        CHECK(tex_param(GL_DEPTH_TEXTURE_MODE) == (GLint)modes[i], "depth mode %x", modes[i]);
    }
    for (GLenum f = GL_NEVER; f <= GL_ALWAYS; f++) {
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, f);
        CHECK(tex_param(GL_TEXTURE_COMPARE_FUNC) == (GLint)f, "compare func %x", f);
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);
    CHECK(tex_param(GL_TEXTURE_COMPARE_MODE) == GL_COMPARE_REF_TO_TEXTURE, "compare mode");
    expect_error(GL_NO_ERROR, "texture parameters");

    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_RGBA);
    expect_error(GL_INVALID_ENUM, "bad compare func");
    glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, 0x1FF);
    expect_error(GL_INVALID_ENUM, "compare func below GL_NEVER");
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_LEQUAL);
    expect_error(GL_INVALID_ENUM, "bad compare mode");
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, -1);
    expect_error(GL_INVALID_ENUM, "negative compare mode");
    CHECK(tex_param(GL_TEXTURE_COMPARE_MODE) == GL_COMPARE_REF_TO_TEXTURE,
          "mode kept after errors");
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_RGB);
    expect_error(GL_INVALID_ENUM, "bad depth mode");
    CHECK(tex_param(GL_TEXTURE_COMPARE_FUNC) == GL_ALWAYS, "func kept after an error");
    CHECK(tex_param(GL_DEPTH_TEXTURE_MODE) == GL_LUMINANCE, "mode kept after an error");

    /* GL_TEXTURE_BIT saves the bound texture's parameters. */
    glPushAttrib(GL_TEXTURE_BIT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_NONE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LESS);
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_ALPHA);
    glPopAttrib();
    CHECK(tex_param(GL_TEXTURE_COMPARE_MODE) == GL_COMPARE_REF_TO_TEXTURE &&
              tex_param(GL_TEXTURE_COMPARE_FUNC) == GL_ALWAYS &&
              tex_param(GL_DEPTH_TEXTURE_MODE) == GL_LUMINANCE,
          "GL_TEXTURE_BIT restores: %x %x %x", tex_param(GL_TEXTURE_COMPARE_MODE),
          tex_param(GL_TEXTURE_COMPARE_FUNC), tex_param(GL_DEPTH_TEXTURE_MODE));
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_NONE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    expect_error(GL_NO_ERROR, "state");
}

/* Depth as luminance, intensity, alpha, red; no comparison. */
static void modes(void)
{
    /* Texels 0.2, 0.4, 0.6, 0.8: 8 pixels each. */
    GLfloat d[4] = { 0.2f, 0.4f, 0.6f, 0.8f };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 4, 1, 0, GL_DEPTH_COMPONENT,
                 GL_FLOAT, d);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);

    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_LUMINANCE);
    quad(0, 0, 1);
    for (int i = 0; i < 4; i++) {
        int v = (int)(d[i] * 255 + 0.5f);
        expect_rgb(i * 8 + 4, 16, v, v, v, "luminance");
    }
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_RED);
    quad(0, 0, 1);
    expect_rgb(12, 16, 102, 0, 0, "red");

    /* Alpha reaches the framebuffer through blending: RGB = white * A. */
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ZERO);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
    glColor3f(1, 1, 1);
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_ALPHA);
    quad(0, 0, 1);
    expect_rgb(20, 16, 153, 153, 153, "alpha");
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_INTENSITY);
    quad(0, 0, 1);
    /* I * I: 0.8 * 0.8. */
    expect_rgb(28, 16, 163, 163, 163, "intensity");
    glDisable(GL_BLEND);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_LUMINANCE);
    expect_error(GL_NO_ERROR, "depth modes");
}

/* r compared with texels 0, 0.3, 0.7, 1 (8 pixels each) by every function:
 * the expected results per texel, 1 meaning white. */
static void compare_row(GLenum func, float r, const char *expect, const char *what)
{
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, func);
    quad(r, r, 1);
    for (int i = 0; i < 4; i++) {
        int v = expect[i] == '1' ? 255 : 0;
        char name[96];
        snprintf(name, sizeof name, "%s r=%g texel %d", what, r, i);
        expect_rgb(i * 8 + 4, 16, v, v, v, name);
    }
}

static void compare(void)
{
    GLfloat d[4] = { 0.0f, 0.3f, 0.7f, 1.0f };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 4, 1, 0, GL_DEPTH_COMPONENT,
                 GL_FLOAT, d);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);
    compare_row(GL_LEQUAL, 0.5f, "0011", "LEQUAL");
    compare_row(GL_GEQUAL, 0.5f, "1100", "GEQUAL");
    compare_row(GL_LESS, 0.5f, "0011", "LESS");
    compare_row(GL_GREATER, 0.5f, "1100", "GREATER");
    compare_row(GL_NEVER, 0.5f, "0000", "NEVER");
    compare_row(GL_ALWAYS, 0.5f, "1111", "ALWAYS");
    compare_row(GL_EQUAL, 1.0f, "0001", "EQUAL");
    compare_row(GL_NOTEQUAL, 1.0f, "1110", "NOTEQUAL");
    compare_row(GL_LESS, 1.0f, "0000", "LESS");
    compare_row(GL_LEQUAL, 1.0f, "0001", "LEQUAL");
    compare_row(GL_GEQUAL, 0.0f, "1000", "GEQUAL");
    compare_row(GL_GREATER, 0.0f, "0000", "GREATER");
    /* The reference is clamped to [0, 1]. */
    compare_row(GL_EQUAL, 1.5f, "0001", "EQUAL (clamped)");
    compare_row(GL_EQUAL, -0.5f, "1000", "EQUAL (clamped)");

    /* One texel at 0.5, r from 0 to 1 across the window: LEQUAL splits at
     * the middle; the same with q = 2 (projective). */
    GLfloat mid = 0.5f;
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 1, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                 &mid);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    for (int q = 1; q <= 2; q++) {
        quad(0, 1, (float)q);
        expect_rgb(0, 16, 255, 255, 255, "r crossing: left");
        expect_rgb(15, 16, 255, 255, 255, "r crossing: last pixel before");
        expect_rgb(16, 16, 0, 0, 0, "r crossing: first pixel after");
        expect_rgb(31, 16, 0, 0, 0, "r crossing: right");
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_GREATER);
    quad(0, 1, 1);
    expect_rgb(15, 16, 0, 0, 0, "GREATER crossing: before");
    expect_rgb(16, 16, 255, 255, 255, "GREATER crossing: after");

    /* The comparison result follows the depth mode: alpha. */
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ZERO);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_ALPHA);
    glColor3f(1, 1, 1);
    quad(0, 1, 1);
    expect_rgb(8, 16, 0, 0, 0, "alpha-mode comparison: before");
    expect_rgb(24, 16, 255, 255, 255, "alpha-mode comparison: after");
    glDisable(GL_BLEND);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_LUMINANCE);

    /* Linear filtering: texels 0 and 1 compared with r = 0.5 (LEQUAL) give
     * 0 and 1, and between them the filter weight of the second texel. */
    GLfloat two[2] = { 0.0f, 1.0f };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 2, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                 two);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    quad(0.5f, 0.5f, 1);
    expect_rgb(2, 16, 0, 0, 0, "PCF: left");
    expect_rgb(30, 16, 255, 255, 255, "PCF: right");
    /* Pixel x: s = (x + 0.5) / 32, weight of texel 1 = 2 s - 0.5. */
    for (int x = 10; x <= 22; x += 4) {
        float wgt = 2.0f * (x + 0.5f) / W - 0.5f;
        int v = (int)(wgt * 255 + 0.5f);
        expect_rgb(x, 16, v, v, v, "PCF: between");
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_NONE);
    glDisable(GL_TEXTURE_2D);
    expect_error(GL_NO_ERROR, "comparisons");
}

/* glCopyTexImage2D / glCopyTexSubImage2D from the depth buffer. */
static void copies(void)
{
    glClearDepth(0.25);
    glClear(GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_ALWAYS);
    /* Right half at depth 0.75 (eye z -0.5 under glOrtho(.., -1, 1)). */
    glBegin(GL_QUADS);
    glVertex3f(16, 0, -0.5f);
    glVertex3f(32, 0, -0.5f);
    glVertex3f(32, 32, -0.5f);
    glVertex3f(16, 32, -0.5f);
    glEnd();
    glDisable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 8, 8, 16, 16, 0);
    expect_error(GL_NO_ERROR, "glCopyTexImage2D from depth");
    CHECK(level_param(GL_TEXTURE_2D, GL_TEXTURE_INTERNAL_FORMAT) == GL_DEPTH_COMPONENT,
          "copied internal format");
    GLfloat got[16 * 16];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, got);
    CHECK(fabsf(got[0] - 0.25f) < 1e-3f && fabsf(got[15] - 0.75f) < 1e-3f &&
              fabsf(got[15 * 16 + 7] - 0.25f) < 1e-3f && fabsf(got[15 * 16 + 8] - 0.75f) < 1e-3f,
          "copied depth: %g %g %g %g", got[0], got[15], got[15 * 16 + 7], got[15 * 16 + 8]);
    /* Sub-image: the right half's depth into texels (0..3, 0..3). */
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 20, 4, 4, 4);
    expect_error(GL_NO_ERROR, "glCopyTexSubImage2D from depth");
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, got);
    CHECK(fabsf(got[0] - 0.75f) < 1e-3f && fabsf(got[4] - 0.25f) < 1e-3f,
          "copied depth sub-image: %g %g", got[0], got[4]);
    /* Depth scale applies on the way in. */
    glPixelTransferf(GL_DEPTH_SCALE, 2.0f);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT16, 8, 8, 16, 16, 0);
    glPixelTransferf(GL_DEPTH_SCALE, 1.0f);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, got);
    CHECK(fabsf(got[0] - 0.5f) < 1e-3f && fabsf(got[15] - 1.0f) < 1e-3f,
          "scaled copied depth: %g %g", got[0], got[15]);
    expect_error(GL_NO_ERROR, "copies");
}

int main(void)
{
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        printf("FAIL: cannot open display\n");
        return 1;
    }
    int attribs[] = { GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, GLX_DEPTH_SIZE, 16, None };
    XVisualInfo *vis = glXChooseVisual(dpy, DefaultScreen(dpy), attribs);
    if (!vis) {
        printf("FAIL: no RGBA visual with depth\n");
        return 1;
    }
    Window root = RootWindow(dpy, vis->screen);
    XSetWindowAttributes swa = { 0 };
    swa.colormap = XCreateColormap(dpy, root, vis->visual, AllocNone);
    Window win = XCreateWindow(dpy, root, 0, 0, W, W, 0, vis->depth, InputOutput, vis->visual,
                               CWColormap, &swa);
    GLXContext ctx = glXCreateContext(dpy, vis, NULL, True);
    if (!ctx || !glXMakeCurrent(dpy, win, ctx)) {
        printf("FAIL: no current context\n");
        return 1;
    }
    glViewport(0, 0, W, W);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, W, 0, W, -1, 1);
    glMatrixMode(GL_MODELVIEW);

    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    state();
    images();
    modes();
    compare();
    copies();

    glXMakeCurrent(dpy, None, NULL);
    glXDestroyContext(dpy, ctx);
    XDestroyWindow(dpy, win);
    XFree(vis);
    XCloseDisplay(dpy);

    /* Without a depth buffer there is nothing to copy: a window of a config
     * without one (glXChooseVisual may add a depth buffer nobody asked for). */
    dpy = XOpenDisplay(NULL);
    int n = 0;
    GLXFBConfig *configs = glXGetFBConfigs(dpy, DefaultScreen(dpy), &n);
    GLXFBConfig plain = NULL;
    for (int i = 0; i < n && !plain; i++) {
        int depth, render, drawable, visual;
        glXGetFBConfigAttrib(dpy, configs[i], GLX_DEPTH_SIZE, &depth);
        glXGetFBConfigAttrib(dpy, configs[i], GLX_RENDER_TYPE, &render);
        glXGetFBConfigAttrib(dpy, configs[i], GLX_DRAWABLE_TYPE, &drawable);
        glXGetFBConfigAttrib(dpy, configs[i], GLX_VISUAL_ID, &visual);
        if (depth == 0 && (render & GLX_RGBA_BIT) && (drawable & GLX_WINDOW_BIT) && visual)
            plain = configs[i];
    }
    if (!plain) {
        printf("FAIL: no window config without depth\n");
        return 1;
    }
    vis = glXGetVisualFromFBConfig(dpy, plain);
    root = RootWindow(dpy, vis->screen);
    swa.colormap = XCreateColormap(dpy, root, vis->visual, AllocNone);
    win = XCreateWindow(dpy, root, 0, 0, W, W, 0, vis->depth, InputOutput, vis->visual,
                        CWColormap, &swa);
    ctx = glXCreateNewContext(dpy, plain, GLX_RGBA_TYPE, NULL, True);
    XFree(configs);
    if (!ctx || !glXMakeContextCurrent(dpy, win, win, ctx)) {
        printf("FAIL: no current context without depth\n");
        return 1;
    }
    GLint bits = -1;
    glGetIntegerv(GL_DEPTH_BITS, &bits);
    CHECK(bits == 0, "depth bits %d", bits);
    glBindTexture(GL_TEXTURE_2D, 1);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 0, 0, 4, 4, 0);
    expect_error(GL_INVALID_OPERATION, "glCopyTexImage2D from a missing depth buffer");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 4, 4, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                 NULL);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 2, 2);
    expect_error(GL_INVALID_OPERATION, "glCopyTexSubImage2D from a missing depth buffer");
    /* A colour copy still works there. */
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 4, 4, 0);
    expect_error(GL_NO_ERROR, "colour glCopyTexImage2D");

    glXMakeContextCurrent(dpy, None, None, NULL);
    glXDestroyContext(dpy, ctx);
    XDestroyWindow(dpy, win);
    XFree(vis);
    XCloseDisplay(dpy);
    if (failures)
        return 1;
    printf("PASS\n");
    return 0;
}
