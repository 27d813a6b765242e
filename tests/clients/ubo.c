/*
 * ubo.c: GL_ARB_uniform_buffer_object by its pixels and its queries (a
 * "SKIP GL_ARB_uniform_buffer_object" line and PASS when the extension
 * string does not list it):
 * - GLSL 1.20 with the extension (which has no instance names before
 *   GLSL 1.50): three std140 blocks — Xform (vertex stage: a mat4, a
 *   row-major mat2, a vec2 array), Paint
 *   (fragment stage, no instance name: vec4, float array, vec3, a
 *   row-major mat3x2) and Shared (both stages) — each at its own binding
 *   point (glUniformBlockBinding); quads whose place and colour come only
 *   from the blocks; Paint read through glBindBufferRange at an offset
 *   into a larger buffer; glBufferSubData between draws changes the next
 *   draw and not the pixels already drawn; rebinding a block to another
 *   binding point; on oxgl only, zeros past a range shorter than its
 *   block (the spec leaves that undefined);
 * - queries: GL_ACTIVE_UNIFORM_BLOCKS and its name length,
 *   glGetUniformBlockIndex, glGetActiveUniformBlockName,
 *   glGetActiveUniformBlockiv (binding, data size, name length, active
 *   uniforms and their indices, referenced by each stage),
 *   glGetUniformIndices, glGetActiveUniformName, glGetActiveUniformsiv
 *   (type, size, name length, block index, std140 offset, array and
 *   matrix strides, row-major), glGetUniformLocation of a block member
 *   (-1), the indexed binding state (glGetIntegeri_v) and the limits;
 * - errors: indices past the blocks, uniforms and binding points, bad
 *   pnames, misaligned and empty ranges; a block declared differently in
 *   the two stages fails to link; deleting a buffer unbinds it.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -o ubo tests/clients/ubo.c
 * -lX11 -lGL). Prints FAIL lines, and PASS when all checks hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"
#include <GL/glext.h>
#include <string.h>

static const char *vs_src =
    "#version 120\n"
    "#extension GL_ARB_uniform_buffer_object : require\n"
    "layout(std140) uniform Xform {\n"
    "  mat4 mvp;\n"
    "  layout(row_major) mat2 rot;\n"
    "  vec2 shift[2];\n"
    "};\n"
    "layout(std140) uniform Shared { vec4 k; };\n"
    "void main() {\n"
    "  vec2 p = rot * gl_Vertex.xy + shift[1] + k.xy;\n"
    "  gl_Position = mvp * vec4(p, 0.0, 1.0);\n"
    "}\n";

static const char *fs_src =
    "#version 120\n"
    "#extension GL_ARB_uniform_buffer_object : require\n"
    "layout(std140) uniform Paint {\n"
    "  vec4 base;\n"
    "  float gain[3];\n"
    "  vec3 bias;\n"
    "  layout(row_major) mat3x2 m;\n"
    "};\n"
    "layout(std140) uniform Shared { vec4 k; };\n"
    "void main() {\n"
    "  vec3 c = base.rgb * gain[2] + bias + vec3(m[2], 0.0);\n"
    "  gl_FragColor = vec4(c * k.z, base.a);\n"
    "}\n";

/* Shared declared with another member type: the link must fail. */
static const char *fs_mismatch =
    "#version 120\n"
    "#extension GL_ARB_uniform_buffer_object : require\n"
    "layout(std140) uniform Shared { vec3 k; };\n"
    "void main() { gl_FragColor = vec4(k, 1.0); }\n";

/* std140 images of the blocks. */
struct xform {
    GLfloat mvp[16];     /* 0 */
    GLfloat rot[2][4];   /* 64: rows, 16 bytes apart */
    GLfloat shift[2][4]; /* 96: elements, 16 bytes apart */
};
struct paint {
    GLfloat base[4];    /* 0 */
    GLfloat gain[3][4]; /* 16 */
    GLfloat bias[4];    /* 64: vec3 + pad */
    GLfloat m[2][4];    /* 80: rows of 3 */
};

