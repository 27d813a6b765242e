/*
 * draw_buffers2.c: per-draw-buffer colour masks and blend enables
 * (EXT_draw_buffers2, GL 3.0): glColorMaski, glEnablei/glDisablei/
 * glIsEnabledi(GL_BLEND), glGetBooleani_v/glGetIntegeri_v of GL_BLEND and
 * GL_COLOR_WRITEMASK, by their values and by the pixels of a framebuffer
 * object with three colour attachments: a mask or blend enable reaches only
 * the attachment its draw buffer index selects (also when the draw buffers
 * name the attachments out of order), glColorMask and glEnable(GL_BLEND)
 * set every draw buffer's, glClear and glClearBufferfv honour the masks,
 * glPushAttrib/glPopAttrib restore them, display lists compile them, and
 * the errors (index past GL_MAX_DRAW_BUFFERS, capabilities that are not
 * indexed).
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -o draw_buffers2
 * tests/clients/draw_buffers2.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>

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
    GLboolean m[4];
    GLint mi[4];
    int all = 1;
    for (GLuint i = 0; i < 8; i++) {
        memset(m, 9, sizeof m);
        glGetBooleani_v(GL_COLOR_WRITEMASK, i, m);
        all &= m[0] == 1 && m[1] == 1 && m[2] == 1 && m[3] == 1;
        all &= !glIsEnabledi(GL_BLEND, i);
    }
    CHECK(all, "initial per-buffer masks all on and blending off");
    glColorMaski(1, GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
    glGetBooleani_v(GL_COLOR_WRITEMASK, 1, m);
    CHECK(m[0] == 1 && m[1] == 0 && m[2] == 1 && m[3] == 0, "glColorMaski(1): %d %d %d %d", m[0],
          m[1], m[2], m[3]);
    glGetIntegeri_v(GL_COLOR_WRITEMASK, 1, mi);
    CHECK(mi[0] == 1 && mi[1] == 0 && mi[2] == 1 && mi[3] == 0,
          "glGetIntegeri_v(COLOR_WRITEMASK, 1): %d %d %d %d", mi[0], mi[1], mi[2], mi[3]);
    glGetBooleani_v(GL_COLOR_WRITEMASK, 0, m);
    CHECK(m[0] && m[1] && m[2] && m[3], "draw buffer 0's mask after glColorMaski(1)");
    glColorMaski(0, GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
    glGetBooleanv(GL_COLOR_WRITEMASK, m);
    CHECK(!m[0] && m[1] && m[2] && m[3], "glGetBooleanv(COLOR_WRITEMASK) is draw buffer 0's");
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glGetBooleani_v(GL_COLOR_WRITEMASK, 1, m);
    CHECK(m[0] && m[1] && m[2] && m[3], "glColorMask sets every draw buffer's mask");

    glEnablei(GL_BLEND, 3);
    CHECK(glIsEnabledi(GL_BLEND, 3) && !glIsEnabledi(GL_BLEND, 2) && !glIsEnabled(GL_BLEND),
          "glEnablei(BLEND, 3)");
    GLboolean bl = 9;
    GLint bi = 9;
    glGetBooleani_v(GL_BLEND, 3, &bl);
    glGetIntegeri_v(GL_BLEND, 3, &bi);
    CHECK(bl == 1 && bi == 1, "glGet*i_v(BLEND, 3): %d %d", bl, bi);
    glEnable(GL_BLEND);
    CHECK(glIsEnabledi(GL_BLEND, 7) && glIsEnabledi(GL_BLEND, 0),
          "glEnable(BLEND) enables every draw buffer's");
    glDisablei(GL_BLEND, 0);
    CHECK(!glIsEnabled(GL_BLEND) && glIsEnabledi(GL_BLEND, 1),
          "glDisablei(BLEND, 0) is glIsEnabled(BLEND)'s");
    glDisable(GL_BLEND);
    CHECK(!glIsEnabledi(GL_BLEND, 1) && !glIsEnabledi(GL_BLEND, 3),
          "glDisable(BLEND) disables every draw buffer's");

    /* Attribute stacks: the colour buffer group holds both, the enable
     * group the blend enables. */
    glPushAttrib(GL_COLOR_BUFFER_BIT);
    glColorMaski(2, GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    glEnablei(GL_BLEND, 2);
    glPopAttrib();
    glGetBooleani_v(GL_COLOR_WRITEMASK, 2, m);
    CHECK(m[0] && m[1] && m[2] && m[3] && !glIsEnabledi(GL_BLEND, 2),
          "glPopAttrib(COLOR_BUFFER_BIT) restores draw buffer 2");
    glPushAttrib(GL_ENABLE_BIT);
    glEnablei(GL_BLEND, 5);
    glPopAttrib();
    CHECK(!glIsEnabledi(GL_BLEND, 5), "glPopAttrib(ENABLE_BIT) restores draw buffer 5's blend");

    /* Display lists compile them. */
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glColorMaski(4, GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
    glEnablei(GL_BLEND, 4);
    glEndList();
    glGetBooleani_v(GL_COLOR_WRITEMASK, 4, m);
    CHECK(m[0] && !glIsEnabledi(GL_BLEND, 4), "glColorMaski/glEnablei compiled, not run");
    glCallList(list);
    glGetBooleani_v(GL_COLOR_WRITEMASK, 4, m);
    CHECK(!m[0] && m[1] && !m[2] && m[3] && glIsEnabledi(GL_BLEND, 4),
          "glColorMaski/glEnablei run by glCallList");
    glDeleteLists(list, 1);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDisable(GL_BLEND);
    expect_error(GL_NO_ERROR, "the state queries");
}

static void errors(void)
{
    GLint max = 0;
    glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max);
    GLboolean m[4];
    glColorMaski(max, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    expect_error(GL_INVALID_VALUE, "glColorMaski(MAX_DRAW_BUFFERS)");
    glEnablei(GL_BLEND, max);
    expect_error(GL_INVALID_VALUE, "glEnablei(BLEND, MAX_DRAW_BUFFERS)");
    glDisablei(GL_BLEND, max);
    expect_error(GL_INVALID_VALUE, "glDisablei(BLEND, MAX_DRAW_BUFFERS)");
    CHECK(!glIsEnabledi(GL_BLEND, max), "glIsEnabledi(BLEND, MAX_DRAW_BUFFERS) is true");
    expect_error(GL_INVALID_VALUE, "glIsEnabledi(BLEND, MAX_DRAW_BUFFERS)");
    glGetBooleani_v(GL_COLOR_WRITEMASK, max, m);
    expect_error(GL_INVALID_VALUE, "glGetBooleani_v(COLOR_WRITEMASK, MAX_DRAW_BUFFERS)");
    glGetBooleani_v(GL_BLEND, max, m);
    expect_error(GL_INVALID_VALUE, "glGetBooleani_v(BLEND, MAX_DRAW_BUFFERS)");
    glEnablei(GL_DEPTH_TEST, 0);
    expect_error(GL_INVALID_ENUM, "glEnablei(DEPTH_TEST, 0)");
    glIsEnabledi(GL_DITHER, 0);
    expect_error(GL_INVALID_ENUM, "glIsEnabledi(DITHER, 0)");
    glGetBooleani_v(GL_DEPTH_WRITEMASK, 0, m);
    expect_error(GL_INVALID_ENUM, "glGetBooleani_v(DEPTH_WRITEMASK, 0)");
    glBegin(GL_POINTS);
    glColorMaski(0, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glColorMaski inside glBegin");
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

    /* Masks by draw buffer. */
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glColorMaski(1, GL_TRUE, GL_FALSE, GL_FALSE, GL_TRUE);
    quad(1, 1, 1, 1);
    check_attachment(0, 255, 255, 255, 255, "a draw under glColorMaski(1, 1,0,0,1)");
    check_attachment(1, 255, 0, 0, 255, "a draw under glColorMaski(1, 1,0,0,1)");
    check_attachment(2, 255, 255, 255, 255, "a draw under glColorMaski(1, 1,0,0,1)");

    /* glClear and glClearBufferfv honour them. */
    glColorMaski(2, GL_FALSE, GL_TRUE, GL_FALSE, GL_FALSE);
    glClear(GL_COLOR_BUFFER_BIT);
    check_attachment(0, 0, 0, 0, 0, "glClear under per-buffer masks");
    check_attachment(1, 0, 0, 0, 0, "glClear under per-buffer masks");
    check_attachment(2, 255, 0, 255, 255, "glClear under per-buffer masks");
    static const GLfloat blue[4] = { 0, 0, 1, 1 };
    glClearBufferfv(GL_COLOR, 1, blue);
    check_attachment(1, 0, 0, 0, 255, "glClearBufferfv(1) under glColorMaski(1, 1,0,0,1)");
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);

    /* Blending by draw buffer: additive into a blue buffer. */
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glBlendFunc(GL_ONE, GL_ONE);
    glEnablei(GL_BLEND, 2);
    quad(1, 0, 0, 1);
    check_attachment(0, 255, 0, 0, 255, "glEnablei(BLEND, 2): buffer 0 replaced");
    check_attachment(1, 255, 0, 0, 255, "glEnablei(BLEND, 2): buffer 1 replaced");
    check_attachment(2, 255, 0, 255, 255, "glEnablei(BLEND, 2): buffer 2 blended");
    glDisable(GL_BLEND);

    /* The index is the draw buffer's, not the attachment's: draw buffer 0
     * names attachment 2 and draw buffer 1 attachment 0. */
    static const GLenum swapped[2] = { GL_COLOR_ATTACHMENT2, GL_COLOR_ATTACHMENT0 };
    glDrawBuffers(2, swapped);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnablei(GL_BLEND, 0);
    glColorMaski(1, GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
    quad(1, 1, 0, 1);
    check_attachment(2, 255, 255, 255, 255, "draw buffer 0 (attachment 2) blended");
    check_attachment(0, 0, 255, 0, 255, "draw buffer 1 (attachment 0) masked, not blended");
    glDisable(GL_BLEND);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    expect_error(GL_NO_ERROR, "the framebuffer draws");

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteRenderbuffers(3, rb);
    glReadBuffer(GL_BACK);
    glViewport(0, 0, 32, 32);

    /* The window: draw buffer 0's blend enable. */
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnablei(GL_BLEND, 0);
    quad(1, 0, 0, 1);
    glDisable(GL_BLEND);
    CHECK_RGBA(8, 8, 255, 0, 255, 255, 1, "the window under glEnablei(BLEND, 0)");
}

int main(void)
{
    struct test_window t = open_pixel_window(32);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    CHECK(has_extension("GL_EXT_draw_buffers2"), "GL_EXT_draw_buffers2 is not advertised");
    state_queries();
    errors();
    rendering();
    return close_test_window(&t);
}
