//! Transform feedback (EXT_transform_feedback, GL 3.0; GL 4.6 §13.3):
//! the indexed `GL_TRANSFORM_FEEDBACK_BUFFER` bindings, begin/end and the
//! rules that hold while it is active, and what each draw hands the
//! backend to capture (`OxglCaptureDesc`, ABI 12).
//!
//! The varyings a program captures are decided at link time
//! (`oxgl_glsl::link::Feedback`, kept in the executable); the backend
//! writes the captured vertices straight into the bound buffers' storage,
//! which the core keeps locked for the draw, and reports how many
//! primitives it generated and wrote. The core advances each binding's
//! write position by what was written (GL 4.6 §13.3.2: a binding's
//! vertices follow each other from its start until `glEndTransformFeedback`)
//! and adds the counts to the active `GL_PRIMITIVES_GENERATED` and
//! `GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN` queries.

use std::collections::HashMap;
use std::sync::Arc;

use oxgl_dri_interface::{
    OXGL_CAPTURE_CLIP_DISTANCE, OXGL_CAPTURE_POINT_SIZE, OXGL_CAPTURE_POSITION, OXGL_CAPTURE_SKIP,
    OxglCaptureBuffer, OxglCaptureDesc, OxglCaptureResult,
};
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;
use oxgl_glsl::link::CaptureSource;

use crate::buffer::IndexedBinding;
use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::program::Executable;

/// `GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS` (llvmpipe's value): the
/// indexed binding points.
pub const MAX_SEPARATE_ATTRIBS: usize = 4;
/// `GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS` (llvmpipe's value).
pub const MAX_INTERLEAVED_COMPONENTS: u32 = 64;
/// `GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS` (llvmpipe's value).
pub const MAX_SEPARATE_COMPONENTS: u32 = 64;
/// `GL_MAX_TRANSFORM_FEEDBACK_BUFFERS` (ARB_transform_feedback3): the
/// buffers an interleaved capture may spread over with `gl_NextBuffer`.
pub const MAX_BUFFERS: usize = MAX_SEPARATE_ATTRIBS;
/// `GL_MAX_VERTEX_STREAMS`: the vertex streams a geometry shader may
/// emit to (ARB_gpu_shader5, GL 4.0).
pub const MAX_VERTEX_STREAMS: u32 = oxgl_dri_interface::OXGL_MAX_VERTEX_STREAMS as u32;
const STREAMS: usize = MAX_VERTEX_STREAMS as usize;

/// The capture sources (ABI codes) of each buffer binding `exec` writes,
/// by binding index, and the vertex stream it receives; an empty list for
/// a binding it skips over (`gl_NextBuffer` twice).
fn buffer_sources(exec: &Executable) -> Vec<(Vec<u32>, u32)> {
    let mut out: Vec<(Vec<u32>, u32)> = Vec::new();
    for c in &exec.captured {
        let b = c.buffer as usize;
        if b >= MAX_BUFFERS {
            continue;
        }
        if out.len() <= b {
            out.resize(b + 1, (Vec::new(), 0));
        }
        out[b].0.extend(c.sources.iter().copied().map(source_code));
        if !c.ty.is_empty() {
            out[b].1 = c.stream;
        }
    }
    out
}

/// Transform feedback while active.
#[derive(Clone, Debug)]
struct Active {
    /// `GL_POINTS`, `GL_LINES` or `GL_TRIANGLES`.
    primitive: GLenum,
    /// The program in use at `glBeginTransformFeedback` (it cannot change
    /// until the end).
    program: u32,
    exec: Arc<Executable>,
    /// Bytes written into each binding so far.
    written: [usize; MAX_SEPARATE_ATTRIBS],
    /// `glPauseTransformFeedback` (ARB_transform_feedback2, ES 3.0): draws
    /// capture nothing until `glResumeTransformFeedback`.
    paused: bool,
    /// Vertices written since `glBeginTransformFeedback`, per vertex
    /// stream.
    vertices: [u64; STREAMS],
}

