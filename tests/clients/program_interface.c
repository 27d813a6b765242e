/*
 * program_interface.c: ARB_program_interface_query (GL 4.3) in a
 * compatibility context, by the queries' values against the older
 * per-kind queries, and the errors. Shaders are GLSL 1.50 with the
 * extensions each part needs (ARB_shader_atomic_counters, ARB_explicit_
 * attrib_location, ARB_shader_subroutine, ARB_shader_storage_buffer_
 * object, ARB_shading_language_420pack), or 1.20 for a built-in uniform;
 * a part whose extension is missing is skipped with a note. Without
 * GL_ARB_program_interface_query the client prints a SKIP line (and PASS).
 *
 * - GL_UNIFORM, on a program of `uniform float f;` (vertex shader only),
 *   `uniform vec4 v[3];` (fragment only), `uniform mat3 m;` (both), a
 *   std140 instance-less block `B { vec4 a; float b[2]; }` and
 *   `layout(binding = 1, offset = 4) uniform atomic_uint c;`: GL_ACTIVE_
 *   RESOURCES equals GL_ACTIVE_UNIFORMS (6), GL_MAX_NAME_LENGTH equals
 *   GL_ACTIVE_UNIFORM_MAX_LENGTH (5), each resource's name is glGetActive
 *   UniformName's of the same index; glGetProgramResourceIndex of "f",
 *   "v", "v[0]", "m", "a", "b", "b[0]", "c" agrees with glGetUniformIndices
 *   ("v" and "v[0]" are one index); "v[1]" (the spec matches a name or
 *   the name with "[0]" appended, nothing else) and an unknown name are
 *   GL_INVALID_INDEX with no error; glGetProgramResourceName gives "f",
 *   "v[0]", "m", "a", "b[0]", "c" back with their length and GL_NAME_
 *   LENGTH, and with bufSize 3 "v[", length 2, nothing past the NUL.
 *   glGetProgramResourceiv of GL_TYPE, GL_ARRAY_SIZE, GL_OFFSET (-1
 *   outside a buffer; 0, 16 in the block; 4 for the counter), GL_ARRAY_
 *   STRIDE (-1 outside a buffer, 0 for a non-array, 16 for b under
 *   std140), GL_MATRIX_STRIDE, GL_IS_ROW_MAJOR, GL_BLOCK_INDEX (-1 or the
 *   block's), GL_ATOMIC_COUNTER_BUFFER_INDEX (0 for c, -1 otherwise),
 *   GL_REFERENCED_BY_VERTEX/GEOMETRY/FRAGMENT_SHADER (by the stages using
 *   each) and GL_LOCATION (glGetUniformLocation's; -1 for the block
 *   members and the counter), all in one call whose `length` is the
 *   property count, nothing written past; a bufSize of 2 for 3
 *   properties writes two values, length 2.
 * - glGetProgramResourceLocation(GL_UNIFORM): "v", "v[0]" and "m" give
 *   glGetUniformLocation's, "v[2]" glGetUniformLocation's, which is v's
 *   + 2 (consecutive: what Mesa and oxgl do; the spec makes it the rule
 *   only for explicit locations); "v[3]", "a", "c", "nonexistent" -1. A
 *   GLSL 1.20 program reading gl_ModelViewMatrix: "gl_ModelViewMatrix"
 *   is -1; GL_ACTIVE_RESOURCES equals GL_ACTIVE_UNIFORMS (Mesa lists the
 *   built-in: printed).
 * - GL_UNIFORM_BLOCK: 1 resource "B" (GL_MAX_NAME_LENGTH 2) at
 *   glGetUniformBlockIndex's index; GL_BUFFER_BINDING 0, then 3 after
 *   glUniformBlockBinding; GL_BUFFER_DATA_SIZE 48 (std140), as is GL_
 *   UNIFORM_BLOCK_DATA_SIZE; GL_NUM_ACTIVE_VARIABLES 2 and GL_ACTIVE_
 *   VARIABLES the indices of "a" and "b[0]" (as a set, length 2);
 *   referenced by the fragment shader only; GL_MAX_NUM_ACTIVE_VARIABLES 2.
 * - GL_ATOMIC_COUNTER_BUFFER: 1 resource, GL_BUFFER_BINDING 1, GL_BUFFER_
 *   DATA_SIZE 8 (both also by glGetActiveAtomicCounterBufferiv), 1 active
 *   variable, c's index; referenced by the fragment shader only; GL_MAX_
 *   NUM_ACTIVE_VARIABLES 1; glGetProgramResourceIndex, glGetProgram
 *   ResourceName and glGetProgramResourceLocation on it: GL_INVALID_ENUM;
 *   GL_MAX_NAME_LENGTH and the GL_NAME_LENGTH property: GL_INVALID_
 *   OPERATION.
 * - GL_PROGRAM_INPUT of `layout(location = 3) in vec4 pos; in vec2 uv;`
 *   (uv bound to 5 by glBindAttribLocation; the shader reads gl_VertexID):
 *   types, array size 1, GL_LOCATION 3 and 5, glGetProgramResource
 *   Location and glGetAttribLocation 3 and 5, referenced by the vertex
 *   shader only, GL_IS_PER_PATCH 0; "gl_VertexID" and "nonexistent" have
 *   location -1 (whether the built-in is listed, its type when it is, and
 *   GL_ACTIVE_ATTRIBUTES are printed; a listed built-in has GL_LOCATION
 *   -1). glGetProgramResourceLocationIndex on inputs: GL_INVALID_ENUM.
 * - GL_PROGRAM_OUTPUT of `layout(location = 0) out vec4 c0;
 *   layout(location = 2) out vec4 c2;`: 2 resources, GL_LOCATION,
 *   glGetProgramResourceLocation and glGetFragDataLocation 0 and 2,
 *   GL_LOCATION_INDEX, glGetProgramResourceLocationIndex and glGetFrag
 *   DataIndex 0, an unknown name -1 for both; with ARB_blend_func_
 *   extended, `layout(location = 0, index = 0/1)` outputs: location 0,
 *   indices 0 and 1 by the same queries.
 * - GL_TRANSFORM_FEEDBACK_VARYING after glTransformFeedbackVaryings of a
 *   vec4, a float and a vec3: 3 resources in the order given (indices by
 *   name too), GL_MAX_NAME_LENGTH 3, the types (as glGetTransformFeedback
 *   Varying's), array size 1; GL_OFFSET 0, 16, 20 interleaved and 0, 0, 0
 *   separate (each varying alone at the start of its buffer); glGetProgram
 *   ResourceLocation on it: GL_INVALID_ENUM.
 * - Subroutines (fragment `subroutine uniform colorT pick;`, subroutines
 *   red and blue): GL_FRAGMENT_SUBROUTINE 2 resources (as GL_ACTIVE_
 *   SUBROUTINES) at glGetSubroutineIndex's indices, names round-trip,
 *   GL_MAX_NAME_LENGTH 5; GL_FRAGMENT_SUBROUTINE_UNIFORM 1 resource "pick"
 *   (GL_MAX_NAME_LENGTH 5), GL_NUM_COMPATIBLE_SUBROUTINES 2, GL_COMPATIBLE_
 *   SUBROUTINES the two indices (as sets, also by glGetActiveSubroutine
 *   Uniformiv), GL_LOCATION and glGetProgramResourceLocation glGet
 *   SubroutineUniformLocation's, GL_ARRAY_SIZE 1; GL_MAX_NUM_COMPATIBLE_
 *   SUBROUTINES 2; GL_VERTEX_SUBROUTINE and _UNIFORM 0 resources;
 *   GL_LOCATION of a subroutine and GL_MAX_NUM_COMPATIBLE_SUBROUTINES of
 *   GL_FRAGMENT_SUBROUTINE: GL_INVALID_OPERATION; glGetProgramResource
 *   Location of a subroutine: GL_INVALID_ENUM.
 * - GL_SHADER_STORAGE_BLOCK / GL_BUFFER_VARIABLE of `layout(std430,
 *   binding = 2) buffer S { uint n; vec4 w[]; };`: 1 block with binding 2
 *   and 2 active variables (the indices of "n" and "w[0]"), GL_MAX_NUM_
 *   ACTIVE_VARIABLES 2, 2 buffer variables, "n" at offset 0 and "w[0]" at
 *   16, in block S; glGetProgramResourceLocation on either: GL_INVALID_
 *   ENUM.
 * - Errors: GL_TEXTURE_2D as the interface of each of the six commands:
 *   GL_INVALID_ENUM (Mesa raises GL_INVALID_OPERATION from glGetProgram
 *   Interfaceiv and GL_INVALID_VALUE from glGetProgramResourceiv, both
 *   accepted with a note); as the pname of glGetProgramInterfaceiv:
 *   GL_INVALID_ENUM (Mesa: GL_INVALID_OPERATION, accepted with a note);
 *   as a property: GL_INVALID_ENUM. GL_MAX_NUM_ACTIVE_VARIABLES and GL_
 *   MAX_NUM_COMPATIBLE_SUBROUTINES of GL_UNIFORM, GL_LOCATION of a uniform
 *   block, GL_BUFFER_BINDING of a uniform: GL_INVALID_OPERATION. An index
 *   past the resources (glGetProgramResourceName and glGetProgramResource
 *   iv), a propCount of 0, a bufSize of -1 (both): GL_INVALID_VALUE.
 *   Program 0 and a name never generated: GL_INVALID_VALUE, a shader's
 *   name: GL_INVALID_OPERATION, for each of the six commands. glGetProgram
 *   ResourceLocation of GL_UNIFORM_BLOCK: GL_INVALID_ENUM. A program never
 *   linked: 0 GL_UNIFORM resources with no error (its glGetProgram
 *   ResourceIndex printed); glGetProgramResourceLocation and glGetProgram
 *   ResourceLocationIndex of it, and of a program that failed to link:
 *   GL_INVALID_OPERATION.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o
 * program_interface tests/clients/program_interface.c -lX11 -lGL -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"

#define SIZE 16
#define SENT (-12345)

static const char *pos_vs = "#version 150\n"
                            "in vec2 pos;\n"
                            "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *white_fs = "#version 150\n"
                              "out vec4 color;\n"
                              "void main() { color = vec4(1.0); }\n";

/* f in the vertex shader only, v and the block in the fragment shader
 * only, m in both. */
