//! Buffer objects through the entry points: data round trips, mapping with its flags,
//! copies, and the errors of invalid targets, ranges and states.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

fn new_buffer(target: GLenum, bytes: &[u8]) -> GLuint {
    let mut name = 0;
    unsafe {
        glGenBuffers(1, &mut name);
        glBindBuffer(target, name);
        glBufferData(target, bytes.len() as isize, bytes.as_ptr().cast(), GL_DYNAMIC_DRAW);
    }
    name
}

fn read(target: GLenum, offset: isize, len: usize) -> Vec<u8> {
    let mut out = vec![0xAA; len];
    unsafe { glGetBufferSubData(target, offset, len as isize, out.as_mut_ptr().cast()) };
    out
}

fn param(target: GLenum, pname: GLenum) -> i32 {
    let mut v = -99;
    unsafe { glGetBufferParameteriv(target, pname, &mut v) };
    v
}

#[test]
fn data_and_sub_data_round_trip() {
    let _ctx = current_compat_context();
    new_buffer(GL_ARRAY_BUFFER, &[0, 1, 2, 3, 4, 5, 6, 7]);
    unsafe { glBufferSubData(GL_ARRAY_BUFFER, 2, 3, [20u8, 30, 40].as_ptr().cast()) };
    assert_eq!(read(GL_ARRAY_BUFFER, 0, 8), [0, 1, 20, 30, 40, 5, 6, 7]);
    assert_eq!(read(GL_ARRAY_BUFFER, 6, 2), [6, 7]);
    assert_eq!(param(GL_ARRAY_BUFFER, GL_BUFFER_SIZE), 8);
    assert_eq!(param(GL_ARRAY_BUFFER, GL_BUFFER_USAGE), GL_DYNAMIC_DRAW as i32);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn out_of_range_access_is_invalid_value_and_changes_nothing() {
    let _ctx = current_compat_context();
    new_buffer(GL_ARRAY_BUFFER, &[1, 2, 3, 4]);
    unsafe {
        glBufferSubData(GL_ARRAY_BUFFER, 2, 3, [9u8, 9, 9].as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glBufferSubData(GL_ARRAY_BUFFER, -1, 1, [9u8].as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glBufferData(GL_ARRAY_BUFFER, -4, std::ptr::null(), GL_STATIC_DRAW);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glBufferData(GL_ARRAY_BUFFER, 4, std::ptr::null(), GL_RGBA);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
    }
    assert_eq!(read(GL_ARRAY_BUFFER, 0, 4), [1, 2, 3, 4]);
    let mut out = [0u8; 8];
    unsafe { glGetBufferSubData(GL_ARRAY_BUFFER, 0, 8, out.as_mut_ptr().cast()) };
    assert_eq!(error(), GL_INVALID_VALUE);
}

#[test]
fn bad_targets_and_unbound_targets() {
    let _ctx = current_compat_context();
    unsafe {
        glBindBuffer(GL_TEXTURE_2D, 1);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glBufferData(GL_ARRAY_BUFFER, 4, std::ptr::null(), GL_STATIC_DRAW);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        let mut names = [0; 2];
        glGenBuffers(-1, names.as_mut_ptr());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
    }
}

#[test]
fn generated_names_become_buffers_when_bound() {
    let _ctx = current_compat_context();
    let mut name = 0;
    unsafe {
        glGenBuffers(1, &mut name);
        assert_ne!(name, 0);
        assert_eq!(glIsBuffer(name), 0);
        glBindBuffer(GL_ARRAY_BUFFER, name);
        assert_eq!(glIsBuffer(name), 1);
        assert_eq!(get_int(GL_ARRAY_BUFFER_BINDING), name as i32);
        glDeleteBuffers(1, &name);
        assert_eq!(glIsBuffer(name), 0);
        // Deleting a bound buffer unbinds it.
        assert_eq!(get_int(GL_ARRAY_BUFFER_BINDING), 0);
    }
}

#[test]
fn map_buffer_range_reads_and_writes() {
    let _ctx = current_compat_context();
    new_buffer(GL_ARRAY_BUFFER, &[10, 11, 12, 13, 14, 15]);
    unsafe {
        let p = glMapBufferRange(GL_ARRAY_BUFFER, 2, 3, GL_MAP_READ_BIT | GL_MAP_WRITE_BIT) as *mut u8;
        assert!(!p.is_null());
        assert_eq!(std::slice::from_raw_parts(p, 3), [12, 13, 14]);
        *p = 99;
        assert_eq!(param(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED), 1);
        assert_eq!(param(GL_ARRAY_BUFFER, GL_BUFFER_MAP_OFFSET), 2);
        assert_eq!(param(GL_ARRAY_BUFFER, GL_BUFFER_MAP_LENGTH), 3);
        let mut pointer = std::ptr::null_mut();
        glGetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &mut pointer);
        assert_eq!(pointer as *mut u8, p);
        // Sub-data on a mapped buffer is refused.
        glBufferSubData(GL_ARRAY_BUFFER, 0, 1, [0u8].as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        // Mapping twice is refused.
        assert!(glMapBufferRange(GL_ARRAY_BUFFER, 0, 1, GL_MAP_READ_BIT).is_null());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        assert_eq!(glUnmapBuffer(GL_ARRAY_BUFFER), 1);
        assert_eq!(glUnmapBuffer(GL_ARRAY_BUFFER), 0);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
    }
    assert_eq!(read(GL_ARRAY_BUFFER, 0, 6), [10, 11, 99, 13, 14, 15]);
}

#[test]
fn map_buffer_range_flag_rules() {
    let _ctx = current_compat_context();
    new_buffer(GL_ARRAY_BUFFER, &[0; 16]);
    let cases: &[(isize, isize, GLbitfield, GLenum)] = &[
        (0, 0, GL_MAP_WRITE_BIT, GL_INVALID_OPERATION),
        (0, 4, 0, GL_INVALID_OPERATION),
        (0, 4, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_RANGE_BIT, GL_INVALID_OPERATION),
        (0, 4, GL_MAP_READ_BIT | GL_MAP_UNSYNCHRONIZED_BIT, GL_INVALID_OPERATION),
        (0, 4, GL_MAP_READ_BIT | GL_MAP_FLUSH_EXPLICIT_BIT, GL_INVALID_OPERATION),
        (0, 4, GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT, GL_INVALID_OPERATION),
        (0, 4, GL_MAP_WRITE_BIT | 0x8000_0000, GL_INVALID_VALUE),
        (12, 8, GL_MAP_WRITE_BIT, GL_INVALID_VALUE),
        (-1, 4, GL_MAP_WRITE_BIT, GL_INVALID_VALUE),
    ];
    for &(offset, length, access, expected) in cases {
        let p = unsafe { glMapBufferRange(GL_ARRAY_BUFFER, offset, length, access) };
        assert!(p.is_null(), "offset {offset} length {length} access {access:#x}");
        assert_eq!(error(), expected, "offset {offset} length {length} access {access:#x}");
    }
    assert_eq!(param(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED), 0);
}

#[test]
fn explicit_flush_and_invalidating_write_maps() {
    let _ctx = current_compat_context();
    new_buffer(GL_ARRAY_BUFFER, &[1, 2, 3, 4, 5, 6, 7, 8]);
    unsafe {
        let access = GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT | GL_MAP_INVALIDATE_RANGE_BIT;
        let p = glMapBufferRange(GL_ARRAY_BUFFER, 4, 4, access) as *mut u8;
        assert!(!p.is_null());
        std::ptr::copy_nonoverlapping([50u8, 60].as_ptr(), p, 2);
        glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 2);
        assert_eq!(glGetError(), GL_NO_ERROR);
        glFlushMappedBufferRange(GL_ARRAY_BUFFER, 2, 4);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        assert_eq!(glUnmapBuffer(GL_ARRAY_BUFFER), 1);
        glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 1);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
    }
    assert_eq!(read(GL_ARRAY_BUFFER, 4, 2), [50, 60]);
}

#[test]
fn copy_buffer_sub_data_between_and_within_buffers() {
    let _ctx = current_compat_context();
    new_buffer(GL_COPY_READ_BUFFER, &[1, 2, 3, 4]);
    let dst = new_buffer(GL_COPY_WRITE_BUFFER, &[0; 6]);
    unsafe {
        glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 1, 2, 3);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    assert_eq!(read(GL_COPY_WRITE_BUFFER, 0, 6), [0, 0, 2, 3, 4, 0]);
    unsafe {
        glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 2, 0, 3);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glBindBuffer(GL_COPY_READ_BUFFER, dst);
        // Overlapping ranges of one buffer.
        glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 2, 3);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 2, 0, 2);
        assert_eq!(glGetError(), GL_NO_ERROR);
        glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_RGBA, 0, 0, 1);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
    }
    assert_eq!(read(GL_COPY_WRITE_BUFFER, 0, 6), [2, 3, 2, 3, 4, 0]);
}

