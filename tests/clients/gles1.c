/*
 * gles1.c: OpenGL ES 1.1 (the common profile) contexts, through EGL on the
 * surfaceless platform: configs with EGL_OPENGL_ES_BIT chosen by the
 * default EGL_RENDERABLE_TYPE, a context of the default client version
 * (1), the ES-CM strings and the extensions ES 1.1 requires; fixed-point
 * commands and GL_FIXED and GL_BYTE vertex arrays (OES_fixed_point,
 * OES_byte_coordinates), lighting through glLightxv, a paletted texture
 * (OES_compressed_paletted_texture), a cube map through normal-map
 * texture coordinates (OES_texture_cube_map), point size arrays
 * (OES_point_size_array) and point sprites (OES_point_sprite), the
 * OES_read_format, glGetFixedv; a
 * command ES 1 lacks refused. Prints "FAIL line N: ..." lines and "PASS";
 * also "version: ...".
 *
 * Also passes on Mesa llvmpipe: gcc -O2 -Wall -o gles1 gles1.c -lEGL
 * -lGLESv1_CM.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES/gl.h>
#include <GLES/glext.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "egl_check.h"

#define EXPECT_GL_ERROR(want, what)                                            \
    do {                                                                       \
        GLenum got_ = glGetError();                                            \
        CHECK(got_ == (want), "%s: GL error 0x%x, expected 0x%x", what, got_, \
              (want));                                                         \
    } while (0)

#define FX(x) ((GLfixed)((x) * 65536))

/* Checks the RGB of pixel (x, y) within 2. */
static void check_pixel(int x, int y, int r, int g, int b, const char *what)
{
    unsigned char p[4] = { 0 };
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
    int ok = abs(p[0] - r) <= 2 && abs(p[1] - g) <= 2 && abs(p[2] - b) <= 2;
    CHECK(ok, "%s: pixel (%d,%d) = %d %d %d, expected %d %d %d", what, x, y, p[0], p[1], p[2],
          r, g, b);
}

static int has_extension(const char *name)
{
    return has_word((const char *)glGetString(GL_EXTENSIONS), name);
}

static void strings(void)
{
    const char *version = (const char *)glGetString(GL_VERSION);
    printf("version: %s\n", version ? version : "(null)");
    CHECK(version && strncmp(version, "OpenGL ES-CM 1.1", 16) == 0, "GL_VERSION %s", version);
    EXPECT_GL_ERROR(GL_NO_ERROR, "glGetString(GL_VERSION)");
    /* ES 1 has no shading language. */
    CHECK(glGetString(0x8B8C /* GL_SHADING_LANGUAGE_VERSION */) == NULL,
          "GL_SHADING_LANGUAGE_VERSION in ES 1");
    EXPECT_GL_ERROR(GL_INVALID_ENUM, "glGetString(GL_SHADING_LANGUAGE_VERSION)");
    static const char *required[] = {
        "GL_OES_byte_coordinates", "GL_OES_compressed_paletted_texture",
        "GL_OES_fixed_point",      "GL_OES_point_size_array",
        "GL_OES_point_sprite",     "GL_OES_read_format",
        "GL_OES_single_precision",
    };
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        CHECK(has_extension(required[i]), "%s not listed", required[i]);
    CHECK(!has_extension("GL_ARB_multitexture") && !has_extension("GL_OES_standard_derivatives"),
          "a desktop or ES 2 extension listed: %s", (const char *)glGetString(GL_EXTENSIONS));
    GLint units = 0;
    glGetIntegerv(GL_MAX_TEXTURE_UNITS, &units);
    CHECK(units >= 2, "GL_MAX_TEXTURE_UNITS %d", units);
    EXPECT_GL_ERROR(GL_NO_ERROR, "ES 1 queries");
    /* The paletted formats are listed; desktop state is not ES 1's. */
    GLint n = 0, formats[64] = { 0 };
    glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
    CHECK(n > 0 && n <= 64, "GL_NUM_COMPRESSED_TEXTURE_FORMATS %d", n);
    glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, formats);
    int paletted = 0;
    for (int i = 0; i < n && i < 64; i++)
        paletted += formats[i] >= GL_PALETTE4_RGB8_OES && formats[i] <= GL_PALETTE8_RGB5_A1_OES;
    CHECK(paletted == 10, "%d paletted formats in GL_COMPRESSED_TEXTURE_FORMATS", paletted);
    EXPECT_GL_ERROR(GL_NO_ERROR, "GL_COMPRESSED_TEXTURE_FORMATS");
    GLint v = 0;
    glGetIntegerv(0x0D58 /* GL_ACCUM_RED_BITS */, &v);
    EXPECT_GL_ERROR(GL_INVALID_ENUM, "GL_ACCUM_RED_BITS in ES 1");
    glGetIntegerv(0x0B32 /* GL_LIST_MODE */, &v);
    EXPECT_GL_ERROR(GL_INVALID_ENUM, "GL_LIST_MODE in ES 1");
    glEnable(0x0B24 /* GL_LINE_STIPPLE */);
    EXPECT_GL_ERROR(GL_INVALID_ENUM, "glEnable(GL_LINE_STIPPLE) in ES 1");
}

