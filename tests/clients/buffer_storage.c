/*
 * buffer_storage.c: GL_ARB_buffer_storage (GL 4.4's immutable buffers) by
 * its contents, queries and errors.
 *
 * - glBufferStorage with data, the GL_BUFFER_IMMUTABLE_STORAGE and
 *   GL_BUFFER_STORAGE_FLAGS queries, the contents read back;
 * - what the flags allow: glBufferSubData only with
 *   GL_DYNAMIC_STORAGE_BIT, maps only for the access the flags name;
 * - a persistent, coherent write mapping kept while a draw reads the
 *   buffer as a vertex array and glCopyBufferSubData writes into it, the
 *   copy seen through the mapping after a fence;
 * - errors: no buffer bound, a size of 0, unknown flags, persistent
 *   without read or write, coherent without persistent, glBufferStorage
 *   or glBufferData on immutable storage.
 * Passes on Mesa llvmpipe (gcc -O2 -Wall -o buffer_storage
 * tests/clients/buffer_storage.c -lX11 -lGL).
 * Prints FAIL lines and PASS when every check holds.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include "probe.h"
#include <GL/glext.h>
#include <string.h>

static GLint param(GLenum pname)
{
    GLint v = -1;
    glGetBufferParameteriv(GL_ARRAY_BUFFER, pname, &v);
    return v;
}

int main(void)
{
    struct test_window t = open_pixel_window(32);
    CHECK(has_extension("GL_ARB_buffer_storage"), "GL_ARB_buffer_storage is not advertised");

    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glBufferStorage(GL_ARRAY_BUFFER, 16, NULL, 0);
    expect_error(GL_INVALID_OPERATION, "glBufferStorage(no buffer bound)");

    GLuint bufs[3];
    glGenBuffers(3, bufs);
    glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
    glBufferStorage(GL_ARRAY_BUFFER, 0, NULL, 0);
    expect_error(GL_INVALID_VALUE, "glBufferStorage(size 0)");
    glBufferStorage(GL_ARRAY_BUFFER, 16, NULL, 0x8000);
    expect_error(GL_INVALID_VALUE, "glBufferStorage(unknown flag)");
    glBufferStorage(GL_ARRAY_BUFFER, 16, NULL, GL_MAP_PERSISTENT_BIT);
    expect_error(GL_INVALID_VALUE, "glBufferStorage(persistent, no read or write)");
    glBufferStorage(GL_ARRAY_BUFFER, 16, NULL, GL_MAP_WRITE_BIT | GL_MAP_COHERENT_BIT);
    expect_error(GL_INVALID_VALUE, "glBufferStorage(coherent, not persistent)");
    CHECK(param(GL_BUFFER_IMMUTABLE_STORAGE) == GL_FALSE, "storage immutable after errors");

    /* Immutable, read-only mapping, no dynamic storage. */
    static const GLubyte bytes[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
    glBufferStorage(GL_ARRAY_BUFFER, sizeof bytes, bytes, GL_MAP_READ_BIT);
    expect_error(GL_NO_ERROR, "glBufferStorage(read)");
    CHECK(param(GL_BUFFER_IMMUTABLE_STORAGE) == GL_TRUE, "GL_BUFFER_IMMUTABLE_STORAGE");
    CHECK(param(GL_BUFFER_STORAGE_FLAGS) == GL_MAP_READ_BIT, "GL_BUFFER_STORAGE_FLAGS is 0x%x",
          param(GL_BUFFER_STORAGE_FLAGS));
    CHECK(param(GL_BUFFER_SIZE) == (GLint)sizeof bytes, "GL_BUFFER_SIZE");
    GLubyte back[16] = { 0 };
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof back, back);
    CHECK(!memcmp(back, bytes, sizeof back), "contents read back");
    glBufferSubData(GL_ARRAY_BUFFER, 0, 4, bytes);
    expect_error(GL_INVALID_OPERATION, "glBufferSubData without GL_DYNAMIC_STORAGE_BIT");
    glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_WRITE_BIT);
    expect_error(GL_INVALID_OPERATION, "write map of read-only storage");
    const GLubyte *r = glMapBufferRange(GL_ARRAY_BUFFER, 4, 4, GL_MAP_READ_BIT);
    expect_error(GL_NO_ERROR, "read map");
    CHECK(r && r[0] == 5 && r[3] == 8, "read map contents");
    glUnmapBuffer(GL_ARRAY_BUFFER);
    glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT);
    expect_error(GL_INVALID_OPERATION, "persistent map of storage without the flag");
    glBufferStorage(GL_ARRAY_BUFFER, 16, NULL, GL_MAP_READ_BIT);
    expect_error(GL_INVALID_OPERATION, "glBufferStorage on immutable storage");
    glBufferData(GL_ARRAY_BUFFER, 16, NULL, GL_STATIC_DRAW);
    expect_error(GL_INVALID_OPERATION, "glBufferData on immutable storage");

    /* Dynamic storage takes glBufferSubData. */
    glBindBuffer(GL_ARRAY_BUFFER, bufs[1]);
    glBufferStorage(GL_ARRAY_BUFFER, 16, NULL, GL_DYNAMIC_STORAGE_BIT);
    glBufferSubData(GL_ARRAY_BUFFER, 0, 16, bytes);
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof back, back);
    CHECK(!memcmp(back, bytes, sizeof back), "glBufferSubData with GL_DYNAMIC_STORAGE_BIT");
    expect_error(GL_NO_ERROR, "dynamic storage");

    /* A persistent, coherent mapping: the quad's corners written through
     * it are drawn; then a copy into the buffer is seen through it. */
    static const GLfloat quad[4][2] = { { 4, 4 }, { 28, 4 }, { 28, 28 }, { 4, 28 } };
    const GLbitfield flags = GL_MAP_WRITE_BIT | GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT |
                             GL_MAP_COHERENT_BIT | GL_DYNAMIC_STORAGE_BIT;
    glBindBuffer(GL_ARRAY_BUFFER, bufs[2]);
    glBufferStorage(GL_ARRAY_BUFFER, sizeof quad, NULL, flags);
    GLfloat *map = glMapBufferRange(GL_ARRAY_BUFFER, 0, sizeof quad,
                                    GL_MAP_WRITE_BIT | GL_MAP_READ_BIT |
                                        GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT);
    expect_error(GL_NO_ERROR, "persistent map");
    if (map) {
        memcpy(map, quad, sizeof quad);
        glVertexPointer(2, GL_FLOAT, 0, 0);
        glEnableClientState(GL_VERTEX_ARRAY);
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        glColor3f(0, 1, 0);
        glDrawArrays(GL_QUADS, 0, 4);
        expect_error(GL_NO_ERROR, "a draw from a persistently mapped buffer");
        CHECK_RGBA(16, 16, 0, 255, 0, 255, 0, "the quad written through the mapping");
        glDisableClientState(GL_VERTEX_ARRAY);

        static const GLfloat copied[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
        GLuint src;
        glGenBuffers(1, &src);
        glBindBuffer(GL_COPY_READ_BUFFER, src);
        glBufferData(GL_COPY_READ_BUFFER, sizeof copied, copied, GL_STATIC_DRAW);
        glBindBuffer(GL_COPY_WRITE_BUFFER, bufs[2]);
        glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, sizeof copied);
        expect_error(GL_NO_ERROR, "glCopyBufferSubData into a persistently mapped buffer");
        GLsync fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, GL_TIMEOUT_IGNORED);
        glDeleteSync(fence);
        CHECK(!memcmp(map, copied, sizeof copied), "the copy seen through the mapping");
        glUnmapBuffer(GL_ARRAY_BUFFER);
        glDeleteBuffers(1, &src);
    }
    glDeleteBuffers(3, bufs);
    expect_error(GL_NO_ERROR, "end");
    return close_test_window(&t);
}
