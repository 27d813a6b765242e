/*
 * copy_image.c: ARB_copy_image (GL 4.3) glCopyImageSubData in a
 * compatibility context, by texels read back with glGetTexImage and
 * glGetCompressedTexImage, renderbuffers read through framebuffer objects
 * with glReadPixels, and GL errors. Without GL_ARB_copy_image in GL_
 * EXTENSIONS the client prints a SKIP line (and PASS). The DXT5 checks run
 * only with GL_EXT_texture_compression_s3tc, the rectangle and cube map
 * array ones with their extensions, the multisample ones where GL_MAX_
 * SAMPLES is at least 4 (each says so when left out).
 *
 * Every texture has GL_NEAREST filters (so it is complete with one level,
 * integer formats included) unless a check says otherwise. RGBA8 test
 * images hold x, y, a tag and 0x80 | z in a texel's red, green, blue and
 * alpha bytes; each copy is modelled on the host and the whole destination
 * image (every level, layer or face that could change) is compared word
 * for word, so texels outside the region must keep their values; the
 * source is compared too where noted. A texel's bytes as a 32-bit word are
 * taken little-endian (red lowest), as a reinterpreting copy gives on the
 * hosts this runs on.
 *
 * - 2D RGBA8 (16x12 to 20x16): a 5x4 region at (3,2) to (9,11), source
 *   unchanged; the whole 16x12 image to (4,4); one texel to (0,15); width,
 *   height or depth 0: no error, nothing written; within one texture, the
 *   7x6 region at (0,0) to (13,9) of the same level; 2D to a rectangle
 *   texture (GL_ARB_texture_rectangle).
 * - Levels: level 1 (8x8) of a 5-level texture (min filter GL_NEAREST_
 *   MIPMAP_NEAREST) to level 0 of a 12x10 texture; its level 3 (2x2) to
 *   level 2 of a complete 4-level texture (GL_LINEAR_MIPMAP_LINEAR), the
 *   other levels compared unchanged; level 0 to level 1 of the same
 *   texture, level 0 unchanged.
 * - Formats of one texel size, bits copied exactly: GL_RGBA8 to GL_R32UI
 *   (read as GL_RED_INTEGER words) and GL_R32UI back to GL_RGBA8; GL_
 *   RGBA8UI (bytes 0, 0x7f, 0x80, 0xff) to GL_RGBA8 and GL_RGBA8 to GL_
 *   RGBA8UI; GL_R32F to GL_RGBA8 (the floats' bits) and GL_RGBA8 to GL_R32F
 *   (words that are normal floats, read as GL_FLOAT); 64-bit texels GL_
 *   RG32UI to GL_RGBA16F (read as GL_HALF_FLOAT) and GL_RGBA16UI to GL_
 *   RG32UI; GL_DEPTH_COMPONENT32F to GL_DEPTH_COMPONENT32F. GL_INVALID_
 *   OPERATION, destination unchanged, for GL_RGBA8 to GL_RGBA16 and back,
 *   GL_RG8 to GL_RGBA8, GL_R32UI to GL_RGBA16F, GL_R32F to GL_DEPTH_
 *   COMPONENT32F and GL_DEPTH_COMPONENT32F to GL_RGBA8.
 * - Compressed (blocks of arbitrary bytes, each texture's bytes first read
 *   back as specified, with GL_TEXTURE_COMPRESSED_IMAGE_SIZE): an 8x8 GL_
 *   COMPRESSED_RGBA_S3TC_DXT5_EXT block (16 bytes; region (4,4) 4x4) to
 *   one GL_RGBA32UI texel (its 4 words), and GL_RGBA32UI texels (region
 *   1x1) back to blocks (0,4) and (4,0) of another DXT5 texture; DXT5 to
 *   DXT5 one block and the whole image; a 3x2 GL_RGBA32UI region to 12x8
 *   texels (3x2 blocks) at (4,8) of a 16x16 DXT5; a GL_COMPRESSED_RG_RGTC2
 *   block to a GL_RGBA32UI texel. GL_COMPRESSED_RED_RGTC1 (8-byte blocks):
 *   a block to a GL_RG32UI texel, two blocks (8x4 texels) to two GL_
 *   RGBA16UI texels, a GL_RG32UI texel and a GL_RGBA16UI texel back to
 *   RGTC1 blocks. Errors, nothing written: GL_INVALID_VALUE for a DXT5
 *   source x 2 or y 1, a width 3 short of the image's edge, a DXT5
 *   destination x 2 or y 6, a DXT5 region whose GL_RGBA32UI counterpart
 *   passes that image's edge and GL_RGBA32UI texels whose DXT5 counterpart
 *   passes the DXT5 image's, a GL_RG32UI texel to RGTC1 y 2; GL_INVALID_
 *   OPERATION for DXT5 to GL_RGBA16UI (64-bit texels) and to GL_RGBA8,
 *   DXT5 to RGTC2 and back (two compressed formats of different view
 *   classes), RGTC1 to GL_RGBA32UI.
 * - Layers: 2D array layers 1..2 to 3D slices 2..3 (srcDepth 2), source
 *   unchanged; a 3D slice to 2D array layer 3; two 3D slices within the
 *   same texture; cube map faces 1..4 to 2D array layers 2..5; a 2D region
 *   to cube face 5 and 2D array layers 0..1 to faces 2..3 (all six faces
 *   read back); cube to cube, all six faces at once; cube map array
 *   layer-faces 7..8 to 2D array layers 0..1 and a 2D array layer to
 *   layer-face 11, layer-faces 10..12 of 12 GL_INVALID_VALUE; 1D to layer
 *   2 of a 1D array (z selects the layer) and that layer to row 6 of a 2D
 *   texture. GL_INVALID_VALUE, nothing written: cube faces 4..6, face 6
 *   (source and destination), 2D array layers 3..6 of 6, 3D slices 3..4
 *   of 4, a 2D source z 1, a 2D destination depth 2, a 1D source y 1, a 1D
 *   array destination y 1 and layer 3 of 3.
 * - Renderbuffers (filled with glDrawPixels, read back first): GL_RGBA8
 *   renderbuffer to renderbuffer (16x12 to 12x16), source unchanged;
 *   texture to renderbuffer; within one renderbuffer; renderbuffer to
 *   texture; a GL_RGBA8 texture to a GL_R32UI renderbuffer (cleared with
 *   glClearBufferuiv, read as GL_RED_INTEGER words) and that to a GL_RGBA8
 *   renderbuffer. GL_INVALID_VALUE for level 1 (source and destination), z
 *   1, depth 2, regions past either renderbuffer; GL_INVALID_OPERATION for
 *   GL_RGBA8 and GL_R32UI renderbuffers to a GL_RGBA16 texture; the
 *   destination unchanged. Multisample (GL_RENDERBUFFER_SAMPLES of a
 *   4-sample request, the texture's GL_TEXTURE_SAMPLES the same): a
 *   renderbuffer cleared in two halves to another cleared to a third
 *   colour and to a GL_TEXTURE_2D_MULTISAMPLE, each resolved with
 *   glBlitFramebuffer and read whole; GL_INVALID_OPERATION for multisample
 *   to single-sample renderbuffer and back, multisample texture to 2D
 *   texture and 2D texture to multisample renderbuffer.
 * - Errors (GL 4.6 section 18.3.3), none writing to the destination
 *   texture or renderbuffer (read back at the end): GL_INVALID_ENUM for
 *   GL_TEXTURE_BUFFER (a buffer texture's name) as source and destination
 *   target, GL_TEXTURE_CUBE_MAP_POSITIVE_X and _NEGATIVE_Z, GL_PROXY_
 *   TEXTURE_2D and GL_PROXY_TEXTURE_CUBE_MAP, GL_RGBA, GL_FRAMEBUFFER, and
 *   targets that do not match the object (a 2D texture as GL_TEXTURE_3D,
 *   GL_TEXTURE_2D_ARRAY and GL_TEXTURE_RECTANGLE, a cube map as GL_
 *   TEXTURE_2D); GL_INVALID_VALUE for a name never used (GL_TEXTURE_2D
 *   source and destination, GL_RENDERBUFFER), a deleted texture and a
 *   deleted renderbuffer, level -1 (source and destination), level 1 of a
 *   one-level texture (source and destination), level 5 of a 16x16
 *   texture's complete 5-level chain and level 1000, regions past the
 *   source or destination in x or y, negative x, y, z of either, negative
 *   width, height, depth, depth 2 of 2D textures, a region past an 8x8
 *   renderbuffer and a renderbuffer y -2; GL_INVALID_OPERATION for
 *   textures that are not complete (section 8.17): a cube map of one face
 *   (source and destination), a cube map with one 4x4 face among 8x8, a
 *   single level with min filter GL_NEAREST_MIPMAP_LINEAR (source and
 *   destination), level 1 of a chain whose level 1 is 2x2 under 8x8; a
 *   texture without images gives GL_INVALID_OPERATION (not complete) or
 *   GL_INVALID_VALUE (no such level image), either accepted. Then the same
 *   textures made complete copy without error: the single level with
 *   GL_TEXTURE_MAX_LEVEL 0, then with min filter GL_NEAREST, the chain
 *   with a 4x4 level 1 (its texels compared).
 *
 * Mesa 22.3 (llvmpipe) departs from the GL 4.6 specification in cases
 * not asserted here:
 * - A name from glGenTextures or glGenRenderbuffers never bound is no
 *   object yet (sections 8.1 and 9.2.4), which section 18.3.3 makes GL_
 *   INVALID_VALUE; Mesa raises GL_INVALID_OPERATION (it finds the name and
 *   calls the object incomplete).
 * - An integer texture with a GL_LINEAR magnification or minification
 *   filter is not complete (section 8.17), so GL_INVALID_OPERATION; Mesa
 *   copies it without error, on purpose (it ignores format-based
 *   completeness rules, after a Khronos discussion that games rely on).
 * - Name 0 is GL_INVALID_VALUE in Mesa; in the compatibility profile 0 is
 *   the default texture, so the specification's reading is unclear.
 * Every error asserted above agrees between the specification and Mesa.
 *
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o copy_image
 * tests/clients/copy_image.c -lX11 -lGL -lm). Prints FAIL lines and PASS
 * when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>

/* A texel of test image `tag`: x, y, tag and 0x80 | z in its four bytes
 * (red, green, blue, alpha of an RGBA8 texel; little-endian as a word). */
static GLuint pat(int tag, int x, int y, int z)
{
    return (GLuint)x | (GLuint)y << 8 | (GLuint)tag << 16 | (GLuint)(0x80 | z) << 24;
}

/* w x h x d words of pattern `tag` into out. */
static void fill(GLuint *out, int tag, int w, int h, int d)
{
    for (int z = 0; z < d; z++)
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                out[(z * h + y) * w + x] = pat(tag, x, y, z);
}

