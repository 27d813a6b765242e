/*
 * vertex_attrib_binding.c: ARB_vertex_attrib_binding (GL 4.3) in a
 * compatibility context, by pixels read back with glReadPixels, queries
 * and errors. Shaders are GLSL 3.30 (the double attribute one with
 * ARB_gpu_shader_fp64 and ARB_vertex_attrib_64bit). Without
 * GL_ARB_vertex_attrib_binding in GL_EXTENSIONS the client prints a SKIP
 * line (and PASS). GL_VERTEX_BINDING_BUFFER (GL 4.4) is queried only where
 * GL_VERSION is 4.4 or later; the glVertexAttribLFormat checks run only
 * with GL_ARB_vertex_attrib_64bit.
 *
 * The window is 64x64; the quads drawn are 12x12 squares in a 4x4 grid of
 * slots (slot k of row r at pixel (2 + 16k, 2 + 16r)); a slot's centre is
 * read back and compared within 1 per channel, an empty slot is the clear
 * colour (black, alpha 1).
 *
 * - Limits: GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET at least 2047 and
 *   GL_MAX_VERTEX_ATTRIB_BINDINGS at least 16 (printed, with GL_MAX_
 *   VERTEX_ATTRIBS).
 * - Initial state, of the default vertex array object 0 and of a new one:
 *   for every attribute i, GL_VERTEX_ATTRIB_BINDING i, GL_VERTEX_ATTRIB_
 *   RELATIVE_OFFSET 0, not enabled, size 4, type GL_FLOAT, GL_VERTEX_
 *   ATTRIB_ARRAY_STRIDE 0, no buffer; for every binding, GL_VERTEX_
 *   BINDING_OFFSET 0 (glGetIntegeri_v and glGetInteger64i_v), GL_VERTEX_
 *   BINDING_STRIDE 16 (the initial value in the specification's state
 *   table, which Mesa reports too), GL_VERTEX_BINDING_DIVISOR 0, GL_
 *   VERTEX_BINDING_BUFFER 0. Indexed queries past the binding count are
 *   GL_INVALID_VALUE.
 * - glBindVertexBuffer + glVertexAttribFormat + glVertexAttribBinding:
 *   a vec2 float position and 4 normalized unsigned bytes of colour
 *   interleaved (relative offsets 0 and 8, stride 12) behind 24 bytes of
 *   junk, both attributes on binding 2 bound at offset 24: three quads in
 *   their colours, the other slots empty; the attribute and binding
 *   queries (binding, relative offset, size, type, normalized, offset in
 *   32 and 64 bits, stride, buffer, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING
 *   of both attributes).
 * - Rebinding only the binding (glBindVertexBuffer(2) at the offset of a
 *   second set of vertices) moves both attributes: the second set's three
 *   quads in its colours, the first set's slots empty.
 * - glVertexAttribBinding of the colour attribute to binding 3 (another
 *   buffer, colours only at relative offset 0, stride 4): the quads take
 *   that buffer's colours, the positions stay; GL_VERTEX_ATTRIB_ARRAY_
 *   BUFFER_BINDING of the colour attribute follows its binding's buffer.
 * - Stride 0 in glBindVertexBuffer: every vertex of three quads reads the
 *   same colour element (all three quads that colour); GL_VERTEX_BINDING_
 *   STRIDE reads 0.
 * - glVertexAttribIFormat: an ivec2 (GL_INT, 16777217 + k, which no float
 *   holds, and -5 - k) and a uvec2 (GL_UNSIGNED_SHORT, 65535 - k and
 *   10 + 40k) read exactly: the vertex shader checks them and writes the
 *   numbers into the colour (red 10 + 40k, green 255 when all hold, blue
 *   17 + k); GL_VERTEX_ATTRIB_ARRAY_INTEGER 1 for them, 0 for the float
 *   position; the type and relative offset queries.
 * - glVertexAttribLFormat (GL_ARB_vertex_attrib_64bit): a dvec2 at
 *   relative offset 8 of 24-byte vertices, 1 + n·2^-40 and -2 - 3·2^-40
 *   for vertex n, compared exactly in the shader (green quad);
 *   GL_VERTEX_ATTRIB_ARRAY_LONG 1, type GL_DOUBLE.
 * - glVertexBindingDivisor: a per-vertex quad on binding 0 and a per-
 *   instance offset and colour (two attributes) on binding 1 with divisor
 *   1: glDrawArraysInstanced of 3 instances fills slots 0..2 in the three
 *   instance colours, slot 3 empty; divisor 2 with 4 instances: slots 0
 *   and 1 in colours 0 and 1, slots 2 and 3 empty. GL_VERTEX_BINDING_
 *   DIVISOR of both bindings.
 * - glVertexAttribDivisor(3, 2) after glVertexAttribBinding(3, 7) and
 *   glVertexBindingDivisor(7, 5): attribute 3's binding is 3 again,
 *   binding 3's divisor 2, binding 7's still 5, GL_VERTEX_ATTRIB_ARRAY_
 *   DIVISOR of attribute 3 is 2.
 * - glVertexAttribPointer on attribute 4 (bound to binding 9, relative
 *   offset 100, attribute 6 on binding 4): attribute 4's binding is 4 and
 *   relative offset 0; binding 4 has the GL_ARRAY_BUFFER buffer, the
 *   pointer as offset (32 and 64 bits) and the effective stride (12 for 3
 *   floats given stride 0; 20 given 20; 8 for glVertexAttribIPointer of 4
 *   shorts; 24 for glVertexAttribLPointer of 3 doubles) while GL_VERTEX_
 *   ATTRIB_ARRAY_STRIDE is the stride given (0, 20, 0, 0); the pointer
 *   query; binding 9 is unchanged; attribute 6 (still on binding 4) now
 *   reports the new buffer. Drawing with the position through
 *   glVertexAttribPointer and the colour through glVertexAttribFormat on
 *   binding 1 gives the expected quads, and a later glVertexAttribPointer
 *   of the colour takes it back to binding 1 with the pointer's data.
 * - Errors, each leaving attribute 0's and binding 1's state (binding,
 *   relative offset, size, type, normalized, integer, long, offset,
 *   stride, divisor, buffer) as it was: GL_INVALID_VALUE for a binding
 *   index of GL_MAX_VERTEX_ATTRIB_BINDINGS in glBindVertexBuffer,
 *   glVertexAttribBinding and glVertexBindingDivisor; an attribute index of
 *   GL_MAX_VERTEX_ATTRIBS in glVertexAttribFormat, glVertexAttribIFormat,
 *   glVertexAttribLFormat and glVertexAttribBinding; a negative offset or
 *   stride in glBindVertexBuffer; a relative offset of GL_MAX_VERTEX_
 *   ATTRIB_RELATIVE_OFFSET + 1 (Format and IFormat); sizes 0 and 5
 *   (Format), 5 and GL_BGRA (IFormat), 5 (LFormat); GL_INVALID_ENUM for
 *   type GL_RGBA (Format), GL_FLOAT (IFormat and LFormat); GL_INVALID_
 *   OPERATION for GL_BGRA not normalized, GL_BGRA with GL_FLOAT and
 *   GL_INT_2_10_10_10_REV with size 3. Accepted: a relative offset of
 *   exactly the limit (read back) and GL_BGRA normalized unsigned bytes
 *   (size reads GL_BGRA).
 * - GL 4.4 (where GL_VERSION says so): GL_MAX_VERTEX_ATTRIB_STRIDE at
 *   least 2048, and a stride past it in glBindVertexBuffer is GL_INVALID_
 *   VALUE, binding 1 unchanged.
 * - A buffer name never generated in glBindVertexBuffer: the
 *   ARB_vertex_attrib_binding specification makes that GL_INVALID_
 *   OPERATION "[core profile only]"; in the compatibility profile names
 *   need not come from glGenBuffers, and the binding creates the buffer
 *   (the glBindVertexBuffer reference page says so; Mesa does it). The
 *   check asserts that: no error, the binding reports the name and
 *   glIsBuffer is then true.
 * - The default vertex array object 0 (allowed in the compatibility
 *   profile) draws through binding 2 like a generated one; with a
 *   generated one bound at another offset, switching between the two
 *   keeps each one's binding offset, attribute binding and picture; an
 *   attribute rebinding in the generated one leaves object 0's.
 *
 * Mesa 22.3 (llvmpipe) agrees with the GL 4.6 specification on every
 * check here; the unknown buffer name above follows the extension's
 * compatibility-profile rule (Mesa's source raises the error in core
 * contexts only).
 *
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o
 * vertex_attrib_binding tests/clients/vertex_attrib_binding.c -lX11 -lGL
 * -lm). Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"

#define SIZE 64
#define UNSET (-12345)
#define JUNK 24 /* bytes before the first vertex in buf_a */

