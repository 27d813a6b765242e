/*
 * explicit_uniform_location.c: ARB_explicit_uniform_location (GL 4.3) in
 * a compatibility context, by glGetUniformLocation, the values the
 * shaders read (written to a GL_RGBA32F colour texture, read back with
 * glReadPixels and compared exactly), compile and link results with
 * their info logs, and errors. Shaders are GLSL 3.30 with the extension
 * (Mesa wants GLSL 3.30 or ARB_explicit_attrib_location with it, as the
 * extension's dependencies say), and ARB_shader_subroutine for the
 * subroutine part. Without GL_ARB_explicit_uniform_location in
 * GL_EXTENSIONS the client prints a SKIP line (and PASS).
 *
 * - GL_MAX_UNIFORM_LOCATIONS is at least 1024 (printed).
 * - One program: the vertex shader has vec2 offset at 0 and float
 *   shared_f at 1, the fragment shader shared_f at 1 too (the same
 *   uniform at the same location in two stages links), vec4 v at 2,
 *   mat4 m at 3, float a[4] at 10, struct S { float x; vec2 y; float
 *   z[2]; } s at 20 and S sa[2] at 30, sampler2D tex at 40, int i at 41,
 *   uvec2 u at 42, an unused vec4 unused_u[4] at 50, and auto1 and vec4
 *   auto2[3] without a location. glGetUniformLocation gives each element
 *   and member its own consecutive location: a and a[0] 10, a[2] 12, a[3]
 *   13; s.x 20, s.y 21, s.z and s.z[0] 22, s.z[1] 23; sa[0].x 30 up to
 *   sa[1].z[1] 37; tex 40, i 41, u 42 (25 names).
 * - glUniform* at those numbers, never queried (glUniform1fv of 4 at 10,
 *   then glUniform1f at 12 for a[2]; glUniformMatrix4fv at 3; glUniform1i
 *   of unit 3 at 40; ...), and at the generated locations: every value
 *   reaches the shaders (both stages for shared_f), the texture on unit 3
 *   is the one sampled; glGetUniformfv/iv/uiv by location read them back
 *   (a[2], sa[1].y, m, tex, i, u).
 * - The generated locations of auto1, auto2, auto2[1] and auto2[2] are
 *   all different, below the maximum and off every explicit location,
 *   those of the inactive unused_u[4] (50..53) included. unused_u itself
 *   is -1 or 50; glUniform4f at 50 and 53 raises nothing and changes
 *   nothing drawn (issue 4). GL_ACTIVE_UNIFORMS is 19 (20 if unused_u is
 *   active).
 * - Errors by explicit location: glUniform1f at 2 (a vec4) and glUniform1i
 *   at 20 (a float) are GL_INVALID_OPERATION, as is a location no uniform
 *   has; -1 is ignored silently; none of them changes a value drawn.
 * - glProgramUniform1f / 2f at 13 and 0 with no program current (with
 *   ARB_separate_shader_objects) reach a[3] and offset.
 * - With ARB_program_interface_query: glGetProgramResourceLocation
 *   (GL_UNIFORM) gives the same 25 locations, and that of auto2[2] equals
 *   glGetUniformLocation's; the GL_LOCATION property of "a", "sa[1].y",
 *   "s.z" and "tex" is 10, 35, 22 and 40.
 * - Programs that must not compile or link (and leave a non-empty info
 *   log): two uniforms at one location in one stage, and in two stages;
 *   a uniform at 7 inside a float[3] at 5; a uniform at 6 on the second
 *   member of a struct at 5; one uniform at 5 in the vertex shader and 6
 *   in the fragment shader; location -1; location GL_MAX_UNIFORM_
 *   LOCATIONS; a float[4] at GL_MAX_UNIFORM_LOCATIONS - 2; a used uniform
 *   at 6 inside an unused float[3] at 5, and two unused uniforms at 5 ("no
 *   two default-block uniform variables in the program can have the same
 *   location, even if they are unused").
 * - The last locations: float x at GL_MAX_UNIFORM_LOCATIONS - 1 and
 *   float y[4] ending just below it link, glGetUniformLocation gives
 *   them, glUniform1f there reaches the shader.
 * - With ARB_shader_subroutine: a subroutine uniform at location 2 and a
 *   vec4 uniform also at 2 (subroutine uniforms have their own name
 *   space, issue 3) link; glGetSubroutineUniformLocation is 2, glGet
 *   SubroutineIndex gives the explicit indices 3 (red) and 1 (green),
 *   GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS is 3 (the largest location plus
 *   one), GL_ACTIVE_SUBROUTINE_UNIFORMS 1. glUniformSubroutinesuiv of
 *   count 3 with 99 at the unused locations 0 and 1 raises nothing and
 *   selects red(), then green(), by the index at location 2;
 *   glGetUniformSubroutineuiv(2) gives 1, at the unused location 0 raises
 *   nothing, at 3 is GL_INVALID_VALUE; count 2 and an index of 4 are
 *   GL_INVALID_VALUE and change nothing drawn; glGetProgramResource
 *   Location(GL_FRAGMENT_SUBROUTINE_UNIFORM) is 2. A subroutine uniform at
 *   GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS, an index of GL_MAX_SUBROUTINES,
 *   two subroutine uniforms at one location and two subroutines of one
 *   index do not compile or link.
 * Mesa 22 departures, not checked: GL_ACTIVE_SUBROUTINES is the count of
 * subroutines (2), not the largest explicit index plus one (4, issue 7),
 * and glGetActiveSubroutineName takes Mesa's own indices; an unused
 * subroutine uniform location reads back garbage, not GL_INVALID_INDEX;
 * an unused subroutine index at a used location is not GL_INVALID_VALUE.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o
 * explicit_uniform_location tests/clients/explicit_uniform_location.c
 * -lX11 -lGL -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"
#include <math.h>

#define W 16 /* the float target is W x 1 */

