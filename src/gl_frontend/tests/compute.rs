//! Compute shaders on the machine's Vulkan device: dispatches that write shader storage
//! buffers and images, read back through GL; the dispatch and binding errors GL specifies;
//! the work-group size and limit queries.
//! The version is offered through `ContextConfig::offer_requested_version`.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{make_current, Api, Context, ContextConfig, Profile};

fn context() -> std::sync::Arc<Context> {
    let config = ContextConfig { api: Api::Gl, major: 4, minor: 3, profile: Profile::Core, offer_requested_version: true, ..Default::default() };
    let ctx = Context::new(device(), &config, None).expect("4.3 offered on request");
    let window = surface();
    make_current(&ctx, Some(window.clone()), Some(window)).unwrap();
    ctx
}

/// Work-group ids, local ids, shared memory with a barrier, an atomic and a runtime-sized
/// array's length, all written to one storage buffer.
const CS: &str = "#version 430
layout(local_size_x = 4, local_size_y = 2) in;
layout(std430, binding = 2) buffer Result { uint counter; uint values[]; };
shared uint mirrored[8];
void main() {
    mirrored[gl_LocalInvocationIndex] = gl_WorkGroupID.x * 100u + gl_LocalInvocationID.y * 10u + gl_LocalInvocationID.x;
    barrier();
    uint i = gl_WorkGroupID.x * 8u + gl_LocalInvocationIndex;
    values[i] = mirrored[7u - gl_LocalInvocationIndex] + uint(values.length()) * 1000u;
    atomicAdd(counter, 1u);
}";

fn storage_buffer(words: usize) -> GLuint {
    let mut buffer = 0;
    let zeros = vec![0u32; words];
    unsafe {
        glGenBuffers(1, &mut buffer);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
        glBufferData(GL_SHADER_STORAGE_BUFFER, (words * 4) as isize, zeros.as_ptr().cast(), GL_DYNAMIC_COPY);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, buffer);
    }
    buffer
}

fn read_words(buffer: GLuint, words: usize) -> Vec<u32> {
    let mut out = vec![0u32; words];
    unsafe {
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
        glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, (words * 4) as isize, out.as_mut_ptr().cast());
    }
    out
}

#[test]
fn a_dispatch_writes_a_storage_buffer() {
    let _ctx = context();
    let program = linked_program(&[(GL_COMPUTE_SHADER, CS)]);
    let buffer = storage_buffer(1 + 24);
    unsafe {
        glUseProgram(program);
        glDispatchCompute(3, 1, 1);
    }
    assert_eq!(error(), GL_NO_ERROR);
    let words = read_words(buffer, 25);
    assert_eq!(words[0], 24, "every invocation added one");
    for group in 0..3u32 {
        for index in 0..8u32 {
            // The invocation at `index` read the value of invocation 7 - index.
            let other = 7 - index;
            let expected = group * 100 + (other / 4) * 10 + other % 4 + 24 * 1000;
            assert_eq!(words[1 + (group * 8 + index) as usize], expected, "group {group}, invocation {index}");
        }
    }
}

#[test]
fn indirect_dispatch_reads_its_group_count_from_a_buffer() {
    let _ctx = context();
    let program = linked_program(&[(GL_COMPUTE_SHADER, CS)]);
    let buffer = storage_buffer(1 + 24);
    let counts: [u32; 4] = [0, 2, 1, 1];
    let mut indirect = 0;
    unsafe {
        glUseProgram(program);
        glGenBuffers(1, &mut indirect);
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, indirect);
        glBufferData(GL_DISPATCH_INDIRECT_BUFFER, 16, counts.as_ptr().cast(), GL_STATIC_DRAW);
        glDispatchComputeIndirect(4);
    }
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(read_words(buffer, 1)[0], 16, "two groups of eight invocations ran");
    unsafe { glDispatchComputeIndirect(2) };
    assert_eq!(error(), GL_INVALID_VALUE, "an offset that is not a multiple of four");
    unsafe { glDispatchComputeIndirect(8) };
    assert_eq!(error(), GL_INVALID_OPERATION, "parameters past the end of the buffer");
}

