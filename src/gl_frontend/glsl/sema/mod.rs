//! Semantic analysis: scopes, types, implicit conversions, overload resolution,
//! qualifiers, constant folding, and the checks the specifications call compile-time
//! errors. It also collects the shader's interface for the linker.

mod block_memory_layout;
pub mod default_precision;
pub mod builtins;
pub mod compat_state;
pub mod constant;
mod expr;
mod fold;
pub mod fold_packing;
mod implicit_local_arrays;
pub mod types;
pub mod variables;
mod xfb;

use crate::ast::*;
use crate::diagnostics::{Diagnostics, SourceLoc};
use crate::options::{CompileOptions, Stage};
use crate::preprocessor::LanguageSettings;
use builtins::{ParamDir, Signature};
use constant::ConstValue;
use std::collections::HashMap;
use std::sync::Arc;
use types::{Scalar, StructType, Type};

/// A variable as the checker knows it.
#[derive(Clone, Debug)]
pub struct Variable {
    pub ty: Type,
    pub storage: Option<Storage>,
    pub constant: Option<ConstValue>,
    pub read_only: bool,
    pub builtin: bool,
    pub qual: TypeQualifier,
}

#[derive(Clone, Debug)]
enum Symbol {
    Var(Variable),
    Struct(Arc<StructType>),
}

#[derive(Clone, Debug)]
pub struct UserFunction {
    pub sig: Signature,
    pub defined: bool,
    pub loc: SourceLoc,
    /// Each parameter's memory qualifiers (readonly, coherent, ...).
    pub param_memory: Vec<Vec<String>>,
    /// The precision of a float return value in ESSL, stated or the scope's default.
    pub ret_precision: Option<Precision>,
    /// Which parameters are `const'.
    pub param_const: Vec<bool>,
}

/// A global declared by the shader, for the linker.
#[derive(Clone, Debug)]
pub struct GlobalVar {
    pub name: String,
    pub ty: Type,
    pub storage: Storage,
    pub qual: TypeQualifier,
    pub loc: SourceLoc,
    /// The block this variable is a member of, if any.
    pub block: Option<String>,
    /// For a member of a uniform or storage block without an instance name: its place
    /// in memory beyond its type.
    pub member_layout: types::MemberLayout,
    /// In ESSL, the precision a variable outside any block has: its qualifier's, else the
    /// scope's default for its type. `None` on desktop (precision means nothing there), for
    /// types without precision and for block members.
    pub precision: Option<Precision>,
}

/// The type of the uniform or storage block `block` declared without an instance name,
/// gathered from its members among `globals`.
pub fn unnamed_block_type(block: &str, storage: Storage, globals: &[GlobalVar]) -> Type {
    let members: Vec<&GlobalVar> = globals.iter().filter(|g| g.block.as_deref() == Some(block) && g.storage == storage).collect();
    Type::Block(Arc::new(StructType {
        name: block.to_string(),
        members: members.iter().map(|g| (g.name.clone(), g.ty.clone())).collect(),
        id: 0,
        member_layouts: if members.iter().all(|g| g.member_layout == Default::default()) { Vec::new() } else { members.iter().map(|g| g.member_layout).collect() },
    }))
}

/// How a call expression was resolved.
#[derive(Clone, Debug)]
pub enum CallTarget {
    /// A user function with this signature.
    User(Signature),
    Builtin(Signature),
}

/// What the checker learned that later passes need.
#[derive(Clone, Debug, Default)]
pub struct ShaderInterface {
    /// The type of each expression, by expression id.
    pub expr_types: Vec<Type>,
    /// Constant values of constant expressions, by expression id.
    pub expr_constants: HashMap<u32, ConstValue>,
    /// Resolved calls, by expression id.
    pub calls: HashMap<u32, CallTarget>,
    /// ARB_shader_subroutine: types, subroutine functions, calls through uniforms.
    pub subroutines: crate::subroutine::SubroutineInfo,
    /// The type of every declared variable and parameter, by the location of its name.
    pub declared_types: HashMap<(u32, u32, String), Type>,
    /// The return type of every function prototype, by the location of its name.
    pub function_returns: HashMap<(u32, u32, String), Type>,
    pub globals: Vec<GlobalVar>,
    pub has_main: bool,
    /// Globals (user and built-in) that some expression reads or writes.
    pub static_uses: std::collections::HashSet<String>,
    /// Built-in variables an `invariant gl_...;` statement named: the linker checks the
    /// pairs ESSL 1.00 ties together (`link_invariant_builtins`).
    pub invariant_builtins: std::collections::HashSet<String>,
    /// The constant initializers of default-block uniforms (`uniform int x = 37;`), by name.
    pub uniform_initializers: HashMap<String, ConstValue>,
    /// A tessellation evaluation shader declared its primitive mode.
    pub tess_primitive_mode: bool,
    /// A tessellation control shader's `layout(vertices = N) out;`.
    pub tcs_vertices: Option<u32>,
    /// The size of gl_ClipDistance and gl_CullDistance where the shader gave one: by
    /// redeclaration, or the largest constant index used plus one.
    pub clip_cull_sizes: HashMap<String, u32>,
    /// A compute shader's `layout(local_size_x = ..) in;`, once declared.
    pub local_size: Option<[u32; 3]>,
    /// A compute shader's `layout(local_size_variable) in;`: the size comes with each dispatch.
    pub local_size_variable: bool,
    /// The largest constant index plus one used on each implicitly sized global array,
    /// by name: the linker sizes such arrays from it.
    pub implicit_array_sizes: HashMap<String, u32>,
    /// The same for implicitly sized members of interface blocks, by block and member name.
    pub implicit_member_sizes: HashMap<(String, String), u32>,
}

pub struct Checker<'a> {
    pub(crate) s: &'a LanguageSettings,
    pub(crate) options: &'a CompileOptions,
    pub(crate) diags: &'a mut Diagnostics,
    scopes: Vec<HashMap<String, Symbol>>,
    pub(crate) functions: HashMap<String, Vec<UserFunction>>,
    pub(crate) builtins: Arc<HashMap<String, Vec<Signature>>>,
    return_type: Option<Type>,
    loop_depth: u32,
    switch_depth: u32,
    next_struct_id: u32,
    /// Default precisions per scope (ESSL requires a float one in fragment shaders).
    default_precisions: Vec<default_precision::DefaultPrecisions>,
    pub interface: ShaderInterface,
    /// Vertices per input primitive of a geometry shader, once its layout says.
    gs_input_vertices: Option<u32>,
    /// The stream of geometry outputs declared without one (`layout(stream = N) out;`).
    default_out_stream: i64,
    /// Sizes given to geometry inputs before the input layout, checked against it.
    gs_declared_sizes: Vec<(u32, SourceLoc)>,
    /// Constant indices into unsized geometry inputs before the input layout sized them.
    pub(crate) gs_unsized_indices: Vec<(i64, SourceLoc)>,
    /// Interface block names: they share the global namespace with other names.
    block_names: Vec<String>,
    /// (block name, interface): GLSL 4.60 section 4.3.9 lets an input and an output block
    /// share a name, so a block name is unique only within its interface.
    block_interfaces: Vec<(String, Storage)>,
    /// (block, member) of shader storage block members declared `readonly`: they cannot
    /// be written through the block's instance name.
    pub(crate) readonly_buffer_members: Vec<(String, String)>,
    /// (block, member) of shader storage block members declared `writeonly`, and the
    /// globals (instances of writeonly blocks, members of unnamed blocks) that are
    /// writeonly as a whole: none of them may be read.
    pub(crate) writeonly_buffer_members: Vec<(String, String)>,
    pub(crate) writeonly_globals: Vec<String>,
    /// Set while checking an expression that is only stored to (the left side of `=`) or
    /// whose length alone is taken, so writeonly storage there is no read.
    pub(crate) not_read: bool,
    /// Values given by `layout(...) in;`/`out;` so far (key, value): repeats must agree.
    default_layouts: Vec<(String, String)>,
    /// The packing and matrix order of `layout(...) uniform;` and `buffer;` so far.
    block_defaults: Vec<(Storage, LayoutItem)>,
    /// Nesting of if/loop/switch bodies, and where a return happened: barrier() in a
    /// tessellation control shader must be in main's top level, before any return.
    pub(crate) control_depth: u32,
    pub(crate) in_main: bool,
    pub(crate) main_returned: bool,
    /// A compute shader's fixed local size, once `layout(local_size_*) in;` gave one.
    pub(crate) local_size: Option<[u32; 3]>,
    /// Whether the compute shader declared `layout(local_size_variable) in;`.
    local_size_variable: bool,
    xfb: xfb::XfbState,
    /// Storages (in, out) whose gl_PerVertex block the shader redeclared.
    pervertex_redeclared: Vec<Storage>,
    /// Per-vertex built-in outputs redeclared on their own (`out float gl_ClipDistance[4];`).
    pervertex_members_redeclared: Vec<String>,
    /// The output patch size of a tessellation control shader, once its layout says.
    tcs_vertices: Option<u32>,
    /// Sizes given to tessellation control outputs before the layout, checked against it.
    tcs_out_sizes: Vec<(u32, SourceLoc)>,
    /// Locations taken by inputs and outputs with an explicit `location` (storage, first, end).
    varying_locations: Vec<(Storage, u32, u32)>,
    /// The largest constant index used on each implicitly sized array (by scope depth).
    pub(crate) unsized_indices: HashMap<(usize, String), i64>,
    /// Whether the function being checked has a return statement.
    found_return: bool,
    /// The layout of the first gl_FragCoord redeclaration.
    frag_coord_layout: Option<Vec<String>>,
    /// Subroutine types (`subroutine void T(float);`) by name.
    pub(crate) subroutine_types: HashMap<String, Signature>,
    /// Functions declared with `subroutine(T, ...)`.
    subroutine_functions: Vec<String>,
    /// The function whose body is being checked (empty outside functions).
    current_function: String,
}

fn storage_of(q: &TypeQualifier) -> Option<Storage> {
    q.storage()
}

/// GL_MAX_COMPUTE_WORK_GROUP_SIZE, which gl_MaxComputeWorkGroupSize also reports.
pub const MAX_LOCAL_SIZE: [u32; 3] = [1024, 1024, 64];
/// GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS: the most invocations one work group may have.
pub const MAX_LOCAL_INVOCATIONS: u64 = 1024;

/// The members a gl_PerVertex redeclaration may list.
/// Scalar components an array type may hold (a GiB of floats): bigger ones are refused,
/// so no later size or offset computation overflows.
const MAX_ARRAY_COMPONENTS: u32 = 1 << 28;

const PER_VERTEX_MEMBERS: &[&str] = &[
    "gl_Position", "gl_PointSize", "gl_ClipDistance", "gl_CullDistance", "gl_ClipVertex", "gl_FrontColor", "gl_BackColor",
    "gl_FrontSecondaryColor", "gl_BackSecondaryColor", "gl_TexCoord", "gl_FogFragCoord",
];

/// Checks a parsed shader; errors go to `diags`.
pub fn check(tu: &TranslationUnit, s: &LanguageSettings, options: &CompileOptions, diags: &mut Diagnostics) -> ShaderInterface {
    let mut c = Checker {
        s,
        options,
        diags,
        scopes: vec![HashMap::new(), HashMap::new()],
        default_out_stream: 0,
        functions: HashMap::new(),
        builtins: builtins::cached_functions(s, options.stage),
        return_type: None,
        loop_depth: 0,
        switch_depth: 0,
        next_struct_id: 0,
        default_precisions: vec![default_precision::DefaultPrecisions::predeclared(s.is_es(), options.stage)],
        interface: ShaderInterface::default(),
        gs_input_vertices: None,
        gs_declared_sizes: Vec::new(),
        gs_unsized_indices: Vec::new(),
        block_names: Vec::new(),
        block_interfaces: Vec::new(),
        readonly_buffer_members: Vec::new(),
        writeonly_buffer_members: Vec::new(),
        writeonly_globals: Vec::new(),
        not_read: false,
        default_layouts: Vec::new(),
        block_defaults: Vec::new(),
        control_depth: 0,
        in_main: false,
        main_returned: false,
        local_size: None,
        local_size_variable: false,
        xfb: xfb::XfbState::default(),
        pervertex_redeclared: Vec::new(),
        pervertex_members_redeclared: Vec::new(),
        subroutine_types: HashMap::new(),
        subroutine_functions: Vec::new(),
        current_function: String::new(),
        tcs_vertices: None,
        tcs_out_sizes: Vec::new(),
        frag_coord_layout: None,
        found_return: false,
        unsized_indices: HashMap::new(),
        varying_locations: Vec::new(),
    };
    c.interface.expr_types = vec![Type::Error; tu.expr_count as usize];
    c.declare_builtin_variables();
    for item in &tu.items {
        match item {
            ExternalDecl::Declaration(d) => c.declaration(d, true),
            ExternalDecl::Function(f) => c.function_def(f),
        }
    }
    c.xfb_finish();
    c.interface.tcs_vertices = c.tcs_vertices;
    c.record_clip_cull_sizes();
    // User globals live in the second scope (depth 2); the first holds the built-ins.
    for ((depth, name), index) in &c.unsized_indices {
        if *depth == 2 {
            c.interface.implicit_array_sizes.insert(name.clone(), (*index + 1).max(0) as u32);
        }
    }
    c.size_implicit_local_arrays();
    c.interface.local_size = c.local_size;
    c.interface.local_size_variable = c.local_size_variable;
    c.check_fragment_outputs();
    c.interface.has_main = c.functions.get("main").is_some_and(|f| f.iter().any(|f| f.defined));
    c.interface
}

impl<'a> Checker<'a> {
    pub(crate) fn version(&self) -> u32 {
        self.s.version
    }

    pub(crate) fn is_es(&self) -> bool {
        self.s.is_es()
    }

    pub(crate) fn desktop_at_least(&self, v: u32) -> bool {
        !self.is_es() && self.s.version >= v
    }

    pub(crate) fn es_at_least(&self, v: u32) -> bool {
        self.is_es() && self.s.version >= v
    }

    pub(crate) fn ext(&self, name: &str) -> bool {
        self.s.extension(name)
    }

    pub(crate) fn error(&mut self, loc: SourceLoc, msg: impl Into<String>) {
        self.diags.error(loc, msg);
    }

    /// Sizes gl_ClipDistance and gl_CullDistance for the IR: a redeclared size, else the
    /// largest constant index used.
    fn record_clip_cull_sizes(&mut self) {
        for name in ["gl_ClipDistance", "gl_CullDistance"] {
            let declared = self.scopes.iter().rev().find_map(|s| match s.get(name) {
                Some(Symbol::Var(Variable { ty: Type::Array(_, Some(n)), .. })) => Some(*n),
                _ => None,
            });
            let indexed = self.unsized_indices.iter().filter(|((_, n), _)| n == name).map(|(_, i)| (*i + 1).max(0) as u32).max();
            if let Some(n) = declared.or(indexed) {
                self.interface.clip_cull_sizes.insert(name.to_string(), n);
            }
        }
    }

    fn declare_builtin_variables(&mut self) {
        let depth_range = Arc::new(StructType {
            name: "gl_DepthRangeParameters".into(),
            members: vec![("near".into(), Type::FLOAT), ("far".into(), Type::FLOAT), ("diff".into(), Type::FLOAT)],
            id: u32::MAX,
            member_layouts: Vec::new(),
        });
        self.scopes[0].insert("gl_DepthRangeParameters".into(), Symbol::Struct(depth_range.clone()));
        if self.s.profile == crate::preprocessor::Profile::Compatibility || (!self.is_es() && self.version() < 140) {
            for name in compat_state::struct_names() {
                if let Some(st) = compat_state::struct_type(name) {
                    self.scopes[0].insert(name.into(), Symbol::Struct(st));
                }
            }
        }
        let vars = variables::variables(self.s, self.options.stage);
        let consts: HashMap<&str, i64> = vars.iter().filter_map(|v| v.const_value.map(|c| (v.name, c))).collect();
        for v in &vars {
            let (base, dims) = match v.ty.split_once('[') {
                Some((b, d)) => (b, Some(d.trim_end_matches(']'))),
                None => (v.ty, None),
            };
            let mut ty = match base {
                "gl_DepthRangeParameters" => Type::Struct(depth_range.clone()),
                b => Type::from_builtin_name(b).or_else(|| compat_state::struct_type(b).map(Type::Struct)).unwrap_or(Type::Error),
            };
            if let Some(d) = dims {
                let n = if d.is_empty() { None } else { d.parse::<u32>().ok().or_else(|| consts.get(d).map(|c| *c as u32)) };
                ty = Type::Array(Box::new(ty), n);
            }
            let storage = match v.storage {
                "in" => Storage::In,
                "out" => Storage::Out,
                "uniform" => Storage::Uniform,
                _ => Storage::Const,
            };
            let constant = v.const_value.map(|c| {
                if let Type::Vector(scalar, n) = ty {
                    let lit = |c: i64| if scalar == Scalar::Int { constant::Lit::I(c) } else { constant::Lit::U(c as u64) };
                    let mut comps = vec![lit(c); n as usize];
                    // The one vector limit whose components differ: z is 64.
                    if v.name == "gl_MaxComputeWorkGroupSize" {
                        comps = MAX_LOCAL_SIZE.iter().map(|c| lit(*c as i64)).collect();
                    }
                    ConstValue { ty: ty.clone(), comps }
                } else {
                    ConstValue::scalar(Type::INT, constant::Lit::I(c))
                }
            });
            let read_only = storage != Storage::Out;
            self.scopes[0].insert(
                v.name.to_string(),
                Symbol::Var(Variable { ty, storage: Some(storage), constant, read_only, builtin: true, qual: TypeQualifier::default() }),
            );
        }
        // Per-vertex blocks of the geometry and tessellation stages: members are checked
        // loosely.
        let per_vertex_in = matches!(self.options.stage, Stage::Geometry | Stage::TessControl | Stage::TessEval);
        if per_vertex_in {
            let n = if self.options.stage == Stage::Geometry { None } else { Some(32) };
            self.scopes[0].insert(
                "gl_in".into(),
                Symbol::Var(Variable { ty: Type::Array(Box::new(Type::Error), n), storage: Some(Storage::In), constant: None, read_only: true, builtin: true, qual: TypeQualifier::default() }),
            );
        }
        if self.options.stage == Stage::TessControl {
            self.scopes[0].insert(
                "gl_out".into(),
                Symbol::Var(Variable { ty: Type::Array(Box::new(Type::Error), None), storage: Some(Storage::Out), constant: None, read_only: false, builtin: true, qual: TypeQualifier::default() }),
            );
        }
        if matches!(self.options.stage, Stage::Geometry | Stage::TessEval | Stage::TessControl) {
            for (name, ty) in [("gl_Position", "vec4"), ("gl_PointSize", "float")] {
                if self.options.stage == Stage::TessControl {
                    continue;
                }
                let ty = Type::from_builtin_name(ty).expect("valid");
                self.scopes[0].insert(
                    name.into(),
                    Symbol::Var(Variable { ty, storage: Some(Storage::Out), constant: None, read_only: false, builtin: true, qual: TypeQualifier::default() }),
                );
            }
        }
    }

