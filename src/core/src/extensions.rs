//! The GL extension strings: one table, each extension tied to what makes
//! it true — the GL version whose capabilities it is part of (advertised
//! once [`crate::version`]'s table says that version is complete), or a
//! capability implemented on its own. As Mesa does, an extension promoted
//! into a supported core version is advertised too, so that programs
//! written against the extension find it.

use std::ffi::CStr;
use std::sync::OnceLock;

use crate::context::Profile;

/// What an extension needs.
#[derive(Clone, Copy, Debug)]
enum Needs {
    /// Every capability of this compatibility-profile version.
    Version(u8, u8),
    /// The same, and advertised in core-profile contexts too: what Mesa
    /// lists for both profiles (`GL` rather than `GLL` in its extension
    /// table), the extensions whose commands and enums the core profile
    /// keeps.
    AlsoCore(u8, u8),
    /// A capability implemented on its own (every profile).
    Always,
    /// Desktop GL contexts (compatibility and core), on their own.
    Desktop,
    /// This compatibility-profile version's, and ES contexts too (not the
    /// core profile): extensions whose commands the core profile removed
    /// and ES kept.
    CompatOrEs(u8, u8),
    /// OpenGL ES 2.0 contexts: the desktop behaviour an ES extension names
    /// (Mesa's ES 2 extensions that hold here; `tests/clients/gles2.c`).
    Es2,
}

