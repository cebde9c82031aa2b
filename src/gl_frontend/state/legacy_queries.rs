//! glGet of the compatibility profile's state that lives in this folder: display lists,
//! attribute stacks, lighting, fog and the rest of fixed-function vertex and fragment
//! processing. `queries/get.rs` asks here for the pnames it does not know.

use crate::context::ContextState;
use crate::queries::get::Value;
use crate::types::GLenum;

impl ContextState {
    /// The value of a compatibility-profile pname owned by `state/`; `None` is unknown.
    pub(crate) fn legacy_value(&self, pname: GLenum) -> Option<Value> {
        if let Some(v) = self.display_list_value(pname).or_else(|| self.attrib_stack_value(pname)) {
            return Some(Value::int(v));
        }
        if let Some(on) = self.legacy_capability(pname) {
            return Some(Value::boolean(on));
        }
        self.lighting_value(pname)
            .or_else(|| self.fog_value(pname))
            .or_else(|| self.alpha_test_value(pname))
            .or_else(|| self.raster_pos_value(pname))
            .or_else(|| self.pixel_transfer_value(pname))
            .or_else(|| self.render_mode_value(pname))
            .or_else(|| self.pixel_map_value(pname))
            .or_else(|| self.edge_flag_value(pname))
            .or_else(|| self.color_index_value(pname))
            .or_else(|| self.accumulation_value(pname))
            .or_else(|| self.conventional_array_value(pname))
            .or_else(|| self.evaluator_value(pname))
            // Auxiliary colour buffers: galvan's framebuffers have none.
            .or_else(|| (pname == crate::types::enums::GL_AUX_BUFFERS).then(|| Value::int(0)))
    }
}

/// Reads `count` values of a glLight/glMaterial/glFog/glTexGen vector argument as floats;
/// `None` for a null pointer.
///
/// # Safety
/// `p` is null or points at `count` values.
pub(crate) unsafe fn read_values<T: Copy + Into<f64>>(p: *const T, count: usize) -> Option<Vec<f64>> {
    if p.is_null() {
        return None;
    }
    // SAFETY: as the caller promises.
    Some(unsafe { std::slice::from_raw_parts(p, count) }.iter().map(|v| (*v).into()).collect())
}

/// Integer colour components map [-2^31, 2^31 - 1] onto [-1, 1] (glLightiv, glMaterialiv,
/// glFogiv, glLightModeliv).
pub(crate) fn int_color(values: &[f64]) -> Vec<f32> {
    values.iter().map(|v| ((2.0 * v + 1.0) / 4294967295.0) as f32).collect()
}

/// Whether `pname` is a colour of glLight/glMaterial/glFog/glLightModel.
pub(crate) fn is_color_pname(pname: GLenum) -> bool {
    use crate::types::enums::*;
    matches!(pname, GL_AMBIENT | GL_DIFFUSE | GL_SPECULAR | GL_EMISSION | GL_AMBIENT_AND_DIFFUSE | GL_FOG_COLOR | GL_LIGHT_MODEL_AMBIENT)
}

/// Writes query results through `out`, converting by `convert`.
///
/// # Safety
/// `out` is null or has room for `values.len()` elements.
pub(crate) unsafe fn write_values<T>(out: *mut T, values: &[f64], convert: impl Fn(f64) -> T) {
    if out.is_null() {
        return;
    }
    for (i, v) in values.iter().enumerate() {
        // SAFETY: as the caller promises.
        unsafe { out.add(i).write(convert(*v)) };
    }
}

impl ContextState {
    /// glGetPointerv: the selection and feedback buffers, and the conventional arrays'
    /// pointers (an offset where a buffer object holds the array).
    pub(crate) fn gl_get_pointerv(&mut self, pname: GLenum, params: *mut *mut std::ffi::c_void) {
        use crate::objects::vertex_array::{COLOR, FOG_COORD, NORMAL, SECONDARY_COLOR, TEX_COORD0, VERTEX};
        use crate::types::enums::*;
        let slot = match pname {
            GL_VERTEX_ARRAY_POINTER => Some(VERTEX),
            GL_NORMAL_ARRAY_POINTER => Some(NORMAL),
            GL_COLOR_ARRAY_POINTER => Some(COLOR),
            GL_SECONDARY_COLOR_ARRAY_POINTER => Some(SECONDARY_COLOR),
            GL_FOG_COORD_ARRAY_POINTER => Some(FOG_COORD),
            GL_TEXTURE_COORD_ARRAY_POINTER => Some(TEX_COORD0 + self.client_active_texture as usize),
            _ => None,
        };
        let legacy = !self.is_core() && !self.is_gles();
        if !self.check(legacy, GL_INVALID_ENUM) {
            return;
        }
        let value = match slot {
            Some(slot) => self.vertex_arrays.get(self.bindings.vertex_array).map_or(0, |v| v.attribs[slot].pointer),
            None => match self.render_mode_pointer(pname).or_else(|| self.state_only_array_pointer(pname)) {
                Some(p) => p,
                None => return self.record_error(GL_INVALID_ENUM),
            },
        };
        if !params.is_null() {
            // SAFETY: GL requires `params` to hold one pointer.
            unsafe { params.write(value as *mut std::ffi::c_void) };
        }
    }
}
