/*
 * render_targets.c: framebuffer objects whose colour is not 8-bit unorm.
 * - Float attachments (GL_ARB_texture_float, GL_ARB_texture_rg,
 *   GL_EXT_packed_float): RGBA32F/RGBA16F/RG16F/R11F_G11F_B10F textures and
 *   renderbuffers are complete, RGB9_E5 is not colour-renderable; a GLSL
 *   fragment colour outside [0, 1] is kept unclamped, additive and
 *   constant-colour blending happen in float, the colour mask holds, a
 *   clear writes its colour, missing channels read back as 0 (alpha 1);
 *   the rendered texels sample back in a later draw; an RGBA8 attachment
 *   drawn with the same program clamps.
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"
#include <GL/glext.h>
#include <math.h>

#define SIZE 16

static GLuint build(const char *fs_src)
{
    return build_program("program", "void main() { gl_Position = ftransform(); }\n", fs_src);
}

static void check_float_pixel(const char *what, int x, int y, float r, float g, float b, float a)
{
    GLfloat got[4] = { -99, -99, -99, -99 };
    float want[4] = { r, g, b, a };
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_FLOAT, got);
    for (int c = 0; c < 4; c++) {
        if (fabsf(got[c] - want[c]) > 1e-3f * fmaxf(1.0f, fabsf(want[c]))) {
            CHECK(0, "%s: pixel (%d,%d) = %g %g %g %g, expected %g %g %g %g", what, x, y, got[0],
                  got[1], got[2], got[3], r, g, b, a);
            return;
        }
    }
}

/* A framebuffer object with a SIZE x SIZE texture of `internal` as colour
 * attachment 0, bound; its status in *status. */
static GLuint texture_fbo(GLenum internal, GLuint *tex, GLenum *status)
{
    GLuint fb;
    glGenTextures(1, tex);
    glBindTexture(GL_TEXTURE_2D, *tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, internal, SIZE, SIZE, 0, GL_RGBA, GL_FLOAT, NULL);
    glGenFramebuffersEXT(1, &fb);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D, *tex,
                              0);
    *status = glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT);
    glViewport(0, 0, SIZE, SIZE);
    return fb;
}

