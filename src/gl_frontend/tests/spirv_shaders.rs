//! SPIR-V shaders (GL_ARB_gl_spirv, GL 4.6 core): a vertex and fragment pair handed over
//! through glShaderBinary, specialized with a constant, linked, given a uniform by its
//! location, drawn and read back; and the errors of the calls on the way.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::Profile;

/// `text` assembled for OpenGL by spirv-as, as the bytes glShaderBinary takes.
fn assemble(text: &str) -> Vec<u8> {
    let dir = std::env::temp_dir().join(format!("galvan-spirv-api-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (src, out) = (dir.join("in.spvasm"), dir.join("out.spv"));
    std::fs::write(&src, text).unwrap();
    let status = std::process::Command::new("spirv-as").args(["--target-env", "opengl4.5"]).arg(&src).arg("-o").arg(&out).status().expect("spirv-as runs");
    assert!(status.success(), "spirv-as rejected:\n{text}");
    std::fs::read(&out).unwrap()
}

const VERTEX: &str = "
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Vertex %main \"main\" %_ %pos
               OpMemberDecorate %gl_PerVertex 0 BuiltIn Position
               OpDecorate %gl_PerVertex Block
               OpDecorate %pos Location 0
       %void = OpTypeVoid
          %3 = OpTypeFunction %void
      %float = OpTypeFloat 32
    %v2float = OpTypeVector %float 2
    %v4float = OpTypeVector %float 4
%gl_PerVertex = OpTypeStruct %v4float
%_ptr_Output_gl_PerVertex = OpTypePointer Output %gl_PerVertex
          %_ = OpVariable %_ptr_Output_gl_PerVertex Output
        %int = OpTypeInt 32 1
      %int_0 = OpConstant %int 0
    %float_0 = OpConstant %float 0
    %float_1 = OpConstant %float 1
%_ptr_Input_v2float = OpTypePointer Input %v2float
        %pos = OpVariable %_ptr_Input_v2float Input
%_ptr_Output_v4float = OpTypePointer Output %v4float
       %main = OpFunction %void None %3
          %5 = OpLabel
         %10 = OpLoad %v2float %pos
         %11 = OpCompositeExtract %float %10 0
         %12 = OpCompositeExtract %float %10 1
         %13 = OpCompositeConstruct %v4float %11 %12 %float_0 %float_1
         %14 = OpAccessChain %_ptr_Output_v4float %_ %int_0
               OpStore %14 %13
               OpReturn
               OpFunctionEnd
";

/// `out = color * vec4(scale, scale, scale, 1)`: `color` a uniform at location 3,
/// `scale` a specialization constant (SpecId 2, 1.0 unless specialized).
const FRAGMENT: &str = "
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main \"main\" %out
               OpExecutionMode %main OriginLowerLeft
               OpDecorate %out Location 0
               OpDecorate %color Location 3
               OpDecorate %scale SpecId 2
       %void = OpTypeVoid
          %3 = OpTypeFunction %void
      %float = OpTypeFloat 32
    %v4float = OpTypeVector %float 4
%_ptr_Output_v4float = OpTypePointer Output %v4float
        %out = OpVariable %_ptr_Output_v4float Output
%_ptr_UniformConstant_v4float = OpTypePointer UniformConstant %v4float
      %color = OpVariable %_ptr_UniformConstant_v4float UniformConstant
      %scale = OpSpecConstant %float 1
    %float_1 = OpConstant %float 1
       %main = OpFunction %void None %3
          %5 = OpLabel
         %10 = OpLoad %v4float %color
         %11 = OpCompositeConstruct %v4float %scale %scale %scale %float_1
         %12 = OpFMul %v4float %10 %11
               OpStore %out %12
               OpReturn
               OpFunctionEnd
";

fn shader_int(shader: GLuint, pname: GLenum) -> GLint {
    let mut v = -1;
    unsafe { glGetShaderiv(shader, pname, &mut v) };
    v
}

fn binary_shader(stage: GLenum, bytes: &[u8]) -> GLuint {
    unsafe {
        let s = glCreateShader(stage);
        glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, bytes.as_ptr().cast(), bytes.len() as GLsizei);
        assert_eq!(glGetError(), GL_NO_ERROR);
        s
    }
}

#[test]
fn spirv_program_draws_with_a_uniform_by_location_and_a_specialized_constant() {
    let _ctx = current_context_with_override(4, 6, Profile::Core);
    let (vs_bytes, fs_bytes) = (assemble(VERTEX), assemble(FRAGMENT));
    unsafe {
        // A module that is not whole words, or not SPIR-V, is GL_INVALID_VALUE.
        let s = glCreateShader(GL_VERTEX_SHADER);
        glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, vs_bytes.as_ptr().cast(), 6);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glShaderBinary(1, &s, GL_SHADER_BINARY_FORMAT_SPIR_V, [0u8; 8].as_ptr().cast(), 8);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glShaderBinary(1, &s, 0x1234, vs_bytes.as_ptr().cast(), vs_bytes.len() as GLsizei);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        assert_eq!(shader_int(s, GL_SPIR_V_BINARY), 0);

        let vs = binary_shader(GL_VERTEX_SHADER, &vs_bytes);
        let fs = binary_shader(GL_FRAGMENT_SHADER, &fs_bytes);
        assert_eq!(shader_int(vs, GL_SPIR_V_BINARY), 1);
        assert_eq!(shader_int(vs, GL_COMPILE_STATUS), 0, "not compiled before glSpecializeShader");

        // An entry point the module lacks, or a constant it does not declare.
        glSpecializeShader(vs, c"nope".as_ptr(), 0, std::ptr::null(), std::ptr::null());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glSpecializeShader(fs, c"main".as_ptr(), 1, [7u32].as_ptr(), [0u32].as_ptr());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        assert_eq!(shader_int(fs, GL_COMPILE_STATUS), 0);

        glSpecializeShader(vs, c"main".as_ptr(), 0, std::ptr::null(), std::ptr::null());
        glSpecializeShader(fs, c"main".as_ptr(), 1, [2u32].as_ptr(), [0.5f32.to_bits()].as_ptr());
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(shader_int(vs, GL_COMPILE_STATUS), 1);
        assert_eq!(shader_int(fs, GL_COMPILE_STATUS), 1);
        // Specialized once only.
        glSpecializeShader(vs, c"main".as_ptr(), 0, std::ptr::null(), std::ptr::null());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);

        let p = glCreateProgram();
        glAttachShader(p, vs);
        glAttachShader(p, fs);
        glLinkProgram(p);
        let mut ok = 0;
        glGetProgramiv(p, GL_LINK_STATUS, &mut ok);
        assert_eq!(ok, 1);
        let mut active = 0;
        glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &mut active);
        assert_eq!(active, 1);
        glUseProgram(p);
        glUniform4f(3, 1.0, 0.5, 0.25, 1.0);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut back = [0.0f32; 4];
        glGetUniformfv(p, 3, back.as_mut_ptr());
        assert_eq!(back, [1.0, 0.5, 0.25, 1.0]);
        draw_full_window_quad();
        assert_eq!(glGetError(), GL_NO_ERROR);
        // color * (0.5, 0.5, 0.5, 1).
        let px = pixel(10, 10);
        let expected = [128u8, 64, 32, 255];
        for c in 0..4 {
            assert!((px[c] as i32 - expected[c] as i32).abs() <= 1, "pixel {px:?}, expected {expected:?}");
        }

        // GLSL and SPIR-V shaders do not link together.
        let mixed = glCreateProgram();
        glAttachShader(mixed, vs);
        glAttachShader(mixed, compiled_shader(GL_FRAGMENT_SHADER, "#version 460\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"));
        glLinkProgram(mixed);
        glGetProgramiv(mixed, GL_LINK_STATUS, &mut ok);
        assert_eq!(ok, 0);
    }
}
