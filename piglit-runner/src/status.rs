//! The verdict of one test, as the runner reports it.

use std::fmt;
use std::str::FromStr;

/// One test's verdict. piglit's own names map onto these (`dmesg-*` never occur here,
/// `incomplete` is a crash); `Missing` and `Flake` are the runner's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Status {
    Pass,
    Fail,
    Skip,
    Crash,
    Timeout,
    Warn,
    /// The test's binary is not installed.
    Missing,
    /// Gave different results when retried.
    Flake,
}

impl Status {
    pub const ALL: [Status; 8] = [
        Status::Pass,
        Status::Fail,
        Status::Skip,
        Status::Crash,
        Status::Timeout,
        Status::Warn,
        Status::Missing,
        Status::Flake,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Status::Pass => "Pass",
            Status::Fail => "Fail",
            Status::Skip => "Skip",
            Status::Crash => "Crash",
            Status::Timeout => "Timeout",
            Status::Warn => "Warn",
            Status::Missing => "Missing",
            Status::Flake => "Flake",
        }
    }

    /// Whether the status counts as a failure of the implementation.
    pub fn is_failure(self) -> bool {
        matches!(self, Status::Fail | Status::Crash | Status::Timeout | Status::Warn)
    }

    /// Whether the test did not exercise the implementation at all.
    pub fn is_skip(self) -> bool {
        matches!(self, Status::Skip | Status::Missing)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Status {
    type Err = String;

    /// Accepts the runner's names in any case and piglit's lower-case ones.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let status = match s.trim().to_ascii_lowercase().as_str() {
            "pass" => Status::Pass,
            "fail" | "dmesg-fail" => Status::Fail,
            "skip" | "notrun" => Status::Skip,
            "crash" | "incomplete" => Status::Crash,
            "timeout" => Status::Timeout,
            "warn" | "dmesg-warn" => Status::Warn,
            "missing" => Status::Missing,
            "flake" => Status::Flake,
            _ => return Err(format!("unknown status `{}`", s.trim())),
        };
        Ok(status)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for status in Status::ALL {
            assert_eq!(status.name().parse::<Status>(), Ok(status));
        }
    }

    #[test]
    fn piglit_names_map_onto_runner_names() {
        assert_eq!("incomplete".parse::<Status>(), Ok(Status::Crash));
        assert_eq!("dmesg-warn".parse::<Status>(), Ok(Status::Warn));
        assert!("passed".parse::<Status>().is_err());
    }
}
