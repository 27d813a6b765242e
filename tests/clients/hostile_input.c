/*
 * hostile_input.c: calls with counts and pointers an application may get
 * wrong, each of which once brought the process down, and what the GL must
 * do instead (the GL specification, and Mesa where it is silent). Client
 * arrays sit right before a PROT_NONE guard page, so a read past what the
 * call may use faults.
 *
 *   - glUniform*v / glUniformMatrix*fv with a count larger than the uniform:
 *     only the uniform's remaining elements are read and set; a count above
 *     one for a non-array is INVALID_OPERATION and reads nothing; location
 *     -1 reads nothing; count INT_MAX is clamped the same way.
 *   - glDrawArrays(GL_TRIANGLES, 0, INT_MAX) with no arrays enabled draws
 *     nothing, at once, with no error (compatibility: no position array, no
 *     vertex); with a vertex shader it is GL_OUT_OF_MEMORY or a draw, never
 *     an abort.
 *   - glGenLists(INT_MAX) returns a range at once; glIsList sees its ends;
 *     glDeleteLists frees it.
 *   - glShaderSource: count 0 keeps the source; a NULL string among the
 *     strings is INVALID_OPERATION; a NULL array INVALID_VALUE.
 *   - glGen*(INT_MAX) and glDelete*(INT_MAX): GL_OUT_OF_MEMORY at once.
 *   - glMap1f with a stride past its points reads only the points.
 *   - glXSwapIntervalMESA(INT_MAX) is clamped to GLX_MAX_SWAP_INTERVAL_EXT.
 *   - The GL API fuzzer's findings: glPolygonStipple inside glBegin/glEnd,
 *     glMultiDraw* errors with drawcount 0, a list that calls itself, an
 *     incomplete framebuffer's error at glBegin (not at a later glMapBuffer).
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "program.h"

#include <GL/glext.h>
#include <limits.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/* `bytes` of memory ending right at a PROT_NONE page. */
static void *guarded(size_t bytes)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t span = (bytes + page - 1) / page * page;
    char *base = mmap(NULL, span + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                      -1, 0);
    if (base == MAP_FAILED) {
        printf("FAIL: mmap\n");
        exit(1);
    }
    mprotect(base + span, page, PROT_NONE);
    return base + span - bytes;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static const char *vs = "#version 110\n"
                        "uniform vec4 b[4];\n"
                        "uniform mat4 m[2];\n"
                        "uniform float f;\n"
                        "void main() {\n"
                        "  gl_Position = m[0] * m[1] * gl_Vertex + b[0] + b[1] + b[2] + b[3] + vec4(f);\n"
                        "}\n";
static const char *fs = "#version 110\n"
                        "void main() { gl_FragColor = vec4(1.0); }\n";

