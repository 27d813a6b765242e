/*
 * layered_rendering.c: GL 3.2 layered framebuffers in a 3.2 core-profile
 * context.
 * - glFramebufferTexture attaches every layer of a 2D array, 3D or cube
 *   map texture: the framebuffer is complete, GL_FRAMEBUFFER_ATTACHMENT_
 *   LAYERED is GL_TRUE (GL_FALSE for a 2D texture and for one layer
 *   attached with glFramebufferTextureLayer), GL_FRAMEBUFFER_ATTACHMENT_
 *   TEXTURE_LAYER 0.
 * - Layered and non-layered attachments together, or layered ones of
 *   different texture targets, are GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS;
 *   a buffer texture is GL_INVALID_OPERATION, a bad level GL_INVALID_VALUE.
 * - glClear clears every layer, a scissored clear the rectangle of every
 *   layer.
 * - A geometry shader's gl_Layer picks the layer of each primitive (of a
 *   2D array texture, and the faces of a cube map in order), carried
 *   through clipping; gl_FragCoord counts from the layer's corner. Without
 *   a geometry shader, primitives go to layer 0. gl_Layer is ignored for a
 *   framebuffer that is not layered.
 * - A layered depth attachment tests each layer's depth on its own.
 * - glReadPixels reads layer 0 of a layered framebuffer.
 * On oxgl it runs under MESA_GL_VERSION_OVERRIDE=3.2 until core contexts
 * are reported by default (the Rust test sets it).
 * Passes on Mesa llvmpipe (cc -O1 -Wall -Itests/clients
 * tests/clients/layered_rendering.c -o layered_rendering -lGL -lX11 -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include <GL/glx.h>
#include <GL/glxext.h>
#include "common.h"
#include "program.h"
#include <GL/glext.h>
#include <string.h>

#define SIZE 16
#define LAYERS 3

static const char *vs_src = "#version 150\n"
                            "in vec2 pos;\n"
                            "uniform float depth;\n"
                            "void main() { gl_Position = vec4(pos, depth, 1.0); }\n";

/* Each triangle goes to layer `layer`; the fragment colour says which. */
static const char *gs_src = "#version 150\n"
                            "layout(triangles) in;\n"
                            "layout(triangle_strip, max_vertices = 3) out;\n"
                            "uniform int layer;\n"
                            "flat out int g_layer;\n"
                            "void main() {\n"
                            "  for (int i = 0; i < 3; i++) {\n"
                            "    gl_Position = gl_in[i].gl_Position;\n"
                            "    gl_Layer = layer;\n"
                            "    g_layer = layer;\n"
                            "    EmitVertex();\n"
                            "  }\n"
                            "}\n";

static const char *fs_src = "#version 150\n"
                            "flat in int g_layer;\n"
                            "uniform vec4 color;\n"
                            "out vec4 o;\n"
                            "void main() {\n"
                            "  o = color;\n"
                            "  o.a = float(g_layer + 1) / 8.0;\n"
                            "}\n";

/* Red from gl_FragCoord.x, green from gl_FragCoord.y (0.5 .. 15.5). */
static const char *coord_fs_src = "#version 150\n"
                                  "flat in int g_layer;\n"
                                  "out vec4 o;\n"
                                  "void main() {\n"
                                  "  o = vec4(gl_FragCoord.xy * 16.0 / 255.0, 0.0, 1.0);\n"
                                  "}\n";

static const char *plain_fs_src = "#version 150\n"
                                  "uniform vec4 color;\n"
                                  "out vec4 o;\n"
                                  "void main() { o = color; }\n";

static GLuint program_of(const char *what, const char *gs, const char *fs)
{
    return build_pos_program(what, vs_src, gs, fs);
}

static GLuint texture_2d_array(int layers, GLenum internal, GLenum format, GLenum type)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D_ARRAY, t);
    glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, internal, SIZE, SIZE, layers, 0, format, type, NULL);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    return t;
}

/* Pixel (x, y) of layer `layer` of the 2D array texture `tex`, through a
 * framebuffer of that one layer; RGBA bytes. */