static const char *uniform_vs = "#version 150\n"
                                "in vec2 pos;\n"
                                "uniform float f;\n"
                                "uniform mat3 m;\n"
                                "void main() { gl_Position = vec4(pos * f, m[0][0], 1.0); }\n";
static const char *uniform_fs =
    "#version 150\n"
    "#extension GL_ARB_shader_atomic_counters : require\n"
    "uniform vec4 v[3];\n"
    "uniform mat3 m;\n"
    "layout(std140) uniform B { vec4 a; float b[2]; };\n"
    "layout(binding = 1, offset = 4) uniform atomic_uint c;\n"
    "out vec4 color;\n"
    "void main() {\n"
    "  uint k = atomicCounterIncrement(c);\n"
    "  color = v[0] + v[1] + v[2] + a + vec4(b[0] + b[1] + float(k)) + vec4(m[1], 0.0);\n"
    "}\n";

static const char *builtin_vs = "#version 120\n"
                                "void main() { gl_Position = gl_ModelViewMatrix * gl_Vertex; }\n";
static const char *builtin_fs = "#version 120\n"
                                "void main() { gl_FragColor = vec4(1.0); }\n";

static const char *input_vs = "#version 150\n"
                              "#extension GL_ARB_explicit_attrib_location : require\n"
                              "layout(location = 3) in vec4 pos;\n"
                              "in vec2 uv;\n"
                              "out vec2 t;\n"
                              "void main() {\n"
                              "  t = uv + vec2(float(gl_VertexID));\n"
                              "  gl_Position = pos;\n"
                              "}\n";
static const char *input_fs = "#version 150\n"
                              "in vec2 t;\n"
                              "out vec4 color;\n"
                              "void main() { color = vec4(t, 0.0, 1.0); }\n";

static const char *output_fs = "#version 150\n"
                               "#extension GL_ARB_explicit_attrib_location : require\n"
                               "layout(location = 0) out vec4 c0;\n"
                               "layout(location = 2) out vec4 c2;\n"
                               "void main() { c0 = vec4(1.0); c2 = vec4(0.5); }\n";
static const char *dual_fs = "#version 150\n"
                             "#extension GL_ARB_explicit_attrib_location : require\n"
                             "layout(location = 0, index = 0) out vec4 s0;\n"
                             "layout(location = 0, index = 1) out vec4 s1;\n"
                             "void main() { s0 = vec4(1.0); s1 = vec4(0.5); }\n";

static const char *xfb_vs = "#version 150\n"
                            "in vec2 pos;\n"
                            "out vec4 o4;\n"
                            "out float o1;\n"
                            "out vec3 o3;\n"
                            "void main() {\n"
                            "  o4 = vec4(pos, 0.0, 1.0);\n"
                            "  o1 = pos.x;\n"
                            "  o3 = vec3(pos, 2.0);\n"
                            "  gl_Position = o4;\n"
                            "}\n";

static const char *subroutine_fs = "#version 150\n"
                                   "#extension GL_ARB_shader_subroutine : require\n"
                                   "subroutine vec4 colorT();\n"
                                   "subroutine(colorT) vec4 red() { return vec4(1, 0, 0, 1); }\n"
                                   "subroutine(colorT) vec4 blue() { return vec4(0, 0, 1, 1); }\n"
                                   "subroutine uniform colorT pick;\n"
                                   "out vec4 color;\n"
                                   "void main() { color = pick(); }\n";

static const char *ssbo_fs =
    "#version 150\n"
    "#extension GL_ARB_shader_storage_buffer_object : require\n"
    "#extension GL_ARB_shading_language_420pack : require\n"
    "layout(std430, binding = 2) buffer S { uint n; vec4 w[]; };\n"
    "out vec4 color;\n"
    "void main() { w[int(n)] = vec4(1.0); color = vec4(1.0); }\n";

static GLint iface_int(GLuint p, GLenum iface, GLenum pname)
{
    GLint v = SENT;
    glGetProgramInterfaceiv(p, iface, pname, &v);
    return v;
}

static GLint res_int(GLuint p, GLenum iface, GLuint index, GLenum prop)
{
    GLint v = SENT;
    glGetProgramResourceiv(p, iface, index, 1, &prop, 1, NULL, &v);
    return v;
}

/* Whether the n values of a and b are the same set (each distinct). */
static int same_set(const GLint *a, const GLint *b, int n)
{
    for (int i = 0; i < n; i++) {
        int found = 0;
        for (int j = 0; j < n; j++)
            found += a[i] == b[j];
        if (found != 1)
            return 0;
    }
    return 1;
}

/* Resource `index` of `iface` is named `want`, with length and
 * GL_NAME_LENGTH to match. */
static void name_is(GLuint p, GLenum iface, GLuint index, const char *want)
{
    char name[64] = "?";
    GLsizei len = SENT;
    glGetProgramResourceName(p, iface, index, sizeof name, &len, name);
    CHECK(!strcmp(name, want) && len == (GLsizei)strlen(want),
          "resource %u of 0x%x is named \"%s\" (length %d), expected \"%s\"", index, iface, name,
          len, want);
    GLint nl = res_int(p, iface, index, GL_NAME_LENGTH);
    CHECK(nl == (GLint)strlen(want) + 1, "\"%s\": GL_NAME_LENGTH %d, expected %d", want, nl,
          (int)strlen(want) + 1);
}

