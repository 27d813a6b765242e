/*
 * glsl: GLSL 1.10/1.20 compile and link time over piglit's shader_test corpus.
 *
 *   compile        shaders/s   glCreateShader, glShaderSource, glCompileShader,
 *                              glGetShaderiv(GL_COMPILE_STATUS) per shader
 *   compile+link   programs/s  the same for every shader of a file, then
 *                              glCreateProgram, glAttachShader per shader,
 *                              glLinkProgram, glGetProgramiv(GL_LINK_STATUS)
 *
 * The corpus: every *.shader_test under the directories given (scripts/
 * bench-glsl passes piglit's spec/glsl-1.10 and spec/glsl-1.20, hand-written
 * and generated), sorted by path (strcmp), and of those the files that
 *   - have only [require], [vertex shader], [fragment shader],
 *     [vertex shader passthrough], [vertex data] and [test] sections, and at
 *     least one shader section;
 *   - require nothing but "GLSL >= 1.10" or "GLSL >= 1.20" and "GL >= X" with
 *     X <= 2.1 (comment lines "#..." and blank lines ignored; anything else,
 *     e.g. an extension or a GL_MAX_* limit, drops the file).
 * A [vertex shader passthrough] section is compiled as piglit's pass-through
 * vertex shader (gl_Position = piglit_vertex). A file's shader sections are
 * compiled in file order, each section's text exactly as written (from the
 * line after the header to the next header); as piglit's shader_runner does,
 * a section without "#version " gets "#version 110" or "#version 120" (the
 * required GLSL version) as a separate first string.
 *
 * All sources are read and parsed before the clock starts. Before timing, the
 * first file is compiled and linked once (one-time set-up such as Mesa's
 * built-in function library). Each workload is one pass over the whole corpus,
 * timed with CLOCK_MONOTONIC; the status queries force completion of every
 * compile and link. Shaders and programs are deleted after the clock stops.
 *
 * Output: "# key value" lines describing the run (loaded libGL.so.1 by
 * dladdr, GL_VENDOR, GL_RENDERER, GL_VERSION, GL_SHADING_LANGUAGE_VERSION,
 * corpus size), one line per workload "name unit rate count ok" (count
 * shaders or programs, ok of them compiled or linked), and for the
 * compile+link pass one "# fail compile|link FILE" line per file whose
 * shaders did not all compile or whose program did not link, and one
 * "# expect-link-error FILE" line per file whose [test] section says
 * "link error" (piglit expects the program not to link).
 *
 * usage: glsl [--quick] [--limit N] [--list] DIR...
 *   --quick    only the first 200 files (of those kept)
 *   --limit N  only the first N files (of those kept)
 *   --list     print the files kept, one per line, then the "# corpus" line,
 *              and exit without opening the display
 * Build: gcc -O2 -Wall -o glsl glsl.c -lX11 -l:libGL.so.1   (scripts/bench-glsl)
 */
#define _GNU_SOURCE /* dladdr, nftw */
#include <GL/gl.h>
#include <GL/glext.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <dlfcn.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define QUICK_FILES 200

/* piglit's pass-through vertex shader (it gets a #version line like any other) */
static const char PASSTHROUGH_VS[] = "attribute vec4 piglit_vertex;\n"
                                     "void main() { gl_Position = piglit_vertex; }\n";
static const char VERSION_110[] = "#version 110\n", VERSION_120[] = "#version 120\n";

static PFNGLCREATESHADERPROC pCreateShader;
static PFNGLSHADERSOURCEPROC pShaderSource;
static PFNGLCOMPILESHADERPROC pCompileShader;
static PFNGLGETSHADERIVPROC pGetShaderiv;
static PFNGLDELETESHADERPROC pDeleteShader;
static PFNGLCREATEPROGRAMPROC pCreateProgram;
static PFNGLATTACHSHADERPROC pAttachShader;
static PFNGLLINKPROGRAMPROC pLinkProgram;
static PFNGLGETPROGRAMIVPROC pGetProgramiv;
static PFNGLDELETEPROGRAMPROC pDeleteProgram;

struct shader {
    GLenum stage;
    GLsizei n;           /* strings: 2 if a #version line is prepended, else 1 */
    const char *src[2];  /* the section's text is the last (into the file's text) */
    GLint len[2];
};

struct file {
    char *path, *text;
    struct shader *sh;
    int n_sh;
    int link_error; /* the [test] section says "link error": must not link */
};