/// A transform feedback object (ARB_transform_feedback2, GL 4.0; ES 3.0):
/// the indexed bindings and whether (and how) it is active. The context's
/// bound object is [`Context::xfb`]; object 0 is the default one.
#[derive(Clone, Debug, Default)]
pub struct TransformFeedback {
    /// The indexed bindings.
    pub bindings: [IndexedBinding; MAX_SEPARATE_ATTRIBS],
    active: Option<Active>,
    /// Bound at least once (`glIsTransformFeedback` is false before).
    ever_bound: bool,
    /// The vertices the last completed capture wrote, what
    /// `glDrawTransformFeedback` draws (per vertex stream); `None` before
    /// the first `glEndTransformFeedback` on the object.
    captured: Option<[u64; STREAMS]>,
    /// `glObjectLabel`.
    label: crate::debug::Label,
}

impl TransformFeedback {
    /// Whether transform feedback is active (paused or not).
    pub fn active(&self) -> bool {
        self.active.is_some()
    }

    /// Whether it is active and not paused: draws capture.
    pub fn capturing(&self) -> bool {
        self.active.as_ref().is_some_and(|a| !a.paused)
    }

    /// Unbinds deleted buffer `name` from every binding point.
    pub fn forget(&mut self, name: u32) {
        IndexedBinding::forget(&mut self.bindings, name);
    }
}

/// The context's transform feedback objects other than the bound one
/// (which is [`Context::xfb`]), by name; 0 is the default object. Objects
/// are per context (container objects are not shared).
#[derive(Clone, Debug, Default)]
pub struct XfbObjects {
    /// Every object not bound, generated names included.
    unbound: HashMap<u32, TransformFeedback>,
    /// The bound object's name.
    bound: u32,
    /// The last name handed out.
    next: u32,
}

impl XfbObjects {
    /// Unbinds the deleted buffers `names` from the bindings of objects
    /// not bound: one pass over the objects, however many names.
    pub fn forget(&mut self, names: &std::collections::HashSet<u32>) {
        for o in self.unbound.values_mut() {
            for b in o.bindings.iter_mut().filter(|b| names.contains(&b.buffer)) {
                *b = IndexedBinding::default();
            }
        }
    }
}

/// What a draw captures: the descriptor's parts, which the core keeps
/// alive (and the buffers locked) for the draw call.
pub(crate) struct DrawCapture {
    sources: Vec<Vec<u32>>,
    buffers: Vec<OxglCaptureBuffer>,
    /// Per entry of `buffers`: its binding point.
    points: Vec<usize>,
    pub(crate) result: Box<OxglCaptureResult>,
    primitive: GLenum,
}

impl DrawCapture {
    /// The descriptor (valid while `self` is).
    pub(crate) fn desc(&mut self) -> OxglCaptureDesc {
        for (b, s) in self.buffers.iter_mut().zip(&self.sources) {
            b.sources = s.as_ptr();
        }
        OxglCaptureDesc {
            primitive: self.primitive,
            buffers: self.buffers.as_ptr(),
            num_buffers: self.buffers.len() as u32,
            result: &mut *self.result,
        }
    }
}

/// The ABI code of a capture source.
fn source_code(s: CaptureSource) -> u32 {
    match s {
        CaptureSource::Location {
            location,
            component,
        } => 4 * location + component,
        CaptureSource::Position(c) => OXGL_CAPTURE_POSITION + c,
        CaptureSource::PointSize => OXGL_CAPTURE_POINT_SIZE,
        CaptureSource::ClipDistance(i) => OXGL_CAPTURE_CLIP_DISTANCE + i.min(7),
        CaptureSource::Skip => OXGL_CAPTURE_SKIP,
    }
}

/// Vertices of one primitive of a transform feedback primitive mode.
fn vertices_per(primitive: GLenum) -> usize {
    match primitive {
        GL_POINTS => 1,
        GL_LINES => 2,
        _ => 3,
    }
}

/// The transform feedback primitive mode a draw mode is recorded as
/// (GL 4.6 compat table 13.1).
fn recorded_as(mode: GLenum) -> GLenum {
    match mode {
        GL_POINTS => GL_POINTS,
        GL_LINES | GL_LINE_LOOP | GL_LINE_STRIP | GL_LINES_ADJACENCY | GL_LINE_STRIP_ADJACENCY => {
            GL_LINES
        }
        _ => GL_TRIANGLES,
    }
}

