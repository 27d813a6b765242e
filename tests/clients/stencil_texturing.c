/*
 * stencil_texturing.c: ARB_stencil_texturing (GL 4.3) in a compatibility
 * context, by the texture parameter's values, the errors and the values
 * shaders read back (written to GL_RGBA32UI and GL_RGBA32F colour
 * textures and read with glReadPixels, so that every index is checked
 * exactly, depths within 1e-6 or exactly). Shaders are GLSL 1.50 (the
 * extension adds nothing to GLSL; usampler2DMS is GLSL 1.50's). The
 * textures sampled have GL_DEPTH_TEXTURE_MODE GL_RED (compatibility
 * profile: it spreads r = St as it spreads a depth), so a stencil index s
 * reads uvec4(s, 0, 0, 1). Without GL_ARB_stencil_texturing in
 * GL_EXTENSIONS the client prints a SKIP line (and PASS).
 *
 * - State: GL_DEPTH_STENCIL_TEXTURE_MODE is GL_DEPTH_COMPONENT on a new
 *   texture without an image and with a GL_DEPTH24_STENCIL8 one
 *   (glGetTexParameteriv, and glGetTexParameterfv as a float);
 *   glTexParameteri, glTexParameterf and glTexParameteriv set GL_STENCIL_
 *   INDEX and GL_DEPTH_COMPONENT; the value is per texture object (a
 *   colour texture bound in between keeps the default, the first keeps
 *   its own) and is accepted, from GL_DEPTH_COMPONENT, on the 2D array,
 *   cube map, rectangle and GL_TEXTURE_2D_MULTISAMPLE targets (it is
 *   texture state, not the sampler state table 23.18 forbids on
 *   multisample targets). GL_RGBA, GL_DEPTH_STENCIL and GL_STENCIL_INDEX8
 *   as the value are GL_INVALID_ENUM and leave it as it was. It is not
 *   sampler state: glSamplerParameteri, glSamplerParameterf and
 *   glGetSamplerParameteriv with it are GL_INVALID_ENUM (nothing written).
 * - Uploaded data: a 4x4 GL_DEPTH24_STENCIL8 texture from GL_DEPTH_
 *   STENCIL / GL_UNSIGNED_INT_24_8 texels (16 different stencil indices,
 *   0 and 255 among them, depths k/15): in GL_STENCIL_INDEX mode a
 *   usampler2D reads uvec4(s, 0, 0, 1) at every texel by texelFetch and by
 *   texture() at the texel centres (NEAREST); with GL_DEPTH_TEXTURE_MODE
 *   GL_LUMINANCE (s, s, s, 1) and GL_INTENSITY (s, s, s, s). Switched
 *   to GL_DEPTH_COMPONENT a sampler2D reads the depths in .r (texelFetch,
 *   texture(), and texture() with LINEAR filters at the texel centres),
 *   and back in stencil mode the indices again. The same for GL_DEPTH32F_
 *   STENCIL8 from GL_FLOAT_32_UNSIGNED_INT_24_8_REV texels (the unused 24
 *   bits above the index non-zero; depths exact), and for layer 1 of a
 *   2-layer GL_DEPTH24_STENCIL8 2D array texture through usampler2DArray
 *   (layer 0 holds other indices).
 * - Rendered data: a GL_DEPTH24_STENCIL8 texture as the depth/stencil
 *   attachment of a framebuffer, glClearBufferfi(GL_DEPTH_STENCIL, 0,
 *   0.75, 0x5a), then a quad over its left half with GL_REPLACE of
 *   reference 0xc3 (depth test off): the shader reads 0xc3 in the left
 *   columns and 0x5a in the right (texelFetch and texture()), and depth
 *   0.75 everywhere in depth mode. A 4-sample GL_DEPTH24_STENCIL8
 *   GL_TEXTURE_2D_MULTISAMPLE texture cleared to stencil 0x3c (the
 *   framebuffer's only attachment): usampler2DMS texelFetch reads 0x3c
 *   from samples 0 to 3 (when GL_MAX_DEPTH_TEXTURE_SAMPLES is at least 4).
 * - GL_TEXTURE_COMPARE_MODE GL_COMPARE_REF_TO_TEXTURE (function GL_NEVER)
 *   does not apply in stencil mode (r = St, GL 4.6 §8.23): the usampler2D
 *   still reads the indices, by texelFetch and texture(). (§11.1.3.5 calls
 *   a non-shadow lookup of a depth/stencil texture with comparison on
 *   undefined without excepting stencil mode; Mesa follows §8.23 and
 *   the extension.)
 * - Completeness (§8.17): in stencil mode with GL_LINEAR as the
 *   magnification or the minification filter the texture is incomplete:
 *   the lookup reads .rgb 0 (§11.1.3.5's (0, 0, 0, 1); the alpha is not
 *   checked, llvmpipe returns 1.0's bits 0x3f800000 through texture() and
 *   0 through texelFetch outside texel (0,0)). A sampler object with
 *   NEAREST filters bound to the unit makes a texture whose own filters
 *   are LINEAR complete (the indices read), unbinding it makes it
 *   incomplete again, and one with a LINEAR magnification filter makes a
 *   NEAREST texture incomplete.
 * - The mode is ignored for other formats: a GL_STENCIL_INDEX8 texture
 *   (ARB_texture_stencil8, where advertised) in depth mode still gives its
 *   indices to a usampler2D.
 * llvmpipe departures, not checked: GL_DEPTH_TEXTURE_MODE GL_ALPHA spreads
 * an index to (s, s, s, s), not (0, 0, 0, s); a depth-only texture
 * (GL_DEPTH_COMPONENT16/24/32/32F) in stencil mode reads 0 rather than
 * its depths (the mode "is ignored for non depth/stencil textures").
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o
 * stencil_texturing tests/clients/stencil_texturing.c -lX11 -lGL -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"
#include <math.h>

#define N 4 /* the textures and the targets are N x N */

