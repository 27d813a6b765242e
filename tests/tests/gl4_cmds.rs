//! GL 4.x commands toward GL 4.0 (issue 16's moderngl line needs 4.1),
//! through the public API, one C client each (each also passes on Mesa
//! llvmpipe):
//! * `draw_indirect.c`: ARB_draw_indirect — glDrawArraysIndirect and
//!   glDrawElementsIndirect by the instances, base instance, first index
//!   and base vertex of commands read from GL_DRAW_INDIRECT_BUFFER (and,
//!   without one, from client memory in a compatibility context), the
//!   binding query, and Mesa's errors.
//! * `xfb_draw.c`: ARB_transform_feedback2 — glDrawTransformFeedback(Instanced)
//!   draws the vertex count of the object's last completed capture
//!   (paused draws not counted), and its errors.
//! * `mirror_clamp.c`: ARB_texture_mirror_clamp_to_edge (GL 4.4) — the
//!   texels the wrap mode picks, nearest and linear, on a texture and a
//!   sampler object, the queries, and the rectangle texture's error.
//! * `buffer_storage.c`: ARB_buffer_storage (GL 4.4) — immutable storage,
//!   its queries, what its flags allow, a persistent coherent mapping
//!   drawn from and copied into, and the errors.
//! * `draw_buffers_blend.c`: ARB_draw_buffers_blend — per-draw-buffer
//!   blend functions and equations, their indexed and non-indexed queries,
//!   attribute stacks, display lists and errors, and the pixels of three
//!   attachments each blending its own way (draw buffers in and out of
//!   attachment order) and of the window.
//! * `sso.c`: ARB_separate_shader_objects (GL 4.1) — program pipelines,
//!   separable programs and `glCreateShaderProgramv`, their queries,
//!   validation and errors, varyings meeting by name (in any declaration
//!   order) and by location across programs, `glProgramUniform*` and
//!   `glActiveShaderProgram`, `glUseProgram` over the pipeline, and
//!   swapping one stage.
//! * `sample_shading.c`: ARB_sample_shading (GL 4.0) — the state and its
//!   clamping, `gl_SampleID`, `gl_SamplePosition` and `gl_NumSamples` per
//!   sample of a 4-sample texture (read back with `texelFetch`),
//!   `gl_SampleMask` leaving samples unwritten, `gl_NumSamples` 1 in the
//!   window.
//! * `program_binary.c`: ARB_get_program_binary (GL 4.1) — binaries of
//!   linked programs restored into new and current programs (same pixels,
//!   uniforms back at their initial values, bindings and captured
//!   varyings kept, separable kept), the errors, and damaged binaries.
//! * `viewport_array.c`: ARB_viewport_array (GL 4.1) — sixteen viewports,
//!   depth ranges and scissor boxes and enables, their indexed and
//!   non-indexed commands and queries, clamping, errors, attribute stacks
//!   and display lists, and a geometry shader drawing through
//!   `gl_ViewportIndex` (per-viewport scissor and depth range, overlapping
//!   viewports in order).
//! * `xfb3.c`: ARB_transform_feedback3 (GL 4.0) — one interleaved capture
//!   over four bindings through `gl_NextBuffer`, `gl_SkipComponentsN`
//!   leaving buffer contents alone, the `GL_NONE` varyings they list as,
//!   the varying errors, indexed queries of stream 0 and their errors, and
//!   `glDrawTransformFeedbackStream`.
//! * `shader_precision.c`: ARB_shader_precision (GL 4.1) — arithmetic,
//!   `inversesqrt`, `sqrt`, `exp`, `exp2`, `log` and `log2` within GLSL's
//!   tolerances in a vertex and a fragment shader.
//! * `subroutine.c`: ARB_shader_subroutine (GL 4.0) — a fragment shader's
//!   subroutine functions and uniforms (an array indexed by a uniform
//!   among them): their queries, `glUniformSubroutinesuiv` and the pixels
//!   of each choice, the choice made anew by `glUseProgram`, the errors.
//! * `gs_streams.c`: ARB_gpu_shader5 (GL 4.0) — an instanced geometry
//!   shader (`gl_InvocationID`) emitting to three vertex streams, each
//!   captured into its own bindings and counted by the indexed primitive
//!   queries, only stream 0 rasterized, `glDrawTransformFeedbackStream`,
//!   and the stream and invocation compile and link errors.
//! * `interpolate_at.c`: ARB_gpu_shader5 (GL 4.0) — `interpolateAtOffset`,
//!   `interpolateAtCentroid` and `interpolateAtSample` of smooth and
//!   noperspective inputs, an array element indexed at run time and a
//!   block member, against the window position; their compile errors.
//! * `fp64.c`: ARB_gpu_shader_fp64 (GL 4.0) — double uniforms set and read
//!   back exactly (`glUniform*d*`, `glGetUniformdv`), their types and call
//!   errors, a std140 block with doubles, arithmetic and built-ins no float
//!   holds, conversions, `packDouble2x32`, flat dvec3 varyings, and the
//!   compile error of a smooth double input.
//! * `glsl420pack.c`: ARB_shading_language_420pack — `binding` on samplers
//!   (their initial units, still movable by `glUniform1i`) and blocks,
//!   initializer lists, a `const` parameter; the duplicate-qualifier
//!   compile errors and the link error of one sampler with two bindings.
//! * `vertex_attrib_64bit.c`: ARB_vertex_attrib_64bit (GL 4.1) — double
//!   arrays of one, three and four components read exactly by double
//!   inputs, a `dvec4` taking one generic attribute (the next input bound
//!   to the next), `glVertexAttribL*d` current values and
//!   `glGetVertexAttribLdv`, `GL_VERTEX_ATTRIB_ARRAY_LONG`, the types and
//!   errors.
//! * `tess.c`: ARB_tessellation_shader (GL 4.0) — the limits and patch
//!   parameters, quads from default levels without a control shader,
//!   control and evaluation shaders on two triangle patches of one draw
//!   (per-vertex and patch outputs, levels, `gl_PrimitiveID`,
//!   `gl_PatchVerticesIn`), isolines, a geometry shader after
//!   tessellation, transform feedback and primitive queries of the
//!   generated primitives, the layout queries, the draw-mode errors and
//!   the compile and link errors.
//! * `glsl400.c`: GLSL 4.00 and 4.10 in 4.0 and 4.1 core contexts and a
//!   compatibility context — the version strings, `#version 400` shaders
//!   using doubles, ARB_gpu_shader5's built-ins, implicit conversions in
//!   calls, sampler arrays indexed by a uniform, `textureGather`,
//!   subroutines, cube map arrays and the sample inputs without any
//!   `#extension`; `#version 410` double vertex inputs, varyings meeting
//!   by location through a geometry stage, `gl_ViewportIndex`; a `#version
//!   400` tessellation program.
//! * `gl42_misc.c`: GL 4.2's smaller extensions — the GLSL packing
//!   functions' exact results, a `depth_greater` gl_FragDepth's writes
//!   and the late-redeclaration compile error, instanced draws of a
//!   transform feedback capture (and their errors), renderable formats'
//!   sample counts, mappings at multiples of GL_MIN_MAP_BUFFER_ALIGNMENT,
//!   and compressed blocks picked out of and placed in larger client
//!   images by the pixel storage modes.
//! * `atomic_counters.c`: ARB_shader_atomic_counters (GL 4.2) — unique
//!   per-fragment values and counts (depth-rejected fragments counted,
//!   discarded ones not), vertex-stage decrements through a function and
//!   an array indexed by a uniform, reads, the binding points and their
//!   errors, the program's buffer and counter queries, implicit offsets,
//!   and the binding and overlap errors.
//! * `ssbo.c`: ARB_shader_storage_buffer_object and the program
//!   interface queries of its blocks and buffer variables (GL 4.3):
//!   binding state and errors, fragment and vertex stores, std140 and
//!   std430 layouts, `length()`, atomics, `glShaderStorageBlockBinding`,
//!   compile errors.
//! * `compute.c`: ARB_compute_shader (GL 4.3): built-ins of 3-D
//!   dispatches, shared memory and barriers (in loops too), atomics on
//!   buffers, shared memory and counters, images, uniforms, uniform
//!   blocks and textures in compute, indirect dispatches, the program
//!   rules and errors, interface queries, barriers between dispatches.
//! * `program_interface.c`: ARB_program_interface_query (GL 4.3) on
//!   every interface but the compute stage's: names, indices, locations
//!   and properties beside the older queries' answers, and the errors.
//! * `image_load_store.c`: ARB_shader_image_load_store (GL 4.2) — image
//!   unit state and errors, fragment and vertex stores, loads through
//!   their own and reinterpreted formats, every atomic on r32ui and r32i
//!   texels (returned and stored values), imageSize of levels and
//!   layers, stores to one layer, early fragment tests, image uniform
//!   types and units, and the compile errors of memory and format
//!   qualifiers.
//! * `vertex_attrib_binding.c`: ARB_vertex_attrib_binding (GL 4.3) —
//!   the limits and initial state of every attribute and binding, draws
//!   from bindings at offsets with relative offsets, integer and double
//!   formats, shared and rebound bindings, stride 0, instance divisors,
//!   the pointer commands as shorthands, every error leaving the state
//!   as it was, and each vertex array object's own bindings.
//! * `stencil_texturing.c`: ARB_stencil_texturing (GL 4.3) —
//!   `GL_DEPTH_STENCIL_TEXTURE_MODE` state and errors, stencil indices of
//!   DEPTH24_STENCIL8 and DEPTH32F_STENCIL8 textures (uploaded, cleared
//!   and rendered through a framebuffer, array layers, multisample)
//!   read exactly by unsigned integer samplers beside the depths, the
//!   comparison ignored and filtering making the texture incomplete.
//! * `explicit_uniform_location.c`: ARB_explicit_uniform_location (GL
//!   4.3) — `layout(location = N)` on scalars, vectors, matrices,
//!   arrays, structs, arrays of structs and samplers in both stages,
//!   values set there reaching the pixels, generated locations around
//!   explicit ones (unused ones too), the link and compile errors, and
//!   explicit subroutine uniform locations and subroutine indices.
//! * `clear_buffer_object.c`: ARB_clear_buffer_object (GL 4.3) — whole
//!   buffers and ranges filled in 21 formats (every byte compared, the
//!   conversions too), NULL data, the errors with the contents unchanged,
//!   mappings.
//! * `invalidate_subdata.c`: ARB_invalidate_subdata (GL 4.3) — every
//!   error of the texture, buffer and framebuffer invalidations; what
//!   lies outside an invalidated region unchanged, later writes exact.
//! * `copy_image.c`: ARB_copy_image (GL 4.3) — glCopyImageSubData between
//!   levels, formats of one size, compressed blocks and texels, array
//!   layers, cube faces and 3D slices, renderbuffers (multisample too)
//!   and textures, within one image; every error with the destination
//!   unchanged.
//! * `arrays_of_arrays.c`: ARB_arrays_of_arrays (GL 4.3) — data arrays of
//!   arrays (constructors, length(), functions, comparisons), uniforms and
//!   their active entries, samplers by constant and dynamically uniform
//!   indices, uniform and storage block arrays, interface blocks and
//!   members, vertex inputs, subroutine uniforms, and the compile and
//!   link errors.

