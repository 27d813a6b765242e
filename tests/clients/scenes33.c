/*
 * scenes33.c: GL 3.3 core-profile scenes, rendered into a 160x120
 * double-buffered window (RGBA, 24-bit depth) and written, read with
 * glReadPixels, as a binary PPM (rows top to bottom) — the scenes.c
 * protocol, for programs written the way GL 3.3 core applications are:
 * vertex array objects, buffer objects and `#version 330` shaders only.
 *
 *   scenes33 NAME OUT.ppm      render NAME
 *   scenes33 --list            print every scene name
 *
 * tests/tests/images.rs renders each scene on oxgl and compares it with
 * tests/images/NAME.png, made from the same program on Mesa llvmpipe.
 * - mipmaps: a texture whose levels glGenerateMipmap makes, drawn at
 *   sizes that select levels 0 to 4, and a minified checkerboard;
 * - mrt: one pass into two colour attachments of a framebuffer object,
 *   each then drawn into half of the window;
 * - instanced: glDrawArraysInstanced and glDrawElementsInstanced with a
 *   per-instance attribute (glVertexAttribDivisor) and gl_InstanceID;
 * - geometry: a geometry shader turning points into coloured quads and
 *   triangles into their outlines, over a depth-tested background.
 */
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>
#include <GL/glx.h>
#include <GL/glxext.h>
#include <X11/Xlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "program.h"

#define W 160
#define H 120

/* A linked program of `vs`, `gs` (or NULL) and `fs` (program.h, which
 * prints the info log); exits on failure. */
static GLuint program(const char *vs, const char *gs, const char *fs)
{
    GLuint p = build_pos_program("scenes33", vs, gs, fs);
    if (!p)
        exit(1);
    return p;
}

/* A buffer of `n` floats bound to GL_ARRAY_BUFFER. */
static GLuint array_buffer(const GLfloat *data, size_t n)
{
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(n * sizeof(GLfloat)), data, GL_STATIC_DRAW);
    return b;
}

/* Draws a textured rectangle in window pixels (x, y, w, h) with `tex` on
 * unit 0 through a shared program. */
static void textured_rect(GLuint tex, float x, float y, float w, float h)
{
    static GLuint prog, vao, vbo;
    if (!prog) {
        prog = program("#version 330\n"
                       "layout(location = 0) in vec4 corner;\n"
                       "out vec2 uv;\n"
                       "void main() { gl_Position = vec4(corner.xy, 0.0, 1.0); uv = corner.zw; }\n",
                       NULL,
                       "#version 330\n"
                       "uniform sampler2D tex;\n"
                       "in vec2 uv;\n"
                       "out vec4 color;\n"
                       "void main() { color = texture(tex, uv); }\n");
        glGenVertexArrays(1, &vao);
        glBindVertexArray(vao);
        glGenBuffers(1, &vbo);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glBufferData(GL_ARRAY_BUFFER, 16 * sizeof(GLfloat), NULL, GL_DYNAMIC_DRAW);
        glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, 0);
        glEnableVertexAttribArray(0);
    }
    float x0 = 2 * x / W - 1, x1 = 2 * (x + w) / W - 1;
    float y0 = 2 * y / H - 1, y1 = 2 * (y + h) / H - 1;
    GLfloat v[16] = { x0, y0, 0, 0, x1, y0, 1, 0, x0, y1, 0, 1, x1, y1, 1, 1 };
    glUseProgram(prog);
    glUniform1i(glGetUniformLocation(prog, "tex"), 0);
    glBindVertexArray(vao);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof v, v);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, tex);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* ---- mipmaps: glGenerateMipmap, levels picked by size ------------------ */

