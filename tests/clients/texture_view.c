/*
 * texture_view.c: GL_ARB_texture_view by its results (a "SKIP
 * GL_ARB_texture_view" line and PASS when the extension string does not
 * list it):
 * - queries: TEXTURE_IMMUTABLE_LEVELS and TEXTURE_VIEW_* of a mutable
 *   texture (0), of glTexStorage textures (2D, 2D array, cube map), of a
 *   view of some levels and of a view of that view (levels add up, counts
 *   clamp), the view's level sizes;
 * - one data store: glTexSubImage through the view is read by glGetTexImage
 *   of the original and the other way round; layers of a 2D array seen as a
 *   2D texture and as a cube map, a cube face as a 2D texture;
 * - reinterpretation: R8 bytes read as R8_SNORM, RGBA8 as SRGB8_ALPHA8
 *   (same bytes back), R32F 1.0 as RGBA8 bytes 00 00 80 3f, an
 *   RGB10_A2UI word as RGBA8UI bytes (RGB10_A2UI clamps to 10 and 2
 *   bits, takes packed 2_10_10_10_REV words);
 * - glGenerateMipmap through an R8_SNORM view of R8 averages snorm values;
 * - rendering: glClear and a quad into a framebuffer object whose colour
 *   is level 1 of a view, read through the original; sampling a view after
 *   writing the original;
 * - deleting the original keeps the view's texels, which stay writable;
 * - the errors of glTextureView (GL 4.6 §8.18, in Mesa's order) and
 *   glTexImage2D/glTexStorage2D on a view.
 * Prints FAIL lines, and PASS when all checks hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include <string.h>

static PFNGLTEXTUREVIEWPROC TextureView;

static GLint tex_param(GLenum target, GLenum pname)
{
    GLint v = -1;
    glGetTexParameteriv(target, pname, &v);
    return v;
}

static GLint level_param(GLenum target, GLint level, GLenum pname)
{
    GLint v = -1;
    glGetTexLevelParameteriv(target, level, pname, &v);
    return v;
}

/* Checks the five view queries of the texture bound to `target`. */
static void check_view(GLenum target, GLint imm, GLint min_level, GLint levels, GLint min_layer,
                       GLint layers, const char *what)
{
    GLint got[5] = { tex_param(target, GL_TEXTURE_IMMUTABLE_LEVELS),
                     tex_param(target, GL_TEXTURE_VIEW_MIN_LEVEL),
                     tex_param(target, GL_TEXTURE_VIEW_NUM_LEVELS),
                     tex_param(target, GL_TEXTURE_VIEW_MIN_LAYER),
                     tex_param(target, GL_TEXTURE_VIEW_NUM_LAYERS) };
    CHECK(got[0] == imm && got[1] == min_level && got[2] == levels && got[3] == min_layer &&
              got[4] == layers,
          "%s: immutable levels %d, view levels %d+%d, layers %d+%d; expected %d, %d+%d, %d+%d",
          what, got[0], got[1], got[2], got[3], got[4], imm, min_level, levels, min_layer, layers);
    expect_error(GL_NO_ERROR, what);
}

static GLuint gen(void)
{
    GLuint t;
    glGenTextures(1, &t);
    return t;
}

/* Fills `n` RGBA8 texels with `c`. */
static void fill(GLubyte *data, int n, const GLubyte *c)
{
    int i;
    for (i = 0; i < n; i++)
        memcpy(data + 4 * i, c, 4);
}

/* Checks that all `n` RGBA8 texels of `data` are `c`. */
static void check_flat(const GLubyte *data, int n, const GLubyte *c, const char *what)
{
    int i;
    for (i = 0; i < n; i++) {
        if (memcmp(data + 4 * i, c, 4) != 0) {
            CHECK(0, "%s: texel %d = %d %d %d %d, expected %d %d %d %d", what, i, data[4 * i],
                  data[4 * i + 1], data[4 * i + 2], data[4 * i + 3], c[0], c[1], c[2], c[3]);
            return;
        }
    }
}

static const GLubyte red[4] = { 255, 0, 0, 255 };
static const GLubyte green[4] = { 0, 255, 0, 255 };
static const GLubyte blue[4] = { 0, 0, 255, 255 };
static const GLubyte grey[4] = { 100, 110, 120, 130 };
static const GLubyte layer_colour[6][4] = { { 10, 20, 30, 40 },    { 50, 60, 70, 80 },
                                            { 90, 100, 110, 120 }, { 130, 140, 150, 160 },
                                            { 170, 180, 190, 200 }, { 210, 220, 230, 240 } };

