/*
 * xfb.c: transform feedback (EXT_transform_feedback, GL 3.0 §2.15): the
 * extension and its limits; glTransformFeedbackVaryings recorded at link
 * (program queries, glGetTransformFeedbackVarying, link errors for unknown
 * and repeated varyings and too many components); the indexed
 * GL_TRANSFORM_FEEDBACK_BUFFER bindings and their queries; captured
 * values in primitive order (a triangle strip as triangles keeping their
 * winding, an indexed draw per emitted vertex, interleaved and separate
 * buffers, a range with an offset); writing stopping when a buffer is
 * full; GL_PRIMITIVES_GENERATED and GL_TRANSFORM_FEEDBACK_PRIMITIVES_-
 * WRITTEN; GL_RASTERIZER_DISCARD (draws and clears); the captured buffer
 * read back through glGetBufferSubData and glMapBuffer and drawn from;
 * and the INVALID_* errors of binding, begin, end and of drawing, using,
 * relinking and rebinding while active. Checked on Mesa llvmpipe.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "program.h"

#include <GL/glext.h>
#include <math.h>
#include <string.h>

#define SIZE 32

/* Each vertex: v = gl_Vertex.xyz * 2, w = gl_Vertex.x + 10. */
static const char *vs_src = "#version 120\n"
                            "varying vec3 v;\n"
                            "varying float w;\n"
                            "varying vec4 unused4[2];\n"
                            "void main() {\n"
                            "  v = gl_Vertex.xyz * 2.0;\n"
                            "  w = gl_Vertex.x + 10.0;\n"
                            "  unused4[0] = vec4(1.0); unused4[1] = vec4(2.0);\n"
                            "  gl_FrontColor = vec4(0.0, 1.0, 0.0, 1.0);\n"
                            "  gl_Position = gl_Vertex;\n"
                            "}\n";

/* A strip of 4 vertices (two triangles) covering the window. */
static const GLfloat strip[4][4] = {
    { -1, -1, 0, 1 }, { 1, -1, 0, 1 }, { -1, 1, 0, 1 }, { 1, 1, 0, 1 }
};

static int near(float a, float b)
{
    return fabsf(a - b) < 1e-5f;
}

/* A program of vs_src capturing `names` in `mode`; linked status in *ok. */
static GLuint xfb_program(int n, const char **names, GLenum mode, GLint *ok)
{
    GLuint p = glCreateProgram();
    attach_shader(p, GL_VERTEX_SHADER, vs_src, "xfb");
    glTransformFeedbackVaryings(p, n, names, mode);
    glLinkProgram(p);
    glGetProgramiv(p, GL_LINK_STATUS, ok);
    return p;
}

static void draw_strip(void)
{
    glEnableClientState(GL_VERTEX_ARRAY);
    glVertexPointer(4, GL_FLOAT, 0, strip);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisableClientState(GL_VERTEX_ARRAY);
}

/* Checks the `comps` floats at `got` are those of strip vertex `vtx`
 * for the varyings (gl_Position, v, w) selected by `mask` bits 0, 1, 2. */
static void check_vertex(const char *what, const float *got, int vtx, int mask)
{
    float want[8];
    int n = 0;
    if (mask & 1)
        for (int c = 0; c < 4; c++)
            want[n++] = strip[vtx][c];
    if (mask & 2)
        for (int c = 0; c < 3; c++)
            want[n++] = strip[vtx][c] * 2.0f;
    if (mask & 4)
        want[n++] = strip[vtx][0] + 10.0f;
    for (int i = 0; i < n; i++)
        CHECK(near(got[i], want[i]), "%s: vertex %d component %d is %g, expected %g", what, vtx, i,
              got[i], want[i]);
}

static GLuint query_result(GLuint q)
{
    GLuint r = 12345;
    glGetQueryObjectuiv(q, GL_QUERY_RESULT, &r);
    return r;
}

