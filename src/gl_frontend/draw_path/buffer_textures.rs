//! The texel buffer views samplerBuffer uniforms read: the buffer texture bound to each
//! sampler's unit, viewed on its buffer's current GPU storage for one draw or dispatch.

use vk_backend::{Buffer as GpuBuffer, BufferDesc, BufferView, Format, MemoryHint};

use crate::context::ContextState;
use crate::draw_path::draw::SamplerSlot;
use crate::objects::texture_buffer::buffer_texture_format;
use crate::objects::texture_target;
use crate::types::enums::*;
use crate::types::*;

/// Whether a sampler of GLSL type `sampler_type` reads a buffer texture.
pub(crate) fn is_buffer_sampler(sampler_type: GLenum) -> bool {
    matches!(sampler_type, GL_SAMPLER_BUFFER | GL_INT_SAMPLER_BUFFER | GL_UNSIGNED_INT_SAMPLER_BUFFER)
}

impl ContextState {
    /// A view for each buffer sampler element of `slots`, as (binding, element, view). A
    /// unit without a buffer texture (or one without a buffer) reads a zeroed buffer: GL
    /// leaves the values undefined, the descriptor still needs a view of the sampler's kind.
    pub(crate) fn buffer_textures(&mut self, slots: &[SamplerSlot]) -> Result<Vec<(u32, u32, BufferView)>, vk_backend::Error> {
        let mut out = Vec::new();
        let index = texture_target::target_index(GL_TEXTURE_BUFFER);
        for &(binding, element, unit, sampler_type) in slots.iter().filter(|s| is_buffer_sampler(s.3)) {
            let name = index.and_then(|i| self.bindings.textures.get(unit as usize).map(|t| t[i])).unwrap_or(0);
            let attached = self.share.lock().textures.get(name).filter(|_| name != 0).and_then(|t| t.buffer);
            let mut view = None;
            if let Some(tb) = attached {
                if let (Some(format), Some(buffer)) = (buffer_texture_format(tb.internal_format), self.gpu_buffer(tb.buffer)?) {
                    let size = tb.size.unwrap_or(u64::MAX);
                    view = BufferView::new(&buffer, format, tb.offset, size).ok();
                }
            }
            let view = match view {
                Some(v) => v,
                None => {
                    let format = match sampler_type {
                        GL_INT_SAMPLER_BUFFER => Format::Rgba32Sint,
                        GL_UNSIGNED_INT_SAMPLER_BUFFER => Format::Rgba32Uint,
                        _ => Format::Rgba32Float,
                    };
                    self.zeroed_texel_buffer(format)?
                }
            };
            out.push((binding, element, view));
        }
        Ok(out)
    }

    /// A zeroed 16-byte texel buffer of `format`, for a buffer sampler or buffer image
    /// whose unit has no buffer texture: GL leaves what it reads undefined, the
    /// descriptor still needs a view.
    pub(crate) fn zeroed_texel_buffer(&mut self, format: Format) -> Result<BufferView, vk_backend::Error> {
        let zeros = GpuBuffer::new(&self.device, &BufferDesc { size: 16, memory: MemoryHint::HostVisible })?;
        self.stream.write_buffer(&zeros, 0, &[0; 16])?;
        BufferView::new(&zeros, format, 0, 16)
    }
}
