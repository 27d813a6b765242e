//! A GL context: its state, its error flag, its backend context and the
//! drawables bound to it.

use std::ffi::{CStr, CString};
use std::sync::Arc;

use oxgl_dri_interface::client::{Context as BackendContext, Drawable, RendererInfo};
use oxgl_dri_interface::{
    OxglClearDesc, OxglDrawDesc, OxglRect, OxglStatus, clear_bits, draw_buffer_bits,
};
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::*;

use crate::debug::DebugState;
use crate::error::{ApiError, ApiResult};
use crate::state::{PixelStore, State};
use crate::version::{self, Support};

/// Largest viewport and renderbuffer dimension (llvmpipe's value).
pub const MAX_VIEWPORT_DIM: i32 = 16384;

/// `GL_MAX_DRAW_BUFFERS`: fragment colours a draw can write to separate
/// buffers (Mesa's 8): a framebuffer object's colour attachments 0 to 7
/// ([`crate::framebuffer::MAX_COLOR_ATTACHMENTS`]).
pub const MAX_DRAW_BUFFERS: usize = 8;

/// Context profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// Legacy or compatibility-profile desktop GL.
    Compat,
    /// Core-profile desktop GL.
    Core,
    /// OpenGL ES.
    Es,
}

/// What a context is created as, and the pixel format of its default framebuffer.
#[derive(Clone, Copy, Debug)]
pub struct ContextParams {
    /// Profile.
    pub profile: Profile,
    /// Version the context reports (already validated against [`Support`]).
    pub version: (u8, u8),
    /// `GL_CONTEXT_FLAGS` bits (debug, forward-compatible, robust access, no error).
    pub flags: u32,
    /// Bits of red, green, blue, alpha in the default framebuffer.
    pub rgba_bits: [u8; 4],
    /// Depth bits.
    pub depth_bits: u8,
    /// Stencil bits.
    pub stencil_bits: u8,
    /// Accumulation bits per channel.
    pub accum_bits: [u8; 4],
    /// Whether the default framebuffer has a back buffer.
    pub double_buffered: bool,
    /// The core fetches every array draw's vertices into floats itself,
    /// as before ABI 13, instead of handing the backend the arrays
    /// (`OXGL_VERTEX_FETCH=core`, for comparisons).
    pub core_vertex_fetch: bool,
}

impl ContextParams {
    /// An OpenGL ES context.
    pub fn is_es(&self) -> bool {
        self.profile == Profile::Es
    }

    /// An OpenGL ES 1.x (common profile) context: fixed function, no
    /// shaders.
    pub fn is_es1(&self) -> bool {
        self.profile == Profile::Es && self.version < (2, 0)
    }

    /// A context with the fixed-function pipeline and its state: desktop
    /// compatibility profile, and OpenGL ES 1.x.
    pub fn has_fixed_function(&self) -> bool {
        self.profile == Profile::Compat || self.is_es1()
    }

    /// An OpenGL ES 2.0 (or later) context: programmable only.
    pub fn is_es2(&self) -> bool {
        self.profile == Profile::Es && self.version >= (2, 0)
    }

    /// An OpenGL ES 3.0 (or later) context.
    pub fn is_es3(&self) -> bool {
        self.profile == Profile::Es && self.version >= (3, 0)
    }

    /// A desktop GL context, or an ES 3.0 one: what GL 3.x features that
    /// ES 3.0 took (uniform buffers, transform feedback, ...) exist in.
    pub fn desktop_or_es3(&self) -> bool {
        self.profile != Profile::Es || self.version >= (3, 0)
    }
}

/// What the window system (GLX, EGL) does for a context.
pub trait WindowSystemHooks: Send {
    /// The front buffer of the draw drawable changed (`glFlush`/`glFinish`
    /// while drawing to the front): show it.
    fn flush_front(&self);
    /// The application set a viewport: a cheap moment to notice that the
    /// window was resized and resize the drawable's storage.
    fn check_drawable_size(&self);
}

/// One GL context.
pub struct Context {
    params: ContextParams,
    support: Support,
    /// Query objects (declared before `backend`: dropped before it).
    pub(crate) queries: crate::query::Queries,
    /// Transform feedback (EXT_transform_feedback).
    pub xfb: crate::xfb::TransformFeedback,
    /// The transform feedback objects not bound.
    pub xfb_objects: crate::xfb::XfbObjects,
    /// The indexed uniform buffer bindings (ARB_uniform_buffer_object).
    pub ubo: crate::program::ubo::UniformBuffers,
    /// The indexed atomic counter buffer bindings
    /// (ARB_shader_atomic_counters).
    pub counters: crate::program::atomic::CounterBuffers,
    /// Shader storage buffer binding points.
    pub storage: crate::program::storage::StorageBuffers,
    /// The image units (ARB_shader_image_load_store).
    pub image_units: crate::texture::image_unit::ImageUnits,
    backend: BackendContext,
    /// Framebuffer and renderbuffer objects (after `backend`: their
    /// drawables are dropped after the backend context).
    pub(crate) fbo: crate::framebuffer::FboState,
    renderer: RendererInfo,
    draw: Option<Arc<Drawable>>,
    read: Option<Arc<Drawable>>,
    pub(crate) ws: Option<Box<dyn WindowSystemHooks>>,
    error: Option<ApiError>,
    /// The GL command being executed, for the debug messages of its errors.
    command: &'static str,
    ever_bound: bool,
    strings: Strings,
    /// GL state.
    pub state: State,
    /// Debug output: message filter, log, callback ([`crate::debug`]).
    pub debug: DebugState,
    /// Matrix stacks, current attributes and immediate mode.
    pub ff: crate::compat::fixed::FixedFunction,
    /// Buffer object bindings (the objects live in `shared`).
    pub buffers: crate::buffer::BufferBindings,
    /// Vertex array objects and primitive restart.
    pub vertex_arrays: crate::vbo::draw::VertexArrays,
    /// Display-list compilation and `glListBase`.
    pub lists: crate::compat::dlist::ListState,
    /// Lights, light model, materials.
    pub lighting: crate::compat::lighting::Lighting,
    /// Texture bindings per unit and the default textures.
    pub textures: crate::texture::api::TextureBindings,
    /// Rasterization and per-fragment state.
    pub raster: crate::raster_state::RasterState,
    /// Fixed-function texture units: enables and environments.
    pub texunits: crate::compat::texenv::TexUnits,
    /// Fog parameters.
    pub fog: crate::compat::fog::Fog,
    /// User clip planes, eye coordinates.
    pub clip_planes: [[f64; 4]; crate::compat::fog::MAX_CLIP_PLANES],
    /// Fixed-function programs and draw scratch space.
    pub(crate) submit: crate::vbo::submit::Submit,
    /// Vertex programs run on the CPU (raster position, selection, feedback).
    pub(crate) cpu_programs: crate::compat::cpu_vertex::CpuPrograms,
    /// The current raster position and pixel zoom.
    pub raster_pos: crate::compat::rasterpos::RasterPos,
    /// `glPushAttrib` / `glPushClientAttrib` stacks.
    pub attrib: crate::compat::attrib::AttribStacks,
    /// The accumulation buffer.
    pub(crate) accum: crate::compat::accum::AccumBuffer,
    /// Evaluator maps and grids ([`crate::compat::eval`]).
    pub eval: crate::compat::eval::EvalState,
    /// Render mode, name stack, selection and feedback buffers.
    pub select: crate::compat::select::SelectState,
    /// The current GLSL program.
    pub programs: crate::program::ProgramState,
    /// ARB_vertex_program / ARB_fragment_program objects and parameters.
    pub arb: crate::program::arbprog::ArbPrograms,
    shared: std::sync::Arc<crate::shared::Shared>,
}

