/*
 * glsl_program.c: GLSL 1.10 shader and program objects (GL 2.0): compile
 * status and located info logs, link status and link errors, attribute
 * bindings and queries, uniforms of every basic type (set, read back, type
 * errors), varyings, samplers, compatibility built-ins (gl_Vertex,
 * gl_Color, ftransform, gl_ModelViewProjectionMatrix, gl_LightSource),
 * vertex-only and fragment-only programs with fixed function for the
 * other stage, object deletion rules. Pixels are read back. Prints FAIL
 * lines and PASS when all hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>
#include <math.h>
#include <string.h>

static GLuint shader(GLenum kind, const char *src)
{
    GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    return s;
}

static GLuint program(const char *vs, const char *fs)
{
    GLuint p = glCreateProgram();
    if (vs)
        glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
    if (fs)
        glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[1000];
        glGetProgramInfoLog(p, sizeof log, NULL, log);
        CHECK(0, "link failed: %s", log);
    }
    return p;
}

static void probe(int x, int y, float r, float g, float b, const char *what)
{
    float px[4];
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_FLOAT, px);
    CHECK(fabsf(px[0] - r) < 0.02f && fabsf(px[1] - g) < 0.02f && fabsf(px[2] - b) < 0.02f,
          "%s: pixel (%d,%d) = %.3f %.3f %.3f, expected %.3f %.3f %.3f", what, x, y, px[0],
          px[1], px[2], r, g, b);
}

static void full_quad(void)
{
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEnd();
}

static const char *pass_vs = "void main() { gl_Position = gl_Vertex; }\n";

int main(void)
{
    struct test_window t = open_test_window();
    glViewport(0, 0, 32, 32);
    char log[2000];
    GLint v;

    /* Compile errors: status false, a located message. */
    GLuint bad = shader(GL_FRAGMENT_SHADER, "void main() {\n  gl_FragColor = vec3(1.0);\n}\n");
    glGetShaderiv(bad, GL_COMPILE_STATUS, &v);
    CHECK(v == GL_FALSE, "bad shader compiled");
    glGetShaderInfoLog(bad, sizeof log, NULL, log);
    CHECK(strstr(log, "0:2(") != NULL && strstr(log, "error") != NULL, "info log: '%s'", log);
    glGetShaderiv(bad, GL_INFO_LOG_LENGTH, &v);
    CHECK(v == (GLint)strlen(log) + 1, "INFO_LOG_LENGTH %d for %zu", v, strlen(log));
    glGetShaderiv(bad, GL_SHADER_TYPE, &v);
    CHECK(v == GL_FRAGMENT_SHADER, "SHADER_TYPE 0x%x", v);
    GLuint p = glCreateProgram();
    glAttachShader(p, bad);
    glLinkProgram(p);
    glGetProgramiv(p, GL_LINK_STATUS, &v);
    CHECK(v == GL_FALSE, "linked with a bad shader");
    glUseProgram(p);
    expect_error(GL_INVALID_OPERATION, "glUseProgram(unlinked)");
    glAttachShader(p, bad);
    expect_error(GL_INVALID_OPERATION, "attach twice");
    glAttachShader(p, p);
    expect_error(GL_INVALID_OPERATION, "attach a program");
    glAttachShader(p, 12345);
    expect_error(GL_INVALID_VALUE, "attach an unknown name");
    CHECK(glIsShader(bad) && !glIsProgram(bad) && glIsProgram(p), "glIs*");
    glDeleteShader(bad);
    glGetShaderiv(bad, GL_DELETE_STATUS, &v);
    CHECK(v == GL_TRUE, "attached shader deleted at once");
    glDeleteProgram(p);
    CHECK(!glIsShader(bad), "shader outlived its program");
    expect_error(GL_NO_ERROR, "deletes");
    glCreateShader(GL_TEXTURE_2D);
    expect_error(GL_INVALID_ENUM, "glCreateShader(bad type)");

    /* Link errors: a varying the vertex shader does not write. */
    p = glCreateProgram();
    glAttachShader(p, shader(GL_VERTEX_SHADER, pass_vs));
    glAttachShader(p, shader(GL_FRAGMENT_SHADER,
                             "varying vec4 c; void main() { gl_FragColor = c; }\n"));
    glLinkProgram(p);
    glGetProgramiv(p, GL_LINK_STATUS, &v);
    CHECK(v == GL_FALSE, "linked with an unwritten varying");
    glGetProgramInfoLog(p, sizeof log, NULL, log);
    CHECK(strstr(log, "c") != NULL && strlen(log) > 0, "link log: '%s'", log);
    glGetUniformLocation(p, "x");
    expect_error(GL_INVALID_OPERATION, "glGetUniformLocation(unlinked)");

    /* Uniform colour, generic attributes, varyings. */
    p = program("attribute vec2 pos; attribute vec3 col; varying vec3 c;\n"
                "void main() { gl_Position = vec4(pos, 0.0, 1.0); c = col; }\n",
                "uniform vec4 tint; uniform float k; varying vec3 c;\n"
                "void main() { gl_FragColor = vec4(c * k, 1.0) * tint; }\n");
    glBindAttribLocation(p, 3, "col");
    glLinkProgram(p);
    CHECK(glGetAttribLocation(p, "col") == 3, "bound attribute at %d", glGetAttribLocation(p, "col"));
    GLint pos = glGetAttribLocation(p, "pos");
    CHECK(pos >= 0 && pos != 3, "pos at %d", pos);
    CHECK(glGetAttribLocation(p, "nothing") == -1, "unknown attribute");
    glGetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &v);
    CHECK(v == 2, "ACTIVE_ATTRIBUTES %d", v);
    glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &v);
    CHECK(v == 2, "ACTIVE_UNIFORMS %d", v);
    GLint tint = glGetUniformLocation(p, "tint"), k = glGetUniformLocation(p, "k");
    CHECK(tint >= 0 && k >= 0 && tint != k, "locations %d %d", tint, k);
    GLint size;
    GLenum type;
    char name[64];
    for (GLint i = 0; i < 2; i++) {
        glGetActiveUniform(p, i, sizeof name, NULL, &size, &type, name);
        CHECK((strcmp(name, "tint") == 0 && type == GL_FLOAT_VEC4) ||
                  (strcmp(name, "k") == 0 && type == GL_FLOAT),
              "active uniform %d: %s 0x%x", i, name, type);
        CHECK(size == 1, "size %d", size);
    }
    glUniform4f(tint, 1, 1, 1, 1);
    expect_error(GL_INVALID_OPERATION, "glUniform without a current program");
    glUseProgram(p);
    glGetIntegerv(GL_CURRENT_PROGRAM, &v);
    CHECK(v == (GLint)p, "CURRENT_PROGRAM %d", v);
    glUniform4f(tint, 1, 0.5f, 1, 1);
    glUniform1f(k, 0.5f);
    glUniform1i(k, 1);
    expect_error(GL_INVALID_OPERATION, "glUniform1i on a float");
    glUniform3f(tint, 1, 1, 1);
    expect_error(GL_INVALID_OPERATION, "glUniform3f on a vec4");
    glUniform1f(-1, 2.0f);
    expect_error(GL_NO_ERROR, "location -1");
    glUniform1f(999, 2.0f);
    expect_error(GL_INVALID_OPERATION, "unknown location");
    float fv[4];
    glGetUniformfv(p, tint, fv);
    CHECK(fv[0] == 1 && fv[1] == 0.5f && fv[2] == 1 && fv[3] == 1, "tint read back %g %g %g %g",
          fv[0], fv[1], fv[2], fv[3]);
    static const float quad[] = {-1, -1, 1, -1, 1, 1, -1, 1};
    static const float cols[] = {1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0};
    glVertexAttribPointer(pos, 2, GL_FLOAT, GL_FALSE, 0, quad);
    glVertexAttribPointer(3, 3, GL_FLOAT, GL_FALSE, 0, cols);
    glEnableVertexAttribArray(pos);
    glEnableVertexAttribArray(3);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_QUADS, 0, 4);
    probe(16, 16, 0.5f, 0, 0, "attributes, varying, uniforms");
    glDisableVertexAttribArray(pos);
    glDisableVertexAttribArray(3);
    GLint attr_size;
    glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_SIZE, &attr_size);
    CHECK(attr_size == 3, "VERTEX_ATTRIB_ARRAY_SIZE %d", attr_size);
    glVertexAttrib4f(5, 1, 2, 3, 4);
    glGetVertexAttribfv(5, GL_CURRENT_VERTEX_ATTRIB, fv);
    CHECK(fv[0] == 1 && fv[3] == 4, "CURRENT_VERTEX_ATTRIB %g %g", fv[0], fv[3]);

    /* Interpolated varyings across a quad in immediate mode. */
    GLuint grad = program("attribute float w; varying float g;\n"
                          "void main() { gl_Position = gl_Vertex; g = w; }\n",
                          "varying float g; void main() { gl_FragColor = vec4(g, 0.0, 0.0, 1.0); }\n");
    glUseProgram(grad);
    GLint w = glGetAttribLocation(grad, "w");
    glBegin(GL_QUADS);
    glVertexAttrib1f(w, 0);
    glVertex2f(-1, -1);
    glVertexAttrib1f(w, 1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertexAttrib1f(w, 0);
    glVertex2f(-1, 1);
    glEnd();
    probe(0, 16, 1.0f / 64, 0, 0, "interpolated left");
    probe(31, 16, 63.0f / 64, 0, 0, "interpolated right");

    /* Integer, boolean, vector, matrix and array uniforms. */
    p = program(pass_vs, "uniform int i; uniform bool b; uniform ivec2 iv; uniform mat2 m;\n"
                         "uniform float arr[3];\n"
                         "void main() {\n"
                         "  vec2 x = m * vec2(1.0, 0.0);\n"
                         "  float r = (i == 3 && b && iv == ivec2(1, 2)) ? 1.0 : 0.0;\n"
                         "  gl_FragColor = vec4(r, x.y, arr[2], 1.0);\n"
                         "}\n");
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "i"), 3);
    glUniform1i(glGetUniformLocation(p, "b"), 1);
    glUniform2i(glGetUniformLocation(p, "iv"), 1, 2);
    static const float m[] = {0, 0.25f, 0, 0};
    glUniformMatrix2fv(glGetUniformLocation(p, "m"), 1, GL_FALSE, m);
    static const float arr[] = {0, 0.5f, 0.75f};
    glUniform1fv(glGetUniformLocation(p, "arr"), 3, arr);
    CHECK(glGetUniformLocation(p, "arr[2]") == glGetUniformLocation(p, "arr") + 2,
          "arr[2] location");
    glUniform1f(glGetUniformLocation(p, "arr[1]"), 0.25f);
    glGetUniformfv(p, glGetUniformLocation(p, "arr[1]"), fv);
    CHECK(fv[0] == 0.25f, "arr[1] read back %g", fv[0]);
    glUniform1fv(glGetUniformLocation(p, "i"), 2, arr);
    expect_error(GL_INVALID_OPERATION, "count 2 on a scalar");
    GLint iv[2];
    glGetUniformiv(p, glGetUniformLocation(p, "iv"), iv);
    CHECK(iv[0] == 1 && iv[1] == 2, "ivec2 read back %d %d", iv[0], iv[1]);
    glClear(GL_COLOR_BUFFER_BIT);
    full_quad();
    probe(16, 16, 1, 0.25f, 0.75f, "int/bool/matrix/array uniforms");
    expect_error(GL_NO_ERROR, "uniform types");

    /* Compatibility built-ins: ftransform, gl_Color, gl_FrontColor. */
    p = program("void main() { gl_Position = ftransform(); gl_FrontColor = gl_Color.bgra; }\n",
                "void main() { gl_FragColor = gl_Color; }\n");
    glUseProgram(p);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, 32, 0, 32, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor3f(1, 0, 0);
    glRectf(0, 0, 16, 32);
    probe(8, 16, 0, 0, 1, "ftransform + gl_Color");
    probe(24, 16, 0, 0, 0, "outside the rectangle");

    /* Vertex-only program: fixed-function fragments. */
    p = program("void main() { gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
                "  gl_FrontColor = vec4(0.0, 1.0, 0.0, 1.0); }\n",
                NULL);
    glUseProgram(p);
    glClear(GL_COLOR_BUFFER_BIT);
    glRectf(16, 0, 32, 32);
    probe(24, 16, 0, 1, 0, "vertex-only program");
    probe(8, 16, 0, 0, 0, "vertex-only program, outside");

    /* Fragment-only program: fixed-function vertices. */
    p = program(NULL, "void main() { gl_FragColor = vec4(gl_Color.r, 0.0, 1.0, 1.0); }\n");
    glUseProgram(p);
    glColor3f(0.5f, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glRectf(0, 0, 16, 32);
    probe(8, 16, 0.5f, 0, 1, "fragment-only program");

    /* A sampler: unit 1, GL_NEAREST 2x2 texture. */
    static const GLubyte texels[] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
    GLuint tex;
    glGenTextures(1, &tex);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glActiveTexture(GL_TEXTURE0);
    p = program("varying vec2 uv; void main() { gl_Position = gl_Vertex; uv = gl_Vertex.xy * 0.5 + 0.5; }\n",
                "uniform sampler2D s; varying vec2 uv; void main() { gl_FragColor = texture2D(s, uv); }\n");
    glUseProgram(p);
    GLint s = glGetUniformLocation(p, "s");
    glUniform1f(s, 1.0f);
    expect_error(GL_INVALID_OPERATION, "glUniform1f on a sampler");
    glUniform1i(s, 1);
    glGetActiveUniform(p, 0, sizeof name, NULL, &size, &type, name);
    CHECK(type == GL_SAMPLER_2D, "sampler type 0x%x", type);
    glClear(GL_COLOR_BUFFER_BIT);
    full_quad();
    probe(8, 8, 1, 0, 0, "texel (0,0)");
    probe(24, 8, 0, 1, 0, "texel (1,0)");
    probe(8, 24, 0, 0, 1, "texel (0,1)");
    probe(24, 24, 1, 1, 1, "texel (1,1)");
    glUniform1i(s, 0); /* nothing bound on unit 0: (0, 0, 0, 1) */
    glClear(GL_COLOR_BUFFER_BIT);
    full_quad();
    probe(8, 8, 0, 0, 0, "unit without a texture");

    /* Built-in uniforms: a light's diffuse colour. */
    float diffuse[] = {0.25f, 0.5f, 0.75f, 1};
    glLightfv(GL_LIGHT2, GL_DIFFUSE, diffuse);
    p = program(pass_vs, "void main() { gl_FragColor = gl_LightSource[2].diffuse; }\n");
    glUseProgram(p);
    glClear(GL_COLOR_BUFFER_BIT);
    full_quad();
    probe(16, 16, 0.25f, 0.5f, 0.75f, "gl_LightSource[2].diffuse");

    /* Derived built-in state as Mesa gives it (piglit
     * glsl-1.10-built-in-uniform-state): a light product's alpha is the
     * material's, halfVector's w is the light position's (light 2 is
     * directional: 0), gl_Point.sizeMin is the value set (not clamped to
     * the implementation's range). */
    float light_diffuse[] = {1, 1, 1, 0.25f}, material_diffuse[] = {1, 1, 1, 0.5f};
    glLightfv(GL_LIGHT2, GL_DIFFUSE, light_diffuse);
    glMaterialfv(GL_FRONT, GL_DIFFUSE, material_diffuse);
    glPointParameterf(GL_POINT_SIZE_MIN, 0.25f);
    GLuint derived = program(pass_vs,
                             "void main() { gl_FragColor = vec4(gl_FrontLightProduct[2].diffuse.a,\n"
                             "  gl_LightSource[2].halfVector.w, gl_Point.sizeMin, 1.0); }\n");
    glUseProgram(derived);
    glClear(GL_COLOR_BUFFER_BIT);
    full_quad();
    probe(16, 16, 0.5f, 0.0f, 0.25f, "light product alpha, halfVector.w, gl_Point.sizeMin");
    glPointParameterf(GL_POINT_SIZE_MIN, 0.0f);
    glLightfv(GL_LIGHT2, GL_DIFFUSE, diffuse);
    glUseProgram(p);
    glDeleteProgram(derived);

    /* glRasterPos goes through the vertex shader (GL 2.0 §2.15). */
    GLuint rp = program("void main() { gl_Position = gl_Vertex + vec4(0.5, 0.0, 0.0, 0.0);\n"
                        "  gl_FrontColor = vec4(0.25, 0.5, 0.75, 1.0); }\n",
                        "void main() { gl_FragColor = gl_Color; }\n");
    glUseProgram(rp);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glRasterPos2f(0, 0);
    float rc[4], rpos[4];
    glGetFloatv(GL_CURRENT_RASTER_COLOR, rc);
    glGetFloatv(GL_CURRENT_RASTER_POSITION, rpos);
    CHECK(fabsf(rc[0] - 0.25f) < 0.01f && fabsf(rc[2] - 0.75f) < 0.01f,
          "raster colour from the vertex shader: %g %g %g", rc[0], rc[1], rc[2]);
    CHECK(fabsf(rpos[0] - 24.0f) < 0.01f && fabsf(rpos[1] - 16.0f) < 0.01f,
          "raster position from the vertex shader: %g %g", rpos[0], rpos[1]);
    glUseProgram(p);

    /* Deleting the current program keeps it usable until unbound. */
    glDeleteProgram(p);
    CHECK(glIsProgram(p), "current program deleted at once");
    glGetProgramiv(p, GL_DELETE_STATUS, &v);
    CHECK(v == GL_TRUE, "DELETE_STATUS");
    glClear(GL_COLOR_BUFFER_BIT);
    full_quad();
    probe(16, 16, 0.25f, 0.5f, 0.75f, "deleted current program");
    glUseProgram(0);
    CHECK(!glIsProgram(p), "deleted program outlived glUseProgram(0)");
    expect_error(GL_NO_ERROR, "end");
    return close_test_window(&t);
}
