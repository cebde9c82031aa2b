//! The objects contexts share: buffers, textures, samplers, shaders and programs,
//! renderbuffers and syncs. Container objects (vertex arrays, framebuffers) are per context.

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
    pub fn lock(&self) -> MutexGuard<'_, SharedObjects> {
        // A panic while locked was already reported as a GL error; the tables stay usable.
        self.objects.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn lock_lists(&self) -> MutexGuard<'_, crate::state::display_list::DisplayLists> {
        self.lists.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
