/*
 * clear_buffer_object.c: ARB_clear_buffer_object (GL 4.3; "Clearing Buffer
 * Object Data Stores" in GL 4.6 §6.2): glClearBufferData and
 * glClearBufferSubData in a compatibility context, by the buffers'
 * contents read back with glGetBufferSubData (every byte) and errors.
 * Without GL_ARB_clear_buffer_object in GL_EXTENSIONS the client prints a
 * SKIP line (and PASS).
 *
 * Every buffer is first filled with a known pattern through glBufferData,
 * so bytes a command must not touch are told from bytes it wrote.
 *
 * - glClearBufferData of a whole 240-byte buffer (a multiple of every
 *   element size used) for each of these internal formats, format, type
 *   and data, every byte compared with the element expected, repeated:
 *   GL_R8 from GL_RED GL_UNSIGNED_BYTE; GL_R16 from GL_RED GL_UNSIGNED_
 *   SHORT; GL_RGBA8 from GL_RGBA GL_UNSIGNED_BYTE; GL_RGBA8 from GL_BGRA
 *   (red and blue swapped in the store); GL_RGBA8 from GL_RED (green and
 *   blue 0, alpha 255); GL_RGBA8 from GL_RGBA GL_FLOAT (0.2, 0.6, 0.25,
 *   1.0 rounded to 51, 153, 64, 255) and clamped (-0.5, 1.5, 0, 2 to 0,
 *   255, 0, 255); GL_R32F and GL_RGBA32F from GL_FLOAT (bit-exact);
 *   GL_RG32F from GL_RG GL_UNSIGNED_BYTE (255, 0 to 1.0, 0.0); GL_R16F
 *   from GL_FLOAT 65504 (0x7bff) and GL_RG16F from 1.5, -2 (0x3e00,
 *   0xc000), converted to half floats; GL_RG16 from GL_RG GL_UNSIGNED_
 *   SHORT; GL_R32UI from GL_RED_INTEGER GL_UNSIGNED_INT; GL_R32I from
 *   GL_RED_INTEGER GL_BYTE -5 (sign-extended); GL_RG8I from GL_RG_INTEGER
 *   GL_BYTE; GL_RGBA8UI from GL_RGBA_INTEGER GL_UNSIGNED_BYTE;
 *   GL_RGBA16UI from GL_UNSIGNED_SHORT; GL_RGBA32I from GL_INT;
 *   GL_RGB32F from GL_RGB GL_FLOAT and GL_RGB32UI from GL_RGB_INTEGER
 *   GL_UNSIGNED_INT (12-byte elements).
 * - data NULL: glClearBufferData fills every byte with zero;
 *   glClearBufferSubData with NULL zeroes its range only.
 * - glClearBufferSubData of a range (offset and size multiples of the
 *   element size): GL_R32UI over bytes 16..39 of 64, GL_RGB32F over bytes
 *   24..59 of 120, GL_RGBA8 with GL_BGRA over bytes 4..11 of 16: the range
 *   holds the element repeated, every byte outside keeps the pattern. A
 *   size of 0 (at offset 0 and at offset BUFFER_SIZE) raises nothing and
 *   changes nothing.
 * - Targets: the same clear through GL_ARRAY_BUFFER, GL_ELEMENT_ARRAY_
 *   BUFFER, GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, GL_UNIFORM_BUFFER,
 *   GL_TEXTURE_BUFFER, GL_TRANSFORM_FEEDBACK_BUFFER, GL_DRAW_INDIRECT_
 *   BUFFER (with GL_ARB_draw_indirect), GL_SHADER_STORAGE_BUFFER (with
 *   GL_ARB_shader_storage_buffer_object), GL_ATOMIC_COUNTER_BUFFER (with
 *   GL_ARB_shader_atomic_counters) and GL_DISPATCH_INDIRECT_BUFFER (with
 *   GL_ARB_compute_shader) clears the buffer bound there (bytes 4..55
 *   with glClearBufferSubData, then all of it with glClearBufferData),
 *   read back through GL_COPY_READ_BUFFER.
 * - Immutable storage (GL_ARB_buffer_storage) with no GL_DYNAMIC_
 *   STORAGE_BIT: glClearBufferData and glClearBufferSubData are allowed
 *   (only glBufferSubData needs that flag) and clear.
 * - Errors (GL 4.6 error list of ClearBufferSubData; ClearBufferData is
 *   ClearBufferSubData over the whole store), each leaving the buffer's
 *   64 bytes of pattern as they were: GL_INVALID_ENUM for internal
 *   formats that are not buffer texture formats (GL_RGB8, GL_R8_SNORM,
 *   unsized GL_RGBA, GL_RGB16F, GL_DEPTH_COMPONENT32F, GL_SRGB8_ALPHA8)
 *   and for targets that are not buffer targets (GL_TEXTURE_2D,
 *   GL_RENDERBUFFER); GL_INVALID_VALUE for a format that is no pixel
 *   format (GL_TEXTURE_2D) and for a type that is no pixel type
 *   (GL_TEXTURE_2D) (the specification says INVALID_VALUE for both, not
 *   INVALID_ENUM); GL_INVALID_VALUE for an offset or a size that is not
 *   a multiple of the element size (GL_R32UI offset 2 and size 6;
 *   GL_RGB32F offset 4, a multiple of the component size but not of the
 *   12-byte element; glClearBufferData of GL_RGB32F on 64 bytes), for a
 *   negative offset or size, for offset + size past BUFFER_SIZE (60 + 8,
 *   and 68 + 0), and when no buffer is bound to the target (both
 *   commands); GL_INVALID_OPERATION while the buffer is mapped without
 *   GL_MAP_PERSISTENT_BIT: glClearBufferData with bytes 0..15 mapped by
 *   glMapBufferRange, glClearBufferSubData of a range overlapping the
 *   mapped one (8..23), any range while glMapBuffer maps the whole
 *   buffer; while a range is mapped a glClearBufferSubData of bytes
 *   outside it (32..47) raises nothing and clears them (the range
 *   "mapped" rule is about the bytes cleared). A persistent, coherent
 *   mapping (GL_ARB_buffer_storage) does not block glClearBufferData: no
 *   error, and the cleared bytes are seen through the mapping after
 *   glFinish and with glGetBufferSubData after glUnmapBuffer.
 * - An integer internal format with a non-integer format (GL_R32UI from
 *   GL_RED) and a normalized one with an integer format (GL_R8 from
 *   GL_RED_INTEGER): GL_INVALID_OPERATION, the buffer unchanged. The GL
 *   4.6 error list of ClearBufferSubData does not name this case; the
 *   conversion between integer and non-integer data is undefined in the
 *   pixel transfer the command uses (§8.4.4, and the TexImage rule of
 *   §8.5 and ClearTexSubImage make it INVALID_OPERATION). Mesa raises
 *   GL_INVALID_OPERATION (its comment cites EXT_texture_integer); the
 *   check asserts that.
 *
 * Mesa 22.3 (llvmpipe) agrees with the GL 4.6 specification on every
 * check here (older Mesa releases raised GL_INVALID_ENUM for the bad
 * format and type; 22.3 raises GL_INVALID_VALUE). The GL_PIXEL_UNPACK_
 * BUFFER target is not used: whether `data` would then be read from
 * client memory is not exercised.
 *
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o
 * clear_buffer_object tests/clients/clear_buffer_object.c -lX11 -lGL
 * -lm). Prints FAIL lines, the number of checks made, and PASS when
 * every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>

#define BIG 240 /* bytes of the whole-buffer clears: a multiple of 1, 2, 4, 8, 12, 16 */
#define SMALL 64

