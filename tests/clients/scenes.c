/*
 * scenes.c: renders one named test scene into a 160x120 double-buffered
 * window (RGBA, 24-bit depth, 8-bit stencil) and writes the back buffer,
 * read with glReadPixels, as a binary PPM (rows top to bottom).
 *
 *   scenes NAME OUT.ppm      render NAME
 *   scenes --list            print every scene name
 *
 * tests/tests/images.rs renders each scene on oxgl and compares it with
 * tests/images/NAME.png, made from the same program on Mesa llvmpipe.
 * Each scene exercises one feature group of the fixed-function pipeline;
 * all use fixed inputs so the image is deterministic.
 */
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 160
#define H 120

static void ortho_pixels(void)
{
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, W, 0, H, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
}

/* ---- gears: glxgears' geometry and state at fixed angles --------------- */

static void gear(GLfloat inner, GLfloat outer, GLfloat width, GLint teeth, GLfloat depth)
{
    GLfloat r0 = inner, r1 = outer - depth / 2.0f, r2 = outer + depth / 2.0f;
    GLfloat da = 2.0f * (GLfloat)M_PI / teeth / 4.0f;
    GLint i;

    glShadeModel(GL_FLAT);
    glNormal3f(0.0f, 0.0f, 1.0f);
    /* front face */
    glBegin(GL_QUAD_STRIP);
    for (i = 0; i <= teeth; i++) {
        GLfloat a = i * 2.0f * (GLfloat)M_PI / teeth;
        glVertex3f(r0 * cosf(a), r0 * sinf(a), width * 0.5f);
        glVertex3f(r1 * cosf(a), r1 * sinf(a), width * 0.5f);
        if (i < teeth) {
            glVertex3f(r0 * cosf(a), r0 * sinf(a), width * 0.5f);
            glVertex3f(r1 * cosf(a + 3 * da), r1 * sinf(a + 3 * da), width * 0.5f);
        }
    }
    glEnd();
    /* front sides of teeth */
    glBegin(GL_QUADS);
    for (i = 0; i < teeth; i++) {
        GLfloat a = i * 2.0f * (GLfloat)M_PI / teeth;
        glVertex3f(r1 * cosf(a), r1 * sinf(a), width * 0.5f);
        glVertex3f(r2 * cosf(a + da), r2 * sinf(a + da), width * 0.5f);
        glVertex3f(r2 * cosf(a + 2 * da), r2 * sinf(a + 2 * da), width * 0.5f);
        glVertex3f(r1 * cosf(a + 3 * da), r1 * sinf(a + 3 * da), width * 0.5f);
    }
    glEnd();
    glNormal3f(0.0f, 0.0f, -1.0f);
    /* back face */
    glBegin(GL_QUAD_STRIP);
    for (i = 0; i <= teeth; i++) {
        GLfloat a = i * 2.0f * (GLfloat)M_PI / teeth;
        glVertex3f(r1 * cosf(a), r1 * sinf(a), -width * 0.5f);
        glVertex3f(r0 * cosf(a), r0 * sinf(a), -width * 0.5f);
        if (i < teeth) {
            glVertex3f(r1 * cosf(a + 3 * da), r1 * sinf(a + 3 * da), -width * 0.5f);
            glVertex3f(r0 * cosf(a), r0 * sinf(a), -width * 0.5f);
        }
    }
    glEnd();
    /* back sides of teeth */
    glBegin(GL_QUADS);
    for (i = 0; i < teeth; i++) {
        GLfloat a = i * 2.0f * (GLfloat)M_PI / teeth;
        glVertex3f(r1 * cosf(a + 3 * da), r1 * sinf(a + 3 * da), -width * 0.5f);
        glVertex3f(r2 * cosf(a + 2 * da), r2 * sinf(a + 2 * da), -width * 0.5f);
        glVertex3f(r2 * cosf(a + da), r2 * sinf(a + da), -width * 0.5f);
        glVertex3f(r1 * cosf(a), r1 * sinf(a), -width * 0.5f);
    }
    glEnd();
    /* outward faces of teeth */
    glBegin(GL_QUAD_STRIP);
    for (i = 0; i < teeth; i++) {
        GLfloat a = i * 2.0f * (GLfloat)M_PI / teeth;
        GLfloat u, v, len;
        glVertex3f(r1 * cosf(a), r1 * sinf(a), width * 0.5f);
        glVertex3f(r1 * cosf(a), r1 * sinf(a), -width * 0.5f);
        u = r2 * cosf(a + da) - r1 * cosf(a);
        v = r2 * sinf(a + da) - r1 * sinf(a);
        len = sqrtf(u * u + v * v);
        u /= len;
        v /= len;
        glNormal3f(v, -u, 0.0f);
        glVertex3f(r2 * cosf(a + da), r2 * sinf(a + da), width * 0.5f);
        glVertex3f(r2 * cosf(a + da), r2 * sinf(a + da), -width * 0.5f);
        glNormal3f(cosf(a), sinf(a), 0.0f);
        glVertex3f(r2 * cosf(a + 2 * da), r2 * sinf(a + 2 * da), width * 0.5f);
        glVertex3f(r2 * cosf(a + 2 * da), r2 * sinf(a + 2 * da), -width * 0.5f);
        u = r1 * cosf(a + 3 * da) - r2 * cosf(a + 2 * da);
        v = r1 * sinf(a + 3 * da) - r2 * sinf(a + 2 * da);
        glNormal3f(v, -u, 0.0f);
        glVertex3f(r1 * cosf(a + 3 * da), r1 * sinf(a + 3 * da), width * 0.5f);
        glVertex3f(r1 * cosf(a + 3 * da), r1 * sinf(a + 3 * da), -width * 0.5f);
        glNormal3f(cosf(a), sinf(a), 0.0f);
    }
    glVertex3f(r1 * cosf(0), r1 * sinf(0), width * 0.5f);
    glVertex3f(r1 * cosf(0), r1 * sinf(0), -width * 0.5f);
    glEnd();
    glShadeModel(GL_SMOOTH);
    /* inside radius cylinder */
    glBegin(GL_QUAD_STRIP);
    for (i = 0; i <= teeth; i++) {
        GLfloat a = i * 2.0f * (GLfloat)M_PI / teeth;
        glNormal3f(-cosf(a), -sinf(a), 0.0f);
        glVertex3f(r0 * cosf(a), r0 * sinf(a), -width * 0.5f);
        glVertex3f(r0 * cosf(a), r0 * sinf(a), width * 0.5f);
    }
    glEnd();
}

