/*
 * glsl130.c: a GL 3.0 or later context and GLSL 1.30 (the context a legacy
 * glXCreateContext gives).
 * - GL_VERSION and GL_MAJOR_VERSION/GL_MINOR_VERSION agree and are at
 *   least 3.0; GL_SHADING_LANGUAGE_VERSION is the GLSL version of that GL
 *   version (3.0: 1.30, 3.1: 1.40, 3.2: 1.50, 3.3 and later: the same
 *   number); GL_CONTEXT_FLAGS is 0 for a legacy context.
 * - GL_NUM_EXTENSIONS names as many extensions as glGetStringi returns,
 *   each a word of glGetString(GL_EXTENSIONS), which has as many words;
 *   glGetStringi past the last is GL_INVALID_VALUE and of GL_VENDOR
 *   GL_INVALID_ENUM.
 * - In a 3.0 (3.1) context, #version 140 (150) is refused with Mesa's
 *   message listing the versions supported.
 * - A GLSL 1.30 program draws: a user `in' attribute bound with
 *   glBindAttribLocation, an `out' colour bound with
 *   glBindFragDataLocation, gl_VertexID through a `flat' varying (the last
 *   vertex of each strip triangle provokes), a `uint' uniform set by
 *   glUniform1ui and read back by glGetUniformuiv, shifts, bitwise and, a
 *   switch with fall-through and default, textureSize and texelFetch of a
 *   4x2 texture, trunc, tanh and isinf. Every pixel of the 32x32 window
 *   is compared with the value the C code computes the same way.
 * - 40 scalar varyings, more locations than there are, sum as written
 *   (packed into shared locations).
 * - glBindFragDataLocation puts two outputs on colour attachments 1 and 0
 *   of a framebuffer object (the reverse of their declaration order).
 * - Where ARB_explicit_attrib_location is advertised, layout(location)
 *   of an attribute and a fragment output wins over glBindAttribLocation
 *   and glBindFragDataLocation.
 * Passes on Mesa llvmpipe (cc -O1 -Wall -Itests/clients
 * tests/clients/glsl130.c -o glsl130 -lGL -lX11 -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"
#include <GL/glext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIZE 32

static int gl_major, gl_minor;

static void versions(void)
{
    const char *v = (const char *)glGetString(GL_VERSION);
    const char *sl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
    int ma = -1, mi = -1, flags = -1;
    glGetIntegerv(GL_MAJOR_VERSION, &ma);
    glGetIntegerv(GL_MINOR_VERSION, &mi);
    glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
    expect_error(GL_NO_ERROR, "version queries");
    if (!v || sscanf(v, "%d.%d", &gl_major, &gl_minor) != 2) {
        CHECK(0, "GL_VERSION %s", v ? v : "(null)");
        return;
    }
    CHECK(ma == gl_major && mi == gl_minor, "GL_MAJOR/MINOR_VERSION %d.%d, GL_VERSION %s", ma,
          mi, v);
    CHECK(gl_major >= 3, "GL_VERSION %s is below 3.0", v);
    CHECK(flags == 0, "GL_CONTEXT_FLAGS 0x%x in a legacy context", flags);
    char want[32];
    int version = gl_major * 10 + gl_minor;
    if (version < 33)
        snprintf(want, sizeof want, "1.%d0", version - 27);
    else
        snprintf(want, sizeof want, "%d.%d0", gl_major, gl_minor);
    CHECK(sl && strncmp(sl, want, strlen(want)) == 0,
          "GL_SHADING_LANGUAGE_VERSION %s, expected %s for GL %s", sl ? sl : "(null)", want, v);
}

static void extension_list(void)
{
    const char *all = (const char *)glGetString(GL_EXTENSIONS);
    GLint n = -1;
    glGetIntegerv(GL_NUM_EXTENSIONS, &n);
    if (!all || n <= 0) {
        CHECK(0, "GL_NUM_EXTENSIONS %d", n);
        return;
    }
    int words = 0;
    for (const char *at = all; *at;) {
        while (*at == ' ')
            at++;
        if (*at)
            words++;
        while (*at && *at != ' ')
            at++;
    }
    CHECK(words == n, "GL_EXTENSIONS has %d words, GL_NUM_EXTENSIONS is %d", words, n);
    for (GLint i = 0; i < n; i++) {
        const char *e = (const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i);
        if (!e || !has_word(all, e)) {
            CHECK(0, "glGetStringi(GL_EXTENSIONS, %d) = %s is not in GL_EXTENSIONS", i,
                  e ? e : "(null)");
            return;
        }
    }
    expect_error(GL_NO_ERROR, "glGetStringi");
    CHECK(glGetStringi(GL_EXTENSIONS, (GLuint)n) == NULL, "glGetStringi past the end");
    expect_error(GL_INVALID_VALUE, "glGetStringi past the end");
    CHECK(glGetStringi(GL_VENDOR, 0) == NULL, "glGetStringi(GL_VENDOR)");
    expect_error(GL_INVALID_ENUM, "glGetStringi(GL_VENDOR)");
}

/* In a 3.0 or 3.1 context the next GLSL version is refused with Mesa's
 * message listing the desktop versions supported. */
