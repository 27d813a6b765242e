#version 400
// A tessellation evaluation shader: its layout as modes, per-vertex inputs
// of gl_MaxPatchVertices, a patch input, gl_TessCoord and the levels read.
layout(triangles, fractional_odd_spacing, cw, point_mode) in;
in vec4 tc_color[];
patch in float area;
out vec4 te_color;
void main() {
    vec3 w = gl_TessCoord;
    gl_Position = w.x * gl_in[0].gl_Position + w.y * gl_in[1].gl_Position
        + w.z * gl_in[2].gl_Position;
    te_color = tc_color[1] * area + vec4(gl_TessLevelOuter[2], gl_TessLevelInner[0], 0.0, 1.0);
}
