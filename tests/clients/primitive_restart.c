/*
 * primitive_restart.c: NV_primitive_restart in a compatibility context —
 * glDrawElements splitting a triangle strip at the restart index (switched
 * by glEnableClientState and by glEnable, from client memory and from an
 * element buffer, with each index type), glPrimitiveRestartNV inside
 * glBegin/glEnd and compiled into a display list, the state queries, and
 * the errors: glPrimitiveRestartNV outside glBegin/glEnd and
 * glPrimitiveRestartIndexNV inside are INVALID_OPERATION; GL 3.1's
 * GL_PRIMITIVE_RESTART is INVALID_ENUM below GL 3.1 (Mesa's rule).
 *
 * Two quads, each a 4-vertex strip: left x 0..12, right x 20..32 of a
 * 32x32 window. Joined into one strip, the bridging triangles cover the
 * gap at x 16; restarted, the gap stays black. Prints FAIL lines and PASS
 * when all hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>
#include <string.h>

/* Vertex 8, the restart index, sits above the gap: drawn as a vertex, it
 * makes a triangle over the gap too. */
static const GLfloat verts[9][2] = {
    { 0, 4 }, { 12, 4 }, { 0, 28 }, { 12, 28 }, { 20, 4 },
    { 32, 4 }, { 20, 28 }, { 32, 28 }, { 16, 31 },
};

/* Left and right quads drawn, the gap at x 16 as `gap_covered` says. */
static void expect_quads(int gap_covered, const char *what)
{
    GLubyte p[3][4];
    glReadPixels(6, 16, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p[0]);
    glReadPixels(16, 16, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p[1]);
    glReadPixels(26, 16, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p[2]);
    CHECK(p[0][0] == 255 && p[2][0] == 255, "%s: quads not drawn (%d, %d)", what, p[0][0],
          p[2][0]);
    CHECK(p[1][0] == (gap_covered ? 255 : 0), "%s: gap pixel %d, expected %s", what, p[1][0],
          gap_covered ? "covered" : "empty");
}

static void immediate_strips(void)
{
    glBegin(GL_TRIANGLE_STRIP);
    for (int i = 0; i < 4; i++)
        glVertex2fv(verts[i]);
    glPrimitiveRestartNV();
    for (int i = 4; i < 8; i++)
        glVertex2fv(verts[i]);
    glEnd();
}

