/*
 * gl1x_misc.c: GL 1.2-1.4 features not covered elsewhere, checked by
 * pixels and queries: transpose matrices (1.3), glMultiDrawArrays (1.4),
 * GL_RESCALE_NORMAL (1.2), glBlendFuncSeparate (1.4), secondary colour with
 * GL_COLOR_SUM (1.4). Prints FAIL lines and PASS when all hold (on Mesa and
 * on oxgl).
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>

#define NEAR(a, b) ((a) - (b) <= 2 && (b) - (a) <= 2)

#define CHECK_PIXEL(x, y, r, g, b, what)                                           \
    do {                                                                           \
        GLubyte p_[4];                                                             \
        glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p_);                   \
        CHECK(NEAR(p_[0], r) && NEAR(p_[1], g) && NEAR(p_[2], b),                  \
              "%s: pixel (%d,%d) = %d %d %d, expected %d %d %d", what, x, y, p_[0], \
              p_[1], p_[2], r, g, b);                                              \
    } while (0)

int main(void)
{
    struct test_window t = open_test_window();
    glViewport(0, 0, 32, 32);

    /* Transpose matrices: row-major in, column-major stored. */
    GLfloat rows[16] = { 1, 0, 0, 5, 0, 1, 0, 6, 0, 0, 1, 7, 0, 0, 0, 1 };
    GLfloat m[16];
    glMatrixMode(GL_MODELVIEW);
    glLoadTransposeMatrixf(rows);
    glGetFloatv(GL_MODELVIEW_MATRIX, m);
    CHECK(m[12] == 5 && m[13] == 6 && m[14] == 7 && m[3] == 0,
          "glLoadTransposeMatrixf: translation %g %g %g", m[12], m[13], m[14]);
    glGetFloatv(GL_TRANSPOSE_MODELVIEW_MATRIX, m);
    CHECK(m[3] == 5 && m[7] == 6 && m[11] == 7, "GL_TRANSPOSE_MODELVIEW_MATRIX %g %g %g", m[3],
          m[7], m[11]);
    glMultTransposeMatrixf(rows);
    glGetFloatv(GL_MODELVIEW_MATRIX, m);
    CHECK(m[12] == 10 && m[13] == 12 && m[14] == 14, "glMultTransposeMatrixf: %g %g %g", m[12],
          m[13], m[14]);
    glLoadIdentity();
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, 32, 0, 32, -1, 1);
    glMatrixMode(GL_MODELVIEW);

    /* glMultiDrawArrays: two separate quads from one array. */
    static const GLfloat quads[] = { 0, 0, 8, 0, 8, 8, 0, 8, 16, 16, 24, 16, 24, 24, 16, 24 };
    GLint first[2] = { 0, 4 };
    GLsizei count[2] = { 4, 4 };
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor3f(0, 0, 1);
    glVertexPointer(2, GL_FLOAT, 0, quads);
    glEnableClientState(GL_VERTEX_ARRAY);
    glMultiDrawArrays(GL_QUADS, first, count, 2);
    glDisableClientState(GL_VERTEX_ARRAY);
    CHECK_PIXEL(4, 4, 0, 0, 255, "glMultiDrawArrays first quad");
    CHECK_PIXEL(20, 20, 0, 0, 255, "glMultiDrawArrays second quad");
    CHECK_PIXEL(12, 12, 0, 0, 0, "glMultiDrawArrays between the quads");

    /* GL_RESCALE_NORMAL: a uniformly scaled modelview keeps unit normals. */
    GLfloat white[4] = { 1, 1, 1, 1 };
    GLfloat black[4] = { 0, 0, 0, 1 };
    GLfloat dir[4] = { 0, 0, 1, 0 };
    glLightfv(GL_LIGHT0, GL_DIFFUSE, white);
    glLightfv(GL_LIGHT0, GL_POSITION, dir);
    glLightModelfv(GL_LIGHT_MODEL_AMBIENT, black);
    glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, white);
    glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, black);
    glEnable(GL_LIGHTING);
    glEnable(GL_LIGHT0);
    glClear(GL_COLOR_BUFFER_BIT);
    glPushMatrix();
    glScalef(0.5, 0.5, 0.5);
    glNormal3f(0, 0, 1);
    glEnable(GL_RESCALE_NORMAL);
    glRectf(0, 0, 32, 32); /* covers (0..16) after the scale */
    glDisable(GL_RESCALE_NORMAL);
    glPopMatrix();
    glDisable(GL_LIGHTING);
    CHECK_PIXEL(8, 8, 255, 255, 255, "RESCALE_NORMAL lighting");

    /* glBlendFuncSeparate: colour (SRC_ALPHA, ONE_MINUS_SRC_ALPHA), alpha (ONE, ZERO). */
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ZERO);
    glColor4f(1, 0, 0, 0.5);
    glRectf(0, 0, 32, 32);
    glDisable(GL_BLEND);
    CHECK_PIXEL(16, 16, 128, 0, 128, "glBlendFuncSeparate colour");
    GLint src_alpha = 0;
    glGetIntegerv(GL_BLEND_SRC_ALPHA, &src_alpha);
    CHECK(src_alpha == GL_ONE, "GL_BLEND_SRC_ALPHA %#x", src_alpha);

    /* Secondary colour added by GL_COLOR_SUM. */
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_COLOR_SUM);
    glColor3f(0.5, 0, 0);
    glSecondaryColor3f(0, 0.5, 0);
    glRectf(0, 0, 32, 32);
    glDisable(GL_COLOR_SUM);
    CHECK_PIXEL(16, 16, 128, 128, 0, "GL_COLOR_SUM");

    expect_error(GL_NO_ERROR, "GL 1.x features");
    return close_test_window(&t);
}
