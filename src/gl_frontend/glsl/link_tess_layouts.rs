//! Tessellation layouts declared by several shader objects of one stage must agree: every
//! `layout(vertices = N) out` of the control stage names one N, and the evaluation
//! stage's objects name one primitive mode, one spacing and one vertex order.

use std::collections::HashMap;

use crate::ast::{Declaration, ExternalDecl, Storage};
use crate::compile::CompiledShader;
use crate::diagnostics::{Diagnostics, SourceLoc};
use crate::options::Stage;

/// The group an evaluation-stage input layout belongs to; `None` for other layouts.
fn evaluation_layout_group(name: &str) -> Option<&'static str> {
    Some(match name {
        "triangles" | "quads" | "isolines" => "primitive mode",
        "equal_spacing" | "fractional_even_spacing" | "fractional_odd_spacing" => "spacing",
        "cw" | "ccw" => "vertex order",
        _ => return None,
    })
}

/// Reports the shader objects of one tessellation stage whose layouts disagree.
pub fn check_tessellation_layouts(units: &[&CompiledShader], diags: &mut Diagnostics) {
    let loc = SourceLoc::default();
    let Some(stage) = units.first().map(|u| u.stage) else { return };
    if stage == Stage::TessControl {
        let mut sizes = units.iter().filter_map(|u| u.interface.as_ref()?.tcs_vertices);
        if let Some(first) = sizes.next() {
            if sizes.any(|n| n != first) {
                diags.error(loc, "tessellation control shader objects declare different output patch sizes (layout(vertices))");
            }
        }
        return;
    }
    if stage != Stage::TessEval {
        return;
    }
    let mut seen: HashMap<&'static str, String> = HashMap::new();
    for tu in units.iter().filter_map(|u| u.ast.as_ref()) {
        for item in &tu.items {
            let ExternalDecl::Declaration(Declaration::Qualifiers { qual, .. }) = item else { continue };
            if qual.storage() != Some(Storage::In) {
                continue;
            }
            for l in qual.layouts() {
                let Some(group) = evaluation_layout_group(&l.name) else { continue };
                match seen.get(group) {
                    Some(prev) if *prev != l.name => {
                        diags.error(loc, format!("tessellation evaluation shader objects declare different {group} layouts ({prev} and {})", l.name));
                    }
                    _ => {
                        seen.insert(group, l.name.clone());
                    }
                }
            }
        }
    }
}
