//! ESSL's default precisions: the precision a declaration without a precision qualifier
//! takes, per scope. The linker compares the precisions uniforms end up with, so the
//! defaults matter beyond telling whether a float has a precision at all.

use super::types::{Scalar, Type};
use crate::ast::Precision;
use crate::options::Stage;
use std::sync::Arc;

/// The defaults of one scope, as `precision` statements left them.
#[derive(Clone, Debug, Default)]
pub struct DefaultPrecisions {
    float: Option<Precision>,
    /// `precision ... int;` covers every integer type, uint included (ESSL 3.00 section 4.5.4).
    int: Option<Precision>,
    /// Samplers, images and atomic_uint, by their GLSL name.
    opaque: Vec<(Arc<str>, Precision)>,
}

impl DefaultPrecisions {
    /// The predeclared global defaults (ESSL 1.00 section 4.5.3, ESSL 3.00 section 4.5.4):
    /// the fragment stage has no float default, it has mediump int, every other stage
    /// highp float and int; sampler2D and samplerCube are lowp, atomic_uint highp.
    /// Desktop GLSL gives precision no meaning: no defaults at all.
    pub fn predeclared(es: bool, stage: Stage) -> Self {
        if !es {
            return Self::default();
        }
        let (float, int) = match stage {
            Stage::Fragment => (None, Some(Precision::Medium)),
            _ => (Some(Precision::High), Some(Precision::High)),
        };
        let opaque = [("sampler2D", Precision::Low), ("samplerCube", Precision::Low), ("samplerExternalOES", Precision::Low), ("atomic_uint", Precision::High)];
        Self { float, int, opaque: opaque.iter().map(|(n, p)| (Arc::from(*n), *p)).collect() }
    }

    pub fn float(&self) -> Option<Precision> {
        self.float
    }

    /// A `precision p T;` statement for the basic type `t` (float, int or an opaque type).
    pub fn set(&mut self, t: &Type, p: Precision) {
        match t {
            Type::Scalar(Scalar::Float) => self.float = Some(p),
            Type::Scalar(Scalar::Int) => self.int = Some(p),
            Type::Opaque(name) => match self.opaque.iter_mut().find(|(n, _)| n == name) {
                Some(entry) => entry.1 = p,
                None => self.opaque.push((name.clone(), p)),
            },
            _ => {}
        }
    }

    /// The default for a declaration of type `t`: that of its basic type under the arrays;
    /// `None` for types precision does not apply to (bool, structs, blocks) or without one.
    pub fn of(&self, t: &Type) -> Option<Precision> {
        match t.innermost_element() {
            Type::Opaque(name) => self.opaque.iter().find(|(n, _)| n == name).map(|(_, p)| *p),
            e => match e.scalar() {
                Some(Scalar::Float) => self.float,
                Some(Scalar::Int | Scalar::Uint) => self.int,
                _ => None,
            },
        }
    }
}

/// Whether a precision qualifier means anything for `t`: float, integer and opaque types
/// and arrays of them.
pub fn takes_precision(t: &Type) -> bool {
    match t.innermost_element() {
        Type::Opaque(_) => true,
        e => matches!(e.scalar(), Some(Scalar::Float | Scalar::Int | Scalar::Uint)),
    }
}