static void scene_mipmaps(void)
{
    /* 32x32: four coloured quadrants with a white cross and a dark dot
     * pattern, so that each level averages differently. */
    static GLubyte img[32][32][4];
    for (int y = 0; y < 32; y++)
        for (int x = 0; x < 32; x++) {
            GLubyte *p = img[y][x];
            int q = (x >= 16) + 2 * (y >= 16);
            static const GLubyte quad[4][3] = {
                { 230, 40, 40 }, { 40, 200, 60 }, { 50, 70, 220 }, { 220, 200, 40 }
            };
            p[0] = quad[q][0];
            p[1] = quad[q][1];
            p[2] = quad[q][2];
            p[3] = 255;
            if (x == 15 || x == 16 || y == 15 || y == 16)
                p[0] = p[1] = p[2] = 255;
            if ((x % 4 == 1) && (y % 4 == 2))
                p[0] = p[1] = p[2] = 20;
        }
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    glGenerateMipmap(GL_TEXTURE_2D);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glClearColor(0.1f, 0.1f, 0.12f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    /* 32, 16, 8, 4 and 2 pixels: levels 0 to 4 exactly. */
    float x = 4;
    for (int size = 32; size >= 2; size /= 2) {
        textured_rect(tex, x, 80, (float)size, (float)size);
        x += (float)size + 6;
    }
    /* The same texture, trilinear, over non-square sizes. */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    textured_rect(tex, 4, 8, 64, 64);
    textured_rect(tex, 76, 8, 24, 24);
    textured_rect(tex, 108, 8, 12, 12);
    /* A level range: GL_TEXTURE_BASE_LEVEL 2 magnified. */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 2);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    textured_rect(tex, 76, 40, 32, 32);
    glDeleteTextures(1, &tex);
}

/* ---- mrt: two colour attachments in one pass --------------------------- */

static void scene_mrt(void)
{
    GLuint tex[2], fbo;
    glGenTextures(2, tex);
    for (int i = 0; i < 2; i++) {
        glBindTexture(GL_TEXTURE_2D, tex[i]);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    }
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex[1], 0);
    static const GLenum bufs[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
    glDrawBuffers(2, bufs);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        fprintf(stderr, "scenes33: the MRT framebuffer is incomplete\n");
        exit(1);
    }
    glViewport(0, 0, 64, 64);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    GLuint p = program("#version 330\n"
                       "layout(location = 0) in vec2 pos;\n"
                       "layout(location = 1) in vec3 col;\n"
                       "out vec3 c;\n"
                       "out vec2 at;\n"
                       "void main() { gl_Position = vec4(pos, 0.0, 1.0); c = col; at = pos; }\n",
                       NULL,
                       "#version 330\n"
                       "in vec3 c;\n"
                       "in vec2 at;\n"
                       "layout(location = 0) out vec4 albedo;\n"
                       "layout(location = 1) out vec4 rings;\n"
                       "void main() {\n"
                       "    albedo = vec4(c, 1.0);\n"
                       "    float r = length(at) * 6.0;\n"
                       "    rings = vec4(fract(r), 1.0 - c.g, step(0.5, fract(r * 0.5)), 1.0);\n"
                       "}\n");
    static const GLfloat tri[] = { -0.9f, -0.9f, 1, 0, 0, 0.9f, -0.7f, 0, 1, 0,
                                   -0.2f, 0.9f,  0, 0, 1 };
    GLuint vao;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    GLuint vbo = array_buffer(tri, sizeof tri / sizeof tri[0]);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 5 * sizeof(GLfloat), 0);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 5 * sizeof(GLfloat),
                          (void *)(2 * sizeof(GLfloat)));
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glUseProgram(p);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, W, H);
    glClearColor(0.2f, 0.2f, 0.2f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    textured_rect(tex[0], 8, 28, 64, 64);
    textured_rect(tex[1], 88, 28, 64, 64);
    glDeleteBuffers(1, &vbo);
    glDeleteVertexArrays(1, &vao);
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(2, tex);
}

/* ---- instanced: per-instance attributes and gl_InstanceID -------------- */

static void scene_instanced(void)
{
    GLuint p = program("#version 330\n"
                       "layout(location = 0) in vec2 pos;\n"
                       "layout(location = 1) in vec3 offset_scale;\n"
                       "uniform int row;\n"
                       "flat out int id;\n"
                       "void main() {\n"
                       "    vec2 at = pos * offset_scale.z + offset_scale.xy;\n"
                       "    at.y += 0.9 * float(row);\n"
                       "    gl_Position = vec4(at, 0.0, 1.0);\n"
                       "    id = gl_InstanceID;\n"
                       "}\n",
                       NULL,
                       "#version 330\n"
                       "flat in int id;\n"
                       "out vec4 color;\n"
                       "void main() {\n"
                       "    float t = float(id) / 7.0;\n"
                       "    color = vec4(t, 1.0 - t, float(id % 2), 1.0);\n"
                       "}\n");
    GLuint vao;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    /* A unit diamond. */
    static const GLfloat diamond[] = { 0, -1, 1, 0, -1, 0, 0, 1 };
    GLuint shape = array_buffer(diamond, 8);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(0);
    /* Eight instances across the window, growing. */
    GLfloat inst[8 * 3];
    for (int i = 0; i < 8; i++) {
        inst[3 * i] = -0.85f + 0.24f * (float)i;
        inst[3 * i + 1] = -0.55f;
        inst[3 * i + 2] = 0.04f + 0.012f * (float)i;
    }
    GLuint per = array_buffer(inst, 24);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 0, 0);
    glVertexAttribDivisor(1, 1);
    glEnableVertexAttribArray(1);
    static const GLushort idx[] = { 0, 1, 2, 2, 1, 3 };
    GLuint ebo;
    glGenBuffers(1, &ebo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
    glClearColor(0.05f, 0.05f, 0.1f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glUseProgram(p);
    GLint row = glGetUniformLocation(p, "row");
    glUniform1i(row, 0);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 8);
    glUniform1i(row, 1);
    glDrawElementsInstanced(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, 0, 5);
    glDeleteBuffers(1, &ebo);
    glDeleteBuffers(1, &per);
    glDeleteBuffers(1, &shape);
    glDeleteVertexArrays(1, &vao);
}

