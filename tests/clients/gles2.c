/*
 * gles2.c: OpenGL ES 2.0 contexts. Through EGL on the surfaceless platform:
 * the client APIs and initial API, configs with EGL_OPENGL_ES2_BIT, the ES
 * context request rules (client version, OpenGL-only attributes), the ES
 * strings, ES-only queries and commands (GL_SHADER_COMPILER, the uniform
 * and varying vector limits, the implementation read format,
 * glGetShaderPrecisionFormat, glShaderBinary, glReleaseShaderCompiler,
 * glClearDepthf, glDepthRangef), GL_INVALID_OPERATION from commands ES
 * lacks (glBegin, glMatrixMode) and GL_INVALID_ENUM from desktop-only
 * state, GLSL ES 1.00 (precision qualifiers, default precision, GL_ES,
 * located errors for a fragment float without precision and for a desktop
 * type (sampler1D, which has no default precision), a program needing
 * both stages and holding one shader of each), shader-drawn triangles
 * from client arrays and from a buffer object, and point sprites sized by
 * gl_PointSize (one with no array enabled), and dFdx/dFdy of
 * GL_OES_standard_derivatives, read back with glReadPixels.
 * Then through GLX_EXT_create_context_es2_profile on an X window. Prints
 * "FAIL line N: ..." lines and "PASS"; also "version: ..." and
 * "glsl: ...".
 *
 * Also passes on Mesa llvmpipe (Mesa's GLX needs LIBGL_ALWAYS_SOFTWARE=1
 * under Xvfb): gcc -O2 -Wall -o gles2 gles2.c -lEGL -lGL -lX11. Mesa
 * answers an ES 2 request with ES 3.2, so versions are checked by prefix.
 */
#define GL_GLEXT_PROTOTYPES
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "es_check.h"

/* Desktop-only names, declared here: GLES2/gl2.h lacks them. */
#define DESKTOP_GL_MATRIX_MODE 0x0BA0
#define DESKTOP_GL_MODELVIEW 0x1700
#define DESKTOP_GL_TRIANGLES 0x0004
#ifndef GLX_CONTEXT_ES2_PROFILE_BIT_EXT
#define GLX_CONTEXT_ES2_PROFILE_BIT_EXT 0x00000004
#endif

static const char *vs_src =
    "#version 100\n"
    "attribute vec4 pos;\n"
    "attribute lowp vec3 col;\n"
    "uniform mediump float scale;\n"
    "varying lowp vec3 v_col;\n"
    "void main() {\n"
    "    v_col = col;\n"
    "    gl_Position = vec4(pos.xy * scale, pos.zw);\n"
    "}\n";

/* The default float precision is stated; the varying and the uniform
 * carry their own. GL_ES must be defined. */
static const char *fs_src =
    "#ifndef GL_ES\n"
    "#error GL_ES is not defined\n"
    "#endif\n"
    "precision mediump float;\n"
    "varying lowp vec3 v_col;\n"
    "uniform highp vec4 tint;\n"
    "void main() {\n"
    "    float one = 1.0;\n"
    "    gl_FragColor = vec4(v_col, one) * tint;\n"
    "}\n";


