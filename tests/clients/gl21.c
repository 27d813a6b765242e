/*
 * gl21.c: the GL 2.1 additions, by their results:
 * - the version strings (2.1, GLSL 1.20) and `#version 130` rejected;
 * - pixel buffer objects: glTexImage2D, glTexSubImage2D, glDrawPixels,
 *   glBitmap and glPolygonStipple unpacking from a buffer at an offset,
 *   glReadPixels, glGetTexImage and glGetPolygonStipple packing into one
 *   (bytes outside the image kept), read back with glGetBufferSubData and
 *   glMapBuffer; INVALID_OPERATION for a range past the end and for a
 *   mapped buffer;
 * - sRGB textures: texels read back as given, sampled as linear colour
 *   (GL_SRGB8_ALPHA8, GL_SLUMINANCE8), linear filtering in linear space;
 * - GLSL 1.20: uniform initializers (also set by the API afterwards),
 *   non-square matrices, gl_ClipVertex against a user clip plane, an
 *   implicitly sized array, two fragment shaders sharing a uniform.
 * Prints FAIL lines and PASS when all hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include <math.h>
#include <string.h>

static void quad(float x0, float y0, float x1, float y1)
{
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex2f(x0, y0);
    glTexCoord2f(1, 0);
    glVertex2f(x1, y0);
    glTexCoord2f(1, 1);
    glVertex2f(x1, y1);
    glTexCoord2f(0, 1);
    glVertex2f(x0, y1);
    glEnd();
}

static void versions(void)
{
    const char *v = (const char *)glGetString(GL_VERSION);
    const char *sl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
    CHECK(v && strncmp(v, "2.1", 3) == 0, "GL_VERSION %s", v ? v : "(null)");
    CHECK(sl && strncmp(sl, "1.20", 4) == 0, "GL_SHADING_LANGUAGE_VERSION %s",
          sl ? sl : "(null)");
    GLuint s = glCreateShader(GL_FRAGMENT_SHADER);
    const char *src = "#version 130\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok;
    char log[512] = "";
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    glGetShaderInfoLog(s, sizeof log, NULL, log);
    CHECK(!ok, "#version 130 compiled in a GL 2.1 context");
    CHECK(strstr(log, "error: GLSL 1.30 is not supported. Supported versions are: 1.10, 1.20") !=
              NULL,
          "#version 130 log: %s", log);
    glDeleteShader(s);
}

static void pbo_unpack(void)
{
    GLuint buf, tex;
    GLubyte data[64 + 4 * 4 * 4];
    int i;
    /* 64 bytes of padding, then a 4x4 RGBA image: red left half, blue right. */
    memset(data, 0x77, sizeof data);
    for (i = 0; i < 16; i++) {
        GLubyte *p = data + 64 + i * 4;
        int left = i % 4 < 2;
        p[0] = left ? 255 : 0;
        p[1] = 0;
        p[2] = left ? 0 : 255;
        p[3] = 255;
    }
    glGenBuffers(1, &buf);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buf);
    glBufferData(GL_PIXEL_UNPACK_BUFFER, sizeof data, data, GL_STATIC_DRAW);
    expect_error(GL_NO_ERROR, "unpack buffer");

    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    /* GL_UNPACK_SKIP_IMAGES applies to 3D images only (GL 2.1 §3.8.1). */
    glPixelStorei(GL_UNPACK_SKIP_IMAGES, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 (const void *)64);
    glPixelStorei(GL_UNPACK_SKIP_IMAGES, 0);
    expect_error(GL_NO_ERROR, "glTexImage2D from a buffer");
    /* Past the end: the image would need 64 + 64 bytes from offset 65. */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 (const void *)65);
    expect_error(GL_INVALID_OPERATION, "glTexImage2D past the buffer's end");

    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    quad(0, 0, 8, 8);
    glDisable(GL_TEXTURE_2D);
    CHECK_RGBA(1, 4, 255, 0, 0, 255, 0, "texture from a buffer, left");
    CHECK_RGBA(6, 4, 0, 0, 255, 255, 0, "texture from a buffer, right");

    /* glTexSubImage2D: one green texel from the buffer's offset 64 + 0. */
    GLubyte green[4] = { 0, 255, 0, 255 };
    glBufferSubData(GL_PIXEL_UNPACK_BUFFER, 0, 4, green);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, (const void *)0);
    expect_error(GL_NO_ERROR, "glTexSubImage2D from a buffer");
    GLubyte back[4 * 4 * 4];
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
    CHECK(back[60] == 0 && back[61] == 255 && back[62] == 0, "texel (3,3) %d %d %d", back[60],
          back[61], back[62]);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buf);

    /* glDrawPixels of the 4x4 image at (10, 10). */
    glRasterPos2i(10, 10);
    glDrawPixels(4, 4, GL_RGBA, GL_UNSIGNED_BYTE, (const void *)64);
    expect_error(GL_NO_ERROR, "glDrawPixels from a buffer");
    CHECK_RGBA(10, 11, 255, 0, 0, 255, 0, "glDrawPixels from a buffer, left");
    CHECK_RGBA(13, 11, 0, 0, 255, 255, 0, "glDrawPixels from a buffer, right");

    /* A mapped buffer cannot be read by pixel commands. */
    void *m = glMapBuffer(GL_PIXEL_UNPACK_BUFFER, GL_READ_ONLY);
    CHECK(m != NULL, "glMapBuffer");
    glDrawPixels(4, 4, GL_RGBA, GL_UNSIGNED_BYTE, (const void *)64);
    expect_error(GL_INVALID_OPERATION, "glDrawPixels from a mapped buffer");
    glUnmapBuffer(GL_PIXEL_UNPACK_BUFFER);

    /* glBitmap: an 8x1 bitmap 0xF0 (left four bits set) at offset 1. */
    GLubyte bits[2] = { 0, 0xF0 };
    glBufferSubData(GL_PIXEL_UNPACK_BUFFER, 0, 2, bits);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glColor3f(1, 1, 0);
    glRasterPos2i(20, 20);
    glBitmap(8, 1, 0, 0, 0, 0, (const GLubyte *)1);
    expect_error(GL_NO_ERROR, "glBitmap from a buffer");
    CHECK_RGBA(21, 20, 255, 255, 0, 255, 0, "glBitmap set bit");
    CHECK_RGBA(26, 20, 0, 0, 0, 0, 0, "glBitmap clear bit");
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glColor3f(1, 1, 1);

    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    glDeleteBuffers(1, &buf);
    glDeleteTextures(1, &tex);
}

