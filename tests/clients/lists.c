/*
 * lists.c: display lists through the public API — compile vs compile-and-
 * execute, replayed state (colours, matrices), nesting, glCallLists with a
 * base and every name encoding tested here, errors deferred to execution,
 * commands that execute at once while compiling, and the list queries.
 * Prints one line per failed check and PASS when all hold.
 */
#include "common.h"
#include <GL/gl.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <stdio.h>

static void color(GLfloat out[4]) { glGetFloatv(GL_CURRENT_COLOR, out); }

/* The back buffer's pixel (x, y) as 0-255 RGB. */
static void pixel(int x, int y, GLubyte out[3])
{
    GLubyte p[4];
    glReadBuffer(GL_BACK);
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
    out[0] = p[0];
    out[1] = p[1];
    out[2] = p[2];
}

#define CHECK_PIXEL(x, y, r, g, b, what)                                       \
    do {                                                                       \
        GLubyte px_[3];                                                        \
        pixel(x, y, px_);                                                      \
        CHECK(px_[0] == (r) && px_[1] == (g) && px_[2] == (b),                 \
              "%s: pixel (%d,%d) = %d %d %d, expected %d %d %d", what, x, y,  \
              px_[0], px_[1], px_[2], r, g, b);                                \
    } while (0)

/* Vertices, Begin and End compiled into lists apart from one another
 * (gl-1.0-dlist-beginend): every piece runs where it is called. */
static void begin_end_across_lists(void)
{
    GLuint l = glGenLists(3);

    /* A list of vertices without Begin/End, called inside Begin/End. */
    glNewList(l, GL_COMPILE);
    glColor3f(0, 1, 0);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEndList();
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_QUADS);
    glCallList(l);
    glEnd();
    expect_error(GL_NO_ERROR, "vertex list inside Begin/End");
    CHECK_PIXEL(16, 16, 0, 255, 0, "vertex list inside Begin/End");

    /* The same from a list compiled between Begin and End. */
    glNewList(l + 1, GL_COMPILE);
    glBegin(GL_QUADS);
    glCallList(l);
    glEnd();
    glEndList();
    glClear(GL_COLOR_BUFFER_BIT);
    glCallList(l + 1);
    expect_error(GL_NO_ERROR, "nested vertex list");
    CHECK_PIXEL(16, 16, 0, 255, 0, "nested vertex list");

    /* A list that begins a primitive and one that ends it. */
    glNewList(l + 1, GL_COMPILE);
    glBegin(GL_QUADS);
    glEndList();
    expect_error(GL_NO_ERROR, "glEndList after a compiled glBegin");
    GLint idx;
    glGetIntegerv(GL_LIST_INDEX, &idx);
    CHECK(idx == 0, "still compiling after glEndList (list %d)", idx);
    glNewList(l + 2, GL_COMPILE);
    glEnd();
    glEndList();
    expect_error(GL_NO_ERROR, "compiling a lone glEnd");
    glClear(GL_COLOR_BUFFER_BIT);
    glCallList(l + 1);
    glCallList(l);
    glCallList(l + 2);
    expect_error(GL_NO_ERROR, "Begin, vertices and End from three lists");
    CHECK_PIXEL(16, 16, 0, 255, 0, "Begin, vertices and End from three lists");

    /* A command that is illegal between Begin and End keeps its place. */
    glNewList(l + 1, GL_COMPILE);
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glClear(GL_COLOR_BUFFER_BIT);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEnd();
    glEndList();
    expect_error(GL_NO_ERROR, "compiling glClear between Begin and End");
    glCallList(l + 1);
    expect_error(GL_INVALID_OPERATION, "recorded glClear between Begin and End");

    glDeleteLists(l, 3);
}

/* Commands that are errors between Begin and End (gl-1.0-beginend-coverage):
 * compiled between a compiled Begin and End they are recorded and fail when
 * the list runs (and at once under GL_COMPILE_AND_EXECUTE). */