static const char *vs = "#version 150\n"
                        "in vec2 pos;\n"
                        "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* The programs, by the sampler they read and how. */
enum { U_FETCH, U_TEXTURE, F_FETCH, F_TEXTURE, U_ARRAY, U_MS, PROGRAMS };
static const char *fs[PROGRAMS] = {
    "#version 150\nuniform usampler2D tex;\nout uvec4 o;\n"
    "void main() { o = texelFetch(tex, ivec2(gl_FragCoord.xy), 0); }\n",
    "#version 150\nuniform usampler2D tex;\nout uvec4 o;\n"
    "void main() { o = texture(tex, gl_FragCoord.xy / 4.0); }\n",
    "#version 150\nuniform sampler2D tex;\nout vec4 o;\n"
    "void main() { o = texelFetch(tex, ivec2(gl_FragCoord.xy), 0); }\n",
    "#version 150\nuniform sampler2D tex;\nout vec4 o;\n"
    "void main() { o = texture(tex, gl_FragCoord.xy / 4.0); }\n",
    "#version 150\nuniform usampler2DArray tex;\nout uvec4 o;\n"
    "void main() { o = texelFetch(tex, ivec3(gl_FragCoord.xy, 1), 0); }\n",
    /* Each column reads the sample of its number. */
    "#version 150\nuniform usampler2DMS tex;\nout uvec4 o;\n"
    "void main() { ivec2 c = ivec2(gl_FragCoord.xy);\n"
    "  o = texelFetch(tex, c, c.x); }\n",
};
static const char *names[PROGRAMS] = { "usampler2D texelFetch", "usampler2D texture()",
                                       "sampler2D texelFetch",  "sampler2D texture()",
                                       "usampler2DArray texelFetch", "usampler2DMS texelFetch" };
static GLuint prog[PROGRAMS];
static GLuint fbo_u, fbo_f, tex_u, tex_f;

static GLint tex_param(GLenum target)
{
    GLint v = -1;
    glGetTexParameteriv(target, GL_DEPTH_STENCIL_TEXTURE_MODE, &v);
    return v;
}

/* A new N x N texture of `internal` from `format`/`type` texels, NEAREST,
 * bound to GL_TEXTURE_2D on unit 0. */
static GLuint texture_of(GLenum internal, GLenum format, GLenum type, const void *data)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_RED);
    glTexImage2D(GL_TEXTURE_2D, 0, internal, N, N, 0, format, type, data);
    return t;
}

