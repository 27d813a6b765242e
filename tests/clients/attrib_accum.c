/*
 * attrib_accum.c: the attribute stacks (glPushAttrib/glPopAttrib per group,
 * glPushClientAttrib/glPopClientAttrib, depths, overflow and underflow,
 * display lists) and the accumulation buffer (GLX visuals with accumulation
 * bits, glAccum's five operations, glClearAccum and GL_ACCUM_BUFFER_BIT,
 * scissor and colour mask, errors). State is queried back and pixels read
 * back. Prints FAIL lines and PASS when all hold.
 *
 * The accumulation values are the spec's (GL 4.6 compatibility §17.4.5,
 * linear). Mesa 22.3 llvmpipe returns other values: its window colour
 * buffers have sRGB formats and its glAccum decodes and encodes sRGB even
 * with GL_FRAMEBUFFER_SRGB disabled (LOAD 0.5 of 128 returns 92, not 64).
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"

static void pixel(int x, int y, GLubyte out[4])
{
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

#define NEAR(a, b) ((a) - (b) <= 1 && (b) - (a) <= 1)

#define CHECK_PIXEL(x, y, r, g, b, what)                                           \
    do {                                                                           \
        GLubyte p_[4];                                                             \
        pixel(x, y, p_);                                                           \
        CHECK(NEAR(p_[0], r) && NEAR(p_[1], g) && NEAR(p_[2], b),                  \
              "%s: pixel (%d,%d) = %d %d %d, expected %d %d %d", what, x, y, p_[0], \
              p_[1], p_[2], r, g, b);                                              \
    } while (0)

static GLint geti(GLenum pname)
{
    GLint v = -1;
    glGetIntegerv(pname, &v);
    return v;
}

static GLfloat getf(GLenum pname)
{
    GLfloat v[4] = { -1, -1, -1, -1 };
    glGetFloatv(pname, v);
    return v[0];
}

static Window make_window(Display *dpy, XVisualInfo *vis)
{
    Window root = RootWindow(dpy, vis->screen);
    XSetWindowAttributes swa = { 0 };
    swa.colormap = XCreateColormap(dpy, root, vis->visual, AllocNone);
    return XCreateWindow(dpy, root, 0, 0, 64, 64, 0, vis->depth, InputOutput, vis->visual,
                         CWColormap, &swa);
}

static void fill(float r, float g, float b)
{
    glClearColor(r, g, b, 1);
    glClear(GL_COLOR_BUFFER_BIT);
}

static void server_stack(void)
{
    GLfloat f[4];

    /* COLOR_BUFFER_BIT: clear colour, blend enable and function, logic op
     * enable; the depth function (another group) keeps its new value. */
    glClearColor(0.25, 0.5, 0.75, 1);
    glBlendFunc(GL_ONE, GL_ZERO);
    glPushAttrib(GL_COLOR_BUFFER_BIT);
    CHECK(geti(GL_ATTRIB_STACK_DEPTH) == 1, "attrib stack depth %d after a push",
          geti(GL_ATTRIB_STACK_DEPTH));
    glClearColor(1, 0, 0, 0);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glEnable(GL_COLOR_LOGIC_OP);
    glColorMask(GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDepthFunc(GL_GREATER);
    glPopAttrib();
    CHECK(geti(GL_ATTRIB_STACK_DEPTH) == 0, "attrib stack depth %d after the pop",
          geti(GL_ATTRIB_STACK_DEPTH));
    glGetFloatv(GL_COLOR_CLEAR_VALUE, f);
    CHECK(f[0] == 0.25f && f[1] == 0.5f && f[2] == 0.75f && f[3] == 1.0f,
          "COLOR_BUFFER_BIT: clear colour %g %g %g %g", f[0], f[1], f[2], f[3]);
    CHECK(!glIsEnabled(GL_BLEND) && !glIsEnabled(GL_COLOR_LOGIC_OP),
          "COLOR_BUFFER_BIT: blend/logic op enables not restored");
    CHECK(geti(GL_BLEND_SRC) == GL_ONE && geti(GL_BLEND_DST) == GL_ZERO,
          "COLOR_BUFFER_BIT: blend function %#x %#x", geti(GL_BLEND_SRC), geti(GL_BLEND_DST));
    GLboolean mask[4];
    glGetBooleanv(GL_COLOR_WRITEMASK, mask);
    CHECK(mask[0] && mask[1], "COLOR_BUFFER_BIT: colour mask not restored");
    CHECK(geti(GL_DEPTH_FUNC) == GL_GREATER, "depth func %#x: outside the pushed groups",
          geti(GL_DEPTH_FUNC));
    glDepthFunc(GL_LESS);

    /* ENABLE_BIT: every enable, texture unit enables included. */
    glPushAttrib(GL_ENABLE_BIT);
    glEnable(GL_LIGHTING);
    glEnable(GL_TEXTURE_2D);
    glEnable(GL_TEXTURE_GEN_S);
    glDisable(GL_DITHER);
    glEnable(GL_CULL_FACE);
    glPopAttrib();
    CHECK(!glIsEnabled(GL_LIGHTING) && !glIsEnabled(GL_TEXTURE_2D) &&
              !glIsEnabled(GL_TEXTURE_GEN_S) && glIsEnabled(GL_DITHER) &&
              !glIsEnabled(GL_CULL_FACE),
          "ENABLE_BIT: enables not restored");

    /* CURRENT_BIT: the current colour, normal and texture coordinates. */
    glColor4f(0.1, 0.2, 0.3, 0.4);
    glNormal3f(0, 1, 0);
    glPushAttrib(GL_CURRENT_BIT);
    glColor4f(1, 1, 1, 1);
    glNormal3f(1, 0, 0);
    glTexCoord2f(5, 6);
    glPopAttrib();
    glGetFloatv(GL_CURRENT_COLOR, f);
    CHECK(f[0] == 0.1f && f[1] == 0.2f && f[2] == 0.3f && f[3] == 0.4f,
          "CURRENT_BIT: colour %g %g %g %g", f[0], f[1], f[2], f[3]);
    glGetFloatv(GL_CURRENT_NORMAL, f);
    CHECK(f[0] == 0 && f[1] == 1 && f[2] == 0, "CURRENT_BIT: normal %g %g %g", f[0], f[1], f[2]);
    glGetFloatv(GL_CURRENT_TEXTURE_COORDS, f);
    CHECK(f[0] == 0 && f[1] == 0, "CURRENT_BIT: texcoord %g %g", f[0], f[1]);

    /* LIGHTING_BIT, TRANSFORM_BIT, VIEWPORT_BIT, SCISSOR_BIT, POLYGON_BIT,
     * LINE_BIT, POINT_BIT, FOG_BIT, LIST_BIT, STENCIL_BUFFER_BIT and
     * DEPTH_BUFFER_BIT in one push. */
    GLfloat diffuse[4] = { 0.5, 0.5, 0.5, 1 };
    glLightfv(GL_LIGHT1, GL_DIFFUSE, diffuse);
    glPushAttrib(GL_LIGHTING_BIT | GL_TRANSFORM_BIT | GL_VIEWPORT_BIT | GL_SCISSOR_BIT |
                 GL_POLYGON_BIT | GL_LINE_BIT | GL_POINT_BIT | GL_FOG_BIT | GL_LIST_BIT |
                 GL_STENCIL_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    GLfloat red[4] = { 1, 0, 0, 1 };
    glLightfv(GL_LIGHT1, GL_DIFFUSE, red);
    glEnable(GL_LIGHT1);
    glShadeModel(GL_FLAT);
    glMatrixMode(GL_PROJECTION);
    glEnable(GL_NORMALIZE);
    glViewport(1, 2, 3, 4);
    glScissor(5, 6, 7, 8);
    glEnable(GL_SCISSOR_TEST);
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    glCullFace(GL_FRONT);
    glLineWidth(3);
    glEnable(GL_LINE_STIPPLE);
    glPointSize(4);
    glFogf(GL_FOG_DENSITY, 0.25);
    glEnable(GL_FOG);
    glListBase(7);
    glStencilFunc(GL_EQUAL, 3, 0xf);
    glClearStencil(2);
    glDepthMask(GL_FALSE);
    glClearDepth(0.5);
    glPopAttrib();
    glGetLightfv(GL_LIGHT1, GL_DIFFUSE, f);
    CHECK(f[0] == 0.5f && f[1] == 0.5f, "LIGHTING_BIT: light diffuse %g %g", f[0], f[1]);
    CHECK(!glIsEnabled(GL_LIGHT1), "LIGHTING_BIT: light enable not restored");
    CHECK(geti(GL_SHADE_MODEL) == GL_SMOOTH, "LIGHTING_BIT: shade model %#x",
          geti(GL_SHADE_MODEL));
    CHECK(geti(GL_MATRIX_MODE) == GL_MODELVIEW, "TRANSFORM_BIT: matrix mode %#x",
          geti(GL_MATRIX_MODE));
    CHECK(!glIsEnabled(GL_NORMALIZE), "TRANSFORM_BIT: NORMALIZE not restored");
    GLint v[4];
    glGetIntegerv(GL_VIEWPORT, v);
    CHECK(v[0] == 0 && v[1] == 0 && v[2] == 64 && v[3] == 64, "VIEWPORT_BIT: viewport %d %d %d %d",
          v[0], v[1], v[2], v[3]);
    glGetIntegerv(GL_SCISSOR_BOX, v);
    CHECK(v[0] == 0 && v[2] == 64 && !glIsEnabled(GL_SCISSOR_TEST),
          "SCISSOR_BIT: box %d %d %d %d / enable", v[0], v[1], v[2], v[3]);
    glGetIntegerv(GL_POLYGON_MODE, v);
    CHECK(v[0] == GL_FILL && geti(GL_CULL_FACE_MODE) == GL_BACK, "POLYGON_BIT: mode %#x cull %#x",
          v[0], geti(GL_CULL_FACE_MODE));
    CHECK(getf(GL_LINE_WIDTH) == 1 && !glIsEnabled(GL_LINE_STIPPLE), "LINE_BIT: width %g",
          getf(GL_LINE_WIDTH));
    CHECK(getf(GL_POINT_SIZE) == 1, "POINT_BIT: size %g", getf(GL_POINT_SIZE));
    CHECK(getf(GL_FOG_DENSITY) == 1 && !glIsEnabled(GL_FOG), "FOG_BIT: density %g",
          getf(GL_FOG_DENSITY));
    CHECK(geti(GL_LIST_BASE) == 0, "LIST_BIT: list base %d", geti(GL_LIST_BASE));
    CHECK(geti(GL_STENCIL_FUNC) == GL_ALWAYS && geti(GL_STENCIL_CLEAR_VALUE) == 0,
          "STENCIL_BUFFER_BIT: func %#x clear %d", geti(GL_STENCIL_FUNC),
          geti(GL_STENCIL_CLEAR_VALUE));
    GLboolean dmask = 0;
    glGetBooleanv(GL_DEPTH_WRITEMASK, &dmask);
    CHECK(dmask && getf(GL_DEPTH_CLEAR_VALUE) == 1, "DEPTH_BUFFER_BIT: mask %d clear %g", dmask,
          getf(GL_DEPTH_CLEAR_VALUE));

    /* TEXTURE_BIT: bindings and the bound object's parameters. */
    GLuint tex[2];
    glGenTextures(2, tex);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_DECAL);
    glPushAttrib(GL_TEXTURE_BIT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_ADD);
    glBindTexture(GL_TEXTURE_2D, tex[1]);
    glPopAttrib();
    CHECK(geti(GL_TEXTURE_BINDING_2D) == (GLint)tex[0], "TEXTURE_BIT: binding %d",
          geti(GL_TEXTURE_BINDING_2D));
    GLint filter = 0, env = 0;
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &filter);
    glGetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &env);
    CHECK(filter == GL_NEAREST && env == GL_DECAL, "TEXTURE_BIT: min filter %#x env %#x", filter,
          env);
    glBindTexture(GL_TEXTURE_2D, 0);
    glDeleteTextures(2, tex);

    /* Overflow and underflow. */
    for (int i = 0; i < 16; i++)
        glPushAttrib(GL_ALL_ATTRIB_BITS);
    CHECK(geti(GL_ATTRIB_STACK_DEPTH) == 16, "depth %d after 16 pushes",
          geti(GL_ATTRIB_STACK_DEPTH));
    glPushAttrib(GL_ALL_ATTRIB_BITS);
    expect_error(GL_STACK_OVERFLOW, "17th glPushAttrib");
    for (int i = 0; i < 16; i++)
        glPopAttrib();
    expect_error(GL_NO_ERROR, "16 pops");
    glPopAttrib();
    expect_error(GL_STACK_UNDERFLOW, "glPopAttrib on an empty stack");
    glBegin(GL_POINTS);
    glPushAttrib(GL_CURRENT_BIT);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glPushAttrib between Begin and End");

    /* Rendering after a pop uses the restored state. */
    glColor3f(0, 1, 0);
    glPushAttrib(GL_POLYGON_BIT);
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    glPopAttrib();
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, 64, 0, 64, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    fill(0, 0, 0);
    glRectf(8, 8, 56, 56);
    CHECK_PIXEL(32, 32, 0, 255, 0, "filled green rectangle after the pop");
    /* Display lists record push and pop. */
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glPushAttrib(GL_CURRENT_BIT);
    glColor3f(1, 0, 0);
    glPopAttrib();
    glEndList();
    glColor3f(0, 1, 0);
    glCallList(list);
    glGetFloatv(GL_CURRENT_COLOR, f);
    CHECK(f[0] == 0 && f[1] == 1, "list: colour %g %g after push/colour/pop", f[0], f[1]);
    glDeleteLists(list, 1);

    expect_error(GL_NO_ERROR, "server attribute stack");
}

