//! Framebuffer configurations, derived from the X server's visuals.
//!
//! The server need not have GLX: every TrueColor visual kind (depth 24 or 32,
//! 8 bits per channel) of a screen yields a family of configs — single and
//! double buffered, each without depth, with 16-bit depth, and with 24-bit
//! depth + 8-bit stencil. Visual kinds with identical depth and masks are
//! deduplicated (Xvfb with GLX exposes ~390 visuals of two kinds); the first
//! visual of a kind is the one its configs name. Two more configs of each
//! kind (single and double buffered, 24-bit depth + 8-bit stencil) add a
//! 16-bit-per-channel accumulation buffer (kept by the GL core, see
//! `oxgl_core::compat::accum`). Nothing is offered that the software backend cannot
//! render to: no multisample, no stereo, no sRGB, no float configs.

use oxgl_dri_interface::{OxglColorFormat, OxglDrawableDesc};
use oxgl_glapi::generated::glx_enums::*;

/// One framebuffer configuration (`GLXFBConfig`).
#[derive(Clone, Debug)]
pub struct Config {
    /// `GLX_FBCONFIG_ID`.
    pub id: i32,
    /// X screen number.
    pub screen: i32,
    /// The X visual it renders to.
    pub visual_id: u32,
    /// The visual's depth (24 or 32).
    pub depth: u8,
    /// Red, green, blue, alpha bits.
    pub rgba: [u8; 4],
    /// `GLX_DOUBLEBUFFER`.
    pub double_buffered: bool,
    /// `GLX_DEPTH_SIZE`.
    pub depth_size: u8,
    /// `GLX_STENCIL_SIZE`.
    pub stencil_size: u8,
    /// `GLX_ACCUM_{RED,GREEN,BLUE,ALPHA}_SIZE` (0 or 16).
    pub accum_size: u8,
}

/// Largest pbuffer dimension.
pub const MAX_PBUFFER_DIM: i32 = 16384;

/// A visual the configs can use: TrueColor, 8 bits per channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VisualKind {
    /// First visual id of the kind.
    pub visual_id: u32,
    /// Depth (24 or 32).
    pub depth: u8,
}

impl Config {
    /// `GLX_BUFFER_SIZE`.
    pub fn buffer_size(&self) -> i32 {
        self.rgba.iter().map(|&b| i32::from(b)).sum()
    }

    /// The backend drawable description for a drawable of this config.
    pub fn drawable_desc(&self, width: u32, height: u32) -> OxglDrawableDesc {
        OxglDrawableDesc {
            width,
            height,
            color_format: if self.rgba[3] > 0 {
                OxglColorFormat::B8G8R8A8
            } else {
                OxglColorFormat::B8G8R8X8
            },
            double_buffered: u32::from(self.double_buffered),
            depth_bits: u32::from(self.depth_size),
            stencil_bits: u32::from(self.stencil_size),
            accum_bits: u32::from(self.accum_size),
            samples: 0,
            extra_color_buffers: 0,
            extra_color_formats: [oxgl_dri_interface::OxglColorFormat::B8G8R8A8; 7],
            layers: 0,
        }
    }

