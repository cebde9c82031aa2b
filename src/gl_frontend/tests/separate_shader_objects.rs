//! Separate shader objects (ARB_separate_shader_objects) and program interface queries in
//! a 4.5 core context offered through `offer_requested_version`: a pipeline draws with
//! the stages of two separable programs, varyings meet by name whatever their declaration
//! order, glProgramUniform and glActiveShaderProgram reach the right program, the errors
//! the specification lists are reported, and glGetProgramResource* describe the programs.
//! One test in this binary, because it sets a process-wide environment variable.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::Profile;

const VERTEX: &str = "#version 410 core
layout(location = 0) in vec2 pos;
out vec4 first;
out vec4 second;
uniform vec4 tint;
void main() {
    first = vec4(1.0, 0.0, 0.0, 1.0);
    second = tint;
    gl_Position = vec4(pos, 0.0, 1.0);
}
";

/// Declares the varyings in the other order: they must still match by name.
const FRAGMENT: &str = "#version 410 core
in vec4 second;
in vec4 first;
uniform vec4 tint;
out vec4 color;
void main() { color = second + tint * first.r; }
";

fn shader_program(ty: GLenum, source: &str) -> GLuint {
    let c = std::ffi::CString::new(source).unwrap();
    let ptr = c.as_ptr();
    let p = unsafe { glCreateShaderProgramv(ty, 1, &ptr) };
    let mut linked = 0;
    unsafe { glGetProgramiv(p, GL_LINK_STATUS, &mut linked) };
    assert_eq!(linked, 1, "the separable program links");
    p
}

fn pipeline_value(pipeline: GLuint, pname: GLenum) -> GLint {
    let mut v = -7;
    unsafe { glGetProgramPipelineiv(pipeline, pname, &mut v) };
    v
}

