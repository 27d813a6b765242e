/*
 * invalidate_subdata.c: ARB_invalidate_subdata (GL 4.3; GL 4.6
 * "Invalidating Buffer Data", "Invalidating Texture Image Data",
 * "Invalidating Framebuffer Contents"): glInvalidateTexSubImage,
 * glInvalidateTexImage, glInvalidateBufferSubData, glInvalidateBufferData,
 * glInvalidateFramebuffer and glInvalidateSubFramebuffer in a
 * compatibility context, by errors and by contents read back
 * (glGetBufferSubData, glGetTexImage, glReadPixels). Without
 * GL_ARB_invalidate_subdata in GL_EXTENSIONS the client prints a SKIP line
 * (and PASS).
 *
 * Invalidation is a hint: what it invalidates reads back either as before
 * or undefined, so those contents are never asserted. What is asserted:
 * no error from the valid calls; what lies outside the invalidated region
 * (other bytes of the buffer, other texels, levels and layers of the
 * texture, other pixels, other attachments) is unchanged, as the
 * specification makes only the named region undefined; and later writes
 * (glBufferSubData, glTexSubImage2D/3D, clears, a draw) read back exactly.
 *
 * - Buffers (64 bytes of a known pattern): glInvalidateBufferSubData of
 *   bytes 16..31 raises nothing, bytes 0..15 and 32..63 keep the pattern,
 *   glBufferSubData of 16..31 then reads back exactly with the rest; a
 *   length of 0 (at offset 0 and at offset 64) and the whole range raise
 *   nothing; glInvalidateBufferData raises nothing and a glBufferSubData
 *   of all 64 bytes reads back exactly. Errors: GL_INVALID_VALUE for
 *   buffer 0, a name never generated and a name generated but never bound
 *   (not yet a buffer object), in both commands; for offset -1, length -1,
 *   60 + 8 and 65 + 0 past 64 bytes. A range mapped by glMapBufferRange
 *   (bytes 16..31): glInvalidateBufferSubData of 0..16 and of 32..63 (no
 *   overlap) raise nothing, of 0..16 + 1 byte, of 31..31 and of the whole
 *   buffer are GL_INVALID_OPERATION, glInvalidateBufferData is GL_INVALID_
 *   OPERATION; with glMapBuffer (the whole buffer mapped) both commands
 *   are GL_INVALID_OPERATION; the bytes outside the mapped range are read
 *   back after glUnmapBuffer unchanged. A persistent mapping (GL_ARB_
 *   buffer_storage, GL_MAP_PERSISTENT_BIT) allows both commands.
 * - Textures: a 2D GL_RGBA8 8x8 texture with a 4x4 level 1:
 *   glInvalidateTexSubImage of the 4x4 region at (2,2) of level 0 raises
 *   nothing, every texel outside it and all of level 1 keep their values,
 *   glTexSubImage2D of the region reads back exactly with the rest;
 *   glInvalidateTexImage of level 1 leaves level 0, and a glTexSubImage2D
 *   of all of level 1 reads back exactly; glInvalidateTexImage of level 0
 *   then a glTexSubImage2D of all of it reads back exactly, level 1 kept.
 *   A 2D array (4x4x3): glInvalidateTexSubImage of layer 1 leaves layers 0
 *   and 2, glTexSubImage3D of layer 1 reads back exactly. Invalidating a
 *   level that has no image (level 2 of the 2D texture) raises nothing.
 *   Region errors (GL_INVALID_VALUE): x, y or z offset -1, x + width or
 *   y + height one past the image, z offset 1 or depth 2 on a 2D image,
 *   height 2 and y offset 1 on a 1D image (missing dimensions have size
 *   1), z offset 1 + depth 3 on a 3D 4x4x3 image and layer 2 + depth 2 on
 *   the 2D array, depth 7 of a cube map, height 5 on a 2D multisample
 *   texture, width 9 on an 8-wide rectangle texture; the exact extents
 *   (and an empty region at the far corner) raise nothing. GL_INVALID_
 *   VALUE from glInvalidateTexImage for texture 0, a name never generated,
 *   level -1, level 1001 (past the base 2 logarithm of any maximum size),
 *   and level 1 of a rectangle, buffer, 2D multisample and 2D multisample
 *   array texture (level 0 of each raises nothing); the same from
 *   glInvalidateTexSubImage except on Mesa (below).
 * - Framebuffer object (16x16: GL_RGBA8 renderbuffer at GL_COLOR_
 *   ATTACHMENT0, GL_RGBA8 texture at GL_COLOR_ATTACHMENT1, GL_DEPTH24_
 *   STENCIL8 renderbuffer at GL_DEPTH_STENCIL_ATTACHMENT, each cleared to
 *   its own value): glInvalidateFramebuffer of GL_COLOR_ATTACHMENT1 leaves
 *   attachment 0, depth and stencil; glInvalidateSubFramebuffer of
 *   attachment 0 over (4,4) 8x8 leaves every pixel outside; of GL_DEPTH_
 *   ATTACHMENT and GL_STENCIL_ATTACHMENT leaves both colours; after each,
 *   a clear reads back exactly everywhere (colour per byte, depth within
 *   2^-20, stencil exactly), and a quad drawn after invalidating
 *   attachment 0 reads back exactly over the cleared colour; the texture
 *   attachment read with glGetTexImage holds its clear colour.
 *   GL_DEPTH_STENCIL_ATTACHMENT, an attachment point with nothing attached
 *   (GL_COLOR_ATTACHMENT3, ignored), numAttachments 0, GL_DRAW_FRAMEBUFFER
 *   and GL_READ_FRAMEBUFFER targets, and a region partly outside the
 *   framebuffer (-5,-5) 100x100 raise nothing. Errors: target GL_TEXTURE_2D
 *   and GL_RENDERBUFFER (GL_INVALID_ENUM, both commands), numAttachments
 *   -1, width -1, height -1 (GL_INVALID_VALUE), GL_COLOR_ATTACHMENT0 +
 *   GL_MAX_COLOR_ATTACHMENTS (GL_INVALID_OPERATION, alone and after a valid
 *   attachment), GL_COLOR, GL_DEPTH, GL_BACK_LEFT on the object
 *   (GL_INVALID_ENUM), and a valid attachment followed by GL_COLOR
 *   (GL_INVALID_ENUM). With the object bound to GL_DRAW_FRAMEBUFFER only,
 *   GL_READ_FRAMEBUFFER names the default framebuffer: GL_COLOR raises
 *   nothing there and GL_COLOR_ATTACHMENT0 is GL_INVALID_ENUM.
 * - Default framebuffer (the window): GL_COLOR, GL_DEPTH, GL_STENCIL,
 *   GL_BACK_LEFT, GL_FRONT_LEFT, GL_ACCUM and GL_AUX0 (the compatibility
 *   profile lists the last two) raise nothing; GL_COLOR_ATTACHMENT0,
 *   GL_DEPTH_ATTACHMENT, GL_DEPTH_STENCIL_ATTACHMENT, GL_FRONT and GL_BACK
 *   (not in the list: only the _LEFT/_RIGHT forms are) are GL_INVALID_
 *   ENUM; glInvalidateSubFramebuffer of GL_COLOR over (2,2) 4x4 leaves
 *   every pixel outside; a glClear after glInvalidateFramebuffer(GL_COLOR)
 *   reads back exactly.
 *
 * Mesa 22.3 (llvmpipe) departs from the GL 4.6 specification here, and
 * these are not asserted:
 * - glInvalidateTexSubImage dereferences a null texture when its texture
 *   or level check fails (texture 0, an unknown name, a bad level, level 1
 *   of a rectangle, buffer or multisample texture): the client crashes.
 *   Those cases (GL_INVALID_VALUE, as glInvalidateTexImage gives for the
 *   same arguments on Mesa) run only where GL_VERSION does not name Mesa.
 * - A negative width, height or depth in glInvalidateTexSubImage raises
 *   nothing (the arguments are those of TexSubImage3D, where a negative
 *   size is GL_INVALID_VALUE).
 * - A level past the base 2 logarithm of the maximum texture size but not
 *   past GL_TEXTURE_MAX_LEVEL (e.g. 15 with a maximum size of 16384)
 *   raises nothing; a level past a lowered GL_TEXTURE_MAX_LEVEL but below
 *   that logarithm raises GL_INVALID_VALUE.
 * - A cube map's z extent is taken as 1 rather than 6 faces: a z offset
 *   0 with depth 6, or z offset 5, is GL_INVALID_VALUE.
 * - A texture name generated but never bound is accepted (it is not yet a
 *   texture object).
 * - Texture borders are stripped (TEXTURE_BORDER reads 0), so the -b..w+b
 *   region rule is not tested.
 * Only one error is made per call where the specification gives no order
 * between two.
 *
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o
 * invalidate_subdata tests/clients/invalidate_subdata.c -lX11 -lGL -lm).
 * Prints FAIL lines, the number of checks made, and PASS when every check
 * holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include <math.h>

#define FB 16 /* framebuffer object and window size */

