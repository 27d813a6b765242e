/*
 * ssbo.c: ARB_shader_storage_buffer_object (GL 4.3) in a compatibility
 * context, by the buffers' contents, pixels, queries and errors. Shaders
 * are GLSL 1.50 with the extension (and ARB_shading_language_420pack for
 * layout(binding)), vertex and fragment stages only. Without the
 * extension in GL_EXTENSIONS the client prints a SKIP line (and PASS).
 *
 * - Limits: GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, GL_MAX_FRAGMENT_
 *   SHADER_STORAGE_BLOCKS and GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS at
 *   least 8, GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS at least 0,
 *   GL_MAX_SHADER_STORAGE_BLOCK_SIZE at least 2^24 and GL_SHADER_STORAGE_
 *   BUFFER_OFFSET_ALIGNMENT from 1 to 256 (all printed).
 * - Binding state: the defaults of the indexed GL_SHADER_STORAGE_BUFFER_
 *   BINDING/START/SIZE (glGetIntegeri_v and glGetInteger64i_v) and of the
 *   generic binding; glBindBufferBase sets the indexed and the generic
 *   binding with start and size 0, glBindBufferRange at an aligned
 *   offset its start and size, glBindBuffer the generic one alone; the
 *   errors (an index at the limit for Base and Range, an offset not a
 *   multiple of the alignment, a size of 0: GL_INVALID_VALUE; a query at
 *   the limit: GL_INVALID_VALUE), each leaving the
 *   binding as it was; buffer 0 unbinds, and so does deleting the buffer.
 *   glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT) and (GL_ALL_BARRIER_
 *   BITS) raise nothing.
 * - Fragment stores: a 16x16 quad, each fragment writing x + 16y at
 *   data[x + 16y] of an unsized `uint data[]` (std430, binding 0) bound by
 *   glBindBufferRange at the alignment offset, exactly 256 words long;
 *   glGetBufferSubData reads every word back, and the words before the
 *   range and past its end keep their sentinel. Every pixel is green.
 * - Loads: a std140 and a std430 block of `float f; vec3 v; float a[3];
 *   mat2 m; S s; S t[2];` (struct S { float x; float y; }), filled by the
 *   client at the offsets of each rule (std140: 0, 16, 32 stride 16, 80
 *   column stride 16, 112, 128 stride 16; std430: 0, 16, 28 stride 4, 40
 *   column stride 8, 56, 64 stride 8), padding filled with other values;
 *   one fragment copies every component to a third block, compared
 *   exactly.
 * - length(): `uint header[4]; uint tail[];` (std430) bound by a 40-byte
 *   range at the alignment offset gives tail.length() 6 and reads the
 *   range's last word; a whole 64-byte buffer of `vec4 v[]` gives 4;
 *   header.length() is 4.
 * - Atomics: 256 fragments' atomicAdd(counter, 1u) end at 256 and return
 *   0 to 255 once each (stored to ids[]); on one fragment, add, min, max
 *   (unsigned, above 2^31), and, or, xor, exchange and compare-exchange
 *   (matching and not) on uint members, min and max (signed), add,
 *   exchange, and, or, xor and compare-exchange on int members: the old
 *   values returned and the values left.
 * - A vertex shader stores 3 * gl_VertexID + 1 at vals[gl_VertexID] for
 *   a draw of 16 points, the word after untouched (skipped with a note
 *   when GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS is 0).
 * - glShaderStorageBlockBinding: block "Out" (layout binding 0) reports
 *   GL_BUFFER_BINDING 0, moved to 2 reports 2 and its stores land in the
 *   buffer at binding 2, the one at 0 untouched; a binding at the limit
 *   and a block index past the blocks are GL_INVALID_VALUE and change
 *   nothing; an unknown block name is GL_INVALID_INDEX.
 * - Program interface queries: GL_ACTIVE_RESOURCES and GL_MAX_NAME_
 *   LENGTH of GL_SHADER_STORAGE_BLOCK (3 blocks, longest "Copies"), GL_
 *   MAX_NAME_LENGTH of GL_BUFFER_VARIABLE at least 12; blocks named by
 *   their block name, not their instance name; glGetProgramResourceName;
 *   GL_BUFFER_BINDING from layout(binding); GL_REFERENCED_BY_VERTEX/
 *   FRAGMENT_SHADER; GL_BUFFER_DATA_SIZE of the std140 and std430 blocks
 *   at least 160 and 80, of a std430 `uint a; vec4 b; float c[];` at
 *   least 36 (the unsized array counts as one element; all printed).
 *   Buffer variables are named "B140.f" etc. in a block with an instance
 *   name ("p.f" is no name), "data[0]" (or "data") in one without
 *   ("Out.data[0]" is no name); each name found is the one
 *   glGetProgramResourceName gives back. GL_OFFSET, GL_TYPE,
 *   GL_ARRAY_SIZE (0 for an unsized array), GL_ARRAY_STRIDE, GL_MATRIX_
 *   STRIDE, GL_IS_ROW_MAJOR, GL_TOP_LEVEL_ARRAY_SIZE/STRIDE and
 *   GL_BLOCK_INDEX of the members of both layouts above, of the unsized
 *   arrays, and of an unsized array of structs (top-level size 0, stride
 *   16). The top-level array size and stride are those of arrays of
 *   aggregates only, 1 and 0 for other members, arrays of scalars
 *   included (GL 4.6 7.3.1.1; GL 4.3's wording named every array).
 * - Compile errors: an assignment to a member of a readonly block, a
 *   read of a writeonly one; a variable index into an unsized array not
 *   last in its block (a constant one sizes it implicitly, which desktop
 *   GLSL allows); a negative constant index into an unsized array; an
 *   unsized array passed to a function; length() of an implicitly sized
 *   array without the extension (GLSL 1.50; the extension makes it legal,
 *   and a program using it draws length 3); std430 on a uniform block; a
 *   buffer variable outside a block; atomicAdd on a variable not in a
 *   buffer. Their correct counterparts compile.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o ssbo
 * tests/clients/ssbo.c -lX11 -lGL -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"

#define SIZE 16
#define SENTINEL 0xdeadbeefu

#define SSBO "#version 150\n#extension GL_ARB_shader_storage_buffer_object : require\n"
#define PACK "#extension GL_ARB_shading_language_420pack : require\n"

static GLint max_bindings, alignment;

static const char *quad_vs = "#version 150\n"
                             "in vec2 pos;\n"
                             "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* x + 16y at each fragment's word. */
