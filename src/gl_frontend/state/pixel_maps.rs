//! glPixelMap and glGetPixelMap (compatibility profile): the ten lookup tables pixel
//! transfer uses, colour index to RGBA (I_TO_R .. I_TO_A), RGBA to RGBA under GL_MAP_COLOR
//! (R_TO_R .. A_TO_A), and index to index (I_TO_I, S_TO_S under GL_MAP_STENCIL).
//! The getter takes the size of the application's buffer, so the bounded forms
//! (glGetnPixelMap*) share it.

use crate::context::ContextState;
use crate::queries::get::Value;
use crate::types::enums::*;
use crate::types::*;

/// GL_MAX_PIXEL_MAP_TABLE.
pub const MAX_PIXEL_MAP_TABLE: usize = 256;

/// The tables in the order of their enums (GL_PIXEL_MAP_I_TO_I is 0x0C70 .. A_TO_A 0x0C79).
const MAPS: [GLenum; 10] = [
    GL_PIXEL_MAP_I_TO_I,
    GL_PIXEL_MAP_S_TO_S,
    GL_PIXEL_MAP_I_TO_R,
    GL_PIXEL_MAP_I_TO_G,
    GL_PIXEL_MAP_I_TO_B,
    GL_PIXEL_MAP_I_TO_A,
    GL_PIXEL_MAP_R_TO_R,
    GL_PIXEL_MAP_G_TO_G,
    GL_PIXEL_MAP_B_TO_B,
    GL_PIXEL_MAP_A_TO_A,
];

/// The table behind a GL_PIXEL_MAP_* enum.
fn map_index(map: GLenum) -> Option<usize> {
    MAPS.iter().position(|m| *m == map)
}

/// Whether a table holds indices (I_TO_I, S_TO_S) rather than colour components.
fn holds_indices(map: GLenum) -> bool {
    matches!(map, GL_PIXEL_MAP_I_TO_I | GL_PIXEL_MAP_S_TO_S)
}

/// How the application's values are read and written: floats as they are, unsigned
/// integers as indices or as fixed-point colour components of their width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapValues {
    Float,
    Uint,
    Ushort,
}

impl MapValues {
    fn fixed_one(self) -> f64 {
        match self {
            MapValues::Float => 1.0,
            MapValues::Uint => u32::MAX as f64,
            MapValues::Ushort => u16::MAX as f64,
        }
    }
}

/// The ten tables; each starts as the single entry 0.
#[derive(Clone, Debug, PartialEq)]
pub struct PixelMaps {
    tables: [Vec<f32>; 10],
}

impl Default for PixelMaps {
    fn default() -> Self {
        PixelMaps { tables: std::array::from_fn(|_| vec![0.0]) }
    }
}

impl PixelMaps {
    /// The table of `map` (a GL_PIXEL_MAP_* enum).
    pub fn table(&self, map: GLenum) -> &[f32] {
        map_index(map).map_or(&[][..], |i| &self.tables[i])
    }

    /// The colour index `index` through I_TO_R .. I_TO_A; the index wraps at the (power
    /// of two) table size.
    pub fn index_to_rgba(&self, index: u32) -> [f32; 4] {
        std::array::from_fn(|c| {
            let t = &self.tables[2 + c];
            t[index as usize & (t.len() - 1)]
        })
    }

    /// `index` through I_TO_I or S_TO_S.
    pub fn map_index(&self, map: GLenum, index: u32) -> u32 {
        let t = self.table(map);
        if t.is_empty() {
            return index;
        }
        t[index as usize & (t.len() - 1)].max(0.0).round() as u32
    }

    /// A colour through R_TO_R .. A_TO_A (GL_MAP_COLOR): each component in [0, 1] picks
    /// the nearest of its table's entries.
    pub fn map_rgba(&self, rgba: [f32; 4]) -> [f32; 4] {
        std::array::from_fn(|c| {
            let t = &self.tables[6 + c];
            let at = (rgba[c].clamp(0.0, 1.0) * (t.len() - 1) as f32).round() as usize;
            t[at.min(t.len() - 1)]
        })
    }