static int checks;
static int mesa;

#define EXPECT(cond, ...)                                                                  \
    do {                                                                                   \
        checks++;                                                                          \
        CHECK(cond, __VA_ARGS__);                                                          \
    } while (0)

static void expect_err(GLenum want, const char *what)
{
    checks++;
    expect_error(want, what);
}

/* The call raises `err`. */
#define ERR(call, err)                                                                     \
    do {                                                                                   \
        call;                                                                              \
        expect_err(err, #call);                                                            \
    } while (0)

/* ---------------------------------------------------------------- buffers */

static unsigned char pattern(int i, int seed)
{
    return (unsigned char)((i * 13 + seed * 71 + 5) ^ 0x3c);
}

/* A 64-byte buffer of pattern `seed`, bound to GL_ARRAY_BUFFER. */
static GLuint pattern_buffer(int seed, int immutable_flags)
{
    unsigned char p[64];
    for (int i = 0; i < 64; i++)
        p[i] = pattern(i, seed);
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    if (immutable_flags)
        glBufferStorage(GL_ARRAY_BUFFER, 64, p, immutable_flags);
    else
        glBufferData(GL_ARRAY_BUFFER, 64, p, GL_STATIC_DRAW);
    return b;
}

/* Bytes [lo, hi) of the 64-byte buffer bound to GL_ARRAY_BUFFER are
 * pattern `seed`, and, where `seed2` >= 0, bytes [lo2, hi2) pattern
 * `seed2`. */
static void check_bytes(int lo, int hi, int seed, int lo2, int hi2, int seed2, const char *what)
{
    unsigned char got[64];
    memset(got, 0xee, sizeof got);
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, 64, got);
    int bad = 0, first = -1;
    for (int i = 0; i < 64; i++) {
        int want = -1;
        if (i >= lo && i < hi)
            want = pattern(i, seed);
        else if (seed2 >= 0 && i >= lo2 && i < hi2)
            want = pattern(i, seed2);
        if (want >= 0 && got[i] != want) {
            bad++;
            if (first < 0)
                first = i;
        }
    }
    EXPECT(bad == 0, "%s: %d bytes wrong, the first byte %d", what, bad, first);
}

