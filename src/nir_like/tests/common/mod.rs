//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// Compares `actual` with `tests/snapshots/<name>.txt`; with `UPDATE_SNAPSHOTS=1` writes it
/// instead. A changed snapshot is reviewed as a diff.
pub fn assert_snapshot(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    if expected != actual {
        panic!("snapshot {name} differs (UPDATE_SNAPSHOTS=1 to accept):\n--- expected\n{expected}\n--- actual\n{actual}");
    }
}
