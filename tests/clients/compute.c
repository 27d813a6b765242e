/*
 * compute.c: ARB_compute_shader (GL 4.3) in a compatibility context, by
 * the buffers' and textures' contents, queries and errors. Shaders are
 * GLSL 1.50 with the extension (and ARB_shader_storage_buffer_object,
 * ARB_shading_language_420pack for layout(binding), ARB_shader_image_
 * load_store and ARB_shader_atomic_counters where used). Without
 * GL_ARB_compute_shader in GL_EXTENSIONS the client prints a SKIP line
 * (and PASS).
 *
 * - Limits: GL_MAX_COMPUTE_WORK_GROUP_COUNT (glGetIntegeri_v, x, y, z) at
 *   least 65535 each, GL_MAX_COMPUTE_WORK_GROUP_SIZE at least 1024, 1024
 *   and 64, GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS at least 1024, GL_MAX_
 *   COMPUTE_SHARED_MEMORY_SIZE at least 32768, GL_MAX_COMPUTE_UNIFORM_
 *   BLOCKS at least 12, GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS at least 16,
 *   GL_MAX_COMPUTE_IMAGE_UNIFORMS, _SHADER_STORAGE_BLOCKS, _ATOMIC_
 *   COUNTERS and _ATOMIC_COUNTER_BUFFERS at least 8 (all printed); index
 *   3 of the two indexed limits is GL_INVALID_VALUE. GL_DISPATCH_
 *   INDIRECT_BUFFER_BINDING is 0 at first.
 * - Built-ins: a dispatch of 3x2x2 work groups of 4x2x2 stores, for each
 *   of the 192 invocations at its flat global index, gl_GlobalInvocationID,
 *   gl_LocalInvocationID, gl_WorkGroupID, gl_NumWorkGroups, gl_Local
 *   InvocationIndex and gl_WorkGroupSize; every word is compared, and the
 *   word past the last invocation's keeps its sentinel.
 * - Shared memory and barrier(): 4 work groups of 256 reverse their
 *   quarter of a 1024-word array through a shared array, barrier()
 *   between the store and the load; 2 work groups of 64 compute the
 *   inclusive prefix sums of their 64 words in shared memory (6 steps,
 *   barrier() twice in each iteration of the loop); a shared vec4[64]
 *   reversed and a shared struct (uint, vec2, uint[4]) written by
 *   invocation 0 and read by all. Every result is compared exactly.
 * - Atomics: 4096 invocations (64 groups of 64) atomicAdd 1 to an SSBO
 *   counter: it ends at 4096 and the returned values are 0 to 4095, each
 *   once; 8 groups of 128 atomicAdd to a shared uint, written out by
 *   invocation 0 after barrier(): 128 per group; 1024 invocations
 *   atomicCounterIncrement an atomic_uint (binding 0, offset 0): 1024 at
 *   the end, returns 0 to 1023 once each, and atomicCounterDecrement one
 *   at offset 4 from 5000 ends at 3976, returning 4999 down to 3976.
 * - Images: imageStore of x + 100 y + 0x10000 into an r32ui 2D texture,
 *   one texel per invocation (gl_GlobalInvocationID.xy) over 16x8 texels
 *   of a 20x8 texture; glGetTexImage reads them back, the 4 columns past
 *   the dispatch keep their sentinel. imageLoad of every texel of an 8x8
 *   rgba32f texture, each stored to an SSBO and their sum (through shared
 *   memory) stored too, exactly.
 * - Uniforms and textures: i * scale + add[i % 4] from a uniform uint and
 *   a std140 uniform block (binding 1) for 64 invocations; texelFetch of
 *   every texel of a 4x4 RGBA8 sampler2D on unit 2 into an SSBO, within
 *   1/255.
 * - glDispatchComputeIndirect: counts (2, 3, 1) at offset 16 of a
 *   GL_DISPATCH_INDIRECT_BUFFER (other numbers before them) run 6 work
 *   groups of 4 (counted by atomicAdd), gl_NumWorkGroups (2, 3, 1); the
 *   binding query gives the buffer. Errors, each running nothing: no
 *   buffer bound (GL_INVALID_OPERATION), an offset not a multiple of 4
 *   and a negative one (GL_INVALID_VALUE), an offset whose 12 bytes pass
 *   the buffer's end (GL_INVALID_OPERATION).
 * - Program rules and errors: GL_COMPUTE_WORK_GROUP_SIZE is the declared
 *   (5, 3, 1) (z unspecified); of a linked vertex/fragment program and of
 *   an unlinked compute program it is GL_INVALID_OPERATION; a compute
 *   shader linked with a vertex shader does not link; a compute shader
 *   without a local size compiles (Mesa) but does not link; a local size
 *   past GL_MAX_COMPUTE_WORK_GROUP_SIZE does not compile or does not link;
 *   glDispatchCompute with no program current and with a vertex/fragment
 *   program current is GL_INVALID_OPERATION; a group count past GL_MAX_
 *   COMPUTE_WORK_GROUP_COUNT in each dimension is GL_INVALID_VALUE;
 *   glDispatchCompute(0, 1, 1) and (1, 0, 1) raise nothing and run
 *   nothing; glDrawArrays with a compute-only program current raises
 *   nothing (desktop GL names no error there, unlike OpenGL ES 3.1; the
 *   compatibility profile draws with fixed function; Mesa agrees).
 * - Program interface: the SSBO block (`uint o[64]`: Mesa 22 reports 0
 *   for a block of a lone unsized array), the uniform block and the
 *   uniform "scale" of a compute program report GL_REFERENCED_BY_COMPUTE_
 *   SHADER 1 and GL_REFERENCED_BY_VERTEX/FRAGMENT_SHADER 0; glGetActive
 *   UniformBlockiv GL_UNIFORM_BLOCK_REFERENCED_BY_COMPUTE_SHADER is 1;
 *   GL_ACTIVE_ATTRIBUTES of the program is 0.
 * - glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_
 *   BIT) between a dispatch that stores 256 words and the counts (4, 1, 1)
 *   of an indirect dispatch and that indirect dispatch, which reads the
 *   words back reversed: it sees every one of the first dispatch's words
 *   and runs 4 groups.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o compute
 * tests/clients/compute.c -lX11 -lGL -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"

#define SENTINEL 0xdeadbeefu

#define CS                                                   \
    "#version 150\n"                                         \
    "#extension GL_ARB_compute_shader : require\n"           \
    "#extension GL_ARB_shader_storage_buffer_object : require\n" \
    "#extension GL_ARB_shading_language_420pack : require\n"
#define IMAGES "#extension GL_ARB_shader_image_load_store : require\n"
#define COUNTERS "#extension GL_ARB_shader_atomic_counters : require\n"

static GLint max_count[3];

/* A linked program of the compute shader `src`, or 0 after a FAIL line. */
static GLuint compute_program(const char *src, const char *what)
{
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_COMPUTE_SHADER, src, what) || !link_program(p, what)) {
        glDeleteProgram(p);
        return 0;
    }
    return p;
}

