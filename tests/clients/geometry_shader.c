/*
 * geometry_shader.c: GL 3.2 geometry shaders in a 3.2 core-profile context.
 * - The GL_MAX_GEOMETRY_* limits are at least what this test uses.
 * - A program of a vertex, a geometry and a fragment shader turns each of
 *   four points into a quad: the colour comes from a vertex attribute
 *   passed through both stages, times a texel the geometry shader fetches,
 *   with blue from gl_PrimitiveIDIn; the size is a geometry-stage uniform.
 *   Each quad's centre and the background between them read back.
 * - glGetProgramiv reports GL_GEOMETRY_VERTICES_OUT, _INPUT_TYPE and
 *   _OUTPUT_TYPE, and INVALID_OPERATION for a program without a geometry
 *   shader.
 * - Drawing a mode the geometry shader does not take is
 *   GL_INVALID_OPERATION.
 * - The fragment shader's gl_PrimitiveID is the geometry shader's
 *   gl_PrimitiveID output when one writes it.
 * - Without a geometry shader, gl_PrimitiveID in the fragment shader
 *   counts the draw's triangles (arrays and indices).
 * - Lines with adjacency reach the geometry shader as four vertices.
 * - Interface blocks carry the varyings from stage to stage (an arrayed
 *   input instance in the geometry shader, an unnamed block in the
 *   fragment shader).
 * - Transform feedback records the geometry shader's triangles (its
 *   triangle strips as triangles), and the primitive queries count them;
 *   a transform feedback mode other than the geometry output is
 *   GL_INVALID_OPERATION.
 * - Link errors: a geometry shader without a vertex shader, and one
 *   without max_vertices.
 * On oxgl it runs under MESA_GL_VERSION_OVERRIDE=3.2 until core contexts
 * are reported by default (the Rust test sets it).
 * Passes on Mesa llvmpipe (cc -O1 -Wall -Itests/clients
 * tests/clients/geometry_shader.c -o geometry_shader -lGL -lX11 -lm).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include <GL/glx.h>
#include <GL/glxext.h>
#include "common.h"
#include "program.h"
#include <GL/glext.h>
#include <math.h>
#include <string.h>

#define SIZE 32

static const char *vs_src = "#version 150\n"
                            "in vec2 pos;\n"
                            "in vec2 color;\n"
                            "out vec2 v_color;\n"
                            "void main() { gl_Position = vec4(pos, 0.0, 1.0); v_color = color; }\n";

static const char *quads_gs = "#version 150\n"
                              "layout(points) in;\n"
                              "layout(triangle_strip, max_vertices = 4) out;\n"
                              "in vec2 v_color[];\n"
                              "out vec4 g_color;\n"
                              "uniform float half_size;\n"
                              "uniform sampler2D tex;\n"
                              "void main() {\n"
                              "  vec4 c = vec4(v_color[0], 0.0, 1.0) * texelFetch(tex, ivec2(0), 0);\n"
                              "  c.b = float(gl_PrimitiveIDIn) / 4.0;\n"
                              "  for (int i = 0; i < 4; i++) {\n"
                              "    vec2 corner = vec2(i & 1, i >> 1) * 2.0 - 1.0;\n"
                              "    gl_Position = gl_in[0].gl_Position\n"
                              "        + vec4(corner * half_size, 0.0, 0.0);\n"
                              "    g_color = c;\n"
                              "    EmitVertex();\n"
                              "  }\n"
                              "  EndPrimitive();\n"
                              "}\n";

static const char *fs_src = "#version 150\n"
                            "in vec4 g_color;\n"
                            "out vec4 o;\n"
                            "void main() { o = g_color; }\n";

static GLuint program_of(const char *what, const char *vs, const char *gs, const char *fs)
{
    const char *const srcs[5] = { vs, NULL, NULL, gs, fs };
    GLuint p = program_of_stages(what, srcs);
    if (!p)
        return 0;
    glBindAttribLocation(p, 0, "pos");
    glBindAttribLocation(p, 1, "color");
    glBindFragDataLocation(p, 0, "o");
    return p;
}

static void limits(void)
{
    static const struct gl_limit l[] = {
        GL_LIMIT(GL_MAX_GEOMETRY_OUTPUT_VERTICES, 256),
        GL_LIMIT(GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, 1024),
        GL_LIMIT(GL_MAX_GEOMETRY_UNIFORM_COMPONENTS, 1024),
        GL_LIMIT(GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS, 16),
        GL_LIMIT(GL_MAX_GEOMETRY_UNIFORM_BLOCKS, 12),
        GL_LIMIT(GL_MAX_GEOMETRY_INPUT_COMPONENTS, 64),
        GL_LIMIT(GL_MAX_GEOMETRY_OUTPUT_COMPONENTS, 128),
        GL_LIMIT(GL_MAX_VERTEX_OUTPUT_COMPONENTS, 64),
        GL_LIMIT(GL_MAX_FRAGMENT_INPUT_COMPONENTS, 128),
    };
    check_limits(l, sizeof l / sizeof l[0], "the geometry limits");
}

static void probe(int x, int y, int r, int g, int b, const char *what)
{
    GLubyte px[4] = { 0 };
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(abs(px[0] - r) <= 2 && abs(px[1] - g) <= 2 && abs(px[2] - b) <= 2,
          "%s: pixel (%d, %d) is %d %d %d, expected %d %d %d", what, x, y, px[0], px[1], px[2],
          r, g, b);
}

static void quads(void)
{
    GLuint p = program_of("points to quads", vs_src, quads_gs, fs_src);
    if (!p || !link_program(p, "points to quads"))
        return;
    GLint v = 0;
    glGetProgramiv(p, GL_GEOMETRY_VERTICES_OUT, &v);
    CHECK(v == 4, "GL_GEOMETRY_VERTICES_OUT %d", v);
    glGetProgramiv(p, GL_GEOMETRY_INPUT_TYPE, &v);
    CHECK(v == GL_POINTS, "GL_GEOMETRY_INPUT_TYPE 0x%x", v);
    glGetProgramiv(p, GL_GEOMETRY_OUTPUT_TYPE, &v);
    CHECK(v == GL_TRIANGLE_STRIP, "GL_GEOMETRY_OUTPUT_TYPE 0x%x", v);
    expect_error(GL_NO_ERROR, "the geometry program queries");

    /* A 1x1 texture: green is halved. */
    static const GLubyte texel[4] = { 255, 128, 255, 255 };
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);

    glUseProgram(p);
    glUniform1f(glGetUniformLocation(p, "half_size"), 0.25f);
    glUniform1i(glGetUniformLocation(p, "tex"), 0);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_POINTS, 0, 4);
    expect_error(GL_NO_ERROR, "drawing points through the geometry shader");
    /* Point i at the centre of its window quarter; red and green from its
     * colour (green through the texel), blue i / 4. */
    probe(8, 8, 255, 0, 0, "quad 0");
    probe(24, 8, 0, 128, 64, "quad 1");
    probe(8, 24, 255, 128, 128, "quad 2");
    probe(24, 24, 0, 0, 191, "quad 3");
    probe(16, 16, 0, 0, 0, "between the quads");
    probe(2, 2, 0, 0, 0, "outside quad 0");

    glDrawArrays(GL_TRIANGLES, 0, 3);
    expect_error(GL_INVALID_OPERATION, "GL_TRIANGLES into a points geometry shader");
    glDrawArrays(GL_LINES, 0, 2);
    expect_error(GL_INVALID_OPERATION, "GL_LINES into a points geometry shader");

    /* Transform feedback records the strips as triangles. */
    const char *varyings[] = { "gl_Position" };
    glTransformFeedbackVaryings(p, 1, varyings, GL_INTERLEAVED_ATTRIBS);
    if (link_program(p, "captured quads")) {
        glUseProgram(p);
        glUniform1f(glGetUniformLocation(p, "half_size"), 0.25f);
        GLuint xfb, q[2];
        glGenBuffers(1, &xfb);
        glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, xfb);
        glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 16 * 4 * sizeof(GLfloat), NULL, GL_STREAM_READ);
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, xfb);
        glGenQueries(2, q);
        glEnable(GL_RASTERIZER_DISCARD);
        glBeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
        glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
        glBeginTransformFeedback(GL_POINTS);
        glDrawArrays(GL_POINTS, 0, 2);
        expect_error(GL_INVALID_OPERATION, "capturing triangles as points");
        glEndTransformFeedback();
        glBeginTransformFeedback(GL_TRIANGLES);
        glDrawArrays(GL_POINTS, 0, 2);
        expect_error(GL_NO_ERROR, "capturing the geometry shader's triangles");
        glEndTransformFeedback();
        glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
        glEndQuery(GL_PRIMITIVES_GENERATED);
        glDisable(GL_RASTERIZER_DISCARD);
        GLuint generated = 0, written = 0;
        glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &generated);
        glGetQueryObjectuiv(q[1], GL_QUERY_RESULT, &written);
        CHECK(generated == 4 && written == 4, "primitives generated %u, written %u", generated,
              written);
        GLfloat got[12];
        glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof got, got);
        /* The first triangle: corners (-1,-1), (1,-1), (-1,1) of point 0's
         * quad (centre (-0.5,-0.5), half size 0.25). */
        static const GLfloat want[12] = { -0.75f, -0.75f, 0, 1, -0.25f, -0.75f, 0, 1,
                                          -0.75f, -0.25f, 0, 1 };
        int same = 1;
        for (int i = 0; i < 12; i++)
            same &= fabsf(got[i] - want[i]) < 1e-5f;
        CHECK(same, "captured triangle (%g %g) (%g %g) (%g %g)", got[0], got[1], got[4], got[5],
              got[8], got[9]);
        expect_error(GL_NO_ERROR, "reading the captured triangles");
        glDeleteQueries(2, q);
        glDeleteBuffers(1, &xfb);
    }
    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteTextures(1, &tex);

    /* A program without a geometry shader has no geometry layout. */
    GLuint plain = program_of("no geometry shader", vs_src, NULL,
                              "#version 150\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n");
    if (plain && link_program(plain, "no geometry shader")) {
        glGetProgramiv(plain, GL_GEOMETRY_INPUT_TYPE, &v);
        expect_error(GL_INVALID_OPERATION, "GL_GEOMETRY_INPUT_TYPE without a geometry shader");
    }
    glDeleteProgram(plain);
}

