/*
 * viewport_array.c: viewport arrays (ARB_viewport_array, GL 4.1 §13.6.1,
 * §14.9.2): the limits, each viewport's initial viewport, depth range,
 * scissor box and scissor enable, glViewportArrayv/glViewportIndexedf(v),
 * glScissorArrayv/glScissorIndexed(v), glDepthRangeArrayv/
 * glDepthRangeIndexed and glEnablei(GL_SCISSOR_TEST) read back through
 * glGetFloati_v, glGetDoublei_v, glGetIntegeri_v (rounded) and
 * glIsEnabledi; the non-indexed commands setting every viewport's state
 * and the non-indexed queries reading viewport 0's; clamping, the errors,
 * glPushAttrib/glPopAttrib and display lists; and the pixels of a
 * geometry shader sending each triangle to four viewports through
 * gl_ViewportIndex (each with its own scissor and depth range), in order
 * where two viewports overlap.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o viewport_array
 * tests/clients/viewport_array.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"

#define SIZE 64

static int viewport_is(GLuint i, float x, float y, float w, float h)
{
    GLfloat v[4] = { -1, -1, -1, -1 };
    glGetFloati_v(GL_VIEWPORT, i, v);
    return v[0] == x && v[1] == y && v[2] == w && v[3] == h;
}

static int scissor_is(GLuint i, int x, int y, int w, int h)
{
    GLint v[4] = { -1, -1, -1, -1 };
    glGetIntegeri_v(GL_SCISSOR_BOX, i, v);
    return v[0] == x && v[1] == y && v[2] == w && v[3] == h;
}

static int depth_range_is(GLuint i, double n, double f)
{
    GLdouble v[2] = { -1, -1 };
    glGetDoublei_v(GL_DEPTH_RANGE, i, v);
    return v[0] == (double)(float)n && v[1] == (double)(float)f;
}

static void limits(void)
{
    GLint max = 0, bits = -1, layer = 0, index = 0;
    GLfloat range[2] = { 0, 0 };
    glGetIntegerv(GL_MAX_VIEWPORTS, &max);
    CHECK(max >= 16, "GL_MAX_VIEWPORTS %d, at least 16", max);
    glGetIntegerv(GL_VIEWPORT_SUBPIXEL_BITS, &bits);
    CHECK(bits >= 0, "GL_VIEWPORT_SUBPIXEL_BITS %d", bits);
    glGetFloatv(GL_VIEWPORT_BOUNDS_RANGE, range);
    CHECK(range[0] <= -16384 && range[1] >= 16383, "GL_VIEWPORT_BOUNDS_RANGE %g %g", range[0],
          range[1]);
    glGetIntegerv(GL_LAYER_PROVOKING_VERTEX, &layer);
    glGetIntegerv(GL_VIEWPORT_INDEX_PROVOKING_VERTEX, &index);
    CHECK((layer == GL_FIRST_VERTEX_CONVENTION || layer == GL_LAST_VERTEX_CONVENTION ||
           layer == GL_PROVOKING_VERTEX || layer == GL_UNDEFINED_VERTEX) &&
              (index == GL_FIRST_VERTEX_CONVENTION || index == GL_LAST_VERTEX_CONVENTION ||
               index == GL_PROVOKING_VERTEX || index == GL_UNDEFINED_VERTEX),
          "provoking vertex queries %#x %#x", layer, index);
    expect_error(GL_NO_ERROR, "limit queries");
}

static void initial_state(void)
{
    int all = 1;
    for (GLuint i = 0; i < 16; i++) {
        all &= viewport_is(i, 0, 0, SIZE, SIZE) && scissor_is(i, 0, 0, SIZE, SIZE);
        all &= depth_range_is(i, 0, 1) && !glIsEnabledi(GL_SCISSOR_TEST, i);
    }
    CHECK(all, "every viewport starts as the window, depth range 0-1, scissor off");
    expect_error(GL_NO_ERROR, "initial state queries");
}

static void indexed_commands(void)
{
    glViewportIndexedf(3, 1.5f, 2.25f, 10.0f, 20.0f);
    CHECK(viewport_is(3, 1.5f, 2.25f, 10, 20), "glViewportIndexedf(3) reads back exactly");
    CHECK(viewport_is(2, 0, 0, SIZE, SIZE) && viewport_is(4, 0, 0, SIZE, SIZE),
          "glViewportIndexedf(3) leaves viewports 2 and 4");
    GLint vi[4] = { 0 };
    glGetIntegeri_v(GL_VIEWPORT, 3, vi);
    CHECK(vi[0] == 2 && vi[1] == 2 && vi[2] == 10 && vi[3] == 20,
          "glGetIntegeri_v(GL_VIEWPORT, 3) rounds: %d %d %d %d", vi[0], vi[1], vi[2], vi[3]);
    GLdouble vd[4] = { 0 };
    glGetDoublei_v(GL_VIEWPORT, 3, vd);
    CHECK(vd[0] == 1.5 && vd[1] == 2.25 && vd[2] == 10 && vd[3] == 20,
          "glGetDoublei_v(GL_VIEWPORT, 3)");

    const GLfloat two[8] = { 4, 5, 6, 7, 8, 9, 10, 11 };
    glViewportArrayv(14, 2, two);
    CHECK(viewport_is(14, 4, 5, 6, 7) && viewport_is(15, 8, 9, 10, 11),
          "glViewportArrayv(14, 2)");
    const GLfloat one[4] = { 12, 13, 14, 15 };
    glViewportIndexedfv(0, one);
    GLfloat plain[4] = { 0 };
    glGetFloatv(GL_VIEWPORT, plain);
    CHECK(plain[0] == 12 && plain[3] == 15, "glGetFloatv(GL_VIEWPORT) reads viewport 0");

    glScissorIndexed(5, 1, 2, 3, 4);
    const GLint sc[4] = { 5, 6, 7, 8 };
    glScissorIndexedv(6, sc);
    const GLint sc2[8] = { 9, 10, 11, 12, 13, 14, 15, 16 };
    glScissorArrayv(7, 2, sc2);
    CHECK(scissor_is(5, 1, 2, 3, 4) && scissor_is(6, 5, 6, 7, 8) &&
              scissor_is(7, 9, 10, 11, 12) && scissor_is(8, 13, 14, 15, 16) &&
              scissor_is(9, 0, 0, SIZE, SIZE),
          "glScissorIndexed(v), glScissorArrayv");
    GLfloat sf[4] = { 0 };
    glGetFloati_v(GL_SCISSOR_BOX, 7, sf);
    CHECK(sf[0] == 9 && sf[3] == 12, "glGetFloati_v(GL_SCISSOR_BOX, 7)");

    glDepthRangeIndexed(2, 0.25, 0.75);
    const GLdouble dr[4] = { 0.1, 0.2, -0.5, 2.0 };
    glDepthRangeArrayv(10, 2, dr);
    CHECK(depth_range_is(2, 0.25, 0.75) && depth_range_is(10, 0.1, 0.2) &&
              depth_range_is(11, 0, 1) && depth_range_is(12, 0, 1),
          "glDepthRangeIndexed, glDepthRangeArrayv (clamped to [0, 1])");
    GLint dri[2] = { -1, -1 };
    glGetIntegeri_v(GL_DEPTH_RANGE, 2, dri);
    CHECK(dri[0] == 0 && dri[1] == 1, "glGetIntegeri_v(GL_DEPTH_RANGE, 2) rounds: %d %d", dri[0],
          dri[1]);

    glEnablei(GL_SCISSOR_TEST, 4);
    CHECK(glIsEnabledi(GL_SCISSOR_TEST, 4) && !glIsEnabledi(GL_SCISSOR_TEST, 3) &&
              !glIsEnabled(GL_SCISSOR_TEST),
          "glEnablei(GL_SCISSOR_TEST, 4) only");
    glEnable(GL_SCISSOR_TEST);
    int all = 1;
    for (GLuint i = 0; i < 16; i++)
        all &= glIsEnabledi(GL_SCISSOR_TEST, i);
    CHECK(all, "glEnable(GL_SCISSOR_TEST) enables every viewport's");
    glDisablei(GL_SCISSOR_TEST, 0);
    CHECK(!glIsEnabled(GL_SCISSOR_TEST) && glIsEnabledi(GL_SCISSOR_TEST, 1),
          "glIsEnabled(GL_SCISSOR_TEST) reads viewport 0's");
    glDisable(GL_SCISSOR_TEST);
    all = 1;
    for (GLuint i = 0; i < 16; i++)
        all &= !glIsEnabledi(GL_SCISSOR_TEST, i);
    CHECK(all, "glDisable(GL_SCISSOR_TEST) disables every viewport's");
    expect_error(GL_NO_ERROR, "indexed commands");

    glViewport(1, 2, 30, 40);
    glScissor(3, 4, 50, 60);
    glDepthRange(0.5, 0.625);
    CHECK(viewport_is(15, 1, 2, 30, 40) && scissor_is(15, 3, 4, 50, 60) &&
              depth_range_is(15, 0.5, 0.625) && viewport_is(0, 1, 2, 30, 40),
          "glViewport, glScissor, glDepthRange set every viewport's");
    expect_error(GL_NO_ERROR, "non-indexed commands");
}

static void clamping_and_errors(void)
{
    GLfloat range[2], dims[2];
    glGetFloatv(GL_VIEWPORT_BOUNDS_RANGE, range);
    glGetFloatv(GL_MAX_VIEWPORT_DIMS, dims);
    glViewportIndexedf(1, range[0] - 10, range[1] + 10, dims[0] + 1, dims[1] + 100);
    CHECK(viewport_is(1, range[0], range[1], dims[0], dims[1]),
          "viewports clamp to the bounds range and the largest dimensions");

    glViewportIndexedf(16, 0, 0, 1, 1);
    expect_error(GL_INVALID_VALUE, "glViewportIndexedf(16)");
    const GLfloat v[8] = { 0, 0, 1, 1, 0, 0, 1, 1 };
    glViewportArrayv(15, 2, v);
    expect_error(GL_INVALID_VALUE, "glViewportArrayv(15, 2)");
    glViewportArrayv(0, -1, v);
    expect_error(GL_INVALID_VALUE, "glViewportArrayv(0, -1)");
    const GLfloat bad[8] = { 7, 7, 7, 7, 0, 0, -1, 1 };
    glViewportArrayv(2, 2, bad);
    expect_error(GL_INVALID_VALUE, "glViewportArrayv with a negative width");
    CHECK(viewport_is(2, 1, 2, 30, 40), "a failed glViewportArrayv sets nothing");
    glScissorIndexed(3, 0, 0, 5, -1);
    expect_error(GL_INVALID_VALUE, "glScissorIndexed with a negative height");
    glScissorIndexed(0, 0x8000, (GLint)0x80000000u, 0x7ffff, 0x7fffffff);
    expect_error(GL_NO_ERROR, "glScissorIndexed with large values");
    const GLdouble d[2] = { 0, 1 };
    glDepthRangeArrayv(16, 1, d);
    expect_error(GL_INVALID_VALUE, "glDepthRangeArrayv(16, 1)");
    glDepthRangeIndexed(99, 0, 1);
    expect_error(GL_INVALID_VALUE, "glDepthRangeIndexed(99)");
    GLfloat f[4];
    glGetFloati_v(GL_VIEWPORT, 16, f);
    expect_error(GL_INVALID_VALUE, "glGetFloati_v(GL_VIEWPORT, 16)");
    glGetFloati_v(GL_MAX_VIEWPORTS, 0, f);
    expect_error(GL_INVALID_ENUM, "glGetFloati_v(GL_MAX_VIEWPORTS)");
    glEnablei(GL_SCISSOR_TEST, 16);
    expect_error(GL_INVALID_VALUE, "glEnablei(GL_SCISSOR_TEST, 16)");
    glIsEnabledi(GL_SCISSOR_TEST, 16);
    expect_error(GL_INVALID_VALUE, "glIsEnabledi(GL_SCISSOR_TEST, 16)");
}

static void attribs_and_lists(void)
{
    glViewportIndexedf(7, 1, 1, 2, 2);
    glScissorIndexed(7, 3, 3, 4, 4);
    glDepthRangeIndexed(7, 0.25, 0.5);
    glPushAttrib(GL_VIEWPORT_BIT | GL_SCISSOR_BIT);
    glViewportIndexedf(7, 9, 9, 9, 9);
    glScissorIndexed(7, 9, 9, 9, 9);
    glDepthRangeIndexed(7, 1, 1);
    glEnablei(GL_SCISSOR_TEST, 7);
    glPopAttrib();
    CHECK(viewport_is(7, 1, 1, 2, 2) && scissor_is(7, 3, 3, 4, 4) &&
              depth_range_is(7, 0.25, 0.5) && !glIsEnabledi(GL_SCISSOR_TEST, 7),
          "glPopAttrib restores viewport 7's viewport, depth range, scissor box and enable");

    GLuint list = glGenLists(1);
    const GLfloat v[4] = { 5, 6, 7, 8 };
    glNewList(list, GL_COMPILE);
    glViewportArrayv(9, 1, v);
    glScissorIndexed(9, 1, 2, 3, 4);
    glDepthRangeIndexed(9, 0.125, 0.25);
    glEndList();
    CHECK(!viewport_is(9, 5, 6, 7, 8) && !scissor_is(9, 1, 2, 3, 4),
          "GL_COMPILE does not run the commands");
    glCallList(list);
    CHECK(viewport_is(9, 5, 6, 7, 8) && scissor_is(9, 1, 2, 3, 4) &&
              depth_range_is(9, 0.125, 0.25),
          "glCallList runs the compiled viewport commands");
    glDeleteLists(list, 1);
    expect_error(GL_NO_ERROR, "attribute stacks and display lists");
}

static const char *vs = "#version 150\n"
                        "in vec2 pos;\n"
                        "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* Each triangle to the viewports `first` to `first + count - 1`, coloured
 * by its viewport; the fragment's depth goes to blue. */