/* The copy glCopyImageSubData should make, on arrays of words (`wpt`
 * words a texel): the w x h x d region at (sx, sy, sz) of the sw x sh
 * image `src` to (dx, dy, dz) of the dw x dh image `dst`. */
static void model_copy(GLuint *dst, int dw, int dh, const GLuint *src, int sw, int sh, int wpt,
                       int sx, int sy, int sz, int dx, int dy, int dz, int w, int h, int d)
{
    for (int k = 0; k < d; k++)
        for (int j = 0; j < h; j++)
            for (int i = 0; i < w; i++)
                for (int c = 0; c < wpt; c++)
                    dst[(((dz + k) * dh + dy + j) * dw + dx + i) * wpt + c] =
                        src[(((sz + k) * sh + sy + j) * sw + sx + i) * wpt + c];
}

/* Compares the w x h x d image `got` (`wpt` words a texel) with `want`:
 * a FAIL line for each of the first 3 texels that differ, and one in
 * all. */
static void same_words(const GLuint *got, const GLuint *want, int wpt, int w, int h, int d,
                       const char *what)
{
    int n = w * h * d * wpt, bad = 0;
    for (int i = 0; i < n; i++) {
        if (got[i] != want[i] && bad++ < 3) {
            int t = i / wpt;
            CHECK(0, "%s: texel (%d,%d,%d) word %d is 0x%08x, expected 0x%08x", what, t % w,
                  t / w % h, t / (w * h), i % wpt, got[i], want[i]);
        }
    }
    CHECK(bad == 0, "%s: %d of %d words differ", what, bad, n);
}

/* A new texture of `target`, bound, nearest filtering (complete with one
 * level, integer formats included). */
static GLuint new_tex(GLenum target)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(target, t);
    glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return t;
}

/* A w x h GL_TEXTURE_2D of `internal` with one level of `data`. */
static GLuint tex2d(GLenum internal, int w, int h, GLenum format, GLenum type, const void *data)
{
    GLuint t = new_tex(GL_TEXTURE_2D);
    glTexImage2D(GL_TEXTURE_2D, 0, internal, w, h, 0, format, type, data);
    return t;
}

/* glGetTexImage of level `level` of `tex` (bound to `bind`; `image` is the
 * target given to glGetTexImage). */
static void get_tex(GLenum bind, GLenum image, GLuint tex, int level, GLenum format, GLenum type,
                    void *out)
{
    glBindTexture(bind, tex);
    glGetTexImage(image, level, format, type, out);
}

static void copy(GLuint src, GLenum st, int sl, int sx, int sy, int sz, GLuint dst, GLenum dt,
                 int dl, int dx, int dy, int dz, int w, int h, int d)
{
    glCopyImageSubData(src, st, sl, sx, sy, sz, dst, dt, dl, dx, dy, dz, w, h, d);
}

/* ------------------------------------------------------------------ */

static void rgba8_2d(void)
{
    static GLuint a[16 * 12], b[20 * 16], want[20 * 16], got[20 * 16];
    fill(a, 1, 16, 12, 1);
    fill(b, 2, 20, 16, 1);
    GLuint ta = tex2d(GL_RGBA8, 16, 12, GL_RGBA, GL_UNSIGNED_BYTE, a);
    GLuint tb = tex2d(GL_RGBA8, 20, 16, GL_RGBA, GL_UNSIGNED_BYTE, b);

    copy(ta, GL_TEXTURE_2D, 0, 3, 2, 0, tb, GL_TEXTURE_2D, 0, 9, 11, 0, 5, 4, 1);
    expect_error(GL_NO_ERROR, "2D RGBA8 5x4 at (3,2) to (9,11)");
    memcpy(want, b, sizeof b);
    model_copy(want, 20, 16, a, 16, 12, 1, 3, 2, 0, 9, 11, 0, 5, 4, 1);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tb, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, want, 1, 20, 16, 1, "2D RGBA8 sub-rectangle: destination");
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, ta, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, a, 1, 16, 12, 1, "2D RGBA8 sub-rectangle: source unchanged");

    /* The whole 16x12 source to the destination's top right corner. */
    copy(ta, GL_TEXTURE_2D, 0, 0, 0, 0, tb, GL_TEXTURE_2D, 0, 4, 4, 0, 16, 12, 1);
    expect_error(GL_NO_ERROR, "2D RGBA8 whole image to (4,4)");
    model_copy(want, 20, 16, a, 16, 12, 1, 0, 0, 0, 4, 4, 0, 16, 12, 1);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tb, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, want, 1, 20, 16, 1, "2D RGBA8 whole image to (4,4)");

    /* A single texel, and empty regions (no error, nothing written). */
    copy(ta, GL_TEXTURE_2D, 0, 15, 11, 0, tb, GL_TEXTURE_2D, 0, 0, 15, 0, 1, 1, 1);
    expect_error(GL_NO_ERROR, "2D RGBA8 one texel");
    model_copy(want, 20, 16, a, 16, 12, 1, 15, 11, 0, 0, 15, 0, 1, 1, 1);
    copy(ta, GL_TEXTURE_2D, 0, 0, 0, 0, tb, GL_TEXTURE_2D, 0, 0, 0, 0, 0, 4, 1);
    expect_error(GL_NO_ERROR, "2D RGBA8 width 0");
    copy(ta, GL_TEXTURE_2D, 0, 0, 0, 0, tb, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 0, 1);
    expect_error(GL_NO_ERROR, "2D RGBA8 height 0");
    copy(ta, GL_TEXTURE_2D, 0, 0, 0, 0, tb, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 0);
    expect_error(GL_NO_ERROR, "2D RGBA8 depth 0");
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tb, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, want, 1, 20, 16, 1, "2D RGBA8 one texel, then empty regions");

    /* Within one texture: two non-overlapping regions of level 0. */
    copy(tb, GL_TEXTURE_2D, 0, 0, 0, 0, tb, GL_TEXTURE_2D, 0, 13, 9, 0, 7, 6, 1);
    expect_error(GL_NO_ERROR, "within one texture");
    model_copy(want, 20, 16, want, 20, 16, 1, 0, 0, 0, 13, 9, 0, 7, 6, 1);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tb, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, want, 1, 20, 16, 1, "within one texture (0,0) 7x6 to (13,9)");

    /* A rectangle texture as destination, and back to 2D. */
    if (has_extension("GL_ARB_texture_rectangle")) {
        static GLuint r[8 * 6], rw[8 * 6];
        fill(r, 3, 8, 6, 1);
        GLuint tr = new_tex(GL_TEXTURE_RECTANGLE);
        glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 8, 6, 0, GL_RGBA, GL_UNSIGNED_BYTE, r);
        copy(ta, GL_TEXTURE_2D, 0, 10, 6, 0, tr, GL_TEXTURE_RECTANGLE, 0, 1, 2, 0, 6, 4, 1);
        expect_error(GL_NO_ERROR, "2D to rectangle");
        memcpy(rw, r, sizeof r);
        model_copy(rw, 8, 6, a, 16, 12, 1, 10, 6, 0, 1, 2, 0, 6, 4, 1);
        get_tex(GL_TEXTURE_RECTANGLE, GL_TEXTURE_RECTANGLE, tr, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
        same_words(got, rw, 1, 8, 6, 1, "2D (10,6) 6x4 to rectangle (1,2)");
        glDeleteTextures(1, &tr);
    }
    glDeleteTextures(1, &ta);
    glDeleteTextures(1, &tb);
}

/* Level 1 of a mipmapped texture to level 0 of another and to level 2 of
 * a third; a level to another level of the same texture. */
static void levels(void)
{
    static GLuint lv[5][16 * 16], got[16 * 16], want[16 * 16], b[12 * 10], c[8][8 * 8];
    GLuint ta = new_tex(GL_TEXTURE_2D);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    for (int l = 0; l < 5; l++) {
        fill(lv[l], 0x10 + l, 16 >> l, 16 >> l, 1);
        glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, 16 >> l, 16 >> l, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                     lv[l]);
    }
    fill(b, 0x20, 12, 10, 1);
    GLuint tb = tex2d(GL_RGBA8, 12, 10, GL_RGBA, GL_UNSIGNED_BYTE, b);
    copy(ta, GL_TEXTURE_2D, 1, 2, 1, 0, tb, GL_TEXTURE_2D, 0, 7, 4, 0, 4, 5, 1);
    expect_error(GL_NO_ERROR, "level 1 to level 0 of another texture");
    memcpy(want, b, sizeof b);
    model_copy(want, 12, 10, lv[1], 8, 8, 1, 2, 1, 0, 7, 4, 0, 4, 5, 1);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tb, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, want, 1, 12, 10, 1, "level 1 (2,1) 4x5 to level 0 (7,4)");

    /* An 8x8 texture of 4 levels (min filter needs mipmaps, the chain is
     * complete): level 3 of ta (2x2) to its level 2 (2x2). */
    GLuint tc = new_tex(GL_TEXTURE_2D);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    for (int l = 0; l < 4; l++) {
        fill(c[l], 0x30 + l, 8 >> l, 8 >> l, 1);
        glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, 8 >> l, 8 >> l, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                     c[l]);
    }
    copy(ta, GL_TEXTURE_2D, 3, 0, 0, 0, tc, GL_TEXTURE_2D, 2, 0, 0, 0, 2, 2, 1);
    expect_error(GL_NO_ERROR, "level 3 to level 2 of another texture");
    for (int l = 0; l < 4; l++) {
        get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tc, l, GL_RGBA, GL_UNSIGNED_BYTE, got);
        char what[64];
        snprintf(what, sizeof what, "level 3 to level 2: level %d", l);
        same_words(got, l == 2 ? lv[3] : c[l], 1, 8 >> l, 8 >> l, 1, what);
    }

    /* Within one texture, level 0 to level 1. */
    copy(ta, GL_TEXTURE_2D, 0, 9, 10, 0, ta, GL_TEXTURE_2D, 1, 1, 3, 0, 6, 5, 1);
    expect_error(GL_NO_ERROR, "level 0 to level 1 of the same texture");
    memcpy(want, lv[1], 64 * 4);
    model_copy(want, 8, 8, lv[0], 16, 16, 1, 9, 10, 0, 1, 3, 0, 6, 5, 1);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, ta, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, want, 1, 8, 8, 1, "same texture level 0 (9,10) 6x5 to level 1 (1,3)");
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, ta, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, lv[0], 1, 16, 16, 1, "same texture: level 0 unchanged");
    GLuint del[3] = { ta, tb, tc };
    glDeleteTextures(3, del);
}

