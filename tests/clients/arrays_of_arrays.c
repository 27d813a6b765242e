/*
 * arrays_of_arrays.c: ARB_arrays_of_arrays (GL 4.3) in a compatibility
 * context, by the values the shaders compute (written to a W x 1
 * GL_RGBA32F colour texture, read back with glReadPixels and compared
 * exactly), uniform and program queries, buffer contents, compile and
 * link results with their info logs, and errors. Shaders are GLSL 1.50
 * with the extension (and ARB_gpu_shader5, ARB_shading_language_420pack,
 * ARB_shader_storage_buffer_object and ARB_shader_subroutine where used).
 * Without GL_ARB_arrays_of_arrays in GL_EXTENSIONS the client prints a
 * SKIP line (and PASS).
 *
 * - Plain data in a fragment shader: a local float a[3][2] from the
 *   constructor float[3][2](float[2](1, 2), ...) read at constant indices
 *   and at indices from uniforms (0 and 1); an int c[4][3][2] whose
 *   .length() of each dimension is 4, 3, 2; a vec4 b[2][2][2] filled in
 *   loops and written at non-constant indices; whole inner arrays
 *   assigned (t[0] = a[2], t[one] = float[2](7, 8)); a float[3][2]
 *   returned by a function and passed to one (a weighted sum by loops to
 *   .length()); inout float[3][2] and out vec4[2][2][2] parameters; an
 *   `in` parameter is a copy (the caller's array unchanged); == and !=
 *   of whole arrays of arrays; implicitly sized float d[][2] from
 *   float[][2](...) (length 4), a constructor vec4[][](b, b, b) (lengths
 *   3 and 2), a const vec2[2][2]; with 420pack, an initializer list
 *   { {..}, {..} }. All checked in one draw, one pixel each.
 * - Uniforms: vec4 u[2][3] and a struct S { float f; vec2 g[2][2]; } st.
 *   u[0][j] set by glUniform4f at glGetUniformLocation("u[0][j]"), u[1]
 *   by glUniform4fv("u[1][0]", count 3), then u[1][2] alone; every value
 *   reaches the shader, read at constant and non-constant indices;
 *   glUniform4fv at "u[0][1]" with count 3 writes u[0][1] and u[0][2]
 *   and not u[1][0] (the extra element is ignored: the innermost array
 *   is the active uniform); "u[1]" locates u[1][0] ("u[1]" plus "[0]"
 *   names an active uniform); "u" (no active uniform is named "u[0]"),
 *   "u[2][0]", "u[0][3]" and "st.g[2][0]" are -1; glGetUniformfv reads
 *   u[1][1] and st.g[1][1] back.
 *   glGetActiveUniform lists u[0][0] and u[1][0] (GL_FLOAT_VEC4, size 3
 *   each), st.g[0][0] and st.g[1][0] (GL_FLOAT_VEC2, size 2), st.f (size
 *   1), and GL_ACTIVE_UNIFORMS is 7 (GL 4.6 section 7.3.1.1).
 * - Samplers: sampler2D s[2][2], units set by glUniform1iv("s[0][0]", 2)
 *   and glUniform1i("s[1][0]"), ("s[1][1]"), each unit a 1x1 GL_RGBA32F
 *   texture of its own value; each element samples its own texture at
 *   constant indices and at dynamically uniform indices (uniform ints,
 *   ARB_gpu_shader5), the index changed between draws; glGetActive
 *   Uniform lists s[0][0] and s[1][0] (GL_SAMPLER_2D, size 2);
 *   glGetUniformiv("s[0][1]") is its unit. layout(binding = 3) sampler2D
 *   t[2][2] (420pack) has units 3, 4, 5, 6 by glGetUniformiv, is listed
 *   as t[1][0] of size 2, and samples those units.
 * - Uniform blocks: uniform B { vec4 c; } blk[2][2]: GL_ACTIVE_UNIFORM_
 *   BLOCKS 8 (with D below), glGetUniformBlockIndex("B[i][j]") valid and
 *   distinct, "B[2][0]" GL_INVALID_INDEX, glGetActiveUniformBlockName
 *   gives the name back; glUniformBlockBinding puts B[i][j] at binding
 *   3 - (2i + j), four buffers of four colours read at constant and at
 *   dynamically uniform indices. layout(binding = 4) uniform D { vec4 d;
 *   } db[2][2] gives D[i][j] binding 4 + 2i + j (GL_UNIFORM_BLOCK_
 *   BINDING), and D[1][0] reads the buffer at binding 6.
 * - Shader storage (with ARB_shader_storage_buffer_object and ARB_
 *   program_interface_query): buffer S { vec4 v; } sb[2][2] at binding 0
 *   (so S[i][j] at 2i + j, GL_BUFFER_BINDING) written by the fragment
 *   shader at constant indices, and buffer T { float f[2][3]; } written
 *   in loops: glGetBufferSubData reads each S element from its own
 *   buffer and T's six floats at std430 offsets 4 (3i + j); the buffer
 *   variable T.f[0][0] has GL_TOP_LEVEL_ARRAY_SIZE 2, GL_TOP_LEVEL_ARRAY_
 *   STRIDE 12, GL_ARRAY_SIZE 3, GL_ARRAY_STRIDE 4; four active S blocks
 *   plus T (GL_ACTIVE_RESOURCES 5).
 * - Interface blocks: out Blk { flat vec4 a; } io[2][2] from the vertex
 *   shader to the same in the fragment shader, and a block member flat
 *   vec4 m[2][3] of an out/in block: every element arrives.
 * - Vertex inputs: GLSL 4.30 section 4.3.4 allows arrays of vertex inputs
 *   and forbids only structures, so in vec4 attr[2][2] compiles and
 *   links; bound with glBindAttribLocation(p, 3, "attr"), attr[i][j]
 *   reads generic attribute 3 + 2i + j (current values by glVertexAttrib
 *   4f). glGetAttribLocation by the GL 4.6 section 7.3.1 matching rules:
 *   "attr[0][0]" 3, "attr[0][1]" 4, "attr[1]" 5, "attr[1][1]" 6, and
 *   "attr" -1 (the entries are attr[0][0] and attr[1][0]); with ARB_
 *   program_interface_query GL_PROGRAM_INPUT has 3 resources, attr[0][0]
 *   and attr[1][0] of GL_ARRAY_SIZE 2, GL_LOCATION 3 and 5, GL_FLOAT_VEC4.
 * - Subroutines (with ARB_shader_subroutine): subroutine uniform pick
 *   [2][2] (the only one): glGetSubroutineUniformLocation("pick[i][j]")
 *   is 2i + j, GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS 4; glUniform
 *   Subroutinesuiv selects each element's function (twice), and glGet
 *   UniformSubroutineuiv at pick[1][0]'s location gives its index back.
 * - Compile errors (GL_COMPILE_STATUS false, non-empty info log), each
 *   beside a near twin that compiles: an unsized inner dimension (uniform
 *   vec4 x[2][], against x[2][2]); assigning to an implicitly sized
 *   float a[][2] (against indexing it); an unsized array parameter
 *   float[][2] (against float[3][2]); gl_TexCoord redeclared as vec4[2][2]
 *   (against vec4[2]); a constant index past an inner dimension
 *   (a[0][2] of float[3][2], against a[2][1]); a constructor
 *   float[3][2] of float[3] elements; `float a[2][2]` in GLSL 1.50
 *   without the #extension line (against with it).
 * - Link errors (non-empty log), each beside a twin that links: a
 *   uniform block array B[2][3] in the vertex stage and B[3][2] in the
 *   fragment stage; an out block array Blk[2][2] read as in Blk[2][3].
 * Mesa 22 departures, not checked: glGetActiveAttrib names the vertex
 * input entries "attr[0]" and "attr[1]" (GL 4.6 section 11.1.1 gives them
 * the program interface's names, attr[0][0] and attr[1][0], which Mesa's
 * glGetProgramResourceName does give); glGetUniformLocation locates the
 * non-names "u[0][0][0]" (as u[0][0]) and "u[1][2][0]" (as u[1][0]).
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o
 * arrays_of_arrays tests/clients/arrays_of_arrays.c -lX11 -lGL -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"

#define W 16 /* the float target is W x 1 */

