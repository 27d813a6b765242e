//! The tessellation stages through the hook table (ABI 23), as the core
//! drives them: GLSL compiled to IR blobs, one `draw_prims` of
//! `GL_PATCHES` with a vertex, tessellation control and evaluation (and
//! geometry) and fragment shaders, pixels read back with `map_buffer`.
#![allow(unsafe_code)]

use std::ptr;

use oxgl_dri_interface::*;
use oxgl_dri_swrast::BACKEND;
use oxgl_glsl::Stage;

const W: u32 = 32;
const H: u32 = 32;
const PATCHES: u32 = 0x000E;

fn blob(stage: Stage, src: &str) -> Vec<u8> {
    let c = oxgl_glsl::compile(src, &oxgl_glsl::Options::new(stage));
    assert!(!c.log.has_errors(), "{src}\n{:?}", c.log);
    let l = oxgl_glsl::lower::lower(&c).expect("lowers");
    oxgl_ir::serialize::serialize(&l.shader)
}

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
    let tcs = stages.tcs.map(|s| blob(Stage::TessControl, s));
    let tes = blob(Stage::TessEval, stages.tes);
    let gs = stages.gs.map(|s| blob(Stage::Geometry, s));
    // SAFETY: the hook table's contract: live handles, valid descriptors,
    // everything destroyed in reverse order.
    unsafe {
        let screen = (BACKEND.create_screen)(&OxglScreenDesc {
            fd: -1,
            pci_vendor: 0,
            pci_device: 0,
            num_threads: 1,
        });
        assert!(!screen.is_null());
        let drawable = (BACKEND.create_drawable)(
            screen,
            &OxglDrawableDesc {
                width: W,
                height: H,
                color_format: OxglColorFormat::B8G8R8A8,
                double_buffered: 0,
                depth_bits: 0,
                stencil_bits: 0,
                accum_bits: 0,
                samples: 0,
                extra_color_buffers: 0,
                extra_color_formats: [OxglColorFormat::B8G8R8A8; OXGL_MAX_EXTRA_COLOR_BUFFERS],
                layers: 0,
            },
        );
        let ctx_desc = OxglContextDesc {
            api: OxglApi::GlCore,
            major: 4,
            minor: 0,
            flags: 0,
            share: ptr::null_mut(),
        };
        let ctx = (BACKEND.create_context)(screen, &ctx_desc);
        assert!(!drawable.is_null() && !ctx.is_null());
        assert_eq!(
            (BACKEND.make_current)(ctx, drawable, drawable),
            OxglStatus::Ok
        );
        let mut clear: OxglClearDesc = std::mem::zeroed();
        clear.buffers = clear_bits::CLEAR_COLOR;
        clear.draw_buffers = draw_buffer_bits::DRAW_FRONT;
        clear.color_mask = [1; 4];
        assert_eq!((BACKEND.clear)(ctx, &clear), OxglStatus::Ok);
        let shader = |b: &[u8]| {
            let s = (BACKEND.create_shader)(screen, b.as_ptr(), b.len(), ptr::null_mut(), 0);
            assert!(!s.is_null());
            s
        };
        let (vs, fs, tes) = (shader(&vs), shader(&fs), shader(&tes));
        let tcs = tcs.as_deref().map_or(ptr::null_mut(), shader);
        let gs = gs.as_deref().map_or(ptr::null_mut(), shader);
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
        let mut d: OxglDrawDesc = std::mem::zeroed();
        d.vertices = positions.as_ptr().cast();
        d.vertex_count = positions.len() as u32;
        d.stride = 4;
        d.attribs = attribs.as_ptr();
        d.num_attribs = 1;
        d.prims = prims.as_ptr();
        d.num_prims = 1;
        d.instance_count = 1;
        d.vs = vs;
        d.fs = fs;
        d.gs = gs;
        d.tcs = tcs;
        d.tes = tes;
        d.patch_vertices = patch_vertices;
        d.patch_default_levels = levels;
        d.draw_buffers = draw_buffer_bits::DRAW_FRONT;
        d.color_outputs = [-1; OXGL_MAX_COLOR_BUFFERS];
        d.color_outputs[0] = 0;
        d.raster.viewport = [0.0, 0.0, W as f32, H as f32];
        d.raster.depth_range = [0.0, 1.0];
        d.raster.point_size = 1.0;
        d.raster.line_width = 1.0;
        d.blend.color_mask = [1; 4];
        d.depth_stencil.depth_func = 0x0207; // GL_ALWAYS
        assert_eq!((BACKEND.draw_prims)(ctx, &d), OxglStatus::Ok);
        assert_eq!((BACKEND.finish)(ctx), OxglStatus::Ok);
        let mut img = empty_image();
        assert_eq!(
            (BACKEND.map_buffer)(drawable, OxglBuffer::FrontColor, &mut img),
            OxglStatus::Ok
        );
        let mut px = Vec::new();
        for y in (0..H as usize).rev() {
            let row = std::slice::from_raw_parts(
                (img.data as *const u8).add(y * img.stride),
                4 * W as usize,
            );
            px.extend(row.chunks(4).map(|c| [c[2], c[1], c[0], c[3]]));
        }
        (BACKEND.unmap_buffer)(drawable, OxglBuffer::FrontColor);
        (BACKEND.make_current)(ptr::null_mut(), ptr::null_mut(), ptr::null_mut());
        for s in [vs, tcs, tes, gs, fs] {
            if !s.is_null() {
                (BACKEND.destroy_shader)(s);
            }
        }
        (BACKEND.destroy_context)(ctx);
        (BACKEND.destroy_drawable)(drawable);
        (BACKEND.destroy_screen)(screen);
        px
    }
}

fn at(px: &[[u8; 4]], x: usize, y: usize) -> [u8; 4] {
    px[y * W as usize + x]
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

/// The generated triangles go through a geometry shader, which sees them
/// in order (`gl_PrimitiveIDIn`) and keeps the first only.
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
    // Levels of 2: the first of several triangles only.
    let stages = Stages {
        tcs: None,
        tes,
        gs: Some(gs),
    };
    let px = render(stages, &tri, 3, [2.0; 6]);
    let blue = px.iter().filter(|p| **p == [0, 0, 255, 255]).count();
    assert!(blue > 0 && blue < (W * H) as usize, "{blue} blue pixels");
}
