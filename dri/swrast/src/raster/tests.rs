//! Unit tests of the rasterizer: coverage rules, per-fragment operations,
//! clipping, interpolation, and determinism across thread counts.

use std::sync::Arc;

use super::*;
use crate::framebuffer::Buffers;
use oxgl_dri_interface::{
    OxglColorFormat, OxglDrawableDesc, OxglRect, clear_bits, draw_buffer_bits,
};

fn fb_with(w: u32, h: u32, depth_bits: u32, format: OxglColorFormat) -> Buffers {
    Buffers::new(&OxglDrawableDesc {
        width: w,
        height: h,
        color_format: format,
        double_buffered: 1,
        depth_bits,
        stencil_bits: 8,
        accum_bits: 0,
        samples: 0,
        extra_color_buffers: 0,
        extra_color_formats: [oxgl_dri_interface::OxglColorFormat::B8G8R8A8; 7],
        layers: 0,
    })
    .unwrap()
}

fn fb(w: u32, h: u32) -> Buffers {
    fb_with(w, h, 24, OxglColorFormat::B8G8R8A8)
}

/// GL window coordinates to a clip-space position (viewport = whole target).
fn at(fb: &Buffers, x: f32, y: f32) -> [f32; 4] {
    [
        2.0 * x / fb.width as f32 - 1.0,
        2.0 * y / fb.height as f32 - 1.0,
        0.0,
        1.0,
    ]
}

/// The pixel at GL window `(x, y)`.
fn px(fb: &Buffers, x: u32, y: u32) -> u32 {
    fb.back[((fb.height - 1 - y) * fb.width + x) as usize]
}

fn base_state(fb: &Buffers, shader: Arc<dyn FragmentShader>) -> DrawState {
    let mut s = DrawState::new(shader);
    s.raster.viewport = Viewport::new(fb.width, fb.height);
    s
}

/// Additive blending of red 1/255: the red channel counts coverage.
fn counting(fb: &Buffers) -> DrawState {
    let mut s = base_state(fb, Arc::new(ConstantColor([1.0 / 255.0, 0.0, 0.0, 0.0])));
    s.blend.enabled = true;
    s.blend.func.src_alpha = BlendFactor::Zero;
    s.blend.func.dst_alpha = BlendFactor::One;
    s.blend.func.dst_rgb = BlendFactor::One;
    s
}

fn clear_all(r: &mut Rasterizer, color: [f32; 4], depth: f64, stencil: u32) {
    r.clear(&ClearParams {
        buffers: clear_bits::CLEAR_COLOR | clear_bits::CLEAR_DEPTH | clear_bits::CLEAR_STENCIL,
        draw_buffers: draw_buffer_bits::DRAW_BACK,
        color,
        color_int: [0; 4],
        srgb: 0,
        color_mask: [true; 4],
        depth,
        stencil,
        stencil_mask: 0xff,
        rect: None,
        extra: 0,
        extra_masks: [[true; 4]; 7],
    });
}

fn render(fb: &mut Buffers, threads: usize, f: impl FnOnce(&mut Rasterizer)) {
    let mut r = Rasterizer::new(threads);
    r.begin(fb, ColorBuffer::Back);
    clear_all(&mut r, [0.0, 0.0, 0.0, 0.0], 1.0, 0);
    f(&mut r);
    r.end(fb);
}

fn draw(
    r: &mut Rasterizer,
    st: &Arc<DrawState>,
    topology: Topology,
    pos: &[[f32; 4]],
    vary: &[f32],
    n: usize,
) {
    let vb = VertexBatch::aos(pos, vary, n);
    r.draw(
        st,
        &vb,
        &Draw::new(topology, Elements::Range(0..pos.len() as u32)),
    );
}

fn red(p: u32) -> u32 {
    (p >> 16) & 0xff
}

#[test]
fn shared_edge_covers_once() {
    let mut f = fb(40, 40);
    let st = Arc::new(counting(&f));
    // A quad split along a diagonal with arbitrary sub-pixel corners, and a
    // second pair whose edges run exactly through pixel centres.
    let quads = [
        [(3.3, 2.7), (35.1, 4.2), (33.6, 37.9), (1.2, 30.4)],
        [(2.5, 2.5), (30.5, 2.5), (30.5, 20.5), (2.5, 20.5)],
    ];
    for q in quads {
        let mut pos = Vec::new();
        for i in [0, 1, 2, 0, 2, 3] {
            pos.push(at(&f, q[i].0, q[i].1));
        }
        let mut one = fb(40, 40);
        render(&mut one, 0, |r| {
            draw(r, &st, Topology::Triangles, &pos, &[], 0)
        });
        let (mut total, mut twice) = (0, 0);
        for y in 0..40 {
            for x in 0..40 {
                let c = red(px(&one, x, y));
                total += c;
                twice += (c > 1) as u32;
            }
        }
        assert_eq!(twice, 0);
        assert!(total > 300);
        f = one;
    }
}

#[test]
fn sub_pixel_mesh_covers_every_centre_once() {
    // A grid of 0.37 x 0.29-pixel cells, two triangles each, over a
    // rectangle with sub-pixel corners: most triangles cover no pixel
    // centre and set-up drops them; the rest must still cover every centre
    // inside the rectangle exactly once, as one quad over it would.
    let (x0, y0, x1, y1) = (3.3f32, 2.71f32, 24.13f32, 17.9f32);
    let (nx, ny) = (((x1 - x0) / 0.37) as usize, ((y1 - y0) / 0.29) as usize);
    let corner = |i: usize, j: usize| {
        (
            x0 + (x1 - x0) * i as f32 / nx as f32,
            y0 + (y1 - y0) * j as f32 / ny as f32,
        )
    };
    let mut f = fb(30, 24);
    let mut pos = Vec::new();
    for j in 0..ny {
        for i in 0..nx {
            let q = [
                corner(i, j),
                corner(i + 1, j),
                corner(i + 1, j + 1),
                corner(i, j + 1),
            ];
            for k in [0, 1, 2, 0, 2, 3] {
                pos.push(at(&f, q[k].0, q[k].1));
            }
        }
    }
    let st = Arc::new(counting(&f));
    let whole = quad(&f, x0, y0, x1, y1, 0.0);
    let mut reference = fb(30, 24);
    render(&mut reference, 0, |r| {
        draw(r, &st, Topology::Triangles, &whole, &[], 0)
    });
    for threads in [0, 2] {
        render(&mut f, threads, |r| {
            draw(r, &st, Topology::Triangles, &pos, &[], 0)
        });
        let mut covered = 0;
        for y in 0..24 {
            for x in 0..30 {
                let (want, got) = (red(px(&reference, x, y)), red(px(&f, x, y)));
                assert_eq!(got, want, "{threads} threads: pixel {x},{y}");
                covered += want;
            }
        }
        assert!(covered > 250, "{covered}");
    }
}

