//! GL_FIXED vertex arrays (GL_ARB_ES2_compatibility): 16.16 fixed-point components, which
//! Vulkan has no vertex format for. The elements a draw reads are converted to float32 on
//! the host and fetched from a tightly packed temporary copy.

/// Converts `elements` elements of `components` 16.16 fixed-point values, `stride` bytes
/// apart in `source`, to tightly packed float32 components. Elements past the end of
/// `source` read as zero.
pub fn fixed_to_float(source: &[u8], stride: usize, components: usize, elements: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(elements as usize * components * 4);
    for element in 0..elements as usize {
        for c in 0..components {
            let at = element * stride + c * 4;
            let word = source.get(at..at + 4).map_or(0, |b| i32::from_ne_bytes([b[0], b[1], b[2], b[3]]));
            out.extend((word as f32 / 65536.0).to_ne_bytes());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn floats(bytes: &[u8]) -> Vec<f32> {
        bytes.chunks_exact(4).map(|b| f32::from_ne_bytes([b[0], b[1], b[2], b[3]])).collect()
    }

    #[test]
    fn converts_strided_elements() {
        // Two elements of two components, 12 bytes apart (4 bytes of padding each).
        let words: [i32; 6] = [1 << 16, -(3 << 15), 0x7fff_ffff, 1, 1 << 14, 0];
        let source: Vec<u8> = words.iter().flat_map(|w| w.to_ne_bytes()).collect();
        let out = floats(&fixed_to_float(&source, 12, 2, 2));
        assert_eq!(out, vec![1.0, -1.5, 1.0 / 65536.0, 0.25]);
    }

    #[test]
    fn missing_bytes_read_as_zero() {
        let source = (2i32 << 16).to_ne_bytes();
        assert_eq!(floats(&fixed_to_float(&source, 4, 2, 1)), vec![2.0, 0.0]);
    }
}