static void glsl_checks(void)
{
    char log[1024];
    /* A fragment shader without a default float precision. */
    const char *no_precision = "void main() {\n    float x = 0.5;\n    gl_FragColor = vec4(x);\n}\n";
    log[0] = 0;
    CHECK(!compile(GL_FRAGMENT_SHADER, no_precision, log, sizeof log),
          "fragment float without precision compiled");
    printf("no-precision log: %s", log);
    CHECK(strstr(log, "0:2(") && strstr(log, "error") && strstr(log, "precision"),
          "no-precision log: %s", log);
    /* The same in a vertex shader is fine: floats default to highp there. */
    const char *vs_float = "void main() {\n    float x = 0.5;\n    gl_Position = vec4(x);\n}\n";
    GLuint ok_vs = compile(GL_VERTEX_SHADER, vs_float, log, sizeof log);
    CHECK(ok_vs, "vertex float without precision: %s", log);
    glDeleteShader(ok_vs);
    /* Desktop types are reserved words in GLSL ES. */
    const char *desktop = "precision mediump float;\nuniform sampler1D s;\n"
                          "void main() {\n    gl_FragColor = vec4(0.0);\n}\n";
    log[0] = 0;
    CHECK(!compile(GL_FRAGMENT_SHADER, desktop, log, sizeof log), "sampler1D compiled");
    printf("sampler1D log: %s", log);
    CHECK(strstr(log, "0:2(") && strstr(log, "error") && strstr(log, "sampler1D"),
          "sampler1D log: %s", log);
    /* A desktop #version. */
    log[0] = 0;
    CHECK(!compile(GL_VERTEX_SHADER, "#version 120\nvoid main() { gl_Position = vec4(0.0); }\n",
                   log, sizeof log),
          "#version 120 compiled");
    CHECK(strstr(log, "0:1(") && strstr(log, "not supported"), "#version 120 log: %s", log);
    /* ES 2.0 §2.10.3: a program needs a vertex and a fragment shader, and
     * holds one shader of each type. */
    GLuint vs = compile(GL_VERTEX_SHADER, vs_src, log, sizeof log);
    CHECK(vs, "vertex shader: %s", log);
    GLuint vs2 = compile(GL_VERTEX_SHADER, vs_src, log, sizeof log);
    GLuint prog = glCreateProgram();
    glAttachShader(prog, vs);
    glAttachShader(prog, vs2);
    EXPECT_GL_ERROR(GL_INVALID_OPERATION, "a second vertex shader attached");
    glDeleteShader(vs2);
    glLinkProgram(prog);
    GLint linked = 1;
    glGetProgramiv(prog, GL_LINK_STATUS, &linked);
    CHECK(!linked, "a program without fragment shader linked");
    glDeleteProgram(prog);
    glDeleteShader(vs);
    EXPECT_GL_ERROR(GL_NO_ERROR, "glsl checks");
}

