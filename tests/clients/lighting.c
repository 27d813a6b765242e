/*
 * lighting.c: fixed-function lighting state through the public API —
 * initial values, eye-space light positions, integer conversions, errors,
 * and materials set inside Begin/End and compiled into display lists.
 * Prints one line per failed check and PASS when all hold.
 */
#include "common.h"
#include <GL/gl.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <math.h>
#include <stdio.h>

static int near(float a, float b) { return fabsf(a - b) < 1e-5f; }

/* Draws a flat-shaded strip of two quads, left red and right green, whose
 * colours come only from glMaterial(mat) given between Begin and End (only
 * at the provoking vertices unless set_all), and checks both halves
 * (gl-1.0-dlist-materials). In a list when `list`. */
static void per_vertex_material(GLenum mat, int set_all, int list)
{
    static const GLfloat red[] = { 1, 0, 0, 1 }, green[] = { 0, 1, 0, 1 };
    static const GLfloat black[] = { 0, 0, 0, 1 }, white[] = { 1, 1, 1, 1 };
    static const GLfloat verts[6][2] = { { -1, -1 }, { -1, 1 }, { 0, -1 }, { 0, 1 }, { 1, -1 }, { 1, 1 } };
    GLuint l = 0;
    GLubyte px[2][4];

    glPushAttrib(GL_ALL_ATTRIB_BITS);
    glEnable(GL_LIGHTING);
    glEnable(GL_LIGHT0);
    glLightfv(GL_LIGHT0, GL_AMBIENT, white);
    glLightfv(GL_LIGHT0, GL_DIFFUSE, white);
    glLightfv(GL_LIGHT0, GL_SPECULAR, white);
    glLightfv(GL_LIGHT0, GL_POSITION, (GLfloat[]){ 0, 0, 1, 0 });
    glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, black);
    glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, black);
    glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, black);
    glMaterialfv(GL_FRONT_AND_BACK, GL_EMISSION, black);
    glShadeModel(GL_FLAT);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    if (list) {
        l = glGenLists(1);
        glNewList(l, GL_COMPILE);
    }
    glBegin(GL_TRIANGLE_STRIP);
    glNormal3f(0, 0, 1);
    for (int i = 0; i < 6; i++) {
        if (set_all || i == 2 || i == 4)
            glMaterialfv(GL_FRONT_AND_BACK, mat, i < 4 ? red : green);
        glVertex2fv(verts[i]);
    }
    glEnd();
    if (list) {
        glEndList();
        glCallList(l);
        glDeleteLists(l, 1);
    }
    glReadPixels(12, 16, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px[0]);
    glReadPixels(20, 16, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px[1]);
    CHECK(px[0][0] == 255 && px[0][1] == 0 && px[1][0] == 0 && px[1][1] == 255,
          "material 0x%x per vertex (all %d, list %d): left %d %d, right %d %d", mat, set_all,
          list, px[0][0], px[0][1], px[1][0], px[1][1]);
    glPopAttrib();
}

