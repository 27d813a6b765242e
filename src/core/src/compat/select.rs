//! Selection and feedback (GL 4.6 compatibility §20): the render modes in
//! which primitives are not rasterized but reported — as hit records of the
//! name stack (`GL_SELECT`) or as tokens and window-space vertices
//! (`GL_FEEDBACK`) written into a client buffer.
//!
//! Every draw still arrives in `Context::submit_batch`; outside `GL_RENDER`
//! its vertices go through the fixed-function vertex stage on the CPU
//! (matrix products for unlit vertices, [`crate::compat::cpu_vertex`] otherwise),
//! then through `pipeline`, which assembles, culls and clips the
//! primitives as Mesa's `draw` module does. Each surviving point, line and
//! triangle becomes a hit or feedback tokens. Nothing reaches the backend.
//!
//! The client buffers are written long after `glSelectBuffer` and
//! `glFeedbackBuffer` return; the core keeps them as [`ClientWords`], which the
//! entry-point layer implements over the application's pointer. Every write
//! is bounds-checked here against the size the application gave.
//!
//! `tests/clients/select.c` holds llvmpipe's values. Where Mesa 22.3 is
//! left on purpose:
//!
//! * per-vertex edge flags hide the edges they flag; llvmpipe's feedback
//!   then drops every edge of the polygon;
//! * a `glRenderMode` that fails (INVALID_OPERATION: empty buffer) leaves
//!   the mode unchanged; Mesa switches anyway;
//! * a hit at window depth 1.0 is recorded as `0xffffffff`; Mesa's float to
//!   integer conversion overflows to 0;
//! * clipped triangles under `GL_FLAT` with both polygon modes `GL_FILL`
//!   get interpolated colours at the new vertices; Mesa's are zero;
//! * `glRect` is drawn as `GL_POLYGON` (the spec's form, which our
//!   rasterizer needs to match llvmpipe's images), so its feedback lists the
//!   triangles `(1, 2, 0), (2, 3, 0)`; Mesa's `GL_QUADS` lists
//!   `(0, 1, 3), (1, 2, 3)`.

pub(crate) mod pipeline;

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::compat::cpu_vertex::CpuVertex;
use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::vbo::{Attrib, DrawBatch, attrib::NUM_ATTRIBS};
use pipeline::{Out, PVert, Setup};

/// `GL_MAX_NAME_STACK_DEPTH` (Mesa's value).
pub const MAX_NAME_STACK_DEPTH: usize = 64;

/// A client buffer of 32-bit words that selection or feedback fills: the
/// application's `GLuint *` or `GLfloat *`. Implemented by the entry-point
/// layer, which owns the pointer.
pub trait ClientWords: Send + std::fmt::Debug {
    /// The address the application gave (`GL_*_BUFFER_POINTER`).
    fn addr(&self) -> usize;
    /// Writes word `index`; the caller guarantees `index` is below the size
    /// the buffer was created with, and implementations check it again.
    fn write(&mut self, index: usize, word: u32);
}

/// One of the two client buffers: where it is, how many words it holds,
/// and how many words the current mode has produced (possibly more).
#[derive(Debug, Default)]
struct Sink {
    words: Option<Box<dyn ClientWords>>,
    size: usize,
    count: usize,
}

impl Sink {
    /// Appends one word; words past the end are counted, not written.
    fn push(&mut self, word: u32) {
        if self.count < self.size
            && let Some(w) = &mut self.words
        {
            w.write(self.count, word);
        }
        self.count += 1;
    }

    fn addr(&self) -> usize {
        self.words.as_ref().map_or(0, |w| w.addr())
    }

    /// The value `glRenderMode` returns for this buffer: `n`, or -1 after
    /// an overflow.
    fn result(&self, n: usize) -> i32 {
        if self.count > self.size {
            -1
        } else {
            i32::try_from(n).unwrap_or(i32::MAX)
        }
    }
}

/// Render mode, name stack, hit state and the two client buffers.
#[derive(Debug)]
pub struct SelectState {
    /// `GL_RENDER_MODE`.
    pub mode: GLenum,
    select: Sink,
    hits: usize,
    hit: bool,
    hit_min: f32,
    hit_max: f32,
    names: Vec<u32>,
    feedback: Sink,
    feedback_type: GLenum,
    /// A polygon drawn as lines reset the line stipple: the next line token
    /// is `GL_LINE_RESET_TOKEN` (Mesa's feedback stage keeps this across
    /// draws).
    pub(crate) line_reset: bool,
}

