//! Uniform buffer objects (ARB_uniform_buffer_object, GL 3.1; GL 4.6
//! §6.1.1, §7.6.2): the indexed `GL_UNIFORM_BUFFER` binding points, a
//! program's uniform blocks (queries, `glUniformBlockBinding`), and what
//! each draw copies from the bound buffers.
//!
//! The compiler gives every uniform block a region of its stage's default
//! uniform block (`oxgl_glsl::lower`, `lower/block.rs`). At each draw
//! [`Context::fill_uniform_blocks`] copies into those regions the bytes of
//! the buffer bound at each block's binding point, as they are at the draw
//! (the whole buffer for `glBindBufferBase`, the range for
//! `glBindBufferRange`, clipped to the buffer's current size); whatever
//! the buffer does not cover reads as zero. Nothing crosses the backend
//! ABI but the default uniform blocks it already carries.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;
use oxgl_glsl::lower::UniformKind;

use crate::buffer::IndexedBinding;
use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::program::{Executable, ProgramStage};

/// `GL_MAX_UNIFORM_BUFFER_BINDINGS` (llvmpipe's value).
pub const MAX_BINDINGS: usize = 90;
/// `GL_MAX_VERTEX_UNIFORM_BLOCKS` and `GL_MAX_FRAGMENT_UNIFORM_BLOCKS`
/// (llvmpipe's value).
pub const MAX_STAGE_BLOCKS: u32 = 15;
/// `GL_MAX_COMBINED_UNIFORM_BLOCKS` (llvmpipe's value).
pub const MAX_COMBINED_BLOCKS: u32 = 90;
/// `GL_MAX_UNIFORM_BLOCK_SIZE`.
pub const MAX_BLOCK_SIZE: u32 = oxgl_glsl::lower::MAX_BLOCK_SIZE;
/// `GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT` (llvmpipe's value).
pub const OFFSET_ALIGNMENT: usize = 16;
/// `GL_INVALID_INDEX`.
pub const INVALID_INDEX: u32 = u32::MAX;

/// A context's uniform buffer binding points.
#[derive(Clone, Debug)]
pub struct UniformBuffers {
    /// The indexed bindings.
    pub bindings: Vec<IndexedBinding>,
}

impl Default for UniformBuffers {
    fn default() -> Self {
        UniformBuffers {
            bindings: vec![IndexedBinding::default(); MAX_BINDINGS],
        }
    }
}

impl UniformBuffers {
    /// Unbinds deleted buffer `name` from every binding point.
    pub fn forget(&mut self, name: u32) {
        IndexedBinding::forget(&mut self.bindings, name);
    }
}

/// A uniform block of a linked program.
#[derive(Clone, Debug)]
pub(crate) struct ProgramBlock {
    /// `B`, `B[1]`.
    pub name: String,
    /// `GL_UNIFORM_BLOCK_DATA_SIZE`.
    pub size: u32,
    /// Its binding point at link time.
    pub initial_binding: u32,
    /// Where its region starts in each stage's default uniform block, by
    /// [`crate::program::ProgramStage`].
    pub regions: [Option<u32>; crate::program::PROGRAM_STAGES],
    /// Indices of its active uniforms in the program's uniform list.
    pub uniforms: Vec<u32>,
}

/// Where an active uniform of a uniform block lies in it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BlockPlace {
    /// The block's index.
    pub block: u32,
    pub offset: u32,
    pub array_stride: u32,
    pub matrix_stride: u32,
    pub row_major: bool,
}

impl Context {
    /// Whether uniform buffers exist in this context (desktop GL, ES 3.0).
    fn has_ubo(&self) -> bool {
        self.params().desktop_or_es3()
    }

    /// `glBindBufferRange` / `glBindBufferBase` (`size` `None`) for
    /// `GL_UNIFORM_BUFFER` (GL 4.6 §6.1.1): binds `buffer` to binding point
    /// `index` and to the generic binding. INVALID_VALUE for an index past
    /// the binding points, and, with a buffer, for a negative offset, a
    /// size that is not positive, or an offset that is not a multiple of
    /// `GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT`.
    pub(crate) fn bind_uniform_buffer(
        &mut self,
        index: u32,
        buffer: u32,
        offset: isize,
        size: Option<isize>,
    ) -> ApiResult {
        if !self.has_ubo() {
            return Err(ApiError::InvalidEnum);
        }
        let b = IndexedBinding::checked(
            (index, MAX_BINDINGS),
            buffer,
            offset,
            size,
            OFFSET_ALIGNMENT,
        )?;
        self.flush_vertices();
        self.bind_buffer(GL_UNIFORM_BUFFER, buffer)?;
        self.ubo.bindings[index as usize] = b;
        Ok(())
    }