static int checks;

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

/* The pattern byte i of every buffer before a clear. */
static unsigned char pattern(int i)
{
    return (unsigned char)(0xa0 ^ (i * 7));
}

/* A new buffer of `size` bytes of the pattern, bound to `target`. */
static GLuint pattern_buffer(GLenum target, int size)
{
    unsigned char p[512];
    for (int i = 0; i < size; i++)
        p[i] = pattern(i);
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(target, b);
    glBufferData(target, size, p, GL_STATIC_DRAW);
    return b;
}

/* Compares the `size` bytes of buffer `b` (read through GL_COPY_READ_BUFFER,
 * whose binding is restored) with: the `esize`-byte element `elem` repeated
 * over [lo, hi), the pattern elsewhere. One check; a FAIL names the count
 * and the first wrong byte. */
static void check_contents(GLuint b, int size, int lo, int hi, const void *elem, int esize,
                           const char *what)
{
    unsigned char got[512];
    const unsigned char *e = elem;
    GLint was = 0;
    memset(got, 0x5c, sizeof got);
    glGetIntegerv(GL_COPY_READ_BUFFER_BINDING, &was);
    glBindBuffer(GL_COPY_READ_BUFFER, b);
    glGetBufferSubData(GL_COPY_READ_BUFFER, 0, size, got);
    glBindBuffer(GL_COPY_READ_BUFFER, was);
    int bad = 0, first = -1;
    unsigned char want_first = 0;
    for (int i = 0; i < size; i++) {
        unsigned char want = (i >= lo && i < hi) ? e[(i - lo) % esize] : pattern(i);
        if (got[i] != want) {
            if (first < 0) {
                first = i;
                want_first = want;
            }
            bad++;
        }
    }
    EXPECT(bad == 0, "%s: %d of %d bytes wrong; byte %d is 0x%02x, expected 0x%02x", what, bad,
           size, first, first >= 0 ? got[first] : 0, want_first);
}

