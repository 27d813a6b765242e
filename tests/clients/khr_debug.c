/*
 * khr_debug.c: GL_KHR_debug through the public ABI.
 *
 * A GL 1.0 compatibility context created with glXCreateContextAttribsARB and
 * GLX_CONTEXT_DEBUG_BIT_ARB (DEBUG_OUTPUT initially on), then a plain
 * glXCreateContext one (initially off). Checks the limits and state queries,
 * that a GL error reaches the callback as a message naming the error and the
 * command (and that the callback may call GL), the message log without a
 * callback and its size limit, filtering, debug groups, the label errors,
 * object labels on every object type (set, read back whole and cut, removed,
 * MAX_LABEL_LENGTH, gone with the object), and the KHR/ARB aliases.
 *
 * Prints one `ok: <check>` line per check, `FAIL: <check> (...)` on the first
 * failure (exit 1), and `PASS` at the end. Run by tests/tests/khr_debug.rs.
 */
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
#include <GL/glx.h>
#include <GL/glxext.h>
#include <X11/Xlib.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef GLX_CONTEXT_DEBUG_BIT_ARB
#define GLX_CONTEXT_DEBUG_BIT_ARB 0x0001
#define GLX_CONTEXT_FLAGS_ARB 0x2094
#define GLX_CONTEXT_MAJOR_VERSION_ARB 0x2091
#define GLX_CONTEXT_MINOR_VERSION_ARB 0x2092
#endif

typedef GLXContext (*CreateContextAttribsFn)(Display *, GLXFBConfig, GLXContext, Bool,
                                             const int *);

static void check(int cond, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void check(int cond, const char *what, const char *fmt, ...)
{
    if (cond) {
        printf("ok: %s\n", what);
        return;
    }
    printf("FAIL: %s (", what);
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf(")\n");
    fflush(stdout);
    exit(1);
}

static GLint get_int(GLenum pname)
{
    GLint v = -12345;
    glGetIntegerv(pname, &v);
    return v;
}

/* ---- the callback ------------------------------------------------------- */

struct seen {
    int count;
    GLenum source, type, severity;
    GLuint id;
    GLsizei length;
    char text[4096];
    const void *user;
    GLenum error_in_callback;
};

static struct seen seen;

static void APIENTRY callback(GLenum source, GLenum type, GLuint id, GLenum severity,
                              GLsizei length, const GLchar *message, const void *user)
{
    seen.count++;
    seen.source = source;
    seen.type = type;
    seen.id = id;
    seen.severity = severity;
    seen.length = length;
    snprintf(seen.text, sizeof seen.text, "%s", message);
    seen.user = user;
    /* Not required to work by the spec, but it must not deadlock or crash. */
    seen.error_in_callback = glGetError();
}

/* ---- the checks --------------------------------------------------------- */

static void check_limits(void)
{
    check(get_int(GL_MAX_DEBUG_MESSAGE_LENGTH) == 4096, "MAX_DEBUG_MESSAGE_LENGTH", "%d",
          get_int(GL_MAX_DEBUG_MESSAGE_LENGTH));
    check(get_int(GL_MAX_DEBUG_LOGGED_MESSAGES) == 10, "MAX_DEBUG_LOGGED_MESSAGES", "%d",
          get_int(GL_MAX_DEBUG_LOGGED_MESSAGES));
    check(get_int(GL_MAX_DEBUG_GROUP_STACK_DEPTH) == 64, "MAX_DEBUG_GROUP_STACK_DEPTH", "%d",
          get_int(GL_MAX_DEBUG_GROUP_STACK_DEPTH));
    check(get_int(GL_MAX_LABEL_LENGTH) == 256, "MAX_LABEL_LENGTH", "%d",
          get_int(GL_MAX_LABEL_LENGTH));
    check(get_int(GL_DEBUG_GROUP_STACK_DEPTH) == 1, "DEBUG_GROUP_STACK_DEPTH initially 1", "%d",
          get_int(GL_DEBUG_GROUP_STACK_DEPTH));
    check(!glIsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS), "DEBUG_OUTPUT_SYNCHRONOUS initially off",
          "on");
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    check(glIsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS) && glGetError() == GL_NO_ERROR,
          "glEnable(DEBUG_OUTPUT_SYNCHRONOUS)", "not enabled");
}