static void client_stack(void)
{
    static const GLfloat verts[] = { 0, 0, 1, 0, 1, 1 };
    glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
    glPushClientAttrib(GL_CLIENT_ALL_ATTRIB_BITS);
    CHECK(geti(GL_CLIENT_ATTRIB_STACK_DEPTH) == 1, "client depth %d",
          geti(GL_CLIENT_ATTRIB_STACK_DEPTH));
    glPixelStorei(GL_UNPACK_ALIGNMENT, 8);
    glPixelStorei(GL_PACK_ROW_LENGTH, 16);
    glEnableClientState(GL_VERTEX_ARRAY);
    glVertexPointer(2, GL_FLOAT, 0, verts);
    glPopClientAttrib();
    CHECK(geti(GL_UNPACK_ALIGNMENT) == 2 && geti(GL_PACK_ROW_LENGTH) == 0,
          "CLIENT_PIXEL_STORE_BIT: alignment %d row length %d", geti(GL_UNPACK_ALIGNMENT),
          geti(GL_PACK_ROW_LENGTH));
    CHECK(!glIsEnabled(GL_VERTEX_ARRAY) && geti(GL_VERTEX_ARRAY_SIZE) == 4,
          "CLIENT_VERTEX_ARRAY_BIT: array enable %d size %d", glIsEnabled(GL_VERTEX_ARRAY),
          geti(GL_VERTEX_ARRAY_SIZE));
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPopClientAttrib();
    expect_error(GL_STACK_UNDERFLOW, "glPopClientAttrib on an empty stack");
}

