//! Interface variables as words of a storage buffer: what the emulated tessellation stages
//! use to hand their varyings on through buffers instead of the pipeline.
//!
//! A value is stored scalar by scalar in declaration order, one 32-bit word per scalar of
//! 32 bits or less (booleans as 0 or 1) and two per 64-bit scalar, so both sides of a
//! buffer find a varying at the same words from its type alone.

use crate::arena::Handle;
use crate::builder::Builder;
use crate::instr::Value;
use crate::shader::Shader;
use crate::types::{BaseType, StructMember, Type, ValueType};
use crate::variable::{Builtin, Variable, VariableMode};

/// What ties an output of one stage to the input of the next: its location (and first
/// component) or its built-in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InterfaceKey {
    Location { location: u32, component: u32 },
    Builtin(Builtin),
}

impl InterfaceKey {
    /// The key of an interface variable; `None` for one with neither location nor built-in.
    pub fn of(v: &Variable) -> Option<Self> {
        match (v.builtin, v.location) {
            (Some(b), _) => Some(InterfaceKey::Builtin(b)),
            (None, Some(location)) => Some(InterfaceKey::Location { location, component: v.component.unwrap_or(0) }),
            _ => None,
        }
    }
}

/// Words a value of memory type `ty` takes.
pub fn word_count(shader: &Shader, ty: Handle<Type>) -> u32 {
    match &shader.types[ty] {
        Type::Vector(vt) => u32::from(vt.components) * if vt.bits == 64 { 2 } else { 1 },
        Type::Matrix { columns, rows, bits } => u32::from(*columns) * u32::from(*rows) * if *bits == 64 { 2 } else { 1 },
        Type::Array { element, length, .. } => length.unwrap_or(0) * word_count(shader, *element),
        Type::Struct { members, .. } => members.iter().map(|m| word_count(shader, m.ty)).sum(),
        Type::Sampler { .. } | Type::Image { .. } => 0,
    }
}

/// The element type of an array type; the type itself otherwise.
pub fn element_type(shader: &Shader, ty: Handle<Type>) -> Handle<Type> {
    match &shader.types[ty] {
        Type::Array { element, .. } => *element,
        _ => ty,
    }
}

/// The length of an array type (0 for other types and unsized arrays).
pub fn array_length(shader: &Shader, ty: Handle<Type>) -> u32 {
    match &shader.types[ty] {
        Type::Array { length, .. } => length.unwrap_or(0),
        _ => 0,
    }
}

/// A storage buffer `uint words[]` at `binding` of `set`.
pub fn words_buffer(shader: &mut Shader, name: &str, set: u32, binding: u32, readonly: bool) -> Handle<Variable> {
    let uint = shader.add_type(Type::Vector(ValueType::U32));
    let words = shader.add_type(Type::Array { element: uint, length: None, stride: Some(4) });
    let block = shader.add_type(Type::Struct {
        name: format!("{name}Words"),
        members: vec![StructMember { name: "words".into(), ty: words, offset: Some(0), matrix_stride: None, row_major: false }],
    });
    let mut var = Variable::new(name, block, VariableMode::Ssbo).with_binding(set, binding);
    var.access.readonly = readonly;
    shader.add_variable(var)
}

/// The `words` array of a buffer made by [`words_buffer`].
pub fn words_of(b: &mut Builder, buffer: Handle<Variable>) -> Value {
    let root = b.deref_var(buffer);
    b.deref_struct(root, 0)
}

/// Word `base + offset` of a words array.
pub fn load_word(b: &mut Builder, words: Value, base: Value, offset: u32) -> Value {
    let offset = b.imm_u32(offset);
    let index = b.iadd(base, offset);
    let d = b.deref_array(words, index);
    b.load_deref(d)
}

/// A 32-bit scalar's bits as a uint (no instruction when it is one already).
pub fn as_u32(b: &mut Builder, value: Value) -> Value {
    if b.type_of(value) == ValueType::U32 {
        value
    } else {
        b.bitcast(value, ValueType::U32)
    }
}

