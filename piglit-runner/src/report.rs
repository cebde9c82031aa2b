//! A driver's results on disk: `results.csv` (`name,Status,seconds`), `results.json`
//! (with subtests and output tails) and `junit.xml`, all sorted by test name.

use std::fmt::Write as _;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::record::TestRecord;
use crate::status::Status;

/// Everything `results.json` holds.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DriverResults {
    pub driver: String,
    pub platform: String,
    pub tests: Vec<TestRecord>,
}

impl DriverResults {
    pub fn sort(&mut self) {
        self.tests.sort_by(|a, b| a.name.cmp(&b.name));
    }
}

pub fn csv(results: &DriverResults) -> String {
    let mut out = String::new();
    for t in &results.tests {
        let _ = writeln!(out, "{},{},{:.3}", t.name, t.status, t.seconds);
    }
    out
}

fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // XML 1.0 cannot carry most control characters, even escaped.
            c if (c as u32) < 0x20 && !matches!(c, '\n' | '\t' | '\r') => out.push('?'),
            c => out.push(c),
        }
    }
    out
}

pub fn junit(results: &DriverResults) -> String {
    let count = |pred: fn(Status) -> bool| results.tests.iter().filter(|t| pred(t.status)).count();
    let failures = count(Status::is_failure);
    let skipped = count(Status::is_skip);
    let time: f64 = results.tests.iter().map(|t| t.seconds).sum();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites><testsuite name=\"piglit-{}\" tests=\"{}\" failures=\"{failures}\" skipped=\"{skipped}\" time=\"{time:.3}\">",
        xml_escape(&results.driver),
        results.tests.len()
    );
    for t in &results.tests {
        let (classname, case) = t.name.rsplit_once('@').unwrap_or(("", &t.name));
        let _ = write!(
            out,
            "<testcase classname=\"{}\" name=\"{}\" time=\"{:.3}\">",
            xml_escape(&classname.replace('@', ".")),
            xml_escape(case),
            t.seconds
        );
        let detail = xml_escape(&t.note.iter().cloned().chain(t.output_tail.iter().cloned()).collect::<Vec<_>>().join("\n"));
        if t.status.is_failure() {
            let _ = write!(out, "<failure type=\"{}\" message=\"{}\">{detail}</failure>", t.status, t.status);
        } else if t.status.is_skip() {
            let _ = write!(out, "<skipped message=\"{}\"/>", t.status);
        } else if t.status == Status::Flake {
            let _ = write!(out, "<system-out>Flake: {detail}</system-out>");
        }
        out.push_str("</testcase>\n");
    }
    out.push_str("</testsuite></testsuites>\n");
    out
}

/// Writes the three files into `dir`.
pub fn write(dir: &Path, results: &DriverResults) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| Error::io("create output folder", dir, e))?;
    let json = serde_json::to_string_pretty(results).map_err(|e| Error::new(format!("cannot encode results: {e}")))?;
    for (file, text) in [("results.csv", csv(results)), ("results.json", json), ("junit.xml", junit(results))] {
        let path = dir.join(file);
        std::fs::write(&path, text).map_err(|e| Error::io("write", &path, e))?;
    }
    Ok(())
}

/// Reads a `results.json` written by `write`.
pub fn read(path: &Path) -> Result<DriverResults> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::io("read results", path, e))?;
    serde_json::from_str(&text).map_err(|e| Error::new(format!("{} is not a results.json: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> DriverResults {
        let mut fail = TestRecord::decided("spec@a@x<1>", Status::Fail, "exit status 1".into());
        fail.output_tail = vec!["Probe at (0,0) & more".into()];
        let mut results = DriverResults {
            driver: "llvmpipe".into(),
            platform: "surfaceless_egl".into(),
            tests: vec![fail, TestRecord::decided("spec@a@b", Status::Pass, String::new())],
        };
        results.sort();
        results
    }

    #[test]
    fn csv_lines_are_sorted_name_status_seconds() {
        assert_eq!(csv(&sample()), "spec@a@b,Pass,0.000\nspec@a@x<1>,Fail,0.000\n");
    }

    #[test]
    fn junit_escapes_and_marks_failures() {
        let xml = junit(&sample());
        assert!(xml.contains("name=\"x&lt;1&gt;\""), "{xml}");
        assert!(xml.contains("<failure type=\"Fail\""));
        assert!(xml.contains("Probe at (0,0) &amp; more"));
        roxmltree::Document::parse(&xml).expect("junit output is well-formed XML");
    }

    #[test]
    fn json_round_trips() {
        let dir = std::env::temp_dir().join(format!("piglit-runner-report-{}", std::process::id()));
        write(&dir, &sample()).unwrap();
        let back = read(&dir.join("results.json")).unwrap();
        assert_eq!(back.tests, sample().tests);
        std::fs::write(dir.join("bad.json"), "{").unwrap();
        assert!(read(&dir.join("bad.json")).unwrap_err().0.contains("bad.json"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
