/*
 * gl30_formats.c: the GL 3.0 texture formats and shader integers that came
 * as EXT extensions, by their results; each part runs only when the
 * extension string lists its extension (a "SKIP <ext>" line otherwise):
 * - GL_EXT_texture_snorm: RGBA8/R8/RG16 signed normalized images from float
 *   data, clamped to [-1, 1] and quantized (read back as floats), their
 *   component type, and sampled by a GLSL 1.10 shader;
 * - GL_EXT_packed_float: R11F_G11F_B10F from floats (negative to 0,
 *   mantissas cut to 6/6/5 bits), packed words read back unchanged and
 *   decoded, GL_RGBA_SIGNED_COMPONENTS_EXT of the window;
 * - GL_EXT_texture_shared_exponent: RGB9_E5 from floats (shared exponent,
 *   clamped to 65408), packed words read back unchanged and decoded, the
 *   packed type with GL_RGBA refused;
 * - GL_EXT_texture_integer: unsigned and signed integer textures (RGBA,
 *   alpha, luminance-alpha) read back exactly, format/type errors,
 *   glDrawPixels of integers on a normalized framebuffer, integer border
 *   colours, glClearColorI*, component types, GL_RGBA_INTEGER_MODE_EXT;
 * - GL_EXT_gpu_shader4: usampler2D with texelFetch2D, texture2D and
 *   textureSize2D, unsigned vertex attributes (array and current value,
 *   above 2^24), glGetVertexAttribIuivEXT, glBindFragDataLocationEXT with
 *   `varying out`, integer operators, `unsigned int`, gl_VertexID.
 * Prints which parts ran, FAIL lines, and PASS when all checks that ran hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include "program.h"
#include <GL/glext.h>
#include <limits.h>
#include <math.h>
#include <string.h>

/* A quad from (x0, y0) to (x1, y1), every corner with texture coordinate
 * (s, t). */
static void quad_st(float x0, float y0, float x1, float y1, float s, float t)
{
    glBegin(GL_QUADS);
    glTexCoord2f(s, t);
    glVertex2f(x0, y0);
    glVertex2f(x1, y0);
    glVertex2f(x1, y1);
    glVertex2f(x0, y1);
    glEnd();
}

static void clear_black(void)
{
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
}

/* Compiles and links vs + fs; `attrib` (if any) is bound to location 1 and
 * `frag_out` (if any) to colour number 0 before linking. Returns 0 (after a
 * FAIL line with the log) when a step fails. */
static GLuint build(const char *what, const char *vs, const char *fs, const char *attrib,
                    const char *frag_out)
{
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, vs, what) ||
        !attach_shader(p, GL_FRAGMENT_SHADER, fs, what)) {
        glDeleteProgram(p);
        return 0;
    }
    if (attrib)
        glBindAttribLocation(p, 1, attrib);
    if (frag_out) {
        PFNGLBINDFRAGDATALOCATIONEXTPROC bind_frag_data_location =
            (PFNGLBINDFRAGDATALOCATIONEXTPROC)proc("glBindFragDataLocationEXT");
        if (bind_frag_data_location)
            bind_frag_data_location(p, 0, frag_out);
        expect_error(GL_NO_ERROR, "glBindFragDataLocationEXT");
    }
    if (!link_program(p, what)) {
        glDeleteProgram(p);
        return 0;
    }
    return p;
}

static GLuint new_texture(void)
{
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return tex;
}

static GLint level_param(GLenum pname)
{
    GLint v = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, pname, &v);
    return v;
}

/* The float read back for `x` stored with `max` = 2^(b-1) - 1. None of the
 * values used here is a tie for which round-half-even and round-half-away
 * disagree. */
static float snorm(float x, float max)
{
    float c = x < -1.0f ? -1.0f : x > 1.0f ? 1.0f : x;
    return (float)(rint(c * max) / max);
}

/* Compares n floats read back with the expected ones (within `tol`). */
static void check_floats(const char *what, const GLfloat *got, const GLfloat *want, int n,
                         float tol)
{
    int i;
    for (i = 0; i < n; i++)
        CHECK(fabsf(got[i] - want[i]) <= tol, "%s: component %d, got %.9g expected %.9g", what,
              i, got[i], want[i]);
}

static void check_uints(const char *what, const GLuint *got, const GLuint *want, int n)
{
    int i;
    for (i = 0; i < n; i++)
        CHECK(got[i] == want[i], "%s: component %d, got 0x%08x expected 0x%08x", what, i,
              got[i], want[i]);
}

/* ---- GL_EXT_texture_snorm ------------------------------------------------ */

