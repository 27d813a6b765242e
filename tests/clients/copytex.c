/*
 * copytex.c: glCopyTexImage1D/2D and glCopyTexSubImage1D/2D/3D (texels from
 * the framebuffer, converted to the internal format, read back with
 * glGetTexImage and drawn), their errors, glPrioritizeTextures and
 * glAreTexturesResident. Prints FAIL lines and PASS when all hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>

static GLubyte tex[64 * 64 * 4];

#define TEXEL(x, y, w, r, g, b, what)                                             \
    do {                                                                          \
        const GLubyte *t_ = &tex[((y) * (w) + (x)) * 4];                          \
        CHECK(t_[0] == (r) && t_[1] == (g) && t_[2] == (b),                       \
              "%s: texel (%d,%d) = %d %d %d, expected %d %d %d", what, x, y, t_[0], \
              t_[1], t_[2], r, g, b);                                             \
    } while (0)

int main(void)
{
    struct test_window t = open_test_window();
    glViewport(0, 0, 32, 32);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, 32, 0, 32, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor3f(1, 0, 0);
    glRectf(0, 0, 16, 32);
    glColor3f(0, 1, 0);
    glRectf(16, 0, 32, 16);
    /* Left half red, bottom-right green, top-right blue. */

    GLuint names[3];
    glGenTextures(3, names);
    glBindTexture(GL_TEXTURE_2D, names[0]);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 16, 16, 0);
    expect_error(GL_NO_ERROR, "glCopyTexImage2D");
    GLint w = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
    CHECK(w == 16, "copied texture width %d", w);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, tex);
    TEXEL(0, 0, 16, 255, 0, 0, "CopyTexImage2D red");
    TEXEL(15, 0, 16, 0, 255, 0, "CopyTexImage2D green");
    TEXEL(15, 15, 16, 0, 0, 255, "CopyTexImage2D blue");

    /* Sub-image: green into the bottom-left 4x4. */
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 20, 4, 4, 4);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, tex);
    TEXEL(0, 0, 16, 0, 255, 0, "CopyTexSubImage2D");
    TEXEL(4, 0, 16, 255, 0, 0, "CopyTexSubImage2D outside the region");

    /* Draw the texture over the window and read it back. */
    glEnable(GL_TEXTURE_2D);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glColor3f(1, 1, 1);
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0); glVertex2f(0, 0);
    glTexCoord2f(1, 0); glVertex2f(32, 0);
    glTexCoord2f(1, 1); glVertex2f(32, 32);
    glTexCoord2f(0, 1); glVertex2f(0, 32);
    glEnd();
    glDisable(GL_TEXTURE_2D);
    GLubyte p[4];
    glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
    CHECK(p[0] == 0 && p[1] == 255 && p[2] == 0, "drawn copy: pixel %d %d %d", p[0], p[1], p[2]);
    glReadPixels(30, 30, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
    CHECK(p[0] == 0 && p[1] == 0 && p[2] == 255, "drawn copy: pixel %d %d %d", p[0], p[1], p[2]);

    /* Redraw the source pattern. */
    glClear(GL_COLOR_BUFFER_BIT);
    glColor3f(1, 0, 0);
    glRectf(0, 0, 16, 32);
    glColor3f(0, 1, 0);
    glRectf(16, 0, 32, 16);

    /* 1D, luminance: L takes R. */
    glBindTexture(GL_TEXTURE_1D, names[1]);
    glCopyTexImage1D(GL_TEXTURE_1D, 0, GL_LUMINANCE8, 12, 2, 8, 0);
    GLubyte lum[8];
    glGetTexImage(GL_TEXTURE_1D, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
    CHECK(lum[0] == 255 && lum[7] == 0, "CopyTexImage1D luminance %d .. %d", lum[0], lum[7]);
    glCopyTexSubImage1D(GL_TEXTURE_1D, 0, 6, 0, 0, 2);
    glGetTexImage(GL_TEXTURE_1D, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
    CHECK(lum[5] == 0 && lum[6] == 255 && lum[7] == 255, "CopyTexSubImage1D %d %d %d", lum[5],
          lum[6], lum[7]);

    /* 3D: one slice. */
    glBindTexture(GL_TEXTURE_3D, names[2]);
    glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glCopyTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 1, 18, 2, 4, 4);
    glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, tex);
    TEXEL(3, 3 + 4, 4, 0, 255, 0, "CopyTexSubImage3D slice 1");

    /* Errors. */
    glBindTexture(GL_TEXTURE_2D, names[0]);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 0, 0, 4, 4);
    expect_error(GL_INVALID_OPERATION, "CopyTexSubImage2D into a level without an image");
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 14, 0, 0, 0, 4, 4);
    expect_error(GL_INVALID_VALUE, "CopyTexSubImage2D past the image");
    glCopyTexImage2D(GL_TEXTURE_3D, 0, GL_RGBA8, 0, 0, 4, 4, 0);
    expect_error(GL_INVALID_ENUM, "CopyTexImage2D with a 3D target");
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, -1, 4, 0);
    expect_error(GL_INVALID_VALUE, "CopyTexImage2D with a negative width");
    glCopyTexImage2D(GL_TEXTURE_2D, 0, 0x1234, 0, 0, 4, 4, 0);
    expect_error(GL_INVALID_ENUM, "CopyTexImage2D with a bad internal format");

    /* Proxies: a fitting image is described, a too large one clears the
     * level without an error; other errors stay errors. */
    GLint maxSize = 0, pw = -1;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
    glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 64, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &pw);
    CHECK(pw == 64, "proxy width %d", pw);
    glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 2, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    expect_error(GL_INVALID_VALUE, "proxy with border 2");
    glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &pw);
    CHECK(pw == 64, "proxy width %d after an invalid call", pw);
    glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, maxSize * 2, maxSize * 2, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, NULL);
    expect_error(GL_NO_ERROR, "too large proxy");
    glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &pw);
    CHECK(pw == 0, "too large proxy: width %d", pw);
    glBindTexture(GL_PROXY_TEXTURE_2D, names[0]);
    expect_error(GL_INVALID_ENUM, "glBindTexture of a proxy target");
    /* Level 1 of a maximum-width image is too wide. */
    glBindTexture(GL_TEXTURE_2D, names[0]);
    glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, maxSize, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    expect_error(GL_INVALID_VALUE, "level 1 of MAX_TEXTURE_SIZE width");

    /* A bordered image: the border is dropped (as Mesa), the inside kept. */
    static GLubyte bordered[6 * 6 * 4];
    for (int i = 0; i < 36; i++) {
        int x = i % 6, y = i / 6;
        int inside = x > 0 && x < 5 && y > 0 && y < 5;
        bordered[i * 4 + 0] = inside ? 255 : 0;
        bordered[i * 4 + 1] = inside ? 0 : 255;
        bordered[i * 4 + 2] = 0;
        bordered[i * 4 + 3] = 255;
    }
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 6, 6, 1, GL_RGBA, GL_UNSIGNED_BYTE, bordered);
    expect_error(GL_NO_ERROR, "glTexImage2D with a border");
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, tex);
    TEXEL(0, 0, 4, 255, 0, 0, "bordered image, first inner texel");
    TEXEL(3, 3, 4, 255, 0, 0, "bordered image, last inner texel");

    /* Priorities and residency. */
    GLfloat prio[2] = { 0.25, 2.0 };
    glPrioritizeTextures(2, names, prio);
    GLfloat got = -1;
    glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_PRIORITY, &got);
    CHECK(got == 0.25f, "texture priority %g", got);
    GLboolean res[3] = { 7, 7, 7 };
    CHECK(glAreTexturesResident(3, names, res) == GL_TRUE, "textures not resident");
    expect_error(GL_NO_ERROR, "glAreTexturesResident");
    GLuint bad[2] = { names[0], 0 };
    CHECK(glAreTexturesResident(2, bad, res) == GL_FALSE, "resident with name 0");
    expect_error(GL_INVALID_VALUE, "glAreTexturesResident with name 0");
    glPrioritizeTextures(-1, names, prio);
    expect_error(GL_INVALID_VALUE, "glPrioritizeTextures with a negative count");
    glDeleteTextures(3, names);
    return close_test_window(&t);
}
