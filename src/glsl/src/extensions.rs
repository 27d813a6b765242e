//! The one table of extensions the front end supports.
//!
//! Each row names an extension, the API whose contexts expose it, and whether
//! it is a shading-language extension (it may be named in `#extension` and
//! defines a `GL_<name>` macro) or a GL-side one that a shader cannot name
//! (texture formats and the like, listed because a shader test may require
//! them of the context). The GL side will share this table; the front end
//! accepts every row: the extensions it can parse.
//!
//! Left out on purpose, until someone implements what they need beyond
//! parsing: ARB_bindless_texture, ARB_geometry_shader4, ARB_fragment_shader_
//! interlock, ARB_shading_language_include (`#include`), EXT_shader_
//! framebuffer_fetch*, the NV_/INTEL_ vendor extensions, AMD half floats and
//! EXT_mesh_shader.

/// Which contexts expose an extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtApi {
    /// Desktop GL only.
    Gl,
    /// OpenGL ES only.
    Gles,
    /// Both.
    Both,
}

/// What kind of extension a row is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtKind {
    /// Nameable in `#extension`, defines `GL_<name>` as 1.
    Glsl,
    /// A GL-side extension a shader cannot name.
    GlOnly,
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct ExtensionInfo {
    /// The extension.
    pub ext: Ext,
    /// Its name with the `GL_` prefix, as `#extension` writes it.
    pub name: &'static str,
    /// Which contexts have it.
    pub api: ExtApi,
    /// Shading-language or GL-only.
    pub kind: ExtKind,
}

macro_rules! extension_table {
    ($($name:ident: $api:ident $kind:ident,)*) => {
        /// A supported extension. Variants are spelled exactly as the
        /// extension (without `GL_`), so the keyword table reads like the
        /// specs.
        #[expect(non_camel_case_types, reason = "variants spell the Khronos extension names")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum Ext {
            $(
                #[doc = concat!("GL_", stringify!($name))]
                $name,
            )*
        }

        /// Every supported extension, in `Ext` order.
        pub const EXTENSIONS: &[ExtensionInfo] = &[
            $(ExtensionInfo {
                ext: Ext::$name,
                name: concat!("GL_", stringify!($name)),
                api: ExtApi::$api,
                kind: ExtKind::$kind,
            },)*
        ];
    };
}

extension_table! {
    // Desktop GL: shading-language extensions.
    ARB_ES3_1_compatibility: Gl Glsl,
    ARB_ES3_2_compatibility: Gl Glsl,
    ARB_arrays_of_arrays: Gl Glsl,
    ARB_compatibility: Gl Glsl,
    ARB_compute_shader: Gl Glsl,
    ARB_compute_variable_group_size: Gl Glsl,
    ARB_conservative_depth: Gl Glsl,
    ARB_cull_distance: Gl Glsl,
    ARB_derivative_control: Gl Glsl,
    ARB_draw_buffers: Gl Glsl,
    ARB_draw_instanced: Gl Glsl,
    ARB_enhanced_layouts: Gl Glsl,
    ARB_explicit_attrib_location: Gl Glsl,
    ARB_explicit_uniform_location: Gl Glsl,
    ARB_fragment_coord_conventions: Gl Glsl,
    ARB_fragment_layer_viewport: Gl Glsl,
    ARB_gpu_shader5: Gl Glsl,
    ARB_gpu_shader_fp64: Gl Glsl,
    ARB_gpu_shader_int64: Gl Glsl,
    ARB_post_depth_coverage: Gl Glsl,
    ARB_sample_shading: Gl Glsl,
    ARB_separate_shader_objects: Gl Glsl,
    ARB_shader_atomic_counter_ops: Gl Glsl,
    ARB_shader_atomic_counters: Gl Glsl,
    ARB_shader_ballot: Gl Glsl,
    ARB_shader_bit_encoding: Gl Glsl,
    ARB_shader_clock: Gl Glsl,
    ARB_shader_draw_parameters: Gl Glsl,
    ARB_shader_group_vote: Gl Glsl,
    ARB_shader_image_load_store: Gl Glsl,
    ARB_shader_image_size: Gl Glsl,
    ARB_shader_precision: Gl Glsl,
    ARB_shader_stencil_export: Gl Glsl,
    ARB_shader_storage_buffer_object: Gl Glsl,
    ARB_shader_subroutine: Gl Glsl,
    ARB_shader_texture_image_samples: Gl Glsl,
    ARB_shader_texture_lod: Gl Glsl,
    ARB_shader_viewport_layer_array: Gl Glsl,
    ARB_shading_language_420pack: Gl Glsl,
    ARB_shading_language_packing: Gl Glsl,
    ARB_tessellation_shader: Gl Glsl,
    ARB_texture_cube_map_array: Gl Glsl,
    ARB_texture_gather: Gl Glsl,
    ARB_texture_multisample: Gl Glsl,
    ARB_texture_query_levels: Gl Glsl,
    ARB_texture_query_lod: Gl Glsl,
    ARB_texture_rectangle: Gl Glsl,
    ARB_uniform_buffer_object: Gl Glsl,
    ARB_vertex_attrib_64bit: Gl Glsl,
    ARB_viewport_array: Gl Glsl,
    AMD_conservative_depth: Gl Glsl,
    AMD_shader_stencil_export: Gl Glsl,
    AMD_shader_trinary_minmax: Gl Glsl,
    AMD_vertex_shader_layer: Gl Glsl,
    AMD_vertex_shader_viewport_index: Gl Glsl,
    EXT_gpu_shader4: Gl Glsl,
    EXT_texture_array: Gl Glsl,
    MESA_shader_integer_functions: Gl Glsl,
    // Both APIs.
    EXT_demote_to_helper_invocation: Both Glsl,
    EXT_shader_integer_mix: Both Glsl,
    EXT_shader_samples_identical: Both Glsl,
    EXT_texture_shadow_lod: Both Glsl,
    KHR_blend_equation_advanced: Both Glsl,
    // OpenGL ES.
    ANDROID_extension_pack_es31a: Gles Glsl,
    EXT_blend_func_extended: Gles Glsl,
    EXT_clip_cull_distance: Gles Glsl,
    EXT_draw_buffers: Gles Glsl,
    EXT_draw_instanced: Gles Glsl,
    EXT_frag_depth: Gles Glsl,
    EXT_geometry_point_size: Gles Glsl,
    EXT_geometry_shader: Gles Glsl,
    EXT_gpu_shader5: Gles Glsl,
    EXT_primitive_bounding_box: Gles Glsl,
    EXT_separate_shader_objects: Gles Glsl,
    EXT_shader_io_blocks: Gles Glsl,
    EXT_shader_texture_lod: Gles Glsl,
    EXT_shadow_samplers: Gles Glsl,
    EXT_tessellation_point_size: Gles Glsl,
    EXT_tessellation_shader: Gles Glsl,
    EXT_texture_buffer: Gles Glsl,
    EXT_texture_cube_map_array: Gles Glsl,
    NV_image_formats: Gles Glsl,
    OES_EGL_image_external: Gles Glsl,
    OES_EGL_image_external_essl3: Gles Glsl,
    OES_geometry_point_size: Gles Glsl,
    OES_geometry_shader: Gles Glsl,
    OES_gpu_shader5: Gles Glsl,
    OES_multisample_interpolation: Gles Glsl,
    OES_primitive_bounding_box: Gles Glsl,
    OES_sample_variables: Gles Glsl,
    OES_shader_image_atomic: Gles Glsl,
    OES_shader_io_blocks: Gles Glsl,
    OES_shader_multisample_interpolation: Gles Glsl,
    OES_standard_derivatives: Gles Glsl,
    OES_tessellation_point_size: Gles Glsl,
    OES_tessellation_shader: Gles Glsl,
    OES_texture_3D: Gles Glsl,
    OES_texture_buffer: Gles Glsl,
    OES_texture_cube_map_array: Gles Glsl,
    OES_texture_storage_multisample_2d_array: Gles Glsl,
    OES_viewport_array: Gles Glsl,
    // GL-side extensions a shader test may require of its context.
    EXT_texture_buffer_object: Gl GlOnly,
    EXT_texture_integer: Gl GlOnly,
    EXT_texture_norm16: Gles GlOnly,
}

