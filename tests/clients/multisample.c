/*
 * multisample.c: multisample renderbuffers (ARB_framebuffer_object /
 * GL 3.0): GL_MAX_SAMPLES, glRenderbufferStorageMultisample and its
 * errors, GL_RENDERBUFFER_SAMPLES, completeness of mixed sample counts,
 * GL_SAMPLES / GL_SAMPLE_BUFFERS, and the pixels a resolving
 * glBlitFramebuffer gives: a polygon edge through the middle of a pixel
 * column resolves to a colour between the two sides (and to one of them
 * with GL_MULTISAMPLE off), clears (whole and scissored) reach every
 * sample, per-sample depth testing, alpha to coverage and
 * GL_SAMPLE_COVERAGE, and the errors of reading a
 * multisample framebuffer (glReadPixels, glCopyTexImage2D, a blit with
 * rectangles of different sizes).
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -o multisample
 * tests/clients/multisample.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>
#include <stdlib.h>

#define W 32
#define H 16

/* Resolves the multisample framebuffer `ms` into the single-sampled
 * `ss` and reads pixel (x, y) of it. */
static void resolved(GLuint ms, GLuint ss, int x, int y, GLubyte out[4])
{
    glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ss);
    glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, ss);
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
    glBindFramebuffer(GL_FRAMEBUFFER, ms);
}

/* A red quad from x = 0 to x = `right` (window pixels), full height, at
 * depth `z` (window depth, 0 near). */
static void quad(float right, float z, float r, float g)
{
    glColor4f(r, g, 0, 1);
    glBegin(GL_QUADS);
    glVertex3f(0, 0, -z);
    glVertex3f(right, 0, -z);
    glVertex3f(right, H, -z);
    glVertex3f(0, H, -z);
    glEnd();
}

