//! What the checker records about ARB_shader_subroutine for the linker and IR generation:
//! the subroutine types, the functions usable through them, the calls made through
//! subroutine uniforms, and the call graph the linker checks for recursion.

use std::collections::HashMap;


/// A function declared `subroutine(T1, T2, ...)`.
#[derive(Clone, Debug, PartialEq)]
pub struct SubroutineFunction {
    pub name: String,
    /// The subroutine types it may be called through.
    pub types: Vec<String>,
    /// `layout(index = N)`.
    pub explicit_index: Option<i64>,
}

/// One function's outgoing calls.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Calls {
    /// User functions called by name.
    pub functions: Vec<String>,
    /// Subroutine types called through a subroutine uniform.
    pub subroutine_types: Vec<String>,
}

#[derive(Clone, Debug, Default)]
pub struct SubroutineInfo {
    /// Subroutine types and their signatures, in declaration order.
    pub types: Vec<(String, crate::sema::builtins::Signature)>,
    pub functions: Vec<SubroutineFunction>,
    /// Calls through a subroutine uniform: expression id to the uniform's subroutine type.
    pub calls: HashMap<u32, String>,
    /// The call graph of the unit's functions, by caller.
    pub call_graph: HashMap<String, Calls>,
}

impl SubroutineInfo {
    /// Whether the unit declares anything of ARB_shader_subroutine.
    pub fn is_empty(&self) -> bool {
        self.types.is_empty() && self.functions.is_empty()
    }

    pub(crate) fn record_call(&mut self, caller: &str, callee: &str) {
        let calls = self.call_graph.entry(caller.to_string()).or_default();
        if !calls.functions.iter().any(|c| c == callee) {
            calls.functions.push(callee.to_string());
        }
    }

    pub(crate) fn record_subroutine_call(&mut self, caller: &str, expr: u32, subroutine_type: &str) {
        self.calls.insert(expr, subroutine_type.to_string());
        let calls = self.call_graph.entry(caller.to_string()).or_default();
        if !calls.subroutine_types.iter().any(|c| c == subroutine_type) {
            calls.subroutine_types.push(subroutine_type.to_string());
        }
    }
}
