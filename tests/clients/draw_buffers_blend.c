/*
 * draw_buffers_blend.c: per-draw-buffer blend functions and equations
 * (ARB_draw_buffers_blend, GL 4.0 §17.3.6): glBlendFunci,
 * glBlendFuncSeparatei, glBlendEquationi, glBlendEquationSeparatei (and
 * their ARB names), by the indexed queries (glGetIntegeri_v of
 * GL_BLEND_SRC_RGB ... GL_BLEND_EQUATION_ALPHA), the non-indexed queries
 * (draw buffer 0's), the non-indexed commands setting every draw buffer's,
 * glPushAttrib/glPopAttrib, display lists, the errors, and the pixels of a
 * framebuffer object with three colour attachments: each attachment
 * blends with the function of the draw buffer that selects it (also when
 * the draw buffers name the attachments out of order).
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -o draw_buffers_blend
 * tests/clients/draw_buffers_blend.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>

static GLint indexed(GLenum pname, GLuint i)
{
    GLint v = -1;
    glGetIntegeri_v(pname, i, &v);
    return v;
}

static GLint plain(GLenum pname)
{
    GLint v = -1;
    glGetIntegerv(pname, &v);
    return v;
}

static void check_attachment(int j, int r, int g, int b, int a, const char *what)
{
    char label[160];
    snprintf(label, sizeof label, "%s, attachment %d", what, j);
    glReadBuffer(GL_COLOR_ATTACHMENT0 + j);
    CHECK_RGBA(8, 8, r, g, b, a, 1, label);
}

static void quad(float r, float g, float b, float a)
{
    glColor4f(r, g, b, a);
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEnd();
}

static void state_queries(void)
{
    int all = 1;
    for (GLuint i = 0; i < 8; i++) {
        all &= indexed(GL_BLEND_SRC_RGB, i) == GL_ONE && indexed(GL_BLEND_DST_RGB, i) == GL_ZERO;
        all &= indexed(GL_BLEND_SRC_ALPHA, i) == GL_ONE;
        all &= indexed(GL_BLEND_DST_ALPHA, i) == GL_ZERO;
        all &= indexed(GL_BLEND_EQUATION_RGB, i) == GL_FUNC_ADD;
        all &= indexed(GL_BLEND_EQUATION_ALPHA, i) == GL_FUNC_ADD;
    }
    CHECK(all, "initial per-buffer functions ONE, ZERO, FUNC_ADD");

    glBlendFuncSeparatei(2, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_DST_ALPHA);
    CHECK(indexed(GL_BLEND_SRC_RGB, 2) == GL_SRC_ALPHA &&
              indexed(GL_BLEND_DST_RGB, 2) == GL_ONE_MINUS_SRC_ALPHA &&
              indexed(GL_BLEND_SRC_ALPHA, 2) == GL_ZERO &&
              indexed(GL_BLEND_DST_ALPHA, 2) == GL_DST_ALPHA,
          "glBlendFuncSeparatei(2): %#x %#x %#x %#x", indexed(GL_BLEND_SRC_RGB, 2),
          indexed(GL_BLEND_DST_RGB, 2), indexed(GL_BLEND_SRC_ALPHA, 2),
          indexed(GL_BLEND_DST_ALPHA, 2));
    CHECK(indexed(GL_BLEND_SRC_RGB, 1) == GL_ONE && plain(GL_BLEND_SRC_RGB) == GL_ONE,
          "glBlendFuncSeparatei(2) leaves draw buffers 0 and 1");
    glBlendFunciARB(0, GL_DST_COLOR, GL_ZERO);
    CHECK(indexed(GL_BLEND_SRC, 0) == GL_DST_COLOR && indexed(GL_BLEND_DST, 0) == GL_ZERO,
          "glGetIntegeri_v(BLEND_SRC, BLEND_DST) read the RGB factors");
    CHECK(plain(GL_BLEND_SRC_RGB) == GL_DST_COLOR && plain(GL_BLEND_SRC) == GL_DST_COLOR &&
              plain(GL_BLEND_DST_ALPHA) == GL_ZERO,
          "glGetIntegerv(BLEND_SRC_RGB) is draw buffer 0's: %#x", plain(GL_BLEND_SRC_RGB));
    glBlendEquationSeparatei(3, GL_MIN, GL_FUNC_REVERSE_SUBTRACT);
    CHECK(indexed(GL_BLEND_EQUATION_RGB, 3) == GL_MIN &&
              indexed(GL_BLEND_EQUATION_ALPHA, 3) == GL_FUNC_REVERSE_SUBTRACT &&
              plain(GL_BLEND_EQUATION_RGB) == GL_FUNC_ADD,
          "glBlendEquationSeparatei(3)");
    glBlendEquationiARB(0, GL_MAX);
    CHECK(plain(GL_BLEND_EQUATION_RGB) == GL_MAX && plain(GL_BLEND_EQUATION_ALPHA) == GL_MAX,
          "glBlendEquationiARB(0) is glGetIntegerv(BLEND_EQUATION_RGB)'s");

    glBlendFunc(GL_ONE, GL_ONE);
    glBlendEquation(GL_FUNC_SUBTRACT);
    all = 1;
    for (GLuint i = 0; i < 8; i++) {
        all &= indexed(GL_BLEND_SRC_RGB, i) == GL_ONE && indexed(GL_BLEND_DST_ALPHA, i) == GL_ONE;
        all &= indexed(GL_BLEND_EQUATION_ALPHA, i) == GL_FUNC_SUBTRACT;
    }
    CHECK(all, "glBlendFunc and glBlendEquation set every draw buffer's");

    /* The colour buffer attribute group holds them. */
    glPushAttrib(GL_COLOR_BUFFER_BIT);
    glBlendFunci(5, GL_CONSTANT_COLOR, GL_SRC_COLOR);
    glBlendEquationi(5, GL_MIN);
    glPopAttrib();
    CHECK(indexed(GL_BLEND_SRC_RGB, 5) == GL_ONE && indexed(GL_BLEND_EQUATION_RGB, 5) ==
                                                        GL_FUNC_SUBTRACT,
          "glPopAttrib(COLOR_BUFFER_BIT) restores draw buffer 5's function");

    /* Display lists compile them. */
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glBlendFunci(4, GL_ZERO, GL_SRC_ALPHA);
    glBlendEquationi(4, GL_FUNC_REVERSE_SUBTRACT);
    glEndList();
    CHECK(indexed(GL_BLEND_SRC_RGB, 4) == GL_ONE, "glBlendFunci compiled, not run");
    glCallList(list);
    CHECK(indexed(GL_BLEND_SRC_RGB, 4) == GL_ZERO && indexed(GL_BLEND_DST_RGB, 4) == GL_SRC_ALPHA &&
              indexed(GL_BLEND_EQUATION_RGB, 4) == GL_FUNC_REVERSE_SUBTRACT,
          "glBlendFunci/glBlendEquationi run by glCallList");
    glDeleteLists(list, 1);
    glBlendFunc(GL_ONE, GL_ZERO);
    glBlendEquation(GL_FUNC_ADD);
    expect_error(GL_NO_ERROR, "the state queries");
}