    // ---- scopes ----

    pub(crate) fn push_scope(&mut self) {
        self.scopes.push(HashMap::new());
        let p = self.default_precisions.last().expect("never empty").clone();
        self.default_precisions.push(p);
    }

    pub(crate) fn pop_scope(&mut self) {
        self.scopes.pop();
        self.default_precisions.pop();
    }

    pub(crate) fn lookup_var(&self, name: &str) -> Option<&Variable> {
        for s in self.scopes.iter().rev() {
            match s.get(name) {
                Some(Symbol::Var(v)) => return Some(v),
                Some(Symbol::Struct(_)) => return None,
                None => {}
            }
        }
        None
    }

    /// Whether `name` resolves to a global (or built-in) variable.
    pub(crate) fn is_global(&self, name: &str) -> bool {
        for (i, s) in self.scopes.iter().enumerate().rev() {
            if s.contains_key(name) {
                return i < 2;
            }
        }
        false
    }

    pub(crate) fn lookup_struct(&self, name: &str) -> Option<Arc<StructType>> {
        for s in self.scopes.iter().rev() {
            match s.get(name) {
                Some(Symbol::Struct(t)) => return Some(t.clone()),
                Some(Symbol::Var(_)) => return None,
                None => {}
            }
        }
        None
    }

    pub(crate) fn scopes_len(&self) -> usize {
        self.scopes.len()
    }

    pub(crate) fn scope_has(&self, i: usize, name: &str) -> bool {
        self.scopes.get(i).is_some_and(|s| s.contains_key(name))
    }

    fn at_global_scope(&self) -> bool {
        self.scopes.len() == 2
    }

    fn declare_var(&mut self, name: &str, loc: SourceLoc, var: Variable) {
        self.interface.declared_types.insert((loc.line, loc.column, name.to_string()), var.ty.clone());
        if name.starts_with("gl_") && !var.builtin {
            // Redeclaring a built-in variable is allowed; inventing gl_ names is not.
            if self.lookup_var(name).is_some_and(|v| v.builtin) {
                let existing = self.lookup_var(name).cloned().expect("checked");
                // No rule lets gl_ClipVertex be redeclared on its own: only as a member of a
                // gl_PerVertex redeclaration.
                if name == "gl_ClipVertex" {
                    self.error(loc, "`gl_ClipVertex' may only be redeclared inside gl_PerVertex");
                    return;
                }
                if PER_VERTEX_MEMBERS.contains(&name) && existing.storage == Some(Storage::Out) && self.scopes.len() == 2 {
                    if self.pervertex_redeclared.contains(&Storage::Out) {
                        self.error(loc, format!("`{}' cannot be redeclared after gl_PerVertex was redeclared", name));
                        return;
                    }
                    self.pervertex_members_redeclared.push(name.to_string());
                }
                if name == "gl_ClipDistance" || name == "gl_CullDistance" || name == "gl_TexCoord" {
                    if var.storage != existing.storage && !(var.storage == Some(Storage::Varying)) {
                        self.error(loc, format!("`{}' must be redeclared with its own storage qualifier", name));
                        return;
                    }
                    if matches!(var.ty, Type::Array(_, Some(n)) if n > 8) {
                        self.error(loc, format!("`{}' redeclared larger than the implementation allows", name));
                        return;
                    }
                    if !var.ty.is_array() || var.ty.element() != existing.ty.element() {
                        self.error(loc, format!("`{}' redeclared with a different type", name));
                        return;
                    }
                }
                let mut v = existing;
                if let (Type::Array(_, None), Type::Array(_, Some(_))) = (&v.ty, &var.ty) {
                    v.ty = var.ty.clone();
                }
                v.qual = var.qual;
                self.scopes.last_mut().expect("open").insert(name.into(), Symbol::Var(v));
                return;
            }
            self.error(loc, format!("identifier `{}' uses reserved `gl_' prefix", name));
            return;
        }
        if name.contains("__") && self.is_es() {
            self.error(loc, format!("identifier `{}' uses reserved `__' string", name));
        }
        if self.scopes.len() == 2 && self.block_names.iter().any(|b| b == name) {
            self.error(loc, format!("`{}' is already used as a block name", name));
            return;
        }
        if self.scopes.len() == 2 && self.functions.contains_key(name) && (self.is_es() || self.version() >= 120) {
            self.error(loc, format!("`{}' is already declared as a function", name));
            return;
        }
        let scope = self.scopes.last_mut().expect("open");
        if let Some(old) = scope.get(name) {
            // A global unsized array may be redeclared with a size.
            let resize = matches!((old, &var.ty), (Symbol::Var(Variable { ty: Type::Array(_, None), .. }), Type::Array(_, Some(_))));
            if !resize {
                self.error(loc, format!("`{}' redeclared", name));
                return;
            }
            // The new size must keep the old element type and cover every index used.
            if let (Symbol::Var(Variable { ty: Type::Array(old_elem, None), .. }), Type::Array(new_elem, Some(n))) = (old, &var.ty) {
                if old_elem != new_elem {
                    self.error(loc, format!("`{}' redeclared with a different element type", name));
                    return;
                }
                let depth = self.scopes.len();
                if let Some(max) = self.unsized_indices.get(&(depth, name.to_string())) {
                    if *max >= *n as i64 {
                        self.error(loc, format!("`{}' redeclared with size {} but index {} was used", name, n, max));
                        return;
                    }
                }
            }
        }
        if self.scopes.len() == 3 && self.scopes[2].is_empty() {
            // Function parameters live in scope 2; the body's first scope is 3.
        }
        let scope = self.scopes.last_mut().expect("open");
        scope.insert(name.to_string(), Symbol::Var(var));
    }

    fn declare_struct(&mut self, st: Arc<StructType>, loc: SourceLoc) {
        if self.scopes.len() == 2 && self.functions.contains_key(&st.name) {
            self.error(loc, format!("`{}' is already declared as a function", st.name));
            return;
        }
        if self.scopes.len() == 2 && self.block_names.contains(&st.name) {
            self.error(loc, format!("`{}' is already used as a block name", st.name));
            return;
        }
        let scope = self.scopes.last_mut().expect("open");
        if scope.contains_key(&st.name) {
            self.error(loc, format!("struct `{}' redeclared", st.name));
            return;
        }
        if st.name.starts_with("gl_") {
            self.error(loc, format!("identifier `{}' uses reserved `gl_' prefix", st.name));
        }
        let scope = self.scopes.last_mut().expect("open");
        scope.insert(st.name.clone(), Symbol::Struct(st));
    }

    // ---- types ----

    /// Resolves a type specifier (declaring an inline struct).
    pub(crate) fn resolve_type(&mut self, ts: &TypeSpec) -> Type {
        let base = match &ts.base {
            TypeBase::Named(n) => match Type::from_builtin_name(n) {
                Some(t) => t,
                None => match self.lookup_struct(n) {
                    Some(s) => Type::Struct(s),
                    // Compatibility-profile struct types (gl_LightSourceParameters, ...).
                    None if n.starts_with("gl_") && (self.is_es() || self.version() >= 140) && self.s.profile != crate::preprocessor::Profile::Compatibility => {
                        self.error(ts.loc, format!("unknown type `{}'", n));
                        Type::Error
                    }
                    None if n.starts_with("gl_") => Type::Error,
                    None => {
                        // Subroutine types are function types; treat as opaque.
                        if self.functions.contains_key(n) {
                            Type::Opaque(Arc::from(n.as_str()))
                        } else {
                            self.error(ts.loc, format!("unknown type `{}'", n));
                            Type::Error
                        }
                    }
                },
            },
            TypeBase::Struct(spec) => self.struct_spec(spec),
        };
        self.apply_array(base, &ts.array, ts.loc)
    }

    fn struct_spec(&mut self, spec: &StructSpec) -> Type {
        if !self.at_global_scope() && self.scopes.len() > 2 {
            // Structs in functions are fine.
        }
        let mut members: Vec<(String, Type)> = Vec::new();
        for m in &spec.members {
            if let TypeBase::Struct(inner) = &m.ty.base {
                // GLSL 1.10 allows structure definitions inside structures; GLSL 1.20
                // and ESSL do not.
                let _ = inner;
                if self.is_es() || self.version() >= 120 {
                    self.error(m.loc, "embedded structure declarations are not allowed");
                }
            }
            for (q, l) in &m.qual.items {
                match q {
                    QualItem::Precision(_) => {}
                    // GLSL 4.50 section 4.4.1: locations belong to variables and block
                    // members, never to structure members.
                    QualItem::Layout(group) => {
                        if let Some(item) = group.iter().find(|i| matches!(i.name.as_str(), "location" | "component")) {
                            self.error(item.loc, format!("layout qualifier `{}' is not allowed on a structure member", item.name));
                        }
                    }
                    _ => self.error(*l, "struct members cannot have qualifiers"),
                }
            }
            let t = self.resolve_type(&m.ty);
            if t == Type::Void {
                self.error(m.loc, "struct members cannot be void");
            }
            for (n, dims, l) in &m.names {
                let ty = self.apply_array(t.clone(), dims, *l);
                if matches!(&ty, Type::Array(_, None)) {
                    self.error(*l, "struct members must have a size");
                }
                if members.iter().any(|(x, _)| x == n) {
                    self.error(*l, format!("duplicate struct member `{}'", n));
                }
                members.push((n.clone(), ty));
            }
        }
        if members.is_empty() {
            self.error(spec.loc, "empty struct");
        }
        self.next_struct_id += 1;
        let st = Arc::new(StructType {
            name: spec.name.clone().unwrap_or_else(|| format!("#anon_struct_{}", self.next_struct_id)),
            members,
            id: self.next_struct_id,
            member_layouts: Vec::new(),
        });
        if spec.name.is_some() {
            self.declare_struct(st.clone(), spec.loc);
        }
        Type::Struct(st)
    }

    /// Applies `[N][M]` dimensions (outermost first) to `base`.
    pub(crate) fn apply_array(&mut self, base: Type, dims: &[ArrayDim], loc: SourceLoc) -> Type {
        if dims.is_empty() {
            return base;
        }
        let aoa_ok = self.desktop_at_least(430) || self.es_at_least(310) || self.ext("GL_ARB_arrays_of_arrays");
        if (dims.len() > 1 || base.is_array()) && !aoa_ok {
            self.error(loc, "arrays of arrays need GLSL 4.30, GLSL ES 3.10 or GL_ARB_arrays_of_arrays");
        }
        let mut sizes = Vec::new();
        for d in dims {
            sizes.push(match d {
                None => None,
                Some(e) => self.array_size(e),
            });
        }
        let mut t = base;
        for n in sizes.into_iter().rev() {
            t = Type::Array(Box::new(t), n);
        }
        if t.components() > MAX_ARRAY_COMPONENTS {
            self.error(loc, "array too large: its size exceeds the implementation's limit");
            return Type::Error;
        }
        t
    }

    fn array_size(&mut self, e: &Expr) -> Option<u32> {
        let r = self.expr(e);
        if r.ty.is_error() {
            return Some(1);
        }
        // An array size is a constant_expression, which the grammar makes a
        // conditional_expression: from GLSL 1.20 a parenthesised sequence does not count.
        if !self.is_es() && self.version() >= 120 && e.has_sequence() {
            self.error(e.loc, "array size must be a constant integral expression, not a sequence");
            return Some(1);
        }
        match r.constant.as_ref().and_then(|c| c.as_int()) {
            Some(n) if !matches!(r.ty, Type::Scalar(Scalar::Int | Scalar::Uint)) => {
                let _ = n;
                self.error(e.loc, "array size must be an integer");
                Some(1)
            }
            Some(n) if n <= 0 => {
                self.error(e.loc, "array size must be greater than zero");
                Some(1)
            }
            Some(n) if n > 1 << 24 => {
                self.error(e.loc, "array size exceeds the implementation's limit");
                Some(1)
            }
            Some(n) => Some(n as u32),
            None => {
                self.error(e.loc, "array size must be a constant integral expression");
                Some(1)
            }
        }
    }

    // ---- conversions ----

    /// Whether a value of `from` converts implicitly to `to` in this language version.
    pub(crate) fn converts(&self, from: &Type, to: &Type) -> bool {
        if from == to || from.is_error() || to.is_error() {
            return true;
        }
        let (Some(fs), Some(ts)) = (from.scalar(), to.scalar()) else { return false };
        let shape_ok = match (from, to) {
            (Type::Scalar(_), Type::Scalar(_)) => true,
            (Type::Vector(_, a), Type::Vector(_, b)) => a == b,
            (Type::Matrix { cols: c1, rows: r1, .. }, Type::Matrix { cols: c2, rows: r2, .. }) => c1 == c2 && r1 == r2,
            _ => false,
        };
        shape_ok && self.scalar_converts(fs, ts)
    }

    pub(crate) fn scalar_converts(&self, from: Scalar, to: Scalar) -> bool {
        if from == to {
            return true;
        }
        if self.is_es() || self.version() < 120 {
            // ESSL has no implicit conversions (EXT_shader_implicit_conversions aside).
            return self.ext("GL_EXT_gpu_shader5") && self.is_es() && matches!((from, to), (Scalar::Int, Scalar::Uint) | (Scalar::Int | Scalar::Uint, Scalar::Float));
        }
        let int_to_uint = self.version() >= 400 || self.ext("GL_ARB_gpu_shader5") || self.ext("GL_MESA_shader_integer_functions");
        let double = self.version() >= 400 || self.ext("GL_ARB_gpu_shader_fp64");
        match (from, to) {
            (Scalar::Int, Scalar::Uint) => int_to_uint,
            (Scalar::Int | Scalar::Uint, Scalar::Float) => true,
            (Scalar::Int | Scalar::Uint | Scalar::Float, Scalar::Double) => double,
            (Scalar::Int, Scalar::Int64) => true,
            (Scalar::Int | Scalar::Uint | Scalar::Int64, Scalar::Uint64) => true,
            (Scalar::Int64 | Scalar::Uint64, Scalar::Double) => true,
            _ => false,
        }
    }

    // ---- declarations ----

    pub(crate) fn declaration(&mut self, d: &Declaration, global: bool) {
        match d {
            Declaration::Precision { precision, ty, loc } => {
                let t = self.resolve_type(ty);
                let ok = matches!(t, Type::Scalar(Scalar::Float | Scalar::Int)) || t.is_opaque();
                if !ok {
                    self.error(*loc, "default precision can only be set for float, int and opaque types");
                }
                if !self.is_es() && self.version() < 130 {
                    // Desktop 1.10/1.20 do not have precision statements.
                    self.error(*loc, "precision statements need GLSL 1.30 or GLSL ES");
                }
                if ok {
                    self.default_precisions.last_mut().expect("never empty").set(&t, *precision);
                }
            }
            Declaration::Prototype(p) => {
                // GLSL 1.10 allows prototypes inside function bodies.
                if !global && (self.is_es() || self.version() >= 120) {
                    self.error(p.loc, "functions cannot be declared inside other functions");
                    return;
                }
                self.function_proto(p, false);
            }
            Declaration::Qualifiers { qual, names, loc } => {
                if !global && !names.is_empty() && qual.has(|q| matches!(q, QualItem::Invariant)) {
                    self.error(*loc, "`invariant' redeclarations must be at global scope");
                }
                // A `precise' redeclaration names a variable of its own scope, not a global
                // seen from inside a function.
                if !global && qual.has(|q| matches!(q, QualItem::Precise)) {
                    let innermost = self.scopes.len() - 1;
                    if let Some((n, l)) = names.iter().find(|(n, _)| self.scopes.iter().rposition(|s| s.get(n).is_some()).is_some_and(|i| i < 2 && i < innermost)) {
                        self.error(*l, format!("`precise' cannot redeclare the global `{}' inside a function", n));
                    }
                }
                self.qualifier_declaration(qual, names, *loc)
            }
            Declaration::Block(b) => self.interface_block(b, global),
            Declaration::Variables { qual, ty, decls, loc } => self.variables(qual, ty, decls, *loc, global),
        }
    }

