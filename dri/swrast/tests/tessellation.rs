//! The tessellation stages through the hook table (ABI 23), as the core
//! drives them: GLSL compiled to IR blobs, one `draw_prims` of
//! `GL_PATCHES` with a vertex, tessellation control and evaluation (and
//! geometry) and fragment shaders, pixels read back with `map_buffer`.
use oxgl_dri_interface::*;
use oxgl_glsl::Stage;

mod common;

use common::{W, at, blob, render as draw};

const PATCHES: u32 = 0x000E;

/// The shaders of a draw besides the vertex shader (which passes input 0
/// to `gl_Position` and `v_pos`) and the fragment shader (which writes
/// the input `col`).
struct Stages<'a> {
    tcs: Option<&'a str>,
    tes: &'a str,
    gs: Option<&'a str>,
}

/// Renders the patches of `patch_vertices` vertices at `positions`
/// (clip coordinates); without a control shader the levels are
/// `levels`. The RGBA8 pixels, bottom row first.
fn render(
    stages: Stages,
    positions: &[[f32; 4]],
    patch_vertices: u32,
    levels: [f32; 6],
) -> Vec<[u8; 4]> {
    let vs = blob(
        Stage::Vertex,
        "#version 400\nin vec4 p;\nout vec4 v_pos;\n\
         void main() { gl_Position = p; v_pos = p; }\n",
    );
    let fs = blob(
        Stage::Fragment,
        "#version 400\nin vec4 col;\nout vec4 o;\nvoid main() { o = col; }\n",
    );
    let tes = blob(Stage::TessEval, stages.tes);
    let tcs = stages.tcs.map(|s| blob(Stage::TessControl, s));
    let gs = stages.gs.map(|s| blob(Stage::Geometry, s));
    let mut blobs: Vec<&[u8]> = vec![&vs, &fs, &tes];
    blobs.extend(tcs.as_deref());
    blobs.extend(gs.as_deref());
    let attribs = [OxglVertexAttrib {
        location: 0,
        offset: 0,
        size: 4,
    }];
    let prims = [OxglPrim {
        mode: PATCHES,
        start: 0,
        count: positions.len() as u32,
    }];
    draw(&blobs, |d, s| {
        d.vertices = positions.as_ptr().cast();
        d.vertex_count = positions.len() as u32;
        d.stride = 4;
        d.attribs = attribs.as_ptr();
        d.num_attribs = 1;
        d.prims = prims.as_ptr();
        d.num_prims = 1;
        (d.vs, d.fs, d.tes) = (s[0], s[1], s[2]);
        let mut rest = s[3..].iter();
        if tcs.is_some() {
            d.tcs = *rest.next().expect("a control shader");
        }
        if gs.is_some() {
            d.gs = *rest.next().expect("a geometry shader");
        }
        d.patch_vertices = patch_vertices;
        d.patch_default_levels = levels;
    })
}

fn near(a: [u8; 4], b: [u8; 4]) -> bool {
    a.iter().zip(&b).all(|(x, y)| x.abs_diff(*y) <= 1)
}

/// A quad patch without a control shader (the default levels), covering
/// the window: the evaluation shader places each vertex bilinearly and
/// colours it by `gl_TessCoord`, which the triangles then interpolate.
#[test]
fn quad_domain_covers_the_patch() {
    let tes = "#version 400
layout(quads) in;
in vec4 v_pos[];
out vec4 col;
void main() {
    vec2 uv = gl_TessCoord.xy;
    vec4 a = mix(v_pos[0], v_pos[1], uv.x);
    vec4 b = mix(v_pos[3], v_pos[2], uv.x);
    gl_Position = mix(a, b, uv.y);
    col = vec4(uv, 0.0, 1.0);
}
";
    let quad = [
        [-1.0, -1.0, 0.0, 1.0],
        [1.0, -1.0, 0.0, 1.0],
        [1.0, 1.0, 0.0, 1.0],
        [-1.0, 1.0, 0.0, 1.0],
    ];
    let stages = Stages {
        tcs: None,
        tes,
        gs: None,
    };
    let px = render(stages, &quad, 4, [3.0, 3.0, 3.0, 3.0, 3.0, 3.0]);
    for (x, y) in [(3, 5), (16, 16), (28, 9), (30, 30)] {
        let want = |c: usize| ((c as f32 + 0.5) / W as f32 * 255.0).round() as u8;
        let got = at(&px, x, y);
        assert!(near(got, [want(x), want(y), 0, 255]), "({x}, {y}): {got:?}");
    }
}

