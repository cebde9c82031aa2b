//! Fixed-function lighting state (compatibility profile): glLight, glLightModel,
//! glMaterial, glColorMaterial and their queries.
//!
//! Light positions and spot directions are kept in eye coordinates: GL transforms them by
//! the modelview matrix current when glLight is called.

use crate::context::ContextState;
use crate::state::matrices::Mat4;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// GL_MAX_LIGHTS.
pub const MAX_LIGHTS: usize = 8;

/// One light source (GL_LIGHTi).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Light {
    pub enabled: bool,
    pub ambient: [f32; 4],
    pub diffuse: [f32; 4],
    pub specular: [f32; 4],
    /// Eye coordinates.
    pub position: [f32; 4],
    /// Eye coordinates.
    pub spot_direction: [f32; 3],
    pub spot_exponent: f32,
    pub spot_cutoff: f32,
    /// Constant, linear and quadratic attenuation.
    pub attenuation: [f32; 3],
}

impl Light {
    fn new(index: usize) -> Self {
        // Light 0 is white by default; the others are black.
        let white = if index == 0 { [1.0; 4] } else { [0.0, 0.0, 0.0, 1.0] };
        Light {
            enabled: false,
            ambient: [0.0, 0.0, 0.0, 1.0],
            diffuse: white,
            specular: white,
            position: [0.0, 0.0, 1.0, 0.0],
            spot_direction: [0.0, 0.0, -1.0],
            spot_exponent: 0.0,
            spot_cutoff: 180.0,
            attenuation: [1.0, 0.0, 0.0],
        }
    }
}

/// The material of one face.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Material {
    pub ambient: [f32; 4],
    pub diffuse: [f32; 4],
    pub specular: [f32; 4],
    pub emission: [f32; 4],
    pub shininess: f32,
    /// GL_COLOR_INDEXES (colour-index lighting; kept for the queries).
    pub color_indexes: [f32; 3],
}