#[test]
fn pipelines_draw_with_stages_of_separable_programs() {
    let _ctx = current_context_with_override(4, 5, Profile::Core);
    let vs = shader_program(GL_VERTEX_SHADER, VERTEX);
    let fs = shader_program(GL_FRAGMENT_SHADER, FRAGMENT);
    unsafe {
        let mut separable = 0;
        glGetProgramiv(vs, GL_PROGRAM_SEPARABLE, &mut separable);
        assert_eq!(separable, 1);

        let mut pipeline = 0;
        glGenProgramPipelines(1, &mut pipeline);
        assert_eq!(glIsProgramPipeline(pipeline), 0, "a generated name is no pipeline before its first bind");
        glBindProgramPipeline(pipeline);
        assert_eq!(glIsProgramPipeline(pipeline), 1);
        assert_eq!(get_int(GL_PROGRAM_PIPELINE_BINDING), pipeline as i32);
        glUseProgramStages(pipeline, GL_VERTEX_SHADER_BIT, vs);
        glUseProgramStages(pipeline, GL_FRAGMENT_SHADER_BIT, fs);
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(pipeline_value(pipeline, GL_VERTEX_SHADER), vs as GLint);
        assert_eq!(pipeline_value(pipeline, GL_FRAGMENT_SHADER), fs as GLint);
        assert_eq!(pipeline_value(pipeline, GL_GEOMETRY_SHADER), 0);

        // The same uniform name in both programs names two uniforms.
        glProgramUniform4f(vs, uniform_location(vs, "tint"), 0.0, 0.0, 1.0, 1.0);
        glProgramUniform4f(fs, uniform_location(fs, "tint"), 0.0, 1.0, 0.0, 0.0);
        assert_eq!(glGetError(), GL_NO_ERROR);
        draw_full_window_quad();
        assert_eq!(glGetError(), GL_NO_ERROR);
        // second (the vertex program's tint, blue) plus the fragment program's tint (green).
        assert_eq!(pixel(10, 10), [0, 255, 255, 255]);

        // glUniform without a current program writes the pipeline's active program.
        glUniform4f(uniform_location(fs, "tint"), 1.0, 0.0, 0.0, 0.0);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "no active program yet");
        glActiveShaderProgram(pipeline, fs);
        assert_eq!(pipeline_value(pipeline, GL_ACTIVE_PROGRAM), fs as GLint);
        glUniform4f(uniform_location(fs, "tint"), 1.0, 0.0, 0.0, 0.0);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut back = [0.0f32; 4];
        glGetUniformfv(fs, uniform_location(fs, "tint"), back.as_mut_ptr());
        assert_eq!(back, [1.0, 0.0, 0.0, 0.0]);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        assert_eq!(pixel(10, 10), [255, 0, 255, 255]);

        glValidateProgramPipeline(pipeline);
        assert_eq!(pipeline_value(pipeline, GL_VALIDATE_STATUS), 1);

        // A current program wins over the pipeline.
        let whole = linked_program(&[(GL_VERTEX_SHADER, VERTEX), (GL_FRAGMENT_SHADER, "#version 410 core\nout vec4 color;\nvoid main() { color = vec4(1.0, 1.0, 0.0, 1.0); }\n")]);
        glUseProgram(whole);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        assert_eq!(pixel(10, 10), [255, 255, 0, 255]);
        glUseProgram(0);

        // Errors the specification lists.
        glUseProgramStages(pipeline, GL_VERTEX_SHADER_BIT, whole);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "a program linked without GL_PROGRAM_SEPARABLE");
        glUseProgramStages(pipeline, 0x4000_0000, vs);
        assert_eq!(glGetError(), GL_INVALID_VALUE, "unknown stage bits");
        glUseProgramStages(pipeline + 100, GL_VERTEX_SHADER_BIT, vs);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "a name never generated");
        glBindProgramPipeline(pipeline + 100);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glProgramParameteri(vs, GL_PROGRAM_SEPARABLE, 2);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glProgramParameteri(vs, GL_LINK_STATUS, 1);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glGetProgramPipelineiv(pipeline, GL_LINK_STATUS, &mut 0);
        assert_eq!(glGetError(), GL_INVALID_ENUM);

        // A vertex stage taken from a program that also has a fragment stage, without
        // that fragment stage, fails validation and draws nothing.
        let both = glCreateProgram();
        glProgramParameteri(both, GL_PROGRAM_SEPARABLE, GL_TRUE as GLint);
        glAttachShader(both, compiled_shader(GL_VERTEX_SHADER, VERTEX));
        glAttachShader(both, compiled_shader(GL_FRAGMENT_SHADER, FRAGMENT));
        glLinkProgram(both);
        glUseProgramStages(pipeline, GL_VERTEX_SHADER_BIT, both);
        glValidateProgramPipeline(pipeline);
        assert_eq!(pipeline_value(pipeline, GL_VALIDATE_STATUS), 0);
        assert!(pipeline_value(pipeline, GL_INFO_LOG_LENGTH) > 1);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);

        // Deleting the bound pipeline unbinds it.
        glDeleteProgramPipelines(1, &pipeline);
        assert_eq!(get_int(GL_PROGRAM_PIPELINE_BINDING), 0);
        assert_eq!(glIsProgramPipeline(pipeline), 0);

        // Program interface queries on the two programs.
        let mut n = -1;
        glGetProgramInterfaceiv(vs, GL_PROGRAM_INPUT, GL_ACTIVE_RESOURCES, &mut n);
        assert_eq!(n, 1, "the vertex program's one attribute");
        glGetProgramInterfaceiv(vs, GL_PROGRAM_OUTPUT, GL_ACTIVE_RESOURCES, &mut n);
        assert_eq!(n, 2, "its two user outputs");
        let pos = std::ffi::CString::new("pos").unwrap();
        assert_eq!(glGetProgramResourceIndex(vs, GL_PROGRAM_INPUT, pos.as_ptr()), 0);
        assert_eq!(glGetProgramResourceLocation(vs, GL_PROGRAM_INPUT, pos.as_ptr()), 0);
        let tint = std::ffi::CString::new("tint").unwrap();
        let index = glGetProgramResourceIndex(fs, GL_UNIFORM, tint.as_ptr());
        assert_ne!(index, GL_INVALID_INDEX);
        let props = [GL_TYPE, GL_ARRAY_SIZE, GL_LOCATION, GL_REFERENCED_BY_FRAGMENT_SHADER, GL_REFERENCED_BY_VERTEX_SHADER, GL_BLOCK_INDEX];
        let mut values = [0; 6];
        let mut written = 0;
        glGetProgramResourceiv(fs, GL_UNIFORM, index, 6, props.as_ptr(), 6, &mut written, values.as_mut_ptr());
        assert_eq!(written, 6);
        assert_eq!(values, [GL_FLOAT_VEC4 as GLint, 1, uniform_location(fs, "tint"), 1, 0, -1]);
        let mut name = [0u8; 16];
        glGetProgramResourceName(fs, GL_UNIFORM, index, 16, &mut written, name.as_mut_ptr().cast());
        assert_eq!(&name[..written as usize], b"tint");
        glGetProgramResourceiv(fs, GL_UNIFORM, index, 1, [GL_BUFFER_BINDING].as_ptr(), 1, &mut written, values.as_mut_ptr());
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "uniforms have no buffer binding");
        glGetProgramInterfaceiv(fs, GL_UNIFORM, GL_MAX_NUM_ACTIVE_VARIABLES, &mut n);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        let color = std::ffi::CString::new("color").unwrap();
        assert_eq!(glGetProgramResourceLocationIndex(fs, GL_PROGRAM_OUTPUT, color.as_ptr()), 0);
        assert_eq!(glGetProgramResourceLocation(fs, GL_PROGRAM_OUTPUT, color.as_ptr()), 0);

        // An active, unpaused capture keeps the bound pipeline and its stages.
        let capture_vs = {
            let shader = compiled_shader(GL_VERTEX_SHADER, VERTEX);
            let p = glCreateProgram();
            glProgramParameteri(p, GL_PROGRAM_SEPARABLE, GL_TRUE as GLint);
            glAttachShader(p, shader);
            let first = std::ffi::CString::new("first").unwrap();
            glTransformFeedbackVaryings(p, 1, &first.as_ptr(), GL_INTERLEAVED_ATTRIBS);
            glLinkProgram(p);
            p
        };
        let mut pipelines = [0; 2];
        glGenProgramPipelines(2, pipelines.as_mut_ptr());
        glBindProgramPipeline(pipelines[0]);
        glUseProgramStages(pipelines[0], GL_VERTEX_SHADER_BIT, capture_vs);
        let mut buffer = 0;
        glGenBuffers(1, &mut buffer);
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buffer);
        glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 256, std::ptr::null(), GL_STREAM_READ);
        glBeginTransformFeedback(GL_POINTS);
        assert_eq!(glGetError(), GL_NO_ERROR);
        glBindProgramPipeline(pipelines[1]);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "binding another pipeline while capturing");
        glUseProgramStages(pipelines[0], GL_FRAGMENT_SHADER_BIT, fs);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "changing the bound pipeline while capturing");
        glUseProgramStages(pipelines[1], GL_FRAGMENT_SHADER_BIT, fs);
        assert_eq!(glGetError(), GL_NO_ERROR, "another pipeline may change");
        glPauseTransformFeedback();
        glBindProgramPipeline(pipelines[1]);
        assert_eq!(glGetError(), GL_NO_ERROR, "a paused capture lets the pipeline go");
        glBindProgramPipeline(pipelines[0]);
        glResumeTransformFeedback();
        glEndTransformFeedback();
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}
