//! The tables at the end of a run: per driver passed, total and pass rate, the same per
//! top-level group, and for side-by-side runs the tests where drivers disagree.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use crate::record::group_of;
use crate::report::DriverResults;
use crate::status::Status;

/// A markdown table with padded columns, readable in a terminal too.
pub fn table(header: &[String], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.len()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells.iter().zip(&widths).map(|(c, w)| format!("{c:<w$}")).collect();
        format!("| {} |\n", padded.join(" | "))
    };
    let mut out = line(header);
    let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
    out.push_str(&line(&rule));
    for row in rows {
        out.push_str(&line(row));
    }
    out
}

fn rate(passed: usize, total: usize) -> String {
    if total == 0 {
        "-".to_owned()
    } else {
        format!("{:.1}%", 100.0 * passed as f64 / total as f64)
    }
}

/// Per driver: passed, total, pass rate, and the count of every other status.
pub fn totals(runs: &[DriverResults]) -> String {
    let others = [Status::Fail, Status::Crash, Status::Timeout, Status::Warn, Status::Skip, Status::Missing, Status::Flake];
    let mut header: Vec<String> = ["Driver", "Passed", "Total", "Pass rate"].map(String::from).to_vec();
    header.extend(others.iter().map(|s| s.to_string()));
    let rows: Vec<Vec<String>> = runs
        .iter()
        .map(|run| {
            let count = |s: Status| run.tests.iter().filter(|t| t.status == s).count();
            let passed = count(Status::Pass);
            let mut row = vec![run.driver.clone(), passed.to_string(), run.tests.len().to_string(), rate(passed, run.tests.len())];
            row.extend(others.iter().map(|&s| count(s).to_string()));
            row
        })
        .collect();
    table(&header, &rows)
}

/// Per top-level group, `passed/total` for each driver.
pub fn by_group(runs: &[DriverResults]) -> String {
    let mut groups: BTreeMap<&str, Vec<(usize, usize)>> = BTreeMap::new();
    for (d, run) in runs.iter().enumerate() {
        for t in &run.tests {
            let cell = &mut groups.entry(group_of(&t.name)).or_insert_with(|| vec![(0, 0); runs.len()])[d];
            cell.1 += 1;
            if t.status == Status::Pass {
                cell.0 += 1;
            }
        }
    }
    let mut header = vec!["Group".to_owned()];
    header.extend(runs.iter().map(|r| r.driver.clone()));
    let rows: Vec<Vec<String>> = groups
        .into_iter()
        .map(|(group, cells)| {
            let mut row = vec![group.to_owned()];
            row.extend(cells.iter().map(|&(p, t)| format!("{p}/{t} ({})", rate(p, t))));
            row
        })
        .collect();
    table(&header, &rows)
}

/// Status of every test on every driver, in name order; `None` where a driver lacks it.
pub fn side_by_side(runs: &[DriverResults]) -> Vec<(String, Vec<Option<Status>>)> {
    let mut rows: BTreeMap<String, Vec<Option<Status>>> = BTreeMap::new();
    for (d, run) in runs.iter().enumerate() {
        for t in &run.tests {
            rows.entry(t.name.clone()).or_insert_with(|| vec![None; runs.len()])[d] = Some(t.status);
        }
    }
    rows.into_iter().collect()
}

/// Tests that pass on some peer but not on the first driver, and the reverse.
pub fn disagreements(runs: &[DriverResults]) -> (Vec<String>, Vec<String>) {
    let mut peer_only = Vec::new();
    let mut subject_only = Vec::new();
    for (name, statuses) in side_by_side(runs) {
        let subject_passes = statuses[0] == Some(Status::Pass);
        let peer_passes = statuses[1..].contains(&Some(Status::Pass));
        let peer_not = statuses[1..].iter().any(|s| s.is_some() && *s != Some(Status::Pass));
        let described = || {
            let cells: Vec<String> = runs
                .iter()
                .zip(&statuses)
                .map(|(r, s)| format!("{} {}", r.driver, s.map(|s| s.to_string()).unwrap_or_else(|| "-".into())))
                .collect();
            format!("{name} ({})", cells.join(", "))
        };
        if peer_passes && !subject_passes {
            peer_only.push(described());
        }
        if subject_passes && peer_not {
            subject_only.push(described());
        }
    }
    (peer_only, subject_only)
}

pub fn compare_csv(runs: &[DriverResults]) -> String {
    let mut out = String::from("name");
    for r in runs {
        out.push(',');
        out.push_str(&r.driver);
    }
    out.push('\n');
    for (name, statuses) in side_by_side(runs) {
        out.push_str(&name);
        for s in statuses {
            let _ = write!(out, ",{}", s.map(|s| s.to_string()).unwrap_or_default());
        }
        out.push('\n');
    }
    out
}

/// The whole report of a run as markdown.
pub fn markdown(runs: &[DriverResults]) -> String {
    let mut out = String::from("# piglit results\n\n");
    out.push_str(&totals(runs));
    out.push_str("\n## By group\n\n");
    out.push_str(&by_group(runs));
    if runs.len() > 1 {
        let (peer_only, subject_only) = disagreements(runs);
        let subject = &runs[0].driver;
        let _ = writeln!(out, "\n## Pass on a peer, not on {subject} ({})\n", peer_only.len());
        for line in &peer_only {
            let _ = writeln!(out, "- {line}");
        }
        let _ = writeln!(out, "\n## Pass on {subject}, not on a peer ({})\n", subject_only.len());
        for line in &subject_only {
            let _ = writeln!(out, "- {line}");
        }
    }
    out
}

/// Counts of each status, for one line of log.
pub fn counts(run: &DriverResults) -> HashMap<Status, usize> {
    let mut counts = HashMap::new();
    for t in &run.tests {
        *counts.entry(t.status).or_default() += 1;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::TestRecord;

    fn run(driver: &str, tests: &[(&str, Status)]) -> DriverResults {
        DriverResults {
            driver: driver.into(),
            platform: "surfaceless_egl".into(),
            tests: tests.iter().map(|(n, s)| TestRecord::decided(n, *s, String::new())).collect(),
        }
    }

    #[test]
    fn totals_and_groups_count_passes() {
        let runs = [run("zink", &[("spec@a@1", Status::Pass), ("spec@a@2", Status::Fail), ("shaders@x", Status::Pass)])];
        let t = totals(&runs);
        assert!(t.contains("| zink   | 2      | 3     | 66.7%"), "{t}");
        let g = by_group(&runs);
        assert!(g.contains("spec@a") && g.contains("1/2 (50.0%)"), "{g}");
        assert!(g.contains("shaders") && g.contains("1/1 (100.0%)"), "{g}");
    }

    #[test]
    fn disagreements_list_both_directions() {
        let runs = [
            run("galvan", &[("a", Status::Fail), ("b", Status::Pass), ("c", Status::Pass)]),
            run("zink", &[("a", Status::Pass), ("b", Status::Crash), ("c", Status::Pass)]),
        ];
        let (peer_only, subject_only) = disagreements(&runs);
        assert_eq!(peer_only, vec!["a (galvan Fail, zink Pass)"]);
        assert_eq!(subject_only, vec!["b (galvan Pass, zink Crash)"]);
        assert_eq!(compare_csv(&runs), "name,galvan,zink\na,Fail,Pass\nb,Pass,Crash\nc,Pass,Pass\n");
    }
}
