//! Turning a finished test process (its exit and its `PIGLIT:` lines) into a verdict,
//! with piglit's own rules for results, subtests and exit codes.

use crate::status::Status;

/// How the process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
}

/// piglit's statuses, in its order of badness, kept apart from the runner's `Status`
/// because piglit ranks `notrun` and `skip` below `pass` when it reduces subtests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PiglitStatus {
    NotRun,
    Skip,
    Pass,
    Warn,
    Fail,
    Timeout,
    Crash,
    Incomplete,
}

impl PiglitStatus {
    pub fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "notrun" => PiglitStatus::NotRun,
            "skip" => PiglitStatus::Skip,
            "pass" => PiglitStatus::Pass,
            "warn" | "dmesg-warn" => PiglitStatus::Warn,
            "fail" | "dmesg-fail" => PiglitStatus::Fail,
            "timeout" => PiglitStatus::Timeout,
            "crash" => PiglitStatus::Crash,
            "incomplete" => PiglitStatus::Incomplete,
            _ => return None,
        })
    }

    /// (counts toward totals, severity): piglit's comparison key.
    fn key(self) -> (u8, u8) {
        match self {
            PiglitStatus::NotRun | PiglitStatus::Skip => (0, 0),
            PiglitStatus::Pass => (1, 0),
            PiglitStatus::Warn => (1, 10),
            PiglitStatus::Fail => (1, 30),
            PiglitStatus::Timeout => (1, 50),
            PiglitStatus::Crash => (1, 60),
            PiglitStatus::Incomplete => (1, 100),
        }
    }

    /// piglit's `a > b`, which `max()` uses: the first of equals wins.
    fn worse_than(self, other: Self) -> bool {
        let (a, b) = (self.key(), other.key());
        a.0 > b.0 || a.1 > b.1
    }

    pub fn to_status(self) -> Status {
        match self {
            PiglitStatus::Skip => Status::Skip,
            PiglitStatus::Pass => Status::Pass,
            PiglitStatus::Warn => Status::Warn,
            PiglitStatus::Fail => Status::Fail,
            PiglitStatus::Timeout => Status::Timeout,
            // A test that reported nothing, or never finished, crashed.
            PiglitStatus::NotRun | PiglitStatus::Crash | PiglitStatus::Incomplete => Status::Crash,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            PiglitStatus::NotRun => "notrun",
            PiglitStatus::Skip => "skip",
            PiglitStatus::Pass => "pass",
            PiglitStatus::Warn => "warn",
            PiglitStatus::Fail => "fail",
            PiglitStatus::Timeout => "timeout",
            PiglitStatus::Crash => "crash",
            PiglitStatus::Incomplete => "incomplete",
        }
    }
}

/// The verdict read from one run of a test.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub status: Status,
    /// Subtests in the order the test named them.
    pub subtests: Vec<(String, PiglitStatus)>,
    /// Why the verdict is not what the test itself said, when the runner decided it.
    pub note: Option<String>,
}