struct clear_case {
    const char *name;
    GLenum internalformat, format, type;
    const void *data;
    int esize;             /* element size of internalformat in bytes */
    const void *expect;    /* the element stored */
};

static const GLubyte ub_5a[] = { 0x5a };
static const GLushort us_abcd[] = { 0xabcd };
static const GLubyte ub_rgba[] = { 0x11, 0x22, 0x33, 0x44 };
static const GLubyte ub_bgra_stored[] = { 0x33, 0x22, 0x11, 0x44 };
static const GLubyte ub_80[] = { 0x80 };
static const GLubyte ub_red_stored[] = { 0x80, 0x00, 0x00, 0xff };
static const GLfloat f_round[] = { 0.2f, 0.6f, 0.25f, 1.0f };
static const GLubyte ub_round_stored[] = { 51, 153, 64, 255 };
static const GLfloat f_clamp[] = { -0.5f, 1.5f, 0.0f, 2.0f };
static const GLubyte ub_clamp_stored[] = { 0, 255, 0, 255 };
static const GLfloat f_r32[] = { -3.75f };
static const GLfloat f_rgba32[] = { 1.5f, -2.0f, 0.125f, 1e10f };
static const GLubyte ub_ff00[] = { 255, 0 };
static const GLfloat f_rg_stored[] = { 1.0f, 0.0f };
static const GLfloat f_65504[] = { 65504.0f };
static const GLushort h_7bff[] = { 0x7bff };
static const GLfloat f_half2[] = { 1.5f, -2.0f };
static const GLushort h_half2[] = { 0x3e00, 0xc000 };
static const GLushort us_rg16[] = { 0x1234, 0xfedc };
static const GLuint ui_dead[] = { 0xdeadbeefu };
static const GLbyte b_m5[] = { -5 };
static const GLint i_m5[] = { -5 };
static const GLbyte b_rg8i[] = { -1, 100 };
static const GLubyte ub_rgba8ui[] = { 1, 2, 3, 250 };
static const GLushort us_rgba16ui[] = { 1, 65535, 300, 7 };
static const GLint i_rgba32i[] = { -1, 2, -3, 0x7fffffff };
static const GLfloat f_rgb32[] = { 1.5f, -2.0f, 3.25f };
static const GLuint ui_rgb32[] = { 1, 0x80000000u, 0xffffffffu };

