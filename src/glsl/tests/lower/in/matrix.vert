#version 130
in vec4 position;
in vec3 normal;
uniform mat4 mvp;
uniform mat3 normal_matrix;
out vec3 n;
void main() {
    gl_Position = mvp * position;
    n = normalize(normal_matrix * normal);
}
