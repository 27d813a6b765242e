/*
 * xfb_draw.c: GL_ARB_transform_feedback2's glDrawTransformFeedback by its
 * pixels and errors, in a compatibility context.
 *
 * A GLSL 1.40 program captures gl_Position into a buffer for the two
 * triangles of the window's left half (rasterizer discard on), with a
 * triangle over the right half drawn while capture is paused. The buffer
 * holds, after the captured six, six more vertices over the right half.
 * Drawn from that buffer, glDrawTransformFeedback must cover the left
 * half only (six vertices, the count of the last completed capture), and
 * so must glDrawTransformFeedbackInstanced with one instance. Errors: a
 * name that is no object (never bound), an object not ended yet, a bad
 * mode, a negative instance count.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -o xfb_draw
 * tests/clients/xfb_draw.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"
#include <GL/glext.h>

static const char *capture_vs = "#version 140\n"
                                "in vec2 pos;\n"
                                "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *draw_vs = "#version 140\n"
                             "in vec4 pos;\n"
                             "void main() { gl_Position = pos; }\n";
static const char *fs = "#version 140\n"
                        "out vec4 o;\n"
                        "void main() { o = vec4(0.0, 1.0, 0.0, 1.0); }\n";

static GLuint program(const char *vs, int capture)
{
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, vs, "program") ||
        !attach_shader(p, GL_FRAGMENT_SHADER, fs, "program"))
        return 0;
    glBindAttribLocation(p, 0, "pos");
    glBindFragDataLocation(p, 0, "o");
    if (capture) {
        static const char *varyings[] = { "gl_Position" };
        glTransformFeedbackVaryings(p, 1, varyings, GL_INTERLEAVED_ATTRIBS);
    }
    return link_program(p, "program") ? p : 0;
}

/* Left and right halves: green where drawn. */
static void expect_halves(int left, int right, const char *what)
{
    char label[160];
    snprintf(label, sizeof label, "%s, left half", what);
    CHECK_RGBA(8, 16, 0, left ? 255 : 0, 0, 255, 0, label);
    snprintf(label, sizeof label, "%s, right half", what);
    CHECK_RGBA(24, 16, 0, right ? 255 : 0, 0, 255, 0, label);
}

int main(void)
{
    struct test_window t = open_pixel_window(32);
    CHECK(has_extension("GL_ARB_transform_feedback2"),
          "GL_ARB_transform_feedback2 is not advertised");
    GLuint capture = program(capture_vs, 1), draw = program(draw_vs, 0);
    if (!capture || !draw)
        return close_test_window(&t);

    /* Left half as two triangles, then a triangle over the right half. */
    static const GLfloat left[9][2] = {
        { -1, -1 }, { 0, -1 }, { 0, 1 }, { -1, -1 }, { 0, 1 }, { -1, 1 },
        { 0, -1 }, { 1, -1 }, { 1, 1 },
    };
    /* The capture buffer: 12 vec4 vertices, the last six over the right
     * half, which only a draw of more than six vertices would show. */
    GLfloat store[12][4];
    static const GLfloat right[6][2] = { { 0, -1 }, { 1, -1 }, { 1, 1 },
                                         { 0, -1 }, { 1, 1 },  { 0, 1 } };
    for (int v = 0; v < 12; v++) {
        store[v][0] = v < 6 ? 5.0f : right[v - 6][0];
        store[v][1] = v < 6 ? 5.0f : right[v - 6][1];
        store[v][2] = 0;
        store[v][3] = 1;
    }
    GLuint bufs[2], xfb[3];
    glGenBuffers(2, bufs);
    glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
    glBufferData(GL_ARRAY_BUFFER, sizeof left, left, GL_STATIC_DRAW);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, bufs[1]);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof store, store, GL_STATIC_DRAW);
    glGenTransformFeedbacks(3, xfb);

    /* Before any capture: an object never bound is no object; one bound
     * but never ended has nothing to draw. */
    glDrawTransformFeedback(GL_TRIANGLES, xfb[2]);
    expect_error(GL_INVALID_VALUE, "glDrawTransformFeedback(never bound)");
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb[1]);
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb[0]);
    glDrawTransformFeedback(GL_TRIANGLES, xfb[1]);
    expect_error(GL_INVALID_OPERATION, "glDrawTransformFeedback(never ended)");
    glDrawTransformFeedback(GL_TRIANGLES, 12345);
    expect_error(GL_INVALID_VALUE, "glDrawTransformFeedback(no such name)");

    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, bufs[1]);
    glUseProgram(capture);
    glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(0);
    glEnable(GL_RASTERIZER_DISCARD);
    glBeginTransformFeedback(GL_TRIANGLES);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glPauseTransformFeedback();
    glDrawArrays(GL_TRIANGLES, 6, 3);
    glResumeTransformFeedback();
    glDrawArrays(GL_TRIANGLES, 3, 3);
    glEndTransformFeedback();
    glDisable(GL_RASTERIZER_DISCARD);
    expect_error(GL_NO_ERROR, "the capture");

    glUseProgram(draw);
    glBindBuffer(GL_ARRAY_BUFFER, bufs[1]);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, 0);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawTransformFeedback(GL_TRIANGLES, xfb[0]);
    expect_halves(1, 0, "glDrawTransformFeedback");
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawTransformFeedbackInstanced(GL_TRIANGLES, xfb[0], 1);
    expect_halves(1, 0, "glDrawTransformFeedbackInstanced(1)");
    /* Drawn from another object's binding: the count is the named
     * object's. */
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb[1]);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawTransformFeedback(GL_TRIANGLES, xfb[0]);
    expect_halves(1, 0, "glDrawTransformFeedback with another object bound");
    expect_error(GL_NO_ERROR, "the draws");

    glClear(GL_COLOR_BUFFER_BIT);
    glDrawTransformFeedback(0x7fff, xfb[0]);
    expect_error(GL_INVALID_ENUM, "glDrawTransformFeedback(bad mode)");
    glDrawTransformFeedbackInstanced(GL_TRIANGLES, xfb[0], -1);
    expect_error(GL_INVALID_VALUE, "glDrawTransformFeedbackInstanced(-1)");
    expect_halves(0, 0, "after the failed draws");
    return close_test_window(&t);
}
