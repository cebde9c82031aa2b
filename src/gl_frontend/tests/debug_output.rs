//! KHR_debug: GL errors and inserted messages reach the callback or the message log;
//! control rules filter them; groups and labels.

mod common;

use std::sync::Mutex;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

static RECEIVED: Mutex<Vec<(GLenum, GLenum, GLuint, String, usize)>> = Mutex::new(Vec::new());

unsafe extern "system" fn collect(source: GLenum, ty: GLenum, id: GLuint, _severity: GLenum, length: GLsizei, message: *const GLchar, user: *const c_void) {
    let text = String::from_utf8_lossy(std::slice::from_raw_parts(message as *const u8, length as usize)).into_owned();
    RECEIVED.lock().unwrap().push((source, ty, id, text, user as usize));
}

#[test]
fn errors_and_inserted_messages_reach_the_callback() {
    let _ctx = current_compat_context();
    unsafe {
        glEnable(GL_DEBUG_OUTPUT);
        glDebugMessageCallback(Some(collect), 42 as *const c_void);
        glEnable(0x1234);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 7, GL_DEBUG_SEVERITY_NOTIFICATION, -1, c"hello".as_ptr());
        // Filtered out: markers disabled.
        glDebugMessageControl(GL_DONT_CARE, GL_DEBUG_TYPE_MARKER, GL_DONT_CARE, 0, std::ptr::null(), 0);
        glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 8, GL_DEBUG_SEVERITY_NOTIFICATION, -1, c"hidden".as_ptr());
        glDebugMessageInsert(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_MARKER, 9, GL_DEBUG_SEVERITY_LOW, -1, c"bad".as_ptr());
        assert_eq!(glGetError(), GL_INVALID_ENUM, "applications insert only application or third-party messages");
        glDebugMessageCallback(None, std::ptr::null());
    }
    let received = RECEIVED.lock().unwrap().clone();
    assert!(received.iter().any(|m| m.0 == GL_DEBUG_SOURCE_API && m.1 == GL_DEBUG_TYPE_ERROR && m.2 == GL_INVALID_ENUM && m.4 == 42), "{received:?}");
    assert!(received.iter().any(|m| m.2 == 7 && m.3 == "hello"));
    assert!(!received.iter().any(|m| m.2 == 8));
}

#[test]
fn message_log_groups_and_labels() {
    let _ctx = current_compat_context();
    unsafe {
        glEnable(GL_DEBUG_OUTPUT);
        glDebugMessageInsert(GL_DEBUG_SOURCE_THIRD_PARTY, GL_DEBUG_TYPE_OTHER, 5, GL_DEBUG_SEVERITY_LOW, 3, c"abcdef".as_ptr());
        assert_eq!(get_int(GL_DEBUG_LOGGED_MESSAGES), 1);
        let (mut source, mut ty, mut id, mut severity, mut length) = (0, 0, 0, 0, 0);
        let mut text = [0 as GLchar; 16];
        let n = glGetDebugMessageLog(1, 16, &mut source, &mut ty, &mut id, &mut severity, &mut length, text.as_mut_ptr());
        assert_eq!((n, source, id, length), (1, GL_DEBUG_SOURCE_THIRD_PARTY, 5, 4));
        assert_eq!(std::ffi::CStr::from_ptr(text.as_ptr()).to_str().unwrap(), "abc");
        assert_eq!(get_int(GL_DEBUG_LOGGED_MESSAGES), 0);

        assert_eq!(get_int(GL_DEBUG_GROUP_STACK_DEPTH), 1);
        glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 1, -1, c"group".as_ptr());
        assert_eq!(get_int(GL_DEBUG_GROUP_STACK_DEPTH), 2);
        glPopDebugGroup();
        glPopDebugGroup();
        assert_eq!(glGetError(), GL_STACK_UNDERFLOW);

        let mut buffer = 0;
        glGenBuffers(1, &mut buffer);
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
        glObjectLabel(GL_BUFFER, buffer, -1, c"vertices".as_ptr());
        let mut label = [0 as GLchar; 32];
        let mut len = 0;
        glGetObjectLabel(GL_BUFFER, buffer, 32, &mut len, label.as_mut_ptr());
        assert_eq!(std::ffi::CStr::from_ptr(label.as_ptr()).to_str().unwrap(), "vertices");
        glObjectLabel(GL_BUFFER, 999, -1, c"x".as_ptr());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
    }
}

/// The application marker messages the log holds, by id, emptying it.
unsafe fn logged_ids() -> Vec<GLuint> {
    let mut ids = Vec::new();
    loop {
        let mut id = 0;
        let mut text = [0 as GLchar; 64];
        let n = glGetDebugMessageLog(1, 64, std::ptr::null_mut(), std::ptr::null_mut(), &mut id, std::ptr::null_mut(), std::ptr::null_mut(), text.as_mut_ptr());
        if n == 0 {
            return ids;
        }
        ids.push(id);
    }
}

#[test]
fn a_debug_group_filters_until_it_is_popped() {
    let _ctx = current_compat_context();
    unsafe {
        glEnable(GL_DEBUG_OUTPUT);
        logged_ids();
        let insert = |id| glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, id, GL_DEBUG_SEVERITY_NOTIFICATION, -1, c"m".as_ptr());
        insert(1);
        glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 10, -1, c"inner".as_ptr());
        glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, std::ptr::null(), 0);
        insert(2);
        glPopDebugGroup();
        insert(3);
        assert_eq!(glGetError(), GL_NO_ERROR);
        // The push message (id 10) passes the outer filter; inside, nothing passes; the
        // pop message is filtered by the outer group again, whose rules are back.
        assert_eq!(logged_ids(), vec![1, 10, 10, 3]);
    }
}

#[test]
fn labels_of_sync_objects_and_label_queries() {
    let _ctx = current_compat_context();
    unsafe {
        let sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        glObjectPtrLabel(sync as *const c_void, -1, c"fence".as_ptr());
        let mut length = 0;
        glGetObjectPtrLabel(sync as *const c_void, 0, &mut length, std::ptr::null_mut());
        assert_eq!(length, 5, "with no buffer, the length is the label's");
        let mut text = [0 as GLchar; 16];
        glGetObjectPtrLabel(sync as *const c_void, 16, &mut length, text.as_mut_ptr());
        assert_eq!(std::ffi::CStr::from_ptr(text.as_ptr()).to_str().unwrap(), "fence");
        assert_eq!(glGetError(), GL_NO_ERROR);
        glGetObjectPtrLabel(999 as *const c_void, 16, &mut length, text.as_mut_ptr());
        assert_eq!(glGetError(), GL_INVALID_VALUE, "not a sync object");
        glGetObjectLabel(0x1234, 1, 16, &mut length, text.as_mut_ptr());
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glGetObjectLabel(GL_BUFFER, 999, 16, &mut length, text.as_mut_ptr());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glDeleteSync(sync);
    }
}