static void adjacency(void)
{
    /* The four vertices of a line with adjacency become one quad. */
    static const char *gs = "#version 150\n"
                            "layout(lines_adjacency) in;\n"
                            "layout(triangle_strip, max_vertices = 4) out;\n"
                            "out vec4 g_color;\n"
                            "void main() {\n"
                            "  for (int i = 0; i < 4; i++) {\n"
                            "    gl_Position = gl_in[i].gl_Position;\n"
                            "    g_color = vec4(0.0, 1.0, 1.0, 1.0);\n"
                            "    EmitVertex();\n"
                            "  }\n"
                            "}\n";
    GLuint p = program_of("lines with adjacency", vs_src, gs, fs_src);
    if (!p || !link_program(p, "lines with adjacency"))
        return;
    static const GLfloat corners[] = { -0.75f, -0.75f, 0, 0, -0.25f, -0.75f, 0, 0,
                                       -0.75f, -0.25f, 0, 0, -0.25f, -0.25f, 0, 0 };
    GLuint vbo;
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof corners, corners, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(GLfloat), NULL);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(GLfloat),
                          (void *)(2 * sizeof(GLfloat)));
    glUseProgram(p);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_LINES_ADJACENCY, 0, 4);
    expect_error(GL_NO_ERROR, "drawing lines with adjacency");
    probe(8, 8, 0, 255, 255, "the adjacency quad");
    probe(16, 16, 0, 0, 0, "outside the adjacency quad");
    glDrawArrays(GL_LINES, 0, 4);
    expect_error(GL_INVALID_OPERATION, "GL_LINES into a lines_adjacency geometry shader");
    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteBuffers(1, &vbo);
}

