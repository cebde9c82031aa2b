//! Macro definitions and their expansion with the re-scan rule: a token produced by
//! expanding macro M never expands M again (its hide set holds M).

use super::scan::{scan, HideSet, PpKind, PpToken};
use crate::diagnostics::{Diagnostics, SourceLoc};
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

#[derive(Clone, Debug)]
pub struct Macro {
    /// `None` for an object-like macro.
    pub params: Option<Vec<Rc<str>>>,
    pub body: Vec<PpToken>,
    pub predefined: bool,
}

impl Macro {
    /// Whether a redefinition says the same thing (the only legal redefinition).
    pub fn same_as(&self, other: &Macro) -> bool {
        self.params == other.params
            && self.body.len() == other.body.len()
            && self.body.iter().zip(&other.body).all(|(a, b)| a.text == b.text)
    }
}

/// Tokens one shader may produce by expansion before the preprocessor gives up: guards
/// against exponential macro bombs.
const EXPANSION_BUDGET: usize = 1_000_000;
/// Nesting of macro invocations inside arguments.
const MAX_ARG_DEPTH: u32 = 128;

pub struct Expander<'a> {
    pub macros: &'a HashMap<Rc<str>, Macro>,
    pub diags: &'a mut Diagnostics,
    pub version: u32,
    pub budget_used: &'a mut usize,
    pub failed: bool,
}

fn with_hide(tok: &PpToken, extra: &HideSet, name: &Rc<str>) -> PpToken {
    let mut set: Vec<Rc<str>> = tok.hide.as_ref().map(|h| (**h).clone()).unwrap_or_default();
    if let Some(e) = extra {
        for n in e.iter() {
            if !set.contains(n) {
                set.push(n.clone());
            }
        }
    }
    if !set.contains(name) {
        set.push(name.clone());
    }
    PpToken { hide: Some(Rc::new(set)), ..tok.clone() }
}

