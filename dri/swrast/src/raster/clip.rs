//! Clipping in homogeneous clip space: near/far (unless depth clamp), a
//! guard band around the viewport, and user clip distances.
//!
//! The left/right/top/bottom frustum planes are *not* clipped against: the
//! guard band keeps window coordinates inside the fixed-point range and the
//! rasterizer's bounding box (viewport ∩ scissor ∩ target) discards the rest,
//! which is both cheaper and free of the slivers clipping creates. The
//! frustum planes still take part in trivial rejection.
//!
//! Polygons are clipped with Sutherland–Hodgman. Each intersection is computed
//! from the inside vertex towards the outside one, so the two triangles
//! sharing a clipped edge get bit-identical new vertices (no cracks).

/// Outcode bits: outside the guard band (clipped).
pub const GUARD: u32 = 0xf;
/// Outcode bits: beyond near or far (clipped unless depth clamp).
pub const NEAR_FAR: u32 = 0x30;
/// Outcode bit: w too small (only tested under depth clamp).
pub const W_MIN: u32 = 0x40;
/// Outcode bits: a user clip distance is negative (clipped), bits 8..16.
pub const USER: u32 = 0xff00;
/// Outcode bits: outside the view frustum left/right/bottom/top (rejected, never clipped).
pub const FRUSTUM: u32 = 0xf_0000;

/// Smallest w kept under depth clamp.
const W_EPSILON: f32 = 1e-6;

/// The clip planes of a draw.
#[derive(Clone, Copy, Debug)]
pub struct ClipPlanes {
    /// Guard band in NDC: x low, x high, y low, y high.
    pub guard: [f32; 4],
    /// Near/far active (no depth clamp).
    pub near_far: bool,
    /// Varying index of each user clip distance.
    pub user: [u8; 8],
    /// Number of user clip distances.
    pub num_user: usize,
    /// Bit `i`: varying `i` is interpolated linearly in window space
    /// (`noperspective`), so a clipped vertex takes it at its window
    /// position rather than at its clip-space one.
    pub linear: super::state::VaryingMask,
}

/// The parameter along the window-space projection of `a`-`b` (clip-space
/// positions) at which the projection of `p`, the point at `t` along the
/// clip-space segment, lies: what a `noperspective` varying of a vertex
/// made by clipping interpolates with (as Mesa's draw module, which
/// measures along whichever of x and y differs; here the longer one). Falls
/// back to `t` when the projections coincide.
fn window_t(p: &[f32], a: &[f32], b: &[f32], t: f32) -> f32 {
    let ndc = |v: &[f32], k: usize| v[k] / v[3];
    let dx = ndc(b, 0) - ndc(a, 0);
    let dy = ndc(b, 1) - ndc(a, 1);
    let (k, d) = if dx.abs() >= dy.abs() {
        (0, dx)
    } else {
        (1, dy)
    };
    let tn = (ndc(p, k) - ndc(a, k)) / d;
    if tn.is_finite() { tn } else { t }
}

/// Re-interpolates the `linear` varyings of vertex `out` (made at `t`
/// along `a`-`b`, position already set) at its window position.
fn relerp_linear(out: &mut [f32], a: &[f32], b: &[f32], t: f32, linear: super::state::VaryingMask) {
    if linear == 0 {
        return;
    }
    let tn = window_t(out, a, b, t);
    let mut bits = linear;
    while bits != 0 {
        let k = 4 + bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if k >= out.len() {
            break;
        }
        out[k] = a[k] + tn * (b[k] - a[k]);
    }
}

impl ClipPlanes {
    /// Signed distance of vertex `v` (position, then varyings) to plane `bit`.
    #[inline]
    fn distance(&self, bit: u32, v: &[f32]) -> f32 {
        let (x, y, z, w) = (v[0], v[1], v[2], v[3]);
        match bit {
            0 => x - self.guard[0] * w,
            1 => self.guard[1] * w - x,
            2 => y - self.guard[2] * w,
            3 => self.guard[3] * w - y,
            4 => z + w,
            5 => w - z,
            6 => w - W_EPSILON,
            8..=15 => v[4 + self.user[(bit - 8) as usize] as usize],
            _ => 1.0,
        }
    }

    /// The outcode bits of a position (every plane but the user ones);
    /// `near_far` is `self.near_far`, passed so that a loop over vertices
    /// can hoist it (then the loop vectorizes).
    #[inline(always)]
    pub fn position_code(&self, p: [f32; 4], near_far: bool) -> u32 {
        let [x, y, z, w] = p;
        let bit = |c: bool, b: u32| if c { 1 << b } else { 0 };
        let depth = if near_far {
            bit(z < -w, 4) | bit(z > w, 5)
        } else {
            bit(w < W_EPSILON, 6)
        };
        bit(x < self.guard[0] * w, 0)
            | bit(x > self.guard[1] * w, 1)
            | bit(y < self.guard[2] * w, 2)
            | bit(y > self.guard[3] * w, 3)
            | depth
            | bit(x < -w, 16)
            | bit(x > w, 17)
            | bit(y < -w, 18)
            | bit(y > w, 19)
    }

