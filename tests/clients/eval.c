/*
 * eval.c: evaluators — glMap1/glMap2 state (glGetMap round trip, defaults,
 * errors), glMapGrid state, glEvalMesh1/2 and glEvalCoord/glEvalPoint drawn
 * in a 64x64 window and read back (curve points, lines, a filled patch with
 * a colour map, automatic normals under lighting, VERTEX_4 over VERTEX_3),
 * the current attributes left unchanged by an evaluated colour, display
 * lists. Prints FAIL lines and PASS when all hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <math.h>
#include <string.h>

typedef void (*getn_map_fv)(GLenum, GLenum, GLsizei, GLfloat *);

static void pixel(int x, int y, GLubyte out[4])
{
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

static int near(int a, int b, int tol)
{
    return abs(a - b) <= tol;
}

#define CHECK_PIXEL(x, y, r, g, b, tol, what)                                    \
    do {                                                                         \
        GLubyte p_[4];                                                           \
        pixel(x, y, p_);                                                         \
        CHECK(near(p_[0], r, tol) && near(p_[1], g, tol) && near(p_[2], b, tol), \
              "%s: pixel (%d,%d) = %d %d %d, expected %d %d %d", what, x, y,     \
              p_[0], p_[1], p_[2], r, g, b);                                     \
    } while (0)

static void clear(void)
{
    glClear(GL_COLOR_BUFFER_BIT);
}

int main(void)
{
    int attribs[] = { GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, None };
    struct test_window t = open_window_with(attribs, 64);
    glViewport(0, 0, 64, 64);
    glClearColor(0, 0, 0, 0);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, 64, 0, 64, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glDrawBuffer(GL_BACK);
    glReadBuffer(GL_BACK);
    clear();

    GLint iv[32];
    GLfloat fv[64];
    GLdouble dv[8];

    /* Defaults and limits. */
    glGetIntegerv(GL_MAX_EVAL_ORDER, iv);
    CHECK(iv[0] == 30, "GL_MAX_EVAL_ORDER %d", iv[0]);
    glGetMapiv(GL_MAP1_VERTEX_3, GL_ORDER, iv);
    CHECK(iv[0] == 1, "default order %d", iv[0]);
    glGetMapfv(GL_MAP2_COLOR_4, GL_DOMAIN, fv);
    CHECK(fv[0] == 0 && fv[1] == 1 && fv[2] == 0 && fv[3] == 1, "default 2D domain %g %g %g %g",
          fv[0], fv[1], fv[2], fv[3]);
    glGetMapfv(GL_MAP1_COLOR_4, GL_COEFF, fv);
    CHECK(fv[0] == 1 && fv[1] == 1 && fv[2] == 1 && fv[3] == 1, "default colour point");
    glGetMapfv(GL_MAP1_NORMAL, GL_COEFF, fv);
    CHECK(fv[0] == 0 && fv[1] == 0 && fv[2] == 1, "default normal point");
    glGetIntegerv(GL_MAP1_GRID_SEGMENTS, iv);
    CHECK(iv[0] == 1, "default grid segments %d", iv[0]);
    CHECK(!glIsEnabled(GL_MAP1_VERTEX_3) && !glIsEnabled(GL_AUTO_NORMAL), "maps start disabled");
    expect_error(GL_NO_ERROR, "defaults");

    /* glMap1 round trip, with a stride larger than a point. */
    {
        GLfloat pts[] = { 1, 2, 3, 99, 4, 5, 6, 99, 7.5f, -8.5f, 9, 99 };
        glMap1f(GL_MAP1_VERTEX_3, 2, 5, 4, 3, pts);
        expect_error(GL_NO_ERROR, "glMap1f");
        glGetMapiv(GL_MAP1_VERTEX_3, GL_ORDER, iv);
        CHECK(iv[0] == 3, "order %d", iv[0]);
        glGetMapdv(GL_MAP1_VERTEX_3, GL_DOMAIN, dv);
        CHECK(dv[0] == 2 && dv[1] == 5, "domain %g %g", dv[0], dv[1]);
        glGetMapfv(GL_MAP1_VERTEX_3, GL_COEFF, fv);
        CHECK(fv[0] == 1 && fv[2] == 3 && fv[3] == 4 && fv[5] == 6 && fv[6] == 7.5f && fv[7] == -8.5f &&
                  fv[8] == 9,
              "coefficients %g %g %g %g %g %g %g %g %g", fv[0], fv[1], fv[2], fv[3], fv[4], fv[5],
              fv[6], fv[7], fv[8]);
        glGetMapiv(GL_MAP1_VERTEX_3, GL_COEFF, iv);
        CHECK(iv[6] == 8 && iv[7] == -9, "integer coefficients round: %d %d", iv[6], iv[7]);
        GLdouble dpts[] = { 0, 0, 0, 1, 1, 1, 1, 1 };
        glMap1d(GL_MAP1_COLOR_4, 0, 1, 4, 2, dpts);
        glGetMapfv(GL_MAP1_COLOR_4, GL_COEFF, fv);
        CHECK(fv[0] == 0 && fv[3] == 1 && fv[4] == 1 && fv[7] == 1, "glMap1d coefficients");
    }

    /* glMap2 round trip: points stored u-major. */
    {
        /* ustride 8, vstride 4: point (i, j) at 8i + 4j. */
        GLfloat pts[16];
        for (int i = 0; i < 16; i++)
            pts[i] = (GLfloat)i;
        glMap2f(GL_MAP2_COLOR_4, 0, 2, 8, 2, -1, 1, 4, 2, pts);
        expect_error(GL_NO_ERROR, "glMap2f");
        glGetMapiv(GL_MAP2_COLOR_4, GL_ORDER, iv);
        CHECK(iv[0] == 2 && iv[1] == 2, "2D order %d %d", iv[0], iv[1]);
        glGetMapfv(GL_MAP2_COLOR_4, GL_DOMAIN, fv);
        CHECK(fv[0] == 0 && fv[1] == 2 && fv[2] == -1 && fv[3] == 1, "2D domain %g %g %g %g",
              fv[0], fv[1], fv[2], fv[3]);
        glGetMapfv(GL_MAP2_COLOR_4, GL_COEFF, fv);
        int same = 1;
        for (int i = 0; i < 16; i++)
            same &= fv[i] == (GLfloat)i;
        CHECK(same, "2D coefficients");
        /* vstride 8, ustride 4: (i, j) at 4i + 8j, returned u-major. */
        glMap2f(GL_MAP2_TEXTURE_COORD_2, 0, 1, 2, 2, 0, 1, 4, 3, pts);
        glGetMapfv(GL_MAP2_TEXTURE_COORD_2, GL_COEFF, fv);
        CHECK(fv[0] == 0 && fv[1] == 1 && fv[2] == 4 && fv[3] == 5 && fv[4] == 8 && fv[6] == 2 &&
                  fv[8] == 6,
              "2D coefficients with a v-major layout: %g %g %g %g %g %g %g", fv[0], fv[1], fv[2],
              fv[3], fv[4], fv[6], fv[8]);
        getn_map_fv getn = (getn_map_fv)glXGetProcAddressARB((const GLubyte *)"glGetnMapfvARB");
        if (getn) {
            getn(GL_MAP2_COLOR_4, GL_COEFF, 15 * sizeof(GLfloat), fv);
            expect_error(GL_INVALID_OPERATION, "glGetnMapfv with a small buffer");
            getn(GL_MAP2_COLOR_4, GL_ORDER, 2 * sizeof(GLfloat), fv);
            expect_error(GL_NO_ERROR, "glGetnMapfv");
            CHECK(fv[0] == 2 && fv[1] == 2, "glGetnMapfv order");
        }
    }

    /* Grids. */
    glMapGrid2f(10, 0, 1, 5, 0.5f, 1.5f);
    glGetIntegerv(GL_MAP2_GRID_SEGMENTS, iv);
    CHECK(iv[0] == 10 && iv[1] == 5, "grid segments %d %d", iv[0], iv[1]);
    glGetFloatv(GL_MAP2_GRID_DOMAIN, fv);
    CHECK(fv[0] == 0 && fv[1] == 1 && fv[2] == 0.5f && fv[3] == 1.5f, "grid domain %g %g %g %g",
          fv[0], fv[1], fv[2], fv[3]);
    glMapGrid1d(4, -1, 3);
    glGetFloatv(GL_MAP1_GRID_DOMAIN, fv);
    glGetIntegerv(GL_MAP1_GRID_SEGMENTS, iv);
    CHECK(fv[0] == -1 && fv[1] == 3 && iv[0] == 4, "1D grid");
    glEnable(GL_MAP1_VERTEX_3);
    glEnable(GL_AUTO_NORMAL);
    GLboolean b;
    glGetBooleanv(GL_MAP1_VERTEX_3, &b);
    CHECK(b && glIsEnabled(GL_AUTO_NORMAL), "enables");
    glDisable(GL_MAP1_VERTEX_3);
    glDisable(GL_AUTO_NORMAL);
    CHECK(!glIsEnabled(GL_MAP1_VERTEX_3), "glDisable");
    expect_error(GL_NO_ERROR, "grids and enables");

    /* Errors. */
    {
        GLfloat pts[64] = { 0 };
        glMap1f(0x1234, 0, 1, 3, 2, pts);
        expect_error(GL_INVALID_ENUM, "glMap1 bad target");
        glMap1f(GL_MAP2_VERTEX_3, 0, 1, 3, 2, pts);
        expect_error(GL_INVALID_ENUM, "glMap1 with a 2D target");
        glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 0, pts);
        expect_error(GL_INVALID_VALUE, "glMap1 order 0");
        glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 31, pts);
        expect_error(GL_INVALID_VALUE, "glMap1 order 31");
        glMap1f(GL_MAP1_VERTEX_3, 1, 1, 3, 2, pts);
        expect_error(GL_INVALID_VALUE, "glMap1 u1 == u2");
        glMap1f(GL_MAP1_VERTEX_3, 0, 1, 2, 2, pts);
        expect_error(GL_INVALID_VALUE, "glMap1 stride too small");
        glMap2f(GL_MAP2_VERTEX_3, 0, 1, 3, 2, 1, 1, 6, 2, pts);
        expect_error(GL_INVALID_VALUE, "glMap2 v1 == v2");
        glMap2f(GL_MAP2_VERTEX_3, 0, 1, 3, 2, 0, 1, 6, 0, pts);
        expect_error(GL_INVALID_VALUE, "glMap2 vorder 0");
        glMap2f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, 0, 1, 6, 2, pts);
        expect_error(GL_INVALID_ENUM, "glMap2 with a 1D target");
        glGetMapiv(GL_MAP1_VERTEX_3, GL_ORDER, iv);
        CHECK(iv[0] == 3, "failed glMap1 calls leave the map: order %d", iv[0]);
        glGetMapfv(0x1234, GL_ORDER, fv);
        expect_error(GL_INVALID_ENUM, "glGetMap bad target");
        glGetMapfv(GL_MAP1_VERTEX_3, GL_MAP1_VERTEX_3, fv);
        expect_error(GL_INVALID_ENUM, "glGetMap bad query");
        glMapGrid1f(0, 0, 1);
        expect_error(GL_INVALID_VALUE, "glMapGrid1 un = 0");
        glMapGrid2f(1, 0, 1, -1, 0, 1);
        expect_error(GL_INVALID_VALUE, "glMapGrid2 vn < 0");
        glEvalMesh1(GL_FILL, 0, 1);
        expect_error(GL_INVALID_ENUM, "glEvalMesh1 GL_FILL");
        glEvalMesh2(GL_TRIANGLES, 0, 1, 0, 1);
        expect_error(GL_INVALID_ENUM, "glEvalMesh2 bad mode");
        glBegin(GL_POINTS);
        glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, pts);
        glEnd();
        expect_error(GL_INVALID_OPERATION, "glMap1 inside Begin/End");
        glBegin(GL_POINTS);
        glEvalMesh1(GL_POINT, 0, 1);
        glEnd();
        expect_error(GL_INVALID_OPERATION, "glEvalMesh1 inside Begin/End");
        glBegin(GL_POINTS);
        glEvalCoord1f(0.5f);
        glEvalPoint1(1);
        glEnd();
        expect_error(GL_NO_ERROR, "glEvalCoord and glEvalPoint inside Begin/End");
    }

    glColor3f(1, 1, 1);

    /* A straight quadratic curve as a line strip: y = 10.5, x from 4.5 to 60.5. */
    {
        GLfloat pts[] = { 4.5f, 10.5f, 0, 32.5f, 10.5f, 0, 60.5f, 10.5f, 0 };
        glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 3, pts);
        glEnable(GL_MAP1_VERTEX_3);
        glMapGrid1f(8, 0, 1);
        clear();
        glEvalMesh1(GL_LINE, 0, 8);
        CHECK_PIXEL(20, 10, 255, 255, 255, 0, "EvalMesh1 line");
        CHECK_PIXEL(50, 10, 255, 255, 255, 0, "EvalMesh1 line");
        CHECK_PIXEL(20, 11, 0, 0, 0, 0, "above the EvalMesh1 line");
        CHECK_PIXEL(2, 10, 0, 0, 0, 0, "before the EvalMesh1 line");
        /* Only part of the grid. */
        clear();
        glEvalMesh1(GL_LINE, 4, 8);
        CHECK_PIXEL(20, 10, 0, 0, 0, 0, "EvalMesh1 from i1 = 4");
        CHECK_PIXEL(40, 10, 255, 255, 255, 0, "EvalMesh1 from i1 = 4");
    }

    /* A curved quadratic: at u = 0.5 it passes (32.5, 32.5). */
    {
        GLfloat pts[] = { 10.5f, 10.5f, 0, 32.5f, 54.5f, 0, 54.5f, 10.5f, 0 };
        glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 3, pts);
        glMapGrid1f(2, 0, 1);
        clear();
        glEvalMesh1(GL_POINT, 0, 2);
        CHECK_PIXEL(32, 32, 255, 255, 255, 0, "EvalMesh1 point at u = 0.5");
        CHECK_PIXEL(10, 10, 255, 255, 255, 0, "EvalMesh1 point at u = 0");
        CHECK_PIXEL(54, 10, 255, 255, 255, 0, "EvalMesh1 point at u = 1");
        CHECK_PIXEL(32, 33, 0, 0, 0, 0, "beside the point");
        clear();
        glBegin(GL_POINTS);
        glEvalPoint1(1);
        glEnd();
        CHECK_PIXEL(32, 32, 255, 255, 255, 0, "glEvalPoint1(1)");
        /* With the vertex map disabled nothing is drawn. */
        glDisable(GL_MAP1_VERTEX_3);
        clear();
        glEvalMesh1(GL_POINT, 0, 2);
        glBegin(GL_POINTS);
        glEvalCoord1f(0.5f);
        glEnd();
        CHECK_PIXEL(32, 32, 0, 0, 0, 0, "no vertex map");
        glEnable(GL_MAP1_VERTEX_3);
    }

    /* An evaluated colour: for the vertex only. */
    {
        GLfloat pos[] = { 4.5f, 40.5f, 0, 60.5f, 40.5f, 0 };
        GLfloat col[] = { 1, 0, 0, 1, 0, 0, 1, 1 };
        glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, pos);
        glMap1f(GL_MAP1_COLOR_4, 0, 1, 4, 2, col);
        glEnable(GL_MAP1_COLOR_4);
        glColor4f(0.25f, 0.5f, 0.75f, 1.0f);
        clear();
        glBegin(GL_POINTS);
        glEvalCoord1f(0.25f);
        glVertex2f(10.5f, 50.5f);
        glEnd();
        CHECK_PIXEL(18, 40, 191, 0, 64, 1, "evaluated colour at u = 0.25");
        CHECK_PIXEL(10, 50, 64, 128, 191, 1, "the next vertex has the current colour");
        glGetFloatv(GL_CURRENT_COLOR, fv);
        CHECK(fv[0] == 0.25f && fv[1] == 0.5f && fv[2] == 0.75f && fv[3] == 1.0f,
              "current colour after glEvalCoord: %g %g %g %g", fv[0], fv[1], fv[2], fv[3]);
        glDisable(GL_MAP1_COLOR_4);
        glColor3f(1, 1, 1);
    }

    /* VERTEX_4 takes priority over VERTEX_3; its w divides. */
    {
        GLfloat p4[] = { 21, 41, 0, 2, 45, 41, 0, 2 };
        glMap1f(GL_MAP1_VERTEX_4, 0, 1, 4, 2, p4);
        glEnable(GL_MAP1_VERTEX_4);
        clear();
        glBegin(GL_POINTS);
        glEvalCoord1f(0.5f);
        glEnd();
        CHECK_PIXEL(16, 20, 255, 255, 255, 0, "MAP1_VERTEX_4 point");
        CHECK_PIXEL(32, 40, 0, 0, 0, 0, "no MAP1_VERTEX_3 point");
        glDisable(GL_MAP1_VERTEX_4);
    }

    /* GL_COMPILE_AND_EXECUTE draws the mesh now. */
    {
        GLfloat pos[] = { 4.5f, 20.5f, 0, 60.5f, 20.5f, 0 };
        glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, pos);
        glMapGrid1f(4, 0, 1);
        GLuint list = glGenLists(1);
        clear();
        glNewList(list, GL_COMPILE_AND_EXECUTE);
        glEvalMesh1(GL_LINE, 0, 4);
        glEndList();
        CHECK_PIXEL(30, 20, 255, 255, 255, 0, "GL_COMPILE_AND_EXECUTE glEvalMesh1");
        clear();
        glCallList(list);
        CHECK_PIXEL(30, 20, 255, 255, 255, 0, "glEvalMesh1 list replayed");
        glDeleteLists(list, 1);
    }

    /* A filled patch with a colour map: colour (u, v, 0.5). */
    {
        GLfloat pos[] = { 16, 16, 0, 16, 48, 0, 48, 16, 0, 48, 48, 0 };
        GLfloat col[] = { 0, 0, 0.5f, 1, 0, 1, 0.5f, 1, 1, 0, 0.5f, 1, 1, 1, 0.5f, 1 };
        glMap2f(GL_MAP2_VERTEX_3, 0, 1, 6, 2, 0, 1, 3, 2, pos);
        glMap2f(GL_MAP2_COLOR_4, 0, 1, 8, 2, 0, 1, 4, 2, col);
        glEnable(GL_MAP2_VERTEX_3);
        glEnable(GL_MAP2_COLOR_4);
        glMapGrid2f(4, 0, 1, 4, 0, 1);
        clear();
        glEvalMesh2(GL_FILL, 0, 4, 0, 4);
        CHECK_PIXEL(24, 40, 68, 195, 128, 2, "patch colour");
        CHECK_PIXEL(40, 20, 195, 36, 128, 2, "patch colour");
        CHECK_PIXEL(16, 16, 4, 4, 128, 2, "patch corner");
        CHECK_PIXEL(47, 47, 251, 251, 128, 2, "patch corner");
        CHECK_PIXEL(10, 10, 0, 0, 0, 0, "outside the patch");
        CHECK_PIXEL(50, 30, 0, 0, 0, 0, "outside the patch");
        CHECK_PIXEL(30, 48, 0, 0, 0, 0, "outside the patch");
        /* Part of the grid: rows 2..4 only (y from 32). */
        clear();
        glEvalMesh2(GL_FILL, 0, 4, 2, 4);
        CHECK_PIXEL(24, 24, 0, 0, 0, 0, "rows below j1");
        CHECK_PIXEL(24, 40, 68, 195, 128, 2, "rows from j1");
        glDisable(GL_MAP2_COLOR_4);
    }

    /* Lines and points of a patch. */
    {
        GLfloat pos[] = { 16.5f, 16.5f, 0, 16.5f, 48.5f, 0, 48.5f, 16.5f, 0, 48.5f, 48.5f, 0 };
        glMap2f(GL_MAP2_VERTEX_3, 0, 1, 6, 2, 0, 1, 3, 2, pos);
        glMapGrid2f(2, 0, 1, 2, 0, 1);
        clear();
        glEvalMesh2(GL_LINE, 0, 2, 0, 2);
        CHECK_PIXEL(32, 24, 255, 255, 255, 0, "EvalMesh2 line along v");
        CHECK_PIXEL(24, 32, 255, 255, 255, 0, "EvalMesh2 line along u");
        CHECK_PIXEL(24, 24, 0, 0, 0, 0, "EvalMesh2 lines are not filled");
        clear();
        glEvalMesh2(GL_POINT, 0, 2, 0, 2);
        CHECK_PIXEL(32, 32, 255, 255, 255, 0, "EvalMesh2 point");
        CHECK_PIXEL(48, 16, 255, 255, 255, 0, "EvalMesh2 point");
        CHECK_PIXEL(32, 24, 0, 0, 0, 0, "EvalMesh2 points only");
        clear();
        glBegin(GL_POINTS);
        glEvalPoint2(1, 2);
        glEvalCoord2f(1.0f, 0.5f);
        glEnd();
        CHECK_PIXEL(32, 48, 255, 255, 255, 0, "glEvalPoint2(1, 2)");
        CHECK_PIXEL(48, 32, 255, 255, 255, 0, "glEvalCoord2f(1, 0.5)");
    }

    /* Automatic normals under lighting: the patch's normal is +z; the
     * current normal (-z) would leave it dark. */
    {
        GLfloat pos[] = { 16, 16, 0, 16, 48, 0, 48, 16, 0, 48, 48, 0 };
        glMap2f(GL_MAP2_VERTEX_3, 0, 1, 6, 2, 0, 1, 3, 2, pos);
        glMapGrid2f(2, 0, 1, 2, 0, 1);
        glEnable(GL_LIGHTING);
        glEnable(GL_LIGHT0);
        glNormal3f(0, 0, -1);
        clear();
        glEvalMesh2(GL_FILL, 0, 2, 0, 2);
        CHECK_PIXEL(32, 32, 10, 10, 10, 1, "no automatic normal: the current one");
        glEnable(GL_AUTO_NORMAL);
        clear();
        glEvalMesh2(GL_FILL, 0, 2, 0, 2);
        CHECK_PIXEL(32, 32, 214, 214, 214, 1, "automatic normal");
        glGetFloatv(GL_CURRENT_NORMAL, fv);
        CHECK(fv[0] == 0 && fv[1] == 0 && fv[2] == -1, "current normal kept: %g %g %g", fv[0],
              fv[1], fv[2]);
        /* A rational patch (w = 2 everywhere): the same plane, same normal. */
        GLfloat p4[] = { 32, 32, 0, 2, 32, 96, 0, 2, 96, 32, 0, 2, 96, 96, 0, 2 };
        glMap2f(GL_MAP2_VERTEX_4, 0, 1, 8, 2, 0, 1, 4, 2, p4);
        glEnable(GL_MAP2_VERTEX_4);
        clear();
        glEvalMesh2(GL_FILL, 0, 2, 0, 2);
        CHECK_PIXEL(32, 32, 214, 214, 214, 1, "automatic normal of a rational patch");
        glDisable(GL_MAP2_VERTEX_4);
        glDisable(GL_AUTO_NORMAL);
        glDisable(GL_LIGHTING);
        glDisable(GL_LIGHT0);
        glNormal3f(0, 0, 1);
    }
    glDisable(GL_MAP2_VERTEX_3);

    /* Display lists keep the map's points and replay the mesh. */
    {
        GLfloat line30[] = { 4.5f, 30.5f, 0, 60.5f, 30.5f, 0 };
        GLfloat line50[] = { 4.5f, 50.5f, 0, 60.5f, 50.5f, 0 };
        GLuint list = glGenLists(2);
        glNewList(list, GL_COMPILE);
        glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, line30);
        glMapGrid1f(4, 0, 1);
        glEvalMesh1(GL_LINE, 0, 4);
        glEndList();
        expect_error(GL_NO_ERROR, "compiling glMap and glEvalMesh");
        line30[1] = 0.5f; /* the list has its own copy */
        glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, line50);
        glMapGrid1f(1, 0, 0.25f);
        clear();
        glCallList(list);
        CHECK_PIXEL(20, 30, 255, 255, 255, 0, "list: the compiled map's line");
        CHECK_PIXEL(50, 30, 255, 255, 255, 0, "list: the compiled grid");
        CHECK_PIXEL(20, 50, 0, 0, 0, 0, "list: not the current map's line");
        glGetMapfv(GL_MAP1_VERTEX_3, GL_COEFF, fv);
        CHECK(fv[1] == 30.5f, "the list's glMap1 became current: y %g", fv[1]);

        glNewList(list + 1, GL_COMPILE);
        glBegin(GL_POINTS);
        glEvalCoord1f(0.5f);
        glEnd();
        glEndList();
        clear();
        glCallList(list + 1);
        CHECK_PIXEL(32, 30, 255, 255, 255, 0, "list: glEvalCoord between Begin and End");
        /* Evaluated when the list runs: with the map of that time. */
        glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, line50);
        clear();
        glCallList(list + 1);
        CHECK_PIXEL(32, 50, 255, 255, 255, 0, "list: glEvalCoord with the current map");
        CHECK_PIXEL(32, 30, 0, 0, 0, 0, "list: glEvalCoord not with the compiled map");
        glDeleteLists(list, 2);

        /* Compiled vertices and colours around glEvalCoord and glEvalPoint,
         * and a primitive before them in the same batch. */
        list = glGenLists(1);
        glNewList(list, GL_COMPILE);
        glColor3f(1, 1, 0);
        glBegin(GL_POINTS);
        glVertex2f(4.5f, 4.5f);
        glEnd();
        glBegin(GL_POINTS);
        glColor3f(1, 0, 0);
        glVertex2f(8.5f, 4.5f);
        glEvalCoord1f(0.25f);
        glColor3f(0, 1, 0);
        glEvalPoint1(3);
        glVertex2f(12.5f, 4.5f);
        glEnd();
        glEndList();
        glMapGrid1f(4, 0, 1);
        clear();
        glCallList(list);
        CHECK_PIXEL(4, 4, 255, 255, 0, 0, "list: a vertex before");
        CHECK_PIXEL(8, 4, 255, 0, 0, 0, "list: a compiled vertex and colour");
        CHECK_PIXEL(18, 50, 255, 0, 0, 0, "list: glEvalCoord with the list's colour");
        CHECK_PIXEL(46, 50, 0, 255, 0, 0, "list: glEvalPoint with the list's colour");
        CHECK_PIXEL(12, 4, 0, 255, 0, 0, "list: a vertex after glEvalPoint");
        glGetFloatv(GL_CURRENT_COLOR, fv);
        CHECK(fv[0] == 0 && fv[1] == 1 && fv[2] == 0, "list: the last colour is current");
        glDeleteLists(list, 1);
        glColor3f(1, 1, 1);
    }
    /* Texture coordinates: TEXTURE_COORD_2 takes priority over _1. A 1D
     * texture, red then green: s = 0.25 is red, s = 0.75 green. Last: on
     * Mesa 22.3 the vertices drawn after this (and a MAP2_COLOR_4 patch)
     * get a wrong colour, the texture coordinate's values in its place. */
    {
        GLubyte texels[] = { 255, 0, 0, 255, 0, 255, 0, 255 };
        GLuint tex;
        glGenTextures(1, &tex);
        glBindTexture(GL_TEXTURE_1D, tex);
        glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
        glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glEnable(GL_TEXTURE_1D);
        GLfloat s1[] = { 0.25f, 0.25f };
        GLfloat s2[] = { 0.75f, 0, 0.75f, 0 };
        GLfloat pos[] = { 4.5f, 40.5f, 0, 60.5f, 40.5f, 0 };
        glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, pos);
        glMap1f(GL_MAP1_TEXTURE_COORD_1, 0, 1, 1, 2, s1);
        glMap1f(GL_MAP1_TEXTURE_COORD_2, 0, 1, 2, 2, s2);
        glEnable(GL_MAP1_TEXTURE_COORD_1);
        glTexCoord2f(0.75f, 0);
        clear();
        glBegin(GL_POINTS);
        glEvalCoord1f(0.5f);
        glEnd();
        CHECK_PIXEL(32, 40, 255, 0, 0, 0, "MAP1_TEXTURE_COORD_1");
        glEnable(GL_MAP1_TEXTURE_COORD_2);
        glTexCoord2f(0.25f, 0);
        clear();
        glBegin(GL_POINTS);
        glEvalCoord1f(0.5f);
        glEnd();
        CHECK_PIXEL(32, 40, 0, 255, 0, 0, "MAP1_TEXTURE_COORD_2 over _1");
        glGetFloatv(GL_CURRENT_TEXTURE_COORDS, fv);
        CHECK(fv[0] == 0.25f, "current texture coordinate kept: %g", fv[0]);
        glDisable(GL_MAP1_TEXTURE_COORD_1);
        glDisable(GL_MAP1_TEXTURE_COORD_2);
        glDisable(GL_TEXTURE_1D);
        glDeleteTextures(1, &tex);
    }

    expect_error(GL_NO_ERROR, "end");

    return close_test_window(&t);
}
