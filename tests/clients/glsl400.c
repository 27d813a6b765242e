/*
 * glsl400.c: GLSL 4.00 and 4.10 in OpenGL 4.x core-profile contexts, with
 * no #extension directive anywhere.
 * - A 4.1 core context (glXCreateContextAttribsARB): GL_MAJOR_VERSION /
 *   GL_MINOR_VERSION at least 4.1 and GL_VERSION starting with the same
 *   "major.minor"; GL_SHADING_LANGUAGE_VERSION at least 4.10;
 *   GL_CONTEXT_PROFILE_MASK has the core bit. A 4.0 core context gets at
 *   least 4.0 and GLSL 4.00, and compiles a #version 400 shader.
 * - A #version 400 program over the window, whose fragment shader checks
 *   (each check numbered; the first that fails is the blue of a red pixel):
 *   double arithmetic from a uniform; the ARB_gpu_shader5 built-ins fma,
 *   bitfieldExtract (signed and unsigned), bitfieldInsert, bitfieldReverse,
 *   bitCount, findLSB, findMSB, uaddCarry, usubBorrow, umulExtended,
 *   imulExtended, frexp, ldexp, packUnorm4x8 / unpackUnorm4x8,
 *   floatBitsToInt / intBitsToFloat / floatBitsToUint; a precise variable;
 *   an int argument to a float parameter, and GLSL 4.00 overload
 *   resolution picking f(float) over f(double) for an int; a sampler
 *   array indexed by a uniform (both elements); textureGather of a 2x2
 *   GL_R8 texture in the order (i0,j1) (i1,j1) (i1,j0) (i0,j0), and with a
 *   component argument; gl_SampleID 0 and gl_SamplePosition within
 *   [0, 1] on a single-sample window; a subroutine uniform whose two
 *   functions, chosen with glUniformSubroutinesuiv (read back with
 *   glGetUniformSubroutineuiv), each give the expected value (and the
 *   wrong one a red window).
 * - A #version 400 samplerCubeArray, in a program of its own, reads each
 *   layer's colour from a two-layer GL_TEXTURE_CUBE_MAP_ARRAY.
 * - A #version 410 program: a dvec2 attribute from glVertexAttribLPointer
 *   holding 1 + 2^-40 (which no float holds); varyings of different names
 *   meeting by layout(location) from the vertex to the geometry shader and
 *   from the geometry to the fragment shader; gl_ViewportIndex from the
 *   geometry shader drawing into viewport 1 (glViewportIndexedf, the right
 *   half) and leaving the left half alone.
 * - A #version 400 tessellation program (control and evaluation shaders)
 *   links and draws a triangle patch over the lower left corner only.
 * - A compatibility context from glXCreateContext (its version printed):
 *   at 4.0 or above, a #version 400 compatibility program (ftransform,
 *   gl_FragColor) draws; at 4.1 or above, a #version 410 core fragment
 *   shader compiles.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o glsl400
 * tests/clients/glsl400.c -lX11 -lGL -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include <GL/glx.h>
#include <GL/glxext.h>
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"

#define SIZE 32

/* "major.minor" at the start of `s` as major * 100 + minor, a one-digit
 * minor counting as tens ("4.1" is 410, "4.10" is 410); -1 if none. */
static int parse_version(const char *s)
{
    int major = 0, minor = 0, n0 = 0, n1 = 0;
    if (!s || sscanf(s, "%d.%n%d%n", &major, &n0, &minor, &n1) != 2)
        return -1;
    return major * 100 + (n1 - n0 == 1 ? minor * 10 : minor);
}

/* The context's versions checked against `want` (major * 100 + minor). */
static void check_versions(int want, const char *what)
{
    GLint major = 0, minor = 0, mask = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
    expect_error(GL_NO_ERROR, "version queries");
    const char *version = (const char *)glGetString(GL_VERSION);
    const char *glsl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
    printf("%s: GL_VERSION %s, GLSL %s\n", what, version, glsl);
    CHECK(major * 100 + minor * 10 >= want, "%s: GL_MAJOR/MINOR_VERSION %d.%d, expected >= %d.%d",
          what, major, minor, want / 100, want % 100 / 10);
    CHECK(parse_version(version) == major * 100 + minor * 10,
          "%s: GL_VERSION \"%s\" does not start with %d.%d", what, version, major, minor);
    CHECK(parse_version(glsl) >= want,
          "%s: GL_SHADING_LANGUAGE_VERSION \"%s\", expected >= %d.%02d", what, glsl, want / 100,
          want % 100);
    CHECK(mask & GL_CONTEXT_CORE_PROFILE_BIT, "%s: GL_CONTEXT_PROFILE_MASK 0x%x, no core bit",
          what, mask);
}