/* A new buffer of `bytes` bytes of `data` (or undefined) at shader
 * storage binding `binding`. */
static GLuint ssbo_at(GLuint binding, GLsizeiptr bytes, const void *data)
{
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
    glBufferData(GL_SHADER_STORAGE_BUFFER, bytes, data, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, b);
    return b;
}

/* ssbo_at of `words` (at most 4096) words of SENTINEL. */
static GLuint sentinel_ssbo(GLuint binding, int words)
{
    static GLuint fill[4096];
    for (int i = 0; i < 4096; i++)
        fill[i] = SENTINEL;
    return ssbo_at(binding, words * 4, fill);
}

/* The first `bytes` bytes of `b`, after the shaders' stores. */
static void read_buffer(GLuint b, GLsizeiptr bytes, void *out)
{
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, bytes, out);
}

static void dispatch(GLuint p, GLuint x, GLuint y, GLuint z)
{
    glUseProgram(p);
    glDispatchCompute(x, y, z);
}

static void delete_buffers(int n, const GLuint *b)
{
    glDeleteBuffers(n, b);
    for (int i = 0; i < 8; i++)
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, i, 0);
}

/* Whether words[0..n) hold 0 to n-1, each once; a FAIL naming `what`. */
static void permutation(const GLuint *words, int n, const char *what)
{
    static unsigned char seen[4096];
    memset(seen, 0, sizeof seen);
    int bad = 0;
    for (int i = 0; i < n; i++) {
        if (words[i] >= (GLuint)n || seen[words[i]]) {
            if (bad++ < 3)
                CHECK(0, "%s: invocation %d got 0x%x (out of range or repeated)", what, i,
                      words[i]);
        } else {
            seen[words[i]] = 1;
        }
    }
    CHECK(bad == 0, "%s: %d of %d values are not a permutation of 0..%d", what, bad, n, n - 1);
}

static void limits(void)
{
    static const char *xyz = "xyz";
    static const GLint min_size[3] = { 1024, 1024, 64 };
    GLint size[3];
    for (int i = 0; i < 3; i++) {
        max_count[i] = size[i] = -1;
        glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, i, &max_count[i]);
        glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i, &size[i]);
        printf("GL_MAX_COMPUTE_WORK_GROUP_COUNT[%c] %d, GL_MAX_COMPUTE_WORK_GROUP_SIZE[%c] %d\n",
               xyz[i], max_count[i], xyz[i], size[i]);
        CHECK(max_count[i] >= 65535, "GL_MAX_COMPUTE_WORK_GROUP_COUNT[%d] is %d, below 65535", i,
              max_count[i]);
        CHECK(size[i] >= min_size[i], "GL_MAX_COMPUTE_WORK_GROUP_SIZE[%d] is %d, below %d", i,
              size[i], min_size[i]);
    }
    expect_error(GL_NO_ERROR, "the indexed compute limits");
    GLint v = -1;
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 3, &v);
    expect_error(GL_INVALID_VALUE, "GL_MAX_COMPUTE_WORK_GROUP_COUNT[3]");
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, 3, &v);
    expect_error(GL_INVALID_VALUE, "GL_MAX_COMPUTE_WORK_GROUP_SIZE[3]");

    static const struct gl_limit l[] = {
        GL_LIMIT(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, 1024),
        GL_LIMIT(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, 32768),
        GL_LIMIT(GL_MAX_COMPUTE_UNIFORM_BLOCKS, 12),
        GL_LIMIT(GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS, 16),
        GL_LIMIT(GL_MAX_COMPUTE_IMAGE_UNIFORMS, 8),
        GL_LIMIT(GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS, 8),
        GL_LIMIT(GL_MAX_COMPUTE_ATOMIC_COUNTERS, 8),
        GL_LIMIT(GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS, 8),
    };
    for (unsigned i = 0; i < sizeof l / sizeof l[0]; i++) {
        v = -1;
        glGetIntegerv(l[i].pname, &v);
        printf("%s %d\n", l[i].name, v);
    }
    check_limits(l, sizeof l / sizeof l[0], "the compute limits");
    v = -1;
    glGetIntegerv(GL_DISPATCH_INDIRECT_BUFFER_BINDING, &v);
    CHECK(v == 0, "GL_DISPATCH_INDIRECT_BUFFER_BINDING is %d at first", v);
}

/* 16 words per invocation at its flat global index (12 x 4 x 4). */
static const char *builtins_cs =
    CS "layout(local_size_x = 4, local_size_y = 2, local_size_z = 2) in;\n"
       "layout(std430, binding = 0) buffer Out { uint w[]; };\n"
       "void put(inout uint i, uvec3 v) { w[i] = v.x; w[i + 1u] = v.y; w[i + 2u] = v.z; i += 3u; }\n"
       "void main() {\n"
       "  uvec3 g = gl_GlobalInvocationID;\n"
       "  uint i = 16u * (g.x + 12u * g.y + 48u * g.z);\n"
       "  put(i, g);\n"
       "  put(i, gl_LocalInvocationID);\n"
       "  put(i, gl_WorkGroupID);\n"
       "  put(i, gl_NumWorkGroups);\n"
       "  w[i++] = gl_LocalInvocationIndex;\n"
       "  put(i, gl_WorkGroupSize);\n"
       "}\n";

