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
            "textureGather" | "textureGatherOffset" => {
                let mut srcs = vec![(TexSrcKind::Coord, vals[0])];
                let mut rest = vals[1..].iter().copied();
                if shadow {
                    srcs.push((TexSrcKind::Comparator, rest.next().ok_or("gather reference")?));
                }
                if name == "textureGatherOffset" {
                    srcs.push((TexSrcKind::Offset, rest.next().ok_or("gather offset")?));
                }
                // The optional component is the last argument, a constant expression.
                let component = if !shadow && rest.next().is_some() {
                    self.constant_int(args.last().ok_or("gather component")?).ok_or("the gather component is not constant")?
                } else {
                    0
                };
                if !(0..=3).contains(&component) {
                    return Err(format!("gather component {component} is not 0, 1, 2 or 3"));
                }
                self.b.tex_gather(tex, &srcs, component as u8, None, result_ty)
            }
            _ if name.starts_with("textureGather") || name.starts_with("textureQuery") || name == "textureSamples" => {
                return self.unsupported(&format!("`{}'", name));
            }
            _ => return Ok(None),
        };
        Ok(Some(Rv::V(v)))
    }

    /// The value of an integer constant expression, as semantic analysis folded it.
    fn constant_int(&self, e: &Expr) -> Option<i64> {
        let c = self.info.expr_constants.get(&e.id)?;
        c.comps.first().map(|l| l.as_i64())
    }
}