/* ---- geometry: points to quads, triangles to outlines ------------------ */

static void scene_geometry(void)
{
    GLuint quads = program("#version 330\n"
                           "layout(location = 0) in vec3 pos;\n"
                           "layout(location = 1) in vec3 col;\n"
                           "out vec3 vcol;\n"
                           "void main() { gl_Position = vec4(pos, 1.0); vcol = col; }\n",
                           "#version 330\n"
                           "layout(points) in;\n"
                           "layout(triangle_strip, max_vertices = 4) out;\n"
                           "in vec3 vcol[];\n"
                           "out vec3 gcol;\n"
                           "uniform vec2 half_size;\n"
                           "void main() {\n"
                           "    for (int i = 0; i < 4; i++) {\n"
                           "        vec2 corner = vec2(i % 2 == 0 ? -1.0 : 1.0, i < 2 ? -1.0 : 1.0);\n"
                           "        gl_Position = gl_in[0].gl_Position + vec4(corner * half_size, 0.0, 0.0);\n"
                           "        gcol = vcol[0] * (0.6 + 0.1 * float(i));\n"
                           "        EmitVertex();\n"
                           "    }\n"
                           "    EndPrimitive();\n"
                           "}\n",
                           "#version 330\n"
                           "in vec3 gcol;\n"
                           "out vec4 color;\n"
                           "void main() { color = vec4(gcol, 1.0); }\n");
    GLuint outline = program("#version 330\n"
                             "layout(location = 0) in vec3 pos;\n"
                             "void main() { gl_Position = vec4(pos, 1.0); }\n",
                             "#version 330\n"
                             "layout(triangles) in;\n"
                             "layout(line_strip, max_vertices = 4) out;\n"
                             "void main() {\n"
                             "    for (int i = 0; i < 4; i++) {\n"
                             "        gl_Position = gl_in[i % 3].gl_Position;\n"
                             "        EmitVertex();\n"
                             "    }\n"
                             "    EndPrimitive();\n"
                             "}\n",
                             "#version 330\n"
                             "out vec4 color;\n"
                             "void main() { color = vec4(1.0, 1.0, 0.9, 1.0); }\n");
    GLuint vao;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    /* Points at varying depths with colours; the quads overlap and the
     * depth test sorts them. */
    GLfloat pts[12 * 6];
    for (int i = 0; i < 12; i++) {
        float a = (float)i * 0.5236f;
        pts[6 * i] = 0.55f * cosf(a) - 0.3f;
        pts[6 * i + 1] = 0.6f * sinf(a);
        pts[6 * i + 2] = 0.1f * (float)(i % 5) - 0.2f;
        pts[6 * i + 3] = (float)(i % 3 == 0);
        pts[6 * i + 4] = (float)(i % 3 == 1);
        pts[6 * i + 5] = (float)(i % 3 == 2) + 0.3f;
    }
    GLuint vbo = array_buffer(pts, 72);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(GLfloat), 0);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(GLfloat),
                          (void *)(3 * sizeof(GLfloat)));
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glClearColor(0.15f, 0.1f, 0.2f, 1);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glUseProgram(quads);
    glUniform2f(glGetUniformLocation(quads, "half_size"), 0.16f, 0.2f);
    glDrawArrays(GL_POINTS, 0, 12);
    glDisable(GL_DEPTH_TEST);
    /* Two triangles outlined by the second program. */
    static const GLfloat tris[] = { 0.45f, -0.8f, 0, 0.95f, -0.6f, 0, 0.6f, -0.1f, 0,
                                    0.4f,  0.1f,  0, 0.9f,  0.3f,  0, 0.5f, 0.85f, 0 };
    GLuint tvbo = array_buffer(tris, 18);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, 0);
    glDisableVertexAttribArray(1);
    glUseProgram(outline);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glDeleteBuffers(1, &tvbo);
    glDeleteBuffers(1, &vbo);
    glDeleteVertexArrays(1, &vao);
}