static void buffers(void)
{
    unsigned char p[64];
    GLuint b = pattern_buffer(1, 0);
    glInvalidateBufferSubData(b, 16, 16);
    expect_err(GL_NO_ERROR, "glInvalidateBufferSubData(16, 16)");
    check_bytes(0, 16, 1, 32, 64, 1, "bytes outside the invalidated 16..31");
    for (int i = 0; i < 64; i++)
        p[i] = pattern(i, 2);
    glBufferSubData(GL_ARRAY_BUFFER, 16, 16, p + 16);
    check_bytes(0, 16, 1, 32, 64, 1, "glBufferSubData after glInvalidateBufferSubData: outside");
    check_bytes(16, 32, 2, 0, 0, -1, "glBufferSubData after glInvalidateBufferSubData");

    ERR(glInvalidateBufferSubData(b, 0, 0), GL_NO_ERROR);
    ERR(glInvalidateBufferSubData(b, 64, 0), GL_NO_ERROR);
    ERR(glInvalidateBufferSubData(b, 0, 64), GL_NO_ERROR);
    ERR(glInvalidateBufferData(b), GL_NO_ERROR);
    for (int i = 0; i < 64; i++)
        p[i] = pattern(i, 3);
    glBufferSubData(GL_ARRAY_BUFFER, 0, 64, p);
    check_bytes(0, 64, 3, 0, 0, -1, "glBufferSubData after glInvalidateBufferData");

    /* Names that are not buffer objects. */
    GLuint unbound;
    glGenBuffers(1, &unbound);
    ERR(glInvalidateBufferData(0), GL_INVALID_VALUE);
    ERR(glInvalidateBufferSubData(0, 0, 0), GL_INVALID_VALUE);
    ERR(glInvalidateBufferData(0x7fff0001u), GL_INVALID_VALUE);
    ERR(glInvalidateBufferSubData(0x7fff0001u, 0, 0), GL_INVALID_VALUE);
    ERR(glInvalidateBufferData(unbound), GL_INVALID_VALUE);
    ERR(glInvalidateBufferSubData(unbound, 0, 0), GL_INVALID_VALUE);
    glDeleteBuffers(1, &unbound);

    /* Ranges. */
    ERR(glInvalidateBufferSubData(b, -1, 4), GL_INVALID_VALUE);
    ERR(glInvalidateBufferSubData(b, 0, -1), GL_INVALID_VALUE);
    ERR(glInvalidateBufferSubData(b, 60, 8), GL_INVALID_VALUE);
    ERR(glInvalidateBufferSubData(b, 65, 0), GL_INVALID_VALUE);
    glDeleteBuffers(1, &b);

    /* Mapped ranges. */
    b = pattern_buffer(4, 0);
    void *m = glMapBufferRange(GL_ARRAY_BUFFER, 16, 16, GL_MAP_READ_BIT);
    expect_err(GL_NO_ERROR, "glMapBufferRange(16, 16)");
    EXPECT(m != NULL, "glMapBufferRange(16, 16) returned NULL");
    ERR(glInvalidateBufferSubData(b, 0, 16), GL_NO_ERROR);
    ERR(glInvalidateBufferSubData(b, 32, 32), GL_NO_ERROR);
    ERR(glInvalidateBufferSubData(b, 0, 17), GL_INVALID_OPERATION);
    ERR(glInvalidateBufferSubData(b, 31, 1), GL_INVALID_OPERATION);
    ERR(glInvalidateBufferSubData(b, 0, 64), GL_INVALID_OPERATION);
    ERR(glInvalidateBufferData(b), GL_INVALID_OPERATION);
    glUnmapBuffer(GL_ARRAY_BUFFER);
    expect_err(GL_NO_ERROR, "glUnmapBuffer");
    check_bytes(16, 32, 4, 0, 0, -1, "the mapped range after the refused invalidations");

    m = glMapBuffer(GL_ARRAY_BUFFER, GL_READ_ONLY);
    expect_err(GL_NO_ERROR, "glMapBuffer");
    EXPECT(m != NULL, "glMapBuffer returned NULL");
    ERR(glInvalidateBufferSubData(b, 0, 4), GL_INVALID_OPERATION);
    ERR(glInvalidateBufferSubData(b, 60, 4), GL_INVALID_OPERATION);
    ERR(glInvalidateBufferData(b), GL_INVALID_OPERATION);
    glUnmapBuffer(GL_ARRAY_BUFFER);
    expect_err(GL_NO_ERROR, "glUnmapBuffer");
    check_bytes(16, 32, 4, 0, 0, -1, "the buffer after the invalidations refused while mapped");
    glDeleteBuffers(1, &b);

    if (has_extension("GL_ARB_buffer_storage")) {
        const GLbitfield fl = GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_DYNAMIC_STORAGE_BIT;
        b = pattern_buffer(5, fl);
        m = glMapBufferRange(GL_ARRAY_BUFFER, 0, 64, GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT);
        expect_err(GL_NO_ERROR, "glMapBufferRange(persistent)");
        EXPECT(m != NULL, "glMapBufferRange(persistent) returned NULL");
        ERR(glInvalidateBufferSubData(b, 8, 8), GL_NO_ERROR);
        ERR(glInvalidateBufferData(b), GL_NO_ERROR);
        for (int i = 0; i < 64; i++)
            p[i] = pattern(i, 6);
        glBufferSubData(GL_ARRAY_BUFFER, 0, 64, p);
        expect_err(GL_NO_ERROR, "glBufferSubData while mapped persistently");
        glUnmapBuffer(GL_ARRAY_BUFFER);
        check_bytes(0, 64, 6, 0, 0, -1, "glBufferSubData after invalidating a persistently "
                                        "mapped buffer");
        glDeleteBuffers(1, &b);
    } else {
        printf("(no GL_ARB_buffer_storage: persistent mappings not tested)\n");
    }
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

/* --------------------------------------------------------------- textures */

/* Texel (x, y, layer) of pattern `seed`, RGBA8. */
static void texel(int x, int y, int z, int seed, GLubyte *out)
{
    out[0] = (GLubyte)(x * 17 + seed * 40);
    out[1] = (GLubyte)(y * 29 + seed * 3);
    out[2] = (GLubyte)(z * 61 + seed * 11 + 7);
    out[3] = (GLubyte)(255 - seed * 9 - x - y);
}

static void fill(GLubyte *img, int w, int h, int d, int seed)
{
    for (int z = 0; z < d; z++)
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                texel(x, y, z, seed, img + 4 * ((z * h + y) * w + x));
}

/* The w x h x d image read with glGetTexImage(target, level) is pattern
 * `seed`, but pattern `rseed` inside [rx, rx+rw) x [ry, ry+rh) x [rz,
 * rz+rd) where `rseed` >= 0 and is not compared there when `rseed` is -1
 * (invalidated). One check. */
static void check_tex(GLenum target, int level, int w, int h, int d, int seed, int rx, int ry,
                      int rz, int rw, int rh, int rd, int rseed, const char *what)
{
    GLubyte got[8 * 8 * 4 * 4];
    memset(got, 0xee, sizeof got);
    glGetTexImage(target, level, GL_RGBA, GL_UNSIGNED_BYTE, got);
    int bad = 0, fx = -1, fy = -1, fz = -1;
    for (int z = 0; z < d; z++)
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                int in = x >= rx && x < rx + rw && y >= ry && y < ry + rh && z >= rz &&
                         z < rz + rd;
                GLubyte want[4];
                if (in && rseed == -1)
                    continue;
                texel(x, y, z, in ? rseed : seed, want);
                if (memcmp(got + 4 * ((z * h + y) * w + x), want, 4) != 0) {
                    if (bad++ == 0) {
                        fx = x;
                        fy = y;
                        fz = z;
                    }
                }
            }
    EXPECT(bad == 0, "%s: %d texels wrong, the first (%d,%d,%d)", what, bad, fx, fy, fz);
}

