//! Compatibility state that shaders read as uniforms (gl_DepthRange, gl_ModelViewMatrix and
//! the other matrices, gl_NormalMatrix, gl_TextureMatrix[]): written into the default
//! uniform block at the offsets the linker reports, at draw time. The matrices are derived
//! only when the stacks changed since the program last received them. Generated
//! fixed-function programs also read lights, materials and fog (`galvan_*` uniforms).

use crate::context::ContextState;
use crate::objects::program_link::LinkedProgram;
use crate::state::clip_planes::MAX_CLIP_PLANES;
use crate::state::matrices::{inverse, multiply, transpose, Mat4, MAX_TEXTURE_COORDS};

/// The matrix a built-in uniform name stands for, from modelview `mv` and projection `p`.
fn named_matrix(name: &str, mv: &Mat4, p: &Mat4) -> Option<Mat4> {
    let (base, variant) = match name.find("Matrix") {
        Some(i) => (&name[..i + "Matrix".len()], &name[i + "Matrix".len()..]),
        None => return None,
    };
    let m = match base {
        "gl_ModelViewMatrix" => *mv,
        "gl_ProjectionMatrix" => *p,
        "gl_ModelViewProjectionMatrix" => multiply(p, mv),
        _ => return None,
    };
    Some(apply_variant(&m, variant))
}

fn apply_variant(m: &Mat4, variant: &str) -> Mat4 {
    match variant {
        "Inverse" => inverse(m),
        "Transpose" => transpose(m),
        "InverseTranspose" => transpose(&inverse(m)),
        _ => *m,
    }
}

/// gl_NormalMatrix: the transposed inverse of the modelview's upper-left 3x3, as three
/// std140 columns of four floats.
fn normal_matrix(mv: &Mat4) -> [f32; 12] {
    let mut upper = *mv;
    upper[3] = 0.0;
    upper[7] = 0.0;
    upper[11] = 0.0;
    upper[12] = 0.0;
    upper[13] = 0.0;
    upper[14] = 0.0;
    upper[15] = 1.0;
    let n = transpose(&inverse(&upper));
    let mut out = [0.0; 12];
    for c in 0..3 {
        for r in 0..3 {
            out[c * 4 + r] = n[c * 4 + r] as f32;
        }
    }
    out
}

/// Writes `values` at byte `offset` of the block; true when a byte changed.
fn put(data: &mut [u8], offset: usize, values: &[f32]) -> bool {
    let bytes: Vec<u8> = values.iter().flat_map(|f| f.to_ne_bytes()).collect();
    match data.get_mut(offset..offset + bytes.len()) {
        Some(slot) if slot != &bytes[..] => {
            slot.copy_from_slice(&bytes);
            true
        }
        _ => false,
    }
}

fn plane_floats(planes: &[[f64; 4]; MAX_CLIP_PLANES]) -> Vec<f32> {
    planes.iter().flatten().map(|v| *v as f32).collect()
}

fn floats(m: &Mat4) -> [f32; 16] {
    m.map(|v| v as f32)
}

