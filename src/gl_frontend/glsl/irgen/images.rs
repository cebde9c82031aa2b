//! Image uniforms and the image built-ins: imageLoad, imageStore, imageSize,
//! imageSamples and the imageAtomic* family.

use super::{Binding, GResult, Gen, Rv};
use crate::ast::{Expr, QualItem, TypeQualifier};
use crate::link::ProgramInterface;
use crate::sema::builtins::Signature;
use crate::sema::types::{Scalar, Type as SType};
use crate::sema::GlobalVar;
use nir_like::{AtomicOp, ImageFormat, IntrinsicOp, Type, ValueType, Variable, VariableMode};

/// The nir_like format of a GLSL image format layout qualifier.
fn image_format(name: &str) -> Option<ImageFormat> {
    use ImageFormat as F;
    Some(match name {
        "rgba32f" => F::Rgba32f,
        "rgba16f" => F::Rgba16f,
        "rg32f" => F::Rg32f,
        "rg16f" => F::Rg16f,
        "r11f_g11f_b10f" => F::R11fG11fB10f,
        "r32f" => F::R32f,
        "r16f" => F::R16f,
        "rgba16" => F::Rgba16,
        "rgb10_a2" => F::Rgb10A2,
        "rgba8" => F::Rgba8,
        "rg16" => F::Rg16,
        "rg8" => F::Rg8,
        "r16" => F::R16,
        "r8" => F::R8,
        "rgba16_snorm" => F::Rgba16Snorm,
        "rgba8_snorm" => F::Rgba8Snorm,
        "rg16_snorm" => F::Rg16Snorm,
        "rg8_snorm" => F::Rg8Snorm,
        "r16_snorm" => F::R16Snorm,
        "r8_snorm" => F::R8Snorm,
        "rgba32i" => F::Rgba32i,
        "rgba16i" => F::Rgba16i,
        "rgba8i" => F::Rgba8i,
        "rg32i" => F::Rg32i,
        "rg16i" => F::Rg16i,
        "rg8i" => F::Rg8i,
        "r32i" => F::R32i,
        "r16i" => F::R16i,
        "r8i" => F::R8i,
        "rgba32ui" => F::Rgba32ui,
        "rgba16ui" => F::Rgba16ui,
        "rgb10_a2ui" => F::Rgb10A2ui,
        "rgba8ui" => F::Rgba8ui,
        "rg32ui" => F::Rg32ui,
        "rg16ui" => F::Rg16ui,
        "rg8ui" => F::Rg8ui,
        "r32ui" => F::R32ui,
        "r16ui" => F::R16ui,
        "r8ui" => F::R8ui,
        _ => return None,
    })
}

/// The storage image type of a GLSL image type name with the declaration's format.
fn image_type(name: &str, qual: &TypeQualifier) -> Option<Type> {
    let (sampled, rest) = super::types::opaque_kind(name, "image")?;
    let (dim, arrayed, multisampled) = super::types::opaque_shape(rest)?;
    let format = qual.layouts().find_map(|l| image_format(&l.name)).unwrap_or(ImageFormat::Unknown);
    Some(Type::Image { dim, arrayed, multisampled, sampled, format })
}

