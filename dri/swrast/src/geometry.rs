//! The geometry stage: input primitives assembled from the vertex stage's
//! outputs, one shader invocation per primitive ([`LANES`] at a time), and
//! the vertices they emit gathered into strips of the output primitive.
//!
//! A vertex's outputs travel as a *record* of [`GS_VERTEX_LOCATIONS`]
//! locations ([`oxgl_exec::GS_USER_LOCATIONS`] user locations, then
//! position, point size and the 8 clip distances), the layout the engine
//! reads geometry inputs in.

use oxgl_dri_interface::OxglPrim;
use oxgl_exec::{
    GS_CLIP_DISTANCE_LOCATION, GS_POINT_SIZE_LOCATION, GS_POSITION_LOCATION, GS_USER_LOCATIONS,
    GS_VERTEX_LOCATIONS, GeometrySink, GeometryVertex,
};
use oxgl_ir::{Mode, Primitive, Shader};

use crate::capture::STREAMS;
use crate::pipeline::gl;
use crate::program::VertexOutputs;
use crate::raster::LANES;

/// Floats of one vertex record.
pub const RECORD: usize = 4 * GS_VERTEX_LOCATIONS as usize;

/// A geometry shader's layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Vertices per input primitive (1, 2, 3, 4 or 6).
    pub vertices: usize,
    /// The GL mode of the strips it emits: `GL_POINTS`, `GL_LINE_STRIP`
    /// or `GL_TRIANGLE_STRIP`.
    pub output: u32,
    /// `max_vertices`: emits past it are dropped.
    pub max_vertices: u32,
    /// Invocations per input primitive (`layout(invocations = N)`,
    /// ARB_gpu_shader5; 1 without).
    pub invocations: u32,
}

impl Layout {
    /// The layout `shader` declares; `None` when a primitive type is
    /// missing (the linker refuses such a program).
    pub fn of(shader: &Shader) -> Option<Layout> {
        let mut vertices = None;
        let mut output = None;
        let mut max_vertices = 0;
        let mut invocations = 1;
        for m in &shader.modes {
            match m {
                Mode::InputPrimitive(p) => {
                    vertices = Some(match p {
                        Primitive::Points => 1,
                        Primitive::Lines => 2,
                        Primitive::LinesAdjacency => 4,
                        Primitive::Triangles => 3,
                        Primitive::TrianglesAdjacency => 6,
                        _ => return None,
                    })
                }
                Mode::OutputPrimitive(p) => {
                    output = Some(match p {
                        Primitive::Points => gl::POINTS,
                        Primitive::LineStrip => gl::LINE_STRIP,
                        Primitive::TriangleStrip => gl::TRIANGLE_STRIP,
                        _ => return None,
                    })
                }
                Mode::MaxVertices(n) => max_vertices = *n,
                Mode::Invocations(n) => invocations = (*n).max(1),
                _ => {}
            }
        }
        Some(Layout {
            vertices: vertices?,
            output: output?,
            max_vertices,
            invocations,
        })
    }
}

/// Appends the input primitives of one GL primitive (`count` vertices,
/// vertex `i` being `vertex(i)`) as groups of `nv` vertex indices, in the
/// order `gl_in[]` sees them (GL 3.2 §2.12.1, tables 2.4 and 2.5). Modes
/// of another input type give nothing.
pub fn assemble(mode: u32, count: u32, nv: usize, vertex: &dyn Fn(u32) -> u32, out: &mut Vec<u32>) {
    let mut push = |ids: &[u32]| out.extend(ids.iter().map(|&i| vertex(i)));
    let n = count;
    match (nv, mode) {
        (1, gl::POINTS) => (0..n).for_each(|i| push(&[i])),
        (2, gl::LINES) => (0..n / 2).for_each(|i| push(&[2 * i, 2 * i + 1])),
        (2, gl::LINE_STRIP) if n >= 2 => (0..n - 1).for_each(|i| push(&[i, i + 1])),
        (2, gl::LINE_LOOP) if n >= 2 => {
            (0..n - 1).for_each(|i| push(&[i, i + 1]));
            push(&[n - 1, 0]);
        }
        (3, gl::TRIANGLES) => (0..n / 3).for_each(|i| push(&[3 * i, 3 * i + 1, 3 * i + 2])),
        (3, gl::TRIANGLE_STRIP) if n >= 3 => (0..n - 2).for_each(|i| {
            if i % 2 == 0 {
                push(&[i, i + 1, i + 2]);
            } else {
                push(&[i + 1, i, i + 2]);
            }
        }),
        (3, gl::TRIANGLE_FAN) if n >= 3 => (0..n - 2).for_each(|i| push(&[0, i + 1, i + 2])),
        (4, gl::LINES_ADJACENCY) => (0..n / 4).for_each(|i| push(&[0, 1, 2, 3].map(|k| 4 * i + k))),
        (4, gl::LINE_STRIP_ADJACENCY) if n >= 4 => {
            (0..n - 3).for_each(|i| push(&[i, i + 1, i + 2, i + 3]))
        }
        (6, gl::TRIANGLES_ADJACENCY) => {
            (0..n / 6).for_each(|i| push(&[0, 1, 2, 3, 4, 5].map(|k| 6 * i + k)))
        }
        (6, gl::TRIANGLE_STRIP_ADJACENCY) if n >= 6 => {
            // Table 2.5, 1-based there: vertices and the adjacent vertex
            // of each edge, as gl_in[] takes them (v1 a12 v2 a23 v3 a31).
            let t = (n - 4) / 2;
            for i in 0..t {
                let k = 2 * i + 1; // 2i + 1, 1-based
                let ids: [u32; 6] = if t == 1 {
                    [1, 2, 3, 6, 5, 4]
                } else if i == 0 {
                    [1, 2, 3, 7, 5, 4]
                } else {
                    let last = i == t - 1;
                    let far = if last { k + 5 } else { k + 6 };
                    if i % 2 == 1 {
                        [k + 2, k - 2, k, k + 3, k + 4, far]
                    } else {
                        [k, k - 2, k + 2, far, k + 4, k + 3]
                    }
                };
                push(&ids.map(|x| x - 1));
            }
        }
        _ => {}
    }
}