struct Strings {
    vendor: CString,
    renderer: CString,
    version: CString,
    extensions: CString,
    glsl: Option<CString>,
}

/// `GL_VENDOR`.
pub const VENDOR: &str = "oxgl";

/// The `GL_VERSION` string for a context: `MAJOR.MINOR[ (Core Profile)] oxgl X.Y.Z`
/// (Mesa's layout; ES contexts start with `OpenGL ES `, ES 1 ones with
/// `OpenGL ES-CM `, the common profile's name).
pub fn version_string(profile: Profile, version: (u8, u8)) -> String {
    let pkg = env!("CARGO_PKG_VERSION");
    let (major, minor) = version;
    match profile {
        Profile::Es if major < 2 => format!("OpenGL ES-CM {major}.{minor} oxgl {pkg}"),
        Profile::Es => format!("OpenGL ES {major}.{minor} oxgl {pkg}"),
        Profile::Core => format!("{major}.{minor} (Core Profile) oxgl {pkg}"),
        Profile::Compat if version >= (3, 2) => {
            format!("{major}.{minor} (Compatibility Profile) oxgl {pkg}")
        }
        Profile::Compat => format!("{major}.{minor} oxgl {pkg}"),
    }
}

/// Extensions this build implements completely, for a context of
/// `params` ([`crate::extensions`]).
pub fn extension_names(params: &ContextParams) -> &'static [&'static CStr] {
    crate::extensions::for_context(params)
}

fn c_string(s: &str) -> CString {
    CString::new(s.replace('\0', " ")).unwrap_or_default()
}

impl Drop for Context {
    /// Images this context's framebuffer objects rendered and left in
    /// their drawables go back into the share group's textures, which may
    /// outlive the context (and its screen).
    fn drop(&mut self) {
        self.resolve_live_all();
    }
}

impl Context {
    /// Creates a context around a backend context.
    pub fn new(params: ContextParams, backend: BackendContext, renderer: RendererInfo) -> Self {
        let extensions: Vec<&str> = extension_names(&params)
            .iter()
            .map(|e| e.to_str().unwrap_or(""))
            .collect();
        let extensions = extensions.join(" ");
        let glsl = match params.profile {
            // Mesa's ES 2.0 string: GLSL ES 1.00, revision 16 of its spec.
            Profile::Es if params.version >= (3, 0) => Some(c_string("OpenGL ES GLSL ES 3.00")),
            Profile::Es if params.version >= (2, 0) => Some(c_string("OpenGL ES GLSL ES 1.0.16")),
            Profile::Es => None,
            _ => (params.version >= (2, 0)).then(|| {
                let v = oxgl_glsl::version::for_gl(params.version);
                c_string(&format!("{}.{:02}", v / 100, v % 100))
            }),
        };
        let strings = Strings {
            vendor: c_string(VENDOR),
            renderer: c_string(&renderer.renderer),
            version: c_string(&version_string(params.profile, params.version)),
            extensions: c_string(&extensions),
            glsl,
        };
        Context {
            params,
            support: version::support(),
            queries: Default::default(),
            xfb: Default::default(),
            xfb_objects: Default::default(),
            ubo: Default::default(),
            counters: Default::default(),
            storage: Default::default(),
            image_units: Default::default(),
            backend,
            fbo: Default::default(),
            renderer,
            draw: None,
            read: None,
            ws: None,
            error: None,
            command: "",
            ever_bound: false,
            strings,
            state: State::new(params.double_buffered),
            debug: DebugState::new(params.flags & GL_CONTEXT_FLAG_DEBUG_BIT != 0),
            ff: crate::compat::fixed::FixedFunction::default(),
            buffers: crate::buffer::BufferBindings::default(),
            vertex_arrays: crate::vbo::draw::VertexArrays::default(),
            lists: crate::compat::dlist::ListState::default(),
            lighting: crate::compat::lighting::Lighting::default(),
            textures: crate::texture::api::TextureBindings::default(),
            raster: crate::raster_state::RasterState::default(),
            texunits: crate::compat::texenv::TexUnits::default(),
            fog: crate::compat::fog::Fog::default(),
            clip_planes: [[0.0; 4]; crate::compat::fog::MAX_CLIP_PLANES],
            submit: crate::vbo::submit::Submit::default(),
            cpu_programs: Default::default(),
            raster_pos: Default::default(),
            attrib: Default::default(),
            accum: Default::default(),
            eval: Default::default(),
            select: Default::default(),
            programs: Default::default(),
            arb: Default::default(),
            shared: crate::shared::Shared::new(),
        }
    }

    /// The share group (objects shared with other contexts).
    pub fn shared(&self) -> &std::sync::Arc<crate::shared::Shared> {
        &self.shared
    }

    /// Joins `group` (context creation with a share context, before first use).
    pub fn join_share_group(&mut self, group: std::sync::Arc<crate::shared::Shared>) {
        self.shared = group;
    }

    /// Creation parameters.
    pub fn params(&self) -> &ContextParams {
        &self.params
    }

    /// What the process supports.
    pub fn support(&self) -> Support {
        self.support
    }

