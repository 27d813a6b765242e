//! Mipmap generation: `glGenerateMipmap` (GL 3.0, `ARB_framebuffer_object`,
//! `EXT_framebuffer_object`) and the GL 1.4 `GL_GENERATE_MIPMAP` texture
//! parameter, which regenerates the chain whenever the base level's image
//! is specified or modified (GL 4.6 compatibility §8.14.4).
//!
//! Filter, as Mesa's llvmpipe produces it (`st_generate_mipmap` →
//! `util_gen_mipmap`, a blit of each level into the next with linear
//! filtering): every texel of level `l + 1` is the bilinear (3D: trilinear)
//! sample of level `l` at the texel's centre, mapped over the whole
//! image — along an axis of `n → m` texels, position
//! `(i + ½)·n/m − ½`, edge texels clamped. For even sizes this is the 2×2
//! (2×2×2) box average; for odd sizes the weights are ¼/¾ (5 → 2) or a
//! single texel (3 → 1), not the box filter of Mesa's software
//! `_mesa_generate_mipmap`. Rounding follows llvmpipe's two sampling
//! paths so that the levels read back as llvmpipe's do: channels of at
//! most 8 bits are filtered as 8-bit values and rounded half up (an
//! average of 222.5 gives 223), then stored at their own precision; wider
//! channels are filtered in single precision and rounded half to even.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::texture::{TexImage, Texels, Texture, to_stored};

/// Sample positions along one axis: for destination texel `i`, the two
/// source texels and the second one's weight.
fn taps(src: usize, dst: usize) -> Vec<(usize, usize, f64)> {
    (0..dst)
        .map(|i| {
            if src == dst {
                return (i, i, 0.0);
            }
            let c = (i as f64 + 0.5) * src as f64 / dst as f64 - 0.5;
            let f = c.floor();
            let last = src as f64 - 1.0;
            let i0 = f.clamp(0.0, last) as usize;
            let i1 = (f + 1.0).clamp(0.0, last) as usize;
            (i0, i1, c - f)
        })
        .collect()
}

/// A level of `src`'s format: `size`, `texels`, no compressed blocks.
fn next_level(src: &TexImage, size: [usize; 3], texels: Texels) -> TexImage {
    TexImage {
        size,
        internal_format: src.internal_format,
        base: src.base,
        bits: src.bits,
        texels,
        compressed: None,
    }
}

/// The next level of `src`: `size`, each texel filtered as the module
/// header describes.
fn downsample(src: &TexImage, size: [usize; 3]) -> TexImage {
    let [sw, sh, _] = src.size;
    let tx = taps(src.size[0], size[0]);
    let ty = taps(src.size[1], size[1]);
    let tz = taps(src.size[2], size[2]);
    if crate::texture::plain_unorm8(src.internal_format, src.base, src.bits) {
        return downsample_unorm8(src, size, [&tx, &ty, &tz]);
    }
    // sRGB levels are filtered in their encoded 8-bit values, like the
    // other 8-bit formats (and stored decoded again by `to_stored`).
    let stored = src.stored_texels();
    let texel = |x: usize, y: usize, z: usize| stored[(z * sh + y) * sw + x];
    let float = crate::texture::is_float(src.internal_format);
    let mut texels = Vec::with_capacity(size.iter().product());
    for &(z0, z1, wz) in &tz {
        for &(y0, y1, wy) in &ty {
            for &(x0, x1, wx) in &tx {
                let mut t = [0.0f32; 4];
                for (c, out) in t.iter_mut().enumerate() {
                    let get = |x, y, z| texel(x, y, z)[c];
                    *out = if float {
                        // Float formats: the filtered value itself (to_stored
                        // rounds 16-bit ones to half precision).
                        filter_float(get, [x0, x1, y0, y1, z0, z1], [wx, wy, wz], 0.0)
                    } else if src.bits[c] > 8 {
                        let max = ((1u32 << src.bits[c]) - 1) as f32;
                        filter_float(get, [x0, x1, y0, y1, z0, z1], [wx, wy, wz], max)
                    } else {
                        filter_unorm8(get, [x0, x1, y0, y1, z0, z1], [wx, wy, wz])
                    };
                }
                texels.push(to_stored(t, src.internal_format, src.base, src.bits));
            }
        }
    }
    let mut img = next_level(src, size, Texels::F32(texels));
    // A compressed format's levels are compressed too.
    crate::texture::compress_in_place(&mut img);
    img
}