static void builtins(void)
{
    GLuint p = compute_program(builtins_cs, "built-ins program");
    if (!p)
        return;
    enum { N = 192 };
    GLuint b = sentinel_ssbo(0, N * 16 + 1);
    dispatch(p, 3, 2, 2);
    expect_error(GL_NO_ERROR, "glDispatchCompute(3, 2, 2)");
    static GLuint got[N * 16 + 1];
    read_buffer(b, sizeof got, got);
    static const char *names[6] = { "gl_GlobalInvocationID", "gl_LocalInvocationID",
                                    "gl_WorkGroupID",        "gl_NumWorkGroups",
                                    "gl_LocalInvocationIndex", "gl_WorkGroupSize" };
    int bad = 0;
    for (int z = 0; z < 4; z++)
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 12; x++) {
                GLuint want[16] = { x,     y,     z,     x % 4, y % 2, z % 2, x / 4, y / 2,
                                    z / 2, 3,     2,     2,     x % 4 + 4 * (y % 2) + 8 * (z % 2),
                                    4,     2,     2 };
                const GLuint *w = &got[16 * (x + 12 * y + 48 * z)];
                for (int k = 0; k < 16; k++) {
                    if (w[k] != want[k] && bad++ < 5)
                        CHECK(0, "invocation (%d,%d,%d): %s word %d is 0x%x, expected %u", x, y,
                              z, names[k < 12 ? k / 3 : k == 12 ? 4 : 5], k, w[k], want[k]);
                }
            }
    CHECK(bad == 0, "%d of the built-ins' %d words are wrong", bad, N * 16);
    CHECK(got[N * 16] == SENTINEL, "the word past the invocations' was written: 0x%x",
          got[N * 16]);
    delete_buffers(1, &b);
    glDeleteProgram(p);
}

static const char *reverse_cs = CS "layout(local_size_x = 256) in;\n"
                                   "layout(std430, binding = 0) readonly buffer In { uint src[]; };\n"
                                   "layout(std430, binding = 1) writeonly buffer Out { uint dst[]; };\n"
                                   "shared uint s[256];\n"
                                   "void main() {\n"
                                   "  uint l = gl_LocalInvocationIndex;\n"
                                   "  uint base = gl_WorkGroupID.x * 256u;\n"
                                   "  s[l] = src[base + l];\n"
                                   "  barrier();\n"
                                   "  dst[base + l] = s[255u - l];\n"
                                   "}\n";

static const char *scan_cs = CS "layout(local_size_x = 64) in;\n"
                                "layout(std430, binding = 0) readonly buffer In { uint src[]; };\n"
                                "layout(std430, binding = 1) writeonly buffer Out { uint dst[]; };\n"
                                "shared uint t[64];\n"
                                "void main() {\n"
                                "  uint l = gl_LocalInvocationIndex;\n"
                                "  uint g = gl_GlobalInvocationID.x;\n"
                                "  t[l] = src[g];\n"
                                "  barrier();\n"
                                "  for (uint d = 1u; d < 64u; d *= 2u) {\n"
                                "    uint v = l >= d ? t[l - d] : 0u;\n"
                                "    barrier();\n"
                                "    t[l] += v;\n"
                                "    barrier();\n"
                                "  }\n"
                                "  dst[g] = t[l];\n"
                                "}\n";

static const char *shared_types_cs =
    CS "layout(local_size_x = 64) in;\n"
       "layout(std430, binding = 0) writeonly buffer Out { vec4 o[]; };\n"
       "struct S { uint a; vec2 b; uint c[4]; };\n"
       "shared vec4 sv[64];\n"
       "shared S ss;\n"
       "void main() {\n"
       "  uint l = gl_LocalInvocationIndex;\n"
       "  float f = float(l);\n"
       "  sv[l] = vec4(f, 2.0 * f, f + 0.5, -f);\n"
       "  if (l == 0u) {\n"
       "    ss.a = 7u;\n"
       "    ss.b = vec2(1.5, -2.0);\n"
       "    for (int i = 0; i < 4; i++) ss.c[i] = uint(i) * 10u;\n"
       "  }\n"
       "  barrier();\n"
       "  o[l] = sv[63u - l] + vec4(ss.b, float(ss.a), float(ss.c[l % 4u]));\n"
       "}\n";