#define HEAD "#version 150\n#extension GL_ARB_arrays_of_arrays : require\n"
#define PACK "#extension GL_ARB_shading_language_420pack : require\n"
#define GPU5 "#extension GL_ARB_gpu_shader5 : require\n"
#define SSBO "#extension GL_ARB_shader_storage_buffer_object : require\n"
#define SUBR "#extension GL_ARB_shader_subroutine : require\n"

#define PLAIN_VS HEAD "in vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n"

static GLuint fbo, target;

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

/* Pixel x of px is exactly (r, g, b, a). */
static void check_px(GLfloat px[W][4], int x, float r, float g, float b, float a, const char *what)
{
    const GLfloat *p = px[x];
    CHECK(p[0] == r && p[1] == g && p[2] == b && p[3] == a,
          "%s: pixel %d is %g %g %g %g, expected %g %g %g %g", what, x, p[0], p[1], p[2], p[3], r,
          g, b, a);
}

static GLuint build(const char *vs, const char *fs, const char *what)
{
    return build_pos_program(what, vs, NULL, fs);
}

/* The index, type and size glGetActiveUniform gives for `name`; 0 when no
 * active uniform has that name. */
static int active_uniform(GLuint p, const char *name, GLenum *type, GLint *size)
{
    GLint n = 0;
    glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &n);
    for (GLint i = 0; i < n; i++) {
        char buf[128];
        GLsizei len = 0;
        glGetActiveUniform(p, i, sizeof buf, &len, size, type, buf);
        if (strcmp(buf, name) == 0)
            return 1;
    }
    return 0;
}

static void check_active_uniform(GLuint p, const char *name, GLenum type, GLint size)
{
    GLenum t = 0;
    GLint s = -1;
    int found = active_uniform(p, name, &t, &s);
    CHECK(found && t == type && s == size,
          "glGetActiveUniform: \"%s\" %s, type 0x%x, size %d; expected type 0x%x, size %d", name,
          found ? "found" : "not found", t, s, type, size);
}

/* Plain data. */

/* The initializer list (x == 12) only where 420pack is supported. */
static const char *data_fs =
    HEAD
    "#ifdef GL_ARB_shading_language_420pack\n"
    "#extension GL_ARB_shading_language_420pack : enable\n"
    "#endif\n"
    "uniform int zero;\n"
    "uniform int one;\n"
    "out vec4 o;\n"
    "float[3][2] make(float base) {\n"
    "  return float[3][2](float[2](base, base + 1.0), float[2](base + 2.0, base + 3.0),\n"
    "                     float[2](base + 4.0, base + 5.0));\n"
    "}\n"
    "float weighted(float a[3][2]) {\n"
    "  float s = 0.0;\n"
    "  for (int i = 0; i < a.length(); i++)\n"
    "    for (int j = 0; j < a[i].length(); j++)\n"
    "      s += a[i][j] * float(i * 2 + j + 1);\n"
    "  return s;\n"
    "}\n"
    "void change(inout float a[3][2], out vec4 b[2][2][2], float k) {\n"
    "  a[1] = float[2](a[1][1], a[1][0]);\n"
    "  a[2][1] += k;\n"
    "  for (int i = 0; i < 2; i++)\n"
    "    for (int j = 0; j < 2; j++)\n"
    "      for (int l = 0; l < 2; l++)\n"
    "        b[i][j][l] = vec4(float(i), float(j), float(l), k);\n"
    "}\n"
    "float clobber(float a[3][2]) { a[0][0] = 99.0; return a[0][0]; }\n"
    "void main() {\n"
    "  int x = int(gl_FragCoord.x);\n"
    "  float a[3][2] = float[3][2](float[2](1.0, 2.0), float[2](3.0, 4.0), float[2](5.0, 6.0));\n"
    "  int c[4][3][2];\n"
    "  vec4 b[2][2][2];\n"
    "  for (int i = 0; i < b.length(); i++)\n"
    "    for (int j = 0; j < b[i].length(); j++)\n"
    "      for (int k = 0; k < b[i][j].length(); k++)\n"
    "        b[i][j][k] = vec4(float(i * 4 + j * 2 + k));\n"
    "  b[one][zero][one] = vec4(20.0, 21.0, 22.0, 23.0);\n"
    "  vec4 r = vec4(-1.0);\n"
    "  if (x == 0) r = vec4(a[0][0], a[0][1], a[2][1], a[1][0]);\n"
    "  if (x == 1) r = vec4(a[one + 1][zero], a[one][one], a[zero][one], a[2 * one][one]);\n"
    "  if (x == 2) r = vec4(c.length(), c[0].length(), c[1][2].length(), a[1].length());\n"
    "  if (x == 3) r = b[1][0][1];\n"
    "  if (x == 4) r = b[one][one][zero] + b[zero][one][one] * 10.0 + b[0][0][one] * 100.0;\n"
    "  if (x == 5) {\n"
    "    float t[3][2] = a;\n"
    "    t[0] = a[2];\n"
    "    t[one] = float[2](7.0, 8.0);\n"
    "    float row[2] = t[1];\n"
    "    r = vec4(t[0][0], t[0][1], row[0], row[1] + t[2][0] * 10.0);\n"
    "  }\n"
    "  if (x == 6) {\n"
    "    float m[3][2] = make(10.0);\n"
    "    r = vec4(m[0][0], m[1][1], m[2][0], weighted(m));\n"
    "  }\n"
    "  if (x == 7) {\n"
    "    float t[3][2] = a;\n"
    "    vec4 bb[2][2][2];\n"
    "    change(t, bb, 0.5);\n"
    "    vec4 e = bb[1][0][1];\n"
    "    r = vec4(t[1][0], t[1][1], t[2][1], e.x * 100.0 + e.y * 10.0 + e.z + e.w);\n"
    "  }\n"
    "  if (x == 8) r = vec4(clobber(a), a[0][0], float(a == make(1.0)), float(a != make(1.0)));\n"
    "  if (x == 9) r = vec4(float(a == make(0.0)), float(a != make(0.0)),\n"
    "                       float(b[1] == b[1]), float(b[0] == b[1]));\n"
    "  if (x == 10) {\n"
    "    float d[][2] = float[][2](float[2](1.0, 2.0), float[2](3.0, 4.0),\n"
    "                              float[2](5.0, 6.0), float[2](7.0, 8.0));\n"
    "    vec4 q[2] = vec4[2](vec4(1.0), vec4(2.0));\n"
    "    vec4 g[3][2] = vec4[][](q, q, q);\n"
    "    r = vec4(d.length(), d[3][1], g.length(), g[2].length() * 10 + int(g[2][1].y));\n"
    "  }\n"
    "  if (x == 11) {\n"
    "    const vec2 e[2][2] = vec2[2][2](vec2[2](vec2(1.0, 2.0), vec2(3.0, 4.0)),\n"
    "                                    vec2[2](vec2(5.0, 6.0), vec2(7.0, 8.0)));\n"
    "    r = vec4(e[0][1].x, e[1][0].y, e[one][one].x, e[zero][zero].y);\n"
    "  }\n"
    "#ifdef GL_ARB_shading_language_420pack\n"
    "  if (x == 12) {\n"
    "    float f[2][3] = { { 1.0, 2.0, 3.0 }, { 4.0, 5.0, 6.0 } };\n"
    "    r = vec4(f[0][2], f[1][0], f[one][2], float(f.length() * 10 + f[0].length()));\n"
    "  }\n"
    "#endif\n"
    "  o = r;\n"
    "}\n";