static GLint max_attribs, max_bindings, max_reloff;
static int gl44, has_64bit;
static GLuint buf_a, buf_c, prog_f;

/* The value `expr` (an integer query) is `want`; a FAIL naming both. */
#define CHECK_IS(expr, want, what)                                                 \
    do {                                                                           \
        long long g_ = (long long)(expr), w_ = (long long)(want);                  \
        CHECK(g_ == w_, "%s: %s is %lld, expected %lld", what, #expr, g_, w_);     \
    } while (0)

static GLint attrib_iv(GLuint a, GLenum pname)
{
    GLint v = UNSET;
    glGetVertexAttribiv(a, pname, &v);
    return v;
}

static GLint binding_iv(GLenum pname, GLuint b)
{
    GLint v = UNSET;
    glGetIntegeri_v(pname, b, &v);
    return v;
}

static GLint64 binding_i64(GLenum pname, GLuint b)
{
    GLint64 v = UNSET;
    glGetInteger64i_v(pname, b, &v);
    return v;
}

/* ---- Geometry: 12x12 quads in the slots of a 4x4 grid. ---- */

struct vc {
    GLfloat x, y;
    GLubyte c[4];
};

static const GLubyte set_a_colors[3][4] = { { 255, 0, 0, 255 },
                                            { 0, 255, 0, 255 },
                                            { 40, 80, 200, 255 } };
static const GLubyte set_b_colors[3][4] = { { 255, 255, 0, 255 },
                                            { 0, 255, 255, 255 },
                                            { 255, 0, 255, 255 } };
static const GLubyte set_c_colors[3][4] = { { 128, 128, 128, 255 },
                                            { 10, 20, 30, 255 },
                                            { 250, 200, 150, 255 } };
static const GLubyte black[4] = { 0, 0, 0, 255 };

static GLfloat clip(int px)
{
    return px * 2.0f / SIZE - 1.0f;
}

/* The six corners (two triangles, x and y) of slot k of row `row`. */
static void slot_corners(int k, int row, GLfloat out[12])
{
    GLfloat x0 = clip(2 + 16 * k), x1 = clip(14 + 16 * k);
    GLfloat y0 = clip(2 + 16 * row), y1 = clip(14 + 16 * row);
    const GLfloat v[12] = { x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1 };
    memcpy(out, v, sizeof v);
}

/* Six struct vc vertices of slot k of row `row` in colour c. */
static void slot_vc(struct vc *v, int k, int row, const GLubyte c[4])
{
    GLfloat p[12];
    slot_corners(k, row, p);
    for (int i = 0; i < 6; i++) {
        v[i].x = p[2 * i];
        v[i].y = p[2 * i + 1];
        memcpy(v[i].c, c, 4);
    }
}

/* The centre of slot k of row `row` has colour c (within 1). */
static void expect_slot(int k, int row, const GLubyte c[4], const char *what)
{
    CHECK_RGBA(8 + 16 * k, 8 + 16 * row, c[0], c[1], c[2], c[3], 1, what);
}

/* Slots 0..3 of `row`: the first n of `colors`, the rest empty. */
static void expect_row(int row, const GLubyte (*colors)[4], int n, const char *what)
{
    for (int k = 0; k < 4; k++)
        expect_slot(k, row, k < n ? colors[k] : black, what);
}

static void expect_row_empty(int row, const char *what)
{
    expect_row(row, NULL, 0, what);
}

static void clear(void)
{
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
}

static GLuint new_vao(void)
{
    GLuint vao;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    return vao;
}

/* ---- Programs. ---- */

static const char *vs_f = "#version 330\n"
                          "layout(location = 0) in vec2 pos;\n"
                          "layout(location = 1) in vec4 color;\n"
                          "layout(location = 5) in vec2 offset;\n"
                          "out vec4 c;\n"
                          "void main() {\n"
                          "  c = color;\n"
                          "  gl_Position = vec4(pos + offset, 0.0, 1.0);\n"
                          "}\n";
static const char *fs_f = "#version 330\n"
                          "in vec4 c;\n"
                          "layout(location = 0) out vec4 o;\n"
                          "void main() { o = c; }\n";

static const char *vs_i = "#version 330\n"
                          "layout(location = 0) in vec2 pos;\n"
                          "layout(location = 2) in ivec2 iv;\n"
                          "layout(location = 3) in uvec2 uv;\n"
                          "flat out vec4 c;\n"
                          "void main() {\n"
                          "  int k = iv.x - 16777217;\n"
                          "  bool ok = k >= 0 && k < 3 && iv.y == -5 - k &&\n"
                          "            uv.x == uint(65535 - k) && uv.y == uint(10 + 40 * k);\n"
                          "  c = vec4(float(uv.y) / 255.0, ok ? 1.0 : 0.0,\n"
                          "           float(iv.x - 16777200) / 255.0, 1.0);\n"
                          "  gl_Position = vec4(pos, 0.0, 1.0);\n"
                          "}\n";
static const char *fs_flat = "#version 330\n"
                             "flat in vec4 c;\n"
                             "layout(location = 0) out vec4 o;\n"
                             "void main() { o = c; }\n";

static const char *vs_d = "#version 330\n"
                          "#extension GL_ARB_gpu_shader_fp64 : require\n"
                          "#extension GL_ARB_vertex_attrib_64bit : require\n"
                          "layout(location = 0) in vec2 pos;\n"
                          "layout(location = 4) in dvec2 d;\n"
                          "flat out vec4 c;\n"
                          "void main() {\n"
                          "  double t = 1.0LF / 1099511627776.0LF;\n" /* 2^-40 */
                          "  bool ok = d.x == 1.0LF + double(gl_VertexID) * t &&\n"
                          "            d.y == -2.0LF - 3.0LF * t;\n"
                          "  c = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
                          "  gl_Position = vec4(pos, 0.0, 1.0);\n"
                          "}\n";

/* ---- Sections. ---- */

static void limits(void)
{
    glGetIntegerv(GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET, &max_reloff);
    glGetIntegerv(GL_MAX_VERTEX_ATTRIB_BINDINGS, &max_bindings);
    glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max_attribs);
    printf("GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET %d, GL_MAX_VERTEX_ATTRIB_BINDINGS %d, "
           "GL_MAX_VERTEX_ATTRIBS %d\n",
           max_reloff, max_bindings, max_attribs);
    CHECK(max_reloff >= 2047, "GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET is %d, below 2047",
          max_reloff);
    CHECK(max_bindings >= 16, "GL_MAX_VERTEX_ATTRIB_BINDINGS is %d, below 16", max_bindings);
    CHECK(max_attribs >= 16, "GL_MAX_VERTEX_ATTRIBS is %d, below 16", max_attribs);
    expect_error(GL_NO_ERROR, "the limits");
    if (max_bindings > 64)
        max_bindings = 64;
    if (max_attribs > 64)
        max_attribs = 64;
}

