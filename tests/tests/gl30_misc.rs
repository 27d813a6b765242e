//! GL 3.0 features that came as NV/ARB extensions, through the public API
//! (tests/clients/gl30_misc.c): conditional rendering (NV_conditional_render)
//! of quads, clears, glDrawPixels, glBitmap, glCopyPixels and
//! glBlitFramebufferEXT on occlusion query results, with its errors; RGTC
//! compressed textures (ARB_texture_compression_rgtc) from hand-made blocks,
//! decoded, read back, replaced block-wise, their errors and their absence
//! from GL_COMPRESSED_TEXTURE_FORMATS; BPTC textures
//! (ARB_texture_compression_bptc) compressed by the GL and from a hand-made
//! BC7 mode 6 block. Each part runs only when its extension is advertised.

use oxgl_tests::assert_client_passes;

#[test]
fn gl30_conditional_render_and_compression() {
    assert_client_passes("gl30_misc", &[]);
}

/// The GL 3.0 context itself (tests/clients/glsl130.c): version strings
/// and GLSL 1.30 agreeing, GL_NUM_EXTENSIONS against glGetStringi and the
/// extension string, `#version 140` refused, and a GLSL 1.30 program
/// (attribute and fragment data locations, flat and noperspective
/// varyings, gl_VertexID, uint uniforms, switch, texelFetch, textureSize)
/// drawing every pixel as computed.
#[test]
fn gl30_context_glsl130() {
    assert_client_passes("glsl130", &[]);
}

/// GLSL 1.40 in the GL 3.1 compatibility context (tests/clients/glsl140.c):
/// a uniform block from a buffer range, gl_InstanceID, inverse(), buffer
/// and rectangle samplers, and GL_ARB_compatibility's built-ins.
#[test]
fn gl31_glsl140() {
    assert_client_passes("glsl140", &[]);
}

/// A 3.2 core-profile, forward-compatible context (tests/clients/
/// core_profile.c): the commands GL 3.2 removed raise INVALID_OPERATION,
/// no GL_EXTENSIONS string, draws need a vertex array object, no
/// GL_QUADS, no wide lines, and a #version 140 program draws through
/// generic attribute 0. oxgl reports no core profile yet (geometry
/// shaders are missing), so the context comes from
/// `MESA_GL_VERSION_OVERRIDE=3.2`, as Mesa's own override gives one.
#[test]
fn core_profile_context() {
    assert_client_passes("core_profile", &[("MESA_GL_VERSION_OVERRIDE", "3.2")]);
}

/// GL 3.2 geometry shaders in a 3.2 core context (tests/clients/
/// geometry_shader.c): the GL_MAX_GEOMETRY_* limits; points made quads
/// by a geometry shader that reads a vertex output, a uniform, a texel and
/// gl_PrimitiveIDIn, checked by pixel; the program's geometry layout
/// queries; draw modes the shader does not take; lines with adjacency;
/// transform feedback and the primitive queries counting the geometry
/// shader's triangles; the link errors of a geometry shader without a
/// vertex shader or without max_vertices. Under
/// `MESA_GL_VERSION_OVERRIDE=3.2` until 3.2 is reported by default.
#[test]
fn gl32_geometry_shaders() {
    assert_client_passes("geometry_shader", &[("MESA_GL_VERSION_OVERRIDE", "3.2")]);
}

/// GL 3.2 layered framebuffers (tests/clients/layered_rendering.c):
/// glFramebufferTexture of 2D array, 3D and cube map textures, the
/// GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS rules and the LAYERED query,
/// clears of every layer, gl_Layer from a geometry shader (through
/// clipping, into cube faces, with a layered depth attachment),
/// gl_FragCoord within a layer, layer 0 without a geometry shader and for
/// glReadPixels. Under `MESA_GL_VERSION_OVERRIDE=3.2`.
#[test]
fn gl32_layered_rendering() {
    assert_client_passes("layered_rendering", &[("MESA_GL_VERSION_OVERRIDE", "3.2")]);
}

/// What GL 3.3 adds (tests/clients/gl33.c): GLSL 3.30's explicit
/// attribute locations and bit-encoding built-ins by pixel; dual-source
/// blending through `layout(index = 1)` and glBindFragDataLocationIndexed,
/// its queries, factors and errors; 2_10_10_10 packed positions and BGRA
/// colours, glVertexAttribP*, and their errors. Under
/// `MESA_GL_VERSION_OVERRIDE=3.3` until 3.3 is reported by default.
#[test]
fn gl33_dual_source_packed_vertices() {
    assert_client_passes("gl33", &[("MESA_GL_VERSION_OVERRIDE", "3.3")]);
}

/// GL 3.2's multisample textures and sample mask
/// (tests/clients/texture_multisample.c): the limits and level
/// parameters, the errors of glTexImage2DMultisample and of sampler state,
/// completeness with renderbuffers and fixed sample locations, rendering
/// through glSampleMaski, texelFetch of each sample and textureSize of
/// sampler2DMS and sampler2DMSArray, the resolve by glBlitFramebuffer and
/// the sample positions. Under `MESA_GL_VERSION_OVERRIDE=3.2`.
#[test]
fn gl32_texture_multisample() {
    assert_client_passes(
        "texture_multisample",
        &[("MESA_GL_VERSION_OVERRIDE", "3.2")],
    );
}

/// GL 3.2's seamless cube map filtering (tests/clients/seamless_cube_map.c):
/// the capability, linear filtering by a face's edge and at a corner with
/// and without it, GL_NEAREST unaffected. Under
/// `MESA_GL_VERSION_OVERRIDE=3.2`.
#[test]
fn gl32_seamless_cube_map() {
    assert_client_passes("seamless_cube_map", &[("MESA_GL_VERSION_OVERRIDE", "3.2")]);
}

/// GL 3.2's 128 fragment input components (tests/clients/many_varyings.c):
/// the limits, and 32 vec4 varyings from the vertex stage and through a
/// geometry shader, interpolated and summed. Under
/// `MESA_GL_VERSION_OVERRIDE=3.2`.
#[test]
fn gl32_many_varyings() {
    assert_client_passes("many_varyings", &[("MESA_GL_VERSION_OVERRIDE", "3.2")]);
}

/// GLSL 1.50's gl_FragCoord conventions in a 3.2 core context
/// (tests/clients/fragcoord_conventions.c): origin_upper_left and
/// pixel_center_integer, alone and together, drawn into the window and a
/// framebuffer object and read back as coordinates; the link errors of
/// fragment shaders that disagree about the redeclaration.
#[test]
fn gl32_fragcoord_conventions() {
    assert_client_passes(
        "fragcoord_conventions",
        &[("MESA_GL_VERSION_OVERRIDE", "3.2")],
    );
}

/// GL_ARB_sync (tests/clients/sync.c): fences after rendering, their
/// properties, labels and every error of the extension.
#[test]
fn arb_sync_fences() {
    assert_client_passes("sync", &[]);
}
