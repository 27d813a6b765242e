//! Micro-benchmark of the rasterizer alone (no GL front end): triangle rates
//! for small (~10 px), medium (~1000 px) and full-screen triangles, and fill
//! rates for flat, smooth, blended and depth-tested full-screen quads, at
//! 1024×768, for each thread count given (default: 1 and 2).
//!
//! `cargo run --release -p oxgl-dri-swrast --example rastbench [threads...]`

use std::sync::Arc;
use std::time::{Duration, Instant};

use oxgl_dri_interface::{OxglColorFormat, OxglDrawableDesc, clear_bits, draw_buffer_bits};
use oxgl_dri_swrast::raster::{
    BlendFactor, ColorBuffer, CompareFunc, ConstantColor, Draw, DrawState, Elements,
    FragmentShader, InterpolatedColor, Rasterizer, Topology, VertexBatch, Viewport,
};
use oxgl_dri_swrast::{Buffers, ClearParams};

const W: u32 = 1024;
const H: u32 = 768;

struct Geometry {
    pos: Vec<[f32; 4]>,
    col: Vec<f32>,
}

fn rng(seed: &mut u32) -> f32 {
    *seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
    (*seed >> 8) as f32 / (1u32 << 24) as f32
}

/// `count` right triangles with legs `leg` pixels, spread over the screen.
fn triangles(count: usize, leg: f32) -> Geometry {
    let mut seed = 7;
    let mut pos = Vec::with_capacity(count * 3);
    let mut col = Vec::with_capacity(count * 12);
    for _ in 0..count {
        let x = rng(&mut seed) * (W as f32 - leg);
        let y = rng(&mut seed) * (H as f32 - leg);
        let z = rng(&mut seed) * 2.0 - 1.0;
        for (dx, dy) in [(0.0, 0.0), (leg, 0.0), (0.0, leg)] {
            pos.push([
                2.0 * (x + dx) / W as f32 - 1.0,
                2.0 * (y + dy) / H as f32 - 1.0,
                z,
                1.0,
            ]);
            col.extend([rng(&mut seed), rng(&mut seed), rng(&mut seed), 0.5]);
        }
    }
    Geometry { pos, col }
}

/// `count` full-screen quads (two triangles each).
fn screens(count: usize) -> Geometry {
    let mut pos = Vec::new();
    let mut col = Vec::new();
    for i in 0..count {
        let z = 0.5 - i as f32 * 1e-4;
        let q = [
            (-1.0, -1.0),
            (1.0, -1.0),
            (1.0, 1.0),
            (-1.0, -1.0),
            (1.0, 1.0),
            (-1.0, 1.0),
        ];
        for (k, (x, y)) in q.into_iter().enumerate() {
            pos.push([x, y, z, 1.0]);
            col.extend([(k % 3) as f32 * 0.5, 0.3, 0.7, 0.5]);
        }
    }
    Geometry { pos, col }
}

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
    .expect("framebuffer")
}

