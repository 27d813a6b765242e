//! Immediate mode: `glBegin`/`glEnd` and the attribute calls between them
//! (GL 4.6 compatibility §10.7).
//!
//! Vertices are accumulated with a *dynamic* layout, as Mesa's `vbo_exec`:
//! the layout holds the position plus every attribute set since the batch
//! began, each with the largest size used. When a new attribute (or a larger
//! size) appears mid-batch, the vertices already stored are widened and the
//! missing values filled with what that attribute's current value was when
//! each vertex was emitted — which, because the attribute was not set before,
//! is the value it had at the start of the batch. `glVertex` copies the current
//! values of the layout's attributes, then the position, into a new vertex.
//! Consecutive `Begin`/`End` pairs extend the same batch until it is flushed
//! (by a state change, a query, or a size limit), so a display-list-free
//! program drawing many small primitives still produces few draws.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use super::attrib::{Attrib, CurrentAttribs};
use super::batch::{AttribLayout, DrawBatch, Prim};

/// Vertices per batch before `Immediate` asks to be flushed.
pub const FLUSH_VERTICES: usize = 64 * 1024;

/// Immediate-mode accumulation state.
#[derive(Clone, Debug, Default)]
pub struct Immediate {
    /// Mode of the open `glBegin`, if any.
    pub inside: Option<GLenum>,
    layout: Vec<AttribLayout>,
    stride: usize,
    vertices: Vec<f32>,
    prims: Vec<Prim>,
    /// Values of the layout's attributes at the start of the batch.
    start_values: Vec<[f32; 4]>,
}

/// Is `mode` a primitive `glBegin` accepts (GL 4.6 compatibility §10.1)?
pub fn is_begin_mode(mode: GLenum) -> bool {
    mode <= GL_POLYGON
        || matches!(
            mode,
            GL_LINES_ADJACENCY..=GL_TRIANGLE_STRIP_ADJACENCY | GL_PATCHES
        )
}

impl Immediate {
    /// Whether a batch is pending.
    pub fn has_pending(&self) -> bool {
        !self.prims.is_empty()
    }

    /// Vertices stored so far.
    pub fn vertex_count(&self) -> usize {
        self.vertices.len().checked_div(self.stride).unwrap_or(0)
    }

    /// `glBegin(mode)` (validated by the caller).
    pub fn begin(&mut self, mode: GLenum) {
        if self.layout.is_empty() {
            self.layout.push(AttribLayout {
                attrib: Attrib::POS,
                offset: 0,
                size: 4,
            });
            self.start_values.push([0.0, 0.0, 0.0, 1.0]);
            self.stride = 4;
        }
        self.inside = Some(mode);
        let start = self.vertex_count() as u32;
        self.prims.push(Prim {
            mode,
            start,
            count: 0,
        });
    }

    /// The first vertex of the open primitive (inside Begin/End).
    pub fn open_prim_start(&self) -> Option<usize> {
        self.inside?;
        self.prims.last().map(|p| p.start as usize)
    }

    /// `glPrimitiveRestartNV` inside Begin/End: a new primitive of the same
    /// mode from the next vertex on.
    pub fn restart(&mut self) {
        if let Some(mode) = self.inside {
            self.begin(mode);
        }
    }

    /// `glEnd`.
    pub fn end(&mut self) {
        self.inside = None;
    }

    /// Records that attribute `a` (with `size` components) was set while a
    /// batch is open, widening the layout if needed. `current` holds the
    /// values *before* this call updates them.
    pub fn note_attrib(&mut self, a: Attrib, size: u8, current: &CurrentAttribs) {
        if a == Attrib::POS || self.layout.is_empty() {
            return;
        }
        if self.layout.iter().any(|l| l.attrib == a && l.size >= size) {
            return;
        }
        // Widen: rebuild the layout with `a` at its largest size and copy the
        // stored vertices over, filling the new slot from the batch-start value.
        let mut layout: Vec<AttribLayout> = Vec::with_capacity(self.layout.len() + 1);
        let mut starts = Vec::with_capacity(self.layout.len() + 1);
        let mut merged: Vec<(Attrib, u8, [f32; 4])> = self
            .layout
            .iter()
            .zip(&self.start_values)
            .map(|(l, v)| (l.attrib, l.size, *v))
            .collect();
        match merged.iter_mut().find(|(b, _, _)| *b == a) {
            Some(entry) => entry.1 = entry.1.max(size),
            None => merged.push((a, size, current.values[a.index()])),
        }
        // Position first, then increasing attribute order.
        merged.sort_by_key(|(b, _, _)| if *b == Attrib::POS { 0 } else { 1 + b.index() });
        let mut offset = 0u16;
        for (attrib, size, start) in merged {
            // Store every attribute with 4 floats when it is not the position: simpler
            // widening, and the vertex stage expands anyway.
            let stored = if attrib == Attrib::POS {
                4
            } else {
                size.max(1)
            };
            layout.push(AttribLayout {
                attrib,
                offset,
                size: stored,
            });
            starts.push(start);
            offset += u16::from(stored);
        }
        let stride = usize::from(offset);
        let n = self.vertex_count();
        let mut vertices = Vec::with_capacity((n + 1) * stride);
        for v in 0..n {
            for (l, start) in layout.iter().zip(&starts) {
                let old = self.layout.iter().find(|o| o.attrib == l.attrib);
                let value = match old {
                    Some(o) => {
                        let base = v * self.stride + usize::from(o.offset);
                        super::attrib::expand(&self.vertices[base..base + usize::from(o.size)])
                    }
                    None => *start,
                };
                vertices.extend_from_slice(&value[..usize::from(l.size)]);
            }
        }
        self.layout = layout;
        self.start_values = starts;
        self.stride = stride;
        self.vertices = vertices;
    }