static void errors_between_begin_end(void)
{
    static GLubyte bits[64];
    static const GLfloat verts[2] = { 0, 0 };
    GLuint l = glGenLists(1);
    GLdouble plane[4];
    GLfloat f[4];
    GLvoid *ptr;

    glNewList(l, GL_COMPILE_AND_EXECUTE);
    glBegin(GL_POINTS);
    glBitmap(1, 1, 0, 0, 0, 0, bits);
    glEnd();
    glEndList();
    expect_error(GL_INVALID_OPERATION, "glBitmap compiled and executed inside Begin/End");
    glCallList(l);
    expect_error(GL_INVALID_OPERATION, "glBitmap recorded inside Begin/End");

    glNewList(l, GL_COMPILE_AND_EXECUTE);
    glBegin(GL_POINTS);
    glPixelMapfv(GL_PIXEL_MAP_S_TO_S, 1, f);
    glEnd();
    glEndList();
    expect_error(GL_INVALID_OPERATION, "glPixelMapfv compiled and executed inside Begin/End");
    glCallList(l);
    expect_error(GL_INVALID_OPERATION, "glPixelMapfv recorded inside Begin/End");

    glVertexPointer(2, GL_FLOAT, 0, verts);
    glEnableClientState(GL_VERTEX_ARRAY);
    glNewList(l, GL_COMPILE);
    glBegin(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, 1);
    glEnd();
    glEndList();
    expect_error(GL_NO_ERROR, "compiling glDrawArrays inside Begin/End");
    glCallList(l);
    expect_error(GL_INVALID_OPERATION, "glDrawArrays recorded inside Begin/End");
    glDisableClientState(GL_VERTEX_ARRAY);
    glDeleteLists(l, 1);

    glBegin(GL_POINTS);
    glGetClipPlane(0, plane); /* a bad plane too: Begin/End comes first */
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glGetClipPlane inside Begin/End");
    glBegin(GL_POINTS);
    glGetTexGenfv(GL_S, GL_OBJECT_PLANE, f);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glGetTexGenfv inside Begin/End");
    glBegin(GL_POINTS);
    glGetPointerv(GL_VERTEX_ARRAY_POINTER, &ptr);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glGetPointerv inside Begin/End");

    /* Scalar forms of vector parameters take (param, 0, 0, 0), as Mesa. */
    glTexGenf(GL_S, GL_OBJECT_PLANE, 2);
    expect_error(GL_NO_ERROR, "glTexGenf(GL_OBJECT_PLANE)");
    glGetTexGenfv(GL_S, GL_OBJECT_PLANE, f);
    CHECK(f[0] == 2 && f[1] == 0 && f[3] == 0, "object plane %g %g %g %g", f[0], f[1], f[2], f[3]);
    glTexGenfv(GL_S, GL_OBJECT_PLANE, (GLfloat[]){ 1, 0, 0, 0 });
}

/* Attributes a list does not set before a vertex take their values when the
 * list runs, also in a primitive compiled before the list sets them. */