static const char *store_fs = SSBO PACK "layout(std430, binding = 0) buffer Out { uint data[]; };\n"
                                        "out vec4 color;\n"
                                        "void main() {\n"
                                        "  ivec2 p = ivec2(gl_FragCoord.xy);\n"
                                        "  data[p.x + 16 * p.y] = uint(p.x + 16 * p.y);\n"
                                        "  color = vec4(0.0, 1.0, 0.0, 1.0);\n"
                                        "}\n";

#define MEMBERS "{ float f; vec3 v; float a[3]; mat2 m; S s; S t[2]; }"
#define COPY(b)                                                                            \
    "  put(" b ".f); put(" b ".v.x); put(" b ".v.y); put(" b ".v.z);\n"                    \
    "  for (int i = 0; i < 3; i++) put(" b ".a[i]);\n"                                     \
    "  put(" b ".m[0][0]); put(" b ".m[0][1]); put(" b ".m[1][0]); put(" b ".m[1][1]);\n"  \
    "  put(" b ".s.x); put(" b ".s.y);\n"                                                  \
    "  for (int i = 0; i < 2; i++) { put(" b ".t[i].x); put(" b ".t[i].y); }\n"
/* Every component of both blocks, in declaration order, to got[]. */
static const char *layout_fs =
    SSBO PACK "struct S { float x; float y; };\n"
              "layout(std140, binding = 0) readonly buffer B140 " MEMBERS " p;\n"
              "layout(std430, binding = 1) readonly buffer B430 " MEMBERS " q;\n"
              "layout(std430, binding = 2) buffer Copies { float got[]; };\n"
              "out vec4 color;\n"
              "int n = 0;\n"
              "void put(float x) { got[n++] = x; }\n"
              "void main() {\n" COPY("p") COPY("q") "  color = vec4(0.0, 1.0, 0.0, 1.0);\n"
              "}\n";
#define NCOMP 17
/* Where each component lies, in floats, under each rule. */
static const int off140[NCOMP] = { 0, 4, 5, 6, 8, 12, 16, 20, 21, 24, 25, 28, 29, 32, 33, 36, 37 };
static const int off430[NCOMP] = { 0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19 };

static const char *length_fs =
    SSBO PACK "layout(std430, binding = 0) readonly buffer A { uint header[4]; uint tail[]; };\n"
              "layout(std430, binding = 1) readonly buffer B { vec4 v[]; };\n"
              "layout(std430, binding = 2) buffer R { int lens[4]; };\n"
              "out vec4 color;\n"
              "void main() {\n"
              "  lens[0] = tail.length();\n"
              "  lens[1] = v.length();\n"
              "  lens[2] = header.length();\n"
              "  lens[3] = int(tail[tail.length() - 1] + uint(v[v.length() - 1].w));\n"
              "  color = vec4(1.0);\n"
              "}\n";

/* Each fragment's old value of the counter stored at its own word. */
static const char *count_fs = SSBO PACK
    "layout(std430, binding = 0) buffer C { uint counter; uint ids[]; };\n"
    "out vec4 color;\n"
    "void main() {\n"
    "  ivec2 p = ivec2(gl_FragCoord.xy);\n"
    "  ids[p.x + 16 * p.y] = atomicAdd(counter, 1u);\n"
    "  color = vec4(1.0);\n"
    "}\n";

#define UOPS 10
#define SOPS 8
/* One fragment: an operation per member, the old values stored. */
static const char *ops_fs =
    SSBO PACK "layout(std430, binding = 0) buffer U { uint u[10]; int s[8]; uint uold[10];"
              " int sold[8]; };\n"
              "out vec4 color;\n"
              "void main() {\n"
              "  uold[0] = atomicAdd(u[0], 5u);\n"
              "  uold[1] = atomicMin(u[1], 7u);\n"
              "  uold[2] = atomicMax(u[2], 1000u);\n"
              "  uold[3] = atomicAnd(u[3], 0xf0u);\n"
              "  uold[4] = atomicOr(u[4], 1u);\n"
              "  uold[5] = atomicXor(u[5], 0xffu);\n"
              "  uold[6] = atomicExchange(u[6], 42u);\n"
              "  uold[7] = atomicCompSwap(u[7], 10u, 99u);\n"
              "  uold[8] = atomicCompSwap(u[8], 11u, 99u);\n"
              "  uold[9] = atomicMax(u[9], 0x80000000u);\n"
              "  sold[0] = atomicMin(s[0], -10);\n"
              "  sold[1] = atomicMax(s[1], 3);\n"
              "  sold[2] = atomicAdd(s[2], -10);\n"
              "  sold[3] = atomicExchange(s[3], -100);\n"
              "  sold[4] = atomicAnd(s[4], 6);\n"
              "  sold[5] = atomicOr(s[5], -256);\n"
              "  sold[6] = atomicXor(s[6], 15);\n"
              "  sold[7] = atomicCompSwap(s[7], -7, 8);\n"
              "  color = vec4(1.0);\n"
              "}\n";

static const char *vertex_store_vs = SSBO PACK
    "in vec2 pos;\n"
    "layout(std430, binding = 0) buffer V { uint vals[]; };\n"
    "void main() {\n"
    "  vals[gl_VertexID] = uint(gl_VertexID) * 3u + 1u;\n"
    "  gl_Position = vec4(pos, 0.0, 1.0);\n"
    "}\n";

static const char *green_fs = "#version 150\n"
                              "out vec4 color;\n"
                              "void main() { color = vec4(0.0, 1.0, 0.0, 1.0); }\n";

