//! The current raster position (GL 4.6 compatibility §14.7): where
//! `glDrawPixels`, `glBitmap` and `glCopyPixels` put their pixels, and the
//! colour, texture coordinates and fog distance their fragments get.
//!
//! `glRasterPos` transforms its position like a vertex (the fixed-function
//! vertex stage runs on the CPU, [`crate::compat::cpu_vertex`]), clips it as a point
//! and maps it to window coordinates; `glWindowPos` (GL 1.4) sets window
//! coordinates directly and takes the current colour and coordinates
//! unlit, untransformed.

use oxgl_glapi::generated::enums::*;

use crate::compat::texenv::MAX_FF_UNITS;
use crate::context::Context;
use crate::error::ApiResult;
use crate::vbo::Attrib;

/// Raster position state and the pixel zoom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RasterPos {
    /// `GL_CURRENT_RASTER_POSITION_VALID`.
    pub valid: bool,
    /// `GL_CURRENT_RASTER_POSITION`: window x, y, z and clip w.
    pub window: [f32; 4],
    /// `GL_CURRENT_RASTER_COLOR`.
    pub color: [f32; 4],
    /// `GL_CURRENT_RASTER_SECONDARY_COLOR`.
    pub secondary: [f32; 4],
    /// `GL_CURRENT_RASTER_TEXTURE_COORDS`, per unit.
    pub tex: [[f32; 4]; MAX_FF_UNITS],
    /// `GL_CURRENT_RASTER_DISTANCE`: the fog distance or coordinate.
    pub distance: f32,
    /// `GL_CURRENT_RASTER_INDEX`.
    pub index: f32,
    /// `glPixelZoom` factors (x, y).
    pub zoom: [f32; 2],
}

impl Default for RasterPos {
    fn default() -> Self {
        RasterPos {
            valid: true,
            window: [0.0, 0.0, 0.0, 1.0],
            color: [1.0; 4],
            secondary: [0.0, 0.0, 0.0, 1.0],
            tex: [[0.0, 0.0, 0.0, 1.0]; MAX_FF_UNITS],
            distance: 0.0,
            index: 1.0,
            zoom: [1.0, 1.0],
        }
    }
}

fn clamp01(c: [f32; 4]) -> [f32; 4] {
    c.map(|v| v.clamp(0.0, 1.0))
}

impl Context {
    /// `glRasterPos*`: `pos` is the object-space position (missing
    /// components already filled with z = 0, w = 1).
    pub fn raster_pos(&mut self, pos: [f32; 4]) -> ApiResult {
        self.outside_begin_end()?;
        self.flush_vertices();
        let mut attribs = self.ff.current.values;
        attribs[Attrib::POS.index()] = pos;
        let v = self.cpu_vertex(&attribs);
        let planes = self.enabled_clip_planes();
        self.note_raster_pos_for_select(&v, planes);
        // GL_DEPTH_CLAMP: no near/far test. The depth is left as it is,
        // as Mesa does (only fragments' depths are clamped).
        let clamp = self.state.enabled(GL_DEPTH_CLAMP);
        let tested = if clamp {
            let mut t = v;
            t.clip[2] = 0.0;
            t
        } else {
            v
        };
        if !tested.inside(planes) {
            self.raster_pos.valid = false;
            return Ok(());
        }
        let [x, y, z] = self.window_coords(v.clip);
        let current = &self.ff.current.values;
        let rp = &mut self.raster_pos;
        rp.valid = true;
        rp.window = [x, y, z, v.clip[3]];
        rp.color = v.color[0];
        rp.secondary = v.secondary[0];
        rp.tex = v.tex;
        rp.index = current[Attrib::COLOR_INDEX.index()][0];
        // Mesa: the fog coordinate, or the eye-space distance.
        rp.distance = if self.fog.coord_src == GL_FOG_COORD {
            current[Attrib::FOG.index()][0]
        } else {
            let [ex, ey, ez, _] = v.eye;
            (ex * ex + ey * ey + ez * ez).sqrt()
        };
        Ok(())
    }

    /// `glWindowPos4*MESA`: as `glWindowPos3*` with the raster position's w.
    pub fn window_pos4(&mut self, x: f32, y: f32, z: f32, w: f32) -> ApiResult {
        self.window_pos(x, y, z)?;
        self.raster_pos.window[3] = w;
        Ok(())
    }

    /// `glWindowPos*` (GL 4.6 compatibility §14.7.1): `z` is clamped to
    /// [0, 1] and mapped through the depth range.
    pub fn window_pos(&mut self, x: f32, y: f32, z: f32) -> ApiResult {
        self.outside_begin_end()?;
        self.flush_vertices();
        let [n, f] = self.state.depth_ranges[0];
        let z = n + z.clamp(0.0, 1.0) * (f - n);
        self.select_window_pos(z);
        let current = &self.ff.current.values;
        let rp = &mut self.raster_pos;
        rp.valid = true;
        rp.window = [x, y, z, 1.0];
        rp.color = clamp01(current[Attrib::COLOR0.index()]);
        rp.secondary = clamp01(current[Attrib::COLOR1.index()]);
        for (u, t) in rp.tex.iter_mut().enumerate() {
            *t = current[Attrib::tex(u).index()];
        }
        rp.index = current[Attrib::COLOR_INDEX.index()][0];
        rp.distance = if self.fog.coord_src == GL_FOG_COORD {
            current[Attrib::FOG.index()][0]
        } else {
            0.0
        };
        Ok(())
    }

    /// `glPixelZoom`.
    pub fn pixel_zoom(&mut self, x: f32, y: f32) -> ApiResult {
        self.outside_begin_end()?;
        self.flush_vertices();
        self.raster_pos.zoom = [x, y];
        Ok(())
    }

    /// Selection mode counts a valid raster position as a hit.
    fn note_raster_pos_for_select(&mut self, v: &crate::compat::cpu_vertex::CpuVertex, planes: u8) {
        self.select_raster_pos(v, planes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_match_the_state_table() {
        // GL 4.6 compatibility table 23.23.
        let rp = RasterPos::default();
        assert!(rp.valid);
        assert_eq!(rp.window, [0.0, 0.0, 0.0, 1.0]);
        assert_eq!(rp.color, [1.0; 4]);
        assert_eq!(rp.tex[3], [0.0, 0.0, 0.0, 1.0]);
        assert_eq!(rp.zoom, [1.0, 1.0]);
    }
}