static void formats(void)
{
    static GLuint a[8 * 8], b[8 * 8], want[8 * 8], got[8 * 8], c[8 * 8];

    /* GL_RGBA8 -> GL_R32UI: the word of a texel's four bytes (red lowest). */
    fill(a, 0x41, 8, 8, 1);
    for (int i = 0; i < 64; i++)
        b[i] = 0x11111111u * (i % 15) + 7;
    GLuint ta = tex2d(GL_RGBA8, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, a);
    GLuint tb = tex2d(GL_R32UI, 8, 8, GL_RED_INTEGER, GL_UNSIGNED_INT, b);
    copy(ta, GL_TEXTURE_2D, 0, 1, 1, 0, tb, GL_TEXTURE_2D, 0, 3, 4, 0, 4, 3, 1);
    expect_error(GL_NO_ERROR, "GL_RGBA8 to GL_R32UI");
    memcpy(want, b, sizeof b);
    model_copy(want, 8, 8, a, 8, 8, 1, 1, 1, 0, 3, 4, 0, 4, 3, 1);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tb, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, got);
    same_words(got, want, 1, 8, 8, 1, "GL_RGBA8 (1,1) 4x3 to GL_R32UI (3,4)");

    /* ... and GL_R32UI -> GL_RGBA8: the words' bytes as red, green, blue,
     * alpha. */
    fill(c, 0x42, 8, 8, 1);
    GLuint tc = tex2d(GL_RGBA8, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, c);
    copy(tb, GL_TEXTURE_2D, 0, 0, 0, 0, tc, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
    expect_error(GL_NO_ERROR, "GL_R32UI to GL_RGBA8");
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tc, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, want, 1, 8, 8, 1, "GL_R32UI whole image to GL_RGBA8");

    /* GL_RGBA8UI -> GL_RGBA8 and back: bytes 0, 0x7f, 0x80, 0xff kept. */
    GLuint u[8 * 8];
    for (int i = 0; i < 64; i++)
        u[i] = (GLuint)(i * 4) | 0x7f00u | 0x800000u | (i & 1 ? 0xff000000u : 0);
    GLuint tu = tex2d(GL_RGBA8UI, 8, 8, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, u);
    copy(tu, GL_TEXTURE_2D, 0, 2, 0, 0, tc, GL_TEXTURE_2D, 0, 1, 2, 0, 6, 5, 1);
    expect_error(GL_NO_ERROR, "GL_RGBA8UI to GL_RGBA8");
    model_copy(want, 8, 8, u, 8, 8, 1, 2, 0, 0, 1, 2, 0, 6, 5, 1);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tc, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, want, 1, 8, 8, 1, "GL_RGBA8UI (2,0) 6x5 to GL_RGBA8 (1,2)");
    copy(ta, GL_TEXTURE_2D, 0, 0, 0, 0, tu, GL_TEXTURE_2D, 0, 4, 4, 0, 4, 4, 1);
    expect_error(GL_NO_ERROR, "GL_RGBA8 to GL_RGBA8UI");
    model_copy(u, 8, 8, a, 8, 8, 1, 0, 0, 0, 4, 4, 0, 4, 4, 1);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tu, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, got);
    same_words(got, u, 1, 8, 8, 1, "GL_RGBA8 (0,0) 4x4 to GL_RGBA8UI (4,4)");

    /* GL_R32F -> GL_RGBA8: the float's bits; GL_RGBA8 -> GL_R32F: the
     * word's bits as a float (all normal numbers). */
    GLfloat f[8 * 8], gotf[8 * 8];
    GLuint fw[8 * 8];
    for (int i = 0; i < 64; i++) {
        f[i] = (i - 20) * 0.37f + (i & 3) * 1e6f;
        memcpy(&fw[i], &f[i], 4);
    }
    f[0] = 1.0f / 3.0f;
    memcpy(&fw[0], &f[0], 4);
    GLuint tf = tex2d(GL_R32F, 8, 8, GL_RED, GL_FLOAT, f);
    GLuint td = tex2d(GL_RGBA8, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, c);
    copy(tf, GL_TEXTURE_2D, 0, 0, 0, 0, td, GL_TEXTURE_2D, 0, 2, 1, 0, 5, 7, 1);
    expect_error(GL_NO_ERROR, "GL_R32F to GL_RGBA8");
    memcpy(want, c, sizeof c);
    model_copy(want, 8, 8, fw, 8, 8, 1, 0, 0, 0, 2, 1, 0, 5, 7, 1);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, td, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, want, 1, 8, 8, 1, "GL_R32F (0,0) 5x7 to GL_RGBA8 (2,1)");
    GLuint nf[8 * 8];
    for (int i = 0; i < 64; i++)
        nf[i] = 0x40000000u | (GLuint)(i * 0x2345);
    GLuint tn = tex2d(GL_RGBA8, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, nf);
    copy(tn, GL_TEXTURE_2D, 0, 3, 3, 0, tf, GL_TEXTURE_2D, 0, 0, 5, 0, 5, 3, 1);
    expect_error(GL_NO_ERROR, "GL_RGBA8 to GL_R32F");
    memcpy(want, fw, sizeof fw);
    model_copy(want, 8, 8, nf, 8, 8, 1, 3, 3, 0, 0, 5, 0, 5, 3, 1);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tf, 0, GL_RED, GL_FLOAT, gotf);
    memcpy(got, gotf, sizeof gotf);
    same_words(got, want, 1, 8, 8, 1, "GL_RGBA8 (3,3) 5x3 to GL_R32F (0,5)");

    /* 64-bit texels: GL_RG32UI -> GL_RGBA16F (halves 0x3c00 + n, read
     * back as GL_HALF_FLOAT) and GL_RGBA16UI -> GL_RG32UI. */
    static GLuint rg[4 * 4 * 2], h[4 * 4 * 2], hw[4 * 4 * 2], hg[4 * 4 * 2];
    for (int i = 0; i < 32; i++) {
        rg[i] = (0x3c00u + 2 * i) | (0x3c00u + 2 * i + 1) << 16;
        h[i] = (0x4000u + i) | 0xc000u << 16;
    }
    GLuint trg = tex2d(GL_RG32UI, 4, 4, GL_RG_INTEGER, GL_UNSIGNED_INT, rg);
    GLuint th = tex2d(GL_RGBA16F, 4, 4, GL_RGBA, GL_HALF_FLOAT, h);
    copy(trg, GL_TEXTURE_2D, 0, 1, 0, 0, th, GL_TEXTURE_2D, 0, 0, 2, 0, 3, 2, 1);
    expect_error(GL_NO_ERROR, "GL_RG32UI to GL_RGBA16F");
    memcpy(hw, h, sizeof h);
    model_copy(hw, 4, 4, rg, 4, 4, 2, 1, 0, 0, 0, 2, 0, 3, 2, 1);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, th, 0, GL_RGBA, GL_HALF_FLOAT, hg);
    same_words(hg, hw, 2, 4, 4, 1, "GL_RG32UI (1,0) 3x2 to GL_RGBA16F (0,2)");
    GLuint t16 = tex2d(GL_RGBA16UI, 4, 4, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, h);
    copy(t16, GL_TEXTURE_2D, 0, 2, 2, 0, trg, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
    expect_error(GL_NO_ERROR, "GL_RGBA16UI to GL_RG32UI");
    memcpy(hw, rg, sizeof rg);
    model_copy(hw, 4, 4, h, 4, 4, 2, 2, 2, 0, 0, 0, 0, 2, 2, 1);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, trg, 0, GL_RG_INTEGER, GL_UNSIGNED_INT, hg);
    same_words(hg, hw, 2, 4, 4, 1, "GL_RGBA16UI (2,2) 2x2 to GL_RG32UI (0,0)");

    /* Depth: GL_DEPTH_COMPONENT32F to GL_DEPTH_COMPONENT32F. */
    GLfloat d1[4 * 4], d2[4 * 4], dg[4 * 4], dw[4 * 4];
    for (int i = 0; i < 16; i++) {
        d1[i] = i / 16.0f + 1.0f / 64;
        d2[i] = 0.75f;
    }
    GLuint tz1 = tex2d(GL_DEPTH_COMPONENT32F, 4, 4, GL_DEPTH_COMPONENT, GL_FLOAT, d1);
    GLuint tz2 = tex2d(GL_DEPTH_COMPONENT32F, 4, 4, GL_DEPTH_COMPONENT, GL_FLOAT, d2);
    copy(tz1, GL_TEXTURE_2D, 0, 1, 1, 0, tz2, GL_TEXTURE_2D, 0, 0, 2, 0, 3, 2, 1);
    expect_error(GL_NO_ERROR, "GL_DEPTH_COMPONENT32F to GL_DEPTH_COMPONENT32F");
    memcpy(dw, d2, sizeof d2);
    model_copy((GLuint *)dw, 4, 4, (GLuint *)d1, 4, 4, 1, 1, 1, 0, 0, 2, 0, 3, 2, 1);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tz2, 0, GL_DEPTH_COMPONENT, GL_FLOAT, dg);
    same_words((GLuint *)dg, (GLuint *)dw, 1, 4, 4, 1, "GL_DEPTH_COMPONENT32F (1,1) 3x2 to (0,2)");

    /* Incompatible formats: GL_INVALID_OPERATION, nothing written. */
    GLuint t16n = tex2d(GL_RGBA16, 4, 4, GL_RGBA, GL_UNSIGNED_SHORT, h);
    GLuint trg8 = tex2d(GL_RG8, 8, 8, GL_RG, GL_UNSIGNED_BYTE, NULL);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tc, 0, GL_RGBA, GL_UNSIGNED_BYTE, want);
    copy(ta, GL_TEXTURE_2D, 0, 0, 0, 0, t16n, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
    expect_error(GL_INVALID_OPERATION, "GL_RGBA8 to GL_RGBA16");
    copy(t16n, GL_TEXTURE_2D, 0, 0, 0, 0, tc, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
    expect_error(GL_INVALID_OPERATION, "GL_RGBA16 to GL_RGBA8");
    copy(trg8, GL_TEXTURE_2D, 0, 0, 0, 0, tc, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
    expect_error(GL_INVALID_OPERATION, "GL_RG8 to GL_RGBA8");
    copy(tb, GL_TEXTURE_2D, 0, 0, 0, 0, th, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
    expect_error(GL_INVALID_OPERATION, "GL_R32UI to GL_RGBA16F");
    copy(tf, GL_TEXTURE_2D, 0, 0, 0, 0, tz1, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
    expect_error(GL_INVALID_OPERATION, "GL_R32F to GL_DEPTH_COMPONENT32F");
    copy(tz1, GL_TEXTURE_2D, 0, 0, 0, 0, tc, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
    expect_error(GL_INVALID_OPERATION, "GL_DEPTH_COMPONENT32F to GL_RGBA8");
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tc, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, want, 1, 8, 8, 1, "after incompatible copies: destination unchanged");
    GLuint del[] = { ta, tb, tc, tu, tf, td, tn, trg, th, t16, tz1, tz2, t16n, trg8 };
    glDeleteTextures(sizeof del / sizeof del[0], del);
}

/* Compressed data of `blocks` blocks of `bytes` bytes, byte k of block b
 * (seed) * 37 + b * 19 + k * 7. */
static void block_bytes(GLubyte *out, int blocks, int bytes, int seed)
{
    for (int b = 0; b < blocks; b++)
        for (int k = 0; k < bytes; k++)
            out[b * bytes + k] = (GLubyte)(seed * 37 + b * 19 + k * 7 + 1);
}

static GLuint compressed_tex(GLenum internal, int w, int h, int size, const void *data)
{
    GLuint t = new_tex(GL_TEXTURE_2D);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, internal, w, h, 0, size, data);
    return t;
}

/* The compressed image of level 0 of `tex` (`size` bytes expected) against
 * `want`. */
static void same_blocks(GLuint tex, const GLubyte *want, int size, int block, const char *what)
{
    GLubyte got[256];
    GLint n = 0;
    memset(got, 0xcd, sizeof got);
    glBindTexture(GL_TEXTURE_2D, tex);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &n);
    CHECK(n == size, "%s: GL_TEXTURE_COMPRESSED_IMAGE_SIZE %d, expected %d", what, n, size);
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, got);
    int bad = 0;
    for (int i = 0; i < size; i++)
        if (got[i] != want[i] && bad++ < 3)
            CHECK(0, "%s: block %d byte %d is 0x%02x, expected 0x%02x", what, i / block,
                  i % block, got[i], want[i]);
    CHECK(bad == 0, "%s: %d of %d bytes differ", what, bad, size);
}

/* An 8x8 image of 2x2 blocks of `bytes` bytes: the block at texel
 * (bx, by) of `src` over the block at (dx, dy) of `dst`. */
static void model_block(GLubyte *dst, const GLubyte *src, int bytes, int sx, int sy, int dx,
                        int dy)
{
    memcpy(dst + (dy / 4 * 2 + dx / 4) * bytes, src + (sy / 4 * 2 + sx / 4) * bytes, bytes);
}

static void compressed(void)
{
    int s3tc = has_extension("GL_EXT_texture_compression_s3tc");
    GLuint sentinel[3 * 3 * 4], got[3 * 3 * 4], want[3 * 3 * 4];
    for (int i = 0; i < 36; i++)
        sentinel[i] = 0xa0a0a0a0u + i;

    if (s3tc) {
        GLubyte dxt[64], dxt2[64], w2[64];
        block_bytes(dxt, 4, 16, 1);
        block_bytes(dxt2, 4, 16, 2);
        GLuint t1 = compressed_tex(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 8, 8, 64, dxt);
        GLuint t2 = compressed_tex(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 8, 8, 64, dxt2);
        GLuint tu = tex2d(GL_RGBA32UI, 3, 3, GL_RGBA_INTEGER, GL_UNSIGNED_INT, sentinel);
        expect_error(GL_NO_ERROR, "GL_COMPRESSED_RGBA_S3TC_DXT5_EXT and GL_RGBA32UI textures");
        same_blocks(t1, dxt, 64, 16, "DXT5 texture as specified");

        /* Block (1,1) (texels 4..7) to texel (2,0) of the GL_RGBA32UI: the
         * block's 16 bytes as four little-endian words. */
        copy(t1, GL_TEXTURE_2D, 0, 4, 4, 0, tu, GL_TEXTURE_2D, 0, 2, 0, 0, 4, 4, 1);
        expect_error(GL_NO_ERROR, "DXT5 block to GL_RGBA32UI texel");
        memcpy(want, sentinel, sizeof want);
        memcpy(want + 2 * 4, dxt + 3 * 16, 16);
        get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tu, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, got);
        same_words(got, want, 4, 3, 3, 1, "DXT5 block (4,4) to GL_RGBA32UI texel (2,0)");

        /* ... and that texel back to block (0,1) of the second texture; the
         * texel (1,2) (sentinel words) to its block (1,0). */
        copy(tu, GL_TEXTURE_2D, 0, 2, 0, 0, t2, GL_TEXTURE_2D, 0, 0, 4, 0, 1, 1, 1);
        expect_error(GL_NO_ERROR, "GL_RGBA32UI texel to DXT5 block");
        copy(tu, GL_TEXTURE_2D, 0, 1, 2, 0, t2, GL_TEXTURE_2D, 0, 4, 0, 0, 1, 1, 1);
        expect_error(GL_NO_ERROR, "GL_RGBA32UI texel to DXT5 block (4,0)");
        memcpy(w2, dxt2, 64);
        memcpy(w2 + 2 * 16, dxt + 3 * 16, 16);
        memcpy(w2 + 1 * 16, sentinel + (2 * 3 + 1) * 4, 16);
        same_blocks(t2, w2, 64, 16, "GL_RGBA32UI texels to DXT5 blocks (0,4) and (4,0)");

        /* Compressed to compressed of one format: block (0,0) of the first
         * to (4,4) of the second; all 8x8 texels (4 blocks) of the first to
         * a third. */
        copy(t1, GL_TEXTURE_2D, 0, 0, 0, 0, t2, GL_TEXTURE_2D, 0, 4, 4, 0, 4, 4, 1);
        expect_error(GL_NO_ERROR, "DXT5 to DXT5");
        model_block(w2, dxt, 16, 0, 0, 4, 4);
        same_blocks(t2, w2, 64, 16, "DXT5 block (0,0) to DXT5 (4,4)");
        GLuint t3 = compressed_tex(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 8, 8, 64, dxt2);
        copy(t1, GL_TEXTURE_2D, 0, 0, 0, 0, t3, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
        expect_error(GL_NO_ERROR, "DXT5 whole image");
        same_blocks(t3, dxt, 64, 16, "DXT5 whole 8x8 image to DXT5");

        /* A 4x4 RGBA32UI region (16 texels) to 16x16 texels of a 16x16 DXT5. */
        GLuint big[4 * 4 * 4];
        GLubyte bz[256], bw[256];
        for (int i = 0; i < 64; i++)
            big[i] = 0x01020304u * (i + 1);
        memset(bz, 0x5a, sizeof bz);
        GLuint tbig = tex2d(GL_RGBA32UI, 4, 4, GL_RGBA_INTEGER, GL_UNSIGNED_INT, big);
        GLuint t4 = compressed_tex(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 16, 16, 256, bz);
        copy(tbig, GL_TEXTURE_2D, 0, 1, 1, 0, t4, GL_TEXTURE_2D, 0, 4, 8, 0, 3, 2, 1);
        expect_error(GL_NO_ERROR, "GL_RGBA32UI 3x2 texels to DXT5 12x8 texels");
        memcpy(bw, bz, sizeof bz);
        for (int y = 0; y < 2; y++)
            for (int x = 0; x < 3; x++)
                memcpy(bw + ((2 + y) * 4 + 1 + x) * 16, big + ((1 + y) * 4 + 1 + x) * 4, 16);
        same_blocks(t4, bw, 256, 16, "GL_RGBA32UI (1,1) 3x2 to 16x16 DXT5 (4,8)");

        /* Errors, nothing written. */
        GLuint t16 = tex2d(GL_RGBA16UI, 4, 4, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, NULL);
        GLuint t8 = tex2d(GL_RGBA8, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
        GLubyte rg2[64];
        block_bytes(rg2, 4, 16, 3);
        GLuint trg = compressed_tex(GL_COMPRESSED_RG_RGTC2, 8, 8, 64, rg2);
        copy(t1, GL_TEXTURE_2D, 0, 2, 0, 0, tu, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
        expect_error(GL_INVALID_VALUE, "DXT5 source x 2 (not a block edge)");
        copy(t1, GL_TEXTURE_2D, 0, 0, 4, 0, tu, GL_TEXTURE_2D, 0, 0, 0, 0, 3, 4, 1);
        expect_error(GL_INVALID_VALUE, "DXT5 source width 3 (not to the image's edge)");
        copy(t1, GL_TEXTURE_2D, 0, 0, 1, 0, tu, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
        expect_error(GL_INVALID_VALUE, "DXT5 source y 1");
        copy(tu, GL_TEXTURE_2D, 0, 0, 0, 0, t2, GL_TEXTURE_2D, 0, 2, 0, 0, 1, 1, 1);
        expect_error(GL_INVALID_VALUE, "DXT5 destination x 2");
        copy(tu, GL_TEXTURE_2D, 0, 0, 0, 0, t2, GL_TEXTURE_2D, 0, 4, 6, 0, 1, 1, 1);
        expect_error(GL_INVALID_VALUE, "DXT5 destination y 6");
        copy(t1, GL_TEXTURE_2D, 0, 0, 0, 0, tu, GL_TEXTURE_2D, 0, 2, 0, 0, 8, 4, 1);
        expect_error(GL_INVALID_VALUE, "DXT5 8x4 texels (2 texels) to x 2 of a 3-wide image");
        copy(tu, GL_TEXTURE_2D, 0, 0, 0, 0, t2, GL_TEXTURE_2D, 0, 4, 4, 0, 2, 1, 1);
        expect_error(GL_INVALID_VALUE, "2 GL_RGBA32UI texels (8 DXT5 texels) to x 4 of 8");
        copy(t1, GL_TEXTURE_2D, 0, 0, 0, 0, t16, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
        expect_error(GL_INVALID_OPERATION, "DXT5 (128-bit blocks) to GL_RGBA16UI");
        copy(t1, GL_TEXTURE_2D, 0, 0, 0, 0, t8, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
        expect_error(GL_INVALID_OPERATION, "DXT5 to GL_RGBA8");
        copy(t1, GL_TEXTURE_2D, 0, 0, 0, 0, trg, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
        expect_error(GL_INVALID_OPERATION, "DXT5 to GL_COMPRESSED_RG_RGTC2");
        copy(trg, GL_TEXTURE_2D, 0, 0, 0, 0, t1, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
        expect_error(GL_INVALID_OPERATION, "GL_COMPRESSED_RG_RGTC2 to DXT5");
        get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tu, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, got);
        same_words(got, want, 4, 3, 3, 1, "after the DXT5 errors: GL_RGBA32UI unchanged");
        same_blocks(t2, w2, 64, 16, "after the DXT5 errors: DXT5 unchanged");
        same_blocks(trg, rg2, 64, 16, "after the DXT5 errors: RGTC2 unchanged");
        /* RGTC2 (128-bit blocks) <-> GL_RGBA32UI. */
        copy(trg, GL_TEXTURE_2D, 0, 4, 0, 0, tu, GL_TEXTURE_2D, 0, 0, 1, 0, 4, 4, 1);
        expect_error(GL_NO_ERROR, "GL_COMPRESSED_RG_RGTC2 block to GL_RGBA32UI");
        memcpy(want + 3 * 4, rg2 + 16, 16);
        get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tu, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, got);
        same_words(got, want, 4, 3, 3, 1, "RGTC2 block (4,0) to GL_RGBA32UI texel (0,1)");
        GLuint del[] = { t1, t2, t3, t4, tu, tbig, t16, t8, trg };
        glDeleteTextures(sizeof del / sizeof del[0], del);
    } else {
        printf("no GL_EXT_texture_compression_s3tc: the DXT5 checks are left out\n");
    }

    /* RGTC1 (8-byte blocks) <-> GL_RG32UI and GL_RGBA16UI. */
    GLubyte r1[32], r2[32], rw[32];
    block_bytes(r1, 4, 8, 4);
    block_bytes(r2, 4, 8, 5);
    GLuint s1 = compressed_tex(GL_COMPRESSED_RED_RGTC1, 8, 8, 32, r1);
    GLuint s2 = compressed_tex(GL_COMPRESSED_RED_RGTC1, 8, 8, 32, r2);
    GLuint tg = tex2d(GL_RG32UI, 2, 2, GL_RG_INTEGER, GL_UNSIGNED_INT, sentinel);
    GLuint ts = tex2d(GL_RGBA16UI, 2, 2, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, sentinel);
    expect_error(GL_NO_ERROR, "GL_COMPRESSED_RED_RGTC1 textures");
    same_blocks(s1, r1, 32, 8, "RGTC1 texture as specified");
    copy(s1, GL_TEXTURE_2D, 0, 4, 0, 0, tg, GL_TEXTURE_2D, 0, 1, 1, 0, 4, 4, 1);
    expect_error(GL_NO_ERROR, "RGTC1 block to GL_RG32UI");
    memcpy(want, sentinel, 2 * 2 * 8);
    memcpy(want + 3 * 2, r1 + 8, 8);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tg, 0, GL_RG_INTEGER, GL_UNSIGNED_INT, got);
    same_words(got, want, 2, 2, 2, 1, "RGTC1 block (4,0) to GL_RG32UI texel (1,1)");
    copy(s1, GL_TEXTURE_2D, 0, 0, 4, 0, ts, GL_TEXTURE_2D, 0, 0, 1, 0, 8, 4, 1);
    expect_error(GL_NO_ERROR, "2 RGTC1 blocks to GL_RGBA16UI");
    memcpy(want, sentinel, 2 * 2 * 8);
    memcpy(want + 2 * 2, r1 + 16, 16);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, ts, 0, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, got);
    same_words(got, want, 2, 2, 2, 1, "RGTC1 blocks (0,4) 8x4 to GL_RGBA16UI texels (0,1) 2x1");
    copy(tg, GL_TEXTURE_2D, 0, 0, 0, 0, s2, GL_TEXTURE_2D, 0, 4, 4, 0, 1, 1, 1);
    expect_error(GL_NO_ERROR, "GL_RG32UI texel to RGTC1");
    copy(ts, GL_TEXTURE_2D, 0, 1, 0, 0, s2, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_NO_ERROR, "GL_RGBA16UI texel to RGTC1");
    memcpy(rw, r2, 32);
    memcpy(rw + 3 * 8, sentinel, 8);
    memcpy(rw, sentinel + 2, 8);
    same_blocks(s2, rw, 32, 8, "GL_RG32UI (0,0) to RGTC1 (4,4), GL_RGBA16UI (1,0) to (0,0)");
    GLuint t32 = tex2d(GL_RGBA32UI, 2, 2, GL_RGBA_INTEGER, GL_UNSIGNED_INT, NULL);
    copy(s1, GL_TEXTURE_2D, 0, 0, 0, 0, t32, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
    expect_error(GL_INVALID_OPERATION, "RGTC1 (64-bit blocks) to GL_RGBA32UI");
    copy(tg, GL_TEXTURE_2D, 0, 0, 0, 0, s2, GL_TEXTURE_2D, 0, 4, 2, 0, 1, 1, 1);
    expect_error(GL_INVALID_VALUE, "GL_RG32UI texel to RGTC1 y 2");
    same_blocks(s2, rw, 32, 8, "after the RGTC1 errors: unchanged");
    GLuint del[] = { s1, s2, tg, ts, t32 };
    glDeleteTextures(sizeof del / sizeof del[0], del);
}

/* 2D array, 3D, cube map, cube map array and 1D (array) textures: z
 * selects layers, slices and faces; several at once with depth > 1. */
static void layered(void)
{
    static GLuint a[8 * 6 * 4], b[8 * 6 * 4], aw[8 * 6 * 4], bw[8 * 6 * 4], got[8 * 8 * 12];
    static GLuint c[8 * 8 * 6], cw[8 * 8 * 6], d[8 * 8 * 6], dw[8 * 8 * 6], e[8 * 8];
    static GLuint f[8 * 8 * 6], fw[8 * 8 * 6];
    fill(a, 0x50, 8, 6, 4);
    fill(b, 0x51, 8, 6, 4);
    GLuint ta = new_tex(GL_TEXTURE_2D_ARRAY);
    glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 8, 6, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, a);
    GLuint tb = new_tex(GL_TEXTURE_3D);
    glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 8, 6, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, b);

    /* 2D array layers 1..2 to 3D slices 2..3. */
    copy(ta, GL_TEXTURE_2D_ARRAY, 0, 1, 2, 1, tb, GL_TEXTURE_3D, 0, 2, 1, 2, 5, 4, 2);
    expect_error(GL_NO_ERROR, "2D array layers to 3D slices");
    memcpy(bw, b, sizeof b);
    model_copy(bw, 8, 6, a, 8, 6, 1, 1, 2, 1, 2, 1, 2, 5, 4, 2);
    get_tex(GL_TEXTURE_3D, GL_TEXTURE_3D, tb, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, bw, 1, 8, 6, 4, "2D array (1,2,1) 5x4x2 to 3D (2,1,2)");
    get_tex(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_2D_ARRAY, ta, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, a, 1, 8, 6, 4, "2D array to 3D: source unchanged");

    /* 3D slice 0 to 2D array layer 3; 3D slices 0..1 to slices 2..3 of
     * the same texture. */
    copy(tb, GL_TEXTURE_3D, 0, 0, 0, 0, ta, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 3, 8, 6, 1);
    expect_error(GL_NO_ERROR, "3D slice to 2D array layer");
    memcpy(aw, a, sizeof a);
    model_copy(aw, 8, 6, bw, 8, 6, 1, 0, 0, 0, 0, 0, 3, 8, 6, 1);
    get_tex(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_2D_ARRAY, ta, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, aw, 1, 8, 6, 4, "3D slice 0 to 2D array layer 3");
    copy(tb, GL_TEXTURE_3D, 0, 4, 0, 0, tb, GL_TEXTURE_3D, 0, 0, 3, 2, 4, 3, 2);
    expect_error(GL_NO_ERROR, "3D slices within one texture");
    model_copy(bw, 8, 6, bw, 8, 6, 1, 4, 0, 0, 0, 3, 2, 4, 3, 2);
    get_tex(GL_TEXTURE_3D, GL_TEXTURE_3D, tb, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, bw, 1, 8, 6, 4, "3D (4,0,0) 4x3x2 to (0,3,2) of the same texture");

    /* Cube map faces 1..4 to 2D array layers 2..5. */
    fill(c, 0x52, 8, 8, 6);
    fill(d, 0x53, 8, 8, 6);
    fill(e, 0x54, 8, 8, 1);
    GLuint tc = new_tex(GL_TEXTURE_CUBE_MAP);
    for (int i = 0; i < 6; i++)
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + i, 0, GL_RGBA8, 8, 8, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, c + i * 64);
    GLuint td = new_tex(GL_TEXTURE_2D_ARRAY);
    glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 8, 8, 6, 0, GL_RGBA, GL_UNSIGNED_BYTE, d);
    GLuint te = tex2d(GL_RGBA8, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, e);
    copy(tc, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 1, td, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 2, 8, 8, 4);
    expect_error(GL_NO_ERROR, "cube faces to 2D array layers");
    memcpy(dw, d, sizeof d);
    model_copy(dw, 8, 8, c, 8, 8, 1, 0, 0, 1, 0, 0, 2, 8, 8, 4);
    get_tex(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_2D_ARRAY, td, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, dw, 1, 8, 8, 6, "cube faces 1..4 to 2D array layers 2..5");

    /* 2D to face 5 (-Z); 2D array layers 0..1 to faces 2..3. */
    copy(te, GL_TEXTURE_2D, 0, 1, 1, 0, tc, GL_TEXTURE_CUBE_MAP, 0, 2, 2, 5, 4, 4, 1);
    expect_error(GL_NO_ERROR, "2D to cube face 5");
    copy(td, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, tc, GL_TEXTURE_CUBE_MAP, 0, 0, 5, 2, 8, 3, 2);
    expect_error(GL_NO_ERROR, "2D array layers to cube faces 2..3");
    memcpy(cw, c, sizeof c);
    model_copy(cw, 8, 8, e, 8, 8, 1, 1, 1, 0, 2, 2, 5, 4, 4, 1);
    model_copy(cw, 8, 8, dw, 8, 8, 1, 0, 0, 0, 0, 5, 2, 8, 3, 2);
    for (int i = 0; i < 6; i++)
        get_tex(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_POSITIVE_X + i, tc, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, got + i * 64);
    same_words(got, cw, 1, 8, 8, 6, "2D to face 5 (2,2); 2D array layers 0..1 to faces 2..3");

    /* All six faces at once, cube to cube. */
    fill(f, 0x55, 8, 8, 6);
    GLuint tf = new_tex(GL_TEXTURE_CUBE_MAP);
    for (int i = 0; i < 6; i++)
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + i, 0, GL_RGBA8, 8, 8, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, f + i * 64);
    copy(tc, GL_TEXTURE_CUBE_MAP, 0, 4, 0, 0, tf, GL_TEXTURE_CUBE_MAP, 0, 0, 1, 0, 4, 7, 6);
    expect_error(GL_NO_ERROR, "cube to cube, 6 faces");
    memcpy(fw, f, sizeof f);
    model_copy(fw, 8, 8, cw, 8, 8, 1, 4, 0, 0, 0, 1, 0, 4, 7, 6);
    for (int i = 0; i < 6; i++)
        get_tex(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_POSITIVE_X + i, tf, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, got + i * 64);
    same_words(got, fw, 1, 8, 8, 6, "cube (4,0) 4x7, faces 0..5 to cube (0,1)");

    /* Cube map array: layer-faces 7..8 to 2D array layers 0..1, 2D array
     * layer 5 to layer-face 11. */
    if (has_extension("GL_ARB_texture_cube_map_array")) {
        static GLuint g[8 * 8 * 12], gw[8 * 8 * 12];
        fill(g, 0x56, 8, 8, 12);
        GLuint tg = new_tex(GL_TEXTURE_CUBE_MAP_ARRAY);
        glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 8, 8, 12, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, g);
        copy(tg, GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, 7, td, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 8,
             8, 2);
        expect_error(GL_NO_ERROR, "cube map array to 2D array");
        model_copy(dw, 8, 8, g, 8, 8, 1, 0, 0, 7, 0, 0, 0, 8, 8, 2);
        get_tex(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_2D_ARRAY, td, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
        same_words(got, dw, 1, 8, 8, 6, "cube map array layer-faces 7..8 to 2D array 0..1");
        copy(td, GL_TEXTURE_2D_ARRAY, 0, 3, 3, 5, tg, GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, 11, 5,
             5, 1);
        expect_error(GL_NO_ERROR, "2D array to cube map array");
        memcpy(gw, g, sizeof g);
        model_copy(gw, 8, 8, dw, 8, 8, 1, 3, 3, 5, 0, 0, 11, 5, 5, 1);
        get_tex(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_CUBE_MAP_ARRAY, tg, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, got);
        same_words(got, gw, 1, 8, 8, 12, "2D array layer 5 (3,3) 5x5 to layer-face 11");
        copy(tg, GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, 10, td, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 8,
             8, 3);
        expect_error(GL_INVALID_VALUE, "cube map array layer-faces 10..12 of 12");
        glDeleteTextures(1, &tg);
    }

    /* 1D to a layer of a 1D array (z selects it), and that layer to a row
     * of a 2D texture. */
    GLuint o[8], l[8 * 3], lw[8 * 3];
    fill(o, 0x57, 8, 1, 1);
    fill(l, 0x58, 8, 1, 3);
    GLuint to = new_tex(GL_TEXTURE_1D);
    glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, o);
    GLuint tl = new_tex(GL_TEXTURE_1D_ARRAY);
    glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 8, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, l);
    copy(to, GL_TEXTURE_1D, 0, 2, 0, 0, tl, GL_TEXTURE_1D_ARRAY, 0, 1, 0, 2, 5, 1, 1);
    expect_error(GL_NO_ERROR, "1D to 1D array layer 2");
    memcpy(lw, l, sizeof l);
    model_copy(lw, 8, 1, o, 8, 1, 1, 2, 0, 0, 1, 0, 2, 5, 1, 1);
    get_tex(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_1D_ARRAY, tl, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, lw, 1, 8, 1, 3, "1D (2) 5 texels to 1D array (1, layer 2)");
    copy(tl, GL_TEXTURE_1D_ARRAY, 0, 0, 0, 2, te, GL_TEXTURE_2D, 0, 0, 6, 0, 8, 1, 1);
    expect_error(GL_NO_ERROR, "1D array layer to a 2D row");
    model_copy(e, 8, 8, lw, 8, 1, 1, 0, 0, 2, 0, 6, 0, 8, 1, 1);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, te, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, e, 1, 8, 8, 1, "1D array layer 2 to 2D row 6");

    /* Regions past the layers, slices, faces: GL_INVALID_VALUE. */
    copy(tc, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 4, td, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 8, 8, 3);
    expect_error(GL_INVALID_VALUE, "cube faces 4..6");
    copy(tc, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 6, td, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 8, 8, 1);
    expect_error(GL_INVALID_VALUE, "cube face 6");
    copy(te, GL_TEXTURE_2D, 0, 0, 0, 0, tc, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 6, 8, 8, 1);
    expect_error(GL_INVALID_VALUE, "destination cube face 6");
    copy(td, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 3, tf, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 0, 8, 8, 4);
    expect_error(GL_INVALID_VALUE, "2D array layers 3..6 of 6");
    copy(ta, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, tb, GL_TEXTURE_3D, 0, 0, 0, 3, 8, 6, 2);
    expect_error(GL_INVALID_VALUE, "3D slices 3..4 of 4");
    copy(te, GL_TEXTURE_2D, 0, 0, 0, 1, ta, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 8, 6, 1);
    expect_error(GL_INVALID_VALUE, "2D source z 1");
    copy(ta, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, te, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 6, 2);
    expect_error(GL_INVALID_VALUE, "2D destination depth 2");
    copy(to, GL_TEXTURE_1D, 0, 0, 1, 0, tl, GL_TEXTURE_1D_ARRAY, 0, 0, 0, 0, 8, 1, 1);
    expect_error(GL_INVALID_VALUE, "1D source y 1");
    copy(to, GL_TEXTURE_1D, 0, 0, 0, 0, tl, GL_TEXTURE_1D_ARRAY, 0, 0, 1, 0, 8, 1, 1);
    expect_error(GL_INVALID_VALUE, "1D array destination y 1 (layers are z)");
    copy(to, GL_TEXTURE_1D, 0, 0, 0, 0, tl, GL_TEXTURE_1D_ARRAY, 0, 0, 0, 3, 8, 1, 1);
    expect_error(GL_INVALID_VALUE, "1D array layer 3 of 3");
    get_tex(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_1D_ARRAY, tl, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, lw, 1, 8, 1, 3, "after the errors: 1D array unchanged");
    get_tex(GL_TEXTURE_3D, GL_TEXTURE_3D, tb, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, bw, 1, 8, 6, 4, "after the errors: 3D unchanged");
    for (int i = 0; i < 6; i++)
        get_tex(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_POSITIVE_X + i, tc, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, got + i * 64);
    same_words(got, cw, 1, 8, 8, 6, "after the errors: cube map unchanged");
    GLuint del[] = { ta, tb, tc, td, te, tf, to, tl };
    glDeleteTextures(sizeof del / sizeof del[0], del);
}