/// The primitives the tessellation primitive generator makes for `tess`
/// (GL 4.6 §11.2.2): points in point mode, else lines for isolines and
/// triangles for the other domains.
pub(crate) fn tess_output(tess: &oxgl_glsl::link::TessInfo) -> GLenum {
    match tess.domain {
        _ if tess.point_mode => GL_POINTS,
        Some(oxgl_ir::TessDomain::Isolines) => GL_LINES,
        _ => GL_TRIANGLES,
    }
}

/// Whether a geometry shader of input type `input` takes primitives of
/// draw mode `mode` (GL 3.2 §2.12.1).
fn geometry_takes(input: oxgl_ir::Primitive, mode: GLenum) -> bool {
    use oxgl_ir::Primitive as P;
    match input {
        P::Points => mode == GL_POINTS,
        P::Lines => matches!(mode, GL_LINES | GL_LINE_STRIP | GL_LINE_LOOP),
        P::LinesAdjacency => matches!(mode, GL_LINES_ADJACENCY | GL_LINE_STRIP_ADJACENCY),
        P::Triangles => matches!(mode, GL_TRIANGLES | GL_TRIANGLE_STRIP | GL_TRIANGLE_FAN),
        P::TrianglesAdjacency => {
            matches!(mode, GL_TRIANGLES_ADJACENCY | GL_TRIANGLE_STRIP_ADJACENCY)
        }
        P::LineStrip | P::TriangleStrip => false,
    }
}

impl Context {
    /// Whether transform feedback exists in this context
    /// (EXT_transform_feedback: desktop GL, as Mesa advertises it; ES 3.0).
    fn has_xfb(&self) -> bool {
        self.params().desktop_or_es3()
    }

    /// ARB_transform_feedback3 (GL 4.0): desktop contexts.
    pub(crate) fn has_xfb3(&self) -> bool {
        self.params().profile != crate::context::Profile::Es
    }

    /// `glBindBufferRange` / `glBindBufferOffsetEXT` / `glBindBufferBase`
    /// (`size` `None`) for `GL_TRANSFORM_FEEDBACK_BUFFER` (GL 4.6 §6.1.1,
    /// §13.3.1): binds `buffer` to binding point `index` and to the
    /// generic binding. INVALID_ENUM for another target; INVALID_VALUE for
    /// an index past the binding points, a negative offset, a size that
    /// is not positive, or an offset or size that is not a multiple of 4;
    /// INVALID_OPERATION while transform feedback is active.
    pub fn bind_buffer_range(
        &mut self,
        target: GLenum,
        index: u32,
        buffer: u32,
        offset: isize,
        size: Option<isize>,
    ) -> ApiResult {
        self.outside_begin_end()?;
        if target == GL_UNIFORM_BUFFER {
            return self.bind_uniform_buffer(index, buffer, offset, size);
        }
        if target == GL_ATOMIC_COUNTER_BUFFER {
            return self.bind_counter_buffer(index, buffer, offset, size);
        }
        if target == GL_SHADER_STORAGE_BUFFER {
            return self.bind_storage_buffer(index, buffer, offset, size);
        }
        if target != GL_TRANSFORM_FEEDBACK_BUFFER || !self.has_xfb() {
            return Err(ApiError::InvalidEnum);
        }
        if index as usize >= MAX_SEPARATE_ATTRIBS {
            return Err(ApiError::InvalidValue);
        }
        if self.xfb.active() {
            return Err(ApiError::InvalidOperation);
        }
        if buffer != 0 {
            if offset < 0 || offset % 4 != 0 {
                return Err(ApiError::InvalidValue);
            }
            if let Some(s) = size
                && (s <= 0 || s % 4 != 0)
            {
                return Err(ApiError::InvalidValue);
            }
        }
        self.flush_vertices();
        self.bind_buffer(GL_TRANSFORM_FEEDBACK_BUFFER, buffer)?;
        self.xfb.bindings[index as usize] = IndexedBinding::new(buffer, offset, size);
        Ok(())
    }

