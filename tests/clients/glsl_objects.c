/*
 * glsl_objects.c: GLSL beyond one shader per stage — the ARB_shader_objects
 * entry points (handles, glGetObjectParameterivARB, glGetInfoLogARB,
 * glGetHandleARB, glDeleteObjectARB), several shaders of one stage linked
 * into one program, and two-sided colour with GL_VERTEX_PROGRAM_TWO_SIDE
 * (gl_BackColor / gl_BackSecondaryColor on back faces, for a GLSL and a
 * fixed-function fragment stage), flat shading of the colour varyings,
 * vertex colour clamping. Pixels are read back. Prints FAIL lines
 * and PASS when all hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include <math.h>
#include <string.h>

static GLhandleARB shader_arb(GLenum kind, const char *src)
{
    GLhandleARB s = glCreateShaderObjectARB(kind);
    glShaderSourceARB(s, 1, &src, NULL);
    glCompileShaderARB(s);
    return s;
}

static GLuint shader(GLenum kind, const char *src)
{
    GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[1000];
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        CHECK(0, "compile failed: %s", log);
    }
    return s;
}

static GLuint link(GLuint p)
{
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

/* The left half wound counter-clockwise (front), the right half clockwise
 * (back). */
static void two_halves(void)
{
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(0, -1);
    glVertex2f(0, 1);
    glVertex2f(-1, 1);
    glVertex2f(0, -1);
    glVertex2f(0, 1);
    glVertex2f(1, 1);
    glVertex2f(1, -1);
    glEnd();
}