#[test]
fn a_dispatch_writes_an_image() {
    let _ctx = context();
    let cs = "#version 430
layout(local_size_x = 2, local_size_y = 2) in;
layout(rgba8) writeonly uniform image2D target;
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    imageStore(target, p, vec4(float(p.x) * 0.2, float(p.y) * 0.2, 1.0, 1.0));
}";
    let program = linked_program(&[(GL_COMPUTE_SHADER, cs)]);
    let mut texture = 0;
    let mut fbo = 0;
    let mut pixels = [0u8; 4 * 16];
    unsafe {
        glGenTextures(1, &mut texture);
        glBindTexture(GL_TEXTURE_2D, texture);
        glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
        glBindImageTexture(1, texture, 0, 0, 0, GL_WRITE_ONLY, GL_RGBA8);
        glUseProgram(program);
        glUniform1i(glGetUniformLocation(program, c"target".as_ptr()), 1);
        glDispatchCompute(2, 2, 1);
        glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
        glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, pixels.as_mut_ptr().cast());
    }
    assert_eq!(error(), GL_NO_ERROR);
    for y in 0..4 {
        for x in 0..4 {
            let p = &pixels[(y * 4 + x) * 4..][..4];
            assert_eq!([p[0], p[1], p[2], p[3]], [(x * 51) as u8, (y * 51) as u8, 255, 255], "pixel ({x}, {y})");
        }
    }
}

#[test]
fn dispatch_errors_and_queries() {
    let _ctx = context();
    unsafe { glDispatchCompute(1, 1, 1) };
    assert_eq!(error(), GL_INVALID_OPERATION, "no program");
    let vs = "#version 430\nvoid main() { gl_Position = vec4(0.0); }";
    let fs = "#version 430\nout vec4 c;\nvoid main() { c = vec4(1.0); }";
    let graphics = linked_program(&[(GL_VERTEX_SHADER, vs), (GL_FRAGMENT_SHADER, fs)]);
    unsafe { glUseProgram(graphics) };
    unsafe { glDispatchCompute(1, 1, 1) };
    assert_eq!(error(), GL_INVALID_OPERATION, "a program without a compute shader");
    let mut size = [0; 3];
    unsafe { glGetProgramiv(graphics, GL_COMPUTE_WORK_GROUP_SIZE, size.as_mut_ptr()) };
    assert_eq!(error(), GL_INVALID_OPERATION, "work-group size of a program without compute");

    let program = linked_program(&[(GL_COMPUTE_SHADER, CS)]);
    unsafe { glGetProgramiv(program, GL_COMPUTE_WORK_GROUP_SIZE, size.as_mut_ptr()) };
    assert_eq!(size, [4, 2, 1]);
    unsafe { glUseProgram(program) };
    let mut max_count = 0;
    unsafe { glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0, &mut max_count) };
    assert!(max_count >= 65535, "GL 4.3 requires at least 65535 groups, got {max_count}");
    unsafe { glDispatchCompute(max_count as GLuint + 1, 1, 1) };
    assert_eq!(error(), GL_INVALID_VALUE, "more groups than GL_MAX_COMPUTE_WORK_GROUP_COUNT");
    let mut max_size = 0;
    unsafe { glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, 2, &mut max_size) };
    assert!(max_size >= 64);
    unsafe { glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, 3, &mut max_size) };
    assert_eq!(error(), GL_INVALID_VALUE, "there are three dimensions");

    unsafe { glMemoryBarrier(GL_ALL_BARRIER_BITS) };
    assert_eq!(error(), GL_NO_ERROR);
    unsafe { glMemoryBarrierByRegion(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT) };
    assert_eq!(error(), GL_INVALID_VALUE, "not a by-region barrier bit");
    unsafe { glShaderStorageBlockBinding(program, 1, 0) };
    assert_eq!(error(), GL_INVALID_VALUE, "the program has one storage block");
    unsafe { glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, 0, 3, 4) };
    assert_eq!(error(), GL_NO_ERROR, "unbinding ignores offset and size");
    let mut buffer = 0;
    unsafe {
        glGenBuffers(1, &mut buffer);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
        glBufferData(GL_SHADER_STORAGE_BUFFER, 1024, std::ptr::null(), GL_DYNAMIC_COPY);
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, buffer, 3, 4);
    }
    assert_eq!(error(), GL_INVALID_VALUE, "a misaligned offset");
    unsafe { glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, buffer, 256, 64) };
    let mut bound = [0; 3];
    unsafe {
        glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, 1, &mut bound[0]);
        glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_START, 1, &mut bound[1]);
        glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_SIZE, 1, &mut bound[2]);
    }
    assert_eq!(bound, [buffer as i32, 256, 64]);
}

