//! Which GL versions this build really implements, computed from one table of
//! capabilities (as Mesa computes its version from its extension table), and
//! `MESA_GL_VERSION_OVERRIDE`.
//!
//! A version is supported when every capability it needs, and every capability
//! of the versions below it, is implemented. Nothing is advertised that does not
//! work. The API has no version below 1.0, so until the GL 1.0 capabilities are
//! all in, the compatibility version reported is 1.0 and [`Support::complete`]
//! says it is not whole yet (docs/status.md lists what is missing).

use std::sync::OnceLock;

/// A capability the implementation has or lacks.
#[derive(Clone, Copy, Debug)]
pub struct Capability {
    /// Short name, used in docs and the dispatch report.
    pub name: &'static str,
    /// Whether it is implemented and tested.
    pub implemented: bool,
    /// The test clients (`tests/clients/NAME.c`) that check it; every
    /// implemented capability names at least one (a unit test checks that
    /// they exist).
    pub tests: &'static [&'static str],
}

const fn cap(name: &'static str, tests: &'static [&'static str]) -> Capability {
    Capability {
        name,
        implemented: true,
        tests,
    }
}

/// A capability not implemented yet (holds its version back).
const fn missing(name: &'static str) -> Capability {
    Capability {
        name,
        implemented: false,
        tests: &[],
    }
}

/// Capabilities each desktop GL version adds (compatibility profile), in order.
pub static GL_VERSIONS: &[((u8, u8), &[Capability])] = &[
    (
        (1, 0),
        &[
            cap(
                "clear, scissor, viewport, masks",
                &["clear_readback", "raster_state"],
            ),
            cap("glReadPixels", &["clear_readback", "drawpix"]),
            cap(
                "state queries (glGet*, glIsEnabled, glGetString)",
                &["fixed_state"],
            ),
            cap(
                "immediate mode and current attributes",
                &["fixed_state", "scenes"],
            ),
            cap(
                "point, line and polygon rasterization",
                &["raster_state", "scenes"],
            ),
            cap(
                "depth, stencil, alpha tests, blending, logic op",
                &["raster_state", "scenes"],
            ),
            cap(
                "fixed-function transform and lighting",
                &["lighting", "scenes"],
            ),
            cap(
                "texturing and texture environments",
                &["textures", "scenes"],
            ),
            cap("display lists", &["lists"]),
            cap(
                "glDrawPixels, glCopyPixels, glBitmap, raster position",
                &["drawpix"],
            ),
            cap("pixel transfer and pixel maps", &["pixel_transfer"]),
            cap("accumulation buffer", &["attrib_accum"]),
            cap("attribute stacks", &["attrib_accum"]),
            cap("evaluators", &["eval"]),
            cap("selection and feedback", &["select"]),
            cap("fog, user clip planes, texgen", &["scenes", "fixed_state"]),
        ],
    ),
    (
        (1, 1),
        &[
            cap("vertex arrays", &["arrays"]),
            cap(
                "texture objects, glTexSubImage, proxies, priorities",
                &["textures", "copytex"],
            ),
            cap("glCopyTexImage, glCopyTexSubImage", &["copytex"]),
            cap(
                "polygon offset, logic op, client attribute stack",
                &["raster_state", "attrib_accum"],
            ),
        ],
    ),
    (
        (1, 2),
        &[cap(
            "3D textures, BGRA, packed pixels, glDrawRangeElements, LOD and level clamps, \
             CLAMP_TO_EDGE, separate specular colour, RESCALE_NORMAL",
            &["textures", "arrays", "lighting", "copytex", "gl1x_misc"],
        )],
    ),
    (
        (1, 3),
        &[
            cap(
                "multitexture, cube maps, combine/dot3 environments, border clamp",
                &["textures", "scenes"],
            ),
            cap("transpose matrices", &["gl1x_misc"]),
            cap(
                "compressed-texture API (generic formats), multisample state",
                &["gl13_state"],
            ),
        ],
    ),
    (
        (1, 4),
        &[
            cap(
                "point parameters, mipmap generation",
                &["pointparams", "mipmap"],
            ),
            cap(
                "blend squaring and separate functions, stencil wrap, mirrored repeat, \
                 fog coordinate, secondary colour, glWindowPos, glMultiDrawArrays",
                &["raster_state", "gl1x_misc", "scenes", "drawpix"],
            ),
            cap("depth textures and shadow comparison", &["depth_texture"]),
        ],
    ),
    (
        (1, 5),
        &[
            cap("buffer objects", &["buffers"]),
            cap("occlusion queries", &["occlusion_query"]),
        ],
    ),
    (
        (2, 0),
        &[
            cap(
                "separate stencil, glBlendEquationSeparate",
                &["gl20_fixed", "raster_state"],
            ),
            cap("non-power-of-two textures", &["gl20_fixed", "mipmap"]),
            cap("point sprites", &["point_sprite", "scenes"]),
            cap("glDrawBuffers", &["draw_buffers"]),
            cap("GLSL 1.10 programs", &["glsl_program", "glsl_objects"]),
        ],
    ),
    (
        (2, 1),
        &[
            cap(
                "GLSL 1.20 (uniform initializers, non-square matrices)",
                &["gl21", "glsl_program"],
            ),
            cap("pixel buffer objects", &["gl21"]),
            cap("sRGB textures", &["gl21"]),
        ],
    ),
    // GL 3.0 and later: what holds (each with its tests) and what is
    // missing. A version is reported only when its row and those below it
    // hold, so these rows change nothing reported until they are whole.
    (
        (3, 0),
        &[
            cap(
                "framebuffer objects and blits, packed depth-stencil",
                &["arb_fbo", "fbo", "render_to_texture"],
            ),
            cap("glMapBufferRange", &["buffers"]),
            cap("vertex array objects", &["arrays"]),
            cap(
                "float, half-float, integer, snorm, RG, RGTC, packed-float and \
                 shared-exponent textures; float depth buffers",
                &["gl30_formats", "gl30_misc", "arb_fbo"],
            ),
            cap("half-float vertex arrays", &["vertex_formats"]),
            cap("texture arrays", &["texture_array"]),
            cap("transform feedback", &["xfb"]),
            cap("conditional rendering", &["gl30_misc"]),
            cap(
                "glClearBuffer, per-buffer masks and blend enables",
                &["clear_buffer", "draw_buffers2"],
            ),
            cap(
                "explicit LOD and gradients in every stage",
                &["shader_texture_lod"],
            ),
            cap(
                "colour clamping control (ARB_color_buffer_float, glClampColor)",
                &["color_buffer_float"],
            ),
            cap(
                "sRGB framebuffers (ARB_framebuffer_sRGB)",
                &["framebuffer_srgb"],
            ),
            cap("integer colour attachments", &["integer_fbo"]),
            cap(
                "GLSL 1.30 contexts: GL_SHADING_LANGUAGE_VERSION 1.30, GL_NUM_EXTENSIONS, \
                 glGetStringi",
                &["glsl130", "integer_fbo"],
            ),
            cap(
                "multisample renderbuffers (GL_MAX_SAMPLES 4), resolving blits",
                &["multisample"],
            ),
        ],
    ),
    (
        (3, 1),
        &[
            cap("uniform buffer objects", &["ubo"]),
            cap(
                "primitive restart",
                &["primitive_restart", "vertex_formats"],
            ),
            cap("glCopyBufferSubData", &["buffers"]),
            cap("buffer textures", &["tbo"]),
            cap("instanced draws", &["instancing"]),
            cap(
                "GLSL 1.40 with GL_ARB_compatibility's built-ins",
                &["glsl140"],
            ),
        ],
    ),
    (
        (3, 2),
        &[
            cap("base-vertex draws", &["base_vertex"]),
            cap("provoking vertex", &["provoking_vertex"]),
            cap("depth clamp", &["depth_clamp"]),
            cap("sync objects", &["sync"]),
            cap("BGRA vertex arrays", &["vertex_formats"]),
            cap("geometry shaders", &["geometry_shader"]),
            cap(
                "layered attachments (glFramebufferTexture, gl_Layer)",
                &["layered_rendering"],
            ),
            cap(
                "multisample textures and the sample mask",
                &["texture_multisample"],
            ),
            cap("seamless cube maps", &["seamless_cube_map"]),
            cap(
                "fragment coordinate conventions",
                &["fragcoord_conventions"],
            ),
            cap("128 varying components", &["many_varyings"]),
            cap(
                "the geometry stage's gl_PrimitiveID output",
                &["geometry_shader"],
            ),
            cap(
                "GLSL 1.50 contexts (interface blocks, geometry shader \
                 built-ins)",
                &["geometry_shader", "layered_rendering", "many_varyings"],
            ),
            cap(
                "core profile contexts (glXCreateContextAttribsARB, the core \
                 dispatch table and rules)",
                &["core_profile"],
            ),
        ],
    ),
    (
        (3, 3),
        &[
            cap("GL_ANY_SAMPLES_PASSED queries", &["occlusion_query"]),
            cap("timer queries", &["timer_query"]),
            cap("sampler objects", &["arb_fbo"]),
            cap("texture swizzle", &["arb_fbo"]),
            cap("instanced arrays (glVertexAttribDivisor)", &["instancing"]),
            cap("GLSL 3.30 contexts", &["gl33"]),
            cap(
                "explicit attribute locations, bit-encoding built-ins",
                &["gl33"],
            ),
            cap("dual-source blending (ARB_blend_func_extended)", &["gl33"]),
            cap(
                "2_10_10_10_REV vertex types and the packed attribute commands",
                &["gl33", "vertex_formats"],
            ),
            cap("RGB10_A2UI colour attachments", &["integer_fbo"]),
        ],
    ),
    (
        (4, 0),
        &[
            cap("indirect draws (ARB_draw_indirect)", &["draw_indirect"]),
            cap(
                "RGB32 buffer textures (ARB_texture_buffer_object_rgb32)",
                &["tbo"],
            ),
            cap(
                "transform feedback objects and draws (ARB_transform_feedback2)",
                &["xfb_draw"],
            ),
            cap(
                "cube map arrays, texture gather, LOD queries",
                &["cube_array", "texture_gather"],
            ),
            cap(
                "per-buffer blend functions and equations (ARB_draw_buffers_blend)",
                &["draw_buffers_blend"],
            ),
            cap(
                "ARB_gpu_shader5: vertex streams, instanced geometry shaders, interpolateAt*, \
                 dynamically indexed samplers, extended integer functions",
                &["gs_streams", "interpolate_at"],
            ),
            cap(
                "GLSL 4.00 (with doubles and tessellation stages)",
                &["glsl400", "tess", "fp64"],
            ),
            cap(
                "double precision in shaders (ARB_gpu_shader_fp64)",
                &["fp64"],
            ),
            cap("sample shading (ARB_sample_shading)", &["sample_shading"]),
            cap(
                "shader subroutines (ARB_shader_subroutine)",
                &["subroutine"],
            ),
            cap("tessellation shaders (ARB_tessellation_shader)", &["tess"]),
            cap(
                "transform feedback buffers and skips (ARB_transform_feedback3)",
                &["xfb3"],
            ),
        ],
    ),
    (
        (4, 1),
        &[
            cap(
                "program pipelines and separable programs (ARB_separate_shader_objects)",
                &["sso"],
            ),
            cap(
                "program binaries (ARB_get_program_binary)",
                &["program_binary"],
            ),
            cap(
                "double-precision vertex attributes (ARB_vertex_attrib_64bit)",
                &["vertex_attrib_64bit"],
            ),
            cap("viewport arrays (ARB_viewport_array)", &["viewport_array"]),
            cap(
                "shader precision requirements (ARB_shader_precision)",
                &["shader_precision"],
            ),
        ],
    ),
    (
        (4, 2),
        &[
            cap(
                "GLSL 4.20's conveniences (ARB_shading_language_420pack)",
                &["glsl420pack"],
            ),
            cap(
                "BPTC compressed textures (ARB_texture_compression_bptc)",
                &["gl30_misc"],
            ),
            cap(
                "immutable texture storage (ARB_texture_storage)",
                &["arb_fbo"],
            ),
            cap(
                "instanced transform feedback draws (ARB_transform_feedback_instanced)",
                &["gl42_misc"],
            ),
            cap(
                "internal format queries (ARB_internalformat_query)",
                &["gl42_misc"],
            ),
            cap(
                "conservative depth (ARB_conservative_depth)",
                &["gl42_misc"],
            ),
            cap(
                "GLSL packing functions (ARB_shading_language_packing)",
                &["gl42_misc"],
            ),
            cap(
                "buffer map alignment (ARB_map_buffer_alignment)",
                &["gl42_misc"],
            ),
            cap(
                "compressed pixel storage (ARB_compressed_texture_pixel_storage)",
                &["gl42_misc"],
            ),
            cap(
                "atomic counters (ARB_shader_atomic_counters)",
                &["atomic_counters"],
            ),
            cap("GLSL 4.20", &["image_load_store", "glsl420pack"]),
            cap(
                "image load and store (ARB_shader_image_load_store)",
                &["image_load_store"],
            ),
        ],
    ),
    (
        (4, 3),
        &[
            cap(
                "shader storage buffers (ARB_shader_storage_buffer_object)",
                &["ssbo"],
            ),
            cap(
                "program interface queries (ARB_program_interface_query)",
                &["program_interface", "ssbo"],
            ),
            cap(
                "framebuffers without attachments (ARB_framebuffer_no_attachments)",
                &["gl33"],
            ),
            cap("texture views (ARB_texture_view)", &["texture_view"]),
            cap(
                "multi-draw indirect draws (ARB_multi_draw_indirect)",
                &["draw_indirect"],
            ),
            cap(
                "textureQueryLevels (ARB_texture_query_levels)",
                &["texture_gather"],
            ),
            cap("buffer texture ranges (ARB_texture_buffer_range)", &["tbo"]),
            cap(
                "multisample texture storage (ARB_texture_storage_multisample)",
                &["texture_multisample"],
            ),
            cap("debug output (KHR_debug)", &["khr_debug"]),
            cap("ES 3.0 compatibility (ARB_ES3_compatibility)", &["gles3"]),
            missing("GLSL 4.30"),
            cap("compute shaders (ARB_compute_shader)", &["compute"]),
            cap(
                "arrays of arrays (ARB_arrays_of_arrays)",
                &["arrays_of_arrays"],
            ),
            cap(
                "buffer clears (ARB_clear_buffer_object)",
                &["clear_buffer_object"],
            ),
            cap("image copies (ARB_copy_image)", &["copy_image"]),
            cap(
                "explicit uniform locations (ARB_explicit_uniform_location)",
                &["explicit_uniform_location"],
            ),
            missing(
                "gl_Layer and gl_ViewportIndex in fragment shaders (ARB_fragment_layer_viewport)",
            ),
            missing("internal format queries 2 (ARB_internalformat_query2)"),
            cap(
                "invalidation of buffer and texture data (ARB_invalidate_subdata)",
                &["invalidate_subdata"],
            ),
            missing("robust buffer access behavior (ARB_robust_buffer_access_behavior)"),
            cap(
                "stencil texturing (ARB_stencil_texturing)",
                &["stencil_texturing"],
            ),
            cap(
                "separate vertex formats and buffers (ARB_vertex_attrib_binding)",
                &["vertex_attrib_binding"],
            ),
        ],
    ),
];

/// Capabilities OpenGL ES 2.0 adds to the GL 2.0 ones it shares (reported
/// once GL 2.0 is complete and these are).
pub static GLES_2_0: &[Capability] = &[
    cap(
        "ES 2.0 dispatch (GL_INVALID_OPERATION for commands ES lacks), \
         ES strings and limits, GLSL ES 1.00 in ES contexts",
        &["gles2"],
    ),
    cap("ES 2.0 contexts through EGL and GLX", &["gles2"]),
];

/// Capabilities OpenGL ES 3.0 adds to ES 2.0 beyond what GL 3.3 already
/// has (reported once GL 3.3 and ES 2.0 are complete and these are): an
/// ES 3.0 context is the GL 3.3 core with ES 3.0's commands and rules.
pub static GLES_3_0: &[Capability] = &[
    cap(
        "ES 3.0 dispatch, strings and limits, GLSL ES 3.00 in ES contexts",
        &["gles3"],
    ),
    cap("transform feedback objects, pause and resume", &["gles3"]),
    cap(
        "glGetInternalformativ, glInvalidate(Sub)Framebuffer, program binary queries",
        &["gles3"],
    ),
    cap("primitive restart with the fixed index", &["gles3"]),
    cap("ETC2/EAC compressed textures", &["gles3"]),
];

/// Capabilities OpenGL ES 1.1 (the common profile) needs beyond the GL
/// 1.5 compatibility core it runs on; reported once every one holds.
pub static GLES_1_1: &[Capability] = &[
    cap(
        "fixed-point and single-precision commands (OES_fixed_point, OES_single_precision)",
        &["fixed_point"],
    ),
    cap(
        "ES 1.1 dispatch, strings and limits; contexts through EGL and GLX",
        &["gles1"],
    ),
    cap(
        "GL_FIXED and GL_BYTE vertex arrays (OES_byte_coordinates)",
        &["gles1"],
    ),
    cap(
        "paletted textures (OES_compressed_paletted_texture)",
        &["gles1"],
    ),
    cap("point size arrays (OES_point_size_array)", &["gles1"]),
];

/// What a build supports, per API.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Support {
    /// Highest compatibility-profile (legacy) version.
    pub compat: (u8, u8),
    /// Highest core-profile version, if any.
    pub core: Option<(u8, u8)>,
    /// Highest OpenGL ES version of the ES 2+ family, if any.
    pub gles2: Option<(u8, u8)>,
    /// OpenGL ES 1.x, if supported.
    pub gles1: Option<(u8, u8)>,
    /// Whether `compat` is fully implemented (false while the floor 1.0 is
    /// reported without all of its capabilities).
    pub complete: bool,
    /// `MESA_GL_VERSION_OVERRIDE` asked for a forward-compatible context.
    pub forward_compatible: bool,
}