static void draw_checks(void)
{
    char log[1024];
    GLuint vs = compile(GL_VERTEX_SHADER, vs_src, log, sizeof log);
    CHECK(vs, "vertex shader: %s", log);
    GLuint fs = compile(GL_FRAGMENT_SHADER, fs_src, log, sizeof log);
    CHECK(fs, "fragment shader: %s", log);
    if (!vs || !fs)
        return;
    GLuint prog = glCreateProgram();
    glAttachShader(prog, vs);
    glAttachShader(prog, fs);
    glBindAttribLocation(prog, 0, "pos");
    glBindAttribLocation(prog, 1, "col");
    glLinkProgram(prog);
    GLint linked = 0;
    glGetProgramiv(prog, GL_LINK_STATUS, &linked);
    glGetProgramInfoLog(prog, sizeof log, NULL, log);
    CHECK(linked, "link: %s", log);
    glUseProgram(prog);
    glUniform1f(glGetUniformLocation(prog, "scale"), 1.0f);
    glUniform4f(glGetUniformLocation(prog, "tint"), 1.0f, 1.0f, 1.0f, 1.0f);

    glViewport(0, 0, 64, 64);
    glClearColor(0.0f, 0.0f, 0.25f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    /* A red triangle over the left half, from client arrays. */
    static const GLfloat pos[] = { -1, -1, 0, 1, 0, -1, 0, 1, -1, 1, 0, 1 };
    static const GLubyte col[] = { 255, 0, 0, 255, 0, 0, 255, 0, 0 };
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, pos);
    glVertexAttribPointer(1, 3, GL_UNSIGNED_BYTE, GL_TRUE, 0, col);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    check_pixel(8, 32, 255, 0, 0, "client-array triangle");
    check_pixel(56, 32, 0, 0, 64, "client-array triangle background");
    EXPECT_GL_ERROR(GL_NO_ERROR, "client-array draw");

    /* A green, half-tinted triangle over the right half, from a buffer
     * object, drawn with 16-bit indices. */
    static const GLfloat vbo_data[] = {
        0, -1, 0, 1,  1, -1, 0, 1,  1, 1, 0, 1,
    };
    GLuint buf = 0;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glBufferData(GL_ARRAY_BUFFER, sizeof vbo_data, vbo_data, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, (const void *)0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glDisableVertexAttribArray(1);
    glVertexAttrib3f(1, 0.0f, 1.0f, 0.0f);
    glUniform4f(glGetUniformLocation(prog, "tint"), 0.5f, 0.5f, 0.5f, 1.0f);
    static const GLushort idx[] = { 0, 1, 2 };
    glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, idx);
    check_pixel(60, 32, 0, 128, 0, "buffer-object triangle");
    check_pixel(8, 32, 255, 0, 0, "buffer-object triangle left alone");
    EXPECT_GL_ERROR(GL_NO_ERROR, "buffer-object draw");

    /* The implementation read format reads back too. */
    GLint fmt = 0, type = 0;
    glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &fmt);
    glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &type);
    unsigned char px[4] = { 0 };
    glReadPixels(8, 32, 1, 1, (GLenum)fmt, (GLenum)type, px);
    EXPECT_GL_ERROR(GL_NO_ERROR, "glReadPixels in the implementation format");

    glDeleteBuffers(1, &buf);
    glUseProgram(0);
    glDeleteProgram(prog);
    glDeleteShader(vs);
    glDeleteShader(fs);

    /* ES 2.0 §3.3: points take gl_PointSize and are sprites, with no
     * enable: a 9-pixel point, red where gl_PointCoord.x > 0.5. */
    vs = compile(GL_VERTEX_SHADER,
                 "attribute vec4 pos;\n"
                 "void main() { gl_Position = pos; gl_PointSize = 9.0; }\n",
                 log, sizeof log);
    fs = compile(GL_FRAGMENT_SHADER,
                 "precision mediump float;\n"
                 "void main() {\n"
                 "    gl_FragColor = vec4(gl_PointCoord.x > 0.5 ? 1.0 : 0.0, 1.0, 0.0, 1.0);\n"
                 "}\n",
                 log, sizeof log);
    CHECK(vs && fs, "point shaders: %s", log);
    if (!vs || !fs)
        return;
    prog = glCreateProgram();
    glAttachShader(prog, vs);
    glAttachShader(prog, fs);
    glBindAttribLocation(prog, 0, "pos");
    glLinkProgram(prog);
    glUseProgram(prog);
    static const GLfloat point[] = { 0.5f, -0.5f, 0.0f, 1.0f };
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, point);
    glDrawArrays(GL_POINTS, 0, 1);
    check_pixel(46, 16, 0, 255, 0, "point sprite, left half");
    check_pixel(50, 16, 255, 255, 0, "point sprite, right half");
    check_pixel(48, 26, 0, 128, 0, "point sprite, above it (the green triangle)");
    /* No array enabled: the vertex comes from the shader alone. */
    glDisableVertexAttribArray(0);
    glVertexAttrib4f(0, -0.5f, 0.5f, 0.0f, 1.0f);
    glDrawArrays(GL_POINTS, 0, 1);
    check_pixel(18, 48, 255, 255, 0, "point from attribute 0's current value");
    EXPECT_GL_ERROR(GL_NO_ERROR, "point draw");
    glUseProgram(0);
    glDeleteProgram(prog);
    glDeleteShader(fs);

    /* GL_OES_standard_derivatives: window coordinates change by one a
     * pixel. */
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    CHECK(has_word(ext, "GL_OES_standard_derivatives"), "no GL_OES_standard_derivatives");
    fs = compile(GL_FRAGMENT_SHADER,
                 "#extension GL_OES_standard_derivatives : require\n"
                 "precision mediump float;\n"
                 "void main() {\n"
                 "    gl_FragColor = vec4(0.0, 0.5 * dFdx(gl_FragCoord.x),\n"
                 "                        0.5 * dFdy(gl_FragCoord.y), 1.0);\n"
                 "}\n",
                 log, sizeof log);
    CHECK(fs, "derivative shader: %s", log);
    if (fs) {
        prog = glCreateProgram();
        glAttachShader(prog, vs);
        glAttachShader(prog, fs);
        glBindAttribLocation(prog, 0, "pos");
        glLinkProgram(prog);
        glUseProgram(prog);
        static const GLfloat corner[] = { -1, -1, 0, 1, 0, -1, 0, 1, -1, 0, 0, 1 };
        glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, corner);
        glEnableVertexAttribArray(0);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        check_pixel(4, 4, 0, 128, 128, "dFdx/dFdy of gl_FragCoord");
        EXPECT_GL_ERROR(GL_NO_ERROR, "derivative draw");
        glUseProgram(0);
        glDeleteProgram(prog);
        glDeleteShader(fs);
    }
    glDeleteShader(vs);
}

