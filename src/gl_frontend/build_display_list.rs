//! The display-list part of build.rs: which GL commands a display list records, the
//! `ListCommand` enum with one variant per recorded command, and its replay.
//!
//! GL 2.1's section 5.4 decides: every command of GL 1.0 to 2.1 is compiled into a list
//! except the ones it names as executed immediately (client state, object creation,
//! queries, pixel packing, ...). Commands of later versions are executed immediately, as
//! Mesa does. A command whose arguments are scalars and arrays of a size the registry or
//! its `pname` gives is recorded by generated code; the few that read images, name lists or
//! evaluator control points (`HAND_RECORDED`) are recorded by `state/display_list.rs` (the
//! glMap ones by `state/evaluators.rs`).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

/// Commands GL 2.1 (section 5.4) executes immediately even while a list is compiled.
const EXECUTED_IMMEDIATELY: &[&str] = &[
    "glIsList", "glGenLists", "glDeleteLists", "glNewList", "glEndList", "glFeedbackBuffer", "glSelectBuffer",
    "glRenderMode", "glVertexPointer", "glNormalPointer", "glColorPointer", "glSecondaryColorPointer",
    "glIndexPointer", "glEdgeFlagPointer", "glFogCoordPointer", "glTexCoordPointer", "glVertexAttribPointer",
    "glInterleavedArrays", "glEnableClientState", "glDisableClientState", "glEnableVertexAttribArray",
    "glDisableVertexAttribArray", "glClientActiveTexture", "glReadPixels", "glPixelStoref", "glPixelStorei",
    "glGenTextures", "glDeleteTextures", "glAreTexturesResident", "glIsTexture", "glGenBuffers",
    "glDeleteBuffers", "glBindBuffer", "glBufferData", "glBufferSubData", "glMapBuffer", "glUnmapBuffer",
    "glIsBuffer", "glGenQueries", "glDeleteQueries", "glIsQuery", "glCreateProgram", "glCreateShader",
    "glDeleteProgram", "glDeleteShader", "glAttachShader", "glDetachShader", "glBindAttribLocation",
    "glCompileShader", "glShaderSource", "glLinkProgram", "glValidateProgram", "glFinish", "glFlush",
    "glIsEnabled", "glIsShader", "glIsProgram", "glPushClientAttrib", "glPopClientAttrib",
    // GL compiles vertex-array draws with the array data dereferenced at compile time;
    // these run at once rather than keep pointers to client memory that may be gone when
    // the list runs (glDrawArrays, glDrawElements and glMultiDraw* copy their vertices).
    "glArrayElement",
];

/// Commands of later versions that display lists still record: uniforms and uniform block
/// bindings (as ARB_uniform_buffer_object and Mesa settle it), glUniformSubroutinesuiv (as
/// ARB_shader_subroutine says), the current double attributes of
/// glVertexAttribL{1,2,3,4}d{,v} (ARB_vertex_attrib_64bit's glVertexAttrib counterparts),
/// glDispatchCompute (compiled like a draw, as Mesa does; the indirect form, whose
/// parameters live in a buffer, is refused with GL_INVALID_OPERATION), and GL 3.3's packed
/// current-value commands (glVertexAttribP*, glVertexP*, glColorP*, ...), the
/// counterparts of glVertexAttrib, glVertex and glColor, which lists record.
fn recorded_after_2_1(name: &str) -> bool {
    let uniform = name.starts_with("glUniform");
    let double_attribute = name.starts_with("glVertexAttribL") && (name.ends_with('d') || name.ends_with("dv"));
    let packed = ["glVertexAttribP", "glVertexP", "glNormalP", "glColorP", "glSecondaryColorP", "glTexCoordP", "glMultiTexCoordP"]
        .iter()
        .any(|p| name.strip_prefix(p).is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit())));
    uniform || double_attribute || packed || name == "glDispatchCompute"
}

