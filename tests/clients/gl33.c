/*
 * gl33.c: what GL 3.3 adds, in a 3.3 core-profile context.
 * - GLSL 3.30: `#version 330` and GL_SHADING_LANGUAGE_VERSION 3.30;
 *   explicit attribute locations; the bit-encoding built-ins
 *   (floatBitsToInt, floatBitsToUint, intBitsToFloat, uintBitsToFloat)
 *   checked by pixel.
 * - Dual-source blending (ARB_blend_func_extended): GL_MAX_DUAL_SOURCE_
 *   DRAW_BUFFERS, `layout(location = 0, index = 1)` and
 *   glBindFragDataLocationIndexed, glGetFragDataIndex/Location, the
 *   GL_SRC1_COLOR / GL_ONE_MINUS_SRC1_COLOR / GL_SRC1_ALPHA factors by
 *   pixel, and the errors of an index above 1 or a colour past the
 *   dual-source limit.
 * - Packed vertex types (ARB_vertex_type_2_10_10_10_rev): signed and
 *   unsigned 2_10_10_10 positions and normalized BGRA colours from a
 *   buffer, the size errors of glVertexAttribPointer, and
 *   glVertexAttribP4ui / the type errors of glVertexAttribP*.
 * - ARB_ES3_compatibility (GL 4.3, advertised with 3.3 as Mesa does): a
 *   `#version 300 es` fragment shader in this desktop context, an ETC2
 *   RGBA8 block (EAC alpha) sampled, GL_MAX_ELEMENT_INDEX, and
 *   GL_PRIMITIVE_RESTART_FIXED_INDEX cutting a strip of byte indices.
 * - ARB_framebuffer_no_attachments: an empty framebuffer complete once
 *   its default size is set, drawn into (an occlusion query counts the
 *   samples), and the parameter errors.
 * On oxgl it runs under MESA_GL_VERSION_OVERRIDE=3.3 (the Rust test sets
 * it; 3.3 is also the default now).
 * Passes on Mesa llvmpipe (cc -O1 -Wall -Itests/clients tests/clients/gl33.c
 * -o gl33 -lGL -lX11 -lm). Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include <GL/glx.h>
#include <GL/glxext.h>
#include "common.h"
#include "program.h"
#include <GL/glext.h>
#include <math.h>
#include <stdio.h>

#define SIZE 16

static GLuint link_vs_fs(const char *what, const char *vs, const char *fs, int bind_indexed)
{
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, vs, what) ||
        !attach_shader(p, GL_FRAGMENT_SHADER, fs, what)) {
        glDeleteProgram(p);
        return 0;
    }
    if (bind_indexed) {
        glBindFragDataLocationIndexed(p, 0, 0, "first");
        glBindFragDataLocationIndexed(p, 0, 1, "second");
    }
    if (!link_program(p, what)) {
        glDeleteProgram(p);
        return 0;
    }
    return p;
}

static void probe(int x, int y, const int want[4], int tolerance, const char *what)
{
    GLubyte px[4] = { 0 };
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(abs(px[0] - want[0]) <= tolerance && abs(px[1] - want[1]) <= tolerance &&
              abs(px[2] - want[2]) <= tolerance && abs(px[3] - want[3]) <= tolerance,
          "%s: pixel (%d, %d) is %d %d %d %d, expected %d %d %d %d", what, x, y, px[0], px[1],
          px[2], px[3], want[0], want[1], want[2], want[3]);
}

static const char *quad_vs = "#version 330\n"
                             "layout(location = 3) in vec2 pos;\n"
                             "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static void glsl330(void)
{
    const char *v = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
    int major = 0, minor = 0;
    CHECK(v && sscanf(v, "%d.%d", &major, &minor) == 2 && major * 100 + minor >= 330,
          "GL_SHADING_LANGUAGE_VERSION is %s", v ? v : "null");
    /* Bit encodings: 1.0 is 0x3f800000; -2.0 is 0xc0000000. */
    static const char *fs =
        "#version 330\n"
        "uniform float one;\n"
        "uniform int bits;\n"
        "uniform uint ubits;\n"
        "out vec4 o;\n"
        "void main() {\n"
        "    bool a = floatBitsToInt(one) == 0x3f800000;\n"
        "    bool b = floatBitsToUint(-2.0 * one) == 0xc0000000u;\n"
        "    bool c = intBitsToFloat(bits) == 0.5;\n"
        "    bool d = uintBitsToFloat(ubits) == -4.0;\n"
        "    o = vec4(a ? 1.0 : 0.0, b ? 1.0 : 0.0, c ? 1.0 : 0.0, d ? 1.0 : 0.0);\n"
        "}\n";
    GLuint p = link_vs_fs("bit encoding", quad_vs, fs, 0);
    if (!p)
        return;
    CHECK(glGetAttribLocation(p, "pos") == 3, "pos is at %d, not 3",
          glGetAttribLocation(p, "pos"));
    glUseProgram(p);
    glUniform1f(glGetUniformLocation(p, "one"), 1.0f);
    glUniform1i(glGetUniformLocation(p, "bits"), 0x3f000000);
    glUniform1ui(glGetUniformLocation(p, "ubits"), 0xc0800000u);
    glDisable(GL_BLEND);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    static const int all[4] = { 255, 255, 255, 255 };
    probe(SIZE / 2, SIZE / 2, all, 0, "bit-encoding built-ins");
    glUseProgram(0);
    glDeleteProgram(p);
}