/* Draws the full-screen quad with program `which` (its sampler on unit 0)
 * into the GL_RGBA32UI target (integer programs) or the GL_RGBA32F one. */
static void draw(int which)
{
    int integer = which != F_FETCH && which != F_TEXTURE;
    glBindFramebuffer(GL_FRAMEBUFFER, integer ? fbo_u : fbo_f);
    glViewport(0, 0, N, N);
    if (integer) {
        static const GLuint clear[4] = { 0xdead, 0xdead, 0xdead, 0xdead };
        glClearBufferuiv(GL_COLOR, 0, clear);
    } else {
        static const GLfloat clear[4] = { -1, -1, -1, -1 };
        glClearBufferfv(GL_COLOR, 0, clear);
    }
    glUseProgram(prog[which]);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* The uvec4 a lookup returns for stencil index s under the compatibility
 * profile's GL_DEPTH_TEXTURE_MODE `spread` (GL_RED gives (s, 0, 0, 1)). */
static void spread_index(GLenum spread, GLuint s, GLuint out[4])
{
    out[0] = out[1] = out[2] = spread == GL_ALPHA ? 0 : s;
    out[3] = spread == GL_INTENSITY || spread == GL_ALPHA ? s : 1;
    if (spread == GL_RED)
        out[1] = out[2] = 0;
}

/* Draws with integer program `which` and checks that texel (x, y) read
 * want[y * N + x] as spread by GL_DEPTH_TEXTURE_MODE `spread`; with `want`
 * NULL (an incomplete texture) that .rgb is 0 (alpha is not checked:
 * llvmpipe gives 1.0's bits, 0x3f800000, for texture() and 0 for
 * texelFetch past texel (0,0), rather than the 1 of (0, 0, 0, 1)). */
static void check_spread(int which, const GLuint *want, GLenum spread, const char *what)
{
    GLuint got[N * N * 4];
    draw(which);
    memset(got, 0xff, sizeof got);
    glReadPixels(0, 0, N, N, GL_RGBA_INTEGER, GL_UNSIGNED_INT, got);
    int bad = 0;
    for (int i = 0; i < N * N; i++) {
        GLuint w[4] = { 0, 0, 0, 0 };
        const GLuint *g = got + 4 * i;
        if (want)
            spread_index(spread, want[i], w);
        if (g[0] != w[0] || g[1] != w[1] || g[2] != w[2] || (want && g[3] != w[3])) {
            if (bad++ < 3)
                CHECK(0, "%s (%s): texel (%d,%d) read %u %u %u %u, expected %u %u %u %s", what,
                      names[which], i % N, i / N, g[0], g[1], g[2], g[3], w[0], w[1], w[2],
                      want ? (w[3] == 1 ? "1" : "s") : "(any)");
        }
    }
    CHECK(bad == 0, "%s (%s): %d of %d texels wrong", what, names[which], bad, N * N);
    expect_error(GL_NO_ERROR, what);
}

/* check_spread with GL_DEPTH_TEXTURE_MODE GL_RED: uvec4(s, 0, 0, 1). */
static void check_stencil(int which, const GLuint *want, const char *what)
{
    check_spread(which, want, GL_RED, what);
}

/* Draws with float program `which` and checks that texel (x, y) read
 * want[y * N + x] in .r within `tol`. */
static void check_depth(int which, const GLfloat *want, float tol, const char *what)
{
    GLfloat got[N * N * 4];
    draw(which);
    glReadPixels(0, 0, N, N, GL_RGBA, GL_FLOAT, got);
    int bad = 0;
    for (int i = 0; i < N * N; i++) {
        if (!(fabsf(got[4 * i] - want[i]) <= tol)) {
            if (bad++ < 3)
                CHECK(0, "%s (%s): texel (%d,%d) read depth %.9g, expected %.9g", what,
                      names[which], i % N, i / N, got[4 * i], want[i]);
        }
    }
    CHECK(bad == 0, "%s (%s): %d of %d depths wrong", what, names[which], bad, N * N);
    expect_error(GL_NO_ERROR, what);
}

static void setup(void)
{
    for (int i = 0; i < PROGRAMS; i++) {
        prog[i] = build_pos_program(names[i], vs, NULL, fs[i]);
        if (prog[i]) {
            glUseProgram(prog[i]);
            glUniform1i(glGetUniformLocation(prog[i], "tex"), 0);
        }
    }
    glUseProgram(0);
    full_screen_quad();
    GLuint t[2];
    GLuint f[2];
    glGenTextures(2, t);
    glGenFramebuffers(2, f);
    static const GLenum formats[2] = { GL_RGBA32UI, GL_RGBA32F };
    for (int i = 0; i < 2; i++) {
        glBindTexture(GL_TEXTURE_2D, t[i]);
        glTexStorage2D(GL_TEXTURE_2D, 1, formats[i], N, N);
        glBindFramebuffer(GL_FRAMEBUFFER, f[i]);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t[i], 0);
        GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
        CHECK(st == GL_FRAMEBUFFER_COMPLETE, "target %d: framebuffer status 0x%x", i, st);
    }
    tex_u = t[0], tex_f = t[1];
    fbo_u = f[0], fbo_f = f[1];
    glBindTexture(GL_TEXTURE_2D, 0);
    expect_error(GL_NO_ERROR, "setup");
}

