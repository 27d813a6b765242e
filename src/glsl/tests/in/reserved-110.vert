// No #version: GLSL 1.10 reserves switch, precision, lowp, ...
void main() {
    int switch;
    float lowp;
    precision highp float;
    gl_Position = vec4(0.0);
}
