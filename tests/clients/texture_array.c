/*
 * texture_array.c: GL_EXT_texture_array by its results (a "SKIP
 * GL_EXT_texture_array" line and PASS when the extension string does not
 * list it):
 * - 2D arrays: glTexImage3D with a flat colour per layer read back whole by
 *   glGetTexImage, the level sizes (GL_TEXTURE_DEPTH is the layer count),
 *   GL_TEXTURE_BINDING_2D_ARRAY_EXT, GL_MAX_ARRAY_TEXTURE_LAYERS_EXT,
 *   glTexSubImage3D of one layer and of part of one, the proxy target and
 *   the target errors;
 * - 1D arrays: glTexImage2D with the layers as rows, likewise, with
 *   glTexSubImage2D of one layer;
 * - GLSL 1.10 with `#extension GL_EXT_texture_array : require`:
 *   texture2DArray and texture1DArray pick the layer round(layer) clamped
 *   to [0, layers - 1] (1.4 -> 1, 1.6 -> 2, -1 -> 0, 7 -> last) and the
 *   texel by s, t;
 * - glGenerateMipmapEXT of an 8x8x3 array keeps 3 layers at every level
 *   and filters each layer on its own; GL_NEAREST_MIPMAP_NEAREST sampling
 *   picks level 2 on a quad a quarter of the texture's size;
 * - glFramebufferTextureLayerEXT of layer 2 of a 2D array and layer 1 of a
 *   1D array: glClear and a quad change that layer only, the attachment
 *   queries, the attachment errors, a layer past the last one;
 * - glEnable of the array targets refused; border 1 framing each layer
 *   (not the layer count), border 2 refused; a GL_DEPTH_COMPONENT24 2D
 *   array read back and compared per layer by shadow2DArray with LEQUAL
 *   and GREATER.
 * Prints which parts ran, FAIL lines, and PASS when all checks that ran hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"
#include <GL/glext.h>
#include <math.h>
#include <string.h>

#define CHECK_COLOUR(x, y, c, what) CHECK_RGBA(x, y, (c)[0], (c)[1], (c)[2], (c)[3], 1, what)

static void clear_black(void)
{
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
}

static GLuint new_texture(GLenum target)
{
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(target, tex);
    glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return tex;
}

static GLint level_param(GLenum target, GLint level, GLenum pname)
{
    GLint v = -1;
    glGetTexLevelParameteriv(target, level, pname, &v);
    return v;
}

/* The layers' flat colours, a colour for replaced texels, and the level-2
 * colours of the mipmap part. */
static const GLubyte layer_colour[3][4] = {
    { 240, 16, 32, 255 }, { 48, 224, 64, 200 }, { 80, 96, 208, 144 }
};
static const GLubyte sub_colour[4] = { 10, 20, 30, 40 };
static const GLubyte spot_colour[4] = { 250, 250, 5, 255 };
static const GLubyte level2_colour[3][4] = {
    { 0, 128, 255, 255 }, { 255, 128, 0, 255 }, { 128, 0, 255, 255 }
};

/* `layers` layers of `per_layer` texels, each layer flat in its colour. */
static void fill_layers(GLubyte *data, int per_layer, int layers, const GLubyte (*colours)[4])
{
    int l, i;
    for (l = 0; l < layers; l++)
        for (i = 0; i < per_layer; i++)
            memcpy(data + 4 * (l * per_layer + i), colours[l], 4);
}

static void fill(GLubyte *data, int n, const GLubyte *colour)
{
    int i;
    for (i = 0; i < n; i++)
        memcpy(data + 4 * i, colour, 4);
}

/* Largest image read back here: 8x8x3 RGBA, and 16 bytes that must stay
 * untouched after it. */
static GLubyte readback[8 * 8 * 3 * 4 + 16];

/* glGetTexImage of `n` RGBA8 texels of `target` level `level` into
 * readback; checks nothing is written past them. */
static const GLubyte *get_image(GLenum target, int level, int n, const char *what)
{
    char msg[160];
    memset(readback, 0xcd, sizeof readback);
    glGetTexImage(target, level, GL_RGBA, GL_UNSIGNED_BYTE, readback);
    snprintf(msg, sizeof msg, "glGetTexImage of %s", what);
    expect_error(GL_NO_ERROR, msg);
    CHECK(readback[4 * n] == 0xcd, "glGetTexImage of %s wrote past %d texels", what, n);
    return readback;
}

/* Compares layers x h x w RGBA texels with the expected ones (within
 * `tol`), naming the first few that differ. */
static void compare_texels(const char *what, const GLubyte *got, const GLubyte *want, int w,
                           int h, int layers, int tol)
{
    int i, bad = 0, n = w * h * layers;
    for (i = 0; i < n; i++) {
        const GLubyte *p = got + 4 * i, *q = want + 4 * i;
        if (!near(p[0], q[0], tol) || !near(p[1], q[1], tol) || !near(p[2], q[2], tol) ||
            !near(p[3], q[3], tol)) {
            if (bad++ < 6)
                CHECK(0, "%s: layer %d texel (%d,%d) = %d %d %d %d, expected %d %d %d %d", what,
                      i / (w * h), i % w, (i / w) % h, p[0], p[1], p[2], p[3], q[0], q[1], q[2],
                      q[3]);
        }
    }
    CHECK(bad == 0, "%s: %d of %d texels wrong", what, bad, n);
}