static void textures(void)
{
    GLubyte img[8 * 8 * 4 * 4];
    GLuint tex[8];
    glGenTextures(8, tex);

    /* 2D, two levels. */
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    fill(img, 8, 8, 1, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    fill(img, 4, 4, 1, 2);
    glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    expect_err(GL_NO_ERROR, "the 2D texture");

    ERR(glInvalidateTexSubImage(tex[0], 0, 2, 2, 0, 4, 4, 1), GL_NO_ERROR);
    check_tex(GL_TEXTURE_2D, 0, 8, 8, 1, 1, 2, 2, 0, 4, 4, 1, -1,
              "level 0 outside the invalidated region");
    check_tex(GL_TEXTURE_2D, 1, 4, 4, 1, 2, 0, 0, 0, 0, 0, 0, -1,
              "level 1 after invalidating a region of level 0");
    /* The region, written again: pattern 3 there (the texel function of
     * the whole image, offset into the region). */
    {
        GLubyte sub[4 * 4 * 4];
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++)
                texel(x + 2, y + 2, 0, 3, sub + 4 * (y * 4 + x));
        glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 2, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, sub);
        expect_err(GL_NO_ERROR, "glTexSubImage2D after glInvalidateTexSubImage");
        check_tex(GL_TEXTURE_2D, 0, 8, 8, 1, 1, 2, 2, 0, 4, 4, 1, 3,
                  "glTexSubImage2D of the invalidated region");
    }
    ERR(glInvalidateTexImage(tex[0], 1), GL_NO_ERROR);
    check_tex(GL_TEXTURE_2D, 0, 8, 8, 1, 1, 2, 2, 0, 4, 4, 1, 3,
              "level 0 after invalidating level 1");
    fill(img, 4, 4, 1, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, img);
    check_tex(GL_TEXTURE_2D, 1, 4, 4, 1, 4, 0, 0, 0, 0, 0, 0, -1,
              "glTexSubImage2D of level 1 after glInvalidateTexImage");
    ERR(glInvalidateTexImage(tex[0], 0), GL_NO_ERROR);
    fill(img, 8, 8, 1, 5);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, img);
    check_tex(GL_TEXTURE_2D, 0, 8, 8, 1, 5, 0, 0, 0, 0, 0, 0, -1,
              "glTexSubImage2D of level 0 after glInvalidateTexImage");
    check_tex(GL_TEXTURE_2D, 1, 4, 4, 1, 4, 0, 0, 0, 0, 0, 0, -1,
              "level 1 after invalidating level 0");
    ERR(glInvalidateTexImage(tex[0], 2), GL_NO_ERROR);

    /* Region errors and exact extents on the 8x8 level 0. */
    ERR(glInvalidateTexSubImage(tex[0], 0, 0, 0, 0, 8, 8, 1), GL_NO_ERROR);
    ERR(glInvalidateTexSubImage(tex[0], 0, 8, 8, 0, 0, 0, 1), GL_NO_ERROR);
    ERR(glInvalidateTexSubImage(tex[0], 0, -1, 0, 0, 4, 4, 1), GL_INVALID_VALUE);
    ERR(glInvalidateTexSubImage(tex[0], 0, 0, -1, 0, 4, 4, 1), GL_INVALID_VALUE);
    ERR(glInvalidateTexSubImage(tex[0], 0, 0, 0, -1, 4, 4, 1), GL_INVALID_VALUE);
    ERR(glInvalidateTexSubImage(tex[0], 0, 1, 0, 0, 8, 8, 1), GL_INVALID_VALUE);
    ERR(glInvalidateTexSubImage(tex[0], 0, 0, 5, 0, 4, 4, 1), GL_INVALID_VALUE);
    ERR(glInvalidateTexSubImage(tex[0], 0, 0, 0, 1, 4, 4, 1), GL_INVALID_VALUE);
    ERR(glInvalidateTexSubImage(tex[0], 0, 0, 0, 0, 4, 4, 2), GL_INVALID_VALUE);
    ERR(glInvalidateTexSubImage(tex[0], 1, 0, 0, 0, 5, 4, 1), GL_INVALID_VALUE);
    ERR(glInvalidateTexSubImage(tex[0], 1, 0, 0, 0, 4, 4, 1), GL_NO_ERROR);

    /* 1D: the missing dimensions have size 1. */
    glBindTexture(GL_TEXTURE_1D, tex[1]);
    glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    ERR(glInvalidateTexSubImage(tex[1], 0, 0, 0, 0, 8, 1, 1), GL_NO_ERROR);
    ERR(glInvalidateTexSubImage(tex[1], 0, 0, 0, 0, 8, 2, 1), GL_INVALID_VALUE);
    ERR(glInvalidateTexSubImage(tex[1], 0, 0, 1, 0, 8, 1, 1), GL_INVALID_VALUE);
    ERR(glInvalidateTexSubImage(tex[1], 0, 0, 0, 0, 9, 1, 1), GL_INVALID_VALUE);

    /* 3D 4x4x3. */
    glBindTexture(GL_TEXTURE_3D, tex[2]);
    glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    ERR(glInvalidateTexSubImage(tex[2], 0, 0, 0, 0, 4, 4, 3), GL_NO_ERROR);
    ERR(glInvalidateTexSubImage(tex[2], 0, 0, 0, 1, 4, 4, 3), GL_INVALID_VALUE);
    ERR(glInvalidateTexSubImage(tex[2], 0, 0, 0, -1, 4, 4, 1), GL_INVALID_VALUE);

    /* 2D array 4x4x3: layer 1 invalidated and rewritten. */
    glBindTexture(GL_TEXTURE_2D_ARRAY, tex[3]);
    fill(img, 4, 4, 3, 6);
    glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    ERR(glInvalidateTexSubImage(tex[3], 0, 0, 0, 1, 4, 4, 1), GL_NO_ERROR);
    check_tex(GL_TEXTURE_2D_ARRAY, 0, 4, 4, 3, 6, 0, 0, 1, 4, 4, 1, -1,
              "layers 0 and 2 after invalidating layer 1");
    {
        GLubyte layer[4 * 4 * 4];
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++)
                texel(x, y, 1, 7, layer + 4 * (y * 4 + x));
        glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                        layer);
        check_tex(GL_TEXTURE_2D_ARRAY, 0, 4, 4, 3, 6, 0, 0, 1, 4, 4, 1, 7,
                  "glTexSubImage3D of layer 1 after invalidating it");
    }
    ERR(glInvalidateTexSubImage(tex[3], 0, 0, 0, 2, 4, 4, 2), GL_INVALID_VALUE);
    ERR(glInvalidateTexSubImage(tex[3], 0, 0, 0, 0, 4, 4, 3), GL_NO_ERROR);

    /* Cube map (Mesa takes its z extent as 1: only what agrees). */
    glBindTexture(GL_TEXTURE_CUBE_MAP, tex[4]);
    for (int f = 0; f < 6; f++)
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, NULL);
    ERR(glInvalidateTexSubImage(tex[4], 0, 0, 0, 0, 4, 4, 1), GL_NO_ERROR);
    ERR(glInvalidateTexSubImage(tex[4], 0, 0, 0, 0, 4, 4, 7), GL_INVALID_VALUE);
    ERR(glInvalidateTexImage(tex[4], 0), GL_NO_ERROR);

    /* Rectangle, multisample, multisample array, buffer: level 0 only. */
    glBindTexture(GL_TEXTURE_RECTANGLE, tex[5]);
    glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[6]);
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 4, GL_TRUE);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex[7]);
    glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 8, 4, 2, GL_TRUE);
    GLuint tbuf, btex;
    glGenBuffers(1, &tbuf);
    glBindBuffer(GL_TEXTURE_BUFFER, tbuf);
    glBufferData(GL_TEXTURE_BUFFER, 64, NULL, GL_STATIC_DRAW);
    glGenTextures(1, &btex);
    glBindTexture(GL_TEXTURE_BUFFER, btex);
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, tbuf);
    expect_err(GL_NO_ERROR, "the rectangle, multisample and buffer textures");
    const struct {
        GLuint t;
        const char *name;
    } level0_only[] = {
        { tex[5], "rectangle" },
        { tex[6], "2D multisample" },
        { tex[7], "2D multisample array" },
        { btex, "buffer" },
    };
    for (unsigned i = 0; i < 4; i++) {
        char what[100];
        glInvalidateTexImage(level0_only[i].t, 0);
        snprintf(what, sizeof what, "glInvalidateTexImage(%s texture, level 0)",
                 level0_only[i].name);
        expect_err(GL_NO_ERROR, what);
        glInvalidateTexImage(level0_only[i].t, 1);
        snprintf(what, sizeof what, "glInvalidateTexImage(%s texture, level 1)",
                 level0_only[i].name);
        expect_err(GL_INVALID_VALUE, what);
        if (!mesa) {
            glInvalidateTexSubImage(level0_only[i].t, 1, 0, 0, 0, 1, 1, 1);
            snprintf(what, sizeof what, "glInvalidateTexSubImage(%s texture, level 1)",
                     level0_only[i].name);
            expect_err(GL_INVALID_VALUE, what);
        }
    }
    ERR(glInvalidateTexSubImage(tex[5], 0, 0, 0, 0, 8, 4, 1), GL_NO_ERROR);
    ERR(glInvalidateTexSubImage(tex[5], 0, 0, 0, 0, 9, 4, 1), GL_INVALID_VALUE);
    ERR(glInvalidateTexSubImage(tex[6], 0, 0, 0, 0, 8, 4, 1), GL_NO_ERROR);
    ERR(glInvalidateTexSubImage(tex[6], 0, 0, 0, 0, 8, 5, 1), GL_INVALID_VALUE);

    /* Texture names and levels. */
    ERR(glInvalidateTexImage(0, 0), GL_INVALID_VALUE);
    ERR(glInvalidateTexImage(0x7fff0002u, 0), GL_INVALID_VALUE);
    ERR(glInvalidateTexImage(tex[0], -1), GL_INVALID_VALUE);
    ERR(glInvalidateTexImage(tex[0], 1001), GL_INVALID_VALUE);
    if (!mesa) {
        ERR(glInvalidateTexSubImage(0, 0, 0, 0, 0, 1, 1, 1), GL_INVALID_VALUE);
        ERR(glInvalidateTexSubImage(0x7fff0002u, 0, 0, 0, 0, 1, 1, 1), GL_INVALID_VALUE);
        ERR(glInvalidateTexSubImage(tex[0], -1, 0, 0, 0, 1, 1, 1), GL_INVALID_VALUE);
        ERR(glInvalidateTexSubImage(tex[0], 1001, 0, 0, 0, 1, 1, 1), GL_INVALID_VALUE);
    } else {
        printf("(Mesa: glInvalidateTexSubImage's texture and level errors not asked: it "
               "crashes)\n");
    }

    glBindTexture(GL_TEXTURE_BUFFER, 0);
    glDeleteTextures(1, &btex);
    glDeleteBuffers(1, &tbuf);
    glDeleteTextures(8, tex);
}

