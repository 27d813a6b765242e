//! Matrices and the fixed-function matrix stacks (GL 4.6 compatibility §12.1).
//!
//! `Mat4` is column-major like GL (`m[col * 4 + row]`), stored as `f32` like
//! the state the fixed-function pipeline consumes (Mesa also keeps `GLfloat`
//! matrices; double entry points convert on entry).

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::error::{ApiError, ApiResult};

/// A 4×4 matrix, column-major.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mat4(pub [f32; 16]);

impl Mat4 {
    /// The identity.
    pub const IDENTITY: Mat4 = Mat4([
        1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0,
    ]);

    /// Element at `row`, `col`.
    #[inline]
    pub fn at(&self, row: usize, col: usize) -> f32 {
        self.0[col * 4 + row]
    }

    /// `self * rhs`.
    pub fn mul(&self, rhs: &Mat4) -> Mat4 {
        let mut out = [0.0f32; 16];
        for col in 0..4 {
            for row in 0..4 {
                let mut sum = 0.0f64;
                for k in 0..4 {
                    sum += f64::from(self.at(row, k)) * f64::from(rhs.at(k, col));
                }
                out[col * 4 + row] = sum as f32;
            }
        }
        Mat4(out)
    }

    /// The transpose.
    pub fn transpose(&self) -> Mat4 {
        let mut out = [0.0f32; 16];
        for col in 0..4 {
            for row in 0..4 {
                out[row * 4 + col] = self.at(row, col);
            }
        }
        Mat4(out)
    }

    /// `self * v` for a column vector.
    pub fn transform(&self, v: [f32; 4]) -> [f32; 4] {
        let mut out = [0.0f32; 4];
        for (row, o) in out.iter_mut().enumerate() {
            *o = (0..4).map(|k| self.at(row, k) * v[k]).sum();
        }
        out
    }