/* Compiles and links the vertex shader passing gl_MultiTexCoord0 on and
 * `fs`. Returns 0 (after a FAIL line with the log) when a step fails. */
static GLuint build(const char *what, const char *fs)
{
    return use_sampling_program(what, FTRANSFORM_VS("110"), fs);
}

/* A quad from (x0, y0) to (x1, y1), every corner with texture coordinate
 * (s, t, r, q). */
static void quad_strq(float x0, float y0, float x1, float y1, float s, float t, float r, float q)
{
    glBegin(GL_QUADS);
    glTexCoord4f(s, t, r, q);
    glVertex2f(x0, y0);
    glVertex2f(x1, y0);
    glVertex2f(x1, y1);
    glVertex2f(x0, y1);
    glEnd();
}

/* A quad from (x0, y0) to (x1, y1) spanning the whole texture (s, t from 0
 * to 1) at layer `r`. */
static void quad_layer(float x0, float y0, float x1, float y1, float r)
{
    glBegin(GL_QUADS);
    glTexCoord3f(0, 0, r);
    glVertex2f(x0, y0);
    glTexCoord3f(1, 0, r);
    glVertex2f(x1, y0);
    glTexCoord3f(1, 1, r);
    glVertex2f(x1, y1);
    glTexCoord3f(0, 1, r);
    glVertex2f(x0, y1);
    glEnd();
}

/* The layer coordinates the shaders are given and the layers they pick:
 * round(r) clamped to [0, 2]. */
#define N_COORDS 8
static const float layer_coord[N_COORDS] = { 0.0f, 1.0f, 2.0f, 1.4f, 1.6f, -1.0f, 7.0f, 0.3f };
static const int layer_picked[N_COORDS] = { 0, 1, 2, 1, 2, 0, 2, 0 };

/* ---- 2D arrays ------------------------------------------------------------ */