    /// Sizes the geometry shader's per-vertex inputs from `layout(triangles) in;`, and the
    /// tessellation control outputs from `layout(vertices = N) out;`.
    fn primitive_layout(&mut self, qual: &TypeQualifier) {
        for l in qual.layouts() {
            let n = match l.name.as_str() {
                "points" => 1,
                "lines" => 2,
                "lines_adjacency" => 4,
                "triangles" => 3,
                "triangles_adjacency" => 6,
                "vertices" => {
                    let v = l.value.as_ref().and_then(|e| self.expr(e).constant).and_then(|c| c.as_int());
                    if let (Some(v), true) = (v, self.options.stage == Stage::TessControl) {
                        if let Some(Symbol::Var(var)) = self.scopes[0].get_mut("gl_out") {
                            var.ty = Type::Array(Box::new(Type::Error), Some(v.max(1) as u32));
                        }
                    }
                    continue;
                }
                _ => continue,
            };
            if self.options.stage != Stage::Geometry || qual.storage() != Some(Storage::In) {
                continue;
            }
            if let Some(prev) = self.gs_input_vertices {
                if prev != n {
                    self.error(l.loc, "conflicting geometry shader input primitives");
                }
            }
            for (i, loc) in std::mem::take(&mut self.gs_unsized_indices) {
                if i >= n as i64 {
                    self.error(loc, format!("index {} of a geometry shader input is out of bounds for the input primitive ({} vertices)", i, n));
                }
            }
            for (k, loc) in self.gs_declared_sizes.clone() {
                if k != n {
                    self.error(loc, format!("geometry shader input size {} does not match the input primitive ({} vertices)", k, n));
                }
            }
            self.gs_input_vertices = Some(n);
            if let Some(Symbol::Var(var)) = self.scopes[0].get_mut("gl_in") {
                let elem = match &var.ty {
                    Type::Array(e, _) => (**e).clone(),
                    _ => Type::Error,
                };
                var.ty = Type::Array(Box::new(elem), Some(n));
            }
            // Unsized inputs declared before the layout take its size.
            for scope in self.scopes.iter_mut().take(2) {
                for sym in scope.values_mut() {
                    if let Symbol::Var(v) = sym {
                        if v.storage == Some(Storage::In) && !v.builtin {
                            if let Type::Array(e, None) = &v.ty {
                                v.ty = Type::Array(e.clone(), Some(n));
                            }
                        }
                    }
                }
            }
        }
    }

    fn qualifier_declaration(&mut self, qual: &TypeQualifier, names: &[(String, SourceLoc)], loc: SourceLoc) {
        let _ = loc;
        let invariant = qual.has(|q| matches!(q, QualItem::Invariant));
        for (n, l) in names {
            match self.lookup_var(n).map(|v| v.storage) {
                None => self.error(*l, format!("`{}' undeclared", n)),
                // Invariance is about how outputs are computed (GLSL 1.10 section 4.6.1):
                // uniforms, constants and temporaries have nothing to vary.
                Some(None | Some(Storage::Uniform | Storage::Const | Storage::Attribute | Storage::Buffer | Storage::Shared)) if invariant => {
                    self.error(*l, format!("`invariant' cannot apply to `{}', which is no shader output", n))
                }
                // GLSL 1.10 section 4.6.1: invariant comes before any use of the variable.
                Some(_) if invariant && self.interface.static_uses.contains(n) => {
                    self.error(*l, format!("`{}' cannot be declared invariant after it was used", n))
                }
                // The linker matches invariance between stages from the declaration.
                Some(_) if invariant => {
                    if n.starts_with("gl_") {
                        self.interface.invariant_builtins.insert(n.clone());
                    }
                    if let Some(g) = self.interface.globals.iter_mut().find(|g| g.name == *n && g.block.is_none()) {
                        if !g.qual.has(|q| matches!(q, QualItem::Invariant)) {
                            g.qual.items.push((QualItem::Invariant, *l));
                        }
                    }
                }
                Some(_) => {}
            }
        }
        if names.is_empty() {
            // `layout(...) in;` and friends: check the layout names only.
            self.check_qualifier_order(qual);
            self.check_layouts(qual, None);
            self.check_default_layout_names(qual, loc);
            self.record_block_defaults(qual);
            self.primitive_layout(qual);
            if self.options.stage == Stage::Geometry && qual.storage() == Some(Storage::Out) {
                if let Some(stream) = self.layout_constant(qual, "stream") {
                    self.default_out_stream = stream;
                }
            }
        } else if qual.has(|q| !matches!(q, QualItem::Invariant | QualItem::Precise)) {
            self.error(loc, "only `invariant' and `precise' may be applied to an existing variable");
        }
    }

    /// The layout names a `layout(...) in;` / `out;` / `uniform;` declaration may use.
    fn check_default_layout_names(&mut self, qual: &TypeQualifier, loc: SourceLoc) {
        let stage = self.options.stage;
        let allowed: &[&str] = match (qual.storage(), stage) {
            (Some(Storage::In), Stage::Geometry) => &["points", "lines", "lines_adjacency", "triangles", "triangles_adjacency", "invocations"],
            (Some(Storage::Out), Stage::Geometry) => &["points", "line_strip", "triangle_strip", "max_vertices", "stream", "xfb_buffer", "xfb_stride"],
            (Some(Storage::Out), Stage::TessControl) => &["vertices", "xfb_buffer", "xfb_stride"],
            (Some(Storage::In), Stage::TessEval) => &["triangles", "quads", "isolines", "equal_spacing", "fractional_even_spacing", "fractional_odd_spacing", "cw", "ccw", "point_mode"],
            (Some(Storage::In), Stage::Fragment) => &["early_fragment_tests", "post_depth_coverage", "pixel_interlock_ordered", "pixel_interlock_unordered", "sample_interlock_ordered", "sample_interlock_unordered"],
            (Some(Storage::Out), Stage::Fragment) => &["depth_any", "depth_greater", "depth_less", "depth_unchanged", "blend_support_all_equations"],
            (Some(Storage::In), Stage::Compute) => &["local_size_x", "local_size_y", "local_size_z", "local_size_variable"],
            (Some(Storage::Out), Stage::Vertex | Stage::TessEval) => &["xfb_buffer", "xfb_stride"],
            (Some(Storage::Uniform | Storage::Buffer), _) => &["std140", "std430", "shared", "packed", "row_major", "column_major"],
            _ => &[],
        };
        for l in qual.layouts() {
            if !allowed.contains(&l.name.as_str()) {
                self.error(l.loc, format!("layout qualifier `{}' is not allowed on a default `{}' declaration in a {} shader", l.name, match qual.storage() { Some(Storage::In) => "in", Some(Storage::Out) => "out", Some(Storage::Uniform) => "uniform", Some(Storage::Buffer) => "buffer", _ => "?" }, stage.name()));
                return;
            }
        }
        if !qual.has(|q| matches!(q, QualItem::Layout(_))) {
            self.error(loc, "declaration without a name or a layout");
        }
        // Within one qualifier the last value wins; across declarations they must agree.
        let mut here: Vec<(String, String, SourceLoc, String)> = Vec::new();
        for l in qual.layouts() {
            let key = format!("{:?}:{}", qual.storage(), match l.name.as_str() {
                "points" | "lines" | "lines_adjacency" | "triangles" | "triangles_adjacency" | "line_strip" | "triangle_strip" | "quads" | "isolines" => "primitive",
                other => other,
            });
            let value = match l.value.as_deref().map(|e| &e.kind) {
                Some(ExprKind::Int(v)) | Some(ExprKind::Uint(v)) => v.to_string(),
                _ => l.name.clone(),
            };
            if matches!(l.name.as_str(), "local_size_x" | "local_size_y" | "local_size_z" | "max_vertices" | "invocations" | "vertices")
                || key.ends_with(":primitive")
            {
                here.retain(|(k, ..)| *k != key);
                here.push((key, value, l.loc, l.name.clone()));
            }
        }
        for (key, value, loc, name) in here {
            match self.default_layouts.iter().find(|(k, _)| *k == key) {
                Some((_, v)) if *v != value => {
                    self.error(loc, format!("layout qualifier `{}' conflicts with an earlier declaration", name));
                }
                Some(_) => {}
                None => self.default_layouts.push((key, value)),
            }
        }
        if stage == Stage::Compute && qual.storage() == Some(Storage::In) {
            self.compute_local_size(qual);
        }
        if stage == Stage::TessControl && qual.storage() == Some(Storage::Out) {
            self.tcs_output_vertices(qual);
        }
        if stage == Stage::TessEval && qual.storage() == Some(Storage::In) && qual.layouts().any(|l| matches!(l.name.as_str(), "triangles" | "quads" | "isolines")) {
            self.interface.tess_primitive_mode = true;
        }
        if qual.storage() == Some(Storage::Out) {
            self.xfb_default(qual);
        }
        if stage == Stage::Geometry && qual.storage() == Some(Storage::Out) {
            for l in qual.layouts() {
                if l.name == "max_vertices" {
                    if let Some(v) = l.value.as_ref().and_then(|e| self.expr(e).constant).and_then(|c| c.as_int()) {
                        if v > 256 {
                            self.error(l.loc, "max_vertices exceeds gl_MaxGeometryOutputVertices");
                        }
                    }
                }
            }
        }
    }

    /// Inputs and outputs between stages with explicit locations may not overlap (GLSL 4.10
    /// section 4.4.1, ARB_separate_shader_objects); `component` lets them share.
    fn claim_varying_location(&mut self, qual: &TypeQualifier, ty: &Type, loc: SourceLoc) {
        let Some(storage) = qual.storage().filter(|s| matches!(s, Storage::In | Storage::Out)) else { return };
        let stage = self.options.stage;
        if (stage == Stage::Vertex && storage == Storage::In) || (stage == Stage::Fragment && storage == Storage::Out) || stage == Stage::Compute {
            return;
        }
        if qual.layouts().any(|l| l.name == "component") {
            return;
        }
        let Some(first) = qual.layouts().filter(|l| l.name == "location").last().and_then(|l| l.value.as_ref().and_then(|e| self.expr(e).constant)).and_then(|c| c.as_int()) else { return };
        if first < 0 || ty.is_error() {
            return;
        }
        // The outer dimension of per-vertex arrays is the vertex, not more locations.
        let per_vertex = !qual.has(|q| matches!(q, QualItem::Patch))
            && match (stage, storage) {
                (Stage::Geometry | Stage::TessControl | Stage::TessEval, Storage::In) => true,
                (Stage::TessControl, Storage::Out) => true,
                _ => false,
            };
        let ty = match (per_vertex, ty) {
            (true, Type::Array(e, _)) => &**e,
            _ => ty,
        };
        fn slots(t: &Type) -> u32 {
            match t {
                Type::Scalar(s) | Type::Vector(s, _) => {
                    if matches!(s, Scalar::Double | Scalar::Int64 | Scalar::Uint64) && t.components() > 2 { 2 } else { 1 }
                }
                Type::Matrix { cols, rows, double } => *cols as u32 * if *double && *rows > 2 { 2 } else { 1 },
                Type::Array(e, n) => slots(e) * n.unwrap_or(1),
                Type::Struct(s) | Type::Block(s) => s.members.iter().map(|(_, m)| slots(m)).sum(),
                _ => 1,
            }
        }
        let (start, end) = (first as u32, first as u32 + slots(ty));
        if self.varying_locations.iter().any(|(s, a, b)| *s == storage && start < *b && *a < end) {
            self.error(loc, format!("location {} overlaps another {} with an explicit location", first, if storage == Storage::In { "input" } else { "output" }));
            return;
        }
        self.varying_locations.push((storage, start, end));
    }

    /// `origin_upper_left` and `pixel_center_integer` (GLSL 1.50,
    /// ARB_fragment_coord_conventions) only redeclare gl_FragCoord: before any use, and
    /// every redeclaration with the same layout.
    fn check_frag_coord_layout(&mut self, qual: &TypeQualifier, name: &str, loc: SourceLoc) {
        let mut conv: Vec<&str> = qual.layouts().map(|l| l.name.as_str()).filter(|n| matches!(*n, "origin_upper_left" | "pixel_center_integer")).collect();
        if name != "gl_FragCoord" {
            if let Some(n) = conv.first() {
                self.error(loc, format!("`{}' applies only to gl_FragCoord", n));
            }
            return;
        }
        if self.frag_coord_layout.is_none() && self.interface.static_uses.contains("gl_FragCoord") {
            self.error(loc, "gl_FragCoord redeclared after its first use");
            return;
        }
        conv.sort();
        conv.dedup();
        let conv: Vec<String> = conv.into_iter().map(str::to_string).collect();
        match &self.frag_coord_layout {
            Some(prev) if *prev != conv => self.error(loc, "gl_FragCoord redeclared with different layout qualifiers"),
            Some(_) => {}
            None => self.frag_coord_layout = Some(conv),
        }
    }

    /// `layout(vertices = N) out;`: sizes gl_out and the unsized per-vertex outputs, and
    /// must agree with outputs declared with a size.
    fn tcs_output_vertices(&mut self, qual: &TypeQualifier) {
        let Some(l) = qual.layouts().filter(|l| l.name == "vertices").last().cloned() else { return };
        let Some(n) = l.value.as_ref().and_then(|e| self.expr(e).constant).and_then(|c| c.as_int()) else { return };
        if n <= 0 || self.tcs_vertices.is_some() {
            return;
        }
        let n = n as u32;
        self.tcs_vertices = Some(n);
        for (k, loc) in std::mem::take(&mut self.tcs_out_sizes) {
            if k != n {
                self.error(loc, format!("output size {} does not match the output patch ({} vertices)", k, n));
            }
        }
        for scope in self.scopes.iter_mut().take(2) {
            for (name, sym) in scope.iter_mut() {
                if let Symbol::Var(v) = sym {
                    let per_vertex = v.storage == Some(Storage::Out) && (name == "gl_out" || (!v.builtin && !v.qual.has(|q| matches!(q, QualItem::Patch))));
                    if per_vertex {
                        if let Type::Array(e, None) = &v.ty {
                            v.ty = Type::Array(e.clone(), Some(n));
                        }
                    }
                }
            }
        }
    }

    /// `layout(local_size_x = ..., local_size_variable) in;` of a compute shader: sizes
    /// must be positive, a fixed and a variable size exclude each other, and
    /// gl_WorkGroupSize takes the declared size.
    fn compute_local_size(&mut self, qual: &TypeQualifier) {
        let mut fixed = false;
        let mut size = self.local_size.unwrap_or([1, 1, 1]);
        for l in qual.layouts() {
            let axis = match l.name.as_str() {
                "local_size_x" => 0,
                "local_size_y" => 1,
                "local_size_z" => 2,
                "local_size_variable" => {
                    if !self.ext("GL_ARB_compute_variable_group_size") {
                        self.error(l.loc, "`local_size_variable' needs GL_ARB_compute_variable_group_size");
                    }
                    if self.local_size.is_some() {
                        self.error(l.loc, "a compute shader cannot declare both a fixed and a variable local size");
                    }
                    self.local_size_variable = true;
                    continue;
                }
                _ => continue,
            };
            fixed = true;
            let v = l.value.as_ref().and_then(|e| self.expr(e).constant).and_then(|c| c.as_int());
            match v {
                Some(v) if v > MAX_LOCAL_SIZE[axis] as i64 => {
                    self.error(l.loc, format!("`{}' exceeds GL_MAX_COMPUTE_WORK_GROUP_SIZE ({})", l.name, MAX_LOCAL_SIZE[axis]))
                }
                Some(v) if v > 0 => size[axis] = v as u32,
                Some(_) => self.error(l.loc, format!("`{}' must be greater than zero", l.name)),
                None => {}
            }
        }
        if !fixed {
            return;
        }
        if self.local_size_variable {
            self.error(qual.layouts().next().map_or(SourceLoc::default(), |l| l.loc), "a compute shader cannot declare both a fixed and a variable local size");
        }
        if size.iter().map(|c| *c as u64).product::<u64>() > MAX_LOCAL_INVOCATIONS {
            let loc = qual.layouts().next().map_or(SourceLoc::default(), |l| l.loc);
            self.error(loc, format!("the local size {size:?} exceeds GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS ({MAX_LOCAL_INVOCATIONS})"));
        }
        self.local_size = Some(size);
        if let Some(Symbol::Var(v)) = self.scopes[0].get_mut("gl_WorkGroupSize") {
            v.constant = Some(ConstValue { ty: v.ty.clone(), comps: size.iter().map(|c| constant::Lit::U(*c as u64)).collect() });
        }
    }