static void shared_memory(void)
{
    static GLuint in[1024], out[1024];
    for (int i = 0; i < 1024; i++)
        in[i] = (GLuint)i * 2654435761u + 12345u;
    GLuint p = compute_program(reverse_cs, "reverse program");
    if (p) {
        GLuint b[2] = { ssbo_at(0, sizeof in, in), sentinel_ssbo(1, 1024) };
        dispatch(p, 4, 1, 1);
        read_buffer(b[1], sizeof out, out);
        int bad = 0;
        for (int i = 0; i < 1024; i++) {
            GLuint want = in[(i / 256) * 256 + 255 - i % 256];
            if (out[i] != want && bad++ < 3)
                CHECK(0, "reverse: word %d is 0x%x, expected 0x%x", i, out[i], want);
        }
        CHECK(bad == 0, "reverse through shared memory: %d of 1024 words wrong", bad);
        delete_buffers(2, b);
        glDeleteProgram(p);
    }

    p = compute_program(scan_cs, "prefix sum program");
    if (p) {
        for (int i = 0; i < 128; i++)
            in[i] = (GLuint)(i * 37 + 11) % 101;
        GLuint b[2] = { ssbo_at(0, 128 * 4, in), sentinel_ssbo(1, 129) };
        dispatch(p, 2, 1, 1);
        read_buffer(b[1], 129 * 4, out);
        int bad = 0;
        GLuint sum = 0;
        for (int i = 0; i < 128; i++) {
            sum = (i % 64 ? sum : 0) + in[i];
            if (out[i] != sum && bad++ < 3)
                CHECK(0, "prefix sum: word %d is %u, expected %u", i, out[i], sum);
        }
        CHECK(bad == 0, "prefix sums with barrier() in a loop: %d of 128 words wrong", bad);
        CHECK(out[128] == SENTINEL, "the word past the prefix sums was written: 0x%x", out[128]);
        delete_buffers(2, b);
        glDeleteProgram(p);
    }

    p = compute_program(shared_types_cs, "shared vec4 and struct program");
    if (p) {
        GLuint b = sentinel_ssbo(0, 256);
        dispatch(p, 1, 1, 1);
        static GLfloat o[256];
        read_buffer(b, sizeof o, o);
        int bad = 0;
        for (int l = 0; l < 64; l++) {
            float r = (float)(63 - l);
            GLfloat want[4] = { r + 1.5f, 2 * r - 2.0f, r + 0.5f + 7.0f, -r + 10.0f * (l % 4) };
            for (int k = 0; k < 4; k++)
                if (o[4 * l + k] != want[k] && bad++ < 3)
                    CHECK(0, "shared vec4/struct: invocation %d component %d is %g, expected %g",
                          l, k, o[4 * l + k], want[k]);
        }
        CHECK(bad == 0, "shared vec4 array and struct: %d of 256 floats wrong", bad);
        delete_buffers(1, &b);
        glDeleteProgram(p);
    }
    expect_error(GL_NO_ERROR, "the shared memory dispatches");
}

static const char *ssbo_atomic_cs = CS "layout(local_size_x = 64) in;\n"
                                       "layout(std430, binding = 0) buffer C { uint counter; uint ids[]; };\n"
                                       "void main() {\n"
                                       "  ids[gl_GlobalInvocationID.x] = atomicAdd(counter, 1u);\n"
                                       "}\n";

static const char *shared_atomic_cs = CS "layout(local_size_x = 128) in;\n"
                                         "layout(std430, binding = 0) writeonly buffer O { uint n[]; };\n"
                                         "shared uint cnt;\n"
                                         "void main() {\n"
                                         "  if (gl_LocalInvocationIndex == 0u) cnt = 0u;\n"
                                         "  barrier();\n"
                                         "  atomicAdd(cnt, 1u);\n"
                                         "  barrier();\n"
                                         "  if (gl_LocalInvocationIndex == 0u) n[gl_WorkGroupID.x] = cnt;\n"
                                         "}\n";

static const char *counter_cs = CS COUNTERS
    "layout(local_size_x = 32) in;\n"
    "layout(binding = 0, offset = 0) uniform atomic_uint up;\n"
    "layout(binding = 0, offset = 4) uniform atomic_uint down;\n"
    "layout(std430, binding = 0) writeonly buffer O { uint ups[1024]; uint downs[1024]; };\n"
    "void main() {\n"
    "  uint g = gl_GlobalInvocationID.x;\n"
    "  ups[g] = atomicCounterIncrement(up);\n"
    "  downs[g] = atomicCounterDecrement(down);\n"
    "}\n";

static void atomics(void)
{
    static GLuint got[4097];
    GLuint p = compute_program(ssbo_atomic_cs, "SSBO atomicAdd program");
    if (p) {
        GLuint b = sentinel_ssbo(0, 4097);
        GLuint zero = 0;
        glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 4, &zero);
        dispatch(p, 64, 1, 1);
        read_buffer(b, sizeof got, got);
        CHECK(got[0] == 4096, "the SSBO counter after 4096 atomicAdds is %u", got[0]);
        permutation(got + 1, 4096, "atomicAdd on an SSBO");
        delete_buffers(1, &b);
        glDeleteProgram(p);
    }

    p = compute_program(shared_atomic_cs, "shared atomicAdd program");
    if (p) {
        GLuint b = sentinel_ssbo(0, 9);
        dispatch(p, 8, 1, 1);
        read_buffer(b, 9 * 4, got);
        for (int i = 0; i < 8; i++)
            CHECK(got[i] == 128, "work group %d: the shared counter is %u, not 128", i, got[i]);
        CHECK(got[8] == SENTINEL, "the word past the groups' was written: 0x%x", got[8]);
        delete_buffers(1, &b);
        glDeleteProgram(p);
    }

    p = compute_program(counter_cs, "atomic counter program");
    if (p) {
        GLuint init[2] = { 0, 5000 }, c, ends[2] = { 0, 0 };
        glGenBuffers(1, &c);
        glBindBuffer(GL_ATOMIC_COUNTER_BUFFER, c);
        glBufferData(GL_ATOMIC_COUNTER_BUFFER, sizeof init, init, GL_DYNAMIC_COPY);
        glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, c);
        GLuint b = sentinel_ssbo(0, 2048);
        dispatch(p, 32, 1, 1);
        glMemoryBarrier(GL_ATOMIC_COUNTER_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        glGetBufferSubData(GL_ATOMIC_COUNTER_BUFFER, 0, sizeof ends, ends);
        CHECK(ends[0] == 1024, "the atomic counter after 1024 increments is %u", ends[0]);
        CHECK(ends[1] == 3976, "the atomic counter after 1024 decrements from 5000 is %u",
              ends[1]);
        read_buffer(b, 2048 * 4, got);
        permutation(got, 1024, "atomicCounterIncrement");
        for (int i = 1024; i < 2048; i++)
            got[i] -= 3976;
        permutation(got + 1024, 1024, "atomicCounterDecrement (less 3976)");
        glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, 0);
        glDeleteBuffers(1, &c);
        delete_buffers(1, &b);
        glDeleteProgram(p);
    }
    expect_error(GL_NO_ERROR, "the atomic dispatches");
}

