//! Generates galvan's GL entry points from the Khronos registry (gl.xml in `khronos_api`).
//!
//! Output, in OUT_DIR:
//! - `gl_enums.rs`: every `GL_*` enum constant of desktop GL and GLES 2/3;
//! - `gl_commands.rs`: the `GlCommands` trait (one default method per command, the default
//!   records GL_INVALID_OPERATION), one `extern "system"` entry point per command, and the
//!   sorted name table behind `get_proc_address`.
//!
//! Selected commands: every command of GL 1.0 to 4.6 (core and compatibility), of GLES 2.0
//! to 3.2, and of every extension the registry marks as supported on `gl`, `glcore` or
//! `gles2`. An extension command that the registry declares an alias of a selected command
//! with the same signature resolves to that command's entry point.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::path::PathBuf;

#[path = "build_display_list.rs"]
mod display_list;

/// One parsed command of the registry.
struct Command {
    name: String,
    ret: String,
    params: Vec<(String, String)>,
    /// Each parameter's registry `len` (array size), when it has one.
    lens: Vec<Option<String>>,
    alias: Option<String>,
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let text = std::str::from_utf8(khronos_api::GL_XML).expect("gl.xml is UTF-8");
    let doc = roxmltree::Document::parse(text).expect("gl.xml parses");
    let registry = doc.root_element();

    let commands = parse_commands(registry);
    let selected = select_commands(registry);
    let versions = display_list::desktop_versions(registry);
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR is set"));

    std::fs::write(out.join("gl_enums.rs"), generate_enums(registry)).expect("write gl_enums.rs");
    std::fs::write(out.join("gl_commands.rs"), generate_commands(&commands, &selected, &versions, &out))
        .expect("write gl_commands.rs");
}

fn children<'a, 'i>(
    node: roxmltree::Node<'a, 'i>,
    tag: &'static str,
) -> impl Iterator<Item = roxmltree::Node<'a, 'i>> {
    node.children().filter(move |n| n.has_tag_name(tag))
}

/// The names of every command required by a selected API version or extension.
fn select_commands(registry: roxmltree::Node) -> BTreeSet<String> {
    let mut selected = BTreeSet::new();
    for feature in children(registry, "feature") {
        if !matches!(feature.attribute("api"), Some("gl") | Some("gles2")) {
            continue;
        }
        for require in children(feature, "require") {
            for command in children(require, "command") {
                selected.insert(command.attribute("name").unwrap().to_string());
            }
        }
    }
    for extensions in children(registry, "extensions") {
        for extension in children(extensions, "extension") {
            let supported = extension.attribute("supported").unwrap_or("");
            if !supported.split('|').any(|api| matches!(api, "gl" | "glcore" | "gles2")) {
                continue;
            }
            for require in children(extension, "require") {
                if matches!(require.attribute("api"), Some("gles1") | Some("glsc2")) {
                    continue;
                }
                for command in children(require, "command") {
                    selected.insert(command.attribute("name").unwrap().to_string());
                }
            }
        }
    }
    selected
}

fn parse_commands(registry: roxmltree::Node) -> HashMap<String, Command> {
    let mut map = HashMap::new();
    for commands in children(registry, "commands") {
        for node in children(commands, "command") {
            let proto = children(node, "proto").next().unwrap();
            let (name, ret) = parse_declaration(proto);
            let params = children(node, "param").map(parse_declaration).collect();
            let lens = children(node, "param").map(|p| p.attribute("len").map(str::to_string)).collect();
            let alias = children(node, "alias").next().map(|a| a.attribute("name").unwrap().to_string());
            map.insert(name.clone(), Command { name, ret, params, lens, alias });
        }
    }
    map
}

/// Splits a `<proto>` or `<param>` into its name and its Rust type.
fn parse_declaration(node: roxmltree::Node) -> (String, String) {
    let mut name = String::new();
    let mut base: Option<String> = None;
    // Text before the name, with the base type replaced by a marker.
    let mut decl = String::new();
    for child in node.children() {
        if child.has_tag_name("name") {
            name = child.text().unwrap_or("").to_string();
        } else if child.has_tag_name("ptype") {
            base = Some(child.text().unwrap_or("").to_string());
            decl.push_str(" @ ");
        } else if let Some(text) = child.text() {
            if !child.is_element() {
                decl.push_str(text);
            }
        }
    }
    let base = match base {
        Some(b) => rust_base_type(&b),
        None => {
            // Only `void` is spelled without a <ptype>.
            decl = decl.replacen("void", " @ ", 1);
            "c_void".to_string()
        }
    };
    let segments: Vec<&str> = decl.split('*').collect();
    let mut ty = base;
    if segments.len() == 1 && ty == "c_void" && !decl.contains('*') {
        ty = "()".to_string();
    }
    for segment in &segments[..segments.len() - 1] {
        let constness = if segment.split_whitespace().any(|w| w == "const") { "const" } else { "mut" };
        ty = format!("*{constness} {ty}");
    }
    (name, ty)
}

