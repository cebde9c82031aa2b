//! Multisample rasterisation state: glSampleCoverage, glSampleMaski, glMinSampleShading,
//! their queries, the sample-count limits, and glGetMultisamplefv's sample positions.
//! The draw path folds coverage and mask into one Vulkan sample mask, and sample shading
//! into the pipeline's minimum sample shading.

use crate::context::ContextState;
use crate::queries::get::Value;
use crate::state::enables::Cap;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// Words of GL_SAMPLE_MASK_VALUE: Vulkan's sample masks galvan sets are one word wide, which
/// covers every sample count up to 32.
pub const MAX_SAMPLE_MASK_WORDS: u32 = 1;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MultisampleState {
    /// GL_SAMPLE_COVERAGE_VALUE.
    pub coverage_value: f32,
    /// GL_SAMPLE_COVERAGE_INVERT.
    pub coverage_invert: bool,
    /// GL_SAMPLE_MASK_VALUE word 0.
    pub sample_mask: u32,
    /// GL_MIN_SAMPLE_SHADING_VALUE.
    pub min_sample_shading: f32,
}

impl Default for MultisampleState {
    fn default() -> Self {
        MultisampleState { coverage_value: 1.0, coverage_invert: false, sample_mask: !0, min_sample_shading: 0.0 }
    }
}

/// The mask glSampleCoverage's `value` selects of `samples` samples: the lowest
/// round(value * samples) samples, or the others when inverted.
pub fn coverage_mask(value: f32, invert: bool, samples: u32) -> u32 {
    let samples = samples.clamp(1, 32);
    let covered = (value.clamp(0.0, 1.0) * samples as f32).round() as u32;
    let mask = if covered >= 32 { !0 } else { (1u32 << covered) - 1 };
    let all = if samples >= 32 { !0 } else { (1u32 << samples) - 1 };
    if invert { !mask & all } else { mask & all }
}

/// The sample count an image asked for with `requested` samples gets: the smallest count
/// the device supports that is at least `requested` (GL lets the implementation round up);
/// 0 stays 0, a single-sample image. A request for 1 sample asks for a multisample image
/// (GL_SAMPLE_BUFFERS 1), which a one-sample Vulkan image is not, so it gets the smallest
/// multisample count, as programs that ask for "the fewest samples" expect.
pub fn supported_sample_count(requested: u32, supported: u32) -> u32 {
    if requested == 0 {
        return 0;
    }
    (1..32).map(|n| 1u32 << n).find(|&c| c >= requested && supported & c != 0).unwrap_or(requested)
}

/// Vulkan's standard sample locations (the device reports `standardSampleLocations`),
/// in pixel units with y growing with the row; galvan's row 0 is GL's bottom row, so these
/// are GL's window-space positions within the pixel as they are.
pub fn standard_sample_position(samples: u32, index: u32) -> Option<[f32; 2]> {
    const S1: [[f32; 2]; 1] = [[0.5, 0.5]];
    const S2: [[f32; 2]; 2] = [[0.75, 0.75], [0.25, 0.25]];
    const S4: [[f32; 2]; 4] = [[0.375, 0.125], [0.875, 0.375], [0.125, 0.625], [0.625, 0.875]];
    const S8: [[f32; 2]; 8] = [
        [0.5625, 0.3125],
        [0.4375, 0.6875],
        [0.8125, 0.5625],
        [0.3125, 0.1875],
        [0.1875, 0.8125],
        [0.0625, 0.4375],
        [0.6875, 0.9375],
        [0.9375, 0.0625],
    ];
    const S16: [[f32; 2]; 16] = [
        [0.5625, 0.5625],
        [0.4375, 0.3125],
        [0.3125, 0.625],
        [0.75, 0.4375],
        [0.1875, 0.375],
        [0.625, 0.8125],
        [0.8125, 0.6875],
        [0.6875, 0.1875],
        [0.375, 0.875],
        [0.5, 0.0625],
        [0.25, 0.125],
        [0.125, 0.75],
        [0.0, 0.5],
        [0.9375, 0.25],
        [0.875, 0.9375],
        [0.0625, 0.0],
    ];
    let table: &[[f32; 2]] = match samples {
        0 | 1 => &S1,
        2 => &S2,
        4 => &S4,
        8 => &S8,
        16 => &S16,
        _ => return None,
    };
    table.get(index as usize).copied()
}

impl ContextState {
    /// glSampleCoverage.
    pub(crate) fn gl_sample_coverage(&mut self, value: GLfloat, invert: GLboolean) {
        let m = &mut self.state.multisample;
        m.coverage_value = value.clamp(0.0, 1.0);
        m.coverage_invert = invert != 0;
        self.state.dirty.insert(Dirty::BLEND);
    }

    /// glSampleMaski.
    pub(crate) fn gl_sample_maski(&mut self, word: GLuint, mask: GLbitfield) {
        if !self.check(word < MAX_SAMPLE_MASK_WORDS, GL_INVALID_VALUE) {
            return;
        }
        self.state.multisample.sample_mask = mask;
        self.state.dirty.insert(Dirty::BLEND);
    }

    /// glMinSampleShading.
    pub(crate) fn gl_min_sample_shading(&mut self, value: GLfloat) {
        self.state.multisample.min_sample_shading = value.clamp(0.0, 1.0);
        self.state.dirty.insert(Dirty::BLEND);
    }

    /// The samples per pixel of the draw framebuffer (GL_SAMPLES): 0 when single-sampled.
    pub(crate) fn draw_framebuffer_samples(&self) -> u32 {
        self.framebuffer_samples(self.bindings.draw_framebuffer)
    }