/* Sized's data size; Structs: an unsized array of an aggregate. */
static const char *sized_fs =
    SSBO PACK "layout(std430, binding = 3) buffer Sized { uint a; vec4 b; float c[]; };\n"
              "struct P { vec2 p; float q; };\n"
              "layout(std430, binding = 4) buffer Structs { uint k; P w[]; } st;\n"
              "out vec4 color;\n"
              "void main() {\n"
              "  st.w[int(a)].q = float(st.k) + st.w[1].p.y;\n"
              "  color = vec4(float(a)) + b + vec4(c[0]);\n"
              "}\n";

/* The errors and their correct counterparts. */
#define FS_MAIN(body) "out vec4 color;\nvoid main() { " body " color = vec4(1.0); }\n"
#define LAST_BLOCK "layout(std430) buffer B { uint b; uint a[]; };\n"
static const char *readonly_assign_fs =
    SSBO "layout(std430) readonly buffer R { uint x; };\n" FS_MAIN("x = 1u;");
static const char *writable_assign_fs =
    SSBO "layout(std430) buffer R { uint x; };\n" FS_MAIN("x = 1u;");
static const char *writeonly_read_fs =
    SSBO "layout(std430) writeonly buffer R { uint x; };\n" FS_MAIN("color = vec4(float(x));");
static const char *writeonly_write_fs =
    SSBO "layout(std430) writeonly buffer R { uint x; };\n" FS_MAIN("x = 1u;");
static const char *unsized_first_fs =
    SSBO "layout(std430) buffer B { uint a[]; uint b; };\n" FS_MAIN("a[int(b)] = 1u;");
static const char *unsized_last_fs = SSBO LAST_BLOCK FS_MAIN("a[int(b)] = 1u;");
static const char *negative_index_fs = SSBO LAST_BLOCK FS_MAIN("a[-1] = 1u;");
static const char *unsized_argument_fs =
    SSBO LAST_BLOCK "uint f(uint x[1]) { return x[0]; }\n" FS_MAIN("b = f(a);");
#define LENGTH_FS(decl)                                                      \
    decl "out vec4 color;\n"                                                 \
         "void main() {\n"                                                   \
         "  a[2] = 1.0;\n"                                                   \
         "  color = vec4(0.0, float(a.length()) / 4.0, a[2], 1.0);\n"        \
         "}\n"
static const char *implicit_length_fs = LENGTH_FS("#version 150\nfloat a[];\n");
static const char *explicit_length_fs = LENGTH_FS("#version 150\nfloat a[3];\n");
static const char *implicit_length_ext_fs = LENGTH_FS(SSBO "float a[];\n");
static const char *std430_uniform_fs =
    SSBO "layout(std430) uniform U { vec4 x; };\n" FS_MAIN("color = x;");
static const char *std140_uniform_fs =
    SSBO "layout(std140) uniform U { vec4 x; };\n" FS_MAIN("color = x;");
static const char *global_buffer_fs = SSBO "buffer uint x;\n" FS_MAIN("x = 1u;");
static const char *local_atomic_fs = SSBO "uint y = 0u;\n" FS_MAIN("atomicAdd(y, 1u);");
static const char *buffer_atomic_fs =
    SSBO "layout(std430) buffer R { uint y; };\n" FS_MAIN("atomicAdd(y, 1u);");

/* A quad over a w x h viewport at the window's corner. */
static void draw_in(GLuint p, int w, int h)
{
    static const GLfloat quad[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
    glViewport(0, 0, w, h);
    glUseProgram(p);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
    glEnableVertexAttribArray(0);
    glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
    glViewport(0, 0, SIZE, SIZE);
}

/* A new buffer of `bytes` bytes of `data` (or undefined). */
static GLuint buffer_of(GLsizeiptr bytes, const void *data)
{
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
    glBufferData(GL_SHADER_STORAGE_BUFFER, bytes, data, GL_DYNAMIC_COPY);
    return b;
}

/* A new buffer of `words` (at most 1024) words of SENTINEL. */
static GLuint sentinel_buffer(int words)
{
    static GLuint fill[1024];
    for (int i = 0; i < 1024; i++)
        fill[i] = SENTINEL;
    return buffer_of(words * 4, fill);
}

/* `bytes` bytes of `b` from `offset`, after the shaders' stores. */
static void read_buffer(GLuint b, GLintptr offset, GLsizeiptr bytes, void *out)
{
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, offset, bytes, out);
}

static void binding_is(GLuint index, GLint name, GLint64 start, GLint64 size, const char *what)
{
    GLint v = -1, s32 = -1, z32 = -1;
    GLint64 s = -1, z = -1;
    glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, index, &v);
    glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, index, &s);
    glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, index, &z);
    glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_START, index, &s32);
    glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_SIZE, index, &z32);
    CHECK(v == name, "%s: GL_SHADER_STORAGE_BUFFER_BINDING[%u] is %d, expected %d", what, index,
          v, name);
    CHECK(s == start && s32 == start, "%s: GL_SHADER_STORAGE_BUFFER_START[%u] is %lld (%d), "
                                      "expected %lld",
          what, index, (long long)s, s32, (long long)start);
    CHECK(z == size && z32 == size, "%s: GL_SHADER_STORAGE_BUFFER_SIZE[%u] is %lld (%d), "
                                    "expected %lld",
          what, index, (long long)z, z32, (long long)size);
    expect_error(GL_NO_ERROR, what);
}

static void generic_is(GLint name, const char *what)
{
    GLint v = -1;
    glGetIntegerv(GL_SHADER_STORAGE_BUFFER_BINDING, &v);
    CHECK(v == name, "%s: GL_SHADER_STORAGE_BUFFER_BINDING is %d, expected %d", what, v, name);
}