/* The names of every resource of `iface`, printed. */
static void print_names(GLuint p, GLenum iface, const char *what)
{
    GLint n = iface_int(p, iface, GL_ACTIVE_RESOURCES);
    printf("%s: %d resources:", what, n);
    for (GLint i = 0; i < n && i < 16; i++) {
        char name[64] = "";
        glGetProgramResourceName(p, iface, i, sizeof name, NULL, name);
        printf(" \"%s\"", name);
    }
    printf("\n");
}

/* The uniforms of the uniform program and what each should report:
 * type, array size, offset, array stride, matrix stride, in block B,
 * the counter, referenced by the vertex and the fragment shader. */
struct uniform_want {
    const char *name;
    GLint type, size, offset, astride, mstride, in_block, counter, vs, fs;
};
static const struct uniform_want uniforms[] = {
    { "f", GL_FLOAT, 1, -1, -1, -1, 0, 0, 1, 0 },
    { "v[0]", GL_FLOAT_VEC4, 3, -1, -1, -1, 0, 0, 0, 1 },
    { "m", GL_FLOAT_MAT3, 1, -1, -1, -1, 0, 0, 1, 1 },
    { "a", GL_FLOAT_VEC4, 1, 0, 0, 0, 1, 0, 0, 1 },
    { "b[0]", GL_FLOAT, 2, 16, 16, 0, 1, 0, 0, 1 },
    { "c", GL_UNSIGNED_INT_ATOMIC_COUNTER, 1, 4, 0, 0, 0, 1, 0, 1 },
};
#define NUNIFORMS 6

static GLuint uniform_program(void)
{
    GLuint p = build_program("uniform program", uniform_vs, uniform_fs);
    expect_error(GL_NO_ERROR, "the uniform program");
    return p;
}

static void uniform_resource(GLuint p, const struct uniform_want *w, GLuint block)
{
    GLuint i = glGetProgramResourceIndex(p, GL_UNIFORM, w->name);
    CHECK(i != GL_INVALID_INDEX, "uniform \"%s\" has no index", w->name);
    if (i == GL_INVALID_INDEX)
        return;
    name_is(p, GL_UNIFORM, i, w->name);
    static const GLenum props[] = { GL_TYPE,
                                    GL_ARRAY_SIZE,
                                    GL_OFFSET,
                                    GL_ARRAY_STRIDE,
                                    GL_MATRIX_STRIDE,
                                    GL_IS_ROW_MAJOR,
                                    GL_BLOCK_INDEX,
                                    GL_ATOMIC_COUNTER_BUFFER_INDEX,
                                    GL_REFERENCED_BY_VERTEX_SHADER,
                                    GL_REFERENCED_BY_GEOMETRY_SHADER,
                                    GL_REFERENCED_BY_FRAGMENT_SHADER,
                                    GL_LOCATION };
    static const char *names[] = { "GL_TYPE",
                                   "GL_ARRAY_SIZE",
                                   "GL_OFFSET",
                                   "GL_ARRAY_STRIDE",
                                   "GL_MATRIX_STRIDE",
                                   "GL_IS_ROW_MAJOR",
                                   "GL_BLOCK_INDEX",
                                   "GL_ATOMIC_COUNTER_BUFFER_INDEX",
                                   "GL_REFERENCED_BY_VERTEX_SHADER",
                                   "GL_REFERENCED_BY_GEOMETRY_SHADER",
                                   "GL_REFERENCED_BY_FRAGMENT_SHADER",
                                   "GL_LOCATION" };
    enum { N = sizeof props / sizeof props[0] };
    GLint loc = w->in_block || w->counter ? -1 : glGetUniformLocation(p, w->name);
    const GLint want[N] = { w->type,
                            w->size,
                            w->offset,
                            w->astride,
                            w->mstride,
                            0,
                            w->in_block ? (GLint)block : -1,
                            w->counter ? 0 : -1,
                            w->vs,
                            0,
                            w->fs,
                            loc };
    GLint got[N + 1];
    GLsizei len = SENT;
    for (int k = 0; k <= N; k++)
        got[k] = SENT;
    glGetProgramResourceiv(p, GL_UNIFORM, i, N, props, N + 1, &len, got);
    CHECK(len == N, "\"%s\": glGetProgramResourceiv of %d properties gave length %d", w->name,
          N, len);
    for (int k = 0; k < N; k++)
        CHECK(got[k] == want[k], "uniform \"%s\": %s %d, expected %d", w->name, names[k], got[k],
              want[k]);
    CHECK(got[N] == SENT, "\"%s\": glGetProgramResourceiv wrote past its values", w->name);
    CHECK(w->in_block || w->counter || loc >= 0, "glGetUniformLocation(\"%s\") is -1", w->name);
    /* bufSize 2: two values, length 2. */
    for (int k = 0; k <= N; k++)
        got[k] = SENT;
    len = SENT;
    glGetProgramResourceiv(p, GL_UNIFORM, i, 3, props, 2, &len, got);
    CHECK(len == 2 && got[0] == want[0] && got[1] == want[1] && got[2] == SENT,
          "\"%s\": bufSize 2 of 3 properties gave length %d, values %d %d %d", w->name, len,
          got[0], got[1], got[2]);
}

static void uniform_queries(GLuint p)
{
    GLint n = SENT, max = SENT;
    glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &n);
    glGetProgramiv(p, GL_ACTIVE_UNIFORM_MAX_LENGTH, &max);
    GLint res = iface_int(p, GL_UNIFORM, GL_ACTIVE_RESOURCES);
    GLint maxname = iface_int(p, GL_UNIFORM, GL_MAX_NAME_LENGTH);
    CHECK(res == n && n == NUNIFORMS, "GL_ACTIVE_RESOURCES of GL_UNIFORM %d, GL_ACTIVE_UNIFORMS %d,"
          " expected %d", res, n, NUNIFORMS);
    CHECK(maxname == max && max == 5, "GL_MAX_NAME_LENGTH of GL_UNIFORM %d, GL_ACTIVE_UNIFORM_"
          "MAX_LENGTH %d, expected 5", maxname, max);
    print_names(p, GL_UNIFORM, "GL_UNIFORM");
    /* The uniform indices of glGetActiveUniform are the resource indices. */
    for (GLint i = 0; i < res && i < 16; i++) {
        char a[32] = "", b[32] = "";
        glGetProgramResourceName(p, GL_UNIFORM, i, sizeof a, NULL, a);
        glGetActiveUniformName(p, i, sizeof b, NULL, b);
        CHECK(!strcmp(a, b), "uniform %d: glGetProgramResourceName \"%s\", glGetActiveUniform"
              "Name \"%s\"", i, a, b);
    }

    static const char *const lookups[] = { "f", "v",    "v[0]", "m",          "a",
                                           "b", "b[0]", "c",    "nonexistent" };
    enum { L = sizeof lookups / sizeof lookups[0] };
    GLuint old[L];
    glGetUniformIndices(p, L, lookups, old);
    for (int k = 0; k < L; k++) {
        GLuint idx = glGetProgramResourceIndex(p, GL_UNIFORM, lookups[k]);
        CHECK(idx == old[k], "glGetProgramResourceIndex(\"%s\") %u, glGetUniformIndices %u",
              lookups[k], idx, old[k]);
        CHECK((idx == GL_INVALID_INDEX) == (k == L - 1), "\"%s\" has index %u", lookups[k], idx);
    }
    CHECK(old[1] == old[2], "\"v\" and \"v[0]\" have indices %u and %u", old[1], old[2]);
    expect_error(GL_NO_ERROR, "glGetProgramResourceIndex of GL_UNIFORM");
    GLuint v1 = glGetProgramResourceIndex(p, GL_UNIFORM, "v[1]");
    CHECK(v1 == GL_INVALID_INDEX, "glGetProgramResourceIndex(GL_UNIFORM, \"v[1]\") is %u", v1);
    expect_error(GL_NO_ERROR, "glGetProgramResourceIndex(\"v[1]\")");

    /* Truncation: bufSize 3 gives two characters and the NUL. */
    char name[8] = "xxxxxxx";
    GLsizei len = SENT;
    glGetProgramResourceName(p, GL_UNIFORM, old[1], 3, &len, name);
    CHECK(!strcmp(name, "v[") && len == 2, "bufSize 3 gives \"%s\", length %d, expected \"v[\", 2",
          name, len);
    CHECK(name[3] == 'x', "bufSize 3 wrote a fourth byte");

    GLuint block = glGetUniformBlockIndex(p, "B");
    for (int k = 0; k < NUNIFORMS; k++)
        uniform_resource(p, &uniforms[k], block);
    expect_error(GL_NO_ERROR, "the GL_UNIFORM queries");

    /* Locations. */
    GLint lv = glGetUniformLocation(p, "v"), lv2 = glGetUniformLocation(p, "v[2]");
    const struct {
        const char *name;
        GLint want;
    } locs[] = {
        { "v", lv },           { "v[0]", lv },  { "m", glGetUniformLocation(p, "m") },
        { "v[2]", lv2 },       { "v[3]", -1 },  { "a", -1 },
        { "c", -1 },           { "nonexistent", -1 },
    };
    for (unsigned k = 0; k < sizeof locs / sizeof locs[0]; k++) {
        GLint got = glGetProgramResourceLocation(p, GL_UNIFORM, locs[k].name);
        CHECK(got == locs[k].want,
              "glGetProgramResourceLocation(GL_UNIFORM, \"%s\") %d, expected %d", locs[k].name,
              got, locs[k].want);
    }
    CHECK(lv >= 0 && lv2 == lv + 2, "v at %d, v[2] at %d, not consecutive", lv, lv2);
    expect_error(GL_NO_ERROR, "glGetProgramResourceLocation(GL_UNIFORM)");

    GLuint b = build_program("gl_ModelViewMatrix program", builtin_vs, builtin_fs);
    if (b) {
        GLint l = glGetProgramResourceLocation(b, GL_UNIFORM, "gl_ModelViewMatrix");
        CHECK(l == -1, "glGetProgramResourceLocation(\"gl_ModelViewMatrix\") %d, expected -1", l);
        print_names(b, GL_UNIFORM, "GL_UNIFORM of a program reading gl_ModelViewMatrix");
        GLint nr = iface_int(b, GL_UNIFORM, GL_ACTIVE_RESOURCES), nu = SENT;
        glGetProgramiv(b, GL_ACTIVE_UNIFORMS, &nu);
        CHECK(nr == nu, "gl_ModelViewMatrix program: GL_ACTIVE_RESOURCES %d, GL_ACTIVE_UNIFORMS"
              " %d", nr, nu);
        glDeleteProgram(b);
    }
    expect_error(GL_NO_ERROR, "the built-in uniform");
}

