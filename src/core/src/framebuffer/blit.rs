//! `glBlitFramebuffer` (EXT_framebuffer_blit; GL 3.0 §4.3.3): a rectangle
//! of the read framebuffer's colour, depth and/or stencil copied into the
//! draw framebuffer, scaled (and mirrored when a rectangle's corners are
//! swapped) with nearest or linear filtering, cut by the scissor box.
//! Pixel transfer, fragment operations and masks do not apply.
//!
//! The copy runs on the CPU through the drawables' mapped buffers: the
//! source rectangle is read into memory first, so source and destination
//! may be the same buffer.

use oxgl_dri_interface::OxglBuffer;
use oxgl_dri_interface::client::Drawable;
use oxgl_dri_interface::draw_buffer_bits;
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::{GLbitfield, GLenum};

use crate::context::Context;
use crate::error::{ApiError, ApiResult};

/// One buffer's pixels as read: RGBA, depth in R or stencil in R.
struct Source {
    width: usize,
    height: usize,
    texels: Vec<[f32; 4]>,
}

impl Source {
    /// `buffer` of `d`; `resolve`: the drawable's `resolve` sample images
    /// (side by side, ABI 14) averaged into one — colour only, integer
    /// colour, depth and stencil take sample 0 (GL 4.6 §18.3.1 leaves the
    /// choice to the implementation).
    fn read(d: &Drawable, buffer: OxglBuffer, resolve: u32) -> Option<Source> {
        let map = d.map(buffer)?;
        let n = resolve.max(1) as usize;
        let (width, height) = (map.width as usize / n, map.height as usize);
        let average = n > 1
            && !matches!(buffer, OxglBuffer::Depth | OxglBuffer::Stencil)
            && !map.format.is_integer();
        let mut texels = Vec::with_capacity(width * height);
        for y in 0..height {
            let row = map.row_from_bottom(y as u32);
            let pixel = |x: usize| match buffer {
                OxglBuffer::Depth => {
                    let b = &row[x * 4..x * 4 + 4];
                    [f32::from_le_bytes([b[0], b[1], b[2], b[3]]), 0.0, 0.0, 0.0]
                }
                OxglBuffer::Stencil => [f32::from(row[x]), 0.0, 0.0, 0.0],
                _ => crate::framebuffer::get_pixel(row, x, map.format),
            };
            for x in 0..width {
                texels.push(if average {
                    let mut sum = [0.0f32; 4];
                    for k in 0..n {
                        let v = pixel(k * width + x);
                        for c in 0..4 {
                            sum[c] += v[c];
                        }
                    }
                    sum.map(|c| c / n as f32)
                } else {
                    pixel(x)
                });
            }
        }
        Some(Source {
            width,
            height,
            texels,
        })
    }

    fn at(&self, x: i64, y: i64) -> Option<[f32; 4]> {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            return None;
        }
        Some(self.texels[y as usize * self.width + x as usize])
    }

    /// Bilinear sample at (`x`, `y`) in pixel units, clamped to the edge.
    fn linear(&self, x: f64, y: f64) -> [f32; 4] {
        let (fx, fy) = (x - 0.5, y - 0.5);
        let (x0, y0) = (fx.floor(), fy.floor());
        let (ax, ay) = ((fx - x0) as f32, (fy - y0) as f32);
        let clamp = |v: f64, n: usize| (v as i64).clamp(0, n as i64 - 1);
        let t = |dx: f64, dy: f64| {
            self.at(clamp(x0 + dx, self.width), clamp(y0 + dy, self.height))
                .unwrap_or_default()
        };
        let (a, b, c, d) = (t(0.0, 0.0), t(1.0, 0.0), t(0.0, 1.0), t(1.0, 1.0));
        std::array::from_fn(|i| {
            let top = a[i] + (b[i] - a[i]) * ax;
            let bottom = c[i] + (d[i] - c[i]) * ax;
            top + (bottom - top) * ay
        })
    }
}