static void plain_data(void)
{
    GLuint p = build(PLAIN_VS, data_fs, "the plain data program");
    if (!p)
        return;
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "zero"), 0);
    glUniform1i(glGetUniformLocation(p, "one"), 1);
    expect_error(GL_NO_ERROR, "the plain data program's uniforms");
    GLfloat px[W][4];
    draw_and_read(px);
    check_px(px, 0, 1, 2, 6, 3, "a[3][2] at constant indices");
    check_px(px, 1, 5, 4, 2, 6, "a[3][2] at non-constant indices");
    check_px(px, 2, 4, 3, 2, 2, ".length() of c[4][3][2], c[0], c[1][2] and a[1]");
    check_px(px, 3, 20, 21, 22, 23, "b[1][0][1] written at non-constant indices");
    /* b[1][1][0] = 6, b[0][1][1] = 3, b[0][0][1] = 1 */
    check_px(px, 4, 136, 136, 136, 136, "b[2][2][2] filled in loops to .length()");
    check_px(px, 5, 5, 6, 7, 58, "whole inner arrays assigned");
    check_px(px, 6, 10, 13, 14, 280, "float[3][2] returned by and passed to functions");
    check_px(px, 7, 4, 3, 6.5f, 101.5f, "inout float[3][2] and out vec4[2][2][2] parameters");
    check_px(px, 8, 99, 1, 1, 0, "an in parameter is a copy; == and != of arrays of arrays");
    check_px(px, 9, 0, 1, 1, 0, "== and != of unequal arrays of arrays");
    check_px(px, 10, 4, 8, 3, 22, "implicitly sized d[][2] and vec4[][](q, q, q)");
    check_px(px, 11, 3, 6, 7, 2, "a const vec2[2][2]");
    if (has_extension("GL_ARB_shading_language_420pack"))
        check_px(px, 12, 3, 4, 6, 23, "an initializer list of a float[2][3]");
    glDeleteProgram(p);
}

/* Default-block uniforms. */

static const char *uniform_fs =
    HEAD
    "uniform vec4 u[2][3];\n"
    "struct S { float f; vec2 g[2][2]; };\n"
    "uniform S st;\n"
    "uniform int zero;\n"
    "uniform int one;\n"
    "out vec4 o;\n"
    "void main() {\n"
    "  int x = int(gl_FragCoord.x);\n"
    "  vec4 r = vec4(-1.0);\n"
    "  if (x < 6) r = u[x / 3][x - 3 * (x / 3)];\n"
    "  if (x == 6) r = vec4(u[0][0].x, u[0][2].y, u[1][1].z, u[1][2].w);\n"
    "  if (x == 7) r = vec4(st.f, st.g[1][0], st.g[zero][one].y);\n"
    "  if (x == 8) r = vec4(st.g[0][0], st.g[one][one]);\n"
    "  o = r;\n"
    "}\n";

static void uniforms(void)
{
    GLuint p = build(PLAIN_VS, uniform_fs, "the uniform program");
    if (!p)
        return;
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "zero"), 0);
    glUniform1i(glGetUniformLocation(p, "one"), 1);
    GLint loc[2][3];
    char name[32];
    for (int i = 0; i < 2; i++) {
        for (int j = 0; j < 3; j++) {
            snprintf(name, sizeof name, "u[%d][%d]", i, j);
            loc[i][j] = glGetUniformLocation(p, name);
            CHECK(loc[i][j] >= 0, "glGetUniformLocation(\"%s\") is %d", name, loc[i][j]);
        }
    }
    GLint l = glGetUniformLocation(p, "u[1]");
    CHECK(l == loc[1][0], "glGetUniformLocation(\"u[1]\") is %d, that of u[1][0] %d", l,
          loc[1][0]);
    /* (Mesa 22 also locates "u[0][0][0]", as u[0][0]: not checked.) */
    static const char *none[] = { "u", "u[2][0]", "u[0][3]", "st.g[2][0]" };
    for (int k = 0; k < 4; k++) {
        l = glGetUniformLocation(p, none[k]);
        CHECK(l == -1, "glGetUniformLocation(\"%s\") is %d, expected -1", none[k], l);
    }
    expect_error(GL_NO_ERROR, "the location queries");

    for (int j = 0; j < 3; j++)
        glUniform4f(loc[0][j], j, j + 10, j + 20, j + 30);
    GLfloat row[12];
    for (int k = 0; k < 12; k++)
        row[k] = 100 + k;
    glUniform4fv(loc[1][0], 3, row);
    glUniform4f(loc[1][2], 50, 51, 52, 53);
    glUniform1f(glGetUniformLocation(p, "st.f"), 7);
    glUniform2f(glGetUniformLocation(p, "st.g[0][0]"), 60, 61);
    GLfloat g[4] = { 62, 63, 64, 65 };
    glUniform2fv(glGetUniformLocation(p, "st.g[0][1]"), 1, g);
    glUniform2fv(glGetUniformLocation(p, "st.g[1][0]"), 2, g + 0);
    glUniform2f(glGetUniformLocation(p, "st.g[1][1]"), 66, 67);
    expect_error(GL_NO_ERROR, "setting u[2][3] and st");

    GLfloat px[W][4];
    draw_and_read(px);
    for (int j = 0; j < 3; j++)
        check_px(px, j, j, j + 10, j + 20, j + 30, "u[0][j] by glUniform4f");
    check_px(px, 3, 100, 101, 102, 103, "u[1][0] by glUniform4fv of 3");
    check_px(px, 4, 104, 105, 106, 107, "u[1][1] by glUniform4fv of 3");
    check_px(px, 5, 50, 51, 52, 53, "u[1][2] by glUniform4f at \"u[1][2]\"");
    check_px(px, 6, 0, 12, 106, 53, "u at constant indices");
    check_px(px, 7, 7, 62, 63, 63, "st.f, st.g[1][0], st.g[0][1].y");
    check_px(px, 8, 60, 61, 66, 67, "st.g[0][0], st.g[1][1]");

    /* Count 3 at u[0][1]: the innermost array has two elements left; the
     * third value goes nowhere, not into u[1][0]. */
    GLfloat three[12] = { 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81 };
    glUniform4fv(loc[0][1], 3, three);
    expect_error(GL_NO_ERROR, "glUniform4fv(\"u[0][1]\", 3)");
    draw_and_read(px);
    check_px(px, 0, 0, 10, 20, 30, "u[0][0] after glUniform4fv(\"u[0][1]\", 3)");
    check_px(px, 1, 70, 71, 72, 73, "u[0][1] after glUniform4fv(\"u[0][1]\", 3)");
    check_px(px, 2, 74, 75, 76, 77, "u[0][2] after glUniform4fv(\"u[0][1]\", 3)");
    check_px(px, 3, 100, 101, 102, 103, "u[1][0] after glUniform4fv(\"u[0][1]\", 3)");

    GLfloat f[4] = { 0, 0, 0, 0 };
    glGetUniformfv(p, loc[1][1], f);
    CHECK(f[0] == 104 && f[1] == 105 && f[2] == 106 && f[3] == 107,
          "glGetUniformfv(\"u[1][1]\") is %g %g %g %g", f[0], f[1], f[2], f[3]);
    glGetUniformfv(p, glGetUniformLocation(p, "st.g[1][1]"), f);
    CHECK(f[0] == 66 && f[1] == 67, "glGetUniformfv(\"st.g[1][1]\") is %g %g", f[0], f[1]);

    check_active_uniform(p, "u[0][0]", GL_FLOAT_VEC4, 3);
    check_active_uniform(p, "u[1][0]", GL_FLOAT_VEC4, 3);
    check_active_uniform(p, "st.g[0][0]", GL_FLOAT_VEC2, 2);
    check_active_uniform(p, "st.g[1][0]", GL_FLOAT_VEC2, 2);
    check_active_uniform(p, "st.f", GL_FLOAT, 1);
    GLint n = -1;
    glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &n);
    CHECK(n == 7, "GL_ACTIVE_UNIFORMS is %d, expected 7", n);
    expect_error(GL_NO_ERROR, "the uniform queries");
    glDeleteProgram(p);
}