    /// The renderer behind this context.
    pub fn renderer(&self) -> &RendererInfo {
        &self.renderer
    }

    /// Names the GL command about to run (`"glClear"`); the entry point sets
    /// it so that the debug message of an error can say where it came from.
    #[inline]
    pub fn set_command(&mut self, command: &'static str) {
        self.command = command;
    }

    /// Records the outcome of a command: the first error since the last
    /// `glGetError` wins (GL 4.6 §2.3.1), and every error also generates a
    /// debug message (GL 4.6 §2.3.1, §20).
    #[inline]
    pub fn record<T>(&mut self, result: ApiResult<T>) -> Option<T> {
        match result {
            Ok(v) => Some(v),
            Err(e) => {
                self.raise(e);
                None
            }
        }
    }

    #[cold]
    fn raise(&mut self, e: ApiError) {
        if self.error.is_none() {
            self.error = Some(e);
        }
        // Mesa's MESA_DEBUG: every API error on stderr, naming the command.
        static MESA_DEBUG: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        if *MESA_DEBUG.get_or_init(|| oxgl_util::env::non_empty("MESA_DEBUG").is_some()) {
            eprintln!("Mesa: User error: {}", e.message(self.command));
        }
        self.debug.api_error(self.command, e);
    }

    /// `glGetError`.
    pub fn get_error(&mut self) -> GLenum {
        let e = self.error.take();
        // KHR_no_error: a no-error context reports only running out of
        // memory (its commands are still checked, so a bad call does
        // nothing rather than anything undefined).
        if self.params.flags & GL_CONTEXT_FLAG_NO_ERROR_BIT_KHR != 0
            && e != Some(ApiError::OutOfMemory)
        {
            return GL_NO_ERROR;
        }
        e.map_or(GL_NO_ERROR, ApiError::code)
    }

    /// Binds drawables (GLX/EGL make-current). The first binding of a context
    /// sets viewport and scissor to the draw drawable's size (GL 4.6 §13.6.1).
    pub fn bind(
        &mut self,
        draw: Option<Arc<Drawable>>,
        read: Option<Arc<Drawable>>,
        size: Option<(u32, u32)>,
        ws: Option<Box<dyn WindowSystemHooks>>,
    ) -> Result<(), OxglStatus> {
        let status = self.backend.make_current(draw.as_deref(), read.as_deref());
        if status != OxglStatus::Ok {
            return Err(status);
        }
        if !self.ever_bound
            && let Some((w, h)) = size
        {
            let (w, h) = (w.min(i32::MAX as u32) as i32, h.min(i32::MAX as u32) as i32);
            self.init_viewports(w, h);
            self.ever_bound = true;
            // EGL_KHR_gl_colorspace: a GL context first bound to an sRGB
            // surface starts with GL_FRAMEBUFFER_SRGB on, so what it draws
            // there is encoded (as on Mesa; piglit's egl-gl-colorspace).
            if draw.as_ref().is_some_and(|d| d.srgb()) && !self.params.is_es() {
                let _ = self.set_enabled(GL_FRAMEBUFFER_SRGB, true);
            }
        }
        self.draw = draw;
        self.read = read;
        self.ws = ws;
        self.fbo.drawable_current = false;
        self.fbo_make_current();
        Ok(())
    }

    /// Whether the bound draw drawable's colour buffers are sRGB-encoded
    /// (an EGL surface of `EGL_GL_COLORSPACE_SRGB`).
    pub(crate) fn draw_drawable_srgb(&self) -> bool {
        self.draw.as_ref().is_some_and(|d| d.srgb())
    }

    /// Unbinds drawables (context released).
    pub fn unbind(&mut self) {
        let _ = self.backend.release();
        self.fbo.drawable_current = false;
        self.draw = None;
        self.read = None;
        self.ws = None;
    }

    /// The window-system draw drawable (`None`: current without one).
    pub(crate) fn draw_window(&self) -> Option<&Arc<Drawable>> {
        self.draw.as_ref()
    }

    /// The window-system read drawable.
    pub(crate) fn read_window(&self) -> Option<&Arc<Drawable>> {
        self.read.as_ref()
    }

    /// The bound draw drawable.
    pub fn draw_drawable(&self) -> Option<&Arc<Drawable>> {
        if self.fbo_bound() {
            return self.fbo_drawable();
        }
        self.draw.as_ref()
    }

    /// The bound read drawable.
    pub fn read_drawable(&self) -> Option<&Arc<Drawable>> {
        if self.read_fbo_bound() {
            return self.fbo_read_drawable();
        }
        self.read.as_ref()
    }

    /// Binds `draw` / `read` (framebuffer objects' drawables), the window's
    /// where `None`.
    pub(crate) fn backend_make_current_mixed(
        &self,
        draw: Option<&Drawable>,
        read: Option<&Drawable>,
    ) {
        let _ = self
            .backend
            .make_current(draw.or(self.draw.as_deref()), read.or(self.read.as_deref()));
    }

    /// Points the backend back at the window-system drawables.
    pub(crate) fn rebind_window_drawables(&self) {
        let _ = self
            .backend
            .make_current(self.draw.as_deref(), self.read.as_deref());
    }

    /// Allocates a drawable on the context's screen.
    pub(crate) fn backend_create_drawable(
        &self,
        desc: &oxgl_dri_interface::OxglDrawableDesc,
    ) -> Option<Drawable> {
        self.backend.create_drawable(desc)
    }

    /// Red, green, blue, alpha, depth and stencil bits of the current
    /// framebuffer: the bound framebuffer object's or the window's.
    pub(crate) fn fb_bits(&self) -> [u8; 6] {
        self.fbo_bits().unwrap_or({
            let p = &self.params;
            [
                p.rgba_bits[0],
                p.rgba_bits[1],
                p.rgba_bits[2],
                p.rgba_bits[3],
                p.depth_bits,
                p.stencil_bits,
            ]
        })
    }

    /// [`Context::fb_bits`] of the read framebuffer.
    pub(crate) fn read_fb_bits(&self) -> [u8; 6] {
        match self.fbo_bits_of(self.fbo.read_binding) {
            Some(b) => b,
            None => {
                let p = &self.params;
                let [r, g, b, a] = p.rgba_bits;
                [r, g, b, a, p.depth_bits, p.stencil_bits]
            }
        }
    }

