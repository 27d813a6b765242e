/*
 * tbo.c: GL_ARB_texture_buffer_object and GL_ARB_texture_buffer_range by
 * their results (a "SKIP GL_ARB_texture_buffer_object" line and PASS when
 * the extension string does not list it):
 * - queries: GL_TEXTURE_BINDING_BUFFER, the GL_TEXTURE_BUFFER buffer
 *   binding, GL_TEXTURE_BUFFER_DATA_STORE_BINDING, GL_TEXTURE_BUFFER_FORMAT
 *   (GL_LUMINANCE8 initially), GL_MAX_TEXTURE_BUFFER_SIZE,
 *   GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT, the level parameters (buffer,
 *   offset, size, internal format);
 * - errors: another target, a format outside the table, a buffer name
 *   without an object, a misaligned or empty range or one past the end,
 *   glTexImage2D and glTexParameteri of GL_TEXTURE_BUFFER;
 * - glTexBuffer inside glNewList(GL_COMPILE) runs at once and is not
 *   compiled;
 * - GLSL 1.20 with GL_EXT_gpu_shader4: texelFetchBuffer of RGBA8 texels,
 *   zero outside the buffer (index -1 and past the end), the buffer's
 *   current contents after glBufferSubData and after a write mapping,
 *   a range (glTexBufferRange) starting at texel 4, textureSizeBuffer,
 *   isamplerBuffer on RGBA32I, RGB32F and RGB32I (with
 *   GL_ARB_texture_buffer_object_rgb32), and the ALPHA8, LUMINANCE8 and
 *   INTENSITY8 formats of a compatibility context; a deleted buffer's data
 *   store stays the texture's.
 * Prints FAIL lines, and PASS when all checks hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"
#include <GL/glext.h>
#include <string.h>

#define TEXELS 8

static GLint geti(GLenum pname)
{
    GLint v = -1;
    glGetIntegerv(pname, &v);
    return v;
}

static GLint level_param(GLenum pname)
{
    GLint v = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, pname, &v);
    return v;
}

/* Compiles and links the vertex shader passing gl_MultiTexCoord0 on and
 * `fs`; 0 after a FAIL line when a step fails. */
static GLuint build(const char *what, const char *fs)
{
    return use_sampling_program(what, FTRANSFORM_VS("120"), fs);
}

/* A 4x4-pixel quad at window pixel (x, y) whose texture coordinate s is
 * `index` (the texel the shaders fetch). */
static void spot(int x, int y, float index)
{
    float x0 = x / 16.0f - 1, y0 = y / 16.0f - 1, x1 = (x + 4) / 16.0f - 1, y1 = (y + 4) / 16.0f - 1;
    glBegin(GL_QUADS);
    glTexCoord1f(index);
    glVertex2f(x0, y0);
    glVertex2f(x1, y0);
    glVertex2f(x1, y1);
    glVertex2f(x0, y1);
    glEnd();
}

static GLubyte texel[TEXELS][4];

static void make_texels(int seed)
{
    int i;
    for (i = 0; i < TEXELS; i++) {
        texel[i][0] = (GLubyte)(20 * i + seed);
        texel[i][1] = (GLubyte)(200 - 20 * i);
        texel[i][2] = (GLubyte)(7 * i + 3 * seed);
        texel[i][3] = 255;
    }
}

/* Draws spots fetching texels first..first+count-1 (and -1, past the end)
 * and checks them against want[] (zero outside). */
static void check_fetches(int count, GLubyte (*want)[4], const char *what)
{
    int i;
    glClear(GL_COLOR_BUFFER_BIT);
    /* Spot i + 1 of eight a row. */
    for (i = -1; i <= count; i++)
        spot(4 * ((i + 1) % 8), 4 * ((i + 1) / 8), (float)i);
    for (i = -1; i <= count; i++) {
        char w[80];
        int x = 4 * ((i + 1) % 8) + 2, y = 4 * ((i + 1) / 8) + 2;
        snprintf(w, sizeof w, "%s: texel %d", what, i);
        if (i < 0 || i == count)
            CHECK_RGBA(x, y, 0, 0, 0, 255, 0, w);
        else
            CHECK_RGBA(x, y, want[i][0], want[i][1], want[i][2], 255, 0, w);
    }
}