static void queries(void)
{
    GLubyte data[16 * 16 * 4];
    GLuint t = gen(), a = gen(), c = gen(), m = gen(), v = gen(), vv = gen();
    glBindTexture(GL_TEXTURE_2D, m);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    check_view(GL_TEXTURE_2D, 0, 0, 0, 0, 0, "mutable texture");
    glBindTexture(GL_TEXTURE_2D, t);
    glTexStorage2D(GL_TEXTURE_2D, 4, GL_RGBA8, 16, 16);
    check_view(GL_TEXTURE_2D, 4, 0, 4, 0, 1, "2D storage");
    glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, a);
    glTexStorage3D(GL_TEXTURE_2D_ARRAY_EXT, 2, GL_RGBA8, 8, 8, 5);
    check_view(GL_TEXTURE_2D_ARRAY_EXT, 2, 0, 2, 0, 5, "2D array storage");
    glBindTexture(GL_TEXTURE_CUBE_MAP, c);
    glTexStorage2D(GL_TEXTURE_CUBE_MAP, 3, GL_RGBA8, 8, 8);
    check_view(GL_TEXTURE_CUBE_MAP, 3, 0, 3, 0, 6, "cube map storage");

    TextureView(v, GL_TEXTURE_2D, t, GL_RGBA8, 1, 2, 0, 1);
    expect_error(GL_NO_ERROR, "view of levels 1-2");
    glBindTexture(GL_TEXTURE_2D, v);
    check_view(GL_TEXTURE_2D, 4, 1, 2, 0, 1, "view of levels 1-2");
    CHECK(tex_param(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT) == 1, "view is immutable");
    CHECK(level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH) == 8 &&
              level_param(GL_TEXTURE_2D, 1, GL_TEXTURE_HEIGHT) == 4 &&
              level_param(GL_TEXTURE_2D, 2, GL_TEXTURE_WIDTH) == 0,
          "view level sizes %d %d %d", level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH),
          level_param(GL_TEXTURE_2D, 1, GL_TEXTURE_HEIGHT),
          level_param(GL_TEXTURE_2D, 2, GL_TEXTURE_WIDTH));
    CHECK(level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT) == GL_RGBA8,
          "view internal format 0x%x", level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT));
    /* A view of the view: levels relative to it, the count clamped. */
    TextureView(vv, GL_TEXTURE_2D, v, GL_RGBA8, 1, 10, 0, 1);
    expect_error(GL_NO_ERROR, "view of a view");
    glBindTexture(GL_TEXTURE_2D, vv);
    check_view(GL_TEXTURE_2D, 4, 2, 1, 0, 1, "view of a view");

    /* Level 0 of vv is level 1 of v and level 2 of t. */
    fill(data, 16, green);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, data);
    glBindTexture(GL_TEXTURE_2D, t);
    memset(data, 0, sizeof data);
    glGetTexImage(GL_TEXTURE_2D, 2, GL_RGBA, GL_UNSIGNED_BYTE, data);
    check_flat(data, 16, green, "original level 2 after writing the view of a view");
    glBindTexture(GL_TEXTURE_2D, v);
    memset(data, 0, sizeof data);
    glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, data);
    check_flat(data, 16, green, "view level 1 after writing the view of a view");
    /* Through the original into the view's level 0. */
    glBindTexture(GL_TEXTURE_2D, t);
    fill(data, 64, blue);
    glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, data);
    fill(data, 2, red);
    glTexSubImage2D(GL_TEXTURE_2D, 1, 3, 5, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, data);
    glBindTexture(GL_TEXTURE_2D, v);
    memset(data, 0, sizeof data);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
    check_flat(data, 43, blue, "view level 0 below the written texels");
    check_flat(data + 4 * 43, 2, red, "view level 0 written texels");
    check_flat(data + 4 * 45, 19, blue, "view level 0 after the written texels");
    expect_error(GL_NO_ERROR, "sharing");

    GLuint del[6] = { t, a, c, m, v, vv };
    glDeleteTextures(6, del);
}

