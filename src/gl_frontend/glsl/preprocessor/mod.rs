//! The GLSL preprocessor: directives, conditionals, macros, `#version` and `#extension`.
//! Its output is a flat list of preprocessing tokens for the lexer.

mod condition;
mod macros;
pub mod scan;

use crate::diagnostics::{Diagnostics, SourceLoc};
use crate::options::{Api, CompileOptions, Stage};
use macros::{Expander, Macro};
use scan::{scan, PpKind, PpToken};
use std::collections::HashMap;
use std::rc::Rc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    Core,
    Compatibility,
    Es,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtensionBehavior {
    Require,
    Enable,
    Warn,
    Disable,
}

/// The language version a shader declared, and what it enabled.
#[derive(Clone, Debug)]
pub struct LanguageSettings {
    pub version: u32,
    pub profile: Profile,
    /// Whether the shader had a `#version` line.
    pub explicit_version: bool,
    /// Extensions turned on by `#extension NAME : require|enable|warn`.
    pub enabled_extensions: Vec<String>,
    /// `#pragma STDGL invariant(all)`.
    pub invariant_all: bool,
    /// Where `#pragma debug(...)` and `#pragma optimize(...)` appeared: (source, line).
    pub function_pragmas: Vec<(u32, u32)>,
}

impl LanguageSettings {
    pub fn is_es(&self) -> bool {
        self.profile == Profile::Es
    }

    pub fn extension(&self, name: &str) -> bool {
        // ARB_texture_rectangle is on by default in desktop GLSL.
        (name == "GL_ARB_texture_rectangle" && !self.is_es() && !self.enabled_extensions.iter().any(|e| e == "!GL_ARB_texture_rectangle"))
            || self.enabled_extensions.iter().any(|e| e == name)
    }
}

pub struct Preprocessed {
    pub tokens: Vec<PpToken>,
    pub settings: LanguageSettings,
}

struct Conditional {
    /// Whether the enclosing group is being kept.
    parent_active: bool,
    /// Whether this group's text is kept now.
    active: bool,
    /// Whether some branch of this chain was already taken.
    taken: bool,
    seen_else: bool,
    loc: SourceLoc,
}

struct Preprocessor<'a> {
    options: &'a CompileOptions,
    diags: &'a mut Diagnostics,
    macros: HashMap<Rc<str>, Macro>,
    conditionals: Vec<Conditional>,
    settings: LanguageSettings,
    out: Vec<PpToken>,
    pending: Vec<PpToken>,
    budget_used: usize,
    saw_version_or_text: bool,
    predefined_done: bool,
    line_delta: i64,
    source_override: Option<u32>,
    failed: bool,
}

/// Preprocesses the concatenated shader sources.
pub fn preprocess(sources: &[&str], options: &CompileOptions, diags: &mut Diagnostics) -> Preprocessed {
    let text: String = sources.concat();
    let (tokens, unterminated) = scan(&text, 0);
    let es_context = options.api == Api::Gles;
    let mut pp = Preprocessor {
        options,
        diags,
        macros: HashMap::new(),
        conditionals: Vec::new(),
        settings: LanguageSettings {
            version: if es_context { 100 } else { 110 },
            profile: if es_context { Profile::Es } else { Profile::Compatibility },
            explicit_version: false,
            enabled_extensions: Vec::new(),
            invariant_all: false,
            function_pragmas: Vec::new(),
        },
        out: Vec::new(),
        pending: Vec::new(),
        budget_used: 0,
        saw_version_or_text: false,
        predefined_done: false,
        line_delta: 0,
        source_override: None,
        failed: false,
    };
    let mut line: Vec<PpToken> = Vec::new();
    for tok in tokens {
        if tok.kind == PpKind::Newline {
            let l = std::mem::take(&mut line);
            pp.line(l, tok.loc);
            if pp.failed {
                break;
            }
        } else {
            line.push(tok);
        }
    }
    pp.flush();
    if unterminated {
        let loc = pp.out.last().map(|t| t.loc).unwrap_or_default();
        pp.diags.error(loc, "unterminated comment");
    }
    if let Some(c) = pp.conditionals.last() {
        let loc = c.loc;
        pp.diags.error(loc, "unterminated #if");
    }
    Preprocessed { tokens: pp.out, settings: pp.settings }
}

fn is_reserved_name(name: &str) -> Option<&'static str> {
    if name.starts_with("GL_") {
        Some("macro names starting with \"GL_\" are reserved")
    } else if name.contains("__") {
        Some("macro names containing \"__\" are reserved for use by the implementation")
    } else {
        None
    }
}