    /// `glXGetFBConfigAttrib` / `glXGetConfig`: `None` for an unknown attribute.
    pub fn attrib(&self, attrib: i32) -> Option<i32> {
        let v = match attrib {
            GLX_FBCONFIG_ID => self.id,
            GLX_USE_GL | GLX_RGBA | GLX_X_RENDERABLE => 1,
            GLX_BUFFER_SIZE => self.buffer_size(),
            GLX_LEVEL | GLX_AUX_BUFFERS | GLX_STEREO => 0,
            GLX_DOUBLEBUFFER => i32::from(self.double_buffered),
            GLX_RED_SIZE => i32::from(self.rgba[0]),
            GLX_GREEN_SIZE => i32::from(self.rgba[1]),
            GLX_BLUE_SIZE => i32::from(self.rgba[2]),
            GLX_ALPHA_SIZE => i32::from(self.rgba[3]),
            GLX_DEPTH_SIZE => i32::from(self.depth_size),
            GLX_STENCIL_SIZE => i32::from(self.stencil_size),
            GLX_ACCUM_RED_SIZE | GLX_ACCUM_GREEN_SIZE | GLX_ACCUM_BLUE_SIZE
            | GLX_ACCUM_ALPHA_SIZE => i32::from(self.accum_size),
            GLX_RENDER_TYPE => GLX_RGBA_BIT,
            GLX_DRAWABLE_TYPE => GLX_WINDOW_BIT | GLX_PIXMAP_BIT | GLX_PBUFFER_BIT,
            GLX_VISUAL_ID => self.visual_id as i32,
            GLX_X_VISUAL_TYPE => GLX_TRUE_COLOR,
            GLX_CONFIG_CAVEAT => GLX_NONE,
            GLX_TRANSPARENT_TYPE => GLX_NONE,
            GLX_TRANSPARENT_INDEX_VALUE
            | GLX_TRANSPARENT_RED_VALUE
            | GLX_TRANSPARENT_GREEN_VALUE
            | GLX_TRANSPARENT_BLUE_VALUE
            | GLX_TRANSPARENT_ALPHA_VALUE => 0,
            GLX_MAX_PBUFFER_WIDTH | GLX_MAX_PBUFFER_HEIGHT => MAX_PBUFFER_DIM,
            GLX_MAX_PBUFFER_PIXELS => MAX_PBUFFER_DIM * MAX_PBUFFER_DIM,
            GLX_SAMPLE_BUFFERS | GLX_SAMPLES => 0,
            GLX_SCREEN => self.screen,
            GLX_FRAMEBUFFER_SRGB_CAPABLE_ARB => 0,
            GLX_BIND_TO_TEXTURE_RGB_EXT
            | GLX_BIND_TO_TEXTURE_RGBA_EXT
            | GLX_BIND_TO_MIPMAP_TEXTURE_EXT => 0,
            GLX_BIND_TO_TEXTURE_TARGETS_EXT => 0,
            GLX_Y_INVERTED_EXT => 0,
            _ => return None,
        };
        Some(v)
    }
}

/// Builds the configs of one screen from its visual kinds; ids start at `first_id`.
pub fn build_configs(screen: i32, kinds: &[VisualKind], first_id: i32) -> Vec<Config> {
    let mut out = Vec::new();
    for kind in kinds {
        let alpha = if kind.depth == 32 { 8 } else { 0 };
        for double_buffered in [true, false] {
            for (depth_size, stencil_size) in [(24, 8), (16, 0), (0, 0)] {
                out.push(Config {
                    id: first_id + out.len() as i32,
                    screen,
                    visual_id: kind.visual_id,
                    depth: kind.depth,
                    rgba: [8, 8, 8, alpha],
                    double_buffered,
                    depth_size,
                    stencil_size,
                    accum_size: 0,
                });
            }
        }
    }
    for kind in kinds {
        let alpha = if kind.depth == 32 { 8 } else { 0 };
        for double_buffered in [true, false] {
            out.push(Config {
                id: first_id + out.len() as i32,
                screen,
                visual_id: kind.visual_id,
                depth: kind.depth,
                rgba: [8, 8, 8, alpha],
                double_buffered,
                depth_size: 24,
                stencil_size: 8,
                accum_size: 16,
            });
        }
    }
    out
}

/// A parsed attribute list of `glXChooseFBConfig` (GLX 1.4 §3.3.3, table 3.4)
/// or `glXChooseVisual` (GLX 1.4 §3.4, table 3.6).
#[derive(Clone, Debug)]
pub struct Criteria {
    min: Vec<(i32, i32)>,
    exact: Vec<(i32, i32)>,
    mask: Vec<(i32, i32)>,
    /// Requested colour sizes, for the sort (0 or DONT_CARE = not considered).
    color_sizes: [i32; 4],
}

/// `GLX_DONT_CARE` as an `int`.
const DONT_CARE: i32 = -1;

/// Why an attribute list was rejected.
#[derive(Debug, PartialEq, Eq)]
pub struct BadAttribute(pub i32);

