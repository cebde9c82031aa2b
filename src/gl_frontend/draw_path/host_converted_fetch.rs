//! Vertex arrays whose component type Vulkan has no vertex format for: 16.16 fixed point
//! (GL_ARB_ES2_compatibility), doubles feeding float inputs (glVertexAttribPointer with
//! GL_DOUBLE converts to float) and 32-bit integers (Vulkan has no 32-bit scaled or
//! normalized vertex formats). The elements a draw reads
//! are converted to float32 on the host, as GL's rules say, and fetched from a tightly
//! packed temporary copy. The 2_10_10_10 packed types come here on devices without their
//! vertex formats, and signed normalized ones in contexts before GL 4.2, whose rule
//! Vulkan's SNORM formats do not follow.

use crate::state::packed_current_values::{unpack_packed_word, SnormRule};
use crate::types::enums::*;
use crate::types::*;

/// How the components of one array become floats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostConversion {
    /// 16.16 fixed point: c / 65536.
    Fixed,
    /// A double rounded to the nearest float.
    Double,
    /// Signed normalized 32-bit: max(c / (2^31 - 1), -1).
    Int32Norm,
    /// Unsigned normalized 32-bit: c / (2^32 - 1).
    Uint32Norm,
    /// Signed 32-bit integers converted to float as they are.
    Int32,
    /// Unsigned 32-bit integers converted to float as they are.
    Uint32,
    /// One GL_INT_2_10_10_10_REV or GL_UNSIGNED_INT_2_10_10_10_REV word per element,
    /// four components; `bgra` swaps the first and third.
    Packed { ty: GLenum, normalized: bool, rule: SnormRule, bgra: bool },
}

impl HostConversion {
    /// The conversion a float-class array of `ty` needs, if Vulkan cannot fetch it.
    pub fn for_float_array(ty: GLenum, normalized: bool) -> Option<HostConversion> {
        match (ty, normalized) {
            (GL_FIXED, _) => Some(HostConversion::Fixed),
            (GL_DOUBLE, _) => Some(HostConversion::Double),
            (GL_INT, true) => Some(HostConversion::Int32Norm),
            (GL_UNSIGNED_INT, true) => Some(HostConversion::Uint32Norm),
            (GL_INT, false) => Some(HostConversion::Int32),
            (GL_UNSIGNED_INT, false) => Some(HostConversion::Uint32),
            _ => None,
        }
    }

    /// The conversion an array of a 2_10_10_10 type needs, if Vulkan cannot fetch it as
    /// GL says: `native` tells whether the device has the packed vertex formats.
    pub fn for_packed_array(ty: GLenum, normalized: bool, bgra: bool, native: bool, rule: SnormRule) -> Option<HostConversion> {
        if !matches!(ty, GL_INT_2_10_10_10_REV | GL_UNSIGNED_INT_2_10_10_10_REV) {
            return None;
        }
        let old_snorm = ty == GL_INT_2_10_10_10_REV && normalized && rule == SnormRule::Biased;
        (!native || old_snorm).then_some(HostConversion::Packed { ty, normalized, rule, bgra })
    }

    /// Bytes of one source component.
    fn component_bytes(self) -> usize {
        match self {
            HostConversion::Double => 8,
            _ => 4,
        }
    }