/// The API and version of one context, as reported to the application.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ApiVersions {
    /// Major version.
    pub major: u8,
    /// Minor version.
    pub minor: u8,
}

/// Computes support from the capability table alone.
pub fn computed_support() -> Support {
    let mut compat = None;
    for (version, caps) in GL_VERSIONS {
        if caps.iter().all(|c| c.implemented) {
            compat = Some(*version);
        } else {
            break;
        }
    }
    let es2 = compat >= Some((2, 0)) && GLES_2_0.iter().all(|c| c.implemented);
    let es3 = es2 && compat >= Some((3, 3)) && GLES_3_0.iter().all(|c| c.implemented);
    let gles2 = match (es2, es3) {
        (_, true) => Some((3, 0)),
        (true, false) => Some((2, 0)),
        _ => None,
    };
    // The core profile exists from 3.2 and has what the compatibility
    // profile has, less what it removed (src/libgl/src/tables.rs).
    let core = compat.filter(|&v| v >= (3, 2));
    Support {
        compat: compat.unwrap_or((1, 0)),
        core,
        gles2,
        gles1: (compat >= Some((1, 5)) && GLES_1_1.iter().all(|c| c.implemented)).then_some((1, 1)),
        complete: compat.is_some(),
        forward_compatible: false,
    }
}

