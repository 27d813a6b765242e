/*
 * sync.c: GL_ARB_sync fences in a compatibility context. A fence after
 * rendering is signaled by the time the application waits on it (the
 * pixels are there), glGetSynciv reports the initial properties with their
 * lengths, and every error the extension names: a bad condition or flags
 * for glFenceSync, handles that are not sync objects (never dereferenced),
 * bad flags and timeouts for glClientWaitSync and glWaitSync, a bad pname
 * and a negative count for glGetSynciv. Also glIsSync before and after
 * glDeleteSync, glDeleteSync(0), fence labels (KHR_debug's
 * glObjectPtrLabel), GL_MAX_SERVER_WAIT_TIMEOUT, and that fences are not
 * compiled into display lists. Prints FAIL lines and PASS; the same holds
 * on llvmpipe.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/glext.h>
#include <string.h>

int main(void)
{
    struct test_window t = open_test_window();
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    CHECK(ext && strstr(ext, "GL_ARB_sync"), "GL_ARB_sync not advertised");

    /* Rendering, a fence, a wait: the pixels are there. */
    glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor3f(1, 0, 0);
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(0, -1);
    glVertex2f(0, 1);
    glVertex2f(-1, 1);
    glEnd();
    GLsync fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    CHECK(fence != NULL, "glFenceSync returned NULL");
    CHECK(glIsSync(fence), "glIsSync of a fence is false");
    GLenum waited = glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, 1000000000ull);
    CHECK(waited == GL_ALREADY_SIGNALED || waited == GL_CONDITION_SATISFIED,
          "glClientWaitSync: 0x%x", waited);
    /* Once signaled, a wait says so even with a zero timeout. */
    CHECK(glClientWaitSync(fence, 0, 0) == GL_ALREADY_SIGNALED, "second wait not ALREADY_SIGNALED");
    glWaitSync(fence, 0, GL_TIMEOUT_IGNORED);
    expect_error(GL_NO_ERROR, "glWaitSync");
    unsigned char px[4];
    glReadBuffer(GL_BACK);
    glReadPixels(4, 16, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 255 && px[1] == 0, "left pixel %d %d %d", px[0], px[1], px[2]);
    glReadPixels(28, 16, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 0 && px[1] == 255, "right pixel %d %d %d", px[0], px[1], px[2]);

    /* Properties (GL 4.6 table 4.1) and the lengths written. */
    GLint v = -1;
    GLsizei len = -5;
    glGetSynciv(fence, GL_OBJECT_TYPE, 1, &len, &v);
    CHECK(len == 1 && v == GL_SYNC_FENCE, "OBJECT_TYPE %d (length %d)", v, len);
    glGetSynciv(fence, GL_SYNC_CONDITION, 1, &len, &v);
    CHECK(len == 1 && v == GL_SYNC_GPU_COMMANDS_COMPLETE, "SYNC_CONDITION 0x%x", v);
    glGetSynciv(fence, GL_SYNC_STATUS, 1, &len, &v);
    CHECK(len == 1 && v == GL_SIGNALED, "SYNC_STATUS 0x%x after a wait", v);
    glGetSynciv(fence, GL_SYNC_FLAGS, 1, &len, &v);
    CHECK(len == 1 && v == 0, "SYNC_FLAGS %d", v);
    /* A count of 0 writes no value (oxgl's length says 0 values were
     * written, as GL 4.6 §4.1.3 words it; Mesa's says 1, the value's size). */
    v = 1234;
    glGetSynciv(fence, GL_SYNC_FLAGS, 0, &len, &v);
    CHECK(v == 1234, "count 0 wrote a value (%d)", v);
    expect_error(GL_NO_ERROR, "glGetSynciv");

    /* Labels. */
    glObjectPtrLabel(fence, -1, "the fence");
    char label[32] = "x";
    glGetObjectPtrLabel(fence, sizeof label, &len, label);
    CHECK(len == 9 && strcmp(label, "the fence") == 0, "label \"%s\" (%d)", label, len);
    expect_error(GL_NO_ERROR, "fence labels");

    /* Errors. */
    GLsync bad = (GLsync)(size_t)0x1373;
    CHECK(glFenceSync(GL_SYNC_STATUS, 0) == NULL, "a bad condition made a fence");
    expect_error(GL_INVALID_ENUM, "glFenceSync(bad condition)");
    CHECK(glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 1) == NULL, "bad flags made a fence");
    expect_error(GL_INVALID_VALUE, "glFenceSync(flags 1)");
    CHECK(!glIsSync(bad) && !glIsSync(NULL), "glIsSync of a non-sync is true");
    expect_error(GL_NO_ERROR, "glIsSync");
    CHECK(glClientWaitSync(bad, 0, 0) == GL_WAIT_FAILED, "wait on a non-sync");
    expect_error(GL_INVALID_VALUE, "glClientWaitSync(non-sync)");
    CHECK(glClientWaitSync(fence, 2, 0) == GL_WAIT_FAILED, "wait with bad flags");
    expect_error(GL_INVALID_VALUE, "glClientWaitSync(flags 2)");
    glWaitSync(bad, 0, GL_TIMEOUT_IGNORED);
    expect_error(GL_INVALID_VALUE, "glWaitSync(non-sync)");
    glWaitSync(fence, 3, GL_TIMEOUT_IGNORED);
    expect_error(GL_INVALID_VALUE, "glWaitSync(flags 3)");
    glWaitSync(fence, 0, 10);
    expect_error(GL_INVALID_VALUE, "glWaitSync(timeout 10)");
    glGetSynciv(bad, GL_SYNC_STATUS, 1, &len, &v);
    expect_error(GL_INVALID_VALUE, "glGetSynciv(non-sync)");
    glGetSynciv(fence, GL_INVALID_VALUE, 1, &len, &v);
    expect_error(GL_INVALID_ENUM, "glGetSynciv(bad pname)");
    glGetSynciv(fence, GL_SYNC_STATUS, -1, &len, &v);
    expect_error(GL_INVALID_VALUE, "glGetSynciv(count -1)");
    glObjectPtrLabel(bad, -1, "x");
    expect_error(GL_INVALID_VALUE, "glObjectPtrLabel(non-sync)");

    /* Fences execute at once, also while a display list is compiled. */
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    GLsync in_list = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    glEndList();
    CHECK(in_list != NULL && glIsSync(in_list), "glFenceSync inside glNewList");
    glDeleteSync(in_list);
    glDeleteLists(list, 1);

    GLint64 max_wait = 0;
    glGetInteger64v(GL_MAX_SERVER_WAIT_TIMEOUT, &max_wait);
    CHECK(max_wait > 0, "GL_MAX_SERVER_WAIT_TIMEOUT %lld", (long long)max_wait);

    /* Deletion. */
    glDeleteSync(NULL);
    expect_error(GL_NO_ERROR, "glDeleteSync(0)");
    glDeleteSync(bad);
    expect_error(GL_INVALID_VALUE, "glDeleteSync(non-sync)");
    glDeleteSync(fence);
    expect_error(GL_NO_ERROR, "glDeleteSync");
    CHECK(!glIsSync(fence), "a deleted fence is still a sync");
    glDeleteSync(fence);
    expect_error(GL_INVALID_VALUE, "glDeleteSync twice");
    return close_test_window(&t);
}
