/*
 * raster_state.c: per-fragment and rasterization state through the public
 * API — initial values, setters, queries (with their conversions) and the
 * spec's errors; also the commands' compilation into display lists.
 * Prints one line per failed check and PASS when all hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>

/* Red in 0-255 of pixel (x, y) of colour buffer `buf`. */
static GLubyte red_of(GLenum buf, int x, int y)
{
    GLubyte p[4];
    glReadBuffer(buf);
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
    return p[0];
}

/* glDrawBuffer(GL_FRONT_AND_BACK) and GL_LEFT draw into both buffers of a
 * double-buffered window; GL_BACK into the back one only
 * (gl-1.0-drawbuffer-modes). */
static void draw_buffer_modes(void)
{
    static const GLenum modes[] = { GL_FRONT_AND_BACK, GL_LEFT, GL_BACK };
    for (unsigned i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        glDrawBuffer(GL_FRONT_AND_BACK);
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawBuffer(modes[i]);
        glColor3f(1, 0, 0);
        glRectf(-1, -1, 1, 1);
        glFinish();
        expect_error(GL_NO_ERROR, "drawing with a draw buffer mode");
        CHECK(red_of(GL_BACK, 16, 16) == 255, "draw buffer 0x%x: back not drawn", modes[i]);
        GLubyte front = red_of(GL_FRONT, 16, 16);
        if (modes[i] == GL_BACK)
            CHECK(front == 0, "draw buffer GL_BACK drew into the front buffer");
        else
            CHECK(front == 255, "draw buffer 0x%x: front not drawn", modes[i]);
    }
    glDrawBuffer(GL_BACK);
    glReadBuffer(GL_BACK);
    glColor3f(1, 1, 1);
}

