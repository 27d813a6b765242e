//! The attribute stacks: `glPushAttrib`/`glPopAttrib` (GL 4.6 compatibility
//! §21.6, table 21.7 for which state each bit names) and
//! `glPushClientAttrib`/`glPopClientAttrib`.
//!
//! A push snapshots the state structs its mask touches; a pop copies back
//! exactly the fields of the groups that were pushed, so state outside the
//! mask keeps what it was set to since. Texture objects are saved by value
//! for the objects bound when the push happened (their parameters are part
//! of `GL_TEXTURE_BIT`); an object deleted in between is not brought back.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::state::{PixelStore, State};
use crate::texture::TexParams;

/// `GL_MAX_ATTRIB_STACK_DEPTH` and `GL_MAX_CLIENT_ATTRIB_STACK_DEPTH`.
pub const MAX_ATTRIB_STACK_DEPTH: usize = 16;

/// Enables restored by each group other than `GL_ENABLE_BIT` (which restores
/// them all).
const COLOR_BUFFER_CAPS: &[GLenum] = &[
    GL_ALPHA_TEST,
    GL_BLEND,
    GL_DITHER,
    GL_COLOR_LOGIC_OP,
    GL_INDEX_LOGIC_OP,
    GL_FRAMEBUFFER_SRGB,
];
const DEPTH_CAPS: &[GLenum] = &[GL_DEPTH_TEST];
const MULTISAMPLE_CAPS: &[GLenum] = &[
    GL_MULTISAMPLE,
    GL_SAMPLE_ALPHA_TO_COVERAGE,
    GL_SAMPLE_ALPHA_TO_ONE,
    GL_SAMPLE_COVERAGE,
];
const STENCIL_CAPS: &[GLenum] = &[GL_STENCIL_TEST];
const SCISSOR_CAPS: &[GLenum] = &[GL_SCISSOR_TEST];
const FOG_CAPS: &[GLenum] = &[GL_FOG];
const LINE_CAPS: &[GLenum] = &[GL_LINE_SMOOTH, GL_LINE_STIPPLE];
const POINT_CAPS: &[GLenum] = &[GL_POINT_SMOOTH, GL_POINT_SPRITE];
const POLYGON_CAPS: &[GLenum] = &[
    GL_CULL_FACE,
    GL_POLYGON_SMOOTH,
    GL_POLYGON_STIPPLE,
    GL_POLYGON_OFFSET_FILL,
    GL_POLYGON_OFFSET_LINE,
    GL_POLYGON_OFFSET_POINT,
];
const LIGHTING_CAPS: &[GLenum] = &[
    GL_LIGHTING,
    GL_COLOR_MATERIAL,
    GL_LIGHT0,
    GL_LIGHT1,
    GL_LIGHT2,
    GL_LIGHT3,
    GL_LIGHT4,
    GL_LIGHT5,
    GL_LIGHT6,
    GL_LIGHT7,
];
const TRANSFORM_CAPS: &[GLenum] = &[
    GL_DEPTH_CLAMP,
    GL_NORMALIZE,
    GL_RESCALE_NORMAL,
    GL_CLIP_PLANE0,
    GL_CLIP_PLANE1,
    GL_CLIP_PLANE2,
    GL_CLIP_PLANE3,
    GL_CLIP_PLANE4,
    GL_CLIP_PLANE5,
    GL_CLIP_PLANE0 + 6,
    GL_CLIP_PLANE0 + 7,
];
const EVAL_CAPS: &[GLenum] = &[
    GL_AUTO_NORMAL,
    GL_MAP1_COLOR_4,
    GL_MAP1_INDEX,
    GL_MAP1_NORMAL,
    GL_MAP1_TEXTURE_COORD_1,
    GL_MAP1_TEXTURE_COORD_2,
    GL_MAP1_TEXTURE_COORD_3,
    GL_MAP1_TEXTURE_COORD_4,
    GL_MAP1_VERTEX_3,
    GL_MAP1_VERTEX_4,
    GL_MAP2_COLOR_4,
    GL_MAP2_INDEX,
    GL_MAP2_NORMAL,
    GL_MAP2_TEXTURE_COORD_1,
    GL_MAP2_TEXTURE_COORD_2,
    GL_MAP2_TEXTURE_COORD_3,
    GL_MAP2_TEXTURE_COORD_4,
    GL_MAP2_VERTEX_3,
    GL_MAP2_VERTEX_4,
];

/// The saved parameters of one texture object bound at push time.
#[derive(Clone, Debug)]
struct SavedTexture {
    target_index: usize,
    name: u32,
    params: TexParams,
}

