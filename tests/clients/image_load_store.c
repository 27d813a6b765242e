/*
 * image_load_store.c: ARB_shader_image_load_store (GL 4.2) in a
 * compatibility context, by the textures' contents, pixels, queries and
 * errors. Shaders are GLSL 1.50 with the extension (and
 * ARB_shading_language_420pack for layout(binding), ARB_shader_image_size
 * for imageSize, which is GL 4.3's), except the compile checks, which are
 * GLSL 4.20's rules.
 *
 * - Limits: GL_MAX_IMAGE_UNITS, GL_MAX_COMBINED_IMAGE_UNITS_AND_FRAGMENT_
 *   OUTPUTS, GL_MAX_FRAGMENT_IMAGE_UNIFORMS and GL_MAX_COMBINED_IMAGE_
 *   UNIFORMS at least 8, GL_MAX_IMAGE_SAMPLES and GL_MAX_VERTEX_IMAGE_
 *   UNIFORMS at least 0 (all printed). Image unit state: the defaults of
 *   glGetIntegeri_v(GL_IMAGE_BINDING_NAME/LEVEL/LAYERED/LAYER/ACCESS/
 *   FORMAT) (0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8), the values after a
 *   glBindImageTexture, the errors (unit past the limit, no such texture,
 *   negative level or layer: GL_INVALID_VALUE; a bad access:
 *   GL_INVALID_ENUM or GL_INVALID_VALUE (Mesa raises the latter, the
 *   general rule for enums and GLES 3.1 the former); a format outside
 *   the image formats, GL_RGB8 or GL_SRGB8_ALPHA8: GL_INVALID_VALUE; a
 *   query past the units:
 *   GL_INVALID_VALUE), each leaving the unit as it was; texture 0 unbinds,
 *   and so does deleting the bound texture; glMemoryBarrier
 *   (GL_ALL_BARRIER_BITS) raises nothing; GL_IMAGE_FORMAT_COMPATIBILITY_
 *   TYPE of an RGBA8 texture is GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE.
 * - Fragment stores: a 16×16 quad stores x + 16y at gl_FragCoord into an
 *   r32ui uimage2D; glGetTexImage reads every texel back.
 * - Loads: an RGBA8 texture through layout(rgba8) image2D to the colour
 *   output (pixels within 1/255); the same texture bound as GL_R32UI
 *   (compatible by size) loads the bytes packed little-endian (R lowest),
 *   stored to a second r32ui image; an RGBA32F texture loads its floats
 *   bit-exact (stored to an rgba32f image, read back as GL_FLOAT).
 * - Atomics: imageAtomicAdd by each of 256 fragments on one texel ends at
 *   256 and returns 0 to 255 once each; on one fragment, add, min, max
 *   (unsigned, above 2^31), and, or, xor, exchange and compare-exchange
 *   (matching and not) on r32ui texels, and min, max, add and exchange
 *   with negative values on r32i texels: the values returned (stored to
 *   other images) and the values left.
 * - imageSize: level 1 of a 16×16 mipmapped texture is 8×8; a layered
 *   2D array binding gives ivec3(4, 4, 3), one layer of it as image2D
 *   4×4. Stores through a non-layered binding of layer 2 of a 2D array
 *   texture land in layer 2 only.
 * - A vertex shader stores gl_VertexID-derived values into a 1D r32ui
 *   image, one texel per point of a draw of 16 (skipped with a note when
 *   GL_MAX_VERTEX_IMAGE_UNIFORMS is 0).
 * - layout(early_fragment_tests): with every fragment failing the depth
 *   test, an imageAtomicAdd counts 0 fragments with it and 256 without;
 *   with the test passing, 256 with it.
 * - Program queries: glGetActiveUniform's types of image uniforms
 *   (GL_IMAGE_2D, GL_UNSIGNED_INT_IMAGE_2D, GL_INT_IMAGE_2D_ARRAY,
 *   GL_IMAGE_3D, GL_UNSIGNED_INT_IMAGE_BUFFER, GL_INT_IMAGE_CUBE,
 *   GL_IMAGE_1D); glGetUniformiv gives unit 0 by default and 3 for
 *   layout(binding = 3); glUniform1i picks the unit the stores go to;
 *   glUniform1i past the units is GL_INVALID_VALUE and glUniform1f on an
 *   image is GL_INVALID_OPERATION.
 * - Compile errors (GLSL 4.20): imageStore on a readonly image; an image
 *   without a format qualifier nor writeonly (with imageLoad); an atomic
 *   on an rgba8ui image; a float format on an unsigned image type. Their
 *   correct counterparts compile.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o
 * image_load_store tests/clients/image_load_store.c -lX11 -lGL -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"

#define SIZE 16
#define SENTINEL 0xdeadbeefu

#define IMG "#version 150\n#extension GL_ARB_shader_image_load_store : require\n"

static const char *quad_vs = "#version 150\n"
                             "in vec2 pos;\n"
                             "uniform float z;\n"
                             "void main() { gl_Position = vec4(pos, z, 1.0); }\n";

/* x + 16y at each fragment's texel. */
static const char *store_fs = IMG "layout(r32ui) writeonly uniform uimage2D img;\n"
                                  "out vec4 color;\n"
                                  "void main() {\n"
                                  "  ivec2 p = ivec2(gl_FragCoord.xy);\n"
                                  "  imageStore(img, p, uvec4(uint(p.x + 16 * p.y)));\n"
                                  "  color = vec4(0.0, 1.0, 0.0, 1.0);\n"
                                  "}\n";

static const char *load_rgba8_fs = IMG "layout(rgba8) readonly uniform image2D src;\n"
                                       "out vec4 color;\n"
                                       "void main() {\n"
                                       "  color = imageLoad(src, ivec2(gl_FragCoord.xy));\n"
                                       "}\n";

static const char *copy_uint_fs = IMG "layout(r32ui) readonly uniform uimage2D src;\n"
                                      "layout(r32ui) writeonly uniform uimage2D dst;\n"
                                      "out vec4 color;\n"
                                      "void main() {\n"
                                      "  ivec2 p = ivec2(gl_FragCoord.xy);\n"
                                      "  imageStore(dst, p, imageLoad(src, p));\n"
                                      "  color = vec4(1.0);\n"
                                      "}\n";

