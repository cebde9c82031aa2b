//! Implicitly sized local arrays (`float a[]; a[4] = 1.0;`): the shader itself gives
//! them their size, the largest constant index used plus one, so IR generation and
//! `length()` (GLSL 4.30, ARB_shader_storage_buffer_object) see a sized type.

use super::Checker;
use crate::sema::types::Type;

impl Checker<'_> {
    /// Sizes the declared type of every unsized local array from the indices used on it.
    /// A name that is also an unsized global is left to the linker, which sizes globals
    /// over the whole stage.
    pub(super) fn size_implicit_local_arrays(&mut self) {
        let mut sizes: Vec<(String, u32)> = Vec::new();
        for ((depth, name), index) in &self.unsized_indices {
            if *depth <= 2 || self.interface.globals.iter().any(|g| g.name == *name) {
                continue;
            }
            let size = (*index + 1).max(1) as u32;
            match sizes.iter_mut().find(|(n, _)| n == name) {
                Some((_, s)) => *s = (*s).max(size),
                None => sizes.push((name.clone(), size)),
            }
        }
        for (key, ty) in self.interface.declared_types.iter_mut() {
            let Type::Array(element, None) = ty else { continue };
            if let Some((_, n)) = sizes.iter().find(|(name, _)| *name == key.2) {
                *ty = Type::Array(element.clone(), Some(*n));
            }
        }
    }
}