static const struct clear_case cases[] = {
    { "GL_R8 from GL_RED GL_UNSIGNED_BYTE", GL_R8, GL_RED, GL_UNSIGNED_BYTE, ub_5a, 1, ub_5a },
    { "GL_R16 from GL_RED GL_UNSIGNED_SHORT", GL_R16, GL_RED, GL_UNSIGNED_SHORT, us_abcd, 2,
      us_abcd },
    { "GL_RGBA8 from GL_RGBA GL_UNSIGNED_BYTE", GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, ub_rgba, 4,
      ub_rgba },
    { "GL_RGBA8 from GL_BGRA GL_UNSIGNED_BYTE", GL_RGBA8, GL_BGRA, GL_UNSIGNED_BYTE, ub_rgba, 4,
      ub_bgra_stored },
    { "GL_RGBA8 from GL_RED GL_UNSIGNED_BYTE", GL_RGBA8, GL_RED, GL_UNSIGNED_BYTE, ub_80, 4,
      ub_red_stored },
    { "GL_RGBA8 from GL_RGBA GL_FLOAT (rounded)", GL_RGBA8, GL_RGBA, GL_FLOAT, f_round, 4,
      ub_round_stored },
    { "GL_RGBA8 from GL_RGBA GL_FLOAT (clamped)", GL_RGBA8, GL_RGBA, GL_FLOAT, f_clamp, 4,
      ub_clamp_stored },
    { "GL_R32F from GL_RED GL_FLOAT", GL_R32F, GL_RED, GL_FLOAT, f_r32, 4, f_r32 },
    { "GL_RGBA32F from GL_RGBA GL_FLOAT", GL_RGBA32F, GL_RGBA, GL_FLOAT, f_rgba32, 16,
      f_rgba32 },
    { "GL_RG32F from GL_RG GL_UNSIGNED_BYTE", GL_RG32F, GL_RG, GL_UNSIGNED_BYTE, ub_ff00, 8,
      f_rg_stored },
    { "GL_R16F from GL_RED GL_FLOAT", GL_R16F, GL_RED, GL_FLOAT, f_65504, 2, h_7bff },
    { "GL_RG16F from GL_RG GL_FLOAT", GL_RG16F, GL_RG, GL_FLOAT, f_half2, 4, h_half2 },
    { "GL_RG16 from GL_RG GL_UNSIGNED_SHORT", GL_RG16, GL_RG, GL_UNSIGNED_SHORT, us_rg16, 4,
      us_rg16 },
    { "GL_R32UI from GL_RED_INTEGER GL_UNSIGNED_INT", GL_R32UI, GL_RED_INTEGER,
      GL_UNSIGNED_INT, ui_dead, 4, ui_dead },
    { "GL_R32I from GL_RED_INTEGER GL_BYTE", GL_R32I, GL_RED_INTEGER, GL_BYTE, b_m5, 4, i_m5 },
    { "GL_RG8I from GL_RG_INTEGER GL_BYTE", GL_RG8I, GL_RG_INTEGER, GL_BYTE, b_rg8i, 2,
      b_rg8i },
    { "GL_RGBA8UI from GL_RGBA_INTEGER GL_UNSIGNED_BYTE", GL_RGBA8UI, GL_RGBA_INTEGER,
      GL_UNSIGNED_BYTE, ub_rgba8ui, 4, ub_rgba8ui },
    { "GL_RGBA16UI from GL_RGBA_INTEGER GL_UNSIGNED_SHORT", GL_RGBA16UI, GL_RGBA_INTEGER,
      GL_UNSIGNED_SHORT, us_rgba16ui, 8, us_rgba16ui },
    { "GL_RGBA32I from GL_RGBA_INTEGER GL_INT", GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, i_rgba32i,
      16, i_rgba32i },
    { "GL_RGB32F from GL_RGB GL_FLOAT", GL_RGB32F, GL_RGB, GL_FLOAT, f_rgb32, 12, f_rgb32 },
    { "GL_RGB32UI from GL_RGB_INTEGER GL_UNSIGNED_INT", GL_RGB32UI, GL_RGB_INTEGER,
      GL_UNSIGNED_INT, ui_rgb32, 12, ui_rgb32 },
};

static void whole_buffer_clears(void)
{
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct clear_case *c = &cases[i];
        char what[160];
        GLuint b = pattern_buffer(GL_ARRAY_BUFFER, BIG);
        glClearBufferData(GL_ARRAY_BUFFER, c->internalformat, c->format, c->type, c->data);
        snprintf(what, sizeof what, "glClearBufferData %s", c->name);
        expect_err(GL_NO_ERROR, what);
        check_contents(b, BIG, 0, BIG, c->expect, c->esize, what);
        glDeleteBuffers(1, &b);
    }
}

static void null_data(void)
{
    static const unsigned char zero[16] = { 0 };
    GLuint b = pattern_buffer(GL_ARRAY_BUFFER, BIG);
    glClearBufferData(GL_ARRAY_BUFFER, GL_RGBA32F, GL_RGBA, GL_FLOAT, NULL);
    expect_err(GL_NO_ERROR, "glClearBufferData(GL_RGBA32F, NULL)");
    check_contents(b, BIG, 0, BIG, zero, 1, "glClearBufferData(GL_RGBA32F, NULL)");
    glDeleteBuffers(1, &b);

    b = pattern_buffer(GL_ARRAY_BUFFER, SMALL);
    glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32UI, 8, 20, GL_RED_INTEGER, GL_UNSIGNED_INT,
                         NULL);
    expect_err(GL_NO_ERROR, "glClearBufferSubData(GL_R32UI, 8, 20, NULL)");
    check_contents(b, SMALL, 8, 28, zero, 1, "glClearBufferSubData(GL_R32UI, 8, 20, NULL)");
    glDeleteBuffers(1, &b);
}