static void block_queries(GLuint p)
{
    GLuint bi = glGetProgramResourceIndex(p, GL_UNIFORM_BLOCK, "B");
    GLuint old = glGetUniformBlockIndex(p, "B");
    CHECK(bi == old && bi != GL_INVALID_INDEX, "block B: index %u, glGetUniformBlockIndex %u", bi,
          old);
    GLint n = iface_int(p, GL_UNIFORM_BLOCK, GL_ACTIVE_RESOURCES);
    GLint max = iface_int(p, GL_UNIFORM_BLOCK, GL_MAX_NAME_LENGTH);
    GLint maxvars = iface_int(p, GL_UNIFORM_BLOCK, GL_MAX_NUM_ACTIVE_VARIABLES);
    CHECK(n == 1 && max == 2 && maxvars == 2, "GL_UNIFORM_BLOCK: %d resources, GL_MAX_NAME_LENGTH "
          "%d, GL_MAX_NUM_ACTIVE_VARIABLES %d, expected 1, 2, 2", n, max, maxvars);
    if (bi == GL_INVALID_INDEX)
        return;
    name_is(p, GL_UNIFORM_BLOCK, bi, "B");
    GLint v = res_int(p, GL_UNIFORM_BLOCK, bi, GL_BUFFER_BINDING);
    CHECK(v == 0, "block B: GL_BUFFER_BINDING %d, expected 0", v);
    glUniformBlockBinding(p, bi, 3);
    v = res_int(p, GL_UNIFORM_BLOCK, bi, GL_BUFFER_BINDING);
    CHECK(v == 3, "block B after glUniformBlockBinding(3): GL_BUFFER_BINDING %d", v);
    GLint size = SENT;
    glGetActiveUniformBlockiv(p, bi, GL_UNIFORM_BLOCK_DATA_SIZE, &size);
    v = res_int(p, GL_UNIFORM_BLOCK, bi, GL_BUFFER_DATA_SIZE);
    CHECK(v == 48 && size == 48, "block B: GL_BUFFER_DATA_SIZE %d, GL_UNIFORM_BLOCK_DATA_SIZE %d, "
          "expected 48", v, size);
    v = res_int(p, GL_UNIFORM_BLOCK, bi, GL_NUM_ACTIVE_VARIABLES);
    CHECK(v == 2, "block B: GL_NUM_ACTIVE_VARIABLES %d, expected 2", v);
    GLenum prop = GL_ACTIVE_VARIABLES;
    GLint vars[3] = { SENT, SENT, SENT };
    GLsizei len = SENT;
    glGetProgramResourceiv(p, GL_UNIFORM_BLOCK, bi, 1, &prop, 3, &len, vars);
    GLint want[2] = { (GLint)glGetProgramResourceIndex(p, GL_UNIFORM, "a"),
                      (GLint)glGetProgramResourceIndex(p, GL_UNIFORM, "b[0]") };
    CHECK(len == 2 && same_set(vars, want, 2) && vars[2] == SENT,
          "block B: GL_ACTIVE_VARIABLES length %d, %d %d, expected %d %d", len, vars[0], vars[1],
          want[0], want[1]);
    v = res_int(p, GL_UNIFORM_BLOCK, bi, GL_REFERENCED_BY_VERTEX_SHADER);
    GLint f = res_int(p, GL_UNIFORM_BLOCK, bi, GL_REFERENCED_BY_FRAGMENT_SHADER);
    CHECK(v == 0 && f == 1, "block B: referenced by the vertex shader %d, the fragment shader %d",
          v, f);
    expect_error(GL_NO_ERROR, "the GL_UNIFORM_BLOCK queries");
}

