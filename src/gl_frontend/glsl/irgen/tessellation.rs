//! Tessellation control and evaluation shaders: their layout qualifiers become the IR's
//! execution modes, the tessellation built-ins become built-in variables, and
//! `gl_out[i].member` of a control shader becomes an arrayed built-in output.

use super::{GResult, Gen, Place};
use crate::ast::*;
use crate::options::Stage as GlStage;
use crate::sema::types::{Scalar, Type as SType};
use crate::sema::ShaderInterface;
use nir_like::{Builtin, Primitive, TessInfo, TessSpacing, VariableMode};

/// gl_MaxPatchVertices: the size of per-vertex inputs of both tessellation stages.
pub(super) const MAX_PATCH_VERTICES: u32 = 32;

/// Reads the output patch size of a control shader, or the primitive mode, spacing,
/// vertex order and point mode of an evaluation shader (any shader object may declare them).
pub(super) fn tess_layout(units: &[(&TranslationUnit, &ShaderInterface)]) -> TessInfo {
    let mut t = TessInfo { ccw: true, primitive_mode: Primitive::Triangles, ..Default::default() };
    for &(tu, info) in units {
        if let Some(n) = info.tcs_vertices {
            t.vertices_out = n;
        }
        for item in &tu.items {
            let ExternalDecl::Declaration(Declaration::Qualifiers { qual, .. }) = item else { continue };
            if qual.storage() != Some(Storage::In) {
                continue;
            }
            for l in qual.layouts() {
                match l.name.as_str() {
                    "triangles" => t.primitive_mode = Primitive::Triangles,
                    "quads" => t.primitive_mode = Primitive::Quads,
                    "isolines" => t.primitive_mode = Primitive::Isolines,
                    "equal_spacing" => t.spacing = TessSpacing::Equal,
                    "fractional_even_spacing" => t.spacing = TessSpacing::FractionalEven,
                    "fractional_odd_spacing" => t.spacing = TessSpacing::FractionalOdd,
                    "cw" => t.ccw = false,
                    "ccw" => t.ccw = true,
                    "point_mode" => t.point_mode = true,
                    _ => {}
                }
            }
        }
    }
    t.vertices_out = t.vertices_out.max(1);
    t
}

/// The built-in variable behind a tessellation stage's `gl_*` name: built-in, mode, type.
pub(super) fn tess_builtin(stage: GlStage, name: &str) -> Option<(Builtin, VariableMode, SType)> {
    let float_array = |n| SType::Array(Box::new(SType::FLOAT), Some(n));
    let level_mode = if stage == GlStage::TessControl { VariableMode::ShaderOut } else { VariableMode::ShaderIn };
    Some(match name {
        "gl_TessLevelOuter" => (Builtin::TessLevelOuter, level_mode, float_array(4)),
        "gl_TessLevelInner" => (Builtin::TessLevelInner, level_mode, float_array(2)),
        "gl_TessCoord" if stage == GlStage::TessEval => (Builtin::TessCoord, VariableMode::ShaderIn, SType::Vector(Scalar::Float, 3)),
        "gl_PatchVerticesIn" => (Builtin::PatchVertices, VariableMode::ShaderIn, SType::INT),
        _ => return None,
    })
}

/// The type and built-in of a `gl_in[]`/`gl_out[]` member.
fn per_vertex_member(name: &str) -> Option<(SType, Builtin)> {
    Some(match name {
        "gl_Position" => (SType::Vector(Scalar::Float, 4), Builtin::Position),
        "gl_PointSize" => (SType::FLOAT, Builtin::PointSize),
        _ => return None,
    })
}

impl Gen<'_, '_> {
    /// `gl_out[index].member` of a control shader: element `index` of the arrayed built-in
    /// output of `member`.
    pub(super) fn per_vertex_output(&mut self, index: &Expr, member: &str) -> GResult<Place> {
        let Some((ty, builtin)) = per_vertex_member(member) else {
            return self.unsupported(&format!("`gl_out[].{}'", member));
        };
        let key = format!("gl_out.{}", member);
        let n = self.tess.as_ref().map_or(1, |t| t.vertices_out);
        let var = self.arrayed_builtin(key, format!("gl_out_{}", member.trim_start_matches("gl_")), &ty, n, VariableMode::ShaderOut, builtin)?;
        let i = self.scalar_rvalue(index)?;
        let base = self.b.deref_var(var);
        let deref = self.b.deref_array(base, i);
        Ok(Place { deref, ty, swizzle: None })
    }
}
