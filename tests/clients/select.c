/*
 * select.c: selection and feedback render modes — glRenderMode results
 * (hit counts, value counts, -1 on overflow), hit records (name stack, min
 * and max window depth), the name stack's errors and queries, feedback
 * tokens and vertices (points, lines, line reset from polygon mode, clipped
 * and decomposed polygons, colours, texture coordinates, clip w, culling,
 * two-sided colours, user clip planes), glPassThrough, the pixel-rectangle
 * tokens, vertex arrays, display-list replay, and that nothing reaches the
 * framebuffer outside GL_RENDER. Expected values are Mesa's (llvmpipe).
 * Prints FAIL lines and PASS when all hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <math.h>
#include <string.h>

static GLfloat fb[512];
static GLuint sb[128];

static int close_to(GLfloat a, GLfloat b)
{
    return fabsf(a - b) <= 1e-4f;
}

/* Compares the first n feedback values with want[]. */
static void check_feedback(int line, const char *what, int got_n, const GLfloat *want, int n)
{
    if (got_n != n) {
        printf("FAIL line %d: %s: %d values, expected %d:", line, what, got_n, n);
        for (int i = 0; i < got_n && i < 64; i++)
            printf(" %g", fb[i]);
        printf("\n");
        failures++;
        return;
    }
    for (int i = 0; i < n; i++) {
        if (!close_to(fb[i], want[i])) {
            printf("FAIL line %d: %s: value %d is %g, expected %g\n", line, what, i, fb[i],
                   want[i]);
            failures++;
            return;
        }
    }
}

#define CHECK_FB(what, n, ...)                                                         \
    do {                                                                               \
        const GLfloat want_[] = { __VA_ARGS__ };                                       \
        check_feedback(__LINE__, what, n, want_, (int)(sizeof(want_) / sizeof(*want_))); \
    } while (0)

static int uint_close(GLuint a, GLuint b)
{
    return (a > b ? a - b : b - a) <= 0x100;
}

static void begin_feedback(GLenum type)
{
    memset(fb, 0, sizeof(fb));
    glFeedbackBuffer(512, type, fb);
    glRenderMode(GL_FEEDBACK);
}

static void ortho(void)
{
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, 64, 0, 64, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
}

static void quad(float x0, float y0, float x1, float y1, float z)
{
    glBegin(GL_QUADS);
    glVertex3f(x0, y0, z);
    glVertex3f(x1, y0, z);
    glVertex3f(x1, y1, z);
    glVertex3f(x0, y1, z);
    glEnd();
}