static void limits_and_bindings(void)
{
    static const struct gl_limit limits[] = {
        GL_LIMIT(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, 8),
        GL_LIMIT(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, 8),
        GL_LIMIT(GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS, 8),
        GL_LIMIT(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS, 0),
        GL_LIMIT(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, 1),
    };
    for (unsigned i = 0; i < sizeof limits / sizeof limits[0]; i++) {
        GLint v = -1;
        glGetIntegerv(limits[i].pname, &v);
        printf("%s %d\n", limits[i].name, v);
    }
    check_limits(limits, sizeof limits / sizeof limits[0], "the limits");
    GLint64 block = -1;
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &block);
    printf("GL_MAX_SHADER_STORAGE_BLOCK_SIZE %lld\n", (long long)block);
    CHECK(block >= 1 << 24, "GL_MAX_SHADER_STORAGE_BLOCK_SIZE is %lld, below 2^24",
          (long long)block);
    glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &max_bindings);
    glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
    CHECK(alignment >= 1 && alignment <= 256,
          "GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT is %d, not from 1 to 256", alignment);
    if (max_bindings < 8 || alignment < 1 || alignment > 256) {
        max_bindings = alignment = 0;
        return;
    }

    binding_is(0, 0, 0, 0, "binding 0's default");
    binding_is(max_bindings - 1, 0, 0, 0, "the last binding's default");
    generic_is(0, "the default");
    GLuint b = buffer_of(1024, NULL);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, b);
    binding_is(1, b, 0, 0, "after glBindBufferBase(1)");
    generic_is(b, "after glBindBufferBase(1)");
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    generic_is(0, "after glBindBuffer(0)");
    binding_is(1, b, 0, 0, "binding 1 after glBindBuffer(0)");
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 2, b, alignment, 64);
    binding_is(2, b, alignment, 64, "after glBindBufferRange(2, alignment, 64)");
    generic_is(b, "after glBindBufferRange");
    binding_is(0, 0, 0, 0, "binding 0 after binding 1 and 2");

    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, max_bindings, b);
    expect_error(GL_INVALID_VALUE, "glBindBufferBase(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS)");
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, max_bindings, b, 0, 64);
    expect_error(GL_INVALID_VALUE, "glBindBufferRange(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS)");
    if (alignment > 1) {
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 2, b, alignment + alignment / 2, 64);
        expect_error(GL_INVALID_VALUE, "glBindBufferRange(offset not a multiple of the "
                                       "alignment)");
    } else {
        printf("note: the alignment is 1, every offset is aligned\n");
    }
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 2, b, 0, 0);
    expect_error(GL_INVALID_VALUE, "glBindBufferRange(size 0)");
    binding_is(2, b, alignment, 64, "binding 2 after the failed binds");
    GLint v = 12345;
    GLint64 v64 = 12345;
    glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, max_bindings, &v);
    expect_error(GL_INVALID_VALUE, "glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, max)");
    glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, max_bindings, &v64);
    expect_error(GL_INVALID_VALUE, "glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, max)");
    glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, max_bindings, &v64);
    expect_error(GL_INVALID_VALUE, "glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, max)");

    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, 0);
    binding_is(2, 0, 0, 0, "after glBindBufferBase(2, 0)");
    glDeleteBuffers(1, &b);
    v = -1;
    glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, 1, &v);
    CHECK(v == 0, "after deleting its buffer binding 1 holds %d", v);
    generic_is(0, "after deleting the buffer");

    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    expect_error(GL_NO_ERROR, "glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT)");
    glMemoryBarrier(GL_ALL_BARRIER_BITS);
    expect_error(GL_NO_ERROR, "glMemoryBarrier(GL_ALL_BARRIER_BITS)");
}

/* The least nonzero offset that is a multiple of both the alignment and
 * a word. */
static GLintptr range_offset(void)
{
    return alignment % 4 ? 4 * alignment : alignment;
}

/* `n` words of `got` from `from` are i + `base` (or SENTINEL when `base`
 * is SENTINEL); a FAIL for the first few that are not. */
static void words_are(const GLuint *got, int from, int n, GLuint base, const char *what)
{
    int bad = 0;
    for (int i = from; i < from + n; i++) {
        GLuint want = base == SENTINEL ? SENTINEL : base + (GLuint)(i - from);
        if (got[i] != want && bad++ < 4)
            CHECK(0, "%s: word %d is 0x%x, expected 0x%x", what, i - from, got[i], want);
    }
    CHECK(bad == 0, "%s: %d of %d words are wrong", what, bad, n);
}

static void fragment_stores(void)
{
    GLuint p = pos_color_program(quad_vs, store_fs, "store program");
    if (!p)
        return;
    GLintptr offset = range_offset();
    int lead = (int)(offset / 4), words = lead + 256 + 4;
    GLuint b = sentinel_buffer(words);
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, b, offset, 256 * 4);
    glClear(GL_COLOR_BUFFER_BIT);
    draw_in(p, SIZE, SIZE);
    CHECK_ALL_GREEN(SIZE);
    static GLuint got[1024];
    read_buffer(b, 0, words * 4, got);
    words_are(got, 0, lead, SENTINEL, "the words before the range");
    words_are(got, lead, 256, 0, "the stored words");
    words_are(got, lead + 256, 4, SENTINEL, "the words past the range");
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
    glDeleteBuffers(1, &b);
    glDeleteProgram(p);
    expect_error(GL_NO_ERROR, "the fragment stores");
}

static void loads(void)
{
    GLuint p = pos_color_program(quad_vs, layout_fs, "layout program");
    if (!p)
        return;
    GLfloat in140[40], in430[20], want[2 * NCOMP];
    for (int i = 0; i < 40; i++)
        in140[i] = -1000.0f - i;
    for (int i = 0; i < 20; i++)
        in430[i] = -2000.0f - i;
    for (int k = 0; k < NCOMP; k++) {
        want[k] = in140[off140[k]] = 1.5f + k;
        want[NCOMP + k] = in430[off430[k]] = 100.25f + k;
    }
    GLuint b140 = buffer_of(sizeof in140, in140), b430 = buffer_of(sizeof in430, in430);
    GLfloat fill[40];
    for (int i = 0; i < 40; i++)
        fill[i] = -7.0f;
    GLuint out = buffer_of(sizeof fill, fill);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b140);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, b430);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, out);
    draw_in(p, 1, 1);
    GLfloat got[40];
    read_buffer(out, 0, sizeof got, got);
    static const char *comp[NCOMP] = { "f",      "v.x",    "v.y",    "v.z",    "a[0]",  "a[1]",
                                       "a[2]",   "m[0].x", "m[0].y", "m[1].x", "m[1].y", "s.x",
                                       "s.y",    "t[0].x", "t[0].y", "t[1].x", "t[1].y" };
    for (int k = 0; k < 2 * NCOMP; k++)
        CHECK(got[k] == want[k], "%s %s (float %d) read %g, expected %g",
              k < NCOMP ? "std140" : "std430", comp[k % NCOMP],
              (k < NCOMP ? off140 : off430)[k % NCOMP], got[k], want[k]);
    for (int k = 2 * NCOMP; k < 40; k++)
        CHECK(got[k] == -7.0f, "float %d past the copies was written: %g", k, got[k]);
    for (int i = 0; i < 3; i++)
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, i, 0);
    GLuint bs[3] = { b140, b430, out };
    glDeleteBuffers(3, bs);
    glDeleteProgram(p);
    expect_error(GL_NO_ERROR, "the loads");
}