static void texture_snorm(void)
{
    GLuint tex = new_texture();
    GLfloat out[16];
    GLfloat want[16];
    int i;

    /* RGBA8_SNORM, two texels: out-of-range values clamp to +-1. */
    static const GLfloat rgba_in[8] = { -1.5f, -0.6f, 0.5f, 1.5f, 0.25f, -1.0f, 0.0f, -0.1f };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8_SNORM, 2, 1, 0, GL_RGBA, GL_FLOAT, rgba_in);
    expect_error(GL_NO_ERROR, "GL_RGBA8_SNORM from GL_FLOAT");
    CHECK(level_param(GL_TEXTURE_INTERNAL_FORMAT) == GL_RGBA8_SNORM,
          "GL_RGBA8_SNORM internal format, got 0x%x", level_param(GL_TEXTURE_INTERNAL_FORMAT));
    CHECK(level_param(GL_TEXTURE_RED_TYPE) == GL_SIGNED_NORMALIZED,
          "GL_RGBA8_SNORM GL_TEXTURE_RED_TYPE, got 0x%x expected 0x%x (GL_SIGNED_NORMALIZED)",
          level_param(GL_TEXTURE_RED_TYPE), GL_SIGNED_NORMALIZED);
    CHECK(level_param(GL_TEXTURE_ALPHA_TYPE) == GL_SIGNED_NORMALIZED,
          "GL_RGBA8_SNORM GL_TEXTURE_ALPHA_TYPE, got 0x%x", level_param(GL_TEXTURE_ALPHA_TYPE));
    CHECK(level_param(GL_TEXTURE_RED_SIZE) == 8, "GL_RGBA8_SNORM red size, got %d expected 8",
          level_param(GL_TEXTURE_RED_SIZE));
    memset(out, 0, sizeof out);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, out);
    expect_error(GL_NO_ERROR, "glGetTexImage of GL_RGBA8_SNORM");
    for (i = 0; i < 8; i++)
        want[i] = snorm(rgba_in[i], 127.0f);
    /* -1.5 -> -1, 0.5 -> 64/127 = 0.503937, 1.5 -> 1. */
    CHECK(want[0] == -1.0f && fabsf(want[2] - 0.503937f) < 1e-6f, "test's own snorm()");
    check_floats("GL_RGBA8_SNORM read back as GL_FLOAT", out, want, 8, 1e-6f);

    /* Sampled: 0.5 + 0.5 * texel 0 = (0, 0.2008, 0.7520, 1). */
    static const char *vs = "#version 110\n"
                            "void main() {\n"
                            "  gl_TexCoord[0] = gl_MultiTexCoord0;\n"
                            "  gl_Position = ftransform();\n"
                            "}\n";
    static const char *fs = "#version 110\n"
                            "uniform sampler2D tex;\n"
                            "void main() {\n"
                            "  gl_FragColor = 0.5 + 0.5 * texture2D(tex, gl_TexCoord[0].xy);\n"
                            "}\n";
    GLuint p = build("snorm sampling", vs, fs, NULL, NULL);
    if (p) {
        glUseProgram(p);
        glUniform1i(glGetUniformLocation(p, "tex"), 0);
        clear_black();
        quad_st(0, 0, 4, 4, 0.25f, 0.5f);
        quad_st(4, 0, 8, 4, 0.75f, 0.5f);
        glUseProgram(0);
        glDeleteProgram(p);
        int e[8];
        for (i = 0; i < 8; i++)
            e[i] = (int)((0.5f + 0.5f * want[i]) * 255.0f + 0.5f);
        CHECK_RGBA(1, 1, e[0], e[1], e[2], e[3], 1, "GL_RGBA8_SNORM texel 0 sampled");
        CHECK_RGBA(5, 1, e[4], e[5], e[6], e[7], 1, "GL_RGBA8_SNORM texel 1 sampled");
        expect_error(GL_NO_ERROR, "sampling a snorm texture");
    }

    /* R8_SNORM: one component; reading RGBA gives (r, 0, 0, 1). */
    static const GLfloat r_in[4] = { 2.0f, -0.75f, 0.1f, -1.0f };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8_SNORM, 4, 1, 0, GL_RED, GL_FLOAT, r_in);
    expect_error(GL_NO_ERROR, "GL_R8_SNORM from GL_FLOAT");
    CHECK(level_param(GL_TEXTURE_RED_TYPE) == GL_SIGNED_NORMALIZED,
          "GL_R8_SNORM GL_TEXTURE_RED_TYPE, got 0x%x", level_param(GL_TEXTURE_RED_TYPE));
    CHECK(level_param(GL_TEXTURE_GREEN_TYPE) == GL_NONE,
          "GL_R8_SNORM GL_TEXTURE_GREEN_TYPE, got 0x%x expected GL_NONE",
          level_param(GL_TEXTURE_GREEN_TYPE));
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, out);
    for (i = 0; i < 4; i++)
        want[i] = snorm(r_in[i], 127.0f);
    check_floats("GL_R8_SNORM read back as GL_RED/GL_FLOAT", out, want, 4, 1e-6f);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, out);
    GLfloat r_rgba[4] = { snorm(-0.75f, 127.0f), 0.0f, 0.0f, 1.0f };
    check_floats("GL_R8_SNORM texel 1 read back as GL_RGBA", out + 4, r_rgba, 4, 1e-6f);

    /* RG16_SNORM: 16-bit steps of 1/32767. */
    static const GLfloat rg_in[4] = { -2.0f, 0.5f, 0.3f, -0.3f };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RG16_SNORM, 2, 1, 0, GL_RG, GL_FLOAT, rg_in);
    expect_error(GL_NO_ERROR, "GL_RG16_SNORM from GL_FLOAT");
    CHECK(level_param(GL_TEXTURE_GREEN_TYPE) == GL_SIGNED_NORMALIZED &&
              level_param(GL_TEXTURE_GREEN_SIZE) == 16,
          "GL_RG16_SNORM green type 0x%x size %d, expected GL_SIGNED_NORMALIZED 16",
          level_param(GL_TEXTURE_GREEN_TYPE), level_param(GL_TEXTURE_GREEN_SIZE));
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RG, GL_FLOAT, out);
    for (i = 0; i < 4; i++)
        want[i] = snorm(rg_in[i], 32767.0f);
    CHECK(fabsf(want[1] - 16384.0f / 32767.0f) < 1e-7f, "test's own 16-bit snorm()");
    check_floats("GL_RG16_SNORM read back as GL_FLOAT", out, want, 4, 1e-7f);

    expect_error(GL_NO_ERROR, "GL_EXT_texture_snorm");
    glDeleteTextures(1, &tex);
}

/* ---- GL_EXT_packed_float -------------------------------------------------- */

