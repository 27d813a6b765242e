/*
 * mipmap.c: glGenerateMipmap (and glGenerateMipmapEXT) and the GL 1.4
 * GL_GENERATE_MIPMAP texture parameter: level sizes and texels read back
 * with glGetTexImage for 1D, 2D, 3D and cube textures, odd sizes, the base
 * and max levels, regeneration on glTexImage/glTexSubImage/glCopyTexSubImage
 * of the base level only, errors, and a minified quad that samples the
 * generated level. Prints FAIL lines and PASS when all hold.
 *
 * Expected texels are Mesa llvmpipe's: each level is a linear-filtered blit
 * of the one before (st_generate_mipmap -> util_gen_mipmap), so an even
 * size gives the 2x2 (2x2x2) average (rounded half up for channels of up
 * to 8 bits, computed in floats and rounded half to even for 16-bit ones),
 * while an odd size samples bilinearly at each new texel's centre (5 -> 2
 * weighs texels 1/4 and 3/4; 3 -> 1 takes the middle texel) instead of a
 * box filter.
 * Mesa's errors: INVALID_OPERATION without a base image, INVALID_ENUM for
 * rectangle textures and cube faces.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>
#include <string.h>

static GLubyte buf[64 * 64 * 4];

/* Checks the size of `level` and, when `want` is not NULL, its first
 * `comps` components of each texel against `want`. */
static void expect_level(GLenum target, int level, int w, int h, int d, int comps,
                         const int *want, const char *what)
{
    GLint gw = -1, gh = -1, gd = -1;
    glGetTexLevelParameteriv(target, level, GL_TEXTURE_WIDTH, &gw);
    glGetTexLevelParameteriv(target, level, GL_TEXTURE_HEIGHT, &gh);
    glGetTexLevelParameteriv(target, level, GL_TEXTURE_DEPTH, &gd);
    CHECK(gw == w && gh == h && gd == d, "%s: level %d is %dx%dx%d, expected %dx%dx%d", what,
          level, gw, gh, gd, w, h, d);
    if (!want || gw != w || gh != h || gd != d)
        return;
    memset(buf, 0, sizeof buf);
    glGetTexImage(target, level, GL_RGBA, GL_UNSIGNED_BYTE, buf);
    for (int i = 0; i < w * h * d; i++)
        for (int c = 0; c < comps; c++)
            CHECK(buf[i * 4 + c] == want[i * comps + c],
                  "%s: level %d texel %d component %d is %d, expected %d", what, level, i, c,
                  buf[i * 4 + c], want[i * comps + c]);
}