static void es_queries(void)
{
    const char *version = (const char *)glGetString(GL_VERSION);
    const char *glsl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    printf("version: %s\nglsl: %s\n", version ? version : "(null)", glsl ? glsl : "(null)");
    CHECK(version && strncmp(version, "OpenGL ES ", 10) == 0, "GL_VERSION %s", version);
    CHECK(glsl && strncmp(glsl, "OpenGL ES GLSL ES ", 18) == 0, "GLSL version %s", glsl);
    CHECK(ext && has_word(ext, "GL_OES_element_index_uint") && !strstr(ext, "GL_ARB_"),
          "ES extensions: %s", ext);

    GLboolean compiler = GL_FALSE;
    glGetBooleanv(GL_SHADER_COMPILER, &compiler);
    CHECK(compiler == GL_TRUE, "GL_SHADER_COMPILER");
    GLint v = -1;
    glGetIntegerv(GL_NUM_SHADER_BINARY_FORMATS, &v);
    CHECK(v >= 0, "GL_NUM_SHADER_BINARY_FORMATS %d", v);
    glGetIntegerv(GL_MAX_VARYING_VECTORS, &v);
    CHECK(v >= 8, "GL_MAX_VARYING_VECTORS %d", v);
    glGetIntegerv(GL_MAX_VERTEX_UNIFORM_VECTORS, &v);
    CHECK(v >= 128, "GL_MAX_VERTEX_UNIFORM_VECTORS %d", v);
    glGetIntegerv(GL_MAX_FRAGMENT_UNIFORM_VECTORS, &v);
    CHECK(v >= 16, "GL_MAX_FRAGMENT_UNIFORM_VECTORS %d", v);
    glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &v);
    CHECK(v >= 8, "GL_MAX_VERTEX_ATTRIBS %d", v);
    GLint fmt = 0, type = 0;
    glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &fmt);
    glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &type);
    /* (Mesa picks GL_UNSIGNED_INT_2_10_10_10_REV for its 10-bit configs.) */
    CHECK((fmt == GL_RGBA || fmt == 0x80E1 /* GL_BGRA_EXT */) && type != 0,
          "implementation read format 0x%x type 0x%x", fmt, type);
    EXPECT_GL_ERROR(GL_NO_ERROR, "ES queries");

    GLint range[2] = { 0, 0 }, precision = 0;
    glGetShaderPrecisionFormat(GL_FRAGMENT_SHADER, GL_HIGH_FLOAT, range, &precision);
    CHECK(range[0] == 127 && range[1] == 127 && precision == 23,
          "highp float: range %d %d precision %d", range[0], range[1], precision);
    glGetShaderPrecisionFormat(GL_VERTEX_SHADER, GL_HIGH_INT, range, &precision);
    CHECK(range[0] >= 16 && range[1] >= 16 && precision == 0, "highp int: range %d %d precision %d",
          range[0], range[1], precision);
    EXPECT_GL_ERROR(GL_NO_ERROR, "glGetShaderPrecisionFormat");
    glGetShaderPrecisionFormat(GL_FRAGMENT_SHADER, GL_FLOAT, range, &precision);
    EXPECT_GL_ERROR(GL_INVALID_ENUM, "glGetShaderPrecisionFormat(GL_FLOAT)");
    glReleaseShaderCompiler();
    EXPECT_GL_ERROR(GL_NO_ERROR, "glReleaseShaderCompiler");
    GLuint sh = glCreateShader(GL_VERTEX_SHADER);
    glShaderBinary(1, &sh, 0x1234, "", 0);
    EXPECT_GL_ERROR(GL_INVALID_ENUM, "glShaderBinary");
    glDeleteShader(sh);

    GLfloat f[2] = { 0, 0 };
    glClearDepthf(0.5f);
    glGetFloatv(GL_DEPTH_CLEAR_VALUE, f);
    CHECK(f[0] == 0.5f, "glClearDepthf: %g", f[0]);
    glDepthRangef(0.25f, 0.75f);
    glGetFloatv(GL_DEPTH_RANGE, f);
    CHECK(f[0] == 0.25f && f[1] == 0.75f, "glDepthRangef: %g %g", f[0], f[1]);
    glDepthRangef(0.0f, 1.0f);
    EXPECT_GL_ERROR(GL_NO_ERROR, "glClearDepthf/glDepthRangef");

    /* Desktop-only state is no ES state; desktop-only commands are
     * GL_INVALID_OPERATION (Mesa's "unsupported function called"), also
     * through eglGetProcAddress. */
    glGetIntegerv(DESKTOP_GL_MATRIX_MODE, &v);
    EXPECT_GL_ERROR(GL_INVALID_ENUM, "GL_MATRIX_MODE");
    void (*begin)(GLenum) = (void (*)(GLenum))eglGetProcAddress("glBegin");
    void (*end)(void) = (void (*)(void))eglGetProcAddress("glEnd");
    void (*matrix_mode)(GLenum) = (void (*)(GLenum))eglGetProcAddress("glMatrixMode");
    CHECK(begin && end && matrix_mode, "eglGetProcAddress of desktop commands");
    if (begin && end && matrix_mode) {
        begin(DESKTOP_GL_TRIANGLES);
        EXPECT_GL_ERROR(GL_INVALID_OPERATION, "glBegin");
        end();
        EXPECT_GL_ERROR(GL_INVALID_OPERATION, "glEnd");
        matrix_mode(DESKTOP_GL_MODELVIEW);
        EXPECT_GL_ERROR(GL_INVALID_OPERATION, "glMatrixMode");
    }
    /* ES commands still work after those. */
    glClearColor(0, 0, 0, 0);
    EXPECT_GL_ERROR(GL_NO_ERROR, "glClearColor after desktop commands");
}