    /// Whether the read framebuffer has a back buffer.
    pub(crate) fn read_fb_double_buffered(&self) -> bool {
        !self.read_fbo_bound() && self.params.double_buffered
    }

    /// Whether the current framebuffer has a back buffer.
    pub(crate) fn fb_double_buffered(&self) -> bool {
        !self.fbo_bound() && self.params.double_buffered
    }

    /// Maps a hook's status to the GL error the application sees. Running
    /// out of memory is `GL_OUT_OF_MEMORY`; `Unsupported` is a feature the
    /// backend has not got yet (it said so in its own log); a bad argument is
    /// a core bug and a lost device is not recoverable without robustness
    /// contexts: both are reported as problems, not as GL errors (Mesa's
    /// `_mesa_problem`).
    pub(crate) fn status(s: OxglStatus) -> ApiResult {
        match s {
            OxglStatus::Ok | OxglStatus::Unsupported => Ok(()),
            OxglStatus::OutOfMemory => Err(ApiError::OutOfMemory),
            OxglStatus::DeviceLost | OxglStatus::BadArgument => {
                oxgl_util::log!(
                    oxgl_util::log::Level::Warning,
                    "oxgl internal problem: backend returned {s:?} (please report)"
                );
                Ok(())
            }
        }
    }

    // ---- clear -------------------------------------------------------------

    /// `glClearColor`.
    pub fn clear_color(&mut self, r: f32, g: f32, b: f32, a: f32) -> ApiResult {
        self.state.clear_color = [r, g, b, a];
        Ok(())
    }

    /// `glClampColor` (ARB_color_buffer_float, GL 3.0; GL 4.6 compat
    /// §17.3.7 / §18.2.8): INVALID_ENUM for a target other than the three
    /// clamps (only `GL_CLAMP_READ_COLOR` in a core profile) and for a
    /// value other than `GL_TRUE`, `GL_FALSE` or `GL_FIXED_ONLY`.
    pub fn clamp_color(&mut self, target: GLenum, clamp: GLenum) -> ApiResult {
        let i = match target {
            GL_CLAMP_VERTEX_COLOR if self.params.profile == Profile::Compat => 0,
            GL_CLAMP_FRAGMENT_COLOR if self.params.profile == Profile::Compat => 1,
            GL_CLAMP_READ_COLOR => 2,
            _ => return Err(ApiError::InvalidEnum),
        };
        if !matches!(clamp, 0 | 1 | GL_FIXED_ONLY) {
            return Err(ApiError::InvalidEnum);
        }
        self.state.clamp_color[i] = clamp;
        Ok(())
    }

    /// Whether fragment colours (and `glClear`'s colour) clamp to [0, 1]:
    /// `GL_CLAMP_FRAGMENT_COLOR` is `GL_TRUE`, or `GL_FIXED_ONLY` with no
    /// float colour buffer to draw to (fixed-point buffers clamp anyway as
    /// they store, so only float buffers see the difference).
    pub(crate) fn fragment_clamping(&self) -> bool {
        match self.state.clamp_color[1] {
            GL_FIXED_ONLY => !self.draw_has_float_buffer(),
            c => c != 0,
        }
    }

    /// Whether vertex colours clamp to [0, 1] (`GL_CLAMP_VERTEX_COLOR`;
    /// `GL_FIXED_ONLY` clamps unless a float colour buffer is drawn to).
    pub(crate) fn vertex_clamping(&self) -> bool {
        match self.state.clamp_color[0] {
            GL_FIXED_ONLY => !self.draw_has_float_buffer(),
            c => c != 0,
        }
    }

    /// `glClearColorIiEXT` / `glClearColorIuiEXT` (signed values as their
    /// bits): the clear value of integer colour buffers, kept apart from
    /// `glClearColor`'s.
    pub fn clear_color_int(&mut self, v: [u32; 4]) -> ApiResult {
        self.outside_begin_end()?;
        self.state.clear_color_int = v;
        Ok(())
    }

    /// `glClearDepth` / `glClearDepthf`.
    pub fn clear_depth(&mut self, d: f64) -> ApiResult {
        self.state.clear_depth = d.clamp(0.0, 1.0);
        Ok(())
    }

    /// `glClearStencil`.
    pub fn clear_stencil(&mut self, s: i32) -> ApiResult {
        self.state.clear_stencil = s;
        Ok(())
    }

    /// `glClearIndex` (state only: there are no colour-index visuals).
    pub fn clear_index(&mut self, index: f32) -> ApiResult {
        self.state.clear_index = index;
        Ok(())
    }

    /// `glIndexMask` (state only, as [`Context::clear_index`]).
    pub fn index_mask(&mut self, mask: u32) -> ApiResult {
        self.state.index_mask = mask;
        Ok(())
    }

    /// The [`draw_buffer_bits`] of the drawable's first colour buffer (or
    /// the window's buffers) that the draw buffers name.
    pub(crate) fn draw_buffer_bits(&self) -> u32 {
        self.draw_buffer_list()
            .iter()
            .fold(0, |bits, &b| bits | Self::buffer_bits(b))
    }

    /// `GL_DRAW_BUFFER0` to `GL_DRAW_BUFFER7`.
    pub(crate) fn draw_buffer_list(&self) -> [GLenum; MAX_DRAW_BUFFERS] {
        let mut list = [GL_NONE; MAX_DRAW_BUFFERS];
        list[0] = self.state.draw_buffer;
        list[1..].copy_from_slice(&self.state.draw_buffers_extra);
        list
    }

    pub(crate) fn buffer_bits(buf: GLenum) -> u32 {
        match buf {
            GL_FRONT | GL_FRONT_LEFT => draw_buffer_bits::DRAW_FRONT,
            GL_BACK | GL_BACK_LEFT => draw_buffer_bits::DRAW_BACK,
            // GL 4.6 compat §17.4.1: LEFT names the front and back left buffers.
            GL_FRONT_AND_BACK | GL_LEFT => {
                draw_buffer_bits::DRAW_FRONT | draw_buffer_bits::DRAW_BACK
            }
            // A framebuffer object's drawable has colour attachment 0 in front.
            GL_COLOR_ATTACHMENT0 => draw_buffer_bits::DRAW_FRONT,
            _ => 0,
        }
    }