    /// Copies table `map` into `out` as `kind` values. `buf_size` is the room the
    /// application gave in values (`None`: unbounded, as glGetPixelMap* trusts it); a
    /// table larger than that is GL_INVALID_OPERATION and nothing is written.
    pub fn read(&self, map: GLenum, kind: MapValues, buf_size: Option<usize>) -> Result<Vec<f64>, GLenum> {
        let Some(i) = map_index(map) else { return Err(GL_INVALID_ENUM) };
        let table = &self.tables[i];
        if buf_size.is_some_and(|n| n < table.len()) {
            return Err(GL_INVALID_OPERATION);
        }
        let scale = if holds_indices(map) { 1.0 } else { kind.fixed_one() };
        let integer = kind != MapValues::Float;
        Ok(table.iter().map(|v| *v as f64 * scale).map(|v| if integer { v.round() } else { v }).collect())
    }
}

impl ContextState {
    /// glPixelMap{fv,uiv,usv}: `values` already widened to f64 from `kind`.
    pub(crate) fn gl_pixel_map(&mut self, map: GLenum, values: &[f64], kind: MapValues) {
        if !self.check(!self.is_core() && !self.is_gles() && !self.in_begin_end(), GL_INVALID_OPERATION) {
            return;
        }
        let Some(i) = map_index(map) else { return self.record_error(GL_INVALID_ENUM) };
        let n = values.len();
        // Tables looked up by index wrap at their size, so it is a power of two.
        let size_ok = (1..=MAX_PIXEL_MAP_TABLE).contains(&n) && (i >= 6 || n.is_power_of_two());
        if !self.check(size_ok, GL_INVALID_VALUE) {
            return;
        }
        let table = if holds_indices(map) {
            values.iter().map(|v| *v as f32).collect()
        } else {
            values.iter().map(|v| (v / kind.fixed_one()).clamp(0.0, 1.0) as f32).collect()
        };
        self.state.pixel_maps.tables[i] = table;
    }

    /// glPixelMap*'s values: `mapsize` of them from client memory or the pixel unpack
    /// buffer; `None` after recording an error.
    ///
    /// # Safety
    /// Without an unpack buffer, `values` points at `mapsize` values of `T`.
    pub(crate) unsafe fn pixel_map_source<T: Copy + Into<f64>>(&mut self, mapsize: GLsizei, values: *const T) -> Option<Vec<f64>> {
        if !self.check(mapsize >= 0, GL_INVALID_VALUE) {
            return None;
        }
        let n = (mapsize as usize).min(MAX_PIXEL_MAP_TABLE + 1);
        let size = std::mem::size_of::<T>();
        let bytes = match self.unpack_source_bytes(values.cast(), n * size) {
            Ok(b) => b,
            Err(e) => {
                self.record_error(e);
                return None;
            }
        };
        // SAFETY: `bytes` holds `n` values of `T`, read unaligned.
        Some((0..n).map(|i| unsafe { std::ptr::read_unaligned(bytes.as_ptr().add(i * size).cast::<T>()) }.into()).collect())
    }

    /// glGetPixelMap{fv,uiv,usv} and glGetnPixelMap* (`buf_size` in values): the table's
    /// values, or `None` after recording an error.
    pub(crate) fn get_pixel_map(&mut self, map: GLenum, kind: MapValues, buf_size: Option<usize>) -> Option<Vec<f64>> {
        if !self.check(!self.is_core() && !self.is_gles() && !self.in_begin_end(), GL_INVALID_OPERATION) {
            return None;
        }
        match self.state.pixel_maps.read(map, kind, buf_size) {
            Ok(v) => Some(v),
            Err(e) => {
                self.record_error(e);
                None
            }
        }
    }

