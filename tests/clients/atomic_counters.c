/*
 * atomic_counters.c: ARB_shader_atomic_counters (GL 4.2) in a
 * compatibility context, by the buffers' contents, pixels, queries and
 * errors.
 *
 * - A fragment shader takes one unique value per fragment of a 16×16
 *   quad (atomicCounterIncrement) and writes it as its colour: the 256
 *   pixels hold 0 to 255, each once, and the counter ends at 256. With a
 *   depth test that rejects every fragment the shader still runs on each
 *   (the counter counts them); a fragment discarded before its increment
 *   counts not.
 * - A vertex shader decrements a counter of an array indexed by a
 *   uniform (through a function taking an atomic_uint), per point of a
 *   draw of 10: that element ends 10 lower, its neighbours untouched;
 *   the values atomicCounterDecrement gave (captured by transform
 *   feedback) are the new ones, each once, and atomicCounter reads
 *   without changing. (llvmpipe mixes up such values when they are
 *   rasterized as varyings, so they are captured instead.)
 * - Binding points: glBindBufferBase/Range with GL_ATOMIC_COUNTER_BUFFER,
 *   a range at an offset, the indexed and generic binding queries, and
 *   the errors (index past GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS, an
 *   offset not a multiple of 4).
 * - Program queries: GL_ACTIVE_ATOMIC_COUNTER_BUFFERS,
 *   glGetActiveAtomicCounterBufferiv, the counters' uniform type,
 *   offset, stride and buffer index, no location; the implicit offsets
 *   of counters declared without one.
 * - ARB_shader_atomic_counter_ops: add, subtract, min, max, and, or,
 *   xor, exchange and compare-exchange on counters of one vertex (the
 *   extension's `ARB`-suffixed names), their old values captured and the
 *   words they leave.
 * - A compile error for a binding past the limit and a link error for
 *   two counters sharing bytes.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o
 * atomic_counters tests/clients/atomic_counters.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"

#define SIZE 16

static const char *quad_vs = "#version 150\n"
                             "in vec2 pos;\n"
                             "uniform float z;\n"
                             "void main() { gl_Position = vec4(pos, z, 1.0); }\n";

/* Binding 2 at offset 8: the fragment counter. */
static const char *unique_fs =
    "#version 150\n"
    "#extension GL_ARB_shader_atomic_counters : require\n"
    "layout(binding = 2, offset = 8) uniform atomic_uint fragments;\n"
    "out vec4 color;\n"
    "void main() {\n"
    "  uint id = atomicCounterIncrement(fragments);\n"
    "  color = vec4(float(id) / 255.0, 0.0, 0.0, 1.0);\n"
    "}\n";

/* The left half discards before counting. */
static const char *discard_fs =
    "#version 150\n"
    "#extension GL_ARB_shader_atomic_counters : require\n"
    "layout(binding = 2, offset = 8) uniform atomic_uint fragments;\n"
    "out vec4 color;\n"
    "void main() {\n"
    "  if (gl_FragCoord.x < 8.0) discard;\n"
    "  atomicCounterIncrement(fragments);\n"
    "  color = vec4(1.0);\n"
    "}\n";

/* Counters a[0..2] at binding 0 from offset 0, then b right after them
 * (offset 12) and c at 4 of binding 1. */
static const char *points_vs =
    "#version 150\n"
    "#extension GL_ARB_shader_atomic_counters : require\n"
    "layout(binding = 0) uniform atomic_uint a[3];\n"
    "layout(binding = 0) uniform atomic_uint b;\n"
    "layout(binding = 1, offset = 4) uniform atomic_uint c;\n"
    "uniform int i;\n"
    "in vec2 pos;\n"
    "flat out uvec2 v;\n"
    "uint dec(atomic_uint x) { return atomicCounterDecrement(x); }\n"
    "void main() {\n"
    "  v.x = dec(a[i]);\n"
    "  v.y = atomicCounter(a[i + 1]) + atomicCounter(b) + atomicCounter(c);\n"
    "  gl_Position = vec4(pos, 0.0, 1.0);\n"
    "}\n";

static const char *points_fs = "#version 150\n"
                               "flat in uvec2 v;\n"
                               "out vec4 color;\n"
                               "void main() { color = vec4(v, 0.0, 1.0); }\n";