static const char *copy_float_fs = IMG "layout(rgba32f) readonly uniform image2D src;\n"
                                       "layout(rgba32f) writeonly uniform image2D dst;\n"
                                       "out vec4 color;\n"
                                       "void main() {\n"
                                       "  ivec2 p = ivec2(gl_FragCoord.xy);\n"
                                       "  imageStore(dst, p, imageLoad(src, p));\n"
                                       "  color = vec4(1.0);\n"
                                       "}\n";

/* Each fragment's old value of the counter stored at its own texel. */
static const char *count_fs = IMG "layout(r32ui) uniform uimage2D counter;\n"
                                  "layout(r32ui) writeonly uniform uimage2D ids;\n"
                                  "out vec4 color;\n"
                                  "void main() {\n"
                                  "  uint id = imageAtomicAdd(counter, ivec2(0), 1u);\n"
                                  "  imageStore(ids, ivec2(gl_FragCoord.xy), uvec4(id));\n"
                                  "  color = vec4(1.0);\n"
                                  "}\n";

#define UOPS 10
#define SOPS 4
/* One fragment: an operation per texel, the old values stored. */
static const char *ops_fs =
    IMG "layout(r32ui) uniform uimage2D u;\n"
        "layout(r32ui) writeonly uniform uimage2D uold;\n"
        "layout(r32i) uniform iimage2D s;\n"
        "layout(r32i) writeonly uniform iimage2D sold;\n"
        "out vec4 color;\n"
        "void main() {\n"
        "  uint o[10];\n"
        "  o[0] = imageAtomicAdd(u, ivec2(0, 0), 5u);\n"
        "  o[1] = imageAtomicMin(u, ivec2(1, 0), 7u);\n"
        "  o[2] = imageAtomicMax(u, ivec2(2, 0), 1000u);\n"
        "  o[3] = imageAtomicAnd(u, ivec2(3, 0), 0xf0u);\n"
        "  o[4] = imageAtomicOr(u, ivec2(4, 0), 1u);\n"
        "  o[5] = imageAtomicXor(u, ivec2(5, 0), 0xffu);\n"
        "  o[6] = imageAtomicExchange(u, ivec2(6, 0), 42u);\n"
        "  o[7] = imageAtomicCompSwap(u, ivec2(7, 0), 10u, 99u);\n"
        "  o[8] = imageAtomicCompSwap(u, ivec2(8, 0), 11u, 99u);\n"
        "  o[9] = imageAtomicMax(u, ivec2(9, 0), 0x80000000u);\n"
        "  for (int i = 0; i < 10; i++)\n"
        "    imageStore(uold, ivec2(i, 0), uvec4(o[i]));\n"
        "  imageStore(sold, ivec2(0, 0), ivec4(imageAtomicMin(s, ivec2(0, 0), -10)));\n"
        "  imageStore(sold, ivec2(1, 0), ivec4(imageAtomicMax(s, ivec2(1, 0), 3)));\n"
        "  imageStore(sold, ivec2(2, 0), ivec4(imageAtomicAdd(s, ivec2(2, 0), -10)));\n"
        "  imageStore(sold, ivec2(3, 0), ivec4(imageAtomicExchange(s, ivec2(3, 0), -100)));\n"
        "  color = vec4(1.0);\n"
        "}\n";

static const char *size_fs =
    IMG "#extension GL_ARB_shader_image_size : require\n"
        "layout(r32i) readonly uniform iimage2D lvl;\n"
        "layout(r32i) readonly uniform iimage2DArray arr;\n"
        "layout(r32i) readonly uniform iimage2D one;\n"
        "layout(r32i) writeonly uniform iimage2D sizes;\n"
        "out vec4 color;\n"
        "void main() {\n"
        "  ivec2 a = imageSize(lvl);\n"
        "  ivec3 b = imageSize(arr);\n"
        "  ivec2 c = imageSize(one);\n"
        "  imageStore(sizes, ivec2(0, 0), ivec4(a.x));\n"
        "  imageStore(sizes, ivec2(1, 0), ivec4(a.y));\n"
        "  imageStore(sizes, ivec2(2, 0), ivec4(b.x));\n"
        "  imageStore(sizes, ivec2(3, 0), ivec4(b.y));\n"
        "  imageStore(sizes, ivec2(4, 0), ivec4(b.z));\n"
        "  imageStore(sizes, ivec2(5, 0), ivec4(c.x));\n"
        "  imageStore(sizes, ivec2(6, 0), ivec4(c.y));\n"
        "  color = vec4(1.0);\n"
        "}\n";

static const char *vertex_store_vs =
    IMG "in vec2 pos;\n"
        "layout(r32ui) writeonly uniform uimage1D img;\n"
        "void main() {\n"
        "  imageStore(img, gl_VertexID, uvec4(uint(gl_VertexID) * 3u + 1u));\n"
        "  gl_Position = vec4(pos, 0.0, 1.0);\n"
        "}\n";

static const char *green_fs = "#version 150\n"
                              "out vec4 color;\n"
                              "void main() { color = vec4(0.0, 1.0, 0.0, 1.0); }\n";

#define COUNTER_FS(early)                                                                  \
    IMG early "layout(r32ui) uniform uimage2D counter;\n"                                   \
              "out vec4 color;\n"                                                          \
              "void main() {\n"                                                            \
              "  imageAtomicAdd(counter, ivec2(0), 1u);\n"                                 \
              "  color = vec4(0.0, 1.0, 0.0, 1.0);\n"                                      \
              "}\n"
static const char *early_fs = COUNTER_FS("layout(early_fragment_tests) in;\n");
static const char *late_fs = COUNTER_FS("");