/// A parsed `MESA_GL_VERSION_OVERRIDE` (`MAJOR.MINOR[FC|COMPAT]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VersionOverride {
    /// Requested version.
    pub version: (u8, u8),
    /// `FC` suffix: forward-compatible.
    pub forward_compatible: bool,
    /// `COMPAT` suffix: a compatibility profile even at 3.2 and above.
    pub compat: bool,
}

/// Parses Mesa's `MESA_GL_VERSION_OVERRIDE` syntax; `None` when malformed.
pub fn parse_override(text: &str) -> Option<VersionOverride> {
    let (major, rest) = text.split_once('.')?;
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let (minor, suffix) = rest.split_at(digits);
    let (forward_compatible, compat) = match suffix {
        "" => (false, false),
        "FC" => (true, false),
        "COMPAT" => (false, true),
        _ => return None,
    };
    let version = (major.parse().ok()?, minor.parse().ok()?);
    Some(VersionOverride {
        version,
        forward_compatible,
        compat,
    })
}

/// Applies an override the way Mesa does: a version below 3.2, or one marked
/// `COMPAT`, replaces the compatibility version; 3.2 and above without `COMPAT`
/// replaces the core version (Mesa then gives core contexts for it).
pub fn apply_override(mut s: Support, o: VersionOverride) -> Support {
    if o.version < (3, 2) || o.compat {
        // Mesa then gives every context this compatibility version: no
        // core context.
        s.compat = o.version;
        s.core = None;
        s.complete = true;
    } else {
        s.core = Some(o.version);
    }
    s.forward_compatible = o.forward_compatible;
    s
}