impl Default for Material {
    fn default() -> Self {
        Material {
            ambient: [0.2, 0.2, 0.2, 1.0],
            diffuse: [0.8, 0.8, 0.8, 1.0],
            specular: [0.0, 0.0, 0.0, 1.0],
            emission: [0.0, 0.0, 0.0, 1.0],
            shininess: 0.0,
            color_indexes: [0.0, 1.0, 1.0],
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct LightingState {
    /// GL_LIGHTING.
    pub enabled: bool,
    pub lights: [Light; MAX_LIGHTS],
    pub model_ambient: [f32; 4],
    pub local_viewer: bool,
    pub two_side: bool,
    /// GL_LIGHT_MODEL_COLOR_CONTROL: GL_SINGLE_COLOR or GL_SEPARATE_SPECULAR_COLOR.
    pub color_control: GLenum,
    /// Front, back.
    pub materials: [Material; 2],
    /// GL_COLOR_MATERIAL.
    pub color_material: bool,
    pub color_material_face: GLenum,
    pub color_material_mode: GLenum,
    /// GL_NORMALIZE and GL_RESCALE_NORMAL.
    pub normalize: bool,
    pub rescale_normal: bool,
}

impl Default for LightingState {
    fn default() -> Self {
        LightingState {
            enabled: false,
            lights: std::array::from_fn(Light::new),
            model_ambient: [0.2, 0.2, 0.2, 1.0],
            local_viewer: false,
            two_side: false,
            color_control: GL_SINGLE_COLOR,
            materials: [Material::default(); 2],
            color_material: false,
            color_material_face: GL_FRONT_AND_BACK,
            color_material_mode: GL_AMBIENT_AND_DIFFUSE,
            normalize: false,
            rescale_normal: false,
        }
    }
}

fn transform_point(m: &Mat4, p: [f32; 4]) -> [f32; 4] {
    std::array::from_fn(|r| (0..4).map(|k| m[k * 4 + r] * p[k] as f64).sum::<f64>() as f32)
}

fn transform_direction(m: &Mat4, d: [f32; 3]) -> [f32; 3] {
    std::array::from_fn(|r| (0..3).map(|k| m[k * 4 + r] * d[k] as f64).sum::<f64>() as f32)
}

/// The number of values glLight/glMaterial/glLightModel take for `pname`, or `None` when
/// the command does not know it.
fn light_values(pname: GLenum) -> Option<usize> {
    Some(match pname {
        GL_AMBIENT | GL_DIFFUSE | GL_SPECULAR | GL_POSITION => 4,
        GL_SPOT_DIRECTION => 3,
        GL_SPOT_EXPONENT | GL_SPOT_CUTOFF | GL_CONSTANT_ATTENUATION | GL_LINEAR_ATTENUATION | GL_QUADRATIC_ATTENUATION => 1,
        _ => return None,
    })
}

impl ContextState {
    fn legacy_allowed(&mut self) -> bool {
        self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION)
    }

    fn lighting_changed(&mut self) {
        self.state.dirty.insert(Dirty::PROGRAM | Dirty::UNIFORMS);
    }

    /// Light and material parameters are uniforms of the generated program: changing them
    /// never selects another program.
    fn lighting_values_changed(&mut self) {
        self.state.dirty.insert(Dirty::UNIFORMS);
    }

    /// glLight{f,i}{,v}. `vector` says whether a v form was called (scalar forms accept
    /// only the single-valued pnames). Integer colours were already converted by the caller.
    pub(crate) fn gl_light(&mut self, light: GLenum, pname: GLenum, values: &[f32], vector: bool) {
        if !self.legacy_allowed() {
            return;
        }
        let index = light.wrapping_sub(GL_LIGHT0) as usize;
        if !self.check(index < MAX_LIGHTS, GL_INVALID_ENUM) {
            return;
        }
        let Some(count) = light_values(pname) else { return self.record_error(GL_INVALID_ENUM) };
        if !self.check(vector || count == 1, GL_INVALID_ENUM) || values.len() < count {
            return;
        }
        let modelview = *self.state.matrices.modelview.top();
        let l = &mut self.state.lighting.lights[index];
        let v4 = || [values[0], values[1], values[2], values[3]];
        match pname {
            GL_AMBIENT => l.ambient = v4(),
            GL_DIFFUSE => l.diffuse = v4(),
            GL_SPECULAR => l.specular = v4(),
            GL_POSITION => l.position = transform_point(&modelview, v4()),
            GL_SPOT_DIRECTION => l.spot_direction = transform_direction(&modelview, [values[0], values[1], values[2]]),
            GL_SPOT_EXPONENT => {
                if !(0.0..=128.0).contains(&values[0]) {
                    return self.record_error(GL_INVALID_VALUE);
                }
                l.spot_exponent = values[0];
            }
            GL_SPOT_CUTOFF => {
                if !((0.0..=90.0).contains(&values[0]) || values[0] == 180.0) {
                    return self.record_error(GL_INVALID_VALUE);
                }
                l.spot_cutoff = values[0];
            }
            _ => {
                if values[0] < 0.0 {
                    return self.record_error(GL_INVALID_VALUE);
                }
                let k = (pname - GL_CONSTANT_ATTENUATION) as usize;
                l.attenuation[k] = values[0];
            }
        }
        self.lighting_values_changed();
    }

    /// glGetLight{f,i}v: the values, or the error.
    pub(crate) fn light_parameter(&self, light: GLenum, pname: GLenum) -> Result<Vec<f32>, GLenum> {
        let index = light.wrapping_sub(GL_LIGHT0) as usize;
        let l = self.state.lighting.lights.get(index).ok_or(GL_INVALID_ENUM)?;
        Ok(match pname {
            GL_AMBIENT => l.ambient.to_vec(),
            GL_DIFFUSE => l.diffuse.to_vec(),
            GL_SPECULAR => l.specular.to_vec(),
            GL_POSITION => l.position.to_vec(),
            GL_SPOT_DIRECTION => l.spot_direction.to_vec(),
            GL_SPOT_EXPONENT => vec![l.spot_exponent],
            GL_SPOT_CUTOFF => vec![l.spot_cutoff],
            GL_CONSTANT_ATTENUATION => vec![l.attenuation[0]],
            GL_LINEAR_ATTENUATION => vec![l.attenuation[1]],
            GL_QUADRATIC_ATTENUATION => vec![l.attenuation[2]],
            _ => return Err(GL_INVALID_ENUM),
        })
    }

    pub(crate) fn gl_light_model(&mut self, pname: GLenum, values: &[f32], vector: bool) {
        if !self.legacy_allowed() || values.is_empty() {
            return;
        }
        let m = &mut self.state.lighting;
        match pname {
            GL_LIGHT_MODEL_AMBIENT if vector && values.len() >= 4 => m.model_ambient = [values[0], values[1], values[2], values[3]],
            GL_LIGHT_MODEL_LOCAL_VIEWER => m.local_viewer = values[0] != 0.0,
            GL_LIGHT_MODEL_TWO_SIDE => m.two_side = values[0] != 0.0,
            GL_LIGHT_MODEL_COLOR_CONTROL => {
                let mode = values[0] as GLenum;
                if !matches!(mode, GL_SINGLE_COLOR | GL_SEPARATE_SPECULAR_COLOR) {
                    return self.record_error(GL_INVALID_ENUM);
                }
                m.color_control = mode;
            }
            _ => return self.record_error(GL_INVALID_ENUM),
        }
        self.lighting_changed();
    }

    /// glMaterial{f,i}{,v}.
    pub(crate) fn gl_material(&mut self, face: GLenum, pname: GLenum, values: &[f32], vector: bool) {
        // glMaterial is allowed between glBegin and glEnd.
        if !self.legacy_allowed() {
            return;
        }
        let faces: &[usize] = match face {
            GL_FRONT => &[0],
            GL_BACK => &[1],
            GL_FRONT_AND_BACK => &[0, 1],
            _ => return self.record_error(GL_INVALID_ENUM),
        };
        let count = match pname {
            GL_AMBIENT | GL_DIFFUSE | GL_SPECULAR | GL_EMISSION | GL_AMBIENT_AND_DIFFUSE => 4,
            GL_COLOR_INDEXES => 3,
            GL_SHININESS => 1,
            _ => return self.record_error(GL_INVALID_ENUM),
        };
        if !self.check(vector || count == 1, GL_INVALID_ENUM) || values.len() < count {
            return;
        }
        if pname == GL_SHININESS && !(0.0..=128.0).contains(&values[0]) {
            return self.record_error(GL_INVALID_VALUE);
        }
        self.note_material_in_begin_end();
        for &f in faces {
            let m = &mut self.state.lighting.materials[f];
            let at = |i: usize| values.get(i).copied().unwrap_or(if i == 3 { 1.0 } else { 0.0 });
            let v4 = [at(0), at(1), at(2), at(3)];
            match pname {
                GL_AMBIENT => m.ambient = v4,
                GL_DIFFUSE => m.diffuse = v4,
                GL_SPECULAR => m.specular = v4,
                GL_EMISSION => m.emission = v4,
                GL_AMBIENT_AND_DIFFUSE => {
                    m.ambient = v4;
                    m.diffuse = v4;
                }
                GL_COLOR_INDEXES => m.color_indexes = [at(0), at(1), at(2)],
                _ => m.shininess = values[0],
            }
        }
        // While GL_COLOR_MATERIAL is on, the current colour owns the components it tracks:
        // glMaterial cannot change them.
        self.track_color_material();
        self.lighting_values_changed();
    }

    /// glGetMaterial{f,i}v.
    pub(crate) fn material_parameter(&self, face: GLenum, pname: GLenum) -> Result<Vec<f32>, GLenum> {
        let m = match face {
            GL_FRONT => &self.state.lighting.materials[0],
            GL_BACK => &self.state.lighting.materials[1],
            _ => return Err(GL_INVALID_ENUM),
        };
        Ok(match pname {
            GL_AMBIENT => m.ambient.to_vec(),
            GL_DIFFUSE => m.diffuse.to_vec(),
            GL_SPECULAR => m.specular.to_vec(),
            GL_EMISSION => m.emission.to_vec(),
            GL_SHININESS => vec![m.shininess],
            GL_COLOR_INDEXES => m.color_indexes.to_vec(),
            _ => return Err(GL_INVALID_ENUM),
        })
    }

    pub(crate) fn gl_color_material(&mut self, face: GLenum, mode: GLenum) {
        if !self.legacy_allowed() {
            return;
        }
        let face_ok = matches!(face, GL_FRONT | GL_BACK | GL_FRONT_AND_BACK);
        let mode_ok = matches!(mode, GL_EMISSION | GL_AMBIENT | GL_DIFFUSE | GL_SPECULAR | GL_AMBIENT_AND_DIFFUSE);
        if !self.check(face_ok && mode_ok, GL_INVALID_ENUM) {
            return;
        }
        self.state.lighting.color_material_face = face;
        self.state.lighting.color_material_mode = mode;
        self.track_color_material();
        self.lighting_changed();
    }

    /// GL_COLOR_MATERIAL tracks the current colour: GL updates the material whenever the
    /// colour changes while it is enabled, and when it is enabled.
    pub(crate) fn track_color_material(&mut self) {
        let l = &mut self.state.lighting;
        if !l.color_material {
            return;
        }
        let color = self.current_attribs[crate::objects::vertex_array::COLOR];
        let faces: &[usize] = match l.color_material_face {
            GL_FRONT => &[0],
            GL_BACK => &[1],
            _ => &[0, 1],
        };
        for &f in faces {
            let m = &mut l.materials[f];
            match l.color_material_mode {
                GL_EMISSION => m.emission = color,
                GL_AMBIENT => m.ambient = color,
                GL_DIFFUSE => m.diffuse = color,
                GL_SPECULAR => m.specular = color,
                _ => {
                    m.ambient = color;
                    m.diffuse = color;
                }
            }
        }
    }

    /// glGet of the lighting state.
    pub(crate) fn lighting_value(&self, pname: GLenum) -> Option<crate::queries::get::Value> {
        use crate::queries::get::Value;
        let l = &self.state.lighting;
        let color = |c: [f32; 4]| Value::floats(c.map(f64::from), true);
        Some(match pname {
            GL_LIGHTING => Value::boolean(l.enabled),
            GL_LIGHT0..=GL_LIGHT7 => Value::boolean(l.lights[(pname - GL_LIGHT0) as usize].enabled),
            GL_MAX_LIGHTS => Value::int(MAX_LIGHTS as i64),
            GL_LIGHT_MODEL_AMBIENT => color(l.model_ambient),
            GL_LIGHT_MODEL_LOCAL_VIEWER => Value::boolean(l.local_viewer),
            GL_LIGHT_MODEL_TWO_SIDE => Value::boolean(l.two_side),
            GL_LIGHT_MODEL_COLOR_CONTROL => Value::int(l.color_control as i64),
            GL_COLOR_MATERIAL => Value::boolean(l.color_material),
            GL_COLOR_MATERIAL_FACE => Value::int(l.color_material_face as i64),
            GL_COLOR_MATERIAL_PARAMETER => Value::int(l.color_material_mode as i64),
            GL_NORMALIZE => Value::boolean(l.normalize),
            GL_RESCALE_NORMAL => Value::boolean(l.rescale_normal),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn light_zero_is_white_and_the_others_black() {
        let l = LightingState::default();
        assert_eq!(l.lights[0].diffuse, [1.0; 4]);
        assert_eq!(l.lights[1].diffuse, [0.0, 0.0, 0.0, 1.0]);
        assert_eq!(l.lights[3].position, [0.0, 0.0, 1.0, 0.0]);
    }

    #[test]
    fn positions_move_with_the_modelview_matrix() {
        let m = crate::state::matrices::translation(1.0, 2.0, 3.0);
        assert_eq!(transform_point(&m, [0.0, 0.0, 0.0, 1.0]), [1.0, 2.0, 3.0, 1.0]);
        // Directions (w = 0) do not translate.
        assert_eq!(transform_point(&m, [0.0, 0.0, 1.0, 0.0]), [0.0, 0.0, 1.0, 0.0]);
    }
}

/// The v forms: pointer arguments read as many values as `pname` takes.
impl ContextState {
    /// Reads a vector argument, integer colours mapped to [-1, 1]; `None` for null.
    unsafe fn legacy_vector<T: Copy + Into<f64>>(pname: GLenum, p: *const T, integer: bool) -> Option<Vec<f32>> {
        use crate::state::legacy_queries::{int_color, is_color_pname, read_values};
        let values = unsafe { read_values(p, crate::state::display_list::pname_values(pname)) }?;
        Some(if integer && is_color_pname(pname) { int_color(&values) } else { values.iter().map(|v| *v as f32).collect() })
    }

    /// glLight{f,i}v.
    pub(crate) unsafe fn gl_light_ptr<T: Copy + Into<f64>>(&mut self, light: GLenum, pname: GLenum, p: *const T, integer: bool) {
        if let Some(v) = unsafe { Self::legacy_vector(pname, p, integer) } {
            self.gl_light(light, pname, &v, true)
        }
    }

    /// glLightModel{f,i}v.
    pub(crate) unsafe fn gl_light_model_ptr<T: Copy + Into<f64>>(&mut self, pname: GLenum, p: *const T, integer: bool) {
        if let Some(v) = unsafe { Self::legacy_vector(pname, p, integer) } {
            self.gl_light_model(pname, &v, true)
        }
    }

    /// glMaterial{f,i}v.
    pub(crate) unsafe fn gl_material_ptr<T: Copy + Into<f64>>(&mut self, face: GLenum, pname: GLenum, p: *const T, integer: bool) {
        if let Some(v) = unsafe { Self::legacy_vector(pname, p, integer) } {
            self.gl_material(face, pname, &v, true)
        }
    }

    /// glFog{f,i}v.
    pub(crate) unsafe fn gl_fog_ptr<T: Copy + Into<f64>>(&mut self, pname: GLenum, p: *const T, integer: bool) {
        if let Some(v) = unsafe { Self::legacy_vector(pname, p, integer) } {
            self.gl_fog(pname, &v, true)
        }
    }

    /// glGetLight{f,i}v and glGetMaterial{f,i}v: writes the values, integer colours by
    /// GL's mapping of [-1, 1] onto the integer range.
    pub(crate) unsafe fn write_legacy_parameter<T>(&mut self, result: Result<Vec<f32>, GLenum>, pname: GLenum, out: *mut T, convert: impl Fn(f64, bool) -> T) {
        match result {
            Ok(values) => {
                let color = crate::state::legacy_queries::is_color_pname(pname);
                let values: Vec<f64> = values.iter().map(|v| *v as f64).collect();
                unsafe { crate::state::legacy_queries::write_values(out, &values, |v| convert(v, color)) }
            }
            Err(e) => self.record_error(e),
        }
    }
}

/// An integer query of a legacy parameter: colours map [-1, 1] onto the integer range,
/// other values round.
pub(crate) fn legacy_int(v: f64, color: bool) -> GLint {
    if color {
        ((v.clamp(-1.0, 1.0) * 4294967295.0 - 1.0) / 2.0).round() as GLint
    } else {
        v.round() as GLint
    }
}