static void lengths(void)
{
    GLuint p = pos_color_program(quad_vs, length_fs, "length program");
    if (!p)
        return;
    GLintptr offset = range_offset();
    GLuint words[(4 * 256 + 64) / 4];
    for (int i = 0; i < (int)(sizeof words / 4); i++)
        words[i] = 1000 + i;
    GLuint a = buffer_of(offset + 64, words);
    GLfloat vecs[16];
    for (int i = 0; i < 16; i++)
        vecs[i] = i;
    GLuint v = buffer_of(sizeof vecs, vecs);
    GLint fill[4] = { -1, -1, -1, -1 };
    GLuint r = buffer_of(sizeof fill, fill);
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, a, offset, 40);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, v);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, r);
    draw_in(p, 1, 1);
    GLint got[4];
    read_buffer(r, 0, sizeof got, got);
    CHECK(got[0] == 6, "tail.length() with a 40-byte range after a 16-byte header is %d, not 6",
          got[0]);
    CHECK(got[1] == 4, "v.length() of vec4s in a whole 64-byte buffer is %d, not 4", got[1]);
    CHECK(got[2] == 4, "header.length() is %d, not 4", got[2]);
    GLint last = (GLint)words[offset / 4 + 9] + 15;
    CHECK(got[3] == last, "the last tail word plus the last v.w is %d, expected %d", got[3],
          last);
    for (int i = 0; i < 3; i++)
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, i, 0);
    GLuint bs[3] = { a, v, r };
    glDeleteBuffers(3, bs);
    glDeleteProgram(p);
    expect_error(GL_NO_ERROR, "length()");
}

static void atomics(void)
{
    GLuint count = pos_color_program(quad_vs, count_fs, "counting program");
    GLuint ops = pos_color_program(quad_vs, ops_fs, "atomic operations program");
    if (!count || !ops)
        return;
    enum { N = SIZE * SIZE };
    GLuint c = sentinel_buffer(1 + N + 1);
    GLuint zero = 0;
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 4, &zero);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, c);
    draw_in(count, SIZE, SIZE);
    static GLuint got[1 + N + 1];
    read_buffer(c, 0, sizeof got, got);
    CHECK(got[0] == N, "atomicAdd by 256 fragments left %u", got[0]);
    int seen[N] = { 0 }, bad = 0;
    for (int i = 1; i <= N; i++) {
        if (got[i] >= N || seen[got[i]]++)
            bad++;
    }
    CHECK(bad == 0, "%d of 256 fragments got a value out of range or another's", bad);
    CHECK(got[N + 1] == SENTINEL, "the word past ids[] was written: 0x%x", got[N + 1]);

    static const GLuint ustart[UOPS] = { 10, 20, 20, 0x3c, 0x10, 0x0f, 1, 10, 10, 5 };
    static const GLuint uafter[UOPS] = { 15, 7, 1000, 0x30, 0x11, 0xf0, 42, 99, 10, 0x80000000u };
    static const GLint sstart[SOPS] = { 3, -5, 7, -1, -1, 0xf0, -1, -7 };
    static const GLint safter[SOPS] = { -10, 3, -3, -100, 6, -16, -16, 8 };
    struct {
        GLuint u[UOPS];
        GLint s[SOPS];
        GLuint uold[UOPS];
        GLint sold[SOPS];
    } data, after;
    memcpy(data.u, ustart, sizeof ustart);
    memcpy(data.s, sstart, sizeof sstart);
    for (int i = 0; i < UOPS; i++)
        data.uold[i] = SENTINEL;
    for (int i = 0; i < SOPS; i++)
        data.sold[i] = 1234;
    GLuint u = buffer_of(sizeof data, &data);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, u);
    draw_in(ops, 1, 1);
    read_buffer(u, 0, sizeof after, &after);
    static const char *unames[UOPS] = { "add", "min", "max", "and", "or",
                                        "xor", "exchange", "compswap", "compswap (no match)",
                                        "max (above 2^31)" };
    static const char *snames[SOPS] = { "min", "max", "add", "exchange",
                                        "and", "or",  "xor", "compswap" };
    for (int i = 0; i < UOPS; i++) {
        CHECK(after.uold[i] == ustart[i], "uint %s returned 0x%x, not the old 0x%x", unames[i],
              after.uold[i], ustart[i]);
        CHECK(after.u[i] == uafter[i], "uint %s left 0x%x, expected 0x%x", unames[i],
              after.u[i], uafter[i]);
    }
    for (int i = 0; i < SOPS; i++) {
        CHECK(after.sold[i] == sstart[i], "int %s returned %d, not the old %d", snames[i],
              after.sold[i], sstart[i]);
        CHECK(after.s[i] == safter[i], "int %s left %d, expected %d", snames[i], after.s[i],
              safter[i]);
    }
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
    GLuint bs[2] = { c, u };
    glDeleteBuffers(2, bs);
    glDeleteProgram(count);
    glDeleteProgram(ops);
    expect_error(GL_NO_ERROR, "the atomics");
}

