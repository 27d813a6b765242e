#version 150
// In/out interface blocks: an arrayed input instance read per vertex
// (constant and dynamic indices), a named output instance, an unnamed
// output block, and gl_PerVertex redeclared for output.
layout(lines) in;
layout(line_strip, max_vertices = 2) out;
in VertexData { vec4 color; float weight[2]; } v[];
out FragData { vec4 color; } f;
out Extra { flat int id; };
out gl_PerVertex { vec4 gl_Position; };
void main() {
    for (int i = 0; i < 2; i++) {
        f.color = v[i].color * v[1].weight[i];
        id = i;
        gl_Position = gl_in[i].gl_Position;
        EmitVertex();
    }
}