static void egl_checks(void)
{
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    CHECK(get_platform_display, "eglGetPlatformDisplayEXT");
    if (!get_platform_display)
        return;
    EGLDisplay dpy = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    CHECK(dpy != EGL_NO_DISPLAY && eglInitialize(dpy, NULL, NULL), "surfaceless display");
    const char *apis = eglQueryString(dpy, EGL_CLIENT_APIS);
    CHECK(has_word(apis, "OpenGL_ES") && has_word(apis, "OpenGL"), "client APIs: %s", apis);
    /* EGL 1.5 §3.7: the initial API is OpenGL ES where supported. */
    CHECK(eglQueryAPI() == EGL_OPENGL_ES_API, "initial API 0x%x", eglQueryAPI());

    const EGLint attribs[] = { EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                               EGL_OPENGL_ES2_BIT, EGL_RED_SIZE, 8, EGL_NONE };
    EGLConfig cfg = NULL;
    EGLint n = 0;
    CHECK(eglChooseConfig(dpy, attribs, &cfg, 1, &n) && n == 1, "no ES 2.0 pbuffer config");
    if (n != 1)
        return;
    EGLint conformant = 0;
    eglGetConfigAttrib(dpy, cfg, EGL_CONFORMANT, &conformant);
    CHECK(conformant & EGL_OPENGL_ES2_BIT, "EGL_CONFORMANT 0x%x", conformant);

    /* Requests: OpenGL-only attributes, versions ES never had. */
    const EGLint profile[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_CONTEXT_OPENGL_PROFILE_MASK,
                               EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE };
    EXPECT_EGL_ERROR(eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, profile), EGL_BAD_ATTRIBUTE);
    const EGLint es21[] = { EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE };
    EXPECT_EGL_ERROR(eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es21), EGL_BAD_MATCH);
    const EGLint es4[] = { EGL_CONTEXT_CLIENT_VERSION, 4, EGL_NONE };
    EXPECT_EGL_ERROR(eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es4), EGL_BAD_MATCH);

    const EGLint es2[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
    EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es2);
    CHECK(ctx != EGL_NO_CONTEXT, "eglCreateContext(ES 2): 0x%x", eglGetError());
    if (!ctx)
        return;
    EGLint type = 0, client_version = 0;
    eglQueryContext(dpy, ctx, EGL_CONTEXT_CLIENT_TYPE, &type);
    eglQueryContext(dpy, ctx, EGL_CONTEXT_CLIENT_VERSION, &client_version);
    CHECK(type == EGL_OPENGL_ES_API && client_version == 2, "context type 0x%x version %d", type,
          client_version);
    const EGLint pb_attribs[] = { EGL_WIDTH, 64, EGL_HEIGHT, 64, EGL_NONE };
    EGLSurface pb = eglCreatePbufferSurface(dpy, cfg, pb_attribs);
    CHECK(pb != EGL_NO_SURFACE, "pbuffer: 0x%x", eglGetError());
    CHECK(eglMakeCurrent(dpy, pb, pb, ctx), "eglMakeCurrent: 0x%x", eglGetError());

    es_queries();
    glsl_checks();
    draw_checks();

    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroySurface(dpy, pb);
    eglDestroyContext(dpy, ctx);
    eglTerminate(dpy);
}