    /// Where each fragment colour output goes (`OxglDrawDesc::color_outputs`):
    /// the output of the first colour buffer (or the window buffers of
    /// [`Context::draw_buffer_bits`]) and of each extra colour buffer, -1 for
    /// none; which extra buffers are drawn (bits); their write masks.
    /// `broadcast`: the program writes one colour (`gl_FragColor`, fixed
    /// function), which every draw buffer receives.
    pub(crate) fn color_routing(&self, broadcast: bool) -> ([i32; 8], u32, [[u8; 4]; 7]) {
        let list = self.draw_buffer_list();
        let mut outputs = [-1i32; 8];
        let mut extra = 0u32;
        let mut masks = [[0u8; 4]; 7];
        let out = |i: usize| if broadcast { 0 } else { i as i32 };
        if !self.fbo_bound() {
            // The window: its buffers receive the first output naming any.
            if let Some(i) = list.iter().position(|&b| Self::buffer_bits(b) != 0) {
                outputs[0] = out(i);
            }
            return (outputs, 0, masks);
        }
        for (i, &b) in list.iter().enumerate() {
            let Some(j) = b
                .checked_sub(GL_COLOR_ATTACHMENT0)
                .map(|j| j as usize)
                .filter(|&j| j < MAX_DRAW_BUFFERS)
            else {
                continue;
            };
            outputs[j] = out(i);
            if j > 0 {
                extra |= 1 << (j - 1);
                let keeps = self.fbo_extra_channels(j - 1);
                let user = self.draw_buffer_color_mask(i);
                masks[j - 1] = std::array::from_fn(|c| u8::from(user[c] && keeps[c]));
            }
        }
        (outputs, extra, masks)
    }

    fn drawing_to_front(&self) -> bool {
        !self.fbo_bound()
            && (self.draw_buffer_bits() & draw_buffer_bits::DRAW_FRONT != 0
                || !self.params.double_buffered)
    }

    /// The framebuffer object attachment points (bits, as
    /// `fbo::POINTS`) whose whole image a `glClear(mask)` replaces: no
    /// scissor, rasterizer discard, conditional rendering or selection,
    /// every channel written.
    fn clear_replaces(&self, mask: GLbitfield) -> u32 {
        let s = &self.state;
        if !self.fbo_bound()
            || s.enabled(GL_SCISSOR_TEST)
            || s.enabled(GL_RASTERIZER_DISCARD)
            || self.queries.conditional.is_some()
            || self.select.mode != GL_RENDER
        {
            return 0;
        }
        let mut points = 0;
        if mask & GL_COLOR_BUFFER_BIT != 0 {
            for (i, b) in self.draw_buffer_list().into_iter().enumerate() {
                let j = b.wrapping_sub(GL_COLOR_ATTACHMENT0) as usize;
                if j < MAX_DRAW_BUFFERS && self.draw_buffer_color_mask(i) == [true; 4] {
                    points |= 1 << crate::framebuffer::color_point(j);
                }
            }
        }
        if mask & GL_DEPTH_BUFFER_BIT != 0 && s.depth_mask {
            points |= 1 << 1;
        }
        if mask & GL_STENCIL_BUFFER_BIT != 0 && s.stencil_writemask[0] & 0xff == 0xff {
            points |= 1 << 2;
        }
        points
    }

    /// `glClear`. GL 4.6 §17.4.3: INVALID_VALUE if any bit other than the
    /// buffer bits is set (GL_ACCUM_BUFFER_BIT is legal in compatibility contexts).
    pub fn clear(&mut self, mask: GLbitfield) -> ApiResult {
        let mut legal = GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT;
        if self.params.profile == Profile::Compat {
            legal |= GL_ACCUM_BUFFER_BIT;
        }
        if mask & !legal != 0 {
            return Err(ApiError::InvalidValue);
        }
        self.fbo_prepare_replacing(self.clear_replaces(mask))?;
        // NV_conditional_render discards clears too, and so does
        // GL_RASTERIZER_DISCARD (as Mesa).
        if self.state.enabled(GL_RASTERIZER_DISCARD) || self.render_discarded() {
            return Ok(());
        }
        let s = &self.state;
        let mut buffers = 0;
        if mask & GL_COLOR_BUFFER_BIT != 0 {
            buffers |= clear_bits::CLEAR_COLOR;
        }
        if mask & GL_DEPTH_BUFFER_BIT != 0 && s.depth_mask {
            buffers |= clear_bits::CLEAR_DEPTH;
        }
        if mask & GL_STENCIL_BUFFER_BIT != 0 {
            buffers |= clear_bits::CLEAR_STENCIL;
        }
        let rendering = self.select.mode == GL_RENDER;
        if mask & GL_ACCUM_BUFFER_BIT != 0 && self.params.profile == Profile::Compat && rendering {
            self.clear_accum_buffer();
        }
        let s = &self.state;
        // Mesa clears only in GL_RENDER mode (selection and feedback draw
        // nothing).
        if buffers == 0 || self.draw_drawable().is_none() || !rendering {
            return Ok(());
        }
        let [x, y, w, h] = s.scissors[0];
        let (_, extra_color_buffers, extra_color_masks) = self.color_routing(true);
        let desc = OxglClearDesc {
            buffers,
            draw_buffers: self.draw_buffer_bits(),
            color: if self.fragment_clamping() {
                s.clear_color.map(|c| c.clamp(0.0, 1.0))
            } else {
                s.clear_color
            },
            color_int: s.clear_color_int,
            srgb_buffers: self.srgb_buffer_bits(),
            color_mask: self.fb_color_mask(),
            depth: s.clear_depth,
            stencil: s.clear_stencil as u32,
            stencil_mask: s.stencil_writemask[0],
            scissor_enabled: u32::from(s.enabled(GL_SCISSOR_TEST)),
            scissor: OxglRect {
                x,
                y,
                width: w,
                height: h,
            },
            extra_color_buffers,
            extra_color_masks,
        };
        Self::status(self.backend.clear(&desc))
    }

    // ---- viewport, scissor, masks, enables ---------------------------------

    /// `glColorMask`.
    pub fn color_mask(&mut self, r: bool, g: bool, b: bool, a: bool) -> ApiResult {
        // Every draw buffer's (EXT_draw_buffers2).
        self.state.color_mask = [r, g, b, a];
        self.state.color_masks_extra = [[r, g, b, a]; 7];
        Ok(())
    }

    /// `glDepthMask`.
    pub fn depth_mask(&mut self, on: bool) -> ApiResult {
        self.state.depth_mask = on;
        Ok(())
    }

