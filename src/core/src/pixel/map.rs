//! Pixel transfer (GL 4.6 compatibility §8.4.1, §8.14, §18.2.4):
//! `glPixelTransfer*` (colour and depth scale and bias, index shift and
//! offset, `GL_MAP_COLOR`, `GL_MAP_STENCIL`), the ten pixel maps of
//! `glPixelMap*` / `glGetPixelMap*`, and the operations themselves.
//!
//! The operations run wherever the spec puts them: on the images of
//! `glDrawPixels`, `glCopyPixels`, `glTexImage*`, `glTexSubImage*`,
//! `glCopyTex*` and on what `glReadPixels` returns. Copies apply them once
//! (their read side runs without them, see `Context::read_rect_floats`).
//! As in Mesa, `glGetTexImage` does not apply them, and the imaging
//! subset's convolution and colour-matrix stages do not exist.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::Context;
use crate::error::{ApiError, ApiResult};

/// `GL_MAX_PIXEL_MAP_TABLE`.
pub const MAX_PIXEL_MAP_TABLE: usize = 256;

/// The pixel-transfer state (`GL_PIXEL_MODE_BIT`).
#[derive(Clone, Debug, PartialEq)]
pub struct PixelTransfer {
    /// `GL_MAP_COLOR`.
    pub map_color: bool,
    /// `GL_MAP_STENCIL`.
    pub map_stencil: bool,
    /// `GL_INDEX_SHIFT`.
    pub index_shift: i32,
    /// `GL_INDEX_OFFSET`.
    pub index_offset: i32,
    /// `GL_{RED,GREEN,BLUE,ALPHA}_SCALE`.
    pub scale: [f32; 4],
    /// `GL_{RED,GREEN,BLUE,ALPHA}_BIAS`.
    pub bias: [f32; 4],
    /// `GL_DEPTH_SCALE`, `GL_DEPTH_BIAS`.
    pub depth: [f32; 2],
    /// The maps, in enum order from `GL_PIXEL_MAP_I_TO_I`: I_TO_I, S_TO_S,
    /// I_TO_R, I_TO_G, I_TO_B, I_TO_A, R_TO_R, G_TO_G, B_TO_B, A_TO_A. Each
    /// holds 1 to 256 values; the initial maps hold one 0.
    pub maps: [Vec<f32>; 10],
}

impl Default for PixelTransfer {
    fn default() -> Self {
        PixelTransfer {
            map_color: false,
            map_stencil: false,
            index_shift: 0,
            index_offset: 0,
            scale: [1.0; 4],
            bias: [0.0; 4],
            depth: [1.0, 0.0],
            maps: std::array::from_fn(|_| vec![0.0]),
        }
    }
}

/// Index of a map enum in [`PixelTransfer::maps`].
fn map_index(map: GLenum) -> ApiResult<usize> {
    if (GL_PIXEL_MAP_I_TO_I..=GL_PIXEL_MAP_A_TO_A).contains(&map) {
        Ok((map - GL_PIXEL_MAP_I_TO_I) as usize)
    } else {
        Err(ApiError::InvalidEnum)
    }
}

/// Whether map `i` maps to colour components (values in [0, 1]) rather
/// than to indices (I_TO_I and S_TO_S).
fn is_color_map(i: usize) -> bool {
    i >= 2
}

/// Integer forms of `glPixelMap` and `glGetPixelMap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapType {
    /// `GLfloat`.
    Float,
    /// `GLuint`: colour values scale by 2^32 - 1.
    Uint,
    /// `GLushort`: colour values scale by 2^16 - 1.
    Ushort,
}

impl MapType {
    fn max(self) -> f64 {
        match self {
            MapType::Float => 1.0,
            MapType::Uint => f64::from(u32::MAX),
            MapType::Ushort => f64::from(u16::MAX),
        }
    }
}

impl PixelTransfer {
    /// Whether any colour operation changes values.
    pub fn rgba_ops(&self) -> bool {
        self.map_color || self.scale != [1.0; 4] || self.bias != [0.0; 4]
    }

    /// Whether the stencil operations change values.
    pub fn stencil_ops(&self) -> bool {
        self.map_stencil || self.index_shift != 0 || self.index_offset != 0
    }

    /// Scale, bias and (with `GL_MAP_COLOR`) the component maps.
    pub fn rgba(&self, texels: &mut [[f32; 4]]) {
        if !self.rgba_ops() {
            return;
        }
        for t in texels {
            for (c, v) in t.iter_mut().enumerate() {
                *v = *v * self.scale[c] + self.bias[c];
                if self.map_color {
                    let map = &self.maps[6 + c];
                    let i = (v.clamp(0.0, 1.0) * (map.len() - 1) as f32).round_ties_even();
                    *v = map[i as usize];
                }
            }
        }
    }

