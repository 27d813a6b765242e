/*
 * cube_array.c: GL_ARB_texture_cube_map_array by its results (a "SKIP
 * GL_ARB_texture_cube_map_array" line and PASS when the extension string
 * does not list it):
 * - GL_TEXTURE_BINDING_CUBE_MAP_ARRAY; glTexImage3D errors (depth not a
 *   multiple of 6, faces not square: INVALID_VALUE; the target through
 *   glTexImage2D: INVALID_ENUM), glTexStorage3D likewise, the proxy target;
 * - a 4x4 array of 2 cubes (depth 12), each layer-face flat in its own
 *   colour, read back whole by glGetTexImage; GL_TEXTURE_DEPTH is 12;
 *   glTexSubImage3D of one layer-face; glCopyTexSubImage3D into another;
 * - GLSL 1.20 with `#extension GL_ARB_texture_cube_map_array : require`:
 *   texture(samplerCubeArray, vec4) picks the face of the direction and
 *   the layer round(w) clamped to [0, 1]; textureSize is (4, 4, 2);
 *   textureLod picks level 1; textureGrad with large gradients the last
 *   level; isamplerCubeArray returns integers;
 * - glGenerateMipmap keeps 12 layer-faces at every level;
 * - samplerCubeArrayShadow compares a depth cube array per layer-face;
 * - glFramebufferTextureLayer of layer-face 7: glClear changes that one only
 *   (its GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER is not checked: llvmpipe
 *   reports 0).
 * Prints FAIL lines, and PASS when all checks hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"
#include <GL/glext.h>
#include <string.h>

#define N 4
#define LAYERS 2
#define FACES (6 * LAYERS)

static GLubyte colour[FACES][4];

static void make_colours(void)
{
    int i;
    for (i = 0; i < FACES; i++) {
        colour[i][0] = (GLubyte)(10 + 20 * i);
        colour[i][1] = (GLubyte)(250 - 20 * i);
        colour[i][2] = (GLubyte)((37 * i + 5) % 256);
        colour[i][3] = 255;
    }
}

static GLint level_param(GLenum target, GLint level, GLenum pname)
{
    GLint v = -1;
    glGetTexLevelParameteriv(target, level, pname, &v);
    return v;
}

/* Compiles and links a program of the vertex shader passing
 * gl_MultiTexCoord0 on and `fs`; 0 after a FAIL line when a step fails. */
static GLuint build(const char *what, const char *fs)
{
    return use_sampling_program(what, FTRANSFORM_VS("120"), fs);
}

/* A 4x4-pixel quad at window pixel (x, y), every corner with texture
 * coordinate (s, t, r, q). */
static void spot(int x, int y, float s, float t, float r, float q)
{
    float x0 = x / 16.0f - 1, y0 = y / 16.0f - 1, x1 = (x + 4) / 16.0f - 1, y1 = (y + 4) / 16.0f - 1;
    glBegin(GL_QUADS);
    glTexCoord4f(s, t, r, q);
    glVertex2f(x0, y0);
    glVertex2f(x1, y0);
    glVertex2f(x1, y1);
    glVertex2f(x0, y1);
    glEnd();
}

static const float dirs[6][3] = { { 1, 0.2f, 0.1f }, { -1, 0.1f, -0.2f }, { 0.1f, 1, 0.2f },
                                  { 0.2f, -1, 0.1f }, { -0.1f, 0.2f, 1 }, { 0.1f, 0.1f, -1 } };

static GLuint new_cube_array(void)
{
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, tex);
    glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return tex;
}

/* `faces` layer-faces of n*n texels, face i flat in cols[i]. */
static GLubyte *flat_faces(int n, int faces, GLubyte (*cols)[4])
{
    GLubyte *d = malloc((size_t)4 * n * n * faces);
    int f, i;
    for (f = 0; f < faces; f++)
        for (i = 0; i < n * n; i++)
            memcpy(d + 4 * (f * n * n + i), cols[f], 4);
    return d;
}