static void layers(void)
{
    GLubyte data[7 * 8 * 8 * 4];
    int l;
    GLuint a = gen(), v2d = gen(), vcube = gen(), c = gen(), face = gen();
    /* A 6-layer 2D array, each layer flat in its colour. */
    glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, a);
    glTexStorage3D(GL_TEXTURE_2D_ARRAY_EXT, 1, GL_RGBA8, 8, 8, 7);
    for (l = 0; l < 6; l++)
        fill(data + l * 256, 64, layer_colour[l]);
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, 0, 0, 1, 8, 8, 6, GL_RGBA, GL_UNSIGNED_BYTE, data);
    TextureView(v2d, GL_TEXTURE_2D, a, GL_RGBA8, 0, 1, 3, 1);
    expect_error(GL_NO_ERROR, "2D view of layer 3");
    glBindTexture(GL_TEXTURE_2D, v2d);
    check_view(GL_TEXTURE_2D, 1, 0, 1, 3, 1, "2D view of layer 3");
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
    check_flat(data, 64, layer_colour[2], "2D view of layer 3 (array layer 3 = colour 2)");
    /* Layers 1-6 as a cube map: face i is layer 1 + i. */
    TextureView(vcube, GL_TEXTURE_CUBE_MAP, a, GL_RGBA8, 0, 1, 1, 6);
    expect_error(GL_NO_ERROR, "cube view of layers 1-6");
    glBindTexture(GL_TEXTURE_CUBE_MAP, vcube);
    check_view(GL_TEXTURE_CUBE_MAP, 1, 0, 1, 1, 6, "cube view of layers 1-6");
    glGetTexImage(GL_TEXTURE_CUBE_MAP_NEGATIVE_X, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
    check_flat(data, 64, layer_colour[1], "cube face -X (layer 2)");
    glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_Z, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
    check_flat(data, 64, layer_colour[4], "cube face +Z (layer 5)");
    /* Writing face +Y (layer 3) shows in the 2D view. */
    fill(data, 64, grey);
    glTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 0, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, data);
    glBindTexture(GL_TEXTURE_2D, v2d);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
    check_flat(data, 64, grey, "2D view of layer 3 after writing cube face +Y");
    glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, a);
    glGetTexImage(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
    check_flat(data + 3 * 256, 64, grey, "array layer 3 after writing cube face +Y");
    check_flat(data + 4 * 256, 64, layer_colour[3], "array layer 4 kept");

    /* A face of a cube map as a 2D texture. */
    glBindTexture(GL_TEXTURE_CUBE_MAP, c);
    glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 4, 4);
    for (l = 0; l < 6; l++) {
        fill(data, 16, layer_colour[l]);
        glTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + l, 0, 0, 0, 4, 4, GL_RGBA,
                        GL_UNSIGNED_BYTE, data);
    }
    TextureView(face, GL_TEXTURE_2D, c, GL_RGBA8, 0, 1, 5, 1);
    expect_error(GL_NO_ERROR, "2D view of cube face 5");
    glBindTexture(GL_TEXTURE_2D, face);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
    check_flat(data, 16, layer_colour[5], "2D view of face -Z");
    expect_error(GL_NO_ERROR, "layers");

    GLuint del[5] = { a, v2d, vcube, c, face };
    glDeleteTextures(5, del);
}

