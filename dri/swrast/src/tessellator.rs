//! The tessellation primitive generator (GL 4.6 §11.2.2; ARB_tessellation_shader):
//! the fixed-function stage between the tessellation control and
//! evaluation shaders. From a patch's outer and inner tessellation levels
//! it makes the `gl_TessCoord`s of the evaluation shader's invocations and
//! the points, lines or triangles that join them.
//!
//! Triangles: concentric rings in barycentric space, each ring's edge
//! subdivided by the inner level's pattern, the outermost by the outer
//! levels, and the space between two rings stitched with triangles. An
//! inner ring's corner lies where the perpendiculars through the nearest
//! subdivision points of its outer ring's edges meet, which puts ring `k`'s
//! corner at barycentric `(1 - 4 s_k / 3, 2 s_k / 3, 2 s_k / 3)` for the
//! inner pattern's `k`-th point `s_k`. Quads: the inner levels' grid, two
//! triangles per inner cell, and the border stitched to the outer edges.
//! Isolines: `outer[0]` lines of constant `v`, each of `outer[1]`
//! segments.
//!
//! Fractional spacing divides an edge into `n - 2` segments of length
//! `1 / f` and two shorter ones of `(f - n + 2) / 2f` at its two ends, so
//! that an edge is subdivided the same way from either end (no cracks
//! between patches sharing it).

/// `GL_MAX_TESS_GEN_LEVEL`.
pub const MAX_LEVEL: f32 = 64.0;

/// The abstract patch the generator subdivides (`layout(triangles)`,
/// `layout(quads)`, `layout(isolines)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Domain {
    /// A triangle; coordinates are barycentric (u, v, w).
    Triangles,
    /// A square; coordinates are (u, v, 0).
    Quads,
    /// Lines of constant v across the square.
    Isolines,
}

/// How levels become segments (`equal_spacing`,
/// `fractional_even_spacing`, `fractional_odd_spacing`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spacing {
    /// Rounded up to an integer, equal segments.
    Equal,
    /// Rounded up to an even integer; two shorter segments.
    FractionalEven,
    /// Rounded up to an odd integer; two shorter segments.
    FractionalOdd,
}

/// A tessellation evaluation shader's input layout: what the generator
/// makes of its patches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// `triangles`, `quads` or `isolines`.
    pub domain: Domain,
    /// The spacing (`equal_spacing` unless declared).
    pub spacing: Spacing,
    /// `point_mode`.
    pub point_mode: bool,
    /// Counter-clockwise triangles (`ccw`, the default; `cw` otherwise).
    pub ccw: bool,
}

impl Layout {
    /// The layout `shader` declares; `None` without a domain (the linker
    /// refuses such a program).
    pub fn of(shader: &oxgl_ir::Shader) -> Option<Layout> {
        use oxgl_ir::{Mode, TessDomain, TessSpacing};
        let mut domain = None;
        let mut layout = Layout {
            domain: Domain::Triangles,
            spacing: Spacing::Equal,
            point_mode: false,
            ccw: true,
        };
        for m in &shader.modes {
            match m {
                Mode::TessDomain(d) => {
                    domain = Some(match d {
                        TessDomain::Triangles => Domain::Triangles,
                        TessDomain::Quads => Domain::Quads,
                        TessDomain::Isolines => Domain::Isolines,
                    })
                }
                Mode::TessSpacing(sp) => {
                    layout.spacing = match sp {
                        TessSpacing::Equal => Spacing::Equal,
                        TessSpacing::FractionalEven => Spacing::FractionalEven,
                        TessSpacing::FractionalOdd => Spacing::FractionalOdd,
                    }
                }
                Mode::TessClockwise => layout.ccw = false,
                Mode::TessPointMode => layout.point_mode = true,
                _ => {}
            }
        }
        layout.domain = domain?;
        Some(layout)
    }
}

