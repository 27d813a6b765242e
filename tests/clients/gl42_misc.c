/*
 * gl42_misc.c: GL 4.2's smaller extensions in a compatibility context.
 *
 * - ARB_shading_language_packing: packSnorm2x16, packUnorm2x16,
 *   packHalf2x16 and their unpacks in a GLSL 1.50 fragment shader, each
 *   result compared exactly; the shader paints green when all hold.
 * - ARB_conservative_depth: `layout(depth_greater) out float
 *   gl_FragDepth` compiles and its depth writes land (a depth test of
 *   GL_LESS against them then keeps or rejects a second quad); redeclaring
 *   it after a use is a compile error.
 * - ARB_transform_feedback_instanced: glDrawTransformFeedbackInstanced
 *   and ...StreamInstanced draw every instance of a captured triangle
 *   (gl_InstanceID moves each one right), and their errors.
 * - ARB_internalformat_query: the sample counts of renderable formats,
 *   errors for a target that takes no format and a negative size.
 * - ARB_map_buffer_alignment: GL_MIN_MAP_BUFFER_ALIGNMENT is at least 64
 *   and the pointer of a mapping less its offset is a multiple of it.
 * - ARB_compressed_texture_pixel_storage: with the compressed block
 *   parameters set, the row length and skips pick a 2×2-block RGTC image
 *   out of a larger client image (glGetCompressedTexImage gives its
 *   blocks back packed), and place the blocks of glGetCompressedTexImage
 *   in a larger one, the bytes between them untouched; the queries.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o gl42_misc
 * tests/clients/gl42_misc.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include <stdint.h>
#include <string.h>
#include "program.h"

#define SIZE 32

static const char *quad_vs = "#version 150\n"
                             "in vec2 pos;\n"
                             "uniform float z;\n"
                             "void main() { gl_Position = vec4(pos, z, 1.0); }\n";

static const char *packing_fs =
    "#version 150\n"
    "#extension GL_ARB_shading_language_packing : require\n"
    "out vec4 color;\n"
    "void main() {\n"
    "  bool ok = packSnorm2x16(vec2(1.0, -1.0)) == 0x80017fffu;\n"
    "  ok = ok && packUnorm2x16(vec2(0.0, 1.0)) == 0xffff0000u;\n"
    "  ok = ok && packHalf2x16(vec2(1.0, -2.0)) == 0xc0003c00u;\n"
    "  ok = ok && unpackSnorm2x16(0x80017fffu) == vec2(1.0, -1.0);\n"
    "  ok = ok && unpackUnorm2x16(0x0000ffffu) == vec2(1.0, 0.0);\n"
    "  ok = ok && unpackHalf2x16(0x3800c400u) == vec2(-4.0, 0.5);\n"
    "  color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
    "}\n";

/* Writes depth 0.75 (window coordinates) for the quad at z 0. */
static const char *depth_fs = "#version 150\n"
                              "#extension GL_ARB_conservative_depth : require\n"
                              "layout(depth_greater) out float gl_FragDepth;\n"
                              "out vec4 color;\n"
                              "uniform vec4 c;\n"
                              "void main() {\n"
                              "  gl_FragDepth = 0.75;\n"
                              "  color = c;\n"
                              "}\n";

static const char *plain_fs = "#version 150\n"
                              "out vec4 color;\n"
                              "uniform vec4 c;\n"
                              "void main() { color = c; }\n";

/* A use of gl_FragDepth, then its redeclaration: a compile error. */
static const char *late_redeclaration_fs =
    "#version 150\n"
    "#extension GL_ARB_conservative_depth : require\n"
    "void f() { gl_FragDepth = 0.5; }\n"
    "layout(depth_less) out float gl_FragDepth;\n"
    "void main() { f(); }\n";

static const char *capture_vs = "#version 150\n"
                                "in vec2 pos;\n"
                                "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* Each instance half a window to the right of the one before. */
static const char *instanced_vs =
    "#version 150\n"
    "in vec4 pos;\n"
    "void main() { gl_Position = pos + vec4(float(gl_InstanceID), 0.0, 0.0, 0.0); }\n";