/* Every attribute and binding of the bound vertex array object has its
 * initial state. */
static void check_initial_state(const char *what)
{
    for (int a = 0; a < max_attribs; a++) {
        CHECK_IS(attrib_iv(a, GL_VERTEX_ATTRIB_BINDING), a, what);
        CHECK_IS(attrib_iv(a, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 0, what);
        CHECK_IS(attrib_iv(a, GL_VERTEX_ATTRIB_ARRAY_ENABLED), 0, what);
        CHECK_IS(attrib_iv(a, GL_VERTEX_ATTRIB_ARRAY_SIZE), 4, what);
        CHECK_IS(attrib_iv(a, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_FLOAT, what);
        CHECK_IS(attrib_iv(a, GL_VERTEX_ATTRIB_ARRAY_STRIDE), 0, what);
        CHECK_IS(attrib_iv(a, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), 0, what);
    }
    for (int b = 0; b < max_bindings; b++) {
        CHECK_IS(binding_iv(GL_VERTEX_BINDING_OFFSET, b), 0, what);
        CHECK_IS(binding_i64(GL_VERTEX_BINDING_OFFSET, b), 0, what);
        CHECK_IS(binding_iv(GL_VERTEX_BINDING_STRIDE, b), 16, what);
        CHECK_IS(binding_iv(GL_VERTEX_BINDING_DIVISOR, b), 0, what);
        if (gl44)
            CHECK_IS(binding_iv(GL_VERTEX_BINDING_BUFFER, b), 0, what);
    }
    expect_error(GL_NO_ERROR, what);
    GLint v;
    glGetIntegeri_v(GL_VERTEX_BINDING_OFFSET, max_bindings, &v);
    expect_error(GL_INVALID_VALUE, "GL_VERTEX_BINDING_OFFSET of binding MAX_VERTEX_ATTRIB_BINDINGS");
    glGetIntegeri_v(GL_VERTEX_BINDING_STRIDE, max_bindings, &v);
    expect_error(GL_INVALID_VALUE, "GL_VERTEX_BINDING_STRIDE of binding MAX_VERTEX_ATTRIB_BINDINGS");
}

/* Attributes 0 (vec2 float at 0) and 1 (4 normalized ubytes at 8) on
 * `binding`, enabled. */
static void pos_color_format(GLuint binding)
{
    glVertexAttribFormat(0, 2, GL_FLOAT, GL_FALSE, 0);
    glVertexAttribFormat(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 8);
    glVertexAttribBinding(0, binding);
    glVertexAttribBinding(1, binding);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
}

static void basic_drawing(void)
{
    const char *what = "format + binding";
    GLuint vao = new_vao();
    glBindVertexBuffer(2, buf_a, JUNK, 12);
    pos_color_format(2);
    expect_error(GL_NO_ERROR, "setting up binding 2");

    CHECK_IS(attrib_iv(0, GL_VERTEX_ATTRIB_BINDING), 2, what);
    CHECK_IS(attrib_iv(1, GL_VERTEX_ATTRIB_BINDING), 2, what);
    CHECK_IS(attrib_iv(0, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 0, what);
    CHECK_IS(attrib_iv(1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 8, what);
    CHECK_IS(attrib_iv(0, GL_VERTEX_ATTRIB_ARRAY_SIZE), 2, what);
    CHECK_IS(attrib_iv(1, GL_VERTEX_ATTRIB_ARRAY_SIZE), 4, what);
    CHECK_IS(attrib_iv(1, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_UNSIGNED_BYTE, what);
    CHECK_IS(attrib_iv(1, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED), 1, what);
    CHECK_IS(attrib_iv(0, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED), 0, what);
    CHECK_IS(attrib_iv(1, GL_VERTEX_ATTRIB_ARRAY_ENABLED), 1, what);
    CHECK_IS(attrib_iv(0, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), buf_a, what);
    CHECK_IS(attrib_iv(1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), buf_a, what);
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_OFFSET, 2), JUNK, what);
    CHECK_IS(binding_i64(GL_VERTEX_BINDING_OFFSET, 2), JUNK, what);
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_STRIDE, 2), 12, what);
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_DIVISOR, 2), 0, what);
    if (gl44) {
        CHECK_IS(binding_iv(GL_VERTEX_BINDING_BUFFER, 2), buf_a, what);
        CHECK_IS(binding_iv(GL_VERTEX_BINDING_BUFFER, 0), 0, what);
    }
    /* Bindings 0 and 1, which the attributes left, keep their state. */
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_STRIDE, 0), 16, what);
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_OFFSET, 1), 0, what);
    expect_error(GL_NO_ERROR, "the binding queries");

    clear();
    glDrawArrays(GL_TRIANGLES, 0, 18);
    expect_error(GL_NO_ERROR, "drawing set A through binding 2");
    expect_row(0, set_a_colors, 3, "set A through binding 2 at offset 24");
    expect_row_empty(1, "set A through binding 2 at offset 24 (row 1)");

    /* Only the binding moves; both attributes follow it. */
    GLintptr set_b = JUNK + 18 * sizeof(struct vc);
    glBindVertexBuffer(2, buf_a, set_b, 12);
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_OFFSET, 2), set_b, "rebinding 2");
    CHECK_IS(binding_i64(GL_VERTEX_BINDING_OFFSET, 2), set_b, "rebinding 2");
    CHECK_IS(attrib_iv(1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 8, "rebinding 2");
    clear();
    glDrawArrays(GL_TRIANGLES, 0, 18);
    expect_error(GL_NO_ERROR, "drawing set B");
    expect_row_empty(0, "binding 2 rebound to set B (row 0)");
    expect_row(1, set_b_colors, 3, "binding 2 rebound to set B");

    /* The colour attribute moves to binding 3 (buf_c: colours only). */
    glBindVertexBuffer(2, buf_a, JUNK, 12);
    glBindVertexBuffer(3, buf_c, 0, 4);
    glVertexAttribFormat(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0);
    glVertexAttribBinding(1, 3);
    expect_error(GL_NO_ERROR, "colour attribute to binding 3");
    CHECK_IS(attrib_iv(1, GL_VERTEX_ATTRIB_BINDING), 3, "colour on binding 3");
    CHECK_IS(attrib_iv(1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), buf_c, "colour on binding 3");
    CHECK_IS(attrib_iv(0, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), buf_a, "colour on binding 3");
    clear();
    glDrawArrays(GL_TRIANGLES, 0, 18);
    expect_error(GL_NO_ERROR, "drawing with the colour from binding 3");
    expect_row(0, set_c_colors, 3, "positions of set A, colours of binding 3");

    /* And back to binding 2: the buffer query follows again. */
    glVertexAttribFormat(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 8);
    glVertexAttribBinding(1, 2);
    CHECK_IS(attrib_iv(1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), buf_a, "colour back on 2");
    clear();
    glDrawArrays(GL_TRIANGLES, 0, 18);
    expect_row(0, set_a_colors, 3, "colour back on binding 2");

    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao);
}

