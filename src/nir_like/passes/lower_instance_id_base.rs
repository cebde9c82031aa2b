//! GL's gl_InstanceID counts from 0 in every draw; Vulkan's InstanceIndex starts at the
//! draw's first instance. Every load of the InstanceIndex built-in becomes
//! InstanceIndex - BaseInstance (the load keeps its value handle, so no use changes).

use crate::alu_op::AluOp;
use crate::builder::Builder;
use crate::instr::{InstrKind, Value};
use crate::intrinsic::IntrinsicOp;
use crate::shader::{Shader, Stage};
use crate::validate::debug_validate;
use crate::variable::{Builtin, VariableMode};

pub fn lower_instance_id_base(shader: &mut Shader) -> bool {
    if shader.stage != Stage::Vertex {
        return false;
    }
    let Some(instance) =
        super::find_builtin(shader, Builtin::InstanceIndex, VariableMode::ShaderIn)
    else {
        return false;
    };
    let loads = super::find_instrs(shader, |f, v| match &f.instrs[v].kind {
        InstrKind::Intrinsic(i) if i.op == IntrinsicOp::LoadDeref => {
            super::deref_root_var(f, i.srcs[0]) == Some(instance)
        }
        _ => false,
    });
    if loads.is_empty() {
        return false;
    }
    let ty = shader.variables[instance].ty;
    let base = match super::find_builtin(shader, Builtin::BaseInstance, VariableMode::ShaderIn) {
        Some(b) => b,
        None => shader.add_variable(
            crate::variable::Variable::new("gl_BaseInstance", ty, VariableMode::ShaderIn)
                .with_builtin(Builtin::BaseInstance),
        ),
    };
    for &(func, block, index) in loads.iter().rev() {
        let load: Value = shader.functions[func].blocks[block].instrs[index];
        let (raw, base_value) = {
            let mut b = Builder::at(shader, func, block, index);
            let raw = b.load_var(instance);
            let base_value = b.load_var(base);
            (raw, base_value)
        };
        // The original load now computes the GL value.
        shader.functions[func].instrs[load].kind = InstrKind::Alu {
            op: AluOp::Isub,
            srcs: vec![raw, base_value],
        };
    }
    debug_validate(shader, "lower_instance_id_base");
    true
}