static void counter_buffer_queries(GLuint p)
{
    GLint n = iface_int(p, GL_ATOMIC_COUNTER_BUFFER, GL_ACTIVE_RESOURCES);
    GLint maxvars = iface_int(p, GL_ATOMIC_COUNTER_BUFFER, GL_MAX_NUM_ACTIVE_VARIABLES);
    CHECK(n == 1 && maxvars == 1, "GL_ATOMIC_COUNTER_BUFFER: %d resources, GL_MAX_NUM_ACTIVE_"
          "VARIABLES %d, expected 1, 1", n, maxvars);
    expect_error(GL_NO_ERROR, "glGetProgramInterfaceiv(GL_ATOMIC_COUNTER_BUFFER)");
    if (n != 1)
        return;
    GLint binding = res_int(p, GL_ATOMIC_COUNTER_BUFFER, 0, GL_BUFFER_BINDING);
    GLint size = res_int(p, GL_ATOMIC_COUNTER_BUFFER, 0, GL_BUFFER_DATA_SIZE);
    GLint ob = SENT, os = SENT;
    glGetActiveAtomicCounterBufferiv(p, 0, GL_ATOMIC_COUNTER_BUFFER_BINDING, &ob);
    glGetActiveAtomicCounterBufferiv(p, 0, GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE, &os);
    CHECK(binding == 1 && ob == 1,
          "counter buffer: GL_BUFFER_BINDING %d (old query %d), expected 1", binding, ob);
    CHECK(size == 8 && os == 8, "counter buffer: GL_BUFFER_DATA_SIZE %d (old query %d), expected 8",
          size, os);
    GLint nv = res_int(p, GL_ATOMIC_COUNTER_BUFFER, 0, GL_NUM_ACTIVE_VARIABLES);
    GLint var = res_int(p, GL_ATOMIC_COUNTER_BUFFER, 0, GL_ACTIVE_VARIABLES);
    GLint c = (GLint)glGetProgramResourceIndex(p, GL_UNIFORM, "c");
    CHECK(nv == 1 && var == c, "counter buffer: %d active variables, %d, expected 1, %d", nv, var,
          c);
    GLint fs = res_int(p, GL_ATOMIC_COUNTER_BUFFER, 0, GL_REFERENCED_BY_FRAGMENT_SHADER);
    GLint vs = res_int(p, GL_ATOMIC_COUNTER_BUFFER, 0, GL_REFERENCED_BY_VERTEX_SHADER);
    CHECK(fs == 1 && vs == 0, "counter buffer: referenced by the fragment shader %d, vertex %d",
          fs, vs);
    expect_error(GL_NO_ERROR, "the GL_ATOMIC_COUNTER_BUFFER queries");

    glGetProgramResourceIndex(p, GL_ATOMIC_COUNTER_BUFFER, "c");
    expect_error(GL_INVALID_ENUM, "glGetProgramResourceIndex(GL_ATOMIC_COUNTER_BUFFER)");
    char name[16];
    glGetProgramResourceName(p, GL_ATOMIC_COUNTER_BUFFER, 0, sizeof name, NULL, name);
    expect_error(GL_INVALID_ENUM, "glGetProgramResourceName(GL_ATOMIC_COUNTER_BUFFER)");
    glGetProgramResourceLocation(p, GL_ATOMIC_COUNTER_BUFFER, "c");
    expect_error(GL_INVALID_ENUM, "glGetProgramResourceLocation(GL_ATOMIC_COUNTER_BUFFER)");
    iface_int(p, GL_ATOMIC_COUNTER_BUFFER, GL_MAX_NAME_LENGTH);
    expect_error(GL_INVALID_OPERATION, "GL_MAX_NAME_LENGTH of GL_ATOMIC_COUNTER_BUFFER");
    res_int(p, GL_ATOMIC_COUNTER_BUFFER, 0, GL_NAME_LENGTH);
    expect_error(GL_INVALID_OPERATION, "GL_NAME_LENGTH of an atomic counter buffer");
}

static void input_queries(void)
{
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, input_vs, "input program") ||
        !attach_shader(p, GL_FRAGMENT_SHADER, input_fs, "input program"))
        return;
    glBindAttribLocation(p, 5, "uv");
    if (!link_program(p, "input program"))
        return;
    GLint attribs = SENT;
    glGetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &attribs);
    printf("GL_ACTIVE_ATTRIBUTES %d, GL_MAX_NAME_LENGTH of GL_PROGRAM_INPUT %d\n", attribs,
           iface_int(p, GL_PROGRAM_INPUT, GL_MAX_NAME_LENGTH));
    print_names(p, GL_PROGRAM_INPUT, "GL_PROGRAM_INPUT");
    GLint n = iface_int(p, GL_PROGRAM_INPUT, GL_ACTIVE_RESOURCES);
    CHECK(n >= 2, "GL_PROGRAM_INPUT has %d resources, expected at least 2", n);
    const struct {
        const char *name;
        GLint type, loc;
    } w[] = { { "pos", GL_FLOAT_VEC4, 3 }, { "uv", GL_FLOAT_VEC2, 5 } };
    for (int k = 0; k < 2; k++) {
        GLuint i = glGetProgramResourceIndex(p, GL_PROGRAM_INPUT, w[k].name);
        CHECK(i != GL_INVALID_INDEX, "input \"%s\" has no index", w[k].name);
        if (i == GL_INVALID_INDEX)
            continue;
        name_is(p, GL_PROGRAM_INPUT, i, w[k].name);
        static const GLenum props[6] = { GL_TYPE, GL_ARRAY_SIZE, GL_LOCATION,
                                         GL_REFERENCED_BY_VERTEX_SHADER,
                                         GL_REFERENCED_BY_FRAGMENT_SHADER, GL_IS_PER_PATCH };
        GLint got[6], len = SENT;
        glGetProgramResourceiv(p, GL_PROGRAM_INPUT, i, 6, props, 6, &len, got);
        CHECK(len == 6 && got[0] == w[k].type && got[1] == 1 && got[2] == w[k].loc &&
                  got[3] == 1 && got[4] == 0 && got[5] == 0,
              "input \"%s\": length %d, type 0x%x, size %d, location %d, referenced %d %d, per "
              "patch %d; expected 0x%x 1 %d 1 0 0",
              w[k].name, len, got[0], got[1], got[2], got[3], got[4], got[5], w[k].type, w[k].loc);
        GLint l = glGetProgramResourceLocation(p, GL_PROGRAM_INPUT, w[k].name);
        GLint a = glGetAttribLocation(p, w[k].name);
        CHECK(l == w[k].loc && a == w[k].loc, "\"%s\": glGetProgramResourceLocation %d, "
              "glGetAttribLocation %d, expected %d", w[k].name, l, a, w[k].loc);
    }
    GLint l = glGetProgramResourceLocation(p, GL_PROGRAM_INPUT, "gl_VertexID");
    CHECK(l == -1, "glGetProgramResourceLocation(GL_PROGRAM_INPUT, \"gl_VertexID\") %d", l);
    GLuint vid = glGetProgramResourceIndex(p, GL_PROGRAM_INPUT, "gl_VertexID");
    if (vid != GL_INVALID_INDEX) {
        GLint t = res_int(p, GL_PROGRAM_INPUT, vid, GL_TYPE);
        l = res_int(p, GL_PROGRAM_INPUT, vid, GL_LOCATION);
        printf("gl_VertexID is input %u, type 0x%x\n", vid, t);
        CHECK(l == -1, "gl_VertexID: GL_LOCATION %d, expected -1", l);
    }
    l = glGetProgramResourceLocation(p, GL_PROGRAM_INPUT, "nonexistent");
    CHECK(l == -1, "glGetProgramResourceLocation(GL_PROGRAM_INPUT, \"nonexistent\") %d", l);
    expect_error(GL_NO_ERROR, "the GL_PROGRAM_INPUT queries");
    glGetProgramResourceLocationIndex(p, GL_PROGRAM_INPUT, "uv");
    expect_error(GL_INVALID_ENUM, "glGetProgramResourceLocationIndex(GL_PROGRAM_INPUT)");
    glDeleteProgram(p);
}

/* Output `name` of p: location and index by each query. */
static void output_is(GLuint p, const char *name, GLint loc, GLint index)
{
    GLuint i = glGetProgramResourceIndex(p, GL_PROGRAM_OUTPUT, name);
    CHECK(i != GL_INVALID_INDEX, "output \"%s\" has no index", name);
    if (i == GL_INVALID_INDEX)
        return;
    name_is(p, GL_PROGRAM_OUTPUT, i, name);
    static const GLenum props[5] = { GL_TYPE, GL_LOCATION, GL_LOCATION_INDEX,
                                     GL_REFERENCED_BY_VERTEX_SHADER,
                                     GL_REFERENCED_BY_FRAGMENT_SHADER };
    GLint got[5], len = SENT;
    glGetProgramResourceiv(p, GL_PROGRAM_OUTPUT, i, 5, props, 5, &len, got);
    CHECK(len == 5 && got[0] == GL_FLOAT_VEC4 && got[1] == loc && got[2] == index &&
              got[3] == 0 && got[4] == 1,
          "output \"%s\": length %d, type 0x%x, location %d, index %d, referenced %d %d; "
          "expected vec4, %d, %d, 0 1", name, len, got[0], got[1], got[2], got[3], got[4], loc,
          index);
    GLint l = glGetProgramResourceLocation(p, GL_PROGRAM_OUTPUT, name);
    GLint li = glGetProgramResourceLocationIndex(p, GL_PROGRAM_OUTPUT, name);
    GLint ol = glGetFragDataLocation(p, name), oi = glGetFragDataIndex(p, name);
    CHECK(l == loc && ol == loc, "\"%s\": glGetProgramResourceLocation %d, glGetFragDataLocation "
          "%d, expected %d", name, l, ol, loc);
    CHECK(li == index && oi == index, "\"%s\": glGetProgramResourceLocationIndex %d, "
          "glGetFragDataIndex %d, expected %d", name, li, oi, index);
}

