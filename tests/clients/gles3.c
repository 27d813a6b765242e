/*
 * gles3.c: OpenGL ES 3.0 contexts, through EGL on the surfaceless platform:
 * configs with EGL_OPENGL_ES3_BIT, an ES 3.0 request (and an ES 3.1 one
 * refused where the build stops at 3.0), the ES 3 strings and
 * GL_MAJOR_VERSION; GLSL ES 3.00 (in/out, layout locations, flat integer
 * varyings, a uniform block, texture(), a located error for a desktop
 * version); transform feedback objects (generate, bind, pause, resume,
 * the paused draw capturing nothing, GL_TRANSFORM_FEEDBACK_ACTIVE/PAUSED/
 * BINDING, glIsTransformFeedback, the errors while active);
 * glGetInternalformativ; program binaries when there are no formats;
 * glInvalidateFramebuffer; primitive restart with the fixed index; an
 * ETC2 RGB8 block sampled; a desktop command refused; depth read back
 * (NV_read_depth); dual-source blending from GLSL ES 1.00
 * (EXT_blend_func_extended); an sRGB pbuffer (EGL_KHR_gl_colorspace); EGL fence syncs
 * (EGL_KHR_fence_sync, EGL_KHR_wait_sync). Prints "FAIL line
 * N: ..." lines and "PASS"; also "version: ..." and "glsl: ...".
 *
 * Also passes on Mesa llvmpipe: gcc -O2 -Wall -o gles3 gles3.c -lEGL
 * -lGLESv2 (Mesa answers with ES 3.2, so versions are checked by prefix;
 * its program binary formats are checked only when there are none).
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "es_check.h"

#ifndef EGL_OPENGL_ES3_BIT
#define EGL_OPENGL_ES3_BIT 0x00000040
#endif

/* Links a program of `vs` and `fs`, capturing `varying` when not NULL. */
static GLuint link(const char *vs, const char *fs, const char *varying)
{
    char log[1024] = "";
    GLuint v = compile(GL_VERTEX_SHADER, vs, log, sizeof log);
    CHECK(v, "vertex shader: %s", log);
    GLuint f = compile(GL_FRAGMENT_SHADER, fs, log, sizeof log);
    CHECK(f, "fragment shader: %s", log);
    if (!v || !f)
        return 0;
    GLuint p = glCreateProgram();
    glAttachShader(p, v);
    glAttachShader(p, f);
    if (varying)
        glTransformFeedbackVaryings(p, 1, &varying, GL_INTERLEAVED_ATTRIBS);
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    glGetProgramInfoLog(p, sizeof log, NULL, log);
    CHECK(ok, "link: %s", log);
    glDeleteShader(v);
    glDeleteShader(f);
    return ok ? p : 0;
}


static void strings(void)
{
    const char *version = (const char *)glGetString(GL_VERSION);
    const char *glsl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
    printf("version: %s\nglsl: %s\n", version ? version : "(null)", glsl ? glsl : "(null)");
    CHECK(version && strncmp(version, "OpenGL ES 3.", 12) == 0, "GL_VERSION %s", version);
    CHECK(glsl && strncmp(glsl, "OpenGL ES GLSL ES 3.", 20) == 0, "GLSL %s", glsl);
    GLint major = 0, n = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    CHECK(major == 3, "GL_MAJOR_VERSION %d", major);
    glGetIntegerv(GL_NUM_EXTENSIONS, &n);
    CHECK(n > 0 && glGetStringi(GL_EXTENSIONS, 0), "GL_NUM_EXTENSIONS %d", n);
    GLint64 max_index = 0;
    glGetInteger64v(GL_MAX_ELEMENT_INDEX, &max_index);
    CHECK(max_index >= 16777215, "GL_MAX_ELEMENT_INDEX %lld", (long long)max_index);
    EXPECT_GL_ERROR(GL_NO_ERROR, "ES 3 queries");
}

static const char *vs300 =
    "#version 300 es\n"
    "layout(location = 0) in vec2 pos;\n"
    "layout(location = 1) in vec3 col;\n"
    "out vec3 v_col;\n"
    "flat out int v_id;\n"
    "out vec2 v_uv;\n"
    "void main() {\n"
    "    v_col = col;\n"
    "    v_id = gl_VertexID;\n"
    "    v_uv = pos * 0.5 + 0.5;\n"
    "    gl_Position = vec4(pos, 0.0, 1.0);\n"
    "}\n";

static const char *fs300 =
    "#version 300 es\n"
    "precision mediump float;\n"
    "in vec3 v_col;\n"
    "flat in int v_id;\n"
    "in vec2 v_uv;\n"
    "uniform Tint { vec4 tint; vec4 unused; };\n"
    "uniform sampler2D tex;\n"
    "uniform bool use_tex;\n"
    "layout(location = 0) out vec4 color;\n"
    "void main() {\n"
    "    vec4 c = vec4(v_col, 1.0) * tint;\n"
    "    if (v_id < 0) c = vec4(1.0, 0.0, 1.0, 1.0);\n"
    "    color = use_tex ? texture(tex, v_uv) : c;\n"
    "}\n";

