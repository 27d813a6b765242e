/*
 * egl_check.h: EGL call expectations for the EGL test clients (on top of
 * check.h's CHECK).
 */
#ifndef OXGL_TEST_EGL_CHECK_H
#define OXGL_TEST_EGL_CHECK_H

#include <EGL/egl.h>

#include "check.h"

/* The call's result is checked to be false/NULL and eglGetError to be want. */
#define EXPECT_EGL_ERROR(call, want)                                           \
    do {                                                                       \
        int ok_ = (call) ? 1 : 0;                                              \
        EGLint got_ = eglGetError();                                           \
        CHECK(!ok_ && got_ == (want), "%s: ok=%d error 0x%x, expected 0x%x",  \
              #call, ok_, got_, (want));                                       \
    } while (0)

/* The call's result is checked to be true/non-NULL with EGL_SUCCESS. */
#define EXPECT_EGL_OK(call)                                                    \
    do {                                                                       \
        int ok_ = (call) ? 1 : 0;                                              \
        EGLint got_ = eglGetError();                                           \
        CHECK(ok_ && got_ == EGL_SUCCESS, "%s: ok=%d error 0x%x", #call, ok_, \
              got_);                                                           \
    } while (0)

#endif