static void uniforms(void)
{
    GLuint p = build_program("uniforms", vs, fs);
    if (!p)
        return;
    glUseProgram(p);
    GLint b = glGetUniformLocation(p, "b");
    GLint b3 = glGetUniformLocation(p, "b[3]");
    GLint m = glGetUniformLocation(p, "m");
    GLint f = glGetUniformLocation(p, "f");
    CHECK(b >= 0 && b3 >= 0 && m >= 0 && f >= 0, "locations b %d b[3] %d m %d f %d", b, b3, m, f);

    /* vec4 b[4] with count 5: four elements exactly before the guard. */
    GLfloat *four = guarded(16 * sizeof(GLfloat));
    for (int i = 0; i < 16; i++)
        four[i] = (GLfloat)i;
    glUniform4fv(b, 5, four);
    expect_error(GL_NO_ERROR, "glUniform4fv(b, 5) on vec4 b[4]");
    GLfloat got[16] = { 0 };
    glGetUniformfv(p, b3, got);
    CHECK(got[0] == 12 && got[3] == 15, "b[3] = %g..%g, expected 12..15", got[0], got[3]);

    /* b[3] with count 2: one element. */
    GLfloat *one = guarded(4 * sizeof(GLfloat));
    one[0] = 40, one[1] = 41, one[2] = 42, one[3] = 43;
    glUniform4fv(b3, 2, one);
    expect_error(GL_NO_ERROR, "glUniform4fv(b[3], 2)");
    glGetUniformfv(p, b3, got);
    CHECK(got[0] == 40 && got[3] == 43, "b[3] = %g..%g, expected 40..43", got[0], got[3]);

    /* A non-array with count 2: INVALID_OPERATION, nothing read. */
    GLfloat *scalar = guarded(sizeof(GLfloat));
    *scalar = 7;
    glUniform1fv(f, 2, scalar);
    expect_error(GL_INVALID_OPERATION, "glUniform1fv(f, 2) on a float");
    glUniform1fv(f, 1, scalar);
    expect_error(GL_NO_ERROR, "glUniform1fv(f, 1)");
    glGetUniformfv(p, f, got);
    CHECK(got[0] == 7, "f = %g, expected 7", got[0]);

    /* Location -1 with count 1000: ignored, nothing read. */
    glUniform4fv(-1, 1000, one);
    expect_error(GL_NO_ERROR, "glUniform4fv(-1, 1000)");

    /* mat4 m[2] with count 3: two matrices. */
    GLfloat *mats = guarded(32 * sizeof(GLfloat));
    for (int i = 0; i < 32; i++)
        mats[i] = (GLfloat)(100 + i);
    glUniformMatrix4fv(m, 3, GL_FALSE, mats);
    expect_error(GL_NO_ERROR, "glUniformMatrix4fv(m, 3) on mat4 m[2]");
    glUniformMatrix4fv(m, 3, GL_TRUE, mats);
    expect_error(GL_NO_ERROR, "glUniformMatrix4fv(m, 3, transpose) on mat4 m[2]");
    GLint m1 = glGetUniformLocation(p, "m[1]");
    glGetUniformfv(p, m1, got);
    /* Transposed: column 0 of m[1] is its first row as given. */
    CHECK(got[0] == 116 && got[1] == 120 && got[4] == 117, "m[1] = %g %g .. %g", got[0], got[1],
          got[4]);

    /* count INT_MAX: clamped like any other count. */
    glUniform4fv(b, INT_MAX, four);
    expect_error(GL_NO_ERROR, "glUniform4fv(b, INT_MAX)");
    glUniformMatrix4fv(m, INT_MAX, GL_FALSE, mats);
    expect_error(GL_NO_ERROR, "glUniformMatrix4fv(m, INT_MAX)");
    glUniform1fv(f, INT_MAX, scalar);
    expect_error(GL_INVALID_OPERATION, "glUniform1fv(f, INT_MAX) on a float");
    glUniform4fv(b, -1, four);
    expect_error(GL_INVALID_VALUE, "glUniform4fv(b, -1)");

    /* Compiled into a display list: the current program bounds the read.
     * (Mesa 22.3 copies all `count` elements here and faults on the guard
     * page: REFERENCE_RUN skips this when checking the client on Mesa.) */
#ifndef REFERENCE_RUN
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glUniform4fv(b, 5, four);
    glEndList();
    glCallList(list);
    expect_error(GL_NO_ERROR, "glUniform4fv(b, 5) from a display list");
    glDeleteLists(list, 1);
#endif

    glUseProgram(0);
    glDeleteProgram(p);
}

static void huge_draws(void)
{
    /* No arrays enabled, fixed function: no vertices, whatever the count. */
    glDisableClientState(GL_VERTEX_ARRAY);
    double t = now();
    glDrawArrays(GL_TRIANGLES, 0, INT_MAX);
    expect_error(GL_NO_ERROR, "glDrawArrays(GL_TRIANGLES, 0, INT_MAX) without arrays");
    glDrawArrays(GL_POINTS, 0, INT_MAX);
    expect_error(GL_NO_ERROR, "glDrawArrays(GL_POINTS, 0, INT_MAX) without arrays");
    glFinish();
    CHECK(now() - t < 5.0, "draws without arrays took %.1f s", now() - t);
}

static void huge_lists(void)
{
    double t = now();
    GLuint base = glGenLists(INT_MAX);
    expect_error(GL_NO_ERROR, "glGenLists(INT_MAX)");
    CHECK(base != 0, "glGenLists(INT_MAX) returned 0");
    if (base) {
        CHECK(glIsList(base) && glIsList(base + INT_MAX - 1), "the range's ends are not lists");
        glNewList(base + 5, GL_COMPILE);
        glEndList();
        glDeleteLists(base, INT_MAX);
        expect_error(GL_NO_ERROR, "glDeleteLists(base, INT_MAX)");
        CHECK(!glIsList(base) && !glIsList(base + 5), "deleted names are still lists");
    }
    CHECK(now() - t < 5.0, "glGenLists/glDeleteLists(INT_MAX) took %.1f s", now() - t);
    glGenLists(-1);
    expect_error(GL_INVALID_VALUE, "glGenLists(-1)");
}

