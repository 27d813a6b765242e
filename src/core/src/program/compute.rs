//! Compute shaders (ARB_compute_shader, GL 4.3; GL 4.6 §19): programs of
//! one compute stage, `glDispatchCompute` and `glDispatchComputeIndirect`,
//! the `GL_DISPATCH_INDIRECT_BUFFER` target and the limits.
//!
//! A compute program keeps its one stage in the first stage's tables (its
//! shader, uniform block, uniform kinds and block regions are the
//! vertex stage's; [`Executable::compute`] tells them apart), so that
//! uniforms, samplers, images, atomic counters and storage blocks work as
//! they do for draws. A dispatch crosses the ABI as a draw descriptor
//! marked `compute` (ABI 27) with the program's textures, images and
//! buffer ranges; the backend runs every workgroup before it returns.

use oxgl_dri_interface::{OxglBufferRange, OxglDrawDesc, OxglTexImage, OxglTextureDesc};
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::program::{Executable, PROGRAM_STAGES};

/// `GL_MAX_COMPUTE_WORK_GROUP_COUNT`, by dimension.
pub const MAX_GROUP_COUNT: [u32; 3] = [65535; 3];
/// `GL_MAX_COMPUTE_WORK_GROUP_SIZE`, by dimension (llvmpipe's values).
pub const MAX_GROUP_SIZE: [u32; 3] = [1024, 1024, 1024];
/// `GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS` (llvmpipe's value; the
/// backend's limit).
pub const MAX_INVOCATIONS: u32 = 1024;
/// `GL_MAX_COMPUTE_SHARED_MEMORY_SIZE` (llvmpipe's value).
pub const MAX_SHARED_MEMORY: u32 = 32768;

impl Context {
    /// Whether compute shaders exist in this context (desktop GL 3.0 and
    /// later, where ARB_compute_shader is advertised).
    pub(crate) fn has_compute(&self) -> bool {
        !self.params().is_es() && self.params().version >= (3, 0)
    }

    /// The compute values of `glGetIntegerv` (the limits and the
    /// indirect buffer binding), `None` for other pnames.
    pub(crate) fn get_compute(&self, pname: GLenum) -> Option<i64> {
        if !self.has_compute() {
            return None;
        }
        Some(match pname {
            GL_MAX_COMPUTE_UNIFORM_BLOCKS => i64::from(crate::program::ubo::MAX_STAGE_BLOCKS),
            GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS => 32,
            GL_MAX_COMPUTE_IMAGE_UNIFORMS => 32,
            GL_MAX_COMPUTE_SHARED_MEMORY_SIZE => i64::from(MAX_SHARED_MEMORY),
            GL_MAX_COMPUTE_UNIFORM_COMPONENTS => i64::from(crate::program::MAX_UNIFORM_COMPONENTS),
            GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS => {
                i64::from(crate::program::atomic::MAX_STAGE_BUFFERS)
            }
            GL_MAX_COMPUTE_ATOMIC_COUNTERS => i64::from(crate::program::atomic::MAX_COUNTERS),
            GL_MAX_COMBINED_COMPUTE_UNIFORM_COMPONENTS => {
                i64::from(crate::program::MAX_UNIFORM_COMPONENTS)
                    + i64::from(crate::program::ubo::MAX_STAGE_BLOCKS)
                        * i64::from(crate::program::ubo::MAX_BLOCK_SIZE / 4)
            }
            GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS => i64::from(MAX_INVOCATIONS),
            GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS => {
                i64::from(crate::program::storage::MAX_STAGE_BLOCKS)
            }
            GL_DISPATCH_INDIRECT_BUFFER_BINDING => {
                i64::from(self.buffers.bound(GL_DISPATCH_INDIRECT_BUFFER).unwrap_or(0))
            }
            _ => return None,
        })
    }

    /// `glGetIntegeri_v` of `GL_MAX_COMPUTE_WORK_GROUP_COUNT` and
    /// `GL_MAX_COMPUTE_WORK_GROUP_SIZE`: `None` for another pname,
    /// INVALID_VALUE for an index past 2.
    pub fn get_compute_indexed(&self, pname: GLenum, index: u32) -> ApiResult<Option<i64>> {
        if !self.has_compute() {
            return Ok(None);
        }
        let table = match pname {
            GL_MAX_COMPUTE_WORK_GROUP_COUNT => MAX_GROUP_COUNT,
            GL_MAX_COMPUTE_WORK_GROUP_SIZE => MAX_GROUP_SIZE,
            _ => return Ok(None),
        };
        let v = table.get(index as usize).ok_or(ApiError::InvalidValue)?;
        Ok(Some(i64::from(*v)))
    }