    /// `glBindBufferOffsetEXT`: `glBindBufferRange` over the rest of the
    /// buffer (EXT_transform_feedback; Mesa's rules: INVALID_VALUE for an
    /// offset that is not a multiple of 4).
    pub fn bind_buffer_offset(
        &mut self,
        target: GLenum,
        index: u32,
        buffer: u32,
        offset: isize,
    ) -> ApiResult {
        self.bind_buffer_range(target, index, buffer, offset, None)
    }

    /// `glGetIntegeri_v` and friends for the transform feedback bindings:
    /// `None` for another pname. INVALID_VALUE for an index past them.
    pub fn get_xfb_indexed(&self, pname: GLenum, index: u32) -> ApiResult<Option<i64>> {
        if !self.has_xfb() {
            return Ok(None);
        }
        let pnames = [
            GL_TRANSFORM_FEEDBACK_BUFFER_BINDING,
            GL_TRANSFORM_FEEDBACK_BUFFER_START,
            GL_TRANSFORM_FEEDBACK_BUFFER_SIZE,
        ];
        IndexedBinding::query(&self.xfb.bindings, pnames, pname, index)
    }

    /// The transform feedback values of `glGetIntegerv`, `None` for other
    /// pnames.
    pub(crate) fn get_xfb(&self, pname: GLenum) -> Option<i64> {
        if !self.has_xfb() {
            return None;
        }
        Some(match pname {
            GL_TRANSFORM_FEEDBACK_BINDING => i64::from(self.xfb_objects.bound),
            GL_TRANSFORM_FEEDBACK_ACTIVE => i64::from(self.xfb.active()),
            GL_TRANSFORM_FEEDBACK_PAUSED => {
                i64::from(self.xfb.active.as_ref().is_some_and(|a| a.paused))
            }
            GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS => MAX_SEPARATE_ATTRIBS as i64,
            GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS => {
                i64::from(MAX_INTERLEAVED_COMPONENTS)
            }
            GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS => i64::from(MAX_SEPARATE_COMPONENTS),
            GL_MAX_TRANSFORM_FEEDBACK_BUFFERS if self.has_xfb3() => MAX_BUFFERS as i64,
            GL_MAX_VERTEX_STREAMS if self.has_xfb3() => i64::from(MAX_VERTEX_STREAMS),
            GL_TRANSFORM_FEEDBACK_BUFFER_BINDING => i64::from(
                self.buffers
                    .bound(GL_TRANSFORM_FEEDBACK_BUFFER)
                    .unwrap_or(0),
            ),
            _ => return None,
        })
    }

    /// `glBeginTransformFeedback` (GL 4.6 §13.3.2): INVALID_ENUM for a
    /// mode other than POINTS, LINES and TRIANGLES; INVALID_OPERATION when
    /// it is active already, when no program is in use or it captures
    /// nothing, and when a binding point it writes has no buffer.
    pub fn begin_transform_feedback(&mut self, mode: GLenum) -> ApiResult {
        self.outside_begin_end()?;
        if !matches!(mode, GL_POINTS | GL_LINES | GL_TRIANGLES) {
            return Err(ApiError::InvalidEnum);
        }
        if self.xfb.active() {
            return Err(ApiError::InvalidOperation);
        }
        let (program, exec) = self
            .capture_source()
            .filter(|(_, e)| !e.captured.is_empty())
            .ok_or(ApiError::InvalidOperation)?;
        let unbound = buffer_sources(&exec)
            .iter()
            .zip(&self.xfb.bindings)
            .any(|(s, b)| !s.0.is_empty() && b.buffer == 0);
        if unbound {
            return Err(ApiError::InvalidOperation);
        }
        self.flush_vertices();
        self.xfb.active = Some(Active {
            primitive: mode,
            program,
            exec,
            written: [0; MAX_SEPARATE_ATTRIBS],
            paused: false,
            vertices: [0; STREAMS],
        });
        Ok(())
    }