static void next_version_refused(void)
{
    if (gl_major != 3 || gl_minor > 1)
        return;
    const char *src = gl_minor == 0 ? "#version 140\nvoid main() {}\n"
                                    : "#version 150\nvoid main() {}\n";
    const char *want = gl_minor == 0
                           ? "error: GLSL 1.40 is not supported. Supported versions are: 1.10, "
                             "1.20, 1.30"
                           : "error: GLSL 1.50 is not supported. Supported versions are: 1.10, "
                             "1.20, 1.30, 1.40";
    GLuint s = glCreateShader(GL_FRAGMENT_SHADER);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 1;
    char log[512] = "";
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    glGetShaderInfoLog(s, sizeof log, NULL, log);
    CHECK(!ok, "%.12s compiled in a GL 3.%d context", src, gl_minor);
    CHECK(strstr(log, want) != NULL, "%.12s log: %s", src, log);
    glDeleteShader(s);
}

static const char *vs = "#version 130\n"
                        "in vec2 pos;\n"
                        "flat out int vid;\n"
                        "noperspective out float np;\n"
                        "void main() {\n"
                        "  vid = gl_VertexID;\n"
                        "  np = pos.x;\n"
                        "  gl_Position = vec4(pos, 0.0, 1.0);\n"
                        "}\n";

static const char *fs = "#version 130\n"
                        "uniform uint mask;\n"
                        "uniform float zero;\n"
                        "uniform sampler2D tex;\n"
                        "flat in int vid;\n"
                        "noperspective in float np;\n"
                        "out vec4 color;\n"
                        "void main() {\n"
                        "  ivec2 size = textureSize(tex, 0);\n"
                        "  ivec2 p = ivec2(gl_FragCoord.xy) / 8;\n"
                        "  vec4 t = texelFetch(tex, ivec2(p.x, p.y % size.y), 0);\n"
                        "  uint bits = (uint(p.x) << 2u) | uint(p.y);\n"
                        "  float g;\n"
                        "  switch (int(bits & mask)) {\n"
                        "  case 0: g = 0.0; break;\n"
                        "  case 1:\n"
                        "  case 2: g = 0.4; break;\n"
                        "  default: g = 1.0;\n"
                        "  }\n"
                        "  bool fns = trunc(-1.7) == -1.0 && tanh(0.0) == 0.0 && isinf(1.0 / zero)\n"
                        "             && np > -1.0 && np < 1.0;\n"
                        "  float b = float(size.x * 10 + size.y) / 255.0;\n"
                        "  color = vec4(t.r, g, fns ? b : 0.0, vid >= 2 ? 1.0 : 0.0);\n"
                        "}\n";