static void state(void)
{
    GLuint t[6];
    glGenTextures(6, t);
    glBindTexture(GL_TEXTURE_2D, t[0]);
    CHECK(tex_param(GL_TEXTURE_2D) == GL_DEPTH_COMPONENT,
          "initial mode (no image) 0x%x, expected GL_DEPTH_COMPONENT", tex_param(GL_TEXTURE_2D));
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, N, N, 0, GL_DEPTH_STENCIL,
                 GL_UNSIGNED_INT_24_8, NULL);
    CHECK(tex_param(GL_TEXTURE_2D) == GL_DEPTH_COMPONENT,
          "initial mode (GL_DEPTH24_STENCIL8) 0x%x", tex_param(GL_TEXTURE_2D));
    GLfloat fv = -1;
    glGetTexParameterfv(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, &fv);
    CHECK(fv == (GLfloat)GL_DEPTH_COMPONENT, "initial mode as float %g", fv);
    expect_error(GL_NO_ERROR, "the initial mode");

    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
    expect_error(GL_NO_ERROR, "glTexParameteri GL_STENCIL_INDEX");
    CHECK(tex_param(GL_TEXTURE_2D) == GL_STENCIL_INDEX, "after glTexParameteri: 0x%x",
          tex_param(GL_TEXTURE_2D));
    glGetTexParameterfv(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, &fv);
    CHECK(fv == (GLfloat)GL_STENCIL_INDEX, "GL_STENCIL_INDEX as float %g", fv);

    /* Values that are not a mode. */
    static const GLenum bad[3] = { GL_RGBA, GL_DEPTH_STENCIL, GL_STENCIL_INDEX8 };
    for (int i = 0; i < 3; i++) {
        glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, bad[i]);
        char what[64];
        snprintf(what, sizeof what, "mode 0x%x", bad[i]);
        expect_error(GL_INVALID_ENUM, what);
        CHECK(tex_param(GL_TEXTURE_2D) == GL_STENCIL_INDEX, "%s changed the mode to 0x%x", what,
              tex_param(GL_TEXTURE_2D));
    }

    glTexParameterf(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, (GLfloat)GL_DEPTH_COMPONENT);
    CHECK(tex_param(GL_TEXTURE_2D) == GL_DEPTH_COMPONENT, "after glTexParameterf: 0x%x",
          tex_param(GL_TEXTURE_2D));
    GLint iv = GL_STENCIL_INDEX;
    glTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, &iv);
    CHECK(tex_param(GL_TEXTURE_2D) == GL_STENCIL_INDEX, "after glTexParameteriv: 0x%x",
          tex_param(GL_TEXTURE_2D));
    expect_error(GL_NO_ERROR, "setting the mode");

    /* Per texture object: a colour texture keeps the default, t[0] its
     * stencil mode. */
    glBindTexture(GL_TEXTURE_2D, t[1]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, N, N, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    CHECK(tex_param(GL_TEXTURE_2D) == GL_DEPTH_COMPONENT, "a colour texture's mode 0x%x",
          tex_param(GL_TEXTURE_2D));
    glBindTexture(GL_TEXTURE_2D, t[0]);
    CHECK(tex_param(GL_TEXTURE_2D) == GL_STENCIL_INDEX, "the first texture's mode, rebound: 0x%x",
          tex_param(GL_TEXTURE_2D));

    /* Other targets. */
    static const GLenum targets[4] = { GL_TEXTURE_2D_ARRAY, GL_TEXTURE_CUBE_MAP,
                                       GL_TEXTURE_RECTANGLE, GL_TEXTURE_2D_MULTISAMPLE };
    for (int i = 0; i < 4; i++) {
        glBindTexture(targets[i], t[2 + i]);
        GLint before = tex_param(targets[i]);
        glTexParameteri(targets[i], GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
        char what[64];
        snprintf(what, sizeof what, "the mode on target 0x%x", targets[i]);
        expect_error(GL_NO_ERROR, what);
        CHECK(before == GL_DEPTH_COMPONENT && tex_param(targets[i]) == GL_STENCIL_INDEX,
              "%s: 0x%x, then 0x%x", what, before, tex_param(targets[i]));
        glBindTexture(targets[i], 0);
    }

    /* Not sampler state. */
    GLuint s;
    glGenSamplers(1, &s);
    glSamplerParameteri(s, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
    expect_error(GL_INVALID_ENUM, "glSamplerParameteri(GL_DEPTH_STENCIL_TEXTURE_MODE)");
    glSamplerParameterf(s, GL_DEPTH_STENCIL_TEXTURE_MODE, (GLfloat)GL_STENCIL_INDEX);
    expect_error(GL_INVALID_ENUM, "glSamplerParameterf(GL_DEPTH_STENCIL_TEXTURE_MODE)");
    iv = -1;
    glGetSamplerParameteriv(s, GL_DEPTH_STENCIL_TEXTURE_MODE, &iv);
    expect_error(GL_INVALID_ENUM, "glGetSamplerParameteriv(GL_DEPTH_STENCIL_TEXTURE_MODE)");
    CHECK(iv == -1, "glGetSamplerParameteriv wrote %d", iv);
    glDeleteSamplers(1, &s);
    glBindTexture(GL_TEXTURE_2D, 0);
    glDeleteTextures(6, t);
    expect_error(GL_NO_ERROR, "the state checks");
}

/* The 16 stencil values and depths of the uploaded textures. */
static GLuint stencils[N * N];
static GLfloat depths24[N * N], depths32[N * N];

static void uploaded(void)
{
    GLuint packed24[N * N], packed32[N * N * 2];
    for (int i = 0; i < N * N; i++) {
        stencils[i] = i == 0 ? 0 : i == 15 ? 255 : (GLuint)(i * 37 + 11) & 0xff;
        GLuint d = (GLuint)i * 0x111111u; /* i/15 of 2^24 - 1 */
        packed24[i] = d << 8 | stencils[i];
        depths24[i] = (GLfloat)i / 15.0f;
        depths32[i] = (GLfloat)i / 16.0f + 1.0f / 1024.0f;
        memcpy(&packed32[2 * i], &depths32[i], 4);
        packed32[2 * i + 1] = stencils[i] | 0xabcd00u; /* the 24 bits above are unused */
    }

    GLuint t = texture_of(GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, packed24);
    expect_error(GL_NO_ERROR, "GL_DEPTH24_STENCIL8 upload");
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
    check_stencil(U_FETCH, stencils, "GL_DEPTH24_STENCIL8 in stencil mode");
    check_stencil(U_TEXTURE, stencils, "GL_DEPTH24_STENCIL8 in stencil mode");
    /* GL_DEPTH_TEXTURE_MODE spreads the index as it does a depth (not
     * GL_ALPHA: llvmpipe gives (s, s, s, s) there, not (0, 0, 0, s)). */
    static const GLenum spreads[2] = { GL_LUMINANCE, GL_INTENSITY };
    for (int i = 0; i < 2; i++) {
        char what[80];
        snprintf(what, sizeof what, "stencil mode, GL_DEPTH_TEXTURE_MODE 0x%x", spreads[i]);
        glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, spreads[i]);
        check_spread(U_FETCH, stencils, spreads[i], what);
    }
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_RED);
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT);
    check_depth(F_FETCH, depths24, 1e-6f, "GL_DEPTH24_STENCIL8 in depth mode");
    check_depth(F_TEXTURE, depths24, 1e-6f, "GL_DEPTH24_STENCIL8 in depth mode");
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    check_depth(F_TEXTURE, depths24, 1e-6f, "GL_DEPTH24_STENCIL8 in depth mode, LINEAR");
    /* Back to stencil mode, the draw after the depth draws. */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
    check_stencil(U_FETCH, stencils, "GL_DEPTH24_STENCIL8 in stencil mode again");
    glDeleteTextures(1, &t);

    t = texture_of(GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV,
                   packed32);
    expect_error(GL_NO_ERROR, "GL_DEPTH32F_STENCIL8 upload");
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
    check_stencil(U_FETCH, stencils, "GL_DEPTH32F_STENCIL8 in stencil mode");
    check_stencil(U_TEXTURE, stencils, "GL_DEPTH32F_STENCIL8 in stencil mode");
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT);
    check_depth(F_FETCH, depths32, 0, "GL_DEPTH32F_STENCIL8 in depth mode");
    check_depth(F_TEXTURE, depths32, 0, "GL_DEPTH32F_STENCIL8 in depth mode");
    glDeleteTextures(1, &t);

    /* Layer 1 of a 2D array: layer 0 holds other values (255 - s). */
    GLuint layers[2 * N * N];
    for (int i = 0; i < N * N; i++) {
        layers[i] = 0x800000u << 8 | (255 - stencils[i]);
        layers[N * N + i] = packed24[i];
    }
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D_ARRAY, t);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_DEPTH_TEXTURE_MODE, GL_RED);
    glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_DEPTH24_STENCIL8, N, N, 2, 0, GL_DEPTH_STENCIL,
                 GL_UNSIGNED_INT_24_8, layers);
    check_stencil(U_ARRAY, stencils, "layer 1 of a GL_DEPTH24_STENCIL8 array in stencil mode");
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    glDeleteTextures(1, &t);
}

