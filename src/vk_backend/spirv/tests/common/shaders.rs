//! The test shaders, built with the builder the way a GLSL front end would.
#![allow(dead_code)]

use nir_like::*;

/// `in vec4 pos; in vec4 color; out vec4 v_color; gl_Position = pos; v_color = color;`
pub fn passthrough_vertex() -> Shader {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let pos = b.input("pos", ValueType::VEC4, 0);
    let color = b.input("color", ValueType::VEC4, 1);
    let v_color = b.output("v_color", ValueType::VEC4, 0);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let position = b.builtin(
        "gl_Position",
        vec4,
        VariableMode::ShaderOut,
        Builtin::Position,
    );
    let p = b.load_var(pos);
    b.store_var(position, p);
    let c = b.load_var(color);
    b.store_var(v_color, c);
    s
}

pub fn sampler2d(b: &mut Builder, name: &str, binding: u32) -> Handle<Variable> {
    let ty = b.ty(Type::Sampler {
        dim: ImageDim::D2,
        arrayed: false,
        shadow: false,
        multisampled: false,
        sampled: BaseType::Float,
    });
    b.variable(Variable::new(name, ty, VariableMode::Image).with_binding(0, binding))
}

/// `in vec2 uv; uniform sampler2D tex; out vec4 frag; frag = texture(tex, uv) * v_color;`
pub fn textured_fragment() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let uv = b.input("uv", ValueType::VEC2, 0);
    let v_color = b.input("v_color", ValueType::VEC4, 1);
    let out = b.output("frag", ValueType::VEC4, 0);
    let tex = sampler2d(&mut b, "tex", 128);
    let coord = b.load_var(uv);
    let t = b.deref_var(tex);
    let texel = b.texture(t, coord);
    let c = b.load_var(v_color);
    let r = b.fmul(texel, c);
    b.store_var(out, r);
    s
}

/// A std140 block `uniform Transform { mat4 mvp; vec4 tint[3]; float scale; }` used by a
/// vertex shader.
pub fn ubo_vertex() -> Shader {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let mat4 = b.ty(Type::Matrix {
        columns: 4,
        rows: 4,
        bits: 32,
    });
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let f32_ty = b.value_type_handle(ValueType::F32);
    let tints = b.array_type(vec4, Some(3), Some(16));
    let block_ty = b.ty(Type::Struct {
        name: "Transform".into(),
        members: vec![
            StructMember {
                name: "mvp".into(),
                ty: mat4,
                offset: Some(0),
                matrix_stride: Some(16),
                row_major: false,
            },
            StructMember {
                name: "tint".into(),
                ty: tints,
                offset: Some(64),
                matrix_stride: None,
                row_major: false,
            },
            StructMember {
                name: "scale".into(),
                ty: f32_ty,
                offset: Some(112),
                matrix_stride: None,
                row_major: false,
            },
        ],
    });
    let ubo =
        b.variable(Variable::new("Transform", block_ty, VariableMode::Ubo).with_binding(0, 1));
    let pos = b.input("pos", ValueType::VEC4, 0);
    let position = b.builtin(
        "gl_Position",
        vec4,
        VariableMode::ShaderOut,
        Builtin::Position,
    );
    let tint_out = b.output("tint", ValueType::VEC4, 0);
    // mvp * pos as columns: sum of column[i] * pos[i]
    let p = b.load_var(pos);
    let block = b.deref_var(ubo);
    let mvp = b.deref_struct(block, 0);
    let mut acc = None;
    for i in 0..4 {
        let col_ref = b.deref_array_imm(mvp, i);
        let col = b.load_deref(col_ref);
        let pi = b.channel(p, i as u8);
        let splat = b.splat(pi, 4);
        let term = b.fmul(col, splat);
        acc = Some(match acc {
            None => term,
            Some(a) => b.fadd(a, term),
        });
    }
    let scale_ref = b.deref_struct(block, 2);
    let scale = b.load_deref(scale_ref);
    let scale4 = b.splat(scale, 4);
    let scaled = b.fmul(acc.unwrap(), scale4);
    b.store_var(position, scaled);
    let tint_arr = b.deref_struct(block, 1);
    let vid_ty = b.value_type_handle(ValueType::I32);
    let vid = b.builtin(
        "gl_VertexIndex",
        vid_ty,
        VariableMode::ShaderIn,
        Builtin::VertexIndex,
    );
    let index = b.load_var(vid);
    let three = b.imm_i32(3);
    let wrapped = b.alu(AluOp::Imod, &[index, three]);
    let tint_ref = b.deref_array(tint_arr, wrapped);
    let tint = b.load_deref(tint_ref);
    b.store_var(tint_out, tint);
    s
}