/// What the generator makes of one patch.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tessellation {
    /// `gl_TessCoord` of each vertex.
    pub coords: Vec<[f32; 3]>,
    /// Vertex indices: three per triangle, two per line, one per point.
    pub indices: Vec<u32>,
    /// Indices per primitive (3, 2 or 1; 0: nothing generated).
    pub per: usize,
}

/// One edge's subdivision: `n` segments over `[0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pattern {
    n: u32,
    /// The clamped level.
    f: f32,
    fractional: bool,
}

impl Pattern {
    /// The pattern of `level` under `spacing` (clamped and rounded as
    /// GL 4.6 §11.2.2 says).
    fn new(level: f32, spacing: Spacing) -> Pattern {
        let (f, n) = match spacing {
            Spacing::Equal => {
                let f = level.clamp(1.0, MAX_LEVEL);
                (f, f.ceil() as u32)
            }
            Spacing::FractionalEven => {
                let f = level.clamp(2.0, MAX_LEVEL);
                let n = f.ceil() as u32;
                (f, n + n % 2)
            }
            Spacing::FractionalOdd => {
                let f = level.clamp(1.0, MAX_LEVEL - 1.0);
                let n = f.ceil() as u32;
                (f, n + (1 - n % 2))
            }
        };
        Pattern {
            n: n.max(1),
            f,
            fractional: spacing != Spacing::Equal,
        }
    }

    /// The inner level treated as `1 + ε` (an inner level of one with an
    /// outer level above one).
    fn widened(spacing: Spacing) -> Pattern {
        Pattern::new(1.0 + f32::EPSILON * 4.0, spacing)
    }

    /// Point `i` of the subdivision (`0..=n`), symmetric about 1/2.
    fn at(&self, i: u32) -> f32 {
        let n = self.n;
        if i == 0 {
            return 0.0;
        }
        if i >= n {
            return 1.0;
        }
        if !self.fractional || n < 3 || self.f >= n as f32 {
            return i as f32 / n as f32;
        }
        // n - 2 segments of 1 / f, two of (f - n + 2) / 2f at the ends;
        // from the nearer end so that both halves are exact mirrors.
        let short = (self.f - n as f32 + 2.0) / (2.0 * self.f);
        let from_start = |i: u32| short + (i - 1) as f32 / self.f;
        if 2 * i <= n {
            from_start(i)
        } else {
            1.0 - from_start(n - i)
        }
    }
}

/// Generates the primitives of one patch into `out` (cleared first):
/// nothing when an outer level the domain uses is zero, negative or NaN
/// (the patch is discarded). `ccw`: the triangles' winding in (u, v).
pub fn tessellate(
    domain: Domain,
    spacing: Spacing,
    (point_mode, ccw): (bool, bool),
    outer: [f32; 4],
    inner: [f32; 2],
    out: &mut Tessellation,
) {
    out.coords.clear();
    out.indices.clear();
    out.per = 0;
    let used = match domain {
        Domain::Triangles => 3,
        Domain::Quads => 4,
        Domain::Isolines => 2,
    };
    if outer[..used].iter().any(|&l| l.is_nan() || l <= 0.0) {
        return;
    }
    match domain {
        Domain::Triangles => triangles(spacing, outer, inner[0], out),
        Domain::Quads => quads(spacing, outer, inner, out),
        Domain::Isolines => isolines(spacing, outer, out),
    }
    if out.per == 3 {
        orient(out, ccw);
    }
    if point_mode {
        out.indices.clear();
        out.indices.extend(0..out.coords.len() as u32);
        out.per = 1;
    }
}

/// Twice the signed area of a triangle in (u, v): positive when
/// counter-clockwise.
fn area(a: [f32; 3], b: [f32; 3], c: [f32; 3]) -> f32 {
    (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])
}

/// Puts every triangle in the winding asked for.
fn orient(out: &mut Tessellation, ccw: bool) {
    let coords = &out.coords;
    for t in out.indices.chunks_exact_mut(3) {
        let a = area(
            coords[t[0] as usize],
            coords[t[1] as usize],
            coords[t[2] as usize],
        );
        if (a < 0.0 && ccw) || (a > 0.0 && !ccw) {
            t.swap(1, 2);
        }
    }
}