    pub(crate) fn check_storage_for_stage(&mut self, qual: &TypeQualifier, ty: &Type, loc: SourceLoc, global: bool, name: &str) {
        let stage = self.options.stage;
        let Some(storage) = qual.storage() else { return };
        // Several storage qualifiers need GLSL 4.20 / 420pack.
        let n_storage = qual.items.iter().filter(|(q, _)| matches!(q, QualItem::Storage(_))).count();
        if n_storage > 1 {
            self.error(loc, "multiple storage qualifiers");
        }
        if !global && !matches!(storage, Storage::Const) {
            self.error(loc, format!("`{:?}' qualifier is not allowed on local variables", storage).to_lowercase());
            return;
        }
        match storage {
            Storage::Attribute => {
                if stage != Stage::Vertex {
                    self.error(loc, "`attribute' is only allowed in vertex shaders");
                } else if self.es_at_least(300) {
                    self.error(loc, "`attribute' is not allowed in this version");
                } else if !ty.is_error() && (ty.scalar().is_none() || matches!(ty.scalar(), Some(Scalar::Bool)) || ty.is_array() || (ty.scalar().is_some_and(|s| s.is_integer()) && self.version() < 130 && !self.ext("GL_EXT_gpu_shader4"))) {
                    self.error(loc, format!("`attribute' cannot have type `{}'", ty));
                }
            }
            Storage::Varying => {
                if !matches!(stage, Stage::Vertex | Stage::Fragment) {
                    self.error(loc, "`varying' is only allowed in vertex and fragment shaders");
                } else if self.es_at_least(300) {
                    self.error(loc, "`varying' is not allowed in this version");
                } else if !ty.is_error() && (ty.scalar().is_none() || matches!(ty.scalar(), Some(Scalar::Bool)) || (ty.scalar().is_some_and(|s| s.is_integer()) && self.version() < 130 && !self.ext("GL_EXT_gpu_shader4"))) && !ty.is_array() {
                    self.error(loc, format!("`varying' cannot have type `{}'", ty));
                }
            }
            Storage::In | Storage::Out if stage == Stage::Compute => {
                self.error(loc, "compute shaders have no user-defined inputs or outputs");
            }
            Storage::In | Storage::Out => {
                // Before 1.30, `in'/`out' come with ARB_explicit_attrib_location or separate
                // shader objects (whose interfaces match by name or location), or redeclare
                // gl_FragCoord.
                let legacy_ok = self.ext("GL_ARB_explicit_attrib_location")
                    || self.ext("GL_ARB_separate_shader_objects")
                    || (name == "gl_FragCoord" && self.ext("GL_ARB_fragment_coord_conventions"));
                if !self.desktop_at_least(130) && !self.es_at_least(300) && !legacy_ok {
                    self.error(loc, format!("`{}' storage needs GLSL 1.30 or GLSL ES 3.00", if storage == Storage::In { "in" } else { "out" }));
                    return;
                }
                if matches!(ty.scalar(), Some(Scalar::Bool)) || matches!(ty, Type::Array(e, _) if e.scalar() == Some(Scalar::Bool)) {
                    self.error(loc, "shader inputs and outputs cannot be bool");
                }
                if ty.contains_opaque() {
                    self.error(loc, "shader inputs and outputs cannot be opaque");
                }
                // Structures became shader inputs and outputs in GLSL 1.50.
                let mut base = ty;
                while let Type::Array(e, _) = base {
                    base = e;
                }
                if matches!(base, Type::Struct(_)) && !self.is_es() && self.version() < 150 {
                    self.error(loc, "shader inputs and outputs cannot be structures before GLSL 1.50");
                }
                let is_in = storage == Storage::In;
                let mut elem = ty;
                while let Type::Array(e, _) = elem {
                    elem = e;
                }
                if stage == Stage::Vertex && is_in && elem.scalar() == Some(Scalar::Double) && !self.desktop_at_least(410) && !self.ext("GL_ARB_vertex_attrib_64bit") {
                    self.error(loc, "double-precision vertex inputs need GLSL 4.10 or GL_ARB_vertex_attrib_64bit");
                }
                if stage == Stage::Vertex && is_in && ty.is_array() && !self.is_es() && self.version() < 150 {
                    self.error(loc, "vertex shader inputs cannot be arrays before GLSL 1.50");
                }
                if stage == Stage::Vertex && is_in && (matches!(ty, Type::Struct(_)) || (ty.is_array() && self.is_es())) {
                    self.error(loc, "vertex shader inputs cannot be structs or arrays");
                }
                if stage == Stage::Fragment && !is_in {
                    if ty.is_matrix() || matches!(ty, Type::Struct(_)) || matches!(ty, Type::Array(e, _) if e.is_matrix()) {
                        self.error(loc, "fragment shader outputs cannot be matrices or structs");
                    }
                    if ty.scalar() == Some(Scalar::Double) {
                        self.error(loc, "fragment shader outputs cannot be double");
                    }
                }
                // Integer and double varyings must be flat.
                let needs_flat = (stage == Stage::Fragment && is_in) || (self.is_es() && stage == Stage::Vertex && !is_in);
                if needs_flat && !qual.has(|q| matches!(q, QualItem::Interpolation(Interpolation::Flat))) && self.contains_integer_or_double(ty) {
                    self.error(loc, "if a shader input or output is (or contains) an integer or double, it must be qualified with `flat'");
                }
            }
            Storage::Uniform => {}
            Storage::Buffer => {
                if !self.desktop_at_least(430) && !self.es_at_least(310) && !self.ext("GL_ARB_shader_storage_buffer_object") {
                    self.error(loc, "`buffer' needs GLSL 4.30 or GL_ARB_shader_storage_buffer_object");
                }
            }
            Storage::Shared => {
                if stage != Stage::Compute {
                    self.error(loc, "`shared' is only allowed in compute shaders");
                }
            }
            Storage::InOut => {
                self.error(loc, "`inout' is not a storage qualifier for global variables");
            }
            Storage::Const => {}
        }
        // Interpolation qualifiers only on inputs and outputs.
        for (q, l) in &qual.items {
            match q {
                QualItem::Interpolation(_) if storage == Storage::Varying && !self.ext("GL_EXT_gpu_shader4") => {
                    // GLSL 1.30: interpolation qualifiers go with `in' and `out'; only
                    // EXT_gpu_shader4 puts them on `varying'.
                    self.error(*l, "interpolation qualifiers cannot be used with `varying'");
                }
                QualItem::Interpolation(_) | QualItem::Centroid | QualItem::Sample => {
                    if !matches!(storage, Storage::In | Storage::Out | Storage::Varying) {
                        self.error(*l, "interpolation qualifiers apply only to shader inputs and outputs");
                    } else if stage == Stage::Vertex && storage == Storage::In {
                        self.error(*l, "vertex shader inputs cannot have interpolation qualifiers");
                    } else if stage == Stage::Fragment && storage == Storage::Out {
                        self.error(*l, "fragment shader outputs cannot have interpolation qualifiers");
                    }
                }
                QualItem::Invariant => {
                    let ok = match storage {
                        Storage::Out => true,
                        Storage::Varying => stage == Stage::Vertex || self.version() < 130 && !self.is_es(),
                        // GLSL 1.50 section 4.6.1: an output stays invariant as the next
                        // stage's input, which then says so too.
                        Storage::In => stage != Stage::Vertex && self.desktop_at_least(130),
                        _ => false,
                    };
                    if !ok {
                        self.error(*l, "`invariant' applies only to shader outputs");
                    }
                }
                _ => {}
            }
        }
    }

    /// Memory qualifiers belong to images (and buffers); an image's format qualifier must
    /// match its sampled type, and only write-only images may omit it.
    fn check_image_qualifiers(&mut self, qual: &TypeQualifier, ty: &Type, loc: SourceLoc) {
        let mut base = ty;
        while let Type::Array(e, _) = base {
            base = e;
        }
        let memory = qual.has(|q| matches!(q, QualItem::Memory(_)));
        if !base.is_image() {
            if memory && qual.storage() != Some(Storage::Buffer) {
                self.error(loc, "memory qualifiers may only be used on images and buffers");
            }
            return;
        }
        let format = qual.layouts().map(|l| l.name.as_str()).find(|n| image_format_kind(n).is_some()).map(str::to_string);
        let Type::Opaque(name) = base else { return };
        let kind = if name.starts_with("iimage") { 'i' } else if name.starts_with("uimage") { 'u' } else { 'f' };
        if let Some(f) = format.as_deref().filter(|_| self.is_es()) {
            // ESSL 3.10 has thirteen image formats; NV_image_formats adds the desktop
            // ones, its 16-bit normalized ones only where EXT_texture_norm16 exists.
            const ES_FORMATS: &[&str] = &[
                "rgba32f", "rgba16f", "r32f", "rgba8", "rgba8_snorm", "rgba32i", "rgba16i", "rgba8i", "r32i", "rgba32ui",
                "rgba16ui", "rgba8ui", "r32ui",
            ];
            let norm16 = matches!(f, "rgba16" | "rg16" | "r16" | "rgba16_snorm" | "rg16_snorm" | "r16_snorm");
            let allowed = ES_FORMATS.contains(&f)
                || (self.ext("GL_NV_image_formats") && (!norm16 || self.options.has_extension("GL_EXT_texture_norm16")));
            if !allowed {
                self.error(loc, format!("image format `{}' is not supported in GLSL ES {}", f, self.version()));
            }
        }
        match format {
            Some(f) if image_format_kind(&f) != Some(kind) => {
                self.error(loc, format!("image format `{}' does not match the image type `{}'", f, name));
            }
            None if !qual.has(|q| matches!(q, QualItem::Memory(m) if m == "writeonly")) && qual.storage() == Some(Storage::Uniform) => {
                self.error(loc, format!("image uniform of type `{}' needs a format layout qualifier", name));
            }
            _ => {}
        }
    }

    fn contains_integer_or_double(&self, ty: &Type) -> bool {
        match ty {
            Type::Array(e, _) => self.contains_integer_or_double(e),
            Type::Struct(s) | Type::Block(s) => s.members.iter().any(|(_, t)| self.contains_integer_or_double(t)),
            t => matches!(t.scalar(), Some(s) if s.is_integer() || s == Scalar::Double),
        }
    }

    fn variables(&mut self, qual: &TypeQualifier, ts: &TypeSpec, decls: &[Declarator], _loc: SourceLoc, global: bool) {
        let base = self.resolve_type(ts);
        if let TypeBase::Struct(_) = &ts.base {
            if decls.is_empty() && !qual.is_empty() && qual.storage().is_some() {
                // `uniform struct S {..};` without a name is legal but useless.
            }
        } else if decls.is_empty() {
            return; // `float;` is allowed and declares nothing.
        }
        self.check_qualifier_order(qual);
        self.check_interpolation_use(qual, _loc);
        if decls.is_empty() && qual.precision().is_some() {
            self.error(_loc, "precision qualifiers apply only to float, int and opaque types");
        }
        if !global && qual.has(|q| matches!(q, QualItem::Layout(_))) {
            self.error(_loc, "layout qualifiers are not allowed on local variables");
        }
        if storage_of(qual) == Some(Storage::Buffer) && !decls.is_empty() {
            self.error(_loc, "`buffer' variables must be declared in a shader storage block");
        }
        if qual.has(|q| matches!(q, QualItem::Subroutine(_))) {
            if storage_of(qual) != Some(Storage::Uniform) {
                self.error(_loc, "`subroutine' variables must be uniforms");
            } else if !matches!(&ts.base, TypeBase::Named(n) if self.subroutine_types.contains_key(n)) {
                self.error(_loc, "a subroutine uniform needs a subroutine type");
            } else if let Some(l) = qual.layouts().find(|l| l.name != "location") {
                let l = l.clone();
                self.error(l.loc, format!("layout qualifier `{}' is not allowed on a subroutine uniform", l.name));
            }
        }
        if !global && qual.has(|q| matches!(q, QualItem::Invariant)) {
            self.error(_loc, "`invariant' is not allowed on local variables");
        } else if qual.has(|q| matches!(q, QualItem::Invariant)) && storage_of(qual).is_none() {
            self.error(_loc, "`invariant' applies only to shader outputs");
        }
        let storage = qual.storage();
        for d in decls {
            let mut ty = self.apply_array(base.clone(), &d.array, d.loc);
            let tess_per_vertex = (self.options.stage == Stage::TessControl && matches!(storage, Some(Storage::In | Storage::Out)))
                || (self.options.stage == Stage::TessEval && storage == Some(Storage::In));
            if tess_per_vertex && global && !ty.is_array() && !qual.has(|q| matches!(q, QualItem::Patch)) {
                self.error(d.loc, format!("per-vertex {} shader variable `{}' must be an array", self.options.stage.name(), d.name));
            }
            if tess_per_vertex && global && !qual.has(|q| matches!(q, QualItem::Patch)) {
                if storage == Some(Storage::In) {
                    // Per-vertex inputs are gl_MaxPatchVertices long.
                    if let Type::Array(e, None) = &ty {
                        ty = Type::Array(e.clone(), Some(32));
                    }
                } else {
                    match (&ty, self.tcs_vertices) {
                        (Type::Array(e, None), Some(n)) => ty = Type::Array(e.clone(), Some(n)),
                        (Type::Array(_, Some(k)), Some(n)) if *k != n => {
                            self.error(d.loc, format!("output `{}' has size {} but the output patch has {} vertices", d.name, k, n));
                        }
                        (Type::Array(_, Some(k)), None) => self.tcs_out_sizes.push((*k, d.loc)),
                        _ => {}
                    }
                }
            }
            if self.options.stage == Stage::Geometry && storage == Some(Storage::In) {
                ty = self.gs_input_array(ty, &d.name, d.loc);
            }
            if d.init.is_none() {
                if let Type::Array(inner, _) = &ty {
                    let mut e = &**inner;
                    while let Type::Array(i, n) = e {
                        if n.is_none() {
                            self.error(d.loc, format!("only the outermost dimension of `{}' may be unsized", d.name));
                            break;
                        }
                        e = i;
                    }
                }
            }
            if ty == Type::Void || matches!(&ty, Type::Array(e, _) if **e == Type::Void) {
                self.error(d.loc, format!("`{}' cannot be declared void", d.name));
                continue;
            }
            self.check_frag_coord_layout(qual, &d.name, d.loc);
            // AMD/ARB_conservative_depth: the first redeclaration comes before any use.
            if d.name == "gl_FragDepth" && global && self.interface.static_uses.contains("gl_FragDepth") {
                self.error(d.loc, "gl_FragDepth redeclared after its first use");
            }
            self.check_storage_for_stage(qual, &ty, d.loc, global, &d.name);
            self.check_layouts(qual, Some(&ty));
            if storage == Some(Storage::Uniform) {
                self.check_binding_range(qual, &ty, d.loc);
            }
            if global && storage == Some(Storage::Out) {
                self.xfb_variable(qual, &ty, d.loc);
            }
            if global {
                self.claim_varying_location(qual, &ty, d.loc);
            }
            self.check_image_qualifiers(qual, &ty, d.loc);
            if !matches!(storage, Some(Storage::Uniform | Storage::Buffer)) {
                if let Some(l) = qual.layouts().find(|l| matches!(l.name.as_str(), "std140" | "std430" | "shared" | "packed" | "row_major" | "column_major" | "binding")) {
                    let l = l.clone();
                    self.error(l.loc, format!("layout qualifier `{}' only applies to uniforms and buffers", l.name));
                }
            }
            self.check_precision_known(&ty, qual, d.loc);
            if ty.contains_opaque() && !matches!(storage, Some(Storage::Uniform)) && !ty.is_error() && !matches!(ty, Type::Opaque(ref n) if self.functions.contains_key(&**n)) {
                if global || self.is_es() || storage.is_some() {
                    self.error(d.loc, format!("opaque variable `{}' must be a uniform", d.name));
                }
            }
            let mut constant = None;
            if let Some(init) = &d.init {
                if matches!(storage, Some(Storage::Uniform)) && (self.is_es() || self.version() < 120) {
                    self.error(init.loc(), "uniform initializers need GLSL 1.20");
                }
                if matches!(storage, Some(Storage::In | Storage::Out | Storage::Attribute | Storage::Varying | Storage::Buffer | Storage::Shared)) {
                    self.error(init.loc(), "shader inputs and outputs cannot be initialized");
                }
                if ty.contains_opaque() {
                    self.error(init.loc(), "opaque variables cannot be initialized");
                }
                let (ity, c) = self.initializer(init, &ty);
                let final_ty = match (&ty, &ity) {
                    (Type::Array(e, None), Type::Array(_, Some(n))) => Type::Array(e.clone(), Some(*n)),
                    _ => ty.clone(),
                };
                if storage == Some(Storage::Const) {
                    if c.is_none() && !ity.is_error() {
                        if self.desktop_at_least(420) || self.ext("GL_ARB_shading_language_420pack") {
                            // 4.20 allows non-constant initializers for local consts.
                            if global {
                                self.error(init.loc(), "initializer of global `const' must be a constant expression");
                            }
                        } else {
                            self.error(init.loc(), "initializer of `const' variable must be a constant expression");
                        }
                    }
                    constant = c.map(|mut c| {
                        c.ty = final_ty.clone();
                        c
                    });
                } else if global && storage == Some(Storage::Uniform) {
                    if let Some(mut c) = c {
                        c.ty = final_ty.clone();
                        self.interface.uniform_initializers.insert(d.name.to_string(), c);
                    }
                } else if global && storage.is_none() && self.is_es() {
                    // ESSL requires constant global initializers.
                    if c.is_none() && !ity.is_error() {
                        self.error(init.loc(), "global initializers must be constant expressions");
                    }
                }
                self.declare_var(&d.name, d.loc, Variable { ty: final_ty.clone(), storage, constant, read_only: storage == Some(Storage::Const), builtin: false, qual: qual.clone() });
                self.record_global(global, &d.name, &final_ty, storage, qual, d.loc);
                continue;
            }
            if storage == Some(Storage::Const) {
                self.error(d.loc, format!("const `{}' must be initialized", d.name));
            }
            // ESSL has no implicitly sized arrays: only stage inputs and outputs take
            // their size from the primitive or patch.
            if self.is_es() && matches!(ty, Type::Array(_, None)) && !matches!(storage, Some(Storage::In | Storage::Out)) {
                self.error(d.loc, format!("array `{}' needs a size or an initializer in GLSL ES", d.name));
            }
            let read_only = matches!(storage, Some(Storage::Const | Storage::Uniform | Storage::In | Storage::Attribute))
                || (storage == Some(Storage::Varying) && self.options.stage == Stage::Fragment);
            self.declare_var(&d.name, d.loc, Variable { ty: ty.clone(), storage, constant: None, read_only, builtin: false, qual: qual.clone() });
            self.record_global(global, &d.name, &ty, storage, qual, d.loc);
        }
    }