/* A framebuffer with a new w x h renderbuffer (*rb) of `internal` and
 * `samples` samples at colour attachment 0, bound for drawing and
 * reading, checked complete. */
static GLuint rb_fbo(GLenum internal, int samples, int w, int h, GLuint *rb)
{
    GLuint fb;
    glGenRenderbuffers(1, rb);
    glBindRenderbuffer(GL_RENDERBUFFER, *rb);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, internal, w, h);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *rb);
    GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(st == GL_FRAMEBUFFER_COMPLETE, "renderbuffer of 0x%x, %d samples: status 0x%x",
          internal, samples, st);
    return fb;
}

static void read_fb(GLuint fb, int w, int h, GLenum format, GLenum type, void *out)
{
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
    glReadPixels(0, 0, w, h, format, type, out);
}

/* Stores RGBA8 words in the w x h colour buffer of `fb` with glDrawPixels
 * at window position (0, 0), and checks they read back. */
static void draw_fb(GLuint fb, int w, int h, const GLuint *data, const char *what)
{
    static GLuint got[16 * 16];
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb);
    glWindowPos2i(0, 0);
    glDrawPixels(w, h, GL_RGBA, GL_UNSIGNED_BYTE, data);
    read_fb(fb, w, h, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, data, 1, w, h, 1, what);
}

