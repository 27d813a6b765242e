//! Interned strings: identifiers and number spellings become `Sym` handles
//! once, in the preprocessor, and the AST keeps the handles. Macro lookup,
//! scope lookup and comparisons are then integer operations.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// An interned string (an index into `Names`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sym(pub u32);

/// FxHash (rustc's hasher): identifiers are short and not adversarial enough
/// to need SipHash; this keeps interning and macro lookup cheap.
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let v = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(SEED);
        }
        for &b in chunks.remainder() {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(SEED);
        }
    }

    fn write_u32(&mut self, i: u32) {
        self.0 = (self.0.rotate_left(5) ^ u64::from(i)).wrapping_mul(SEED);
    }

    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(SEED);
    }

    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A `HashMap` with `FxHasher`.
pub type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// The interner.
#[derive(Clone, Debug, Default)]
pub struct Names {
    map: FxHashMap<Box<str>, Sym>,
    strs: Vec<Box<str>>,
}

impl Names {
    /// An empty interner.
    pub fn new() -> Names {
        Names::default()
    }

    /// The handle of `s`, interning it on first use.
    pub fn intern(&mut self, s: &str) -> Sym {
        if let Some(&sym) = self.map.get(s) {
            return sym;
        }
        let sym = Sym(u32::try_from(self.strs.len()).unwrap_or(u32::MAX));
        self.strs.push(s.into());
        self.map.insert(s.into(), sym);
        sym
    }

    /// The handle of `s` if it was interned.
    pub fn get(&self, s: &str) -> Option<Sym> {
        self.map.get(s).copied()
    }

    /// The string of `sym`.
    pub fn str(&self, sym: Sym) -> &str {
        self.strs.get(sym.0 as usize).map_or("", |s| s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_is_stable() {
        let mut n = Names::new();
        let a = n.intern("foo");
        let b = n.intern("bar");
        assert_ne!(a, b);
        assert_eq!(n.intern("foo"), a);
        assert_eq!(n.str(b), "bar");
        assert_eq!(n.get("baz"), None);
    }
}
