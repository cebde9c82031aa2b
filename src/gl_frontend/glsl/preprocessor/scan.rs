//! Splits shader text into preprocessing tokens: comments and line continuations gone,
//! each token tagged with its line and column, line ends kept for the directives.

use crate::diagnostics::SourceLoc;
use std::rc::Rc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PpKind {
    Ident,
    Number,
    Punct,
    /// A character no GLSL token starts with; an error if it reaches the parser.
    Other,
    Newline,
}

/// Macro names a token may no longer expand to (the "hide set" of the re-scan rule).
pub type HideSet = Option<Rc<Vec<Rc<str>>>>;

#[derive(Clone, Debug)]
pub struct PpToken {
    pub kind: PpKind,
    pub text: Rc<str>,
    pub loc: SourceLoc,
    pub hide: HideSet,
}

impl PpToken {
    pub fn is(&self, text: &str) -> bool {
        self.kind != PpKind::Newline && &*self.text == text
    }

    pub fn hidden(&self, name: &str) -> bool {
        self.hide.as_ref().is_some_and(|h| h.iter().any(|n| &**n == name))
    }
}

const PUNCT3: [&str; 2] = ["<<=", ">>="];
const PUNCT2: [&str; 19] = [
    "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "^^", "+=", "-=", "*=", "/=",
    "%=", "&=", "|=", "^=",
];
const PUNCT2_EXTRA: [&str; 1] = ["##"];

/// Tokens of the whole text, with a Newline token at every line end the directives see.
/// Returns the tokens and whether a comment was left unterminated.
pub fn scan(text: &str, source: u32) -> (Vec<PpToken>, bool) {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0usize;
    let mut line = 1u32;
    let mut line_start = 0usize;
    let mut unterminated = false;
    // Line continuations are removed but the physical lines still count.
    let skip_continuations = |i: &mut usize, line: &mut u32, line_start: &mut usize| {
        loop {
            if *i + 1 < bytes.len() && bytes[*i] == b'\\' && bytes[*i + 1] == b'\n' {
                *i += 2;
                *line += 1;
                *line_start = *i;
            } else if *i + 2 < bytes.len()
                && bytes[*i] == b'\\'
                && bytes[*i + 1] == b'\r'
                && bytes[*i + 2] == b'\n'
            {
                *i += 3;
                *line += 1;
                *line_start = *i;
            } else {
                break;
            }
        }
    };
    while i < bytes.len() {
        skip_continuations(&mut i, &mut line, &mut line_start);
        if i >= bytes.len() {
            break;
        }
        let c = bytes[i];
        let loc = SourceLoc { source, line, column: (i - line_start + 1) as u32 };
        if c == b'\n' {
            out.push(PpToken { kind: PpKind::Newline, text: "\n".into(), loc, hide: None });
            i += 1;
            line += 1;
            line_start = i;
            continue;
        }
        if c == b' ' || c == b'\t' || c == b'\r' || c == 0x0b || c == 0x0c {
            i += 1;
            continue;
        }
        if c == b'/' && i + 1 < bytes.len() && bytes[i + 1] == b'/' {
            while i < bytes.len() && bytes[i] != b'\n' {
                if bytes[i] == b'\\' {
                    let before = i;
                    skip_continuations(&mut i, &mut line, &mut line_start);
                    if i != before {
                        continue;
                    }
                }
                i += 1;
            }
            continue;
        }
        if c == b'/' && i + 1 < bytes.len() && bytes[i + 1] == b'*' {
            i += 2;
            let mut closed = false;
            while i < bytes.len() {
                let before = i;
                skip_continuations(&mut i, &mut line, &mut line_start);
                if i != before {
                    continue;
                }
                if bytes[i] == b'*' && {
                    let mut j = i + 1;
                    let (mut l2, mut ls2) = (line, line_start);
                    skip_continuations(&mut j, &mut l2, &mut ls2);
                    j < bytes.len() && bytes[j] == b'/'
                } {
                    i += 1;
                    skip_continuations(&mut i, &mut line, &mut line_start);
                    i += 1;
                    closed = true;
                    break;
                }
                if bytes[i] == b'\n' {
                    line += 1;
                    line_start = i + 1;
                }
                i += 1;
            }
            if !closed {
                unterminated = true;
            }
            continue;
        }
        let start = i;
        let mut collected = String::new();
        let kind;
        if c.is_ascii_alphabetic() || c == b'_' {
            while i < bytes.len() {
                skip_continuations(&mut i, &mut line, &mut line_start);
                if i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    collected.push(bytes[i] as char);
                    i += 1;
                } else {
                    break;
                }
            }
            kind = PpKind::Ident;
        } else if c.is_ascii_digit() || (c == b'.' && i + 1 < bytes.len() && bytes[i + 1].is_ascii_digit()) {
            while i < bytes.len() {
                skip_continuations(&mut i, &mut line, &mut line_start);
                if i >= bytes.len() {
                    break;
                }
                let b = bytes[i];
                if (b == b'+' || b == b'-')
                    && matches!(collected.as_bytes().last(), Some(b'e' | b'E'))
                    && !collected.starts_with("0x")
                    && !collected.starts_with("0X")
                {
                    collected.push(b as char);
                    i += 1;
                } else if b.is_ascii_alphanumeric() || b == b'.' || b == b'_' {
                    collected.push(b as char);
                    i += 1;
                } else {
                    break;
                }
            }
            kind = PpKind::Number;
        } else {
            let rest = &text[start..];
            let p = PUNCT3
                .iter()
                .chain(PUNCT2.iter())
                .chain(PUNCT2_EXTRA.iter())
                .find(|p| rest.starts_with(**p));
            if let Some(p) = p {
                collected.push_str(p);
                i += p.len();
                kind = PpKind::Punct;
            } else if b"+-*/%<>=!&|^~?:;,.()[]{}#".contains(&c) {
                collected.push(c as char);
                i += 1;
                kind = PpKind::Punct;
            } else {
                // Keep multi-byte characters whole so messages show them.
                let ch = text[start..].chars().next().unwrap_or('?');
                collected.push(ch);
                i += ch.len_utf8();
                kind = PpKind::Other;
            }
        }
        out.push(PpToken { kind, text: collected.into(), loc, hide: None });
    }
    let loc = SourceLoc { source, line, column: (i - line_start + 1) as u32 };
    out.push(PpToken { kind: PpKind::Newline, text: "\n".into(), loc, hide: None });
    (out, unterminated)
}