/// Channels of at most 8 bits (llvmpipe's 8-bit sampling path): the texels
/// as 8-bit values, filtered, rounded half up; [`to_stored`] then requantizes
/// to the channel's bits (a 5-bit average of 9.5 steps stored as 78/255
/// becomes 9, as llvmpipe's).
/// [`downsample`] of a plain 8-bit format (`texture::plain_unorm8`), whose
/// texels are multiples of 1/255 in the base format's channels: filtered
/// as [`filter_unorm8`] does, on the bytes themselves (no rounding call
/// per tap), and stored as the bytes' values, which are already what
/// `to_stored` would keep (a missing channel's constant averages to
/// itself).
fn downsample_unorm8(
    src: &TexImage,
    size: [usize; 3],
    [tx, ty, tz]: [&[(usize, usize, f64)]; 3],
) -> TexImage {
    let [sw, sh, _] = src.size;
    let bytes = match &src.texels {
        Texels::Unorm8(b) => std::borrow::Cow::Borrowed(&b[..]),
        Texels::F32(t) => std::borrow::Cow::Owned(
            t.iter()
                .map(|t| t.map(crate::texture::f32_to_unorm8))
                .collect::<Vec<_>>(),
        ),
    };
    let n: usize = size.iter().product();
    if bytes.len() < src.size.iter().product() {
        return next_level(src, size, Texels::Unorm8(vec![[0; 4]; n]));
    }
    let at = |x: usize, y: usize, z: usize| bytes[(z * sh + y) * sw + x];
    let mut texels: Vec<[u8; 4]> = Vec::with_capacity(n);
    // Every axis kept or halved (power-of-two sizes, the usual chain): all
    // weights are 0 or 1/2, so the filter is the rounded mean of the eight
    // taps (a kept axis counts its one tap twice), in integers: the same
    // value as the weighted sum below.
    let halved = |t: &[(usize, usize, f64)]| {
        t.iter()
            .all(|&(a, b, w)| (w == 0.0 && a == b) || (w == 0.5 && b == a + 1))
    };
    if halved(tx) && halved(ty) && tz == [(0, 0, 0.0)] {
        // One 2D image: the mean of four taps, each counted twice above,
        // `(2 s + 4) >> 3 = (s + 2) >> 2`.
        for &(y0, y1, _) in ty {
            let (r0, r1) = (&bytes[y0 * sw..][..sw], &bytes[y1 * sw..][..sw]);
            texels.extend(tx.iter().map(|&(x0, x1, _)| {
                let (a, b, c, d) = (r0[x0], r0[x1], r1[x0], r1[x1]);
                std::array::from_fn(|k| {
                    let s = u32::from(a[k]) + u32::from(b[k]) + u32::from(c[k]) + u32::from(d[k]);
                    ((s + 2) >> 2) as u8
                })
            }));
        }
        return next_level(src, size, Texels::Unorm8(texels));
    }
    if halved(tx) && halved(ty) && halved(tz) {
        for &(z0, z1, _) in tz {
            for &(y0, y1, _) in ty {
                for &(x0, x1, _) in tx {
                    let taps = [
                        at(x0, y0, z0),
                        at(x1, y0, z0),
                        at(x0, y1, z0),
                        at(x1, y1, z0),
                        at(x0, y0, z1),
                        at(x1, y0, z1),
                        at(x0, y1, z1),
                        at(x1, y1, z1),
                    ];
                    texels.push(std::array::from_fn(|c| {
                        let sum: u32 = taps.iter().map(|t| u32::from(t[c])).sum();
                        ((sum + 4) >> 3) as u8
                    }));
                }
            }
        }
        return next_level(src, size, Texels::Unorm8(texels));
    }
    for &(z0, z1, wz) in tz {
        for &(y0, y1, wy) in ty {
            for &(x0, x1, wx) in tx {
                let row = |y, z, c: usize| {
                    f64::from(at(x0, y, z)[c]) * (1.0 - wx) + f64::from(at(x1, y, z)[c]) * wx
                };
                let plane = |z, c| row(y0, z, c) * (1.0 - wy) + row(y1, z, c) * wy;
                texels.push(std::array::from_fn(|c| {
                    let v = plane(z0, c) * (1.0 - wz) + plane(z1, c) * wz;
                    ((v + 0.5) as usize & 0xff) as u8
                }));
            }
        }
    }
    next_level(src, size, Texels::Unorm8(texels))
}