static void draw_quad(GLuint p, float z, float r, float g, float b)
{
    static const GLfloat quad[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
    glUseProgram(p);
    glUniform1f(glGetUniformLocation(p, "z"), z);
    glUniform4f(glGetUniformLocation(p, "c"), r, g, b, 1);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
    glEnableVertexAttribArray(0);
    glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
}

static void packing(void)
{
    GLuint p = pos_color_program(quad_vs, packing_fs, "packing program");
    if (!p)
        return;
    glClear(GL_COLOR_BUFFER_BIT);
    draw_quad(p, 0, 0, 0, 0);
    CHECK_RGBA(16, 16, 0, 255, 0, 255, 0, "the packing functions' results");
    glDeleteProgram(p);
}

static void conservative_depth(void)
{
    GLuint writes = pos_color_program(quad_vs, depth_fs, "depth_greater program");
    GLuint plain = pos_color_program(quad_vs, plain_fs, "plain program");
    if (!writes || !plain)
        return;
    CHECK(!shader_compiles(GL_FRAGMENT_SHADER, late_redeclaration_fs),
          "gl_FragDepth redeclared after a use compiles");
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_ALWAYS);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    draw_quad(writes, 0, 0, 0, 1);
    CHECK_RGBA(16, 16, 0, 0, 255, 255, 0, "the depth_greater quad");
    glDepthFunc(GL_LESS);
    /* z 0.4 is window depth 0.7: in front of 0.75. */
    draw_quad(plain, 0.4f, 0, 1, 0);
    CHECK_RGBA(16, 16, 0, 255, 0, 255, 0, "a quad in front of the written depth");
    /* z 0.6 is 0.8: behind it. */
    draw_quad(plain, 0.6f, 1, 0, 0);
    CHECK_RGBA(16, 16, 0, 255, 0, 255, 0, "a quad behind the written depth");
    glDisable(GL_DEPTH_TEST);
    glDeleteProgram(writes);
    glDeleteProgram(plain);
}

static void xfb_instanced(void)
{
    GLuint capture = pos_color_program(capture_vs, plain_fs, "capture program");
    GLuint draw = pos_color_program(instanced_vs, plain_fs, "instanced program");
    if (!capture || !draw)
        return;
    /* A capture program must be relinked with its varyings. */
    static const char *varyings[] = { "gl_Position" };
    glTransformFeedbackVaryings(capture, 1, varyings, GL_INTERLEAVED_ATTRIBS);
    if (!link_program(capture, "capture program"))
        return;
    /* The left quarter of the window, two triangles. */
    static const GLfloat quarter[6][2] = { { -1, -1 },  { -0.5, -1 }, { -0.5, 1 },
                                           { -1, -1 },  { -0.5, 1 },  { -1, 1 } };
    GLuint bufs[2], xfb;
    glGenBuffers(2, bufs);
    glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
    glBufferData(GL_ARRAY_BUFFER, sizeof quarter, quarter, GL_STATIC_DRAW);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, bufs[1]);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 6 * 4 * sizeof(GLfloat), NULL, GL_STATIC_DRAW);
    glGenTransformFeedbacks(1, &xfb);
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, bufs[1]);
    glUseProgram(capture);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(0);
    glEnable(GL_RASTERIZER_DISCARD);
    glBeginTransformFeedback(GL_TRIANGLES);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glEndTransformFeedback();
    glDisable(GL_RASTERIZER_DISCARD);
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
    expect_error(GL_NO_ERROR, "the capture");

    glUseProgram(draw);
    glUniform4f(glGetUniformLocation(draw, "c"), 0, 1, 0, 1);
    glBindBuffer(GL_ARRAY_BUFFER, bufs[1]);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawTransformFeedbackInstanced(GL_TRIANGLES, xfb, 2);
    CHECK_RGBA(4, 16, 0, 255, 0, 255, 0, "instance 0 of glDrawTransformFeedbackInstanced");
    CHECK_RGBA(20, 16, 0, 255, 0, 255, 0, "instance 1 of glDrawTransformFeedbackInstanced");
    CHECK_RGBA(12, 16, 0, 0, 0, 255, 0, "between the instances");
    CHECK_RGBA(28, 16, 0, 0, 0, 255, 0, "right of instance 1");
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawTransformFeedbackStreamInstanced(GL_TRIANGLES, xfb, 0, 1);
    CHECK_RGBA(4, 16, 0, 255, 0, 255, 0, "glDrawTransformFeedbackStreamInstanced(1)");
    CHECK_RGBA(20, 16, 0, 0, 0, 255, 0, "no second instance with one");
    expect_error(GL_NO_ERROR, "the instanced draws");
    glDrawTransformFeedbackStreamInstanced(GL_TRIANGLES, xfb, 4, 1);
    expect_error(GL_INVALID_VALUE, "glDrawTransformFeedbackStreamInstanced(stream 4)");
    glDrawTransformFeedbackStreamInstanced(GL_TRIANGLES, xfb, 0, -1);
    expect_error(GL_INVALID_VALUE, "glDrawTransformFeedbackStreamInstanced(-1 instances)");
    glDrawTransformFeedbackInstanced(0x7fff, xfb, 1);
    expect_error(GL_INVALID_ENUM, "glDrawTransformFeedbackInstanced(bad mode)");
    glDeleteTransformFeedbacks(1, &xfb);
    glDeleteBuffers(2, bufs);
    glDeleteProgram(capture);
    glDeleteProgram(draw);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