static void layer_pixel(GLuint tex, int layer, int x, int y, GLubyte px[4])
{
    GLint old = 0;
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &old);
    GLuint fb;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
    glFramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, layer);
    memset(px, 0, 4);
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, old);
    glDeleteFramebuffers(1, &fb);
}

static void expect_layer(GLuint tex, int layer, int x, int y, const int want[4], const char *what)
{
    GLubyte px[4];
    layer_pixel(tex, layer, x, y, px);
    int ok = 1;
    for (int c = 0; c < 4; c++)
        ok &= abs(px[c] - want[c]) <= 2;
    CHECK(ok, "%s: layer %d pixel (%d, %d) is %d %d %d %d, expected %d %d %d %d", what, layer, x,
          y, px[0], px[1], px[2], px[3], want[0], want[1], want[2], want[3]);
}

static GLint attachment_param(GLenum pname)
{
    GLint v = -1;
    glGetFramebufferAttachmentParameteriv(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, pname, &v);
    return v;
}

static void draw_quad(void)
{
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

static void completeness(void)
{
    GLuint fb, arr = texture_2d_array(LAYERS, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE);
    GLuint tex2d, tex3d, buf, buftex;
    glGenTextures(1, &tex2d);
    glBindTexture(GL_TEXTURE_2D, tex2d);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, SIZE, SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenTextures(1, &tex3d);
    glBindTexture(GL_TEXTURE_3D, tex3d);
    glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, SIZE, SIZE, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);

    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0);
    expect_error(GL_NO_ERROR, "glFramebufferTexture of a 2D array");
    GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(status == GL_FRAMEBUFFER_COMPLETE, "layered 2D array: status 0x%x", status);
    CHECK(attachment_param(GL_FRAMEBUFFER_ATTACHMENT_LAYERED) == GL_TRUE,
          "a 2D array attached whole is not layered");
    CHECK(attachment_param(GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER) == 0,
          "GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER of a layered attachment is %d",
          attachment_param(GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER));

    /* A 2D texture beside it: not layered. */
    glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, tex2d, 0);
    status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(status == GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS, "layered + 2D: status 0x%x", status);
    /* Layered, but of another target. */
    glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, tex3d, 0);
    status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(status == GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS, "2D array + 3D: status 0x%x",
          status);
    /* One slice of the 3D texture: not layered. */
    glFramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_3D, tex3d, 0, 1);
    status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(status == GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS, "layered + one slice: status 0x%x",
          status);
    glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, 0, 0);
    expect_error(GL_NO_ERROR, "the completeness checks");

    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0, 1);
    CHECK(attachment_param(GL_FRAMEBUFFER_ATTACHMENT_LAYERED) == GL_FALSE,
          "one layer of a 2D array is layered");
    glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex2d, 0);
    CHECK(attachment_param(GL_FRAMEBUFFER_ATTACHMENT_LAYERED) == GL_FALSE,
          "a 2D texture attached with glFramebufferTexture is layered");
    status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(status == GL_FRAMEBUFFER_COMPLETE, "2D texture by glFramebufferTexture: status 0x%x",
          status);
    expect_error(GL_NO_ERROR, "the attachment queries");

    glGenBuffers(1, &buf);
    glBindBuffer(GL_TEXTURE_BUFFER, buf);
    glBufferData(GL_TEXTURE_BUFFER, 64, NULL, GL_STATIC_DRAW);
    glGenTextures(1, &buftex);
    glBindTexture(GL_TEXTURE_BUFFER, buftex);
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, buf);
    glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, buftex, 0);
    expect_error(GL_INVALID_OPERATION, "glFramebufferTexture of a buffer texture");
    glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 20);
    expect_error(GL_INVALID_VALUE, "glFramebufferTexture of level 20");

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    GLuint del[] = { arr, tex2d, tex3d, buftex };
    glDeleteTextures(4, del);
    glDeleteBuffers(1, &buf);
}