    /// `glGetIntegeri_v` and friends for the uniform buffer bindings:
    /// `None` for another pname. INVALID_VALUE for an index past them.
    pub fn get_ubo_indexed(&self, pname: GLenum, index: u32) -> ApiResult<Option<i64>> {
        if !self.has_ubo() {
            return Ok(None);
        }
        let pnames = [
            GL_UNIFORM_BUFFER_BINDING,
            GL_UNIFORM_BUFFER_START,
            GL_UNIFORM_BUFFER_SIZE,
        ];
        IndexedBinding::query(&self.ubo.bindings, pnames, pname, index)
    }

    /// The uniform buffer values of `glGetIntegerv`, `None` for other
    /// pnames.
    pub(crate) fn get_ubo(&self, pname: GLenum) -> Option<i64> {
        if !self.has_ubo() {
            return None;
        }
        let stage_components = i64::from(crate::program::MAX_UNIFORM_COMPONENTS)
            + i64::from(MAX_STAGE_BLOCKS) * i64::from(MAX_BLOCK_SIZE / 4);
        Some(match pname {
            GL_UNIFORM_BUFFER_BINDING => {
                i64::from(self.buffers.bound(GL_UNIFORM_BUFFER).unwrap_or(0))
            }
            GL_MAX_UNIFORM_BUFFER_BINDINGS => MAX_BINDINGS as i64,
            GL_MAX_VERTEX_UNIFORM_BLOCKS | GL_MAX_FRAGMENT_UNIFORM_BLOCKS => {
                i64::from(MAX_STAGE_BLOCKS)
            }
            GL_MAX_COMBINED_UNIFORM_BLOCKS => i64::from(MAX_COMBINED_BLOCKS),
            GL_MAX_UNIFORM_BLOCK_SIZE => i64::from(MAX_BLOCK_SIZE),
            GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT => OFFSET_ALIGNMENT as i64,
            GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS
            | GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS => stage_components,
            GL_MAX_GEOMETRY_UNIFORM_BLOCKS if self.has_geometry_shaders() => {
                i64::from(MAX_STAGE_BLOCKS)
            }
            GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS if self.has_geometry_shaders() => {
                stage_components
            }
            GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS | GL_MAX_TESS_EVALUATION_UNIFORM_BLOCKS
                if self.has_tessellation() =>
            {
                i64::from(MAX_STAGE_BLOCKS)
            }
            GL_MAX_COMBINED_TESS_CONTROL_UNIFORM_COMPONENTS
            | GL_MAX_COMBINED_TESS_EVALUATION_UNIFORM_COMPONENTS
                if self.has_tessellation() =>
            {
                stage_components
            }
            _ => return None,
        })
    }

    /// Copies into `out` (a stage's default uniform block) the bytes of
    /// the buffers bound to `exec`'s uniform blocks of that stage: each
    /// block's region gets the binding's range as far as the buffer holds
    /// it, and zeros after (GL 4.6 §7.6.3 leaves reads past the range
    /// undefined; zero is what never reads out of bounds).
    pub(crate) fn fill_uniform_blocks(
        &self,
        exec: &Executable,
        stage: crate::program::ProgramStage,
        out: &mut [u8],
    ) {
        if exec.blocks.is_empty() {
            return;
        }
        let points = exec.values().block_bindings.clone();
        let shared = self.shared().clone();
        let buffers = shared.buffers();
        for (b, point) in exec.blocks.iter().zip(points) {
            let Some(region) = b.regions[stage as usize] else {
                continue;
            };
            let start = region as usize;
            let Some(dst) = start
                .checked_add(b.size as usize)
                .and_then(|end| out.get_mut(start..end))
            else {
                continue;
            };
            let src: &[u8] = self
                .ubo
                .bindings
                .get(point as usize)
                .filter(|bd| bd.buffer != 0)
                .and_then(|bd| {
                    let data = &buffers.get(bd.buffer)?.data;
                    let end = match bd.size {
                        Some(s) => bd.offset.checked_add(s)?.min(data.len()),
                        None => data.len(),
                    };
                    data.get(bd.offset..end)
                })
                .unwrap_or(&[]);
            let n = src.len().min(dst.len());
            dst[..n].copy_from_slice(&src[..n]);
            dst[n..].fill(0);
        }
    }
}