/// Reads a finished test's stdout and exit the way piglit does: `PIGLIT:` lines carry
/// JSON (`result`, `subtest`, `enumerate subtests`); a signal is a crash; a non-zero
/// exit turns a pass into a warn and anything else into a fail. Unlike piglit, a test
/// that reports no result at all is a crash rather than `notrun`.
pub fn interpret(stdout: &str, exit: Exit) -> Outcome {
    let mut raw = PiglitStatus::NotRun;
    let mut subtests: Vec<(String, PiglitStatus)> = Vec::new();
    let mut note = None;
    let set_subtest = |subtests: &mut Vec<(String, PiglitStatus)>, name: String, s| {
        match subtests.iter_mut().find(|(n, _)| *n == name) {
            Some(entry) => entry.1 = s,
            None => subtests.push((name, s)),
        }
    };

    for line in stdout.split('\n') {
        let Some(payload) = line.strip_prefix("PIGLIT:") else { continue };
        let parsed: Result<serde_json::Value, _> = serde_json::from_str(payload.trim());
        let Ok(serde_json::Value::Object(map)) = parsed else {
            note = Some(format!("unreadable result line `{}`", line.trim()));
            raw = PiglitStatus::Fail;
            break;
        };
        if let Some(names) = map.get("enumerate subtests").and_then(|v| v.as_array()) {
            for name in names.iter().filter_map(|n| n.as_str()) {
                set_subtest(&mut subtests, name.to_owned(), PiglitStatus::NotRun);
            }
        } else if let Some(result) = map.get("result") {
            match result.as_str().and_then(PiglitStatus::parse) {
                Some(s) => raw = s,
                None => {
                    note = Some(format!("unknown result in `{}`", line.trim()));
                    raw = PiglitStatus::Fail;
                }
            }
        } else if let Some(entries) = map.get("subtest").and_then(|v| v.as_object()) {
            for (name, value) in entries {
                match value.as_str().and_then(PiglitStatus::parse) {
                    Some(s) => set_subtest(&mut subtests, name.clone(), s),
                    None => note = Some(format!("unknown subtest result in `{}`", line.trim())),
                }
            }
        }
    }

    // A test that said nothing at all has not run to its end.
    let reported = raw != PiglitStatus::NotRun || !subtests.is_empty();
    if raw == PiglitStatus::Skip {
        for entry in subtests.iter_mut().filter(|(_, s)| *s == PiglitStatus::NotRun) {
            entry.1 = PiglitStatus::Skip;
        }
    }

    let reduced = |raw: PiglitStatus, subtests: &[(String, PiglitStatus)]| {
        if subtests.is_empty() || raw == PiglitStatus::Crash {
            return raw;
        }
        let mut worst = subtests[0].1;
        for &(_, s) in &subtests[1..] {
            if s.worse_than(worst) {
                worst = s;
            }
        }
        worst
    };

    match exit {
        Exit::Signal(signal) => {
            raw = PiglitStatus::Crash;
            if let Some(entry) = subtests.iter_mut().find(|(_, s)| *s == PiglitStatus::NotRun) {
                entry.1 = PiglitStatus::Crash;
            }
            note = Some(format!("killed by signal {signal}"));
        }
        Exit::Code(0) => {}
        Exit::Code(code) => {
            raw = if reduced(raw, &subtests) == PiglitStatus::Pass {
                PiglitStatus::Warn
            } else {
                PiglitStatus::Fail
            };
            note.get_or_insert_with(|| format!("exit status {code}"));
        }
    }

    let final_status = reduced(raw, &subtests);
    let status = match exit {
        Exit::Code(code) if !reported => {
            note = Some(format!("exited with status {code} without a PIGLIT result line"));
            Status::Crash
        }
        _ => final_status.to_status(),
    };
    Outcome { status, subtests, note }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_results() {
        assert_eq!(interpret("hello\nPIGLIT: {\"result\": \"pass\" }\n", Exit::Code(0)).status, Status::Pass);
        assert_eq!(interpret("PIGLIT: {\"result\": \"fail\" }\n", Exit::Code(0)).status, Status::Fail);
        assert_eq!(interpret("PIGLIT: {\"result\": \"skip\" }\n", Exit::Code(0)).status, Status::Skip);
    }

    #[test]
    fn nonzero_exit_turns_pass_into_warn_and_skip_into_fail() {
        assert_eq!(interpret("PIGLIT: {\"result\": \"pass\" }\n", Exit::Code(1)).status, Status::Warn);
        assert_eq!(interpret("PIGLIT: {\"result\": \"skip\" }\n", Exit::Code(1)).status, Status::Fail);
    }

    #[test]
    fn signal_or_silence_is_a_crash() {
        assert_eq!(interpret("PIGLIT: {\"result\": \"pass\" }\n", Exit::Signal(6)).status, Status::Crash);
        assert_eq!(interpret("some output\n", Exit::Code(0)).status, Status::Crash);
        assert_eq!(interpret("", Exit::Code(1)).status, Status::Crash);
    }

    #[test]
    fn subtests_reduce_to_the_worst_and_skip_below_pass() {
        let out = "PIGLIT: {\"enumerate subtests\": [\"a\", \"b\", \"c\"]}\n\
                   PIGLIT: {\"subtest\": {\"a\" : \"pass\"}}\n\
                   PIGLIT: {\"subtest\": {\"b\" : \"skip\"}}\n\
                   PIGLIT: {\"subtest\": {\"c\" : \"pass\"}}\n\
                   PIGLIT: {\"result\": \"pass\" }\n";
        let o = interpret(out, Exit::Code(0));
        assert_eq!(o.status, Status::Pass);
        assert_eq!(o.subtests.len(), 3);
        let out = "PIGLIT: {\"subtest\": {\"a\" : \"fail\"}}\nPIGLIT: {\"subtest\": {\"b\" : \"pass\"}}\nPIGLIT: {\"result\": \"pass\" }\n";
        assert_eq!(interpret(out, Exit::Code(0)).status, Status::Fail);
    }

    #[test]
    fn skip_result_marks_unrun_subtests_skipped() {
        let out = "PIGLIT: {\"enumerate subtests\": [\"a\", \"b\"]}\nPIGLIT: {\"result\": \"skip\" }\n";
        let o = interpret(out, Exit::Code(0));
        assert_eq!(o.status, Status::Skip);
        assert!(o.subtests.iter().all(|(_, s)| *s == PiglitStatus::Skip));
    }

    #[test]
    fn crash_marks_the_first_unrun_subtest() {
        let out = "PIGLIT: {\"enumerate subtests\": [\"a\", \"b\"]}\nPIGLIT: {\"subtest\": {\"a\" : \"pass\"}}\n";
        let o = interpret(out, Exit::Signal(11));
        assert_eq!(o.status, Status::Crash);
        assert_eq!(o.subtests[1], ("b".to_owned(), PiglitStatus::Crash));
    }

    #[test]
    fn garbage_result_line_is_a_fail_not_a_panic() {
        let o = interpret("PIGLIT: {\"result\": \n", Exit::Code(0));
        assert_eq!(o.status, Status::Fail);
        assert!(o.note.is_some());
        assert_eq!(interpret("PIGLIT: {\"result\": \"great\"}\n", Exit::Code(0)).status, Status::Fail);
    }
}