impl Preprocessor<'_> {
    fn active(&self) -> bool {
        self.conditionals.last().map_or(true, |c| c.active)
    }

    fn line(&mut self, mut tokens: Vec<PpToken>, newline_loc: SourceLoc) {
        let _ = newline_loc;
        if tokens.is_empty() {
            return;
        }
        for t in &mut tokens {
            t.loc.line = (t.loc.line as i64 + self.line_delta).clamp(0, u32::MAX as i64) as u32;
            if let Some(s) = self.source_override {
                t.loc.source = s;
            }
        }
        if tokens[0].is("#") {
            self.flush();
            self.directive(&tokens);
        } else if self.active() {
            if !self.saw_version_or_text {
                self.saw_version_or_text = true;
                self.define_predefined();
            }
            self.pending.extend(tokens);
        }
    }

    /// Expands the text gathered since the last directive.
    fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let pending = std::mem::take(&mut self.pending);
        let mut ex = Expander {
            macros: &self.macros,
            diags: self.diags,
            version: self.settings.version,
            budget_used: &mut self.budget_used,
            failed: false,
        };
        let expanded = ex.expand(pending, 0);
        if ex.failed {
            self.failed = true;
        }
        self.out.extend(expanded);
    }

    fn define_predefined(&mut self) {
        if self.predefined_done {
            return;
        }
        self.predefined_done = true;
        let mut names: Vec<String> = Vec::new();
        let s = &self.settings;
        if s.is_es() {
            names.push("GL_ES".into());
            if self.options.stage == Stage::Fragment || s.version >= 300 {
                names.push("GL_FRAGMENT_PRECISION_HIGH".into());
            }
        } else if s.version >= 130 {
            {
                names.push("GL_FRAGMENT_PRECISION_HIGH".into());
            }
        }
        if !s.is_es() && s.version >= 150 {
            match s.profile {
                Profile::Compatibility => {
                    names.push("GL_core_profile".into());
                    names.push("GL_compatibility_profile".into());
                }
                _ => names.push("GL_core_profile".into()),
            }
        }
        for e in &self.options.extensions {
            if crate::extensions::available(e, s.version, s.is_es()) {
                names.push(e.clone());
            }
        }
        // Rectangle textures are core from GL 3.1 and their GLSL side is on by default
        // in desktop shaders (see LanguageSettings::extension), so the macro says so.
        let rect = "GL_ARB_texture_rectangle";
        if !s.is_es() && self.options.api != Api::Gles && self.options.context_version >= 31 && !names.iter().any(|n| n == rect) {
            names.push(rect.into());
        }
        for n in names {
            let body = vec![PpToken { kind: PpKind::Number, text: "1".into(), loc: SourceLoc::default(), hide: None }];
            self.macros.insert(n.into(), Macro { params: None, body, predefined: true });
        }
    }

    fn directive(&mut self, tokens: &[PpToken]) {
        let hash_loc = tokens[0].loc;
        let Some(name_tok) = tokens.get(1) else {
            return; // the null directive
        };
        let name = name_tok.text.clone();
        let args = &tokens[2..];
        match &*name {
            "if" | "ifdef" | "ifndef" => {
                let parent_active = self.active();
                let value = if !parent_active {
                    false
                } else if &*name == "if" {
                    self.eval_condition(args, hash_loc)
                } else {
                    match args {
                        [id] if id.kind == PpKind::Ident => {
                            self.define_predefined();
                            let defined = self.is_defined(&id.text);
                            defined == (&*name == "ifdef")
                        }
                        _ => {
                            self.diags.error(hash_loc, format!("#{} needs exactly one macro name", name));
                            false
                        }
                    }
                };
                self.conditionals.push(Conditional {
                    parent_active,
                    active: parent_active && value,
                    taken: value,
                    seen_else: false,
                    loc: hash_loc,
                });
            }
            "elif" => {
                let Some(c) = self.conditionals.last() else {
                    self.diags.error(hash_loc, "#elif without #if");
                    return;
                };
                if c.seen_else {
                    self.diags.error(hash_loc, "#elif after #else");
                    return;
                }
                let (parent_active, taken) = (c.parent_active, c.taken);
                let value = if parent_active && !taken { self.eval_condition(args, hash_loc) } else { false };
                let c = self.conditionals.last_mut().expect("checked above");
                c.active = parent_active && !taken && value;
                c.taken |= value;
            }
            "else" => {
                let Some(c) = self.conditionals.last_mut() else {
                    self.diags.error(hash_loc, "#else without #if");
                    return;
                };
                if c.seen_else {
                    self.diags.error(hash_loc, "multiple #else");
                    return;
                }
                c.seen_else = true;
                c.active = c.parent_active && !c.taken;
                c.taken = true;
                if !args.is_empty() && c.parent_active {
                    self.diags.error(args[0].loc, "extra tokens after #else");
                }
            }
            "endif" => {
                if self.conditionals.pop().is_none() {
                    self.diags.error(hash_loc, "#endif without #if");
                } else if !args.is_empty() && self.active() {
                    self.diags.error(args[0].loc, "extra tokens after #endif");
                }
            }
            _ if !self.active() => {}
            "version" => self.version(args, hash_loc),
            _ => {
                if !self.saw_version_or_text {
                    self.saw_version_or_text = true;
                    self.define_predefined();
                }
                match &*name {
                    "define" => self.define(args, hash_loc),
                    "undef" => self.undef(args, hash_loc),
                    "line" => self.line_directive(args, hash_loc),
                    "error" => {
                        let text: Vec<&str> = args.iter().map(|t| &*t.text).collect();
                        self.diags.error(hash_loc, format!("#error {}", text.join(" ")));
                    }
                    "pragma" => self.pragma(args),
                    "extension" => self.extension(args, hash_loc),
                    _ => self.diags.error(name_tok.loc, format!("invalid directive #{}", name)),
                }
            }
        }
    }

    fn is_defined(&self, name: &str) -> bool {
        matches!(name, "__LINE__" | "__FILE__" | "__VERSION__") || self.macros.contains_key(name)
    }

    fn eval_condition(&mut self, args: &[PpToken], loc: SourceLoc) -> bool {
        self.define_predefined();
        // `defined NAME` and `defined ( NAME )` are resolved before expansion.
        let mut replaced = Vec::new();
        let mut i = 0;
        while i < args.len() {
            if args[i].is("defined") {
                let (id, used) = if args.get(i + 1).is_some_and(|t| t.is("(")) {
                    if args.get(i + 3).is_some_and(|t| t.is(")")) {
                        (args.get(i + 2), 4)
                    } else {
                        (None, 1)
                    }
                } else {
                    (args.get(i + 1), 2)
                };
                match id {
                    Some(id) if id.kind == PpKind::Ident => {
                        let v = if self.is_defined(&id.text) { "1" } else { "0" };
                        replaced.push(PpToken { kind: PpKind::Number, text: v.into(), ..id.clone() });
                        i += used;
                    }
                    _ => {
                        self.diags.error(args[i].loc, "`defined' needs a macro name");
                        return false;
                    }
                }
            } else {
                replaced.push(args[i].clone());
                i += 1;
            }
        }
        let mut ex = Expander {
            macros: &self.macros,
            diags: self.diags,
            version: self.settings.version,
            budget_used: &mut self.budget_used,
            failed: false,
        };
        let expanded = ex.expand(replaced, 0);
        if ex.failed {
            self.failed = true;
            return false;
        }
        match condition::evaluate(&expanded, self.settings.is_es()) {
            Ok(v) => v != 0,
            Err(e) => {
                self.diags.error(loc, e);
                false
            }
        }
    }

    fn version(&mut self, args: &[PpToken], loc: SourceLoc) {
        if self.saw_version_or_text {
            self.diags.error(loc, "#version must appear on the first line");
            return;
        }
        self.saw_version_or_text = true;
        let Some(num) = args.first().filter(|t| t.kind == PpKind::Number) else {
            self.diags.error(loc, "#version needs a version number");
            return;
        };
        let Ok(version) = num.text.parse::<u32>() else {
            self.diags.error(loc, format!("invalid version `{}'", num.text));
            return;
        };
        let profile_tok = args.get(1);
        let profile = match profile_tok.map(|t| &*t.text) {
            None if version == 100 => Profile::Es,
            None if version >= 150 => Profile::Core,
            // GLSL 1.40 has no profile token: it keeps the deprecated built-ins only where
            // the context supports GL_ARB_compatibility (GLSL 1.40 section 1.2.1).
            None if version == 140 && (self.options.api == Api::GlCore || !self.options.has_extension("GL_ARB_compatibility")) => {
                Profile::Core
            }
            None => Profile::Compatibility,
            Some("es") if matches!(version, 300 | 310 | 320) => Profile::Es,
            Some("core") if version >= 150 && version != 300 && version != 310 && version != 320 => Profile::Core,
            Some("compatibility") if version >= 150 => Profile::Compatibility,
            Some(p) => {
                self.diags.error(loc, format!("\"{}\" is not a valid shading language profile for version {}", p, version));
                Profile::Core
            }
        };
        if args.len() > 2 {
            self.diags.error(args[2].loc, "extra tokens after #version");
        }
        let es = profile == Profile::Es;
        if !es && matches!(version, 300 | 310 | 320) {
            self.diags.error(loc, format!("GLSL {} needs the `es' profile", version));
        }
        if !self.options.accepts_version(version, es) {
            let shown = if es && version != 100 {
                format!("GLSL ES {}.{:02}", version / 100, version % 100)
            } else if es {
                "GLSL ES 1.00".to_string()
            } else {
                format!("GLSL {}.{:02}", version / 100, version % 100)
            };
            self.diags.error(loc, format!("{} is not supported", shown));
        }
        // A core-profile context treats a compatibility request as core.
        let profile = if profile == Profile::Compatibility && self.options.api == Api::GlCore && version >= 150 {
            Profile::Core
        } else {
            profile
        };
        self.settings.version = version;
        self.settings.profile = profile;
        self.settings.explicit_version = true;
        self.define_predefined();
    }

    fn define(&mut self, args: &[PpToken], loc: SourceLoc) {
        let Some(name) = args.first().filter(|t| t.kind == PpKind::Ident) else {
            self.diags.error(loc, "#define needs a macro name");
            return;
        };
        if matches!(&*name.text, "defined" | "__LINE__" | "__FILE__" | "__VERSION__") {
            self.diags.error(name.loc, format!("`{}' cannot be defined", name.text));
            return;
        }
        if let Some(why) = is_reserved_name(&name.text) {
            if name.text.starts_with("GL_") || self.settings.is_es() {
                self.diags.error(name.loc, why);
                return;
            }
            self.diags.warning(name.loc, why);
        }
        let mut rest = &args[1..];
        let params = if rest.first().is_some_and(|t| {
            t.is("(") && t.loc.line == name.loc.line && t.loc.column == name.loc.column + name.text.len() as u32
        }) {
            let mut params: Vec<Rc<str>> = Vec::new();
            let mut i = 1;
            if rest.get(1).is_some_and(|t| t.is(")")) {
                i = 2;
            } else {
                loop {
                    match rest.get(i) {
                        Some(p) if p.kind == PpKind::Ident => {
                            if params.iter().any(|q| **q == *p.text) {
                                self.diags.error(p.loc, format!("duplicate macro parameter `{}'", p.text));
                                return;
                            }
                            params.push(p.text.clone());
                        }
                        _ => {
                            self.diags.error(loc, "invalid macro parameter list");
                            return;
                        }
                    }
                    match rest.get(i + 1) {
                        Some(t) if t.is(",") => i += 2,
                        Some(t) if t.is(")") => {
                            i += 2;
                            break;
                        }
                        _ => {
                            self.diags.error(loc, "invalid macro parameter list");
                            return;
                        }
                    }
                }
            }
            rest = &rest[i..];
            Some(params)
        } else {
            None
        };
        if rest.first().is_some_and(|t| t.is("##")) || rest.last().is_some_and(|t| t.is("##")) {
            self.diags.error(loc, "`##' cannot appear at either end of a macro expansion");
            return;
        }
        // GLSL has token pasting but no stringification: `#' outside a directive's start
        // is no operator (GLSL 1.10 section 3.3).
        if let Some(hash) = rest.iter().find(|t| t.is("#")) {
            self.diags.error(hash.loc, "`#' is not an operator in GLSL macros (no stringification)");
            return;
        }
        let m = Macro { params, body: rest.to_vec(), predefined: false };
        if let Some(old) = self.macros.get(&*name.text) {
            if old.predefined {
                self.diags.error(name.loc, format!("redefinition of predefined macro `{}'", name.text));
                return;
            }
            if !old.same_as(&m) {
                self.diags.error(name.loc, format!("redefinition of macro `{}'", name.text));
                return;
            }
        }
        self.macros.insert(name.text.clone(), m);
    }

    fn undef(&mut self, args: &[PpToken], loc: SourceLoc) {
        let Some(name) = args.first().filter(|t| t.kind == PpKind::Ident) else {
            self.diags.error(loc, "#undef needs a macro name");
            return;
        };
        if args.len() > 1 {
            self.diags.error(args[1].loc, "extra tokens after #undef");
        }
        let builtin = matches!(&*name.text, "__LINE__" | "__FILE__" | "__VERSION__" | "defined")
            || self.macros.get(&*name.text).is_some_and(|m| m.predefined)
            || name.text.starts_with("GL_");
        if builtin {
            self.diags.error(name.loc, "built-in (pre-defined) macro names cannot be undefined");
            return;
        }
        self.macros.remove(&*name.text);
    }

    fn line_directive(&mut self, args: &[PpToken], loc: SourceLoc) {
        let mut ex = Expander {
            macros: &self.macros,
            diags: self.diags,
            version: self.settings.version,
            budget_used: &mut self.budget_used,
            failed: false,
        };
        let expanded = ex.expand(args.to_vec(), 0);
        let nums: Option<Vec<i64>> = expanded
            .iter()
            .map(|t| if t.kind == PpKind::Number { t.text.parse::<i64>().ok() } else { None })
            .collect();
        match nums.as_deref() {
            Some([line]) | Some([line, _]) => {
                // Before GLSL 3.30 (and in ESSL 1.00) the line after `#line N` is N + 1.
                let s = &self.settings;
                let next = if (!s.is_es() && s.version < 330) || (s.is_es() && s.version == 100) {
                    line + 1
                } else {
                    *line
                };
                let physical_next = loc.line as i64 - self.line_delta + 1;
                self.line_delta = next - physical_next;
                if let Some([_, source]) = nums.as_deref().map(|n| if n.len() == 2 { [n[0], n[1]] } else { [0, -1] }) {
                    if source >= 0 {
                        self.source_override = Some(source as u32);
                    }
                }
            }
            _ => self.diags.error(loc, "#line needs a line number and an optional source number"),
        }
    }

    fn pragma(&mut self, args: &[PpToken]) {
        let words: Vec<&str> = args.iter().map(|t| &*t.text).collect();
        if words == ["STDGL", "invariant", "(", "all", ")"] {
            // ESSL 3.00 section 4.6.1: fragment shaders have no outputs it could apply to.
            if self.options.stage == Stage::Fragment && self.settings.is_es() && self.settings.version >= 300 {
                let loc = args.first().map_or(SourceLoc::default(), |t| t.loc);
                self.diags.error(loc, "`#pragma STDGL invariant(all)' cannot be used in a fragment shader");
            }
            self.settings.invariant_all = true;
        }
        if matches!(words.first(), Some(&"debug" | &"optimize")) {
            if let Some(t) = args.first() {
                self.settings.function_pragmas.push((t.loc.source, t.loc.line));
            }
        }
    }

    fn extension(&mut self, args: &[PpToken], loc: SourceLoc) {
        let (name, behavior) = match args {
            [n, colon, b] if n.kind == PpKind::Ident && colon.is(":") && b.kind == PpKind::Ident => (n, b),
            _ => {
                self.diags.error(loc, "#extension needs `NAME : BEHAVIOR'");
                return;
            }
        };
        let behavior = match &*behavior.text {
            "require" => ExtensionBehavior::Require,
            "enable" => ExtensionBehavior::Enable,
            "warn" => ExtensionBehavior::Warn,
            "disable" => ExtensionBehavior::Disable,
            other => {
                self.diags.error(behavior.loc, format!("unknown extension behavior `{}'", other));
                return;
            }
        };
        if &*name.text == "all" {
            if matches!(behavior, ExtensionBehavior::Require | ExtensionBehavior::Enable) {
                self.diags.error(loc, "cannot require or enable all extensions");
            } else if behavior == ExtensionBehavior::Disable {
                self.settings.enabled_extensions.clear();
            }
            return;
        }
        let s = &self.settings;
        let supported = self.options.has_extension(&name.text)
            && crate::extensions::available(&name.text, s.version, s.is_es());
        if !supported {
            let msg = format!("extension `{}' unsupported in {} shader", name.text, self.options.stage.name());
            if behavior == ExtensionBehavior::Require {
                self.diags.error(loc, msg);
            } else {
                self.diags.warning(loc, msg);
            }
            return;
        }
        let list = &mut self.settings.enabled_extensions;
        if &*name.text == "GL_ARB_texture_rectangle" {
            // On by default in desktop GLSL: disabling it is remembered.
            list.retain(|e| e != "!GL_ARB_texture_rectangle");
            if behavior == ExtensionBehavior::Disable {
                list.push("!GL_ARB_texture_rectangle".into());
            }
        }
        if &*name.text == "GL_ARB_compatibility" && behavior != ExtensionBehavior::Disable {
            // The deprecated built-ins come back in shaders of any version.
            self.settings.profile = Profile::Compatibility;
        }
        let list = &mut self.settings.enabled_extensions;
        if behavior == ExtensionBehavior::Disable {
            list.retain(|e| *e != *name.text);
        } else if !list.iter().any(|e| *e == *name.text) {
            list.push(name.text.to_string());
            for implied in crate::extensions::implied_by(&name.text) {
                if !list.iter().any(|e| e == implied) {
                    list.push(implied.to_string());
                }
            }
        }
    }
}