/// A compatibility context of the same version, for display lists.
fn compatibility_context() -> std::sync::Arc<Context> {
    let config = ContextConfig { api: Api::Gl, major: 4, minor: 3, profile: Profile::Compatibility, offer_requested_version: true, ..Default::default() };
    let ctx = Context::new(device(), &config, None).expect("4.3 compatibility offered on request");
    let window = surface();
    make_current(&ctx, Some(window.clone()), Some(window)).unwrap();
    ctx
}

#[test]
fn display_lists_compile_dispatches_and_refuse_indirect_ones() {
    let _ctx = compatibility_context();
    let program = linked_program(&[(GL_COMPUTE_SHADER, CS)]);
    let buffer = storage_buffer(1 + 24);
    unsafe {
        glUseProgram(program);
        let list = glGenLists(1);
        glNewList(list, GL_COMPILE);
        glDispatchCompute(1, 1, 1);
        glEndList();
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(read_words(buffer, 1)[0], 0, "compiling the list dispatched nothing");
        glCallList(list);
        assert_eq!(read_words(buffer, 1)[0], 8, "calling the list dispatched one group");
        glCallList(list);
        assert_eq!(read_words(buffer, 1)[0], 16, "and again");

        glNewList(list, GL_COMPILE_AND_EXECUTE);
        glDispatchCompute(2, 1, 1);
        glEndList();
        assert_eq!(read_words(buffer, 1)[0], 32, "compile-and-execute dispatched two groups");

        let counts: [u32; 3] = [1, 1, 1];
        let mut indirect = 0;
        glGenBuffers(1, &mut indirect);
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, indirect);
        glBufferData(GL_DISPATCH_INDIRECT_BUFFER, 12, counts.as_ptr().cast(), GL_STATIC_DRAW);
        for mode in [GL_COMPILE, GL_COMPILE_AND_EXECUTE] {
            glNewList(list, mode);
            glDispatchComputeIndirect(0);
            assert_eq!(error(), GL_INVALID_OPERATION, "an indirect dispatch in a list");
            glEndList();
            glCallList(list);
        }
        assert_eq!(read_words(buffer, 1)[0], 32, "no indirect dispatch ran");
        glDeleteLists(list, 1);
    }
}

#[test]
fn image_and_uniform_location_limits() {
    let _ctx = context();
    for (pname, expected) in [
        (GL_MAX_UNIFORM_LOCATIONS, 1024),
        (GL_MAX_FRAGMENT_IMAGE_UNIFORMS, 8),
        (GL_MAX_VERTEX_IMAGE_UNIFORMS, 8),
        (GL_MAX_COMBINED_IMAGE_UNIFORMS, 8),
        (GL_MAX_GEOMETRY_IMAGE_UNIFORMS, 0),
        (GL_MAX_TESS_CONTROL_IMAGE_UNIFORMS, 0),
        (GL_MAX_TESS_EVALUATION_IMAGE_UNIFORMS, 0),
        (GL_MAX_IMAGE_SAMPLES, 0),
    ] {
        assert_eq!(get_int(pname), expected, "{pname:#x}");
        assert_eq!(error(), GL_NO_ERROR, "{pname:#x}");
    }
}

