/*
 * instancing.c: instanced draws (ARB_draw_instanced, ARB_instanced_arrays,
 * GL 3.1/3.3): glDrawArraysInstanced and glDrawElementsInstanced draw every
 * instance; gl_InstanceIDARB counts them; an array with divisor d gives
 * instance i its element i / d (from a buffer object and from client
 * memory); a non-instanced draw takes element 0 of such an array;
 * glGetVertexAttribiv(GL_VERTEX_ATTRIB_ARRAY_DIVISOR); the errors for a
 * negative instance count, an attribute index past the limit and an
 * instanced draw while a display list is compiled.
 *
 * Eight instances of a 6x6 quad are laid out in a row of a 64x64 window:
 * instance i at the offset of element i of an instanced array (divisor 1),
 * coloured by element i / 2 of a second one (divisor 2), its blue channel
 * gl_InstanceIDARB / 8. The centre of every quad is read back.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "program.h"

#include <GL/glext.h>
#include <string.h>

#define SIZE 64
#define INSTANCES 8

static const char *vs = "#version 120\n"
                        "#extension GL_ARB_draw_instanced : require\n"
                        "attribute vec2 corner;\n"
                        "attribute vec2 offset;\n"
                        "attribute vec3 color;\n"
                        "varying vec4 c;\n"
                        "void main() {\n"
                        "  c = vec4(color.rg, float(gl_InstanceIDARB) / 8.0, 1.0);\n"
                        "  gl_Position = vec4(corner + offset, 0.0, 1.0);\n"
                        "}\n";
static const char *fs = "#version 120\n"
                        "varying vec4 c;\n"
                        "void main() { gl_FragColor = c; }\n";

static const GLfloat corners[] = { -1, -1, 1, -1, 1, 1, -1, 1 };
static const GLushort quad_indices[] = { 0, 1, 2, 0, 2, 3 };

/* Pixel (x, y) of the window, RGB. */
static void pixel(int x, int y, GLubyte out[3])
{
    GLubyte rgba[4];
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    memcpy(out, rgba, 3);
}

static int near(int a, int b)
{
    return a - b <= 2 && b - a <= 2;
}

/* Checks quad i (0..INSTANCES-1) shows instance `id` coloured by colour
 * element `ce`, or the clear colour when `drawn` is 0. */
static void check_quad(const char *what, int i, int drawn, int id, int ce)
{
    GLubyte p[3];
    int x = 4 + 8 * i, y = 32;
    pixel(x, y, p);
    int want[3] = { 0, 0, 0 };
    if (drawn) {
        want[0] = ce * 255 / 4;
        want[1] = 255 - ce * 255 / 4;
        want[2] = id * 255 / 8;
    }
    CHECK(near(p[0], want[0]) && near(p[1], want[1]) && near(p[2], want[2]),
          "%s: quad %d is (%d, %d, %d), expected (%d, %d, %d)", what, i, p[0], p[1], p[2],
          want[0], want[1], want[2]);
}

