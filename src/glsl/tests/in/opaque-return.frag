#version 110
// GLSL 1.10 §4.1.7: samplers are uniforms and `in' parameters only: no
// sampler return types, no out parameters holding one.
uniform sampler2D u;
struct S { float x; sampler2D tex; };
sampler2D f() { return u; }
void g(out S s) { }
void main()
{
    gl_FragColor = texture2D(f(), vec2(0.0));
}
