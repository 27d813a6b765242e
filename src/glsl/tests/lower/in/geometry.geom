#version 150
// gl_in[] members and user inputs read from each vertex (constant and
// dynamic indices), EmitVertex/EndPrimitive, gl_PrimitiveIDIn.
layout(triangles) in;
layout(triangle_strip, max_vertices = 6) out;
in vec4 c[];
in float w[3];
out vec4 col;
void main() {
    for (int i = 0; i < gl_in.length(); i++) {
        col = c[i] * w[i] + float(gl_PrimitiveIDIn);
        gl_Position = gl_in[i].gl_Position + vec4(gl_in[0].gl_ClipDistance[1]);
        gl_PointSize = gl_in[2].gl_PointSize;
        EmitVertex();
    }
    EndPrimitive();
}
