/*
 * clear_buffer.c: glClearBuffer{fv,iv,uiv,fi} (GL 3.0, GL 4.6 §17.4.3.1) by
 * the pixels, depths and stencil values they leave.
 *
 * On the window (depth and stencil): a colour clear to given values that
 * leaves GL_COLOR_CLEAR_VALUE alone, under the colour mask and the scissor;
 * depth, stencil (under its write mask) and depth-stencil clears, the
 * depth mask; nothing under GL_RASTERIZER_DISCARD. On a framebuffer object
 * with three colour attachments and draw buffers {0, 2, NONE}: a draw
 * buffer index clears the attachment its draw buffer names and no other.
 * Then every error of the four commands.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -o clear_buffer
 * tests/clients/clear_buffer.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include <math.h>

static float depth_at(int x, int y)
{
    GLfloat d = -1;
    glReadPixels(x, y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
    return d;
}

static int stencil_at(int x, int y)
{
    GLubyte s = 0xee;
    glReadPixels(x, y, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
    return s;
}

static void window_clears(void)
{
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    static const GLfloat blue[4] = { 0.2f, 0.4f, 0.6f, 1.0f };
    glClearBufferfv(GL_COLOR, 0, blue);
    CHECK_RGBA(3, 3, 51, 102, 153, 255, 1, "glClearBufferfv(COLOR, 0)");
    GLfloat cc[4] = { -1, -1, -1, -1 };
    glGetFloatv(GL_COLOR_CLEAR_VALUE, cc);
    CHECK(cc[0] == 0 && cc[1] == 0 && cc[2] == 0 && cc[3] == 0,
          "GL_COLOR_CLEAR_VALUE changed to %g %g %g %g", cc[0], cc[1], cc[2], cc[3]);

    static const GLfloat white[4] = { 1, 1, 1, 1 };
    glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
    glClearBufferfv(GL_COLOR, 0, white);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    CHECK_RGBA(3, 3, 255, 102, 255, 255, 1, "glClearBufferfv under glColorMask(1,0,1,1)");

    static const GLfloat red[4] = { 1, 0, 0, 1 };
    glScissor(0, 0, 16, 32);
    glEnable(GL_SCISSOR_TEST);
    glClearBufferfv(GL_COLOR, 0, red);
    glDisable(GL_SCISSOR_TEST);
    CHECK_RGBA(3, 3, 255, 0, 0, 255, 0, "glClearBufferfv inside the scissor");
    CHECK_RGBA(20, 3, 255, 102, 255, 255, 1, "glClearBufferfv outside the scissor");

    /* Values outside [0, 1] are clamped for a normalized buffer. */
    static const GLfloat over[4] = { 2.0f, -1.0f, 0.5f, 1.0f };
    glClearBufferfv(GL_COLOR, 0, over);
    CHECK_RGBA(20, 3, 255, 0, 128, 255, 1, "glClearBufferfv(2, -1, 0.5, 1)");

    static const GLfloat quarter = 0.25f;
    glClearBufferfv(GL_DEPTH, 0, &quarter);
    CHECK(fabsf(depth_at(5, 5) - 0.25f) < 1e-4, "glClearBufferfv(DEPTH, 0.25): %g",
          depth_at(5, 5));
    static const GLfloat one = 1.0f;
    glDepthMask(GL_FALSE);
    glClearBufferfv(GL_DEPTH, 0, &one);
    glDepthMask(GL_TRUE);
    CHECK(fabsf(depth_at(5, 5) - 0.25f) < 1e-4, "glClearBufferfv(DEPTH) under glDepthMask(0): %g",
          depth_at(5, 5));

    static const GLint five = 5, all = 0xff;
    glClearBufferiv(GL_STENCIL, 0, &five);
    CHECK(stencil_at(5, 5) == 5, "glClearBufferiv(STENCIL, 5): %d", stencil_at(5, 5));
    glStencilMask(0x3);
    glClearBufferiv(GL_STENCIL, 0, &all);
    glStencilMask(0xff);
    CHECK(stencil_at(5, 5) == 7, "glClearBufferiv(STENCIL, 0xff) under glStencilMask(3): %d",
          stencil_at(5, 5));

    glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.75f, 9);
    CHECK(fabsf(depth_at(5, 5) - 0.75f) < 1e-4 && stencil_at(5, 5) == 9,
          "glClearBufferfi(DEPTH_STENCIL, 0.75, 9): %g %d", depth_at(5, 5), stencil_at(5, 5));

    glEnable(GL_RASTERIZER_DISCARD);
    glClearBufferfv(GL_COLOR, 0, blue);
    glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.5f, 1);
    glDisable(GL_RASTERIZER_DISCARD);
    CHECK_RGBA(20, 3, 255, 0, 128, 255, 1, "glClearBufferfv under GL_RASTERIZER_DISCARD");
    CHECK(fabsf(depth_at(5, 5) - 0.75f) < 1e-4 && stencil_at(5, 5) == 9,
          "glClearBufferfi under GL_RASTERIZER_DISCARD: %g %d", depth_at(5, 5), stencil_at(5, 5));
    expect_error(GL_NO_ERROR, "the window clears");
}

