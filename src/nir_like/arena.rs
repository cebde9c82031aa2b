//! Arenas addressed by typed handles: IR nodes refer to each other by cheap, copyable
//! indices instead of references, so the IR has no lifetimes and prints and compares easily.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

/// Index of a `T` inside an [`Arena<T>`].
pub struct Handle<T> {
    index: u32,
    _marker: PhantomData<fn() -> T>,
}

impl<T> Handle<T> {
    /// Builds a handle from a raw index; only meaningful for the arena it came from.
    pub fn from_index(index: usize) -> Self {
        Handle {
            index: index as u32,
            _marker: PhantomData,
        }
    }

    /// The position of the item in its arena.
    pub fn index(self) -> usize {
        self.index as usize
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
        self.index.hash(state)
    }
}
impl<T> fmt::Debug for Handle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.index)
    }
}

/// Append-only storage of `T`s; a handle stays valid for the arena's lifetime.
#[derive(Clone, Debug, PartialEq)]
pub struct Arena<T> {
    items: Vec<T>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena { items: Vec::new() }
    }
}

impl<T> Arena<T> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn append(&mut self, item: T) -> Handle<T> {
        self.items.push(item);
        Handle::from_index(self.items.len() - 1)
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The item, or `None` for a handle from another arena that points past the end.
    pub fn try_get(&self, handle: Handle<T>) -> Option<&T> {
        self.items.get(handle.index())
    }

    pub fn iter(&self) -> impl Iterator<Item = (Handle<T>, &T)> {
        self.items
            .iter()
            .enumerate()
            .map(|(i, t)| (Handle::from_index(i), t))
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = (Handle<T>, &mut T)> {
        self.items
            .iter_mut()
            .enumerate()
            .map(|(i, t)| (Handle::from_index(i), t))
    }

    pub fn handles(&self) -> impl Iterator<Item = Handle<T>> {
        (0..self.items.len()).map(Handle::from_index)
    }
}

impl<T> std::ops::Index<Handle<T>> for Arena<T> {
    type Output = T;
    fn index(&self, handle: Handle<T>) -> &T {
        &self.items[handle.index()]
    }
}

impl<T> std::ops::IndexMut<Handle<T>> for Arena<T> {
    fn index_mut(&mut self, handle: Handle<T>) -> &mut T {
        &mut self.items[handle.index()]
    }
}

/// An arena that stores each distinct value once, so equal types share one handle.
#[derive(Clone, Debug)]
pub struct UniqueArena<T: Eq + Hash + Clone> {
    arena: Arena<T>,
    lookup: std::collections::HashMap<T, Handle<T>>,
}

impl<T: Eq + Hash + Clone> Default for UniqueArena<T> {
    fn default() -> Self {
        UniqueArena {
            arena: Arena::new(),
            lookup: Default::default(),
        }
    }
}

impl<T: Eq + Hash + Clone> UniqueArena<T> {
    pub fn new() -> Self {
        Self::default()
    }

    /// The handle of `item`, adding it if it is not stored yet.
    pub fn insert(&mut self, item: T) -> Handle<T> {
        if let Some(&h) = self.lookup.get(&item) {
            return h;
        }
        let h = self.arena.append(item.clone());
        self.lookup.insert(item, h);
        h
    }

    pub fn len(&self) -> usize {
        self.arena.len()
    }

    pub fn is_empty(&self) -> bool {
        self.arena.is_empty()
    }

    pub fn try_get(&self, handle: Handle<T>) -> Option<&T> {
        self.arena.try_get(handle)
    }

    pub fn iter(&self) -> impl Iterator<Item = (Handle<T>, &T)> {
        self.arena.iter()
    }
}

impl<T: Eq + Hash + Clone> std::ops::Index<Handle<T>> for UniqueArena<T> {
    type Output = T;
    fn index(&self, handle: Handle<T>) -> &T {
        &self.arena[handle]
    }
}