    /// `glGenTransformFeedbacks` (GL 4.6 §13.2.1): names that become
    /// objects when first bound. INVALID_VALUE for a negative `n`.
    pub fn gen_transform_feedbacks(&mut self, n: i32) -> ApiResult<Vec<u32>> {
        self.outside_begin_end()?;
        let n = crate::error::name_count(n)?;
        let mut out = crate::error::try_vec(n)?;
        let o = &mut self.xfb_objects;
        while out.len() < n {
            o.next = o.next.wrapping_add(1).max(1);
            if o.next != o.bound && !o.unbound.contains_key(&o.next) {
                o.unbound.insert(o.next, TransformFeedback::default());
                out.push(o.next);
            }
        }
        Ok(out)
    }

    /// `glBindTransformFeedback`: INVALID_ENUM for a target other than
    /// `GL_TRANSFORM_FEEDBACK`; INVALID_OPERATION while the bound object is
    /// active and not paused, or for a name not from
    /// `glGenTransformFeedbacks`.
    pub fn bind_transform_feedback(&mut self, target: GLenum, name: u32) -> ApiResult {
        self.outside_begin_end()?;
        if target != GL_TRANSFORM_FEEDBACK {
            return Err(ApiError::InvalidEnum);
        }
        if self.xfb.capturing() {
            return Err(ApiError::InvalidOperation);
        }
        if name == self.xfb_objects.bound {
            self.xfb.ever_bound = true;
            return Ok(());
        }
        let mut next = self
            .xfb_objects
            .unbound
            .remove(&name)
            .or_else(|| (name == 0).then(TransformFeedback::default))
            .ok_or(ApiError::InvalidOperation)?;
        self.flush_vertices();
        next.ever_bound = true;
        let old = std::mem::replace(&mut self.xfb, next);
        let old_name = std::mem::replace(&mut self.xfb_objects.bound, name);
        self.xfb_objects.unbound.insert(old_name, old);
        Ok(())
    }

    /// `glDeleteTransformFeedbacks` (the handler checks `n`): 0 and unknown
    /// names are ignored; INVALID_OPERATION for an active object (nothing
    /// after it is deleted, as Mesa); deleting the bound object binds 0.
    pub fn delete_transform_feedbacks(&mut self, names: &[u32]) -> ApiResult {
        self.outside_begin_end()?;
        for &name in names {
            if name == 0 {
                continue;
            }
            if name == self.xfb_objects.bound {
                if self.xfb.active() {
                    return Err(ApiError::InvalidOperation);
                }
                self.bind_transform_feedback(GL_TRANSFORM_FEEDBACK, 0)?;
            }
            if self
                .xfb_objects
                .unbound
                .get(&name)
                .is_some_and(|o| o.active())
            {
                return Err(ApiError::InvalidOperation);
            }
            self.xfb_objects.unbound.remove(&name);
        }
        Ok(())
    }

    /// The label of transform feedback object `name`, if it is one (bound
    /// at least once).
    pub(crate) fn xfb_label_mut(&mut self, name: u32) -> Option<&mut crate::debug::Label> {
        let o = if name == self.xfb_objects.bound {
            &mut self.xfb
        } else {
            self.xfb_objects.unbound.get_mut(&name)?
        };
        o.ever_bound.then_some(&mut o.label)
    }

    /// `glIsTransformFeedback`: a name bound at least once, not deleted.
    pub fn is_transform_feedback(&self, name: u32) -> bool {
        if name == 0 {
            return false;
        }
        if name == self.xfb_objects.bound {
            return self.xfb.ever_bound;
        }
        self.xfb_objects
            .unbound
            .get(&name)
            .is_some_and(|o| o.ever_bound)
    }

    /// `glPauseTransformFeedback`: INVALID_OPERATION unless active and not
    /// paused.
    pub fn pause_transform_feedback(&mut self) -> ApiResult {
        self.outside_begin_end()?;
        if !self.xfb.capturing() {
            return Err(ApiError::InvalidOperation);
        }
        self.flush_vertices();
        if let Some(a) = &mut self.xfb.active {
            a.paused = true;
        }
        Ok(())
    }

    /// `glResumeTransformFeedback`: INVALID_OPERATION unless active and
    /// paused, and while another program is in use than the one it began
    /// with (GL 4.6 §13.3.2).
    pub fn resume_transform_feedback(&mut self) -> ApiResult {
        self.outside_begin_end()?;
        let current = self.capture_source().map_or(0, |(p, _)| p);
        match &mut self.xfb.active {
            Some(a) if a.paused && a.program == current => {
                a.paused = false;
                Ok(())
            }
            _ => Err(ApiError::InvalidOperation),
        }
    }

