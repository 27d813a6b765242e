/*
 * fbo_draw_buffers.c: several colour attachments and draw buffers
 * (ARB_draw_buffers, GL 2.0 glDrawBuffers on framebuffer objects).
 * - GL_MAX_DRAW_BUFFERS and GL_MAX_COLOR_ATTACHMENTS are 8; attachments
 *   1 to 7 attach and are queried back; GL_COLOR_ATTACHMENT8 and beyond are
 *   INVALID_OPERATION; glDrawBuffers of 9 is INVALID_VALUE, a buffer named
 *   twice INVALID_OPERATION; GL_DRAW_BUFFERi reads back.
 * - glClear clears every draw buffer (and only those), with the colour mask.
 * - Fixed function and gl_FragColor go to every draw buffer; gl_FragData[i]
 *   to draw buffer i, whichever attachment that is (a permuted list too);
 *   blending applies to each buffer with its own destination.
 * - glReadBuffer(GL_COLOR_ATTACHMENTi) reads attachment i; the rendered
 *   textures sample back in a later draw.
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"
#include <GL/glext.h>

#define SIZE 16

static GLuint build(const char *fs_src)
{
    return build_program("program", "void main() { gl_Position = ftransform(); }\n", fs_src);
}

static GLuint color_texture(void)
{
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, SIZE, SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return tex;
}

/* Checks pixel (x, y) of colour attachment i of the bound framebuffer. */
static void check_att(int i, int x, int y, int r, int g, int b, int a, const char *what)
{
    char buf[160];
    glReadBuffer(GL_COLOR_ATTACHMENT0 + i);
    snprintf(buf, sizeof buf, "%s (attachment %d)", what, i);
    CHECK_RGBA(x, y, r, g, b, a, 1, buf);
}

static void limits_and_errors(GLuint fb, GLuint *tex)
{
    GLint v = 0;
    glGetIntegerv(GL_MAX_DRAW_BUFFERS, &v);
    CHECK(v == 8, "GL_MAX_DRAW_BUFFERS = %d, expected 8", v);
    glGetIntegerv(GL_MAX_COLOR_ATTACHMENTS, &v);
    CHECK(v == 8, "GL_MAX_COLOR_ATTACHMENTS = %d, expected 8", v);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT7, GL_TEXTURE_2D, tex[3], 0);
    expect_error(GL_NO_ERROR, "attach GL_COLOR_ATTACHMENT7");
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT7,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
    CHECK(v == (GLint)tex[3], "attachment 7 name = %d, expected %u", v, tex[3]);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT7, GL_TEXTURE_2D, 0, 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT8, GL_TEXTURE_2D, tex[3], 0);
    expect_error(GL_INVALID_OPERATION, "attach GL_COLOR_ATTACHMENT8");
    GLenum nine[9];
    for (int i = 0; i < 9; i++)
        nine[i] = GL_COLOR_ATTACHMENT0 + i;
    glDrawBuffers(9, nine);
    expect_error(GL_INVALID_VALUE, "glDrawBuffers(9)");
    GLenum twice[2] = { GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT1 };
    glDrawBuffers(2, twice);
    expect_error(GL_INVALID_OPERATION, "glDrawBuffers with a buffer twice");
    GLenum two[2] = { GL_COLOR_ATTACHMENT2, GL_COLOR_ATTACHMENT0 };
    glDrawBuffers(2, two);
    expect_error(GL_NO_ERROR, "glDrawBuffers(2)");
    glGetIntegerv(GL_DRAW_BUFFER0, &v);
    CHECK(v == GL_COLOR_ATTACHMENT2, "GL_DRAW_BUFFER0 = 0x%x", v);
    glGetIntegerv(GL_DRAW_BUFFER1, &v);
    CHECK(v == GL_COLOR_ATTACHMENT0, "GL_DRAW_BUFFER1 = 0x%x", v);
    glGetIntegerv(GL_DRAW_BUFFER2, &v);
    CHECK(v == GL_NONE, "GL_DRAW_BUFFER2 = 0x%x", v);
    glDrawBuffer(GL_COLOR_ATTACHMENT1);
    glGetIntegerv(GL_DRAW_BUFFER1, &v);
    CHECK(v == GL_NONE, "GL_DRAW_BUFFER1 after glDrawBuffer = 0x%x", v);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    /* The window keeps its own draw buffer. */
    glGetIntegerv(GL_DRAW_BUFFER, &v);
    CHECK(v == GL_BACK, "window GL_DRAW_BUFFER = 0x%x", v);
}