/* ------------------------------------------------------------ framebuffers */

static GLubyte px[FB * FB * 4];

/* Every pixel of the FB x FB read buffer `rb` (read from the framebuffer
 * bound to GL_READ_FRAMEBUFFER) is `c`, except inside [x0, x1) x [y0, y1),
 * where it is `in` or, when `in` is NULL, not compared. One check. */
static void check_pixels(GLenum rb, const GLubyte *c, int x0, int y0, int x1, int y1,
                         const GLubyte *in, const char *what)
{
    memset(px, 0xee, sizeof px);
    glReadBuffer(rb);
    glReadPixels(0, 0, FB, FB, GL_RGBA, GL_UNSIGNED_BYTE, px);
    int bad = 0, first = -1;
    for (int y = 0; y < FB; y++)
        for (int x = 0; x < FB; x++) {
            int inside = x >= x0 && x < x1 && y >= y0 && y < y1;
            const GLubyte *want = inside ? in : c;
            if (!want)
                continue;
            if (memcmp(px + 4 * (y * FB + x), want, 4) != 0 && bad++ == 0)
                first = y * FB + x;
        }
    EXPECT(bad == 0, "%s: %d pixels wrong; (%d,%d) is %d %d %d %d", what, bad,
           first < 0 ? 0 : first % FB, first < 0 ? 0 : first / FB,
           px[4 * (first < 0 ? 0 : first)], px[4 * (first < 0 ? 0 : first) + 1],
           px[4 * (first < 0 ? 0 : first) + 2], px[4 * (first < 0 ? 0 : first) + 3]);
}

