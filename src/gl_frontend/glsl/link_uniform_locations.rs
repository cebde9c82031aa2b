//! Explicit uniform locations (GL_ARB_explicit_uniform_location) across a whole program.
//!
//! A default-block uniform declared with `layout(location = N)` holds its locations
//! whether or not any stage uses it, so the check looks at every declaration of every
//! shader object: one name keeps one location in all of them, and no two names share a
//! location.

use crate::ast::Storage;
use crate::compile::CompiledShader;
use crate::diagnostics::Diagnostics;
use crate::link::explicit_int;
use crate::sema::types::Type;

/// Uniform locations a value of `ty` takes: one per scalar, vector or matrix, and per
/// array element of those.
pub fn uniform_location_count(ty: &Type) -> u32 {
    match ty {
        Type::Array(element, n) => uniform_location_count(element).saturating_mul(n.unwrap_or(1)),
        Type::Struct(s) => s.members.iter().map(|(_, t)| uniform_location_count(t)).fold(0, u32::saturating_add),
        _ => 1,
    }
}

/// One explicitly placed uniform: its name and the locations `[start, end)` it takes.
struct Placed {
    name: String,
    start: i64,
    end: i64,
}

/// Reports a link error for a uniform given two different locations and for two uniforms
/// whose locations overlap; the locations `[start, end)` the explicit uniforms hold.
pub fn check_explicit_uniform_locations(shaders: &[&CompiledShader], diags: &mut Diagnostics) -> Vec<(i32, i32)> {
    let mut placed: Vec<Placed> = Vec::new();
    for s in shaders {
        let Some(interface) = &s.interface else { continue };
        for g in &interface.globals {
            if g.storage != Storage::Uniform || g.block.is_some() || crate::link_subroutine::is_subroutine_uniform(g) {
                continue;
            }
            let Some(start) = explicit_int(&g.qual, "location") else { continue };
            let end = start + i64::from(uniform_location_count(&g.ty));
            if let Some(same) = placed.iter().find(|p| p.name == g.name) {
                if same.start != start {
                    diags.error(g.loc, format!("uniform `{}' has locations {} and {} in different shaders", g.name, same.start, start));
                }
                continue;
            }
            if let Some(other) = placed.iter().find(|p| p.start < end && start < p.end) {
                diags.error(
                    g.loc,
                    format!("uniforms `{}' and `{}' overlap at location {}", other.name, g.name, start.max(other.start)),
                );
                continue;
            }
            placed.push(Placed { name: g.name.clone(), start, end });
        }
    }
    placed.iter().map(|p| (p.start.clamp(0, i32::MAX as i64) as i32, p.end.clamp(0, i32::MAX as i64) as i32)).collect()
}
