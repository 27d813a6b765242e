//! EGL configs (EGL 1.5 §3.4): the GLX crate's configs seen through EGL's
//! attributes, and `eglChooseConfig`'s selection and sorting (table 3.4).
//!
//! An EGL display offers the double-buffered GLX configs without an
//! accumulation buffer (EGL has no single/double-buffer attribute: window
//! surfaces render to a back buffer, pbuffers too, pixmaps to the front
//! one; and no accumulation buffer attribute). On X11 they come from the
//! server's visuals and support windows, pixmaps and pbuffers; on the
//! surfaceless and device platforms there is no visual and only pbuffers;
//! on Wayland, windows and pbuffers with the `wl_shm` format's DRM fourcc
//! as native visual id. Every config renders OpenGL only
//! (`EGL_OPENGL_BIT`): no OpenGL ES profile exists in the core yet.

use oxgl_glapi::generated::egl_enums::*;
use oxgl_glapi::types::EGLint;
use oxgl_glx::config::{Config as GlxConfig, MAX_PBUFFER_DIM};

use crate::error::{BAD_ATTRIBUTE, Result};

/// Largest swap interval (the same bound GLX_EXT_swap_control uses).
pub const MAX_SWAP_INTERVAL: EGLint = 1000;

/// X11 `TrueColor` visual class, for `EGL_NATIVE_VISUAL_TYPE`.
const TRUE_COLOR: EGLint = 4;

/// One EGL config.
#[derive(Clone, Debug)]
pub struct Config {
    /// `EGL_CONFIG_ID` (1-based; also the `EGLConfig` handle value).
    pub id: EGLint,
    /// The GLX config it renders with.
    pub glx: GlxConfig,
    /// `EGL_SURFACE_TYPE`.
    pub surface_type: EGLint,
    /// There is an X visual behind it.
    pub native: bool,
    /// `EGL_NATIVE_VISUAL_ID`: the X visual, the Wayland format's DRM
    /// fourcc, or 0.
    pub visual_id: EGLint,
}

/// The renderable APIs of every config: OpenGL, and OpenGL ES 1.x, 2.0 and
/// 3.0 when the core has them. Every config is also conformant for them
/// (`EGL_CONFORMANT`, as Mesa reports).
pub fn renderable() -> EGLint {
    let s = oxgl_core::version::support();
    let es = match s.gles2 {
        Some(v) if v >= (3, 0) => EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT,
        Some(_) => EGL_OPENGL_ES2_BIT,
        None => 0,
    };
    let es1 = if s.gles1.is_some() {
        EGL_OPENGL_ES_BIT
    } else {
        0
    };
    EGL_OPENGL_BIT | es | es1
}

impl Config {
    /// The EGL configs of a display from its GLX configs (`native`: X11,
    /// windows allowed).
    pub fn from_glx(configs: &[GlxConfig], native: bool) -> Vec<Config> {
        configs
            .iter()
            .filter(|c| c.double_buffered && c.accum_size == 0)
            .enumerate()
            .map(|(i, c)| Config {
                id: i as EGLint + 1,
                glx: c.clone(),
                surface_type: if native {
                    EGL_WINDOW_BIT | EGL_PIXMAP_BIT | EGL_PBUFFER_BIT
                } else {
                    EGL_PBUFFER_BIT
                },
                native,
                visual_id: if native { c.visual_id as EGLint } else { 0 },
            })
            .collect()
    }

    /// The configs of a Wayland display: windows and pbuffers, the DRM
    /// fourcc of their `wl_shm` format as `EGL_NATIVE_VISUAL_ID` (newer
    /// Mesa's choice; Mesa 22.3 reports 0) and no native visual type.
    pub fn for_wayland(configs: &[GlxConfig]) -> Vec<Config> {
        let mut out = Config::from_glx(configs, false);
        for c in &mut out {
            c.surface_type = EGL_WINDOW_BIT | EGL_PBUFFER_BIT;
            c.visual_id = c.glx.visual_id as EGLint;
        }
        out
    }