static void clears_and_layers(GLuint vao)
{
    (void)vao;
    GLuint arr = texture_2d_array(LAYERS, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE);
    GLuint fb;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0);
    glViewport(0, 0, SIZE, SIZE);

    /* Every layer cleared; then a scissored clear in each of them. */
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 4, 4);
    glClearColor(1, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    expect_error(GL_NO_ERROR, "clearing a layered framebuffer");
    static const int blue[4] = { 0, 0, 255, 255 }, yellow[4] = { 255, 255, 0, 255 };
    for (int l = 0; l < LAYERS; l++) {
        expect_layer(arr, l, 10, 10, blue, "after glClear");
        expect_layer(arr, l, 1, 1, yellow, "after a scissored glClear");
    }

    /* glReadPixels reads layer 0. */
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    GLubyte px[4] = { 0 };
    glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 255 && px[1] == 255 && px[2] == 0, "glReadPixels of a layered framebuffer: %d %d %d",
          px[0], px[1], px[2]);

    /* gl_Layer picks each triangle's layer: layer 2 red, layer 1 green,
     * the right half only, with a quad larger than the clip volume. */
    GLuint p = program_of("gl_Layer", gs_src, fs_src);
    if (p) {
        static const GLfloat big[] = { 0, -3, 3, -3, 0, 3, 3, 3 };
        GLuint vbo;
        glGenBuffers(1, &vbo);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glBufferData(GL_ARRAY_BUFFER, sizeof big, big, GL_STATIC_DRAW);
        glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
        glEnableVertexAttribArray(0);
        glUseProgram(p);
        glBindFramebuffer(GL_FRAMEBUFFER, fb);
        glUniform1i(glGetUniformLocation(p, "layer"), 2);
        glUniform4f(glGetUniformLocation(p, "color"), 1, 0, 0, 1);
        draw_quad();
        glUniform1i(glGetUniformLocation(p, "layer"), 1);
        glUniform4f(glGetUniformLocation(p, "color"), 0, 1, 0, 1);
        draw_quad();
        expect_error(GL_NO_ERROR, "drawing with gl_Layer");
        /* Alpha is (layer + 1) / 8. */
        static const int red[4] = { 255, 0, 0, 96 }, green[4] = { 0, 255, 0, 64 };
        expect_layer(arr, 2, 12, 8, red, "gl_Layer = 2");
        expect_layer(arr, 1, 12, 8, green, "gl_Layer = 1");
        expect_layer(arr, 0, 12, 8, blue, "layer 0 after gl_Layer 1 and 2");
        expect_layer(arr, 2, 4, 8, blue, "left of the gl_Layer quad");

        /* gl_FragCoord in layer 2 counts from its own corner. */
        GLuint pc = program_of("gl_FragCoord in a layer", gs_src, coord_fs_src);
        if (pc) {
            glUseProgram(pc);
            glUniform1i(glGetUniformLocation(pc, "layer"), 2);
            draw_quad();
            static const int coord[4] = { 200, 88, 0, 255 }; /* (12.5, 5.5) * 16 */
            expect_layer(arr, 2, 12, 5, coord, "gl_FragCoord in layer 2");
            glDeleteProgram(pc);
        }

        /* Without a geometry shader everything goes to layer 0. */
        GLuint pp = program_of("no geometry shader", NULL, plain_fs_src);
        if (pp) {
            glUseProgram(pp);
            glUniform4f(glGetUniformLocation(pp, "color"), 1, 0, 1, 1);
            draw_quad();
            static const int magenta[4] = { 255, 0, 255, 255 };
            expect_layer(arr, 0, 12, 8, magenta, "no geometry shader");
            expect_layer(arr, 1, 12, 8, green, "layer 1 without a geometry shader");
            glDeleteProgram(pp);
        }

        /* A framebuffer that is not layered ignores gl_Layer. */
        GLuint tex2d;
        glGenTextures(1, &tex2d);
        glBindTexture(GL_TEXTURE_2D, tex2d);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, SIZE, SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex2d, 0);
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
        glUseProgram(p);
        glUniform1i(glGetUniformLocation(p, "layer"), 2);
        glUniform4f(glGetUniformLocation(p, "color"), 0, 1, 1, 1);
        draw_quad();
        memset(px, 0, 4);
        glReadPixels(12, 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
        CHECK(px[0] == 0 && px[1] == 255 && px[2] == 255,
              "gl_Layer into a framebuffer that is not layered: %d %d %d", px[0], px[1], px[2]);
        expect_error(GL_NO_ERROR, "gl_Layer into a framebuffer that is not layered");
        glDeleteTextures(1, &tex2d);
        glDeleteBuffers(1, &vbo);
        glDeleteProgram(p);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &arr);
}