    /// One component from its bytes (`None`: past the end of the source, read as zero).
    fn convert(self, bytes: Option<&[u8]>) -> f32 {
        let Some(b) = bytes else { return 0.0 };
        let word = || [b[0], b[1], b[2], b[3]];
        match self {
            HostConversion::Fixed => i32::from_ne_bytes(word()) as f32 / 65536.0,
            HostConversion::Double => f64::from_ne_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]) as f32,
            HostConversion::Int32Norm => (i32::from_ne_bytes(word()) as f64 / i32::MAX as f64).max(-1.0) as f32,
            HostConversion::Uint32Norm => (u32::from_ne_bytes(word()) as f64 / u32::MAX as f64) as f32,
            HostConversion::Int32 => i32::from_ne_bytes(word()) as f32,
            HostConversion::Uint32 => u32::from_ne_bytes(word()) as f32,
            // Whole words are unpacked by `to_floats`.
            HostConversion::Packed { .. } => 0.0,
        }
    }

    /// Converts `elements` elements of `components` components, `stride` bytes apart in
    /// `source`, to tightly packed float32 components. Bytes past the end of `source`
    /// read as zero.
    pub fn to_floats(self, source: &[u8], stride: usize, components: usize, elements: u64) -> Vec<u8> {
        if let HostConversion::Packed { ty, normalized, rule, bgra } = self {
            return Self::unpack_words(source, stride, elements, |word| {
                let v = unpack_packed_word(ty, word, normalized, rule).unwrap_or([0.0; 4]);
                if bgra { [v[2], v[1], v[0], v[3]] } else { v }
            });
        }
        let size = self.component_bytes();
        let mut out = Vec::with_capacity(elements as usize * components * 4);
        for element in 0..elements as usize {
            for c in 0..components {
                let at = element * stride + c * size;
                out.extend(self.convert(source.get(at..at + size)).to_ne_bytes());
            }
        }
        out
    }

    /// Four float32 components from each element's 32-bit word (zero past the end).
    fn unpack_words(source: &[u8], stride: usize, elements: u64, unpack: impl Fn(u32) -> [f32; 4]) -> Vec<u8> {
        let mut out = Vec::with_capacity(elements as usize * 16);
        for element in 0..elements as usize {
            let at = element * stride;
            let word = source.get(at..at + 4).map_or(0, |b| u32::from_ne_bytes([b[0], b[1], b[2], b[3]]));
            out.extend(unpack(word).iter().flat_map(|f| f.to_ne_bytes()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn floats(bytes: &[u8]) -> Vec<f32> {
        bytes.chunks_exact(4).map(|b| f32::from_ne_bytes([b[0], b[1], b[2], b[3]])).collect()
    }

    #[test]
    fn converts_strided_fixed_point_elements() {
        // Two elements of two components, 12 bytes apart (4 bytes of padding each).
        let words: [i32; 6] = [1 << 16, -(3 << 15), 0x7fff_ffff, 1, 1 << 14, 0];
        let source: Vec<u8> = words.iter().flat_map(|w| w.to_ne_bytes()).collect();
        let out = floats(&HostConversion::Fixed.to_floats(&source, 12, 2, 2));
        assert_eq!(out, vec![1.0, -1.5, 1.0 / 65536.0, 0.25]);
    }

    #[test]
    fn missing_bytes_read_as_zero() {
        let source = (2i32 << 16).to_ne_bytes();
        assert_eq!(floats(&HostConversion::Fixed.to_floats(&source, 4, 2, 1)), vec![2.0, 0.0]);
    }

    #[test]
    fn doubles_round_to_floats() {
        let values = [0.5f64, -2.25, 1.0e-3, 3.0];
        let source: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
        let out = floats(&HostConversion::Double.to_floats(&source, 16, 2, 2));
        assert_eq!(out, vec![0.5, -2.25, 1.0e-3f64 as f32, 3.0]);
    }

    #[test]
    fn normalized_32_bit_integers_follow_the_specification() {
        // GL 4.6 section 2.3.5.1: signed c / (2^31 - 1) clamped to -1, unsigned c / (2^32 - 1).
        let signed: Vec<u8> = [i32::MAX, i32::MIN, 0].iter().flat_map(|v| v.to_ne_bytes()).collect();
        assert_eq!(floats(&HostConversion::Int32Norm.to_floats(&signed, 12, 3, 1)), vec![1.0, -1.0, 0.0]);
        let unsigned: Vec<u8> = [u32::MAX, 0].iter().flat_map(|v| v.to_ne_bytes()).collect();
        assert_eq!(floats(&HostConversion::Uint32Norm.to_floats(&unsigned, 8, 2, 1)), vec![1.0, 0.0]);
    }

    #[test]
    fn unnormalized_32_bit_integers_keep_their_value() {
        let source: Vec<u8> = [-7i32, 1 << 20].iter().flat_map(|v| v.to_ne_bytes()).collect();
        assert_eq!(floats(&HostConversion::Int32.to_floats(&source, 8, 2, 1)), vec![-7.0, 1048576.0]);
        let source = 4_000_000_000u32.to_ne_bytes();
        assert_eq!(floats(&HostConversion::Uint32.to_floats(&source, 4, 1, 1)), vec![4.0e9]);
    }

    #[test]
    fn packed_words_unpack_in_rgba_or_bgra_order() {
        // x = 1023, y = 0, z = 511, w = 3, two elements 8 bytes apart.
        let word = 1023u32 | 511 << 20 | 3 << 30;
        let source: Vec<u8> = [word, 0, word, 0].iter().flat_map(|w| w.to_ne_bytes()).collect();
        let rgba = HostConversion::Packed { ty: GL_UNSIGNED_INT_2_10_10_10_REV, normalized: true, rule: SnormRule::Clamped, bgra: false };
        let out = floats(&rgba.to_floats(&source, 8, 4, 2));
        assert_eq!(out[..4], [1.0, 0.0, 511.0 / 1023.0, 1.0]);
        assert_eq!(out[4..], out[..4]);
        let bgra = HostConversion::Packed { ty: GL_UNSIGNED_INT_2_10_10_10_REV, normalized: true, rule: SnormRule::Clamped, bgra: true };
        assert_eq!(floats(&bgra.to_floats(&source, 8, 4, 1)), vec![511.0 / 1023.0, 0.0, 1.0, 1.0]);
    }

    #[test]
    fn packed_arrays_convert_without_formats_or_before_gl_4_2() {
        let packed = |ty, normalized, native, rule| HostConversion::for_packed_array(ty, normalized, false, native, rule).is_some();
        assert!(!packed(GL_INT_2_10_10_10_REV, true, true, SnormRule::Clamped));
        assert!(packed(GL_INT_2_10_10_10_REV, true, true, SnormRule::Biased));
        assert!(!packed(GL_INT_2_10_10_10_REV, false, true, SnormRule::Biased));
        assert!(!packed(GL_UNSIGNED_INT_2_10_10_10_REV, true, true, SnormRule::Biased));
        assert!(packed(GL_UNSIGNED_INT_2_10_10_10_REV, false, false, SnormRule::Clamped));
        assert!(!packed(GL_FLOAT, false, false, SnormRule::Clamped));
    }

    #[test]
    fn only_formats_without_a_vulkan_equivalent_convert() {
        assert_eq!(HostConversion::for_float_array(GL_FLOAT, false), None);
        assert_eq!(HostConversion::for_float_array(GL_SHORT, true), None);
        assert_eq!(HostConversion::for_float_array(GL_INT, false), Some(HostConversion::Int32));
        assert_eq!(HostConversion::for_float_array(GL_INT, true), Some(HostConversion::Int32Norm));
        assert_eq!(HostConversion::for_float_array(GL_DOUBLE, true), Some(HostConversion::Double));
    }
}