static void check_api(GLuint tex, GLuint bo)
{
    GLint align = geti(GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT);
    CHECK(geti(GL_MAX_TEXTURE_BUFFER_SIZE) >= 65536, "GL_MAX_TEXTURE_BUFFER_SIZE %d",
          geti(GL_MAX_TEXTURE_BUFFER_SIZE));
    CHECK(align >= 1 && align <= 256, "GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT %d", align);
    CHECK(geti(GL_TEXTURE_BINDING_BUFFER) == 0, "TEXTURE_BINDING_BUFFER initially");
    glBindTexture(GL_TEXTURE_BUFFER, tex);
    CHECK(geti(GL_TEXTURE_BINDING_BUFFER) == (GLint)tex, "TEXTURE_BINDING_BUFFER");
    CHECK(geti(GL_TEXTURE_BUFFER) == 0, "GL_TEXTURE_BUFFER binding initially");
    glBindBuffer(GL_TEXTURE_BUFFER, bo);
    CHECK(geti(GL_TEXTURE_BUFFER) == (GLint)bo, "GL_TEXTURE_BUFFER binding");
    CHECK(geti(GL_TEXTURE_BUFFER_FORMAT_ARB) == GL_LUMINANCE8, "TEXTURE_BUFFER_FORMAT initially");
    CHECK(geti(GL_TEXTURE_BUFFER_DATA_STORE_BINDING) == 0, "DATA_STORE_BINDING initially");
    expect_error(GL_NO_ERROR, "queries");
    glBufferData(GL_TEXTURE_BUFFER, 4 * TEXELS, NULL, GL_STATIC_DRAW);

    /* Errors. */
    glTexBuffer(GL_TEXTURE_2D, GL_RGBA8, bo);
    expect_error(GL_INVALID_ENUM, "glTexBuffer(GL_TEXTURE_2D)");
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RGB8, bo);
    expect_error(GL_INVALID_ENUM, "glTexBuffer(GL_RGB8)");
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, 12345);
    expect_error(GL_INVALID_OPERATION, "glTexBuffer of a name without a buffer");
    glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, bo, 1, 4);
    expect_error(GL_INVALID_VALUE, "misaligned offset");
    glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, bo, 0, 0);
    expect_error(GL_INVALID_VALUE, "size 0");
    glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, bo, 0, 4 * TEXELS + 4);
    expect_error(GL_INVALID_VALUE, "range past the end");
    glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, bo, -16, 4);
    expect_error(GL_INVALID_VALUE, "negative offset");
    glTexImage2D(GL_TEXTURE_BUFFER, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    expect_error(GL_INVALID_ENUM, "glTexImage2D(GL_TEXTURE_BUFFER)");
    glTexParameteri(GL_TEXTURE_BUFFER, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    expect_error(GL_INVALID_ENUM, "glTexParameteri(GL_TEXTURE_BUFFER)");

    /* Not compiled into display lists. */
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, bo);
    glEndList();
    CHECK(geti(GL_TEXTURE_BUFFER_DATA_STORE_BINDING) == (GLint)bo,
          "glTexBuffer in a list being compiled runs at once");
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, 0);
    glCallList(list);
    CHECK(geti(GL_TEXTURE_BUFFER_DATA_STORE_BINDING) == 0, "the list is empty");
    glDeleteLists(list, 1);
    expect_error(GL_NO_ERROR, "display list");

    /* Level parameters. */
    glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, bo, 16, 16);
    expect_error(GL_NO_ERROR, "glTexBufferRange");
    CHECK(level_param(GL_TEXTURE_BUFFER_DATA_STORE_BINDING) == (GLint)bo, "level: buffer");
    CHECK(level_param(GL_TEXTURE_BUFFER_OFFSET) == 16, "level: offset %d",
          level_param(GL_TEXTURE_BUFFER_OFFSET));
    CHECK(level_param(GL_TEXTURE_BUFFER_SIZE) == 16, "level: size %d",
          level_param(GL_TEXTURE_BUFFER_SIZE));
    CHECK(level_param(GL_TEXTURE_INTERNAL_FORMAT) == GL_RGBA8, "level: internal format");
    CHECK(geti(GL_TEXTURE_BUFFER_FORMAT_ARB) == GL_RGBA8, "TEXTURE_BUFFER_FORMAT");
    expect_error(GL_NO_ERROR, "level parameters");
}