static void rendered(void)
{
    GLuint t = texture_of(GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, NULL);
    GLuint colour, fb;
    glGenTextures(1, &colour);
    glBindTexture(GL_TEXTURE_2D, colour);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, N, N);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour, 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_TEXTURE_2D, t, 0);
    GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(st == GL_FRAMEBUFFER_COMPLETE, "depth/stencil texture framebuffer: status 0x%x", st);
    glViewport(0, 0, N, N);
    glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.75f, 0x5a);
    /* A quad over the left half, writing 0xc3 where it lands. */
    glEnable(GL_STENCIL_TEST);
    glStencilFunc(GL_ALWAYS, 0xc3, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
    /* Any program: only the stencil writes count (no texture bound, so no
     * feedback loop). */
    glBindTexture(GL_TEXTURE_2D, 0);
    glUseProgram(prog[F_FETCH]);
    glViewport(0, 0, N / 2, N);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisable(GL_STENCIL_TEST);
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
    expect_error(GL_NO_ERROR, "rendering the stencil values");

    GLuint want[N * N];
    GLfloat depth[N * N];
    for (int i = 0; i < N * N; i++) {
        want[i] = i % N < N / 2 ? 0xc3 : 0x5a;
        depth[i] = 0.75f;
    }
    glBindTexture(GL_TEXTURE_2D, t);
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
    check_stencil(U_FETCH, want, "rendered stencil values");
    check_stencil(U_TEXTURE, want, "rendered stencil values");
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT);
    check_depth(F_FETCH, depth, 1e-6f, "cleared depth values");
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &colour);
    glDeleteTextures(1, &t);

    /* A multisample depth/stencil texture, cleared. */
    GLint samples = 0;
    glGetIntegerv(GL_MAX_DEPTH_TEXTURE_SAMPLES, &samples);
    if (samples < 4) {
        printf("note: GL_MAX_DEPTH_TEXTURE_SAMPLES is %d: no multisample check\n", samples);
        return;
    }
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_DEPTH24_STENCIL8, N, N, GL_TRUE);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_TEXTURE_2D_MULTISAMPLE,
                           t, 0);
    glDrawBuffer(GL_NONE);
    glReadBuffer(GL_NONE);
    st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    CHECK(st == GL_FRAMEBUFFER_COMPLETE, "multisample depth/stencil framebuffer: status 0x%x",
          st);
    glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.5f, 0x3c);
    glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
    glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_DEPTH_TEXTURE_MODE, GL_RED);
    for (int i = 0; i < N * N; i++)
        want[i] = 0x3c;
    check_stencil(U_MS, want, "cleared multisample stencil values (sample = column)");
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &t);
}

