//! Viewports, depth ranges and scissor rectangles, one of each per
//! viewport index (GL 4.6 §13.6.1, §14.9.2; ARB_viewport_array, GL 4.1).
//!
//! The non-indexed commands (`glViewport`, `glDepthRange`, `glScissor`,
//! `glEnable(GL_SCISSOR_TEST)`) set every viewport's state, and the
//! non-indexed queries read viewport 0's. A draw gives the backend viewport
//! 0 in `OxglRasterDesc::viewport` / `depth_range` / `scissor` and the
//! others in its `extra_*` fields (ABI 19); a geometry shader picks one per
//! primitive with `gl_ViewportIndex`. Clears, blits and pixel rectangles use
//! viewport 0's scissor, as the extension says.

use oxgl_dri_interface::{OXGL_MAX_VIEWPORTS, OxglRect};
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::{Context, MAX_VIEWPORT_DIM, Profile};
use crate::error::{ApiError, ApiResult};
use crate::state::State;

/// `GL_MAX_VIEWPORTS`.
pub const MAX_VIEWPORTS: usize = OXGL_MAX_VIEWPORTS;

/// `GL_VIEWPORT_BOUNDS_RANGE`: where a viewport's lower left corner may be,
/// twice the largest viewport each way (the GL 4.1 minimum; Mesa's for
/// GLSL 4.00 drivers).
pub const VIEWPORT_BOUNDS: [f32; 2] = [
    -2.0 * MAX_VIEWPORT_DIM as f32,
    2.0 * MAX_VIEWPORT_DIM as f32 - 1.0,
];

/// The viewport indices `first..first + count` of an array command. GL 4.6
/// §13.6.1: INVALID_VALUE when `count` is negative or they run past
/// `MAX_VIEWPORTS`.
pub fn viewport_range(first: u32, count: i32) -> ApiResult<std::ops::Range<usize>> {
    let count = usize::try_from(count).map_err(|_| ApiError::InvalidValue)?;
    let first = first as usize;
    match first.checked_add(count) {
        Some(end) if end <= MAX_VIEWPORTS => Ok(first..end),
        _ => Err(ApiError::InvalidValue),
    }
}

/// A viewport as stored: the corner clamped to [`VIEWPORT_BOUNDS`], the
/// size to `MAX_VIEWPORT_DIMS`. INVALID_VALUE for a negative width or
/// height (a NaN one is taken as 0).
fn clamp_viewport([x, y, w, h]: [f32; 4]) -> ApiResult<[f32; 4]> {
    if w < 0.0 || h < 0.0 {
        return Err(ApiError::InvalidValue);
    }
    let [lo, hi] = VIEWPORT_BOUNDS;
    let dim = MAX_VIEWPORT_DIM as f32;
    let corner = |v: f32| if v.is_nan() { 0.0 } else { v.clamp(lo, hi) };
    let size = |v: f32| if v.is_nan() { 0.0 } else { v.min(dim) };
    Ok([corner(x), corner(y), size(w), size(h)])
}

/// A depth range as stored: each end clamped to [0, 1].
fn clamp_depth_range(near: f64, far: f64) -> [f32; 2] {
    [near, far].map(|v| {
        if v.is_nan() {
            0.0
        } else {
            v.clamp(0.0, 1.0) as f32
        }
    })
}

impl Context {
    /// ARB_viewport_array (GL 4.1): desktop contexts.
    pub(crate) fn has_viewport_array(&self) -> bool {
        self.params().profile != Profile::Es
    }

    /// The window's size, given to every viewport and scissor rectangle
    /// when the context is first bound to a drawable.
    pub(crate) fn init_viewports(&mut self, w: i32, h: i32) {
        self.state.viewports = [[0.0, 0.0, w as f32, h as f32]; MAX_VIEWPORTS];
        self.state.scissors = [[0, 0, w, h]; MAX_VIEWPORTS];
    }

