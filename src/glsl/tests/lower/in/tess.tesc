#version 400
// A tessellation control shader: per-vertex inputs sized by
// gl_MaxPatchVertices, per-vertex outputs by `vertices` (written at
// gl_InvocationID), a patch output (at oxgl_ir::PATCH_LOCATION0), the
// tessellation levels, barrier().
layout(vertices = 3) out;
in vec4 color[];
out vec4 tc_color[];
patch out float area;
void main() {
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    tc_color[gl_InvocationID] = color[gl_InvocationID] * float(gl_PatchVerticesIn);
    gl_TessLevelOuter[0] = 2.0;
    gl_TessLevelOuter[1] = 3.0;
    gl_TessLevelOuter[2] = 4.0;
    gl_TessLevelInner[0] = 5.0;
    barrier();
    area = tc_color[0].x + tc_color[2].y + float(gl_PrimitiveID);
}