/* GLSL ES 3.00: a triangle pair through a uniform block, then a textured
 * quad of one ETC2 block; a desktop #version is a located error. */
static void glsl_draws(void)
{
    char log[1024] = "";
    CHECK(!compile(GL_VERTEX_SHADER, "#version 330\nvoid main() { gl_Position = vec4(0.0); }\n",
                   log, sizeof log),
          "#version 330 compiled in ES");
    printf("desktop-version log: %s", log);
    CHECK(strstr(log, "0:1(") && strstr(log, "3.00 ES"), "desktop-version log: %s", log);

    GLuint prog = link(vs300, fs300, NULL);
    if (!prog)
        return;
    glUseProgram(prog);
    GLuint block = glGetUniformBlockIndex(prog, "Tint");
    CHECK(block != GL_INVALID_INDEX, "uniform block Tint");
    glUniformBlockBinding(prog, block, 2);
    const float tint[8] = { 1.0f, 0.5f, 1.0f, 1.0f, 0, 0, 0, 0 };
    GLuint ubo;
    glGenBuffers(1, &ubo);
    glBindBuffer(GL_UNIFORM_BUFFER, ubo);
    glBufferData(GL_UNIFORM_BUFFER, sizeof tint, tint, GL_STATIC_DRAW);
    glBindBufferBase(GL_UNIFORM_BUFFER, 2, ubo);

    const float verts[] = { -1, -1, 1, 1, 1, -1, 1, 1, -1, 1, 1, 1, 1, 1, 1, 1 };
    GLuint vao, vbo;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof verts, verts, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 16, (void *)0);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 16, (void *)8);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glUniform1i(glGetUniformLocation(prog, "use_tex"), 0);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    /* col.xy from the array (b stays 0), scaled by the tint. */
    check_pixel(2, 2, 255, 128, 0, "ubo-tinted corner (-1,-1)");
    check_pixel(61, 61, 255, 128, 0, "ubo-tinted corner (1,1)");

    /* ETC2 RGB8, one block in individual mode (ETC1's): base colours
     * 0x8 0x4 0xc of both halves (136 68 204), table 0, every texel's
     * index 0: +2 -> 138 70 206. */
    const unsigned char etc2[8] = { 0x88, 0x44, 0xcc, 0x00, 0, 0, 0, 0 };
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 8, etc2);
    EXPECT_GL_ERROR(GL_NO_ERROR, "glCompressedTexImage2D(ETC2)");
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glUniform1i(glGetUniformLocation(prog, "use_tex"), 1);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    check_pixel(32, 32, 138, 70, 206, "ETC2 texel");
    /* ES 3.0 has no online compression to ETC2. */
    unsigned char rgb[16 * 3] = { 0 };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, GL_RGB, GL_UNSIGNED_BYTE,
                 rgb);
    CHECK(glGetError() != GL_NO_ERROR, "glTexImage2D with an ETC2 internal format");
    glDeleteTextures(1, &tex);

    /* Primitive restart with the fixed index: the strip is cut at 0xff,
     * so the two halves' triangles do not join across the middle. */
    glUniform1i(glGetUniformLocation(prog, "use_tex"), 0);
    const float strip[] = { -1, -1, 1, 1, -1, 0, 1, 1, 0, -1, 1, 1, 0, 0, 1, 1,
                            0, -1, 1, 1, 0, 1, 1, 1, 1, -1, 1, 1, 1, 0, 1, 1 };
    glBufferData(GL_ARRAY_BUFFER, sizeof strip, strip, GL_STATIC_DRAW);
    const unsigned char idx[] = { 0, 1, 2, 0xff, 4, 5, 6, 7 };
    GLuint ibo;
    glGenBuffers(1, &ibo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
    glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
    CHECK(glIsEnabled(GL_PRIMITIVE_RESTART_FIXED_INDEX), "fixed-index restart enabled");
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawElements(GL_TRIANGLE_STRIP, 8, GL_UNSIGNED_BYTE, 0);
    /* Left: triangle (-1,-1) (-1,0) (0,-1) only; right: two triangles
     * of (0,-1) (0,1) (1,-1) (1,0). */
    check_pixel(4, 4, 255, 128, 0, "restart: left triangle");
    check_pixel(28, 28, 0, 0, 0, "restart: nothing joins the halves");
    check_pixel(56, 8, 255, 128, 0, "restart: right strip's first triangle");
    check_pixel(60, 30, 255, 128, 0, "restart: right strip's second triangle");
    glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
    EXPECT_GL_ERROR(GL_NO_ERROR, "draws");

    glDeleteBuffers(1, &ibo);
    glDeleteBuffers(1, &vbo);
    glDeleteBuffers(1, &ubo);
    glDeleteVertexArrays(1, &vao);
    glDeleteProgram(prog);
}