/* An unsigned float with `mbits` mantissa bits and a 5-bit exponent. */
static float decode_uf(unsigned bits, int mbits)
{
    unsigned e = bits >> mbits, m = bits & ((1u << mbits) - 1);
    if (e == 0)
        return ldexpf((float)m / (float)(1u << mbits), -14);
    return ldexpf(1.0f + (float)m / (float)(1u << mbits), (int)e - 15);
}

static GLuint pack_r11g11b10(unsigned r, unsigned g, unsigned b)
{
    return r | g << 11 | b << 22;
}

static void packed_float(void)
{
    GLuint tex = new_texture();
    GLfloat out[12];
    int i;

    /* Negative values become 0; 0.33 keeps 6 (G) or 5 (B) mantissa bits:
     * 1.3125 * 2^-2 = 0.328125 either way; 1 + 2^-8 in R (6 bits) and
     * 1 + 2^-7 in B (5 bits) are 1. No value here sits near a rounding
     * boundary, so rounding and truncation agree. */
    static const GLfloat in[12] = { 1.0f,   0.5f,  2.0f,  100.0f, -3.0f, 0.33f,
                                    1.00390625f, 0.33f, 1.0078125f, 0.0f, 8.0f, 0.125f };
    static const GLfloat want[12] = { 1.0f,     0.5f,      2.0f, 100.0f, 0.0f, 0.328125f,
                                      1.0f,     0.328125f, 1.0f, 0.0f,   8.0f, 0.125f };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R11F_G11F_B10F_EXT, 4, 1, 0, GL_RGB, GL_FLOAT, in);
    expect_error(GL_NO_ERROR, "GL_R11F_G11F_B10F from GL_FLOAT");
    CHECK(level_param(GL_TEXTURE_RED_SIZE) == 11 && level_param(GL_TEXTURE_BLUE_SIZE) == 10,
          "GL_R11F_G11F_B10F sizes: red %d blue %d, expected 11 10",
          level_param(GL_TEXTURE_RED_SIZE), level_param(GL_TEXTURE_BLUE_SIZE));
    CHECK(level_param(GL_TEXTURE_RED_TYPE) == GL_FLOAT, "GL_R11F_G11F_B10F red type 0x%x",
          level_param(GL_TEXTURE_RED_TYPE));
    memset(out, 0, sizeof out);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_FLOAT, out);
    check_floats("GL_R11F_G11F_B10F read back as GL_FLOAT", out, want, 12, 0.0f);

    /* Packed words: stored and read back unchanged (a denormal and the
     * largest finite values included), decoded as the format says. */
    GLuint words[4] = {
        pack_r11g11b10(15 << 6, 14 << 6, 16 << 5),           /* 1, 0.5, 2 */
        pack_r11g11b10(30 << 6 | 63, 0 << 6 | 1, 30 << 5 | 31), /* max, denormal, max */
        pack_r11g11b10(7 << 6 | 42, 22 << 6 | 5, 1 << 5 | 17),
        0,
    };
    GLuint wout[4];
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R11F_G11F_B10F_EXT, 4, 1, 0, GL_RGB,
                 GL_UNSIGNED_INT_10F_11F_11F_REV_EXT, words);
    expect_error(GL_NO_ERROR, "GL_R11F_G11F_B10F from packed words");
    memset(wout, 0, sizeof wout);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV_EXT, wout);
    expect_error(GL_NO_ERROR, "glGetTexImage as GL_UNSIGNED_INT_10F_11F_11F_REV");
    check_uints("GL_UNSIGNED_INT_10F_11F_11F_REV round trip", wout, words, 4);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_FLOAT, out);
    GLfloat dec[12];
    for (i = 0; i < 4; i++) {
        dec[3 * i] = decode_uf(words[i] & 0x7ff, 6);
        dec[3 * i + 1] = decode_uf(words[i] >> 11 & 0x7ff, 6);
        dec[3 * i + 2] = decode_uf(words[i] >> 22, 5);
    }
    CHECK(dec[0] == 1.0f && dec[3] == 65024.0f && dec[4] == ldexpf(1.0f, -20) &&
              dec[5] == 64512.0f,
          "test's own decode_uf()");
    check_floats("packed words read back as GL_FLOAT", out, dec, 12, 0.0f);

    /* The packed type holds three components. */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R11F_G11F_B10F_EXT, 4, 1, 0, GL_RGBA,
                 GL_UNSIGNED_INT_10F_11F_11F_REV_EXT, words);
    expect_error(GL_INVALID_OPERATION, "GL_UNSIGNED_INT_10F_11F_11F_REV with GL_RGBA");

    /* The window's colour buffer has no signed components. */
    GLint sc[4] = { -1, -1, -1, -1 };
    glGetIntegerv(GL_RGBA_SIGNED_COMPONENTS_EXT, sc);
    expect_error(GL_NO_ERROR, "GL_RGBA_SIGNED_COMPONENTS_EXT query");
    CHECK(sc[0] == 0 && sc[1] == 0 && sc[2] == 0 && sc[3] == 0,
          "GL_RGBA_SIGNED_COMPONENTS_EXT, got %d %d %d %d expected 0 0 0 0", sc[0], sc[1],
          sc[2], sc[3]);
    glDeleteTextures(1, &tex);
}

/* ---- GL_EXT_texture_shared_exponent -------------------------------------- */

static GLuint pack_rgb9e5(unsigned r, unsigned g, unsigned b, unsigned e)
{
    return r | g << 9 | b << 18 | e << 27;
}

static void decode_rgb9e5(GLuint w, GLfloat *rgb)
{
    int e = (int)(w >> 27) - 15 - 9;
    rgb[0] = ldexpf((float)(w & 0x1ff), e);
    rgb[1] = ldexpf((float)(w >> 9 & 0x1ff), e);
    rgb[2] = ldexpf((float)(w >> 18 & 0x1ff), e);
}

