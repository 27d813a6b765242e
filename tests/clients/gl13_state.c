/*
 * gl13_state.c: the GL 1.3 compressed-texture API and multisample state as
 * the spec allows an implementation to provide them — generic compressed
 * internal formats (stored compressed or not, consistently reported),
 * glCompressedTex{Sub}Image* errors for formats that are not supported,
 * glGetCompressedTexImage on an uncompressed image, glSampleCoverage and
 * the multisample enables with glPushAttrib(GL_MULTISAMPLE_BIT). Prints
 * FAIL lines and PASS when all hold (on Mesa and on oxgl).
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>

int main(void)
{
    struct test_window t = open_test_window();
    GLubyte img[4 * 4 * 4];
    for (int i = 0; i < 16; i++) {
        img[i * 4 + 0] = 255;
        img[i * 4 + 1] = 0;
        img[i * 4 + 2] = 0;
        img[i * 4 + 3] = 255;
    }
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    expect_error(GL_NO_ERROR, "glTexImage2D with GL_COMPRESSED_RGBA");
    GLubyte back[4 * 4 * 4] = { 0 };
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
    CHECK(back[0] >= 248 && back[1] <= 8 && back[3] >= 248, "generic compressed texel %d %d %d %d",
          back[0], back[1], back[2], back[3]);
    GLint compressed = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &compressed);
    CHECK(compressed == 0 || compressed == 1, "TEXTURE_COMPRESSED %d", compressed);
    if (!compressed) {
        GLint size = -1;
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &size);
        expect_error(GL_INVALID_OPERATION, "COMPRESSED_IMAGE_SIZE of an uncompressed image");
        glGetCompressedTexImage(GL_TEXTURE_2D, 0, back);
        expect_error(GL_INVALID_OPERATION, "glGetCompressedTexImage of an uncompressed image");
    }

    /* Formats that are not compressed formats. */
    GLint n = -1;
    glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
    CHECK(n >= 0 && n < 1000, "NUM_COMPRESSED_TEXTURE_FORMATS %d", n);
    expect_error(GL_NO_ERROR, "NUM_COMPRESSED_TEXTURE_FORMATS");
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, 64, img);
    expect_error(GL_INVALID_ENUM, "glCompressedTexImage2D with GL_RGBA8");
    glCompressedTexImage2D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 0, 64, img);
    expect_error(GL_INVALID_ENUM, "glCompressedTexImage2D with a 3D target");
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, 64, img);
    /* Not a compressed format (INVALID_ENUM) and not the image's format
     * (INVALID_OPERATION): the spec names both, Mesa reports the second. */
    GLenum e = glGetError();
    CHECK(e == GL_INVALID_ENUM || e == GL_INVALID_OPERATION,
          "glCompressedTexSubImage2D with GL_RGBA: error %#x", e);
    glDeleteTextures(1, &tex);

    /* Multisample state. */
    CHECK(glIsEnabled(GL_MULTISAMPLE), "GL_MULTISAMPLE is initially disabled");
    CHECK(!glIsEnabled(GL_SAMPLE_COVERAGE) && !glIsEnabled(GL_SAMPLE_ALPHA_TO_COVERAGE),
          "sample coverage enables initially on");
    GLfloat v = -1;
    GLboolean inv = 7;
    glGetFloatv(GL_SAMPLE_COVERAGE_VALUE, &v);
    glGetBooleanv(GL_SAMPLE_COVERAGE_INVERT, &inv);
    CHECK(v == 1 && inv == 0, "initial coverage %g %d", v, inv);
    glPushAttrib(GL_MULTISAMPLE_BIT);
    glSampleCoverage(2.0, GL_TRUE);
    glEnable(GL_SAMPLE_COVERAGE);
    glDisable(GL_MULTISAMPLE);
    glGetFloatv(GL_SAMPLE_COVERAGE_VALUE, &v);
    glGetBooleanv(GL_SAMPLE_COVERAGE_INVERT, &inv);
    CHECK(v == 1 && inv == 1, "coverage after glSampleCoverage(2, TRUE): %g %d", v, inv);
    glPopAttrib();
    glGetFloatv(GL_SAMPLE_COVERAGE_VALUE, &v);
    glGetBooleanv(GL_SAMPLE_COVERAGE_INVERT, &inv);
    CHECK(v == 1 && inv == 0 && glIsEnabled(GL_MULTISAMPLE) && !glIsEnabled(GL_SAMPLE_COVERAGE),
          "MULTISAMPLE_BIT not restored: %g %d", v, inv);
    GLint buffers = -1;
    glGetIntegerv(GL_SAMPLE_BUFFERS, &buffers);
    CHECK(buffers == 0, "SAMPLE_BUFFERS %d on a single-sampled visual", buffers);
    expect_error(GL_NO_ERROR, "multisample state");
    return close_test_window(&t);
}