#define HEAD "#version 330\n#extension GL_ARB_explicit_uniform_location : require\n"

static GLint max_locations;
static GLuint fbo, target;

/* The vertex shader: offset (0) and shared_f (1) go to the fragment
 * shader through vdata; the position is not moved. */
static const char *main_vs =
    HEAD "in vec2 pos;\n"
         "layout(location = 0) uniform vec2 offset;\n"
         "layout(location = 1) uniform float shared_f;\n"
         "flat out vec3 vdata;\n"
         "void main() {\n"
         "  vdata = vec3(offset, shared_f);\n"
         "  gl_Position = vec4(pos, 0.0, 1.0);\n"
         "}\n";

/* Each pixel of the W x 1 target shows up to four of the values. */
static const char *main_fs =
    HEAD "flat in vec3 vdata;\n"
         "layout(location = 1) uniform float shared_f;\n"
         "layout(location = 2) uniform vec4 v;\n"
         "layout(location = 3) uniform mat4 m;\n"
         "layout(location = 10) uniform float a[4];\n"
         "struct S { float x; vec2 y; float z[2]; };\n"
         "layout(location = 20) uniform S s;\n"
         "layout(location = 30) uniform S sa[2];\n"
         "layout(location = 40) uniform sampler2D tex;\n"
         "layout(location = 41) uniform int i;\n"
         "layout(location = 42) uniform uvec2 u;\n"
         "layout(location = 50) uniform vec4 unused_u[4];\n"
         "uniform float auto1;\n"
         "uniform vec4 auto2[3];\n"
         "out vec4 o;\n"
         "void main() {\n"
         "  int x = int(gl_FragCoord.x);\n"
         "  vec4 r = vec4(-1.0);\n"
         "  if (x == 0) r = vec4(vdata, shared_f);\n"
         "  if (x == 1) r = v;\n"
         "  if (x == 2) r = m[1];\n"
         "  if (x == 3) r = m[3];\n"
         "  if (x == 4) r = vec4(a[0], a[1], a[2], a[3]);\n"
         "  if (x == 5) r = vec4(s.x, s.y, s.z[0]);\n"
         "  if (x == 6) r = vec4(s.z[1], sa[0].x, sa[0].y);\n"
         "  if (x == 7) r = vec4(sa[0].z[0], sa[0].z[1], sa[1].x, sa[1].y.x);\n"
         "  if (x == 8) r = vec4(sa[1].y.y, sa[1].z[0], sa[1].z[1], float(i));\n"
         "  if (x == 9) r = texture(tex, vec2(0.5));\n"
         "  if (x == 10) r = vec4(auto1, auto2[0].x, auto2[2].w, float(u.x + u.y));\n"
         "  o = r;\n"
         "}\n";