static const char *xfb_vs =
    "#version 300 es\n"
    "layout(location = 0) in float x;\n"
    "out float doubled;\n"
    "void main() {\n"
    "    doubled = 2.0 * x;\n"
    "    gl_Position = vec4(0.0);\n"
    "}\n";

static const char *xfb_fs =
    "#version 300 es\n"
    "precision mediump float;\n"
    "out vec4 color;\n"
    "void main() { color = vec4(1.0); }\n";

/* GL_OES_texture_float / GL_OES_texture_half_float: an unsized RGBA
 * texture of floats keeps values above 1 (2.5 read back as 2.5 / 4). */
static void float_textures(void)
{
    if (!has_word((const char *)glGetString(GL_EXTENSIONS), "GL_OES_texture_float"))
        return;
    static const char *vs = "#version 300 es\n"
                            "layout(location = 0) in vec2 pos;\n"
                            "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
    static const char *fs = "#version 300 es\n"
                            "precision highp float;\n"
                            "uniform sampler2D tex;\n"
                            "out vec4 o;\n"
                            "void main() { o = texture(tex, vec2(0.5)) / 4.0; }\n";
    GLuint prog = link(vs, fs, NULL);
    if (!prog)
        return;
    glUseProgram(prog);
    const float quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
    GLuint vao, vbo, tex;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(0);
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    const float texel[4] = { 2.5f, 1.0f, 3.0f, 4.0f };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_FLOAT, texel);
    EXPECT_GL_ERROR(GL_NO_ERROR, "glTexImage2D(RGBA, FLOAT)");
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    check_pixel(8, 8, 159, 64, 191, "an unsized float texture");
    /* Half floats: 2.5 is 0x4100, 1.0 0x3c00, 3.0 0x4200, 4.0 0x4400. */
    const unsigned short half[4] = { 0x4100, 0x3c00, 0x4200, 0x4400 };
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_HALF_FLOAT_OES, half);
    EXPECT_GL_ERROR(GL_NO_ERROR, "glTexImage2D(RGBA, HALF_FLOAT_OES)");
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    check_pixel(8, 8, 159, 64, 191, "an unsized half-float texture");
    /* GL_EXT_color_buffer_float: an RGBA32F framebuffer renders, but
     * not with blending without GL_EXT_float_blend (which Mesa has). */
    if (has_word((const char *)glGetString(GL_EXTENSIONS), "GL_EXT_color_buffer_float")) {
        GLuint fbo, rb;
        glGenFramebuffers(1, &fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glGenRenderbuffers(1, &rb);
        glBindRenderbuffer(GL_RENDERBUFFER, rb);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA32F, 4, 4);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
        CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
              "an RGBA32F framebuffer is incomplete");
        glViewport(0, 0, 4, 4);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        EXPECT_GL_ERROR(GL_NO_ERROR, "a draw into RGBA32F");
        float px[4] = { 0 };
        glReadPixels(1, 1, 1, 1, GL_RGBA, GL_FLOAT, px);
        CHECK(fabsf(px[0] - 0.625f) < 1e-3f && fabsf(px[3] - 1.0f) < 1e-3f,
              "RGBA32F read back %g %g %g %g", px[0], px[1], px[2], px[3]);
        if (!has_word((const char *)glGetString(GL_EXTENSIONS), "GL_EXT_float_blend")) {
            glEnable(GL_BLEND);
            glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
            EXPECT_GL_ERROR(GL_INVALID_OPERATION, "blending into RGBA32F");
            glDisable(GL_BLEND);
        }
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glViewport(0, 0, 64, 64);
        glDeleteFramebuffers(1, &fbo);
        glDeleteRenderbuffers(1, &rb);
    }
    /* GL_EXT_texture_format_BGRA8888: B, G, R, A bytes (the shader
     * divides by 4). */
    if (has_word((const char *)glGetString(GL_EXTENSIONS), "GL_EXT_texture_format_BGRA8888")) {
        const unsigned char bgra[4] = { 200, 100, 40, 255 };
        glTexImage2D(GL_TEXTURE_2D, 0, GL_BGRA_EXT, 1, 1, 0, GL_BGRA_EXT, GL_UNSIGNED_BYTE, bgra);
        EXPECT_GL_ERROR(GL_NO_ERROR, "glTexImage2D(BGRA_EXT)");
        glViewport(0, 0, 64, 64);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        check_pixel(8, 8, 10, 25, 50, "a BGRA8888 texture");
    } else {
        CHECK(0, "GL_EXT_texture_format_BGRA8888 not listed");
    }
    /* GL_EXT_texture_rg (ES 3.0's RED images): R only, G and B 0 (the
     * shader divides by 4). */
    CHECK(has_word((const char *)glGetString(GL_EXTENSIONS), "GL_EXT_texture_rg"),
          "GL_EXT_texture_rg not listed");
    const unsigned char red = 200;
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RED, 1, 1, 0, GL_RED, GL_UNSIGNED_BYTE, &red);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    EXPECT_GL_ERROR(GL_NO_ERROR, "glTexImage2D(GL_RED)");
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    check_pixel(8, 8, 50, 0, 0, "a RED texture");
    glDeleteTextures(1, &tex);
    glDeleteBuffers(1, &vbo);
    glDeleteVertexArrays(1, &vao);
    glUseProgram(0);
    glDeleteProgram(prog);
}