use oxgl_tests::assert_client_passes;

fn run(name: &str) {
    assert_client_passes(name, &[]);
}

#[test]
fn draw_indirect() {
    run("draw_indirect");
}

#[test]
fn draw_transform_feedback() {
    run("xfb_draw");
}

#[test]
fn mirror_clamp_to_edge() {
    run("mirror_clamp");
}

#[test]
fn buffer_storage() {
    run("buffer_storage");
}

#[test]
fn draw_buffers_blend() {
    run("draw_buffers_blend");
}

#[test]
fn separate_shader_objects() {
    run("sso");
}

#[test]
fn program_binary() {
    run("program_binary");
}

#[test]
fn sample_shading() {
    run("sample_shading");
}

#[test]
fn viewport_array() {
    run("viewport_array");
}

#[test]
fn transform_feedback3() {
    run("xfb3");
}

#[test]
fn shader_precision() {
    run("shader_precision");
}

#[test]
fn shader_subroutine() {
    run("subroutine");
}

#[test]
fn gpu_shader5() {
    run("gs_streams");
    run("interpolate_at");
}

#[test]
fn gpu_shader_fp64() {
    run("fp64");
}

#[test]
fn shading_language_420pack() {
    run("glsl420pack");
}

#[test]
fn vertex_attrib_64bit() {
    run("vertex_attrib_64bit");
}

#[test]
fn tessellation_shader() {
    run("tess");
}

#[test]
fn glsl_400_410() {
    run("glsl400");
}

#[test]
fn gl42_misc() {
    run("gl42_misc");
}

#[test]
fn shader_atomic_counters() {
    run("atomic_counters");
}

#[test]
fn shader_image_load_store() {
    run("image_load_store");
}

#[test]
fn shader_storage_buffer_object() {
    run("ssbo");
}

#[test]
fn program_interface_query() {
    run("program_interface");
}

#[test]
fn compute_shader() {
    run("compute");
}

#[test]
fn vertex_attrib_binding() {
    run("vertex_attrib_binding");
}

#[test]
fn stencil_texturing() {
    run("stencil_texturing");
}

#[test]
fn explicit_uniform_location() {
    run("explicit_uniform_location");
}

#[test]
fn clear_buffer_object() {
    run("clear_buffer_object");
}

#[test]
fn invalidate_subdata() {
    run("invalidate_subdata");
}

#[test]
fn copy_image() {
    run("copy_image");
}

#[test]
fn arrays_of_arrays() {
    run("arrays_of_arrays");
}