static void shared_exponent(void)
{
    GLuint tex = new_texture();
    GLfloat out[12];
    int i;

    /* (1, 0.5, 0.25) exact; 100000 clamps to 65408 = 511 * 2^7 and takes the
     * exponent, so 1.0 becomes 0; 3.0 gives steps of 2^-7 (0.1 -> 13/128),
     * negative -> 0; 0.33 alone: steps of 2^-10 (338/1024). */
    static const GLfloat in[12] = { 1.0f, 0.5f, 0.25f, 100000.0f, 1.0f, 0.0f,
                                    3.0f, 0.1f, -2.0f, 0.33f,     0.0f, 0.0f };
    static const GLfloat want[12] = { 1.0f, 0.5f,       0.25f, 65408.0f,      0.0f, 0.0f,
                                      3.0f, 0.1015625f, 0.0f,  0.330078125f, 0.0f, 0.0f };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5_EXT, 4, 1, 0, GL_RGB, GL_FLOAT, in);
    expect_error(GL_NO_ERROR, "GL_RGB9_E5 from GL_FLOAT");
    CHECK(level_param(GL_TEXTURE_INTERNAL_FORMAT) == GL_RGB9_E5_EXT,
          "GL_RGB9_E5 internal format, got 0x%x", level_param(GL_TEXTURE_INTERNAL_FORMAT));
    CHECK(level_param(GL_TEXTURE_SHARED_SIZE_EXT) == 5, "GL_TEXTURE_SHARED_SIZE, got %d expected 5",
          level_param(GL_TEXTURE_SHARED_SIZE_EXT));
    CHECK(level_param(GL_TEXTURE_RED_SIZE) == 9, "GL_RGB9_E5 red size, got %d expected 9",
          level_param(GL_TEXTURE_RED_SIZE));
    memset(out, 0, sizeof out);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_FLOAT, out);
    check_floats("GL_RGB9_E5 read back as GL_FLOAT", out, want, 12, 0.0f);

    /* Packed words (each the encoding of its own value) round trip. */
    GLuint words[4] = {
        pack_rgb9e5(256, 128, 64, 16), /* 1, 0.5, 0.25 */
        pack_rgb9e5(511, 0, 0, 31),    /* 65408, 0, 0 */
        pack_rgb9e5(300, 511, 1, 10),
        pack_rgb9e5(3, 0, 511, 0),
    };
    GLuint wout[4];
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5_EXT, 4, 1, 0, GL_RGB,
                 GL_UNSIGNED_INT_5_9_9_9_REV_EXT, words);
    expect_error(GL_NO_ERROR, "GL_RGB9_E5 from packed words");
    memset(wout, 0, sizeof wout);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV_EXT, wout);
    expect_error(GL_NO_ERROR, "glGetTexImage as GL_UNSIGNED_INT_5_9_9_9_REV");
    check_uints("GL_UNSIGNED_INT_5_9_9_9_REV round trip", wout, words, 4);
    GLfloat dec[12];
    for (i = 0; i < 4; i++)
        decode_rgb9e5(words[i], dec + 3 * i);
    CHECK(dec[0] == 1.0f && dec[3] == 65408.0f, "test's own decode_rgb9e5()");
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_FLOAT, out);
    check_floats("RGB9_E5 words read back as GL_FLOAT", out, dec, 12, 0.0f);

    /* The packed type holds three components: the extension says
     * INVALID_OPERATION; Mesa answers INVALID_ENUM (its type check for
     * GL_RGBA does not list the type), so either is taken. */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5_EXT, 4, 1, 0, GL_RGBA,
                 GL_UNSIGNED_INT_5_9_9_9_REV_EXT, words);
    GLenum e = glGetError();
    CHECK(e == GL_INVALID_OPERATION || e == GL_INVALID_ENUM,
          "GL_UNSIGNED_INT_5_9_9_9_REV with GL_RGBA: error 0x%x, expected 0x%x (or 0x%x as Mesa)",
          e, GL_INVALID_OPERATION, GL_INVALID_ENUM);
    CHECK(level_param(GL_TEXTURE_WIDTH) == 4, "refused image replaced the level");
    glDeleteTextures(1, &tex);
}

/* ---- GL_EXT_texture_integer ----------------------------------------------- */

