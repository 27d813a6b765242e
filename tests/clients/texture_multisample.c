/*
 * texture_multisample.c: GL 3.2's multisample textures and sample mask
 * (ARB_texture_multisample) in a 3.2 core-profile context.
 * - The limits (GL_MAX_COLOR_TEXTURE_SAMPLES, _DEPTH_, _INTEGER_,
 *   GL_MAX_SAMPLE_MASK_WORDS) and the texture's level parameters
 *   (GL_TEXTURE_SAMPLES at least what was asked, the width, the fixed
 *   sample locations).
 * - Errors: no samples, a target of another command, more samples than
 *   the limit, a compressed format, sampler state on a multisample
 *   texture, a level other than 0 when attaching it.
 * - Completeness: multisample textures with renderbuffers of the same
 *   samples are complete only with fixed sample locations; with a
 *   single-sampled image they are GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE.
 * - Rendering into a multisample texture with glSampleMaski leaves the
 *   masked samples as cleared; texelFetch on a sampler2DMS reads each
 *   sample, textureSize its size; glBlitFramebuffer resolves it to the
 *   average of its samples.
 * - glGetMultisamplefv(GL_SAMPLE_POSITION) of a multisample framebuffer
 *   gives positions within the pixel, INVALID_VALUE past its samples.
 * - A layer of a multisample array texture attached with
 *   glFramebufferTextureLayer, cleared, read with a sampler2DMSArray.
 * - ARB_texture_storage_multisample (GL 4.3), where advertised: the fixed
 *   sampler state of a multisample texture (NEAREST, CLAMP_TO_EDGE; a
 *   non-zero base level INVALID_OPERATION), glTexStorage2DMultisample
 *   making it immutable (a second call INVALID_OPERATION), an unsized
 *   format INVALID_ENUM, texture 0 INVALID_OPERATION.
 * On oxgl it runs under MESA_GL_VERSION_OVERRIDE=3.2 until core contexts
 * are reported by default (the Rust test sets it).
 * Passes on Mesa llvmpipe (cc -O1 -Wall -Itests/clients
 * tests/clients/texture_multisample.c -o texture_multisample -lGL -lX11 -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include <GL/glx.h>
#include <GL/glxext.h>
#include "common.h"
#include "program.h"
#include <GL/glext.h>
#include <string.h>

#define SIZE 16

static const char *vs_src = "#version 150\n"
                            "in vec2 pos;\n"
                            "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static const char *color_fs = "#version 150\n"
                              "uniform vec4 color;\n"
                              "out vec4 o;\n"
                              "void main() { o = color; }\n";

/* Sample `sample` of the multisample texture; blue 1 when textureSize is
 * SIZE x SIZE. */
static const char *fetch_fs = "#version 150\n"
                              "uniform sampler2DMS tex;\n"
                              "uniform int sample;\n"
                              "out vec4 o;\n"
                              "void main() {\n"
                              "  o = texelFetch(tex, ivec2(gl_FragCoord.xy), sample);\n"
                              "  o.b = textureSize(tex) == ivec2(16) ? 1.0 : 0.0;\n"
                              "}\n";

static const char *fetch_array_fs = "#version 150\n"
                                    "uniform sampler2DMSArray tex;\n"
                                    "out vec4 o;\n"
                                    "void main() {\n"
                                    "  o = texelFetch(tex, ivec3(gl_FragCoord.xy, 1), 3);\n"
                                    "  o.b = textureSize(tex) == ivec3(16, 16, 2) ? 1.0 : 0.0;\n"
                                    "}\n";

static GLuint program_of(const char *what, const char *fs)
{
    return build_pos_program(what, vs_src, NULL, fs);
}

static void probe(int x, int y, const int want[4], const char *what)
{
    GLubyte px[4] = { 0 };
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    int ok = 1;
    for (int c = 0; c < 4; c++)
        ok &= abs(px[c] - want[c]) <= 2;
    CHECK(ok, "%s: pixel (%d, %d) is %d %d %d %d, expected %d %d %d %d", what, x, y, px[0], px[1],
          px[2], px[3], want[0], want[1], want[2], want[3]);
}

static GLint level_param(GLenum target, GLenum pname)
{
    GLint v = -1;
    glGetTexLevelParameteriv(target, 0, pname, &v);
    return v;
}