    /// The outcode bits of the user clip distances; `varying(i)` reads
    /// the vertex's varyings.
    #[inline]
    pub fn user_code(&self, varying: impl Fn(usize) -> f32) -> u32 {
        let mut code = 0;
        for i in 0..self.num_user {
            // NaN distances are outside too.
            code |= ((varying(self.user[i] as usize) >= 0.0) as u32 ^ 1) << (8 + i);
        }
        code
    }

    /// [`ClipPlanes::position_code`] of every position, into `codes`.
    #[inline]
    pub fn position_codes(&self, positions: &[[f32; 4]], codes: &mut [u32]) {
        // Each flag a lane, matched once: the loop vectorizes.
        if self.near_far {
            for (c, &p) in codes.iter_mut().zip(positions) {
                *c = self.position_code(p, true);
            }
        } else {
            for (c, &p) in codes.iter_mut().zip(positions) {
                *c = self.position_code(p, false);
            }
        }
    }
}

/// Scratch space for clipping polygons: vertices are `stride` floats,
/// position then varyings; each vertex carries the edge flag of the edge
/// that starts at it.
#[derive(Default)]
pub struct Clipper {
    /// Current polygon.
    pub verts: Vec<f32>,
    /// Edge flags of `verts`.
    pub flags: Vec<bool>,
    tmp: Vec<f32>,
    tmp_flags: Vec<bool>,
    /// Floats per vertex.
    pub stride: usize,
}

impl Clipper {
    /// Starts a polygon of `stride`-float vertices.
    pub fn begin(&mut self, stride: usize) {
        self.stride = stride;
        self.verts.clear();
        self.flags.clear();
    }

    /// Appends a vertex.
    pub fn push(&mut self, v: &[f32], edge_flag: bool) {
        debug_assert_eq!(v.len(), self.stride);
        self.verts.extend_from_slice(v);
        self.flags.push(edge_flag);
    }

    /// Vertices in the polygon.
    pub fn len(&self) -> usize {
        self.flags.len()
    }

    /// Vertex `i`.
    pub fn vert(&self, i: usize) -> &[f32] {
        &self.verts[i * self.stride..(i + 1) * self.stride]
    }

    /// Clips the polygon against every plane in `planes_mask`; new edges lying
    /// on a clip plane get edge flag false. Returns the vertex count left.
    pub fn clip(&mut self, planes: &ClipPlanes, planes_mask: u32) -> usize {
        let s = self.stride;
        let mut mask = planes_mask;
        while mask != 0 && self.len() >= 3 {
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            let n = self.len();
            self.tmp.clear();
            self.tmp_flags.clear();
            let mut d_cur = planes.distance(bit, &self.verts[(n - 1) * s..n * s]);
            let mut cur = n - 1;
            for next in 0..n {
                let d_next = planes.distance(bit, &self.verts[next * s..(next + 1) * s]);
                let cur_in = d_cur >= 0.0;
                let next_in = d_next >= 0.0;
                if cur_in {
                    self.tmp
                        .extend_from_slice(&self.verts[cur * s..(cur + 1) * s]);
                    self.tmp_flags.push(self.flags[cur]);
                }
                if cur_in != next_in {
                    // Interpolate from the inside vertex towards the outside one.
                    let (i, o, di, dout) = if cur_in {
                        (cur, next, d_cur, d_next)
                    } else {
                        (next, cur, d_next, d_cur)
                    };
                    let t = di / (di - dout);
                    let base = self.tmp.len();
                    for k in 0..s {
                        let a = self.verts[i * s + k];
                        let b = self.verts[o * s + k];
                        self.tmp.push(a + t * (b - a));
                    }
                    relerp_linear(
                        &mut self.tmp[base..],
                        &self.verts[i * s..(i + 1) * s],
                        &self.verts[o * s..(o + 1) * s],
                        t,
                        planes.linear,
                    );
                    // Leaving: the new edge runs along the plane. Entering:
                    // it continues the original edge.
                    self.tmp_flags
                        .push(if cur_in { false } else { self.flags[cur] });
                }
                cur = next;
                d_cur = d_next;
            }
            std::mem::swap(&mut self.verts, &mut self.tmp);
            std::mem::swap(&mut self.flags, &mut self.tmp_flags);
        }
        if self.len() < 3 { 0 } else { self.len() }
    }

