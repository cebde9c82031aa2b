//! glShadeModel(GL_FLAT) for GLSL programs of compatibility contexts: the colour varyings
//! (gl_FrontColor, gl_BackColor and their secondary colours, read as gl_Color and
//! gl_SecondaryColor) take the provoking vertex's value. A program that has them is built a
//! second time with them flat; the draw picks that build while the shade model is flat.

use nir_like::{Interpolation, VariableMode};

/// Whether `stage` redeclares the variable `name` with an interpolation qualifier, which
/// then decides its interpolation whatever the shade model.
fn has_explicit_interpolation(stage: &glsl::LinkedStage, name: &str) -> bool {
    let globals = stage.shader.interface.as_ref().map(|i| i.globals.as_slice()).unwrap_or(&[]);
    globals.iter().any(|g| g.name == name && g.qual.items.iter().any(|(q, _)| matches!(q, glsl::ast::QualItem::Interpolation(_))))
}

/// `linked` with its colour varyings flat: the outputs of stages before the fragment stage
/// and the fragment stage's inputs, where no interpolation qualifier was given. `None`
/// when it has no such varying.
pub fn with_flat_colors(linked: &glsl::LinkedProgram) -> Option<glsl::LinkedProgram> {
    let mut flat = linked.clone();
    let mut changed = false;
    for stage in &mut flat.stages {
        let mode = if stage.stage == glsl::Stage::Fragment { VariableMode::ShaderIn } else { VariableMode::ShaderOut };
        let explicit: Vec<String> = match &stage.ir {
            Ok(ir) => ir.variables.iter().map(|(_, v)| v.name.clone()).filter(|n| has_explicit_interpolation(stage, n)).collect(),
            Err(_) => continue,
        };
        let Ok(ir) = &mut stage.ir else { continue };
        for (_, var) in ir.variables.iter_mut() {
            let colour = var.mode == mode && var.builtin.is_none() && glsl::link_compat_varyings::is_color_varying_name(&var.name);
            if colour && var.interpolation == Interpolation::Smooth && !explicit.contains(&var.name) {
                var.interpolation = Interpolation::Flat;
                changed = true;
            }
        }
    }
    changed.then_some(flat)
}
