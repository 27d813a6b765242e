/*
 * fixed_point.c: the fixed-point (16.16) and single-precision commands of
 * OpenGL ES 1.x (GL_OES_fixed_point, GL_OES_single_precision), called in a
 * compatibility context through glXGetProcAddress: values scaled by
 * 1/65536 into the float commands' state (current colour and normal,
 * matrices, fog, lights, materials, texture parameters), enum-valued
 * parameters passed unscaled (GL_FOG_MODE, GL_TEXTURE_ENV_MODE, the wrap
 * and filter modes), and the getters (glGetFixedv, glGetLightxv,
 * glGetMaterialxv, glGetTexEnvxv, glGetTexParameterxv, glGetClipPlanef/x)
 * converting back; a bad enum keeps the float command's error. Prints
 * "FAIL line N: ..." lines and "PASS".
 *
 * oxgl-only: Mesa's desktop libGL has no fixed-point commands (its ES 1.1
 * library does); ES 1.1 contexts are not offered by oxgl yet.
 */
#define GL_GLEXT_PROTOTYPES
#include <GL/glx.h>
#include <math.h>
#include <string.h>

#include "common.h"

typedef int GLfixed_t;
#define FX(x) ((GLfixed_t)((x) * 65536.0))

/* Declares `name` as a pointer of the function type `ret (args)`, looked
 * up by name. */