/// A control shader per triangle patch: `gl_out[]` positions, a patch
/// output coloured by `gl_PrimitiveID` and levels of 1 (one triangle);
/// two patches, the lower-left and the upper-right halves of the window.
#[test]
fn control_shader_outputs_and_levels() {
    let tcs = "#version 400
layout(vertices = 3) out;
in vec4 v_pos[];
out vec4 c_pos[];
patch out vec4 colour;
void main() {
    c_pos[gl_InvocationID] = v_pos[gl_InvocationID];
    colour = gl_PrimitiveID == 1 ? vec4(1, 0, 0, 1) : vec4(0, 1, 0, 1);
    gl_TessLevelOuter[0] = 1.0;
    gl_TessLevelOuter[1] = 1.0;
    gl_TessLevelOuter[2] = 1.0;
    gl_TessLevelInner[0] = 1.0;
}
";
    let tes = "#version 400
layout(triangles, equal_spacing, ccw) in;
in vec4 c_pos[];
patch in vec4 colour;
out vec4 col;
void main() {
    gl_Position = gl_TessCoord.x * c_pos[0] + gl_TessCoord.y * c_pos[1]
        + gl_TessCoord.z * c_pos[2];
    col = colour;
}
";
    let tris = [
        [-1.0, -1.0, 0.0, 1.0],
        [1.0, -1.0, 0.0, 1.0],
        [-1.0, 1.0, 0.0, 1.0],
        [1.0, -1.0, 0.0, 1.0],
        [1.0, 1.0, 0.0, 1.0],
        [-1.0, 1.0, 0.0, 1.0],
    ];
    let stages = Stages {
        tcs: Some(tcs),
        tes,
        gs: None,
    };
    let px = render(stages, &tris, 3, [0.0; 6]);
    assert_eq!(at(&px, 4, 4), [0, 255, 0, 255]);
    assert_eq!(at(&px, 27, 27), [255, 0, 0, 255]);
}

/// Isolines: `outer[0]` lines of constant v, `outer[1]` segments each;
/// one line across the window's middle row, nothing above it.
#[test]
fn isolines() {
    let tes = "#version 400
layout(isolines) in;
out vec4 col;
void main() {
    gl_Position = vec4(gl_TessCoord.x * 2.0 - 1.0, gl_TessCoord.y + 0.03, 0.0, 1.0);
    col = vec4(1.0);
}
";
    let stages = Stages {
        tcs: None,
        tes,
        gs: None,
    };
    let patch = [[0.0, 0.0, 0.0, 1.0]; 2];
    let px = render(stages, &patch, 2, [1.0, 4.0, 1.0, 1.0, 1.0, 1.0]);
    for x in [2, 10, 20, 29] {
        assert_eq!(at(&px, x, 16), [255; 4], "x {x}");
        assert_eq!(at(&px, x, 20), [0; 4], "x {x}");
    }
}

/// The generated triangles go through a geometry shader, which sees each
/// one's patch number as `gl_PrimitiveIDIn` (as Mesa: piglit's
/// `gs-primitiveid-instanced`) and keeps those of the first patch.
#[test]
fn geometry_after_tessellation() {
    let tes = "#version 400
layout(triangles) in;
in vec4 v_pos[];
void main() {
    gl_Position = gl_TessCoord.x * v_pos[0] + gl_TessCoord.y * v_pos[1]
        + gl_TessCoord.z * v_pos[2];
}
";
    let gs = "#version 400
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
out vec4 col;
void main() {
    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        col = vec4(0, 0, 1, 1);
        if (gl_PrimitiveIDIn == 0)
            EmitVertex();
    }
}
";
    let tri = [
        [-1.0, -1.0, 0.0, 1.0],
        [3.0, -1.0, 0.0, 1.0],
        [-1.0, 3.0, 0.0, 1.0],
    ];
    let stages = Stages {
        tcs: None,
        tes,
        gs: Some(gs),
    };
    // Levels of 1: one triangle, the whole window blue.
    let px = render(stages, &tri, 3, [1.0; 6]);
    assert_eq!(at(&px, 3, 3), [0, 0, 255, 255]);
    assert_eq!(at(&px, 28, 28), [0, 0, 255, 255]);
    // Levels of 2 on two patches, the left and the right half's lower
    // triangles: every triangle of the first, none of the second.
    let stages = Stages {
        tcs: None,
        tes,
        gs: Some(gs),
    };
    let halves = [
        [-1.0, -1.0, 0.0, 1.0],
        [0.0, -1.0, 0.0, 1.0],
        [-1.0, 1.0, 0.0, 1.0],
        [0.0, -1.0, 0.0, 1.0],
        [1.0, -1.0, 0.0, 1.0],
        [0.0, 1.0, 0.0, 1.0],
    ];
    let px = render(stages, &halves, 3, [2.0; 6]);
    for (x, y) in [(3, 8), (8, 4), (2, 2), (12, 2)] {
        assert_eq!(at(&px, x, y), [0, 0, 255, 255], "patch 0 at ({x}, {y})");
    }
    for (x, y) in [(19, 4), (24, 2), (18, 10)] {
        assert_eq!(at(&px, x, y), [0; 4], "patch 1 at ({x}, {y})");
    }
}