static void check_callback(void)
{
    static int user_data;
    glDebugMessageCallback(callback, &user_data);
    void *fn = NULL, *user = NULL;
    glGetPointerv(GL_DEBUG_CALLBACK_FUNCTION, &fn);
    glGetPointerv(GL_DEBUG_CALLBACK_USER_PARAM, &user);
    check(fn == (void *)callback && user == &user_data, "glGetPointerv(DEBUG_CALLBACK_*)",
          "%p %p", fn, user);

    memset(&seen, 0, sizeof seen);
    glClear(0xdeadbeef);
    check(seen.count == 1, "glClear(0xdeadbeef) calls the callback once", "%d calls",
          seen.count);
    check(strstr(seen.text, "GL_INVALID_VALUE") && strstr(seen.text, "glClear"),
          "the message names the error and the command", "\"%s\"", seen.text);
    check(seen.source == GL_DEBUG_SOURCE_API && seen.type == GL_DEBUG_TYPE_ERROR &&
              seen.severity == GL_DEBUG_SEVERITY_HIGH && seen.id == GL_INVALID_VALUE,
          "error message: source API, type ERROR, severity HIGH, id = the error",
          "0x%x 0x%x 0x%x %u", seen.source, seen.type, seen.severity, seen.id);
    check(seen.length == (GLsizei)strlen(seen.text) && seen.user == &user_data,
          "callback length excludes the terminator; userParam passed back", "%d %p",
          seen.length, seen.user);
    check(seen.error_in_callback == GL_INVALID_VALUE,
          "glGetError inside the callback sees the error", "0x%x", seen.error_in_callback);
    check(glGetError() == GL_NO_ERROR, "the callback's glGetError cleared the flag", "set");

    /* Application messages go to the callback too, with the given fields. */
    memset(&seen, 0, sizeof seen);
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 77,
                         GL_DEBUG_SEVERITY_NOTIFICATION, 5, "hello, world");
    check(seen.count == 1 && seen.id == 77 && seen.length == 5 && !strcmp(seen.text, "hello"),
          "glDebugMessageInsert with an explicit length", "%d %u %d \"%s\"", seen.count,
          seen.id, seen.length, seen.text);
    check(get_int(GL_DEBUG_LOGGED_MESSAGES) == 0, "with a callback nothing is logged", "%d",
          get_int(GL_DEBUG_LOGGED_MESSAGES));
    glDebugMessageCallback(NULL, NULL);
    glGetPointerv(GL_DEBUG_CALLBACK_FUNCTION, &fn);
    check(fn == NULL, "glDebugMessageCallback(NULL) clears it", "%p", fn);
}

