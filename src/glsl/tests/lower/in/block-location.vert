#version 150
#extension GL_ARB_separate_shader_objects : require
// layout(location) on an output block: the members follow each other from
// the block's location, a member's own location restarting the count; an
// unqualified output takes a location the block leaves free.
in vec4 pos;
out vec4 free_out;
layout(location = 0) out B {
    vec4 a;
    layout(location = 4) vec2 b;
    mat2 c;
} blk;
void main() {
    blk.a = pos;
    blk.b = pos.xy;
    blk.c = mat2(pos);
    free_out = pos.wzyx;
    gl_Position = pos;
}
