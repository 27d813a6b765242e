//! Image tests of the rasterizer: small scenes rendered into a `Buffers` and
//! compared exactly with the reference PNGs in `tests/ref/`. `BLESS=1`
//! rewrites the references; on a mismatch `<name>-actual.png` and
//! `<name>-diff.png` (differing pixels white) are written to Cargo's target
//! temporary directory and the test fails.
//!
//! The references were checked by eye against the description above each
//! scene (Mesa cannot be driven from here yet); what each must show is
//! written there so a reviewer can check them too.

mod png;

use std::sync::Arc;

use oxgl_dri_interface::{OxglColorFormat, OxglDrawableDesc, clear_bits, draw_buffer_bits};
use oxgl_dri_swrast::raster::*;
use oxgl_dri_swrast::{Buffers, ClearParams};

const W: u32 = 128;
const H: u32 = 128;

fn buffers() -> Buffers {
    Buffers::new(&OxglDrawableDesc {
        width: W,
        height: H,
        color_format: OxglColorFormat::B8G8R8A8,
        double_buffered: 1,
        depth_bits: 24,
        stencil_bits: 8,
        accum_bits: 0,
        samples: 0,
        extra_color_buffers: 0,
        extra_color_formats: [oxgl_dri_interface::OxglColorFormat::B8G8R8A8; 7],
        layers: 0,
    })
    .unwrap()
}

fn clear(r: &mut Rasterizer, color: [f32; 4]) {
    r.clear(&ClearParams {
        buffers: clear_bits::CLEAR_COLOR | clear_bits::CLEAR_DEPTH | clear_bits::CLEAR_STENCIL,
        draw_buffers: draw_buffer_bits::DRAW_BACK,
        color,
        color_int: [0; 4],
        srgb: 0,
        color_mask: [true; 4],
        depth: 1.0,
        stencil: 0,
        stencil_mask: 0xff,
        rect: None,
        extra: 0,
        extra_masks: [[true; 4]; 7],
    });
}

/// A vertex at GL window `(x, y)`, window depth `z`, with an RGBA colour.
#[derive(Clone, Copy)]
struct V(f32, f32, f32, [f32; 4]);

fn state(f: impl FnOnce(&mut DrawState)) -> Arc<DrawState> {
    let mut s = DrawState::new(Arc::new(InterpolatedColor));
    s.raster.viewport = Viewport::new(W, H);
    f(&mut s);
    Arc::new(s)
}

fn draw_win(r: &mut Rasterizer, st: &Arc<DrawState>, topology: Topology, vs: &[V]) {
    let pos: Vec<[f32; 4]> = vs
        .iter()
        .map(|v| {
            [
                2.0 * v.0 / W as f32 - 1.0,
                2.0 * v.1 / H as f32 - 1.0,
                2.0 * v.2 - 1.0,
                1.0,
            ]
        })
        .collect();
    let col: Vec<f32> = vs.iter().flat_map(|v| v.3).collect();
    draw_clip(r, st, topology, &pos, &col, None);
}

fn draw_clip(
    r: &mut Rasterizer,
    st: &Arc<DrawState>,
    topology: Topology,
    pos: &[[f32; 4]],
    col: &[f32],
    edge_flags: Option<&[u8]>,
) {
    let vb = VertexBatch::aos(pos, col, 4);
    r.draw(
        st,
        &vb,
        &Draw {
            edge_flags,
            ..Draw::new(topology, Elements::Range(0..pos.len() as u32))
        },
    );
}

const RED: [f32; 4] = [1.0, 0.0, 0.0, 1.0];
const GREEN: [f32; 4] = [0.0, 1.0, 0.0, 1.0];
const BLUE: [f32; 4] = [0.0, 0.0, 1.0, 1.0];
const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const YELLOW: [f32; 4] = [1.0, 1.0, 0.0, 1.0];
const CYAN: [f32; 4] = [0.0, 1.0, 1.0, 1.0];
const MAGENTA: [f32; 4] = [1.0, 0.0, 1.0, 1.0];

fn quad(x0: f32, y0: f32, x1: f32, y1: f32, z: f32, c: [f32; 4]) -> [V; 6] {
    [
        V(x0, y0, z, c),
        V(x1, y0, z, c),
        V(x1, y1, z, c),
        V(x0, y0, z, c),
        V(x1, y1, z, c),
        V(x0, y1, z, c),
    ]
}

