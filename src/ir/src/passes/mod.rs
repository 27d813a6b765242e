//! The passes, one per file, all with the signature
//! `fn opt_x(shader: &mut Shader) -> bool` (true = the shader changed).
//! Tests run the validator after every pass; [`optimize`] is the standard
//! pipeline the front ends run.

use crate::*;

mod algebraic;
mod constant_fold;
mod copy_prop;
mod copy_prop_vars;
mod cse;
mod dce;
mod inline;
mod pow;

pub use algebraic::{RULES, Rule, opt_algebraic, opt_algebraic_inexact};
pub use constant_fold::opt_constant_fold;
pub use copy_prop::opt_copy_prop;
pub use copy_prop_vars::opt_copy_prop_vars;
pub use cse::opt_cse;
pub use dce::opt_dce;
pub use inline::{INLINE_LIMIT, inline, inlined_sizes};
pub use pow::{MAX_POW, opt_pow};

/// A pass.
pub type Pass = fn(&mut Shader) -> bool;

/// Every pass by its name (filetests say `; run: opt_dce`).
pub const PASSES: &[(&str, Pass)] = &[
    ("inline", inline),
    ("opt_constant_fold", opt_constant_fold),
    ("opt_copy_prop", opt_copy_prop),
    ("opt_copy_prop_vars", opt_copy_prop_vars),
    ("opt_dce", opt_dce),
    ("opt_cse", opt_cse),
    ("opt_algebraic", opt_algebraic),
    ("opt_algebraic_inexact", opt_algebraic_inexact),
    ("opt_pow", opt_pow),
    ("optimize", optimize),
    ("optimize_inexact", optimize_inexact),
];

/// The pass called `name`.
pub fn by_name(name: &str) -> Option<Pass> {
    PASSES.iter().find(|(n, _)| *n == name).map(|(_, p)| *p)
}

/// The standard pipeline: inline everything, then constant folding,
/// store-to-load forwarding, copy propagation, exact algebraic rules, CSE and
/// DCE until nothing changes (at most 16 rounds).
pub fn optimize(shader: &mut Shader) -> bool {
    pipeline(shader, opt_algebraic)
}

/// [`optimize`] with every algebraic rule, the inexact ones included
/// (`x * 0.0 -> 0.0`, `x + 0.0 -> x`, ...): for shaders that use neither
/// `precise` nor `invariant`, where GLSL does not require −0.0, ∞ and NaN
/// to survive (Mesa's NIR applies its `~` rules there too). A texture read
/// multiplied by a zero weight then goes away with its multiplication, and
/// `pow` with a constant whole exponent becomes multiplications
/// ([`opt_pow`]).
pub fn optimize_inexact(shader: &mut Shader) -> bool {
    pipeline(shader, |s| opt_algebraic_inexact(s) | opt_pow(s))
}

fn pipeline(shader: &mut Shader, algebraic: Pass) -> bool {
    let mut changed = inline(shader);
    for _ in 0..16 {
        let mut progress = false;
        progress |= opt_constant_fold(shader);
        progress |= opt_copy_prop_vars(shader);
        progress |= opt_copy_prop(shader);
        progress |= algebraic(shader);
        progress |= opt_cse(shader);
        progress |= opt_dce(shader);
        changed |= progress;
        if !progress {
            break;
        }
    }
    changed
}

/// Runs `f` on every function; true if any call returned true.
pub(crate) fn each_func(shader: &mut Shader, mut f: impl FnMut(&mut Function) -> bool) -> bool {
    let mut changed = false;
    for h in shader.funcs.handles() {
        changed |= f(&mut shader.funcs[h]);
    }
    changed
}

/// Follows a replacement map to its end (`a -> b -> c` gives `c`).
pub(crate) fn resolve(map: &std::collections::HashMap<Value, Value>, mut v: Value) -> Value {
    while let Some(n) = map.get(&v) {
        v = *n;
    }
    v
}

#[cfg(test)]
pub(crate) mod test_util {
    use crate::*;

    /// Parses, runs `pass`, validates, and returns (progress, printed IR).
    pub fn run(src: &str, pass: super::Pass) -> (bool, String) {
        let mut s = text::parse(src).unwrap_or_else(|e| panic!("{e}"));
        valid::validate(&s).unwrap_or_else(|e| panic!("input: {e}"));
        let progress = pass(&mut s);
        valid::validate(&s).unwrap_or_else(|e| panic!("after pass: {e}\n{s}"));
        (progress, text::print(&s))
    }

    /// The body lines of the printed entry function, trimmed.
    pub fn body(printed: &str) -> Vec<String> {
        printed
            .lines()
            .skip_while(|l| !l.starts_with("func"))
            .skip(1)
            .take_while(|l| *l != "}")
            .map(|l| l.trim().to_owned())
            .collect()
    }
}
