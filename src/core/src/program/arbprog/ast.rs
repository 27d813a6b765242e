//! A parsed assembly program: declarations resolved, every operand a
//! register of a known file, every program parameter one vec4 slot of the
//! program's parameter list (its uniform block, in order). Produced by
//! [`super::parse`], consumed by [`super::lower`].

/// Which language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `!!ARBvp1.0`.
    Vertex,
    /// `!!ARBfp1.0`.
    Fragment,
}

/// A matrix of `state.matrix.*`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatrixKind {
    /// `modelview[0]`.
    Modelview,
    /// `projection`.
    Projection,
    /// `mvp`: projection × modelview.
    Mvp,
    /// `texture[n]`.
    Texture(u8),
    /// `program[n]` (`GL_MATRIXn_ARB`).
    Program(u8),
}

/// Light state of `state.light[n]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LightState {
    /// Ambient intensity.
    Ambient,
    /// Diffuse intensity.
    Diffuse,
    /// Specular intensity.
    Specular,
    /// Eye-space position.
    Position,
    /// Constant, linear, quadratic attenuation, spot exponent.
    Attenuation,
    /// Spot direction, cos(cutoff).
    SpotDirection,
    /// The infinite-viewer half-angle vector.
    Half,
}

/// One vec4 of GL state a program can bind (`state.*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StateVar {
    /// Row `row` of a matrix; `modifier` 0 none, 1 inverse, 2 transpose,
    /// 3 inverse transpose.
    MatrixRow {
        /// The matrix.
        m: MatrixKind,
        /// The modifier.
        modifier: u8,
        /// The row.
        row: u8,
    },
    /// Material parameter `param` (ffgen `MatParam` order) of a face.
    Material {
        /// Back face.
        back: bool,
        /// Ambient, diffuse, specular, emission, shininess.
        param: u8,
    },
    /// A light's parameter.
    Light {
        /// Light number.
        light: u8,
        /// Which.
        param: LightState,
    },
    /// `state.lightmodel.ambient`.
    LightModelAmbient,
    /// `state.lightmodel[.front|.back].scenecolor`.
    SceneColor {
        /// Back face.
        back: bool,
    },
    /// `state.lightprod[n][.front|.back].{ambient,diffuse,specular}`.
    LightProd {
        /// Light number.
        light: u8,
        /// Back face.
        back: bool,
        /// 0 ambient, 1 diffuse, 2 specular.
        param: u8,
    },
    /// `state.texgen[n].{eye,object}.{s,t,r,q}`.
    TexGen {
        /// Unit.
        unit: u8,
        /// Eye plane (else object plane).
        eye: bool,
        /// s, t, r, q.
        coord: u8,
    },
    /// `state.fog.color`.
    FogColor,
    /// `state.fog.params`: density, start, end, 1 / (end − start).
    FogParams,
    /// `state.clip[n].plane`.
    ClipPlane(u8),
    /// `state.point.size`: size, min, max, fade threshold.
    PointSize,
    /// `state.point.attenuation`: a, b, c, 1.
    PointAttenuation,
    /// `state.texenv[n].color`.
    TexEnvColor(u8),
    /// `state.depth.range`: near, far, far − near, 1.
    DepthRange,
}

/// Where a parameter slot's value comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamSource {
    /// `program.env[n]` of the program's target.
    Env(u32),
    /// `program.local[n]` of the program.
    Local(u32),
    /// GL state, read at each draw.
    State(StateVar),
    /// A literal.
    Const([f32; 4]),
}

/// An input register.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// A vertex attribute: the vertex stage input location (`vbo::Attrib`).
    Vertex(u8),
    /// `fragment.color.primary`.
    Color0,
    /// `fragment.color.secondary`.
    Color1,
    /// `fragment.texcoord[n]`.
    TexCoord(u8),
    /// `fragment.fogcoord` (x, 0, 0, 1).
    FogCoord,
    /// `fragment.position`: window x, y, z, 1/w.
    Position,
}

/// An output register.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Output {
    /// `result.position`.
    Position,
    /// `result.color[.front|.back][.primary|.secondary]`.
    VertexColor {
        /// Back face.
        back: bool,
        /// Secondary colour.
        secondary: bool,
    },
    /// `result.fogcoord` (x).
    FogCoord,
    /// `result.pointsize` (x).
    PointSize,
    /// `result.texcoord[n]`.
    TexCoord(u8),
    /// `result.color[n]` of a fragment program.
    Color(u8),
    /// `result.depth` (z).
    Depth,
}

/// A register an operand names.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reg {
    /// Temporary `n`.
    Temp(u32),
    /// An input.
    Input(Input),
    /// Parameter slot `n`.
    Param(u32),
    /// `array[A.x + offset]`: slots `base .. base + len`, address register
    /// `addr` (out-of-range reads give 0, GL: undefined).
    ParamRel {
        /// First slot of the array.
        base: u32,
        /// Slots in the array.
        len: u32,
        /// Address register.
        addr: u32,
        /// Constant offset.
        offset: i32,
    },
    /// An output.
    Output(Output),
    /// Address register `n` (ARL destination).
    Addr(u32),
}

