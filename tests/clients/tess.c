/*
 * tess.c: ARB_tessellation_shader (GL 4.0 tessellation) in a compatibility
 * context, with GLSL 1.50 shaders that enable the extension.
 * - The GL_MAX_TESS_* and GL_MAX_PATCH_VERTICES limits are at least the
 *   spec minima.
 * - glPatchParameteri(GL_PATCH_VERTICES): 3 by default, 4 reads back, 0
 *   and GL_MAX_PATCH_VERTICES + 1 are GL_INVALID_VALUE and keep the value;
 *   GL_PATCH_DEFAULT_OUTER_LEVEL / _INNER_LEVEL are 1.0 by default and
 *   read back what glPatchParameterfv sets.
 * - An evaluation shader without a control shader (the default levels) on
 *   a quad patch: gl_TessCoord's (u, v) as red and green over a square,
 *   gl_PrimitiveID 0 in the fragment shader for all its triangles,
 *   gl_PatchVerticesIn (4) as blue, the background around it unchanged.
 * - Control and evaluation shaders on two triangle patches of one draw:
 *   a per-vertex output array indexed by gl_InvocationID, a patch output
 *   from gl_PrimitiveID and gl_PatchVerticesIn, the levels from a uniform
 *   (an outer level of 0 discards the patches), and gl_PrimitiveID and
 *   gl_PatchVerticesIn in the evaluation shader.
 * - glGetProgramiv: GL_TESS_CONTROL_OUTPUT_VERTICES, GL_TESS_GEN_MODE,
 *   _SPACING, _VERTEX_ORDER and _POINT_MODE of four programs, and
 *   GL_INVALID_OPERATION for them on a program without the stage.
 * - Drawing: a mode other than GL_PATCHES with an evaluation shader, and
 *   GL_PATCHES without one (or without a program), are
 *   GL_INVALID_OPERATION.
 * - Isolines from a control shader that makes 2 output vertices of 4 input
 *   ones: lines at v = 0, 1/4, 2/4, 3/4 (none at v = 1) and nothing
 *   between them.
 * - A geometry shader after tessellation receives its triangles and
 *   varyings.
 * - Transform feedback of the evaluation shader's gl_Position: levels 1
 *   make the patch's own triangle (its corners counter-clockwise, from
 *   whichever corner the implementation starts at), counted
 *   by GL_PRIMITIVES_GENERATED and _PRIMITIVES_WRITTEN; point_mode
 *   at levels 2 captures 7 points; GL_LINES capture of triangles is
 *   GL_INVALID_OPERATION.
 * - Compile or link errors: gl_out indexed by other than gl_InvocationID
 *   (a compile error on llvmpipe), an evaluation shader without a vertex
 *   shader, a control shader without layout(vertices), an evaluation
 *   shader without a primitive mode.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -I tests/clients -o tess
 * tests/clients/tess.c -lX11 -lGL -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include "program.h"

#define SIZE 32
#define EXT "#version 150\n#extension GL_ARB_tessellation_shader : require\n"

static const char *vs_src = "#version 150\n"
                            "in vec4 pos;\n"
                            "in float shade;\n"
                            "out float v_shade;\n"
                            "void main() { gl_Position = pos; v_shade = shade; }\n";

static const char *fs_src = "#version 150\n"
                            "in vec4 te_color;\n"
                            "out vec4 o;\n"
                            "void main() { o = te_color; }\n";

/* Alpha less a quarter per gl_PrimitiveID: the patch's number (0) for
 * every triangle the one quad patch tessellates into. */
static const char *quad_fs =
    "#version 150\n"
    "in vec4 te_color;\n"
    "out vec4 o;\n"
    "void main() { o = vec4(te_color.rgb, te_color.a - 0.25 * float(gl_PrimitiveID)); }\n";

/* Quads without a control shader: (u, v) as red and green, the input
 * patch size as blue. */
