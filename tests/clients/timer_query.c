/*
 * timer_query.c: ARB_timer_query / EXT_timer_query (GL 3.3) by their values.
 *
 * GL_QUERY_COUNTER_BITS of both targets; a GL_TIME_ELAPSED query around
 * 100 full-window quads: active while begun (GL_CURRENT_QUERY), available
 * afterwards, more than 0 ns and no more than the client's own clock saw
 * from before the begin to after the result; alongside an occlusion query
 * (other target, both count); glQueryCounter timestamps in order, at most
 * the glGetInteger64v(GL_TIMESTAMP) read after them and no further from it
 * than the client's clock allows; glGetQueryObjecti64v and the EXT names;
 * and the errors (GL_TIMESTAMP to glBeginQuery, another target to
 * glQueryCounter, name 0, active queries, a name of another target, two
 * active time queries, an end without a begin, glGetQueryiv pnames).
 * On Mesa llvmpipe 22.3.6 (gcc -O2 -Wall -o timer_query
 * tests/clients/timer_query.c -lX11 -lGL) every check but one passes: its
 * GL_TIME_ELAPSED result here is about the machine's uptime, not the
 * time between begin and end, so the elapsed-time bound fails there.
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include <stdint.h>
#include <time.h>

static uint64_t client_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void draw_quads(int n)
{
    for (int i = 0; i < n; i++) {
        glColor3f(i / (float)n, 0.5f, 0.25f);
        glBegin(GL_QUADS);
        glVertex2f(-1, -1);
        glVertex2f(1, -1);
        glVertex2f(1, 1);
        glVertex2f(-1, 1);
        glEnd();
    }
}

/* The result (waiting for it), which must then be available. */
static GLuint64 result_of(GLuint q)
{
    GLuint64 v = 0;
    glGetQueryObjectui64v(q, GL_QUERY_RESULT, &v);
    GLint available = 0;
    glGetQueryObjectiv(q, GL_QUERY_RESULT_AVAILABLE, &available);
    CHECK(available, "query %u not available after its result", q);
    return v;
}