/* Transform feedback objects: two draws captured around a paused one. */
static void transform_feedback_objects(void)
{
    GLuint prog = link(xfb_vs, xfb_fs, "doubled");
    if (!prog)
        return;
    const float xs[] = { 1, 2, 3, 4, 5, 6 };
    GLuint vao, vbo, out;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof xs, xs, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 1, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(0);

    GLuint xfb[2];
    glGenTransformFeedbacks(2, xfb);
    CHECK(!glIsTransformFeedback(xfb[0]), "a generated name is not an object before binding");
    PFNGLOBJECTLABELKHRPROC label = (PFNGLOBJECTLABELKHRPROC)eglGetProcAddress("glObjectLabelKHR");
    PFNGLGETOBJECTLABELKHRPROC get_label =
        (PFNGLGETOBJECTLABELKHRPROC)eglGetProcAddress("glGetObjectLabelKHR");
    if (label) {
        label(GL_TRANSFORM_FEEDBACK, xfb[0], -1, "feedback");
        EXPECT_GL_ERROR(GL_INVALID_VALUE, "label a transform feedback name never bound");
    }
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb[0]);
    CHECK(glIsTransformFeedback(xfb[0]), "glIsTransformFeedback after binding");
    if (label && get_label) {
        char text[16] = "";
        GLsizei n = 0;
        label(GL_TRANSFORM_FEEDBACK, xfb[0], -1, "feedback");
        get_label(GL_TRANSFORM_FEEDBACK, xfb[0], sizeof text, &n, text);
        CHECK(n == 8 && strcmp(text, "feedback") == 0, "transform feedback label '%s' (%d)",
              text, n);
        EXPECT_GL_ERROR(GL_NO_ERROR, "transform feedback label");
    }
    GLint bound = 0;
    glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &bound);
    CHECK(bound == (GLint)xfb[0], "GL_TRANSFORM_FEEDBACK_BINDING %d", bound);
    glGenBuffers(1, &out);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, out);
    float init[6] = { -1, -1, -1, -1, -1, -1 };
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof init, init, GL_DYNAMIC_READ);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out);
    /* The default object has no buffer: its binding is 0. */
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
    GLint buf = -1;
    glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &buf);
    CHECK(buf == 0, "default object's buffer %d", buf);
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb[0]);
    glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &buf);
    CHECK(buf == (GLint)out, "object's buffer %d", buf);

    glUseProgram(prog);
    glEnable(GL_RASTERIZER_DISCARD);
    glBeginTransformFeedback(GL_POINTS);
    GLboolean active = 0, paused = 1;
    glGetBooleanv(GL_TRANSFORM_FEEDBACK_ACTIVE, &active);
    glGetBooleanv(GL_TRANSFORM_FEEDBACK_PAUSED, &paused);
    CHECK(active && !paused, "active %d paused %d", active, paused);
    glDrawArrays(GL_POINTS, 0, 2);
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb[1]);
    EXPECT_GL_ERROR(GL_INVALID_OPERATION, "bind while active");
    glResumeTransformFeedback();
    EXPECT_GL_ERROR(GL_INVALID_OPERATION, "resume while not paused");
    glPauseTransformFeedback();
    glGetBooleanv(GL_TRANSFORM_FEEDBACK_PAUSED, &paused);
    CHECK(paused, "paused after glPauseTransformFeedback");
    glDrawArrays(GL_POINTS, 2, 2);
    /* Paused: another object may be bound, and back. */
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb[1]);
    EXPECT_GL_ERROR(GL_NO_ERROR, "bind while paused");
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb[0]);
    glDeleteTransformFeedbacks(1, &xfb[0]);
    EXPECT_GL_ERROR(GL_INVALID_OPERATION, "delete an active object");
    glResumeTransformFeedback();
    glDrawArrays(GL_POINTS, 4, 2);
    glEndTransformFeedback();
    glDisable(GL_RASTERIZER_DISCARD);
    EXPECT_GL_ERROR(GL_NO_ERROR, "transform feedback");

    const float *got =
        glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof init, GL_MAP_READ_BIT);
    CHECK(got, "map the captured buffer");
    if (got) {
        /* Vertices 0, 1, then 4, 5: the paused draw captured nothing. */
        const float want[6] = { 2, 4, 10, 12, -1, -1 };
        for (int i = 0; i < 6; i++)
            CHECK(got[i] == want[i], "captured[%d] = %g, expected %g", i, got[i], want[i]);
        glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
    }
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
    glDeleteTransformFeedbacks(2, xfb);
    CHECK(!glIsTransformFeedback(xfb[0]), "deleted object");
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb[0]);
    EXPECT_GL_ERROR(GL_INVALID_OPERATION, "bind a deleted name");
    glUseProgram(0);
    glDeleteProgram(prog);
    glDeleteBuffers(1, &vbo);
    glDeleteBuffers(1, &out);
    glDeleteVertexArrays(1, &vao);
}

