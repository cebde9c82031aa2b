//! The compatibility profile's alpha test for fragment shaders of GLSL and assembly
//! programs: where the shader finishes, the alpha of the colour bound for draw buffer 0
//! (gl_FragColor, gl_FragData[0] or the output at location 0) is compared with the
//! reference and the fragment discarded when the comparison fails. No Vulkan device has the
//! test; the fixed-function fragment stage builds the same comparison in itself.

use crate::builder::Builder;
use crate::instr::Value;
use crate::shader::{Shader, Stage};
use crate::types::{BaseType, Type};
use crate::validate::debug_validate;
use crate::variable::{Builtin, VariableMode};

/// glAlphaFunc's comparisons, the fragment's alpha on the left (GL_ALWAYS needs no pass).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AlphaCompare {
    Never,
    Less,
    Equal,
    LessOrEqual,
    Greater,
    NotEqual,
    GreaterOrEqual,
}

/// Discards fragments whose draw-buffer-0 alpha fails `compare` against `reference`.
/// Returns whether the shader has such a colour (a shader without one is left alone: GL
/// tests an undefined alpha then).
pub fn lower_alpha_test(shader: &mut Shader, compare: AlphaCompare, reference: f32) -> bool {
    if shader.stage != Stage::Fragment {
        return false;
    }
    let Some(entry) = shader.entry else { return false };
    let colour = shader.variables.iter().find(|(_, v)| {
        v.mode == VariableMode::ShaderOut && (v.builtin == Some(Builtin::FragColor) || (v.builtin.is_none() && v.location == Some(0) && v.index.unwrap_or(0) == 0))
    });
    let Some((var, v)) = colour else { return false };
    let is_float_vec4 = |ty| matches!(&shader.types[ty], Type::Vector(vt) if vt.base == BaseType::Float && vt.bits == 32 && vt.components == 4);
    let arrayed = match &shader.types[v.ty] {
        Type::Vector(_) if is_float_vec4(v.ty) => false,
        Type::Array { element, .. } if is_float_vec4(*element) => true,
        _ => return false,
    };
    // The test is a function of its own, called where the shader finishes: a call is one
    // instruction, so it goes before any return, where an if could not.
    let test = {
        let mut b = Builder::main(&mut *shader);
        let test = b.function("galvan_alpha_test", Vec::new(), None);
        b.set_function(test);
        let root = b.deref_var(var);
        let place = if arrayed { b.deref_array_imm(root, 0) } else { root };
        let colour = b.load_deref(place);
        let alpha = b.channel(colour, 3);
        let reference = b.imm_f32(reference);
        let passes = compared(&mut b, compare, alpha, reference);
        let fails = b.bnot(passes);
        b.if_then(fails, |b| b.discard());
        test
    };
    super::at_function_exits(shader, entry, |b| {
        b.call(test, &[]);
    });
    shader.info.fragment.uses_discard = true;
    debug_validate(shader, "lower_alpha_test");
    true
}

fn compared(b: &mut Builder, compare: AlphaCompare, a: Value, r: Value) -> Value {
    match compare {
        AlphaCompare::Never => b.imm_bool(false),
        AlphaCompare::Less => b.flt(a, r),
        AlphaCompare::Equal => b.feq(a, r),
        AlphaCompare::LessOrEqual => b.fge(r, a),
        AlphaCompare::Greater => b.flt(r, a),
        AlphaCompare::NotEqual => b.fneu(a, r),
        AlphaCompare::GreaterOrEqual => b.fge(a, r),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::print_shader;
    use crate::types::ValueType;

    fn colour_shader() -> Shader {
        let mut s = Shader::new(Stage::Fragment);
        let mut b = Builder::main(&mut s);
        let vec4 = b.value_type_handle(ValueType::float(4));
        let out = b.builtin("gl_FragColor", vec4, VariableMode::ShaderOut, Builtin::FragColor);
        let c = b.imm_vec(&[1.0, 0.0, 0.0, 0.25]);
        b.store_var(out, c);
        s
    }

    #[test]
    fn the_colour_alpha_is_compared_where_the_shader_ends() {
        let mut s = colour_shader();
        let before = print_shader(&s);
        assert!(lower_alpha_test(&mut s, AlphaCompare::Greater, 0.5));
        let after = print_shader(&s);
        assert_ne!(before, after);
        assert!(after.contains("discard"), "{after}");
        assert!(after.contains("flt"), "{after}");
        assert!(s.info.fragment.uses_discard);
        crate::validate::validate(&s).unwrap();
    }

    #[test]
    fn shaders_without_a_float_colour_are_left_alone() {
        let mut s = Shader::new(Stage::Fragment);
        let mut b = Builder::main(&mut s);
        let ivec4 = b.value_type_handle(ValueType::int(4));
        let out = b.output("colour", ValueType::int(4), 0);
        let _ = ivec4;
        let c = b.imm_i32(1);
        let c = b.splat(c, 4);
        b.store_var(out, c);
        assert!(!lower_alpha_test(&mut s, AlphaCompare::Less, 0.5));
        assert!(!s.info.fragment.uses_discard);
    }
}