static void draw_program(void)
{
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, vs, "glsl 1.30") ||
        !attach_shader(p, GL_FRAGMENT_SHADER, fs, "glsl 1.30"))
        return;
    glBindAttribLocation(p, 3, "pos");
    glBindFragDataLocation(p, 0, "color");
    if (!link_program(p, "glsl 1.30"))
        return;
    CHECK(glGetAttribLocation(p, "pos") == 3, "pos at %d", glGetAttribLocation(p, "pos"));
    CHECK(glGetFragDataLocation(p, "color") == 0, "color at %d",
          glGetFragDataLocation(p, "color"));
    glUseProgram(p);
    glUniform1ui(glGetUniformLocation(p, "mask"), 3u);
    glUniform1f(glGetUniformLocation(p, "zero"), 0.0f);
    glUniform1i(glGetUniformLocation(p, "tex"), 0);
    GLuint back = 99;
    glGetUniformuiv(p, glGetUniformLocation(p, "mask"), &back);
    CHECK(back == 3u, "glGetUniformuiv: %u", back);
    expect_error(GL_NO_ERROR, "uniforms");

    GLubyte texels[2][4][4];
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 4; x++) {
            texels[y][x][0] = (GLubyte)(x * 40 + y * 100);
            texels[y][x][1] = texels[y][x][2] = 0;
            texels[y][x][3] = 255;
        }
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);

    static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
    glVertexAttribPointer(3, 2, GL_FLOAT, GL_FALSE, 0, quad);
    glEnableVertexAttribArray(3);
    glClearColor(0.5, 0.5, 0.5, 0.5);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisableVertexAttribArray(3);
    glUseProgram(0);
    expect_error(GL_NO_ERROR, "the GLSL 1.30 draw");

    GLubyte px[SIZE][SIZE][4];
    glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, px);
    int bad = 0;
    for (int y = 0; y < SIZE && bad < 3; y++)
        for (int x = 0; x < SIZE && bad < 3; x++) {
            int bx = x / 8, by = y / 8;
            unsigned bits = ((unsigned)bx << 2) | (unsigned)by;
            int g = 0;
            switch (bits & 3u) {
            case 0: g = 0; break;
            case 1:
            case 2: g = 102; break;
            default: g = 255;
            }
            int want[4] = { texels[by % 2][bx][0], g, 42, 255 };
            for (int c = 0; c < 4; c++)
                if (abs(px[y][x][c] - want[c]) > 1) {
                    CHECK(0, "pixel (%d,%d) = %d %d %d %d, expected %d %d %d %d", x, y,
                          px[y][x][0], px[y][x][1], px[y][x][2], px[y][x][3], want[0], want[1],
                          want[2], want[3]);
                    bad++;
                    break;
                }
        }
    glDeleteTextures(1, &tex);
    glDeleteProgram(p);
}

/* ARB_explicit_attrib_location: layout(location) wins over the bindings. */
static void explicit_locations(void)
{
    if (!has_word((const char *)glGetString(GL_EXTENSIONS), "GL_ARB_explicit_attrib_location"))
        return;
    static const char *evs = "#version 130\n"
                             "#extension GL_ARB_explicit_attrib_location : require\n"
                             "layout(location = 5) in vec4 pos;\n"
                             "void main() { gl_Position = pos; }\n";
    static const char *efs = "#version 130\n"
                             "#extension GL_ARB_explicit_attrib_location : require\n"
                             "layout(location = 0) out vec4 c;\n"
                             "void main() { c = vec4(1.0); }\n";
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, evs, "explicit locations") ||
        !attach_shader(p, GL_FRAGMENT_SHADER, efs, "explicit locations"))
        return;
    glBindAttribLocation(p, 2, "pos");
    glBindFragDataLocation(p, 1, "c");
    if (!link_program(p, "explicit locations"))
        return;
    CHECK(glGetAttribLocation(p, "pos") == 5, "layout(location = 5) attribute at %d",
          glGetAttribLocation(p, "pos"));
    CHECK(glGetFragDataLocation(p, "c") == 0, "layout(location = 0) output at %d",
          glGetFragDataLocation(p, "c"));
    expect_error(GL_NO_ERROR, "explicit locations");
    glDeleteProgram(p);
}

/* glBindFragDataLocation moves user outputs: `a' and `b' swapped onto
 * colour attachments 1 and 0 of a framebuffer object. */