static void limits_and_errors(void)
{
    static const GLenum names[] = { GL_MAX_COLOR_TEXTURE_SAMPLES, GL_MAX_DEPTH_TEXTURE_SAMPLES,
                                    GL_MAX_INTEGER_SAMPLES, GL_MAX_SAMPLE_MASK_WORDS };
    for (unsigned i = 0; i < 4; i++) {
        GLint v = 0;
        glGetIntegerv(names[i], &v);
        CHECK(v >= 1, "limit 0x%x is %d", names[i], v);
    }
    GLint max = 0;
    glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &max);
    expect_error(GL_NO_ERROR, "the multisample limits");

    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 2, GL_RGBA8, SIZE, SIZE, GL_TRUE);
    expect_error(GL_NO_ERROR, "glTexImage2DMultisample");
    GLint samples = level_param(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_SAMPLES);
    CHECK(samples >= 2 && samples <= max, "GL_TEXTURE_SAMPLES %d for 2 asked", samples);
    CHECK(level_param(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_WIDTH) == SIZE, "width %d",
          level_param(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_WIDTH));
    CHECK(level_param(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS) == GL_TRUE,
          "GL_TEXTURE_FIXED_SAMPLE_LOCATIONS is not GL_TRUE");
    GLint binding = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_2D_MULTISAMPLE, &binding);
    CHECK(binding == (GLint)tex, "GL_TEXTURE_BINDING_2D_MULTISAMPLE %d", binding);
    expect_error(GL_NO_ERROR, "the level parameters");

    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, SIZE, SIZE, GL_TRUE);
    expect_error(GL_INVALID_VALUE, "no samples");
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, SIZE, SIZE, GL_TRUE);
    expect_error(GL_INVALID_ENUM, "glTexImage2DMultisample of an array target");
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, max + 1, GL_RGBA8, SIZE, SIZE, GL_TRUE);
    expect_error(GL_INVALID_OPERATION, "more samples than GL_MAX_COLOR_TEXTURE_SAMPLES");
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_COMPRESSED_RED_RGTC1, SIZE, SIZE,
                            GL_TRUE);
    expect_error(GL_INVALID_ENUM, "a compressed format");
    glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    expect_error(GL_INVALID_ENUM, "a filter on a multisample texture");

    GLuint fb;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, tex, 1);
    expect_error(GL_INVALID_VALUE, "attaching level 1 of a multisample texture");
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, tex, 0);
    GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(status == GL_FRAMEBUFFER_COMPLETE, "multisample texture alone: status 0x%x", status);

    /* A renderbuffer of the same samples: complete with fixed locations. */
    GLuint rb;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH_COMPONENT24, SIZE, SIZE);
    GLint rb_samples = 0;
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &rb_samples);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
    status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if (rb_samples == samples)
        CHECK(status == GL_FRAMEBUFFER_COMPLETE, "with a renderbuffer: status 0x%x", status);
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, samples, GL_RGBA8, SIZE, SIZE, GL_FALSE);
    status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(status == GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE,
          "a renderbuffer and a texture without fixed locations: status 0x%x", status);
    /* A single-sampled depth renderbuffer instead. */
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, SIZE, SIZE);
    status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(status == GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE,
          "a single-sampled renderbuffer: status 0x%x", status);
    expect_error(GL_NO_ERROR, "the completeness checks");
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteRenderbuffers(1, &rb);
    glDeleteTextures(1, &tex);
}

