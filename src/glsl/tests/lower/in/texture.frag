#version 130
uniform sampler2D tex;
uniform sampler2DShadow depth;
in vec2 uv;
in vec4 shadow_coord;
out vec4 color;
void main() {
    vec4 c = texture(tex, uv);
    float lit = textureProj(depth, shadow_coord);
    if (c.a < 0.1)
        discard;
    color = vec4(c.rgb * lit, c.a);
}