impl Default for SelectState {
    fn default() -> Self {
        SelectState {
            mode: GL_RENDER,
            select: Sink::default(),
            hits: 0,
            hit: false,
            hit_min: 1.0,
            hit_max: 0.0,
            names: Vec::new(),
            feedback: Sink::default(),
            feedback_type: GL_2D,
            line_reset: false,
        }
    }
}

/// What a feedback vertex carries, by buffer type: (3D, 4D, colour, texture).
fn feedback_layout(type_: GLenum) -> Option<(bool, bool, bool, bool)> {
    Some(match type_ {
        GL_2D => (false, false, false, false),
        GL_3D => (true, false, false, false),
        GL_3D_COLOR => (true, false, true, false),
        GL_3D_COLOR_TEXTURE => (true, false, true, true),
        GL_4D_COLOR_TEXTURE => (true, true, true, true),
        _ => return None,
    })
}

/// A vertex as feedback reports it: window x, y, z and clip w, colour and
/// texture coordinates of unit 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FeedbackVertex {
    /// Window coordinates and clip w.
    pub win: [f32; 4],
    /// RGBA.
    pub color: [f32; 4],
    /// s, t, r, q of texture unit 0.
    pub tex: [f32; 4],
}

impl SelectState {
    /// `GL_NAME_STACK_DEPTH`.
    pub fn name_stack_depth(&self) -> usize {
        self.names.len()
    }

    /// `GL_SELECTION_BUFFER_SIZE`.
    pub fn selection_buffer_size(&self) -> usize {
        self.select.size
    }

    /// `GL_FEEDBACK_BUFFER_SIZE`.
    pub fn feedback_buffer_size(&self) -> usize {
        self.feedback.size
    }

    /// `GL_FEEDBACK_BUFFER_TYPE`.
    pub fn feedback_buffer_type(&self) -> GLenum {
        self.feedback_type
    }

    /// `GL_SELECTION_BUFFER_POINTER`.
    pub fn selection_buffer_pointer(&self) -> usize {
        self.select.addr()
    }

    /// `GL_FEEDBACK_BUFFER_POINTER`.
    pub fn feedback_buffer_pointer(&self) -> usize {
        self.feedback.addr()
    }

    /// Records a hit at window depth `z` (Mesa `_mesa_update_hitflag`).
    pub(crate) fn update_hit(&mut self, z: f32) {
        self.hit = true;
        self.hit_min = self.hit_min.min(z);
        self.hit_max = self.hit_max.max(z);
    }

    /// Writes the pending hit record, if any: the name count, the minimum
    /// and maximum depth scaled to [0, 2^32 - 1], the names bottom first
    /// (GL 4.6 compatibility §20.2).
    fn write_hit_record(&mut self) {
        if !self.hit {
            return;
        }
        // Mesa multiplies in single precision and truncates.
        let scale = |z: f32| (u32::MAX as f32 * z) as u32;
        self.select.push(self.names.len() as u32);
        self.select.push(scale(self.hit_min));
        self.select.push(scale(self.hit_max));
        for i in 0..self.names.len() {
            self.select.push(self.names[i]);
        }
        self.hits += 1;
        self.clear_hit();
    }

    fn clear_hit(&mut self) {
        self.hit = false;
        self.hit_min = 1.0;
        self.hit_max = 0.0;
    }

    /// Appends one value to the feedback buffer.
    pub(crate) fn feedback_token(&mut self, v: f32) {
        self.feedback.push(v.to_bits());
    }

    /// Appends a vertex in the layout of the feedback buffer type.
    pub(crate) fn feedback_vertex(&mut self, v: &FeedbackVertex) {
        let (d3, d4, color, tex) = feedback_layout(self.feedback_type).unwrap_or_default();
        self.feedback_token(v.win[0]);
        self.feedback_token(v.win[1]);
        if d3 {
            self.feedback_token(v.win[2]);
        }
        if d4 {
            self.feedback_token(v.win[3]);
        }
        if color {
            v.color.iter().for_each(|&c| self.feedback_token(c));
        }
        if tex {
            v.tex.iter().for_each(|&t| self.feedback_token(t));
        }
    }
}