    /// Depth scale and bias (the result is clamped when stored).
    pub fn depth(&self, values: &mut [f32]) {
        let [scale, bias] = self.depth;
        for v in values {
            *v = (*v * scale + bias).clamp(0.0, 1.0);
        }
    }

    /// Index shift and offset, as Mesa on unsigned integers.
    fn shift_offset(&self, index: f32) -> u32 {
        let i = index as i64 as u32;
        let shifted = match self.index_shift {
            s if s >= 0 => i.checked_shl(s as u32).unwrap_or(0),
            s => i.checked_shr(s.unsigned_abs()).unwrap_or(0),
        };
        shifted.wrapping_add(self.index_offset as u32)
    }

    /// Stencil indices: shift, offset, and (with `GL_MAP_STENCIL`) S_TO_S.
    pub fn stencil(&self, values: &mut [f32]) {
        if !self.stencil_ops() {
            return;
        }
        let map = &self.maps[1];
        for v in values {
            let i = self.shift_offset(*v);
            *v = if self.map_stencil {
                map[i as usize & (map.len() - 1)]
            } else {
                i as f32
            };
        }
    }

    /// Colour indices to RGBA in an RGBA context: shift and offset, then
    /// the I_TO_R, I_TO_G, I_TO_B and I_TO_A maps (always, GL 4.6 compat
    /// §8.4.1.4). The I_TO_I map (§8.4.1.5, with `GL_MAP_COLOR`) comes
    /// after that conversion, so it applies to index results only, never
    /// here. The RGBA scale, bias and component maps apply to RGBA source
    /// components only.
    pub fn index_to_rgba(&self, indices: &[f32]) -> Vec<[f32; 4]> {
        indices
            .iter()
            .map(|&v| {
                let i = self.shift_offset(v) as usize;
                std::array::from_fn(|c| {
                    let map = &self.maps[2 + c];
                    map[i & (map.len() - 1)]
                })
            })
            .collect()
    }
}

impl Context {
    /// `glPixelTransfer{i,f}`. INVALID_ENUM for an unknown parameter.
    pub fn pixel_transfer(&mut self, pname: GLenum, value: f32) -> ApiResult {
        self.outside_begin_end()?;
        self.flush_vertices();
        let t = &mut self.state.transfer;
        match pname {
            GL_MAP_COLOR => t.map_color = value != 0.0,
            GL_MAP_STENCIL => t.map_stencil = value != 0.0,
            GL_INDEX_SHIFT => t.index_shift = value as i32,
            GL_INDEX_OFFSET => t.index_offset = value as i32,
            GL_RED_SCALE => t.scale[0] = value,
            GL_GREEN_SCALE => t.scale[1] = value,
            GL_BLUE_SCALE => t.scale[2] = value,
            GL_ALPHA_SCALE => t.scale[3] = value,
            GL_RED_BIAS => t.bias[0] = value,
            GL_GREEN_BIAS => t.bias[1] = value,
            GL_BLUE_BIAS => t.bias[2] = value,
            GL_ALPHA_BIAS => t.bias[3] = value,
            GL_DEPTH_SCALE => t.depth[0] = value,
            GL_DEPTH_BIAS => t.depth[1] = value,
            _ => return Err(ApiError::InvalidEnum),
        }
        Ok(())
    }

    /// The `glGet` value of a pixel-transfer parameter or map size.
    pub fn get_pixel_transfer(&self, pname: GLenum) -> Option<f64> {
        let t = &self.state.transfer;
        Some(match pname {
            GL_MAP_COLOR => f64::from(u8::from(t.map_color)),
            GL_MAP_STENCIL => f64::from(u8::from(t.map_stencil)),
            GL_INDEX_SHIFT => f64::from(t.index_shift),
            GL_INDEX_OFFSET => f64::from(t.index_offset),
            GL_RED_SCALE => f64::from(t.scale[0]),
            GL_GREEN_SCALE => f64::from(t.scale[1]),
            GL_BLUE_SCALE => f64::from(t.scale[2]),
            GL_ALPHA_SCALE => f64::from(t.scale[3]),
            GL_RED_BIAS => f64::from(t.bias[0]),
            GL_GREEN_BIAS => f64::from(t.bias[1]),
            GL_BLUE_BIAS => f64::from(t.bias[2]),
            GL_ALPHA_BIAS => f64::from(t.bias[3]),
            GL_DEPTH_SCALE => f64::from(t.depth[0]),
            GL_DEPTH_BIAS => f64::from(t.depth[1]),
            p if (GL_PIXEL_MAP_I_TO_I_SIZE..=GL_PIXEL_MAP_A_TO_A_SIZE).contains(&p) => {
                t.maps[(p - GL_PIXEL_MAP_I_TO_I_SIZE) as usize].len() as f64
            }
            _ => return None,
        })
    }

