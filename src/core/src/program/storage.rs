//! Shader storage buffer objects (ARB_shader_storage_buffer_object, GL
//! 4.3; GL 4.6 §6.1.1, §7.8): the indexed `GL_SHADER_STORAGE_BUFFER`
//! binding points, a program's shader storage blocks and their buffer
//! variables (`glShaderStorageBlockBinding`, the program interface
//! queries of `crate::program::resource`), and the buffer ranges each
//! draw hands the backend.
//!
//! The compiler gives every storage block an IR variable whose binding
//! is the block's index in the program (`oxgl_glsl::link`'s
//! `storage_blocks`). At a draw, the range bound at block `i`'s binding
//! point crosses the ABI in buffer slot `OXGL_STORAGE_SLOT0 + i` (ABI 26),
//! beside the atomic counter buffers; the backend reads and writes it in
//! place, atomically word by word, before the draw returns.
//!
//! A pipeline of separable programs whose stages come from two programs
//! that both have storage blocks shares the slots: block `i` of either
//! program reads the range bound for the first program that has a block
//! `i` (logged under `LIBGL_DEBUG` when the two ranges differ).

use oxgl_dri_interface::{OXGL_STORAGE_SLOT0, OxglBufferRange};
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::buffer::IndexedBinding;
use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::program::{Executable, PROGRAM_STAGES, ProgramStage};

/// `GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS`.
pub const MAX_BINDINGS: usize = 80;
/// `GL_MAX_*_SHADER_STORAGE_BLOCKS` of one stage (llvmpipe's value).
pub const MAX_STAGE_BLOCKS: u32 = 16;
/// `GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS`: the engine's storage slots
/// (a block used by several stages counts once per stage in the limit,
/// once in the slots).
pub const MAX_COMBINED_BLOCKS: u32 = oxgl_dri_interface::OXGL_MAX_STORAGE_BLOCKS as u32;
/// `GL_MAX_SHADER_STORAGE_BLOCK_SIZE` (llvmpipe's value, 2^27).
pub const MAX_BLOCK_SIZE: i64 = 1 << 27;
/// `GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT` (llvmpipe's value).
pub const OFFSET_ALIGNMENT: usize = 16;

/// A context's shader storage buffer binding points.
#[derive(Clone, Debug)]
pub struct StorageBuffers {
    /// The indexed bindings.
    pub bindings: Vec<IndexedBinding>,
}

impl Default for StorageBuffers {
    fn default() -> Self {
        StorageBuffers {
            bindings: vec![IndexedBinding::default(); MAX_BINDINGS],
        }
    }
}

impl StorageBuffers {
    /// Unbinds deleted buffer `name` from every binding point.
    pub fn forget(&mut self, name: u32) {
        IndexedBinding::forget(&mut self.bindings, name);
    }
}

/// A shader storage block of a linked program.
#[derive(Clone, Debug)]
pub(crate) struct StorageBlock {
    /// `B`, `B[1]`.
    pub name: String,
    /// `GL_BUFFER_DATA_SIZE`.
    pub size: u32,
    /// Its binding point at link time.
    pub initial_binding: u32,
    /// Bit [`ProgramStage`]: the stage declares it.
    pub stages: u8,
    /// Its buffer variables (`GL_BUFFER_VARIABLE`).
    pub members: Vec<oxgl_glsl::lower::BlockMember>,
}

/// The storage blocks of a linked program, or Mesa's link errors for a
/// stage with too many, or too many in all.
pub(crate) fn program_blocks(
    linked: &[oxgl_glsl::link::Block],
) -> Result<Vec<StorageBlock>, String> {
    let mut total = 0;
    for stage in ProgramStage::ALL {
        let n = linked
            .iter()
            .filter(|b| b.stage_regions()[stage as usize].is_some())
            .count() as u32;
        if n > MAX_STAGE_BLOCKS {
            return Err(format!(
                "error: Too many {} shader storage blocks ({n}/{MAX_STAGE_BLOCKS})\n",
                stage.name()
            ));
        }
        total += n;
    }
    if total > MAX_COMBINED_BLOCKS || linked.len() > MAX_COMBINED_BLOCKS as usize {
        return Err(format!(
            "error: Too many combined shader storage blocks ({total}/{MAX_COMBINED_BLOCKS})\n"
        ));
    }
    Ok(linked
        .iter()
        .map(|b| StorageBlock {
            name: b.name.clone(),
            size: b.size,
            initial_binding: b.binding.unwrap_or(0),
            stages: b
                .stage_regions()
                .iter()
                .enumerate()
                .filter(|(_, r)| r.is_some())
                .fold(0, |m, (s, _)| m | 1 << s),
            members: b.members.clone(),
        })
        .collect())
}

impl Context {
    /// Whether shader storage buffers exist in this context (desktop GL
    /// 3.0 and later, where ARB_shader_storage_buffer_object is
    /// advertised).
    pub(crate) fn has_storage_buffers(&self) -> bool {
        !self.params().is_es() && self.params().version >= (3, 0)
    }