static void output_queries(void)
{
    GLuint p = build_program("output program", pos_vs, output_fs);
    if (p) {
        print_names(p, GL_PROGRAM_OUTPUT, "GL_PROGRAM_OUTPUT");
        GLint n = iface_int(p, GL_PROGRAM_OUTPUT, GL_ACTIVE_RESOURCES);
        CHECK(n == 2, "GL_PROGRAM_OUTPUT has %d resources, expected 2", n);
        output_is(p, "c0", 0, 0);
        output_is(p, "c2", 2, 0);
        GLint l = glGetProgramResourceLocation(p, GL_PROGRAM_OUTPUT, "nonexistent");
        GLint li = glGetProgramResourceLocationIndex(p, GL_PROGRAM_OUTPUT, "nonexistent");
        CHECK(l == -1 && li == -1, "output \"nonexistent\": location %d, index %d", l, li);
        glDeleteProgram(p);
    }
    expect_error(GL_NO_ERROR, "the GL_PROGRAM_OUTPUT queries");
    if (!has_extension("GL_ARB_blend_func_extended")) {
        printf("note: no GL_ARB_blend_func_extended, no output indices\n");
        return;
    }
    p = build_program("dual-source program", pos_vs, dual_fs);
    if (p) {
        output_is(p, "s0", 0, 0);
        output_is(p, "s1", 0, 1);
        glDeleteProgram(p);
    }
    expect_error(GL_NO_ERROR, "the dual-source output queries");
}

static void xfb_queries(GLenum mode, const GLint offsets[3])
{
    static const char *const names[3] = { "o4", "o1", "o3" };
    static const GLint types[3] = { GL_FLOAT_VEC4, GL_FLOAT, GL_FLOAT_VEC3 };
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, xfb_vs, "feedback program") ||
        !attach_shader(p, GL_FRAGMENT_SHADER, white_fs, "feedback program"))
        return;
    glTransformFeedbackVaryings(p, 3, names, mode);
    if (!link_program(p, "feedback program"))
        return;
    const char *m = mode == GL_INTERLEAVED_ATTRIBS ? "interleaved" : "separate";
    GLint n = iface_int(p, GL_TRANSFORM_FEEDBACK_VARYING, GL_ACTIVE_RESOURCES);
    GLint max = iface_int(p, GL_TRANSFORM_FEEDBACK_VARYING, GL_MAX_NAME_LENGTH);
    CHECK(n == 3 && max == 3, "%s GL_TRANSFORM_FEEDBACK_VARYING: %d resources, GL_MAX_NAME_LENGTH "
          "%d, expected 3, 3", m, n, max);
    for (GLuint i = 0; i < 3 && (GLint)i < n; i++) {
        name_is(p, GL_TRANSFORM_FEEDBACK_VARYING, i, names[i]);
        GLuint idx = glGetProgramResourceIndex(p, GL_TRANSFORM_FEEDBACK_VARYING, names[i]);
        CHECK(idx == i, "feedback varying \"%s\" has index %u, expected %u", names[i], idx, i);
        static const GLenum props[3] = { GL_TYPE, GL_ARRAY_SIZE, GL_OFFSET };
        GLint got[3], len = SENT;
        glGetProgramResourceiv(p, GL_TRANSFORM_FEEDBACK_VARYING, i, 3, props, 3, &len, got);
        printf("%s feedback varying %u \"%s\": type 0x%x, size %d, offset %d\n", m, i, names[i],
               got[0], got[1], got[2]);
        CHECK(len == 3 && got[0] == types[i] && got[1] == 1 && got[2] == offsets[i],
              "%s feedback varying \"%s\": length %d, type 0x%x, size %d, offset %d; expected "
              "0x%x, 1, %d", m, names[i], len, got[0], got[1], got[2], types[i], offsets[i]);
        GLsizei size = SENT;
        GLenum type = 0;
        char name[16] = "";
        glGetTransformFeedbackVarying(p, i, sizeof name, NULL, &size, &type, name);
        CHECK((GLint)type == got[0] && size == got[1] && !strcmp(name, names[i]),
              "glGetTransformFeedbackVarying(%u): \"%s\", type 0x%x, size %d", i, name, type, size);
    }
    expect_error(GL_NO_ERROR, "the GL_TRANSFORM_FEEDBACK_VARYING queries");
    glGetProgramResourceLocation(p, GL_TRANSFORM_FEEDBACK_VARYING, "o4");
    expect_error(GL_INVALID_ENUM, "glGetProgramResourceLocation(GL_TRANSFORM_FEEDBACK_VARYING)");
    glDeleteProgram(p);
}

static void subroutine_queries(void)
{
    if (!has_extension("GL_ARB_shader_subroutine")) {
        printf("note: no GL_ARB_shader_subroutine, no subroutine queries\n");
        return;
    }
    GLuint p = build_program("subroutine program", pos_vs, subroutine_fs);
    if (!p)
        return;
    GLint n = iface_int(p, GL_FRAGMENT_SUBROUTINE, GL_ACTIVE_RESOURCES);
    GLint max = iface_int(p, GL_FRAGMENT_SUBROUTINE, GL_MAX_NAME_LENGTH);
    GLint old = SENT;
    glGetProgramStageiv(p, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINES, &old);
    CHECK(n == 2 && old == 2 && max == 5, "GL_FRAGMENT_SUBROUTINE: %d resources (GL_ACTIVE_"
          "SUBROUTINES %d), GL_MAX_NAME_LENGTH %d; expected 2, 5", n, old, max);
    static const char *const subs[2] = { "red", "blue" };
    GLint idx[2];
    for (int k = 0; k < 2; k++) {
        GLuint i = glGetProgramResourceIndex(p, GL_FRAGMENT_SUBROUTINE, subs[k]);
        GLuint o = glGetSubroutineIndex(p, GL_FRAGMENT_SHADER, subs[k]);
        CHECK(i == o && i != GL_INVALID_INDEX, "subroutine \"%s\": index %u, glGetSubroutineIndex"
              " %u", subs[k], i, o);
        idx[k] = (GLint)i;
        if (i != GL_INVALID_INDEX)
            name_is(p, GL_FRAGMENT_SUBROUTINE, i, subs[k]);
    }
    n = iface_int(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, GL_ACTIVE_RESOURCES);
    max = iface_int(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, GL_MAX_NAME_LENGTH);
    GLint maxc = iface_int(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, GL_MAX_NUM_COMPATIBLE_SUBROUTINES);
    CHECK(n == 1 && max == 5 && maxc == 2, "GL_FRAGMENT_SUBROUTINE_UNIFORM: %d resources, GL_MAX_"
          "NAME_LENGTH %d, GL_MAX_NUM_COMPATIBLE_SUBROUTINES %d; expected 1, 5, 2", n, max, maxc);
    GLuint u = glGetProgramResourceIndex(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, "pick");
    CHECK(u == 0, "subroutine uniform \"pick\" has index %u", u);
    if (u == 0) {
        name_is(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, u, "pick");
        GLint loc = glGetSubroutineUniformLocation(p, GL_FRAGMENT_SHADER, "pick");
        GLint nc = res_int(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, u, GL_NUM_COMPATIBLE_SUBROUTINES);
        GLint rl = res_int(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, u, GL_LOCATION);
        GLint sz = res_int(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, u, GL_ARRAY_SIZE);
        GLint l = glGetProgramResourceLocation(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, "pick");
        CHECK(nc == 2 && sz == 1, "\"pick\": %d compatible subroutines, array size %d", nc, sz);
        CHECK(loc >= 0 && rl == loc && l == loc, "\"pick\": GL_LOCATION %d, glGetProgramResource"
              "Location %d, glGetSubroutineUniformLocation %d", rl, l, loc);
        GLenum prop = GL_COMPATIBLE_SUBROUTINES;
        GLint got[2] = { SENT, SENT }, oldc[2] = { SENT, SENT }, len = SENT;
        glGetProgramResourceiv(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, u, 1, &prop, 2, &len, got);
        glGetActiveSubroutineUniformiv(p, GL_FRAGMENT_SHADER, u, GL_COMPATIBLE_SUBROUTINES, oldc);
        CHECK(len == 2 && same_set(got, idx, 2) && same_set(oldc, idx, 2),
              "\"pick\": GL_COMPATIBLE_SUBROUTINES length %d, %d %d (old query %d %d), expected "
              "%d %d", len, got[0], got[1], oldc[0], oldc[1], idx[0], idx[1]);
    }
    n = iface_int(p, GL_VERTEX_SUBROUTINE, GL_ACTIVE_RESOURCES);
    GLint nu = iface_int(p, GL_VERTEX_SUBROUTINE_UNIFORM, GL_ACTIVE_RESOURCES);
    CHECK(n == 0 && nu == 0, "GL_VERTEX_SUBROUTINE %d and _UNIFORM %d resources, expected 0", n,
          nu);
    expect_error(GL_NO_ERROR, "the subroutine queries");
    res_int(p, GL_FRAGMENT_SUBROUTINE, 0, GL_LOCATION);
    expect_error(GL_INVALID_OPERATION, "GL_LOCATION of a subroutine");
    iface_int(p, GL_FRAGMENT_SUBROUTINE, GL_MAX_NUM_COMPATIBLE_SUBROUTINES);
    expect_error(GL_INVALID_OPERATION,
                 "GL_MAX_NUM_COMPATIBLE_SUBROUTINES of GL_FRAGMENT_SUBROUTINE");
    glGetProgramResourceLocation(p, GL_FRAGMENT_SUBROUTINE, "red");
    expect_error(GL_INVALID_ENUM, "glGetProgramResourceLocation(GL_FRAGMENT_SUBROUTINE)");
    glDeleteProgram(p);
}

