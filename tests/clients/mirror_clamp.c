/*
 * mirror_clamp.c: GL_ARB_texture_mirror_clamp_to_edge (GL 4.4's wrap
 * mode) by its texels and errors.
 *
 * A 4x1 texture of red, green, blue and white texels, sampled with
 * GL_MIRROR_CLAMP_TO_EDGE along s at constant coordinates: -0.1 takes
 * texel 0 (mirrored once), -0.4 texel 1, -0.7 texel 2, 1.3 texel 3
 * (clamped), nearest and, at texel centres, linear; then through a
 * sampler object. Errors: the mode on a rectangle texture. The queries
 * give the mode back.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -o mirror_clamp
 * tests/clients/mirror_clamp.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>

static const GLubyte texels[4][4] = {
    { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 }, { 255, 255, 255, 255 }
};

/* An 8x8 quad at column `k` textured at the constant coordinate `s`. */
static void quad(int k, float s)
{
    float x0 = 8 * k, x1 = x0 + 8;
    glBegin(GL_QUADS);
    glTexCoord2f(s, 0.5f);
    glVertex2f(x0, 0);
    glVertex2f(x1, 0);
    glVertex2f(x1, 8);
    glVertex2f(x0, 8);
    glEnd();
}

static void expect_texels(const float s[4], const int want[4], const char *what)
{
    char label[160];
    glClear(GL_COLOR_BUFFER_BIT);
    for (int k = 0; k < 4; k++)
        quad(k, s[k]);
    for (int k = 0; k < 4; k++) {
        const GLubyte *c = texels[want[k]];
        snprintf(label, sizeof label, "%s, s = %g", what, s[k]);
        CHECK_RGBA(8 * k + 4, 4, c[0], c[1], c[2], 255, 1, label);
    }
}

int main(void)
{
    struct test_window t = open_pixel_window(32);
    CHECK(has_extension("GL_ARB_texture_mirror_clamp_to_edge"),
          "GL_ARB_texture_mirror_clamp_to_edge is not advertised");
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    GLint mode = 0;
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &mode);
    CHECK(mode == GL_MIRROR_CLAMP_TO_EDGE, "GL_TEXTURE_WRAP_S reads 0x%x", mode);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glClearColor(0, 0, 0, 1);

    static const float nearest_s[4] = { -0.1f, -0.4f, -0.7f, 1.3f };
    expect_texels(nearest_s, (const int[4]){ 0, 1, 2, 3 }, "nearest");
    /* Texel centres of the mirrored image: exact texels under linear. */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    static const float linear_s[4] = { -0.125f, -0.375f, -0.625f, -0.875f };
    expect_texels(linear_s, (const int[4]){ 0, 1, 2, 3 }, "linear");

    /* A sampler object overrides the texture's wrap mode. */
    GLuint sampler;
    glGenSamplers(1, &sampler);
    glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glSamplerParameteri(sampler, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glSamplerParameteri(sampler, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_EDGE);
    glGetSamplerParameteriv(sampler, GL_TEXTURE_WRAP_S, &mode);
    CHECK(mode == GL_MIRROR_CLAMP_TO_EDGE, "sampler GL_TEXTURE_WRAP_S reads 0x%x", mode);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glBindSampler(0, sampler);
    expect_texels(nearest_s, (const int[4]){ 0, 1, 2, 3 }, "sampler object");
    glBindSampler(0, 0);
    expect_error(GL_NO_ERROR, "the draws");

    /* Rectangle textures take no mirrored modes. */
    GLuint rect;
    glGenTextures(1, &rect);
    glBindTexture(GL_TEXTURE_RECTANGLE, rect);
    glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_EDGE);
    expect_error(GL_INVALID_ENUM, "GL_MIRROR_CLAMP_TO_EDGE on a rectangle texture");
    return close_test_window(&t);
}