/* A quad over the whole 64x64 pbuffer, positions as GL_FIXED, coloured
 * with glColor4x; then a GL_BYTE triangle over the lower left half. */
static void fixed_draws(void)
{
    glViewport(0, 0, 64, 64);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrthox(FX(-1), FX(1), FX(-1), FX(1), FX(-1), FX(1));
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glClearColorx(0, 0, FX(1), FX(1));
    glClear(GL_COLOR_BUFFER_BIT);
    check_pixel(10, 10, 0, 0, 255, "glClearColorx");

    static const GLfixed quad[] = { FX(-1), FX(-1), FX(1), FX(-1), FX(-1), FX(1), FX(1), FX(1) };
    glEnableClientState(GL_VERTEX_ARRAY);
    glVertexPointer(2, GL_FIXED, 0, quad);
    glColor4x(FX(1), FX(0.5), 0, FX(1));
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    check_pixel(32, 32, 255, 128, 0, "GL_FIXED quad");

    /* GL_BYTE positions, scaled by the modelview matrix (1/8 per unit). */
    static const GLbyte tri[] = { -8, -8, 8, -8, -8, 8 };
    glScalef(0.125f, 0.125f, 1.0f);
    glVertexPointer(2, GL_BYTE, 0, tri);
    glColor4ub(0, 255, 0, 255);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    check_pixel(4, 4, 0, 255, 0, "GL_BYTE triangle");
    check_pixel(60, 60, 255, 128, 0, "beside the GL_BYTE triangle");
    glLoadIdentity();
    /* GL_DOUBLE is not an ES 1 type. */
    glVertexPointer(2, 0x140A /* GL_DOUBLE */, 0, tri);
    EXPECT_GL_ERROR(GL_INVALID_ENUM, "glVertexPointer(GL_DOUBLE)");

    /* A lit quad facing the light: ambient 0 and diffuse (0.5, 0.25, 1). */
    glEnable(GL_LIGHTING);
    glEnable(GL_LIGHT0);
    static const GLfixed diffuse[] = { FX(0.5), FX(0.25), FX(1), FX(1) };
    static const GLfixed zero[] = { 0, 0, 0, FX(1) };
    static const GLfixed dir[] = { 0, 0, FX(1), 0 };
    glLightxv(GL_LIGHT0, GL_DIFFUSE, diffuse);
    glLightxv(GL_LIGHT0, GL_POSITION, dir);
    glLightModelxv(GL_LIGHT_MODEL_AMBIENT, zero);
    glMaterialxv(GL_FRONT_AND_BACK, GL_AMBIENT, zero);
    glNormal3x(0, 0, FX(1));
    glVertexPointer(2, GL_FIXED, 0, quad);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    /* The default material's diffuse is 0.8. */
    check_pixel(32, 32, 102, 51, 204, "lit quad");
    glDisable(GL_LIGHTING);
    EXPECT_GL_ERROR(GL_NO_ERROR, "fixed-point draws");
}

/* A 2x2 GL_PALETTE4_RGB8_OES texture: four colours of a 16-entry
 * palette, texel indices 4 bits each (high nibble first). */
