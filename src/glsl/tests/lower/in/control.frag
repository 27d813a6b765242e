#version 130
uniform int mode;
uniform float weights[4];
in vec2 uv;
out vec4 color;
float sum(int n) {
    float s = 0.0;
    for (int i = 0; i < 4; i++) {
        if (i >= n)
            return s;
        s += weights[i];
    }
    return s;
}
void main() {
    float x = 0.0;
    switch (mode) {
    case 0:
        x = 1.0;
        break;
    case 1:
    case 2:
        x = sum(mode);
    default:
        x += 0.5;
    }
    int k = 0;
    do {
        k++;
    } while (k < mode && uv.x > 0.5);
    color = vec4(x, float(k), uv.x > 0.0 && uv.y > 0.0 ? 1.0 : 0.0, 1.0);
}