    /// `glViewport`: every viewport. GL 4.6 §13.6.1: INVALID_VALUE if width
    /// or height is negative; dimensions are clamped to `GL_MAX_VIEWPORT_DIMS`.
    pub fn viewport(&mut self, x: i32, y: i32, w: i32, h: i32) -> ApiResult {
        let v = clamp_viewport([x as f32, y as f32, w as f32, h as f32])?;
        self.state.viewports = [v; MAX_VIEWPORTS];
        if let Some(ws) = &self.ws {
            ws.check_drawable_size();
        }
        Ok(())
    }

    /// `glViewportArrayv`, `glViewportIndexedf(v)`: viewports `first`
    /// onwards. Errors as [`viewport_range`] and [`Context::viewport`];
    /// nothing is set when one of them is wrong.
    pub fn viewport_indexed(&mut self, first: u32, values: &[[f32; 4]]) -> ApiResult {
        let count = i32::try_from(values.len()).map_err(|_| ApiError::InvalidValue)?;
        let range = viewport_range(first, count)?;
        let clamped = values
            .iter()
            .map(|&v| clamp_viewport(v))
            .collect::<ApiResult<Vec<_>>>()?;
        self.state.viewports[range].copy_from_slice(&clamped);
        Ok(())
    }

    /// `glScissor`: every viewport's rectangle. GL 4.6 §14.9.2:
    /// INVALID_VALUE if width or height is negative.
    pub fn scissor(&mut self, x: i32, y: i32, w: i32, h: i32) -> ApiResult {
        if w < 0 || h < 0 {
            return Err(ApiError::InvalidValue);
        }
        self.state.scissors = [[x, y, w, h]; MAX_VIEWPORTS];
        Ok(())
    }

    /// `glScissorArrayv`, `glScissorIndexed(v)`: the rectangles of
    /// viewports `first` onwards, errors as [`Context::viewport_indexed`].
    pub fn scissor_indexed(&mut self, first: u32, values: &[[i32; 4]]) -> ApiResult {
        let count = i32::try_from(values.len()).map_err(|_| ApiError::InvalidValue)?;
        let range = viewport_range(first, count)?;
        if values.iter().any(|v| v[2] < 0 || v[3] < 0) {
            return Err(ApiError::InvalidValue);
        }
        self.state.scissors[range].copy_from_slice(values);
        Ok(())
    }

    /// `glDepthRange`: every viewport's, clamped to [0, 1].
    pub fn depth_range(&mut self, near: f64, far: f64) -> ApiResult {
        self.state.depth_ranges = [clamp_depth_range(near, far); MAX_VIEWPORTS];
        Ok(())
    }

    /// `glDepthRangeArrayv`, `glDepthRangeIndexed`: the depth ranges of
    /// viewports `first` onwards, errors as [`viewport_range`].
    pub fn depth_range_indexed(&mut self, first: u32, values: &[[f64; 2]]) -> ApiResult {
        let count = i32::try_from(values.len()).map_err(|_| ApiError::InvalidValue)?;
        let range = viewport_range(first, count)?;
        for (dst, &[n, f]) in self.state.depth_ranges[range].iter_mut().zip(values) {
            *dst = clamp_depth_range(n, f);
        }
        Ok(())
    }

    /// `glEnable(GL_SCISSOR_TEST)` / `glDisable`: every viewport's.
    pub(crate) fn set_scissor_all(&mut self, on: bool) {
        if let Some(i) = State::cap_index(GL_SCISSOR_TEST) {
            self.state.enables[i] = on;
        }
        self.state.scissor_extra = if on { 0x7fff } else { 0 };
    }

    /// Whether the scissor test is on for viewport `index` (below
    /// `MAX_VIEWPORTS`).
    pub(crate) fn scissor_enabled(&self, index: usize) -> bool {
        match index.checked_sub(1) {
            None => self.state.enabled(GL_SCISSOR_TEST),
            Some(i) => self.state.scissor_extra & (1 << i) != 0,
        }
    }

    /// `glEnablei(GL_SCISSOR_TEST, index)` / `glDisablei`. INVALID_VALUE
    /// for an index past the viewports.
    pub(crate) fn set_scissor_indexed(&mut self, index: u32, on: bool) -> ApiResult {
        let index = viewport_range(index, 1)?.start;
        self.flush_vertices();
        match index.checked_sub(1) {
            None => {
                if let Some(i) = State::cap_index(GL_SCISSOR_TEST) {
                    self.state.enables[i] = on;
                }
            }
            Some(i) if on => self.state.scissor_extra |= 1 << i,
            Some(i) => self.state.scissor_extra &= !(1 << i),
        }
        Ok(())
    }