/* GLX_EXT_create_context_es2_profile: an ES 2.0 context on an X window. */
static void glx_checks(void)
{
    Display *xdpy = XOpenDisplay(NULL);
    CHECK(xdpy, "XOpenDisplay");
    if (!xdpy)
        return;
    const char *ext = glXQueryExtensionsString(xdpy, DefaultScreen(xdpy));
    CHECK(has_word(ext, "GLX_EXT_create_context_es2_profile"), "GLX extensions: %s", ext);
    PFNGLXCREATECONTEXTATTRIBSARBPROC create = (PFNGLXCREATECONTEXTATTRIBSARBPROC)
        glXGetProcAddressARB((const GLubyte *)"glXCreateContextAttribsARB");
    const int fb_attribs[] = { GLX_RENDER_TYPE, GLX_RGBA_BIT, GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT,
                               GLX_DOUBLEBUFFER, True, GLX_RED_SIZE, 8, None };
    int n = 0;
    GLXFBConfig *fbc = glXChooseFBConfig(xdpy, DefaultScreen(xdpy), fb_attribs, &n);
    CHECK(create && fbc && n > 0, "GLX config");
    if (!create || !fbc || n == 0)
        return;
    XVisualInfo *vi = glXGetVisualFromFBConfig(xdpy, fbc[0]);
    XSetWindowAttributes swa = { 0 };
    Window root = RootWindow(xdpy, vi->screen);
    swa.colormap = XCreateColormap(xdpy, root, vi->visual, AllocNone);
    Window win = XCreateWindow(xdpy, root, 0, 0, 64, 64, 0, vi->depth, InputOutput, vi->visual,
                               CWColormap, &swa);
    const int ctx_attribs[] = { GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_MINOR_VERSION_ARB, 0,
                                GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_ES2_PROFILE_BIT_EXT,
                                None };
    GLXContext ctx = create(xdpy, fbc[0], NULL, True, ctx_attribs);
    CHECK(ctx, "glXCreateContextAttribsARB(ES 2.0)");
    if (ctx && glXMakeCurrent(xdpy, win, ctx)) {
        const char *version = (const char *)glGetString(GL_VERSION);
        printf("glx version: %s\n", version ? version : "(null)");
        CHECK(version && strncmp(version, "OpenGL ES ", 10) == 0, "GLX GL_VERSION %s", version);
        draw_checks();
        glXSwapBuffers(xdpy, win);
        glXMakeCurrent(xdpy, None, NULL);
    }
    if (ctx)
        glXDestroyContext(xdpy, ctx);
    XDestroyWindow(xdpy, win);
    XFree(vi);
    XFree(fbc);
    XCloseDisplay(xdpy);
}

int main(void)
{
    egl_checks();
    glx_checks();
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