static void blocks(void)
{
    /* Interface blocks between the stages: matched by block name, the
     * instance names differ, the fragment stage's block has none. */
    static const char *vs = "#version 150\n"
                            "in vec2 pos;\n"
                            "in vec2 color;\n"
                            "out Vertex { vec2 color; float size; } vs_out;\n"
                            "void main() {\n"
                            "  gl_Position = vec4(pos, 0.0, 1.0);\n"
                            "  vs_out.color = color;\n"
                            "  vs_out.size = 0.25;\n"
                            "}\n";
    static const char *gs = "#version 150\n"
                            "layout(points) in;\n"
                            "layout(triangle_strip, max_vertices = 4) out;\n"
                            "in Vertex { vec2 color; float size; } gs_in[];\n"
                            "out Fragment { vec4 color; } gs_out;\n"
                            "void main() {\n"
                            "  for (int i = 0; i < 4; i++) {\n"
                            "    vec2 corner = vec2(i & 1, i >> 1) * 2.0 - 1.0;\n"
                            "    gl_Position = gl_in[0].gl_Position\n"
                            "        + vec4(corner * gs_in[0].size, 0.0, 0.0);\n"
                            "    gs_out.color = vec4(gs_in[0].color, 1.0, 1.0);\n"
                            "    EmitVertex();\n"
                            "  }\n"
                            "}\n";
    static const char *fs = "#version 150\n"
                            "in Fragment { vec4 color; };\n"
                            "out vec4 o;\n"
                            "void main() { o = color; }\n";
    GLuint p = program_of("interface blocks", vs, gs, fs);
    if (!p || !link_program(p, "interface blocks"))
        return;
    glUseProgram(p);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_POINTS, 0, 4);
    expect_error(GL_NO_ERROR, "drawing through interface blocks");
    probe(8, 8, 255, 0, 255, "block quad 0");
    probe(24, 24, 0, 0, 255, "block quad 3");
    probe(16, 16, 0, 0, 0, "between the block quads");
    glUseProgram(0);
    glDeleteProgram(p);
}

