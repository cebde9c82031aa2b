//! Precision of default-block uniforms across the shaders of an ESSL program.
//!
//! ESSL 3.00 section 4.3.5: a uniform declared in several shaders of a program must have
//! the same precision in each, used or not. The precision compared is the one each
//! declaration ends up with, its qualifier or the default in force there, so
//! `uniform float f;` under `precision highp float;` and `precision mediump float;` differ.
//! ESSL 1.00 states the same rule, but applications rely on mismatches in uniforms at most
//! one stage uses (as Mesa accepts them, freedesktop.org bug 97532): there only
//! declarations used on both sides fail. Desktop GLSL gives precision no meaning.

use crate::ast::Storage;
use crate::compile::CompiledShader;
use crate::diagnostics::Diagnostics;
use crate::link::{globals, used};
use std::collections::HashMap;

/// Reports default-block uniforms whose precisions differ between the shaders that
/// declare them.
pub fn check_uniform_precisions(shaders: &[&CompiledShader], diags: &mut Diagnostics) {
    let Some(version) = shaders.iter().find_map(|s| s.settings.as_ref().filter(|x| x.is_es()).map(|x| x.version)) else {
        return;
    };
    let mut first: HashMap<&str, (Option<crate::ast::Precision>, bool)> = HashMap::new();
    for s in shaders {
        let uniforms = globals(s).iter().filter(|g| g.storage == Storage::Uniform && g.block.is_none() && !crate::link_subroutine::is_subroutine_uniform(g));
        for g in uniforms {
            let used_here = used(s, &g.name);
            match first.get(g.name.as_str()) {
                None => {
                    first.insert(&g.name, (g.precision, used_here));
                }
                Some(&(precision, used_there)) if precision != g.precision && (version >= 300 || (used_there && used_here)) => {
                    diags.error(g.loc, format!("declarations for uniform `{}' have mismatching precision qualifiers", g.name));
                }
                Some(_) => {}
            }
        }
    }
}