static void check_errors_and_proxy(void)
{
    GLuint tex = new_cube_array();
    GLint v = -1;
    glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP_ARRAY, &v);
    CHECK(v == (GLint)tex, "TEXTURE_BINDING_CUBE_MAP_ARRAY %d, expected %u", v, tex);
    glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    expect_error(GL_INVALID_VALUE, "depth 4");
    glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 8, 8, 14, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    expect_error(GL_INVALID_VALUE, "depth 14");
    glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 8, 4, 6, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    expect_error(GL_INVALID_VALUE, "8x4 faces");
    glTexImage2D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    expect_error(GL_INVALID_ENUM, "glTexImage2D of a cube map array");
    glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8, 8, 8, 7);
    expect_error(GL_INVALID_VALUE, "glTexStorage3D depth 7");
    glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8, 8, 4, 6);
    expect_error(GL_INVALID_VALUE, "glTexStorage3D 8x4");
    /* Proxies: a fitting image is described, one past the limits not. */
    glTexImage3D(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 8, 8, 12, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, NULL);
    expect_error(GL_NO_ERROR, "proxy");
    CHECK(level_param(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, 0, GL_TEXTURE_WIDTH) == 8, "proxy width");
    CHECK(level_param(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, 0, GL_TEXTURE_DEPTH) == 12, "proxy depth");
    glTexImage3D(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 1 << 20, 1 << 20, 12, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, NULL);
    CHECK(level_param(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, 0, GL_TEXTURE_WIDTH) == 0,
          "proxy too large");
    /* A proxy of a depth not a multiple of 6 is no error: the proxy is
     * cleared (Mesa). */
    glTexImage3D(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 8, 8, 7, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, NULL);
    expect_error(GL_NO_ERROR, "proxy depth 7");
    CHECK(level_param(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, 0, GL_TEXTURE_WIDTH) == 0,
          "proxy depth 7 cleared");
    glDeleteTextures(1, &tex);
}

/* Reads level `level` back and checks that layer-face f is flat in
 * want[f]. */
static void check_faces(int level, int n, GLubyte (*want)[4], const char *what)
{
    GLubyte *got = malloc((size_t)4 * n * n * FACES);
    int f, i, bad = 0;
    glGetTexImage(GL_TEXTURE_CUBE_MAP_ARRAY, level, GL_RGBA, GL_UNSIGNED_BYTE, got);
    for (f = 0; f < FACES; f++)
        for (i = 0; i < n * n; i++)
            if (memcmp(got + 4 * (f * n * n + i), want[f], 4) != 0) {
                if (!bad)
                    CHECK(0, "%s: face %d texel %d = %d %d %d %d, expected %d %d %d %d", what, f,
                          i, got[4 * (f * n * n + i)], got[4 * (f * n * n + i) + 1],
                          got[4 * (f * n * n + i) + 2], got[4 * (f * n * n + i) + 3], want[f][0],
                          want[f][1], want[f][2], want[f][3]);
                bad++;
            }
    free(got);
}