/* Every depth value is `d` (within 2^-20) and every stencil value `s`. */
static void check_depth_stencil(double d, int s, const char *what)
{
    static GLfloat dv[FB * FB];
    static GLubyte sv[FB * FB];
    glReadPixels(0, 0, FB, FB, GL_DEPTH_COMPONENT, GL_FLOAT, dv);
    glReadPixels(0, 0, FB, FB, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, sv);
    int bad_d = 0, bad_s = 0;
    for (int i = 0; i < FB * FB; i++) {
        bad_d += fabs(dv[i] - d) > 1.0 / (1 << 20);
        bad_s += sv[i] != s;
    }
    EXPECT(bad_d == 0, "%s: %d depths not %g (the first %g)", what, bad_d, d, dv[0]);
    EXPECT(bad_s == 0, "%s: %d stencil values not %d (the first %d)", what, bad_s, s, sv[0]);
}

static const GLubyte c_red[4] = { 255, 0, 0, 255 };
static const GLubyte c_green[4] = { 0, 255, 0, 255 };
static const GLubyte c_a[4] = { 51, 102, 153, 204 };
static const GLubyte c_b[4] = { 17, 34, 68, 136 };
static const GLubyte c_blue[4] = { 0, 0, 255, 255 };

static void clear_color(GLint drawbuffer, const GLubyte *c)
{
    GLfloat f[4] = { c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f };
    glClearBufferfv(GL_COLOR, drawbuffer, f);
}