/// A source operand: a register read through a swizzle. `swizzle[i]` is
/// the component read for lane `i` (0–3), or 4 / 5 for the constants 0 / 1
/// of an extended swizzle (`SWZ`); `negate[i]` negates lane `i`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Src {
    /// The register.
    pub reg: Reg,
    /// Components.
    pub swizzle: [u8; 4],
    /// Negations.
    pub negate: [bool; 4],
}

/// A destination: a register and its write mask (bit `i` = lane `i`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dst {
    /// The register.
    pub reg: Reg,
    /// The write mask.
    pub mask: u8,
}

/// The instructions of both languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[expect(missing_docs, reason = "the specs' own instruction names")]
pub enum Opcode {
    Abs,
    Add,
    Arl,
    Cmp,
    Cos,
    Dp3,
    Dp4,
    Dph,
    Dst,
    Ex2,
    Exp,
    Flr,
    Frc,
    Kil,
    Lg2,
    Lit,
    Log,
    Lrp,
    Mad,
    Max,
    Min,
    Mov,
    Mul,
    Pow,
    Rcp,
    Rsq,
    Scs,
    Sge,
    Sin,
    Slt,
    Sub,
    Swz,
    Tex,
    Txb,
    Txp,
    Xpd,
}

/// A texture target of `TEX`/`TXP`/`TXB`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TexTarget {
    /// `1D`.
    D1,
    /// `2D`.
    D2,
    /// `3D`.
    D3,
    /// `CUBE`.
    Cube,
    /// `RECT`.
    Rect,
}

/// One instruction.
#[derive(Clone, Debug, PartialEq)]
pub struct Inst {
    /// The operation.
    pub op: Opcode,
    /// `_SAT`: the result clamped to [0, 1].
    pub sat: bool,
    /// The destination (`KIL` has none).
    pub dst: Option<Dst>,
    /// Sources, in order.
    pub src: Vec<Src>,
    /// Texture unit and target of a texture instruction.
    pub tex: Option<(u8, TexTarget)>,
}

/// Program options (`OPTION ...;`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// `ARB_fog_linear` / `_exp` / `_exp2`: the GL fog mode applied to
    /// `result.color`.
    pub fog: Option<u32>,
    /// `ARB_draw_buffers`: `result.color[n]` allowed.
    pub draw_buffers: bool,
    /// `ARB_position_invariant`.
    pub position_invariant: bool,
}

/// What `glGetProgramivARB` reports of a program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Instructions.
    pub instructions: u32,
    /// ALU instructions (fragment).
    pub alu: u32,
    /// Texture instructions (fragment).
    pub tex: u32,
    /// Texture indirections (fragment).
    pub indirections: u32,
    /// Temporaries declared.
    pub temps: u32,
    /// Parameter slots.
    pub params: u32,
    /// Attributes read.
    pub attribs: u32,
    /// Address registers declared.
    pub address: u32,
}

/// A parsed program.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The language.
    pub kind: Kind,
    /// Options.
    pub options: Options,
    /// Parameter slots.
    pub params: Vec<ParamSource>,
    /// Instructions.
    pub insts: Vec<Inst>,
    /// Temporaries.
    pub num_temps: u32,
    /// Address registers.
    pub num_addr: u32,
    /// Counts for the queries.
    pub counts: Counts,
    /// Position-invariant programs: the slots of the four columns of the
    /// MVP matrix (rows of its transpose), added after the program's own.
    pub mvp_cols: Option<u32>,
    /// Fog options: the slots of the fog colour and fog parameters.
    pub fog_params: Option<u32>,
    /// Position-invariant programs: the slots of the modelview's four
    /// columns and then the user clip planes (eye coordinates), for the
    /// clip distances fixed function would compute.
    pub clip_params: Option<u32>,
}

impl Program {
    /// Whether any instruction reads `input`.
    pub fn reads(&self, input: Input) -> bool {
        self.insts
            .iter()
            .flat_map(|i| i.src.iter())
            .any(|s| s.reg == Reg::Input(input))
    }

    /// Whether any instruction writes `output`.
    pub fn writes(&self, output: Output) -> bool {
        self.insts
            .iter()
            .filter_map(|i| i.dst)
            .any(|d| d.reg == Reg::Output(output))
    }

    /// Texture units sampled and their targets.
    pub fn textures(&self) -> Vec<(u8, TexTarget)> {
        let mut v: Vec<(u8, TexTarget)> = self.insts.iter().filter_map(|i| i.tex).collect();
        v.sort_by_key(|t| t.0);
        v.dedup();
        v
    }
}
