/*
 * gl30_misc.c: GL 3.0 features that came as NV/ARB extensions, by their
 * results; each part runs only when the extension string lists its
 * extension (a "SKIP <ext>" line otherwise):
 * - GL_NV_conditional_render: occlusion queries with no samples (scissored
 *   away, depth-failed) and with some; under the empty query a quad,
 *   glClear, glDrawPixels, glBitmap, glCopyPixels and glBlitFramebufferEXT
 *   leave the window unchanged, under the other they draw; the error rules
 *   (bad mode, unknown or never-begun query, nested, end without begin,
 *   active query);
 * - GL_ARB_texture_compression_rgtc: hand-made RED_RGTC1 (8-value mode),
 *   RG_RGTC2 (both modes) and SIGNED_RED_RGTC1 blocks decoded by
 *   glGetTexImage, read back unchanged by glGetCompressedTexImage, a block
 *   replaced by glCompressedTexSubImage2D, the level queries, the errors
 *   (image size, offset, width, format, 1D target), and the formats kept
 *   out of GL_COMPRESSED_TEXTURE_FORMATS;
 * - GL_ARB_texture_compression_bptc: an RGBA8 image compressed by the GL
 *   (size, compressed bytes, decoded colours), a hand-made BC7 mode 6 block
 *   decoded exactly, and GL_COMPRESSED_TEXTURE_FORMATS as long as
 *   GL_NUM_COMPRESSED_TEXTURE_FORMATS says (printed; listing BPTC there is
 *   left to the implementation).
 * Prints which parts ran, FAIL lines, and PASS when all checks that ran hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include <math.h>
#include <string.h>

static void rect_at(float x0, float y0, float x1, float y1, float z)
{
    glBegin(GL_QUADS);
    glVertex3f(x0, y0, z);
    glVertex3f(x1, y0, z);
    glVertex3f(x1, y1, z);
    glVertex3f(x0, y1, z);
    glEnd();
}

static void clear_black(void)
{
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
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

static GLint level_param(GLenum pname)
{
    GLint v = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, pname, &v);
    return v;
}

/* ---- GL_NV_conditional_render ------------------------------------------- */

static PFNGLBEGINCONDITIONALRENDERNVPROC begin_cond;
static PFNGLENDCONDITIONALRENDERNVPROC end_cond;
static PFNGLBLITFRAMEBUFFEREXTPROC blit;

static GLuint query_result(GLuint q)
{
    GLuint v = 0xdeadbeef;
    glGetQueryObjectuiv(q, GL_QUERY_RESULT, &v);
    return v;
}

/* The operations conditional rendering governs; do_op() makes each fill the
 * 8x8 square at (x, y) (green, or yellow for the copies), op_names names
 * them. */
enum op { OP_QUAD, OP_CLEAR, OP_DRAWPIXELS, OP_BITMAP, OP_COPYPIXELS, OP_BLIT, OP_COUNT };
static const char *op_names[OP_COUNT] = { "a quad",  "glClear",      "glDrawPixels",
                                          "glBitmap", "glCopyPixels", "glBlitFramebufferEXT" };

/* The source of the copies: the 8x8 square at (24, 24), made yellow, and
 * checked. The flush matters on llvmpipe (Mesa 22.3), which loses a draw
 * still queued when conditional rendering with a failing query begins. */
static void prepare(void)
{
    clear_black();
    glColor3f(1, 1, 0);
    rect_at(24, 24, 32, 32, 0);
    glFlush();
    CHECK_RGBA(28, 28, 255, 255, 0, 255, 0, "the yellow source square");
}