    /// The inverse, or `None` when singular (general 4×4 cofactor expansion
    /// in f64; the normal matrix needs the inverse of the modelview).
    pub fn inverse(&self) -> Option<Mat4> {
        let m: Vec<f64> = self.0.iter().map(|&v| f64::from(v)).collect();
        let mut inv = [0.0f64; 16];
        inv[0] = m[5] * m[10] * m[15] - m[5] * m[11] * m[14] - m[9] * m[6] * m[15]
            + m[9] * m[7] * m[14]
            + m[13] * m[6] * m[11]
            - m[13] * m[7] * m[10];
        inv[4] = -m[4] * m[10] * m[15] + m[4] * m[11] * m[14] + m[8] * m[6] * m[15]
            - m[8] * m[7] * m[14]
            - m[12] * m[6] * m[11]
            + m[12] * m[7] * m[10];
        inv[8] = m[4] * m[9] * m[15] - m[4] * m[11] * m[13] - m[8] * m[5] * m[15]
            + m[8] * m[7] * m[13]
            + m[12] * m[5] * m[11]
            - m[12] * m[7] * m[9];
        inv[12] = -m[4] * m[9] * m[14] + m[4] * m[10] * m[13] + m[8] * m[5] * m[14]
            - m[8] * m[6] * m[13]
            - m[12] * m[5] * m[10]
            + m[12] * m[6] * m[9];
        inv[1] = -m[1] * m[10] * m[15] + m[1] * m[11] * m[14] + m[9] * m[2] * m[15]
            - m[9] * m[3] * m[14]
            - m[13] * m[2] * m[11]
            + m[13] * m[3] * m[10];
        inv[5] = m[0] * m[10] * m[15] - m[0] * m[11] * m[14] - m[8] * m[2] * m[15]
            + m[8] * m[3] * m[14]
            + m[12] * m[2] * m[11]
            - m[12] * m[3] * m[10];
        inv[9] = -m[0] * m[9] * m[15] + m[0] * m[11] * m[13] + m[8] * m[1] * m[15]
            - m[8] * m[3] * m[13]
            - m[12] * m[1] * m[11]
            + m[12] * m[3] * m[9];
        inv[13] = m[0] * m[9] * m[14] - m[0] * m[10] * m[13] - m[8] * m[1] * m[14]
            + m[8] * m[2] * m[13]
            + m[12] * m[1] * m[10]
            - m[12] * m[2] * m[9];
        inv[2] = m[1] * m[6] * m[15] - m[1] * m[7] * m[14] - m[5] * m[2] * m[15]
            + m[5] * m[3] * m[14]
            + m[13] * m[2] * m[7]
            - m[13] * m[3] * m[6];
        inv[6] = -m[0] * m[6] * m[15] + m[0] * m[7] * m[14] + m[4] * m[2] * m[15]
            - m[4] * m[3] * m[14]
            - m[12] * m[2] * m[7]
            + m[12] * m[3] * m[6];
        inv[10] = m[0] * m[5] * m[15] - m[0] * m[7] * m[13] - m[4] * m[1] * m[15]
            + m[4] * m[3] * m[13]
            + m[12] * m[1] * m[7]
            - m[12] * m[3] * m[5];
        inv[14] = -m[0] * m[5] * m[14] + m[0] * m[6] * m[13] + m[4] * m[1] * m[14]
            - m[4] * m[2] * m[13]
            - m[12] * m[1] * m[6]
            + m[12] * m[2] * m[5];
        inv[3] = -m[1] * m[6] * m[11] + m[1] * m[7] * m[10] + m[5] * m[2] * m[11]
            - m[5] * m[3] * m[10]
            - m[9] * m[2] * m[7]
            + m[9] * m[3] * m[6];
        inv[7] = m[0] * m[6] * m[11] - m[0] * m[7] * m[10] - m[4] * m[2] * m[11]
            + m[4] * m[3] * m[10]
            + m[8] * m[2] * m[7]
            - m[8] * m[3] * m[6];
        inv[11] = -m[0] * m[5] * m[11] + m[0] * m[7] * m[9] + m[4] * m[1] * m[11]
            - m[4] * m[3] * m[9]
            - m[8] * m[1] * m[7]
            + m[8] * m[3] * m[5];
        inv[15] = m[0] * m[5] * m[10] - m[0] * m[6] * m[9] - m[4] * m[1] * m[10]
            + m[4] * m[2] * m[9]
            + m[8] * m[1] * m[6]
            - m[8] * m[2] * m[5];
        let det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12];
        if det == 0.0 || !det.is_finite() {
            return None;
        }
        let mut out = [0.0f32; 16];
        for (o, v) in out.iter_mut().zip(inv) {
            *o = (v / det) as f32;
        }
        Some(Mat4(out))
    }

    /// `glRotate`: `angle` degrees about (x, y, z) (normalized; a zero axis
    /// gives the identity, as Mesa does).
    pub fn rotate(angle: f64, x: f64, y: f64, z: f64) -> Mat4 {
        let len = (x * x + y * y + z * z).sqrt();
        if len == 0.0 {
            return Mat4::IDENTITY;
        }
        let (x, y, z) = (x / len, y / len, z / len);
        let (s, c) = angle.to_radians().sin_cos();
        let t = 1.0 - c;
        let m = [
            x * x * t + c,
            y * x * t + z * s,
            x * z * t - y * s,
            0.0,
            x * y * t - z * s,
            y * y * t + c,
            y * z * t + x * s,
            0.0,
            x * z * t + y * s,
            y * z * t - x * s,
            z * z * t + c,
            0.0,
            0.0,
            0.0,
            0.0,
            1.0,
        ];
        Mat4(m.map(|v| v as f32))
    }

    /// `glScale`.
    pub fn scale(x: f64, y: f64, z: f64) -> Mat4 {
        let mut m = Mat4::IDENTITY;
        m.0[0] = x as f32;
        m.0[5] = y as f32;
        m.0[10] = z as f32;
        m
    }

    /// `glTranslate`.
    pub fn translate(x: f64, y: f64, z: f64) -> Mat4 {
        let mut m = Mat4::IDENTITY;
        m.0[12] = x as f32;
        m.0[13] = y as f32;
        m.0[14] = z as f32;
        m
    }

    /// `glFrustum` (GL 4.6 compatibility §12.1.1, equation 12.3).
    pub fn frustum(l: f64, r: f64, b: f64, t: f64, n: f64, f: f64) -> Mat4 {
        let m = [
            2.0 * n / (r - l),
            0.0,
            0.0,
            0.0,
            0.0,
            2.0 * n / (t - b),
            0.0,
            0.0,
            (r + l) / (r - l),
            (t + b) / (t - b),
            -(f + n) / (f - n),
            -1.0,
            0.0,
            0.0,
            -2.0 * f * n / (f - n),
            0.0,
        ];
        Mat4(m.map(|v| v as f32))
    }

    /// `glOrtho` (equation 12.4).
    pub fn ortho(l: f64, r: f64, b: f64, t: f64, n: f64, f: f64) -> Mat4 {
        let m = [
            2.0 / (r - l),
            0.0,
            0.0,
            0.0,
            0.0,
            2.0 / (t - b),
            0.0,
            0.0,
            0.0,
            0.0,
            -2.0 / (f - n),
            0.0,
            -(r + l) / (r - l),
            -(t + b) / (t - b),
            -(f + n) / (f - n),
            1.0,
        ];
        Mat4(m.map(|v| v as f32))
    }
}

