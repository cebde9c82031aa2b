//! glMaterial between glBegin and glEnd: each vertex is lit with the material current
//! when it was provoked, while programs that read gl_FrontMaterial / gl_BackMaterial (or
//! state.material) see the material as it was at glBegin — per-vertex materials are an
//! input of fixed-function lighting only.
//!
//! The generated vertex stage already reads one material colour per vertex: the one
//! GL_COLOR_MATERIAL tracks. A Begin/End whose vertices differ in a single material colour
//! draws it that way, exactly; one that varies in several (or in the shininess, or while
//! GL_COLOR_MATERIAL tracks the colour itself) is lit with the last material set.

use crate::context::ContextState;
use crate::objects::vertex_array::COLOR;
use crate::state::lighting::Material;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// The materials of a glBegin/glEnd in which glMaterial was called.
#[derive(Clone, Debug)]
pub struct VertexMaterials {
    /// Front and back as they were at glBegin.
    at_begin: [Material; 2],
    /// Front and back current at each vertex, in provoking order.
    per_vertex: Vec<[Material; 2]>,
}

/// How the vertices' materials reach the draw.
#[derive(Debug, PartialEq)]
enum Routing {
    /// A program supplies the vertex stage: it sees the material of glBegin.
    AtBegin,
    /// One material colour varies: drawn as if GL_COLOR_MATERIAL tracked it on `face`.
    ThroughColor { face: GLenum, mode: GLenum, values: Vec<[f32; 4]> },
    /// Lighting is off (materials are not read) or the variation has no exact route.
    LastSet,
}

/// The material colours GL_COLOR_MATERIAL can track, by its mode.
const COLOR_MODES: [(GLenum, fn(&Material) -> [f32; 4]); 4] =
    [(GL_AMBIENT, |m| m.ambient), (GL_DIFFUSE, |m| m.diffuse), (GL_SPECULAR, |m| m.specular), (GL_EMISSION, |m| m.emission)];

/// The (face index, colour mode) pairs whose value differs between vertices, or `None`
/// when the shininess does (no per-vertex route carries it).
fn varying_colors(per_vertex: &[[Material; 2]]) -> Option<Vec<(usize, usize)>> {
    let first = per_vertex.first()?;
    if per_vertex.iter().any(|m| m[0].shininess != first[0].shininess || m[1].shininess != first[1].shininess) {
        return None;
    }
    Some(
        (0..2)
            .flat_map(|face| (0..COLOR_MODES.len()).map(move |mode| (face, mode)))
            .filter(|&(face, mode)| per_vertex.iter().any(|m| COLOR_MODES[mode].1(&m[face]) != COLOR_MODES[mode].1(&first[face])))
            .collect(),
    )
}

/// The GL_COLOR_MATERIAL face and mode that carry every varying colour in
/// `varying`, if one pair does: a single colour on one face, the same colour on both
/// faces with equal values, or ambient and diffuse together with equal values.
fn color_route(per_vertex: &[[Material; 2]], varying: &[(usize, usize)]) -> Option<(GLenum, GLenum, Vec<[f32; 4]>)> {
    let faces: Vec<usize> = {
        let mut f: Vec<usize> = varying.iter().map(|&(face, _)| face).collect();
        f.dedup();
        f
    };
    let modes_of = |face: usize| -> Vec<usize> { varying.iter().filter(|v| v.0 == face).map(|v| v.1).collect() };
    let modes = modes_of(faces[0]);
    if faces.len() == 2 && modes_of(1) != modes {
        return None;
    }
    let value = |v: &[Material; 2], face: usize, mode: usize| COLOR_MODES[mode].1(&v[face]);
    // Every varying colour of a vertex must be one value: the colour attribute carries it.
    let one_value = per_vertex.iter().all(|v| varying.iter().all(|&(f, m)| value(v, f, m) == value(v, faces[0], modes[0])));
    let gl_mode = match modes.as_slice() {
        [m] => COLOR_MODES[*m].0,
        [0, 1] => GL_AMBIENT_AND_DIFFUSE,
        _ => return None,
    };
    let face = match faces.as_slice() {
        [0] => GL_FRONT,
        [1] => GL_BACK,
        _ => GL_FRONT_AND_BACK,
    };
    one_value.then(|| (face, gl_mode, per_vertex.iter().map(|v| value(v, faces[0], modes[0])).collect()))
}

fn routing(materials: &VertexMaterials, program_vertex_stage: bool, lighting: bool, color_material: bool) -> Routing {
    if program_vertex_stage {
        return Routing::AtBegin;
    }
    if !lighting || color_material {
        return Routing::LastSet;
    }
    match varying_colors(&materials.per_vertex) {
        Some(varying) if varying.is_empty() => Routing::LastSet,
        Some(varying) => match color_route(&materials.per_vertex, &varying) {
            Some((face, mode, values)) => Routing::ThroughColor { face, mode, values },
            None => Routing::LastSet,
        },
        None => Routing::LastSet,
    }
}