static void check_log(void)
{
    const char *expected = "GL_INVALID_ENUM in glEnable(0xdead)";
    glEnable(0xdead);
    check(get_int(GL_DEBUG_LOGGED_MESSAGES) == 1, "an error without a callback is logged",
          "%d", get_int(GL_DEBUG_LOGGED_MESSAGES));
    check(get_int(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH) == (GLint)strlen(expected) + 1,
          "DEBUG_NEXT_LOGGED_MESSAGE_LENGTH counts the terminator", "%d",
          get_int(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH));
    check(glGetError() == GL_INVALID_ENUM, "the error flag is still set", "not");

    GLenum sources[4], types[4], severities[4];
    GLuint ids[4];
    GLsizei lengths[4];
    char log[256];
    /* Too small a buffer fetches nothing. */
    GLuint n = glGetDebugMessageLog(4, 8, sources, types, ids, severities, lengths, log);
    check(n == 0 && get_int(GL_DEBUG_LOGGED_MESSAGES) == 1,
          "a message that does not fit stays in the log", "%u", n);
    n = glGetDebugMessageLog(4, sizeof log, sources, types, ids, severities, lengths, log);
    check(n == 1 && !strcmp(log, expected) && lengths[0] == (GLsizei)strlen(expected) + 1 &&
              sources[0] == GL_DEBUG_SOURCE_API && types[0] == GL_DEBUG_TYPE_ERROR &&
              ids[0] == GL_INVALID_ENUM && severities[0] == GL_DEBUG_SEVERITY_HIGH,
          "glGetDebugMessageLog returns the error message", "%u \"%s\"", n, log);
    check(get_int(GL_DEBUG_LOGGED_MESSAGES) == 0, "fetched messages leave the log", "%d",
          get_int(GL_DEBUG_LOGGED_MESSAGES));

    /* The log holds MAX_DEBUG_LOGGED_MESSAGES, oldest first; later ones are dropped. */
    for (GLuint id = 0; id < 15; id++)
        glDebugMessageInsert(GL_DEBUG_SOURCE_THIRD_PARTY, GL_DEBUG_TYPE_OTHER, id,
                             GL_DEBUG_SEVERITY_MEDIUM, -1, "m");
    check(get_int(GL_DEBUG_LOGGED_MESSAGES) == 10, "the log keeps 10 messages", "%d",
          get_int(GL_DEBUG_LOGGED_MESSAGES));
    /* bufSize 5 holds two "m\0"; the rest is removed with a null messageLog. */
    n = glGetDebugMessageLog(4, 5, NULL, NULL, ids, NULL, NULL, log);
    check(n == 2 && ids[0] == 0 && ids[1] == 1 && !strcmp(log, "m") && !strcmp(log + 2, "m"),
          "messages are fetched oldest first while they fit", "%u %u %u", n, ids[0], ids[1]);
    n = glGetDebugMessageLog(100, 0, NULL, NULL, ids, NULL, NULL, NULL);
    check(n == 8 && ids[0] == 2 && get_int(GL_DEBUG_LOGGED_MESSAGES) == 0,
          "a null messageLog fetches without a size limit", "%u", n);

    /* Low severity is disabled by default; controls enable it. */
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                         GL_DEBUG_SEVERITY_LOW, -1, "low");
    check(get_int(GL_DEBUG_LOGGED_MESSAGES) == 0, "DEBUG_SEVERITY_LOW is disabled initially",
          "%d", get_int(GL_DEBUG_LOGGED_MESSAGES));
    glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DONT_CARE, GL_DEBUG_SEVERITY_LOW, 0,
                          NULL, GL_TRUE);
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                         GL_DEBUG_SEVERITY_LOW, -1, "low");
    check(get_int(GL_DEBUG_LOGGED_MESSAGES) == 1, "glDebugMessageControl enables LOW", "%d",
          get_int(GL_DEBUG_LOGGED_MESSAGES));
    GLuint off = GL_INVALID_OPERATION;
    glDebugMessageControl(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, GL_DONT_CARE, 1, &off,
                          GL_FALSE);
    glGetDebugMessageLog(10, 0, NULL, NULL, NULL, NULL, NULL, NULL);
    glPopDebugGroup(); /* STACK_UNDERFLOW */
    check(glGetError() == GL_STACK_UNDERFLOW, "glPopDebugGroup on the default group",
          "no STACK_UNDERFLOW");
    glDebugMessageControl(GL_DONT_CARE, GL_DEBUG_TYPE_ERROR, GL_DONT_CARE, 1, &off, GL_FALSE);
    check(glGetError() == GL_INVALID_OPERATION, "ids with source DONT_CARE",
          "no INVALID_OPERATION");
    n = glGetDebugMessageLog(10, sizeof log, NULL, NULL, ids, NULL, NULL, log);
    check(n == 1 && ids[0] == GL_STACK_UNDERFLOW,
          "a control by id filters that error only", "%u messages, first id 0x%x", n, ids[0]);
    glDebugMessageControl(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, GL_DONT_CARE, 1, &off,
                          GL_TRUE);
}