/// One `glPushAttrib` entry.
#[derive(Clone, Debug)]
struct AttribFrame {
    mask: u32,
    state: State,
    raster: crate::raster_state::RasterState,
    lighting: Option<Box<crate::compat::lighting::Lighting>>,
    fog: crate::compat::fog::Fog,
    clip_planes: [[f64; 4]; crate::compat::fog::MAX_CLIP_PLANES],
    texunits: Option<Box<crate::compat::texenv::TexUnits>>,
    bound_textures: Vec<[u32; crate::texture::TARGETS.len()]>,
    textures: Vec<SavedTexture>,
    current: Option<Box<crate::vbo::CurrentAttribs>>,
    raster_pos: Option<Box<crate::compat::rasterpos::RasterPos>>,
    matrix_mode: GLenum,
    shade_model: GLenum,
    active_texture: usize,
    list_base: u32,
    pixel_zoom: [f32; 2],
    eval_grids: (crate::compat::eval::Grid1, crate::compat::eval::Grid2),
}

/// One `glPushClientAttrib` entry.
#[derive(Clone, Debug)]
struct ClientFrame {
    mask: u32,
    pack: PixelStore,
    unpack: PixelStore,
    arrays: Option<Box<crate::vbo::arrays::VertexArrayObject>>,
    array_buffer: u32,
    client_active_texture: usize,
    restart: (bool, u32),
}

/// The server and client attribute stacks of a context.
#[derive(Clone, Debug, Default)]
pub struct AttribStacks {
    server: Vec<AttribFrame>,
    client: Vec<ClientFrame>,
}

impl AttribStacks {
    /// `GL_ATTRIB_STACK_DEPTH`.
    pub fn depth(&self) -> usize {
        self.server.len()
    }

    /// `GL_CLIENT_ATTRIB_STACK_DEPTH`.
    pub fn client_depth(&self) -> usize {
        self.client.len()
    }
}

impl Context {
    /// `glPushAttrib`. GL 4.6 compat §21.6: STACK_OVERFLOW when full.
    pub fn push_attrib(&mut self, mask: u32) -> ApiResult {
        self.outside_begin_end()?;
        if self.attrib.server.len() >= MAX_ATTRIB_STACK_DEPTH {
            return Err(ApiError::StackOverflow);
        }
        self.flush_vertices();
        let has = |bit: u32| mask & bit != 0;
        let mut textures = Vec::new();
        if has(GL_TEXTURE_BIT) {
            let shared = self.shared().clone();
            let named = shared.textures();
            for bound in &self.textures.bound {
                for (ti, &name) in bound.iter().enumerate() {
                    let params = if name == 0 {
                        // Default objects: saved for the units whose
                        // binding is the default one, once per target.
                        if textures
                            .iter()
                            .any(|t: &SavedTexture| t.name == 0 && t.target_index == ti)
                        {
                            continue;
                        }
                        self.textures.defaults[ti].params.clone()
                    } else {
                        match named.get(name) {
                            Some(t) => t.params.clone(),
                            None => continue,
                        }
                    };
                    textures.push(SavedTexture {
                        target_index: ti,
                        name,
                        params,
                    });
                }
            }
        }
        let frame = AttribFrame {
            mask,
            state: self.state.clone(),
            raster: self.raster.clone(),
            lighting: has(GL_LIGHTING_BIT).then(|| Box::new(self.lighting.clone())),
            fog: self.fog,
            clip_planes: self.clip_planes,
            texunits: (has(GL_TEXTURE_BIT) || has(GL_ENABLE_BIT) || has(GL_POINT_BIT))
                .then(|| Box::new(self.texunits.clone())),
            bound_textures: if has(GL_TEXTURE_BIT) {
                self.textures.bound.clone()
            } else {
                Vec::new()
            },
            textures,
            current: has(GL_CURRENT_BIT).then(|| Box::new(self.ff.current.clone())),
            raster_pos: has(GL_CURRENT_BIT).then(|| Box::new(self.raster_pos)),
            matrix_mode: self.ff.matrices.mode,
            shade_model: self.ff.shade_model,
            active_texture: self.ff.active_texture,
            list_base: self.lists.base,
            pixel_zoom: self.raster_pos.zoom,
            eval_grids: (self.eval.grid1, self.eval.grid2),
        };
        self.attrib.server.push(frame);
        Ok(())
    }