/* One vertex: each operation on its own counter, the old values out. */
static const char *ops_vs =
    "#version 150\n"
    "#extension GL_ARB_shader_atomic_counters : require\n"
    "#extension GL_ARB_shader_atomic_counter_ops : require\n"
    "layout(binding = 0) uniform atomic_uint c[9];\n"
    "flat out uint old[9];\n"
    "void main() {\n"
    "  old[0] = atomicCounterAddARB(c[0], 5u);\n"
    "  old[1] = atomicCounterSubtractARB(c[1], 2u);\n"
    "  old[2] = atomicCounterMinARB(c[2], 7u);\n"
    "  old[3] = atomicCounterMaxARB(c[3], 1000u);\n"
    "  old[4] = atomicCounterAndARB(c[4], 0xf0u);\n"
    "  old[5] = atomicCounterOrARB(c[5], 1u);\n"
    "  old[6] = atomicCounterXorARB(c[6], 0xffu);\n"
    "  old[7] = atomicCounterExchangeARB(c[7], 42u);\n"
    "  old[8] = atomicCounterCompSwapARB(c[8], 10u, 99u);\n"
    "  gl_Position = vec4(0.0);\n"
    "}\n";

static const char *bad_binding_fs =
    "#version 150\n"
    "#extension GL_ARB_shader_atomic_counters : require\n"
    "layout(binding = %d) uniform atomic_uint x;\n"
    "out vec4 color;\n"
    "void main() { color = vec4(float(atomicCounter(x))); }\n";

static const char *overlap_fs =
    "#version 150\n"
    "#extension GL_ARB_shader_atomic_counters : require\n"
    "layout(binding = 0, offset = 4) uniform atomic_uint x[2];\n"
    "layout(binding = 0, offset = 8) uniform atomic_uint y;\n"
    "out vec4 color;\n"
    "void main() { color = vec4(float(atomicCounter(x[1]) + atomicCounter(y))); }\n";

static void draw_quad(GLuint p, float z)
{
    static const GLfloat quad[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
    glUseProgram(p);
    glUniform1f(glGetUniformLocation(p, "z"), z);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
    glEnableVertexAttribArray(0);
    glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
}

/* Word `i` of the buffer bound to GL_ATOMIC_COUNTER_BUFFER. */
static GLuint word(GLuint buf, int i)
{
    GLuint v = 0xdeadbeef;
    glBindBuffer(GL_ATOMIC_COUNTER_BUFFER, buf);
    glGetBufferSubData(GL_ATOMIC_COUNTER_BUFFER, 4 * i, 4, &v);
    return v;
}

static void set_words(GLuint buf, const GLuint *w, int n)
{
    glBindBuffer(GL_ATOMIC_COUNTER_BUFFER, buf);
    glBufferData(GL_ATOMIC_COUNTER_BUFFER, 4 * n, w, GL_DYNAMIC_DRAW);
}

static void fragment_counters(GLuint buf)
{
    GLuint unique = pos_color_program(quad_vs, unique_fs, "unique-id program");
    GLuint discards = pos_color_program(quad_vs, discard_fs, "discard program");
    if (!unique || !discards)
        return;
    static const GLuint zeros[4] = { 0, 0, 0xaaaa, 0 };
    set_words(buf, zeros, 4);
    glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 2, buf);
    glClear(GL_COLOR_BUFFER_BIT);
    draw_quad(unique, 0);
    /* Not 0xaaaa + 256: the counter started at word 2's value. */
    CHECK(word(buf, 2) == 0xaaaa + 256, "the fragment counter is 0x%x, not 0x%x",
          word(buf, 2), 0xaaaa + 256);
    CHECK(word(buf, 0) == 0 && word(buf, 3) == 0, "words next to the counter changed");

    set_words(buf, zeros + 0, 4);
    glBufferSubData(GL_ATOMIC_COUNTER_BUFFER, 8, 4, zeros);
    glClear(GL_COLOR_BUFFER_BIT);
    draw_quad(unique, 0);
    GLubyte px[SIZE * SIZE * 4];
    int seen[256] = { 0 }, dup = 0;
    glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, px);
    for (int i = 0; i < SIZE * SIZE; i++) {
        if (seen[px[4 * i]]++)
            dup++;
    }
    CHECK(dup == 0, "%d of 256 fragments repeat another's counter value", dup);

    /* Every fragment rejected by the depth test still runs the shader. */
    glBufferSubData(GL_ATOMIC_COUNTER_BUFFER, 8, 4, zeros);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_NEVER);
    draw_quad(unique, 0);
    glDisable(GL_DEPTH_TEST);
    CHECK(word(buf, 2) == 256, "with every fragment failing the depth test the counter is %u",
          word(buf, 2));

    /* Discarded fragments stop before counting. */
    glBufferSubData(GL_ATOMIC_COUNTER_BUFFER, 8, 4, zeros);
    draw_quad(discards, 0);
    CHECK(word(buf, 2) == 128, "with half the fragments discarded the counter is %u",
          word(buf, 2));
    glDeleteProgram(unique);
    glDeleteProgram(discards);
}