static void check_groups(void)
{
    /* Piglit khr_debug-push-pop-group: group 1 filters everything. */
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_FALSE);
    glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_PUSH_GROUP,
                          GL_DEBUG_SEVERITY_NOTIFICATION, 0, NULL, GL_TRUE);
    glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_POP_GROUP,
                          GL_DEBUG_SEVERITY_NOTIFICATION, 0, NULL, GL_TRUE);
    glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER,
                          GL_DEBUG_SEVERITY_NOTIFICATION, 0, NULL, GL_TRUE);
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 1,
                         GL_DEBUG_SEVERITY_NOTIFICATION, -1, "Message 1");
    glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 2, -1, "Group 2");
    check(get_int(GL_DEBUG_GROUP_STACK_DEPTH) == 2, "glPushDebugGroup", "depth %d",
          get_int(GL_DEBUG_GROUP_STACK_DEPTH));
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_FALSE);
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 3,
                         GL_DEBUG_SEVERITY_NOTIFICATION, -1, "Message 3");
    glPopDebugGroup();
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 4,
                         GL_DEBUG_SEVERITY_NOTIFICATION, -1, "Message 4");
    GLenum types[8];
    GLuint ids[8];
    GLsizei lengths[8];
    char log[512];
    GLuint n = glGetDebugMessageLog(8, sizeof log, NULL, types, ids, NULL, lengths, log);
    const char *third = log + lengths[0] + lengths[1];
    check(n == 4 && types[1] == GL_DEBUG_TYPE_PUSH_GROUP && types[2] == GL_DEBUG_TYPE_POP_GROUP &&
              ids[1] == 2 && ids[2] == 2 && ids[3] == 4 && !strcmp(third, "Group 2"),
          "groups scope the filter; push and pop messages", "%u messages", n);
    check(glGetError() == GL_NO_ERROR, "no error from the group commands", "error");

    /* 63 pushes fill the stack (the default group is the 64th); one more overflows. */
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_TRUE);
    for (int i = 0; i < 63; i++)
        glPushDebugGroup(GL_DEBUG_SOURCE_THIRD_PARTY, i, 1, "g");
    check(glGetError() == GL_NO_ERROR && get_int(GL_DEBUG_GROUP_STACK_DEPTH) == 64,
          "the stack holds MAX_DEBUG_GROUP_STACK_DEPTH groups", "depth %d",
          get_int(GL_DEBUG_GROUP_STACK_DEPTH));
    glPushDebugGroup(GL_DEBUG_SOURCE_THIRD_PARTY, 99, 1, "g");
    check(glGetError() == GL_STACK_OVERFLOW, "one more push overflows", "no STACK_OVERFLOW");
    for (int i = 0; i < 63; i++)
        glPopDebugGroup();
    check(glGetError() == GL_NO_ERROR && get_int(GL_DEBUG_GROUP_STACK_DEPTH) == 1,
          "popping back to the default group", "depth %d",
          get_int(GL_DEBUG_GROUP_STACK_DEPTH));
    glGetDebugMessageLog(1000, 0, NULL, NULL, NULL, NULL, NULL, NULL);
    glPushDebugGroup(GL_DEBUG_SOURCE_API, 1, -1, "x");
    check(glGetError() == GL_INVALID_ENUM, "glPushDebugGroup(DEBUG_SOURCE_API)",
          "no INVALID_ENUM");
    glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 1, 4096, "x");
    check(glGetError() == GL_INVALID_VALUE, "glPushDebugGroup with length 4096",
          "no INVALID_VALUE");
    glGetDebugMessageLog(1000, 0, NULL, NULL, NULL, NULL, NULL, NULL);
}

static void check_errors(void)
{
    /* Each failing call also logs a message; clear as we go. */
    glDebugMessageInsert(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_OTHER, 0, GL_DEBUG_SEVERITY_HIGH,
                         -1, "x");
    check(glGetError() == GL_INVALID_ENUM, "glDebugMessageInsert(DEBUG_SOURCE_API)",
          "no INVALID_ENUM");
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 0, GL_DONT_CARE, -1,
                         "x");
    check(glGetError() == GL_INVALID_ENUM, "glDebugMessageInsert(severity DONT_CARE)",
          "no INVALID_ENUM");
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 0,
                         GL_DEBUG_SEVERITY_HIGH, 4097, "short buffer, never read");
    check(glGetError() == GL_INVALID_VALUE, "glDebugMessageInsert with length 4097",
          "no INVALID_VALUE");
    char *long_text = malloc(5000);
    memset(long_text, 'a', 4999);
    long_text[4999] = 0;
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 0,
                         GL_DEBUG_SEVERITY_HIGH, -1, long_text);
    check(glGetError() == GL_INVALID_VALUE, "glDebugMessageInsert with a long string",
          "no INVALID_VALUE");
    glDebugMessageControl(GL_ARRAY_BUFFER, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_TRUE);
    check(glGetError() == GL_INVALID_ENUM, "glDebugMessageControl(bad source)",
          "no INVALID_ENUM");
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, -1, NULL, GL_TRUE);
    check(glGetError() == GL_INVALID_VALUE, "glDebugMessageControl(count -1)",
          "no INVALID_VALUE");
    GLuint id = 1;
    glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER,
                          GL_DEBUG_SEVERITY_LOW, 1, &id, GL_TRUE);
    check(glGetError() == GL_INVALID_OPERATION, "glDebugMessageControl(ids with a severity)",
          "no INVALID_OPERATION");
    char buf[8];
    glGetDebugMessageLog(1, -1, NULL, NULL, NULL, NULL, NULL, buf);
    check(glGetError() == GL_INVALID_VALUE, "glGetDebugMessageLog(bufSize -1)",
          "no INVALID_VALUE");

    /* Labels: no object has been made yet, so name 1 is no object. */
    glObjectLabel(GL_TEXTURE_2D, 1, -1, "x");
    check(glGetError() == GL_INVALID_ENUM, "glObjectLabel(TEXTURE_2D)", "no INVALID_ENUM");
    static const GLenum identifiers[] = {
        GL_BUFFER,  GL_SHADER,             GL_PROGRAM, GL_VERTEX_ARRAY,
        GL_QUERY,   GL_PROGRAM_PIPELINE,   GL_TRANSFORM_FEEDBACK,
        GL_SAMPLER, GL_TEXTURE,            GL_RENDERBUFFER,
        GL_FRAMEBUFFER, GL_DISPLAY_LIST,
    };
    for (unsigned i = 0; i < sizeof identifiers / sizeof identifiers[0]; i++) {
        glObjectLabel(identifiers[i], 1, -1, "x");
        GLenum e = glGetError();
        if (e != GL_INVALID_VALUE) {
            printf("FAIL: glObjectLabel(0x%x, 1) gave 0x%x, not INVALID_VALUE\n", identifiers[i],
                   e);
            exit(1);
        }
    }
    printf("ok: glObjectLabel of a nonexistent name: INVALID_VALUE\n");
    GLsizei len = 0;
    glGetObjectLabel(GL_BUFFER, 1, sizeof buf, &len, buf);
    check(glGetError() == GL_INVALID_VALUE, "glGetObjectLabel(BUFFER, 1)", "no INVALID_VALUE");
    glGetObjectLabel(GL_TEXTURE_2D, 1, -1, &len, buf);
    check(glGetError() == GL_INVALID_VALUE, "glGetObjectLabel(bufSize -1) first",
          "no INVALID_VALUE");
    glObjectPtrLabel((void *)(uintptr_t)0x1234, -1, "x");
    check(glGetError() == GL_INVALID_VALUE, "glObjectPtrLabel(not a sync)", "no INVALID_VALUE");
    glGetObjectPtrLabel((void *)(uintptr_t)0x1234, sizeof buf, &len, buf);
    check(glGetError() == GL_INVALID_VALUE, "glGetObjectPtrLabel(not a sync)",
          "no INVALID_VALUE");
    void *p;
    glGetPointerv(GL_ARRAY_BUFFER, &p);
    check(glGetError() == GL_INVALID_ENUM, "glGetPointerv(ARRAY_BUFFER)", "no INVALID_ENUM");
    free(long_text);
    glGetDebugMessageLog(1000, 0, NULL, NULL, NULL, NULL, NULL, NULL);
}