impl Context {
    /// GL 4.6 §18.3.1: INVALID_OPERATION for a colour blit between
    /// integer and non-integer buffers, or signed and unsigned integer
    /// ones, and for a linear blit of integer colour.
    fn check_blit_color_types(&self, filter: GLenum) -> ApiResult {
        let class = |f: Option<GLenum>| match f.map(crate::texture::component_type) {
            Some(GL_INT) => 1,
            Some(GL_UNSIGNED_INT) => 2,
            _ => 0,
        };
        if self.state.read_buffer == GL_NONE {
            return Ok(());
        }
        let read = class(self.read_color_internal_format());
        if read != 0 && filter == GL_LINEAR {
            return Err(ApiError::InvalidOperation);
        }
        let drawn = |b: GLenum| {
            if !self.fbo_bound() {
                return Some(0);
            }
            let j = b.checked_sub(GL_COLOR_ATTACHMENT0)?;
            self.draw_attachment_internal_format(j as usize)
                .map(|f| class(Some(f)))
        };
        if self
            .draw_buffer_list()
            .iter()
            .filter(|&&b| b != GL_NONE)
            .filter_map(|&b| drawn(b))
            .any(|c| c != read)
        {
            return Err(ApiError::InvalidOperation);
        }
        Ok(())
    }

