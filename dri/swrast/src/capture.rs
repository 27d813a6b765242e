//! Transform feedback (EXT_transform_feedback, GL 4.6 §13.3): the
//! vertex stage's outputs that a draw's `OxglCaptureDesc` names, written
//! into the application's buffers in primitive order, and the primitive
//! counts of `GL_PRIMITIVES_GENERATED` and
//! `GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN`.
//!
//! Capture happens before clipping and rasterization, on the primitives
//! as GL assembles them: strips, loops and fans become independent lines
//! and triangles, quads, quad strips and polygons triangles, each in the
//! order llvmpipe captures them (checked for every mode and both
//! provoking-vertex conventions), which keeps GL's provoking vertex where
//! the convention puts it, so that drawing the captured triangles again
//! gives the same picture. An indexed draw
//! captures each vertex its elements name, as often as they name it.
//! Writing stops at the first primitive that does not fit whole into
//! every buffer (GL 4.6 §13.3.2); later primitives are still generated.
//!
//! A geometry shader may emit to four vertex streams (ARB_gpu_shader5):
//! each binding receives one stream's vertices, and each stream counts its
//! primitives and stops writing on its own.

use oxgl_dri_interface::{
    OXGL_CAPTURE_CLIP_DISTANCE, OXGL_CAPTURE_POINT_SIZE, OXGL_CAPTURE_POSITION, OXGL_CAPTURE_SKIP,
};

use crate::pipeline::{decompose, gl};
use crate::program::VertexOutputs;

/// Where captured vertices of one binding go: the writes go through
/// [`Destination::write`] (the ABI edge, `hooks.rs`), which checks them
/// against the binding's size.
pub trait Destination {
    /// Bytes writable.
    fn size(&self) -> usize;
    /// Writes `values` as native-endian 4-byte words at byte `offset`
    /// (whole words inside [`Destination::size`] only).
    fn write(&mut self, offset: usize, values: &[f32]);
}

/// One buffer binding of a draw.
pub struct CaptureBuffer<'a> {
    /// Where the vertices go.
    pub dst: &'a mut dyn Destination,
    /// Bytes from one vertex to the next.
    pub stride: usize,
    /// The component sources (`OXGL_CAPTURE_*` or `4 * location + c`).
    pub sources: &'a [u32],
    /// The vertex stream it receives.
    pub stream: usize,
}

/// What one draw captures.
pub struct Capture<'a> {
    /// `GL_POINTS`, `GL_LINES` or `GL_TRIANGLES`.
    pub primitive: u32,
    /// The bindings (none: only count).
    pub buffers: Vec<CaptureBuffer<'a>>,
    /// Primitives generated so far, per vertex stream.
    pub generated: [u64; STREAMS],
    /// Primitives written so far, per vertex stream.
    pub written: [u64; STREAMS],
    /// Streams whose writing stopped (a primitive did not fit).
    pub full: [bool; STREAMS],
}

/// Vertex streams.
pub const STREAMS: usize = oxgl_dri_interface::OXGL_MAX_VERTEX_STREAMS;

impl<'a> Capture<'a> {
    /// A capture of `primitive` into `buffers`, nothing counted yet.
    pub fn new(primitive: u32, buffers: Vec<CaptureBuffer<'a>>) -> Self {
        Capture {
            primitive,
            buffers,
            generated: [0; STREAMS],
            written: [0; STREAMS],
            full: [false; STREAMS],
        }
    }