static void vertex_stores(void)
{
    GLint max = 0;
    glGetIntegerv(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS, &max);
    if (max == 0) {
        printf("note: GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS is 0, no vertex shader stores\n");
        return;
    }
    GLuint p = pos_color_program(vertex_store_vs, green_fs, "vertex store program");
    if (!p)
        return;
    enum { N = 16 };
    GLuint b = sentinel_buffer(N + 1);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    GLfloat pts[N][2];
    for (int i = 0; i < N; i++) {
        pts[i][0] = (i + 0.5f) / N * 2 - 1;
        pts[i][1] = 0;
    }
    glUseProgram(p);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pts);
    glEnableVertexAttribArray(0);
    glDrawArrays(GL_POINTS, 0, N);
    GLuint got[N + 1];
    read_buffer(b, 0, sizeof got, got);
    for (int i = 0; i < N; i++)
        CHECK(got[i] == (GLuint)(3 * i + 1), "vertex %d stored 0x%x, expected %d", i, got[i],
              3 * i + 1);
    CHECK(got[N] == SENTINEL, "the word past the vertices' was written: 0x%x", got[N]);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
    glDeleteBuffers(1, &b);
    glDeleteProgram(p);
    expect_error(GL_NO_ERROR, "the vertex stores");
}

static GLint resource_int(GLuint p, GLenum iface, GLuint index, GLenum prop)
{
    GLint v = -12345;
    glGetProgramResourceiv(p, iface, index, 1, &prop, 1, NULL, &v);
    return v;
}

static void block_binding(void)
{
    GLuint p = pos_color_program(quad_vs, store_fs, "store program");
    if (!p || max_bindings < 8)
        return;
    GLuint idx = glGetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "Out");
    CHECK(idx != GL_INVALID_INDEX, "block Out has no index");
    GLuint none = glGetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "Nope");
    CHECK(none == GL_INVALID_INDEX, "block Nope has index %u", none);
    GLint blocks = -1;
    glGetProgramInterfaceiv(p, GL_SHADER_STORAGE_BLOCK, GL_ACTIVE_RESOURCES, &blocks);
    CHECK(blocks == 1, "the store program has %d shader storage blocks, not 1", blocks);
    expect_error(GL_NO_ERROR, "the block's index");
    if (idx == GL_INVALID_INDEX)
        return;
    GLint v = resource_int(p, GL_SHADER_STORAGE_BLOCK, idx, GL_BUFFER_BINDING);
    CHECK(v == 0, "block Out (binding = 0) reports GL_BUFFER_BINDING %d", v);
    glShaderStorageBlockBinding(p, idx, 2);
    expect_error(GL_NO_ERROR, "glShaderStorageBlockBinding(Out, 2)");
    v = resource_int(p, GL_SHADER_STORAGE_BLOCK, idx, GL_BUFFER_BINDING);
    CHECK(v == 2, "after glShaderStorageBlockBinding(Out, 2) GL_BUFFER_BINDING is %d", v);
    glShaderStorageBlockBinding(p, idx, max_bindings);
    expect_error(GL_INVALID_VALUE, "glShaderStorageBlockBinding(binding at the limit)");
    glShaderStorageBlockBinding(p, blocks, 0);
    expect_error(GL_INVALID_VALUE, "glShaderStorageBlockBinding(block index past the blocks)");
    v = resource_int(p, GL_SHADER_STORAGE_BLOCK, idx, GL_BUFFER_BINDING);
    CHECK(v == 2, "after the failed calls GL_BUFFER_BINDING is %d, not 2", v);

    GLuint b0 = sentinel_buffer(257), b2 = sentinel_buffer(257);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, b2);
    draw_in(p, SIZE, SIZE);
    static GLuint got0[257], got2[257];
    read_buffer(b0, 0, sizeof got0, got0);
    read_buffer(b2, 0, sizeof got2, got2);
    words_are(got2, 0, 256, 0, "the buffer at binding 2");
    words_are(got2, 256, 1, SENTINEL, "the word past binding 2's stores");
    words_are(got0, 0, 257, SENTINEL, "the buffer at binding 0");
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, 0);
    GLuint bs[2] = { b0, b2 };
    glDeleteBuffers(2, bs);
    glDeleteProgram(p);
    expect_error(GL_NO_ERROR, "the block bindings");
}

/* Buffer variable `name` of `p`: offset, type, array size and stride,
 * matrix stride, row major, top-level array size and stride. */
struct var_want {
    const char *name;
    GLint v[8];
};

static void variable_is(GLuint p, GLuint block, const struct var_want *w)
{
    static const GLenum props[9] = { GL_OFFSET,
                                     GL_TYPE,
                                     GL_ARRAY_SIZE,
                                     GL_ARRAY_STRIDE,
                                     GL_MATRIX_STRIDE,
                                     GL_IS_ROW_MAJOR,
                                     GL_TOP_LEVEL_ARRAY_SIZE,
                                     GL_TOP_LEVEL_ARRAY_STRIDE,
                                     GL_BLOCK_INDEX };
    static const char *names[9] = { "GL_OFFSET",
                                    "GL_TYPE",
                                    "GL_ARRAY_SIZE",
                                    "GL_ARRAY_STRIDE",
                                    "GL_MATRIX_STRIDE",
                                    "GL_IS_ROW_MAJOR",
                                    "GL_TOP_LEVEL_ARRAY_SIZE",
                                    "GL_TOP_LEVEL_ARRAY_STRIDE",
                                    "GL_BLOCK_INDEX" };
    GLuint idx = glGetProgramResourceIndex(p, GL_BUFFER_VARIABLE, w->name);
    CHECK(idx != GL_INVALID_INDEX, "buffer variable \"%s\" has no index", w->name);
    if (idx == GL_INVALID_INDEX)
        return;
    GLint got[9], len = -1;
    for (int i = 0; i < 9; i++)
        got[i] = -12345;
    glGetProgramResourceiv(p, GL_BUFFER_VARIABLE, idx, 9, props, 9, &len, got);
    CHECK(len == 9, "%s: glGetProgramResourceiv wrote %d values, not 9", w->name, len);
    for (int i = 0; i < 9; i++) {
        GLint want = i < 8 ? w->v[i] : (GLint)block;
        CHECK(got[i] == want, "buffer variable %s: %s is %d (0x%x), expected %d (0x%x)", w->name,
              names[i], got[i], got[i], want, want);
    }
    char name[64] = "";
    glGetProgramResourceName(p, GL_BUFFER_VARIABLE, idx, sizeof name, NULL, name);
    CHECK(!strcmp(name, w->name), "buffer variable %u is named \"%s\", looked up as \"%s\"", idx,
          name, w->name);
}

