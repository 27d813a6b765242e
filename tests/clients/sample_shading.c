/*
 * sample_shading.c: per-sample shading (ARB_sample_shading, GL 4.0
 * §14.3.1.1, GLSL 4.00 §7.1.3).
 * - The extension is advertised; glMinSampleShading clamps to [0, 1]
 *   (GL_MIN_SAMPLE_SHADING_VALUE); GL_SAMPLE_SHADING enables and queries.
 * - Into a 4-sample texture, with sample shading on: a fragment shader
 *   writing gl_SampleID gives each sample its own value; gl_NumSamples is
 *   4 there and 1 in the window; gl_SamplePosition lies in the pixel.
 * - gl_SampleMask[0] = 5 writes samples 0 and 2 only.
 * - glGetFramebufferParameteriv's GL_SAMPLES, GL_SAMPLE_BUFFERS and
 *   GL_DOUBLEBUFFER of the framebuffer object and of the window.
 * - With sample shading off, a `sample in` input (ARB_gpu_shader5) is
 *   still interpolated at each sample's position (glGetMultisamplefv);
 *   the vertex output feeding it must be `sample` too (a link error).
 * Each sample is read back with texelFetch in a second pass.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o sample_shading
 * tests/clients/sample_shading.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"
#include <GL/glext.h>

#define VS "#version 130\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n"

static const char *fs_id = "#version 130\n"
                           "#extension GL_ARB_sample_shading : require\n"
                           "out vec4 c;\n"
                           "void main() {\n"
                           "  bool in_ok = gl_SampleID >= 0 && gl_SampleID < gl_NumSamples;\n"
                           "  bool pos_ok = all(greaterThanEqual(gl_SamplePosition, vec2(0.0))) &&\n"
                           "                all(lessThan(gl_SamplePosition, vec2(1.0)));\n"
                           "  c = vec4(float(gl_SampleID) / 4.0, in_ok ? 1.0 : 0.0,\n"
                           "           pos_ok ? 1.0 : 0.0, float(gl_NumSamples) / 8.0);\n"
                           "}\n";

static const char *fs_mask = "#version 130\n"
                             "#extension GL_ARB_sample_shading : require\n"
                             "out vec4 c;\n"
                             "void main() { gl_SampleMask[0] = 5; c = vec4(0.0, 1.0, 0.0, 1.0); }\n";

static const char *fs_num = "#version 130\n"
                            "#extension GL_ARB_sample_shading : require\n"
                            "out vec4 c;\n"
                            "void main() { c = vec4(float(gl_NumSamples) / 8.0, 0.0, 0.0, 1.0); }\n";

static const char *fs_fetch = "#version 130\n"
                              "#extension GL_ARB_texture_multisample : require\n"
                              "uniform sampler2DMS tex;\n"
                              "uniform int sample;\n"
                              "out vec4 c;\n"
                              "void main() { c = texelFetch(tex, ivec2(gl_FragCoord.xy), sample); }\n";

static GLuint program(const char *fs)
{
    GLuint p = glCreateProgram();
    attach_shader(p, GL_VERTEX_SHADER, VS, "vertex");
    attach_shader(p, GL_FRAGMENT_SHADER, fs, "fragment");
    glBindAttribLocation(p, 0, "pos");
    link_program(p, "program");
    return p;
}

static void quad(void)
{
    static const float q[] = { -1, -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1, -1, 1, 0, 1 };
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, q);
    glEnableVertexAttribArray(0);
    glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
    glDisableVertexAttribArray(0);
}

/* Sample `s` of the multisample texture, through the window. */
static void fetch(GLuint fetch_prog, GLuint tex, int s)
{
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, 32, 32);
    glUseProgram(fetch_prog);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
    glUniform1i(glGetUniformLocation(fetch_prog, "sample"), s);
    quad();
}

