/*
 * fbo.c: EXT_framebuffer_object. Renderbuffers (storage, parameters),
 * framebuffer completeness, drawing, clearing and reading back through a
 * colour + depth renderbuffer framebuffer, render-to-texture (the texture
 * then sampled in the window), a 3D-texture slice and a cube face as
 * attachments, a depth texture attachment, GL_DRAW_BUFFER per framebuffer,
 * attachment queries and the spec's errors. Pixels are read back. Prints
 * FAIL lines and PASS when all hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>
#include <math.h>
#include <string.h>

static void probe(int x, int y, float r, float g, float b, const char *what)
{
    float px[4];
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_FLOAT, px);
    CHECK(fabsf(px[0] - r) < 0.02f && fabsf(px[1] - g) < 0.02f && fabsf(px[2] - b) < 0.02f,
          "%s: pixel (%d,%d) = %.3f %.3f %.3f, expected %.3f %.3f %.3f", what, x, y, px[0],
          px[1], px[2], r, g, b);
}

static void quad(float x0, float y0, float x1, float y1, float z)
{
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex3f(x0, y0, z);
    glTexCoord2f(1, 0);
    glVertex3f(x1, y0, z);
    glTexCoord2f(1, 1);
    glVertex3f(x1, y1, z);
    glTexCoord2f(0, 1);
    glVertex3f(x0, y1, z);
    glEnd();
}

int main(void)
{
    struct test_window t = open_test_window();
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    CHECK(strstr(ext, "GL_EXT_framebuffer_object") != NULL, "extension not advertised");
    GLint v;

    /* Renderbuffers. */
    GLuint rb[2];
    glGenRenderbuffersEXT(2, rb);
    CHECK(!glIsRenderbufferEXT(rb[0]), "generated name is a renderbuffer before binding");
    glRenderbufferStorageEXT(GL_RENDERBUFFER_EXT, GL_RGBA8, 16, 16);
    expect_error(GL_INVALID_OPERATION, "storage without a bound renderbuffer");
    glBindRenderbufferEXT(GL_RENDERBUFFER_EXT, rb[0]);
    CHECK(glIsRenderbufferEXT(rb[0]), "bound renderbuffer");
    glRenderbufferStorageEXT(GL_RENDERBUFFER_EXT, GL_RGBA8, 20, 10);
    glGetRenderbufferParameterivEXT(GL_RENDERBUFFER_EXT, GL_RENDERBUFFER_WIDTH_EXT, &v);
    CHECK(v == 20, "RENDERBUFFER_WIDTH %d", v);
    glGetRenderbufferParameterivEXT(GL_RENDERBUFFER_EXT, GL_RENDERBUFFER_RED_SIZE_EXT, &v);
    CHECK(v == 8, "RENDERBUFFER_RED_SIZE %d", v);
    glRenderbufferStorageEXT(GL_RENDERBUFFER_EXT, GL_RGBA8, -1, 10);
    expect_error(GL_INVALID_VALUE, "negative width");
    glRenderbufferStorageEXT(GL_RENDERBUFFER_EXT, GL_TEXTURE_2D, 4, 4);
    expect_error(GL_INVALID_ENUM, "bad internal format");
    glBindRenderbufferEXT(GL_RENDERBUFFER_EXT, rb[1]);
    glRenderbufferStorageEXT(GL_RENDERBUFFER_EXT, GL_DEPTH_COMPONENT24, 20, 10);
    glGetRenderbufferParameterivEXT(GL_RENDERBUFFER_EXT, GL_RENDERBUFFER_DEPTH_SIZE_EXT, &v);
    CHECK(v == 24, "RENDERBUFFER_DEPTH_SIZE %d", v);

    /* Completeness. */
    GLuint fb[3];
    glGenFramebuffersEXT(3, fb);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[0]);
    CHECK(glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT) ==
              GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT_EXT,
          "empty framebuffer status 0x%x", glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT));
    glClear(GL_COLOR_BUFFER_BIT);
    expect_error(GL_INVALID_FRAMEBUFFER_OPERATION_EXT, "clear of an incomplete framebuffer");
    glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_RENDERBUFFER_EXT,
                                 rb[1]);
    CHECK(glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT) ==
              GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT_EXT,
          "depth renderbuffer as colour: 0x%x", glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT));
    glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_RENDERBUFFER_EXT,
                                 rb[0]);
    glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, GL_DEPTH_ATTACHMENT_EXT, GL_RENDERBUFFER_EXT,
                                 rb[1]);
    CHECK(glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT) == GL_FRAMEBUFFER_COMPLETE_EXT,
          "colour + depth status 0x%x", glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT));
    glGetFramebufferAttachmentParameterivEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE_EXT, &v);
    CHECK(v == GL_RENDERBUFFER_EXT, "attachment type 0x%x", v);
    glGetFramebufferAttachmentParameterivEXT(GL_FRAMEBUFFER_EXT, GL_DEPTH_ATTACHMENT_EXT,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME_EXT, &v);
    CHECK(v == (GLint)rb[1], "attachment name %d", v);
    glGetIntegerv(GL_FRAMEBUFFER_BINDING_EXT, &v);
    CHECK(v == (GLint)fb[0], "FRAMEBUFFER_BINDING %d", v);
    glGetIntegerv(GL_DRAW_BUFFER, &v);
    CHECK(v == GL_COLOR_ATTACHMENT0_EXT, "framebuffer DRAW_BUFFER 0x%x", v);
    glGetIntegerv(GL_DEPTH_BITS, &v);
    CHECK(v == 24, "DEPTH_BITS %d", v);
    glDrawBuffer(GL_BACK);
    expect_error(GL_INVALID_OPERATION, "glDrawBuffer(GL_BACK) on a framebuffer object");

    /* Draw with depth test into the renderbuffers, read back. */
    glViewport(0, 0, 20, 10);
    glClearColor(0, 0, 1, 1);
    glClearDepth(1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glColor3f(1, 0, 0);
    quad(-1, -1, 0, 1, 0.5f);
    glColor3f(0, 1, 0);
    quad(-1, -1, 1, 1, 0.7f); /* behind the red half */
    glDisable(GL_DEPTH_TEST);
    probe(2, 5, 1, 0, 0, "renderbuffer: depth-tested red");
    probe(17, 5, 0, 1, 0, "renderbuffer: green");
    expect_error(GL_NO_ERROR, "drawing into a framebuffer object");

    /* Back to the window: its contents are untouched. */
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glGetIntegerv(GL_DRAW_BUFFER, &v);
    CHECK(v == GL_BACK, "window DRAW_BUFFER 0x%x", v);
    glViewport(0, 0, 32, 32);
    glClearColor(0.5f, 0.5f, 0.5f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    probe(5, 5, 0.5f, 0.5f, 0.5f, "window after unbinding");
    /* The renderbuffer kept its contents. */
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[0]);
    probe(2, 5, 1, 0, 0, "renderbuffer contents after rebinding");
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);

    /* Render to texture, then texture the window with it. */
    GLuint tex[4];
    glGenTextures(4, tex);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[1]);
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D, tex[0],
                              0);
    CHECK(glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT) == GL_FRAMEBUFFER_COMPLETE_EXT,
          "texture framebuffer status 0x%x", glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT));
    glViewport(0, 0, 8, 8);
    glClearColor(1, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor3f(0, 0, 1);
    quad(-1, -1, 0, 0, 0); /* lower-left quarter blue */
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    GLubyte texels[8 * 8 * 4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    CHECK(texels[0] == 0 && texels[2] == 255 && texels[(7 * 8 + 7) * 4] == 255 &&
              texels[(7 * 8 + 7) * 4 + 2] == 0,
          "rendered texels %d,%d,%d / %d,%d,%d", texels[0], texels[1], texels[2],
          texels[(7 * 8 + 7) * 4], texels[(7 * 8 + 7) * 4 + 1], texels[(7 * 8 + 7) * 4 + 2]);
    glViewport(0, 0, 32, 32);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glClear(GL_COLOR_BUFFER_BIT);
    quad(-1, -1, 1, 1, 0);
    glDisable(GL_TEXTURE_2D);
    probe(4, 4, 0, 0, 1, "window textured with the rendered texture, lower left");
    probe(28, 28, 1, 1, 0, "window textured with the rendered texture, upper right");

    /* EXT_framebuffer_blit: separate read and draw framebuffers; the
     * rendered texture blitted into the window, scaled 4x and mirrored. */
    glBindFramebufferEXT(GL_READ_FRAMEBUFFER_EXT, fb[1]);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING_EXT, &v);
    CHECK(v == (GLint)fb[1], "READ_FRAMEBUFFER_BINDING %d", v);
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING_EXT, &v);
    CHECK(v == 0, "DRAW_FRAMEBUFFER_BINDING %d", v);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glBlitFramebufferEXT(0, 0, 8, 8, 32, 0, 0, 32, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    expect_error(GL_NO_ERROR, "glBlitFramebuffer");
    glBlitFramebufferEXT(0, 0, 8, 8, 0, 0, 32, 32, GL_DEPTH_BUFFER_BIT, GL_LINEAR);
    expect_error(GL_INVALID_OPERATION, "linear depth blit");
    glBlitFramebufferEXT(0, 0, 8, 8, 0, 0, 32, 32, GL_COLOR_BUFFER_BIT, GL_TEXTURE_2D);
    expect_error(GL_INVALID_ENUM, "bad blit filter");
    glBindFramebufferEXT(GL_READ_FRAMEBUFFER_EXT, 0);
    probe(28, 4, 0, 0, 1, "blit, mirrored: lower right");
    probe(4, 4, 1, 1, 0, "blit, mirrored: lower left");
    probe(4, 28, 1, 1, 0, "blit, mirrored: upper left");

    /* A cube face and a 3D slice as attachments. */
    glBindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
    for (int f = 0; f < 6; f++)
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, 4, 4, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, NULL);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[2]);
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                              GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, tex[1], 0);
    glGetFramebufferAttachmentParameterivEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                                             GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE_EXT,
                                             &v);
    CHECK(v == GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, "cube face 0x%x", v);
    glViewport(0, 0, 4, 4);
    glClearColor(0, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glGetTexImage(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    CHECK(texels[0] == 0 && texels[1] == 255 && texels[2] == 255, "cube face cleared: %d %d %d",
          texels[0], texels[1], texels[2]);
    glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    CHECK(texels[1] == 0, "other cube face written");

    glBindTexture(GL_TEXTURE_3D, tex[2]);
    glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[2]);
    glFramebufferTexture3DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_3D, tex[2],
                              0, 1);
    glClearColor(1, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    static GLubyte slices[4 * 4 * 3 * 4];
    glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, slices);
    CHECK(slices[0] == 0 && slices[16 * 4] == 255 && slices[16 * 4 + 2] == 255 &&
              slices[32 * 4] == 0,
          "3D slice 1 cleared: %d / %d %d / %d", slices[0], slices[64], slices[66], slices[128]);

    /* A depth texture attachment gets the depth values. */
    glBindTexture(GL_TEXTURE_2D, tex[3]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 8, 8, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                 NULL);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[2]);
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D, tex[0],
                              0);
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_DEPTH_ATTACHMENT_EXT, GL_TEXTURE_2D, tex[3],
                              0);
    CHECK(glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT) == GL_FRAMEBUFFER_COMPLETE_EXT,
          "colour + depth texture status 0x%x", glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT));
    glClearDepth(0.25);
    glClear(GL_DEPTH_BUFFER_BIT);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    float depth[64];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    CHECK(fabsf(depth[0] - 0.25f) < 1e-4f, "depth texel %g", depth[0]);
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D, tex[0],
                              0);
    expect_error(GL_INVALID_OPERATION, "attaching with framebuffer 0 bound");

    /* ARB_texture_rg: an RG8 texture keeps red and green only; drawing
     * white into it leaves (1, 1, 0, 1). */
    CHECK(strstr(ext, "GL_ARB_texture_rg") != NULL, "GL_ARB_texture_rg not advertised");
    GLuint rg;
    glGenTextures(1, &rg);
    glBindTexture(GL_TEXTURE_2D, rg);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RG8, 8, 8, 0, GL_RG, GL_UNSIGNED_BYTE, NULL);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
    CHECK(v == GL_RG8, "RG8 internal format 0x%x", v);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[2]);
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_DEPTH_ATTACHMENT_EXT, GL_TEXTURE_2D, 0, 0);
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D, rg, 0);
    CHECK(glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT) == GL_FRAMEBUFFER_COMPLETE_EXT,
          "RG8 framebuffer status 0x%x", glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT));
    glViewport(0, 0, 8, 8);
    glClearColor(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    probe(3, 3, 1, 1, 0, "RG8 framebuffer read back");
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glViewport(0, 0, 32, 32);
    GLubyte rgpx[8 * 8 * 4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgpx);
    CHECK(rgpx[0] == 255 && rgpx[1] == 255 && rgpx[2] == 0 && rgpx[3] == 255,
          "RG8 texel %d %d %d %d", rgpx[0], rgpx[1], rgpx[2], rgpx[3]);

    /* Errors. */
    glBindFramebufferEXT(GL_TEXTURE_2D, fb[0]);
    expect_error(GL_INVALID_ENUM, "bad framebuffer target");
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[0]);
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_3D, tex[2],
                              0);
    expect_error(GL_INVALID_OPERATION, "3D texture through glFramebufferTexture2D");
    glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_RENDERBUFFER_EXT,
                                 999);
    expect_error(GL_INVALID_OPERATION, "unknown renderbuffer");
    glGetIntegerv(GL_MAX_COLOR_ATTACHMENTS_EXT, &v);
    CHECK(v >= 1, "MAX_COLOR_ATTACHMENTS %d", v);
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE_EXT, &v);
    CHECK(v >= 1024, "MAX_RENDERBUFFER_SIZE %d", v);

    /* Deleting the bound framebuffer binds the window again. */
    glDeleteFramebuffersEXT(1, &fb[0]);
    glGetIntegerv(GL_FRAMEBUFFER_BINDING_EXT, &v);
    CHECK(v == 0, "binding after deleting the bound framebuffer: %d", v);
    CHECK(!glIsFramebufferEXT(fb[0]), "deleted framebuffer");
    glDeleteRenderbuffersEXT(2, rb);
    CHECK(!glIsRenderbufferEXT(rb[0]), "deleted renderbuffer");
    expect_error(GL_NO_ERROR, "end");
    return close_test_window(&t);
}
