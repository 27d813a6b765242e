#version 120
// Conditions the front end folds (built-in calls of constants included)
// choose their branch at lowering: the dead ones are never lowered, so the
// call to a function no shader defines is no error (piglit's
// glsl-const-folding-01). The uniform condition stays a branch.
void undefined_function();
uniform float val;

void main()
{
	gl_FragColor = vec4(1.0, 0.0, 0.0, 0.0);
	if (false)
		undefined_function();
	else if (degrees(0.0) != 0.0 || sqrt(4.0) != 2.0)
		undefined_function();
	else if (exp(1.0) <= 2.718 || abs(-1) != 1 || clamp(2.0, 0.0, 1.0) != 1.0)
		undefined_function();
	else if (val > 0.5)
		gl_FragColor = vec4(0.0, 0.0, 1.0, 0.0);
	else
		gl_FragColor = vec4(0.0, 1.0, 0.0, 0.0);
	if (mod(7.0, 4.0) == 3.0 && sign(-2.0) == -1.0)
		gl_FragColor.a = 1.0;
	else
		undefined_function();
}