    /// The bindings of vertex stream `stream`.
    fn of(&self, stream: usize) -> impl Iterator<Item = &CaptureBuffer<'a>> {
        self.buffers.iter().filter(move |b| b.stream == stream)
    }

    /// Whether any binding receives vertex stream `stream`.
    pub fn writes(&self, stream: usize) -> bool {
        self.of(stream).next().is_some()
    }

    /// Components captured per vertex of `stream`, over its buffers.
    pub fn components(&self, stream: usize) -> usize {
        self.of(stream).map(|b| b.sources.len()).sum()
    }

    /// Appends the components captured from `count` vertices (lanes) of
    /// `out` of vertex stream `stream` to `values` (vertex-major).
    pub fn gather(&self, out: &VertexOutputs, count: usize, stream: usize, values: &mut Vec<f32>) {
        for lane in 0..count {
            for b in self.of(stream) {
                for &s in b.sources {
                    values.push(source_value(out, s, lane));
                }
            }
        }
    }

    /// Records the primitives `(mode, vertices)` of one GL primitive of
    /// vertex stream `stream` whose `n` vertices `vertex(i)` names: counts
    /// them and, when their type is the captured one, writes them from
    /// `values` (the stream's [`Capture::gather`] of every vertex).
    #[allow(clippy::too_many_arguments, reason = "one primitive")]
    pub fn record(
        &mut self,
        stream: usize,
        mode: u32,
        n: u32,
        first: bool,
        vertex: &dyn Fn(u32) -> u32,
        values: &[f32],
        scratch: &mut (Vec<u32>, Vec<u8>),
    ) {
        let per = assemble(mode, n, first, scratch);
        if per == 0 || stream >= STREAMS {
            return;
        }
        let prims = scratch.0.len() / per;
        self.generated[stream] += prims as u64;
        if self.full[stream] || !self.writes(stream) || per != vertices_per(self.primitive) {
            return;
        }
        let comps = self.components(stream);
        for p in scratch.0.chunks_exact(per) {
            let written = self.written[stream] as usize;
            let fits = self.of(stream).all(|b| {
                (written + 1)
                    .checked_mul(per * b.stride)
                    .is_some_and(|end| end <= b.dst.size())
            });
            if !fits {
                // GL 4.6 §13.3.2: no further primitive is recorded.
                self.full[stream] = true;
                return;
            }
            for (k, &pos) in p.iter().enumerate() {
                let v = vertex(pos) as usize;
                let Some(all) = values.get(v * comps..(v + 1) * comps) else {
                    continue;
                };
                let mut at = 0;
                for b in self.buffers.iter_mut().filter(|b| b.stream == stream) {
                    let n = b.sources.len();
                    let base = (written * per + k) * b.stride;
                    write_kept(&mut *b.dst, base, b.sources, &all[at..at + n]);
                    at += n;
                }
            }
            self.written[stream] += 1;
        }
    }
}

/// Writes one vertex's `values` at byte `base`: each run of components
/// whose sources are not [`OXGL_CAPTURE_SKIP`] (skipped ones keep what the
/// buffer holds, ARB_transform_feedback3).
fn write_kept(dst: &mut dyn Destination, base: usize, sources: &[u32], values: &[f32]) {
    let mut c = 0;
    while c < sources.len() {
        if sources[c] == OXGL_CAPTURE_SKIP {
            c += 1;
            continue;
        }
        let end = sources[c..]
            .iter()
            .position(|&s| s == OXGL_CAPTURE_SKIP)
            .map_or(sources.len(), |p| c + p);
        dst.write(base + 4 * c, &values[c..end]);
        c = end;
    }
}

/// Vertices of one primitive of the capture type `primitive`.
fn vertices_per(primitive: u32) -> usize {
    match primitive {
        gl::POINTS => 1,
        gl::LINES => 2,
        _ => 3,
    }
}

/// The value of capture source `s` for `lane`; 0 for what the vertex
/// stage does not have.
fn source_value(out: &VertexOutputs, s: u32, lane: usize) -> f32 {
    let get = |a: Option<&[f32; crate::raster::LANES]>| a.map_or(0.0, |a| a[lane]);
    if s < OXGL_CAPTURE_POSITION {
        get(out.outputs.get(s as usize))
    } else if s < OXGL_CAPTURE_POINT_SIZE {
        get(out.position.get((s - OXGL_CAPTURE_POSITION) as usize))
    } else if s == OXGL_CAPTURE_POINT_SIZE {
        out.point_size[lane]
    } else {
        let i = s.wrapping_sub(OXGL_CAPTURE_CLIP_DISTANCE) as usize;
        get(out.clip_distance.get(i))
    }
}

