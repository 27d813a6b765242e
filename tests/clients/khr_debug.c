/*
 * khr_debug.c: GL_KHR_debug through the public ABI.
 *
 * A GL 1.0 compatibility context created with glXCreateContextAttribsARB and
 * GLX_CONTEXT_DEBUG_BIT_ARB (DEBUG_OUTPUT initially on), then a plain
 * glXCreateContext one (initially off). Checks the limits and state queries,
 * that a GL error reaches the callback as a message naming the error and the
 * command (and that the callback may call GL), the message log without a
 * callback and its size limit, filtering, debug groups, the label errors
 * while no object type exists, and the KHR/ARB aliases.
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
    const char *expected = "GL_INVALID_ENUM in glEnable";
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

    /* Labels: no object type exists yet, so no name is an object. */
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