    /// Validates `glPixelMap*`: INVALID_ENUM for an unknown map,
    /// INVALID_VALUE for a size outside 1..=256, or not a power of two for
    /// the maps indexed by colour or stencil indices.
    pub fn check_pixel_map(&self, map: GLenum, size: i32) -> ApiResult<usize> {
        self.outside_begin_end()?;
        let i = map_index(map)?;
        if size < 1 || size as usize > MAX_PIXEL_MAP_TABLE {
            return Err(ApiError::InvalidValue);
        }
        if i < 6 && !(size as u32).is_power_of_two() {
            return Err(ApiError::InvalidValue);
        }
        Ok(i)
    }

    /// `glPixelMap{fv,uiv,usv}` with the client's values (already read,
    /// `size` of them, widened to f64).
    pub fn pixel_map(&mut self, map: GLenum, values: &[f64], type_: MapType) -> ApiResult {
        let i = self.check_pixel_map(map, values.len() as i32)?;
        self.flush_vertices();
        let converted = values
            .iter()
            .map(|&v| {
                if is_color_map(i) {
                    (v / type_.max()).clamp(0.0, 1.0) as f32
                } else {
                    v as f32
                }
            })
            .collect();
        self.state.transfer.maps[i] = converted;
        Ok(())
    }

    /// `glGetPixelMap*`: the values of a map in the requested type.
    /// INVALID_ENUM for an unknown map.
    pub fn get_pixel_map(&self, map: GLenum, type_: MapType) -> ApiResult<Vec<f64>> {
        self.outside_begin_end()?;
        let i = map_index(map)?;
        Ok(self.state.transfer.maps[i]
            .iter()
            .map(|&v| {
                let v = f64::from(v);
                match (is_color_map(i), type_) {
                    (true, MapType::Float) | (false, _) => v,
                    (true, t) => (v * t.max()).round(),
                }
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_bias_and_maps() {
        let mut t = PixelTransfer {
            scale: [2.0, 1.0, 1.0, 1.0],
            bias: [0.0, 0.25, 0.0, 0.0],
            ..PixelTransfer::default()
        };
        let mut px = [[0.25, 0.5, 1.0, 1.0]];
        t.rgba(&mut px);
        assert_eq!(px[0], [0.5, 0.75, 1.0, 1.0]);
        t.map_color = true;
        t.maps[6] = vec![0.0, 1.0]; // R_TO_R: threshold at 0.5
        t.maps[7] = vec![0.0, 0.5, 1.0];
        let mut px = [[0.2, 0.1, 0.0, 0.0]];
        t.rgba(&mut px);
        // 0.4 -> index round(0.4 * 1) = 0; 0.35 -> round(0.35 * 2) = 1.
        assert_eq!(px[0][0], 0.0);
        assert_eq!(px[0][1], 0.5);
    }

    #[test]
    fn indices() {
        let t = PixelTransfer {
            index_shift: 1,
            index_offset: 1,
            map_stencil: true,
            maps: std::array::from_fn(|i| match i {
                1 => vec![10.0, 11.0, 12.0, 13.0],
                2 => vec![0.0, 1.0],
                _ => vec![0.0],
            }),
            ..PixelTransfer::default()
        };
        let mut s = [1.0, 2.0];
        t.stencil(&mut s);
        // (1 << 1) + 1 = 3 -> 13; (2 << 1) + 1 = 5 & 3 = 1 -> 11.
        assert_eq!(s, [13.0, 11.0]);
        let rgba = t.index_to_rgba(&[0.0]);
        // (0 << 1) + 1 = 1 -> I_TO_R[1] = 1.
        assert_eq!(rgba[0], [1.0, 0.0, 0.0, 0.0]);
        // GL_MAP_COLOR does not route indices through I_TO_I (all 0 here)
        // on their way to RGBA.
        let mapped = PixelTransfer {
            map_color: true,
            ..t.clone()
        };
        assert_eq!(mapped.index_to_rgba(&[0.0])[0], [1.0, 0.0, 0.0, 0.0]);
        let mut shifted = PixelTransfer {
            index_shift: -1,
            ..PixelTransfer::default()
        };
        shifted.map_stencil = false;
        let mut s = [7.0];
        shifted.stencil(&mut s);
        assert_eq!(s, [3.0]);
    }
}