static void stride_zero(void)
{
    GLuint vao = new_vao();
    glBindVertexBuffer(0, buf_a, JUNK, 12);
    /* Vertex 6 of set B (its quad 1): cyan, for every vertex. */
    glBindVertexBuffer(1, buf_a, JUNK + (18 + 6) * sizeof(struct vc), 0);
    glVertexAttribFormat(0, 2, GL_FLOAT, GL_FALSE, 0);
    glVertexAttribFormat(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 8);
    glVertexAttribBinding(0, 0);
    glVertexAttribBinding(1, 1);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    expect_error(GL_NO_ERROR, "stride 0 setup");
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_STRIDE, 1), 0, "stride 0");
    clear();
    glDrawArrays(GL_TRIANGLES, 0, 18);
    expect_error(GL_NO_ERROR, "drawing with stride 0");
    const GLubyte same[3][4] = { { 0, 255, 255, 255 }, { 0, 255, 255, 255 }, { 0, 255, 255, 255 } };
    expect_row(0, same, 3, "a colour binding of stride 0");
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao);
}

struct vi {
    GLfloat x, y;
    GLint i[2];
    GLushort u[2];
};

static void integer_attribs(void)
{
    GLuint p = build_program("integer attribute program", vs_i, fs_flat);
    if (!p)
        return;
    struct vi v[18];
    for (int k = 0; k < 3; k++) {
        GLfloat c[12];
        slot_corners(k, 2, c);
        for (int i = 0; i < 6; i++) {
            struct vi *e = &v[6 * k + i];
            e->x = c[2 * i];
            e->y = c[2 * i + 1];
            e->i[0] = 16777217 + k;
            e->i[1] = -5 - k;
            e->u[0] = 65535 - k;
            e->u[1] = 10 + 40 * k;
        }
    }
    GLuint vao = new_vao(), b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glBufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glBindVertexBuffer(4, b, 0, sizeof(struct vi));
    glVertexAttribFormat(0, 2, GL_FLOAT, GL_FALSE, 0);
    glVertexAttribIFormat(2, 2, GL_INT, 8);
    glVertexAttribIFormat(3, 2, GL_UNSIGNED_SHORT, 16);
    for (int a = 0; a < 4; a++) {
        if (a == 1)
            continue;
        glVertexAttribBinding(a, 4);
        glEnableVertexAttribArray(a);
    }
    expect_error(GL_NO_ERROR, "integer attribute setup");
    const char *what = "glVertexAttribIFormat";
    CHECK_IS(attrib_iv(2, GL_VERTEX_ATTRIB_ARRAY_INTEGER), 1, what);
    CHECK_IS(attrib_iv(3, GL_VERTEX_ATTRIB_ARRAY_INTEGER), 1, what);
    CHECK_IS(attrib_iv(0, GL_VERTEX_ATTRIB_ARRAY_INTEGER), 0, what);
    CHECK_IS(attrib_iv(2, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_INT, what);
    CHECK_IS(attrib_iv(3, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_UNSIGNED_SHORT, what);
    CHECK_IS(attrib_iv(3, GL_VERTEX_ATTRIB_ARRAY_SIZE), 2, what);
    CHECK_IS(attrib_iv(3, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 16, what);
    CHECK_IS(attrib_iv(3, GL_VERTEX_ATTRIB_BINDING), 4, what);
    glUseProgram(p);
    clear();
    glDrawArrays(GL_TRIANGLES, 0, 18);
    expect_error(GL_NO_ERROR, "drawing with integer attributes");
    const GLubyte want[3][4] = { { 10, 255, 17, 255 }, { 50, 255, 18, 255 }, { 90, 255, 19, 255 } };
    expect_row(2, want, 3, "ivec2 (GL_INT) and uvec2 (GL_UNSIGNED_SHORT) read exactly");
    glUseProgram(prog_f);
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao);
    glDeleteBuffers(1, &b);
    glDeleteProgram(p);
}

struct vd {
    GLfloat x, y;
    GLdouble d[2];
};

static void double_attribs(void)
{
    if (!has_64bit) {
        printf("SKIP: GL_ARB_vertex_attrib_64bit is not advertised (glVertexAttribLFormat)\n");
        return;
    }
    GLuint p = build_program("double attribute program", vs_d, fs_flat);
    if (!p)
        return;
    const double t = 1.0 / 1099511627776.0;
    struct vd v[6];
    GLfloat c[12];
    slot_corners(0, 3, c);
    for (int i = 0; i < 6; i++) {
        v[i].x = c[2 * i];
        v[i].y = c[2 * i + 1];
        v[i].d[0] = 1.0 + i * t;
        v[i].d[1] = -2.0 - 3.0 * t;
    }
    GLuint vao = new_vao(), b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glBufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glBindVertexBuffer(6, b, 0, sizeof(struct vd));
    glVertexAttribFormat(0, 2, GL_FLOAT, GL_FALSE, 0);
    glVertexAttribLFormat(4, 2, GL_DOUBLE, 8);
    glVertexAttribBinding(0, 6);
    glVertexAttribBinding(4, 6);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(4);
    expect_error(GL_NO_ERROR, "double attribute setup");
    const char *what = "glVertexAttribLFormat";
    CHECK_IS(attrib_iv(4, GL_VERTEX_ATTRIB_ARRAY_LONG), 1, what);
    CHECK_IS(attrib_iv(0, GL_VERTEX_ATTRIB_ARRAY_LONG), 0, what);
    CHECK_IS(attrib_iv(4, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_DOUBLE, what);
    CHECK_IS(attrib_iv(4, GL_VERTEX_ATTRIB_ARRAY_SIZE), 2, what);
    CHECK_IS(attrib_iv(4, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 8, what);
    glUseProgram(p);
    clear();
    glDrawArrays(GL_TRIANGLES, 0, 6);
    expect_error(GL_NO_ERROR, "drawing with a double attribute");
    const GLubyte green[4] = { 0, 255, 0, 255 };
    expect_slot(0, 3, green, "dvec2 through glVertexAttribLFormat read exactly");
    expect_slot(1, 3, black, "dvec2 quad (slot 1 empty)");
    glUseProgram(prog_f);
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao);
    glDeleteBuffers(1, &b);
    glDeleteProgram(p);
}

struct inst {
    GLfloat dx, dy;
    GLubyte c[4];
};

static void binding_divisor(void)
{
    GLfloat corners[12];
    slot_corners(0, 3, corners);
    struct inst in[4];
    const GLubyte colors[4][4] = {
        { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 }, { 255, 255, 255, 255 }
    };
    for (int k = 0; k < 4; k++) {
        in[k].dx = 0.5f * k; /* 16 pixels */
        in[k].dy = 0;
        memcpy(in[k].c, colors[k], 4);
    }
    GLuint vao = new_vao(), b[2];
    glGenBuffers(2, b);
    glBindBuffer(GL_ARRAY_BUFFER, b[0]);
    glBufferData(GL_ARRAY_BUFFER, sizeof corners, corners, GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, b[1]);
    glBufferData(GL_ARRAY_BUFFER, sizeof in, in, GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glBindVertexBuffer(0, b[0], 0, 8);
    glBindVertexBuffer(1, b[1], 0, sizeof(struct inst));
    glVertexAttribFormat(0, 2, GL_FLOAT, GL_FALSE, 0);
    glVertexAttribFormat(5, 2, GL_FLOAT, GL_FALSE, 0);
    glVertexAttribFormat(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 8);
    glVertexAttribBinding(0, 0);
    glVertexAttribBinding(5, 1);
    glVertexAttribBinding(1, 1);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glEnableVertexAttribArray(5);
    glVertexBindingDivisor(1, 1);
    expect_error(GL_NO_ERROR, "instanced setup");
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_DIVISOR, 1), 1, "glVertexBindingDivisor(1, 1)");
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_DIVISOR, 0), 0, "glVertexBindingDivisor(1, 1)");
    clear();
    glDrawArraysInstanced(GL_TRIANGLES, 0, 6, 3);
    expect_error(GL_NO_ERROR, "glDrawArraysInstanced");
    expect_row(3, colors, 3, "3 instances, binding divisor 1");

    glVertexBindingDivisor(1, 2);
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_DIVISOR, 1), 2, "glVertexBindingDivisor(1, 2)");
    clear();
    glDrawArraysInstanced(GL_TRIANGLES, 0, 6, 4);
    expect_error(GL_NO_ERROR, "glDrawArraysInstanced, divisor 2");
    expect_row(3, colors, 2, "4 instances, binding divisor 2");
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao);
    glDeleteBuffers(2, b);
}

