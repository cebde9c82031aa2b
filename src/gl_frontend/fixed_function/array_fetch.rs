//! Vertex arrays read on the CPU (compatibility profile): glArrayElement, and the draws
//! that selection and feedback transform without rasterising, need one vertex's
//! attributes from the enabled arrays, wherever they live (client memory or a buffer
//! object's copy), converted to floats as the vertex shader would see them.

use crate::context::ContextState;
use crate::objects::vertex_array::{AttribClass, VertexAttrib, VERTEX};
use crate::types::enums::*;
use crate::types::*;

/// Bytes of one component of `ty`.
fn component_size(ty: GLenum) -> usize {
    match ty {
        GL_BYTE | GL_UNSIGNED_BYTE => 1,
        GL_SHORT | GL_UNSIGNED_SHORT | GL_HALF_FLOAT => 2,
        GL_DOUBLE => 8,
        _ => 4,
    }
}

/// One component at the start of `bytes` as a float; normalized integers map to [0, 1]
/// or [-1, 1].
fn decode_component(bytes: &[u8], ty: GLenum, normalized: bool) -> f32 {
    let b = |n: usize| -> Option<&[u8]> { bytes.get(..n) };
    let value = match ty {
        GL_BYTE => b(1).map(|v| {
            let x = v[0] as i8 as f32;
            if normalized { (x / 127.0).max(-1.0) } else { x }
        }),
        GL_UNSIGNED_BYTE => b(1).map(|v| if normalized { v[0] as f32 / 255.0 } else { v[0] as f32 }),
        GL_SHORT => b(2).map(|v| {
            let x = i16::from_ne_bytes([v[0], v[1]]) as f32;
            if normalized { (x / 32767.0).max(-1.0) } else { x }
        }),
        GL_UNSIGNED_SHORT => b(2).map(|v| {
            let x = u16::from_ne_bytes([v[0], v[1]]) as f32;
            if normalized { x / 65535.0 } else { x }
        }),
        GL_INT => b(4).map(|v| {
            let x = i32::from_ne_bytes([v[0], v[1], v[2], v[3]]) as f64;
            (if normalized { (x / 2147483647.0).max(-1.0) } else { x }) as f32
        }),
        GL_UNSIGNED_INT => b(4).map(|v| {
            let x = u32::from_ne_bytes([v[0], v[1], v[2], v[3]]) as f64;
            (if normalized { x / 4294967295.0 } else { x }) as f32
        }),
        GL_FLOAT => b(4).map(|v| f32::from_ne_bytes([v[0], v[1], v[2], v[3]])),
        GL_FIXED => b(4).map(|v| i32::from_ne_bytes([v[0], v[1], v[2], v[3]]) as f32 / 65536.0),
        GL_DOUBLE => b(8).map(|v| f64::from_ne_bytes(v.try_into().expect("eight bytes")) as f32),
        GL_HALF_FLOAT => b(2).map(|v| half_to_f32(u16::from_ne_bytes([v[0], v[1]]))),
        _ => None,
    };
    value.unwrap_or(0.0)
}

/// An IEEE half-precision value as f32.
fn half_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exponent = ((h >> 10) & 0x1f) as i32;
    let mantissa = (h & 0x3ff) as f32;
    sign * match exponent {
        0 => mantissa * 2f32.powi(-24),
        31 if mantissa == 0.0 => f32::INFINITY,
        31 => f32::NAN,
        e => (1.0 + mantissa / 1024.0) * 2f32.powi(e - 15),
    }
}

/// The element of array `a` at byte `offset` of `data` (`None`: past its end).
fn decode_element(data: &[u8], a: &VertexAttrib, offset: usize) -> Option<[f32; 4]> {
    let bgra = a.size == GL_BGRA as GLint;
    let components = if bgra { 4 } else { a.size.clamp(1, 4) as usize };
    let size = component_size(a.ty);
    let element = data.get(offset..offset.checked_add(components * size)?)?;
    let normalized = matches!(a.class, AttribClass::Float { normalized: true });
    let mut out = [0.0, 0.0, 0.0, 1.0];
    for (c, value) in out.iter_mut().take(components).enumerate() {
        *value = decode_component(&element[c * size..], a.ty, normalized);
    }
    if bgra {
        out.swap(0, 2);
    }
    Some(out)
}