fn push(out: &mut Tessellation, c: [f32; 3]) -> u32 {
    out.coords.push(c);
    (out.coords.len() - 1) as u32
}

/// Fills the band between polyline `o` (an outer edge) and polyline `i`
/// (the inner edge facing it, same direction; one vertex when the inner
/// edge is a point) with triangles, two vertices of each adjacent on one
/// of them; `pos` gives a vertex's position along the edge's direction.
fn stitch(out: &mut Tessellation, o: &[u32], i: &[u32], pos: &dyn Fn([f32; 3]) -> f32) {
    let (mut a, mut b) = (0, 0);
    while a + 1 < o.len() || b + 1 < i.len() {
        let next_o = o.get(a + 1).map(|&v| pos(out.coords[v as usize]));
        let next_i = i.get(b + 1).map(|&v| pos(out.coords[v as usize]));
        let advance_outer = match (next_o, next_i) {
            (Some(x), Some(y)) => x <= y,
            (Some(_), None) => true,
            _ => false,
        };
        if advance_outer {
            out.indices.extend([o[a], o[a + 1], i[b]]);
            a += 1;
        } else {
            out.indices.extend([o[a], i[b + 1], i[b]]);
            b += 1;
        }
    }
}

/// Barycentric point of a ring edge from corner `p` to corner `q` (the
/// third corner `r`): ring offset `s_k`, position `s_j` along the edge.
fn ring_point(p: usize, q: usize, sk: f32, sj: f32) -> [f32; 3] {
    let mut c = [2.0 * sk / 3.0; 3];
    c[p] = 1.0 - sj - sk / 3.0;
    c[q] = sj - sk / 3.0;
    c
}

/// The corners in ring order and, for each edge (from corner `e` to
/// corner `e + 1`), the outer level subdividing it: U→V is `w = 0`
/// (`outer[2]`), V→W is `u = 0` (`outer[0]`), W→U is `v = 0` (`outer[1]`).
const TRI_EDGES: [(usize, usize, usize); 3] = [(0, 1, 2), (1, 2, 0), (2, 0, 1)];

fn triangles(spacing: Spacing, outer: [f32; 4], inner: f32, out: &mut Tessellation) {
    out.per = 3;
    let outs = [0, 1, 2].map(|k| Pattern::new(outer[k], spacing));
    let mut pin = Pattern::new(inner, spacing);
    if pin.n == 1 {
        if outs.iter().all(|p| p.n == 1) {
            let u = push(out, [1.0, 0.0, 0.0]);
            let v = push(out, [0.0, 1.0, 0.0]);
            let w = push(out, [0.0, 0.0, 1.0]);
            out.indices.extend([u, v, w]);
            return;
        }
        pin = Pattern::widened(spacing);
    }
    let n = pin.n;
    // The outer edges, by their own levels; corners shared.
    let corners = [0, 1, 2].map(|c| {
        let mut x = [0.0; 3];
        x[c] = 1.0;
        push(out, x)
    });
    let mut outer_edges: Vec<Vec<u32>> = Vec::new();
    for &(p, q, level) in &TRI_EDGES {
        let pat = outs[level];
        let mut e = vec![corners[p]];
        for j in 1..pat.n {
            e.push(push(out, ring_point(p, q, 0.0, pat.at(j))));
        }
        e.push(corners[q]);
        outer_edges.push(e);
    }
    // Inner rings k = 1, 2, ...: n - 2k segments per edge.
    let mut prev = outer_edges;
    let mut k = 1;
    loop {
        let segs = n as i64 - 2 * k as i64;
        let sk = pin.at(k);
        if segs <= 0 {
            // The centre.
            let c = push(out, [1.0 / 3.0; 3]);
            for (e, &(p, q, _)) in prev.iter().zip(&TRI_EDGES) {
                stitch(out, e, &[c], &|x| x[q] - x[p]);
            }
            return;
        }
        let ring_corners = [0, 1, 2].map(|c| {
            let (p, q) = (c, (c + 1) % 3);
            push(out, ring_point(p, q, sk, sk))
        });
        let mut ring: Vec<Vec<u32>> = Vec::new();
        for &(p, q, _) in &TRI_EDGES {
            let mut e = vec![ring_corners[p]];
            for j in k + 1..n - k {
                e.push(push(out, ring_point(p, q, sk, pin.at(j))));
            }
            e.push(ring_corners[q]);
            ring.push(e);
        }
        for ((o, i), &(p, q, _)) in prev.iter().zip(&ring).zip(&TRI_EDGES) {
            stitch(out, o, i, &|x| x[q] - x[p]);
        }
        if segs == 1 {
            out.indices.extend(ring_corners);
            return;
        }
        prev = ring;
        k += 1;
    }
}