int main(void)
{
    struct test_window t = open_pixel_window(64);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    CHECK(has_extension("GL_ARB_timer_query"), "GL_ARB_timer_query is not advertised");
    CHECK(has_extension("GL_EXT_timer_query"), "GL_EXT_timer_query is not advertised");

    GLint bits = 0;
    glGetQueryiv(GL_TIME_ELAPSED, GL_QUERY_COUNTER_BITS, &bits);
    CHECK(bits >= 30, "GL_QUERY_COUNTER_BITS of GL_TIME_ELAPSED: %d", bits);
    bits = 0;
    glGetQueryiv(GL_TIMESTAMP, GL_QUERY_COUNTER_BITS, &bits);
    CHECK(bits >= 30, "GL_QUERY_COUNTER_BITS of GL_TIMESTAMP: %d", bits);
    expect_error(GL_NO_ERROR, "GL_QUERY_COUNTER_BITS");

    GLuint q[6];
    glGenQueries(6, q);

    /* Time elapsed, with an occlusion query counting at the same time. */
    glFinish();
    uint64_t before = client_ns();
    glBeginQuery(GL_TIME_ELAPSED, q[0]);
    glBeginQuery(GL_SAMPLES_PASSED, q[1]);
    GLint current = 0;
    glGetQueryiv(GL_TIME_ELAPSED, GL_CURRENT_QUERY, &current);
    CHECK(current == (GLint)q[0], "GL_CURRENT_QUERY of GL_TIME_ELAPSED: %d", current);
    GLuint64 dummy;
    glGetQueryObjectui64v(q[0], GL_QUERY_RESULT, &dummy);
    expect_error(GL_INVALID_OPERATION, "glGetQueryObjectui64v of an active query");
    draw_quads(100);
    glEndQuery(GL_SAMPLES_PASSED);
    glEndQuery(GL_TIME_ELAPSED);
    expect_error(GL_NO_ERROR, "a time query beside an occlusion query");
    GLuint64 elapsed = result_of(q[0]);
    uint64_t after = client_ns();
    CHECK(elapsed > 0 && elapsed <= after - before,
          "GL_TIME_ELAPSED %llu ns, outside (0, %llu] ns", (unsigned long long)elapsed,
          (unsigned long long)(after - before));
    CHECK(result_of(q[1]) == 64 * 64 * 100, "samples passed beside the timer: %llu",
          (unsigned long long)result_of(q[1]));
    current = -1;
    glGetQueryiv(GL_TIME_ELAPSED, GL_CURRENT_QUERY, &current);
    CHECK(current == 0, "GL_CURRENT_QUERY after glEndQuery: %d", current);
    GLint64 elapsed64 = 0;
    glGetQueryObjecti64v(q[0], GL_QUERY_RESULT, &elapsed64);
    CHECK(elapsed64 == (GLint64)elapsed, "glGetQueryObjecti64v: %lld", (long long)elapsed64);
    PFNGLGETQUERYOBJECTUI64VEXTPROC get_ext =
        (PFNGLGETQUERYOBJECTUI64VEXTPROC)proc("glGetQueryObjectui64vEXT");
    GLuint64 elapsed_ext = 0;
    if (get_ext)
        get_ext(q[0], GL_QUERY_RESULT, &elapsed_ext);
    CHECK(elapsed_ext == elapsed, "glGetQueryObjectui64vEXT: %llu",
          (unsigned long long)elapsed_ext);
    CHECK(glIsQuery(q[0]), "a time query is a query");

    /* Timestamps. */
    glFinish();
    uint64_t c0 = client_ns();
    glQueryCounter(q[2], GL_TIMESTAMP);
    draw_quads(50);
    glQueryCounter(q[3], GL_TIMESTAMP);
    GLuint64 t1 = result_of(q[2]), t2 = result_of(q[3]);
    GLint64 now = 0;
    glGetInteger64v(GL_TIMESTAMP, &now);
    uint64_t c1 = client_ns();
    expect_error(GL_NO_ERROR, "glQueryCounter and glGetInteger64v(GL_TIMESTAMP)");
    CHECK(t1 > 0 && t1 <= t2 && t2 <= (GLuint64)now,
          "timestamps out of order: %llu %llu, then GL_TIMESTAMP %lld",
          (unsigned long long)t1, (unsigned long long)t2, (long long)now);
    CHECK((GLuint64)now - t1 <= c1 - c0, "timestamps %llu ns apart, the client saw %llu ns",
          (unsigned long long)((GLuint64)now - t1), (unsigned long long)(c1 - c0));
    CHECK(glIsQuery(q[2]), "a timestamp query is a query");
    GLint ts_current = -1;
    glGetQueryiv(GL_TIMESTAMP, GL_CURRENT_QUERY, &ts_current);
    CHECK(ts_current == 0, "GL_CURRENT_QUERY of GL_TIMESTAMP: %d", ts_current);
    expect_error(GL_NO_ERROR, "the timestamp queries");

    /* Errors. */
    glBeginQuery(GL_TIMESTAMP, q[4]);
    expect_error(GL_INVALID_ENUM, "glBeginQuery(GL_TIMESTAMP)");
    glQueryCounter(q[4], GL_TIME_ELAPSED);
    expect_error(GL_INVALID_ENUM, "glQueryCounter(GL_TIME_ELAPSED)");
    glQueryCounter(0, GL_TIMESTAMP);
    expect_error(GL_INVALID_OPERATION, "glQueryCounter(0)");
    glQueryCounter(q[1], GL_TIMESTAMP);
    expect_error(GL_INVALID_OPERATION, "glQueryCounter of a GL_SAMPLES_PASSED query");
    glBeginQuery(GL_TIME_ELAPSED, q[2]);
    expect_error(GL_INVALID_OPERATION, "glBeginQuery(GL_TIME_ELAPSED) of a timestamp query");
    glEndQuery(GL_TIME_ELAPSED);
    expect_error(GL_INVALID_OPERATION, "glEndQuery(GL_TIME_ELAPSED) without a query");
    glBeginQuery(GL_TIME_ELAPSED, q[4]);
    glBeginQuery(GL_TIME_ELAPSED, q[5]);
    expect_error(GL_INVALID_OPERATION, "a second active GL_TIME_ELAPSED query");
    glQueryCounter(q[4], GL_TIMESTAMP);
    expect_error(GL_INVALID_OPERATION, "glQueryCounter of an active query");
    glEndQuery(GL_TIME_ELAPSED);
    expect_error(GL_NO_ERROR, "ending the time query");
    glGetQueryiv(GL_TIMESTAMP, GL_QUERY_RESULT, &bits);
    expect_error(GL_INVALID_ENUM, "glGetQueryiv(GL_TIMESTAMP, GL_QUERY_RESULT)");
    /* Deleting an active time query ends it. */
    glBeginQuery(GL_TIME_ELAPSED, q[5]);
    glDeleteQueries(1, &q[5]);
    glBeginQuery(GL_TIME_ELAPSED, q[4]);
    glEndQuery(GL_TIME_ELAPSED);
    expect_error(GL_NO_ERROR, "a time query after deleting the active one");
    glDeleteQueries(5, q);

    return close_test_window(&t);
}
