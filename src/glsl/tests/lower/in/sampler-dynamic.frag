#version 150
#extension GL_ARB_gpu_shader5 : require
// A sampler array indexed at run time (ARB_gpu_shader5): every element's
// operation, the chosen one's result selected.
uniform sampler2D s[3];
uniform int pick;
in vec2 tc;
out vec4 color;
void main() {
  color = texture(s[pick], tc) + textureGatherOffsets(s[2 - pick], tc,
      ivec2[4](ivec2(0), ivec2(1, 0), ivec2(0, 1), ivec2(1)));
}