static void internalformat_query(void)
{
    GLint n = -1, samples[16] = { 0 };
    glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &n);
    CHECK(n >= 1 && n <= 16, "GL_NUM_SAMPLE_COUNTS of GL_RGBA8 is %d", n);
    if (n >= 1 && n <= 16) {
        GLint max = 0;
        glGetIntegerv(GL_MAX_SAMPLES, &max);
        glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, 16, samples);
        CHECK(samples[0] == max, "the highest sample count of GL_RGBA8 is %d, not %d",
              samples[0], max);
        for (int i = 1; i < n; i++)
            CHECK(samples[i] < samples[i - 1], "sample counts out of order at %d", i);
    }
    GLint depth = -1;
    glGetInternalformativ(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, GL_NUM_SAMPLE_COUNTS, 1,
                          &depth);
    CHECK(depth >= 1, "GL_NUM_SAMPLE_COUNTS of GL_DEPTH24_STENCIL8 is %d", depth);
    expect_error(GL_NO_ERROR, "the queries");
    glGetInternalformativ(GL_FRAMEBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &n);
    expect_error(GL_INVALID_ENUM, "glGetInternalformativ(GL_FRAMEBUFFER)");
    glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, -1, &n);
    expect_error(GL_INVALID_VALUE, "glGetInternalformativ(bufSize -1)");
}

static void map_alignment(void)
{
    GLint align = 0;
    glGetIntegerv(GL_MIN_MAP_BUFFER_ALIGNMENT, &align);
    CHECK(align >= 64 && (align & (align - 1)) == 0,
          "GL_MIN_MAP_BUFFER_ALIGNMENT is %d", align);
    if (align < 64)
        return;
    static const GLsizeiptr sizes[] = { 1, 3, 100, 4096, 100000 };
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_COPY_WRITE_BUFFER, b);
    for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        glBufferData(GL_COPY_WRITE_BUFFER, sizes[i], NULL, GL_STATIC_DRAW);
        GLintptr offset = sizes[i] / 3;
        char *p = glMapBufferRange(GL_COPY_WRITE_BUFFER, offset, sizes[i] - offset,
                                   GL_MAP_READ_BIT);
        CHECK(p && ((uintptr_t)(p - offset)) % (uintptr_t)align == 0,
              "a mapping of %ld bytes at %ld is at %p", (long)sizes[i], (long)offset, (void *)p);
        glUnmapBuffer(GL_COPY_WRITE_BUFFER);
        p = glMapBuffer(GL_COPY_WRITE_BUFFER, GL_READ_ONLY);
        CHECK(p && (uintptr_t)p % (uintptr_t)align == 0,
              "glMapBuffer of %ld bytes is at %p", (long)sizes[i], (void *)p);
        glUnmapBuffer(GL_COPY_WRITE_BUFFER);
    }
    glDeleteBuffers(1, &b);
    expect_error(GL_NO_ERROR, "the mappings");
}

/* Byte `b` of the 8-byte RGTC1 block at block column `x`, row `y` of the
 * 4×3-block client image. */
static GLubyte block_byte(int x, int y, int b)
{
    return (GLubyte)(16 * (4 * y + x) + b + 1);
}

