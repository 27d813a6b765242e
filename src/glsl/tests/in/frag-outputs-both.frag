#version 130
// GLSL 1.30 §7.2: gl_FragColor, gl_FragData and user outputs exclude each
// other, even when one write is dead code.
out vec4 color;
void main()
{
    gl_FragColor = vec4(1.0);
    if (false)
        color = vec4(0.0);
}