static void test_selection(void)
{
    GLint n, iv;

    /* A triangle at window depths 0.25, 0.75 and 0.5 (z_window = (1 - z) / 2
     * in this ortho projection), a raster position at 0.375, a point outside
     * the view volume (no hit). */
    memset(sb, 0xee, sizeof(sb));
    glSelectBuffer(128, sb);
    glRenderMode(GL_SELECT);
    glGetIntegerv(GL_RENDER_MODE, &iv);
    CHECK(iv == GL_SELECT, "GL_RENDER_MODE 0x%x, expected GL_SELECT", iv);
    glInitNames();
    glPushName(1);
    glBegin(GL_TRIANGLES);
    glVertex3f(1, 1, 0.5);
    glVertex3f(10, 1, -0.5);
    glVertex3f(1, 10, 0);
    glEnd();
    glLoadName(2); /* writes the record of name 1 */
    glPushName(3);
    glGetIntegerv(GL_NAME_STACK_DEPTH, &iv);
    CHECK(iv == 2, "GL_NAME_STACK_DEPTH %d, expected 2", iv);
    glRasterPos3f(3, 3, 0.25);
    glPopName(); /* writes the record of names 2, 3 */
    glWindowPos3f(3, 3, 0.25); /* a hit too (Mesa) */
    glLoadName(6);
    glBegin(GL_POINTS);
    glVertex3f(100, 1, 0.5);
    glEnd();
    glLoadName(4); /* no hit since: no record */
    quad(20, 20, 30, 30, 0.0); /* depth 0.5, pending until glRenderMode */
    n = glRenderMode(GL_RENDER);
    CHECK(n == 4, "glRenderMode(GL_RENDER) after selection returned %d, expected 4", n);
    CHECK(sb[0] == 1 && uint_close(sb[1], 0x40000000) && uint_close(sb[2], 0xc0000000) &&
              sb[3] == 1,
          "first hit record %u %x %x %u, expected 1 40000000 c0000000 1", sb[0], sb[1], sb[2],
          sb[3]);
    CHECK(sb[4] == 2 && uint_close(sb[5], 0x60000000) && uint_close(sb[6], 0x60000000) &&
              sb[7] == 2 && sb[8] == 3,
          "raster position hit record %u %x %x %u %u, expected 2 60000000 60000000 2 3", sb[4],
          sb[5], sb[6], sb[7], sb[8]);
    CHECK(sb[9] == 1 && uint_close(sb[10], 0x40000000) && uint_close(sb[11], 0x40000000) &&
              sb[12] == 2,
          "glWindowPos hit record %u %x %x %u, expected 1 40000000 40000000 2", sb[9], sb[10],
          sb[11], sb[12]);
    CHECK(sb[13] == 1 && uint_close(sb[14], 0x80000000) && uint_close(sb[15], 0x80000000) &&
              sb[16] == 4,
          "pending hit record %u %x %x %u, expected 1 80000000 80000000 4", sb[13], sb[14],
          sb[15], sb[16]);
    CHECK(sb[17] == 0xeeeeeeee, "a word past the records was written: %x", sb[17]);
    glGetIntegerv(GL_NAME_STACK_DEPTH, &iv);
    CHECK(iv == 0, "name stack depth %d after leaving selection, expected 0", iv);

    /* Culled and clipped-away primitives are no hits; a hit with an empty
     * name stack has a name count of 0. */
    glSelectBuffer(128, sb);
    glRenderMode(GL_SELECT);
    glEnable(GL_CULL_FACE);
    glBegin(GL_TRIANGLES); /* clockwise: culled */
    glVertex2f(0, 0);
    glVertex2f(0, 10);
    glVertex2f(10, 0);
    glEnd();
    glDisable(GL_CULL_FACE);
    glBegin(GL_LINES); /* outside */
    glVertex2f(-5, -5);
    glVertex2f(-1, 70);
    glEnd();
    n = glRenderMode(GL_RENDER);
    CHECK(n == 0, "culled and clipped primitives gave %d hits, expected 0", n);
    glSelectBuffer(128, sb);
    glRenderMode(GL_SELECT);
    glBegin(GL_LINES); /* crosses the view volume: the clipped end counts */
    glVertex3f(40, 10, 0);
    glVertex3f(80, 10, 0.5);
    glEnd();
    n = glRenderMode(GL_RENDER);
    CHECK(n == 1 && sb[0] == 0 && uint_close(sb[1], (GLuint)(0.35 * 4294967295.0)) &&
              uint_close(sb[2], 0x80000000),
          "clipped line: %d hits, record %u %x %x", n, sb[0], sb[1], sb[2]);

    /* Overflow: the record does not fit, glRenderMode returns -1 and only
     * the buffer's size is written. */
    memset(sb, 0xee, sizeof(sb));
    glSelectBuffer(4, sb);
    glRenderMode(GL_SELECT);
    glPushName(5);
    glPushName(6);
    glBegin(GL_POINTS);
    glVertex2f(1, 1);
    glEnd();
    n = glRenderMode(GL_RENDER);
    CHECK(n == -1, "selection overflow returned %d, expected -1", n);
    CHECK(sb[0] == 2 && sb[3] == 5 && sb[4] == 0xeeeeeeee,
          "overflowed buffer %u .. %u %x, expected 2 .. 5 eeeeeeee", sb[0], sb[3], sb[4]);

    /* Name-stack errors and queries. */
    glPushName(3); /* ignored outside selection */
    glLoadName(3);
    expect_error(GL_NO_ERROR, "name stack commands in GL_RENDER mode");
    glSelectBuffer(128, sb);
    glRenderMode(GL_SELECT);
    glLoadName(3);
    expect_error(GL_INVALID_OPERATION, "glLoadName on an empty name stack");
    glPopName();
    expect_error(GL_STACK_UNDERFLOW, "glPopName on an empty name stack");
    glGetIntegerv(GL_MAX_NAME_STACK_DEPTH, &iv);
    CHECK(iv == 64, "GL_MAX_NAME_STACK_DEPTH %d, expected 64", iv);
    for (int i = 0; i < iv; i++)
        glPushName(i);
    expect_error(GL_NO_ERROR, "filling the name stack");
    glPushName(99);
    expect_error(GL_STACK_OVERFLOW, "glPushName on a full name stack");
    glGetIntegerv(GL_NAME_STACK_DEPTH, &iv);
    CHECK(iv == 64, "name stack depth %d after overflow, expected 64", iv);
    glSelectBuffer(128, sb);
    expect_error(GL_INVALID_OPERATION, "glSelectBuffer in selection mode");
    glGetIntegerv(GL_SELECTION_BUFFER_SIZE, &iv);
    CHECK(iv == 128, "GL_SELECTION_BUFFER_SIZE %d, expected 128", iv);
    void *p = NULL;
    glGetPointerv(GL_SELECTION_BUFFER_POINTER, &p);
    CHECK(p == sb, "GL_SELECTION_BUFFER_POINTER %p, expected %p", p, (void *)sb);
    glBegin(GL_POINTS);
    glRenderMode(GL_RENDER);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glRenderMode between Begin and End");
    glGetIntegerv(GL_RENDER_MODE, &iv);
    CHECK(iv == GL_SELECT, "GL_RENDER_MODE 0x%x after the failed glRenderMode", iv);
    glRenderMode(GL_RENDER);
    glSelectBuffer(-1, sb);
    expect_error(GL_INVALID_VALUE, "glSelectBuffer with a negative size");
    glRenderMode(GL_RGBA);
    expect_error(GL_INVALID_ENUM, "glRenderMode(GL_RGBA)");
    glSelectBuffer(0, sb);
    glRenderMode(GL_SELECT);
    expect_error(GL_INVALID_OPERATION, "glRenderMode(GL_SELECT) with an empty buffer");
    glRenderMode(GL_RENDER);
    glGetError();
}

