//! Putting the outputs of shards (or of separate runs) back together: results of the same
//! driver are joined, a test present in several keeps its first record.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::report::{self, DriverResults};

/// The `results.json` files of an output folder: its own, or one per driver folder.
pub fn results_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let own = dir.join("results.json");
    if own.is_file() {
        return Ok(vec![own]);
    }
    let entries = std::fs::read_dir(dir).map_err(|e| Error::io("read results folder", dir, e))?;
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path().join("results.json"))
        .filter(|p| p.is_file())
        .collect();
    found.sort();
    if found.is_empty() {
        return Err(Error::new(format!("no results.json in {} or its folders", dir.display())));
    }
    Ok(found)
}

/// Joins results by driver, in the order drivers are first seen.
pub fn merge(parts: Vec<DriverResults>) -> Vec<DriverResults> {
    let mut order: Vec<String> = Vec::new();
    let mut by_driver: BTreeMap<String, (DriverResults, HashSet<String>)> = BTreeMap::new();
    for part in parts {
        if !by_driver.contains_key(&part.driver) {
            order.push(part.driver.clone());
            let empty = DriverResults { driver: part.driver.clone(), platform: part.platform.clone(), tests: Vec::new() };
            by_driver.insert(part.driver.clone(), (empty, HashSet::new()));
        }
        let (merged, seen) = by_driver.get_mut(&part.driver).expect("inserted above");
        for t in part.tests {
            if seen.insert(t.name.clone()) {
                merged.tests.push(t);
            }
        }
    }
    order
        .into_iter()
        .filter_map(|d| by_driver.remove(&d))
        .map(|(mut r, _)| {
            r.sort();
            r
        })
        .collect()
}

/// Reads every input folder and merges them.
pub fn merge_dirs(inputs: &[PathBuf]) -> Result<Vec<DriverResults>> {
    let mut parts = Vec::new();
    for dir in inputs {
        for file in results_files(dir)? {
            parts.push(report::read(&file)?);
        }
    }
    Ok(merge(parts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::TestRecord;
    use crate::status::Status;

    fn part(driver: &str, names: &[&str]) -> DriverResults {
        DriverResults {
            driver: driver.into(),
            platform: "surfaceless_egl".into(),
            tests: names.iter().map(|n| TestRecord::decided(n, Status::Pass, String::new())).collect(),
        }
    }

    #[test]
    fn shards_merge_per_driver_in_name_order() {
        let merged = merge(vec![part("zink", &["c", "a"]), part("galvan", &["x"]), part("zink", &["b", "a"])]);
        assert_eq!(merged.len(), 2);
        assert_eq!(merged[0].driver, "zink");
        let names: Vec<&str> = merged[0].tests.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, vec!["a", "b", "c"]);
    }

    #[test]
    fn merging_reads_folders_and_names_bad_ones() {
        let root = std::env::temp_dir().join(format!("piglit-runner-merge-{}", std::process::id()));
        report::write(&root.join("shard1"), &part("llvmpipe", &["a"])).unwrap();
        report::write(&root.join("shard2/llvmpipe"), &part("llvmpipe", &["b"])).unwrap();
        let merged = merge_dirs(&[root.join("shard1"), root.join("shard2")]).unwrap();
        assert_eq!(merged[0].tests.len(), 2);
        let err = merge_dirs(&[root.join("nothing")]).unwrap_err();
        assert!(err.0.contains("nothing"), "{err}");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