/// Stores the value behind `src` (memory type `ty`) as words `base + *word` on.
pub fn store_words(b: &mut Builder, src: Value, ty: Handle<Type>, words: Value, base: Value, word: &mut u32) {
    match b.shader.types[ty].clone() {
        Type::Vector(vt) => {
            let value = b.load_deref(src);
            for c in 0..vt.components {
                let scalar = if vt.components == 1 { value } else { b.channel(value, c) };
                let parts: Vec<Value> = if vt.bits == 64 {
                    let pair = b.bitcast(scalar, ValueType::uint(2));
                    vec![b.channel(pair, 0), b.channel(pair, 1)]
                } else if vt.bits == 32 && !vt.is_bool() {
                    vec![as_u32(b, scalar)]
                } else {
                    vec![b.convert(scalar, BaseType::Uint, 32)]
                };
                for part in parts {
                    let offset = b.imm_u32(*word);
                    let index = b.iadd(base, offset);
                    let dst = b.deref_array(words, index);
                    b.store_deref(dst, part);
                    *word += 1;
                }
            }
        }
        Type::Matrix { columns, rows, bits } => {
            let column_ty = b.value_type_handle(ValueType::new(BaseType::Float, bits, rows));
            for c in 0..u32::from(columns) {
                let column = b.deref_array_imm(src, c);
                store_words(b, column, column_ty, words, base, word);
            }
        }
        Type::Array { element, length: Some(n), .. } => {
            for i in 0..n {
                let e = b.deref_array_imm(src, i);
                store_words(b, e, element, words, base, word);
            }
        }
        Type::Struct { members, .. } => {
            for (i, m) in members.iter().enumerate() {
                let e = b.deref_struct(src, i as u32);
                store_words(b, e, m.ty, words, base, word);
            }
        }
        _ => {}
    }
}

/// Loads words `base + *word` on into the variable part behind `dst` (memory type `ty`):
/// the inverse of [`store_words`].
pub fn load_words(b: &mut Builder, dst: Value, ty: Handle<Type>, words: Value, base: Value, word: &mut u32) {
    match b.shader.types[ty].clone() {
        Type::Vector(vt) => {
            let mut scalars = Vec::with_capacity(vt.components as usize);
            for _ in 0..vt.components {
                let low = load_word(b, words, base, *word);
                *word += 1;
                let scalar = if vt.bits == 64 {
                    let high = load_word(b, words, base, *word);
                    *word += 1;
                    let pair = b.compose(&[low, high]);
                    b.bitcast(pair, vt.scalar())
                } else if vt.is_bool() {
                    let zero = b.imm_u32(0);
                    b.ine(low, zero)
                } else if vt.bits == 32 {
                    if vt.base == BaseType::Uint { low } else { b.bitcast(low, vt.scalar()) }
                } else {
                    b.convert(low, vt.base, vt.bits)
                };
                scalars.push(scalar);
            }
            let value = if scalars.len() == 1 { scalars[0] } else { b.compose(&scalars) };
            b.store_deref(dst, value);
        }
        Type::Matrix { columns, rows, bits } => {
            let column_ty = b.value_type_handle(ValueType::new(BaseType::Float, bits, rows));
            for c in 0..u32::from(columns) {
                let column = b.deref_array_imm(dst, c);
                load_words(b, column, column_ty, words, base, word);
            }
        }
        Type::Array { element, length: Some(n), .. } => {
            for i in 0..n {
                let e = b.deref_array_imm(dst, i);
                load_words(b, e, element, words, base, word);
            }
        }
        Type::Struct { members, .. } => {
            for (i, m) in members.iter().enumerate() {
                let e = b.deref_struct(dst, i as u32);
                load_words(b, e, m.ty, words, base, word);
            }
        }
        _ => {}
    }
}

/// The shader's input built-in of type `vt`, declared when missing.
pub fn input_builtin(shader: &mut Shader, name: &str, builtin: Builtin, vt: ValueType) -> Handle<Variable> {
    if let Some(v) = super::find_builtin(shader, builtin, VariableMode::ShaderIn) {
        return v;
    }
    let ty = shader.add_type(Type::Vector(vt));
    shader.add_variable(Variable::new(name, ty, VariableMode::ShaderIn).with_builtin(builtin))
}

/// Turns an interface variable into a plain one of `mode`: no location, built-in or
/// interpolation decorations, which a shader-private or shared variable cannot carry.
pub fn make_plain(v: &mut Variable, mode: VariableMode) {
    v.mode = mode;
    v.location = None;
    v.component = None;
    v.builtin = None;
    v.patch = false;
    v.centroid = false;
    v.sample = false;
    v.invariant = false;
    v.interpolation = Default::default();
    v.xfb = None;
    v.stream = None;
    v.member_locations.clear();
}