static void vertex_counters(GLuint bufs[2])
{
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, points_vs, "points program") ||
        !attach_shader(p, GL_FRAGMENT_SHADER, points_fs, "points program"))
        return;
    static const char *varyings[] = { "v" };
    glTransformFeedbackVaryings(p, 1, varyings, GL_INTERLEAVED_ATTRIBS);
    glBindAttribLocation(p, 0, "pos");
    if (!link_program(p, "points program"))
        return;
    /* Binding 0: a[0..2], b; binding 1 at offset 8: c at byte 4 of the
     * range, word 3 of the buffer. */
    static const GLuint a[4] = { 100, 200, 300, 7 };
    static const GLuint c[4] = { 0, 0, 0, 5 };
    set_words(bufs[0], a, 4);
    set_words(bufs[1], c, 4);
    glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, bufs[0]);
    glBindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 1, bufs[1], 8, 8);
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "i"), 1);
    GLfloat pts[10][2] = { { 0 } };
    GLuint xfb;
    glGenBuffers(1, &xfb);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, xfb);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof(GLuint[10][2]), NULL, GL_STATIC_READ);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, xfb);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pts);
    glEnableVertexAttribArray(0);
    glEnable(GL_RASTERIZER_DISCARD);
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, 10);
    glEndTransformFeedback();
    glDisable(GL_RASTERIZER_DISCARD);
    CHECK(word(bufs[0], 1) == 190, "a[1] after ten decrements is %u, not 190", word(bufs[0], 1));
    CHECK(word(bufs[0], 0) == 100 && word(bufs[0], 2) == 300 && word(bufs[0], 3) == 7,
          "a[0], a[2] or b changed: %u %u %u", word(bufs[0], 0), word(bufs[0], 2),
          word(bufs[0], 3));
    CHECK(word(bufs[1], 3) == 5, "c changed: %u", word(bufs[1], 3));
    GLuint got[10][2];
    int seen[10] = { 0 };
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, xfb);
    glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof got, got);
    for (int k = 0; k < 10; k++) {
        /* The value after the decrement: 199 down to 190. */
        CHECK(got[k][0] >= 190 && got[k][0] <= 199 && !seen[got[k][0] - 190]++,
              "vertex %d's atomicCounterDecrement gave %u", k, got[k][0]);
        /* a[2] + b + c. */
        CHECK(got[k][1] == 312, "vertex %d read %u, not 312", k, got[k][1]);
    }
    glDeleteBuffers(1, &xfb);
    glDeleteProgram(p);
}