    /// `glBlitFramebuffer`: `src` and `dst` are `x0, y0, x1, y1`.
    pub fn blit_framebuffer(
        &mut self,
        src: [i32; 4],
        dst: [i32; 4],
        mask: GLbitfield,
        filter: GLenum,
    ) -> ApiResult {
        self.outside_begin_end()?;
        let all = GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT;
        if mask & !all != 0 {
            return Err(ApiError::InvalidValue);
        }
        if !matches!(filter, GL_NEAREST | GL_LINEAR) {
            return Err(ApiError::InvalidEnum);
        }
        if filter == GL_LINEAR && mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT) != 0 {
            return Err(ApiError::InvalidOperation);
        }
        self.fbo_prepare()?;
        if mask & GL_COLOR_BUFFER_BIT != 0 {
            self.check_blit_color_types(filter)?;
        }
        // GL 4.6 §18.3.1: multisample buffers blit sample for sample
        // (the same counts) or resolve into single-sampled ones, the
        // rectangles the same size.
        let read_samples = self.fb_samples(self.fbo.read_binding);
        let draw_samples = self.fb_samples(self.fbo.draw_binding);
        if read_samples > 0 && draw_samples > 0 && read_samples != draw_samples {
            return Err(ApiError::InvalidOperation);
        }
        let size = |r: [i32; 4]| {
            [
                (i64::from(r[2]) - i64::from(r[0])).abs(),
                (i64::from(r[3]) - i64::from(r[1])).abs(),
            ]
        };
        if read_samples > 0 && size(src) != size(dst) {
            return Err(ApiError::InvalidOperation);
        }
        // Each destination sample image; the source's own (sample for
        // sample) or one resolved image.
        let planes = draw_samples.max(1);
        let resolve = if draw_samples > 0 { 0 } else { read_samples };
        let (read_bits, draw_bits) = (self.read_fb_bits(), self.fb_bits());
        // EXT_framebuffer_blit: depth and stencil formats must match.
        if mask & GL_DEPTH_BUFFER_BIT != 0
            && read_bits[4] != 0
            && draw_bits[4] != 0
            && read_bits[4] != draw_bits[4]
            || mask & GL_STENCIL_BUFFER_BIT != 0
                && read_bits[5] != 0
                && draw_bits[5] != 0
                && read_bits[5] != draw_bits[5]
        {
            return Err(ApiError::InvalidOperation);
        }
        // NV_conditional_render discards blits too (as Mesa).
        if self.select.mode != GL_RENDER || self.render_discarded() {
            return Ok(());
        }
        let (Some(read), Some(draw)) =
            (self.read_drawable().cloned(), self.draw_drawable().cloned())
        else {
            return Ok(());
        };
        Self::status(self.backend_finish())?;
        let mut jobs: Vec<(OxglBuffer, Vec<OxglBuffer>, bool)> = Vec::new();
        if mask & GL_COLOR_BUFFER_BIT != 0 {
            let from = match self.state.read_buffer {
                GL_NONE => OxglBuffer::Depth, // marker: nothing to read
                _ => self.read_color_buffer(),
            };
            let bits = self.draw_buffer_bits();
            let mut to = Vec::new();
            if bits & draw_buffer_bits::DRAW_FRONT != 0 {
                to.push(OxglBuffer::FrontColor);
            }
            if bits & draw_buffer_bits::DRAW_BACK != 0 && self.fb_double_buffered() {
                to.push(OxglBuffer::BackColor);
            }
            // A framebuffer object's other colour attachments drawn to.
            let (_, extra, _) = self.color_routing(true);
            for j in 1..8 {
                if extra & (1 << (j - 1)) != 0
                    && let Some(b) = OxglBuffer::extra_color(j)
                {
                    to.push(b);
                }
            }
            if from != OxglBuffer::Depth && !to.is_empty() {
                jobs.push((from, to, filter == GL_LINEAR));
            }
        }
        if mask & GL_DEPTH_BUFFER_BIT != 0 && read_bits[4] != 0 && draw_bits[4] != 0 {
            jobs.push((OxglBuffer::Depth, vec![OxglBuffer::Depth], false));
        }
        if mask & GL_STENCIL_BUFFER_BIT != 0 && read_bits[5] != 0 && draw_bits[5] != 0 {
            jobs.push((OxglBuffer::Stencil, vec![OxglBuffer::Stencil], false));
        }
        let scissor = self
            .state
            .enabled(GL_SCISSOR_TEST)
            .then_some(self.state.scissors[0]);
        for (from, to, linear) in jobs {
            let Some(source) = Source::read(&read, from, resolve) else {
                continue;
            };
            // A sample-for-sample copy reads sample image `k` of the source.
            let source_plane = if read_samples > 0 && draw_samples > 0 {
                (source.width / read_samples as usize) as i64
            } else {
                0
            };
            for buffer in to {
                let Some(mut map) = draw.map(buffer) else {
                    continue;
                };
                let (w, h) = (i64::from(map.width / planes), i64::from(map.height));
                let format = map.format;
                let (dx0, dx1) = (i64::from(dst[0].min(dst[2])), i64::from(dst[0].max(dst[2])));
                let (dy0, dy1) = (i64::from(dst[1].min(dst[3])), i64::from(dst[1].max(dst[3])));
                let (mut x_lo, mut x_hi, mut y_lo, mut y_hi) =
                    (dx0.max(0), dx1.min(w), dy0.max(0), dy1.min(h));
                if let Some([sx, sy, sw, sh]) = scissor {
                    x_lo = x_lo.max(i64::from(sx));
                    y_lo = y_lo.max(i64::from(sy));
                    x_hi = x_hi.min(i64::from(sx) + i64::from(sw));
                    y_hi = y_hi.min(i64::from(sy) + i64::from(sh));
                }
                // Source coordinate of destination pixel centre `d`.
                let scale_x = f64::from(src[2] - src[0]) / f64::from(dst[2] - dst[0]);
                let scale_y = f64::from(src[3] - src[1]) / f64::from(dst[3] - dst[1]);
                for y in y_lo..y_hi {
                    let sy = f64::from(src[1]) + (y as f64 + 0.5 - f64::from(dst[1])) * scale_y;
                    let row = map.row_from_bottom_mut(y as u32);
                    for (k, x) in
                        (0..i64::from(planes)).flat_map(|k| (x_lo..x_hi).map(move |x| (k, x)))
                    {
                        let sx = f64::from(src[0]) + (x as f64 + 0.5 - f64::from(dst[0])) * scale_x;
                        let v = if linear {
                            if sx < 0.0
                                || sy < 0.0
                                || sx >= source.width as f64
                                || sy >= source.height as f64
                            {
                                continue;
                            }
                            source.linear(sx, sy)
                        } else {
                            let fx = sx.floor() as i64;
                            if source_plane > 0 && !(0..source_plane).contains(&fx) {
                                continue;
                            }
                            match source.at(fx + k * source_plane, sy.floor() as i64) {
                                Some(v) => v,
                                None => continue,
                            }
                        };
                        let x = (x + k * w) as usize;
                        match buffer {
                            OxglBuffer::Depth => {
                                row[x * 4..x * 4 + 4].copy_from_slice(&v[0].to_le_bytes());
                            }
                            OxglBuffer::Stencil => row[x] = v[0] as u8,
                            _ => crate::framebuffer::put_pixel(row, x, format, v),
                        }
                    }
                }
            }
        }
        Ok(())
    }
}