/// Every extension this build can advertise, in the order of the string.
static TABLE: &[(&CStr, Needs)] = &[
    // GL 1.1
    (c"GL_EXT_copy_texture", Needs::Version(1, 1)),
    (c"GL_EXT_polygon_offset", Needs::Version(1, 1)),
    (c"GL_EXT_subtexture", Needs::Version(1, 1)),
    (c"GL_EXT_texture", Needs::Version(1, 1)),
    (c"GL_EXT_texture_object", Needs::Version(1, 1)),
    (c"GL_EXT_vertex_array", Needs::Version(1, 1)),
    // GL 1.2
    (c"GL_EXT_bgra", Needs::Version(1, 2)),
    (c"GL_EXT_draw_range_elements", Needs::Version(1, 2)),
    (c"GL_EXT_packed_pixels", Needs::Version(1, 2)),
    (c"GL_EXT_rescale_normal", Needs::Version(1, 2)),
    (c"GL_EXT_separate_specular_color", Needs::Version(1, 2)),
    (c"GL_EXT_texture3D", Needs::Version(1, 2)),
    (c"GL_EXT_texture_edge_clamp", Needs::Version(1, 2)),
    (c"GL_SGIS_texture_edge_clamp", Needs::Version(1, 2)),
    (c"GL_SGIS_texture_lod", Needs::Version(1, 2)),
    // GL 1.3
    (c"GL_ARB_multisample", Needs::Version(1, 3)),
    (c"GL_ARB_multitexture", Needs::Version(1, 3)),
    (c"GL_ARB_texture_border_clamp", Needs::Version(1, 3)),
    (c"GL_ARB_texture_compression", Needs::Version(1, 3)),
    (c"GL_ARB_texture_cube_map", Needs::Version(1, 3)),
    (c"GL_ARB_texture_env_add", Needs::Version(1, 3)),
    (c"GL_ARB_texture_env_combine", Needs::Version(1, 3)),
    (c"GL_ARB_texture_env_dot3", Needs::Version(1, 3)),
    (c"GL_ARB_transpose_matrix", Needs::Version(1, 3)),
    (c"GL_EXT_texture_cube_map", Needs::Version(1, 3)),
    (c"GL_EXT_texture_env_add", Needs::Version(1, 3)),
    (c"GL_EXT_texture_env_combine", Needs::Version(1, 3)),
    (c"GL_EXT_texture_env_dot3", Needs::Version(1, 3)),
    // GL 1.4
    (c"GL_ARB_depth_texture", Needs::Version(1, 4)),
    (c"GL_ARB_point_parameters", Needs::Version(1, 4)),
    (c"GL_ARB_shadow", Needs::Version(1, 4)),
    (c"GL_ARB_texture_env_crossbar", Needs::Version(1, 4)),
    (c"GL_ARB_texture_mirrored_repeat", Needs::Version(1, 4)),
    // GL 4.4's wrap mode, which the sampler has (the extension asks for
    // GL 1.4).
    (
        c"GL_ARB_texture_mirror_clamp_to_edge",
        Needs::AlsoCore(1, 4),
    ),
    (c"GL_ARB_window_pos", Needs::Version(1, 4)),
    (c"GL_EXT_blend_color", Needs::Version(1, 4)),
    (c"GL_EXT_blend_func_separate", Needs::Version(1, 4)),
    (c"GL_EXT_blend_equation_separate", Needs::AlsoCore(1, 4)),
    (c"GL_EXT_blend_minmax", Needs::Version(1, 4)),
    (c"GL_EXT_blend_subtract", Needs::Version(1, 4)),
    (c"GL_EXT_fog_coord", Needs::Version(1, 4)),
    (c"GL_EXT_multi_draw_arrays", Needs::CompatOrEs(1, 4)),
    (c"GL_EXT_point_parameters", Needs::Version(1, 4)),
    (c"GL_EXT_secondary_color", Needs::Version(1, 4)),
    (c"GL_EXT_shadow_funcs", Needs::Version(1, 4)),
    (c"GL_EXT_stencil_wrap", Needs::Version(1, 4)),
    (c"GL_EXT_texture_lod_bias", Needs::Version(1, 4)),
    (c"GL_MESA_window_pos", Needs::Version(1, 4)),
    (c"GL_NV_blend_square", Needs::Version(1, 4)),
    (c"GL_SGIS_generate_mipmap", Needs::Version(1, 4)),
    // GL 1.5
    (c"GL_ARB_occlusion_query", Needs::Version(1, 5)),
    // GL 2.0 features that need no GLSL, advertised as their extensions
    // while the context version waits for GLSL (version.rs).
    (c"GL_ARB_draw_buffers", Needs::AlsoCore(1, 5)),
    (c"GL_ARB_point_sprite", Needs::AlsoCore(1, 5)),
    (c"GL_ARB_texture_non_power_of_two", Needs::AlsoCore(1, 5)),
    (c"GL_ATI_separate_stencil", Needs::Version(1, 5)),
    // GL 2.0
    (c"GL_ARB_fragment_shader", Needs::AlsoCore(2, 0)),
    (c"GL_ARB_shader_objects", Needs::AlsoCore(2, 0)),
    (c"GL_ARB_shading_language_100", Needs::Version(2, 0)),
    (c"GL_ARB_vertex_shader", Needs::AlsoCore(2, 0)),
    // GL 2.1
    (c"GL_ARB_pixel_buffer_object", Needs::AlsoCore(2, 1)),
    (c"GL_EXT_pixel_buffer_object", Needs::AlsoCore(2, 1)),
    (c"GL_EXT_texture_sRGB", Needs::AlsoCore(2, 1)),
    // GL 3.1 compatibility contexts keep the deprecated features, GLSL
    // 1.40 shaders their built-ins (Mesa lists it from 3.1 on).
    (c"GL_ARB_compatibility", Needs::Version(3, 1)),
    // On their own.
    (c"GL_ARB_ES2_compatibility", Needs::AlsoCore(2, 0)),
    // Framebuffers without attachments, sized by their defaults (GL 4.3).
    (c"GL_ARB_framebuffer_no_attachments", Needs::AlsoCore(3, 3)),
    // ETC2/EAC textures, the fixed restart index, GL_MAX_ELEMENT_INDEX
    // and GLSL ES 3.00 shaders (GL 4.3; tests/clients/gles3.c and the
    // desktop checks in gl33.c).
    (c"GL_ARB_ES3_compatibility", Needs::AlsoCore(3, 3)),
    // Its spec names GL 3.1; Mesa offers it on every compatibility context
    // that can decode it, as here.
    (c"GL_ARB_texture_compression_bptc", Needs::AlsoCore(1, 3)),
    (c"GL_ARB_texture_compression_rgtc", Needs::AlsoCore(1, 3)),
    // Every profile, ES included (as Mesa).
    (c"GL_EXT_texture_compression_rgtc", Needs::Always),
    // Every profile, ES included (as Mesa).
    (c"GL_EXT_texture_compression_s3tc", Needs::Always),
    (c"GL_EXT_texture_compression_dxt1", Needs::AlsoCore(1, 3)),
    (c"GL_ARB_half_float_pixel", Needs::AlsoCore(1, 5)),
    (c"GL_ARB_half_float_vertex", Needs::AlsoCore(1, 5)),
    (c"GL_ARB_vertex_array_object", Needs::AlsoCore(1, 5)),
    (c"GL_NV_conditional_render", Needs::AlsoCore(1, 5)),
    (c"GL_EXT_abgr", Needs::AlsoCore(1, 1)),
    (c"GL_EXT_gpu_shader4", Needs::Version(2, 0)),
    // texture*Lod in every stage and texture*GradARB: the GLSL 1.30
    // explicit-LOD and gradient sampling (tests/clients/shader_texture_lod.c).
    (c"GL_ARB_shader_texture_lod", Needs::AlsoCore(2, 0)),
    (c"GL_EXT_texture_array", Needs::AlsoCore(2, 0)),
    (c"GL_ARB_texture_cube_map_array", Needs::AlsoCore(2, 0)),
    // gl_FragCoord's origin_upper_left and pixel_center_integer (GLSL
    // 1.50's, in earlier versions; tests/clients/fragcoord_conventions.c).
    (c"GL_ARB_fragment_coord_conventions", Needs::AlsoCore(2, 0)),
    // Linear filtering across cube faces (dri/swrast/src/texture.rs,
    // tests/clients/seamless_cube_map.c).
    (c"GL_ARB_seamless_cube_map", Needs::AlsoCore(2, 0)),
    // Multisample textures and the sample mask (src/core/src/texture/ms.rs,
    // tests/clients/texture_multisample.c), on framebuffer objects.
    (c"GL_ARB_texture_multisample", Needs::AlsoCore(3, 0)),
    // glTexStorage{2,3}DMultisample, and multisample textures' fixed
    // sampler state (GL 4.3; src/core/src/texture/ms.rs;
    // tests/clients/texture_multisample.c).
    (c"GL_ARB_texture_storage_multisample", Needs::AlsoCore(3, 0)),
    // textureGather and textureGatherOffset: the base level's bilinear
    // footprint, compared for shadow samplers (dri/swrast/src/texture.rs).
    (c"GL_ARB_texture_gather", Needs::AlsoCore(2, 0)),
    // glTextureBarrier: the bound framebuffer object's drawable copied back
    // into its textures (src/core/src/framebuffer.rs).
    (c"GL_ARB_texture_barrier", Needs::AlsoCore(1, 5)),
    (c"GL_NV_texture_barrier", Needs::AlsoCore(1, 5)),
    // layout(location = N) on vertex inputs and fragment outputs, taking
    // precedence over glBindAttribLocation/glBindFragDataLocation.
    (c"GL_ARB_explicit_attrib_location", Needs::AlsoCore(2, 0)),
    // floatBitsToInt and the rest (GLSL 3.30's bit encoding, lowered to
    // bit casts) in older GLSL versions.
    (c"GL_ARB_shader_bit_encoding", Needs::AlsoCore(2, 0)),
    // GL_INT_2_10_10_10_REV / GL_UNSIGNED_INT_2_10_10_10_REV arrays (one
    // conversion shared with the backend, dri/interface/src/vertex.rs) and
    // the glVertexAttribP*/glColorP*/... commands.
    (c"GL_ARB_vertex_type_2_10_10_10_rev", Needs::AlsoCore(2, 0)),
    (c"GL_ARB_vertex_type_10f_11f_11f_rev", Needs::AlsoCore(2, 0)),
    // Dual-source blending: index-1 fragment outputs move to their own
    // location (oxgl_glsl::link::DUAL_SOURCE_LOCATION), which swrast's
    // GL_SRC1_* blend factors read.
    (c"GL_ARB_blend_func_extended", Needs::AlsoCore(2, 0)),
    // textureQueryLevels (swrast's texture queries) and textureQueryLOD
    // (the level a lookup reads and λ', dri/swrast/src/texture.rs).
    (c"GL_ARB_texture_query_levels", Needs::AlsoCore(2, 0)),
    (c"GL_ARB_texture_query_lod", Needs::AlsoCore(2, 0)),
    // Buffer textures: sampled through EXT_gpu_shader4's samplerBuffer.
    (c"GL_ARB_texture_buffer_object", Needs::AlsoCore(2, 0)),
    (c"GL_ARB_texture_buffer_range", Needs::AlsoCore(2, 0)),
    (c"GL_ARB_texture_buffer_object_rgb32", Needs::AlsoCore(3, 0)),
    (c"GL_EXT_texture_buffer_object", Needs::Version(2, 0)),
    (c"GL_EXT_packed_float", Needs::AlsoCore(1, 5)),
    (c"GL_EXT_texture_integer", Needs::AlsoCore(2, 0)),
    // GL_RGB10_A2UI textures and colour attachments (integer rendering,
    // the packed integer reads; tests/clients/integer_fbo.c).
    (c"GL_ARB_texture_rgb10_a2ui", Needs::AlsoCore(2, 0)),
    // glClampColor: vertex colours (program variants), fragment colours
    // (ABI 14 `clamp_color`), reads and clears
    // (tests/clients/color_buffer_float.c).
    (c"GL_ARB_color_buffer_float", Needs::AlsoCore(2, 0)),
    // GL_FRAMEBUFFER_SRGB: sRGB attachments encoded as drawn and cleared,
    // blended in linear terms (ABI 14 `srgb_buffers`;
    // tests/clients/framebuffer_srgb.c). The window's visuals are linear.
    (c"GL_ARB_framebuffer_sRGB", Needs::AlsoCore(2, 1)),
    (c"GL_EXT_framebuffer_sRGB", Needs::AlsoCore(2, 1)),
    (c"GL_EXT_texture_shared_exponent", Needs::AlsoCore(1, 5)),
    (c"GL_EXT_texture_snorm", Needs::AlsoCore(1, 5)),
    (c"GL_ARB_map_buffer_range", Needs::AlsoCore(1, 5)),
    // GL 4.4's immutable buffer storage; persistent mappings were
    // already coherent (draws read the storage the mapping points into).
    (c"GL_ARB_buffer_storage", Needs::AlsoCore(1, 5)),
    // glCopyBufferSubData and the copy targets (src/core/src/buffer.rs,
    // tests/clients/buffers.c).
    (c"GL_ARB_copy_buffer", Needs::AlsoCore(1, 5)),
    // GL_BGRA as the size of colour and generic arrays (src/core/src/vbo/
    // arrays.rs, read as ABI 13's OXGL_VERTEX_BGRA; tests/clients/
    // vertex_formats.c).
    (c"GL_EXT_vertex_array_bgra", Needs::AlsoCore(2, 0)),
    (c"GL_ARB_vertex_array_bgra", Needs::AlsoCore(2, 0)),
    // GL_ANY_SAMPLES_PASSED queries (src/core/src/query.rs;
    // tests/clients/occlusion_query.c).
    (c"GL_ARB_occlusion_query2", Needs::AlsoCore(1, 5)),
    (c"GL_ARB_depth_buffer_float", Needs::AlsoCore(1, 5)),
    (c"GL_ARB_framebuffer_object", Needs::AlsoCore(1, 5)),
    (c"GL_EXT_packed_depth_stencil", Needs::AlsoCore(1, 5)),
    (c"GL_ARB_sampler_objects", Needs::AlsoCore(1, 5)),
    (c"GL_ARB_texture_float", Needs::AlsoCore(1, 5)),
    (c"GL_ARB_texture_rg", Needs::AlsoCore(1, 5)),
    (c"GL_ARB_texture_storage", Needs::AlsoCore(1, 5)),
    (c"GL_ARB_texture_swizzle", Needs::AlsoCore(1, 5)),
    (c"GL_ARB_texture_view", Needs::AlsoCore(1, 5)),
    (c"GL_ARB_texture_stencil8", Needs::AlsoCore(1, 5)),
    (c"GL_EXT_texture_swizzle", Needs::AlsoCore(1, 5)),
    (c"GL_EXT_framebuffer_blit", Needs::AlsoCore(1, 5)),
    // Four-sample renderbuffers and resolving blits (src/core/src/framebuffer.rs,
    // blit.rs, ABI 14's sample images; tests/clients/multisample.c).
    (c"GL_EXT_framebuffer_multisample", Needs::AlsoCore(1, 5)),
    (c"GL_EXT_framebuffer_object", Needs::Version(1, 5)),
    // Instanced draws (src/core/src/vbo/draw.rs: the instances one by one,
    // gl_InstanceIDARB, divisors; tests/clients/instancing.c).
    (c"GL_ARB_draw_instanced", Needs::AlsoCore(2, 0)),
    // Timer queries, timed in the core around the backend's finish
    // (src/core/src/query.rs; tests/clients/timer_query.c).
    (c"GL_ARB_timer_query", Needs::AlsoCore(1, 5)),
    (c"GL_EXT_timer_query", Needs::AlsoCore(1, 5)),
    // Per-draw-buffer colour masks and blend enables
    // (src/core/src/framebuffer/draw_buffers2.rs, ABI 13; tests/clients/draw_buffers2.c).
    (c"GL_EXT_draw_buffers2", Needs::AlsoCore(2, 0)),
    // Per-draw-buffer blend functions and equations (GL 4.0;
    // src/core/src/raster_state.rs, ABI 18; tests/clients/draw_buffers_blend.c).
    (c"GL_ARB_draw_buffers_blend", Needs::AlsoCore(2, 0)),
    // glMinSampleShading, gl_SampleID, gl_SamplePosition, gl_SampleMaskIn,
    // gl_SampleMask: fragment shaders run per sample of a multisample
    // target (GL 4.0; dri/swrast/src/program.rs; tests/clients/sample_shading.c).
    (c"GL_ARB_sample_shading", Needs::AlsoCore(2, 0)),
    // Program pipelines, glProgramUniform*, separable programs (GL 4.1;
    // src/core/src/program/pipeline.rs; tests/clients/sso.c).
    (c"GL_ARB_separate_shader_objects", Needs::AlsoCore(2, 0)),
    // Program binaries of the link inputs (GL 4.1; src/core/src/program/binary.rs;
    // tests/clients/program_binary.c).
    (c"GL_ARB_get_program_binary", Needs::AlsoCore(2, 0)),
    // Sixteen viewports, depth ranges and scissor rectangles, picked by
    // gl_ViewportIndex (GL 4.1; src/core/src/viewport.rs, ABI 19;
    // tests/clients/viewport_array.c).
    (c"GL_ARB_viewport_array", Needs::AlsoCore(2, 0)),
    // GLSL 4.60 §4.7.1's precision of every engine's arithmetic and built-in
    // functions (GL 4.1; oxgl_ir::approx's sweeps, the interpreter and JIT
    // computing the same bits; tests/clients/shader_precision.c).
    (c"GL_ARB_shader_precision", Needs::AlsoCore(3, 0)),
    // Subroutine types, functions and uniforms: a uniform index and a
    // branch over the functions of its type (GL 4.0;
    // src/core/src/program/subroutine.rs; tests/clients/subroutine.c).
    (c"GL_ARB_shader_subroutine", Needs::AlsoCore(3, 0)),
    (c"GL_ARB_gpu_shader5", Needs::AlsoCore(3, 0)),
    // Double precision: dvec/dmat values in every stage (two 32-bit
    // registers a component, oxgl-exec's Op::Wide), double uniforms and
    // uniform-block members, flat double varyings (GL 4.0;
    // tests/clients/fp64.c).
    (c"GL_ARB_gpu_shader_fp64", Needs::AlsoCore(3, 0)),
    // Tessellation control and evaluation stages, patches, the primitive
    // generator (GL 4.0; src/core/src/program/tess.rs, ABI 23's stages run
    // by dri/swrast/src/pipeline.rs; tests/clients/tess.c).
    (c"GL_ARB_tessellation_shader", Needs::AlsoCore(3, 0)),
    // Double vertex attributes: glVertexAttribL*, arrays passed to the
    // backend as doubles (ABI 22's OXGL_VERTEX_LONG), double vertex shader
    // inputs (GL 4.1; tests/clients/vertex_attrib_64bit.c).
    (c"GL_ARB_vertex_attrib_64bit", Needs::AlsoCore(3, 0)),
    // GLSL 4.20's conveniences in earlier versions: initializer lists,
    // qualifiers in any order (each kind once), `binding` on samplers
    // (their initial units) and uniform blocks (src/glsl; the units in
    // src/core/src/program.rs; tests/clients/glsl420pack.c).
    (c"GL_ARB_shading_language_420pack", Needs::AlsoCore(3, 0)),
    // GLSL 4.20's packing functions in earlier versions: packSnorm2x16,
    // packUnorm2x16, packHalf2x16 and their unpacks (oxgl-exec's
    // Op::Pack; tests/clients/gl42_misc.c).
    (c"GL_ARB_shading_language_packing", Needs::AlsoCore(3, 0)),
    // Depth layout qualifiers on gl_FragDepth (`depth_any`,
    // `depth_greater`, ...): a promise the engine may ignore, so it
    // does; the compiler checks their rules (src/glsl/src/sema).
    (c"GL_ARB_conservative_depth", Needs::AlsoCore(3, 0)),
    // glDraw(Range)Elements(Instanced)BaseVertex, glMultiDrawElementsBaseVertex
    // (src/core/src/vbo/draw.rs; tests/clients/base_vertex.c).
    (c"GL_ARB_draw_elements_base_vertex", Needs::AlsoCore(2, 0)),
    // Base instances on instanced draws (GL 4.2's commands; the draw
    // path has them for ES's GL_EXT_base_instance) and indirect draws (GL
    // 4.0's, and GL 4.3's loops of them); the extensions ask for GL 3.1.
    (c"GL_ARB_base_instance", Needs::AlsoCore(3, 1)),
    (c"GL_ARB_draw_indirect", Needs::AlsoCore(3, 1)),
    (c"GL_ARB_multi_draw_indirect", Needs::AlsoCore(3, 1)),
    // Primitive restart: the index (src/core/src/vbo/draw.rs, shared with
    // GL 3.1's) and glPrimitiveRestartNV in Begin/End and display lists
    // (tests/clients/vertex_formats.c, tests/clients/primitive_restart.c).
    (c"GL_NV_primitive_restart", Needs::Version(1, 5)),
    // Transform feedback (src/core/src/xfb.rs, capture in swrast's
    // capture.rs; tests/clients/xfb.c). Mesa offers it on GL 2.1 contexts.
    (c"GL_EXT_transform_feedback", Needs::AlsoCore(2, 0)),
    // Transform feedback objects (as ES 3.0 has them) and
    // glDrawTransformFeedback.
    (c"GL_ARB_transform_feedback2", Needs::AlsoCore(3, 0)),
    // gl_NextBuffer and gl_SkipComponentsN in interleaved captures,
    // indexed queries of the one vertex stream (GL 4.0; src/core/src/xfb.rs,
    // ABI 20's OXGL_CAPTURE_SKIP; tests/clients/xfb3.c).
    (c"GL_ARB_transform_feedback3", Needs::AlsoCore(3, 0)),
    // glDrawTransformFeedback(Stream)Instanced (GL 4.2; tests/clients/gl42_misc.c).
    (
        c"GL_ARB_transform_feedback_instanced",
        Needs::AlsoCore(3, 0),
    ),
    // glGetInternalformativ's sample counts (GL 4.2; ES 3.0's command,
    // src/core/src/framebuffer.rs; tests/clients/gl42_misc.c).
    (c"GL_ARB_internalformat_query", Needs::AlsoCore(3, 0)),
    // Buffer storage starts at 64-byte boundaries, so mappings do
    // (GL 4.2; src/core/src/buffer.rs's Storage; tests/clients/gl42_misc.c).
    (c"GL_ARB_map_buffer_alignment", Needs::AlsoCore(2, 0)),
    // The pixel storage modes on compressed images: the blocks picked out
    // of or placed in larger client images (GL 4.2;
    // src/core/src/texture/compressed.rs's BlockSpan; tests/clients/gl42_misc.c).
    (
        c"GL_ARB_compressed_texture_pixel_storage",
        Needs::AlsoCore(2, 0),
    ),
    // Atomic counters: `atomic_uint` variables at binding points and
    // offsets, atomic operations on the bound buffers' words in every
    // stage (GL 4.2; src/core/src/program/atomic.rs, ABI 24's buffer
    // ranges, oxgl-exec's Op::Atomic; tests/clients/atomic_counters.c).
    (c"GL_ARB_shader_atomic_counters", Needs::AlsoCore(3, 0)),
    // atomicCounterAdd and the other operations on counters (GL 4.6's
    // GLSL built-ins; oxgl-glsl's counter_call, tests/clients/atomic_counters.c).
    (c"GL_ARB_shader_atomic_counter_ops", Needs::AlsoCore(3, 0)),
    // Image units, image uniforms and built-ins, early fragment tests
    // (src/core/src/texture/image_unit.rs, dri/swrast/src/image.rs;
    // tests/clients/image_load_store.c).
    (c"GL_ARB_shader_image_load_store", Needs::AlsoCore(3, 0)),
    (c"GL_ARB_shader_image_size", Needs::AlsoCore(3, 0)),
    // Shader storage blocks: buffer-backed blocks read, written and
    // changed atomically in place, runtime-sized last members (GL 4.3;
    // src/core/src/program/storage.rs, ABI 26's storage slots, oxgl-glsl's
    // lower/block.rs; tests/clients/ssbo.c).
    (
        c"GL_ARB_shader_storage_buffer_object",
        Needs::AlsoCore(3, 0),
    ),
    // Every active resource of a program by interface, with its properties
    // (GL 4.3; src/core/src/program/resource.rs; tests/clients/ssbo.c,
    // tests/clients/program_interface.c).
    (c"GL_ARB_program_interface_query", Needs::AlsoCore(2, 0)),
    // Compute programs and dispatches: workgroups of interpreter fibers
    // that meet at barriers, shared memory (GL 4.3;
    // src/core/src/program/compute.rs, ABI 27, dri/swrast/src/compute.rs;
    // tests/clients/compute.c).
    (c"GL_ARB_compute_shader", Needs::AlsoCore(3, 0)),
    // Vertex buffer bindings apart from the attributes' formats (GL 4.3;
    // src/core/src/vbo/binding.rs; tests/clients/vertex_attrib_binding.c).
    (c"GL_ARB_vertex_attrib_binding", Needs::AlsoCore(2, 0)),
    // Depth/stencil textures sampled for their stencil indices
    // (GL_DEPTH_STENCIL_TEXTURE_MODE; GL 4.3; src/core/src/vbo/submit.rs's
    // texture_desc, ABI 28's swizzle 7; tests/clients/stencil_texturing.c).
    (c"GL_ARB_stencil_texturing", Needs::AlsoCore(3, 0)),
    // Arrays of arrays in GLSL: data, samplers, images, uniform and
    // storage block arrays, in/out block arrays and members (GL 4.3;
    // oxgl-glsl; tests/clients/arrays_of_arrays.c).
    (c"GL_ARB_arrays_of_arrays", Needs::AlsoCore(3, 0)),
    // Buffer ranges filled with one texel of a buffer texture format
    // (GL 4.3; src/core/src/buffer/api.rs; tests/clients/clear_buffer_object.c).
    (c"GL_ARB_clear_buffer_object", Needs::AlsoCore(2, 0)),
    // Invalidation of texture images and buffer ranges: checked hints
    // (GL 4.3; src/core/src/texture/invalidate.rs;
    // tests/clients/invalidate_subdata.c).
    (c"GL_ARB_invalidate_subdata", Needs::AlsoCore(2, 0)),
    // glCopyImageSubData between textures and colour renderbuffers, bits
    // moved between formats of one size, blocks and texels
    // (GL 4.3; src/core/src/texture/copy_image.rs; tests/clients/copy_image.c).
    (c"GL_ARB_copy_image", Needs::AlsoCore(3, 0)),
    // `layout(location = N)` on uniforms (GL 4.3; oxgl-glsl's
    // explicit_locations, src/core/src/program.rs's locations;
    // tests/clients/explicit_uniform_location.c).
    (c"GL_ARB_explicit_uniform_location", Needs::AlsoCore(3, 0)),
    (c"GL_ARB_instanced_arrays", Needs::AlsoCore(2, 0)),
    // Uniform blocks (src/core/src/program/ubo.rs; regions of the default uniform
    // block, oxgl-glsl's lower/block.rs; tests/clients/ubo.c). Mesa offers
    // it on GL 2.1 contexts with GLSL 1.20's `#extension`.
    (c"GL_ARB_uniform_buffer_object", Needs::AlsoCore(2, 0)),
    // glProvokingVertex (src/core/src/compat/fixed.rs, swrast's assembly;
    // tests/clients/provoking_vertex.c).
    (c"GL_ARB_provoking_vertex", Needs::AlsoCore(1, 1)),
    // GL_DEPTH_CLAMP (swrast: no near/far clipping, depth clamped to the
    // depth range; selection and feedback alike; tests/clients/depth_clamp.c).
    (c"GL_ARB_depth_clamp", Needs::AlsoCore(1, 1)),
    (c"GL_EXT_provoking_vertex", Needs::AlsoCore(1, 1)),
    // Fences (src/core/src/sync.rs: signaled at creation;
    // tests/clients/sync.c).
    (c"GL_ARB_sync", Needs::AlsoCore(1, 1)),
    // Assembly programs (src/core/src/program/arbprog/): compatibility contexts.
    (c"GL_ARB_fragment_program", Needs::Version(1, 3)),
    (c"GL_ARB_vertex_program", Needs::Version(1, 3)),
    (c"GL_ARB_texture_rectangle", Needs::Desktop),
    (c"GL_ARB_vertex_buffer_object", Needs::Desktop),
    (c"GL_KHR_debug", Needs::Always),
    // The implementation read format and type queries (compatibility
    // contexts, as Mesa lists it).
    (c"GL_OES_read_format", Needs::Version(1, 1)),
    // Shaders compile when glCompileShader returns: GL_COMPLETION_STATUS_KHR
    // is always TRUE and the thread count a hint.
    (c"GL_KHR_parallel_shader_compile", Needs::Always),
    // No-error contexts (EGL_KHR_create_context_no_error): glGetError
    // reports only GL_OUT_OF_MEMORY there (src/core/src/context.rs).
    (c"GL_KHR_no_error", Needs::Always),
    // glPolygonOffsetClamp (GL 4.6).
    (c"GL_ARB_polygon_offset_clamp", Needs::Desktop),
    (c"GL_EXT_polygon_offset_clamp", Needs::Always),
    (c"GL_NV_texture_rectangle", Needs::Desktop),
    // OpenGL ES 2.0: GL_MIN/GL_MAX blending, BGRA read-back, unpack row
    // length and skips, the OES buffer mapping and vertex array object
    // entry points (aliases of the GL ones), sized 8-bit colour and
    // 24-bit depth renderbuffers, depth and depth/stencil textures and
    // renderbuffers, 32-bit indices, non-power-of-two textures with
    // mipmaps and repeat, framebuffer attachments of any mipmap level,
    // dFdx/dFdy/fwidth in GLSL ES 1.00 (and GL_FRAGMENT_SHADER_DERIVATIVE_HINT).
    (c"GL_EXT_base_instance", Needs::Es2),
    (c"GL_EXT_blend_minmax", Needs::Es2),
    // Dual-source blending in ES 2.0 and 3.0 (gl_SecondaryFragColorEXT,
    // layout(index = 1), the GL_SRC1_* factors).
    (c"GL_EXT_blend_func_extended", Needs::Es2),
    // Float colour images render in ES; blending 32-bit ones is
    // INVALID_OPERATION there (no EXT_float_blend).
    (c"GL_EXT_color_buffer_float", Needs::Es2),
    (c"GL_EXT_discard_framebuffer", Needs::Es2),
    (c"GL_EXT_draw_buffers", Needs::Es2),
    (c"GL_EXT_draw_elements_base_vertex", Needs::Es2),
    (c"GL_EXT_frag_depth", Needs::Es2),
    (c"GL_EXT_map_buffer_range", Needs::Es2),
    (c"GL_EXT_read_format_bgra", Needs::Es2),
    // BGRA images kept as RGBA8 (texture_api::es_storage_format).
    (c"GL_EXT_texture_format_BGRA8888", Needs::Es2),
    // RED and RG images (ES contexts are ES 3.0, which has them; ES 2
    // programs look for the extension).
    (c"GL_EXT_texture_rg", Needs::Es2),
    (c"GL_EXT_texture_compression_bptc", Needs::Es2),
    (c"GL_EXT_unpack_subimage", Needs::Es2),
    // ES contexts take EGL fence syncs (EGL_KHR_fence_sync).
    (c"GL_OES_EGL_sync", Needs::Es2),
    (c"GL_OES_compressed_ETC1_RGB8_texture", Needs::Es2),
    (c"GL_OES_depth24", Needs::Es2),
    (c"GL_OES_depth_texture", Needs::Es2),
    (c"GL_OES_draw_elements_base_vertex", Needs::Es2),
    (c"GL_OES_element_index_uint", Needs::Es2),
    (c"GL_OES_fbo_render_mipmap", Needs::Es2),
    (c"GL_OES_mapbuffer", Needs::Es2),
    (c"GL_OES_packed_depth_stencil", Needs::Es2),
    (c"GL_OES_required_internalformat", Needs::Es2),
    (c"GL_OES_rgb8_rgba8", Needs::Es2),
    (c"GL_OES_standard_derivatives", Needs::Es2),
    // Unsized formats with float types store floats (es_float_image).
    (c"GL_OES_texture_float", Needs::Es2),
    (c"GL_OES_texture_float_linear", Needs::Es2),
    (c"GL_OES_texture_half_float", Needs::Es2),
    (c"GL_OES_texture_half_float_linear", Needs::Es2),
    (c"GL_OES_texture_npot", Needs::Es2),
    (c"GL_OES_vertex_half_float", Needs::Es2),
    (c"GL_OES_vertex_array_object", Needs::Es2),
    // glReadPixels of depth and stencil (ES contexts read them as
    // desktop GL does).
    (c"GL_NV_read_depth", Needs::Es2),
    (c"GL_NV_read_depth_stencil", Needs::Es2),
    (c"GL_NV_read_stencil", Needs::Es2),
];

