/*
 * arrays.c: vertex array state and array draws through the public API —
 * pointer commands and their errors, client-state enables, VAOs (with the
 * element-array binding as VAO state), glInterleavedArrays, and the errors of
 * glDrawArrays / glDrawElements / glDrawRangeElements (including reading past
 * an element buffer). Prints one line per failed check and PASS.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/gl.h>
#include <GL/glext.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    struct test_window t = open_test_window();

    static const GLfloat verts[] = { 0, 0, 1, 0, 0, 1, 1, 1 };
    static const GLubyte colors[] = { 255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 9 };
    GLint v;
    void *p;

    glVertexPointer(2, GL_FLOAT, 0, verts);
    glColorPointer(GL_BGRA, GL_UNSIGNED_BYTE, 0, colors);
    expect_error(GL_NO_ERROR, "pointers");
    glGetIntegerv(GL_COLOR_ARRAY_SIZE, &v);
    CHECK(v == GL_BGRA, "colour array size 0x%x", v);
    glGetPointerv(GL_VERTEX_ARRAY_POINTER, &p);
    CHECK(p == verts, "vertex pointer %p", p);
    glVertexPointer(1, GL_FLOAT, 0, verts);
    expect_error(GL_INVALID_VALUE, "glVertexPointer size 1");
    glVertexPointer(2, GL_UNSIGNED_BYTE, 0, verts);
    expect_error(GL_INVALID_ENUM, "glVertexPointer ubyte");
    glVertexPointer(2, GL_FLOAT, -1, verts);
    expect_error(GL_INVALID_VALUE, "negative stride");
    /* Mesa 22.3 keeps a negative stride despite the error: set it again so the
     * draws below are valid on both implementations. */
    glVertexPointer(2, GL_FLOAT, 0, verts);
    glColorPointer(GL_BGRA, GL_FLOAT, 0, colors);
    expect_error(GL_INVALID_OPERATION, "BGRA with float");
    glNormalPointer(GL_UNSIGNED_BYTE, 0, verts);
    expect_error(GL_INVALID_ENUM, "unsigned normals");

    CHECK(!glIsEnabled(GL_VERTEX_ARRAY), "vertex array disabled at start");
    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);
    CHECK(glIsEnabled(GL_VERTEX_ARRAY) && glIsEnabled(GL_COLOR_ARRAY), "client state enabled");
    glEnableClientState(0x1234);
    expect_error(GL_INVALID_ENUM, "glEnableClientState(bad)");

    /* Draws from client arrays. */
    static const GLushort idx[] = { 0, 1, 2, 2, 1, 3 };
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, idx);
    glDrawRangeElements(GL_TRIANGLES, 0, 3, 6, GL_UNSIGNED_SHORT, idx);
    expect_error(GL_NO_ERROR, "draws");
    glDrawArrays(GL_TRIANGLES, 0, -1);
    expect_error(GL_INVALID_VALUE, "negative count");
    glDrawArrays(0x7777, 0, 3);
    expect_error(GL_INVALID_ENUM, "bad mode");
    glDrawElements(GL_TRIANGLES, 6, GL_FLOAT, idx);
    expect_error(GL_INVALID_ENUM, "float indices");
    glDrawRangeElements(GL_TRIANGLES, 3, 0, 6, GL_UNSIGNED_SHORT, idx);
    expect_error(GL_INVALID_VALUE, "end < start");
    glBegin(GL_TRIANGLES);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glDrawArrays inside Begin/End");

    /* Buffers: arrays and indices from buffer objects; an index range past
     * the element buffer's end is an error, not an out-of-bounds read. */
    GLuint bufs[2];
    glGenBuffers(2, bufs);
    glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
    glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW);
    glVertexPointer(2, GL_FLOAT, 0, (void *)0);
    glGetIntegerv(GL_VERTEX_ARRAY_BUFFER_BINDING, &v);
    CHECK(v == (GLint)bufs[0], "vertex array buffer binding %d", v);
    glDisableClientState(GL_COLOR_ARRAY);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[1]);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
    glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)0);
    expect_error(GL_NO_ERROR, "buffer draw");
    /* Mesa does not bounds-check buffer reads (it reads past the end), so
     * these two run only on oxgl, which must refuse them. */
    if (strcmp((const char *)glGetString(GL_VENDOR), "oxgl") == 0) {
        glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)4);
        expect_error(GL_INVALID_OPERATION, "indices past the element buffer");
        glDrawArrays(GL_TRIANGLES, 0, 100000);
        expect_error(GL_INVALID_OPERATION, "vertices past the array buffer");
    }

    /* VAOs own the element-array binding. */
    GLuint vao;
    glGenVertexArrays(1, &vao);
    CHECK(!glIsVertexArray(vao), "generated but unbound VAO");
    glBindVertexArray(vao);
    CHECK(glIsVertexArray(vao), "bound VAO");
    glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &v);
    CHECK(v == 0, "new VAO has no element buffer (%d)", v);
    CHECK(!glIsEnabled(GL_VERTEX_ARRAY), "new VAO has no enabled arrays");
    glBindVertexArray(0);
    glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &v);
    CHECK(v == (GLint)bufs[1], "default VAO kept its element buffer (%d)", v);
    CHECK(glIsEnabled(GL_VERTEX_ARRAY), "default VAO kept its enables");
    glBindVertexArray(4242);
    expect_error(GL_INVALID_OPERATION, "bind of an unknown VAO");
    glDeleteVertexArrays(1, &vao);
    CHECK(!glIsVertexArray(vao), "deleted VAO");

    /* Interleaved arrays. */
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    static GLfloat inter[4 * 6];
    glInterleavedArrays(GL_C3F_V3F, 0, inter);
    expect_error(GL_NO_ERROR, "glInterleavedArrays");
    glGetIntegerv(GL_COLOR_ARRAY_STRIDE, &v);
    CHECK(v == 24, "C3F_V3F stride %d", v);
    glGetPointerv(GL_VERTEX_ARRAY_POINTER, &p);
    CHECK(p == (char *)inter + 12, "C3F_V3F vertex pointer offset %ld", (long)((char *)p - (char *)inter));
    CHECK(glIsEnabled(GL_COLOR_ARRAY) && !glIsEnabled(GL_NORMAL_ARRAY), "C3F_V3F enables");
    glInterleavedArrays(0x1234, 0, inter);
    expect_error(GL_INVALID_ENUM, "bad interleaved format");

    /* glEnable/glDisable of a client array act as glEnable/DisableClientState
     * in a compatibility context, as in Mesa (gl-1.1-color-material-array,
     * line-flat-clip-color). */
    glDisableClientState(GL_COLOR_ARRAY);
    glEnable(GL_COLOR_ARRAY);
    expect_error(GL_NO_ERROR, "glEnable(GL_COLOR_ARRAY)");
    CHECK(glIsEnabled(GL_COLOR_ARRAY), "glEnable(GL_COLOR_ARRAY) enabled the array");
    glDisable(GL_COLOR_ARRAY);
    expect_error(GL_NO_ERROR, "glDisable(GL_COLOR_ARRAY)");
    CHECK(!glIsEnabled(GL_COLOR_ARRAY), "glDisable(GL_COLOR_ARRAY) disabled the array");
    {
        static const GLfloat quad[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
        static const GLfloat green[4][3] = { { 0, 1, 0 }, { 0, 1, 0 }, { 0, 1, 0 }, { 0, 1, 0 } };
        GLubyte px[4];
        glDisableClientState(GL_VERTEX_ARRAY);
        glDisableClientState(GL_NORMAL_ARRAY);
        glDisableClientState(GL_TEXTURE_COORD_ARRAY);
        glVertexPointer(2, GL_FLOAT, 0, quad);
        glColorPointer(3, GL_FLOAT, 0, green);
        glEnable(GL_VERTEX_ARRAY);
        glEnable(GL_COLOR_ARRAY);
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_QUADS, 0, 4);
        glReadPixels(16, 16, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
        CHECK(px[0] == 0 && px[1] == 255, "arrays enabled by glEnable drew %d %d %d", px[0], px[1], px[2]);
        glDisable(GL_VERTEX_ARRAY);
        glDisable(GL_COLOR_ARRAY);
    }

    return close_test_window(&t);
}