fn filter_unorm8(get: impl Fn(usize, usize, usize) -> f32, at: [usize; 6], w: [f64; 3]) -> f32 {
    let [x0, x1, y0, y1, z0, z1] = at;
    let [wx, wy, wz] = w;
    let fetch = |x, y, z| (f64::from(get(x, y, z)) * 255.0).round();
    let row = |y, z| fetch(x0, y, z) * (1.0 - wx) + fetch(x1, y, z) * wx;
    let plane = |z| row(y0, z) * (1.0 - wy) + row(y1, z) * wy;
    let v = plane(z0) * (1.0 - wz) + plane(z1) * wz;
    ((v + 0.5).floor() / 255.0) as f32
}

/// Wider channels (llvmpipe's float path; `max` is the channel's largest
/// integer): single-precision lerps `a + w·(b − a)`; the store rounds
/// halves to even (16-bit averages of
/// 23772.5 and 32767.5 become 23772 and 32768).
/// `max`: the largest unorm value to round to, 0 for no rounding.
fn filter_float(
    get: impl Fn(usize, usize, usize) -> f32,
    at: [usize; 6],
    w: [f64; 3],
    max: f32,
) -> f32 {
    let [x0, x1, y0, y1, z0, z1] = at;
    let [wx, wy, wz] = w.map(|v| v as f32);
    let lerp = |a: f32, b: f32, t: f32| a + t * (b - a);
    let row = |y, z| lerp(get(x0, y, z), get(x1, y, z), wx);
    let plane = |z| lerp(row(y0, z), row(y1, z), wy);
    let v = lerp(plane(z0), plane(z1), wz);
    if max == 0.0 {
        return v;
    }
    // to_base quantizes with `round`, halves away from zero: settle the
    // tie here.
    (v * max).round_ties_even() / max
}

impl Texture {
    /// Replaces the levels after the base level, up to `GL_TEXTURE_MAX_LEVEL`
    /// and the 1×1 level, of every face that has a base image, each made
    /// from the level before it. Levels past the chain are kept.
    pub fn generate_mipmaps(&mut self) {
        let Ok(base) = usize::try_from(self.params.levels[0]) else {
            return;
        };
        let mut max = usize::try_from(self.params.levels[1]).unwrap_or(0);
        if let Some(n) = self.immutable_levels {
            max = max.min(n - 1);
        }
        let faces = if self.target == GL_TEXTURE_CUBE_MAP {
            6
        } else {
            1
        };
        for face in 0..faces {
            let mut level = base;
            while level < max {
                let Some(src) = self.images.get(&(face, level)) else {
                    break;
                };
                let size = crate::texture::level_size(self.target, src.size, 1);
                if src.size.contains(&0) || size == src.size {
                    break;
                }
                let next = downsample(src, size);
                level += 1;
                self.images.insert((face, level), next);
            }
        }
        self.touch();
    }
}