int main(void)
{
    struct test_window t = open_test_window();
    GLint v[4];
    GLfloat f[4];

    draw_buffer_modes();

    glGetIntegerv(GL_DEPTH_FUNC, v);
    CHECK(v[0] == GL_LESS, "initial depth func 0x%x", v[0]);
    glGetIntegerv(GL_BLEND_SRC_RGB, v);
    CHECK(v[0] == GL_ONE, "initial blend src 0x%x", v[0]);
    glGetIntegerv(GL_CULL_FACE_MODE, v);
    CHECK(v[0] == GL_BACK, "initial cull face 0x%x", v[0]);
    glGetIntegerv(GL_POLYGON_MODE, v);
    CHECK(v[0] == GL_FILL && v[1] == GL_FILL, "initial polygon mode 0x%x 0x%x", v[0], v[1]);
    /* (The initial stencil masks are all ones; Mesa reports them masked to
     * the framebuffer's stencil bits, so their exact value is not checked.) */

    glDepthFunc(GL_GEQUAL);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glBlendEquation(GL_FUNC_REVERSE_SUBTRACT);
    glStencilFunc(GL_EQUAL, 3, 0xf0);
    glStencilOpSeparate(GL_BACK, GL_INCR_WRAP, GL_KEEP, GL_ZERO);
    glCullFace(GL_FRONT);
    glFrontFace(GL_CW);
    glPolygonMode(GL_BACK, GL_LINE);
    glLineWidth(3.5f);
    glPointSize(4);
    glPolygonOffset(1.5f, 2.0f);
    glAlphaFunc(GL_GREATER, 2.0f);
    glLineStipple(1000, 0xaaaa);
    glHint(GL_FOG_HINT, GL_NICEST);
    glEnable(GL_POLYGON_OFFSET_FILL);
    expect_error(GL_NO_ERROR, "setters");

    glGetIntegerv(GL_DEPTH_FUNC, v);
    CHECK(v[0] == GL_GEQUAL, "depth func 0x%x", v[0]);
    glGetIntegerv(GL_BLEND_DST_ALPHA, v);
    CHECK(v[0] == GL_ONE_MINUS_SRC_ALPHA, "blend dst alpha 0x%x", v[0]);
    glGetIntegerv(GL_BLEND_EQUATION_ALPHA, v);
    CHECK(v[0] == GL_FUNC_REVERSE_SUBTRACT, "blend equation 0x%x", v[0]);
    /* The EXT_blend_equation_separate name of the same command. */
    void (*blend_equation_separate_ext)(GLenum, GLenum) = (void (*)(GLenum, GLenum))
        glXGetProcAddress((const GLubyte *)"glBlendEquationSeparateEXT");
    CHECK(blend_equation_separate_ext != NULL, "glBlendEquationSeparateEXT resolves");
    if (blend_equation_separate_ext) {
        blend_equation_separate_ext(GL_FUNC_ADD, GL_FUNC_SUBTRACT);
        glGetIntegerv(GL_BLEND_EQUATION_ALPHA, v);
        CHECK(v[0] == GL_FUNC_SUBTRACT, "glBlendEquationSeparateEXT alpha equation 0x%x", v[0]);
        blend_equation_separate_ext(GL_FUNC_ADD, GL_FUNC_REVERSE_SUBTRACT);
    }
    glGetIntegerv(GL_STENCIL_FUNC, v);
    CHECK(v[0] == GL_EQUAL, "stencil func 0x%x", v[0]);
    glGetIntegerv(GL_STENCIL_BACK_FAIL, v);
    CHECK(v[0] == GL_INCR_WRAP, "back stencil fail 0x%x", v[0]);
    glGetIntegerv(GL_STENCIL_FAIL, v);
    CHECK(v[0] == GL_KEEP, "front stencil fail untouched 0x%x", v[0]);
    glGetIntegerv(GL_POLYGON_MODE, v);
    CHECK(v[0] == GL_FILL && v[1] == GL_LINE, "polygon mode 0x%x 0x%x", v[0], v[1]);
    glGetFloatv(GL_LINE_WIDTH, f);
    CHECK(f[0] == 3.5f, "line width %g", f[0]);
    glGetFloatv(GL_POLYGON_OFFSET_UNITS, f);
    CHECK(f[0] == 2.0f, "offset units %g", f[0]);
    glGetFloatv(GL_ALPHA_TEST_REF, f);
    CHECK(f[0] == 1.0f, "alpha ref clamped: %g", f[0]);
    glGetIntegerv(GL_LINE_STIPPLE_REPEAT, v);
    CHECK(v[0] == 256, "stipple repeat clamped: %d", v[0]);
    glGetIntegerv(GL_FOG_HINT, v);
    CHECK(v[0] == GL_NICEST, "fog hint 0x%x", v[0]);
    CHECK(glIsEnabled(GL_POLYGON_OFFSET_FILL), "polygon offset fill enabled");

    glDepthFunc(GL_ZERO);
    expect_error(GL_INVALID_ENUM, "depth func GL_ZERO");
    glBlendFunc(GL_SRC_ALPHA, GL_LESS);
    expect_error(GL_INVALID_ENUM, "blend factor GL_LESS");
    glBlendEquation(GL_ADD);
    expect_error(GL_INVALID_ENUM, "blend equation GL_ADD");
    glStencilOp(GL_KEEP, GL_KEEP, GL_LESS);
    expect_error(GL_INVALID_ENUM, "stencil op GL_LESS");
    glCullFace(GL_LEFT);
    expect_error(GL_INVALID_ENUM, "cull face GL_LEFT");
    glFrontFace(GL_FRONT);
    expect_error(GL_INVALID_ENUM, "front face GL_FRONT");
    glPolygonMode(GL_FRONT, GL_TRIANGLES);
    expect_error(GL_INVALID_ENUM, "polygon mode GL_TRIANGLES");
    glLineWidth(0);
    expect_error(GL_INVALID_VALUE, "line width 0");
    glPointSize(-1);
    expect_error(GL_INVALID_VALUE, "point size -1");
    glHint(GL_FOG_HINT, GL_FOG);
    expect_error(GL_INVALID_ENUM, "hint mode");
    glLogicOp(GL_ZERO);
    expect_error(GL_INVALID_ENUM, "logic op GL_ZERO");

    /* Compiled into a display list. */
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glDepthFunc(GL_ALWAYS);
    glEndList();
    glGetIntegerv(GL_DEPTH_FUNC, v);
    CHECK(v[0] == GL_GEQUAL, "compiled, not executed: 0x%x", v[0]);
    glCallList(list);
    glGetIntegerv(GL_DEPTH_FUNC, v);
    CHECK(v[0] == GL_ALWAYS, "executed by the list: 0x%x", v[0]);

    return close_test_window(&t);
}