static void counter_ops(GLuint buf)
{
    if (!has_extension("GL_ARB_shader_atomic_counter_ops")) {
        CHECK(0, "GL_ARB_shader_atomic_counter_ops is not advertised");
        return;
    }
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, ops_vs, "ops program"))
        return;
    static const char *varyings[] = { "old" };
    glTransformFeedbackVaryings(p, 1, varyings, GL_INTERLEAVED_ATTRIBS);
    if (!link_program(p, "ops program"))
        return;
    static const GLuint start[9] = { 10, 10, 20, 20, 0x3c, 0x10, 0x0f, 1, 10 };
    static const GLuint after[9] = { 15, 8, 7, 1000, 0x30, 0x11, 0xf0, 42, 99 };
    set_words(buf, start, 9);
    glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, buf);
    GLuint xfb;
    glGenBuffers(1, &xfb);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, xfb);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof start, NULL, GL_STATIC_READ);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, xfb);
    glUseProgram(p);
    glEnable(GL_RASTERIZER_DISCARD);
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, 1);
    glEndTransformFeedback();
    glDisable(GL_RASTERIZER_DISCARD);
    GLuint old[9];
    glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof old, old);
    for (int k = 0; k < 9; k++) {
        CHECK(old[k] == start[k], "operation %d gave %u, not the old %u", k, old[k], start[k]);
        CHECK(word(buf, k) == after[k], "operation %d left %u, not %u", k, word(buf, k),
              after[k]);
    }
    glDeleteBuffers(1, &xfb);
    glDeleteProgram(p);
    /* The names without the suffix are GLSL 4.60's only (Mesa's rule). */
    static const char *unsuffixed =
        "#version 150\n"
        "#extension GL_ARB_shader_atomic_counters : require\n"
        "#extension GL_ARB_shader_atomic_counter_ops : require\n"
        "layout(binding = 0) uniform atomic_uint c;\n"
        "void main() { gl_Position = vec4(float(atomicCounterAdd(c, 1u))); }\n";
    CHECK(!shader_compiles(GL_VERTEX_SHADER, unsuffixed),
          "atomicCounterAdd compiles in GLSL 1.50");
}

static void bindings(GLuint bufs[2])
{
    GLint v = -1, max = 0;
    glGetIntegerv(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS, &max);
    glBindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 3, bufs[1], 4, 8);
    glGetIntegeri_v(GL_ATOMIC_COUNTER_BUFFER_BINDING, 3, &v);
    CHECK(v == (GLint)bufs[1], "GL_ATOMIC_COUNTER_BUFFER_BINDING[3] is %d", v);
    glGetIntegeri_v(GL_ATOMIC_COUNTER_BUFFER_START, 3, &v);
    CHECK(v == 4, "GL_ATOMIC_COUNTER_BUFFER_START[3] is %d", v);
    glGetIntegeri_v(GL_ATOMIC_COUNTER_BUFFER_SIZE, 3, &v);
    CHECK(v == 8, "GL_ATOMIC_COUNTER_BUFFER_SIZE[3] is %d", v);
    glGetIntegerv(GL_ATOMIC_COUNTER_BUFFER_BINDING, &v);
    CHECK(v == (GLint)bufs[1], "the generic binding is %d", v);
    expect_error(GL_NO_ERROR, "the binding queries");
    glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, max, bufs[0]);
    expect_error(GL_INVALID_VALUE, "glBindBufferBase(index GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS)");
    glBindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 0, bufs[0], 2, 4);
    expect_error(GL_INVALID_VALUE, "glBindBufferRange(offset 2)");
    glGetIntegeri_v(GL_ATOMIC_COUNTER_BUFFER_BINDING, max, &v);
    expect_error(GL_INVALID_VALUE, "glGetIntegeri_v(index past the bindings)");
}