/* The location of each name in main_fs/main_vs. */
static const struct {
    const char *name;
    GLint loc;
} expected[] = {
    { "offset", 0 },      { "shared_f", 1 },    { "v", 2 },           { "m", 3 },
    { "a", 10 },          { "a[0]", 10 },       { "a[1]", 11 },       { "a[2]", 12 },
    { "a[3]", 13 },       { "s.x", 20 },        { "s.y", 21 },        { "s.z", 22 },
    { "s.z[0]", 22 },     { "s.z[1]", 23 },     { "sa[0].x", 30 },    { "sa[0].y", 31 },
    { "sa[0].z[0]", 32 }, { "sa[0].z[1]", 33 }, { "sa[1].x", 34 },    { "sa[1].y", 35 },
    { "sa[1].z", 36 },    { "sa[1].z[1]", 37 }, { "tex", 40 },        { "i", 41 },
    { "u", 42 },
};

static GLuint build(const char *vs, const char *fs, const char *what)
{
    return build_pos_program(what, vs, NULL, fs);
}

static void setup(void)
{
    glGenTextures(1, &target);
    glBindTexture(GL_TEXTURE_2D, target);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32F, W, 1);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
    GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(st == GL_FRAMEBUFFER_COMPLETE, "GL_RGBA32F target: status 0x%x", st);
    glViewport(0, 0, W, 1);
    full_screen_quad();
    glBindTexture(GL_TEXTURE_2D, 0);
}

static void draw_and_read(GLfloat out[W][4])
{
    static const GLfloat clear[4] = { -2, -2, -2, -2 };
    glClearBufferfv(GL_COLOR, 0, clear);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glReadPixels(0, 0, W, 1, GL_RGBA, GL_FLOAT, out);
}

static void check_px_tol(GLfloat px[W][4], int x, float r, float g, float b, float a, float tol,
                         const char *what)
{
    const GLfloat *p = px[x];
    CHECK(fabsf(p[0] - r) <= tol && fabsf(p[1] - g) <= tol && fabsf(p[2] - b) <= tol &&
              fabsf(p[3] - a) <= tol,
          "%s: pixel %d is %g %g %g %g, expected %g %g %g %g", what, x, p[0], p[1], p[2], p[3], r,
          g, b, a);
}

/* check_px_tol exactly. */
static void check_px(GLfloat px[W][4], int x, float r, float g, float b, float a, const char *what)
{
    check_px_tol(px, x, r, g, b, a, 0, what);
}