static void storage_queries(void)
{
    if (!has_extension("GL_ARB_shader_storage_buffer_object") ||
        !has_extension("GL_ARB_shading_language_420pack")) {
        printf("note: no GL_ARB_shader_storage_buffer_object, no storage block queries\n");
        return;
    }
    GLuint p = build_program("storage program", pos_vs, ssbo_fs);
    if (!p)
        return;
    GLint nb = iface_int(p, GL_SHADER_STORAGE_BLOCK, GL_ACTIVE_RESOURCES);
    GLint maxv = iface_int(p, GL_SHADER_STORAGE_BLOCK, GL_MAX_NUM_ACTIVE_VARIABLES);
    GLint nv = iface_int(p, GL_BUFFER_VARIABLE, GL_ACTIVE_RESOURCES);
    CHECK(nb == 1 && maxv == 2 && nv == 2, "storage program: %d blocks, GL_MAX_NUM_ACTIVE_VARIABLES"
          " %d, %d buffer variables; expected 1, 2, 2", nb, maxv, nv);
    print_names(p, GL_BUFFER_VARIABLE, "GL_BUFFER_VARIABLE");
    GLuint s = glGetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "S");
    GLuint n = glGetProgramResourceIndex(p, GL_BUFFER_VARIABLE, "n");
    GLuint w = glGetProgramResourceIndex(p, GL_BUFFER_VARIABLE, "w[0]");
    CHECK(s != GL_INVALID_INDEX && n != GL_INVALID_INDEX && w != GL_INVALID_INDEX,
          "indices of S, n and w[0]: %d %d %d", (int)s, (int)n, (int)w);
    if (s != GL_INVALID_INDEX && n != GL_INVALID_INDEX && w != GL_INVALID_INDEX) {
        GLint b = res_int(p, GL_SHADER_STORAGE_BLOCK, s, GL_BUFFER_BINDING);
        GLint c = res_int(p, GL_SHADER_STORAGE_BLOCK, s, GL_NUM_ACTIVE_VARIABLES);
        CHECK(b == 2 && c == 2, "block S: binding %d, %d active variables; expected 2, 2", b, c);
        GLenum prop = GL_ACTIVE_VARIABLES;
        GLint vars[2] = { SENT, SENT }, want[2] = { (GLint)n, (GLint)w };
        glGetProgramResourceiv(p, GL_SHADER_STORAGE_BLOCK, s, 1, &prop, 2, NULL, vars);
        CHECK(same_set(vars, want, 2), "block S: active variables %d %d, expected %d %d",
              vars[0], vars[1], want[0], want[1]);
        GLint off = res_int(p, GL_BUFFER_VARIABLE, w, GL_OFFSET);
        GLint bi = res_int(p, GL_BUFFER_VARIABLE, w, GL_BLOCK_INDEX);
        GLint off0 = res_int(p, GL_BUFFER_VARIABLE, n, GL_OFFSET);
        CHECK(off == 16 && off0 == 0 && bi == (GLint)s, "w[0] at offset %d in block %d, n at %d;"
              " expected 16 in %u, 0", off, bi, off0, s);
    }
    expect_error(GL_NO_ERROR, "the storage block queries");
    glGetProgramResourceLocation(p, GL_BUFFER_VARIABLE, "n");
    expect_error(GL_INVALID_ENUM, "glGetProgramResourceLocation(GL_BUFFER_VARIABLE)");
    glGetProgramResourceLocation(p, GL_SHADER_STORAGE_BLOCK, "S");
    expect_error(GL_INVALID_ENUM, "glGetProgramResourceLocation(GL_SHADER_STORAGE_BLOCK)");
    glDeleteProgram(p);
}

/* The error raised: `want`, or `alt` where the spec's choice is not
 * Mesa's (then printed). */
static void expect_either(GLenum want, GLenum alt, const char *what)
{
    GLenum got = glGetError();
    CHECK(got == want || got == alt, "%s: error 0x%x, expected 0x%x", what, got, want);
    if (got != want && got == alt)
        printf("note: %s raises 0x%x, not 0x%x\n", what, got, want);
}

/* Each of the six commands on program `p` with interface `iface` (GL_
 * UNIFORM: GL_PROGRAM_OUTPUT for glGetProgramResourceLocationIndex), each
 * expected to raise `want`; glGetProgramInterfaceiv may raise `alt_if`
 * instead, glGetProgramResourceiv `alt_iv`. */
static void all_commands(GLuint p, GLenum iface, GLenum want, GLenum alt_if, GLenum alt_iv,
                         const char *what)
{
    char buf[160], name[16];
    GLint v;
    GLenum prop = GL_TYPE;
    glGetProgramInterfaceiv(p, iface, GL_ACTIVE_RESOURCES, &v);
    snprintf(buf, sizeof buf, "glGetProgramInterfaceiv of %s", what);
    expect_either(want, alt_if, buf);
    glGetProgramResourceIndex(p, iface, "f");
    snprintf(buf, sizeof buf, "glGetProgramResourceIndex of %s", what);
    expect_error(want, buf);
    glGetProgramResourceName(p, iface, 0, sizeof name, NULL, name);
    snprintf(buf, sizeof buf, "glGetProgramResourceName of %s", what);
    expect_error(want, buf);
    glGetProgramResourceiv(p, iface, 0, 1, &prop, 1, NULL, &v);
    snprintf(buf, sizeof buf, "glGetProgramResourceiv of %s", what);
    expect_either(want, alt_iv, buf);
    glGetProgramResourceLocation(p, iface, "f");
    snprintf(buf, sizeof buf, "glGetProgramResourceLocation of %s", what);
    expect_error(want, buf);
    glGetProgramResourceLocationIndex(p, iface == GL_UNIFORM ? GL_PROGRAM_OUTPUT : iface, "color");
    snprintf(buf, sizeof buf, "glGetProgramResourceLocationIndex of %s", what);
    expect_error(want, buf);
}

