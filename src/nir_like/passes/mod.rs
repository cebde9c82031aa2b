//! Passes: each changes the shader in place, returns whether it made progress, and (in
//! debug builds) validates its result. Lowering passes are chosen by [`crate::Caps`];
//! optimisation passes run in a loop until none makes progress ([`optimize`]).

mod build_gs_passthrough_vertex;
mod build_xfb_copy;
pub mod interface_words;
mod lower_alpha_test;
mod lower_clamp_color_outputs;
mod lower_clip_control;
mod lower_clip_vertex_varying;
mod lower_double_round_even;
mod lower_cull_distance;
mod lower_for_caps;
mod lower_frag_color_broadcast;
mod lower_frag_coord_conventions;
mod lower_gs_outputs_to_temporaries;
mod lower_gs_to_compute;
mod lower_instance_id_base;
mod lower_opaque_arrays_of_arrays;
mod lower_outputs_to_records;
mod lower_point_coord_flip;
mod lower_point_size;
mod lower_primitive_id_to_varying;
mod lower_robust_buffer_access;
mod lower_robust_image_access;
mod lower_sample_mask_state;
mod lower_tcs_to_compute;
mod lower_tes_to_vertex;
mod lower_tex_clamp;
mod lower_tex_rect;
mod lower_two_sided_color;
mod lower_uniforms_to_ubo;
mod lower_user_clip_planes;
mod lower_vertex_attrib_64bit;
mod lower_xfb_outputs;
mod lower_xfb_to_storage;
mod opt_constant_fold;
mod opt_copy_prop;
mod opt_dce;
mod split_opaque_struct_members;

pub use build_gs_passthrough_vertex::{build_gs_passthrough_vertex, GsPassthrough};
pub use build_xfb_copy::{build_xfb_copy, xfb_copy_binding, XfbCopyParams, XFB_COPY_GROUP_SIZE};
pub use lower_alpha_test::{lower_alpha_test, AlphaCompare};
pub use lower_clamp_color_outputs::lower_clamp_color_outputs;
pub use lower_clip_control::{lower_clip_control, lower_clip_control_from_state, ClipControlState};
pub use lower_clip_vertex_varying::lower_clip_vertex_varying;
pub use lower_double_round_even::lower_double_round_even;
pub use lower_cull_distance::{lower_cull_distance, CullEmulation};
pub use lower_for_caps::{lower_for_caps, LowerOptions};
pub use lower_frag_color_broadcast::lower_frag_color_broadcast;
pub use lower_frag_coord_conventions::{lower_frag_coord_conventions, FragCoordState};
pub use lower_gs_outputs_to_temporaries::lower_gs_outputs_to_temporaries;
pub use lower_gs_to_compute::{
    gs_emits_to_other_streams, gs_input_vertices, lower_gs_to_compute, GsComputeParams, GsComputeStorage, GsOtherStreams, GS_COMPUTE_GROUP_SIZE, GS_OTHER_STREAMS,
    GS_RESTART_INDEX,
};
pub use lower_instance_id_base::lower_instance_id_base;
pub use lower_opaque_arrays_of_arrays::lower_opaque_arrays_of_arrays;
pub use lower_outputs_to_records::{load_words, lower_outputs_to_records, store_words, type_words, RecordEntry, RecordKey, RecordLayout, RecordStorage};
pub use lower_point_coord_flip::lower_point_coord_flip;
pub use lower_point_size::{lower_point_size, PointSizeState};
pub use lower_primitive_id_to_varying::{lower_primitive_id_to_varying, reads_primitive_id};
pub use lower_robust_buffer_access::lower_robust_buffer_access;
pub use lower_robust_image_access::lower_robust_image_access;
pub use lower_sample_mask_state::{lower_sample_mask_state, SampleMaskState};
pub use lower_tcs_to_compute::{lower_tcs_to_compute, PatchLayout, TessBindings, TESS_CONTROL_HEADER_WORDS, TESS_LEVEL_WORDS};
pub use lower_tes_to_vertex::{lower_tes_to_vertex, TESS_COORD_WORDS};
pub use lower_tex_clamp::{lower_tex_clamp, ClampMask};
pub use lower_tex_rect::lower_tex_rect;
pub use lower_two_sided_color::{lower_two_sided_color, TwoSidedColorState};
pub use lower_uniforms_to_ubo::lower_uniforms_to_ubo;
pub use lower_user_clip_planes::{lower_user_clip_planes, ClipPlaneState, MAX_CLIP_PLANES};
pub use lower_vertex_attrib_64bit::lower_vertex_attrib_64bit;
pub use lower_xfb_outputs::{lower_xfb_outputs, type_at_path, varying_slots, NextStageReads, XfbCapture};
pub use lower_xfb_to_storage::{lower_xfb_to_storage, XfbDrawParams, XfbRecordLayout, XfbStorage, XFB_RECORD_BUFFERS};
pub use opt_constant_fold::opt_constant_fold;
pub use opt_copy_prop::opt_copy_prop;
pub use opt_dce::opt_dce;
pub use split_opaque_struct_members::split_opaque_struct_members;

