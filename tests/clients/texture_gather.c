/*
 * texture_gather.c: ARB_texture_gather, ARB_texture_query_levels and
 * ARB_texture_query_lod in GLSL 1.30 fragment shaders.
 * - Limits: GL_MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS_ARB at least 1 (4
 *   where the swizzle picks any component), GL_MIN/MAX_PROGRAM_TEXTURE_
 *   GATHER_OFFSET at most -8 / at least 7.
 * - textureGather of a 4x4 GL_RGBA8 texture whose texel (x, y) has red
 *   16x + 4y + 10, green 255 - red: at the texel corner between (1, 1) and
 *   (2, 2) it returns the red of (1, 2), (2, 2), (2, 1), (1, 1) in that
 *   order, whatever the filters (GL_NEAREST here) and with GL_REPEAT
 *   wrapping at the texture's corner; GL_TEXTURE_SWIZZLE_R = GL_GREEN
 *   gathers green; textureGatherOffset moves the footprint by the offset.
 * (Shadow samplers gather with ARB_gpu_shader5 only, not advertised.)
 * - textureQueryLevels of a texture with levels 0-2 of 3 defined and
 *   GL_TEXTURE_BASE_LEVEL 1 is 2.
 * - textureQueryLOD of an 8x8 mipmapped texture drawn 2x2 (scale 4) is
 *   (2, 2); drawn 16x16 (magnified), x is 0 and y -1.
 * - ARB_texture_barrier: four passes drawing into a texture that their
 *   shader reads, glTextureBarrier before each, add up.
 * The shaders write their results as colours; each is checked in C.
 * Passes on Mesa llvmpipe (cc -O1 -Wall -Itests/clients
 * tests/clients/texture_gather.c -o texture_gather -lGL -lX11 -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"
#include <GL/glext.h>

#define SIZE 32

static const char *vs = "#version 130\n"
                        "void main() {\n"
                        "  gl_TexCoord[0] = gl_MultiTexCoord0;\n"
                        "  gl_Position = ftransform();\n"
                        "}\n";

static GLubyte red_of(int x, int y)
{
    return (GLubyte)(16 * x + 4 * y + 10);
}

/* Draws a window-covering quad with texture coordinates (s0,t0)-(s1,t1)
 * and reads pixel (x, y) as four bytes. */
static void draw_read(float s0, float t0, float s1, float t1, int x, int y, GLubyte out[4])
{
    glBegin(GL_QUADS);
    glTexCoord2f(s0, t0);
    glVertex2f(-1, -1);
    glTexCoord2f(s1, t0);
    glVertex2f(1, -1);
    glTexCoord2f(s1, t1);
    glVertex2f(1, 1);
    glTexCoord2f(s0, t1);
    glVertex2f(-1, 1);
    glEnd();
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

static void check4(const char *what, const GLubyte got[4], const int want[4])
{
    for (int c = 0; c < 4; c++)
        if (abs(got[c] - want[c]) > 1) {
            CHECK(0, "%s: %d %d %d %d, expected %d %d %d %d", what, got[0], got[1], got[2], got[3],
                  want[0], want[1], want[2], want[3]);
            return;
        }
}

static void limits(void)
{
    GLint comps = 0, lo = 0, hi = 0;
    glGetIntegerv(GL_MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS_ARB, &comps);
    glGetIntegerv(GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET, &lo);
    glGetIntegerv(GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET, &hi);
    expect_error(GL_NO_ERROR, "gather limits");
    CHECK(comps >= 1 && lo <= -8 && hi >= 7, "gather limits: components %d, offsets %d..%d",
          comps, lo, hi);
}

static void gather(void)
{
    static const char *fs = "#version 130\n"
                            "#extension GL_ARB_texture_gather : require\n"
                            "uniform sampler2D tex;\n"
                            "uniform int offset;\n"
                            "void main() {\n"
                            "  vec2 p = gl_TexCoord[0].st;\n"
                            "  gl_FragColor = offset == 1 ? textureGatherOffset(tex, p, ivec2(1, -1))\n"
                            "                             : textureGather(tex, p);\n"
                            "}\n";
    GLuint p = use_sampling_program("gather", vs, fs);
    if (!p)
        return;
    GLubyte texels[4][4][4];
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            texels[y][x][0] = red_of(x, y);
            texels[y][x][1] = (GLubyte)(255 - red_of(x, y));
            texels[y][x][2] = 0;
            texels[y][x][3] = 255;
        }
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    GLint off = glGetUniformLocation(p, "offset");
    GLubyte got[4];
    /* A constant coordinate: the corner between texels (1,1) and (2,2). */
    glUniform1i(off, 0);
    draw_read(0.5f, 0.5f, 0.5f, 0.5f, 4, 4, got);
    int want[4] = { red_of(1, 2), red_of(2, 2), red_of(2, 1), red_of(1, 1) };
    check4("textureGather", got, want);
    /* The texture's corner wraps (GL_REPEAT) to the opposite texels. */
    draw_read(0.0f, 0.0f, 0.0f, 0.0f, 4, 4, got);
    int wrap[4] = { red_of(3, 0), red_of(0, 0), red_of(0, 3), red_of(3, 3) };
    check4("textureGather, repeat at the corner", got, wrap);
    glUniform1i(off, 1);
    draw_read(0.5f, 0.5f, 0.5f, 0.5f, 4, 4, got);
    int moved[4] = { red_of(2, 1), red_of(3, 1), red_of(3, 0), red_of(2, 0) };
    check4("textureGatherOffset (1, -1)", got, moved);
    glUniform1i(off, 0);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_GREEN);
    draw_read(0.5f, 0.5f, 0.5f, 0.5f, 4, 4, got);
    int green[4] = { 255 - want[0], 255 - want[1], 255 - want[2], 255 - want[3] };
    check4("textureGather through GL_TEXTURE_SWIZZLE_R = GL_GREEN", got, green);
    expect_error(GL_NO_ERROR, "textureGather");
    glDeleteTextures(1, &tex);
    glDeleteProgram(p);
}

