//! Atomic counters (ARB_shader_atomic_counters, GL 4.2; GL 4.6 §7.7):
//! the indexed `GL_ATOMIC_COUNTER_BUFFER` binding points, a program's
//! atomic counter buffers (the link rules and `glGetActiveAtomicCounterBufferiv`),
//! and the buffer ranges each draw hands the backend.
//!
//! The compiler gives every `atomic_uint` an IR variable at its binding
//! point and byte offset (`oxgl_glsl::lower`'s `counter_uniform`), and
//! lists it as an active uniform of kind [`UniformKind::AtomicCounter`].
//! Here the uniforms of one binding point make one buffer of the
//! program. At a draw whose program has counters, the ranges bound at
//! their binding points cross the ABI as [`OxglBufferRange`]s (ABI 24),
//! which the backend reads and changes atomically before the draw
//! returns.

use oxgl_dri_interface::OxglBufferRange;
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;
use oxgl_glsl::lower::UniformKind;

use crate::buffer::IndexedBinding;
use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::program::{PROGRAM_STAGES, ProgramStage, ProgramUniform};

/// `GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS` (llvmpipe's value; the
/// engine's buffer slots for counters).
pub const MAX_BINDINGS: usize = oxgl_dri_interface::OXGL_MAX_COUNTER_BUFFERS;
/// `GL_MAX_*_ATOMIC_COUNTER_BUFFERS` of one stage (llvmpipe's value).
pub const MAX_STAGE_BUFFERS: u32 = 16;
/// `GL_MAX_COMBINED_ATOMIC_COUNTER_BUFFERS` (llvmpipe's value).
pub const MAX_COMBINED_BUFFERS: u32 = 80;
/// `GL_MAX_*_ATOMIC_COUNTERS` of one stage and combined (llvmpipe's
/// value).
pub const MAX_COUNTERS: u32 = 4096;
/// `GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE` (llvmpipe's value).
pub const MAX_BUFFER_SIZE: u32 = 16384;

/// A context's atomic counter buffer binding points.
#[derive(Clone, Debug)]
pub struct CounterBuffers {
    /// The indexed bindings.
    pub bindings: Vec<IndexedBinding>,
}

impl Default for CounterBuffers {
    fn default() -> Self {
        CounterBuffers {
            bindings: vec![IndexedBinding::default(); MAX_BINDINGS],
        }
    }
}

impl CounterBuffers {
    /// Unbinds deleted buffer `name` from every binding point.
    pub fn forget(&mut self, name: u32) {
        IndexedBinding::forget(&mut self.bindings, name);
    }
}

/// An atomic counter buffer of a linked program: the counters of one
/// binding point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CounterBuffer {
    /// `GL_ATOMIC_COUNTER_BUFFER_BINDING`.
    pub binding: u32,
    /// `GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE`: one past the last counter's
    /// bytes.
    pub size: u32,
    /// `GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTER_INDICES`: the
    /// counters' active uniform indices.
    pub uniforms: Vec<u32>,
    /// Bit [`ProgramStage`]: the stage uses a counter of it.
    pub stages: u8,
}

/// Where counter uniform `u` is: its binding point, byte offset and the
/// stages that use it.
fn counter_place(u: &ProgramUniform) -> Option<(u32, u32, u8)> {
    let mut place = None;
    let mut stages = 0u8;
    for (s, kind) in u.kinds.iter().enumerate() {
        if let Some(UniformKind::AtomicCounter { binding, offset }) = kind {
            place = Some((*binding, *offset));
            stages |= 1 << s;
        }
    }
    place.map(|(b, o)| (b, o, stages))
}

/// The stages using counter uniform `u` and its element count.
fn counter_place_count(u: &ProgramUniform) -> Option<(u8, u32)> {
    counter_place(u).map(|(_, _, stages)| (stages, u.count))
}

