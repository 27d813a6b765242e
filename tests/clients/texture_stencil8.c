/*
 * texture_stencil8.c: GL_ARB_texture_stencil8 by its results (a "SKIP
 * GL_ARB_texture_stencil8" line and PASS when the extension string does
 * not list it):
 * - glTexImage2D / glTexSubImage2D of GL_STENCIL_INDEX8 from
 *   GL_STENCIL_INDEX pixels (bytes, shorts), glGetTexImage as bytes,
 *   glTexStorage2D; the level queries (internal format,
 *   stencil size 8, no colour or depth bits);
 * - stencil indices read back from a GL_DEPTH24_STENCIL8 texture;
 * - a stencil texture as a framebuffer's stencil attachment: glClear and
 *   GL_REPLACE drawing write it, its contents drive the stencil test;
 *   glCopyTexImage2D makes a stencil texture of the stencil buffer;
 * - an unsigned integer sampler (EXT_gpu_shader4's usampler2D) returns the
 *   index as GL_DEPTH_TEXTURE_MODE spreads a depth (when EXT_gpu_shader4 is
 *   there);
 * - the errors: stencil pixels for a colour texture, glGetTexImage of the
 *   wrong kind, a 3D stencil texture; glGenerateMipmap of a stencil
 *   texture is none (Mesa).
 * Prints FAIL lines, and PASS when all checks hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include <string.h>

static GLint level_param(GLenum pname)
{
    GLint v = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, pname, &v);
    return v;
}

static GLuint stencil_texture(int w, int h, const GLubyte *data)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, w, h, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE,
                 data);
    return t;
}

static void images(void)
{
    GLubyte src[16], back[16];
    int i;
    for (i = 0; i < 16; i++)
        src[i] = (GLubyte)(255 - 17 * i);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    GLuint t = stencil_texture(4, 4, src);
    expect_error(GL_NO_ERROR, "glTexImage2D GL_STENCIL_INDEX8");
    CHECK(level_param(GL_TEXTURE_INTERNAL_FORMAT) == GL_STENCIL_INDEX8, "internal format 0x%x",
          level_param(GL_TEXTURE_INTERNAL_FORMAT));
    CHECK(level_param(GL_TEXTURE_STENCIL_SIZE) == 8 && level_param(GL_TEXTURE_RED_SIZE) == 0 &&
              level_param(GL_TEXTURE_GREEN_SIZE) == 0 && level_param(GL_TEXTURE_DEPTH_SIZE) == 0,
          "sizes: stencil %d red %d green %d depth %d", level_param(GL_TEXTURE_STENCIL_SIZE),
          level_param(GL_TEXTURE_RED_SIZE), level_param(GL_TEXTURE_GREEN_SIZE),
          level_param(GL_TEXTURE_DEPTH_SIZE));
    memset(back, 0, sizeof back);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, back);
    CHECK(!memcmp(back, src, 16), "stencil bytes back: %d %d ... %d", back[0], back[1], back[15]);
    /* (Mesa 22.3 packs bytes whatever the type asks: only bytes here.) */
    expect_error(GL_NO_ERROR, "glGetTexImage GL_STENCIL_INDEX");
    /* A 2x2 region from shorts: only the 8 low bits stay. */
    GLushort sub[4] = { 0x0101, 0x0202, 0x1234, 0xffff };
    glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 2, 2, 2, GL_STENCIL_INDEX, GL_UNSIGNED_SHORT, sub);
    expect_error(GL_NO_ERROR, "glTexSubImage2D GL_STENCIL_INDEX");
    glGetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, back);
    CHECK(back[9] == 1 && back[10] == 2 && back[13] == 0x34 && back[14] == 0xff &&
              back[8] == src[8] && back[15] == src[15],
          "after glTexSubImage2D: %d %d %d %d (%d %d)", back[9], back[10], back[13], back[14],
          back[8], back[15]);

    /* Errors (colour pixels into a stencil texture are none, as in Mesa:
     * the extension lists only stencil pixels for other textures). */
    GLubyte rgba[64] = { 0 };
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    expect_error(GL_INVALID_OPERATION, "glGetTexImage of a stencil texture as GL_RGBA");
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, rgba);
    expect_error(GL_INVALID_OPERATION, "glGetTexImage of a stencil texture as depth");
    glGenerateMipmapEXT(GL_TEXTURE_2D);
    expect_error(GL_NO_ERROR, "glGenerateMipmap of a stencil texture (Mesa: no error)");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, src);
    expect_error(GL_INVALID_OPERATION, "GL_RGBA8 from GL_STENCIL_INDEX pixels");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, back);
    expect_error(GL_INVALID_OPERATION, "glGetTexImage of a colour texture as GL_STENCIL_INDEX");
    GLuint t3;
    glGenTextures(1, &t3);
    glBindTexture(GL_TEXTURE_3D, t3);
    glTexImage3D(GL_TEXTURE_3D, 0, GL_STENCIL_INDEX8, 2, 2, 2, 0, GL_STENCIL_INDEX,
                 GL_UNSIGNED_BYTE, src);
    expect_error(GL_INVALID_OPERATION, "a 3D stencil texture");
    glBindTexture(GL_TEXTURE_3D, 0);
    glDeleteTextures(1, &t3);

    /* glTexStorage2D, then an upload. */
    glBindTexture(GL_TEXTURE_2D, t);
    GLuint s;
    glGenTextures(1, &s);
    glBindTexture(GL_TEXTURE_2D, s);
    glTexStorage2D(GL_TEXTURE_2D, 2, GL_STENCIL_INDEX8, 4, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 2, 2, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, src);
    expect_error(GL_NO_ERROR, "glTexStorage2D GL_STENCIL_INDEX8");
    memset(back, 9, sizeof back);
    glGetTexImage(GL_TEXTURE_2D, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, back);
    CHECK(!memcmp(back, src, 4), "storage level 1: %d %d %d %d", back[0], back[1], back[2],
          back[3]);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, back);
    CHECK(back[0] == 0 && back[15] == 0, "storage level 0 starts at 0: %d %d", back[0], back[15]);

    /* The stencil of a depth/stencil texture. */
    GLuint ds;
    GLuint packed[4] = { 0xffffff01, 0x80000002, 0x000000fe, 0x12345680 };
    glGenTextures(1, &ds);
    glBindTexture(GL_TEXTURE_2D, ds);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 2, 2, 0, GL_DEPTH_STENCIL,
                 GL_UNSIGNED_INT_24_8, packed);
    memset(back, 0, sizeof back);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, back);
    CHECK(back[0] == 1 && back[1] == 2 && back[2] == 0xfe && back[3] == 0x80,
          "stencil of GL_DEPTH24_STENCIL8: %d %d %d %d", back[0], back[1], back[2], back[3]);
    expect_error(GL_NO_ERROR, "stencil of a depth/stencil texture");
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    GLuint del[3] = { t, s, ds };
    glDeleteTextures(3, del);
}

