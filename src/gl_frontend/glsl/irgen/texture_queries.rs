//! Texture built-ins that filter no texel: textureQueryLevels, textureQueryLod,
//! textureSamples, and the textureGather family, which returns one component of the
//! four texels a bilinear filter would read.

use super::{GResult, Gen, Rv};
use crate::ast::Expr;
use nir_like::{TexOp, TexSrcKind, Value, ValueType};

impl Gen<'_, '_> {
    /// Generates `name` when it is a query or a gather; `None` leaves it to the caller.
    /// `vals` are the arguments after the sampler, converted to the parameter types.
    pub(super) fn texture_query_or_gather(
        &mut self,
        name: &str,
        args: &[Expr],
        tex: Value,
        vals: &[Value],
        shadow: bool,
        result_ty: ValueType,
    ) -> GResult<Option<Rv>> {
        let v = match name {
            "textureQueryLevels" => self.b.tex(TexOp::QueryLevels, tex, &[], result_ty),
            "textureSamples" => self.b.tex(TexOp::TextureSamples, tex, &[], result_ty),
            "textureQueryLod" | "textureQueryLOD" => {
                self.b.tex(TexOp::Lod, tex, &[(TexSrcKind::Coord, vals[0])], result_ty)
            }
            "textureGather" | "textureGatherOffset" | "textureGatherOffsets" => {
                let mut srcs = vec![(TexSrcKind::Coord, vals[0])];
                let mut rest = vals[1..].iter().copied();
                if shadow {
                    srcs.push((TexSrcKind::Comparator, rest.next().ok_or("gather reference")?));
                }
                if name == "textureGatherOffset" {
                    srcs.push((TexSrcKind::Offset, rest.next().ok_or("gather offset")?));
                }
                let offsets = if name == "textureGatherOffsets" {
                    // The array follows the coordinates and, for shadow samplers, the reference.
                    let array = args.get(2 + shadow as usize).ok_or("gather offsets")?;
                    Some(self.constant_offsets(array).ok_or("the gather offsets are not a constant expression")?)
                } else {
                    None
                };
                // The optional component is the last argument, a constant expression.
                let component = if !shadow && rest.next().is_some() {
                    self.constant_int(args.last().ok_or("gather component")?).ok_or("the gather component is not constant")?
                } else {
                    0
                };
                if !(0..=3).contains(&component) {
                    return Err(format!("gather component {component} is not 0, 1, 2 or 3"));
                }
                self.b.tex_gather(tex, &srcs, component as u8, offsets, result_ty)
            }
            _ if name.starts_with("textureGather") || name.starts_with("textureQuery") || name == "textureSamples" => {
                return self.unsupported(&format!("`{}'", name));
            }
            _ => return Ok(None),
        };
        Ok(Some(Rv::V(v)))
    }

    /// The four ivec2 of a constant `ivec2[4]` expression, as semantic analysis folded it.
    fn constant_offsets(&self, e: &Expr) -> Option<[[i32; 2]; 4]> {
        let c = self.info.expr_constants.get(&e.id)?;
        if c.comps.len() != 8 {
            return None;
        }
        let v = |i: usize| c.comps[i].as_i64() as i32;
        Some([[v(0), v(1)], [v(2), v(3)], [v(4), v(5)], [v(6), v(7)]])
    }

    /// The value of an integer constant expression, as semantic analysis folded it.
    fn constant_int(&self, e: &Expr) -> Option<i64> {
        let c = self.info.expr_constants.get(&e.id)?;
        c.comps.first().map(|l| l.as_i64())
    }
}