/// The extensions of OpenGL ES 1.1 contexts, in Mesa's order (its ES 1
/// list, less what is not implemented here: OES_draw_texture, the EGL
/// image extensions, texture anisotropy). ES 1.1 itself requires OES_byte_coordinates,
/// OES_compressed_paletted_texture, OES_fixed_point, OES_point_size_array,
/// OES_point_sprite, OES_read_format and OES_single_precision;
/// `tests/clients/gles1.c` checks them.
static ES1: &[&CStr] = &[
    c"GL_EXT_blend_minmax",
    c"GL_EXT_multi_draw_arrays",
    c"GL_EXT_texture_lod_bias",
    c"GL_OES_byte_coordinates",
    c"GL_OES_fixed_point",
    c"GL_OES_stencil_wrap",
    c"GL_OES_compressed_paletted_texture",
    c"GL_OES_query_matrix",
    c"GL_OES_read_format",
    c"GL_OES_single_precision",
    c"GL_EXT_texture_compression_dxt1",
    c"GL_OES_point_size_array",
    c"GL_OES_point_sprite",
    c"GL_EXT_texture_format_BGRA8888",
    c"GL_OES_compressed_ETC1_RGB8_texture",
    c"GL_OES_depth24",
    c"GL_OES_element_index_uint",
    c"GL_OES_fbo_render_mipmap",
    c"GL_OES_framebuffer_object",
    c"GL_OES_mapbuffer",
    c"GL_OES_rgb8_rgba8",
    c"GL_OES_stencil8",
    c"GL_OES_texture_env_crossbar",
    c"GL_OES_texture_mirrored_repeat",
    c"GL_OES_texture_npot",
    c"GL_OES_packed_depth_stencil",
    c"GL_OES_texture_cube_map",
    c"GL_APPLE_texture_max_level",
    c"GL_EXT_discard_framebuffer",
    c"GL_EXT_read_format_bgra",
    c"GL_OES_blend_equation_separate",
    c"GL_OES_blend_func_separate",
    c"GL_OES_blend_subtract",
    c"GL_OES_EGL_sync",
    c"GL_OES_vertex_array_object",
    c"GL_EXT_map_buffer_range",
    c"GL_KHR_debug",
    c"GL_OES_required_internalformat",
    c"GL_KHR_no_error",
    c"GL_EXT_polygon_offset_clamp",
];