    /// `eglGetConfigAttrib`: `None` for an attribute EGL 1.5 (and the
    /// extensions we advertise) does not define.
    pub fn attrib(&self, attrib: EGLint) -> Option<EGLint> {
        let c = &self.glx;
        let v = match attrib {
            EGL_BUFFER_SIZE => c.buffer_size(),
            EGL_RED_SIZE => i32::from(c.rgba[0]),
            EGL_GREEN_SIZE => i32::from(c.rgba[1]),
            EGL_BLUE_SIZE => i32::from(c.rgba[2]),
            EGL_ALPHA_SIZE => i32::from(c.rgba[3]),
            EGL_LUMINANCE_SIZE | EGL_ALPHA_MASK_SIZE => 0,
            EGL_BIND_TO_TEXTURE_RGB | EGL_BIND_TO_TEXTURE_RGBA => EGL_FALSE,
            EGL_COLOR_BUFFER_TYPE => EGL_RGB_BUFFER,
            EGL_CONFIG_CAVEAT => EGL_NONE,
            EGL_CONFIG_ID => self.id,
            EGL_CONFORMANT | EGL_RENDERABLE_TYPE => renderable(),
            EGL_DEPTH_SIZE => i32::from(c.depth_size),
            EGL_STENCIL_SIZE => i32::from(c.stencil_size),
            EGL_LEVEL => 0,
            EGL_MAX_PBUFFER_WIDTH | EGL_MAX_PBUFFER_HEIGHT => MAX_PBUFFER_DIM,
            EGL_MAX_PBUFFER_PIXELS => MAX_PBUFFER_DIM * MAX_PBUFFER_DIM,
            EGL_MIN_SWAP_INTERVAL => 0,
            EGL_MAX_SWAP_INTERVAL => MAX_SWAP_INTERVAL,
            EGL_NATIVE_RENDERABLE => EGLint::from(self.native),
            EGL_NATIVE_VISUAL_ID => self.visual_id,
            EGL_NATIVE_VISUAL_TYPE => {
                if self.native {
                    TRUE_COLOR
                } else {
                    EGL_NONE
                }
            }
            EGL_SAMPLE_BUFFERS | EGL_SAMPLES => 0,
            EGL_SURFACE_TYPE => self.surface_type,
            EGL_TRANSPARENT_TYPE => EGL_NONE,
            EGL_TRANSPARENT_RED_VALUE
            | EGL_TRANSPARENT_GREEN_VALUE
            | EGL_TRANSPARENT_BLUE_VALUE => 0,
            _ => return None,
        };
        Some(v)
    }

    /// Whether a context of this config can render to a surface of `other`
    /// (EGL 1.5 §3.7.3: "compatible" configs have the same colour, depth
    /// and stencil buffers).
    pub fn compatible(&self, other: &Config) -> bool {
        self.glx.rgba == other.glx.rgba
            && self.glx.depth_size == other.glx.depth_size
            && self.glx.stencil_size == other.glx.stencil_size
    }
}

/// How `eglChooseConfig` compares an attribute (EGL 1.5 table 3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    AtLeast,
    Exact,
    Mask,
    Ignored,
}