#[test]
fn explicit_uniform_locations_reach_the_limit_and_inactive_ones_ignore_writes() {
    let _ctx = context();
    let vs = "#version 430\nvoid main() { gl_Position = vec4(0.0); }";
    let fs = "#version 430
layout(location = 0) uniform float inactive;
layout(location = 1023) uniform float last;
uniform float implicit;
out vec4 c;
void main() { c = vec4(last, implicit, 0.0, 1.0); }";
    let program = linked_program(&[(GL_VERTEX_SHADER, vs), (GL_FRAGMENT_SHADER, fs)]);
    unsafe {
        assert_eq!(glGetUniformLocation(program, c"last".as_ptr()), 1023);
        assert_eq!(glGetUniformLocation(program, c"inactive".as_ptr()), -1);
        assert_eq!(glGetUniformLocation(program, c"implicit".as_ptr()), 1, "an inactive uniform's location is still held");
        glUseProgram(program);
        glUniform1f(0, 0.5);
        assert_eq!(error(), GL_NO_ERROR, "a write to an inactive explicit location is ignored");
        glUniform1f(8, 0.5);
        assert_eq!(error(), GL_INVALID_OPERATION, "a location no uniform holds");
        glUniform1f(1023, 0.25);
        let mut value = 0.0f32;
        glGetUniformfv(program, 1023, &mut value);
        assert_eq!(value, 0.25);
    }
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn implicitly_sized_arrays_have_the_length_the_linker_gives_them() {
    let _ctx = context();
    let cs = "#version 430
layout(local_size_x = 1) in;
layout(std430, binding = 2) buffer Result { uint counter; uint values[]; };
void main() {
    float local[];
    int before = local.length();
    local[4] = 3.0;
    values[0] = uint(before);
    values[1] = uint(local.length());
    values[2] = uint(values.length());
}";
    let program = linked_program(&[(GL_COMPUTE_SHADER, cs)]);
    let buffer = storage_buffer(1 + 6);
    unsafe {
        glUseProgram(program);
        glDispatchCompute(1, 1, 1);
    }
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(&read_words(buffer, 4)[1..], &[5, 5, 6], "local[4] sizes the local array; the buffer sizes `values`");
}

/// A vertex and a fragment shader that read `vs` and `fs` storage blocks of their own, the
/// link status, and the info log.
fn link_with_storage_blocks(vs: usize, fs: usize) -> (bool, String) {
    let blocks = |prefix: &str, n: usize| (0..n).map(|i| format!("layout(std430) buffer {prefix}{i} {{ vec4 {prefix}v{i}; }};\n")).collect::<String>();
    let sum = |prefix: &str, n: usize| (0..n).map(|i| format!(" + {prefix}v{i}")).collect::<String>();
    let vs_src = format!("#version 430\n{}out vec4 v;\nvoid main() {{ gl_Position = vec4(0.0); v = vec4(0.0){}; }}\n", blocks("a", vs), sum("a", vs));
    let fs_src = format!("#version 430\n{}in vec4 v;\nout vec4 c;\nvoid main() {{ c = v{}; }}\n", blocks("b", fs), sum("b", fs));
    unsafe {
        let program = glCreateProgram();
        glAttachShader(program, compiled_shader(GL_VERTEX_SHADER, &vs_src));
        glAttachShader(program, compiled_shader(GL_FRAGMENT_SHADER, &fs_src));
        glLinkProgram(program);
        let mut linked = 0;
        glGetProgramiv(program, GL_LINK_STATUS, &mut linked);
        let mut log = vec![0u8; 1024];
        let mut written = 0;
        glGetProgramInfoLog(program, log.len() as GLsizei, &mut written, log.as_mut_ptr().cast());
        (linked == 1, String::from_utf8_lossy(&log[..written.max(0) as usize]).into_owned())
    }
}

#[test]
fn programs_past_the_storage_block_limits_fail_to_link() {
    let _ctx = context();
    let per_stage = get_int(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS) as usize;
    assert_eq!(get_int(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS) as usize, per_stage);
    let combined = get_int(GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS) as usize;
    // Every storage block binding, image unit and draw buffer fit the output resources.
    assert!(get_int(GL_MAX_COMBINED_SHADER_OUTPUT_RESOURCES) as usize > combined);
    assert!(combined >= per_stage * 2, "both stages can use all their blocks at once");
    assert_eq!(link_with_storage_blocks(per_stage, per_stage).0, true);
    let (linked, log) = link_with_storage_blocks(per_stage + 1, 0);
    assert!(!linked && log.contains(&format!("vertex shader uses {} shader storage blocks", per_stage + 1)), "{log}");
    let (linked, log) = link_with_storage_blocks(0, per_stage + 1);
    assert!(!linked && log.contains("fragment shader"), "{log}");
}

/// GL_ARB_buffer_storage: what dispatches write into a persistently mapped buffer shows
/// through the mapping once a fence is waited on, beside what the application wrote through
/// the mapping in the meantime; a second dispatch keeps what the first one wrote.
#[test]
fn persistent_mappings_see_dispatch_writes_after_a_fence() {
    let _ctx = context();
    let cs = "#version 430
layout(local_size_x = 2) in;
layout(std430, binding = 2) buffer Words { uint words[8]; };
uniform uint base;
void main() { words[base + gl_LocalInvocationID.x] = 10u + base + gl_LocalInvocationID.x; }";
    let program = linked_program(&[(GL_COMPUTE_SHADER, cs)]);
    let flags = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
    let mut buffer = 0;
    unsafe {
        glGenBuffers(1, &mut buffer);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
        glBufferStorage(GL_SHADER_STORAGE_BUFFER, 32, std::ptr::null(), flags);
        let map = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, 32, flags) as *mut u32;
        assert!(!map.is_null());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, buffer);
        glUseProgram(program);
        let base = uniform_location(program, "base");
        glUniform1ui(base, 0);
        glDispatchCompute(1, 1, 1);
        // Words no dispatch writes, written through the mapping between the dispatches.
        map.add(6).write_volatile(77);
        glUniform1ui(base, 4);
        glDispatchCompute(1, 1, 1);
        let fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        let waited = glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, u64::MAX);
        assert!(waited == GL_CONDITION_SATISFIED || waited == GL_ALREADY_SIGNALED, "{waited:#x}");
        glDeleteSync(fence);
        let words: Vec<u32> = (0..8).map(|i| map.add(i).read_volatile()).collect();
        assert_eq!(words, [10, 11, 0, 0, 14, 15, 77, 0]);
        assert_eq!(glUnmapBuffer(GL_SHADER_STORAGE_BUFFER), 1);
    }
    assert_eq!(read_words(buffer, 8), [10, 11, 0, 0, 14, 15, 77, 0], "unmapping keeps every write");
    assert_eq!(error(), GL_NO_ERROR);
}