static void framebuffer_object(GLint max_attachments)
{
    GLuint fbo, rb[2], tex;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glGenRenderbuffers(2, rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, FB, FB);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, FB, FB);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                              rb[1]);
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, FB, FB, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex, 0);
    static const GLenum bufs[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
    glDrawBuffers(2, bufs);
    GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    EXPECT(status == GL_FRAMEBUFFER_COMPLETE, "the framebuffer object is 0x%x", status);
    expect_err(GL_NO_ERROR, "the framebuffer object");
    glViewport(0, 0, FB, FB);

    clear_color(0, c_red);
    clear_color(1, c_green);
    glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.25f, 0x5a);
    check_pixels(GL_COLOR_ATTACHMENT0, c_red, 0, 0, 0, 0, NULL, "attachment 0 cleared");
    check_pixels(GL_COLOR_ATTACHMENT1, c_green, 0, 0, 0, 0, NULL, "attachment 1 cleared");
    check_depth_stencil(0.25, 0x5a, "depth and stencil cleared");

    GLenum a[3];
    /* Attachment 1 only. */
    a[0] = GL_COLOR_ATTACHMENT1;
    ERR(glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, a), GL_NO_ERROR);
    check_pixels(GL_COLOR_ATTACHMENT0, c_red, 0, 0, 0, 0, NULL,
                 "attachment 0 after invalidating attachment 1");
    check_depth_stencil(0.25, 0x5a, "depth and stencil after invalidating attachment 1");
    clear_color(1, c_b);
    check_pixels(GL_COLOR_ATTACHMENT1, c_b, 0, 0, 0, 0, NULL,
                 "attachment 1 cleared after its invalidation");
    {
        static GLubyte t[FB * FB * 4];
        int bad = 0;
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, t);
        for (int i = 0; i < FB * FB; i++)
            bad += memcmp(t + 4 * i, c_b, 4) != 0;
        EXPECT(bad == 0, "glGetTexImage of attachment 1: %d texels not its clear colour", bad);
    }

    /* A region of attachment 0. */
    a[0] = GL_COLOR_ATTACHMENT0;
    ERR(glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 1, a, 4, 4, 8, 8), GL_NO_ERROR);
    check_pixels(GL_COLOR_ATTACHMENT0, c_red, 4, 4, 12, 12, NULL,
                 "attachment 0 outside the invalidated region");
    check_pixels(GL_COLOR_ATTACHMENT1, c_b, 0, 0, 0, 0, NULL,
                 "attachment 1 after invalidating a region of attachment 0");
    clear_color(0, c_a);
    check_pixels(GL_COLOR_ATTACHMENT0, c_a, 0, 0, 0, 0, NULL,
                 "attachment 0 cleared after invalidating a region");

    /* Depth and stencil. */
    a[0] = GL_DEPTH_ATTACHMENT;
    a[1] = GL_STENCIL_ATTACHMENT;
    ERR(glInvalidateFramebuffer(GL_FRAMEBUFFER, 2, a), GL_NO_ERROR);
    check_pixels(GL_COLOR_ATTACHMENT0, c_a, 0, 0, 0, 0, NULL,
                 "attachment 0 after invalidating depth and stencil");
    check_pixels(GL_COLOR_ATTACHMENT1, c_b, 0, 0, 0, 0, NULL,
                 "attachment 1 after invalidating depth and stencil");
    glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.75f, 0x33);
    check_depth_stencil(0.75, 0x33, "depth and stencil cleared after their invalidation");
    a[0] = GL_DEPTH_STENCIL_ATTACHMENT;
    ERR(glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, a), GL_NO_ERROR);
    glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.5f, 0x81);
    check_depth_stencil(0.5, 0x81, "depth and stencil cleared after invalidating "
                                   "GL_DEPTH_STENCIL_ATTACHMENT");

    /* A draw after invalidating attachment 0 (all of it). */
    a[0] = GL_COLOR_ATTACHMENT0;
    ERR(glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, a), GL_NO_ERROR);
    glDrawBuffer(GL_COLOR_ATTACHMENT0);
    clear_color(0, c_blue);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glColor4ub(0, 255, 0, 255);
    glBegin(GL_QUADS);
    glVertex2f(-0.5f, -0.5f);
    glVertex2f(0.5f, -0.5f);
    glVertex2f(0.5f, 0.5f);
    glVertex2f(-0.5f, 0.5f);
    glEnd();
    expect_err(GL_NO_ERROR, "the clear and quad after invalidating attachment 0");
    check_pixels(GL_COLOR_ATTACHMENT0, c_blue, 4, 4, 12, 12, c_green,
                 "a quad drawn after invalidating attachment 0");
    check_pixels(GL_COLOR_ATTACHMENT1, c_b, 0, 0, 0, 0, NULL,
                 "attachment 1 after the draw into attachment 0");
    glDrawBuffers(2, bufs);

    /* Valid forms. */
    a[0] = GL_COLOR_ATTACHMENT3; /* nothing attached: ignored */
    ERR(glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, a), GL_NO_ERROR);
    ERR(glInvalidateFramebuffer(GL_FRAMEBUFFER, 0, a), GL_NO_ERROR);
    ERR(glInvalidateFramebuffer(GL_FRAMEBUFFER, 0, NULL), GL_NO_ERROR);
    a[0] = GL_COLOR_ATTACHMENT1;
    ERR(glInvalidateFramebuffer(GL_DRAW_FRAMEBUFFER, 1, a), GL_NO_ERROR);
    ERR(glInvalidateFramebuffer(GL_READ_FRAMEBUFFER, 1, a), GL_NO_ERROR);
    ERR(glInvalidateSubFramebuffer(GL_DRAW_FRAMEBUFFER, 1, a, 2, 2, 3, 3), GL_NO_ERROR);
    ERR(glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 1, a, -5, -5, 100, 100), GL_NO_ERROR);
    ERR(glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 1, a, 0, 0, 0, 0), GL_NO_ERROR);

    /* Errors, after a clear of attachment 1 their checks compare with. */
    clear_color(1, c_b);
    ERR(glInvalidateFramebuffer(GL_TEXTURE_2D, 1, a), GL_INVALID_ENUM);
    ERR(glInvalidateFramebuffer(GL_RENDERBUFFER, 1, a), GL_INVALID_ENUM);
    ERR(glInvalidateSubFramebuffer(GL_TEXTURE_2D, 1, a, 0, 0, 4, 4), GL_INVALID_ENUM);
    ERR(glInvalidateSubFramebuffer(GL_RENDERBUFFER, 1, a, 0, 0, 4, 4), GL_INVALID_ENUM);
    ERR(glInvalidateFramebuffer(GL_FRAMEBUFFER, -1, a), GL_INVALID_VALUE);
    ERR(glInvalidateSubFramebuffer(GL_FRAMEBUFFER, -1, a, 0, 0, 4, 4), GL_INVALID_VALUE);
    ERR(glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 1, a, 0, 0, -1, 4), GL_INVALID_VALUE);
    ERR(glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 1, a, 0, 0, 4, -1), GL_INVALID_VALUE);
    if (max_attachments < 32) {
        a[0] = GL_COLOR_ATTACHMENT0 + max_attachments;
        ERR(glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, a), GL_INVALID_OPERATION);
        ERR(glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 1, a, 0, 0, 4, 4), GL_INVALID_OPERATION);
        a[0] = GL_COLOR_ATTACHMENT0;
        a[1] = GL_COLOR_ATTACHMENT0 + max_attachments;
        ERR(glInvalidateFramebuffer(GL_FRAMEBUFFER, 2, a), GL_INVALID_OPERATION);
    }
    static const struct {
        GLenum e;
        const char *name;
    } not_fbo[] = { { GL_COLOR, "GL_COLOR" },
                    { GL_DEPTH, "GL_DEPTH" },
                    { GL_STENCIL, "GL_STENCIL" },
                    { GL_BACK_LEFT, "GL_BACK_LEFT" } };
    for (unsigned i = 0; i < sizeof not_fbo / sizeof not_fbo[0]; i++) {
        char what[100];
        glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, &not_fbo[i].e);
        snprintf(what, sizeof what, "glInvalidateFramebuffer(%s) on a framebuffer object",
                 not_fbo[i].name);
        expect_err(GL_INVALID_ENUM, what);
    }
    a[0] = GL_COLOR_ATTACHMENT0;
    a[1] = GL_COLOR;
    ERR(glInvalidateFramebuffer(GL_FRAMEBUFFER, 2, a), GL_INVALID_ENUM);
    a[0] = GL_COLOR;
    ERR(glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 1, a, 0, 0, 4, 4), GL_INVALID_ENUM);

    /* The object on GL_DRAW_FRAMEBUFFER only: GL_READ_FRAMEBUFFER is the
     * window. */
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    a[0] = GL_COLOR;
    ERR(glInvalidateFramebuffer(GL_READ_FRAMEBUFFER, 1, a), GL_NO_ERROR);
    ERR(glInvalidateFramebuffer(GL_DRAW_FRAMEBUFFER, 1, a), GL_INVALID_ENUM);
    a[0] = GL_COLOR_ATTACHMENT0;
    ERR(glInvalidateFramebuffer(GL_READ_FRAMEBUFFER, 1, a), GL_INVALID_ENUM);
    ERR(glInvalidateFramebuffer(GL_DRAW_FRAMEBUFFER, 1, a), GL_NO_ERROR);

    /* What the errors left: the last clears, as they were. */
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    check_pixels(GL_COLOR_ATTACHMENT1, c_b, 0, 0, 0, 0, NULL,
                 "attachment 1 after the invalid calls");
    check_depth_stencil(0.5, 0x81, "depth and stencil after the invalid calls");

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(2, rb);
    glDeleteTextures(1, &tex);
}