static void texture_integer(void)
{
    PFNGLTEXPARAMETERIIVEXTPROC tex_parameter_iiv =
        (PFNGLTEXPARAMETERIIVEXTPROC)proc("glTexParameterIivEXT");
    PFNGLTEXPARAMETERIUIVEXTPROC tex_parameter_iuiv =
        (PFNGLTEXPARAMETERIUIVEXTPROC)proc("glTexParameterIuivEXT");
    PFNGLGETTEXPARAMETERIIVEXTPROC get_tex_parameter_iiv =
        (PFNGLGETTEXPARAMETERIIVEXTPROC)proc("glGetTexParameterIivEXT");
    PFNGLGETTEXPARAMETERIUIVEXTPROC get_tex_parameter_iuiv =
        (PFNGLGETTEXPARAMETERIUIVEXTPROC)proc("glGetTexParameterIuivEXT");
    PFNGLCLEARCOLORIIEXTPROC clear_color_ii = (PFNGLCLEARCOLORIIEXTPROC)proc("glClearColorIiEXT");
    PFNGLCLEARCOLORIUIEXTPROC clear_color_iui =
        (PFNGLCLEARCOLORIUIEXTPROC)proc("glClearColorIuiEXT");
    if (!tex_parameter_iiv || !tex_parameter_iuiv || !get_tex_parameter_iiv ||
        !get_tex_parameter_iuiv || !clear_color_ii || !clear_color_iui)
        return;
    GLuint tex = new_texture();

    /* RGBA8UI from bytes. */
    static const GLubyte u8[8] = { 10, 20, 30, 40, 200, 100, 50, 255 };
    GLubyte u8_out[8];
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI_EXT, 2, 1, 0, GL_RGBA_INTEGER_EXT,
                 GL_UNSIGNED_BYTE, u8);
    expect_error(GL_NO_ERROR, "GL_RGBA8UI from GL_RGBA_INTEGER/GL_UNSIGNED_BYTE");
    CHECK(level_param(GL_TEXTURE_RED_TYPE) == GL_UNSIGNED_INT,
          "GL_RGBA8UI GL_TEXTURE_RED_TYPE, got 0x%x expected 0x%x (GL_UNSIGNED_INT)",
          level_param(GL_TEXTURE_RED_TYPE), GL_UNSIGNED_INT);
    memset(u8_out, 0, sizeof u8_out);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_BYTE, u8_out);
    expect_error(GL_NO_ERROR, "glGetTexImage of GL_RGBA8UI");
    CHECK(memcmp(u8, u8_out, 8) == 0, "GL_RGBA8UI read back: got %d %d %d %d %d %d %d %d",
          u8_out[0], u8_out[1], u8_out[2], u8_out[3], u8_out[4], u8_out[5], u8_out[6],
          u8_out[7]);
    GLuint u8_wide[8];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT, u8_wide);
    GLuint u8_want[8];
    int i;
    for (i = 0; i < 8; i++)
        u8_want[i] = u8[i];
    check_uints("GL_RGBA8UI read back as GL_UNSIGNED_INT", u8_wide, u8_want, 8);
    /* An integer texture is not read as normalized or float colour. */
    GLfloat fl[8];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, fl);
    expect_error(GL_INVALID_OPERATION, "glGetTexImage of GL_RGBA8UI as GL_RGBA/GL_FLOAT");

    /* Unsigned border colour, kept as integers. */
    static const GLuint border_u[4] = { 0xFFFFFFFFu, 1, 0x80000000u, 0x01000001u };
    GLuint border_u_out[4] = { 0 };
    tex_parameter_iuiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border_u);
    get_tex_parameter_iuiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border_u_out);
    expect_error(GL_NO_ERROR, "glTexParameterIuivEXT/glGetTexParameterIuivEXT");
    check_uints("GL_TEXTURE_BORDER_COLOR through Iuiv", border_u_out, border_u, 4);

    /* RGBA32I: the extremes survive. */
    static const GLint i32[4] = { INT_MIN, INT_MAX, -1, 0x12345678 };
    GLint i32_out[4] = { 0 };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32I_EXT, 1, 1, 0, GL_RGBA_INTEGER_EXT, GL_INT, i32);
    expect_error(GL_NO_ERROR, "GL_RGBA32I from GL_RGBA_INTEGER/GL_INT");
    CHECK(level_param(GL_TEXTURE_RED_TYPE) == GL_INT,
          "GL_RGBA32I GL_TEXTURE_RED_TYPE, got 0x%x expected 0x%x (GL_INT)",
          level_param(GL_TEXTURE_RED_TYPE), GL_INT);
    CHECK(level_param(GL_TEXTURE_RED_SIZE) == 32, "GL_RGBA32I red size, got %d expected 32",
          level_param(GL_TEXTURE_RED_SIZE));
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER_EXT, GL_INT, i32_out);
    expect_error(GL_NO_ERROR, "glGetTexImage of GL_RGBA32I");
    check_uints("GL_RGBA32I read back", (const GLuint *)i32_out, (const GLuint *)i32, 4);

    /* Signed border colour. */
    static const GLint border_i[4] = { -5, 70000, INT_MIN, 7 };
    GLint border_i_out[4] = { 0 };
    tex_parameter_iiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border_i);
    get_tex_parameter_iiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border_i_out);
    expect_error(GL_NO_ERROR, "glTexParameterIivEXT/glGetTexParameterIivEXT");
    check_uints("GL_TEXTURE_BORDER_COLOR through Iiv", (const GLuint *)border_i_out,
                (const GLuint *)border_i, 4);

    /* ALPHA16UI from unsigned ints. */
    static const GLuint a16[2] = { 65535, 1234 };
    GLuint a16_out[2] = { 0 };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA16UI_EXT, 2, 1, 0, GL_ALPHA_INTEGER_EXT,
                 GL_UNSIGNED_INT, a16);
    expect_error(GL_NO_ERROR, "GL_ALPHA16UI from GL_ALPHA_INTEGER/GL_UNSIGNED_INT");
    CHECK(level_param(GL_TEXTURE_ALPHA_TYPE) == GL_UNSIGNED_INT &&
              level_param(GL_TEXTURE_ALPHA_SIZE) == 16,
          "GL_ALPHA16UI alpha type 0x%x size %d, expected GL_UNSIGNED_INT 16",
          level_param(GL_TEXTURE_ALPHA_TYPE), level_param(GL_TEXTURE_ALPHA_SIZE));
    glGetTexImage(GL_TEXTURE_2D, 0, GL_ALPHA_INTEGER_EXT, GL_UNSIGNED_INT, a16_out);
    expect_error(GL_NO_ERROR, "glGetTexImage of GL_ALPHA16UI");
    check_uints("GL_ALPHA16UI read back", a16_out, a16, 2);

    /* LUMINANCE_ALPHA32UI: all 32 bits. */
    static const GLuint la32[2] = { 0xFFFFFFFFu, 0x80000001u };
    GLuint la32_out[2] = { 0 };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA32UI_EXT, 1, 1, 0,
                 GL_LUMINANCE_ALPHA_INTEGER_EXT, GL_UNSIGNED_INT, la32);
    expect_error(GL_NO_ERROR, "GL_LUMINANCE_ALPHA32UI from GL_LUMINANCE_ALPHA_INTEGER");
    glGetTexImage(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA_INTEGER_EXT, GL_UNSIGNED_INT, la32_out);
    expect_error(GL_NO_ERROR, "glGetTexImage of GL_LUMINANCE_ALPHA32UI");
    check_uints("GL_LUMINANCE_ALPHA32UI read back", la32_out, la32, 2);

    /* Integer and non-integer formats do not mix; integer data is not
     * float. */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI_EXT, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, u8);
    expect_error(GL_INVALID_OPERATION, "GL_RGBA8UI from GL_RGBA");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 1, 0, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_BYTE, u8);
    expect_error(GL_INVALID_OPERATION, "GL_RGBA8 from GL_RGBA_INTEGER");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F_ARB, 1, 1, 0, GL_RGBA_INTEGER_EXT, GL_INT, i32);
    expect_error(GL_INVALID_OPERATION, "GL_RGBA32F from GL_RGBA_INTEGER");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI_EXT, 2, 1, 0, GL_RGBA_INTEGER_EXT, GL_FLOAT, fl);
    expect_error(GL_INVALID_ENUM, "GL_RGBA_INTEGER with GL_FLOAT");
    /* The LUMINANCE_ALPHA32UI image is still there. */
    CHECK(level_param(GL_TEXTURE_INTERNAL_FORMAT) == GL_LUMINANCE_ALPHA32UI_EXT,
          "internal format after refused images, got 0x%x",
          level_param(GL_TEXTURE_INTERNAL_FORMAT));

    /* The window's framebuffer is not an integer one: integer pixels
     * cannot be drawn to it, integer clear colours are accepted. */
    GLboolean int_mode = GL_TRUE;
    glGetBooleanv(GL_RGBA_INTEGER_MODE_EXT, &int_mode);
    expect_error(GL_NO_ERROR, "GL_RGBA_INTEGER_MODE_EXT query");
    CHECK(int_mode == GL_FALSE, "GL_RGBA_INTEGER_MODE_EXT on the window, got %d expected 0",
          int_mode);
    glRasterPos2i(0, 0);
    glDrawPixels(2, 1, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_BYTE, u8);
    expect_error(GL_INVALID_OPERATION, "glDrawPixels of GL_RGBA_INTEGER on a normalized buffer");
    clear_color_ii(1, -2, 3, INT_MIN);
    expect_error(GL_NO_ERROR, "glClearColorIiEXT");
    clear_color_iui(1, 2, 3, 0xFFFFFFFFu);
    expect_error(GL_NO_ERROR, "glClearColorIuiEXT");
    /* What an integer clear colour does to a normalized buffer is not
     * defined (Mesa keeps one clear colour: glClearColorIuiEXT(7, ...)
     * after glClearColor(0, 1, 0, 1) clears to 0 0 0 0); glClearColor
     * afterwards applies as usual. */
    glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    CHECK_RGBA(3, 3, 0, 255, 0, 255, 0, "glClearColor after glClearColorIuiEXT");
    glDeleteTextures(1, &tex);
}