static void array_2d(void)
{
    GLuint tex = new_texture(GL_TEXTURE_2D_ARRAY_EXT);
    GLubyte data[4 * 4 * 3 * 4], want[4 * 4 * 3 * 4], sub[4 * 4 * 4];
    const GLubyte *got;
    int x, y;

    fill_layers(data, 16, 3, layer_colour);
    glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 data);
    expect_error(GL_NO_ERROR, "glTexImage3D(GL_TEXTURE_2D_ARRAY, GL_RGBA8, 4x4x3)");
    CHECK(level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_WIDTH) == 4,
          "2D array GL_TEXTURE_WIDTH %d, expected 4",
          level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_WIDTH));
    CHECK(level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_HEIGHT) == 4,
          "2D array GL_TEXTURE_HEIGHT %d, expected 4",
          level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_HEIGHT));
    CHECK(level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH) == 3,
          "2D array GL_TEXTURE_DEPTH %d, expected 3",
          level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH));
    CHECK(level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_INTERNAL_FORMAT) == GL_RGBA8,
          "2D array GL_TEXTURE_INTERNAL_FORMAT 0x%x, expected GL_RGBA8",
          level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_INTERNAL_FORMAT));
    expect_error(GL_NO_ERROR, "glGetTexLevelParameteriv(GL_TEXTURE_2D_ARRAY)");

    GLint v = -1;
    glGetIntegerv(GL_TEXTURE_BINDING_2D_ARRAY_EXT, &v);
    CHECK(v == (GLint)tex, "GL_TEXTURE_BINDING_2D_ARRAY_EXT %d, expected %u", v, tex);
    v = -1;
    glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS_EXT, &v);
    CHECK(v >= 64, "GL_MAX_ARRAY_TEXTURE_LAYERS_EXT %d, expected at least 64", v);
    GLint max_layers = v;
    expect_error(GL_NO_ERROR, "the 2D array binding and limit queries");

    got = get_image(GL_TEXTURE_2D_ARRAY_EXT, 0, 48, "the 4x4x3 2D array");
    compare_texels("the 4x4x3 2D array", got, data, 4, 4, 3, 0);

    /* Layer 1 replaced, then texels (1..2, 2) of layer 2. */
    memcpy(want, data, sizeof want);
    fill(sub, 16, sub_colour);
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, 0, 0, 1, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, sub);
    expect_error(GL_NO_ERROR, "glTexSubImage3D of layer 1");
    fill(want + 4 * 16, 16, sub_colour);
    got = get_image(GL_TEXTURE_2D_ARRAY_EXT, 0, 48, "the 2D array after layer 1 was replaced");
    compare_texels("the 2D array after glTexSubImage3D of layer 1", got, want, 4, 4, 3, 0);

    glTexSubImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, 1, 2, 2, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, sub);
    expect_error(GL_NO_ERROR, "glTexSubImage3D of 2x1 texels of layer 2");
    for (x = 1; x < 3; x++)
        memcpy(want + 4 * (32 + 2 * 4 + x), sub_colour, 4);
    got = get_image(GL_TEXTURE_2D_ARRAY_EXT, 0, 48, "the 2D array after part of layer 2");
    compare_texels("the 2D array after glTexSubImage3D of (1..2, 2) of layer 2", got, want, 4, 4,
                   3, 0);

    /* Past the last layer; a refused call changes nothing. */
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, 0, 0, 2, 4, 4, 2, GL_RGBA, GL_UNSIGNED_BYTE, data);
    expect_error(GL_INVALID_VALUE, "glTexSubImage3D of layers 2..3 of a 3-layer array");
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, 0, 0, -1, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                    data);
    expect_error(GL_INVALID_VALUE, "glTexSubImage3D at layer -1");
    got = get_image(GL_TEXTURE_2D_ARRAY_EXT, 0, 48, "the 2D array after refused sub-images");
    compare_texels("the 2D array after refused sub-images", got, want, 4, 4, 3, 0);

    /* Targets: an array name is no 3D texture; 2D array images come from
     * glTexImage3D only. */
    glBindTexture(GL_TEXTURE_3D, tex);
    expect_error(GL_INVALID_OPERATION, "glBindTexture(GL_TEXTURE_3D) of a 2D array name");
    glTexImage2D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
    expect_error(GL_INVALID_ENUM, "glTexImage2D(GL_TEXTURE_2D_ARRAY)");

    /* The proxy: a layer count within the limit fits, one past it does
     * not. */
    glTexImage3D(GL_PROXY_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 4, 4, 5, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, NULL);
    expect_error(GL_NO_ERROR, "glTexImage3D(GL_PROXY_TEXTURE_2D_ARRAY, 4x4x5)");
    CHECK(level_param(GL_PROXY_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH) == 5,
          "proxy 2D array 4x4x5 GL_TEXTURE_DEPTH %d, expected 5",
          level_param(GL_PROXY_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH));
    glTexImage3D(GL_PROXY_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 4, 4, max_layers + 1, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, NULL);
    expect_error(GL_NO_ERROR, "glTexImage3D(GL_PROXY_TEXTURE_2D_ARRAY) past the layer limit");
    CHECK(level_param(GL_PROXY_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_WIDTH) == 0 &&
              level_param(GL_PROXY_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH) == 0,
          "proxy 2D array with %d layers: width %d depth %d, expected 0 0", max_layers + 1,
          level_param(GL_PROXY_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_WIDTH),
          level_param(GL_PROXY_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH));
    /* The real texture is untouched by the proxy. */
    CHECK(level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH) == 3,
          "2D array GL_TEXTURE_DEPTH %d after the proxy calls, expected 3",
          level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH));

    /* glCopyTexSubImage3D into one layer: a 2x2 green square of the window
     * into texels (2..3, 0..1) of layer 0. */
    clear_black();
    glColor4ub(0, 255, 0, 255);
    glRectf(0, 0, 2, 2);
    glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, 2, 0, 0, 0, 0, 2, 2);
    expect_error(GL_NO_ERROR, "glCopyTexSubImage3D into layer 0");
    for (y = 0; y < 2; y++)
        for (x = 2; x < 4; x++) {
            GLubyte *p = want + 4 * (4 * y + x);
            p[0] = 0, p[1] = 255, p[2] = 0, p[3] = 255;
        }
    got = get_image(GL_TEXTURE_2D_ARRAY_EXT, 0, 48, "the 2D array after glCopyTexSubImage3D");
    compare_texels("the 2D array after glCopyTexSubImage3D into layer 0", got, want, 4, 4, 3, 0);
    glColor4ub(255, 255, 255, 255);

    glDeleteTextures(1, &tex);
    v = -1;
    glGetIntegerv(GL_TEXTURE_BINDING_2D_ARRAY_EXT, &v);
    CHECK(v == 0, "GL_TEXTURE_BINDING_2D_ARRAY_EXT %d after deleting the texture, expected 0", v);
}

/* ---- 1D arrays ------------------------------------------------------------ */