int main(void)
{
    struct test_window t = open_test_window();
    glViewport(0, 0, 32, 32);
    char log[2000];
    GLint v;
    GLfloat f;

    /* ARB_shader_objects. */
    CHECK(has_extension("GL_ARB_shader_objects") && has_extension("GL_ARB_vertex_shader") &&
              has_extension("GL_ARB_fragment_shader") &&
              has_extension("GL_ARB_shading_language_100"),
          "ARB shader extensions not advertised");
    GLhandleARB bad = shader_arb(GL_FRAGMENT_SHADER_ARB, "void main() { gl_FragColor = 1; }\n");
    glGetObjectParameterivARB(bad, GL_OBJECT_TYPE_ARB, &v);
    CHECK(v == GL_SHADER_OBJECT_ARB, "OBJECT_TYPE 0x%x", v);
    glGetObjectParameterivARB(bad, GL_OBJECT_SUBTYPE_ARB, &v);
    CHECK(v == GL_FRAGMENT_SHADER_ARB, "OBJECT_SUBTYPE 0x%x", v);
    glGetObjectParameterfvARB(bad, GL_OBJECT_COMPILE_STATUS_ARB, &f);
    CHECK(f == 0.0f, "COMPILE_STATUS %g", f);
    glGetObjectParameterivARB(bad, GL_OBJECT_INFO_LOG_LENGTH_ARB, &v);
    glGetInfoLogARB(bad, sizeof log, NULL, log);
    CHECK(v > 1 && v == (GLint)strlen(log) + 1 && strstr(log, "error"), "log %d '%s'", v, log);
    glGetObjectParameterivARB(bad, GL_OBJECT_LINK_STATUS_ARB, &v);
    expect_error(GL_INVALID_ENUM, "LINK_STATUS of a shader");
    glGetObjectParameterivARB(12345, GL_OBJECT_TYPE_ARB, &v);
    expect_error(GL_INVALID_VALUE, "parameter of an unknown object");
    glGetInfoLogARB(12345, sizeof log, NULL, log);
    /* ARB_shader_objects: INVALID_VALUE for a handle GL did not make (Mesa
     * raises INVALID_OPERATION). */
    GLenum err = glGetError();
    CHECK(err == GL_INVALID_VALUE || err == GL_INVALID_OPERATION, "log of an unknown object: 0x%x",
          err);
    glDeleteObjectARB(bad);

    GLhandleARB vs = shader_arb(GL_VERTEX_SHADER_ARB,
                                "void main() { gl_Position = gl_Vertex; }\n");
    GLhandleARB fs = shader_arb(GL_FRAGMENT_SHADER_ARB,
                                "uniform vec4 c; void main() { gl_FragColor = c; }\n");
    GLhandleARB p = glCreateProgramObjectARB();
    glGetObjectParameterivARB(p, GL_OBJECT_TYPE_ARB, &v);
    CHECK(v == GL_PROGRAM_OBJECT_ARB, "program OBJECT_TYPE 0x%x", v);
    glGetObjectParameterivARB(p, GL_OBJECT_SUBTYPE_ARB, &v);
    expect_error(GL_INVALID_ENUM, "SUBTYPE of a program");
    glAttachObjectARB(p, vs);
    glAttachObjectARB(p, fs);
    glLinkProgramARB(p);
    glGetObjectParameterivARB(p, GL_OBJECT_LINK_STATUS_ARB, &v);
    CHECK(v == GL_TRUE, "ARB link failed");
    glGetObjectParameterivARB(p, GL_OBJECT_ATTACHED_OBJECTS_ARB, &v);
    CHECK(v == 2, "ATTACHED_OBJECTS %d", v);
    glGetObjectParameterivARB(p, GL_OBJECT_ACTIVE_UNIFORMS_ARB, &v);
    CHECK(v == 1, "ACTIVE_UNIFORMS %d", v);
    GLhandleARB objs[4] = { 0 };
    GLsizei n = 0;
    glGetAttachedObjectsARB(p, 4, &n, objs);
    CHECK(n == 2 && objs[0] == vs && objs[1] == fs, "attached %d: %u %u", n, objs[0], objs[1]);
    glUseProgramObjectARB(p);
    CHECK(glGetHandleARB(GL_PROGRAM_OBJECT_ARB) == p, "GetHandleARB");
    glGetHandleARB(GL_FRAGMENT_SHADER_ARB);
    expect_error(GL_INVALID_ENUM, "GetHandleARB(bad pname)");
    glUniform4fARB(glGetUniformLocationARB(p, "c"), 0.0f, 1.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glRectf(-1, -1, 1, 1);
    probe(16, 16, 0, 1, 0, "ARB program");
    expect_error(GL_NO_ERROR, "ARB program");
    glDetachObjectARB(p, vs);
    glGetObjectParameterivARB(p, GL_OBJECT_ATTACHED_OBJECTS_ARB, &v);
    CHECK(v == 1, "ATTACHED_OBJECTS after detach %d", v);
    glDeleteObjectARB(p);
    glGetObjectParameterivARB(p, GL_OBJECT_DELETE_STATUS_ARB, &v);
    CHECK(v == GL_TRUE, "current program deleted at once");
    glUseProgramObjectARB(0);
    CHECK(!glIsProgram(p), "program outlived glDeleteObjectARB");
    CHECK(!glIsShader(bad), "shader outlived glDeleteObjectARB");
    glDeleteObjectARB(vs);
    CHECK(!glIsShader(vs), "vertex shader outlived glDeleteObjectARB");
    glDeleteObjectARB(0);
    expect_error(GL_NO_ERROR, "deletes");
    glDeleteObjectARB(12345);
    expect_error(GL_INVALID_VALUE, "delete an unknown object");

    /* Several shaders of one stage: a function in one, main in another. */
    p = glCreateProgram();
    glAttachShader(p, shader(GL_VERTEX_SHADER,
                             "vec4 xform(vec4 v);\n"
                             "void main() { gl_Position = xform(gl_Vertex); }\n"));
    glAttachShader(p, shader(GL_VERTEX_SHADER,
                             "vec4 xform(vec4 v) { return vec4(v.xy * 0.5, v.zw); }\n"));
    glAttachShader(p, shader(GL_FRAGMENT_SHADER,
                             "vec4 color();\n"
                             "void main() { gl_FragColor = color(); }\n"));
    glAttachShader(p, shader(GL_FRAGMENT_SHADER,
                             "#version 110\n"
                             "vec4 color() { return vec4(0.0, 0.0, 1.0, 1.0); }\n"));
    link(p);
    glUseProgram(p);
    glClear(GL_COLOR_BUFFER_BIT);
    glRectf(-1, -1, 1, 1);
    probe(16, 16, 0, 0, 1, "two shaders per stage: centre");
    probe(2, 2, 0, 0, 0, "two shaders per stage: outside the half-size quad");
    glUseProgram(0);
    /* A function called but defined nowhere is a link error. */
    p = glCreateProgram();
    glAttachShader(p, shader(GL_FRAGMENT_SHADER,
                             "vec4 color();\n"
                             "void main() { gl_FragColor = color(); }\n"));
    glAttachShader(p, shader(GL_FRAGMENT_SHADER, "vec4 other() { return vec4(1.0); }\n"));
    glLinkProgram(p);
    glGetProgramiv(p, GL_LINK_STATUS, &v);
    CHECK(v == GL_FALSE, "linked a call of an undefined function");

    /* Two-sided colour. */
    glGetBooleanv(GL_VERTEX_PROGRAM_TWO_SIDE, (GLboolean *)log);
    CHECK(log[0] == GL_FALSE, "VERTEX_PROGRAM_TWO_SIDE on at start");
    expect_error(GL_NO_ERROR, "two-side query");
    const char *two_vs = "void main() { gl_Position = gl_Vertex;\n"
                         "  gl_FrontColor = vec4(1.0, 0.0, 0.0, 1.0);\n"
                         "  gl_BackColor = vec4(0.0, 1.0, 0.0, 1.0);\n"
                         "  gl_FrontSecondaryColor = vec4(0.0, 0.0, 0.5, 1.0);\n"
                         "  gl_BackSecondaryColor = vec4(0.0, 0.0, 1.0, 1.0); }\n";
    p = glCreateProgram();
    glAttachShader(p, shader(GL_VERTEX_SHADER, two_vs));
    glAttachShader(p, shader(GL_FRAGMENT_SHADER,
                             "void main() { gl_FragColor = gl_Color + gl_SecondaryColor; }\n"));
    link(p);
    glUseProgram(p);
    glClear(GL_COLOR_BUFFER_BIT);
    two_halves();
    probe(8, 16, 1, 0, 0.5, "one-sided, front");
    probe(24, 16, 1, 0, 0.5, "one-sided, back");
    glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
    CHECK(glIsEnabled(GL_VERTEX_PROGRAM_TWO_SIDE), "VERTEX_PROGRAM_TWO_SIDE not enabled");
    glClear(GL_COLOR_BUFFER_BIT);
    two_halves();
    probe(8, 16, 1, 0, 0.5, "two-sided, front");
    probe(24, 16, 0, 1, 1, "two-sided, back");
    /* A fixed-function fragment stage selects too. */
    p = glCreateProgram();
    glAttachShader(p, shader(GL_VERTEX_SHADER, two_vs));
    link(p);
    glUseProgram(p);
    glClear(GL_COLOR_BUFFER_BIT);
    two_halves();
    probe(8, 16, 1, 0, 0, "fixed-function fragments, front");
    probe(24, 16, 0, 1, 0, "fixed-function fragments, back");
    glDisable(GL_VERTEX_PROGRAM_TWO_SIDE);
    glClear(GL_COLOR_BUFFER_BIT);
    two_halves();
    probe(24, 16, 1, 0, 0, "fixed-function fragments, one-sided back");
    glUseProgram(0);
    expect_error(GL_NO_ERROR, "two-sided colour");

    /* Flat shading: the colour varyings are the provoking (last) vertex's;
     * a user varying stays smooth. */
    p = glCreateProgram();
    glAttachShader(p, shader(GL_VERTEX_SHADER,
                             "varying float k;\n"
                             "void main() { gl_Position = gl_Vertex; gl_FrontColor = gl_Color;\n"
                             "  k = gl_Vertex.x * 0.5 + 0.5; }\n"));
    glAttachShader(p, shader(GL_FRAGMENT_SHADER,
                             "varying float k;\n"
                             "void main() { gl_FragColor = vec4(gl_Color.rg, k, 1.0); }\n"));
    link(p);
    glUseProgram(p);
    glShadeModel(GL_FLAT);
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_TRIANGLES);
    glColor3f(1, 0, 0);
    glVertex2f(-1, -1);
    glColor3f(0, 1, 0);
    glVertex2f(3, -1);
    glColor3f(1, 1, 0);
    glVertex2f(-1, 3);
    glEnd();
    probe(4, 16, 1, 1, 0.141, "flat colour, smooth varying (left)");
    probe(28, 16, 1, 1, 0.891, "flat colour, smooth varying (right)");
    glShadeModel(GL_SMOOTH);
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_TRIANGLES);
    glColor3f(1, 0, 0);
    glVertex2f(-1, -1);
    glColor3f(0, 1, 0);
    glVertex2f(3, -1);
    glColor3f(1, 1, 0);
    glVertex2f(-1, 3);
    glEnd();
    probe(1, 1, 0.977, 0.047, 0.047, "smooth colour near the first vertex");
    glUseProgram(0);
    expect_error(GL_NO_ERROR, "flat shading");

    /* Vertex colours are clamped to [0, 1]. */
    p = glCreateProgram();
    glAttachShader(p, shader(GL_VERTEX_SHADER,
                             "void main() { gl_Position = gl_Vertex;\n"
                             "  gl_FrontColor = vec4(-2.0, 0.25, 3.0, 1.0);\n"
                             "  gl_FrontSecondaryColor = vec4(2.0, -1.0, 0.5, 0.0); }\n"));
    glAttachShader(p, shader(GL_FRAGMENT_SHADER,
                             "void main() { gl_FragColor = (gl_Color + gl_SecondaryColor) * 0.5; }\n"));
    link(p);
    glUseProgram(p);
    glClear(GL_COLOR_BUFFER_BIT);
    glRectf(-1, -1, 1, 1);
    probe(16, 16, 0.5, 0.125, 0.75, "clamped vertex colours");
    glUseProgram(0);

    /* Per-coordinate-set state of a unit past GL_MAX_TEXTURE_COORDS. */
    GLint coords = 0, combined = 0;
    glGetIntegerv(GL_MAX_TEXTURE_COORDS, &coords);
    glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &combined);
    if (combined > coords) {
        GLfloat m[16];
        glActiveTexture(GL_TEXTURE0 + coords);
        expect_error(GL_NO_ERROR, "active texture past the coordinate sets");
        glGetFloatv(GL_TEXTURE_MATRIX, m);
        expect_error(GL_INVALID_OPERATION, "TEXTURE_MATRIX past the coordinate sets");
        glGetFloatv(GL_CURRENT_RASTER_TEXTURE_COORDS, m);
        expect_error(GL_INVALID_OPERATION, "RASTER_TEXTURE_COORDS past the coordinate sets");
        glActiveTexture(GL_TEXTURE0);
    }

    /* gl_Fog.scale is 1 / (end - start): infinite when they are equal. */
    {
        GLuint vs3 = shader(GL_VERTEX_SHADER, "void main() { gl_Position = gl_Vertex; }\n");
        GLuint fs3 = shader(GL_FRAGMENT_SHADER,
                            "void main() { gl_FragColor = vec4(gl_Fog.scale > 1e30 ? 1.0 : 0.0,\n"
                            "  gl_Fog.scale == 0.25 ? 1.0 : 0.0, 0.0, 1.0); }\n");
        GLuint p3 = glCreateProgram();
        glAttachShader(p3, vs3);
        glAttachShader(p3, fs3);
        link(p3);
        glUseProgram(p3);
        glFogf(GL_FOG_START, 2.0f);
        glFogf(GL_FOG_END, 2.0f);
        glRecti(-1, -1, 1, 1);
        probe(4, 4, 1, 0, 0, "gl_Fog.scale with fog start = end");
        glFogf(GL_FOG_END, 6.0f);
        glRecti(-1, -1, 1, 1);
        probe(4, 4, 0, 1, 0, "gl_Fog.scale with fog start 2, end 6");
        glFogf(GL_FOG_START, 0.0f);
        glFogf(GL_FOG_END, 1.0f);
        glUseProgram(0);
        glDeleteProgram(p3);
        glDeleteShader(vs3);
        glDeleteShader(fs3);
        expect_error(GL_NO_ERROR, "gl_Fog.scale");
    }

    /* Samplers of two targets on one texture unit: the program does not
     * validate and draws with it fail (GL 4.6 §11.1.3.11); apart, it works. */
    {
        GLuint vs2 = shader(GL_VERTEX_SHADER, "void main() { gl_Position = gl_Vertex; }\n");
        GLuint fs2 = shader(GL_FRAGMENT_SHADER,
                            "uniform sampler2D a; uniform samplerCube b;\n"
                            "void main() { gl_FragColor = texture2D(a, vec2(0.5)) +\n"
                            "  textureCube(b, vec3(1.0)); }\n");
        GLuint p2 = glCreateProgram();
        glAttachShader(p2, vs2);
        glAttachShader(p2, fs2);
        link(p2);
        glUseProgram(p2);
        glUniform1i(glGetUniformLocation(p2, "a"), 1);
        glUniform1i(glGetUniformLocation(p2, "b"), 1);
        GLint ok = -1;
        glValidateProgram(p2);
        glGetProgramiv(p2, GL_VALIDATE_STATUS, &ok);
        CHECK(ok == 0, "a program with a sampler2D and a samplerCube on unit 1 validated");
        expect_error(GL_NO_ERROR, "glValidateProgram of a sampler conflict");
        glRecti(-1, -1, 1, 1);
        expect_error(GL_INVALID_OPERATION, "drawing with a sampler conflict");
        glUniform1i(glGetUniformLocation(p2, "b"), 2);
        glValidateProgram(p2);
        glGetProgramiv(p2, GL_VALIDATE_STATUS, &ok);
        CHECK(ok == 1, "the samplers on units 1 and 2 do not validate");
        glRecti(-1, -1, 1, 1);
        expect_error(GL_NO_ERROR, "drawing with the samplers apart");
        glUseProgram(0);
        glDeleteProgram(p2);
        glDeleteShader(vs2);
        glDeleteShader(fs2);
    }

    return close_test_window(&t);
}
