#version 300 es
#if GL_ES == 1 && __VERSION__ == 300 && defined GL_FRAGMENT_PRECISION_HIGH
es_ok
#endif
#if defined GL_ARB_gpu_shader5
bad_desktop_extension
#endif
#if defined GL_OES_standard_derivatives
ok_es_extension
#endif
#if NOT_DEFINED_IN_ES
#endif
#define P(a, b) a ## b
