//! Which workload runs how: each variant is one start of the workload program per driver,
//! with its own arguments and environment.

/// The workloads of `gl-workloads`, in the order the table lists them.
pub const WORKLOADS: [&str; 5] = ["draw-overhead", "robustness", "fixed-function", "pixel-transfer", "geometry-tessellation"];

/// The piglit program quoted beside the draw-overhead workload.
pub const DRAWOVERHEAD: &str = "drawoverhead";

/// One start of the workload program.
#[derive(Clone, Debug)]
pub struct Variant {
    pub workload: &'static str,
    /// Shown after each measurement's name; empty for a workload's only variant.
    pub label: &'static str,
    pub args: Vec<String>,
    /// Added for galvan only.
    pub galvan_env: Vec<(String, String)>,
    /// False where zink has no counterpart; the zink column then repeats `zink_as`'s number.
    pub on_zink: bool,
    /// For a galvan-only variant: the label of the variant whose zink number it is compared to.
    pub zink_as: Option<&'static str>,
}

impl Variant {
    fn plain(workload: &'static str) -> Variant {
        Variant { workload, label: "", args: vec![workload.to_owned()], galvan_env: Vec::new(), on_zink: true, zink_as: None }
    }
}

/// The variants of `workload`, or `None` for a name that is no workload.
pub fn variants(workload: &str) -> Option<Vec<Variant>> {
    let workload = *WORKLOADS.iter().find(|w| **w == workload)?;
    Some(match workload {
        "robustness" => {
            let robust = |label, on: bool| Variant {
                label,
                args: vec![workload.to_owned(), format!("--robust={}", if on { "on" } else { "off" })],
                ..Variant::plain(workload)
            };
            let emulated = Variant {
                galvan_env: vec![("GALVAN_EMULATE".to_owned(), "robustness".to_owned())],
                on_zink: false,
                zink_as: Some("robust context"),
                ..robust("robust context, GALVAN_EMULATE=robustness", true)
            };
            vec![robust("plain context", false), robust("robust context", true), emulated]
        }
        _ => vec![Variant::plain(workload)],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_workload_has_variants_and_unknown_names_none() {
        for w in WORKLOADS {
            let v = variants(w).unwrap();
            assert!(!v.is_empty() && v.iter().all(|v| v.args[0] == w), "{w}");
        }
        assert!(variants("nonsense").is_none());
    }

    #[test]
    fn galvan_only_variants_name_a_zink_counterpart() {
        let robustness = variants("robustness").unwrap();
        for v in robustness.iter().filter(|v| !v.on_zink) {
            let peer = v.zink_as.expect("a counterpart");
            assert!(robustness.iter().any(|o| o.on_zink && o.label == peer));
        }
    }
}