static void attrib_divisor(void)
{
    GLuint vao = new_vao();
    glVertexAttribBinding(3, 7);
    glVertexBindingDivisor(7, 5);
    CHECK_IS(attrib_iv(3, GL_VERTEX_ATTRIB_BINDING), 7, "glVertexAttribBinding(3, 7)");
    glVertexAttribDivisor(3, 2);
    expect_error(GL_NO_ERROR, "glVertexAttribDivisor");
    const char *what = "glVertexAttribDivisor(3, 2)";
    CHECK_IS(attrib_iv(3, GL_VERTEX_ATTRIB_BINDING), 3, what);
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_DIVISOR, 3), 2, what);
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_DIVISOR, 7), 5, what);
    CHECK_IS(attrib_iv(3, GL_VERTEX_ATTRIB_ARRAY_DIVISOR), 2, what);
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao);
}

static void attrib_pointer(void)
{
    GLuint vao = new_vao();
    glBindVertexBuffer(9, buf_a, 4, 28);
    glVertexAttribFormat(4, 3, GL_SHORT, GL_FALSE, 100);
    glVertexAttribBinding(4, 9);
    glVertexAttribBinding(6, 4);
    glBindVertexBuffer(4, buf_c, 8, 40);
    expect_error(GL_NO_ERROR, "glVertexAttribPointer setup");
    CHECK_IS(attrib_iv(6, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), buf_c, "attribute 6 on binding 4");

    const char *what = "glVertexAttribPointer(4, 3, GL_FLOAT, stride 0, 32)";
    glBindBuffer(GL_ARRAY_BUFFER, buf_a);
    glVertexAttribPointer(4, 3, GL_FLOAT, GL_FALSE, 0, (void *)32);
    expect_error(GL_NO_ERROR, what);
    CHECK_IS(attrib_iv(4, GL_VERTEX_ATTRIB_BINDING), 4, what);
    CHECK_IS(attrib_iv(4, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 0, what);
    CHECK_IS(attrib_iv(4, GL_VERTEX_ATTRIB_ARRAY_SIZE), 3, what);
    CHECK_IS(attrib_iv(4, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_FLOAT, what);
    CHECK_IS(attrib_iv(4, GL_VERTEX_ATTRIB_ARRAY_STRIDE), 0, what);
    CHECK_IS(attrib_iv(4, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), buf_a, what);
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_OFFSET, 4), 32, what);
    CHECK_IS(binding_i64(GL_VERTEX_BINDING_OFFSET, 4), 32, what);
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_STRIDE, 4), 12, what);
    if (gl44)
        CHECK_IS(binding_iv(GL_VERTEX_BINDING_BUFFER, 4), buf_a, what);
    void *ptr = (void *)1;
    glGetVertexAttribPointerv(4, GL_VERTEX_ATTRIB_ARRAY_POINTER, &ptr);
    CHECK(ptr == (void *)32, "%s: GL_VERTEX_ATTRIB_ARRAY_POINTER is %p", what, ptr);
    /* Binding 9, which attribute 4 left, keeps its state. */
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_OFFSET, 9), 4, what);
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_STRIDE, 9), 28, what);
    /* Attribute 6, still on binding 4, sees binding 4's new buffer. */
    CHECK_IS(attrib_iv(6, GL_VERTEX_ATTRIB_BINDING), 4, what);
    CHECK_IS(attrib_iv(6, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), buf_a, what);

    what = "glVertexAttribPointer(4, 2, GL_UNSIGNED_BYTE, stride 20, 8)";
    glVertexAttribPointer(4, 2, GL_UNSIGNED_BYTE, GL_TRUE, 20, (void *)8);
    CHECK_IS(attrib_iv(4, GL_VERTEX_ATTRIB_ARRAY_STRIDE), 20, what);
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_STRIDE, 4), 20, what);
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_OFFSET, 4), 8, what);

    what = "glVertexAttribIPointer(4, 4, GL_SHORT, stride 0, 16)";
    glVertexAttribIPointer(4, 4, GL_SHORT, 0, (void *)16);
    CHECK_IS(attrib_iv(4, GL_VERTEX_ATTRIB_ARRAY_STRIDE), 0, what);
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_STRIDE, 4), 8, what);
    CHECK_IS(attrib_iv(4, GL_VERTEX_ATTRIB_ARRAY_INTEGER), 1, what);
    if (has_64bit) {
        what = "glVertexAttribLPointer(4, 3, GL_DOUBLE, stride 0, 48)";
        glVertexAttribLPointer(4, 3, GL_DOUBLE, 0, (void *)48);
        CHECK_IS(attrib_iv(4, GL_VERTEX_ATTRIB_ARRAY_STRIDE), 0, what);
        CHECK_IS(binding_iv(GL_VERTEX_BINDING_STRIDE, 4), 24, what);
        CHECK_IS(binding_iv(GL_VERTEX_BINDING_OFFSET, 4), 48, what);
        CHECK_IS(attrib_iv(4, GL_VERTEX_ATTRIB_ARRAY_LONG), 1, what);
    }
    expect_error(GL_NO_ERROR, "the glVertexAttrib*Pointer calls");

    /* Position through glVertexAttribPointer, colour through binding 1
     * (set B's colours). */
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 12, (void *)JUNK);
    glBindVertexBuffer(1, buf_a, JUNK + 18 * sizeof(struct vc), 12);
    glVertexAttribFormat(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 8);
    glVertexAttribBinding(1, 1);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    expect_error(GL_NO_ERROR, "mixed pointer and format setup");
    clear();
    glDrawArrays(GL_TRIANGLES, 0, 18);
    expect_row(0, set_b_colors, 3, "position by pointer, colour by binding 1");

    /* The colour moved to binding 5, then glVertexAttribPointer of it:
     * back on binding 1, with buf_c's colours (stride 0: 4 bytes). */
    glVertexAttribBinding(1, 5);
    glBindBuffer(GL_ARRAY_BUFFER, buf_c);
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, (void *)0);
    CHECK_IS(attrib_iv(1, GL_VERTEX_ATTRIB_BINDING), 1, "glVertexAttribPointer(1) after binding 5");
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_STRIDE, 1), 4, "glVertexAttribPointer(1) stride 0");
    clear();
    glDrawArrays(GL_TRIANGLES, 0, 18);
    expect_row(0, set_c_colors, 3, "colour by glVertexAttribPointer again");
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao);
}