/* Samplers. */

static const char *sampler_fs =
    HEAD PACK GPU5
    "uniform sampler2D s[2][2];\n"
    "layout(binding = 3) uniform sampler2D t[2][2];\n"
    "uniform int si;\n"
    "uniform int sj;\n"
    "out vec4 o;\n"
    "void main() {\n"
    "  int x = int(gl_FragCoord.x);\n"
    "  vec2 c = vec2(0.5);\n"
    "  vec4 r = vec4(-1.0);\n"
    "  if (x == 0) r = texture(s[0][0], c);\n"
    "  if (x == 1) r = texture(s[0][1], c);\n"
    "  if (x == 2) r = texture(s[1][0], c);\n"
    "  if (x == 3) r = texture(s[1][1], c);\n"
    "  if (x == 4) r = texture(s[si][sj], c);\n"
    "  if (x == 5) r = texture(t[0][0], c);\n"
    "  if (x == 6) r = texture(t[0][1], c);\n"
    "  if (x == 7) r = texture(t[1][0], c);\n"
    "  if (x == 8) r = texture(t[1][1], c);\n"
    "  if (x == 9) r = texture(t[si][sj], c);\n"
    "  o = r;\n"
    "}\n";

/* Unit u holds a 1x1 GL_RGBA32F texture of (u, u + 10, u + 20, 1). */
static void sampler_units(GLuint tex[8])
{
    glGenTextures(8, tex);
    for (int u = 0; u < 8; u++) {
        GLfloat v[4] = { u, u + 10, u + 20, 1 };
        glActiveTexture(GL_TEXTURE0 + u);
        glBindTexture(GL_TEXTURE_2D, tex[u]);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 1, 1, 0, GL_RGBA, GL_FLOAT, v);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    }
    glActiveTexture(GL_TEXTURE0);
}

static void check_unit(GLfloat px[W][4], int x, int u, const char *what)
{
    check_px(px, x, u, u + 10, u + 20, 1, what);
}

static void samplers(void)
{
    if (!has_extension("GL_ARB_gpu_shader5") ||
        !has_extension("GL_ARB_shading_language_420pack")) {
        printf("note: no GL_ARB_gpu_shader5 or 420pack: no sampler checks\n");
        return;
    }
    GLuint p = build(PLAIN_VS, sampler_fs, "the sampler program");
    if (!p)
        return;
    glUseProgram(p);
    GLuint tex[8];
    sampler_units(tex);
    /* t[2][2] is on 3..6 by its binding; s takes 2, 0, 7, 1. */
    GLint first[2] = { 2, 0 };
    glUniform1iv(glGetUniformLocation(p, "s[0][0]"), 2, first);
    glUniform1i(glGetUniformLocation(p, "s[1][0]"), 7);
    glUniform1i(glGetUniformLocation(p, "s[1][1]"), 1);
    glUniform1i(glGetUniformLocation(p, "si"), 1);
    glUniform1i(glGetUniformLocation(p, "sj"), 0);
    expect_error(GL_NO_ERROR, "the sampler units by name");
    for (int k = 0; k < 4; k++) {
        char name[16];
        GLint unit = -1;
        snprintf(name, sizeof name, "t[%d][%d]", k / 2, k % 2);
        glGetUniformiv(p, glGetUniformLocation(p, name), &unit);
        CHECK(unit == 3 + k, "glGetUniformiv(\"%s\") is %d, expected %d (binding = 3)", name,
              unit, 3 + k);
    }
    GLint unit = -1;
    glGetUniformiv(p, glGetUniformLocation(p, "s[0][1]"), &unit);
    CHECK(unit == 0, "glGetUniformiv(\"s[0][1]\") is %d, expected 0", unit);
    check_active_uniform(p, "s[0][0]", GL_SAMPLER_2D, 2);
    check_active_uniform(p, "s[1][0]", GL_SAMPLER_2D, 2);
    check_active_uniform(p, "t[1][0]", GL_SAMPLER_2D, 2);

    GLfloat px[W][4];
    draw_and_read(px);
    check_unit(px, 0, 2, "s[0][0] on unit 2");
    check_unit(px, 1, 0, "s[0][1] on unit 0");
    check_unit(px, 2, 7, "s[1][0] on unit 7");
    check_unit(px, 3, 1, "s[1][1] on unit 1");
    check_unit(px, 4, 7, "s[si][sj], si 1, sj 0");
    for (int k = 0; k < 4; k++)
        check_unit(px, 5 + k, 3 + k, "t[i][j] on unit 3 + 2i + j");
    check_unit(px, 9, 5, "t[si][sj], si 1, sj 0");
    glUniform1i(glGetUniformLocation(p, "si"), 0);
    glUniform1i(glGetUniformLocation(p, "sj"), 1);
    draw_and_read(px);
    check_unit(px, 4, 0, "s[si][sj], si 0, sj 1");
    check_unit(px, 9, 4, "t[si][sj], si 0, sj 1");
    expect_error(GL_NO_ERROR, "the sampler draws");
    glDeleteTextures(8, tex);
    glDeleteProgram(p);
}