fn rust_base_type(c: &str) -> String {
    match c {
        "GLsync" | "GLeglImageOES" | "GLeglClientBufferEXT" => "*const c_void",
        "GLDEBUGPROC" | "GLDEBUGPROCARB" | "GLDEBUGPROCKHR" => "GLDEBUGPROC",
        "GLDEBUGPROCAMD" | "GLVULKANPROCNV" => "*const c_void",
        "GLvoid" => "c_void",
        "struct _cl_context" | "struct _cl_event" => "c_void",
        other => other,
    }
    .to_string()
}

const RUST_KEYWORDS: &[&str] = &[
    "type", "ref", "in", "fn", "box", "match", "loop", "mod", "use", "where", "impl", "struct",
    "move", "priv", "final", "override", "macro", "self", "string",
];

fn param_name(name: &str) -> String {
    if RUST_KEYWORDS.contains(&name) {
        format!("{name}_")
    } else {
        name.to_string()
    }
}

fn generate_enums(registry: roxmltree::Node) -> String {
    let mut values: BTreeMap<String, String> = BTreeMap::new();
    for enums in children(registry, "enums") {
        for e in children(enums, "enum") {
            if matches!(e.attribute("api"), Some("gles1") | Some("glsc2")) {
                continue;
            }
            let name = e.attribute("name").unwrap();
            if !name.starts_with("GL_") || values.contains_key(name) {
                continue;
            }
            let value = e.attribute("value").unwrap();
            let line = if e.attribute("type") == Some("ull") {
                format!("pub const {name}: u64 = {value};\n")
            } else if let Some(negative) = value.strip_prefix('-') {
                format!("pub const {name}: i32 = -{negative};\n")
            } else {
                format!("pub const {name}: GLenum = {value};\n")
            };
            values.insert(name.to_string(), line);
        }
    }
    let mut out = String::from("// Generated by build.rs from the Khronos gl.xml. Do not edit.\n");
    for line in values.values() {
        out.push_str(line);
    }
    out
}

/// The command whose entry point `name` shares, following registry aliases whose
/// signature is identical.
fn canonical<'a>(
    name: &'a str,
    commands: &'a HashMap<String, Command>,
    selected: &BTreeSet<String>,
) -> &'a str {
    let command = &commands[name];
    let mut current = name;
    let mut guard = 0;
    while let Some(target) = commands[current].alias.as_deref() {
        guard += 1;
        let Some(t) = commands.get(target) else { break };
        if guard > 8 || !selected.contains(target) {
            break;
        }
        let same = t.ret == command.ret
            && t.params.len() == command.params.len()
            && t.params.iter().zip(&command.params).all(|(a, b)| a.1 == b.1);
        if !same {
            break;
        }
        current = target;
    }
    current
}

/// Whether GL allows `name` between glBegin and glEnd (vertex attributes, materials,
/// evaluators, display lists, array elements, and glEnd itself); every other command
/// records GL_INVALID_OPERATION there. glBegin checks its own nesting.
fn allowed_between_begin_end(name: &str) -> bool {
    let base = name.trim_start_matches("gl");
    if matches!(base, "Begin" | "End" | "ArrayElement" | "CallList" | "CallLists" | "EdgeFlag" | "EdgeFlagv") {
        return true;
    }
    let base = ["ARB", "EXT", "NV", "OES"].iter().fold(base, |b, v| b.strip_suffix(v).unwrap_or(b));
    const PREFIXES: &[&str] = &[
        "VertexAttribI", "VertexAttribL", "VertexAttribP", "VertexAttrib", "VertexP", "Vertex", "ColorP", "Color",
        "SecondaryColorP", "SecondaryColor", "NormalP", "Normal", "MultiTexCoordP", "MultiTexCoord", "TexCoordP",
        "TexCoord", "FogCoord", "Index", "Material", "EvalCoord", "EvalPoint",
    ];
    // What follows the prefix is a component count and type suffix only (3f, 4Nubv, 2ui).
    PREFIXES.iter().any(|p| {
        base.strip_prefix(p)
            .is_some_and(|rest| !rest.is_empty() && rest.chars().all(|c| "1234Nbsifdulvh".contains(c)) || (*p == "Material" && !rest.is_empty() && rest.chars().all(|c| "ifv".contains(c))))
    })
}