    /// Stores a glGetPixelMap* result into the pixel pack buffer (at offset `out`) or
    /// client memory; a pack buffer too small for it is GL_INVALID_OPERATION.
    ///
    /// # Safety
    /// Without a pack buffer, `out` is null or has room for `values.len()` values of `T`.
    pub(crate) unsafe fn store_pixel_map<T: Copy>(&mut self, values: &[f64], convert: impl Fn(f64) -> T, out: *mut T) {
        let converted: Vec<T> = values.iter().map(|v| convert(*v)).collect();
        let size = std::mem::size_of_val(&converted[..]);
        // SAFETY: `converted` is plain data of `size` bytes.
        let bytes = unsafe { std::slice::from_raw_parts(converted.as_ptr().cast::<u8>(), size) };
        let pack = self.bindings.pixel_pack_buffer;
        if pack == 0 {
            if !out.is_null() {
                // SAFETY: as the caller promises.
                unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), out.cast::<u8>(), size) };
            }
            return;
        }
        let offset = out as usize;
        let mut objects = self.share.lock();
        let stored = match objects.buffers.get_mut(pack) {
            Some(b) if b.mapping.is_none() && offset.checked_add(size).is_some_and(|end| end <= b.data.len()) => {
                b.data[offset..offset + size].copy_from_slice(bytes);
                b.touch();
                true
            }
            _ => false,
        };
        drop(objects);
        self.check(stored, GL_INVALID_OPERATION);
    }

    /// glGet of GL_PIXEL_MAP_*_SIZE and GL_MAX_PIXEL_MAP_TABLE.
    pub(crate) fn pixel_map_value(&self, pname: GLenum) -> Option<Value> {
        if pname == GL_MAX_PIXEL_MAP_TABLE {
            return Some(Value::int(MAX_PIXEL_MAP_TABLE as i64));
        }
        // GL_PIXEL_MAP_I_TO_I_SIZE .. A_TO_A_SIZE follow the maps' enums at 0x0CB0.
        let map = pname.checked_sub(GL_PIXEL_MAP_I_TO_I_SIZE)?.checked_add(GL_PIXEL_MAP_I_TO_I)?;
        (pname <= GL_PIXEL_MAP_A_TO_A_SIZE).then(|| Value::int(self.state.pixel_maps.table(map).len() as i64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_tables_convert_fixed_point_both_ways() {
        let mut maps = PixelMaps::default();
        maps.tables[map_index(GL_PIXEL_MAP_R_TO_R).unwrap()] = vec![0.0, 0.5, 1.0];
        assert_eq!(maps.read(GL_PIXEL_MAP_R_TO_R, MapValues::Ushort, None), Ok(vec![0.0, 32768.0, 65535.0]));
        assert_eq!(maps.read(GL_PIXEL_MAP_R_TO_R, MapValues::Float, Some(2)), Err(GL_INVALID_OPERATION));
        assert_eq!(maps.read(GL_RGBA, MapValues::Float, None), Err(GL_INVALID_ENUM));
        assert_eq!(maps.map_rgba([0.4, 0.0, 0.0, 1.0])[0], 0.5);
    }

    #[test]
    fn indices_wrap_at_the_table_size() {
        let mut maps = PixelMaps::default();
        maps.tables[2] = vec![1.0, 0.0];
        maps.tables[5] = vec![1.0, 1.0];
        assert_eq!(maps.index_to_rgba(3), [0.0, 0.0, 0.0, 1.0]);
        assert_eq!(maps.index_to_rgba(2), [1.0, 0.0, 0.0, 1.0]);
        maps.tables[1] = vec![7.0, 9.0];
        assert_eq!(maps.map_index(GL_PIXEL_MAP_S_TO_S, 5), 9);
        assert_eq!(maps.read(GL_PIXEL_MAP_S_TO_S, MapValues::Uint, None), Ok(vec![7.0, 9.0]));
    }
}