/* glGetInternalformativ, program binaries, glInvalidateFramebuffer. */
/* EXT_blend_func_extended: a GLSL ES 1.00 shader's second colour
 * (gl_SecondaryFragColorEXT) as GL_SRC1_COLOR; gl_FragColor with
 * gl_SecondaryFragDataEXT does not compile. */
static void dual_source(void)
{
    if (!has_word((const char *)glGetString(GL_EXTENSIONS), "GL_EXT_blend_func_extended")) {
        CHECK(0, "GL_EXT_blend_func_extended not listed");
        return;
    }
    static const char *vs = "#version 100\n"
                            "attribute vec2 pos;\n"
                            "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
    static const char *fs = "#version 100\n"
                            "#extension GL_EXT_blend_func_extended : require\n"
                            "precision mediump float;\n"
                            "void main() {\n"
                            "    gl_FragColor = vec4(1.0, 0.5, 0.0, 1.0);\n"
                            "    gl_SecondaryFragColorEXT = vec4(0.5);\n"
                            "}\n";
    static const char *mixed = "#version 100\n"
                               "#extension GL_EXT_blend_func_extended : require\n"
                               "precision mediump float;\n"
                               "void main() {\n"
                               "    gl_FragColor = vec4(1.0);\n"
                               "    gl_SecondaryFragDataEXT[0] = vec4(0.5);\n"
                               "}\n";
    char log[1024] = "";
    CHECK(!compile(GL_FRAGMENT_SHADER, mixed, log, sizeof log),
          "gl_FragColor with gl_SecondaryFragDataEXT compiled");
    GLint max = 0;
    glGetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT, &max);
    CHECK(max >= 1, "GL_MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT %d", max);
    GLuint prog = link(vs, fs, NULL);
    if (!prog)
        return;
    glUseProgram(prog);
    const float quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
    GLuint vao, vbo;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
    GLint pos = glGetAttribLocation(prog, "pos");
    glVertexAttribPointer(pos, 2, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(pos);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC1_COLOR_EXT, GL_ZERO);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisable(GL_BLEND);
    /* (1, 0.5, 0) times the second colour's 0.5. */
    check_pixel(8, 8, 128, 64, 0, "dual-source blend");
    EXPECT_GL_ERROR(GL_NO_ERROR, "dual-source blending");
    glDeleteBuffers(1, &vbo);
    glDeleteVertexArrays(1, &vao);
    glUseProgram(0);
    glDeleteProgram(prog);
}

/* NV_read_depth: a depth renderbuffer cleared to 0.5, read back as
 * GL_DEPTH_COMPONENT in the top 24 bits of GL_UNSIGNED_INT_24_8. */
static void read_depth(void)
{
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    CHECK(ext && strstr(ext, "GL_NV_read_depth"), "GL_NV_read_depth not listed");
    GLuint rb, fb;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, 4, 4);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
          "depth-only framebuffer incomplete");
    glClearDepthf(0.5f);
    glClear(GL_DEPTH_BUFFER_BIT);
    GLuint v = 0;
    glReadPixels(1, 1, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT_24_8, &v);
    EXPECT_GL_ERROR(GL_NO_ERROR, "glReadPixels(GL_DEPTH_COMPONENT, GL_UNSIGNED_INT_24_8)");
    double d = (v >> 8) / 16777215.0;
    CHECK(fabs(d - 0.5) < 1e-6, "depth read back %f (0x%x)", d, v);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteRenderbuffers(1, &rb);
    glClearDepthf(1.0f);
}

/* EGL_KHR_gl_colorspace: an sRGB pbuffer encodes what ES draws into it
 * (ES has no GL_FRAMEBUFFER_SRGB switch): a clear to linear 0.5 reads back
 * as 188, and the back buffer reports GL_SRGB. */