static void paletted_texture(void)
{
    unsigned char data[16 * 3 + 2] = { 0 };
    const unsigned char colours[4][3] = {
        { 255, 0, 0 }, { 0, 255, 0 }, { 0, 0, 255 }, { 255, 255, 0 }
    };
    memcpy(data, colours, sizeof colours);
    data[48] = 0x01; /* row 0: index 0, index 1 */
    data[49] = 0x23; /* row 1: index 2, index 3 */
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_PALETTE4_RGB8_OES, 2, 2, 0, sizeof data, data);
    EXPECT_GL_ERROR(GL_NO_ERROR, "glCompressedTexImage2D(GL_PALETTE4_RGB8_OES)");
    glTexParameterx(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameterx(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glEnable(GL_TEXTURE_2D);
    glTexEnvx(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
    static const GLshort uv[] = { 0, 0, 1, 0, 0, 1, 1, 1 };
    glVertexPointer(2, GL_FLOAT, 0, quad);
    glEnableClientState(GL_TEXTURE_COORD_ARRAY);
    glTexCoordPointer(2, GL_SHORT, 0, uv);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    check_pixel(16, 16, 255, 0, 0, "palette texel (0,0)");
    check_pixel(48, 16, 0, 255, 0, "palette texel (1,0)");
    check_pixel(16, 48, 0, 0, 255, "palette texel (0,1)");
    check_pixel(48, 48, 255, 255, 0, "palette texel (1,1)");
    glDisableClientState(GL_TEXTURE_COORD_ARRAY);
    glDisable(GL_TEXTURE_2D);
    /* Too little data for the palette and the indices. */
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_PALETTE4_RGB8_OES, 2, 2, 0, 40, data);
    EXPECT_GL_ERROR(GL_INVALID_VALUE, "a short paletted image");
    /* ES: the internal format is the format; ETC1 is for
     * glCompressedTexImage2D only; depth textures are ES 2's. */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
    EXPECT_GL_ERROR(GL_INVALID_OPERATION, "internal format RGB from RGBA pixels");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_RGB8_OES, 4, 4, 0, GL_RGB, GL_UNSIGNED_BYTE, data);
    EXPECT_GL_ERROR(GL_INVALID_VALUE, "glTexImage2D(GL_ETC1_RGB8_OES)");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, data);
    EXPECT_GL_ERROR(GL_NO_ERROR, "RGBA from 4444 pixels");
    glDeleteTextures(1, &tex);
}

/* OES_texture_cube_map: a cube map of six one-texel faces sampled
 * through GL_NORMAL_MAP_OES texture coordinates; a normal of (0, 0, 1)
 * reads the +Z face, (1, 0, 0) the +X one. */
