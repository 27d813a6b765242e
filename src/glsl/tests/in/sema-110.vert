// GLSL 1.10: functions and variables have separate name spaces.
const float f = 1.0;
float f(float x) { return x; }
void main() { gl_Position = vec4(f(f)); }