/// The atomic counter buffers of a program's active uniforms, by binding
/// point, or Mesa's link errors: two stages placing one counter
/// differently, two counters sharing bytes, a binding point past
/// [`MAX_BINDINGS`], a stage with too many buffers.
pub(crate) fn program_buffers(uniforms: &[ProgramUniform]) -> Result<Vec<CounterBuffer>, String> {
    let mut buffers: Vec<CounterBuffer> = Vec::new();
    // (binding, offset, end, name) of each counter, to find overlaps.
    let mut ranges: Vec<(u32, u32, u32, &str)> = Vec::new();
    for (i, u) in uniforms.iter().enumerate() {
        let Some((binding, offset, stages)) = counter_place(u) else {
            continue;
        };
        let placed: Vec<_> = u
            .kinds
            .iter()
            .flatten()
            .filter(|k| matches!(k, UniformKind::AtomicCounter { .. }))
            .collect();
        if placed.windows(2).any(|w| w[0] != w[1]) {
            return Err(format!(
                "error: Atomic counter {} declared with different binding or offset in two stages\n",
                u.name
            ));
        }
        if binding as usize >= MAX_BINDINGS {
            return Err(format!(
                "error: Atomic counter {} uses binding point {binding}, past \
                 GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS ({MAX_BINDINGS})\n",
                u.name
            ));
        }
        let end = offset.saturating_add(4u32.saturating_mul(u.count));
        if ranges
            .iter()
            .any(|&(b, o, e, _)| b == binding && offset < e && o < end)
        {
            return Err(format!(
                "error: Atomic counter {} declared at offset {offset} which is already in use.\n",
                u.name
            ));
        }
        ranges.push((binding, offset, end, &u.name));
        match buffers.iter_mut().find(|b| b.binding == binding) {
            Some(b) => {
                b.size = b.size.max(end);
                b.uniforms.push(i as u32);
                b.stages |= stages;
            }
            None => buffers.push(CounterBuffer {
                binding,
                size: end,
                uniforms: vec![i as u32],
                stages,
            }),
        }
    }
    buffers.sort_by_key(|b| b.binding);
    // The limits (Mesa's messages): counters and buffers of each stage,
    // and of all stages together (a counter or buffer counting once per
    // stage that uses it).
    let (mut all_counters, mut all_buffers) = (0u64, 0u64);
    for stage in ProgramStage::ALL {
        let bit = 1u8 << stage as u8;
        let n = buffers.iter().filter(|b| b.stages & bit != 0).count() as u64;
        let counters: u64 = uniforms
            .iter()
            .filter_map(counter_place_count)
            .filter(|&(stages, _)| stages & bit != 0)
            .map(|(_, count)| u64::from(count))
            .sum();
        if counters > u64::from(MAX_COUNTERS) {
            return Err(format!(
                "error: Too many {} shader atomic counters\n",
                stage.name()
            ));
        }
        if n > u64::from(MAX_STAGE_BUFFERS) {
            return Err(format!(
                "error: Too many {} shader atomic counter buffers\n",
                stage.name()
            ));
        }
        all_counters += counters;
        all_buffers += n;
    }
    if all_counters > u64::from(MAX_COUNTERS) {
        return Err("error: Too many combined atomic counters\n".into());
    }
    if all_buffers > u64::from(MAX_COMBINED_BUFFERS) {
        return Err("error: Too many combined atomic buffers\n".into());
    }
    Ok(buffers)
}

/// The buffer index of counter uniform `index` among `buffers`, -1 for
/// a uniform that is no counter.
pub(crate) fn buffer_index(buffers: &[CounterBuffer], index: u32) -> i32 {
    buffers
        .iter()
        .position(|b| b.uniforms.contains(&index))
        .map_or(-1, |i| i as i32)
}

impl Context {
    /// Whether atomic counters exist in this context (desktop GL 3.0
    /// and later, where ARB_shader_atomic_counters is advertised).
    pub(crate) fn has_atomic_counters(&self) -> bool {
        !self.params().is_es() && self.params().version >= (3, 0)
    }

    /// `glBindBufferRange` / `glBindBufferBase` (`size` `None`) for
    /// `GL_ATOMIC_COUNTER_BUFFER` (GL 4.6 §6.1.1): binds `buffer` to
    /// binding point `index` and to the generic binding. INVALID_VALUE
    /// for an index past the binding points, and, with a buffer, for a
    /// size that is not positive or an offset that is negative or not a
    /// multiple of 4.
    pub(crate) fn bind_counter_buffer(
        &mut self,
        index: u32,
        buffer: u32,
        offset: isize,
        size: Option<isize>,
    ) -> ApiResult {
        if !self.has_atomic_counters() {
            return Err(ApiError::InvalidEnum);
        }
        let b = IndexedBinding::checked((index, MAX_BINDINGS), buffer, offset, size, 4)?;
        self.flush_vertices();
        self.bind_buffer(GL_ATOMIC_COUNTER_BUFFER, buffer)?;
        self.counters.bindings[index as usize] = b;
        Ok(())
    }

    /// `glGetIntegeri_v` and friends for the atomic counter buffer
    /// bindings: `None` for another pname. INVALID_VALUE for an index
    /// past them.
    pub fn get_counter_indexed(&self, pname: GLenum, index: u32) -> ApiResult<Option<i64>> {
        if !self.has_atomic_counters() {
            return Ok(None);
        }
        let pnames = [
            GL_ATOMIC_COUNTER_BUFFER_BINDING,
            GL_ATOMIC_COUNTER_BUFFER_START,
            GL_ATOMIC_COUNTER_BUFFER_SIZE,
        ];
        IndexedBinding::query(&self.counters.bindings, pnames, pname, index)
    }