static void compare_and_completeness(void)
{
    GLuint packed[N * N];
    for (int i = 0; i < N * N; i++)
        packed[i] = 0x400000u << 8 | stencils[i];
    GLuint t = texture_of(GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, packed);
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_NEVER);
    check_stencil(U_FETCH, stencils, "stencil mode with GL_COMPARE_REF_TO_TEXTURE");
    check_stencil(U_TEXTURE, stencils, "stencil mode with GL_COMPARE_REF_TO_TEXTURE");
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_NONE);

    /* LINEAR magnification, then LINEAR minification: incomplete. */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    check_stencil(U_TEXTURE, NULL, "stencil mode, GL_LINEAR magnification (incomplete)");
    check_stencil(U_FETCH, NULL, "stencil mode, GL_LINEAR magnification (incomplete)");
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    check_stencil(U_TEXTURE, NULL, "stencil mode, GL_LINEAR minification (incomplete)");
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);

    /* The sampler's filters are the ones that count. */
    GLuint s;
    glGenSamplers(1, &s);
    glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glSamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindSampler(0, s);
    check_stencil(U_TEXTURE, stencils, "LINEAR texture, NEAREST sampler object");
    glBindSampler(0, 0);
    check_stencil(U_TEXTURE, NULL, "LINEAR texture, sampler object unbound (incomplete)");
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glSamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glBindSampler(0, s);
    check_stencil(U_TEXTURE, NULL, "NEAREST texture, LINEAR sampler object (incomplete)");
    glBindSampler(0, 0);
    glDeleteSamplers(1, &s);
    check_stencil(U_TEXTURE, stencils, "NEAREST texture, no sampler object");
    glDeleteTextures(1, &t);
}