static const char *quad_tes =
    EXT "layout(quads, fractional_odd_spacing, cw) in;\n"
        "out vec4 te_color;\n"
        "void main() {\n"
        "  vec2 t = gl_TessCoord.xy;\n"
        "  vec4 bottom = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, t.x);\n"
        "  vec4 top = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, t.x);\n"
        "  gl_Position = mix(bottom, top, t.y);\n"
        "  te_color = vec4(t, float(gl_PatchVerticesIn) / 5.0, 1.0);\n"
        "}\n";

/* Triangles: red from the patch output, green the per-vertex shade, blue
 * from gl_PrimitiveID and gl_PatchVerticesIn, alpha the control shader's
 * gl_PatchVerticesIn / 4. */
static const char *tri_tcs =
    EXT "layout(vertices = 3) out;\n"
        "in float v_shade[];\n"
        "out float c[];\n"
        "patch out vec4 pc;\n"
        "uniform float level;\n"
        "void main() {\n"
        "  gl_out[gl_InvocationID].gl_Position =\n"
        "      gl_in[gl_InvocationID].gl_Position;\n"
        "  c[gl_InvocationID] = v_shade[gl_InvocationID];\n"
        "  pc = vec4(0.25 + 0.5 * float(gl_PrimitiveID), 0.0, 0.0,\n"
        "            float(gl_PatchVerticesIn) / 4.0);\n"
        "  gl_TessLevelOuter[0] = level;\n"
        "  gl_TessLevelOuter[1] = level;\n"
        "  gl_TessLevelOuter[2] = level;\n"
        "  gl_TessLevelInner[0] = level;\n"
        "}\n";

static const char *tri_tes =
    EXT "layout(triangles, equal_spacing, ccw) in;\n"
        "in float c[];\n"
        "patch in vec4 pc;\n"
        "out vec4 te_color;\n"
        "void main() {\n"
        "  vec3 t = gl_TessCoord;\n"
        "  gl_Position = t.x * gl_in[0].gl_Position\n"
        "      + t.y * gl_in[1].gl_Position + t.z * gl_in[2].gl_Position;\n"
        "  float s = t.x * c[0] + t.y * c[1] + t.z * c[2];\n"
        "  te_color = vec4(pc.r, s, 0.5 * float(gl_PrimitiveID)\n"
        "                 + 0.1 * float(gl_PatchVerticesIn), pc.a);\n"
        "}\n";

/* The vertices, (x, y, shade): a quad patch over window pixels 8 to 24;
 * two triangle patches, window pixels (2, 4) (14, 4) (2, 28) and 16 to the
 * right, shade 1 at the second corner; an isoline patch whose v = k / 4
 * lines fall on pixel rows 4, 10, 16, 22 (28 for v = 1). */
static const GLfloat verts[] = {
    -0.5f, -0.5f, 0, 0.5f, -0.5f, 0, 0.5f, 0.5f, 0, -0.5f, 0.5f, 0,
    -0.875f, -0.75f, 0, -0.125f, -0.75f, 1, -0.875f, 0.75f, 0,
    0.125f, -0.75f, 0, 0.875f, -0.75f, 1, 0.125f, 0.75f, 0,
    -0.75f, -0.71875f, 0, 0.75f, -0.71875f, 0, 0.75f, 0.78125f, 0, -0.75f, 0.78125f, 0,
};
#define QUAD_FIRST 0
#define TRI_FIRST 4
#define ISO_FIRST 10

/* A program of the shaders given (NULL for none), attribute and fragment
 * output locations bound, not linked; 0 after a FAIL line. */
static GLuint program_of(const char *what, const char *vs, const char *tcs, const char *tes,
                         const char *gs, const char *fs)
{
    const char *const srcs[5] = { vs, tcs, tes, gs, fs };
    GLuint p = program_of_stages(what, srcs);
    if (!p)
        return 0;
    glBindAttribLocation(p, 0, "pos");
    glBindAttribLocation(p, 1, "shade");
    glBindFragDataLocation(p, 0, "o");
    return p;
}

/* program_of, linked; 0 after a FAIL line. */
static GLuint linked(const char *what, const char *vs, const char *tcs, const char *tes,
                     const char *gs, const char *fs)
{
    GLuint p = program_of(what, vs, tcs, tes, gs, fs);
    if (p && !link_program(p, what)) {
        glDeleteProgram(p);
        return 0;
    }
    return p;
}