struct scene {
    const char *name;
    void (*draw)(void);
};

static const struct scene scenes[] = {
    { "gl33_mipmaps", scene_mipmaps },
    { "gl33_mrt", scene_mrt },
    { "gl33_instanced", scene_instanced },
    { "gl33_geometry", scene_geometry },
};

int main(int argc, char **argv)
{
    const struct scene *s = NULL;
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (size_t i = 0; i < sizeof scenes / sizeof scenes[0]; i++)
            printf("%s\n", scenes[i].name);
        return 0;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: scenes33 NAME OUT.ppm | scenes33 --list\n");
        return 2;
    }
    for (size_t i = 0; i < sizeof scenes / sizeof scenes[0]; i++)
        if (strcmp(argv[1], scenes[i].name) == 0)
            s = &scenes[i];
    if (!s) {
        fprintf(stderr, "scenes33: no scene %s\n", argv[1]);
        return 2;
    }
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        fprintf(stderr, "scenes33: cannot open display\n");
        return 1;
    }
    static const int fb_attribs[] = { GLX_RENDER_TYPE, GLX_RGBA_BIT, GLX_DRAWABLE_TYPE,
                                      GLX_WINDOW_BIT, GLX_DOUBLEBUFFER, True, GLX_RED_SIZE, 8,
                                      GLX_GREEN_SIZE, 8, GLX_BLUE_SIZE, 8, GLX_DEPTH_SIZE, 24,
                                      None };
    int n = 0;
    GLXFBConfig *configs = glXChooseFBConfig(dpy, DefaultScreen(dpy), fb_attribs, &n);
    if (!configs || n == 0) {
        fprintf(stderr, "scenes33: no RGBA config with depth\n");
        return 1;
    }
    XVisualInfo *vis = glXGetVisualFromFBConfig(dpy, configs[0]);
    Window root = RootWindow(dpy, vis->screen);
    XSetWindowAttributes swa = { 0 };
    swa.colormap = XCreateColormap(dpy, root, vis->visual, AllocNone);
    Window win = XCreateWindow(dpy, root, 0, 0, W, H, 0, vis->depth, InputOutput, vis->visual,
                               CWColormap, &swa);
    PFNGLXCREATECONTEXTATTRIBSARBPROC create = (PFNGLXCREATECONTEXTATTRIBSARBPROC)
        glXGetProcAddress((const GLubyte *)"glXCreateContextAttribsARB");
    static const int ctx_attribs[] = { GLX_CONTEXT_MAJOR_VERSION_ARB, 3,
                                       GLX_CONTEXT_MINOR_VERSION_ARB, 3,
                                       GLX_CONTEXT_PROFILE_MASK_ARB,
                                       GLX_CONTEXT_CORE_PROFILE_BIT_ARB, None };
    GLXContext ctx = create ? create(dpy, configs[0], NULL, True, ctx_attribs) : NULL;
    if (!ctx || !glXMakeCurrent(dpy, win, ctx)) {
        fprintf(stderr, "scenes33: no current GL 3.3 core context\n");
        return 1;
    }
    glViewport(0, 0, W, H);
    s->draw();
    glFinish();
    static unsigned char px[W * H * 4];
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
    GLenum err = glGetError();
    if (err != GL_NO_ERROR) {
        fprintf(stderr, "scenes33: %s: GL error 0x%x\n", s->name, err);
        return 1;
    }
    FILE *f = fopen(argv[2], "wb");
    if (!f) {
        perror(argv[2]);
        return 1;
    }
    fprintf(f, "P6\n%d %d\n255\n", W, H);
    for (int y = H - 1; y >= 0; y--)
        for (int x = 0; x < W; x++)
            fwrite(px + (y * W + x) * 4, 1, 3, f);
    fclose(f);
    XFree(configs);
    glXMakeCurrent(dpy, None, NULL);
    glXDestroyContext(dpy, ctx);
    XDestroyWindow(dpy, win);
    XCloseDisplay(dpy);
    return 0;
}
