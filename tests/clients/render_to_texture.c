/*
 * render_to_texture.c: rendering into textures through framebuffer objects
 * and sampling them, as glmark2's desktop, shadow and refract scenes do —
 * checked for pixels and, under the recording backend, for data movement.
 *
 * Two framebuffer objects: A with an RGBA8 colour texture and a
 * DEPTH_COMPONENT24 depth texture, B with an RGB8 colour texture. Each
 * frame draws a coloured quad into A (depth written), a quad into B that
 * samples A's colour and depth textures, and then samples B's colour in the
 * window's back buffer (not swapped: presenting copies). Three frames run between "MARK steady" and "MARK end" lines that
 * the client appends to $OXGL_RECORDER_LOG (when set), so that the test can
 * count the hooks called in between: binding and unbinding the framebuffer
 * objects and sampling what they rendered must not map a buffer
 * (map_buffer: an image copied between the core and the backend).
 *
 * Afterwards the window's pixels, glGetTexImage of both textures and
 * glReadPixels from A are checked (these copy, after the mark). Prints FAIL
 * lines and PASS when everything holds; the same values hold on llvmpipe.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>
#include <math.h>
#include <string.h>

#define SIZE 32

static void mark(const char *what)
{
    const char *path = getenv("OXGL_RECORDER_LOG");
    if (!path)
        return;
    FILE *f = fopen(path, "a");
    if (f) {
        fprintf(f, "MARK %s\n", what);
        fclose(f);
    }
}

static void quad(float z)
{
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex3f(-1, -1, z);
    glTexCoord2f(1, 0);
    glVertex3f(1, -1, z);
    glTexCoord2f(1, 1);
    glVertex3f(1, 1, z);
    glTexCoord2f(0, 1);
    glVertex3f(-1, 1, z);
    glEnd();
}

static GLuint texture(GLenum internal, GLenum format, GLenum type)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, internal, SIZE, SIZE, 0, format, type, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return t;
}

static void check_rgba(const unsigned char *px, int r, int g, int b, int a, const char *what)
{
    CHECK(abs(px[0] - r) <= 1 && abs(px[1] - g) <= 1 && abs(px[2] - b) <= 1 && abs(px[3] - a) <= 1,
          "%s: %d %d %d %d, expected %d %d %d %d", what, px[0], px[1], px[2], px[3], r, g, b, a);
}

int main(void)
{
    struct test_window t = open_test_window();
    GLuint color_a = texture(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE);
    GLuint depth_a = texture(GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_FLOAT);
    GLuint color_b = texture(GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE);
    GLuint fb[2];
    glGenFramebuffersEXT(2, fb);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[0]);
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D,
                              color_a, 0);
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_DEPTH_ATTACHMENT_EXT, GL_TEXTURE_2D, depth_a,
                              0);
    CHECK(glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT) == GL_FRAMEBUFFER_COMPLETE_EXT,
          "framebuffer A incomplete");
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[1]);
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D,
                              color_b, 0);
    CHECK(glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT) == GL_FRAMEBUFFER_COMPLETE_EXT,
          "framebuffer B incomplete");
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glViewport(0, 0, SIZE, SIZE);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
    /* A first frame outside the marks: programs compiled, drawables made. */
    for (int frame = 0; frame < 4; frame++) {
        if (frame == 1)
            mark("steady");
        /* A: (0.8, 0.4, 0.2, 0.6) at depth 0.75 (z = 0.5). */
        glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[0]);
        /* Attaching what is attached (glmark2 does, every frame). */
        glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D,
                                  color_a, 0);
        glClearColor(0, 0, 0, 0);
        glClearDepth(1.0);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        glEnable(GL_DEPTH_TEST);
        glDisable(GL_TEXTURE_2D);
        glColor4f(0.8f, 0.4f, 0.2f, 0.6f);
        quad(0.5f);
        glDisable(GL_DEPTH_TEST);
        /* B: A's colour times (0.5, 1, 1) on the left half, A's depth
         * (luminance, 0.75) on the right. */
        glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[1]);
        glClearColor(0, 0, 1, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        glEnable(GL_TEXTURE_2D);
        glBindTexture(GL_TEXTURE_2D, color_a);
        glColor4f(0.5f, 1, 1, 1);
        glScissor(0, 0, SIZE / 2, SIZE);
        glEnable(GL_SCISSOR_TEST);
        quad(0);
        glBindTexture(GL_TEXTURE_2D, depth_a);
        glColor4f(1, 1, 1, 1);
        glScissor(SIZE / 2, 0, SIZE / 2, SIZE);
        quad(0);
        glDisable(GL_SCISSOR_TEST);
        /* The window: B's colour. */
        glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
        glBindTexture(GL_TEXTURE_2D, color_b);
        quad(0);
        glDisable(GL_TEXTURE_2D);
    }
    glFinish();
    mark("end");
    /* No swap between the marks: presenting copies the window's image. */
    glReadBuffer(GL_BACK);
    unsigned char px[4];
    glReadPixels(4, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    check_rgba(px, 102, 102, 51, 255, "window, left (A's colour through B)");
    glReadPixels(SIZE - 4, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    check_rgba(px, 191, 191, 191, 255, "window, right (A's depth through B)");
    /* The textures themselves. */
    unsigned char img[SIZE * SIZE * 4];
    glBindTexture(GL_TEXTURE_2D, color_a);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    check_rgba(img + (5 * SIZE + 7) * 4, 204, 102, 51, 153, "glGetTexImage of A's colour");
    float depth[SIZE * SIZE];
    glBindTexture(GL_TEXTURE_2D, depth_a);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    CHECK(fabsf(depth[3 * SIZE + 9] - 0.75f) < 1e-4f, "glGetTexImage of A's depth: %f",
          depth[3 * SIZE + 9]);
    glBindTexture(GL_TEXTURE_2D, color_b);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    check_rgba(img + (20 * SIZE + 3) * 4, 102, 102, 51, 255, "glGetTexImage of B, left");
    check_rgba(img + (20 * SIZE + 30) * 4, 191, 191, 191, 255, "glGetTexImage of B, right");
    /* Reading A through a framebuffer again. */
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[0]);
    glReadPixels(9, 9, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    check_rgba(px, 204, 102, 51, 153, "glReadPixels from A");
    /* A texture changed by the application after being rendered to: the
     * framebuffer shows the new contents. */
    glBindTexture(GL_TEXTURE_2D, color_a);
    unsigned char green[4] = { 0, 255, 0, 255 };
    glTexSubImage2D(GL_TEXTURE_2D, 0, 9, 9, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, green);
    glReadPixels(9, 9, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    check_rgba(px, 0, 255, 0, 255, "glReadPixels from A after glTexSubImage2D");
    glReadPixels(10, 9, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    check_rgba(px, 204, 102, 51, 153, "glReadPixels from A beside the new texel");
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    /* glmark2 refract: each frame clears A whole, draws into its left half
     * and generates A's mipmaps. Generating copies A's image back (one
     * map_buffer a frame); the clear replaces all of it, so nothing is
     * copied into the framebuffer before it (the test counts the hooks
     * between "MARK mipmaps" and "MARK mipmaps end"). */
    for (int frame = 0; frame < 4; frame++) {
        if (frame == 1)
            mark("mipmaps");
        glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[0]);
        glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D,
                                  color_a, 0);
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        glColor4f(0.2f, 0.4f, 0.6f, 0.8f);
        glBegin(GL_QUADS);
        glVertex2f(-1, -1);
        glVertex2f(0, -1);
        glVertex2f(0, 1);
        glVertex2f(-1, 1);
        glEnd();
        glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
        glBindTexture(GL_TEXTURE_2D, color_a);
        glGenerateMipmapEXT(GL_TEXTURE_2D);
    }
    glFinish();
    mark("mipmaps end");
    glBindTexture(GL_TEXTURE_2D, color_a);
    glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, img);
    check_rgba(img + (5 * (SIZE / 2) + 2) * 4, 51, 102, 153, 204, "A's level 1, left");
    check_rgba(img + (5 * (SIZE / 2) + 12) * 4, 0, 0, 0, 0, "A's level 1, right");
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    check_rgba(img + (5 * SIZE + 3) * 4, 51, 102, 153, 204, "A's level 0, left");
    /* A scissored clear keeps the rest of the image, changes included. */
    glTexSubImage2D(GL_TEXTURE_2D, 0, 20, 20, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, green);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[0]);
    glScissor(0, 0, SIZE / 2, SIZE);
    glEnable(GL_SCISSOR_TEST);
    glClearColor(1, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    check_rgba(img + (3 * SIZE + 3) * 4, 255, 0, 0, 255, "A after a scissored clear, inside");
    check_rgba(img + (20 * SIZE + 20) * 4, 0, 255, 0, 255, "A after a scissored clear, new texel");
    check_rgba(img + (3 * SIZE + 20) * 4, 0, 0, 0, 0, "A after a scissored clear, outside");
    /* A colour-masked clear keeps the masked channels. */
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[0]);
    glColorMask(GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    check_rgba(img + (3 * SIZE + 3) * 4, 255, 0, 255, 255, "A after a colour-masked clear");
    /* Under GL_RASTERIZER_DISCARD (EXT_transform_feedback) a clear does
     * nothing: the image keeps its contents. */
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[0]);
    glEnable(GL_RASTERIZER_DISCARD);
    glClearColor(0, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_RASTERIZER_DISCARD);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    check_rgba(img + (3 * SIZE + 3) * 4, 255, 0, 255, 255, "A after a discarded clear");
    /* Deleting a framebuffer keeps what it rendered into its textures. */
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb[1]);
    glClearColor(1, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glDeleteFramebuffersEXT(2, fb);
    glBindTexture(GL_TEXTURE_2D, color_b);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    check_rgba(img, 255, 0, 255, 255, "B's texture after its framebuffer was deleted");
    /* One renderbuffer in two framebuffers: what one drew, the other
     * shows. */
    GLuint rb, fb2[2];
    glGenRenderbuffersEXT(1, &rb);
    glBindRenderbufferEXT(GL_RENDERBUFFER_EXT, rb);
    glRenderbufferStorageEXT(GL_RENDERBUFFER_EXT, GL_RGBA8, SIZE, SIZE);
    glGenFramebuffersEXT(2, fb2);
    for (int i = 0; i < 2; i++) {
        glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb2[i]);
        glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                                     GL_RENDERBUFFER_EXT, rb);
    }
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb2[0]);
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb2[1]);
    glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    check_rgba(px, 0, 255, 0, 255, "a shared renderbuffer, read through the other framebuffer");
    glScissor(0, 0, SIZE, SIZE / 2);
    glEnable(GL_SCISSOR_TEST);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb2[0]);
    glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    check_rgba(px, 0, 0, 255, 255, "a shared renderbuffer, back in the first framebuffer");
    glReadPixels(3, SIZE - 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    check_rgba(px, 0, 255, 0, 255, "a shared renderbuffer, the part the second left");
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glDeleteFramebuffersEXT(2, fb2);
    glDeleteRenderbuffersEXT(1, &rb);
    CHECK(glGetError() == GL_NO_ERROR, "GL error 0x%x", glGetError());
    return close_test_window(&t);
}
