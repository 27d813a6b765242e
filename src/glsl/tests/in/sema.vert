#version 330
// The type-free checks: declaration before use, one declaration per scope,
// reserved gl_ names.
uniform float u;
float a = b;
float b;
float u;
float f(float x) { return x; }
float f(int x) { return float(x); }
float f(float y) { return y; }
int f;
struct S { int x; };
float S;
float arr[];
float arr[3];
out vec4 gl_Position;
float gl_Mine;
void gl_fn() {}
float my__name;
uniform Block { float m; };
float m;
void main() {
    float x = u;
    float x = 1.0;
    { float x = 2.0; }
    for (int i = 0; i < 3; i++) { int i = 2; }
    y = x;
    invariant z;
    gl_Position = vec4(m + arr[0]);
}
void g(float p) { float p; }