static void float_targets(void)
{
    GLuint tex, fb, prog, sample;
    GLenum status;

    prog = build("void main() { gl_FragColor = vec4(2.0, -1.0, 0.25, 8.0); }\n");
    sample = build("uniform sampler2D t;\n"
                   "void main() { gl_FragColor = texture2D(t, vec2(0.5)) * 0.25; }\n");
    if (!prog || !sample)
        return;

    /* RGBA32F: unclamped colour, float blending, colour mask, clear. */
    fb = texture_fbo(GL_RGBA32F_ARB, &tex, &status);
    CHECK(status == GL_FRAMEBUFFER_COMPLETE_EXT, "RGBA32F status 0x%x", status);
    glClearColor(0.25, 0.5, 0.75, 1.0);
    glClear(GL_COLOR_BUFFER_BIT);
    check_float_pixel("RGBA32F clear", 3, 3, 0.25, 0.5, 0.75, 1.0);
    glUseProgram(prog);
    unit_quad();
    check_float_pixel("RGBA32F draw", 5, 7, 2.0, -1.0, 0.25, 8.0);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);
    unit_quad();
    check_float_pixel("RGBA32F additive blend", 5, 7, 4.0, -2.0, 0.5, 16.0);
    glBlendFunc(GL_CONSTANT_COLOR, GL_ONE);
    glBlendColor(0.5, 0.5, 0.5, 0.25);
    unit_quad();
    check_float_pixel("RGBA32F constant-colour blend", 5, 7, 5.0, -2.5, 0.625, 18.0);
    glDisable(GL_BLEND);
    glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
    glUseProgram(0);
    glColor4f(0.5, 0.125, 0.5, 0.75);
    unit_quad();
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    check_float_pixel("RGBA32F colour mask", 5, 7, 5.0, 0.125, 0.625, 0.75);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glViewport(0, 0, SIZE, SIZE);

    /* The rendered texel samples back: 5.0, 0.125, 0.625, 0.75 times 0.25. */
    glBindTexture(GL_TEXTURE_2D, tex);
    glUseProgram(sample);
    glUniform1i(glGetUniformLocation(sample, "t"), 0);
    unit_quad();
    glUseProgram(0);
    CHECK_RGBA(4, 4, 255, 8, 40, 48, 1, "window sampling the float texture");
    glDeleteFramebuffersEXT(1, &fb);
    glDeleteTextures(1, &tex);

    /* RG16F: two channels kept at half precision, blue 0 and alpha 1. */
    fb = texture_fbo(GL_RG16F, &tex, &status);
    CHECK(status == GL_FRAMEBUFFER_COMPLETE_EXT, "RG16F status 0x%x", status);
    glUseProgram(prog);
    unit_quad();
    glUseProgram(0);
    check_float_pixel("RG16F draw", 1, 1, 2.0, -1.0, 0.0, 1.0);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glDeleteFramebuffersEXT(1, &fb);
    glDeleteTextures(1, &tex);

    /* R11F_G11F_B10F: colour-renderable, negative values become 0. */
    fb = texture_fbo(GL_R11F_G11F_B10F_EXT, &tex, &status);
    CHECK(status == GL_FRAMEBUFFER_COMPLETE_EXT, "R11F_G11F_B10F status 0x%x", status);
    glUseProgram(prog);
    unit_quad();
    glUseProgram(0);
    check_float_pixel("R11F_G11F_B10F draw", 2, 2, 2.0, 0.0, 0.25, 1.0);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glDeleteFramebuffersEXT(1, &fb);
    glDeleteTextures(1, &tex);

    /* RGB9_E5 is not colour-renderable. */
    fb = texture_fbo(GL_RGB9_E5_EXT, &tex, &status);
    CHECK(status != GL_FRAMEBUFFER_COMPLETE_EXT, "RGB9_E5 is complete");
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glDeleteFramebuffersEXT(1, &fb);
    glDeleteTextures(1, &tex);

    /* An RGBA16F renderbuffer. */
    GLuint rb;
    glGenRenderbuffersEXT(1, &rb);
    glBindRenderbufferEXT(GL_RENDERBUFFER_EXT, rb);
    glRenderbufferStorageEXT(GL_RENDERBUFFER_EXT, GL_RGBA16F_ARB, SIZE, SIZE);
    glGenFramebuffersEXT(1, &fb);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
    glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                                 GL_RENDERBUFFER_EXT, rb);
    status = glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT);
    CHECK(status == GL_FRAMEBUFFER_COMPLETE_EXT, "RGBA16F renderbuffer status 0x%x", status);
    glUseProgram(prog);
    unit_quad();
    glUseProgram(0);
    check_float_pixel("RGBA16F renderbuffer draw", 9, 9, 2.0, -1.0, 0.25, 8.0);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glDeleteFramebuffersEXT(1, &fb);
    glDeleteRenderbuffersEXT(1, &rb);

    /* RGBA8 with the same program: clamped. */
    fb = texture_fbo(GL_RGBA8, &tex, &status);
    CHECK(status == GL_FRAMEBUFFER_COMPLETE_EXT, "RGBA8 status 0x%x", status);
    glUseProgram(prog);
    unit_quad();
    glUseProgram(0);
    check_float_pixel("RGBA8 draw", 2, 2, 1.0, 0.0, 64.0 / 255.0, 1.0);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glDeleteFramebuffersEXT(1, &fb);
    glDeleteTextures(1, &tex);
}

int main(void)
{
    struct test_window t = open_rgba8_window(SIZE);
    printf("GL_VERSION %s, GL_RENDERER %s\n", (const char *)glGetString(GL_VERSION),
           (const char *)glGetString(GL_RENDERER));
    if (has_extension("GL_ARB_texture_float") && has_extension("GL_ARB_texture_rg") &&
        has_extension("GL_EXT_packed_float") && has_extension("GL_EXT_framebuffer_object"))
        float_targets();
    else
        printf("SKIP float targets\n");
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