static void accumulation(void)
{
    CHECK(geti(GL_ACCUM_RED_BITS) >= 16 && geti(GL_ACCUM_ALPHA_BITS) >= 16,
          "accumulation bits %d %d", geti(GL_ACCUM_RED_BITS), geti(GL_ACCUM_ALPHA_BITS));

    /* LOAD, ACCUM, RETURN: 0.5 * (0.5, 0.25, 0) + 0.5 * (0.25, 0.5, 1). */
    fill(0.5, 0.25, 0);
    glAccum(GL_LOAD, 0.5);
    fill(0.25, 0.5, 1);
    glAccum(GL_ACCUM, 0.5);
    fill(0, 0, 0);
    glAccum(GL_RETURN, 1.0);
    CHECK_PIXEL(10, 10, 96, 96, 128, "LOAD + ACCUM + RETURN");

    /* MULT and ADD, then RETURN scaled by 2. */
    glAccum(GL_MULT, 0.5);
    glAccum(GL_ADD, 0.125);
    glAccum(GL_RETURN, 2.0);
    CHECK_PIXEL(20, 20, 160, 160, 191, "MULT + ADD + RETURN(2)");

    /* glClearAccum + glClear(GL_ACCUM_BUFFER_BIT); values clamp to [-1, 1]. */
    glClearAccum(0.25, -0.5, 2.0, 1);
    GLfloat f[4];
    glGetFloatv(GL_ACCUM_CLEAR_VALUE, f);
    CHECK(f[0] == 0.25f && f[1] == -0.5f && f[2] == 1.0f, "ACCUM_CLEAR_VALUE %g %g %g", f[0],
          f[1], f[2]);
    glClear(GL_ACCUM_BUFFER_BIT);
    glAccum(GL_RETURN, 1.0);
    CHECK_PIXEL(30, 30, 64, 0, 255, "cleared accumulation buffer returned");

    /* Scissor limits every operation; the colour mask limits RETURN. */
    glClearAccum(0, 0, 0, 0);
    glClear(GL_ACCUM_BUFFER_BIT);
    fill(1, 1, 1);
    glScissor(0, 0, 32, 64);
    glEnable(GL_SCISSOR_TEST);
    glAccum(GL_LOAD, 1.0);
    glDisable(GL_SCISSOR_TEST);
    fill(0, 0, 0);
    glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
    glAccum(GL_RETURN, 1.0);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    CHECK_PIXEL(10, 40, 255, 0, 255, "LOAD inside the scissor box, green masked");
    CHECK_PIXEL(50, 40, 0, 0, 0, "LOAD outside the scissor box");

    /* PushAttrib(ACCUM_BUFFER_BIT) keeps the clear value. */
    glClearAccum(0.5, 0.5, 0.5, 0.5);
    glPushAttrib(GL_ACCUM_BUFFER_BIT);
    glClearAccum(0, 0, 0, 0);
    glPopAttrib();
    glGetFloatv(GL_ACCUM_CLEAR_VALUE, f);
    CHECK(f[0] == 0.5f, "ACCUM_BUFFER_BIT: clear value %g", f[0]);

    /* Errors. */
    glAccum(GL_ADD + 1, 1.0);
    expect_error(GL_INVALID_ENUM, "glAccum with a bad operation");
    glBegin(GL_POINTS);
    glAccum(GL_ADD, 1.0);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glAccum between Begin and End");
}

