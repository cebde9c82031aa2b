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

/// Stack for the compiling and linking thread: the parser bounds nesting, and this bound
/// lets every recursive pass (parse, check, IR generation, drop) finish within it
/// whatever the caller's stack.
const COMPILER_STACK: usize = 64 << 20;

/// Runs `work` on a thread of its own with [`COMPILER_STACK`] (here when no thread can
/// be made: small inputs still fit); `Err` when it panicked.
pub(crate) fn on_compiler_stack<R: Send>(work: impl FnOnce() -> R + Send) -> std::thread::Result<R> {
    // Whichever thread runs it takes it out, so a failed spawn can still run it here.
    let work = std::sync::Mutex::new(Some(work));
    let run = || work.lock().ok().and_then(|mut w| w.take()).map(|w| w());
    let spawned = std::thread::scope(|scope| {
        std::thread::Builder::new().name("glsl-compile".into()).stack_size(COMPILER_STACK).spawn_scoped(scope, run).map(|h| h.join())
    });
    match spawned {
        Ok(joined) => joined.map(|r| r.expect("runs once")),
        Err(_) => Ok(run().expect("runs once")),
    }
}

/// Compiles the concatenation of `sources` (glShaderSource's strings).
pub fn compile_shader(sources: &[&str], options: &CompileOptions) -> CompiledShader {
    match on_compiler_stack(|| compile_on_this_thread(sources, options)) {
        Ok(r) => r,
        Err(_) => CompiledShader {
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