static const char *store_image_cs = CS IMAGES
    "layout(local_size_x = 8, local_size_y = 4) in;\n"
    "layout(r32ui, binding = 0) writeonly uniform uimage2D img;\n"
    "void main() {\n"
    "  uvec2 p = gl_GlobalInvocationID.xy;\n"
    "  imageStore(img, ivec2(p), uvec4(p.x + 100u * p.y + 0x10000u, 0u, 0u, 0u));\n"
    "}\n";

static const char *load_image_cs = CS IMAGES
    "layout(local_size_x = 8, local_size_y = 8) in;\n"
    "layout(rgba32f, binding = 1) readonly uniform image2D img;\n"
    "layout(std430, binding = 0) writeonly buffer O { vec4 sum; vec4 texels[64]; };\n"
    "shared vec4 part[64];\n"
    "void main() {\n"
    "  uint l = gl_LocalInvocationIndex;\n"
    "  vec4 v = imageLoad(img, ivec2(gl_LocalInvocationID.xy));\n"
    "  texels[l] = v;\n"
    "  part[l] = v;\n"
    "  barrier();\n"
    "  if (l == 0u) {\n"
    "    vec4 s = vec4(0.0);\n"
    "    for (int i = 0; i < 64; i++) s += part[i];\n"
    "    sum = s;\n"
    "  }\n"
    "}\n";

static GLuint texture_2d(GLenum internal, int w, int h, GLenum fmt, GLenum type, const void *data)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, internal, w, h, 0, fmt, type, data);
    return t;
}

static void images(void)
{
    GLuint p = compute_program(store_image_cs, "imageStore program");
    if (p) {
        static GLuint texels[20 * 8];
        for (int i = 0; i < 20 * 8; i++)
            texels[i] = SENTINEL;
        GLuint t = texture_2d(GL_R32UI, 20, 8, GL_RED_INTEGER, GL_UNSIGNED_INT, texels);
        glBindImageTexture(0, t, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
        dispatch(p, 2, 2, 1);
        expect_error(GL_NO_ERROR, "the imageStore dispatch");
        glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
        glBindTexture(GL_TEXTURE_2D, t);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, texels);
        int bad = 0;
        for (int y = 0; y < 8; y++)
            for (int x = 0; x < 20; x++) {
                GLuint want = x < 16 ? (GLuint)(x + 100 * y + 0x10000) : SENTINEL;
                if (texels[20 * y + x] != want && bad++ < 3)
                    CHECK(0, "imageStore: texel (%d,%d) is 0x%x, expected 0x%x", x, y,
                          texels[20 * y + x], want);
            }
        CHECK(bad == 0, "imageStore into r32ui: %d of 160 texels wrong", bad);
        glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
        glDeleteTextures(1, &t);
        glDeleteProgram(p);
    }

    p = compute_program(load_image_cs, "imageLoad program");
    if (p) {
        static GLfloat texels[64 * 4], got[65 * 4];
        GLfloat sum[4] = { 0, 0, 0, 0 };
        for (int i = 0; i < 64; i++) {
            int x = i % 8, y = i / 8;
            GLfloat v[4] = { (GLfloat)x, (GLfloat)y, (GLfloat)(x * y) + 0.25f,
                             (GLfloat)(1 + x + y) * -2.0f };
            for (int k = 0; k < 4; k++) {
                texels[4 * i + k] = v[k];
                sum[k] += v[k];
            }
        }
        GLuint t = texture_2d(GL_RGBA32F, 8, 8, GL_RGBA, GL_FLOAT, texels);
        glBindImageTexture(1, t, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32F);
        GLuint b = sentinel_ssbo(0, 65 * 4);
        dispatch(p, 1, 1, 1);
        read_buffer(b, sizeof got, got);
        int bad = 0;
        for (int i = 0; i < 64 * 4; i++)
            if (got[4 + i] != texels[i] && bad++ < 3)
                CHECK(0, "imageLoad: texel %d component %d is %g, expected %g", i / 4, i % 4,
                      got[4 + i], texels[i]);
        CHECK(bad == 0, "imageLoad of rgba32f: %d of 256 components wrong", bad);
        CHECK(got[0] == sum[0] && got[1] == sum[1] && got[2] == sum[2] && got[3] == sum[3],
              "the sum of the imageLoads is %g %g %g %g, expected %g %g %g %g", got[0], got[1],
              got[2], got[3], sum[0], sum[1], sum[2], sum[3]);
        glBindImageTexture(1, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32F);
        glDeleteTextures(1, &t);
        delete_buffers(1, &b);
        glDeleteProgram(p);
    }
    expect_error(GL_NO_ERROR, "the image dispatches");
}

static const char *uniforms_cs = CS "layout(local_size_x = 16) in;\n"
                                    "uniform uint scale;\n"
                                    "layout(std140, binding = 1) uniform Params { uvec4 add; };\n"
                                    "layout(std430, binding = 0) writeonly buffer Out { uint o[64]; };\n"
                                    "void main() {\n"
                                    "  uint i = gl_GlobalInvocationID.x;\n"
                                    "  o[i] = i * scale + add[i % 4u];\n"
                                    "}\n";

static const char *fetch_cs = CS "layout(local_size_x = 4, local_size_y = 4) in;\n"
                                 "layout(binding = 2) uniform sampler2D tex;\n"
                                 "layout(std430, binding = 0) writeonly buffer Out { vec4 o[]; };\n"
                                 "void main() {\n"
                                 "  ivec2 p = ivec2(gl_LocalInvocationID.xy);\n"
                                 "  o[gl_LocalInvocationIndex] = texelFetch(tex, p, 0);\n"
                                 "}\n";

static GLint resource_int(GLuint p, GLenum iface, GLuint index, GLenum prop)
{
    GLint v = -12345;
    glGetProgramResourceiv(p, iface, index, 1, &prop, 1, NULL, &v);
    return v;
}