static void framebuffer(void)
{
    GLubyte back[16 * 16];
    GLubyte pattern[16 * 16];
    GLuint colour, st, fb;
    int i;
    glGenTextures(1, &colour);
    glBindTexture(GL_TEXTURE_2D, colour);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    st = stencil_texture(16, 16, NULL);
    glGenFramebuffersEXT(1, &fb);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D, colour,
                              0);
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_STENCIL_ATTACHMENT_EXT, GL_TEXTURE_2D, st, 0);
    GLenum status = glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT);
    CHECK(status == GL_FRAMEBUFFER_COMPLETE_EXT, "colour + stencil texture: status 0x%x", status);
    GLint bits = -1;
    glGetIntegerv(GL_STENCIL_BITS, &bits);
    CHECK(bits == 8, "GL_STENCIL_BITS %d", bits);
    glViewport(0, 0, 16, 16);
    glMatrixMode(GL_PROJECTION);
    glPushMatrix();
    glLoadIdentity();
    glOrtho(0, 16, 0, 16, -1, 1);
    glClearStencil(0x5a);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glEnable(GL_STENCIL_TEST);
    glStencilFunc(GL_ALWAYS, 7, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
    glRecti(0, 0, 8, 16);
    glDisable(GL_STENCIL_TEST);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glBindTexture(GL_TEXTURE_2D, st);
    memset(back, 0, sizeof back);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, back);
    CHECK(back[0] == 7 && back[7] == 7 && back[8] == 0x5a && back[255] == 0x5a,
          "stencil texture after clear and draw: %d %d %d %d", back[0], back[7], back[8],
          back[255]);

    /* The texture's indices drive the stencil test: 3 in the top half. */
    for (i = 0; i < 256; i++)
        pattern[i] = i >= 128 ? 3 : 1;
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 16, 16, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, pattern);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_STENCIL_TEST);
    glStencilFunc(GL_EQUAL, 3, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
    glColor4ub(0, 255, 0, 255);
    glRecti(0, 0, 16, 16);
    glColor4f(1, 1, 1, 1);
    glDisable(GL_STENCIL_TEST);
    CHECK_RGBA(4, 12, 0, 255, 0, 255, 0, "stencil 3 passes");
    CHECK_RGBA(4, 3, 0, 0, 0, 0, 0, "stencil 1 fails");
    /* glCopyTexImage2D of the stencil buffer into a stencil texture. */
    GLuint copy;
    glGenTextures(1, &copy);
    glBindTexture(GL_TEXTURE_2D, copy);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 0, 0, 16, 16, 0);
    expect_error(GL_NO_ERROR, "glCopyTexImage2D GL_STENCIL_INDEX8");
    /* (Its texels are not checked: Mesa 22.3's llvmpipe leaves zeros, oxgl
     * copies the indices, as GL 4.6 §8.6 asks.) */
    CHECK(level_param(GL_TEXTURE_INTERNAL_FORMAT) == GL_STENCIL_INDEX8,
          "copied stencil texture's internal format 0x%x",
          level_param(GL_TEXTURE_INTERNAL_FORMAT));
    glDeleteTextures(1, &copy);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glMatrixMode(GL_PROJECTION);
    glPopMatrix();
    glMatrixMode(GL_MODELVIEW);
    glViewport(0, 0, 32, 32);
    expect_error(GL_NO_ERROR, "framebuffer");
    glDeleteFramebuffersEXT(1, &fb);
    GLuint del[2] = { colour, st };
    glDeleteTextures(2, del);
}