static void do_op(enum op op, int x, int y)
{
    static GLubyte image[8 * 8 * 4];
    static GLubyte bits[8 * 4]; /* 8 rows of 4 bytes (GL_UNPACK_ALIGNMENT 4) */
    int i;
    memset(bits, 0xff, sizeof bits);
    switch (op) {
    case OP_QUAD:
        glColor3f(0, 1, 0);
        rect_at(x, y, x + 8, y + 8, 0);
        break;
    case OP_CLEAR:
        glEnable(GL_SCISSOR_TEST);
        glScissor(x, y, 8, 8);
        glClearColor(0, 1, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        glDisable(GL_SCISSOR_TEST);
        break;
    case OP_DRAWPIXELS:
        for (i = 0; i < 8 * 8; i++) {
            image[4 * i + 0] = 0;
            image[4 * i + 1] = 255;
            image[4 * i + 2] = 0;
            image[4 * i + 3] = 255;
        }
        glRasterPos2i(x, y);
        glDrawPixels(8, 8, GL_RGBA, GL_UNSIGNED_BYTE, image);
        break;
    case OP_BITMAP:
        glColor3f(0, 1, 0);
        glRasterPos2i(x, y);
        glBitmap(8, 8, 0, 0, 0, 0, bits);
        break;
    case OP_COPYPIXELS:
        glRasterPos2i(x, y);
        glCopyPixels(24, 24, 8, 8, GL_COLOR);
        break;
    case OP_BLIT:
        blit(24, 24, 32, 32, x, y, x + 8, y + 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        break;
    default:
        break;
    }
}

/* The colour `op` leaves in its square. */
static void op_colour(enum op op, int *r, int *g, int *b)
{
    if (op == OP_COPYPIXELS || op == OP_BLIT) {
        *r = 255, *g = 255, *b = 0;
    } else {
        *r = 0, *g = 255, *b = 0;
    }
}

static void conditional_render(void)
{
    begin_cond = (PFNGLBEGINCONDITIONALRENDERNVPROC)proc("glBeginConditionalRenderNV");
    end_cond = (PFNGLENDCONDITIONALRENDERNVPROC)proc("glEndConditionalRenderNV");
    blit = (PFNGLBLITFRAMEBUFFEREXTPROC)proc("glBlitFramebufferEXT");
    if (!begin_cond || !end_cond)
        return;
    int have_blit = blit != NULL && has_extension("GL_EXT_framebuffer_blit");
    if (!have_blit)
        printf("SKIP glBlitFramebufferEXT under conditional render (no GL_EXT_framebuffer_blit)\n");

    GLuint q[5];
    glGenQueries(5, q);
    clear_black();
    glColor3f(1, 1, 1);

    /* q[0]: everything scissored away; q[1]: a visible 4x4 square; q[2]:
     * everything fails the depth test. */
    glBeginQuery(GL_SAMPLES_PASSED, q[0]);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 0, 0);
    rect_at(0, 0, 32, 32, 0);
    glDisable(GL_SCISSOR_TEST);
    glEndQuery(GL_SAMPLES_PASSED);

    glBeginQuery(GL_SAMPLES_PASSED, q[1]);
    rect_at(0, 0, 4, 4, 0);
    glEndQuery(GL_SAMPLES_PASSED);

    glBeginQuery(GL_SAMPLES_PASSED, q[2]);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_NEVER);
    rect_at(0, 0, 32, 32, 0);
    glDepthFunc(GL_LESS);
    glDisable(GL_DEPTH_TEST);
    glEndQuery(GL_SAMPLES_PASSED);
    expect_error(GL_NO_ERROR, "the occlusion queries");

    GLuint r0 = query_result(q[0]), r1 = query_result(q[1]), r2 = query_result(q[2]);
    CHECK(r0 == 0, "scissored-away query: %u samples, expected 0", r0);
    CHECK(r1 == 16, "visible 4x4 query: %u samples, expected 16", r1);
    CHECK(r2 == 0, "depth-failed query: %u samples, expected 0", r2);

    /* Each operation under the empty queries (discarded) and the other one
     * (drawn). */
    int op;
    for (op = 0; op < OP_COUNT; op++) {
        char what[128];
        int r, g, b;
        if (op == OP_BLIT && !have_blit)
            continue;
        op_colour(op, &r, &g, &b);

        prepare();
        begin_cond(q[0], GL_QUERY_WAIT_NV);
        expect_error(GL_NO_ERROR, "glBeginConditionalRenderNV(scissored query, GL_QUERY_WAIT)");
        do_op(op, 4, 4);
        end_cond();
        snprintf(what, sizeof what, "%s under the scissored-away query", op_names[op]);
        expect_error(GL_NO_ERROR, what);
        CHECK_RGBA(5, 5, 0, 0, 0, 0, 0, what);
        CHECK_RGBA(11, 11, 0, 0, 0, 0, 0, what);

        begin_cond(q[2], GL_QUERY_WAIT_NV);
        do_op(op, 4, 4);
        end_cond();
        snprintf(what, sizeof what, "%s under the depth-failed query", op_names[op]);
        expect_error(GL_NO_ERROR, what);
        CHECK_RGBA(7, 7, 0, 0, 0, 0, 0, what);

        begin_cond(q[1], GL_QUERY_WAIT_NV);
        do_op(op, 4, 4);
        end_cond();
        snprintf(what, sizeof what, "%s under the visible query", op_names[op]);
        expect_error(GL_NO_ERROR, what);
        CHECK_RGBA(5, 5, r, g, b, 255, 0, what);
        CHECK_RGBA(11, 11, r, g, b, 255, 0, what);
        CHECK_RGBA(13, 13, 0, 0, 0, 0, 0, what);
        /* The source of the copies is still there. */
        CHECK_RGBA(28, 28, 255, 255, 0, 255, 0, what);

        /* Nothing discarded after the end. */
        prepare();
        do_op(op, 4, 4);
        snprintf(what, sizeof what, "%s after glEndConditionalRenderNV", op_names[op]);
        CHECK_RGBA(8, 8, r, g, b, 255, 0, what);
    }

    /* The other modes are accepted; BY_REGION_WAIT waits as well. */
    static const GLenum modes[3] = { GL_QUERY_NO_WAIT_NV, GL_QUERY_BY_REGION_WAIT_NV,
                                     GL_QUERY_BY_REGION_NO_WAIT_NV };
    int m;
    for (m = 0; m < 3; m++) {
        prepare();
        begin_cond(q[1], modes[m]);
        expect_error(GL_NO_ERROR, "glBeginConditionalRenderNV with another mode");
        do_op(OP_QUAD, 4, 4);
        end_cond();
        expect_error(GL_NO_ERROR, "glEndConditionalRenderNV with another mode");
        CHECK_RGBA(8, 8, 0, 255, 0, 255, 0, "a quad under the visible query, other modes");
    }

    /* Errors. */
    begin_cond(q[1], GL_TEXTURE_2D);
    expect_error(GL_INVALID_ENUM, "glBeginConditionalRenderNV with mode GL_TEXTURE_2D");
    /* A name from glGenQueries never begun: Mesa takes it for a query
     * object of no target, "a target other than SAMPLES_PASSED", rather
     * than for no query object (INVALID_VALUE). */
    begin_cond(q[3], GL_QUERY_WAIT_NV);
    expect_error(GL_INVALID_OPERATION,
                 "glBeginConditionalRenderNV with a generated name never begun as a query");
    begin_cond(q[4] + 1000, GL_QUERY_WAIT_NV);
    expect_error(GL_INVALID_VALUE, "glBeginConditionalRenderNV with a name never generated");
    begin_cond(0, GL_QUERY_WAIT_NV);
    expect_error(GL_INVALID_VALUE, "glBeginConditionalRenderNV with query 0");
    end_cond();
    expect_error(GL_INVALID_OPERATION, "glEndConditionalRenderNV without a begin");

    begin_cond(q[1], GL_QUERY_WAIT_NV);
    expect_error(GL_NO_ERROR, "glBeginConditionalRenderNV");
    begin_cond(q[0], GL_QUERY_WAIT_NV);
    expect_error(GL_INVALID_OPERATION, "nested glBeginConditionalRenderNV");
    begin_cond(q[1], GL_QUERY_WAIT_NV);
    expect_error(GL_INVALID_OPERATION, "nested glBeginConditionalRenderNV, same query");
    end_cond();
    expect_error(GL_NO_ERROR, "glEndConditionalRenderNV");
    end_cond();
    expect_error(GL_INVALID_OPERATION, "a second glEndConditionalRenderNV");

    glBeginQuery(GL_SAMPLES_PASSED, q[4]);
    begin_cond(q[4], GL_QUERY_WAIT_NV);
    expect_error(GL_INVALID_OPERATION, "glBeginConditionalRenderNV with the active query");
    end_cond();
    expect_error(GL_INVALID_OPERATION, "glEndConditionalRenderNV after the refused begin");
    glEndQuery(GL_SAMPLES_PASSED);
    expect_error(GL_NO_ERROR, "glEndQuery");

    /* The refused begins left no conditional render: drawing goes on. */
    prepare();
    do_op(OP_QUAD, 4, 4);
    CHECK_RGBA(8, 8, 0, 255, 0, 255, 0, "a quad after the refused begins");

    glDeleteQueries(5, q);
}

