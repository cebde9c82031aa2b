//! Compile and link messages, formatted the way Mesa writes its info logs so that
//! programs and tests that parse "0:LINE(COL): error: ..." keep working.

use std::fmt::Write;

/// Where a token starts: source string, 1-based line, 1-based column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SourceLoc {
    pub source: u32,
    pub line: u32,
    pub column: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub loc: SourceLoc,
    pub severity: Severity,
    pub message: String,
}

/// The messages of one compile or link, in the order they were found.
#[derive(Clone, Debug, Default)]
pub struct Diagnostics {
    pub list: Vec<Diagnostic>,
}

/// More errors than this are dropped: a pathological shader must not produce a
/// gigantic log.
const MAX_MESSAGES: usize = 200;

impl Diagnostics {
    pub fn error(&mut self, loc: SourceLoc, message: impl Into<String>) {
        self.push(loc, Severity::Error, message.into());
    }

    pub fn warning(&mut self, loc: SourceLoc, message: impl Into<String>) {
        self.push(loc, Severity::Warning, message.into());
    }

    fn push(&mut self, loc: SourceLoc, severity: Severity, message: String) {
        if self.list.len() < MAX_MESSAGES {
            self.list.push(Diagnostic { loc, severity, message });
        } else if severity == Severity::Error && !self.has_errors() {
            self.list.push(Diagnostic { loc, severity, message });
        }
    }

    pub fn has_errors(&self) -> bool {
        self.list.iter().any(|d| d.severity == Severity::Error)
    }

    pub fn error_count(&self) -> usize {
        self.list.iter().filter(|d| d.severity == Severity::Error).count()
    }

    /// The info log: one line per message.
    pub fn to_log(&self) -> String {
        let mut out = String::new();
        for d in &self.list {
            let kind = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            let _ = writeln!(
                out,
                "{}:{}({}): {}: {}",
                d.loc.source, d.loc.line, d.loc.column, kind, d.message
            );
        }
        out
    }
}