static void sub_ranges(void)
{
    static const GLuint u = 0x01020304u;
    GLuint b = pattern_buffer(GL_ARRAY_BUFFER, SMALL);
    glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32UI, 16, 24, GL_RED_INTEGER, GL_UNSIGNED_INT,
                         &u);
    expect_err(GL_NO_ERROR, "glClearBufferSubData(GL_R32UI, 16, 24)");
    check_contents(b, SMALL, 16, 40, &u, 4, "glClearBufferSubData(GL_R32UI, 16, 24)");

    /* Size 0 at offset 0 and at the very end: nothing changes. */
    glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32UI, 0, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, ub_5a);
    expect_err(GL_NO_ERROR, "glClearBufferSubData(offset 0, size 0)");
    glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32UI, SMALL, 0, GL_RED_INTEGER, GL_UNSIGNED_INT,
                         ub_5a);
    expect_err(GL_NO_ERROR, "glClearBufferSubData(offset BUFFER_SIZE, size 0)");
    check_contents(b, SMALL, 16, 40, &u, 4, "after the clears of size 0");
    glDeleteBuffers(1, &b);

    b = pattern_buffer(GL_ARRAY_BUFFER, 120);
    glClearBufferSubData(GL_ARRAY_BUFFER, GL_RGB32F, 24, 36, GL_RGB, GL_FLOAT, f_rgb32);
    expect_err(GL_NO_ERROR, "glClearBufferSubData(GL_RGB32F, 24, 36)");
    check_contents(b, 120, 24, 60, f_rgb32, 12, "glClearBufferSubData(GL_RGB32F, 24, 36)");
    glDeleteBuffers(1, &b);

    b = pattern_buffer(GL_ARRAY_BUFFER, 16);
    glClearBufferSubData(GL_ARRAY_BUFFER, GL_RGBA8, 4, 8, GL_BGRA, GL_UNSIGNED_BYTE, ub_rgba);
    expect_err(GL_NO_ERROR, "glClearBufferSubData(GL_RGBA8 from GL_BGRA, 4, 8)");
    check_contents(b, 16, 4, 12, ub_bgra_stored, 4,
                   "glClearBufferSubData(GL_RGBA8 from GL_BGRA, 4, 8)");
    glDeleteBuffers(1, &b);
}

struct target_case {
    GLenum target;
    const char *name;
    const char *ext; /* NULL: core in GL 3.1 */
};

static void targets(void)
{
    static const struct target_case t[] = {
        { GL_ARRAY_BUFFER, "GL_ARRAY_BUFFER", NULL },
        { GL_ELEMENT_ARRAY_BUFFER, "GL_ELEMENT_ARRAY_BUFFER", NULL },
        { GL_COPY_READ_BUFFER, "GL_COPY_READ_BUFFER", NULL },
        { GL_COPY_WRITE_BUFFER, "GL_COPY_WRITE_BUFFER", NULL },
        { GL_UNIFORM_BUFFER, "GL_UNIFORM_BUFFER", NULL },
        { GL_TEXTURE_BUFFER, "GL_TEXTURE_BUFFER", NULL },
        { GL_TRANSFORM_FEEDBACK_BUFFER, "GL_TRANSFORM_FEEDBACK_BUFFER", NULL },
        { GL_DRAW_INDIRECT_BUFFER, "GL_DRAW_INDIRECT_BUFFER", "GL_ARB_draw_indirect" },
        { GL_SHADER_STORAGE_BUFFER, "GL_SHADER_STORAGE_BUFFER",
          "GL_ARB_shader_storage_buffer_object" },
        { GL_ATOMIC_COUNTER_BUFFER, "GL_ATOMIC_COUNTER_BUFFER",
          "GL_ARB_shader_atomic_counters" },
        { GL_DISPATCH_INDIRECT_BUFFER, "GL_DISPATCH_INDIRECT_BUFFER", "GL_ARB_compute_shader" },
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        char what[160];
        if (t[i].ext && !has_extension(t[i].ext)) {
            printf("(%s: no %s, not cleared)\n", t[i].name, t[i].ext);
            continue;
        }
        GLuint b = pattern_buffer(t[i].target, SMALL);
        GLuint v = 0x600d0000u + i;
        glClearBufferSubData(t[i].target, GL_R32UI, 4, 52, GL_RED_INTEGER, GL_UNSIGNED_INT, &v);
        snprintf(what, sizeof what, "glClearBufferSubData(%s)", t[i].name);
        expect_err(GL_NO_ERROR, what);
        check_contents(b, SMALL, 4, 56, &v, 4, what);
        glClearBufferData(t[i].target, GL_RG16, GL_RG, GL_UNSIGNED_SHORT, us_rg16);
        snprintf(what, sizeof what, "glClearBufferData(%s)", t[i].name);
        expect_err(GL_NO_ERROR, what);
        check_contents(b, SMALL, 0, SMALL, us_rg16, 4, what);
        glBindBuffer(t[i].target, 0);
        glDeleteBuffers(1, &b);
    }
}

