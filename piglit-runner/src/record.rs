//! What the runner keeps of one test on one driver.

use serde::{Deserialize, Serialize};

use crate::status::Status;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Subtest {
    pub name: String,
    /// piglit's own lower-case status name (`pass`, `skip`, `notrun`, ...).
    pub status: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TestRecord {
    pub name: String,
    pub status: Status,
    pub seconds: f64,
    #[serde(default)]
    pub subtests: Vec<Subtest>,
    /// Why the runner decided the status (skip reason, signal, timeout, retries).
    #[serde(default)]
    pub note: Option<String>,
    #[serde(default)]
    pub command: String,
    /// The last lines of stdout then stderr, kept for tests that did not pass.
    #[serde(default)]
    pub output_tail: Vec<String>,
}

impl TestRecord {
    /// A record for a test decided without running it.
    pub fn decided(name: &str, status: Status, note: String) -> Self {
        TestRecord {
            name: name.to_owned(),
            status,
            seconds: 0.0,
            subtests: Vec::new(),
            note: Some(note),
            command: String::new(),
            output_tail: Vec::new(),
        }
    }

    /// The top-level group the summary counts it under: `spec@<extension or version>`
    /// for spec tests, the first component otherwise.
    pub fn group(&self) -> &str {
        group_of(&self.name)
    }
}

pub fn group_of(name: &str) -> &str {
    let mut parts = name.match_indices('@');
    let first = parts.next().map(|(i, _)| i);
    match first {
        Some(i) if &name[..i] == "spec" => parts.next().map(|(j, _)| &name[..j]).unwrap_or(name),
        Some(i) => &name[..i],
        None => name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_spec_plus_one_or_the_first_component() {
        assert_eq!(group_of("spec@glsl-1.10@execution@x"), "spec@glsl-1.10");
        assert_eq!(group_of("shaders@glsl-algebraic"), "shaders");
        assert_eq!(group_of("spec@lonely"), "spec@lonely");
        assert_eq!(group_of("alone"), "alone");
    }
}
