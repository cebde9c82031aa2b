//! interpolateAtCentroid, interpolateAtSample and interpolateAtOffset (GLSL 4.00,
//! ARB_gpu_shader5, OES_shader_multisample_interpolation): the interpolant is a fragment
//! input, passed to the intrinsic as a pointer. A swizzled interpolant (`v.yx`) is
//! interpolated whole and then swizzled, since SPIR-V interpolates variables, array
//! elements, members and single components, never swizzles.

use super::{GResult, Gen, Rv};
use crate::ast::*;
use super::types::value_type;
use nir_like::IntrinsicOp;

impl Gen<'_, '_> {
    pub(super) fn interpolation_call(&mut self, name: &str, args: &[Expr]) -> GResult<Option<Rv>> {
        let op = match name {
            "interpolateAtCentroid" => IntrinsicOp::InterpolateAtCentroid,
            "interpolateAtSample" => IntrinsicOp::InterpolateAtSample,
            "interpolateAtOffset" => IntrinsicOp::InterpolateAtOffset,
            _ => return Ok(None),
        };
        let Some(interpolant) = args.first() else {
            return Err(format!("{name} takes an interpolant"));
        };
        let place = self.place(interpolant)?;
        let mut srcs = vec![place.deref];
        if let Some(extra) = args.get(1) {
            srcs.push(self.scalar_rvalue(extra)?);
        }
        // The whole vector a swizzle reads from, or the place itself.
        let whole_ty = match &place.swizzle {
            // The type of the vector behind the swizzle (the probe load is dead code).
            Some(_) => {
                let probe = self.b.load_deref(place.deref);
                Some(self.b.type_of(probe))
            }
            None => value_type(&place.ty),
        };
        let Some(whole_ty) = whole_ty else {
            return Err(format!("{name} needs a float scalar or vector fragment input"));
        };
        let whole = self.b.intrinsic(op, &srcs, Some(whole_ty));
        let v = match &place.swizzle {
            Some(idx) if idx.len() == 1 => self.b.channel(whole, idx[0]),
            Some(idx) => self.b.swizzle(whole, idx),
            None => whole,
        };
        Ok(Some(Rv::V(v)))
    }
}
