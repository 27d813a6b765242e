//! Layout qualifiers (GLSL 4.60 §4.4): which identifiers exist, where each
//! may appear, their values, repetition within a declaration, and the
//! shader-wide defaults that must agree (`max_vertices`, primitive types,
//! `invocations`, `vertices`, `local_size_*`, `xfb_stride`).

use super::Checker;
use super::consts::Const;
use super::decl::Quals;
use super::scope::Storage;
use super::types::{Base, Type};
use crate::ast::{ExprKind, LayoutId, Qualifier};
use crate::diag::Loc;
use crate::extensions::Ext;
use crate::keywords::BuiltinType;
use crate::version::Stage;

/// What a layout qualifier is attached to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Site {
    /// A variable declaration.
    Var(Storage),
    /// An interface block.
    Block(Storage),
    /// A block member.
    Member,
    /// `layout(...) in;` and the like.
    Default(Storage),
    /// A function parameter or local variable.
    Local,
}

/// What kind of image data a format qualifier describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Format {
    Float,
    Int,
    Uint,
}

const FLOAT_FORMATS: &[&str] = &[
    "rgba32f",
    "rgba16f",
    "rg32f",
    "rg16f",
    "r11f_g11f_b10f",
    "r32f",
    "r16f",
    "rgba16",
    "rgb10_a2",
    "rgba8",
    "rg16",
    "rg8",
    "r16",
    "r8",
    "rgba16_snorm",
    "rgba8_snorm",
    "rg16_snorm",
    "rg8_snorm",
    "r16_snorm",
    "r8_snorm",
];
const INT_FORMATS: &[&str] = &[
    "rgba32i", "rgba16i", "rgba8i", "rg32i", "rg16i", "rg8i", "r32i", "r16i", "r8i",
];
const UINT_FORMATS: &[&str] = &[
    "rgba32ui",
    "rgba16ui",
    "rgb10_a2ui",
    "rgba8ui",
    "rg32ui",
    "rg16ui",
    "rg8ui",
    "r32ui",
    "r16ui",
    "r8ui",
];

/// Identifiers that take a value.
const VALUED: &[&str] = &[
    "location",
    "component",
    "index",
    "binding",
    "offset",
    "align",
    "xfb_buffer",
    "xfb_offset",
    "xfb_stride",
    "stream",
    "max_vertices",
    "invocations",
    "vertices",
    "local_size_x",
    "local_size_y",
    "local_size_z",
    "local_size_x_id",
    "local_size_y_id",
    "local_size_z_id",
    "set",
    "input_attachment_index",
    "constant_id",
    "num_views",
];

/// Identifiers that take no value.
const PLAIN: &[&str] = &[
    "shared",
    "packed",
    "std140",
    "std430",
    "row_major",
    "column_major",
    "points",
    "lines",
    "lines_adjacency",
    "triangles",
    "triangles_adjacency",
    "line_strip",
    "triangle_strip",
    "quads",
    "isolines",
    "equal_spacing",
    "fractional_even_spacing",
    "fractional_odd_spacing",
    "cw",
    "ccw",
    "point_mode",
    "origin_upper_left",
    "pixel_center_integer",
    "early_fragment_tests",
    "post_depth_coverage",
    "depth_any",
    "depth_greater",
    "depth_less",
    "depth_unchanged",
    "local_size_variable",
    "pixel_interlock_ordered",
    "pixel_interlock_unordered",
    "sample_interlock_ordered",
    "sample_interlock_unordered",
    "bindless_sampler",
    "bound_sampler",
    "bindless_image",
    "bound_image",
    "push_constant",
    "blend_support_all_equations",
];

const GS_IN_PRIMS: &[&str] = &[
    "points",
    "lines",
    "lines_adjacency",
    "triangles",
    "triangles_adjacency",
];
const GS_OUT_PRIMS: &[&str] = &["points", "line_strip", "triangle_strip"];

/// Vertices of a geometry shader input primitive.
pub fn gs_input_vertices(prim: &str) -> Option<u32> {
    match prim {
        "points" => Some(1),
        "lines" => Some(2),
        "lines_adjacency" => Some(4),
        "triangles" => Some(3),
        "triangles_adjacency" => Some(6),
        _ => None,
    }
}

