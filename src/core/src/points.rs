//! Point parameters (GL 1.4, `ARB_point_parameters`; GL 4.6 compatibility
//! §14.4): the size clamp, the fade threshold and the distance attenuation
//! of points, set by `glPointParameter*` and saved by `GL_POINT_BIT`.
//!
//! Effect, as Mesa (the reference) has it:
//!
//! * Without attenuation (coefficients (1, 0, 0)) the point size is
//!   `glPointSize` clamped to [min, max] (Mesa's state tracker clamps with
//!   its `CLAMP`, where the minimum wins when min > max).
//! * With attenuation the fixed-function vertex stage writes
//!   `gl_PointSize = size / sqrt(a + b·d + c·d²)`, then `max` with the
//!   minimum and `min` with the maximum (each also limited by the
//!   implementation's range), `d` being `|z_eye|` (Mesa's
//!   `ffvertex_prog.c` uses the eye-space depth, not the Euclidean
//!   distance the spec names), and the draw takes per-vertex sizes
//!   ([`crate::compat::ffgen`], `FfKey::point_attenuated`).
//! * The fade threshold is state only: llvmpipe draws points below it
//!   with their clamped size and unchanged alpha (the spec's fade is for
//!   multisampled points, and no multisample configs exist here).
//!
//! Point sprites (GL 2.0, `ARB_point_sprite`; GL 2.1 §3.4): with
//! `GL_POINT_SPRITE` enabled points are squares (`GL_POINT_SMOOTH` is
//! ignored) and each texture unit whose `GL_COORD_REPLACE` is true reads
//! the sprite coordinate (s, t, 0, 1) instead of its texture coordinate;
//! s grows left to right across the point, t from the edge that
//! `GL_POINT_SPRITE_COORD_ORIGIN` names (default `GL_UPPER_LEFT`) to the
//! other. The backend does the replacement per primitive
//! (`OxglRasterDesc::sprite_coord_enable`), so points drawn by polygon
//! mode `GL_POINT` are sprites too and other primitives are untouched.
//! The origin is accepted in every compatibility context, also while the
//! reported version is 1.5 for want of GLSL only (Mesa takes it from GL
//! 2.0 on).

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::{Context, Profile};
use crate::error::{ApiError, ApiResult};

/// The largest point size (`GL_POINT_SIZE_RANGE`, `GL_ALIASED_POINT_SIZE_RANGE`).
pub const MAX_POINT_SIZE: f32 = 255.0;

/// `glPointParameter` state (GL 4.6 compatibility table 23.13).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointParams {
    /// `GL_POINT_SIZE_MIN`.
    pub min: f32,
    /// `GL_POINT_SIZE_MAX`.
    pub max: f32,
    /// `GL_POINT_FADE_THRESHOLD_SIZE`.
    pub fade_threshold: f32,
    /// `GL_POINT_DISTANCE_ATTENUATION`: constant, linear, quadratic.
    pub attenuation: [f32; 3],
    /// `GL_POINT_SPRITE_COORD_ORIGIN`: `GL_UPPER_LEFT` or `GL_LOWER_LEFT`.
    pub sprite_origin: GLenum,
}

impl Default for PointParams {
    fn default() -> Self {
        PointParams {
            min: 0.0,
            max: MAX_POINT_SIZE,
            fade_threshold: 1.0,
            attenuation: [1.0, 0.0, 0.0],
            sprite_origin: GL_UPPER_LEFT,
        }
    }
}

impl PointParams {
    /// Whether the size depends on the distance (Mesa's `Point._Attenuated`).
    pub fn attenuated(&self) -> bool {
        self.attenuation != [1.0, 0.0, 0.0]
    }

    /// The size of points without attenuation: `size` clamped to
    /// [min, max], the minimum winning when they cross (Mesa's `CLAMP`).
    pub fn clamp_size(&self, size: f32) -> f32 {
        if size < self.min {
            self.min
        } else if size > self.max {
            self.max
        } else {
            size
        }
    }
}