fn quads(spacing: Spacing, outer: [f32; 4], inner: [f32; 2], out: &mut Tessellation) {
    out.per = 3;
    let outs = [0, 1, 2, 3].map(|k| Pattern::new(outer[k], spacing));
    let mut pu = Pattern::new(inner[0], spacing);
    let mut pv = Pattern::new(inner[1], spacing);
    if pu.n == 1 && pv.n == 1 && outs.iter().all(|p| p.n == 1) {
        let c =
            [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]].map(|[u, v]| push(out, [u, v, 0.0]));
        out.indices.extend([c[0], c[1], c[2], c[0], c[2], c[3]]);
        return;
    }
    if pu.n == 1 {
        pu = Pattern::widened(spacing);
    }
    if pv.n == 1 {
        pv = Pattern::widened(spacing);
    }
    let (m, n) = (pu.n, pv.n);
    // The inner grid: columns 1..m-1, rows 1..n-1.
    let cols = (m - 1) as usize;
    let mut grid = vec![0u32; cols * (n - 1) as usize];
    for j in 1..n {
        for i in 1..m {
            grid[(j - 1) as usize * cols + (i - 1) as usize] = push(out, [pu.at(i), pv.at(j), 0.0]);
        }
    }
    let g = |i: u32, j: u32| grid[(j - 1) as usize * cols + (i - 1) as usize];
    for j in 1..n.saturating_sub(1) {
        for i in 1..m.saturating_sub(1) {
            let (a, b, c, d) = (g(i, j), g(i + 1, j), g(i + 1, j + 1), g(i, j + 1));
            out.indices.extend([a, b, c, a, c, d]);
        }
    }
    // The border: corners counter-clockwise (0,0), (1,0), (1,1), (0,1);
    // edge v = 0 (outer[1]), u = 1 (outer[2]), v = 1 (outer[3]), u = 0
    // (outer[0]), each with the inner rectangle's side facing it.
    let corners =
        [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]].map(|[u, v]| push(out, [u, v, 0.0]));
    let sides: [(usize, Vec<u32>); 4] = [
        (1, (1..m).map(|i| g(i, 1)).collect()),
        (2, (1..n).map(|j| g(m - 1, j)).collect()),
        (3, (1..m).rev().map(|i| g(i, n - 1)).collect()),
        (0, (1..n).rev().map(|j| g(1, j)).collect()),
    ];
    for (e, (level, inner_side)) in sides.iter().enumerate() {
        let pat = outs[*level];
        let mut o = vec![corners[e]];
        for j in 1..pat.n {
            let t = pat.at(j);
            let at = match e {
                0 => [t, 0.0, 0.0],
                1 => [1.0, t, 0.0],
                2 => [1.0 - t, 1.0, 0.0],
                _ => [0.0, 1.0 - t, 0.0],
            };
            o.push(push(out, at));
        }
        o.push(corners[(e + 1) % 4]);
        // Position along the edge's direction.
        let dir: [f32; 2] = match e {
            0 => [1.0, 0.0],
            1 => [0.0, 1.0],
            2 => [-1.0, 0.0],
            _ => [0.0, -1.0],
        };
        stitch(out, &o, inner_side, &|x| x[0] * dir[0] + x[1] * dir[1]);
    }
}