/* Uniform blocks. */

static const char *block_fs =
    HEAD PACK GPU5
    "uniform B { vec4 c; } blk[2][2];\n"
    "layout(binding = 4) uniform D { vec4 d; } db[2][2];\n"
    "uniform int si;\n"
    "uniform int sj;\n"
    "out vec4 o;\n"
    "void main() {\n"
    "  int x = int(gl_FragCoord.x);\n"
    "  vec4 r = vec4(-1.0);\n"
    "  if (x == 0) r = blk[0][0].c;\n"
    "  if (x == 1) r = blk[0][1].c;\n"
    "  if (x == 2) r = blk[1][0].c;\n"
    "  if (x == 3) r = blk[1][1].c;\n"
    "  if (x == 4) r = blk[si][sj].c;\n"
    "  if (x == 5) r = db[1][0].d + db[0][0].d * 0.0 + db[0][1].d * 0.0 + db[1][1].d * 0.0;\n"
    "  o = r;\n"
    "}\n";

static void uniform_blocks(void)
{
    if (!has_extension("GL_ARB_gpu_shader5") ||
        !has_extension("GL_ARB_shading_language_420pack")) {
        printf("note: no GL_ARB_gpu_shader5 or 420pack: no uniform block checks\n");
        return;
    }
    GLuint p = build(PLAIN_VS, block_fs, "the uniform block program");
    if (!p)
        return;
    glUseProgram(p);
    GLint n = -1;
    glGetProgramiv(p, GL_ACTIVE_UNIFORM_BLOCKS, &n);
    CHECK(n == 8, "GL_ACTIVE_UNIFORM_BLOCKS is %d, expected 8", n);
    GLuint idx[4];
    for (int k = 0; k < 4; k++) {
        char name[16], back[32] = "";
        snprintf(name, sizeof name, "B[%d][%d]", k / 2, k % 2);
        idx[k] = glGetUniformBlockIndex(p, name);
        CHECK(idx[k] != GL_INVALID_INDEX, "glGetUniformBlockIndex(\"%s\") is GL_INVALID_INDEX",
              name);
        for (int m = 0; m < k; m++)
            CHECK(idx[k] != idx[m], "B[%d][%d] and B[%d][%d] have one index %u", k / 2, k % 2,
                  m / 2, m % 2, idx[k]);
        if (idx[k] == GL_INVALID_INDEX)
            continue;
        glGetActiveUniformBlockName(p, idx[k], sizeof back, NULL, back);
        CHECK(strcmp(back, name) == 0, "glGetActiveUniformBlockName(%u) is \"%s\", expected %s",
              idx[k], back, name);
        glUniformBlockBinding(p, idx[k], 3 - k);
    }
    GLuint bad = glGetUniformBlockIndex(p, "B[2][0]");
    CHECK(bad == GL_INVALID_INDEX, "glGetUniformBlockIndex(\"B[2][0]\") is %u", bad);
    for (int k = 0; k < 4; k++) {
        char name[16];
        snprintf(name, sizeof name, "D[%d][%d]", k / 2, k % 2);
        GLuint d = glGetUniformBlockIndex(p, name);
        GLint binding = -1;
        if (d != GL_INVALID_INDEX)
            glGetActiveUniformBlockiv(p, d, GL_UNIFORM_BLOCK_BINDING, &binding);
        CHECK(binding == 4 + k, "GL_UNIFORM_BLOCK_BINDING of %s (index %u) is %d, expected %d",
              name, d, binding, 4 + k);
    }
    expect_error(GL_NO_ERROR, "the uniform block queries");

    /* Binding b holds (b, 2b, 3b, 4b) + 1 for b in 0..7. */
    GLuint buf[8];
    glGenBuffers(8, buf);
    for (int b = 0; b < 8; b++) {
        GLfloat v[4] = { b + 1, 2 * b + 1, 3 * b + 1, 4 * b + 1 };
        glBindBuffer(GL_UNIFORM_BUFFER, buf[b]);
        glBufferData(GL_UNIFORM_BUFFER, sizeof v, v, GL_STATIC_DRAW);
        glBindBufferBase(GL_UNIFORM_BUFFER, b, buf[b]);
    }
    glUniform1i(glGetUniformLocation(p, "si"), 1);
    glUniform1i(glGetUniformLocation(p, "sj"), 0);
    GLfloat px[W][4];
    draw_and_read(px);
    for (int k = 0; k < 4; k++) {
        int b = 3 - k;
        check_px(px, k, b + 1, 2 * b + 1, 3 * b + 1, 4 * b + 1, "blk[i][j] at binding 3 - 2i - j");
    }
    check_px(px, 4, 2, 3, 4, 5, "blk[si][sj], si 1, sj 0 (binding 1)");
    check_px(px, 5, 7, 13, 19, 25, "db[1][0] at binding 6");
    glUniform1i(glGetUniformLocation(p, "si"), 0);
    glUniform1i(glGetUniformLocation(p, "sj"), 1);
    draw_and_read(px);
    check_px(px, 4, 3, 5, 7, 9, "blk[si][sj], si 0, sj 1 (binding 2)");
    expect_error(GL_NO_ERROR, "the uniform block draws");
    for (int b = 0; b < 8; b++)
        glBindBufferBase(GL_UNIFORM_BUFFER, b, 0);
    glDeleteBuffers(8, buf);
    glDeleteProgram(p);
}

/* Shader storage blocks. */

static const char *storage_fs =
    HEAD PACK SSBO
    "layout(std430, binding = 0) buffer S { vec4 v; } sb[2][2];\n"
    "layout(std430, binding = 4) buffer T { float f[2][3]; } tb;\n"
    "out vec4 o;\n"
    "void main() {\n"
    "  sb[0][0].v = vec4(1.0, 2.0, 3.0, 4.0);\n"
    "  sb[0][1].v = vec4(5.0, 6.0, 7.0, 8.0);\n"
    "  sb[1][0].v = vec4(9.0, 10.0, 11.0, 12.0);\n"
    "  sb[1][1].v = vec4(13.0, 14.0, 15.0, 16.0);\n"
    "  for (int i = 0; i < tb.f.length(); i++)\n"
    "    for (int j = 0; j < tb.f[i].length(); j++)\n"
    "      tb.f[i][j] = float(10 * i + j + 1);\n"
    "  o = vec4(1.0);\n"
    "}\n";