/* ---- object labels ------------------------------------------------------ */

/* Sets "Test Label" on (identifier, name) and reads it back whole. */
static void label_round_trip(GLenum identifier, GLuint name, const char *what)
{
    char buf[64];
    GLsizei len = -1;
    memset(buf, 'z', sizeof buf);
    glObjectLabel(identifier, name, -1, "Test Label");
    glGetObjectLabel(identifier, name, sizeof buf, &len, buf);
    GLenum e = glGetError();
    if (e != GL_NO_ERROR || len != 10 || strcmp(buf, "Test Label") != 0) {
        printf("FAIL: label of %s: error 0x%x, length %d, \"%.20s\"\n", what, e, len, buf);
        exit(1);
    }
}

/* The label of (identifier, name) must be empty (and the call no error). */
static void label_empty(GLenum identifier, GLuint name, const char *what)
{
    char buf[16] = "junk";
    GLsizei len = -1;
    glGetObjectLabel(identifier, name, sizeof buf, &len, buf);
    GLenum e = glGetError();
    if (e != GL_NO_ERROR || len != 0 || buf[0] != 0) {
        printf("FAIL: %s: error 0x%x, length %d, \"%s\"\n", what, e, len, buf);
        exit(1);
    }
}

static void label_invalid(GLenum identifier, GLuint name, const char *what)
{
    glObjectLabel(identifier, name, -1, "x");
    GLenum e1 = glGetError();
    char buf[8];
    GLsizei len = 0;
    glGetObjectLabel(identifier, name, sizeof buf, &len, buf);
    GLenum e2 = glGetError();
    if (e1 != GL_INVALID_VALUE || e2 != GL_INVALID_VALUE) {
        printf("FAIL: %s: glObjectLabel 0x%x, glGetObjectLabel 0x%x, not INVALID_VALUE\n", what,
               e1, e2);
        exit(1);
    }
}