static void array_1d(void)
{
    GLuint tex = new_texture(GL_TEXTURE_1D_ARRAY_EXT);
    GLubyte data[4 * 3 * 4], want[4 * 3 * 4], sub[4 * 4];
    const GLubyte *got;

    fill_layers(data, 4, 3, layer_colour);
    glTexImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA8, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
    expect_error(GL_NO_ERROR, "glTexImage2D(GL_TEXTURE_1D_ARRAY, GL_RGBA8, 4 x 3 layers)");
    CHECK(level_param(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_TEXTURE_WIDTH) == 4,
          "1D array GL_TEXTURE_WIDTH %d, expected 4",
          level_param(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_TEXTURE_WIDTH));
    CHECK(level_param(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_TEXTURE_HEIGHT) == 3,
          "1D array GL_TEXTURE_HEIGHT %d, expected 3 (the layers)",
          level_param(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_TEXTURE_HEIGHT));
    GLint v = -1;
    glGetIntegerv(GL_TEXTURE_BINDING_1D_ARRAY_EXT, &v);
    CHECK(v == (GLint)tex, "GL_TEXTURE_BINDING_1D_ARRAY_EXT %d, expected %u", v, tex);
    expect_error(GL_NO_ERROR, "the 1D array queries");

    got = get_image(GL_TEXTURE_1D_ARRAY_EXT, 0, 12, "the 4 x 3 1D array");
    compare_texels("the 4 x 3 1D array", got, data, 4, 1, 3, 0);

    /* Layer 1 replaced, then texel 3 of layer 2. */
    memcpy(want, data, sizeof want);
    fill(sub, 4, sub_colour);
    glTexSubImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, 0, 1, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, sub);
    expect_error(GL_NO_ERROR, "glTexSubImage2D of layer 1 of a 1D array");
    fill(want + 4 * 4, 4, sub_colour);
    glTexSubImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, 3, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, sub);
    expect_error(GL_NO_ERROR, "glTexSubImage2D of texel 3 of layer 2 of a 1D array");
    memcpy(want + 4 * (8 + 3), sub_colour, 4);
    got = get_image(GL_TEXTURE_1D_ARRAY_EXT, 0, 12, "the 1D array after the sub-images");
    compare_texels("the 1D array after glTexSubImage2D", got, want, 4, 1, 3, 0);
    glTexSubImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, 0, 2, 4, 2, GL_RGBA, GL_UNSIGNED_BYTE, data);
    expect_error(GL_INVALID_VALUE, "glTexSubImage2D of layers 2..3 of a 3-layer 1D array");

    glTexImage1D(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
    expect_error(GL_INVALID_ENUM, "glTexImage1D(GL_TEXTURE_1D_ARRAY)");
    glBindTexture(GL_TEXTURE_2D, tex);
    expect_error(GL_INVALID_OPERATION, "glBindTexture(GL_TEXTURE_2D) of a 1D array name");
    glDeleteTextures(1, &tex);
}

/* ---- GLSL sampling -------------------------------------------------------- */

static void sampling(void)
{
    GLubyte data[4 * 4 * 3 * 4];
    int i;
    char what[128];

    /* 2D array: flat layers but texel (3, 3) of layer 2. */
    GLuint tex2 = new_texture(GL_TEXTURE_2D_ARRAY_EXT);
    fill_layers(data, 16, 3, layer_colour);
    memcpy(data + 4 * (32 + 15), spot_colour, 4);
    glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 data);
    static const char *fs2 = "#version 110\n"
                             "#extension GL_EXT_texture_array : require\n"
                             "uniform sampler2DArray tex;\n"
                             "void main() {\n"
                             "  gl_FragColor = texture2DArray(tex, gl_TexCoord[0].xyz);\n"
                             "}\n";
    GLuint p = build("sampler2DArray", fs2);
    if (p) {
        clear_black();
        for (i = 0; i < N_COORDS; i++)
            quad_strq(4 * i, 0, 4 * i + 4, 4, 0.375f, 0.375f, layer_coord[i], 1);
        quad_strq(0, 4, 4, 8, 0.875f, 0.875f, 2, 1);
        quad_strq(4, 4, 8, 8, 0.875f, 0.875f, 1, 1);
        quad_strq(8, 4, 12, 8, 0.125f, 0.875f, 2, 1);
        quad_strq(12, 4, 16, 8, 0.875f, 0.125f, 2.2f, 1);
        glUseProgram(0);
        glDeleteProgram(p);
        expect_error(GL_NO_ERROR, "drawing with texture2DArray");
        for (i = 0; i < N_COORDS; i++) {
            snprintf(what, sizeof what, "texture2DArray at layer %g (layer %d)",
                     (double)layer_coord[i], layer_picked[i]);
            CHECK_COLOUR(4 * i + 2, 2, layer_colour[layer_picked[i]], what);
        }
        CHECK_COLOUR(2, 6, spot_colour, "texture2DArray of texel (3,3) of layer 2");
        CHECK_COLOUR(6, 6, layer_colour[1], "texture2DArray of texel (3,3) of layer 1");
        CHECK_COLOUR(10, 6, layer_colour[2], "texture2DArray of texel (0,3) of layer 2");
        CHECK_COLOUR(14, 6, layer_colour[2], "texture2DArray of texel (3,0) of layer 2.2");
    }
    glDeleteTextures(1, &tex2);

    /* 1D array: flat layers but texel 3 of layer 1. */
    GLuint tex1 = new_texture(GL_TEXTURE_1D_ARRAY_EXT);
    fill_layers(data, 4, 3, layer_colour);
    memcpy(data + 4 * (4 + 3), spot_colour, 4);
    glTexImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA8, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
    static const char *fs1 = "#version 110\n"
                             "#extension GL_EXT_texture_array : require\n"
                             "uniform sampler1DArray tex;\n"
                             "void main() {\n"
                             "  gl_FragColor = texture1DArray(tex, gl_TexCoord[0].xy);\n"
                             "}\n";
    p = build("sampler1DArray", fs1);
    if (p) {
        clear_black();
        for (i = 0; i < N_COORDS; i++)
            quad_strq(4 * i, 10, 4 * i + 4, 14, 0.375f, layer_coord[i], 0, 1);
        quad_strq(0, 14, 4, 18, 0.875f, 1, 0, 1);
        quad_strq(4, 14, 8, 18, 0.875f, 0, 0, 1);
        quad_strq(8, 14, 12, 18, 0.125f, 1, 0, 1);
        quad_strq(12, 14, 16, 18, 0.875f, 1.3f, 0, 1);
        glUseProgram(0);
        glDeleteProgram(p);
        expect_error(GL_NO_ERROR, "drawing with texture1DArray");
        for (i = 0; i < N_COORDS; i++) {
            snprintf(what, sizeof what, "texture1DArray at layer %g (layer %d)",
                     (double)layer_coord[i], layer_picked[i]);
            CHECK_COLOUR(4 * i + 2, 12, layer_colour[layer_picked[i]], what);
        }
        CHECK_COLOUR(2, 16, spot_colour, "texture1DArray of texel 3 of layer 1");
        CHECK_COLOUR(6, 16, layer_colour[0], "texture1DArray of texel 3 of layer 0");
        CHECK_COLOUR(10, 16, layer_colour[1], "texture1DArray of texel 0 of layer 1");
        CHECK_COLOUR(14, 16, spot_colour, "texture1DArray of texel 3 of layer 1.3");
    }
    glDeleteTextures(1, &tex1);
}