static GLint geti(GLenum pname)
{
    GLint v = -12345;
    glGetIntegerv(pname, &v);
    return v;
}

static GLint geti_program(GLuint p, GLenum pname)
{
    GLint v = -12345;
    glGetProgramiv(p, pname, &v);
    return v;
}

static GLint geti_i(GLenum pname, GLuint index)
{
    GLint v = -12345;
    glGetIntegeri_v(pname, index, &v);
    return v;
}

static GLint block_iv(GLuint p, GLuint index, GLenum pname)
{
    GLint v = -12345;
    glGetActiveUniformBlockiv(p, index, pname, &v);
    return v;
}

static GLint uniform_iv(GLuint p, GLuint index, GLenum pname)
{
    GLint v = -12345;
    glGetActiveUniformsiv(p, 1, &index, pname, &v);
    return v;
}

static void set_xform(struct xform *x, float sx, float sy)
{
    memset(x, 0, sizeof *x);
    /* Window pixels [0, 32] to clip coordinates, column-major. */
    x->mvp[0] = 1.0f / 16;
    x->mvp[5] = 1.0f / 16;
    x->mvp[10] = 1;
    x->mvp[12] = -1;
    x->mvp[13] = -1;
    x->mvp[15] = 1;
    /* rot = rows (0, 1), (-1, 0): p = (y, -x). Read as columns it would
     * be (-y, x), which lands elsewhere. */
    x->rot[0][0] = 0;
    x->rot[0][1] = 1;
    x->rot[1][0] = -1;
    x->rot[1][1] = 0;
    /* shift[0] is never read: far away. */
    x->shift[0][0] = 100;
    x->shift[0][1] = 100;
    x->shift[1][0] = sx;
    x->shift[1][1] = sy + 4;
}

/* c = base.rgb * gain[2] + bias + (m[2], 0) with m[2] = (row0.z, row1.z):
 * bias and m[2] cancel, so c = (r, g, b). */
static void set_paint(struct paint *p, float r, float g, float b)
{
    memset(p, 0, sizeof *p);
    p->base[0] = r / 2;
    p->base[1] = g / 2;
    p->base[2] = b / 2;
    p->base[3] = 1;
    p->gain[0][0] = 9;
    p->gain[1][0] = 9;
    p->gain[2][0] = 2;
    p->bias[0] = 0.125f;
    p->bias[1] = -0.25f;
    p->bias[2] = 0;
    p->m[0][0] = 7;
    p->m[0][1] = 7;
    p->m[0][2] = -0.125f;
    p->m[1][0] = 7;
    p->m[1][1] = 7;
    p->m[1][2] = 0.25f;
}

/* The local quad (0,0)-(4,4); the blocks place it. */
static void quad(void)
{
    glBegin(GL_QUADS);
    glVertex2f(0, 0);
    glVertex2f(4, 0);
    glVertex2f(4, 4);
    glVertex2f(0, 4);
    glEnd();
}

static int to_byte(float f)
{
    return f <= 0 ? 0 : f >= 1 ? 255 : (int)(f * 255 + 0.5f);
}