fn isolines(spacing: Spacing, outer: [f32; 4], out: &mut Tessellation) {
    out.per = 2;
    // The line count is always an integer (equal spacing).
    let lines = Pattern::new(outer[0], Spacing::Equal).n;
    let segs = Pattern::new(outer[1], spacing);
    for l in 0..lines {
        let v = l as f32 / lines as f32;
        let first = out.coords.len() as u32;
        for j in 0..=segs.n {
            push(out, [segs.at(j), v, 0.0]);
        }
        for j in 0..segs.n {
            out.indices.extend([first + j, first + j + 1]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(d: Domain, s: Spacing, outer: [f32; 4], inner: [f32; 2]) -> Tessellation {
        let mut t = Tessellation::default();
        tessellate(d, s, (false, true), outer, inner, &mut t);
        t
    }

    /// The triangles cover the domain exactly once: their (u, v) areas,
    /// all counter-clockwise, add up to the domain's.
    fn covers(t: &Tessellation, want: f32) {
        assert_eq!(t.per, 3);
        let mut total = 0.0f64;
        for tri in t.indices.chunks_exact(3) {
            let [a, b, c] = [0, 1, 2].map(|k| t.coords[tri[k] as usize]);
            let x = area(a, b, c);
            assert!(x >= -1e-6, "a clockwise triangle: {a:?} {b:?} {c:?}");
            total += f64::from(x) / 2.0;
        }
        assert!(
            (total - f64::from(want)).abs() < 1e-4,
            "area {total}, want {want}"
        );
        for c in &t.coords {
            assert!(c.iter().all(|x| (-1e-6..=1.0 + 1e-6).contains(x)), "{c:?}");
        }
    }

    #[test]
    fn patterns_round_as_the_spacing_says() {
        assert_eq!(Pattern::new(2.3, Spacing::Equal).n, 3);
        assert_eq!(Pattern::new(2.3, Spacing::FractionalEven).n, 4);
        assert_eq!(Pattern::new(2.3, Spacing::FractionalOdd).n, 3);
        assert_eq!(Pattern::new(0.5, Spacing::FractionalEven).n, 2);
        assert_eq!(Pattern::new(100.0, Spacing::FractionalOdd).n, 63);
        // Fractional: symmetric, increasing, the short ends growing with f.
        let p = Pattern::new(4.5, Spacing::FractionalOdd);
        assert_eq!(p.n, 5);
        let pts: Vec<f32> = (0..=5).map(|i| p.at(i)).collect();
        for i in 0..5 {
            assert!(pts[i] < pts[i + 1]);
            assert!((pts[i] + pts[5 - i] - 1.0).abs() < 1e-6);
        }
        assert!((pts[2] - pts[1] - 1.0 / 4.5).abs() < 1e-6);
        let whole = Pattern::new(5.0, Spacing::FractionalOdd);
        assert!((whole.at(1) - 0.2).abs() < 1e-6);
    }

    #[test]
    fn ones_give_one_triangle_or_one_quad() {
        let t = run(Domain::Triangles, Spacing::Equal, [1.0; 4], [1.0; 2]);
        assert_eq!(t.indices.len(), 3);
        covers(&t, 0.5);
        let q = run(Domain::Quads, Spacing::Equal, [1.0; 4], [1.0; 2]);
        assert_eq!(q.indices.len(), 6);
        covers(&q, 1.0);
    }

    #[test]
    fn a_zero_outer_level_discards_the_patch() {
        let t = run(
            Domain::Triangles,
            Spacing::Equal,
            [3.0, 0.0, 2.0, 1.0],
            [2.0; 2],
        );
        assert!(t.indices.is_empty() && t.coords.is_empty());
        let t = run(
            Domain::Isolines,
            Spacing::Equal,
            [f32::NAN, 2.0, 1.0, 1.0],
            [1.0; 2],
        );
        assert!(t.indices.is_empty());
    }

    #[test]
    fn triangles_cover_the_domain_for_every_level_and_spacing() {
        for s in [
            Spacing::Equal,
            Spacing::FractionalEven,
            Spacing::FractionalOdd,
        ] {
            for inner in [1.0, 2.0, 2.5, 3.0, 4.0, 5.7, 8.0] {
                for outer in [
                    [1.0, 1.0, 1.0, 1.0],
                    [2.0, 3.0, 4.0, 1.0],
                    [7.3, 1.0, 2.2, 1.0],
                ] {
                    let t = run(Domain::Triangles, s, outer, [inner, 1.0]);
                    covers(&t, 0.5);
                    for c in &t.coords {
                        assert!((c[0] + c[1] + c[2] - 1.0).abs() < 1e-5);
                    }
                }
            }
        }
    }

    #[test]
    fn triangle_edges_take_their_outer_levels() {
        // u = 0 has outer[0] segments, v = 0 outer[1], w = 0 outer[2].
        let t = run(
            Domain::Triangles,
            Spacing::Equal,
            [2.0, 3.0, 5.0, 1.0],
            [4.0; 2],
        );
        for (axis, n) in [(0, 2), (1, 3), (2, 5)] {
            let on = t.coords.iter().filter(|c| c[axis].abs() < 1e-6).count();
            assert_eq!(on, n + 1, "edge {axis}");
        }
        // Inner level 4: rings of 4 and 2 segments and the centre.
        assert_eq!(t.coords.len(), 17);
    }

    #[test]
    fn quads_cover_the_square_for_every_level_and_spacing() {
        for s in [
            Spacing::Equal,
            Spacing::FractionalEven,
            Spacing::FractionalOdd,
        ] {
            for inner in [[1.0, 1.0], [2.0, 2.0], [3.0, 1.0], [4.0, 2.5], [5.0, 7.0]] {
                for outer in [[1.0; 4], [2.0, 3.0, 4.0, 5.0], [1.0, 6.5, 1.0, 2.0]] {
                    covers(&run(Domain::Quads, s, outer, inner), 1.0);
                }
            }
        }
        // Equal spacing, inner (3, 3), outer all 3: a 3x3 grid, 18
        // triangles.
        let t = run(Domain::Quads, Spacing::Equal, [3.0; 4], [3.0; 2]);
        assert_eq!(t.indices.len() / 3, 18);
    }

    #[test]
    fn isolines_are_lines_of_constant_v() {
        let t = run(
            Domain::Isolines,
            Spacing::Equal,
            [2.0, 3.0, 1.0, 1.0],
            [1.0; 2],
        );
        assert_eq!(t.per, 2);
        assert_eq!(t.indices.len() / 2, 6);
        let vs: Vec<f32> = t.coords.iter().map(|c| c[1]).collect();
        assert!(vs.iter().all(|&v| v == 0.0 || v == 0.5));
    }

    #[test]
    fn clockwise_and_point_mode() {
        let mut t = Tessellation::default();
        tessellate(
            Domain::Triangles,
            Spacing::Equal,
            (false, false),
            [3.0; 4],
            [3.0; 2],
            &mut t,
        );
        for tri in t.indices.chunks_exact(3) {
            let [a, b, c] = [0, 1, 2].map(|k| t.coords[tri[k] as usize]);
            assert!(area(a, b, c) <= 1e-6);
        }
        tessellate(
            Domain::Quads,
            Spacing::Equal,
            (true, true),
            [2.0; 4],
            [2.0; 2],
            &mut t,
        );
        assert_eq!(t.per, 1);
        assert_eq!(t.indices.len(), t.coords.len());
        // Every point once: a 3x3 lattice.
        assert_eq!(t.coords.len(), 9);
    }
}