static void primitive_ids(void)
{
    /* Without a geometry shader, gl_PrimitiveID counts the draw's
     * primitives: four triangles, one per window quarter, each coloured by
     * its number, drawn from arrays and from indices. */
    static const char *fs = "#version 150\n"
                            "out vec4 o;\n"
                            "void main() { o = vec4(float(gl_PrimitiveID) / 4.0, 0.0, 1.0, 1.0); }\n";
    GLuint p = program_of("gl_PrimitiveID", vs_src, NULL, fs);
    if (!p || !link_program(p, "gl_PrimitiveID"))
        return;
    GLfloat v[4 * 3 * 4];
    GLushort idx[12];
    for (int q = 0; q < 4; q++) {
        float cx = q & 1 ? 0.5f : -0.5f, cy = q & 2 ? 0.5f : -0.5f;
        const float corner[3][2] = { { -0.4f, -0.4f }, { 0.4f, -0.4f }, { -0.4f, 0.4f } };
        for (int k = 0; k < 3; k++) {
            GLfloat *o = &v[(q * 3 + k) * 4];
            o[0] = cx + corner[k][0];
            o[1] = cy + corner[k][1];
            o[2] = o[3] = 0;
            idx[q * 3 + k] = q * 3 + k;
        }
    }
    GLuint buf[2];
    glGenBuffers(2, buf);
    glBindBuffer(GL_ARRAY_BUFFER, buf[0]);
    glBufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STATIC_DRAW);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[1]);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(GLfloat), NULL);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(GLfloat),
                          (void *)(2 * sizeof(GLfloat)));
    glUseProgram(p);
    for (int indexed = 0; indexed < 2; indexed++) {
        glClear(GL_COLOR_BUFFER_BIT);
        if (indexed)
            glDrawElements(GL_TRIANGLES, 12, GL_UNSIGNED_SHORT, NULL);
        else
            glDrawArrays(GL_TRIANGLES, 0, 12);
        expect_error(GL_NO_ERROR, "drawing with gl_PrimitiveID");
        const char *what = indexed ? "gl_PrimitiveID, indexed" : "gl_PrimitiveID, arrays";
        probe(6, 6, 0, 0, 255, what);
        probe(22, 6, 64, 0, 255, what);
        probe(6, 22, 128, 0, 255, what);
        probe(22, 22, 191, 0, 255, what);
    }
    glUseProgram(0);
    glDeleteProgram(p);

    /* A geometry shader's gl_PrimitiveID output is what the fragment
     * shader reads: here the input primitive's number backwards. */
    static const char *gs = "#version 150\n"
                            "layout(triangles) in;\n"
                            "layout(triangle_strip, max_vertices = 3) out;\n"
                            "void main() {\n"
                            "  for (int i = 0; i < 3; i++) {\n"
                            "    gl_Position = gl_in[i].gl_Position;\n"
                            "    gl_PrimitiveID = 3 - gl_PrimitiveIDIn;\n"
                            "    EmitVertex();\n"
                            "  }\n"
                            "}\n";
    GLuint pg = program_of("gl_PrimitiveID from a geometry shader", vs_src, gs, fs);
    if (pg && link_program(pg, "gl_PrimitiveID from a geometry shader")) {
        glUseProgram(pg);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_TRIANGLES, 0, 12);
        expect_error(GL_NO_ERROR, "drawing with the geometry shader's gl_PrimitiveID");
        const char *what = "gl_PrimitiveID from a geometry shader";
        probe(6, 6, 191, 0, 255, what);
        probe(22, 6, 128, 0, 255, what);
        probe(6, 22, 64, 0, 255, what);
        probe(22, 22, 0, 0, 255, what);
        glUseProgram(0);
        glDeleteProgram(pg);
    }
    glDeleteBuffers(2, buf);
}