/* Releases and destroys a window that is not the last (no PASS line). */
static void drop_window(struct test_window *t)
{
    glXMakeCurrent(t->dpy, None, NULL);
    glXDestroyContext(t->dpy, t->ctx);
    XDestroyWindow(t->dpy, t->win);
    XFree(t->vis);
    XCloseDisplay(t->dpy);
}

static const char *vs400 = "#version 400\n"
                           "in vec2 pos;\n"
                           "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static const char *green_fs400 = "#version 400\n"
                                 "out vec4 o;\n"
                                 "void main() { o = vec4(0.0, 1.0, 0.0, 1.0); }\n";

/* Each check t(condition, n); the first n that fails is the blue of a red
 * window. `one` is a uniform 1 so that little folds at compile time. Not
 * umulExtended(0x80000000u, 4u) nor (0x80000000u, 4u * uint(one)): llvmpipe
 * (Mesa 22.3) gives those a most significant word of 0, not 2. */
static const char *fs400 =
    "#version 400\n"
    "uniform int one;\n"
    "uniform double dtiny;\n"
    "uniform sampler2D s[2];\n"
    "uniform int idx;\n"
    "uniform sampler2D gather;\n"
    "uniform int want;\n"
    "subroutine int which_t();\n"
    "subroutine(which_t) int first() { return 1; }\n"
    "subroutine(which_t) int second() { return 2; }\n"
    "subroutine uniform which_t which;\n"
    "out vec4 o;\n"
    "int bad = 0;\n"
    "void t(bool c, int n) { if (!c && bad == 0) bad = n; }\n"
    "float twice(float x) { return 2.0 * x; }\n"
    "int kind(float x) { return 1; }\n"
    "int kind(double x) { return 2; }\n"
    "void main() {\n"
    "  double d = double(one) + dtiny;\n"
    "  t(d != 1.0LF && d - 1.0LF == dtiny && float(d) == 1.0, 1);\n"
    "  precise float pf = fma(2.0, float(one) * 3.0, 1.0);\n"
    "  t(pf == 7.0, 2);\n"
    "  uint u = 0xF0u * uint(one);\n"
    "  t(bitfieldExtract(u, 4, 4) == 0xFu, 3);\n"
    "  t(bitfieldExtract(-16 * one, 4, 4) == -1, 4);\n"
    "  t(bitfieldInsert(u, 0x5u, 8, 4) == 0x5F0u, 5);\n"
    "  t(bitfieldReverse(uint(one)) == 0x80000000u, 6);\n"
    "  t(bitCount(u) == 4 && bitCount(-one) == 32, 7);\n"
    "  t(findLSB(u) == 4 && findLSB(0u * u) == -1, 8);\n"
    "  t(findMSB(u) == 7 && findMSB(-one) == -1 && findMSB(one) == 0, 9);\n"
    "  uint carry, borrow, hi, lo;\n"
    "  t(uaddCarry(0xFFFFFFFFu, 2u * uint(one), carry) == 1u && carry == 1u, 10);\n"
    "  t(usubBorrow(uint(one), 2u, borrow) == 0xFFFFFFFFu && borrow == 1u, 11);\n"
    "  umulExtended(0x80000000u, uint(one) + 3u, hi, lo);\n"
    "  t(hi == 2u && lo == 0u, 12);\n"
    "  int ihi, ilo;\n"
    "  imulExtended(-2 * one, 0x40000000, ihi, ilo);\n"
    "  t(ihi == -1 && ilo == int(0x80000000u), 13);\n"
    "  int e;\n"
    "  float m = frexp(8.0 * float(one), e);\n"
    "  t(m == 0.5 && e == 4 && ldexp(0.75, 3 * one) == 6.0, 14);\n"
    "  t(packUnorm4x8(vec4(1.0, 0.0, 0.5, float(one) - 1.0)) == 0x008000FFu, 15);\n"
    "  t(unpackUnorm4x8(0xFF00FF00u * uint(one)) == vec4(0.0, 1.0, 0.0, 1.0), 16);\n"
    "  t(floatBitsToInt(float(one)) == 0x3F800000 && intBitsToFloat(0x40400000 * one) == 3.0\n"
    "    && floatBitsToUint(-float(one)) == 0xBF800000u, 17);\n"
    "  t(twice(3 * one) == 6.0 && kind(one) == 1 && kind(1.0) == 1 && kind(1.0LF) == 2, 18);\n"
    "  t(texture(s[idx], vec2(0.5)) == (idx == 0 ? vec4(1, 0, 0, 1) : vec4(0, 0, 1, 1)), 19);\n"
    "  t(round(textureGather(gather, vec2(0.5)) * 255.0) == vec4(64, 128, 32, 16), 20);\n"
    "  t(textureGather(gather, vec2(0.5), 1) == vec4(0.0), 21);\n"
    "  t(gl_SampleID == 0 && all(greaterThanEqual(gl_SamplePosition, vec2(0.0)))\n"
    "    && all(lessThanEqual(gl_SamplePosition, vec2(1.0))), 22);\n"
    "  t(which() == want, 23);\n"
    "  o = bad == 0 ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, float(bad) / 255.0, 1.0);\n"
    "}\n";