    /// `glEndTransformFeedback`: INVALID_OPERATION when not active.
    pub fn end_transform_feedback(&mut self) -> ApiResult {
        self.outside_begin_end()?;
        if !self.xfb.active() {
            return Err(ApiError::InvalidOperation);
        }
        self.flush_vertices();
        self.xfb.captured = self.xfb.active.take().map(|a| a.vertices);
        Ok(())
    }

    /// The vertices `glDrawTransformFeedbackStream(mode, name, stream)`
    /// draws (GL 4.6 §13.4, Mesa's order of errors): INVALID_VALUE for a
    /// name that is no transform feedback object (not bound yet) or a
    /// stream past `GL_MAX_VERTEX_STREAMS`, INVALID_ENUM for a bad mode,
    /// INVALID_OPERATION before its first `glEndTransformFeedback`.
    pub(crate) fn transform_feedback_vertices(
        &self,
        mode: GLenum,
        name: u32,
        stream: u32,
    ) -> ApiResult<u64> {
        if stream >= MAX_VERTEX_STREAMS {
            return Err(ApiError::InvalidValue);
        }
        let o = if name == self.xfb_objects.bound {
            Some(&self.xfb)
        } else {
            self.xfb_objects.unbound.get(&name)
        };
        let o = o
            .filter(|o| o.ever_bound || name == 0)
            .ok_or(ApiError::InvalidValue)?;
        if !crate::vbo::draw::valid_mode(mode, self.params().profile) {
            return Err(ApiError::InvalidEnum.bad_enum(mode));
        }
        o.captured
            .map(|v| v[stream as usize])
            .ok_or(ApiError::InvalidOperation)
    }

    /// The program whose vertices transform feedback captures, and its
    /// executable: the current program, else (ARB_separate_shader_objects)
    /// the bound pipeline's program of the last stage before
    /// rasterization.
    fn capture_source(&self) -> Option<(u32, std::sync::Arc<crate::program::Executable>)> {
        if let Some(e) = &self.programs.exec {
            return Some((self.programs.current, e.clone()));
        }
        let p = self.programs.pipelines.get(self.programs.pipeline)?;
        // The last stage before rasterization that the pipeline has.
        let execs = self.stage_execs();
        let last = p.stages[..crate::program::ProgramStage::Fragment as usize]
            .iter()
            .rposition(|&name| name != 0)?;
        Some((p.stages[last], execs[last].clone()?))
    }

    /// The program transform feedback uses while active, if it is.
    pub(crate) fn xfb_program(&self) -> Option<u32> {
        self.xfb.active.as_ref().map(|a| a.program)
    }

    /// INVALID_OPERATION for a draw whose mode the geometry stage does not
    /// take (GL 3.2 §2.12.1), or whose primitives (the geometry stage's
    /// output, else the mode's) are not recorded as the active transform
    /// feedback's primitive mode (GL 4.6 §13.3.2).
    pub(crate) fn check_draw_mode(&self, mode: GLenum) -> ApiResult {
        use crate::program::ProgramStage;
        // GL 4.6 §10.1.15: patches are drawn exactly when a tessellation
        // evaluation stage is active; what reaches the geometry stage is
        // then what the primitive generator makes.
        let tess = self
            .stage_exec(ProgramStage::TessEvaluation)
            .and_then(|e| e.tess);
        let mode = match tess {
            Some(_) if mode != GL_PATCHES => return Err(ApiError::InvalidOperation),
            None if mode == GL_PATCHES => return Err(ApiError::InvalidOperation),
            Some(t) => tess_output(&t),
            None => mode,
        };
        let geometry = self
            .stage_exec(ProgramStage::Geometry)
            .and_then(|e| e.geometry);
        let recorded = match geometry {
            Some(g) => {
                if !geometry_takes(g.input, mode) {
                    return Err(ApiError::InvalidOperation);
                }
                recorded_as(crate::program::primitive_enum(g.output))
            }
            None => recorded_as(mode),
        };
        match &self.xfb.active {
            Some(a) if !a.paused && recorded != a.primitive => Err(ApiError::InvalidOperation),
            _ => Ok(()),
        }
    }