    /// The atomic counter values of `glGetIntegerv` (the generic binding
    /// and the limits), `None` for other pnames.
    pub(crate) fn get_counter(&self, pname: GLenum) -> Option<i64> {
        if !self.has_atomic_counters() {
            return None;
        }
        let tess = self.has_tessellation();
        let geometry = self.has_geometry_shaders();
        Some(match pname {
            GL_ATOMIC_COUNTER_BUFFER_BINDING => {
                i64::from(self.buffers.bound(GL_ATOMIC_COUNTER_BUFFER).unwrap_or(0))
            }
            GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS => MAX_BINDINGS as i64,
            GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE => i64::from(MAX_BUFFER_SIZE),
            GL_MAX_COMBINED_ATOMIC_COUNTER_BUFFERS => i64::from(MAX_COMBINED_BUFFERS),
            GL_MAX_COMBINED_ATOMIC_COUNTERS => i64::from(MAX_COUNTERS),
            GL_MAX_VERTEX_ATOMIC_COUNTER_BUFFERS | GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS => {
                i64::from(MAX_STAGE_BUFFERS)
            }
            GL_MAX_VERTEX_ATOMIC_COUNTERS | GL_MAX_FRAGMENT_ATOMIC_COUNTERS => {
                i64::from(MAX_COUNTERS)
            }
            GL_MAX_GEOMETRY_ATOMIC_COUNTER_BUFFERS if geometry => i64::from(MAX_STAGE_BUFFERS),
            GL_MAX_GEOMETRY_ATOMIC_COUNTERS if geometry => i64::from(MAX_COUNTERS),
            GL_MAX_TESS_CONTROL_ATOMIC_COUNTER_BUFFERS
            | GL_MAX_TESS_EVALUATION_ATOMIC_COUNTER_BUFFERS
                if tess =>
            {
                i64::from(MAX_STAGE_BUFFERS)
            }
            GL_MAX_TESS_CONTROL_ATOMIC_COUNTERS | GL_MAX_TESS_EVALUATION_ATOMIC_COUNTERS
                if tess =>
            {
                i64::from(MAX_COUNTERS)
            }
            _ => return None,
        })
    }

    /// `glGetActiveAtomicCounterBufferiv` (GL 4.6 §7.7.1): the values of
    /// `pname` for atomic counter buffer `index` of `program` (several
    /// for the counter indices). INVALID_VALUE for a name that is no
    /// object, or an index past the program's buffers (none before a
    /// successful link); INVALID_OPERATION for a shader; INVALID_ENUM for
    /// another pname.
    pub fn get_active_atomic_counter_buffer(
        &mut self,
        program: u32,
        index: u32,
        pname: GLenum,
    ) -> ApiResult<Vec<i32>> {
        self.outside_begin_end()?;
        if !self.has_atomic_counters() {
            return Err(ApiError::InvalidOperation);
        }
        let exec = self.objects().program(program)?.exec.clone();
        let b = exec
            .as_ref()
            .and_then(|e| e.counter_buffers.get(index as usize))
            .ok_or(ApiError::InvalidValue)?;
        // A compute program's stage sits in the vertex stage's tables.
        let compute = exec.as_ref().is_some_and(|e| e.compute.is_some());
        let referenced =
            |stage: ProgramStage| vec![i32::from(!compute && b.stages & (1 << stage as u8) != 0)];
        Ok(match pname {
            GL_ATOMIC_COUNTER_BUFFER_BINDING => vec![b.binding as i32],
            GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE => vec![b.size as i32],
            GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTERS => vec![b.uniforms.len() as i32],
            GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTER_INDICES => {
                b.uniforms.iter().map(|&i| i as i32).collect()
            }
            GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_VERTEX_SHADER => {
                referenced(ProgramStage::Vertex)
            }
            GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_CONTROL_SHADER
                if self.has_tessellation() =>
            {
                referenced(ProgramStage::TessControl)
            }
            GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_EVALUATION_SHADER
                if self.has_tessellation() =>
            {
                referenced(ProgramStage::TessEvaluation)
            }
            GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_GEOMETRY_SHADER
                if self.has_geometry_shaders() =>
            {
                referenced(ProgramStage::Geometry)
            }
            GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_FRAGMENT_SHADER => {
                referenced(ProgramStage::Fragment)
            }
            GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_COMPUTE_SHADER => {
                vec![i32::from(compute && b.stages & 1 != 0)]
            }
            _ => return Err(ApiError::InvalidEnum),
        })
    }

    /// The ranges a draw whose programs use the atomic counter binding
    /// points `bindings` hands the backend, by slot (binding point): each bound
    /// range clipped to its buffer's size, null where nothing is bound
    /// or the buffer is mapped (not persistently). `storage` is the
    /// buffers' lock, which the caller holds until the draw returns; the
    /// buffers used are marked changed.
    pub(crate) fn counter_ranges(
        &self,
        bindings: impl IntoIterator<Item = u32>,
        storage: &mut crate::buffer::Buffers,
    ) -> Vec<OxglBufferRange> {
        let empty = OxglBufferRange {
            data: std::ptr::null_mut(),
            size: 0,
        };
        let mut out = vec![empty; MAX_BINDINGS];
        for point in bindings {
            let Some(binding) = self.counters.bindings.get(point as usize) else {
                continue;
            };
            if let Some(r) = binding.shader_range(storage) {
                out[point as usize] = r;
            }
        }
        out
    }
}

/// The stage bits of `PROGRAM_STAGES` fit the `stages` byte.
const _: () = assert!(PROGRAM_STAGES <= 8);