/* Attribute 0's and binding 1's state. */
#define STATE_N 11
static const char *const state_names[STATE_N] = {
    "attrib 0 binding", "attrib 0 relative offset", "attrib 0 size",    "attrib 0 type",
    "attrib 0 normalized", "attrib 0 integer",      "attrib 0 long",    "binding 1 offset",
    "binding 1 stride", "binding 1 divisor",        "binding 1 buffer",
};

static void snapshot(GLint s[STATE_N])
{
    s[0] = attrib_iv(0, GL_VERTEX_ATTRIB_BINDING);
    s[1] = attrib_iv(0, GL_VERTEX_ATTRIB_RELATIVE_OFFSET);
    s[2] = attrib_iv(0, GL_VERTEX_ATTRIB_ARRAY_SIZE);
    s[3] = attrib_iv(0, GL_VERTEX_ATTRIB_ARRAY_TYPE);
    s[4] = attrib_iv(0, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED);
    s[5] = attrib_iv(0, GL_VERTEX_ATTRIB_ARRAY_INTEGER);
    s[6] = has_64bit ? attrib_iv(0, GL_VERTEX_ATTRIB_ARRAY_LONG) : 0;
    s[7] = binding_iv(GL_VERTEX_BINDING_OFFSET, 1);
    s[8] = binding_iv(GL_VERTEX_BINDING_STRIDE, 1);
    s[9] = binding_iv(GL_VERTEX_BINDING_DIVISOR, 1);
    /* Attribute 0 is on binding 1: its buffer is binding 1's. */
    s[10] = attrib_iv(0, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING);
}

/* The last call raised `err` and left the snapshot `before` as it was. */
static void expect_error_keeps(GLenum err, const GLint before[STATE_N], const char *what)
{
    expect_error(err, what);
    GLint now[STATE_N];
    snapshot(now);
    for (int i = 0; i < STATE_N; i++)
        CHECK(now[i] == before[i], "%s: %s changed from %d to %d", what, state_names[i],
              before[i], now[i]);
    expect_error(GL_NO_ERROR, "the state queries after an error");
}