/// The extensions of OpenGL ES 1.1 contexts, once the build has ES 1.1
/// ([`crate::version::Support::gles1`]).
pub fn names_es1() -> &'static [&'static CStr] {
    static BUILT: OnceLock<bool> = OnceLock::new();
    if *BUILT.get_or_init(|| crate::version::computed_support().gles1.is_some()) {
        ES1
    } else {
        &[]
    }
}

/// The extensions of a context of `params`: its profile's, or ES 1.1's.
pub fn for_context(params: &crate::context::ContextParams) -> &'static [&'static CStr] {
    if params.is_es1() {
        names_es1()
    } else {
        names(params.profile)
    }
}

/// Whether a table entry holds for a build supporting `compat`.
fn holds(needs: Needs, compat: (u8, u8), profile: Profile) -> bool {
    match needs {
        Needs::Always => true,
        Needs::Desktop => profile != Profile::Es,
        Needs::CompatOrEs(major, minor) => profile != Profile::Core && compat >= (major, minor),
        Needs::Es2 => profile == Profile::Es && compat >= (2, 0),
        Needs::Version(major, minor) => profile == Profile::Compat && compat >= (major, minor),
        Needs::AlsoCore(major, minor) => profile != Profile::Es && compat >= (major, minor),
    }
}

/// The extensions of `profile` for a build whose complete compatibility
/// version is `compat`.
pub fn for_support(compat: (u8, u8), profile: Profile) -> Vec<&'static CStr> {
    TABLE
        .iter()
        .filter(|(_, needs)| holds(*needs, compat, profile))
        .map(|(name, _)| *name)
        .collect()
}

