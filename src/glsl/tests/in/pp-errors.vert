#version 150
#define A 1
#define A 2
#define GL_FOO 1
#define __BAR 1
#undef GL_ARB_gpu_shader5
#undef __LINE__
#define F(x, x) x
#define S(x) #x
#define P(x) ## x
#if 1 / 0
#endif
#if 2 % 0
#endif
#if
#endif
#else
#endif
#elif 1
#if 1
#else
#else
#endif
#if 1
#else
#elif 1
#endif
#define TWO(a, b) a b
x = TWO(1);
#foo
#error this is an #error
#if 1