static void pbo_pack(void)
{
    GLuint buf;
    GLubyte out[16 + 2 * 2 * 4 + 16];
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glGenBuffers(1, &buf);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, buf);
    memset(out, 0x5a, sizeof out);
    glBufferData(GL_PIXEL_PACK_BUFFER, sizeof out, out, GL_STREAM_READ);
    glReadPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, (void *)16);
    expect_error(GL_NO_ERROR, "glReadPixels into a buffer");
    glGetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, sizeof out, out);
    CHECK(out[15] == 0x5a && out[16 + 16] == 0x5a, "bytes around the image changed");
    CHECK(out[16] == 0 && out[17] == 255 && out[18] == 0 && out[19] == 255 && out[16 + 13] == 255,
          "glReadPixels into a buffer: %d %d %d %d", out[16], out[17], out[18], out[19]);
    glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, (void *)16);
    expect_error(GL_INVALID_OPERATION, "glReadPixels past the buffer's end");

    /* glGetTexImage into the buffer, read through a mapping. */
    GLuint tex;
    GLubyte texel[4] = { 10, 20, 30, 40 };
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, (void *)4);
    expect_error(GL_NO_ERROR, "glGetTexImage into a buffer");
    const GLubyte *m = glMapBuffer(GL_PIXEL_PACK_BUFFER, GL_READ_ONLY);
    CHECK(m && m[4] == 10 && m[5] == 20 && m[6] == 30 && m[7] == 40,
          "glGetTexImage into a buffer: %d %d %d %d", m ? m[4] : -1, m ? m[5] : -1,
          m ? m[6] : -1, m ? m[7] : -1);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, (void *)4);
    expect_error(GL_INVALID_OPERATION, "glGetTexImage into a mapped buffer");
    glUnmapBuffer(GL_PIXEL_PACK_BUFFER);

    /* Polygon stipple round trip through both buffers. */
    GLubyte stipple[128];
    int i;
    for (i = 0; i < 128; i++)
        stipple[i] = (GLubyte)(i * 7);
    glBufferData(GL_PIXEL_PACK_BUFFER, 256, NULL, GL_STREAM_COPY);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buf);
    glBufferSubData(GL_PIXEL_UNPACK_BUFFER, 0, 128, stipple);
    glPolygonStipple((const GLubyte *)0);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    glGetPolygonStipple((GLubyte *)128);
    expect_error(GL_NO_ERROR, "polygon stipple through buffers");
    GLubyte got[128];
    glGetBufferSubData(GL_PIXEL_PACK_BUFFER, 128, 128, got);
    CHECK(memcmp(got, stipple, 128) == 0, "polygon stipple round trip");

    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    GLint b = -1;
    glGetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &b);
    CHECK(b == 0, "GL_PIXEL_PACK_BUFFER_BINDING %d", b);
    glDeleteBuffers(1, &buf);
    glDeleteTextures(1, &tex);
}

