//! GL_ARB_compute_shader on a GL 3.3 context: glCreateShader accepts the compute stage the
//! extension adds, and glCompileShader applies the local-size rules through the GL path.
//! The version and extension overrides are process-wide, so this binary sets them once.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::Profile;

/// Compiles `source` as a compute shader; the compile status and the info log.
fn compile(source: &str) -> (bool, String) {
    unsafe {
        let shader = glCreateShader(GL_COMPUTE_SHADER);
        assert_ne!(shader, 0, "glCreateShader(GL_COMPUTE_SHADER) failed with {:#x}", error());
        let ptr = source.as_ptr() as *const GLchar;
        let len = source.len() as GLint;
        glShaderSource(shader, 1, &ptr, &len);
        glCompileShader(shader);
        let mut status = 0;
        glGetShaderiv(shader, GL_COMPILE_STATUS, &mut status);
        let mut log = vec![0u8; 4096];
        let mut written = 0;
        glGetShaderInfoLog(shader, log.len() as GLsizei, &mut written, log.as_mut_ptr() as *mut GLchar);
        glDeleteShader(shader);
        (status == 1, String::from_utf8_lossy(&log[..written.max(0) as usize]).into_owned())
    }
}

const HEAD: &str = "#version 330\n#extension GL_ARB_compute_shader: enable\n";

#[test]
fn the_extension_brings_compute_shaders_to_gl_3_3() {
    std::env::set_var("GALVAN_EXTENSION_OVERRIDE", "+GL_ARB_compute_shader");
    let _ctx = current_context_with_override(3, 3, Profile::Core);
    assert_eq!(error(), GL_NO_ERROR);

    let (ok, log) = compile(&format!("{HEAD}layout(local_size_x = 4, local_size_y = 2) in;\nvoid main() {{}}"));
    assert!(ok, "{log}");
    assert_eq!(error(), GL_NO_ERROR);

    let (ok, log) = compile(&format!("{HEAD}layout(local_size_y = -1) in;\nvoid main() {{}}"));
    assert!(!ok, "a negative local size compiled");
    assert!(log.contains("greater than zero"), "{log}");

    let mut z = 0;
    unsafe { glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, 2, &mut z) };
    let (ok, log) = compile(&format!("{HEAD}layout(local_size_z = {}) in;\nvoid main() {{}}", z + 1));
    assert!(!ok, "a local size above GL_MAX_COMPUTE_WORK_GROUP_SIZE compiled");
    assert!(log.contains("GL_MAX_COMPUTE_WORK_GROUP_SIZE"), "{log}");
    let (ok, log) = compile(&format!("{HEAD}layout(local_size_z = {z}) in;\nvoid main() {{}}"));
    assert!(ok, "{log}");
}
