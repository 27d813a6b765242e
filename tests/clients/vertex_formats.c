/*
 * vertex_formats.c: array draws read every component type as GL says
 * (GL 4.6 compatibility §10.3.1, §10.2.1): normalized unsigned and signed
 * bytes and shorts, unnormalized shorts and ints, half floats, doubles,
 * BGRA colours through glColorPointer, packed 10F_11F_11F unsigned floats
 * (with GL_ARB_vertex_type_10f_11f_11f_rev), interleaved buffer objects with a
 * stride and an offset, glDrawArrays from a first vertex past 0,
 * glDrawElements through an element buffer naming vertices more than once
 * and out of order or with primitive restarts (NV_primitive_restart), and
 * client memory arrays.
 *
 * Each case draws one point per vertex at pixel (4 + 8 (i % 8), 4 + 8 (i / 8))
 * of a 64x64 window, its colour the attribute `val` scaled and biased by
 * uniforms, and reads the points back. tests/tests/vertex_formats.rs runs
 * it as the backend reads the arrays (ABI 13) and with
 * OXGL_VERTEX_FETCH=core; it passes on llvmpipe too.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"

#include <GL/glext.h>
#include <math.h>
#include <string.h>

#define SIZE 64

static const char *vs = "#version 120\n"
                        "attribute vec2 pos;\n"
                        "attribute vec4 val;\n"
                        "uniform vec4 scale;\n"
                        "uniform vec4 bias;\n"
                        "varying vec4 c;\n"
                        "void main() {\n"
                        "  c = val * scale + bias;\n"
                        "  gl_Position = vec4(pos, 0.0, 1.0);\n"
                        "  gl_PointSize = 1.0;\n"
                        "}\n";
static const char *fs = "#version 120\n"
                        "varying vec4 c;\n"
                        "void main() { gl_FragColor = c; }\n";

static GLint loc_pos, loc_val, loc_scale, loc_bias;

/* Clip coordinates of point slot i. */
static void slot(int i, GLfloat out[2])
{
    out[0] = (4.5f + 8 * (i % 8)) * 2.0f / SIZE - 1.0f;
    out[1] = (4.5f + 8 * (i / 8)) * 2.0f / SIZE - 1.0f;
}

static int to_byte(double v)
{
    if (v < 0)
        v = 0;
    if (v > 1)
        v = 1;
    return (int)floor(v * 255.0 + 0.5);
}

/* Checks slot i shows colour want[0..3] (as [0, 1] values), within 1. */
static void check_slot(const char *what, int i, const double want[4])
{
    GLubyte p[4];
    glReadPixels(4 + 8 * (i % 8), 4 + 8 * (i / 8), 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
    for (int k = 0; k < 4; k++) {
        int w = to_byte(want[k]);
        CHECK(p[k] - w <= 1 && w - p[k] <= 1, "%s: point %d channel %d is %d, expected %d", what,
              i, k, p[k], w);
    }
}

static void set_transform(float s0, float s1, float s2, float s3, float b)
{
    glUniform4f(loc_scale, s0, s1, s2, s3);
    glUniform4f(loc_bias, b, b, b, b);
}

/* One case: `n` values of `type` (`size` components, `normalized`) at
 * `data`, drawn as points 0..n-1 from a buffer object; `expect(i, out)`
 * gives the colour of point i. */
static void draw_case(const char *what, GLenum type, int size, GLboolean normalized,
                      const void *data, size_t bytes, int n, const double (*want)[4])
{
    GLfloat pos[2 * 16];
    for (int i = 0; i < n; i++)
        slot(i, &pos[2 * i]);
    GLuint bufs[2];
    glGenBuffers(2, bufs);
    glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(sizeof(GLfloat) * 2 * n), pos, GL_STATIC_DRAW);
    glVertexAttribPointer(loc_pos, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
    glBindBuffer(GL_ARRAY_BUFFER, bufs[1]);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)bytes, data, GL_STATIC_DRAW);
    glVertexAttribPointer(loc_val, size, type, normalized, 0, (void *)0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_POINTS, 0, n);
    expect_error(GL_NO_ERROR, what);
    for (int i = 0; i < n; i++)
        check_slot(what, i, want[i]);
    glDeleteBuffers(2, bufs);
}