#[test]
fn immutable_storage_rules() {
    let _ctx = current_compat_context();
    let mut name = 0;
    unsafe {
        glGenBuffers(1, &mut name);
        glBindBuffer(GL_ARRAY_BUFFER, name);
        glBufferStorage(GL_ARRAY_BUFFER, 4, [1u8, 2, 3, 4].as_ptr().cast(), GL_MAP_READ_BIT);
        assert_eq!(glGetError(), GL_NO_ERROR);
        glBufferData(GL_ARRAY_BUFFER, 4, std::ptr::null(), GL_STATIC_DRAW);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glBufferSubData(GL_ARRAY_BUFFER, 0, 1, [9u8].as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        assert!(glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_WRITE_BIT).is_null());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        let p = glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT) as *const u8;
        assert_eq!(std::slice::from_raw_parts(p, 4), [1, 2, 3, 4]);
        glUnmapBuffer(GL_ARRAY_BUFFER);
    }
    assert_eq!(param(GL_ARRAY_BUFFER, GL_BUFFER_IMMUTABLE_STORAGE), 1);
}

#[test]
fn uniform_buffer_indexed_bindings() {
    let _ctx = current_compat_context();
    let ubo = new_buffer(GL_UNIFORM_BUFFER, &[0; 1024]);
    unsafe {
        glBindBufferRange(GL_UNIFORM_BUFFER, 2, ubo, 256, 128);
        assert_eq!(glGetError(), GL_NO_ERROR);
        glBindBufferRange(GL_UNIFORM_BUFFER, 3, ubo, 3, 128);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glBindBufferBase(GL_UNIFORM_BUFFER, 1000, ubo);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        let mut v = [0i32; 3];
        glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 2, &mut v[0]);
        glGetIntegeri_v(GL_UNIFORM_BUFFER_START, 2, &mut v[1]);
        glGetIntegeri_v(GL_UNIFORM_BUFFER_SIZE, 2, &mut v[2]);
        assert_eq!(v, [ubo as i32, 256, 128]);
    }
}
