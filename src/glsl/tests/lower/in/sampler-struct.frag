#version 120
// Uniform structs holding samplers are split member by member: samplers are
// sampler uniforms named as the GL lists them (`m.tex`, `a[1].tex`,
// `n.inner.texs[0]`), the other members default-block uniforms (`m.scale`).
// Passing one to an `in` parameter copies its data members (the callee may
// write them) and binds its samplers.
struct Material {
	vec4 scale;
	sampler2D tex;
};
struct Inner {
	float f;
	sampler2D texs[2];
};
struct Outer {
	float g;
	Inner inner;
};
uniform Material m;
uniform Material a[2];
uniform Outer n;
varying vec2 uv;

vec4 shade(in Material mat, vec2 at)
{
	mat.scale *= 2.0;
	return texture2D(mat.tex, at) * mat.scale;
}

vec4 nested(Inner i)
{
	return texture2D(i.texs[1], uv) * i.f;
}

void main()
{
	gl_FragColor = shade(m, uv) + shade(a[1], uv) + texture2D(a[0].tex, uv)
		+ nested(n.inner) * n.g + texture2D(n.inner.texs[0], uv) * a[0].scale.x;
}
