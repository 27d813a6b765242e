#version 150 compatibility
// Uniform blocks: with and without an instance name, an array of blocks,
// row-major matrices (transposed at load), a dynamically indexed member.
layout(std140) uniform Transform {
    mat4 mvp;
    layout(row_major) mat2x3 skew;
    float weights[4];
} xf;
layout(std140) uniform Colors {
    vec4 tint;
};
layout(std140, binding = 2) uniform Lights {
    vec4 pos;
} lights[2];
uniform int which;
void main() {
    gl_Position = xf.mvp * gl_Vertex + vec4(xf.skew[1], xf.weights[which]);
    gl_FrontColor = tint + lights[1].pos;
}