static int srgb_byte(double linear)
{
    double s = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055;
    return (int)(s * 255 + 0.5);
}

static double linear_of(int byte)
{
    double s = byte / 255.0;
    return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4);
}

static void srgb_textures(void)
{
    GLuint tex;
    /* Two texels: sRGB 128 and 0 (alpha 128 and 255, alpha stays linear). */
    GLubyte t[8] = { 128, 128, 128, 128, 0, 0, 0, 255 };
    GLubyte back[8];
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, t);
    expect_error(GL_NO_ERROR, "GL_SRGB8_ALPHA8 image");
    GLint ifmt = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &ifmt);
    CHECK(ifmt == GL_SRGB8_ALPHA8, "GL_TEXTURE_INTERNAL_FORMAT 0x%x", ifmt);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
    CHECK(memcmp(back, t, 8) == 0, "sRGB texels read back %d %d %d %d / %d %d %d %d", back[0],
          back[1], back[2], back[3], back[4], back[5], back[6], back[7]);

    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    quad(0, 0, 8, 8);
    /* sRGB 128 is linear 0.2158: 55 of 255. */
    int l = (int)(linear_of(128) * 255 + 0.5);
    CHECK_RGBA(1, 4, l, l, l, 128, 1, "sampled sRGB texel");
    CHECK_RGBA(6, 4, 0, 0, 0, 255, 0, "sampled sRGB black");

    /* GL_LINEAR halfway between the texels averages linear colour. */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glBegin(GL_QUADS);
    glTexCoord2f(0.5, 0.5);
    glVertex2f(10, 0);
    glVertex2f(12, 0);
    glVertex2f(12, 2);
    glVertex2f(10, 2);
    glEnd();
    int half = (int)(linear_of(128) / 2 * 255 + 0.5);
    CHECK_RGBA(11, 1, half, half, half, (128 + 255) / 2, 2, "linear filtering of sRGB texels");

    /* Luminance: sRGB 200 -> linear 0.578. */
    GLubyte lum = 200;
    glTexImage2D(GL_TEXTURE_2D, 0, GL_SLUMINANCE8, 1, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, &lum);
    expect_error(GL_NO_ERROR, "GL_SLUMINANCE8 image");
    quad(20, 0, 22, 2);
    l = (int)(linear_of(200) * 255 + 0.5);
    CHECK_RGBA(21, 1, l, l, l, 255, 1, "sampled sRGB luminance");
    GLubyte lb = 0;
    glGetTexImage(GL_TEXTURE_2D, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, &lb);
    CHECK(lb == 200, "sRGB luminance read back %d", lb);
    CHECK(srgb_byte(linear_of(200)) == 200, "test's own conversion");
    glDisable(GL_TEXTURE_2D);
    glDeleteTextures(1, &tex);
}

