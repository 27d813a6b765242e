//! Vertex attributes and the current-attribute state (GL 4.6 compatibility
//! §10.2, "Current Vertex Attribute Values").
//!
//! The fixed-function attributes and the generic ones share one index space,
//! as in Mesa's `VERT_ATTRIB_*`: position, normal, two colours, fog
//! coordinate, colour index, edge flag, eight texture coordinates, then the 16
//! generic attributes. Generic attribute 0 aliases the position in a
//! compatibility context (GL 4.6 compat §10.2.1); the aliasing is resolved by
//! the callers (`glVertexAttrib*(0, ...)` inside Begin/End provokes a vertex).

/// One attribute slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Attrib(pub u8);

impl Attrib {
    /// Vertex position (`glVertex*`).
    pub const POS: Attrib = Attrib(0);
    /// Normal (`glNormal*`).
    pub const NORMAL: Attrib = Attrib(1);
    /// Primary colour (`glColor*`).
    pub const COLOR0: Attrib = Attrib(2);
    /// Secondary colour (`glSecondaryColor*`).
    pub const COLOR1: Attrib = Attrib(3);
    /// Fog coordinate (`glFogCoord*`).
    pub const FOG: Attrib = Attrib(4);
    /// Colour index (`glIndex*`).
    pub const COLOR_INDEX: Attrib = Attrib(5);
    /// Edge flag (`glEdgeFlag*`), stored as 0.0 / 1.0.
    pub const EDGEFLAG: Attrib = Attrib(6);
    /// Texture coordinate set 0 (`glTexCoord*`, `glMultiTexCoord*(GL_TEXTURE0, ...)`).
    pub const TEX0: Attrib = Attrib(7);
    /// Generic attribute 0 (`glVertexAttrib*(0, ...)`).
    pub const GENERIC0: Attrib = Attrib(7 + MAX_TEXTURE_COORDS as u8);
    /// The first material attribute (see [`Attrib::material`]).
    pub const MAT0: Attrib = Attrib(Attrib::GENERIC0.0 + MAX_VERTEX_ATTRIBS as u8);

    /// Material parameter `param` of face `face` (0 front, 1 back), in
    /// `ffgen::MatParam` order (ambient, diffuse, specular, emission,
    /// shininess in x). Its current value mirrors the lighting state; it is
    /// per vertex only in a batch where `glMaterial` came between Begin and
    /// End (Mesa's `VBO_ATTRIB_MAT_*`).
    pub fn material(face: usize, param: usize) -> Attrib {
        debug_assert!(face < 2 && param < MATERIAL_PARAMS);
        Attrib(Attrib::MAT0.0 + (face * MATERIAL_PARAMS + param) as u8)
    }

    /// Texture coordinate set `unit`.
    pub fn tex(unit: usize) -> Attrib {
        debug_assert!(unit < MAX_TEXTURE_COORDS);
        Attrib(Attrib::TEX0.0 + unit as u8)
    }

    /// Generic attribute `index`.
    pub fn generic(index: usize) -> Attrib {
        debug_assert!(index < MAX_VERTEX_ATTRIBS);
        Attrib(Attrib::GENERIC0.0 + index as u8)
    }

    /// The point size array of OpenGL ES 1.1 (OES_point_size_array): ES 1
    /// has no generic attributes, so the last generic slot holds it.
    pub const POINT_SIZE_ES1: Attrib = Attrib(Attrib::GENERIC0.0 + MAX_VERTEX_ATTRIBS as u8 - 1);