impl Criteria {
    /// Parses a `glXChooseFBConfig` list (pairs, `None`-terminated).
    pub fn fbconfig(list: &[i32]) -> Result<Criteria, BadAttribute> {
        let mut c = Criteria {
            min: Vec::new(),
            exact: Vec::new(),
            mask: Vec::new(),
            color_sizes: [0; 4],
        };
        let mut render_type = GLX_RGBA_BIT;
        let mut drawable_type = GLX_WINDOW_BIT;
        let mut x_renderable = DONT_CARE;
        let mut double = DONT_CARE;
        for pair in list.chunks(2) {
            let [attr, value] = [pair[0], *pair.get(1).unwrap_or(&0)];
            match attr {
                GLX_BUFFER_SIZE | GLX_AUX_BUFFERS | GLX_DEPTH_SIZE | GLX_STENCIL_SIZE
                | GLX_ACCUM_RED_SIZE | GLX_ACCUM_GREEN_SIZE | GLX_ACCUM_BLUE_SIZE
                | GLX_ACCUM_ALPHA_SIZE | GLX_SAMPLE_BUFFERS | GLX_SAMPLES => {
                    c.min.push((attr, value))
                }
                GLX_RED_SIZE | GLX_GREEN_SIZE | GLX_BLUE_SIZE | GLX_ALPHA_SIZE => {
                    let i = match attr {
                        GLX_RED_SIZE => 0,
                        GLX_GREEN_SIZE => 1,
                        GLX_BLUE_SIZE => 2,
                        _ => 3,
                    };
                    c.color_sizes[i] = value;
                    c.min.push((attr, value));
                }
                GLX_DOUBLEBUFFER => double = value,
                GLX_STEREO
                | GLX_LEVEL
                | GLX_X_VISUAL_TYPE
                | GLX_CONFIG_CAVEAT
                | GLX_TRANSPARENT_TYPE
                | GLX_VISUAL_ID
                | GLX_FRAMEBUFFER_SRGB_CAPABLE_ARB => c.exact.push((attr, value)),
                GLX_FBCONFIG_ID => c.exact.push((attr, value)),
                GLX_RENDER_TYPE => render_type = value,
                GLX_DRAWABLE_TYPE => drawable_type = value,
                GLX_X_RENDERABLE => x_renderable = value,
                GLX_TRANSPARENT_INDEX_VALUE
                | GLX_TRANSPARENT_RED_VALUE
                | GLX_TRANSPARENT_GREEN_VALUE
                | GLX_TRANSPARENT_BLUE_VALUE
                | GLX_TRANSPARENT_ALPHA_VALUE
                | GLX_MAX_PBUFFER_WIDTH
                | GLX_MAX_PBUFFER_HEIGHT
                | GLX_MAX_PBUFFER_PIXELS => {}
                GLX_BIND_TO_TEXTURE_RGB_EXT
                | GLX_BIND_TO_TEXTURE_RGBA_EXT
                | GLX_BIND_TO_MIPMAP_TEXTURE_EXT
                | GLX_BIND_TO_TEXTURE_TARGETS_EXT
                | GLX_Y_INVERTED_EXT => c.exact.push((attr, value)),
                _ => return Err(BadAttribute(attr)),
            }
        }
        if double != DONT_CARE {
            c.exact.push((GLX_DOUBLEBUFFER, i32::from(double != 0)));
        }
        if x_renderable != DONT_CARE {
            c.exact
                .push((GLX_X_RENDERABLE, i32::from(x_renderable != 0)));
        }
        if render_type != DONT_CARE {
            c.mask.push((GLX_RENDER_TYPE, render_type));
        }
        if drawable_type != DONT_CARE {
            c.mask.push((GLX_DRAWABLE_TYPE, drawable_type));
        }
        c.exact.retain(|&(_, v)| v != DONT_CARE);
        c.min.retain(|&(_, v)| v != DONT_CARE);
        Ok(c)
    }

    /// Parses a `glXChooseVisual` list: boolean attributes stand alone, the
    /// rest take a value; `GLX_RGBA` is required for an RGBA visual (colour
    /// index is not supported), without `GLX_DOUBLEBUFFER` only single-buffered
    /// visuals are considered.
    pub fn visual(list: &[i32]) -> Result<Criteria, BadAttribute> {
        let mut pairs = Vec::new();
        let mut rgba = false;
        let mut double = false;
        let mut i = 0;
        while i < list.len() {
            let attr = list[i];
            match attr {
                GLX_USE_GL => {}
                GLX_RGBA => rgba = true,
                GLX_DOUBLEBUFFER => double = true,
                GLX_STEREO => pairs.extend([GLX_STEREO, 1]),
                _ => {
                    let value = *list.get(i + 1).ok_or(BadAttribute(attr))?;
                    pairs.extend([attr, value]);
                    i += 1;
                }
            }
            i += 1;
        }
        pairs.extend([
            GLX_RENDER_TYPE,
            if rgba {
                GLX_RGBA_BIT
            } else {
                GLX_COLOR_INDEX_BIT
            },
        ]);
        pairs.extend([GLX_DOUBLEBUFFER, i32::from(double)]);
        pairs.extend([GLX_X_RENDERABLE, 1]);
        Criteria::fbconfig(&pairs)
    }