impl Gen<'_, '_> {
    /// Declares an image uniform (binding 384 + its index); false for any other global.
    pub(super) fn declare_image_global(&mut self, g: &GlobalVar, program: &ProgramInterface) -> GResult<bool> {
        let Some((_, index)) = program.image_uniforms.iter().find(|(n, _)| *n == g.name) else { return Ok(false) };
        let (elem, count) = match &g.ty {
            SType::Array(e, n) => ((**e).clone(), Some(n.unwrap_or(1))),
            t => (t.clone(), None),
        };
        let SType::Opaque(name) = &elem else { return self.unsupported("image arrays of arrays") };
        let Some(ty) = image_type(name, &g.qual) else { return self.unsupported(&format!("`{name}'")) };
        let mut ty = self.b.ty(ty);
        if let Some(n) = count {
            ty = self.b.array_type(ty, Some(n), None);
        }
        let mut var = Variable::new(g.name.clone(), ty, VariableMode::Image).with_binding(0, 384 + index);
        var.access.coherent = g.qual.has(|q| matches!(q, QualItem::Memory(m) if m == "coherent"));
        var.access.volatile = g.qual.has(|q| matches!(q, QualItem::Memory(m) if m == "volatile"));
        var.access.readonly = g.qual.has(|q| matches!(q, QualItem::Memory(m) if m == "readonly"));
        var.access.writeonly = g.qual.has(|q| matches!(q, QualItem::Memory(m) if m == "writeonly"));
        let h = self.b.variable(var);
        self.globals.insert(g.name.clone(), (Binding::Var(h), g.ty.clone()));
        Ok(true)
    }

    /// The image built-ins; `None` for any other function.
    pub(super) fn image_call(&mut self, name: &str, sig: &Signature, args: &[Expr]) -> GResult<Option<Rv>> {
        if !name.starts_with("image") || args.is_empty() {
            return Ok(None);
        }
        let image = self.place(&args[0])?.deref;
        let SType::Opaque(type_name) = self.ty_of(&args[0]) else { return Ok(None) };
        let ms = type_name.contains("MS");
        let mut values = Vec::new();
        for ((pt, _), a) in sig.params.iter().zip(args).skip(1) {
            let v = self.rvalue(a)?;
            match self.convert_rv(v, &self.ty_of(a), pt)? {
                Rv::V(v) => values.push(v),
                _ => return self.unsupported("this image operand"),
            }
        }
        let ret = super::types::value_type(&sig.ret);
        let zero = self.b.imm_i32(0);
        let (coord, rest) = match values.split_first() {
            Some((c, r)) => (*c, r.to_vec()),
            None => (zero, Vec::new()),
        };
        let (sample, rest) = if ms && !rest.is_empty() && name != "imageSize" { (rest[0], rest[1..].to_vec()) } else { (zero, rest) };
        let v = match name {
            "imageLoad" => self.b.intrinsic(IntrinsicOp::ImageLoad, &[image, coord, sample], ret),
            "imageStore" => {
                let texel = rest.first().copied().ok_or("imageStore without data")?;
                self.b.intrinsic(IntrinsicOp::ImageStore, &[image, coord, sample, texel], None);
                return Ok(Some(Rv::None));
            }
            "imageSize" => {
                let size = ret.unwrap_or(ValueType::I32);
                self.b.intrinsic(IntrinsicOp::ImageSize, &[image, zero], Some(size))
            }
            "imageSamples" => self.b.intrinsic(IntrinsicOp::ImageSamples, &[image], Some(ValueType::I32)),
            _ => {
                let unsigned = sig.ret.scalar() == Some(Scalar::Uint);
                let op = match name {
                    "imageAtomicAdd" => AtomicOp::Add,
                    "imageAtomicMin" if unsigned => AtomicOp::Umin,
                    "imageAtomicMin" => AtomicOp::Imin,
                    "imageAtomicMax" if unsigned => AtomicOp::Umax,
                    "imageAtomicMax" => AtomicOp::Imax,
                    "imageAtomicAnd" => AtomicOp::And,
                    "imageAtomicOr" => AtomicOp::Or,
                    "imageAtomicXor" => AtomicOp::Xor,
                    "imageAtomicExchange" => AtomicOp::Exchange,
                    "imageAtomicCompSwap" => AtomicOp::CompSwap,
                    _ => return Ok(None),
                };
                let mut srcs = vec![image, coord, sample];
                srcs.extend(rest);
                self.b.intrinsic(IntrinsicOp::ImageAtomic { op }, &srcs, ret)
            }
        };
        Ok(Some(Rv::V(v)))
    }
}