/* Every uniform active, each of a different image type. */
static const char *types_fs =
    IMG "#extension GL_ARB_shading_language_420pack : require\n"
        "layout(r32ui) writeonly uniform uimage2D a;\n"
        "layout(rgba8) readonly uniform image2D b;\n"
        "layout(r32i) readonly uniform iimage2DArray c;\n"
        "layout(binding = 3, r32ui) writeonly uniform uimage2D d;\n"
        "layout(rgba32f) readonly uniform image3D e;\n"
        "layout(r32ui) readonly uniform uimageBuffer f;\n"
        "layout(r32i) readonly uniform iimageCube g;\n"
        "layout(rgba16f) readonly uniform image1D h;\n"
        "out vec4 color;\n"
        "void main() {\n"
        "  imageStore(a, ivec2(0), uvec4(11u));\n"
        "  imageStore(d, ivec2(0), uvec4(33u));\n"
        "  color = imageLoad(b, ivec2(0)) + vec4(imageLoad(c, ivec3(0)))\n"
        "        + imageLoad(e, ivec3(0)) + vec4(imageLoad(f, 0))\n"
        "        + vec4(imageLoad(g, ivec3(0))) + imageLoad(h, 0);\n"
        "}\n";

static const char *units_fs =
    IMG "#extension GL_ARB_shading_language_420pack : require\n"
        "layout(r32ui) writeonly uniform uimage2D a;\n"
        "layout(binding = 3, r32ui) writeonly uniform uimage2D d;\n"
        "out vec4 color;\n"
        "void main() {\n"
        "  imageStore(a, ivec2(0), uvec4(11u));\n"
        "  imageStore(d, ivec2(0), uvec4(33u));\n"
        "  color = vec4(1.0);\n"
        "}\n";

/* GLSL 4.20: the errors and their correct counterparts. */
static const char *readonly_store_fs = "#version 420\n"
                                       "layout(r32ui) readonly uniform uimage2D img;\n"
                                       "void main() { imageStore(img, ivec2(0), uvec4(1u)); }\n";
static const char *writeonly_store_fs = "#version 420\n"
                                        "layout(r32ui) writeonly uniform uimage2D img;\n"
                                        "void main() { imageStore(img, ivec2(0), uvec4(1u)); }\n";
static const char *no_format_load_fs = "#version 420\n"
                                       "uniform image2D img;\n"
                                       "out vec4 color;\n"
                                       "void main() { color = imageLoad(img, ivec2(0)); }\n";
static const char *format_load_fs = "#version 420\n"
                                    "layout(rgba8) uniform image2D img;\n"
                                    "out vec4 color;\n"
                                    "void main() { color = imageLoad(img, ivec2(0)); }\n";
static const char *no_format_store_fs = "#version 420\n"
                                        "writeonly uniform image2D img;\n"
                                        "void main() { imageStore(img, ivec2(0), vec4(1.0)); }\n";
static const char *rgba_atomic_fs =
    "#version 420\n"
    "layout(rgba8ui) uniform uimage2D img;\n"
    "out vec4 color;\n"
    "void main() { color = vec4(imageAtomicAdd(img, ivec2(0), 1u)); }\n";
static const char *r32ui_atomic_fs =
    "#version 420\n"
    "layout(r32ui) uniform uimage2D img;\n"
    "out vec4 color;\n"
    "void main() { color = vec4(imageAtomicAdd(img, ivec2(0), 1u)); }\n";
static const char *float_format_uint_fs = "#version 420\n"
                                          "layout(rgba32f) writeonly uniform uimage2D img;\n"
                                          "void main() { imageStore(img, ivec2(0), uvec4(1u)); }\n";

static void draw_quad(GLuint p, float z)
{
    static const GLfloat quad[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
    glUseProgram(p);
    glUniform1f(glGetUniformLocation(p, "z"), z);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
    glEnableVertexAttribArray(0);
    glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
}

/* A quad over a w x h viewport at the window's corner. */
static void draw_in(GLuint p, int w, int h)
{
    glViewport(0, 0, w, h);
    draw_quad(p, 0);
    glViewport(0, 0, SIZE, SIZE);
}

/* Image uniform `name` of `p` on unit `unit`. */
static void set_unit(GLuint p, const char *name, GLint unit)
{
    glUseProgram(p);
    GLint loc = glGetUniformLocation(p, name);
    CHECK(loc >= 0, "image uniform %s has no location", name);
    glUniform1i(loc, unit);
}

/* A new `target` texture of `levels` levels of `ifmt`, w x h (x d layers
 * for arrays), filled with `data` (format `fmt`, type `type`) at level 0
 * when not NULL. */
static GLuint texture_of(GLenum target, GLenum ifmt, int levels, int w, int h, int d, GLenum fmt,
                         GLenum type, const void *data)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(target, t);
    if (target == GL_TEXTURE_1D) {
        glTexStorage1D(target, levels, ifmt, w);
        if (data)
            glTexSubImage1D(target, 0, 0, w, fmt, type, data);
    } else if (target == GL_TEXTURE_2D_ARRAY) {
        glTexStorage3D(target, levels, ifmt, w, h, d);
        if (data)
            glTexSubImage3D(target, 0, 0, 0, 0, w, h, d, fmt, type, data);
    } else {
        glTexStorage2D(target, levels, ifmt, w, h);
        if (data)
            glTexSubImage2D(target, 0, 0, 0, w, h, fmt, type, data);
    }
    return t;
}

/* A w x h (x d) r32ui texture of SENTINEL. */
static GLuint sentinel_texture(GLenum target, int w, int h, int d)
{
    static GLuint fill[SIZE * SIZE * 4];
    for (int i = 0; i < SIZE * SIZE * 4; i++)
        fill[i] = SENTINEL;
    return texture_of(target, GL_R32UI, 1, w, h, d, GL_RED_INTEGER, GL_UNSIGNED_INT, fill);
}

/* Level 0 of texture `t` after the shaders' stores. */
static void read_texture(GLenum target, GLuint t, GLenum fmt, GLenum type, void *out)
{
    glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
    glBindTexture(target, t);
    glGetTexImage(target, 0, fmt, type, out);
}

