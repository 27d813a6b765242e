/*
 * draw_indirect.c: GL_ARB_draw_indirect (GL 4.0's indirect draws) by
 * their pixels and errors, in a compatibility context.
 *
 * A GLSL 1.40 program places a quad per instance, 10 pixels apart along
 * x, coloured by a per-instance attribute (divisor 1: red, green, blue).
 * The commands come from a buffer bound to GL_DRAW_INDIRECT_BUFFER at an
 * offset: glDrawArraysIndirect with one, two and no instances and a base
 * instance; glDrawElementsIndirect with a first index, a base vertex and
 * a base instance; glMultiDrawArraysIndirect and
 * glMultiDrawElementsIndirect (ARB_multi_draw_indirect) packed and with a
 * stride. Then the errors Mesa gives: an offset that is not a
 * multiple of 4, a command past the buffer's end, a mapped buffer, a bad
 * mode, a bad index type, no element buffer; and, without an indirect
 * buffer, a command in client memory.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -o draw_indirect
 * tests/clients/draw_indirect.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"
#include <GL/glext.h>

static const char *vs = "#version 140\n"
                        "in vec2 pos;\n"
                        "in vec4 colour;\n"
                        "out vec4 c;\n"
                        "void main() {\n"
                        "  vec2 p = pos + vec2(10.0 * float(gl_InstanceID), 0.0);\n"
                        "  gl_Position = vec4(p / 16.0 - 1.0, 0.0, 1.0);\n"
                        "  c = colour;\n"
                        "}\n";
static const char *fs = "#version 140\n"
                        "in vec4 c;\n"
                        "out vec4 o;\n"
                        "void main() { o = c; }\n";

/* The quads' centres: lit with `colours[k]` for the k-th entry of `want`
 * (0 red, 1 green, 2 blue, -1 black). */
static void expect_quads(const int want[3], const char *what)
{
    static const GLubyte colours[3][3] = { { 255, 0, 0 }, { 0, 255, 0 }, { 0, 0, 255 } };
    static const GLubyte black[3] = { 0, 0, 0 };
    char label[160];
    for (int q = 0; q < 3; q++) {
        const GLubyte *c = want[q] < 0 ? black : colours[want[q]];
        snprintf(label, sizeof label, "%s, quad %d", what, q);
        CHECK_RGBA(5 + 10 * q, 5, c[0], c[1], c[2], 255, 0, label);
    }
}

static void clear(void)
{
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
}