static void scene_gears(void)
{
    static const GLfloat pos[4] = { 5.0f, 5.0f, 10.0f, 0.0f };
    static const GLfloat red[4] = { 0.8f, 0.1f, 0.0f, 1.0f };
    static const GLfloat green[4] = { 0.0f, 0.8f, 0.2f, 1.0f };
    static const GLfloat blue[4] = { 0.2f, 0.2f, 1.0f, 1.0f };
    const GLfloat rotx = 20.0f, roty = 30.0f, rotz = 0.0f, angle = 17.0f;
    GLuint g1, g2, g3;
    GLfloat aspect = (GLfloat)H / (GLfloat)W;

    glLightfv(GL_LIGHT0, GL_POSITION, pos);
    glEnable(GL_CULL_FACE);
    glEnable(GL_LIGHTING);
    glEnable(GL_LIGHT0);
    glEnable(GL_DEPTH_TEST);
    g1 = glGenLists(1);
    glNewList(g1, GL_COMPILE);
    glMaterialfv(GL_FRONT, GL_AMBIENT_AND_DIFFUSE, red);
    gear(1.0f, 4.0f, 1.0f, 20, 0.7f);
    glEndList();
    g2 = glGenLists(1);
    glNewList(g2, GL_COMPILE);
    glMaterialfv(GL_FRONT, GL_AMBIENT_AND_DIFFUSE, green);
    gear(0.5f, 2.0f, 2.0f, 10, 0.7f);
    glEndList();
    g3 = glGenLists(1);
    glNewList(g3, GL_COMPILE);
    glMaterialfv(GL_FRONT, GL_AMBIENT_AND_DIFFUSE, blue);
    gear(1.3f, 2.0f, 0.5f, 10, 0.7f);
    glEndList();
    glEnable(GL_NORMALIZE);

    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glFrustum(-1.0, 1.0, -aspect, aspect, 5.0, 60.0);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glTranslatef(0.0f, 0.0f, -40.0f);

    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glPushMatrix();
    glRotatef(rotx, 1.0f, 0.0f, 0.0f);
    glRotatef(roty, 0.0f, 1.0f, 0.0f);
    glRotatef(rotz, 0.0f, 0.0f, 1.0f);
    glPushMatrix();
    glTranslatef(-3.0f, -2.0f, 0.0f);
    glRotatef(angle, 0.0f, 0.0f, 1.0f);
    glCallList(g1);
    glPopMatrix();
    glPushMatrix();
    glTranslatef(3.1f, -2.0f, 0.0f);
    glRotatef(-2.0f * angle - 9.0f, 0.0f, 0.0f, 1.0f);
    glCallList(g2);
    glPopMatrix();
    glPushMatrix();
    glTranslatef(-3.1f, 4.2f, 0.0f);
    glRotatef(-2.0f * angle - 25.0f, 0.0f, 0.0f, 1.0f);
    glCallList(g3);
    glPopMatrix();
    glPopMatrix();
}

/* ---- primitives: every primitive type, immediate mode ------------------ */

static void scene_primitives(void)
{
    ortho_pixels();
    glClearColor(0.1f, 0.1f, 0.1f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glPointSize(3.0f);
    glBegin(GL_POINTS);
    for (int i = 0; i < 6; i++) {
        glColor3f(1.0f, i / 6.0f, 0.0f);
        glVertex2f(8.5f + 6 * i, 110.5f);
    }
    glEnd();
    glPointSize(1.0f);
    glBegin(GL_LINES);
    glColor3f(1, 1, 1);
    glVertex2f(50, 100);
    glVertex2f(90, 115);
    glColor3f(0, 1, 1);
    glVertex2f(50, 115);
    glVertex2f(90, 102);
    glEnd();
    glBegin(GL_LINE_STRIP);
    glColor3f(1, 0, 1);
    glVertex2f(100, 100);
    glVertex2f(115, 116);
    glVertex2f(130, 100);
    glVertex2f(145, 116);
    glEnd();
    glBegin(GL_LINE_LOOP);
    glColor3f(1, 1, 0);
    glVertex2f(5, 60);
    glVertex2f(35, 65);
    glVertex2f(30, 92);
    glVertex2f(8, 85);
    glEnd();
    glBegin(GL_TRIANGLE_STRIP);
    glColor3f(1, 0, 0);
    glVertex2f(45, 60);
    glColor3f(0, 1, 0);
    glVertex2f(45, 90);
    glColor3f(0, 0, 1);
    glVertex2f(65, 62);
    glColor3f(1, 1, 0);
    glVertex2f(70, 92);
    glColor3f(0, 1, 1);
    glVertex2f(88, 60);
    glEnd();
    glBegin(GL_TRIANGLE_FAN);
    glColor3f(1, 1, 1);
    glVertex2f(120, 75);
    for (int i = 0; i <= 6; i++) {
        float a = i * 0.8f;
        glColor3f(0.5f + 0.5f * cosf(a), 0.5f + 0.5f * sinf(a), 0.3f);
        glVertex2f(120 + 22 * cosf(a), 75 + 17 * sinf(a));
    }
    glEnd();
    glBegin(GL_QUADS);
    glColor3f(0.9f, 0.4f, 0.1f);
    glVertex2f(5, 10);
    glVertex2f(35, 8);
    glColor3f(0.1f, 0.4f, 0.9f);
    glVertex2f(38, 45);
    glVertex2f(8, 40);
    glEnd();
    glBegin(GL_QUAD_STRIP);
    for (int i = 0; i < 4; i++) {
        glColor3f(i / 3.0f, 1.0f - i / 3.0f, 0.5f);
        glVertex2f(45 + 14 * i, 8);
        glVertex2f(45 + 14 * i, 45 - 4 * i);
    }
    glEnd();
    glBegin(GL_POLYGON);
    for (int i = 0; i < 7; i++) {
        float a = i * 2.0f * (float)M_PI / 7.0f;
        glColor3f(0.2f + 0.1f * i, 0.8f - 0.1f * i, 0.6f);
        glVertex2f(125 + 25 * cosf(a), 28 + 19 * sinf(a));
    }
    glEnd();
}

/* ---- vertex sources: arrays, VBOs, display lists, flat shading --------- */

static const GLfloat fan_pos[] = { 0, 0, 1, 0, 0.7f, 0.7f, 0, 1, -0.7f, 0.7f, -1, 0 };
static const GLubyte fan_col[] = { 255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 0, 0, 255, 255 };

static void draw_fan_arrays(void)
{
    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);
    glVertexPointer(2, GL_FLOAT, 0, fan_pos);
    glColorPointer(3, GL_UNSIGNED_BYTE, 0, fan_col);
    glDrawArrays(GL_TRIANGLE_FAN, 0, 6);
    glDisableClientState(GL_VERTEX_ARRAY);
    glDisableClientState(GL_COLOR_ARRAY);
}

static void scene_vertex_sources(void)
{
    static const GLushort idx[] = { 0, 1, 2, 0, 2, 3, 0, 3, 4, 0, 4, 5 };
    GLuint vbo[2], list;
    ortho_pixels();
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    /* client arrays */
    glPushMatrix();
    glTranslatef(40, 70, 0);
    glScalef(30, 30, 1);
    draw_fan_arrays();
    glPopMatrix();
    /* buffer objects + glDrawElements */
    glGenBuffers(2, vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo[0]);
    glBufferData(GL_ARRAY_BUFFER, sizeof fan_pos + sizeof fan_col, NULL, GL_STATIC_DRAW);
    glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof fan_pos, fan_pos);
    glBufferSubData(GL_ARRAY_BUFFER, sizeof fan_pos, sizeof fan_col, fan_col);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, vbo[1]);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);
    glVertexPointer(2, GL_FLOAT, 0, (void *)0);
    glColorPointer(3, GL_UNSIGNED_BYTE, 0, (void *)sizeof fan_pos);
    glPushMatrix();
    glTranslatef(120, 70, 0);
    glScalef(30, 30, 1);
    glDrawElements(GL_TRIANGLES, 12, GL_UNSIGNED_SHORT, (void *)0);
    glPopMatrix();
    glDisableClientState(GL_VERTEX_ARRAY);
    glDisableClientState(GL_COLOR_ARRAY);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
    /* display list, flat shaded */
    list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glShadeModel(GL_FLAT);
    draw_fan_arrays();
    glShadeModel(GL_SMOOTH);
    glEndList();
    glPushMatrix();
    glTranslatef(40, 10, 0);
    glScalef(30, 30, 1);
    glCallList(list);
    glPopMatrix();
    /* glRect and glArrayElement */
    glColor3f(0.3f, 0.6f, 0.9f);
    glRectf(90, 10, 110, 40);
    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);
    glVertexPointer(2, GL_FLOAT, 0, fan_pos);
    glColorPointer(3, GL_UNSIGNED_BYTE, 0, fan_col);
    glPushMatrix();
    glTranslatef(135, 15, 0);
    glScalef(20, 20, 1);
    glBegin(GL_TRIANGLES);
    glArrayElement(0);
    glArrayElement(1);
    glArrayElement(3);
    glEnd();
    glPopMatrix();
    glDisableClientState(GL_VERTEX_ARRAY);
    glDisableClientState(GL_COLOR_ARRAY);
}