static void main_program(void)
{
    GLuint p = build(main_vs, main_fs, "the main program");
    if (!p)
        return;
    glUseProgram(p);
    for (unsigned k = 0; k < sizeof expected / sizeof expected[0]; k++) {
        GLint l = glGetUniformLocation(p, expected[k].name);
        CHECK(l == expected[k].loc, "glGetUniformLocation(\"%s\") is %d, expected %d",
              expected[k].name, l, expected[k].loc);
    }
    GLint auto1 = glGetUniformLocation(p, "auto1");
    GLint auto2 = glGetUniformLocation(p, "auto2");
    GLint auto2_1 = glGetUniformLocation(p, "auto2[1]");
    GLint auto2_2 = glGetUniformLocation(p, "auto2[2]");
    GLint unused = glGetUniformLocation(p, "unused_u");
    printf("generated locations: auto1 %d, auto2 %d, auto2[1] %d, auto2[2] %d; unused_u %d\n",
           auto1, auto2, auto2_1, auto2_2, unused);
    expect_error(GL_NO_ERROR, "the location queries");

    /* Set everything by the explicit numbers. */
    glUniform2f(0, 0.25f, 0.5f);
    glUniform1f(1, 3.0f);
    glUniform4f(2, 1, 2, 3, 4);
    GLfloat mat[16];
    for (int k = 0; k < 16; k++)
        mat[k] = 100 + k;
    glUniformMatrix4fv(3, 1, GL_FALSE, mat);
    GLfloat arr[4] = { 10, 11, 12, 13 };
    glUniform1fv(10, 4, arr);
    glUniform1f(12, 22); /* a[2] alone */
    glUniform1f(20, 5);
    glUniform2f(21, 6, 7);
    GLfloat z[2] = { 8, 9 };
    glUniform1fv(22, 2, z);
    for (int k = 0; k < 8; k++) {
        /* sa[0].x 30, .y 31 (vec2), .z[0] 32, .z[1] 33, sa[1] from 34 */
        if (k % 4 == 1)
            glUniform2f(30 + k, 40 + k, 50 + k);
        else
            glUniform1f(30 + k, 40 + k);
    }
    glUniform1i(41, -7);
    glUniform2ui(42, 3, 4);
    expect_error(GL_NO_ERROR, "glUniform* at the explicit locations");
    glUniform1f(auto1, 60);
    GLfloat a2[12] = { 61, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 62 };
    glUniform4fv(auto2, 3, a2);
    expect_error(GL_NO_ERROR, "glUniform* at the generated locations");

    /* The sampler at 40 picks unit 3, which holds a 1x1 texture. */
    GLuint t;
    glGenTextures(1, &t);
    glActiveTexture(GL_TEXTURE3);
    glBindTexture(GL_TEXTURE_2D, t);
    static const GLubyte texel[4] = { 255, 0, 51, 255 };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glActiveTexture(GL_TEXTURE0);
    glUniform1i(40, 3);
    expect_error(GL_NO_ERROR, "the sampler's unit at location 40");

    GLfloat px[W][4];
    draw_and_read(px);
    check_px(px, 0, 0.25f, 0.5f, 3, 3, "offset and shared_f (both stages)");
    check_px(px, 1, 1, 2, 3, 4, "v at 2");
    check_px(px, 2, 104, 105, 106, 107, "m[1] (m at 3)");
    check_px(px, 3, 112, 113, 114, 115, "m[3] (m at 3)");
    check_px(px, 4, 10, 11, 22, 13, "a at 10..13");
    check_px(px, 5, 5, 6, 7, 8, "s.x, s.y, s.z[0] at 20..22");
    check_px(px, 6, 9, 40, 41, 51, "s.z[1] at 23, sa[0].x and .y at 30, 31");
    check_px(px, 7, 42, 43, 44, 45, "sa[0].z at 32, 33, sa[1].x, sa[1].y at 34, 35");
    check_px(px, 8, 55, 46, 47, -7, "sa[1].y.y, sa[1].z at 36, 37, i at 41");
    check_px_tol(px, 9, 1, 0, 0.2f, 1, 1e-6f, "tex at 40 (unit 3)");
    check_px(px, 10, 60, 61, 62, 7, "auto1, auto2, u at 42");

    /* The generated locations stay off every explicit one, the unused
     * unused_u[4]'s 50..53 included. */
    GLint gen[4] = { auto1, auto2, auto2_1, auto2_2 };
    for (int k = 0; k < 4; k++) {
        GLint l = gen[k];
        int taken = (l >= 0 && l <= 3) || (l >= 10 && l <= 13) || (l >= 20 && l <= 23) ||
                    (l >= 30 && l <= 37) || (l >= 40 && l <= 42) || (l >= 50 && l <= 53);
        CHECK(l >= 0 && l < max_locations && !taken,
              "generated location %d (auto1, auto2, auto2[1], auto2[2]: %d) is an explicit one or "
              "out "
              "of range", l, k);
    }
    CHECK(auto1 != auto2 && auto1 != auto2_1 && auto1 != auto2_2 && auto2 != auto2_1 &&
              auto2 != auto2_2 && auto2_1 != auto2_2,
          "auto1 %d, auto2 %d, auto2[1] %d and auto2[2] %d are not all different", auto1, auto2,
          auto2_1, auto2_2);
    /* unused_u is not read: inactive (-1) or, if the compiler keeps it, 50. */
    CHECK(unused == -1 || unused == 50, "glGetUniformLocation(\"unused_u\") is %d", unused);
    glUniform4f(50, 1, 2, 3, 4);
    glUniform4f(53, 1, 2, 3, 4);
    expect_error(GL_NO_ERROR, "glUniform4f at the unused uniform's locations 50 and 53");
    draw_and_read(px);
    check_px(px, 1, 1, 2, 3, 4, "v after the writes to 50..53");

    /* Values back by location. */
    GLfloat f[4] = { 0, 0, 0, 0 };
    glGetUniformfv(p, 12, f);
    CHECK(f[0] == 22, "glGetUniformfv(12) (a[2]) is %g", f[0]);
    glGetUniformfv(p, 35, f);
    CHECK(f[0] == 45 && f[1] == 55, "glGetUniformfv(35) (sa[1].y) is %g %g", f[0], f[1]);
    glGetUniformfv(p, 3, mat);
    CHECK(mat[0] == 100 && mat[7] == 107 && mat[15] == 115, "glGetUniformfv(3) (m) is %g %g %g",
          mat[0], mat[7], mat[15]);
    GLint iv[2] = { -1, -1 };
    glGetUniformiv(p, 40, iv);
    CHECK(iv[0] == 3, "glGetUniformiv(40) (tex) is %d", iv[0]);
    glGetUniformiv(p, 41, iv);
    CHECK(iv[0] == -7, "glGetUniformiv(41) (i) is %d", iv[0]);
    GLuint uv[2] = { 0, 0 };
    glGetUniformuiv(p, 42, uv);
    CHECK(uv[0] == 3 && uv[1] == 4, "glGetUniformuiv(42) (u) is %u %u", uv[0], uv[1]);
    expect_error(GL_NO_ERROR, "glGetUniform* at explicit locations");

    /* Errors at explicit locations: the type is the uniform's. */
    glUniform1f(2, 1);
    expect_error(GL_INVALID_OPERATION, "glUniform1f at 2 (a vec4)");
    glUniform1i(20, 1);
    expect_error(GL_INVALID_OPERATION, "glUniform1i at 20 (s.x, a float)");
    GLint none = 900; /* a location no uniform has */
    while (none == auto1 || none == auto2 || none == auto2_1 || none == auto2_2)
        none++;
    glUniform1f(none, 1);
    expect_error(GL_INVALID_OPERATION, "glUniform1f at a location of no uniform");
    glUniform1f(-1, 1);
    expect_error(GL_NO_ERROR, "glUniform1f at -1");
    draw_and_read(px);
    check_px(px, 1, 1, 2, 3, 4, "v after the failed writes");
    check_px(px, 5, 5, 6, 7, 8, "s after the failed writes");

    /* 19 active uniforms (each member of s, sa[0] and sa[1] one), and
     * unused_u only if it is active (issue 8). */
    GLint active = -1, want_active = unused == -1 ? 19 : 20;
    glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &active);
    CHECK(active == want_active, "GL_ACTIVE_UNIFORMS is %d, expected %d", active, want_active);

    if (has_extension("GL_ARB_separate_shader_objects")) {
        glUseProgram(0);
        glProgramUniform1f(p, 13, 33);
        glProgramUniform2f(p, 0, -0.5f, -0.75f);
        expect_error(GL_NO_ERROR, "glProgramUniform* at explicit locations");
        glUseProgram(p);
        draw_and_read(px);
        check_px(px, 4, 10, 11, 22, 33, "a[3] at 13 by glProgramUniform1f");
        check_px(px, 0, -0.5f, -0.75f, 3, 3, "offset at 0 by glProgramUniform2f");
    }

    if (has_extension("GL_ARB_program_interface_query")) {
        for (unsigned k = 0; k < sizeof expected / sizeof expected[0]; k++) {
            GLint l = glGetProgramResourceLocation(p, GL_UNIFORM, expected[k].name);
            CHECK(l == expected[k].loc, "glGetProgramResourceLocation(\"%s\") is %d, expected %d",
                  expected[k].name, l, expected[k].loc);
        }
        static const struct {
            const char *name;
            GLint loc;
        } res[4] = { { "a", 10 }, { "sa[1].y", 35 }, { "s.z", 22 }, { "tex", 40 } };
        for (int k = 0; k < 4; k++) {
            GLuint idx = glGetProgramResourceIndex(p, GL_UNIFORM, res[k].name);
            GLenum prop = GL_LOCATION;
            GLint l = -2;
            glGetProgramResourceiv(p, GL_UNIFORM, idx, 1, &prop, 1, NULL, &l);
            CHECK(idx != GL_INVALID_INDEX && l == res[k].loc,
                  "GL_LOCATION of \"%s\" (index %u) is %d, expected %d", res[k].name, idx, l,
                  res[k].loc);
        }
        GLint l = glGetProgramResourceLocation(p, GL_UNIFORM, "auto2[2]");
        CHECK(l == auto2_2, "glGetProgramResourceLocation(\"auto2[2]\") is %d, "
              "glGetUniformLocation's %d", l, auto2_2);
        expect_error(GL_NO_ERROR, "the program interface queries");
    } else {
        printf("note: no GL_ARB_program_interface_query\n");
    }
    glDeleteTextures(1, &t);
    glDeleteProgram(p);
}

