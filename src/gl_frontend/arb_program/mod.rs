//! ARB assembly programs (GL_ARB_vertex_program, GL_ARB_fragment_program): the text is
//! tokenised (`lexer`), parsed and checked into a resolved program (`parser`, `bindings`,
//! `ast`) against the target's limits (`limits`).

pub mod api;
pub mod ast;
pub mod bindings;
pub mod draw;
pub mod ir;
pub mod lexer;
pub mod limits;
pub mod objects;
pub mod parser;

pub use ast::Program;
pub use parser::parse;

/// Why glProgramStringARB rejected a program: GL_PROGRAM_ERROR_POSITION_ARB and
/// GL_PROGRAM_ERROR_STRING_ARB.
#[derive(Clone, Debug, PartialEq)]
pub struct ParseError {
    pub position: usize,
    pub message: String,
}

#[cfg(test)]
mod tests;
