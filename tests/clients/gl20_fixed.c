/*
 * gl20_fixed.c: the GL 2.0 additions outside GLSL, by their pixels:
 * separate stencil (glStencilFuncSeparate, glStencilOpSeparate,
 * glStencilMaskSeparate on front- and back-facing quads, read back as
 * stencil indices and through a second stencil-tested pass; and
 * ATI_separate_stencil's glStencilFuncSeparateATI),
 * glBlendEquationSeparate (colour added while alpha is reverse-subtracted,
 * MIN/MAX split) and non-power-of-two textures (a 5x3 image repeated texel
 * for texel, and its mipmap chain 5x3, 2x1, 1x1 complete and selected by
 * minification); with their errors and queries. Prints FAIL lines and PASS
 * when all hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>

/* A quad over x in [x0, x1], y in [y0, y1], counter-clockwise (front
 * facing) or clockwise. */
static void quad(float x0, float y0, float x1, float y1, int ccw)
{
    glBegin(GL_QUADS);
    glVertex2f(x0, y0);
    if (ccw) {
        glVertex2f(x1, y0);
        glVertex2f(x1, y1);
        glVertex2f(x0, y1);
    } else {
        glVertex2f(x0, y1);
        glVertex2f(x1, y1);
        glVertex2f(x1, y0);
    }
    glEnd();
}

static void separate_stencil(void)
{
    GLint v;
    glClearStencil(0);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glEnable(GL_STENCIL_TEST);
    glStencilFuncSeparate(GL_FRONT, GL_ALWAYS, 0x55, 0xff);
    glStencilFuncSeparate(GL_BACK, GL_ALWAYS, 0xaa, 0xff);
    glStencilOpSeparate(GL_FRONT, GL_KEEP, GL_KEEP, GL_REPLACE);
    glStencilOpSeparate(GL_BACK, GL_KEEP, GL_KEEP, GL_INVERT);
    glStencilMaskSeparate(GL_FRONT, 0x0f);
    glStencilMaskSeparate(GL_BACK, 0xf0);
    expect_error(GL_NO_ERROR, "separate stencil state");
    glGetIntegerv(GL_STENCIL_WRITEMASK, &v);
    CHECK(v == 0x0f, "GL_STENCIL_WRITEMASK 0x%x", v);
    glGetIntegerv(GL_STENCIL_BACK_WRITEMASK, &v);
    CHECK(v == 0xf0, "GL_STENCIL_BACK_WRITEMASK 0x%x", v);
    glGetIntegerv(GL_STENCIL_BACK_REF, &v);
    CHECK(v == 0xaa, "GL_STENCIL_BACK_REF 0x%x", v);
    glGetIntegerv(GL_STENCIL_BACK_PASS_DEPTH_PASS, &v);
    CHECK(v == GL_INVERT, "GL_STENCIL_BACK_PASS_DEPTH_PASS 0x%x", v);

    /* Front-facing on the left, back-facing on the right (stencil only). */
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    quad(0, 0, 16, 32, 1);
    quad(16, 0, 32, 32, 0);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    GLubyte s[2] = { 0, 0 };
    glReadPixels(8, 16, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s[0]);
    glReadPixels(24, 16, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s[1]);
    CHECK(s[0] == 0x05, "front face: stencil 0x%x, expected 0x05 (0x55 REPLACE, mask 0x0f)",
          s[0]);
    CHECK(s[1] == 0xf0, "back face: stencil 0x%x, expected 0xf0 (INVERT, mask 0xf0)", s[1]);

    /* Second pass: each face passes where its own first pass wrote. */
    glStencilMask(0);
    glStencilFuncSeparate(GL_FRONT, GL_EQUAL, 0x05, 0xff);
    glStencilFuncSeparate(GL_BACK, GL_EQUAL, 0xf0, 0xff);
    glColor4f(1, 0, 0, 1);
    quad(0, 0, 32, 16, 1); /* front, bottom half */
    glColor4f(0, 1, 0, 1);
    quad(0, 16, 32, 32, 0); /* back, top half */
    CHECK_RGBA(8, 8, 255, 0, 0, 255, 1, "front face where the front pass wrote");
    CHECK_RGBA(24, 8, 0, 0, 0, 0, 1, "front face where the back pass wrote");
    CHECK_RGBA(8, 24, 0, 0, 0, 0, 1, "back face where the front pass wrote");
    CHECK_RGBA(24, 24, 0, 255, 0, 255, 1, "back face where the back pass wrote");
    glGetIntegerv(GL_STENCIL_BACK_WRITEMASK, &v);
    CHECK(v == 0, "glStencilMask sets the back mask too: 0x%x", v);
    glDisable(GL_STENCIL_TEST);

    /* Errors. */
    glStencilMaskSeparate(GL_LEFT, 0);
    expect_error(GL_INVALID_ENUM, "glStencilMaskSeparate(GL_LEFT)");
    glStencilFuncSeparate(GL_FRONT_LEFT, GL_ALWAYS, 0, 0);
    expect_error(GL_INVALID_ENUM, "glStencilFuncSeparate(GL_FRONT_LEFT)");
    glStencilFuncSeparate(GL_FRONT, GL_ADD, 0, 0);
    expect_error(GL_INVALID_ENUM, "glStencilFuncSeparate(func GL_ADD)");
    glStencilOpSeparate(GL_BACK, GL_KEEP, GL_ADD, GL_KEEP);
    expect_error(GL_INVALID_ENUM, "glStencilOpSeparate(GL_ADD)");

    /* ATI_separate_stencil: a function per face, one reference and mask. */
    void (*func_ati)(GLenum, GLenum, GLint, GLuint) = (void (*)(GLenum, GLenum, GLint, GLuint))
        glXGetProcAddress((const GLubyte *)"glStencilFuncSeparateATI");
    CHECK(func_ati != NULL, "glStencilFuncSeparateATI does not resolve");
    if (func_ati) {
        func_ati(GL_LESS, GL_GREATER, 3, 0x7f);
        expect_error(GL_NO_ERROR, "glStencilFuncSeparateATI");
        GLint f[6];
        glGetIntegerv(GL_STENCIL_FUNC, &f[0]);
        glGetIntegerv(GL_STENCIL_BACK_FUNC, &f[1]);
        glGetIntegerv(GL_STENCIL_REF, &f[2]);
        glGetIntegerv(GL_STENCIL_BACK_REF, &f[3]);
        glGetIntegerv(GL_STENCIL_VALUE_MASK, &f[4]);
        glGetIntegerv(GL_STENCIL_BACK_VALUE_MASK, &f[5]);
        CHECK(f[0] == GL_LESS && f[1] == GL_GREATER && f[2] == 3 && f[3] == 3 && f[4] == 0x7f &&
                  f[5] == 0x7f,
              "glStencilFuncSeparateATI state 0x%x 0x%x %d %d 0x%x 0x%x", f[0], f[1], f[2], f[3],
              f[4], f[5]);
        func_ati(GL_LESS, GL_ADD, 3, 0x7f);
        expect_error(GL_INVALID_ENUM, "glStencilFuncSeparateATI(back GL_ADD)");
    }
    glStencilMask(~0u);
}