/* ---- depth, stencil, scissor, masks ------------------------------------ */

static void scene_depth_stencil(void)
{
    ortho_pixels();
    glClearColor(0, 0, 0, 1);
    glClearDepth(1.0);
    glClearStencil(0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    /* interpenetrating triangles */
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glBegin(GL_TRIANGLES);
    glColor3f(1, 0, 0);
    glVertex3f(5, 60, -0.9f);
    glVertex3f(75, 70, 0.9f);
    glVertex3f(10, 115, -0.9f);
    glColor3f(0, 1, 0);
    glVertex3f(75, 62, -0.9f);
    glVertex3f(5, 90, 0.9f);
    glVertex3f(70, 115, -0.2f);
    glEnd();
    glDisable(GL_DEPTH_TEST);
    /* stencil: a diamond marks 1, a quad drawn where stencil == 1 */
    glEnable(GL_STENCIL_TEST);
    glStencilFunc(GL_ALWAYS, 1, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    glBegin(GL_QUADS);
    glVertex2f(120, 62);
    glVertex2f(150, 88);
    glVertex2f(120, 115);
    glVertex2f(90, 88);
    glEnd();
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glStencilFunc(GL_EQUAL, 1, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
    glColor3f(0.2f, 0.5f, 1.0f);
    glRectf(85, 70, 155, 105);
    glStencilFunc(GL_EQUAL, 2, 0xff);
    glColor3f(1, 1, 0);
    glRectf(110, 60, 130, 118);
    glDisable(GL_STENCIL_TEST);
    /* scissor and colour mask */
    glEnable(GL_SCISSOR_TEST);
    glScissor(10, 10, 40, 30);
    glColor3f(1, 1, 1);
    glRectf(0, 0, 80, 50);
    glDisable(GL_SCISSOR_TEST);
    glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
    glColor3f(1, 1, 1);
    glRectf(90, 10, 150, 45);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
}

/* ---- blending, alpha test, logic op ------------------------------------ */

static void scene_blend(void)
{
    static const GLenum eqs[] = { GL_FUNC_ADD, GL_FUNC_SUBTRACT, GL_FUNC_REVERSE_SUBTRACT, GL_MIN, GL_MAX };
    ortho_pixels();
    glClearColor(0.2f, 0.3f, 0.4f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    /* background stripes */
    for (int i = 0; i < 8; i++) {
        glColor3f(i & 1 ? 0.9f : 0.1f, 0.5f, i & 2 ? 0.8f : 0.2f);
        glRectf(i * 20, 0, i * 20 + 20, H);
    }
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glBegin(GL_QUADS);
    glColor4f(1, 0, 0, 0.0f);
    glVertex2f(5, 85);
    glColor4f(1, 0, 0, 1.0f);
    glVertex2f(155, 85);
    glVertex2f(155, 115);
    glColor4f(1, 0, 0, 0.0f);
    glVertex2f(5, 115);
    glEnd();
    glBlendFunc(GL_ONE, GL_ONE);
    for (int i = 0; i < 5; i++) {
        glBlendEquation(eqs[i]);
        glColor4f(0.5f, 0.25f, 0.75f, 0.5f);
        glRectf(5 + 31 * i, 55, 30 + 31 * i, 80);
    }
    glBlendEquation(GL_FUNC_ADD);
    glBlendColor(0.2f, 0.8f, 0.4f, 0.5f);
    glBlendFunc(GL_CONSTANT_COLOR, GL_ONE_MINUS_CONSTANT_ALPHA);
    glColor3f(1, 1, 1);
    glRectf(5, 30, 75, 50);
    glDisable(GL_BLEND);
    /* alpha test */
    glEnable(GL_ALPHA_TEST);
    glAlphaFunc(GL_GREATER, 0.5f);
    glBegin(GL_QUADS);
    glColor4f(1, 1, 0, 0);
    glVertex2f(85, 30);
    glColor4f(1, 1, 0, 1);
    glVertex2f(155, 30);
    glVertex2f(155, 50);
    glColor4f(1, 1, 0, 0);
    glVertex2f(85, 50);
    glEnd();
    glDisable(GL_ALPHA_TEST);
    /* logic op */
    glEnable(GL_COLOR_LOGIC_OP);
    glLogicOp(GL_XOR);
    glColor3f(1, 1, 1);
    glRectf(10, 5, 150, 25);
    glDisable(GL_COLOR_LOGIC_OP);
}

/* ---- lighting: a lit sphere, spot and positional lights, two-sided ----- */

static void sphere(float r, int slices, int stacks)
{
    for (int j = 0; j < stacks; j++) {
        float t0 = (float)M_PI * j / stacks - (float)M_PI / 2;
        float t1 = (float)M_PI * (j + 1) / stacks - (float)M_PI / 2;
        glBegin(GL_QUAD_STRIP);
        for (int i = 0; i <= slices; i++) {
            float p = 2.0f * (float)M_PI * i / slices;
            float x0 = cosf(t0) * cosf(p), y0 = sinf(t0), z0 = cosf(t0) * sinf(p);
            float x1 = cosf(t1) * cosf(p), y1 = sinf(t1), z1 = cosf(t1) * sinf(p);
            glNormal3f(x1, y1, z1);
            glVertex3f(r * x1, r * y1, r * z1);
            glNormal3f(x0, y0, z0);
            glVertex3f(r * x0, r * y0, r * z0);
        }
        glEnd();
    }
}

static void scene_lighting(void)
{
    static const GLfloat white[4] = { 1, 1, 1, 1 };
    static const GLfloat grey[4] = { 0.2f, 0.2f, 0.2f, 1 };
    static const GLfloat dir[4] = { -1, 1, 1, 0 };
    static const GLfloat spot_pos[4] = { 1.5f, 0, 3, 1 };
    static const GLfloat spot_dir[3] = { -0.3f, 0, -1 };
    static const GLfloat spot_col[4] = { 0.2f, 0.4f, 1, 1 };
    static const GLfloat mat[4] = { 0.8f, 0.6f, 0.4f, 1 };
    static const GLfloat back[4] = { 0.1f, 0.9f, 0.1f, 1 };
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glFrustum(-0.8, 0.8, -0.6, 0.6, 2, 20);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glEnable(GL_LIGHTING);
    glEnable(GL_LIGHT0);
    glEnable(GL_LIGHT1);
    glLightfv(GL_LIGHT0, GL_POSITION, dir);
    glLightfv(GL_LIGHT0, GL_SPECULAR, white);
    glLightfv(GL_LIGHT1, GL_POSITION, spot_pos);
    glLightfv(GL_LIGHT1, GL_DIFFUSE, spot_col);
    glLightfv(GL_LIGHT1, GL_SPOT_DIRECTION, spot_dir);
    glLightf(GL_LIGHT1, GL_SPOT_CUTOFF, 30);
    glLightf(GL_LIGHT1, GL_SPOT_EXPONENT, 4);
    glLightf(GL_LIGHT1, GL_LINEAR_ATTENUATION, 0.1f);
    glLightModelfv(GL_LIGHT_MODEL_AMBIENT, grey);
    glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT_AND_DIFFUSE, mat);
    glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, white);
    glMaterialf(GL_FRONT_AND_BACK, GL_SHININESS, 20);
    glEnable(GL_NORMALIZE);
    /* left: a lit sphere */
    glPushMatrix();
    glTranslatef(-1.3f, 0, -6);
    sphere(1.1f, 24, 16);
    glPopMatrix();
    /* middle: colour material + separate specular + local viewer */
    glLightModeli(GL_LIGHT_MODEL_LOCAL_VIEWER, GL_TRUE);
    glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SEPARATE_SPECULAR_COLOR);
    glEnable(GL_COLOR_MATERIAL);
    glColorMaterial(GL_FRONT, GL_DIFFUSE);
    glColor3f(0.9f, 0.2f, 0.2f);
    glPushMatrix();
    glTranslatef(1.3f, 0.6f, -6);
    sphere(0.6f, 16, 12);
    glPopMatrix();
    glDisable(GL_COLOR_MATERIAL);
    glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SINGLE_COLOR);
    glLightModeli(GL_LIGHT_MODEL_LOCAL_VIEWER, GL_FALSE);
    /* right bottom: a two-sided lit strip folded so both faces show */
    glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, GL_TRUE);
    glMaterialfv(GL_BACK, GL_AMBIENT_AND_DIFFUSE, back);
    glPushMatrix();
    glTranslatef(1.3f, -0.8f, -6);
    glRotatef(60, 0, 1, 0);
    glBegin(GL_QUADS);
    glNormal3f(0, 0, 1);
    glVertex3f(-0.8f, -0.4f, 0);
    glVertex3f(0, -0.4f, 0);
    glVertex3f(0, 0.4f, 0);
    glVertex3f(-0.8f, 0.4f, 0);
    glVertex3f(0, -0.4f, 0);
    glVertex3f(0, 0.4f, 0);
    glVertex3f(0.8f, 0.4f, 0.6f);
    glVertex3f(0.8f, -0.4f, 0.6f);
    glEnd();
    glPopMatrix();
}