static void es3_compatibility(void)
{
    GLint n = 0, has = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &n);
    for (GLint i = 0; i < n; i++)
        has |= strcmp((const char *)glGetStringi(GL_EXTENSIONS, i), "GL_ARB_ES3_compatibility") == 0;
    CHECK(has, "GL_ARB_ES3_compatibility not advertised");
    if (!has)
        return;
    GLint64 max_index = 0;
    glGetInteger64v(GL_MAX_ELEMENT_INDEX, &max_index);
    CHECK(max_index == 0xffffffffLL, "GL_MAX_ELEMENT_INDEX %lld", (long long)max_index);
    /* A GLSL ES 3.00 program (one program's shaders share a version). */
    static const char *vs = "#version 300 es\n"
                            "layout(location = 3) in vec2 pos;\n"
                            "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
    static const char *fs = "#version 300 es\n"
                            "precision mediump float;\n"
                            "uniform sampler2D tex;\n"
                            "out vec4 o;\n"
                            "void main() { o = texture(tex, vec2(0.5)); }\n";
    GLuint p = link_vs_fs("GLSL ES 3.00 in GL", vs, fs, 0);
    if (!p)
        return;
    /* ETC2 RGBA8: an EAC alpha block (base 128, multiplier 0: every
     * texel 128), then an individual-mode colour block (base 0x8 0x4 0xc,
     * table 0, index 0: +2 -> 138 70 206). */
    static const GLubyte block[16] = { 0x80, 0x00, 0, 0, 0, 0, 0, 0,
                                       0x88, 0x44, 0xcc, 0x00, 0, 0, 0, 0 };
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA8_ETC2_EAC, 4, 4, 0, 16, block);
    expect_error(GL_NO_ERROR, "ETC2 RGBA8 upload");
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    GLubyte back[16] = { 0 };
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, back);
    CHECK(memcmp(back, block, 16) == 0, "glGetCompressedTexImage gives other blocks");
    glUseProgram(p);
    glDisable(GL_BLEND);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    static const int etc[4] = { 138, 70, 206, 128 };
    probe(SIZE / 2, SIZE / 2, etc, 1, "ETC2 RGBA8 texel");
    /* The fixed restart index cuts the strip: only its first triangle
     * (the lower left half) is drawn, the index 0xff not being a vertex. */
    static const GLubyte idx[] = { 0, 1, 2, 0xff, 3 };
    GLuint ibo;
    glGenBuffers(1, &ibo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
    glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
    CHECK(glIsEnabled(GL_PRIMITIVE_RESTART_FIXED_INDEX), "fixed-index restart not enabled");
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawElements(GL_TRIANGLE_STRIP, 5, GL_UNSIGNED_BYTE, 0);
    static const int none[4] = { 0, 0, 0, 0 };
    probe(4, 4, etc, 1, "restart: first triangle");
    probe(SIZE - 4, SIZE - 4, none, 0, "restart: no second triangle");
    glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
    expect_error(GL_NO_ERROR, "ES3 compatibility");
    glDeleteBuffers(1, &ibo);
    glDeleteTextures(1, &tex);
    glUseProgram(0);
    glDeleteProgram(p);
}

/* ARB_framebuffer_no_attachments: a framebuffer without attachments is
 * complete once its default size is set, and draws (counted by an
 * occlusion query) over that size. */