impl ContextState {
    /// Element `index` of attribute array `a`, read from its buffer object's copy or from
    /// client memory; `None` when a buffer object is too small for it.
    pub(crate) fn fetch_array_element(&self, a: &VertexAttrib, index: usize) -> Option<[f32; 4]> {
        let offset = a.pointer.checked_add(index.checked_mul(a.effective_stride() as usize)?)?;
        if a.buffer != 0 {
            let objects = self.share.lock();
            let data = objects.buffers.get(a.buffer).map(|b| &b.data[..]).unwrap_or(&[]);
            return decode_element(data, a, offset);
        }
        if a.pointer == 0 {
            return None;
        }
        let bgra = a.size == GL_BGRA as GLint;
        let bytes = if bgra { 4 } else { a.size.clamp(1, 4) as usize } * component_size(a.ty);
        // SAFETY: GL requires an enabled client array to hold every element a command
        // reads; `offset` addresses element `index` of it.
        let data = unsafe { std::slice::from_raw_parts(offset as *const u8, bytes) };
        decode_element(data, a, 0)
    }

    /// Every attribute slot of vertex `index`: the enabled arrays' elements, the current
    /// values elsewhere. Generic attribute 0 and the vertex array are one attribute.
    pub(crate) fn fetch_array_vertex(&self, index: usize) -> Vec<[f32; 4]> {
        let mut values = self.current_attribs.clone();
        let Some(vao) = self.vertex_arrays.get(self.bindings.vertex_array) else { return values };
        for (slot, a) in vao.attribs.iter().enumerate().take(values.len()) {
            if a.enabled {
                if let Some(v) = self.fetch_array_element(a, index) {
                    values[slot] = v;
                }
            }
        }
        if vao.attribs.first().is_some_and(|a| a.enabled) {
            values[VERTEX] = values[0];
        } else {
            values[0] = values[VERTEX];
        }
        values
    }

    /// Whether the vertex array (or generic attribute 0) is enabled: only then does an
    /// array element provoke a vertex.
    pub(crate) fn position_array_enabled(&self) -> bool {
        self.vertex_arrays.get(self.bindings.vertex_array).is_some_and(|v| v.attribs[0].enabled || v.attribs[VERTEX].enabled)
    }

    /// glArrayElement: the enabled arrays' element `i` become current values; with the
    /// vertex array enabled, between glBegin and glEnd, it provokes a vertex.
    pub(crate) fn gl_array_element(&mut self, i: GLint) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return;
        }
        if !self.check(i >= 0, GL_INVALID_VALUE) {
            return;
        }
        let values = self.fetch_array_vertex(i as usize);
        let provokes = self.position_array_enabled();
        let enabled: Vec<bool> = match self.vertex_arrays.get(self.bindings.vertex_array) {
            Some(v) => v.attribs.iter().map(|a| a.enabled).collect(),
            None => return,
        };
        for (slot, on) in enabled.iter().enumerate().take(values.len()) {
            if *on && slot != 0 && slot != VERTEX {
                self.current_attribs[slot] = values[slot];
            }
        }
        // The edge flag and colour index arrays feed no shader; their elements become
        // the current edge flag and index as glEdgeFlagv and glIndex would make them.
        if let Some(flag) = self.array_edge_flag(i as usize) {
            self.state.edge_flag.current = flag;
        }
        if let Some(index) = self.array_color_index(i as usize) {
            self.state.color_index.current = index;
        }
        if provokes {
            self.gl_vertex(values[VERTEX]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalized_and_plain_integers_convert_as_shaders_read_them() {
        assert_eq!(decode_component(&[255], GL_UNSIGNED_BYTE, true), 1.0);
        assert_eq!(decode_component(&[255], GL_UNSIGNED_BYTE, false), 255.0);
        assert_eq!(decode_component(&(-32768i16).to_ne_bytes(), GL_SHORT, true), -1.0);
        assert_eq!(decode_component(&1.5f64.to_ne_bytes(), GL_DOUBLE, false), 1.5);
        assert_eq!(half_to_f32(0x3c00), 1.0);
        assert_eq!(half_to_f32(0xc000), -2.0);
    }

    #[test]
    fn missing_components_take_the_defaults_and_bgra_swizzles() {
        let a = VertexAttrib { enabled: true, size: 2, ty: GL_FLOAT, ..Default::default() };
        let data: Vec<u8> = [3.0f32, 4.0].iter().flat_map(|v| v.to_ne_bytes()).collect();
        assert_eq!(decode_element(&data, &a, 0), Some([3.0, 4.0, 0.0, 1.0]));
        assert_eq!(decode_element(&data, &a, 4), None);
        let bgra = VertexAttrib { size: GL_BGRA as GLint, ty: GL_UNSIGNED_BYTE, class: AttribClass::Float { normalized: true }, ..a };
        assert_eq!(decode_element(&[0, 0, 255, 255], &bgra, 0), Some([1.0, 0.0, 0.0, 1.0]));
    }
}