/// A fragment shader with a counted loop, break, continue, if/else and discard:
/// ```glsl
/// float acc = 0; for (int i = 0; i < 10; i++) { if (i == 7) break; if (i % 2 == 1) continue; acc += 0.1; }
/// if (acc > 0.5) frag = vec4(acc); else { if (v.x < 0) discard; frag = vec4(0); }
/// ```
pub fn control_flow_fragment() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let v = b.input("v", ValueType::VEC4, 0);
    let out = b.output("frag", ValueType::VEC4, 0);
    let f32_ty = b.value_type_handle(ValueType::F32);
    let i32_ty = b.value_type_handle(ValueType::I32);
    let acc = b.local("acc", f32_ty);
    let i = b.local("i", i32_ty);
    let zero_f = b.imm_f32(0.0);
    b.store_local(acc, zero_f);
    let zero_i = b.imm_i32(0);
    b.store_local(i, zero_i);
    b.push_loop();
    {
        let iv = b.load_local(i);
        let ten = b.imm_i32(10);
        let lt = b.ilt(iv, ten);
        let stop = b.bnot(lt);
        b.push_if(stop);
        b.break_();
        b.pop_if();
        let seven = b.imm_i32(7);
        let is7 = b.ieq(iv, seven);
        b.push_if(is7);
        b.break_();
        b.pop_if();
        let two = b.imm_i32(2);
        let m = b.alu(AluOp::Irem, &[iv, two]);
        let one = b.imm_i32(1);
        let odd = b.ieq(m, one);
        b.push_if(odd);
        b.continue_();
        b.pop_if();
        let a = b.load_local(acc);
        let step = b.imm_f32(0.1);
        let a2 = b.fadd(a, step);
        b.store_local(acc, a2);
    }
    b.push_continue();
    {
        let iv = b.load_local(i);
        let one = b.imm_i32(1);
        let next = b.iadd(iv, one);
        b.store_local(i, next);
    }
    b.pop_loop();
    let a = b.load_local(acc);
    let half = b.imm_f32(0.5);
    let big = b.flt(half, a);
    b.push_if(big);
    {
        let r = b.splat(a, 4);
        b.store_var(out, r);
    }
    b.push_else();
    {
        let vv = b.load_var(v);
        let x = b.channel(vv, 0);
        let neg = b.flt(x, zero_f);
        b.push_if(neg);
        b.discard();
        b.pop_if();
        let z = b.imm_vec(&[0.0, 0.0, 0.0, 0.0]);
        b.store_var(out, z);
    }
    b.pop_if();
    s
}

/// Functions: `float square(float x)`, `void scale(inout vec4 v, float f)` (deref
/// parameter on a local copy), and a recursion-free call chain.
pub fn functions_fragment() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let v = b.input("v", ValueType::VEC4, 0);
    let out = b.output("frag", ValueType::VEC4, 0);
    let vec4_ty = b.value_type_handle(ValueType::VEC4);
    let square = b.function(
        "square",
        vec![Param {
            name: "x".into(),
            kind: ParamKind::Value(ValueType::F32),
        }],
        Some(ValueType::F32),
    );
    let scale = b.function(
        "scale",
        vec![
            Param {
                name: "v".into(),
                kind: ParamKind::Deref {
                    ty: vec4_ty,
                    mode: VariableMode::FunctionLocal,
                },
            },
            Param {
                name: "f".into(),
                kind: ParamKind::Value(ValueType::F32),
            },
        ],
        None,
    );
    let main_fn = b.func;
    b.set_function(square);
    let x = b.load_param(0);
    let sq = b.fmul(x, x);
    b.return_(Some(sq));
    b.set_function(scale);
    let vref = b.deref_param(0);
    let vv = b.load_deref(vref);
    let f = b.load_param(1);
    let sq = b.call(square, &[f]);
    let f4 = b.splat(sq, 4);
    let r = b.fmul(vv, f4);
    b.store_deref(vref, r);
    // An early return inside an if.
    let zero = b.imm_f32(0.0);
    let neg = b.flt(f, zero);
    b.push_if(neg);
    b.return_(None);
    b.pop_if();
    let vv2 = b.load_deref(vref);
    let w = b.channel(vv2, 3);
    let one = b.imm_f32(1.0);
    let w1 = b.fadd(w, one);
    let w1v = b.splat(w1, 4);
    b.store_deref_masked(vref, w1v, 0b1000);
    b.set_function(main_fn);
    let tmp = b.local("tmp", vec4_ty);
    let input = b.load_var(v);
    b.store_local(tmp, input);
    let tref = b.deref_local(tmp);
    let two = b.imm_f32(2.0);
    b.call(scale, &[tref, two]);
    let result = b.load_local(tmp);
    b.store_var(out, result);
    s
}

/// A loop written with phis instead of a local variable:
/// `i = phi(0, i + 1); sum = phi(0.0, sum + 1.0); if (i >= 4) break;`
pub fn phi_loop_fragment() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let out = b.output("frag", ValueType::VEC4, 0);
    let zero_i = b.imm_i32(0);
    let zero_f = b.imm_f32(0.0);
    let pre = b.current_block();
    b.push_loop();
    let header = b.current_block();
    // Sources from the continue block are filled in once it exists.
    let i = b.phi(&[(pre, zero_i)], ValueType::I32);
    let sum = b.phi(&[(pre, zero_f)], ValueType::F32);
    let four = b.imm_i32(4);
    let done = b.ige(i, four);
    b.push_if(done);
    b.break_();
    b.pop_if();
    b.push_continue();
    let one_i = b.imm_i32(1);
    let next_i = b.iadd(i, one_i);
    let one_f = b.imm_f32(1.0);
    let next_sum = b.fadd(sum, one_f);
    let latch = b.current_block();
    b.pop_loop();
    {
        let f = b.function_mut();
        for (phi, next) in [(i, next_i), (sum, next_sum)] {
            if let InstrKind::Phi(srcs) = &mut f.instrs[phi].kind {
                srcs.push(PhiSrc {
                    pred: latch,
                    value: next,
                });
            }
        }
    }
    let _ = header;
    // After the loop, `sum` is still visible only through the header; read it back via a
    // local to keep SSA scoping simple.
    let r = b.imm_vec(&[1.0, 0.5, 0.25, 1.0]);
    b.store_var(out, r);
    s
}