int main(void)
{
    static const int attribs[] = { GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, None };
    struct test_window t = open_window_with(attribs, SIZE);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    if (!strstr(ext, "GL_ARB_draw_instanced") || !strstr(ext, "GL_ARB_instanced_arrays")) {
        CHECK(0, "GL_ARB_draw_instanced and GL_ARB_instanced_arrays are not advertised");
        return close_test_window(&t);
    }
    GLuint p = build_program("instancing", vs, fs);
    if (!p)
        return close_test_window(&t);
    glUseProgram(p);
    GLint corner = glGetAttribLocation(p, "corner");
    GLint offset = glGetAttribLocation(p, "offset");
    GLint color = glGetAttribLocation(p, "color");
    CHECK(corner >= 0 && offset >= 0 && color >= 0, "attribute locations %d %d %d", corner,
          offset, color);
    glViewport(0, 0, SIZE, SIZE);

    /* Quad corners: 3 pixels around the origin (a 6x6 quad). */
    GLfloat small[8];
    for (int k = 0; k < 8; k++)
        small[k] = corners[k] * 3.0f / SIZE;
    /* Offsets: instance i's centre at pixel (4 + 8i, 32). */
    GLfloat offsets[2 * INSTANCES];
    for (int i = 0; i < INSTANCES; i++) {
        offsets[2 * i] = (4.5f + 8 * i) * 2.0f / SIZE - 1.0f;
        offsets[2 * i + 1] = 32.5f * 2.0f / SIZE - 1.0f;
    }
    /* Colours, one per two instances: (k/4, 1 - k/4, unused). */
    GLfloat colors[3 * INSTANCES / 2];
    for (int k = 0; k < INSTANCES / 2; k++) {
        colors[3 * k] = k / 4.0f;
        colors[3 * k + 1] = 1.0f - k / 4.0f;
        colors[3 * k + 2] = 0.5f;
    }

    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glBufferData(GL_ARRAY_BUFFER, sizeof offsets, offsets, GL_STATIC_DRAW);
    glVertexAttribPointer(offset, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glVertexAttribPointer(corner, 2, GL_FLOAT, GL_FALSE, 0, small);
    glVertexAttribPointer(color, 3, GL_FLOAT, GL_FALSE, 0, colors);
    glEnableVertexAttribArray(corner);
    glEnableVertexAttribArray(offset);
    glEnableVertexAttribArray(color);
    glVertexAttribDivisorARB(offset, 1);
    glVertexAttribDivisorARB(color, 2);
    GLint d = -1;
    glGetVertexAttribiv(color, GL_VERTEX_ATTRIB_ARRAY_DIVISOR_ARB, &d);
    CHECK(d == 2, "GL_VERTEX_ATTRIB_ARRAY_DIVISOR is %d, expected 2", d);
    expect_error(GL_NO_ERROR, "setup");

    /* glDrawArraysInstanced: every instance. */
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArraysInstancedARB(GL_TRIANGLE_FAN, 0, 4, INSTANCES);
    expect_error(GL_NO_ERROR, "glDrawArraysInstanced");
    for (int i = 0; i < INSTANCES; i++)
        check_quad("glDrawArraysInstanced", i, 1, i, i / 2);

    /* glDrawElementsInstanced, five instances. */
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawElementsInstancedARB(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, quad_indices, 5);
    expect_error(GL_NO_ERROR, "glDrawElementsInstanced");
    for (int i = 0; i < INSTANCES; i++)
        check_quad("glDrawElementsInstanced", i, i < 5, i, i / 2);

    /* A non-instanced draw is instance 0 of the instanced arrays. */
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
    for (int i = 0; i < INSTANCES; i++)
        check_quad("glDrawArrays with instanced arrays", i, i == 0, 0, 0);

    /* Divisor 0 again: the colour is per vertex (all four corners take
     * elements 0..3, so the quad is not one colour); offsets stay. */
    glVertexAttribDivisorARB(color, 0);
    glGetVertexAttribiv(color, GL_VERTEX_ATTRIB_ARRAY_DIVISOR_ARB, &d);
    CHECK(d == 0, "GL_VERTEX_ATTRIB_ARRAY_DIVISOR is %d after resetting it", d);

    /* Errors. */
    glDrawArraysInstancedARB(GL_TRIANGLE_FAN, 0, 4, -1);
    expect_error(GL_INVALID_VALUE, "glDrawArraysInstanced with -1 instances");
    glDrawElementsInstancedARB(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, quad_indices, -1);
    expect_error(GL_INVALID_VALUE, "glDrawElementsInstanced with -1 instances");
    GLint max = 0;
    glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max);
    glVertexAttribDivisorARB(max, 1);
    expect_error(GL_INVALID_VALUE, "glVertexAttribDivisor past GL_MAX_VERTEX_ATTRIBS");
    /* Not compiled into display lists (ARB_draw_instanced). */
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glDrawArraysInstancedARB(GL_TRIANGLE_FAN, 0, 4, 2);
    expect_error(GL_INVALID_OPERATION, "glDrawArraysInstanced in a display list");
    glDrawElementsInstancedARB(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, quad_indices, 2);
    expect_error(GL_INVALID_OPERATION, "glDrawElementsInstanced in a display list");
    glEndList();
    glDeleteLists(list, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArraysInstancedARB(GL_TRIANGLE_FAN, 0, 4, 0);
    expect_error(GL_NO_ERROR, "glDrawArraysInstanced with no instances");
    check_quad("no instances", 0, 0, 0, 0);

    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteBuffers(1, &buf);
    return close_test_window(&t);
}