    /// `glStencilMask`.
    pub fn stencil_mask(&mut self, mask: u32) -> ApiResult {
        self.state.stencil_writemask = [mask, mask];
        Ok(())
    }

    /// `glStencilMaskSeparate` (GL 2.0). GL 2.1 §4.2.2: INVALID_ENUM for a
    /// face other than `GL_FRONT`, `GL_BACK` or `GL_FRONT_AND_BACK`.
    pub fn stencil_mask_separate(&mut self, face: GLenum, mask: u32) -> ApiResult {
        let faces: &[usize] = match face {
            GL_FRONT => &[0],
            GL_BACK => &[1],
            GL_FRONT_AND_BACK => &[0, 1],
            _ => return Err(ApiError::InvalidEnum),
        };
        for &i in faces {
            self.state.stencil_writemask[i] = mask;
        }
        Ok(())
    }

    /// `glEnable` / `glDisable`. GL 4.6 §2.3.1: INVALID_ENUM for an unknown capability.
    pub fn set_enabled(&mut self, cap: GLenum, on: bool) -> ApiResult {
        if self.params.is_es1() && !crate::compat::es1_state::has_cap(cap) {
            return Err(ApiError::InvalidEnum.bad_enum(cap));
        }
        match cap {
            GL_DEBUG_OUTPUT => self.debug.set_output(on),
            GL_DEBUG_OUTPUT_SYNCHRONOUS => self.debug.set_synchronous(on),
            GL_TEXTURE_1D | GL_TEXTURE_2D | GL_TEXTURE_3D | GL_TEXTURE_CUBE_MAP
            | GL_TEXTURE_RECTANGLE
                if self.params().has_fixed_function() =>
            {
                return self.set_texture_enabled(cap, on);
            }
            GL_TEXTURE_GEN_S
            | GL_TEXTURE_GEN_T
            | GL_TEXTURE_GEN_R
            | GL_TEXTURE_GEN_Q
            | GL_TEXTURE_GEN_STR_OES
                if self.params().has_fixed_function() =>
            {
                return self.set_texgen_enabled(cap, on);
            }
            // A client array (compatibility contexts): Mesa accepts it here
            // as glEnableClientState, and so do applications written for it.
            // Not NV_primitive_restart's client state (INVALID_ENUM, as Mesa).
            _ if cap != GL_PRIMITIVE_RESTART_NV && self.client_state_enabled(cap).is_some() => {
                return self.set_client_state(cap, on);
            }
            GL_BLEND => {
                self.flush_vertices();
                self.set_blend_all(on);
            }
            GL_SCISSOR_TEST => {
                self.flush_vertices();
                self.set_scissor_all(on);
            }
            GL_PRIMITIVE_RESTART if self.restart_core() => self.set_restart(on),
            GL_PRIMITIVE_RESTART_FIXED_INDEX if self.restart_fixed_exists() => {
                self.set_restart_fixed(on)
            }
            GL_SAMPLE_MASK if !self.has_texture_multisample() => {
                return Err(ApiError::InvalidEnum.bad_enum(cap));
            }
            GL_SAMPLE_SHADING if !self.has_sample_shading() => {
                return Err(ApiError::InvalidEnum.bad_enum(cap));
            }
            _ => {
                let index = State::cap_index(cap).ok_or(ApiError::InvalidEnum.bad_enum(cap))?;
                if self.state.enables[index] != on {
                    self.flush_vertices();
                    self.state.enables[index] = on;
                    if cap == GL_COLOR_MATERIAL {
                        self.track_color_material();
                    }
                }
            }
        }
        Ok(())
    }

    /// `glIsEnabled`.
    pub fn is_enabled(&self, cap: GLenum) -> ApiResult<bool> {
        if self.params.is_es1() && !crate::compat::es1_state::has_cap(cap) {
            return Err(ApiError::InvalidEnum.bad_enum(cap));
        }
        if let Some(on) = self.client_state_enabled(cap) {
            return Ok(on);
        }
        match cap {
            GL_DEBUG_OUTPUT => return Ok(self.debug.output()),
            GL_DEBUG_OUTPUT_SYNCHRONOUS => return Ok(self.debug.synchronous()),
            GL_PRIMITIVE_RESTART if self.restart_core() => return Ok(self.vertex_arrays.restart),
            GL_PRIMITIVE_RESTART_FIXED_INDEX if self.restart_fixed_exists() => {
                return Ok(self.vertex_arrays.restart_fixed);
            }
            GL_SAMPLE_MASK if !self.has_texture_multisample() => {
                return Err(ApiError::InvalidEnum.bad_enum(cap));
            }
            GL_SAMPLE_SHADING if !self.has_sample_shading() => {
                return Err(ApiError::InvalidEnum.bad_enum(cap));
            }
            GL_TEXTURE_1D | GL_TEXTURE_2D | GL_TEXTURE_3D | GL_TEXTURE_CUBE_MAP
            | GL_TEXTURE_RECTANGLE
                if self.params().has_fixed_function() =>
            {
                return self.texture_enabled(cap);
            }
            GL_TEXTURE_GEN_S
            | GL_TEXTURE_GEN_T
            | GL_TEXTURE_GEN_R
            | GL_TEXTURE_GEN_Q
            | GL_TEXTURE_GEN_STR_OES
                if self.params().has_fixed_function() =>
            {
                return self.texgen_enabled(cap);
            }
            _ => {}
        }
        let index = State::cap_index(cap).ok_or(ApiError::InvalidEnum.bad_enum(cap))?;
        Ok(self.state.enables[index])
    }

    fn buffer_valid_for_default_fb(&self, buf: GLenum) -> ApiResult {
        self.buffer_valid_for_fb(buf, self.fbo_bound())
    }