/* (Not checked: a depth-only texture, GL_DEPTH_COMPONENT16/24/32/32F, in
 * stencil mode still gives its depths (ARB_stencil_texturing: "the
 * DEPTH_STENCIL_TEXTURE_MODE is ignored for non depth/stencil textures");
 * llvmpipe reads 0 from every texel there.) */
static void other_formats(void)
{
    GLuint t;
    if (!has_extension("GL_ARB_texture_stencil8")) {
        printf("note: no GL_ARB_texture_stencil8: no GL_STENCIL_INDEX8 check\n");
        return;
    }
    GLubyte s8[N * N];
    for (int i = 0; i < N * N; i++)
        s8[i] = (GLubyte)stencils[i];
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    t = texture_of(GL_STENCIL_INDEX8, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, s8);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT);
    check_stencil(U_FETCH, stencils, "GL_STENCIL_INDEX8 in depth mode (ignored)");
    glDeleteTextures(1, &t);
}

int main(void)
{
    struct test_window t = open_rgba8_window(16);
    printf("GL_VERSION %s, GL_RENDERER %s\n", (const char *)glGetString(GL_VERSION),
           (const char *)glGetString(GL_RENDERER));
    if (!has_extension("GL_ARB_stencil_texturing")) {
        printf("SKIP: GL_ARB_stencil_texturing is not advertised\n");
        return close_test_window(&t);
    }
    state();
    setup();
    uploaded();
    rendered();
    compare_and_completeness();
    other_formats();
    glUseProgram(0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    GLuint del[2] = { tex_u, tex_f };
    glDeleteTextures(2, del);
    GLuint fdel[2] = { fbo_u, fbo_f };
    glDeleteFramebuffers(2, fdel);
    expect_error(GL_NO_ERROR, "the end");
    return close_test_window(&t);
}