/* ---- GL_EXT_gpu_shader4 --------------------------------------------------- */

static const char *vs_tex = "#version 120\n"
                            "void main() {\n"
                            "  gl_TexCoord[0] = gl_MultiTexCoord0;\n"
                            "  gl_Position = ftransform();\n"
                            "}\n";

/* usampler2D on GL_RGBA8UI and GL_RGBA32UI textures. */
static void gpu_shader4_textures(void)
{
    GLuint tex = new_texture();
    static const GLubyte u8[8] = { 10, 20, 30, 40, 200, 100, 50, 255 };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI_EXT, 2, 1, 0, GL_RGBA_INTEGER_EXT,
                 GL_UNSIGNED_BYTE, u8);

    /* texelFetch2D of texel 1 on the left, texture2D at the quad's texture
     * coordinate on the right. */
    static const char *fs_fetch = "#version 120\n"
                                  "#extension GL_EXT_gpu_shader4 : require\n"
                                  "uniform usampler2D tex;\n"
                                  "void main() {\n"
                                  "  uvec4 v = texelFetch2D(tex, ivec2(1, 0), 0);\n"
                                  "  if (gl_FragCoord.x >= 4.0)\n"
                                  "    v = texture2D(tex, gl_TexCoord[0].xy);\n"
                                  "  gl_FragColor = vec4(v) / 255.0;\n"
                                  "}\n";
    GLuint p = build("usampler2D on GL_RGBA8UI", vs_tex, fs_fetch, NULL, NULL);
    if (p) {
        glUseProgram(p);
        glUniform1i(glGetUniformLocation(p, "tex"), 0);
        clear_black();
        quad_st(0, 0, 8, 4, 0.25f, 0.5f);
        quad_st(8, 0, 12, 4, 0.75f, 0.5f);
        glUseProgram(0);
        glDeleteProgram(p);
        CHECK_RGBA(1, 1, 200, 100, 50, 255, 0, "texelFetch2D of GL_RGBA8UI texel 1");
        CHECK_RGBA(5, 1, 10, 20, 30, 40, 0, "texture2D of GL_RGBA8UI texel 0");
        CHECK_RGBA(9, 1, 200, 100, 50, 255, 0, "texture2D of GL_RGBA8UI texel 1");
    }

    /* GL_RGBA32UI beyond float precision, compared exactly in the shader;
     * textureSize2D. Green where everything holds, red bits per failure. */
    static const GLuint u32[8] = { 0x01000001u, 0xFFFFFFFFu, 0x80000000u, 16777217u,
                                   3u,          0xFFFFFFFEu, 0x7FFFFFFFu, 0u };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI_EXT, 2, 1, 0, GL_RGBA_INTEGER_EXT,
                 GL_UNSIGNED_INT, u32);
    expect_error(GL_NO_ERROR, "GL_RGBA32UI image");
    static const char *fs_exact =
        "#version 120\n"
        "#extension GL_EXT_gpu_shader4 : require\n"
        "uniform usampler2D tex;\n"
        "void main() {\n"
        "  uvec4 a = texelFetch2D(tex, ivec2(0, 0), 0);\n"
        "  uvec4 b = texture2D(tex, vec2(0.75, 0.5));\n"
        "  ivec2 size = textureSize2D(tex, 0);\n"
        "  bool ok_a = a == uvec4(0x01000001u, 0xFFFFFFFFu, 0x80000000u, 16777217u);\n"
        "  bool ok_b = b == uvec4(3u, 4294967294u, 0x7FFFFFFFu, 0u);\n"
        "  bool ok_size = size == ivec2(2, 1);\n"
        "  gl_FragColor = vec4(ok_a ? 0.0 : 1.0, ok_a && ok_b && ok_size ? 1.0 : 0.0,\n"
        "                      ok_b ? 0.0 : 1.0, ok_size ? 1.0 : 0.0);\n"
        "}\n";
    p = build("usampler2D on GL_RGBA32UI", vs_tex, fs_exact, NULL, NULL);
    if (p) {
        glUseProgram(p);
        glUniform1i(glGetUniformLocation(p, "tex"), 0);
        clear_black();
        quad_st(0, 0, 4, 4, 0.5f, 0.5f);
        glUseProgram(0);
        glDeleteProgram(p);
        /* red: first texel wrong, blue: second, alpha 0: size wrong */
        CHECK_RGBA(1, 1, 0, 255, 0, 255, 0, "GL_RGBA32UI texels and size compared in the shader");
    }
    expect_error(GL_NO_ERROR, "integer textures in shaders");
    glDeleteTextures(1, &tex);
}