    /// As [`Context::buffer_valid_for_default_fb`], for a framebuffer
    /// object when `object`.
    fn buffer_valid_for_fb(&self, buf: GLenum, object: bool) -> ApiResult {
        if object {
            // GL 3.0 §4.2.1: a framebuffer object has colour attachments
            // only.
            return match buf {
                b if (GL_COLOR_ATTACHMENT0..GL_COLOR_ATTACHMENT0 + MAX_DRAW_BUFFERS as u32)
                    .contains(&b) =>
                {
                    Ok(())
                }
                GL_FRONT | GL_FRONT_LEFT | GL_LEFT | GL_FRONT_AND_BACK | GL_BACK | GL_BACK_LEFT
                | GL_FRONT_RIGHT | GL_BACK_RIGHT | GL_RIGHT | GL_AUX0 | GL_AUX1 | GL_AUX2
                | GL_AUX3 => Err(ApiError::InvalidOperation),
                b if (GL_COLOR_ATTACHMENT1..=GL_COLOR_ATTACHMENT15).contains(&b) => {
                    Err(ApiError::InvalidOperation)
                }
                _ => Err(ApiError::InvalidEnum),
            };
        }
        let back = matches!(buf, GL_BACK | GL_BACK_LEFT | GL_BACK_RIGHT);
        match buf {
            GL_FRONT | GL_FRONT_LEFT | GL_LEFT | GL_FRONT_AND_BACK | GL_BACK | GL_BACK_LEFT => {
                if back && !self.params.double_buffered {
                    Err(ApiError::InvalidOperation)
                } else {
                    Ok(())
                }
            }
            // No stereo visuals and no auxiliary buffers.
            GL_FRONT_RIGHT | GL_BACK_RIGHT | GL_RIGHT | GL_AUX0 | GL_AUX1 | GL_AUX2 | GL_AUX3 => {
                Err(ApiError::InvalidOperation)
            }
            _ => Err(ApiError::InvalidEnum),
        }
    }

    /// `glDrawBuffer`. GL 4.6 §17.4.1: INVALID_ENUM for a non-buffer enum,
    /// INVALID_OPERATION for a buffer the default framebuffer lacks.
    pub fn draw_buffer(&mut self, buf: GLenum) -> ApiResult {
        if buf != GL_NONE {
            self.buffer_valid_for_default_fb(buf)?;
        }
        self.state.draw_buffer = buf;
        self.state.draw_buffers_extra = [GL_NONE; 7];
        Ok(())
    }

    /// `glDrawBuffers` on the default framebuffer (GL 2.1 §4.2.1): fragment
    /// colour `i` goes to `bufs[i]`. INVALID_VALUE if `n` is negative or
    /// above `GL_MAX_DRAW_BUFFERS`; INVALID_ENUM for a name outside table
    /// 4.4 (`GL_FRONT`, `GL_BACK`, `GL_LEFT`, `GL_RIGHT` and
    /// `GL_FRONT_AND_BACK` name several buffers and are refused too, but
    /// for `GL_BACK` alone from GL 4.0 on, as Mesa); INVALID_OPERATION for
    /// a buffer the window lacks or one named twice. `bufs` holds the `n` names when `n` is in range.
    pub fn draw_buffers(&mut self, n: i32, bufs: &[GLenum]) -> ApiResult {
        let n = usize::try_from(n).map_err(|_| ApiError::InvalidValue)?;
        if n > MAX_DRAW_BUFFERS || bufs.len() < n {
            return Err(ApiError::InvalidValue);
        }
        let bufs = &bufs[..n];
        if self.params().is_es() {
            self.es_draw_buffers_valid(bufs)?;
        }
        for (i, &buf) in bufs.iter().enumerate() {
            match buf {
                GL_NONE => continue,
                // ES: the default framebuffer's one buffer (checked above).
                GL_BACK if self.params().is_es() => continue,
                // GL 4.5 §17.4.1 (Mesa from 4.0): alone, the special value
                // GL_BACK names the default framebuffer's back left buffer,
                // or its left one when single-buffered.
                GL_BACK if self.params().version >= (4, 0) && !self.fbo_bound() => {
                    if n != 1 {
                        return Err(ApiError::InvalidOperation);
                    }
                    let buf = if self.params.double_buffered {
                        GL_BACK
                    } else {
                        GL_FRONT_LEFT
                    };
                    self.state.draw_buffer = buf;
                    self.state.draw_buffers_extra = [GL_NONE; 7];
                    return Ok(());
                }
                GL_FRONT_LEFT | GL_BACK_LEFT | GL_FRONT_RIGHT | GL_BACK_RIGHT | GL_AUX0
                | GL_AUX1 | GL_AUX2 | GL_AUX3 => self.buffer_valid_for_default_fb(buf)?,
                b if (GL_COLOR_ATTACHMENT0..=GL_COLOR_ATTACHMENT15).contains(&b) => {
                    self.buffer_valid_for_default_fb(buf)?
                }
                _ => return Err(ApiError::InvalidEnum),
            }
            if bufs[..i].contains(&buf) {
                return Err(ApiError::InvalidOperation);
            }
        }
        // GL 2.1 §4.2.1: outputs past n draw nowhere.
        self.state.draw_buffer = bufs.first().copied().unwrap_or(GL_NONE);
        for (i, slot) in self.state.draw_buffers_extra.iter_mut().enumerate() {
            *slot = bufs.get(i + 1).copied().unwrap_or(GL_NONE);
        }
        Ok(())
    }

    /// ES 3.0 §4.2.1 (and GL_EXT_draw_buffers): a framebuffer object's
    /// buffer `i` is `GL_COLOR_ATTACHMENTi` or `GL_NONE`, the default
    /// framebuffer takes one buffer, `GL_BACK` or `GL_NONE`; anything else
    /// of those names is INVALID_OPERATION, other names INVALID_ENUM.
    fn es_draw_buffers_valid(&self, bufs: &[GLenum]) -> ApiResult {
        let fbo = self.fbo.draw_binding != 0;
        for (i, &b) in bufs.iter().enumerate() {
            match b {
                GL_NONE => {}
                GL_BACK if !fbo => {}
                GL_BACK => return Err(ApiError::InvalidOperation),
                GL_COLOR_ATTACHMENT0..=GL_COLOR_ATTACHMENT31 => {
                    if !fbo || b - GL_COLOR_ATTACHMENT0 != i as u32 {
                        return Err(ApiError::InvalidOperation);
                    }
                }
                _ => return Err(ApiError::InvalidEnum),
            }
        }
        if !fbo && bufs.len() != 1 {
            return Err(ApiError::InvalidOperation);
        }
        Ok(())
    }

    /// `glReadBuffer`. GL 4.6 §18.2.1: as `glDrawBuffer`, except that
    /// `GL_FRONT_AND_BACK` names no single buffer: INVALID_ENUM (as Mesa).
    pub fn read_buffer(&mut self, buf: GLenum) -> ApiResult {
        if buf == GL_FRONT_AND_BACK {
            return Err(ApiError::InvalidEnum);
        }
        if buf != GL_NONE {
            self.buffer_valid_for_fb(buf, self.read_fbo_bound())?;
        }
        self.state.read_buffer = buf;
        Ok(())
    }