static void limits(void)
{
    static const struct gl_limit l[] = {
        GL_LIMIT(GL_MAX_PATCH_VERTICES, 32),
        GL_LIMIT(GL_MAX_TESS_GEN_LEVEL, 64),
        GL_LIMIT(GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS, 1024),
        GL_LIMIT(GL_MAX_TESS_EVALUATION_UNIFORM_COMPONENTS, 1024),
        GL_LIMIT(GL_MAX_TESS_CONTROL_TEXTURE_IMAGE_UNITS, 16),
        GL_LIMIT(GL_MAX_TESS_EVALUATION_TEXTURE_IMAGE_UNITS, 16),
        GL_LIMIT(GL_MAX_TESS_CONTROL_OUTPUT_COMPONENTS, 128),
        GL_LIMIT(GL_MAX_TESS_PATCH_COMPONENTS, 120),
        GL_LIMIT(GL_MAX_TESS_CONTROL_TOTAL_OUTPUT_COMPONENTS, 4096),
        GL_LIMIT(GL_MAX_TESS_CONTROL_INPUT_COMPONENTS, 128),
        GL_LIMIT(GL_MAX_TESS_EVALUATION_INPUT_COMPONENTS, 128),
        GL_LIMIT(GL_MAX_TESS_EVALUATION_OUTPUT_COMPONENTS, 128),
        GL_LIMIT(GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS, 12),
        GL_LIMIT(GL_MAX_TESS_EVALUATION_UNIFORM_BLOCKS, 12),
    };
    check_limits(l, sizeof l / sizeof l[0], "the tessellation limits");
}

static void patch_parameters(void)
{
    GLint n = 0, max = 0;
    glGetIntegerv(GL_PATCH_VERTICES, &n);
    CHECK(n == 3, "GL_PATCH_VERTICES is %d by default, expected 3", n);
    glPatchParameteri(GL_PATCH_VERTICES, 4);
    glGetIntegerv(GL_PATCH_VERTICES, &n);
    CHECK(n == 4, "GL_PATCH_VERTICES is %d after setting 4", n);
    glGetIntegerv(GL_MAX_PATCH_VERTICES, &max);
    glPatchParameteri(GL_PATCH_VERTICES, 0);
    expect_error(GL_INVALID_VALUE, "glPatchParameteri(GL_PATCH_VERTICES, 0)");
    glPatchParameteri(GL_PATCH_VERTICES, max + 1);
    expect_error(GL_INVALID_VALUE, "glPatchParameteri(GL_PATCH_VERTICES, max + 1)");
    glGetIntegerv(GL_PATCH_VERTICES, &n);
    CHECK(n == 4, "GL_PATCH_VERTICES is %d after the invalid values, expected 4", n);

    GLfloat outer[4] = { 0 }, inner[2] = { 0 };
    glGetFloatv(GL_PATCH_DEFAULT_OUTER_LEVEL, outer);
    glGetFloatv(GL_PATCH_DEFAULT_INNER_LEVEL, inner);
    CHECK(outer[0] == 1 && outer[1] == 1 && outer[2] == 1 && outer[3] == 1 && inner[0] == 1 &&
              inner[1] == 1,
          "default levels outer %g %g %g %g inner %g %g, expected all 1", outer[0], outer[1],
          outer[2], outer[3], inner[0], inner[1]);
    static const GLfloat set_outer[4] = { 2, 3, 4, 5 }, set_inner[2] = { 6, 7 };
    glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, set_outer);
    glPatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, set_inner);
    glGetFloatv(GL_PATCH_DEFAULT_OUTER_LEVEL, outer);
    glGetFloatv(GL_PATCH_DEFAULT_INNER_LEVEL, inner);
    CHECK(!memcmp(outer, set_outer, sizeof outer) && !memcmp(inner, set_inner, sizeof inner),
          "levels outer %g %g %g %g inner %g %g, expected 2 3 4 5 and 6 7", outer[0], outer[1],
          outer[2], outer[3], inner[0], inner[1]);
    expect_error(GL_NO_ERROR, "the patch parameters");
}