    /// `glBindBufferRange` / `glBindBufferBase` (`size` `None`) for
    /// `GL_SHADER_STORAGE_BUFFER` (GL 4.6 §6.1.1): binds `buffer` to
    /// binding point `index` and to the generic binding. INVALID_VALUE for
    /// an index past the binding points, and, with a buffer, for a size
    /// that is not positive or an offset that is negative or not a
    /// multiple of `GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT`.
    pub(crate) fn bind_storage_buffer(
        &mut self,
        index: u32,
        buffer: u32,
        offset: isize,
        size: Option<isize>,
    ) -> ApiResult {
        if !self.has_storage_buffers() {
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
        self.bind_buffer(GL_SHADER_STORAGE_BUFFER, buffer)?;
        self.storage.bindings[index as usize] = b;
        Ok(())
    }

    /// `glGetIntegeri_v` and friends for the shader storage buffer
    /// bindings: `None` for another pname. INVALID_VALUE for an index
    /// past them.
    pub fn get_storage_indexed(&self, pname: GLenum, index: u32) -> ApiResult<Option<i64>> {
        if !self.has_storage_buffers() {
            return Ok(None);
        }
        let pnames = [
            GL_SHADER_STORAGE_BUFFER_BINDING,
            GL_SHADER_STORAGE_BUFFER_START,
            GL_SHADER_STORAGE_BUFFER_SIZE,
        ];
        IndexedBinding::query(&self.storage.bindings, pnames, pname, index)
    }

    /// The shader storage values of `glGetIntegerv` (the generic binding
    /// and the limits), `None` for other pnames.
    pub(crate) fn get_storage(&self, pname: GLenum) -> Option<i64> {
        if !self.has_storage_buffers() {
            return None;
        }
        let stage = match pname {
            GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS | GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS => true,
            GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS => self.has_geometry_shaders(),
            GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS
            | GL_MAX_TESS_EVALUATION_SHADER_STORAGE_BLOCKS => self.has_tessellation(),
            _ => false,
        };
        Some(match pname {
            _ if stage => i64::from(MAX_STAGE_BLOCKS),
            GL_SHADER_STORAGE_BUFFER_BINDING => {
                i64::from(self.buffers.bound(GL_SHADER_STORAGE_BUFFER).unwrap_or(0))
            }
            GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS => MAX_BINDINGS as i64,
            GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS => i64::from(MAX_COMBINED_BLOCKS),
            GL_MAX_SHADER_STORAGE_BLOCK_SIZE => MAX_BLOCK_SIZE,
            GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT => OFFSET_ALIGNMENT as i64,
            // GL 4.3's combined limit of images, storage blocks and
            // fragment outputs (llvmpipe's value).
            GL_MAX_COMBINED_SHADER_OUTPUT_RESOURCES => 8 + 32 + i64::from(MAX_COMBINED_BLOCKS),
            _ => return None,
        })
    }

    /// `glShaderStorageBlockBinding` (GL 4.6 §7.8): INVALID_VALUE for a
    /// block index past the program's blocks or a binding point past
    /// `GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS`; INVALID_OPERATION for a
    /// shader; INVALID_VALUE for a name that is no object.
    pub fn shader_storage_block_binding(
        &mut self,
        program: u32,
        index: u32,
        binding: u32,
    ) -> ApiResult {
        self.outside_begin_end()?;
        if !self.has_storage_buffers() {
            return Err(ApiError::InvalidOperation);
        }
        let exec = self.objects().program(program)?.exec.clone();
        let exec = exec.ok_or(ApiError::InvalidValue)?;
        if index as usize >= exec.storage_blocks.len() || binding as usize >= MAX_BINDINGS {
            return Err(ApiError::InvalidValue);
        }
        // Buffered vertices draw with the bindings they were given under.
        self.flush_vertices();
        exec.values().storage_bindings[index as usize] = binding;
        Ok(())
    }

    /// The ranges a draw of `drawn` (its stages' executables) hands the
    /// backend in the storage slots: slot `OXGL_STORAGE_SLOT0 + i` is the
    /// range bound at block `i`'s binding point, clipped to its buffer's
    /// size; null where nothing is bound or the buffer is mapped (not
    /// persistently). `out` holds the counter slots already (or is
    /// empty); `storage` is the buffers' lock, held by the caller until
    /// the draw returns. Buffers of blocks a stage may write are marked
    /// changed.
    pub(crate) fn storage_ranges<'e>(
        &self,
        drawn: impl IntoIterator<Item = &'e Executable>,
        storage: &mut crate::buffer::Buffers,
        out: &mut Vec<OxglBufferRange>,
    ) {
        let empty = OxglBufferRange {
            data: std::ptr::null_mut(),
            size: 0,
        };
        let mut claimed: Vec<Option<u32>> = Vec::new();
        for exec in drawn {
            if exec.storage_blocks.is_empty() {
                continue;
            }
            let points = exec.values().storage_bindings.clone();
            for (i, point) in points.into_iter().enumerate() {
                let slot = OXGL_STORAGE_SLOT0 + i;
                if claimed.len() <= i {
                    claimed.resize(i + 1, None);
                }
                match claimed[i] {
                    Some(p) if p != point => {
                        oxgl_util::log!(
                            oxgl_util::log::Level::Warning,
                            "separable programs of one pipeline share shader storage \
                             slots: block {i} of a later program reads the first one's \
                             buffer"
                        );
                        continue;
                    }
                    Some(_) => continue,
                    None => claimed[i] = Some(point),
                }
                if out.len() <= slot {
                    out.resize(slot + 1, empty);
                }
                let Some(binding) = self.storage.bindings.get(point as usize) else {
                    continue;
                };
                if let Some(r) = binding.shader_range(storage) {
                    out[slot] = r;
                }
            }
        }
    }
}

/// The stage bits of `PROGRAM_STAGES` fit the `stages` byte.
const _: () = assert!(PROGRAM_STAGES <= 8);
