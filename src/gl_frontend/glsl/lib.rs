//! The GLSL compiler: GLSL 1.10-4.60 and ESSL 1.00-3.20 to nir_like.
//!
//! Shaders go through the preprocessor, the lexer, the parser (to an AST), semantic
//! analysis (types, scopes, built-ins, constant folding) and then the linker.

pub mod ast;
pub mod compile;
pub mod corpus;
pub mod diagnostics;
pub mod extensions;
pub mod gl_types;
pub mod irgen;
pub mod layout;
pub mod lexer;
pub mod link;
pub mod options;
pub mod parser;
pub mod preprocessor;
pub mod sema;

pub use diagnostics::{Diagnostic, Diagnostics, Severity, SourceLoc};
pub use options::{Api, CompileOptions, Stage};
pub use compile::{compile_shader, CompiledShader};
pub use link::{link_program, ActiveUniform, ActiveVariable, LinkOptions, LinkedProgram, LinkedStage, LinkedVarying, ProgramInterface, UniformBlock};