    /// `glVertex`: emits a vertex with the current values of the layout's
    /// attributes and position `pos`.
    pub fn emit(&mut self, pos: [f32; 4], current: &CurrentAttribs) {
        for l in &self.layout {
            let value = if l.attrib == Attrib::POS {
                pos
            } else {
                current.values[l.attrib.index()]
            };
            self.vertices
                .extend_from_slice(&value[..usize::from(l.size)]);
        }
        if let Some(p) = self.prims.last_mut() {
            p.count += 1;
        }
    }

    /// Whether the batch should be flushed soon (outside Begin/End).
    pub fn wants_flush(&self) -> bool {
        self.vertex_count() >= FLUSH_VERTICES
    }

    /// Takes the pending batch (outside Begin/End), leaving an empty one.
    /// Attributes not in the layout get their current values.
    pub fn take(&mut self, current: &CurrentAttribs) -> Option<DrawBatch> {
        if self.prims.is_empty() {
            return None;
        }
        let prims: Vec<Prim> = std::mem::take(&mut self.prims)
            .into_iter()
            .filter(|p| p.count > 0)
            .collect();
        let batch = DrawBatch {
            layout: std::mem::take(&mut self.layout),
            stride: self.stride,
            vertices: std::mem::take(&mut self.vertices),
            prims,
            constant: current.values,
            vertex_ids: Vec::new(),
            elements: Vec::new(),
            instance_id: 0,
        };
        self.start_values.clear();
        self.stride = 0;
        (!batch.prims.is_empty()).then_some(batch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widening_keeps_earlier_vertices() {
        let mut cur = CurrentAttribs::default();
        let mut imm = Immediate::default();
        imm.begin(GL_TRIANGLES);
        imm.emit([0.0, 0.0, 0.0, 1.0], &cur);
        // First colour call mid-primitive: earlier vertex keeps the old colour.
        imm.note_attrib(Attrib::COLOR0, 3, &cur);
        cur.values[Attrib::COLOR0.index()] = [1.0, 0.0, 0.0, 1.0];
        imm.emit([1.0, 0.0, 0.0, 1.0], &cur);
        imm.emit([0.0, 1.0, 0.0, 1.0], &cur);
        imm.end();
        let b = imm.take(&cur).unwrap();
        assert_eq!(b.vertex_count(), 3);
        assert_eq!(b.fetch(0, Attrib::COLOR0), [1.0, 1.0, 1.0, 1.0]);
        assert_eq!(b.fetch(1, Attrib::COLOR0), [1.0, 0.0, 0.0, 1.0]);
        assert_eq!(b.fetch(2, Attrib::POS), [0.0, 1.0, 0.0, 1.0]);
        assert_eq!(
            b.prims,
            vec![Prim {
                mode: GL_TRIANGLES,
                start: 0,
                count: 3
            }]
        );
        assert!(imm.take(&cur).is_none());
    }

    #[test]
    fn batches_span_begin_end_pairs() {
        let cur = CurrentAttribs::default();
        let mut imm = Immediate::default();
        for mode in [GL_POINTS, GL_LINES] {
            imm.begin(mode);
            imm.emit([0.0; 4], &cur);
            imm.emit([1.0; 4], &cur);
            imm.end();
        }
        imm.begin(GL_QUADS);
        imm.end(); // empty primitive: dropped
        let b = imm.take(&cur).unwrap();
        assert_eq!(b.prims.len(), 2);
        assert_eq!(
            b.prims[1],
            Prim {
                mode: GL_LINES,
                start: 2,
                count: 2
            }
        );
    }

    #[test]
    fn begin_modes() {
        assert!(is_begin_mode(GL_POLYGON));
        assert!(is_begin_mode(GL_POINTS));
        assert!(!is_begin_mode(0x7777));
    }
}
