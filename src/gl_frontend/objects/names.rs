//! GL object names: generated, bound into existence, deleted.

use std::collections::HashMap;

/// A name's life: glGen* reserves it; the first bind (or glCreate*) makes the object.
#[derive(Debug)]
enum Slot<T> {
    Reserved,
    Object(T),
}

/// The objects of one GL namespace.
#[derive(Debug)]
pub struct NameTable<T> {
    slots: HashMap<u32, Slot<T>>,
    next: u32,
}

impl<T> Default for NameTable<T> {
    fn default() -> Self {
        NameTable { slots: HashMap::new(), next: 1 }
    }
}

impl<T> NameTable<T> {
    /// Reserves a fresh name (glGen*). Names are never 0.
    pub fn generate(&mut self) -> u32 {
        while self.next == 0 || self.slots.contains_key(&self.next) {
            self.next = self.next.wrapping_add(1);
        }
        let name = self.next;
        self.slots.insert(name, Slot::Reserved);
        self.next = self.next.wrapping_add(1);
        name
    }

    /// True once an object exists under `name` (what glIs* reports).
    pub fn exists(&self, name: u32) -> bool {
        matches!(self.slots.get(&name), Some(Slot::Object(_)))
    }

    /// True once `name` was generated or bound, whether or not an object exists yet.
    pub fn is_known(&self, name: u32) -> bool {
        self.slots.contains_key(&name)
    }

    pub fn insert(&mut self, name: u32, object: T) {
        self.slots.insert(name, Slot::Object(object));
    }

    pub fn get(&self, name: u32) -> Option<&T> {
        match self.slots.get(&name) {
            Some(Slot::Object(o)) => Some(o),
            _ => None,
        }
    }

    pub fn get_mut(&mut self, name: u32) -> Option<&mut T> {
        match self.slots.get_mut(&name) {
            Some(Slot::Object(o)) => Some(o),
            _ => None,
        }
    }

    /// The object under `name`, created with `make` if the name is only reserved (or, when
    /// `allow_unreserved`, unknown, as compatibility profiles allow).
    pub fn get_or_create(&mut self, name: u32, allow_unreserved: bool, make: impl FnOnce() -> T) -> Option<&mut T> {
        let slot = match self.slots.get(&name) {
            Some(_) => self.slots.get_mut(&name)?,
            None if allow_unreserved => self.slots.entry(name).or_insert(Slot::Reserved),
            None => return None,
        };
        if matches!(slot, Slot::Reserved) {
            *slot = Slot::Object(make());
        }
        match slot {
            Slot::Object(o) => Some(o),
            Slot::Reserved => None,
        }
    }

    /// Deletes a name; returns the object if one existed.
    pub fn remove(&mut self, name: u32) -> Option<T> {
        match self.slots.remove(&name) {
            Some(Slot::Object(o)) => Some(o),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_names_exist_only_after_creation() {
        let mut table: NameTable<u8> = NameTable::default();
        let a = table.generate();
        let b = table.generate();
        assert_ne!(a, 0);
        assert_ne!(a, b);
        assert!(!table.exists(a));
        assert_eq!(table.get_or_create(a, false, || 7).copied(), Some(7));
        assert!(table.exists(a));
        assert!(table.get_or_create(999, false, || 1).is_none());
        assert_eq!(table.remove(a), Some(7));
        assert!(table.get_or_create(a, false, || 1).is_none());
    }
}

impl<T> NameTable<T> {
    /// Every existing object.
    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.slots.values().filter_map(|s| match s {
            Slot::Object(o) => Some(o),
            Slot::Reserved => None,
        })
    }

    /// Every existing object with its name.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &T)> {
        self.slots.iter().filter_map(|(n, s)| match s {
            Slot::Object(o) => Some((*n, o)),
            Slot::Reserved => None,
        })
    }
}
