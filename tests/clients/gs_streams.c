/*
 * gs_streams.c: ARB_gpu_shader5's geometry shader vertex streams and
 * instanced geometry shaders (GL 4.0 §11.3.4, §13.3) in a compatibility
 * context.
 *
 * - Limits: GL_MAX_VERTEX_STREAMS, GL_MAX_GEOMETRY_SHADER_INVOCATIONS.
 * - layout(invocations = 3): each input point runs three times with its
 *   gl_InvocationID; EmitStreamVertex(n) captures each stream's outputs
 *   (declared with layout(stream = n), one stream as the default of the
 *   outputs after `layout(stream = 2) out;`) into the bindings that
 *   gl_NextBuffer gives it, in primitive order; the indexed
 *   GL_PRIMITIVES_GENERATED and GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN
 *   queries count each stream; glDrawTransformFeedbackStream(0) draws
 *   stream 0's vertex count.
 * - Only stream 0 is rasterized.
 * - Compile and link errors: a stream past the last in a layout and in
 *   EmitStreamVertex, a stream that is no constant, too many
 *   invocations, varyings of two streams in one buffer, streams other
 *   than 0 with an output primitive other than points.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o gs_streams
 * tests/clients/gs_streams.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"

static const char *vs = "#version 150\n"
                        "in vec2 pos;\n"
                        "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* Three invocations per point; point k (x = k) invocation i emits
 * a = 10k + i on stream 0, b on stream 1, c and d on stream 2 (c with
 * the default stream) and nothing on stream 3. */
static const char *gs = "#version 150\n"
                        "#extension GL_ARB_gpu_shader5 : require\n"
                        "layout(points, invocations = 3) in;\n"
                        "layout(points, max_vertices = 4) out;\n"
                        "out float a;\n"
                        "layout(stream = 1) out vec2 b;\n"
                        "layout(stream = 2) out;\n"
                        "out float c;\n"
                        "layout(stream = 2) out vec3 d;\n"
                        "void main() {\n"
                        "  float v = 10.0 * gl_in[0].gl_Position.x + float(gl_InvocationID);\n"
                        "  gl_Position = gl_in[0].gl_Position;\n"
                        "  b = vec2(v, -v);\n"
                        "  EmitStreamVertex(1);\n"
                        "  EndStreamPrimitive(1);\n"
                        "  a = v;\n"
                        "  EmitVertex();\n"
                        "  EndPrimitive();\n"
                        "  c = v + 0.5;\n"
                        "  d = vec3(1.0, 2.0, v);\n"
                        "  EmitStreamVertex(2);\n"
                        "  EndStreamPrimitive(2);\n"
                        "}\n";

#define SENTINEL -7.0f

/* Whether `vs` with geometry shader `g` (capturing `names` interleaved
 * when n > 0) links. */
static int links(const char *g, const char **names, int n)
{
    GLuint p = glCreateProgram();
    attach_shader(p, GL_VERTEX_SHADER, vs, "link check");
    attach_shader(p, GL_GEOMETRY_SHADER, g, "link check");
    if (n > 0)
        glTransformFeedbackVaryings(p, n, names, GL_INTERLEAVED_ATTRIBS);
    GLint ok = 0;
    glLinkProgram(p);
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    glDeleteProgram(p);
    return ok;
}

static GLuint query_result(GLuint q)
{
    GLuint v = 12345;
    glGetQueryObjectuiv(q, GL_QUERY_RESULT, &v);
    return v;
}

