/*
 * pointparams.c: glPointParameter{f,i}{,v} (GL 1.4, ARB/EXT_point_parameters):
 * defaults and queries, errors, display lists, GL_POINT_BIT, and the drawn
 * size of points: glPointSize clamped to [POINT_SIZE_MIN, POINT_SIZE_MAX],
 * and distance attenuation size / sqrt(a + b d + c d^2) clamped the same
 * way. Sizes are measured by counting lit pixels in the point's row and
 * column. Prints FAIL lines and PASS when all hold.
 *
 * Mesa (llvmpipe) behaviour followed where the spec says otherwise:
 * - d is |z_eye| (ffvertex_prog.c), not the Euclidean eye distance: the
 *   points here sit at eye (16.25, 16.25, z), where the two differ (at
 *   z = -4 the distance is 23, which would give 8 / sqrt(23), not 4).
 * - GL_POINT_FADE_THRESHOLD_SIZE has no visible effect (no multisampling):
 *   a point attenuated below the threshold keeps its colour and alpha.
 * - glPointParameterf(GL_POINT_DISTANCE_ATTENUATION, a) sets (a, 0, 0).
 * - min > max is not an error; without attenuation the minimum wins.
 * GL_POINT_SPRITE_COORD_ORIGIN (GL 2.0) is not tested: oxgl does not
 * implement it yet.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>

/* Lit pixels (red > 0) in row y and in column x. */
static int row_count(int y)
{
    GLubyte px[32 * 4];
    glReadPixels(0, y, 32, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    int n = 0;
    for (int i = 0; i < 32; i++)
        n += px[i * 4] > 0;
    return n;
}

static int column_count(int x)
{
    GLubyte px[32 * 4];
    glReadPixels(x, 0, 1, 32, GL_RGBA, GL_UNSIGNED_BYTE, px);
    int n = 0;
    for (int i = 0; i < 32; i++)
        n += px[i * 4] > 0;
    return n;
}

static void set_params(const float att[3], float min, float max)
{
    glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, att);
    glPointParameterf(GL_POINT_SIZE_MIN, min);
    glPointParameterf(GL_POINT_SIZE_MAX, max);
}

/* Draws one point of `size` at (16.25, 16.25, z) and checks it is want x
 * want. The quarter pixel keeps odd sizes off the tie between two pixel
 * centres; sizes are integers (aliased points of fractional size are
 * rounded differently by llvmpipe and oxgl). */
static void expect_point(float size, float z, int want, const char *what)
{
    glClear(GL_COLOR_BUFFER_BIT);
    glPointSize(size);
    glBegin(GL_POINTS);
    glVertex3f(16.25f, 16.25f, z);
    glEnd();
    int w = row_count(16), h = column_count(16);
    CHECK(w == want && h == want, "%s: point %dx%d, expected %dx%d", what, w, h, want, want);
}

static void expect_floats(GLenum pname, int n, const float *want, const char *what)
{
    float v[4] = { -9, -9, -9, -9 };
    glGetFloatv(pname, v);
    for (int i = 0; i < n; i++)
        CHECK(v[i] == want[i], "%s: value %d is %g, expected %g", what, i, v[i], want[i]);
}