static void check_labels(void)
{
    while (glGetError() != GL_NO_ERROR) {
    }
    GLuint buffer, texture, sampler, query, vao, rb, fb, list;
    glGenBuffers(1, &buffer);
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    label_round_trip(GL_BUFFER, buffer, "a buffer");
    GLuint shader = glCreateShader(GL_VERTEX_SHADER);
    label_round_trip(GL_SHADER, shader, "a shader");
    GLuint program = glCreateProgram();
    label_round_trip(GL_PROGRAM, program, "a program");
    /* A shader's name is no program, and the other way round. */
    label_invalid(GL_PROGRAM, shader, "GL_PROGRAM with a shader's name");
    label_invalid(GL_SHADER, program, "GL_SHADER with a program's name");
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    label_round_trip(GL_TEXTURE, texture, "a texture");
    glGenSamplers(1, &sampler);
    label_round_trip(GL_SAMPLER, sampler, "a sampler");
    glGenQueries(1, &query);
    glBeginQuery(GL_SAMPLES_PASSED, query);
    glEndQuery(GL_SAMPLES_PASSED);
    label_round_trip(GL_QUERY, query, "a query");
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    label_round_trip(GL_VERTEX_ARRAY, vao, "a vertex array");
    glBindVertexArray(0);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    label_round_trip(GL_RENDERBUFFER, rb, "a renderbuffer");
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    label_round_trip(GL_FRAMEBUFFER, fb, "a framebuffer");
    list = glGenLists(2);
    glNewList(list, GL_COMPILE);
    glEndList();
    label_round_trip(GL_DISPLAY_LIST, list, "a display list");
    /* A name glGenLists reserved is a list (glIsList), as in Mesa. */
    label_round_trip(GL_DISPLAY_LIST, list + 1, "a reserved display list name");
    /* The labels are the objects' own: each kept its own. */
    label_round_trip(GL_TEXTURE, texture, "a texture, again");
    printf("ok: labels on every object type\n");

    /* glPushClientAttrib/glPopClientAttrib restore the arrays of a vertex
     * array object, not its label. */
    glBindVertexArray(vao);
    glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
    glObjectLabel(GL_VERTEX_ARRAY, vao, -1, "after push");
    glPopClientAttrib();
    char buf[300];
    GLsizei len = -1;
    glGetObjectLabel(GL_VERTEX_ARRAY, vao, sizeof buf, &len, buf);
    check(len == 10 && strcmp(buf, "after push") == 0 && glGetError() == GL_NO_ERROR,
          "glPopClientAttrib leaves a vertex array's label", "%d \"%s\"", len, buf);
    glBindVertexArray(0);

    /* bufSize: at most bufSize - 1 characters and a terminator; the length
     * is what was written. Null label: only the length. */
    memset(buf, 'z', sizeof buf);
    glGetObjectLabel(GL_BUFFER, buffer, 5, &len, buf);
    check(len == 4 && strcmp(buf, "Test") == 0 && buf[5] == 'z', "glGetObjectLabel(bufSize 5)",
          "%d \"%.8s\"", len, buf);
    len = -1;
    glGetObjectLabel(GL_BUFFER, buffer, sizeof buf, &len, NULL);
    check(len == 10, "glGetObjectLabel(label NULL) gives the length", "%d", len);
    glGetObjectLabel(GL_BUFFER, buffer, sizeof buf, NULL, buf);
    check(strcmp(buf, "Test Label") == 0 && glGetError() == GL_NO_ERROR,
          "glGetObjectLabel(length NULL)", "\"%s\"", buf);
    /* An explicit length takes that many characters, NUL or not. */
    glObjectLabel(GL_BUFFER, buffer, 4, "Test Label");
    glGetObjectLabel(GL_BUFFER, buffer, sizeof buf, &len, buf);
    check(len == 4 && strcmp(buf, "Test") == 0, "glObjectLabel(length 4)", "%d \"%s\"", len,
          buf);

    /* MAX_LABEL_LENGTH counts the terminator: 255 characters are a label,
     * 256 are INVALID_VALUE (either way of giving the length), and the
     * failed call leaves the label as it was. */
    GLint max = get_int(GL_MAX_LABEL_LENGTH);
    check(max == 256, "GL_MAX_LABEL_LENGTH", "%d", max);
    char long_label[257];
    memset(long_label, 'a', 256);
    long_label[256] = 0;
    glObjectLabel(GL_TEXTURE, texture, -1, long_label);
    check(glGetError() == GL_INVALID_VALUE, "a label of MAX_LABEL_LENGTH characters",
          "no INVALID_VALUE");
    glObjectLabel(GL_TEXTURE, texture, 256, long_label);
    check(glGetError() == GL_INVALID_VALUE, "a label of length MAX_LABEL_LENGTH",
          "no INVALID_VALUE");
    label_round_trip(GL_TEXTURE, texture, "a texture after a refused label");
    glObjectLabel(GL_TEXTURE, texture, 255, long_label);
    glGetObjectLabel(GL_TEXTURE, texture, sizeof buf, &len, buf);
    check(glGetError() == GL_NO_ERROR && len == 255 && strlen(buf) == 255,
          "a label of MAX_LABEL_LENGTH - 1 characters", "%d", len);

    /* A null label removes it; so does an empty one. */
    glObjectLabel(GL_SAMPLER, sampler, -1, NULL);
    label_empty(GL_SAMPLER, sampler, "a label removed by NULL");
    glObjectLabel(GL_PROGRAM, program, 0, "ignored");
    label_empty(GL_PROGRAM, program, "a label set empty");
    printf("ok: labels removed by NULL and by an empty label\n");

    /* Deleted objects are no objects; names made again start unlabelled. */
    glDeleteBuffers(1, &buffer);
    label_invalid(GL_BUFFER, buffer, "a deleted buffer");
    glDeleteTextures(1, &texture);
    label_invalid(GL_TEXTURE, texture, "a deleted texture");
    glDeleteSamplers(1, &sampler);
    label_invalid(GL_SAMPLER, sampler, "a deleted sampler");
    glDeleteQueries(1, &query);
    label_invalid(GL_QUERY, query, "a deleted query");
    glDeleteVertexArrays(1, &vao);
    label_invalid(GL_VERTEX_ARRAY, vao, "a deleted vertex array");
    glDeleteRenderbuffers(1, &rb);
    label_invalid(GL_RENDERBUFFER, rb, "a deleted renderbuffer");
    glDeleteFramebuffers(1, &fb);
    label_invalid(GL_FRAMEBUFFER, fb, "a deleted framebuffer");
    glDeleteShader(shader);
    label_invalid(GL_SHADER, shader, "a deleted shader");
    glDeleteProgram(program);
    label_invalid(GL_PROGRAM, program, "a deleted program");
    glDeleteLists(list, 2);
    label_invalid(GL_DISPLAY_LIST, list, "a deleted display list");
    label_invalid(GL_DISPLAY_LIST, list + 1, "a deleted reserved list name");
    GLuint again;
    glGenBuffers(1, &again);
    glBindBuffer(GL_ARRAY_BUFFER, again);
    label_empty(GL_BUFFER, again, "a new buffer");
    glDeleteBuffers(1, &again);
    glGenTextures(1, &again);
    glBindTexture(GL_TEXTURE_2D, again);
    label_empty(GL_TEXTURE, again, "a new texture");
    glBindTexture(GL_TEXTURE_2D, 0);
    glDeleteTextures(1, &again);
    /* Name 0 (the default objects) is no object to label. */
    label_invalid(GL_TEXTURE, 0, "texture 0");
    label_invalid(GL_FRAMEBUFFER, 0, "framebuffer 0");
    label_invalid(GL_BUFFER, 0, "buffer 0");
    printf("ok: deleted objects and name 0 are no objects\n");
    /* The errors above are messages in the log: empty it. */
    glGetDebugMessageLog(1000, 0, NULL, NULL, NULL, NULL, NULL, NULL);
}

