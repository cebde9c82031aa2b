//! A loaded ARB program as nir_like IR. Programs have no branches, so every register is
//! an SSA value updated per instruction; only KIL opens a block (to discard).
//!
//! Parameters are vec4s of one default-block uniform per stage (`params_uniform`): env,
//! local and state parameters are filled at draw time; constants become immediates.
//! Attributes and results use the locations of the fixed-function stages
//! (docs/conventions.md), so an ARB stage pairs with a generated one.

use std::collections::HashMap;

use nir_like::{AluOp, BaseType, Builtin, ImageDim, Interpolation, Shader, Stage, TexOp, TexSrcKind, Type, Value, ValueType, Variable, VariableMode};

use super::ast::*;
use crate::fixed_function::fragment_ir::SAMPLER_PREFIX;
use crate::fixed_function::ir::Gen;
use glsl::link_compat_varyings::{CompatVarying, CompatVaryingLocations};
use crate::types::enums::*;
use crate::types::GLenum;

/// Texture coordinate sets passed between stages.
pub const VARYING_TEX_COORDS: u32 = glsl::link_compat_varyings::TEX_COORD_SETS;

/// Where ARB programs and the fixed-function stages beside them pass the compatibility
/// varyings: each stage is built apart from the other, so at the deterministic locations.
pub fn varying_locations() -> CompatVaryingLocations {
    CompatVaryingLocations::deterministic()
}

fn varying(v: CompatVarying) -> u32 {
    varying_locations().location(v).unwrap_or(0)
}

fn tex_coord_varying(set: u32) -> u32 {
    varying_locations().tex_coord(set).unwrap_or(0)
}

/// The default-block uniform that holds a program's parameters.
pub fn params_uniform(target: Target) -> &'static str {
    match target {
        Target::Vertex => "galvan_ArbParamsVertex",
        Target::Fragment => "galvan_ArbParamsFragment",
    }
}

/// Sampler uniform name of texture `unit` read as `target`.
pub fn sampler_name(unit: u32, target: TextureTarget) -> String {
    format!("{SAMPLER_PREFIX}{unit}_{target:?}")
}

/// The GL texture target and sampler type of a program's texture target.
pub fn sampler_target(target: TextureTarget) -> (GLenum, GLenum) {
    match target {
        TextureTarget::T1D => (GL_TEXTURE_1D, GL_SAMPLER_1D),
        TextureTarget::T2D => (GL_TEXTURE_2D, GL_SAMPLER_2D),
        TextureTarget::T3D => (GL_TEXTURE_3D, GL_SAMPLER_3D),
        TextureTarget::Cube => (GL_TEXTURE_CUBE_MAP, GL_SAMPLER_CUBE),
        TextureTarget::Rect => (GL_TEXTURE_RECTANGLE, GL_SAMPLER_2D_RECT),
        TextureTarget::Shadow1D => (GL_TEXTURE_1D, GL_SAMPLER_1D_SHADOW),
        TextureTarget::Shadow2D => (GL_TEXTURE_2D, GL_SAMPLER_2D_SHADOW),
        TextureTarget::ShadowRect => (GL_TEXTURE_RECTANGLE, GL_SAMPLER_2D_RECT_SHADOW),
    }
}

/// A sampler the stage reads: texture unit, sampler index, target.
pub type SamplerUse = (u32, u32, TextureTarget);

struct Translator<'p, 'g, 's> {
    g: &'g mut Gen<'s>,
    program: &'p Program,
    temps: Vec<Value>,
    addresses: Vec<Value>,
    inputs: HashMap<Input, Value>,
    outputs: HashMap<Output, Value>,
    samplers: Vec<(SamplerUse, nir_like::Handle<Variable>)>,
    generic0_array: bool,
}