int main(void)
{
    struct test_window t = open_test_window();

    GLint max_samples = 0;
    glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
    CHECK(max_samples >= 4, "GL_MAX_SAMPLES %d, GL 3.0 asks for at least 4", max_samples);

    GLuint rb[4];
    glGenRenderbuffers(4, rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, max_samples + 1, GL_RGBA8, W, H);
    /* INVALID_VALUE (GL 3.0); INVALID_OPERATION with ARB_internalformat_query
     * (its per-format limit, as Mesa). */
    GLenum e = glGetError();
    CHECK(e == GL_INVALID_VALUE || e == GL_INVALID_OPERATION,
          "samples above GL_MAX_SAMPLES: error 0x%x", e);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, W, H);
    expect_error(GL_NO_ERROR, "4 samples of GL_RGBA8");
    GLint samples = 0;
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &samples);
    CHECK(samples >= 4 && samples <= max_samples, "GL_RENDERBUFFER_SAMPLES %d", samples);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH_COMPONENT24, W, H);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[2]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, W, H);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[3]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &samples);
    CHECK(samples == 0, "single-sampled GL_RENDERBUFFER_SAMPLES %d", samples);

    GLuint fb[2];
    glGenFramebuffers(2, fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb[1]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[3]);
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
          "single-sampled framebuffer incomplete");
    glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[2]);
    GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(st == GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE,
          "4-sample colour with single-sampled depth: status 0x%x", st);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
    st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(st == GL_FRAMEBUFFER_COMPLETE, "4-sample colour and depth: status 0x%x", st);

    GLint sb = -1, s = -1;
    glGetIntegerv(GL_SAMPLE_BUFFERS, &sb);
    glGetIntegerv(GL_SAMPLES, &s);
    CHECK(sb == 1 && s >= 4, "multisample framebuffer: GL_SAMPLE_BUFFERS %d, GL_SAMPLES %d", sb, s);

    glViewport(0, 0, W, H);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, W, 0, H, 0, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();

    /* An edge through the middle of column 10. */
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    quad(10.5f, 0.5f, 1, 0);
    GLubyte px[4];
    resolved(fb[0], fb[1], 5, 8, px);
    CHECK(px[0] == 255 && px[1] == 0, "inside the quad: %d %d %d %d", px[0], px[1], px[2], px[3]);
    resolved(fb[0], fb[1], 20, 8, px);
    CHECK(px[0] == 0, "outside the quad: %d %d %d %d", px[0], px[1], px[2], px[3]);
    resolved(fb[0], fb[1], 10, 8, px);
    CHECK(px[0] > 20 && px[0] < 235, "the edge column resolves between: %d %d %d %d",
          px[0], px[1], px[2], px[3]);

    /* GL_MULTISAMPLE off: the pixel centre decides for every sample. */
    glDisable(GL_MULTISAMPLE);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    quad(10.25f, 0.5f, 1, 0);
    quad(11.75f, 0.75f, 0, 1);
    glEnable(GL_MULTISAMPLE);
    resolved(fb[0], fb[1], 10, 8, px);
    CHECK(px[0] == 0 && px[1] == 255, "GL_MULTISAMPLE off, column 10: %d %d %d %d",
          px[0], px[1], px[2], px[3]);
    resolved(fb[0], fb[1], 11, 8, px);
    CHECK(px[0] == 0 && px[1] == 255, "GL_MULTISAMPLE off, column 11: %d %d %d %d",
          px[0], px[1], px[2], px[3]);

    /* Per-sample depth: a nearer green quad ending mid-column 10 over a
     * farther red one ending mid-column 12 (depth test on). */
    glEnable(GL_DEPTH_TEST);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    quad(10.5f, 0.25f, 0, 1);
    quad(12.5f, 0.75f, 1, 0);
    glDisable(GL_DEPTH_TEST);
    resolved(fb[0], fb[1], 10, 8, px);
    CHECK(px[0] > 20 && px[0] < 235 && px[1] > 20 && px[1] < 235 && px[0] + px[1] >= 250 &&
              px[0] + px[1] <= 260,
          "depth-tested edge column 10 mixes red and green: %d %d %d %d",
          px[0], px[1], px[2], px[3]);
    resolved(fb[0], fb[1], 5, 8, px);
    CHECK(px[1] == 255 && px[0] == 0, "nearer quad wins: %d %d %d %d", px[0], px[1], px[2],
          px[3]);
    resolved(fb[0], fb[1], 11, 8, px);
    CHECK(px[0] == 255 && px[1] == 0, "farther quad past the nearer: %d %d %d %d", px[0],
          px[1], px[2], px[3]);

    /* Multisample fragment operations: alpha to coverage keeps about
     * half the samples of alpha 0.5; GL_SAMPLE_COVERAGE a quarter (three
     * quarters inverted). */
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE);
    glColor4f(1, 0, 0, 0.5f);
    glBegin(GL_QUADS);
    glVertex2f(0, 0);
    glVertex2f(W, 0);
    glVertex2f(W, H);
    glVertex2f(0, H);
    glEnd();
    glDisable(GL_SAMPLE_ALPHA_TO_COVERAGE);
    resolved(fb[0], fb[1], 5, 8, px);
    CHECK(px[0] >= 96 && px[0] <= 160, "alpha to coverage of alpha 0.5: red %d", px[0]);
    glEnable(GL_SAMPLE_COVERAGE);
    for (int invert = 0; invert < 2; invert++) {
        glClear(GL_COLOR_BUFFER_BIT);
        glSampleCoverage(0.25f, invert ? GL_TRUE : GL_FALSE);
        quad(W, 0.5f, 1, 0);
        resolved(fb[0], fb[1], 5, 8, px);
        int want = invert ? 191 : 64;
        CHECK(px[0] >= want - 20 && px[0] <= want + 20, "sample coverage 0.25%s: red %d",
              invert ? " inverted" : "", px[0]);
    }
    glDisable(GL_SAMPLE_COVERAGE);
    glSampleCoverage(1, GL_FALSE);

    /* Clears reach every sample; a scissored one only its rectangle. */
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 4, H);
    glClearColor(1, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    resolved(fb[0], fb[1], 2, 8, px);
    CHECK(px[0] == 255 && px[1] == 255 && px[2] == 0, "scissored clear: %d %d %d", px[0],
          px[1], px[2]);
    resolved(fb[0], fb[1], 4, 8, px);
    CHECK(px[0] == 0 && px[1] == 0 && px[2] == 255, "outside the scissor: %d %d %d", px[0],
          px[1], px[2]);

    /* Reading a multisample framebuffer other than by a resolving blit. */
    expect_error(GL_NO_ERROR, "the draws and blits");
    glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    expect_error(GL_INVALID_OPERATION, "glReadPixels of a multisample framebuffer");
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 4, 4, 0);
    expect_error(GL_INVALID_OPERATION, "glCopyTexImage2D of a multisample framebuffer");
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[0]);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[1]);
    glBlitFramebuffer(0, 0, W, H, 0, 0, W / 2, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    expect_error(GL_INVALID_OPERATION, "a resolving blit that scales");

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glGetIntegerv(GL_SAMPLE_BUFFERS, &sb);
    CHECK(sb == 0, "the window: GL_SAMPLE_BUFFERS %d", sb);

    return close_test_window(&t);
}