fn clear(r: &mut Rasterizer) {
    r.clear(&ClearParams {
        buffers: clear_bits::CLEAR_COLOR | clear_bits::CLEAR_DEPTH,
        draw_buffers: draw_buffer_bits::DRAW_BACK,
        color: [0.0; 4],
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

/// Runs `frames` draws of `g` until `min` has passed; returns per-frame seconds.
fn time(threads: usize, state: &Arc<DrawState>, g: &Geometry, min: Duration) -> f64 {
    let mut fb = buffers();
    let mut r = Rasterizer::new(threads);
    r.begin(&mut fb, ColorBuffer::Back);
    let vb = VertexBatch::aos(&g.pos, &g.col, 4);
    let draw = Draw::new(Topology::Triangles, Elements::Range(0..g.pos.len() as u32));
    // Warm up.
    clear(&mut r);
    r.draw(state, &vb, &draw);
    r.finish();
    // Batches of frames, each flushed like a swap, until `min` has passed.
    let mut frames = 1u32;
    loop {
        let start = Instant::now();
        let mut front = Duration::ZERO;
        for _ in 0..frames {
            clear(&mut r);
            let t0 = Instant::now();
            r.draw(state, &vb, &draw);
            front += t0.elapsed();
            r.flush();
        }
        if std::env::var_os("RASTBENCH_FRONT").is_some() {
            eprintln!(
                "    (draw() calls: {:.1}% of the time)",
                100.0 * front.as_secs_f64() / start.elapsed().as_secs_f64()
            );
        }
        r.finish();
        let t = start.elapsed();
        if t >= min {
            r.end(&mut fb);
            return t.as_secs_f64() / frames as f64;
        }
        frames *= 2;
    }
}

fn state(shader: Arc<dyn FragmentShader>, f: impl FnOnce(&mut DrawState)) -> Arc<DrawState> {
    let mut s = DrawState::new(shader);
    s.raster.viewport = Viewport::new(W, H);
    f(&mut s);
    Arc::new(s)
}

fn main() {
    let threads: Vec<usize> = {
        let v: Vec<usize> = std::env::args()
            .skip(1)
            .filter_map(|a| a.parse().ok())
            .collect();
        if v.is_empty() { vec![1, 2] } else { v }
    };
    let min = Duration::from_millis(
        std::env::var("RASTBENCH_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(700),
    );
    // RASTBENCH_NOFILL: scissor everything away (front-end cost only).
    let nofill = std::env::var_os("RASTBENCH_NOFILL").is_some();
    let smooth = state(Arc::new(InterpolatedColor), |s| {
        if nofill {
            s.raster.scissor = Some(oxgl_dri_swrast::raster::Rect {
                x: 0,
                y: 0,
                width: 0,
                height: 0,
            });
        }
    });
    let flat = state(Arc::new(ConstantColor([0.2, 0.6, 0.9, 1.0])), |_| {});
    let blended = state(Arc::new(InterpolatedColor), |s| {
        s.blend.enabled = true;
        s.blend.func.src_rgb = BlendFactor::SrcAlpha;
        s.blend.func.dst_rgb = BlendFactor::OneMinusSrcAlpha;
    });
    let depth = state(Arc::new(InterpolatedColor), |s| {
        s.depth_stencil.depth_test = true;
        s.depth_stencil.depth_write = true;
        s.depth_stencil.depth_func = CompareFunc::LessEqual;
    });
    println!(
        "oxgl swrast rasterizer, {W}x{H}, {} cores available",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    // RASTBENCH_ONLY=substring runs the matching tests only.
    let only = std::env::var("RASTBENCH_ONLY").unwrap_or_default();
    let small_count = std::env::var("RASTBENCH_SMALL")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200_000);
    let small = triangles(small_count, 4.5);
    let medium = triangles(20_000, 45.0);
    let large = screens(8);
    let fill = screens(16);
    for &t in &threads {
        println!("threads = {t}");
        for (name, g, px) in [
            ("small (~10 px)", &small, 10.1),
            ("medium (~1000 px)", &medium, 1012.5),
            ("large (full screen)", &large, (W * H) as f64 / 2.0),
        ] {
            if !format!("triangles {name}").contains(&only) {
                continue;
            }
            let s = time(t, &smooth, g, min);
            let tris = (g.pos.len() / 3) as f64;
            println!(
                "  triangles {name:<20} {:>9.3} Mtri/s  ({:.0} Mpix/s)",
                tris / s / 1e6,
                tris * px / s / 1e6
            );
        }
        for (name, st) in [
            ("flat", &flat),
            ("smooth", &smooth),
            ("blended", &blended),
            ("depth-tested", &depth),
        ] {
            if !format!("fill {name}").contains(&only) {
                continue;
            }
            let s = time(t, st, &fill, min);
            let pixels = (fill.pos.len() / 6) as f64 * (W * H) as f64;
            println!("  fill {name:<14} {:>8.0} Mpix/s", pixels / s / 1e6);
        }
    }
}
