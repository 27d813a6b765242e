#version 110
// `in' and `out' declare parameters only before GLSL 1.30.
in vec4 position;
out vec4 colour;
void f(in vec4 a, out vec4 b) { b = a; }
void main()
{
    f(position, colour);
    gl_Position = position;
}