/// Recorded by hand-written code (`crate::state::display_list::record_*`): their data
/// size depends on context state or on several arguments.
pub const HAND_RECORDED: &[&str] =
    &["glCallLists", "glTexImage1D", "glTexSubImage1D", "glTexImage2D", "glTexSubImage2D", "glPolygonStipple", "glDrawArraysInstanced", "glDrawElementsInstanced", "glDrawArrays", "glDrawElements", "glDrawRangeElements", "glMultiDrawArrays", "glMultiDrawElements", "glDrawPixels", "glBitmap", "glDispatchComputeIndirect", "glMap1f", "glMap1d", "glMap2f", "glMap2d"];

/// How a recorded command's argument is kept in the list.
enum Stored {
    /// Copied as is.
    Scalar(String),
    /// `*const T` read as `count` elements (a Rust expression over the other arguments).
    Array { element: String, count: String },
}

/// One recordable command.
pub struct Recordable {
    variant: String,
    args: Vec<(String, Stored)>,
}

/// The GL version (major * 10 + minor) of the desktop feature that introduced each command.
pub fn desktop_versions(registry: roxmltree::Node) -> HashMap<String, u32> {
    let mut versions = HashMap::new();
    for feature in registry.children().filter(|n| n.has_tag_name("feature")) {
        if feature.attribute("api") != Some("gl") {
            continue;
        }
        let number = feature.attribute("number").unwrap_or("9.9");
        let (major, minor) = number.split_once('.').unwrap_or((number, "0"));
        let version = major.parse::<u32>().unwrap_or(9) * 10 + minor.parse::<u32>().unwrap_or(0);
        for require in feature.children().filter(|n| n.has_tag_name("require")) {
            for command in require.children().filter(|n| n.has_tag_name("command")) {
                let name = command.attribute("name").unwrap().to_string();
                let entry = versions.entry(name).or_insert(version);
                *entry = (*entry).min(version);
            }
        }
    }
    versions
}

fn is_scalar(ty: &str) -> bool {
    !ty.starts_with('*') && ty != "GLDEBUGPROC" && ty != "()"
}

/// Whether (and how) `name` is recorded: `None` executes it immediately.
/// `params` are (name, Rust type, registry `len`).
pub fn recordable(name: &str, ret: &str, params: &[(String, String, Option<String>)], version: Option<u32>) -> Option<Recordable> {
    let variant = name[2..].to_string();
    if HAND_RECORDED.contains(&name) {
        return Some(Recordable { variant, args: Vec::new() });
    }
    let listed_version = version.is_some_and(|v| v <= 21) || recorded_after_2_1(name);
    if ret != "()" || !listed_version || EXECUTED_IMMEDIATELY.contains(&name) || name.starts_with("glGet") {
        return None;
    }
    let mut args = Vec::new();
    for (param, ty, len) in params {
        if is_scalar(ty) {
            args.push((param.clone(), Stored::Scalar(ty.clone())));
            continue;
        }
        let element = ty.strip_prefix("*const ")?;
        if !is_scalar(element) || element == "c_void" {
            return None;
        }
        let len = len.as_deref()?;
        let count = if let Ok(n) = len.parse::<usize>() {
            n.to_string()
        } else if let Some(pname) = len.strip_prefix("COMPSIZE(").and_then(|l| l.strip_suffix(')')) {
            if !params.iter().any(|(p, t, _)| p == pname && t == "GLenum") {
                return None;
            }
            format!("crate::state::display_list::pname_values({pname})")
        } else if let Some(n) = len_of_count(len, params) {
            n
        } else {
            return None;
        };
        args.push((param.clone(), Stored::Array { element: element.to_string(), count }));
    }
    Some(Recordable { variant, args })
}

/// A `len` of another argument (`count`) or of it times a constant (`count*4`): the Rust
/// expression for the element count, negative counts reading nothing.
fn len_of_count(len: &str, params: &[(String, String, Option<String>)]) -> Option<String> {
    let (count, factor) = match len.split_once('*') {
        Some((c, f)) => (c, f.parse::<usize>().ok()?),
        None => (len, 1),
    };
    let (_, ty, _) = params.iter().find(|(p, _, _)| p == count)?;
    if !matches!(ty.as_str(), "GLsizei" | "GLint" | "GLuint") {
        return None;
    }
    Some(format!("{}.max(0) as usize * {factor}", param_name(count)))
}