static void render_fetch_resolve(void)
{
    GLuint tex, fb;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, SIZE, SIZE, GL_TRUE);
    GLint samples = level_param(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_SAMPLES);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, tex, 0);
    glViewport(0, 0, SIZE, SIZE);

    /* Sample positions lie within the pixel. */
    GLfloat pos[2] = { -1, -1 };
    glGetMultisamplefv(GL_SAMPLE_POSITION, 0, pos);
    CHECK(pos[0] >= 0 && pos[0] <= 1 && pos[1] >= 0 && pos[1] <= 1,
          "sample position 0 is %g %g", pos[0], pos[1]);
    glGetMultisamplefv(GL_SAMPLE_POSITION, samples, pos);
    expect_error(GL_INVALID_VALUE, "a sample position past the samples");

    GLuint p = program_of("colour", color_fs), pf = program_of("texelFetch", fetch_fs);
    if (!p || !pf)
        return;
    GLuint vbo = full_screen_quad();

    /* Cleared green; red drawn into samples 0 and 2 only. */
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SAMPLE_MASK);
    glSampleMaski(0, 0x5);
    GLint mask = 0;
    glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &mask);
    CHECK(mask == 0x5, "GL_SAMPLE_MASK_VALUE 0x%x", mask);
    CHECK(glIsEnabled(GL_SAMPLE_MASK), "GL_SAMPLE_MASK is not enabled");
    glSampleMaski(1, 0);
    expect_error(GL_INVALID_VALUE, "glSampleMaski past GL_MAX_SAMPLE_MASK_WORDS");
    glUseProgram(p);
    glUniform4f(glGetUniformLocation(p, "color"), 1, 0, 0, 1);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisable(GL_SAMPLE_MASK);
    expect_error(GL_NO_ERROR, "drawing with a sample mask");

    /* Each sample, through texelFetch. */
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glUseProgram(pf);
    glUniform1i(glGetUniformLocation(pf, "tex"), 0);
    for (int s = 0; s < 4; s++) {
        glUniform1i(glGetUniformLocation(pf, "sample"), s);
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        static const int red[4] = { 255, 0, 255, 255 }, green[4] = { 0, 255, 255, 255 };
        char what[64];
        snprintf(what, sizeof what, "texelFetch of sample %d", s);
        probe(5, 9, s % 2 == 0 ? red : green, what);
    }
    expect_error(GL_NO_ERROR, "texelFetch");

    /* Resolved: half red, half green. */
    GLuint single, rfb;
    glGenTextures(1, &single);
    glBindTexture(GL_TEXTURE_2D, single);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, SIZE, SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenFramebuffers(1, &rfb);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, rfb);
    glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, single, 0);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
    glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    expect_error(GL_NO_ERROR, "resolving a multisample texture");
    glBindFramebuffer(GL_READ_FRAMEBUFFER, rfb);
    static const int half[4] = { 128, 128, 0, 255 };
    GLubyte px[4] = { 0 };
    glReadPixels(7, 7, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(abs(px[0] - half[0]) <= 3 && abs(px[1] - half[1]) <= 3 && px[2] == 0,
          "resolved pixel is %d %d %d %d, expected about %d %d %d %d", px[0], px[1], px[2], px[3],
          half[0], half[1], half[2], half[3]);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    GLuint fbs[] = { fb, rfb }, texs[] = { tex, single };
    glDeleteFramebuffers(2, fbs);
    glDeleteTextures(2, texs);
    glDeleteBuffers(1, &vbo);
    glDeleteProgram(p);
    glDeleteProgram(pf);
}

static void array_layer(void)
{
    GLuint tex, fb;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex);
    glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, SIZE, SIZE, 2, GL_TRUE);
    expect_error(GL_NO_ERROR, "glTexImage3DMultisample");
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, 1);
    GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(status == GL_FRAMEBUFFER_COMPLETE, "a multisample array layer: status 0x%x", status);
    glClearColor(1, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    GLuint p = program_of("texelFetch of an array", fetch_array_fs);
    if (p) {
        GLuint vbo = full_screen_quad();
        glUseProgram(p);
        glUniform1i(glGetUniformLocation(p, "tex"), 0);
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        static const int yellow[4] = { 255, 255, 255, 255 };
        probe(3, 12, yellow, "texelFetch of layer 1, sample 3");
        glDeleteBuffers(1, &vbo);
        glDeleteProgram(p);
    }
    expect_error(GL_NO_ERROR, "the multisample array texture");
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &tex);
}

static void storage_multisample(void)
{
    GLint n = 0, has = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &n);
    for (GLint i = 0; i < n; i++)
        has |= !strcmp((const char *)glGetStringi(GL_EXTENSIONS, i),
                       "GL_ARB_texture_storage_multisample");
    if (!has)
        return;
    GLuint tex;
    GLint v = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
    glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MIN_FILTER, &v);
    CHECK(v == GL_NEAREST, "multisample min filter %#x", v);
    glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_WRAP_T, &v);
    CHECK(v == GL_CLAMP_TO_EDGE, "multisample wrap %#x", v);
    glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_BASE_LEVEL, 1);
    expect_error(GL_INVALID_OPERATION, "a non-zero base level of a multisample texture");
    glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA, 16, 16, GL_TRUE);
    expect_error(GL_INVALID_ENUM, "glTexStorage2DMultisample of an unsized format");
    glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 16, 16, GL_TRUE);
    expect_error(GL_NO_ERROR, "glTexStorage2DMultisample");
    glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
    CHECK(v == GL_TRUE, "GL_TEXTURE_IMMUTABLE_FORMAT %d", v);
    glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &v);
    CHECK(v >= 4, "GL_TEXTURE_SAMPLES %d", v);
    glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 16, 16, GL_TRUE);
    expect_error(GL_INVALID_OPERATION, "glTexStorage2DMultisample of an immutable texture");
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 16, 16, GL_TRUE);
    expect_error(GL_INVALID_OPERATION, "glTexImage2DMultisample of an immutable texture");
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
    glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 16, 16, GL_TRUE);
    expect_error(GL_INVALID_OPERATION, "glTexStorage2DMultisample of texture 0");
    glDeleteTextures(1, &tex);
}

int main(void)
{
    struct test_window t = open_core_window(SIZE, 3, 2);
    GLuint vao;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    limits_and_errors();
    render_fetch_resolve();
    array_layer();
    storage_multisample();
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
