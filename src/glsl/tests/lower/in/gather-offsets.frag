#version 150
#extension GL_ARB_gpu_shader5 : require
// textureGatherOffsets (ARB_gpu_shader5): four gathers, one per offset,
// each giving its footprint's (i0, j0) texel (lane 3).
uniform sampler2D s;
uniform sampler2DShadow z;
in vec2 tc;
out vec4 color;
const ivec2 offs[4] = ivec2[4](ivec2(0, 0), ivec2(1, 0), ivec2(-2, 3), ivec2(4, -4));
void main() {
  color = textureGatherOffsets(s, tc, offs, 1) + textureGatherOffsets(z, tc, 0.5, offs);
}