impl Context {
    /// `glPointParameter{f,i}{,v}`: `v` holds the values given (one, or
    /// three for `GL_POINT_DISTANCE_ATTENUATION` through a vector form; a
    /// scalar form sets the constant coefficient and zeroes the others, as
    /// Mesa does). GL 4.6 compat §14.4: INVALID_VALUE for a negative size
    /// or threshold; INVALID_ENUM for another parameter. A sprite origin
    /// other than `GL_LOWER_LEFT` or `GL_UPPER_LEFT` is INVALID_VALUE, as
    /// in Mesa (the GL 2.1 spec names no error for it).
    pub fn point_parameter(&mut self, pname: GLenum, v: &[f32]) -> ApiResult {
        // GL 4.6 core §14.4: only the fade threshold and the sprite origin.
        if self.params().profile == Profile::Core
            && !matches!(
                pname,
                GL_POINT_FADE_THRESHOLD_SIZE | GL_POINT_SPRITE_COORD_ORIGIN
            )
        {
            return Err(ApiError::InvalidEnum);
        }
        let first = v.first().copied().unwrap_or(0.0);
        let p = &mut self.raster.point;
        match pname {
            GL_POINT_SIZE_MIN | GL_POINT_SIZE_MAX | GL_POINT_FADE_THRESHOLD_SIZE => {
                if first < 0.0 || first.is_nan() {
                    return Err(ApiError::InvalidValue);
                }
                match pname {
                    GL_POINT_SIZE_MIN => p.min = first,
                    GL_POINT_SIZE_MAX => p.max = first,
                    _ => p.fade_threshold = first,
                }
            }
            GL_POINT_DISTANCE_ATTENUATION => {
                let mut a = [0.0; 3];
                for (d, s) in a.iter_mut().zip(v) {
                    *d = *s;
                }
                p.attenuation = a;
            }
            GL_POINT_SPRITE_COORD_ORIGIN => {
                // The value is an enum: the float form must hold it exactly.
                let origin = first as GLenum;
                if f64::from(origin) != f64::from(first)
                    || !matches!(origin, GL_LOWER_LEFT | GL_UPPER_LEFT)
                {
                    return Err(ApiError::InvalidValue);
                }
                p.sprite_origin = origin;
            }
            _ => return Err(ApiError::InvalidEnum),
        }
        Ok(())
    }

    /// The `glGet` values of the point parameters, if `pname` names one.
    pub fn get_point_parameter(&self, pname: GLenum) -> Option<Vec<f64>> {
        let p = &self.raster.point;
        Some(match pname {
            GL_POINT_SIZE_MIN => vec![f64::from(p.min)],
            GL_POINT_SIZE_MAX => vec![f64::from(p.max)],
            GL_POINT_FADE_THRESHOLD_SIZE => vec![f64::from(p.fade_threshold)],
            GL_POINT_DISTANCE_ATTENUATION => p.attenuation.map(f64::from).to_vec(),
            GL_POINT_SPRITE_COORD_ORIGIN => vec![f64::from(p.sprite_origin)],
            _ => return None,
        })
    }

    /// `OxglRasterDesc::sprite_coord_enable`: the varying locations of the
    /// fixed-function texture coordinates whose unit replaces them on
    /// point sprites; 0 unless `GL_POINT_SPRITE` is enabled.
    pub(crate) fn sprite_coord_enable(&self) -> u32 {
        if !self.state.enabled(GL_POINT_SPRITE) {
            return 0;
        }
        self.texunits
            .env
            .iter()
            .enumerate()
            .filter(|(_, e)| e.coord_replace)
            .fold(0, |m, (u, _)| {
                m | 1 << (crate::compat::ffgen::varying::TEX0 + u as u32)
            })
    }

    /// The point size of a draw without per-vertex sizes.
    pub(crate) fn fixed_point_size(&self) -> f32 {
        self.raster.point.clamp_size(self.raster.point_size)
    }

    /// `[size, lower, upper, threshold]` for attenuated points (Mesa's
    /// `STATE_POINT_SIZE_CLAMPED`): the bounds include the implementation's
    /// range, whose lower end is 1 for aliased points and 0 for smooth
    /// points and sprites.
    pub(crate) fn point_size_clamped(&self) -> [f32; 4] {
        let p = &self.raster.point;
        let aa = self.state.enabled(GL_POINT_SPRITE) || self.state.enabled(GL_POINT_SMOOTH);
        let impl_min = if aa { 0.0 } else { 1.0 };
        [
            self.raster.point_size,
            p.min.max(impl_min),
            p.max.min(MAX_POINT_SIZE),
            p.fade_threshold,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_match_the_state_table() {
        let p = PointParams::default();
        assert_eq!((p.min, p.max, p.fade_threshold), (0.0, 255.0, 1.0));
        assert_eq!(p.attenuation, [1.0, 0.0, 0.0]);
        assert!(!p.attenuated());
    }

    #[test]
    fn clamp_lets_the_minimum_win() {
        let p = PointParams {
            min: 10.0,
            max: 5.0,
            ..PointParams::default()
        };
        assert_eq!(p.clamp_size(1.0), 10.0);
        assert_eq!(p.clamp_size(7.0), 10.0);
        let q = PointParams {
            min: 2.0,
            max: 6.0,
            ..PointParams::default()
        };
        assert_eq!(q.clamp_size(8.0), 6.0);
        assert_eq!(q.clamp_size(1.0), 2.0);
        assert_eq!(q.clamp_size(3.5), 3.5);
    }
}