static void interface_queries(void)
{
    GLuint p = pos_color_program(quad_vs, layout_fs, "layout program");
    if (!p)
        return;
    GLint n = -1, len = -1;
    glGetProgramInterfaceiv(p, GL_SHADER_STORAGE_BLOCK, GL_ACTIVE_RESOURCES, &n);
    CHECK(n == 3, "the layout program has %d shader storage blocks, not 3", n);
    glGetProgramInterfaceiv(p, GL_SHADER_STORAGE_BLOCK, GL_MAX_NAME_LENGTH, &len);
    CHECK(len == 7, "GL_MAX_NAME_LENGTH of the blocks is %d, not 7 (\"Copies\")", len);
    glGetProgramInterfaceiv(p, GL_BUFFER_VARIABLE, GL_MAX_NAME_LENGTH, &len);
    CHECK(len >= 12, "GL_MAX_NAME_LENGTH of the buffer variables is %d, below 12 "
                     "(\"B140.t[0].x\")",
          len);
    expect_error(GL_NO_ERROR, "glGetProgramInterfaceiv");
    GLuint b140 = glGetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "B140");
    GLuint b430 = glGetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "B430");
    GLuint copies = glGetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "Copies");
    GLuint inst = glGetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "p");
    CHECK(b140 != GL_INVALID_INDEX && b430 != GL_INVALID_INDEX && copies != GL_INVALID_INDEX,
          "block indices B140 %d, B430 %d, Copies %d", (int)b140, (int)b430, (int)copies);
    CHECK(inst == GL_INVALID_INDEX, "the instance name p names block %u", inst);
    if (b140 == GL_INVALID_INDEX || b430 == GL_INVALID_INDEX || copies == GL_INVALID_INDEX)
        return;
    char name[32] = "";
    glGetProgramResourceName(p, GL_SHADER_STORAGE_BLOCK, b430, sizeof name, NULL, name);
    CHECK(!strcmp(name, "B430"), "block B430 is named \"%s\"", name);
    GLint v = resource_int(p, GL_SHADER_STORAGE_BLOCK, b430, GL_BUFFER_BINDING);
    CHECK(v == 1, "block B430 (binding = 1) reports GL_BUFFER_BINDING %d", v);
    v = resource_int(p, GL_SHADER_STORAGE_BLOCK, b140, GL_REFERENCED_BY_FRAGMENT_SHADER);
    CHECK(v == 1, "block B140: GL_REFERENCED_BY_FRAGMENT_SHADER is %d", v);
    v = resource_int(p, GL_SHADER_STORAGE_BLOCK, b140, GL_REFERENCED_BY_VERTEX_SHADER);
    CHECK(v == 0, "block B140: GL_REFERENCED_BY_VERTEX_SHADER is %d", v);
    v = resource_int(p, GL_SHADER_STORAGE_BLOCK, b140, GL_BUFFER_DATA_SIZE);
    printf("GL_BUFFER_DATA_SIZE of the std140 block %d\n", v);
    CHECK(v >= 160, "GL_BUFFER_DATA_SIZE of the std140 block is %d, below 160", v);
    v = resource_int(p, GL_SHADER_STORAGE_BLOCK, b430, GL_BUFFER_DATA_SIZE);
    printf("GL_BUFFER_DATA_SIZE of the std430 block %d\n", v);
    CHECK(v >= 80, "GL_BUFFER_DATA_SIZE of the std430 block is %d, below 80", v);

    /* offset, type, array size, array stride, matrix stride, row major,
     * top-level array size, top-level array stride. The top-level array
     * size and stride are 1 and 0 but for arrays of aggregates (GL 4.6
     * 7.3.1.1; GL 4.3 said so of every array). */
    static const struct var_want v140[] = {
        { "B140.f", { 0, GL_FLOAT, 1, 0, 0, 0, 1, 0 } },
        { "B140.v", { 16, GL_FLOAT_VEC3, 1, 0, 0, 0, 1, 0 } },
        { "B140.a[0]", { 32, GL_FLOAT, 3, 16, 0, 0, 1, 0 } },
        { "B140.m", { 80, GL_FLOAT_MAT2, 1, 0, 16, 0, 1, 0 } },
        { "B140.s.x", { 112, GL_FLOAT, 1, 0, 0, 0, 1, 0 } },
        { "B140.s.y", { 116, GL_FLOAT, 1, 0, 0, 0, 1, 0 } },
        { "B140.t[0].x", { 128, GL_FLOAT, 1, 0, 0, 0, 2, 16 } },
        { "B140.t[0].y", { 132, GL_FLOAT, 1, 0, 0, 0, 2, 16 } },
    };
    static const struct var_want v430[] = {
        { "B430.f", { 0, GL_FLOAT, 1, 0, 0, 0, 1, 0 } },
        { "B430.v", { 16, GL_FLOAT_VEC3, 1, 0, 0, 0, 1, 0 } },
        { "B430.a[0]", { 28, GL_FLOAT, 3, 4, 0, 0, 1, 0 } },
        { "B430.m", { 40, GL_FLOAT_MAT2, 1, 0, 8, 0, 1, 0 } },
        { "B430.s.x", { 56, GL_FLOAT, 1, 0, 0, 0, 1, 0 } },
        { "B430.s.y", { 60, GL_FLOAT, 1, 0, 0, 0, 1, 0 } },
        { "B430.t[0].x", { 64, GL_FLOAT, 1, 0, 0, 0, 2, 8 } },
        { "B430.t[0].y", { 68, GL_FLOAT, 1, 0, 0, 0, 2, 8 } },
    };
    for (unsigned i = 0; i < sizeof v140 / sizeof v140[0]; i++)
        variable_is(p, b140, &v140[i]);
    for (unsigned i = 0; i < sizeof v430 / sizeof v430[0]; i++)
        variable_is(p, b430, &v430[i]);
    static const struct var_want got = { "got[0]", { 0, GL_FLOAT, 0, 4, 0, 0, 1, 0 } };
    variable_is(p, copies, &got);
    GLuint f = glGetProgramResourceIndex(p, GL_BUFFER_VARIABLE, "p.f");
    CHECK(f == GL_INVALID_INDEX, "\"p.f\" (the instance name) names buffer variable %u", f);
    glDeleteProgram(p);

    /* A block without an instance name: its members by their own name. */
    p = pos_color_program(quad_vs, store_fs, "store program");
    if (!p)
        return;
    GLuint out = glGetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "Out");
    static const struct var_want data = { "data[0]", { 0, GL_UNSIGNED_INT, 0, 4, 0, 0, 1, 0 } };
    variable_is(p, out, &data);
    GLuint d0 = glGetProgramResourceIndex(p, GL_BUFFER_VARIABLE, "data[0]");
    GLuint d = glGetProgramResourceIndex(p, GL_BUFFER_VARIABLE, "data");
    GLuint od = glGetProgramResourceIndex(p, GL_BUFFER_VARIABLE, "Out.data[0]");
    CHECK(d == d0, "\"data\" names buffer variable %d, \"data[0]\" %d", (int)d, (int)d0);
    CHECK(od == GL_INVALID_INDEX, "\"Out.data[0]\" names buffer variable %u", od);
    glDeleteProgram(p);

    /* The data size with an unsized array; an unsized array of structs. */
    p = pos_color_program(quad_vs, sized_fs, "sized block program");
    if (!p)
        return;
    GLuint sized = glGetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "Sized");
    GLuint structs = glGetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "Structs");
    CHECK(sized != GL_INVALID_INDEX && structs != GL_INVALID_INDEX,
          "block indices Sized %d, Structs %d", (int)sized, (int)structs);
    v = resource_int(p, GL_SHADER_STORAGE_BLOCK, sized, GL_BUFFER_DATA_SIZE);
    printf("GL_BUFFER_DATA_SIZE of { uint a; vec4 b; float c[]; } (std430) %d\n", v);
    CHECK(v >= 36, "GL_BUFFER_DATA_SIZE of { uint a; vec4 b; float c[]; } is %d, below 36", v);
    v = resource_int(p, GL_SHADER_STORAGE_BLOCK, sized, GL_BUFFER_BINDING);
    CHECK(v == 3, "block Sized (binding = 3) reports GL_BUFFER_BINDING %d", v);
    static const struct var_want w[] = {
        { "Structs.k", { 0, GL_UNSIGNED_INT, 1, 0, 0, 0, 1, 0 } },
        { "Structs.w[0].p", { 8, GL_FLOAT_VEC2, 1, 0, 0, 0, 0, 16 } },
        { "Structs.w[0].q", { 16, GL_FLOAT, 1, 0, 0, 0, 0, 16 } },
    };
    if (structs != GL_INVALID_INDEX)
        for (unsigned i = 0; i < sizeof w / sizeof w[0]; i++)
            variable_is(p, structs, &w[i]);
    glDeleteProgram(p);
    expect_error(GL_NO_ERROR, "the program interface queries");
}