/* Whether `vs` and `fs` compile and link; the first info log of a
 * failure in `log`. */
static int builds(const char *vs, const char *fs, char *log, int size)
{
    const char *src[2] = { vs, fs };
    static const GLenum kinds[2] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
    GLuint p = glCreateProgram();
    int ok = 1;
    log[0] = 0;
    for (int k = 0; k < 2 && ok; k++) {
        GLuint s = glCreateShader(kinds[k]);
        GLint status = 0;
        glShaderSource(s, 1, &src[k], NULL);
        glCompileShader(s);
        glGetShaderiv(s, GL_COMPILE_STATUS, &status);
        if (!status) {
            glGetShaderInfoLog(s, size, NULL, log);
            ok = 0;
        }
        glAttachShader(p, s);
        glDeleteShader(s);
    }
    if (ok) {
        GLint status = 0;
        glLinkProgram(p);
        glGetProgramiv(p, GL_LINK_STATUS, &status);
        if (!status) {
            glGetProgramInfoLog(p, size, NULL, log);
            ok = 0;
        }
    }
    glDeleteProgram(p);
    return ok;
}

#define PLAIN_VS HEAD "in vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n"

/* A program that must not build: a FAIL if it does, or if its log is
 * empty. */
static void must_fail(const char *vs, const char *fs, const char *what)
{
    char log[2048];
    int ok = builds(vs ? vs : PLAIN_VS, fs, log, sizeof log);
    CHECK(!ok, "%s: compiles and links", what);
    CHECK(ok || log[0] != 0, "%s: no info log", what);
    if (!ok)
        printf("  %s: %.*s\n", what, (int)strcspn(log, "\n"), log);
    expect_error(GL_NO_ERROR, what);
}