static void errors(void)
{
    GLuint vao = new_vao();
    glBindVertexBuffer(1, buf_a, 8, 20);
    glVertexBindingDivisor(1, 3);
    glVertexAttribFormat(0, 3, GL_SHORT, GL_FALSE, 4);
    glVertexAttribBinding(0, 1);
    expect_error(GL_NO_ERROR, "error test setup");
    GLint s[STATE_N];
    snapshot(s);
    CHECK(s[0] == 1 && s[1] == 4 && s[2] == 3 && s[3] == GL_SHORT && s[7] == 8 && s[8] == 20 &&
              s[9] == 3 && s[10] == (GLint)buf_a,
          "error test setup: state %d %d %d 0x%x %d %d %d %d", s[0], s[1], s[2], s[3], s[7],
          s[8], s[9], s[10]);

    glBindVertexBuffer(max_bindings, buf_c, 0, 16);
    expect_error_keeps(GL_INVALID_VALUE, s, "glBindVertexBuffer(MAX_VERTEX_ATTRIB_BINDINGS)");
    glVertexAttribBinding(0, max_bindings);
    expect_error_keeps(GL_INVALID_VALUE, s, "glVertexAttribBinding(0, MAX_VERTEX_ATTRIB_BINDINGS)");
    glVertexBindingDivisor(max_bindings, 1);
    expect_error_keeps(GL_INVALID_VALUE, s, "glVertexBindingDivisor(MAX_VERTEX_ATTRIB_BINDINGS)");
    glVertexAttribFormat(max_attribs, 4, GL_FLOAT, GL_FALSE, 0);
    expect_error_keeps(GL_INVALID_VALUE, s, "glVertexAttribFormat(MAX_VERTEX_ATTRIBS)");
    glVertexAttribIFormat(max_attribs, 4, GL_INT, 0);
    expect_error_keeps(GL_INVALID_VALUE, s, "glVertexAttribIFormat(MAX_VERTEX_ATTRIBS)");
    glVertexAttribBinding(max_attribs, 0);
    expect_error_keeps(GL_INVALID_VALUE, s, "glVertexAttribBinding(MAX_VERTEX_ATTRIBS, 0)");
    glBindVertexBuffer(1, buf_c, -4, 16);
    expect_error_keeps(GL_INVALID_VALUE, s, "glBindVertexBuffer with offset -4");
    glBindVertexBuffer(1, buf_c, 0, -4);
    expect_error_keeps(GL_INVALID_VALUE, s, "glBindVertexBuffer with stride -4");
    glVertexAttribFormat(0, 4, GL_FLOAT, GL_FALSE, max_reloff + 1);
    expect_error_keeps(GL_INVALID_VALUE, s, "glVertexAttribFormat, relative offset past the limit");
    glVertexAttribIFormat(0, 4, GL_INT, max_reloff + 1);
    expect_error_keeps(GL_INVALID_VALUE, s, "glVertexAttribIFormat, relative offset past the limit");
    glVertexAttribFormat(0, 0, GL_FLOAT, GL_FALSE, 0);
    expect_error_keeps(GL_INVALID_VALUE, s, "glVertexAttribFormat size 0");
    glVertexAttribFormat(0, 5, GL_FLOAT, GL_FALSE, 0);
    expect_error_keeps(GL_INVALID_VALUE, s, "glVertexAttribFormat size 5");
    glVertexAttribIFormat(0, 5, GL_INT, 0);
    expect_error_keeps(GL_INVALID_VALUE, s, "glVertexAttribIFormat size 5");
    glVertexAttribIFormat(0, GL_BGRA, GL_UNSIGNED_BYTE, 0);
    expect_error_keeps(GL_INVALID_VALUE, s, "glVertexAttribIFormat size GL_BGRA");
    glVertexAttribFormat(0, 4, GL_RGBA, GL_FALSE, 0);
    expect_error_keeps(GL_INVALID_ENUM, s, "glVertexAttribFormat type GL_RGBA");
    glVertexAttribIFormat(0, 4, GL_FLOAT, 0);
    expect_error_keeps(GL_INVALID_ENUM, s, "glVertexAttribIFormat type GL_FLOAT");
    glVertexAttribFormat(0, GL_BGRA, GL_UNSIGNED_BYTE, GL_FALSE, 0);
    expect_error_keeps(GL_INVALID_OPERATION, s, "glVertexAttribFormat GL_BGRA not normalized");
    glVertexAttribFormat(0, GL_BGRA, GL_FLOAT, GL_TRUE, 0);
    expect_error_keeps(GL_INVALID_OPERATION, s, "glVertexAttribFormat GL_BGRA with GL_FLOAT");
    glVertexAttribFormat(0, 3, GL_INT_2_10_10_10_REV, GL_TRUE, 0);
    expect_error_keeps(GL_INVALID_OPERATION, s, "glVertexAttribFormat GL_INT_2_10_10_10_REV size 3");
    if (has_64bit) {
        glVertexAttribLFormat(max_attribs, 2, GL_DOUBLE, 0);
        expect_error_keeps(GL_INVALID_VALUE, s, "glVertexAttribLFormat(MAX_VERTEX_ATTRIBS)");
        glVertexAttribLFormat(0, 5, GL_DOUBLE, 0);
        expect_error_keeps(GL_INVALID_VALUE, s, "glVertexAttribLFormat size 5");
        glVertexAttribLFormat(0, 2, GL_FLOAT, 0);
        expect_error_keeps(GL_INVALID_ENUM, s, "glVertexAttribLFormat type GL_FLOAT");
    }

    /* GL 4.4: a stride past GL_MAX_VERTEX_ATTRIB_STRIDE. */
    if (gl44) {
        GLint max_stride = 0;
        glGetIntegerv(GL_MAX_VERTEX_ATTRIB_STRIDE, &max_stride);
        CHECK(max_stride >= 2048, "GL_MAX_VERTEX_ATTRIB_STRIDE is %d, below 2048", max_stride);
        glBindVertexBuffer(1, buf_c, 0, max_stride + 4);
        expect_error_keeps(GL_INVALID_VALUE, s, "glBindVertexBuffer, stride past the limit");
    }

    /* Accepted edge cases. */
    glVertexAttribFormat(0, 4, GL_FLOAT, GL_FALSE, max_reloff);
    expect_error(GL_NO_ERROR, "glVertexAttribFormat, relative offset at the limit");
    CHECK_IS(attrib_iv(0, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), max_reloff, "relative offset at the limit");
    glVertexAttribFormat(0, GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE, 0);
    expect_error(GL_NO_ERROR, "glVertexAttribFormat GL_BGRA normalized unsigned bytes");
    CHECK_IS(attrib_iv(0, GL_VERTEX_ATTRIB_ARRAY_SIZE), GL_BGRA, "GL_BGRA format");
    CHECK_IS(attrib_iv(0, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_UNSIGNED_BYTE, "GL_BGRA format");

    /* A name glGenBuffers never returned (compatibility profile). */
    GLuint name = 4242;
    while (glIsBuffer(name))
        name++;
    glBindVertexBuffer(1, name, 0, 16);
    expect_error(GL_NO_ERROR, "glBindVertexBuffer of a name never generated (compatibility)");
    CHECK_IS(attrib_iv(0, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), name,
             "glBindVertexBuffer of a name never generated");
    if (gl44)
        CHECK_IS(binding_iv(GL_VERTEX_BINDING_BUFFER, 1), name,
                 "glBindVertexBuffer of a name never generated");
    CHECK(glIsBuffer(name), "glIsBuffer(%u) is false after glBindVertexBuffer bound it", name);
    glBindVertexBuffer(1, 0, 0, 16);
    glDeleteBuffers(1, &name);

    expect_error(GL_NO_ERROR, "the end of the error checks");
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao);
}

