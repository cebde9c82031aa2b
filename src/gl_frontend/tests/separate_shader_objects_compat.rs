//! Separate shader objects in a 4.5 compatibility context: a separable program has
//! executables only for the stages it was given (no fixed-function stand-in stages), so
//! using it for a stage it lacks leaves that stage empty, a pipeline of a vertex program
//! and a fragment program validates and draws, and a pipeline without a fragment stage
//! colours fragments as fixed function does; transform feedback captures the pipeline's
//! vertex program's outputs in the order glTransformFeedbackVaryings named them, and
//! samplers of different types on one unit fail validation only while they share it.
//! One test in this binary, because it sets a process-wide environment variable.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::Profile;

const VERTEX: &str = "#version 130
#extension GL_ARB_explicit_attrib_location: require
layout(location = 0) in vec2 pos;
void main() {
    gl_FrontColor = vec4(0.0, 1.0, 0.0, 1.0);
    gl_Position = vec4(pos, 0.0, 1.0);
}
";

const FRAGMENT: &str = "#version 130
void main() { gl_FragColor = vec4(1.0, 0.0, 1.0, 1.0); }
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
fn separable_programs_have_only_their_own_stages() {
    let _ctx = current_context_with_override(4, 5, Profile::Compatibility);
    let vs = shader_program(GL_VERTEX_SHADER, VERTEX);
    let fs = shader_program(GL_FRAGMENT_SHADER, FRAGMENT);
    unsafe {
        let mut pipeline = 0;
        glGenProgramPipelines(1, &mut pipeline);
        glBindProgramPipeline(pipeline);

        // The vertex program has no fragment executable: the stage stays empty.
        glUseProgramStages(pipeline, GL_FRAGMENT_SHADER_BIT, vs);
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(pipeline_value(pipeline, GL_FRAGMENT_SHADER), 0);

        glUseProgramStages(pipeline, GL_VERTEX_SHADER_BIT, vs);
        glUseProgramStages(pipeline, GL_FRAGMENT_SHADER_BIT, fs);
        glValidateProgramPipeline(pipeline);
        assert_eq!(pipeline_value(pipeline, GL_VALIDATE_STATUS), 1, "a vertex program and a fragment program make a valid pipeline");
        assert_eq!(pipeline_value(pipeline, GL_INFO_LOG_LENGTH), 0);
        draw_full_window_quad();
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(pixel(10, 10), [255, 0, 255, 255]);

        // Without a fragment stage, fixed function colours with the vertex colour.
        glUseProgramStages(pipeline, GL_FRAGMENT_SHADER_BIT, 0);
        glValidateProgramPipeline(pipeline);
        assert_eq!(pipeline_value(pipeline, GL_VALIDATE_STATUS), 1);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(pixel(10, 10), [0, 255, 0, 255]);

        // Transform feedback of a pipeline captures its vertex program's varyings.
        let capture = glCreateProgram();
        glProgramParameteri(capture, GL_PROGRAM_SEPARABLE, GL_TRUE as GLint);
        glAttachShader(capture, compiled_shader(GL_VERTEX_SHADER, CAPTURING_VERTEX));
        let names = [c"b".as_ptr(), c"a".as_ptr()];
        glTransformFeedbackVaryings(capture, 2, names.as_ptr(), GL_INTERLEAVED_ATTRIBS);
        glLinkProgram(capture);
        glUseProgramStages(pipeline, GL_VERTEX_SHADER_BIT, capture);
        let mut buffer = 0;
        glGenBuffers(1, &mut buffer);
        glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buffer);
        glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 4 * 4 * 6, std::ptr::null(), GL_STREAM_READ);
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buffer);
        glEnable(GL_RASTERIZER_DISCARD);
        glBeginTransformFeedback(GL_POINTS);
        assert_eq!(glGetError(), GL_NO_ERROR, "the pipeline's vertex program captures");
        glActiveShaderProgram(pipeline, capture);
        assert_eq!(glGetError(), GL_NO_ERROR, "the active program may change while capturing");
        glDrawArrays(GL_POINTS, 0, 4);
        glEndTransformFeedback();
        glDisable(GL_RASTERIZER_DISCARD);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut words = [0f32; 24];
        glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 4 * 24, words.as_mut_ptr().cast());
        // b = (3, 5, 7), then a = the vertex's position.
        assert_eq!(&words[..6], &[3.0, 5.0, 7.0, -1.0, -1.0, 0.0]);
        assert_eq!(&words[6..12], &[3.0, 5.0, 7.0, 1.0, -1.0, 0.0]);

        // Two samplers of different types conflict only while they share a unit.
        let samplers = shader_program(GL_FRAGMENT_SHADER, SAMPLING_FRAGMENT);
        glUseProgramStages(pipeline, GL_VERTEX_SHADER_BIT, vs);
        glUseProgramStages(pipeline, GL_FRAGMENT_SHADER_BIT, samplers);
        glActiveShaderProgram(pipeline, samplers);
        glUniform1i(uniform_location(samplers, "s2"), 1);
        glUniform1i(uniform_location(samplers, "s3"), 1);
        glValidateProgramPipeline(pipeline);
        assert_eq!(pipeline_value(pipeline, GL_VALIDATE_STATUS), 0);
        glUniform1i(uniform_location(samplers, "s3"), 2);
        assert_eq!(glGetError(), GL_NO_ERROR);
        glValidateProgramPipeline(pipeline);
        assert_eq!(pipeline_value(pipeline, GL_VALIDATE_STATUS), 1);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

const CAPTURING_VERTEX: &str = "#version 410 compatibility
layout(location = 0) in vec2 pos;
layout(location = 1) out vec3 a;
layout(location = 3) out vec3 b;
void main() {
    gl_Position = vec4(pos, 0.0, 1.0);
    a = vec3(pos, 0.0);
    b = vec3(3.0, 5.0, 7.0);
}
";

const SAMPLING_FRAGMENT: &str = "#version 130
out vec4 out_color;
uniform sampler2D s2;
uniform sampler3D s3;
void main() { out_color = texture(s2, vec2(0.0)) + texture(s3, vec3(0.0)); }
";