/* ---- GL_ARB_texture_compression_rgtc ------------------------------------ */

/* A BC4 (RGTC1) block: endpoints e0, e1 and sixteen 3-bit indices, texel
 * i = 4 * y + x at bits 3i..3i+2 of the 48 bits after the endpoints. */
static void bc4_block(GLubyte *out, GLubyte e0, GLubyte e1, const int *index)
{
    unsigned long long bits = 0;
    int i;
    for (i = 0; i < 16; i++)
        bits |= (unsigned long long)(index[i] & 7) << (3 * i);
    out[0] = e0;
    out[1] = e1;
    for (i = 0; i < 6; i++)
        out[2 + i] = (GLubyte)(bits >> (8 * i));
}

/* The unsigned value of index `k` of endpoints e0, e1 (exact divisions
 * for the endpoints used here). */
static int bc4_value(int e0, int e1, int k)
{
    if (k == 0)
        return e0;
    if (k == 1)
        return e1;
    if (e0 > e1)
        return ((8 - k) * e0 + (k - 1) * e1) / 7;
    if (k == 6)
        return 0;
    if (k == 7)
        return 255;
    return ((6 - k) * e0 + (k - 1) * e1) / 5;
}

static int is_listed(const GLint *formats, int n, GLenum format)
{
    int i;
    for (i = 0; i < n; i++)
        if ((GLenum)formats[i] == format)
            return 1;
    return 0;
}