int main(void)
{
    struct test_window t = open_test_window();

    GLfloat f[4];
    GLint iv[4];
    glGetLightfv(GL_LIGHT0, GL_DIFFUSE, f);
    CHECK(f[0] == 1 && f[3] == 1, "LIGHT0 diffuse %g", f[0]);
    glGetLightfv(GL_LIGHT1, GL_DIFFUSE, f);
    CHECK(f[0] == 0 && f[3] == 1, "LIGHT1 diffuse %g", f[0]);
    glGetLightfv(GL_LIGHT2, GL_SPOT_CUTOFF, f);
    CHECK(f[0] == 180, "spot cutoff %g", f[0]);
    glGetMaterialfv(GL_FRONT, GL_AMBIENT, f);
    CHECK(near(f[0], 0.2f) && f[3] == 1, "material ambient %g", f[0]);
    glGetFloatv(GL_LIGHT_MODEL_AMBIENT, f);
    CHECK(near(f[0], 0.2f), "light model ambient %g", f[0]);

    /* Positions are stored in eye coordinates. */
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glTranslatef(10, 0, 0);
    GLfloat pos[4] = { 1, 2, 3, 1 };
    glLightfv(GL_LIGHT0, GL_POSITION, pos);
    glLoadIdentity();
    glGetLightfv(GL_LIGHT0, GL_POSITION, f);
    CHECK(f[0] == 11 && f[1] == 2 && f[2] == 3 && f[3] == 1, "eye position %g %g %g %g", f[0], f[1], f[2], f[3]);

    /* Integer colours are normalized both ways. */
    GLint red[4] = { 2147483647, 0, 0, 2147483647 };
    glLightiv(GL_LIGHT1, GL_AMBIENT, red);
    glGetLightfv(GL_LIGHT1, GL_AMBIENT, f);
    CHECK(near(f[0], 1.0f) && near(f[1], 0.0f), "integer colour -> %g %g", f[0], f[1]);
    glGetLightiv(GL_LIGHT1, GL_AMBIENT, iv);
    CHECK(iv[0] == 2147483647, "colour read as integer %d", iv[0]);
    glLighti(GL_LIGHT1, GL_SPOT_EXPONENT, 7);
    glGetLightiv(GL_LIGHT1, GL_SPOT_EXPONENT, iv);
    CHECK(iv[0] == 7, "spot exponent %d", iv[0]);

    /* Errors. */
    glLightf(GL_LIGHT0, GL_SPOT_EXPONENT, 129);
    expect_error(GL_INVALID_VALUE, "spot exponent 129");
    glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 91);
    expect_error(GL_INVALID_VALUE, "spot cutoff 91");
    glLightf(GL_LIGHT0, GL_CONSTANT_ATTENUATION, -1);
    expect_error(GL_INVALID_VALUE, "negative attenuation");
    glLightf(GL_LIGHT0 + 8, GL_SPOT_CUTOFF, 10);
    expect_error(GL_INVALID_ENUM, "GL_LIGHT8");
    glMaterialf(GL_FRONT, GL_SHININESS, 200);
    expect_error(GL_INVALID_VALUE, "shininess 200");
    glMaterialf(GL_LEFT, GL_SHININESS, 2);
    expect_error(GL_INVALID_ENUM, "material face GL_LEFT");
    glGetMaterialfv(GL_FRONT_AND_BACK, GL_SHININESS, f);
    expect_error(GL_INVALID_ENUM, "glGetMaterial(GL_FRONT_AND_BACK)");
    glColorMaterial(GL_FRONT, GL_POSITION);
    expect_error(GL_INVALID_ENUM, "colour material mode GL_POSITION");
    glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SEPARATE_SPECULAR_COLOR);
    glGetIntegerv(GL_LIGHT_MODEL_COLOR_CONTROL, iv);
    CHECK(iv[0] == GL_SEPARATE_SPECULAR_COLOR, "colour control 0x%x", iv[0]);
    glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_FLAT);
    expect_error(GL_INVALID_ENUM, "bad colour control");

    /* Materials inside Begin/End; glLight is not allowed there. */
    glBegin(GL_TRIANGLES);
    glMaterialf(GL_FRONT_AND_BACK, GL_SHININESS, 64);
    glEnd();
    expect_error(GL_NO_ERROR, "glMaterial inside Begin/End");
    glGetMaterialfv(GL_BACK, GL_SHININESS, f);
    CHECK(f[0] == 64, "back shininess %g", f[0]);
    glBegin(GL_TRIANGLES);
    glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 10);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glLight inside Begin/End");

    /* Compiled into a list. */
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    GLfloat green[4] = { 0, 1, 0, 1 };
    glMaterialfv(GL_FRONT, GL_EMISSION, green);
    glEndList();
    glGetMaterialfv(GL_FRONT, GL_EMISSION, f);
    CHECK(f[1] == 0, "compiled material not applied yet: %g", f[1]);
    glCallList(list);
    glGetMaterialfv(GL_FRONT, GL_EMISSION, f);
    CHECK(f[1] == 1, "material applied by glCallList: %g", f[1]);

    static const GLenum mats[] = { GL_AMBIENT, GL_DIFFUSE, GL_SPECULAR, GL_EMISSION };
    for (int m = 0; m < 4; m++)
        for (int all = 0; all < 2; all++)
            for (int list = 0; list < 2; list++)
                per_vertex_material(mats[m], all, list);

    return close_test_window(&t);
}