static void errors(GLuint p)
{
    GLint v;
    GLenum prop;
    char name[16];
    /* Mesa: GL_INVALID_OPERATION from glGetProgramInterfaceiv, GL_INVALID_
     * VALUE from glGetProgramResourceiv (the index is looked up first). */
    all_commands(p, GL_TEXTURE_2D, GL_INVALID_ENUM, GL_INVALID_OPERATION, GL_INVALID_VALUE,
                 "interface GL_TEXTURE_2D");
    glGetProgramInterfaceiv(p, GL_UNIFORM, GL_TEXTURE_2D, &v);
    expect_either(GL_INVALID_ENUM, GL_INVALID_OPERATION,
                  "glGetProgramInterfaceiv(pname GL_TEXTURE_2D)");
    glGetProgramInterfaceiv(p, GL_UNIFORM, GL_MAX_NUM_ACTIVE_VARIABLES, &v);
    expect_error(GL_INVALID_OPERATION, "GL_MAX_NUM_ACTIVE_VARIABLES of GL_UNIFORM");
    glGetProgramInterfaceiv(p, GL_UNIFORM, GL_MAX_NUM_COMPATIBLE_SUBROUTINES, &v);
    expect_error(GL_INVALID_OPERATION, "GL_MAX_NUM_COMPATIBLE_SUBROUTINES of GL_UNIFORM");

    GLint n = iface_int(p, GL_UNIFORM, GL_ACTIVE_RESOURCES);
    glGetProgramResourceName(p, GL_UNIFORM, n, sizeof name, NULL, name);
    expect_error(GL_INVALID_VALUE, "glGetProgramResourceName(index past the uniforms)");
    prop = GL_TYPE;
    glGetProgramResourceiv(p, GL_UNIFORM, n, 1, &prop, 1, NULL, &v);
    expect_error(GL_INVALID_VALUE, "glGetProgramResourceiv(index past the uniforms)");
    glGetProgramResourceiv(p, GL_UNIFORM, 0, 0, &prop, 1, NULL, &v);
    expect_error(GL_INVALID_VALUE, "glGetProgramResourceiv(propCount 0)");
    glGetProgramResourceiv(p, GL_UNIFORM, 0, 1, &prop, -1, NULL, &v);
    expect_error(GL_INVALID_VALUE, "glGetProgramResourceiv(bufSize -1)");
    glGetProgramResourceName(p, GL_UNIFORM, 0, -1, NULL, name);
    expect_error(GL_INVALID_VALUE, "glGetProgramResourceName(bufSize -1)");
    prop = GL_TEXTURE_2D;
    glGetProgramResourceiv(p, GL_UNIFORM, 0, 1, &prop, 1, NULL, &v);
    expect_error(GL_INVALID_ENUM, "glGetProgramResourceiv(property GL_TEXTURE_2D)");
    prop = GL_LOCATION;
    glGetProgramResourceiv(p, GL_UNIFORM_BLOCK, 0, 1, &prop, 1, NULL, &v);
    expect_error(GL_INVALID_OPERATION, "GL_LOCATION of a uniform block");
    prop = GL_BUFFER_BINDING;
    glGetProgramResourceiv(p, GL_UNIFORM, 0, 1, &prop, 1, NULL, &v);
    expect_error(GL_INVALID_OPERATION, "GL_BUFFER_BINDING of a uniform");
    glGetProgramResourceLocation(p, GL_UNIFORM_BLOCK, "B");
    expect_error(GL_INVALID_ENUM, "glGetProgramResourceLocation(GL_UNIFORM_BLOCK)");

    GLuint sh = glCreateShader(GL_VERTEX_SHADER);
    all_commands(0, GL_UNIFORM, GL_INVALID_VALUE, GL_INVALID_VALUE, GL_INVALID_VALUE,
                 "program 0");
    all_commands(9999, GL_UNIFORM, GL_INVALID_VALUE, GL_INVALID_VALUE, GL_INVALID_VALUE,
                 "a name never generated");
    all_commands(sh, GL_UNIFORM, GL_INVALID_OPERATION, GL_INVALID_OPERATION,
                 GL_INVALID_OPERATION, "a shader");
    glDeleteShader(sh);

    /* Never linked: no resources, no locations. */
    GLuint u = glCreateProgram();
    attach_shader(u, GL_VERTEX_SHADER, uniform_vs, "unlinked program");
    n = iface_int(u, GL_UNIFORM, GL_ACTIVE_RESOURCES);
    expect_error(GL_NO_ERROR, "GL_ACTIVE_RESOURCES of a program never linked");
    CHECK(n == 0, "a program never linked has %d GL_UNIFORM resources", n);
    GLuint ui = glGetProgramResourceIndex(u, GL_UNIFORM, "f");
    printf("unlinked program: glGetProgramResourceIndex(\"f\") %d, error 0x%x\n", (int)ui,
           glGetError());
    glGetProgramResourceLocation(u, GL_UNIFORM, "f");
    expect_error(GL_INVALID_OPERATION, "glGetProgramResourceLocation of a program never linked");
    glGetProgramResourceLocationIndex(u, GL_PROGRAM_OUTPUT, "color");
    expect_error(GL_INVALID_OPERATION,
                 "glGetProgramResourceLocationIndex of a program never linked");
    glDeleteProgram(u);

    /* Failed to link: a fragment shader calling a function never defined. */
    u = glCreateProgram();
    attach_shader(u, GL_VERTEX_SHADER, pos_vs, "unlinkable program");
    attach_shader(u, GL_FRAGMENT_SHADER,
                  "#version 150\nout vec4 color;\nvec4 g();\nvoid main() { color = g(); }\n",
                  "unlinkable program");
    glLinkProgram(u);
    GLint ok = SENT;
    glGetProgramiv(u, GL_LINK_STATUS, &ok);
    CHECK(ok == GL_FALSE, "a program calling an undefined function links");
    glGetProgramResourceLocation(u, GL_UNIFORM, "f");
    expect_error(GL_INVALID_OPERATION,
                 "glGetProgramResourceLocation of a program that failed to link");
    glGetProgramResourceLocationIndex(u, GL_PROGRAM_OUTPUT, "color");
    expect_error(GL_INVALID_OPERATION,
                 "glGetProgramResourceLocationIndex of a program that failed to link");
    glDeleteProgram(u);
}

int main(void)
{
    struct test_window t = open_rgba8_window(SIZE);
    printf("GL_VERSION %s, GL_RENDERER %s\n", (const char *)glGetString(GL_VERSION),
           (const char *)glGetString(GL_RENDERER));
    if (!has_extension("GL_ARB_program_interface_query")) {
        printf("SKIP: GL_ARB_program_interface_query is not advertised\n");
        return close_test_window(&t);
    }
    if (!has_extension("GL_ARB_shader_atomic_counters")) {
        printf("note: no GL_ARB_shader_atomic_counters, no uniform queries\n");
    } else {
        GLuint p = uniform_program();
        if (p) {
            uniform_queries(p);
            block_queries(p);
            counter_buffer_queries(p);
            errors(p);
            glDeleteProgram(p);
        }
    }
    if (has_extension("GL_ARB_explicit_attrib_location")) {
        input_queries();
        output_queries();
    } else {
        printf("note: no GL_ARB_explicit_attrib_location, no input and output queries\n");
    }
    static const GLint interleaved[3] = { 0, 16, 20 }, separate[3] = { 0, 0, 0 };
    xfb_queries(GL_INTERLEAVED_ATTRIBS, interleaved);
    xfb_queries(GL_SEPARATE_ATTRIBS, separate);
    subroutine_queries();
    storage_queries();
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