int main(void)
{
    struct test_window t = open_test_window();
    if (!has_extension("GL_ARB_texture_buffer_object") ||
        !has_extension("GL_ARB_texture_buffer_range") || !has_extension("GL_EXT_gpu_shader4")) {
        printf("SKIP GL_ARB_texture_buffer_object\n");
        return close_test_window(&t);
    }
    GLuint tex, bo;
    glGenTextures(1, &tex);
    glGenBuffers(1, &bo);
    check_api(tex, bo);
    make_texels(0);
    glBufferData(GL_TEXTURE_BUFFER, sizeof texel, texel, GL_STATIC_DRAW);

    glClearColor(0, 0, 0, 0);
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, bo);
    GLuint p = build("texelFetchBuffer",
                     "#version 120\n"
                     "#extension GL_EXT_gpu_shader4 : require\n"
                     "uniform samplerBuffer tex;\n"
                     "void main() {\n"
                     "  gl_FragColor = texelFetchBuffer(tex, int(gl_TexCoord[0].x));\n"
                     "}\n");
    if (p) {
        check_fetches(TEXELS, texel, "RGBA8");
        /* The buffer's current contents, draw after draw. */
        make_texels(9);
        glBufferSubData(GL_TEXTURE_BUFFER, 0, sizeof texel, texel);
        check_fetches(TEXELS, texel, "after glBufferSubData");
        GLubyte *m = glMapBuffer(GL_TEXTURE_BUFFER, GL_WRITE_ONLY);
        CHECK(m != NULL, "glMapBuffer");
        if (m) {
            make_texels(40);
            memcpy(m, texel, sizeof texel);
            glUnmapBuffer(GL_TEXTURE_BUFFER);
        }
        check_fetches(TEXELS, texel, "after a write mapping");
        /* A range from texel 4: texels 4..7 are 0..3. */
        glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, bo, 16, 16);
        check_fetches(4, texel + 4, "glTexBufferRange");
        /* A larger buffer store: glTexBuffer sees the whole of it. */
        glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, bo);
        glBufferData(GL_TEXTURE_BUFFER, 4 * sizeof texel[0], texel, GL_STATIC_DRAW);
        check_fetches(4, texel, "smaller buffer store");
        glBufferData(GL_TEXTURE_BUFFER, sizeof texel, texel, GL_STATIC_DRAW);
        glUseProgram(0);
        glDeleteProgram(p);
    }
    p = build("textureSizeBuffer", "#version 120\n"
                                   "#extension GL_EXT_gpu_shader4 : require\n"
                                   "uniform samplerBuffer tex;\n"
                                   "void main() {\n"
                                   "  gl_FragColor = vec4(float(textureSizeBuffer(tex)) / 10.0);\n"
                                   "}\n");
    if (p) {
        glClear(GL_COLOR_BUFFER_BIT);
        spot(0, 0, 0);
        CHECK_RGBA(2, 2, 204, 204, 204, 255, 1, "textureSizeBuffer 8");
        glUseProgram(0);
        glDeleteProgram(p);
    }

    /* Integer texels. */
    GLint ints[3][4] = { { 1, -2, 3, -4 }, { 100, 200, -300, 400 }, { 7, 7, 7, 7 } };
    GLuint ibo;
    glGenBuffers(1, &ibo);
    glBindBuffer(GL_TEXTURE_BUFFER, ibo);
    glBufferData(GL_TEXTURE_BUFFER, sizeof ints, ints, GL_STATIC_DRAW);
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32I, ibo);
    p = build("isamplerBuffer",
              "#version 120\n"
              "#extension GL_EXT_gpu_shader4 : require\n"
              "uniform isamplerBuffer tex;\n"
              "void main() {\n"
              "  ivec4 v = texelFetchBuffer(tex, 1);\n"
              "  gl_FragColor = v == ivec4(100, 200, -300, 400) ? vec4(0, 1, 0, 1)\n"
              "                                                  : vec4(1, 0, 0, 1);\n"
              "}\n");
    if (p) {
        glClear(GL_COLOR_BUFFER_BIT);
        spot(0, 0, 0);
        CHECK_RGBA(2, 2, 0, 255, 0, 255, 0, "isamplerBuffer RGBA32I");
        glUseProgram(0);
        glDeleteProgram(p);
    }

    /* ARB_texture_buffer_object_rgb32: 12-byte texels, alpha one. */
    if (has_extension("GL_ARB_texture_buffer_object_rgb32")) {
        static const GLfloat rgb[3][3] = { { 0, 0, 0 }, { 0.25f, 0.5f, 1.0f }, { 1, 1, 1 } };
        GLuint rbo;
        glGenBuffers(1, &rbo);
        glBindBuffer(GL_TEXTURE_BUFFER, rbo);
        glBufferData(GL_TEXTURE_BUFFER, sizeof rgb, rgb, GL_STATIC_DRAW);
        glTexBuffer(GL_TEXTURE_BUFFER, GL_RGB32F, rbo);
        expect_error(GL_NO_ERROR, "glTexBuffer(GL_RGB32F)");
        CHECK(level_param(GL_TEXTURE_INTERNAL_FORMAT) == GL_RGB32F,
              "GL_RGB32F buffer texture's internal format");
        p = build("RGB32F", "#version 120\n"
                            "#extension GL_EXT_gpu_shader4 : require\n"
                            "uniform samplerBuffer tex;\n"
                            "void main() {\n"
                            "  gl_FragColor = texelFetchBuffer(tex, 1);\n"
                            "}\n");
        if (p) {
            glClear(GL_COLOR_BUFFER_BIT);
            spot(0, 0, 0);
            CHECK_RGBA(2, 2, 64, 128, 255, 255, 1, "samplerBuffer RGB32F texel 1");
            glUseProgram(0);
            glDeleteProgram(p);
        }
        static const GLint irgb[2][3] = { { 5, -6, 7 }, { -100, 200, 300 } };
        glBufferData(GL_TEXTURE_BUFFER, sizeof irgb, irgb, GL_STATIC_DRAW);
        glTexBuffer(GL_TEXTURE_BUFFER, GL_RGB32I, rbo);
        p = build("RGB32I",
                  "#version 120\n"
                  "#extension GL_EXT_gpu_shader4 : require\n"
                  "uniform isamplerBuffer tex;\n"
                  "void main() {\n"
                  "  ivec4 v = texelFetchBuffer(tex, 1);\n"
                  "  bool ok = v == ivec4(-100, 200, 300, 1) && textureSizeBuffer(tex) == 2;\n"
                  "  gl_FragColor = ok ? vec4(0, 1, 0, 1) : vec4(1, 0, 0, 1);\n"
                  "}\n");
        if (p) {
            glClear(GL_COLOR_BUFFER_BIT);
            spot(0, 0, 0);
            CHECK_RGBA(2, 2, 0, 255, 0, 255, 0, "isamplerBuffer RGB32I texel 1 and size");
            glUseProgram(0);
            glDeleteProgram(p);
        }
        glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, bo);
        glDeleteBuffers(1, &rbo);
    }

    /* The compatibility formats: alpha, luminance, intensity. */
    static const GLubyte bytes[TEXELS] = { 10, 60, 110, 160, 210, 250, 30, 90 };
    glBindBuffer(GL_TEXTURE_BUFFER, bo);
    glBufferData(GL_TEXTURE_BUFFER, sizeof bytes, bytes, GL_STATIC_DRAW);
    p = build("one-channel formats",
              "#version 120\n"
              "#extension GL_EXT_gpu_shader4 : require\n"
              "uniform samplerBuffer tex;\n"
              "void main() {\n"
              "  vec4 v = texelFetchBuffer(tex, int(gl_TexCoord[0].x));\n"
              "  gl_FragColor = vec4(v.r, v.a, 0.5 * (v.g + v.b), 1.0);\n"
              "}\n");
    if (p) {
        static const GLenum fmts[3] = { GL_ALPHA8, GL_LUMINANCE8, GL_INTENSITY8 };
        int f;
        for (f = 0; f < 3; f++) {
            glTexBuffer(GL_TEXTURE_BUFFER, fmts[f], bo);
            expect_error(GL_NO_ERROR, "one-channel format");
            glClear(GL_COLOR_BUFFER_BIT);
            spot(0, 0, 2);
            spot(4, 0, 5);
            int k;
            for (k = 0; k < 2; k++) {
                int b = bytes[k ? 5 : 2];
                /* (r, a, (g + b) / 2): alpha (0, b, 0), luminance (b, 1, b),
                 * intensity (b, b, b). */
                int r = f == 0 ? 0 : b, a = f == 0 ? b : f == 1 ? 255 : b, gb = f == 0 ? 0 : b;
                CHECK_RGBA(4 * k + 2, 2, r, a, gb, 255, 1,
                           f == 0 ? "GL_ALPHA8" : f == 1 ? "GL_LUMINANCE8" : "GL_INTENSITY8");
            }
        }
        glUseProgram(0);
        glDeleteProgram(p);
    }

    /* A deleted buffer's data store stays the texture's until it is
     * detached; its name may be reused meanwhile. */
    GLuint dbo, reuse;
    glGenBuffers(1, &dbo);
    glBindBuffer(GL_TEXTURE_BUFFER, dbo);
    make_texels(77);
    glBufferData(GL_TEXTURE_BUFFER, sizeof texel, texel, GL_STATIC_DRAW);
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, dbo);
    glDeleteBuffers(1, &dbo);
    CHECK(!glIsBuffer(dbo), "deleted buffer is no buffer");
    glGenBuffers(1, &reuse);
    glBindBuffer(GL_TEXTURE_BUFFER, reuse);
    glBufferData(GL_TEXTURE_BUFFER, sizeof bytes, bytes, GL_STATIC_DRAW);
    p = build("deleted buffer", "#version 120\n"
                                "#extension GL_EXT_gpu_shader4 : require\n"
                                "uniform samplerBuffer tex;\n"
                                "void main() {\n"
                                "  gl_FragColor = texelFetchBuffer(tex, int(gl_TexCoord[0].x));\n"
                                "}\n");
    if (p) {
        check_fetches(TEXELS, texel, "deleted buffer still attached");
        glUseProgram(0);
        glDeleteProgram(p);
    }
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, 0);
    glDeleteBuffers(1, &reuse);

    glDeleteTextures(1, &tex);
    glDeleteBuffers(1, &bo);
    glDeleteBuffers(1, &ibo);
    expect_error(GL_NO_ERROR, "end");
    return close_test_window(&t);
}