    fn record_global(&mut self, global: bool, name: &str, ty: &Type, storage: Option<Storage>, qual: &TypeQualifier, loc: SourceLoc) {
        if let (true, Some(storage)) = (global, storage) {
            if storage != Storage::Const {
                let precision = self.effective_precision(ty, qual);
                self.interface.globals.push(GlobalVar { name: name.into(), ty: ty.clone(), storage, qual: qual.clone(), loc, block: None, member_layout: Default::default(), precision });
            }
        }
    }

    /// The precision a declaration of `ty` with `qual` has in ESSL (see [`GlobalVar::precision`]).
    fn effective_precision(&self, ty: &Type, qual: &TypeQualifier) -> Option<Precision> {
        if !self.is_es() || !default_precision::takes_precision(ty) {
            return None;
        }
        qual.precision().or_else(|| self.default_precisions.last().expect("never empty").of(ty))
    }

    /// ESSL needs a precision for every float; no language gives one to bools or structs.
    fn check_precision_known(&mut self, ty: &Type, qual: &TypeQualifier, loc: SourceLoc) {
        let mut t = ty;
        while let Type::Array(e, _) = t {
            t = e;
        }
        if qual.precision().is_some() {
            if t.scalar().is_some_and(|s| s == Scalar::Bool) || matches!(t, Type::Struct(_)) {
                self.error(loc, "precision qualifiers apply only to float, int and opaque types");
            }
            return;
        }
        if !self.is_es() {
            return;
        }
        if t.scalar().is_some_and(|s| s == Scalar::Float) && self.default_precisions.last().expect("never empty").float().is_none() {
            self.error(loc, "no precision specified in this scope for type `float'");
        }
    }

    /// One interpolation qualifier at most, and only beside a storage qualifier
    /// (a local `smooth float x` is an error).
    fn check_interpolation_use(&mut self, qual: &TypeQualifier, loc: SourceLoc) {
        if let Some((_, l)) = qual.items.iter().filter(|(q, _)| matches!(q, QualItem::Interpolation(_))).nth(1) {
            self.error(*l, "at most one interpolation qualifier is allowed");
            return;
        }
        // GLSL 4.20 section 4.3: at most one auxiliary storage qualifier.
        if let Some((_, l)) = qual.items.iter().filter(|(q, _)| matches!(q, QualItem::Centroid | QualItem::Sample | QualItem::Patch)).nth(1) {
            self.error(*l, "at most one of `centroid', `sample' and `patch' is allowed");
            return;
        }
        let interpolated = qual.has(|q| matches!(q, QualItem::Interpolation(_) | QualItem::Centroid | QualItem::Sample));
        if interpolated && qual.storage().is_none() {
            self.error(loc, "interpolation qualifiers apply only to shader inputs and outputs");
        }
    }

    /// GLSL before 4.20 fixes the order: invariant, interpolation, storage, precision.
    fn check_qualifier_order(&mut self, qual: &TypeQualifier) {
        let layouts = qual.items.iter().filter(|(q, _)| matches!(q, QualItem::Layout(_))).count();
        let repeat_ok = self.desktop_at_least(420) || self.ext("GL_ARB_shading_language_420pack") || self.es_at_least(310) || self.ext("GL_ARB_enhanced_layouts");
        if layouts > 1 && !repeat_ok {
            if let Some((_, l)) = qual.items.iter().filter(|(q, _)| matches!(q, QualItem::Layout(_))).nth(1) {
                self.error(*l, "multiple layout qualifiers in one declaration need GLSL 4.20 or GL_ARB_shading_language_420pack");
            }
        }
        // GLSL 4.20 section 4.7: "The layout qualifier is the only qualifier that can
        // appear more than once." (Memory qualifiers combine and are left to their rules.)
        let repeatable = |q: &QualItem| matches!(q, QualItem::Layout(_) | QualItem::Memory(_));
        let repeated = qual.items.iter().enumerate().find(|(i, (q, _))| {
            !repeatable(q) && qual.items[..*i].iter().any(|(p, _)| std::mem::discriminant(p) == std::mem::discriminant(q) && format!("{p:?}") == format!("{q:?}"))
        });
        if let Some((_, (_, l))) = repeated {
            self.error(*l, "a qualifier appears more than once (only `layout' may be repeated)");
            return;
        }
        if self.desktop_at_least(420) || self.ext("GL_ARB_shading_language_420pack") || self.es_at_least(310) {
            return;
        }
        // Memory qualifiers (GL_ARB_shader_image_load_store) take no part in the order:
        // `readonly layout(rgba32f) uniform image2D` is as good as any other.
        let rank = |q: &QualItem| match q {
            QualItem::Precise => Some(0),
            QualItem::Invariant => Some(1),
            QualItem::Interpolation(_) => Some(2),
            QualItem::Layout(_) => Some(2),
            QualItem::Centroid | QualItem::Sample | QualItem::Patch => Some(3),
            QualItem::Storage(_) => Some(4),
            QualItem::Subroutine(_) => Some(4),
            QualItem::Precision(_) => Some(5),
            QualItem::Memory(_) => None,
        };
        let mut last = 0;
        for (q, l) in &qual.items {
            let Some(r) = rank(q) else { continue };
            if r < last {
                self.error(*l, "qualifiers are in the wrong order (GLSL before 4.20 requires invariant, interpolation, storage, precision)");
                return;
            }
            last = r;
        }
    }

    pub(crate) fn check_layouts(&mut self, qual: &TypeQualifier, ty: Option<&Type>) {
        let layouts: Vec<LayoutItem> = qual.layouts().cloned().collect();
        if layouts.is_empty() {
            return;
        }
        self.check_component(qual, ty);
        if let Some(t) = ty {
            if let Some(l) = layouts.iter().find(|l| l.name == "early_fragment_tests") {
                self.error(l.loc, "`early_fragment_tests' applies only to `layout(early_fragment_tests) in;' in a fragment shader");
            } else if let Some(l) = layouts.iter().find(|l| {
                let name = l.name.to_ascii_lowercase();
                !VARIABLE_LAYOUTS.contains(&name.as_str()) && image_format_kind(&name).is_none()
            }) {
                // Primitive, vertex-count and work-group layouts belong to the bare
                // `in'/`out' of a stage (GLSL 1.50 section 4.3.8); other names are unknown.
                self.error(l.loc, format!("layout qualifier `{}' is not allowed on a variable declaration", l.name));
            }
            let mut base = t;
            while let Type::Array(e, _) = base {
                base = e;
            }
            if let Some(l) = layouts.iter().find(|l| image_format_kind(&l.name).is_some()) {
                if !base.is_error() && !matches!(base, Type::Opaque(n) if n.contains("image")) {
                    self.error(l.loc, format!("image format `{}' applies only to images", l.name));
                }
            }
        }
        // Repeating a name inside one layout(...) came with GLSL 4.40 / ARB_enhanced_layouts.
        if !self.is_es() && !self.desktop_at_least(440) && !self.ext("GL_ARB_enhanced_layouts") {
            for (item, _) in &qual.items {
                let QualItem::Layout(group) = item else { continue };
                if let Some((i, l)) = group.iter().enumerate().find(|(i, l)| group[..*i].iter().any(|p| p.name.eq_ignore_ascii_case(&l.name))) {
                    let _ = i;
                    self.error(l.loc, format!("layout qualifier `{}' repeated in one layout (needs GLSL 4.40 or GL_ARB_enhanced_layouts)", l.name));
                    break;
                }
            }
        }
        let ok_version = self.desktop_at_least(140) || self.es_at_least(300) || self.s.enabled_extensions.iter().any(|e| {
            matches!(e.as_str(), "GL_ARB_explicit_attrib_location" | "GL_ARB_uniform_buffer_object" | "GL_ARB_fragment_coord_conventions" | "GL_ARB_conservative_depth" | "GL_AMD_conservative_depth" | "GL_ARB_separate_shader_objects" | "GL_ARB_shading_language_420pack" | "GL_ARB_enhanced_layouts" | "GL_ARB_explicit_uniform_location" | "GL_ARB_shader_atomic_counters" | "GL_ARB_shader_image_load_store" | "GL_ARB_compute_shader" | "GL_ARB_tessellation_shader" | "GL_ARB_geometry_shader4" | "GL_ARB_gpu_shader5" | "GL_ARB_shader_storage_buffer_object" | "GL_ARB_cull_distance" | "GL_ARB_shader_subroutine" | "GL_ARB_viewport_array")
        });
        if !ok_version {
            self.error(layouts[0].loc, "layout qualifiers need GLSL 1.40, GLSL ES 3.00 or an extension");
        }
        let expressions_ok = self.desktop_at_least(440) || self.es_at_least(310) || self.ext("GL_ARB_enhanced_layouts");
        for l in &layouts {
            if let Some(v) = &l.value {
                if !expressions_ok && !matches!(v.kind, ExprKind::Int(_) | ExprKind::Uint(_)) {
                    self.error(l.loc, format!("layout qualifier `{}' needs an integer literal before GLSL 4.40", l.name));
                    continue;
                }
                let r = self.expr(v);
                if !r.ty.is_error() {
                    match r.constant.as_ref().and_then(|c| c.as_int()) {
                        Some(n) if n < 0 && !matches!(l.name.as_str(), "xfb_offset") => {
                            self.error(l.loc, format!("layout qualifier `{}' cannot be negative", l.name))
                        }
                        Some(_) => {}
                        None => self.error(l.loc, format!("layout qualifier `{}' needs a constant integer", l.name)),
                    }
                }
            }
            let name = l.name.to_ascii_lowercase();
            let needs_value = matches!(name.as_str(), "location" | "binding" | "offset" | "index" | "component" | "align" | "xfb_buffer" | "xfb_offset" | "xfb_stride" | "stream" | "max_vertices" | "invocations" | "vertices" | "local_size_x" | "local_size_y" | "local_size_z");
            if needs_value && l.value.is_none() {
                self.error(l.loc, format!("layout qualifier `{}' needs a value", l.name));
            }
            // GL_MAX_VERTEX_STREAMS is 4 and GL_MAX_GEOMETRY_SHADER_INVOCATIONS 32.
            if matches!(name.as_str(), "stream" | "invocations") {
                let limit = if name == "stream" { 3 } else { 32 };
                if let Some(v) = l.value.as_ref().and_then(|e| self.expr(e).constant).and_then(|c| c.as_int()) {
                    if v > limit {
                        self.error(l.loc, format!("layout qualifier `{}' = {} exceeds the implementation's limit of {}", l.name, v, limit));
                    }
                }
            }
            // GLSL ES has no `component' layout, and `index' only with EXT_blend_func_extended
            // (OES_shader_io_blocks lists both among what ES leaves out).
            if self.is_es() && name == "component" {
                self.error(l.loc, "layout qualifier `component' is not part of GLSL ES");
            }
            if self.is_es() && name == "index" && ty.is_some() && !self.ext("GL_EXT_blend_func_extended") {
                self.error(l.loc, "layout qualifier `index' needs GL_EXT_blend_func_extended in GLSL ES");
            }
            if name == "location" && matches!(qual.storage(), Some(Storage::Attribute | Storage::Varying)) {
                self.error(l.loc, "`location' applies to `in' and `out' variables, not `attribute' or `varying'");
            }
            if name == "index" && ty.is_some() && !qual.has(|q| matches!(q, QualItem::Subroutine(_))) {
                if !layouts.iter().any(|l| l.name == "location") {
                    self.error(l.loc, "`index' needs an explicit `location'");
                } else if let Some(v) = l.value.as_ref().and_then(|e| self.expr(e).constant).and_then(|c| c.as_int()) {
                    if !(0..=1).contains(&v) {
                        self.error(l.loc, format!("`index' {} must be 0 or 1", v));
                    }
                }
            }
            if name == "location" {
                let explicit = self.desktop_at_least(330) || self.es_at_least(300) || self.ext("GL_ARB_explicit_attrib_location") || self.ext("GL_ARB_separate_shader_objects") || self.ext("GL_ARB_explicit_uniform_location");
                if !explicit {
                    self.error(l.loc, "explicit locations need GLSL 3.30 or GL_ARB_explicit_attrib_location");
                }
                // Locations on varyings need separate shader objects (GLSL 4.10, ESSL 3.10).
                let stage = self.options.stage;
                let varying = match qual.storage() {
                    Some(Storage::In) => stage != Stage::Vertex,
                    Some(Storage::Out) => stage != Stage::Fragment,
                    _ => false,
                };
                let sso = self.desktop_at_least(410) || self.es_at_least(310) || self.ext("GL_ARB_separate_shader_objects") || self.ext("GL_EXT_separate_shader_objects");
                if varying && !sso {
                    self.error(l.loc, "explicit locations on shader inputs and outputs between stages need GLSL 4.10 or GL_ARB_separate_shader_objects");
                }
                if matches!(qual.storage(), Some(Storage::Uniform)) && !(self.desktop_at_least(430) || self.es_at_least(310) || self.ext("GL_ARB_explicit_uniform_location")) {
                    self.error(l.loc, "uniform locations need GLSL 4.30 or GL_ARB_explicit_uniform_location");
                }
            }
        }
    }

    /// `component` (GLSL 4.40, ARB_enhanced_layouts): with a location, on scalars and
    /// vectors (or arrays of them) that fit in the four components of a location; a
    /// double takes two components and must start at 0 or 2; never on a block.
    fn check_component(&mut self, qual: &TypeQualifier, ty: Option<&Type>) {
        let Some(l) = qual.layouts().filter(|l| l.name == "component").last().cloned() else { return };
        if !qual.layouts().any(|l| l.name == "location") {
            self.error(l.loc, "`component' needs an explicit `location'");
            return;
        }
        let Some(ty) = ty else {
            self.error(l.loc, "`component' cannot apply to a block");
            return;
        };
        let Some(c) = l.value.as_ref().and_then(|e| self.expr(e).constant).and_then(|c| c.as_int()) else { return };
        let mut elem = ty;
        while let Type::Array(e, _) = elem {
            elem = e;
        }
        if elem.is_error() {
            return;
        }
        if !(elem.is_scalar() || elem.is_vector()) {
            self.error(l.loc, format!("`component' cannot apply to `{}'", elem));
            return;
        }
        let double = matches!(elem.scalar(), Some(Scalar::Double | Scalar::Int64 | Scalar::Uint64));
        let width = elem.vector_size() as i64 * if double { 2 } else { 1 };
        if double && elem.vector_size() > 2 {
            self.error(l.loc, format!("`component' cannot apply to `{}'", elem));
        } else if !(0..4).contains(&c) {
            self.error(l.loc, format!("component {} is out of range", c));
        } else if double && c % 2 != 0 {
            self.error(l.loc, "a double-precision value must start at component 0 or 2");
        } else if c + width > 4 {
            self.error(l.loc, format!("`{}' does not fit in a location from component {}", elem, c));
        }
    }