static void fbo_clears(void)
{
    GLuint fb, rb[3];
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glGenRenderbuffers(3, rb);
    for (int i = 0; i < 3; i++) {
        glBindRenderbuffer(GL_RENDERBUFFER, rb[i]);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_RENDERBUFFER,
                                  rb[i]);
    }
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
          "framebuffer incomplete");
    static const GLenum bufs[3] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT2, GL_NONE };
    glDrawBuffers(3, bufs);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    /* glClear cleared attachments 0 and 2; attachment 1 is no draw buffer:
     * give it a colour of its own first. */
    static const GLenum one_buf = GL_COLOR_ATTACHMENT1;
    glDrawBuffers(1, &one_buf);
    static const GLfloat grey[4] = { 0.5f, 0.5f, 0.5f, 0.5f };
    glClearBufferfv(GL_COLOR, 0, grey);
    glDrawBuffers(3, bufs);

    static const GLfloat green[4] = { 0, 1, 0, 1 }, red[4] = { 1, 0, 0, 1 };
    glClearBufferfv(GL_COLOR, 1, green);
    glClearBufferfv(GL_COLOR, 2, red); /* draw buffer 2 is NONE: nothing */
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    CHECK_RGBA(3, 3, 0, 0, 0, 0, 0, "attachment 0 after clearing draw buffer 1");
    glReadBuffer(GL_COLOR_ATTACHMENT1);
    CHECK_RGBA(3, 3, 128, 128, 128, 128, 1, "attachment 1 after clearing draw buffer 1");
    glReadBuffer(GL_COLOR_ATTACHMENT2);
    CHECK_RGBA(3, 3, 0, 255, 0, 255, 0, "attachment 2 (draw buffer 1) after its clear");
    glClearBufferfv(GL_COLOR, 0, red);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    CHECK_RGBA(3, 3, 255, 0, 0, 255, 0, "attachment 0 (draw buffer 0) after its clear");
    glReadBuffer(GL_COLOR_ATTACHMENT2);
    CHECK_RGBA(3, 3, 0, 255, 0, 255, 0, "attachment 2 after clearing draw buffer 0");
    expect_error(GL_NO_ERROR, "the framebuffer clears");

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteRenderbuffers(3, rb);
    glReadBuffer(GL_BACK);
}

static void errors(void)
{
    static const GLfloat f[4] = { 0, 0, 0, 0 };
    static const GLint i[4] = { 0, 0, 0, 0 };
    static const GLuint u[4] = { 0, 0, 0, 0 };
    GLint max = 0;
    glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max);
    glClearBufferfv(GL_STENCIL, 0, f);
    expect_error(GL_INVALID_ENUM, "glClearBufferfv(STENCIL)");
    glClearBufferfv(GL_DEPTH_STENCIL, 0, f);
    expect_error(GL_INVALID_ENUM, "glClearBufferfv(DEPTH_STENCIL)");
    glClearBufferiv(GL_DEPTH, 0, i);
    expect_error(GL_INVALID_ENUM, "glClearBufferiv(DEPTH)");
    glClearBufferuiv(GL_DEPTH, 0, u);
    expect_error(GL_INVALID_ENUM, "glClearBufferuiv(DEPTH)");
    glClearBufferuiv(GL_STENCIL, 0, u);
    expect_error(GL_INVALID_ENUM, "glClearBufferuiv(STENCIL)");
    glClearBufferfi(GL_COLOR, 0, 0, 0);
    expect_error(GL_INVALID_ENUM, "glClearBufferfi(COLOR)");
    glClearBufferfi(GL_DEPTH, 0, 0, 0);
    expect_error(GL_INVALID_ENUM, "glClearBufferfi(DEPTH)");
    glClearBufferfv(GL_TEXTURE_2D, 0, f);
    expect_error(GL_INVALID_ENUM, "glClearBufferfv(TEXTURE_2D)");
    glClearBufferfv(GL_COLOR, -1, f);
    expect_error(GL_INVALID_VALUE, "glClearBufferfv(COLOR, -1)");
    glClearBufferfv(GL_COLOR, max, f);
    expect_error(GL_INVALID_VALUE, "glClearBufferfv(COLOR, MAX_DRAW_BUFFERS)");
    glClearBufferuiv(GL_COLOR, max, u);
    expect_error(GL_INVALID_VALUE, "glClearBufferuiv(COLOR, MAX_DRAW_BUFFERS)");
    glClearBufferfv(GL_DEPTH, 1, f);
    expect_error(GL_INVALID_VALUE, "glClearBufferfv(DEPTH, 1)");
    glClearBufferiv(GL_STENCIL, 1, i);
    expect_error(GL_INVALID_VALUE, "glClearBufferiv(STENCIL, 1)");
    glClearBufferfi(GL_DEPTH_STENCIL, 1, 0, 0);
    expect_error(GL_INVALID_VALUE, "glClearBufferfi(DEPTH_STENCIL, 1)");
    glBegin(GL_POINTS);
    glClearBufferfv(GL_COLOR, 0, f);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glClearBufferfv inside glBegin");
}

int main(void)
{
    static const int attribs[] = { GLX_RGBA,       GLX_DOUBLEBUFFER, GLX_RED_SIZE,     8,
                                   GLX_GREEN_SIZE, 8,                GLX_BLUE_SIZE,    8,
                                   GLX_ALPHA_SIZE, 8,                GLX_DEPTH_SIZE,   24,
                                   GLX_STENCIL_SIZE, 8,              None };
    struct test_window t = open_window_with(attribs, 32);
    glDrawBuffer(GL_BACK);
    glReadBuffer(GL_BACK);
    window_clears();
    fbo_clears();
    errors();
    return close_test_window(&t);
}
