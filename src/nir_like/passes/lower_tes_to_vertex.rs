//! A tessellation evaluation shader as the vertex shader of the draw that follows an
//! emulated tessellator: one invocation per tessellated point.
//!
//! The points are records of [`TESS_COORD_WORDS`] words the host wrote (gl_TessCoord, the
//! patch the point belongs to and its gl_PrimitiveID), found by gl_VertexIndex. A prologue
//! fills what were inputs, now private variables, from the patch the point belongs to:
//! gl_in[] from its control points in the patch buffer, patch inputs after them, and
//! gl_TessLevelOuter/Inner from the levels buffer, all as `lower_tcs_to_compute` laid
//! them out. The outputs stay outputs, so the fragment (or geometry) stage reads them as
//! it would from a real evaluation stage.

use crate::arena::Handle;
use crate::builder::Builder;
use crate::function::Function;
use crate::shader::{Shader, Stage};
use crate::types::ValueType;
use crate::validate::debug_validate;
use crate::variable::{Builtin, Variable, VariableMode};

use super::interface_words::{array_length, for_each_index, element_type, input_builtin, load_word, load_words, make_plain, sync_deref_modes, words_buffer, words_of, RecordKey};
use super::lower_tcs_to_compute::{PatchLayout, TessBindings, TESS_LEVEL_WORDS};

/// Words of one tessellated point: u, v, w (float bits), the patch's index among all the
/// draw's patches, and gl_PrimitiveID.
pub const TESS_COORD_WORDS: u32 = 5;

/// Lowers an evaluation shader to a vertex shader reading `layout`'s patch buffer.
pub fn lower_tes_to_vertex(shader: &mut Shader, layout: &PatchLayout, bindings: &TessBindings) -> Result<(), String> {
    if shader.stage != Stage::TessEval {
        return Err("not a tessellation evaluation shader".into());
    }
    let body = shader.entry.ok_or("the tessellation evaluation shader has no main")?;
    let mut per_vertex: Vec<(Handle<Variable>, u32)> = Vec::new();
    let mut per_patch: Vec<(Handle<Variable>, u32)> = Vec::new();
    let mut levels: Vec<(Handle<Variable>, u32)> = Vec::new();
    let mut coord = None;
    let mut primitive = None;
    let mut patch_vertices = None;
    let mut unplaced = Vec::new();
    for (h, v) in shader.variables.iter().filter(|(_, v)| v.mode == VariableMode::ShaderIn) {
        match v.builtin {
            Some(Builtin::TessLevelOuter) => levels.push((h, 0)),
            Some(Builtin::TessLevelInner) => levels.push((h, 4)),
            Some(Builtin::TessCoord) => coord = Some(h),
            Some(Builtin::PrimitiveId) => primitive = Some(h),
            Some(Builtin::PatchVertices) => patch_vertices = Some(h),
            _ => {
                let Some(key) = RecordKey::of(v) else { continue };
                let word = if v.patch { layout.per_patch_word(key) } else { layout.per_vertex_word(key) };
                match (word, v.patch) {
                    (Some(w), true) => per_patch.push((h, w)),
                    (Some(w), false) => per_vertex.push((h, w)),
                    // An input the control shader does not write is undefined in GL.
                    (None, _) => unplaced.push(h),
                }
            }
        }
    }
    let lowered: Vec<Handle<Variable>> = per_vertex
        .iter()
        .chain(&per_patch)
        .chain(&levels)
        .map(|(h, _)| *h)
        .chain(unplaced)
        .chain([coord, primitive, patch_vertices].into_iter().flatten())
        .collect();
    for h in lowered {
        make_plain(&mut shader.variables[h], VariableMode::GlobalPrivate);
    }
    sync_deref_modes(shader);
    let vertex_index = input_builtin(shader, "gl_VertexIndex", Builtin::VertexIndex, ValueType::I32);
    let coord_buffer = words_buffer(shader, "gl_TessCoords", bindings.set, bindings.coords, true);
    let patch_buffer = words_buffer(shader, "gl_TessPatches", bindings.set, bindings.patches, true);
    let level_buffer = words_buffer(shader, "gl_TessLevels", bindings.set, bindings.levels, true);

    shader.functions[body].name = "main_body".into();
    let entry: Handle<Function> = shader.functions.append(Function::new("main", Vec::new(), None));
    shader.entry = Some(entry);
    let mut b = Builder::new(shader, entry);
    let index = b.load_var(vertex_index);
    let index = b.bitcast(index, ValueType::U32);
    let coord_words = b.imm_u32(TESS_COORD_WORDS);
    let point = b.imul(index, coord_words);
    let coords = words_of(&mut b, coord_buffer);
    let patch = load_word(&mut b, coords, point, 3);
    if let Some(v) = coord {
        let uvw: Vec<_> = (0..3).map(|c| load_word(&mut b, coords, point, c)).collect();
        let uvw = b.compose(&uvw);
        let value = b.bitcast(uvw, ValueType::VEC3);
        b.store_var(v, value);
    }
    if let Some(v) = primitive {
        let id = load_word(&mut b, coords, point, 4);
        let value = b.bitcast(id, ValueType::I32);
        b.store_var(v, value);
    }
    if let Some(v) = patch_vertices {
        let value = b.imm_i32(layout.vertices as i32);
        b.store_var(v, value);
    }
    let patches = words_of(&mut b, patch_buffer);
    let patch_words = b.imm_u32(layout.patch_words);
    let patch_base = b.imul(patch, patch_words);
    for (h, first) in &per_vertex {
        let ty = b.shader.variables[*h].ty;
        let element = element_type(b.shader, ty);
        let points = b.imm_u32(array_length(b.shader, ty).min(layout.vertices));
        let vertex_words = b.imm_u32(layout.vertex_words);
        for_each_index(&mut b, points, |b, j| {
            let offset = b.imul(j, vertex_words);
            let base = b.iadd(patch_base, offset);
            let array = b.deref_var(*h);
            let dst = b.deref_array(array, j);
            let mut word = *first;
            load_words(b, dst, element, patches, base, &mut word);
        });
    }
    let patch_part = b.imm_u32(layout.vertices * layout.vertex_words);
    let patch_inputs = b.iadd(patch_base, patch_part);
    for (h, first) in &per_patch {
        let ty = b.shader.variables[*h].ty;
        let dst = b.deref_var(*h);
        let mut word = *first;
        load_words(&mut b, dst, ty, patches, patch_inputs, &mut word);
    }
    let level_words = words_of(&mut b, level_buffer);
    let stride = b.imm_u32(TESS_LEVEL_WORDS);
    let level_base = b.imul(patch, stride);
    for (h, first) in &levels {
        let ty = b.shader.variables[*h].ty;
        let dst = b.deref_var(*h);
        let mut word = *first;
        load_words(&mut b, dst, ty, level_words, level_base, &mut word);
    }
    b.call(body, &[]);
    shader.stage = Stage::Vertex;
    debug_validate(shader, "lower_tes_to_vertex");
    Ok(())
}