static void compressed_pixel_storage(void)
{
    static const GLenum pnames[8] = {
        GL_UNPACK_COMPRESSED_BLOCK_WIDTH, GL_UNPACK_COMPRESSED_BLOCK_HEIGHT,
        GL_UNPACK_COMPRESSED_BLOCK_DEPTH, GL_UNPACK_COMPRESSED_BLOCK_SIZE,
        GL_PACK_COMPRESSED_BLOCK_WIDTH,   GL_PACK_COMPRESSED_BLOCK_HEIGHT,
        GL_PACK_COMPRESSED_BLOCK_DEPTH,   GL_PACK_COMPRESSED_BLOCK_SIZE,
    };
    for (int i = 0; i < 8; i++) {
        GLint v = -1;
        glGetIntegerv(pnames[i], &v);
        CHECK(v == 0, "the initial compressed block parameter 0x%x is %d", pnames[i], v);
    }
    glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_WIDTH, -1);
    expect_error(GL_INVALID_VALUE, "glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_WIDTH, -1)");

    /* A 16×12 client image of 4×3 blocks; the texture is the 8×8 at block
     * (1, 1). */
    GLubyte client[3][4][8];
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 4; x++)
            for (int b = 0; b < 8; b++)
                client[y][x][b] = block_byte(x, y, b);
    glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_WIDTH, 4);
    glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_HEIGHT, 4);
    glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_SIZE, 8);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 16);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 4);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, 4);
    GLint v = 0;
    glGetIntegerv(GL_UNPACK_COMPRESSED_BLOCK_SIZE, &v);
    CHECK(v == 8, "GL_UNPACK_COMPRESSED_BLOCK_SIZE is %d", v);
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 8, 8, 0, 32, client);
    expect_error(GL_NO_ERROR, "glCompressedTexImage2D with the compressed pixel storage");
    glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_WIDTH, 0);
    glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_HEIGHT, 0);
    glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_SIZE, 0);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);

    GLubyte packed[2][2][8];
    memset(packed, 0, sizeof packed);
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, packed);
    int bad = 0;
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 2; x++)
            for (int b = 0; b < 8; b++)
                bad += packed[y][x][b] != block_byte(x + 1, y + 1, b);
    CHECK(bad == 0, "%d bytes of the blocks read back differ from the client's", bad);

    /* Back into a 3×3-block image at block (1, 1), the rest kept. */
    GLubyte out[3][3][8];
    memset(out, 0xee, sizeof out);
    glPixelStorei(GL_PACK_COMPRESSED_BLOCK_WIDTH, 4);
    glPixelStorei(GL_PACK_COMPRESSED_BLOCK_HEIGHT, 4);
    glPixelStorei(GL_PACK_COMPRESSED_BLOCK_SIZE, 8);
    glPixelStorei(GL_PACK_ROW_LENGTH, 12);
    glPixelStorei(GL_PACK_SKIP_PIXELS, 4);
    glPixelStorei(GL_PACK_SKIP_ROWS, 4);
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, out);
    expect_error(GL_NO_ERROR, "glGetCompressedTexImage with the compressed pixel storage");
    glPixelStorei(GL_PACK_COMPRESSED_BLOCK_WIDTH, 0);
    glPixelStorei(GL_PACK_COMPRESSED_BLOCK_HEIGHT, 0);
    glPixelStorei(GL_PACK_COMPRESSED_BLOCK_SIZE, 0);
    glPixelStorei(GL_PACK_ROW_LENGTH, 0);
    glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
    glPixelStorei(GL_PACK_SKIP_ROWS, 0);
    bad = 0;
    int kept = 0;
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 3; x++)
            for (int b = 0; b < 8; b++) {
                if (x >= 1 && y >= 1)
                    bad += out[y][x][b] != block_byte(x, y, b);
                else
                    kept += out[y][x][b] == 0xee;
            }
    CHECK(bad == 0, "%d bytes of the placed blocks are wrong", bad);
    CHECK(kept == 5 * 8, "%d of the 40 bytes outside the blocks were kept", kept);
    glDeleteTextures(1, &tex);
}

int main(void)
{
    static const int attribs[] = { GLX_RGBA,      GLX_DOUBLEBUFFER, GLX_RED_SIZE,   8,
                                   GLX_GREEN_SIZE, 8, GLX_BLUE_SIZE, 8, GLX_DEPTH_SIZE, 24,
                                   None };
    struct test_window t = open_window_with(attribs, SIZE);
    static const char *exts[] = { "GL_ARB_shading_language_packing",
                                  "GL_ARB_conservative_depth",
                                  "GL_ARB_transform_feedback_instanced",
                                  "GL_ARB_internalformat_query",
                                  "GL_ARB_map_buffer_alignment",
                                  "GL_ARB_compressed_texture_pixel_storage" };
    for (unsigned i = 0; i < sizeof exts / sizeof exts[0]; i++)
        CHECK(has_extension(exts[i]), "%s is not advertised", exts[i]);
    glClearColor(0, 0, 0, 1);
    packing();
    conservative_depth();
    xfb_instanced();
    internalformat_query();
    map_alignment();
    compressed_pixel_storage();
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