/// `GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS` (`gl_MaxAtomicCounterBindings`).
const MAX_ATOMIC_COUNTER_BINDINGS: i64 = 16;
/// `GL_MAX_VERTEX_STREAMS` (ARB_gpu_shader5, GL 4.0).
pub const MAX_VERTEX_STREAMS: i64 = 4;
/// `GL_MAX_GEOMETRY_SHADER_INVOCATIONS` (ARB_gpu_shader5, GL 4.0).
pub const MAX_GEOMETRY_SHADER_INVOCATIONS: i64 = 32;

/// A geometry shader's layout (GLSL 1.50 §4.3.8.1, §4.3.8.2).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GeometryLayout {
    /// The input primitive (`points`, `lines`, `lines_adjacency`,
    /// `triangles`, `triangles_adjacency`).
    pub input: Option<String>,
    /// The output primitive (`points`, `line_strip`, `triangle_strip`).
    pub output: Option<String>,
    /// `max_vertices`.
    pub max_vertices: Option<i64>,
    /// `invocations`.
    pub invocations: Option<i64>,
    /// Tessellation control: `vertices`.
    pub vertices: Option<i64>,
    /// Tessellation evaluation: `triangles`, `quads` or `isolines`.
    pub tess_domain: Option<String>,
    /// Tessellation evaluation: `equal_spacing`, `fractional_even_spacing`
    /// or `fractional_odd_spacing`.
    pub tess_spacing: Option<String>,
    /// Tessellation evaluation: `cw` (`Some(true)`) or `ccw`.
    pub tess_cw: Option<bool>,
    /// Tessellation evaluation: `point_mode`.
    pub point_mode: bool,
}

/// Shader-wide layout state that later declarations must agree with.
#[derive(Default)]
pub(super) struct LayoutState {
    pub(super) gs_in_prim: Option<String>,
    pub(super) gs_out_prim: Option<String>,
    pub(super) max_vertices: Option<i64>,
    pub(super) invocations: Option<i64>,
    pub(super) vertices: Option<i64>,
    pub(super) tess_domain: Option<String>,
    pub(super) tess_spacing: Option<String>,
    pub(super) tess_cw: Option<bool>,
    pub(super) point_mode: bool,
    pub(super) local_size: [Option<i64>; 3],
    xfb_stride: Vec<(i64, i64)>,
}

/// An image format qualifier's name as the table spells it.
pub(super) fn format_name(name: &str) -> Option<&'static str> {
    [FLOAT_FORMATS, INT_FORMATS, UINT_FORMATS]
        .into_iter()
        .flatten()
        .find(|f| **f == name)
        .copied()
}

/// The format an image format qualifier names.
pub(super) fn format_of(name: &str) -> Option<Format> {
    if FLOAT_FORMATS.contains(&name) {
        Some(Format::Float)
    } else if INT_FORMATS.contains(&name) {
        Some(Format::Int)
    } else if UINT_FORMATS.contains(&name) {
        Some(Format::Uint)
    } else {
        None
    }
}