static void unit_state(GLuint unit, GLint name, GLint level, GLint layered, GLint layer,
                       GLint access, GLint format, const char *what)
{
    static const GLenum pnames[6] = { GL_IMAGE_BINDING_NAME,    GL_IMAGE_BINDING_LEVEL,
                                      GL_IMAGE_BINDING_LAYERED, GL_IMAGE_BINDING_LAYER,
                                      GL_IMAGE_BINDING_ACCESS,  GL_IMAGE_BINDING_FORMAT };
    static const char *names[6] = { "NAME", "LEVEL", "LAYERED", "LAYER", "ACCESS", "FORMAT" };
    const GLint want[6] = { name, level, layered, layer, access, format };
    for (int i = 0; i < 6; i++) {
        GLint v = -1;
        glGetIntegeri_v(pnames[i], unit, &v);
        CHECK(v == want[i], "%s: GL_IMAGE_BINDING_%s[%u] is 0x%x, expected 0x%x", what,
              names[i], unit, v, want[i]);
    }
    expect_error(GL_NO_ERROR, what);
}

static void binding_state(void)
{
    static const struct gl_limit limits[] = {
        GL_LIMIT(GL_MAX_IMAGE_UNITS, 8),
        GL_LIMIT(GL_MAX_COMBINED_IMAGE_UNITS_AND_FRAGMENT_OUTPUTS, 8),
        GL_LIMIT(GL_MAX_FRAGMENT_IMAGE_UNIFORMS, 8),
        GL_LIMIT(GL_MAX_COMBINED_IMAGE_UNIFORMS, 8),
        GL_LIMIT(GL_MAX_IMAGE_SAMPLES, 0),
        GL_LIMIT(GL_MAX_VERTEX_IMAGE_UNIFORMS, 0),
    };
    for (unsigned i = 0; i < sizeof limits / sizeof limits[0]; i++) {
        GLint v = -1;
        glGetIntegerv(limits[i].pname, &v);
        printf("%s %d\n", limits[i].name, v);
    }
    check_limits(limits, sizeof limits / sizeof limits[0], "the limits");
    GLint max = 0;
    glGetIntegerv(GL_MAX_IMAGE_UNITS, &max);
    if (max < 8)
        return;
    unit_state(0, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8, "unit 0's defaults");
    unit_state(max - 1, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8, "the last unit's defaults");

    GLuint t = texture_of(GL_TEXTURE_2D_ARRAY, GL_RGBA8, 2, 4, 4, 3, 0, 0, NULL);
    glBindImageTexture(1, t, 1, GL_TRUE, 2, GL_WRITE_ONLY, GL_RGBA8UI);
    expect_error(GL_NO_ERROR, "glBindImageTexture(1, array, 1, layered, 2)");
    unit_state(1, t, 1, GL_TRUE, 2, GL_WRITE_ONLY, GL_RGBA8UI, "after the bind");
    unit_state(0, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8, "unit 0 after unit 1's bind");

    GLuint unused = t + 100;
    while (glIsTexture(unused))
        unused++;
    glBindImageTexture(max, t, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
    expect_error(GL_INVALID_VALUE, "glBindImageTexture(unit GL_MAX_IMAGE_UNITS)");
    glBindImageTexture(1, unused, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
    expect_error(GL_INVALID_VALUE, "glBindImageTexture(a texture that does not exist)");
    glBindImageTexture(1, t, -1, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
    expect_error(GL_INVALID_VALUE, "glBindImageTexture(level -1)");
    glBindImageTexture(1, t, 0, GL_FALSE, -1, GL_READ_ONLY, GL_R32UI);
    expect_error(GL_INVALID_VALUE, "glBindImageTexture(layer -1)");
    /* GL_INVALID_ENUM by the rule for enums outside a command's list
     * (GLES 3.1 names it); Mesa raises GL_INVALID_VALUE. Either passes. */
    glBindImageTexture(1, t, 0, GL_FALSE, 0, GL_TEXTURE_2D, GL_R32UI);
    GLenum err = glGetError();
    CHECK(err == GL_INVALID_ENUM || err == GL_INVALID_VALUE,
          "glBindImageTexture(access GL_TEXTURE_2D): error 0x%x, expected GL_INVALID_ENUM "
          "(or GL_INVALID_VALUE)",
          err);
    glBindImageTexture(1, t, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGB8);
    expect_error(GL_INVALID_VALUE, "glBindImageTexture(format GL_RGB8)");
    glBindImageTexture(1, t, 0, GL_FALSE, 0, GL_READ_ONLY, GL_SRGB8_ALPHA8);
    expect_error(GL_INVALID_VALUE, "glBindImageTexture(format GL_SRGB8_ALPHA8)");
    unit_state(1, t, 1, GL_TRUE, 2, GL_WRITE_ONLY, GL_RGBA8UI, "after the failed binds");
    GLint v = 12345;
    glGetIntegeri_v(GL_IMAGE_BINDING_NAME, max, &v);
    expect_error(GL_INVALID_VALUE, "glGetIntegeri_v(GL_IMAGE_BINDING_NAME, GL_MAX_IMAGE_UNITS)");

    glBindImageTexture(1, t, 0, GL_FALSE, 1, GL_READ_WRITE, GL_R11F_G11F_B10F);
    unit_state(1, t, 0, GL_FALSE, 1, GL_READ_WRITE, GL_R11F_G11F_B10F, "a second bind");
    glBindImageTexture(1, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
    expect_error(GL_NO_ERROR, "glBindImageTexture(texture 0)");
    v = -1;
    glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 1, &v);
    CHECK(v == 0, "after binding texture 0 unit 1 holds %d", v);

    glBindImageTexture(2, t, 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA8);
    glDeleteTextures(1, &t);
    v = -1;
    glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 2, &v);
    CHECK(v == 0, "after deleting its texture unit 2 holds %d", v);

    glMemoryBarrier(GL_ALL_BARRIER_BITS);
    expect_error(GL_NO_ERROR, "glMemoryBarrier(GL_ALL_BARRIER_BITS)");

    GLuint rgba = texture_of(GL_TEXTURE_2D, GL_RGBA8, 1, 2, 2, 1, 0, 0, NULL);
    v = -1;
    glGetTexParameteriv(GL_TEXTURE_2D, GL_IMAGE_FORMAT_COMPATIBILITY_TYPE, &v);
    CHECK(v == GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE,
          "GL_IMAGE_FORMAT_COMPATIBILITY_TYPE of an RGBA8 texture is 0x%x", v);
    expect_error(GL_NO_ERROR, "the compatibility type");
    glDeleteTextures(1, &rgba);
}

static void fragment_stores(void)
{
    GLuint p = pos_color_program(quad_vs, store_fs, "store program");
    if (!p)
        return;
    GLuint t = sentinel_texture(GL_TEXTURE_2D, SIZE, SIZE, 1);
    glBindImageTexture(0, t, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
    draw_quad(p, 0);
    static GLuint got[SIZE * SIZE];
    read_texture(GL_TEXTURE_2D, t, GL_RED_INTEGER, GL_UNSIGNED_INT, got);
    int bad = 0;
    for (int i = 0; i < SIZE * SIZE; i++) {
        if (got[i] != (GLuint)i && bad++ < 4)
            CHECK(0, "stored texel (%d,%d) is 0x%x, expected %d", i % SIZE, i / SIZE, got[i],
                  i);
    }
    CHECK(bad == 0, "%d of 256 stored texels are wrong", bad);
    glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
    glDeleteTextures(1, &t);
    glDeleteProgram(p);
    expect_error(GL_NO_ERROR, "the fragment stores");
}

static void loads(void)
{
    GLuint rgba8 = pos_color_program(quad_vs, load_rgba8_fs, "rgba8 load program");
    GLuint copy_u = pos_color_program(quad_vs, copy_uint_fs, "r32ui copy program");
    GLuint copy_f = pos_color_program(quad_vs, copy_float_fs, "rgba32f copy program");
    if (!rgba8 || !copy_u || !copy_f)
        return;
    GLubyte bytes[16][4];
    for (int i = 0; i < 16; i++) {
        bytes[i][0] = 17 * i;
        bytes[i][1] = 255 - 16 * i;
        bytes[i][2] = (37 * i + 5) & 255;
        bytes[i][3] = 128 + 7 * i;
    }
    GLuint src = texture_of(GL_TEXTURE_2D, GL_RGBA8, 1, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, bytes);
    glBindImageTexture(0, src, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    glClear(GL_COLOR_BUFFER_BIT);
    draw_in(rgba8, 4, 4);
    for (int i = 0; i < 16; i++)
        CHECK_RGBA(i % 4, i / 4, bytes[i][0], bytes[i][1], bytes[i][2], bytes[i][3], 1,
                   "imageLoad of rgba8");

    /* The same bytes as one 32-bit unsigned integer each. */
    GLuint dst = sentinel_texture(GL_TEXTURE_2D, 4, 4, 1);
    glBindImageTexture(0, src, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
    glBindImageTexture(1, dst, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
    set_unit(copy_u, "src", 0);
    set_unit(copy_u, "dst", 1);
    draw_in(copy_u, 4, 4);
    GLuint words[16];
    read_texture(GL_TEXTURE_2D, dst, GL_RED_INTEGER, GL_UNSIGNED_INT, words);
    for (int i = 0; i < 16; i++) {
        GLuint want = bytes[i][0] | bytes[i][1] << 8 | bytes[i][2] << 16 |
                      (GLuint)bytes[i][3] << 24;
        CHECK(words[i] == want, "RGBA8 texel %d loaded as r32ui is 0x%08x, expected 0x%08x", i,
              words[i], want);
    }

    static const GLfloat floats[4][4] = { { 0.1f, -123.456f, 65504.5f, 1e30f },
                                          { -0.0f, 3.0e-5f, 1.0f / 3.0f, -7.0f },
                                          { 16777215.0f, -1e-30f, 2.5f, 0.75f },
                                          { 1e-3f, -65536.25f, 42.0f, 0.0f } };
    GLuint fsrc = texture_of(GL_TEXTURE_2D, GL_RGBA32F, 1, 2, 2, 1, GL_RGBA, GL_FLOAT, floats);
    GLuint fdst = texture_of(GL_TEXTURE_2D, GL_RGBA32F, 1, 2, 2, 1, 0, 0, NULL);
    glBindImageTexture(0, fsrc, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32F);
    glBindImageTexture(1, fdst, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    set_unit(copy_f, "src", 0);
    set_unit(copy_f, "dst", 1);
    draw_in(copy_f, 2, 2);
    GLfloat got[4][4];
    read_texture(GL_TEXTURE_2D, fdst, GL_RGBA, GL_FLOAT, got);
    CHECK(!memcmp(got, floats, sizeof got), "rgba32f texels came back as %g %g %g %g, ...",
          got[0][0], got[0][1], got[0][2], got[0][3]);
    for (int i = 0; i < 16; i++)
        CHECK(got[i / 4][i % 4] == floats[i / 4][i % 4], "float %d is %g, expected %g", i,
              got[i / 4][i % 4], floats[i / 4][i % 4]);

    glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
    glBindImageTexture(1, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
    GLuint ts[4] = { src, dst, fsrc, fdst };
    glDeleteTextures(4, ts);
    glDeleteProgram(rgba8);
    glDeleteProgram(copy_u);
    glDeleteProgram(copy_f);
    expect_error(GL_NO_ERROR, "the loads");
}

static void atomics(void)
{
    GLuint count = pos_color_program(quad_vs, count_fs, "counting program");
    GLuint ops = pos_color_program(quad_vs, ops_fs, "atomic operations program");
    if (!count || !ops)
        return;
    GLuint zero = 0;
    GLuint counter = texture_of(GL_TEXTURE_2D, GL_R32UI, 1, 1, 1, 1, GL_RED_INTEGER,
                                GL_UNSIGNED_INT, &zero);
    GLuint ids = sentinel_texture(GL_TEXTURE_2D, SIZE, SIZE, 1);
    glBindImageTexture(0, counter, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
    glBindImageTexture(1, ids, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
    set_unit(count, "counter", 0);
    set_unit(count, "ids", 1);
    draw_quad(count, 0);
    GLuint n = 0;
    read_texture(GL_TEXTURE_2D, counter, GL_RED_INTEGER, GL_UNSIGNED_INT, &n);
    CHECK(n == 256, "imageAtomicAdd by 256 fragments left %u", n);
    static GLuint got[SIZE * SIZE];
    int seen[SIZE * SIZE] = { 0 }, bad = 0;
    read_texture(GL_TEXTURE_2D, ids, GL_RED_INTEGER, GL_UNSIGNED_INT, got);
    for (int i = 0; i < SIZE * SIZE; i++) {
        if (got[i] >= SIZE * SIZE || seen[got[i]]++)
            bad++;
    }
    CHECK(bad == 0, "%d of 256 fragments got a value out of range or another's", bad);

    static const GLuint ustart[UOPS] = { 10, 20, 20, 0x3c, 0x10, 0x0f, 1, 10, 10, 5 };
    static const GLuint uafter[UOPS] = { 15, 7, 1000, 0x30, 0x11, 0xf0, 42, 99, 10, 0x80000000u };
    static const GLint sstart[SOPS] = { -5, -5, 7, -1 };
    static const GLint safter[SOPS] = { -10, 3, -3, -100 };
    GLuint u = texture_of(GL_TEXTURE_2D, GL_R32UI, 1, UOPS, 1, 1, GL_RED_INTEGER,
                          GL_UNSIGNED_INT, ustart);
    GLuint uold = sentinel_texture(GL_TEXTURE_2D, UOPS, 1, 1);
    GLuint s = texture_of(GL_TEXTURE_2D, GL_R32I, 1, SOPS, 1, 1, GL_RED_INTEGER, GL_INT, sstart);
    static const GLint sfill[SOPS] = { 1234, 1234, 1234, 1234 };
    GLuint sold = texture_of(GL_TEXTURE_2D, GL_R32I, 1, SOPS, 1, 1, GL_RED_INTEGER, GL_INT, sfill);
    glBindImageTexture(0, u, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
    glBindImageTexture(1, uold, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
    glBindImageTexture(2, s, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32I);
    glBindImageTexture(3, sold, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32I);
    set_unit(ops, "u", 0);
    set_unit(ops, "uold", 1);
    set_unit(ops, "s", 2);
    set_unit(ops, "sold", 3);
    draw_in(ops, 1, 1);
    static const char *unames[UOPS] = { "add", "min", "max", "and", "or",
                                        "xor", "exchange", "compswap", "compswap (no match)",
                                        "max (above 2^31)" };
    static const char *snames[SOPS] = { "min", "max", "add", "exchange" };
    GLuint ugot[UOPS], uold_got[UOPS];
    GLint sgot[SOPS], sold_got[SOPS];
    read_texture(GL_TEXTURE_2D, u, GL_RED_INTEGER, GL_UNSIGNED_INT, ugot);
    read_texture(GL_TEXTURE_2D, uold, GL_RED_INTEGER, GL_UNSIGNED_INT, uold_got);
    read_texture(GL_TEXTURE_2D, s, GL_RED_INTEGER, GL_INT, sgot);
    read_texture(GL_TEXTURE_2D, sold, GL_RED_INTEGER, GL_INT, sold_got);
    for (int i = 0; i < UOPS; i++) {
        CHECK(uold_got[i] == ustart[i], "r32ui %s returned 0x%x, not the old 0x%x", unames[i],
              uold_got[i], ustart[i]);
        CHECK(ugot[i] == uafter[i], "r32ui %s left 0x%x, expected 0x%x", unames[i], ugot[i],
              uafter[i]);
    }
    for (int i = 0; i < SOPS; i++) {
        CHECK(sold_got[i] == sstart[i], "r32i %s returned %d, not the old %d", snames[i],
              sold_got[i], sstart[i]);
        CHECK(sgot[i] == safter[i], "r32i %s left %d, expected %d", snames[i], sgot[i],
              safter[i]);
    }
    for (int i = 0; i < 4; i++)
        glBindImageTexture(i, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
    GLuint ts[6] = { counter, ids, u, uold, s, sold };
    glDeleteTextures(6, ts);
    glDeleteProgram(count);
    glDeleteProgram(ops);
    expect_error(GL_NO_ERROR, "the atomics");
}

static void sizes_and_layers(void)
{
    GLuint store = pos_color_program(quad_vs, store_fs, "store program");
    if (!store)
        return;
    /* Stores through a non-layered binding of layer 2. */
    GLuint arr = sentinel_texture(GL_TEXTURE_2D_ARRAY, 4, 4, 3);
    glBindImageTexture(0, arr, 0, GL_FALSE, 2, GL_WRITE_ONLY, GL_R32UI);
    set_unit(store, "img", 0);
    draw_in(store, 4, 4);
    GLuint got[3][16];
    read_texture(GL_TEXTURE_2D_ARRAY, arr, GL_RED_INTEGER, GL_UNSIGNED_INT, got);
    for (int l = 0; l < 3; l++) {
        for (int i = 0; i < 16; i++) {
            GLuint want = l == 2 ? (GLuint)(i % 4 + 16 * (i / 4)) : SENTINEL;
            CHECK(got[l][i] == want, "layer %d texel (%d,%d) is 0x%x, expected 0x%x", l, i % 4,
                  i / 4, got[l][i], want);
        }
    }
    glDeleteTextures(1, &arr);
    glDeleteProgram(store);

    if (!has_extension("GL_ARB_shader_image_size")) {
        CHECK(0, "GL_ARB_shader_image_size is not advertised");
        return;
    }
    GLuint p = pos_color_program(quad_vs, size_fs, "imageSize program");
    if (!p)
        return;
    GLuint mip = texture_of(GL_TEXTURE_2D, GL_R32I, 5, SIZE, SIZE, 1, 0, 0, NULL);
    GLuint iarr = texture_of(GL_TEXTURE_2D_ARRAY, GL_R32I, 1, 4, 4, 3, 0, 0, NULL);
    GLint zeros[8] = { 0 };
    GLuint out = texture_of(GL_TEXTURE_2D, GL_R32I, 1, 8, 1, 1, GL_RED_INTEGER, GL_INT, zeros);
    glBindImageTexture(0, mip, 1, GL_FALSE, 0, GL_READ_ONLY, GL_R32I);
    glBindImageTexture(1, iarr, 0, GL_TRUE, 0, GL_READ_ONLY, GL_R32I);
    glBindImageTexture(2, iarr, 0, GL_FALSE, 2, GL_READ_ONLY, GL_R32I);
    glBindImageTexture(3, out, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32I);
    set_unit(p, "lvl", 0);
    set_unit(p, "arr", 1);
    set_unit(p, "one", 2);
    set_unit(p, "sizes", 3);
    draw_in(p, 1, 1);
    GLint sizes[8];
    static const GLint want[8] = { 8, 8, 4, 4, 3, 4, 4, 0 };
    static const char *what[7] = { "level 1's width",   "level 1's height",
                                   "the array's width", "the array's height",
                                   "the array's layers", "layer 2's width",
                                   "layer 2's height" };
    read_texture(GL_TEXTURE_2D, out, GL_RED_INTEGER, GL_INT, sizes);
    for (int i = 0; i < 7; i++)
        CHECK(sizes[i] == want[i], "imageSize: %s is %d, expected %d", what[i], sizes[i],
              want[i]);
    for (int i = 0; i < 4; i++)
        glBindImageTexture(i, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
    GLuint ts[3] = { mip, iarr, out };
    glDeleteTextures(3, ts);
    glDeleteProgram(p);
    expect_error(GL_NO_ERROR, "imageSize and layers");
}

static void vertex_stores(void)
{
    GLint max = 0;
    glGetIntegerv(GL_MAX_VERTEX_IMAGE_UNIFORMS, &max);
    if (max == 0) {
        printf("note: GL_MAX_VERTEX_IMAGE_UNIFORMS is 0, no vertex shader stores\n");
        return;
    }
    GLuint p = pos_color_program(vertex_store_vs, green_fs, "vertex store program");
    if (!p)
        return;
    enum { N = 16 };
    GLuint t = sentinel_texture(GL_TEXTURE_1D, N, 1, 1);
    glBindImageTexture(0, t, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
    set_unit(p, "img", 0);
    GLfloat pts[N][2];
    for (int i = 0; i < N; i++) {
        pts[i][0] = (i + 0.5f) / N * 2 - 1;
        pts[i][1] = 0;
    }
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pts);
    glEnableVertexAttribArray(0);
    glDrawArrays(GL_POINTS, 0, N);
    GLuint got[N];
    read_texture(GL_TEXTURE_1D, t, GL_RED_INTEGER, GL_UNSIGNED_INT, got);
    for (int i = 0; i < N; i++)
        CHECK(got[i] == (GLuint)(3 * i + 1), "vertex %d stored 0x%x, expected %d", i, got[i],
              3 * i + 1);
    glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
    glDeleteTextures(1, &t);
    glDeleteProgram(p);
    expect_error(GL_NO_ERROR, "the vertex stores");
}

/* The fragments `p` counts in its counter for a quad at z 0.5 over the
 * depth buffer cleared to `depth` under GL_LESS. */
static GLuint fragments_counted(GLuint p, GLuint counter, double depth)
{
    GLuint zero = 0;
    glBindTexture(GL_TEXTURE_2D, counter);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
    glBindImageTexture(0, counter, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
    set_unit(p, "counter", 0);
    glClearDepth(depth);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    draw_quad(p, 0.5f);
    glDisable(GL_DEPTH_TEST);
    GLuint n = SENTINEL;
    read_texture(GL_TEXTURE_2D, counter, GL_RED_INTEGER, GL_UNSIGNED_INT, &n);
    return n;
}

static void early_fragment_tests(void)
{
    GLint depth_bits = 0;
    glGetIntegerv(GL_DEPTH_BITS, &depth_bits);
    CHECK(depth_bits > 0, "the window has no depth buffer");
    GLuint early = pos_color_program(quad_vs, early_fs, "early_fragment_tests program");
    GLuint late = pos_color_program(quad_vs, late_fs, "late tests program");
    if (!early || !late || !depth_bits)
        return;
    GLuint counter = texture_of(GL_TEXTURE_2D, GL_R32UI, 1, 1, 1, 1, 0, 0, NULL);
    GLuint n = fragments_counted(early, counter, 0.0);
    CHECK(n == 0, "with early_fragment_tests and every fragment failing the depth test, "
                  "%u fragments counted",
          n);
    CHECK_RGBA(8, 8, 0, 0, 0, 255, 0, "the rejected early_fragment_tests quad");
    n = fragments_counted(late, counter, 0.0);
    CHECK(n == 256, "without early_fragment_tests and every fragment failing the depth test, "
                    "%u fragments counted",
          n);
    CHECK_RGBA(8, 8, 0, 0, 0, 255, 0, "the rejected quad without early_fragment_tests");
    n = fragments_counted(early, counter, 1.0);
    CHECK(n == 256, "with early_fragment_tests and every fragment passing, %u counted", n);
    CHECK_RGBA(8, 8, 0, 255, 0, 255, 0, "the passing early_fragment_tests quad");
    glClearDepth(1.0);
    glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
    glDeleteTextures(1, &counter);
    glDeleteProgram(early);
    glDeleteProgram(late);
    expect_error(GL_NO_ERROR, "early_fragment_tests");
}

static void program_queries(void)
{
    GLuint p = pos_color_program(quad_vs, types_fs, "image types program");
    if (!p)
        return;
    static const struct {
        const char *name;
        GLenum type;
    } want[] = { { "a", GL_UNSIGNED_INT_IMAGE_2D }, { "b", GL_IMAGE_2D },
                 { "c", GL_INT_IMAGE_2D_ARRAY },    { "d", GL_UNSIGNED_INT_IMAGE_2D },
                 { "e", GL_IMAGE_3D },              { "f", GL_UNSIGNED_INT_IMAGE_BUFFER },
                 { "g", GL_INT_IMAGE_CUBE },        { "h", GL_IMAGE_1D } };
    enum { NWANT = sizeof want / sizeof want[0] };
    int found[NWANT] = { 0 };
    GLint active = 0;
    glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &active);
    CHECK(active == NWANT + 1, "%d active uniforms, expected %d", active, NWANT + 1);
    for (GLint i = 0; i < active; i++) {
        char name[32] = "";
        GLint size = 0;
        GLenum type = 0;
        glGetActiveUniform(p, i, sizeof name, NULL, &size, &type, name);
        if (!strcmp(name, "z"))
            continue;
        int k = 0;
        while (k < NWANT && strcmp(want[k].name, name))
            k++;
        if (k == NWANT) {
            CHECK(0, "unexpected active uniform \"%s\"", name);
            continue;
        }
        found[k]++;
        CHECK(type == want[k].type && size == 1, "image uniform %s: type 0x%x size %d, "
                                                 "expected type 0x%x size 1",
              name, type, size, want[k].type);
    }
    for (int k = 0; k < NWANT; k++)
        CHECK(found[k] == 1, "image uniform %s listed %d times", want[k].name, found[k]);
    glDeleteProgram(p);

    p = pos_color_program(quad_vs, units_fs, "image units program");
    if (!p)
        return;
    glUseProgram(p);
    GLint la = glGetUniformLocation(p, "a"), ld = glGetUniformLocation(p, "d");
    GLint v = -1;
    glGetUniformiv(p, la, &v);
    CHECK(v == 0, "image uniform a starts at unit %d, not 0", v);
    v = -1;
    glGetUniformiv(p, ld, &v);
    CHECK(v == 3, "image uniform d (binding 3) starts at unit %d, not 3", v);
    glUniform1i(la, 5);
    v = -1;
    glGetUniformiv(p, la, &v);
    CHECK(v == 5, "after glUniform1i(a, 5) glGetUniformiv gives %d", v);
    expect_error(GL_NO_ERROR, "the image uniforms' units");
    GLint max = 0;
    glGetIntegerv(GL_MAX_IMAGE_UNITS, &max);
    glUniform1i(la, max);
    expect_error(GL_INVALID_VALUE, "glUniform1i(image, GL_MAX_IMAGE_UNITS)");
    glUniform1f(la, 1.0f);
    expect_error(GL_INVALID_OPERATION, "glUniform1f(image)");
    v = -1;
    glGetUniformiv(p, la, &v);
    CHECK(v == 5, "after the failed glUniform calls image uniform a is %d, not 5", v);

    GLuint t0 = sentinel_texture(GL_TEXTURE_2D, 1, 1, 1);
    GLuint t3 = sentinel_texture(GL_TEXTURE_2D, 1, 1, 1);
    GLuint t5 = sentinel_texture(GL_TEXTURE_2D, 1, 1, 1);
    glBindImageTexture(0, t0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
    glBindImageTexture(3, t3, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
    glBindImageTexture(5, t5, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
    draw_in(p, 1, 1);
    GLuint g0 = 0, g3 = 0, g5 = 0;
    read_texture(GL_TEXTURE_2D, t0, GL_RED_INTEGER, GL_UNSIGNED_INT, &g0);
    read_texture(GL_TEXTURE_2D, t3, GL_RED_INTEGER, GL_UNSIGNED_INT, &g3);
    read_texture(GL_TEXTURE_2D, t5, GL_RED_INTEGER, GL_UNSIGNED_INT, &g5);
    CHECK(g5 == 11, "the texture on unit 5 (a's unit) holds 0x%x, not 11", g5);
    CHECK(g3 == 33, "the texture on unit 3 (d's binding) holds 0x%x, not 33", g3);
    CHECK(g0 == SENTINEL, "the texture on unit 0 was written: 0x%x", g0);
    glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
    glBindImageTexture(3, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
    glBindImageTexture(5, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
    GLuint ts[3] = { t0, t3, t5 };
    glDeleteTextures(3, ts);
    glDeleteProgram(p);
    expect_error(GL_NO_ERROR, "the program queries");
}

static void compile_errors(void)
{
    CHECK(shader_compiles(GL_FRAGMENT_SHADER, writeonly_store_fs),
          "imageStore on a writeonly image does not compile");
    CHECK(!shader_compiles(GL_FRAGMENT_SHADER, readonly_store_fs),
          "imageStore on a readonly image compiles");
    CHECK(shader_compiles(GL_FRAGMENT_SHADER, format_load_fs),
          "imageLoad on an rgba8 image does not compile");
    CHECK(!shader_compiles(GL_FRAGMENT_SHADER, no_format_load_fs),
          "an image without format qualifier nor writeonly compiles");
    CHECK(shader_compiles(GL_FRAGMENT_SHADER, no_format_store_fs),
          "a writeonly image without format qualifier does not compile");
    CHECK(shader_compiles(GL_FRAGMENT_SHADER, r32ui_atomic_fs),
          "imageAtomicAdd on an r32ui image does not compile");
    CHECK(!shader_compiles(GL_FRAGMENT_SHADER, rgba_atomic_fs),
          "imageAtomicAdd on an rgba8ui image compiles");
    CHECK(!shader_compiles(GL_FRAGMENT_SHADER, float_format_uint_fs),
          "layout(rgba32f) on a uimage2D compiles");
}

int main(void)
{
    static const int attribs[] = { GLX_RGBA,       GLX_DOUBLEBUFFER, GLX_RED_SIZE,   8,
                                   GLX_GREEN_SIZE, 8,                GLX_BLUE_SIZE,  8,
                                   GLX_ALPHA_SIZE, 8,                GLX_DEPTH_SIZE, 24,
                                   None };
    struct test_window t = open_window_with(attribs, SIZE);
    glViewport(0, 0, SIZE, SIZE);
    printf("GL_VERSION %s, GL_RENDERER %s\n", (const char *)glGetString(GL_VERSION),
           (const char *)glGetString(GL_RENDERER));
    if (!has_extension("GL_ARB_shader_image_load_store")) {
        CHECK(0, "GL_ARB_shader_image_load_store is not advertised");
        return close_test_window(&t);
    }
    glClearColor(0, 0, 0, 1);
    binding_state();
    fragment_stores();
    loads();
    atomics();
    sizes_and_layers();
    vertex_stores();
    early_fragment_tests();
    program_queries();
    compile_errors();
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