/* The compute program's resources: referenced by compute alone. */
static void interface_of(GLuint p)
{
    static const struct {
        GLenum iface;
        const char *name;
    } res[] = { { GL_SHADER_STORAGE_BLOCK, "Out" },
                { GL_UNIFORM_BLOCK, "Params" },
                { GL_UNIFORM, "scale" } };
    for (unsigned i = 0; i < 3; i++) {
        GLuint idx = glGetProgramResourceIndex(p, res[i].iface, res[i].name);
        CHECK(idx != GL_INVALID_INDEX, "the compute program's \"%s\" has no index", res[i].name);
        if (idx == GL_INVALID_INDEX)
            continue;
        GLint c = resource_int(p, res[i].iface, idx, GL_REFERENCED_BY_COMPUTE_SHADER);
        GLint v = resource_int(p, res[i].iface, idx, GL_REFERENCED_BY_VERTEX_SHADER);
        GLint f = resource_int(p, res[i].iface, idx, GL_REFERENCED_BY_FRAGMENT_SHADER);
        CHECK(c == 1, "\"%s\": GL_REFERENCED_BY_COMPUTE_SHADER is %d", res[i].name, c);
        CHECK(v == 0, "\"%s\": GL_REFERENCED_BY_VERTEX_SHADER is %d", res[i].name, v);
        CHECK(f == 0, "\"%s\": GL_REFERENCED_BY_FRAGMENT_SHADER is %d", res[i].name, f);
    }
    GLuint ub = glGetUniformBlockIndex(p, "Params");
    GLint r = -1;
    if (ub != GL_INVALID_INDEX)
        glGetActiveUniformBlockiv(p, ub, GL_UNIFORM_BLOCK_REFERENCED_BY_COMPUTE_SHADER, &r);
    CHECK(r == 1, "GL_UNIFORM_BLOCK_REFERENCED_BY_COMPUTE_SHADER of Params is %d", r);
    GLint n = -1;
    glGetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &n);
    CHECK(n == 0, "GL_ACTIVE_ATTRIBUTES of a compute program is %d", n);
    expect_error(GL_NO_ERROR, "the compute program's interface queries");
}

static void uniforms_and_textures(void)
{
    GLuint p = compute_program(uniforms_cs, "uniforms program");
    if (p) {
        interface_of(p);
        GLuint add[4] = { 1000, 2000, 3000, 4000 }, ubo;
        glGenBuffers(1, &ubo);
        glBindBuffer(GL_UNIFORM_BUFFER, ubo);
        glBufferData(GL_UNIFORM_BUFFER, sizeof add, add, GL_STATIC_DRAW);
        glBindBufferBase(GL_UNIFORM_BUFFER, 1, ubo);
        GLuint b = sentinel_ssbo(0, 65);
        glUseProgram(p);
        glUniform1ui(glGetUniformLocation(p, "scale"), 7);
        dispatch(p, 4, 1, 1);
        static GLuint got[65];
        read_buffer(b, sizeof got, got);
        int bad = 0;
        for (int i = 0; i < 64; i++)
            if (got[i] != (GLuint)(7 * i) + add[i % 4] && bad++ < 3)
                CHECK(0, "uniforms: word %d is %u, expected %u (i * scale + add[i %% 4])", i,
                      got[i], 7 * i + add[i % 4]);
        CHECK(bad == 0, "a uniform and a uniform block in compute: %d of 64 words wrong", bad);
        CHECK(got[64] == SENTINEL, "the word past the uniforms' was written: 0x%x", got[64]);
        glBindBufferBase(GL_UNIFORM_BUFFER, 1, 0);
        glDeleteBuffers(1, &ubo);
        delete_buffers(1, &b);
        glDeleteProgram(p);
    }

    p = compute_program(fetch_cs, "texelFetch program");
    if (p) {
        GLubyte texels[16][4];
        for (int i = 0; i < 16; i++) {
            int x = i % 4, y = i / 4;
            texels[i][0] = x * 60;
            texels[i][1] = y * 60;
            texels[i][2] = (x + y) * 20 + 1;
            texels[i][3] = 255 - x * 10 - y;
        }
        glActiveTexture(GL_TEXTURE2);
        GLuint t = texture_2d(GL_RGBA8, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, texels);
        glActiveTexture(GL_TEXTURE0);
        GLuint b = sentinel_ssbo(0, 64);
        dispatch(p, 1, 1, 1);
        static GLfloat got[64];
        read_buffer(b, sizeof got, got);
        int bad = 0;
        for (int i = 0; i < 64; i++) {
            float want = texels[i / 4][i % 4] / 255.0f;
            if (!(got[i] - want <= 1.0f / 255 && want - got[i] <= 1.0f / 255) && bad++ < 3)
                CHECK(0, "texelFetch: texel %d component %d is %g, expected %g", i / 4, i % 4,
                      got[i], want);
        }
        CHECK(bad == 0, "texelFetch of RGBA8: %d of 64 components wrong", bad);
        glActiveTexture(GL_TEXTURE2);
        glBindTexture(GL_TEXTURE_2D, 0);
        glActiveTexture(GL_TEXTURE0);
        glDeleteTextures(1, &t);
        delete_buffers(1, &b);
        glDeleteProgram(p);
    }
    expect_error(GL_NO_ERROR, "the uniform and texture dispatches");
}

static const char *count_cs =
    CS "layout(local_size_x = 4) in;\n"
       "layout(std430, binding = 0) buffer C { uint groups; uint invocations; uvec4 num; };\n"
       "void main() {\n"
       "  atomicAdd(invocations, 1u);\n"
       "  if (gl_LocalInvocationIndex == 0u) atomicAdd(groups, 1u);\n"
       "  if (gl_GlobalInvocationID == uvec3(0u)) num = uvec4(gl_NumWorkGroups, 7u);\n"
       "}\n";

