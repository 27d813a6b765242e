//! Object names (GL 4.6 §2.6.1): one [`Namespace`] per kind of object
//! that `glGen*` names — buffers, textures, samplers, renderbuffers,
//! framebuffers, vertex arrays, queries, transform feedback objects.
//!
//! A name is in one of three states: unused; *generated* (reserved by
//! `glGen*`, no object yet: `glIs*` is false); or *bound* (it has its
//! object, made by the first bind or by `glCreate*`). Deleting makes it
//! unused again. Name 0 is never generated.

use std::collections::HashMap;

use crate::error::{ApiError, ApiResult, name_count, try_vec};

/// The names of one kind of object and the objects they have.
#[derive(Clone, Debug)]
pub struct Namespace<T> {
    entries: HashMap<u32, Option<T>>,
    /// The last name generated: the search for unused names resumes after
    /// it, so names come in increasing order, skipping those in use, and
    /// wrap at 2^32 past 0.
    last: u32,
}

impl<T> Default for Namespace<T> {
    fn default() -> Self {
        Namespace {
            entries: HashMap::new(),
            last: 0,
        }
    }
}

impl<T> Namespace<T> {
    /// `glGen*`: `n` unused names, now generated. INVALID_VALUE for a
    /// negative `n`, OUT_OF_MEMORY above
    /// [`MAX_NAMES_PER_CALL`](crate::error::MAX_NAMES_PER_CALL).
    pub fn generate(&mut self, n: i32) -> ApiResult<Vec<u32>> {
        let n = name_count(n)?;
        let mut out = try_vec(n)?;
        while out.len() < n {
            self.last = self.last.wrapping_add(1).max(1);
            if let std::collections::hash_map::Entry::Vacant(e) = self.entries.entry(self.last) {
                e.insert(None);
                out.push(self.last);
            }
        }
        Ok(out)
    }

    /// [`Namespace::generate`] for a kind whose objects exist from the
    /// start (samplers, queries): each new name gets `make()` at once.
    pub fn generate_with(&mut self, n: i32, mut make: impl FnMut() -> T) -> ApiResult<Vec<u32>> {
        let names = self.generate(n)?;
        for &name in &names {
            self.insert(name, make());
        }
        Ok(names)
    }

    /// Whether `name` is generated or bound (not unused).
    pub fn is_generated(&self, name: u32) -> bool {
        self.entries.contains_key(&name)
    }

    /// Whether `name` has its object (`glIs*`).
    pub fn exists(&self, name: u32) -> bool {
        matches!(self.entries.get(&name), Some(Some(_)))
    }

    /// The object of `name`.
    pub fn get(&self, name: u32) -> Option<&T> {
        self.entries.get(&name).and_then(Option::as_ref)
    }

    /// The object of `name`, mutable.
    pub fn get_mut(&mut self, name: u32) -> Option<&mut T> {
        self.entries.get_mut(&name).and_then(Option::as_mut)
    }

    /// The object of `name` for a bind: the existing one, else one made by
    /// `make` for a generated name — or, in a compatibility context, for an
    /// unused one (GL 4.6 compatibility §2.6.1 lets binding create names;
    /// the core profile does not: INVALID_OPERATION).
    pub fn bind(&mut self, name: u32, core: bool, make: impl FnOnce() -> T) -> ApiResult<&mut T> {
        if core && !self.entries.contains_key(&name) {
            return Err(ApiError::InvalidOperation);
        }
        Ok(self
            .entries
            .entry(name)
            .or_insert(None)
            .get_or_insert_with(make))
    }

    /// Gives `name` the object `obj` (a `glCreate*` name, or a generated
    /// name given its object another way), replacing any it had.
    pub fn insert(&mut self, name: u32, obj: T) {
        self.entries.insert(name, Some(obj));
    }

    /// Takes the object out of `name` for a while, the name staying
    /// generated; [`Namespace::insert`] puts it back.
    pub fn take(&mut self, name: u32) -> Option<T> {
        self.entries.get_mut(&name).and_then(Option::take)
    }

    /// `glDelete*` of one name: unused again. `None` when it was unused;
    /// `Some(None)` when it was only generated.
    pub fn remove(&mut self, name: u32) -> Option<Option<T>> {
        self.entries.remove(&name)
    }

    /// The names that have objects, with them, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &T)> {
        self.entries
            .iter()
            .filter_map(|(&n, o)| o.as_ref().map(|o| (n, o)))
    }

    /// [`Namespace::iter`], mutable.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (u32, &mut T)> {
        self.entries
            .iter_mut()
            .filter_map(|(&n, o)| o.as_mut().map(|o| (n, o)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_go_through_generated_bound_and_unused() {
        let mut ns: Namespace<&str> = Namespace::default();
        assert_eq!(ns.generate(3), Ok(vec![1, 2, 3]));
        assert!(ns.is_generated(2) && !ns.exists(2));
        assert_eq!(ns.bind(2, true, || "two").copied(), Ok("two"));
        assert!(ns.exists(2));
        // A bound object stays what it is.
        assert_eq!(ns.bind(2, true, || "other").copied(), Ok("two"));
        // Core: an unused name cannot be bound; compatibility creates it.
        assert_eq!(
            ns.bind(7, true, || "seven"),
            Err(ApiError::InvalidOperation)
        );
        assert!(!ns.is_generated(7));
        assert_eq!(ns.bind(7, false, || "seven").copied(), Ok("seven"));
        // The next names skip 7, in use.
        assert_eq!(ns.generate(5), Ok(vec![4, 5, 6, 8, 9]));
        assert_eq!(ns.remove(2), Some(Some("two")));
        assert_eq!(ns.remove(1), Some(None));
        assert_eq!(ns.remove(1), None);
        let mut live: Vec<u32> = ns.iter().map(|(n, _)| n).collect();
        live.sort_unstable();
        assert_eq!(live, vec![7]);
        assert_eq!(ns.generate(-1), Err(ApiError::InvalidValue));
        assert_eq!(ns.generate(0), Ok(vec![]));
        // Kinds whose objects exist from glGen*.
        assert_eq!(ns.generate_with(2, || "made"), Ok(vec![10, 11]));
        assert!(ns.exists(10) && ns.exists(11));
    }

    #[test]
    fn generation_wraps_past_the_last_name_and_skips_zero() {
        let mut ns: Namespace<()> = Namespace {
            entries: HashMap::new(),
            last: u32::MAX - 1,
        };
        ns.insert(1, ());
        assert_eq!(ns.generate(3), Ok(vec![u32::MAX, 2, 3]));
    }
}