/// A GL token as feedback writes it: the enum value as a float.
pub(crate) fn token(t: GLenum) -> f32 {
    t as f32
}

impl Context {
    /// `glRenderMode`: returns, for the mode being left, the number of hit
    /// records (`GL_SELECT`) or of values written (`GL_FEEDBACK`), -1 after
    /// an overflow, 0 for `GL_RENDER` (GL 4.6 compatibility §20.2, §20.3).
    /// INVALID_ENUM for a bad mode; INVALID_OPERATION inside Begin/End and,
    /// as Mesa, when entering a mode whose buffer is empty.
    pub fn render_mode(&mut self, mode: GLenum) -> ApiResult<i32> {
        self.outside_begin_end()?;
        let needed = match mode {
            GL_RENDER => None,
            GL_SELECT => Some(self.select.select.size),
            GL_FEEDBACK => Some(self.select.feedback.size),
            _ => return Err(ApiError::InvalidEnum),
        };
        if needed == Some(0) {
            return Err(ApiError::InvalidOperation);
        }
        self.flush_vertices();
        let s = &mut self.select;
        let result = match s.mode {
            GL_SELECT => {
                s.write_hit_record();
                let r = s.select.result(s.hits);
                s.select.count = 0;
                s.hits = 0;
                // Mesa: the name stack is empty after leaving selection.
                s.names.clear();
                s.clear_hit();
                r
            }
            GL_FEEDBACK => {
                let r = s.feedback.result(s.feedback.count);
                s.feedback.count = 0;
                r
            }
            _ => 0,
        };
        s.mode = mode;
        Ok(result)
    }

    /// `glSelectBuffer`: INVALID_VALUE for a negative size,
    /// INVALID_OPERATION in selection mode (GL 4.6 compatibility §20.2).
    pub fn select_buffer(&mut self, size: i32, words: Box<dyn ClientWords>) -> ApiResult {
        self.outside_begin_end()?;
        let size = usize::try_from(size).map_err(|_| ApiError::InvalidValue)?;
        if self.select.mode == GL_SELECT {
            return Err(ApiError::InvalidOperation);
        }
        self.flush_vertices();
        let s = &mut self.select;
        s.select = Sink {
            words: Some(words),
            size,
            count: 0,
        };
        s.clear_hit();
        Ok(())
    }

    /// `glFeedbackBuffer`: INVALID_OPERATION in feedback mode, INVALID_VALUE
    /// for a negative size or a null buffer of positive size, INVALID_ENUM
    /// for a bad type (GL 4.6 compatibility §20.3; Mesa's order of checks).
    pub fn feedback_buffer(
        &mut self,
        size: i32,
        type_: GLenum,
        words: Box<dyn ClientWords>,
    ) -> ApiResult {
        self.outside_begin_end()?;
        if self.select.mode == GL_FEEDBACK {
            return Err(ApiError::InvalidOperation);
        }
        let size = usize::try_from(size).map_err(|_| ApiError::InvalidValue)?;
        if words.addr() == 0 && size > 0 {
            return Err(ApiError::InvalidValue);
        }
        if feedback_layout(type_).is_none() {
            return Err(ApiError::InvalidEnum);
        }
        self.flush_vertices();
        let s = &mut self.select;
        s.feedback = Sink {
            words: Some(words),
            size,
            count: 0,
        };
        s.feedback_type = type_;
        Ok(())
    }

    /// `glPassThrough`: a `GL_PASS_THROUGH_TOKEN` and the value, in feedback
    /// mode only.
    pub fn pass_through(&mut self, value: f32) -> ApiResult {
        self.outside_begin_end()?;
        if self.select.mode == GL_FEEDBACK {
            self.flush_vertices();
            self.select.feedback_token(token(GL_PASS_THROUGH_TOKEN));
            self.select.feedback_token(value);
        }
        Ok(())
    }

    /// Flushes pending vertices and writes the pending hit record before
    /// the name stack changes; false outside selection mode, where the
    /// name-stack commands are ignored.
    fn name_stack_edit(&mut self) -> ApiResult<bool> {
        self.outside_begin_end()?;
        if self.select.mode != GL_SELECT {
            return Ok(false);
        }
        self.flush_vertices();
        Ok(true)
    }