    /// Whether `config` meets every criterion.
    pub fn matches(&self, config: &Config) -> bool {
        let get = |a: i32| config.attrib(a).unwrap_or(0);
        self.min.iter().all(|&(a, v)| get(a) >= v)
            && self.exact.iter().all(|&(a, v)| get(a) == v)
            && self.mask.iter().all(|&(a, v)| get(a) & v == v)
    }

    /// Sorts matching configs best first (GLX 1.4 table 3.5): caveat, larger
    /// requested colour bits, single before double buffer, fewer aux buffers
    /// and samples, larger depth, smaller stencil, smaller accumulation
    /// buffer, then id.
    pub fn sort(&self, configs: &mut [&Config]) {
        let color = |c: &Config| -> i32 {
            (0..4)
                .filter(|&i| self.color_sizes[i] > 0)
                .map(|i| i32::from(c.rgba[i]))
                .sum()
        };
        configs.sort_by_key(|c| {
            (
                std::cmp::Reverse(color(c)),
                c.double_buffered,
                std::cmp::Reverse(c.depth_size),
                c.stencil_size,
                c.accum_size,
                c.id,
            )
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn configs() -> Vec<Config> {
        build_configs(
            0,
            &[
                VisualKind {
                    visual_id: 0x21,
                    depth: 24,
                },
                VisualKind {
                    visual_id: 0x42,
                    depth: 32,
                },
            ],
            1,
        )
    }

    #[test]
    fn families() {
        let c = configs();
        assert_eq!(c.len(), 16);
        assert_eq!(c.iter().filter(|c| c.accum_size == 16).count(), 4);
        assert!(c.iter().all(|c| c.attrib(GLX_SAMPLES) == Some(0)));
        assert_eq!(c[0].attrib(GLX_DEPTH_SIZE), Some(24));
        assert_eq!(c[6].attrib(GLX_ALPHA_SIZE), Some(8));
        assert_eq!(c[0].attrib(0x7777), None);
    }

    #[test]
    fn choose_visual_double_depth() {
        let c = configs();
        let crit = Criteria::visual(&[GLX_RGBA, GLX_DOUBLEBUFFER, GLX_DEPTH_SIZE, 1]).unwrap();
        let mut m: Vec<&Config> = c.iter().filter(|c| crit.matches(c)).collect();
        crit.sort(&mut m);
        assert!(m[0].double_buffered);
        assert_eq!(m[0].depth_size, 24);
        // No GLX_DOUBLEBUFFER: single-buffered only; colour index: nothing.
        let crit = Criteria::visual(&[GLX_RGBA]).unwrap();
        assert!(
            c.iter()
                .filter(|c| crit.matches(c))
                .all(|c| !c.double_buffered)
        );
        let crit = Criteria::visual(&[GLX_RED_SIZE, 1]).unwrap();
        assert_eq!(c.iter().filter(|c| crit.matches(c)).count(), 0);
    }

    #[test]
    fn choose_fbconfig_alpha() {
        let c = configs();
        let crit = Criteria::fbconfig(&[GLX_ALPHA_SIZE, 1, GLX_DOUBLEBUFFER, 1]).unwrap();
        let mut m: Vec<&Config> = c.iter().filter(|c| crit.matches(c)).collect();
        assert_eq!(m.len(), 4);
        assert!(m.iter().all(|c| c.depth == 32));
        // Smaller accumulation buffers sort first.
        crit.sort(&mut m);
        assert_eq!(m[0].accum_size, 0);
        let crit = Criteria::fbconfig(&[GLX_ACCUM_RED_SIZE, 1]).unwrap();
        assert!(
            c.iter()
                .filter(|c| crit.matches(c))
                .all(|c| c.accum_size == 16)
        );
        assert_eq!(
            Criteria::fbconfig(&[0x7777, 1]).unwrap_err(),
            BadAttribute(0x7777)
        );
    }
}