static void check_aliases(void)
{
    /* glext.h has no KHR typedefs (they are GLES names); same signature. */
    PFNGLDEBUGMESSAGEINSERTPROC insert_khr = (PFNGLDEBUGMESSAGEINSERTPROC)
        glXGetProcAddressARB((const GLubyte *)"glDebugMessageInsertKHR");
    PFNGLDEBUGMESSAGEINSERTARBPROC insert_arb = (PFNGLDEBUGMESSAGEINSERTARBPROC)
        glXGetProcAddressARB((const GLubyte *)"glDebugMessageInsertARB");
    PFNGLGETDEBUGMESSAGELOGARBPROC log_arb = (PFNGLGETDEBUGMESSAGELOGARBPROC)
        glXGetProcAddressARB((const GLubyte *)"glGetDebugMessageLogARB");
    check(insert_khr && insert_arb && log_arb, "KHR and ARB entry points resolve", "null");
    insert_khr(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 5, GL_DEBUG_SEVERITY_HIGH, -1,
               "khr");
    insert_arb(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 6, GL_DEBUG_SEVERITY_HIGH, -1,
               "arb");
    GLuint ids[2];
    char log[16];
    GLuint n = log_arb(2, sizeof log, NULL, NULL, ids, NULL, NULL, log);
    check(n == 2 && ids[0] == 5 && ids[1] == 6 && !strcmp(log, "khr") && !strcmp(log + 4, "arb"),
          "the aliases share one message log", "%u", n);
}

