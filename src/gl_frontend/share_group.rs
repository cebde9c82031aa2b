//! The objects contexts share: buffers, textures, samplers, shaders and programs,
//! renderbuffers and syncs. Container objects (vertex arrays, framebuffers) are per context.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

use crate::objects::buffer::Buffer;
use crate::objects::names::NameTable;
use crate::objects::program::ShaderOrProgram;
use crate::objects::renderbuffer::Renderbuffer;
use crate::objects::sampler::Sampler;
use crate::objects::sync::Fence;
use crate::objects::texture::Texture;

/// The shared namespaces, behind one lock (held only for the duration of one GL command).
#[derive(Default)]
pub struct ShareGroup {
    objects: Mutex<SharedObjects>,
    /// Display lists (compatibility profile), apart so a list runs without the object lock.
    lists: Mutex<crate::state::display_list::DisplayLists>,
    /// Bumped whenever a texture's images or parameters or a sampler's parameters change,
    /// so every context sharing them knows to derive its per-draw keys again.
    texture_generation: AtomicU64,
}

#[derive(Default)]
pub struct SharedObjects {
    pub buffers: NameTable<Buffer>,
    pub textures: NameTable<Texture>,
    pub samplers: NameTable<Sampler>,
    /// Shaders and programs share one namespace in GL.
    pub shader_objects: NameTable<ShaderOrProgram>,
    pub renderbuffers: NameTable<Renderbuffer>,
    pub syncs: NameTable<Fence>,
}

impl ShareGroup {
    /// A texture or sampler object of the group changed.
    pub fn texture_objects_changed(&self) {
        self.texture_generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Changes on every `texture_objects_changed`, in any context of the group.
    pub fn texture_generation(&self) -> u64 {
        self.texture_generation.load(Ordering::Relaxed)
    }

    pub fn lock(&self) -> MutexGuard<'_, SharedObjects> {
        // A panic while locked was already reported as a GL error; the tables stay usable.
        self.objects.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn lock_lists(&self) -> MutexGuard<'_, crate::state::display_list::DisplayLists> {
        self.lists.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl crate::context::ContextState {
    /// Texture or sampler objects changed: this context's draws work out their texture-derived
    /// keys again, and so do those of every context sharing the objects.
    pub(crate) fn texture_objects_changed(&mut self, also: crate::state::Dirty) {
        self.state.dirty.insert(crate::state::Dirty::TEXTURES | also);
        self.share.texture_objects_changed();
    }

    /// Marks this context's textures dirty when texture or sampler objects changed in any
    /// context of the share group since it last looked; called before each draw.
    pub(crate) fn note_shared_texture_changes(&mut self) {
        let generation = self.share.texture_generation();
        if generation != self.seen_texture_generation {
            self.seen_texture_generation = generation;
            self.state.dirty.insert(crate::state::Dirty::TEXTURES);
        }
    }
}