/// `glGetActiveUniformsiv`'s properties (GL 4.6 table 7.6).
const UNIFORM_PNAMES: &[GLenum] = &[
    GL_UNIFORM_ATOMIC_COUNTER_BUFFER_INDEX,
    GL_UNIFORM_TYPE,
    GL_UNIFORM_SIZE,
    GL_UNIFORM_NAME_LENGTH,
    GL_UNIFORM_BLOCK_INDEX,
    GL_UNIFORM_OFFSET,
    GL_UNIFORM_ARRAY_STRIDE,
    GL_UNIFORM_MATRIX_STRIDE,
    GL_UNIFORM_IS_ROW_MAJOR,
];

/// Whether `name` designates uniform `u` (`a`, `a[0]` or `a[i]` of an
/// array, GL 4.6 §7.3.1.1).
fn names_uniform(u: &crate::program::ProgramUniform, name: &str) -> bool {
    if u.name == name {
        return true;
    }
    let Some(base) = u.name.strip_suffix("[0]").filter(|_| u.is_array) else {
        return false;
    };
    if name == base {
        return true;
    }
    name.strip_prefix(base)
        .and_then(|r| r.strip_prefix('['))
        .and_then(|r| r.strip_suffix(']'))
        .and_then(|i| i.parse::<u32>().ok())
        .is_some_and(|i| i < u.count)
}

impl Context {
    /// The executable of program object `name` (`None` when it has not
    /// linked). INVALID_VALUE for a name that is no object,
    /// INVALID_OPERATION for a shader.
    fn program_exec(&self, name: u32) -> ApiResult<Option<std::sync::Arc<Executable>>> {
        let mut o = self.objects();
        Ok(o.program(name)?.exec.clone())
    }

    /// `glGetUniformBlockIndex`: the index of block `name`, or
    /// `GL_INVALID_INDEX`.
    pub fn get_uniform_block_index(&mut self, program: u32, name: &str) -> ApiResult<u32> {
        self.outside_begin_end()?;
        let exec = self.program_exec(program)?;
        Ok(exec
            .and_then(|e| e.blocks.iter().position(|b| b.name == name))
            .map_or(INVALID_INDEX, |i| i as u32))
    }

    /// `glGetActiveUniformBlockiv`: the values of `pname` for block
    /// `index` (several for `GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES`).
    /// INVALID_VALUE for an index past the blocks, INVALID_ENUM for
    /// another pname (geometry shaders do not exist here).
    pub fn get_active_uniform_block(
        &mut self,
        program: u32,
        index: u32,
        pname: GLenum,
    ) -> ApiResult<Vec<i32>> {
        self.outside_begin_end()?;
        let exec = self.program_exec(program)?;
        let exec = exec.ok_or(ApiError::InvalidValue)?;
        let b = exec
            .blocks
            .get(index as usize)
            .ok_or(ApiError::InvalidValue)?;
        // A compute program's stage sits in the vertex stage's tables.
        let compute = exec.compute.is_some();
        let referenced =
            |stage: ProgramStage| vec![i32::from(!compute && b.regions[stage as usize].is_some())];
        Ok(match pname {
            GL_UNIFORM_BLOCK_BINDING => {
                let v = exec.values();
                vec![v.block_bindings.get(index as usize).copied().unwrap_or(0) as i32]
            }
            GL_UNIFORM_BLOCK_DATA_SIZE => vec![b.size as i32],
            GL_UNIFORM_BLOCK_NAME_LENGTH => vec![b.name.len() as i32 + 1],
            GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS => vec![b.uniforms.len() as i32],
            GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES => {
                b.uniforms.iter().map(|&i| i as i32).collect()
            }
            GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER => referenced(ProgramStage::Vertex),
            GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_CONTROL_SHADER if self.has_tessellation() => {
                referenced(ProgramStage::TessControl)
            }
            GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_EVALUATION_SHADER if self.has_tessellation() => {
                referenced(ProgramStage::TessEvaluation)
            }
            GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER if self.has_geometry_shaders() => {
                referenced(ProgramStage::Geometry)
            }
            GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER => referenced(ProgramStage::Fragment),
            GL_UNIFORM_BLOCK_REFERENCED_BY_COMPUTE_SHADER if self.has_compute() => {
                vec![i32::from(compute && b.regions[0].is_some())]
            }
            _ => return Err(ApiError::InvalidEnum),
        })
    }

    /// `glGetActiveUniformBlockName`. INVALID_VALUE for an index past the
    /// blocks.
    pub fn get_active_uniform_block_name(&mut self, program: u32, index: u32) -> ApiResult<String> {
        self.outside_begin_end()?;
        let exec = self.program_exec(program)?;
        exec.and_then(|e| e.blocks.get(index as usize).map(|b| b.name.clone()))
            .ok_or(ApiError::InvalidValue)
    }

