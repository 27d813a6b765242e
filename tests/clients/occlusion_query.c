/*
 * occlusion_query.c: occlusion queries (GL 1.5 GL_SAMPLES_PASSED, GL 3.3
 * GL_ANY_SAMPLES_PASSED): exact sample counts through the depth, scissor,
 * alpha and stencil tests, whatever the write masks; clears not counted,
 * glDrawPixels and glBitmap counted; queries in a row and reused; result
 * availability; glGetQueryiv; every error rule; glBeginQuery/glEndQuery in
 * display lists. Prints FAIL lines and PASS when all hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>
#include <unistd.h>

/* The result of query `q` (glGetQueryObjectuiv waits for it). */
static GLuint result(GLuint q)
{
    GLuint v = 0xdeadbeef;
    glGetQueryObjectuiv(q, GL_QUERY_RESULT, &v);
    return v;
}

/* Counts the samples of `draw` in a GL_SAMPLES_PASSED query `q`. */
#define COUNT(q, draw)                                                         \
    (glBeginQuery(GL_SAMPLES_PASSED, (q)), (draw), glEndQuery(GL_SAMPLES_PASSED), result(q))

static void rect_at(float x0, float y0, float x1, float y1, float z)
{
    glBegin(GL_QUADS);
    glVertex3f(x0, y0, z);
    glVertex3f(x1, y0, z);
    glVertex3f(x1, y1, z);
    glVertex3f(x0, y1, z);
    glEnd();
}