static void draw_buffers(void)
{
    GLuint tex[4], fb;
    for (int i = 0; i < 4; i++)
        tex[i] = color_texture();
    glGenFramebuffers(1, &fb);
    limits_and_errors(fb, tex);

    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    for (int i = 0; i < 3; i++)
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_TEXTURE_2D, tex[i],
                               0);
    GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(st == GL_FRAMEBUFFER_COMPLETE, "three attachments: status 0x%x", st);
    glViewport(0, 0, SIZE, SIZE);

    /* Clear: attachments 0 and 2 drawn, 1 not. */
    glDrawBuffer(GL_COLOR_ATTACHMENT1);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    GLenum even[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT2 };
    glDrawBuffers(2, even);
    glClearColor(1, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    check_att(0, 3, 3, 255, 0, 0, 255, "clear of two draw buffers");
    check_att(1, 3, 3, 0, 0, 255, 255, "buffer not drawn keeps its clear");
    check_att(2, 3, 3, 255, 0, 0, 255, "clear of two draw buffers");
    glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_FALSE);
    glClearColor(0, 1, 1, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    check_att(2, 3, 3, 255, 255, 0, 255, "masked clear");

    /* Fixed function: every draw buffer gets the colour. */
    glColor4f(0, 1, 0, 1);
    unit_quad();
    check_att(0, 8, 8, 0, 255, 0, 255, "fixed function");
    check_att(1, 8, 8, 0, 0, 255, 255, "fixed function, buffer not drawn");
    check_att(2, 8, 8, 0, 255, 0, 255, "fixed function");

    /* gl_FragData[i] to draw buffer i: attachment 2 first, then 1, then 0. */
    GLuint data = build("void main() {\n"
                        "  gl_FragData[0] = vec4(1.0, 0.0, 0.0, 1.0);\n"
                        "  gl_FragData[1] = vec4(0.0, 1.0, 0.0, 1.0);\n"
                        "  gl_FragData[2] = vec4(0.0, 0.0, 1.0, 0.5);\n"
                        "}\n");
    GLenum perm[3] = { GL_COLOR_ATTACHMENT2, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT0 };
    glDrawBuffers(3, perm);
    glUseProgram(data);
    unit_quad();
    check_att(2, 5, 9, 255, 0, 0, 255, "gl_FragData[0]");
    check_att(1, 5, 9, 0, 255, 0, 255, "gl_FragData[1]");
    check_att(0, 5, 9, 0, 0, 255, 128, "gl_FragData[2]");

    /* Blending per buffer, against each buffer's own colour. */
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);
    GLuint one = build("void main() { gl_FragColor = vec4(0.25, 0.0, 0.5, 0.0); }\n");
    glUseProgram(one);
    unit_quad();
    glDisable(GL_BLEND);
    check_att(2, 9, 5, 255, 0, 128, 255, "gl_FragColor blended");
    check_att(1, 9, 5, 64, 255, 128, 255, "gl_FragColor blended");
    check_att(0, 9, 5, 64, 0, 255, 128, "gl_FragColor blended");
    glUseProgram(0);

    /* The attachments are textures: sample attachment 1 into the window. */
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDrawBuffer(GL_BACK);
    glReadBuffer(GL_BACK);
    glBindTexture(GL_TEXTURE_2D, tex[1]);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex2f(-1, -1);
    glTexCoord2f(1, 0);
    glVertex2f(1, -1);
    glTexCoord2f(1, 1);
    glVertex2f(1, 1);
    glTexCoord2f(0, 1);
    glVertex2f(-1, 1);
    glEnd();
    glDisable(GL_TEXTURE_2D);
    CHECK_RGBA(9, 5, 64, 255, 128, 255, 1, "attachment 1 sampled");
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(4, tex);
}

int main(void)
{
    struct test_window t = open_rgba8_window(SIZE);
    printf("GL_VERSION %s, GL_RENDERER %s\n", (const char *)glGetString(GL_VERSION),
           (const char *)glGetString(GL_RENDERER));
    if (has_extension("GL_ARB_framebuffer_object") || has_extension("GL_EXT_framebuffer_object"))
        draw_buffers();
    else
        printf("SKIP draw buffers\n");
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
