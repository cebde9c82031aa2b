//! glInterleavedArrays (compatibility profile): one call that points the conventional
//! arrays into a single interleaved block, in one of GL's fourteen fixed layouts.
//!
//! GL 2.1 (section 2.8) defines it as the glEnableClientState / glDisableClientState and
//! gl*Pointer calls it makes: texture coordinates (of the client active unit), colours,
//! normals and positions enabled where the layout has them and disabled otherwise, and
//! the edge flag, colour index, secondary colour and fog coordinate arrays disabled.

use crate::context::ContextState;
use crate::types::enums::*;
use crate::types::*;

/// Bytes of a float, GL's unit for the interleaved offsets.
const F: usize = std::mem::size_of::<GLfloat>();

/// One format's layout: each part's component count, 0 where the format has none; the
/// parts lie in this order (texture coordinate, colour, normal, position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layout {
    tex_coord: GLint,
    color: GLint,
    /// GL_FLOAT, or GL_UNSIGNED_BYTE for the C4UB formats.
    color_type: GLenum,
    normal: bool,
    position: GLint,
}

impl Layout {
    fn of(format: GLenum) -> Option<Layout> {
        let (tex_coord, color, color_type, normal, position) = match format {
            GL_V2F => (0, 0, GL_FLOAT, false, 2),
            GL_V3F => (0, 0, GL_FLOAT, false, 3),
            GL_C4UB_V2F => (0, 4, GL_UNSIGNED_BYTE, false, 2),
            GL_C4UB_V3F => (0, 4, GL_UNSIGNED_BYTE, false, 3),
            GL_C3F_V3F => (0, 3, GL_FLOAT, false, 3),
            GL_N3F_V3F => (0, 0, GL_FLOAT, true, 3),
            GL_C4F_N3F_V3F => (0, 4, GL_FLOAT, true, 3),
            GL_T2F_V3F => (2, 0, GL_FLOAT, false, 3),
            GL_T4F_V4F => (4, 0, GL_FLOAT, false, 4),
            GL_T2F_C4UB_V3F => (2, 4, GL_UNSIGNED_BYTE, false, 3),
            GL_T2F_C3F_V3F => (2, 3, GL_FLOAT, false, 3),
            GL_T2F_N3F_V3F => (2, 0, GL_FLOAT, true, 3),
            GL_T2F_C4F_N3F_V3F => (2, 4, GL_FLOAT, true, 3),
            GL_T4F_C4F_N3F_V4F => (4, 4, GL_FLOAT, true, 4),
            _ => return None,
        };
        Some(Layout { tex_coord, color, color_type, normal, position })
    }

    /// The byte offsets of the colour, normal and position, and the whole vertex's size
    /// (the stride a stride of 0 means). Four unsigned-byte colour components take one
    /// float's room.
    fn offsets(&self) -> (usize, usize, usize, usize) {
        let color = self.tex_coord as usize * F;
        let color_bytes = if self.color_type == GL_UNSIGNED_BYTE { F } else { self.color as usize * F };
        let normal = color + color_bytes;
        let position = normal + if self.normal { 3 * F } else { 0 };
        (color, normal, position, position + self.position as usize * F)
    }
}

impl ContextState {
    pub(crate) fn gl_interleaved_arrays(&mut self, format: GLenum, stride: GLsizei, pointer: *const c_void) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) || !self.check(stride >= 0, GL_INVALID_VALUE) {
            return;
        }
        let Some(layout) = Layout::of(format) else { return self.record_error(GL_INVALID_ENUM) };
        let (color, normal, position, size) = layout.offsets();
        let stride = if stride == 0 { size as GLsizei } else { stride };
        // Offsets into a buffer object are pointers too: plain address arithmetic.
        let at = |offset: usize| pointer.cast::<u8>().wrapping_add(offset).cast::<c_void>();
        for array in [GL_EDGE_FLAG_ARRAY, GL_INDEX_ARRAY, GL_SECONDARY_COLOR_ARRAY, GL_FOG_COORD_ARRAY] {
            self.gl_client_state(array, false);
        }
        self.gl_client_state(GL_TEXTURE_COORD_ARRAY, layout.tex_coord > 0);
        if layout.tex_coord > 0 {
            self.gl_conventional_pointer(GL_TEXTURE_COORD_ARRAY, layout.tex_coord, GL_FLOAT, stride, pointer);
        }
        self.gl_client_state(GL_COLOR_ARRAY, layout.color > 0);
        if layout.color > 0 {
            self.gl_conventional_pointer(GL_COLOR_ARRAY, layout.color, layout.color_type, stride, at(color));
        }
        self.gl_client_state(GL_NORMAL_ARRAY, layout.normal);
        if layout.normal {
            self.gl_conventional_pointer(GL_NORMAL_ARRAY, 3, GL_FLOAT, stride, at(normal));
        }
        self.gl_client_state(GL_VERTEX_ARRAY, true);
        self.gl_conventional_pointer(GL_VERTEX_ARRAY, layout.position, GL_FLOAT, stride, at(position));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_follow_the_parts_in_order() {
        let offsets = |f| Layout::of(f).map(|l| l.offsets());
        assert_eq!(offsets(GL_V2F), Some((0, 0, 0, 2 * F)));
        assert_eq!(offsets(GL_C4UB_V3F), Some((0, F, F, 4 * F)));
        assert_eq!(offsets(GL_T2F_C4UB_V3F), Some((2 * F, 3 * F, 3 * F, 6 * F)));
        assert_eq!(offsets(GL_T2F_C4F_N3F_V3F), Some((2 * F, 6 * F, 9 * F, 12 * F)));
        assert_eq!(offsets(GL_T4F_C4F_N3F_V4F), Some((4 * F, 8 * F, 11 * F, 15 * F)));
        assert_eq!(offsets(GL_RGBA), None);
    }
}
