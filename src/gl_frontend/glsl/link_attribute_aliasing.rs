//! Vertex attribute aliasing in ESSL 3.00 and later programs.
//!
//! OpenGL ES 3.0 section 2.12.5: "Binding more than one attribute name to the same
//! location is referred to as aliasing, and is not permitted in OpenGL ES Shading
//! Language 3.00 vertex shaders. LinkProgram will fail when this condition exists."
//! ESSL 3.10 adds that aliasing is judged on the declarations present after
//! preprocessing, so inputs the shader never reads count as well. Desktop GL and ESSL
//! 1.00 allow aliasing (only one of the aliased inputs may then be read on any path).

use crate::ast::Storage;
use crate::compile::CompiledShader;
use crate::diagnostics::Diagnostics;
use crate::link::{attribute_locations, explicit_int, globals};

/// Reports two declared vertex inputs whose locations (from `layout(location)` or,
/// without one, from `attrib_bindings`, glBindAttribLocation's) overlap.
pub fn check_attribute_aliasing(vs: &CompiledShader, attrib_bindings: &[(String, u32)], diags: &mut Diagnostics) {
    if !vs.settings.as_ref().is_some_and(|s| s.is_es() && s.version >= 300) {
        return;
    }
    // (name, first location, end) of every input placed so far.
    let mut placed: Vec<(&str, i64, i64)> = Vec::new();
    for g in globals(vs).iter().filter(|g| g.storage == Storage::In && g.block.is_none() && !g.name.starts_with("gl_")) {
        let bound = attrib_bindings.iter().find(|(n, _)| *n == g.name).map(|(_, l)| *l as i64);
        let Some(first) = explicit_int(&g.qual, "location").or(bound).filter(|l| *l >= 0) else {
            continue;
        };
        let end = first + attribute_locations(&g.ty) as i64;
        if let Some((other, _, _)) = placed.iter().find(|(_, a, b)| first < *b && *a < end) {
            diags.error(g.loc, format!("vertex inputs `{other}' and `{}' alias a location, which GLSL ES 3.00 does not allow", g.name));
        }
        placed.push((&g.name, first, end));
    }
}