/* glGen*(INT_MAX) / glDelete*(INT_MAX): GL_OUT_OF_MEMORY at once (more
 * than MAX_NAMES_PER_CALL names), nothing written or read. */
static void huge_names(void)
{
    GLuint *one = guarded(sizeof(GLuint));
    *one = 0;
    double t = now();
    glGenTextures(INT_MAX, one);
    expect_error(GL_OUT_OF_MEMORY, "glGenTextures(INT_MAX)");
    CHECK(*one == 0, "glGenTextures(INT_MAX) wrote a name");
    glGenBuffers(INT_MAX, one);
    expect_error(GL_OUT_OF_MEMORY, "glGenBuffers(INT_MAX)");
    glDeleteTextures(INT_MAX, one);
    expect_error(GL_OUT_OF_MEMORY, "glDeleteTextures(INT_MAX)");
    glGenTextures(-1, one);
    expect_error(GL_INVALID_VALUE, "glGenTextures(-1)");
    glGenTextures(1, one);
    expect_error(GL_NO_ERROR, "glGenTextures(1)");
    CHECK(*one != 0, "glGenTextures(1) wrote no name");
    glDeleteTextures(1, one);
    CHECK(now() - t < 5.0, "huge name counts took %.1f s", now() - t);
}

/* glMap1f with a huge stride reads only its control points. */
static void map_stride(void)
{
    GLfloat *points = guarded(4 * sizeof(GLfloat));
    points[0] = 1, points[1] = 2, points[2] = 3;
    points[3] = 4;
    /* Two points of one component, a stride of 3: points 0 and 3. */
    glMap1f(GL_MAP1_INDEX, 0, 1, 3, 2, points);
    expect_error(GL_NO_ERROR, "glMap1f with stride 3");
    GLfloat got[2] = { 0, 0 };
    glGetMapfv(GL_MAP1_INDEX, GL_COEFF, got);
    CHECK(got[0] == 1 && got[1] == 4, "GL_COEFF %g %g, expected 1 4", got[0], got[1]);
}

/* Findings of the GL API fuzzer (docs/fuzzing.md). */
static void fuzz_findings(void)
{
    /* glPolygonStipple between glBegin and glEnd fails before it reads
     * the mask: here one byte, under an unpack state that asks for more. */
    GLubyte *byte = guarded(1);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 4096);
    glBegin(GL_TRIANGLES);
    glPolygonStipple(byte);
    glEnd();
    expect_error(GL_INVALID_OPERATION, "glPolygonStipple inside glBegin/glEnd");
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);

    /* glMultiDraw* check mode and type with drawcount 0. */
    GLint first = 0;
    GLsizei count = 3;
    const void *indices = NULL;
    glMultiDrawArrays(0xffff9345, &first, &count, 0);
    expect_error(GL_INVALID_ENUM, "glMultiDrawArrays(bad mode, drawcount 0)");
    glMultiDrawElements(GL_TRIANGLES, &count, 0x1234, &indices, 0);
    expect_error(GL_INVALID_ENUM, "glMultiDrawElements(bad type, drawcount 0)");
    glMultiDrawArrays(GL_TRIANGLES, &first, &count, -1);
    expect_error(GL_INVALID_VALUE, "glMultiDrawArrays(drawcount -1)");

    /* An incomplete framebuffer is glBegin's error, not that of the next
     * command that flushes vertices (here glMapBuffer, which then must
     * succeed). */
    GLuint fb, buf;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glBegin(GL_TRIANGLES);
    expect_error(GL_INVALID_FRAMEBUFFER_OPERATION, "glBegin with an incomplete framebuffer");
    glVertex2f(0, 0);
    glVertex2f(1, 0);
    glVertex2f(0, 1);
    glEnd();
    glGetError(); /* glEnd without a glBegin that took: INVALID_OPERATION */
    glGenBuffers(1, &buf);
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glBufferData(GL_ARRAY_BUFFER, 16, NULL, GL_STATIC_DRAW);
    void *map = glMapBuffer(GL_ARRAY_BUFFER, GL_WRITE_ONLY);
    expect_error(GL_NO_ERROR, "glMapBuffer after a failed glBegin");
    CHECK(map != NULL, "glMapBuffer returned NULL");
    glUnmapBuffer(GL_ARRAY_BUFFER);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glDeleteBuffers(1, &buf);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
}