/// ARB_compute_variable_group_size: each invocation writes its group's size (once by value,
/// once component by component through indexing) and its local id.
const VARIABLE_CS: &str = "#version 430
#extension GL_ARB_compute_variable_group_size : require
layout(local_size_variable) in;
layout(std430, binding = 2) buffer Result { uvec4 values[]; };
void main() {
    uvec3 size = gl_LocalGroupSizeARB;
    uint i = 2u * (gl_WorkGroupID.x * size.x * size.y * size.z + gl_LocalInvocationIndex);
    values[i] = uvec4(size, gl_LocalGroupSizeARB[1]);
    values[i + 1u] = uvec4(gl_LocalInvocationID, gl_GlobalInvocationID.x);
}";

/// Dispatches `VARIABLE_CS` with `groups` groups along x of `size`; checks every record.
fn check_variable_dispatch(groups: u32, size: [u32; 3]) {
    let invocations = size[0] * size[1] * size[2];
    let words = (groups * invocations * 8) as usize;
    let buffer = storage_buffer(words);
    unsafe { glDispatchComputeGroupSizeARB(groups, 1, 1, size[0], size[1], size[2]) };
    assert_eq!(error(), GL_NO_ERROR);
    let got = read_words(buffer, words);
    for group in 0..groups {
        for index in 0..invocations {
            let at = ((group * invocations + index) * 8) as usize;
            let local = [index % size[0], index / size[0] % size[1], index / (size[0] * size[1])];
            let global_x = group * size[0] + local[0];
            assert_eq!(&got[at..at + 8], &[size[0], size[1], size[2], size[1], local[0], local[1], local[2], global_x], "size {size:?}, group {group}, invocation {index}");
        }
    }
}

#[test]
fn a_variable_size_dispatch_runs_the_size_it_names() {
    let _ctx = context();
    let program = linked_program(&[(GL_COMPUTE_SHADER, VARIABLE_CS)]);
    unsafe { glUseProgram(program) };
    check_variable_dispatch(2, [3, 2, 1]);
    check_variable_dispatch(3, [2, 2, 2]);
    // Back to the first size: its pipeline is the one made before.
    check_variable_dispatch(1, [3, 2, 1]);
    check_variable_dispatch(1, [64, 1, 1]);
}

#[test]
fn a_fixed_size_program_reads_its_declared_size_as_gl_local_group_size() {
    let _ctx = context();
    let cs = "#version 430
#extension GL_ARB_compute_variable_group_size : require
layout(local_size_x = 4, local_size_y = 3) in;
layout(std430, binding = 2) buffer Result { uvec4 values[]; };
void main() { values[gl_LocalInvocationIndex] = uvec4(gl_LocalGroupSizeARB, gl_WorkGroupSize.x); }";
    let program = linked_program(&[(GL_COMPUTE_SHADER, cs)]);
    let buffer = storage_buffer(12 * 4);
    unsafe {
        glUseProgram(program);
        glDispatchCompute(1, 1, 1);
    }
    assert_eq!(error(), GL_NO_ERROR);
    let got = read_words(buffer, 12 * 4);
    for record in got.chunks(4) {
        assert_eq!(record, &[4, 3, 1, 4]);
    }
}