#define MAX_FORMATS 512

/* GL_COMPRESSED_TEXTURE_FORMATS into `formats`; returns
 * GL_NUM_COMPRESSED_TEXTURE_FORMATS and checks the list is that long. */
static int compressed_formats(GLint *formats)
{
    GLint n = -1;
    int i, written = 0;
    glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
    CHECK(n >= 0 && n < MAX_FORMATS, "GL_NUM_COMPRESSED_TEXTURE_FORMATS %d", n);
    if (n < 0 || n >= MAX_FORMATS)
        return 0;
    for (i = 0; i < MAX_FORMATS; i++)
        formats[i] = (GLint)0x7eadbeef;
    glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, formats);
    expect_error(GL_NO_ERROR, "glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS)");
    for (i = 0; i < MAX_FORMATS; i++)
        if (formats[i] != (GLint)0x7eadbeef)
            written = i + 1;
    CHECK(written == n, "GL_COMPRESSED_TEXTURE_FORMATS has %d entries, "
                        "GL_NUM_COMPRESSED_TEXTURE_FORMATS says %d", written, n);
    return n;
}

static void rgtc(void)
{
    GLuint tex = new_texture(GL_TEXTURE_2D);
    int index[16], i, k;
    GLubyte block[8], got8[64], image[8 * 8 * 2];

    /* RED_RGTC1, 8-value mode: 210, 70, 190, 170, 150, 130, 110, 90. */
    for (i = 0; i < 16; i++)
        index[i] = (i * 5) % 8;
    bc4_block(block, 210, 70, index);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 8, block);
    expect_error(GL_NO_ERROR, "glCompressedTexImage2D(GL_COMPRESSED_RED_RGTC1)");
    CHECK(level_param(GL_TEXTURE_COMPRESSED) == GL_TRUE, "RED_RGTC1 GL_TEXTURE_COMPRESSED %d",
          level_param(GL_TEXTURE_COMPRESSED));
    CHECK(level_param(GL_TEXTURE_COMPRESSED_IMAGE_SIZE) == 8,
          "RED_RGTC1 GL_TEXTURE_COMPRESSED_IMAGE_SIZE %d, expected 8",
          level_param(GL_TEXTURE_COMPRESSED_IMAGE_SIZE));
    CHECK(level_param(GL_TEXTURE_INTERNAL_FORMAT) == GL_COMPRESSED_RED_RGTC1,
          "RED_RGTC1 GL_TEXTURE_INTERNAL_FORMAT 0x%x", level_param(GL_TEXTURE_INTERNAL_FORMAT));
    CHECK(bc4_value(210, 70, 2) == 190 && bc4_value(210, 70, 7) == 90, "test's own bc4_value()");
    memset(got8, 0xcd, sizeof got8);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, got8);
    expect_error(GL_NO_ERROR, "glGetTexImage of RED_RGTC1");
    for (i = 0; i < 16; i++) {
        int want = bc4_value(210, 70, index[i]);
        CHECK(near(got8[i], want, 1), "RED_RGTC1 texel %d (index %d): got %d expected %d", i,
              index[i], got8[i], want);
    }
    CHECK(got8[16] == 0xcd, "glGetTexImage of RED_RGTC1 wrote past 16 bytes");
    memset(got8, 0xcd, sizeof got8);
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, got8);
    expect_error(GL_NO_ERROR, "glGetCompressedTexImage of RED_RGTC1");
    CHECK(memcmp(got8, block, 8) == 0 && got8[8] == 0xcd,
          "glGetCompressedTexImage of RED_RGTC1: %02x %02x %02x %02x %02x %02x %02x %02x "
          "(then %02x), expected %02x %02x %02x %02x %02x %02x %02x %02x",
          got8[0], got8[1], got8[2], got8[3], got8[4], got8[5], got8[6], got8[7], got8[8],
          block[0], block[1], block[2], block[3], block[4], block[5], block[6], block[7]);

    /* Errors of the RED_RGTC1 image. */
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 7, block);
    expect_error(GL_INVALID_VALUE, "glCompressedTexImage2D(RED_RGTC1 4x4) with imageSize 7");
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 16, block);
    expect_error(GL_INVALID_VALUE, "glCompressedTexImage2D(RED_RGTC1 4x4) with imageSize 16");
    GLuint tex1d = new_texture(GL_TEXTURE_1D);
    glCompressedTexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RED_RGTC1, 4, 0, 8, block);
    expect_error(GL_INVALID_ENUM, "glCompressedTexImage1D(GL_TEXTURE_1D, RED_RGTC1)");
    glDeleteTextures(1, &tex1d);
    glBindTexture(GL_TEXTURE_2D, tex);

    /* SIGNED_RED_RGTC1: 127 and -127 are 1 and -1, index k of the 8-value
     * mode (9 - 2k) / 7. */
    for (i = 0; i < 16; i++)
        index[i] = i % 8;
    bc4_block(block, 0x7f, 0x81, index);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SIGNED_RED_RGTC1, 4, 4, 0, 8, block);
    expect_error(GL_NO_ERROR, "glCompressedTexImage2D(GL_COMPRESSED_SIGNED_RED_RGTC1)");
    CHECK(level_param(GL_TEXTURE_RED_TYPE) == GL_SIGNED_NORMALIZED,
          "SIGNED_RED_RGTC1 GL_TEXTURE_RED_TYPE 0x%x, expected GL_SIGNED_NORMALIZED",
          level_param(GL_TEXTURE_RED_TYPE));
    GLfloat f[16];
    for (i = 0; i < 16; i++)
        f[i] = -99.0f;
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, f);
    expect_error(GL_NO_ERROR, "glGetTexImage of SIGNED_RED_RGTC1 as GL_FLOAT");
    for (i = 0; i < 16; i++) {
        k = index[i];
        float want = k == 0 ? 1.0f : k == 1 ? -1.0f : (float)(9 - 2 * k) / 7.0f;
        float tol = k < 2 ? 1e-6f : 1.5f / 127.0f;
        CHECK(fabsf(f[i] - want) <= tol, "SIGNED_RED_RGTC1 texel %d (index %d): got %.6f "
              "expected %.6f", i, k, f[i], want);
    }

    /* RG_RGTC2, 8x8: four flat blocks (red 20 + 40b, green 235 - 40b). */
    GLubyte blocks[64], sub[16];
    int zero[16] = { 0 };
    for (i = 0; i < 4; i++) {
        bc4_block(blocks + 16 * i, (GLubyte)(20 + 40 * i), 0, zero);
        bc4_block(blocks + 16 * i + 8, (GLubyte)(235 - 40 * i), 0, zero);
    }
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG_RGTC2, 8, 8, 0, 64, blocks);
    expect_error(GL_NO_ERROR, "glCompressedTexImage2D(GL_COMPRESSED_RG_RGTC2 8x8)");
    CHECK(level_param(GL_TEXTURE_COMPRESSED_IMAGE_SIZE) == 64,
          "RG_RGTC2 8x8 GL_TEXTURE_COMPRESSED_IMAGE_SIZE %d, expected 64",
          level_param(GL_TEXTURE_COMPRESSED_IMAGE_SIZE));
    CHECK(level_param(GL_TEXTURE_COMPRESSED) == GL_TRUE, "RG_RGTC2 GL_TEXTURE_COMPRESSED %d",
          level_param(GL_TEXTURE_COMPRESSED));

    /* Block (1, 1) replaced: red 210/70 in 8-value mode, green 50/200 in
     * the 6-value mode (80, 110, 140, 170, 0, 255). */
    int rindex[16], gindex[16];
    for (i = 0; i < 16; i++) {
        rindex[i] = (i * 3) % 8;
        gindex[i] = (i * 7 + 1) % 8;
    }
    bc4_block(sub, 210, 70, rindex);
    bc4_block(sub + 8, 50, 200, gindex);
    CHECK(bc4_value(50, 200, 2) == 80 && bc4_value(50, 200, 5) == 170, "test's own bc4_value()");
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_RG_RGTC2, 16, sub);
    expect_error(GL_NO_ERROR, "glCompressedTexSubImage2D(RG_RGTC2) of block (1, 1)");
    memset(image, 0xcd, sizeof image);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RG, GL_UNSIGNED_BYTE, image);
    expect_error(GL_NO_ERROR, "glGetTexImage of RG_RGTC2 as GL_RG");
    int x, y, bad = 0;
    for (y = 0; y < 8; y++) {
        for (x = 0; x < 8; x++) {
            int b = (y / 4) * 2 + x / 4, r, g;
            if (b == 3) {
                int t = (y % 4) * 4 + x % 4;
                r = bc4_value(210, 70, rindex[t]);
                g = bc4_value(50, 200, gindex[t]);
            } else {
                r = 20 + 40 * b;
                g = 235 - 40 * b;
            }
            const GLubyte *p = image + 2 * (8 * y + x);
            if (!near(p[0], r, 1) || !near(p[1], g, 1)) {
                if (bad++ < 8)
                    CHECK(0, "RG_RGTC2 after the sub-image: texel (%d,%d) = %d %d, expected "
                             "%d %d", x, y, p[0], p[1], r, g);
            }
        }
    }
    CHECK(bad == 0, "RG_RGTC2 after the sub-image: %d texels wrong", bad);
    GLubyte want64[64];
    memcpy(want64, blocks, 64);
    memcpy(want64 + 48, sub, 16);
    memset(got8, 0xcd, sizeof got8);
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, got8);
    expect_error(GL_NO_ERROR, "glGetCompressedTexImage of RG_RGTC2");
    for (i = 0; i < 64; i++)
        if (got8[i] != want64[i])
            break;
    CHECK(i == 64, "glGetCompressedTexImage of RG_RGTC2: byte %d is %02x, expected %02x", i,
          i < 64 ? got8[i] : 0, i < 64 ? want64[i] : 0);

    /* Sub-image errors. */
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_RG_RGTC2, 15, sub);
    expect_error(GL_INVALID_VALUE, "glCompressedTexSubImage2D(RG_RGTC2 4x4) with imageSize 15");
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4, GL_COMPRESSED_RG_RGTC2, 16, sub);
    expect_error(GL_INVALID_OPERATION, "glCompressedTexSubImage2D at x offset 2");
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 1, 4, 4, GL_COMPRESSED_RG_RGTC2, 16, sub);
    expect_error(GL_INVALID_OPERATION, "glCompressedTexSubImage2D at y offset 1");
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 4, GL_COMPRESSED_RG_RGTC2, 16, sub);
    expect_error(GL_INVALID_OPERATION,
                 "glCompressedTexSubImage2D 2 wide, not reaching the image's edge");
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_RED_RGTC1, 8, sub);
    expect_error(GL_INVALID_OPERATION,
                 "glCompressedTexSubImage2D(RED_RGTC1) into a RG_RGTC2 image");
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_SIGNED_RG_RGTC2, 16,
                              sub);
    expect_error(GL_INVALID_OPERATION,
                 "glCompressedTexSubImage2D(SIGNED_RG_RGTC2) into a RG_RGTC2 image");
    /* The refused calls changed nothing. */
    memset(got8, 0xcd, sizeof got8);
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, got8);
    CHECK(memcmp(got8, want64, 64) == 0, "RG_RGTC2 changed by refused sub-image calls");

    /* Not in the list of formats. */
    static GLint formats[MAX_FORMATS];
    int n = compressed_formats(formats);
    static const GLenum rgtc_formats[4] = { GL_COMPRESSED_RED_RGTC1,
                                            GL_COMPRESSED_SIGNED_RED_RGTC1,
                                            GL_COMPRESSED_RG_RGTC2,
                                            GL_COMPRESSED_SIGNED_RG_RGTC2 };
    for (i = 0; i < 4; i++)
        CHECK(!is_listed(formats, n, rgtc_formats[i]),
              "GL_COMPRESSED_TEXTURE_FORMATS lists RGTC format 0x%x", rgtc_formats[i]);

    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glDeleteTextures(1, &tex);
}