/// The expression, inside an entry point, that builds `r`'s `ListCommand` from the
/// arguments (`ctx` is the context, for the hand-recorded commands).
pub fn record_expression(name: &str, r: &Recordable, arg_names: &[String]) -> String {
    if HAND_RECORDED.contains(&name) {
        let snake = snake_case(&r.variant);
        return format!("unsafe {{ crate::state::display_list::record_{snake}(ctx, {}) }}", arg_names.join(", "));
    }
    let reads_memory = r.args.iter().any(|(_, stored)| matches!(stored, Stored::Array { .. }));
    let values: Vec<String> = r
        .args
        .iter()
        .map(|(arg, stored)| match stored {
            Stored::Scalar(_) => param_name(arg),
            Stored::Array { count, .. } => format!("crate::state::display_list::copy_array({}, {count})", param_name(arg)),
        })
        .collect();
    let command = format!("crate::state::display_list::ListCommand::{}({})", r.variant, values.join(", "));
    if reads_memory {
        format!("unsafe {{ {command} }}")
    } else {
        command
    }
}

fn param_name(name: &str) -> String {
    super::param_name(name)
}

fn snake_case(s: &str) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The `ListCommand` enum and its replay, for `recorded` (command name, recording, and
/// whether GL forbids it between glBegin and glEnd).
pub fn generate(recorded: &BTreeMap<String, (Recordable, bool)>) -> String {
    let mut variants = String::new();
    let mut arms = String::new();
    for (name, (r, outside_begin_end)) in recorded {
        if HAND_RECORDED.contains(&name.as_str()) {
            continue;
        }
        let fields: Vec<String> = r
            .args
            .iter()
            .map(|(_, stored)| match stored {
                Stored::Scalar(ty) => ty.clone(),
                Stored::Array { element, .. } => format!("Box<[{element}]>"),
            })
            .collect();
        writeln!(variants, "    /// `{name}`\n    {}({}),", r.variant, fields.join(", ")).unwrap();
        let bindings: Vec<String> = (0..r.args.len()).map(|i| format!("a{i}")).collect();
        let uses: Vec<String> = r
            .args
            .iter()
            .enumerate()
            .map(|(i, (_, stored))| match stored {
                Stored::Scalar(_) => format!("*a{i}"),
                Stored::Array { .. } => format!("crate::state::display_list::array_ptr(a{i})"),
            })
            .collect();
        writeln!(
            arms,
            "            ListCommand::{}({}) => run(ctx, {outside_begin_end}, |ctx| unsafe {{ ctx.{}({}) }}),",
            r.variant,
            bindings.join(", "),
            r.variant,
            uses.join(", ")
        )
        .unwrap();
    }
    let mut out = String::from("// Generated by build.rs from the Khronos gl.xml. Do not edit.\n\n");
    out.push_str(
        "/// One command recorded in a display list, its array arguments copied.\n\
         #[allow(non_camel_case_types, clippy::box_collection)]\n\
         pub enum ListCommand {\n",
    );
    out.push_str(&variants);
    out.push_str("    /// A command recorded by hand-written code (images, list names).\n    Recorded(crate::state::display_list::Recorded),\n}\n\n");
    out.push_str(
        "/// Runs a replayed command as its entry point would: GL_INVALID_OPERATION between\n\
         /// glBegin and glEnd for the commands GL forbids there.\n\
         fn run(ctx: &mut ContextState, outside_begin_end: bool, f: impl FnOnce(&mut ContextState)) {\n\
         \x20   if outside_begin_end && ctx.in_begin_end() {\n\
         \x20       ctx.record_error(crate::types::enums::GL_INVALID_OPERATION);\n\
         \x20   } else {\n\
         \x20       f(ctx)\n\
         \x20   }\n\
         }\n\n\
         impl ListCommand {\n\
         \x20   /// Executes the command on `ctx`, as glCallList does.\n\
         \x20   #[allow(clippy::too_many_lines)]\n\
         \x20   pub fn replay(&self, ctx: &mut ContextState) {\n\
         \x20       match self {\n",
    );
    out.push_str(&arms);
    out.push_str("            ListCommand::Recorded(r) => r.replay(ctx),\n        }\n    }\n}\n");
    out
}