static void default_vao(void)
{
    glBindVertexArray(0);
    glBindVertexBuffer(2, buf_a, JUNK, 12);
    pos_color_format(2);
    expect_error(GL_NO_ERROR, "binding 2 of vertex array object 0");
    clear();
    glDrawArrays(GL_TRIANGLES, 0, 18);
    expect_error(GL_NO_ERROR, "drawing with vertex array object 0");
    expect_row(0, set_a_colors, 3, "vertex array object 0");

    GLuint vao = new_vao();
    GLintptr set_b = JUNK + 18 * sizeof(struct vc);
    glBindVertexBuffer(2, buf_a, set_b, 12);
    pos_color_format(2);
    clear();
    glDrawArrays(GL_TRIANGLES, 0, 18);
    expect_row_empty(0, "the generated vertex array object (row 0)");
    expect_row(1, set_b_colors, 3, "the generated vertex array object");

    glBindVertexArray(0);
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_OFFSET, 2), JUNK, "back to object 0");
    CHECK_IS(attrib_iv(1, GL_VERTEX_ATTRIB_BINDING), 2, "back to object 0");
    clear();
    glDrawArrays(GL_TRIANGLES, 0, 18);
    expect_row(0, set_a_colors, 3, "back to vertex array object 0");
    expect_row_empty(1, "back to vertex array object 0 (row 1)");

    glBindVertexArray(vao);
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_OFFSET, 2), set_b, "back to the generated object");
    glVertexAttribBinding(1, 3);
    glBindVertexBuffer(3, buf_c, 0, 4);
    glVertexAttribFormat(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0);
    clear();
    glDrawArrays(GL_TRIANGLES, 0, 18);
    expect_row(1, set_c_colors, 3, "the generated object, colour on binding 3");

    glBindVertexArray(0);
    CHECK_IS(attrib_iv(1, GL_VERTEX_ATTRIB_BINDING), 2, "object 0 after the other's rebinding");
    CHECK_IS(attrib_iv(1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 8, "object 0 after the other's");
    CHECK_IS(attrib_iv(1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), buf_a, "object 0 after the other's");
    CHECK_IS(binding_iv(GL_VERTEX_BINDING_OFFSET, 3), 0, "object 0 after the other's");
    clear();
    glDrawArrays(GL_TRIANGLES, 0, 18);
    expect_row(0, set_a_colors, 3, "object 0 after the other's rebinding");
    expect_error(GL_NO_ERROR, "switching vertex array objects");

    /* Object 0 back as it was. */
    glDisableVertexAttribArray(0);
    glDisableVertexAttribArray(1);
    glVertexAttribBinding(0, 0);
    glVertexAttribBinding(1, 1);
    glBindVertexBuffer(2, 0, 0, 16);
    glDeleteVertexArrays(1, &vao);
}

int main(void)
{
    struct test_window t = open_rgba8_window(SIZE);
    const char *version = (const char *)glGetString(GL_VERSION);
    printf("GL_VERSION %s, GL_RENDERER %s\n", version, (const char *)glGetString(GL_RENDERER));
    if (!has_extension("GL_ARB_vertex_attrib_binding")) {
        printf("SKIP: GL_ARB_vertex_attrib_binding is not advertised\n");
        return close_test_window(&t);
    }
    int major = 0, minor = 0;
    sscanf(version, "%d.%d", &major, &minor);
    gl44 = major > 4 || (major == 4 && minor >= 4);
    has_64bit = has_extension("GL_ARB_vertex_attrib_64bit");
    glViewport(0, 0, SIZE, SIZE);

    limits();
    check_initial_state("vertex array object 0, initially");
    GLuint vao = new_vao();
    check_initial_state("a new vertex array object");
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao);

    /* buf_a: 24 bytes of junk, set A (row 0), set B (row 1). */
    static struct {
        GLubyte junk[JUNK];
        struct vc a[18], b[18];
    } data;
    memset(data.junk, 0x7f, sizeof data.junk);
    for (int k = 0; k < 3; k++) {
        slot_vc(&data.a[6 * k], k, 0, set_a_colors[k]);
        slot_vc(&data.b[6 * k], k, 1, set_b_colors[k]);
    }
    GLubyte colors_c[18][4];
    for (int i = 0; i < 18; i++)
        memcpy(colors_c[i], set_c_colors[i / 6], 4);
    GLuint bufs[2];
    glGenBuffers(2, bufs);
    buf_a = bufs[0];
    buf_c = bufs[1];
    glBindBuffer(GL_ARRAY_BUFFER, buf_a);
    glBufferData(GL_ARRAY_BUFFER, sizeof data, &data, GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, buf_c);
    glBufferData(GL_ARRAY_BUFFER, sizeof colors_c, colors_c, GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);

    prog_f = build_program("float attribute program", vs_f, fs_f);
    if (!prog_f)
        return close_test_window(&t);
    glUseProgram(prog_f);

    basic_drawing();
    stride_zero();
    integer_attribs();
    double_attribs();
    binding_divisor();
    attrib_divisor();
    attrib_pointer();
    errors();
    default_vao();

    glUseProgram(0);
    glDeleteProgram(prog_f);
    glDeleteBuffers(2, bufs);
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