/// The extensions this build advertises in `profile`: from the capability
/// table alone (`MESA_GL_VERSION_OVERRIDE` changes the version reported,
/// not what is implemented).
pub fn names(profile: Profile) -> &'static [&'static CStr] {
    static LISTS: OnceLock<[Vec<&'static CStr>; 3]> = OnceLock::new();
    let lists = LISTS.get_or_init(|| {
        let s = crate::version::computed_support();
        let compat = if s.complete { s.compat } else { (0, 0) };
        [Profile::Compat, Profile::Core, Profile::Es].map(|p| for_support(compat, p))
    });
    match profile {
        Profile::Compat => &lists[0],
        Profile::Core => &lists[1],
        Profile::Es => &lists[2],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_gate_extensions() {
        let v13 = for_support((1, 3), Profile::Compat);
        assert!(v13.contains(&c"GL_ARB_multitexture"));
        assert!(!v13.contains(&c"GL_ARB_depth_texture"));
        let core = for_support((1, 4), Profile::Core);
        assert!(!core.contains(&c"GL_EXT_texture_object"));
        // Core contexts list what both profiles keep, not the legacy ones.
        let core = for_support((3, 1), Profile::Core);
        assert!(
            core.contains(&c"GL_ARB_texture_float") && core.contains(&c"GL_EXT_texture_integer")
        );
        assert!(!core.contains(&c"GL_ARB_multitexture") && !core.contains(&c"GL_ARB_window_pos"));
        assert!(core.contains(&c"GL_KHR_debug"));
        assert!(!core.contains(&c"GL_OES_mapbuffer"));
        let es = for_support((2, 1), Profile::Es);
        assert!(es.contains(&c"GL_OES_mapbuffer") && es.contains(&c"GL_KHR_debug"));
        assert!(!es.contains(&c"GL_ARB_vertex_buffer_object"));
    }

    #[test]
    fn names_are_unique_and_well_formed() {
        for (name, _) in TABLE {
            let s = name.to_str().unwrap();
            assert!(s.starts_with("GL_") && !s.contains(' '), "{s}");
        }
        // A name may have one row per API (GL_EXT_blend_minmax), never two
        // that hold in one profile.
        for profile in [Profile::Compat, Profile::Core, Profile::Es] {
            let mut seen = std::collections::HashSet::new();
            for name in for_support((2, 1), profile) {
                assert!(seen.insert(name), "{name:?} twice in {profile:?}");
            }
        }
    }
}