static void immutable_storage(void)
{
    if (!has_extension("GL_ARB_buffer_storage")) {
        printf("(no GL_ARB_buffer_storage: immutable storage not tested)\n");
        return;
    }
    unsigned char p[SMALL];
    for (int i = 0; i < SMALL; i++)
        p[i] = pattern(i);
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glBufferStorage(GL_ARRAY_BUFFER, SMALL, p, 0);
    expect_err(GL_NO_ERROR, "glBufferStorage(flags 0)");
    glClearBufferSubData(GL_ARRAY_BUFFER, GL_RGBA8, 8, 16, GL_RGBA, GL_UNSIGNED_BYTE, ub_rgba);
    expect_err(GL_NO_ERROR, "glClearBufferSubData of immutable storage without "
                            "GL_DYNAMIC_STORAGE_BIT");
    check_contents(b, SMALL, 8, 24, ub_rgba, 4, "glClearBufferSubData of immutable storage");
    glClearBufferData(GL_ARRAY_BUFFER, GL_R8, GL_RED, GL_UNSIGNED_BYTE, ub_5a);
    expect_err(GL_NO_ERROR, "glClearBufferData of immutable storage without "
                            "GL_DYNAMIC_STORAGE_BIT");
    check_contents(b, SMALL, 0, SMALL, ub_5a, 1, "glClearBufferData of immutable storage");
    glDeleteBuffers(1, &b);
}

/* An error case: the command, the error it must raise, and the buffer
 * (SMALL bytes of pattern, bound to GL_ARRAY_BUFFER) unchanged. */
#define BAD(call, err, what)                                                               \
    do {                                                                                   \
        call;                                                                              \
        expect_err(err, what);                                                             \
    } while (0)