static void storage_blocks(void)
{
    if (!has_extension("GL_ARB_shader_storage_buffer_object") ||
        !has_extension("GL_ARB_shading_language_420pack") ||
        !has_extension("GL_ARB_program_interface_query")) {
        printf("note: no GL_ARB_shader_storage_buffer_object, 420pack or "
               "program_interface_query: no storage block checks\n");
        return;
    }
    GLint max_fs = 0;
    glGetIntegerv(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, &max_fs);
    if (max_fs < 5) {
        printf("note: GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS %d: no storage block checks\n",
               max_fs);
        return;
    }
    GLuint p = build(PLAIN_VS, storage_fs, "the storage block program");
    if (!p)
        return;
    glUseProgram(p);
    GLint n = -1;
    glGetProgramInterfaceiv(p, GL_SHADER_STORAGE_BLOCK, GL_ACTIVE_RESOURCES, &n);
    CHECK(n == 5, "GL_ACTIVE_RESOURCES of GL_SHADER_STORAGE_BLOCK is %d, expected 5", n);
    for (int k = 0; k < 4; k++) {
        char name[16];
        snprintf(name, sizeof name, "S[%d][%d]", k / 2, k % 2);
        GLuint idx = glGetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, name);
        GLenum prop = GL_BUFFER_BINDING;
        GLint binding = -1;
        if (idx != GL_INVALID_INDEX)
            glGetProgramResourceiv(p, GL_SHADER_STORAGE_BLOCK, idx, 1, &prop, 1, NULL, &binding);
        CHECK(binding == k, "GL_BUFFER_BINDING of %s (index %u) is %d, expected %d", name, idx,
              binding, k);
    }
    GLuint var = glGetProgramResourceIndex(p, GL_BUFFER_VARIABLE, "T.f[0][0]");
    CHECK(var != GL_INVALID_INDEX, "glGetProgramResourceIndex(\"T.f[0][0]\") is GL_INVALID_INDEX");
    if (var != GL_INVALID_INDEX) {
        static const GLenum props[4] = { GL_TOP_LEVEL_ARRAY_SIZE, GL_TOP_LEVEL_ARRAY_STRIDE,
                                         GL_ARRAY_SIZE, GL_ARRAY_STRIDE };
        GLint v[4] = { -1, -1, -1, -1 };
        glGetProgramResourceiv(p, GL_BUFFER_VARIABLE, var, 4, props, 4, NULL, v);
        CHECK(v[0] == 2 && v[1] == 12 && v[2] == 3 && v[3] == 4,
              "T.f[0][0]: top-level array size %d, stride %d, array size %d, stride %d; "
              "expected 2, 12, 3, 4", v[0], v[1], v[2], v[3]);
    }
    expect_error(GL_NO_ERROR, "the storage block queries");

    GLuint buf[5];
    GLfloat fill[8] = { -1, -1, -1, -1, -1, -1, -1, -1 };
    glGenBuffers(5, buf);
    for (int b = 0; b < 5; b++) {
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf[b]);
        glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof fill, fill, GL_DYNAMIC_COPY);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, b, buf[b]);
    }
    GLfloat px[W][4];
    draw_and_read(px);
    check_px(px, 0, 1, 1, 1, 1, "the storage block program's colour");
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    for (int k = 0; k < 4; k++) {
        GLfloat got[8];
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf[k]);
        glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof got, got);
        CHECK(got[0] == 4 * k + 1 && got[1] == 4 * k + 2 && got[2] == 4 * k + 3 &&
                  got[3] == 4 * k + 4 && got[4] == -1,
              "sb[%d][%d] in buffer %d: %g %g %g %g %g, expected %d %d %d %d -1", k / 2, k % 2,
              k, got[0], got[1], got[2], got[3], got[4], 4 * k + 1, 4 * k + 2, 4 * k + 3,
              4 * k + 4);
    }
    GLfloat got[8];
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf[4]);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof got, got);
    static const GLfloat want[8] = { 1, 2, 3, 11, 12, 13, -1, -1 };
    CHECK(memcmp(got, want, sizeof want) == 0,
          "tb.f (std430) is %g %g %g %g %g %g %g %g, expected 1 2 3 11 12 13 -1 -1", got[0],
          got[1], got[2], got[3], got[4], got[5], got[6], got[7]);
    expect_error(GL_NO_ERROR, "the storage block draw");
    for (int b = 0; b < 5; b++)
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, b, 0);
    glDeleteBuffers(5, buf);
    glDeleteProgram(p);
}

/* Interface blocks and vertex inputs. */

static const char *iface_vs =
    HEAD
    "in vec2 pos;\n"
    "out Blk { flat vec4 a; } io[2][2];\n"
    "out Mat { flat vec4 m[2][3]; } mo;\n"
    "void main() {\n"
    "  io[0][0].a = vec4(1.0, 2.0, 3.0, 4.0);\n"
    "  io[0][1].a = vec4(5.0, 6.0, 7.0, 8.0);\n"
    "  io[1][0].a = vec4(9.0, 10.0, 11.0, 12.0);\n"
    "  io[1][1].a = vec4(13.0, 14.0, 15.0, 16.0);\n"
    "  for (int i = 0; i < 2; i++)\n"
    "    for (int j = 0; j < 3; j++)\n"
    "      mo.m[i][j] = vec4(float(100 + 10 * i + j));\n"
    "  gl_Position = vec4(pos, 0.0, 1.0);\n"
    "}\n";

static const char *iface_fs =
    HEAD
    "in Blk { flat vec4 a; } io[2][2];\n"
    "in Mat { flat vec4 m[2][3]; } mo;\n"
    "out vec4 o;\n"
    "void main() {\n"
    "  int x = int(gl_FragCoord.x);\n"
    "  vec4 r = vec4(-1.0);\n"
    "  if (x == 0) r = io[0][0].a;\n"
    "  if (x == 1) r = io[0][1].a;\n"
    "  if (x == 2) r = io[1][0].a;\n"
    "  if (x == 3) r = io[1][1].a;\n"
    "  if (x == 4) r = vec4(mo.m[0][0].x, mo.m[0][1].y, mo.m[0][2].z, mo.m[1][0].w);\n"
    "  if (x == 5) r = vec4(mo.m[1][1].x, mo.m[1][2].y, mo.m[1].length(), mo.m.length());\n"
    "  o = r;\n"
    "}\n";

static const char *attr_vs =
    HEAD
    "in vec2 pos;\n"
    "in vec4 attr[2][2];\n"
    "flat out vec4 v[4];\n"
    "void main() {\n"
    "  v[0] = attr[0][0];\n"
    "  v[1] = attr[0][1];\n"
    "  v[2] = attr[1][0];\n"
    "  v[3] = attr[1][1];\n"
    "  gl_Position = vec4(pos, 0.0, 1.0);\n"
    "}\n";

static const char *attr_fs =
    HEAD
    "flat in vec4 v[4];\n"
    "out vec4 o;\n"
    "void main() {\n"
    "  int x = int(gl_FragCoord.x);\n"
    "  o = x < 4 ? v[x] : vec4(-1.0);\n"
    "}\n";

