#version 130
#if 1 + 2 * 3 == 7 && !defined(NOPE) && (0x10 >> 2) == 4
ok1
#endif
#define A 2
#if A == 1
bad1
#elif A == 2
ok2
#else
bad2
#endif
#ifdef A
ok3
#else
bad3
#endif
#ifndef A
bad4
#elif 1 / 0
bad5
#endif
#if 0
#error not reached
#if garbage (
#endif
#else
ok4
#endif
#if UNDEFINED_IS_ZERO
bad6
#endif
#if defined A && defined(A) && GL_FRAGMENT_PRECISION_HIGH
ok5
#endif
#if defined GL_ARB_texture_rectangle && GL_ARB_texture_rectangle == 1
ok6
#endif
#if defined GL_ES || defined GL_core_profile
bad7
#endif