/// Even-odd test of pixel centre `(x, y)` against a convex polygon, with a
/// margin: `Some(inside)` unless within `eps` of an edge.
fn inside_convex(poly: &[(f32, f32)], x: f32, y: f32, eps: f32) -> Option<bool> {
    let mut sign = 0.0f32;
    let mut near = false;
    for i in 0..poly.len() {
        let (ax, ay) = poly[i];
        let (bx, by) = poly[(i + 1) % poly.len()];
        let len = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt();
        let d = ((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / len;
        if d.abs() < eps {
            near = true;
            continue;
        }
        if sign == 0.0 {
            sign = d.signum();
        } else if d.signum() != sign {
            return if near { None } else { Some(false) };
        }
    }
    if near { None } else { Some(true) }
}

#[test]
fn fan_of_16_covers_each_pixel_once() {
    for (cx, cy, r0) in [(32.3f32, 31.7f32, 27.0f32), (32.5, 32.5, 24.0)] {
        let mut f = fb(64, 64);
        let st = Arc::new(counting(&f));
        let mut ring = Vec::new();
        for i in 0..16 {
            let a = i as f32 * std::f32::consts::TAU / 16.0;
            let (x, y) = (cx + r0 * a.cos(), cy + r0 * a.sin());
            // Snap the second ring to pixel centres: edges through centres.
            let (x, y) = if cx == 32.5 {
                (x.floor() + 0.5, y.floor() + 0.5)
            } else {
                (x, y)
            };
            ring.push((x, y));
        }
        let mut pos = vec![at(&f, cx, cy)];
        for &(x, y) in ring.iter().chain(std::iter::once(&ring[0])) {
            pos.push(at(&f, x, y));
        }
        render(&mut f, 0, |r| {
            draw(r, &st, Topology::TriangleFan, &pos, &[], 0)
        });
        for y in 0..64 {
            for x in 0..64 {
                let c = red(px(&f, x, y));
                assert!(c <= 1, "pixel {x},{y} covered {c} times");
                match inside_convex(&ring, x as f32 + 0.5, y as f32 + 0.5, 1e-3) {
                    Some(true) => assert_eq!(c, 1, "hole at {x},{y}"),
                    Some(false) => assert_eq!(c, 0, "outside pixel {x},{y} covered"),
                    None => {}
                }
            }
        }
    }
}

#[test]
fn axis_aligned_rectangles_cover_exactly() {
    let cases: [(f32, f32, f32, f32); 4] = [
        (3.0, 5.0, 17.0, 9.0),
        (0.0, 0.0, 70.0, 66.0),
        (10.5, 2.5, 20.5, 12.5),
        (63.2, 1.7, 66.9, 70.0),
    ];
    for (x0, y0, x1, y1) in cases {
        let mut f = fb(80, 72);
        let st = Arc::new(counting(&f));
        let q = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)];
        let pos: Vec<_> = [0, 1, 2, 0, 2, 3]
            .iter()
            .map(|&i| at(&f, q[i].0, q[i].1))
            .collect();
        render(&mut f, 2, |r| {
            draw(r, &st, Topology::Triangles, &pos, &[], 0)
        });
        for y in 0..72u32 {
            for x in 0..80u32 {
                let (cx, cy) = (x as f32 + 0.5, y as f32 + 0.5);
                // Left edges are inclusive; in GL y (storage flipped) the top
                // of the screen is the inclusive side.
                let inside = cx >= x0 && cx < x1 && cy > y0 && cy <= y1;
                assert_eq!(
                    red(px(&f, x, y)),
                    inside as u32,
                    "({x0},{y0})-({x1},{y1}) at {x},{y}"
                );
            }
        }
    }
}

fn quad(f: &Buffers, x0: f32, y0: f32, x1: f32, y1: f32, z: f32) -> Vec<[f32; 4]> {
    let q = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)];
    [0, 1, 2, 0, 2, 3]
        .iter()
        .map(|&i| {
            let mut p = at(f, q[i].0, q[i].1);
            p[2] = z;
            p
        })
        .collect()
}

#[test]
fn depth_functions() {
    use CompareFunc::*;
    // First quad at window depth 0.5, second at 0.25, 0.5 or 0.75.
    for (func, results) in [
        (Never, [false, false, false]),
        (Less, [true, false, false]),
        (Equal, [false, true, false]),
        (LessEqual, [true, true, false]),
        (Greater, [false, false, true]),
        (NotEqual, [true, false, true]),
        (GreaterEqual, [false, true, true]),
        (Always, [true, true, true]),
    ] {
        for (i, z) in [-0.5f32, 0.0, 0.5].into_iter().enumerate() {
            let mut f = fb(8, 8);
            let mut a = base_state(&f, Arc::new(ConstantColor([1.0, 0.0, 0.0, 1.0])));
            a.depth_stencil.depth_test = true;
            a.depth_stencil.depth_write = true;
            a.depth_stencil.depth_func = Always;
            let mut b = a.clone();
            b.shader = Arc::new(ConstantColor([0.0, 1.0, 0.0, 1.0]));
            b.depth_stencil.depth_func = func;
            let (a, b) = (Arc::new(a), Arc::new(b));
            let qa = quad(&f, 0.0, 0.0, 8.0, 8.0, 0.0);
            let qb = quad(&f, 0.0, 0.0, 8.0, 8.0, z);
            render(&mut f, 0, |r| {
                draw(r, &a, Topology::Triangles, &qa, &[], 0);
                draw(r, &b, Topology::Triangles, &qb, &[], 0);
            });
            let green = px(&f, 3, 3) == 0xff00ff00;
            assert_eq!(green, results[i], "{func:?} z={z}");
            let expect = if results[i] { (z + 1.0) / 2.0 } else { 0.5 };
            let stored = f.depth[3 * 8 + 3];
            assert!((stored - expect).abs() < 1e-6, "{func:?}: {stored}");
        }
    }
}

#[test]
fn unorm_depths_without_division() {
    for (format, bits) in [(DepthFormat::D24, 24), (DepthFormat::D16, 16)] {
        let max = ((1u32 << bits) - 1) as f32;
        for q in 0..1u32 << bits {
            let want = q as f32 / max;
            let got = format.from_unorm(q);
            assert_eq!(got.to_bits(), want.to_bits(), "{format:?} {q}");
        }
    }
}

#[test]
fn depth_formats_quantize() {
    // Two depths 1/200000 apart: equal in 16 bits, different in 24 and 32F.
    let z0 = 0.3f32;
    let z1 = z0 + 1.0 / 200_000.0;
    for (bits, less_passes) in [(16, false), (24, true), (32, true)] {
        let mut f = fb_with(4, 4, bits, OxglColorFormat::B8G8R8A8);
        let mut a = base_state(&f, Arc::new(ConstantColor([1.0, 0.0, 0.0, 1.0])));
        a.depth_stencil.depth_test = true;
        a.depth_stencil.depth_write = true;
        a.depth_stencil.depth_func = CompareFunc::Always;
        let mut b = a.clone();
        b.shader = Arc::new(ConstantColor([0.0, 0.0, 1.0, 1.0]));
        b.depth_stencil.depth_func = CompareFunc::Less;
        let (a, b) = (Arc::new(a), Arc::new(b));
        // NDC z so that window z = z1 first, then z0 (closer) with LESS.
        let qa = quad(&f, 0.0, 0.0, 4.0, 4.0, 2.0 * z1 - 1.0);
        let qb = quad(&f, 0.0, 0.0, 4.0, 4.0, 2.0 * z0 - 1.0);
        render(&mut f, 0, |r| {
            draw(r, &a, Topology::Triangles, &qa, &[], 0);
            draw(r, &b, Topology::Triangles, &qb, &[], 0);
        });
        let blue = px(&f, 1, 1) == 0xff0000ff;
        assert_eq!(blue, less_passes, "D{bits}");
        let d = f.depth[5];
        match bits {
            16 => assert_eq!(d, (z1 as f64 * 65535.0).round() as f32 / 65535.0),
            24 => assert_eq!(d, (z0 as f64 * 16_777_215.0).round() as f32 / 16_777_215.0),
            _ => assert!((d - z0).abs() < 1e-7),
        }
    }
}

