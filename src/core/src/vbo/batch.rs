//! The one form of draw every vertex source is normalized into.

use oxgl_glapi::types::GLenum;

use super::attrib::{Attrib, NUM_ATTRIBS};

/// Where one attribute lives in a batch's interleaved vertices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttribLayout {
    /// Which attribute.
    pub attrib: Attrib,
    /// Offset in floats from the start of a vertex.
    pub offset: u16,
    /// Components stored (1–4); the others read as (0, 0, 0, 1).
    pub size: u8,
}

/// One primitive of a batch: `count` vertices from `start` drawn as `mode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prim {
    /// `GL_TRIANGLES`, `GL_QUADS`, `GL_POLYGON`, ...
    pub mode: GLenum,
    /// First vertex.
    pub start: u32,
    /// Vertex count.
    pub count: u32,
}

/// Vertices with a layout, the primitives drawn from them, and the values of
/// the attributes that are not per-vertex (the current values at draw time).
#[derive(Clone, Debug, PartialEq)]
pub struct DrawBatch {
    /// Per-vertex attributes, in increasing attribute order.
    pub layout: Vec<AttribLayout>,
    /// Floats per vertex.
    pub stride: usize,
    /// `stride * vertex_count` floats.
    pub vertices: Vec<f32>,
    /// Primitives, in order: ranges of vertices, or of `elements` when
    /// it is not empty.
    pub prims: Vec<Prim>,
    /// The vertex each primitive element names (an indexed draw fetched
    /// once per distinct vertex), or empty.
    pub elements: Vec<u32>,
    /// Values of every attribute not in `layout`.
    pub constant: [[f32; 4]; NUM_ATTRIBS],
    /// `gl_VertexID` of each vertex (the index it was fetched at, base
    /// vertex included); empty: 0, 1, 2, ... (immediate mode and lists).
    pub vertex_ids: Vec<i32>,
    /// `gl_InstanceID` of the vertices (the core draws the instances of an
    /// instanced draw one batch each).
    pub instance_id: i32,
}

impl DrawBatch {
    /// This batch with one vertex per element (`elements` empty): what
    /// the consumers that walk primitives over vertices take (selection and
    /// feedback, display lists).
    pub fn expanded(&self) -> std::borrow::Cow<'_, DrawBatch> {
        if self.elements.is_empty() {
            return std::borrow::Cow::Borrowed(self);
        }
        let mut vertices = Vec::with_capacity(self.elements.len() * self.stride);
        let mut vertex_ids = Vec::with_capacity(self.elements.len());
        for &e in &self.elements {
            let e = e as usize;
            if let Some(v) = self.vertices.get(e * self.stride..(e + 1) * self.stride) {
                vertices.extend_from_slice(v);
                vertex_ids.push(self.vertex_ids.get(e).copied().unwrap_or(e as i32));
            }
        }
        std::borrow::Cow::Owned(DrawBatch {
            layout: self.layout.clone(),
            stride: self.stride,
            vertices,
            prims: self.prims.clone(),
            elements: Vec::new(),
            constant: self.constant,
            vertex_ids,
            instance_id: self.instance_id,
        })
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.vertices.len().checked_div(self.stride).unwrap_or(0)
    }

    /// Sets attribute `a` (when per-vertex) of the first `n` vertices to
    /// `value`, as many components as the layout stores.
    pub fn fill(&mut self, a: Attrib, n: usize, value: [f32; 4]) {
        let Some(l) = self.layout.iter().find(|l| l.attrib == a) else {
            return;
        };
        let (offset, size) = (usize::from(l.offset), usize::from(l.size));
        for v in 0..n.min(self.vertex_count()) {
            let base = v * self.stride + offset;
            self.vertices[base..base + size].copy_from_slice(&value[..size]);
        }
    }

    /// Attribute `a` of vertex `v`, expanded to four components.
    pub fn fetch(&self, v: usize, a: Attrib) -> [f32; 4] {
        match self.layout.iter().find(|l| l.attrib == a) {
            Some(l) => {
                let base = v * self.stride + usize::from(l.offset);
                super::attrib::expand(&self.vertices[base..base + usize::from(l.size)])
            }
            None => self.constant[a.index()],
        }
    }
}