    /// `glInitNames`: empties the name stack.
    pub fn init_names(&mut self) -> ApiResult {
        if self.name_stack_edit()? {
            self.select.write_hit_record();
            self.select.names.clear();
            self.select.clear_hit();
        }
        Ok(())
    }

    /// `glLoadName`: replaces the top name; INVALID_OPERATION on an empty
    /// stack.
    pub fn load_name(&mut self, name: u32) -> ApiResult {
        if self.name_stack_edit()? {
            if self.select.names.is_empty() {
                return Err(ApiError::InvalidOperation);
            }
            self.select.write_hit_record();
            if let Some(top) = self.select.names.last_mut() {
                *top = name;
            }
        }
        Ok(())
    }

    /// `glPushName`: STACK_OVERFLOW on a full stack.
    pub fn push_name(&mut self, name: u32) -> ApiResult {
        if self.name_stack_edit()? {
            if self.select.names.len() >= MAX_NAME_STACK_DEPTH {
                return Err(ApiError::StackOverflow);
            }
            self.select.write_hit_record();
            self.select.names.push(name);
        }
        Ok(())
    }

    /// `glPopName`: STACK_UNDERFLOW on an empty stack.
    pub fn pop_name(&mut self) -> ApiResult {
        if self.name_stack_edit()? {
            if self.select.names.is_empty() {
                return Err(ApiError::StackUnderflow);
            }
            self.select.write_hit_record();
            self.select.names.pop();
        }
        Ok(())
    }

    /// Selection or feedback of a draw (outside `GL_RENDER` mode, in
    /// place of rasterization).
    pub(crate) fn select_batch(&mut self, batch: &DrawBatch) {
        let inputs: Vec<[[f32; 4]; NUM_ATTRIBS]> = (0..batch.vertex_count())
            .map(|i| std::array::from_fn(|a| batch.fetch(i, Attrib(a as u8))))
            .collect();
        let unit0 = self.texture_unit0_enabled();
        let verts = match self.unlit_vertices(&inputs, unit0) {
            Some(v) => v,
            None => {
                let mut transformed = Vec::new();
                self.cpu_vertices(&inputs, &mut transformed);
                inputs
                    .iter()
                    .zip(&transformed)
                    .map(|(attribs, v)| PVert {
                        clip: v.clip,
                        // Mesa clamps fixed-function vertex colours.
                        color: v.color.map(|c| c.map(|x| x.clamp(0.0, 1.0))),
                        tex: if unit0 {
                            v.tex[0]
                        } else {
                            attribs[Attrib::TEX0.index()]
                        },
                        dist: v.clip_distance,
                        edge: attribs[Attrib::EDGEFLAG.index()][0] != 0.0,
                        z_offset: 0.0,
                    })
                    .collect()
            }
        };
        let r = &self.raster;
        let [_, _, vw, vh] = self.state.viewports[0];
        let [near, far] = self.state.depth_ranges[0];
        let on = |cap| self.state.enabled(cap);
        let flat = self.ff.shade_model == GL_FLAT && r.polygon_mode != [GL_FILL; 2];
        let setup = Setup {
            user_planes: self.enabled_clip_planes(),
            cull: self.state.enabled(GL_CULL_FACE).then_some(r.cull_face),
            front_ccw: r.front_face == GL_CCW,
            polygon_mode: r.polygon_mode,
            scale: [vw * 0.5, vh * 0.5, (far - near) * 0.5],
            offset: (
                r.polygon_offset[0],
                [
                    on(GL_POLYGON_OFFSET_FILL),
                    on(GL_POLYGON_OFFSET_LINE),
                    on(GL_POLYGON_OFFSET_POINT),
                ],
            ),
            flat,
            flat_model: self.ff.shade_model == GL_FLAT,
            depth_clamp: self.state.enabled(GL_DEPTH_CLAMP),
        };
        let mut out = Vec::new();
        pipeline::run(&setup, &verts, &batch.prims, &mut out);
        for o in out {
            self.select_emit(o);
        }
    }

    /// Whether texture unit 0 is enabled with a complete texture. As Mesa,
    /// feedback reports unit 0's coordinates through texgen and the texture
    /// matrix only then, and the current coordinates unchanged otherwise.
    fn texture_unit0_enabled(&self) -> bool {
        let Some(ti) = self
            .texunits
            .effective_target(0)
            .and_then(|t| crate::texture::target_index(t).ok())
        else {
            return false;
        };
        match self.textures.bound[0][ti] {
            0 => self.textures.defaults[ti].complete().is_some(),
            name => self
                .shared()
                .textures()
                .get(name)
                .is_some_and(|t| t.complete().is_some()),
        }
    }