int main(void)
{
    struct test_window t = open_test_window();
    glViewport(0, 0, 32, 32);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, 32, 0, 32, 0, 100);
    glMatrixMode(GL_MODELVIEW);
    glColor3f(1, 1, 1);

    /* Defaults (GL 4.6 compat table 23.13; the maximum is the largest
     * point size). */
    float range[2];
    glGetFloatv(GL_POINT_SIZE_RANGE, range);
    expect_floats(GL_POINT_SIZE_MIN, 1, (float[]){ 0 }, "default POINT_SIZE_MIN");
    expect_floats(GL_POINT_SIZE_MAX, 1, (float[]){ range[1] }, "default POINT_SIZE_MAX");
    expect_floats(GL_POINT_FADE_THRESHOLD_SIZE, 1, (float[]){ 1 }, "default FADE_THRESHOLD");
    expect_floats(GL_POINT_DISTANCE_ATTENUATION, 3, (float[]){ 1, 0, 0 },
                  "default DISTANCE_ATTENUATION");
    expect_error(GL_NO_ERROR, "default queries");

    const float one[3] = { 1, 0, 0 }, linear[3] = { 0, 1, 0 }, quadratic[3] = { 0, 0, 1 };
    const float quarter[3] = { 0.25f, 0, 0 };

    /* No attenuation: glPointSize, clamped to [min, max]. */
    set_params(one, 0, 255);
    expect_point(8, -1, 8, "size 8");
    expect_point(8, -50, 8, "size 8 far away, no attenuation");
    set_params(one, 2, 6);
    expect_point(8, -4, 6, "size 8 clamped to max 6");
    expect_point(1, -4, 2, "size 1 clamped to min 2");
    set_params(one, 10, 5);
    expect_point(1, -4, 10, "min 10 > max 5: the minimum wins");

    /* Attenuation: size / sqrt(a + b d + c d^2), d = |z_eye|. */
    set_params(linear, 0, 255);
    expect_point(8, -4, 4, "linear, d 4: 8 / 2");
    expect_point(8, -16, 2, "linear, d 16: 8 / 4");
    expect_point(8, -64, 1, "linear, d 64: 8 / 8");
    expect_point(6, -4, 3, "linear, d 4: 6 / 2");
    set_params(quadratic, 0, 255);
    expect_point(8, -4, 2, "quadratic, d 4: 8 / 4");
    set_params(quarter, 0, 255);
    expect_point(3, -1, 6, "constant 1/4: 3 * 2");
    set_params(linear, 3, 255);
    expect_point(8, -64, 3, "linear, d 64, min 3");
    set_params(linear, 0, 3);
    expect_point(8, -4, 3, "linear, d 4, max 3");
    /* The modelview moves the point away: the eye-space depth counts. */
    set_params(linear, 0, 255);
    glPushMatrix();
    glTranslatef(0, 0, -12);
    expect_point(8, -4, 2, "linear, translated to d 16");
    glPopMatrix();

    /* The fade threshold is not visible (Mesa): a 1-pixel point under a
     * threshold of 4 keeps its full colour. */
    glPointParameterf(GL_POINT_FADE_THRESHOLD_SIZE, 4);
    expect_point(8, -64, 1, "below the fade threshold");
    GLubyte px[4];
    glReadPixels(16, 16, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 255 && px[3] == 255, "faded point colour %d %d %d %d", px[0], px[1], px[2], px[3]);
    glPointParameterf(GL_POINT_FADE_THRESHOLD_SIZE, 1);
    expect_error(GL_NO_ERROR, "drawing");

    /* Integer and scalar forms. */
    glPointParameteri(GL_POINT_SIZE_MIN, 3);
    expect_floats(GL_POINT_SIZE_MIN, 1, (float[]){ 3 }, "glPointParameteri");
    GLint iv[3] = { 0, 0, 2 };
    glPointParameteriv(GL_POINT_DISTANCE_ATTENUATION, iv);
    expect_floats(GL_POINT_DISTANCE_ATTENUATION, 3, (float[]){ 0, 0, 2 }, "glPointParameteriv");
    GLint got[3];
    glGetIntegerv(GL_POINT_SIZE_MIN, got);
    CHECK(got[0] == 3, "glGetIntegerv(POINT_SIZE_MIN) %d", got[0]);
    glPointParameterf(GL_POINT_DISTANCE_ATTENUATION, 2);
    expect_floats(GL_POINT_DISTANCE_ATTENUATION, 3, (float[]){ 2, 0, 0 },
                  "glPointParameterf(DISTANCE_ATTENUATION)");
    glPointParameterfARB(GL_POINT_SIZE_MAX, 100);
    expect_floats(GL_POINT_SIZE_MAX, 1, (float[]){ 100 }, "glPointParameterfARB");
    glPointParameterfvEXT(GL_POINT_FADE_THRESHOLD_SIZE, (float[]){ 2.5f });
    expect_floats(GL_POINT_FADE_THRESHOLD_SIZE, 1, (float[]){ 2.5f }, "glPointParameterfvEXT");
    expect_error(GL_NO_ERROR, "setting parameters");

    /* Errors. */
    glPointParameterf(GL_POINT_SIZE_MIN, -1);
    expect_error(GL_INVALID_VALUE, "negative POINT_SIZE_MIN");
    glPointParameterf(GL_POINT_SIZE_MAX, -1);
    expect_error(GL_INVALID_VALUE, "negative POINT_SIZE_MAX");
    glPointParameteri(GL_POINT_FADE_THRESHOLD_SIZE, -2);
    expect_error(GL_INVALID_VALUE, "negative FADE_THRESHOLD");
    expect_floats(GL_POINT_SIZE_MIN, 1, (float[]){ 3 }, "POINT_SIZE_MIN after errors");
    glPointParameterf(GL_POINT_SIZE, 1);
    expect_error(GL_INVALID_ENUM, "glPointParameterf(GL_POINT_SIZE)");
    glBegin(GL_POINTS);
    glPointParameterf(GL_POINT_SIZE_MIN, 1);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glPointParameterf between Begin and End");

    /* Display lists: compiled, run by glCallList. */
    glPointParameterf(GL_POINT_SIZE_MIN, 0);
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, linear);
    glPointParameterf(GL_POINT_SIZE_MIN, 5);
    glEndList();
    expect_floats(GL_POINT_SIZE_MIN, 1, (float[]){ 0 }, "POINT_SIZE_MIN after GL_COMPILE");
    glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, one);
    glCallList(list);
    expect_floats(GL_POINT_SIZE_MIN, 1, (float[]){ 5 }, "POINT_SIZE_MIN after glCallList");
    expect_floats(GL_POINT_DISTANCE_ATTENUATION, 3, linear, "attenuation after glCallList");
    expect_error(GL_NO_ERROR, "display list");

    /* GL_POINT_BIT saves the parameters. */
    glPushAttrib(GL_POINT_BIT);
    set_params(quadratic, 1, 7);
    glPointParameterf(GL_POINT_FADE_THRESHOLD_SIZE, 9);
    glPopAttrib();
    expect_floats(GL_POINT_SIZE_MIN, 1, (float[]){ 5 }, "POINT_SIZE_MIN after glPopAttrib");
    expect_floats(GL_POINT_SIZE_MAX, 1, (float[]){ 100 }, "POINT_SIZE_MAX after glPopAttrib");
    expect_floats(GL_POINT_FADE_THRESHOLD_SIZE, 1, (float[]){ 2.5f },
                  "FADE_THRESHOLD after glPopAttrib");
    expect_floats(GL_POINT_DISTANCE_ATTENUATION, 3, linear, "attenuation after glPopAttrib");
    /* and the restored state draws: 8 / 2 = 4, clamped to min 5. */
    expect_point(8, -4, 5, "restored state");
    expect_error(GL_NO_ERROR, "push/pop");

    glDeleteLists(list, 1);
    return close_test_window(&t);
}