    /// `glDispatchCompute` (GL 4.6 §19): runs the current program's
    /// compute shader for `groups` workgroups. INVALID_OPERATION without a
    /// current program with a compute stage; INVALID_VALUE for a count
    /// past `GL_MAX_COMPUTE_WORK_GROUP_COUNT`; a count of 0 runs nothing.
    pub fn dispatch_compute(&mut self, groups: [u32; 3]) -> ApiResult {
        self.outside_begin_end()?;
        let exec = self.compute_exec()?;
        if groups.iter().zip(MAX_GROUP_COUNT).any(|(&g, max)| g > max) {
            return Err(ApiError::InvalidValue);
        }
        self.run_compute(&exec, groups);
        Ok(())
    }

    /// `glDispatchComputeIndirect`: the three counts at byte `offset` of
    /// the buffer bound to `GL_DISPATCH_INDIRECT_BUFFER`. INVALID_VALUE for
    /// an offset that is negative or not a multiple of 4;
    /// INVALID_OPERATION without a buffer bound, for counts past its end
    /// or a mapped buffer, and as `glDispatchCompute`; counts past the
    /// limits run nothing (GL 4.6 §19 leaves them undefined).
    pub fn dispatch_compute_indirect(&mut self, offset: isize) -> ApiResult {
        self.outside_begin_end()?;
        if offset < 0 || offset % 4 != 0 {
            return Err(ApiError::InvalidValue);
        }
        let exec = self.compute_exec()?;
        let name = self
            .buffers
            .bound(GL_DISPATCH_INDIRECT_BUFFER)
            .ok()
            .filter(|&n| n != 0)
            .ok_or(ApiError::InvalidOperation)?;
        let groups = {
            let shared = self.shared().clone();
            let buffers = shared.buffers();
            let buf = buffers.get(name).ok_or(ApiError::InvalidOperation)?;
            if buf
                .mapping
                .is_some_and(|m| m.access & GL_MAP_PERSISTENT_BIT == 0)
            {
                return Err(ApiError::InvalidOperation);
            }
            let at = offset as usize;
            let bytes = buf
                .data
                .get(at..at.checked_add(12).ok_or(ApiError::InvalidOperation)?)
                .ok_or(ApiError::InvalidOperation)?;
            let word = |i: usize| {
                u32::from_le_bytes([
                    bytes[4 * i],
                    bytes[4 * i + 1],
                    bytes[4 * i + 2],
                    bytes[4 * i + 3],
                ])
            };
            [word(0), word(1), word(2)]
        };
        if groups.iter().zip(MAX_GROUP_COUNT).any(|(&g, max)| g > max) {
            return Ok(());
        }
        self.run_compute(&exec, groups);
        Ok(())
    }

    /// `glGetProgramiv(GL_COMPUTE_WORK_GROUP_SIZE)`: the workgroup size
    /// of a linked compute program; INVALID_OPERATION for another
    /// program or one that has not linked (INVALID_ENUM where compute
    /// shaders do not exist).
    pub fn get_program_work_group_size(&mut self, program: u32) -> ApiResult<[i32; 3]> {
        self.outside_begin_end()?;
        if !self.has_compute() {
            return Err(ApiError::InvalidEnum);
        }
        let exec = self.objects().program(program)?.exec.clone();
        exec.and_then(|e| e.compute)
            .map(|s| s.map(|x| x as i32))
            .ok_or(ApiError::InvalidOperation)
    }

    /// The current program's executable if it is a compute program, else
    /// INVALID_OPERATION.
    fn compute_exec(&self) -> ApiResult<std::sync::Arc<Executable>> {
        if !self.has_compute() {
            return Err(ApiError::InvalidOperation);
        }
        self.programs
            .exec
            .clone()
            .filter(|e| e.compute.is_some())
            .ok_or(ApiError::InvalidOperation.because("no active program with a compute shader"))
    }