    /// Clips the segment `a`-`b` (each `stride` floats) and leaves the result
    /// as two vertices; returns false when nothing is left.
    pub fn clip_line(
        &mut self,
        planes: &ClipPlanes,
        planes_mask: u32,
        a: &[f32],
        b: &[f32],
    ) -> bool {
        let s = a.len();
        self.begin(s);
        let (mut t0, mut t1) = (0.0f32, 1.0f32);
        let mut mask = planes_mask;
        while mask != 0 {
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            let da = planes.distance(bit, a);
            let db = planes.distance(bit, b);
            if da < 0.0 && db < 0.0 || da.is_nan() || db.is_nan() {
                return false;
            }
            if da < 0.0 {
                t0 = t0.max(da / (da - db));
            } else if db < 0.0 {
                t1 = t1.min(da / (da - db));
            }
        }
        if t0 > t1 {
            return false;
        }
        for t in [t0, t1] {
            let base = self.verts.len();
            for k in 0..s {
                self.verts.push(if t == 0.0 {
                    a[k]
                } else if t == 1.0 {
                    b[k]
                } else {
                    a[k] + t * (b[k] - a[k])
                });
            }
            if t != 0.0 && t != 1.0 {
                relerp_linear(&mut self.verts[base..], a, b, t, planes.linear);
            }
            self.flags.push(true);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn planes() -> ClipPlanes {
        ClipPlanes {
            guard: [-4.0, 4.0, -4.0, 4.0],
            near_far: true,
            user: [0; 8],
            num_user: 0,
            linear: 0,
        }
    }

    #[test]
    fn noperspective_varyings_follow_the_window_position() {
        // A segment from w = 1 to w = 3 cut by the near plane (z = -w):
        // the new vertex is at clip-space t = 0.5, (x, w) = (1, 2), window
        // x 0.5, which is window t 0.75 between x = 0 and x = 2/3.
        let mut p = planes();
        p.linear = 0b10;
        let a = [0.0, 0.0, 0.0, 1.0, 0.0, 0.0];
        let b = [2.0, 0.0, -4.0, 3.0, 1.0, 1.0];
        let mut c = Clipper::default();
        assert!(c.clip_line(&p, NEAR_FAR, &a, &b));
        let v = c.vert(1);
        assert!((v[0] - 1.0).abs() < 1e-6 && (v[3] - 2.0).abs() < 1e-6);
        assert!((v[4] - 0.5).abs() < 1e-6, "smooth: clip-space t");
        assert!((v[5] - 0.75).abs() < 1e-6, "noperspective: window t");
    }

    #[test]
    fn near_plane_cuts_triangle_into_quad() {
        let p = planes();
        let mut c = Clipper::default();
        c.begin(4);
        // One vertex behind the near plane (z < -w).
        c.push(&[0.0, 0.0, -2.0, 1.0], true);
        c.push(&[1.0, 0.0, 0.0, 1.0], true);
        c.push(&[0.0, 1.0, 0.0, 1.0], true);
        let code = p.position_code([0.0, 0.0, -2.0, 1.0], p.near_far);
        assert_eq!(code & NEAR_FAR, 0x10);
        assert_eq!(c.clip(&p, NEAR_FAR), 4);
        for i in 0..4 {
            let v = c.vert(i);
            assert!(v[2] >= -v[3] - 1e-6, "{v:?}");
        }
        // The edge along the plane is not a boundary edge.
        assert_eq!(c.flags.iter().filter(|f| !**f).count(), 1);
    }

    #[test]
    fn guard_band_clips_huge_triangle() {
        let p = planes();
        let mut c = Clipper::default();
        c.begin(4);
        c.push(&[-100.0, -1.0, 0.0, 1.0], true);
        c.push(&[100.0, -1.0, 0.0, 1.0], true);
        c.push(&[0.0, 100.0, 0.0, 1.0], true);
        let n = c.clip(&p, GUARD);
        assert!(n >= 3);
        for i in 0..n {
            let v = c.vert(i);
            assert!(
                v[0].abs() <= 4.0 + 1e-4 && v[1].abs() <= 4.0 + 1e-4,
                "{v:?}"
            );
        }
    }

    #[test]
    fn line_clipping() {
        let p = planes();
        let mut c = Clipper::default();
        assert!(c.clip_line(&p, NEAR_FAR, &[0.0, 0.0, -3.0, 1.0], &[0.0, 0.0, 1.0, 1.0]));
        assert!((c.vert(0)[2] + 1.0).abs() < 1e-6);
        assert_eq!(c.vert(1)[2], 1.0);
        assert!(!c.clip_line(&p, NEAR_FAR, &[0.0, 0.0, -3.0, 1.0], &[0.0, 0.0, -2.0, 1.0]));
    }
}
