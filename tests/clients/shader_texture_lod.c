/*
 * shader_texture_lod.c: ARB_shader_texture_lod (explicit LOD and gradients in
 * fragment shaders: texture2DLod, texture2DProjLod, textureCubeLod,
 * texture2DGradARB, shadow2DGradARB) and the depth texture mode of the
 * deprecated GLSL shadow functions (shadow2D returns its comparison as
 * luminance, intensity, alpha or red, as GL_DEPTH_TEXTURE_MODE says).
 *
 * A 16x16 mipmapped texture with one colour per level (level 0 red, 1
 * green, 2 blue, 3 white, 4 yellow) shows which level a lookup used; every
 * check reads the centre of a 32x32 window that one full-window quad
 * covers. Prints FAIL lines and PASS when all hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>
#include <stdlib.h>
#include <string.h>

static const GLubyte level_rgb[5][3] = {
    { 255, 0, 0 }, { 0, 255, 0 }, { 0, 0, 255 }, { 255, 255, 255 }, { 255, 255, 0 },
};

static void expect_rgba(int r, int g, int b, int a, const char *what)
{
    GLubyte p[4];
    glReadPixels(16, 16, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
    CHECK(abs(p[0] - r) <= 2 && abs(p[1] - g) <= 2 && abs(p[2] - b) <= 2 &&
              (a < 0 || abs(p[3] - a) <= 2),
          "%s: pixel %d %d %d %d, expected %d %d %d %d", what, p[0], p[1], p[2], p[3], r, g, b,
          a);
}

/* Compiles `fs` (with a pass-through vertex shader); returns 0 and the log
 * in `log` when it does not compile. */
static GLuint program(const char *fs, char *log, size_t log_size)
{
    static const char *vs = "varying vec4 tc;\n"
                            "void main() { gl_Position = gl_Vertex; tc = gl_MultiTexCoord0; }\n";
    const char *src[2] = { vs, fs };
    GLenum kind[2] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
    GLuint p = glCreateProgram();
    log[0] = 0;
    for (int i = 0; i < 2; i++) {
        GLuint s = glCreateShader(kind[i]);
        glShaderSource(s, 1, &src[i], NULL);
        glCompileShader(s);
        GLint ok;
        glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
        if (!ok) {
            glGetShaderInfoLog(s, (GLsizei)log_size, NULL, log);
            glDeleteShader(s);
            glDeleteProgram(p);
            return 0;
        }
        glAttachShader(p, s);
        glDeleteShader(s);
    }
    glLinkProgram(p);
    GLint ok;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        glGetProgramInfoLog(p, (GLsizei)log_size, NULL, log);
        glDeleteProgram(p);
        return 0;
    }
    return p;
}

static GLuint must_compile(const char *fs, const char *what)
{
    char log[1024];
    GLuint p = program(fs, log, sizeof log);
    CHECK(p != 0, "%s does not compile: %s", what, log);
    return p;
}

/* The window-covering quad, texture coordinates (0,0)-(1,1) with r and q. */
static void quad(float r, float q)
{
    glBegin(GL_QUADS);
    glTexCoord4f(0, 0, r * q, q);
    glVertex2f(-1, -1);
    glTexCoord4f(q, 0, r * q, q);
    glVertex2f(1, -1);
    glTexCoord4f(q, q, r * q, q);
    glVertex2f(1, 1);
    glTexCoord4f(0, q, r * q, q);
    glVertex2f(-1, 1);
    glEnd();
}

static void draw(GLuint p, const char *what)
{
    if (!p)
        return;
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "t"), 0);
    quad(0.5f, 1.0f);
    glUseProgram(0);
    expect_error(GL_NO_ERROR, what);
}

static void mip_texture(GLenum target, GLenum face_or_target)
{
    GLubyte texels[16 * 16 * 4];
    for (int l = 0, size = 16; l < 5; l++, size /= 2) {
        for (int i = 0; i < size * size; i++) {
            memcpy(texels + i * 4, level_rgb[l], 3);
            texels[i * 4 + 3] = 255;
        }
        glTexImage2D(face_or_target, l, GL_RGBA8, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                     texels);
    }
    glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
}

