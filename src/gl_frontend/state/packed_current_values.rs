//! Current values from one packed 32-bit word (GL_ARB_vertex_type_2_10_10_10_rev, GL 3.3):
//! glVertexAttribP{1,2,3,4}ui(v) and, in compatibility contexts, glVertexP*, glNormalP3ui,
//! glColorP*, glSecondaryColorP3ui, glTexCoordP* and glMultiTexCoordP*. The word is
//! unpacked here, by the same rules that host-converted vertex arrays use.

use crate::context::ContextState;
use crate::state::current_values::Current;
use crate::types::enums::*;
use crate::types::*;

/// How a signed normalized field becomes a float. GL 4.2 (and ES 3.0) changed the rule, for
/// vertex attributes as for textures, so that zero is exact; earlier contexts keep the old
/// one, as their specifications say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SnormRule {
    /// max(c / (2^(b-1) - 1), -1): GL 4.2 and later, every ES version that has these types.
    Clamped,
    /// (2c + 1) / (2^b - 1): GL 3.3 to 4.1.
    Biased,
}

impl SnormRule {
    /// The rule of a context of this API and version.
    pub fn for_context(gles: bool, version: (u32, u32)) -> SnormRule {
        if gles || version >= (4, 2) {
            SnormRule::Clamped
        } else {
            SnormRule::Biased
        }
    }
}

/// The four values of one GL_INT_2_10_10_10_REV or GL_UNSIGNED_INT_2_10_10_10_REV word
/// (x in bits 0-9, y 10-19, z 20-29, w 30-31), normalized or converted as integers; or of
/// one GL_UNSIGNED_INT_10F_11F_11F_REV word (w 1). `None` for any other type.
pub fn unpack_packed_word(ty: GLenum, word: u32, normalized: bool, rule: SnormRule) -> Option<[f32; 4]> {
    const FIELDS: [(u32, u32); 4] = [(0, 10), (10, 10), (20, 10), (30, 2)];
    let field = |(shift, bits): (u32, u32)| (word >> shift) & ((1 << bits) - 1);
    match ty {
        GL_UNSIGNED_INT_2_10_10_10_REV => Some(FIELDS.map(|(shift, bits)| {
            let c = field((shift, bits)) as f64;
            (if normalized { c / ((1u32 << bits) - 1) as f64 } else { c }) as f32
        })),
        GL_INT_2_10_10_10_REV => Some(FIELDS.map(|(shift, bits)| {
            // Sign-extend the field from its top bit.
            let c = ((field((shift, bits)) << (32 - bits)) as i32 >> (32 - bits)) as f64;
            let value = match (normalized, rule) {
                (false, _) => c,
                (true, SnormRule::Clamped) => (c / ((1u32 << (bits - 1)) - 1) as f64).max(-1.0),
                (true, SnormRule::Biased) => (2.0 * c + 1.0) / ((1u32 << bits) - 1) as f64,
            };
            value as f32
        })),
        GL_UNSIGNED_INT_10F_11F_11F_REV => {
            use gl_formats::small_float::decode;
            let r = decode(word & 0x7FF, 5, 6, false);
            let g = decode((word >> 11) & 0x7FF, 5, 6, false);
            let b = decode(word >> 22, 5, 5, false);
            Some([r as f32, g as f32, b as f32, 1.0])
        }
        _ => None,
    }
}

/// The first `n` of four values, the rest as GL fills them: 0 for y and z, 1 for w.
fn take(v: [f32; 4], n: usize) -> [f32; 4] {
    let mut out = [0.0, 0.0, 0.0, 1.0];
    out[..n].copy_from_slice(&v[..n]);
    out
}

/// Which attribute a legacy packed command sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PackedTarget {
    /// glVertexP*: provokes a vertex between glBegin and glEnd.
    Vertex,
    /// glNormalP3ui, glColorP*, glSecondaryColorP3ui (normalized, like glNormal3i and
    /// glColor4i) and glTexCoordP*, glMultiTexCoordP* (not normalized).
    Current(Current),
}