static void formats(void)
{
    GLubyte r8[4] = { 0xff, 0x01, 0x80, 0x7f };
    GLbyte sn[4] = { 0 };
    GLubyte bytes[4];
    GLuint r = gen(), s = gen(), rgba = gen(), srgb = gen(), f = gen(), fv = gen();
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glBindTexture(GL_TEXTURE_2D, r);
    glTexStorage2D(GL_TEXTURE_2D, 2, GL_R8, 4, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 1, GL_RED, GL_UNSIGNED_BYTE, r8);
    TextureView(s, GL_TEXTURE_2D, r, GL_R8_SNORM, 0, 2, 0, 1);
    expect_error(GL_NO_ERROR, "R8_SNORM view of R8");
    glBindTexture(GL_TEXTURE_2D, s);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_BYTE, sn);
    CHECK(sn[0] == -1 && sn[1] == 1 && sn[3] == 127 && (sn[2] == -128 || sn[2] == -127),
          "R8 bytes as R8_SNORM: %d %d %d %d", sn[0], sn[1], sn[2], sn[3]);
    /* Averaged as snorm: (-1/127 + 1/127) / 2 = 0 and (-1 + 1) / 2 = 0. */
    glGenerateMipmap(GL_TEXTURE_2D);
    expect_error(GL_NO_ERROR, "glGenerateMipmap of the R8_SNORM view");
    memset(sn, 99, sizeof sn);
    glGetTexImage(GL_TEXTURE_2D, 1, GL_RED, GL_BYTE, sn);
    CHECK(sn[0] == 0 && sn[1] == 0, "snorm mipmap level 1: %d %d", sn[0],
          sn[1]);
    glBindTexture(GL_TEXTURE_2D, r);
    memset(bytes, 99, sizeof bytes);
    glGetTexImage(GL_TEXTURE_2D, 1, GL_RED, GL_UNSIGNED_BYTE, bytes);
    CHECK(bytes[0] == 0 && bytes[1] == 0,
          "R8 level 1 after the view's mipmap: %d %d", bytes[0], bytes[1]);

    /* RGBA8 read through an sRGB view: the same bytes. */
    GLubyte px[4] = { 200, 100, 50, 25 };
    glBindTexture(GL_TEXTURE_2D, rgba);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    TextureView(srgb, GL_TEXTURE_2D, rgba, GL_SRGB8_ALPHA8, 0, 1, 0, 1);
    glBindTexture(GL_TEXTURE_2D, srgb);
    CHECK(level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT) == GL_SRGB8_ALPHA8,
          "sRGB view internal format 0x%x",
          level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT));
    memset(bytes, 0, sizeof bytes);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, bytes);
    CHECK(!memcmp(bytes, px, 4), "RGBA8 through an sRGB view: %d %d %d %d", bytes[0], bytes[1],
          bytes[2], bytes[3]);

    /* R32F 1.0 is 0x3f800000: bytes 00 00 80 3f through RGBA8. */
    float one = 1.0f;
    glBindTexture(GL_TEXTURE_2D, f);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32F, 1, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RED, GL_FLOAT, &one);
    TextureView(fv, GL_TEXTURE_2D, f, GL_RGBA8, 0, 1, 0, 1);
    glBindTexture(GL_TEXTURE_2D, fv);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, bytes);
    CHECK(bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0x80 && bytes[3] == 0x3f,
          "R32F 1.0 as RGBA8: %02x %02x %02x %02x", bytes[0], bytes[1], bytes[2], bytes[3]);
    /* And 2.0 (0x40000000) written through the view, read as R32F. */
    GLubyte two[4] = { 0, 0, 0, 0x40 };
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, two);
    glBindTexture(GL_TEXTURE_2D, f);
    float back = 0;
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, &back);
    CHECK(back == 2.0f, "RGBA8 bytes 00 00 00 40 as R32F: %f", back);
    expect_error(GL_NO_ERROR, "formats");

    /* RGB10_A2UI (32-bit class): values clamp to 10 and 2 bits; a packed
     * word goes in whole; an RGBA8UI view reads its bytes. */
    {
        GLuint u = gen(), uv = gen();
        GLuint in[4] = { 2000, 5, 1023, 7 }, out[4] = { 0 };
        glBindTexture(GL_TEXTURE_2D, u);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB10_A2UI, 1, 1, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT,
                     in);
        expect_error(GL_NO_ERROR, "GL_RGB10_A2UI image");
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, out);
        CHECK(out[0] == 1023 && out[1] == 5 && out[2] == 1023 && out[3] == 3,
              "RGB10_A2UI clamped: %u %u %u %u", out[0], out[1], out[2], out[3]);
        GLuint word = 3u << 30 | 512u << 20 | 7u << 10 | 1u; /* a, b, g, r */
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB10_A2UI, 1, 1, 0, GL_RGBA_INTEGER,
                     GL_UNSIGNED_INT_2_10_10_10_REV, &word);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, out);
        CHECK(out[0] == 1 && out[1] == 7 && out[2] == 512 && out[3] == 3,
              "RGB10_A2UI from 2_10_10_10_REV: %u %u %u %u", out[0], out[1], out[2], out[3]);
        GLuint st = gen();
        glBindTexture(GL_TEXTURE_2D, st);
        glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGB10_A2UI, 1, 1);
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA_INTEGER,
                        GL_UNSIGNED_INT_2_10_10_10_REV, &word);
        TextureView(uv, GL_TEXTURE_2D, st, GL_RGBA8UI, 0, 1, 0, 1);
        expect_error(GL_NO_ERROR, "RGBA8UI view of RGB10_A2UI");
        glBindTexture(GL_TEXTURE_2D, uv);
        memset(out, 0, sizeof out);
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, out);
        CHECK(out[0] == (word & 0xff) && out[1] == (word >> 8 & 0xff) &&
                  out[2] == (word >> 16 & 0xff) && out[3] == word >> 24,
              "RGB10_A2UI word %08x as RGBA8UI: %02x %02x %02x %02x", word, out[0], out[1],
              out[2], out[3]);
        GLuint del3[3] = { u, uv, st };
        glDeleteTextures(3, del3);
        expect_error(GL_NO_ERROR, "GL_RGB10_A2UI");
    }
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);

    GLuint del[6] = { r, s, rgba, srgb, f, fv };
    glDeleteTextures(6, del);
}