/// The IR of `program`, reading uniforms laid out as `uniforms` at `offsets`, and the
/// samplers it reads. `generic0_array`: vertex attribute array 0 is enabled, so
/// `vertex.attrib[0]` reads it rather than the conventional position.
pub fn build(program: &Program, uniforms: &[(String, u32)], offsets: &[u32], generic0_array: bool) -> (Shader, Vec<SamplerUse>) {
    let stage = match program.target {
        Target::Vertex => Stage::Vertex,
        Target::Fragment => Stage::Fragment,
    };
    let mut shader = Shader::new(stage);
    if program.target == Target::Fragment {
        shader.info.fragment.uses_discard = program.instructions.iter().any(|i| i.opcode == Opcode::Kil);
        shader.info.fragment.origin_upper_left = program.options.origin_upper_left;
        shader.info.fragment.pixel_center_integer = program.options.pixel_center_integer;
    }
    let mut g = Gen::new(&mut shader, uniforms, offsets);
    let zero = g.vec4([0.0; 4]);
    let izero = g.b.imm_i32(0);
    let mut t = Translator {
        temps: vec![zero; program.temporaries as usize],
        addresses: vec![izero; program.address_registers.max(1) as usize],
        g: &mut g,
        program,
        inputs: HashMap::new(),
        outputs: HashMap::new(),
        samplers: Vec::new(),
        generic0_array,
    };
    for instruction in &program.instructions {
        t.instruction(instruction);
    }
    let samplers = t.samplers.iter().map(|(s, _)| *s).collect();
    match program.target {
        Target::Vertex => t.vertex_outputs(),
        Target::Fragment => t.fragment_outputs(),
    }
    drop(t);
    drop(g);
    (shader, samplers)
}

