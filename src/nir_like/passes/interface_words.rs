//! Helpers for the emulated tessellation stages, which hand their varyings on through
//! buffers of words laid out as `lower_outputs_to_records` lays out its records (its
//! `store_words` and `load_words` move the values).

use crate::arena::Handle;
use crate::builder::Builder;
use crate::instr::Value;
use crate::shader::Shader;
use crate::types::{Type, ValueType};
use crate::variable::{Builtin, Variable, VariableMode};

pub use super::lower_outputs_to_records::{load_words, store_words, type_words, RecordKey};

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
    super::lower_outputs_to_records::word_buffer(shader, name, &format!("{name}Words"), set, binding, readonly)
}

/// The `words` array of a buffer made by [`words_buffer`].
pub fn words_of(b: &mut Builder, buffer: Handle<Variable>) -> Value {
    super::lower_outputs_to_records::word_array(b, buffer)
}

/// Word `base + offset` of a words array.
pub fn load_word(b: &mut Builder, words: Value, base: Value, offset: u32) -> Value {
    let offset = b.imm_u32(offset);
    let index = b.iadd(base, offset);
    let d = b.deref_array(words, index);
    b.load_deref(d)
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

/// Gives every deref the mode of the variable it starts from, after [`make_plain`] moved
/// variables to other modes.
pub fn sync_deref_modes(shader: &mut Shader) {
    use crate::instr::{DerefKind, InstrKind};
    let modes: Vec<VariableMode> = shader.variables.iter().map(|(_, v)| v.mode).collect();
    for (_, f) in shader.functions.iter_mut() {
        // Parents come before the derefs built on them, but not always in arena order.
        loop {
            let mut changed = false;
            let handles: Vec<_> = f.instrs.iter().map(|(h, _)| h).collect();
            for h in handles {
                let InstrKind::Deref(d) = &f.instrs[h].kind else { continue };
                let mode = match &d.kind {
                    DerefKind::Var(v) => modes[v.index()],
                    kind => match kind.parent().map(|p| &f.instrs[p].kind) {
                        Some(InstrKind::Deref(parent)) => parent.mode,
                        _ => continue,
                    },
                };
                if let InstrKind::Deref(d) = &mut f.instrs[h].kind {
                    if d.mode != mode {
                        d.mode = mode;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }
}

/// Runs `body` in a loop for each index from 0 up to (not including) the uint `count`:
/// one copy of the code however long the arrays it walks are.
pub fn for_each_index(b: &mut Builder, count: Value, mut body: impl FnMut(&mut Builder, Value)) {
    let uint = b.value_type_handle(ValueType::U32);
    let counter = b.local("index", uint);
    let zero = b.imm_u32(0);
    b.store_local(counter, zero);
    b.push_loop();
    let i = b.load_local(counter);
    let done = b.uge(i, count);
    b.push_if(done);
    b.break_();
    b.pop_if();
    body(b, i);
    b.push_continue();
    let i = b.load_local(counter);
    let one = b.imm_u32(1);
    let next = b.iadd(i, one);
    b.store_local(counter, next);
    b.pop_loop();
}
