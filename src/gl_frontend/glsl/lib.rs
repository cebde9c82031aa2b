//! The GLSL compiler: GLSL 1.10-4.60 and ESSL 1.00-3.20 to nir_like.
//!
//! Shaders go through the preprocessor, the lexer, the parser (to a syntax tree) and
//! semantic analysis (types, scopes, conversions, overloads, built-ins from tables,
//! constant folding) in [`compile_shader`]. [`link_program`] matches the stages,
//! assigns locations, lays out the uniform blocks, lists the active resources and
//! generates each stage's nir_like IR with the bindings of docs/conventions.md.
//!
//! ```
//! use glsl::*;
//! let options = |stage| CompileOptions { stage, api: Api::GlCore, context_version: 46, extensions: vec![], limits: Default::default() };
//! let vs = compile_shader(&["#version 330\nin vec4 p;\nvoid main() { gl_Position = p; }"], &options(Stage::Vertex));
//! let fs = compile_shader(&["#version 330\nout vec4 c;\nvoid main() { c = vec4(1.0); }"], &options(Stage::Fragment));
//! assert!(vs.success && fs.success, "{}{}", vs.info_log, fs.info_log);
//! let program = link_program(&[&vs, &fs], &LinkOptions::default());
//! assert!(program.success, "{}", program.info_log);
//! assert_eq!(program.interface.attributes[0].name, "p");
//! assert!(program.stages.iter().all(|s| s.ir.is_ok()));
//! ```

pub mod ast;
pub mod compile;
pub mod corpus;
pub mod diagnostics;
pub mod extensions;
pub mod fuzz_input;
pub mod gl_types;
pub mod irgen;
pub mod layout;
pub mod lexer;
pub mod link;
pub mod link_atomic;
pub mod link_attribute_aliasing;
pub mod link_block_member_locations;
pub mod link_compat_varyings;
pub mod link_components;
pub mod link_implicit_sizes;
pub mod link_storage;
pub mod link_subroutine;
pub mod link_tess_layouts;
pub mod link_uniform_locations;
pub mod link_invariant_builtins;
pub mod link_uniform_precision;
pub mod link_xfb;
pub mod options;
pub mod parser;
pub mod passthrough_tcs;
pub mod placeholder_vertex;
pub mod preprocessor;
pub mod sema;
pub mod subroutine;

pub use compile::{compile_shader, CompiledShader};
pub use diagnostics::{Diagnostic, Diagnostics, Severity, SourceLoc};
pub use link::{
    link_program, ActiveUniform, ActiveVariable, LinkOptions, LinkedProgram, LinkedStage, LinkedVarying, ProgramInterface,
    UniformBlock,
};
pub use link_storage::StorageBlock;
pub use options::{Api, BindingLimits, CompileOptions, Stage};