fn rule(attrib: EGLint) -> Option<Rule> {
    Some(match attrib {
        EGL_BUFFER_SIZE | EGL_RED_SIZE | EGL_GREEN_SIZE | EGL_BLUE_SIZE | EGL_ALPHA_SIZE
        | EGL_LUMINANCE_SIZE | EGL_ALPHA_MASK_SIZE | EGL_DEPTH_SIZE | EGL_STENCIL_SIZE
        | EGL_SAMPLE_BUFFERS | EGL_SAMPLES => Rule::AtLeast,
        EGL_BIND_TO_TEXTURE_RGB
        | EGL_BIND_TO_TEXTURE_RGBA
        | EGL_COLOR_BUFFER_TYPE
        | EGL_CONFIG_CAVEAT
        | EGL_CONFIG_ID
        | EGL_LEVEL
        | EGL_MAX_SWAP_INTERVAL
        | EGL_MIN_SWAP_INTERVAL
        | EGL_NATIVE_RENDERABLE
        | EGL_NATIVE_VISUAL_TYPE
        | EGL_TRANSPARENT_TYPE
        | EGL_TRANSPARENT_RED_VALUE
        | EGL_TRANSPARENT_GREEN_VALUE
        | EGL_TRANSPARENT_BLUE_VALUE => Rule::Exact,
        EGL_CONFORMANT | EGL_RENDERABLE_TYPE | EGL_SURFACE_TYPE => Rule::Mask,
        EGL_MAX_PBUFFER_WIDTH
        | EGL_MAX_PBUFFER_HEIGHT
        | EGL_MAX_PBUFFER_PIXELS
        | EGL_NATIVE_VISUAL_ID
        | EGL_MATCH_NATIVE_PIXMAP => Rule::Ignored,
        _ => return None,
    })
}

/// Whether `attrib` is an `eglChooseConfig` attribute.
pub fn known(attrib: EGLint) -> bool {
    rule(attrib).is_some()
}

/// A parsed `eglChooseConfig` attribute list.
#[derive(Clone, Debug)]
pub struct Criteria {
    /// (attribute, value, rule) after defaults, `EGL_DONT_CARE` dropped.
    tests: Vec<(EGLint, EGLint, Rule)>,
    /// Colour components asked for with a value other than 0 and DONT_CARE
    /// (red, green, blue, alpha): they count in the second sort key.
    colors: [bool; 4],
    /// `EGL_CONFIG_ID` given: every other attribute is ignored.
    config_id: Option<EGLint>,
}

impl Criteria {
    /// Parses an `EGL_NONE`-terminated list read into pairs. Unknown
    /// attributes and invalid values are `EGL_BAD_ATTRIBUTE`.
    pub fn parse(pairs: &[(EGLint, EGLint)]) -> Result<Criteria> {
        // Table 3.4 defaults; DONT_CARE ones are simply absent.
        let mut values: Vec<(EGLint, EGLint)> = vec![
            (EGL_BUFFER_SIZE, 0),
            (EGL_RED_SIZE, 0),
            (EGL_GREEN_SIZE, 0),
            (EGL_BLUE_SIZE, 0),
            (EGL_ALPHA_SIZE, 0),
            (EGL_LUMINANCE_SIZE, 0),
            (EGL_ALPHA_MASK_SIZE, 0),
            (EGL_COLOR_BUFFER_TYPE, EGL_RGB_BUFFER),
            (EGL_CONFORMANT, 0),
            (EGL_DEPTH_SIZE, 0),
            (EGL_LEVEL, 0),
            (EGL_RENDERABLE_TYPE, EGL_OPENGL_ES_BIT),
            (EGL_SAMPLE_BUFFERS, 0),
            (EGL_SAMPLES, 0),
            (EGL_STENCIL_SIZE, 0),
            (EGL_SURFACE_TYPE, EGL_WINDOW_BIT),
            (EGL_TRANSPARENT_TYPE, EGL_NONE),
        ];
        let mut config_id = None;
        for &(a, v) in pairs {
            let Some(r) = rule(a) else {
                return Err(BAD_ATTRIBUTE);
            };
            // Value checks (Mesa's _eglValidateConfig, EGL 1.5 §3.4.1.2).
            let valid = match a {
                EGL_COLOR_BUFFER_TYPE => matches!(v, EGL_RGB_BUFFER | EGL_LUMINANCE_BUFFER),
                EGL_CONFIG_CAVEAT => matches!(
                    v,
                    EGL_NONE | EGL_SLOW_CONFIG | EGL_NON_CONFORMANT_CONFIG | EGL_DONT_CARE
                ),
                EGL_TRANSPARENT_TYPE => matches!(v, EGL_NONE | EGL_TRANSPARENT_RGB),
                EGL_NATIVE_RENDERABLE | EGL_BIND_TO_TEXTURE_RGB | EGL_BIND_TO_TEXTURE_RGBA => {
                    matches!(v, EGL_TRUE | EGL_FALSE | EGL_DONT_CARE)
                }
                _ if r == Rule::AtLeast => v >= 0 || v == EGL_DONT_CARE,
                _ => true,
            };
            if !valid {
                return Err(BAD_ATTRIBUTE);
            }
            if a == EGL_CONFIG_ID && v != EGL_DONT_CARE {
                config_id = Some(v);
            }
            match values.iter_mut().find(|(x, _)| *x == a) {
                Some(slot) => slot.1 = v,
                None => values.push((a, v)),
            }
        }
        let get = |a: EGLint| values.iter().find(|(x, _)| *x == a).map(|p| p.1);
        let wanted = |a: EGLint| get(a).is_some_and(|v| v != 0 && v != EGL_DONT_CARE);
        let colors = [
            wanted(EGL_RED_SIZE),
            wanted(EGL_GREEN_SIZE),
            wanted(EGL_BLUE_SIZE),
            wanted(EGL_ALPHA_SIZE),
        ];
        let tests = values
            .iter()
            .filter(|(_, v)| *v != EGL_DONT_CARE)
            .filter_map(|&(a, v)| rule(a).map(|r| (a, v, r)))
            .filter(|(_, _, r)| *r != Rule::Ignored)
            .collect();
        Ok(Criteria {
            tests,
            colors,
            config_id,
        })
    }