static const char *gs = "#version 150\n"
                        "#extension GL_ARB_viewport_array : require\n"
                        "layout(triangles) in;\n"
                        "layout(triangle_strip, max_vertices = 12) out;\n"
                        "uniform int first;\n"
                        "uniform int count;\n"
                        "flat out int vp;\n"
                        "void main() {\n"
                        "  for (int v = first; v < first + count; v++) {\n"
                        "    for (int i = 0; i < 3; i++) {\n"
                        "      gl_ViewportIndex = v;\n"
                        "      vp = v;\n"
                        "      gl_Position = gl_in[i].gl_Position;\n"
                        "      EmitVertex();\n"
                        "    }\n"
                        "    EndPrimitive();\n"
                        "  }\n"
                        "}\n";

static const char *fs = "#version 150\n"
                        "flat in int vp;\n"
                        "out vec4 o;\n"
                        "void main() {\n"
                        "  o = vec4(vp == 1 || vp == 3 ? 1.0 : 0.0, vp >= 2 ? 1.0 : 0.0,\n"
                        "           gl_FragCoord.z, 1.0);\n"
                        "}\n";

static void render(void)
{
    GLuint prog = build_pos_program("gl_ViewportIndex", vs, gs, fs);
    if (!prog)
        return;
    GLuint vao;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    GLuint vbo = full_screen_quad();
    glUseProgram(prog);
    glUniform1i(glGetUniformLocation(prog, "first"), 0);
    glUniform1i(glGetUniformLocation(prog, "count"), 4);

    /* Four quadrants; viewport 1 at depth 0.2, viewport 2 scissored to
     * its lower left 8x8 pixels. */
    const float h = SIZE / 2;
    const GLfloat quads[16] = { 0, 0, h, h, h, 0, h, h, 0, h, h, h, h, h, h, h };
    glViewportArrayv(0, 4, quads);
    glDepthRange(0.0, 1.0);
    glDepthRangeIndexed(1, 0.2, 0.2);
    glScissor(0, 0, SIZE, SIZE);
    glScissorIndexed(2, 0, (GLint)h, 8, 8);
    glDisable(GL_SCISSOR_TEST);
    glEnablei(GL_SCISSOR_TEST, 2);
    glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    CHECK_RGBA(8, 8, 0, 0, 128, 255, 2, "viewport 0 (lower left)");
    CHECK_RGBA(40, 8, 255, 0, 51, 255, 2, "viewport 1 (lower right, depth range 0.2)");
    CHECK_RGBA(4, 36, 0, 255, 128, 255, 2, "viewport 2 inside its scissor box");
    CHECK_RGBA(20, 50, 0, 0, 0, 0, 0, "viewport 2 outside its scissor box");
    CHECK_RGBA(50, 50, 255, 255, 128, 255, 2, "viewport 3 (upper right)");

    /* Viewports 1 and 2 over the same left half: the strip drawn last
     * (viewport 2) covers it. */
    glDisable(GL_SCISSOR_TEST);
    const GLfloat halves[8] = { 0, 0, h, SIZE, 0, 0, h, SIZE };
    glViewportArrayv(1, 2, halves);
    glUniform1i(glGetUniformLocation(prog, "first"), 1);
    glUniform1i(glGetUniformLocation(prog, "count"), 2);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    CHECK_RGBA(8, 8, 0, 255, 128, 255, 2, "overlapping viewports drawn in order (lower)");
    CHECK_RGBA(8, 56, 0, 255, 128, 255, 2, "overlapping viewports drawn in order (upper)");
    CHECK_RGBA(50, 30, 0, 0, 0, 0, 0, "nothing right of the overlapping viewports");

    /* Without gl_ViewportIndex written, every primitive takes viewport 0. */
    glUseProgram(0);
    glDeleteProgram(prog);
    glDeleteBuffers(1, &vbo);
    glDeleteVertexArrays(1, &vao);
    expect_error(GL_NO_ERROR, "drawing through gl_ViewportIndex");
}

int main(void)
{
    struct test_window t = open_pixel_window(SIZE);
    CHECK(has_extension("GL_ARB_viewport_array"), "GL_ARB_viewport_array is not advertised");
    limits();
    initial_state();
    indexed_commands();
    clamping_and_errors();
    attribs_and_lists();
    render();
    return close_test_window(&t);
}