/* A list that calls itself twice: 2^64 lists before the nesting limit
 * stops it; a top-level call runs a bounded number of them. */
static void recursive_list(void)
{
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glColor3f(0.5f, 0.5f, 0.5f);
    glCallList(list);
    glCallList(list);
    glEndList();
    double t = now();
    glCallList(list);
    expect_error(GL_NO_ERROR, "a self-calling list");
    CHECK(now() - t < 10.0, "a self-calling list ran %.1f s", now() - t);
    glDeleteLists(list, 1);
}

static void shader_source(void)
{
    GLuint s = glCreateShader(GL_FRAGMENT_SHADER);
    const char *src[] = { "void main() { gl_FragColor = vec4(1.0); }\n", NULL };
    char text[256] = "";
    GLsizei len = 0;
    glShaderSource(s, 1, src, NULL);
    expect_error(GL_NO_ERROR, "glShaderSource(1)");
    glShaderSource(s, 0, src, NULL);
    expect_error(GL_NO_ERROR, "glShaderSource(count 0)");
    glGetShaderSource(s, sizeof text, &len, text);
    CHECK(strcmp(text, src[0]) == 0, "count 0 changed the source to \"%s\"", text);
    glShaderSource(s, 2, src, NULL);
    expect_error(GL_INVALID_OPERATION, "glShaderSource with a NULL string");
    glShaderSource(s, 1, NULL, NULL);
    expect_error(GL_INVALID_VALUE, "glShaderSource with a NULL array");
    glShaderSource(s, -1, src, NULL);
    expect_error(GL_INVALID_VALUE, "glShaderSource(count -1)");
    glShaderSource(0xdead, 1, src, NULL);
    expect_error(GL_INVALID_VALUE, "glShaderSource of no object");
    GLint lens[1] = { 4 };
    glShaderSource(s, 1, src, lens);
    glGetShaderSource(s, sizeof text, &len, text);
    CHECK(len == 4 && strcmp(text, "void") == 0, "a length of 4 gave \"%s\" (%d)", text, len);
    glDeleteShader(s);
}

/* glXSwapIntervalMESA(INT_MAX) is clamped to GLX_MAX_SWAP_INTERVAL_EXT
 * (swaps are paced by sleeping: INT_MAX frames would be a year). */
static void swap_interval(struct test_window *t)
{
    int (*set)(unsigned) = (int (*)(unsigned))glXGetProcAddressARB(
        (const GLubyte *)"glXSwapIntervalMESA");
    int (*get)(void) = (int (*)(void))glXGetProcAddressARB(
        (const GLubyte *)"glXGetSwapIntervalMESA");
    if (!set || !get) {
        CHECK(0, "no glXSwapIntervalMESA");
        return;
    }
    unsigned max = 0;
    glXQueryDrawable(t->dpy, t->win, 0x20F2 /* GLX_MAX_SWAP_INTERVAL_EXT */, &max);
    CHECK(set(INT_MAX) == 0, "glXSwapIntervalMESA(INT_MAX) failed");
    CHECK(max > 0 && get() == (int)max, "interval %d after INT_MAX, max %u", get(), max);
    set(0);
    glXSwapBuffers(t->dpy, t->win);
    glXSwapBuffers(t->dpy, t->win);
}

int main(void)
{
    struct test_window t = open_test_window();
    printf("uniforms\n");
    fflush(stdout);
    uniforms();
#ifndef REFERENCE_RUN
    /* Not on Mesa 22.3: it runs the first two for minutes (it draws 2^31
     * vertices at the current position, materialises 2^31 list or object
     * names), and keeps a swap interval of INT_MAX. */
    printf("huge draws\n");
    fflush(stdout);
    huge_draws();
    printf("huge lists\n");
    fflush(stdout);
    huge_lists();
    printf("huge names\n");
    fflush(stdout);
    huge_names();
    printf("recursive list\n");
    fflush(stdout);
    recursive_list();
    printf("swap interval\n");
    fflush(stdout);
    swap_interval(&t);
#endif
    printf("fuzz findings\n");
    fflush(stdout);
    fuzz_findings();
    printf("map stride\n");
    fflush(stdout);
    map_stride();
    printf("shader source\n");
    fflush(stdout);
    shader_source();
    return close_test_window(&t);
}