impl Translator<'_, '_, '_> {
    fn f(&mut self, v: f32) -> Value {
        self.g.f(v)
    }

    fn splat4(&mut self, s: Value) -> Value {
        self.g.b.splat(s, 4)
    }

    fn alu(&mut self, op: AluOp, srcs: &[Value]) -> Value {
        self.g.b.alu(op, srcs)
    }

    /// An attribute, read once.
    fn input(&mut self, input: Input) -> Value {
        if let Some(v) = self.inputs.get(&input) {
            return *v;
        }
        let smooth = Interpolation::Smooth;
        let v = match input {
            Input::Vertex(v) => {
                let named = match v {
                    // Generic attribute 0 is the vertex position: its own array when that
                    // is enabled, else the conventional one (glVertex, glVertexPointer).
                    VertexInput::Generic(0) if self.generic0_array => Some(("galvan_ArbAttrib0".to_string(), 0)),
                    VertexInput::Position | VertexInput::Generic(0) => Some(("gl_Vertex".to_string(), 16)),
                    VertexInput::Normal => Some(("gl_Normal".to_string(), 17)),
                    VertexInput::Color(0) => Some(("gl_Color".to_string(), 18)),
                    VertexInput::Color(_) => Some(("gl_SecondaryColor".to_string(), 19)),
                    VertexInput::FogCoord => Some(("gl_FogCoord".to_string(), 20)),
                    VertexInput::TexCoord(n) => Some((format!("gl_MultiTexCoord{n}"), 21 + n)),
                    VertexInput::Generic(n) => Some((format!("galvan_ArbAttrib{n}"), n)),
                    VertexInput::Weight(_) | VertexInput::MatrixIndex(_) => None,
                };
                match named {
                    Some((name, location)) => self.g.input(&name, location, smooth),
                    None => self.g.vec4([0.0, 0.0, 0.0, 1.0]),
                }
            }
            Input::Fragment(f) => match f {
                FragmentInput::Color(0) => self.g.input("gl_Color", varying(CompatVarying::Color), smooth),
                FragmentInput::Color(_) => self.g.input("gl_SecondaryColor", varying(CompatVarying::SecondaryColor), smooth),
                FragmentInput::TexCoord(n) if n < VARYING_TEX_COORDS => self.g.input(&format!("gl_TexCoord{n}"), tex_coord_varying(n), smooth),
                FragmentInput::TexCoord(_) => self.g.vec4([0.0, 0.0, 0.0, 1.0]),
                FragmentInput::FogCoord => {
                    let c = self.g.input("gl_FogFragCoord", varying(CompatVarying::FogFragCoord), smooth);
                    let x = self.g.x(c);
                    let z = self.f(0.0);
                    let one = self.f(1.0);
                    self.g.b.compose(&[x, z, z, one])
                }
                FragmentInput::Position => {
                    let vec4_ty = self.g.b.value_type_handle(ValueType::VEC4);
                    let var = self.g.b.builtin("gl_FragCoord", vec4_ty, VariableMode::ShaderIn, Builtin::FragCoord);
                    self.g.b.load_var(var)
                }
            },
        };
        self.inputs.insert(input, v);
        v
    }

    /// The register's value before swizzle and negation.
    fn register(&mut self, register: Register) -> Value {
        match register {
            Register::Temp(i) => self.temps[i as usize],
            Register::Input(i) => self.input(i),
            Register::Output(o) => match self.outputs.get(&o) {
                Some(v) => *v,
                None => self.g.vec4([0.0; 4]),
            },
            Register::Param(n) => match self.program.params.get(n as usize) {
                Some(ParamSource::Constant(c)) => self.g.vec4(*c),
                _ => self.g.uniform(params_uniform(self.program.target), n),
            },
            Register::ParamRelative { base, len, address, offset } => {
                // Slots outside the array read as zero.
                let a = self.addresses[address as usize];
                let k = self.g.b.imm_i32(base as i32 + offset);
                let index = self.alu(AluOp::Iadd, &[a, k]);
                let lo = self.g.b.imm_i32(base as i32);
                let hi = self.g.b.imm_i32((base + len) as i32);
                let above = self.alu(AluOp::Ige, &[index, lo]);
                let below = self.alu(AluOp::Ilt, &[index, hi]);
                let inside = self.alu(AluOp::Band, &[above, below]);
                let last = self.g.b.imm_i32((base + len).saturating_sub(1) as i32);
                let clamped = self.alu(AluOp::Imax, &[index, lo]);
                let clamped = self.alu(AluOp::Imin, &[clamped, last]);
                let v = self.g.uniform_indexed(params_uniform(self.program.target), clamped);
                let zero = self.g.vec4([0.0; 4]);
                self.g.select(inside, v, zero)
            }
            Register::Address(i) => {
                let a = self.addresses[i as usize];
                let f = self.g.b.convert(a, BaseType::Float, 32);
                self.splat4(f)
            }
        }
    }

    fn source(&mut self, s: &Source) -> Value {
        let v = self.register(s.register);
        let v = match s.extended {
            Some(ext) => {
                let zero = self.f(0.0);
                let one = self.f(1.0);
                let channels: Vec<Value> = ext
                    .iter()
                    .map(|(sel, neg)| {
                        let c = match sel {
                            SwizzleSource::Component(c) => self.g.b.channel(v, *c),
                            SwizzleSource::Zero => zero,
                            SwizzleSource::One => one,
                        };
                        if *neg {
                            self.alu(AluOp::Fneg, &[c])
                        } else {
                            c
                        }
                    })
                    .collect();
                self.g.b.compose(&channels)
            }
            None if s.swizzle == [0, 1, 2, 3] => v,
            None => self.g.b.swizzle(v, &s.swizzle),
        };
        if s.negate {
            self.alu(AluOp::Fneg, &[v])
        } else {
            v
        }
    }

    /// Writes `value` (vec4) through the destination's mask.
    fn write(&mut self, dst: &Destination, value: Value, saturate: bool) {
        let value = if saturate { self.g.sat(value) } else { value };
        let old = match dst.register {
            Register::Temp(i) => self.temps[i as usize],
            Register::Output(o) => match self.outputs.get(&o) {
                Some(v) => *v,
                None => self.g.vec4([0.0, 0.0, 0.0, 1.0]),
            },
            _ => return,
        };
        let merged = if dst.mask == 0xf {
            value
        } else {
            let channels: Vec<Value> = (0..4u8).map(|c| if dst.mask & (1 << c) != 0 { self.g.b.channel(value, c) } else { self.g.b.channel(old, c) }).collect();
            self.g.b.compose(&channels)
        };
        match dst.register {
            Register::Temp(i) => self.temps[i as usize] = merged,
            Register::Output(o) => {
                self.outputs.insert(o, merged);
            }
            _ => {}
        }
    }

    /// Componentwise `a op b ? 1 : 0`.
    fn set_on(&mut self, op: AluOp, a: Value, b: Value) -> Value {
        let cond = self.alu(op, &[a, b]);
        let one = self.g.vec4([1.0; 4]);
        let zero = self.g.vec4([0.0; 4]);
        self.g.b.select(cond, one, zero)
    }

    fn scalar_op(&mut self, op: AluOp, a: Value) -> Value {
        let x = self.g.x(a);
        let r = self.alu(op, &[x]);
        self.splat4(r)
    }

    fn instruction(&mut self, i: &Instruction) {
        let src: Vec<Value> = i.src.iter().map(|s| self.source(s)).collect();
        let result = match i.opcode {
            Opcode::Abs => self.alu(AluOp::Fabs, &[src[0]]),
            Opcode::Add => self.alu(AluOp::Fadd, &[src[0], src[1]]),
            Opcode::Sub => self.alu(AluOp::Fsub, &[src[0], src[1]]),
            Opcode::Mul => self.alu(AluOp::Fmul, &[src[0], src[1]]),
            Opcode::Mad => {
                let p = self.alu(AluOp::Fmul, &[src[0], src[1]]);
                self.alu(AluOp::Fadd, &[p, src[2]])
            }
            Opcode::Mov | Opcode::Swz => src[0],
            Opcode::Min => self.alu(AluOp::Fmin, &[src[0], src[1]]),
            Opcode::Max => self.alu(AluOp::Fmax, &[src[0], src[1]]),
            Opcode::Flr => self.alu(AluOp::Ffloor, &[src[0]]),
            Opcode::Frc => self.alu(AluOp::Ffract, &[src[0]]),
            Opcode::Slt => self.set_on(AluOp::Flt, src[0], src[1]),
            Opcode::Sge => self.set_on(AluOp::Fge, src[0], src[1]),
            Opcode::Cmp => {
                let zero = self.g.vec4([0.0; 4]);
                let neg = self.alu(AluOp::Flt, &[src[0], zero]);
                self.g.b.select(neg, src[1], src[2])
            }
            Opcode::Lrp => self.alu(AluOp::Fmix, &[src[2], src[1], src[0]]),
            Opcode::Dp3 => {
                let a = self.g.xyz(src[0]);
                let b = self.g.xyz(src[1]);
                let d = self.g.dot(a, b);
                self.splat4(d)
            }
            Opcode::Dp4 => {
                let d = self.g.dot(src[0], src[1]);
                self.splat4(d)
            }
            Opcode::Dph => {
                let a = self.g.xyz(src[0]);
                let b = self.g.xyz(src[1]);
                let d = self.g.dot(a, b);
                let w = self.g.w(src[1]);
                let d = self.g.add(d, w);
                self.splat4(d)
            }
            Opcode::Rcp => {
                let x = self.g.x(src[0]);
                let one = self.f(1.0);
                let r = self.g.div(one, x);
                self.splat4(r)
            }
            Opcode::Rsq => {
                let x = self.g.x(src[0]);
                let x = self.alu(AluOp::Fabs, &[x]);
                let r = self.alu(AluOp::Frsq, &[x]);
                self.splat4(r)
            }
            Opcode::Ex2 => self.scalar_op(AluOp::Fexp2, src[0]),
            Opcode::Lg2 => self.scalar_op(AluOp::Flog2, src[0]),
            Opcode::Sin => self.scalar_op(AluOp::Fsin, src[0]),
            Opcode::Cos => self.scalar_op(AluOp::Fcos, src[0]),
            Opcode::Scs => {
                let x = self.g.x(src[0]);
                let c = self.alu(AluOp::Fcos, &[x]);
                let s = self.alu(AluOp::Fsin, &[x]);
                let zero = self.f(0.0);
                self.g.b.compose(&[c, s, zero, zero])
            }
            Opcode::Pow => {
                let x = self.g.x(src[0]);
                let y = self.g.x(src[1]);
                let r = self.alu(AluOp::Fpow, &[x, y]);
                self.splat4(r)
            }
            Opcode::Exp => {
                // (2^floor(x), fract(x), 2^x, 1).
                let x = self.g.x(src[0]);
                let fl = self.alu(AluOp::Ffloor, &[x]);
                let a = self.alu(AluOp::Fexp2, &[fl]);
                let b = self.alu(AluOp::Fsub, &[x, fl]);
                let c = self.alu(AluOp::Fexp2, &[x]);
                let one = self.f(1.0);
                self.g.b.compose(&[a, b, c, one])
            }
            Opcode::Log => {
                // (floor(log2|x|), |x| / 2^floor(log2|x|), log2|x|, 1).
                let x = self.g.x(src[0]);
                let ax = self.alu(AluOp::Fabs, &[x]);
                let l = self.alu(AluOp::Flog2, &[ax]);
                let fl = self.alu(AluOp::Ffloor, &[l]);
                let p = self.alu(AluOp::Fexp2, &[fl]);
                let m = self.g.div(ax, p);
                let one = self.f(1.0);
                self.g.b.compose(&[fl, m, l, one])
            }
            Opcode::Lit => self.lit(src[0]),
            Opcode::Dst => {
                let one = self.f(1.0);
                let ay = self.g.b.channel(src[0], 1);
                let by = self.g.b.channel(src[1], 1);
                let y = self.g.mul(ay, by);
                let z = self.g.b.channel(src[0], 2);
                let w = self.g.w(src[1]);
                self.g.b.compose(&[one, y, z, w])
            }
            Opcode::Xpd => {
                let a = self.g.xyz(src[0]);
                let b = self.g.xyz(src[1]);
                let c = self.alu(AluOp::Fcross, &[a, b]);
                let one = self.f(1.0);
                self.g.rgb_a(c, one)
            }
            Opcode::Arl => {
                let x = self.g.x(src[0]);
                let fl = self.alu(AluOp::Ffloor, &[x]);
                let a = self.g.b.convert(fl, BaseType::Int, 32);
                if let Some(Destination { register: Register::Address(n), .. }) = i.dst {
                    self.addresses[n as usize] = a;
                }
                return;
            }
            Opcode::Kil => {
                let v = src[0];
                let zero = self.f(0.0);
                let mut any = None;
                for c in 0..4 {
                    let ch = self.g.b.channel(v, c);
                    let lt = self.g.lt(ch, zero);
                    any = Some(match any {
                        None => lt,
                        Some(a) => self.alu(AluOp::Bor, &[a, lt]),
                    });
                }
                let cond = any.expect("four channels");
                self.g.b.if_then(cond, |b| b.discard());
                return;
            }
            Opcode::Tex | Opcode::Txp | Opcode::Txb => self.texture(i, src[0]),
        };
        if let Some(dst) = &i.dst {
            self.write(dst, result, i.saturate);
        }
    }

    /// LIT: (1, max(x, 0), x > 0 ? max(y, 0)^clamp(w, -128, 128) : 0, 1).
    fn lit(&mut self, a: Value) -> Value {
        let zero = self.f(0.0);
        let one = self.f(1.0);
        let x = self.g.x(a);
        let y = self.g.b.channel(a, 1);
        let w = self.g.w(a);
        let x = self.g.max(x, zero);
        let y = self.g.max(y, zero);
        let lo = self.f(-128.0);
        let hi = self.f(128.0);
        let w = self.alu(AluOp::Fclamp, &[w, lo, hi]);
        let p = self.g.pow(y, w);
        let lit = self.g.lt(zero, x);
        let z = self.g.select(lit, p, zero);
        self.g.b.compose(&[one, x, z, one])
    }

    /// The sampler variable of `unit` read as `target`, declared on first use.
    fn sampler(&mut self, unit: u32, target: TextureTarget) -> nir_like::Handle<Variable> {
        if let Some((_, var)) = self.samplers.iter().find(|((u, _, t), _)| *u == unit && *t == target) {
            return *var;
        }
        let index = self.samplers.len() as u32;
        let (dim, shadow) = match target {
            TextureTarget::T1D => (ImageDim::D1, false),
            TextureTarget::T2D => (ImageDim::D2, false),
            TextureTarget::T3D => (ImageDim::D3, false),
            TextureTarget::Cube => (ImageDim::Cube, false),
            TextureTarget::Rect => (ImageDim::Rect, false),
            TextureTarget::Shadow1D => (ImageDim::D1, true),
            TextureTarget::Shadow2D => (ImageDim::D2, true),
            TextureTarget::ShadowRect => (ImageDim::Rect, true),
        };
        let ty = self.g.b.ty(Type::Sampler { dim, arrayed: false, shadow, multisampled: false, sampled: BaseType::Float });
        let var = self.g.b.variable(Variable::new(sampler_name(unit, target), ty, VariableMode::Image).with_binding(0, crate::draw_path::descriptor_arrays::SAMPLER_BINDING_BASE + index));
        self.samplers.push(((unit, index, target), var));
        var
    }

    fn texture(&mut self, i: &Instruction, coord: Value) -> Value {
        let (unit, target) = i.texture.expect("texture instructions name a texture");
        let var = self.sampler(unit, target);
        // TXP divides by q first (cube maps ignore it).
        let coord = if i.opcode == Opcode::Txp && target != TextureTarget::Cube {
            let q = self.g.w(coord);
            let q = self.splat4(q);
            self.g.div(coord, q)
        } else {
            coord
        };
        let n: u8 = match target {
            TextureTarget::T1D | TextureTarget::Shadow1D => 1,
            TextureTarget::T2D | TextureTarget::Rect | TextureTarget::Shadow2D | TextureTarget::ShadowRect => 2,
            TextureTarget::T3D | TextureTarget::Cube => 3,
        };
        let take: Vec<u8> = (0..n).collect();
        let c = if n == 1 { self.g.x(coord) } else { self.g.b.swizzle(coord, &take) };
        let shadow = matches!(target, TextureTarget::Shadow1D | TextureTarget::Shadow2D | TextureTarget::ShadowRect);
        let mut srcs = vec![(TexSrcKind::Coord, c)];
        if shadow {
            let r = self.g.b.channel(coord, 2);
            srcs.push((TexSrcKind::Comparator, r));
        }
        let op = if i.opcode == Opcode::Txb {
            let bias = self.g.w(coord);
            srcs.push((TexSrcKind::Bias, bias));
            TexOp::Txb
        } else {
            TexOp::Tex
        };
        // Vertex programs have no derivatives: level 0.
        let op = if self.program.target == Target::Vertex {
            srcs.retain(|(k, _)| *k != TexSrcKind::Bias);
            let zero = self.f(0.0);
            srcs.push((TexSrcKind::Lod, zero));
            TexOp::Txl
        } else {
            op
        };
        let sampler = self.g.b.deref_var(var);
        if shadow {
            let d = self.g.b.tex(op, sampler, &srcs, ValueType::F32);
            let one = self.f(1.0);
            self.g.b.compose(&[d, d, d, one])
        } else {
            let ty = self.g.b.sampled_result_type(sampler);
            self.g.b.tex(op, sampler, &srcs, ty)
        }
    }

    /// Stores the vertex results in the varyings the fixed-function fragment stage reads;
    /// results the program leaves unwritten get GL's defaults.
    fn vertex_outputs(&mut self) {
        let smooth = Interpolation::Smooth;
        let position = if self.program.options.position_invariant {
            let v = self.input(Input::Vertex(VertexInput::Position));
            // ARB_vertex_program clips with the user planes only under position
            // invariance, where the vertex goes through eye space as fixed function does.
            if self.g.has_uniform(glsl::link::CLIP_PLANES_EYE) {
                let eye = self.g.mat_mul("gl_ModelViewMatrix", 0, 4, v);
                crate::fixed_function::vertex_ir::write_clip_vertex(self.g, eye);
            }
            self.g.mat_mul("gl_ModelViewProjectionMatrix", 0, 4, v)
        } else {
            self.output_or(Output::Position, [0.0, 0.0, 0.0, 1.0])
        };
        let vec4_ty = self.g.b.value_type_handle(ValueType::VEC4);
        let pos_var = self.g.b.builtin("gl_Position", vec4_ty, VariableMode::ShaderOut, Builtin::Position);
        self.g.b.store_var(pos_var, position);
        let size = match self.outputs.get(&Output::PointSize) {
            Some(v) => *v,
            None => self.g.uniform("galvan_PointSize", 0),
        };
        let size = self.g.x(size);
        let float_ty = self.g.b.value_type_handle(ValueType::F32);
        let size_var = self.g.b.builtin("gl_PointSize", float_ty, VariableMode::ShaderOut, Builtin::PointSize);
        self.g.b.store_var(size_var, size);

        let front = self.output_or(Output::VertexColor { back: false, secondary: false }, [0.0, 0.0, 0.0, 1.0]);
        let front_secondary = self.output_or(Output::VertexColor { back: false, secondary: true }, [0.0, 0.0, 0.0, 1.0]);
        let back = self.outputs.get(&Output::VertexColor { back: true, secondary: false }).copied().unwrap_or(front);
        let back_secondary = self.outputs.get(&Output::VertexColor { back: true, secondary: true }).copied().unwrap_or(front_secondary);
        self.g.output("gl_FrontColor", varying(CompatVarying::Color), smooth, front);
        self.g.output("gl_FrontSecondaryColor", varying(CompatVarying::SecondaryColor), smooth, front_secondary);
        self.g.output("gl_BackColor", varying(CompatVarying::BackColor), smooth, back);
        self.g.output("gl_BackSecondaryColor", varying(CompatVarying::BackSecondaryColor), smooth, back_secondary);
        let fog = self.output_or(Output::FogCoord, [0.0; 4]);
        let fx = self.g.x(fog);
        let zero = self.f(0.0);
        let fog4 = self.g.b.compose(&[fx, zero, zero, zero]);
        self.g.output("gl_FogFragCoord", varying(CompatVarying::FogFragCoord), smooth, fog4);
        for n in 0..VARYING_TEX_COORDS {
            let tc = self.output_or(Output::TexCoord(n), [0.0, 0.0, 0.0, 1.0]);
            self.g.output(&format!("gl_TexCoord{n}"), tex_coord_varying(n), smooth, tc);
        }
    }

    fn output_or(&mut self, output: Output, default: [f32; 4]) -> Value {
        match self.outputs.get(&output) {
            Some(v) => *v,
            None => self.g.vec4(default),
        }
    }

    /// Stores the colour (after the fog the program's options ask for) and the depth.
    fn fragment_outputs(&mut self) {
        let vec4_ty = self.g.b.value_type_handle(ValueType::VEC4);
        if let Some(c) = self.outputs.get(&Output::FragColor(0)).copied() {
            let c = match self.program.options.fog {
                Some(mode) => self.fog(c, mode),
                None => c,
            };
            let out = self.g.b.builtin("gl_FragColor", vec4_ty, VariableMode::ShaderOut, Builtin::FragColor);
            self.g.b.store_var(out, c);
        }
        if let Some(d) = self.outputs.get(&Output::Depth).copied() {
            let float_ty = self.g.b.value_type_handle(ValueType::F32);
            let var = self.g.b.builtin("gl_FragDepth", float_ty, VariableMode::ShaderOut, Builtin::FragDepth);
            let z = self.g.b.channel(d, 2);
            self.g.b.store_var(var, z);
        }
    }

    /// `OPTION ARB_fog_*`: the fog colour blended in by the fog coordinate's factor.
    fn fog(&mut self, c: Value, mode: FogOption) -> Value {
        let params = self.g.uniform("galvan_Fog", 1);
        let color = self.g.uniform("galvan_Fog", 0);
        let coord = self.input(Input::Fragment(FragmentInput::FogCoord));
        let z = self.g.x(coord);
        let f = match mode {
            FogOption::Linear => {
                let end = self.g.b.channel(params, 2);
                let scale = self.g.w(params);
                let d = self.g.sub(end, z);
                self.g.mul(d, scale)
            }
            FogOption::Exp | FogOption::Exp2 => {
                let density = self.g.x(params);
                let dz = self.g.mul(density, z);
                let e = if mode == FogOption::Exp2 { self.g.mul(dz, dz) } else { dz };
                let ne = self.alu(AluOp::Fneg, &[e]);
                self.alu(AluOp::Fexp, &[ne])
            }
        };
        let f = self.g.sat(f);
        let c3 = self.g.xyz(c);
        let fog3 = self.g.xyz(color);
        let f3 = self.g.b.splat(f, 3);
        let mixed = self.alu(AluOp::Fmix, &[fog3, c3, f3]);
        let a = self.g.w(c);
        self.g.rgb_a(mixed, a)
    }
}