/* ---- GL_ARB_texture_compression_bptc ------------------------------------ */

/* Writes `nbits` bits of `value` at bit `*pos` (LSB first) of a 16-byte
 * block. */
static void put_bits(GLubyte *block, int *pos, unsigned value, int nbits)
{
    int i;
    for (i = 0; i < nbits; i++, (*pos)++)
        if (value >> i & 1)
            block[*pos / 8] |= (GLubyte)(1u << (*pos % 8));
}

static void bptc(void)
{
    GLuint tex = new_texture(GL_TEXTURE_2D);
    GLubyte image[8 * 8 * 4], out[8 * 8 * 4 + 16], comp[80];
    int i, x, y;

    /* RGBA8 compressed by the GL: left half red, right half blue. */
    for (y = 0; y < 8; y++) {
        for (x = 0; x < 8; x++) {
            GLubyte *p = image + 4 * (8 * y + x);
            p[0] = x < 4 ? 255 : 0;
            p[1] = 0;
            p[2] = x < 4 ? 0 : 255;
            p[3] = 255;
        }
    }
    glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM_ARB, 8, 8, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, image);
    expect_error(GL_NO_ERROR, "glTexImage2D(GL_COMPRESSED_RGBA_BPTC_UNORM) of RGBA8");
    CHECK(level_param(GL_TEXTURE_COMPRESSED) == GL_TRUE,
          "RGBA_BPTC_UNORM GL_TEXTURE_COMPRESSED %d", level_param(GL_TEXTURE_COMPRESSED));
    CHECK(level_param(GL_TEXTURE_COMPRESSED_IMAGE_SIZE) == 64,
          "RGBA_BPTC_UNORM 8x8 GL_TEXTURE_COMPRESSED_IMAGE_SIZE %d, expected 64",
          level_param(GL_TEXTURE_COMPRESSED_IMAGE_SIZE));
    CHECK(level_param(GL_TEXTURE_INTERNAL_FORMAT) == GL_COMPRESSED_RGBA_BPTC_UNORM_ARB,
          "RGBA_BPTC_UNORM GL_TEXTURE_INTERNAL_FORMAT 0x%x",
          level_param(GL_TEXTURE_INTERNAL_FORMAT));
    memset(comp, 0xcd, sizeof comp);
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, comp);
    expect_error(GL_NO_ERROR, "glGetCompressedTexImage of RGBA_BPTC_UNORM");
    CHECK(comp[64] == 0xcd, "glGetCompressedTexImage of RGBA_BPTC_UNORM wrote past 64 bytes");
    for (i = 0; i < 64; i++)
        if (comp[i] != 0xcd)
            break;
    CHECK(i < 64, "glGetCompressedTexImage of RGBA_BPTC_UNORM wrote nothing");
    memset(out, 0xcd, sizeof out);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out);
    expect_error(GL_NO_ERROR, "glGetTexImage of RGBA_BPTC_UNORM");
    int bad = 0;
    for (i = 0; i < 64; i++) {
        const GLubyte *p = out + 4 * i, *w = image + 4 * i;
        if (!near(p[0], w[0], 2) || !near(p[1], w[1], 2) || !near(p[2], w[2], 2) ||
            !near(p[3], w[3], 2)) {
            if (bad++ < 8)
                CHECK(0, "RGBA_BPTC_UNORM texel (%d,%d) = %d %d %d %d, expected %d %d %d %d",
                      i % 8, i / 8, p[0], p[1], p[2], p[3], w[0], w[1], w[2], w[3]);
        }
    }
    CHECK(bad == 0, "RGBA_BPTC_UNORM: %d texels of 64 off by more than 2", bad);

    /* The compressed bytes given back make the same texture. */
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM_ARB, 8, 8, 0, 64,
                           comp);
    expect_error(GL_NO_ERROR, "glCompressedTexImage2D of the bytes read back");
    GLubyte out2[8 * 8 * 4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out2);
    CHECK(memcmp(out, out2, sizeof out2) == 0,
          "RGBA_BPTC_UNORM decodes differently after a compressed round trip");

    /* A BC7 mode 6 block: 7-bit endpoints with one p-bit each (the low
     * bit), 4-bit indices (3 for the anchor texel 0). */
    static const unsigned e7[2][4] = { { 100, 0, 64, 127 }, { 10, 127, 64, 64 } };
    static const unsigned pbit[2] = { 0, 1 };
    static const int weights[16] = { 0, 4, 9, 13, 17, 21, 26, 30,
                                     34, 38, 43, 47, 51, 55, 60, 64 };
    int bindex[16];
    GLubyte block[16];
    int pos = 0, c;
    memset(block, 0, sizeof block);
    put_bits(block, &pos, 1u << 6, 7);
    for (c = 0; c < 4; c++) {
        put_bits(block, &pos, e7[0][c], 7);
        put_bits(block, &pos, e7[1][c], 7);
    }
    put_bits(block, &pos, pbit[0], 1);
    put_bits(block, &pos, pbit[1], 1);
    for (i = 0; i < 16; i++) {
        bindex[i] = i == 0 ? 5 : (i * 7) % 16;
        put_bits(block, &pos, (unsigned)bindex[i], i == 0 ? 3 : 4);
    }
    CHECK(pos == 128 && block[0] == 0x40, "test's own BC7 block: %d bits, byte 0 0x%02x", pos,
          block[0]);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM_ARB, 4, 4, 0, 16,
                           block);
    expect_error(GL_NO_ERROR, "glCompressedTexImage2D of a BC7 mode 6 block");
    CHECK(level_param(GL_TEXTURE_COMPRESSED_IMAGE_SIZE) == 16,
          "BC7 4x4 GL_TEXTURE_COMPRESSED_IMAGE_SIZE %d, expected 16",
          level_param(GL_TEXTURE_COMPRESSED_IMAGE_SIZE));
    memset(comp, 0xcd, sizeof comp);
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, comp);
    CHECK(memcmp(comp, block, 16) == 0 && comp[16] == 0xcd,
          "glGetCompressedTexImage of the BC7 block differs");
    memset(out, 0xcd, sizeof out);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out);
    expect_error(GL_NO_ERROR, "glGetTexImage of the BC7 block");
    bad = 0;
    for (i = 0; i < 16; i++) {
        int want[4];
        for (c = 0; c < 4; c++) {
            int a = (int)(e7[0][c] << 1 | pbit[0]), b = (int)(e7[1][c] << 1 | pbit[1]);
            int w = weights[bindex[i]];
            want[c] = ((64 - w) * a + w * b + 32) >> 6;
        }
        const GLubyte *p = out + 4 * i;
        if (p[0] != want[0] || p[1] != want[1] || p[2] != want[2] || p[3] != want[3]) {
            if (bad++ < 8)
                CHECK(0, "BC7 mode 6 texel %d (index %d) = %d %d %d %d, expected %d %d %d %d",
                      i, bindex[i], p[0], p[1], p[2], p[3], want[0], want[1], want[2], want[3]);
        }
    }
    CHECK(out[64] == 0xcd, "glGetTexImage of the 4x4 BC7 image wrote past 64 bytes");

    /* The list of formats: the extension does not say whether BPTC belongs
     * there (desktop Mesa leaves it out), so only its length is checked and
     * what it holds is printed. */
    static GLint formats[MAX_FORMATS];
    int n = compressed_formats(formats);
    static const GLenum bptc_formats[4] = { GL_COMPRESSED_RGBA_BPTC_UNORM_ARB,
                                            GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM_ARB,
                                            GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT_ARB,
                                            GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_ARB };
    int listed = 0;
    for (i = 0; i < 4; i++)
        listed += is_listed(formats, n, bptc_formats[i]);
    printf("GL_COMPRESSED_TEXTURE_FORMATS: %d formats, %d of the 4 BPTC ones:", n, listed);
    for (i = 0; i < n; i++)
        printf(" 0x%x", (unsigned)formats[i]);
    printf("\n");

    glDeleteTextures(1, &tex);
}