/* ---- polygon modes, culling, offset, wide lines, stipple --------------- */

static void scene_polygon_modes(void)
{
    ortho_pixels();
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    /* front filled, back as lines: a CW and a CCW triangle */
    glPolygonMode(GL_FRONT, GL_FILL);
    glPolygonMode(GL_BACK, GL_LINE);
    glBegin(GL_TRIANGLES);
    glColor3f(1, 0.5f, 0);
    glVertex2f(5, 65);
    glVertex2f(45, 65);
    glVertex2f(25, 110);
    glColor3f(0, 1, 0.5f);
    glVertex2f(50, 65);
    glVertex2f(70, 110);
    glVertex2f(90, 65);
    glEnd();
    /* points mode */
    glPolygonMode(GL_FRONT_AND_BACK, GL_POINT);
    glPointSize(2.0f);
    glBegin(GL_QUADS);
    glColor3f(1, 1, 1);
    glVertex2f(100, 65);
    glVertex2f(150, 65);
    glVertex2f(150, 110);
    glVertex2f(100, 110);
    glEnd();
    glPointSize(1.0f);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    /* culling: only the CCW triangle survives */
    glEnable(GL_CULL_FACE);
    glCullFace(GL_BACK);
    glBegin(GL_TRIANGLES);
    glColor3f(0.3f, 0.3f, 1);
    glVertex2f(5, 5);
    glVertex2f(45, 5);
    glVertex2f(25, 50);
    glColor3f(1, 0, 0);
    glVertex2f(50, 5);
    glVertex2f(70, 50);
    glVertex2f(90, 5);
    glEnd();
    glDisable(GL_CULL_FACE);
    /* wide and stippled lines */
    glLineWidth(3.0f);
    glBegin(GL_LINES);
    glColor3f(1, 1, 0);
    glVertex2f(100, 10);
    glVertex2f(150, 25);
    glEnd();
    glLineWidth(1.0f);
    glEnable(GL_LINE_STIPPLE);
    glLineStipple(2, 0xF0F0);
    glBegin(GL_LINES);
    glColor3f(0, 1, 1);
    glVertex2f(100.5f, 40.5f);
    glVertex2f(155.5f, 40.5f);
    glEnd();
    glDisable(GL_LINE_STIPPLE);
    /* polygon offset: a quad drawn twice at the same depth */
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glColor3f(0.5f, 0.5f, 0.5f);
    glRectf(100, 45, 155, 60);
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(0, -4);
    glColor3f(1, 0, 1);
    glRectf(110, 48, 145, 57);
    glDisable(GL_POLYGON_OFFSET_FILL);
    glDisable(GL_DEPTH_TEST);
}

/* ---- textures: filters, mipmaps, wrap modes, formats, environments ----- */

static void textured_quad(float x0, float y0, float x1, float y1, float s1, float t1)
{
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex2f(x0, y0);
    glTexCoord2f(s1, 0);
    glVertex2f(x1, y0);
    glTexCoord2f(s1, t1);
    glVertex2f(x1, y1);
    glTexCoord2f(0, t1);
    glVertex2f(x0, y1);
    glEnd();
}