    /// `glIsEnabledi(GL_SCISSOR_TEST, index)`, errors as
    /// [`Context::set_scissor_indexed`].
    pub(crate) fn is_scissor_enabled_indexed(&self, index: u32) -> ApiResult<bool> {
        Ok(self.scissor_enabled(viewport_range(index, 1)?.start))
    }

    /// The indexed queries of `GL_VIEWPORT` (four floats), `GL_DEPTH_RANGE`
    /// (two) and `GL_SCISSOR_BOX` (four integers): the values and how
    /// many; `None` for another pname. INVALID_VALUE for an index past the
    /// viewports. Integer queries round these values (as Mesa, and as
    /// piglit's `arb_viewport_array@queries` checks), the depth range too.
    pub fn get_viewport_indexed(
        &self,
        pname: GLenum,
        index: u32,
    ) -> ApiResult<Option<([f64; 4], usize)>> {
        if !self.has_viewport_array()
            || !matches!(pname, GL_VIEWPORT | GL_DEPTH_RANGE | GL_SCISSOR_BOX)
        {
            return Ok(None);
        }
        let i = viewport_range(index, 1)?.start;
        let s = &self.state;
        Ok(Some(match pname {
            GL_VIEWPORT => (s.viewports[i].map(f64::from), 4),
            GL_DEPTH_RANGE => {
                let [n, f] = s.depth_ranges[i].map(f64::from);
                ([n, f, 0.0, 0.0], 2)
            }
            _ => (s.scissors[i].map(f64::from), 4),
        }))
    }

    /// The `OxglRasterDesc` fields of viewports 1 to 15: their viewports,
    /// depth ranges, scissor rectangles and scissor enables.
    #[expect(
        clippy::type_complexity,
        reason = "the four ABI fields, in their order"
    )]
    pub(crate) fn extra_viewports(
        &self,
    ) -> (
        [[f32; 4]; MAX_VIEWPORTS - 1],
        [[f32; 2]; MAX_VIEWPORTS - 1],
        [OxglRect; MAX_VIEWPORTS - 1],
        u32,
    ) {
        let s = &self.state;
        let viewports = std::array::from_fn(|i| s.viewports[i + 1]);
        let depth_ranges = std::array::from_fn(|i| s.depth_ranges[i + 1]);
        let scissors = std::array::from_fn(|i| {
            let [x, y, width, height] = s.scissors[i + 1];
            OxglRect {
                x,
                y,
                width,
                height,
            }
        });
        (
            viewports,
            depth_ranges,
            scissors,
            u32::from(s.scissor_extra),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_stop_at_the_last_viewport() {
        assert_eq!(viewport_range(0, 16), Ok(0..16));
        assert_eq!(viewport_range(15, 1), Ok(15..16));
        assert_eq!(viewport_range(15, 0), Ok(15..15));
        assert_eq!(viewport_range(16, 1), Err(ApiError::InvalidValue));
        assert_eq!(viewport_range(0, -1), Err(ApiError::InvalidValue));
        assert_eq!(viewport_range(u32::MAX, 2), Err(ApiError::InvalidValue));
    }

    #[test]
    fn viewports_clamp_to_the_bounds_and_dimensions() {
        let [lo, hi] = VIEWPORT_BOUNDS;
        assert_eq!(
            clamp_viewport([lo - 2.0, hi + 2.0, 1e9, 16385.0]),
            Ok([lo, hi, 16384.0, 16384.0])
        );
        assert_eq!(
            clamp_viewport([1.5, 2.25, 3.0, 4.0]),
            Ok([1.5, 2.25, 3.0, 4.0])
        );
        assert_eq!(
            clamp_viewport([0.0, 0.0, -10.3, 0.0]),
            Err(ApiError::InvalidValue)
        );
        assert_eq!(clamp_depth_range(-0.001, 2.0), [0.0, 1.0]);
    }
}