/* The window is green all over; otherwise a FAIL naming the shader check
 * that failed first (the blue of the centre pixel). */
static void check_green(const char *what)
{
    const GLubyte *p = pixel(SIZE / 2, SIZE / 2);
    CHECK(p[0] == 0 && p[1] == 255 && p[2] == 0,
          "%s: centre %d %d %d, expected green (shader check %d failed)", what, p[0], p[1],
          p[2], p[0] == 255 && p[1] == 0 ? p[2] : -1);
    CHECK_ALL_GREEN(SIZE);
}

/* A new `target` texture on unit `unit`, nearest filtering. */
static GLuint texture_on(GLenum unit, GLenum target)
{
    GLuint tex;
    glGenTextures(1, &tex);
    glActiveTexture(unit);
    glBindTexture(target, tex);
    glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return tex;
}

static void glsl400_program(void)
{
    GLuint p = build_pos_program("#version 400", vs400, NULL, fs400);
    if (!p)
        return;
    glUseProgram(p);

    GLuint tex[3];
    static const GLubyte red[4] = { 255, 0, 0, 255 }, blue[4] = { 0, 0, 255, 255 };
    tex[0] = texture_on(GL_TEXTURE1, GL_TEXTURE_2D);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
    tex[1] = texture_on(GL_TEXTURE2, GL_TEXTURE_2D);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, blue);
    /* Row j = 0 is 16 32, row j = 1 is 64 128. */
    static const GLubyte r8[4] = { 16, 32, 64, 128 };
    tex[2] = texture_on(GL_TEXTURE3, GL_TEXTURE_2D);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 2, 2, 0, GL_RED, GL_UNSIGNED_BYTE, r8);
    glActiveTexture(GL_TEXTURE0);
    expect_error(GL_NO_ERROR, "the textures");

    static const GLint units[2] = { 1, 2 };
    glUniform1iv(glGetUniformLocation(p, "s"), 2, units);
    glUniform1i(glGetUniformLocation(p, "gather"), 3);
    glUniform1i(glGetUniformLocation(p, "one"), 1);
    glUniform1d(glGetUniformLocation(p, "dtiny"), 1.0 / 1099511627776.0); /* 2^-40 */
    expect_error(GL_NO_ERROR, "the uniforms");

    GLuint first = glGetSubroutineIndex(p, GL_FRAGMENT_SHADER, "first");
    GLuint second = glGetSubroutineIndex(p, GL_FRAGMENT_SHADER, "second");
    GLint loc = glGetSubroutineUniformLocation(p, GL_FRAGMENT_SHADER, "which");
    GLint nloc = 0;
    glGetProgramStageiv(p, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS, &nloc);
    CHECK(first != GL_INVALID_INDEX && second != GL_INVALID_INDEX && first != second &&
              loc == 0 && nloc == 1,
          "subroutine indices %u %u, uniform location %d of %d locations", first, second, loc,
          nloc);

    GLuint vbo, vao;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    vbo = full_screen_quad();
    glViewport(0, 0, SIZE, SIZE);
    glClearColor(0, 0, 0, 1);
    const struct {
        GLuint *routine;
        int want, idx;
        int green;
        const char *what;
    } draws[] = {
        { &first, 1, 0, 1, "subroutine first, s[0]" },
        { &second, 2, 1, 1, "subroutine second, s[1]" },
        { &first, 2, 1, 0, "subroutine first where second is expected" },
    };
    for (unsigned i = 0; i < sizeof draws / sizeof draws[0]; i++) {
        glUniform1i(glGetUniformLocation(p, "want"), draws[i].want);
        glUniform1i(glGetUniformLocation(p, "idx"), draws[i].idx);
        glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 1, draws[i].routine);
        GLuint got = 99;
        glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 0, &got);
        CHECK(got == *draws[i].routine, "%s: glGetUniformSubroutineuiv %u, expected %u",
              draws[i].what, got, *draws[i].routine);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        expect_error(GL_NO_ERROR, draws[i].what);
        if (draws[i].green)
            check_green(draws[i].what);
        else
            CHECK_RGBA(SIZE / 2, SIZE / 2, 255, 0, 23, 255, 1, draws[i].what);
    }
    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteBuffers(1, &vbo);
    glDeleteVertexArrays(1, &vao);
    glDeleteTextures(3, tex);
}

