//! Expectations in Mesa CI's shape: per driver, `<driver>-fails.txt` (`name,Status` of
//! every test expected not to pass), `<driver>-skips.txt` (`name,Skip` or `name,Missing`)
//! and `<driver>-flakes.txt` (`name,Flake`: any result accepted). A test in none of them
//! is expected to pass. Anything else is unexpected and fails the run.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::record::TestRecord;
use crate::status::Status;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Baseline {
    /// Expected status of tests that are not expected to pass.
    pub expected: BTreeMap<String, Status>,
    pub flakes: BTreeSet<String>,
}

/// A result that differs from the baseline.
#[derive(Clone, Debug, PartialEq)]
pub struct Unexpected {
    pub name: String,
    pub expected: Status,
    pub actual: Status,
}

impl Unexpected {
    /// How a reader should take it.
    pub fn kind(&self) -> &'static str {
        match (self.expected, self.actual) {
            (_, Status::Pass) => "new pass",
            (_, Status::Crash) => "new crash",
            (_, a) if a.is_skip() => "new skip",
            (e, a) if e.is_skip() && a.is_failure() => "now runs and fails",
            (Status::Pass, _) => "regression",
            _ => "changed failure",
        }
    }
}

pub fn file_path(dir: &Path, driver: &str, kind: &str) -> PathBuf {
    dir.join(format!("{driver}-{kind}.txt"))
}

fn parse_lines(path: &Path, text: &str, mut add: impl FnMut(String, Status)) -> Result<()> {
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // Test names may hold commas; the status is always the last field.
        let (name, status) = line
            .rsplit_once(',')
            .ok_or_else(|| Error::new(format!("{}:{}: expected `name,Status`", path.display(), number + 1)))?;
        let status = status
            .parse::<Status>()
            .map_err(|e| Error::new(format!("{}:{}: {e}", path.display(), number + 1)))?;
        add(name.to_owned(), status);
    }
    Ok(())
}

fn read_optional(path: &Path) -> Result<String> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(String::new()),
        Err(e) => Err(Error::io("read baseline", path, e)),
    }
}

impl Baseline {
    /// Loads a driver's files from `dir`; absent files are empty, an absent folder is an
    /// error (a mistyped path would otherwise expect every test to pass).
    pub fn load(dir: &Path, driver: &str) -> Result<Baseline> {
        if !dir.is_dir() {
            return Err(Error::new(format!("baseline folder {} does not exist", dir.display())));
        }
        let mut baseline = Baseline::default();
        for kind in ["fails", "skips"] {
            let path = file_path(dir, driver, kind);
            parse_lines(&path, &read_optional(&path)?, |name, status| {
                baseline.expected.insert(name, status);
            })?;
        }
        let path = file_path(dir, driver, "flakes");
        parse_lines(&path, &read_optional(&path)?, |name, _| {
            baseline.flakes.insert(name);
        })?;
        Ok(baseline)
    }

    pub fn expected(&self, name: &str) -> Status {
        self.expected.get(name).copied().unwrap_or(Status::Pass)
    }

    /// Whether `actual` is what the baseline allows for `name`.
    pub fn accepts(&self, name: &str, actual: Status) -> bool {
        self.flakes.contains(name) || actual == Status::Flake || self.expected(name) == actual
    }

    /// Every result the baseline does not allow, in name order.
    pub fn unexpected(&self, results: &[TestRecord]) -> Vec<Unexpected> {
        let mut out: Vec<Unexpected> = results
            .iter()
            .filter(|r| !self.accepts(&r.name, r.status))
            .map(|r| Unexpected { name: r.name.clone(), expected: self.expected(&r.name), actual: r.status })
            .collect();
        out.sort_by(|a, b| a.name.cmp(&b.name));
        out
    }

    /// The baseline that accepts `results`: their statuses replace the old ones, tests the
    /// run did not cover keep theirs, and flakes seen now join the known ones.
    pub fn updated(&self, results: &[TestRecord]) -> Baseline {
        let mut next = self.clone();
        for r in results {
            next.expected.remove(&r.name);
            match r.status {
                Status::Pass => {}
                Status::Flake => {
                    next.flakes.insert(r.name.clone());
                }
                other => {
                    next.expected.insert(r.name.clone(), other);
                }
            }
        }
        next
    }

