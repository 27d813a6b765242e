/*
 * xfb3.c: GL_ARB_transform_feedback3 (GL 4.0 §13.3) in a compatibility
 * context.
 *
 * - Limits: GL_MAX_TRANSFORM_FEEDBACK_BUFFERS and GL_MAX_VERTEX_STREAMS.
 * - One interleaved capture spread over four bindings with gl_NextBuffer
 *   (the third binding gets nothing), with gl_SkipComponentsN leaving
 *   components as the buffer held them while the stride counts them;
 *   glGetTransformFeedbackVarying's GL_NONE entries for the separators
 *   and skips, and GL_TRANSFORM_FEEDBACK_VARYINGS counting them.
 * - glTransformFeedbackVaryings' errors: separators or skips in separate
 *   mode, more separators than buffers.
 * - glBeginQueryIndexed / glEndQueryIndexed / glGetQueryIndexediv on
 *   vertex stream 0 counting the captured primitives; their index
 *   errors; glDrawTransformFeedbackStream drawing stream 0's count and
 *   refusing a stream past the last.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o xfb3
 * tests/clients/xfb3.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"

static const char *vs = "#version 150\n"
                        "in vec2 pos;\n"
                        "out float a;\n"
                        "out vec2 b;\n"
                        "out vec3 c;\n"
                        "void main() {\n"
                        "  a = 1.0 + pos.x;\n"
                        "  b = vec2(2.0, 3.0);\n"
                        "  c = vec3(4.0, 5.0, 6.0);\n"
                        "  gl_Position = vec4(pos, 0.0, 1.0);\n"
                        "}\n";

#define SENTINEL -7.0f

static void varying_is(GLuint p, GLuint i, const char *name, GLenum type, GLsizei size)
{
    char got[64] = "";
    GLsizei len = 0, sz = -1;
    GLenum ty = 1;
    glGetTransformFeedbackVarying(p, i, sizeof got, &len, &sz, &ty, got);
    CHECK(strcmp(got, name) == 0 && ty == type && sz == size,
          "transform feedback varying %u: %s type %#x size %d, expected %s %#x %d", i, got, ty,
          sz, name, type, size);
}

int main(void)
{
    struct test_window t = open_test_window();
    CHECK(has_extension("GL_ARB_transform_feedback3"),
          "GL_ARB_transform_feedback3 is not advertised");
    GLint max_buffers = 0, max_streams = 0;
    glGetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_BUFFERS, &max_buffers);
    glGetIntegerv(GL_MAX_VERTEX_STREAMS, &max_streams);
    CHECK(max_buffers >= 4, "GL_MAX_TRANSFORM_FEEDBACK_BUFFERS %d", max_buffers);
    CHECK(max_streams >= 1, "GL_MAX_VERTEX_STREAMS %d", max_streams);
    expect_error(GL_NO_ERROR, "limits");

    GLuint p = glCreateProgram();
    attach_shader(p, GL_VERTEX_SHADER, vs, "capture program");
    glBindAttribLocation(p, 0, "pos");

    /* Errors first: nothing is set by a failing call. */
    static const char *sep_next[] = { "a", "gl_NextBuffer" };
    glTransformFeedbackVaryings(p, 2, sep_next, GL_SEPARATE_ATTRIBS);
    expect_error(GL_INVALID_OPERATION, "gl_NextBuffer in separate mode");
    static const char *sep_skip[] = { "gl_SkipComponents3", "a" };
    glTransformFeedbackVaryings(p, 2, sep_skip, GL_SEPARATE_ATTRIBS);
    expect_error(GL_INVALID_OPERATION, "gl_SkipComponents3 in separate mode");
    const char *too_many[16];
    int n = 0;
    too_many[n++] = "a";
    for (int i = 0; i < max_buffers && n < 15; i++)
        too_many[n++] = "gl_NextBuffer";
    too_many[n++] = "b";
    glTransformFeedbackVaryings(p, n, too_many, GL_INTERLEAVED_ATTRIBS);
    expect_error(GL_INVALID_OPERATION, "as many gl_NextBuffer as buffers");

    /* Binding 0: a, two skipped; binding 1: one skipped, c; binding 2:
     * nothing; binding 3: b. */
    static const char *varyings[] = { "a", "gl_SkipComponents2", "gl_NextBuffer",
                                      "gl_SkipComponents1", "c", "gl_NextBuffer",
                                      "gl_NextBuffer", "b" };
    glTransformFeedbackVaryings(p, 8, varyings, GL_INTERLEAVED_ATTRIBS);
    expect_error(GL_NO_ERROR, "interleaved varyings with separators and skips");
    if (!link_program(p, "capture program"))
        return close_test_window(&t);
    GLint count = 0;
    glGetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYINGS, &count);
    CHECK(count == 8, "GL_TRANSFORM_FEEDBACK_VARYINGS %d, expected 8", count);
    varying_is(p, 0, "a", GL_FLOAT, 1);
    varying_is(p, 1, "gl_SkipComponents2", GL_NONE, 2);
    varying_is(p, 2, "gl_NextBuffer", GL_NONE, 0);
    varying_is(p, 4, "c", GL_FLOAT_VEC3, 1);
    varying_is(p, 7, "b", GL_FLOAT_VEC2, 1);

    GLuint vao, vbo;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    static const GLfloat points[] = { 0.0f, 0.0f, 0.5f, 0.5f };
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof points, points, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(0);

    GLuint bufs[4];
    const int floats[4] = { 8, 10, 2, 6 };
    for (int i = 0; i < 4; i++)
        bufs[i] = xfb_buffer_of(floats[i], SENTINEL);
    for (GLuint i = 0; i < 4; i++)
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, i, bufs[i]);
    GLuint tfo;
    glGenTransformFeedbacks(1, &tfo);
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, tfo);
    for (GLuint i = 0; i < 4; i++)
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, i, bufs[i]);

    GLuint q[3];
    glGenQueries(3, q);
    glUseProgram(p);
    glEnable(GL_RASTERIZER_DISCARD);
    glBeginQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 0, q[0]);
    GLint current = -1;
    glGetQueryIndexediv(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 0, GL_CURRENT_QUERY, &current);
    CHECK(current == (GLint)q[0], "glGetQueryIndexediv(GL_CURRENT_QUERY) %d, expected %u", current,
          q[0]);
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, 2);
    glEndTransformFeedback();
    glEndQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 0);
    glDisable(GL_RASTERIZER_DISCARD);
    expect_error(GL_NO_ERROR, "capturing two points");
    GLuint written = 0;
    glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &written);
    CHECK(written == 2, "stream 0 wrote %u primitives, expected 2", written);

    const GLfloat s = SENTINEL;
    const GLfloat want0[8] = { 1, s, s, 1.5f, s, s, s, s };
    const GLfloat want1[10] = { s, 4, 5, 6, s, 4, 5, 6, s, s };
    const GLfloat want2[2] = { s, s };
    const GLfloat want3[6] = { 2, 3, 2, 3, s, s };
    CHECK(xfb_buffer_is(bufs[0], want0, 8), "binding 0: a, then two components skipped");
    CHECK(xfb_buffer_is(bufs[1], want1, 10), "binding 1: one component skipped, then c");
    CHECK(xfb_buffer_is(bufs[2], want2, 2), "binding 2 receives nothing");
    CHECK(xfb_buffer_is(bufs[3], want3, 6), "binding 3: b");

    /* Index errors. */
    glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, max_streams, q[1]);
    expect_error(GL_INVALID_VALUE, "glBeginQueryIndexed past the last stream");
    glBeginQueryIndexed(GL_SAMPLES_PASSED, 1, q[1]);
    expect_error(GL_INVALID_VALUE, "glBeginQueryIndexed(GL_SAMPLES_PASSED, 1)");
    glEndQueryIndexed(GL_PRIMITIVES_GENERATED, 0);
    expect_error(GL_INVALID_OPERATION, "glEndQueryIndexed with no active query");
    glGetQueryIndexediv(GL_PRIMITIVES_GENERATED, max_streams, GL_CURRENT_QUERY, &current);
    expect_error(GL_INVALID_VALUE, "glGetQueryIndexediv past the last stream");
    glDrawTransformFeedbackStream(GL_POINTS, tfo, max_streams);
    expect_error(GL_INVALID_VALUE, "glDrawTransformFeedbackStream past the last stream");

    /* Stream 0 of an object capturing one varying draws its two
     * vertices again, from the captured buffer (llvmpipe counts them by
     * the vertex buffer's stride). */
    GLuint p2 = glCreateProgram();
    attach_shader(p2, GL_VERTEX_SHADER, vs, "single-varying program");
    glBindAttribLocation(p2, 0, "pos");
    static const char *just_a[] = { "a" };
    glTransformFeedbackVaryings(p2, 1, just_a, GL_INTERLEAVED_ATTRIBS);
    link_program(p2, "single-varying program");
    GLuint tfo2, buf2 = xfb_buffer_of(4, SENTINEL);
    glGenTransformFeedbacks(1, &tfo2);
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, tfo2);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf2);
    glUseProgram(p2);
    glEnable(GL_RASTERIZER_DISCARD);
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, 2);
    glEndTransformFeedback();
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
    glBindBuffer(GL_ARRAY_BUFFER, buf2);
    glVertexAttribPointer(0, 1, GL_FLOAT, GL_FALSE, 0, 0);
    glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 0, q[2]);
    glDrawTransformFeedbackStream(GL_POINTS, tfo2, 0);
    glEndQueryIndexed(GL_PRIMITIVES_GENERATED, 0);
    glDisable(GL_RASTERIZER_DISCARD);
    GLuint generated = 0;
    glGetQueryObjectuiv(q[2], GL_QUERY_RESULT, &generated);
    CHECK(generated == 2, "glDrawTransformFeedbackStream(0) drew %u points, expected 2",
          generated);
    expect_error(GL_NO_ERROR, "drawing stream 0");

    glUseProgram(0);
    glDeleteQueries(3, q);
    glDeleteTransformFeedbacks(1, &tfo);
    glDeleteTransformFeedbacks(1, &tfo2);
    glDeleteBuffers(4, bufs);
    glDeleteBuffers(1, &buf2);
    glDeleteProgram(p2);
    glDeleteBuffers(1, &vbo);
    glDeleteVertexArrays(1, &vao);
    glDeleteProgram(p);
    return close_test_window(&t);
}
