//! `compile_shader`: one shader stage from source text to a checked program.

use crate::ast::TranslationUnit;
use crate::diagnostics::Diagnostics;
use crate::options::{CompileOptions, Stage};
use crate::preprocessor::{preprocess, LanguageSettings};
use crate::{lexer, parser};

/// The result of compiling one shader: what glGetShaderiv(GL_COMPILE_STATUS) and
/// glGetShaderInfoLog report, and what the linker needs.
#[derive(Clone, Debug)]
pub struct CompiledShader {
    pub success: bool,
    pub info_log: String,
    pub stage: Stage,
    pub settings: Option<LanguageSettings>,
    pub ast: Option<TranslationUnit>,
    /// The globals and functions semantic analysis found, for the linker.
    pub interface: Option<crate::sema::ShaderInterface>,
}

/// Stack for the compiling thread: the parser bounds nesting, and this bound lets every
/// recursive pass (parse, check, drop) finish within it whatever the caller's stack.
const COMPILER_STACK: usize = 64 << 20;

/// Compiles the concatenation of `sources` (glShaderSource's strings).
pub fn compile_shader(sources: &[&str], options: &CompileOptions) -> CompiledShader {
    let worker = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("glsl-compile".into())
            .stack_size(COMPILER_STACK)
            .spawn_scoped(scope, || compile_on_this_thread(sources, options))
            .map(|h| h.join())
    });
    match worker {
        Ok(Ok(r)) => r,
        // No thread could be made: compile here (small inputs still fit).
        Err(_) => compile_on_this_thread(sources, options),
        Ok(Err(_)) => CompiledShader {
            success: false,
            info_log: "0:0(0): error: internal compiler error\n".into(),
            stage: options.stage,
            settings: None,
            ast: None,
            interface: None,
        },
    }
}

fn compile_on_this_thread(sources: &[&str], options: &CompileOptions) -> CompiledShader {
    let mut diags = Diagnostics::default();
    let pp = preprocess(sources, options, &mut diags);
    let mut ast = None;
    if !diags.has_errors() {
        let tokens = lexer::lex(&pp.tokens, &pp.settings, &mut diags);
        if !diags.has_errors() {
            ast = parser::parse(&tokens, &mut diags, !pp.settings.is_es());
        }
    }
    let mut interface = None;
    if let Some(tu) = &ast {
        interface = Some(crate::sema::check(tu, &pp.settings, options, &mut diags));
    }
    let success = !diags.has_errors() && ast.is_some();
    CompiledShader {
        success,
        info_log: diags.to_log(),
        stage: options.stage,
        settings: Some(pp.settings),
        ast,
        interface,
    }
}