static void no_attachments(GLuint quad_fbo)
{
    GLint n = 0, has = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &n);
    for (GLint i = 0; i < n; i++)
        has |= strcmp((const char *)glGetStringi(GL_EXTENSIONS, i),
                      "GL_ARB_framebuffer_no_attachments") == 0;
    CHECK(has, "GL_ARB_framebuffer_no_attachments not advertised");
    if (!has)
        return;
    GLint max_w = 0;
    glGetIntegerv(GL_MAX_FRAMEBUFFER_WIDTH, &max_w);
    CHECK(max_w >= 16384, "GL_MAX_FRAMEBUFFER_WIDTH %d", max_w);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 16);
    expect_error(GL_INVALID_OPERATION, "glFramebufferParameteri on the default framebuffer");
    GLuint fbo;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT,
          "an empty framebuffer without a default size is complete");
    glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, max_w + 1);
    expect_error(GL_INVALID_VALUE, "a default width past the limit");
    glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 16);
    glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, 8);
    GLint w = 0, h = 0;
    glGetFramebufferParameteriv(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, &w);
    glGetFramebufferParameteriv(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, &h);
    CHECK(w == 16 && h == 8, "default size %d x %d", w, h);
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
          "an empty framebuffer with a default size is incomplete");
    static const char *fs = "#version 330\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
    GLuint p = link_vs_fs("no attachments", quad_vs, fs, 0);
    if (p) {
        glUseProgram(p);
        glViewport(0, 0, 16, 8);
        GLuint q;
        glGenQueries(1, &q);
        glBeginQuery(GL_SAMPLES_PASSED, q);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        glEndQuery(GL_SAMPLES_PASSED);
        GLuint samples = 0;
        glGetQueryObjectuiv(q, GL_QUERY_RESULT, &samples);
        CHECK(samples == 16 * 8, "%u samples passed without attachments, expected 128", samples);
        glDeleteQueries(1, &q);
        glUseProgram(0);
        glDeleteProgram(p);
        glViewport(0, 0, SIZE, SIZE);
    }
    expect_error(GL_NO_ERROR, "no attachments");
    glBindFramebuffer(GL_FRAMEBUFFER, quad_fbo);
    glDeleteFramebuffers(1, &fbo);
}