static void compile_errors(void)
{
    const struct {
        const char *src;
        int compiles;
        const char *what;
    } cases[] = {
        { writable_assign_fs, 1, "an assignment to a buffer block member" },
        { readonly_assign_fs, 0, "an assignment to a readonly buffer block member" },
        { writeonly_write_fs, 1, "an assignment to a writeonly buffer block member" },
        { writeonly_read_fs, 0, "a read of a writeonly buffer block member" },
        { unsized_last_fs, 1, "a variable index into an unsized array last in its block" },
        { unsized_first_fs, 0, "a variable index into an unsized array not last in its block" },
        { negative_index_fs, 0, "a negative constant index into an unsized array" },
        { unsized_argument_fs, 0, "an unsized array passed to a function" },
        { explicit_length_fs, 1, "length() of a sized array without the extension" },
        { implicit_length_fs, 0, "length() of an implicitly sized array without the extension" },
        { std140_uniform_fs, 1, "a std140 uniform block" },
        { std430_uniform_fs, 0, "a std430 uniform block" },
        { global_buffer_fs, 0, "a buffer variable outside a block" },
        { buffer_atomic_fs, 1, "atomicAdd on a buffer variable" },
        { local_atomic_fs, 0, "atomicAdd on a global variable" },
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int ok = shader_compiles(GL_FRAGMENT_SHADER, cases[i].src);
        CHECK(ok == cases[i].compiles, "%s %s", cases[i].what,
              ok ? "compiles" : "does not compile");
    }
    /* The extension makes length() of an implicitly sized array legal,
     * its value fixed at link time: 3 here. */
    GLuint p = pos_color_program(quad_vs, implicit_length_ext_fs,
                                 "implicitly sized length() program");
    if (p) {
        glClear(GL_COLOR_BUFFER_BIT);
        draw_in(p, SIZE, SIZE);
        CHECK_RGBA(3, 3, 0, 191, 255, 255, 1, "length() of an implicitly sized array");
        glDeleteProgram(p);
    }
    expect_error(GL_NO_ERROR, "the compile checks");
}

int main(void)
{
    struct test_window t = open_rgba8_window(SIZE);
    glViewport(0, 0, SIZE, SIZE);
    printf("GL_VERSION %s, GL_RENDERER %s\n", (const char *)glGetString(GL_VERSION),
           (const char *)glGetString(GL_RENDERER));
    if (!has_extension("GL_ARB_shader_storage_buffer_object")) {
        printf("SKIP: GL_ARB_shader_storage_buffer_object is not advertised\n");
        return close_test_window(&t);
    }
    glClearColor(0, 0, 0, 1);
    limits_and_bindings();
    if (!max_bindings)
        return close_test_window(&t);
    fragment_stores();
    loads();
    lengths();
    atomics();
    vertex_stores();
    block_binding();
    interface_queries();
    compile_errors();
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