    /// `glPopAttrib`. GL 4.6 compat §21.6: STACK_UNDERFLOW when empty.
    pub fn pop_attrib(&mut self) -> ApiResult {
        self.outside_begin_end()?;
        let Some(f) = self.attrib.server.pop() else {
            return Err(ApiError::StackUnderflow);
        };
        self.flush_vertices();
        let has = |bit: u32| f.mask & bit != 0;
        let saved = &f.state;
        let restore_caps = |state: &mut State, caps: &[GLenum]| {
            for &cap in caps {
                if let Some(i) = State::cap_index(cap) {
                    state.enables[i] = saved.enables[i];
                }
            }
        };
        if has(GL_ACCUM_BUFFER_BIT) {
            self.state.clear_accum = saved.clear_accum;
        }
        if has(GL_COLOR_BUFFER_BIT) {
            restore_caps(&mut self.state, COLOR_BUFFER_CAPS);
            self.state.blend_extra = saved.blend_extra;
            self.state.clear_color = saved.clear_color;
            // ARB_color_buffer_float: the fragment and read clamps.
            self.state.clamp_color[1..].copy_from_slice(&saved.clamp_color[1..]);
            self.state.clear_index = saved.clear_index;
            self.state.index_mask = saved.index_mask;
            self.state.color_mask = saved.color_mask;
            self.state.color_masks_extra = saved.color_masks_extra;
            self.state.draw_buffer = saved.draw_buffer;
            self.state.draw_buffers_extra = saved.draw_buffers_extra;
            self.raster.alpha_func = f.raster.alpha_func;
            self.raster.blend_factors = f.raster.blend_factors;
            self.raster.blend_equation = f.raster.blend_equation;
            self.raster.blend_color = f.raster.blend_color;
            self.raster.logic_op = f.raster.logic_op;
        }
        if let Some(current) = &f.current {
            self.ff.current = (**current).clone();
            if let Some(rp) = &f.raster_pos {
                // The pixel zoom is PIXEL_MODE state, not CURRENT state.
                let zoom = self.raster_pos.zoom;
                self.raster_pos = **rp;
                self.raster_pos.zoom = zoom;
            }
            if self.state.enabled(GL_COLOR_MATERIAL) {
                self.track_color_material();
            }
        }
        if has(GL_DEPTH_BUFFER_BIT) {
            restore_caps(&mut self.state, DEPTH_CAPS);
            self.state.clear_depth = saved.clear_depth;
            self.state.depth_mask = saved.depth_mask;
            self.raster.depth_func = f.raster.depth_func;
        }
        if has(GL_ENABLE_BIT) {
            self.state.enables.clone_from(&saved.enables);
            self.state.blend_extra = saved.blend_extra;
            self.state.scissor_extra = saved.scissor_extra;
            if let Some(t) = &f.texunits {
                self.texunits.enabled = t.enabled;
                for (dst, src) in self.texunits.texgen.iter_mut().zip(&t.texgen) {
                    dst.enabled = src.enabled;
                }
            }
        }
        if has(GL_EVAL_BIT) {
            restore_caps(&mut self.state, EVAL_CAPS);
            (self.eval.grid1, self.eval.grid2) = f.eval_grids;
        }
        if has(GL_FOG_BIT) {
            restore_caps(&mut self.state, FOG_CAPS);
            self.fog = f.fog;
        }
        if has(GL_HINT_BIT) {
            self.raster.hints.clone_from(&f.raster.hints);
        }
        if let Some(lighting) = &f.lighting {
            restore_caps(&mut self.state, LIGHTING_CAPS);
            self.lighting = (**lighting).clone();
            self.ff.shade_model = f.shade_model;
            self.state.clamp_color[0] = saved.clamp_color[0];
        }
        if has(GL_LINE_BIT) {
            restore_caps(&mut self.state, LINE_CAPS);
            self.raster.line_width = f.raster.line_width;
            self.raster.line_stipple = f.raster.line_stipple;
        }
        if has(GL_MULTISAMPLE_BIT) {
            restore_caps(&mut self.state, MULTISAMPLE_CAPS);
            self.state.sample_coverage = saved.sample_coverage;
        }
        if has(GL_LIST_BIT) {
            self.lists.base = f.list_base;
        }
        if has(GL_PIXEL_MODE_BIT) {
            self.state.read_buffer = saved.read_buffer;
            self.state.transfer.clone_from(&saved.transfer);
            self.raster_pos.zoom = f.pixel_zoom;
        }
        if has(GL_POINT_BIT) {
            restore_caps(&mut self.state, POINT_CAPS);
            self.raster.point_size = f.raster.point_size;
            self.raster.point = f.raster.point;
            // GL 2.1 table 6.12: COORD_REPLACE belongs to the point group.
            if let Some(t) = &f.texunits {
                for (dst, src) in self.texunits.env.iter_mut().zip(&t.env) {
                    dst.coord_replace = src.coord_replace;
                }
            }
        }
        if has(GL_POLYGON_BIT) {
            restore_caps(&mut self.state, POLYGON_CAPS);
            self.raster.cull_face = f.raster.cull_face;
            self.raster.front_face = f.raster.front_face;
            self.raster.polygon_mode = f.raster.polygon_mode;
            self.raster.polygon_offset = f.raster.polygon_offset;
        }
        if has(GL_POLYGON_STIPPLE_BIT) {
            self.raster.polygon_stipple = f.raster.polygon_stipple;
        }
        if has(GL_SCISSOR_BIT) {
            restore_caps(&mut self.state, SCISSOR_CAPS);
            self.state.scissors = saved.scissors;
            self.state.scissor_extra = saved.scissor_extra;
        }
        if has(GL_STENCIL_BUFFER_BIT) {
            restore_caps(&mut self.state, STENCIL_CAPS);
            self.state.clear_stencil = saved.clear_stencil;
            self.state.stencil_writemask = saved.stencil_writemask;
            self.raster.stencil = f.raster.stencil;
        }
        if has(GL_TEXTURE_BIT) {
            if let Some(t) = &f.texunits {
                // COORD_REPLACE is point state (GL_POINT_BIT), not texture state.
                let replace = self.texunits.env.map(|e| e.coord_replace);
                self.texunits = (**t).clone();
                for (env, r) in self.texunits.env.iter_mut().zip(replace) {
                    env.coord_replace = r;
                }
            }
            self.ff.active_texture = f.active_texture;
            let shared = self.shared().clone();
            let mut named = shared.textures();
            for (unit, bound) in f.bound_textures.iter().enumerate() {
                for (ti, &name) in bound.iter().enumerate() {
                    let exists = name == 0 || named.get(name).is_some();
                    if let Some(b) = self.textures.bound.get_mut(unit) {
                        b[ti] = if exists { name } else { 0 };
                    }
                }
            }
            for t in &f.textures {
                if t.name == 0 {
                    self.textures.defaults[t.target_index].params = t.params.clone();
                } else if let Some(tex) = named.get_mut(t.name) {
                    tex.params = t.params.clone();
                    tex.touch();
                }
            }
        }
        if has(GL_TRANSFORM_BIT) {
            restore_caps(&mut self.state, TRANSFORM_CAPS);
            self.clip_planes = f.clip_planes;
            self.ff.matrices.mode = f.matrix_mode;
        }
        if has(GL_VIEWPORT_BIT) {
            self.state.viewports = saved.viewports;
            self.state.depth_ranges = saved.depth_ranges;
        }
        Ok(())
    }