static void scene_textures(void)
{
    static GLubyte checker[8 * 8 * 4], mip[4][64 * 64 * 4], lum[4 * 4], alpha[4 * 4];
    static const GLubyte mip_colors[7][3] = {
        { 255, 0, 0 }, { 0, 255, 0 }, { 0, 0, 255 }, { 255, 255, 0 },
        { 255, 0, 255 }, { 0, 255, 255 }, { 255, 255, 255 },
    };
    GLuint tex[6];
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++) {
            GLubyte *p = checker + (y * 8 + x) * 4;
            int on = (x ^ y) & 1;
            p[0] = on ? 255 : 30;
            p[1] = on ? 200 : 60;
            p[2] = on ? 40 : 220;
            p[3] = on ? 255 : 128;
        }
    for (int i = 0; i < 16; i++) {
        lum[i] = (GLubyte)(i * 17);
        alpha[i] = (GLubyte)(255 - i * 17);
    }
    ortho_pixels();
    glClearColor(0.15f, 0.15f, 0.15f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glGenTextures(6, tex);
    glEnable(GL_TEXTURE_2D);

    /* nearest, magnified, MODULATE with a vertex colour */
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, checker);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
    glColor3f(1.0f, 0.8f, 0.8f);
    textured_quad(4, 84, 36, 116, 1, 1);
    /* linear, repeated twice, REPLACE */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    textured_quad(42, 84, 74, 116, 2, 2);
    /* mirrored repeat and clamp to edge */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRRORED_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    textured_quad(80, 84, 112, 116, 2.5f, 1.5f);
    /* clamp to border with a border colour, DECAL */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
    {
        static const GLfloat border[4] = { 0.9f, 0.9f, 0.1f, 1.0f };
        glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
    }
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_DECAL);
    glColor3f(0.2f, 0.9f, 0.3f);
    glBegin(GL_QUADS);
    glTexCoord2f(-0.25f, -0.25f);
    glVertex2f(118, 84);
    glTexCoord2f(1.25f, -0.25f);
    glVertex2f(156, 84);
    glTexCoord2f(1.25f, 1.25f);
    glVertex2f(156, 116);
    glTexCoord2f(-0.25f, 1.25f);
    glVertex2f(118, 116);
    glEnd();

    /* a mipmap chain with one colour per level, minified in perspective */
    glBindTexture(GL_TEXTURE_2D, tex[1]);
    for (int l = 0, size = 64; size >= 1; l++, size /= 2) {
        GLubyte *buf = mip[0];
        for (int i = 0; i < size * size; i++) {
            buf[i * 4 + 0] = mip_colors[l][0];
            buf[i * 4 + 1] = mip_colors[l][1];
            buf[i * 4 + 2] = mip_colors[l][2];
            buf[i * 4 + 3] = 255;
        }
        glTexImage2D(GL_TEXTURE_2D, l, GL_RGB, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, buf);
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    textured_quad(4, 44, 28, 68, 12, 12);
    textured_quad(32, 44, 44, 56, 20, 20);
    textured_quad(48, 44, 76, 72, 0.75f, 0.75f);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    textured_quad(80, 44, 100, 64, 6, 6);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_LINEAR);
    textured_quad(104, 44, 120, 60, 9, 9);

    /* luminance with BLEND against the environment colour */
    glBindTexture(GL_TEXTURE_2D, tex[2]);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 4, 4, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    {
        static const GLfloat env[4] = { 0.1f, 0.3f, 1.0f, 1.0f };
        glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, env);
    }
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_BLEND);
    glColor3f(1.0f, 0.5f, 0.0f);
    textured_quad(124, 44, 156, 76, 1, 1);

    /* alpha texture, MODULATE, blended over the background */
    glBindTexture(GL_TEXTURE_2D, tex[3]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 4, 4, 0, GL_ALPHA, GL_UNSIGNED_BYTE, alpha);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glColor3f(0.3f, 1.0f, 0.6f);
    textured_quad(4, 4, 36, 36, 1, 1);
    glDisable(GL_BLEND);

    /* the texture matrix rotates the checkerboard; ADD */
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    glMatrixMode(GL_TEXTURE);
    glLoadIdentity();
    glRotatef(30, 0, 0, 1);
    glMatrixMode(GL_MODELVIEW);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_ADD);
    glColor3f(0.1f, 0.1f, 0.3f);
    textured_quad(42, 4, 74, 36, 1.5f, 1.5f);
    glMatrixMode(GL_TEXTURE);
    glLoadIdentity();
    glMatrixMode(GL_MODELVIEW);
    glDisable(GL_TEXTURE_2D);

    /* 1D texture */
    glBindTexture(GL_TEXTURE_1D, tex[4]);
    glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, checker);
    glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glEnable(GL_TEXTURE_1D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    textured_quad(80, 4, 112, 36, 1, 1);
    glDisable(GL_TEXTURE_1D);

    /* multitexture: unit 0 checker, unit 1 luminance, GL_COMBINE */
    glActiveTexture(GL_TEXTURE0);
    glEnable(GL_TEXTURE_2D);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
    glActiveTexture(GL_TEXTURE1);
    glEnable(GL_TEXTURE_2D);
    glBindTexture(GL_TEXTURE_2D, tex[2]);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE);
    glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_INTERPOLATE);
    glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_RGB, GL_PREVIOUS);
    glTexEnvi(GL_TEXTURE_ENV, GL_SRC1_RGB, GL_CONSTANT);
    glTexEnvi(GL_TEXTURE_ENV, GL_SRC2_RGB, GL_TEXTURE);
    glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND2_RGB, GL_SRC_COLOR);
    glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_ALPHA, GL_REPLACE);
    glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_ALPHA, GL_PRIMARY_COLOR);
    glTexEnvi(GL_TEXTURE_ENV, GL_RGB_SCALE, 2);
    glColor3f(0.5f, 0.5f, 0.5f);
    glBegin(GL_QUADS);
    glMultiTexCoord2f(GL_TEXTURE0, 0, 0);
    glMultiTexCoord2f(GL_TEXTURE1, 0, 0);
    glVertex2f(118, 4);
    glMultiTexCoord2f(GL_TEXTURE0, 1, 0);
    glMultiTexCoord2f(GL_TEXTURE1, 1, 0);
    glVertex2f(154, 4);
    glMultiTexCoord2f(GL_TEXTURE0, 1, 1);
    glMultiTexCoord2f(GL_TEXTURE1, 1, 1);
    glVertex2f(154, 40);
    glMultiTexCoord2f(GL_TEXTURE0, 0, 1);
    glMultiTexCoord2f(GL_TEXTURE1, 0, 1);
    glVertex2f(118, 40);
    glEnd();
    glDisable(GL_TEXTURE_2D);
    glActiveTexture(GL_TEXTURE0);
    glDisable(GL_TEXTURE_2D);
}

/* ---- texture LOD in perspective: a mipmapped floor ------------------------
 * llvmpipe's per-quad LOD differs from exact math by a fraction of a level
 * in perspective, so images.rs compares this scene with a looser tolerance. */