    /// Index into per-attribute arrays.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Texture coordinate sets (`GL_MAX_TEXTURE_COORDS`).
pub const MAX_TEXTURE_COORDS: usize = 8;
/// Generic vertex attributes (`GL_MAX_VERTEX_ATTRIBS`).
pub const MAX_VERTEX_ATTRIBS: usize = 16;
/// Material parameters per face with an attribute slot.
pub const MATERIAL_PARAMS: usize = 5;
/// All attribute slots.
pub const NUM_ATTRIBS: usize = Attrib::MAT0.0 as usize + 2 * MATERIAL_PARAMS;

/// The current value of every attribute, with the initial values of GL 4.6
/// compatibility table 23.x: colour (1,1,1,1), normal (0,0,1), texture
/// coordinates and generic attributes (0,0,0,1), secondary colour (0,0,0,1),
/// fog coordinate 0, colour index 1, edge flag TRUE.
#[derive(Clone, Debug, PartialEq)]
pub struct CurrentAttribs {
    /// Values, four components each (missing components filled as (0,0,0,1)).
    pub values: [[f32; 4]; NUM_ATTRIBS],
    /// `glVertexAttribL*d` (ARB_vertex_attrib_64bit) of each generic
    /// attribute: the high words, the words of its third and fourth
    /// doubles (the low ones, of the first two, are in `values`).
    pub long_high: [[f32; 4]; MAX_VERTEX_ATTRIBS],
}

impl Default for CurrentAttribs {
    fn default() -> Self {
        let mut values = [[0.0, 0.0, 0.0, 1.0]; NUM_ATTRIBS];
        values[Attrib::NORMAL.index()] = [0.0, 0.0, 1.0, 1.0];
        values[Attrib::COLOR0.index()] = [1.0; 4];
        values[Attrib::FOG.index()] = [0.0, 0.0, 0.0, 1.0];
        values[Attrib::COLOR_INDEX.index()] = [1.0, 0.0, 0.0, 1.0];
        values[Attrib::EDGEFLAG.index()] = [1.0, 0.0, 0.0, 1.0];
        for face in 0..2 {
            values[Attrib::material(face, 0).index()] = [0.2, 0.2, 0.2, 1.0];
            values[Attrib::material(face, 1).index()] = [0.8, 0.8, 0.8, 1.0];
        }
        // (0, 1) as doubles: 0.0 and 1.0's words.
        let one_high = f32::from_bits((1.0f64.to_bits() >> 32) as u32);
        CurrentAttribs {
            values,
            long_high: [[0.0, 0.0, 0.0, one_high]; MAX_VERTEX_ATTRIBS],
        }
    }
}

/// Expands `n` components to four with the GL defaults (0, 0, 0, 1).
#[inline]
pub fn expand(v: &[f32]) -> [f32; 4] {
    let mut out = [0.0, 0.0, 0.0, 1.0];
    out[..v.len().min(4)].copy_from_slice(&v[..v.len().min(4)]);
    out
}

/// Normalized conversion of integer colour and normal components.
///
/// Unsigned: `c / (2^b - 1)` (GL 4.6 §2.3.5, equation 2.1). Signed: the
/// GL 1.0–4.1 rule `(2c + 1) / (2^b - 1)`, which the immediate-mode commands
/// of a compatibility context keep (Mesa's `BYTE_TO_FLOAT` & co. do the same;
/// GL 4.2 changed arrays and ES to `max(c / (2^(b-1) - 1), -1)`).
pub use oxgl_dri_interface::vertex::normalize;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_values() {
        let c = CurrentAttribs::default();
        assert_eq!(c.values[Attrib::COLOR0.index()], [1.0; 4]);
        assert_eq!(c.values[Attrib::NORMAL.index()], [0.0, 0.0, 1.0, 1.0]);
        assert_eq!(c.values[Attrib::tex(3).index()], [0.0, 0.0, 0.0, 1.0]);
        assert_eq!(NUM_ATTRIBS, 41);
        assert_eq!(
            c.values[Attrib::material(1, 1).index()],
            [0.8, 0.8, 0.8, 1.0]
        );
    }

    #[test]
    fn normalization() {
        assert_eq!(normalize::ubyte(255), 1.0);
        assert_eq!(normalize::byte(-128), -1.0);
        assert_eq!(normalize::byte(127), 1.0);
        assert_eq!(normalize::byte(0), 1.0 / 255.0);
        assert_eq!(normalize::short(32767), 1.0);
        assert_eq!(expand(&[0.5, 0.25]), [0.5, 0.25, 0.0, 1.0]);
    }
}