#[test]
fn variable_size_dispatch_errors_follow_the_extension() {
    let _ctx = context();
    let variable = linked_program(&[(GL_COMPUTE_SHADER, VARIABLE_CS)]);
    let fixed = linked_program(&[(GL_COMPUTE_SHADER, CS)]);
    let _buffer = storage_buffer(64);

    unsafe { glDispatchComputeGroupSizeARB(1, 1, 1, 1, 1, 1) };
    assert_eq!(error(), GL_INVALID_OPERATION, "no current program");
    unsafe {
        glUseProgram(fixed);
        glDispatchComputeGroupSizeARB(1, 1, 1, 1, 1, 1);
    }
    assert_eq!(error(), GL_INVALID_OPERATION, "a fixed-size program");

    let mut size = [-1; 3];
    unsafe { glGetProgramiv(variable, GL_COMPUTE_WORK_GROUP_SIZE, size.as_mut_ptr()) };
    assert_eq!(error(), GL_INVALID_OPERATION, "GL_COMPUTE_WORK_GROUP_SIZE of a variable-size program");
    assert_eq!(size, [-1; 3], "nothing written");

    let counts: [u32; 3] = [1, 1, 1];
    let mut indirect = 0;
    unsafe {
        glUseProgram(variable);
        glDispatchCompute(1, 1, 1);
        assert_eq!(error(), GL_INVALID_OPERATION, "glDispatchCompute of a variable-size program");
        glGenBuffers(1, &mut indirect);
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, indirect);
        glBufferData(GL_DISPATCH_INDIRECT_BUFFER, 12, counts.as_ptr().cast(), GL_STATIC_DRAW);
        glDispatchComputeIndirect(0);
        assert_eq!(error(), GL_INVALID_OPERATION, "glDispatchComputeIndirect of a variable-size program");
    }

    let mut max_count = [0; 3];
    let mut max_size = [0; 3];
    for i in 0..3 {
        unsafe {
            glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, i, &mut max_count[i as usize]);
            glGetIntegeri_v(GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB, i, &mut max_size[i as usize]);
        }
    }
    let max_invocations = get_int(GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB) as u32;
    let cases: [([u32; 3], [u32; 3], &str); 7] = [
        ([max_count[0] as u32 + 1, 1, 1], [1, 1, 1], "more groups than GL_MAX_COMPUTE_WORK_GROUP_COUNT"),
        ([1, 1, max_count[2] as u32 + 1], [1, 1, 1], "more groups along z than GL_MAX_COMPUTE_WORK_GROUP_COUNT"),
        ([1, 1, 1], [0, 1, 1], "a zero group size"),
        ([1, 1, 1], [1, 1, 0], "a zero group size along z"),
        ([1, 1, 1], [max_size[0] as u32 + 1, 1, 1], "a size over GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB"),
        ([1, 1, 1], [1, 1, max_size[2] as u32 + 1], "a size along z over GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB"),
        ([1, 1, 1], [max_invocations, 2, 1], "more invocations than GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB"),
    ];
    for (groups, size, why) in cases {
        unsafe { glDispatchComputeGroupSizeARB(groups[0], groups[1], groups[2], size[0], size[1], size[2]) };
        assert_eq!(error(), GL_INVALID_VALUE, "{why}");
    }
    unsafe { glDispatchComputeGroupSizeARB(0, 1, 1, 2, 2, 2) };
    assert_eq!(error(), GL_NO_ERROR, "no groups is no work, not an error");
}

#[test]
fn variable_group_limits_are_reported() {
    let _ctx = context();
    let count = get_int(GL_NUM_EXTENSIONS) as u32;
    let names: Vec<String> = (0..count)
        .map(|i| unsafe { std::ffi::CStr::from_ptr(glGetStringi(GL_EXTENSIONS, i).cast()) }.to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().any(|n| n == "GL_ARB_compute_variable_group_size"), "{names:?}");

    let mut size = [0; 3];
    let mut fixed = [0; 3];
    for i in 0..3 {
        unsafe {
            glGetIntegeri_v(GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB, i, &mut size[i as usize]);
            glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i, &mut fixed[i as usize]);
        }
    }
    assert_eq!(error(), GL_NO_ERROR);
    // The extension's minimums on lavapipe, within the fixed-size limits.
    assert_eq!(size, [512, 512, 64]);
    assert!(size.iter().zip(fixed).all(|(v, f)| *v <= f), "{size:?} over {fixed:?}");
    let invocations = get_int(GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB);
    assert_eq!(invocations, 512);
    assert!(invocations <= get_int(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS));
    unsafe { glGetIntegeri_v(GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB, 3, &mut size[0]) };
    assert_eq!(error(), GL_INVALID_VALUE, "there are three dimensions");
}