/* The tessellation layout glGetProgramiv reports for `p`. */
static void check_layout(GLuint p, const char *what, GLint out_vertices, GLint mode,
                         GLint spacing, GLint order, GLint point_mode)
{
    GLint v[5] = { -1, -1, -1, -1, -1 };
    if (out_vertices)
        glGetProgramiv(p, GL_TESS_CONTROL_OUTPUT_VERTICES, &v[0]);
    glGetProgramiv(p, GL_TESS_GEN_MODE, &v[1]);
    glGetProgramiv(p, GL_TESS_GEN_SPACING, &v[2]);
    glGetProgramiv(p, GL_TESS_GEN_VERTEX_ORDER, &v[3]);
    glGetProgramiv(p, GL_TESS_GEN_POINT_MODE, &v[4]);
    CHECK((!out_vertices || v[0] == out_vertices) && v[1] == mode && v[2] == spacing &&
              v[3] == order && v[4] == point_mode,
          "%s: output vertices %d mode 0x%x spacing 0x%x order 0x%x point mode %d, expected "
          "%d 0x%x 0x%x 0x%x %d",
          what, v[0], v[1], v[2], v[3], v[4], out_vertices, mode, spacing, order, point_mode);
    expect_error(GL_NO_ERROR, what);
}

static void quad_patch(void)
{
    GLuint p = linked("quad patch", vs_src, NULL, quad_tes, NULL, quad_fs);
    if (!p)
        return;
    check_layout(p, "quad program layout", 0, GL_QUADS, GL_FRACTIONAL_ODD, GL_CW, GL_FALSE);
    GLint v = 12345;
    glGetProgramiv(p, GL_TESS_CONTROL_OUTPUT_VERTICES, &v);
    expect_error(GL_INVALID_OPERATION, "GL_TESS_CONTROL_OUTPUT_VERTICES without a control shader");
    CHECK(v == 12345, "GL_TESS_CONTROL_OUTPUT_VERTICES without a control shader wrote %d", v);

    static const GLfloat outer[4] = { 4, 4, 4, 4 }, inner[2] = { 4, 4 };
    glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, outer);
    glPatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, inner);
    glPatchParameteri(GL_PATCH_VERTICES, 4);
    glUseProgram(p);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_PATCHES, QUAD_FIRST, 4);
    expect_error(GL_NO_ERROR, "drawing the quad patch");
    /* u = (x + 0.5 - 8) / 16, v likewise; blue 4 / 5. */
    CHECK_RGBA(8, 8, 8, 8, 204, 255, 2, "quad patch corner");
    CHECK_RGBA(12, 20, 72, 199, 204, 255, 2, "quad patch");
    CHECK_RGBA(16, 10, 136, 40, 204, 255, 2, "quad patch");
    CHECK_RGBA(23, 23, 247, 247, 204, 255, 2, "quad patch corner");
    CHECK_RGBA(4, 4, 0, 0, 0, 0, 0, "outside the quad patch");
    CHECK_RGBA(28, 16, 0, 0, 0, 0, 0, "outside the quad patch");
    CHECK_RGBA(16, 25, 0, 0, 0, 0, 0, "outside the quad patch");

    glDrawArrays(GL_TRIANGLES, QUAD_FIRST, 3);
    expect_error(GL_INVALID_OPERATION, "GL_TRIANGLES with an evaluation shader");
    glDrawArrays(GL_POINTS, QUAD_FIRST, 3);
    expect_error(GL_INVALID_OPERATION, "GL_POINTS with an evaluation shader");
    glUseProgram(0);
    glDeleteProgram(p);
}

/* Two triangle patches in one draw at tessellation level `level`. */
static void draw_triangles(GLuint p, GLfloat level)
{
    glUseProgram(p);
    glUniform1f(glGetUniformLocation(p, "level"), level);
    glPatchParameteri(GL_PATCH_VERTICES, 3);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_PATCHES, TRI_FIRST, 6);
    expect_error(GL_NO_ERROR, "drawing two triangle patches");
}