/// One matrix stack: the top is the current matrix.
#[derive(Clone, Debug)]
pub struct MatrixStack {
    stack: Vec<Mat4>,
    max_depth: usize,
}

impl MatrixStack {
    /// A stack holding the identity, at most `max_depth` deep.
    pub fn new(max_depth: usize) -> MatrixStack {
        let mut stack = Vec::with_capacity(max_depth);
        stack.push(Mat4::IDENTITY);
        MatrixStack { stack, max_depth }
    }

    /// The current matrix.
    pub fn top(&self) -> &Mat4 {
        // The stack is never empty: `pop` refuses to remove the last entry.
        &self.stack[self.stack.len() - 1]
    }

    fn top_mut(&mut self) -> &mut Mat4 {
        let n = self.stack.len() - 1;
        &mut self.stack[n]
    }

    /// Current depth (1 = only the base matrix).
    pub fn depth(&self) -> usize {
        self.stack.len()
    }

    /// Maximum depth.
    pub fn max_depth(&self) -> usize {
        self.max_depth
    }

    /// `glPushMatrix`: STACK_OVERFLOW when full.
    pub fn push(&mut self) -> ApiResult {
        if self.stack.len() >= self.max_depth {
            return Err(ApiError::StackOverflow);
        }
        let top = *self.top();
        self.stack.push(top);
        Ok(())
    }

    /// `glPopMatrix`: STACK_UNDERFLOW at depth 1.
    pub fn pop(&mut self) -> ApiResult {
        if self.stack.len() <= 1 {
            return Err(ApiError::StackUnderflow);
        }
        self.stack.pop();
        Ok(())
    }

    /// Replaces the current matrix.
    pub fn load(&mut self, m: Mat4) {
        *self.top_mut() = m;
    }

    /// Post-multiplies the current matrix: `C = C * m` (GL 4.6 compat §12.1.1).
    pub fn mult(&mut self, m: &Mat4) {
        let c = self.top().mul(m);
        *self.top_mut() = c;
    }
}

/// Texture units with their own texture matrix (`GL_MAX_TEXTURE_COORDS`, as llvmpipe).
pub const MAX_TEXTURE_COORD_UNITS: usize = 8;

/// The fixed-function matrix state.
#[derive(Clone, Debug)]
pub struct Matrices {
    /// `glMatrixMode`.
    pub mode: GLenum,
    /// `GL_MODELVIEW` (32 deep).
    pub modelview: MatrixStack,
    /// `GL_PROJECTION` (32 deep).
    pub projection: MatrixStack,
    /// `GL_TEXTURE`, one per texture coordinate unit (10 deep).
    pub texture: Vec<MatrixStack>,
    /// `GL_COLOR` (ARB_imaging; 10 deep).
    pub color: MatrixStack,
    /// `GL_MATRIX0_ARB` ... `GL_MATRIX7_ARB` (ARB_vertex_program; 16 deep).
    pub program: Vec<MatrixStack>,
}