int main(void)
{
    struct test_window t = open_test_window();
    GLuint tex[10];
    glGenTextures(10, tex);

    /* 4x4 RGBA: 2x2 averages, rounded half up (222.5 -> 223). */
    GLubyte a[16 * 4];
    for (int i = 0; i < 16; i++) {
        a[i * 4] = i * 16 + 1;
        a[i * 4 + 1] = 255 - i * 13;
        a[i * 4 + 2] = (i * 37) & 255;
        a[i * 4 + 3] = i & 1 ? 255 : 0;
    }
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, a);
    glGenerateMipmap(GL_TEXTURE_2D);
    expect_error(GL_NO_ERROR, "glGenerateMipmap 4x4");
    static const int l1[] = { 41, 223, 93, 128, 73, 197, 103, 128,
                              169, 119, 133, 128, 201, 93, 79, 128 };
    static const int l2[] = { 121, 158, 102, 128 };
    expect_level(GL_TEXTURE_2D, 1, 2, 2, 1, 4, l1, "4x4 RGBA");
    expect_level(GL_TEXTURE_2D, 2, 1, 1, 1, 4, l2, "4x4 RGBA");
    expect_level(GL_TEXTURE_2D, 3, 0, 0, 0, 0, NULL, "4x4 RGBA: no level 3");

    /* Small sums: 3/4 and 1/2 round up to 1. */
    GLubyte r[16 * 4];
    memset(r, 0, sizeof r);
    static const GLubyte reds[16] = { 1, 2, 1, 1, 0, 0, 1, 0, 3, 0, 2, 0, 0, 0, 0, 0 };
    for (int i = 0; i < 16; i++)
        r[i * 4] = reds[i];
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, r);
    glGenerateMipmapEXT(GL_TEXTURE_2D);
    expect_level(GL_TEXTURE_2D, 1, 2, 2, 1, 1, (int[]){ 1, 1, 1, 1 }, "rounding");

    /* Odd sizes: 5x3 -> 2x1 -> 1x1, 3x3 -> 1x1, 1D 5 -> 2 -> 1. */
    GLubyte o[15 * 4];
    for (int i = 0; i < 15; i++) {
        o[i * 4] = i * 17;
        o[i * 4 + 1] = i * i;
        o[i * 4 + 2] = 200 - i * 9;
        o[i * 4 + 3] = 255;
    }
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 5, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, o);
    glGenerateMipmap(GL_TEXTURE_2D);
    expect_level(GL_TEXTURE_2D, 1, 2, 1, 1, 3, (int[]){ 98, 33, 148, 140, 68, 126 }, "5x3");
    expect_level(GL_TEXTURE_2D, 2, 1, 1, 1, 3, (int[]){ 119, 51, 137 }, "5x3");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 3, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, o);
    glGenerateMipmap(GL_TEXTURE_2D);
    expect_level(GL_TEXTURE_2D, 1, 1, 1, 1, 3, (int[]){ 68, 16, 164 }, "3x3");
    glBindTexture(GL_TEXTURE_1D, tex[1]);
    glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, o);
    glGenerateMipmap(GL_TEXTURE_1D);
    expect_error(GL_NO_ERROR, "glGenerateMipmap 1D");
    expect_level(GL_TEXTURE_1D, 1, 2, 1, 1, 3, (int[]){ 13, 1, 193, 55, 11, 171 }, "1D 5");
    expect_level(GL_TEXTURE_1D, 2, 1, 1, 1, 3, (int[]){ 34, 6, 182 }, "1D 5");

    /* GL_TEXTURE_MAX_LEVEL stops the chain; GL_TEXTURE_BASE_LEVEL starts it. */
    glBindTexture(GL_TEXTURE_2D, tex[2]);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, a);
    glGenerateMipmap(GL_TEXTURE_2D);
    expect_level(GL_TEXTURE_2D, 1, 2, 2, 1, 1, (int[]){ 41, 73, 169, 201 }, "max level 1");
    expect_level(GL_TEXTURE_2D, 2, 0, 0, 0, 0, NULL, "max level 1");
    glBindTexture(GL_TEXTURE_2D, tex[3]);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
    glGenerateMipmap(GL_TEXTURE_2D);
    expect_error(GL_INVALID_OPERATION, "glGenerateMipmap without a base image");
    glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, a);
    glGenerateMipmap(GL_TEXTURE_2D);
    expect_error(GL_NO_ERROR, "glGenerateMipmap from base level 1");
    expect_level(GL_TEXTURE_2D, 0, 0, 0, 0, 0, NULL, "base level 1");
    expect_level(GL_TEXTURE_2D, 2, 2, 2, 1, 1, (int[]){ 41, 73, 169, 201 }, "base level 1");
    expect_level(GL_TEXTURE_2D, 3, 1, 1, 1, 1, (int[]){ 121 }, "base level 1");

    /* Errors. */
    /* Integer and depth-stencil images have no mipmaps to generate. */
    {
        GLuint t2;
        glGenTextures(1, &t2);
        glBindTexture(GL_TEXTURE_2D, t2);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 4, 4, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE,
                     NULL);
        expect_error(GL_NO_ERROR, "an integer image");
        glGenerateMipmap(GL_TEXTURE_2D);
        expect_error(GL_INVALID_OPERATION, "glGenerateMipmap of an integer texture");
        glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 4, 4, 0, GL_DEPTH_STENCIL,
                     GL_UNSIGNED_INT_24_8, NULL);
        expect_error(GL_NO_ERROR, "a depth-stencil image");
        glGenerateMipmap(GL_TEXTURE_2D);
        expect_error(GL_INVALID_OPERATION, "glGenerateMipmap of a depth-stencil texture");
        glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 4, 4, 0, GL_DEPTH_COMPONENT,
                     GL_FLOAT, NULL);
        glGenerateMipmap(GL_TEXTURE_2D);
        expect_error(GL_NO_ERROR, "glGenerateMipmap of a depth texture");
        glDeleteTextures(1, &t2);
        glBindTexture(GL_TEXTURE_2D, tex[3]);
    }
    glGenerateMipmap(GL_TEXTURE_RECTANGLE_ARB);
    expect_error(GL_INVALID_ENUM, "glGenerateMipmap(GL_TEXTURE_RECTANGLE)");
    glTexParameteri(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_BASE_LEVEL, 1);
    expect_error(GL_INVALID_OPERATION, "a rectangle texture's base level 1");
    glTexParameteri(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_BASE_LEVEL, 0);
    expect_error(GL_NO_ERROR, "a rectangle texture's base level 0");
    glGenerateMipmap(GL_TEXTURE_CUBE_MAP_POSITIVE_X);
    expect_error(GL_INVALID_ENUM, "glGenerateMipmap(cube face)");
    glGenerateMipmap(GL_RED);
    expect_error(GL_INVALID_ENUM, "glGenerateMipmap(GL_RED)");
    glBindTexture(GL_TEXTURE_2D, tex[4]);
    glGenerateMipmap(GL_TEXTURE_2D);
    expect_error(GL_INVALID_OPERATION, "glGenerateMipmap of an empty texture");
    glBegin(GL_POINTS);
    glGenerateMipmap(GL_TEXTURE_2D);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glGenerateMipmap between Begin and End");

    /* Cube maps: every face, INVALID_OPERATION unless cube complete. */
    glBindTexture(GL_TEXTURE_CUBE_MAP, tex[5]);
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, a);
    glGenerateMipmap(GL_TEXTURE_CUBE_MAP);
    expect_error(GL_INVALID_OPERATION, "glGenerateMipmap of an incomplete cube map");
    for (int f = 1; f < 6; f++)
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, f & 1 ? a : r);
    glGenerateMipmap(GL_TEXTURE_CUBE_MAP);
    expect_error(GL_NO_ERROR, "glGenerateMipmap cube map");
    expect_level(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 1, 2, 2, 1, 1, (int[]){ 41, 73, 169, 201 },
                 "cube +X");
    expect_level(GL_TEXTURE_CUBE_MAP_NEGATIVE_X, 1, 2, 2, 1, 1, (int[]){ 41, 73, 169, 201 },
                 "cube -X");
    expect_level(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 1, 2, 2, 1, 1, (int[]){ 1, 1, 1, 1 },
                 "cube +Y");
    expect_level(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 2, 1, 1, 1, 1, (int[]){ 121 }, "cube -Z");

    /* 3D: the 2x2x2 average (3.5 rounds to 4). */
    glBindTexture(GL_TEXTURE_3D, tex[6]);
    GLubyte v3[8 * 4];
    for (int i = 0; i < 8; i++) {
        v3[i * 4] = i * 30 + 1;
        v3[i * 4 + 1] = i;
        v3[i * 4 + 2] = 0;
        v3[i * 4 + 3] = 255;
    }
    glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 2, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, v3);
    glGenerateMipmap(GL_TEXTURE_3D);
    expect_error(GL_NO_ERROR, "glGenerateMipmap 3D");
    expect_level(GL_TEXTURE_3D, 1, 1, 1, 1, 2, (int[]){ 106, 4 }, "3D 2x2x2");

    /* GL_GENERATE_MIPMAP: the base level's glTexImage and glTexSubImage
     * regenerate the chain; another level's glTexSubImage does not. */
    glBindTexture(GL_TEXTURE_2D, tex[7]);
    glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_TRUE);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, a);
    expect_level(GL_TEXTURE_2D, 1, 2, 2, 1, 1, (int[]){ 41, 73, 169, 201 }, "GENERATE_MIPMAP");
    expect_level(GL_TEXTURE_2D, 2, 1, 1, 1, 1, (int[]){ 121 }, "GENERATE_MIPMAP");
    GLubyte white[4 * 4];
    memset(white, 255, sizeof white);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, white);
    expect_level(GL_TEXTURE_2D, 1, 2, 2, 1, 1, (int[]){ 255, 73, 169, 201 },
                 "GENERATE_MIPMAP after glTexSubImage2D");
    expect_level(GL_TEXTURE_2D, 2, 1, 1, 1, 1, (int[]){ 175 },
                 "GENERATE_MIPMAP after glTexSubImage2D");
    glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, r);
    expect_level(GL_TEXTURE_2D, 1, 2, 2, 1, 1, (int[]){ 1, 73, 169, 201 },
                 "glTexSubImage2D of level 1");
    expect_level(GL_TEXTURE_2D, 2, 1, 1, 1, 1, (int[]){ 175 },
                 "level 2 after glTexSubImage2D of level 1");
    /* Luminance: 38.5 rounds to 39. */
    GLubyte lum[16];
    for (int i = 0; i < 16; i++)
        lum[i] = i * 15 + 1;
    glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE8, 4, 4, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
    expect_level(GL_TEXTURE_2D, 1, 2, 2, 1, 4,
                 (int[]){ 39, 0, 0, 255, 69, 0, 0, 255, 159, 0, 0, 255, 189, 0, 0, 255 },
                 "GENERATE_MIPMAP luminance");
    /* Other widths: 4-bit channels average as 8-bit values; 16-bit ones
     * in single precision, ties to even (92.5 * 257 -> 23772, read 92). */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, a);
    expect_level(GL_TEXTURE_2D, 1, 2, 2, 1, 4,
                 (int[]){ 51, 221, 102, 136, 85, 204, 102, 136, 170, 119, 136, 136, 204, 102,
                          85, 136 },
                 "GENERATE_MIPMAP RGBA4");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, a);
    expect_level(GL_TEXTURE_2D, 1, 2, 2, 1, 4,
                 (int[]){ 41, 223, 92, 128, 73, 197, 102, 128, 169, 119, 133, 128, 201, 92, 78,
                          128 },
                 "GENERATE_MIPMAP RGBA16");
    expect_error(GL_NO_ERROR, "GENERATE_MIPMAP");

    /* glCopyTexSubImage2D into the base level regenerates too. */
    glViewport(0, 0, 32, 32);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, 32, 0, 32, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor3f(1, 1, 1);
    glRectf(0, 0, 1, 1); /* one white pixel at the origin */
    glBindTexture(GL_TEXTURE_2D, tex[8]);
    glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_TRUE);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, a);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 2, 2);
    expect_level(GL_TEXTURE_2D, 1, 1, 1, 1, 4, (int[]){ 64, 64, 64, 255 },
                 "GENERATE_MIPMAP after glCopyTexSubImage2D");
    expect_error(GL_NO_ERROR, "glCopyTexSubImage2D");

    /* A minified quad samples the generated level: an 8x8 black and white
     * checkerboard drawn on 4x4 pixels is uniformly grey (127.5 -> 128)
     * with NEAREST_MIPMAP_NEAREST, and black and white without mipmaps. */
    GLubyte checker[8 * 8 * 4];
    for (int i = 0; i < 64; i++) {
        GLubyte v = ((i % 8) + (i / 8)) & 1 ? 255 : 0;
        checker[i * 4] = checker[i * 4 + 1] = checker[i * 4 + 2] = v;
        checker[i * 4 + 3] = 255;
    }
    glBindTexture(GL_TEXTURE_2D, tex[9]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, checker);
    glGenerateMipmap(GL_TEXTURE_2D);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    for (int pass = 0; pass < 2; pass++) {
        glClear(GL_COLOR_BUFFER_BIT);
        glBegin(GL_QUADS);
        glTexCoord2f(0, 0);
        glVertex2f(8, 8);
        glTexCoord2f(1, 0);
        glVertex2f(12, 8);
        glTexCoord2f(1, 1);
        glVertex2f(12, 12);
        glTexCoord2f(0, 1);
        glVertex2f(8, 12);
        glEnd();
        GLubyte px[4 * 4 * 4];
        glReadPixels(8, 8, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
        int grey = 0, bw = 0;
        for (int i = 0; i < 16; i++) {
            grey += px[i * 4] == 128 && px[i * 4 + 1] == 128 && px[i * 4 + 2] == 128;
            bw += px[i * 4] == 0 || px[i * 4] == 255;
        }
        if (pass == 0)
            CHECK(grey == 16, "minified quad: %d of 16 pixels grey (first %d %d %d)", grey,
                  px[0], px[1], px[2]);
        else
            CHECK(bw == 16, "GL_NEAREST quad: %d of 16 pixels black or white", bw);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    }
    glDisable(GL_TEXTURE_2D);
    expect_error(GL_NO_ERROR, "drawing");

    glDeleteTextures(10, tex);
    return close_test_window(&t);
}