static void link_errors(void)
{
    GLuint p = program_of("geometry alone", NULL, quads_gs, fs_src);
    glLinkProgram(p);
    GLint ok = 1;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    CHECK(!ok, "a geometry shader without a vertex shader links");
    glDeleteProgram(p);

    static const char *no_max = "#version 150\n"
                                "layout(points) in;\n"
                                "layout(points) out;\n"
                                "void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n";
    p = program_of("no max_vertices", vs_src, no_max, fs_src);
    glLinkProgram(p);
    ok = 1;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    char log[1024] = "";
    glGetProgramInfoLog(p, sizeof log, NULL, log);
    CHECK(!ok && strstr(log, "max_vertices"), "no max_vertices: link status %d, log: %s", ok,
          log);
    glDeleteProgram(p);
    expect_error(GL_NO_ERROR, "the link errors");
}

static void checks(void)
{
    limits();
    /* Four points, one per window quarter, with a colour each. */
    static const GLfloat points[] = { -0.5f, -0.5f, 1, 0, 0.5f, -0.5f, 0, 1,
                                      -0.5f, 0.5f,  1, 1, 0.5f, 0.5f,  0, 0 };
    GLuint vao, vbo;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof points, points, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(GLfloat), NULL);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(GLfloat),
                          (void *)(2 * sizeof(GLfloat)));
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glViewport(0, 0, SIZE, SIZE);
    quads();
    /* Before adjacency(), which points the arrays elsewhere. */
    blocks();
    primitive_ids();
    adjacency();
    link_errors();
    glDeleteBuffers(1, &vbo);
    glDeleteVertexArrays(1, &vao);
}

int main(void)
{
    struct test_window t = open_core_window(SIZE, 3, 2);
    checks();
    return close_test_window(&t);
}