static char **paths;
static size_t n_paths, cap_paths;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n);
    if (!p) {
        perror("glsl: realloc");
        exit(1);
    }
    return p;
}

static int collect(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    size_t len = strlen(path), suf = strlen(".shader_test");
    if (type == FTW_F && len > suf && !strcmp(path + len - suf, ".shader_test")) {
        if (n_paths == cap_paths) {
            cap_paths = cap_paths ? 2 * cap_paths : 1024;
            paths = xrealloc(paths, cap_paths * sizeof *paths);
        }
        paths[n_paths] = strdup(path);
        if (!paths[n_paths]) {
            perror("glsl: strdup");
            exit(1);
        }
        n_paths++;
    }
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t n = 0, cap = 4096;
    char *buf = xrealloc(NULL, cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n - 1 == 0) {
            cap *= 2;
            buf = xrealloc(buf, cap);
        }
    }
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* 1 if the [require] line (without its newline, trimmed) is acceptable;
 * a GLSL requirement is stored into *glsl (110 or 120) */
static int require_ok(const char *line, int *glsl)
{
    double v;
    char c;
    if (*line == '\0' || *line == '#')
        return 1;
    if (!strcmp(line, "GLSL >= 1.10") || !strcmp(line, "GLSL >= 1.20")) {
        *glsl = line[10] == '1' ? 110 : 120;
        return 1;
    }
    if (sscanf(line, "GL >= %lf %c", &v, &c) == 1)
        return v <= 2.1 + 1e-9;
    return 0;
}

/*
 * Parses `text` (modified: section ends are not touched, sources are given by
 * length). Returns 1 and fills f->sh if the file is kept.
 */