static void unset_attributes_at_execution(void)
{
    GLuint l = glGenLists(1);
    glColor3f(0, 0, 1); /* current while compiling: must not be used */
    glNewList(l, GL_COMPILE);
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(0, -1);
    glVertex2f(0, 1);
    glVertex2f(-1, 1);
    glEnd();
    glBegin(GL_QUADS);
    glColor3f(0, 1, 0);
    glVertex2f(0, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(0, 1);
    glEnd();
    glEndList();
    glClear(GL_COLOR_BUFFER_BIT);
    glColor3f(1, 0, 0);
    glCallList(l);
    expect_error(GL_NO_ERROR, "list of two quads");
    CHECK_PIXEL(8, 16, 255, 0, 0, "first quad takes the colour current at execution");
    CHECK_PIXEL(24, 16, 0, 255, 0, "second quad takes the list's colour");
    glDeleteLists(l, 1);
}

int main(void)
{
    struct test_window t = open_test_window();

    GLfloat c[4], m[16];
    GLint v;
    GLuint base = glGenLists(4);
    CHECK(base != 0, "glGenLists(4) = 0");
    CHECK(glIsList(base) && glIsList(base + 3) && !glIsList(base + 4), "names reserved");

    /* GL_COMPILE: nothing happens until the list is called. */
    glColor3f(1, 1, 1);
    glNewList(base, GL_COMPILE);
    glGetIntegerv(GL_LIST_INDEX, &v);
    CHECK(v == (GLint)base, "GL_LIST_INDEX %d", v);
    glGetIntegerv(GL_LIST_MODE, &v);
    CHECK(v == GL_COMPILE, "GL_LIST_MODE 0x%x", v);
    glColor3f(1, 0, 0);
    glTranslatef(1, 2, 3);
    glPixelStorei(GL_PACK_ALIGNMENT, 2); /* not compiled: executes now */
    glMatrixMode(0x1234);                /* compiled: its error comes at execution */
    glEndList();
    expect_error(GL_NO_ERROR, "compiling");
    glGetIntegerv(GL_PACK_ALIGNMENT, &v);
    CHECK(v == 2, "glPixelStorei executed while compiling (%d)", v);
    color(c);
    CHECK(c[0] == 1 && c[1] == 1, "colour unchanged by GL_COMPILE: %g %g", c[0], c[1]);
    glGetFloatv(GL_MODELVIEW_MATRIX, m);
    CHECK(m[12] == 0, "matrix unchanged by GL_COMPILE: %g", m[12]);
    glCallList(base);
    expect_error(GL_INVALID_ENUM, "recorded glMatrixMode(bad) errs at execution");
    color(c);
    CHECK(c[0] == 1 && c[1] == 0 && c[2] == 0, "glCallList set the colour: %g %g %g", c[0], c[1], c[2]);
    glGetFloatv(GL_MODELVIEW_MATRIX, m);
    CHECK(m[12] == 1 && m[13] == 2 && m[14] == 3, "glCallList translated: %g %g %g", m[12], m[13], m[14]);

    /* GL_COMPILE_AND_EXECUTE, nesting, vertices with a colour. */
    glLoadIdentity();
    glNewList(base + 1, GL_COMPILE_AND_EXECUTE);
    glScalef(2, 2, 2);
    glCallList(base);
    glEndList();
    expect_error(GL_INVALID_ENUM, "compile-and-execute ran the nested list");
    glGetFloatv(GL_MODELVIEW_MATRIX, m);
    CHECK(m[0] == 2 && m[12] == 2, "compile-and-execute: %g %g", m[0], m[12]);
    glLoadIdentity();
    glCallList(base + 1);
    glGetError();
    glGetFloatv(GL_MODELVIEW_MATRIX, m);
    CHECK(m[0] == 2 && m[12] == 2 && m[13] == 4, "replay of the nested list: %g %g %g", m[0], m[12], m[13]);

    glColor3f(1, 1, 1);
    glNewList(base + 2, GL_COMPILE);
    glBegin(GL_TRIANGLES);
    glVertex2f(0, 0);
    glColor3f(0, 1, 0);
    glVertex2f(1, 0);
    glVertex2f(0, 1);
    glEnd();
    glEndList();
    color(c);
    CHECK(c[0] == 1 && c[1] == 1, "vertices compiled, colour untouched: %g %g", c[0], c[1]);
    glCallList(base + 2);
    expect_error(GL_NO_ERROR, "drawing list");
    color(c);
    CHECK(c[0] == 0 && c[1] == 1 && c[2] == 0, "colour set inside the list's Begin/End is current after: %g %g %g", c[0], c[1], c[2]);

    /* glCallLists with a base and 2-byte names. */
    glNewList(base + 3, GL_COMPILE);
    glColor3f(0, 0, 1);
    glEndList();
    glListBase(base);
    GLubyte names[] = { 0, 3 };
    glColor3f(1, 1, 1);
    glCallLists(1, GL_2_BYTES, names);
    color(c);
    CHECK(c[0] == 0 && c[2] == 1, "glCallLists(GL_2_BYTES) called base+3: %g %g", c[0], c[2]);
    glCallLists(1, 0x1234, names);
    expect_error(GL_INVALID_ENUM, "glCallLists bad type");
    glCallLists(-1, GL_UNSIGNED_BYTE, names);
    expect_error(GL_INVALID_VALUE, "glCallLists negative count");
    glGetIntegerv(GL_LIST_BASE, &v);
    CHECK(v == (GLint)base, "GL_LIST_BASE %d", v);

    /* Errors. */
    glNewList(0, GL_COMPILE);
    expect_error(GL_INVALID_VALUE, "glNewList(0)");
    glNewList(base, 0x1234);
    expect_error(GL_INVALID_ENUM, "glNewList bad mode");
    glEndList();
    expect_error(GL_INVALID_OPERATION, "glEndList without glNewList");
    glNewList(base, GL_COMPILE);
    glNewList(base + 1, GL_COMPILE);
    expect_error(GL_INVALID_OPERATION, "glNewList while compiling");
    glEndList();
    glDeleteLists(base, 4);
    CHECK(!glIsList(base) && !glIsList(base + 3), "deleted");
    glDeleteLists(base, -1);
    expect_error(GL_INVALID_VALUE, "glDeleteLists negative range");
    glCallList(base); /* a missing list is not an error */
    expect_error(GL_NO_ERROR, "calling a deleted list");

    glLoadIdentity();
    glClearColor(0, 0, 0, 1);
    begin_end_across_lists();
    errors_between_begin_end();
    unset_attributes_at_execution();

    return close_test_window(&t);
}
