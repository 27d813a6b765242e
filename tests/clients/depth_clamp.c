/*
 * depth_clamp.c: GL_DEPTH_CLAMP (GL 3.2, ARB_depth_clamp) in a
 * compatibility context. Primitives beyond the near and far planes are
 * drawn with their depth clamped to the depth range instead of clipped;
 * the raster position is not invalidated by them, and feedback reports
 * them (both with their depth as it is, as Mesa). Also glIsEnabled/glGet and the
 * transform and enable attribute groups; polygon offset clamp
 * (ARB/EXT_polygon_offset_clamp). Pixels and depths are read back.
 * Prints FAIL lines and PASS; the same holds on llvmpipe.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>
#include <math.h>
#include <string.h>

#define SIZE 32

static void quad(float z)
{
    glBegin(GL_QUADS);
    glVertex3f(-1, -1, z);
    glVertex3f(1, -1, z);
    glVertex3f(1, 1, z);
    glVertex3f(-1, 1, z);
    glEnd();
}

/* Clears colour to black and depth to `clear`, draws a red quad at `z`
 * with GL_ALWAYS, and checks the centre's colour and depth. */
static void draw_and_check(float z, float clear, int drawn, float depth, const char *what)
{
    glClearDepth(clear);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glColor3f(1, 0, 0);
    quad(z);
    unsigned char px[4];
    float d;
    glReadPixels(SIZE / 2, SIZE / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    glReadPixels(SIZE / 2, SIZE / 2, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
    CHECK((px[0] == 255) == drawn, "%s: red %d, expected %s", what, px[0],
          drawn ? "drawn" : "clipped");
    CHECK(fabsf(d - depth) < 1e-3f, "%s: depth %f, expected %f", what, d, depth);
}

int main(void)
{
    static const int attribs[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_DEPTH_SIZE, 24, None};
    struct test_window t = open_window_with(attribs, SIZE);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    CHECK(ext && strstr(ext, "GL_ARB_depth_clamp"), "GL_ARB_depth_clamp not listed");
    CHECK(!glIsEnabled(GL_DEPTH_CLAMP), "GL_DEPTH_CLAMP initially enabled");
    glEnable(GL_DEPTH_CLAMP);
    GLboolean b = GL_FALSE;
    glGetBooleanv(GL_DEPTH_CLAMP, &b);
    CHECK(glIsEnabled(GL_DEPTH_CLAMP) && b, "glEnable(GL_DEPTH_CLAMP) not seen");
    glPushAttrib(GL_TRANSFORM_BIT);
    glDisable(GL_DEPTH_CLAMP);
    glPopAttrib();
    CHECK(glIsEnabled(GL_DEPTH_CLAMP), "GL_TRANSFORM_BIT did not restore GL_DEPTH_CLAMP");
    glPushAttrib(GL_ENABLE_BIT);
    glDisable(GL_DEPTH_CLAMP);
    glPopAttrib();
    CHECK(glIsEnabled(GL_DEPTH_CLAMP), "GL_ENABLE_BIT did not restore GL_DEPTH_CLAMP");
    glDisable(GL_DEPTH_CLAMP);
    expect_error(GL_NO_ERROR, "enables");

    glViewport(0, 0, SIZE, SIZE);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_ALWAYS);
    /* Identity matrices: z beyond +-1 is outside the far/near plane. */
    draw_and_check(1.5f, 0.5f, 0, 0.5f, "beyond far, no clamp");
    draw_and_check(-1.5f, 0.5f, 0, 0.5f, "before near, no clamp");
    glEnable(GL_DEPTH_CLAMP);
    draw_and_check(1.5f, 0.5f, 1, 1.0f, "beyond far, clamped");
    draw_and_check(-1.5f, 0.5f, 1, 0.0f, "before near, clamped");
    draw_and_check(0.0f, 1.0f, 1, 0.5f, "inside, clamped");
    glDepthRange(0.25, 0.75);
    draw_and_check(1.5f, 0.5f, 1, 0.75f, "beyond far, depth range 0.25-0.75");
    draw_and_check(-1.5f, 0.5f, 1, 0.25f, "before near, depth range 0.25-0.75");
    glDepthRange(0, 1);

    /* The raster position. */
    GLint valid = 0;
    GLfloat rp[4];
    glRasterPos3f(0, 0, 2);
    glGetIntegerv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
    glGetFloatv(GL_CURRENT_RASTER_POSITION, rp);
    CHECK(valid, "raster position beyond far invalid under depth clamp");
    /* Its depth is not clamped (Mesa: only fragment depths are). */
    CHECK(fabsf(rp[2] - 1.5f) < 1e-5f, "raster position depth %f, expected 1.5", rp[2]);
    glDisable(GL_DEPTH_CLAMP);
    glRasterPos3f(0, 0, 2);
    glGetIntegerv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
    CHECK(!valid, "raster position beyond far valid without depth clamp");

    /* Feedback: a point beyond far is reported, with its depth as it is
     * (as Mesa). */
    GLfloat fb[16];
    glEnable(GL_DEPTH_CLAMP);
    glFeedbackBuffer(16, GL_3D, fb);
    glRenderMode(GL_FEEDBACK);
    glBegin(GL_POINTS);
    glVertex3f(0, 0, 2);
    glEnd();
    GLint n = glRenderMode(GL_RENDER);
    CHECK(n == 4 && fb[0] == GL_POINT_TOKEN && fabsf(fb[3] - 1.5f) < 1e-5f,
          "feedback of a point beyond far: %d values, z %f", n, n >= 4 ? fb[3] : -1.0f);
    glDisable(GL_DEPTH_CLAMP);
    glRenderMode(GL_FEEDBACK);
    glBegin(GL_POINTS);
    glVertex3f(0, 0, 2);
    glEnd();
    n = glRenderMode(GL_RENDER);
    CHECK(n == 0, "feedback of a clipped point: %d values", n);
    expect_error(GL_NO_ERROR, "rendering");

    /* Polygon offset clamp (GL 4.6, ARB/EXT_polygon_offset_clamp): 2^28
     * units are more than 0.05 of depth (the unit is the implementation's:
     * llvmpipe's gives 0.125 here), clamped to 0.03 (at most); a negative
     * clamp bounds a negative offset; glPolygonOffset sets the clamp back
     * to 0. */
    CHECK(strstr(ext, "GL_EXT_polygon_offset_clamp") && strstr(ext, "GL_ARB_polygon_offset_clamp"),
          "polygon offset clamp not listed");
    PFNGLPOLYGONOFFSETCLAMPEXTPROC offset_clamp =
        (PFNGLPOLYGONOFFSETCLAMPEXTPROC)glXGetProcAddress((const GLubyte *)"glPolygonOffsetClampEXT");
    if (offset_clamp) {
        glEnable(GL_POLYGON_OFFSET_FILL);
        const float units = 268435456.0f;
        glPolygonOffset(0, units);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        quad(0);
        float d = 0;
        glReadPixels(SIZE / 2, SIZE / 2, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
        CHECK(d > 0.55f, "offset 2^28 units, no clamp: depth %f", d);
        offset_clamp(0, units, 0.03f);
        GLfloat clamp = 0;
        glGetFloatv(GL_POLYGON_OFFSET_CLAMP_EXT, &clamp);
        CHECK(clamp == 0.03f, "GL_POLYGON_OFFSET_CLAMP %f", clamp);
        draw_and_check(0.0f, 1.0f, 1, 0.53f, "offset 2^28 units, clamp 0.03");
        offset_clamp(0, -units, -0.03f);
        draw_and_check(0.0f, 1.0f, 1, 0.47f, "offset -2^28 units, clamp -0.03");
        glPolygonOffset(0, 0);
        glGetFloatv(GL_POLYGON_OFFSET_CLAMP_EXT, &clamp);
        CHECK(clamp == 0.0f, "GL_POLYGON_OFFSET_CLAMP after glPolygonOffset %f", clamp);
        glDisable(GL_POLYGON_OFFSET_FILL);
        expect_error(GL_NO_ERROR, "polygon offset clamp");
    }
    return close_test_window(&t);
}