int main(void)
{
    struct test_window t = open_pixel_window(32);
    CHECK(has_extension("GL_ARB_draw_indirect"), "GL_ARB_draw_indirect is not advertised");
    CHECK(has_extension("GL_ARB_multi_draw_indirect"),
          "GL_ARB_multi_draw_indirect is not advertised");
    CHECK(has_extension("GL_ARB_base_instance"), "GL_ARB_base_instance is not advertised");
    GLuint prog = glCreateProgram();
    if (!attach_shader(prog, GL_VERTEX_SHADER, vs, "program") ||
        !attach_shader(prog, GL_FRAGMENT_SHADER, fs, "program"))
        return close_test_window(&t);
    glBindAttribLocation(prog, 0, "pos");
    glBindAttribLocation(prog, 1, "colour");
    glBindFragDataLocation(prog, 0, "o");
    if (!link_program(prog, "program"))
        return close_test_window(&t);
    glUseProgram(prog);

    /* Vertices 0-5: the first quad as two triangles (arrays); 6 and 7 far
     * away; 8-11: the same quad's corners (elements). */
    static const GLfloat pos[12][2] = {
        { 1, 1 }, { 9, 1 }, { 9, 9 }, { 1, 1 }, { 9, 9 }, { 1, 9 },
        { 90, 90 }, { 90, 90 }, { 1, 1 }, { 9, 1 }, { 9, 9 }, { 1, 9 },
    };
    static const GLubyte colour[3][4] = { { 255, 0, 0, 255 }, { 0, 255, 0, 255 },
                                          { 0, 0, 255, 255 } };
    GLuint bufs[4];
    glGenBuffers(4, bufs);
    glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
    glBufferData(GL_ARRAY_BUFFER, sizeof pos, pos, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, bufs[1]);
    glBufferData(GL_ARRAY_BUFFER, sizeof colour, colour, GL_STATIC_DRAW);
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, 0);
    glVertexAttribDivisor(1, 1);
    glEnableVertexAttribArray(1);

    /* The commands, from byte 16 on (four words of padding first):
     * arrays {count, instances, first, base instance} at 16, 32, 48;
     * elements {count, instances, first index, base vertex, base
     * instance} at 64. */
    static const GLuint cmds[21] = {
        7, 7, 7, 7,
        6, 1, 0, 0,
        6, 2, 0, 1,
        6, 0, 0, 0,
        6, 3, 2, 4, 0,
    };
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, bufs[2]);
    glBufferData(GL_DRAW_INDIRECT_BUFFER, sizeof cmds, cmds, GL_STATIC_DRAW);
    GLint bound = -1;
    glGetIntegerv(GL_DRAW_INDIRECT_BUFFER_BINDING, &bound);
    CHECK(bound == (GLint)bufs[2], "GL_DRAW_INDIRECT_BUFFER_BINDING is %d, not %u", bound,
          bufs[2]);
    /* Two indices never read (the command's first index is 2), then the
     * quad's corners as 4-7: with the command's base vertex 4, vertices
     * 8-11. */
    static const GLushort indices[8] = { 99, 99, 4, 5, 6, 4, 6, 7 };
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[3]);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof indices, indices, GL_STATIC_DRAW);

    clear();
    glDrawArraysIndirect(GL_TRIANGLES, (void *)16);
    expect_quads((const int[3]){ 0, -1, -1 }, "glDrawArraysIndirect(1 instance)");
    clear();
    glDrawArraysIndirect(GL_TRIANGLES, (void *)32);
    expect_quads((const int[3]){ 1, 2, -1 }, "glDrawArraysIndirect(2 instances, base 1)");
    clear();
    glDrawArraysIndirect(GL_TRIANGLES, (void *)48);
    expect_quads((const int[3]){ -1, -1, -1 }, "glDrawArraysIndirect(0 instances)");
    clear();
    glDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, (void *)64);
    expect_quads((const int[3]){ 0, 1, 2 }, "glDrawElementsIndirect(3 instances)");
    /* ARB_multi_draw_indirect: the commands at 16 and 32 (packed), then
     * every other one of them from 16 (stride 32: 16 and 48). */
    clear();
    glMultiDrawArraysIndirect(GL_TRIANGLES, (void *)16, 2, 0);
    expect_quads((const int[3]){ 1, 2, -1 }, "glMultiDrawArraysIndirect(2 draws, packed)");
    clear();
    glMultiDrawArraysIndirect(GL_TRIANGLES, (void *)16, 2, 32);
    expect_quads((const int[3]){ 0, -1, -1 }, "glMultiDrawArraysIndirect(stride 32)");
    clear();
    glMultiDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, (void *)64, 1, 0);
    expect_quads((const int[3]){ 0, 1, 2 }, "glMultiDrawElementsIndirect(1 draw)");
    clear();
    glMultiDrawArraysIndirect(GL_TRIANGLES, (void *)16, 0, 0);
    expect_quads((const int[3]){ -1, -1, -1 }, "glMultiDrawArraysIndirect(no draws)");
    expect_error(GL_NO_ERROR, "the draws");

    /* Errors: nothing drawn. */
    glMultiDrawArraysIndirect(GL_TRIANGLES, (void *)16, -1, 0);
    expect_error(GL_INVALID_VALUE, "glMultiDrawArraysIndirect(drawcount -1)");
    glMultiDrawArraysIndirect(GL_TRIANGLES, (void *)16, 2, 6);
    expect_error(GL_INVALID_VALUE, "glMultiDrawArraysIndirect(stride 6)");
    glMultiDrawArraysIndirect(GL_TRIANGLES, (void *)16, 5, 0);
    expect_error(GL_INVALID_OPERATION, "glMultiDrawArraysIndirect(past the end)");
    glMultiDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, (void *)64, 2, 20);
    expect_error(GL_INVALID_OPERATION, "glMultiDrawElementsIndirect(past the end)");
    clear();
    glDrawArraysIndirect(GL_TRIANGLES, (void *)18);
    expect_error(GL_INVALID_VALUE, "glDrawArraysIndirect(offset 18)");
    glDrawArraysIndirect(GL_TRIANGLES, (void *)(sizeof cmds - 8));
    expect_error(GL_INVALID_OPERATION, "glDrawArraysIndirect(past the end)");
    glDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, (void *)(sizeof cmds - 16));
    expect_error(GL_INVALID_OPERATION, "glDrawElementsIndirect(past the end)");
    glDrawArraysIndirect(0x7fff, (void *)16);
    expect_error(GL_INVALID_ENUM, "glDrawArraysIndirect(bad mode)");
    glDrawElementsIndirect(GL_TRIANGLES, GL_FLOAT, (void *)64);
    expect_error(GL_INVALID_ENUM, "glDrawElementsIndirect(GL_FLOAT indices)");
    glMapBuffer(GL_DRAW_INDIRECT_BUFFER, GL_READ_ONLY);
    glDrawArraysIndirect(GL_TRIANGLES, (void *)16);
    expect_error(GL_INVALID_OPERATION, "glDrawArraysIndirect(buffer mapped)");
    glUnmapBuffer(GL_DRAW_INDIRECT_BUFFER);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
    glDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, (void *)64);
    expect_error(GL_INVALID_OPERATION, "glDrawElementsIndirect(no element buffer)");
    expect_quads((const int[3]){ -1, -1, -1 }, "after the failed draws");

    /* Without an indirect buffer, a compatibility context reads the
     * command from client memory (as Mesa). */
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
    static const GLuint client_cmd[4] = { 6, 3, 0, 0 };
    clear();
    glDrawArraysIndirect(GL_TRIANGLES, client_cmd);
    expect_quads((const int[3]){ 0, 1, 2 }, "glDrawArraysIndirect(client command)");
    expect_error(GL_NO_ERROR, "glDrawArraysIndirect(client command)");

    /* A deleted buffer leaves the binding. */
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, bufs[2]);
    glDeleteBuffers(1, &bufs[2]);
    glGetIntegerv(GL_DRAW_INDIRECT_BUFFER_BINDING, &bound);
    CHECK(bound == 0, "GL_DRAW_INDIRECT_BUFFER_BINDING is %d after deleting its buffer", bound);
    expect_error(GL_NO_ERROR, "the queries");
    return close_test_window(&t);
}