static int parse(struct file *f)
{
    char *p = f->text;
    enum { NONE, REQUIRE, SHADER, OTHER } sec = NONE;
    struct shader *cur = NULL;
    int glsl = 0; /* the required GLSL version: 110 or 120 */
    f->sh = NULL;
    f->n_sh = 0;
    f->link_error = 0;
    while (*p) {
        char *eol = strchr(p, '\n');
        char *next = eol ? eol + 1 : p + strlen(p);
        /* the line without its newline and surrounding blanks */
        char *b = p, *e = eol ? eol : next;
        while (b < e && (*b == ' ' || *b == '\t'))
            b++;
        while (e > b && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
            e--;
        if (*p == '[') {
            if (cur)
                cur->len[0] = (GLint)(p - cur->src[0]);
            cur = NULL;
            char hdr[64];
            snprintf(hdr, sizeof hdr, "%.*s", (int)(e - b), b);
            if (!strcmp(hdr, "[require]")) {
                sec = REQUIRE;
            } else if (!strcmp(hdr, "[vertex shader]") || !strcmp(hdr, "[fragment shader]") ||
                       !strcmp(hdr, "[vertex shader passthrough]")) {
                sec = SHADER;
                f->sh = xrealloc(f->sh, (f->n_sh + 1) * sizeof *f->sh);
                cur = &f->sh[f->n_sh++];
                cur->stage = hdr[1] == 'v' ? GL_VERTEX_SHADER : GL_FRAGMENT_SHADER;
                cur->n = 1;
                if (strstr(hdr, "passthrough")) {
                    cur->src[0] = PASSTHROUGH_VS;
                    cur->len[0] = (GLint)strlen(PASSTHROUGH_VS);
                    cur = NULL;
                } else {
                    cur->src[0] = next;
                }
            } else if (!strcmp(hdr, "[vertex data]") || !strcmp(hdr, "[test]")) {
                sec = OTHER;
            } else {
                return 0; /* a section this benchmark does not handle */
            }
        } else if (sec == REQUIRE) {
            char line[256];
            snprintf(line, sizeof line, "%.*s", (int)(e - b), b);
            if (!require_ok(line, &glsl))
                return 0;
        } else if (sec == OTHER && e - b == 10 && !strncmp(b, "link error", 10)) {
            f->link_error = 1;
        }
        p = next;
    }
    if (cur)
        cur->len[0] = (GLint)(p - cur->src[0]);
    if (f->n_sh == 0 || glsl == 0)
        return 0;
    /* Like piglit's shader_runner: a shader without "#version " anywhere gets
     * "#version N" (the required GLSL version) as a first string. */
    for (int i = 0; i < f->n_sh; i++) {
        struct shader *s = &f->sh[i];
        if (memmem(s->src[0], (size_t)s->len[0], "#version ", 9))
            continue;
        s->src[1] = s->src[0];
        s->len[1] = s->len[0];
        s->src[0] = glsl == 110 ? VERSION_110 : VERSION_120;
        s->len[0] = (GLint)strlen(s->src[0]);
        s->n = 2;
    }
    return 1;
}

static GLuint compile_one(const struct shader *s, int *ok)
{
    GLuint id = pCreateShader(s->stage);
    pShaderSource(id, s->n, s->src, s->len);
    pCompileShader(id);
    GLint st = 0;
    pGetShaderiv(id, GL_COMPILE_STATUS, &st);
    *ok = st == GL_TRUE;
    return id;
}

int main(int argc, char **argv)
{
    long limit = -1;
    int list = 0, n_dirs = 0;
    char **dirs = xrealloc(NULL, (size_t)argc * sizeof *dirs);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) {
            limit = QUICK_FILES;
        } else if (!strcmp(argv[i], "--limit") && i + 1 < argc) {
            char *end;
            limit = strtol(argv[++i], &end, 10);
            if (*end || limit < 1) {
                fprintf(stderr, "glsl: --limit needs a positive number\n");
                return 2;
            }
        } else if (!strcmp(argv[i], "--list")) {
            list = 1;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: %s [--quick] [--limit N] [--list] DIR...\n", argv[0]);
            return 2;
        } else {
            dirs[n_dirs++] = argv[i];
        }
    }
    if (n_dirs == 0) {
        fprintf(stderr, "usage: %s [--quick] [--limit N] [--list] DIR...\n", argv[0]);
        return 2;
    }
    for (int d = 0; d < n_dirs; d++) {
        if (nftw(dirs[d], collect, 32, FTW_PHYS) != 0) {
            fprintf(stderr, "glsl: cannot read %s\n", dirs[d]);
            return 1;
        }
    }
    qsort(paths, n_paths, sizeof *paths, cmp_str);

    struct file *files = xrealloc(NULL, (n_paths ? n_paths : 1) * sizeof *files);
    size_t n_files = 0, n_shaders = 0;
    for (size_t i = 0; i < n_paths && (limit < 0 || (long)n_files < limit); i++) {
        struct file *f = &files[n_files];
        f->path = paths[i];
        f->text = read_all(paths[i]);
        if (!f->text) {
            fprintf(stderr, "glsl: cannot read %s\n", paths[i]);
            return 1;
        }
        if (parse(f)) {
            n_shaders += (size_t)f->n_sh;
            n_files++;
        } else {
            free(f->sh);
            free(f->text);
        }
    }
    if (list) {
        for (size_t i = 0; i < n_files; i++)
            printf("%s\n", files[i].path);
        printf("# corpus %zu files, %zu shaders (of %zu .shader_test files found)\n", n_files,
               n_shaders, n_paths);
        return 0;
    }
    if (n_files == 0) {
        fprintf(stderr, "glsl: no usable .shader_test files\n");
        return 1;
    }

    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        fprintf(stderr, "glsl: cannot open display\n");
        return 1;
    }
    int attribs[] = {GLX_RGBA, GLX_RED_SIZE, 8, GLX_GREEN_SIZE, 8, GLX_BLUE_SIZE, 8, None};
    XVisualInfo *vi = glXChooseVisual(dpy, DefaultScreen(dpy), attribs);
    if (!vi) {
        fprintf(stderr, "glsl: no RGB8 visual\n");
        return 1;
    }
    Window root = RootWindow(dpy, vi->screen);
    XSetWindowAttributes swa = {0};
    swa.colormap = XCreateColormap(dpy, root, vi->visual, AllocNone);
    Window win = XCreateWindow(dpy, root, 0, 0, 1, 1, 0, vi->depth, InputOutput, vi->visual,
                               CWColormap, &swa);
    /* a legacy context (glXCreateContext: GL 2.1 or the compatibility profile) */
    GLXContext ctx = glXCreateContext(dpy, vi, NULL, True);
    if (!ctx || !glXMakeCurrent(dpy, win, ctx)) {
        fprintf(stderr, "glsl: cannot create or bind a GLX context\n");
        return 1;
    }