fn generate_commands(
    commands: &HashMap<String, Command>,
    selected: &BTreeSet<String>,
    versions: &HashMap<String, u32>,
    out_dir: &std::path::Path,
) -> String {
    let mut recorded = BTreeMap::new();
    let implemented: Vec<&Command> = selected
        .iter()
        .filter(|name| canonical(name, commands, selected) == name.as_str())
        .map(|name| &commands[name])
        .collect();
    let index: HashMap<&str, usize> =
        implemented.iter().enumerate().map(|(i, c)| (c.name.as_str(), i)).collect();

    let mut trait_out = String::new();
    let mut entry_out = String::new();
    let mut names_out = String::new();
    for (id, c) in implemented.iter().enumerate() {
        let method = &c.name[2..];
        let params: Vec<String> =
            c.params.iter().map(|(n, t)| format!("{}: {}", param_name(n), t)).collect();
        let args: Vec<String> = c.params.iter().map(|(n, _)| param_name(n)).collect();
        let ret = if c.ret == "()" { String::new() } else { format!(" -> {}", c.ret) };
        let tail = if c.ret == "()" { "" } else { "\n        GlReturn::fallback()" };
        writeln!(
            trait_out,
            "    /// `{}`\n    unsafe fn {}(&mut self, {}){} {{\n        self.unimplemented_command({}, \"{}\");{}\n    }}",
            c.name,
            method,
            params.join(", "),
            ret,
            id,
            c.name,
            tail
        )
        .unwrap();
        let call = if allowed_between_begin_end(&c.name) { "call" } else { "call_outside_begin_end" };
        let described: Vec<(String, String, Option<String>)> =
            c.params.iter().zip(&c.lens).map(|((n, t), l)| (n.clone(), t.clone(), l.clone())).collect();
        if let Some(r) = display_list::recordable(&c.name, &c.ret, &described, versions.get(&c.name).copied()) {
            // Recorded while a display list is compiled, executed otherwise (and in
            // GL_COMPILE_AND_EXECUTE).
            let outside = call == "call_outside_begin_end";
            let record = display_list::record_expression(&c.name, &r, &args);
            writeln!(
                entry_out,
                "    pub unsafe extern \"system\" fn {}({}) {{\n        dispatch::call_listed({outside}, |ctx| {{ let _ = &ctx; {record} }}, |ctx| unsafe {{ ctx.{}({}) }})\n    }}",
                c.name,
                params.join(", "),
                method,
                args.join(", ")
            )
            .unwrap();
            writeln!(names_out, "    \"{}\",", c.name).unwrap();
            recorded.insert(c.name.clone(), (r, outside));
            continue;
        }
        writeln!(
            entry_out,
            "    pub unsafe extern \"system\" fn {}({}){} {{\n        dispatch::{}(|ctx| unsafe {{ ctx.{}({}) }})\n    }}",
            c.name,
            params.join(", "),
            ret,
            call,
            method,
            args.join(", ")
        )
        .unwrap();
        writeln!(names_out, "    \"{}\",", c.name).unwrap();
    }

    let mut table_out = String::new();
    for name in selected {
        let target = canonical(name, commands, selected);
        debug_assert!(index.contains_key(target));
        writeln!(
            table_out,
            "    ProcEntry {{ name: b\"{}\", address: entry::{} as *const c_void }},",
            name, target
        )
        .unwrap();
    }

    std::fs::write(out_dir.join("gl_list_commands.rs"), display_list::generate(&recorded)).expect("write gl_list_commands.rs");

    let mut out = String::from("// Generated by build.rs from the Khronos gl.xml. Do not edit.\n\n");
    writeln!(out, "/// Number of distinct GL entry points.\npub const COMMAND_COUNT: usize = {};\n", implemented.len()).unwrap();
    writeln!(out, "/// Number of GL names `get_proc_address` resolves (aliases included).\npub const PROC_NAME_COUNT: usize = {};\n", selected.len()).unwrap();
    out.push_str(
        "/// Every GL command. A default method records GL_INVALID_OPERATION and logs once;\n\
         /// the context overrides the commands it implements, so a signature mismatch is a\n\
         /// compile error.\n\
         #[allow(non_snake_case, unused_variables, clippy::too_many_arguments, clippy::missing_safety_doc)]\n\
         pub trait GlCommands {\n\
         \x20   /// Records that a command without an implementation was called.\n\
         \x20   fn unimplemented_command(&mut self, id: usize, name: &'static str);\n\n",
    );
    out.push_str(&trait_out);
    out.push_str("}\n\n/// The `extern \"system\"` functions handed out by `get_proc_address`.\n#[allow(non_snake_case, clippy::too_many_arguments, clippy::missing_safety_doc)]\npub mod entry {\n    use super::*;\n");
    out.push_str(&entry_out);
    out.push_str("}\n\n/// Canonical command names, indexed by command id.\npub static COMMAND_NAMES: [&str; COMMAND_COUNT] = [\n");
    out.push_str(&names_out);
    out.push_str("];\n\n/// Every resolvable name, sorted by bytes.\npub(crate) static PROC_TABLE: [ProcEntry; PROC_NAME_COUNT] = [\n");
    out.push_str(&table_out);
    out.push_str("];\n");
    out
}