static void query_levels_and_lod(void)
{
    static const char *fs = "#version 130\n"
                            "#extension GL_ARB_texture_query_levels : require\n"
                            "#extension GL_ARB_texture_query_lod : require\n"
                            "uniform sampler2D tex;\n"
                            "void main() {\n"
                            "  vec2 lod = textureQueryLOD(tex, gl_TexCoord[0].st);\n"
                            "  gl_FragColor = vec4(float(textureQueryLevels(tex)) / 8.0,\n"
                            "                      lod.x / 4.0, (lod.y + 2.0) / 8.0, 1.0);\n"
                            "}\n";
    GLuint p = use_sampling_program("queries", vs, fs);
    if (!p)
        return;
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    for (int l = 0; l < 4; l++)
        glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, 8 >> l, 8 >> l, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                     NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    GLubyte got[4];
    draw_read(0.0f, 0.0f, 16.0f, 16.0f, 9, 9, got);
    /* 8 * 16 / 32 = 4 texels a pixel: λ = 2. 4 levels. */
    int minified[4] = { 128, 128, 128, 255 };
    check4("textureQueryLevels 4, textureQueryLOD (2, 2)", got, minified);
    draw_read(0.0f, 0.0f, 2.0f, 2.0f, 9, 9, got);
    /* Half a texel a pixel: λ = -1, level 0. */
    int magnified[4] = { 128, 0, 32, 255 };
    check4("textureQueryLOD magnified (0, -1)", got, magnified);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
    draw_read(0.0f, 0.0f, 2.0f, 2.0f, 9, 9, got);
    CHECK(abs(got[0] - 96) <= 1, "textureQueryLevels from base level 1: %d/8 (expected 3)",
          (got[0] + 16) / 32);
    expect_error(GL_NO_ERROR, "texture queries");
    glDeleteTextures(1, &tex);
    glDeleteProgram(p);
}

/* ARB_texture_barrier: a texture drawn into while its shader reads it,
 * with glTextureBarrier between the passes, accumulates every pass. */
static void texture_barrier(void)
{
    if (!has_word((const char *)glGetString(GL_EXTENSIONS), "GL_ARB_texture_barrier"))
        return;
    static const char *fs = "#version 130\n"
                            "uniform sampler2D tex;\n"
                            "void main() {\n"
                            "  vec4 t = texelFetch(tex, ivec2(gl_FragCoord.xy), 0);\n"
                            "  gl_FragColor = t + vec4(16.0 / 255.0, 0.0, 0.0, 0.0);\n"
                            "}\n";
    GLuint p = use_sampling_program("barrier", vs, fs);
    if (!p)
        return;
    GLuint tex, fb;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    glViewport(0, 0, 8, 8);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    GLubyte got[4];
    for (int pass = 0; pass < 4; pass++) {
        glTextureBarrier();
        draw_read(0, 0, 1, 1, 3, 3, got);
    }
    expect_error(GL_NO_ERROR, "glTextureBarrier passes");
    CHECK(got[0] == 64, "four passes with glTextureBarrier: red %d, expected 64", got[0]);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, SIZE, SIZE);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &tex);
    glDeleteProgram(p);
}

int main(void)
{
    struct test_window t = open_rgba8_window(SIZE);
    glViewport(0, 0, SIZE, SIZE);
    limits();
    gather();
    query_levels_and_lod();
    texture_barrier();
    return close_test_window(&t);
}