static void triangle_patches(void)
{
    GLuint p = linked("triangle patches", vs_src, tri_tcs, tri_tes, NULL, fs_src);
    if (!p)
        return;
    check_layout(p, "triangle program layout", 3, GL_TRIANGLES, GL_EQUAL, GL_CCW, GL_FALSE);
    draw_triangles(p, 4);
    /* Red 0.25 and 0.75 from the patch output; green (x + 0.5 - 2) / 12
     * (x - 16 in the second); blue 0.3 and 0.8; alpha 3 / 4. */
    CHECK_RGBA(5, 8, 64, 74, 77, 191, 2, "triangle patch 0");
    CHECK_RGBA(8, 8, 64, 138, 77, 191, 2, "triangle patch 0");
    CHECK_RGBA(3, 20, 64, 32, 77, 191, 2, "triangle patch 0");
    CHECK_RGBA(21, 8, 191, 74, 204, 191, 2, "triangle patch 1");
    CHECK_RGBA(24, 8, 191, 138, 204, 191, 2, "triangle patch 1");
    CHECK_RGBA(19, 20, 191, 32, 204, 191, 2, "triangle patch 1");
    CHECK_RGBA(12, 20, 0, 0, 0, 0, 0, "beside triangle patch 0");
    CHECK_RGBA(16, 8, 0, 0, 0, 0, 0, "between the triangle patches");
    CHECK_RGBA(8, 30, 0, 0, 0, 0, 0, "above the triangle patches");

    /* An outer level of 0 discards the patch. */
    draw_triangles(p, 0);
    CHECK_RGBA(8, 8, 0, 0, 0, 0, 0, "a patch with level 0");
    CHECK_RGBA(24, 8, 0, 0, 0, 0, 0, "a patch with level 0");

    glDrawArrays(GL_TRIANGLES, TRI_FIRST, 3);
    expect_error(GL_INVALID_OPERATION, "GL_TRIANGLES with control and evaluation shaders");

    /* A geometry shader after the tessellation: blue and red swapped. */
    static const char *gs = "#version 150\n"
                            "layout(triangles) in;\n"
                            "layout(triangle_strip, max_vertices = 3) out;\n"
                            "in vec4 te_color[];\n"
                            "out vec4 g_color;\n"
                            "void main() {\n"
                            "  for (int i = 0; i < 3; i++) {\n"
                            "    gl_Position = gl_in[i].gl_Position;\n"
                            "    g_color = te_color[i].bgra;\n"
                            "    EmitVertex();\n"
                            "  }\n"
                            "}\n";
    static const char *gs_fs = "#version 150\n"
                               "in vec4 g_color;\n"
                               "out vec4 o;\n"
                               "void main() { o = g_color; }\n";
    GLuint pg = linked("geometry after tessellation", vs_src, tri_tcs, tri_tes, gs, gs_fs);
    if (pg) {
        draw_triangles(pg, 2);
        CHECK_RGBA(5, 8, 77, 74, 64, 191, 2, "geometry shader after tessellation, patch 0");
        CHECK_RGBA(24, 8, 204, 138, 191, 191, 2, "geometry shader after tessellation, patch 1");
        CHECK_RGBA(16, 8, 0, 0, 0, 0, 0, "geometry shader after tessellation, background");
        glDeleteProgram(pg);
    }

    /* Captured at levels 1: the patch's own triangle. */
    const char *varyings[] = { "gl_Position" };
    glTransformFeedbackVaryings(p, 1, varyings, GL_INTERLEAVED_ATTRIBS);
    if (link_program(p, "captured triangle patch")) {
        glUseProgram(p);
        glUniform1f(glGetUniformLocation(p, "level"), 1);
        GLuint b = xfb_buffer_of(16, -9), q[2];
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
        glGenQueries(2, q);
        glEnable(GL_RASTERIZER_DISCARD);
        glBeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
        glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
        glBeginTransformFeedback(GL_LINES);
        glDrawArrays(GL_PATCHES, TRI_FIRST, 3);
        expect_error(GL_INVALID_OPERATION, "capturing tessellated triangles as lines");
        glEndTransformFeedback();
        glBeginTransformFeedback(GL_TRIANGLES);
        glDrawArrays(GL_PATCHES, TRI_FIRST, 3);
        expect_error(GL_NO_ERROR, "capturing a tessellated triangle");
        glEndTransformFeedback();
        glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
        glEndQuery(GL_PRIMITIVES_GENERATED);
        glDisable(GL_RASTERIZER_DISCARD);
        GLuint generated = 0, written = 0;
        glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &generated);
        glGetQueryObjectuiv(q[1], GL_QUERY_RESULT, &written);
        CHECK(generated == 1 && written == 1, "tessellated triangles generated %u, written %u",
              generated, written);
        GLfloat got[16];
        glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof got, got);
        /* Each captured vertex is one corner of patch 0, each corner once. */
        int seen = 0;
        for (int v = 0; v < 3; v++) {
            for (int k = 0; k < 3; k++) {
                const GLfloat *c = &verts[(TRI_FIRST + k) * 3];
                if (got[4 * v] == c[0] && got[4 * v + 1] == c[1] && got[4 * v + 2] == 0 &&
                    got[4 * v + 3] == 1)
                    seen |= 1 << (4 * v + k);
            }
        }
        float area = (got[4] - got[0]) * (got[9] - got[1]) - (got[8] - got[0]) * (got[5] - got[1]);
        /* The corners in some rotation of the patch's counter-clockwise
         * order (which corner comes first is the implementation's:
         * llvmpipe starts at corner 1, oxgl at corner 0). */
        int rotation = 0;
        for (int r = 0; r < 3; r++) {
            if (seen == (1 << r | 1 << (4 + (r + 1) % 3) | 1 << (8 + (r + 2) % 3)))
                rotation = 1;
        }
        CHECK(rotation && area > 0 && got[12] == -9,
              "captured (%g %g %g %g) (%g %g %g %g) (%g %g %g %g), then %g; expected the "
              "corners of patch 0 counter-clockwise",
              got[0], got[1], got[2], got[3], got[4], got[5], got[6], got[7], got[8], got[9],
              got[10], got[11], got[12]);
        glDeleteQueries(2, q);
        glDeleteBuffers(1, &b);
    }
    glUseProgram(0);
    glDeleteProgram(p);
}