static GLuint program(const char *vs, const char *fs)
{
    GLuint p = glCreateProgram();
    const char *src[2] = { vs, fs };
    GLenum kind[2] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
    int i;
    for (i = 0; i < 2; i++) {
        GLuint s = glCreateShader(kind[i]);
        glShaderSource(s, 1, &src[i], NULL);
        glCompileShader(s);
        GLint ok;
        glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
        if (!ok) {
            char log[1024];
            glGetShaderInfoLog(s, sizeof log, NULL, log);
            CHECK(0, "shader %d: %s", i, log);
        }
        glAttachShader(p, s);
        glDeleteShader(s);
    }
    glLinkProgram(p);
    GLint ok;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[1024];
        glGetProgramInfoLog(p, sizeof log, NULL, log);
        CHECK(0, "link: %s", log);
    }
    return p;
}

static void glsl120(void)
{
    static const char *vs = "#version 120\n"
                            "void main() { gl_Position = ftransform(); }\n";
    /* `unused` is never read: with an initializer it stays active. */
    static const char *fs = "#version 120\n"
                            "uniform vec4 color = vec4(0.25, 0.5, 0.75, 1.0);\n"
                            "uniform float unused = 3.0;\n"
                            "uniform mat2x3 m = mat2x3(1.0, 0.0, 0.0, 0.0, 0.5, 0.0);\n"
                            "void main() {\n"
                            "  vec3 c = m * vec2(color.x, color.y);\n"
                            "  gl_FragColor = vec4(c, color.w);\n"
                            "}\n";
    GLuint p = program(vs, fs);
    glUseProgram(p);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    quad(0, 0, 4, 4);
    /* (0.25, 0.25, 0): x taken from column 0, y halved by column 1. */
    CHECK_RGBA(1, 1, 64, 64, 0, 255, 1, "uniform initializers");
    GLint loc = glGetUniformLocation(p, "unused");
    CHECK(loc >= 0, "initialized unused uniform is not active");
    GLfloat f = 0;
    glGetUniformfv(p, loc, &f);
    CHECK(f == 3.0f, "initial value of `unused' %f", f);
    GLfloat mv[6];
    glGetUniformfv(p, glGetUniformLocation(p, "m"), mv);
    CHECK(mv[0] == 1.0f && mv[4] == 0.5f && mv[5] == 0.0f, "mat2x3 initial value %f %f", mv[0],
          mv[4]);
    /* Set by the API: the initializer no longer matters. */
    glUniform4f(glGetUniformLocation(p, "color"), 1.0, 1.0, 0.0, 1.0);
    quad(4, 0, 8, 4);
    CHECK_RGBA(5, 1, 255, 128, 0, 255, 1, "uniform set over its initializer");
    expect_error(GL_NO_ERROR, "GLSL 1.20");
    glUseProgram(0);
    glDeleteProgram(p);
}

/* gl_ClipVertex against a user clip plane, an implicitly sized array, and
 * two fragment shaders of one program sharing a global. */
