/*
 * textures.c: texture objects and images through the public API — names
 * and targets, glTexImage2D/glGetTexImage round trips with conversion to the
 * internal format (quantization, luminance), level queries, parameters, and
 * the spec's errors. Prints one line per failed check and PASS.
 */
#include "common.h"
#include <GL/gl.h>
#include <GL/glext.h>
#include <string.h>

int main(void)
{
    struct test_window t = open_test_window();

    GLuint tex[2];
    glGenTextures(2, tex);
    CHECK(!glIsTexture(tex[0]), "generated but unbound name");
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    CHECK(glIsTexture(tex[0]), "bound name is a texture");
    GLint v;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
    CHECK(v == (GLint)tex[0], "binding %d", v);
    glBindTexture(GL_TEXTURE_1D, tex[0]);
    expect_error(GL_INVALID_OPERATION, "binding a 2D texture to GL_TEXTURE_1D");

    /* RGBA8 round trip, with pack alignment and row length. */
    GLubyte src[2 * 2 * 4] = { 255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 64, 10, 20, 30, 40 };
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
    expect_error(GL_NO_ERROR, "glTexImage2D");
    GLubyte out[64];
    memset(out, 0, sizeof(out));
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out);
    CHECK(memcmp(out, src, sizeof(src)) == 0, "RGBA8 round trip: %u %u %u %u", out[4], out[5], out[6], out[7]);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_BGRA, GL_UNSIGNED_BYTE, out);
    CHECK(out[0] == 0 && out[2] == 255 && out[3] == 255, "BGRA read: %u %u %u %u", out[0], out[1], out[2], out[3]);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &v);
    CHECK(v == 2, "level width %d", v);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
    CHECK(v == GL_RGBA8, "internal format 0x%x", v);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &v);
    CHECK(v == 0, "empty level width %d", v);

    /* Sub-image: replace texel (1, 0) only. */
    GLubyte white[4] = { 255, 255, 255, 255 };
    glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, white);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out);
    CHECK(out[4] == 255 && out[5] == 255 && out[0] == 255 && out[1] == 0 && out[8] == 0, "sub image: %u %u %u", out[4], out[5], out[8]);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, src);
    expect_error(GL_INVALID_VALUE, "sub image outside the image");
    glTexSubImage2D(GL_TEXTURE_2D, 3, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, src);
    expect_error(GL_INVALID_OPERATION, "sub image of an undefined level");

    /* Quantization to the internal format: 5 bits. */
    GLfloat half[4] = { 0.5f, 0.5f, 0.5f, 1.0f };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB5, 1, 1, 0, GL_RGBA, GL_FLOAT, half);
    GLfloat f[4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, f);
    CHECK(f[0] > 0.48f && f[0] < 0.52f && f[0] != 0.5f, "RGB5 keeps 5 bits: %g", f[0]);
    CHECK(f[3] == 1.0f, "RGB has alpha 1: %g", f[3]);

    /* Luminance: L comes from R and reads back in R. */
    GLubyte rgb[3] = { 200, 10, 10 };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 1, 1, 0, GL_RGB, GL_UNSIGNED_BYTE, rgb);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out);
    CHECK(out[0] == 200 && out[1] == 0 && out[2] == 0 && out[3] == 255, "luminance read back: %u %u %u %u", out[0], out[1], out[2], out[3]);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_LUMINANCE_SIZE, &v);
    CHECK(v == 8, "luminance size %d", v);

    /* Errors. */
    glTexImage2D(0x1234, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
    expect_error(GL_INVALID_ENUM, "bad target");
    glTexImage2D(GL_TEXTURE_2D, -1, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
    expect_error(GL_INVALID_VALUE, "level -1");
    glTexImage2D(GL_TEXTURE_2D, 0, 0x1234, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
    expect_error(GL_INVALID_VALUE, "bad internal format");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, -1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
    expect_error(GL_INVALID_VALUE, "negative width");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 2, GL_RGBA, GL_UNSIGNED_BYTE, src);
    expect_error(GL_INVALID_VALUE, "border 2");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, 0x1234, src);
    expect_error(GL_INVALID_ENUM, "bad type");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, src);
    expect_error(GL_INVALID_OPERATION, "RGBA with a 3-component packed type");
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
    expect_error(GL_INVALID_VALUE, "non-square cube face");

    /* Parameters. */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &v);
    CHECK(v == GL_LINEAR, "min filter 0x%x", v);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, &v);
    CHECK(v == GL_REPEAT, "default wrap t 0x%x", v);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, &v);
    CHECK(v == GL_LINEAR, "default mag filter 0x%x", v);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    expect_error(GL_INVALID_ENUM, "mipmap mag filter");
    glTexParameteri(GL_TEXTURE_2D, 0x1234, 0);
    expect_error(GL_INVALID_ENUM, "unknown parameter");
    GLfloat border[4] = { 0.25f, 0.5f, 0.75f, 1.0f };
    glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
    glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, f);
    CHECK(f[1] == 0.5f && f[2] == 0.75f, "border colour %g %g", f[1], f[2]);

    /* Deleting a bound texture reverts the binding to 0. */
    glDeleteTextures(2, tex);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
    CHECK(v == 0, "binding after delete %d", v);
    CHECK(!glIsTexture(tex[0]), "deleted");

    return close_test_window(&t);
}
