/*
 * drawpix.c: the raster position and the pixel rectangles drawn at it —
 * glRasterPos (transform, clipping, lit colour), glWindowPos, glDrawPixels
 * (RGBA with zoom, depth, stencil, through the per-fragment operations),
 * glBitmap (raster colour, advance), glCopyPixels, display lists, errors.
 * Pixels and values are read back. Prints FAIL lines and PASS when all hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <string.h>

static void pixel(int x, int y, GLubyte out[4])
{
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

#define CHECK_PIXEL(x, y, r, g, b, what)                                          \
    do {                                                                          \
        GLubyte p_[4];                                                            \
        pixel(x, y, p_);                                                          \
        CHECK(p_[0] == (r) && p_[1] == (g) && p_[2] == (b),                       \
              "%s: pixel (%d,%d) = %d %d %d, expected %d %d %d", what, x, y, p_[0], \
              p_[1], p_[2], r, g, b);                                             \
    } while (0)

int main(void)
{
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        printf("FAIL: cannot open display\n");
        return 1;
    }
    int attribs[] = { GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, GLX_DEPTH_SIZE, 16,
                      GLX_STENCIL_SIZE, 8, None };
    XVisualInfo *vis = glXChooseVisual(dpy, DefaultScreen(dpy), attribs);
    if (!vis) {
        printf("FAIL: no RGBA visual with depth and stencil\n");
        return 1;
    }
    Window root = RootWindow(dpy, vis->screen);
    XSetWindowAttributes swa = { 0 };
    swa.colormap = XCreateColormap(dpy, root, vis->visual, AllocNone);
    Window win = XCreateWindow(dpy, root, 0, 0, 64, 64, 0, vis->depth, InputOutput,
                               vis->visual, CWColormap, &swa);
    GLXContext ctx = glXCreateContext(dpy, vis, NULL, True);
    if (!ctx || !glXMakeCurrent(dpy, win, ctx)) {
        printf("FAIL: no current context\n");
        return 1;
    }
    glViewport(0, 0, 64, 64);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);

    GLfloat f[4];
    GLboolean valid;

    /* glRasterPos: object coordinates through modelview and projection. */
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, 64, 0, 64, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glTranslatef(2, 3, 0);
    glColor4f(0.25, 0.5, 0.75, 1.0);
    glTexCoord2f(0.5, 0.25);
    glRasterPos2f(10, 20);
    glGetFloatv(GL_CURRENT_RASTER_POSITION, f);
    CHECK(f[0] == 12 && f[1] == 23 && f[2] == 0.5 && f[3] == 1,
          "raster position %g %g %g %g", f[0], f[1], f[2], f[3]);
    glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
    CHECK(valid, "raster position valid");
    glGetFloatv(GL_CURRENT_RASTER_COLOR, f);
    CHECK(f[0] == 0.25 && f[1] == 0.5 && f[2] == 0.75, "raster colour %g %g %g", f[0], f[1], f[2]);
    glGetFloatv(GL_CURRENT_RASTER_TEXTURE_COORDS, f);
    CHECK(f[0] == 0.5 && f[1] == 0.25 && f[3] == 1, "raster texcoords %g %g %g %g", f[0], f[1],
          f[2], f[3]);
    glRasterPos2f(100, 20); /* outside the view volume */
    glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
    CHECK(!valid, "a clipped raster position is invalid");
    glLoadIdentity();

    /* Lighting colours the raster position. */
    glEnable(GL_LIGHTING);
    glEnable(GL_LIGHT0);
    GLfloat white[4] = { 1, 1, 1, 1 }, red[4] = { 1, 0, 0, 1 }, black[4] = { 0, 0, 0, 1 };
    glLightfv(GL_LIGHT0, GL_DIFFUSE, white);
    glLightModelfv(GL_LIGHT_MODEL_AMBIENT, black);
    glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT_AND_DIFFUSE, red);
    glNormal3f(0, 0, 1);
    glRasterPos2i(5, 5);
    glGetFloatv(GL_CURRENT_RASTER_COLOR, f);
    CHECK(f[0] == 1 && f[1] == 0 && f[2] == 0, "lit raster colour %g %g %g", f[0], f[1], f[2]);
    glDisable(GL_LIGHTING);

    /* glWindowPos: window coordinates, unlit current colour, depth range. */
    glColor3f(1, 1, 0);
    glWindowPos3f(7.5, 9, 0.25);
    glGetFloatv(GL_CURRENT_RASTER_POSITION, f);
    CHECK(f[0] == 7.5 && f[1] == 9 && f[2] == 0.25 && f[3] == 1, "window pos %g %g %g %g", f[0],
          f[1], f[2], f[3]);
    glGetFloatv(GL_CURRENT_RASTER_COLOR, f);
    CHECK(f[0] == 1 && f[1] == 1 && f[2] == 0, "window pos colour");

    /* glDrawPixels, RGBA: exact pixels at the raster position. */
    GLubyte img[4 * 4 * 4];
    for (int i = 0; i < 16; i++) {
        img[i * 4 + 0] = (GLubyte)(16 * i);
        img[i * 4 + 1] = 255;
        img[i * 4 + 2] = (GLubyte)(i & 1 ? 200 : 10);
        img[i * 4 + 3] = 255;
    }
    glWindowPos2i(10, 10);
    glDrawPixels(4, 4, GL_RGBA, GL_UNSIGNED_BYTE, img);
    expect_error(GL_NO_ERROR, "glDrawPixels RGBA");
    CHECK_PIXEL(10, 10, 0, 255, 10, "draw pixels (0,0)");
    CHECK_PIXEL(13, 10, 48, 255, 200, "draw pixels (3,0)");
    CHECK_PIXEL(11, 13, 208, 255, 200, "draw pixels (1,3)");
    CHECK_PIXEL(14, 10, 0, 0, 0, "right of the image");
    CHECK_PIXEL(10, 14, 0, 0, 0, "above the image");

    /* Zoom: each pixel becomes a 2x3 block. */
    glPixelZoom(2, 3);
    glWindowPos2i(20, 20);
    glDrawPixels(4, 4, GL_RGBA, GL_UNSIGNED_BYTE, img);
    glPixelZoom(1, 1);
    CHECK_PIXEL(21, 22, 0, 255, 10, "zoomed (0,0)");
    CHECK_PIXEL(22, 23, 80, 255, 200, "zoomed (1,1)");
    CHECK_PIXEL(27, 31, 240, 255, 200, "zoomed (3,3)");
    CHECK_PIXEL(28, 20, 0, 0, 0, "right of the zoomed image");

    /* Per-fragment operations apply: the colour mask. */
    glColorMask(GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
    glClear(GL_COLOR_BUFFER_BIT);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glWindowPos2i(0, 0);
    glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
    glDrawPixels(4, 4, GL_RGBA, GL_UNSIGNED_BYTE, img);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    CHECK_PIXEL(3, 0, 48, 0, 200, "colour mask applies to glDrawPixels");
    glClear(GL_COLOR_BUFFER_BIT);

    /* Depth pixels. */
    GLfloat depth[4] = { 0.25, 0.5, 0.75, 1.0 };
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_ALWAYS);
    glWindowPos2i(40, 40);
    glDrawPixels(2, 2, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    glDisable(GL_DEPTH_TEST);
    glReadPixels(40, 40, 2, 2, GL_DEPTH_COMPONENT, GL_FLOAT, f);
    CHECK(f[0] > 0.2499 && f[0] < 0.2501 && f[1] > 0.4999 && f[1] < 0.5001 && f[3] > 0.999,
          "depth pixels %g %g %g %g", f[0], f[1], f[2], f[3]);

    /* Stencil pixels, through the write mask. */
    GLubyte st[4] = { 1, 2, 0xff, 0x80 };
    glStencilMask(0x0f);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glWindowPos2i(50, 50);
    glDrawPixels(2, 2, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
    glStencilMask(0xff);
    GLubyte sr[4] = { 0 };
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(50, 50, 2, 2, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, sr);
    CHECK(sr[0] == 1 && sr[1] == 2 && sr[2] == 0x0f && sr[3] == 0, "stencil pixels %d %d %d %d",
          sr[0], sr[1], sr[2], sr[3]);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);

    /* glBitmap: the raster colour where bits are set; the position advances. */
    GLubyte bits[8] = { 0xff, 0x81, 0x81, 0x81, 0x81, 0x81, 0x81, 0xff };
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glColor3f(0, 1, 0);
    glWindowPos2i(30, 2);
    glBitmap(8, 8, 0, 0, 10, 1, bits);
    expect_error(GL_NO_ERROR, "glBitmap");
    CHECK_PIXEL(30, 2, 0, 255, 0, "bitmap corner");
    CHECK_PIXEL(33, 3, 0, 0, 0, "bitmap hole");
    CHECK_PIXEL(37, 5, 0, 255, 0, "bitmap right edge");
    glGetFloatv(GL_CURRENT_RASTER_POSITION, f);
    CHECK(f[0] == 40 && f[1] == 3, "bitmap advanced the raster position to %g %g", f[0], f[1]);
    glBitmap(0, 0, 0, 0, 5, 0, NULL);
    glGetFloatv(GL_CURRENT_RASTER_POSITION, f);
    CHECK(f[0] == 45, "an empty bitmap moves the raster position (%g)", f[0]);

    /* glCopyPixels copies the bitmap. */
    glWindowPos2i(50, 2);
    glCopyPixels(30, 2, 8, 8, GL_COLOR);
    CHECK_PIXEL(50, 2, 0, 255, 0, "copied corner");
    CHECK_PIXEL(53, 3, 0, 0, 0, "copied hole");
    CHECK_PIXEL(57, 9, 0, 255, 0, "copied top right");

    /* Display lists record the image when compiled. */
    GLuint list = glGenLists(1);
    GLubyte one[4] = { 255, 0, 255, 255 };
    glNewList(list, GL_COMPILE);
    glWindowPos2i(60, 60);
    glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, one);
    glEndList();
    one[1] = 255;
    CHECK_PIXEL(60, 60, 0, 0, 0, "GL_COMPILE draws nothing");
    glCallList(list);
    CHECK_PIXEL(60, 60, 255, 0, 255, "the list drew the compiled image");

    /* Colour indices go through the I_TO_R..A maps; GL_MAP_COLOR does not
     * send them through I_TO_I (one entry, 0) first. (The RGBA-to-RGBA maps
     * are set to the identity on 0 and 1: Mesa applies them to the
     * converted colours too, the spec only to RGBA sources.) */
    static const GLfloat i_to_r[4] = { 1, 0, 0, 1 }, i_to_g[4] = { 0, 1, 0, 1 },
                         i_to_b[4] = { 0, 0, 1, 1 }, i_to_a[4] = { 1, 1, 1, 1 },
                         identity[2] = { 0, 1 };
    glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 4, i_to_r);
    glPixelMapfv(GL_PIXEL_MAP_I_TO_G, 4, i_to_g);
    glPixelMapfv(GL_PIXEL_MAP_I_TO_B, 4, i_to_b);
    glPixelMapfv(GL_PIXEL_MAP_I_TO_A, 4, i_to_a);
    for (GLenum m = GL_PIXEL_MAP_R_TO_R; m <= GL_PIXEL_MAP_A_TO_A; m++)
        glPixelMapfv(m, 2, identity);
    glPixelTransferi(GL_MAP_COLOR, GL_TRUE);
    GLubyte ci[4] = { 0, 1, 2, 3 };
    glWindowPos2i(0, 58);
    glDrawPixels(4, 1, GL_COLOR_INDEX, GL_UNSIGNED_BYTE, ci);
    expect_error(GL_NO_ERROR, "glDrawPixels(GL_COLOR_INDEX)");
    CHECK_PIXEL(0, 58, 255, 0, 0, "colour index 0");
    CHECK_PIXEL(1, 58, 0, 255, 0, "colour index 1");
    CHECK_PIXEL(2, 58, 0, 0, 255, "colour index 2");
    CHECK_PIXEL(3, 58, 255, 255, 255, "colour index 3");
    GLubyte ci_bits[1] = { 0x0f };
    glWindowPos2i(8, 58);
    glDrawPixels(8, 1, GL_COLOR_INDEX, GL_BITMAP, ci_bits);
    CHECK_PIXEL(8, 58, 255, 0, 0, "GL_BITMAP index 0");
    CHECK_PIXEL(15, 58, 0, 255, 0, "GL_BITMAP index 1");
    glPixelTransferi(GL_MAP_COLOR, GL_FALSE);

    /* Errors. */
    glDrawPixels(-1, 1, GL_RGBA, GL_UNSIGNED_BYTE, img);
    expect_error(GL_INVALID_VALUE, "negative width");
    glDrawPixels(1, 1, 0x1234, GL_UNSIGNED_BYTE, img);
    expect_error(GL_INVALID_ENUM, "bad format");
    glDrawPixels(1, 1, GL_RGBA, GL_BITMAP, img);
    expect_error(GL_INVALID_ENUM, "GL_BITMAP with RGBA");
    glDrawPixels(1, 1, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, img);
    expect_error(GL_INVALID_OPERATION, "packed type of the wrong size");
    glCopyPixels(0, 0, 1, 1, GL_RGBA);
    expect_error(GL_INVALID_ENUM, "glCopyPixels bad type");
    glCopyPixels(0, 0, -1, 1, GL_COLOR);
    expect_error(GL_INVALID_VALUE, "glCopyPixels negative width");
    glBitmap(-1, 1, 0, 0, 0, 0, bits);
    expect_error(GL_INVALID_VALUE, "glBitmap negative width");
    glBegin(GL_POINTS);
    glRasterPos2i(0, 0);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glRasterPos inside Begin/End");

    glXMakeCurrent(dpy, None, NULL);
    glXDestroyContext(dpy, ctx);
    XDestroyWindow(dpy, win);
    XCloseDisplay(dpy);
    if (failures)
        return 1;
    printf("PASS\n");
    return 0;
}