    /// Without lighting and texture-coordinate generation, the vertex stage
    /// reduces to matrix products; computing them here is two orders of
    /// magnitude faster than running the fixed-function program on the IR
    /// interpreter ([`Context::cpu_vertices`], the general path), and gives
    /// the same values as that program (`ffgen::vertex_shader`: the
    /// position by the modelview-projection product, the colour clamped,
    /// texture unit 0 through its matrix, clip distances against the
    /// eye-space planes). `unit0`: texture unit 0 is enabled.
    fn unlit_vertices(
        &self,
        inputs: &[[[f32; 4]; NUM_ATTRIBS]],
        unit0: bool,
    ) -> Option<Vec<PVert>> {
        if self.state.enabled(GL_LIGHTING) || unit0 && self.texunits.texgen[0].enabled != 0 {
            return None;
        }
        let m = &self.ff.matrices;
        let mv = *m.modelview.top();
        let mvp = m.projection.top().mul(&mv);
        let tm = *m.texture[0].top();
        let planes = self.enabled_clip_planes();
        let xform = |m: &crate::compat::matrix::Mat4, v: [f32; 4]| -> [f32; 4] {
            std::array::from_fn(|r| (0..4).fold(0.0, |acc, c| acc + m.0[c * 4 + r] * v[c]))
        };
        Some(
            inputs
                .iter()
                .map(|a| {
                    let pos = a[Attrib::POS.index()];
                    let mut dist = [0.0; crate::compat::fog::MAX_CLIP_PLANES];
                    if planes != 0 {
                        let eye = xform(&mv, pos);
                        for (i, d) in dist.iter_mut().enumerate() {
                            if planes & (1 << i) != 0 {
                                let p = self.clip_planes[i].map(|x| x as f32);
                                *d = (0..4).fold(0.0, |acc, c| acc + p[c] * eye[c]);
                            }
                        }
                    }
                    let color = a[Attrib::COLOR0.index()].map(|x| x.clamp(0.0, 1.0));
                    PVert {
                        clip: xform(&mvp, pos),
                        color: [color; 2],
                        tex: if unit0 {
                            xform(&tm, a[Attrib::TEX0.index()])
                        } else {
                            a[Attrib::TEX0.index()]
                        },
                        dist,
                        edge: a[Attrib::EDGEFLAG.index()][0] != 0.0,
                        z_offset: 0.0,
                    }
                })
                .collect(),
        )
    }

    /// Window coordinates of a pipeline vertex, polygon offset included
    /// (saturated, as Mesa).
    fn pipeline_window(&self, v: &PVert) -> [f32; 3] {
        let [x, y, mut z] = self.window_coords(v.clip);
        if v.z_offset != 0.0 {
            z = (z + v.z_offset).clamp(0.0, 1.0);
        }
        [x, y, z]
    }

    fn feedback_of(&self, v: &PVert, face: usize) -> FeedbackVertex {
        let [x, y, z] = self.pipeline_window(v);
        FeedbackVertex {
            win: [x, y, z, v.clip[3]],
            color: v.color[face],
            tex: v.tex,
        }
    }

    /// Reports one primitive that survived clipping and culling: a hit in
    /// selection mode, tokens and vertices in feedback mode.
    fn select_emit(&mut self, o: Out) {
        if self.select.mode == GL_SELECT {
            let mut hit = |v: &PVert| {
                let z = self.pipeline_window(v)[2];
                self.select.update_hit(z);
            };
            match &o {
                Out::Point(a, _) => hit(a),
                Out::Line(a, b, _) => [a, b].into_iter().for_each(hit),
                Out::Tri(t, _) => t.iter().for_each(hit),
                Out::LineReset => {}
            }
            return;
        }
        match o {
            Out::Point(a, face) => {
                let v = self.feedback_of(&a, face);
                self.select.feedback_token(token(GL_POINT_TOKEN));
                self.select.feedback_vertex(&v);
            }
            Out::Line(a, b, face) => {
                let (va, vb) = (self.feedback_of(&a, face), self.feedback_of(&b, face));
                let s = &mut self.select;
                let t = if std::mem::take(&mut s.line_reset) {
                    GL_LINE_RESET_TOKEN
                } else {
                    GL_LINE_TOKEN
                };
                s.feedback_token(token(t));
                s.feedback_vertex(&va);
                s.feedback_vertex(&vb);
            }
            Out::Tri(t, face) => {
                let vs = t.map(|v| self.feedback_of(&v, face));
                let s = &mut self.select;
                s.feedback_token(token(GL_POLYGON_TOKEN));
                s.feedback_token(3.0);
                vs.iter().for_each(|v| s.feedback_vertex(v));
            }
            Out::LineReset => self.select.line_reset = true,
        }
    }