/* Unsigned vertex attributes above 2^24, as an array and as the current
 * value, compared exactly in the vertex shader; gl_VertexID. */
static void gpu_shader4_attributes(void)
{
    PFNGLVERTEXATTRIBI4UIEXTPROC vertex_attrib_i4ui =
        (PFNGLVERTEXATTRIBI4UIEXTPROC)proc("glVertexAttribI4uiEXT");
    PFNGLVERTEXATTRIBIPOINTEREXTPROC vertex_attrib_ipointer =
        (PFNGLVERTEXATTRIBIPOINTEREXTPROC)proc("glVertexAttribIPointerEXT");
    PFNGLGETVERTEXATTRIBIUIVEXTPROC get_vertex_attrib_iuiv =
        (PFNGLGETVERTEXATTRIBIUIVEXTPROC)proc("glGetVertexAttribIuivEXT");
    if (!vertex_attrib_i4ui || !vertex_attrib_ipointer || !get_vertex_attrib_iuiv)
        return;
    /* Green when attribute `a' is (2^24 + 1 + id, 0xFFFFFFFF - id,
     * 0x80000000, 7) with id = gl_VertexID, otherwise red; blue carries
     * gl_VertexID * 40. `mode' 1 expects the current value instead
     * (id 0 for every vertex). Only unsigned arithmetic and float(unsigned
     * int): no `uint' constructor, which GLSL 1.30 brings. */
    static const char *vs = "#version 120\n"
                            "#extension GL_EXT_gpu_shader4 : require\n"
                            "attribute uvec4 a;\n"
                            "uniform int mode;\n"
                            "varying vec4 color;\n"
                            "void main() {\n"
                            "  unsigned int id = a.x - 16777217u;\n"
                            "  float want_id = mode == 1 ? 0.0 : float(gl_VertexID);\n"
                            "  bool ok = a.yzw == uvec3(0xFFFFFFFFu - id, 0x80000000u, 7u) &&\n"
                            "            float(id) == want_id;\n"
                            "  color = vec4(ok ? 0.0 : 1.0, ok ? 1.0 : 0.0,\n"
                            "               float(gl_VertexID * 40) / 255.0, 1.0);\n"
                            "  gl_Position = ftransform();\n"
                            "  gl_PointSize = 1.0;\n"
                            "}\n";
    static const char *fs = "#version 120\n"
                            "varying vec4 color;\n"
                            "void main() { gl_FragColor = color; }\n";
    GLuint p = build("unsigned vertex attribute", vs, fs, "a", NULL);
    if (!p)
        return;
    GLint loc = glGetAttribLocation(p, "a");
    CHECK(loc == 1, "attribute location of `a', got %d expected 1", loc);

    /* Three points from an unsigned attribute array. */
    static const GLfloat pos[6] = { 1.5f, 10.5f, 3.5f, 10.5f, 5.5f, 10.5f };
    static const GLuint attr[12] = { 16777217u, 0xFFFFFFFFu,     0x80000000u, 7u,
                                     16777218u, 0xFFFFFFFEu,     0x80000000u, 7u,
                                     16777219u, 0xFFFFFFFDu,     0x80000000u, 7u };
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "mode"), 0);
    clear_black();
    glEnableClientState(GL_VERTEX_ARRAY);
    glVertexPointer(2, GL_FLOAT, 0, pos);
    glEnableVertexAttribArray(1);
    vertex_attrib_ipointer(1, 4, GL_UNSIGNED_INT, 0, attr);
    expect_error(GL_NO_ERROR, "glVertexAttribIPointerEXT");
    GLint is_int = -1;
    glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_INTEGER_EXT, &is_int);
    CHECK(is_int == GL_TRUE, "GL_VERTEX_ATTRIB_ARRAY_INTEGER, got %d expected 1", is_int);
    glDrawArrays(GL_POINTS, 0, 3);
    glDisableVertexAttribArray(1);
    CHECK_RGBA(1, 10, 0, 255, 0, 255, 0, "unsigned attribute array, vertex 0");
    CHECK_RGBA(3, 10, 0, 255, 40, 255, 0, "unsigned attribute array, vertex 1");
    CHECK_RGBA(5, 10, 0, 255, 80, 255, 0, "unsigned attribute array, vertex 2");

    /* The current value, set and queried as integers. */
    vertex_attrib_i4ui(1, 16777217u, 0xFFFFFFFFu, 0x80000000u, 7u);
    expect_error(GL_NO_ERROR, "glVertexAttribI4uiEXT");
    GLuint cur[4] = { 0 };
    static const GLuint cur_want[4] = { 16777217u, 0xFFFFFFFFu, 0x80000000u, 7u };
    get_vertex_attrib_iuiv(1, GL_CURRENT_VERTEX_ATTRIB, cur);
    expect_error(GL_NO_ERROR, "glGetVertexAttribIuivEXT");
    check_uints("glGetVertexAttribIuivEXT(GL_CURRENT_VERTEX_ATTRIB)", cur, cur_want, 4);
    glUniform1i(glGetUniformLocation(p, "mode"), 1);
    glDrawArrays(GL_POINTS, 0, 1);
    CHECK_RGBA(1, 10, 0, 255, 0, 255, 0, "current unsigned attribute value");
    glDisableClientState(GL_VERTEX_ARRAY);
    glUseProgram(0);
    glDeleteProgram(p);
    expect_error(GL_NO_ERROR, "unsigned vertex attributes");
}

