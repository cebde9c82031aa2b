//! nir_like: galvan's SSA shader IR, modelled on Mesa's NIR.
//!
//! A [`Shader`] holds a type table, variables and functions in arenas addressed by typed
//! handles. An SSA [`Value`] is the handle of the instruction that defines it; every value
//! has a [`ValueType`] of 1-16 components of float, int, uint or bool of 1-64 bits.
//! Memory is reached through derefs (variable, array element, struct member, cast) and the
//! `load_deref`/`store_deref` intrinsics. Control flow is structured: blocks, if/else and
//! loops with a continue construct; functions take value or deref parameters.
//!
//! A front end builds code with the [`Builder`]. A vertex shader that passes a position
//! through, scales a colour in a loop, calls a helper and samples a texture:
//!
//! ```
//! use nir_like::*;
//!
//! let mut shader = Shader::new(Stage::Vertex);
//! let mut b = Builder::main(&mut shader);
//!
//! // Variables: inputs and outputs by location, a built-in, a sampler at set 0 binding 128.
//! let pos_in = b.input("in_pos", ValueType::VEC4, 0);
//! let color_out = b.output("color", ValueType::VEC4, 0);
//! let vec4_ty = b.value_type_handle(ValueType::VEC4);
//! let position = b.builtin("gl_Position", vec4_ty, VariableMode::ShaderOut, Builtin::Position);
//! let sampler_ty = b.ty(Type::Sampler {
//!     dim: ImageDim::D2, arrayed: false, shadow: false, multisampled: false, sampled: BaseType::Float,
//! });
//! let tex = b.variable(Variable::new("tex", sampler_ty, VariableMode::Image).with_binding(0, 128));
//!
//! // A helper function `vec4 halve(vec4 v) { return v * 0.5; }`.
//! let halve = b.function(
//!     "halve",
//!     vec![Param { name: "v".into(), kind: ParamKind::Value(ValueType::VEC4) }],
//!     Some(ValueType::VEC4),
//! );
//! let main_fn = b.func;
//! b.set_function(halve);
//! let v = b.load_param(0);
//! let half = b.imm_splat(ValueType::VEC4, 0.5);
//! let r = b.fmul(v, half);
//! b.return_(Some(r));
//! b.set_function(main_fn);
//!
//! // Loads, stores and ALU.
//! let p = b.load_var(pos_in);
//! b.store_var(position, p);
//!
//! // A local variable, an if/else and a loop with break and a continue construct.
//! let float_ty = b.value_type_handle(ValueType::F32);
//! let i = b.local("i", float_ty);
//! let zero = b.imm_f32(0.0);
//! b.store_local(i, zero);
//! b.push_loop();
//!     let iv = b.load_local(i);
//!     let four = b.imm_f32(4.0);
//!     let done = b.fge(iv, four);
//!     b.push_if(done);
//!         b.break_();
//!     b.pop_if();
//! b.push_continue();
//!     let iv = b.load_local(i);
//!     let one = b.imm_f32(1.0);
//!     let next = b.fadd(iv, one);
//!     b.store_local(i, next);
//! b.pop_loop();
//!
//! // A call, a swizzle and a texture lookup at LOD 0.
//! let halved = b.call(halve, &[p]);
//! let uv = b.swizzle(halved, &[0, 1]);
//! let t = b.deref_var(tex);
//! let lod = b.imm_f32(0.0);
//! let texel = b.tex(TexOp::Txl, t, &[(TexSrcKind::Coord, uv), (TexSrcKind::Lod, lod)], ValueType::VEC4);
//! b.store_var(color_out, texel);
//!
//! validate(&shader).expect("valid IR");
//! let text = print_shader(&shader);
//! assert!(text.contains("txl"));
//! ```
//!
//! Conventions for front ends:
//! - SSA values are scalars and vectors only. Matrices are slices of column vectors
//!   ([`matrix`] has GLSL's matrix operators); structs and arrays live in memory (locals,
//!   `copy_deref`), and a function returns an aggregate through a deref parameter.
//! - Deref parameters take derefs of whole variables (GLSL out/inout through a local copy).
//! - Built-ins are variables with a [`Builtin`]; gl_FragColor is [`Builtin::FragColor`],
//!   gl_InstanceID is `InstanceIndex` (a pass removes the base instance).
//! - Default-block uniforms may use [`VariableMode::Uniform`]; `lower_uniforms_to_ubo`
//!   packs them. Block members without offsets get std140/std430 ([`layout`]).
//! - Sampler and image members of uniform structs may stay in the struct:
//!   `split_opaque_struct_members` moves them to variables named `struct.member`.
//! - `switch` becomes an if-chain inside a one-trip loop (for `break`); a loop condition
//!   checked in the continue construct must be its final `if (c) break;`.
//!
//! [`passes`] holds the lowering and optimisation passes; each returns whether it changed
//! the shader and validates its result in debug builds. [`Caps`] says what a target does
//! natively; [`passes::lower_for_caps`] runs what it lacks.

pub mod alu_op;
pub mod arena;
pub mod builder;
pub mod caps;
pub mod cfg;
pub mod control_flow;
pub mod function;
pub mod instr;
pub mod intrinsic;
pub mod layout;
pub mod matrix;
pub mod passes;
pub mod print;
pub mod resources;
pub mod shader;
pub mod texture;
pub mod types;
pub mod validate;
pub mod variable;

pub use alu_op::{AluOp, OutputRule, SrcKind};
pub use arena::{Arena, Handle, UniqueArena};
pub use builder::{Builder, InsertPoint};
pub use caps::{Caps, CapsError};
pub use control_flow::{Block, CfNode, IfNode, LoopNode};
pub use function::{Function, Param, ParamKind};
pub use instr::{ConstValue, Deref, DerefKind, Instr, InstrKind, Jump, PhiSrc, Value};
pub use intrinsic::{AtomicOp, Intrinsic, IntrinsicOp, MemorySemantics, Scope};
pub use layout::Layout;
pub use print::print_shader;
pub use resources::{resource_bindings, DescriptorKind, ResourceBinding};
pub use shader::{
    ComputeInfo, DepthLayout, FragmentInfo, GeometryInfo, Primitive, Shader, Stage, StageInfo,
    TessInfo, TessSpacing, WORKGROUP_SIZE_SPEC_IDS,
};
pub use texture::{Tex, TexOp, TexSrc, TexSrcKind};
pub use types::{Access, BaseType, ImageDim, ImageFormat, StructMember, Type, ValueType};
pub use validate::{debug_validate, validate, ErrorKind, ValidationError};
pub use variable::{Builtin, Interpolation, Local, Variable, VariableMode, XfbLocation};