/* ---- Mipmaps -------------------------------------------------------------- */

static void mipmaps(void)
{
    PFNGLGENERATEMIPMAPEXTPROC generate_mipmap =
        (PFNGLGENERATEMIPMAPEXTPROC)proc("glGenerateMipmapEXT");
    if (!generate_mipmap)
        return;
    GLubyte data[8 * 8 * 3 * 4], want[8 * 8 * 3 * 4];
    const GLubyte *got;
    int level, i;
    char what[128];

    GLuint tex = new_texture(GL_TEXTURE_2D_ARRAY_EXT);
    fill_layers(data, 64, 3, layer_colour);
    glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 8, 8, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 data);
    generate_mipmap(GL_TEXTURE_2D_ARRAY_EXT);
    expect_error(GL_NO_ERROR, "glGenerateMipmapEXT(GL_TEXTURE_2D_ARRAY) of 8x8x3");
    for (level = 1; level <= 3; level++) {
        int size = 8 >> level;
        GLint w = level_param(GL_TEXTURE_2D_ARRAY_EXT, level, GL_TEXTURE_WIDTH);
        GLint h = level_param(GL_TEXTURE_2D_ARRAY_EXT, level, GL_TEXTURE_HEIGHT);
        GLint d = level_param(GL_TEXTURE_2D_ARRAY_EXT, level, GL_TEXTURE_DEPTH);
        CHECK(w == size && h == size && d == 3,
              "generated 2D array level %d: %d x %d x %d, expected %d x %d x 3", level, w, h, d,
              size, size);
        /* Each layer filtered on its own: still its flat colour. */
        fill_layers(want, size * size, 3, layer_colour);
        snprintf(what, sizeof what, "generated 2D array level %d", level);
        got = get_image(GL_TEXTURE_2D_ARRAY_EXT, level, size * size * 3, what);
        compare_texels(what, got, want, size, size, 3, 1);
    }
    CHECK(level_param(GL_TEXTURE_2D_ARRAY_EXT, 4, GL_TEXTURE_WIDTH) == 0,
          "generated 2D array level 4 width %d, expected 0",
          level_param(GL_TEXTURE_2D_ARRAY_EXT, 4, GL_TEXTURE_WIDTH));

    /* Level 2 made distinct per layer, so that sampling shows the level. */
    fill_layers(data, 4, 3, level2_colour);
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY_EXT, 2, 0, 0, 0, 2, 2, 3, GL_RGBA, GL_UNSIGNED_BYTE,
                    data);
    expect_error(GL_NO_ERROR, "glTexSubImage3D of level 2 of all layers");
    glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    static const char *fs = "#version 110\n"
                            "#extension GL_EXT_texture_array : require\n"
                            "uniform sampler2DArray tex;\n"
                            "void main() {\n"
                            "  gl_FragColor = texture2DArray(tex, gl_TexCoord[0].xyz);\n"
                            "}\n";
    GLuint p = build("mipmapped sampler2DArray", fs);
    if (p) {
        clear_black();
        /* 2x2 pixels for 8x8 texels: lambda 2; 8x8 pixels: lambda 0. */
        for (i = 0; i < 3; i++) {
            quad_layer(4 * i, 0, 4 * i + 2, 2, (float)i);
            quad_layer(10 * i, 8, 10 * i + 8, 16, (float)i);
        }
        glUseProgram(0);
        glDeleteProgram(p);
        expect_error(GL_NO_ERROR, "drawing with a mipmapped 2D array");
        for (i = 0; i < 3; i++) {
            snprintf(what, sizeof what, "2x2 quad of layer %d (level 2)", i);
            CHECK_COLOUR(4 * i, 0, level2_colour[i], what);
            CHECK_COLOUR(4 * i + 1, 1, level2_colour[i], what);
            snprintf(what, sizeof what, "8x8 quad of layer %d (level 0)", i);
            CHECK_COLOUR(10 * i + 4, 12, layer_colour[i], what);
        }
    }
    glDeleteTextures(1, &tex);
}

/* ---- Framebuffer attachments ---------------------------------------------- */