#define GET(var, name)                                                                  \
    do {                                                                                \
        var = (__typeof__(var))glXGetProcAddressARB((const GLubyte *)name);             \
        if (!var) {                                                                     \
            fprintf(stderr, "glsl: %s not found\n", name);                              \
            return 1;                                                                   \
        }                                                                               \
    } while (0)
    GET(pCreateShader, "glCreateShader");
    GET(pShaderSource, "glShaderSource");
    GET(pCompileShader, "glCompileShader");
    GET(pGetShaderiv, "glGetShaderiv");
    GET(pDeleteShader, "glDeleteShader");
    GET(pCreateProgram, "glCreateProgram");
    GET(pAttachShader, "glAttachShader");
    GET(pLinkProgram, "glLinkProgram");
    GET(pGetProgramiv, "glGetProgramiv");
    GET(pDeleteProgram, "glDeleteProgram");

    Dl_info info;
    printf("# lib %s\n",
           dladdr((void *)glGetError, &info) && info.dli_fname ? info.dli_fname : "?");
    printf("# vendor %s\n", (const char *)glGetString(GL_VENDOR));
    printf("# renderer %s\n", (const char *)glGetString(GL_RENDERER));
    printf("# version %s\n", (const char *)glGetString(GL_VERSION));
    const char *slv = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
    printf("# glsl %s\n", slv ? slv : "(none)");
    printf("# corpus %zu files, %zu shaders (of %zu .shader_test files found)\n", n_files,
           n_shaders, n_paths);
    fflush(stdout);

    GLuint *ids = xrealloc(NULL, n_shaders * sizeof *ids);
    GLuint *progs = xrealloc(NULL, n_files * sizeof *progs);
    int ok;

    /* warm-up: the first file, compiled and linked once, untimed */
    {
        GLuint p = pCreateProgram();
        for (int s = 0; s < files[0].n_sh; s++) {
            GLuint id = compile_one(&files[0].sh[s], &ok);
            pAttachShader(p, id);
            pDeleteShader(id);
        }
        pLinkProgram(p);
        GLint st;
        pGetProgramiv(p, GL_LINK_STATUS, &st);
        pDeleteProgram(p);
    }

    /* compile */
    size_t k = 0, compiled = 0;
    double t0 = now_s();
    for (size_t i = 0; i < n_files; i++) {
        for (int s = 0; s < files[i].n_sh; s++) {
            ids[k++] = compile_one(&files[i].sh[s], &ok);
            compiled += (size_t)ok;
        }
    }
    double t = now_s() - t0;
    for (size_t i = 0; i < k; i++)
        pDeleteShader(ids[i]);
    printf("compile shaders/s %.1f %zu %zu\n", t > 0 ? k / t : 0.0, k, compiled);
    fflush(stdout);

    /* compile+link; which files failed is recorded outside the clock */
    char *file_ok = xrealloc(NULL, n_files);
    size_t linked = 0;
    k = 0;
    t0 = now_s();
    for (size_t i = 0; i < n_files; i++) {
        GLuint p = pCreateProgram();
        int all = 1;
        for (int s = 0; s < files[i].n_sh; s++) {
            GLuint id = compile_one(&files[i].sh[s], &ok);
            all &= ok;
            ids[k++] = id;
            pAttachShader(p, id);
        }
        pLinkProgram(p);
        GLint st = 0;
        pGetProgramiv(p, GL_LINK_STATUS, &st);
        progs[i] = p;
        file_ok[i] = (char)(all ? (st == GL_TRUE ? 0 : 2) : 1);
        linked += st == GL_TRUE;
    }
    t = now_s() - t0;
    for (size_t i = 0; i < n_files; i++)
        pDeleteProgram(progs[i]);
    for (size_t i = 0; i < k; i++)
        pDeleteShader(ids[i]);
    printf("compile+link programs/s %.1f %zu %zu\n", t > 0 ? n_files / t : 0.0, n_files, linked);
    for (size_t i = 0; i < n_files; i++)
        if (file_ok[i])
            printf("# fail %s %s\n", file_ok[i] == 1 ? "compile" : "link", files[i].path);
    for (size_t i = 0; i < n_files; i++)
        if (files[i].link_error)
            printf("# expect-link-error %s\n", files[i].path);
    GLenum err;
    while ((err = glGetError()) != GL_NO_ERROR)
        printf("# glerror 0x%04x\n", err);
    fflush(stdout);

    glXMakeCurrent(dpy, None, NULL);
    glXDestroyContext(dpy, ctx);
    XDestroyWindow(dpy, win);
    XFree(vi);
    XCloseDisplay(dpy);
    return 0;
}