#define PROC(ret, name, args)                                                  \
    typedef ret(*name##_fn) args;                                              \
    name##_fn name = (name##_fn)glXGetProcAddressARB((const GLubyte *)#name)

static int near_f(float a, float b) { return fabsf(a - b) < 1e-4f; }

int main(void)
{
    struct test_window t = open_test_window();
    PROC(void, glColor4x, (GLfixed_t, GLfixed_t, GLfixed_t, GLfixed_t));
    PROC(void, glNormal3x, (GLfixed_t, GLfixed_t, GLfixed_t));
    PROC(void, glTranslatex, (GLfixed_t, GLfixed_t, GLfixed_t));
    PROC(void, glGetFixedv, (GLenum, GLfixed_t *));
    PROC(void, glFogx, (GLenum, GLfixed_t));
    PROC(void, glFogxv, (GLenum, const GLfixed_t *));
    PROC(void, glLightx, (GLenum, GLenum, GLfixed_t));
    PROC(void, glGetLightxv, (GLenum, GLenum, GLfixed_t *));
    PROC(void, glMaterialxv, (GLenum, GLenum, const GLfixed_t *));
    PROC(void, glGetMaterialxv, (GLenum, GLenum, GLfixed_t *));
    PROC(void, glTexEnvx, (GLenum, GLenum, GLfixed_t));
    PROC(void, glGetTexEnvxv, (GLenum, GLenum, GLfixed_t *));
    PROC(void, glTexParameterx, (GLenum, GLenum, GLfixed_t));
    PROC(void, glGetTexParameterxv, (GLenum, GLenum, GLfixed_t *));
    PROC(void, glOrthof, (GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat));
    PROC(void, glClipPlanef, (GLenum, const GLfloat *));
    PROC(void, glGetClipPlanex, (GLenum, GLfixed_t *));
    PROC(void, glLoadMatrixx, (const GLfixed_t *));
    PROC(void, glLineWidthx, (GLfixed_t));
    CHECK(glColor4x && glNormal3x && glTranslatex && glGetFixedv && glFogx && glFogxv &&
              glLightx && glGetLightxv && glMaterialxv && glGetMaterialxv && glTexEnvx &&
              glGetTexEnvxv && glTexParameterx && glGetTexParameterxv && glOrthof &&
              glClipPlanef && glGetClipPlanex && glLoadMatrixx && glLineWidthx,
          "a fixed-point entry point is missing");
    if (failures)
        return close_test_window(&t);

    /* Current colour and normal. */
    glColor4x(FX(0.5), FX(0.25), FX(1.0), FX(0.75));
    GLfloat c[4];
    glGetFloatv(GL_CURRENT_COLOR, c);
    CHECK(near_f(c[0], 0.5f) && near_f(c[1], 0.25f) && near_f(c[2], 1.0f) && near_f(c[3], 0.75f),
          "glColor4x: %g %g %g %g", c[0], c[1], c[2], c[3]);
    glNormal3x(FX(0.0), FX(-1.0), FX(0.5));
    GLfixed_t n[3] = { 0 };
    glGetFixedv(GL_CURRENT_NORMAL, n);
    CHECK(n[0] == 0 && n[1] == FX(-1.0) && n[2] == FX(0.5), "glGetFixedv(CURRENT_NORMAL): %d %d %d",
          n[0], n[1], n[2]);

    /* Matrices. */
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glTranslatex(FX(2.0), FX(-3.5), FX(0.25));
    GLfixed_t m[16] = { 0 };
    glGetFixedv(GL_MODELVIEW_MATRIX, m);
    CHECK(m[0] == FX(1.0) && m[12] == FX(2.0) && m[13] == FX(-3.5) && m[14] == FX(0.25),
          "glTranslatex: %d %d %d", m[12], m[13], m[14]);
    GLfixed_t scale2[16] = { FX(2), 0, 0, 0, 0, FX(2), 0, 0, 0, 0, FX(2), 0, 0, 0, 0, FX(1) };
    glLoadMatrixx(scale2);
    GLfloat mf[16];
    glGetFloatv(GL_MODELVIEW_MATRIX, mf);
    CHECK(near_f(mf[0], 2.0f) && near_f(mf[15], 1.0f), "glLoadMatrixx: %g %g", mf[0], mf[15]);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrthof(-2, 2, -1, 1, -1, 1);
    glGetFloatv(GL_PROJECTION_MATRIX, mf);
    CHECK(near_f(mf[0], 0.5f) && near_f(mf[5], 1.0f), "glOrthof: %g %g", mf[0], mf[5]);
    glLoadIdentity();
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();

    /* Fog: the mode is an enum, not a 16.16 number; the colour is. */
    glFogx(GL_FOG_MODE, GL_LINEAR);
    GLint mode = 0;
    glGetIntegerv(GL_FOG_MODE, &mode);
    CHECK(mode == GL_LINEAR, "glFogx(GL_FOG_MODE) gave 0x%x", mode);
    glFogx(GL_FOG_START, FX(1.5));
    GLfloat start = 0;
    glGetFloatv(GL_FOG_START, &start);
    CHECK(near_f(start, 1.5f), "glFogx(GL_FOG_START): %g", start);
    const GLfixed_t fog[4] = { FX(0.25), FX(0.5), FX(0.75), FX(1.0) };
    glFogxv(GL_FOG_COLOR, fog);
    GLfixed_t fog_back[4] = { 0 };
    glGetFixedv(GL_FOG_COLOR, fog_back);
    CHECK(fog_back[1] == FX(0.5) && fog_back[3] == FX(1.0), "glFogxv(GL_FOG_COLOR): %d %d",
          fog_back[1], fog_back[3]);

    /* Lights and materials. */
    glLightx(GL_LIGHT0, GL_SPOT_EXPONENT, FX(8.0));
    GLfixed_t e = 0;
    glGetLightxv(GL_LIGHT0, GL_SPOT_EXPONENT, &e);
    CHECK(e == FX(8.0), "glLightx(SPOT_EXPONENT): %d", e);
    const GLfixed_t diffuse[4] = { FX(0.5), FX(0.5), FX(0.0), FX(1.0) };
    glMaterialxv(GL_FRONT, GL_DIFFUSE, diffuse);
    GLfixed_t d[4] = { 0 };
    glGetMaterialxv(GL_FRONT, GL_DIFFUSE, d);
    CHECK(d[0] == FX(0.5) && d[2] == 0 && d[3] == FX(1.0), "glMaterialxv: %d %d %d", d[0], d[2],
          d[3]);

    /* Texture state: enums unscaled, numbers scaled. */
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameterx(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    GLfixed_t wrap = 0;
    glGetTexParameterxv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &wrap);
    CHECK(wrap == GL_CLAMP_TO_EDGE, "glTexParameterx(WRAP_S) gave 0x%x", wrap);
    glTexEnvx(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_DECAL);
    GLfixed_t env = 0;
    glGetTexEnvxv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &env);
    CHECK(env == GL_DECAL, "glTexEnvx(TEXTURE_ENV_MODE) gave 0x%x", env);
    glTexEnvx(GL_TEXTURE_ENV, GL_RGB_SCALE, FX(2.0));
    GLfloat rgb_scale = 0;
    glGetTexEnvfv(GL_TEXTURE_ENV, GL_RGB_SCALE, &rgb_scale);
    CHECK(near_f(rgb_scale, 2.0f), "glTexEnvx(RGB_SCALE): %g", rgb_scale);
    glDeleteTextures(1, &tex);

    /* Clip planes, single precision in and fixed out. */
    const GLfloat plane[4] = { 1.0f, 0.0f, -0.5f, 2.0f };
    glClipPlanef(GL_CLIP_PLANE0, plane);
    GLfixed_t pb[4] = { 0 };
    glGetClipPlanex(GL_CLIP_PLANE0, pb);
    CHECK(pb[0] == FX(1.0) && pb[2] == FX(-0.5) && pb[3] == FX(2.0), "glClipPlanef: %d %d %d",
          pb[0], pb[2], pb[3]);

    /* The float commands' errors. */
    glLineWidthx(FX(-1.0));
    expect_error(GL_INVALID_VALUE, "glLineWidthx(-1)");
    glFogx(0x1234, FX(1.0));
    expect_error(GL_INVALID_ENUM, "glFogx(bad pname)");
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