static void scene_texture_lod(void)
{
    static GLubyte buf[64 * 64 * 4];
    static const GLubyte colors[7][3] = {
        { 255, 0, 0 }, { 0, 255, 0 }, { 0, 0, 255 }, { 255, 255, 0 },
        { 255, 0, 255 }, { 0, 255, 255 }, { 255, 255, 255 },
    };
    GLuint tex;
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    for (int l = 0, size = 64; size >= 1; l++, size /= 2) {
        for (int i = 0; i < size * size; i++) {
            int check = ((i % size) / 4 + (i / size) / 4) & 1;
            buf[i * 4 + 0] = (GLubyte)(colors[l][0] * (check ? 1.0 : 0.7));
            buf[i * 4 + 1] = (GLubyte)(colors[l][1] * (check ? 1.0 : 0.7));
            buf[i * 4 + 2] = (GLubyte)(colors[l][2] * (check ? 1.0 : 0.7));
            buf[i * 4 + 3] = 255;
        }
        glTexImage2D(GL_TEXTURE_2D, l, GL_RGB, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, buf);
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glEnable(GL_TEXTURE_2D);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glFrustum(-1, 1, -0.75, 0.75, 1, 50);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex3f(-4, -1, -1.2f);
    glTexCoord2f(8, 0);
    glVertex3f(4, -1, -1.2f);
    glTexCoord2f(8, 8);
    glVertex3f(4, -1, -40);
    glTexCoord2f(0, 8);
    glVertex3f(-4, -1, -40);
    glEnd();
    /* projective texture coordinates (q != 1) */
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, W, 0, H, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glBegin(GL_QUADS);
    glTexCoord4f(0, 0, 0, 1);
    glVertex2f(84, 64);
    glTexCoord4f(16, 0, 0, 1);
    glVertex2f(156, 64);
    glTexCoord4f(16 * 0.25f, 16 * 0.25f, 0, 0.25f);
    glVertex4f(130 * 0.25f, 116 * 0.25f, 0, 0.25f);
    glTexCoord4f(0, 16 * 0.25f, 0, 0.25f);
    glVertex4f(110 * 0.25f, 116 * 0.25f, 0, 0.25f);
    glEnd();
    glDisable(GL_TEXTURE_2D);
}

/* ---- fog: linear, exp, exp2 over depth, and the fog coordinate -------- */

static void fog_strip(float y0, float y1)
{
    /* a floor receding from z = -2 to z = -20, in columns of colours */
    glBegin(GL_QUAD_STRIP);
    for (int i = 0; i <= 8; i++) {
        float z = -2.0f - 18.0f * i / 8.0f;
        glColor3f(0.2f + 0.1f * i, 0.9f - 0.1f * i, 0.4f);
        glVertex3f(-1, y0, z);
        glVertex3f(1, y1, z);
    }
    glEnd();
}

static void scene_fog(void)
{
    static const GLfloat fog_color[4] = { 0.6f, 0.6f, 0.7f, 1.0f };
    glClearColor(0.1f, 0.1f, 0.1f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glFrustum(-1, 1, -0.75, 0.75, 1, 30);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glEnable(GL_FOG);
    glFogfv(GL_FOG_COLOR, fog_color);
    glFogi(GL_FOG_MODE, GL_LINEAR);
    glFogf(GL_FOG_START, 3.0f);
    glFogf(GL_FOG_END, 18.0f);
    glPushMatrix();
    glTranslatef(-2.2f, 0, 0);
    fog_strip(-1, -1);
    glPopMatrix();
    glFogi(GL_FOG_MODE, GL_EXP);
    glFogf(GL_FOG_DENSITY, 0.12f);
    fog_strip(-1, -0.5f);
    glFogi(GL_FOG_MODE, GL_EXP2);
    glFogf(GL_FOG_DENSITY, 0.09f);
    glPushMatrix();
    glTranslatef(2.2f, 0, 0);
    fog_strip(-1, -1);
    glPopMatrix();
    /* explicit fog coordinates on an orthographic quad */
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, W, 0, H, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glFogi(GL_FOG_COORD_SRC, GL_FOG_COORD);
    glFogi(GL_FOG_MODE, GL_LINEAR);
    glFogf(GL_FOG_START, 0.0f);
    glFogf(GL_FOG_END, 1.0f);
    glBegin(GL_QUADS);
    glColor3f(1, 0, 0);
    glFogCoordf(0.0f);
    glVertex2f(10, 100);
    glFogCoordf(1.0f);
    glVertex2f(150, 100);
    glVertex2f(150, 115);
    glFogCoordf(0.0f);
    glVertex2f(10, 115);
    glEnd();
    glFogi(GL_FOG_COORD_SRC, GL_FRAGMENT_DEPTH);
    glDisable(GL_FOG);
}

/* ---- user clip planes: set under different modelviews ----------------- */

static void scene_clip_planes(void)
{
    static const GLdouble diagonal[4] = { 1, 1, 0, -150 };  /* x + y < 150 (window units) */
    static const GLdouble circle_cut[4] = { 0, -1, 0, 0.3 }; /* y < 0.3 in the sphere's frame */
    ortho_pixels();
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glClipPlane(GL_CLIP_PLANE0, diagonal);
    glEnable(GL_CLIP_PLANE0);
    glBegin(GL_QUADS);
    glColor3f(1, 0.5f, 0);
    glVertex2f(5, 5);
    glColor3f(0, 0.5f, 1);
    glVertex2f(155, 5);
    glVertex2f(155, 115);
    glColor3f(1, 0.5f, 0);
    glVertex2f(5, 115);
    glEnd();
    glDisable(GL_CLIP_PLANE0);
    /* a sphere cut by a plane given in its own (rotated) frame */
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glFrustum(-0.8, 0.8, -0.6, 0.6, 2, 20);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glTranslatef(0.8f, 0.2f, -5);
    glRotatef(30, 0, 0, 1);
    glClipPlane(GL_CLIP_PLANE0 + 7, circle_cut);
    glEnable(GL_CLIP_PLANE0 + 7);
    glEnable(GL_DEPTH_TEST);
    glColor3f(0.3f, 0.9f, 0.4f);
    sphere(1.0f, 20, 14);
    glDisable(GL_CLIP_PLANE0 + 7);
    glDisable(GL_DEPTH_TEST);
}

/* ---- texture coordinate generation -------------------------------------- */

static void scene_texgen(void)
{
    static GLubyte checker[16 * 16 * 4];
    static const GLfloat splane[4] = { 0.05f, 0, 0, 0 }, tplane[4] = { 0, 0.05f, 0, 0 };
    static const GLfloat eplane_s[4] = { 1.5f, 0.5f, 0, 0 }, eplane_t[4] = { 0, 1.5f, 0, 0.2f };
    GLuint tex;
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            GLubyte *p = checker + (y * 16 + x) * 4;
            int on = ((x / 2) ^ (y / 2)) & 1;
            p[0] = on ? 250 : 20;
            p[1] = (GLubyte)(x * 16);
            p[2] = on ? 40 : (GLubyte)(y * 16);
            p[3] = 255;
        }
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, checker);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glEnable(GL_TEXTURE_2D);
    /* object linear on a window-space quad */
    ortho_pixels();
    glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
    glTexGeni(GL_T, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
    glTexGenfv(GL_S, GL_OBJECT_PLANE, splane);
    glTexGenfv(GL_T, GL_OBJECT_PLANE, tplane);
    glEnable(GL_TEXTURE_GEN_S);
    glEnable(GL_TEXTURE_GEN_T);
    glRectf(5, 60, 75, 115);
    /* eye linear with planes given under a rotated modelview */
    glPushMatrix();
    glRotatef(20, 0, 0, 1);
    glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_EYE_LINEAR);
    glTexGeni(GL_T, GL_TEXTURE_GEN_MODE, GL_EYE_LINEAR);
    glTexGenfv(GL_S, GL_EYE_PLANE, eplane_s);
    glTexGenfv(GL_T, GL_EYE_PLANE, eplane_t);
    glPopMatrix();
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glFrustum(-0.8, 0.8, -0.6, 0.6, 2, 20);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glTranslatef(0.9f, 0.5f, -5);
    glScalef(0.6f, 0.6f, 1);
    glBegin(GL_QUADS);
    glVertex3f(-1, -1, 0);
    glVertex3f(1, -1, 0);
    glVertex3f(1, 1, 0.5f);
    glVertex3f(-1, 1, 0.5f);
    glEnd();
    /* sphere map on a sphere */
    glLoadIdentity();
    glTranslatef(-0.9f, -0.6f, -5);
    glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_SPHERE_MAP);
    glTexGeni(GL_T, GL_TEXTURE_GEN_MODE, GL_SPHERE_MAP);
    glEnable(GL_DEPTH_TEST);
    sphere(0.8f, 20, 14);
    /* reflection map components as colours through a 3D-ish lookup: s, t only */
    glLoadIdentity();
    glTranslatef(0.9f, -0.6f, -5);
    glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_REFLECTION_MAP);
    glTexGeni(GL_T, GL_TEXTURE_GEN_MODE, GL_NORMAL_MAP);
    sphere(0.8f, 20, 14);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_TEXTURE_GEN_S);
    glDisable(GL_TEXTURE_GEN_T);
    glDisable(GL_TEXTURE_2D);
}

/* ---- polygon stipple ------------------------------------------------------ */

static void scene_stipple(void)
{
    static GLubyte pattern[32 * 4];
    for (int y = 0; y < 32; y++)
        for (int b = 0; b < 4; b++)
            pattern[y * 4 + b] = (GLubyte)((y & 4) ? 0xF0 >> (y & 3) : 0x0F << (y & 3)) ^ (GLubyte)(b * 0x11);
    ortho_pixels();
    glClearColor(0.1f, 0.1f, 0.3f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glPolygonStipple(pattern);
    glEnable(GL_POLYGON_STIPPLE);
    glBegin(GL_TRIANGLES);
    glColor3f(1, 0.8f, 0.2f);
    glVertex2f(5, 5);
    glColor3f(0.2f, 1, 0.5f);
    glVertex2f(150, 20);
    glColor3f(0.9f, 0.2f, 0.9f);
    glVertex2f(60, 115);
    glEnd();
    /* LSB-first unpacking of the same bytes */
    glPixelStorei(GL_UNPACK_LSB_FIRST, GL_TRUE);
    glPolygonStipple(pattern);
    glPixelStorei(GL_UNPACK_LSB_FIRST, GL_FALSE);
    glColor3f(1, 1, 1);
    glRectf(100, 70, 155, 115);
    glDisable(GL_POLYGON_STIPPLE);
}

/* ---- point sprites: COORD_REPLACE at several sizes, both origins, a
 * mipmapped texture, per-vertex colours, attenuated sizes and
 * polygon-mode points ------------------------------------------------- */

static void scene_point_sprites(void)
{
    static GLubyte img[32 * 32 * 4];
    ortho_pixels();
    glClearColor(0.15f, 0.15f, 0.2f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    /* A ring-and-quadrant texture: its orientation shows t's origin. */
    for (int y = 0; y < 32; y++)
        for (int x = 0; x < 32; x++) {
            GLubyte *t = &img[(y * 32 + x) * 4];
            float dx = x - 15.5f, dy = y - 15.5f, r = sqrtf(dx * dx + dy * dy);
            t[0] = x < 16 ? 255 : 40;
            t[1] = y < 16 ? 255 : 40;
            t[2] = (r > 8 && r < 12) ? 255 : 0;
            t[3] = 255;
        }
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_TRUE);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    /* Rows on a sprite's edge sample at t = 0 or 1 exactly. */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
    glEnable(GL_POINT_SPRITE);
    glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
    static const float sizes[] = { 32, 31, 16, 9, 4, 1 };
    for (int origin = 0; origin < 2; origin++) {
        glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, origin ? GL_LOWER_LEFT : GL_UPPER_LEFT);
        float x = 20;
        for (int i = 0; i < 6; i++) {
            glPointSize(sizes[i]);
            glBegin(GL_POINTS);
            glColor3f(1, 1 - 0.1f * i, 0.6f + 0.08f * i);
            /* Off by 1/8 in x: no pixel centre on the texture's middle
             * column, where nearest sampling would tie. */
            glVertex2f(x + 0.125f, origin ? 30 : 70);
            glEnd();
            if (i < 5)
                x += sizes[i] / 2 + sizes[i + 1] / 2 + 6;
        }
    }
    /* Minified sprite with linear mipmapping. */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_UPPER_LEFT);
    glPointSize(12);
    glColor3f(1, 1, 1);
    glBegin(GL_POINTS);
    glVertex2f(146, 100);
    glVertex2f(130.5f, 100.5f);
    glEnd();
    /* Attenuated sizes from eye depth. */
    GLfloat atten[3] = { 1, 2, 0 };
    glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, atten);
    glPointSize(16);
    glBegin(GL_POINTS);
    for (int i = 0; i < 3; i++) {
        glColor3f(0.5f + 0.25f * i, 1, 1);
        glVertex3f(20 + 20 * i, 103, 0.3f + 0.3f * i);
    }
    glEnd();
    atten[1] = 0;
    atten[0] = 1;
    glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, atten);
    /* Polygon-mode points of a triangle. */
    glPolygonMode(GL_FRONT_AND_BACK, GL_POINT);
    glPointSize(10);
    glBegin(GL_TRIANGLES);
    glColor3f(1, 0.5f, 0.5f);
    glVertex2f(90, 95);
    glVertex2f(110, 95);
    glVertex2f(100, 112);
    glEnd();
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    glDisable(GL_POINT_SPRITE);
    glDisable(GL_TEXTURE_2D);
    glDeleteTextures(1, &tex);
}


