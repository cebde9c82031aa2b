//! The reader on glslang-style modules assembled by spirv-as: what it reports, and that
//! the IR it makes, lowered as the draw path lowers it, becomes SPIR-V that spirv-val
//! accepts for Vulkan.

use spirv_in::{read_module, ReadError, Specialization};

/// `text` assembled for OpenGL by spirv-as.
fn assemble(text: &str) -> Vec<u32> {
    let dir = std::env::temp_dir().join(format!("galvan-spirv-in-{}-{:?}", std::process::id(), std::thread::current().id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (src, out) = (dir.join("in.spvasm"), dir.join("out.spv"));
    std::fs::write(&src, text).unwrap();
    let status = std::process::Command::new("spirv-as").args(["--target-env", "opengl4.5"]).arg(&src).arg("-o").arg(&out).status().expect("spirv-as runs");
    assert!(status.success(), "spirv-as rejected:\n{text}");
    let bytes = std::fs::read(&out).unwrap();
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

/// Lowers `ir` with its default-block uniforms at `offsets`, emits it and runs spirv-val.
fn assert_valid(mut ir: nir_like::Shader, offsets: &[(&str, u32)]) {
    let options = nir_like::passes::LowerOptions {
        draw_buffers: 8,
        last_pre_rasterization: ir.stage == nir_like::Stage::Vertex,
        uniform_offsets: offsets.iter().map(|(n, o)| (n.to_string(), *o)).collect(),
        point_coord_upper_left: true,
        ..Default::default()
    };
    nir_like::validate(&ir).unwrap_or_else(|e| panic!("{e:?}\n{}", nir_like::print_shader(&ir)));
    nir_like::passes::lower_for_caps(&mut ir, &nir_like::Caps::default(), &options);
    let words = spirv_out::emit(&ir, &spirv_out::EmitOptions { spirv_version: (1, 3), debug_names: true }).expect("emits");
    if let Err(e) = spirv_out::spirv_val(&words, "vulkan1.3") {
        panic!("spirv-val: {e}\n{}", nir_like::print_shader(&ir));
    }
}

const HEADER_FS: &str = "
               OpCapability Shader
          %1 = OpExtInstImport \"GLSL.std.450\"
               OpMemoryModel Logical GLSL450
";

#[test]
fn default_block_uniforms_are_reported_by_location() {
    let text = format!(
        "{HEADER_FS}
               OpEntryPoint Fragment %main \"main\" %outcolor
               OpExecutionMode %main OriginLowerLeft
               OpName %base \"base\"
               OpDecorate %outcolor Location 0
               OpDecorate %base Location 0
               OpDecorate %multiplier Location 1
       %void = OpTypeVoid
          %3 = OpTypeFunction %void
      %float = OpTypeFloat 32
    %v4float = OpTypeVector %float 4
%_ptr_Output_v4float = OpTypePointer Output %v4float
   %outcolor = OpVariable %_ptr_Output_v4float Output
%_ptr_UniformConstant_v4float = OpTypePointer UniformConstant %v4float
       %base = OpVariable %_ptr_UniformConstant_v4float UniformConstant
 %multiplier = OpVariable %_ptr_UniformConstant_v4float UniformConstant
       %main = OpFunction %void None %3
          %5 = OpLabel
         %12 = OpLoad %v4float %base
         %14 = OpLoad %v4float %multiplier
         %15 = OpFMul %v4float %12 %14
               OpStore %outcolor %15
               OpReturn
               OpFunctionEnd
"
    );
    let s = read_module(&assemble(&text), nir_like::Stage::Fragment, "main", &Specialization::default()).expect("reads");
    let u = &s.interface.uniforms;
    assert_eq!(u.iter().map(|u| (u.location, u.name.clone())).collect::<Vec<_>>(), vec![(0, Some("base".into())), (1, None)]);
    assert_eq!(s.interface.outputs[0].location, 0);
    assert_valid(s.ir, &[("gl_spirv_uniform0", 0), ("gl_spirv_uniform1", 16)]);
}

/// A vertex shader whose branch depends on two specialization constants through an
/// OpSpecConstantOp and a short-circuit OpPhi (glslang's `a || b`).
const SPEC_VS: &str = "
               OpCapability Shader
          %1 = OpExtInstImport \"GLSL.std.450\"
               OpMemoryModel Logical GLSL450
               OpEntryPoint Vertex %main \"main\" %_ %piglit_vertex
               OpDecorate %magic_number SpecId 0
               OpDecorate %magic_float SpecId 1
               OpMemberDecorate %gl_PerVertex 0 BuiltIn Position
               OpMemberDecorate %gl_PerVertex 1 BuiltIn PointSize
               OpDecorate %gl_PerVertex Block
               OpDecorate %piglit_vertex Location 0
       %void = OpTypeVoid
          %3 = OpTypeFunction %void
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
%magic_number = OpSpecConstant %uint 0
    %uint_42 = OpConstant %uint 42
         %10 = OpSpecConstantOp %bool INotEqual %magic_number %uint_42
      %float = OpTypeFloat 32
%magic_float = OpSpecConstant %float 0
 %float_0_42 = OpConstant %float 0.42
 %float_0_01 = OpConstant %float 0.01
    %v4float = OpTypeVector %float 4
%gl_PerVertex = OpTypeStruct %v4float %float
%_ptr_Output_gl_PerVertex = OpTypePointer Output %gl_PerVertex
          %_ = OpVariable %_ptr_Output_gl_PerVertex Output
        %int = OpTypeInt 32 1
      %int_0 = OpConstant %int 0
    %float_0 = OpConstant %float 0
         %33 = OpConstantComposite %v4float %float_0 %float_0 %float_0 %float_0
%_ptr_Output_v4float = OpTypePointer Output %v4float
%_ptr_Input_v4float = OpTypePointer Input %v4float
%piglit_vertex = OpVariable %_ptr_Input_v4float Input
       %main = OpFunction %void None %3
          %5 = OpLabel
         %11 = OpLogicalNot %bool %10
               OpSelectionMerge %13 None
               OpBranchConditional %11 %12 %13
         %12 = OpLabel
         %17 = OpFSub %float %magic_float %float_0_42
         %18 = OpExtInst %float %1 FAbs %17
         %20 = OpFOrdGreaterThan %bool %18 %float_0_01
               OpBranch %13
         %13 = OpLabel
         %21 = OpPhi %bool %10 %5 %20 %12
               OpSelectionMerge %23 None
               OpBranchConditional %21 %22 %36
         %22 = OpLabel
         %35 = OpAccessChain %_ptr_Output_v4float %_ %int_0
               OpStore %35 %33
               OpBranch %23
         %36 = OpLabel
         %39 = OpLoad %v4float %piglit_vertex
         %40 = OpAccessChain %_ptr_Output_v4float %_ %int_0
               OpStore %40 %39
               OpBranch %23
         %23 = OpLabel
               OpReturn
               OpFunctionEnd
";

#[test]
fn specialization_constants_and_phis_translate() {
    let words = assemble(SPEC_VS);
    let spec = Specialization { constants: vec![(0, 42), (1, 0.42f32.to_bits())] };
    let s = read_module(&words, nir_like::Stage::Vertex, "main", &spec).expect("reads");
    let printed = nir_like::print_shader(&s.ir);
    // The folded OpSpecConstantOp: 42 != 42 is false.
    assert!(printed.contains("false"), "{printed}");
    assert!(!printed.contains("PointSize"), "unused built-in block members stay undeclared:\n{printed}");
    assert_valid(s.ir, &[]);
    assert_eq!(
        read_module(&words, nir_like::Stage::Vertex, "main", &Specialization { constants: vec![(9, 1)] }).err(),
        Some(ReadError::UnknownSpecId(9))
    );
    assert!(matches!(read_module(&words, nir_like::Stage::Vertex, "other", &spec), Err(ReadError::NoEntryPoint(_))));
    assert!(matches!(read_module(&words, nir_like::Stage::Fragment, "main", &spec), Err(ReadError::NoEntryPoint(_))));
}

#[test]
fn loops_become_loop_nodes() {
    // for (int i = 0; i < 4; i++) c += 0.25;
    let text = format!(
        "{HEADER_FS}
               OpEntryPoint Fragment %main \"main\" %color
               OpExecutionMode %main OriginLowerLeft
               OpDecorate %color Location 0
       %void = OpTypeVoid
          %3 = OpTypeFunction %void
      %float = OpTypeFloat 32
    %v4float = OpTypeVector %float 4
        %int = OpTypeInt 32 1
       %bool = OpTypeBool
%_ptr_Function_int = OpTypePointer Function %int
%_ptr_Function_float = OpTypePointer Function %float
%_ptr_Output_v4float = OpTypePointer Output %v4float
      %color = OpVariable %_ptr_Output_v4float Output
      %int_0 = OpConstant %int 0
      %int_1 = OpConstant %int 1
      %int_4 = OpConstant %int 4
    %float_0 = OpConstant %float 0
 %float_0_25 = OpConstant %float 0.25
    %float_1 = OpConstant %float 1
       %main = OpFunction %void None %3
          %5 = OpLabel
          %i = OpVariable %_ptr_Function_int Function
          %c = OpVariable %_ptr_Function_float Function
               OpStore %i %int_0
               OpStore %c %float_0
               OpBranch %10
         %10 = OpLabel
               OpLoopMerge %12 %13 None
               OpBranch %14
         %14 = OpLabel
         %15 = OpLoad %int %i
         %16 = OpSLessThan %bool %15 %int_4
               OpBranchConditional %16 %11 %12
         %11 = OpLabel
         %17 = OpLoad %float %c
         %18 = OpFAdd %float %17 %float_0_25
               OpStore %c %18
               OpBranch %13
         %13 = OpLabel
         %19 = OpLoad %int %i
         %20 = OpIAdd %int %19 %int_1
               OpStore %i %20
               OpBranch %10
         %12 = OpLabel
         %21 = OpLoad %float %c
         %22 = OpCompositeConstruct %v4float %float_0 %21 %float_0 %float_1
               OpStore %color %22
               OpReturn
               OpFunctionEnd
"
    );
    let s = read_module(&assemble(&text), nir_like::Stage::Fragment, "main", &Specialization::default()).expect("reads");
    let printed = nir_like::print_shader(&s.ir);
    assert!(printed.contains("loop"), "{printed}");
    assert!(printed.contains("break"), "{printed}");
    assert_valid(s.ir, &[]);
}

#[test]
fn what_is_not_translated_is_an_error_not_a_panic() {
    assert!(matches!(read_module(&[0x0723_0203, 1, 2], nir_like::Stage::Vertex, "main", &Specialization::default()), Err(ReadError::Malformed(_))));
    assert!(matches!(read_module(&[], nir_like::Stage::Vertex, "main", &Specialization::default()), Err(ReadError::Malformed(_))));
    let atomic = format!(
        "               OpCapability Shader
               OpCapability StorageImageMultisample
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main \"main\"
               OpExecutionMode %main OriginLowerLeft
       %void = OpTypeVoid
          %3 = OpTypeFunction %void
       %main = OpFunction %void None %3
          %5 = OpLabel
               OpReturn
               OpFunctionEnd
"
    );
    let err = read_module(&assemble(&atomic), nir_like::Stage::Fragment, "main", &Specialization::default()).unwrap_err();
    assert_eq!(err.to_string(), "SPIR-V capability StorageImageMultisample is not supported yet");
}

#[test]
fn declared_transform_feedback_is_reported_per_captured_part() {
    // `layout(xfb_offset = 0) out float f;` and an array of two blocks whose second member
    // only is captured: element i of the block array goes to buffer XfbBuffer + i.
    let text = format!(
        "{HEADER_FS}
               OpCapability TransformFeedback
               OpEntryPoint Vertex %main \"main\" %f %x
               OpExecutionMode %main Xfb
               OpName %f \"f\"
               OpName %block \"block\"
               OpMemberName %block 0 \"a\"
               OpMemberName %block 1 \"v\"
               OpDecorate %f Location 0
               OpDecorate %f XfbBuffer 0
               OpDecorate %f XfbStride 8
               OpDecorate %f Offset 4
               OpMemberDecorate %block 1 Offset 16
               OpDecorate %block Block
               OpDecorate %x Location 1
               OpDecorate %x XfbBuffer 1
               OpDecorate %x XfbStride 32
       %void = OpTypeVoid
          %3 = OpTypeFunction %void
      %float = OpTypeFloat 32
    %v4float = OpTypeVector %float 4
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
     %uint_2 = OpConstant %uint 2
      %int_0 = OpConstant %int 0
      %int_1 = OpConstant %int 1
    %float_1 = OpConstant %float 1
         %v1 = OpConstantComposite %v4float %float_1 %float_1 %float_1 %float_1
%_ptr_Output_float = OpTypePointer Output %float
          %f = OpVariable %_ptr_Output_float Output
      %block = OpTypeStruct %float %v4float
%_arr_block = OpTypeArray %block %uint_2
%_ptr_Output_arr = OpTypePointer Output %_arr_block
          %x = OpVariable %_ptr_Output_arr Output
%_ptr_Output_v4float = OpTypePointer Output %v4float
       %main = OpFunction %void None %3
          %5 = OpLabel
               OpStore %f %float_1
         %10 = OpAccessChain %_ptr_Output_v4float %x %int_1 %int_1
               OpStore %10 %v1
               OpReturn
               OpFunctionEnd
"
    );
    let s = read_module(&assemble(&text), nir_like::Stage::Vertex, "main", &Specialization::default()).expect("reads");
    let got: Vec<_> = s.interface.xfb_outputs.iter().map(|o| (o.name.clone(), o.capture.path.clone(), o.capture.location)).collect();
    let at = |buffer, stride, offset| nir_like::XfbLocation { buffer, stride, offset };
    assert_eq!(
        got,
        vec![
            (Some("f".into()), vec![], at(0, 8, 4)),
            (Some("block[0].v".into()), vec![0, 1], at(1, 32, 16)),
            (Some("block[1].v".into()), vec![1, 1], at(2, 32, 16)),
        ]
    );
    let mut ir = s.ir;
    let captures: Vec<_> = s.interface.xfb_outputs.iter().map(|o| o.capture.clone()).collect();
    nir_like::passes::lower_xfb_outputs(&mut ir, &captures, &nir_like::passes::NextStageReads::Locations(Vec::new()));
    assert_valid(ir, &[]);
}

#[test]
fn atomic_counters_are_buffer_words_at_their_offset() {
    // `layout(binding = 2, offset = 4) uniform atomic_uint a[2][3];` and a[1][2]++.
    let text = format!(
        "{HEADER_FS}
               OpCapability AtomicStorage
               OpEntryPoint Fragment %main \"main\" %color
               OpExecutionMode %main OriginLowerLeft
               OpName %a \"a\"
               OpDecorate %color Location 0
               OpDecorate %a Offset 4
               OpDecorate %a Binding 2
       %void = OpTypeVoid
          %3 = OpTypeFunction %void
      %float = OpTypeFloat 32
    %v4float = OpTypeVector %float 4
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
     %uint_3 = OpConstant %uint 3
      %int_1 = OpConstant %int 1
      %int_2 = OpConstant %int 2
%_arr_3 = OpTypeArray %uint %uint_3
%_arr_2_3 = OpTypeArray %_arr_3 %uint_2
%_ptr_AtomicCounter_arr = OpTypePointer AtomicCounter %_arr_2_3
          %a = OpVariable %_ptr_AtomicCounter_arr AtomicCounter
%_ptr_AtomicCounter_uint = OpTypePointer AtomicCounter %uint
%_ptr_Output_v4float = OpTypePointer Output %v4float
      %color = OpVariable %_ptr_Output_v4float Output
       %main = OpFunction %void None %3
          %5 = OpLabel
         %10 = OpAccessChain %_ptr_AtomicCounter_uint %a %int_1 %int_2
         %11 = OpAtomicIIncrement %uint %10 %uint_1 %uint_0
         %12 = OpConvertUToF %float %11
         %13 = OpCompositeConstruct %v4float %12 %12 %12 %12
               OpStore %color %13
               OpReturn
               OpFunctionEnd
"
    );
    let s = read_module(&assemble(&text), nir_like::Stage::Fragment, "main", &Specialization::default()).expect("reads");
    let c = &s.interface.atomic_counters;
    assert_eq!(c.iter().map(|c| (c.binding, c.offset, c.dims.clone(), c.name.clone())).collect::<Vec<_>>(), vec![(2, 4, vec![2, 3], Some("a".into()))]);
    let printed = nir_like::print_shader(&s.ir);
    assert!(printed.contains("atomic"), "{printed}");
    assert_valid(s.ir, &[]);
}

#[test]
fn arrays_of_arrays_of_blocks_are_one_array_of_their_elements() {
    // `layout(binding = 5) uniform AOA { vec4 c; } arr[2][2];` read at arr[1][i].
    let text = format!(
        "{HEADER_FS}
               OpEntryPoint Fragment %main \"main\" %color
               OpExecutionMode %main OriginLowerLeft
               OpName %AOA \"AOA\"
               OpDecorate %color Location 0
               OpDecorate %i Location 0
               OpMemberDecorate %AOA 0 Offset 0
               OpDecorate %AOA Block
               OpDecorate %arr Binding 5
       %void = OpTypeVoid
          %3 = OpTypeFunction %void
      %float = OpTypeFloat 32
    %v4float = OpTypeVector %float 4
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
     %uint_2 = OpConstant %uint 2
      %int_0 = OpConstant %int 0
      %int_1 = OpConstant %int 1
        %AOA = OpTypeStruct %v4float
%_arr_AOA_2 = OpTypeArray %AOA %uint_2
%_arr_arr_AOA = OpTypeArray %_arr_AOA_2 %uint_2
%_ptr_Uniform_arr = OpTypePointer Uniform %_arr_arr_AOA
        %arr = OpVariable %_ptr_Uniform_arr Uniform
%_ptr_Uniform_v4float = OpTypePointer Uniform %v4float
%_ptr_UniformConstant_int = OpTypePointer UniformConstant %int
          %i = OpVariable %_ptr_UniformConstant_int UniformConstant
%_ptr_Output_v4float = OpTypePointer Output %v4float
      %color = OpVariable %_ptr_Output_v4float Output
       %main = OpFunction %void None %3
          %5 = OpLabel
         %9 = OpLoad %int %i
        %10 = OpAccessChain %_ptr_Uniform_v4float %arr %int_1 %9 %int_0
        %11 = OpLoad %v4float %10
              OpStore %color %11
              OpReturn
              OpFunctionEnd
"
    );
    let s = read_module(&assemble(&text), nir_like::Stage::Fragment, "main", &Specialization::default()).expect("reads");
    let b = &s.interface.blocks[0];
    assert_eq!((b.binding, b.array_size, b.array_dims.clone(), b.name.clone()), (5, Some(4), vec![2, 2], Some("AOA".into())));
    match &s.ir.types[s.ir.variables[b.var].ty] {
        nir_like::Type::Array { length, .. } => assert_eq!(*length, Some(4)),
        other => panic!("the block variable is {other:?}"),
    }
    let mut ir = s.ir;
    ir.variables[b.var].binding = Some(1);
    ir.variables[b.var].descriptor_set = Some(0);
    assert_valid(ir, &[("gl_spirv_uniform0", 0)]);
}

#[test]
fn sampler_uniforms_sample_through_their_deref() {
    // `layout(location = 0, binding = 3) uniform sampler2D tex;` sampled at a constant.
    let text = format!(
        "{HEADER_FS}
               OpEntryPoint Fragment %main \"main\" %color
               OpExecutionMode %main OriginLowerLeft
               OpName %tex \"tex\"
               OpDecorate %color Location 0
               OpDecorate %tex Location 0
               OpDecorate %tex DescriptorSet 0
               OpDecorate %tex Binding 3
       %void = OpTypeVoid
          %3 = OpTypeFunction %void
      %float = OpTypeFloat 32
    %v2float = OpTypeVector %float 2
    %v4float = OpTypeVector %float 4
  %float_half = OpConstant %float 0.5
      %coord = OpConstantComposite %v2float %float_half %float_half
      %image = OpTypeImage %float 2D 0 0 0 1 Unknown
    %sampled = OpTypeSampledImage %image
%_ptr_UniformConstant_sampled = OpTypePointer UniformConstant %sampled
        %tex = OpVariable %_ptr_UniformConstant_sampled UniformConstant
%_ptr_Output_v4float = OpTypePointer Output %v4float
      %color = OpVariable %_ptr_Output_v4float Output
       %main = OpFunction %void None %3
          %5 = OpLabel
         %10 = OpLoad %sampled %tex
         %11 = OpImageSampleImplicitLod %v4float %10 %coord
               OpStore %color %11
               OpReturn
               OpFunctionEnd
"
    );
    let s = read_module(&assemble(&text), nir_like::Stage::Fragment, "main", &Specialization::default()).expect("reads");
    let samplers = &s.interface.samplers;
    assert_eq!(samplers.iter().map(|x| (x.location, x.binding, x.count, x.name.clone())).collect::<Vec<_>>(), vec![(0, Some(3), 1, Some("tex".into()))]);
    assert!(matches!(s.ir.types[samplers[0].ty], nir_like::Type::Sampler { dim: nir_like::ImageDim::D2, shadow: false, .. }));
    let mut ir = s.ir;
    ir.variables[samplers[0].var].binding = Some(128);
    assert_valid(ir, &[]);
}
