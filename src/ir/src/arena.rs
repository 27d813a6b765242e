//! Arenas and typed handles: the storage of every IR entity.
//!
//! An [`Arena<T>`] is an append-only vector; a [`Handle<T>`] is a `u32` index
//! into one, typed so that a value handle cannot index the block arena. Handles
//! are `Copy`, hash and compare as integers, and stay valid for the life of the
//! arena: passes never remove entries, they unlink them from the block tree,
//! and the serializer and printer renumber what is still reachable (shape of
//! naga's `arena` module and Cranelift's entities).

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

/// A typed index into an [`Arena<T>`].
pub struct Handle<T> {
    index: u32,
    marker: PhantomData<fn() -> T>,
}

impl<T> Handle<T> {
    /// The handle of entry `index`. Only meaningful for the arena it came from.
    pub const fn new(index: u32) -> Self {
        Handle {
            index,
            marker: PhantomData,
        }
    }

    /// The entry's position in its arena.
    pub const fn index(self) -> usize {
        self.index as usize
    }

    /// The raw `u32` (serialized form).
    pub const fn raw(self) -> u32 {
        self.index
    }
}

impl<T> Clone for Handle<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Handle<T> {}
impl<T> PartialEq for Handle<T> {
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
    }
}
impl<T> Eq for Handle<T> {}
impl<T> PartialOrd for Handle<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Handle<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.index.cmp(&other.index)
    }
}
impl<T> Hash for Handle<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.index.hash(state);
    }
}
impl<T> fmt::Debug for Handle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = std::any::type_name::<T>();
        let short = name.rsplit("::").next().unwrap_or(name);
        write!(f, "{short}#{}", self.index)
    }
}

/// Append-only storage addressed by [`Handle<T>`].
#[derive(Clone, PartialEq)]
pub struct Arena<T> {
    data: Vec<T>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena { data: Vec::new() }
    }
}

impl<T: fmt::Debug> fmt::Debug for Arena<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<T> Arena<T> {
    /// An empty arena.
    pub fn new() -> Self {
        Self::default()
    }

    /// Stores `value` and returns its handle.
    ///
    /// # Panics
    /// When the arena already holds `u32::MAX` entries.
    pub fn append(&mut self, value: T) -> Handle<T> {
        let index = u32::try_from(self.data.len()).expect("arena overflow");
        self.data.push(value);
        Handle::new(index)
    }

    /// Number of entries ever appended.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Whether nothing was ever appended.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The entry of `handle`, or `None` when it is out of range.
    pub fn get(&self, handle: Handle<T>) -> Option<&T> {
        self.data.get(handle.index())
    }

    /// Whether `handle` indexes an entry of this arena.
    pub fn contains(&self, handle: Handle<T>) -> bool {
        handle.index() < self.data.len()
    }

    /// All entries with their handles, in order of appending.
    pub fn iter(&self) -> impl Iterator<Item = (Handle<T>, &T)> {
        self.data
            .iter()
            .enumerate()
            .map(|(i, v)| (Handle::new(i as u32), v))
    }

    /// All handles, in order of appending.
    pub fn handles(&self) -> impl Iterator<Item = Handle<T>> + use<T> {
        (0..self.data.len() as u32).map(Handle::new)
    }
}

impl<T> std::ops::Index<Handle<T>> for Arena<T> {
    type Output = T;
    fn index(&self, handle: Handle<T>) -> &T {
        &self.data[handle.index()]
    }
}

impl<T> std::ops::IndexMut<Handle<T>> for Arena<T> {
    fn index_mut(&mut self, handle: Handle<T>) -> &mut T {
        &mut self.data[handle.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn append_and_index() {
        let mut a = Arena::new();
        let x = a.append(10);
        let y = a.append(20);
        assert_eq!(a[x], 10);
        assert_eq!(a[y], 20);
        assert_eq!(y.index(), 1);
        assert!(a.contains(y));
        assert!(!a.contains(Handle::new(2)));
        assert_eq!(a.handles().collect::<Vec<_>>(), vec![x, y]);
        assert_eq!(format!("{x:?}"), "i32#0");
    }
}
