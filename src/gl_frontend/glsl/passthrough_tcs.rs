//! The tessellation control shader of a program that has an evaluation shader but no
//! control shader.
//!
//! GL tessellates such patches with the levels of glPatchParameterfv; Vulkan always needs a
//! control stage. The generated one copies every per-vertex input the evaluation shader
//! reads and writes the default levels, which the linker places in the default uniform block
//! (`PATCH_DEFAULT_OUTER`, `PATCH_DEFAULT_INNER`) for the draw path to fill.
//!
//! GL_PATCH_VERTICES is draw-time state while the output patch size is fixed in the shader,
//! so the output patch has gl_MaxPatchVertices vertices: invocations past the input patch
//! copy its last vertex, and the evaluation shader's gl_PatchVerticesIn becomes a per-patch
//! input the control shader fills with its own (true) gl_PatchVerticesIn.

use nir_like::{AluOp, BaseType, Builtin, Shader, Stage, StructMember, Type, ValueType, Variable, VariableMode};

/// gl_MaxPatchVertices: the generated output patch size.
const PATCH_VERTICES: u32 = 32;

/// Vec4 locations a varying of memory type `ty` takes.
fn slots(shader: &Shader, ty: nir_like::Handle<Type>) -> u32 {
    match &shader.types[ty] {
        Type::Vector(vt) => if vt.bits == 64 && vt.components > 2 { 2 } else { 1 },
        Type::Matrix { columns, rows, bits } => u32::from(*columns) * if *bits == 64 && *rows > 2 { 2 } else { 1 },
        Type::Array { element, length, .. } => length.unwrap_or(1) * slots(shader, *element),
        Type::Struct { members, .. } => members.iter().map(|m| slots(shader, m.ty)).sum(),
        _ => 1,
    }
}

/// Whether a per-vertex input built-in is one a vertex shader writes (and so one the
/// control shader must pass on).
fn passed_builtin(b: Builtin) -> bool {
    matches!(b, Builtin::Position | Builtin::PointSize | Builtin::ClipDistance | Builtin::CullDistance)
}

/// Builds the control shader for `tes` (the evaluation shader's IR, before lowering),
/// reading the default levels from the default uniform block (set 0, binding 0) at
/// `outer_offset` (a vec4) and `inner_offset` (a vec2). Rewrites `tes`'s gl_PatchVerticesIn.
pub fn passthrough_control_shader(tes: &mut Shader, outer_offset: u32, inner_offset: u32) -> Shader {
    let mut tcs = Shader::new(Stage::TessCtrl);
    tcs.name = "passthrough tessellation control".into();
    // The evaluation shader's types, so its input types can be used as they are.
    tcs.types = tes.types.clone();
    tcs.info.tess = tes.info.tess.clone();
    tcs.info.tess.vertices_out = PATCH_VERTICES;

    let per_vertex: Vec<Variable> = tes
        .variables
        .iter()
        .map(|(_, v)| v)
        .filter(|v| v.mode == VariableMode::ShaderIn && !v.patch)
        .filter(|v| v.builtin.map_or(v.location.is_some(), passed_builtin))
        .cloned()
        .collect();
    // The first location past the evaluation shader's inputs carries the patch size.
    let free_location = tes
        .variables
        .iter()
        .map(|(_, v)| v)
        .filter(|v| v.mode == VariableMode::ShaderIn && v.builtin.is_none())
        .filter_map(|v| {
            let ty = match (&tes.types[v.ty], v.patch) {
                (Type::Array { element, .. }, false) => *element,
                _ => v.ty,
            };
            Some(v.location? + slots(tes, ty))
        })
        .max()
        .unwrap_or(0);
    let mut patch_size_out = None;
    for (_, v) in tes.variables.iter_mut() {
        if v.mode == VariableMode::ShaderIn && v.builtin == Some(Builtin::PatchVertices) {
            v.builtin = None;
            v.patch = true;
            v.location = Some(free_location);
            patch_size_out = Some(v.ty);
        }
    }

    // Each copied input, with the type of its output array.
    let copies: Vec<(Variable, nir_like::Handle<Type>)> = per_vertex
        .into_iter()
        .map(|v| {
            let out_ty = match tcs.types[v.ty].clone() {
                Type::Array { element, stride, .. } => tcs.add_type(Type::Array { element, length: Some(PATCH_VERTICES), stride }),
                _ => v.ty,
            };
            (v, out_ty)
        })
        .collect();

    let i32_ty = ValueType::new(BaseType::Int, 32, 1);
    let mut b = nir_like::Builder::main(&mut tcs);
    let int_ty = b.value_type_handle(i32_ty);
    let invocation_var = b.builtin("gl_InvocationID", int_ty, VariableMode::ShaderIn, Builtin::InvocationId);
    let vertices_var = b.builtin("gl_PatchVerticesIn", int_ty, VariableMode::ShaderIn, Builtin::PatchVertices);
    let invocation = b.load_var(invocation_var);
    let vertices = b.load_var(vertices_var);
    let one = b.imm_i32(1);
    let last = b.alu(AluOp::Isub, &[vertices, one]);
    let source = b.alu(AluOp::Imin, &[invocation, last]);

    for (v, out_ty) in &copies {
        let mut input = v.clone();
        input.name = format!("{}_in", v.name);
        let mut output = v.clone();
        output.name = format!("{}_out", v.name);
        output.mode = VariableMode::ShaderOut;
        output.ty = *out_ty;
        let input = b.variable(input);
        let output = b.variable(output);
        let from_array = b.deref_var(input);
        let from = b.deref_array(from_array, source);
        let to_array = b.deref_var(output);
        let to = b.deref_array(to_array, invocation);
        b.copy_deref(to, from);
    }
    if let Some(ty) = patch_size_out {
        let mut out = Variable::new("gl_PatchVerticesIn_out", ty, VariableMode::ShaderOut);
        out.patch = true;
        out.location = Some(free_location);
        let out = b.variable(out);
        b.store_var(out, vertices);
    }

    // The default levels, from the default uniform block.
    let f32_ty = ValueType::new(BaseType::Float, 32, 1);
    let vec4 = b.value_type_handle(ValueType::new(BaseType::Float, 32, 4));
    let vec2 = b.value_type_handle(ValueType::new(BaseType::Float, 32, 2));
    let member = |name: &str, ty, offset| StructMember { name: name.into(), ty, offset: Some(offset), matrix_stride: None, row_major: false };
    let block_ty = b.ty(Type::Struct {
        name: "gl_PatchDefaultLevels".into(),
        members: vec![member("outer", vec4, outer_offset), member("inner", vec2, inner_offset)],
    });
    let block = b.variable(Variable::new("gl_DefaultUniformBlock", block_ty, VariableMode::Ubo).with_binding(0, 0));
    let float_ty = b.value_type_handle(f32_ty);
    for (member, builtin, count) in [(0, Builtin::TessLevelOuter, 4), (1, Builtin::TessLevelInner, 2)] {
        let array_ty = b.array_type(float_ty, Some(count), None);
        let name = if member == 0 { "gl_TessLevelOuter" } else { "gl_TessLevelInner" };
        let mut level = Variable::new(name, array_ty, VariableMode::ShaderOut).with_builtin(builtin);
        level.patch = true;
        let level = b.variable(level);
        let block_deref = b.deref_var(block);
        let source = b.deref_struct(block_deref, member);
        let values = b.load_deref(source);
        for i in 0..count {
            let value = b.channel(values, i as u8);
            let array = b.deref_var(level);
            let element = b.deref_array_imm(array, i);
            b.store_deref(element, value);
        }
    }
    drop(b);
    tcs
}