int main(void)
{
    struct test_window t = open_pixel_window(32);
    if (!has_extension("GL_ARB_uniform_buffer_object")) {
        printf("SKIP GL_ARB_uniform_buffer_object\n");
        return close_test_window(&t);
    }

    /* Limits (ARB_uniform_buffer_object's minimums). */
    GLint max_bindings = geti(GL_MAX_UNIFORM_BUFFER_BINDINGS);
    GLint align = geti(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT);
    CHECK(max_bindings >= 36, "GL_MAX_UNIFORM_BUFFER_BINDINGS = %d", max_bindings);
    CHECK(geti(GL_MAX_UNIFORM_BLOCK_SIZE) >= 16384, "GL_MAX_UNIFORM_BLOCK_SIZE = %d",
          geti(GL_MAX_UNIFORM_BLOCK_SIZE));
    CHECK(geti(GL_MAX_VERTEX_UNIFORM_BLOCKS) >= 12, "GL_MAX_VERTEX_UNIFORM_BLOCKS = %d",
          geti(GL_MAX_VERTEX_UNIFORM_BLOCKS));
    CHECK(geti(GL_MAX_FRAGMENT_UNIFORM_BLOCKS) >= 12, "GL_MAX_FRAGMENT_UNIFORM_BLOCKS = %d",
          geti(GL_MAX_FRAGMENT_UNIFORM_BLOCKS));
    CHECK(geti(GL_MAX_COMBINED_UNIFORM_BLOCKS) >= 24, "GL_MAX_COMBINED_UNIFORM_BLOCKS = %d",
          geti(GL_MAX_COMBINED_UNIFORM_BLOCKS));
    CHECK(align >= 1 && align <= 256 && (align & (align - 1)) == 0,
          "GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT = %d", align);
    CHECK(geti(GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS) >=
              geti(GL_MAX_VERTEX_UNIFORM_COMPONENTS),
          "GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS = %d",
          geti(GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS));
    CHECK(geti(GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS) >=
              geti(GL_MAX_FRAGMENT_UNIFORM_COMPONENTS),
          "GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS = %d",
          geti(GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS));
    expect_error(GL_NO_ERROR, "the limits");

    GLuint p = build_program("ubo program", vs_src, fs_src);
    if (!p)
        return close_test_window(&t);

    /* Blocks. */
    CHECK(geti_program(p, GL_ACTIVE_UNIFORM_BLOCKS) == 3, "GL_ACTIVE_UNIFORM_BLOCKS = %d",
          geti_program(p, GL_ACTIVE_UNIFORM_BLOCKS));
    CHECK(geti_program(p, GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH) == 7,
          "GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH = %d",
          geti_program(p, GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH));
    GLuint bx = glGetUniformBlockIndex(p, "Xform");
    GLuint bp = glGetUniformBlockIndex(p, "Paint");
    GLuint bs = glGetUniformBlockIndex(p, "Shared");
    CHECK(bx < 3 && bp < 3 && bs < 3 && bx != bp && bp != bs && bx != bs,
          "block indices %u %u %u", bx, bp, bs);
    CHECK(glGetUniformBlockIndex(p, "Nope") == GL_INVALID_INDEX, "an unknown block has an index");
    if (bx >= 3 || bp >= 3 || bs >= 3)
        return close_test_window(&t);
    char name[64] = "";
    GLsizei len = -1;
    glGetActiveUniformBlockName(p, bp, sizeof name, &len, name);
    CHECK(strcmp(name, "Paint") == 0 && len == 5, "block name \"%s\" (%d)", name, len);
    glGetActiveUniformBlockName(p, bs, 4, &len, name);
    CHECK(strcmp(name, "Sha") == 0 && len == 3, "truncated block name \"%s\" (%d)", name, len);
    CHECK(block_iv(p, bx, GL_UNIFORM_BLOCK_DATA_SIZE) == 128, "Xform data size %d",
          block_iv(p, bx, GL_UNIFORM_BLOCK_DATA_SIZE));
    CHECK(block_iv(p, bp, GL_UNIFORM_BLOCK_DATA_SIZE) == 112, "Paint data size %d",
          block_iv(p, bp, GL_UNIFORM_BLOCK_DATA_SIZE));
    CHECK(block_iv(p, bs, GL_UNIFORM_BLOCK_DATA_SIZE) == 16, "Shared data size %d",
          block_iv(p, bs, GL_UNIFORM_BLOCK_DATA_SIZE));
    CHECK(block_iv(p, bx, GL_UNIFORM_BLOCK_NAME_LENGTH) == 6, "Xform name length %d",
          block_iv(p, bx, GL_UNIFORM_BLOCK_NAME_LENGTH));
    CHECK(block_iv(p, bx, GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS) == 3, "Xform active uniforms %d",
          block_iv(p, bx, GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS));
    CHECK(block_iv(p, bp, GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS) == 4, "Paint active uniforms %d",
          block_iv(p, bp, GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS));
    CHECK(block_iv(p, bx, GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER) == 1 &&
              block_iv(p, bx, GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER) == 0,
          "Xform is referenced by the vertex stage only");
    CHECK(block_iv(p, bp, GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER) == 0 &&
              block_iv(p, bp, GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER) == 1,
          "Paint is referenced by the fragment stage only");
    CHECK(block_iv(p, bs, GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER) == 1 &&
              block_iv(p, bs, GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER) == 1,
          "Shared is referenced by both stages");
    CHECK(block_iv(p, bx, GL_UNIFORM_BLOCK_BINDING) == 0, "initial binding %d",
          block_iv(p, bx, GL_UNIFORM_BLOCK_BINDING));
    expect_error(GL_NO_ERROR, "the block queries");

    /* Paint's members by the indices the block lists. */
    GLint members[4] = { -1, -1, -1, -1 };
    glGetActiveUniformBlockiv(p, bp, GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES, members);
    const char *paint_names[4] = { "base", "gain[0]", "bias", "m" };
    for (int i = 0; i < 4; i++) {
        int found = 0;
        for (int j = 0; j < 4; j++) {
            name[0] = 0;
            glGetActiveUniformName(p, (GLuint)members[j], sizeof name, &len, name);
            found |= strcmp(name, paint_names[i]) == 0;
        }
        CHECK(found, "Paint's uniform indices do not name %s", paint_names[i]);
    }

    /* Uniforms: indices, then each property. */
    const char *names[6] = { "rot", "gain[0]", "gain", "bias", "shift", "nope" };
    GLuint idx[6];
    memset(idx, 0xab, sizeof idx);
    glGetUniformIndices(p, 6, names, idx);
    CHECK(idx[0] != GL_INVALID_INDEX && idx[1] != GL_INVALID_INDEX && idx[3] != GL_INVALID_INDEX &&
              idx[4] != GL_INVALID_INDEX,
          "uniform indices %u %u %u %u", idx[0], idx[1], idx[3], idx[4]);
    CHECK(idx[2] == idx[1], "gain and gain[0] have indices %u and %u", idx[2], idx[1]);
    CHECK(idx[5] == GL_INVALID_INDEX, "an unknown uniform has index %u", idx[5]);
    expect_error(GL_NO_ERROR, "glGetUniformIndices");
    if (idx[0] == GL_INVALID_INDEX || idx[1] == GL_INVALID_INDEX || idx[3] == GL_INVALID_INDEX ||
        idx[4] == GL_INVALID_INDEX)
        return close_test_window(&t);
    glGetActiveUniformName(p, idx[4], sizeof name, &len, name);
    CHECK(strcmp(name, "shift[0]") == 0 && len == 8, "uniform name \"%s\" (%d)", name,
          len);
    static const struct {
        int which;
        GLenum pname;
        GLint want;
    } props[] = {
        { 0, GL_UNIFORM_TYPE, GL_FLOAT_MAT2 },
        { 0, GL_UNIFORM_SIZE, 1 },
        { 0, GL_UNIFORM_NAME_LENGTH, 4 },
        { 0, GL_UNIFORM_OFFSET, 64 },
        { 0, GL_UNIFORM_ARRAY_STRIDE, 0 },
        { 0, GL_UNIFORM_MATRIX_STRIDE, 16 },
        { 0, GL_UNIFORM_IS_ROW_MAJOR, 1 },
        { 1, GL_UNIFORM_TYPE, GL_FLOAT },
        { 1, GL_UNIFORM_SIZE, 3 },
        { 1, GL_UNIFORM_NAME_LENGTH, 8 },
        { 1, GL_UNIFORM_OFFSET, 16 },
        { 1, GL_UNIFORM_ARRAY_STRIDE, 16 },
        { 1, GL_UNIFORM_MATRIX_STRIDE, 0 },
        { 1, GL_UNIFORM_IS_ROW_MAJOR, 0 },
        { 3, GL_UNIFORM_TYPE, GL_FLOAT_VEC3 },
        { 3, GL_UNIFORM_OFFSET, 64 },
        { 4, GL_UNIFORM_TYPE, GL_FLOAT_VEC2 },
        { 4, GL_UNIFORM_SIZE, 2 },
        { 4, GL_UNIFORM_OFFSET, 96 },
        { 4, GL_UNIFORM_ARRAY_STRIDE, 16 },
    };
    for (size_t i = 0; i < sizeof props / sizeof props[0]; i++) {
        GLint got = uniform_iv(p, idx[props[i].which], props[i].pname);
        CHECK(got == props[i].want, "%s: property 0x%x = %d, expected %d",
              names[props[i].which], props[i].pname, got, props[i].want);
    }
    CHECK(uniform_iv(p, idx[0], GL_UNIFORM_BLOCK_INDEX) == (GLint)bx &&
              uniform_iv(p, idx[1], GL_UNIFORM_BLOCK_INDEX) == (GLint)bp,
          "block indices of uniforms %d %d", uniform_iv(p, idx[0], GL_UNIFORM_BLOCK_INDEX),
          uniform_iv(p, idx[1], GL_UNIFORM_BLOCK_INDEX));
    /* Several at once. */
    GLint offsets[2] = { -1, -1 };
    GLuint two[2] = { idx[3], idx[0] };
    glGetActiveUniformsiv(p, 2, two, GL_UNIFORM_OFFSET, offsets);
    CHECK(offsets[0] == 64 && offsets[1] == 64, "offsets %d %d", offsets[0], offsets[1]);
    GLint mindex = -1;
    glGetUniformIndices(p, 1, (const char *[]){ "m" }, (GLuint *)&mindex);
    CHECK(uniform_iv(p, (GLuint)mindex, GL_UNIFORM_OFFSET) == 80 &&
              uniform_iv(p, (GLuint)mindex, GL_UNIFORM_TYPE) == GL_FLOAT_MAT3x2 &&
              uniform_iv(p, (GLuint)mindex, GL_UNIFORM_IS_ROW_MAJOR) == 1 &&
              uniform_iv(p, (GLuint)mindex, GL_UNIFORM_MATRIX_STRIDE) == 16,
          "m: offset %d type 0x%x row-major %d matrix stride %d",
          uniform_iv(p, (GLuint)mindex, GL_UNIFORM_OFFSET),
          uniform_iv(p, (GLuint)mindex, GL_UNIFORM_TYPE),
          uniform_iv(p, (GLuint)mindex, GL_UNIFORM_IS_ROW_MAJOR),
          uniform_iv(p, (GLuint)mindex, GL_UNIFORM_MATRIX_STRIDE));
    CHECK(glGetUniformLocation(p, "bias") == -1, "a block member has a location");
    CHECK(glGetUniformLocation(p, "mvp") == -1, "a block member has a location");
    expect_error(GL_NO_ERROR, "the uniform queries");

    /* Errors of the queries. */
    glGetActiveUniformBlockiv(p, 3, GL_UNIFORM_BLOCK_DATA_SIZE, members);
    expect_error(GL_INVALID_VALUE, "glGetActiveUniformBlockiv(index past the blocks)");
    glGetActiveUniformBlockiv(p, bx, GL_UNIFORM_TYPE, members);
    expect_error(GL_INVALID_ENUM, "glGetActiveUniformBlockiv(GL_UNIFORM_TYPE)");
    glGetActiveUniformBlockName(p, 3, sizeof name, &len, name);
    expect_error(GL_INVALID_VALUE, "glGetActiveUniformBlockName(index past the blocks)");
    glUniformBlockBinding(p, 3, 0);
    expect_error(GL_INVALID_VALUE, "glUniformBlockBinding(index past the blocks)");
    glUniformBlockBinding(p, bx, (GLuint)max_bindings);
    expect_error(GL_INVALID_VALUE, "glUniformBlockBinding(binding past the points)");
    GLuint bad[2] = { idx[0], 1000 };
    GLint untouched[2] = { -7, -7 };
    glGetActiveUniformsiv(p, 2, bad, GL_UNIFORM_OFFSET, untouched);
    expect_error(GL_INVALID_VALUE, "glGetActiveUniformsiv(index past the uniforms)");
    CHECK(untouched[0] == -7, "a failed glGetActiveUniformsiv wrote %d", untouched[0]);
    glGetActiveUniformsiv(p, 1, idx, GL_UNIFORM_BLOCK_DATA_SIZE, untouched);
    expect_error(GL_INVALID_ENUM, "glGetActiveUniformsiv(GL_UNIFORM_BLOCK_DATA_SIZE)");
    glGetActiveUniformName(p, 1000, sizeof name, &len, name);
    expect_error(GL_INVALID_VALUE, "glGetActiveUniformName(index past the uniforms)");

    /* Buffers: Xform at point 1, Paint at point 2 (a range 256 bytes into
     * a larger buffer), Shared at point 3. */
    glUniformBlockBinding(p, bx, 1);
    glUniformBlockBinding(p, bp, 2);
    glUniformBlockBinding(p, bs, 3);
    CHECK(block_iv(p, bp, GL_UNIFORM_BLOCK_BINDING) == 2, "Paint's binding %d",
          block_iv(p, bp, GL_UNIFORM_BLOCK_BINDING));
    GLuint buf[4];
    glGenBuffers(4, buf);
    struct xform xf;
    struct paint pt;
    set_xform(&xf, 2, 2);
    glBindBuffer(GL_UNIFORM_BUFFER, buf[0]);
    CHECK(geti(GL_UNIFORM_BUFFER_BINDING) == (GLint)buf[0], "GL_UNIFORM_BUFFER_BINDING %d",
          geti(GL_UNIFORM_BUFFER_BINDING));
    glBufferData(GL_UNIFORM_BUFFER, sizeof xf, &xf, GL_DYNAMIC_DRAW);
    GLint range_at = align > 256 ? align : 256;
    unsigned char big[1024];
    memset(big, 0x5a, sizeof big); /* garbage before and after the range */
    set_paint(&pt, 0.5f, 0.25f, 0.75f);
    memcpy(big + range_at, &pt, sizeof pt);
    glBindBuffer(GL_UNIFORM_BUFFER, buf[1]);
    glBufferData(GL_UNIFORM_BUFFER, sizeof big, big, GL_DYNAMIC_DRAW);
    GLfloat k[4] = { 0, 0, 1, 1 };
    glBindBuffer(GL_UNIFORM_BUFFER, buf[2]);
    glBufferData(GL_UNIFORM_BUFFER, sizeof k, k, GL_STATIC_DRAW);
    glBindBufferBase(GL_UNIFORM_BUFFER, 1, buf[0]);
    glBindBufferRange(GL_UNIFORM_BUFFER, 2, buf[1], range_at, sizeof pt);
    glBindBufferBase(GL_UNIFORM_BUFFER, 3, buf[2]);
    expect_error(GL_NO_ERROR, "binding the buffers");
    CHECK(geti(GL_UNIFORM_BUFFER_BINDING) == (GLint)buf[2],
          "GL_UNIFORM_BUFFER_BINDING after glBindBufferBase %d", geti(GL_UNIFORM_BUFFER_BINDING));
    CHECK(geti_i(GL_UNIFORM_BUFFER_BINDING, 2) == (GLint)buf[1] &&
              geti_i(GL_UNIFORM_BUFFER_START, 2) == range_at &&
              geti_i(GL_UNIFORM_BUFFER_SIZE, 2) == (GLint)sizeof pt,
          "binding point 2: %d %d %d", geti_i(GL_UNIFORM_BUFFER_BINDING, 2),
          geti_i(GL_UNIFORM_BUFFER_START, 2), geti_i(GL_UNIFORM_BUFFER_SIZE, 2));
    CHECK(geti_i(GL_UNIFORM_BUFFER_BINDING, 1) == (GLint)buf[0] &&
              geti_i(GL_UNIFORM_BUFFER_START, 1) == 0 && geti_i(GL_UNIFORM_BUFFER_SIZE, 1) == 0,
          "binding point 1: %d %d %d", geti_i(GL_UNIFORM_BUFFER_BINDING, 1),
          geti_i(GL_UNIFORM_BUFFER_START, 1), geti_i(GL_UNIFORM_BUFFER_SIZE, 1));
    CHECK(geti_i(GL_UNIFORM_BUFFER_BINDING, 0) == 0, "binding point 0: %d",
          geti_i(GL_UNIFORM_BUFFER_BINDING, 0));
    expect_error(GL_NO_ERROR, "the binding queries");

    /* Binding errors. */
    glBindBufferBase(GL_UNIFORM_BUFFER, (GLuint)max_bindings, buf[0]);
    expect_error(GL_INVALID_VALUE, "glBindBufferBase(index past the points)");
    glBindBufferRange(GL_UNIFORM_BUFFER, (GLuint)max_bindings, buf[0], 0, 16);
    expect_error(GL_INVALID_VALUE, "glBindBufferRange(index past the points)");
    glBindBufferRange(GL_UNIFORM_BUFFER, 4, buf[0], 0, 0);
    expect_error(GL_INVALID_VALUE, "glBindBufferRange(size 0)");
    if (align > 1) {
        glBindBufferRange(GL_UNIFORM_BUFFER, 4, buf[0], align / 2, 16);
        expect_error(GL_INVALID_VALUE, "glBindBufferRange(misaligned offset)");
    }
    glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, (GLuint)max_bindings, members);
    expect_error(GL_INVALID_VALUE, "glGetIntegeri_v(index past the points)");
    CHECK(geti_i(GL_UNIFORM_BUFFER_BINDING, 4) == 0, "a failed bind bound %d",
          geti_i(GL_UNIFORM_BUFFER_BINDING, 4));

    /* Draw 1: quad at (2, 2)-(6, 6) in the first colour. */
    glUseProgram(p);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    quad();
    int r1 = to_byte(0.5f), g1 = to_byte(0.25f), b1 = to_byte(0.75f);
    CHECK_RGBA(4, 4, r1, g1, b1, 255, 2, "draw 1");
    CHECK_RGBA(12, 4, 0, 0, 0, 255, 0, "draw 1, outside the quad");
    /* Where the transposed rotation would have put it. */
    CHECK_RGBA(0, 8, 0, 0, 0, 255, 0, "draw 1, column-major reading of rot");

    /* Draw 2: both blocks' buffers changed between draws. */
    set_xform(&xf, 10, 2);
    glBindBuffer(GL_UNIFORM_BUFFER, buf[0]);
    glBufferSubData(GL_UNIFORM_BUFFER, 0, sizeof xf, &xf);
    set_paint(&pt, 0.25f, 1.0f, 0.5f);
    glBindBuffer(GL_UNIFORM_BUFFER, buf[1]);
    glBufferSubData(GL_UNIFORM_BUFFER, range_at, sizeof pt, &pt);
    quad();
    CHECK_RGBA(4, 4, r1, g1, b1, 255, 2, "draw 1 after draw 2");
    CHECK_RGBA(12, 4, to_byte(0.25f), 255, to_byte(0.5f), 255, 2, "draw 2");

    /* Draw 3: Paint read from another binding point holding its own
     * buffer; Shared's k.z halves the colour in the fragment stage and
     * k.xy moves the quad in the vertex stage. */
    set_paint(&pt, 1.0f, 0.5f, 0.0f);
    glBindBuffer(GL_UNIFORM_BUFFER, buf[3]);
    glBufferData(GL_UNIFORM_BUFFER, sizeof pt, &pt, GL_STATIC_DRAW);
    glBindBufferBase(GL_UNIFORM_BUFFER, 7, buf[3]);
    glUniformBlockBinding(p, bp, 7);
    k[0] = 8;
    k[1] = 12;
    k[2] = 0.5f;
    glBindBuffer(GL_UNIFORM_BUFFER, buf[2]);
    glBufferSubData(GL_UNIFORM_BUFFER, 0, sizeof k, k);
    quad();
    CHECK_RGBA(20, 16, to_byte(0.5f), to_byte(0.25f), 0, 255, 2, "draw 3");
    CHECK_RGBA(12, 4, to_byte(0.25f), 255, to_byte(0.5f), 255, 2, "draw 2 after draw 3");
    expect_error(GL_NO_ERROR, "the draws");

    /* oxgl only (GL 4.6 §7.6.3 leaves reads past the range undefined):
     * a range shorter than the block reads zeros past its end, not the
     * buffer's bytes after it. Paint's bias (64..79) lies past a 64-byte
     * range; read, it would brighten the quad. */
    if (strstr((const char *)glGetString(GL_RENDERER), "oxgl")) {
        memset(&pt, 0, sizeof pt);
        for (int c = 0; c < 3; c++) {
            pt.base[c] = 0.25f;
            pt.bias[c] = 0.5f;
        }
        pt.base[3] = 1;
        pt.gain[2][0] = 1;
        glBindBuffer(GL_UNIFORM_BUFFER, buf[3]);
        glBufferData(GL_UNIFORM_BUFFER, sizeof pt, &pt, GL_STATIC_DRAW);
        glBindBufferRange(GL_UNIFORM_BUFFER, 7, buf[3], 0, 64);
        k[0] = 0;
        k[1] = 0;
        k[2] = 1;
        glBindBuffer(GL_UNIFORM_BUFFER, buf[2]);
        glBufferSubData(GL_UNIFORM_BUFFER, 0, sizeof k, k);
        set_xform(&xf, 22, 20);
        glBindBuffer(GL_UNIFORM_BUFFER, buf[0]);
        glBufferSubData(GL_UNIFORM_BUFFER, 0, sizeof xf, &xf);
        quad();
        CHECK_RGBA(24, 22, 64, 64, 64, 255, 2, "a range shorter than the block");
        expect_error(GL_NO_ERROR, "the short range");
    }
    glUseProgram(0);

    /* Deleting a buffer unbinds it from the binding points. */
    glDeleteBuffers(1, &buf[3]);
    CHECK(geti_i(GL_UNIFORM_BUFFER_BINDING, 7) == 0, "a deleted buffer is still bound at 7: %d",
          geti_i(GL_UNIFORM_BUFFER_BINDING, 7));
    glDeleteBuffers(3, buf);

    /* Shared declared differently in the two stages: no link. */
    GLuint q = glCreateProgram();
    GLint linked = 1;
    attach_shader(q, GL_VERTEX_SHADER, vs_src, "mismatch");
    attach_shader(q, GL_FRAGMENT_SHADER, fs_mismatch, "mismatch");
    glLinkProgram(q);
    glGetProgramiv(q, GL_LINK_STATUS, &linked);
    CHECK(!linked, "a block declared differently in the two stages links");
    glDeleteProgram(q);
    glDeleteProgram(p);
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
