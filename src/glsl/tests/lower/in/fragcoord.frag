#version 150
// gl_FragCoord redeclared with both conventions: the shader's modes.
layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;
out vec4 o;
void main() {
    o = gl_FragCoord;
}