int main(void)
{
    int attribs[] = { GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, GLX_DEPTH_SIZE, 16,
                      GLX_STENCIL_SIZE, 8, None };
    struct test_window t = open_window_with(attribs, 32);
    glViewport(0, 0, 32, 32);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, 32, 0, 32, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glColor3f(1, 1, 1);

    GLuint q[4];
    glGenQueries(4, q);
    expect_error(GL_NO_ERROR, "glGenQueries");
    CHECK(q[0] && q[1] && q[2] && q[3], "glGenQueries gave name 0");
    CHECK(!glIsQuery(q[0]), "a generated name is not a query before glBeginQuery");
    GLint iv = -1;
    glGetQueryiv(GL_SAMPLES_PASSED, GL_QUERY_COUNTER_BITS, &iv);
    CHECK(iv == 64, "GL_QUERY_COUNTER_BITS of GL_SAMPLES_PASSED %d", iv);
    iv = -1;
    glGetQueryiv(GL_ANY_SAMPLES_PASSED, GL_QUERY_COUNTER_BITS, &iv);
    CHECK(iv == 1, "GL_QUERY_COUNTER_BITS of GL_ANY_SAMPLES_PASSED %d", iv);
    iv = -1;
    glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &iv);
    CHECK(iv == 0, "GL_CURRENT_QUERY with no query active %d", iv);
    expect_error(GL_NO_ERROR, "glGetQueryiv");

    /* A 10x10 rectangle: 100 samples. */
    glBeginQuery(GL_SAMPLES_PASSED, q[0]);
    expect_error(GL_NO_ERROR, "glBeginQuery");
    CHECK(glIsQuery(q[0]), "an active query is a query");
    glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &iv);
    CHECK(iv == (GLint)q[0], "GL_CURRENT_QUERY %d, expected %u", iv, q[0]);
    glGetQueryiv(GL_ANY_SAMPLES_PASSED, GL_CURRENT_QUERY, &iv);
    CHECK(iv == 0, "GL_CURRENT_QUERY of the other occlusion target %d", iv);
    glRectf(2, 2, 12, 12);

    /* Errors while it is active. */
    glBeginQuery(GL_SAMPLES_PASSED, q[1]);
    expect_error(GL_INVALID_OPERATION, "glBeginQuery while a query of the target is active");
    glBeginQuery(GL_ANY_SAMPLES_PASSED, q[1]);
    expect_error(GL_INVALID_OPERATION, "glBeginQuery(ANY_SAMPLES_PASSED) while SAMPLES_PASSED is active");
    GLuint uv = 7;
    glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &uv);
    expect_error(GL_INVALID_OPERATION, "result of the active query");
    glGetQueryObjectuiv(q[0], GL_QUERY_RESULT_AVAILABLE, &uv);
    expect_error(GL_INVALID_OPERATION, "availability of the active query");
    CHECK(uv == 7, "a failed glGetQueryObjectuiv wrote %u", uv);
    glEndQuery(GL_ANY_SAMPLES_PASSED);
    expect_error(GL_INVALID_OPERATION, "glEndQuery of the other occlusion target");
    glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &iv);
    CHECK(iv == (GLint)q[0], "the query stays active after a failed glEndQuery (%d)", iv);
    glBegin(GL_TRIANGLES);
    glEndQuery(GL_SAMPLES_PASSED);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glEndQuery between glBegin and glEnd");

    glEndQuery(GL_SAMPLES_PASSED);
    expect_error(GL_NO_ERROR, "glEndQuery");
    glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &iv);
    CHECK(iv == 0, "GL_CURRENT_QUERY after glEndQuery %d", iv);
    GLuint n = result(q[0]);
    CHECK(n == 100, "10x10 rectangle: %u samples, expected 100", n);
    uv = 0;
    glGetQueryObjectuiv(q[0], GL_QUERY_RESULT_AVAILABLE, &uv);
    CHECK(uv == GL_TRUE, "result not available after GL_QUERY_RESULT");
    GLint sv = 0;
    glGetQueryObjectiv(q[0], GL_QUERY_RESULT, &sv);
    CHECK(sv == 100, "glGetQueryObjectiv %d", sv);
    GLint64 s64 = 0;
    glGetQueryObjecti64v(q[0], GL_QUERY_RESULT, &s64);
    CHECK(s64 == 100, "glGetQueryObjecti64v %lld", (long long)s64);
    GLuint64 u64 = 0;
    glGetQueryObjectui64v(q[0], GL_QUERY_RESULT, &u64);
    CHECK(u64 == 100, "glGetQueryObjectui64v %llu", (unsigned long long)u64);
    expect_error(GL_NO_ERROR, "glGetQueryObject*");

    /* Availability arrives without asking for the result. */
    glBeginQuery(GL_SAMPLES_PASSED, q[1]);
    glRectf(0, 0, 4, 4);
    glEndQuery(GL_SAMPLES_PASSED);
    uv = 0;
    for (int i = 0; i < 20000 && !uv; i++) {
        glGetQueryObjectuiv(q[1], GL_QUERY_RESULT_AVAILABLE, &uv);
        if (!uv)
            usleep(100);
    }
    CHECK(uv == GL_TRUE, "result never became available");
    CHECK(result(q[1]) == 16, "4x4 rectangle: %u samples", result(q[1]));

    /* Depth test: half hidden behind a nearer rectangle, then all hidden. */
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    rect_at(2, 2, 7, 12, 0.5); /* nearer: window depth 0.25 */
    n = COUNT(q[0], rect_at(2, 2, 12, 12, 0));
    CHECK(n == 50, "half hidden: %u samples, expected 50", n);
    rect_at(0, 0, 32, 32, 0.9);
    n = COUNT(q[0], rect_at(2, 2, 12, 12, 0));
    CHECK(n == 0, "all hidden: %u samples, expected 0", n);
    glBeginQuery(GL_ANY_SAMPLES_PASSED, q[2]);
    rect_at(2, 2, 12, 12, 0);
    glEndQuery(GL_ANY_SAMPLES_PASSED);
    glGetQueryObjectuiv(q[2], GL_QUERY_RESULT, &uv);
    CHECK(uv == GL_FALSE, "ANY_SAMPLES_PASSED of a hidden rectangle %u", uv);
    glBeginQuery(GL_SAMPLES_PASSED, q[2]);
    expect_error(GL_INVALID_OPERATION, "glBeginQuery with a query of another target");
    glBeginQuery(GL_ANY_SAMPLES_PASSED, q[2]);
    rect_at(2, 2, 12, 12, 0.95);
    rect_at(2, 2, 12, 12, 0.99);
    glEndQuery(GL_ANY_SAMPLES_PASSED);
    glGetQueryObjectuiv(q[2], GL_QUERY_RESULT, &uv);
    CHECK(uv == GL_TRUE, "ANY_SAMPLES_PASSED of visible rectangles %u", uv);
    glGetQueryObjectuiv(q[2], GL_QUERY_TARGET, &uv);
    CHECK(uv == GL_ANY_SAMPLES_PASSED, "GL_QUERY_TARGET 0x%x", uv);
    glBeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, q[3]);
    glGetQueryiv(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, GL_CURRENT_QUERY, &iv);
    CHECK(iv == (GLint)q[3], "GL_CURRENT_QUERY of ANY_SAMPLES_PASSED_CONSERVATIVE %d", iv);
    rect_at(2, 2, 12, 12, 0);
    glEndQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE);
    glGetQueryObjectuiv(q[3], GL_QUERY_RESULT, &uv);
    CHECK(uv == GL_FALSE, "ANY_SAMPLES_PASSED_CONSERVATIVE of a hidden rectangle %u", uv);
    glGetQueryiv(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, GL_QUERY_COUNTER_BITS, &iv);
    CHECK(iv == 1, "GL_QUERY_COUNTER_BITS of ANY_SAMPLES_PASSED_CONSERVATIVE %d", iv);
    glDeleteQueries(1, &q[3]);
    glGenQueries(1, &q[3]);
    expect_error(GL_NO_ERROR, "GL_ANY_SAMPLES_PASSED_CONSERVATIVE");
    glClear(GL_DEPTH_BUFFER_BIT);

    /* Masks do not matter: samples that pass are counted. */
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    glDepthMask(GL_FALSE);
    n = COUNT(q[0], rect_at(2, 2, 12, 12, 0));
    CHECK(n == 100, "colour and depth masks off: %u samples, expected 100", n);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDepthMask(GL_TRUE);
    glDisable(GL_DEPTH_TEST);

    /* glDrawBuffer(GL_NONE): no colour, but the fragments are counted and
     * write depth. */
    glEnable(GL_DEPTH_TEST);
    glClear(GL_DEPTH_BUFFER_BIT);
    glDrawBuffer(GL_NONE);
    n = COUNT(q[0], rect_at(2, 2, 12, 12, 0.5));
    CHECK(n == 100, "glDrawBuffer(GL_NONE): %u samples, expected 100", n);
    glDrawBuffer(GL_BACK);
    n = COUNT(q[0], rect_at(2, 2, 12, 12, 0));
    CHECK(n == 0, "behind depth drawn with GL_NONE: %u samples, expected 0", n);
    glClear(GL_DEPTH_BUFFER_BIT);
    glDisable(GL_DEPTH_TEST);

    /* Scissor. */
    glEnable(GL_SCISSOR_TEST);
    glScissor(2, 2, 5, 32);
    n = COUNT(q[0], glRectf(2, 2, 12, 12));
    CHECK(n == 50, "scissored: %u samples, expected 50", n);
    glDisable(GL_SCISSOR_TEST);

    /* Alpha test and stencil test reject everything. */
    glEnable(GL_ALPHA_TEST);
    glAlphaFunc(GL_GREATER, 0.5f);
    glColor4f(1, 1, 1, 0.25f);
    n = COUNT(q[0], glRectf(2, 2, 12, 12));
    CHECK(n == 0, "alpha test: %u samples, expected 0", n);
    glColor4f(1, 1, 1, 0.75f);
    n = COUNT(q[0], glRectf(2, 2, 12, 12));
    CHECK(n == 100, "alpha test passing: %u samples, expected 100", n);
    glDisable(GL_ALPHA_TEST);
    glColor3f(1, 1, 1);
    glEnable(GL_STENCIL_TEST);
    glStencilFunc(GL_EQUAL, 1, 0xff);
    n = COUNT(q[0], glRectf(2, 2, 12, 12));
    CHECK(n == 0, "stencil test: %u samples, expected 0", n);
    glDisable(GL_STENCIL_TEST);

    /* Several draws add up; glClear counts nothing. */
    n = COUNT(q[0], (glRectf(0, 0, 2, 2), glClear(GL_COLOR_BUFFER_BIT), glRectf(10, 10, 13, 13)));
    CHECK(n == 13, "two rectangles and a clear: %u samples, expected 13", n);

    /* Two queries in a row, then the first reused. */
    glBeginQuery(GL_SAMPLES_PASSED, q[0]);
    glRectf(0, 0, 10, 10);
    glEndQuery(GL_SAMPLES_PASSED);
    glBeginQuery(GL_SAMPLES_PASSED, q[1]);
    glRectf(0, 0, 3, 3);
    glEndQuery(GL_SAMPLES_PASSED);
    glBeginQuery(GL_SAMPLES_PASSED, q[3]);
    glEndQuery(GL_SAMPLES_PASSED);
    n = result(q[1]);
    CHECK(n == 9, "second query: %u samples, expected 9", n);
    n = result(q[0]);
    CHECK(n == 100, "first query: %u samples, expected 100", n);
    n = result(q[3]);
    CHECK(n == 0, "empty query: %u samples, expected 0", n);
    n = COUNT(q[0], glRectf(0, 0, 2, 1));
    CHECK(n == 2, "reused query: %u samples, expected 2", n);

    /* glDrawPixels and glBitmap fragments are counted. */
    static GLubyte pixels[5 * 4 * 4];
    glWindowPos2i(20, 20);
    n = COUNT(q[0], glDrawPixels(5, 4, GL_RGBA, GL_UNSIGNED_BYTE, pixels));
    CHECK(n == 20, "glDrawPixels 5x4: %u samples, expected 20", n);
    static const GLubyte bits[2] = { 0xff, 0x0f }; /* rows of 8 and 4 pixels */
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glWindowPos2i(4, 20);
    n = COUNT(q[0], glBitmap(8, 2, 0, 0, 0, 0, bits));
    CHECK(n == 12, "glBitmap: %u samples, expected 12", n);

    /* Display lists: glBeginQuery/glEndQuery are compiled, not run. */
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glBeginQuery(GL_SAMPLES_PASSED, q[3]);
    glRectf(0, 0, 6, 5);
    glEndQuery(GL_SAMPLES_PASSED);
    glEndList();
    expect_error(GL_NO_ERROR, "compiling glBeginQuery/glEndQuery");
    glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &iv);
    CHECK(iv == 0, "compiling glBeginQuery made a query active (%d)", iv);
    glCallList(list);
    expect_error(GL_NO_ERROR, "glCallList");
    n = result(q[3]);
    CHECK(n == 30, "query in a display list: %u samples, expected 30", n);
    glNewList(list, GL_COMPILE);
    glEndQuery(GL_SAMPLES_PASSED);
    glEndList();
    expect_error(GL_NO_ERROR, "compiling a glEndQuery without a query");
    glCallList(list);
    expect_error(GL_INVALID_OPERATION, "executing a glEndQuery without a query");

    /* Errors. */
    glGenQueries(-1, q);
    expect_error(GL_INVALID_VALUE, "glGenQueries(-1)");
    glDeleteQueries(-1, q);
    expect_error(GL_INVALID_VALUE, "glDeleteQueries(-1)");
    glBeginQuery(GL_TEXTURE_2D, q[0]);
    expect_error(GL_INVALID_ENUM, "glBeginQuery with a bad target");
    glEndQuery(GL_TEXTURE_2D);
    expect_error(GL_INVALID_ENUM, "glEndQuery with a bad target");
    glGetQueryiv(GL_TEXTURE_2D, GL_CURRENT_QUERY, &iv);
    expect_error(GL_INVALID_ENUM, "glGetQueryiv with a bad target");
    glGetQueryiv(GL_SAMPLES_PASSED, GL_QUERY_RESULT, &iv);
    expect_error(GL_INVALID_ENUM, "glGetQueryiv with a bad pname");
    glEndQuery(GL_SAMPLES_PASSED);
    expect_error(GL_INVALID_OPERATION, "glEndQuery without an active query");
    glBeginQuery(GL_SAMPLES_PASSED, 0);
    expect_error(GL_INVALID_OPERATION, "glBeginQuery with name 0");
    glGetQueryObjectuiv(0, GL_QUERY_RESULT, &uv);
    expect_error(GL_INVALID_OPERATION, "glGetQueryObjectuiv of name 0");
    GLuint fresh;
    glGenQueries(1, &fresh);
    glGetQueryObjectuiv(fresh, GL_QUERY_RESULT_AVAILABLE, &uv);
    expect_error(GL_INVALID_OPERATION, "glGetQueryObjectuiv of a query never begun");
    glGetQueryObjectuiv(q[0], GL_QUERY_COUNTER_BITS, &uv);
    expect_error(GL_INVALID_ENUM, "glGetQueryObjectuiv with a bad pname");
    glBegin(GL_TRIANGLES);
    glBeginQuery(GL_SAMPLES_PASSED, q[0]);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glBeginQuery between glBegin and glEnd");
    glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &iv);
    CHECK(iv == 0, "glBeginQuery between glBegin and glEnd began a query (%d)", iv);

    /* Compatibility contexts make a query of a name never generated. */
    glBeginQuery(GL_SAMPLES_PASSED, 4242);
    expect_error(GL_NO_ERROR, "glBeginQuery with a new name");
    glEndQuery(GL_SAMPLES_PASSED);
    CHECK(glIsQuery(4242), "glBeginQuery with a new name made no query");

    /* Deleting the active query ends it. */
    glBeginQuery(GL_SAMPLES_PASSED, q[1]);
    glDeleteQueries(1, &q[1]);
    expect_error(GL_NO_ERROR, "glDeleteQueries of the active query");
    glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &iv);
    CHECK(iv == 0, "GL_CURRENT_QUERY after deleting the active query %d", iv);
    CHECK(!glIsQuery(q[1]), "a deleted name is still a query");
    glEndQuery(GL_SAMPLES_PASSED);
    expect_error(GL_INVALID_OPERATION, "glEndQuery after deleting the active query");
    GLuint zero_and_unknown[2] = { 0, 9999 };
    glDeleteQueries(2, zero_and_unknown);
    expect_error(GL_NO_ERROR, "glDeleteQueries of 0 and an unknown name");

    glDeleteLists(list, 1);
    glDeleteQueries(4, q);
    glDeleteQueries(1, &fresh);
    expect_error(GL_NO_ERROR, "cleanup");

    /* Results arrive in order (GL 4.6 §4.2.1): once a query's result is
     * known, those of the queries ended before it are available too, even
     * when the last one drew nothing and the others drew much. */
    GLuint order[6];
    glGenQueries(6, order);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glDisable(GL_SCISSOR_TEST);
    for (int i = 0; i < 5; i++) {
        glBeginQuery(GL_SAMPLES_PASSED, order[i]);
        for (int k = 0; k < 200; k++)
            rect_at(-1, -1, 1, 1, 0);
        glEndQuery(GL_SAMPLES_PASSED);
    }
    glBeginQuery(GL_SAMPLES_PASSED, order[5]);
    glEndQuery(GL_SAMPLES_PASSED);
    CHECK(result(order[5]) == 0, "an empty query counted samples");
    for (int i = 0; i < 5; i++) {
        GLuint avail = 0;
        glGetQueryObjectuiv(order[i], GL_QUERY_RESULT_AVAILABLE, &avail);
        CHECK(avail == 1, "query %d of 6 not available after the last one's result", i);
    }
    glDeleteQueries(6, order);
    expect_error(GL_NO_ERROR, "queries in order");

    return close_test_window(&t);
}