static void isolines(void)
{
    /* Two output vertices, the patch's lower left and upper right input
     * corners; 4 lines of 8 segments. */
    static const char *tcs =
        EXT "layout(vertices = 2) out;\n"
            "patch out float in_size;\n"
            "void main() {\n"
            "  gl_out[gl_InvocationID].gl_Position = gl_in[2 * gl_InvocationID].gl_Position;\n"
            "  in_size = float(gl_PatchVerticesIn);\n"
            "  gl_TessLevelOuter[0] = 4.0;\n"
            "  gl_TessLevelOuter[1] = 8.0;\n"
            "}\n";
    static const char *tes =
        EXT "layout(isolines) in;\n"
            "patch in float in_size;\n"
            "out vec4 te_color;\n"
            "void main() {\n"
            "  vec4 a = gl_in[0].gl_Position, b = gl_in[1].gl_Position;\n"
            "  gl_Position = vec4(mix(a.xy, b.xy, gl_TessCoord.xy), 0.0, 1.0);\n"
            "  te_color = vec4(in_size / 8.0, gl_TessCoord.y,\n"
            "                  float(gl_PatchVerticesIn) / 8.0, 1.0);\n"
            "}\n";
    GLuint p = linked("isolines", vs_src, tcs, tes, NULL, fs_src);
    if (!p)
        return;
    check_layout(p, "isolines program layout", 2, GL_ISOLINES, GL_EQUAL, GL_CCW, GL_FALSE);
    glUseProgram(p);
    glPatchParameteri(GL_PATCH_VERTICES, 4);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_PATCHES, ISO_FIRST, 4);
    expect_error(GL_NO_ERROR, "drawing isolines");
    /* Red 4 / 8 and blue 2 / 8 from the two gl_PatchVerticesIn. */
    CHECK_RGBA(16, 4, 128, 0, 64, 255, 2, "isoline v = 0");
    CHECK_RGBA(7, 10, 128, 64, 64, 255, 2, "isoline v = 1/4");
    CHECK_RGBA(16, 16, 128, 128, 64, 255, 2, "isoline v = 2/4");
    CHECK_RGBA(25, 22, 128, 191, 64, 255, 2, "isoline v = 3/4");
    CHECK_RGBA(16, 28, 0, 0, 0, 0, 0, "no isoline at v = 1");
    CHECK_RGBA(16, 13, 0, 0, 0, 0, 0, "between isolines");
    CHECK_RGBA(16, 7, 0, 0, 0, 0, 0, "between isolines");
    CHECK_RGBA(2, 10, 0, 0, 0, 0, 0, "left of the isolines");
    glUseProgram(0);
    glDeleteProgram(p);
}