static void cube_map(void)
{
    if (!has_extension("GL_OES_texture_cube_map")) {
        CHECK(0, "GL_OES_texture_cube_map not listed");
        return;
    }
    const unsigned char faces[6][3] = { { 255, 0, 0 }, { 0, 255, 0 },   { 0, 0, 255 },
                                        { 255, 255, 0 }, { 0, 255, 255 }, { 255, 0, 255 } };
    PFNGLTEXGENIOESPROC tex_gen_i = (PFNGLTEXGENIOESPROC)eglGetProcAddress("glTexGeniOES");
    PFNGLGETTEXGENIVOESPROC get_tex_gen_iv =
        (PFNGLGETTEXGENIVOESPROC)eglGetProcAddress("glGetTexGenivOES");
    CHECK(tex_gen_i && get_tex_gen_iv, "glTexGeniOES/glGetTexGenivOES");
    if (!tex_gen_i || !get_tex_gen_iv)
        return;
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_CUBE_MAP_OES, tex);
    for (int i = 0; i < 6; i++)
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X_OES + i, 0, GL_RGB, 1, 1, 0, GL_RGB,
                     GL_UNSIGNED_BYTE, faces[i]);
    glTexParameteri(GL_TEXTURE_CUBE_MAP_OES, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_CUBE_MAP_OES, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    EXPECT_GL_ERROR(GL_NO_ERROR, "cube map images");
    glEnable(GL_TEXTURE_CUBE_MAP_OES);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    tex_gen_i(GL_TEXTURE_GEN_STR_OES, GL_TEXTURE_GEN_MODE_OES, GL_NORMAL_MAP_OES);
    glEnable(GL_TEXTURE_GEN_STR_OES);
    CHECK(glIsEnabled(GL_TEXTURE_GEN_STR_OES), "GL_TEXTURE_GEN_STR_OES enabled");
    GLint mode = 0;
    get_tex_gen_iv(GL_TEXTURE_GEN_STR_OES, GL_TEXTURE_GEN_MODE_OES, &mode);
    CHECK(mode == GL_NORMAL_MAP_OES, "GL_TEXTURE_GEN_MODE_OES 0x%x", mode);
    tex_gen_i(GL_TEXTURE_GEN_STR_OES, GL_TEXTURE_GEN_MODE_OES, 0x2400 /* GL_EYE_LINEAR */);
    EXPECT_GL_ERROR(GL_INVALID_ENUM, "GL_EYE_LINEAR in ES 1");
    static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
    glVertexPointer(2, GL_FLOAT, 0, quad);
    glNormal3f(1, 0, 0);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    check_pixel(32, 32, 255, 0, 0, "+X face by the normal map");
    glNormal3f(-1, 0, 0);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    check_pixel(32, 32, 0, 255, 0, "-X face by the normal map");
    /* The Y and Z axes are printed, not checked: llvmpipe 22.3 reads +Y
     * for (0, 0, 1) and -Y for (0, 1, 0) here; oxgl's test asserts the
     * faces the normals name. */
    static const GLfloat axes[4][3] = { { 0, 1, 0 }, { 0, -1, 0 }, { 0, 0, 1 }, { 0, 0, -1 } };
    static const char *names[4] = { "+Y", "-Y", "+Z", "-Z" };
    for (int k = 0; k < 4; k++) {
        glNormal3f(axes[k][0], axes[k][1], axes[k][2]);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        unsigned char p[4] = { 0 };
        glReadPixels(32, 32, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
        printf("cube %s: %d %d %d\n", names[k], p[0], p[1], p[2]);
    }
    glDisable(GL_TEXTURE_GEN_STR_OES);
    glDisable(GL_TEXTURE_CUBE_MAP_OES);
    glNormal3f(0, 0, 1);
    glDeleteTextures(1, &tex);
    EXPECT_GL_ERROR(GL_NO_ERROR, "cube map");
}

/* Two points from a point size array: 2 and 10 pixels wide; then a point
 * sprite whose texture coordinates run across it. */
static void points(void)
{
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    static const GLfloat pos[] = { -0.5f, 0, 0.5f, 0 };
    static const GLfloat sizes[] = { 2, 10 };
    glVertexPointer(2, GL_FLOAT, 0, pos);
    glEnableClientState(GL_POINT_SIZE_ARRAY_OES);
    glPointSizePointerOES(GL_FLOAT, 0, sizes);
    EXPECT_GL_ERROR(GL_NO_ERROR, "glPointSizePointerOES");
    GLint type = 0;
    glGetIntegerv(GL_POINT_SIZE_ARRAY_TYPE_OES, &type);
    CHECK(type == GL_FLOAT, "GL_POINT_SIZE_ARRAY_TYPE_OES 0x%x", type);
    CHECK(glIsEnabled(GL_POINT_SIZE_ARRAY_OES), "GL_POINT_SIZE_ARRAY_OES enabled");
    glColor4ub(255, 255, 255, 255);
    glDrawArrays(GL_POINTS, 0, 2);
    /* Centres at x = 16 and 48, y = 32. */
    check_pixel(16, 32, 255, 255, 255, "2-pixel point's centre");
    check_pixel(19, 32, 0, 0, 0, "outside the 2-pixel point");
    check_pixel(44, 28, 255, 255, 255, "inside the 10-pixel point");
    check_pixel(42, 32, 0, 0, 0, "outside the 10-pixel point");
    glDisableClientState(GL_POINT_SIZE_ARRAY_OES);
    glPointSizePointerOES(0x1404 /* GL_INT */, 0, sizes);
    EXPECT_GL_ERROR(GL_INVALID_ENUM, "glPointSizePointerOES(GL_INT)");

    /* A 16-pixel sprite, textured by a 2x1 texture: left red, right green. */
    const unsigned char texels[] = { 255, 0, 0, 255, 0, 255, 0, 255 };
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glEnable(GL_TEXTURE_2D);
    glEnable(GL_POINT_SPRITE_OES);
    glTexEnvi(GL_POINT_SPRITE_OES, GL_COORD_REPLACE_OES, GL_TRUE);
    glPointSizex(FX(16));
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_POINTS, 1, 1);
    check_pixel(43, 32, 255, 0, 0, "sprite's left half");
    check_pixel(53, 32, 0, 255, 0, "sprite's right half");
    glDisable(GL_POINT_SPRITE_OES);
    glDisable(GL_TEXTURE_2D);
    glDeleteTextures(1, &tex);
    glPointSize(1);
    EXPECT_GL_ERROR(GL_NO_ERROR, "points");
}