static void link_errors(void)
{
    char fs[512];
    must_fail(NULL,
              HEAD "layout(location = 5) uniform float x;\n"
                   "layout(location = 5) uniform float y;\n"
                   "out vec4 o;\nvoid main() { o = vec4(x, y, 0.0, 1.0); }\n",
              "two uniforms at location 5 in one stage");
    must_fail(HEAD "in vec2 pos;\nlayout(location = 5) uniform float x;\n"
                   "void main() { gl_Position = vec4(pos, x, 1.0); }\n",
              HEAD "layout(location = 5) uniform float y;\n"
                   "out vec4 o;\nvoid main() { o = vec4(y); }\n",
              "two uniforms at location 5 in two stages");
    must_fail(NULL,
              HEAD "layout(location = 5) uniform float arr[3];\n"
                   "layout(location = 7) uniform float y;\n"
                   "out vec4 o;\nvoid main() { o = vec4(arr[0], arr[2], y, 1.0); }\n",
              "a uniform at 7 inside float[3] at 5");
    must_fail(NULL,
              HEAD "struct T { float a; vec2 b; };\n"
                   "layout(location = 5) uniform T t;\n"
                   "layout(location = 6) uniform float y;\n"
                   "out vec4 o;\nvoid main() { o = vec4(t.a, t.b, y); }\n",
              "a uniform at 6 on the second member of a struct at 5");
    must_fail(HEAD "in vec2 pos;\nlayout(location = 5) uniform float x;\n"
                   "void main() { gl_Position = vec4(pos, x, 1.0); }\n",
              HEAD "layout(location = 6) uniform float x;\n"
                   "out vec4 o;\nvoid main() { o = vec4(x); }\n",
              "one uniform at 5 in the vertex stage and 6 in the fragment stage");
    must_fail(NULL,
              HEAD "layout(location = -1) uniform float x;\n"
                   "out vec4 o;\nvoid main() { o = vec4(x); }\n",
              "location -1");
    snprintf(fs, sizeof fs,
             HEAD "layout(location = %d) uniform float x;\n"
                  "out vec4 o;\nvoid main() { o = vec4(x); }\n",
             max_locations);
    must_fail(NULL, fs, "location GL_MAX_UNIFORM_LOCATIONS");
    snprintf(fs, sizeof fs,
             HEAD "layout(location = %d) uniform float x[4];\n"
                  "out vec4 o;\nvoid main() { o = vec4(x[0], x[1], x[2], x[3]); }\n",
             max_locations - 2);
    must_fail(NULL, fs, "float[4] at GL_MAX_UNIFORM_LOCATIONS - 2");
    /* "even if they are unused" */
    must_fail(NULL,
              HEAD "layout(location = 5) uniform float arr[3];\n"
                   "layout(location = 6) uniform float y;\n"
                   "out vec4 o;\nvoid main() { o = vec4(y); }\n",
              "a used uniform at 6 inside an unused float[3] at 5");
    must_fail(NULL,
              HEAD "layout(location = 5) uniform float x;\n"
                   "layout(location = 5) uniform float y;\n"
                   "out vec4 o;\nvoid main() { o = vec4(1.0); }\n",
              "two unused uniforms at 5");
}

#define SUB_HEAD HEAD "#extension GL_ARB_shader_subroutine : require\n"

