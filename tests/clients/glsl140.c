/*
 * glsl140.c: GLSL 1.40 (GL 3.1) in a compatibility context.
 * - A #version 140 program draws: a uniform block (std140, no extension
 *   directive) filled from a buffer bound with glBindBufferRange at a
 *   256-byte offset, gl_InstanceID of glDrawArraysInstanced picking the
 *   quad's half, inverse() of a mat2, texelFetch of a samplerBuffer and
 *   texture() of a sampler2DRect with texel coordinates, and — GL 3.1's
 *   GL_ARB_compatibility — gl_ModelViewProjectionMatrix, gl_Vertex and
 *   gl_FragColor. Every probed pixel is compared with the value computed
 *   in C.
 * - glRasterPos through a #version 140 vertex shader: the raster colour
 *   it computes with texelFetch of the buffer texture.
 * - GL_ARB_compatibility is in the extension string of a 3.1 or later
 *   compatibility context.
 * Skips (prints PASS) in a context below GL 3.1.
 * Passes on Mesa llvmpipe (cc -O1 -Wall -Itests/clients
 * tests/clients/glsl140.c -o glsl140 -lGL -lX11 -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"
#include <GL/glext.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>

#define SIZE 32

static const char *vs = "#version 140\n"
                        "flat out int instance;\n"
                        "void main() {\n"
                        "  instance = gl_InstanceID;\n"
                        "  vec4 v = gl_Vertex;\n"
                        "  v.x = v.x * 0.5 + float(gl_InstanceID) * 0.5;\n"
                        "  gl_Position = gl_ModelViewProjectionMatrix * v;\n"
                        "}\n";

static const char *fs = "#version 140\n"
                        "layout(std140) uniform colors {\n"
                        "  vec4 left;\n"
                        "  vec4 right;\n"
                        "  mat2 m;\n"
                        "};\n"
                        "uniform samplerBuffer buf;\n"
                        "uniform sampler2DRect rect;\n"
                        "flat in int instance;\n"
                        "void main() {\n"
                        "  mat2 inv = inverse(m);\n"
                        "  float ok = abs(inv[0][0] - 0.5) < 1e-5 && abs(inv[1][1] - 0.25) < 1e-5\n"
                        "             ? 1.0 : 0.0;\n"
                        "  vec4 c = instance == 0 ? left : right;\n"
                        "  gl_FragColor = vec4(c.r, texelFetch(buf, instance).r,\n"
                        "                      texture(rect, vec2(2.5, 0.5)).r, ok);\n"
                        "}\n";

int main(void)
{
    struct test_window t = open_rgba8_window(SIZE);
    int major = 0, minor = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    if (major * 10 + minor < 31) {
        printf("GL %d.%d: no GLSL 1.40 to test\n", major, minor);
        return close_test_window(&t);
    }
    GLint profile = 0;
    glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
    glGetError();
    if (!(profile & GL_CONTEXT_CORE_PROFILE_BIT))
        CHECK(has_word((const char *)glGetString(GL_EXTENSIONS), "GL_ARB_compatibility") ||
                  (major * 10 + minor >= 32),
              "a GL %d.%d compatibility context without GL_ARB_compatibility", major, minor);
    glViewport(0, 0, SIZE, SIZE);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, 1, 0, 1, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();

    GLuint p = build_program("glsl 1.40", vs, fs);
    if (!p)
        return close_test_window(&t);
    glUseProgram(p);

    /* The block at offset 256 of the buffer: left red 0.2, right 0.8,
     * m = diag(2, 4) (std140: columns 16 bytes apart). */
    GLint align = 0;
    glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align);
    GLintptr at = 256;
    if (align > 256)
        at = align;
    GLfloat block[16] = { 0.2f, 0, 0, 1, 0.8f, 0, 0, 1, 2, 0, 0, 0, 0, 4, 0, 0 };
    GLubyte *bytes = calloc(1, (size_t)at + sizeof block);
    memcpy(bytes + at, block, sizeof block);
    GLuint ubo;
    glGenBuffers(1, &ubo);
    glBindBuffer(GL_UNIFORM_BUFFER, ubo);
    glBufferData(GL_UNIFORM_BUFFER, at + (GLsizeiptr)sizeof block, bytes, GL_STATIC_DRAW);
    free(bytes);
    glBindBufferRange(GL_UNIFORM_BUFFER, 3, ubo, at, sizeof block);
    glUniformBlockBinding(p, glGetUniformBlockIndex(p, "colors"), 3);

    /* The buffer texture: R8 values 64 and 192. */
    static const GLubyte tb[2] = { 64, 192 };
    GLuint tbo, btex, rtex;
    glGenBuffers(1, &tbo);
    glBindBuffer(GL_TEXTURE_BUFFER, tbo);
    glBufferData(GL_TEXTURE_BUFFER, sizeof tb, tb, GL_STATIC_DRAW);
    glActiveTexture(GL_TEXTURE1);
    glGenTextures(1, &btex);
    glBindTexture(GL_TEXTURE_BUFFER, btex);
    glTexBuffer(GL_TEXTURE_BUFFER, GL_R8, tbo);
    glUniform1i(glGetUniformLocation(p, "buf"), 1);

    /* The rectangle texture: 4x1, red 0, 40, 120, 240. */
    static const GLubyte rt[4] = { 0, 40, 120, 240 };
    glActiveTexture(GL_TEXTURE2);
    glGenTextures(1, &rtex);
    glBindTexture(GL_TEXTURE_RECTANGLE, rtex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_R8, 4, 1, 0, GL_RED, GL_UNSIGNED_BYTE, rt);
    glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glUniform1i(glGetUniformLocation(p, "rect"), 2);
    glActiveTexture(GL_TEXTURE0);

    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    static const GLfloat quad[] = { 0, 0, 1, 0, 0, 1, 1, 1 };
    glVertexPointer(2, GL_FLOAT, 0, quad);
    glEnableClientState(GL_VERTEX_ARRAY);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 2);
    glDisableClientState(GL_VERTEX_ARRAY);
    glUseProgram(0);
    expect_error(GL_NO_ERROR, "the GLSL 1.40 draw");

    CHECK_RGBA(8, 16, 51, 64, 120, 255, 1, "instance 0 (left half)");
    CHECK_RGBA(24, 16, 204, 192, 120, 255, 1, "instance 1 (right half)");
    glDeleteProgram(p);

    /* glRasterPos runs the vertex shader, texel fetches included: the
     * raster colour is texel 1 of the buffer texture. */
    static const char *rvs = "#version 140\n"
                             "uniform samplerBuffer buf;\n"
                             "void main() {\n"
                             "  gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n"
                             "  gl_FrontColor = texelFetch(buf, 1);\n"
                             "}\n";
    static const char *rfs = "#version 140\nvoid main() { gl_FragColor = gl_Color; }\n";
    p = build_program("raster position", rvs, rfs);
    if (p) {
        glUseProgram(p);
        glUniform1i(glGetUniformLocation(p, "buf"), 1);
        glRasterPos2f(0.5f, 0.5f);
        GLfloat color[4] = { -1, -1, -1, -1 };
        glGetFloatv(GL_CURRENT_RASTER_COLOR, color);
        expect_error(GL_NO_ERROR, "glRasterPos through a GLSL 1.40 vertex shader");
        CHECK(fabsf(color[0] - 192.0f / 255.0f) < 1e-3f && color[1] == 0 && color[3] == 1,
              "raster colour from texelFetch(samplerBuffer): %g %g %g %g", color[0], color[1],
              color[2], color[3]);
        glUseProgram(0);
        glDeleteProgram(p);
    }
    glDeleteBuffers(1, &ubo);
    glDeleteBuffers(1, &tbo);
    glDeleteTextures(1, &btex);
    glDeleteTextures(1, &rtex);
    return close_test_window(&t);
}
