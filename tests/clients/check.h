/*
 * check.h: the failure counter and CHECK macro every test client shares
 * (common.h includes it; clients without a GLX window include it alone).
 */
#ifndef OXGL_TEST_CHECK_H
#define OXGL_TEST_CHECK_H

#include <stdio.h>

static int failures;

#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        if (!(cond)) {                                                         \
            printf("FAIL line %d: ", __LINE__);                                \
            printf(__VA_ARGS__);                                               \
            printf("\n");                                                      \
            failures++;                                                        \
        }                                                                      \
    } while (0)

#endif