static void bound_outputs(void)
{
    static const char *bvs = "#version 130\n"
                             "in vec2 pos;\n"
                             "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
    static const char *bfs = "#version 130\n"
                             "out vec4 a;\n"
                             "out vec4 b;\n"
                             "void main() { a = vec4(1.0, 0.0, 0.0, 1.0); b = vec4(0.0, 0.0, 1.0, 1.0); }\n";
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, bvs, "bound outputs") ||
        !attach_shader(p, GL_FRAGMENT_SHADER, bfs, "bound outputs"))
        return;
    glBindAttribLocation(p, 0, "pos");
    glBindFragDataLocation(p, 1, "a");
    glBindFragDataLocation(p, 0, "b");
    if (!link_program(p, "bound outputs"))
        return;
    CHECK(glGetFragDataLocation(p, "a") == 1 && glGetFragDataLocation(p, "b") == 0,
          "bound outputs at %d and %d", glGetFragDataLocation(p, "a"),
          glGetFragDataLocation(p, "b"));
    GLuint fb, rb[2];
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glGenRenderbuffers(2, rb);
    for (int i = 0; i < 2; i++) {
        glBindRenderbuffer(GL_RENDERBUFFER, rb[i]);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_RENDERBUFFER, rb[i]);
    }
    static const GLenum bufs[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
    glDrawBuffers(2, bufs);
    glViewport(0, 0, 4, 4);
    glUseProgram(p);
    static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
    glEnableVertexAttribArray(0);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisableVertexAttribArray(0);
    glUseProgram(0);
    GLubyte px[2][4];
    for (int i = 0; i < 2; i++) {
        glReadBuffer(GL_COLOR_ATTACHMENT0 + i);
        glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px[i]);
    }
    CHECK(px[0][0] == 0 && px[0][2] == 255 && px[1][0] == 255 && px[1][2] == 0,
          "attachment 0 %d %d %d, attachment 1 %d %d %d (expected b blue, a red)", px[0][0],
          px[0][1], px[0][2], px[1][0], px[1][1], px[1][2]);
    expect_error(GL_NO_ERROR, "bound outputs");
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteRenderbuffers(2, rb);
    glViewport(0, 0, SIZE, SIZE);
    glDeleteProgram(p);
}

/* 40 scalar varyings (more than GL_MAX_VARYING_FLOATS / 4 locations
 * hold one to a location) reach the fragment shader intact. */
static void many_scalar_varyings(void)
{
    GLint max = 0;
    glGetIntegerv(GL_MAX_VARYING_FLOATS, &max);
    if (max < 48)
        return;
    char vsrc[4096], fsrc[4096];
    int at = snprintf(vsrc, sizeof vsrc, "#version 130\nin vec2 pos;\n");
    int af = snprintf(fsrc, sizeof fsrc, "#version 130\n");
    for (int i = 0; i < 40; i++) {
        at += snprintf(vsrc + at, sizeof vsrc - at, "out float v%d;\n", i);
        af += snprintf(fsrc + af, sizeof fsrc - af, "in float v%d;\n", i);
    }
    at += snprintf(vsrc + at, sizeof vsrc - at, "void main() {\n");
    af += snprintf(fsrc + af, sizeof fsrc - af, "out vec4 c;\nvoid main() {\n  float s = 0.0;\n");
    for (int i = 0; i < 40; i++) {
        at += snprintf(vsrc + at, sizeof vsrc - at, "  v%d = %d.0 / 1024.0;\n", i, i);
        af += snprintf(fsrc + af, sizeof fsrc - af, "  s += v%d;\n", i);
    }
    snprintf(vsrc + at, sizeof vsrc - at, "  gl_Position = vec4(pos, 0.0, 1.0);\n}\n");
    /* The sum is 780 / 1024: red 194 of 255. */
    snprintf(fsrc + af, sizeof fsrc - af, "  c = vec4(s, 0.0, 0.0, 1.0);\n}\n");
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, vsrc, "40 varyings") ||
        !attach_shader(p, GL_FRAGMENT_SHADER, fsrc, "40 varyings"))
        return;
    glBindAttribLocation(p, 1, "pos");
    if (!link_program(p, "40 varyings"))
        return;
    glUseProgram(p);
    static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, quad);
    glEnableVertexAttribArray(1);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisableVertexAttribArray(1);
    glUseProgram(0);
    GLubyte px[4];
    glReadPixels(5, 5, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(abs(px[0] - 194) <= 1, "40 varyings summed: red %d, expected 194", px[0]);
    expect_error(GL_NO_ERROR, "40 varyings");
    glDeleteProgram(p);
}

int main(void)
{
    struct test_window t = open_rgba8_window(SIZE);
    glViewport(0, 0, SIZE, SIZE);
    versions();
    extension_list();
    next_version_refused();
    draw_program();
    explicit_locations();
    bound_outputs();
    many_scalar_varyings();
    return close_test_window(&t);
}