int main(void)
{
    static const int attribs[] = { GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, GLX_ALPHA_SIZE, 8,
                                   None };
    struct test_window t = open_window_with(attribs, SIZE);
    GLuint p = build_program("vertex_formats", vs, fs);
    if (!p)
        return close_test_window(&t);
    glUseProgram(p);
    loc_pos = glGetAttribLocation(p, "pos");
    loc_val = glGetAttribLocation(p, "val");
    loc_scale = glGetUniformLocation(p, "scale");
    loc_bias = glGetUniformLocation(p, "bias");
    CHECK(loc_pos >= 0 && loc_val >= 0 && loc_scale >= 0 && loc_bias >= 0, "locations");
    glViewport(0, 0, SIZE, SIZE);
    glClearColor(0, 0, 0, 0);
    glEnableVertexAttribArray(loc_pos);
    glEnableVertexAttribArray(loc_val);

    /* Normalized unsigned bytes, four components. */
    {
        static const GLubyte v[] = { 0, 51, 102, 255, 255, 0, 7, 128 };
        const double want[2][4] = { { 0, 0.2, 0.4, 1 }, { 1, 0, 7 / 255.0, 128 / 255.0 } };
        set_transform(1, 1, 1, 1, 0);
        draw_case("normalized ubyte", GL_UNSIGNED_BYTE, 4, GL_TRUE, v, sizeof v, 2, want);
    }
    /* Normalized signed bytes: -128 and 127 are -1 and 1 (both rules). */
    {
        static const GLbyte v[] = { -128, 127, 0, 64 };
        const double want[1][4] = { { 0, 1, 0.5, 0.5 + 0.5 * 64 / 127.0 } };
        set_transform(0.5f, 0.5f, 0.5f, 0.5f, 0.5f);
        draw_case("normalized byte", GL_BYTE, 4, GL_TRUE, v, sizeof v, 1, want);
    }
    /* Unnormalized shorts, two components: z and w read 0 and 1. */
    {
        static const GLshort v[] = { 100, 200, -30, 255 };
        const double want[2][4] = { { 100 / 255.0, 200 / 255.0, 0, 1 / 255.0 },
                                    { 0, 1, 0, 1 / 255.0 } };
        set_transform(1 / 255.0f, 1 / 255.0f, 1 / 255.0f, 1 / 255.0f, 0);
        draw_case("short", GL_SHORT, 2, GL_FALSE, v, sizeof v, 2, want);
    }
    /* Normalized unsigned shorts, three components: w reads 1. */
    {
        static const GLushort v[] = { 65535, 32768, 0, 13107, 0, 65535 };
        const double want[2][4] = { { 1, 32768 / 65535.0, 0, 1 }, { 0.2, 0, 1, 1 } };
        set_transform(1, 1, 1, 1, 0);
        draw_case("normalized ushort", GL_UNSIGNED_SHORT, 3, GL_TRUE, v, sizeof v, 2, want);
    }
    /* Unnormalized ints, one component. */
    {
        static const GLint v[] = { 51, -7, 255 };
        const double want[3][4] = { { 0.2, 0, 0, 1 / 255.0 }, { 0, 0, 0, 1 / 255.0 },
                                    { 1, 0, 0, 1 / 255.0 } };
        set_transform(1 / 255.0f, 1, 1, 1 / 255.0f, 0);
        draw_case("int", GL_INT, 1, GL_FALSE, v, sizeof v, 3, want);
    }
    /* Half floats: 0.5, 0.25, 1, 0.75. */
    {
        static const GLushort v[] = { 0x3800, 0x3400, 0x3c00, 0x3a00 };
        const double want[1][4] = { { 0.5, 0.25, 1, 0.75 } };
        set_transform(1, 1, 1, 1, 0);
        draw_case("half float", GL_HALF_FLOAT, 4, GL_FALSE, v, sizeof v, 1, want);
    }
    /* Doubles, three components. */
    {
        static const GLdouble v[] = { 0.2, 0.6, 1.0, 0.8, 0.4, 0.0 };
        const double want[2][4] = { { 0.2, 0.6, 1, 1 }, { 0.8, 0.4, 0, 1 } };
        set_transform(1, 1, 1, 1, 0);
        draw_case("double", GL_DOUBLE, 3, GL_FALSE, v, sizeof v, 2, want);
    }

    /* Packed unsigned floats (GL_ARB_vertex_type_10f_11f_11f_rev): red
     * 1.0 and 0.25 (11 bits), green 0.5 and 0.75, blue 0.25 and 1.0 (10
     * bits), alpha 1; size 2 is INVALID_OPERATION. */
    if (has_extension("GL_ARB_vertex_type_10f_11f_11f_rev")) {
        static const GLuint v[] = {
            (15u << 6) | ((14u << 6) << 11) | ((13u << 5) << 22),
            (13u << 6) | (((14u << 6) | 32) << 11) | ((15u << 5) << 22),
        };
        const double want[2][4] = { { 1, 0.5, 0.25, 1 }, { 0.25, 0.75, 1, 1 } };
        set_transform(1, 1, 1, 1, 0);
        draw_case("10f_11f_11f", GL_UNSIGNED_INT_10F_11F_11F_REV, 3, GL_FALSE, v, sizeof v, 2,
                  want);
        glVertexAttribPointer(loc_val, 2, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, 0, 0);
        expect_error(GL_INVALID_OPERATION, "10f_11f_11f with 2 components");
    }

    /* Interleaved: position and ubyte colour in one buffer, stride 12,
     * the colour at offset 8; glDrawArrays from vertex 2 of 5. */
    {
        struct {
            GLfloat pos[2];
            GLubyte col[4];
        } v[5];
        for (int i = 0; i < 5; i++) {
            slot(i, v[i].pos);
            GLubyte c[4] = { (GLubyte)(51 * i), (GLubyte)(255 - 51 * i), 102, 255 };
            memcpy(v[i].col, c, 4);
        }
        GLuint buf;
        glGenBuffers(1, &buf);
        glBindBuffer(GL_ARRAY_BUFFER, buf);
        glBufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STATIC_DRAW);
        glVertexAttribPointer(loc_pos, 2, GL_FLOAT, GL_FALSE, sizeof v[0], (void *)0);
        glVertexAttribPointer(loc_val, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof v[0], (void *)8);
        set_transform(1, 1, 1, 1, 0);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_POINTS, 2, 3);
        expect_error(GL_NO_ERROR, "interleaved, first 2");
        const double none[4] = { 0, 0, 0, 0 };
        for (int i = 0; i < 5; i++) {
            double want[4] = { 0.2 * i, 1 - 0.2 * i, 0.4, 1 };
            check_slot("interleaved, first 2", i, i < 2 ? none : want);
        }

        /* Indexed: vertices 4, 1, 4, 3 through an element buffer. */
        static const GLushort idx[] = { 4, 1, 4, 3 };
        GLuint ebo;
        glGenBuffers(1, &ebo);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawElements(GL_POINTS, 4, GL_UNSIGNED_SHORT, (void *)0);
        expect_error(GL_NO_ERROR, "indexed");
        for (int i = 0; i < 5; i++) {
            double want[4] = { 0.2 * i, 1 - 0.2 * i, 0.4, 1 };
            check_slot("indexed", i, (i == 1 || i == 3 || i == 4) ? want : none);
        }

        /* NV_primitive_restart: index 2 restarts, so vertex 2 is not drawn. */
        const char *ext = (const char *)glGetString(GL_EXTENSIONS);
        if (strstr(ext, "GL_NV_primitive_restart")) {
            static const GLushort rs[] = { 1, 2, 4, 2, 0 };
            glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof rs, rs, GL_STATIC_DRAW);
            glEnableClientState(GL_PRIMITIVE_RESTART_NV);
            glPrimitiveRestartIndexNV(2);
            glClear(GL_COLOR_BUFFER_BIT);
            glDrawElements(GL_POINTS, 5, GL_UNSIGNED_SHORT, (void *)0);
            glDisableClientState(GL_PRIMITIVE_RESTART_NV);
            expect_error(GL_NO_ERROR, "primitive restart");
            for (int i = 0; i < 5; i++) {
                double want[4] = { 0.2 * i, 1 - 0.2 * i, 0.4, 1 };
                check_slot("primitive restart", i, (i == 0 || i == 1 || i == 4) ? want : none);
            }
        }
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
        glDeleteBuffers(1, &ebo);

        /* The same vertices from client memory. */
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        glVertexAttribPointer(loc_pos, 2, GL_FLOAT, GL_FALSE, sizeof v[0], v[0].pos);
        glVertexAttribPointer(loc_val, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof v[0], v[0].col);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_POINTS, 0, 5);
        expect_error(GL_NO_ERROR, "client memory");
        for (int i = 0; i < 5; i++) {
            double want[4] = { 0.2 * i, 1 - 0.2 * i, 0.4, 1 };
            check_slot("client memory", i, want);
        }
        glDeleteBuffers(1, &buf);
    }

    /* Packed 2_10_10_10 words (GL 3.3, ARB_vertex_type_2_10_10_10_rev):
     * x in bits 0-9, y 10-19, z 20-29, w 30-31. Unsigned, not normalized;
     * signed normalized (-512 and 511 are -1 and 1 by either rule), as
     * BGRA (the x field is blue). */
    {
#define PACK(x, y, z, w)                                                                   \
    (((GLuint)(x) & 0x3ff) | ((GLuint)(y) & 0x3ff) << 10 | ((GLuint)(z) & 0x3ff) << 20 | \
     ((GLuint)(w) & 0x3) << 30)
        static const GLuint u[] = { PACK(0, 1023, 511, 3), PACK(255, 0, 1000, 1) };
        const double wu[2][4] = { { 0, 1, 511 / 1023.0, 1 }, { 255 / 1023.0, 0, 1000 / 1023.0, 1 / 3.0 } };
        set_transform(1 / 1023.0f, 1 / 1023.0f, 1 / 1023.0f, 1 / 3.0f, 0);
        draw_case("unsigned 2_10_10_10", GL_UNSIGNED_INT_2_10_10_10_REV, 4, GL_FALSE, u,
                  sizeof u, 2, wu);
        static const GLuint s[] = { PACK(-512, 511, 0, 1), PACK(511, -512, -512, -2) };
        const double ws[2][4] = { { 0, 1, 0.5, 1 }, { 1, 0, 0, 0 } };
        set_transform(0.5f, 0.5f, 0.5f, 0.5f, 0.5f);
        draw_case("signed normalized 2_10_10_10", GL_INT_2_10_10_10_REV, 4, GL_TRUE, s,
                  sizeof s, 2, ws);
        const double wb[2][4] = { { 0.5, 1, 0, 1 }, { 0, 0, 1, 0 } };
        draw_case("BGRA signed 2_10_10_10", GL_INT_2_10_10_10_REV, GL_BGRA, GL_TRUE, s, sizeof s,
                  2, wb);
    }

    /* Fixed function: glColorPointer(GL_BGRA) colours from a buffer. */
    {
        glUseProgram(0);
        glDisableVertexAttribArray(loc_pos);
        glDisableVertexAttribArray(loc_val);
        GLfloat pos[4];
        slot(0, &pos[0]);
        slot(1, &pos[2]);
        static const GLubyte bgra[] = { 255, 102, 51, 255, 0, 0, 204, 255 };
        GLuint bufs[2];
        glGenBuffers(2, bufs);
        glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
        glBufferData(GL_ARRAY_BUFFER, sizeof pos, pos, GL_STATIC_DRAW);
        glVertexPointer(2, GL_FLOAT, 0, (void *)0);
        glBindBuffer(GL_ARRAY_BUFFER, bufs[1]);
        glBufferData(GL_ARRAY_BUFFER, sizeof bgra, bgra, GL_STATIC_DRAW);
        glColorPointer(GL_BGRA, GL_UNSIGNED_BYTE, 0, (void *)0);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        glEnableClientState(GL_VERTEX_ARRAY);
        glEnableClientState(GL_COLOR_ARRAY);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_POINTS, 0, 2);
        expect_error(GL_NO_ERROR, "BGRA colours");
        const double w0[4] = { 0.2, 0.4, 1, 1 }, w1[4] = { 0.8, 0, 0, 1 };
        check_slot("BGRA colours", 0, w0);
        check_slot("BGRA colours", 1, w1);
        /* Packed colours through glColorPointer and glColorP3ui. */
        static const GLuint packed[] = { PACK(1023, 0, 511, 3), PACK(0, 1023, 0, 0) };
        glBindBuffer(GL_ARRAY_BUFFER, bufs[1]);
        glBufferData(GL_ARRAY_BUFFER, sizeof packed, packed, GL_STATIC_DRAW);
        glColorPointer(4, GL_UNSIGNED_INT_2_10_10_10_REV, 0, (void *)0);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_POINTS, 0, 2);
        expect_error(GL_NO_ERROR, "packed colours");
        const double p0[4] = { 1, 0, 511 / 1023.0, 1 }, p1[4] = { 0, 1, 0, 0 };
        check_slot("packed colours", 0, p0);
        check_slot("packed colours", 1, p1);
        glColorPointer(3, GL_INT_2_10_10_10_REV, 0, (void *)0);
        expect_error(GL_INVALID_OPERATION, "glColorPointer(3, GL_INT_2_10_10_10_REV)");
        glIndexPointer(GL_INT_2_10_10_10_REV, 0, (void *)0);
        expect_error(GL_INVALID_ENUM, "glIndexPointer(GL_INT_2_10_10_10_REV)");
        glDisableClientState(GL_COLOR_ARRAY);
        glDisableClientState(GL_VERTEX_ARRAY);
        /* Immediate mode: a signed normalized colour (alpha 1 from the
         * three-component form) at an unsigned position in window units. */
        glMatrixMode(GL_PROJECTION);
        glLoadIdentity();
        glOrtho(0, SIZE, 0, SIZE, -1, 1);
        glPointSize(3);
        glClear(GL_COLOR_BUFFER_BIT);
        glBegin(GL_POINTS);
        glColorP3ui(GL_INT_2_10_10_10_REV, PACK(511, -512, 511, 0));
        glVertexP2ui(GL_UNSIGNED_INT_2_10_10_10_REV, PACK(12, 4, 0, 0));
        glEnd();
        expect_error(GL_NO_ERROR, "glColorP3ui, glVertexP2ui");
        const double c1[4] = { 1, 0, 1, 1 };
        check_slot("glColorP3ui, glVertexP2ui", 1, c1);
        glColorP4ui(GL_FLOAT, 0);
        expect_error(GL_INVALID_ENUM, "glColorP4ui(GL_FLOAT)");
        glPointSize(1);
        glLoadIdentity();
        glDeleteBuffers(2, bufs);
    }
    /* Generic attribute 0 as a constant (compatibility profile): with its
     * array disabled, a program reads the value glVertexAttrib(0, ...)
     * set outside Begin/End (piglit gl-2.0-vertex-const-attr). */
    {
        GLuint p0 = glCreateProgram();
        if (attach_shader(p0, GL_VERTEX_SHADER, vs, "attribute 0") &&
            attach_shader(p0, GL_FRAGMENT_SHADER, fs, "attribute 0")) {
            glBindAttribLocation(p0, 0, "val");
            glBindAttribLocation(p0, 1, "pos");
            if (link_program(p0, "attribute 0")) {
                glUseProgram(p0);
                glUniform4f(glGetUniformLocation(p0, "scale"), 1, 1, 1, 1);
                glUniform4f(glGetUniformLocation(p0, "bias"), 0, 0, 0, 0);
                GLfloat pos[2];
                slot(2, pos);
                glVertexAttrib2fv(1, pos);
                GLuint buf;
                glGenBuffers(1, &buf);
                glBindBuffer(GL_ARRAY_BUFFER, buf);
                glBufferData(GL_ARRAY_BUFFER, sizeof pos, pos, GL_STATIC_DRAW);
                glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, 0);
                glEnableVertexAttribArray(1);
                glDisableVertexAttribArray(0);
                glBindBuffer(GL_ARRAY_BUFFER, 0);
                glVertexAttrib4f(0, 0.2f, 0.4f, 0.6f, 1.0f);
                glClear(GL_COLOR_BUFFER_BIT);
                glDrawArrays(GL_POINTS, 0, 1);
                expect_error(GL_NO_ERROR, "constant attribute 0");
                const double w[4] = { 0.2, 0.4, 0.6, 1 };
                check_slot("constant attribute 0", 2, w);
                glDisableVertexAttribArray(1);
                glDeleteBuffers(1, &buf);
            }
        }
        glUseProgram(0);
        glDeleteProgram(p0);
    }
    return close_test_window(&t);
}