impl ContextState {
    /// Called by glMaterial before it changes the material: between glBegin and glEnd,
    /// the first call starts keeping each vertex's material.
    pub(crate) fn note_material_in_begin_end(&mut self) {
        if !self.in_begin_end() || self.immediate.materials.is_some() {
            return;
        }
        let current = self.state.lighting.materials;
        let gathered = self.immediate.edge_flags.len();
        self.immediate.materials = Some(VertexMaterials { at_begin: current, per_vertex: vec![current; gathered] });
    }

    /// Called by glVertex: the provoked vertex keeps the current material, if kept.
    pub(crate) fn note_vertex_material(&mut self) {
        let current = self.state.lighting.materials;
        if let Some(m) = &mut self.immediate.materials {
            m.per_vertex.push(current);
        }
    }

    /// Draws a glBegin/glEnd's vertices through `draw` with its per-vertex materials
    /// routed as the module says; the material set last stays current afterwards.
    pub(crate) fn draw_with_vertex_materials(&mut self, materials: Option<VertexMaterials>, vertices: &mut [[f32; 4]], slots: usize, draw: impl FnOnce(&mut Self, &[[f32; 4]])) {
        let Some(materials) = materials else {
            return draw(self, vertices);
        };
        let l = &self.state.lighting;
        let route = routing(&materials, !self.vertex_stage_is_fixed_function(), l.enabled, l.color_material);
        let last_set = self.state.lighting.materials;
        match route {
            Routing::LastSet => return draw(self, vertices),
            Routing::AtBegin => {
                self.state.lighting.materials = materials.at_begin;
                self.state.dirty.insert(Dirty::UNIFORMS);
                draw(self, vertices);
            }
            Routing::ThroughColor { face, mode, values } => {
                for (vertex, value) in vertices.chunks_exact_mut(slots).zip(&values) {
                    vertex[COLOR] = *value;
                }
                let saved = (self.state.lighting.color_material_face, self.state.lighting.color_material_mode);
                let l = &mut self.state.lighting;
                // The colours that do not vary are every vertex's: the first one's.
                l.materials = materials.per_vertex[0];
                (l.color_material, l.color_material_face, l.color_material_mode) = (true, face, mode);
                self.state.dirty.insert(Dirty::PROGRAM | Dirty::UNIFORMS);
                draw(self, vertices);
                let l = &mut self.state.lighting;
                (l.color_material, l.color_material_face, l.color_material_mode) = (false, saved.0, saved.1);
                self.state.dirty.insert(Dirty::PROGRAM);
            }
        }
        self.state.lighting.materials = last_set;
        self.state.dirty.insert(Dirty::UNIFORMS);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_diffuse(d: [f32; 4]) -> [Material; 2] {
        let m = Material { diffuse: d, ..Material::default() };
        [m, m]
    }

    const RED: [f32; 4] = [1.0, 0.0, 0.0, 1.0];
    const GREEN: [f32; 4] = [0.0, 1.0, 0.0, 1.0];

    #[test]
    fn one_colour_on_both_faces_goes_through_the_colour_attribute() {
        let per_vertex = vec![with_diffuse(RED), with_diffuse(GREEN)];
        let m = VertexMaterials { at_begin: per_vertex[0], per_vertex };
        assert_eq!(routing(&m, false, true, false), Routing::ThroughColor { face: GL_FRONT_AND_BACK, mode: GL_DIFFUSE, values: vec![RED, GREEN] });
        // Programs read the material of glBegin; unlit vertices read none.
        assert_eq!(routing(&m, true, true, false), Routing::AtBegin);
        assert_eq!(routing(&m, false, false, false), Routing::LastSet);
    }

    #[test]
    fn ambient_and_diffuse_together_share_one_route() {
        let both = |c: [f32; 4]| {
            let m = Material { ambient: c, diffuse: c, ..Material::default() };
            [m, Material::default()]
        };
        let per_vertex = vec![both(RED), both(GREEN)];
        let m = VertexMaterials { at_begin: per_vertex[0], per_vertex };
        assert_eq!(routing(&m, false, true, false), Routing::ThroughColor { face: GL_FRONT, mode: GL_AMBIENT_AND_DIFFUSE, values: vec![RED, GREEN] });
    }

    #[test]
    fn several_varying_colours_or_shininess_have_no_exact_route() {
        let mut second = with_diffuse(GREEN);
        second[0].specular = RED;
        let m = VertexMaterials { at_begin: with_diffuse(RED), per_vertex: vec![with_diffuse(RED), second] };
        assert_eq!(routing(&m, false, true, false), Routing::LastSet);
        let mut shiny = with_diffuse(RED);
        shiny[1].shininess = 10.0;
        let m = VertexMaterials { at_begin: with_diffuse(RED), per_vertex: vec![with_diffuse(RED), shiny] };
        assert_eq!(routing(&m, false, true, false), Routing::LastSet);
    }
}