impl Ext {
    /// This extension's row.
    pub fn info(self) -> &'static ExtensionInfo {
        &EXTENSIONS[self as usize]
    }

    /// Its name, with the `GL_` prefix.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Whether a context of `api` exposes it.
    pub fn available(self, api: crate::Api) -> bool {
        matches!(
            (self.info().api, api),
            (ExtApi::Both, _) | (ExtApi::Gl, crate::Api::Gl) | (ExtApi::Gles, crate::Api::Gles)
        )
    }
}

/// Finds a supported extension by its `GL_`-prefixed name.
pub fn lookup(name: &str) -> Option<Ext> {
    EXTENSIONS.iter().find(|e| e.name == name).map(|e| e.ext)
}

/// Whether a shader of the given language (ES or desktop) may name `ext` in
/// `#extension`: a shading-language extension of that API. (A desktop context
/// compiling GLSL ES through ARB_ES3_compatibility sees the ES extensions.)
pub fn usable_in_shader(ext: Ext, es_shader: bool) -> bool {
    let info = ext.info();
    info.kind == ExtKind::Glsl
        && match info.api {
            ExtApi::Both => true,
            ExtApi::Gl => !es_shader,
            ExtApi::Gles => es_shader,
        }
}

/// A set of extensions (which ones a shader enabled).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExtSet([u64; 2]);

const _: () = assert!(EXTENSIONS.len() <= 128, "ExtSet holds 128 extensions");

impl ExtSet {
    /// Adds `ext`.
    pub fn insert(&mut self, ext: Ext) {
        let i = ext as usize;
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Removes `ext`.
    pub fn remove(&mut self, ext: Ext) {
        let i = ext as usize;
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// Whether `ext` is in the set.
    pub fn contains(&self, ext: Ext) -> bool {
        let i = ext as usize;
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    /// Whether any of `exts` is in the set.
    pub fn any(&self, exts: &[Ext]) -> bool {
        exts.iter().any(|&e| self.contains(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_in_enum_order_and_names_are_unique() {
        for (i, e) in EXTENSIONS.iter().enumerate() {
            assert_eq!(e.ext as usize, i);
            assert!(e.name.starts_with("GL_"));
            assert_eq!(lookup(e.name), Some(e.ext));
        }
        let mut names: Vec<_> = EXTENSIONS.iter().map(|e| e.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), EXTENSIONS.len());
    }

    #[test]
    fn ext_set() {
        let mut s = ExtSet::default();
        s.insert(Ext::OES_viewport_array);
        assert!(s.contains(Ext::OES_viewport_array));
        assert!(!s.contains(Ext::ARB_gpu_shader5));
        s.remove(Ext::OES_viewport_array);
        assert_eq!(s, ExtSet::default());
    }
}