static void check_disabled(void)
{
    glDisable(GL_DEBUG_OUTPUT);
    check(!glIsEnabled(GL_DEBUG_OUTPUT), "glDisable(DEBUG_OUTPUT)", "still on");
    glClear(0xdeadbeef);
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                         GL_DEBUG_SEVERITY_HIGH, -1, "x");
    check(glGetError() == GL_INVALID_VALUE && get_int(GL_DEBUG_LOGGED_MESSAGES) == 0,
          "with DEBUG_OUTPUT off errors are only flagged", "%d logged",
          get_int(GL_DEBUG_LOGGED_MESSAGES));
}

int main(void)
{
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        printf("FAIL: cannot open display\n");
        return 1;
    }
    int fb_attribs[] = {GLX_RENDER_TYPE, GLX_RGBA_BIT, GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT,
                        GLX_DOUBLEBUFFER, True, GLX_RED_SIZE, 8, None};
    int n = 0;
    GLXFBConfig *configs = glXChooseFBConfig(dpy, DefaultScreen(dpy), fb_attribs, &n);
    check(configs && n > 0, "an RGBA window GLXFBConfig", "none");
    GLXFBConfig config = configs[0];
    XFree(configs);
    XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, config);
    check(vi != NULL, "its visual", "none");
    Window root = RootWindow(dpy, vi->screen);
    XSetWindowAttributes swa = {0};
    swa.colormap = XCreateColormap(dpy, root, vi->visual, AllocNone);
    Window win = XCreateWindow(dpy, root, 0, 0, 64, 64, 0, vi->depth, InputOutput, vi->visual,
                               CWColormap, &swa);

    CreateContextAttribsFn create = (CreateContextAttribsFn)glXGetProcAddressARB(
        (const GLubyte *)"glXCreateContextAttribsARB");
    check(create != NULL, "glXCreateContextAttribsARB", "missing");
    int ctx_attribs[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 1, GLX_CONTEXT_MINOR_VERSION_ARB, 0,
                         GLX_CONTEXT_FLAGS_ARB, GLX_CONTEXT_DEBUG_BIT_ARB, None};
    GLXContext ctx = create(dpy, config, NULL, True, ctx_attribs);
    check(ctx && glXMakeCurrent(dpy, win, ctx), "a GL 1.0 debug context", "none");

    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    check(ext && strstr(ext, "GL_KHR_debug"), "GL_KHR_debug is advertised", "%s",
          ext ? ext : "(null)");
    check(glIsEnabled(GL_DEBUG_OUTPUT), "DEBUG_OUTPUT is on in a debug context", "off");
    GLboolean b = GL_FALSE;
    glGetBooleanv(GL_DEBUG_OUTPUT, &b);
    check(b == GL_TRUE && glGetError() == GL_NO_ERROR, "glGetBooleanv(DEBUG_OUTPUT)", "%d", b);

    check_limits();
    check_callback();
    check_log();
    check_groups();
    check_errors();
    check_labels();
    check_aliases();
    check_disabled();

    /* A context without the debug flag: DEBUG_OUTPUT starts off, and enabling
     * it gives full output. */
    GLXContext plain = glXCreateContext(dpy, vi, NULL, True);
    check(plain && glXMakeCurrent(dpy, win, plain), "a plain context", "none");
    check(!glIsEnabled(GL_DEBUG_OUTPUT), "DEBUG_OUTPUT is off in a plain context", "on");
    glClear(0xdeadbeef);
    check(get_int(GL_DEBUG_LOGGED_MESSAGES) == 0, "no messages while it is off", "%d",
          get_int(GL_DEBUG_LOGGED_MESSAGES));
    glGetError();
    glEnable(GL_DEBUG_OUTPUT);
    memset(&seen, 0, sizeof seen);
    glDebugMessageCallback(callback, NULL);
    glClear(0xdeadbeef);
    check(seen.count == 1 && strstr(seen.text, "glClear"),
          "glEnable(DEBUG_OUTPUT) in a plain context", "%d \"%s\"", seen.count, seen.text);

    glXMakeCurrent(dpy, None, NULL);
    glXDestroyContext(dpy, plain);
    glXDestroyContext(dpy, ctx);
    XDestroyWindow(dpy, win);
    XFree(vi);
    XCloseDisplay(dpy);
    printf("PASS\n");
    return 0;
}