impl ContextState {
    /// Fills the built-in uniforms `exe` reads from GL state; `framebuffer_height` and
    /// `samples` are the draw framebuffer's (0 and 1 for dispatches).
    pub(crate) fn write_builtin_uniforms(&self, exe: &mut LinkedProgram, framebuffer_height: u32, samples: u32) {
        let [near, far] = self.state.viewport.depth_range();
        let matrices = &self.state.matrices;
        let matrices_current = exe.builtin_matrices_generation == matrices.generation;
        let mv = matrices.modelview.top();
        let p = matrices.projection.top();
        let mut changed = false;
        let builtins = std::mem::take(&mut exe.interface.builtin_uniforms);
        for (name, offset) in &builtins {
            let at = *offset as usize;
            let data = &mut exe.uniform_data;
            // Lights, materials, fog, planes and the rest of the compatibility state.
            if let Some(values) = self.compat_state_uniform(name) {
                changed |= put(data, at, &values);
                continue;
            }
            changed |= match name.as_str() {
                "gl_DepthRange.near" => put(data, at, &[near as f32]),
                "gl_DepthRange.far" => put(data, at, &[far as f32]),
                "gl_DepthRange.diff" => put(data, at, &[(far - near) as f32]),
                // Lights, materials, fog, texture planes of generated programs.
                _ if name.starts_with("galvan_ArbParams") => match self.arb_parameter_values(name) {
                    Some(values) => put(data, at, &values),
                    None => false,
                },
                _ if name.starts_with("galvan_") => match self.fixed_function_uniform(name) {
                    Some(values) => put(data, at, &values),
                    None => false,
                },
                // The mask's bits, stored as they are.
                glsl::link::CLIP_PLANE_ENABLES => put(data, at, &[f32::from_bits(self.state.enables.clip_distances)]),
                glsl::link::CLIP_PLANES_EYE | glsl::link::CLIP_PLANES_FOR_POSITION => put(data, at, &plane_floats(&self.state.clip_planes.eye)),
                // (scale, bias) of the depth epilogue: GL's [-1, 1] halved, or [0, 1] as it is.
                glsl::link::CLIP_CONTROL_STATE => {
                    let mode = if self.state.clip_control.negative_one_to_one() { [0.5, 0.5] } else { [1.0, 0.0] };
                    put(data, at, &mode)
                }
                // ES always takes the shader's size; desktop GL only with GL_PROGRAM_POINT_SIZE.
                glsl::link::POINT_SIZE_STATE => {
                    let program_size = self.is_gles() || self.state.enables.is(crate::state::enables::Cap::ProgramPointSize);
                    put(data, at, &[self.state.raster.point_size, if program_size { 1.0 } else { 0.0 }])
                }
                glsl::link::FRAG_COORD_STATE => put(data, at, &[framebuffer_height as f32]),
                // An int: gl_NumSamples counts the framebuffer's samples, one for a
                // single-sample one.
                "gl_NumSamples" => put(data, at, &[f32::from_bits(samples.max(1))]),
                // GL ignores gl_SampleMask without multisample rasterisation.
                glsl::link::SAMPLE_MASK_STATE => {
                    let ignored = samples <= 1 || !self.state.enables.is(crate::state::enables::Cap::Multisample);
                    put(data, at, &[f32::from_bits(if ignored { u32::MAX } else { 0 })])
                }
                glsl::link::TWO_SIDE_STATE => put(data, at, &[if self.state.legacy_enables.vertex_program_two_side() { 1.0 } else { 0.0 }]),
                glsl::link::PATCH_DEFAULT_OUTER => put(data, at, &self.state.patch.default_outer),
                glsl::link::PATCH_DEFAULT_INNER => put(data, at, &self.state.patch.default_inner),
                _ if matrices_current => false,
                "gl_NormalMatrix" => put(data, at, &normal_matrix(mv)),
                // The modelview's scale when it is uniform (GL_RESCALE_NORMAL's factor).
                "gl_NormalScale" => {
                    let n = normal_matrix(mv);
                    put(data, at, &[1.0 / (n[2] * n[2] + n[6] * n[6] + n[10] * n[10]).sqrt()])
                }
                _ if name.starts_with("gl_TextureMatrix") => {
                    let variant = &name["gl_TextureMatrix".len()..];
                    let mut any = false;
                    for (i, stack) in matrices.texture.iter().enumerate().take(MAX_TEXTURE_COORDS) {
                        any |= put(data, at + i * 64, &floats(&apply_variant(stack.top(), variant)));
                    }
                    any
                }
                _ => match named_matrix(name, mv, p) {
                    Some(m) => put(data, at, &floats(&m)),
                    None => false,
                },
            };
        }
        exe.interface.builtin_uniforms = builtins;
        exe.builtin_matrices_generation = matrices.generation;
        if changed {
            exe.uniform_generation += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::matrices::{rotation, scaling, translation, IDENTITY};

    #[test]
    fn inverse_undoes_a_transform() {
        let m = multiply(&multiply(&translation(1.0, 2.0, 3.0), &rotation(30.0, 0.0, 1.0, 1.0)), &scaling(2.0, 3.0, 4.0));
        let id = multiply(&m, &inverse(&m));
        for (a, b) in id.iter().zip(IDENTITY.iter()) {
            assert!((a - b).abs() < 1e-12);
        }
    }

    #[test]
    fn normal_matrix_of_a_scale_is_its_reciprocal() {
        let n = normal_matrix(&scaling(2.0, 4.0, 0.5));
        assert_eq!([n[0], n[5], n[10]], [0.5, 0.25, 2.0]);
    }
}