    /// Runs `exec` for `groups` workgroups on the backend.
    fn run_compute(&mut self, exec: &std::sync::Arc<Executable>, groups: [u32; 3]) {
        if groups.contains(&0) {
            return;
        }
        let Some(shader) = exec.vs.as_ref() else {
            return;
        };
        self.flush_vertices();
        let shared = self.shared().clone();
        // Images first: the units' textures, which a framebuffer object
        // may have to bring back.
        let image_units = {
            let decls = self.draw_image_decls();
            self.image_bindings(&decls)
        };
        let mut named = shared.textures();
        let (draw_images, image_descs) = crate::texture::image_unit::draw_images(
            &image_units,
            &mut named,
            &mut shared.buffers(),
        );
        let mut textures: Vec<OxglTextureDesc> = Vec::new();
        let mut images: Vec<Vec<OxglTexImage>> = Vec::new();
        let mut stages = [false; PROGRAM_STAGES];
        stages[0] = true;
        self.program_textures(exec, &stages, &named, &mut textures, &mut images);
        let seamless = u32::from(self.state.enabled(GL_TEXTURE_CUBE_MAP_SEAMLESS));
        for d in &mut textures {
            d.seamless = seamless;
        }
        let mut uniforms = exec.values().blocks[0].clone();
        self.fill_uniform_blocks(exec, crate::program::ProgramStage::Vertex, &mut uniforms);
        let mut lock = shared.buffers();
        let mut ranges: Vec<OxglBufferRange> = Vec::new();
        if !exec.counter_buffers.is_empty() {
            ranges = self.counter_ranges(exec.counter_buffers.iter().map(|b| b.binding), &mut lock);
        }
        if !exec.storage_blocks.is_empty() {
            self.storage_ranges([&**exec], &mut lock, &mut ranges);
        }
        let desc = self.compute_desc(
            shader.raw(),
            &uniforms,
            (&textures, &ranges, &image_descs),
            groups,
        );
        let _ = self.backend_draw(&desc);
        drop(lock);
        if !draw_images.is_empty() {
            crate::texture::image_unit::touch_written(
                &draw_images,
                &mut named,
                &mut shared.buffers(),
            );
        }
        drop(images);
    }
}

/// A slice's pointer, null when it is empty.
fn ptr<T>(s: &[T]) -> *const T {
    if s.is_empty() {
        std::ptr::null()
    } else {
        s.as_ptr()
    }
}

impl Context {
    /// The draw descriptor of a dispatch (ABI 27): the compute shader in
    /// `vs`, nothing to draw (the rasterization state is the context's,
    /// unused).
    fn compute_desc(
        &self,
        shader: *mut oxgl_dri_interface::OxglShader,
        uniforms: &[u8],
        (textures, ranges, images): (
            &[OxglTextureDesc],
            &[OxglBufferRange],
            &[oxgl_dri_interface::OxglImageDesc],
        ),
        groups: [u32; 3],
    ) -> OxglDrawDesc {
        OxglDrawDesc {
            vertices: std::ptr::null(),
            vertex_count: 0,
            stride: 0,
            attribs: std::ptr::null(),
            num_attribs: 0,
            constants: std::ptr::null(),
            num_constants: 0,
            edge_flags: std::ptr::null(),
            vertex_ids: std::ptr::null(),
            prims: std::ptr::null(),
            num_prims: 0,
            elements: std::ptr::null(),
            num_elements: 0,
            instance_count: 1,
            instance_id: 0,
            vs: shader,
            fs: std::ptr::null_mut(),
            vs_uniforms: uniforms.as_ptr(),
            vs_uniforms_size: uniforms.len(),
            fs_uniforms: std::ptr::null(),
            fs_uniforms_size: 0,
            textures: ptr(textures),
            num_textures: textures.len() as u32,
            draw_buffers: 0,
            color_outputs: [-1; oxgl_dri_interface::OXGL_MAX_COLOR_BUFFERS],
            extra_color_masks: [[0; 4]; oxgl_dri_interface::OXGL_MAX_EXTRA_COLOR_BUFFERS],
            raster: self.raster_desc(),
            depth_stencil: self.depth_stencil_desc([0; 6]),
            blend: self.blend_desc(),
            capture: std::ptr::null(),
            rasterizer_discard: 1,
            inputs: std::ptr::null(),
            num_inputs: 0,
            first_vertex: 0,
            gs: std::ptr::null_mut(),
            gs_uniforms: std::ptr::null(),
            gs_uniforms_size: 0,
            tcs: std::ptr::null_mut(),
            tcs_uniforms: std::ptr::null(),
            tcs_uniforms_size: 0,
            tes: std::ptr::null_mut(),
            tes_uniforms: std::ptr::null(),
            tes_uniforms_size: 0,
            patch_vertices: 0,
            patch_default_levels: [0.0; 6],
            buffers: ptr(ranges),
            num_buffers: ranges.len() as u32,
            images: ptr(images),
            num_images: images.len() as u32,
            compute: 1,
            compute_groups: groups,
        }
    }
}