static void errors(void)
{
    GLint max = plain(GL_MAX_DRAW_BUFFERS);
    glBlendFunci(max, GL_ONE, GL_ONE);
    expect_error(GL_INVALID_VALUE, "glBlendFunci(MAX_DRAW_BUFFERS)");
    glBlendFuncSeparatei(max, GL_ONE, GL_ONE, GL_ONE, GL_ONE);
    expect_error(GL_INVALID_VALUE, "glBlendFuncSeparatei(MAX_DRAW_BUFFERS)");
    glBlendEquationi(max, GL_FUNC_ADD);
    expect_error(GL_INVALID_VALUE, "glBlendEquationi(MAX_DRAW_BUFFERS)");
    glBlendEquationSeparatei(max, GL_FUNC_ADD, GL_FUNC_ADD);
    expect_error(GL_INVALID_VALUE, "glBlendEquationSeparatei(MAX_DRAW_BUFFERS)");
    /* The index is checked before the enums. */
    glBlendFunci(max, GL_ONE, GL_FUNC_ADD);
    expect_error(GL_INVALID_VALUE, "glBlendFunci(MAX_DRAW_BUFFERS, a bad factor)");
    glBlendFunci(1, GL_ONE, GL_FUNC_ADD);
    expect_error(GL_INVALID_ENUM, "glBlendFunci(1, ONE, FUNC_ADD)");
    glBlendFuncSeparatei(1, GL_ONE, GL_ONE, GL_ONE, GL_LESS);
    expect_error(GL_INVALID_ENUM, "glBlendFuncSeparatei(1, ..., LESS)");
    glBlendEquationi(1, GL_ONE);
    expect_error(GL_INVALID_ENUM, "glBlendEquationi(1, ONE)");
    glBlendEquationSeparatei(1, GL_FUNC_ADD, GL_ZERO);
    expect_error(GL_INVALID_ENUM, "glBlendEquationSeparatei(1, FUNC_ADD, ZERO)");
    CHECK(indexed(GL_BLEND_SRC_RGB, 1) == GL_ONE && indexed(GL_BLEND_EQUATION_RGB, 1) ==
                                                        GL_FUNC_ADD,
          "a failed command changes nothing");
    indexed(GL_BLEND_SRC_RGB, max);
    expect_error(GL_INVALID_VALUE, "glGetIntegeri_v(BLEND_SRC_RGB, MAX_DRAW_BUFFERS)");
    indexed(GL_BLEND_EQUATION_ALPHA, max);
    expect_error(GL_INVALID_VALUE, "glGetIntegeri_v(BLEND_EQUATION_ALPHA, MAX_DRAW_BUFFERS)");
    glBegin(GL_POINTS);
    glBlendFunci(0, GL_ONE, GL_ONE);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glBlendFunci inside glBegin");
}

