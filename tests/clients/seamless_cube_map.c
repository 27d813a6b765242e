/*
 * seamless_cube_map.c: GL 3.2's seamless cube map filtering
 * (ARB_seamless_cube_map) in a 3.2 core-profile context.
 * - GL_TEXTURE_CUBE_MAP_SEAMLESS is a capability, off at first.
 * - A cube map of 2x2 faces, one colour each, sampled with GL_LINEAR by
 *   the edge between +X and +Z: without seamless filtering the +X face
 *   alone (clamped to its edge), with it the average of both faces; at
 *   the corner of +X, +Y and +Z the average of the three.
 * - Inside a face both give the face's colour; GL_NEAREST ignores it.
 * On oxgl it runs under MESA_GL_VERSION_OVERRIDE=3.2 until core contexts
 * are reported by default (the Rust test sets it).
 * Passes on Mesa llvmpipe (cc -O1 -Wall -Itests/clients
 * tests/clients/seamless_cube_map.c -o seamless_cube_map -lGL -lX11 -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include <GL/glx.h>
#include <GL/glxext.h>
#include "common.h"
#include "program.h"
#include <GL/glext.h>

#define SIZE 8

static const char *vs_src = "#version 150\n"
                            "in vec2 pos;\n"
                            "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static const char *fs_src = "#version 150\n"
                            "uniform samplerCube cube;\n"
                            "uniform vec3 dir;\n"
                            "out vec4 o;\n"
                            "void main() { o = texture(cube, dir); }\n";

/* Face colours: +X red, -X cyan, +Y green, -Y magenta, +Z blue, -Z
 * yellow (alpha 1). */
static const GLubyte colors[6][3] = { { 255, 0, 0 },   { 0, 255, 255 }, { 0, 255, 0 },
                                      { 255, 0, 255 }, { 0, 0, 255 },   { 255, 255, 0 } };

static void expect(float x, float y, float z, const int want[3], const char *what)
{
    GLuint p = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, (GLint *)&p);
    glUniform3f(glGetUniformLocation(p, "dir"), x, y, z);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    GLubyte px[4] = { 0 };
    glReadPixels(SIZE / 2, SIZE / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(abs(px[0] - want[0]) <= 3 && abs(px[1] - want[1]) <= 3 && abs(px[2] - want[2]) <= 3,
          "%s: direction (%g, %g, %g) samples %d %d %d, expected %d %d %d", what, x, y, z, px[0],
          px[1], px[2], want[0], want[1], want[2]);
}

int main(void)
{
    struct test_window t = open_core_window(SIZE, 3, 2);
    GLuint vao;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);

    CHECK(!glIsEnabled(GL_TEXTURE_CUBE_MAP_SEAMLESS), "GL_TEXTURE_CUBE_MAP_SEAMLESS starts on");
    expect_error(GL_NO_ERROR, "glIsEnabled(GL_TEXTURE_CUBE_MAP_SEAMLESS)");

    GLuint cube;
    glGenTextures(1, &cube);
    glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
    for (int f = 0; f < 6; f++) {
        GLubyte texels[4][4];
        for (int i = 0; i < 4; i++) {
            texels[i][0] = colors[f][0];
            texels[i][1] = colors[f][1];
            texels[i][2] = colors[f][2];
            texels[i][3] = 255;
        }
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 2, 2, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, texels);
    }
    glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);

    GLuint p = build_pos_program("cube", vs_src, NULL, fs_src);
    if (!p)
        return close_test_window(&t) | 1;
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "cube"), 0);
    GLuint vbo = full_screen_quad();
    glClearColor(0, 0, 0, 0);

    /* Just inside +X, 0.01 of its half-width from the edge: 0.49 of the
     * footprint past it (directions with two largest components pick
     * either face). */
    static const int red[3] = { 255, 0, 0 }, red_blue[3] = { 130, 0, 125 },
                     three[3] = { 85, 85, 85 };
    expect(1, 0.2f, -0.3f, red, "inside +X, not seamless");
    expect(1, 0, 0.99f, red, "the +X/+Z edge, not seamless");

    glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
    CHECK(glIsEnabled(GL_TEXTURE_CUBE_MAP_SEAMLESS), "GL_TEXTURE_CUBE_MAP_SEAMLESS is off");
    expect(1, 0.2f, -0.3f, red, "inside +X, seamless");
    expect(1, 0, 0.99f, red_blue, "the +X/+Z edge, seamless");
    expect(1, 1, 1, three, "the +X/+Y/+Z corner, seamless");

    glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    expect(1, 0, 0.99f, red, "the +X/+Z edge, seamless, GL_NEAREST");
    glDisable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
    expect_error(GL_NO_ERROR, "the end");

    glDeleteBuffers(1, &vbo);
    glDeleteTextures(1, &cube);
    glDeleteProgram(p);
    return close_test_window(&t);
}