/// Shows: a dark grey background; a large triangle with red at the bottom
/// left, green at the bottom right and blue at the top, smoothly blended
/// between them (grey-ish in the middle); over its lower right part a
/// half-transparent white rectangle (x 80..124, y 4..40) that lightens what
/// is below it, including the background to its right of the triangle; and
/// a flat-shaded yellow triangle (last-vertex convention, the last vertex
/// is yellow) in the top left corner whose other vertices are red and blue.
fn scene_triangles(r: &mut Rasterizer) {
    clear(r, [0.1, 0.1, 0.1, 1.0]);
    let smooth = state(|_| {});
    draw_win(
        r,
        &smooth,
        Topology::Triangles,
        &[
            V(8.0, 8.0, 0.5, RED),
            V(120.0, 8.0, 0.5, GREEN),
            V(64.0, 120.0, 0.5, BLUE),
        ],
    );
    let blend = state(|s| {
        s.blend.enabled = true;
        s.blend.func.src_rgb = BlendFactor::SrcAlpha;
        s.blend.func.dst_rgb = BlendFactor::OneMinusSrcAlpha;
    });
    draw_win(
        r,
        &blend,
        Topology::Triangles,
        &quad(80.0, 4.0, 124.0, 40.0, 0.5, [1.0, 1.0, 1.0, 0.5]),
    );
    let flat = state(|s| {
        s.raster.interp[..4].fill(Interp::Flat);
    });
    draw_win(
        r,
        &flat,
        Topology::Triangles,
        &[
            V(4.0, 124.0, 0.5, RED),
            V(4.0, 84.0, 0.5, BLUE),
            V(40.0, 124.0, 0.5, YELLOW),
        ],
    );
}

/// Shows, on black: a 1-pixel white square outline (line loop, x and y 8..40)
/// with no missing or doubled corners; a 5-pixel-tall yellow line from
/// (48, 10) to (120, 40); a dashed cyan line across y = 60 (8 pixels on, 8
/// off: pattern 0x00ff, factor 1); a line strip zigzag along the top whose
/// colour runs red -> green -> blue -> red; points of sizes 1 to 6 along
/// y = 90 in white; and a round magenta point of diameter 14 at (110, 110).
fn scene_lines_points(r: &mut Rasterizer) {
    clear(r, [0.0, 0.0, 0.0, 1.0]);
    let base = state(|_| {});
    draw_win(
        r,
        &base,
        Topology::LineLoop,
        &[
            V(8.5, 8.5, 0.5, WHITE),
            V(40.5, 8.5, 0.5, WHITE),
            V(40.5, 40.5, 0.5, WHITE),
            V(8.5, 40.5, 0.5, WHITE),
        ],
    );
    let wide = state(|s| s.raster.line_width = 5.0);
    draw_win(
        r,
        &wide,
        Topology::Lines,
        &[V(48.0, 10.0, 0.5, YELLOW), V(120.0, 40.0, 0.5, YELLOW)],
    );
    let stipple = state(|s| {
        s.raster.line_stipple = Some(LineStipple {
            factor: 1,
            pattern: 0x00ff,
        })
    });
    draw_win(
        r,
        &stipple,
        Topology::Lines,
        &[V(8.0, 60.5, 0.5, CYAN), V(120.0, 60.5, 0.5, CYAN)],
    );
    draw_win(
        r,
        &base,
        Topology::LineStrip,
        &[
            V(8.5, 70.5, 0.5, RED),
            V(40.5, 80.5, 0.5, GREEN),
            V(72.5, 70.5, 0.5, BLUE),
            V(104.5, 80.5, 0.5, RED),
        ],
    );
    for size in 1..=6 {
        let s = state(|s| s.raster.point_size = size as f32);
        let x = 10.0 + 16.0 * (size - 1) as f32;
        draw_win(r, &s, Topology::Points, &[V(x, 90.0, 0.5, WHITE)]);
    }
    let round = state(|s| {
        s.raster.point_size = 14.0;
        s.raster.point_smooth = true;
    });
    draw_win(
        r,
        &round,
        Topology::Points,
        &[V(110.0, 110.0, 0.5, MAGENTA)],
    );
}