static void renderbuffers(void)
{
    static GLuint a[16 * 12], b[12 * 16], bw[12 * 16], t[8 * 8], tw[8 * 8], got[16 * 16];
    GLuint ra, rb, rr;
    fill(a, 0x60, 16, 12, 1);
    fill(b, 0x61, 12, 16, 1);
    fill(t, 0x62, 8, 8, 1);
    GLuint fa = rb_fbo(GL_RGBA8, 0, 16, 12, &ra);
    GLuint fb = rb_fbo(GL_RGBA8, 0, 12, 16, &rb);
    draw_fb(fa, 16, 12, a, "renderbuffer A as drawn");
    draw_fb(fb, 12, 16, b, "renderbuffer B as drawn");
    GLuint tt = tex2d(GL_RGBA8, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, t);
    expect_error(GL_NO_ERROR, "renderbuffers");

    copy(ra, GL_RENDERBUFFER, 0, 2, 3, 0, rb, GL_RENDERBUFFER, 0, 5, 9, 0, 6, 5, 1);
    expect_error(GL_NO_ERROR, "renderbuffer to renderbuffer");
    memcpy(bw, b, sizeof b);
    model_copy(bw, 12, 16, a, 16, 12, 1, 2, 3, 0, 5, 9, 0, 6, 5, 1);
    read_fb(fb, 12, 16, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, bw, 1, 12, 16, 1, "renderbuffer (2,3) 6x5 to renderbuffer (5,9)");
    read_fb(fa, 16, 12, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, a, 1, 16, 12, 1, "renderbuffer to renderbuffer: source unchanged");

    copy(tt, GL_TEXTURE_2D, 0, 1, 0, 0, rb, GL_RENDERBUFFER, 0, 0, 0, 0, 7, 4, 1);
    expect_error(GL_NO_ERROR, "texture to renderbuffer");
    model_copy(bw, 12, 16, t, 8, 8, 1, 1, 0, 0, 0, 0, 0, 7, 4, 1);
    copy(rb, GL_RENDERBUFFER, 0, 0, 14, 0, rb, GL_RENDERBUFFER, 0, 8, 0, 0, 4, 2, 1);
    expect_error(GL_NO_ERROR, "within one renderbuffer");
    model_copy(bw, 12, 16, bw, 12, 16, 1, 0, 14, 0, 8, 0, 0, 4, 2, 1);
    read_fb(fb, 12, 16, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, bw, 1, 12, 16, 1, "texture (1,0) 7x4 to (0,0); (0,14) 4x2 to (8,0)");

    copy(ra, GL_RENDERBUFFER, 0, 10, 6, 0, tt, GL_TEXTURE_2D, 0, 2, 2, 0, 6, 6, 1);
    expect_error(GL_NO_ERROR, "renderbuffer to texture");
    memcpy(tw, t, sizeof t);
    model_copy(tw, 8, 8, a, 16, 12, 1, 10, 6, 0, 2, 2, 0, 6, 6, 1);
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tt, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, tw, 1, 8, 8, 1, "renderbuffer (10,6) 6x6 to texture (2,2)");

    /* GL_RGBA8 texture -> GL_R32UI renderbuffer (cleared to 0x12345678),
     * read with GL_RED_INTEGER; back to a GL_RGBA8 renderbuffer. */
    static const GLuint clear_u[4] = { 0x12345678u, 0, 0, 0 };
    GLuint fr = rb_fbo(GL_R32UI, 0, 8, 8, &rr);
    glClearBufferuiv(GL_COLOR, 0, clear_u);
    for (int i = 0; i < 64; i++)
        tw[i] = 0x12345678u;
    copy(tt, GL_TEXTURE_2D, 0, 0, 0, 0, rr, GL_RENDERBUFFER, 0, 4, 3, 0, 4, 5, 1);
    expect_error(GL_NO_ERROR, "GL_RGBA8 texture to GL_R32UI renderbuffer");
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, tt, 0, GL_RGBA, GL_UNSIGNED_BYTE, t);
    model_copy(tw, 8, 8, t, 8, 8, 1, 0, 0, 0, 4, 3, 0, 4, 5, 1);
    read_fb(fr, 8, 8, GL_RED_INTEGER, GL_UNSIGNED_INT, got);
    same_words(got, tw, 1, 8, 8, 1, "GL_RGBA8 texture (0,0) 4x5 to GL_R32UI renderbuffer (4,3)");
    copy(rr, GL_RENDERBUFFER, 0, 3, 3, 0, ra, GL_RENDERBUFFER, 0, 0, 0, 0, 5, 5, 1);
    expect_error(GL_NO_ERROR, "GL_R32UI renderbuffer to GL_RGBA8 renderbuffer");
    model_copy(a, 16, 12, tw, 8, 8, 1, 3, 3, 0, 0, 0, 0, 5, 5, 1);
    read_fb(fa, 16, 12, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, a, 1, 16, 12, 1, "GL_R32UI renderbuffer (3,3) 5x5 to GL_RGBA8 (0,0)");

    /* Errors, nothing written. */
    GLuint t16 = tex2d(GL_RGBA16, 4, 4, GL_RGBA, GL_UNSIGNED_SHORT, NULL);
    copy(ra, GL_RENDERBUFFER, 1, 0, 0, 0, rb, GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_VALUE, "renderbuffer source level 1");
    copy(ra, GL_RENDERBUFFER, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 1, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_VALUE, "renderbuffer destination level 1");
    copy(ra, GL_RENDERBUFFER, 0, 0, 0, 1, rb, GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_VALUE, "renderbuffer source z 1");
    copy(ra, GL_RENDERBUFFER, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 2);
    expect_error(GL_INVALID_VALUE, "renderbuffer depth 2");
    copy(ra, GL_RENDERBUFFER, 0, 4, 0, 0, rb, GL_RENDERBUFFER, 0, 0, 0, 0, 13, 2, 1);
    expect_error(GL_INVALID_VALUE, "renderbuffer source x 4 + width 13 past 16");
    copy(ra, GL_RENDERBUFFER, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0, 0, 0, 0, 13, 2, 1);
    expect_error(GL_INVALID_VALUE, "renderbuffer destination width 13 past 12");
    copy(ra, GL_RENDERBUFFER, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0, 0, 4, 0, 2, 13, 1);
    expect_error(GL_INVALID_VALUE, "renderbuffer source height 13 past 12");
    copy(ra, GL_RENDERBUFFER, 0, 0, 0, 0, t16, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
    expect_error(GL_INVALID_OPERATION, "GL_RGBA8 renderbuffer to GL_RGBA16 texture");
    copy(rr, GL_RENDERBUFFER, 0, 0, 0, 0, t16, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
    expect_error(GL_INVALID_OPERATION, "GL_R32UI renderbuffer to GL_RGBA16 texture");
    read_fb(fb, 12, 16, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, bw, 1, 12, 16, 1, "after the errors: renderbuffer unchanged");

    /* Multisample: 4-sample renderbuffer to 4-sample renderbuffer and to a
     * 4-sample 2D multisample texture (resolved with glBlitFramebuffer to
     * read), sample count mismatches. */
    GLint max_samples = 0;
    glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
    if (max_samples >= 4) {
        GLuint m1, m2, rs, tm, fm;
        GLuint f1 = rb_fbo(GL_RGBA8, 4, 16, 16, &m1);
        GLint samples = 0;
        glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &samples);
        GLuint f2 = rb_fbo(GL_RGBA8, samples, 16, 16, &m2);
        GLuint fs = rb_fbo(GL_RGBA8, 0, 16, 16, &rs);
        glGenTextures(1, &tm);
        glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tm);
        glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, samples, GL_RGBA8, 16, 16, GL_TRUE);
        glGenFramebuffers(1, &fm);
        glBindFramebuffer(GL_FRAMEBUFFER, fm);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
                               tm, 0);
        GLint tsamples = 0;
        glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &tsamples);
        CHECK(tsamples == samples, "multisample texture has %d samples, renderbuffer %d",
              tsamples, samples);
        /* m1: left half 0x10203040, right half 0x50607080; m2 and tm
         * 0x90a0b0c0 (bytes red first). */
        glBindFramebuffer(GL_FRAMEBUFFER, f1);
        glEnable(GL_SCISSOR_TEST);
        glScissor(0, 0, 8, 16);
        glClearColor(0x40 / 255.0f, 0x30 / 255.0f, 0x20 / 255.0f, 0x10 / 255.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        glScissor(8, 0, 8, 16);
        glClearColor(0x80 / 255.0f, 0x70 / 255.0f, 0x60 / 255.0f, 0x50 / 255.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        glDisable(GL_SCISSOR_TEST);
        glClearColor(0xc0 / 255.0f, 0xb0 / 255.0f, 0xa0 / 255.0f, 0x90 / 255.0f);
        glBindFramebuffer(GL_FRAMEBUFFER, f2);
        glClear(GL_COLOR_BUFFER_BIT);
        glBindFramebuffer(GL_FRAMEBUFFER, fm);
        glClear(GL_COLOR_BUFFER_BIT);
        glClearColor(0, 0, 0, 0);
        copy(m1, GL_RENDERBUFFER, 0, 4, 2, 0, m2, GL_RENDERBUFFER, 0, 2, 3, 0, 8, 10, 1);
        expect_error(GL_NO_ERROR, "multisample renderbuffer to multisample renderbuffer");
        copy(m1, GL_RENDERBUFFER, 0, 6, 0, 0, tm, GL_TEXTURE_2D_MULTISAMPLE, 0, 9, 1, 0, 4, 12,
             1);
        expect_error(GL_NO_ERROR, "multisample renderbuffer to multisample texture");
        static GLuint want[16 * 16];
        for (int pass = 0; pass < 2; pass++) {
            int sx = pass ? 6 : 4, dx = pass ? 9 : 2, dy = pass ? 1 : 3;
            int w = pass ? 4 : 8, h = pass ? 12 : 10;
            for (int y = 0; y < 16; y++)
                for (int x = 0; x < 16; x++) {
                    int in = x >= dx && x < dx + w && y >= dy && y < dy + h;
                    int srcx = x - dx + sx;
                    want[y * 16 + x] = !in ? 0x90a0b0c0u : srcx < 8 ? 0x10203040u : 0x50607080u;
                }
            glBindFramebuffer(GL_READ_FRAMEBUFFER, pass ? fm : f2);
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fs);
            glBlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
            read_fb(fs, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, got);
            same_words(got, want, 1, 16, 16, 1,
                       pass ? "4-sample renderbuffer (6,0) 4x12 to 4-sample texture (9,1), "
                              "resolved"
                            : "4-sample renderbuffer (4,2) 8x10 to 4-sample renderbuffer (2,3), "
                              "resolved");
        }
        copy(m1, GL_RENDERBUFFER, 0, 0, 0, 0, rs, GL_RENDERBUFFER, 0, 0, 0, 0, 4, 4, 1);
        expect_error(GL_INVALID_OPERATION, "4-sample renderbuffer to single-sample renderbuffer");
        copy(rs, GL_RENDERBUFFER, 0, 0, 0, 0, m2, GL_RENDERBUFFER, 0, 0, 0, 0, 4, 4, 1);
        expect_error(GL_INVALID_OPERATION, "single-sample renderbuffer to 4-sample renderbuffer");
        copy(tm, GL_TEXTURE_2D_MULTISAMPLE, 0, 0, 0, 0, tt, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
        expect_error(GL_INVALID_OPERATION, "4-sample texture to 2D texture");
        copy(tt, GL_TEXTURE_2D, 0, 0, 0, 0, m2, GL_RENDERBUFFER, 0, 0, 0, 0, 4, 4, 1);
        expect_error(GL_INVALID_OPERATION, "2D texture to 4-sample renderbuffer");
        GLuint fbs[] = { f1, f2, fs, fm }, rbs[] = { m1, m2, rs };
        glDeleteFramebuffers(4, fbs);
        glDeleteRenderbuffers(3, rbs);
        glDeleteTextures(1, &tm);
    } else {
        printf("GL_MAX_SAMPLES %d: the multisample checks are left out\n", max_samples);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    GLuint fbs[] = { fa, fb, fr }, rbs[] = { ra, rb, rr }, texs[] = { tt, t16 };
    glDeleteFramebuffers(3, fbs);
    glDeleteRenderbuffers(3, rbs);
    glDeleteTextures(2, texs);
}

/* The errors of glCopyImageSubData (GL 4.6 section 18.3.3); none writes
 * to the destination. */
static void errors(void)
{
    static GLuint d[8 * 8], got[8 * 8], s16[16 * 16];
    fill(d, 0x70, 8, 8, 1);
    fill(s16, 0x71, 16, 16, 1);
    GLuint td = tex2d(GL_RGBA8, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, d);
    GLuint ts = tex2d(GL_RGBA8, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, s16);
    GLuint rd;
    GLuint fd = rb_fbo(GL_RGBA8, 0, 8, 8, &rd);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);

    /* A GL_TEXTURE_BUFFER texture. */
    GLuint buf, tbuf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_TEXTURE_BUFFER, buf);
    glBufferData(GL_TEXTURE_BUFFER, 256, s16, GL_STATIC_DRAW);
    glGenTextures(1, &tbuf);
    glBindTexture(GL_TEXTURE_BUFFER, tbuf);
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, buf);
    glBindTexture(GL_TEXTURE_BUFFER, 0);
    glBindBuffer(GL_TEXTURE_BUFFER, 0);
    GLuint cube = new_tex(GL_TEXTURE_CUBE_MAP);
    for (int i = 0; i < 6; i++)
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + i, 0, GL_RGBA8, 8, 8, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, d);
    expect_error(GL_NO_ERROR, "the objects for the error checks");

    /* Targets: GL_INVALID_ENUM. */
    copy(tbuf, GL_TEXTURE_BUFFER, 0, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_ENUM, "source target GL_TEXTURE_BUFFER");
    copy(ts, GL_TEXTURE_2D, 0, 0, 0, 0, tbuf, GL_TEXTURE_BUFFER, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_ENUM, "destination target GL_TEXTURE_BUFFER");
    copy(cube, GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1,
         1);
    expect_error(GL_INVALID_ENUM, "source target GL_TEXTURE_CUBE_MAP_POSITIVE_X");
    copy(ts, GL_TEXTURE_2D, 0, 0, 0, 0, cube, GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, 0, 0, 0, 1, 1,
         1);
    expect_error(GL_INVALID_ENUM, "destination target GL_TEXTURE_CUBE_MAP_NEGATIVE_Z");
    copy(ts, GL_PROXY_TEXTURE_2D, 0, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_ENUM, "source target GL_PROXY_TEXTURE_2D");
    copy(ts, GL_TEXTURE_2D, 0, 0, 0, 0, cube, GL_PROXY_TEXTURE_CUBE_MAP, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_ENUM, "destination target GL_PROXY_TEXTURE_CUBE_MAP");
    copy(ts, GL_RGBA, 0, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_ENUM, "source target GL_RGBA");
    copy(ts, GL_TEXTURE_2D, 0, 0, 0, 0, rd, GL_FRAMEBUFFER, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_ENUM, "destination target GL_FRAMEBUFFER");
    copy(ts, GL_TEXTURE_3D, 0, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_ENUM, "a 2D texture as GL_TEXTURE_3D");
    copy(cube, GL_TEXTURE_2D, 0, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_ENUM, "a cube map as GL_TEXTURE_2D");
    copy(ts, GL_TEXTURE_2D, 0, 0, 0, 0, td, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_ENUM, "a 2D destination as GL_TEXTURE_2D_ARRAY");
    copy(ts, GL_TEXTURE_2D, 0, 0, 0, 0, td, GL_TEXTURE_RECTANGLE, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_ENUM, "a 2D destination as GL_TEXTURE_RECTANGLE");

    /* Names that are no object of the target: GL_INVALID_VALUE. */
    GLuint deleted_tex, deleted_rb, unused = 0x7ffff0;
    glGenTextures(1, &deleted_tex);
    glBindTexture(GL_TEXTURE_2D, deleted_tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, d);
    glDeleteTextures(1, &deleted_tex);
    glGenRenderbuffers(1, &deleted_rb);
    glBindRenderbuffer(GL_RENDERBUFFER, deleted_rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
    glDeleteRenderbuffers(1, &deleted_rb);
    while (glIsTexture(unused) || glIsRenderbuffer(unused))
        unused++;
    copy(unused, GL_TEXTURE_2D, 0, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_VALUE, "source name never used, GL_TEXTURE_2D");
    copy(ts, GL_TEXTURE_2D, 0, 0, 0, 0, unused, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_VALUE, "destination name never used, GL_TEXTURE_2D");
    copy(unused, GL_RENDERBUFFER, 0, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_VALUE, "source name never used, GL_RENDERBUFFER");
    copy(deleted_tex, GL_TEXTURE_2D, 0, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_VALUE, "a deleted texture");
    copy(ts, GL_TEXTURE_2D, 0, 0, 0, 0, deleted_rb, GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_VALUE, "a deleted renderbuffer");

    /* Levels that do not exist: GL_INVALID_VALUE. */
    GLuint mip = new_tex(GL_TEXTURE_2D);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    for (int l = 0; l < 5; l++)
        glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, 16 >> l, 16 >> l, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                     s16);
    copy(ts, GL_TEXTURE_2D, -1, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_VALUE, "source level -1");
    copy(ts, GL_TEXTURE_2D, 0, 0, 0, 0, td, GL_TEXTURE_2D, -1, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_VALUE, "destination level -1");
    copy(ts, GL_TEXTURE_2D, 1, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_VALUE, "source level 1 of a one-level texture");
    copy(ts, GL_TEXTURE_2D, 0, 0, 0, 0, td, GL_TEXTURE_2D, 1, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_VALUE, "destination level 1 of a one-level texture");
    copy(mip, GL_TEXTURE_2D, 5, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_VALUE, "source level 5 of a 16x16 texture's 5 levels");
    copy(mip, GL_TEXTURE_2D, 1000, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_VALUE, "source level 1000");
    copy(mip, GL_TEXTURE_2D, 4, 0, 0, 0, td, GL_TEXTURE_2D, 0, 7, 7, 0, 1, 1, 1);
    expect_error(GL_NO_ERROR, "level 4 (1x1) of the mipmapped texture");
    d[63] = s16[0];

    /* Regions past the image, negative offsets and sizes: GL_INVALID_VALUE. */
    static const struct {
        int sx, sy, sz, dx, dy, dz, w, h, dep;
        const char *what;
    } bad[] = {
        { 10, 0, 0, 0, 0, 0, 7, 1, 1, "source x 10 + width 7 past 16" },
        { 0, 12, 0, 0, 0, 0, 1, 5, 1, "source y 12 + height 5 past 16" },
        { 16, 0, 0, 0, 0, 0, 1, 1, 1, "source x 16" },
        { 0, 0, 0, 4, 0, 0, 5, 1, 1, "destination x 4 + width 5 past 8" },
        { 0, 0, 0, 0, 7, 0, 1, 2, 1, "destination y 7 + height 2 past 8" },
        { 0, 0, 0, 0, 8, 0, 1, 1, 1, "destination y 8" },
        { 0, 0, 0, 0, 0, 0, 9, 9, 1, "9x9 into 8x8" },
        { -1, 0, 0, 0, 0, 0, 1, 1, 1, "source x -1" },
        { 0, -1, 0, 0, 0, 0, 1, 1, 1, "source y -1" },
        { 0, 0, -1, 0, 0, 0, 1, 1, 1, "source z -1" },
        { 0, 0, 0, -1, 0, 0, 1, 1, 1, "destination x -1" },
        { 0, 0, 0, 0, -1, 0, 1, 1, 1, "destination y -1" },
        { 0, 0, 0, 0, 0, -1, 1, 1, 1, "destination z -1" },
        { 4, 4, 0, 4, 4, 0, -1, 1, 1, "width -1" },
        { 4, 4, 0, 4, 4, 0, 1, -1, 1, "height -1" },
        { 4, 4, 0, 4, 4, 0, 1, 1, -1, "depth -1" },
        { 0, 0, 0, 0, 0, 0, 1, 1, 2, "depth 2 of 2D textures" },
    };
    for (unsigned k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        copy(ts, GL_TEXTURE_2D, 0, bad[k].sx, bad[k].sy, bad[k].sz, td, GL_TEXTURE_2D, 0,
             bad[k].dx, bad[k].dy, bad[k].dz, bad[k].w, bad[k].h, bad[k].dep);
        expect_error(GL_INVALID_VALUE, bad[k].what);
    }
    copy(ts, GL_TEXTURE_2D, 0, 0, 0, 0, rd, GL_RENDERBUFFER, 0, 0, 0, 0, 8, 9, 1);
    expect_error(GL_INVALID_VALUE, "8x9 into an 8x8 renderbuffer");
    copy(ts, GL_TEXTURE_2D, 0, 0, 0, 0, rd, GL_RENDERBUFFER, 0, 0, -2, 0, 1, 1, 1);
    expect_error(GL_INVALID_VALUE, "renderbuffer destination y -2");

    /* Textures that are not complete: GL_INVALID_OPERATION. */
    GLuint one_face = new_tex(GL_TEXTURE_CUBE_MAP);
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 d);
    copy(one_face, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_OPERATION, "a cube map of one face as source");
    copy(ts, GL_TEXTURE_2D, 0, 0, 0, 0, one_face, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_OPERATION, "a cube map of one face as destination");
    GLuint odd_face = new_tex(GL_TEXTURE_CUBE_MAP);
    for (int i = 0; i < 6; i++)
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + i, 0, GL_RGBA8, i == 3 ? 4 : 8,
                     i == 3 ? 4 : 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, d);
    copy(odd_face, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_OPERATION, "a cube map with a 4x4 face among 8x8 ones");
    /* One level and a minification filter that needs mipmaps. */
    GLuint lone = new_tex(GL_TEXTURE_2D);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, d);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_LINEAR);
    copy(lone, GL_TEXTURE_2D, 0, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_OPERATION, "one level, GL_NEAREST_MIPMAP_LINEAR, as source");
    copy(ts, GL_TEXTURE_2D, 0, 0, 0, 0, lone, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_OPERATION, "one level, GL_NEAREST_MIPMAP_LINEAR, as destination");
    /* Level 1 of the wrong size. */
    GLuint wrong = new_tex(GL_TEXTURE_2D);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, d);
    glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, d);
    copy(wrong, GL_TEXTURE_2D, 1, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    expect_error(GL_INVALID_OPERATION, "level 1 of a texture whose level 1 is 2x2 under 8x8");
    /* A texture without images: incomplete, and level 0 is no image
     * either; either error holds. */
    GLuint bare = new_tex(GL_TEXTURE_2D);
    copy(bare, GL_TEXTURE_2D, 0, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
    GLenum e = glGetError();
    CHECK(e == GL_INVALID_OPERATION || e == GL_INVALID_VALUE,
          "a texture without images: error 0x%x, expected GL_INVALID_OPERATION or "
          "GL_INVALID_VALUE",
          e);

    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, td, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    same_words(got, d, 1, 8, 8, 1, "after the errors: destination texture");
    for (int i = 0; i < 64; i++)
        d[i] = 0;
    read_fb(fd, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, got);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    same_words(got, d, 1, 8, 8, 1, "after the errors: destination renderbuffer (cleared)");

    /* The same textures made complete: the single level filtered with
     * GL_NEAREST, or GL_TEXTURE_MAX_LEVEL 0; the level 1 sized 4x4. */
    fill(d, 0x72, 8, 8, 1);
    glBindTexture(GL_TEXTURE_2D, lone);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, d);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
    copy(lone, GL_TEXTURE_2D, 0, 0, 0, 0, td, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 1, 1);
    expect_error(GL_NO_ERROR, "one level, GL_NEAREST_MIPMAP_LINEAR, GL_TEXTURE_MAX_LEVEL 0");
    glBindTexture(GL_TEXTURE_2D, lone);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1000);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    copy(lone, GL_TEXTURE_2D, 0, 2, 0, 0, td, GL_TEXTURE_2D, 0, 2, 0, 0, 2, 1, 1);
    expect_error(GL_NO_ERROR, "one level, GL_NEAREST");
    glBindTexture(GL_TEXTURE_2D, wrong);
    glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, d + 8);
    glTexImage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, d);
    glTexImage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, d);
    copy(wrong, GL_TEXTURE_2D, 1, 0, 0, 0, td, GL_TEXTURE_2D, 0, 4, 0, 0, 4, 1, 1);
    expect_error(GL_NO_ERROR, "level 1 of the texture once its chain is complete");
    GLuint want[8];
    get_tex(GL_TEXTURE_2D, GL_TEXTURE_2D, td, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    for (int x = 0; x < 8; x++)
        want[x] = x < 4 ? d[x] : d[8 + x - 4];
    same_words(got, want, 1, 8, 1, 1, "copies from the completed textures (row 0)");

    glBindTexture(GL_TEXTURE_2D, 0);
    GLuint texs[] = { td, ts, tbuf, cube, mip, one_face, odd_face, lone, wrong, bare };
    glDeleteTextures(sizeof texs / sizeof texs[0], texs);
    glDeleteBuffers(1, &buf);
    glDeleteFramebuffers(1, &fd);
    glDeleteRenderbuffers(1, &rd);
}

int main(void)
{
    struct test_window t = open_rgba8_window(16);
    printf("GL_VERSION %s, GL_RENDERER %s\n", (const char *)glGetString(GL_VERSION),
           (const char *)glGetString(GL_RENDERER));
    if (!has_extension("GL_ARB_copy_image")) {
        printf("SKIP: GL_ARB_copy_image is not advertised\n");
        return close_test_window(&t);
    }
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    rgba8_2d();
    levels();
    formats();
    compressed();
    layered();
    renderbuffers();
    errors();
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