impl Context {
    /// `glGenerateMipmap` on the texture bound to `target` of the active
    /// unit. GL 4.6 §8.14.4: INVALID_ENUM for a target other than 1D, 2D,
    /// 3D or cube map (Mesa: rectangle textures and cube faces too);
    /// INVALID_OPERATION when the base level has no image (Mesa) or a cube
    /// map is not cube complete.
    pub fn generate_mipmap(&mut self, target: GLenum) -> ApiResult {
        // Only this texture's images need to be current in the core.
        if let Ok(ti) = crate::texture::target_index(target) {
            let name = self.textures.bound[self.unit()][ti];
            self.fbo_resolve_texture(name);
        }
        self.outside_begin_end()?;
        if !matches!(
            target,
            GL_TEXTURE_1D
                | GL_TEXTURE_2D
                | GL_TEXTURE_3D
                | GL_TEXTURE_CUBE_MAP
                | GL_TEXTURE_1D_ARRAY
                | GL_TEXTURE_2D_ARRAY
                | GL_TEXTURE_CUBE_MAP_ARRAY
        ) {
            return Err(ApiError::InvalidEnum);
        }
        self.flush_vertices();
        self.with_bound_texture(target, |t| {
            let base = usize::try_from(t.params.levels[0]).unwrap_or(0);
            let b0 = t.images.get(&(0, base)).ok_or(ApiError::InvalidOperation)?;
            if b0.size.contains(&0) {
                return Err(ApiError::InvalidOperation);
            }
            // GL 3.0 §3.8.8 (4.6 §8.14.4): integer and depth-stencil
            // images have no mipmaps to generate (Mesa's
            // `_mesa_is_valid_generate_texture_mipmap_internalformat`,
            // which lets stencil-only images through).
            let depth_stencil = matches!(
                b0.internal_format,
                GL_DEPTH_STENCIL | GL_DEPTH24_STENCIL8 | GL_DEPTH32F_STENCIL8
            ) || b0.base == GL_DEPTH_STENCIL;
            if depth_stencil || crate::texture::integer_kind(b0.internal_format).is_some() {
                return Err(ApiError::InvalidOperation);
            }
            if target == GL_TEXTURE_CUBE_MAP {
                let square = b0.size[0] == b0.size[1];
                let same = (1..6).all(|f| {
                    t.images.get(&(f, base)).is_some_and(|i| {
                        i.size == b0.size && i.internal_format == b0.internal_format
                    })
                });
                if !square || !same {
                    return Err(ApiError::InvalidOperation);
                }
            }
            // ARB_texture_cube_map_array: whole cubes of square faces.
            if target == GL_TEXTURE_CUBE_MAP_ARRAY
                && (b0.size[0] != b0.size[1] || b0.size[2] % 6 != 0)
            {
                return Err(ApiError::InvalidOperation);
            }
            t.generate_mipmaps();
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(size: [usize; 3], red: &[u8]) -> TexImage {
        TexImage {
            size,
            internal_format: GL_RGBA8,
            base: GL_RGBA,
            bits: [8; 4],
            texels: Texels::F32(
                red.iter()
                    .map(|&r| [f32::from(r) / 255.0, 0.0, 0.0, 1.0])
                    .collect(),
            ),
            compressed: None,
        }
    }

    fn reds(img: &TexImage) -> Vec<u8> {
        img.texels
            .to_f32()
            .iter()
            .map(|t| (t[0] * 255.0).round() as u8)
            .collect()
    }

    #[test]
    fn even_sizes_average_and_round_halves_up() {
        let src = image([2, 2, 1], &[255, 242, 203, 190]);
        // 890 / 4 = 222.5
        assert_eq!(reds(&downsample(&src, [1, 1, 1])), [223]);
        let src = image([2, 2, 1], &[1, 2, 0, 0]);
        assert_eq!(reds(&downsample(&src, [1, 1, 1])), [1]);
    }

    #[test]
    fn rounding_follows_the_channel_width() {
        // 5 bits: 14, 18, 1, 5 average 78/255 as 8-bit values: 9 steps.
        let mut src = image([2, 2, 1], &[0; 4]);
        src.bits = [5, 5, 5, 0];
        src.base = GL_RGB;
        for (t, k) in src
            .texels
            .f32_mut()
            .iter_mut()
            .zip([14.0f32, 18.0, 1.0, 5.0])
        {
            t[0] = k / 31.0;
        }
        let r = downsample(&src, [1, 1, 1]).texels.get(0).unwrap()[0];
        assert_eq!((r * 31.0).round(), 9.0);
        // 16 bits: 23772.5 rounds to even.
        src.bits = [16; 4];
        src.base = GL_RGBA;
        for (t, k) in src
            .texels
            .f32_mut()
            .iter_mut()
            .zip([0.0f32, 9509.0, 38036.0, 47545.0])
        {
            t[0] = k / 65535.0;
        }
        let r = downsample(&src, [1, 1, 1]).texels.get(0).unwrap()[0];
        assert_eq!((r * 65535.0).round(), 23772.0);
    }

    #[test]
    fn odd_sizes_sample_bilinearly() {
        // 5x3 -> 2x1 (llvmpipe's values: 98, 140).
        let red: Vec<u8> = (0..15).map(|i| i * 17).collect();
        let src = image([5, 3, 1], &red);
        assert_eq!(reds(&downsample(&src, [2, 1, 1])), [98, 140]);
        // 3x3 -> 1x1: the centre texel.
        let src = image([3, 3, 1], &red[..9]);
        assert_eq!(reds(&downsample(&src, [1, 1, 1])), [68]);
    }

    #[test]
    fn chain_respects_max_level() {
        let mut t = Texture::new(GL_TEXTURE_2D);
        t.images.insert((0, 0), image([4, 4, 1], &[10; 16]));
        t.params.levels[1] = 1;
        t.generate_mipmaps();
        assert_eq!(t.images[&(0, 1)].size, [2, 2, 1]);
        assert!(!t.images.contains_key(&(0, 2)));
        t.params.levels[1] = 1000;
        t.generate_mipmaps();
        assert_eq!(t.images[&(0, 2)].size, [1, 1, 1]);
        assert!(!t.images.contains_key(&(0, 3)));
    }

    #[test]
    fn halved_levels_are_the_rounded_mean() {
        // 8x4 -> 4x2, 8x1 -> 4x1 and 4x2x2 (3D) -> 2x1x1: the integer path
        // against the weighted sum rounded half up.
        let red: Vec<u8> = (0..32u32).map(|i| ((i * 97 + 13) % 256) as u8).collect();
        let mean = |taps: &[u8]| {
            let sum: f64 = taps.iter().map(|&v| f64::from(v)).sum();
            (sum / taps.len() as f64 + 0.5).floor() as u8
        };
        let src = image([8, 4, 1], &red);
        let want: Vec<u8> = (0..8)
            .map(|i| {
                let (x, y) = (2 * (i % 4), 2 * (i / 4));
                let at = |x: usize, y: usize| red[y * 8 + x];
                mean(&[at(x, y), at(x + 1, y), at(x, y + 1), at(x + 1, y + 1)])
            })
            .collect();
        assert_eq!(reds(&downsample(&src, [4, 2, 1])), want);
        let src = image([8, 1, 1], &red[..8]);
        let want: Vec<u8> = (0..4).map(|i| mean(&red[2 * i..2 * i + 2])).collect();
        assert_eq!(reds(&downsample(&src, [4, 1, 1])), want);
        let src = image([4, 2, 2], &red[..16]);
        let want: Vec<u8> = (0..2)
            .map(|i| {
                let at = |x: usize, y: usize, z: usize| red[(z * 2 + y) * 4 + x];
                let x = 2 * i;
                let taps: Vec<u8> = (0..8)
                    .map(|k| at(x + (k & 1), k >> 1 & 1, k >> 2))
                    .collect();
                mean(&taps)
            })
            .collect();
        assert_eq!(reds(&downsample(&src, [2, 1, 1])), want);
    }

    #[test]
    fn byte_images_give_byte_levels() {
        // The same levels from byte storage as from f32 storage, kept as
        // bytes: halved 2D, halved 3D and odd sizes.
        let red: Vec<u8> = (0..60u32).map(|i| ((i * 151 + 7) % 256) as u8).collect();
        for (size, next) in [
            ([8, 4, 1], [4, 2, 1]),
            ([4, 3, 5], [2, 1, 2]),
            ([5, 3, 1], [2, 1, 1]),
            ([4, 2, 2], [2, 1, 1]),
        ] {
            let n: usize = size.iter().product();
            let f = image(size, &red[..n]);
            let mut b = f.clone();
            b.pack_unorm8();
            assert!(matches!(b.texels, Texels::Unorm8(_)));
            let (lf, lb) = (downsample(&f, next), downsample(&b, next));
            assert!(matches!(lb.texels, Texels::Unorm8(_)));
            assert_eq!(lf.texels.to_f32(), lb.texels.to_f32(), "{size:?}");
        }
    }
}