    /// `glPixelStore{i,f}`. GL 4.6 §8.4.1: INVALID_ENUM for an unknown name,
    /// INVALID_VALUE for a negative value or an alignment other than 1, 2, 4, 8.
    pub fn pixel_store(&mut self, pname: GLenum, value: i32) -> ApiResult {
        let (store, field): (&mut PixelStore, GLenum) = match pname {
            GL_PACK_SWAP_BYTES | GL_PACK_LSB_FIRST | GL_PACK_ROW_LENGTH | GL_PACK_IMAGE_HEIGHT
            | GL_PACK_SKIP_ROWS | GL_PACK_SKIP_PIXELS | GL_PACK_SKIP_IMAGES | GL_PACK_ALIGNMENT => {
                (&mut self.state.pack, pname)
            }
            GL_UNPACK_SWAP_BYTES
            | GL_UNPACK_LSB_FIRST
            | GL_UNPACK_ROW_LENGTH
            | GL_UNPACK_IMAGE_HEIGHT
            | GL_UNPACK_SKIP_ROWS
            | GL_UNPACK_SKIP_PIXELS
            | GL_UNPACK_SKIP_IMAGES
            | GL_UNPACK_ALIGNMENT => (&mut self.state.unpack, pname),
            // ARB_compressed_texture_pixel_storage (desktop GL 4.2).
            GL_PACK_COMPRESSED_BLOCK_WIDTH..=GL_PACK_COMPRESSED_BLOCK_SIZE
                if !self.params().is_es() =>
            {
                (&mut self.state.pack, pname)
            }
            GL_UNPACK_COMPRESSED_BLOCK_WIDTH..=GL_UNPACK_COMPRESSED_BLOCK_SIZE
                if !self.params().is_es() =>
            {
                (&mut self.state.unpack, pname)
            }
            _ => return Err(ApiError::InvalidEnum),
        };
        match field {
            GL_PACK_SWAP_BYTES | GL_UNPACK_SWAP_BYTES => store.swap_bytes = value != 0,
            GL_PACK_LSB_FIRST | GL_UNPACK_LSB_FIRST => store.lsb_first = value != 0,
            GL_PACK_ALIGNMENT | GL_UNPACK_ALIGNMENT => {
                if !matches!(value, 1 | 2 | 4 | 8) {
                    return Err(ApiError::InvalidValue);
                }
                store.alignment = value;
            }
            _ => {
                if value < 0 {
                    return Err(ApiError::InvalidValue);
                }
                match field {
                    GL_PACK_ROW_LENGTH | GL_UNPACK_ROW_LENGTH => store.row_length = value,
                    GL_PACK_IMAGE_HEIGHT | GL_UNPACK_IMAGE_HEIGHT => store.image_height = value,
                    GL_PACK_SKIP_ROWS | GL_UNPACK_SKIP_ROWS => store.skip_rows = value,
                    GL_PACK_SKIP_PIXELS | GL_UNPACK_SKIP_PIXELS => store.skip_pixels = value,
                    GL_PACK_SKIP_IMAGES | GL_UNPACK_SKIP_IMAGES => store.skip_images = value,
                    GL_PACK_COMPRESSED_BLOCK_WIDTH..=GL_PACK_COMPRESSED_BLOCK_SIZE => {
                        store.compressed_block[(field - GL_PACK_COMPRESSED_BLOCK_WIDTH) as usize] =
                            value
                    }
                    _ => {
                        store.compressed_block
                            [(field - GL_UNPACK_COMPRESSED_BLOCK_WIDTH) as usize] = value
                    }
                }
            }
        }
        Ok(())
    }

    // ---- flush, draw ---------------------------------------------------------

    /// `glFlush`.
    pub fn flush(&mut self) -> ApiResult {
        Self::status(self.backend.flush())?;
        if self.drawing_to_front()
            && let Some(ws) = &self.ws
        {
            ws.flush_front();
        }
        Ok(())
    }

    /// Waits for the backend's rendering (before the CPU touches a buffer).
    pub(crate) fn backend_finish(&self) -> OxglStatus {
        self.backend.finish()
    }

    /// `glFinish`.
    pub fn finish(&mut self) -> ApiResult {
        Self::status(self.backend.finish())?;
        if self.drawing_to_front()
            && let Some(ws) = &self.ws
        {
            ws.flush_front();
        }
        Ok(())
    }

    /// The backend context.
    pub(crate) fn backend(&self) -> &BackendContext {
        &self.backend
    }

    /// Compiles a serialized IR shader with the backend.
    pub(crate) fn backend_shader(
        &self,
        ir: &[u8],
    ) -> Result<oxgl_dri_interface::client::Shader, String> {
        self.backend.create_shader(ir)
    }

    /// Hands one draw to the backend.
    pub(crate) fn backend_draw(&mut self, desc: &OxglDrawDesc) -> ApiResult {
        Self::status(self.backend.draw(desc))
    }

    // ---- strings -------------------------------------------------------------

    /// `glGetString`. GL 4.6 §22.2: INVALID_ENUM for an unknown name.
    pub fn get_string(&self, name: GLenum) -> ApiResult<&CStr> {
        match name {
            GL_VENDOR => Ok(&self.strings.vendor),
            GL_RENDERER => Ok(&self.strings.renderer),
            GL_VERSION => Ok(&self.strings.version),
            GL_EXTENSIONS if self.params.profile != Profile::Core => Ok(&self.strings.extensions),
            GL_SHADING_LANGUAGE_VERSION => {
                self.strings.glsl.as_deref().ok_or(ApiError::InvalidEnum)
            }
            GL_PROGRAM_ERROR_STRING_ARB if self.params.profile == Profile::Compat => {
                Ok(&self.arb.error_string)
            }
            _ => Err(ApiError::InvalidEnum),
        }
    }

    /// `glGetStringi`: GL 3.0 and later.
    pub fn get_string_i(&self, name: GLenum, index: u32) -> ApiResult<&'static CStr> {
        if self.params.version < (3, 0) {
            return Err(ApiError::InvalidOperation);
        }
        match name {
            GL_EXTENSIONS => extension_names(&self.params)
                .get(index as usize)
                .copied()
                .ok_or(ApiError::InvalidValue),
            _ => Err(ApiError::InvalidEnum),
        }
    }
}