    /// `glUniformBlockBinding` (GL 4.6 §7.6.2): INVALID_VALUE for a block
    /// index past the program's blocks or a binding point past
    /// `GL_MAX_UNIFORM_BUFFER_BINDINGS`.
    pub fn uniform_block_binding(&mut self, program: u32, index: u32, binding: u32) -> ApiResult {
        self.outside_begin_end()?;
        let exec = self.program_exec(program)?;
        let exec = exec.ok_or(ApiError::InvalidValue)?;
        if index as usize >= exec.blocks.len() || binding as usize >= MAX_BINDINGS {
            return Err(ApiError::InvalidValue);
        }
        // Buffered vertices draw with the bindings they were given under.
        self.flush_vertices();
        exec.values().block_bindings[index as usize] = binding;
        Ok(())
    }

    /// `glGetUniformIndices`: the index of each active uniform named, or
    /// `GL_INVALID_INDEX`.
    pub fn get_uniform_indices(&mut self, program: u32, names: &[String]) -> ApiResult<Vec<u32>> {
        self.outside_begin_end()?;
        let exec = self.program_exec(program)?;
        Ok(names
            .iter()
            .map(|n| {
                exec.as_ref()
                    .and_then(|e| e.uniforms.iter().position(|u| names_uniform(u, n)))
                    .map_or(INVALID_INDEX, |i| i as u32)
            })
            .collect())
    }

    /// `glGetActiveUniformsiv`: property `pname` of each uniform in
    /// `indices` (-1 for the block properties of a default-block
    /// uniform). INVALID_VALUE for an index past the active uniforms
    /// (nothing is written), INVALID_ENUM for another pname.
    pub fn get_active_uniforms(
        &mut self,
        program: u32,
        indices: &[u32],
        pname: GLenum,
    ) -> ApiResult<Vec<i32>> {
        self.outside_begin_end()?;
        let exec = self.program_exec(program)?;
        let uniforms = exec.as_ref().map_or(&[][..], |e| &e.uniforms[..]);
        if indices.iter().any(|&i| i as usize >= uniforms.len()) {
            return Err(ApiError::InvalidValue);
        }
        if !UNIFORM_PNAMES.contains(&pname)
            || (pname == GL_UNIFORM_ATOMIC_COUNTER_BUFFER_INDEX && !self.has_atomic_counters())
        {
            return Err(ApiError::InvalidEnum);
        }
        let counters = exec.as_ref().map_or(&[][..], |e| &e.counter_buffers[..]);
        Ok(indices
            .iter()
            .map(|&i| {
                let u = &uniforms[i as usize];
                let b = u.block;
                // An atomic counter's place in its buffer (GL 4.6
                // §7.3.1.1: its offset, a stride of 4 in an array).
                let counter = u.kinds.iter().flatten().find_map(|k| match k {
                    UniformKind::AtomicCounter { offset, .. } => Some(*offset),
                    _ => None,
                });
                if let Some(offset) = counter {
                    match pname {
                        GL_UNIFORM_OFFSET => return offset as i32,
                        GL_UNIFORM_ARRAY_STRIDE => return if u.is_array { 4 } else { 0 },
                        GL_UNIFORM_MATRIX_STRIDE | GL_UNIFORM_IS_ROW_MAJOR => return 0,
                        _ => {}
                    }
                }
                match pname {
                    GL_UNIFORM_ATOMIC_COUNTER_BUFFER_INDEX => {
                        crate::program::atomic::buffer_index(counters, i)
                    }
                    GL_UNIFORM_TYPE => u.ty.gl as i32,
                    GL_UNIFORM_SIZE => u.count as i32,
                    GL_UNIFORM_NAME_LENGTH => u.name.len() as i32 + 1,
                    GL_UNIFORM_BLOCK_INDEX => b.map_or(-1, |b| b.block as i32),
                    GL_UNIFORM_OFFSET => b.map_or(-1, |b| b.offset as i32),
                    GL_UNIFORM_ARRAY_STRIDE => b.map_or(-1, |b| b.array_stride as i32),
                    GL_UNIFORM_MATRIX_STRIDE => b.map_or(-1, |b| b.matrix_stride as i32),
                    _ => b.map_or(0, |b| i32::from(b.row_major)),
                }
            })
            .collect())
    }

    /// `glGetActiveUniformName`. INVALID_VALUE for an index past the
    /// active uniforms.
    pub fn get_active_uniform_name(&mut self, program: u32, index: u32) -> ApiResult<String> {
        self.outside_begin_end()?;
        let exec = self.program_exec(program)?;
        exec.and_then(|e| e.uniforms.get(index as usize).map(|u| u.name.clone()))
            .ok_or(ApiError::InvalidValue)
    }
}
