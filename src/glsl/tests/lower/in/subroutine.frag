#version 150
#extension GL_ARB_shader_subroutine : require
// A call through a subroutine uniform is a branch on its index over the
// functions of its type; an element of an array of them selects too.
out vec4 color;
uniform int pick;

subroutine vec4 paint(float k);
subroutine float chan();
subroutine uniform paint Paint;
subroutine uniform chan Chans[2];

subroutine(paint) vec4 red(float k) { return vec4(k, 0.0, 0.0, 1.0); }
subroutine(chan) float full() { return 1.0; }
subroutine(paint) vec4 green(float k) { return vec4(0.0, k, 0.0, 1.0); }
subroutine(chan) float empty() { return 0.0; }

void main() {
  color = Paint(0.5) + vec4(0.0, 0.0, Chans[pick](), 0.0);
}
