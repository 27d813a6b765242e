//! The geometry stage through the hook table (ABI 16), as the core drives
//! it: GLSL compiled to IR blobs, one `draw_prims` with a vertex, a
//! geometry and a fragment shader, pixels read back with `map_buffer`.

use oxgl_dri_interface::*;

mod common;

use common::{at, blob, render as draw};

/// Renders one draw of `mode` over `positions` (clip coordinates, one
/// per vertex, input location 0) through `gs`; the RGBA8 pixels, bottom
/// row first.
fn render(mode: u32, positions: &[[f32; 4]], gs: &str) -> Vec<[u8; 4]> {
    let vs = blob(
        oxgl_glsl::Stage::Vertex,
        "#version 150\nin vec4 p;\nout vec4 c;\n\
         void main() { gl_Position = p; c = vec4(p.xy * 0.5 + 0.5, 0.0, 1.0); }\n",
    );
    let gs = blob(oxgl_glsl::Stage::Geometry, gs);
    let fs = blob(
        oxgl_glsl::Stage::Fragment,
        "#version 150\nin vec4 col;\nout vec4 o;\nvoid main() { o = col; }\n",
    );
    let attribs = [OxglVertexAttrib {
        location: 0,
        offset: 0,
        size: 4,
    }];
    let prims = [OxglPrim {
        mode,
        start: 0,
        count: positions.len() as u32,
    }];
    draw(&[&vs, &gs, &fs], |d, s| {
        d.vertices = positions.as_ptr().cast();
        d.vertex_count = positions.len() as u32;
        d.stride = 4;
        d.attribs = attribs.as_ptr();
        d.num_attribs = 1;
        d.prims = prims.as_ptr();
        d.num_prims = 1;
        (d.vs, d.gs, d.fs) = (s[0], s[1], s[2]);
    })
}

/// Each point becomes a 8×8-pixel quad (a 4-vertex strip) coloured by
/// its primitive ID; the second point's quad is drawn in red.
#[test]
fn points_become_quads() {
    let gs = "#version 150
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
in vec4 c[];
out vec4 col;
void main() {
    vec4 p = gl_in[0].gl_Position;
    for (int i = 0; i < 4; i++) {
        vec2 o = vec2(i & 1, i >> 1) * 0.5 - 0.25;
        gl_Position = p + vec4(o, 0.0, 0.0);
        col = gl_PrimitiveIDIn == 1 ? vec4(1, 0, 0, 1) : c[0];
        EmitVertex();
    }
}
";
    let px = render(0x0000, &[[-0.5, -0.5, 0.0, 1.0], [0.5, 0.5, 0.0, 1.0]], gs);
    // Point 0 at window (8, 8): its quad covers 4..12, coloured by c
    // (0.25, 0.25, 0, 1).
    assert_eq!(at(&px, 8, 8), [64, 64, 0, 255]);
    assert_eq!(at(&px, 5, 10), [64, 64, 0, 255]);
    // Point 1 at (24, 24), red.
    assert_eq!(at(&px, 24, 24), [255, 0, 0, 255]);
    // Outside both quads: the clear colour.
    assert_eq!(at(&px, 16, 16), [0, 0, 0, 0]);
    assert_eq!(at(&px, 2, 2), [0, 0, 0, 0]);
}

/// A triangle strip of 4 vertices is two input triangles; the shader
/// passes only primitive 1 through (gl_PrimitiveIDIn), with its vertices
/// in gl_in[] order, and EndPrimitive separates nothing else.
#[test]
fn strips_assemble_into_triangles_by_primitive_id() {
    let gs = "#version 150
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
in vec4 c[3];
out vec4 col;
void main() {
    if (gl_PrimitiveIDIn != 1)
        return;
    for (int i = 0; i < gl_in.length(); i++) {
        gl_Position = gl_in[i].gl_Position;
        col = vec4(0, 1, 0, 1);
        EmitVertex();
    }
    EndPrimitive();
}
";
    // Strip 0 (-1,-1) 1 (1,-1) 2 (-1,1) 3 (1,1): triangle 0 is the lower
    // left half, triangle 1 the upper right half.
    let strip = [
        [-1.0, -1.0, 0.0, 1.0],
        [1.0, -1.0, 0.0, 1.0],
        [-1.0, 1.0, 0.0, 1.0],
        [1.0, 1.0, 0.0, 1.0],
    ];
    let px = render(0x0005, &strip, gs);
    assert_eq!(at(&px, 28, 28), [0, 255, 0, 255]);
    assert_eq!(at(&px, 3, 3), [0, 0, 0, 0]);
}

/// `max_vertices` caps what one invocation emits: 6 emits of a
/// 3-vertex cap draw one triangle, and an unfinished strip of 2 lines'
/// worth is dropped at the end.
#[test]
fn max_vertices_drops_extra_emits() {
    let gs = "#version 150
layout(points) in;
layout(triangle_strip, max_vertices = 3) out;
out vec4 col;
void main() {
    col = vec4(0, 0, 1, 1);
    gl_Position = vec4(-1, -1, 0, 1); EmitVertex();
    gl_Position = vec4(1, -1, 0, 1); EmitVertex();
    gl_Position = vec4(-1, 1, 0, 1); EmitVertex();
    EndPrimitive();
    gl_Position = vec4(1, 1, 0, 1); EmitVertex();
    gl_Position = vec4(1, -1, 0, 1); EmitVertex();
    gl_Position = vec4(-1, 1, 0, 1); EmitVertex();
}
";
    let px = render(0x0000, &[[0.0, 0.0, 0.0, 1.0]], gs);
    assert_eq!(at(&px, 3, 3), [0, 0, 255, 255]);
    assert_eq!(at(&px, 28, 28), [0, 0, 0, 0]);
}