    /// A fragment shader writes gl_FragColor, gl_FragData or its own outputs: never two
    /// of these kinds (GLSL 1.10 section 7.2, GLSL 1.30 section 4.3.4).
    fn check_fragment_outputs(&mut self) {
        if self.options.stage != Stage::Fragment {
            return;
        }
        let uses = &self.interface.static_uses;
        let color = uses.contains("gl_FragColor");
        let data = uses.contains("gl_FragData");
        let user = self.interface.globals.iter().find(|g| g.storage == Storage::Out && uses.contains(&g.name)).map(|g| g.name.clone());
        if color && data {
            self.error(SourceLoc::default(), "a fragment shader cannot write both gl_FragColor and gl_FragData");
        } else if let (true, Some(u)) = (color || data, user) {
            self.error(SourceLoc::default(), format!("a fragment shader cannot write both `{}' and {}", u, if color { "gl_FragColor" } else { "gl_FragData" }));
        }
        self.check_secondary_fragment_outputs(color, data);
    }

    /// ESSL 1.00's second blend colours (EXT_blend_func_extended) pair with the primary
    /// output of the same form: gl_SecondaryFragColorEXT with gl_FragColor,
    /// gl_SecondaryFragDataEXT with gl_FragData, and never both.
    fn check_secondary_fragment_outputs(&mut self, color: bool, data: bool) {
        let uses = &self.interface.static_uses;
        let secondary_color = uses.contains("gl_SecondaryFragColorEXT");
        let secondary_data = uses.contains("gl_SecondaryFragDataEXT");
        if secondary_color && secondary_data {
            self.error(SourceLoc::default(), "a fragment shader cannot write both gl_SecondaryFragColorEXT and gl_SecondaryFragDataEXT");
        } else if secondary_color && data {
            self.error(SourceLoc::default(), "a fragment shader cannot write both gl_SecondaryFragColorEXT and gl_FragData");
        } else if secondary_data && color {
            self.error(SourceLoc::default(), "a fragment shader cannot write both gl_SecondaryFragDataEXT and gl_FragColor");
        }
    }

    /// A geometry shader input array: sized by the input layout when it came first, and
    /// every explicit size must agree with the layout and with the other inputs.
    fn gs_input_array(&mut self, ty: Type, name: &str, loc: SourceLoc) -> Type {
        let ty = match (&ty, self.gs_input_vertices) {
            (Type::Array(e, None), Some(n)) => Type::Array(e.clone(), Some(n)),
            (Type::Array(_, Some(k)), Some(n)) if *k != n => {
                self.error(loc, format!("geometry shader input `{}' has size {} but the input primitive has {} vertices", name, k, n));
                return ty;
            }
            (Type::Array(..), _) => ty,
            _ => {
                self.error(loc, format!("geometry shader input `{}' must be an array", name));
                return ty;
            }
        };
        if let Type::Array(_, Some(k)) = &ty {
            if let Some((first, _)) = self.gs_declared_sizes.first().copied() {
                if first != *k {
                    self.error(loc, format!("geometry shader input `{}' has size {} but an earlier input has size {}", name, k, first));
                }
            }
            self.gs_declared_sizes.push((*k, loc));
        }
        ty
    }

    /// A redeclared gl_PerVertex block (GLSL 1.50 section 7.1, 4.10 with separate shader
    /// objects): built-in members only, once per storage, before any of its members is
    /// used or redeclared alone; an input block is `gl_in[]`, an output block has no
    /// instance name (`gl_out[]` in a tessellation control shader); members left out stop
    /// existing.
    fn redeclare_per_vertex(&mut self, b: &InterfaceBlock, storage: Storage, members: &[(String, Type)]) {
        for (n, _) in members {
            // gl_Layer, gl_ViewportIndex and gl_ViewportMask join the block where an
            // extension makes them outputs of the stage.
            let extension_member = matches!(n.as_str(), "gl_Layer" | "gl_ViewportIndex" | "gl_ViewportMask")
                && storage == Storage::Out
                && self.lookup_var(n).is_some_and(|v| v.builtin && v.storage == Some(Storage::Out));
            if !PER_VERTEX_MEMBERS.contains(&n.as_str()) && !extension_member {
                self.error(b.loc, format!("`{}' is not a member of the built-in gl_PerVertex block", n));
                return;
            }
        }
        // gl_MaxClipDistances and gl_MaxCullDistances bound the distance arrays.
        for (n, ty) in members {
            if matches!(n.as_str(), "gl_ClipDistance" | "gl_CullDistance") && matches!(ty, Type::Array(_, Some(len)) if *len > 8) {
                self.error(b.loc, format!("`{}' redeclared larger than the implementation allows", n));
                return;
            }
        }
        let stage = self.options.stage;
        let arrayed_name = match (storage, stage) {
            (Storage::In, Stage::Geometry | Stage::TessControl | Stage::TessEval) => Some("gl_in"),
            (Storage::Out, Stage::TessControl) => Some("gl_out"),
            (Storage::Out, Stage::Vertex | Stage::Geometry | Stage::TessEval) => None,
            _ => {
                self.error(b.loc, format!("gl_PerVertex cannot be redeclared as `{}' in a {} shader", if storage == Storage::In { "in" } else { "out" }, stage.name()));
                return;
            }
        };
        match (&b.instance, arrayed_name) {
            (Some((inst, dims, loc)), Some(want)) => {
                if inst != want {
                    self.error(*loc, format!("a redeclared gl_PerVertex must be named `{}'", want));
                    return;
                }
                if dims.len() != 1 {
                    self.error(*loc, format!("`{}' must be a one-dimensional array", want));
                    return;
                }
            }
            (None, Some(want)) => {
                self.error(b.loc, format!("a redeclared gl_PerVertex must be named `{}'", want));
                return;
            }
            (Some((_, _, loc)), None) => {
                self.error(*loc, "an output gl_PerVertex redeclaration takes no instance name");
                return;
            }
            (None, None) => {}
        }
        if self.pervertex_redeclared.contains(&storage) {
            self.error(b.loc, "gl_PerVertex redeclared more than once");
            return;
        }
        self.pervertex_redeclared.push(storage);
        let used: Vec<&str> = match arrayed_name {
            Some(n) => vec![n],
            None => PER_VERTEX_MEMBERS.to_vec(),
        };
        if let Some(u) = used.iter().find(|u| self.interface.static_uses.contains(**u)) {
            self.error(b.loc, format!("gl_PerVertex redeclared after `{}' was used", u));
            return;
        }
        if storage == Storage::In {
            // gl_in's elements now have exactly the listed members.
            self.next_struct_id += 1;
            let st = Arc::new(StructType::new("gl_PerVertex", members.to_vec(), self.next_struct_id));
            if let Some(Symbol::Var(var)) = self.scopes[0].get_mut("gl_in") {
                let n = match &var.ty {
                    Type::Array(_, n) => *n,
                    _ => None,
                };
                var.ty = Type::Array(Box::new(Type::Block(st)), n);
            }
        }
        if storage == Storage::Out && arrayed_name.is_none() {
            if let Some(m) = self.pervertex_members_redeclared.first().cloned() {
                self.error(b.loc, format!("gl_PerVertex redeclared after `{}' was redeclared", m));
                return;
            }
            for n in PER_VERTEX_MEMBERS {
                if !members.iter().any(|(m, _)| m == n) {
                    if let Some(Symbol::Var(v)) = self.scopes[0].get(*n) {
                        if v.storage == Some(Storage::Out) {
                            self.scopes[0].remove(*n);
                        }
                    }
                }
            }
            // Listed members take the listed types (gl_ClipDistance gets its size).
            for (m, ty) in members {
                if let Some(Symbol::Var(v)) = self.scopes[0].get_mut(m.as_str()) {
                    if v.storage == Some(Storage::Out) && matches!((&v.ty, ty), (Type::Array(_, None), Type::Array(_, Some(_)))) {
                        v.ty = ty.clone();
                    }
                }
            }
        }
    }

    /// `offset` and `align` (ARB_enhanced_layouts): only in std140/std430 blocks, aligned,
    /// increasing, and `align` a power of two.
    fn check_block_offsets(&mut self, b: &InterfaceBlock) {
        let layout_of = |q: &TypeQualifier| q.layouts().find(|l| matches!(l.name.as_str(), "std140" | "std430" | "shared" | "packed")).map(|l| l.name.clone());
        let block_layout = layout_of(&b.qual).unwrap_or_else(|| "shared".into());
        if block_layout == "std430" && b.qual.storage() == Some(Storage::Uniform) {
            self.error(b.loc, "std430 applies only to shader storage blocks");
        }
        let explicit = |q: &TypeQualifier, name: &str| q.layouts().find(|l| l.name == name).map(|l| (l.loc, l.value.as_ref().and_then(|v| match v.kind {
            ExprKind::Int(n) | ExprKind::Uint(n) => Some(n as i64),
            _ => None,
        })));
        let std = if block_layout == "std430" { crate::layout::BlockLayout::Std430 } else { crate::layout::BlockLayout::Std140 };
        let block_align = explicit(&b.qual, "align");
        if let Some((loc, a)) = block_align {
            // A block without its own packing may take std140 from `layout(std140) uniform;'.
            if matches!(layout_of(&b.qual).as_deref(), Some("shared" | "packed")) {
                self.error(loc, "`align' needs a std140 or std430 block");
                return;
            }
            if a.is_some_and(|a| a <= 0 || (a & (a - 1)) != 0) {
                self.error(loc, "`align' must be a power of two");
            }
        }
        let mut next = 0u32;
        for m in &b.members {
            let offset = explicit(&m.qual, "offset");
            // A block's `align' is every member's that names none of its own.
            let own_align = explicit(&m.qual, "align");
            let align = own_align.or(block_align);
            if (offset.is_some() || own_align.is_some()) && !matches!(block_layout.as_str(), "std140" | "std430") {
                let loc = offset.or(own_align).map(|(l, _)| l).unwrap_or(m.loc);
                self.error(loc, "`offset' and `align' need a std140 or std430 block");
                continue;
            }
            let ty = self.resolve_type_quiet(&m.ty);
            let Some(ty) = ty else { continue };
            for (_, dims, l) in &m.names {
                let t = if dims.is_empty() { ty.clone() } else { Type::Array(Box::new(ty.clone()), Some(1)) };
                let base_align = crate::layout::alignment(&t, std);
                let mut at = next.div_ceil(base_align) * base_align;
                if let Some((loc, Some(a))) = align {
                    if a <= 0 || (a & (a - 1)) != 0 {
                        self.error(loc, "`align' must be a power of two");
                    } else {
                        at = at.div_ceil(a as u32) * a as u32;
                    }
                }
                if let Some((loc, Some(o))) = offset {
                    if o < 0 || (o as u32) % base_align != 0 {
                        self.error(loc, "`offset' is not a multiple of the member's alignment");
                    } else if (o as u32) < next {
                        self.error(loc, "`offset' overlaps the previous member");
                    } else {
                        at = o as u32;
                        // An explicit offset is still rounded up to the member's `align'.
                        if let Some((_, Some(a))) = align.filter(|(_, a)| a.is_some_and(|a| a > 0 && (a & (a - 1)) == 0)) {
                            at = at.div_ceil(a as u32) * a as u32;
                        }
                    }
                }
                let _ = l;
                next = at + crate::layout::size(&t, std);
            }
        }
    }

    /// A type specifier's type when it names a built-in or known struct, without errors.
    fn resolve_type_quiet(&self, ts: &TypeSpec) -> Option<Type> {
        if !ts.array.is_empty() {
            return None;
        }
        match &ts.base {
            TypeBase::Named(n) => Type::from_builtin_name(n).or_else(|| self.lookup_struct(n).map(Type::Struct)),
            TypeBase::Struct(_) => None,
        }
    }

