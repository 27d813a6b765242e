#version 450
layout(location = 0) in vec4 position;
layout(location = 1, component = 2) in vec2 uv;
layout(std140, binding = 2) uniform Block {
    layout(offset = 16) vec4 a;
    mat4 m[2][3];
    float tail[];
} blocks[2];
layout(std430) buffer SSBO { coherent readonly vec4 data[]; };
out gl_PerVertex { vec4 gl_Position; float gl_PointSize; };
flat out int f_out;
noperspective centroid out vec3 n_out;
invariant gl_Position;
precise out float p;
const int N = 3, M = N * 2;
float arr[N][M], arr2[] = float[](1.0, 2.0);
int[2][3] aoa;
struct Light { vec3 pos; float intensity[2]; } light;
Light lights[4];
uniform struct { int x; } anon;
subroutine vec4 Shade(float x);
subroutine(Shade) vec4 red(float x) { return vec4(x, 0, 0, 1); }
subroutine uniform Shade shaders[2];
layout(binding = 0, offset = 4) uniform atomic_uint counter;
layout(rgba8) uniform writeonly image2D img;
uniform sampler2DArrayShadow shadow;
vec4 f(in float a, out int b, inout vec2 c[2], const in float d);
vec4 g(void);
float h(float);
vec2 v2 = {1.0, 2.0};
mat2 m2 = {{1.0, 0.0}, {0.0, 1.0},};
double d = 1.0lf;
void main() {
    gl_Position = position;
    p = shaders[1](1.0).x;
}