impl ContextState {
    /// glVertexAttribP{n}ui(v): GL_INVALID_ENUM for a type other than the two packed ones
    /// (and, for one to three components, GL_UNSIGNED_INT_10F_11F_11F_REV from GL 4.4 or
    /// GL_ARB_vertex_type_10f_11f_11f_rev on).
    pub(crate) fn gl_vertex_attrib_packed(&mut self, index: GLuint, n: usize, ty: GLenum, normalized: GLboolean, word: GLuint) {
        let float_type_ok = n < 4 && (self.version >= (4, 4) || self.strings.has_extension("GL_ARB_vertex_type_10f_11f_11f_rev"));
        let type_ok = matches!(ty, GL_INT_2_10_10_10_REV | GL_UNSIGNED_INT_2_10_10_10_REV) || (ty == GL_UNSIGNED_INT_10F_11F_11F_REV && float_type_ok);
        if !self.check(type_ok, GL_INVALID_ENUM) {
            return;
        }
        let rule = SnormRule::for_context(self.is_gles(), self.version);
        if let Some(v) = unpack_packed_word(ty, word, normalized != 0, rule) {
            self.set_current_attrib(index, take(v, n));
        }
    }

    /// The legacy packed commands: the two 2_10_10_10 types only.
    pub(crate) fn gl_legacy_packed(&mut self, target: PackedTarget, n: usize, ty: GLenum, word: GLuint) {
        if !self.check(matches!(ty, GL_INT_2_10_10_10_REV | GL_UNSIGNED_INT_2_10_10_10_REV), GL_INVALID_ENUM) {
            return;
        }
        let normalized = matches!(target, PackedTarget::Current(Current::Color | Current::SecondaryColor | Current::Normal));
        let rule = SnormRule::for_context(self.is_gles(), self.version);
        let Some(v) = unpack_packed_word(ty, word, normalized, rule) else { return };
        match target {
            PackedTarget::Vertex => {
                if self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
                    self.gl_vertex(take(v, n));
                }
            }
            PackedTarget::Current(which) => self.gl_current(which, take(v, n)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(fields: [i32; 4]) -> u32 {
        (fields[0] as u32 & 0x3FF) | (fields[1] as u32 & 0x3FF) << 10 | (fields[2] as u32 & 0x3FF) << 20 | (fields[3] as u32 & 3) << 30
    }

    #[test]
    fn unsigned_fields_normalize_by_their_width() {
        let v = unpack_packed_word(GL_UNSIGNED_INT_2_10_10_10_REV, word([1023, 0, 341, 2]), true, SnormRule::Clamped).unwrap();
        assert_eq!(v, [1.0, 0.0, 341.0 / 1023.0, 2.0 / 3.0]);
        let raw = unpack_packed_word(GL_UNSIGNED_INT_2_10_10_10_REV, word([1023, 0, 341, 2]), false, SnormRule::Clamped).unwrap();
        assert_eq!(raw, [1023.0, 0.0, 341.0, 2.0]);
    }

    #[test]
    fn signed_fields_follow_the_context_versions_rule() {
        let w = word([-512, 511, 0, -1]);
        assert_eq!(unpack_packed_word(GL_INT_2_10_10_10_REV, w, false, SnormRule::Clamped).unwrap(), [-512.0, 511.0, 0.0, -1.0]);
        // GL 4.2: -512 and -511 are both -1, zero is exact.
        assert_eq!(unpack_packed_word(GL_INT_2_10_10_10_REV, w, true, SnormRule::Clamped).unwrap(), [-1.0, 1.0, 0.0, -1.0]);
        // GL 3.3: (2c + 1) / (2^b - 1), so -512 is -1 and zero is not exact.
        let old = unpack_packed_word(GL_INT_2_10_10_10_REV, w, true, SnormRule::Biased).unwrap();
        assert_eq!(old, [-1.0, 1.0, 1.0 / 1023.0, -1.0 / 3.0]);
    }

    #[test]
    fn ten_eleven_eleven_floats_unpack_with_w_one() {
        // 1.0 is exponent 15, no mantissa, in each small float.
        let one = (15 << 6) | (15 << 6) << 11 | (15u32 << 5) << 22;
        assert_eq!(unpack_packed_word(GL_UNSIGNED_INT_10F_11F_11F_REV, one, false, SnormRule::Clamped), Some([1.0; 4]));
        assert_eq!(unpack_packed_word(GL_FLOAT, 0, false, SnormRule::Clamped), None);
    }

    #[test]
    fn contexts_choose_the_rule_their_version_has() {
        assert_eq!(SnormRule::for_context(false, (3, 3)), SnormRule::Biased);
        assert_eq!(SnormRule::for_context(false, (4, 2)), SnormRule::Clamped);
        assert_eq!(SnormRule::for_context(true, (3, 0)), SnormRule::Clamped);
    }
}