/* Apart from the program above: a samplerCubeArray and a sampler array
 * indexed by a uniform in one fragment shader crash llvmpipe (Mesa 22.3,
 * LLVM 15) when it compiles the draw. */
static const char *cube_fs400 =
    "#version 400\n"
    "uniform samplerCubeArray cube;\n"
    "out vec4 o;\n"
    "void main() {\n"
    "  vec4 c1 = texture(cube, vec4(1.0, 0.0, 0.0, 1.0));\n"
    "  vec4 c0 = texture(cube, vec4(0.0, -1.0, 0.0, 0.0));\n"
    "  bool ok = all(lessThan(abs(c1 * 255.0 - vec4(51, 102, 204, 255)), vec4(0.6)))\n"
    "      && all(lessThan(abs(c0 * 255.0 - vec4(255, 255, 0, 255)), vec4(0.6)));\n"
    "  o = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
    "}\n";

static void cube_array_program(void)
{
    GLuint p = build_pos_program("samplerCubeArray", vs400, NULL, cube_fs400);
    if (!p)
        return;
    glUseProgram(p);
    /* Layer 0's six faces yellow, layer 1's (51, 102, 204). */
    GLubyte faces[12][4];
    for (int i = 0; i < 12; i++) {
        const GLubyte yellow[4] = { 255, 255, 0, 255 }, other[4] = { 51, 102, 204, 255 };
        memcpy(faces[i], i < 6 ? yellow : other, 4);
    }
    GLuint tex = texture_on(GL_TEXTURE4, GL_TEXTURE_CUBE_MAP_ARRAY);
    glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 1, 1, 12, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 faces);
    glActiveTexture(GL_TEXTURE0);
    glUniform1i(glGetUniformLocation(p, "cube"), 4);
    GLuint vbo, vao;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    vbo = full_screen_quad();
    glViewport(0, 0, SIZE, SIZE);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    expect_error(GL_NO_ERROR, "drawing with a samplerCubeArray");
    CHECK_RGBA(SIZE / 2, SIZE / 2, 0, 255, 0, 255, 0, "samplerCubeArray layers 1 and 0");
    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteBuffers(1, &vbo);
    glDeleteVertexArrays(1, &vao);
    glDeleteTextures(1, &tex);
}