use crate::arena::Handle;
use crate::builder::Builder;
use crate::cfg;
use crate::control_flow::{Block, CfNode};
use crate::function::Function;
use crate::instr::{DerefKind, InstrKind, Jump, Value};
use crate::shader::Shader;
use crate::variable::{Builtin, Variable, VariableMode};

/// Runs the optimisation passes until none makes progress; returns whether any did.
pub fn optimize(shader: &mut Shader) -> bool {
    let mut any = false;
    loop {
        let mut progress = false;
        progress |= opt_copy_prop(shader);
        progress |= opt_constant_fold(shader);
        progress |= opt_dce(shader);
        if !progress {
            return any;
        }
        any = true;
    }
}

/// The shader variable with this built-in and mode, if any.
pub fn find_builtin(
    shader: &Shader,
    builtin: Builtin,
    mode: VariableMode,
) -> Option<Handle<Variable>> {
    shader
        .variables
        .iter()
        .find(|(_, v)| v.builtin == Some(builtin) && v.mode == mode)
        .map(|(h, _)| h)
}

/// Runs `emit` at every point where `func` returns: before each return jump and at the
/// end of the body when control can fall off it.
pub fn at_function_exits(
    shader: &mut Shader,
    func: Handle<Function>,
    mut emit: impl FnMut(&mut Builder),
) {
    let f = &shader.functions[func];
    let mut points: Vec<(Handle<Block>, usize)> = Vec::new();
    for b in f.blocks_in_order() {
        let instrs = &f.blocks[b].instrs;
        if let Some(&last) = instrs.last() {
            if matches!(f.instrs[last].kind, InstrKind::Jump(Jump::Return(_))) {
                points.push((b, instrs.len() - 1));
            }
        }
    }
    if cfg::body_falls_through(f, &f.body) {
        if let Some(last) = cfg::last_block(&f.body) {
            points.push((last, f.blocks[last].instrs.len()));
        }
    }
    for (block, index) in points {
        let mut b = Builder::at(shader, func, block, index);
        emit(&mut b);
    }
}

/// A uniform-buffer variable `name` over one value of type `value` at byte `offset` of the
/// buffer at (`set`, `binding`): how passes read the GL state the linker placed in the
/// default uniform block (the variable aliases that block's binding).
pub(crate) fn state_block(shader: &mut Shader, name: &str, member: &str, value: crate::types::ValueType, set: u32, binding: u32, offset: u32) -> Handle<Variable> {
    use crate::types::{StructMember, Type};
    let ty = shader.add_type(Type::Vector(value));
    let member = StructMember { name: member.into(), ty, offset: Some(offset), matrix_stride: None, row_major: false };
    let block = shader.add_type(Type::Struct { name: name.into(), members: vec![member] });
    shader.add_variable(Variable::new(name, block, VariableMode::Ubo).with_binding(set, binding))
}

/// Runs `emit` wherever the last pre-rasterisation stage finishes a vertex: before every
/// EmitVertex of a geometry shader, at every exit of the entry point otherwise (the
/// epilogues of `lower_clip_control`, `lower_cull_distance` and `lower_user_clip_planes`).
/// Returns whether there was any such point.
pub fn at_vertex_ends(shader: &mut Shader, mut emit: impl FnMut(&mut Builder)) -> bool {
    if shader.stage == crate::shader::Stage::Geometry {
        let emits = find_instrs(shader, |f, v| {
            matches!(&f.instrs[v].kind, InstrKind::Intrinsic(i) if matches!(i.op, crate::intrinsic::IntrinsicOp::EmitVertex { .. }))
        });
        // From the back, so earlier indices in a block stay right.
        for &(func, block, index) in emits.iter().rev() {
            let mut b = Builder::at(shader, func, block, index);
            emit(&mut b);
        }
        return !emits.is_empty();
    }
    match shader.entry {
        Some(entry) => {
            at_function_exits(shader, entry, emit);
            true
        }
        None => false,
    }
}

/// Every (function, block, index) holding an instruction that matches `pred`.
pub fn find_instrs(
    shader: &Shader,
    pred: impl Fn(&Function, Value) -> bool,
) -> Vec<(Handle<Function>, Handle<Block>, usize)> {
    let mut out = Vec::new();
    for (fh, f) in shader.functions.iter() {
        for b in f.blocks_in_order() {
            for (i, &v) in f.blocks[b].instrs.iter().enumerate() {
                if pred(f, v) {
                    out.push((fh, b, i));
                }
            }
        }
    }
    out
}