static void glsl_clipping_and_stages(void)
{
    static const char *vs = "#version 120\n"
                            "void main() {\n"
                            "  gl_Position = ftransform();\n"
                            "  gl_ClipVertex = gl_ModelViewMatrix * gl_Vertex;\n"
                            "}\n";
    /* Two shaders of the fragment stage: `weights' is implicitly sized by
     * its largest index, `base' is declared in both (one variable). */
    static const char *fs_a = "#version 120\n"
                              "uniform vec4 base;\n"
                              "vec4 shade();\n"
                              "void main() { gl_FragColor = shade(); }\n";
    static const char *fs_b = "#version 120\n"
                              "uniform vec4 base;\n"
                              "float weights[];\n"
                              "vec4 shade() {\n"
                              "  weights[0] = 0.5; weights[2] = 1.0;\n"
                              "  return base * weights[2] + vec4(0.0, weights[0], 0.0, 0.0);\n"
                              "}\n";
    const char *srcs[3] = { vs, fs_a, fs_b };
    GLenum kinds[3] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER, GL_FRAGMENT_SHADER };
    GLuint p = glCreateProgram();
    GLint ok;
    int i;
    for (i = 0; i < 3; i++) {
        GLuint sh = glCreateShader(kinds[i]);
        glShaderSource(sh, 1, &srcs[i], NULL);
        glCompileShader(sh);
        glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
        CHECK(ok, "clip test shader %d does not compile", i);
        glAttachShader(p, sh);
        glDeleteShader(sh);
    }
    glLinkProgram(p);
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[1024];
        glGetProgramInfoLog(p, sizeof log, NULL, log);
        CHECK(0, "two fragment shaders do not link: %s", log);
        return;
    }
    glUseProgram(p);
    glUniform4f(glGetUniformLocation(p, "base"), 1.0, 0.0, 0.0, 1.0);
    /* Keep x <= 10 (eye space is window space here). */
    GLdouble plane[4] = { -1, 0, 0, 10 };
    glClipPlane(GL_CLIP_PLANE0, plane);
    glEnable(GL_CLIP_PLANE0);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_QUADS);
    glVertex2f(0, 0);
    glVertex2f(20, 0);
    glVertex2f(20, 4);
    glVertex2f(0, 4);
    glEnd();
    glDisable(GL_CLIP_PLANE0);
    glUseProgram(0);
    glDeleteProgram(p);
    CHECK_RGBA(5, 2, 255, 128, 0, 255, 1, "inside the clip plane");
    CHECK_RGBA(15, 2, 0, 0, 0, 0, 0, "clipped by gl_ClipVertex");
    expect_error(GL_NO_ERROR, "gl_ClipVertex and joined stages");
}

/* A vertex shader writing neither gl_ClipVertex nor gl_ClipDistance is
 * clipped on gl_Position (GLSL 1.30 section 7.1; Mesa does so for every
 * version): the eye-space plane is compared against the clip-space
 * position. */
static void glsl_clip_on_position(void)
{
    static const char *vs = "void main() { gl_Position = ftransform(); }\n";
    static const char *fs = "void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }\n";
    const char *srcs[2] = { vs, fs };
    GLenum kinds[2] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
    GLuint p = glCreateProgram();
    GLint ok;
    int i;
    for (i = 0; i < 2; i++) {
        GLuint sh = glCreateShader(kinds[i]);
        glShaderSource(sh, 1, &srcs[i], NULL);
        glCompileShader(sh);
        glAttachShader(p, sh);
        glDeleteShader(sh);
    }
    glLinkProgram(p);
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    CHECK(ok, "position-clip program does not link");
    glUseProgram(p);
    /* Clip x = window x / 16 - 1: keeps window x <= 16. */
    GLdouble plane[4] = { -1, 0, 0, 0 };
    glClipPlane(GL_CLIP_PLANE1, plane);
    glEnable(GL_CLIP_PLANE1);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glRectf(0, 0, 32, 4);
    glDisable(GL_CLIP_PLANE1);
    glRectf(0, 8, 32, 12);
    glUseProgram(0);
    glDeleteProgram(p);
    CHECK_RGBA(8, 2, 0, 255, 0, 255, 0, "inside the plane on gl_Position");
    CHECK_RGBA(24, 2, 0, 0, 0, 0, 0, "clipped on gl_Position");
    CHECK_RGBA(24, 10, 0, 255, 0, 255, 0, "plane disabled");
    expect_error(GL_NO_ERROR, "clipping on gl_Position");
}

int main(void)
{
    struct test_window t = open_rgba8_window(32);
    glViewport(0, 0, 32, 32);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, 32, 0, 32, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    versions();
    pbo_unpack();
    pbo_pack();
    srgb_textures();
    glsl120();
    glsl_clipping_and_stages();
    glsl_clip_on_position();
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
