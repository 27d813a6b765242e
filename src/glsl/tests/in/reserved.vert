#version 130
// Words reserved in GLSL 1.30: each use is one error.
void main() {
    int goto = 1;
    float input;
    hvec2 h;
    double d;
    common c;
    int sample = 2;
    int patch = 3;
}
