/*
 * program.h: GLSL programs for the clients that draw with shaders —
 * compile and attach a shader, link, both with a FAIL line carrying the
 * info log when they do not succeed. Include after common.h, with
 * GL_GLEXT_PROTOTYPES defined. Header-only.
 */
#ifndef OXGL_TEST_PROGRAM_H
#define OXGL_TEST_PROGRAM_H

/* A vertex shader for fixed-function geometry: the position through the
 * matrices, texture coordinate set 0 passed on. */
#define FTRANSFORM_VS(version)                  \
    "#version " version "\n"                    \
    "void main() {\n"                           \
    "  gl_TexCoord[0] = gl_MultiTexCoord0;\n"   \
    "  gl_Position = ftransform();\n"           \
    "}\n"

/* Compiles `src` as a `kind` shader and attaches it to `p`; 0 (and a FAIL
 * line naming `what`) if it does not compile. */
__attribute__((unused)) static int attach_shader(GLuint p, GLenum kind, const char *src,
                                                 const char *what)
{
    GLuint s = glCreateShader(kind);
    GLint ok = 0;
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048] = "";
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        CHECK(0, "%s: %s shader does not compile: %s", what,
              kind == GL_VERTEX_SHADER     ? "vertex"
              : kind == GL_FRAGMENT_SHADER ? "fragment"
                                           : "other",
              log);
        glDeleteShader(s);
        return 0;
    }
    glAttachShader(p, s);
    glDeleteShader(s);
    return 1;
}

/* Whether a `kind` shader of `src` compiles (for checks that expect a
 * compile error; no FAIL line). */
__attribute__((unused)) static int shader_compiles(GLenum kind, const char *src)
{
    GLuint s = glCreateShader(kind);
    GLint ok = 0;
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    glDeleteShader(s);
    return ok;
}

/* Links `p`; 0 (and a FAIL line naming `what`) if it does not link. */
__attribute__((unused)) static int link_program(GLuint p, const char *what)
{
    GLint ok = 0;
    glLinkProgram(p);
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[2048] = "";
        glGetProgramInfoLog(p, sizeof log, NULL, log);
        CHECK(0, "%s: program does not link: %s", what, log);
    }
    return ok;
}

/* A program of the shaders `srcs` of the vertex, tessellation control,
 * tessellation evaluation, geometry and fragment stages (NULL for none),
 * not linked; 0 after a FAIL line. */
__attribute__((unused)) static GLuint program_of_stages(const char *what, const char *const srcs[5])
{
    static const GLenum kinds[5] = { GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER,
                                     GL_TESS_EVALUATION_SHADER, GL_GEOMETRY_SHADER,
                                     GL_FRAGMENT_SHADER };
    GLuint p = glCreateProgram();
    for (int i = 0; i < 5; i++) {
        if (srcs[i] && !attach_shader(p, kinds[i], srcs[i], what)) {
            glDeleteProgram(p);
            return 0;
        }
    }
    return p;
}

/* A linked program of vertex shader `vs` and fragment shader `fs`, or 0
 * after a FAIL line. */
__attribute__((unused)) static GLuint build_program(const char *what, const char *vs,
                                                    const char *fs)
{
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, vs, what) ||
        !attach_shader(p, GL_FRAGMENT_SHADER, fs, what) || !link_program(p, what)) {
        glDeleteProgram(p);
        return 0;
    }
    return p;
}

#ifdef GL_GEOMETRY_SHADER
/* A linked program of `vs`, `gs` (or none) and `fs` whose attribute `pos`
 * is generic attribute 0 and whose output `o` is colour output 0 (GLSL
 * 1.50 clients), or 0 after a FAIL line. */
__attribute__((unused)) static GLuint build_pos_program(const char *what, const char *vs,
                                                        const char *gs, const char *fs)
{
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, vs, what) ||
        (gs && !attach_shader(p, GL_GEOMETRY_SHADER, gs, what)) ||
        !attach_shader(p, GL_FRAGMENT_SHADER, fs, what)) {
        glDeleteProgram(p);
        return 0;
    }
    glBindAttribLocation(p, 0, "pos");
    glBindFragDataLocation(p, 0, "o");
    if (!link_program(p, what)) {
        glDeleteProgram(p);
        return 0;
    }
    return p;
}

/* A buffer of the four corners of the clip square, (-1, -1) to (1, 1) as
 * a triangle strip, bound as generic attribute 0 (enabled) of the bound
 * vertex array object; the buffer's name. */
__attribute__((unused)) static GLuint full_screen_quad(void)
{
    static const GLfloat full[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
    GLuint vbo;
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof full, full, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(0);
    return vbo;
}
#endif

/* build_program, then made current with its sampler `tex` on unit 0. */
__attribute__((unused)) static GLuint use_sampling_program(const char *what, const char *vs,
                                                           const char *fs)
{
    GLuint p = build_program(what, vs, fs);
    if (p) {
        glUseProgram(p);
        glUniform1i(glGetUniformLocation(p, "tex"), 0);
    }
    return p;
}

/* A linked program of vertex shader `vs` and fragment shader `fs`, GLSL
 * 1.30 or later, with attribute `pos` at 0 and output `color` at colour 0;
 * 0 after a FAIL line naming `what`. */
__attribute__((unused)) static GLuint pos_color_program(const char *vs, const char *fs,
                                                        const char *what)
{
    GLuint p = glCreateProgram();
    if (!attach_shader(p, GL_VERTEX_SHADER, vs, what) ||
        !attach_shader(p, GL_FRAGMENT_SHADER, fs, what))
        return 0;
    glBindAttribLocation(p, 0, "pos");
    glBindFragDataLocation(p, 0, "color");
    return link_program(p, what) ? p : 0;
}

#endif
