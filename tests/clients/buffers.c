/*
 * buffers.c: buffer objects through the public API — data, sub-data,
 * read-back, mapping (writes through the pointer are seen), copies, the
 * spec's errors, and sharing between two contexts of one share group.
 * Prints one line per failed check and PASS when all hold.
 */
#define GL_GLEXT_PROTOTYPES
#include "common.h"
#include <GL/gl.h>
#include <GL/glext.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    struct test_window t = open_test_window();
    GLXContext ctx2 = glXCreateContext(t.dpy, t.vis, t.ctx, True);

    GLuint b[2];
    glGenBuffers(2, b);
    CHECK(b[0] != 0 && b[1] != 0 && b[0] != b[1], "names %u %u", b[0], b[1]);
    CHECK(!glIsBuffer(b[0]), "a generated but unbound name is not a buffer yet");
    glBindBuffer(GL_ARRAY_BUFFER, b[0]);
    CHECK(glIsBuffer(b[0]), "bound name is a buffer");
    unsigned char init[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    glBufferData(GL_ARRAY_BUFFER, 8, init, GL_STATIC_DRAW);
    glBufferSubData(GL_ARRAY_BUFFER, 2, 2, "\x09\x09");
    unsigned char out[8] = { 0 };
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, 8, out);
    CHECK(out[1] == 2 && out[2] == 9 && out[3] == 9 && out[4] == 5, "sub data: %u %u %u %u", out[1], out[2], out[3], out[4]);
    GLint v = 0;
    glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &v);
    CHECK(v == 8, "size %d", v);
    glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_USAGE, &v);
    CHECK(v == GL_STATIC_DRAW, "usage 0x%x", v);
    expect_error(GL_NO_ERROR, "data");

    unsigned char *p = glMapBufferRange(GL_ARRAY_BUFFER, 4, 4, GL_MAP_WRITE_BIT);
    CHECK(p != NULL, "map returned NULL");
    if (p)
        memset(p, 0xab, 4);
    glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED, &v);
    CHECK(v == GL_TRUE, "mapped %d", v);
    glBufferSubData(GL_ARRAY_BUFFER, 0, 1, init);
    expect_error(GL_NO_ERROR, "sub data outside the mapped range (GL 4.6 §6.2)");
    glBufferSubData(GL_ARRAY_BUFFER, 3, 2, init);
    expect_error(GL_INVALID_OPERATION, "sub data overlapping the mapped range");
    CHECK(glUnmapBuffer(GL_ARRAY_BUFFER) == GL_TRUE, "unmap");
    glGetBufferSubData(GL_ARRAY_BUFFER, 4, 4, out);
    CHECK(out[0] == 0xab && out[3] == 0xab, "mapped writes: %x %x", out[0], out[3]);
    glUnmapBuffer(GL_ARRAY_BUFFER);
    expect_error(GL_INVALID_OPERATION, "unmap twice");

    glBufferSubData(GL_ARRAY_BUFFER, 6, 4, init);
    expect_error(GL_INVALID_VALUE, "sub data past the end");
    glBufferData(GL_ARRAY_BUFFER, -1, NULL, GL_STATIC_DRAW);
    expect_error(GL_INVALID_VALUE, "negative size");
    glBufferData(GL_ARRAY_BUFFER, 4, NULL, 0x1234);
    expect_error(GL_INVALID_ENUM, "bad usage");
    glBufferData(0x1234, 4, NULL, GL_STATIC_DRAW);
    expect_error(GL_INVALID_ENUM, "bad target");
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glBufferData(GL_ARRAY_BUFFER, 4, NULL, GL_STATIC_DRAW);
    expect_error(GL_INVALID_OPERATION, "no buffer bound");
    glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT);
    expect_error(GL_INVALID_OPERATION, "map with no buffer bound");

    /* Copies. */
    glBindBuffer(GL_COPY_READ_BUFFER, b[0]);
    glBindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
    glBufferData(GL_COPY_WRITE_BUFFER, 8, NULL, GL_STREAM_COPY);
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 4, 0, 4);
    glGetBufferSubData(GL_COPY_WRITE_BUFFER, 0, 4, out);
    CHECK(out[0] == 0xab && out[3] == 0xab, "copy: %x %x", out[0], out[3]);
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_READ_BUFFER, 0, 2, 4);
    expect_error(GL_INVALID_VALUE, "overlapping copy");

    /* Pixel buffer objects are GL 2.1: before it, the targets do not exist
     * (pixel commands take client pointers only). */
    {
        int major = 0, minor = 0;
        sscanf((const char *)glGetString(GL_VERSION), "%d.%d", &major, &minor);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, b[0]);
        if (major * 10 + minor < 21)
            expect_error(GL_INVALID_ENUM, "GL_PIXEL_PACK_BUFFER before GL 2.1");
        else
            expect_error(GL_NO_ERROR, "GL_PIXEL_PACK_BUFFER");
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        glGetError();
    }

    /* The second context shares the names and contents. */
    glFinish();
    glXMakeCurrent(t.dpy, t.win, ctx2);
    CHECK(glIsBuffer(b[1]), "shared name visible in the second context");
    glBindBuffer(GL_ARRAY_BUFFER, b[1]);
    memset(out, 0, sizeof(out));
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, 4, out);
    CHECK(out[0] == 0xab, "shared contents: %x", out[0]);
    glDeleteBuffers(2, b);
    CHECK(!glIsBuffer(b[0]) && !glIsBuffer(b[1]), "deleted");
    GLint bound = -1;
    glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &bound);
    CHECK(bound == 0, "deleting a bound buffer unbinds it (got %d)", bound);
    glDeleteBuffers(-1, b);
    expect_error(GL_INVALID_VALUE, "glDeleteBuffers(-1)");

    /* A deleted buffer leaves the bound vertex array object: its arrays
     * and its element array binding (GL 4.6 section 5.1.2). A new buffer
     * that takes the name is not used by them. */
    GLuint vao, vb[2];
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(2, vb);
    glBindBuffer(GL_ARRAY_BUFFER, vb[0]);
    glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, 0);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, vb[1]);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
    glDeleteBuffers(2, vb);
    GLint attrib_buffer = -1, element = -1;
    glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &attrib_buffer);
    glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &element);
    CHECK(attrib_buffer == 0 && element == 0,
          "a deleted buffer stays in the vertex array object: array %d, elements %d",
          attrib_buffer, element);
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao);
    expect_error(GL_NO_ERROR, "deleting buffers a vertex array object holds");

    glXMakeCurrent(t.dpy, None, NULL);
    glXDestroyContext(t.dpy, ctx2);
    return close_test_window(&t);
}
