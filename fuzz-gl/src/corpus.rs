//! Shader sources for glShaderSource: small valid GLSL 1.10 shaders with
//! uniform arrays, matrices, samplers and varyings (so that links succeed
//! and glUniform* has targets), and broken ones.

use crate::rng::Rng;

pub const VERTEX: &[&str] = &[
    "void main() { gl_Position = ftransform(); }\n",
    "uniform vec4 u[4];\nuniform mat4 m;\nattribute vec4 a;\nvarying vec4 v;\n\
     void main() { v = u[1] + a; gl_Position = m * gl_Vertex; }\n",
    "uniform float f;\nuniform vec4 u[4];\nvarying vec4 v;\n\
     void main() { v = vec4(f) + u[3]; gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex; }\n",
    "uniform mat3 n[2];\nuniform ivec2 c;\nvarying vec4 v;\n\
     void main() { v = vec4(n[1] * gl_Normal, float(c.x)); gl_Position = gl_Vertex; }\n",
];

pub const FRAGMENT: &[&str] = &[
    "void main() { gl_FragColor = vec4(1.0); }\n",
    "uniform float f;\nuniform vec4 u[4];\nuniform sampler2D s;\nvarying vec4 v;\n\
     void main() { gl_FragColor = v * f + texture2D(s, vec2(0.5)) + u[3]; }\n",
    "uniform bool b;\nuniform vec2 w[8];\nvarying vec4 v;\n\
     void main() { gl_FragColor = b ? v : vec4(w[7], w[0]); }\n",
];

const BROKEN: &[&str] = &[
    "void main() { gl_Position = ; }\n",
    "#version 999\nvoid main() {}\n",
    "uniform vec4 u[2147483647];\nvoid main() { gl_FragColor = u[0]; }\n",
    "#define A(x) A(x)\nvoid main() { A(1); }\n",
    "",
];

/// Any source of the corpus.
pub fn pick(rng: &mut Rng) -> &'static str {
    let list: &[&'static str] = match rng.below(10) {
        0..=3 => VERTEX,
        4..=7 => FRAGMENT,
        _ => BROKEN,
    };
    list[rng.below(list.len() as u64) as usize]
}
