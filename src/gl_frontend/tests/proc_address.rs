//! Every command of GL 4.6 (core and compatibility) and GLES 3.2 resolves through
//! get_proc_address, aliases resolve to their command, unknown names do not.

use std::ffi::CString;

fn feature_commands(api: &str) -> Vec<String> {
    let text = std::str::from_utf8(khronos_api::GL_XML).unwrap();
    let doc = roxmltree::Document::parse(text).unwrap();
    let mut names = Vec::new();
    for feature in doc.root_element().children().filter(|n| n.has_tag_name("feature")) {
        if feature.attribute("api") != Some(api) {
            continue;
        }
        for command in feature.descendants().filter(|n| n.has_tag_name("command")) {
            names.push(command.attribute("name").unwrap().to_string());
        }
    }
    names.sort();
    names.dedup();
    names
}

#[test]
fn every_gl46_and_gles32_command_resolves() {
    let gl = feature_commands("gl");
    let gles = feature_commands("gles2");
    assert!(gl.len() > 1000, "GL 4.6 compatibility has over 1000 commands, found {}", gl.len());
    assert!(gles.len() > 300, "GLES 3.2 has over 300 commands, found {}", gles.len());
    for name in gl.iter().chain(&gles) {
        let c = CString::new(name.as_str()).unwrap();
        let address = gl_frontend::get_proc_address(&c);
        assert!(address.is_some_and(|p| !p.is_null()), "{name} does not resolve");
    }
}

#[test]
fn extension_aliases_share_the_entry_point() {
    let core = gl_frontend::get_proc_address(c"glBindBuffer").unwrap();
    let arb = gl_frontend::get_proc_address(c"glBindBufferARB").unwrap();
    assert_eq!(core, arb);
    assert!(gl_frontend::get_proc_address(c"glDebugMessageCallbackKHR").is_some());
    assert!(gl_frontend::get_proc_address(c"glDrawElementsBaseVertexOES").is_some());
}

#[test]
fn unknown_names_do_not_resolve() {
    assert!(gl_frontend::get_proc_address(c"glNoSuchFunction").is_none());
    assert!(gl_frontend::get_proc_address(c"").is_none());
    assert!(gl_frontend::get_proc_address(c"eglGetDisplay").is_none());
}

#[test]
fn name_list_is_sorted() {
    let names: Vec<&str> = gl_frontend::proc_names().collect();
    assert!(names.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(names.len(), gl_frontend::PROC_NAME_COUNT);
}
