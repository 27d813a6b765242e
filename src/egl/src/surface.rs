//! EGL surfaces: a GLX drawable (backend storage, and for X11 windows the
//! presentation code GLX uses; Wayland windows present through
//! [`WlWindow`]) plus the attributes EGL reports.

use std::sync::Arc;
use std::sync::atomic::{AtomicI32, Ordering};

use oxgl_glapi::generated::egl_enums::*;
use oxgl_glapi::types::EGLint;
use oxgl_glx::display::DisplayState;
use oxgl_glx::drawable::{GlxDrawable, Kind};

use crate::config::Config;
use crate::error::{BAD_ATTRIBUTE, BAD_MATCH, Result};
use crate::wayland::window::WlWindow;

/// One EGL surface.
pub struct Surface {
    /// The drawable rendered to.
    pub drawable: Arc<GlxDrawable>,
    /// Its config.
    pub config: Config,
    /// Pbuffer size as created (storage is at least 1x1), `None` for windows.
    pub pbuffer_size: Option<(EGLint, EGLint)>,
    /// `EGL_LARGEST_PBUFFER` as given.
    pub largest: bool,
    /// `EGL_RENDER_BUFFER`: as requested for windows, `EGL_BACK_BUFFER` for
    /// pbuffers, `EGL_SINGLE_BUFFER` for pixmaps (EGL 1.5 §3.5.6).
    pub render_buffer: EGLint,
    /// `EGL_MIPMAP_LEVEL`.
    pub mipmap_level: AtomicI32,
    /// The Wayland window a window surface presents to.
    pub wayland: Option<Arc<WlWindow>>,
}

impl Surface {
    /// Its `EGLSurface` handle.
    pub fn handle(self: &Arc<Self>) -> usize {
        Arc::as_ptr(self) as usize
    }

    /// Whether it is a window surface.
    pub fn is_window(&self) -> bool {
        self.drawable.kind == Kind::Window
    }

    /// Whether it is a pixmap surface.
    pub fn is_pixmap(&self) -> bool {
        self.drawable.kind == Kind::Pixmap
    }

    /// `eglQuerySurface`.
    pub fn query(&self, x11: Option<&DisplayState>, attribute: EGLint) -> Result<EGLint> {
        let size = match self.pbuffer_size {
            Some(s) => s,
            None => {
                self.drawable.refresh_size(x11);
                let (w, h) = self.drawable.size();
                (w as EGLint, h as EGLint)
            }
        };
        Ok(match attribute {
            EGL_CONFIG_ID => self.config.id,
            EGL_WIDTH => size.0,
            EGL_HEIGHT => size.1,
            EGL_LARGEST_PBUFFER => EGLint::from(self.largest),
            EGL_HORIZONTAL_RESOLUTION | EGL_VERTICAL_RESOLUTION | EGL_PIXEL_ASPECT_RATIO => {
                EGL_UNKNOWN
            }
            EGL_MIPMAP_TEXTURE => EGL_FALSE,
            EGL_MIPMAP_LEVEL => self.mipmap_level.load(Ordering::Relaxed),
            EGL_MULTISAMPLE_RESOLVE => EGL_MULTISAMPLE_RESOLVE_DEFAULT,
            EGL_RENDER_BUFFER => self.render_buffer,
            EGL_SWAP_BEHAVIOR => EGL_BUFFER_DESTROYED,
            EGL_TEXTURE_FORMAT | EGL_TEXTURE_TARGET => EGL_NO_TEXTURE,
            EGL_VG_ALPHA_FORMAT => EGL_VG_ALPHA_FORMAT_NONPRE,
            EGL_VG_COLORSPACE => EGL_VG_COLORSPACE_sRGB,
            EGL_GL_COLORSPACE if self.drawable.backend.srgb() => EGL_GL_COLORSPACE_SRGB,
            EGL_GL_COLORSPACE => EGL_GL_COLORSPACE_LINEAR,
            _ => return Err(BAD_ATTRIBUTE),
        })
    }

    /// `eglSurfaceAttrib` (EGL 1.5 §3.5.6).
    pub fn set(&self, attribute: EGLint, value: EGLint) -> Result<()> {
        match attribute {
            EGL_MIPMAP_LEVEL => {
                self.mipmap_level.store(value, Ordering::Relaxed);
                Ok(())
            }
            // Preserved contents need EGL_SWAP_BEHAVIOR_PRESERVED_BIT, which
            // no config has.
            EGL_SWAP_BEHAVIOR => match value {
                EGL_BUFFER_DESTROYED => Ok(()),
                EGL_BUFFER_PRESERVED => Err(BAD_MATCH),
                _ => Err(BAD_ATTRIBUTE),
            },
            // A box resolve needs EGL_MULTISAMPLE_RESOLVE_BOX_BIT: none has it.
            EGL_MULTISAMPLE_RESOLVE => match value {
                EGL_MULTISAMPLE_RESOLVE_DEFAULT => Ok(()),
                EGL_MULTISAMPLE_RESOLVE_BOX => Err(BAD_MATCH),
                _ => Err(BAD_ATTRIBUTE),
            },
            _ => Err(BAD_ATTRIBUTE),
        }
    }
}