static void srgb_surface(EGLDisplay dpy, EGLConfig cfg, EGLContext ctx, EGLSurface pb)
{
    const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
    CHECK(ext && strstr(ext, "EGL_KHR_gl_colorspace"), "EGL_KHR_gl_colorspace not listed");
    const EGLint attribs[] = { EGL_WIDTH, 8, EGL_HEIGHT, 8, EGL_GL_COLORSPACE,
                               EGL_GL_COLORSPACE_SRGB, EGL_NONE };
    EGLSurface srgb = eglCreatePbufferSurface(dpy, cfg, attribs);
    if (srgb == EGL_NO_SURFACE) {
        /* Mesa's surfaceless platform has no sRGB pbuffers for this
         * config (EGL_BAD_MATCH); oxgl's test asserts the line below. */
        EGLint error = eglGetError();
        CHECK(error == EGL_BAD_MATCH, "sRGB pbuffer: 0x%x", error);
        return;
    }
    EGLint space = 0;
    eglQuerySurface(dpy, srgb, EGL_GL_COLORSPACE, &space);
    CHECK(space == EGL_GL_COLORSPACE_SRGB, "EGL_GL_COLORSPACE 0x%x", space);
    eglMakeCurrent(dpy, srgb, srgb, ctx);
    glClearColor(0.5f, 0.5f, 0.5f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    check_pixel(2, 2, 188, 188, 188, "sRGB-encoded clear");
    GLint encoding = 0;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK,
                                          GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &encoding);
    CHECK(encoding == GL_SRGB, "GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING 0x%x", encoding);
    EXPECT_GL_ERROR(GL_NO_ERROR, "sRGB surface");
    printf("srgb surface: encoded\n");
    eglMakeCurrent(dpy, pb, pb, ctx);
    eglDestroySurface(dpy, srgb);
    glClearColor(0, 0, 0, 1);
}

static void queries(void)
{
    GLint count = 0, samples[8] = { 0 };
    glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &count);
    CHECK(count >= 1 && count <= 8, "GL_NUM_SAMPLE_COUNTS %d", count);
    glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, 8, samples);
    CHECK(samples[0] >= 4, "GL_SAMPLES %d", samples[0]);
    for (int i = 1; i < count && i < 8; i++)
        CHECK(samples[i] < samples[i - 1], "sample counts not descending");
    EXPECT_GL_ERROR(GL_NO_ERROR, "glGetInternalformativ");
    glGetInternalformativ(GL_RENDERBUFFER, GL_RGB9_E5, GL_SAMPLES, 8, samples);
    EXPECT_GL_ERROR(GL_INVALID_ENUM, "glGetInternalformativ(a format not renderable)");
    glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_SAMPLES, 8, samples);
    EXPECT_GL_ERROR(GL_INVALID_ENUM, "glGetInternalformativ(GL_TEXTURE_2D)");
    glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, -1, samples);
    EXPECT_GL_ERROR(GL_INVALID_VALUE, "glGetInternalformativ(bufSize -1)");

    GLint formats = -1;
    glGetIntegerv(GL_NUM_PROGRAM_BINARY_FORMATS, &formats);
    CHECK(formats >= 0, "GL_NUM_PROGRAM_BINARY_FORMATS %d", formats);
    GLuint prog = link(xfb_vs, xfb_fs, NULL);
    if (prog && formats == 0) {
        GLint len = -1;
        glGetProgramiv(prog, GL_PROGRAM_BINARY_LENGTH, &len);
        CHECK(len == 0, "GL_PROGRAM_BINARY_LENGTH %d", len);
        char data[16];
        GLenum format = 0;
        GLsizei written = -1;
        glGetProgramBinary(prog, sizeof data, &written, &format, data);
        EXPECT_GL_ERROR(GL_INVALID_OPERATION, "glGetProgramBinary without formats");
        CHECK(written == 0, "glGetProgramBinary length %d", written);
        glProgramBinary(prog, 0x1234, data, sizeof data);
        EXPECT_GL_ERROR(GL_INVALID_ENUM, "glProgramBinary(unknown format)");
        GLint linked = 1;
        glGetProgramiv(prog, GL_LINK_STATUS, &linked);
        CHECK(!linked, "link status after a failed glProgramBinary");
    }
    if (prog) {
        /* The hint takes effect at the next link. */
        glProgramParameteri(prog, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
        GLint hint = -1;
        glGetProgramiv(prog, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, &hint);
        CHECK(hint == GL_FALSE, "retrievable hint before linking %d", hint);
        glLinkProgram(prog);
        glGetProgramiv(prog, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, &hint);
        CHECK(hint == GL_TRUE, "retrievable hint after linking %d", hint);
        glProgramParameteri(prog, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, 7);
        EXPECT_GL_ERROR(GL_INVALID_VALUE, "glProgramParameteri(7)");
        glDeleteProgram(prog);
    }

    const GLenum color = GL_COLOR, att0 = GL_COLOR_ATTACHMENT0;
    glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, &color);
    EXPECT_GL_ERROR(GL_NO_ERROR, "glInvalidateFramebuffer(GL_COLOR)");
    glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, &att0);
    EXPECT_GL_ERROR(GL_INVALID_ENUM, "invalidate GL_COLOR_ATTACHMENT0 of the default framebuffer");
    glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 1, &color, 0, 0, -1, 4);
    EXPECT_GL_ERROR(GL_INVALID_VALUE, "glInvalidateSubFramebuffer(width -1)");
    glInvalidateFramebuffer(GL_TEXTURE_2D, 1, &color);
    EXPECT_GL_ERROR(GL_INVALID_ENUM, "glInvalidateFramebuffer(GL_TEXTURE_2D)");

    /* GL_KHR_parallel_shader_compile: compiles are done on return. */
    if (has_word((const char *)glGetString(GL_EXTENSIONS), "GL_KHR_parallel_shader_compile")) {
        PFNGLMAXSHADERCOMPILERTHREADSKHRPROC threads =
            (PFNGLMAXSHADERCOMPILERTHREADSKHRPROC)eglGetProcAddress("glMaxShaderCompilerThreadsKHR");
        GLint t = 0;
        glGetIntegerv(GL_MAX_SHADER_COMPILER_THREADS_KHR, &t);
        CHECK((GLuint)t == 0xffffffffu, "initial GL_MAX_SHADER_COMPILER_THREADS_KHR %d", t);
        if (threads) {
            threads(2);
            glGetIntegerv(GL_MAX_SHADER_COMPILER_THREADS_KHR, &t);
            CHECK(t == 2, "GL_MAX_SHADER_COMPILER_THREADS_KHR %d after setting 2", t);
        }
        GLuint s = glCreateShader(GL_VERTEX_SHADER);
        GLint done = 0;
        glGetShaderiv(s, GL_COMPLETION_STATUS_KHR, &done);
        CHECK(done == GL_TRUE, "GL_COMPLETION_STATUS_KHR of a shader %d", done);
        glDeleteShader(s);
        EXPECT_GL_ERROR(GL_NO_ERROR, "KHR_parallel_shader_compile");
    }

    /* ES 3.0 §4.2.1: the default framebuffer draws to one buffer, BACK or
     * NONE. */
    const GLenum back = GL_BACK, two[2] = { GL_BACK, GL_NONE };
    glDrawBuffers(1, &att0);
    EXPECT_GL_ERROR(GL_INVALID_OPERATION, "glDrawBuffers(COLOR_ATTACHMENT0) on the default framebuffer");
    glDrawBuffers(2, two);
    EXPECT_GL_ERROR(GL_INVALID_OPERATION, "glDrawBuffers of two on the default framebuffer");
    glDrawBuffers(1, &back);
    EXPECT_GL_ERROR(GL_NO_ERROR, "glDrawBuffers(GL_BACK)");

    /* A desktop-only command through its pointer. */
    void (*begin)(GLenum) = (void (*)(GLenum))eglGetProcAddress("glBegin");
    if (begin) {
        begin(GL_TRIANGLES);
        EXPECT_GL_ERROR(GL_INVALID_OPERATION, "glBegin in ES 3");
    }
}

