/*
 * vertex_attrib_64bit.c: ARB_vertex_attrib_64bit (GL 4.1's double vertex
 * attributes) in a compatibility context.
 *
 * - glVertexAttribLPointer arrays of one, three and four doubles in a
 *   buffer object (interleaved), read by double vertex shader inputs
 *   exactly: values 1 + k·2^-40 no float holds.
 * - A dvec3 or dvec4 input takes one generic attribute (as in Mesa; it
 *   counts twice only against the limit): the inputs bound to the next
 *   two attributes read their own arrays and values.
 * - glVertexAttribL4d current values (the array disabled) and
 *   glGetVertexAttribLdv; GL_VERTEX_ATTRIB_ARRAY_LONG; glGetActiveAttrib
 *   types; glVertexAttribLPointer with a type other than GL_DOUBLE is
 *   INVALID_ENUM.
 * Every pixel is green when the vertex shader saw the right values.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o
 * vertex_attrib_64bit tests/clients/vertex_attrib_64bit.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"

#define SIZE 16

static const char *vs = "#version 150\n"
                        "#extension GL_ARB_gpu_shader_fp64 : require\n"
                        "#extension GL_ARB_vertex_attrib_64bit : require\n"
                        "in vec2 pos;\n"
                        "in double d;\n"
                        "in dvec4 v4;\n"
                        "in dvec3 v3;\n"
                        "in dvec2 cur;\n"
                        "flat out int ok;\n"
                        "void main() {\n"
                        "  gl_Position = vec4(pos, 0.0, 1.0);\n"
                        "  double t = 1.0LF / 1099511627776.0LF;\n" /* 2^-40 */
                        "  double k = double(gl_VertexID);\n"
                        "  bool good = d == 1.0LF + k * t;\n"
                        "  good = good && v4 == dvec4(2.0LF, 3.0LF, 4.0LF, 5.0LF) + k * t;\n"
                        "  good = good && v3 == dvec3(-1.0LF, -2.0LF, -3.0LF) - k * t;\n"
                        "  good = good && cur == dvec2(0.25LF + t, -8.0LF);\n"
                        "  ok = good ? 1 : 0;\n"
                        "}\n";

static const char *fs = "#version 150\n"
                        "flat in int ok;\n"
                        "out vec4 color;\n"
                        "void main() {\n"
                        "  color = ok == 1 ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
                        "}\n";

/* One vertex: d, v4, v3 (8 doubles), interleaved. */
struct vertex {
    double d;
    double v4[4];
    double v3[3];
};

int main(void)
{
    struct test_window t = open_test_window();
    CHECK(has_extension("GL_ARB_vertex_attrib_64bit"),
          "GL_ARB_vertex_attrib_64bit is not advertised");

    GLuint p = glCreateProgram();
    attach_shader(p, GL_VERTEX_SHADER, vs, "double attribute program");
    attach_shader(p, GL_FRAGMENT_SHADER, fs, "double attribute program");
    glBindAttribLocation(p, 0, "pos");
    glBindAttribLocation(p, 1, "d");
    glBindAttribLocation(p, 2, "v4");
    glBindAttribLocation(p, 3, "v3");
    glBindAttribLocation(p, 4, "cur");
    glBindFragDataLocation(p, 0, "color");
    if (!link_program(p, "double attribute program"))
        return close_test_window(&t);
    glUseProgram(p);

    GLint n = 0;
    glGetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &n);
    int seen = 0;
    for (GLint i = 0; i < n; i++) {
        char name[32];
        GLint size;
        GLenum type;
        glGetActiveAttrib(p, i, sizeof name, NULL, &size, &type, name);
        if (!strcmp(name, "d"))
            seen += type == GL_DOUBLE;
        else if (!strcmp(name, "v4"))
            seen += type == GL_DOUBLE_VEC4;
        else if (!strcmp(name, "v3"))
            seen += type == GL_DOUBLE_VEC3;
        else if (!strcmp(name, "cur"))
            seen += type == GL_DOUBLE_VEC2;
    }
    CHECK(seen == 4, "%d of 4 double attribute types as expected", seen);

    const double tiny = 1.0 / 1099511627776.0;
    struct vertex v[4];
    for (int k = 0; k < 4; k++) {
        v[k].d = 1.0 + k * tiny;
        for (int c = 0; c < 4; c++)
            v[k].v4[c] = 2.0 + c + k * tiny;
        for (int c = 0; c < 3; c++)
            v[k].v3[c] = -1.0 - c - k * tiny;
    }
    static const GLfloat quad[] = { -1, -1, 1, -1, 1, 1, -1, 1 };
    GLuint vao, bufs[2];
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(2, bufs);
    glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
    glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, bufs[1]);
    glBufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STATIC_DRAW);
    glVertexAttribLPointer(1, 1, GL_DOUBLE, sizeof(struct vertex), (void *)0);
    glVertexAttribLPointer(2, 4, GL_DOUBLE, sizeof(struct vertex), (void *)8);
    glVertexAttribLPointer(3, 3, GL_DOUBLE, sizeof(struct vertex), (void *)40);
    glEnableVertexAttribArray(1);
    glEnableVertexAttribArray(2);
    glEnableVertexAttribArray(3);
    expect_error(GL_NO_ERROR, "double arrays");
    glVertexAttribL2d(4, 0.25 + tiny, -8.0);

    GLint is_long = 0;
    glGetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_LONG, &is_long);
    CHECK(is_long == 1, "GL_VERTEX_ATTRIB_ARRAY_LONG of attribute 2 is %d", is_long);
    glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_LONG, &is_long);
    CHECK(is_long == 0, "GL_VERTEX_ATTRIB_ARRAY_LONG of attribute 0 is %d", is_long);
    double cur[4] = { 0 };
    glGetVertexAttribLdv(4, GL_CURRENT_VERTEX_ATTRIB, cur);
    CHECK(cur[0] == 0.25 + tiny && cur[1] == -8.0, "glGetVertexAttribLdv: %.17g %g", cur[0],
          cur[1]);
    glVertexAttribLPointer(5, 2, GL_FLOAT, 0, 0);
    expect_error(GL_INVALID_ENUM, "glVertexAttribLPointer(GL_FLOAT)");
    glVertexAttribLPointer(5, 5, GL_DOUBLE, 0, 0);
    expect_error(GL_INVALID_VALUE, "glVertexAttribLPointer(size 5)");

    glViewport(0, 0, SIZE, SIZE);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
    expect_error(GL_NO_ERROR, "drawing");
    CHECK_ALL_GREEN(SIZE);

    glUseProgram(0);
    glDeleteBuffers(2, bufs);
    glDeleteVertexArrays(1, &vao);
    glDeleteProgram(p);
    return close_test_window(&t);
}