/// Support of this process: the table, then `MESA_GL_VERSION_OVERRIDE`
/// (a malformed value is reported once and ignored, as in Mesa).
pub fn support() -> Support {
    static SUPPORT: OnceLock<Support> = OnceLock::new();
    *SUPPORT.get_or_init(|| {
        let base = computed_support();
        match oxgl_util::env::non_empty("MESA_GL_VERSION_OVERRIDE") {
            None => base,
            Some(text) => match parse_override(&text) {
                Some(o) => apply_override(base, o),
                None => {
                    oxgl_util::log!(
                        oxgl_util::log::Level::Warning,
                        "invalid MESA_GL_VERSION_OVERRIDE: {text}"
                    );
                    base
                }
            },
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn override_syntax() {
        assert_eq!(
            parse_override("3.3"),
            Some(VersionOverride {
                version: (3, 3),
                forward_compatible: false,
                compat: false
            })
        );
        assert_eq!(
            parse_override("3.1FC").map(|o| o.forward_compatible),
            Some(true)
        );
        assert_eq!(parse_override("4.5COMPAT").map(|o| o.compat), Some(true));
        assert_eq!(parse_override("4"), None);
        assert_eq!(parse_override("4.5XX"), None);
    }

    #[test]
    fn override_targets_profile() {
        let base = computed_support();
        let s = apply_override(base, parse_override("2.1").unwrap());
        assert_eq!((s.compat, s.core), ((2, 1), None));
        let s = apply_override(base, parse_override("4.5").unwrap());
        assert_eq!((s.compat, s.core), (base.compat, Some((4, 5))));
        let s = apply_override(base, parse_override("4.5COMPAT").unwrap());
        assert_eq!(s.compat, (4, 5));
    }

    #[test]
    fn table_is_honest() {
        let s = computed_support();
        assert!(s.complete);
        assert_eq!(s.compat, (4, 2));
        assert_eq!(s.core, Some((4, 2)));
        assert_eq!(s.gles2, Some((3, 0)));
        // Every implemented capability names test clients that exist.
        let clients = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/clients");
        let es = [((1, 1), GLES_1_1), ((2, 0), GLES_2_0), ((3, 0), GLES_3_0)];
        for (version, caps) in GL_VERSIONS.iter().chain(es.iter()) {
            for c in caps.iter().filter(|c| c.implemented) {
                assert!(!c.tests.is_empty(), "{version:?} {}: no test named", c.name);
                for t in c.tests {
                    let file = clients.join(format!("{t}.c"));
                    assert!(
                        file.exists(),
                        "{version:?} {}: {} missing",
                        c.name,
                        file.display()
                    );
                }
            }
        }
    }
}