static const char *vs410 = "#version 410\n"
                           "layout(location = 0) in vec2 pos;\n"
                           "layout(location = 1) in dvec2 dv;\n"
                           "layout(location = 3) out vec4 from_vertex;\n"
                           "void main() {\n"
                           "  gl_Position = vec4(pos, 0.0, 1.0);\n"
                           "  double tiny = 1.0LF / 1099511627776.0LF;\n"
                           "  bool ok = dv.x == 1.0LF + tiny && dv.y == -3.0LF;\n"
                           "  from_vertex = ok ? vec4(0.0, 1.0, 0.0, 1.0)\n"
                           "                   : vec4(1.0, 0.0, 0.0, 1.0);\n"
                           "}\n";

static const char *gs410 = "#version 410\n"
                           "layout(triangles) in;\n"
                           "layout(triangle_strip, max_vertices = 3) out;\n"
                           "layout(location = 3) in vec4 into_geometry[];\n"
                           "layout(location = 5) out vec4 from_geometry;\n"
                           "void main() {\n"
                           "  for (int i = 0; i < 3; i++) {\n"
                           "    gl_Position = gl_in[i].gl_Position;\n"
                           "    from_geometry = into_geometry[i];\n"
                           "    gl_ViewportIndex = 1;\n"
                           "    EmitVertex();\n"
                           "  }\n"
                           "  EndPrimitive();\n"
                           "}\n";

static const char *fs410 = "#version 410\n"
                           "layout(location = 5) in vec4 into_fragment;\n"
                           "layout(location = 0) out vec4 o;\n"
                           "void main() { o = into_fragment; }\n";

static void glsl410_program(void)
{
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, vs410, "#version 410") ||
        !attach_shader(p, GL_GEOMETRY_SHADER, gs410, "#version 410") ||
        !attach_shader(p, GL_FRAGMENT_SHADER, fs410, "#version 410") ||
        !link_program(p, "#version 410")) {
        glDeleteProgram(p);
        return;
    }
    glUseProgram(p);
    GLint max_viewports = 0;
    glGetIntegerv(GL_MAX_VIEWPORTS, &max_viewports);
    CHECK(max_viewports >= 16, "GL_MAX_VIEWPORTS %d, expected >= 16", max_viewports);

    static const GLfloat pos[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
    const double tiny = 1.0 / 1099511627776.0;
    const GLdouble dv[8] = { 1 + tiny, -3, 1 + tiny, -3, 1 + tiny, -3, 1 + tiny, -3 };
    GLuint vao, vbo[2];
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(2, vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo[0]);
    glBufferData(GL_ARRAY_BUFFER, sizeof pos, pos, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, vbo[1]);
    glBufferData(GL_ARRAY_BUFFER, sizeof dv, dv, GL_STATIC_DRAW);
    glVertexAttribLPointer(1, 2, GL_DOUBLE, 0, 0);
    glEnableVertexAttribArray(1);
    GLint type = 0;
    glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_TYPE, &type);
    CHECK(type == GL_DOUBLE, "attribute 1 type 0x%x, expected GL_DOUBLE", type);
    expect_error(GL_NO_ERROR, "the double attribute");

    glViewport(0, 0, SIZE, SIZE);
    glViewportIndexedf(1, SIZE / 2, 0, SIZE / 2, SIZE);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    expect_error(GL_NO_ERROR, "drawing to viewport 1");
    CHECK_RGBA(3 * SIZE / 4, SIZE / 2, 0, 255, 0, 255, 0, "viewport 1 (right half), dvec2 ok");
    CHECK_RGBA(SIZE - 1, 0, 0, 255, 0, 255, 0, "viewport 1, corner");
    CHECK_RGBA(SIZE / 4, SIZE / 2, 0, 0, 255, 255, 0, "left half, outside viewport 1");
    CHECK_RGBA(SIZE / 2 - 1, 0, 0, 0, 255, 255, 0, "left half, next to viewport 1");

    glViewportIndexedf(1, 0, 0, SIZE, SIZE);
    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteBuffers(2, vbo);
    glDeleteVertexArrays(1, &vao);
}

static const char *tcs400 = "#version 400\n"
                            "layout(vertices = 3) out;\n"
                            "void main() {\n"
                            "  gl_out[gl_InvocationID].gl_Position =\n"
                            "      gl_in[gl_InvocationID].gl_Position;\n"
                            "  gl_TessLevelOuter[0] = 2.0;\n"
                            "  gl_TessLevelOuter[1] = 2.0;\n"
                            "  gl_TessLevelOuter[2] = 2.0;\n"
                            "  gl_TessLevelInner[0] = 2.0;\n"
                            "}\n";