    fn interface_block(&mut self, b: &InterfaceBlock, global: bool) {
        if !global {
            self.error(b.loc, "interface blocks must be declared at global scope");
            return;
        }
        let with_defaults;
        let b = if matches!(b.qual.storage(), Some(Storage::Uniform | Storage::Buffer)) {
            with_defaults = self.with_block_defaults(b);
            &with_defaults
        } else {
            b
        };
        let storage = b.qual.storage();
        match storage {
            Some(Storage::Uniform) => {
                if !self.desktop_at_least(140) && !self.es_at_least(300) && !self.ext("GL_ARB_uniform_buffer_object") {
                    self.error(b.loc, "uniform blocks need GLSL 1.40, GLSL ES 3.00 or GL_ARB_uniform_buffer_object");
                }
            }
            Some(Storage::Buffer) => {}
            Some(Storage::In | Storage::Out) => {
                let io_blocks = self.desktop_at_least(150) || self.es_at_least(320) || self.ext("GL_OES_shader_io_blocks") || self.ext("GL_EXT_shader_io_blocks");
                if !io_blocks {
                    self.error(b.loc, "input and output blocks need GLSL 1.50 or GL_OES_shader_io_blocks");
                }
                if self.options.stage == Stage::Vertex && storage == Some(Storage::In) {
                    self.error(b.loc, "vertex shader input blocks are not allowed");
                }
                if self.options.stage == Stage::Fragment && storage == Some(Storage::Out) {
                    self.error(b.loc, "fragment shader output blocks are not allowed");
                }
            }
            _ => {
                self.error(b.loc, "interface blocks must be `uniform', `buffer', `in' or `out'");
                return;
            }
        }
        self.check_layouts(&b.qual, None);
        self.check_block_offsets(b);
        let mut members = Vec::new();
        let mut member_of: Vec<(usize, Type)> = Vec::new();
        let memory_block = matches!(storage, Some(Storage::Uniform | Storage::Buffer));
        let mut member_layouts = Vec::new();
        for (mi, m) in b.members.iter().enumerate() {
            let member_layout = if memory_block { self.member_memory_layout(b, m) } else { self.member_interface_layout(m) };
            if let TypeBase::Struct(_) = &m.ty.base {
                self.error(m.loc, "embedded structure declarations are not allowed in blocks");
            }
            if storage == Some(Storage::Uniform) {
                if let Some((QualItem::Memory(q), l)) = m.qual.items.iter().find(|(q, _)| matches!(q, QualItem::Memory(_))) {
                    self.error(*l, format!("memory qualifier `{}' is not allowed in a uniform block", q));
                }
            }
            // Interpolation and auxiliary storage describe shader inputs and outputs only.
            if matches!(storage, Some(Storage::Uniform | Storage::Buffer)) {
                if let Some((_, l)) = m.qual.items.iter().find(|(q, _)| matches!(q, QualItem::Interpolation(_) | QualItem::Centroid | QualItem::Sample | QualItem::Patch)) {
                    self.error(*l, "interpolation and auxiliary storage qualifiers are not allowed in uniform and buffer blocks");
                }
            }
            if let Some(l) = m.qual.layouts().find(|l| image_format_kind(&l.name).is_some()) {
                let l = l.clone();
                self.error(l.loc, format!("image format `{}' applies only to images", l.name));
            }
            if let Some(l) = m.qual.layouts().find(|l| l.name == "component").filter(|_| self.is_es()) {
                self.error(l.loc, "layout qualifier `component' is not part of GLSL ES");
            }
            if let Some(l) = m.qual.layouts().find(|l| matches!(l.name.as_str(), "binding" | "std140" | "std430" | "shared" | "packed")) {
                let l = l.clone();
                self.error(l.loc, format!("layout qualifier `{}' is not allowed on a block member", l.name));
            }
            // GLSL 1.50 section 4.3.7: members take no `attribute' or `varying' (nor
            // any other storage beyond the block's own).
            if let Some((QualItem::Storage(q @ (Storage::Attribute | Storage::Varying)), l)) =
                m.qual.items.iter().find(|(q, _)| matches!(q, QualItem::Storage(Storage::Attribute | Storage::Varying)))
            {
                self.error(*l, format!("`{}' is not allowed on a block member", if *q == Storage::Varying { "varying" } else { "attribute" }));
            } else if let Some((QualItem::Storage(q), l)) =
                m.qual.items.iter().find(|(q, _)| matches!(q, QualItem::Storage(q) if Some(*q) != storage))
            {
                self.error(*l, format!("a block member cannot be `{}': its block is `{}'", q.keyword(), storage.map_or("?", Storage::keyword)));
            }
            let t = self.resolve_type(&m.ty);
            for (n, dims, l) in &m.names {
                let ty = self.apply_array(t.clone(), dims, *l);
                if ty.contains_opaque() {
                    self.error(*l, "opaque types are not allowed in interface blocks");
                }
                // Only a redeclared built-in block may name gl_ members.
                if n.starts_with("gl_") && !b.name.starts_with("gl_") {
                    self.error(*l, format!("block member `{}' uses reserved `gl_' prefix", n));
                }
                if members.iter().any(|(x, _): &(String, Type)| x == n) {
                    self.error(*l, format!("duplicate block member `{}'", n));
                }
                if matches!(storage, Some(Storage::In | Storage::Out)) && ty.scalar() == Some(Scalar::Bool) {
                    self.error(*l, "shader inputs and outputs cannot be bool");
                }
                member_of.push((mi, ty.clone()));
                members.push((n.clone(), ty));
                member_layouts.push(member_layout);
            }
        }
        if matches!(storage, Some(Storage::In | Storage::Out)) {
            self.check_block_member_locations(b);
        }
        if storage == Some(Storage::Out) && self.options.stage == Stage::Geometry {
            // ARB_gpu_shader5: a member may repeat its block's stream, never name another.
            let block_stream = self.layout_constant(&b.qual, "stream").unwrap_or(self.default_out_stream);
            for m in &b.members {
                if let Some(stream) = self.layout_constant(&m.qual, "stream") {
                    if stream != block_stream {
                        self.error(m.loc, format!("block member stream {} differs from its block's stream {}", stream, block_stream));
                    }
                }
            }
        }
        if storage == Some(Storage::Out) {
            self.xfb_block(b, &member_of);
        }
        if storage == Some(Storage::Buffer) {
            for ((name, _), (mi, _)) in members.iter().zip(&member_of) {
                if b.members[*mi].qual.has(|q| matches!(q, QualItem::Memory(m) if m == "readonly")) {
                    self.readonly_buffer_members.push((b.name.clone(), name.clone()));
                }
                if b.members[*mi].qual.has(|q| matches!(q, QualItem::Memory(m) if m == "writeonly")) {
                    self.writeonly_buffer_members.push((b.name.clone(), name.clone()));
                }
            }
            // Only the last member of a shader storage block is sized at run time; ESSL
            // 3.10 section 4.1.9 sizes every other array at compile time. Desktop GLSL
            // leaves an implicitly sized one to the linker.
            let n = member_of.len();
            let unsized_before_last = member_of.iter().take(n.saturating_sub(1)).find(|(_, t)| matches!(t, Type::Array(_, None)));
            if let Some((mi, _)) = unsized_before_last.filter(|_| self.is_es()) {
                self.error(b.members[*mi].loc, "only the last member of a shader storage block can be an unsized array");
            }
        }
        if matches!(storage, Some(Storage::In | Storage::Out)) {
            let block = Type::Struct(Arc::new(StructType::new(b.name.clone(), members.clone(), u32::MAX)));
            let ty = match &b.instance {
                Some((_, dims, _)) if !dims.is_empty() => Type::Array(Box::new(block), None),
                _ => block,
            };
            self.claim_varying_location(&b.qual, &ty, b.loc);
        }
        if b.name == "gl_PerVertex" {
            if let Some(storage) = storage {
                self.redeclare_per_vertex(b, storage, &members);
            }
        }
        if b.name.starts_with("gl_") && b.name != "gl_PerVertex" {
            self.error(b.loc, format!("block name `{}' uses reserved `gl_' prefix", b.name));
        }
        self.next_struct_id += 1;
        // Input and output blocks keep member layouts only where members name locations.
        if !memory_block && member_layouts.iter().all(|l| l.location.is_none()) {
            member_layouts.clear();
        }
        let st = Arc::new(StructType { name: b.name.clone(), members: members.clone(), id: self.next_struct_id, member_layouts: member_layouts.clone() });
        let fragment_in = self.options.stage == Stage::Fragment && storage == Some(Storage::In);
        if fragment_in && !b.qual.has(|q| matches!(q, QualItem::Interpolation(Interpolation::Flat))) {
            for (m, (_, ty)) in b.members.iter().zip(members.iter()) {
                let _ = m;
                if self.contains_integer_or_double(ty) {
                    let flat_member = b.members.iter().any(|bm| bm.qual.has(|q| matches!(q, QualItem::Interpolation(Interpolation::Flat))));
                    if !flat_member {
                        self.error(b.loc, "if a shader input is (or contains) an integer or double, it must be qualified with `flat'");
                        break;
                    }
                }
            }
        }
        let storage = storage.expect("checked above");
        let per_vertex_in = storage == Storage::In && matches!(self.options.stage, Stage::Geometry | Stage::TessControl | Stage::TessEval);
        let per_vertex_out = storage == Storage::Out && self.options.stage == Stage::TessControl;
        if (per_vertex_in || per_vertex_out) && !b.instance.as_ref().is_some_and(|(_, dims, _)| !dims.is_empty()) {
            self.error(b.loc, format!("{} shader per-vertex block `{}' must be an array with an instance name", self.options.stage.name(), b.name));
        }
        if self.block_interfaces.iter().any(|(n, s)| *n == b.name && *s == storage) && b.name != "gl_PerVertex" {
            self.error(b.loc, format!("block name `{}' is already used", b.name));
        } else if !self.block_names.contains(&b.name) // another interface's block is no other global
            && (self.lookup_var(&b.name).is_some_and(|v| !v.builtin) || self.lookup_struct(&b.name).is_some() || self.functions.contains_key(&b.name))
        {
            self.error(b.loc, format!("block name `{}' is already used by another global", b.name));
        }
        self.block_names.push(b.name.clone());
        self.block_interfaces.push((b.name.clone(), storage));
        match &b.instance {
            Some((inst, dims, l)) => {
                let block_readonly = b.qual.has(|q| matches!(q, QualItem::Memory(m) if m == "readonly"));
                let mut ty = self.apply_array(Type::Block(st), dims, *l);
                // GLSL 1.50 / ESSL 3.00 section 4.3.7: each element is a buffer binding, so
                // the size says how many.
                if storage == Storage::Uniform && matches!(ty, Type::Array(_, None)) {
                    self.error(*l, format!("uniform block array `{}' must specify an array size", inst));
                }
                self.check_binding_range(&b.qual, &ty, *l);
                if self.options.stage == Stage::Geometry && storage == Storage::In && b.name != "gl_PerVertex" {
                    ty = self.gs_input_array(ty, inst, *l);
                }
                let read_only = (storage != Storage::Out && storage != Storage::Buffer) || block_readonly;
                if storage == Storage::Buffer && b.qual.has(|q| matches!(q, QualItem::Memory(m) if m == "writeonly")) {
                    self.writeonly_globals.push(inst.clone());
                }
                self.declare_var(inst, *l, Variable { ty: ty.clone(), storage: Some(storage), constant: None, read_only, builtin: false, qual: b.qual.clone() });
                self.interface.globals.push(GlobalVar { name: inst.clone(), ty, storage, qual: b.qual.clone(), loc: *l, block: Some(b.name.clone()), member_layout: Default::default(), precision: None });
            }
            None => {
                if b.name == "gl_PerVertex" {
                    return; // redeclaring the built-in block
                }
                self.check_binding_range(&b.qual, &Type::Block(st.clone()), b.loc);
                let block_readonly = b.qual.has(|q| matches!(q, QualItem::Memory(m) if m == "readonly"));
                let layouts = member_layouts.into_iter().chain(std::iter::repeat(Default::default()));
                for (((n, ty), (mi, _)), member_layout) in members.into_iter().zip(member_of).zip(layouts) {
                    let member_readonly = b.members[mi].qual.has(|q| matches!(q, QualItem::Memory(m) if m == "readonly"));
                    let read_only = (storage != Storage::Out && storage != Storage::Buffer) || block_readonly || member_readonly;
                    let writeonly = |q: &TypeQualifier| q.has(|q| matches!(q, QualItem::Memory(m) if m == "writeonly"));
                    if storage == Storage::Buffer && (writeonly(&b.qual) || writeonly(&b.members[mi].qual)) {
                        self.writeonly_globals.push(n.clone());
                    }
                    self.declare_var(&n, b.loc, Variable { ty: ty.clone(), storage: Some(storage), constant: None, read_only, builtin: false, qual: b.qual.clone() });
                    self.interface.globals.push(GlobalVar { name: n, ty, storage, qual: b.qual.clone(), loc: b.loc, block: Some(b.name.clone()), member_layout, precision: None });
                }
            }
        }
    }

    /// GLSL 4.60 sections 4.4.5 and 4.4.6: a `binding' whose array of samplers, atomic
    /// counters or blocks would run past the context's binding points is a compile-time
    /// error. Every array element takes its own binding, except for atomic counters,
    /// which share their buffer binding.
    pub(crate) fn check_binding_range(&mut self, qual: &TypeQualifier, ty: &Type, loc: SourceLoc) {
        let Some(binding) = self.layout_constant(qual, "binding") else { return };
        let mut elements: i64 = 1;
        let mut element = ty;
        while let Type::Array(inner, size) = element {
            elements = elements.saturating_mul(i64::from(size.unwrap_or(1)));
            element = inner;
        }
        let limits = self.options.limits;
        let (points, what) = match (element, qual.storage()) {
            (Type::Opaque(name), _) if &**name == "atomic_uint" => {
                elements = 1;
                (i64::from(crate::link_atomic::MAX_ATOMIC_COUNTER_BUFFER_BINDINGS), "atomic counter buffer bindings")
            }
            (Type::Opaque(name), _) if name.contains("sampler") => (i64::from(limits.texture_units), "texture units"),
            (Type::Block(_), Some(Storage::Uniform)) => (i64::from(limits.uniform_buffers), "uniform buffer bindings"),
            (Type::Block(_), Some(Storage::Buffer)) => (i64::from(limits.storage_buffers), "shader storage buffer bindings"),
            _ => return,
        };
        if binding < 0 || binding.saturating_add(elements) > points {
            self.error(loc, format!("binding {binding} with {elements} element(s) exceeds the {points} {what}"));
        }
    }

    /// The constant value of the last `name = value' layout of `qual'.
    fn layout_constant(&mut self, qual: &TypeQualifier, name: &str) -> Option<i64> {
        let value = qual.layouts().filter(|l| l.name == name).last()?.value.clone()?;
        self.expr(&value).constant.and_then(|c| c.as_int())
    }

    /// GLSL 4.50 section 4.4.1: without a block location, either every member of an
    /// input or output block has a location or none has; and a block that is an array
    /// (past the per-vertex array of arrayed stages) takes its location only at block level.
    fn check_block_member_locations(&mut self, b: &InterfaceBlock) {
        let has_location = |q: &TypeQualifier| q.layouts().any(|l| l.name == "location");
        let with: Vec<bool> = b.members.iter().map(|m| has_location(&m.qual)).collect();
        let Some(first) = b.members.iter().find(|m| has_location(&m.qual)) else { return };
        let dims = b.instance.as_ref().map_or(0, |(_, dims, _)| dims.len());
        let arrayed_stage = match (self.options.stage, b.qual.storage()) {
            (Stage::Geometry | Stage::TessControl | Stage::TessEval, Some(Storage::In)) => true,
            (Stage::TessControl, Some(Storage::Out)) => !b.qual.has(|q| matches!(q, QualItem::Patch)),
            _ => false,
        };
        let loc = first.qual.layouts().find(|l| l.name == "location").map_or(first.loc, |l| l.loc);
        if dims > usize::from(arrayed_stage) {
            self.error(loc, format!("members of the block array `{}' cannot have locations; give the block one", b.name));
        } else if !has_location(&b.qual) && with.iter().any(|w| !w) {
            self.error(loc, format!("block `{}' has no location, so either all of its members have one or none has", b.name));
        }
    }

    fn initializer(&mut self, init: &Initializer, ty: &Type) -> (Type, Option<ConstValue>) {
        match init {
            Initializer::Expr(e) => {
                let r = self.expr(e);
                if r.ty.is_error() || ty.is_error() {
                    return (r.ty, None);
                }
                let ok = match (ty, &r.ty) {
                    (Type::Array(e1, None), Type::Array(e2, Some(_))) => e1 == e2,
                    _ => self.converts(&r.ty, ty),
                };
                if !ok {
                    self.error(e.loc, format!("initializer of type {} cannot be assigned to variable of type {}", r.ty, ty));
                    return (Type::Error, None);
                }
                let c = r.constant.map(|c| expr::convert_const(c, ty));
                (r.ty, c)
            }
            Initializer::List(items, loc) => {
                if !self.desktop_at_least(420) && !self.ext("GL_ARB_shading_language_420pack") {
                    self.error(*loc, "initializer lists need GLSL 4.20 or GL_ARB_shading_language_420pack");
                    return (Type::Error, None);
                }
                let expected: Vec<Type> = match ty {
                    Type::Array(e, n) => {
                        if let Some(n) = n {
                            if *n as usize != items.len() {
                                self.error(*loc, "initializer list has the wrong number of elements");
                            }
                        }
                        vec![(**e).clone(); items.len()]
                    }
                    Type::Struct(s) => {
                        if s.members.len() != items.len() {
                            self.error(*loc, "initializer list has the wrong number of members");
                        }
                        s.members.iter().map(|(_, t)| t.clone()).collect()
                    }
                    Type::Vector(s, n) => {
                        if *n as usize != items.len() {
                            self.error(*loc, "initializer list has the wrong number of components");
                        }
                        vec![Type::Scalar(*s); items.len()]
                    }
                    Type::Matrix { .. } => {
                        let col = ty.column().expect("matrix");
                        let cols = match ty { Type::Matrix { cols, .. } => *cols as usize, _ => 0 };
                        if cols != items.len() {
                            self.error(*loc, "initializer list has the wrong number of columns");
                        }
                        vec![col; items.len()]
                    }
                    _ => {
                        self.error(*loc, format!("initializer list cannot initialize `{}'", ty));
                        return (Type::Error, None);
                    }
                };
                // The list is constant when every item is (GLSL 4.20 section 4.1.11):
                // its components are the items' in order, as constructors lay them out.
                let mut comps = Some(Vec::new());
                for (item, t) in items.iter().zip(expected.iter()) {
                    let (_, c) = self.initializer(item, t);
                    match (c, comps.as_mut()) {
                        (Some(c), Some(all)) => all.extend(c.comps),
                        _ => comps = None,
                    }
                }
                let result = match ty {
                    Type::Array(e, None) => Type::Array(e.clone(), Some(items.len() as u32)),
                    t => t.clone(),
                };
                let complete = items.len() == expected.len();
                let constant = comps.filter(|_| complete).map(|comps| ConstValue { ty: result.clone(), comps });
                (result, constant)
            }
        }
    }

    // ---- functions ----

    fn param_types(&mut self, p: &FunctionProto) -> Vec<(Type, ParamDir)> {
        let mut out = Vec::new();
        for param in &p.params {
            let t = self.resolve_type(&param.ty);
            let t = self.apply_array(t, &param.array, param.loc);
            let dir = match param.qual.storage() {
                Some(Storage::Out) => ParamDir::Out,
                Some(Storage::InOut) => ParamDir::InOut,
                _ => ParamDir::In,
            };
            self.check_qualifier_order(&param.qual);
            for (q, l) in &param.qual.items {
                match q {
                    QualItem::Storage(Storage::In | Storage::Out | Storage::InOut | Storage::Const) | QualItem::Precision(_) | QualItem::Memory(_) | QualItem::Precise => {}
                    _ => self.error(*l, "invalid qualifier on a function parameter"),
                }
            }
            let has = |s: Storage| param.qual.items.iter().any(|(q, _)| matches!(q, QualItem::Storage(x) if *x == s));
            if has(Storage::Const) && (has(Storage::Out) || has(Storage::InOut)) {
                self.error(param.loc, "`const' cannot be combined with `out' or `inout'");
            }
            if t == Type::Void {
                if p.params.len() == 1 && param.name.is_none() && dir == ParamDir::In {
                    return Vec::new(); // f(void)
                }
                self.error(param.loc, "function parameters cannot be void");
            }
            if matches!(t, Type::Array(_, None)) {
                self.error(param.loc, "function parameters cannot be unsized arrays");
            }
            // GLSL 1.10 arrays are not l-values, so they cannot be written back.
            if t.is_array() && dir != ParamDir::In && !self.is_es() && self.version() < 120 {
                self.error(param.loc, "arrays cannot be `out' or `inout' parameters in GLSL 1.10");
            }
            if t.contains_opaque() && dir != ParamDir::In {
                self.error(param.loc, "opaque parameters cannot be `out' or `inout'");
            }
            out.push((t, dir));
        }
        out
    }