static void explicit_lod(void)
{
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    CHECK(ext && strstr(ext, "GL_ARB_shader_texture_lod"), "GL_ARB_shader_texture_lod missing");

    GLuint tex[2];
    glGenTextures(2, tex);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    mip_texture(GL_TEXTURE_2D, GL_TEXTURE_2D);

    /* Without the extension, a fragment shader has no texture2DLod. */
    char log[1024];
    GLuint p = program("uniform sampler2D t; varying vec4 tc;\n"
                       "void main() { gl_FragColor = texture2DLod(t, tc.xy, 2.0); }\n",
                       log, sizeof log);
    CHECK(p == 0, "texture2DLod in a fragment shader without #extension compiled");
    CHECK(p != 0 || strstr(log, "texture2DLod") != NULL, "log names no texture2DLod: %s", log);
    if (p)
        glDeleteProgram(p);

    /* The 32x32 quad samples the 16x16 texture at level 0 by itself. */
    p = must_compile("uniform sampler2D t; varying vec4 tc;\n"
                     "void main() { gl_FragColor = texture2D(t, tc.xy); }\n",
                     "texture2D");
    draw(p, "texture2D");
    expect_rgba(255, 0, 0, 255, "texture2D: level 0");
    glDeleteProgram(p);

    static const struct {
        const char *body;
        int level;
    } cases[] = {
        { "texture2DLod(t, tc.xy, 2.0)", 2 },
        { "texture2DLod(t, tc.xy, 1.2)", 1 },
        { "texture2DLod(t, tc.xy, 9.0)", 4 },
        { "texture2DProjLod(t, vec3(tc.xy * 2.0, 2.0), 3.0)", 3 },
        { "texture2DProjLod(t, vec4(tc.xy, 0.0, 1.0), 1.0)", 1 },
        /* A gradient of 4 texels per pixel: level 2. */
        { "texture2DGradARB(t, tc.xy, vec2(0.25, 0.0), vec2(0.0, 0.25))", 2 },
        { "texture2DGradARB(t, tc.xy, vec2(0.125, 0.0), vec2(0.0, 0.0))", 1 },
        { "texture2DProjGradARB(t, vec3(tc.xy, 1.0), vec2(0.5, 0.0), vec2(0.0, 0.5))", 3 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char fs[512];
        snprintf(fs, sizeof fs,
                 "#extension GL_ARB_shader_texture_lod : require\n"
                 "#ifndef GL_ARB_shader_texture_lod\n#error no macro\n#endif\n"
                 "uniform sampler2D t; varying vec4 tc;\n"
                 "void main() { gl_FragColor = %s; }\n",
                 cases[i].body);
        p = must_compile(fs, cases[i].body);
        draw(p, cases[i].body);
        const GLubyte *c = level_rgb[cases[i].level];
        expect_rgba(c[0], c[1], c[2], 255, cases[i].body);
        if (p)
            glDeleteProgram(p);
    }

    /* A cube map: every face mipmapped alike. */
    glBindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
    for (int f = 0; f < 6; f++)
        mip_texture(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_POSITIVE_X + f);
    p = must_compile("#extension GL_ARB_shader_texture_lod : require\n"
                     "uniform samplerCube t; varying vec4 tc;\n"
                     "void main() { gl_FragColor = textureCubeLod(t, vec3(1.0, tc.yx - 0.5), "
                     "2.0); }\n",
                     "textureCubeLod");
    draw(p, "textureCubeLod");
    expect_rgba(0, 0, 255, 255, "textureCubeLod: level 2");
    if (p)
        glDeleteProgram(p);
    glBindTexture(GL_TEXTURE_CUBE_MAP, 0);
    glDeleteTextures(2, tex);
}

/* shadow2D and shadow2DGradARB: the comparison spread by the depth mode. */
static void depth_modes(void)
{
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    /* Depth 0.25 everywhere: r = 0.5 passes GL_GREATER. */
    GLfloat d[16];
    for (int i = 0; i < 16; i++)
        d[i] = 0.25f;
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 4, 4, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                 d);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);

    static const char *bodies[2] = {
        "shadow2D(t, tc.xyz)",
        "shadow2DGradARB(t, tc.xyz, dFdx(tc.xy), dFdy(tc.xy))",
    };
    static const struct {
        GLenum mode;
        const char *name;
        int pass[4], fail[4];
    } modes[] = {
        { GL_LUMINANCE, "luminance", { 255, 255, 255, 255 }, { 0, 0, 0, 255 } },
        { GL_INTENSITY, "intensity", { 255, 255, 255, 255 }, { 0, 0, 0, 0 } },
        { GL_ALPHA, "alpha", { 0, 0, 0, 255 }, { 0, 0, 0, 0 } },
        { GL_RED, "red", { 255, 0, 0, 255 }, { 0, 0, 0, 255 } },
    };
    for (int b = 0; b < 2; b++) {
        char fs[512];
        snprintf(fs, sizeof fs,
                 "#extension GL_ARB_shader_texture_lod : enable\n"
                 "uniform sampler2DShadow t; varying vec4 tc;\n"
                 "void main() { gl_FragColor = %s; }\n",
                 bodies[b]);
        GLuint p = must_compile(fs, bodies[b]);
        if (!p)
            continue;
        for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
            glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, modes[m].mode);
            char what[160];
            for (int pass = 1; pass >= 0; pass--) {
                glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC,
                                pass ? GL_GREATER : GL_LESS);
                glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
                glClear(GL_COLOR_BUFFER_BIT);
                draw(p, bodies[b]);
                const int *e = pass ? modes[m].pass : modes[m].fail;
                snprintf(what, sizeof what, "%s, %s, comparison %s", bodies[b], modes[m].name,
                         pass ? "passing" : "failing");
                expect_rgba(e[0], e[1], e[2], e[3], what);
            }
        }
        glDeleteProgram(p);
    }
    glDeleteTextures(1, &tex);
}

int main(void)
{
    static const int attribs[] = { GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8,
                                   GLX_ALPHA_SIZE, 8, None };
    struct test_window w = open_window_with(attribs, 32);
    glViewport(0, 0, 32, 32);
    explicit_lod();
    depth_modes();
    return close_test_window(&w);
}
