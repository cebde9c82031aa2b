//! GL's implicit synchronisation made explicit: each resource remembers its last write, the
//! reads since, and (for images) its layout, so every barrier is derived from what happened.

use ash::vk;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// One barrier a use of a resource needs first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Barrier {
    pub src_stages: vk::PipelineStageFlags2,
    pub src_access: vk::AccessFlags2,
    pub dst_stages: vk::PipelineStageFlags2,
    pub dst_access: vk::AccessFlags2,
    pub old_layout: vk::ImageLayout,
    pub new_layout: vk::ImageLayout,
}

/// The access history of one resource since its last write.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ResourceSync {
    write_stages: vk::PipelineStageFlags2,
    write_access: vk::AccessFlags2,
    visible_stages: vk::PipelineStageFlags2,
    visible_access: vk::AccessFlags2,
    read_stages: vk::PipelineStageFlags2,
    pub layout: vk::ImageLayout,
}

impl ResourceSync {
    /// A resource nothing has touched: buffers start here with `UNDEFINED` (ignored).
    pub fn new(layout: vk::ImageLayout) -> Self {
        ResourceSync {
            write_stages: vk::PipelineStageFlags2::NONE,
            write_access: vk::AccessFlags2::NONE,
            visible_stages: vk::PipelineStageFlags2::NONE,
            visible_access: vk::AccessFlags2::NONE,
            read_stages: vk::PipelineStageFlags2::NONE,
            layout,
        }
    }

    /// Records a read at `stages`/`access` needing `layout`; returns the barrier it needs.
    pub fn read(&mut self, stages: vk::PipelineStageFlags2, access: vk::AccessFlags2, layout: vk::ImageLayout) -> Option<Barrier> {
        if layout != self.layout {
            let barrier = Barrier {
                src_stages: self.write_stages | self.read_stages,
                src_access: self.write_access,
                dst_stages: stages,
                dst_access: access,
                old_layout: self.layout,
                new_layout: layout,
            };
            // The transition is itself a write, ordered before `stages` and visible to them.
            self.write_stages = stages;
            self.write_access = vk::AccessFlags2::NONE;
            self.visible_stages = stages;
            self.visible_access = access;
            self.read_stages = stages;
            self.layout = layout;
            return Some(barrier);
        }
        let visible = self.visible_stages.contains(stages) && self.visible_access.contains(access);
        let needs = !self.write_stages.is_empty() && !visible;
        self.read_stages |= stages;
        if !needs {
            return None;
        }
        self.visible_stages |= stages;
        self.visible_access |= access;
        Some(Barrier {
            src_stages: self.write_stages,
            src_access: self.write_access,
            dst_stages: stages,
            dst_access: access,
            old_layout: layout,
            new_layout: layout,
        })
    }

    /// Records a write at `stages`/`access` in `layout`; `discard` says the old contents do not
    /// matter (the layout transition may start from UNDEFINED).
    pub fn write(
        &mut self,
        stages: vk::PipelineStageFlags2,
        access: vk::AccessFlags2,
        layout: vk::ImageLayout,
        discard: bool,
    ) -> Option<Barrier> {
        let pending = !self.write_stages.is_empty() || !self.read_stages.is_empty();
        let barrier = (pending || layout != self.layout).then(|| Barrier {
            src_stages: self.write_stages | self.read_stages,
            src_access: self.write_access,
            dst_stages: stages,
            dst_access: access,
            old_layout: if discard { vk::ImageLayout::UNDEFINED } else { self.layout },
            new_layout: layout,
        });
        self.write_stages = stages;
        self.write_access = access;
        self.visible_stages = vk::PipelineStageFlags2::NONE;
        self.visible_access = vk::AccessFlags2::NONE;
        self.read_stages = vk::PipelineStageFlags2::NONE;
        self.layout = layout;
        barrier
    }
}

impl ResourceSync {
    /// Records that commands with their own barriers (mipmap generation) left the resource
    /// written at `stages`/`access` in `layout`.
    pub fn set_written(&mut self, stages: vk::PipelineStageFlags2, access: vk::AccessFlags2, layout: vk::ImageLayout) {
        *self = ResourceSync::new(layout);
        self.write_stages = stages;
        self.write_access = access;
    }
}

/// Which batches hold a resource: `count` is the number of unretired batch references,
/// `last_batch` lets one stream add a resource to its batch once.
#[derive(Default)]
pub(crate) struct UseTracker {
    count: AtomicU32,
    last_batch: AtomicU64,
}

impl UseTracker {
    /// Marks the resource used by batch `batch_id`; true when the batch must keep a reference
    /// (and later call [`UseTracker::release`]).
    pub fn mark(&self, batch_id: u64) -> bool {
        if self.last_batch.swap(batch_id, Ordering::AcqRel) == batch_id {
            return false;
        }
        self.count.fetch_add(1, Ordering::AcqRel);
        true
    }

    /// A batch that marked the resource has completed.
    pub fn release(&self) {
        self.count.fetch_sub(1, Ordering::AcqRel);
    }

    /// Whether recorded or submitted GPU work still refers to the resource.
    pub fn busy(&self) -> bool {
        self.count.load(Ordering::Acquire) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vk::{AccessFlags2 as A, ImageLayout as L, PipelineStageFlags2 as S};

    #[test]
    fn read_after_write_needs_one_barrier() {
        let mut s = ResourceSync::new(L::UNDEFINED);
        assert!(s.write(S::COPY, A::TRANSFER_WRITE, L::UNDEFINED, false).is_none());
        let b = s.read(S::VERTEX_INPUT, A::VERTEX_ATTRIBUTE_READ, L::UNDEFINED).expect("RAW barrier");
        assert_eq!(b.src_access, A::TRANSFER_WRITE);
        assert!(s.read(S::VERTEX_INPUT, A::VERTEX_ATTRIBUTE_READ, L::UNDEFINED).is_none());
    }

    #[test]
    fn write_after_read_waits_for_readers() {
        let mut s = ResourceSync::new(L::UNDEFINED);
        s.read(S::FRAGMENT_SHADER, A::SHADER_READ, L::UNDEFINED);
        let b = s.write(S::COPY, A::TRANSFER_WRITE, L::UNDEFINED, false).expect("WAR barrier");
        assert_eq!(b.src_stages, S::FRAGMENT_SHADER);
    }

    #[test]
    fn layout_change_is_a_barrier() {
        let mut s = ResourceSync::new(L::UNDEFINED);
        let b = s.write(S::COLOR_ATTACHMENT_OUTPUT, A::COLOR_ATTACHMENT_WRITE, L::COLOR_ATTACHMENT_OPTIMAL, true).unwrap();
        assert_eq!((b.old_layout, b.new_layout), (L::UNDEFINED, L::COLOR_ATTACHMENT_OPTIMAL));
        let b = s.read(S::FRAGMENT_SHADER, A::SHADER_SAMPLED_READ, L::SHADER_READ_ONLY_OPTIMAL).unwrap();
        assert_eq!(b.src_access, A::COLOR_ATTACHMENT_WRITE);
        assert_eq!(b.new_layout, L::SHADER_READ_ONLY_OPTIMAL);
    }
}
