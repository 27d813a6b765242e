#version 330
out vec4 color;
uniform int mode;
struct S { int x; };
void main() {
    int i = 0;
    S s;
    S(1);
    s = S(2);
    float[2](1.0, 2.0);
    if (mode == 0) color = vec4(0); else if (mode == 1) { color = vec4(1); } else discard;
    switch (mode) {
    case 0:
    case 1: i++; break;
    default: { i--; }
    }
    while (i < 10) i += 2;
    while (bool b = i > 3) { i--; }
    do { i <<= 1; } while (i < 100);
    for (int j = 0, k = 1; j < 4; j++, k *= 2) { if (j == 2) continue; color.x += float(k); }
    for (;;) { break; }
    for (i = 0; bool c = i < 3; ++i) ;
    i = i > 0 ? i : -i;
    i = ~i ^ 3 | 4 & 5 << 1 >> 2 % 3;
    color.xy = vec2(true ^^ false, !true || false && true);
    color[0] = float(s.x);
    color = color.zyxw;
    color.x = float(float[2](1.0, 2.0).length());
    return;
}