static void interfaces(void)
{
    GLuint p = build(iface_vs, iface_fs, "the interface block program");
    if (p) {
        glUseProgram(p);
        GLfloat px[W][4];
        draw_and_read(px);
        for (int k = 0; k < 4; k++)
            check_px(px, k, 4 * k + 1, 4 * k + 2, 4 * k + 3, 4 * k + 4,
                     "out Blk io[2][2] to in Blk io[2][2]");
        check_px(px, 4, 100, 101, 102, 110, "block member m[2][3]");
        check_px(px, 5, 111, 112, 3, 2, "block member m[2][3] (and its lengths)");
        expect_error(GL_NO_ERROR, "the interface block draw");
        glDeleteProgram(p);
    }

    CHECK(shader_compiles(GL_VERTEX_SHADER, attr_vs), "in vec4 attr[2][2] does not compile");
    p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, attr_vs, "the vertex input program") ||
        !attach_shader(p, GL_FRAGMENT_SHADER, attr_fs, "the vertex input program")) {
        glDeleteProgram(p);
        return;
    }
    glBindAttribLocation(p, 0, "pos");
    glBindAttribLocation(p, 3, "attr");
    glBindFragDataLocation(p, 0, "o");
    if (!link_program(p, "the vertex input program")) {
        glDeleteProgram(p);
        return;
    }
    glUseProgram(p);
    static const struct {
        const char *name;
        GLint loc;
    } attr_locs[5] = { { "attr", -1 },       { "attr[0][0]", 3 }, { "attr[0][1]", 4 },
                       { "attr[1]", 5 },     { "attr[1][1]", 6 } };
    for (int k = 0; k < 5; k++) {
        GLint l = glGetAttribLocation(p, attr_locs[k].name);
        CHECK(l == attr_locs[k].loc, "glGetAttribLocation(\"%s\") is %d, expected %d",
              attr_locs[k].name, l, attr_locs[k].loc);
    }
    if (has_extension("GL_ARB_program_interface_query")) {
        GLint n = -1;
        glGetProgramInterfaceiv(p, GL_PROGRAM_INPUT, GL_ACTIVE_RESOURCES, &n);
        CHECK(n == 3, "GL_ACTIVE_RESOURCES of GL_PROGRAM_INPUT is %d, expected 3", n);
        for (int k = 0; k < 2; k++) {
            const char *name = k ? "attr[1][0]" : "attr[0][0]";
            GLuint idx = glGetProgramResourceIndex(p, GL_PROGRAM_INPUT, name);
            static const GLenum props[3] = { GL_ARRAY_SIZE, GL_LOCATION, GL_TYPE };
            GLint v[3] = { -1, -1, -1 };
            char back[32] = "";
            if (idx != GL_INVALID_INDEX) {
                glGetProgramResourceiv(p, GL_PROGRAM_INPUT, idx, 3, props, 3, NULL, v);
                glGetProgramResourceName(p, GL_PROGRAM_INPUT, idx, sizeof back, NULL, back);
            }
            CHECK(v[0] == 2 && v[1] == 3 + 2 * k && v[2] == GL_FLOAT_VEC4 &&
                      strcmp(back, name) == 0,
                  "GL_PROGRAM_INPUT %s (index %u, name \"%s\"): size %d, location %d, type "
                  "0x%x; expected 2, %d, GL_FLOAT_VEC4", name, idx, back, v[0], v[1], v[2],
                  3 + 2 * k);
        }
    }
    for (int k = 0; k < 4; k++)
        glVertexAttrib4f(3 + k, 10 * k + 1, 10 * k + 2, 10 * k + 3, 10 * k + 4);
    GLfloat px[W][4];
    draw_and_read(px);
    for (int k = 0; k < 4; k++)
        check_px(px, k, 10 * k + 1, 10 * k + 2, 10 * k + 3, 10 * k + 4,
                 "attr[i][j] from generic attribute 3 + 2i + j");
    expect_error(GL_NO_ERROR, "the vertex input draw");
    glDeleteProgram(p);
}

/* Subroutine uniforms. */

static const char *sub_fs =
    HEAD SUBR
    "subroutine float Chan();\n"
    "subroutine(Chan) float one() { return 1.0; }\n"
    "subroutine(Chan) float two() { return 2.0; }\n"
    "subroutine(Chan) float three() { return 3.0; }\n"
    "subroutine(Chan) float four() { return 4.0; }\n"
    "subroutine uniform Chan pick[2][2];\n"
    "out vec4 o;\n"
    "void main() { o = vec4(pick[0][0](), pick[0][1](), pick[1][0](), pick[1][1]()); }\n";

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
    GLint base = glGetSubroutineUniformLocation(p, GL_FRAGMENT_SHADER, "pick[0][0]");
    CHECK(base == 0, "glGetSubroutineUniformLocation(\"pick[0][0]\") is %d, expected 0", base);
    if (base != 0) {
        glDeleteProgram(p);
        return;
    }
    for (int k = 1; k < 4; k++) {
        char name[16];
        snprintf(name, sizeof name, "pick[%d][%d]", k / 2, k % 2);
        GLint l = glGetSubroutineUniformLocation(p, GL_FRAGMENT_SHADER, name);
        CHECK(l == base + k, "glGetSubroutineUniformLocation(\"%s\") is %d, expected %d", name,
              l, base + k);
    }
    GLint n = -1;
    glGetProgramStageiv(p, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS, &n);
    CHECK(n == 4, "GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS is %d, expected 4", n);
    static const char *fn[4] = { "one", "two", "three", "four" };
    GLuint index[4];
    for (int k = 0; k < 4; k++)
        index[k] = glGetSubroutineIndex(p, GL_FRAGMENT_SHADER, fn[k]);
    GLuint sel[4];
    for (int k = 0; k < 4; k++)
        sel[base + k] = index[3 - k];
    glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 4, sel);
    expect_error(GL_NO_ERROR, "glUniformSubroutinesuiv of pick[2][2]");
    GLfloat px[W][4];
    draw_and_read(px);
    check_px(px, 0, 4, 3, 2, 1, "pick[i][j] selecting four, three, two, one");
    for (int k = 0; k < 4; k++)
        sel[base + k] = index[(k + 1) % 4];
    glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 4, sel);
    draw_and_read(px);
    check_px(px, 0, 2, 3, 4, 1, "pick[i][j] selecting two, three, four, one");
    GLuint got = 1234;
    glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, base + 2, &got);
    CHECK(got == index[3], "glGetUniformSubroutineuiv(pick[1][0]) is %u, expected %u", got,
          index[3]);
    expect_error(GL_NO_ERROR, "the subroutine draws");
    glDeleteProgram(p);
}

/* Compile and link errors. */

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
        glBindAttribLocation(p, 0, "pos");
        glBindFragDataLocation(p, 0, "o");
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

/* A `kind` shader `bad` must not compile and must leave an info log; its
 * twin `good` must compile. */
static void compile_error(GLenum kind, const char *bad, const char *good, const char *what)
{
    GLuint s = glCreateShader(kind);
    GLint status = 1, len = 0;
    char log[2048] = "";
    glShaderSource(s, 1, &bad, NULL);
    glCompileShader(s);
    glGetShaderiv(s, GL_COMPILE_STATUS, &status);
    glGetShaderiv(s, GL_INFO_LOG_LENGTH, &len);
    glGetShaderInfoLog(s, sizeof log, NULL, log);
    glDeleteShader(s);
    CHECK(!status, "%s: compiles", what);
    CHECK(status || (len > 1 && log[0] != 0), "%s: no info log (length %d)", what, len);
    if (!status)
        printf("  %s: %.*s\n", what, (int)strcspn(log, "\n"), log);
    CHECK(shader_compiles(kind, good), "%s: the valid twin does not compile", what);
    expect_error(GL_NO_ERROR, what);
}

