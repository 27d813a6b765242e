/*
 * check.h: the failure counter and CHECK macro every test client shares
 * (common.h includes it; clients without a GLX window include it alone).
 */
#ifndef OXGL_TEST_CHECK_H
#define OXGL_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

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

/* Whether the space-separated `list` (an extension or API string) holds
 * `word`. */
static inline int has_word(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; p && (p = strstr(p, word)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return 1;
    return 0;
}

#endif
