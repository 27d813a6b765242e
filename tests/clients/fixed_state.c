/*
 * fixed_state.c: current attributes, matrix stacks and the Begin/End rules,
 * observed through glGet* and glGetError (no drawing involved).
 * Prints one line per failed check and PASS when all hold.
 */
#include "common.h"
#include <GL/gl.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <math.h>
#include <stdio.h>

static int near(float a, float b) { return fabsf(a - b) < 1e-5f; }

int main(void)
{
    struct test_window t = open_test_window();

    /* Current attributes and their conversions. */
    GLfloat f[16];
    GLint iv[4];
    glGetFloatv(GL_CURRENT_COLOR, f);
    CHECK(f[0] == 1 && f[1] == 1 && f[2] == 1 && f[3] == 1, "initial colour %g %g %g %g", f[0], f[1], f[2], f[3]);
    glColor4ub(255, 0, 51, 255);
    glGetFloatv(GL_CURRENT_COLOR, f);
    CHECK(f[0] == 1.0f && f[1] == 0.0f && near(f[2], 0.2f), "glColor4ub -> %g %g %g", f[0], f[1], f[2]);
    glColor3f(0.5f, 0.25f, 1.0f);
    glGetFloatv(GL_CURRENT_COLOR, f);
    CHECK(f[3] == 1.0f, "glColor3f keeps alpha 1, got %g", f[3]);
    glGetIntegerv(GL_CURRENT_COLOR, iv);
    CHECK(iv[2] == 2147483647, "integer query of colour 1.0 = %d", iv[2]);
    glNormal3b(127, -128, 0);
    glGetFloatv(GL_CURRENT_NORMAL, f);
    /* GL 1.0-4.1 signed normalization (2c + 1) / (2^b - 1): 0 maps to 1/255. */
    CHECK(f[0] == 1.0f && f[1] == -1.0f && near(f[2], 1.0f / 255.0f), "glNormal3b -> %g %g %g", f[0], f[1], f[2]);
    glTexCoord2i(3, 4);
    glGetFloatv(GL_CURRENT_TEXTURE_COORDS, f);
    CHECK(f[0] == 3 && f[1] == 4 && f[2] == 0 && f[3] == 1, "glTexCoord2i -> %g %g %g %g", f[0], f[1], f[2], f[3]);
    expect_error(GL_NO_ERROR, "attributes");

    /* Matrices. */
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glTranslatef(1, 2, 3);
    glScalef(2, 2, 2);
    glGetFloatv(GL_MODELVIEW_MATRIX, f);
    CHECK(f[0] == 2 && f[12] == 1 && f[13] == 2 && f[14] == 3 && f[15] == 1, "translate*scale: %g %g %g %g", f[0], f[12], f[13], f[14]);
    glPushMatrix();
    glRotatef(90, 0, 0, 1);
    glGetIntegerv(GL_MODELVIEW_STACK_DEPTH, iv);
    CHECK(iv[0] == 2, "stack depth %d", iv[0]);
    glPopMatrix();
    glGetFloatv(GL_MODELVIEW_MATRIX, f);
    CHECK(f[0] == 2 && f[1] == 0, "pop restores: %g %g", f[0], f[1]);
    glPopMatrix();
    expect_error(GL_STACK_UNDERFLOW, "pop at depth 1");
    for (int i = 0; i < 31; i++)
        glPushMatrix();
    expect_error(GL_NO_ERROR, "31 pushes");
    glPushMatrix();
    expect_error(GL_STACK_OVERFLOW, "32nd push");
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, 10, 0, 10, -1, 1);
    glGetFloatv(GL_PROJECTION_MATRIX, f);
    CHECK(near(f[0], 0.2f) && near(f[12], -1.0f), "ortho: %g %g", f[0], f[12]);
    glFrustum(-1, 1, -1, 1, 0, 10);
    expect_error(GL_INVALID_VALUE, "glFrustum near = 0");
    glMatrixMode(0x1234);
    expect_error(GL_INVALID_ENUM, "glMatrixMode(bad)");

    /* Begin/End rules. */
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glEnd outside Begin");
    glBegin(0x7777);
    expect_error(GL_INVALID_ENUM, "glBegin(bad mode)");
    glBegin(GL_TRIANGLES);
    glColor3f(1, 0, 0);
    glVertex2f(0, 0);
    glBegin(GL_POINTS);
    glClear(GL_COLOR_BUFFER_BIT);
    glMatrixMode(GL_MODELVIEW);
    glVertex2f(1, 0);
    glVertex2f(0, 1);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glBegin/glClear/glMatrixMode inside Begin/End");
    glGetFloatv(GL_CURRENT_COLOR, f);
    CHECK(f[0] == 1 && f[1] == 0 && f[2] == 0, "colour set inside Begin/End is current after: %g %g %g", f[0], f[1], f[2]);
    glRectf(0, 0, 1, 1);
    expect_error(GL_NO_ERROR, "glRectf");
    glShadeModel(GL_FLAT);
    glGetIntegerv(GL_SHADE_MODEL, iv);
    CHECK(iv[0] == GL_FLAT, "shade model 0x%x", iv[0]);
    glShadeModel(GL_FLAT + 7);
    expect_error(GL_INVALID_ENUM, "glShadeModel(bad)");

    return close_test_window(&t);
}