fn stencil_run(initial: u8, face: StencilFace, back: bool) -> u8 {
    let mut f = fb(4, 4);
    let mut s = base_state(&f, Arc::new(ConstantColor([1.0; 4])));
    s.depth_stencil.stencil_test = true;
    s.depth_stencil.front = face;
    s.depth_stencil.back = face;
    if back {
        s.depth_stencil.front.zpass = StencilOp::Keep;
        s.depth_stencil.front.fail = StencilOp::Keep;
    } else {
        s.depth_stencil.back.zpass = StencilOp::Keep;
        s.depth_stencil.back.fail = StencilOp::Keep;
    }
    let s = Arc::new(s);
    let mut q = quad(&f, 0.0, 0.0, 4.0, 4.0, 0.0);
    if back {
        q.reverse();
    }
    let mut r = Rasterizer::new(1);
    r.begin(&mut f, ColorBuffer::Back);
    clear_all(&mut r, [0.0; 4], 1.0, initial as u32);
    draw(&mut r, &s, Topology::Triangles, &q, &[], 0);
    r.end(&mut f);
    f.stencil[5]
}

#[test]
fn stencil_ops() {
    use StencilOp::*;
    let face = |op: StencilOp| StencilFace {
        func: CompareFunc::Always,
        reference: 0x5a,
        zpass: op,
        ..StencilFace::default()
    };
    for back in [false, true] {
        assert_eq!(stencil_run(7, face(Keep), back), 7);
        assert_eq!(stencil_run(7, face(Zero), back), 0);
        assert_eq!(stencil_run(7, face(Replace), back), 0x5a);
        assert_eq!(stencil_run(255, face(Incr), back), 255);
        assert_eq!(stencil_run(254, face(Incr), back), 255);
        assert_eq!(stencil_run(255, face(IncrWrap), back), 0);
        assert_eq!(stencil_run(0, face(Decr), back), 0);
        assert_eq!(stencil_run(0, face(DecrWrap), back), 255);
        assert_eq!(stencil_run(0x0f, face(Invert), back), 0xf0);
    }
    // Write mask and the fail path.
    let masked = StencilFace {
        write_mask: 0x0f,
        ..face(Replace)
    };
    assert_eq!(stencil_run(0xa0, masked, false), 0xaa);
    let failing = StencilFace {
        func: CompareFunc::Less,
        reference: 3,
        value_mask: 0xff,
        fail: IncrWrap,
        zpass: Zero,
        ..StencilFace::default()
    };
    // 3 < 2 fails: fail op.
    assert_eq!(stencil_run(2, failing, false), 3);
    // 3 < 9 passes: zpass op.
    assert_eq!(stencil_run(9, failing, false), 0);
    // The value mask hides the high bits: (3 & 0x0f) < (0x12 & 0x0f) is false.
    let vm = StencilFace {
        value_mask: 0x0f,
        ..failing
    };
    assert_eq!(stencil_run(0x12, vm, false), 0x13);
}