static void queries(void)
{
    GLuint p = pos_color_program(points_vs, points_fs, "points program");
    glBindFragDataLocation(p, 0, "color");
    if (!p)
        return;
    GLint n = -1;
    glGetProgramiv(p, GL_ACTIVE_ATOMIC_COUNTER_BUFFERS, &n);
    CHECK(n == 2, "GL_ACTIVE_ATOMIC_COUNTER_BUFFERS is %d, not 2", n);
    for (GLuint k = 0; k < (GLuint)n && k < 2; k++) {
        GLint binding = -1, size = -1, count = -1, vs = -1, fs = -1;
        glGetActiveAtomicCounterBufferiv(p, k, GL_ATOMIC_COUNTER_BUFFER_BINDING, &binding);
        glGetActiveAtomicCounterBufferiv(p, k, GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE, &size);
        glGetActiveAtomicCounterBufferiv(p, k, GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTERS,
                                         &count);
        glGetActiveAtomicCounterBufferiv(
            p, k, GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_VERTEX_SHADER, &vs);
        glGetActiveAtomicCounterBufferiv(
            p, k, GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_FRAGMENT_SHADER, &fs);
        int want_size = binding == 0 ? 16 : 8, want_count = binding == 0 ? 2 : 1;
        CHECK((binding == 0 || binding == 1) && size >= want_size && count == want_count &&
                  vs == 1 && fs == 0,
              "buffer %u: binding %d, size %d, %d counters, referenced %d/%d", k, binding,
              size, count, vs, fs);
        GLint indices[2] = { -1, -1 };
        glGetActiveAtomicCounterBufferiv(
            p, k, GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTER_INDICES, indices);
        for (int j = 0; j < count && j < 2; j++) {
            GLuint u = indices[j];
            char name[16] = "";
            GLint type = 0, offset = -1, stride = -1, index = -1;
            glGetActiveUniformName(p, u, sizeof name, NULL, name);
            glGetActiveUniformsiv(p, 1, &u, GL_UNIFORM_TYPE, &type);
            glGetActiveUniformsiv(p, 1, &u, GL_UNIFORM_OFFSET, &offset);
            glGetActiveUniformsiv(p, 1, &u, GL_UNIFORM_ARRAY_STRIDE, &stride);
            glGetActiveUniformsiv(p, 1, &u, GL_UNIFORM_ATOMIC_COUNTER_BUFFER_INDEX, &index);
            int want_offset = !strcmp(name, "a[0]") ? 0 : !strcmp(name, "b") ? 12 : 4;
            int want_stride = !strcmp(name, "a[0]") ? 4 : 0;
            CHECK(type == GL_UNSIGNED_INT_ATOMIC_COUNTER && offset == want_offset &&
                      stride == want_stride && index == (GLint)k,
                  "counter %s: type 0x%x, offset %d, stride %d, buffer %d", name, type,
                  offset, stride, index);
            CHECK(glGetUniformLocation(p, name) == -1, "counter %s has a location", name);
        }
    }
    GLint v = 12345;
    glGetActiveAtomicCounterBufferiv(p, 2, GL_ATOMIC_COUNTER_BUFFER_BINDING, &v);
    expect_error(GL_INVALID_VALUE, "glGetActiveAtomicCounterBufferiv(index 2)");
    CHECK(v == 12345, "a failed query wrote its parameter");
    glDeleteProgram(p);
}

static void errors(void)
{
    GLint max = 0;
    glGetIntegerv(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS, &max);
    char src[1024];
    snprintf(src, sizeof src, bad_binding_fs, max - 1);
    CHECK(shader_compiles(GL_FRAGMENT_SHADER, src), "binding %d does not compile", max - 1);
    snprintf(src, sizeof src, bad_binding_fs, max);
    CHECK(!shader_compiles(GL_FRAGMENT_SHADER, src), "binding %d compiles", max);
    GLuint p = glCreateProgram();
    attach_shader(p, GL_VERTEX_SHADER, quad_vs, "overlap program");
    attach_shader(p, GL_FRAGMENT_SHADER, overlap_fs, "overlap program");
    glLinkProgram(p);
    GLint ok = 1;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    CHECK(!ok, "counters sharing bytes link");
    glDeleteProgram(p);
}

int main(void)
{
    struct test_window t = open_pixel_window(SIZE);
    if (!has_extension("GL_ARB_shader_atomic_counters")) {
        CHECK(0, "GL_ARB_shader_atomic_counters is not advertised");
        return close_test_window(&t);
    }
    static const struct gl_limit limits[] = {
        GL_LIMIT(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS, 1),
        GL_LIMIT(GL_MAX_FRAGMENT_ATOMIC_COUNTERS, 8),
        GL_LIMIT(GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS, 1),
        GL_LIMIT(GL_MAX_COMBINED_ATOMIC_COUNTERS, 8),
        GL_LIMIT(GL_MAX_COMBINED_ATOMIC_COUNTER_BUFFERS, 1),
        GL_LIMIT(GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE, 32),
        /* GL 4.2's table 23.57 asks 0 of the vertex stage; this test
         * uses them there. */
        GL_LIMIT(GL_MAX_VERTEX_ATOMIC_COUNTERS, 4),
        GL_LIMIT(GL_MAX_VERTEX_ATOMIC_COUNTER_BUFFERS, 2),
    };
    check_limits(limits, sizeof limits / sizeof limits[0], "the limits");
    GLuint bufs[2];
    glGenBuffers(2, bufs);
    glClearColor(0, 0, 0, 1);
    fragment_counters(bufs[0]);
    vertex_counters(bufs);
    counter_ops(bufs[0]);
    bindings(bufs);
    queries();
    errors();
    glDeleteBuffers(2, bufs);
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
