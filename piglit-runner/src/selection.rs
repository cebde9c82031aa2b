//! Which tests of the loaded profiles a run takes: regexes, a name list, and a shard.

use std::collections::HashSet;
use std::path::Path;

use regex::{Regex, RegexBuilder};

use crate::error::{Error, Result};
use crate::profile::TestEntry;

/// The choice of tests, applied in this order: list, include, exclude, shard.
#[derive(Debug, Default)]
pub struct Selection {
    pub include: Vec<Regex>,
    pub exclude: Vec<Regex>,
    /// Lower-cased names; `None` takes every test.
    pub names: Option<HashSet<String>>,
    /// Take every `fraction`-th test starting at the 1-based `fraction_start`.
    pub fraction: usize,
    pub fraction_start: usize,
}

/// Compiles a case-insensitive search regex, as piglit's `-t`/`-x` do.
pub fn compile(pattern: &str, flag: &str) -> Result<Regex> {
    RegexBuilder::new(pattern)
        .case_insensitive(true)
        .build()
        .map_err(|e| {
            // regex errors span several lines; the last one says what is wrong.
            let text = e.to_string();
            let reason = text.lines().last().unwrap_or("invalid").trim().to_owned();
            Error::new(format!("bad {flag} regex `{pattern}`: {reason}"))
        })
}

/// Reads a file of test names, one a line; blank lines and `#` comments are ignored.
pub fn read_name_list(path: &Path) -> Result<HashSet<String>> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::io("read test list", path, e))?;
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_lowercase)
        .collect())
}

impl Selection {
    pub fn new(include: &[String], exclude: &[String], list: Option<&Path>, fraction: usize, fraction_start: usize) -> Result<Self> {
        if fraction == 0 {
            return Err(Error::new("--fraction must be at least 1"));
        }
        if fraction_start == 0 || fraction_start > fraction {
            return Err(Error::new(format!("--fraction-start must be between 1 and --fraction ({fraction})")));
        }
        Ok(Selection {
            include: include.iter().map(|p| compile(p, "--include")).collect::<Result<_>>()?,
            exclude: exclude.iter().map(|p| compile(p, "--exclude")).collect::<Result<_>>()?,
            names: list.map(read_name_list).transpose()?,
            fraction,
            fraction_start,
        })
    }

    fn wanted(&self, name: &str) -> bool {
        if let Some(names) = &self.names {
            if !names.contains(&name.to_lowercase()) {
                return false;
            }
        }
        if !self.include.is_empty() && !self.include.iter().any(|r| r.is_match(name)) {
            return false;
        }
        !self.exclude.iter().any(|r| r.is_match(name))
    }

    /// The selected tests in profile order. Shards split the filtered list, so shards of
    /// the same selection never overlap and together cover it.
    pub fn apply(&self, tests: Vec<TestEntry>) -> Vec<TestEntry> {
        tests
            .into_iter()
            .filter(|t| self.wanted(&t.name))
            .enumerate()
            .filter(|(i, _)| i % self.fraction == self.fraction_start - 1)
            .map(|(_, t)| t)
            .collect()
    }

    /// Names in the list that no loaded test carries.
    pub fn unknown_names(&self, tests: &[TestEntry]) -> Vec<String> {
        let Some(names) = &self.names else { return Vec::new() };
        let known: HashSet<String> = tests.iter().map(|t| t.name.to_lowercase()).collect();
        let mut unknown: Vec<String> = names.difference(&known).cloned().collect();
        unknown.sort();
        unknown
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::TestKind;

    fn tests(names: &[&str]) -> Vec<TestEntry> {
        names
            .iter()
            .map(|n| TestEntry {
                name: n.to_string(),
                kind: TestKind::Cl,
                command: vec!["x".into()],
                run_concurrent: true,
                env: vec![],
            })
            .collect()
    }

    fn names(list: Vec<TestEntry>) -> Vec<String> {
        list.into_iter().map(|t| t.name).collect()
    }

    #[test]
    fn include_and_exclude_are_case_insensitive_searches() {
        let s = Selection::new(&["GLSL-1\\.10".into()], &["vs".into()], None, 1, 1).unwrap();
        let all = tests(&["spec@glsl-1.10@fs", "spec@glsl-1.10@vs", "spec@glsl-1.20@fs"]);
        assert_eq!(names(s.apply(all)), vec!["spec@glsl-1.10@fs"]);
    }

    #[test]
    fn shards_partition_the_selection() {
        let all: Vec<String> = (0..10).map(|i| format!("t{i}")).collect();
        let refs: Vec<&str> = all.iter().map(String::as_str).collect();
        let mut seen = Vec::new();
        for start in 1..=3 {
            let s = Selection::new(&[], &[], None, 3, start).unwrap();
            let shard = names(s.apply(tests(&refs)));
            assert!(shard.len() == 3 || shard.len() == 4);
            seen.extend(shard);
        }
        seen.sort();
        let mut expected = all.clone();
        expected.sort();
        assert_eq!(seen, expected);
    }

    #[test]
    fn list_file_selects_by_name_and_reports_unknown_ones() {
        let path = std::env::temp_dir().join(format!("piglit-runner-list-{}", std::process::id()));
        std::fs::write(&path, "# comment\nT2\n\nt9\n").unwrap();
        let s = Selection::new(&[], &[], Some(&path), 1, 1).unwrap();
        let all = tests(&["t1", "t2", "t3"]);
        assert_eq!(s.unknown_names(&all), vec!["t9"]);
        assert_eq!(names(s.apply(all)), vec!["t2"]);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn bad_input_names_itself() {
        let err = Selection::new(&["(unclosed".into()], &[], None, 1, 1).unwrap_err();
        assert!(err.0.contains("(unclosed"), "{err}");
        let err = Selection::new(&[], &[], Some(Path::new("/nonexistent/list.txt")), 1, 1).unwrap_err();
        assert!(err.0.contains("/nonexistent/list.txt"), "{err}");
        assert!(Selection::new(&[], &[], None, 2, 3).is_err());
    }
}