/// The independent primitives of GL primitive `mode` over positions
/// `0..n` into `scratch.0`; the vertices of each (0 for an unknown mode).
fn assemble(mode: u32, n: u32, first: bool, (out, edges): &mut (Vec<u32>, Vec<u8>)) -> usize {
    out.clear();
    match mode {
        gl::POINTS => {
            out.extend(0..n);
            1
        }
        gl::LINES => {
            out.extend(0..n / 2 * 2);
            2
        }
        gl::LINE_STRIP | gl::LINE_LOOP => {
            for i in 1..n {
                out.extend_from_slice(&[i - 1, i]);
            }
            if mode == gl::LINE_LOOP && n >= 2 {
                out.extend_from_slice(&[n - 1, 0]);
            }
            2
        }
        gl::TRIANGLE_STRIP => {
            for i in 0..n.saturating_sub(2) {
                let (a, b, c) = (i, i + 1, i + 2);
                // Odd triangles swap two vertices to keep the winding;
                // the provoking one keeps its place.
                out.extend_from_slice(&match (i % 2 == 1, first) {
                    (false, _) => [a, b, c],
                    (true, false) => [b, a, c],
                    (true, true) => [a, c, b],
                });
            }
            3
        }
        gl::TRIANGLE_FAN => {
            for i in 1..n.saturating_sub(1) {
                out.extend_from_slice(&if first { [i, i + 1, 0] } else { [0, i, i + 1] });
            }
            3
        }
        // Quads and quad strips split as llvmpipe captures them, the
        // provoking vertex (the quad's last; with the first-vertex
        // convention its first) in each triangle's place for it.
        gl::QUADS => {
            for q in 0..n / 4 {
                let v = 4 * q;
                if first {
                    out.extend_from_slice(&[v, v + 1, v + 2, v, v + 2, v + 3]);
                } else {
                    out.extend_from_slice(&[v, v + 1, v + 3, v + 1, v + 2, v + 3]);
                }
            }
            3
        }
        gl::QUAD_STRIP => {
            for q in 0..n.saturating_sub(2) / 2 {
                let b = 2 * q;
                if first {
                    out.extend_from_slice(&[b, b + 3, b + 2, b, b + 1, b + 3]);
                } else {
                    out.extend_from_slice(&[b + 2, b, b + 3, b, b + 1, b + 3]);
                }
            }
            3
        }
        gl::TRIANGLES | gl::POLYGON => {
            let mut idx = Vec::new();
            decompose(mode, 0..n, (true, first), None, &mut idx, edges);
            *out = idx;
            3
        }
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Mem(Vec<f32>);

    impl Destination for Mem {
        fn size(&self) -> usize {
            4 * self.0.len()
        }
        fn write(&mut self, offset: usize, values: &[f32]) {
            self.0[offset / 4..offset / 4 + values.len()].copy_from_slice(values);
        }
    }

    #[test]
    fn strips_capture_triangles_with_their_winding() {
        let mut s = (Vec::new(), Vec::new());
        assert_eq!(assemble(gl::TRIANGLE_STRIP, 5, false, &mut s), 3);
        assert_eq!(s.0, [0, 1, 2, 2, 1, 3, 2, 3, 4]);
        assert_eq!(assemble(gl::LINE_LOOP, 3, false, &mut s), 2);
        assert_eq!(s.0, [0, 1, 1, 2, 2, 0]);
        assert_eq!(assemble(gl::TRIANGLES, 7, false, &mut s), 3);
        assert_eq!(s.0.len(), 6);
    }

    #[test]
    fn quads_split_as_llvmpipe_captures_them() {
        let mut s = (Vec::new(), Vec::new());
        assemble(gl::QUADS, 4, false, &mut s);
        assert_eq!(s.0, [0, 1, 3, 1, 2, 3]);
        assemble(gl::QUADS, 4, true, &mut s);
        assert_eq!(s.0, [0, 1, 2, 0, 2, 3]);
        assemble(gl::QUAD_STRIP, 6, false, &mut s);
        assert_eq!(s.0, [2, 0, 3, 0, 1, 3, 4, 2, 5, 2, 3, 5]);
        assemble(gl::QUAD_STRIP, 6, true, &mut s);
        assert_eq!(s.0, [0, 3, 2, 0, 1, 3, 2, 5, 4, 2, 3, 5]);
        assemble(gl::POLYGON, 5, false, &mut s);
        assert_eq!(s.0, [1, 2, 0, 2, 3, 0, 3, 4, 0]);
    }

    #[test]
    fn writing_stops_at_the_first_primitive_that_does_not_fit() {
        // One float per vertex; room for 7 floats = 2 triangles.
        let mut mem = Mem(vec![-1.0; 7]);
        let sources = [0];
        let buffers = vec![CaptureBuffer {
            dst: &mut mem,
            stride: 4,
            sources: &sources,
            stream: 0,
        }];
        let mut c = Capture::new(gl::TRIANGLES, buffers);
        let values: Vec<f32> = (0..6).map(|v| v as f32 * 10.0).collect();
        let mut s = (Vec::new(), Vec::new());
        c.record(0, gl::TRIANGLE_STRIP, 6, false, &|i| i, &values, &mut s);
        assert_eq!((c.generated[0], c.written[0]), (4, 2));
        assert_eq!(mem.0, [0.0, 10.0, 20.0, 20.0, 10.0, 30.0, -1.0]);
    }
}