/// Shows, on dark blue: bottom left a solid red counter-clockwise triangle;
/// right of it a clockwise (back-facing) triangle drawn as a green outline
/// (back polygon mode LINE); above them a white quad outline with no
/// diagonal (two triangles whose shared edge has its edge flags cleared);
/// top right three 3-pixel yellow dots at the corners of a back-facing
/// triangle in POINT mode; bottom right a cyan quad through a polygon
/// stipple of alternating 2×2 checks; and no trace of the magenta triangle,
/// which is culled (front faces culled for that draw).
fn scene_polygon_modes(r: &mut Rasterizer) {
    clear(r, [0.0, 0.0, 0.25, 1.0]);
    let modes = state(|s| {
        s.raster.polygon_mode_back = PolygonMode::Line;
    });
    draw_win(
        r,
        &modes,
        Topology::Triangles,
        &[
            V(8.0, 8.0, 0.5, RED),
            V(56.0, 8.0, 0.5, RED),
            V(8.0, 56.0, 0.5, RED),
            // Clockwise: back facing, outlined.
            V(64.5, 8.5, 0.5, GREEN),
            V(64.5, 56.5, 0.5, GREEN),
            V(100.5, 8.5, 0.5, GREEN),
        ],
    );
    let lines = state(|s| {
        s.raster.polygon_mode_front = PolygonMode::Line;
    });
    let q = [(8.5, 70.5), (56.5, 70.5), (56.5, 110.5), (8.5, 110.5)];
    let pos: Vec<[f32; 4]> = [0, 1, 2, 0, 2, 3]
        .iter()
        .map(|&i: &usize| {
            let (x, y) = q[i];
            [2.0 * x / W as f32 - 1.0, 2.0 * y / H as f32 - 1.0, 0.0, 1.0]
        })
        .collect();
    let col: Vec<f32> = (0..6).flat_map(|_| WHITE).collect();
    // Triangle (0, 1, 2): edge 2 -> 0 is the diagonal; (0, 2, 3): edge 0 -> 2.
    draw_clip(
        r,
        &lines,
        Topology::Triangles,
        &pos,
        &col,
        Some(&[0b011, 0b110]),
    );
    let points = state(|s| {
        s.raster.polygon_mode_back = PolygonMode::Point;
        s.raster.point_size = 3.0;
    });
    draw_win(
        r,
        &points,
        Topology::Triangles,
        &[
            V(70.5, 70.5, 0.5, YELLOW),
            V(90.5, 110.5, 0.5, YELLOW),
            V(118.5, 80.5, 0.5, YELLOW),
        ],
    );
    let mut pattern = [0u32; 32];
    for (y, row) in pattern.iter_mut().enumerate() {
        *row = if (y / 2) % 2 == 0 {
            0x3333_3333
        } else {
            0xcccc_cccc
        };
    }
    let stipple = state(|s| s.raster.polygon_stipple = Some(pattern));
    draw_win(
        r,
        &stipple,
        Topology::Triangles,
        &quad(104.0, 8.0, 124.0, 56.0, 0.5, CYAN),
    );
    let culled = state(|s| s.raster.cull = CullMode::Front);
    draw_win(
        r,
        &culled,
        Topology::Triangles,
        &[
            V(60.0, 60.0, 0.5, MAGENTA),
            V(100.0, 60.0, 0.5, MAGENTA),
            V(80.0, 68.0, 0.5, MAGENTA),
        ],
    );
}