static void rendering(void)
{
    GLubyte data[16 * 16 * 4];
    GLuint t = gen(), v = gen(), fb;
    glBindTexture(GL_TEXTURE_2D, t);
    glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 16, 16);
    TextureView(v, GL_TEXTURE_2D, t, GL_RGBA8, 1, 2, 0, 1);
    glGenFramebuffersEXT(1, &fb);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D, v, 0);
    CHECK(glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT) == GL_FRAMEBUFFER_COMPLETE_EXT,
          "framebuffer of a view incomplete: 0x%x",
          glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT));
    glViewport(0, 0, 8, 8);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor4ub(255, 0, 0, 255);
    glRecti(0, 0, 16, 16); /* the left half: x in [0, 4) of the 8x8 level */
    glColor4f(1, 1, 1, 1);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glViewport(0, 0, 32, 32);
    glBindTexture(GL_TEXTURE_2D, t);
    memset(data, 0, sizeof data);
    glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, data);
    check_flat(data, 4, red, "original level 1 row 0 left, rendered through the view");
    check_flat(data + 16, 4, blue, "original level 1 row 0 right, cleared through the view");
    check_flat(data + 4 * 60, 4, blue, "original level 1 last texels, cleared through the view");

    /* Sampling the view after writing the original's level 1. */
    fill(data, 64, green);
    glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, data);
    glBindTexture(GL_TEXTURE_2D, v);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
    glEnable(GL_TEXTURE_2D);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex2f(0, 0);
    glTexCoord2f(1, 0);
    glVertex2f(32, 0);
    glTexCoord2f(1, 1);
    glVertex2f(32, 32);
    glTexCoord2f(0, 1);
    glVertex2f(0, 32);
    glEnd();
    glDisable(GL_TEXTURE_2D);
    CHECK_RGBA(5, 5, 0, 255, 0, 255, 0, "sampling the view after writing the original");
    CHECK_RGBA(28, 20, 0, 255, 0, 255, 0, "sampling the view after writing the original");
    expect_error(GL_NO_ERROR, "rendering");

    /* Deleting the original keeps the view's texels, still writable. */
    glDeleteTextures(1, &t);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
    check_flat(data, 64, green, "view after deleting the original");
    fill(data, 16, grey);
    glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, data);
    memset(data, 0, sizeof data);
    glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, data);
    check_flat(data, 16, grey, "view written after deleting the original");
    check_view(GL_TEXTURE_2D, 3, 1, 2, 0, 1, "view after deleting the original");
    expect_error(GL_NO_ERROR, "deletion");
    glDeleteFramebuffersEXT(1, &fb);
    glDeleteTextures(1, &v);
}