/// Where one batch of invocations' emits go: per lane and vertex stream,
/// the vertex records it emitted (`out_len` floats each) and where its
/// strips end.
pub struct Collector {
    layout: Layout,
    /// Floats of an emitted vertex: user outputs, then position (4),
    /// point size (1), clip distances (8), layer, primitive ID and
    /// viewport index (1 each, `i32` bits).
    out_len: usize,
    user: usize,
    lanes: Vec<Lane>,
}

#[derive(Default)]
struct Lane {
    /// Vertices emitted to every stream (`max_vertices` bounds them).
    emitted: u32,
    streams: [Strips; STREAMS],
}

#[derive(Default)]
struct Strips {
    vertices: Vec<f32>,
    /// Vertex counts of the finished strips, then of the open one.
    strips: Vec<u32>,
    open: u32,
}

impl Collector {
    /// A collector for `layout` whose shader writes user outputs below
    /// location `locations`.
    pub fn new(layout: Layout, locations: usize) -> Self {
        let user = 4 * locations;
        Collector {
            layout,
            out_len: user + 16,
            user,
            lanes: (0..LANES).map(|_| Lane::default()).collect(),
        }
    }

    /// Forgets the last batch.
    pub fn clear(&mut self) {
        for l in &mut self.lanes {
            l.emitted = 0;
            for s in &mut l.streams {
                s.vertices.clear();
                s.strips.clear();
                s.open = 0;
            }
        }
    }

    /// Appends the batch's complete strips of vertex stream `stream`, lane
    /// by lane, to `emitted` (vertex records), `prims` (ranges of
    /// `emitted`'s vertices, the first being vertex `*total`) and `ids`
    /// (each strip's `gl_Layer`, `gl_PrimitiveID` and `gl_ViewportIndex`:
    /// its first vertex's). [`Collector::clear`] forgets them.
    pub fn drain(
        &mut self,
        stream: usize,
        emitted: &mut Vec<f32>,
        prims: &mut Vec<OxglPrim>,
        ids: &mut Vec<[i32; 3]>,
        total: &mut u32,
    ) {
        let min = match self.layout.output {
            gl::POINTS => 1,
            gl::LINE_STRIP => 2,
            _ => 3,
        };
        for l in &mut self.lanes {
            let Some(s) = l.streams.get_mut(stream) else {
                return;
            };
            if s.open > 0 {
                s.strips.push(s.open);
                s.open = 0;
            }
            let mut at = 0usize;
            for &n in &s.strips {
                let len = n as usize * self.out_len;
                if n >= min {
                    emitted.extend_from_slice(&s.vertices[at..at + len]);
                    prims.push(OxglPrim {
                        mode: self.layout.output,
                        start: *total,
                        count: n,
                    });
                    let v = &s.vertices[at + self.user + 13..];
                    ids.push([v[0], v[1], v[2]].map(|x| x.to_bits() as i32));
                    *total += n;
                }
                at += len;
            }
            s.strips.clear();
            s.vertices.clear();
        }
    }