static void point_mode(void)
{
    /* Default levels of 2 and point_mode: the corners, the edges'
     * midpoints and the centre as seven points. */
    static const char *tes =
        EXT "layout(triangles, point_mode, fractional_even_spacing) in;\n"
            "out vec4 te_color;\n"
            "void main() {\n"
            "  gl_Position = gl_TessCoord.x * gl_in[0].gl_Position\n"
            "      + gl_TessCoord.y * gl_in[1].gl_Position\n"
            "      + gl_TessCoord.z * gl_in[2].gl_Position;\n"
            "  te_color = vec4(1.0);\n"
            "}\n";
    GLuint p = program_of("point mode", vs_src, NULL, tes, NULL, fs_src);
    if (!p)
        return;
    const char *varyings[] = { "gl_Position" };
    glTransformFeedbackVaryings(p, 1, varyings, GL_INTERLEAVED_ATTRIBS);
    if (!link_program(p, "point mode")) {
        glDeleteProgram(p);
        return;
    }
    check_layout(p, "point mode program layout", 0, GL_TRIANGLES, GL_FRACTIONAL_EVEN, GL_CCW,
                 GL_TRUE);
    static const GLfloat twos[4] = { 2, 2, 2, 2 };
    glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, twos);
    glPatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, twos);
    glPatchParameteri(GL_PATCH_VERTICES, 3);
    glUseProgram(p);
    GLuint b = xfb_buffer_of(64, -9), q;
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
    glGenQueries(1, &q);
    glEnable(GL_RASTERIZER_DISCARD);
    glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q);
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_PATCHES, TRI_FIRST, 3);
    expect_error(GL_NO_ERROR, "capturing point mode");
    glEndTransformFeedback();
    glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
    glDisable(GL_RASTERIZER_DISCARD);
    GLuint written = 0;
    glGetQueryObjectuiv(q, GL_QUERY_RESULT, &written);
    CHECK(written == 7, "point mode: %u points written, expected 7", written);
    glDeleteQueries(1, &q);
    glDeleteBuffers(1, &b);
    glUseProgram(0);
    glDeleteProgram(p);
}

static void no_tessellation(void)
{
    static const char *fs = "#version 150\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
    GLuint p = linked("no tessellation", vs_src, NULL, NULL, NULL, fs);
    if (!p)
        return;
    static const GLenum pnames[] = { GL_TESS_CONTROL_OUTPUT_VERTICES, GL_TESS_GEN_MODE,
                                     GL_TESS_GEN_SPACING, GL_TESS_GEN_VERTEX_ORDER,
                                     GL_TESS_GEN_POINT_MODE };
    for (unsigned i = 0; i < sizeof pnames / sizeof pnames[0]; i++) {
        GLint v = 12345;
        glGetProgramiv(p, pnames[i], &v);
        GLenum e = glGetError();
        CHECK(e == GL_INVALID_OPERATION && v == 12345,
              "glGetProgramiv(0x%x) without tessellation: error 0x%x, value %d; expected "
              "GL_INVALID_OPERATION and nothing written",
              pnames[i], e, v);
    }
    glUseProgram(p);
    glPatchParameteri(GL_PATCH_VERTICES, 3);
    glDrawArrays(GL_PATCHES, TRI_FIRST, 3);
    expect_error(GL_INVALID_OPERATION, "GL_PATCHES without an evaluation shader");
    glUseProgram(0);
    glDrawArrays(GL_PATCHES, TRI_FIRST, 3);
    expect_error(GL_INVALID_OPERATION, "GL_PATCHES without a program");
    glDeleteProgram(p);
}