/* `vs` and `fs` must not link (compile or link error, a log); `vs_ok` and
 * `fs_ok` must. */
static void link_error(const char *vs, const char *fs, const char *vs_ok, const char *fs_ok,
                       const char *what)
{
    char log[2048];
    CHECK(shader_compiles(GL_VERTEX_SHADER, vs) && shader_compiles(GL_FRAGMENT_SHADER, fs),
          "%s: a stage does not compile", what);
    int ok = builds(vs, fs, log, sizeof log);
    CHECK(!ok, "%s: links", what);
    CHECK(ok || log[0] != 0, "%s: no info log", what);
    if (!ok)
        printf("  %s: %.*s\n", what, (int)strcspn(log, "\n"), log);
    ok = builds(vs_ok, fs_ok, log, sizeof log);
    CHECK(ok, "%s: the valid twin does not link: %s", what, log);
    expect_error(GL_NO_ERROR, what);
}

#define FS_MAIN(decl, body) HEAD decl "out vec4 o;\nvoid main() {\n" body "}\n"

static void errors(void)
{
    compile_error(GL_FRAGMENT_SHADER,
                  FS_MAIN("uniform vec4 x[2][];\n", "  o = x[1][0];\n"),
                  FS_MAIN("uniform vec4 x[2][2];\n", "  o = x[1][0];\n"),
                  "an unsized inner dimension, uniform vec4 x[2][]");
    compile_error(GL_FRAGMENT_SHADER,
                  FS_MAIN("", "  float a[][2];\n  a[1][0] = 1.0;\n"
                              "  a = float[2][2](float[2](1.0, 2.0), float[2](3.0, 4.0));\n"
                              "  o = vec4(a[1][0]);\n"),
                  FS_MAIN("", "  float a[][2];\n  a[1][0] = 1.0;\n  a[0][1] = 2.0;\n"
                              "  o = vec4(a[1][0]);\n"),
                  "assigning to an implicitly sized float a[][2]");
    compile_error(GL_FRAGMENT_SHADER,
                  HEAD "float f(float a[][2]) { return a[0][0]; }\n"
                       "out vec4 o;\nvoid main() {\n"
                       "  float a[3][2];\n  a[0][0] = 1.0;\n  o = vec4(f(a));\n}\n",
                  HEAD "float f(float a[3][2]) { return a[0][0]; }\n"
                       "out vec4 o;\nvoid main() {\n"
                       "  float a[3][2];\n  a[0][0] = 1.0;\n  o = vec4(f(a));\n}\n",
                  "an unsized array parameter float a[][2]");
    compile_error(GL_VERTEX_SHADER,
                  "#version 150 compatibility\n#extension GL_ARB_arrays_of_arrays : require\n"
                  "out vec4 gl_TexCoord[2][2];\n"
                  "void main() { gl_TexCoord[0][0] = vec4(1.0); gl_Position = gl_Vertex; }\n",
                  "#version 150 compatibility\n#extension GL_ARB_arrays_of_arrays : require\n"
                  "out vec4 gl_TexCoord[2];\n"
                  "void main() { gl_TexCoord[0] = vec4(1.0); gl_Position = gl_Vertex; }\n",
                  "gl_TexCoord redeclared as vec4[2][2]");
    compile_error(GL_FRAGMENT_SHADER,
                  FS_MAIN("uniform float a[3][2];\n", "  o = vec4(a[0][2]);\n"),
                  FS_MAIN("uniform float a[3][2];\n", "  o = vec4(a[2][1]);\n"),
                  "constant index a[0][2] of a float[3][2]");
    compile_error(GL_FRAGMENT_SHADER,
                  FS_MAIN("", "  float a[3][2] = float[3][2](float[3](1.0, 2.0, 3.0),\n"
                              "    float[3](1.0, 2.0, 3.0), float[3](1.0, 2.0, 3.0));\n"
                              "  o = vec4(a[0][0]);\n"),
                  FS_MAIN("", "  float a[3][2] = float[3][2](float[2](1.0, 2.0),\n"
                              "    float[2](1.0, 2.0), float[2](1.0, 2.0));\n"
                              "  o = vec4(a[0][0]);\n"),
                  "a float[3][2] constructor of float[3] elements");
    compile_error(GL_FRAGMENT_SHADER,
                  "#version 150\nout vec4 o;\n"
                  "void main() { float a[2][2]; a[1][1] = 1.0; o = vec4(a[1][1]); }\n",
                  "#version 150\n#extension GL_ARB_arrays_of_arrays : require\nout vec4 o;\n"
                  "void main() { float a[2][2]; a[1][1] = 1.0; o = vec4(a[1][1]); }\n",
                  "float a[2][2] without the #extension line");

    link_error(HEAD "in vec2 pos;\nuniform B { vec4 c; } blk[2][3];\n"
                    "void main() { gl_Position = vec4(pos, 0.0, 1.0) + blk[1][2].c; }\n",
               FS_MAIN("uniform B { vec4 c; } blk[3][2];\n", "  o = blk[2][1].c;\n"),
               HEAD "in vec2 pos;\nuniform B { vec4 c; } blk[2][3];\n"
                    "void main() { gl_Position = vec4(pos, 0.0, 1.0) + blk[1][2].c; }\n",
               FS_MAIN("uniform B { vec4 c; } blk[2][3];\n", "  o = blk[1][1].c;\n"),
               "uniform block B[2][3] in one stage and B[3][2] in the other");
    link_error(HEAD "in vec2 pos;\nout Blk { vec4 a; } io[2][2];\n"
                    "void main() { io[1][1].a = vec4(1.0); gl_Position = vec4(pos, 0.0, 1.0); }\n",
               FS_MAIN("in Blk { vec4 a; } io[2][3];\n", "  o = io[1][1].a;\n"),
               HEAD "in vec2 pos;\nout Blk { vec4 a; } io[2][2];\n"
                    "void main() { io[1][1].a = vec4(1.0); gl_Position = vec4(pos, 0.0, 1.0); }\n",
               FS_MAIN("in Blk { vec4 a; } io[2][2];\n", "  o = io[1][1].a;\n"),
               "out Blk io[2][2] read as in Blk io[2][3]");
}

int main(void)
{
    struct test_window t = open_rgba8_window(16);
    printf("GL_VERSION %s, GL_RENDERER %s\n", (const char *)glGetString(GL_VERSION),
           (const char *)glGetString(GL_RENDERER));
    if (!has_extension("GL_ARB_arrays_of_arrays")) {
        printf("SKIP: GL_ARB_arrays_of_arrays is not advertised\n");
        return close_test_window(&t);
    }
    setup();
    plain_data();
    uniforms();
    samplers();
    uniform_blocks();
    storage_blocks();
    interfaces();
    subroutines();
    errors();
    glUseProgram(0);
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