int main(void)
{
    struct test_window t = open_pixel_window(32);
    CHECK(has_extension("GL_ARB_sample_shading"), "GL_ARB_sample_shading is not advertised");
    GLfloat v = -1;
    glGetFloatv(GL_MIN_SAMPLE_SHADING_VALUE, &v);
    CHECK(v == 0.0f, "initial GL_MIN_SAMPLE_SHADING_VALUE %g", v);
    glMinSampleShading(2.5f);
    glGetFloatv(GL_MIN_SAMPLE_SHADING_VALUE, &v);
    CHECK(v == 1.0f, "glMinSampleShading(2.5) reads %g", v);
    glMinSampleShading(-1.0f);
    glGetFloatv(GL_MIN_SAMPLE_SHADING_VALUE, &v);
    CHECK(v == 0.0f, "glMinSampleShading(-1) reads %g", v);
    CHECK(!glIsEnabled(GL_SAMPLE_SHADING), "GL_SAMPLE_SHADING on initially");
    glEnable(GL_SAMPLE_SHADING);
    CHECK(glIsEnabled(GL_SAMPLE_SHADING), "glEnable(GL_SAMPLE_SHADING)");
    glMinSampleShading(1.0f);
    expect_error(GL_NO_ERROR, "the state");

    GLuint tex, fb;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 32, 32, GL_TRUE);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, tex, 0);
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
          "4-sample framebuffer incomplete");
    GLint samples = 0;
    glGetIntegerv(GL_SAMPLES, &samples);
    CHECK(samples == 4, "GL_SAMPLES %d", samples);
    /* GL 4.5's framebuffer-dependent queries of a bound framebuffer. */
    GLint fb_samples = -1, fb_buffers = -1, win_samples = -1, win_double = -1;
    glGetFramebufferParameteriv(GL_DRAW_FRAMEBUFFER, GL_SAMPLES, &fb_samples);
    glGetFramebufferParameteriv(GL_DRAW_FRAMEBUFFER, GL_SAMPLE_BUFFERS, &fb_buffers);
    CHECK(fb_samples == 4 && fb_buffers == 1,
          "glGetFramebufferParameteriv: GL_SAMPLES %d, GL_SAMPLE_BUFFERS %d", fb_samples,
          fb_buffers);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glGetFramebufferParameteriv(GL_DRAW_FRAMEBUFFER, GL_SAMPLES, &win_samples);
    glGetFramebufferParameteriv(GL_DRAW_FRAMEBUFFER, GL_DOUBLEBUFFER, &win_double);
    CHECK(win_samples == 0 && win_double == 1,
          "glGetFramebufferParameteriv of the window: GL_SAMPLES %d, GL_DOUBLEBUFFER %d",
          win_samples, win_double);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    expect_error(GL_NO_ERROR, "framebuffer-dependent queries");

    GLuint id_prog = program(fs_id), mask_prog = program(fs_mask);
    GLuint num_prog = program(fs_num), fetch_prog = program(fs_fetch);
    glViewport(0, 0, 32, 32);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glUseProgram(id_prog);
    quad();
    for (int s = 0; s < 4; s++) {
        fetch(fetch_prog, tex, s);
        char what[80];
        snprintf(what, sizeof what, "gl_SampleID, gl_SamplePosition, gl_NumSamples of sample %d", s);
        CHECK_RGBA(16, 16, s * 64, 255, 255, 128, 2, what);
    }

    /* gl_SampleMask = 5: samples 0 and 2. */
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glViewport(0, 0, 32, 32);
    glClearColor(1, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glUseProgram(mask_prog);
    quad();
    for (int s = 0; s < 4; s++) {
        fetch(fetch_prog, tex, s);
        char what[64];
        snprintf(what, sizeof what, "gl_SampleMask 5, sample %d", s);
        if (s == 0 || s == 2)
            CHECK_RGBA(16, 16, 0, 255, 0, 255, 1, what);
        else
            CHECK_RGBA(16, 16, 255, 0, 0, 255, 1, what);
    }

    /* A `sample` input: per-sample shading without GL_SAMPLE_SHADING,
     * the input at each sample's position (x grows a unit per pixel). */
    static const char *vs_x = "#version 150\n"
                              "#extension GL_ARB_gpu_shader5 : require\n"
                              "in vec4 pos;\n"
                              "sample out float x;\n"
                              "void main() { gl_Position = pos; x = (pos.x * 0.5 + 0.5) * 32.0; }\n";
    static const char *fs_x = "#version 150\n"
                              "#extension GL_ARB_gpu_shader5 : require\n"
                              "sample in float x;\n"
                              "out vec4 c;\n"
                              "void main() { c = vec4(fract(x), 0.0, 0.0, 1.0); }\n";
    GLuint x_prog = glCreateProgram();
    attach_shader(x_prog, GL_VERTEX_SHADER, vs_x, "sample-input vertex");
    attach_shader(x_prog, GL_FRAGMENT_SHADER, fs_x, "sample-input fragment");
    glBindAttribLocation(x_prog, 0, "pos");
    link_program(x_prog, "sample-input program");
    /* The vertex output must be `sample` too (Mesa's link error). */
    static const char *vs_plain_x = "#version 150\n"
                                    "in vec4 pos;\n"
                                    "out float x;\n"
                                    "void main() { gl_Position = pos; x = pos.x; }\n";
    GLuint mismatch = glCreateProgram();
    attach_shader(mismatch, GL_VERTEX_SHADER, vs_plain_x, "mismatch vertex");
    attach_shader(mismatch, GL_FRAGMENT_SHADER, fs_x, "mismatch fragment");
    GLint linked = 1;
    glLinkProgram(mismatch);
    glGetProgramiv(mismatch, GL_LINK_STATUS, &linked);
    CHECK(!linked, "an output without `sample' linked to a `sample' input");
    glDeleteProgram(mismatch);
    glDisable(GL_SAMPLE_SHADING);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glViewport(0, 0, 32, 32);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glUseProgram(x_prog);
    quad();
    for (int s = 0; s < 4; s++) {
        GLfloat at[2] = { -1, -1 };
        glBindFramebuffer(GL_FRAMEBUFFER, fb);
        glGetMultisamplefv(GL_SAMPLE_POSITION, s, at);
        fetch(fetch_prog, tex, s);
        char what[64];
        snprintf(what, sizeof what, "sample input at sample %d (x %g)", s, at[0]);
        CHECK_RGBA(16, 16, (int)(at[0] * 255.0f + 0.5f), 0, 0, 255, 2, what);
    }
    glEnable(GL_SAMPLE_SHADING);

    /* The window is single-sampled. */
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDisable(GL_SAMPLE_SHADING);
    glUseProgram(num_prog);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    quad();
    CHECK_RGBA(16, 16, 32, 0, 0, 255, 2, "gl_NumSamples in the window");
    expect_error(GL_NO_ERROR, "the draws");
    return close_test_window(&t);
}
