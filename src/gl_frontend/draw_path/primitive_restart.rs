//! Primitive restart: GL_PRIMITIVE_RESTART_FIXED_INDEX restarts at the index type's largest
//! value, as Vulkan does; GL_PRIMITIVE_RESTART restarts at glPrimitiveRestartIndex's value,
//! which Vulkan cannot. A draw whose restart index is not the type's largest value draws
//! from a copy of its indices with each restart index turned into 0xFFFFFFFF.

use crate::context::ContextState;
use crate::state::enables::Cap;
use crate::types::enums::*;
use crate::types::*;

/// How one indexed draw restarts primitives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Restart {
    /// No restart: every index is a vertex.
    Off,
    /// The index type's largest value restarts, as in Vulkan.
    Native,
    /// This value restarts: the indices are rewritten.
    Rewritten(u32),
}

/// The largest value of a GL index type.
pub(crate) fn largest_index(ty: GLenum) -> u32 {
    match ty {
        GL_UNSIGNED_BYTE => 0xFF,
        GL_UNSIGNED_SHORT => 0xFFFF,
        _ => 0xFFFF_FFFF,
    }
}

/// `indices` with each `restart` value turned into Vulkan's u32 restart value.
pub(crate) fn rewrite_restart_indices(indices: &mut [u32], restart: u32) {
    for i in indices.iter_mut().filter(|i| **i == restart) {
        *i = u32::MAX;
    }
}

impl ContextState {
    /// glPrimitiveRestartIndex.
    pub(crate) fn gl_primitive_restart_index(&mut self, index: GLuint) {
        self.state.primitive_restart_index = index;
    }

    /// How a draw with indices of type `ty` restarts.
    pub(crate) fn restart_for(&self, ty: GLenum) -> Restart {
        let e = &self.state.enables;
        if e.is(Cap::PrimitiveRestartFixedIndex) {
            return Restart::Native;
        }
        if self.is_gles() || !e.is(Cap::PrimitiveRestart) {
            return Restart::Off;
        }
        let index = self.state.primitive_restart_index;
        if index == largest_index(ty) {
            Restart::Native
        } else if index > largest_index(ty) {
            // No index of this type can equal it.
            Restart::Off
        } else {
            Restart::Rewritten(index)
        }
    }
}