int main(void)
{
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        printf("FAIL: cannot open display\n");
        return 1;
    }
    int attribs[] = { GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, GLX_DEPTH_SIZE, 16,
                      GLX_STENCIL_SIZE, 8, GLX_ACCUM_RED_SIZE, 8, GLX_ACCUM_GREEN_SIZE, 8,
                      GLX_ACCUM_BLUE_SIZE, 8, GLX_ACCUM_ALPHA_SIZE, 8, None };
    XVisualInfo *vis = glXChooseVisual(dpy, DefaultScreen(dpy), attribs);
    if (!vis) {
        printf("FAIL: no RGBA visual with an accumulation buffer\n");
        return 1;
    }
    Window win = make_window(dpy, vis);
    GLXContext ctx = glXCreateContext(dpy, vis, NULL, True);
    if (!ctx || !glXMakeCurrent(dpy, win, ctx)) {
        printf("FAIL: no current context\n");
        return 1;
    }
    glViewport(0, 0, 64, 64);
    glScissor(0, 0, 64, 64);
    server_stack();
    client_stack();
    accumulation();

    /* A visual without an accumulation buffer: glAccum is INVALID_OPERATION. */
    int plain[] = { GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, None };
    XVisualInfo *vis2 = glXChooseVisual(dpy, DefaultScreen(dpy), plain);
    int accum_bits = -1;
    if (vis2)
        glXGetConfig(dpy, vis2, GLX_ACCUM_RED_SIZE, &accum_bits);
    if (vis2 && accum_bits == 0) {
        Window win2 = make_window(dpy, vis2);
        GLXContext ctx2 = glXCreateContext(dpy, vis2, NULL, True);
        if (ctx2 && glXMakeCurrent(dpy, win2, ctx2)) {
            CHECK(geti(GL_ACCUM_RED_BITS) == 0, "plain visual: accum bits %d",
                  geti(GL_ACCUM_RED_BITS));
            glAccum(GL_LOAD, 1.0);
            expect_error(GL_INVALID_OPERATION, "glAccum without an accumulation buffer");
            glXMakeCurrent(dpy, None, NULL);
            glXDestroyContext(dpy, ctx2);
        }
    }
    if (failures)
        return 1;
    printf("PASS\n");
    return 0;
}