int main(void)
{
    struct test_window t = open_test_window();
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    CHECK(has_word(ext, "GL_EXT_transform_feedback"), "GL_EXT_transform_feedback not advertised");

    GLint v = 0;
    glGetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, &v);
    CHECK(v == 4, "MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS %d", v);
    glGetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS, &v);
    CHECK(v == 64, "MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS %d", v);
    glGetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS, &v);
    CHECK(v == 64, "MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS %d", v);
    expect_error(GL_NO_ERROR, "limits");

    /* --- Varyings recorded at link, and link errors. --- */
    GLint ok = 0;
    const char *names[] = { "gl_Position", "v", "w" };
    GLuint prog = xfb_program(3, names, GL_INTERLEAVED_ATTRIBS, &ok);
    CHECK(ok, "interleaved program does not link");
    glGetProgramiv(prog, GL_TRANSFORM_FEEDBACK_VARYINGS, &v);
    CHECK(v == 3, "TRANSFORM_FEEDBACK_VARYINGS %d", v);
    glGetProgramiv(prog, GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH, &v);
    CHECK(v == 12, "TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH %d", v);
    glGetProgramiv(prog, GL_TRANSFORM_FEEDBACK_BUFFER_MODE, &v);
    CHECK(v == GL_INTERLEAVED_ATTRIBS, "TRANSFORM_FEEDBACK_BUFFER_MODE 0x%x", v);
    {
        char name[32] = "";
        GLsizei len = -1, size = -1;
        GLenum type = 0;
        glGetTransformFeedbackVarying(prog, 1, sizeof name, &len, &size, &type, name);
        CHECK(!strcmp(name, "v") && len == 1 && size == 1 && type == GL_FLOAT_VEC3,
              "varying 1: %s len %d size %d type 0x%x", name, len, size, type);
        glGetTransformFeedbackVarying(prog, 0, sizeof name, &len, &size, &type, name);
        CHECK(!strcmp(name, "gl_Position") && size == 1 && type == GL_FLOAT_VEC4,
              "varying 0: %s size %d type 0x%x", name, size, type);
        glGetTransformFeedbackVarying(prog, 3, sizeof name, &len, &size, &type, name);
        expect_error(GL_INVALID_VALUE, "glGetTransformFeedbackVarying past the varyings");
    }
    {
        const char *unknown[] = { "nope" };
        GLuint p = xfb_program(1, unknown, GL_INTERLEAVED_ATTRIBS, &ok);
        char log[512] = "";
        glGetProgramInfoLog(p, sizeof log, NULL, log);
        CHECK(!ok && strstr(log, "nope"), "unknown varying links (log: %s)", log);
        glDeleteProgram(p);
        const char *twice[] = { "v", "v" };
        p = xfb_program(2, twice, GL_INTERLEAVED_ATTRIBS, &ok);
        CHECK(!ok, "a varying given twice links");
        glDeleteProgram(p);
        const char *big[] = { "unused4" };
        p = xfb_program(1, big, GL_INTERLEAVED_ATTRIBS, &ok);
        glGetTransformFeedbackVarying(p, 0, 0, NULL, &v, NULL, NULL);
        CHECK(ok && v == 2, "unused4 interleaved: linked %d size %d", ok, v);
        glDeleteProgram(p);
        const char *five[] = { "v", "w", "gl_Position", "unused4[0]", "unused4[1]" };
        p = glCreateProgram();
        glTransformFeedbackVaryings(p, 5, five, GL_SEPARATE_ATTRIBS);
        expect_error(GL_INVALID_VALUE, "5 separate varyings");
        glTransformFeedbackVaryings(p, 1, five, GL_RGBA);
        expect_error(GL_INVALID_ENUM, "a bad buffer mode");
        glDeleteProgram(p);
    }

    /* --- Bindings and their errors. --- */
    GLuint buf[3];
    glGenBuffers(3, buf);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf[0]);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 256, NULL, GL_STREAM_READ);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf[1]);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 256, NULL, GL_STREAM_READ);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf[2]);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 256, NULL, GL_STREAM_READ);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, 0);
    glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[0], 3, 64);
    expect_error(GL_INVALID_VALUE, "an offset that is not a multiple of 4");
    glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[0], 0, 0);
    expect_error(GL_INVALID_VALUE, "a size of 0");
    glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 4, buf[0], 0, 64);
    expect_error(GL_INVALID_VALUE, "index 4");
    glBindBufferBase(GL_ARRAY_BUFFER, 0, buf[0]);
    expect_error(GL_INVALID_ENUM, "glBindBufferBase(GL_ARRAY_BUFFER)");

    glUseProgram(prog);
    glBeginTransformFeedback(GL_TRIANGLES);
    expect_error(GL_INVALID_OPERATION, "begin without a buffer bound");
    glEndTransformFeedback();
    expect_error(GL_INVALID_OPERATION, "end while inactive");
    glBeginTransformFeedback(GL_QUADS);
    expect_error(GL_INVALID_ENUM, "begin with GL_QUADS");

    glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[0], 16, 200);
    GLint64 v64 = 0;
    glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &v);
    CHECK(v == (GLint)buf[0], "indexed binding %d", v);
    glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_START, 0, &v);
    CHECK(v == 16, "start %d", v);
    glGetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 0, &v64);
    CHECK(v64 == 200, "size %lld", (long long)v64);
    GLboolean b = GL_FALSE;
    glGetBooleani_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &b);
    CHECK(b == GL_TRUE, "boolean binding");
    glGetIntegerv(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, &v);
    CHECK(v == (GLint)buf[0], "generic binding %d", v);
    glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 4, &v);
    expect_error(GL_INVALID_VALUE, "glGetIntegeri_v index 4");
    expect_error(GL_NO_ERROR, "bindings");

    /* --- Interleaved capture of a strip, with queries. --- */
    {
        float fill[64];
        for (int i = 0; i < 64; i++)
            fill[i] = -7.0f;
        glBindBuffer(GL_ARRAY_BUFFER, buf[0]);
        glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof fill, fill);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
    }
    GLuint q[2];
    glGenQueries(2, q);
    glBeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
    glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
    glBeginTransformFeedback(GL_TRIANGLES);
    expect_error(GL_NO_ERROR, "begin");
    glBeginTransformFeedback(GL_TRIANGLES);
    expect_error(GL_INVALID_OPERATION, "begin while active");
    glDrawArrays(GL_POINTS, 0, 1);
    expect_error(GL_INVALID_OPERATION, "points while capturing triangles");
    glUseProgram(0);
    expect_error(GL_INVALID_OPERATION, "glUseProgram while active");
    glLinkProgram(prog);
    expect_error(GL_INVALID_OPERATION, "relinking the program while active");
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, buf[1]);
    expect_error(GL_INVALID_OPERATION, "glBindBufferBase while active");
    glTransformFeedbackVaryings(prog, 3, names, GL_INTERLEAVED_ATTRIBS);
    expect_error(GL_INVALID_OPERATION, "glTransformFeedbackVaryings while active");
    draw_strip();
    expect_error(GL_NO_ERROR, "capturing a strip");
    glEndTransformFeedback();
    glEndQuery(GL_PRIMITIVES_GENERATED);
    glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
    CHECK(query_result(q[0]) == 2, "strip: %u primitives generated", query_result(q[0]));
    CHECK(query_result(q[1]) == 2, "strip: %u primitives written", query_result(q[1]));
    {
        /* 16 bytes of offset, then 6 vertices of 8 floats. */
        float got[64];
        glBindBuffer(GL_ARRAY_BUFFER, buf[0]);
        glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof got, got);
        for (int i = 0; i < 4; i++)
            CHECK(got[i] == -7.0f, "byte %d before the range written: %g", 4 * i, got[i]);
        /* Strip triangles (0 1 2) and (2 1 3): the second keeps the
         * winding, its provoking (last) vertex in place. */
        static const int order[6] = { 0, 1, 2, 2, 1, 3 };
        for (int k = 0; k < 6; k++)
            check_vertex("strip", got + 4 + 8 * k, order[k], 7);
        CHECK(got[52] == -7.0f, "written past the 6 vertices: %g", got[52]);
        /* The same bytes through glMapBuffer. */
        const float *m = glMapBuffer(GL_ARRAY_BUFFER, GL_READ_ONLY);
        CHECK(m && near(m[4 + 8 * 5 + 7], 11.0f), "mapped: w of vertex 5 is %g",
              m ? m[4 + 8 * 5 + 7] : -1.0f);
        glUnmapBuffer(GL_ARRAY_BUFFER);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
    }

    /* --- An indexed draw captures each vertex it names. --- */
    {
        static const GLubyte idx[6] = { 3, 0, 1, 1, 0, 3 };
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[1]);
        glBeginTransformFeedback(GL_TRIANGLES);
        glEnableClientState(GL_VERTEX_ARRAY);
        glVertexPointer(4, GL_FLOAT, 0, strip);
        glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, idx);
        glDisableClientState(GL_VERTEX_ARRAY);
        glEndTransformFeedback();
        float got[48];
        glBindBuffer(GL_ARRAY_BUFFER, buf[1]);
        glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof got, got);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        for (int k = 0; k < 6; k++)
            check_vertex("indexed", got + 8 * k, idx[k], 7);
        expect_error(GL_NO_ERROR, "indexed capture");
    }

    /* --- A full buffer: room for one triangle of the two. --- */
    {
        glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[2], 0, 3 * 32 + 16);
        float fill[64];
        for (int i = 0; i < 64; i++)
            fill[i] = -7.0f;
        glBindBuffer(GL_ARRAY_BUFFER, buf[2]);
        glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof fill, fill);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        glBeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
        glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
        glBeginTransformFeedback(GL_TRIANGLES);
        draw_strip();
        glEndTransformFeedback();
        glEndQuery(GL_PRIMITIVES_GENERATED);
        glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
        CHECK(query_result(q[0]) == 2, "full: %u generated", query_result(q[0]));
        CHECK(query_result(q[1]) == 1, "full: %u written", query_result(q[1]));
        float got[64];
        glBindBuffer(GL_ARRAY_BUFFER, buf[2]);
        glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof got, got);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        check_vertex("full", got + 16, 2, 7);
        CHECK(got[24] == -7.0f, "full: the second triangle was written: %g", got[24]);
    }

    /* --- Separate buffers. --- */
    {
        const char *sep[] = { "w", "gl_Position" };
        GLuint p = xfb_program(2, sep, GL_SEPARATE_ATTRIBS, &ok);
        CHECK(ok, "separate program does not link");
        glGetProgramiv(p, GL_TRANSFORM_FEEDBACK_BUFFER_MODE, &v);
        CHECK(v == GL_SEPARATE_ATTRIBS, "separate buffer mode 0x%x", v);
        glUseProgram(p);
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[1]);
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, 0);
        glBeginTransformFeedback(GL_LINES);
        expect_error(GL_INVALID_OPERATION, "separate begin with buffer 1 unbound");
        glBindBufferOffsetEXT(GL_TRANSFORM_FEEDBACK_BUFFER, 1, buf[2], 32);
        glBeginTransformFeedback(GL_LINES);
        glEnableClientState(GL_VERTEX_ARRAY);
        glVertexPointer(4, GL_FLOAT, 0, strip);
        glDrawArrays(GL_LINE_LOOP, 0, 3);
        glDisableClientState(GL_VERTEX_ARRAY);
        glEndTransformFeedback();
        expect_error(GL_NO_ERROR, "separate capture");
        float w[6], pos[24];
        glBindBuffer(GL_ARRAY_BUFFER, buf[1]);
        glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof w, w);
        glBindBuffer(GL_ARRAY_BUFFER, buf[2]);
        glGetBufferSubData(GL_ARRAY_BUFFER, 32, sizeof pos, pos);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        /* A loop of 3 is the lines 0-1, 1-2, 2-0. */
        static const int order[6] = { 0, 1, 1, 2, 2, 0 };
        for (int k = 0; k < 6; k++) {
            check_vertex("separate w", w + k, order[k], 4);
            check_vertex("separate position", pos + 4 * k, order[k], 1);
        }
        glUseProgram(0);
        glDeleteProgram(p);
    }

    /* --- Quads and quad strips split as llvmpipe captures them, with
     * either provoking-vertex convention. --- */
    {
        static const GLenum modes[2] = { GL_QUADS, GL_QUAD_STRIP };
        static const int want[2][2][12] = {
            { { 0, 1, 3, 1, 2, 3 }, { 0, 1, 2, 0, 2, 3 } },
            { { 2, 0, 3, 0, 1, 3, 4, 2, 5, 2, 3, 5 }, { 0, 3, 2, 0, 1, 3, 2, 5, 4, 2, 3, 5 } },
        };
        GLfloat six[6][4];
        for (int i = 0; i < 6; i++) {
            six[i][0] = 0.125f * i;
            six[i][1] = (i & 2) ? 0.5f : -0.5f;
            six[i][2] = 0;
            six[i][3] = 1;
        }
        const char *wn[] = { "w" };
        GLuint p = xfb_program(1, wn, GL_INTERLEAVED_ATTRIBS, &ok);
        glUseProgram(p);
        for (int m = 0; m < 2; m++) {
            for (int first = 0; first < 2; first++) {
                glProvokingVertexEXT(first ? GL_FIRST_VERTEX_CONVENTION_EXT
                                           : GL_LAST_VERTEX_CONVENTION_EXT);
                glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[1]);
                glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
                glBeginTransformFeedback(GL_TRIANGLES);
                glEnableClientState(GL_VERTEX_ARRAY);
                glVertexPointer(4, GL_FLOAT, 0, six);
                glDrawArrays(modes[m], 0, m ? 6 : 4);
                glDisableClientState(GL_VERTEX_ARRAY);
                glEndTransformFeedback();
                glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
                GLuint n = query_result(q[1]);
                CHECK(n == (m ? 4u : 2u), "mode 0x%x: %u written", modes[m], n);
                float got[12];
                glBindBuffer(GL_ARRAY_BUFFER, buf[1]);
                glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof got, got);
                glBindBuffer(GL_ARRAY_BUFFER, 0);
                for (unsigned k = 0; k < 3 * n && k < 12; k++)
                    CHECK(near(got[k], 10.0f + 0.125f * want[m][first][k]),
                          "mode 0x%x first %d: vertex %u is %g, expected vertex %d", modes[m],
                          first, k, (got[k] - 10.0f) * 8.0f, want[m][first][k]);
            }
        }
        glProvokingVertexEXT(GL_LAST_VERTEX_CONVENTION_EXT);
        glUseProgram(0);
        glDeleteProgram(p);
        expect_error(GL_NO_ERROR, "quads");
    }

    /* --- Begin and end are compiled into display lists. --- */
    {
        glUseProgram(prog);
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[1]);
        GLuint list = glGenLists(1);
        glNewList(list, GL_COMPILE);
        glBeginTransformFeedback(GL_POINTS);
        glBegin(GL_POINTS);
        glVertex4fv(strip[3]);
        glVertex4fv(strip[1]);
        glEnd();
        glEndTransformFeedback();
        glEndList();
        GLboolean active_check = GL_FALSE;
        glBeginTransformFeedback(GL_POINTS);
        active_check = glGetError() == GL_NO_ERROR;
        glEndTransformFeedback();
        CHECK(active_check, "glNewList(GL_COMPILE) ran the begin");
        glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
        glCallList(list);
        glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
        CHECK(query_result(q[1]) == 2, "list: %u points written", query_result(q[1]));
        float got[16];
        glBindBuffer(GL_ARRAY_BUFFER, buf[1]);
        glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof got, got);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        check_vertex("list", got, 3, 7);
        check_vertex("list", got + 8, 1, 7);
        expect_error(GL_NO_ERROR, "display list");
        /* A list's draw is checked against the begun primitive when it
         * runs (GL 4.6 §13.3.2); Mesa's list playback does not check, so
         * llvmpipe answers no error (and records two primitives). */
        const char *renderer = (const char *)glGetString(GL_RENDERER);
        GLenum want = strstr(renderer, "llvmpipe") ? GL_NO_ERROR : GL_INVALID_OPERATION;
        glNewList(list, GL_COMPILE);
        draw_strip();
        glEndList();
        glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
        glBeginTransformFeedback(GL_POINTS);
        glCallList(list);
        expect_error(want, "a list's triangles while capturing points");
        glEndTransformFeedback();
        glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
        CHECK(want == GL_NO_ERROR || query_result(q[1]) == 0,
              "a list's triangles captured as points: %u", query_result(q[1]));
        glDeleteLists(list, 1);
        glUseProgram(0);
        expect_error(GL_NO_ERROR, "display list");
    }

    /* --- gl_ClipVertex is a varying like the others (compatibility). --- */
    {
        static const char *cv_vs = "#version 120\n"
                                   "void main() {\n"
                                   "  gl_ClipVertex = gl_Vertex * 2.0 + vec4(0.5);\n"
                                   "  gl_Position = gl_Vertex;\n"
                                   "}\n";
        const char *cv[] = { "gl_ClipVertex" };
        GLuint p = glCreateProgram();
        attach_shader(p, GL_VERTEX_SHADER, cv_vs, "clip vertex");
        glTransformFeedbackVaryings(p, 1, cv, GL_INTERLEAVED_ATTRIBS);
        link_program(p, "clip vertex");
        glUseProgram(p);
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[1]);
        glBeginTransformFeedback(GL_POINTS);
        glEnableClientState(GL_VERTEX_ARRAY);
        glVertexPointer(4, GL_FLOAT, 0, strip);
        glDrawArrays(GL_POINTS, 1, 2);
        glDisableClientState(GL_VERTEX_ARRAY);
        glEndTransformFeedback();
        float got[8];
        glBindBuffer(GL_ARRAY_BUFFER, buf[1]);
        glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof got, got);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        for (int k = 0; k < 8; k++)
            CHECK(near(got[k], strip[1 + k / 4][k % 4] * 2.0f + 0.5f),
                  "gl_ClipVertex component %d is %g", k, got[k]);
        glUseProgram(0);
        glDeleteProgram(p);
        expect_error(GL_NO_ERROR, "gl_ClipVertex");
    }

    /* --- Rasterizer discard: nothing drawn or cleared, still counted. --- */
    {
        glUseProgram(0);
        glClearColor(1, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        glEnable(GL_RASTERIZER_DISCARD);
        CHECK(glIsEnabled(GL_RASTERIZER_DISCARD), "discard not enabled");
        glClearColor(0, 0, 1, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        glBeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
        glColor3f(0, 1, 0);
        draw_strip();
        glEndQuery(GL_PRIMITIVES_GENERATED);
        CHECK(query_result(q[0]) == 2, "discard: %u generated", query_result(q[0]));
        GLubyte px[4];
        glReadPixels(SIZE / 2, SIZE / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
        CHECK(px[0] == 255 && px[1] == 0 && px[2] == 0, "discard: pixel %d %d %d", px[0], px[1],
              px[2]);
        glDisable(GL_RASTERIZER_DISCARD);
        expect_error(GL_NO_ERROR, "discard");
    }

    /* --- The captured positions drawn as vertices (fixed function). --- */
    {
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        glColor3f(0, 1, 0);
        glBindBuffer(GL_ARRAY_BUFFER, buf[0]);
        glEnableClientState(GL_VERTEX_ARRAY);
        glVertexPointer(4, GL_FLOAT, 32, (const void *)16);
        glDrawArrays(GL_TRIANGLES, 0, 6);
        glDisableClientState(GL_VERTEX_ARRAY);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        GLubyte px[4];
        glReadPixels(3, SIZE - 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
        CHECK(px[0] == 0 && px[1] == 255 && px[2] == 0, "redraw: pixel %d %d %d", px[0], px[1],
              px[2]);
        expect_error(GL_NO_ERROR, "redraw");
    }

    glDeleteQueries(2, q);
    glDeleteBuffers(3, buf);
    glDeleteProgram(prog);
    return close_test_window(&t);
}