static const char *tes400 = "#version 400\n"
                            "layout(triangles, equal_spacing, ccw) in;\n"
                            "void main() {\n"
                            "  gl_Position = gl_TessCoord.x * gl_in[0].gl_Position\n"
                            "      + gl_TessCoord.y * gl_in[1].gl_Position\n"
                            "      + gl_TessCoord.z * gl_in[2].gl_Position;\n"
                            "}\n";

static void tessellation(void)
{
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, vs400, "#version 400 tessellation") ||
        !attach_shader(p, GL_TESS_CONTROL_SHADER, tcs400, "#version 400 tessellation") ||
        !attach_shader(p, GL_TESS_EVALUATION_SHADER, tes400, "#version 400 tessellation") ||
        !attach_shader(p, GL_FRAGMENT_SHADER, green_fs400, "#version 400 tessellation")) {
        glDeleteProgram(p);
        return;
    }
    glBindAttribLocation(p, 0, "pos");
    glBindFragDataLocation(p, 0, "o");
    if (!link_program(p, "#version 400 tessellation")) {
        glDeleteProgram(p);
        return;
    }
    glUseProgram(p);
    /* The lower left half of the window. */
    static const GLfloat tri[] = { -1, -1, 1, -1, -1, 1 };
    GLuint vbo;
    GLuint vao = vertex_array_of(tri, sizeof tri, 2, &vbo);
    glPatchParameteri(GL_PATCH_VERTICES, 3);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_PATCHES, 0, 3);
    expect_error(GL_NO_ERROR, "drawing a patch");
    CHECK_RGBA(4, 4, 0, 255, 0, 255, 0, "tessellated patch");
    CHECK_RGBA(SIZE - 4, SIZE - 4, 0, 0, 255, 255, 0, "outside the patch");
    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteBuffers(1, &vbo);
    glDeleteVertexArrays(1, &vao);
}

static const char *compat_vs = "#version 400 compatibility\n"
                               "void main() { gl_Position = ftransform(); }\n";
static const char *compat_fs = "#version 400 compatibility\n"
                               "void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }\n";
static const char *core410_fs = "#version 410 core\n"
                                "layout(location = 0) out vec4 o;\n"
                                "void main() { o = vec4(fma(1.0, 1.0, 0.0)); }\n";

static void compatibility(void)
{
    GLint major = 0, minor = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    printf("compatibility context: GL_VERSION %s, GLSL %s\n",
           (const char *)glGetString(GL_VERSION),
           (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION));
    if (major < 4) {
        printf("compatibility context below 4.0: #version 400 compatibility not checked\n");
        return;
    }
    GLuint p = build_program("#version 400 compatibility", compat_vs, compat_fs);
    if (p) {
        glUseProgram(p);
        glViewport(0, 0, SIZE, SIZE);
        glClearColor(0, 0, 1, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        unit_quad();
        expect_error(GL_NO_ERROR, "drawing with #version 400 compatibility");
        CHECK_RGBA(SIZE / 2, SIZE / 2, 0, 255, 0, 255, 0, "#version 400 compatibility");
        glUseProgram(0);
        glDeleteProgram(p);
    }
    if (major * 10 + minor >= 41)
        CHECK(shader_compiles(GL_FRAGMENT_SHADER, core410_fs),
              "#version 410 core does not compile in a %d.%d compatibility context", major,
              minor);
    expect_error(GL_NO_ERROR, "the compatibility shaders");
}

int main(void)
{
    struct test_window t = open_core_window(SIZE, 4, 1);
    check_versions(410, "4.1 core context");
    glsl400_program();
    cube_array_program();
    glsl410_program();
    tessellation();
    drop_window(&t);

    t = open_core_window(SIZE, 4, 0);
    check_versions(400, "4.0 core context");
    CHECK(shader_compiles(GL_FRAGMENT_SHADER, green_fs400),
          "#version 400 does not compile in the 4.0 core context");
    drop_window(&t);

    t = open_rgba8_window(SIZE);
    compatibility();
    return close_test_window(&t);
}