impl Checker<'_> {
    fn layout_name(&self, id: &LayoutId) -> String {
        let n = self.name(id.name);
        // Desktop GLSL matches layout identifiers case-insensitively.
        if self.is_es() {
            n.to_owned()
        } else {
            n.to_ascii_lowercase()
        }
    }

    /// The constant integer value of a layout identifier, if it has one.
    pub(super) fn layout_value(&mut self, id: &LayoutId) -> Option<i64> {
        let e = id.value?;
        let loc = self.tu.expr(e).loc;
        let literal = matches!(self.tu.expr(e).kind, ExprKind::Int(_) | ExprKind::Uint(_));
        let v = self.expr(e);
        if v.ty.is_error() {
            return None;
        }
        if !v.ty.is_scalar_of(|s| s.is_integer()) {
            self.error(loc, "layout qualifier value must be an integer");
            return None;
        }
        if !(literal || self.at_least(440, 310) || self.has(Ext::ARB_enhanced_layouts)) {
            self.error(
                loc,
                "compile-time constant expressions in layout qualifiers require GLSL 4.40 or ARB_enhanced_layouts",
            );
            return None;
        }
        match v.k {
            None => {
                self.error(loc, "layout qualifier value must be a constant expression");
                None
            }
            Some(Const::Unknown) => None,
            Some(k) => k.int(),
        }
    }

    /// Checks the layout qualifiers of one declaration.
    pub(super) fn check_layout(
        &mut self,
        quals: &[Qualifier],
        q: &Quals,
        site: Site,
        ty: Option<&Type>,
    ) {
        let layouts: Vec<(&Vec<LayoutId>, Loc)> = quals
            .iter()
            .filter_map(|x| match x {
                Qualifier::Layout(ids, l) => Some((ids, *l)),
                _ => None,
            })
            .collect();
        if layouts.is_empty() {
            return;
        }
        if layouts.len() > 1 && !self.has_420pack() && !self.at_least(0, 310) {
            self.error(layouts[1].1, "multiple layout qualifiers in one declaration require GLSL 4.20 or ARB_shading_language_420pack");
        }
        if site == Site::Local {
            self.error(
                layouts[0].1,
                "layout qualifiers are only allowed at global scope",
            );
            return;
        }
        let enhanced = self.at_least(440, 310) || self.has(Ext::ARB_enhanced_layouts);
        let stage = self.env.stage;
        let mut values: Vec<(String, Option<i64>, Loc)> = Vec::new();
        for (ids, _) in &layouts {
            let mut seen: Vec<String> = Vec::new();
            for id in ids.iter() {
                let n = self.layout_name(id);
                let loc = id.loc;
                // Mesa lets the block layout, matrix order, binding and
                // offset (and a geometry shader's stream) repeat within
                // one layout(), the rightmost winning.
                let repeatable = matches!(
                    n.as_str(),
                    "binding"
                        | "offset"
                        | "row_major"
                        | "column_major"
                        | "std140"
                        | "std430"
                        | "packed"
                        | "shared"
                ) || (n == "stream" && stage == Stage::Geometry);
                if seen.contains(&n) && !repeatable && !enhanced && !self.at_least(0, 310) {
                    let msg =
                        format!("duplicate layout identifier `{n}' requires ARB_enhanced_layouts");
                    self.error(loc, msg);
                }
                seen.push(n.clone());
                let is_format = format_of(&n).is_some();
                let valued = VALUED.contains(&n.as_str());
                if !valued
                    && !is_format
                    && !PLAIN.contains(&n.as_str())
                    && !n.starts_with("blend_support_")
                {
                    let msg = format!("unrecognized layout identifier `{}'", self.name(id.name));
                    self.error(loc, msg);
                    continue;
                }
                if valued != id.value.is_some() {
                    let msg = if valued {
                        format!("layout identifier `{n}' requires a value")
                    } else {
                        format!("layout identifier `{n}' takes no value")
                    };
                    self.error(loc, msg);
                    continue;
                }
                let v = self.layout_value(id);
                if let Some(v) = v {
                    let min = match n.as_str() {
                        "invocations" | "vertices" | "local_size_x" | "local_size_y"
                        | "local_size_z" => 1,
                        _ => 0,
                    };
                    if v < min {
                        let msg = format!("layout qualifier `{n}' cannot be {v}");
                        self.error(loc, msg);
                    } else if n == "invocations" && v > MAX_GEOMETRY_SHADER_INVOCATIONS {
                        let msg = format!(
                            "layout qualifier `invocations' cannot exceed GL_MAX_GEOMETRY_SHADER_INVOCATIONS ({MAX_GEOMETRY_SHADER_INVOCATIONS})"
                        );
                        self.error(loc, msg);
                    } else if n == "index" && v > 1 {
                        self.error(loc, "layout qualifier `index' must be 0 or 1");
                    } else if n == "component" && v > 3 {
                        self.error(loc, "layout qualifier `component' must be 0 to 3");
                    } else if n == "binding"
                        && v >= MAX_ATOMIC_COUNTER_BINDINGS
                        && ty.is_some_and(|t| {
                            matches!(t.base, Base::Opaque(BuiltinType::AtomicUint))
                        })
                    {
                        let msg = format!(
                            "layout(binding = {v}) exceeds the maximum number of atomic counter \
                             buffer bindings ({MAX_ATOMIC_COUNTER_BINDINGS})"
                        );
                        self.error(loc, msg);
                    } else if n == "stream" && v >= MAX_VERTEX_STREAMS {
                        let msg = format!(
                            "layout qualifier `stream' must be below GL_MAX_VERTEX_STREAMS ({MAX_VERTEX_STREAMS})"
                        );
                        self.error(loc, msg);
                    }
                }
                self.layout_site(&n, loc, site, q, ty, stage);
                values.push((n, v, loc));
            }
        }
        self.layout_consistency(&values, site, stage);
    }

    /// Whether identifier `n` may appear at `site`.
    fn layout_site(
        &mut self,
        n: &str,
        loc: Loc,
        site: Site,
        q: &Quals,
        ty: Option<&Type>,
        stage: Stage,
    ) {
        use crate::ast::Storage as S;
        let is_default_in = site == Site::Default(Storage::In);
        let is_default_out = site == Site::Default(Storage::Out);
        let bad = |msg: &str| Some(msg.to_owned());
        let err: Option<String> = match n {
            "points" => match stage {
                Stage::Geometry if is_default_in || is_default_out => None,
                _ => bad("`points' applies only to geometry shader `in' and `out' declarations"),
            },
            "lines" | "lines_adjacency" | "triangles_adjacency" => match stage {
                Stage::Geometry if is_default_in => None,
                _ => bad("input primitive types apply only to geometry shader `in' declarations"),
            },
            "triangles" => match stage {
                Stage::Geometry | Stage::TessEval if is_default_in => None,
                _ => bad("`triangles' applies only to `in' declarations"),
            },
            "line_strip" | "triangle_strip" | "max_vertices" => match stage {
                Stage::Geometry if is_default_out => None,
                _ => bad(
                    "output primitive layout applies only to geometry shader `out' declarations",
                ),
            },
            "invocations" => match stage {
                Stage::Geometry if is_default_in => None,
                _ => bad("`invocations' applies only to geometry shader `in' declarations"),
            },
            "vertices" => match stage {
                Stage::TessControl if is_default_out => None,
                _ => {
                    bad("`vertices' applies only to tessellation control shader `out' declarations")
                }
            },
            "quads"
            | "isolines"
            | "equal_spacing"
            | "fractional_even_spacing"
            | "fractional_odd_spacing"
            | "cw"
            | "ccw"
            | "point_mode" => match stage {
                Stage::TessEval if is_default_in => None,
                _ => bad(
                    "tessellation layout applies only to tessellation evaluation shader `in' declarations",
                ),
            },
            "local_size_x" | "local_size_y" | "local_size_z" | "local_size_variable" => match stage
            {
                Stage::Compute if is_default_in => None,
                _ => bad("`local_size' applies only to compute shader `in' declarations"),
            },
            "early_fragment_tests" => match stage {
                Stage::Fragment if is_default_in => None,
                _ => {
                    bad("`early_fragment_tests' applies only to fragment shader `in' declarations")
                }
            },
            // std430 is the buffer blocks' (GLSL 4.30 §4.4.5).
            "std430"
                if matches!(
                    site,
                    Site::Block(Storage::Uniform) | Site::Default(Storage::Uniform)
                ) =>
            {
                bad(
                    "std430 storage block layout qualifier is supported only for shader storage blocks",
                )
            }
            "shared" | "packed" | "std140" | "std430" => match site {
                Site::Block(Storage::Uniform | Storage::Buffer)
                | Site::Default(Storage::Uniform | Storage::Buffer) => None,
                Site::Member => bad("block layout qualifiers cannot be used on block members"),
                _ => bad("block layout qualifiers apply only to uniform and buffer blocks"),
            },
            "row_major" | "column_major" => match site {
                Site::Block(Storage::Uniform | Storage::Buffer)
                | Site::Default(Storage::Uniform | Storage::Buffer)
                | Site::Member => None,
                _ => bad("matrix layout qualifiers apply only to uniform and buffer blocks"),
            },
            "location" => match site {
                Site::Var(Storage::In) if stage == Stage::Vertex => {
                    if q.has(S::Attribute) {
                        bad("`location' cannot be used with `attribute'")
                    } else {
                        None
                    }
                }
                Site::Var(Storage::Out) if stage == Stage::Fragment => {
                    if q.has(S::Varying) {
                        bad("`location' cannot be used with `varying'")
                    } else {
                        None
                    }
                }
                Site::Var(Storage::In | Storage::Out) | Site::Block(Storage::In | Storage::Out) => {
                    if q.has(S::Varying) || q.has(S::Attribute) {
                        bad("`location' cannot be used with `varying' or `attribute'")
                    } else if self.at_least(410, 310)
                        || self.has_any(&[
                            Ext::ARB_separate_shader_objects,
                            Ext::EXT_separate_shader_objects,
                        ])
                    {
                        None
                    } else {
                        bad(
                            "`location' on this input or output requires ARB_separate_shader_objects",
                        )
                    }
                }
                Site::Var(Storage::Uniform) => {
                    if self.at_least(430, 310) || self.has(Ext::ARB_explicit_uniform_location) {
                        None
                    } else {
                        bad("`location' on uniforms requires ARB_explicit_uniform_location")
                    }
                }
                Site::Member => None,
                Site::Var(Storage::Buffer) | Site::Block(_) => None,
                _ => bad("`location' applies only to shader inputs, outputs and uniforms"),
            },
            "index" => match site {
                Site::Var(Storage::Out) if stage == Stage::Fragment => {
                    if q.layout
                        .iter()
                        .any(|id| self.name(id.name).eq_ignore_ascii_case("location"))
                    {
                        None
                    } else {
                        bad("`index' requires `location'")
                    }
                }
                Site::Var(Storage::Uniform) => None,
                _ => bad("`index' applies only to fragment shader outputs"),
            },
            "binding" => match site {
                Site::Block(Storage::Uniform | Storage::Buffer) => None,
                Site::Var(Storage::Uniform) => {
                    if ty.is_some_and(|t| self.contains(t, &|t| t.is_opaque())) {
                        None
                    } else {
                        bad("`binding' requires an opaque uniform or a block")
                    }
                }
                // `layout(binding = 2, offset = 4) uniform;` (accepted by
                // Mesa with atomic counters; it declares nothing).
                Site::Default(Storage::Uniform) if self.atomic_counters() => None,
                Site::Default(_) | Site::Member => bad("`binding' cannot be used here"),
                _ => bad("`binding' requires an opaque uniform or a block"),
            },
            "offset" => match site {
                Site::Member => None,
                Site::Default(Storage::Uniform) if self.atomic_counters() => None,
                Site::Var(Storage::Uniform) => {
                    if ty.is_some_and(|t| matches!(t.base, Base::Opaque(BuiltinType::AtomicUint))) {
                        None
                    } else {
                        bad("`offset' applies only to atomic counters and block members")
                    }
                }
                _ => bad("`offset' applies only to atomic counters and block members"),
            },
            "origin_upper_left" | "pixel_center_integer" => match site {
                Site::Var(Storage::In) if stage == Stage::Fragment => None,
                _ => bad("fragment coordinate conventions apply only to gl_FragCoord"),
            },
            "depth_any" | "depth_greater" | "depth_less" | "depth_unchanged" => match site {
                Site::Var(Storage::Out) if stage == Stage::Fragment => None,
                _ => bad("depth layout qualifiers apply only to gl_FragDepth"),
            },
            "stream" => match stage {
                Stage::Geometry
                    if matches!(
                        site,
                        Site::Var(Storage::Out)
                            | Site::Block(Storage::Out)
                            | Site::Default(Storage::Out)
                            | Site::Member
                    ) =>
                {
                    None
                }
                _ => bad("`stream' applies only to geometry shader outputs"),
            },
            "xfb_buffer" | "xfb_offset" | "xfb_stride" => match (stage, site) {
                (Stage::Fragment | Stage::Compute | Stage::TessControl, _) => bad(
                    "transform feedback qualifiers apply only to vertex, tessellation evaluation and geometry outputs",
                ),
                (
                    _,
                    Site::Var(Storage::Out)
                    | Site::Block(Storage::Out)
                    | Site::Default(Storage::Out)
                    | Site::Member,
                ) => None,
                _ => bad("transform feedback qualifiers apply only to outputs"),
            },
            f if format_of(f).is_some() => match ty.map(|t| t.base) {
                Some(Base::Opaque(b)) if super::builtins::is_image(b) => {
                    let want = match b.name().as_bytes().first() {
                        Some(b'i') if b.name().starts_with("iimage") => Format::Int,
                        Some(b'u') => Format::Uint,
                        _ => Format::Float,
                    };
                    if format_of(f) == Some(want) {
                        None
                    } else {
                        bad("image format qualifier does not match the image type")
                    }
                }
                Some(Base::Error) | None => None,
                _ => bad("image format qualifiers apply only to images"),
            },
            _ => None,
        };
        if let Some(m) = err {
            self.error(loc, m);
        }
    }

    /// Values that must agree within a declaration and across the shader.
    fn layout_consistency(
        &mut self,
        values: &[(String, Option<i64>, Loc)],
        site: Site,
        stage: Stage,
    ) {
        let mut xfb_buffer = 0;
        // Within one declaration a repeated identifier's last value wins.
        let values: Vec<&(String, Option<i64>, Loc)> = values
            .iter()
            .enumerate()
            .filter(|(i, (n, _, _))| !values[i + 1..].iter().any(|(m, _, _)| m == n))
            .map(|(_, x)| x)
            .collect();
        for (n, v, loc) in values.iter().map(|x| (&x.0, x.1, x.2)) {
            match n.as_str() {
                p if stage == Stage::Geometry
                    && site == Site::Default(Storage::In)
                    && GS_IN_PRIMS.contains(&p) =>
                {
                    match &self.layout.gs_in_prim {
                        Some(old) if old != p => {
                            self.error(loc, "conflicting geometry shader input primitive types");
                        }
                        _ => {
                            self.layout.gs_in_prim = Some(p.to_owned());
                            self.size_geometry_inputs(loc);
                        }
                    }
                }
                p if stage == Stage::Geometry
                    && site == Site::Default(Storage::Out)
                    && GS_OUT_PRIMS.contains(&p) =>
                {
                    match &self.layout.gs_out_prim {
                        Some(old) if old != p => {
                            self.error(loc, "conflicting geometry shader output primitive types");
                        }
                        _ => self.layout.gs_out_prim = Some(p.to_owned()),
                    }
                }
                "xfb_buffer" => xfb_buffer = v.unwrap_or(0),
                p @ ("triangles" | "quads" | "isolines")
                    if stage == Stage::TessEval && site == Site::Default(Storage::In) =>
                {
                    match &self.layout.tess_domain {
                        Some(old) if old != p => {
                            self.error(loc, "conflicting tessellation primitive modes");
                        }
                        _ => self.layout.tess_domain = Some(p.to_owned()),
                    }
                }
                p @ ("equal_spacing" | "fractional_even_spacing" | "fractional_odd_spacing")
                    if stage == Stage::TessEval && site == Site::Default(Storage::In) =>
                {
                    match &self.layout.tess_spacing {
                        Some(old) if old != p => {
                            self.error(loc, "conflicting tessellation vertex spacings");
                        }
                        _ => self.layout.tess_spacing = Some(p.to_owned()),
                    }
                }
                p @ ("cw" | "ccw")
                    if stage == Stage::TessEval && site == Site::Default(Storage::In) =>
                {
                    let cw = p == "cw";
                    match self.layout.tess_cw {
                        Some(old) if old != cw => {
                            self.error(loc, "conflicting tessellation vertex orderings");
                        }
                        _ => self.layout.tess_cw = Some(cw),
                    }
                }
                "point_mode" if stage == Stage::TessEval => self.layout.point_mode = true,
                _ => {}
            }
            let Some(v) = v else { continue };
            let slot = match n.as_str() {
                "max_vertices" => Some(&mut self.layout.max_vertices),
                "invocations" => Some(&mut self.layout.invocations),
                "vertices" => Some(&mut self.layout.vertices),
                "local_size_x" => Some(&mut self.layout.local_size[0]),
                "local_size_y" => Some(&mut self.layout.local_size[1]),
                "local_size_z" => Some(&mut self.layout.local_size[2]),
                _ => None,
            };
            if let Some(slot) = slot {
                match *slot {
                    Some(old) if old != v => {
                        let msg =
                            format!("layout qualifier `{n}' redeclared with a different value");
                        self.error(loc, msg);
                    }
                    _ => *slot = Some(v),
                }
                // ARB_compute_shader: within gl_MaxComputeWorkGroupSize
                // and 1024 invocations (the implementation's limits).
                if n.starts_with("local_size_") {
                    let size = self.layout.local_size;
                    let invocations: i64 = size.iter().map(|x| x.unwrap_or(1)).product();
                    if v > 1024 || invocations > 1024 {
                        let msg = format!(
                            "local group size exceeds the maximum ({n} = {v}; at most 1024 \
                             invocations)"
                        );
                        self.error(loc, msg);
                    }
                }
                if n == "vertices" && stage == Stage::TessControl {
                    self.check_control_output_sizes(loc);
                }
            }
            if n == "xfb_stride" {
                let buf = values
                    .iter()
                    .find(|(n, _, _)| n == "xfb_buffer")
                    .and_then(|x| x.1)
                    .unwrap_or(xfb_buffer);
                match self.layout.xfb_stride.iter().find(|(b, _)| *b == buf) {
                    Some((_, old)) if *old != v => {
                        self.error(
                            loc,
                            "conflicting `xfb_stride' for one transform feedback buffer",
                        );
                    }
                    Some(_) => {}
                    None => self.layout.xfb_stride.push((buf, v)),
                }
            }
        }
    }
}