static void dual_source(void)
{
    GLint max = 0;
    glGetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &max);
    CHECK(max >= 1, "GL_MAX_DUAL_SOURCE_DRAW_BUFFERS is %d", max);

    /* Explicit indices. */
    static const char *fs_layout = "#version 330\n"
                                   "layout(location = 0, index = 0) out vec4 first;\n"
                                   "layout(location = 0, index = 1) out vec4 second;\n"
                                   "void main() {\n"
                                   "    first = vec4(0.5, 0.5, 0.5, 1.0);\n"
                                   "    second = vec4(1.0, 0.5, 0.0, 0.25);\n"
                                   "}\n";
    /* The same through glBindFragDataLocationIndexed. */
    static const char *fs_bound = "#version 330\n"
                                  "out vec4 first;\n"
                                  "out vec4 second;\n"
                                  "void main() {\n"
                                  "    first = vec4(0.5, 0.5, 0.5, 1.0);\n"
                                  "    second = vec4(1.0, 0.5, 0.0, 0.25);\n"
                                  "}\n";
    for (int bound = 0; bound < 2; bound++) {
        const char *what = bound ? "dual source, bound indices" : "dual source, layout indices";
        GLuint p = link_vs_fs(what, quad_vs, bound ? fs_bound : fs_layout, bound);
        if (!p)
            continue;
        CHECK(glGetFragDataLocation(p, "second") == 0 && glGetFragDataIndex(p, "second") == 1,
              "%s: second is at %d index %d", what, glGetFragDataLocation(p, "second"),
              glGetFragDataIndex(p, "second"));
        CHECK(glGetFragDataIndex(p, "first") == 0, "%s: first has index %d", what,
              glGetFragDataIndex(p, "first"));
        CHECK(glGetFragDataIndex(p, "missing") == -1, "%s: an unknown name has index %d", what,
              glGetFragDataIndex(p, "missing"));
        glUseProgram(p);
        glEnable(GL_BLEND);
        /* dst (0.2, 0.4, 0.6, 0.8) as bytes 51, 102, 153, 204.
         * src * src1 + dst * (1 - src1): */
        glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
        glClear(GL_COLOR_BUFFER_BIT);
        glBlendFunc(GL_SRC1_COLOR, GL_ONE_MINUS_SRC1_COLOR);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        /* r 0.5*1 + 0.2*0 = 0.5; g 0.25 + 0.2 = 0.45; b 0 + 0.6 = 0.6;
         * a 1*0.25 + 0.8*0.75 = 0.85. */
        static const int color[4] = { 128, 115, 153, 217 };
        probe(3, 5, color, 2, what);
        /* src * src1.a + dst * (1 - src1.a). */
        glClear(GL_COLOR_BUFFER_BIT);
        glBlendFunc(GL_SRC1_ALPHA, GL_ONE_MINUS_SRC1_ALPHA);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        /* r 0.125 + 0.15 = 0.275; g 0.125 + 0.3 = 0.425;
         * b 0.125 + 0.45 = 0.575; a 0.25 + 0.6 = 0.85. */
        static const int alpha[4] = { 70, 108, 147, 217 };
        probe(10, 12, alpha, 2, what);
        glDisable(GL_BLEND);
        glUseProgram(0);
        glDeleteProgram(p);
    }
    glBlendFunc(GL_ONE, GL_ZERO);
    expect_error(GL_NO_ERROR, "dual-source drawing");

    GLuint p = glCreateProgram();
    glBindFragDataLocationIndexed(p, 0, 2, "x");
    expect_error(GL_INVALID_VALUE, "glBindFragDataLocationIndexed(index 2)");
    glBindFragDataLocationIndexed(p, (GLuint)max, 1, "x");
    expect_error(GL_INVALID_VALUE, "glBindFragDataLocationIndexed(a colour past the limit)");
    glBindFragDataLocationIndexed(p, 0, 1, "gl_FragColor");
    expect_error(GL_INVALID_OPERATION, "glBindFragDataLocationIndexed(gl_ name)");
    glGetFragDataIndex(p, "x");
    expect_error(GL_INVALID_OPERATION, "glGetFragDataIndex(unlinked)");
    glDeleteProgram(p);
}

/* 10-bit fields x, y, z and a 2-bit w. */
static GLuint pack(int x, int y, int z, int w)
{
    return ((GLuint)x & 0x3ff) | ((GLuint)y & 0x3ff) << 10 | ((GLuint)z & 0x3ff) << 20 |
           ((GLuint)w & 0x3) << 30;
}