    /// What the next draw captures and counts: `None` when transform
    /// feedback is inactive and no primitive query counts. The buffers'
    /// storage comes from `buffers` (locked by the caller until the draw
    /// is done); a mapped buffer captures nothing (GL 4.6 §6.3.2: a GL
    /// command may not write a buffer mapped without persistence).
    pub(crate) fn xfb_capture(&self, buffers: &mut crate::buffer::Buffers) -> Option<DrawCapture> {
        let counting = self.queries.primitive_queries_active();
        let Some(a) = self.xfb.active.as_ref().filter(|a| !a.paused) else {
            return counting.then(|| DrawCapture {
                sources: Vec::new(),
                buffers: Vec::new(),
                points: Vec::new(),
                result: Box::default(),
                primitive: GL_POINTS,
            });
        };
        let sources = buffer_sources(&a.exec);
        let mut bases: HashMap<u32, (*mut u8, usize)> = HashMap::new();
        let mut out = Vec::new();
        let mut points = Vec::new();
        for (i, (s, stream)) in sources.iter().enumerate() {
            if s.is_empty() {
                continue;
            }
            let binding = self.xfb.bindings[i];
            let (base, len) = match bases.get(&binding.buffer) {
                Some(&b) => b,
                None => {
                    let Some(buf) = buffers.get_mut(binding.buffer) else {
                        continue;
                    };
                    if buf
                        .mapping
                        .is_some_and(|m| m.access & GL_MAP_PERSISTENT_BIT == 0)
                    {
                        continue;
                    }
                    // One pointer per buffer: `Vec::as_mut_ptr` makes no
                    // reference to the storage, so bindings sharing it
                    // keep valid pointers.
                    let b = (buf.data.as_mut_ptr(), buf.data.len());
                    bases.insert(binding.buffer, b);
                    b
                }
            };
            let end = match binding.size {
                Some(s) => binding.offset.saturating_add(s).min(len),
                None => len,
            };
            let start = (binding.offset + a.written[i]).min(end);
            out.push(OxglCaptureBuffer {
                data: base.wrapping_add(start),
                size: end - start,
                stride: 4 * s.len() as u32,
                sources: std::ptr::null(),
                num_sources: s.len() as u32,
                stream: *stream,
            });
            points.push(i);
        }
        let mut sources: Vec<Vec<u32>> = sources.into_iter().map(|(s, _)| s).collect();
        sources.retain(|s| !s.is_empty());
        if out.len() != sources.len() {
            // A binding lost its buffer or is mapped: count only.
            out.clear();
            points.clear();
        }
        Some(DrawCapture {
            sources,
            buffers: out,
            points,
            result: Box::default(),
            primitive: a.primitive,
        })
    }

    /// After a draw: advances the bindings past what the backend wrote,
    /// marks their buffers changed and counts the primitives for the
    /// active queries.
    pub(crate) fn xfb_done(&mut self, cap: &DrawCapture, buffers: &mut crate::buffer::Buffers) {
        let r = *cap.result;
        self.queries
            .count_primitives(r.primitives_generated, r.primitives_written);
        let Some(a) = self.xfb.active.as_mut().filter(|a| !a.paused) else {
            return;
        };
        if r.primitives_written == [0; STREAMS] {
            return;
        }
        let per = vertices_per(a.primitive) as u64;
        for (v, &w) in a.vertices.iter_mut().zip(&r.primitives_written) {
            *v = v.saturating_add(w.saturating_mul(per));
        }
        for (b, &i) in cap.buffers.iter().zip(&cap.points) {
            let written = r.primitives_written[(b.stream as usize).min(STREAMS - 1)];
            let bytes = written * per * u64::from(b.stride);
            a.written[i] = a.written[i].saturating_add(bytes as usize);
            if let Some(buf) = buffers.get_mut(self.xfb.bindings[i].buffer) {
                buf.touch();
            }
        }
    }
}
