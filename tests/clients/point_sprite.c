/*
 * point_sprite.c: point sprites for fixed function (GL 2.0, ARB_point_sprite):
 * glTexEnv(GL_POINT_SPRITE, GL_COORD_REPLACE) replaces a unit's texture
 * coordinate on points with the sprite coordinate, s left to right and t
 * from the edge GL_POINT_SPRITE_COORD_ORIGIN names. A 16x16 texture whose
 * texel (i, j) encodes i and j, drawn on a 16-pixel sprite, must show texel
 * (i, j) at column i and row j counted from that edge, exactly. Also: no
 * replacement without GL_POINT_SPRITE or COORD_REPLACE, on a unit other
 * than 0, on non-point primitives, points drawn by glPolygonMode(GL_POINT),
 * square sprites despite GL_POINT_SMOOTH, the errors and queries, and the
 * point attribute group. Prints FAIL lines and PASS when all hold.
 *
 * Mesa llvmpipe passes every check but one: it replaces the coordinate on
 * the textured quad of case 4 as well (the whole quad samples texel (0, 0)),
 * where GL 2.1 §3.4 replaces coordinates of points only.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>

#define SIZE 64

static GLubyte px[SIZE * SIZE * 4];

static void read_all(void)
{
    glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

static const GLubyte *at(int x, int y)
{
    return &px[(y * SIZE + x) * 4];
}

/* Texel (i, j) of the gradient: red 16 i + 8, green 16 j + 8, blue 128. */
static void gradient_texture(void)
{
    static GLubyte tex[16 * 16 * 4];
    for (int j = 0; j < 16; j++)
        for (int i = 0; i < 16; i++) {
            GLubyte *t = &tex[(j * 16 + i) * 4];
            t[0] = 16 * i + 8;
            t[1] = 16 * j + 8;
            t[2] = 128;
            t[3] = 255;
        }
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

static void point(float x, float y, float size)
{
    glPointSize(size);
    glBegin(GL_POINTS);
    glTexCoord2f(0.97f, 0.03f); /* texel (15, 0) when not replaced */
    glMultiTexCoord2f(GL_TEXTURE1, 0.97f, 0.03f);
    glVertex2f(x, y);
    glEnd();
}

/* The 16x16 sprite centred on (cx, cy) shows texel (i, j) at column i and
 * row j from the top (upper_left) or the bottom. Returns the pixels off. */
static int check_sprite(int cx, int cy, int upper_left, const char *what)
{
    int off = 0;
    for (int j = 0; j < 16; j++)
        for (int i = 0; i < 16; i++) {
            int x = cx - 8 + i;
            int y = upper_left ? cy + 7 - j : cy - 8 + j;
            const GLubyte *p = at(x, y);
            if (p[0] != 16 * i + 8 || p[1] != 16 * j + 8 || p[2] != 128) {
                if (!off)
                    CHECK(0, "%s: pixel (%d,%d) = %d %d %d, expected texel (%d,%d)", what, x,
                          y, p[0], p[1], p[2], i, j);
                off++;
            }
        }
    CHECK(off == 0, "%s: %d of 256 pixels off", what, off);
    return off;
}

/* Every pixel of the 16x16 point at (cx, cy) has colour (r, g, b). */
static void check_flat(int cx, int cy, int r, int g, int b, const char *what)
{
    int off = 0;
    for (int y = cy - 8; y < cy + 8; y++)
        for (int x = cx - 8; x < cx + 8; x++) {
            const GLubyte *p = at(x, y);
            off += p[0] != r || p[1] != g || p[2] != b;
        }
    const GLubyte *c = at(cx, cy);
    CHECK(off == 0, "%s: %d pixels not %d %d %d (centre %d %d %d)", what, off, r, g, b, c[0],
          c[1], c[2]);
}

int main(void)
{
    static const int attribs[] = { GLX_RGBA, GLX_DOUBLEBUFFER, None };
    struct test_window t = open_window_with(attribs, SIZE);
    glViewport(0, 0, SIZE, SIZE);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, SIZE, 0, SIZE, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    GLint v[4];

    /* Defaults and queries. */
    glGetIntegerv(GL_POINT_SPRITE_COORD_ORIGIN, v);
    CHECK(v[0] == GL_UPPER_LEFT, "initial sprite origin 0x%x", v[0]);
    CHECK(!glIsEnabled(GL_POINT_SPRITE), "GL_POINT_SPRITE enabled initially");
    glGetTexEnviv(GL_POINT_SPRITE, GL_COORD_REPLACE, v);
    CHECK(v[0] == GL_FALSE, "initial COORD_REPLACE %d", v[0]);
    expect_error(GL_NO_ERROR, "initial queries");

    /* Errors. */
    glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_FRONT);
    expect_error(GL_INVALID_VALUE, "sprite origin GL_FRONT");
    glPointParameterf(GL_POINT_SPRITE_COORD_ORIGIN, 0.5f);
    expect_error(GL_INVALID_VALUE, "sprite origin 0.5");
    glTexEnvi(GL_POINT_SPRITE, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    expect_error(GL_INVALID_ENUM, "glTexEnv(GL_POINT_SPRITE, GL_TEXTURE_ENV_MODE)");
    glGetIntegerv(GL_POINT_SPRITE_COORD_ORIGIN, v);
    CHECK(v[0] == GL_UPPER_LEFT, "sprite origin after errors 0x%x", v[0]);
    glPointParameterf(GL_POINT_SPRITE_COORD_ORIGIN, (GLfloat)GL_LOWER_LEFT);
    glGetIntegerv(GL_POINT_SPRITE_COORD_ORIGIN, v);
    CHECK(v[0] == GL_LOWER_LEFT, "sprite origin set through a float 0x%x", v[0]);
    glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_UPPER_LEFT);
    expect_error(GL_NO_ERROR, "valid sprite origins");

    GLuint tex[2];
    glGenTextures(2, tex);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    gradient_texture();
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glClearColor(0, 0, 0, 1);

    /* 1. Sprites with COORD_REPLACE, both origins. */
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_POINT_SPRITE);
    glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
    glGetTexEnviv(GL_POINT_SPRITE, GL_COORD_REPLACE, v);
    CHECK(v[0] == GL_TRUE, "COORD_REPLACE %d", v[0]);
    point(16, 16, 16);
    glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
    point(48, 16, 16);
    glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_UPPER_LEFT);
    /* 2. GL_POINT_SMOOTH is ignored: the sprite is still a full square. */
    glEnable(GL_POINT_SMOOTH);
    point(16, 48, 16);
    glDisable(GL_POINT_SMOOTH);
    read_all();
    check_sprite(16, 16, 1, "UPPER_LEFT sprite");
    check_sprite(48, 16, 0, "LOWER_LEFT sprite");
    check_sprite(16, 48, 1, "sprite with GL_POINT_SMOOTH");
    expect_error(GL_NO_ERROR, "sprites");

    /* 3. No replacement without COORD_REPLACE, or without GL_POINT_SPRITE:
     * the vertex's coordinate (texel (15, 0)) everywhere. */
    glClear(GL_COLOR_BUFFER_BIT);
    glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_FALSE);
    point(16, 16, 16);
    glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
    glDisable(GL_POINT_SPRITE);
    point(48, 16, 16);
    glEnable(GL_POINT_SPRITE);
    read_all();
    check_flat(16, 16, 248, 8, 128, "COORD_REPLACE off");
    check_flat(48, 16, 248, 8, 128, "GL_POINT_SPRITE disabled");

    /* 4. Only points are replaced: a textured quad keeps its coordinates
     * (texel (i, j) at pixel (i, j) of a 16x16 quad). */
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex2f(40, 40);
    glTexCoord2f(1, 0);
    glVertex2f(56, 40);
    glTexCoord2f(1, 1);
    glVertex2f(56, 56);
    glTexCoord2f(0, 1);
    glVertex2f(40, 56);
    glEnd();
    read_all();
    check_sprite(48, 48, 0, "quad with sprites enabled");

    /* 5. Points of glPolygonMode(GL_POINT) are sprites too. */
    glClear(GL_COLOR_BUFFER_BIT);
    glPolygonMode(GL_FRONT_AND_BACK, GL_POINT);
    glPointSize(16);
    glBegin(GL_TRIANGLES);
    glTexCoord2f(0.97f, 0.03f);
    glVertex2f(16, 16);
    glVertex2f(48, 16);
    glVertex2f(16, 48);
    glEnd();
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    read_all();
    check_sprite(16, 16, 1, "polygon-mode point 0");
    check_sprite(48, 16, 1, "polygon-mode point 1");
    check_sprite(16, 48, 1, "polygon-mode point 2");

    /* 6. Unit 1 replaced, unit 0 not: unit 0 (texel (15, 0) of the
     * gradient) is replaced by unit 1's gradient sample (GL_REPLACE). */
    glClear(GL_COLOR_BUFFER_BIT);
    glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_FALSE);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, tex[1]);
    gradient_texture();
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
    point(16, 16, 16);
    /* Unit 1 not replaced any more: flat again. */
    glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_FALSE);
    point(48, 16, 16);
    glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
    read_all();
    check_sprite(16, 16, 1, "sprite on unit 1");
    check_flat(48, 16, 248, 8, 128, "unit 1 without COORD_REPLACE");

    /* 7. GL_POINT_BIT saves COORD_REPLACE (per unit) and the origin;
     * GL_TEXTURE_BIT does not restore COORD_REPLACE. */
    glPushAttrib(GL_POINT_BIT);
    glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_FALSE);
    glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
    glDisable(GL_POINT_SPRITE);
    glPopAttrib();
    glGetTexEnviv(GL_POINT_SPRITE, GL_COORD_REPLACE, v);
    CHECK(v[0] == GL_TRUE, "COORD_REPLACE after glPopAttrib(GL_POINT_BIT) %d", v[0]);
    glGetIntegerv(GL_POINT_SPRITE_COORD_ORIGIN, v);
    CHECK(v[0] == GL_UPPER_LEFT, "origin after glPopAttrib 0x%x", v[0]);
    CHECK(glIsEnabled(GL_POINT_SPRITE), "GL_POINT_SPRITE after glPopAttrib");
    glPushAttrib(GL_TEXTURE_BIT);
    glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_FALSE);
    glPopAttrib();
    glGetTexEnviv(GL_POINT_SPRITE, GL_COORD_REPLACE, v);
    CHECK(v[0] == GL_FALSE, "COORD_REPLACE after glPopAttrib(GL_TEXTURE_BIT) %d", v[0]);
    glActiveTexture(GL_TEXTURE0);
    glGetTexEnviv(GL_POINT_SPRITE, GL_COORD_REPLACE, v);
    CHECK(v[0] == GL_FALSE, "unit 0 COORD_REPLACE %d", v[0]);
    expect_error(GL_NO_ERROR, "attribute stack");

    glDeleteTextures(2, tex);
    return close_test_window(&t);
}