    /// Whether `config` meets every criterion.
    pub fn matches(&self, config: &Config) -> bool {
        if let Some(id) = self.config_id {
            return config.id == id;
        }
        self.tests.iter().all(|&(a, v, r)| {
            let have = config.attrib(a).unwrap_or(0);
            match r {
                Rule::AtLeast => have >= v,
                Rule::Exact => have == v,
                Rule::Mask => have & v == v,
                Rule::Ignored => true,
            }
        })
    }

    /// Sorts matching configs best first (EGL 1.5 §3.4.1.2): caveat, colour
    /// buffer type, larger sum of the requested colour components, smaller
    /// buffer size, fewer sample buffers and samples, smaller depth,
    /// stencil and alpha mask, native visual type, then config id.
    pub fn sort(&self, configs: &mut [&Config]) {
        let color = |c: &Config| -> EGLint {
            (0..4)
                .filter(|&i| self.colors[i])
                .map(|i| EGLint::from(c.glx.rgba[i]))
                .sum()
        };
        configs.sort_by_key(|c| {
            let a = |x| c.attrib(x).unwrap_or(0);
            (
                a(EGL_CONFIG_CAVEAT) != EGL_NONE,
                a(EGL_COLOR_BUFFER_TYPE) != EGL_RGB_BUFFER,
                std::cmp::Reverse(color(c)),
                a(EGL_BUFFER_SIZE),
                a(EGL_SAMPLE_BUFFERS),
                a(EGL_SAMPLES),
                a(EGL_DEPTH_SIZE),
                a(EGL_STENCIL_SIZE),
                a(EGL_ALPHA_MASK_SIZE),
                c.id,
            )
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxgl_glx::config::{VisualKind, build_configs};

    fn configs(native: bool) -> Vec<Config> {
        let kinds = [
            VisualKind {
                visual_id: 0x21,
                depth: 24,
            },
            VisualKind {
                visual_id: 0x42,
                depth: 32,
            },
        ];
        Config::from_glx(&build_configs(0, &kinds, 1), native)
    }

    fn choose(list: &[(EGLint, EGLint)], native: bool) -> Result<Vec<EGLint>> {
        let all = configs(native);
        let crit = Criteria::parse(list)?;
        let mut m: Vec<&Config> = all.iter().filter(|c| crit.matches(c)).collect();
        crit.sort(&mut m);
        Ok(m.iter().map(|c| c.id).collect())
    }

    #[test]
    fn six_double_buffered_configs() {
        let c = configs(true);
        assert_eq!(c.len(), 6);
        assert!(c.iter().all(|c| c.glx.double_buffered));
        assert_eq!(c[0].attrib(EGL_CONFIG_ID), Some(1));
        assert_eq!(c[0].attrib(EGL_NATIVE_VISUAL_ID), Some(0x21));
        assert_eq!(c[0].attrib(0x7777), None);
        let s = configs(false);
        assert_eq!(s[0].attrib(EGL_SURFACE_TYPE), Some(EGL_PBUFFER_BIT));
        assert_eq!(s[0].attrib(EGL_NATIVE_VISUAL_ID), Some(0));
    }

    #[test]
    fn wayland_configs_carry_the_fourcc() {
        let xr24 = u32::from_le_bytes(*b"XR24");
        let kinds = [VisualKind {
            visual_id: xr24,
            depth: 24,
        }];
        let c = Config::for_wayland(&build_configs(0, &kinds, 1));
        assert_eq!(c.len(), 3);
        for c in &c {
            assert_eq!(c.attrib(EGL_NATIVE_VISUAL_ID), Some(0x3432_5258));
            assert_eq!(
                c.attrib(EGL_SURFACE_TYPE),
                Some(EGL_WINDOW_BIT | EGL_PBUFFER_BIT)
            );
            assert_eq!(c.attrib(EGL_NATIVE_VISUAL_TYPE), Some(EGL_NONE));
            assert_eq!(c.attrib(EGL_NATIVE_RENDERABLE), Some(EGL_FALSE));
        }
    }

    #[test]
    fn default_renderable_type_is_es1() {
        // Table 3.4: EGL_RENDERABLE_TYPE defaults to EGL_OPENGL_ES_BIT
        // (ES 1.x), which every config renders, as the others.
        assert_eq!(choose(&[], true).unwrap().len(), 6);
        for api in [EGL_OPENGL_ES_BIT, EGL_OPENGL_ES2_BIT, EGL_OPENGL_BIT] {
            assert_eq!(
                choose(&[(EGL_RENDERABLE_TYPE, api)], true).unwrap().len(),
                6
            );
        }
    }

    #[test]
    fn sorting_follows_table_3_4() {
        let gl = (EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT);
        // No colour asked for: smaller buffer first, then smaller depth.
        let ids = choose(&[gl], true).unwrap();
        let all = configs(true);
        let first = &all[ids[0] as usize - 1];
        assert_eq!(first.attrib(EGL_BUFFER_SIZE), Some(24));
        assert_eq!(first.attrib(EGL_DEPTH_SIZE), Some(0));
        // Alpha asked for: the 32-bit configs, larger colour sum first.
        let ids = choose(&[gl, (EGL_ALPHA_SIZE, 1)], true).unwrap();
        assert_eq!(ids.len(), 3);
        assert!(
            ids.iter()
                .all(|&i| all[i as usize - 1].attrib(EGL_ALPHA_SIZE) == Some(8))
        );
        // Depth at least 1: 16 sorts before 24.
        let ids = choose(&[gl, (EGL_DEPTH_SIZE, 1)], true).unwrap();
        assert_eq!(all[ids[0] as usize - 1].attrib(EGL_DEPTH_SIZE), Some(16));
        // EGL_CONFIG_ID overrides everything else.
        assert_eq!(
            choose(&[(EGL_CONFIG_ID, 3), (EGL_RED_SIZE, 99)], true).unwrap(),
            vec![3]
        );
        // Windows on the surfaceless platform: none.
        assert!(
            choose(&[gl, (EGL_SURFACE_TYPE, EGL_WINDOW_BIT)], false)
                .unwrap()
                .is_empty()
        );
        assert_eq!(choose(&[(0x7777, 1)], true), Err(BAD_ATTRIBUTE));
        assert_eq!(choose(&[(EGL_RED_SIZE, -5)], true), Err(BAD_ATTRIBUTE));
        assert_eq!(
            choose(&[(EGL_COLOR_BUFFER_TYPE, 5)], true),
            Err(BAD_ATTRIBUTE)
        );
    }
}