static void packed_vertices(void)
{
    static const char *vs = "#version 330\n"
                            "layout(location = 0) in vec4 pos;\n"
                            "layout(location = 1) in vec4 color;\n"
                            "uniform vec4 scale;\n"
                            "out vec4 c;\n"
                            "void main() { gl_Position = pos * scale; c = color; }\n";
    static const char *fs = "#version 330\n"
                            "in vec4 c;\n"
                            "out vec4 o;\n"
                            "void main() { o = c; }\n";
    GLuint p = link_vs_fs("packed vertices", vs, fs, 0);
    if (!p)
        return;
    glUseProgram(p);
    GLint scale = glGetUniformLocation(p, "scale");

    /* Signed positions in units of 1/256 (w 1): the left half. */
    GLuint words[8] = {
        /* positions: signed, a strip over x in [-1, 0] */
        pack(-256, -256, 0, 1),
        pack(0, -256, 0, 1),
        pack(-256, 256, 0, 1),
        pack(0, 256, 0, 1),
        /* colours: BGRA, so the x field is blue: red (1023 in z), alpha 3 */
        pack(0, 0, 1023, 3),
        pack(0, 0, 1023, 3),
        pack(0, 0, 1023, 3),
        pack(0, 0, 1023, 3),
    };
    GLuint vbo;
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof words, words, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 4, GL_INT_2_10_10_10_REV, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(1, GL_BGRA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, 0,
                          (void *)(4 * sizeof(GLuint)));
    glEnableVertexAttribArray(1);
    expect_error(GL_NO_ERROR, "packed glVertexAttribPointer");
    glUniform4f(scale, 1.0f / 256, 1.0f / 256, 1, 1);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    static const int red[4] = { 255, 0, 0, 255 }, none[4] = { 0, 0, 0, 0 };
    probe(3, 8, red, 1, "signed packed positions, BGRA packed colours (left half)");
    probe(12, 8, none, 0, "signed packed positions (right half stays clear)");

    /* Unsigned positions: (256, 0..) scaled by 1/256 covers x in [0, 1],
     * y in [0, 1]; a constant colour from glVertexAttribP4ui. */
    GLuint upos[4] = { pack(0, 0, 0, 1), pack(256, 0, 0, 1), pack(0, 256, 0, 1),
                       pack(256, 256, 0, 1) };
    glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof upos, upos);
    glVertexAttribPointer(0, 4, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE, 0, 0);
    glDisableVertexAttribArray(1);
    /* Normalized unsigned: green 1023 -> 1, blue 511 -> ~0.5, alpha 3 -> 1. */
    glVertexAttribP4ui(1, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, pack(0, 1023, 511, 3));
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    static const int green[4] = { 0, 255, 128, 255 };
    probe(12, 12, green, 1, "unsigned packed positions, glVertexAttribP4ui colour");
    probe(3, 3, none, 0, "unsigned packed positions (lower left stays clear)");
    /* Signed normalized: 511 and the 2-bit 1 read 1, -512 reads -1 (by
     * GL 3.3's rule and by GL 4.2's). */
    glVertexAttribP4ui(1, GL_INT_2_10_10_10_REV, GL_TRUE, pack(511, -512, 0, 1));
    GLfloat cur[4] = { 0 };
    glGetVertexAttribfv(1, GL_CURRENT_VERTEX_ATTRIB, cur);
    CHECK(cur[0] == 1.0f && cur[1] == -1.0f && cur[3] == 1.0f && fabsf(cur[2]) < 0.002f,
          "glVertexAttribP4ui(signed, normalized) set %g %g %g %g", cur[0], cur[1], cur[2],
          cur[3]);
    glVertexAttribP3ui(1, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE, pack(1, 2, 3, 0));
    glGetVertexAttribfv(1, GL_CURRENT_VERTEX_ATTRIB, cur);
    CHECK(cur[0] == 1 && cur[1] == 2 && cur[2] == 3 && cur[3] == 1,
          "glVertexAttribP3ui(unsigned) set %g %g %g %g", cur[0], cur[1], cur[2], cur[3]);

    /* Errors. */
    glVertexAttribPointer(0, 3, GL_INT_2_10_10_10_REV, GL_TRUE, 0, 0);
    expect_error(GL_INVALID_OPERATION, "glVertexAttribPointer(size 3, INT_2_10_10_10_REV)");
    glVertexAttribPointer(0, GL_BGRA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE, 0, 0);
    expect_error(GL_INVALID_OPERATION, "glVertexAttribPointer(BGRA, not normalized)");
    glVertexAttribIPointer(0, 4, GL_INT_2_10_10_10_REV, 0, 0);
    expect_error(GL_INVALID_ENUM, "glVertexAttribIPointer(INT_2_10_10_10_REV)");
    glVertexAttribP1ui(0, GL_FLOAT, GL_FALSE, 0);
    expect_error(GL_INVALID_ENUM, "glVertexAttribP1ui(GL_FLOAT)");
    GLuint w = 0;
    glVertexAttribP2uiv(0, GL_UNSIGNED_INT, GL_FALSE, &w);
    expect_error(GL_INVALID_ENUM, "glVertexAttribP2uiv(GL_UNSIGNED_INT)");

    glDisableVertexAttribArray(0);
    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteBuffers(1, &vbo);
}

int main(void)
{
    struct test_window t = open_core_window(SIZE, 3, 3);
    GLuint vao;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    /* The quad at attribute 3 (explicit location in quad_vs). */
    static const GLfloat full[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
    GLuint quad;
    glGenBuffers(1, &quad);
    glBindBuffer(GL_ARRAY_BUFFER, quad);
    glBufferData(GL_ARRAY_BUFFER, sizeof full, full, GL_STATIC_DRAW);
    glVertexAttribPointer(3, 2, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(3);

    /* An RGBA8 framebuffer: the blends below keep alpha. */
    GLuint fbo, rb;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, SIZE, SIZE);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
          "the RGBA8 framebuffer is incomplete");

    glsl330();
    dual_source();
    packed_vertices();
    es3_compatibility();
    no_attachments(fbo);
    expect_error(GL_NO_ERROR, "the end");

    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &rb);
    glDeleteBuffers(1, &quad);
    glDeleteVertexArrays(1, &vao);
    return close_test_window(&t);
}