static GLint attachment_param(GLenum pname)
{
    GLint v = -1;
    glGetFramebufferAttachmentParameterivEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, pname,
                                             &v);
    return v;
}

static void framebuffer(void)
{
    PFNGLFRAMEBUFFERTEXTURELAYEREXTPROC texture_layer =
        (PFNGLFRAMEBUFFERTEXTURELAYEREXTPROC)proc("glFramebufferTextureLayerEXT");
    if (!texture_layer)
        return;
    GLubyte data[4 * 4 * 3 * 4], want[4 * 4 * 3 * 4];
    const GLubyte *got;
    static const GLubyte clear_c[4] = { 255, 0, 255, 255 }; /* glClearColor(1, 0, 1, 1) */
    static const GLubyte quad_c[4] = { 0, 255, 255, 255 };  /* glColor3f(0, 1, 1) */
    GLuint fb;
    int x, y;
    GLint max_layers = 0;
    glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS_EXT, &max_layers);

    /* Layer 2 of a 4x4x3 2D array: cleared, then a quad over x 0..1. */
    GLuint tex2 = new_texture(GL_TEXTURE_2D_ARRAY_EXT);
    fill_layers(data, 16, 3, layer_colour);
    glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 data);
    glGenFramebuffersEXT(1, &fb);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
    texture_layer(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, tex2, 0, 2);
    expect_error(GL_NO_ERROR, "glFramebufferTextureLayerEXT(layer 2 of a 2D array)");
    GLenum status = glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT);
    CHECK(status == GL_FRAMEBUFFER_COMPLETE_EXT, "layer 2 of a 2D array: status 0x%x", status);
    CHECK(attachment_param(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE_EXT) == GL_TEXTURE,
          "2D array layer attachment: object type 0x%x, expected GL_TEXTURE",
          attachment_param(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE_EXT));
    CHECK(attachment_param(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME_EXT) == (GLint)tex2,
          "2D array layer attachment: object name %d, expected %u",
          attachment_param(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME_EXT), tex2);
    CHECK(attachment_param(GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL_EXT) == 0,
          "2D array layer attachment: level %d, expected 0",
          attachment_param(GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL_EXT));
    CHECK(attachment_param(GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER_EXT) == 2,
          "2D array layer attachment: GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER %d, expected 2",
          attachment_param(GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER_EXT));
    expect_error(GL_NO_ERROR, "the 2D array layer attachment queries");
    if (status == GL_FRAMEBUFFER_COMPLETE_EXT) {
        glClearColor(1, 0, 1, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        glColor3f(0, 1, 1);
        glRectf(0, 0, 2, 4);
        glColor3f(1, 1, 1);
        expect_error(GL_NO_ERROR, "drawing into layer 2 of a 2D array");
        CHECK_COLOUR(0, 3, quad_c, "the quad in layer 2, through glReadPixels");
        CHECK_COLOUR(3, 0, clear_c, "the clear of layer 2, through glReadPixels");
    }
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    memcpy(want, data, sizeof want);
    for (y = 0; y < 4; y++)
        for (x = 0; x < 4; x++)
            memcpy(want + 4 * (32 + 4 * y + x), x < 2 ? quad_c : clear_c, 4);
    glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, tex2);
    got = get_image(GL_TEXTURE_2D_ARRAY_EXT, 0, 48, "the 2D array drawn into");
    compare_texels("the 2D array after drawing into layer 2", got, want, 4, 4, 3, 0);

    /* Attachment errors (framebuffer bound again). */
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
    /* (Mesa 22.3 takes textarget GL_TEXTURE_2D_ARRAY in
     * glFramebufferTexture2D as layer 0, so that is left unchecked.) */
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D, tex2,
                              0);
    expect_error(GL_INVALID_OPERATION,
                 "glFramebufferTexture2DEXT(GL_TEXTURE_2D) of a 2D array texture");
    texture_layer(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, tex2, 0, -1);
    expect_error(GL_INVALID_VALUE, "glFramebufferTextureLayerEXT at layer -1");
    texture_layer(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, tex2, 0, max_layers);
    expect_error(GL_INVALID_VALUE,
                 "glFramebufferTextureLayerEXT at layer GL_MAX_ARRAY_TEXTURE_LAYERS");
    CHECK(attachment_param(GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER_EXT) == 2,
          "attachment layer %d after the refused calls, expected 2",
          attachment_param(GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER_EXT));
    GLuint plain = new_texture(GL_TEXTURE_2D);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    texture_layer(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, plain, 0, 0);
    expect_error(GL_INVALID_OPERATION, "glFramebufferTextureLayerEXT of a GL_TEXTURE_2D texture");
    /* Layer 3 of a 3-layer array: accepted, but the attachment is
     * incomplete. */
    texture_layer(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, tex2, 0, 3);
    expect_error(GL_NO_ERROR, "glFramebufferTextureLayerEXT at layer 3 of a 3-layer array");
    status = glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT);
    CHECK(status == GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT_EXT,
          "layer 3 of a 3-layer array: status 0x%x, expected 0x%x (incomplete attachment)",
          status, GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT_EXT);

    /* Layer 1 of a 4 x 3 1D array: a 4x1 framebuffer. A quad over the
     * whole window reaches that row only. */
    GLuint tex1 = new_texture(GL_TEXTURE_1D_ARRAY_EXT);
    fill_layers(data, 4, 3, layer_colour);
    glTexImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA8, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
    texture_layer(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, tex1, 0, 1);
    expect_error(GL_NO_ERROR, "glFramebufferTextureLayerEXT(layer 1 of a 1D array)");
    status = glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT);
    CHECK(status == GL_FRAMEBUFFER_COMPLETE_EXT, "layer 1 of a 1D array: status 0x%x", status);
    CHECK(attachment_param(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME_EXT) == (GLint)tex1,
          "1D array layer attachment: object name %d, expected %u",
          attachment_param(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME_EXT), tex1);
    /* GL 3.0 says 1 (the layer of a 1D array too); Mesa 22.3 answers the
     * layer for 3D and 2D array textures only, 0 otherwise. */
    GLint layer1 = attachment_param(GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER_EXT);
    printf("1D array layer 1 attachment: GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER %d\n", layer1);
    CHECK(layer1 == 1 || layer1 == 0,
          "1D array layer attachment: GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER %d, expected 1 "
          "(or Mesa's 0)", layer1);
    expect_error(GL_NO_ERROR, "the 1D array layer attachment queries");
    if (status == GL_FRAMEBUFFER_COMPLETE_EXT) {
        glClearColor(1, 0, 1, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        glColor3f(0, 1, 1);
        glRectf(0, 0, 1, 32);
        glColor3f(1, 1, 1);
        expect_error(GL_NO_ERROR, "drawing into layer 1 of a 1D array");
        CHECK_COLOUR(0, 0, quad_c, "the quad in layer 1 of the 1D array, through glReadPixels");
        CHECK_COLOUR(3, 0, clear_c, "the clear of layer 1 of the 1D array, through glReadPixels");
    }
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    memcpy(want, data, 4 * 12);
    for (x = 0; x < 4; x++)
        memcpy(want + 4 * (4 + x), x < 1 ? quad_c : clear_c, 4);
    glBindTexture(GL_TEXTURE_1D_ARRAY_EXT, tex1);
    got = get_image(GL_TEXTURE_1D_ARRAY_EXT, 0, 12, "the 1D array drawn into");
    compare_texels("the 1D array after drawing into layer 1", got, want, 4, 1, 3, 0);

    glDeleteFramebuffersEXT(1, &fb);
    glDeleteTextures(1, &tex1);
    glDeleteTextures(1, &tex2);
    glDeleteTextures(1, &plain);
    expect_error(GL_NO_ERROR, "array layers as framebuffer attachments");
}