int main(void)
{
    struct test_window w = open_test_window();
    glViewport(0, 0, 32, 32);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, 32, 0, 32, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glColor3f(1, 0, 0);

    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    if (!ext || !strstr(ext, "GL_NV_primitive_restart")) {
        printf("FAIL: GL_NV_primitive_restart not advertised\n");
        return 1;
    }
    GLint v = -1;
    GLboolean b = GL_TRUE;
    glGetIntegerv(GL_PRIMITIVE_RESTART_INDEX_NV, &v);
    CHECK(v == 0, "initial restart index %d", v);
    CHECK(!glIsEnabled(GL_PRIMITIVE_RESTART_NV), "restart initially enabled");
    glGetBooleanv(GL_PRIMITIVE_RESTART_NV, &b);
    CHECK(!b, "GL_PRIMITIVE_RESTART_NV initially true");
    expect_error(GL_NO_ERROR, "initial state");

    glVertexPointer(2, GL_FLOAT, 0, verts);
    glEnableClientState(GL_VERTEX_ARRAY);

    /* Index 8 between the quads: without restart, a vertex like any other. */
    static const GLuint ui[9] = { 0, 1, 2, 3, 8, 4, 5, 6, 7 };
    static const GLushort us[9] = { 0, 1, 2, 3, 8, 4, 5, 6, 7 };
    static const GLubyte ub[9] = { 0, 1, 2, 3, 8, 4, 5, 6, 7 };
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_INT, ui);
    expect_quads(1, "one strip, restart off");

    glPrimitiveRestartIndexNV(8);
    glGetIntegerv(GL_PRIMITIVE_RESTART_INDEX_NV, &v);
    CHECK(v == 8, "restart index %d after glPrimitiveRestartIndexNV(8)", v);
    glEnableClientState(GL_PRIMITIVE_RESTART_NV);
    CHECK(glIsEnabled(GL_PRIMITIVE_RESTART_NV), "restart not enabled by glEnableClientState");
    glGetBooleanv(GL_PRIMITIVE_RESTART_NV, &b);
    CHECK(b, "GL_PRIMITIVE_RESTART_NV false when enabled");

    glClear(GL_COLOR_BUFFER_BIT);
    glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_INT, ui);
    expect_quads(0, "restart, GL_UNSIGNED_INT");
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, us);
    expect_quads(0, "restart, GL_UNSIGNED_SHORT");
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawRangeElements(GL_TRIANGLE_STRIP, 0, 8, 9, GL_UNSIGNED_BYTE, ub);
    expect_quads(0, "restart, glDrawRangeElements GL_UNSIGNED_BYTE");

    /* A client state: glEnable does not take it (Mesa's INVALID_ENUM). */
    glDisableClientState(GL_PRIMITIVE_RESTART_NV);
    CHECK(!glIsEnabled(GL_PRIMITIVE_RESTART_NV), "restart still enabled");
    glEnable(GL_PRIMITIVE_RESTART_NV);
    expect_error(GL_INVALID_ENUM, "glEnable(GL_PRIMITIVE_RESTART_NV)");
    CHECK(!glIsEnabled(GL_PRIMITIVE_RESTART_NV), "restart enabled by glEnable");

    /* From an element buffer. */
    glEnableClientState(GL_PRIMITIVE_RESTART_NV);
    GLuint ebo;
    glGenBuffers(1, &ebo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof us, us, GL_STATIC_DRAW);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, (void *)0);
    expect_quads(0, "restart from an element buffer");
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
    glDeleteBuffers(1, &ebo);
    glDisableClientState(GL_PRIMITIVE_RESTART_NV);
    glDisableClientState(GL_VERTEX_ARRAY);
    expect_error(GL_NO_ERROR, "array draws");

    /* glPrimitiveRestartNV between glBegin and glEnd. */
    glClear(GL_COLOR_BUFFER_BIT);
    immediate_strips();
    expect_error(GL_NO_ERROR, "glPrimitiveRestartNV in glBegin/glEnd");
    expect_quads(0, "immediate mode restart");

    /* ... compiled into a display list. */
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    immediate_strips();
    glEndList();
    glClear(GL_COLOR_BUFFER_BIT);
    GLubyte px[4];
    glReadPixels(6, 16, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 0, "drawn while compiling a display list");
    glCallList(list);
    expect_error(GL_NO_ERROR, "display list");
    expect_quads(0, "display list restart");
    glDeleteLists(list, 1);

    /* Errors. */
    glPrimitiveRestartNV();
    expect_error(GL_INVALID_OPERATION, "glPrimitiveRestartNV outside glBegin/glEnd");
    glBegin(GL_POINTS);
    glPrimitiveRestartIndexNV(3);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glPrimitiveRestartIndexNV inside glBegin/glEnd");
    glGetIntegerv(GL_PRIMITIVE_RESTART_INDEX_NV, &v);
    CHECK(v == 8, "restart index %d after the failed call", v);

    const char *version = (const char *)glGetString(GL_VERSION);
    int major = 0, minor = 0;
    sscanf(version, "%d.%d", &major, &minor);
    if (major * 10 + minor < 31) {
        glEnable(GL_PRIMITIVE_RESTART);
        expect_error(GL_INVALID_ENUM, "glEnable(GL_PRIMITIVE_RESTART) below GL 3.1");
        glIsEnabled(GL_PRIMITIVE_RESTART);
        expect_error(GL_INVALID_ENUM, "glIsEnabled(GL_PRIMITIVE_RESTART) below GL 3.1");
    } else {
        /* GL 3.1's switch is the same state. */
        glEnable(GL_PRIMITIVE_RESTART);
        CHECK(glIsEnabled(GL_PRIMITIVE_RESTART_NV), "GL_PRIMITIVE_RESTART is another state");
        glDisable(GL_PRIMITIVE_RESTART);
        glGetIntegerv(GL_PRIMITIVE_RESTART_INDEX, &v);
        CHECK(v == 8, "GL_PRIMITIVE_RESTART_INDEX %d", v);
        expect_error(GL_NO_ERROR, "GL 3.1 primitive restart");
    }
    return close_test_window(&w);
}
