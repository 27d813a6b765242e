#version 120
struct Light { vec3 dir; vec4 color; };
uniform Light lights[2];
varying vec3 n;
void shade(in Light l, inout vec4 acc, out float d) {
    d = max(dot(normalize(n), l.dir), 0.0);
    acc += l.color * d;
}
void main() {
    vec4 acc = vec4(0.0);
    float d[2];
    for (int i = 0; i < 2; i++)
        shade(lights[i], acc, d[i]);
    mat2 m = mat2(d[0], d[1], 1.0, 2.0);
    vec2 v = m * vec2(1.0) + vec2(1.0) * m;
    acc.xy += v;
    gl_FragData[0] = acc;
}
