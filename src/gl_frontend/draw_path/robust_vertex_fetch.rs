//! Vertex fetch that never reads past a vertex buffer, decided on the host: Vulkan without
//! robustBufferAccess leaves such reads undefined, GL (robust contexts, and any context
//! for a buffer too small for one element) wants zero or values from inside the buffer.
//! A buffer too small for one element is replaced by one zero element read by every
//! vertex; in robust contexts the elements past the buffer's end repeat its last valid one.

/// Where a buffer-backed array's elements come from for one draw.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum VertexSource {
    /// The bound buffer holds every element the draw reads.
    Bound,
    /// These bytes (same stride, from offset 0) replace the buffer: its valid elements,
    /// then copies of the last one up to the elements the draw reads.
    Padded(Vec<u8>),
    /// One zero element, read with stride 0 by every vertex.
    Zero(Vec<u8>),
}

/// The most bytes a padded copy may take; a draw reading further past the end than this
/// reads zero instead (GL allows either).
const MAX_PADDED_BYTES: u64 = 64 << 20;

/// How many whole elements of `element_size` bytes, `stride` apart from `offset`, the
/// buffer of `buffer_len` bytes holds.
pub(crate) fn valid_elements(buffer_len: u64, offset: u64, stride: u64, element_size: u64) -> u64 {
    match offset.checked_add(element_size) {
        Some(end) if end <= buffer_len => {
            if stride == 0 {
                u64::MAX
            } else {
                (buffer_len - end) / stride + 1
            }
        }
        _ => 0,
    }
}

/// Chooses the source of one array: `needed` is the number of elements the draw reads
/// when it is known (robust contexts), `None` checks only for a buffer too small for one.
pub(crate) fn robust_vertex_source(buffer: &[u8], offset: u64, stride: u64, element_size: u64, needed: Option<u64>) -> VertexSource {
    let valid = valid_elements(buffer.len() as u64, offset, stride, element_size);
    if valid == 0 {
        return VertexSource::Zero(vec![0; element_size.max(1) as usize]);
    }
    let Some(needed) = needed.filter(|&n| n > valid) else { return VertexSource::Bound };
    let total = needed.checked_mul(stride).filter(|&t| t <= MAX_PADDED_BYTES);
    let Some(total) = total else { return VertexSource::Zero(vec![0; element_size.max(1) as usize]) };
    let (offset, stride, element) = (offset as usize, stride as usize, element_size as usize);
    let mut data = vec![0u8; total as usize];
    let in_buffer = ((valid as usize - 1) * stride + element).min(buffer.len() - offset);
    data[..in_buffer].copy_from_slice(&buffer[offset..offset + in_buffer]);
    let last_start = offset + (valid as usize - 1) * stride;
    let last = &buffer[last_start..last_start + element];
    for i in valid as usize..needed as usize {
        data[i * stride..i * stride + element].copy_from_slice(last);
    }
    VertexSource::Padded(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_whole_elements_only() {
        // 3 floats (12 bytes) every 16 bytes from offset 4 in 40 bytes: at 4 and 20; 36 + 12 > 40.
        assert_eq!(valid_elements(40, 4, 16, 12), 2);
        assert_eq!(valid_elements(15, 4, 16, 12), 0);
        assert_eq!(valid_elements(16, 4, 16, 12), 1);
        assert_eq!(valid_elements(8, 0, 0, 8), u64::MAX);
        assert_eq!(valid_elements(8, u64::MAX, 4, 4), 0);
    }

    #[test]
    fn a_buffer_too_small_for_one_element_reads_zero() {
        assert_eq!(robust_vertex_source(&[1, 2, 3], 0, 4, 4, None), VertexSource::Zero(vec![0; 4]));
        assert_eq!(robust_vertex_source(&[1, 2, 3, 4], 2, 4, 4, Some(1)), VertexSource::Zero(vec![0; 4]));
    }

    #[test]
    fn elements_past_the_end_repeat_the_last_valid_one() {
        // Two 2-byte elements 3 bytes apart; the draw reads four.
        let buffer = [1, 2, 9, 3, 4];
        let VertexSource::Padded(data) = robust_vertex_source(&buffer, 0, 3, 2, Some(4)) else { panic!() };
        assert_eq!(data, vec![1, 2, 9, 3, 4, 0, 3, 4, 0, 3, 4, 0]);
        // A draw inside the buffer keeps it, as does one whose needs are unknown.
        assert_eq!(robust_vertex_source(&buffer, 0, 3, 2, Some(2)), VertexSource::Bound);
        assert_eq!(robust_vertex_source(&buffer, 0, 3, 2, None), VertexSource::Bound);
    }

    #[test]
    fn absurd_reads_past_the_end_read_zero() {
        let buffer = [7u8; 16];
        assert_eq!(robust_vertex_source(&buffer, 0, 16, 16, Some(u64::MAX / 2)), VertexSource::Zero(vec![0; 16]));
    }
}