int main(void)
{
    static const int attribs[] = { GLX_RGBA,       GLX_DOUBLEBUFFER, GLX_RED_SIZE,   8,
                                   GLX_GREEN_SIZE, 8,                GLX_BLUE_SIZE,  8,
                                   GLX_ALPHA_SIZE, 8,                GLX_DEPTH_SIZE, 16,
                                   None };
    struct test_window t = open_window_with(attribs, 32);
    glViewport(0, 0, 32, 32);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, 32, 0, 32, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    printf("GL_VERSION %s, GL_RENDERER %s\n", (const char *)glGetString(GL_VERSION),
           (const char *)glGetString(GL_RENDERER));

    static const char *exts[3] = { "GL_NV_conditional_render", "GL_ARB_texture_compression_rgtc",
                                   "GL_ARB_texture_compression_bptc" };
    int i, ran = 0;
    char ran_list[256] = "";
    for (i = 0; i < 3; i++) {
        if (!has_extension(exts[i])) {
            printf("SKIP %s\n", exts[i]);
            continue;
        }
        ran++;
        strcat(ran_list, " ");
        strcat(ran_list, exts[i]);
        int before = failures;
        switch (i) {
        case 0:
            conditional_render();
            break;
        case 1:
            rgtc();
            break;
        case 2:
            bptc();
            break;
        }
        expect_error(GL_NO_ERROR, exts[i]);
        printf("%s: %s\n", exts[i], failures == before ? "ok" : "FAILED");
    }
    printf("ran %d of 3 parts:%s\n", ran, ran_list);
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