/* ---- Errors and depth arrays ---------------------------------------------- */

static void errors_and_depth(void)
{
    int i;
    char what[128];

    /* Array targets are for shaders only: no fixed-function enable. */
    glEnable(GL_TEXTURE_2D_ARRAY_EXT);
    expect_error(GL_INVALID_ENUM, "glEnable(GL_TEXTURE_2D_ARRAY)");
    glEnable(GL_TEXTURE_1D_ARRAY_EXT);
    expect_error(GL_INVALID_ENUM, "glEnable(GL_TEXTURE_1D_ARRAY)");
    glIsEnabled(GL_TEXTURE_2D_ARRAY_EXT);
    expect_error(GL_INVALID_ENUM, "glIsEnabled(GL_TEXTURE_2D_ARRAY)");

    /* Border 1: the border frames each layer, the layers get none
     * (GL 3.0 3.8.1). Mesa (gallium) strips the border and reports
     * GL_TEXTURE_BORDER 0, so the border itself is not queried. Border 2
     * is refused. */
    GLuint tex = new_texture(GL_TEXTURE_2D_ARRAY_EXT);
    glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 6, 6, 3, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                 NULL);
    expect_error(GL_NO_ERROR, "glTexImage3D(GL_TEXTURE_2D_ARRAY, 6x6x3) with border 1");
    {
        GLint w = level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_WIDTH);
        GLint h = level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_HEIGHT);
        GLint d = level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH);
        CHECK(w == 4 && h == 4 && d == 3,
              "2D array 6x6x3 with border 1: %d x %d x %d, expected 4 x 4 x 3", w, h, d);
    }
    glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 4, 4, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE,
                 NULL);
    expect_error(GL_INVALID_VALUE, "glTexImage3D(GL_TEXTURE_2D_ARRAY) with border 2");
    GLuint tex1 = new_texture(GL_TEXTURE_1D_ARRAY_EXT);
    glTexImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA8, 6, 3, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    expect_error(GL_NO_ERROR, "glTexImage2D(GL_TEXTURE_1D_ARRAY, 6 x 3) with border 1");
    {
        GLint w = level_param(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_TEXTURE_WIDTH);
        GLint h = level_param(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_TEXTURE_HEIGHT);
        CHECK(w == 4 && h == 3, "1D array 6 x 3 with border 1: %d x %d, expected 4 x 3", w, h);
    }
    glTexImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA8, 4, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    expect_error(GL_INVALID_VALUE, "glTexImage2D(GL_TEXTURE_1D_ARRAY) with border 2");
    glDeleteTextures(1, &tex1);

    /* A depth 2D array: layers at depth 0.25, 0.5, 0.75. */
    glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, tex);
    static const float depth[3] = { 0.25f, 0.5f, 0.75f };
    GLfloat z[4 * 4 * 3], zout[4 * 4 * 3 + 4];
    for (i = 0; i < 48; i++)
        z[i] = depth[i / 16];
    glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_DEPTH_COMPONENT24, 4, 4, 3, 0,
                 GL_DEPTH_COMPONENT, GL_FLOAT, z);
    expect_error(GL_NO_ERROR, "glTexImage3D(GL_TEXTURE_2D_ARRAY, GL_DEPTH_COMPONENT24)");
    CHECK(level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH) == 3,
          "depth 2D array GL_TEXTURE_DEPTH %d, expected 3",
          level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH));
    CHECK(level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH_SIZE) >= 24,
          "depth 2D array GL_TEXTURE_DEPTH_SIZE %d, expected at least 24",
          level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH_SIZE));
    for (i = 0; i < 52; i++)
        zout[i] = -99.0f;
    glGetTexImage(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_DEPTH_COMPONENT, GL_FLOAT, zout);
    expect_error(GL_NO_ERROR, "glGetTexImage of the depth 2D array");
    for (i = 0; i < 48; i++)
        if (fabsf(zout[i] - z[i]) > 1e-6f)
            break;
    CHECK(i == 48, "depth 2D array texel %d (layer %d) read back as %.7f, expected %.7f", i,
          i / 16, i < 48 ? zout[i] : 0.0f, i < 48 ? z[i] : 0.0f);
    CHECK(zout[48] == -99.0f, "glGetTexImage of the depth 2D array wrote past 48 values");

    glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);
    glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    expect_error(GL_NO_ERROR, "the compare mode of a depth 2D array");
    /* Red when the comparison passes, green when it fails. */
    static const char *fs = "#version 110\n"
                            "#extension GL_EXT_texture_array : require\n"
                            "uniform sampler2DArrayShadow tex;\n"
                            "void main() {\n"
                            "  float v = shadow2DArray(tex, gl_TexCoord[0]).r;\n"
                            "  gl_FragColor = vec4(v, 1.0 - v, 0.0, 1.0);\n"
                            "}\n";
    GLuint p = build("sampler2DArrayShadow", fs);
    if (p) {
        /* (layer, reference, LEQUAL result, GREATER result) */
        static const float cases[8][4] = {
            { 0, 0.4f, 0, 1 }, { 1, 0.4f, 1, 0 }, { 2, 0.4f, 1, 0 }, { 0, 0.6f, 0, 1 },
            { 1, 0.6f, 0, 1 }, { 2, 0.6f, 1, 0 }, { 7, 0.7f, 1, 0 }, { 1.4f, 0.45f, 1, 0 },
        };
        int f;
        for (f = 0; f < 2; f++) {
            glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_COMPARE_FUNC,
                            f ? GL_GREATER : GL_LEQUAL);
            clear_black();
            for (i = 0; i < 8; i++)
                quad_strq(4 * i, 20, 4 * i + 4, 24, 0.5f, 0.5f, cases[i][0], cases[i][1]);
            expect_error(GL_NO_ERROR, "drawing with shadow2DArray");
            for (i = 0; i < 8; i++) {
                int pass = cases[i][2 + f] != 0.0f;
                snprintf(what, sizeof what, "shadow2DArray %s at layer %g, reference %g",
                         f ? "GL_GREATER" : "GL_LEQUAL", (double)cases[i][0],
                         (double)cases[i][1]);
                CHECK_RGBA(4 * i + 2, 22, pass ? 255 : 0, pass ? 0 : 255, 0, 255, 1, what);
            }
        }
        glUseProgram(0);
        glDeleteProgram(p);
    }
    glDeleteTextures(1, &tex);
}

int main(void)
{
    struct test_window t = open_pixel_window(32);

    if (!has_extension("GL_EXT_texture_array")) {
        printf("SKIP GL_EXT_texture_array\n");
        return close_test_window(&t);
    }
    int have_fbo = has_extension("GL_EXT_framebuffer_object");
    static const char *parts[6] = { "2D arrays", "1D arrays", "GLSL sampling",
                                    "mipmaps",   "framebuffer layers", "errors and depth arrays" };
    int i;
    for (i = 0; i < 6; i++) {
        if ((i == 3 || i == 4) && !have_fbo) {
            printf("SKIP %s (no GL_EXT_framebuffer_object)\n", parts[i]);
            continue;
        }
        int before = failures;
        switch (i) {
        case 0:
            array_2d();
            break;
        case 1:
            array_1d();
            break;
        case 2:
            sampling();
            break;
        case 3:
            mipmaps();
            break;
        case 4:
            framebuffer();
            break;
        case 5:
            errors_and_depth();
            break;
        }
        expect_error(GL_NO_ERROR, parts[i]);
        printf("%s: %s\n", parts[i], failures == before ? "ok" : "FAILED");
    }
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