    /// Selection: a raster position inside the view volume and the user
    /// planes is a hit at its window depth (Mesa `_mesa_RasterPos`).
    pub(crate) fn select_raster_pos(&mut self, v: &CpuVertex, planes: u8) {
        if self.select.mode == GL_SELECT && v.inside(planes) {
            let z = self.window_coords(v.clip)[2];
            self.select.update_hit(z);
        }
    }

    /// Selection: `glWindowPos` is a hit at its window depth `z` (as Mesa).
    pub(crate) fn select_window_pos(&mut self, z: f32) {
        if self.select.mode == GL_SELECT {
            self.select.update_hit(z);
        }
    }

    /// Feedback of `glBitmap`, `glDrawPixels` or `glCopyPixels` (`token`)
    /// at the valid raster position; nothing in selection mode.
    pub(crate) fn select_pixels(&mut self, t: GLenum) {
        if self.select.mode == GL_FEEDBACK {
            let v = self.raster_feedback_vertex();
            self.select.feedback_token(token(t));
            self.select.feedback_vertex(&v);
        }
    }

    /// The feedback vertex of the current raster position (pixel
    /// rectangles and bitmaps).
    pub(crate) fn raster_feedback_vertex(&self) -> FeedbackVertex {
        let rp = &self.raster_pos;
        FeedbackVertex {
            win: rp.window,
            color: rp.color,
            tex: rp.tex[0],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[derive(Debug, Clone, Default)]
    struct Words(Arc<Mutex<Vec<u32>>>);

    impl ClientWords for Words {
        fn addr(&self) -> usize {
            0x1000
        }
        fn write(&mut self, index: usize, word: u32) {
            self.0.lock().unwrap()[index] = word;
        }
    }

    #[test]
    fn hit_records_scale_depth_and_list_names() {
        let words = Words(Arc::new(Mutex::new(vec![0; 8])));
        let mut s = SelectState {
            select: Sink {
                words: Some(Box::new(words.clone())),
                size: 8,
                count: 0,
            },
            ..SelectState::default()
        };
        s.names = vec![7, 9];
        s.update_hit(0.5);
        s.update_hit(0.25);
        s.write_hit_record();
        assert_eq!(s.hits, 1);
        assert_eq!(
            &words.0.lock().unwrap()[..5],
            &[2, 0x4000_0000, 0x8000_0000, 7, 9]
        );
        // No hit since: no record.
        s.write_hit_record();
        assert_eq!(s.select.count, 5);
        // Overflow: words past the size are counted, not written.
        s.update_hit(0.0);
        s.write_hit_record();
        assert_eq!(s.select.count, 10);
        assert_eq!(s.select.result(s.hits), -1);
    }

    #[test]
    fn feedback_vertex_layouts() {
        let words = Words(Arc::new(Mutex::new(vec![0; 16])));
        let mut s = SelectState {
            feedback: Sink {
                words: Some(Box::new(words.clone())),
                size: 16,
                count: 0,
            },
            feedback_type: GL_3D_COLOR,
            ..SelectState::default()
        };
        let v = FeedbackVertex {
            win: [1.0, 2.0, 0.5, 3.0],
            color: [0.25, 0.5, 0.75, 1.0],
            tex: [0.0; 4],
        };
        s.feedback_vertex(&v);
        assert_eq!(s.feedback.count, 7);
        let got: Vec<f32> = words.0.lock().unwrap()[..7]
            .iter()
            .map(|&w| f32::from_bits(w))
            .collect();
        assert_eq!(got, [1.0, 2.0, 0.5, 0.25, 0.5, 0.75, 1.0]);
        assert!(feedback_layout(GL_RGBA).is_none());
    }
}