/// The variable a deref chain starts from, if it starts from one.
pub fn deref_root_var(func: &Function, mut v: Value) -> Option<Handle<Variable>> {
    loop {
        match &func.instrs.try_get(v)?.kind {
            InstrKind::Deref(d) => match &d.kind {
                DerefKind::Var(var) => return Some(*var),
                other => v = other.parent()?,
            },
            _ => return None,
        }
    }
}

/// Puts a private global in place of output `var`: the shader's own writes and reads go to
/// `var`, renamed `NAME_suffix` and stripped of its interface decorations, and the returned
/// new variable is the real output, as `var` was declared. The caller copies one to the
/// other where the stage hands its outputs on.
pub fn output_behind_private(shader: &mut Shader, var: Handle<Variable>, suffix: &str) -> Handle<Variable> {
    let output = shader.variables[var].clone();
    set_variable_mode(shader, var, VariableMode::GlobalPrivate);
    let private = &mut shader.variables[var];
    private.name = format!("{}_{suffix}", output.name);
    private.builtin = None;
    private.location = None;
    private.component = None;
    private.index = None;
    private.xfb = None;
    private.stream = None;
    shader.add_variable(output)
}

/// Moves `var` to `mode`, updating every deref that reaches it.
pub fn set_variable_mode(shader: &mut Shader, var: Handle<Variable>, mode: VariableMode) {
    shader.variables[var].mode = mode;
    for (_, f) in shader.functions.iter_mut() {
        let handles: Vec<Value> = f.instrs.handles().collect();
        for v in handles {
            if deref_root_var(f, v) == Some(var) {
                if let InstrKind::Deref(d) = &mut f.instrs[v].kind {
                    d.mode = mode;
                }
            }
        }
    }
}

/// Values used anywhere in `func` (instruction sources and if conditions), with counts.
pub fn use_counts(func: &Function) -> std::collections::HashMap<Value, usize> {
    let mut counts = std::collections::HashMap::new();
    for b in func.blocks_in_order() {
        for &v in &func.blocks[b].instrs {
            func.instrs[v]
                .kind
                .visit_sources(|s| *counts.entry(s).or_insert(0) += 1);
        }
    }
    count_conditions(&func.body, &mut counts);
    counts
}

fn count_conditions(body: &[CfNode], counts: &mut std::collections::HashMap<Value, usize>) {
    for node in body {
        match node {
            CfNode::Block(_) => {}
            CfNode::If(n) => {
                *counts.entry(n.condition).or_insert(0) += 1;
                count_conditions(&n.then_body, counts);
                count_conditions(&n.else_body, counts);
            }
            CfNode::Loop(n) => {
                count_conditions(&n.body, counts);
                count_conditions(&n.continue_body, counts);
            }
        }
    }
}

/// Rewrites every load of the input built-in `builtin`: `rewrite` gets a fresh load and
/// returns the value the program should see; the original load becomes a copy of it, so
/// its uses need no change. Returns whether any load was found.
pub fn rewrite_builtin_loads(
    shader: &mut Shader,
    builtin: Builtin,
    rewrite: impl FnMut(&mut Builder, Value) -> Value,
) -> bool {
    let Some(var) = find_builtin(shader, builtin, VariableMode::ShaderIn) else {
        return false;
    };
    rewrite_variable_loads(shader, var, rewrite)
}

/// Rewrites every whole-variable load of `var` as [`rewrite_builtin_loads`] does.
pub fn rewrite_variable_loads(
    shader: &mut Shader,
    var: Handle<Variable>,
    mut rewrite: impl FnMut(&mut Builder, Value) -> Value,
) -> bool {
    let loads = find_instrs(shader, |f, v| match &f.instrs[v].kind {
        InstrKind::Intrinsic(i) if i.op == crate::intrinsic::IntrinsicOp::LoadDeref => {
            // Whole-variable loads only; element loads of arrays are left alone.
            matches!(f.instrs.try_get(i.srcs[0]).map(|d| &d.kind), Some(InstrKind::Deref(d)) if d.kind == DerefKind::Var(var))
        }
        _ => false,
    });
    for &(func, block, index) in loads.iter().rev() {
        let load = shader.functions[func].blocks[block].instrs[index];
        let mut b = Builder::at(shader, func, block, index);
        let fresh = b.load_var(var);
        let value = rewrite(&mut b, fresh);
        let n = b.type_of(value).components;
        shader.functions[func].instrs[load].kind = InstrKind::Swizzle {
            src: value,
            components: (0..n).collect(),
        };
    }
    !loads.is_empty()
}