    /// Copies emitted vertices `first..first + count` of `emitted` into
    /// the lanes of `out`.
    pub fn unpack(&self, emitted: &[f32], first: usize, count: usize, out: &mut VertexOutputs) {
        for lane in 0..count.min(LANES) {
            let v = &emitted[(first + lane) * self.out_len..][..self.out_len];
            for (c, o) in out.outputs.iter_mut().enumerate().take(self.user) {
                o[lane] = v[c];
            }
            for c in 0..4 {
                out.position[c][lane] = v[self.user + c];
            }
            out.point_size[lane] = v[self.user + 4];
            for c in 0..8 {
                out.clip_distance[c][lane] = v[self.user + 5 + c];
            }
        }
    }
}

impl GeometrySink<LANES> for Collector {
    fn emit_vertex(&mut self, mask: u32, stream: u8, v: &GeometryVertex<'_, LANES>) {
        let stream = usize::from(stream);
        for (lane, l) in self.lanes.iter_mut().enumerate() {
            if mask & (1 << lane) == 0 || l.emitted >= self.layout.max_vertices {
                continue;
            }
            let Some(s) = l.streams.get_mut(stream) else {
                continue;
            };
            l.emitted += 1;
            s.open += 1;
            for c in 0..self.user {
                s.vertices.push(v.outputs.get(c).map_or(0.0, |o| o[lane]));
            }
            s.vertices.extend((0..4).map(|c| v.position[c][lane]));
            s.vertices.push(v.point_size[lane]);
            s.vertices.extend((0..8).map(|c| v.clip_distance[c][lane]));
            s.vertices.push(v.layer[lane]);
            s.vertices.push(v.primitive_id[lane]);
            s.vertices.push(v.viewport_index[lane]);
            if self.layout.output == gl::POINTS {
                s.strips.push(1);
                s.open = 0;
            }
        }
    }

    fn end_primitive(&mut self, mask: u32, stream: u8) {
        for (lane, l) in self.lanes.iter_mut().enumerate() {
            if mask & (1 << lane) == 0 {
                continue;
            }
            if let Some(s) = l.streams.get_mut(usize::from(stream))
                && s.open > 0
            {
                s.strips.push(s.open);
                s.open = 0;
            }
        }
    }
}

/// Stores lane `lane` of a vertex stage run into the vertex record `rec`.
pub fn store_record(out: &VertexOutputs, lane: usize, rec: &mut [f32]) {
    let user = (4 * GS_USER_LOCATIONS as usize).min(out.outputs.len());
    for (c, o) in out.outputs.iter().enumerate().take(user) {
        rec[c] = o[lane];
    }
    let p = 4 * GS_POSITION_LOCATION as usize;
    for c in 0..4 {
        rec[p + c] = out.position[c][lane];
    }
    rec[4 * GS_POINT_SIZE_LOCATION as usize] = out.point_size[lane];
    let cd = 4 * GS_CLIP_DISTANCE_LOCATION as usize;
    for i in 0..8 {
        rec[cd + 4 * i] = out.clip_distance[i][lane];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups(mode: u32, n: u32, nv: usize) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        assemble(mode, n, nv, &|i| i, &mut out);
        out.chunks(nv).map(<[u32]>::to_vec).collect()
    }

    #[test]
    fn strips_alternate_winding_and_loops_close() {
        assert_eq!(
            groups(gl::TRIANGLE_STRIP, 5, 3),
            [vec![0, 1, 2], vec![2, 1, 3], vec![2, 3, 4]]
        );
        assert_eq!(
            groups(gl::LINE_LOOP, 3, 2),
            [vec![0, 1], vec![1, 2], vec![2, 0]]
        );
        assert_eq!(groups(gl::LINE_STRIP_ADJACENCY, 5, 4).len(), 2);
        assert!(groups(gl::TRIANGLES, 6, 2).is_empty());
    }

    #[test]
    fn triangle_strips_with_adjacency_follow_table_2_5() {
        assert_eq!(
            groups(gl::TRIANGLE_STRIP_ADJACENCY, 6, 6),
            [vec![0, 1, 2, 5, 4, 3]]
        );
        let g = groups(gl::TRIANGLE_STRIP_ADJACENCY, 10, 6);
        assert_eq!(g.len(), 3);
        assert_eq!(g[0], [0, 1, 2, 6, 4, 3]);
        // Middle, odd: 2i+3 2i-1 2i+1 2i+4 2i+5 2i+7 (1-based, i = 1).
        assert_eq!(g[1], [4, 0, 2, 5, 6, 8]);
        // Last, even: 2i+1 2i-1 2i+3 2i+6 2i+5 2i+4 (i = 2).
        assert_eq!(g[2], [4, 2, 6, 9, 8, 7]);
    }
}
