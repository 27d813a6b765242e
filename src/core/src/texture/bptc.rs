//! BPTC texture block decoders: BC7 (`GL_COMPRESSED_RGBA_BPTC_UNORM`, and the
//! sRGB variant, which decodes to the same 8-bit values) and BC6H
//! (`GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT`, `GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT`)
//! of ARB_texture_compression_bptc (core since GL 4.2).
//!
//! Written from the "BPTC Compressed Texture Image Formats" section of the
//! Khronos Data Format Specification (the GL 4.5 text) and the D3D11 BC6H
//! format documentation. Section and table names below are the spec's.
//!
//! A block is 128 bits, read as one little-endian integer: bit `i` of the
//! block is bit `i % 8` of byte `i / 8`. Fields are read upwards from bit 0.
//! The 16 texels of a block are numbered `4 * y + x`, the order the indices
//! are stored in, and the order of the decoders' output.

use oxgl_util::format::half_to_f32;

/// The 128 bits of a block, read as consecutive fields upwards from bit 0.
struct Bits {
    block: u128,
    pos: u32,
}

impl Bits {
    fn new(block: &[u8; 16]) -> Self {
        Self {
            block: u128::from_le_bytes(*block),
            pos: 0,
        }
    }

    /// The next `count` (at most 32) bits, the first of them in bit 0.
    fn read(&mut self, count: u32) -> u32 {
        if count == 0 {
            return 0;
        }
        let value = (self.block >> self.pos) & ((1u128 << count) - 1);
        self.pos += count;
        // At most 32 bits were kept, so this cannot truncate.
        value as u32
    }
}

/// The interpolation factors of 2-, 3- and 4-bit indices (table "BPTC
/// interpolation factors"), in 64ths of the way from endpoint 0 to 1.
const WEIGHTS_2: [u32; 4] = [0, 21, 43, 64];
const WEIGHTS_3: [u32; 8] = [0, 9, 18, 27, 37, 46, 55, 64];
const WEIGHTS_4: [u32; 16] = [0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64];

/// The interpolation factor of `index`, an index of `bits` bits (2, 3 or 4).
fn weight(bits: u32, index: u32) -> u32 {
    let index = index as usize;
    match bits {
        2 => WEIGHTS_2[index],
        3 => WEIGHTS_3[index],
        _ => WEIGHTS_4[index],
    }
}