impl Expander<'_> {
    fn charge(&mut self, n: usize, loc: SourceLoc) -> bool {
        *self.budget_used += n;
        if *self.budget_used > EXPANSION_BUDGET {
            if !self.failed {
                self.diags.error(loc, "macro expansion exceeds the implementation's limit");
            }
            self.failed = true;
            return false;
        }
        true
    }

    /// Fully expands `input`; newlines in it must already be removed.
    pub fn expand(&mut self, input: Vec<PpToken>, depth: u32) -> Vec<PpToken> {
        let mut queue: VecDeque<PpToken> = input.into();
        let mut out = Vec::new();
        while let Some(tok) = queue.pop_front() {
            if self.failed {
                return out;
            }
            if tok.kind != PpKind::Ident || tok.hidden(&tok.text) {
                out.push(tok);
                continue;
            }
            match &*tok.text {
                "__LINE__" => {
                    out.push(PpToken { kind: PpKind::Number, text: tok.loc.line.to_string().into(), ..tok });
                    continue;
                }
                "__FILE__" => {
                    out.push(PpToken { kind: PpKind::Number, text: tok.loc.source.to_string().into(), ..tok });
                    continue;
                }
                "__VERSION__" => {
                    out.push(PpToken { kind: PpKind::Number, text: self.version.to_string().into(), ..tok });
                    continue;
                }
                _ => {}
            }
            let Some((name, m)) = self.macros.get_key_value(&*tok.text) else {
                out.push(tok);
                continue;
            };
            let name = name.clone();
            match &m.params {
                None => {
                    if !self.charge(m.body.len() + 1, tok.loc) {
                        return out;
                    }
                    let body = m.body.clone();
                    let result = self.substitute(&body, &[], &[], depth, tok.loc);
                    for b in result.iter().rev() {
                        let mut t = with_hide(b, &tok.hide, &name);
                        t.loc = tok.loc;
                        queue.push_front(t);
                    }
                }
                Some(params) => {
                    if !queue.front().is_some_and(|t| t.is("(")) {
                        out.push(tok);
                        continue;
                    }
                    queue.pop_front();
                    let Some(args) = self.collect_args(&mut queue, &tok) else {
                        return out;
                    };
                    let arg_count_ok = args.len() == params.len()
                        || (params.is_empty() && args.len() == 1 && args[0].is_empty());
                    if !arg_count_ok {
                        self.diags.error(
                            tok.loc,
                            format!("macro `{}' invoked with {} arguments, expected {}", name, args.len(), params.len()),
                        );
                        self.failed = true;
                        return out;
                    }
                    if depth > MAX_ARG_DEPTH {
                        self.diags.error(tok.loc, "macro invocations nested too deeply");
                        self.failed = true;
                        return out;
                    }
                    let body = m.body.clone();
                    let params = params.clone();
                    let result = self.substitute(&body, &params, &args, depth, tok.loc);
                    if !self.charge(result.len() + 1, tok.loc) {
                        return out;
                    }
                    for r in result.into_iter().rev() {
                        let mut t = with_hide(&r, &tok.hide, &name);
                        t.loc = tok.loc;
                        queue.push_front(t);
                    }
                }
            }
        }
        out
    }

    fn collect_args(&mut self, queue: &mut VecDeque<PpToken>, name: &PpToken) -> Option<Vec<Vec<PpToken>>> {
        let mut args = vec![Vec::new()];
        let mut level = 0u32;
        loop {
            let Some(t) = queue.pop_front() else {
                self.diags.error(name.loc, format!("unterminated invocation of macro `{}'", name.text));
                self.failed = true;
                return None;
            };
            if t.is("(") {
                level += 1;
            } else if t.is(")") {
                if level == 0 {
                    return Some(args);
                }
                level -= 1;
            } else if t.is(",") && level == 0 {
                args.push(Vec::new());
                continue;
            }
            args.last_mut().expect("starts with one").push(t);
        }
    }

    fn substitute(
        &mut self,
        body: &[PpToken],
        params: &[Rc<str>],
        args: &[Vec<PpToken>],
        depth: u32,
        loc: SourceLoc,
    ) -> Vec<PpToken> {
        let param_index = |t: &PpToken| {
            if t.kind == PpKind::Ident {
                params.iter().position(|p| **p == *t.text)
            } else {
                None
            }
        };
        let mut expanded_args: Vec<Option<Vec<PpToken>>> = vec![None; args.len()];
        let mut out: Vec<PpToken> = Vec::new();
        let mut i = 0;
        while i < body.len() {
            let t = &body[i];
            let next_is_paste = body.get(i + 1).is_some_and(|n| n.is("##"));
            let prev_is_paste = i > 0 && body[i - 1].is("##");
            if t.is("##") {
                // Paste the last produced token with the first token of the operand.
                let Some(right) = body.get(i + 1) else { break };
                let right_tokens: Vec<PpToken> = match param_index(right) {
                    Some(p) => args[p].clone(),
                    None => vec![right.clone()],
                };
                let mut rest = right_tokens.into_iter();
                if let Some(first) = rest.next() {
                    if let Some(left) = out.pop() {
                        let joined = format!("{}{}", left.text, first.text);
                        let (mut toks, _) = scan(&joined, loc.source);
                        toks.retain(|t| t.kind != PpKind::Newline);
                        if toks.len() != 1 {
                            self.diags.error(loc, format!("pasting \"{}\" and \"{}\" does not give a valid preprocessing token", left.text, first.text));
                            self.failed = true;
                            return out;
                        }
                        let mut pasted = toks.pop().expect("one token");
                        pasted.loc = left.loc;
                        out.push(pasted);
                    } else {
                        out.push(first);
                    }
                }
                out.extend(rest);
                i += 2;
                continue;
            }
            match param_index(t) {
                Some(p) if next_is_paste || prev_is_paste => out.extend(args[p].iter().cloned()),
                Some(p) => {
                    if expanded_args[p].is_none() {
                        let e = self.expand(args[p].clone(), depth + 1);
                        expanded_args[p] = Some(e);
                    }
                    out.extend(expanded_args[p].as_ref().expect("just set").iter().cloned());
                }
                None => out.push(t.clone()),
            }
            i += 1;
        }
        out
    }
}
