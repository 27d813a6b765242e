/*
 * draw_buffers.c: glDrawBuffers on the default framebuffer (GL 2.0,
 * ARB_draw_buffers): GL_MAX_DRAW_BUFFERS and the GL_DRAW_BUFFERi queries,
 * the errors of GL 2.1 §4.2.1 (INVALID_VALUE for n out of range,
 * INVALID_ENUM for names outside table 4.4 or naming several buffers,
 * INVALID_OPERATION for buffers the window lacks and duplicates), where
 * pixels land (front or back, read back from each), n = 0 drawing nowhere,
 * display lists, the attribute stack and the ARB entry point. Prints FAIL
 * lines and PASS when all hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>
#include <string.h>

static void read_pixel(GLenum buffer, int x, int y, GLubyte *p)
{
    glReadBuffer(buffer);
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
}

#define CHECK_PIXEL(buf, r, g, b, what)                                                 \
    do {                                                                                \
        GLubyte p_[4];                                                                  \
        read_pixel(buf, 16, 16, p_);                                                    \
        CHECK(p_[0] == (r) && p_[1] == (g) && p_[2] == (b),                             \
              "%s: pixel %d %d %d, expected %d %d %d", what, p_[0], p_[1], p_[2], r, g, \
              b);                                                                       \
    } while (0)

static GLint draw_buffer(int i)
{
    GLint v = -1;
    glGetIntegerv(GL_DRAW_BUFFER0 + i, &v);
    return v;
}

static void fill(float r, float g, float b)
{
    glColor3f(r, g, b);
    glRectf(-1, -1, 1, 1);
}

int main(void)
{
    struct test_window t = open_test_window();
    glViewport(0, 0, 32, 32);
    GLint v = -1, max = -1;
    int major = 0;
    sscanf((const char *)glGetString(GL_VERSION), "%d", &major);
    CHECK(strstr((const char *)glGetString(GL_EXTENSIONS), "GL_ARB_draw_buffers") != NULL,
          "GL_ARB_draw_buffers not advertised");

    /* Queries. */
    glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max);
    CHECK(max >= 1 && max <= 16, "GL_MAX_DRAW_BUFFERS %d", max);
    if (max < 1 || max > 16)
        max = 1;
    CHECK(draw_buffer(0) == GL_BACK, "initial GL_DRAW_BUFFER0 0x%x", draw_buffer(0));
    for (int i = 1; i < max; i++)
        CHECK(draw_buffer(i) == GL_NONE, "initial GL_DRAW_BUFFER%d 0x%x", i, draw_buffer(i));
    expect_error(GL_NO_ERROR, "GL_DRAW_BUFFERi queries");
    if (max < 16) {
        glGetIntegerv(GL_DRAW_BUFFER0 + max, &v);
        expect_error(GL_INVALID_ENUM, "GL_DRAW_BUFFERi past GL_MAX_DRAW_BUFFERS");
    }

    /* Errors; the state stays as it was. */
    GLenum bufs[17];
    for (int i = 0; i < 17; i++)
        bufs[i] = GL_NONE;
    glDrawBuffers(-1, bufs);
    expect_error(GL_INVALID_VALUE, "glDrawBuffers(n = -1)");
    glDrawBuffers(max + 1, bufs);
    expect_error(GL_INVALID_VALUE, "glDrawBuffers(n = GL_MAX_DRAW_BUFFERS + 1)");
    static const GLenum multi[] = { GL_FRONT, GL_LEFT, GL_RIGHT, GL_FRONT_AND_BACK };
    for (int i = 0; i < 4; i++) {
        glDrawBuffers(1, &multi[i]);
        expect_error(GL_INVALID_ENUM, "glDrawBuffers of a name for several buffers");
    }
    GLenum bogus = GL_TEXTURE_2D;
    glDrawBuffers(1, &bogus);
    expect_error(GL_INVALID_ENUM, "glDrawBuffers(GL_TEXTURE_2D)");
    /* GL_BACK alone is allowed from GL 4.0 on (Mesa) and refused before. */
    GLenum back = GL_BACK;
    glDrawBuffers(1, &back);
    expect_error(major >= 4 ? GL_NO_ERROR : GL_INVALID_ENUM, "glDrawBuffers(GL_BACK)");
    static const GLenum absent[] = { GL_FRONT_RIGHT, GL_BACK_RIGHT, GL_AUX0 };
    for (int i = 0; i < 3; i++) {
        glDrawBuffers(1, &absent[i]);
        expect_error(GL_INVALID_OPERATION, "glDrawBuffers of a buffer the window lacks");
    }
    if (max >= 2) {
        GLenum twice[2] = { GL_FRONT_LEFT, GL_FRONT_LEFT };
        glDrawBuffers(2, twice);
        expect_error(GL_INVALID_OPERATION, "glDrawBuffers naming a buffer twice");
    }
    CHECK(draw_buffer(0) == GL_BACK, "GL_DRAW_BUFFER0 after errors 0x%x", draw_buffer(0));

    /* Pixels: front and back cleared apart, then drawn into one each. */
    glDrawBuffer(GL_FRONT_AND_BACK);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    GLenum front_left = GL_FRONT_LEFT, back_left = GL_BACK_LEFT;
    glDrawBuffers(1, &front_left);
    expect_error(GL_NO_ERROR, "glDrawBuffers(GL_FRONT_LEFT)");
    CHECK(draw_buffer(0) == GL_FRONT_LEFT, "GL_DRAW_BUFFER0 0x%x", draw_buffer(0));
    glGetIntegerv(GL_DRAW_BUFFER, &v);
    CHECK(v == GL_FRONT_LEFT, "GL_DRAW_BUFFER 0x%x", v);
    fill(1, 0, 0);
    CHECK_PIXEL(GL_FRONT, 255, 0, 0, "front after drawing into GL_FRONT_LEFT");
    CHECK_PIXEL(GL_BACK, 0, 0, 255, "back after drawing into GL_FRONT_LEFT");
    glDrawBuffers(1, &back_left);
    fill(0, 1, 0);
    CHECK_PIXEL(GL_FRONT, 255, 0, 0, "front after drawing into GL_BACK_LEFT");
    CHECK_PIXEL(GL_BACK, 0, 255, 0, "back after drawing into GL_BACK_LEFT");

    /* n = 0: no buffer; draws and clears change nothing. */
    glDrawBuffers(0, NULL);
    expect_error(GL_NO_ERROR, "glDrawBuffers(0)");
    CHECK(draw_buffer(0) == GL_NONE, "GL_DRAW_BUFFER0 after n = 0: 0x%x", draw_buffer(0));
    fill(1, 1, 1);
    glClearColor(1, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    CHECK_PIXEL(GL_FRONT, 255, 0, 0, "front after drawing into no buffer");
    CHECK_PIXEL(GL_BACK, 0, 255, 0, "back after drawing into no buffer");
    /* GL_NONE entries are allowed. */
    glDrawBuffers(1, bufs);
    expect_error(GL_NO_ERROR, "glDrawBuffers(GL_NONE)");

    /* Display lists compile glDrawBuffers; it runs with the list. */
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glDrawBuffers(1, &front_left);
    glEndList();
    CHECK(draw_buffer(0) == GL_NONE, "glDrawBuffers executed while compiling: 0x%x",
          draw_buffer(0));
    glCallList(list);
    CHECK(draw_buffer(0) == GL_FRONT_LEFT, "GL_DRAW_BUFFER0 after glCallList 0x%x",
          draw_buffer(0));
    glDeleteLists(list, 1);

    /* GL_COLOR_BUFFER_BIT saves the draw buffers. */
    glPushAttrib(GL_COLOR_BUFFER_BIT);
    glDrawBuffers(1, &back_left);
    glPopAttrib();
    CHECK(draw_buffer(0) == GL_FRONT_LEFT, "GL_DRAW_BUFFER0 after glPopAttrib 0x%x",
          draw_buffer(0));

    /* The ARB name is the same command. */
    PFNGLDRAWBUFFERSARBPROC arb =
        (PFNGLDRAWBUFFERSARBPROC)glXGetProcAddress((const GLubyte *)"glDrawBuffersARB");
    CHECK(arb != NULL, "glDrawBuffersARB does not resolve");
    if (arb) {
        arb(1, &back_left);
        CHECK(draw_buffer(0) == GL_BACK_LEFT, "GL_DRAW_BUFFER0 after glDrawBuffersARB 0x%x",
              draw_buffer(0));
        arb(-1, &back_left);
        expect_error(GL_INVALID_VALUE, "glDrawBuffersARB(n = -1)");
    }
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