/* The faces of a cube map are layers 0 to 5, +X first. */
static void cube_faces(void)
{
    GLuint cube, fb;
    glGenTextures(1, &cube);
    glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
    for (int f = 0; f < 6; f++)
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, SIZE, SIZE, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, cube, 0);
    GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(status == GL_FRAMEBUFFER_COMPLETE, "layered cube map: status 0x%x", status);
    GLuint p = program_of("cube faces", gs_src, fs_src);
    if (p) {
        GLuint vbo = full_screen_quad();
        glUseProgram(p);
        for (int f = 0; f < 6; f++) {
            glUniform1i(glGetUniformLocation(p, "layer"), f);
            glUniform4f(glGetUniformLocation(p, "color"), f * 0.2f, 1 - f * 0.2f, 0, 1);
            draw_quad();
        }
        expect_error(GL_NO_ERROR, "drawing into the cube faces");
        for (int f = 0; f < 6; f++) {
            GLuint rf;
            glGenFramebuffers(1, &rf);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, rf);
            glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                   GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, cube, 0);
            GLubyte px[4] = { 0 };
            glReadPixels(5, 5, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
            int r = (int)(f * 0.2f * 255 + 0.5f), g = 255 - r;
            CHECK(abs(px[0] - r) <= 2 && abs(px[1] - g) <= 2 && abs(px[3] - 32 * (f + 1)) <= 2,
                  "cube face %d is %d %d %d %d, expected %d %d 0 %d", f, px[0], px[1], px[2],
                  px[3], r, g, 32 * (f + 1));
            glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
            glDeleteFramebuffers(1, &rf);
        }
        glDeleteBuffers(1, &vbo);
        glDeleteProgram(p);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &cube);
}

/* Each layer of a layered depth attachment keeps its own depth. */
static void layered_depth(void)
{
    GLuint color = texture_2d_array(2, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE);
    GLuint depth = texture_2d_array(2, GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_FLOAT);
    GLuint fb;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, color, 0);
    glFramebufferTexture(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, depth, 0);
    GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(status == GL_FRAMEBUFFER_COMPLETE, "layered colour and depth: status 0x%x", status);
    GLuint p = program_of("layered depth", gs_src, fs_src);
    if (p) {
        GLuint vbo = full_screen_quad();
        glClearColor(0, 0, 0, 0);
        glClearDepth(1.0);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        glEnable(GL_DEPTH_TEST);
        glUseProgram(p);
        GLint layer = glGetUniformLocation(p, "layer"), col = glGetUniformLocation(p, "color"),
              dep = glGetUniformLocation(p, "depth");
        /* Layer 0 near (red), then farther in layer 1 (green): both pass;
         * then blue between them into both layers: only layer 1 takes it. */
        glUniform1i(layer, 0);
        glUniform1f(dep, -0.5f);
        glUniform4f(col, 1, 0, 0, 1);
        draw_quad();
        glUniform1i(layer, 1);
        glUniform1f(dep, 0.5f);
        glUniform4f(col, 0, 1, 0, 1);
        draw_quad();
        glUniform1f(dep, 0.0f);
        glUniform4f(col, 0, 0, 1, 1);
        for (int l = 0; l < 2; l++) {
            glUniform1i(layer, l);
            draw_quad();
        }
        glDisable(GL_DEPTH_TEST);
        expect_error(GL_NO_ERROR, "drawing into layered depth");
        static const int red[4] = { 255, 0, 0, 32 }, blue[4] = { 0, 0, 255, 64 };
        expect_layer(color, 0, 8, 8, red, "layered depth test");
        expect_layer(color, 1, 8, 8, blue, "layered depth test");
        glDeleteBuffers(1, &vbo);
        glDeleteProgram(p);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    GLuint del[] = { color, depth };
    glDeleteTextures(2, del);
}

int main(void)
{
    struct test_window t = open_core_window(SIZE, 3, 2);
    GLuint vao;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    completeness();
    clears_and_layers(vao);
    cube_faces();
    layered_depth();
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
