/*
 * pixel_transfer.c: glPixelTransfer and glPixelMap — colour scale and bias
 * and the component maps on glDrawPixels, glReadPixels, glTexImage2D and
 * glCopyPixels (applied once); colour indices through the index maps; depth
 * scale and bias; stencil shift, offset and map; queries, display lists,
 * glPushAttrib(GL_PIXEL_MODE_BIT), errors. Pixels and values are read back.
 * Prints FAIL lines and PASS when all hold.
 *
 * The expectations are the spec's. Mesa 22.3 llvmpipe differs in four
 * places: glDrawPixels ignores GL_INDEX_SHIFT/GL_INDEX_OFFSET for colour
 * and stencil indices and the B_TO_B map, and glGetnPixelMapfv does not
 * report a buffer that is too small.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>
#include <string.h>

#define NEAR(a, b) ((a) - (b) <= 1 && (b) - (a) <= 1)

#define CHECK_PIXEL(x, y, r, g, b, what)                                           \
    do {                                                                           \
        GLubyte p_[4];                                                             \
        glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p_);                   \
        CHECK(NEAR(p_[0], r) && NEAR(p_[1], g) && NEAR(p_[2], b),                  \
              "%s: pixel (%d,%d) = %d %d %d, expected %d %d %d", what, x, y, p_[0], \
              p_[1], p_[2], r, g, b);                                              \
    } while (0)

static GLubyte white[8 * 8 * 4];

static void draw_white(int x, int y)
{
    glWindowPos2i(x, y);
    glDrawPixels(8, 8, GL_RGBA, GL_UNSIGNED_BYTE, white);
}

int main(void)
{
    int attribs[] = { GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, GLX_DEPTH_SIZE, 16,
                      GLX_STENCIL_SIZE, 8, None };
    struct test_window t = open_window_with(attribs, 64);
    memset(white, 255, sizeof(white));
    glViewport(0, 0, 64, 64);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);

    /* Defaults and queries. */
    GLfloat f = -1;
    glGetFloatv(GL_RED_SCALE, &f);
    CHECK(f == 1, "initial RED_SCALE %g", f);
    GLint size = -1;
    glGetIntegerv(GL_PIXEL_MAP_R_TO_R_SIZE, &size);
    CHECK(size == 1, "initial R_TO_R size %d", size);

    /* Scale and bias on glDrawPixels. */
    glPixelTransferf(GL_RED_SCALE, 0.5);
    glPixelTransferf(GL_GREEN_BIAS, -0.25);
    draw_white(0, 0);
    glGetFloatv(GL_GREEN_BIAS, &f);
    CHECK(f == -0.25f, "GREEN_BIAS %g", f);
    glPixelTransferf(GL_RED_SCALE, 1);
    glPixelTransferf(GL_GREEN_BIAS, 0);
    CHECK_PIXEL(2, 2, 128, 191, 255, "DrawPixels with red scale 0.5, green bias -0.25");

    /* ... on glReadPixels of a white area. */
    draw_white(16, 0);
    glPixelTransferf(GL_BLUE_SCALE, 0.25);
    CHECK_PIXEL(18, 2, 255, 255, 64, "ReadPixels with blue scale 0.25");

    /* glCopyPixels applies the operations once: 0.25, not 0.0625. */
    glWindowPos2i(32, 0);
    glCopyPixels(16, 0, 8, 8, GL_COLOR);
    glPixelTransferf(GL_BLUE_SCALE, 1);
    CHECK_PIXEL(34, 2, 255, 255, 64, "CopyPixels with blue scale 0.25");

    /* GL_MAP_COLOR: R_TO_R inverts, G_TO_G halves. */
    GLfloat invert[2] = { 1, 0 };
    GLfloat half[2] = { 0, 0.5 };
    glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 2, invert);
    glPixelMapfv(GL_PIXEL_MAP_G_TO_G, 2, half);
    glPixelMapfv(GL_PIXEL_MAP_B_TO_B, 2, half + 0);
    glPixelMapfv(GL_PIXEL_MAP_A_TO_A, 2, invert + 1);
    glPixelTransferi(GL_MAP_COLOR, GL_TRUE);
    draw_white(48, 0);
    glPixelTransferi(GL_MAP_COLOR, GL_FALSE);
    CHECK_PIXEL(50, 2, 0, 128, 128, "DrawPixels through R_TO_R, G_TO_G, B_TO_B");
    glGetIntegerv(GL_PIXEL_MAP_R_TO_R_SIZE, &size);
    CHECK(size == 2, "R_TO_R size %d", size);
    GLfloat mf[2];
    GLuint mui[2];
    GLushort mus[2];
    glGetPixelMapfv(GL_PIXEL_MAP_G_TO_G, mf);
    glGetPixelMapuiv(GL_PIXEL_MAP_R_TO_R, mui);
    glGetPixelMapusv(GL_PIXEL_MAP_G_TO_G, mus);
    CHECK(mf[0] == 0 && mf[1] == 0.5f, "G_TO_G %g %g", mf[0], mf[1]);
    CHECK(mui[0] == 0xffffffffu && mui[1] == 0, "R_TO_R as uint %#x %#x", mui[0], mui[1]);
    CHECK(mus[1] == 32768 || mus[1] == 32767, "G_TO_G as ushort %d", mus[1]);
    GLushort set_us[2] = { 0, 65535 };
    glPixelMapusv(GL_PIXEL_MAP_G_TO_G, 2, set_us);
    glGetPixelMapfv(GL_PIXEL_MAP_G_TO_G, mf);
    CHECK(mf[1] == 1.0f, "G_TO_G from ushort %g", mf[1]);

    /* Texture images: scale on glTexImage2D, none on glGetTexImage. */
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glPixelTransferf(GL_ALPHA_SCALE, 0.5);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, white);
    glPixelTransferf(GL_ALPHA_SCALE, 1);
    GLubyte texels[16];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    CHECK(texels[0] == 255 && NEAR(texels[3], 128), "TexImage2D with alpha scale: %d %d",
          texels[0], texels[3]);
    glDeleteTextures(1, &tex);

    /* Colour indices: I_TO_R/G/B maps, index offset. */
    GLfloat ramp[2] = { 0, 1 };
    glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 2, ramp);
    glPixelMapfv(GL_PIXEL_MAP_I_TO_G, 2, ramp);
    glPixelMapfv(GL_PIXEL_MAP_I_TO_B, 2, ramp);
    GLubyte idx[4] = { 0, 1, 0, 1 };
    glWindowPos2i(0, 16);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glDrawPixels(2, 2, GL_COLOR_INDEX, GL_UNSIGNED_BYTE, idx);
    CHECK_PIXEL(0, 16, 0, 0, 0, "colour index 0");
    CHECK_PIXEL(1, 16, 255, 255, 255, "colour index 1");
    glPixelTransferi(GL_INDEX_OFFSET, 1);
    glWindowPos2i(4, 16);
    glDrawPixels(2, 2, GL_COLOR_INDEX, GL_UNSIGNED_BYTE, idx);
    glPixelTransferi(GL_INDEX_OFFSET, 0);
    CHECK_PIXEL(4, 16, 255, 255, 255, "colour index 0 + offset 1");
    CHECK_PIXEL(5, 16, 0, 0, 0, "colour index 1 + offset 1 (masked to the map)");

    /* Stencil: shift, offset, S_TO_S. */
    GLubyte sten[4] = { 1, 2, 3, 4 };
    glPixelTransferi(GL_INDEX_SHIFT, 1);
    glPixelTransferi(GL_INDEX_OFFSET, 3);
    glWindowPos2i(0, 32);
    glDrawPixels(2, 2, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, sten);
    glPixelTransferi(GL_INDEX_SHIFT, 0);
    glPixelTransferi(GL_INDEX_OFFSET, 0);
    GLubyte s[4] = { 0 };
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 32, 2, 2, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, s);
    CHECK(s[0] == 5 && s[1] == 7 && s[3] == 11, "stencil shift/offset: %d %d %d %d", s[0], s[1],
          s[2], s[3]);
    GLuint s_to_s[4] = { 40, 41, 42, 43 };
    glPixelMapuiv(GL_PIXEL_MAP_S_TO_S, 4, s_to_s);
    glPixelTransferi(GL_MAP_STENCIL, GL_TRUE);
    glReadPixels(0, 32, 2, 2, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, s);
    glPixelTransferi(GL_MAP_STENCIL, GL_FALSE);
    /* 5 & 3 = 1 -> 41, 7 & 3 = 3 -> 43. */
    CHECK(s[0] == 41 && s[1] == 43, "ReadPixels through S_TO_S: %d %d", s[0], s[1]);

    /* Depth: scale and bias on glDrawPixels. */
    GLfloat depth[4] = { 1, 1, 1, 1 };
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_ALWAYS);
    glPixelTransferf(GL_DEPTH_SCALE, 0.5);
    glPixelTransferf(GL_DEPTH_BIAS, 0.125);
    glWindowPos2i(0, 48);
    glDrawPixels(2, 2, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    glPixelTransferf(GL_DEPTH_SCALE, 1);
    glPixelTransferf(GL_DEPTH_BIAS, 0);
    glDisable(GL_DEPTH_TEST);
    GLfloat d = -1;
    glReadPixels(0, 48, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
    CHECK(d > 0.62f && d < 0.63f, "depth with scale 0.5 bias 0.125: %g", d);

    /* Display lists and the attribute stack. */
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glPixelTransferf(GL_RED_BIAS, 0.5);
    glEndList();
    glGetFloatv(GL_RED_BIAS, &f);
    CHECK(f == 0, "RED_BIAS %g while only compiled", f);
    glPushAttrib(GL_PIXEL_MODE_BIT);
    glCallList(list);
    glGetFloatv(GL_RED_BIAS, &f);
    CHECK(f == 0.5f, "RED_BIAS %g after the list", f);
    glPopAttrib();
    glGetFloatv(GL_RED_BIAS, &f);
    CHECK(f == 0, "RED_BIAS %g after glPopAttrib", f);
    glDeleteLists(list, 1);

    /* Errors. */
    expect_error(GL_NO_ERROR, "pixel transfer");
    GLfloat three[3] = { 0, 0, 0 };
    glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 3, three);
    expect_error(GL_INVALID_VALUE, "I_TO_R of size 3 (not a power of two)");
    glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 0, three);
    expect_error(GL_INVALID_VALUE, "map of size 0");
    glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 3, three);
    expect_error(GL_NO_ERROR, "R_TO_R of size 3");
    glPixelMapfv(GL_PIXEL_MAP_A_TO_A + 1, 1, three);
    expect_error(GL_INVALID_ENUM, "unknown map");
    glPixelTransferf(GL_TEXTURE_2D, 1);
    expect_error(GL_INVALID_ENUM, "unknown pixel transfer parameter");
    glGetnPixelMapfv(GL_PIXEL_MAP_R_TO_R, 8, mf);
    expect_error(GL_INVALID_OPERATION, "glGetnPixelMapfv with room for 2 of 3 values");

    /* Texture images of colour indices (a bitmap, and bytes) become RGBA
     * through the I_TO_* maps even with MAP_COLOR off
     * (gl-1.1-read-pixels-after-display-list). */
    {
        static const GLfloat i_to_r[2] = { 0, 1 }, i_to_g[2] = { 0, 0 };
        static const GLfloat i_to_b[2] = { 1, 0 }, i_to_a[2] = { 1, 1 };
        static const GLubyte bits = 0x80, idx[2] = { 1, 0 };
        GLfloat texel[2][4];
        GLuint tex;
        glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 2, i_to_r);
        glPixelMapfv(GL_PIXEL_MAP_I_TO_G, 2, i_to_g);
        glPixelMapfv(GL_PIXEL_MAP_I_TO_B, 2, i_to_b);
        glPixelMapfv(GL_PIXEL_MAP_I_TO_A, 2, i_to_a);
        glPixelTransferi(GL_MAP_COLOR, GL_FALSE);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glGenTextures(1, &tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_COLOR_INDEX, GL_BITMAP, &bits);
        expect_error(GL_NO_ERROR, "glTexImage2D(GL_COLOR_INDEX, GL_BITMAP)");
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, texel);
        CHECK(texel[0][0] == 1 && texel[0][1] == 0 && texel[0][2] == 0 && texel[0][3] == 1,
              "bitmap texel %g %g %g %g", texel[0][0], texel[0][1], texel[0][2], texel[0][3]);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 1, 0, GL_COLOR_INDEX, GL_UNSIGNED_BYTE, idx);
        expect_error(GL_NO_ERROR, "glTexImage2D(GL_COLOR_INDEX, GL_UNSIGNED_BYTE)");
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, texel);
        CHECK(texel[0][0] == 1 && texel[1][0] == 0 && texel[1][2] == 1,
              "index texels %g %g %g", texel[0][0], texel[1][0], texel[1][2]);
        glDeleteTextures(1, &tex);
    }

    return close_test_window(&t);
}