    /// glGetMultisamplefv: the position of sample `index` of the draw framebuffer.
    pub(crate) fn gl_get_multisamplefv(&mut self, pname: GLenum, index: GLuint) -> Option<[f32; 2]> {
        if !self.check(pname == GL_SAMPLE_POSITION, GL_INVALID_ENUM) {
            return None;
        }
        let samples = self.draw_framebuffer_samples().max(1);
        if !self.check(index < samples, GL_INVALID_VALUE) {
            return None;
        }
        let position = standard_sample_position(samples, index);
        if position.is_none() {
            self.record_error(GL_INVALID_VALUE);
        }
        position
    }

    /// The multisample pnames of glGet; `None` when `pname` is none of them.
    pub(crate) fn multisample_value(&self, pname: GLenum) -> Option<Value> {
        let m = &self.state.multisample;
        let max_samples = i64::from(self.limits.max_samples);
        let desktop = !self.is_gles();
        Some(match pname {
            GL_SAMPLE_COVERAGE_VALUE => Value::float(f64::from(m.coverage_value)),
            GL_SAMPLE_COVERAGE_INVERT => Value::boolean(m.coverage_invert),
            GL_MIN_SAMPLE_SHADING_VALUE => Value::float(f64::from(m.min_sample_shading)),
            GL_MAX_SAMPLE_MASK_WORDS => Value::int(MAX_SAMPLE_MASK_WORDS),
            GL_MAX_COLOR_TEXTURE_SAMPLES | GL_MAX_DEPTH_TEXTURE_SAMPLES | GL_MAX_INTEGER_SAMPLES => Value::int(max_samples),
            GL_SAMPLES => Value::int(self.draw_framebuffer_samples()),
            GL_SAMPLE_BUFFERS => Value::int(i64::from(self.draw_framebuffer_samples() > 0)),
            GL_SAMPLE_MASK => Value::boolean(self.state.enables.is(Cap::SampleMask)),
            GL_SAMPLE_SHADING => Value::boolean(self.state.enables.is(Cap::SampleShading)),
            GL_SAMPLE_ALPHA_TO_ONE if desktop => Value::boolean(self.state.enables.is(Cap::SampleAlphaToOne)),
            _ => return None,
        })
    }

    /// GL_SAMPLE_MASK_VALUE of glGetIntegeri_v; `None` when `pname` is another pname.
    pub(crate) fn multisample_indexed_value(&self, pname: GLenum, index: GLuint) -> Option<Result<Value, GLenum>> {
        (pname == GL_SAMPLE_MASK_VALUE).then(|| {
            if index >= MAX_SAMPLE_MASK_WORDS {
                return Err(GL_INVALID_VALUE);
            }
            // The mask's bits as they are: all samples read back as -1 from glGetIntegeri_v.
            Ok(Value::int(self.state.multisample.sample_mask as i32))
        })
    }

    /// The Vulkan sample mask of a draw into `samples` samples: GL_SAMPLE_COVERAGE and
    /// GL_SAMPLE_MASK both remove samples, and only while GL_MULTISAMPLE is on.
    pub(crate) fn draw_sample_mask(&self, samples: u32) -> u32 {
        let e = &self.state.enables;
        let m = &self.state.multisample;
        if samples <= 1 || !e.is(Cap::Multisample) {
            return !0;
        }
        let mut mask = !0u32;
        if e.is(Cap::SampleCoverage) {
            mask &= coverage_mask(m.coverage_value, m.coverage_invert, samples);
        }
        if e.is(Cap::SampleMask) {
            mask &= m.sample_mask;
        }
        mask
    }

    /// The minimum fraction of samples shaded apart (glMinSampleShading), when
    /// GL_SAMPLE_SHADING is on for a multisample draw.
    pub(crate) fn draw_min_sample_shading(&self, samples: u32) -> Option<f32> {
        let e = &self.state.enables;
        (samples > 1 && e.is(Cap::Multisample) && e.is(Cap::SampleShading)).then_some(self.state.multisample.min_sample_shading)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coverage_masks_count_samples() {
        assert_eq!(coverage_mask(1.0, false, 4), 0b1111);
        assert_eq!(coverage_mask(0.5, false, 4), 0b0011);
        assert_eq!(coverage_mask(0.5, true, 4), 0b1100);
        assert_eq!(coverage_mask(0.0, false, 4), 0);
        assert_eq!(coverage_mask(0.0, true, 2), 0b11);
        assert_eq!(coverage_mask(1.0, false, 32), !0);
    }

    #[test]
    fn sample_counts_round_up_to_supported_ones() {
        assert_eq!(supported_sample_count(0, 0b101), 0);
        assert_eq!(supported_sample_count(1, 0b101), 4);
        assert_eq!(supported_sample_count(1, 0b1), 1);
        assert_eq!(supported_sample_count(2, 0b101), 4);
        assert_eq!(supported_sample_count(3, 0b10101), 4);
        assert_eq!(supported_sample_count(5, 0b10101), 16);
    }

    #[test]
    fn standard_positions_lie_inside_the_pixel() {
        for samples in [1, 2, 4, 8, 16] {
            for i in 0..samples {
                let [x, y] = standard_sample_position(samples, i).unwrap();
                assert!((0.0..1.0).contains(&x) && (0.0..1.0).contains(&y));
            }
            assert!(standard_sample_position(samples, samples).is_none());
        }
    }
}