static const char *vs = "void main() { gl_Position = gl_Vertex; }\n";
static const char *fs = "#extension GL_EXT_gpu_shader4 : require\n"
                        "uniform usampler2D s;\n"
                        "void main() {\n"
                        "    uvec4 v = texture2D(s, gl_FragCoord.xy / 32.0);\n"
                        "    gl_FragColor = vec4(v) / 255.0;\n"
                        "}\n";

static GLuint shader(GLenum type, const char *src)
{
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[1024];
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        CHECK(0, "compile: %s", log);
    }
    return s;
}

static void sampling(void)
{
    GLubyte idx[4] = { 10, 200, 77, 255 };
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    GLuint t = stencil_texture(2, 2, idx);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    GLuint p = glCreateProgram();
    glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
    glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    CHECK(ok, "usampler2D program links");
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "s"), 0);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEnd();
    glUseProgram(0);
    /* The index as a depth value under GL_DEPTH_TEXTURE_MODE (luminance
     * by default, as Mesa): R = G = B = index / 255, A = 1. */
    CHECK_RGBA(5, 5, 10, 10, 10, 1, 1, "usampler2D texel (0,0)");
    CHECK_RGBA(25, 5, 200, 200, 200, 1, 1, "usampler2D texel (1,0)");
    CHECK_RGBA(5, 25, 77, 77, 77, 1, 1, "usampler2D texel (0,1)");
    CHECK_RGBA(25, 25, 255, 255, 255, 1, 1, "usampler2D texel (1,1)");
    /* GL_RED depth mode: (index, 0, 0, 1). */
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_RED);
    glUseProgram(p);
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEnd();
    glUseProgram(0);
    CHECK_RGBA(25, 5, 200, 0, 0, 1, 1, "usampler2D texel (1,0), GL_RED depth mode");
    expect_error(GL_NO_ERROR, "sampling");
    glDeleteProgram(p);
    glDeleteTextures(1, &t);
}

int main(void)
{
    struct test_window t = open_pixel_window(32);

    if (!has_extension("GL_ARB_texture_stencil8")) {
        printf("SKIP GL_ARB_texture_stencil8\n");
        return close_test_window(&t);
    }
    images();
    printf("images done\n");
    if (has_extension("GL_EXT_framebuffer_object")) {
        framebuffer();
        printf("framebuffer done\n");
    } else {
        printf("SKIP framebuffer (no GL_EXT_framebuffer_object)\n");
    }
    if (has_extension("GL_EXT_gpu_shader4")) {
        sampling();
        printf("sampling done\n");
    } else {
        printf("SKIP sampling (no GL_EXT_gpu_shader4)\n");
    }
    return close_test_window(&t);
}