static void rendering(void)
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
    glViewport(0, 0, 16, 16);
    static const GLenum three[3] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1,
                                     GL_COLOR_ATTACHMENT2 };
    glDrawBuffers(3, three);

    /* Each buffer its own function over the same grey destination. */
    glClearColor(0.5, 0.5, 0.5, 0.5);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_BLEND);
    glBlendFunci(0, GL_ONE, GL_ONE);
    glBlendEquationi(0, GL_FUNC_ADD);
    glBlendFunci(1, GL_ONE, GL_ONE);
    glBlendEquationSeparatei(1, GL_FUNC_REVERSE_SUBTRACT, GL_MIN);
    glBlendFuncSeparatei(2, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
    glBlendEquationi(2, GL_FUNC_ADD);
    quad(0.25, 0.0, 1.0, 0.25);
    /* 0: 0.5 + src; 1: dst - src, alpha min; 2: src·0.25 + dst·0.75, alpha dst. */
    check_attachment(0, 191, 128, 255, 191, "ADD of ONE, ONE");
    check_attachment(1, 64, 128, 0, 64, "REVERSE_SUBTRACT, alpha MIN");
    check_attachment(2, 112, 96, 159, 128, "SRC_ALPHA, ONE_MINUS_SRC_ALPHA; alpha ZERO, ONE");

    /* The index is the draw buffer's, not the attachment's: draw buffer 0
     * names attachment 2 and draw buffer 1 attachment 0. */
    static const GLenum swapped[2] = { GL_COLOR_ATTACHMENT2, GL_COLOR_ATTACHMENT0 };
    glDrawBuffers(2, swapped);
    glClear(GL_COLOR_BUFFER_BIT);
    glBlendFunci(0, GL_ONE, GL_ONE);
    glBlendEquationi(0, GL_FUNC_ADD);
    glBlendFunci(1, GL_ZERO, GL_ONE);
    glBlendEquationi(1, GL_MAX);
    quad(0.25, 0.75, 0.0, 1.0);
    check_attachment(2, 191, 255, 128, 255, "draw buffer 0 (attachment 2): ADD of ONE, ONE");
    check_attachment(0, 128, 191, 128, 255, "draw buffer 1 (attachment 0): MAX");
    check_attachment(1, 64, 128, 0, 64, "attachment 1, no draw buffer, keeps its contents");
    glDisable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ZERO);
    glBlendEquation(GL_FUNC_ADD);
    expect_error(GL_NO_ERROR, "the framebuffer draws");

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteRenderbuffers(3, rb);
    glReadBuffer(GL_BACK);
    glViewport(0, 0, 32, 32);

    /* The window: draw buffer 0's function. */
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_BLEND);
    glBlendFunci(1, GL_ZERO, GL_ZERO);
    glBlendFunci(0, GL_ONE, GL_ONE);
    quad(1, 0, 0, 1);
    glDisable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ZERO);
    CHECK_RGBA(8, 8, 255, 0, 255, 255, 1, "the window under glBlendFunci(0, ONE, ONE)");
}

int main(void)
{
    struct test_window t = open_pixel_window(32);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    CHECK(has_extension("GL_ARB_draw_buffers_blend"), "GL_ARB_draw_buffers_blend is not advertised");
    state_queries();
    errors();
    rendering();
    return close_test_window(&t);
}