int main(void)
{
    struct test_window t = open_test_window();
    CHECK(has_extension("GL_ARB_gpu_shader5"), "GL_ARB_gpu_shader5 is not advertised");
    CHECK(has_extension("GL_ARB_transform_feedback3"),
          "GL_ARB_transform_feedback3 is not advertised");
    GLint max_streams = 0, max_invocations = 0;
    glGetIntegerv(GL_MAX_VERTEX_STREAMS, &max_streams);
    glGetIntegerv(GL_MAX_GEOMETRY_SHADER_INVOCATIONS, &max_invocations);
    CHECK(max_streams == 4, "GL_MAX_VERTEX_STREAMS %d, expected 4", max_streams);
    CHECK(max_invocations >= 32, "GL_MAX_GEOMETRY_SHADER_INVOCATIONS %d", max_invocations);
    expect_error(GL_NO_ERROR, "limits");

    GLuint p = glCreateProgram();
    attach_shader(p, GL_VERTEX_SHADER, vs, "streams program");
    attach_shader(p, GL_GEOMETRY_SHADER, gs, "streams program");
    glBindAttribLocation(p, 0, "pos");
    /* Binding 0: a; 1: b; 2: d, c; 3: nothing. */
    static const char *varyings[] = { "a", "gl_NextBuffer", "b", "gl_NextBuffer", "d", "c" };
    glTransformFeedbackVaryings(p, 6, varyings, GL_INTERLEAVED_ATTRIBS);
    if (!link_program(p, "streams program"))
        return close_test_window(&t);

    GLuint vao, vbo;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    static const GLfloat points[] = { 0.0f, 0.0f, 1.0f, 0.0f };
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof points, points, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(0);

    GLuint bufs[4];
    const int floats[4] = { 8, 14, 26, 4 };
    for (int i = 0; i < 4; i++)
        bufs[i] = xfb_buffer_of(floats[i], SENTINEL);
    GLuint tfo;
    glGenTransformFeedbacks(1, &tfo);
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, tfo);
    for (GLuint i = 0; i < 4; i++)
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, i, bufs[i]);

    GLuint q[8];
    glGenQueries(8, q);
    glUseProgram(p);
    glEnable(GL_RASTERIZER_DISCARD);
    for (GLuint s = 0; s < 4; s++) {
        glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, s, q[s]);
        glBeginQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, s, q[4 + s]);
    }
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, 2);
    glEndTransformFeedback();
    for (GLuint s = 0; s < 4; s++) {
        glEndQueryIndexed(GL_PRIMITIVES_GENERATED, s);
        glEndQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, s);
    }
    glDisable(GL_RASTERIZER_DISCARD);
    expect_error(GL_NO_ERROR, "capturing four streams");
    const GLuint want_counts[4] = { 6, 6, 6, 0 };
    for (int s = 0; s < 4; s++) {
        GLuint g = query_result(q[s]), w = query_result(q[4 + s]);
        CHECK(g == want_counts[s], "stream %d generated %u primitives, expected %u", s, g,
              want_counts[s]);
        CHECK(w == want_counts[s], "stream %d wrote %u primitives, expected %u", s, w,
              want_counts[s]);
    }
    const GLfloat s = SENTINEL;
    const GLfloat want0[8] = { 0, 1, 2, 10, 11, 12, s, s };
    const GLfloat want1[14] = { 0, 0, 1, -1, 2, -2, 10, -10, 11, -11, 12, -12, s, s };
    GLfloat want2[26];
    for (int k = 0; k < 6; k++) {
        GLfloat v = (k / 3) * 10 + k % 3;
        want2[4 * k] = 1;
        want2[4 * k + 1] = 2;
        want2[4 * k + 2] = v;
        want2[4 * k + 3] = v + 0.5f;
    }
    want2[24] = want2[25] = s;
    const GLfloat want3[4] = { s, s, s, s };
    CHECK(xfb_buffer_is(bufs[0], want0, 8), "binding 0: stream 0's a, invocations in order");
    CHECK(xfb_buffer_is(bufs[1], want1, 14), "binding 1: stream 1's b");
    CHECK(xfb_buffer_is(bufs[2], want2, 26), "binding 2: stream 2's d and c");
    CHECK(xfb_buffer_is(bufs[3], want3, 4), "binding 3: nothing emitted to stream 3");

    /* Stream 0's vertex count, drawn again from its buffer (llvmpipe
     * counts the vertices by the vertex buffer's stride, and draws
     * nothing for the other streams). */
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
    GLuint plain = glCreateProgram();
    attach_shader(plain, GL_VERTEX_SHADER, vs, "plain program");
    glBindAttribLocation(plain, 0, "pos");
    link_program(plain, "plain program");
    glUseProgram(plain);
    glEnable(GL_RASTERIZER_DISCARD);
    glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
    glVertexAttribPointer(0, 1, GL_FLOAT, GL_FALSE, 0, 0);
    glBeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
    glDrawTransformFeedbackStream(GL_POINTS, tfo, 0);
    glEndQuery(GL_PRIMITIVES_GENERATED);
    GLuint drawn = query_result(q[0]);
    CHECK(drawn == 6, "glDrawTransformFeedbackStream(0) drew %u points, expected 6", drawn);
    glDisable(GL_RASTERIZER_DISCARD);
    expect_error(GL_NO_ERROR, "drawing stream 0");

    /* Only stream 0 reaches the rasterizer: a red point at the left on
     * stream 0, one at the centre on stream 1. */
    static const char *gs_draw = "#version 150\n"
                                 "#extension GL_ARB_gpu_shader5 : require\n"
                                 "layout(points) in;\n"
                                 "layout(points, max_vertices = 2) out;\n"
                                 "void main() {\n"
                                 "  gl_Position = vec4(-0.5, 0.0, 0.0, 1.0);\n"
                                 "  EmitVertex();\n"
                                 "  gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n"
                                 "  EmitStreamVertex(1);\n"
                                 "}\n";
    static const char *fs_red = "#version 150\n"
                                "out vec4 color;\n"
                                "void main() { color = vec4(1.0, 0.0, 0.0, 1.0); }\n";
    GLuint pd = glCreateProgram();
    attach_shader(pd, GL_VERTEX_SHADER, vs, "draw program");
    attach_shader(pd, GL_GEOMETRY_SHADER, gs_draw, "draw program");
    attach_shader(pd, GL_FRAGMENT_SHADER, fs_red, "draw program");
    glBindAttribLocation(pd, 0, "pos");
    link_program(pd, "draw program");
    glUseProgram(pd);
    glViewport(0, 0, 32, 32);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glPointSize(4);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
    glDrawArrays(GL_POINTS, 0, 1);
    const GLubyte *left = pixel(8, 16);
    CHECK(left[0] == 255 && left[1] == 0 && left[2] == 0, "stream 0's point: %d %d %d", left[0],
          left[1], left[2]);
    const GLubyte *centre = pixel(16, 16);
    CHECK(centre[0] == 0 && centre[1] == 0 && centre[2] == 0,
          "stream 1's point is drawn: %d %d %d", centre[0], centre[1], centre[2]);
    expect_error(GL_NO_ERROR, "drawing with two streams");

    /* Compile errors. */
    CHECK(!shader_compiles(GL_GEOMETRY_SHADER, "#version 150\n"
                                        "#extension GL_ARB_gpu_shader5 : require\n"
                                        "layout(points) in;\n"
                                        "layout(points, max_vertices = 1) out;\n"
                                        "layout(stream = 4) out float x;\n"
                                        "void main() { x = 1.0; EmitVertex(); }\n"),
          "layout(stream = 4) compiled");
    CHECK(!shader_compiles(GL_GEOMETRY_SHADER, "#version 150\n"
                                        "#extension GL_ARB_gpu_shader5 : require\n"
                                        "layout(points) in;\n"
                                        "layout(points, max_vertices = 1) out;\n"
                                        "uniform int n;\n"
                                        "void main() { EmitStreamVertex(n); }\n"),
          "EmitStreamVertex of a uniform compiled");
    CHECK(!shader_compiles(GL_GEOMETRY_SHADER, "#version 150\n"
                                        "#extension GL_ARB_gpu_shader5 : require\n"
                                        "layout(points, invocations = 33) in;\n"
                                        "layout(points, max_vertices = 1) out;\n"
                                        "void main() { EmitVertex(); }\n"),
          "33 invocations compiled");
    /* Link errors (Mesa reports the stream range at link time). */
    CHECK(!links("#version 150\n"
                 "#extension GL_ARB_gpu_shader5 : require\n"
                 "layout(points) in;\n"
                 "layout(points, max_vertices = 1) out;\n"
                 "void main() { EmitStreamVertex(4); }\n",
                 NULL, 0),
          "EmitStreamVertex(4) linked");
    CHECK(!links("#version 150\n"
                 "#extension GL_ARB_gpu_shader5 : require\n"
                 "layout(points) in;\n"
                 "layout(line_strip, max_vertices = 2) out;\n"
                 "void main() { EmitStreamVertex(1); EmitStreamVertex(1); }\n",
                 NULL, 0),
          "stream 1 with line_strip output linked");
    static const char *mixed[] = { "a", "b" };
    CHECK(!links(gs, mixed, 2), "varyings of streams 0 and 1 in one buffer linked");
    static const char *separate_ok[] = { "a", "gl_NextBuffer", "b" };
    CHECK(links(gs, separate_ok, 3), "varyings of streams 0 and 1 in two buffers did not link");
    expect_error(GL_NO_ERROR, "compile and link errors");

    glUseProgram(0);
    glDeleteQueries(8, q);
    glDeleteTransformFeedbacks(1, &tfo);
    glDeleteBuffers(4, bufs);
    glDeleteBuffers(1, &vbo);
    glDeleteVertexArrays(1, &vao);
    glDeleteProgram(p);
    glDeleteProgram(pd);
    glDeleteProgram(plain);
    return close_test_window(&t);
}
