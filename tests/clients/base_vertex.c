/*
 * base_vertex.c: GL_ARB_draw_elements_base_vertex (GL 3.2) by its pixels.
 *
 * Three quads, each four vertices of one colour (red, green, blue), lie
 * side by side in one vertex array; one index list {0,1,2, 0,2,3} names
 * the first. A base vertex of 4 or 8 must draw the second or third quad
 * instead: glDrawElementsBaseVertex (client indices and an element
 * buffer), glDrawRangeElementsBaseVertex, glDrawElementsInstancedBaseVertex
 * (one instance; none draws nothing), glMultiDrawElementsBaseVertex (a
 * base per draw), a negative base vertex, and each command's errors.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -o base_vertex
 * tests/clients/base_vertex.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>

static const GLubyte quad_index[6] = { 0, 1, 2, 0, 2, 3 };
static GLfloat pos[12][2];
static GLubyte col[12][4];

/* The quads' centres, and what a pixel there must be: lit (the quad's
 * colour) or black. `lit` is a mask of quads. */
static void expect_quads(unsigned lit, const char *what)
{
    static const GLubyte colours[3][3] = { { 255, 0, 0 }, { 0, 255, 0 }, { 0, 0, 255 } };
    char label[160];
    for (int q = 0; q < 3; q++) {
        const GLubyte *c = (lit >> q) & 1 ? colours[q] : (const GLubyte[3]){ 0, 0, 0 };
        snprintf(label, sizeof label, "%s, quad %d", what, q);
        CHECK_RGBA(5 + 10 * q, 5, c[0], c[1], c[2], 255, 0, label);
    }
}

static void clear(void)
{
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
}

int main(void)
{
    struct test_window t = open_pixel_window(32);
    CHECK(has_extension("GL_ARB_draw_elements_base_vertex"),
          "GL_ARB_draw_elements_base_vertex is not advertised");
    for (int q = 0; q < 3; q++) {
        float x0 = 1 + 10 * q, x1 = x0 + 8;
        float corners[4][2] = { { x0, 1 }, { x1, 1 }, { x1, 9 }, { x0, 9 } };
        for (int v = 0; v < 4; v++) {
            pos[4 * q + v][0] = corners[v][0];
            pos[4 * q + v][1] = corners[v][1];
            GLubyte c[4] = { q == 0 ? 255 : 0, q == 1 ? 255 : 0, q == 2 ? 255 : 0, 255 };
            memcpy(col[4 * q + v], c, 4);
        }
    }
    glVertexPointer(2, GL_FLOAT, 0, pos);
    glColorPointer(4, GL_UNSIGNED_BYTE, 0, col);
    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);

    clear();
    glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, quad_index, 0);
    expect_quads(1, "glDrawElementsBaseVertex(base 0)");
    clear();
    glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, quad_index, 4);
    expect_quads(2, "glDrawElementsBaseVertex(base 4)");
    clear();
    static const GLuint high_index[6] = { 8, 9, 10, 8, 10, 11 };
    glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_INT, high_index, -8);
    expect_quads(1, "glDrawElementsBaseVertex(base -8)");

    /* Indices in an element buffer, as 16-bit values at an offset. */
    GLushort buffered[8] = { 99, 99, 0, 1, 2, 0, 2, 3 };
    GLuint ebo;
    glGenBuffers(1, &ebo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof buffered, buffered, GL_STATIC_DRAW);
    clear();
    glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)(2 * sizeof(GLushort)),
                             8);
    expect_quads(4, "glDrawElementsBaseVertex(element buffer, base 8)");
    clear();
    glDrawRangeElementsBaseVertex(GL_TRIANGLES, 0, 3, 6, GL_UNSIGNED_SHORT,
                                  (void *)(2 * sizeof(GLushort)), 4);
    expect_quads(2, "glDrawRangeElementsBaseVertex(0..3, base 4)");
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);

    clear();
    glDrawElementsInstancedBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, quad_index, 1, 8);
    expect_quads(4, "glDrawElementsInstancedBaseVertex(1 instance, base 8)");
    clear();
    glDrawElementsInstancedBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, quad_index, 0, 8);
    expect_quads(0, "glDrawElementsInstancedBaseVertex(0 instances)");

    /* One base per draw: quads 0 and 2, not 1. */
    GLsizei counts[2] = { 6, 6 };
    const void *lists[2] = { quad_index, quad_index };
    GLint bases[2] = { 0, 8 };
    clear();
    glMultiDrawElementsBaseVertex(GL_TRIANGLES, counts, GL_UNSIGNED_BYTE, lists, 2, bases);
    expect_quads(5, "glMultiDrawElementsBaseVertex(bases 0, 8)");
    /* Quads 1 and 2 in one draw: the base applies to every index. */
    static const GLubyte two_quads[12] = { 0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7 };
    clear();
    glDrawElementsBaseVertex(GL_TRIANGLES, 12, GL_UNSIGNED_BYTE, two_quads, 4);
    expect_quads(6, "glDrawElementsBaseVertex(two quads, base 4)");
    expect_error(GL_NO_ERROR, "the draws");

    /* Errors: as glDrawElements's, nothing drawn. */
    clear();
    glDrawElementsBaseVertex(GL_TRIANGLES, -1, GL_UNSIGNED_BYTE, quad_index, 4);
    expect_error(GL_INVALID_VALUE, "glDrawElementsBaseVertex(count -1)");
    glDrawElementsBaseVertex(0x7fff, 6, GL_UNSIGNED_BYTE, quad_index, 4);
    expect_error(GL_INVALID_ENUM, "glDrawElementsBaseVertex(bad mode)");
    glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_FLOAT, quad_index, 4);
    expect_error(GL_INVALID_ENUM, "glDrawElementsBaseVertex(GL_FLOAT indices)");
    glDrawRangeElementsBaseVertex(GL_TRIANGLES, 3, 0, 6, GL_UNSIGNED_BYTE, quad_index, 4);
    expect_error(GL_INVALID_VALUE, "glDrawRangeElementsBaseVertex(end < start)");
    glDrawRangeElementsBaseVertex(GL_TRIANGLES, 0, 3, -1, GL_UNSIGNED_BYTE, quad_index, 4);
    expect_error(GL_INVALID_VALUE, "glDrawRangeElementsBaseVertex(count -1)");
    glDrawElementsInstancedBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, quad_index, -1, 4);
    expect_error(GL_INVALID_VALUE, "glDrawElementsInstancedBaseVertex(instances -1)");
    glMultiDrawElementsBaseVertex(GL_TRIANGLES, counts, GL_UNSIGNED_BYTE, lists, -1, bases);
    expect_error(GL_INVALID_VALUE, "glMultiDrawElementsBaseVertex(drawcount -1)");
    glMultiDrawElementsBaseVertex(GL_TRIANGLES, counts, GL_FLOAT, lists, 2, bases);
    expect_error(GL_INVALID_ENUM, "glMultiDrawElementsBaseVertex(GL_FLOAT indices)");
    GLsizei bad_counts[2] = { 6, -1 };
    glMultiDrawElementsBaseVertex(GL_TRIANGLES, bad_counts, GL_UNSIGNED_BYTE, lists, 2, bases);
    expect_error(GL_INVALID_VALUE, "glMultiDrawElementsBaseVertex(a count -1)");
    glBegin(GL_TRIANGLES);
    glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, quad_index, 4);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glDrawElementsBaseVertex inside glBegin");
    expect_quads(0, "after the failed draws");

    return close_test_window(&t);
}