/// Shows: a perspective floor (six 2-unit stripes, alternately red and
/// green, at y = -1 in eye space, running from behind the eye to 40 units
/// away) filling the lower half: the near plane clips it, so only the two
/// central stripes (red left of the centre line, green right of it) reach
/// the bottom edge, and all six converge towards the horizon just below
/// the middle, darkening to grey with distance (perspective-correct, so
/// the darkening happens mostly far away). In the upper half two triangles
/// cross in depth: red is nearer on the left, green nearer on the right, so
/// the overlap is red left of x ≈ 64 and green right of it, with the red
/// tip above. Top left, a disc where a stencil mask lets a blue quad blend
/// over the black background at 50%.
fn scene_depth_clip_stencil(r: &mut Rasterizer) {
    clear(r, [0.0, 0.0, 0.0, 1.0]);
    // Perspective: 90° field of view, near 1, far 50.
    let (n, f) = (1.0f32, 50.0f32);
    let project = |x: f32, y: f32, z: f32| -> [f32; 4] {
        [x, y, -(f + n) / (f - n) * z - 2.0 * f * n / (f - n), -z]
    };
    let depth = state(|s| {
        s.depth_stencil.depth_test = true;
        s.depth_stencil.depth_write = true;
        s.depth_stencil.depth_func = CompareFunc::Less;
    });
    // Floor: stripes of alternating colour from x = -6 to 6, z = +2 to -40.
    let mut pos = Vec::new();
    let mut col = Vec::new();
    for i in 0..6 {
        let (x0, x1) = (-6.0 + 2.0 * i as f32, -4.0 + 2.0 * i as f32);
        let c = if i % 2 == 0 {
            [1.0, 0.3, 0.3, 1.0]
        } else {
            [0.3, 1.0, 0.3, 1.0]
        };
        let far = [0.15, 0.15, 0.15, 1.0];
        for (x, z, c) in [
            (x0, 2.0, c),
            (x1, 2.0, c),
            (x1, -40.0, far),
            (x0, 2.0, c),
            (x1, -40.0, far),
            (x0, -40.0, far),
        ] {
            pos.push(project(x, -1.0, z));
            col.extend(c);
        }
    }
    draw_clip(r, &depth, Topology::Triangles, &pos, &col, None);
    // Two triangles crossing in depth (window depths 0.2 .. 0.8).
    draw_win(
        r,
        &depth,
        Topology::Triangles,
        &[
            V(24.0, 70.0, 0.2, RED),
            V(104.0, 70.0, 0.8, RED),
            V(64.0, 120.0, 0.5, RED),
            V(24.0, 76.0, 0.8, GREEN),
            V(104.0, 76.0, 0.2, GREEN),
            V(64.0, 110.0, 0.5, GREEN),
        ],
    );
    // Stencil: a 24-gon disc writes 1 with colour writes off ...
    let mask = state(|s| {
        s.blend.color_mask = [false; 4];
        s.depth_stencil.stencil_test = true;
        s.depth_stencil.front.zpass = StencilOp::Replace;
        s.depth_stencil.front.reference = 1;
        s.depth_stencil.back = s.depth_stencil.front;
    });
    let mut disc = vec![V(22.0, 106.0, 0.5, WHITE)];
    for i in 0..=24 {
        let a = i as f32 * std::f32::consts::TAU / 24.0;
        disc.push(V(22.0 + 16.0 * a.cos(), 106.0 + 16.0 * a.sin(), 0.5, WHITE));
    }
    draw_win(r, &mask, Topology::TriangleFan, &disc);
    // ... then a blended blue quad over the top left where stencil == 1.
    let tint = state(|s| {
        s.depth_stencil.stencil_test = true;
        s.depth_stencil.front.func = CompareFunc::Equal;
        s.depth_stencil.front.reference = 1;
        s.depth_stencil.back = s.depth_stencil.front;
        s.blend.enabled = true;
        s.blend.func.src_rgb = BlendFactor::SrcAlpha;
        s.blend.func.dst_rgb = BlendFactor::OneMinusSrcAlpha;
    });
    draw_win(
        r,
        &tint,
        Topology::Triangles,
        &quad(0.0, 64.0, 64.0, 128.0, 0.5, [0.2, 0.4, 1.0, 0.5]),
    );
}

fn render(scene: fn(&mut Rasterizer), threads: usize) -> Vec<u8> {
    let mut fb = buffers();
    let mut r = Rasterizer::new(threads);
    r.begin(&mut fb, ColorBuffer::Back);
    scene(&mut r);
    r.end(&mut fb);
    // 0xAARRGGBB, top row first: exactly PNG's row order.
    fb.back
        .iter()
        .flat_map(|&p| [(p >> 16) as u8, (p >> 8) as u8, p as u8, (p >> 24) as u8])
        .collect()
}

fn check(name: &str, scene: fn(&mut Rasterizer)) {
    let got = render(scene, 2);
    assert!(
        render(scene, 0) == got,
        "{name}: inline and threaded images differ"
    );
    let path = format!("{}/tests/ref/{name}.png", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, png::encode(W, H, &got)).unwrap();
        return;
    }
    let want = std::fs::read(&path)
        .map_err(|e| format!("{path}: {e} (run with BLESS=1 to create it)"))
        .and_then(|b| png::decode(&b))
        .unwrap();
    if want.2 == got && (want.0, want.1) == (W, H) {
        return;
    }
    let out = env!("CARGO_TARGET_TMPDIR");
    let diff: Vec<u8> = got
        .chunks(4)
        .zip(want.2.chunks(4).chain(std::iter::repeat(&[0u8; 4][..])))
        .flat_map(|(a, b)| if a == b { [0, 0, 0, 255] } else { [255; 4] })
        .collect();
    let differing = diff.chunks(4).filter(|p| p[0] == 255).count();
    std::fs::write(format!("{out}/{name}-actual.png"), png::encode(W, H, &got)).unwrap();
    std::fs::write(format!("{out}/{name}-diff.png"), png::encode(W, H, &diff)).unwrap();
    panic!(
        "{name}: {differing} pixels differ from {path}; see {out}/{name}-actual.png and -diff.png"
    );
}

#[test]
fn triangles() {
    check("triangles", scene_triangles);
}

#[test]
fn lines_points() {
    check("lines_points", scene_lines_points);
}

#[test]
fn polygon_modes() {
    check("polygon_modes", scene_polygon_modes);
}

#[test]
fn depth_clip_stencil() {
    check("depth_clip_stencil", scene_depth_clip_stencil);
}