/* EGL_KHR_fence_sync / EGL_KHR_wait_sync and EGL 1.5's syncs: a fence
 * after a draw is signaled once glFinish returns, with its attributes;
 * the errors of a bad handle, type, attribute and no current context. */
static void egl_syncs(EGLDisplay dpy, EGLContext ctx, EGLSurface pb)
{
    const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
    CHECK(has_word(ext, "EGL_KHR_fence_sync") && has_word(ext, "EGL_KHR_wait_sync"),
          "EGL extensions: %s", ext);
    CHECK(has_word((const char *)glGetString(GL_EXTENSIONS), "GL_OES_EGL_sync"),
          "GL_OES_EGL_sync missing");
    PFNEGLCREATESYNCKHRPROC create = (PFNEGLCREATESYNCKHRPROC)eglGetProcAddress("eglCreateSyncKHR");
    PFNEGLGETSYNCATTRIBKHRPROC attrib =
        (PFNEGLGETSYNCATTRIBKHRPROC)eglGetProcAddress("eglGetSyncAttribKHR");
    PFNEGLCLIENTWAITSYNCKHRPROC client_wait =
        (PFNEGLCLIENTWAITSYNCKHRPROC)eglGetProcAddress("eglClientWaitSyncKHR");
    PFNEGLWAITSYNCKHRPROC server_wait = (PFNEGLWAITSYNCKHRPROC)eglGetProcAddress("eglWaitSyncKHR");
    PFNEGLDESTROYSYNCKHRPROC destroy =
        (PFNEGLDESTROYSYNCKHRPROC)eglGetProcAddress("eglDestroySyncKHR");
    CHECK(create && attrib && client_wait && server_wait && destroy, "sync entry points");
    if (!create || !attrib || !client_wait || !server_wait || !destroy)
        return;
    glClear(GL_COLOR_BUFFER_BIT);
    EGLSyncKHR sync = create(dpy, EGL_SYNC_FENCE_KHR, NULL);
    CHECK(sync != EGL_NO_SYNC_KHR, "eglCreateSyncKHR: 0x%x", eglGetError());
    if (!sync)
        return;
    glFinish();
    EGLint type = 0, status = 0, condition = 0, canary = 42;
    CHECK(attrib(dpy, sync, EGL_SYNC_TYPE_KHR, &type) && type == EGL_SYNC_FENCE_KHR,
          "EGL_SYNC_TYPE 0x%x", type);
    CHECK(attrib(dpy, sync, EGL_SYNC_STATUS_KHR, &status) && status == EGL_SIGNALED_KHR,
          "EGL_SYNC_STATUS after glFinish 0x%x", status);
    CHECK(attrib(dpy, sync, EGL_SYNC_CONDITION_KHR, &condition) &&
              condition == EGL_SYNC_PRIOR_COMMANDS_COMPLETE_KHR,
          "EGL_SYNC_CONDITION 0x%x", condition);
    EXPECT_EGL_ERROR(attrib(dpy, sync, EGL_BUFFER_PRESERVED, &canary), EGL_BAD_ATTRIBUTE);
    CHECK(canary == 42, "a failed eglGetSyncAttribKHR wrote its value");
    CHECK(client_wait(dpy, sync, EGL_SYNC_FLUSH_COMMANDS_BIT_KHR, EGL_FOREVER_KHR) ==
              EGL_CONDITION_SATISFIED_KHR,
          "eglClientWaitSyncKHR");
    CHECK(server_wait(dpy, sync, 0) == EGL_TRUE, "eglWaitSyncKHR: 0x%x", eglGetError());
    EXPECT_EGL_ERROR(server_wait(dpy, sync, 1), EGL_BAD_PARAMETER);
    EXPECT_EGL_OK(destroy(dpy, sync));
    EXPECT_EGL_ERROR(destroy(dpy, sync), EGL_BAD_PARAMETER);
    EXPECT_EGL_ERROR(client_wait(dpy, (EGLSyncKHR)&canary, 0, 0), EGL_BAD_PARAMETER);
    EXPECT_EGL_ERROR(create(dpy, EGL_SYNC_TYPE_KHR, NULL), EGL_BAD_ATTRIBUTE);
    const EGLint attribs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
    EXPECT_EGL_ERROR(create(dpy, EGL_SYNC_FENCE_KHR, attribs), EGL_BAD_ATTRIBUTE);
    EXPECT_EGL_ERROR(create(EGL_NO_DISPLAY, EGL_SYNC_FENCE_KHR, NULL), EGL_BAD_DISPLAY);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    EXPECT_EGL_ERROR(create(dpy, EGL_SYNC_FENCE_KHR, NULL), EGL_BAD_MATCH);
    eglMakeCurrent(dpy, pb, pb, ctx);
}