    fn function_proto(&mut self, p: &FunctionProto, defining: bool) -> Signature {
        let ret = self.resolve_type(&p.ret);
        for (q, l) in &p.qual.items {
            match q {
                QualItem::Precision(_) | QualItem::Subroutine(_) | QualItem::Precise => {}
                QualItem::Layout(_) if p.qual.has(|q| matches!(q, QualItem::Subroutine(_))) => {}
                QualItem::Storage(Storage::Const) => self.error(*l, "functions cannot return const"),
                _ => self.error(*l, "invalid qualifier on a function return type"),
            }
        }
        if matches!(ret, Type::Array(_, None)) {
            self.error(p.loc, "functions cannot return unsized arrays");
        }
        if ret.is_array() && (self.is_es() && self.version() < 300 || !self.is_es() && self.version() < 120) {
            self.error(p.loc, "functions cannot return arrays in this version");
        }
        if ret.contains_opaque() && !matches!(ret, Type::Opaque(ref n) if self.functions.contains_key(&**n)) {
            self.error(p.loc, "functions cannot return opaque types");
        }
        let params = self.param_types(p);
        let returns_float = {
            let mut t = &ret;
            while let Type::Array(e, _) = t {
                t = e;
            }
            t.scalar() == Some(Scalar::Float)
        };
        // ESSL: a float return value needs a precision like any float (section 4.5.3).
        if returns_float {
            self.check_precision_known(&ret, &p.qual, p.loc);
        }
        let ret_precision = if returns_float && self.is_es() {
            p.qual.precision().or(self.default_precisions.last().expect("never empty").float())
        } else {
            None
        };
        let sig = Signature { ret, params };
        self.interface.function_returns.insert((p.loc.line, p.loc.column, p.name.clone()), sig.ret.clone());
        if !self.subroutine_proto(p, &sig, defining) {
            return sig;
        }
        if p.name.starts_with("gl_") {
            self.error(p.loc, format!("function name `{}' uses reserved `gl_' prefix", p.name));
        }
        if p.name == "main" {
            if !sig.params.is_empty() || sig.ret != Type::Void {
                self.error(p.loc, "main() must be `void main()'");
            }
        }
        if self.builtins.contains_key(&p.name) && (self.is_es() || self.version() >= 130) && !p.qual.has(|q| matches!(q, QualItem::Subroutine(_))) {
            self.error(p.loc, format!("cannot redeclare built-in function `{}'", p.name));
        }
        if self.block_names.contains(&p.name) {
            self.error(p.loc, format!("`{}' is already used as a block name", p.name));
        }
        if let Some(Symbol::Struct(_)) = self.scopes[1].get(&p.name) {
            self.error(p.loc, format!("`{}' is already declared as a structure", p.name));
        }
        if self.lookup_var(&p.name).is_some() && self.scopes[1].contains_key(&p.name) && (self.is_es() || self.version() >= 120) {
            self.error(p.loc, format!("`{}' is already declared as a variable", p.name));
        }
        let list = self.functions.entry(p.name.clone()).or_default();
        let es100 = self.s.is_es() && self.s.version == 100;
        let param_const: Vec<bool> = p.params.iter().map(|q| q.qual.storage() == Some(Storage::Const) || q.qual.has(|i| matches!(i, QualItem::Storage(Storage::Const)))).collect();
        if let Some(existing) = list.iter_mut().find(|f| f.sig.params.iter().map(|x| &x.0).eq(sig.params.iter().map(|x| &x.0))) {
            if es100 && !defining && !existing.defined {
                // ESSL 1.00 declares a function at most once before its definition.
                self.diags.error(p.loc, format!("function `{}' declared twice", p.name));
            }
            // In ESSL 1.00 the precision is part of the return type a prototype promises.
            let mismatch_ret = existing.sig.ret != sig.ret || (es100 && existing.ret_precision != ret_precision);
            // Parameter qualifiers, `const' included, match between declaration and
            // definition (GLSL 1.10 section 6.1.1).
            let mismatch_dir = existing.sig.params.iter().map(|x| x.1).ne(sig.params.iter().map(|x| x.1))
                || (existing.param_const.len() == param_const.len() && existing.param_const != param_const);
            let redefined = existing.defined && defining;
            if defining {
                existing.defined = true;
            }
            if mismatch_ret {
                self.error(p.loc, format!("function `{}' redeclared with a different return type", p.name));
            } else if mismatch_dir {
                self.error(p.loc, format!("function `{}' redeclared with different parameter qualifiers", p.name));
            } else if redefined {
                self.error(p.loc, format!("function `{}' redefined", p.name));
            }
        } else {
            let param_memory = p
                .params
                .iter()
                .map(|q| q.qual.items.iter().filter_map(|(i, _)| if let QualItem::Memory(m) = i { Some(m.clone()) } else { None }).collect())
                .collect();
            list.push(UserFunction { sig: sig.clone(), defined: defining, loc: p.loc, param_memory, ret_precision, param_const });
        }
        sig
    }

    /// ARB_shader_subroutine's rules for `subroutine void T(...);` (a subroutine type)
    /// and `subroutine(T, ...) R f(...) {...}` (a function usable through T); false when
    /// the declaration must not be recorded as an ordinary function.
    fn subroutine_proto(&mut self, p: &FunctionProto, sig: &Signature, defining: bool) -> bool {
        let subs: Vec<(&Vec<String>, SourceLoc)> = p.qual.items.iter().filter_map(|(q, l)| match q {
            QualItem::Subroutine(t) => Some((t, *l)),
            _ => None,
        }).collect();
        let layouts: Vec<LayoutItem> = p.qual.layouts().cloned().collect();
        if subs.is_empty() {
            if self.subroutine_types.contains_key(&p.name) {
                self.error(p.loc, format!("`{}' is already a subroutine type", p.name));
                return false;
            }
            if self.subroutine_functions.contains(&p.name) && self.functions.get(&p.name).is_some_and(|l| l.iter().any(|f| f.sig.params.iter().map(|x| &x.0).ne(sig.params.iter().map(|x| &x.0)))) {
                self.error(p.loc, format!("subroutine function `{}' cannot be overloaded", p.name));
            }
            return true;
        }
        if subs.len() > 1 {
            self.error(subs[1].1, "only one `subroutine' qualifier is allowed");
            return false;
        }
        let (types, loc) = subs[0];
        if types.is_empty() {
            // A subroutine type.
            if self.subroutine_types.contains_key(&p.name) || self.functions.contains_key(&p.name) {
                self.error(p.loc, format!("`{}' is already declared", p.name));
                return false;
            }
            if let Some(l) = layouts.first() {
                self.error(l.loc, "layout qualifiers do not apply to subroutine types");
            }
            self.subroutine_types.insert(p.name.clone(), sig.clone());
            self.interface.subroutines.types.push((p.name.clone(), sig.clone()));
            return true;
        }
        if !defining {
            self.error(p.loc, "a subroutine function must be defined where it is declared");
        }
        for t in types {
            match self.subroutine_types.get(t) {
                None => self.error(loc, format!("`{}' is not a subroutine type", t)),
                Some(want) => {
                    if want.ret != sig.ret || want.params != sig.params {
                        self.error(p.loc, format!("function `{}' does not match subroutine type `{}'", p.name, t));
                    }
                }
            }
        }
        for l in layouts {
            let explicit = self.desktop_at_least(430) || self.ext("GL_ARB_explicit_uniform_location");
            if l.name != "index" || !explicit {
                self.error(l.loc, format!("layout qualifier `{}' is not allowed on a subroutine function", l.name));
            }
        }
        if self.functions.get(&p.name).is_some_and(|l| l.iter().any(|f| f.sig.params.iter().map(|x| &x.0).ne(sig.params.iter().map(|x| &x.0)))) {
            self.error(p.loc, format!("subroutine function `{}' cannot be overloaded", p.name));
        }
        self.subroutine_functions.push(p.name.clone());
        // The index is a constant expression (GLSL 4.40) and never negative.
        let index_layout = p.qual.layouts().find(|l| l.name == "index").cloned();
        let explicit_index = index_layout.as_ref().and_then(|l| l.value.as_deref()).and_then(|e| self.expr(e).constant).and_then(|c| c.as_int());
        if let (Some(v), Some(l)) = (explicit_index, &index_layout) {
            if v < 0 {
                self.error(l.loc, format!("subroutine index {} is negative", v));
            }
        }
        self.interface.subroutines.functions.push(crate::subroutine::SubroutineFunction { name: p.name.clone(), types: types.clone(), explicit_index });
        true
    }

    fn function_def(&mut self, f: &FunctionDef) {
        let sig = self.function_proto(&f.proto, true);
        // `#pragma debug' and `#pragma optimize' belong outside function definitions.
        let (from, to) = (f.proto.loc, f.end_loc);
        if let Some(&(_, line)) = self.s.function_pragmas.iter().find(|(src, line)| *src == from.source && *line > from.line && *line < to.line) {
            self.error(SourceLoc { source: from.source, line, column: 1 }, "`#pragma debug' and `#pragma optimize' are not allowed inside a function");
        }
        if !sig.params.is_empty() {
            if let Some(p) = f.proto.params.iter().find(|p| p.name.is_none()) {
                self.error(p.loc, "parameters of a function definition must be named");
            }
        }
        self.found_return = false;
        self.push_scope();
        for (param, (ty, _)) in f.proto.params.iter().zip(sig.params.iter()) {
            if let Some(name) = &param.name {
                let read_only = param.qual.storage() == Some(Storage::Const);
                self.declare_var(name, param.loc, Variable { ty: ty.clone(), storage: None, constant: None, read_only, builtin: false, qual: param.qual.clone() });
            }
        }
        self.return_type = Some(sig.ret.clone());
        self.current_function = f.proto.name.clone();
        self.in_main = f.proto.name == "main";
        self.main_returned = false;
        // GLSL 1.10-1.20 share one scope for parameters and the body; later versions too.
        for s in &f.body {
            self.statement(s);
        }
        if sig.ret != Type::Void && !sig.ret.is_error() && !self.found_return {
            self.error(f.end_loc, format!("function `{}' has a non-void return type but no return statement", f.proto.name));
        }
        self.return_type = None;
        self.pop_scope();
    }

    // ---- statements ----

    fn statement(&mut self, st: &Stmt) {
        let nested = matches!(st.kind, StmtKind::If { .. } | StmtKind::Switch { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::For { .. });
        if nested {
            self.control_depth += 1;
        }
        self.statement_inner(st);
        if nested {
            self.control_depth -= 1;
        }
        if matches!(st.kind, StmtKind::Return(_)) {
            self.main_returned = true;
        }
    }

    fn statement_inner(&mut self, st: &Stmt) {
        match &st.kind {
            StmtKind::Compound(list) => {
                self.push_scope();
                for s in list {
                    self.statement(s);
                }
                self.pop_scope();
            }
            StmtKind::Declaration(d) => self.declaration(d, false),
            StmtKind::Expr(Some(e)) => {
                self.expr(e);
            }
            StmtKind::Expr(None) => {}
            StmtKind::If { cond, then, otherwise } => {
                self.bool_condition(cond);
                self.push_scope();
                self.statement(then);
                self.pop_scope();
                if let Some(o) = otherwise {
                    self.push_scope();
                    self.statement(o);
                    self.pop_scope();
                }
            }
            StmtKind::Switch { expr, body } => {
                if !self.desktop_at_least(130) && !self.es_at_least(300) {
                    self.error(st.loc, "switch statements need GLSL 1.30 or GLSL ES 3.00");
                }
                let r = self.expr(expr);
                if !r.ty.is_error() && !matches!(r.ty, Type::Scalar(Scalar::Int | Scalar::Uint)) {
                    self.error(expr.loc, "switch expression must be a scalar integer");
                }
                self.switch_depth += 1;
                self.push_scope();
                let mut cases: Vec<i64> = Vec::new();
                let mut seen_default = false;
                if !body.is_empty() && !matches!(body[0].kind, StmtKind::Case(_) | StmtKind::Default) {
                    self.error(body[0].loc, "statements in a switch must follow a case label");
                }
                for s in body {
                    match &s.kind {
                        StmtKind::Case(e) => {
                            let c = self.expr(e);
                            match c.constant.as_ref().and_then(|c| c.as_int()) {
                                Some(v) if !c.ty.is_error() => {
                                    if c.ty != r.ty && !r.ty.is_error() && !self.converts(&c.ty, &r.ty) {
                                        self.error(e.loc, "case label type does not match the switch expression");
                                    }
                                    if cases.contains(&v) {
                                        self.error(e.loc, format!("duplicate case value {}", v));
                                    }
                                    cases.push(v);
                                }
                                _ if c.ty.is_error() => {}
                                _ => self.error(e.loc, "case label must be a constant integer expression"),
                            }
                        }
                        StmtKind::Default => {
                            if seen_default {
                                self.error(s.loc, "multiple default labels in one switch");
                            }
                            seen_default = true;
                        }
                        _ => self.statement(s),
                    }
                }
                if matches!(body.last().map(|s| &s.kind), Some(StmtKind::Case(_) | StmtKind::Default)) {
                    self.error(st.loc, "a switch must not end with a case label");
                }
                self.pop_scope();
                self.switch_depth -= 1;
            }
            StmtKind::Case(_) | StmtKind::Default => self.error(st.loc, "case label outside a switch"),
            StmtKind::While { cond, body } => {
                self.push_scope();
                self.condition(cond);
                self.loop_depth += 1;
                self.statement(body);
                self.loop_depth -= 1;
                self.pop_scope();
            }
            StmtKind::DoWhile { body, cond } => {
                self.loop_depth += 1;
                self.push_scope();
                self.statement(body);
                self.pop_scope();
                self.loop_depth -= 1;
                self.bool_condition(cond);
            }
            StmtKind::For { init, cond, step, body } => {
                self.push_scope();
                self.statement(init);
                if let Some(c) = cond {
                    self.condition(c);
                }
                if let Some(s) = step {
                    self.expr(s);
                }
                self.loop_depth += 1;
                // The body of a for loop does not open a new scope for names in 1.x, but
                // redeclaring the loop variable is an error either way.
                match &body.kind {
                    StmtKind::Compound(list) => {
                        for s in list {
                            self.statement(s);
                        }
                    }
                    _ => self.statement(body),
                }
                self.loop_depth -= 1;
                self.pop_scope();
            }
            StmtKind::Break => {
                if self.loop_depth == 0 && self.switch_depth == 0 {
                    self.error(st.loc, "break may only appear in a loop or a switch");
                }
            }
            StmtKind::Continue => {
                if self.loop_depth == 0 {
                    self.error(st.loc, "continue may only appear in a loop");
                }
            }
            StmtKind::Discard => {
                if self.options.stage != Stage::Fragment {
                    self.error(st.loc, "discard may only appear in fragment shaders");
                }
            }
            StmtKind::Demote => {
                if self.options.stage != Stage::Fragment {
                    self.error(st.loc, "demote may only appear in fragment shaders");
                }
            }
            StmtKind::Return(e) => {
                self.found_return = true;
                let ret = self.return_type.clone().unwrap_or(Type::Void);
                match e {
                    None => {
                        if ret != Type::Void && !ret.is_error() {
                            self.error(st.loc, "`return' with no value in a function returning a value");
                        }
                    }
                    Some(e) => {
                        let r = self.expr(e);
                        if ret == Type::Void {
                            self.error(e.loc, "`return' with a value in a void function");
                        } else if !r.ty.is_error() && !self.converts(&r.ty, &ret) {
                            self.error(e.loc, format!("`return' of type {} in a function returning {}", r.ty, ret));
                        } else if !r.ty.is_error() && r.ty != ret && !self.desktop_at_least(420) && !self.ext("GL_ARB_shading_language_420pack") {
                            // Implicit conversion of returned values came with GLSL 4.20.
                            self.error(e.loc, format!("`return' of type {} in a function returning {} (no implicit conversion before GLSL 4.20)", r.ty, ret));
                        }
                    }
                }
            }
        }
    }

    fn bool_condition(&mut self, e: &Expr) {
        let r = self.expr(e);
        if !r.ty.is_error() && r.ty != Type::BOOL {
            self.error(e.loc, "condition must be a scalar boolean");
        }
    }

    fn condition(&mut self, c: &Condition) {
        match c {
            Condition::Expr(e) => self.bool_condition(e),
            Condition::Declare { ty, name, init, loc } => {
                let t = self.resolve_type(ty);
                let r = self.expr(init);
                if !r.ty.is_error() && !self.converts(&r.ty, &t) {
                    self.error(init.loc, "initializer type does not match");
                }
                if t != Type::BOOL && !t.is_error() {
                    self.error(*loc, "condition must be a scalar boolean");
                }
                self.declare_var(name, *loc, Variable { ty: t, storage: None, constant: None, read_only: false, builtin: false, qual: TypeQualifier::default() });
            }
        }
    }
}

/// 'f', 'i' or 'u' for an image format layout name.
/// The layout qualifiers a variable declaration may carry (in lower case), image
/// formats aside.
const VARIABLE_LAYOUTS: &[&str] = &[
    "location", "component", "index", "binding", "offset", "align", "xfb_buffer", "xfb_offset", "xfb_stride",
    "stream", "origin_upper_left", "pixel_center_integer", "depth_any", "depth_greater", "depth_less",
    "depth_unchanged", "std140", "std430", "shared", "packed", "row_major", "column_major",
];

fn image_format_kind(name: &str) -> Option<char> {
    const FLOAT: &[&str] = &[
        "rgba32f", "rgba16f", "rg32f", "rg16f", "r11f_g11f_b10f", "r32f", "r16f", "rgba16", "rgb10_a2", "rgba8", "rg16", "rg8",
        "r16", "r8", "rgba16_snorm", "rgba8_snorm", "rg16_snorm", "rg8_snorm", "r16_snorm", "r8_snorm",
    ];
    const INT: &[&str] = &["rgba32i", "rgba16i", "rgba8i", "rg32i", "rg16i", "rg8i", "r32i", "r16i", "r8i"];
    const UINT: &[&str] = &["rgba32ui", "rgba16ui", "rgb10_a2ui", "rgba8ui", "rg32ui", "rg16ui", "rg8ui", "r32ui", "r16ui", "r8ui"];
    if FLOAT.contains(&name) {
        Some('f')
    } else if INT.contains(&name) {
        Some('i')
    } else if UINT.contains(&name) {
        Some('u')
    } else {
        None
    }
}