/* Whether the shaders given (NULL for none) compile and link; else their
 * first compile log or the link log in `log`. */
static int builds(const char *vs, const char *tcs, const char *tes, char *log, int len)
{
    const GLenum kinds[3] = { GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER,
                              GL_TESS_EVALUATION_SHADER };
    const char *srcs[3] = { vs, tcs, tes };
    GLuint p = glCreateProgram();
    GLint ok = 1;
    log[0] = '\0';
    for (int i = 0; i < 3 && ok; i++) {
        if (!srcs[i])
            continue;
        GLuint s = glCreateShader(kinds[i]);
        glShaderSource(s, 1, &srcs[i], NULL);
        glCompileShader(s);
        glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
        if (!ok)
            glGetShaderInfoLog(s, len, NULL, log);
        glAttachShader(p, s);
        glDeleteShader(s);
    }
    if (ok) {
        glLinkProgram(p);
        glGetProgramiv(p, GL_LINK_STATUS, &ok);
        if (!ok)
            glGetProgramInfoLog(p, len, NULL, log);
    }
    glDeleteProgram(p);
    return ok;
}

static void build_errors(void)
{
    char log[1024];
    static const char *bad_index =
        EXT "layout(vertices = 3) out;\n"
            "void main() {\n"
            "  gl_out[0].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
            "  gl_TessLevelOuter[0] = 1.0;\n"
            "}\n";
    CHECK(!builds(vs_src, bad_index, tri_tes, log, sizeof log),
          "a control shader writing gl_out[0] builds");
    CHECK(!builds(NULL, NULL, quad_tes, log, sizeof log),
          "an evaluation shader without a vertex shader links");
    static const char *no_vertices =
        EXT "in float v_shade[];\n"
            "out float c[];\n"
            "patch out vec4 pc;\n"
            "void main() {\n"
            "  gl_out[gl_InvocationID].gl_Position = gl_in[0].gl_Position;\n"
            "  c[gl_InvocationID] = 0.0;\n"
            "  pc = vec4(1.0);\n"
            "}\n";
    CHECK(!builds(vs_src, no_vertices, tri_tes, log, sizeof log),
          "a control shader without layout(vertices) links");
    static const char *no_mode = EXT "void main() { gl_Position = gl_in[0].gl_Position; }\n";
    CHECK(!builds(vs_src, NULL, no_mode, log, sizeof log),
          "an evaluation shader without a primitive mode links");
    CHECK(builds(vs_src, tri_tcs, tri_tes, log, sizeof log),
          "the triangle shaders do not build here: %s", log);
    expect_error(GL_NO_ERROR, "the build errors");
}

int main(void)
{
    struct test_window t = open_rgba8_window(SIZE);
    if (!has_extension("GL_ARB_tessellation_shader")) {
        CHECK(0, "GL_ARB_tessellation_shader is not advertised");
        return close_test_window(&t);
    }
    limits();
    patch_parameters();

    GLuint vbo, vao = vertex_array_of(verts, sizeof verts, 2, &vbo);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 3 * sizeof(GLfloat), NULL);
    glVertexAttribPointer(1, 1, GL_FLOAT, GL_FALSE, 3 * sizeof(GLfloat),
                          (void *)(2 * sizeof(GLfloat)));
    glEnableVertexAttribArray(1);
    glViewport(0, 0, SIZE, SIZE);
    glClearColor(0, 0, 0, 0);

    quad_patch();
    triangle_patches();
    isolines();
    point_mode();
    no_tessellation();
    build_errors();

    glDeleteBuffers(1, &vbo);
    glDeleteVertexArrays(1, &vao);
    return close_test_window(&t);
}