static void test_feedback(void)
{
    GLint n, iv;

    /* A point: GL_POINT_TOKEN, window x, y, z and the colour. */
    glColor4f(0.25, 0.5, 0.75, 1);
    begin_feedback(GL_3D_COLOR);
    glGetIntegerv(GL_FEEDBACK_BUFFER_TYPE, &iv);
    CHECK(iv == GL_3D_COLOR, "GL_FEEDBACK_BUFFER_TYPE 0x%x", iv);
    glBegin(GL_POINTS);
    glVertex3f(10, 20, 0.5);
    glVertex3f(80, 20, 0.5); /* clipped */
    glEnd();
    n = glRenderMode(GL_RENDER);
    CHECK_FB("point", n, GL_POINT_TOKEN, 10, 20, 0.25, 0.25, 0.5, 0.75, 1);

    /* A line strip and a line loop: a GL_LINE_TOKEN per segment. */
    begin_feedback(GL_2D);
    glBegin(GL_LINE_STRIP);
    glVertex2f(1, 2);
    glVertex2f(3, 4);
    glVertex2f(5, 6);
    glEnd();
    glBegin(GL_LINE_LOOP);
    glVertex2f(1, 2);
    glVertex2f(3, 4);
    glVertex2f(5, 6);
    glEnd();
    n = glRenderMode(GL_RENDER);
    CHECK_FB("line strip and loop", n, GL_LINE_TOKEN, 1, 2, 3, 4, GL_LINE_TOKEN, 3, 4, 5, 6,
             GL_LINE_TOKEN, 1, 2, 3, 4, GL_LINE_TOKEN, 3, 4, 5, 6, GL_LINE_TOKEN, 5, 6, 1, 2);

    /* A line leaving the view volume: the outer end moves to x = 64 and
     * its depth is interpolated. */
    begin_feedback(GL_3D);
    glBegin(GL_LINES);
    glVertex3f(40, 10, 0);
    glVertex3f(80, 10, 0.5);
    glEnd();
    n = glRenderMode(GL_RENDER);
    CHECK_FB("clipped line", n, GL_LINE_TOKEN, 40, 10, 0.5, 64, 10, 0.35);

    /* A triangle clipped by x = 64: a quadrilateral, reported as two
     * triangles of the fan ending at the first vertex. */
    begin_feedback(GL_3D);
    glBegin(GL_TRIANGLES);
    glVertex3f(40, 10, 0);
    glVertex3f(80, 10, 0);
    glVertex3f(40, 50, 0);
    glEnd();
    n = glRenderMode(GL_RENDER);
    CHECK_FB("clipped triangle", n, GL_POLYGON_TOKEN, 3, 64, 10, 0.5, 64, 26, 0.5, 40, 10, 0.5,
             GL_POLYGON_TOKEN, 3, 64, 26, 0.5, 40, 50, 0.5, 40, 10, 0.5);

    /* Quads, strips, fans and polygons become triangles, the provoking
     * vertex last. */
    begin_feedback(GL_2D);
    quad(0, 0, 10, 10, 0);
    glBegin(GL_TRIANGLE_STRIP);
    glVertex2f(0, 0);
    glVertex2f(10, 0);
    glVertex2f(0, 10);
    glVertex2f(10, 10);
    glEnd();
    glBegin(GL_POLYGON);
    glVertex2f(0, 0);
    glVertex2f(10, 0);
    glVertex2f(15, 5);
    glVertex2f(10, 10);
    glEnd();
    n = glRenderMode(GL_RENDER);
    CHECK_FB("quad, strip, polygon", n, GL_POLYGON_TOKEN, 3, 0, 0, 10, 0, 0, 10,
             GL_POLYGON_TOKEN, 3, 10, 0, 10, 10, 0, 10, GL_POLYGON_TOKEN, 3, 0, 0, 10, 0, 0, 10,
             GL_POLYGON_TOKEN, 3, 0, 10, 10, 0, 10, 10, GL_POLYGON_TOKEN, 3, 10, 0, 15, 5, 0, 0,
             GL_POLYGON_TOKEN, 3, 15, 5, 10, 10, 0, 0);

    /* Polygon mode GL_LINE: the quad's four boundary edges, the first with
     * GL_LINE_RESET_TOKEN; a triangle clipped by x = 64 loses the edge along
     * the clip plane. GL_POINT: the vertices. */
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    begin_feedback(GL_2D);
    quad(0, 0, 10, 10, 0);
    glBegin(GL_TRIANGLES);
    glVertex2f(40, 10);
    glVertex2f(80, 10);
    glVertex2f(40, 50);
    glEnd();
    n = glRenderMode(GL_RENDER);
    CHECK_FB("polygon mode GL_LINE", n, GL_LINE_RESET_TOKEN, 0, 10, 0, 0, GL_LINE_TOKEN, 0, 0,
             10, 0, GL_LINE_TOKEN, 10, 0, 10, 10, GL_LINE_TOKEN, 10, 10, 0, 10,
             GL_LINE_RESET_TOKEN, 40, 10, 64, 10, GL_LINE_TOKEN, 64, 26, 40, 50, GL_LINE_TOKEN,
             40, 50, 40, 10);
    glPolygonMode(GL_FRONT_AND_BACK, GL_POINT);
    begin_feedback(GL_2D);
    quad(0, 0, 10, 10, 0);
    n = glRenderMode(GL_RENDER);
    CHECK_FB("polygon mode GL_POINT", n, GL_POINT_TOKEN, 0, 0, GL_POINT_TOKEN, 0, 10,
             GL_POINT_TOKEN, 10, 0, GL_POINT_TOKEN, 10, 10);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);

    /* Polygon offset: window depth moved by factor * slope (0.025 here). */
    glPolygonOffset(2, 4);
    glEnable(GL_POLYGON_OFFSET_FILL);
    begin_feedback(GL_3D);
    glBegin(GL_TRIANGLES);
    glVertex3f(0, 0, 0);
    glVertex3f(10, 0, 0.5);
    glVertex3f(0, 10, 0);
    glEnd();
    n = glRenderMode(GL_RENDER);
    glDisable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(0, 0);
    CHECK_FB("polygon offset", n, GL_POLYGON_TOKEN, 3, 0, 0, 0.55, 10, 0, 0.3, 0, 10, 0.55);

    /* Flat shading with polygon mode GL_LINE: the provoking (last) vertex's
     * colour on every edge. */
    glShadeModel(GL_FLAT);
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    begin_feedback(GL_3D_COLOR);
    glBegin(GL_TRIANGLES);
    glColor3f(1, 0, 0);
    glVertex2f(0, 0);
    glColor3f(0, 1, 0);
    glVertex2f(10, 0);
    glColor3f(0, 0, 1);
    glVertex2f(10, 10);
    glEnd();
    n = glRenderMode(GL_RENDER);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    glShadeModel(GL_SMOOTH);
    CHECK_FB("flat shading, polygon mode GL_LINE", n, GL_LINE_RESET_TOKEN, 10, 10, 0.5, 0, 0, 1, 1,
             0, 0, 0.5, 0, 0, 1, 1, GL_LINE_TOKEN, 0, 0, 0.5, 0, 0, 1, 1, 10, 0, 0.5, 0, 0, 1, 1,
             GL_LINE_TOKEN, 10, 0, 0.5, 0, 0, 1, 1, 10, 10, 0.5, 0, 0, 1, 1);

    /* Per-vertex colours (not flattened by GL_FLAT, as Mesa), culling. */
    glShadeModel(GL_FLAT);
    glEnable(GL_CULL_FACE);
    begin_feedback(GL_3D_COLOR);
    glBegin(GL_TRIANGLES);
    glColor3f(1, 0, 0);
    glVertex2f(0, 0);
    glColor3f(0, 1, 0);
    glVertex2f(10, 0);
    glColor3f(0, 0, 1);
    glVertex2f(10, 10);
    glVertex2f(0, 0); /* clockwise: culled */
    glVertex2f(10, 10);
    glVertex2f(10, 0);
    glEnd();
    n = glRenderMode(GL_RENDER);
    CHECK_FB("colours and culling", n, GL_POLYGON_TOKEN, 3, 0, 0, 0.5, 1, 0, 0, 1, 10, 0, 0.5,
             0, 1, 0, 1, 10, 10, 0.5, 0, 0, 1, 1);
    glDisable(GL_CULL_FACE);
    glShadeModel(GL_SMOOTH);

    /* Two-sided lighting: a back-facing triangle reports the back colour. */
    GLfloat front[4] = { 1, 0, 0, 1 }, back[4] = { 0, 0, 1, 1 }, black[4] = { 0, 0, 0, 1 },
            white[4] = { 1, 1, 1, 1 };
    glEnable(GL_LIGHTING);
    glEnable(GL_LIGHT0);
    glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, 1);
    glLightModelfv(GL_LIGHT_MODEL_AMBIENT, black);
    glLightfv(GL_LIGHT0, GL_AMBIENT, white);
    glLightfv(GL_LIGHT0, GL_DIFFUSE, black);
    glLightfv(GL_LIGHT0, GL_SPECULAR, black);
    glMaterialfv(GL_FRONT, GL_AMBIENT, front);
    glMaterialfv(GL_BACK, GL_AMBIENT, back);
    begin_feedback(GL_3D_COLOR);
    glBegin(GL_TRIANGLES);
    glVertex2f(0, 0);
    glVertex2f(10, 10);
    glVertex2f(10, 0);
    glEnd();
    n = glRenderMode(GL_RENDER);
    CHECK_FB("two-sided lighting", n, GL_POLYGON_TOKEN, 3, 0, 0, 0.5, 0, 0, 1, 1, 10, 10, 0.5, 0,
             0, 1, 1, 10, 0, 0.5, 0, 0, 1, 1);
    glDisable(GL_LIGHTING);
    glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, 0);

    /* Clamped colours; texture coordinates and clip w in perspective. */
    glColor4f(2, -1, 0.5, 1);
    glTexCoord4f(0.1, 0.2, 0.3, 0.4);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glFrustum(-1, 1, -1, 1, 1, 10);
    glMatrixMode(GL_MODELVIEW);
    begin_feedback(GL_4D_COLOR_TEXTURE);
    glBegin(GL_POINTS);
    glVertex3f(0.5, 0.5, -2);
    glEnd();
    n = glRenderMode(GL_RENDER);
    CHECK_FB("GL_4D_COLOR_TEXTURE", n, GL_POINT_TOKEN, 40, 40, 0.555556, 2, 1, 0, 0.5, 1, 0.1,
             0.2, 0.3, 0.4);
    /* The texture matrix applies while texture unit 0 is enabled (as
     * Mesa); lit vertices report the lit colour (red: the front material
     * ambient under the white ambient light set above). */
    GLubyte texel[4] = { 255, 255, 255, 255 };
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glMatrixMode(GL_TEXTURE);
    glTranslatef(1, 2, 3);
    glMatrixMode(GL_MODELVIEW);
    begin_feedback(GL_3D_COLOR_TEXTURE);
    glBegin(GL_POINTS);
    glVertex3f(0.5, 0.5, -2);
    glEnd();
    glEnable(GL_TEXTURE_2D);
    glBegin(GL_POINTS);
    glVertex3f(0.5, 0.5, -2);
    glEnd();
    glEnable(GL_LIGHTING);
    glBegin(GL_POINTS);
    glVertex3f(0.5, 0.5, -2);
    glEnd();
    n = glRenderMode(GL_RENDER);
    glDisable(GL_LIGHTING);
    glDisable(GL_TEXTURE_2D);
    glDeleteTextures(1, &tex);
    glMatrixMode(GL_TEXTURE);
    glLoadIdentity();
    glMatrixMode(GL_MODELVIEW);
    CHECK_FB("texture matrix and lighting", n, GL_POINT_TOKEN, 40, 40, 0.555556, 1, 0, 0.5, 1,
             0.1, 0.2, 0.3, 0.4, GL_POINT_TOKEN, 40, 40, 0.555556, 1, 0, 0.5, 1, 0.5, 1, 1.5,
             0.4, GL_POINT_TOKEN, 40, 40, 0.555556, 1, 0, 0, 1, 0.5, 1, 1.5, 0.4);
    ortho();

    /* A user clip plane x <= 20: the edge along it is a boundary edge. */
    GLdouble eq[4] = { -1, 0, 0, 20 };
    glClipPlane(GL_CLIP_PLANE0, eq);
    glEnable(GL_CLIP_PLANE0);
    begin_feedback(GL_2D);
    glBegin(GL_TRIANGLES);
    glVertex2f(0, 0);
    glVertex2f(40, 0);
    glVertex2f(0, 40);
    glEnd();
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    glBegin(GL_TRIANGLES);
    glVertex2f(0, 0);
    glVertex2f(40, 0);
    glVertex2f(0, 40);
    glEnd();
    glBegin(GL_POINTS);
    glVertex2f(10, 1);
    glVertex2f(30, 1);
    glEnd();
    n = glRenderMode(GL_RENDER);
    CHECK_FB("user clip plane", n, GL_POLYGON_TOKEN, 3, 20, 0, 20, 20, 0, 0, GL_POLYGON_TOKEN, 3,
             20, 20, 0, 40, 0, 0, GL_LINE_RESET_TOKEN, 0, 0, 20, 0, GL_LINE_TOKEN, 20, 0, 20, 20,
             GL_LINE_TOKEN, 20, 20, 0, 40, GL_LINE_TOKEN, 0, 40, 0, 0, GL_POINT_TOKEN, 10, 1);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    glDisable(GL_CLIP_PLANE0);

    /* glPassThrough, glBitmap, glDrawPixels, glCopyPixels at the raster
     * position (the bitmap moves it); nothing for an invalid one. */
    GLubyte pixel[4] = { 0 };
    glColor4f(0.25, 0.5, 0.75, 1);
    begin_feedback(GL_3D_COLOR);
    glPassThrough(7);
    glRasterPos3f(5, 6, 0.5);
    glBitmap(0, 0, 0, 0, 1, 1, NULL);
    glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
    glCopyPixels(0, 0, 1, 1, GL_COLOR);
    glRasterPos2f(100, 1);
    glBitmap(0, 0, 0, 0, 1, 1, NULL);
    glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
    glPassThrough(8);
    n = glRenderMode(GL_RENDER);
    CHECK_FB("pass-through and pixel tokens", n, GL_PASS_THROUGH_TOKEN, 7, GL_BITMAP_TOKEN, 5, 6,
             0.25, 0.25, 0.5, 0.75, 1, GL_DRAW_PIXEL_TOKEN, 6, 7, 0.25, 0.25, 0.5, 0.75, 1,
             GL_COPY_PIXEL_TOKEN, 6, 7, 0.25, 0.25, 0.5, 0.75, 1, GL_PASS_THROUGH_TOKEN, 8);
    glPassThrough(9); /* ignored in GL_RENDER mode */
    expect_error(GL_NO_ERROR, "glPassThrough in GL_RENDER mode");

    /* Vertex arrays. */
    static const GLfloat verts[] = { 1, 1, 5, 1, 5, 5 };
    glEnableClientState(GL_VERTEX_ARRAY);
    glVertexPointer(2, GL_FLOAT, 0, verts);
    begin_feedback(GL_2D);
    glDrawArrays(GL_LINE_STRIP, 0, 3);
    static const GLuint idx[] = { 2, 0 };
    glDrawElements(GL_POINTS, 2, GL_UNSIGNED_INT, idx);
    n = glRenderMode(GL_RENDER);
    glDisableClientState(GL_VERTEX_ARRAY);
    CHECK_FB("vertex arrays", n, GL_LINE_TOKEN, 1, 1, 5, 1, GL_LINE_TOKEN, 5, 1, 5, 5,
             GL_POINT_TOKEN, 5, 5, GL_POINT_TOKEN, 1, 1);

    /* Overflow: -1, only the buffer's size written; an exact fit is not an
     * overflow. */
    fb[3] = 99;
    glFeedbackBuffer(3, GL_2D, fb);
    glRenderMode(GL_FEEDBACK);
    glBegin(GL_POINTS);
    glVertex2f(1, 1);
    glVertex2f(2, 2);
    glEnd();
    n = glRenderMode(GL_RENDER);
    CHECK(n == -1 && fb[0] == GL_POINT_TOKEN && fb[2] == 1 && fb[3] == 99,
          "feedback overflow returned %d, buffer %g %g %g %g", n, fb[0], fb[1], fb[2], fb[3]);
    glFeedbackBuffer(3, GL_2D, fb);
    glRenderMode(GL_FEEDBACK);
    glBegin(GL_POINTS);
    glVertex2f(1, 1);
    glEnd();
    n = glRenderMode(GL_RENDER);
    CHECK(n == 3, "an exactly full feedback buffer returned %d, expected 3", n);

    /* Errors and queries. */
    glFeedbackBuffer(-1, GL_2D, fb);
    expect_error(GL_INVALID_VALUE, "glFeedbackBuffer with a negative size");
    glFeedbackBuffer(4, GL_RGBA, fb);
    expect_error(GL_INVALID_ENUM, "glFeedbackBuffer with a bad type");
    glFeedbackBuffer(64, GL_3D, fb);
    glGetIntegerv(GL_FEEDBACK_BUFFER_SIZE, &iv);
    CHECK(iv == 64, "GL_FEEDBACK_BUFFER_SIZE %d, expected 64", iv);
    void *p = NULL;
    glGetPointerv(GL_FEEDBACK_BUFFER_POINTER, &p);
    CHECK(p == fb, "GL_FEEDBACK_BUFFER_POINTER %p, expected %p", p, (void *)fb);
    glRenderMode(GL_FEEDBACK);
    glFeedbackBuffer(64, GL_3D, fb);
    expect_error(GL_INVALID_OPERATION, "glFeedbackBuffer in feedback mode");
    glRenderMode(GL_RENDER);
}

