//! A minimal PNG codec for the image tests: 8-bit RGBA, written with
//! uncompressed ("stored") deflate blocks; read back with all five row
//! filters but only stored blocks — enough for the references this crate
//! writes itself, and no dependency. A reference re-saved by another tool
//! (compressed) is reported, not misread.

fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &d in data {
        a = (a + d as u32) % 65521;
        b = (b + a) % 65521;
    }
    (b << 16) | a
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// Encodes `rgba` (`width * height * 4` bytes, top row first).
pub fn encode(width: u32, height: u32, rgba: &[u8]) -> Vec<u8> {
    assert_eq!(rgba.len(), (width * height * 4) as usize);
    let mut raw = Vec::with_capacity(rgba.len() + height as usize);
    for row in rgba.chunks_exact(width as usize * 4) {
        raw.push(0); // filter: none
        raw.extend_from_slice(row);
    }
    let mut z = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = raw.chunks(65535).collect();
    for (i, block) in blocks.iter().enumerate() {
        z.push((i + 1 == blocks.len()) as u8);
        let len = block.len() as u16;
        z.extend_from_slice(&len.to_le_bytes());
        z.extend_from_slice(&(!len).to_le_bytes());
        z.extend_from_slice(block);
    }
    z.extend_from_slice(&adler32(&raw).to_be_bytes());
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]); // 8-bit RGBA
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"IDAT", &z);
    chunk(&mut out, b"IEND", &[]);
    out
}

/// Decodes a PNG written by [`encode`]: `(width, height, rgba)`.
pub fn decode(png: &[u8]) -> Result<(u32, u32, Vec<u8>), String> {
    if png.get(..8) != Some(b"\x89PNG\r\n\x1a\n") {
        return Err("not a PNG".into());
    }
    let (mut pos, mut w, mut h) = (8, 0u32, 0u32);
    let mut z = Vec::new();
    while pos + 8 <= png.len() {
        let len = u32::from_be_bytes(png[pos..pos + 4].try_into().unwrap()) as usize;
        let kind = &png[pos + 4..pos + 8];
        let data = png.get(pos + 8..pos + 8 + len).ok_or("truncated chunk")?;
        match kind {
            b"IHDR" => {
                w = u32::from_be_bytes(data[0..4].try_into().unwrap());
                h = u32::from_be_bytes(data[4..8].try_into().unwrap());
                if data[8..13] != [8, 6, 0, 0, 0] {
                    return Err("only 8-bit RGBA, non-interlaced".into());
                }
            }
            b"IDAT" => z.extend_from_slice(data),
            b"IEND" => break,
            _ => {}
        }
        pos += 12 + len;
    }
    let mut raw = Vec::new();
    let mut p = 2;
    loop {
        let hdr = *z.get(p).ok_or("truncated zlib stream")?;
        if hdr >> 1 != 0 {
            return Err("compressed deflate blocks are not supported (re-bless)".into());
        }
        let len = u16::from_le_bytes([z[p + 1], z[p + 2]]) as usize;
        raw.extend_from_slice(z.get(p + 5..p + 5 + len).ok_or("truncated block")?);
        p += 5 + len;
        if hdr & 1 != 0 {
            break;
        }
    }
    let stride = w as usize * 4;
    if raw.len() != (stride + 1) * h as usize {
        return Err("image data size mismatch".into());
    }
    let mut out = vec![0u8; stride * h as usize];
    for y in 0..h as usize {
        let filter = raw[y * (stride + 1)];
        let src = &raw[y * (stride + 1) + 1..(y + 1) * (stride + 1)];
        for x in 0..stride {
            let a = if x >= 4 { out[y * stride + x - 4] } else { 0 } as i32;
            let b = if y > 0 { out[(y - 1) * stride + x] } else { 0 } as i32;
            let c = if x >= 4 && y > 0 {
                out[(y - 1) * stride + x - 4]
            } else {
                0
            } as i32;
            let pred = match filter {
                0 => 0,
                1 => a,
                2 => b,
                3 => (a + b) / 2,
                4 => {
                    let p = a + b - c;
                    let (pa, pb, pc) = ((p - a).abs(), (p - b).abs(), (p - c).abs());
                    if pa <= pb && pa <= pc {
                        a
                    } else if pb <= pc {
                        b
                    } else {
                        c
                    }
                }
                _ => return Err("bad filter".into()),
            };
            out[y * stride + x] = (src[x] as i32 + pred) as u8;
        }
    }
    Ok((w, h, out))
}

#[test]
fn round_trip() {
    let rgba: Vec<u8> = (0..3 * 2 * 4).map(|i| (i * 37) as u8).collect();
    let (w, h, back) = decode(&encode(3, 2, &rgba)).unwrap();
    assert_eq!((w, h), (3, 2));
    assert_eq!(back, rgba);
}