    /// `glPushClientAttrib`. GL 4.6 compat §21.6: STACK_OVERFLOW when full.
    pub fn push_client_attrib(&mut self, mask: u32) -> ApiResult {
        if self.attrib.client.len() >= MAX_ATTRIB_STACK_DEPTH {
            return Err(ApiError::StackOverflow);
        }
        let vertex = mask & GL_CLIENT_VERTEX_ARRAY_BIT != 0;
        let frame = ClientFrame {
            mask,
            pack: self.state.pack,
            unpack: self.state.unpack,
            arrays: vertex.then(|| Box::new(self.vertex_arrays.current().clone())),
            array_buffer: self.buffers.bound(GL_ARRAY_BUFFER).unwrap_or(0),
            client_active_texture: self.ff.client_active_texture,
            restart: (self.vertex_arrays.restart, self.vertex_arrays.restart_index),
        };
        self.attrib.client.push(frame);
        Ok(())
    }

    /// `glPopClientAttrib`. GL 4.6 compat §21.6: STACK_UNDERFLOW when empty.
    pub fn pop_client_attrib(&mut self) -> ApiResult {
        let Some(f) = self.attrib.client.pop() else {
            return Err(ApiError::StackUnderflow);
        };
        if f.mask & GL_CLIENT_PIXEL_STORE_BIT != 0 {
            self.state.pack = f.pack;
            self.state.unpack = f.unpack;
        }
        if let Some(arrays) = f.arrays {
            self.flush_vertices();
            self.vertex_arrays.restore_current(*arrays);
            self.ff.client_active_texture = f.client_active_texture;
            (self.vertex_arrays.restart, self.vertex_arrays.restart_index) = f.restart;
            // A buffer deleted since the push is not brought back.
            if self.bind_buffer(GL_ARRAY_BUFFER, f.array_buffer).is_err() {
                let _ = self.bind_buffer(GL_ARRAY_BUFFER, 0);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::COMPAT_CAPS;

    #[test]
    fn group_caps_are_known() {
        for caps in [
            COLOR_BUFFER_CAPS,
            DEPTH_CAPS,
            MULTISAMPLE_CAPS,
            STENCIL_CAPS,
            SCISSOR_CAPS,
            FOG_CAPS,
            LINE_CAPS,
            POINT_CAPS,
            POLYGON_CAPS,
            LIGHTING_CAPS,
            TRANSFORM_CAPS,
            EVAL_CAPS,
        ] {
            for cap in caps {
                assert!(
                    COMPAT_CAPS.iter().any(|(c, _)| c == cap),
                    "{cap:#x} is not in COMPAT_CAPS"
                );
            }
        }
    }
}