/* Counts of `count_cs`: groups, invocations, gl_NumWorkGroups. */
static void counts_are(GLuint b, GLuint groups, GLuint invocations, const GLuint *num,
                       const char *what)
{
    GLuint got[8];
    read_buffer(b, sizeof got, got);
    CHECK(got[0] == groups && got[1] == invocations,
          "%s: %u work groups and %u invocations ran, expected %u and %u", what, got[0], got[1],
          groups, invocations);
    if (num)
        CHECK(got[4] == num[0] && got[5] == num[1] && got[6] == num[2] && got[7] == 7,
              "%s: gl_NumWorkGroups is (%u, %u, %u) (then %u), expected (%u, %u, %u)", what,
              got[4], got[5], got[6], got[7], num[0], num[1], num[2]);
}

static GLuint count_buffer(void)
{
    GLuint zero[8] = { 0 };
    return ssbo_at(0, sizeof zero, zero);
}

static void indirect(GLuint p)
{
    GLuint b = count_buffer();
    GLuint args[8] = { 100, 100, 100, 100, 2, 3, 1, 9 }, ib;
    glGenBuffers(1, &ib);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, ib);
    glBufferData(GL_DISPATCH_INDIRECT_BUFFER, sizeof args, args, GL_STATIC_DRAW);
    GLint v = -1;
    glGetIntegerv(GL_DISPATCH_INDIRECT_BUFFER_BINDING, &v);
    CHECK(v == (GLint)ib, "GL_DISPATCH_INDIRECT_BUFFER_BINDING is %d, expected %u", v, ib);
    glUseProgram(p);
    glDispatchComputeIndirect(16);
    expect_error(GL_NO_ERROR, "glDispatchComputeIndirect(16)");
    static const GLuint num[3] = { 2, 3, 1 };
    counts_are(b, 6, 24, num, "glDispatchComputeIndirect with (2, 3, 1)");

    glDispatchComputeIndirect(2);
    expect_error(GL_INVALID_VALUE, "glDispatchComputeIndirect(2)");
    glDispatchComputeIndirect(-4);
    expect_error(GL_INVALID_VALUE, "glDispatchComputeIndirect(-4)");
    glDispatchComputeIndirect(24);
    expect_error(GL_INVALID_OPERATION, "glDispatchComputeIndirect(24) of a 32-byte buffer");
    glDispatchComputeIndirect(20);
    expect_error(GL_NO_ERROR, "glDispatchComputeIndirect(20) of a 32-byte buffer");
    counts_are(b, 6 + 27, 24 + 108, NULL, "after the indirect errors and (3, 1, 9)");
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    glDispatchComputeIndirect(0);
    expect_error(GL_INVALID_OPERATION, "glDispatchComputeIndirect with no buffer bound");
    counts_are(b, 6 + 27, 24 + 108, NULL, "after glDispatchComputeIndirect with no buffer");
    glDeleteBuffers(1, &ib);
    delete_buffers(1, &b);
}

static const char *sized_cs = CS "layout(local_size_x = 5, local_size_y = 3) in;\n"
                                 "layout(std430, binding = 0) buffer O { uint n; };\n"
                                 "void main() { atomicAdd(n, 1u); }\n";
static const char *unsized_cs = CS "layout(std430, binding = 0) buffer O { uint n; };\n"
                                   "void main() { atomicAdd(n, 1u); }\n";
static const char *huge_cs = CS "layout(local_size_x = 1, local_size_y = 1, local_size_z = 4096) in;\n"
                                "layout(std430, binding = 0) buffer O { uint n; };\n"
                                "void main() { atomicAdd(n, 1u); }\n";
static const char *plain_vs = "#version 150\n"
                              "in vec2 pos;\n"
                              "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *plain_fs = "#version 150\n"
                              "out vec4 color;\n"
                              "void main() { color = vec4(0.0, 1.0, 0.0, 1.0); }\n";

/* Whether a program of the shaders `kinds`/`srcs` (n of them) compiles
 * and links: 0 = a shader does not compile, 1 = does not link, 2 = links. */
static int build_result(int n, const GLenum *kinds, const char *const *srcs, GLuint *out)
{
    GLuint p = glCreateProgram();
    int compiled = 1;
    for (int i = 0; i < n; i++) {
        GLuint s = glCreateShader(kinds[i]);
        GLint ok = 0;
        glShaderSource(s, 1, &srcs[i], NULL);
        glCompileShader(s);
        glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
        compiled &= ok != 0;
        glAttachShader(p, s);
        glDeleteShader(s);
    }
    GLint linked = 0;
    glLinkProgram(p);
    glGetProgramiv(p, GL_LINK_STATUS, &linked);
    if (out)
        *out = p;
    else
        glDeleteProgram(p);
    return !compiled ? 0 : linked ? 2 : 1;
}