static void test_lists(void)
{
    GLint n;
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glPassThrough(1);
    glInitNames();
    glPushName(10);
    glBegin(GL_POINTS);
    glVertex3f(1, 2, 0);
    glEnd();
    glLoadName(11);
    quad(1, 2, 11, 12, 0);
    glEndList();

    begin_feedback(GL_2D);
    glCallList(list);
    n = glRenderMode(GL_RENDER);
    CHECK_FB("display list in feedback mode", n, GL_PASS_THROUGH_TOKEN, 1, GL_POINT_TOKEN, 1, 2,
             GL_POLYGON_TOKEN, 3, 1, 2, 11, 2, 1, 12, GL_POLYGON_TOKEN, 3, 11, 2, 11, 12, 1, 12);

    glSelectBuffer(128, sb);
    glRenderMode(GL_SELECT);
    glCallList(list);
    n = glRenderMode(GL_RENDER);
    CHECK(n == 2 && sb[0] == 1 && sb[3] == 10 && sb[4] == 1 && sb[7] == 11,
          "display list in selection mode: %d hits, names %u %u", n, sb[3], sb[7]);
    glDeleteLists(list, 1);
}

static void test_nothing_drawn(void)
{
    GLubyte p[4];
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor3f(1, 1, 1);
    glSelectBuffer(128, sb);
    glRenderMode(GL_SELECT);
    quad(0, 0, 64, 64, 0);
    glRenderMode(GL_RENDER);
    glFeedbackBuffer(512, GL_2D, fb);
    glRenderMode(GL_FEEDBACK);
    quad(0, 0, 64, 64, 0);
    glRasterPos2f(0, 0);
    GLubyte white[4 * 16];
    memset(white, 255, sizeof(white));
    glDrawPixels(4, 4, GL_RGBA, GL_UNSIGNED_BYTE, white);
    glClearColor(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glRenderMode(GL_RENDER);
    glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
    CHECK(p[0] == 0 && p[1] == 0 && p[2] == 0,
          "selection or feedback drew to the framebuffer: %d %d %d", p[0], p[1], p[2]);
    /* Back in GL_RENDER mode, draws reach it again. */
    quad(0, 0, 64, 64, 0);
    glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
    CHECK(p[0] == 255 && p[1] == 255 && p[2] == 255, "GL_RENDER draw gave %d %d %d", p[0], p[1],
          p[2]);
}

int main(void)
{
    int attribs[] = { GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, GLX_DEPTH_SIZE, 16, None };
    struct test_window t = open_window_with(attribs, 64);
    glViewport(0, 0, 64, 64);
    ortho();

    GLint iv;
    glGetIntegerv(GL_RENDER_MODE, &iv);
    CHECK(iv == GL_RENDER, "initial GL_RENDER_MODE 0x%x", iv);
    glGetIntegerv(GL_FEEDBACK_BUFFER_TYPE, &iv);
    CHECK(iv == GL_2D, "initial GL_FEEDBACK_BUFFER_TYPE 0x%x", iv);

    test_selection();
    test_feedback();
    test_lists();
    test_nothing_drawn();
    expect_error(GL_NO_ERROR, "the end");

    return close_test_window(&t);
}