/* `varying out' bound with glBindFragDataLocationEXT; integer operators and
 * `unsigned int' on the fragment's window position. */
static void gpu_shader4_outputs_and_operators(void)
{
    PFNGLGETFRAGDATALOCATIONEXTPROC get_frag_data_location =
        (PFNGLGETFRAGDATALOCATIONEXTPROC)proc("glGetFragDataLocationEXT");
    if (!get_frag_data_location)
        return;
    /* At pixel x: red (x % 4) * 60, green (x << 3) & 0xF8, blue 0x3C & 0xF0
     * (48) from unsigned ints, alpha (x >> 1) * 16 | 1. */
    static const char *fs = "#version 120\n"
                            "#extension GL_EXT_gpu_shader4 : require\n"
                            "varying out vec4 out_color;\n"
                            "void main() {\n"
                            "  int x = int(gl_FragCoord.x);\n"
                            "  unsigned int m = 0x3Cu & 0xF0u;\n"
                            "  int r = (x % 4) * 60;\n"
                            "  int g = (x << 3) & 0xF8;\n"
                            "  int a = ((x >> 1) * 16) | 1;\n"
                            "  out_color = vec4(float(r), float(g), float(m), float(a)) / 255.0;\n"
                            "}\n";
    GLuint p = build("varying out", vs_tex, fs, NULL, "out_color");
    if (!p)
        return;
    GLint where = get_frag_data_location(p, "out_color");
    expect_error(GL_NO_ERROR, "glGetFragDataLocationEXT");
    CHECK(where == 0, "glGetFragDataLocationEXT(out_color), got %d expected 0", where);
    where = get_frag_data_location(p, "not_there");
    CHECK(where == -1, "glGetFragDataLocationEXT(not_there), got %d expected -1", where);
    glUseProgram(p);
    clear_black();
    quad_st(0, 20, 8, 24, 0, 0);
    glUseProgram(0);
    glDeleteProgram(p);
    int x;
    for (x = 1; x < 8; x += 3) {
        char what[64];
        snprintf(what, sizeof what, "integer operators at x = %d", x);
        CHECK_RGBA(x, 21, (x % 4) * 60, (x << 3) & 0xF8, 48, ((x >> 1) * 16) | 1, 0, what);
    }
    expect_error(GL_NO_ERROR, "varying out and integer operators");
}

static void gpu_shader4(int have_integer_textures)
{
    if (have_integer_textures)
        gpu_shader4_textures();
    else
        printf("SKIP GL_EXT_gpu_shader4 integer textures (no GL_EXT_texture_integer)\n");
    gpu_shader4_attributes();
    gpu_shader4_outputs_and_operators();
}

int main(void)
{
    struct test_window t = open_rgba8_window(32);
    glViewport(0, 0, 32, 32);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, 32, 0, 32, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    printf("GL_VERSION %s, GL_RENDERER %s\n", (const char *)glGetString(GL_VERSION),
           (const char *)glGetString(GL_RENDERER));

    static const char *exts[5] = { "GL_EXT_texture_snorm", "GL_EXT_packed_float",
                                   "GL_EXT_texture_shared_exponent", "GL_EXT_texture_integer",
                                   "GL_EXT_gpu_shader4" };
    int have[5], i, ran = 0;
    char ran_list[256] = "";
    for (i = 0; i < 5; i++) {
        have[i] = has_extension(exts[i]);
        if (!have[i]) {
            printf("SKIP %s\n", exts[i]);
            continue;
        }
        ran++;
        strcat(ran_list, " ");
        strcat(ran_list, exts[i]);
        int before = failures;
        switch (i) {
        case 0:
            texture_snorm();
            break;
        case 1:
            packed_float();
            break;
        case 2:
            shared_exponent();
            break;
        case 3:
            texture_integer();
            break;
        case 4:
            gpu_shader4(have[3]);
            break;
        }
        expect_error(GL_NO_ERROR, exts[i]);
        printf("%s: %s\n", exts[i], failures == before ? "ok" : "FAILED");
    }
    printf("ran %d of 5 parts:%s\n", ran, ran_list);
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