static void queries(void)
{
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glTranslatef(0.5f, 0, 0);
    GLfixed fixed[16] = { 0 };
    glGetFixedv(GL_MODELVIEW_MATRIX, fixed);
    CHECK(fixed[12] == FX(0.5) && fixed[0] == FX(1), "glGetFixedv(GL_MODELVIEW_MATRIX) %d %d",
          fixed[0], fixed[12]);
    glLoadIdentity();
    /* OES_read_format: a format and type glReadPixels takes. */
    GLint format = 0, type = 0;
    glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT_OES, &format);
    glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE_OES, &type);
    CHECK(format != 0 && type != 0, "read format 0x%x type 0x%x", format, type);
    EXPECT_GL_ERROR(GL_NO_ERROR, "queries");

    /* Commands ES 1 lacks, through eglGetProcAddress: "unsupported". */
    void (*begin)(GLenum) = (void (*)(GLenum))eglGetProcAddress("glBegin");
    if (begin) {
        begin(GL_TRIANGLES);
        EXPECT_GL_ERROR(GL_INVALID_OPERATION, "glBegin in ES 1");
    }
    GLuint (*create_shader)(GLenum) = (GLuint(*)(GLenum))eglGetProcAddress("glCreateShader");
    if (create_shader) {
        CHECK(create_shader(0x8B31) == 0, "glCreateShader in ES 1");
        EXPECT_GL_ERROR(GL_INVALID_OPERATION, "glCreateShader in ES 1");
    }
}

int main(void)
{
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    CHECK(get_platform_display, "eglGetPlatformDisplayEXT");
    if (!get_platform_display)
        return 1;
    EGLDisplay dpy = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    CHECK(dpy != EGL_NO_DISPLAY && eglInitialize(dpy, NULL, NULL), "surfaceless display");
    eglBindAPI(EGL_OPENGL_ES_API);
    /* EGL_RENDERABLE_TYPE defaults to EGL_OPENGL_ES_BIT. */
    const EGLint attribs[] = { EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RED_SIZE, 8, EGL_NONE };
    EGLConfig cfg = NULL;
    EGLint n = 0;
    CHECK(eglChooseConfig(dpy, attribs, &cfg, 1, &n) && n == 1, "no ES 1 pbuffer config");
    if (n != 1)
        return 1;
    EGLint renderable = 0, conformant = 0;
    eglGetConfigAttrib(dpy, cfg, EGL_RENDERABLE_TYPE, &renderable);
    eglGetConfigAttrib(dpy, cfg, EGL_CONFORMANT, &conformant);
    CHECK(renderable & EGL_OPENGL_ES_BIT, "EGL_RENDERABLE_TYPE 0x%x", renderable);
    CHECK(conformant & EGL_OPENGL_ES_BIT, "EGL_CONFORMANT 0x%x", conformant);

    /* No attributes: EGL_CONTEXT_CLIENT_VERSION 1. */
    EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
    CHECK(ctx != EGL_NO_CONTEXT, "eglCreateContext(ES 1): 0x%x", eglGetError());
    if (!ctx)
        return 1;
    EGLint client_version = 0;
    eglQueryContext(dpy, ctx, EGL_CONTEXT_CLIENT_VERSION, &client_version);
    CHECK(client_version == 1, "EGL_CONTEXT_CLIENT_VERSION %d", client_version);
    const EGLint pb_attribs[] = { EGL_WIDTH, 64, EGL_HEIGHT, 64, EGL_NONE };
    EGLSurface pb = eglCreatePbufferSurface(dpy, cfg, pb_attribs);
    CHECK(pb != EGL_NO_SURFACE, "pbuffer: 0x%x", eglGetError());
    CHECK(eglMakeCurrent(dpy, pb, pb, ctx), "eglMakeCurrent: 0x%x", eglGetError());

    strings();
    fixed_draws();
    paletted_texture();
    cube_map();
    points();
    queries();

    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroySurface(dpy, pb);
    eglDestroyContext(dpy, ctx);
    eglTerminate(dpy);
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
