//! ARB_robustness / KHR_robustness queries: the graphics reset status, and the bounds
//! checks of the n-suffixed read-backs (glGetnUniform*, glReadnPixels, glGetnTexImage,
//! glGetnPolygonStipple), which refuse to write past `bufSize` bytes of client memory.

use crate::context::ContextState;
use crate::types::enums::*;
use crate::types::*;

impl ContextState {
    /// glGetGraphicsResetStatus: galvan's only reset is a lost Vulkan device, which never
    /// comes back, so once seen it is reported for as long as the context lives. Contexts
    /// asking for no reset notification are never told.
    pub(crate) fn gl_get_graphics_reset_status(&self) -> GLenum {
        if self.device_lost && self.config.lose_context_on_reset {
            GL_UNKNOWN_CONTEXT_RESET
        } else {
            GL_NO_ERROR
        }
    }

    /// Whether the value of the uniform at `location`, as `component_bytes`-byte
    /// components, fits in `buf_size` bytes; records GL_INVALID_OPERATION when it does not
    /// (and the errors of a bad program or location, as glGetUniform would).
    pub(crate) fn uniform_fits(&mut self, program: GLuint, location: GLint, component_bytes: usize, buf_size: GLsizei) -> bool {
        let Some((scalar, words)) = self.get_uniform(program, location) else { return false };
        let components = words.len() / scalar.words().max(1);
        self.check(components * component_bytes <= buf_size.max(0) as usize, GL_INVALID_OPERATION)
    }

    /// glReadnPixels' bound: the image as the pack state lays it out must fit in
    /// `buf_size` bytes unless it goes to a pixel pack buffer.
    pub(crate) fn read_pixels_fit(&mut self, width: GLsizei, height: GLsizei, format: GLenum, ty: GLenum, buf_size: GLsizei) -> bool {
        if self.bindings.pixel_pack_buffer != 0 {
            return true;
        }
        let needed = crate::pixels::client_image_bytes(&self.bindings.pack, [width.max(0) as u32, height.max(0) as u32, 1], format, ty);
        // A bad format or type is glReadPixels' own error to report.
        let needed = needed.unwrap_or(0);
        self.check(needed <= buf_size.max(0) as usize, GL_INVALID_OPERATION)
    }
}