int main(void)
{
    struct test_window t = open_test_window();
    if (!has_extension("GL_ARB_texture_cube_map_array")) {
        printf("SKIP GL_ARB_texture_cube_map_array\n");
        return close_test_window(&t);
    }
    make_colours();
    check_errors_and_proxy();

    /* Images, read-back, sub-images. */
    GLuint tex = new_cube_array();
    GLubyte *data = flat_faces(N, FACES, colour);
    glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, N, N, FACES, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 data);
    expect_error(GL_NO_ERROR, "glTexImage3D 4x4x12");
    CHECK(level_param(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_TEXTURE_DEPTH) == FACES, "depth 12");
    CHECK(level_param(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_TEXTURE_HEIGHT) == N, "height 4");
    check_faces(0, N, colour, "glGetTexImage");
    GLubyte want[FACES][4];
    memcpy(want, colour, sizeof want);
    static GLubyte sub[4] = { 1, 2, 3, 4 };
    GLubyte sub_face[N * N * 4];
    int i;
    for (i = 0; i < N * N; i++)
        memcpy(sub_face + 4 * i, sub, 4);
    glTexSubImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, 9, N, N, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                    sub_face);
    expect_error(GL_NO_ERROR, "glTexSubImage3D");
    memcpy(want[9], sub, 4);
    check_faces(0, N, want, "after glTexSubImage3D");
    /* glCopyTexSubImage3D from a cleared window into layer-face 10. */
    glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
    glClear(GL_COLOR_BUFFER_BIT);
    glReadBuffer(GL_BACK);
    glCopyTexSubImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, 10, 0, 0, N, N);
    expect_error(GL_NO_ERROR, "glCopyTexSubImage3D");
    /* The window has no alpha: it reads 1. */
    GLubyte copied[4] = { 51, 102, 153, 255 };
    memcpy(want[10], copied, 4);
    check_faces(0, N, want, "after glCopyTexSubImage3D");
    /* Back to the flat colours for sampling. */
    glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, N, N, FACES, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 data);

    /* Sampling: face of the direction, layer round(w) clamped. */
    GLuint p = build("texture()", "#version 120\n"
                                  "#extension GL_ARB_texture_cube_map_array : require\n"
                                  "uniform samplerCubeArray tex;\n"
                                  "void main() { gl_FragColor = texture(tex, gl_TexCoord[0]); }\n");
    if (p) {
        static const float layer_coord[5] = { 0.0f, 1.0f, 1.4f, -1.0f, 5.0f };
        static const int layer_pick[5] = { 0, 1, 1, 0, 1 };
        int f, l;
        glClearColor(0, 0, 0, 0);
        for (l = 0; l < 5; l++) {
            glClear(GL_COLOR_BUFFER_BIT);
            for (f = 0; f < 6; f++)
                spot(4 * f, 4, dirs[f][0], dirs[f][1], dirs[f][2], layer_coord[l]);
            for (f = 0; f < 6; f++) {
                const GLubyte *c = colour[6 * layer_pick[l] + f];
                char what[64];
                snprintf(what, sizeof what, "face %d layer %.1f", f, layer_coord[l]);
                CHECK_RGBA(4 * f + 2, 6, c[0], c[1], c[2], c[3], 0, what);
            }
        }
        glUseProgram(0);
        glDeleteProgram(p);
    }
    p = build("textureSize", "#version 120\n"
                             "#extension GL_ARB_texture_cube_map_array : require\n"
                             "uniform samplerCubeArray tex;\n"
                             "void main() {\n"
                             "  ivec3 s = textureSize(tex, 0);\n"
                             "  gl_FragColor = vec4(vec3(s) / 10.0, 1.0);\n"
                             "}\n");
    if (p) {
        glClear(GL_COLOR_BUFFER_BIT);
        spot(0, 0, 1, 0, 0, 0);
        CHECK_RGBA(2, 2, 102, 102, 51, 255, 1, "textureSize (4, 4, 2)");
        glUseProgram(0);
        glDeleteProgram(p);
    }

    /* Mipmaps: generation keeps the 12 layer-faces; textureLod and
     * textureGrad pick levels. */
    glGenerateMipmap(GL_TEXTURE_CUBE_MAP_ARRAY);
    expect_error(GL_NO_ERROR, "glGenerateMipmap");
    CHECK(level_param(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_TEXTURE_WIDTH) == 2, "level 1 width");
    CHECK(level_param(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_TEXTURE_DEPTH) == FACES, "level 1 depth");
    CHECK(level_param(GL_TEXTURE_CUBE_MAP_ARRAY, 2, GL_TEXTURE_DEPTH) == FACES, "level 2 depth");
    check_faces(1, 2, colour, "generated level 1");
    GLubyte lvl[FACES][4];
    for (i = 0; i < FACES; i++) {
        lvl[i][0] = 255 - colour[i][0];
        lvl[i][1] = colour[i][2];
        lvl[i][2] = colour[i][1];
        lvl[i][3] = 255;
    }
    GLubyte *l1 = flat_faces(2, FACES, lvl);
    glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8, 2, 2, FACES, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 l1);
    GLubyte white[FACES][4];
    memset(white, 255, sizeof white);
    GLubyte *l2 = flat_faces(1, FACES, white);
    glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 2, GL_RGBA8, 1, 1, FACES, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 l2);
    glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    p = build("textureLod", "#version 120\n"
                            "#extension GL_ARB_texture_cube_map_array : require\n"
                            "uniform samplerCubeArray tex;\n"
                            "void main() { gl_FragColor = textureLod(tex, gl_TexCoord[0], 1.0); }\n");
    if (p) {
        int f;
        glClear(GL_COLOR_BUFFER_BIT);
        for (f = 0; f < 6; f++)
            spot(4 * f, 4, dirs[f][0], dirs[f][1], dirs[f][2], 1.0f);
        for (f = 0; f < 6; f++) {
            const GLubyte *c = lvl[6 + f];
            CHECK_RGBA(4 * f + 2, 6, c[0], c[1], c[2], c[3], 0, "textureLod level 1");
        }
        glUseProgram(0);
        glDeleteProgram(p);
    }
    p = build("textureGrad", "#version 120\n"
                             "#extension GL_ARB_texture_cube_map_array : require\n"
                             "uniform samplerCubeArray tex;\n"
                             "void main() {\n"
                             "  gl_FragColor = textureGrad(tex, gl_TexCoord[0], vec3(0.0),\n"
                             "                             vec3(0.0));\n"
                             "}\n");
    if (p) {
        glClear(GL_COLOR_BUFFER_BIT);
        spot(0, 0, 0, 0, -1, 0);
        const GLubyte *c = colour[5];
        CHECK_RGBA(2, 2, c[0], c[1], c[2], c[3], 0, "textureGrad zero gradients: level 0");
        glUseProgram(0);
        glDeleteProgram(p);
    }
    glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glDeleteTextures(1, &tex);

    /* Integer cube map arrays. */
    tex = new_cube_array();
    GLint ints[FACES * 4];
    for (i = 0; i < FACES; i++) {
        ints[4 * i] = i;
        ints[4 * i + 1] = 100 + i;
        ints[4 * i + 2] = -i;
        ints[4 * i + 3] = 7;
    }
    glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA32I, 1, 1, FACES, 0, GL_RGBA_INTEGER, GL_INT,
                 ints);
    expect_error(GL_NO_ERROR, "RGBA32I cube map array");
    p = build("isamplerCubeArray",
              "#version 120\n"
              "#extension GL_ARB_texture_cube_map_array : require\n"
              "#extension GL_EXT_gpu_shader4 : require\n"
              "uniform isamplerCubeArray tex;\n"
              "void main() {\n"
              "  ivec4 v = texture(tex, gl_TexCoord[0]);\n"
              "  gl_FragColor = (v == ivec4(9, 109, -9, 7)) ? vec4(0, 1, 0, 1) : vec4(1, 0, 0, 1);\n"
              "}\n");
    if (p) {
        glClear(GL_COLOR_BUFFER_BIT);
        spot(0, 0, dirs[3][0], dirs[3][1], dirs[3][2], 1.0f);
        CHECK_RGBA(2, 2, 0, 255, 0, 255, 0, "isamplerCubeArray layer 1 face -Y");
        glUseProgram(0);
        glDeleteProgram(p);
    }
    glDeleteTextures(1, &tex);

    /* Shadow: depth d = f / 12 per layer-face, compared with LEQUAL. */
    tex = new_cube_array();
    float depth[FACES];
    for (i = 0; i < FACES; i++)
        depth[i] = (i + 0.5f) / FACES;
    glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_DEPTH_COMPONENT24, 1, 1, FACES, 0,
                 GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    expect_error(GL_NO_ERROR, "depth cube map array");
    glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
    glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    p = build("samplerCubeArrayShadow",
              "#version 120\n"
              "#extension GL_ARB_texture_cube_map_array : require\n"
              "uniform samplerCubeArrayShadow tex;\n"
              "uniform float ref;\n"
              "void main() { gl_FragColor = vec4(texture(tex, gl_TexCoord[0], ref)); }\n");
    if (p) {
        GLint ref = glGetUniformLocation(p, "ref");
        int f;
        /* Layer-face 6 + f holds (6 + f + 0.5) / 12: a reference just
         * below passes (1), just above fails (0). */
        for (f = 0; f < 6; f++) {
            glClear(GL_COLOR_BUFFER_BIT);
            glUniform1f(ref, (6 + f + 0.4f) / FACES);
            spot(0, 0, dirs[f][0], dirs[f][1], dirs[f][2], 1.0f);
            glUniform1f(ref, (6 + f + 0.6f) / FACES);
            spot(8, 0, dirs[f][0], dirs[f][1], dirs[f][2], 1.0f);
            CHECK_RGBA(2, 2, 255, 255, 255, 255, 0, "shadow ref below passes");
            CHECK_RGBA(10, 2, 0, 0, 0, 255, 0, "shadow ref above fails");
        }
        glUseProgram(0);
        glDeleteProgram(p);
    }
    glDeleteTextures(1, &tex);

    /* A layer-face as a framebuffer attachment. */
    tex = new_cube_array();
    glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, N, N, FACES, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 data);
    GLuint fb;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, 7);
    expect_error(GL_NO_ERROR, "glFramebufferTextureLayer");
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "fbo complete");
    glClearColor(1, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    memcpy(want, colour, sizeof want);
    static GLubyte magenta[4] = { 255, 0, 255, 255 };
    memcpy(want[7], magenta, 4);
    check_faces(0, N, want, "after clearing layer-face 7");
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &tex);

    free(data);
    free(l1);
    free(l2);
    expect_error(GL_NO_ERROR, "end");
    return close_test_window(&t);
}