/* Subroutine uniform `pick` at 2, subroutines red (index 3) and green
 * (index 1), and a plain uniform at 2 too (another name space). */
static const char *sub_fs =
    SUB_HEAD "subroutine vec4 Colour();\n"
             "layout(index = 3) subroutine(Colour)\n"
             "vec4 red() { return vec4(1.0, 0.0, 0.0, 1.0); }\n"
             "layout(index = 1) subroutine(Colour)\n"
             "vec4 green() { return vec4(0.0, 1.0, 0.0, 1.0); }\n"
             "layout(location = 2) subroutine uniform Colour pick;\n"
             "layout(location = 2) uniform vec4 tint;\n"
             "out vec4 o;\n"
             "void main() { o = pick() + tint; }\n";

static void subroutines(void)
{
    if (!has_extension("GL_ARB_shader_subroutine")) {
        printf("note: no GL_ARB_shader_subroutine: no subroutine checks\n");
        return;
    }
    GLuint p = build(PLAIN_VS, sub_fs, "the subroutine program");
    if (!p)
        return;
    glUseProgram(p);
    GLint l = glGetSubroutineUniformLocation(p, GL_FRAGMENT_SHADER, "pick");
    CHECK(l == 2, "glGetSubroutineUniformLocation(\"pick\") is %d, expected 2", l);
    GLuint red = glGetSubroutineIndex(p, GL_FRAGMENT_SHADER, "red");
    GLuint green = glGetSubroutineIndex(p, GL_FRAGMENT_SHADER, "green");
    CHECK(red == 3 && green == 1, "glGetSubroutineIndex: red %u, green %u; expected 3 and 1", red,
          green);
    l = glGetUniformLocation(p, "tint");
    CHECK(l == 2, "glGetUniformLocation(\"tint\") is %d, expected 2", l);
    GLint n = -1;
    glGetProgramStageiv(p, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS, &n);
    CHECK(n == 3, "GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS is %d, expected 3", n);
    glGetProgramStageiv(p, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINE_UNIFORMS, &n);
    CHECK(n == 1, "GL_ACTIVE_SUBROUTINE_UNIFORMS is %d, expected 1", n);
    /* (Issue 7 makes GL_ACTIVE_SUBROUTINES 4, the largest index plus one;
     * Mesa 22 reports 2: printed, not checked.) */
    glGetProgramStageiv(p, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINES, &n);
    printf("GL_ACTIVE_SUBROUTINES %d\n", n);
    expect_error(GL_NO_ERROR, "the subroutine queries");

    glUniform4f(2, 0, 0, 0.5f, 0);
    GLuint pick[3] = { 99, 99, 3 };
    glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, pick);
    expect_error(GL_NO_ERROR, "glUniformSubroutinesuiv 99 99 3 (99 at unused locations)");
    GLfloat px[W][4];
    draw_and_read(px);
    check_px(px, 0, 1, 0, 0.5f, 1, "red() by location 2, tint at 2");
    pick[0] = pick[1] = 0;
    pick[2] = 1;
    glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, pick);
    expect_error(GL_NO_ERROR, "glUniformSubroutinesuiv 0 0 1");
    draw_and_read(px);
    check_px(px, 0, 0, 1, 0.5f, 1, "green() by location 2");
    GLuint got = 1234;
    glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 2, &got);
    CHECK(got == 1, "glGetUniformSubroutineuiv(2) is %u, expected 1", got);
    /* An unused location: no error (its value should be GL_INVALID_INDEX;
     * Mesa 22 leaves garbage there: not checked). */
    glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 0, &got);
    expect_error(GL_NO_ERROR, "glGetUniformSubroutineuiv(0), an unused location");
    glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 3, &got);
    expect_error(GL_INVALID_VALUE, "glGetUniformSubroutineuiv(3)");
    glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 2, pick);
    expect_error(GL_INVALID_VALUE, "glUniformSubroutinesuiv with count 2");
    /* (Index 2, unused, at a used location is GL_INVALID_VALUE by the
     * extension's Errors; Mesa 22 raises nothing: not checked.) */
    pick[2] = 4;
    glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, pick);
    expect_error(GL_INVALID_VALUE, "glUniformSubroutinesuiv with index 4");
    draw_and_read(px);
    check_px(px, 0, 0, 1, 0.5f, 1, "green() after the failed calls");
    if (has_extension("GL_ARB_program_interface_query")) {
        l = glGetProgramResourceLocation(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, "pick");
        CHECK(l == 2, "glGetProgramResourceLocation(GL_FRAGMENT_SUBROUTINE_UNIFORM) is %d", l);
    }
    glDeleteProgram(p);

    GLint max_sub_locs = 0, max_subs = 0;
    glGetIntegerv(GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS, &max_sub_locs);
    glGetIntegerv(GL_MAX_SUBROUTINES, &max_subs);
    printf("GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS %d, GL_MAX_SUBROUTINES %d\n", max_sub_locs,
           max_subs);
    char fs[1024];
    snprintf(fs, sizeof fs,
             SUB_HEAD "subroutine vec4 Colour();\n"
                      "subroutine(Colour) vec4 red() { return vec4(1.0); }\n"
                      "layout(location = %d) subroutine uniform Colour pick;\n"
                      "out vec4 o;\nvoid main() { o = pick(); }\n",
             max_sub_locs);
    must_fail(NULL, fs, "subroutine uniform at GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS");
    snprintf(fs, sizeof fs,
             SUB_HEAD "subroutine vec4 Colour();\n"
                      "layout(index = %d) subroutine(Colour) vec4 red() { return vec4(1.0); }\n"
                      "subroutine uniform Colour pick;\n"
                      "out vec4 o;\nvoid main() { o = pick(); }\n",
             max_subs);
    must_fail(NULL, fs, "subroutine index GL_MAX_SUBROUTINES");
    must_fail(NULL,
              SUB_HEAD "subroutine vec4 Colour();\n"
                       "subroutine(Colour) vec4 red() { return vec4(1.0); }\n"
                       "layout(location = 1) subroutine uniform Colour p1;\n"
                       "layout(location = 1) subroutine uniform Colour p2;\n"
                       "out vec4 o;\nvoid main() { o = p1() + p2(); }\n",
              "two subroutine uniforms at 1");
    must_fail(NULL,
              SUB_HEAD "subroutine vec4 Colour();\n"
                       "layout(index = 2) subroutine(Colour) vec4 red() { return vec4(1.0); }\n"
                       "layout(index = 2) subroutine(Colour) vec4 blue() { return vec4(0.5); }\n"
                       "subroutine uniform Colour pick;\n"
                       "out vec4 o;\nvoid main() { o = pick(); }\n",
              "two subroutines of index 2");
}