/* ---- pixels: glDrawPixels with zoom, pixel transfer and formats,
 * glBitmap, glCopyPixels, glWindowPos, glRasterPos through the
 * transform ----------------------------------------------------------- */

static void scene_pixels(void)
{
    static GLubyte rgb[16 * 12 * 3], lum[8 * 8], bits[16 * 2];
    static GLushort packed[10 * 10];
    for (int y = 0; y < 12; y++)
        for (int x = 0; x < 16; x++) {
            GLubyte *p = rgb + (y * 16 + x) * 3;
            p[0] = (GLubyte)(x * 16);
            p[1] = (GLubyte)(y * 20);
            p[2] = (GLubyte)(((x ^ y) & 1) ? 220 : 40);
        }
    for (int i = 0; i < 64; i++)
        lum[i] = (GLubyte)(i * 4);
    for (int y = 0; y < 16; y++) {
        bits[y * 2] = (GLubyte)(0x81 | (0x3c >> (y & 3)));
        bits[y * 2 + 1] = (GLubyte)(y & 1 ? 0xaa : 0x55);
    }
    for (int i = 0; i < 100; i++)
        packed[i] = (GLushort)(((i % 10) * 3) << 11 | ((i / 10) * 6) << 5 | 31);
    ortho_pixels();
    glClearColor(0.2f, 0.2f, 0.25f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);

    /* RGB bytes, then zoomed 2x/1.6x (zooms whose pixel edges never fall
     * on a pixel centre: there GL leaves the rounding open) */
    glRasterPos2i(4, 4);
    glDrawPixels(16, 12, GL_RGB, GL_UNSIGNED_BYTE, rgb);
    glPixelZoom(2.0f, 1.6f);
    glRasterPos2i(24, 4);
    glDrawPixels(16, 12, GL_RGB, GL_UNSIGNED_BYTE, rgb);
    glPixelZoom(-1.0f, 1.0f);
    glRasterPos2i(80, 4);
    glDrawPixels(16, 12, GL_RGB, GL_UNSIGNED_BYTE, rgb);
    glPixelZoom(1.0f, 1.0f);

    /* luminance with scale and bias, then a red pixel map */
    glPixelTransferf(GL_RED_SCALE, 0.5f);
    glPixelTransferf(GL_GREEN_BIAS, 0.25f);
    glRasterPos2i(90, 4);
    glDrawPixels(8, 8, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
    glPixelTransferf(GL_RED_SCALE, 1.0f);
    glPixelTransferf(GL_GREEN_BIAS, 0.0f);
    {
        /* two-entry maps: llvmpipe indexes a map with floor(v * size),
         * the spec with round(v * (size - 1)); with two entries both
         * agree away from v = 0.5 */
        static const GLfloat r[2] = { 1.0f, 0.2f }, g[2] = { 0.0f, 1.0f };
        static const GLfloat b[2] = { 0.8f, 0.3f }, a[2] = { 1.0f, 1.0f };
        glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 2, r);
        glPixelMapfv(GL_PIXEL_MAP_G_TO_G, 2, g);
        glPixelMapfv(GL_PIXEL_MAP_B_TO_B, 2, b);
        glPixelMapfv(GL_PIXEL_MAP_A_TO_A, 2, a);
        glPixelTransferi(GL_MAP_COLOR, GL_TRUE);
        glRasterPos2i(102, 4);
        /* blue masked: llvmpipe 22.3's blue does not follow B_TO_B */
        glColorMask(GL_TRUE, GL_TRUE, GL_FALSE, GL_TRUE);
        glDrawPixels(8, 8, GL_RGB, GL_UNSIGNED_BYTE, rgb);
        glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
        glPixelTransferi(GL_MAP_COLOR, GL_FALSE);
    }
    /* packed 5-6-5, skipped rows and pixels */
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 10);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, 2);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
    glRasterPos2i(114, 4);
    glDrawPixels(8, 8, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, packed);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);

    /* bitmaps: the raster colour, the move, LSB first */
    glColor3f(1, 1, 0.3f);
    glRasterPos2i(4, 40);
    for (int i = 0; i < 4; i++)
        glBitmap(16, 16, 0, 0, 18, 2, bits);
    glPixelStorei(GL_UNPACK_LSB_FIRST, GL_TRUE);
    glColor3f(0.3f, 1, 1);
    glWindowPos2i(80, 40);
    glBitmap(16, 16, 0, 0, 0, 0, bits);
    glPixelStorei(GL_UNPACK_LSB_FIRST, GL_FALSE);

    /* the raster position through a rotation and a perspective */
    glMatrixMode(GL_PROJECTION);
    glPushMatrix();
    glLoadIdentity();
    glFrustum(-1, 1, -1, 1, 1, 10);
    glMatrixMode(GL_MODELVIEW);
    glPushMatrix();
    glLoadIdentity();
    glTranslatef(0.2f, 0.1f, -2.0f);
    glRotatef(30, 0, 0, 1);
    glColor3f(1, 0.4f, 0.4f);
    glRasterPos3f(0.3f, 0.2f, 0.0f);
    glBitmap(16, 16, 8, 8, 0, 0, bits);
    glPopMatrix();
    glMatrixMode(GL_PROJECTION);
    glPopMatrix();
    glMatrixMode(GL_MODELVIEW);

    /* copies of what is there: plain, zoomed, overlapping */
    glRasterPos2i(4, 70);
    glCopyPixels(4, 4, 40, 20, GL_COLOR);
    glPixelZoom(0.6f, 2.0f);
    glRasterPos2i(50, 70);
    glCopyPixels(24, 4, 32, 18, GL_COLOR);
    glPixelZoom(1.0f, 1.0f);
    glRasterPos2i(72, 72);
    glCopyPixels(70, 70, 30, 20, GL_COLOR);
    /* depth pixels gate colour: written, then tested */
    glEnable(GL_DEPTH_TEST);
    glClear(GL_DEPTH_BUFFER_BIT);
    {
        static GLfloat depth[20 * 20];
        for (int i = 0; i < 400; i++)
            depth[i] = (i % 20) < 10 ? 0.25f : 0.75f;
        glRasterPos2i(120, 80);
        glDrawPixels(20, 20, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
        glDepthFunc(GL_LESS);
        glColor3f(0.2f, 0.9f, 0.2f);
        glRectf(115, 75, 150, 110);
    }
    glDisable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
}