static void blend_equation_separate(void)
{
    GLint v;
    glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);
    glBlendEquationSeparate(GL_FUNC_ADD, GL_FUNC_REVERSE_SUBTRACT);
    glGetIntegerv(GL_BLEND_EQUATION_RGB, &v);
    CHECK(v == GL_FUNC_ADD, "GL_BLEND_EQUATION_RGB 0x%x", v);
    glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &v);
    CHECK(v == GL_FUNC_REVERSE_SUBTRACT, "GL_BLEND_EQUATION_ALPHA 0x%x", v);
    glColor4f(0.25f, 0.25f, 0.25f, 0.25f);
    quad(0, 0, 16, 32, 1);
    /* Colour 0.5 + 0.25, alpha 0.5 - 0.25. */
    CHECK_RGBA(8, 16, 191, 191, 191, 64, 1, "ADD colour, REVERSE_SUBTRACT alpha");
    glBlendEquationSeparate(GL_MIN, GL_MAX);
    glColor4f(0.75f, 0.25f, 0.75f, 0.25f);
    quad(16, 0, 32, 32, 1);
    CHECK_RGBA(24, 16, 128, 64, 128, 128, 1, "MIN colour, MAX alpha");
    glBlendEquationSeparate(GL_FUNC_ADD, GL_LOGIC_OP);
    expect_error(GL_INVALID_ENUM, "glBlendEquationSeparate(alpha GL_LOGIC_OP)");
    glBlendEquationSeparate(GL_ONE, GL_FUNC_ADD);
    expect_error(GL_INVALID_ENUM, "glBlendEquationSeparate(rgb GL_ONE)");
    glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &v);
    CHECK(v == GL_MAX, "alpha equation after errors 0x%x", v);
    glBlendEquation(GL_FUNC_ADD);
    glDisable(GL_BLEND);
}