static void edges(void)
{
    char fs[512];
    /* The last locations. */
    snprintf(fs, sizeof fs,
             HEAD "layout(location = %d) uniform float x;\n"
                  "layout(location = %d) uniform float y[4];\n"
                  "out vec4 o;\nvoid main() { o = vec4(x, y[0], y[3], 1.0); }\n",
             max_locations - 1, max_locations - 5);
    GLuint p = build(PLAIN_VS, fs, "x at GL_MAX_UNIFORM_LOCATIONS - 1, y[4] below it");
    if (p) {
        glUseProgram(p);
        GLint lx = glGetUniformLocation(p, "x"), ly3 = glGetUniformLocation(p, "y[3]");
        CHECK(lx == max_locations - 1 && ly3 == max_locations - 2,
              "x at %d, y[3] at %d; expected %d and %d", lx, ly3, max_locations - 1,
              max_locations - 2);
        glUniform1f(max_locations - 1, 7);
        glUniform1f(max_locations - 5, 8);
        glUniform1f(max_locations - 2, 9);
        expect_error(GL_NO_ERROR, "glUniform1f at the last locations");
        GLfloat px[W][4];
        draw_and_read(px);
        check_px(px, 0, 7, 8, 9, 1, "the uniforms at the last locations");
        glDeleteProgram(p);
    }
}

int main(void)
{
    struct test_window t = open_rgba8_window(16);
    printf("GL_VERSION %s, GL_RENDERER %s\n", (const char *)glGetString(GL_VERSION),
           (const char *)glGetString(GL_RENDERER));
    if (!has_extension("GL_ARB_explicit_uniform_location")) {
        printf("SKIP: GL_ARB_explicit_uniform_location is not advertised\n");
        return close_test_window(&t);
    }
    glGetIntegerv(GL_MAX_UNIFORM_LOCATIONS, &max_locations);
    printf("GL_MAX_UNIFORM_LOCATIONS %d\n", max_locations);
    CHECK(max_locations >= 1024, "GL_MAX_UNIFORM_LOCATIONS is %d, below 1024", max_locations);
    setup();
    main_program();
    link_errors();
    edges();
    subroutines();
    glUseProgram(0);
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