static void default_framebuffer(void)
{
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDrawBuffer(GL_BACK);
    glReadBuffer(GL_BACK);
    glViewport(0, 0, FB, FB);
    glClearColor(51 / 255.0f, 102 / 255.0f, 153 / 255.0f, 204 / 255.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    GLubyte c[4];
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, c);
    /* The window may lack alpha: compare with what the clear left. */
    check_pixels(GL_BACK, c, 0, 0, 0, 0, NULL, "the window cleared");

    GLenum a[1] = { GL_COLOR };
    ERR(glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 1, a, 2, 2, 4, 4), GL_NO_ERROR);
    check_pixels(GL_BACK, c, 2, 2, 6, 6, NULL, "the window outside the invalidated region");

    static const struct {
        GLenum e;
        const char *name;
        GLenum err;
    } att[] = {
        { GL_COLOR, "GL_COLOR", GL_NO_ERROR },
        { GL_DEPTH, "GL_DEPTH", GL_NO_ERROR },
        { GL_STENCIL, "GL_STENCIL", GL_NO_ERROR },
        { GL_BACK_LEFT, "GL_BACK_LEFT", GL_NO_ERROR },
        { GL_FRONT_LEFT, "GL_FRONT_LEFT", GL_NO_ERROR },
        { GL_ACCUM, "GL_ACCUM", GL_NO_ERROR },
        { GL_AUX0, "GL_AUX0", GL_NO_ERROR },
        { GL_COLOR_ATTACHMENT0, "GL_COLOR_ATTACHMENT0", GL_INVALID_ENUM },
        { GL_DEPTH_ATTACHMENT, "GL_DEPTH_ATTACHMENT", GL_INVALID_ENUM },
        { GL_DEPTH_STENCIL_ATTACHMENT, "GL_DEPTH_STENCIL_ATTACHMENT", GL_INVALID_ENUM },
        { GL_FRONT, "GL_FRONT", GL_INVALID_ENUM },
        { GL_BACK, "GL_BACK", GL_INVALID_ENUM },
    };
    for (unsigned i = 0; i < sizeof att / sizeof att[0]; i++) {
        char what[100];
        glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, &att[i].e);
        snprintf(what, sizeof what, "glInvalidateFramebuffer(%s) on the window", att[i].name);
        expect_err(att[i].err, what);
        glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 1, &att[i].e, 0, 0, 4, 4);
        snprintf(what, sizeof what, "glInvalidateSubFramebuffer(%s) on the window",
                 att[i].name);
        expect_err(att[i].err, what);
    }

    ERR(glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, a), GL_NO_ERROR);
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, c);
    EXPECT(c[0] == 0 && c[1] == 255 && c[2] == 0, "the window's clear after invalidation "
                                                  "reads %d %d %d", c[0], c[1], c[2]);
    check_pixels(GL_BACK, c, 0, 0, 0, 0, NULL, "the window cleared after invalidation");
}

int main(void)
{
    struct test_window t = open_rgba8_window(FB);
    const char *version = (const char *)glGetString(GL_VERSION);
    printf("GL_VERSION %s, GL_RENDERER %s\n", version, (const char *)glGetString(GL_RENDERER));
    if (!has_extension("GL_ARB_invalidate_subdata")) {
        printf("SKIP: GL_ARB_invalidate_subdata is not advertised\n");
        return close_test_window(&t);
    }
    mesa = version && strstr(version, "Mesa") != NULL;
    GLint max_attachments = 0;
    glGetIntegerv(GL_MAX_COLOR_ATTACHMENTS, &max_attachments);
    buffers();
    textures();
    framebuffer_object(max_attachments);
    default_framebuffer();
    expect_err(GL_NO_ERROR, "the end");
    printf("%d checks\n", checks);
    return close_test_window(&t);
}