fn blend_one(state: impl FnOnce(&mut BlendState), src: [f32; 4], dst: [f32; 4]) -> [u32; 4] {
    let mut f = fb(4, 4);
    let mut s = base_state(&f, Arc::new(ConstantColor(src)));
    s.blend.enabled = true;
    s.blend.constant = [0.1, 0.2, 0.3, 0.4];
    state(&mut s.blend);
    let s = Arc::new(s);
    let q = quad(&f, 0.0, 0.0, 4.0, 4.0, 0.0);
    let mut r = Rasterizer::new(0);
    r.begin(&mut f, ColorBuffer::Back);
    clear_all(&mut r, dst, 1.0, 0);
    draw(&mut r, &s, Topology::Triangles, &q, &[], 0);
    r.end(&mut f);
    let p = px(&f, 1, 1);
    [(p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff, p >> 24]
}

#[test]
fn blend_equations_and_factors() {
    use BlendFactor::*;
    let src = [0.5f32, 0.25, 1.0, 0.75];
    // The clear quantizes the destination: use the values it stores.
    let dst8 = [51u32, 102, 153, 204];
    let dst = dst8.map(|v| v as f32 / 255.0);
    let k = [0.1f32, 0.2, 0.3, 0.4];
    let factors = [
        Zero,
        One,
        SrcColor,
        OneMinusSrcColor,
        DstColor,
        OneMinusDstColor,
        SrcAlpha,
        OneMinusSrcAlpha,
        DstAlpha,
        OneMinusDstAlpha,
        ConstantColor,
        OneMinusConstantColor,
        ConstantAlpha,
        OneMinusConstantAlpha,
        SrcAlphaSaturate,
    ];
    let value = |f: BlendFactor, ch: usize| -> f32 {
        match f {
            Zero => 0.0,
            One => 1.0,
            SrcColor => src[ch],
            OneMinusSrcColor => 1.0 - src[ch],
            DstColor => dst[ch],
            OneMinusDstColor => 1.0 - dst[ch],
            SrcAlpha => src[3],
            OneMinusSrcAlpha => 1.0 - src[3],
            DstAlpha => dst[3],
            OneMinusDstAlpha => 1.0 - dst[3],
            ConstantColor => k[ch],
            OneMinusConstantColor => 1.0 - k[ch],
            ConstantAlpha => k[3],
            OneMinusConstantAlpha => 1.0 - k[3],
            SrcAlphaSaturate if ch == 3 => 1.0,
            SrcAlphaSaturate => src[3].min(1.0 - dst[3]),
            // The second source (dual-source blending) is tested through
            // the API (tests/clients/gl33.c).
            Src1Color | OneMinusSrc1Color | Src1Alpha | OneMinusSrc1Alpha => {
                unreachable!("not among the factors")
            }
        }
    };
    let eqs = [
        BlendEquation::Add,
        BlendEquation::Subtract,
        BlendEquation::ReverseSubtract,
        BlendEquation::Min,
        BlendEquation::Max,
    ];
    for eq in eqs {
        for &sf in &factors {
            for &df in &factors {
                let got = blend_one(
                    |b| {
                        b.func.eq_rgb = eq;
                        b.func.eq_alpha = eq;
                        b.func.src_rgb = sf;
                        b.func.src_alpha = sf;
                        b.func.dst_rgb = df;
                        b.func.dst_alpha = df;
                    },
                    src,
                    dst,
                );
                for ch in 0..4 {
                    let (s, d) = (src[ch] * value(sf, ch), dst[ch] * value(df, ch));
                    let v = match eq {
                        BlendEquation::Add => s + d,
                        BlendEquation::Subtract => s - d,
                        BlendEquation::ReverseSubtract => d - s,
                        BlendEquation::Min => src[ch].min(dst[ch]),
                        BlendEquation::Max => src[ch].max(dst[ch]),
                    };
                    let want = (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u32;
                    assert!(
                        got[ch].abs_diff(want) <= 1,
                        "{eq:?} {sf:?} {df:?} ch{ch}: {} vs {want}",
                        got[ch]
                    );
                }
            }
        }
    }
    // Separate RGB / alpha.
    let got = blend_one(
        |b| {
            b.func.src_rgb = One;
            b.func.dst_rgb = Zero;
            b.func.src_alpha = Zero;
            b.func.dst_alpha = One;
        },
        src,
        dst,
    );
    assert_eq!(got, [128, 64, 255, 204]);
}

#[test]
fn logic_ops() {
    use LogicOp::*;
    let src = [0.2f32, 0.4, 0.6, 0.8]; // 51, 102, 153, 204
    let dst = [1.0f32, 0.0, 0.5, 1.0];
    let s = 0xcc33_6699u32; // A R G B of src
    let d = 0xffff_0080u32;
    for op in [
        Clear,
        And,
        AndReverse,
        Copy,
        AndInverted,
        Noop,
        Xor,
        Or,
        Nor,
        Equiv,
        Invert,
        OrReverse,
        CopyInverted,
        OrInverted,
        Nand,
        Set,
    ] {
        let got = blend_one(
            |b| {
                b.enabled = false;
                b.logic_op = Some(op);
            },
            src,
            dst,
        );
        let v = op.apply(s, d);
        let want = [(v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff, v >> 24];
        assert_eq!(got, want, "{op:?}");
    }
}

#[test]
fn color_mask() {
    let got = blend_one(
        |b| {
            b.enabled = false;
            b.color_mask = [true, false, true, false];
        },
        [1.0, 1.0, 1.0, 1.0],
        [0.0, 0.2, 0.0, 0.4],
    );
    assert_eq!(got, [255, 51, 255, 102]);
    // X8 formats write alpha as 0xff whatever the mask.
    let mut f = fb_with(4, 4, 24, OxglColorFormat::B8G8R8X8);
    let s = Arc::new(base_state(
        &f,
        Arc::new(ConstantColor([1.0, 0.0, 0.0, 0.0])),
    ));
    let q = quad(&f, 0.0, 0.0, 4.0, 4.0, 0.0);
    render(&mut f, 0, |r| draw(r, &s, Topology::Triangles, &q, &[], 0));
    assert_eq!(px(&f, 0, 0), 0xffff_0000);
}

#[test]
fn culling_and_front_face() {
    let f0 = fb(8, 8);
    let ccw = vec![at(&f0, 0.0, 0.0), at(&f0, 8.0, 0.0), at(&f0, 0.0, 8.0)];
    let mut cw = ccw.clone();
    cw.swap(1, 2);
    for (cull, front_face, ccw_drawn, cw_drawn) in [
        (CullMode::None, FrontFace::Ccw, true, true),
        (CullMode::Back, FrontFace::Ccw, true, false),
        (CullMode::Front, FrontFace::Ccw, false, true),
        (CullMode::Back, FrontFace::Cw, false, true),
        (CullMode::FrontAndBack, FrontFace::Ccw, false, false),
    ] {
        for (tri, want) in [(&ccw, ccw_drawn), (&cw, cw_drawn)] {
            let mut f = fb(8, 8);
            let mut s = base_state(&f, Arc::new(ConstantColor([1.0; 4])));
            s.raster.cull = cull;
            s.raster.front_face = front_face;
            let s = Arc::new(s);
            render(&mut f, 0, |r| draw(r, &s, Topology::Triangles, tri, &[], 0));
            assert_eq!(px(&f, 1, 1) == 0xffff_ffff, want, "{cull:?} {front_face:?}");
        }
    }
}

/// Reports `gl_FrontFacing` as red/green.
struct Facing;
impl FragmentShader for Facing {
    fn shade(&self, q: &mut QuadBatch) {
        let f = q.front_facing as u32 as f32;
        q.color = [[f; LANES], [1.0 - f; LANES], [0.0; LANES], [1.0; LANES]];
    }
}

#[test]
fn front_facing_reaches_the_shader() {
    let mut f = fb(8, 8);
    let s = Arc::new(base_state(&f, Arc::new(Facing)));
    let ccw = [at(&f, 0.0, 0.0), at(&f, 8.0, 0.0), at(&f, 0.0, 8.0)];
    let cw = [at(&f, 8.0, 0.0), at(&f, 0.0, 8.0), at(&f, 8.0, 8.0)];
    render(&mut f, 0, |r| {
        draw(r, &s, Topology::Triangles, &ccw, &[], 0);
        draw(r, &s, Topology::Triangles, &cw, &[], 0);
    });
    assert_eq!(px(&f, 1, 1), 0xffff_0000);
    assert_eq!(px(&f, 6, 6), 0xff00_ff00);
}

#[test]
fn near_plane_clipping() {
    // Orthographic (w = 1): the vertex at z = -3 is behind the near plane
    // (z = -1), so the triangle loses the corner within half... of the way
    // from that vertex: edges from v0 are cut at t = 1/2 (z: -3 -> 1).
    let mut f = fb(64, 64);
    let s = Arc::new(base_state(&f, Arc::new(ConstantColor([1.0; 4]))));
    let mut v0 = at(&f, 0.0, 0.0);
    v0[2] = -3.0;
    let mut v1 = at(&f, 64.0, 0.0);
    v1[2] = 1.0;
    let mut v2 = at(&f, 0.0, 64.0);
    v2[2] = 1.0;
    render(&mut f, 2, |r| {
        draw(r, &s, Topology::Triangles, &[v0, v1, v2], &[], 0)
    });
    for y in 0..64 {
        for x in 0..64 {
            let (cx, cy) = (x as f32 + 0.5, y as f32 + 0.5);
            // Inside the triangle and beyond the cut line x + y = 32.
            let s = cx + cy;
            if (s - 32.0).abs() < 0.01 || (s - 64.0).abs() < 0.01 {
                continue;
            }
            let want = s > 32.0 && s < 64.0;
            assert_eq!(px(&f, x, y) == 0xffff_ffff, want, "{x},{y}");
        }
    }
}

#[test]
fn guard_band_and_behind_the_eye() {
    // A triangle far outside the guard band in x/y covers the screen once.
    let mut f = fb(100, 70);
    let st = Arc::new(counting(&f));
    let big = [
        [-1e5, -1e5, 0.0, 1.0],
        [1e5, -1e5, 0.0, 1.0],
        [0.0, 1e5, 0.0, 1.0],
    ];
    render(&mut f, 2, |r| {
        draw(r, &st, Topology::Triangles, &big, &[], 0)
    });
    assert!(f.back.iter().all(|&p| red(p) == 1));
    // Perspective: a vertex behind the eye (w < 0) is clipped by the near
    // plane, not projected through infinity.
    let mut g = fb(64, 64);
    let st = Arc::new(counting(&g));
    let tri = [
        [-0.5, -0.5, 0.5, 1.0],
        [0.5, -0.5, 0.5, 1.0],
        [0.0, 0.5, -3.0, -2.0],
    ];
    render(&mut g, 0, |r| {
        draw(r, &st, Topology::Triangles, &tri, &[], 0)
    });
    let covered = g.back.iter().filter(|&&p| red(p) == 1).count();
    assert!(g.back.iter().all(|&p| red(p) <= 1));
    // The clipped polygon projects to the trapezoid (16,16) (48,16) (72,4)
    // (-8,4): the visible part extends away from the vertex behind the eye.
    assert!(covered > 500 && covered < 700, "{covered}");
    assert_eq!(red(px(&g, 32, 10)), 1);
    assert_eq!(red(px(&g, 2, 5)), 1);
    assert_eq!(red(px(&g, 32, 18)), 0);
}

#[test]
fn user_clip_distance() {
    let mut f = fb(32, 32);
    let mut s = counting(&f);
    s.raster.clip_distances = vec![0];
    let st = Arc::new(s);
    // Distance = x - 16 (window): keeps the right half.
    let pos = quad(&f, 0.0, 0.0, 32.0, 32.0, 0.0);
    let d: Vec<f32> = pos.iter().map(|p| (p[0] + 1.0) * 16.0 - 16.0).collect();
    render(&mut f, 0, |r| {
        draw(r, &st, Topology::Triangles, &pos, &d, 1)
    });
    for y in 0..32 {
        for x in 0..32 {
            assert_eq!(red(px(&f, x, y)), (x >= 16) as u32, "{x},{y}");
        }
    }
}

/// Writes input 0 to red as-is (scaled to 0..255 exactly by the test).
struct Capture(Arc<Mutex<Vec<(f32, f32, f32)>>>);
impl FragmentShader for Capture {
    fn shade(&self, q: &mut QuadBatch) {
        let mut v = self.0.lock().unwrap();
        for l in 0..LANES {
            if q.mask & (1 << l) != 0 {
                v.push((q.frag_coord[0][l], q.frag_coord[1][l], q.inputs[0][l]));
            }
        }
        q.color = [[0.0; LANES]; 4];
    }
}

#[test]
fn perspective_correct_interpolation() {
    let mut f = fb(64, 64);
    let seen = Arc::new(Mutex::new(Vec::new()));
    let s = Arc::new(base_state(&f, Arc::new(Capture(seen.clone()))));
    // A quad receding to the right: w = 1 on the left, 4 on the right.
    let (wl, wr) = (1.0f32, 4.0f32);
    let p = |x: f32, y: f32, w: f32| [x * w, y * w, 0.0, w];
    let pos = [
        p(-1.0, -1.0, wl),
        p(1.0, -1.0, wr),
        p(1.0, 1.0, wr),
        p(-1.0, -1.0, wl),
        p(1.0, 1.0, wr),
        p(-1.0, 1.0, wl),
    ];
    let u = [0.0f32, 1.0, 1.0, 0.0, 1.0, 0.0];
    render(&mut f, 0, |r| draw(r, &s, Topology::Triangles, &pos, &u, 1));
    let seen = seen.lock().unwrap();
    assert_eq!(seen.len(), 64 * 64);
    for &(x, _y, got) in seen.iter() {
        // Screen-space fraction t; u = (t / wr) / ((1 - t) / wl + t / wr).
        let t = x / 64.0;
        let want = (t / wr) / ((1.0 - t) / wl + t / wr);
        assert!((got - want).abs() < 2e-5, "x={x}: {got} vs {want}");
    }
}

use std::sync::Mutex;

#[test]
fn noperspective_interpolation() {
    let mut f = fb(64, 8);
    let seen = Arc::new(Mutex::new(Vec::new()));
    let mut s = base_state(&f, Arc::new(Capture(seen.clone())));
    s.raster.interp[0] = Interp::NoPerspective;
    let s = Arc::new(s);
    let p = |x: f32, y: f32, w: f32| [x * w, y * w, 0.0, w];
    let pos = [p(-1.0, -1.0, 1.0), p(1.0, -1.0, 4.0), p(1.0, 1.0, 4.0)];
    render(&mut f, 0, |r| {
        draw(r, &s, Topology::Triangles, &pos, &[0.0, 1.0, 1.0], 1)
    });
    for &(x, y, got) in seen.lock().unwrap().iter() {
        // Linear in screen space: u = x / 64 (the triangle's u depends on x only).
        let _ = y;
        assert!((got - x / 64.0).abs() < 1e-5, "{x}: {got}");
    }
}

#[test]
fn flat_shading_provoking_vertex() {
    for (pv, want) in [
        (ProvokingVertex::First, 0xffff_0000u32),
        (ProvokingVertex::Last, 0xff00_00ff),
    ] {
        let mut f = fb(8, 8);
        let mut s = base_state(&f, Arc::new(InterpolatedColor));
        s.raster.provoking_vertex = pv;
        for i in 0..4 {
            s.raster.interp[i] = Interp::Flat;
        }
        let s = Arc::new(s);
        let pos = [at(&f, 0.0, 0.0), at(&f, 8.0, 0.0), at(&f, 0.0, 8.0)];
        let col = [1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0];
        render(&mut f, 0, |r| {
            draw(r, &s, Topology::Triangles, &pos, &col, 4)
        });
        assert_eq!(px(&f, 1, 1), want, "{pv:?}");
        assert_eq!(px(&f, 5, 1), want, "{pv:?}");
        // Strips: triangle 1 (vertices 1, 2, 3) provokes with vertex 1 or 3.
        let mut g = fb(8, 8);
        let pos = [
            at(&g, 0.0, 0.0),
            at(&g, 8.0, 0.0),
            at(&g, 0.0, 8.0),
            at(&g, 8.0, 8.0),
        ];
        let col = [
            1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
        ];
        render(&mut g, 0, |r| {
            draw(r, &s, Topology::TriangleStrip, &pos, &col, 4)
        });
        let second = if pv == ProvokingVertex::First {
            0xff00_ff00
        } else {
            0xffff_ffff
        };
        assert_eq!(px(&g, 6, 6), second, "{pv:?} strip");
    }
}

#[test]
fn lines_and_points() {
    let mut f = fb(32, 32);
    let st = Arc::new(counting(&f));
    // A closed loop through pixel centres: every pixel of the square's
    // outline once (the diamond-exit rule's result for such a loop).
    let sq = [
        at(&f, 4.5, 4.5),
        at(&f, 20.5, 4.5),
        at(&f, 20.5, 20.5),
        at(&f, 4.5, 20.5),
    ];
    render(&mut f, 0, |r| draw(r, &st, Topology::LineLoop, &sq, &[], 0));
    let mut n = 0;
    for y in 0..32 {
        for x in 0..32 {
            let c = red(px(&f, x, y));
            assert!(c <= 1);
            n += c;
            let on = ((x == 4 || x == 20) && (4..=20).contains(&y))
                || ((y == 4 || y == 20) && (4..=20).contains(&x));
            assert_eq!(c, on as u32, "{x},{y}");
        }
    }
    assert_eq!(n, 64);
    // Wide line: 3 pixels tall, x from 2 to 9.
    let mut g = fb(16, 16);
    let mut s = counting(&g);
    s.raster.line_width = 3.0;
    let s = Arc::new(s);
    let l = [at(&g, 2.0, 8.0), at(&g, 10.0, 8.0)];
    render(&mut g, 0, |r| draw(r, &s, Topology::Lines, &l, &[], 0));
    for y in 0..16 {
        for x in 0..16 {
            let want = (2..10).contains(&x) && (7..10).contains(&y);
            let want = want as u32;
            let got = red(px(&g, x, y));
            // Rows 6.5..9.5: centres 7.5, 8.5 inside, and 6.5 or 9.5 on an edge.
            if y == 6 || y == 9 {
                continue;
            }
            assert_eq!(got, want, "{x},{y}");
        }
    }
    let rows: u32 = (0..16).map(|y| red(px(&g, 5, y))).sum();
    assert_eq!(rows, 3);
    // Points: size 3 at a pixel centre covers 3x3, size 2 at a corner 2x2.
    let mut h = fb(16, 16);
    let mut s = counting(&h);
    s.raster.point_size = 3.0;
    let s3 = Arc::new(s.clone());
    s.raster.point_size = 2.0;
    let s2 = Arc::new(s);
    let (p3, p2) = ([at(&h, 4.5, 4.5)], [at(&h, 11.0, 11.0)]);
    render(&mut h, 0, |r| {
        draw(r, &s3, Topology::Points, &p3, &[], 0);
        draw(r, &s2, Topology::Points, &p2, &[], 0);
    });
    let total: u32 = h.back.iter().map(|&p| red(p)).sum();
    assert_eq!(total, 9 + 4);
    assert_eq!(red(px(&h, 3, 3)), 1);
    assert_eq!(red(px(&h, 5, 5)), 1);
    assert_eq!(red(px(&h, 10, 10)), 1);
    assert_eq!(red(px(&h, 11, 11)), 1);
}

#[test]
fn line_stipple() {
    let mut f = fb(32, 4);
    let mut s = counting(&f);
    s.raster.line_stipple = Some(LineStipple {
        factor: 2,
        pattern: 0b0101,
    });
    let s = Arc::new(s);
    let l = [at(&f, 0.0, 1.5), at(&f, 16.0, 1.5)];
    render(&mut f, 0, |r| draw(r, &s, Topology::Lines, &l, &[], 0));
    let row: Vec<u32> = (0..16).map(|x| red(px(&f, x, 1))).collect();
    // Pattern bits 1,0,1,0 each repeated twice, then zeros (bits 4..15).
    assert_eq!(row, [1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

    // A strip through pixel centres, right, up one pixel, then left: the
    // counter runs on from segment to segment, and the leftward segment
    // starts at the pixel of its first vertex (piglit linestipple).
    let mut g = fb(16, 4);
    let mut s = counting(&g);
    s.raster.line_stipple = Some(LineStipple {
        factor: 1,
        pattern: 0x0ff0,
    });
    let s = Arc::new(s);
    let strip = [
        at(&g, 0.5, 1.5),
        at(&g, 8.5, 1.5),
        at(&g, 8.5, 2.5),
        at(&g, 0.5, 2.5),
    ];
    render(&mut g, 0, |r| {
        draw(r, &s, Topology::LineStrip, &strip, &[], 0)
    });
    let row = |y| (0..10).map(|x| red(px(&g, x, y))).collect::<Vec<u32>>();
    // Counters 0..7 along row 1, 8 at (8, 1), then 9.. from x = 8 leftwards.
    assert_eq!(row(1), [0, 0, 0, 0, 1, 1, 1, 1, 1, 0]);
    assert_eq!(row(2), [0, 0, 0, 0, 0, 0, 1, 1, 1, 0]);
}

#[test]
fn polygon_modes_and_offset() {
    // LINE mode: the outline of the triangle only; POINT mode: its corners.
    let mut f = fb(32, 32);
    let mut s = counting(&f);
    s.raster.polygon_mode_front = PolygonMode::Line;
    let s = Arc::new(s);
    let t = [at(&f, 4.5, 4.5), at(&f, 24.5, 4.5), at(&f, 4.5, 24.5)];
    render(&mut f, 0, |r| draw(r, &s, Topology::Triangles, &t, &[], 0));
    assert_eq!(red(px(&f, 10, 4)), 1);
    assert_eq!(red(px(&f, 4, 10)), 1);
    assert_eq!(red(px(&f, 8, 8)), 0);
    // Edge flags hide edge 1 -> 2 (the hypotenuse).
    let mut g = fb(32, 32);
    render(&mut g, 0, |r| {
        let vb = VertexBatch::aos(&t, &[], 0);
        let flags = [0b101u8];
        r.draw(
            &s,
            &vb,
            &Draw {
                edge_flags: Some(&flags),
                ..Draw::new(Topology::Triangles, Elements::Range(0..3))
            },
        );
    });
    assert_eq!(red(px(&g, 10, 4)), 1);
    assert_eq!(red(px(&g, 14, 14)), 0);
    assert_eq!(red(px(&f, 14, 14)), 1);
    // Polygon offset pushes the second, coplanar quad in front (LESS passes).
    let mut h = fb(8, 8);
    let mut a = base_state(&h, Arc::new(ConstantColor([1.0, 0.0, 0.0, 1.0])));
    a.depth_stencil.depth_test = true;
    a.depth_stencil.depth_write = true;
    a.depth_stencil.depth_func = CompareFunc::Less;
    let mut b = a.clone();
    b.shader = Arc::new(ConstantColor([0.0, 1.0, 0.0, 1.0]));
    b.raster.offset = PolygonOffset {
        factor: 0.0,
        units: -1.0,
        fill: true,
        ..PolygonOffset::default()
    };
    let (a, b) = (Arc::new(a), Arc::new(b));
    let q = quad(&h, 0.0, 0.0, 8.0, 8.0, 0.2);
    render(&mut h, 0, |r| {
        draw(r, &a, Topology::Triangles, &q, &[], 0);
        draw(r, &b, Topology::Triangles, &q, &[], 0);
    });
    assert_eq!(px(&h, 2, 2), 0xff00_ff00);
}

#[test]
fn offset_units_in_depth_steps() {
    // One unit of polygon offset moves a quad by two steps of a 24-bit
    // buffer (the f32 depth interpolation is good to about one step) and by
    // one step of a 16-bit buffer (piglit gl-1.4-polygon-offset).
    for (bits, steps, max) in [(24, 2.0, 16_777_215.0f64), (16, 1.0, 65535.0)] {
        let mut f = fb_with(8, 8, bits, OxglColorFormat::B8G8R8A8);
        let mut a = base_state(&f, Arc::new(ConstantColor([1.0, 0.0, 0.0, 1.0])));
        a.depth_stencil.depth_test = true;
        a.depth_stencil.depth_write = true;
        a.depth_stencil.depth_func = CompareFunc::Always;
        let mut b = a.clone();
        b.raster.offset = PolygonOffset {
            factor: 0.0,
            units: 1.0,
            fill: true,
            ..PolygonOffset::default()
        };
        let (a, b) = (Arc::new(a), Arc::new(b));
        let q = quad(&f, 0.0, 0.0, 8.0, 8.0, 0.2);
        render(&mut f, 0, |r| draw(r, &a, Topology::Triangles, &q, &[], 0));
        let base = f64::from(f.depth[3 * 8 + 3]);
        render(&mut f, 0, |r| draw(r, &b, Topology::Triangles, &q, &[], 0));
        let moved = f64::from(f.depth[3 * 8 + 3]);
        assert_eq!(((moved - base) * max).round(), steps, "{bits} bits");
    }
}

#[test]
fn scissor_and_viewport() {
    let mut f = fb(32, 32);
    let mut s = counting(&f);
    s.raster.scissor = Some(Rect {
        x: 4,
        y: 8,
        width: 10,
        height: 6,
    });
    let st = Arc::new(s);
    let q = quad(&f, 0.0, 0.0, 32.0, 32.0, 0.0);
    render(&mut f, 0, |r| draw(r, &st, Topology::Triangles, &q, &[], 0));
    for y in 0..32 {
        for x in 0..32 {
            let want = (4..14).contains(&x) && (8..14).contains(&y);
            assert_eq!(red(px(&f, x, y)), want as u32);
        }
    }
    // A half-size viewport restricts a huge triangle (no x/y clipping happens).
    let mut g = fb(32, 32);
    let mut s = counting(&g);
    s.raster.viewport = Viewport {
        x: 8.0,
        y: 0.0,
        width: 16.0,
        height: 16.0,
        near: 0.0,
        far: 1.0,
    };
    let st = Arc::new(s);
    let big = [
        [-10.0, -10.0, 0.0, 1.0],
        [10.0, -10.0, 0.0, 1.0],
        [0.0, 10.0, 0.0, 1.0],
    ];
    render(&mut g, 0, |r| {
        draw(r, &st, Topology::Triangles, &big, &[], 0)
    });
    for y in 0..32 {
        for x in 0..32 {
            let want = (8..24).contains(&x) && y < 16;
            assert_eq!(red(px(&g, x, y)), want as u32, "{x},{y}");
        }
    }
}

#[test]
fn binned_clear_with_rect() {
    let mut f = fb(100, 80);
    let mut r = Rasterizer::new(2);
    r.begin(&mut f, ColorBuffer::Back);
    clear_all(&mut r, [0.0, 0.0, 1.0, 1.0], 0.5, 3);
    r.clear(&ClearParams {
        buffers: clear_bits::CLEAR_COLOR,
        draw_buffers: draw_buffer_bits::DRAW_BACK,
        color: [1.0, 0.0, 0.0, 1.0],
        color_int: [0; 4],
        srgb: 0,
        color_mask: [true, true, true, true],
        depth: 0.0,
        stencil: 0,
        stencil_mask: 0,
        rect: Some(OxglRect {
            x: 60,
            y: 70,
            width: 30,
            height: 5,
        }),
        extra: 0,
        extra_masks: [[true; 4]; 7],
    });
    r.end(&mut f);
    assert_eq!(px(&f, 61, 71), 0xffff_0000);
    assert_eq!(px(&f, 59, 71), 0xff00_00ff);
    assert_eq!(px(&f, 61, 75), 0xff00_00ff);
    assert_eq!(f.depth[0], DepthFormat::D24.quantize(0.5));
    assert_eq!(f.stencil[7], 3);
}

/// A scene of overlapping smooth, blended and depth-tested triangles.
fn busy_scene(f: &mut Buffers, threads: usize) {
    let mut s = base_state(f, Arc::new(InterpolatedColor));
    s.depth_stencil.depth_test = true;
    s.depth_stencil.depth_write = true;
    s.depth_stencil.depth_func = CompareFunc::LessEqual;
    s.blend.enabled = true;
    s.blend.func.src_rgb = BlendFactor::SrcAlpha;
    s.blend.func.dst_rgb = BlendFactor::OneMinusSrcAlpha;
    let st = Arc::new(s);
    let mut seed = 12345u32;
    let mut rnd = move || {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        (seed >> 8) as f32 / (1u32 << 24) as f32
    };
    let mut pos = Vec::new();
    let mut col = Vec::new();
    for _ in 0..600 {
        let (cx, cy) = (rnd() * 2.4 - 1.2, rnd() * 2.4 - 1.2);
        let size = rnd() * rnd() * 0.8;
        for _ in 0..3 {
            let w = 0.5 + rnd() * 2.0;
            pos.push([
                (cx + (rnd() - 0.5) * size) * w,
                (cy + (rnd() - 0.5) * size) * w,
                (rnd() * 2.0 - 1.0) * w,
                w,
            ]);
            col.extend([rnd(), rnd(), rnd(), rnd()]);
        }
    }
    render(f, threads, |r| {
        draw(r, &st, Topology::Triangles, &pos, &col, 4);
        r.flush();
        draw(
            r,
            &st,
            Topology::TriangleStrip,
            &pos[..300],
            &col[..1200],
            4,
        );
    });
}

#[test]
fn thread_counts_are_bit_identical() {
    let mut reference = fb(300, 200);
    busy_scene(&mut reference, 0);
    assert!(reference.back.iter().filter(|&&p| p != 0).count() > 10_000);
    for threads in [1, 2, 4] {
        let mut f = fb(300, 200);
        busy_scene(&mut f, threads);
        assert!(
            f.back == reference.back,
            "{threads} threads: colour differs"
        );
        assert!(
            f.depth == reference.depth,
            "{threads} threads: depth differs"
        );
    }
}

/// `n` triangles (3 clip-space vertices each) scattered over the target,
/// of every size and winding.
fn scattered_triangles(n: usize) -> Vec<[f32; 4]> {
    (0..3 * n)
        .map(|i| {
            let t = i as f32 * 0.37;
            [t.sin() * 0.9, (t * 1.3).cos() * 0.9, 0.0, 1.0]
        })
        .collect()
}

#[test]
fn idle_workers_get_the_scene_while_a_draw_bins() {
    // A clear and one draw of 2,000 triangles: at the draw's 128th
    // primitive at most that scene is still being rasterized, so the draw hands its first part over
    // then (and maybe more later); the rest goes at the end. Every way
    // gives the pixels the inline rasterizer gives.
    let tris = scattered_triangles(2000);
    let image = |threads: usize| {
        let mut f = fb(200, 150);
        let st = Arc::new(counting(&f));
        let mut handed = 0;
        render(&mut f, threads, |r| {
            draw(r, &st, Topology::Triangles, &tris, &[], 0);
            r.finish();
            handed = r.scenes_handed_over();
        });
        (f.back, handed)
    };
    let (reference, _) = image(0);
    assert!(reference.iter().filter(|&&p| p != 0).count() > 5_000);
    for threads in [1, 2, 4] {
        let (back, handed) = image(threads);
        assert!(back == reference, "{threads} threads: colour differs");
        assert!(handed >= 3, "{threads} threads: {handed} scenes");
    }
}

#[test]
fn a_clear_waits_for_the_draws_of_a_small_frame() {
    // Frames of a clear and 10 triangles: each frame is one scene, handed
    // over at the finish, the clear rasterized with the draw's tiles. After
    // a frame of 2,000 triangles, the next clear goes to the idle workers
    // at once, before its frame's draw.
    let tris = scattered_triangles(2000);
    let mut f = fb(200, 150);
    let st = Arc::new(counting(&f));
    let mut handed = Vec::new();
    render(&mut f, 2, |r| {
        r.finish();
        let start = r.scenes_handed_over();
        let mut frame = |r: &mut Rasterizer, n: usize| {
            clear_all(r, [0.0; 4], 1.0, 0);
            let at_clear = r.scenes_handed_over();
            draw(r, &st, Topology::Triangles, &tris[..n * 3], &[], 0);
            r.finish();
            handed.push((at_clear - start, r.scenes_handed_over() - start));
        };
        frame(r, 10);
        frame(r, 10);
        frame(r, 2000);
        frame(r, 10);
    });
    let [a, b, c, d] = handed[..] else {
        unreachable!()
    };
    assert_eq!((a, b), ((0, 1), (1, 2)), "small frames: {handed:?}");
    assert_eq!(c.0, b.1, "a clear after a small frame waits: {handed:?}");
    assert_eq!(d.0, c.1 + 1, "a clear after a big frame goes: {handed:?}");
    assert_eq!(d.1, d.0 + 1, "{handed:?}");
}

#[test]
fn a_long_draw_hands_over_ever_larger_scenes() {
    // 8,000 small triangles in one draw: the hand-over threshold doubles
    // from 128 to 4,096 (128 + 256 + ... + 4,096 = 8,064), so at most six
    // scenes go mid-draw and one at the finish, however fast the workers
    // are; a fixed threshold would hand over up to 62.
    let mut f = fb(200, 150);
    let st = Arc::new(counting(&f));
    let tris = scattered_triangles(8000);
    let mut handed = (0, 0);
    render(&mut f, 2, |r| {
        r.finish();
        let start = r.scenes_handed_over();
        draw(r, &st, Topology::Triangles, &tris, &[], 0);
        r.finish();
        handed = (start, r.scenes_handed_over());
    });
    let n = handed.1 - handed.0;
    assert!((1..=7).contains(&n), "{n} scenes");
}

#[test]
fn scene_overflow_flushes() {
    // More primitives than a scene holds: the rasterizer flushes mid-draw.
    let mut f = fb(64, 64);
    let st = Arc::new(counting(&f));
    let quads = scene::MAX_PRIMS / 2 + 100;
    let mut pos = Vec::new();
    for i in 0..quads {
        let x = (i % 64) as f32;
        let y = ((i / 64) % 64) as f32;
        pos.extend(quad(&f, x, y, x + 1.0, y + 1.0, 0.0));
    }
    render(&mut f, 2, |r| {
        draw(r, &st, Topology::Triangles, &pos, &[], 0)
    });
    for y in 0..64u32 {
        for x in 0..64u32 {
            let want = (quads / 4096) as u32 + ((y * 64 + x) < (quads % 4096) as u32) as u32;
            assert_eq!(red(px(&f, x, y)), want, "{x},{y}");
        }
    }
}

#[test]
fn occlusion_counts_passing_samples_across_tiles_and_threads() {
    for threads in [0, 1, 3] {
        // 200×150: several tiles, partial ones at the edges.
        let mut f = fb(200, 150);
        let mut front = base_state(&f, Arc::new(ConstantColor([1.0, 0.0, 0.0, 1.0])));
        front.depth_stencil.depth_test = true;
        front.depth_stencil.depth_write = true;
        front.depth_stencil.depth_func = CompareFunc::Less;
        let mut masked = front.clone();
        masked.blend.color_mask = [false; 4];
        masked.depth_stencil.depth_write = false;
        let (front, masked) = (Arc::new(front), Arc::new(masked));
        let near = quad(&f, 0.0, 0.0, 100.0, 150.0, -0.5);
        let far = quad(&f, 10.0, 10.0, 190.0, 140.0, 0.0);
        let (a, b, c) = (
            SampleCounter::new(),
            SampleCounter::new(),
            SampleCounter::new(),
        );
        render(&mut f, threads, |r| {
            r.set_query(Some(&a));
            draw(r, &front, Topology::Triangles, &near, &[], 0);
            r.set_query(Some(&b));
            // Hidden left of x = 100: 90 × 130 samples pass.
            draw(r, &masked, Topology::Triangles, &far, &[], 0);
            r.flush();
            r.set_query(None);
            draw(r, &front, Topology::Triangles, &far, &[], 0);
            r.set_query(Some(&c));
            // Culled to nothing: the query still completes.
            draw(
                r,
                &front,
                Topology::Triangles,
                &[[2.0, 0.0, 0.0, 1.0]; 3],
                &[],
                0,
            );
        });
        assert_eq!(a.wait(), 100 * 150, "{threads} threads");
        assert_eq!(b.try_result(), Some(90 * 130), "{threads} threads");
        assert_eq!(c.try_result(), Some(0), "{threads} threads");
    }
}

#[test]
fn point_sprites_replace_coordinates() {
    // A 16-pixel sprite centred on the pixel corner (8, 8), input location
    // 0 replaced: red = s, growing rightwards; green = t, growing downwards
    // (UPPER_LEFT) or upwards (LOWER_LEFT); without replacement the
    // varying (0.5, 0.5, 0.5) everywhere.
    let g = fb(32, 32);
    let pos = [at(&g, 8.0, 8.0)];
    let vary = [0.5f32, 0.5, 0.5, 1.0];
    let near = |got: u32, want: f32| (got as f32 - want * 255.0).abs() <= 1.0;
    for (enable, upper) in [(1, true), (1, false), (0, true)] {
        let mut f = fb(32, 32);
        let mut s = base_state(&f, Arc::new(InterpolatedColor));
        s.raster.point_size = 16.0;
        s.raster.point_sprite = true;
        s.raster.point_sprite_upper_left = upper;
        s.raster.sprite_coord_enable = enable;
        let st = Arc::new(s);
        render(&mut f, 0, |r| {
            draw(r, &st, Topology::Points, &pos, &vary, 4)
        });
        for y in 0..32u32 {
            for x in 0..32u32 {
                let p = px(&f, x, y);
                let (r, g) = ((p >> 16) & 0xff, (p >> 8) & 0xff);
                if x >= 16 || y >= 16 {
                    assert_eq!(p & 0xff_ffff, 0, "{x},{y} outside");
                    continue;
                }
                let (s, t) = if enable == 0 {
                    (0.5, 0.5)
                } else if upper {
                    ((x as f32 + 0.5) / 16.0, (15.5 - y as f32) / 16.0)
                } else {
                    ((x as f32 + 0.5) / 16.0, (y as f32 + 0.5) / 16.0)
                };
                assert!(near(r, s) && near(g, t), "{x},{y}: {r} {g}, want {s} {t}");
            }
        }
    }
    // Odd sizes are not snapped: a 31-pixel sprite at (16, 16) covers the
    // quad 0.5..31.5 with its left and (window) bottom edges: 0..=30.
    let mut h = fb(40, 40);
    let mut s = counting(&h);
    s.raster.point_size = 31.0;
    s.raster.point_sprite = true;
    let st = Arc::new(s);
    let pos = [at(&h, 16.0, 16.0)];
    render(&mut h, 0, |r| draw(r, &st, Topology::Points, &pos, &[], 0));
    for y in 0..40 {
        for x in 0..40 {
            let want = (x <= 30 && y <= 30) as u32;
            assert_eq!(red(px(&h, x, y)), want, "{x},{y}");
        }
    }
}