int main(void)
{
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    CHECK(get_platform_display, "eglGetPlatformDisplayEXT");
    if (!get_platform_display)
        return 1;
    EGLDisplay dpy = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    CHECK(dpy != EGL_NO_DISPLAY && eglInitialize(dpy, NULL, NULL), "surfaceless display");
    eglBindAPI(EGL_OPENGL_ES_API);
    const EGLint attribs[] = { EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                               EGL_OPENGL_ES3_BIT, EGL_RED_SIZE, 8, EGL_NONE };
    EGLConfig cfg = NULL;
    EGLint n = 0;
    CHECK(eglChooseConfig(dpy, attribs, &cfg, 1, &n) && n == 1, "no ES 3.0 pbuffer config");
    if (n != 1)
        return 1;
    EGLint renderable = 0;
    eglGetConfigAttrib(dpy, cfg, EGL_RENDERABLE_TYPE, &renderable);
    CHECK(renderable & EGL_OPENGL_ES3_BIT, "EGL_RENDERABLE_TYPE 0x%x", renderable);

    const EGLint es3[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE };
    EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es3);
    CHECK(ctx != EGL_NO_CONTEXT, "eglCreateContext(ES 3.0): 0x%x", eglGetError());
    if (!ctx)
        return 1;
    const EGLint pb_attribs[] = { EGL_WIDTH, 64, EGL_HEIGHT, 64, EGL_NONE };
    EGLSurface pb = eglCreatePbufferSurface(dpy, cfg, pb_attribs);
    CHECK(pb != EGL_NO_SURFACE, "pbuffer: 0x%x", eglGetError());
    CHECK(eglMakeCurrent(dpy, pb, pb, ctx), "eglMakeCurrent: 0x%x", eglGetError());

    strings();
    glsl_draws();
    float_textures();
    transform_feedback_objects();
    queries();
    read_depth();
    dual_source();
    srgb_surface(dpy, cfg, ctx, pb);
    egl_syncs(dpy, ctx, pb);

    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroySurface(dpy, pb);
    eglDestroyContext(dpy, ctx);
    eglTerminate(dpy);
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
