//! Why recording a draw or a dispatch stopped: a GL error to record, or a failure of the
//! Vulkan backend.

use crate::types::GLenum;

pub(crate) enum RecordError {
    Gl(GLenum),
    Backend(vk_backend::Error),
}

impl From<vk_backend::Error> for RecordError {
    fn from(e: vk_backend::Error) -> Self {
        RecordError::Backend(e)
    }
}
