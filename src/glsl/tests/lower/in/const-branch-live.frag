#version 120
// A call to a function no shader defines in a branch that may run is still
// an error (a link error in the GL).
void undefined_function();
uniform float val;

void main()
{
	gl_FragColor = vec4(1.0);
	if (val > 0.0 || sqrt(4.0) != 2.0)
		undefined_function();
}
