/*
 * texture_fbo.h: a framebuffer object with one 2D texture at colour
 * attachment 0, for clients that render into textures of many formats.
 * Include after GL/glext.h with GL_GLEXT_PROTOTYPES defined (and check.h).
 */
#ifndef OXGL_TEST_TEXTURE_FBO_H
#define OXGL_TEST_TEXTURE_FBO_H

/* A framebuffer with a `size` x `size` texture of `internal` (specified
 * with `format` and `type`, no data, nearest filtering) at attachment 0,
 * bound for drawing and reading, and checked complete; the texture in
 * *tex. */
__attribute__((unused)) static GLuint texture_fbo_of(GLenum internal, GLenum format,
                                                     GLenum type, int size, GLuint *tex)
{
    GLuint fb;
    glGenTextures(1, tex);
    glBindTexture(GL_TEXTURE_2D, *tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, internal, size, size, 0, format, type, NULL);
    glBindTexture(GL_TEXTURE_2D, 0);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0);
    GLenum s = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(s == GL_FRAMEBUFFER_COMPLETE, "framebuffer of 0x%x: status 0x%x", internal, s);
    return fb;
}

#endif
