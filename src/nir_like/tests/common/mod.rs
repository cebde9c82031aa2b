//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

use nir_like::*;

/// A vertex shader that writes its input `pos` (location 0) to gl_Position and nothing else.
pub fn position_vertex_shader() -> Shader {
    position_vertex_shader_and(|_, _| {})
}

/// The same vertex shader, with `more` emitted after the store, given the loaded `pos`.
pub fn position_vertex_shader_and(more: impl FnOnce(&mut Builder, Value)) -> Shader {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let pos_in = b.input("pos", ValueType::VEC4, 0);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let pos = b.builtin("gl_Position", vec4, VariableMode::ShaderOut, Builtin::Position);
    let p = b.load_var(pos_in);
    b.store_var(pos, p);
    more(&mut b, p);
    s
}

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