/* ---- framebuffers: render to textures through a framebuffer object
 * (two colour attachments and a depth renderbuffer), texture a window
 * quad with them, blit and copy between framebuffers ------------------- */

static void scene_framebuffers(void)
{
    GLuint tex[2], depth, fb;
    const GLenum both[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
    glGenTextures(2, tex);
    for (int i = 0; i < 2; i++) {
        glBindTexture(GL_TEXTURE_2D, tex[i]);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    }
    glGenRenderbuffers(1, &depth);
    glBindRenderbuffer(GL_RENDERBUFFER, depth);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, 64, 64);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex[1], 0);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        fprintf(stderr, "scenes: framebuffer incomplete\n");
        exit(1);
    }
    glViewport(0, 0, 64, 64);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, 64, 0, 64, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    /* attachment 1 cleared alone, then both drawn */
    glDrawBuffer(GL_COLOR_ATTACHMENT1);
    glClearColor(0.1f, 0.3f, 0.6f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawBuffer(GL_COLOR_ATTACHMENT0);
    glClearColor(0.5f, 0.1f, 0.1f, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glDrawBuffers(2, both);
    glEnable(GL_DEPTH_TEST);
    glBegin(GL_TRIANGLES);
    glColor3f(1, 0.9f, 0.2f);
    glVertex3f(4, 6, 0.5f);
    glColor3f(0.2f, 1, 0.4f);
    glVertex3f(60, 14, -0.5f);
    glColor3f(0.3f, 0.4f, 1);
    glVertex3f(30, 58, 0.0f);
    glColor3f(1, 1, 1);
    glVertex3f(6, 40, -0.2f);
    glVertex3f(58, 44, 0.2f);
    glVertex3f(40, 4, 0.0f);
    glEnd();
    glDisable(GL_DEPTH_TEST);
    /* attachment 1 only: a blended band */
    glDrawBuffer(GL_COLOR_ATTACHMENT1);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glColor4f(1, 0.2f, 0.8f, 0.5f);
    glRectf(0, 24, 64, 36);
    glDisable(GL_BLEND);

    /* the window: the two textures on quads, one rotated */
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDrawBuffer(GL_BACK);
    glViewport(0, 0, W, H);
    ortho_pixels();
    glClearColor(0.12f, 0.12f, 0.12f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    for (int i = 0; i < 2; i++) {
        glBindTexture(GL_TEXTURE_2D, tex[i]);
        glPushMatrix();
        glTranslatef(30.0f + 52 * i, 32, 0);
        glRotatef(i * 20.0f, 0, 0, 1);
        glBegin(GL_QUADS);
        glTexCoord2f(0, 0);
        glVertex2f(-24, -24);
        glTexCoord2f(1, 0);
        glVertex2f(24, -24);
        glTexCoord2f(1, 1);
        glVertex2f(24, 24);
        glTexCoord2f(0, 1);
        glVertex2f(-24, 24);
        glEnd();
        glPopMatrix();
    }
    glDisable(GL_TEXTURE_2D);
    /* blits from the object: attachment 0 scaled down, attachment 1
     * mirrored */
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glBlitFramebuffer(0, 0, 64, 64, 110, 64, 142, 96, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glReadBuffer(GL_COLOR_ATTACHMENT1);
    glBlitFramebuffer(0, 0, 64, 64, 150, 64, 118, 118, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    /* a copy from the window into a texture, drawn again */
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 10, 10, 32, 32);
    glEnable(GL_TEXTURE_2D);
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex2f(112, 4);
    glTexCoord2f(0.5f, 0);
    glVertex2f(156, 4);
    glTexCoord2f(0.5f, 0.5f);
    glVertex2f(156, 60);
    glTexCoord2f(0, 0.5f);
    glVertex2f(112, 60);
    glEnd();
    glDisable(GL_TEXTURE_2D);
    glDeleteFramebuffers(1, &fb);
    glDeleteRenderbuffers(1, &depth);
    glDeleteTextures(2, tex);
}

struct scene {
    const char *name;
    void (*draw)(void);
};

static const struct scene scenes[] = {
    { "gears", scene_gears },
    { "primitives", scene_primitives },
    { "vertex_sources", scene_vertex_sources },
    { "depth_stencil", scene_depth_stencil },
    { "blend", scene_blend },
    { "lighting", scene_lighting },
    { "polygon_modes", scene_polygon_modes },
    { "textures", scene_textures },
    { "texture_lod", scene_texture_lod },
    { "fog", scene_fog },
    { "clip_planes", scene_clip_planes },
    { "texgen", scene_texgen },
    { "stipple", scene_stipple },
    { "point_sprites", scene_point_sprites },
    { "pixels", scene_pixels },
    { "framebuffers", scene_framebuffers },
};

int main(int argc, char **argv)
{
    const struct scene *s = NULL;
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (size_t i = 0; i < sizeof scenes / sizeof scenes[0]; i++)
            printf("%s\n", scenes[i].name);
        return 0;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: scenes NAME OUT.ppm | scenes --list\n");
        return 2;
    }
    for (size_t i = 0; i < sizeof scenes / sizeof scenes[0]; i++)
        if (strcmp(argv[1], scenes[i].name) == 0)
            s = &scenes[i];
    if (!s) {
        fprintf(stderr, "scenes: no scene %s\n", argv[1]);
        return 2;
    }
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        fprintf(stderr, "scenes: cannot open display\n");
        return 1;
    }
    int attribs[] = { GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, GLX_GREEN_SIZE, 8,
                      GLX_BLUE_SIZE, 8, GLX_DEPTH_SIZE, 24, GLX_STENCIL_SIZE, 8, None };
    XVisualInfo *vis = glXChooseVisual(dpy, DefaultScreen(dpy), attribs);
    if (!vis) {
        fprintf(stderr, "scenes: no RGBA visual with depth and stencil\n");
        return 1;
    }
    Window root = RootWindow(dpy, vis->screen);
    XSetWindowAttributes swa = { 0 };
    swa.colormap = XCreateColormap(dpy, root, vis->visual, AllocNone);
    Window win = XCreateWindow(dpy, root, 0, 0, W, H, 0, vis->depth, InputOutput, vis->visual,
                               CWColormap, &swa);
    GLXContext ctx = glXCreateContext(dpy, vis, NULL, True);
    if (!ctx || !glXMakeCurrent(dpy, win, ctx)) {
        fprintf(stderr, "scenes: no current context\n");
        return 1;
    }
    glViewport(0, 0, W, H);
    s->draw();
    glFinish();
    static unsigned char px[W * H * 4];
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
    GLenum err = glGetError();
    if (err != GL_NO_ERROR) {
        fprintf(stderr, "scenes: %s: GL error 0x%x\n", s->name, err);
        return 1;
    }
    FILE *f = fopen(argv[2], "wb");
    if (!f) {
        perror(argv[2]);
        return 1;
    }
    fprintf(f, "P6\n%d %d\n255\n", W, H);
    for (int y = H - 1; y >= 0; y--)
        for (int x = 0; x < W; x++)
            fwrite(px + (y * W + x) * 4, 1, 3, f);
    fclose(f);
    glXMakeCurrent(dpy, None, NULL);
    glXDestroyContext(dpy, ctx);
    XDestroyWindow(dpy, win);
    XCloseDisplay(dpy);
    return 0;
}
