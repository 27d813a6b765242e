#version 150
#extension GL_ARB_gpu_shader5 : require
// interpolateAt*: an input, an element indexed at run time, a block member.
in vec2 v;
noperspective in float arr[2];
in B { vec3 m; } blk;
uniform int i;
uniform vec2 off;
out vec4 color;
void main() {
    color = vec4(interpolateAtOffset(v, off), interpolateAtSample(arr[i], 1),
                 interpolateAtCentroid(blk.m).z);
}