/// Subset of each texel (`4 * y + x`) for each of the 64 two-subset
/// partitions (table "Partition table for BPTC 2 subset"). BC6H uses the
/// first 32.
const PARTITIONS_2: [[u8; 16]; 64] = [
    [0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1],
    [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1],
    [0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1],
    [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 1, 1, 1],
    [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
    [0, 0, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1],
    [0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 1],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1],
    [0, 0, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1],
    [0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1],
    [0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
    [0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1],
    [0, 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0],
    [0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0],
    [0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0],
    [0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 1],
    [0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0],
    [0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0],
    [0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0],
    [0, 0, 1, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 1, 0, 0],
    [0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 0],
    [0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0],
    [0, 1, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0],
    [0, 0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0],
    [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1],
    [0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1],
    [0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0],
    [0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0],
    [0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0],
    [0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0],
    [0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1],
    [0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 1],
    [0, 1, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 0],
    [0, 0, 0, 1, 0, 0, 1, 1, 1, 1, 0, 0, 1, 0, 0, 0],
    [0, 0, 1, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 0, 0],
    [0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 1, 0, 0],
    [0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0],
    [0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1],
    [0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1],
    [0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0],
    [0, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0],
    [0, 0, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0],
    [0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0, 0],
    [0, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 1],
    [0, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1],
    [0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0],
    [0, 0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 0],
    [0, 1, 1, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 1],
    [0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1],
    [0, 1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1],
    [0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 1, 1],
    [0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1],
    [0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0],
    [0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0],
    [0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1],
];

/// Subset of each texel (`4 * y + x`) for each of the 64 three-subset
/// partitions (table "Partition table for BPTC 3 subset").
const PARTITIONS_3: [[u8; 16]; 64] = [
    [0, 0, 1, 1, 0, 0, 1, 1, 0, 2, 2, 1, 2, 2, 2, 2],
    [0, 0, 0, 1, 0, 0, 1, 1, 2, 2, 1, 1, 2, 2, 2, 1],
    [0, 0, 0, 0, 2, 0, 0, 1, 2, 2, 1, 1, 2, 2, 1, 1],
    [0, 2, 2, 2, 0, 0, 2, 2, 0, 0, 1, 1, 0, 1, 1, 1],
    [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 1, 1, 2, 2],
    [0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 2, 2, 0, 0, 2, 2],
    [0, 0, 2, 2, 0, 0, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1],
    [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 1, 1, 2, 2, 1, 1],
    [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2],
    [0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2],
    [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2],
    [0, 0, 1, 2, 0, 0, 1, 2, 0, 0, 1, 2, 0, 0, 1, 2],
    [0, 1, 1, 2, 0, 1, 1, 2, 0, 1, 1, 2, 0, 1, 1, 2],
    [0, 1, 2, 2, 0, 1, 2, 2, 0, 1, 2, 2, 0, 1, 2, 2],
    [0, 0, 1, 1, 0, 1, 1, 2, 1, 1, 2, 2, 1, 2, 2, 2],
    [0, 0, 1, 1, 2, 0, 0, 1, 2, 2, 0, 0, 2, 2, 2, 0],
    [0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 2, 1, 1, 2, 2],
    [0, 1, 1, 1, 0, 0, 1, 1, 2, 0, 0, 1, 2, 2, 0, 0],
    [0, 0, 0, 0, 1, 1, 2, 2, 1, 1, 2, 2, 1, 1, 2, 2],
    [0, 0, 2, 2, 0, 0, 2, 2, 0, 0, 2, 2, 1, 1, 1, 1],
    [0, 1, 1, 1, 0, 1, 1, 1, 0, 2, 2, 2, 0, 2, 2, 2],
    [0, 0, 0, 1, 0, 0, 0, 1, 2, 2, 2, 1, 2, 2, 2, 1],
    [0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 2, 2, 0, 1, 2, 2],
    [0, 0, 0, 0, 1, 1, 0, 0, 2, 2, 1, 0, 2, 2, 1, 0],
    [0, 1, 2, 2, 0, 1, 2, 2, 0, 0, 1, 1, 0, 0, 0, 0],
    [0, 0, 1, 2, 0, 0, 1, 2, 1, 1, 2, 2, 2, 2, 2, 2],
    [0, 1, 1, 0, 1, 2, 2, 1, 1, 2, 2, 1, 0, 1, 1, 0],
    [0, 0, 0, 0, 0, 1, 1, 0, 1, 2, 2, 1, 1, 2, 2, 1],
    [0, 0, 2, 2, 1, 1, 0, 2, 1, 1, 0, 2, 0, 0, 2, 2],
    [0, 1, 1, 0, 0, 1, 1, 0, 2, 0, 0, 2, 2, 2, 2, 2],
    [0, 0, 1, 1, 0, 1, 2, 2, 0, 1, 2, 2, 0, 0, 1, 1],
    [0, 0, 0, 0, 2, 0, 0, 0, 2, 2, 1, 1, 2, 2, 2, 1],
    [0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 2, 2, 1, 2, 2, 2],
    [0, 2, 2, 2, 0, 0, 2, 2, 0, 0, 1, 2, 0, 0, 1, 1],
    [0, 0, 1, 1, 0, 0, 1, 2, 0, 0, 2, 2, 0, 2, 2, 2],
    [0, 1, 2, 0, 0, 1, 2, 0, 0, 1, 2, 0, 0, 1, 2, 0],
    [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 0],
    [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0],
    [0, 1, 2, 0, 2, 0, 1, 2, 1, 2, 0, 1, 0, 1, 2, 0],
    [0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2, 0, 0, 1, 1],
    [0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 0, 1, 1],
    [0, 1, 0, 1, 0, 1, 0, 1, 2, 2, 2, 2, 2, 2, 2, 2],
    [0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 2, 1, 2, 1, 2, 1],
    [0, 0, 2, 2, 1, 1, 2, 2, 0, 0, 2, 2, 1, 1, 2, 2],
    [0, 0, 2, 2, 0, 0, 1, 1, 0, 0, 2, 2, 0, 0, 1, 1],
    [0, 2, 2, 0, 1, 2, 2, 1, 0, 2, 2, 0, 1, 2, 2, 1],
    [0, 1, 0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 0, 1, 0, 1],
    [0, 0, 0, 0, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1],
    [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 2, 2, 2, 2],
    [0, 2, 2, 2, 0, 1, 1, 1, 0, 2, 2, 2, 0, 1, 1, 1],
    [0, 0, 0, 2, 1, 1, 1, 2, 0, 0, 0, 2, 1, 1, 1, 2],
    [0, 0, 0, 0, 2, 1, 1, 2, 2, 1, 1, 2, 2, 1, 1, 2],
    [0, 2, 2, 2, 0, 1, 1, 1, 0, 1, 1, 1, 0, 2, 2, 2],
    [0, 0, 0, 2, 1, 1, 1, 2, 1, 1, 1, 2, 0, 0, 0, 2],
    [0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 2, 2, 2, 2],
    [0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 2, 2, 1, 1, 2],
    [0, 1, 1, 0, 0, 1, 1, 0, 2, 2, 2, 2, 2, 2, 2, 2],
    [0, 0, 2, 2, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 2, 2],
    [0, 0, 2, 2, 1, 1, 2, 2, 1, 1, 2, 2, 0, 0, 2, 2],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 2],
    [0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1],
    [0, 2, 2, 2, 1, 2, 2, 2, 0, 2, 2, 2, 1, 2, 2, 2],
    [0, 1, 0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
    [0, 1, 1, 1, 2, 0, 1, 1, 2, 2, 0, 1, 2, 2, 2, 0],
];

/// Anchor texel of the second subset of each two-subset partition (table
/// "BPTC anchor index values for the second subset of two-subset
/// partitioning"). The first subset's anchor is always texel 0.
const ANCHORS_2: [u8; 64] = [
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 2, 8, 2, 2, 8, 8, 15, 2, 8,
    2, 2, 8, 8, 2, 2, 15, 15, 6, 8, 2, 8, 15, 15, 2, 8, 2, 2, 2, 15, 15, 6, 6, 2, 6, 8, 15, 15, 2,
    2, 15, 15, 15, 15, 15, 2, 2, 15,
];

/// Anchor texel of the second subset of each three-subset partition (table
/// "BPTC anchor index values for the second subset of three-subset
/// partitioning").
const ANCHORS_3_SECOND: [u8; 64] = [
    3, 3, 15, 15, 8, 3, 15, 15, 8, 8, 6, 6, 6, 5, 3, 3, 3, 3, 8, 15, 3, 3, 6, 10, 5, 8, 8, 6, 8, 5,
    15, 15, 8, 15, 3, 5, 6, 10, 8, 15, 15, 3, 15, 5, 15, 15, 15, 15, 3, 15, 5, 5, 5, 8, 5, 10, 5,
    10, 8, 13, 15, 12, 3, 3,
];

/// Anchor texel of the third subset of each three-subset partition (table
/// "BPTC anchor index values for the third subset of three-subset
/// partitioning").
const ANCHORS_3_THIRD: [u8; 64] = [
    15, 8, 8, 3, 15, 15, 3, 8, 15, 15, 15, 15, 15, 15, 15, 8, 15, 8, 15, 3, 15, 8, 15, 8, 3, 15, 6,
    10, 15, 15, 10, 8, 15, 3, 15, 10, 10, 8, 9, 10, 6, 15, 8, 15, 3, 6, 6, 8, 15, 3, 15, 15, 15,
    15, 15, 15, 15, 15, 15, 15, 3, 15, 15, 8,
];

/// The subset of `texel` in a block of `subsets` subsets with partition
/// number `partition`.
fn subset_of(subsets: usize, partition: usize, texel: usize) -> usize {
    match subsets {
        2 => usize::from(PARTITIONS_2[partition][texel]),
        3 => usize::from(PARTITIONS_3[partition][texel]),
        _ => 0,
    }
}

/// Whether `texel` is the anchor of its subset, whose index is stored with
/// one bit less (its highest bit is implicitly zero).
fn is_anchor(subsets: usize, partition: usize, texel: usize) -> bool {
    texel == 0
        || match subsets {
            2 => usize::from(ANCHORS_2[partition]) == texel,
            3 => {
                usize::from(ANCHORS_3_SECOND[partition]) == texel
                    || usize::from(ANCHORS_3_THIRD[partition]) == texel
            }
            _ => false,
        }
}

/// The parameters of one BC7 mode (table "Mode-dependent BPTC parameters").
struct Bc7Mode {
    /// NS: subsets.
    subsets: usize,
    /// PB: partition bits.
    partition_bits: u32,
    /// RB: rotation bits.
    rotation_bits: u32,
    /// ISB: index selection bits.
    index_selection_bits: u32,
    /// CB: bits of each stored colour component.
    color_bits: u32,
    /// AB: bits of each stored alpha component; 0 when alpha is always 1.
    alpha_bits: u32,
    /// EPB: a P-bit for each endpoint.
    endpoint_pbits: bool,
    /// SPB: a P-bit for each subset, shared by its two endpoints.
    shared_pbits: bool,
    /// IB: bits of each primary index.
    index_bits: u32,
    /// IB2: bits of each secondary index; 0 when there are none.
    secondary_index_bits: u32,
}

/// A row of the mode table: NS, PB, RB, ISB, CB, AB, EPB, SPB, IB, IB2.
const fn bc7_mode(row: [u32; 10]) -> Bc7Mode {
    let [ns, pb, rb, isb, cb, ab, epb, spb, ib, ib2] = row;
    Bc7Mode {
        subsets: ns as usize,
        partition_bits: pb,
        rotation_bits: rb,
        index_selection_bits: isb,
        color_bits: cb,
        alpha_bits: ab,
        endpoint_pbits: epb != 0,
        shared_pbits: spb != 0,
        index_bits: ib,
        secondary_index_bits: ib2,
    }
}

/// The eight BC7 modes. Columns: NS, PB, RB, ISB, CB, AB, EPB, SPB, IB, IB2.
const BC7_MODES: [Bc7Mode; 8] = [
    bc7_mode([3, 4, 0, 0, 4, 0, 1, 0, 3, 0]),
    bc7_mode([2, 6, 0, 0, 6, 0, 0, 1, 3, 0]),
    bc7_mode([3, 6, 0, 0, 5, 0, 0, 0, 2, 0]),
    bc7_mode([2, 6, 0, 0, 7, 0, 1, 0, 2, 0]),
    bc7_mode([1, 0, 2, 1, 5, 6, 0, 0, 2, 3]),
    bc7_mode([1, 0, 2, 0, 7, 8, 0, 0, 2, 2]),
    bc7_mode([1, 0, 0, 0, 7, 7, 1, 0, 4, 0]),
    bc7_mode([2, 6, 0, 0, 5, 5, 1, 0, 2, 0]),
];

/// Widens a `bits`-bit endpoint component (5 to 8 bits) to 8 bits: the value
/// becomes the high bits and its own top bits are replicated into the rest.
fn expand_to_8(value: u32, bits: u32) -> u32 {
    (value << (8 - bits)) | (value >> (2 * bits - 8))
}

/// Interpolates between two endpoint components with a 6-bit factor.
fn interpolate_unorm(e0: u32, e1: u32, weight: u32) -> u32 {
    ((64 - weight) * e0 + weight * e1 + 32) >> 6
}

/// Decodes one 16-byte BC7 block (GL_COMPRESSED_RGBA_BPTC_UNORM) into 4x4
/// RGBA8 texels, row-major from the block's first (top in memory order) row:
/// texel (x, y) at index 4 * y + x.
///
/// A block whose first byte is 0 (no mode bit) uses the reserved encoding
/// and decodes to (0, 0, 0, 0) everywhere.
pub fn decode_bc7(block: &[u8; 16]) -> [[u8; 4]; 16] {
    // The mode is the number of zero bits below the lowest one bit.
    let mode_number = block[0].trailing_zeros();
    let Some(mode) = BC7_MODES.get(mode_number as usize) else {
        return [[0; 4]; 16];
    };
    let mut bits = Bits::new(block);
    bits.read(mode_number + 1);
    let partition = bits.read(mode.partition_bits) as usize;
    let rotation = bits.read(mode.rotation_bits);
    let index_selection = bits.read(mode.index_selection_bits);

    // endpoints[2 * subset + end] = [r, g, b, a]; stored colour first by
    // component, then subset, then endpoint; then alpha the same way.
    let endpoint_count = 2 * mode.subsets;
    let mut endpoints = [[0u32; 4]; 6];
    for component in 0..3 {
        for endpoint in &mut endpoints[..endpoint_count] {
            endpoint[component] = bits.read(mode.color_bits);
        }
    }
    for endpoint in &mut endpoints[..endpoint_count] {
        endpoint[3] = bits.read(mode.alpha_bits);
    }

    // P-bits go below the stored bits of every component of their endpoint.
    let mut color_bits = mode.color_bits;
    let mut alpha_bits = mode.alpha_bits;
    if mode.endpoint_pbits || mode.shared_pbits {
        let mut pbits = [0u32; 6];
        if mode.endpoint_pbits {
            for pbit in &mut pbits[..endpoint_count] {
                *pbit = bits.read(1);
            }
        } else {
            for pair in pbits.chunks_exact_mut(2).take(mode.subsets) {
                pair.fill(bits.read(1));
            }
        }
        for (endpoint, pbit) in endpoints.iter_mut().zip(pbits) {
            for component in endpoint.iter_mut() {
                *component = (*component << 1) | pbit;
            }
        }
        color_bits += 1;
        if alpha_bits > 0 {
            alpha_bits += 1;
        }
    }
    for endpoint in &mut endpoints[..endpoint_count] {
        for component in &mut endpoint[..3] {
            *component = expand_to_8(*component, color_bits);
        }
        endpoint[3] = if alpha_bits == 0 {
            255
        } else {
            expand_to_8(endpoint[3], alpha_bits)
        };
    }

    // Indices, in texel order; each subset's anchor has one bit less.
    let mut primary = [0u32; 16];
    for (texel, index) in primary.iter_mut().enumerate() {
        let anchor = is_anchor(mode.subsets, partition, texel);
        *index = bits.read(mode.index_bits - u32::from(anchor));
    }
    let mut secondary = [0u32; 16];
    if mode.secondary_index_bits > 0 {
        for (texel, index) in secondary.iter_mut().enumerate() {
            let anchor = is_anchor(mode.subsets, partition, texel);
            *index = bits.read(mode.secondary_index_bits - u32::from(anchor));
        }
    }

    // Colour uses the secondary indices when the index selection bit is
    // set; alpha uses them when they exist and that bit is clear.
    let primary_set = (&primary, mode.index_bits);
    let secondary_set = (&secondary, mode.secondary_index_bits);
    let ((color_index, color_index_bits), (alpha_index, alpha_index_bits)) =
        if mode.secondary_index_bits == 0 {
            (primary_set, primary_set)
        } else if index_selection == 0 {
            (primary_set, secondary_set)
        } else {
            (secondary_set, primary_set)
        };

    let mut texels = [[0u8; 4]; 16];
    for (texel, out) in texels.iter_mut().enumerate() {
        let subset = subset_of(mode.subsets, partition, texel);
        let e0 = endpoints[2 * subset];
        let e1 = endpoints[2 * subset + 1];
        let color_weight = weight(color_index_bits, color_index[texel]);
        let alpha_weight = weight(alpha_index_bits, alpha_index[texel]);
        let mut rgba = [0u8; 4];
        for (component, value) in rgba.iter_mut().enumerate() {
            let w = if component == 3 {
                alpha_weight
            } else {
                color_weight
            };
            // At most 255: a weighted mean of two 8-bit values.
            *value = interpolate_unorm(e0[component], e1[component], w) as u8;
        }
        // Table "BPTC Rotation bits": swap alpha with a colour component.
        match rotation {
            1 => rgba.swap(0, 3),
            2 => rgba.swap(1, 3),
            3 => rgba.swap(2, 3),
            _ => {}
        }
        *out = rgba;
    }
    texels
}

/// A variable of the BC6H block format strings: endpoint `e` (0 to 3) and
/// component `c` (0 = red, 1 = green, 2 = blue) of the name `rgb`+`e`.
#[derive(Clone, Copy)]
struct Var {
    endpoint: u8,
    component: u8,
}

const R0: Var = Var {
    endpoint: 0,
    component: 0,
};
const G0: Var = Var {
    endpoint: 0,
    component: 1,
};
const B0: Var = Var {
    endpoint: 0,
    component: 2,
};
const R1: Var = Var {
    endpoint: 1,
    component: 0,
};
const G1: Var = Var {
    endpoint: 1,
    component: 1,
};
const B1: Var = Var {
    endpoint: 1,
    component: 2,
};
const R2: Var = Var {
    endpoint: 2,
    component: 0,
};
const G2: Var = Var {
    endpoint: 2,
    component: 1,
};
const B2: Var = Var {
    endpoint: 2,
    component: 2,
};
const R3: Var = Var {
    endpoint: 3,
    component: 0,
};
const G3: Var = Var {
    endpoint: 3,
    component: 1,
};
const B3: Var = Var {
    endpoint: 3,
    component: 2,
};

/// One element `v[a:b]` of a BC6H block format string: `|a - b| + 1`
/// consecutive block bits, the first going to bit `b` of `v` and the next
/// ones towards bit `a` (so `a < b` stores the bits reversed); `v[a]` is
/// `v[a:a]`.
#[derive(Clone, Copy)]
struct Field {
    var: Var,
    a: u8,
    b: u8,
}

const fn f(var: Var, a: u8, b: u8) -> Field {
    Field { var, a, b }
}

/// The parameters of one BC6H mode (table "Endpoint and partition
/// parameters for BPTC block modes") and its block format (table "Block
/// formats for BC6H block modes").
struct Bc6hMode {
    /// The mode number: the low 2 bits of the block, or the low 5 bits
    /// when the low 2 bits are 2 or 3.
    number: u32,
    /// Whether the endpoints other than e0 are stored as deltas from e0.
    transformed: bool,
    /// Whether the block has two subsets (5 partition bits) or one.
    two_subsets: bool,
    /// EPB: bits of e0 (and of every endpoint after the transform).
    endpoint_bits: u32,
    /// Stored bits of the other endpoints' red, green and blue.
    delta_bits: [u32; 3],
    /// The block format after the mode bits.
    fields: &'static [Field],
}

/// The 14 BC6H modes. The spec's format strings for modes 0 and 2 lack
/// `b3[3]`, which the D3D11 format (and the bit count: 82 header bits for
/// two subsets) puts last, after `r3[4:0]`.
#[rustfmt::skip]
const BC6H_MODES: [Bc6hMode; 14] = [
    Bc6hMode {
        number: 0x00, transformed: true, two_subsets: true,
        endpoint_bits: 10, delta_bits: [5, 5, 5],
        // m[1:0], g2[4], b2[4], b3[4], r0[9:0], g0[9:0], b0[9:0], r1[4:0], g3[4], g2[3:0],
        // g1[4:0], b3[0], g3[3:0], b1[4:0], b3[1], b2[3:0], r2[4:0], b3[2], r3[4:0], b3[3]
        // (b3[3], last, is missing from the spec table; see above.)
        fields: &[
            f(G2, 4, 4), f(B2, 4, 4), f(B3, 4, 4), f(R0, 9, 0), f(G0, 9, 0), f(B0, 9, 0),
            f(R1, 4, 0), f(G3, 4, 4), f(G2, 3, 0), f(G1, 4, 0), f(B3, 0, 0), f(G3, 3, 0),
            f(B1, 4, 0), f(B3, 1, 1), f(B2, 3, 0), f(R2, 4, 0), f(B3, 2, 2), f(R3, 4, 0),
            f(B3, 3, 3),
        ],
    },
    Bc6hMode {
        number: 0x01, transformed: true, two_subsets: true,
        endpoint_bits: 7, delta_bits: [6, 6, 6],
        // m[1:0], g2[5], g3[4], g3[5], r0[6:0], b3[0], b3[1], b2[4], g0[6:0], b2[5], b3[2],
        // g2[4], b0[6:0], b3[3], b3[5], b3[4], r1[5:0], g2[3:0], g1[5:0], g3[3:0], b1[5:0],
        // b2[3:0], r2[5:0], r3[5:0]
        fields: &[
            f(G2, 5, 5), f(G3, 4, 4), f(G3, 5, 5), f(R0, 6, 0), f(B3, 0, 0), f(B3, 1, 1),
            f(B2, 4, 4), f(G0, 6, 0), f(B2, 5, 5), f(B3, 2, 2), f(G2, 4, 4), f(B0, 6, 0),
            f(B3, 3, 3), f(B3, 5, 5), f(B3, 4, 4), f(R1, 5, 0), f(G2, 3, 0), f(G1, 5, 0),
            f(G3, 3, 0), f(B1, 5, 0), f(B2, 3, 0), f(R2, 5, 0), f(R3, 5, 0),
        ],
    },
    Bc6hMode {
        number: 0x02, transformed: true, two_subsets: true,
        endpoint_bits: 11, delta_bits: [5, 4, 4],
        // m[4:0], r0[9:0], g0[9:0], b0[9:0], r1[4:0], r0[10], g2[3:0], g1[3:0], g0[10], b3[0],
        // g3[3:0], b1[3:0], b0[10], b3[1], b2[3:0], r2[4:0], b3[2], r3[4:0], b3[3]
        // (b3[3], last, is missing from the spec table; see above.)
        fields: &[
            f(R0, 9, 0), f(G0, 9, 0), f(B0, 9, 0), f(R1, 4, 0), f(R0, 10, 10), f(G2, 3, 0),
            f(G1, 3, 0), f(G0, 10, 10), f(B3, 0, 0), f(G3, 3, 0), f(B1, 3, 0), f(B0, 10, 10),
            f(B3, 1, 1), f(B2, 3, 0), f(R2, 4, 0), f(B3, 2, 2), f(R3, 4, 0), f(B3, 3, 3),
        ],
    },
    Bc6hMode {
        number: 0x06, transformed: true, two_subsets: true,
        endpoint_bits: 11, delta_bits: [4, 5, 4],
        // m[4:0], r0[9:0], g0[9:0], b0[9:0], r1[3:0], r0[10], g3[4], g2[3:0], g1[4:0], g0[10],
        // g3[3:0], b1[3:0], b0[10], b3[1], b2[3:0], r2[3:0], b3[0], b3[2], r3[3:0], g2[4], b3[3]
        fields: &[
            f(R0, 9, 0), f(G0, 9, 0), f(B0, 9, 0), f(R1, 3, 0), f(R0, 10, 10), f(G3, 4, 4),
            f(G2, 3, 0), f(G1, 4, 0), f(G0, 10, 10), f(G3, 3, 0), f(B1, 3, 0), f(B0, 10, 10),
            f(B3, 1, 1), f(B2, 3, 0), f(R2, 3, 0), f(B3, 0, 0), f(B3, 2, 2), f(R3, 3, 0),
            f(G2, 4, 4), f(B3, 3, 3),
        ],
    },
    Bc6hMode {
        number: 0x0A, transformed: true, two_subsets: true,
        endpoint_bits: 11, delta_bits: [4, 4, 5],
        // m[4:0], r0[9:0], g0[9:0], b0[9:0], r1[3:0], r0[10], b2[4], g2[3:0], g1[3:0], g0[10],
        // b3[0], g3[3:0], b1[4:0], b0[10], b2[3:0], r2[3:0], b3[1], b3[2], r3[3:0], b3[4], b3[3]
        fields: &[
            f(R0, 9, 0), f(G0, 9, 0), f(B0, 9, 0), f(R1, 3, 0), f(R0, 10, 10), f(B2, 4, 4),
            f(G2, 3, 0), f(G1, 3, 0), f(G0, 10, 10), f(B3, 0, 0), f(G3, 3, 0), f(B1, 4, 0),
            f(B0, 10, 10), f(B2, 3, 0), f(R2, 3, 0), f(B3, 1, 1), f(B3, 2, 2), f(R3, 3, 0),
            f(B3, 4, 4), f(B3, 3, 3),
        ],
    },
    Bc6hMode {
        number: 0x0E, transformed: true, two_subsets: true,
        endpoint_bits: 9, delta_bits: [5, 5, 5],
        // m[4:0], r0[8:0], b2[4], g0[8:0], g2[4], b0[8:0], b3[4], r1[4:0], g3[4], g2[3:0],
        // g1[4:0], b3[0], g3[3:0], b1[4:0], b3[1], b2[3:0], r2[4:0], b3[2], r3[4:0], b3[3]
        fields: &[
            f(R0, 8, 0), f(B2, 4, 4), f(G0, 8, 0), f(G2, 4, 4), f(B0, 8, 0), f(B3, 4, 4),
            f(R1, 4, 0), f(G3, 4, 4), f(G2, 3, 0), f(G1, 4, 0), f(B3, 0, 0), f(G3, 3, 0),
            f(B1, 4, 0), f(B3, 1, 1), f(B2, 3, 0), f(R2, 4, 0), f(B3, 2, 2), f(R3, 4, 0),
            f(B3, 3, 3),
        ],
    },
    Bc6hMode {
        number: 0x12, transformed: true, two_subsets: true,
        endpoint_bits: 8, delta_bits: [6, 5, 5],
        // m[4:0], r0[7:0], g3[4], b2[4], g0[7:0], b3[2], g2[4], b0[7:0], b3[3], b3[4], r1[5:0],
        // g2[3:0], g1[4:0], b3[0], g3[3:0], b1[4:0], b3[1], b2[3:0], r2[5:0], r3[5:0]
        fields: &[
            f(R0, 7, 0), f(G3, 4, 4), f(B2, 4, 4), f(G0, 7, 0), f(B3, 2, 2), f(G2, 4, 4),
            f(B0, 7, 0), f(B3, 3, 3), f(B3, 4, 4), f(R1, 5, 0), f(G2, 3, 0), f(G1, 4, 0),
            f(B3, 0, 0), f(G3, 3, 0), f(B1, 4, 0), f(B3, 1, 1), f(B2, 3, 0), f(R2, 5, 0),
            f(R3, 5, 0),
        ],
    },
    Bc6hMode {
        number: 0x16, transformed: true, two_subsets: true,
        endpoint_bits: 8, delta_bits: [5, 6, 5],
        // m[4:0], r0[7:0], b3[0], b2[4], g0[7:0], g2[5], g2[4], b0[7:0], g3[5], b3[4], r1[4:0],
        // g3[4], g2[3:0], g1[5:0], g3[3:0], b1[4:0], b3[1], b2[3:0], r2[4:0], b3[2], r3[4:0],
        // b3[3]
        fields: &[
            f(R0, 7, 0), f(B3, 0, 0), f(B2, 4, 4), f(G0, 7, 0), f(G2, 5, 5), f(G2, 4, 4),
            f(B0, 7, 0), f(G3, 5, 5), f(B3, 4, 4), f(R1, 4, 0), f(G3, 4, 4), f(G2, 3, 0),
            f(G1, 5, 0), f(G3, 3, 0), f(B1, 4, 0), f(B3, 1, 1), f(B2, 3, 0), f(R2, 4, 0),
            f(B3, 2, 2), f(R3, 4, 0), f(B3, 3, 3),
        ],
    },
    Bc6hMode {
        number: 0x1A, transformed: true, two_subsets: true,
        endpoint_bits: 8, delta_bits: [5, 5, 6],
        // m[4:0], r0[7:0], b3[1], b2[4], g0[7:0], b2[5], g2[4], b0[7:0], b3[5], b3[4], r1[4:0],
        // g3[4], g2[3:0], g1[4:0], b3[0], g3[3:0], b1[5:0], b2[3:0], r2[4:0], b3[2], r3[4:0],
        // b3[3]
        fields: &[
            f(R0, 7, 0), f(B3, 1, 1), f(B2, 4, 4), f(G0, 7, 0), f(B2, 5, 5), f(G2, 4, 4),
            f(B0, 7, 0), f(B3, 5, 5), f(B3, 4, 4), f(R1, 4, 0), f(G3, 4, 4), f(G2, 3, 0),
            f(G1, 4, 0), f(B3, 0, 0), f(G3, 3, 0), f(B1, 5, 0), f(B2, 3, 0), f(R2, 4, 0),
            f(B3, 2, 2), f(R3, 4, 0), f(B3, 3, 3),
        ],
    },
    Bc6hMode {
        number: 0x1E, transformed: false, two_subsets: true,
        endpoint_bits: 6, delta_bits: [6, 6, 6],
        // m[4:0], r0[5:0], g3[4], b3[0], b3[1], b2[4], g0[5:0], g2[5], b2[5], b3[2], g2[4],
        // b0[5:0], g3[5], b3[3], b3[5], b3[4], r1[5:0], g2[3:0], g1[5:0], g3[3:0], b1[5:0],
        // b2[3:0], r2[5:0], r3[5:0]
        fields: &[
            f(R0, 5, 0), f(G3, 4, 4), f(B3, 0, 0), f(B3, 1, 1), f(B2, 4, 4), f(G0, 5, 0),
            f(G2, 5, 5), f(B2, 5, 5), f(B3, 2, 2), f(G2, 4, 4), f(B0, 5, 0), f(G3, 5, 5),
            f(B3, 3, 3), f(B3, 5, 5), f(B3, 4, 4), f(R1, 5, 0), f(G2, 3, 0), f(G1, 5, 0),
            f(G3, 3, 0), f(B1, 5, 0), f(B2, 3, 0), f(R2, 5, 0), f(R3, 5, 0),
        ],
    },
    Bc6hMode {
        number: 0x03, transformed: false, two_subsets: false,
        endpoint_bits: 10, delta_bits: [10, 10, 10],
        // m[4:0], r0[9:0], g0[9:0], b0[9:0], r1[9:0], g1[9:0], b1[9:0]
        fields: &[
            f(R0, 9, 0), f(G0, 9, 0), f(B0, 9, 0), f(R1, 9, 0), f(G1, 9, 0), f(B1, 9, 0),
        ],
    },
    Bc6hMode {
        number: 0x07, transformed: true, two_subsets: false,
        endpoint_bits: 11, delta_bits: [9, 9, 9],
        // m[4:0], r0[9:0], g0[9:0], b0[9:0], r1[8:0], r0[10], g1[8:0], g0[10], b1[8:0], b0[10]
        fields: &[
            f(R0, 9, 0), f(G0, 9, 0), f(B0, 9, 0), f(R1, 8, 0), f(R0, 10, 10), f(G1, 8, 0),
            f(G0, 10, 10), f(B1, 8, 0), f(B0, 10, 10),
        ],
    },
    Bc6hMode {
        number: 0x0B, transformed: true, two_subsets: false,
        endpoint_bits: 12, delta_bits: [8, 8, 8],
        // m[4:0], r0[9:0], g0[9:0], b0[9:0], r1[7:0], r0[10:11], g1[7:0], g0[10:11], b1[7:0],
        // b0[10:11]
        fields: &[
            f(R0, 9, 0), f(G0, 9, 0), f(B0, 9, 0), f(R1, 7, 0), f(R0, 10, 11), f(G1, 7, 0),
            f(G0, 10, 11), f(B1, 7, 0), f(B0, 10, 11),
        ],
    },
    Bc6hMode {
        number: 0x0F, transformed: true, two_subsets: false,
        endpoint_bits: 16, delta_bits: [4, 4, 4],
        // m[4:0], r0[9:0], g0[9:0], b0[9:0], r1[3:0], r0[10:15], g1[3:0], g0[10:15], b1[3:0],
        // b0[10:15]
        fields: &[
            f(R0, 9, 0), f(G0, 9, 0), f(B0, 9, 0), f(R1, 3, 0), f(R0, 10, 15), f(G1, 3, 0),
            f(G0, 10, 15), f(B1, 3, 0), f(B0, 10, 15),
        ],
    },
];

/// `value`, a two's complement number of `bits` bits (1 to 32), as an i32.
fn sign_extend(value: u32, bits: u32) -> i32 {
    let shift = 32 - bits;
    // Reinterpreting the shifted bits as signed is the point.
    ((value << shift) as i32) >> shift
}

/// The first unquantization step of a BC6H endpoint component `x` of
/// `bits` bits, to the 17-bit signed range of the interpolation.
fn unquantize(x: i32, bits: u32, signed: bool) -> i32 {
    if !signed {
        if bits >= 15 {
            x
        } else if x == 0 {
            0
        } else if x == (1 << bits) - 1 {
            0xFFFF
        } else {
            ((x << 15) + 0x4000) >> (bits - 1)
        }
    } else if bits >= 16 {
        x
    } else {
        let magnitude = x.abs();
        let unq = if magnitude == 0 {
            0
        } else if magnitude >= (1 << (bits - 1)) - 1 {
            0x7FFF
        } else {
            ((magnitude << 15) + 0x4000) >> (bits - 1)
        };
        if x < 0 { -unq } else { unq }
    }
}

/// The final unquantization of an interpolated BC6H value: scaled by
/// 31/64 (unsigned) or its magnitude by 31/32 with the sign bit ORed in
/// (signed), giving the bits of a half float.
fn finish_unquantize(x: i32, signed: bool) -> u16 {
    let bits = if !signed {
        (x * 31) >> 6
    } else if x < 0 {
        0x8000 | (((-x) * 31) >> 5)
    } else {
        (x * 31) >> 5
    };
    // In range: |x| <= 0xFFFF (unsigned) or 0x8000 (signed).
    bits as u16
}

/// Decodes one BC6H block into half float bits; reserved modes give zeros.
fn decode_bc6h_half(block: &[u8; 16], signed: bool) -> [[u16; 3]; 16] {
    let mut bits = Bits::new(block);
    let mut number = bits.read(2);
    if number >= 2 {
        number |= bits.read(3) << 2;
    }
    let Some(mode) = BC6H_MODES.iter().find(|mode| mode.number == number) else {
        return [[0; 3]; 16];
    };

    // The stored endpoint bits, as the block format string places them.
    let mut stored = [[0u32; 3]; 4];
    for field in mode.fields {
        let (a, b) = (u32::from(field.a), u32::from(field.b));
        let target = &mut stored[usize::from(field.var.endpoint)][usize::from(field.var.component)];
        for step in 0..=a.abs_diff(b) {
            let bit = if a >= b { b + step } else { b - step };
            *target |= bits.read(1) << bit;
        }
    }
    let partition = if mode.two_subsets {
        bits.read(5) as usize
    } else {
        0
    };

    // Sign extension and the inverse transform: e0 is signed only in the
    // signed format; the others also when they are deltas, which are added
    // to e0 and wrapped to the endpoint bits.
    let endpoint_count = if mode.two_subsets { 4 } else { 2 };
    let epb = mode.endpoint_bits;
    let mut endpoints = [[0i32; 3]; 4];
    for component in 0..3 {
        let e0 = if signed {
            sign_extend(stored[0][component], epb)
        } else {
            // At most 16 bits.
            stored[0][component] as i32
        };
        endpoints[0][component] = unquantize(e0, epb, signed);
        for endpoint in 1..endpoint_count {
            let raw = stored[endpoint][component];
            let mut value = if signed || mode.transformed {
                sign_extend(raw, mode.delta_bits[component])
            } else {
                // At most 16 bits.
                raw as i32
            };
            if mode.transformed {
                value = (e0 + value) & ((1 << epb) - 1);
                if signed {
                    // Nonnegative and below 2^epb after the mask.
                    value = sign_extend(value as u32, epb);
                }
            }
            endpoints[endpoint][component] = unquantize(value, epb, signed);
        }
    }

    // Indices: 3 bits with two subsets, 4 with one; anchors one bit less.
    let subsets = if mode.two_subsets { 2 } else { 1 };
    let index_bits = if mode.two_subsets { 3 } else { 4 };
    let mut texels = [[0u16; 3]; 16];
    for (texel, out) in texels.iter_mut().enumerate() {
        let anchor = is_anchor(subsets, partition, texel);
        let index = bits.read(index_bits - u32::from(anchor));
        // At most 64.
        let w = weight(index_bits, index) as i32;
        let subset = subset_of(subsets, partition, texel);
        let e0 = endpoints[2 * subset];
        let e1 = endpoints[2 * subset + 1];
        for (component, value) in out.iter_mut().enumerate() {
            // Arithmetic shift: rounds down for negative values too.
            let mixed = (e0[component] * (64 - w) + e1[component] * w + 32) >> 6;
            *value = finish_unquantize(mixed, signed);
        }
    }
    texels
}

/// Decodes one 16-byte BC6H block into 4x4 RGB float texels (same order).
/// `signed`: GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, else _UNSIGNED_FLOAT.
///
/// Blocks of the reserved modes (5-bit mode numbers 19, 23, 27 and 31)
/// decode to zeros.
pub fn decode_bc6h(block: &[u8; 16], signed: bool) -> [[f32; 3]; 16] {
    decode_bc6h_half(block, signed).map(|texel| texel.map(half_to_f32))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Packs fields into a block, lowest bits first, as the decoder reads.
    struct BitWriter {
        value: u128,
        len: u32,
    }

    impl BitWriter {
        fn new() -> Self {
            Self { value: 0, len: 0 }
        }

        fn put(&mut self, value: u32, bits: u32) {
            assert!(bits == 32 || value < (1 << bits), "{value} in {bits} bits");
            self.value |= u128::from(value) << self.len;
            self.len += bits;
        }

        fn finish(self) -> [u8; 16] {
            assert_eq!(self.len, 128);
            self.value.to_le_bytes()
        }
    }

    #[test]
    fn partition_tables_match_anchors() {
        for partition in 0..64 {
            // Texel 0 is the first subset's anchor.
            assert_eq!(PARTITIONS_2[partition][0], 0);
            assert_eq!(PARTITIONS_3[partition][0], 0);
            // Each other anchor lies in the subset it anchors.
            assert_eq!(
                PARTITIONS_2[partition][usize::from(ANCHORS_2[partition])],
                1
            );
            let second = usize::from(ANCHORS_3_SECOND[partition]);
            let third = usize::from(ANCHORS_3_THIRD[partition]);
            assert_eq!(PARTITIONS_3[partition][second], 1);
            assert_eq!(PARTITIONS_3[partition][third], 2);
            // Every subset is used.
            assert!(PARTITIONS_2[partition].contains(&1));
            assert!(PARTITIONS_3[partition].contains(&2));
        }
        // Spot checks against the spec's drawings: 2-subset partition 0 is
        // the right half, 13 the bottom half; 3-subset partition 8 is rows.
        assert_eq!(
            PARTITIONS_2[0],
            [0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1]
        );
        assert_eq!(
            PARTITIONS_2[13],
            [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]
        );
        assert_eq!(
            PARTITIONS_3[8],
            [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]
        );
    }

    #[test]
    fn bc6h_formats_cover_every_endpoint_bit_once() {
        for mode in &BC6H_MODES {
            let mode_bits = if mode.number < 2 { 2 } else { 5 };
            let mut seen = [[0u32; 3]; 4];
            let mut total = mode_bits;
            for field in mode.fields {
                let (a, b) = (u32::from(field.a), u32::from(field.b));
                for bit in a.min(b)..=a.max(b) {
                    let slot = &mut seen[usize::from(field.var.endpoint)]
                        [usize::from(field.var.component)];
                    assert_eq!(*slot & (1 << bit), 0, "mode {} bit twice", mode.number);
                    *slot |= 1 << bit;
                    total += 1;
                }
            }
            let endpoints = if mode.two_subsets { 4 } else { 2 };
            for (endpoint, components) in seen.iter().enumerate() {
                for (component, &mask) in components.iter().enumerate() {
                    let width = if endpoint >= endpoints {
                        0
                    } else if endpoint == 0 {
                        mode.endpoint_bits
                    } else {
                        mode.delta_bits[component]
                    };
                    let full = if width == 32 {
                        u32::MAX
                    } else {
                        (1 << width) - 1
                    };
                    assert_eq!(mask, full, "mode {} e{endpoint}[{component}]", mode.number);
                }
            }
            // Header, partition and index bits fill the block exactly.
            let rest = if mode.two_subsets {
                5 + 16 * 3 - 2
            } else {
                16 * 4 - 1
            };
            assert_eq!(total + rest, 128, "mode {}", mode.number);
        }
    }

    #[test]
    fn bc7_reserved_mode_decodes_to_zero() {
        assert_eq!(decode_bc7(&[0; 16]), [[0; 4]; 16]);
        let mut block = [0xFF; 16];
        block[0] = 0;
        assert_eq!(decode_bc7(&block), [[0; 4]; 16]);
    }

    #[test]
    fn bc7_mode6_hand_built() {
        // Mode 6: mode bits 0b1000000 (7 bits), 7-bit R0 R1 G0 G1 B0 B1 A0
        // A1, P-bits P0 P1, 16 indices of 4 bits (texel 0: 3 bits).
        let mut w = BitWriter::new();
        w.put(1 << 6, 7);
        let e0 = [0x00, 0x7F, 0x40, 0x7F];
        let e1 = [0x7F, 0x00, 0x20, 0x40];
        for (c0, c1) in e0.into_iter().zip(e1) {
            w.put(c0, 7);
            w.put(c1, 7);
        }
        w.put(1, 1); // P0
        w.put(0, 1); // P1
        w.put(0, 3);
        for index in 1..16 {
            w.put(index, 4);
        }
        let texels = decode_bc7(&w.finish());
        // The P-bit becomes bit 0 of an 8-bit value, so no replication:
        // e0 = (0 << 1 | 1, 0x7F << 1 | 1, 0x40 << 1 | 1, 0x7F << 1 | 1)
        //    = (1, 255, 129, 255); e1 = (254, 0, 64, 128).
        assert_eq!(texels[0], [1, 255, 129, 255]);
        assert_eq!(texels[15], [254, 0, 64, 128]);
        // Texel 5: index 5, weight 21: (43 * e0 + 21 * e1 + 32) >> 6:
        // R (43 + 5334 + 32) >> 6 = 84, G (10965 + 32) >> 6 = 171,
        // B (5547 + 1344 + 32) >> 6 = 108, A (10965 + 2688 + 32) >> 6 = 213.
        assert_eq!(texels[5], [84, 171, 108, 213]);
        // Texel 8: index 8, weight 34: (30 * e0 + 34 * e1 + 32) >> 6:
        // R (30 + 8636 + 32) >> 6 = 135, G (7650 + 32) >> 6 = 120,
        // B (3870 + 2176 + 32) >> 6 = 94, A (7650 + 4352 + 32) >> 6 = 188.
        assert_eq!(texels[8], [135, 120, 94, 188]);
    }

    /// A mode 5 block with rotation `rotation`. Layout: mode bits 0b100000
    /// (6), rotation (2), 7-bit R0 R1 G0 G1 B0 B1, 8-bit A0 A1, 2-bit
    /// colour indices, then 2-bit alpha indices (texel 0: 1 bit each).
    /// e0 = (0x00, 0x40, 0x7F, 0x10), e1 = (0x7F, 0x40, 0x00, 0xF0); the
    /// colour index of texel (x, y) is x, its alpha index y.
    fn bc7_mode5_block(rotation: u32) -> [u8; 16] {
        let mut w = BitWriter::new();
        w.put(1 << 5, 6);
        w.put(rotation, 2);
        for (c0, c1) in [(0x00, 0x7F), (0x40, 0x40), (0x7F, 0x00)] {
            w.put(c0, 7);
            w.put(c1, 7);
        }
        w.put(0x10, 8);
        w.put(0xF0, 8);
        w.put(0, 1);
        for texel in 1..16 {
            w.put(texel % 4, 2);
        }
        w.put(0, 1);
        for texel in 1..16 {
            w.put(texel / 4, 2);
        }
        w.finish()
    }

    #[test]
    fn bc7_mode5_rotation() {
        // 7-bit colour widens as v << 1 | v >> 6: 0x00 -> 0, 0x40 -> 129,
        // 0x7F -> 255; 8-bit alpha is kept. So e0 = (0, 129, 255, 16) and
        // e1 = (255, 129, 0, 240) before the rotation.
        // Texel 6 (x 2, y 1): colour weight 43: R (43 * 255 + 32) >> 6 =
        // 171, G 129, B (21 * 255 + 32) >> 6 = 84; alpha weight 21:
        // (43 * 16 + 21 * 240 + 32) >> 6 = 5760 >> 6 = 90.
        let plain = decode_bc7(&bc7_mode5_block(0));
        assert_eq!(plain[0], [0, 129, 255, 16]);
        assert_eq!(plain[6], [171, 129, 84, 90]);
        assert_eq!(plain[15], [255, 129, 0, 240]);
        // Rotation 1 swaps alpha and red.
        let texels = decode_bc7(&bc7_mode5_block(1));
        assert_eq!(texels[0], [16, 129, 255, 0]);
        assert_eq!(texels[6], [90, 129, 84, 171]);
        assert_eq!(texels[15], [240, 129, 0, 255]);
        // Rotation 2 swaps alpha and green, 3 alpha and blue.
        assert_eq!(decode_bc7(&bc7_mode5_block(2))[6], [171, 90, 84, 129]);
        assert_eq!(decode_bc7(&bc7_mode5_block(3))[6], [171, 129, 90, 84]);
    }

    #[test]
    fn bc7_mode1_partition_and_anchor() {
        // Mode 1, partition 18: subset 1 is texels 8, 12, 13 and 14 (spec
        // partition table), its anchor is texel 8 (anchor table), so
        // texels 0 and 8 have 2-bit indices and the rest 3-bit ones.
        // Layout: mode bits 0b10 (2), partition (6), 6-bit R for s0e0 s0e1
        // s1e0 s1e1, then G, then B, shared P-bits for subsets 0 and 1,
        // then the indices.
        let mut w = BitWriter::new();
        w.put(0b10, 2);
        w.put(18, 6);
        let s0 = [[0, 0, 0], [63, 63, 63]];
        let s1 = [[10, 20, 30], [40, 50, 60]];
        for component in 0..3 {
            for endpoint in [s0[0], s0[1], s1[0], s1[1]] {
                w.put(endpoint[component], 6);
            }
        }
        w.put(1, 1); // subset 0's shared P-bit
        w.put(0, 1); // subset 1's
        let indices = [0, 1, 2, 3, 4, 5, 6, 7, 3, 6, 5, 4, 1, 2, 7, 0];
        for (texel, &index) in indices.iter().enumerate() {
            w.put(index, if texel == 0 || texel == 8 { 2 } else { 3 });
        }
        let texels = decode_bc7(&w.finish());
        // Endpoints with P-bit below, 7 bits widened as v << 1 | v >> 6:
        // subset 0: 0b0000001 -> 2, 0b1111111 -> 255;
        // subset 1: 20 -> 40, 40 -> 80, 60 -> 120, 80 -> 161, 100 -> 201,
        // 120 -> 241, so e0 = (40, 80, 120), e1 = (161, 201, 241).
        // Subset 0 (grey), by index, (w' * 2 + w * 255 + 32) >> 6 with
        // w' = 64 - w: 0 -> 2, 1 (w 9) -> 38, 2 (18) -> 73, 3 (27) -> 109,
        // 4 (37) -> 148, 5 (46) -> 184, 6 (55) -> 219, 7 -> 255.
        // Subset 1: index 3 (w 27): (37 * 40 + 27 * 161 + 32) >> 6 = 91,
        // (37 * 80 + 27 * 201 + 32) >> 6 = 131, (37 * 120 + 27 * 241 +
        // 32) >> 6 = 171; index 1 (w 9): 57, 97, 137; index 2 (w 18): 74,
        // 114, 154; index 7: e1.
        let grey = |v: u8| [v, v, v, 255];
        let expected = [
            grey(2),
            grey(38),
            grey(73),
            grey(109),
            grey(148),
            grey(184),
            grey(219),
            grey(255),
            [91, 131, 171, 255],
            grey(219),
            grey(184),
            grey(148),
            [57, 97, 137, 255],
            [74, 114, 154, 255],
            [161, 201, 241, 255],
            grey(2),
        ];
        assert_eq!(texels, expected);
    }

    /// The 8 blocks of piglit's tests/texturing/bptc-modes.c (Copyright
    /// 2014 Intel Corporation, MIT licence), one per BC7 mode, packed as
    /// its make_block() does, with the texels it expects as 0xRRGGBBAA.
    #[rustfmt::skip]
    const PIGLIT_BC7: [([u8; 16], [u32; 16]); 8] = [
        // Mode 0.
        (
            [0x05, 0x3e, 0x1c, 0x00, 0x1e, 0x20, 0x1a, 0x3e,
             0x3c, 0x5a, 0x45, 0x3c, 0xf0, 0x73, 0x9c, 0xa2],
            [
                0x000000ff, 0x484848ff, 0x939393ff, 0xffffffff,
                0x001010ff, 0x000000ff, 0xffffffff, 0xef08efff,
                0x001010ff, 0x08dedeff, 0x100010ff, 0xef08efff,
                0x058787ff, 0x024a4aff, 0x910591ff, 0x4f024fff,
            ],
        ),
        // Mode 1.
        (
            [0xfe, 0xc0, 0x1f, 0xb8, 0xc0, 0x0f, 0x00, 0xc0,
             0x1f, 0xb8, 0x22, 0x1e, 0xf8, 0x71, 0x9c, 0xa2],
            [
                0x000000ff, 0x390239ff, 0x929292ff, 0xfdfdfdff,
                0x000000ff, 0x060206ff, 0xfdfdfdff, 0xfdfdfdff,
                0x000000ff, 0xbb02bbff, 0x060206ff, 0xbb02bbff,
                0x929292ff, 0x390239ff, 0x6f026fff, 0x390239ff,
            ],
        ),
        // Mode 2.
        (
            [0xa4, 0xc1, 0x0f, 0x0e, 0x00, 0xf0, 0x01, 0x80,
             0x0d, 0xfc, 0xe0, 0x60, 0x43, 0x26, 0x1d, 0x1e],
            [
                0x000000ff, 0x008484ff, 0x007c7cff, 0x007373ff,
                0x545454ff, 0x080008ff, 0x2b002bff, 0x500050ff,
                0xabababff, 0x730073ff, 0x080008ff, 0x080008ff,
                0xffffffff, 0x006b6bff, 0x008484ff, 0x008484ff,
            ],
        ),
        // Mode 3.
        (
            [0x18, 0x00, 0xfe, 0x42, 0x38, 0xe0, 0x0f, 0x00,
             0x00, 0xfe, 0x42, 0xb8, 0x82, 0x2b, 0xd5, 0x7e],
            [
                0x000000ff, 0x000000ff, 0x000000ff, 0xe101e1ff,
                0x545454ff, 0x545454ff, 0x545454ff, 0xc201c2ff,
                0xabababff, 0xabababff, 0xabababff, 0xa300a3ff,
                0xffffffff, 0xffffffff, 0xffffffff, 0x840084ff,
            ],
        ),
        // Mode 4.
        (
            [0xb0, 0xe0, 0xbf, 0xf7, 0x01, 0xf4, 0xcb, 0xc9,
             0xc9, 0xc9, 0x89, 0xc6, 0xfa, 0x88, 0xc6, 0xfa],
            [
                0x417bff00, 0x7f7bdb24, 0xc17bb748, 0xff7b936c,
                0x417b6c93, 0x7f7b48b7, 0xc17b24db, 0xff7b00ff,
                0x417bff00, 0x7f7bdb24, 0xc17bb748, 0xff7b936c,
                0x417b6c93, 0x7f7b48b7, 0xc17b24db, 0xff7b00ff,
            ],
        ),
        // Mode 5.
        (
            [0xe0, 0x80, 0x3f, 0x10, 0xf8, 0x07, 0x40, 0xfc,
             0xcb, 0xc9, 0xc9, 0xc9, 0x01, 0x55, 0xaa, 0xff],
            [
                0x008110ff, 0x548110ab, 0xab811054, 0xff811000,
                0x00815eff, 0x54815eab, 0xab815e54, 0xff815e00,
                0x0081b1ff, 0x5481b1ab, 0xab81b154, 0xff81b100,
                0x0081ffff, 0x5481ffab, 0xab81ff54, 0xff81ff00,
            ],
        ),
        // Mode 6.
        (
            [0x40, 0xc0, 0x1f, 0x08, 0xfc, 0x03, 0x20, 0xff,
             0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe],
            [
                0x0181ff21, 0x1181ef2f, 0x2581db40, 0x3481cb4e,
                0x4481bb5c, 0x5481ab6a, 0x6881977b, 0x78818789,
                0x87807896, 0x978068a4, 0xab8054b5, 0xbb8044c3,
                0xcb8034d1, 0xda8024df, 0xee8010f0, 0xfe8000fe,
            ],
        ),
        // Mode 7.
        (
            [0x80, 0x08, 0xf8, 0xe0, 0x83, 0x1f, 0x3c, 0xf8,
             0xa2, 0x83, 0x3f, 0xb8, 0xc9, 0xc9, 0xc9, 0x29],
            [
                0x00000000, 0x54545454, 0xabababab, 0xffffffff,
                0x00000000, 0x54545454, 0xabababab, 0xffffffff,
                0x00000000, 0x54545454, 0xabababab, 0xfbf3ebe3,
                0x00000000, 0x54545454, 0x55585b5d, 0x040c141c,
            ],
        ),
    ];

    #[test]
    fn bc7_piglit_vectors() {
        for (mode, (block, expected)) in PIGLIT_BC7.iter().enumerate() {
            assert_eq!(block[0].trailing_zeros() as usize, mode);
            assert_eq!(
                decode_bc7(block),
                expected.map(u32::to_be_bytes),
                "mode {mode}"
            );
        }
    }

    #[test]
    fn half_conversion() {
        assert_eq!(half_to_f32(0x3C00), 1.0);
        assert_eq!(half_to_f32(0xC000), -2.0);
        assert_eq!(half_to_f32(0x7BFF), 65504.0);
        assert_eq!(half_to_f32(0x0001), 1.0 / 16_777_216.0);
        assert_eq!(half_to_f32(0x0400), 1.0 / 16384.0);
        assert_eq!(half_to_f32(0xFC00), f32::NEG_INFINITY);
        assert!(half_to_f32(0x7E00).is_nan());
        assert_eq!(half_to_f32(0x8000).to_bits(), (-0.0f32).to_bits());
    }

    /// A mode 0x03 block (one subset, 10-bit endpoints stored whole):
    /// e0 = (0, 512, 1023), e1 = (1023, 100, 0), texel i has index i.
    fn bc6h_mode3_block() -> [u8; 16] {
        // m[4:0], r0[9:0], g0[9:0], b0[9:0], r1[9:0], g1[9:0], b1[9:0],
        // then 4-bit indices (texel 0: 3 bits).
        let mut w = BitWriter::new();
        w.put(0x03, 5);
        for value in [0, 512, 1023, 1023, 100, 0] {
            w.put(value, 10);
        }
        w.put(0, 3);
        for index in 1..16 {
            w.put(index, 4);
        }
        w.finish()
    }

    #[test]
    fn bc6h_mode3_unsigned() {
        let texels = decode_bc6h(&bc6h_mode3_block(), false);
        // Unquantize (10 bits): 0 -> 0, 1023 (all ones) -> 0xFFFF,
        // 512 -> ((512 << 15) + 0x4000) >> 9 = 32800,
        // 100 -> ((100 << 15) + 0x4000) >> 9 = 6432.
        // Finish (x * 31) >> 6: 0xFFFF -> 0x7BFF = 65504.0;
        // 32800 -> 15887 = 0x3E0F = 1 + 527/1024 = 1551/1024;
        // 6432 -> 3115 = 0x0C2B = 2^-12 * 1067/1024 = 1067 * 2^-22.
        assert_eq!(texels[0], [0.0, 1551.0 / 1024.0, 65504.0]);
        assert_eq!(texels[15], [65504.0, 1067.0 / 4_194_304.0, 0.0]);
        // Texel 5, weight 21, (43 * a + 21 * b + 32) >> 6:
        // R 21 * 65535 + 32 = 1376267 >> 6 = 21504 -> 10416 = 0x28B0 =
        // 2^-5 * 1200/1024 = 75/2048;
        // G 43 * 32800 + 21 * 6432 + 32 = 1545504 >> 6 = 24148 -> 11696 =
        // 0x2DB0 = 2^-4 * 1456/1024 = 91/1024;
        // B 43 * 65535 + 32 = 2818037 >> 6 = 44031 -> 21327 = 0x534F =
        // 2^5 * 1871/1024 = 58.46875.
        assert_eq!(texels[5], [75.0 / 2048.0, 91.0 / 1024.0, 58.46875]);
    }

    #[test]
    fn bc6h_mode3_signed() {
        let texels = decode_bc6h(&bc6h_mode3_block(), true);
        // Sign-extended from 10 bits: e0 = (0, -512, -1), e1 = (-1, 100, 0).
        // Unquantize: 0 -> 0; -512: 512 >= 2^9 - 1 -> -0x7FFF;
        // -1 -> -(((1 << 15) + 0x4000) >> 9) = -96; 100 -> 6432.
        // Finish, magnitude (m * 31) >> 5 and the sign bit:
        // -0x7FFF -> 0xFBFF = -65504.0; -96 -> 0x805D = -93 * 2^-24;
        // 6432 -> 6231 = 0x1857 = 2^-9 * 1111/1024 = 1111 * 2^-19.
        let tiny = 1.0 / 16_777_216.0;
        assert_eq!(texels[0], [0.0, -65504.0, -93.0 * tiny]);
        assert_eq!(texels[15], [-93.0 * tiny, 1111.0 / 524_288.0, 0.0]);
        // Texel 5, weight 21, rounding down (arithmetic shift):
        // R (21 * -96 + 32) >> 6 = -1984 >> 6 = -31 -> -(961 >> 5) = -30;
        // G (43 * -32767 + 21 * 6432 + 32) >> 6 = -1273877 >> 6 = -19905
        //   -> -(617055 >> 5) = -19282 -> 0xCB52 = -(2^3 * 1874/1024) =
        //   -14.640625;
        // B (43 * -96 + 32) >> 6 = -4096 >> 6 = -64 -> -(1984 >> 5) = -62.
        assert_eq!(texels[5], [-30.0 * tiny, -14.640625, -62.0 * tiny]);
    }

    #[test]
    fn bc6h_mode7_transform_wraps_and_sign_extends() {
        // Mode 0x07: one subset, 11-bit e0, 9-bit deltas. Format:
        // m[4:0], r0[9:0], g0[9:0], b0[9:0], r1[8:0], r0[10], g1[8:0],
        // g0[10], b1[8:0], b0[10]. e0 = (2047, 0, 1024); deltas (+1, -1,
        // -256) stored as 9-bit (0x001, 0x1FF, 0x100). Texel 0 has index
        // 0, the others 15.
        let e0: [u32; 3] = [2047, 0, 1024];
        let d: [u32; 3] = [0x001, 0x1FF, 0x100];
        let mut w = BitWriter::new();
        w.put(0x07, 5);
        for value in e0 {
            w.put(value & 0x3FF, 10);
        }
        for (delta, base) in d.into_iter().zip(e0) {
            w.put(delta, 9);
            w.put(base >> 10, 1);
        }
        w.put(0, 3);
        for _ in 1..16 {
            w.put(15, 4);
        }
        let block = w.finish();

        // Unsigned: e1 = ((2047 + 1) & 0x7FF, (0 - 1) & 0x7FF,
        // (1024 - 256) & 0x7FF) = (0, 2047, 768). Unquantize (11 bits):
        // 2047 -> 0xFFFF, 1024 -> ((1024 << 15) + 0x4000) >> 10 = 32784,
        // 768 -> 24592. Finish (x * 31) >> 6: 0xFFFF -> 65504.0,
        // 32784 -> 15879 = 0x3E07 = 1 + 519/1024 = 1543/1024,
        // 24592 -> 11911 = 0x2E87 = 2^-4 * 1671/1024 = 1671/16384.
        let texels = decode_bc6h(&block, false);
        assert_eq!(texels[0], [65504.0, 0.0, 1543.0 / 1024.0]);
        assert_eq!(texels[1], [0.0, 65504.0, 1671.0 / 16384.0]);

        // Signed: e0 = (-1, 0, -1024) from 11 bits; e1 = ((-1 + 1) & 0x7FF,
        // (0 - 1) & 0x7FF, (-1024 - 256) & 0x7FF) = (0, 2047, 768),
        // sign-extended to (0, -1, 768). Unquantize: -1 -> -48,
        // -1024 (1024 >= 2^10 - 1) -> -0x7FFF, 768 -> 24592. Finish:
        // -48 -> -(1488 >> 5) = -46 -> -46 * 2^-24; -0x7FFF -> -65504.0;
        // 24592 -> 23823 = 0x5D0F = 2^8 * 1295/1024 = 323.75.
        let tiny = 1.0 / 16_777_216.0;
        let texels = decode_bc6h(&block, true);
        assert_eq!(texels[0], [-46.0 * tiny, 0.0, -65504.0]);
        assert_eq!(texels[1], [0.0, -46.0 * tiny, 323.75]);
    }

    #[test]
    fn bc6h_reserved_modes_decode_to_zero() {
        for mode in [0x13u8, 0x17, 0x1B, 0x1F] {
            let mut block = [0xA5u8; 16];
            block[0] = (block[0] & !0x1F) | mode;
            assert_eq!(decode_bc6h(&block, false), [[0.0; 3]; 16]);
            assert_eq!(decode_bc6h(&block, true), [[0.0; 3]; 16]);
        }
    }

    /// A block of piglit's tests/texturing/bptc-float-modes.c (Copyright
    /// 2014 Intel Corporation, MIT licence), packed as its make_block()
    /// does, with the half floats it expects for each format.
    struct PiglitBc6h {
        mode: u8,
        block: [u8; 16],
        signed: [[u16; 3]; 16],
        unsigned: [[u16; 3]; 16],
    }

    /// One block per BC6H mode.
    #[rustfmt::skip]
    const PIGLIT_BC6H: [PiglitBc6h; 14] = [
        PiglitBc6h {
            mode: 0x00,
            block: [0xe0, 0x2c, 0xe3, 0xd3, 0x98, 0x39, 0xd6, 0x3f,
                    0x95, 0x16, 0xb8, 0x99, 0x22, 0x86, 0xd7, 0xf2],
            signed: [
                [0x562e, 0x8f30, 0x197b], [0x55bc, 0x8fb3, 0x1972],
                [0x59cb, 0x8d19, 0x1bef], [0x5a1c, 0x8f02, 0x1c25],
                [0x553f, 0x9044, 0x1969], [0x562e, 0x8f30, 0x197b],
                [0x59e8, 0x8dc8, 0x1c02], [0x597d, 0x8b43, 0x1bbb],
                [0x55bc, 0x8fb3, 0x1972], [0x5711, 0x8e2b, 0x198d],
                [0x5a37, 0x8f9f, 0x1c37], [0x5a02, 0x8e65, 0x1c14],
                [0x545c, 0x914a, 0x1957], [0x562e, 0x8f30, 0x197b],
                [0x5a1c, 0x8f02, 0x1c25], [0x59cb, 0x8d19, 0x1bef],
            ],
            unsigned: [
                [0x2b17, 0x7486, 0x0cbd], [0x2ade, 0x7445, 0x0cb9],
                [0x2ce5, 0x7592, 0x0df7], [0x2d0e, 0x749d, 0x0e12],
                [0x2a9f, 0x73fc, 0x0cb4], [0x2b17, 0x7486, 0x0cbd],
                [0x2cf4, 0x753a, 0x0e01], [0x2cbe, 0x767d, 0x0ddd],
                [0x2ade, 0x7445, 0x0cb9], [0x2b88, 0x7509, 0x0cc6],
                [0x2d1b, 0x744f, 0x0e1b], [0x2d01, 0x74ec, 0x0e0a],
                [0x2a2e, 0x7379, 0x0cab], [0x2b17, 0x7486, 0x0cbd],
                [0x2d0e, 0x749d, 0x0e12], [0x2ce5, 0x7592, 0x0df7],
            ],
        },
        PiglitBc6h {
            mode: 0x01,
            block: [0x75, 0xe6, 0x4f, 0x93, 0xd5, 0xce, 0x1c, 0x39,
                    0x1a, 0x2c, 0xd4, 0x1e, 0x31, 0xa7, 0x7a, 0x64],
            signed: [
                [0x47b7, 0x35f2, 0xcc32], [0xaba7, 0x18d3, 0x349d],
                [0xaba7, 0x18d3, 0x349d], [0xe7a8, 0x04d8, 0xb928],
                [0x63c8, 0x3d08, 0xeb88], [0x47b7, 0x35f2, 0xcc32],
                [0xc7b7, 0x11bd, 0x53f2], [0xf03d, 0x1531, 0x0ec6],
                [0x0f97, 0x27c7, 0x8d88], [0x2ba7, 0x2edd, 0xacdd],
                [0xaba7, 0x18d3, 0x349d], [0xea84, 0x0a4b, 0xa12e],
                [0x0f97, 0x27c7, 0x8d88], [0x8f97, 0x1fe8, 0x1548],
                [0x8f97, 0x1fe8, 0x1548], [0xf922, 0x2625, 0x595e],
            ],
            unsigned: [
                [0x356e, 0x1af9, 0x454b], [0x43fe, 0x0c69, 0x3d74],
                [0x43fe, 0x0c69, 0x3d74], [0x4924, 0x026c, 0x6064],
                [0x31e4, 0x1e84, 0x4734], [0x356e, 0x1af9, 0x454b],
                [0x4789, 0x08de, 0x3b8c], [0x44a5, 0x0a98, 0x4fa2],
                [0x3c84, 0x13e3, 0x417b], [0x38f9, 0x176e, 0x4363],
                [0x43fe, 0x0c69, 0x3d74], [0x47a4, 0x0525, 0x5ace],
                [0x3c84, 0x13e3, 0x417b], [0x4073, 0x0ff4, 0x3f5c],
                [0x4073, 0x0ff4, 0x3f5c], [0x3ffb, 0x1312, 0x3e41],
            ],
        },
        PiglitBc6h {
            mode: 0x02,
            block: [0xc2, 0x01, 0xc1, 0xe8, 0x08, 0x2f, 0xf6, 0x06,
                    0xb8, 0x44, 0x14, 0xde, 0xf1, 0xc5, 0xf9, 0xa0],
            signed: [
                [0xfa58, 0xcd4c, 0x0e0e], [0xfaa0, 0xcc9f, 0x0e20],
                [0xf9f0, 0xcd19, 0x0e2d], [0xf946, 0xcd8f, 0x0e3a],
                [0xfa42, 0xcd36, 0x0dcc], [0xfaa0, 0xcc9f, 0x0e20],
                [0xf97e, 0xcd67, 0x0e36], [0xf946, 0xcd8f, 0x0e3a],
                [0xfa54, 0xcd48, 0x0e01], [0xf9f0, 0xcd19, 0x0e2d],
                [0xfa2f, 0xcced, 0x0e29], [0xf97e, 0xcd67, 0x0e36],
                [0xfa3e, 0xcd32, 0x0dbe], [0xfad9, 0xcc78, 0x0e1b],
                [0xf9f0, 0xcd19, 0x0e2d], [0xfa68, 0xccc6, 0x0e24],
            ],
            unsigned: [
                [0x3ee3, 0x5569, 0x0707], [0x3ebf, 0x55bf, 0x0710],
                [0x3f17, 0x5582, 0x0716], [0x3f6c, 0x5547, 0x071d],
                [0x3eee, 0x5574, 0x06e6], [0x3ebf, 0x55bf, 0x0710],
                [0x3f50, 0x555b, 0x071b], [0x3f6c, 0x5547, 0x071d],
                [0x3ee5, 0x556b, 0x0700], [0x3f17, 0x5582, 0x0716],
                [0x3ef8, 0x5598, 0x0714], [0x3f50, 0x555b, 0x071b],
                [0x3ef0, 0x5576, 0x06df], [0x3ea2, 0x55d3, 0x070d],
                [0x3f17, 0x5582, 0x0716], [0x3edb, 0x55ac, 0x0712],
            ],
        },
        PiglitBc6h {
            mode: 0x03,
            block: [0x83, 0x5d, 0x58, 0x76, 0xd8, 0x57, 0xc6, 0x57,
                    0x48, 0x8c, 0xcb, 0xa2, 0x3e, 0xab, 0xaa, 0x9b],
            signed: [
                [0xc1ff, 0x01a3, 0x15df], [0xc1ff, 0x01a3, 0x15df],
                [0xc011, 0xd093, 0x24cc], [0xc108, 0xa778, 0x1d55],
                [0xc04c, 0xc6e7, 0x230a], [0xc011, 0xd093, 0x24cc],
                [0xc274, 0x14fb, 0x125c], [0xc086, 0xbd3b, 0x2149],
                [0xbf8f, 0xe656, 0x28bf], [0xc23a, 0x0b4f, 0x141d],
                [0xc04c, 0xc6e7, 0x230a], [0xc086, 0xbd3b, 0x2149],
                [0xc086, 0xbd3b, 0x2149], [0xc086, 0xbd3b, 0x2149],
                [0xc04c, 0xc6e7, 0x230a], [0xc0ce, 0xb124, 0x1f17],
            ],
            unsigned: [
                [0x5b1f, 0x21c9, 0x0aef], [0x5b1f, 0x21c9, 0x0aef],
                [0x5c16, 0x3a9e, 0x1266], [0x5b9a, 0x2e34, 0x0eaa],
                [0x5bf8, 0x37b3, 0x1185], [0x5c16, 0x3a9e, 0x1266],
                [0x5ae4, 0x1bf2, 0x092e], [0x5bdb, 0x34c7, 0x10a4],
                [0x5c57, 0x4131, 0x145f], [0x5b01, 0x1ede, 0x0a0e],
                [0x5bf8, 0x37b3, 0x1185], [0x5bdb, 0x34c7, 0x10a4],
                [0x5bdb, 0x34c7, 0x10a4], [0x5bdb, 0x34c7, 0x10a4],
                [0x5bf8, 0x37b3, 0x1185], [0x5bb7, 0x3120, 0x0f8b],
            ],
        },
        PiglitBc6h {
            mode: 0x06,
            block: [0x26, 0x3a, 0xf3, 0x0b, 0xe0, 0x90, 0x4f, 0xc2,
                    0xab, 0x78, 0x30, 0xe4, 0xcd, 0xb2, 0xfe, 0x48],
            signed: [
                [0xc3c0, 0x8335, 0x00aa], [0xc3f4, 0x8369, 0x00de],
                [0xc3c0, 0x8335, 0x00aa], [0xc336, 0x83e2, 0x0052],
                [0xc43c, 0x83b1, 0x0126], [0xc419, 0x838e, 0x0103],
                [0xc336, 0x83e2, 0x0052], [0xc359, 0x834e, 0x001e],
                [0xc3d1, 0x8346, 0x00bb], [0xc3f4, 0x8369, 0x00de],
                [0xc37e, 0x82b2, 0x8019], [0xc3a1, 0x821e, 0x804d],
                [0xc43c, 0x83b1, 0x0126], [0xc325, 0x842d, 0x006c],
                [0xc336, 0x83e2, 0x0052], [0xc336, 0x83e2, 0x0052],
            ],
            unsigned: [
                [0x5a2f, 0x7a74, 0x0055], [0x5a15, 0x7a5a, 0x006f],
                [0x5a2f, 0x7a74, 0x0055], [0x5a74, 0x7a1e, 0x119b],
                [0x59f1, 0x7a36, 0x0093], [0x5a02, 0x7a48, 0x0081],
                [0x5a74, 0x7a1e, 0x119b], [0x5a62, 0x7a68, 0x3465],
                [0x5a26, 0x7a6c, 0x005d], [0x5a15, 0x7a5a, 0x006f],
                [0x5a50, 0x7ab6, 0x591e], [0x5a3e, 0x7b00, 0x7be8],
                [0x59f1, 0x7a36, 0x0093], [0x5a7c, 0x79f8, 0x0036],
                [0x5a74, 0x7a1e, 0x119b], [0x5a74, 0x7a1e, 0x119b],
            ],
        },
        PiglitBc6h {
            mode: 0x07,
            block: [0x47, 0xc7, 0x72, 0x95, 0x5f, 0x60, 0x19, 0xe8,
                    0x71, 0xd4, 0x3f, 0x8e, 0xbc, 0x54, 0x34, 0x5a],
            signed: [
                [0x4515, 0x59ca, 0x8699], [0x45b5, 0x6550, 0x8953],
                [0x4570, 0x6052, 0x8824], [0x463b, 0x6eeb, 0x8b98],
                [0x466a, 0x725f, 0x8c69], [0x455b, 0x5ec9, 0x87c7],
                [0x4655, 0x70d6, 0x8c0c], [0x45ca, 0x66d9, 0x89b0],
                [0x4625, 0x6d61, 0x8b3b], [0x4610, 0x6bd8, 0x8ade],
                [0x4570, 0x6052, 0x8824], [0x4585, 0x61db, 0x8881],
                [0x4570, 0x6052, 0x8824], [0x455b, 0x5ec9, 0x87c7],
                [0x45fb, 0x6a4f, 0x8a81], [0x4585, 0x61db, 0x8881],
            ],
            unsigned: [
                [0x228a, 0x2ce5, 0x78c2], [0x22da, 0x32a8, 0x7766],
                [0x22b8, 0x3029, 0x77fd], [0x231d, 0x3775, 0x7643],
                [0x2335, 0x392f, 0x75da], [0x22ad, 0x2f64, 0x782b],
                [0x232a, 0x386b, 0x7609], [0x22e5, 0x336c, 0x7737],
                [0x2312, 0x36b0, 0x7671], [0x2308, 0x35ec, 0x76a0],
                [0x22b8, 0x3029, 0x77fd], [0x22c2, 0x30ed, 0x77ce],
                [0x22b8, 0x3029, 0x77fd], [0x22ad, 0x2f64, 0x782b],
                [0x22fd, 0x3527, 0x76ce], [0x22c2, 0x30ed, 0x77ce],
            ],
        },
        PiglitBc6h {
            mode: 0x0A,
            block: [0xca, 0xab, 0xa5, 0xf3, 0x1e, 0x69, 0x49, 0x28,
                    0x48, 0x9f, 0x48, 0x6a, 0xf8, 0xd6, 0x01, 0x2f],
            signed: [
                [0x2a8b, 0x65f8, 0x6b2b], [0x2aa7, 0x65cb, 0x6a97],
                [0x2aa7, 0x65cb, 0x6a97], [0x2a8b, 0x65f8, 0x6b2b],
                [0x2a99, 0x65e3, 0x6ae5], [0x2a71, 0x6624, 0x6bb6],
                [0x2ace, 0x6589, 0x69c6], [0x2a9f, 0x6611, 0x6a75],
                [0x2a99, 0x65e3, 0x6ae5], [0x2ab4, 0x65b5, 0x6a52],
                [0x2a99, 0x65e3, 0x6ae5], [0x2aed, 0x66a0, 0x69e5],
                [0x2a71, 0x6624, 0x6bb6], [0x2ace, 0x6589, 0x69c6],
                [0x2a67, 0x65ab, 0x6ada], [0x2aed, 0x66a0, 0x69e5],
            ],
            unsigned: [
                [0x1545, 0x32fc, 0x3595], [0x1553, 0x32e5, 0x354b],
                [0x1553, 0x32e5, 0x354b], [0x1545, 0x32fc, 0x3595],
                [0x154c, 0x32f1, 0x3572], [0x1538, 0x3312, 0x35db],
                [0x1567, 0x32c4, 0x34e3], [0x154f, 0x3308, 0x353a],
                [0x154c, 0x32f1, 0x3572], [0x155a, 0x32da, 0x3529],
                [0x154c, 0x32f1, 0x3572], [0x1576, 0x3350, 0x34f2],
                [0x1538, 0x3312, 0x35db], [0x1567, 0x32c4, 0x34e3],
                [0x1533, 0x32d5, 0x356d], [0x1576, 0x3350, 0x34f2],
            ],
        },
        PiglitBc6h {
            mode: 0x0B,
            block: [0x6b, 0xf7, 0xb7, 0x44, 0xc8, 0x58, 0x97, 0x4d,
                    0x5b, 0x1b, 0xca, 0x3f, 0x98, 0x48, 0x3b, 0xa5],
            signed: [
                [0x83b6, 0x14dc, 0x3e15], [0x83b6, 0x14dc, 0x3e15],
                [0x8318, 0x1323, 0x3b98], [0x841d, 0x15fc, 0x3fb4],
                [0x8330, 0x1367, 0x3bfa], [0x8300, 0x12e0, 0x3b37],
                [0x82b1, 0x1203, 0x39f9], [0x83e6, 0x1564, 0x3ed9],
                [0x8366, 0x13ff, 0x3cd7], [0x834e, 0x13bc, 0x3c75],
                [0x8366, 0x13ff, 0x3cd7], [0x83ce, 0x1520, 0x3e77],
                [0x8318, 0x1323, 0x3b98], [0x83e6, 0x1564, 0x3ed9],
                [0x83b6, 0x14dc, 0x3e15], [0x8330, 0x1367, 0x3bfa],
            ],
            unsigned: [
                [0x7a2c, 0x0a6e, 0x1f0a], [0x7a2c, 0x0a6e, 0x1f0a],
                [0x7a7b, 0x0991, 0x1dcc], [0x79f9, 0x0afe, 0x1fda],
                [0x7a6f, 0x09b3, 0x1dfd], [0x7a87, 0x0970, 0x1d9b],
                [0x7aae, 0x0901, 0x1cfc], [0x7a14, 0x0ab2, 0x1f6c],
                [0x7a54, 0x09ff, 0x1e6b], [0x7a60, 0x09de, 0x1e3a],
                [0x7a54, 0x09ff, 0x1e6b], [0x7a20, 0x0a90, 0x1f3b],
                [0x7a7b, 0x0991, 0x1dcc], [0x7a14, 0x0ab2, 0x1f6c],
                [0x7a2c, 0x0a6e, 0x1f0a], [0x7a6f, 0x09b3, 0x1dfd],
            ],
        },
        PiglitBc6h {
            mode: 0x0E,
            block: [0xce, 0x69, 0xf4, 0x30, 0x95, 0x1b, 0x67, 0xb0,
                    0x73, 0xba, 0x78, 0x8d, 0xa5, 0x33, 0xa9, 0x32],
            signed: [
                [0xd85e, 0x8cf5, 0x49de], [0xdd3e, 0x8fbe, 0x49de],
                [0xda88, 0x87e2, 0x48af], [0xdadf, 0x890b, 0x48d2],
                [0xda61, 0x8e1b, 0x49de], [0xdb97, 0x8b7d, 0x491c],
                [0xdb40, 0x8a54, 0x48f9], [0xdbee, 0x8ca5, 0x493f],
                [0xd76a, 0x8c69, 0x49de], [0xdadf, 0x890b, 0x48d2],
                [0xda88, 0x87e2, 0x48af], [0xda88, 0x87e2, 0x48af],
                [0xdb97, 0x8b7d, 0x491c], [0xda88, 0x87e2, 0x48af],
                [0xdbee, 0x8ca5, 0x493f], [0xd9da, 0x8592, 0x486a],
            ],
            unsigned: [
                [0x500e, 0x75c3, 0x24ef], [0x4d9f, 0x745f, 0x24ef],
                [0x4ef9, 0x784c, 0x2457], [0x4ece, 0x77b8, 0x2469],
                [0x4f0d, 0x7530, 0x24ef], [0x4e72, 0x767f, 0x248e],
                [0x4e9d, 0x7713, 0x247c], [0x4e46, 0x75eb, 0x249f],
                [0x5088, 0x7609, 0x24ef], [0x4ece, 0x77b8, 0x2469],
                [0x4ef9, 0x784c, 0x2457], [0x4ef9, 0x784c, 0x2457],
                [0x4e72, 0x767f, 0x248e], [0x4ef9, 0x784c, 0x2457],
                [0x4e46, 0x75eb, 0x249f], [0x4f51, 0x7975, 0x2435],
            ],
        },
        PiglitBc6h {
            mode: 0x0F,
            block: [0xaf, 0xb6, 0xb9, 0x77, 0x26, 0x82, 0x8f, 0x41,
                    0x4d, 0xf3, 0x02, 0xe4, 0x2f, 0x95, 0x2d, 0x9e],
            signed: [
                [0x20a9, 0x9baa, 0x1682], [0x20a8, 0x9ba9, 0x1682],
                [0x20a8, 0x9ba9, 0x1682], [0x20ab, 0x9bac, 0x1684],
                [0x20a8, 0x9ba9, 0x1681], [0x20a7, 0x9ba8, 0x1681],
                [0x20a8, 0x9ba9, 0x1682], [0x20ab, 0x9bac, 0x1684],
                [0x20ab, 0x9bac, 0x1684], [0x20a8, 0x9ba9, 0x1681],
                [0x20a8, 0x9ba9, 0x1682], [0x20a9, 0x9baa, 0x1683],
                [0x20aa, 0x9bab, 0x1684], [0x20a8, 0x9ba9, 0x1681],
                [0x20ab, 0x9bac, 0x1684], [0x20a9, 0x9baa, 0x1683],
            ],
            unsigned: [
                [0x1054, 0x6e2a, 0x0b41], [0x1054, 0x6e2b, 0x0b41],
                [0x1054, 0x6e2b, 0x0b41], [0x1055, 0x6e29, 0x0b42],
                [0x1054, 0x6e2b, 0x0b40], [0x1053, 0x6e2b, 0x0b40],
                [0x1054, 0x6e2b, 0x0b41], [0x1055, 0x6e29, 0x0b42],
                [0x1055, 0x6e29, 0x0b42], [0x1054, 0x6e2b, 0x0b40],
                [0x1054, 0x6e2b, 0x0b41], [0x1054, 0x6e2a, 0x0b41],
                [0x1055, 0x6e2a, 0x0b42], [0x1054, 0x6e2b, 0x0b40],
                [0x1055, 0x6e29, 0x0b42], [0x1054, 0x6e2a, 0x0b41],
            ],
        },
        PiglitBc6h {
            mode: 0x12,
            block: [0x12, 0x61, 0xb8, 0xa8, 0x95, 0x51, 0xe5, 0x44,
                    0x29, 0xc5, 0x08, 0x90, 0x9b, 0xf9, 0x2e, 0xaa],
            signed: [
                [0x0425, 0x6fb5, 0xa8a8], [0x083c, 0x6cfc, 0xab1c],
                [0x083c, 0x6cfc, 0xab1c], [0x1602, 0x6e03, 0xb3b8],
                [0x802a, 0x7295, 0xa611], [0x021a, 0x7112, 0xa76e],
                [0x1785, 0x6fd4, 0xb2f7], [0x1348, 0x6abe, 0xb515],
                [0x802a, 0x7295, 0xa611], [0x11ec, 0x691c, 0xb5c4],
                [0x14a5, 0x6c61, 0xb467], [0x1785, 0x6fd4, 0xb2f7],
                [0x1a3f, 0x7319, 0xb19a], [0x18e2, 0x7177, 0xb248],
                [0x14a5, 0x6c61, 0xb467], [0x18e2, 0x7177, 0xb248],
            ],
            unsigned: [
                [0x2515, 0x37da, 0x6827], [0x041e, 0x367e, 0x66ee],
                [0x041e, 0x367e, 0x66ee], [0x0b01, 0x3701, 0x629f],
                [0x47e2, 0x394a, 0x6973], [0x3591, 0x3889, 0x68c4],
                [0x0bc2, 0x37ea, 0x6300], [0x09a4, 0x355f, 0x61f1],
                [0x47e2, 0x394a, 0x6973], [0x08f6, 0x348e, 0x619a],
                [0x0a52, 0x3630, 0x6248], [0x0bc2, 0x37ea, 0x6300],
                [0x0d1f, 0x398c, 0x63ae], [0x0c71, 0x38bb, 0x6357],
                [0x0a52, 0x3630, 0x6248], [0x0c71, 0x38bb, 0x6357],
            ],
        },
        PiglitBc6h {
            mode: 0x16,
            block: [0x96, 0xb8, 0x99, 0x5e, 0x6b, 0x7b, 0x34, 0xb2,
                    0x7f, 0xea, 0x28, 0x52, 0x84, 0xb1, 0x72, 0x3a],
            signed: [
                [0xb711, 0x29fd, 0xcddd], [0xb711, 0x29fd, 0xcddd],
                [0xb354, 0x21a6, 0xccb6], [0xb354, 0x21a6, 0xccb6],
                [0xb711, 0x29fd, 0xcddd], [0xb354, 0x21a6, 0xccb6],
                [0xba9c, 0x31e4, 0xcef4], [0xc4bc, 0x26fa, 0xc75a],
                [0xba9c, 0x31e4, 0xcef4], [0xb54b, 0x2609, 0xcd51],
                [0xc33c, 0x25c0, 0xc689], [0xc1bd, 0x2486, 0xc5b8],
                [0xb54b, 0x2609, 0xcd51], [0xbe93, 0x21ef, 0xc3fe],
                [0xc63c, 0x2834, 0xc82c], [0xbb94, 0x1f7c, 0xc25c],
            ],
            unsigned: [
                [0x60f3, 0x14fe, 0x558d], [0x60f3, 0x14fe, 0x558d],
                [0x62d1, 0x10d3, 0x5620], [0x62d1, 0x10d3, 0x5620],
                [0x60f3, 0x14fe, 0x558d], [0x62d1, 0x10d3, 0x5620],
                [0x5f2e, 0x18f2, 0x5502], [0x5a1d, 0x137d, 0x58ce],
                [0x5f2e, 0x18f2, 0x5502], [0x61d6, 0x1304, 0x55d3],
                [0x5add, 0x12e0, 0x5937], [0x5b9d, 0x1243, 0x599f],
                [0x61d6, 0x1304, 0x55d3], [0x5d32, 0x10f7, 0x5a7c],
                [0x595e, 0x141a, 0x5866], [0x5eb2, 0x0fbe, 0x5b4e],
            ],
        },
        PiglitBc6h {
            mode: 0x1A,
            block: [0x9a, 0x5e, 0xf6, 0x16, 0xca, 0x07, 0x08, 0xdd,
                    0xcd, 0x12, 0xf5, 0x3d, 0xd8, 0xb8, 0xf0, 0x86],
            signed: [
                [0x8d10, 0x93dc, 0x0a52], [0x92e4, 0x93dc, 0x0554],
                [0x8ef8, 0x93dc, 0x08b0], [0x92e4, 0x93dc, 0x0554],
                [0x8d10, 0x93dc, 0x0a52], [0x8c1c, 0x93dc, 0x0b24],
                [0x8ef8, 0x93dc, 0x08b0], [0x8ef8, 0x93dc, 0x08b0],
                [0x9007, 0x93dc, 0x07c7], [0x8ef8, 0x93dc, 0x08b0],
                [0x8d10, 0x93dc, 0x0a52], [0x86db, 0x9b08, 0x8170],
                [0x92e4, 0x93dc, 0x0554], [0x91ef, 0x93dc, 0x0625],
                [0x864c, 0x90f4, 0x0934], [0x8691, 0x95db, 0x0406],
            ],
            unsigned: [
                [0x75f3, 0x728e, 0x0529], [0x730a, 0x728e, 0x02aa],
                [0x74ff, 0x728e, 0x0458], [0x730a, 0x728e, 0x02aa],
                [0x75f3, 0x728e, 0x0529], [0x766e, 0x728e, 0x0592],
                [0x74ff, 0x728e, 0x0458], [0x74ff, 0x728e, 0x0458],
                [0x7478, 0x728e, 0x03e3], [0x74ff, 0x728e, 0x0458],
                [0x75f3, 0x728e, 0x0529], [0x790e, 0x6ef7, 0x473f],
                [0x730a, 0x728e, 0x02aa], [0x7384, 0x728e, 0x0312],
                [0x7956, 0x7402, 0x049a], [0x7933, 0x718e, 0x2506],
            ],
        },
        PiglitBc6h {
            mode: 0x1E,
            block: [0x1e, 0x6a, 0x74, 0xed, 0x2f, 0x88, 0xc2, 0x80,
                    0x7d, 0x22, 0x15, 0x0f, 0x52, 0x64, 0x3a, 0x1d],
            signed: [
                [0x39f1, 0xc66a, 0xa226], [0x39f1, 0xc66a, 0xa226],
                [0x0d9f, 0xa31e, 0x9819], [0x01c1, 0xa9e6, 0x94b5],
                [0x3ff0, 0xdef0, 0xa8b0], [0x820f, 0xac14, 0x939e],
                [0x820f, 0xac14, 0x939e], [0x85df, 0xae42, 0x9287],
                [0x820f, 0xac14, 0x939e], [0x0d9f, 0xa31e, 0x9819],
                [0x05fe, 0xa77a, 0x95eb], [0x0d9f, 0xa31e, 0x9819],
                [0x85df, 0xae42, 0x9287], [0x09cf, 0xa54c, 0x9702],
                [0x01c1, 0xa9e6, 0x94b5], [0x89b0, 0xb070, 0x9170],
            ],
            unsigned: [
                [0x1cf8, 0x4905, 0x5b27], [0x1cf8, 0x4905, 0x5b27],
                [0x1885, 0x6c61, 0x71e3], [0x49af, 0x68fd, 0x7395],
                [0x1ff8, 0x4e78, 0x6998], [0x597d, 0x67e6, 0x7421],
                [0x597d, 0x67e6, 0x7421], [0x694a, 0x66cf, 0x74ac],
                [0x597d, 0x67e6, 0x7421], [0x1885, 0x6c61, 0x71e3],
                [0x3820, 0x6a33, 0x72fa], [0x1885, 0x6c61, 0x71e3],
                [0x694a, 0x66cf, 0x74ac], [0x2853, 0x6b4a, 0x726f],
                [0x49af, 0x68fd, 0x7395], [0x7918, 0x65b8, 0x7538],
            ],
        },
    ];

    #[test]
    fn bc6h_piglit_vectors() {
        for vector in &PIGLIT_BC6H {
            let low = vector.block[0]
                & if (vector.block[0] & 2) == 0 {
                    0x03
                } else {
                    0x1F
                };
            assert_eq!(low, vector.mode);
            assert_eq!(
                decode_bc6h_half(&vector.block, true),
                vector.signed,
                "signed mode {}",
                vector.mode
            );
            assert_eq!(
                decode_bc6h_half(&vector.block, false),
                vector.unsigned,
                "unsigned mode {}",
                vector.mode
            );
            assert_eq!(
                decode_bc6h(&vector.block, true),
                vector.signed.map(|t| t.map(half_to_f32))
            );
        }
    }
}