static void errors(void)
{
    GLuint t = gen(), m = gen(), a = gen(), na = gen(), unbound = gen(), v = gen(), bound = gen();
    glBindTexture(GL_TEXTURE_2D, t);
    glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 8, 8);
    glBindTexture(GL_TEXTURE_2D, m);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, a);
    glTexStorage3D(GL_TEXTURE_2D_ARRAY_EXT, 1, GL_RGBA8, 8, 8, 8);
    glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, na);
    glTexStorage3D(GL_TEXTURE_2D_ARRAY_EXT, 1, GL_RGBA8, 8, 4, 6);
    glBindTexture(GL_TEXTURE_2D, bound);
    glBindTexture(GL_TEXTURE_2D, 0);
    expect_error(GL_NO_ERROR, "error setup");

    TextureView(v, GL_TEXTURE_2D, 0, GL_RGBA8, 0, 1, 0, 1);
    expect_error(GL_INVALID_VALUE, "origtexture 0");
    TextureView(v, GL_TEXTURE_2D, 4321, GL_RGBA8, 0, 1, 0, 1);
    expect_error(GL_INVALID_VALUE, "origtexture not a texture");
    TextureView(v, GL_TEXTURE_2D, m, GL_RGBA8, 0, 1, 0, 1);
    expect_error(GL_INVALID_OPERATION, "mutable origtexture");
    TextureView(v, GL_TEXTURE_2D, unbound, GL_RGBA8, 0, 1, 0, 1);
    expect_error(GL_INVALID_OPERATION, "origtexture generated, never bound");
    TextureView(0, GL_TEXTURE_2D, t, GL_RGBA8, 0, 1, 0, 1);
    expect_error(GL_INVALID_VALUE, "texture 0");
    TextureView(4322, GL_TEXTURE_2D, t, GL_RGBA8, 0, 1, 0, 1);
    expect_error(GL_INVALID_OPERATION, "texture not generated");
    TextureView(bound, GL_TEXTURE_2D, t, GL_RGBA8, 0, 1, 0, 1);
    expect_error(GL_INVALID_OPERATION, "texture already bound");
    TextureView(v, GL_TEXTURE_3D, t, GL_RGBA8, 0, 1, 0, 1);
    expect_error(GL_INVALID_OPERATION, "3D view of a 2D texture");
    TextureView(v, GL_TEXTURE_CUBE_MAP, t, GL_RGBA8, 0, 1, 0, 1);
    expect_error(GL_INVALID_OPERATION, "cube view of a 2D texture");
    TextureView(v, GL_TEXTURE_2D, t, GL_RGBA8, 3, 1, 0, 1);
    expect_error(GL_INVALID_VALUE, "minlevel past the last level");
    TextureView(v, GL_TEXTURE_2D, t, GL_RGBA8, 0, 1, 1, 1);
    expect_error(GL_INVALID_VALUE, "minlayer past the last layer");
    TextureView(v, GL_TEXTURE_2D, t, GL_RGB8, 0, 1, 0, 1);
    expect_error(GL_INVALID_OPERATION, "RGB8 view of RGBA8");
    TextureView(v, GL_TEXTURE_2D, t, GL_RGBA16, 0, 1, 0, 1);
    expect_error(GL_INVALID_OPERATION, "RGBA16 view of RGBA8");
    TextureView(v, GL_TEXTURE_2D, t, GL_RGBA8, 0, 1, 0, 2);
    expect_error(GL_INVALID_VALUE, "2D view of 2 layers");
    TextureView(v, GL_TEXTURE_CUBE_MAP, a, GL_RGBA8, 0, 1, 3, 6);
    expect_error(GL_INVALID_VALUE, "cube view of the last 5 layers");
    TextureView(v, GL_TEXTURE_CUBE_MAP, na, GL_RGBA8, 0, 1, 0, 6);
    expect_error(GL_INVALID_OPERATION, "cube view of 8x4 layers");
    TextureView(v, GL_TEXTURE_2D_ARRAY_EXT, a, GL_R32F, 0, 1, 2, 100);
    expect_error(GL_NO_ERROR, "R32F array view of layers 2..7");
    glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, v);
    check_view(GL_TEXTURE_2D_ARRAY_EXT, 1, 0, 1, 2, 6, "R32F array view of layers 2..7");
    CHECK(level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH) == 6,
          "array view depth %d", level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH));
    /* A view is immutable: neither glTexImage nor glTexStorage. */
    glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_R32F, 8, 8, 6, 0, GL_RED, GL_FLOAT, NULL);
    expect_error(GL_INVALID_OPERATION, "glTexImage3D on a view");
    glTexStorage3D(GL_TEXTURE_2D_ARRAY_EXT, 1, GL_R32F, 8, 8, 6);
    expect_error(GL_INVALID_OPERATION, "glTexStorage3D on a view");
    TextureView(v, GL_TEXTURE_2D, t, GL_RGBA8, 0, 1, 0, 1);
    expect_error(GL_INVALID_OPERATION, "texture already a view");

    GLuint del[7] = { t, m, a, na, unbound, v, bound };
    glDeleteTextures(7, del);
}

int main(void)
{
    struct test_window t = open_pixel_window(32);

    if (!has_extension("GL_ARB_texture_view")) {
        printf("SKIP GL_ARB_texture_view\n");
        return close_test_window(&t);
    }
    TextureView = (PFNGLTEXTUREVIEWPROC)proc("glTextureView");
    if (!TextureView)
        return close_test_window(&t);
    queries();
    printf("queries done\n");
    layers();
    printf("layers done\n");
    formats();
    printf("formats done\n");
    rendering();
    printf("rendering done\n");
    errors();
    printf("errors done\n");
    return close_test_window(&t);
}