static void program_rules(void)
{
    GLuint p = compute_program(sized_cs, "5x3 program");
    GLuint vf = pos_color_program(plain_vs, plain_fs, "vertex/fragment program");
    if (!p || !vf)
        return;
    GLint sz[3] = { -1, -1, -1 };
    glGetProgramiv(p, GL_COMPUTE_WORK_GROUP_SIZE, sz);
    expect_error(GL_NO_ERROR, "GL_COMPUTE_WORK_GROUP_SIZE");
    CHECK(sz[0] == 5 && sz[1] == 3 && sz[2] == 1, "GL_COMPUTE_WORK_GROUP_SIZE is %d %d %d, "
                                                  "expected 5 3 1",
          sz[0], sz[1], sz[2]);
    sz[0] = -1;
    glGetProgramiv(vf, GL_COMPUTE_WORK_GROUP_SIZE, sz);
    expect_error(GL_INVALID_OPERATION, "GL_COMPUTE_WORK_GROUP_SIZE of a vertex/fragment program");
    CHECK(sz[0] == -1, "the failed GL_COMPUTE_WORK_GROUP_SIZE query wrote %d", sz[0]);
    GLuint unlinked = glCreateProgram();
    attach_shader(unlinked, GL_COMPUTE_SHADER, sized_cs, "unlinked compute program");
    glGetProgramiv(unlinked, GL_COMPUTE_WORK_GROUP_SIZE, sz);
    expect_error(GL_INVALID_OPERATION, "GL_COMPUTE_WORK_GROUP_SIZE of an unlinked program");
    glDeleteProgram(unlinked);

    const GLenum kinds[2] = { GL_COMPUTE_SHADER, GL_VERTEX_SHADER };
    const char *mixed[2] = { sized_cs, plain_vs };
    int r = build_result(2, kinds, mixed, NULL);
    CHECK(r == 1, "a compute shader with a vertex shader %s",
          r == 2 ? "links" : "does not compile");
    r = build_result(1, kinds, &unsized_cs, NULL);
    CHECK(r != 2, "a compute shader without a local size links");
    CHECK(r != 0, "a compute shader without a local size does not compile (Mesa compiles it, "
                  "the link fails)");
    r = build_result(1, kinds, &huge_cs, NULL);
    CHECK(r != 2, "a compute shader of local_size_z = 4096 links");
    expect_error(GL_NO_ERROR, "the link failures");

    GLuint b = count_buffer();
    glUseProgram(0);
    glDispatchCompute(1, 1, 1);
    expect_error(GL_INVALID_OPERATION, "glDispatchCompute with no program");
    glUseProgram(vf);
    glDispatchCompute(1, 1, 1);
    expect_error(GL_INVALID_OPERATION, "glDispatchCompute with a vertex/fragment program");
    glUseProgram(p);
    for (int i = 0; i < 3; i++) {
        GLuint n[3] = { 1, 1, 1 };
        n[i] = (GLuint)max_count[i] + 1;
        glDispatchCompute(n[0], n[1], n[2]);
        expect_error(GL_INVALID_VALUE, "glDispatchCompute past GL_MAX_COMPUTE_WORK_GROUP_COUNT");
    }
    glDispatchCompute(0, 1, 1);
    expect_error(GL_NO_ERROR, "glDispatchCompute(0, 1, 1)");
    glDispatchCompute(1, 0, 1);
    expect_error(GL_NO_ERROR, "glDispatchCompute(1, 0, 1)");
    GLuint n = SENTINEL;
    read_buffer(b, 4, &n);
    CHECK(n == 0, "%u invocations ran after the empty and failed dispatches", n);
    glDispatchCompute(2, 1, 1);
    read_buffer(b, 4, &n);
    CHECK(n == 30, "glDispatchCompute(2, 1, 1) of 5x3 ran %u invocations, not 30", n);

    /* Drawing with only a compute shader in the program: desktop GL
     * names no error (OpenGL ES 3.1 does), the compatibility profile
     * draws with fixed-function vertex and fragment processing; Mesa
     * raises nothing. */
    glUseProgram(p);
    glDrawArrays(GL_POINTS, 0, 1);
    expect_error(GL_NO_ERROR, "glDrawArrays with a compute program current");
    glUseProgram(0);
    delete_buffers(1, &b);
    glDeleteProgram(vf);
    glDeleteProgram(p);
}

static const char *produce_cs = CS "layout(local_size_x = 64) in;\n"
                                   "layout(std430, binding = 0) writeonly buffer D { uint data[]; };\n"
                                   "layout(std430, binding = 1) writeonly buffer A { uvec4 args; };\n"
                                   "void main() {\n"
                                   "  uint i = gl_GlobalInvocationID.x;\n"
                                   "  data[i] = i * 3u + 1u;\n"
                                   "  if (i == 0u) args = uvec4(4u, 1u, 1u, 0u);\n"
                                   "}\n";
static const char *consume_cs = CS "layout(local_size_x = 64) in;\n"
                                   "layout(std430, binding = 0) readonly buffer D { uint data[]; };\n"
                                   "layout(std430, binding = 2) writeonly buffer R { uint res[]; };\n"
                                   "void main() {\n"
                                   "  uint i = gl_GlobalInvocationID.x;\n"
                                   "  res[i] = data[255u - i] * 2u;\n"
                                   "}\n";

static void memory_barrier(void)
{
    GLuint pp = compute_program(produce_cs, "producer program");
    GLuint pc = compute_program(consume_cs, "consumer program");
    if (!pp || !pc)
        return;
    GLuint zero[4] = { 0, 0, 0, 0 };
    GLuint b[3] = { sentinel_ssbo(0, 256), ssbo_at(1, sizeof zero, zero), sentinel_ssbo(2, 257) };
    dispatch(pp, 4, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
    expect_error(GL_NO_ERROR, "glMemoryBarrier(SHADER_STORAGE | COMMAND)");
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, b[1]);
    glUseProgram(pc);
    glDispatchComputeIndirect(0);
    expect_error(GL_NO_ERROR, "the indirect dispatch after the barrier");
    static GLuint got[257];
    read_buffer(b[2], sizeof got, got);
    int bad = 0;
    for (int i = 0; i < 256; i++) {
        GLuint want = ((255 - i) * 3 + 1) * 2;
        if (got[i] != want && bad++ < 3)
            CHECK(0, "after the barrier: word %d is 0x%x, expected %u", i, got[i], want);
    }
    CHECK(bad == 0, "the second dispatch saw %d of 256 words wrong", bad);
    CHECK(got[256] == SENTINEL, "the dispatch of counts (4, 1, 1) wrote past 256 words: 0x%x",
          got[256]);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    delete_buffers(3, b);
    glDeleteProgram(pp);
    glDeleteProgram(pc);
}

int main(void)
{
    struct test_window t = open_rgba8_window(16);
    printf("GL_VERSION %s, GL_RENDERER %s\n", (const char *)glGetString(GL_VERSION),
           (const char *)glGetString(GL_RENDERER));
    if (!has_extension("GL_ARB_compute_shader")) {
        printf("SKIP: GL_ARB_compute_shader is not advertised\n");
        return close_test_window(&t);
    }
    limits();
    builtins();
    shared_memory();
    atomics();
    images();
    uniforms_and_textures();
    GLuint p = compute_program(count_cs, "counting program");
    if (p) {
        indirect(p);
        glDeleteProgram(p);
    }
    program_rules();
    memory_barrier();
    glUseProgram(0);
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
