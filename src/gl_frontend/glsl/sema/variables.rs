//! Built-in variables and constants, from a table: `gate storage type name`.
//! Storage is `in`, `out`, `inout` (read-write, such as gl_FragDepth in some stages),
//! `uniform` or `const=VALUE`. The gate language is the one of the functions table.

/// One row per variable.
const VARIABLES: &str = "
d110,e100@v out vec4 gl_Position
d110,e100@v out float gl_PointSize
d130,e300@v in int gl_VertexID
d140,e300,x:GL_ARB_draw_instanced,x:GL_EXT_draw_instanced,x:GL_EXT_gpu_shader4@v in int gl_InstanceID
x:GL_ARB_draw_instanced@v in int gl_InstanceIDARB
x:GL_ARB_geometry_shader4@g in int gl_VerticesIn
d450,e310,x:GL_ARB_ES3_1_compatibility@vfgcte in bool gl_HelperInvocation
d460,x:GL_ARB_shader_draw_parameters@v in int gl_BaseVertex
d460,x:GL_ARB_shader_draw_parameters@v in int gl_BaseInstance
d460,x:GL_ARB_shader_draw_parameters@v in int gl_DrawID
c@v in vec4 gl_Vertex
c@v in vec3 gl_Normal
c@v in vec4 gl_Color
c@v in vec4 gl_SecondaryColor
c@v in float gl_FogCoord
c@v in vec4 gl_MultiTexCoord0
c@v in vec4 gl_MultiTexCoord1
c@v in vec4 gl_MultiTexCoord2
c@v in vec4 gl_MultiTexCoord3
c@v in vec4 gl_MultiTexCoord4
c@v in vec4 gl_MultiTexCoord5
c@v in vec4 gl_MultiTexCoord6
c@v in vec4 gl_MultiTexCoord7
c@vge out vec4 gl_ClipVertex
c@vg out vec4 gl_FrontColor
c@vg out vec4 gl_BackColor
c@vg out vec4 gl_FrontSecondaryColor
c@vg out vec4 gl_BackSecondaryColor
c@vg out vec4[] gl_TexCoord
c@vg out float gl_FogFragCoord
d130@vgte out float[] gl_ClipDistance
d450,x:GL_ARB_cull_distance@vgte out float[] gl_CullDistance
d110,e100@f in vec4 gl_FragCoord
d110,e100@f in bool gl_FrontFacing
d110,e100@f in vec2 gl_PointCoord
k420,e100only@f out vec4 gl_FragColor
k420,e100only@f out vec4[gl_MaxDrawBuffers] gl_FragData
e100only+x:GL_EXT_blend_func_extended@f out vec4 gl_SecondaryFragColorEXT
e100only+x:GL_EXT_blend_func_extended@f out vec4[gl_MaxDualSourceDrawBuffersEXT] gl_SecondaryFragDataEXT
d110,e300@f out float gl_FragDepth
x:GL_EXT_frag_depth@f out float gl_FragDepthEXT
c@f in vec4 gl_Color
c@f in vec4 gl_SecondaryColor
c@f in vec4[] gl_TexCoord
c@f in float gl_FogFragCoord
d130@f in float[] gl_ClipDistance
d450,x:GL_ARB_cull_distance@f in float[] gl_CullDistance
d150,e320,x:GL_OES_geometry_shader,x:GL_EXT_geometry_shader,x:GL_EXT_gpu_shader4@f in int gl_PrimitiveID
d400,e320,x:GL_ARB_sample_shading,x:GL_OES_sample_variables@f in int gl_SampleID
d400,e320,x:GL_ARB_sample_shading,x:GL_OES_sample_variables@f in vec2 gl_SamplePosition
d400,e320,x:GL_ARB_sample_shading,x:GL_ARB_gpu_shader5,x:GL_OES_sample_variables@f in int[] gl_SampleMaskIn
d400,e320,x:GL_ARB_sample_shading,x:GL_OES_sample_variables@f out int[] gl_SampleMask
d400,e320,x:GL_ARB_sample_shading,x:GL_OES_sample_variables@f in int gl_NumSamples
d430,e320,x:GL_ARB_fragment_layer_viewport,x:GL_OES_geometry_shader@f in int gl_Layer
d430,x:GL_ARB_fragment_layer_viewport@f in int gl_ViewportIndex
x:GL_ARB_shader_stencil_export@f out int gl_FragStencilRefARB
x:GL_AMD_shader_stencil_export@f out int gl_FragStencilRefAMD
d150,e320,x:GL_ARB_geometry_shader4,x:GL_OES_geometry_shader,x:GL_EXT_geometry_shader@g in int gl_PrimitiveIDIn
d150,e320,x:GL_ARB_geometry_shader4,x:GL_OES_geometry_shader,x:GL_EXT_geometry_shader@g out int gl_PrimitiveID
d150,e320,x:GL_ARB_geometry_shader4,x:GL_OES_geometry_shader,x:GL_EXT_geometry_shader@g out int gl_Layer
d410,x:GL_ARB_viewport_array@g out int gl_ViewportIndex
x:GL_AMD_vertex_shader_layer@v out int gl_Layer
x:GL_AMD_vertex_shader_viewport_index@v out int gl_ViewportIndex
d400,e320,x:GL_ARB_gpu_shader5,x:GL_OES_geometry_shader@g in int gl_InvocationID
d400,e320,x:GL_ARB_tessellation_shader,x:GL_OES_tessellation_shader,x:GL_EXT_tessellation_shader@te in int gl_PatchVerticesIn
d400,e320,x:GL_ARB_tessellation_shader,x:GL_OES_tessellation_shader,x:GL_EXT_tessellation_shader@te in int gl_PrimitiveID
d400,e320,x:GL_ARB_tessellation_shader,x:GL_OES_tessellation_shader,x:GL_EXT_tessellation_shader@t in int gl_InvocationID
d400,e320,x:GL_ARB_tessellation_shader,x:GL_OES_tessellation_shader,x:GL_EXT_tessellation_shader@t out float[4] gl_TessLevelOuter
d400,e320,x:GL_ARB_tessellation_shader,x:GL_OES_tessellation_shader,x:GL_EXT_tessellation_shader@t out float[2] gl_TessLevelInner
d400,e320,x:GL_ARB_tessellation_shader,x:GL_OES_tessellation_shader,x:GL_EXT_tessellation_shader@e in float[4] gl_TessLevelOuter
d400,e320,x:GL_ARB_tessellation_shader,x:GL_OES_tessellation_shader,x:GL_EXT_tessellation_shader@e in float[2] gl_TessLevelInner
d400,e320,x:GL_ARB_tessellation_shader,x:GL_OES_tessellation_shader,x:GL_EXT_tessellation_shader@e in vec3 gl_TessCoord
d430,e310,x:GL_ARB_compute_shader@c in uvec3 gl_NumWorkGroups
d430,e310,x:GL_ARB_compute_shader@c in uvec3 gl_WorkGroupID
d430,e310,x:GL_ARB_compute_shader@c in uvec3 gl_LocalInvocationID
d430,e310,x:GL_ARB_compute_shader@c in uvec3 gl_GlobalInvocationID
d430,e310,x:GL_ARB_compute_shader@c in uint gl_LocalInvocationIndex
d430,e310,x:GL_ARB_compute_shader@c const=1 uvec3 gl_WorkGroupSize
x:GL_ARB_compute_variable_group_size@c in uvec3 gl_LocalGroupSizeARB
d110,e100 uniform gl_DepthRangeParameters gl_DepthRange
c uniform mat4 gl_ModelViewMatrix
c uniform mat4 gl_ProjectionMatrix
c uniform mat4 gl_ModelViewProjectionMatrix
c uniform mat4[gl_MaxTextureCoords] gl_TextureMatrix
c uniform mat3 gl_NormalMatrix
c uniform mat4 gl_ModelViewMatrixInverse
c uniform mat4 gl_ProjectionMatrixInverse
c uniform mat4 gl_ModelViewProjectionMatrixInverse
c uniform mat4[gl_MaxTextureCoords] gl_TextureMatrixInverse
c uniform mat4 gl_ModelViewMatrixTranspose
c uniform mat4 gl_ProjectionMatrixTranspose
c uniform mat4 gl_ModelViewProjectionMatrixTranspose
c uniform mat4[gl_MaxTextureCoords] gl_TextureMatrixTranspose
c uniform mat4 gl_ModelViewMatrixInverseTranspose
c uniform mat4 gl_ProjectionMatrixInverseTranspose
c uniform mat4 gl_ModelViewProjectionMatrixInverseTranspose
c uniform mat4[gl_MaxTextureCoords] gl_TextureMatrixInverseTranspose
c uniform float gl_NormalScale
c uniform vec4[gl_MaxClipPlanes] gl_ClipPlane
c uniform gl_PointParameters gl_Point
c uniform gl_MaterialParameters gl_FrontMaterial
c uniform gl_MaterialParameters gl_BackMaterial
c uniform gl_LightSourceParameters[gl_MaxLights] gl_LightSource
c uniform gl_LightModelParameters gl_LightModel
c uniform gl_LightModelProducts gl_FrontLightModelProduct
c uniform gl_LightModelProducts gl_BackLightModelProduct
c uniform gl_LightProducts[gl_MaxLights] gl_FrontLightProduct
c uniform gl_LightProducts[gl_MaxLights] gl_BackLightProduct
c uniform vec4[gl_MaxTextureUnits] gl_TextureEnvColor
c uniform vec4[] gl_EyePlaneS
c uniform vec4[] gl_EyePlaneT
c uniform vec4[] gl_EyePlaneR
c uniform vec4[] gl_EyePlaneQ
c uniform vec4[] gl_ObjectPlaneS
c uniform vec4[] gl_ObjectPlaneT
c uniform vec4[] gl_ObjectPlaneR
c uniform vec4[] gl_ObjectPlaneQ
c uniform gl_FogParameters gl_Fog
d110,e100 const=16 int gl_MaxVertexAttribs
d110 const=1024 int gl_MaxVertexUniformComponents
d110 const=64 int gl_MaxVaryingFloats
d130 const=64 int gl_MaxVaryingComponents
d110,e100 const=16 int gl_MaxVertexTextureImageUnits
d110,e100 const=32 int gl_MaxCombinedTextureImageUnits
d110,e100 const=16 int gl_MaxTextureImageUnits
d110 const=1024 int gl_MaxFragmentUniformComponents
d110,e100 const=8 int gl_MaxDrawBuffers
x:GL_EXT_blend_func_extended const=1 int gl_MaxDualSourceDrawBuffersEXT
d130 const=8 int gl_MaxClipDistances
d450,x:GL_ARB_cull_distance const=8 int gl_MaxCullDistances
d450,x:GL_ARB_cull_distance const=8 int gl_MaxCombinedClipAndCullDistances
c const=8 int gl_MaxLights
c const=8 int gl_MaxClipPlanes
c const=8 int gl_MaxTextureUnits
c const=8 int gl_MaxTextureCoords
e100 const=256 int gl_MaxVertexUniformVectors
e100 const=256 int gl_MaxFragmentUniformVectors
e100 const=15 int gl_MaxVaryingVectors
d410 const=256 int gl_MaxVertexUniformVectors
d410 const=256 int gl_MaxFragmentUniformVectors
d410 const=15 int gl_MaxVaryingVectors
e300 const=16 int gl_MaxVertexOutputVectors
e300 const=15 int gl_MaxFragmentInputVectors
d150 const=64 int gl_MaxVertexOutputComponents
d150 const=128 int gl_MaxFragmentInputComponents
d130,e300 const=-8 int gl_MinProgramTexelOffset
d130,e300 const=7 int gl_MaxProgramTexelOffset
d150,e320,x:GL_OES_geometry_shader const=64 int gl_MaxGeometryInputComponents
d150,e320,x:GL_OES_geometry_shader const=128 int gl_MaxGeometryOutputComponents
d150,e320,x:GL_OES_geometry_shader const=16 int gl_MaxGeometryTextureImageUnits
d150,e320,x:GL_OES_geometry_shader const=256 int gl_MaxGeometryOutputVertices
d150,e320,x:GL_OES_geometry_shader const=1024 int gl_MaxGeometryTotalOutputComponents
d150,e320,x:GL_OES_geometry_shader const=1024 int gl_MaxGeometryUniformComponents
d150 const=64 int gl_MaxGeometryVaryingComponents
d400,e320,x:GL_ARB_tessellation_shader const=32 int gl_MaxPatchVertices
d400,e320,x:GL_ARB_tessellation_shader const=64 int gl_MaxTessGenLevel
d400,e320,x:GL_ARB_tessellation_shader const=128 int gl_MaxTessControlInputComponents
d400,e320,x:GL_ARB_tessellation_shader const=128 int gl_MaxTessControlOutputComponents
d400,e320,x:GL_ARB_tessellation_shader const=16 int gl_MaxTessControlTextureImageUnits
d400,e320,x:GL_ARB_tessellation_shader const=1024 int gl_MaxTessControlUniformComponents
d400,e320,x:GL_ARB_tessellation_shader const=4096 int gl_MaxTessControlTotalOutputComponents
d400,e320,x:GL_ARB_tessellation_shader const=128 int gl_MaxTessEvaluationInputComponents
d400,e320,x:GL_ARB_tessellation_shader const=128 int gl_MaxTessEvaluationOutputComponents
d400,e320,x:GL_ARB_tessellation_shader const=16 int gl_MaxTessEvaluationTextureImageUnits
d400,e320,x:GL_ARB_tessellation_shader const=1024 int gl_MaxTessEvaluationUniformComponents
d400,e320,x:GL_ARB_tessellation_shader const=120 int gl_MaxTessPatchComponents
d410,x:GL_ARB_viewport_array const=16 int gl_MaxViewports
d420,e310,x:GL_ARB_shader_image_load_store const=8 int gl_MaxImageUnits
d420,e310,x:GL_ARB_shader_image_load_store const=32 int gl_MaxCombinedImageUnitsAndFragmentOutputs
d420,e310,x:GL_ARB_shader_image_load_store const=0 int gl_MaxImageSamples
d420,e310,x:GL_ARB_shader_image_load_store const=8 int gl_MaxVertexImageUniforms
d420,e310,x:GL_ARB_shader_image_load_store const=8 int gl_MaxFragmentImageUniforms
d420,e310,x:GL_ARB_shader_image_load_store const=8 int gl_MaxCombinedImageUniforms
d420,e310,x:GL_ARB_shader_image_load_store const=0 int gl_MaxGeometryImageUniforms
d420,e310,x:GL_ARB_shader_image_load_store const=0 int gl_MaxTessControlImageUniforms
d420,e310,x:GL_ARB_shader_image_load_store const=0 int gl_MaxTessEvaluationImageUniforms
d420,e310,x:GL_ARB_shader_atomic_counters const=0 int gl_MaxGeometryAtomicCounters
d420,e310,x:GL_ARB_shader_atomic_counters const=0 int gl_MaxTessControlAtomicCounters
d420,e310,x:GL_ARB_shader_atomic_counters const=0 int gl_MaxTessEvaluationAtomicCounters
d420,e310,x:GL_ARB_shader_atomic_counters const=0 int gl_MaxGeometryAtomicCounterBuffers
d420,e310,x:GL_ARB_shader_atomic_counters const=0 int gl_MaxTessControlAtomicCounterBuffers
d420,e310,x:GL_ARB_shader_atomic_counters const=0 int gl_MaxTessEvaluationAtomicCounterBuffers
d420,e310,x:GL_ARB_shader_atomic_counters const=8 int gl_MaxVertexAtomicCounters
d420,e310,x:GL_ARB_shader_atomic_counters const=8 int gl_MaxFragmentAtomicCounters
d420,e310,x:GL_ARB_shader_atomic_counters const=8 int gl_MaxCombinedAtomicCounters
d420,e310,x:GL_ARB_shader_atomic_counters const=8 int gl_MaxAtomicCounterBindings
d420,e310,x:GL_ARB_shader_atomic_counters const=8 int gl_MaxVertexAtomicCounterBuffers
d420,e310,x:GL_ARB_shader_atomic_counters const=8 int gl_MaxFragmentAtomicCounterBuffers
d420,e310,x:GL_ARB_shader_atomic_counters const=8 int gl_MaxCombinedAtomicCounterBuffers
d420,e310,x:GL_ARB_shader_atomic_counters const=16384 int gl_MaxAtomicCounterBufferSize
d430,e310,x:GL_ARB_compute_shader const=65535 ivec3 gl_MaxComputeWorkGroupCount
d430,e310,x:GL_ARB_compute_shader const=1024 ivec3 gl_MaxComputeWorkGroupSize
d430,e310,x:GL_ARB_compute_shader const=1024 int gl_MaxComputeUniformComponents
d430,e310,x:GL_ARB_compute_shader const=16 int gl_MaxComputeTextureImageUnits
d430,e310,x:GL_ARB_compute_shader const=8 int gl_MaxComputeImageUniforms
d430,e310,x:GL_ARB_compute_shader const=8 int gl_MaxComputeAtomicCounters
d430,e310,x:GL_ARB_compute_shader const=8 int gl_MaxComputeAtomicCounterBuffers
d440,x:GL_ARB_enhanced_layouts const=4 int gl_MaxTransformFeedbackBuffers
d440,x:GL_ARB_enhanced_layouts const=128 int gl_MaxTransformFeedbackInterleavedComponents
";

pub struct BuiltinVar {
    pub storage: &'static str,
    pub ty: &'static str,
    pub name: &'static str,
    pub const_value: Option<i64>,
}

/// Rows whose gate is open for this shader.
pub fn variables(s: &crate::preprocessor::LanguageSettings, stage: crate::options::Stage) -> Vec<BuiltinVar> {
    let mut out = Vec::new();
    for line in VARIABLES.lines() {
        let mut parts = line.split_whitespace();
        let (Some(gate), Some(storage), Some(ty), Some(name)) = (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        if !super::builtins::gate_open(gate, s, stage) {
            continue;
        }
        let (storage, const_value) = match storage.strip_prefix("const=") {
            Some(v) => ("const", v.parse().ok()),
            None => (storage, None),
        };
        out.push(BuiltinVar { storage, ty, name, const_value });
    }
    out
}