static void errors(void)
{
    static const GLuint u = 7;
    static const GLubyte ub[4] = { 1, 2, 3, 4 };
    GLuint b = pattern_buffer(GL_ARRAY_BUFFER, SMALL);
    glGetError();

    /* Internal formats outside the buffer texture table. */
    static const struct {
        GLenum f;
        const char *name;
    } bad_formats[] = {
        { GL_RGB8, "GL_RGB8" },
        { GL_R8_SNORM, "GL_R8_SNORM" },
        { GL_RGBA, "GL_RGBA (unsized)" },
        { GL_RGB16F, "GL_RGB16F" },
        { GL_DEPTH_COMPONENT32F, "GL_DEPTH_COMPONENT32F" },
        { GL_SRGB8_ALPHA8, "GL_SRGB8_ALPHA8" },
    };
    for (unsigned i = 0; i < sizeof bad_formats / sizeof bad_formats[0]; i++) {
        char what[120];
        snprintf(what, sizeof what, "glClearBufferData(internalformat %s)", bad_formats[i].name);
        BAD(glClearBufferData(GL_ARRAY_BUFFER, bad_formats[i].f, GL_RGBA, GL_UNSIGNED_BYTE, ub),
            GL_INVALID_ENUM, what);
        snprintf(what, sizeof what, "glClearBufferSubData(internalformat %s)",
                 bad_formats[i].name);
        BAD(glClearBufferSubData(GL_ARRAY_BUFFER, bad_formats[i].f, 0, 16, GL_RGBA,
                                 GL_UNSIGNED_BYTE, ub),
            GL_INVALID_ENUM, what);
    }

    /* Targets. */
    BAD(glClearBufferData(GL_TEXTURE_2D, GL_R8, GL_RED, GL_UNSIGNED_BYTE, ub), GL_INVALID_ENUM,
        "glClearBufferData(target GL_TEXTURE_2D)");
    BAD(glClearBufferSubData(GL_RENDERBUFFER, GL_R8, 0, 4, GL_RED, GL_UNSIGNED_BYTE, ub),
        GL_INVALID_ENUM, "glClearBufferSubData(target GL_RENDERBUFFER)");

    /* Format and type. */
    BAD(glClearBufferData(GL_ARRAY_BUFFER, GL_R8, GL_TEXTURE_2D, GL_UNSIGNED_BYTE, ub),
        GL_INVALID_VALUE, "glClearBufferData(format GL_TEXTURE_2D)");
    BAD(glClearBufferSubData(GL_ARRAY_BUFFER, GL_R8, 0, 4, GL_RED, GL_TEXTURE_2D, ub),
        GL_INVALID_VALUE, "glClearBufferSubData(type GL_TEXTURE_2D)");
    BAD(glClearBufferData(GL_ARRAY_BUFFER, GL_RGBA8, GL_RGBA, GL_TEXTURE_2D, ub),
        GL_INVALID_VALUE, "glClearBufferData(type GL_TEXTURE_2D)");

    /* Integer and non-integer data. */
    BAD(glClearBufferData(GL_ARRAY_BUFFER, GL_R32UI, GL_RED, GL_UNSIGNED_INT, &u),
        GL_INVALID_OPERATION, "glClearBufferData(GL_R32UI from GL_RED)");
    BAD(glClearBufferSubData(GL_ARRAY_BUFFER, GL_R8, 0, 4, GL_RED_INTEGER, GL_UNSIGNED_BYTE, ub),
        GL_INVALID_OPERATION, "glClearBufferSubData(GL_R8 from GL_RED_INTEGER)");

    /* Element size multiples. */
    BAD(glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32UI, 2, 8, GL_RED_INTEGER, GL_UNSIGNED_INT,
                             &u),
        GL_INVALID_VALUE, "glClearBufferSubData(GL_R32UI, offset 2)");
    BAD(glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32UI, 4, 6, GL_RED_INTEGER, GL_UNSIGNED_INT,
                             &u),
        GL_INVALID_VALUE, "glClearBufferSubData(GL_R32UI, size 6)");
    BAD(glClearBufferSubData(GL_ARRAY_BUFFER, GL_RGB32F, 4, 24, GL_RGB, GL_FLOAT, f_rgb32),
        GL_INVALID_VALUE, "glClearBufferSubData(GL_RGB32F, offset 4)");
    BAD(glClearBufferData(GL_ARRAY_BUFFER, GL_RGB32F, GL_RGB, GL_FLOAT, f_rgb32),
        GL_INVALID_VALUE, "glClearBufferData(GL_RGB32F) of 64 bytes");

    /* Negative and out-of-range offsets and sizes. */
    BAD(glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32UI, -4, 8, GL_RED_INTEGER, GL_UNSIGNED_INT,
                             &u),
        GL_INVALID_VALUE, "glClearBufferSubData(offset -4)");
    BAD(glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32UI, 4, -4, GL_RED_INTEGER, GL_UNSIGNED_INT,
                             &u),
        GL_INVALID_VALUE, "glClearBufferSubData(size -4)");
    BAD(glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32UI, SMALL - 4, 8, GL_RED_INTEGER,
                             GL_UNSIGNED_INT, &u),
        GL_INVALID_VALUE, "glClearBufferSubData(offset 60, size 8) of 64 bytes");
    BAD(glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32UI, SMALL + 4, 0, GL_RED_INTEGER,
                             GL_UNSIGNED_INT, &u),
        GL_INVALID_VALUE, "glClearBufferSubData(offset 68, size 0) of 64 bytes");
    check_contents(b, SMALL, 0, 0, ub, 1, "the buffer after the failed clears");

    /* No buffer bound. */
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    BAD(glClearBufferData(GL_COPY_WRITE_BUFFER, GL_R8, GL_RED, GL_UNSIGNED_BYTE, ub),
        GL_INVALID_VALUE, "glClearBufferData with no buffer bound");
    BAD(glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R8, 0, 0, GL_RED, GL_UNSIGNED_BYTE, ub),
        GL_INVALID_VALUE, "glClearBufferSubData with no buffer bound");

    /* Mapped ranges. */
    glBindBuffer(GL_ARRAY_BUFFER, b);
    void *m = glMapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_READ_BIT);
    expect_err(GL_NO_ERROR, "glMapBufferRange(0, 16, GL_MAP_READ_BIT)");
    EXPECT(m != NULL, "glMapBufferRange returned NULL");
    BAD(glClearBufferData(GL_ARRAY_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &u),
        GL_INVALID_OPERATION, "glClearBufferData with bytes 0..15 mapped");
    BAD(glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32UI, 8, 16, GL_RED_INTEGER, GL_UNSIGNED_INT,
                             &u),
        GL_INVALID_OPERATION, "glClearBufferSubData(8, 16) with bytes 0..15 mapped");
    BAD(glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32UI, 32, 16, GL_RED_INTEGER, GL_UNSIGNED_INT,
                             &u),
        GL_NO_ERROR, "glClearBufferSubData(32, 16) with bytes 0..15 mapped");
    glUnmapBuffer(GL_ARRAY_BUFFER);
    expect_err(GL_NO_ERROR, "glUnmapBuffer");
    check_contents(b, SMALL, 32, 48, &u, 4, "glClearBufferSubData(32, 16) beside a mapped range");

    m = glMapBuffer(GL_ARRAY_BUFFER, GL_READ_ONLY);
    expect_err(GL_NO_ERROR, "glMapBuffer(GL_READ_ONLY)");
    EXPECT(m != NULL, "glMapBuffer returned NULL");
    BAD(glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32UI, 48, 16, GL_RED_INTEGER, GL_UNSIGNED_INT,
                             &u),
        GL_INVALID_OPERATION, "glClearBufferSubData(48, 16) with the whole buffer mapped");
    BAD(glClearBufferData(GL_ARRAY_BUFFER, GL_R8, GL_RED, GL_UNSIGNED_BYTE, ub),
        GL_INVALID_OPERATION, "glClearBufferData with the whole buffer mapped");
    glUnmapBuffer(GL_ARRAY_BUFFER);
    expect_err(GL_NO_ERROR, "glUnmapBuffer");
    check_contents(b, SMALL, 32, 48, &u, 4, "the buffer after the clears while mapped");
    glDeleteBuffers(1, &b);

    /* A persistent mapping does not block a clear. */
    if (has_extension("GL_ARB_buffer_storage")) {
        unsigned char p[SMALL];
        for (int i = 0; i < SMALL; i++)
            p[i] = pattern(i);
        glGenBuffers(1, &b);
        glBindBuffer(GL_ARRAY_BUFFER, b);
        const GLbitfield fl = GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
        glBufferStorage(GL_ARRAY_BUFFER, SMALL, p, fl);
        const unsigned char *pm = glMapBufferRange(GL_ARRAY_BUFFER, 0, SMALL, fl);
        expect_err(GL_NO_ERROR, "glMapBufferRange(persistent, coherent)");
        EXPECT(pm != NULL, "the persistent glMapBufferRange returned NULL");
        glClearBufferData(GL_ARRAY_BUFFER, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, ub_rgba);
        expect_err(GL_NO_ERROR, "glClearBufferData with a persistent mapping");
        glClearBufferSubData(GL_ARRAY_BUFFER, GL_R8, 0, 4, GL_RED, GL_UNSIGNED_BYTE, ub_5a);
        expect_err(GL_NO_ERROR, "glClearBufferSubData with a persistent mapping");
        glFinish();
        if (pm) {
            int bad = 0;
            for (int i = 0; i < SMALL; i++)
                bad += pm[i] != (i < 4 ? 0x5a : ub_rgba[i % 4]);
            EXPECT(bad == 0, "%d bytes seen through the persistent mapping are not the clears'",
                   bad);
        }
        glUnmapBuffer(GL_ARRAY_BUFFER);
        expect_err(GL_NO_ERROR, "glUnmapBuffer(persistent)");
        unsigned char want[SMALL];
        for (int i = 0; i < SMALL; i++)
            want[i] = i < 4 ? 0x5a : ub_rgba[i % 4];
        check_contents(b, SMALL, 0, SMALL, want, SMALL, "the buffer cleared while mapped "
                                                        "persistently");
        glDeleteBuffers(1, &b);
    }
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

int main(void)
{
    struct test_window t = open_rgba8_window(16);
    printf("GL_VERSION %s, GL_RENDERER %s\n", (const char *)glGetString(GL_VERSION),
           (const char *)glGetString(GL_RENDERER));
    if (!has_extension("GL_ARB_clear_buffer_object")) {
        printf("SKIP: GL_ARB_clear_buffer_object is not advertised\n");
        return close_test_window(&t);
    }
    whole_buffer_clears();
    null_data();
    sub_ranges();
    targets();
    immutable_storage();
    errors();
    expect_err(GL_NO_ERROR, "the end");
    printf("%d checks\n", checks);
    return close_test_window(&t);
}