    /// Writes the three files for `driver` into `dir`.
    pub fn write(&self, dir: &Path, driver: &str) -> Result<()> {
        std::fs::create_dir_all(dir).map_err(|e| Error::io("create baseline folder", dir, e))?;
        let mut fails = String::new();
        let mut skips = String::new();
        for (name, status) in &self.expected {
            let target = if status.is_skip() { &mut skips } else { &mut fails };
            let _ = writeln!(target, "{name},{status}");
        }
        let flakes: String = self.flakes.iter().map(|n| format!("{n},Flake\n")).collect();
        for (kind, text) in [("fails", fails), ("skips", skips), ("flakes", flakes)] {
            let path = file_path(dir, driver, kind);
            std::fs::write(&path, text).map_err(|e| Error::io("write baseline", &path, e))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(name: &str, status: Status) -> TestRecord {
        TestRecord::decided(name, status, String::new())
    }

    fn temp_dir(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("piglit-runner-baseline-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn regressions_new_crashes_and_new_passes_are_unexpected() {
        let dir = temp_dir("cmp");
        std::fs::write(file_path(&dir, "galvan", "fails"), "# known\na,Fail\nb, with comma,Crash\nc,Fail\n").unwrap();
        std::fs::write(file_path(&dir, "galvan", "skips"), "s,Skip\n").unwrap();
        std::fs::write(file_path(&dir, "galvan", "flakes"), "f,Flake\n").unwrap();
        let baseline = Baseline::load(&dir, "galvan").unwrap();
        assert_eq!(baseline.expected("b, with comma"), Status::Crash);
        let results = vec![
            rec("a", Status::Fail),             // as expected
            rec("b, with comma", Status::Pass), // new pass
            rec("c", Status::Crash),            // new crash
            rec("p", Status::Fail),             // regression
            rec("q", Status::Pass),             // as expected
            rec("s", Status::Skip),             // as expected
            rec("f", Status::Crash),            // known flake
            rec("g", Status::Flake),            // flaky now: reported, not failing
        ];
        let unexpected = baseline.unexpected(&results);
        let kinds: Vec<(&str, &str)> = unexpected.iter().map(|u| (u.name.as_str(), u.kind())).collect();
        assert_eq!(kinds, vec![("b, with comma", "new pass"), ("c", "new crash"), ("p", "regression")]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn update_writes_a_baseline_that_accepts_the_run() {
        let dir = temp_dir("update");
        let old = Baseline::load(&dir, "zink").unwrap();
        assert_eq!(old, Baseline::default());
        let results = vec![rec("x", Status::Fail), rec("y", Status::Pass), rec("z", Status::Missing), rec("w", Status::Flake)];
        old.updated(&results).write(&dir, "zink").unwrap();
        let reread = Baseline::load(&dir, "zink").unwrap();
        assert!(reread.unexpected(&results).is_empty());
        assert_eq!(std::fs::read_to_string(file_path(&dir, "zink", "skips")).unwrap(), "z,Missing\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn malformed_lines_name_file_and_line() {
        let dir = temp_dir("bad");
        std::fs::write(file_path(&dir, "d", "fails"), "ok,Fail\nnocomma\n").unwrap();
        let err = Baseline::load(&dir, "d").unwrap_err();
        assert!(err.0.contains("d-fails.txt:2"), "{err}");
        std::fs::write(file_path(&dir, "d", "fails"), "x,Broken\n").unwrap();
        assert!(Baseline::load(&dir, "d").unwrap_err().0.contains("Broken"));
        std::fs::remove_dir_all(&dir).unwrap();
        let err = Baseline::load(&dir, "d").unwrap_err();
        assert!(err.0.contains(&dir.display().to_string()) && err.0.contains("does not exist"), "{err}");
    }
}