static void npot_textures(void)
{
    /* Texel (i, j) of the 5x3 image: red 50 i, green 100 j, blue 200. */
    GLubyte img[3][5][4], l1[2][4], l2[4] = { 0, 0, 255, 255 };
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 5; i++) {
            img[j][i][0] = 50 * i;
            img[j][i][1] = 100 * j;
            img[j][i][2] = 200;
            img[j][i][3] = 255;
        }
    for (int i = 0; i < 2; i++) {
        l1[i][0] = 0;
        l1[i][1] = 255;
        l1[i][2] = 0;
        l1[i][3] = 255;
    }
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 5, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    expect_error(GL_NO_ERROR, "5x3 glTexImage2D");
    GLint w = 0, h = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &h);
    CHECK(w == 5 && h == 3, "5x3 texture reports %dx%d", w, h);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    /* Twice over in s and t: pixel (x, y) shows texel (x mod 5, y mod 3). */
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex2f(0, 0);
    glTexCoord2f(2, 0);
    glVertex2f(10, 0);
    glTexCoord2f(2, 2);
    glVertex2f(10, 6);
    glTexCoord2f(0, 2);
    glVertex2f(0, 6);
    glEnd();
    int off = 0;
    for (int y = 0; y < 6; y++)
        for (int x = 0; x < 10; x++) {
            const GLubyte *p = pixel(x, y);
            if (p[0] != 50 * (x % 5) || p[1] != 100 * (y % 3) || p[2] != 200) {
                if (!off)
                    CHECK(0, "NPOT repeat: pixel (%d,%d) = %d %d %d, expected texel (%d,%d)",
                          x, y, p[0], p[1], p[2], x % 5, y % 3);
                off++;
            }
        }
    CHECK(off == 0, "NPOT repeat: %d of 60 pixels off", off);

    /* Mipmaps: 5x3, 2x1, 1x1 make the texture complete. */
    glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, l1);
    glTexImage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, l2);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    expect_error(GL_NO_ERROR, "NPOT mipmap levels");
    /* 5 texels over 4 pixels: level 0 (lod 0.32); over 2: level 1 (lod
     * 1.32); over 1: level 2 (lod 2.32). */
    static const struct {
        float size;
        int x, r, g, b;
        const char *what;
    } cases[] = {
        { 2, 20, 0, 255, 0, "NPOT mipmap level 1" },
        { 1, 26, 0, 0, 255, "NPOT mipmap level 2" },
    };
    for (int i = 0; i < 2; i++) {
        float x0 = cases[i].x, s = cases[i].size;
        glBegin(GL_QUADS);
        glTexCoord2f(0, 0);
        glVertex2f(x0, 20);
        glTexCoord2f(1, 0);
        glVertex2f(x0 + s, 20);
        glTexCoord2f(1, 1);
        glVertex2f(x0 + s, 20 + s * 0.6f);
        glTexCoord2f(0, 1);
        glVertex2f(x0, 20 + s * 0.6f);
        glEnd();
        CHECK_RGBA(cases[i].x, 20, cases[i].r, cases[i].g, cases[i].b, 255, 1, cases[i].what);
    }
    /* A missing level makes it incomplete: texturing is off (white). */
    glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 3, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    glColor3f(1, 1, 1);
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex2f(20, 26);
    glTexCoord2f(1, 0);
    glVertex2f(22, 26);
    glTexCoord2f(1, 1);
    glVertex2f(22, 28);
    glTexCoord2f(0, 1);
    glVertex2f(20, 28);
    glEnd();
    CHECK_RGBA(20, 26, 255, 255, 255, 255, 1, "NPOT level 1 of the wrong size (3x1)");
    glDisable(GL_TEXTURE_2D);
    glDeleteTextures(1, &tex);
}

int main(void)
{
    static const int attribs[] = { GLX_RGBA,         GLX_DOUBLEBUFFER, GLX_RED_SIZE,   8,
                                   GLX_GREEN_SIZE,   8,                GLX_BLUE_SIZE,  8,
                                   GLX_ALPHA_SIZE,   8,                GLX_STENCIL_SIZE, 8,
                                   None };
    struct test_window t = open_window_with(attribs, 32);
    glViewport(0, 0, 32, 32);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, 32, 0, 32, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    separate_stencil();
    blend_equation_separate();
    npot_textures();
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