impl Default for Matrices {
    fn default() -> Self {
        Matrices {
            mode: GL_MODELVIEW,
            modelview: MatrixStack::new(32),
            projection: MatrixStack::new(32),
            texture: (0..MAX_TEXTURE_COORD_UNITS)
                .map(|_| MatrixStack::new(10))
                .collect(),
            color: MatrixStack::new(10),
            program: (0..8).map(|_| MatrixStack::new(16)).collect(),
        }
    }
}

impl Matrices {
    /// The stack `mode` selects, with the active texture unit for `GL_TEXTURE`.
    pub fn stack_mut(&mut self, mode: GLenum, texture_unit: usize) -> Option<&mut MatrixStack> {
        match mode {
            GL_MODELVIEW => Some(&mut self.modelview),
            GL_PROJECTION => Some(&mut self.projection),
            GL_TEXTURE => self.texture.get_mut(texture_unit),
            GL_COLOR => Some(&mut self.color),
            GL_MATRIX0_ARB..=GL_MATRIX7_ARB => {
                self.program.get_mut((mode - GL_MATRIX0_ARB) as usize)
            }
            _ => None,
        }
    }

    /// Read-only counterpart of [`Matrices::stack_mut`].
    pub fn stack(&self, mode: GLenum, texture_unit: usize) -> Option<&MatrixStack> {
        match mode {
            GL_MODELVIEW => Some(&self.modelview),
            GL_PROJECTION => Some(&self.projection),
            GL_TEXTURE => self.texture.get(texture_unit),
            GL_COLOR => Some(&self.color),
            GL_MATRIX0_ARB..=GL_MATRIX7_ARB => self.program.get((mode - GL_MATRIX0_ARB) as usize),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: &Mat4, b: &Mat4) -> bool {
        a.0.iter()
            .zip(b.0.iter())
            .all(|(x, y)| (x - y).abs() < 1e-5)
    }

    #[test]
    fn rotate_90_about_z_maps_x_to_y() {
        let m = Mat4::rotate(90.0, 0.0, 0.0, 1.0);
        let v = m.transform([1.0, 0.0, 0.0, 1.0]);
        assert!((v[0]).abs() < 1e-6 && (v[1] - 1.0).abs() < 1e-6);
    }

    #[test]
    fn inverse_of_product() {
        let a = Mat4::translate(1.0, 2.0, 3.0)
            .mul(&Mat4::rotate(30.0, 1.0, 1.0, 0.0))
            .mul(&Mat4::scale(2.0, 3.0, 4.0));
        let inv = a.inverse().unwrap();
        assert!(close(&a.mul(&inv), &Mat4::IDENTITY));
        assert!(Mat4::scale(0.0, 1.0, 1.0).inverse().is_none());
    }

    #[test]
    fn frustum_and_ortho_map_corners() {
        let f = Mat4::frustum(-1.0, 1.0, -1.0, 1.0, 1.0, 10.0);
        let near = f.transform([1.0, 1.0, -1.0, 1.0]);
        assert!((near[0] / near[3] - 1.0).abs() < 1e-6 && (near[2] / near[3] + 1.0).abs() < 1e-6);
        let o = Mat4::ortho(0.0, 100.0, 0.0, 50.0, -1.0, 1.0);
        let p = o.transform([100.0, 50.0, 1.0, 1.0]);
        assert!(
            (p[0] - 1.0).abs() < 1e-6 && (p[1] - 1.0).abs() < 1e-6 && (p[2] + 1.0).abs() < 1e-6
        );
    }

    #[test]
    fn stack_limits() {
        let mut s = MatrixStack::new(2);
        assert_eq!(s.pop(), Err(ApiError::StackUnderflow));
        s.push().unwrap();
        assert_eq!(s.push(), Err(ApiError::StackOverflow));
        s.load(Mat4::scale(2.0, 2.0, 2.0));
        s.pop().unwrap();
        assert_eq!(*s.top(), Mat4::IDENTITY);
    }
}
