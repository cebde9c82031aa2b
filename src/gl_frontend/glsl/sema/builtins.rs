//! Built-in functions and variables, from tables. Each table row names when it exists
//! (a gate), and generic rows (genF, gvec4, ...) expand to one signature per type.
//!
//! Gate syntax: comma-separated alternatives, any of which makes the row available:
//! `d130` desktop GLSL 1.30+, `e300` ESSL 3.00+, `c` desktop compatibility (or < 1.40),
//! `x:NAME` extension NAME enabled; `e100only` ESSL 1.00 only. Conditions joined by `+`
//! must all hold (`e100only+x:NAME`: an extension's built-in of one language version).
//! A trailing `@vfgcte` limits the row to stages (vertex, fragment, geometry, compute,
//! tess control, tess eval).

use super::types::Type;
use crate::options::Stage;
use crate::preprocessor::LanguageSettings;
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamDir {
    In,
    Out,
    InOut,
}

#[derive(Clone, Debug)]
pub struct Signature {
    pub ret: Type,
    pub params: Vec<(Type, ParamDir)>,
}

/// Common functions. One row: `gate ret name(params)`.
const FUNCTIONS: &str = "
d110,e100 genF radians(genF)
d110,e100 genF degrees(genF)
d110,e100 genF sin(genF)
d110,e100 genF cos(genF)
d110,e100 genF tan(genF)
d110,e100 genF asin(genF)
d110,e100 genF acos(genF)
d110,e100 genF atan(genF,genF)
d110,e100 genF atan(genF)
d130,e300 genF sinh(genF)
d130,e300 genF cosh(genF)
d130,e300 genF tanh(genF)
d130,e300 genF asinh(genF)
d130,e300 genF acosh(genF)
d130,e300 genF atanh(genF)
d110,e100 genF pow(genF,genF)
d110,e100 genF exp(genF)
d110,e100 genF log(genF)
d110,e100 genF exp2(genF)
d110,e100 genF log2(genF)
d110,e100 genF sqrt(genF)
d110,e100 genF inversesqrt(genF)
d400,x:GL_ARB_gpu_shader_fp64 genD sqrt(genD)
d400,x:GL_ARB_gpu_shader_fp64 genD inversesqrt(genD)
d110,e100 genF abs(genF)
d130,e300 genI abs(genI)
d400,x:GL_ARB_gpu_shader_fp64 genD abs(genD)
x:GL_ARB_gpu_shader_int64 genI64 abs(genI64)
x:GL_ARB_gpu_shader_int64 genI64 sign(genI64)
d110,e100 genF sign(genF)
d130,e300 genI sign(genI)
d400,x:GL_ARB_gpu_shader_fp64 genD sign(genD)
d110,e100 genF floor(genF)
d400,x:GL_ARB_gpu_shader_fp64 genD floor(genD)
d130,e300 genF trunc(genF)
d400,x:GL_ARB_gpu_shader_fp64 genD trunc(genD)
d130,e300 genF round(genF)
d400,x:GL_ARB_gpu_shader_fp64 genD round(genD)
d130,e300 genF roundEven(genF)
d400,x:GL_ARB_gpu_shader_fp64 genD roundEven(genD)
d110,e100 genF ceil(genF)
d400,x:GL_ARB_gpu_shader_fp64 genD ceil(genD)
d110,e100 genF fract(genF)
d400,x:GL_ARB_gpu_shader_fp64 genD fract(genD)
d110,e100 genF mod(genF,float)
d110,e100 genF mod(genF,genF)
d400,x:GL_ARB_gpu_shader_fp64 genD mod(genD,double)
d400,x:GL_ARB_gpu_shader_fp64 genD mod(genD,genD)
d130,e300 genF modf(genF,out genF)
d400,x:GL_ARB_gpu_shader_fp64 genD modf(genD,out genD)
d110,e100 genF min(genF,genF)
d110,e100 genF min(genF,float)
d130,e300 genI min(genI,genI)
d130,e300 genI min(genI,int)
d130,e300 genU min(genU,genU)
d130,e300 genU min(genU,uint)
d400,x:GL_ARB_gpu_shader_fp64 genD min(genD,genD)
d400,x:GL_ARB_gpu_shader_fp64 genD min(genD,double)
x:GL_ARB_gpu_shader_int64 genI64 min(genI64,genI64)
x:GL_ARB_gpu_shader_int64 genU64 min(genU64,genU64)
x:GL_ARB_gpu_shader_int64 genI64 min(genI64,int64_t)
x:GL_ARB_gpu_shader_int64 genU64 min(genU64,uint64_t)
d110,e100 genF max(genF,genF)
d110,e100 genF max(genF,float)
d130,e300 genI max(genI,genI)
d130,e300 genI max(genI,int)
d130,e300 genU max(genU,genU)
d130,e300 genU max(genU,uint)
d400,x:GL_ARB_gpu_shader_fp64 genD max(genD,genD)
d400,x:GL_ARB_gpu_shader_fp64 genD max(genD,double)
x:GL_ARB_gpu_shader_int64 genI64 max(genI64,genI64)
x:GL_ARB_gpu_shader_int64 genU64 max(genU64,genU64)
x:GL_ARB_gpu_shader_int64 genI64 max(genI64,int64_t)
x:GL_ARB_gpu_shader_int64 genU64 max(genU64,uint64_t)
d110,e100 genF clamp(genF,genF,genF)
d110,e100 genF clamp(genF,float,float)
d130,e300 genI clamp(genI,genI,genI)
d130,e300 genI clamp(genI,int,int)
d130,e300 genU clamp(genU,genU,genU)
d130,e300 genU clamp(genU,uint,uint)
d400,x:GL_ARB_gpu_shader_fp64 genD clamp(genD,genD,genD)
d400,x:GL_ARB_gpu_shader_fp64 genD clamp(genD,double,double)
x:GL_ARB_gpu_shader_int64 genI64 clamp(genI64,genI64,genI64)
x:GL_ARB_gpu_shader_int64 genU64 clamp(genU64,genU64,genU64)
x:GL_ARB_gpu_shader_int64 genI64 clamp(genI64,int64_t,int64_t)
x:GL_ARB_gpu_shader_int64 genU64 clamp(genU64,uint64_t,uint64_t)
x:GL_ARB_gpu_shader_int64 genI64 mix(genI64,genI64,genB)
x:GL_ARB_gpu_shader_int64 genU64 mix(genU64,genU64,genB)
d110,e100 genF mix(genF,genF,genF)
d110,e100 genF mix(genF,genF,float)
d130,e300 genF mix(genF,genF,genB)
d400,x:GL_ARB_gpu_shader_fp64 genD mix(genD,genD,genD)
d400,x:GL_ARB_gpu_shader_fp64 genD mix(genD,genD,double)
d400,x:GL_ARB_gpu_shader_fp64 genD mix(genD,genD,genB)
d450,e310,x:GL_EXT_shader_integer_mix genI mix(genI,genI,genB)
d450,e310,x:GL_EXT_shader_integer_mix genU mix(genU,genU,genB)
d450,e310,x:GL_EXT_shader_integer_mix genB mix(genB,genB,genB)
d110,e100 genF step(genF,genF)
d110,e100 genF step(float,genF)
d400,x:GL_ARB_gpu_shader_fp64 genD step(genD,genD)
d400,x:GL_ARB_gpu_shader_fp64 genD step(double,genD)
d110,e100 genF smoothstep(genF,genF,genF)
d110,e100 genF smoothstep(float,float,genF)
d400,x:GL_ARB_gpu_shader_fp64 genD smoothstep(genD,genD,genD)
d400,x:GL_ARB_gpu_shader_fp64 genD smoothstep(double,double,genD)
d130,e300 genB isnan(genF)
d130,e300 genB isinf(genF)
d400,x:GL_ARB_gpu_shader_fp64 genB isnan(genD)
d400,x:GL_ARB_gpu_shader_fp64 genB isinf(genD)
d330,e300,x:GL_ARB_shader_bit_encoding,x:GL_ARB_gpu_shader5 genI floatBitsToInt(genF)
d330,e300,x:GL_ARB_shader_bit_encoding,x:GL_ARB_gpu_shader5 genU floatBitsToUint(genF)
d330,e300,x:GL_ARB_shader_bit_encoding,x:GL_ARB_gpu_shader5 genF intBitsToFloat(genI)
d330,e300,x:GL_ARB_shader_bit_encoding,x:GL_ARB_gpu_shader5 genF uintBitsToFloat(genU)
d400,e320,x:GL_ARB_gpu_shader5,x:GL_OES_gpu_shader5,x:GL_EXT_gpu_shader5 genF fma(genF,genF,genF)
d400,x:GL_ARB_gpu_shader_fp64 genD fma(genD,genD,genD)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions genF frexp(genF,out genI)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions genF ldexp(genF,genI)
d400,x:GL_ARB_gpu_shader_fp64 genD frexp(genD,out genI)
d400,x:GL_ARB_gpu_shader_fp64 genD ldexp(genD,genI)
d400,e300,x:GL_ARB_shading_language_packing uint packSnorm2x16(vec2)
d400,e300,x:GL_ARB_shading_language_packing vec2 unpackSnorm2x16(uint)
d400,e300,x:GL_ARB_shading_language_packing uint packUnorm2x16(vec2)
d400,e300,x:GL_ARB_shading_language_packing vec2 unpackUnorm2x16(uint)
d400,e300,x:GL_ARB_shading_language_packing uint packHalf2x16(vec2)
d400,e300,x:GL_ARB_shading_language_packing vec2 unpackHalf2x16(uint)
d400,e310,x:GL_ARB_shading_language_packing,x:GL_ARB_gpu_shader5 uint packSnorm4x8(vec4)
d400,e310,x:GL_ARB_shading_language_packing,x:GL_ARB_gpu_shader5 vec4 unpackSnorm4x8(uint)
d400,e310,x:GL_ARB_shading_language_packing,x:GL_ARB_gpu_shader5 uint packUnorm4x8(vec4)
d400,e310,x:GL_ARB_shading_language_packing,x:GL_ARB_gpu_shader5 vec4 unpackUnorm4x8(uint)
d400,x:GL_ARB_gpu_shader_fp64 double packDouble2x32(uvec2)
d400,x:GL_ARB_gpu_shader_fp64 uvec2 unpackDouble2x32(double)
x:GL_ARB_gpu_shader_int64 int64_t packInt2x32(ivec2)
x:GL_ARB_gpu_shader_int64 ivec2 unpackInt2x32(int64_t)
x:GL_ARB_gpu_shader_int64 uint64_t packUint2x32(uvec2)
x:GL_ARB_gpu_shader_int64 uvec2 unpackUint2x32(uint64_t)
x:GL_ARB_gpu_shader_int64 genI64 doubleBitsToInt64(genD)
x:GL_ARB_gpu_shader_int64 genU64 doubleBitsToUint64(genD)
x:GL_ARB_gpu_shader_int64 genD int64BitsToDouble(genI64)
x:GL_ARB_gpu_shader_int64 genD uint64BitsToDouble(genU64)
d110,e100 float length(genF)
d110,e100 float distance(genF,genF)
d110,e100 float dot(genF,genF)
d110,e100 vec3 cross(vec3,vec3)
d110,e100 genF normalize(genF)
d110,e100 genF faceforward(genF,genF,genF)
d110,e100 genF reflect(genF,genF)
d110,e100 genF refract(genF,genF,float)
d400,x:GL_ARB_gpu_shader_fp64 double length(genD)
d400,x:GL_ARB_gpu_shader_fp64 double distance(genD,genD)
d400,x:GL_ARB_gpu_shader_fp64 double dot(genD,genD)
d400,x:GL_ARB_gpu_shader_fp64 dvec3 cross(dvec3,dvec3)
d400,x:GL_ARB_gpu_shader_fp64 genD normalize(genD)
d400,x:GL_ARB_gpu_shader_fp64 genD faceforward(genD,genD,genD)
d400,x:GL_ARB_gpu_shader_fp64 genD reflect(genD,genD)
d400,x:GL_ARB_gpu_shader_fp64 genD refract(genD,genD,double)
c vec4 ftransform()@v
d110,e100 matF matrixCompMult(matF,matF)
d400,x:GL_ARB_gpu_shader_fp64 matD matrixCompMult(matD,matD)
d120,e300 outer outerProduct(colF,rowF)
d400,x:GL_ARB_gpu_shader_fp64 outerD outerProduct(colD,rowD)
d120,e300 transF transpose(matF)
d400,x:GL_ARB_gpu_shader_fp64 transD transpose(matD)
d150,e300 float determinant(sqF)
d400,x:GL_ARB_gpu_shader_fp64 double determinant(sqD)
d140,e300 sqF inverse(sqF)
d400,x:GL_ARB_gpu_shader_fp64 sqD inverse(sqD)
d110,e100 vecB lessThan(vecF,vecF)
d110,e100 vecB lessThanEqual(vecF,vecF)
d110,e100 vecB greaterThan(vecF,vecF)
d110,e100 vecB greaterThanEqual(vecF,vecF)
d110,e100 vecB equal(vecF,vecF)
d110,e100 vecB notEqual(vecF,vecF)
d110,e100 vecB lessThan(vecI,vecI)
d110,e100 vecB lessThanEqual(vecI,vecI)
d110,e100 vecB greaterThan(vecI,vecI)
d110,e100 vecB greaterThanEqual(vecI,vecI)
d110,e100 vecB equal(vecI,vecI)
d110,e100 vecB notEqual(vecI,vecI)
d130,e300 vecB lessThan(vecU,vecU)
d130,e300 vecB lessThanEqual(vecU,vecU)
d130,e300 vecB greaterThan(vecU,vecU)
d130,e300 vecB greaterThanEqual(vecU,vecU)
d130,e300 vecB equal(vecU,vecU)
d130,e300 vecB notEqual(vecU,vecU)
d400,x:GL_ARB_gpu_shader_fp64 vecB lessThan(vecD,vecD)
d400,x:GL_ARB_gpu_shader_fp64 vecB lessThanEqual(vecD,vecD)
d400,x:GL_ARB_gpu_shader_fp64 vecB greaterThan(vecD,vecD)
d400,x:GL_ARB_gpu_shader_fp64 vecB greaterThanEqual(vecD,vecD)
d400,x:GL_ARB_gpu_shader_fp64 vecB equal(vecD,vecD)
d400,x:GL_ARB_gpu_shader_fp64 vecB notEqual(vecD,vecD)
x:GL_ARB_gpu_shader_int64 vecB lessThan(vecI64,vecI64)
x:GL_ARB_gpu_shader_int64 vecB lessThanEqual(vecI64,vecI64)
x:GL_ARB_gpu_shader_int64 vecB greaterThan(vecI64,vecI64)
x:GL_ARB_gpu_shader_int64 vecB greaterThanEqual(vecI64,vecI64)
x:GL_ARB_gpu_shader_int64 vecB equal(vecI64,vecI64)
x:GL_ARB_gpu_shader_int64 vecB notEqual(vecI64,vecI64)
x:GL_ARB_gpu_shader_int64 vecB lessThan(vecU64,vecU64)
x:GL_ARB_gpu_shader_int64 vecB lessThanEqual(vecU64,vecU64)
x:GL_ARB_gpu_shader_int64 vecB greaterThan(vecU64,vecU64)
x:GL_ARB_gpu_shader_int64 vecB greaterThanEqual(vecU64,vecU64)
x:GL_ARB_gpu_shader_int64 vecB equal(vecU64,vecU64)
x:GL_ARB_gpu_shader_int64 vecB notEqual(vecU64,vecU64)
d110,e100 vecB equal(vecB,vecB)
d110,e100 vecB notEqual(vecB,vecB)
d110,e100 bool any(vecB)
d110,e100 bool all(vecB)
d110,e100 vecB not(vecB)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions genU uaddCarry(genU,genU,out genU)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions genU usubBorrow(genU,genU,out genU)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions void umulExtended(genU,genU,out genU,out genU)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions void imulExtended(genI,genI,out genI,out genI)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions genI bitfieldExtract(genI,int,int)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions genU bitfieldExtract(genU,int,int)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions genI bitfieldInsert(genI,genI,int,int)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions genU bitfieldInsert(genU,genU,int,int)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions genI bitfieldReverse(genI)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions genU bitfieldReverse(genU)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions genI bitCount(genI)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions genI bitCount(genU)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions genI findLSB(genI)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions genI findLSB(genU)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions genI findMSB(genI)
d400,e310,x:GL_ARB_gpu_shader5,x:GL_MESA_shader_integer_functions genI findMSB(genU)
d110,e300,x:GL_OES_standard_derivatives genF dFdx(genF)@f
d110,e300,x:GL_OES_standard_derivatives genF dFdy(genF)@f
d110,e300,x:GL_OES_standard_derivatives genF fwidth(genF)@f
d450,x:GL_ARB_derivative_control genF dFdxFine(genF)@f
d450,x:GL_ARB_derivative_control genF dFdyFine(genF)@f
d450,x:GL_ARB_derivative_control genF dFdxCoarse(genF)@f
d450,x:GL_ARB_derivative_control genF dFdyCoarse(genF)@f
d450,x:GL_ARB_derivative_control genF fwidthFine(genF)@f
d450,x:GL_ARB_derivative_control genF fwidthCoarse(genF)@f
d400,e320,x:GL_ARB_gpu_shader5,x:GL_OES_shader_multisample_interpolation genF interpolateAtCentroid(genF)@f
d400,e320,x:GL_ARB_gpu_shader5,x:GL_OES_shader_multisample_interpolation genF interpolateAtSample(genF,int)@f
d400,e320,x:GL_ARB_gpu_shader5,x:GL_OES_shader_multisample_interpolation genF interpolateAtOffset(genF,vec2)@f
x:GL_AMD_shader_trinary_minmax genF min3(genF,genF,genF)
x:GL_AMD_shader_trinary_minmax genI min3(genI,genI,genI)
x:GL_AMD_shader_trinary_minmax genU min3(genU,genU,genU)
x:GL_AMD_shader_trinary_minmax genF max3(genF,genF,genF)
x:GL_AMD_shader_trinary_minmax genI max3(genI,genI,genI)
x:GL_AMD_shader_trinary_minmax genU max3(genU,genU,genU)
x:GL_AMD_shader_trinary_minmax genF mid3(genF,genF,genF)
x:GL_AMD_shader_trinary_minmax genI mid3(genI,genI,genI)
x:GL_AMD_shader_trinary_minmax genU mid3(genU,genU,genU)
x:GL_EXT_gpu_shader4 genF round(genF)
x:GL_EXT_gpu_shader4 genF truncate(genF)
d110 float noise1(genF)
d110 vec2 noise2(genF)
d110 vec3 noise3(genF)
d110 vec4 noise4(genF)
d150,e320,x:GL_ARB_geometry_shader4,x:GL_OES_geometry_shader,x:GL_EXT_geometry_shader void EmitVertex()@g
d150,e320,x:GL_ARB_geometry_shader4,x:GL_OES_geometry_shader,x:GL_EXT_geometry_shader void EndPrimitive()@g
d400,x:GL_ARB_gpu_shader5 void EmitStreamVertex(int)@g
d400,x:GL_ARB_gpu_shader5 void EndStreamPrimitive(int)@g
d400,e310,x:GL_ARB_tessellation_shader,x:GL_ARB_compute_shader void barrier()@ct
d420,e310,x:GL_ARB_shader_image_load_store void memoryBarrier()
d420,e310,x:GL_ARB_shader_atomic_counters,x:GL_ARB_compute_shader void memoryBarrierAtomicCounter()
d430,e310,x:GL_ARB_shader_storage_buffer_object,x:GL_ARB_compute_shader void memoryBarrierBuffer()
d430,e310,x:GL_ARB_compute_shader void memoryBarrierShared()@c
d430,e310,x:GL_ARB_shader_image_load_store,x:GL_ARB_compute_shader void memoryBarrierImage()
d430,e310,x:GL_ARB_compute_shader void groupMemoryBarrier()@c
x:GL_ARB_shader_clock uvec2 clock2x32ARB()
x:GL_ARB_shader_clock uint64_t clockARB()
x:GL_ARB_shader_group_vote bool anyInvocationARB(bool)
x:GL_ARB_shader_group_vote bool allInvocationsARB(bool)
x:GL_ARB_shader_group_vote bool allInvocationsEqualARB(bool)
x:GL_EXT_demote_to_helper_invocation bool helperInvocationEXT()@f
d420,e310,x:GL_ARB_shader_atomic_counters uint atomicCounterIncrement(atomic_uint)
d420,e310,x:GL_ARB_shader_atomic_counters uint atomicCounterDecrement(atomic_uint)
d420,e310,x:GL_ARB_shader_atomic_counters uint atomicCounter(atomic_uint)
x:GL_ARB_shader_atomic_counter_ops uint atomicCounterAddARB(atomic_uint,uint)
x:GL_ARB_shader_atomic_counter_ops uint atomicCounterSubtractARB(atomic_uint,uint)
x:GL_ARB_shader_atomic_counter_ops uint atomicCounterMinARB(atomic_uint,uint)
x:GL_ARB_shader_atomic_counter_ops uint atomicCounterMaxARB(atomic_uint,uint)
x:GL_ARB_shader_atomic_counter_ops uint atomicCounterAndARB(atomic_uint,uint)
x:GL_ARB_shader_atomic_counter_ops uint atomicCounterOrARB(atomic_uint,uint)
x:GL_ARB_shader_atomic_counter_ops uint atomicCounterXorARB(atomic_uint,uint)
x:GL_ARB_shader_atomic_counter_ops uint atomicCounterExchangeARB(atomic_uint,uint)
x:GL_ARB_shader_atomic_counter_ops uint atomicCounterCompSwapARB(atomic_uint,uint,uint)
d460,x:GL_ARB_shader_atomic_counter_ops uint atomicCounterAdd(atomic_uint,uint)
d460,x:GL_ARB_shader_atomic_counter_ops uint atomicCounterSubtract(atomic_uint,uint)
d460,x:GL_ARB_shader_atomic_counter_ops uint atomicCounterMin(atomic_uint,uint)
d460,x:GL_ARB_shader_atomic_counter_ops uint atomicCounterMax(atomic_uint,uint)
d460,x:GL_ARB_shader_atomic_counter_ops uint atomicCounterAnd(atomic_uint,uint)
d460,x:GL_ARB_shader_atomic_counter_ops uint atomicCounterOr(atomic_uint,uint)
d460,x:GL_ARB_shader_atomic_counter_ops uint atomicCounterXor(atomic_uint,uint)
d460,x:GL_ARB_shader_atomic_counter_ops uint atomicCounterExchange(atomic_uint,uint)
d460,x:GL_ARB_shader_atomic_counter_ops uint atomicCounterCompSwap(atomic_uint,uint,uint)
d430,e310,x:GL_ARB_shader_storage_buffer_object,x:GL_ARB_compute_shader uint atomicAdd(inout uint,uint)
d430,e310,x:GL_ARB_shader_storage_buffer_object,x:GL_ARB_compute_shader int atomicAdd(inout int,int)
d430,e310,x:GL_ARB_shader_storage_buffer_object,x:GL_ARB_compute_shader uint atomicMin(inout uint,uint)
d430,e310,x:GL_ARB_shader_storage_buffer_object,x:GL_ARB_compute_shader int atomicMin(inout int,int)
d430,e310,x:GL_ARB_shader_storage_buffer_object,x:GL_ARB_compute_shader uint atomicMax(inout uint,uint)
d430,e310,x:GL_ARB_shader_storage_buffer_object,x:GL_ARB_compute_shader int atomicMax(inout int,int)
d430,e310,x:GL_ARB_shader_storage_buffer_object,x:GL_ARB_compute_shader uint atomicAnd(inout uint,uint)
d430,e310,x:GL_ARB_shader_storage_buffer_object,x:GL_ARB_compute_shader int atomicAnd(inout int,int)
d430,e310,x:GL_ARB_shader_storage_buffer_object,x:GL_ARB_compute_shader uint atomicOr(inout uint,uint)
d430,e310,x:GL_ARB_shader_storage_buffer_object,x:GL_ARB_compute_shader int atomicOr(inout int,int)
d430,e310,x:GL_ARB_shader_storage_buffer_object,x:GL_ARB_compute_shader uint atomicXor(inout uint,uint)
d430,e310,x:GL_ARB_shader_storage_buffer_object,x:GL_ARB_compute_shader int atomicXor(inout int,int)
d430,e310,x:GL_ARB_shader_storage_buffer_object,x:GL_ARB_compute_shader uint atomicExchange(inout uint,uint)
d430,e310,x:GL_ARB_shader_storage_buffer_object,x:GL_ARB_compute_shader int atomicExchange(inout int,int)
d430,e310,x:GL_ARB_shader_storage_buffer_object,x:GL_ARB_compute_shader uint atomicCompSwap(inout uint,uint,uint)
d430,e310,x:GL_ARB_shader_storage_buffer_object,x:GL_ARB_compute_shader int atomicCompSwap(inout int,int,int)
";

/// Legacy texture functions of GLSL 1.10 and ESSL 1.00 (gate, ret, name, params).
const LEGACY_TEXTURE: &str = "
d110 vec4 texture1D(sampler1D,float)
d110 vec4 texture1D(sampler1D,float,float)@f
d110 vec4 texture1DProj(sampler1D,vec2)
d110 vec4 texture1DProj(sampler1D,vec2,float)@f
d110 vec4 texture1DProj(sampler1D,vec4)
d110 vec4 texture1DProj(sampler1D,vec4,float)@f
d110 vec4 texture1DLod(sampler1D,float,float)
d110 vec4 texture1DProjLod(sampler1D,vec2,float)
d110 vec4 texture1DProjLod(sampler1D,vec4,float)
d110,e100only vec4 texture2D(sampler2D,vec2)
d110,e100only vec4 texture2D(sampler2D,vec2,float)@f
d110,e100only vec4 texture2DProj(sampler2D,vec3)
d110,e100only vec4 texture2DProj(sampler2D,vec3,float)@f
d110,e100only vec4 texture2DProj(sampler2D,vec4)
d110,e100only vec4 texture2DProj(sampler2D,vec4,float)@f
d110,e100only vec4 texture2DLod(sampler2D,vec2,float)
d110,e100only vec4 texture2DProjLod(sampler2D,vec3,float)
d110,e100only vec4 texture2DProjLod(sampler2D,vec4,float)
d110,x:GL_OES_texture_3D vec4 texture3D(sampler3D,vec3)
d110,x:GL_OES_texture_3D vec4 texture3D(sampler3D,vec3,float)@f
d110,x:GL_OES_texture_3D vec4 texture3DProj(sampler3D,vec4)
d110,x:GL_OES_texture_3D vec4 texture3DProj(sampler3D,vec4,float)@f
d110,x:GL_OES_texture_3D vec4 texture3DLod(sampler3D,vec3,float)
d110,x:GL_OES_texture_3D vec4 texture3DProjLod(sampler3D,vec4,float)
d110,e100only vec4 textureCube(samplerCube,vec3)
d110,e100only vec4 textureCube(samplerCube,vec3,float)@f
d110,e100only vec4 textureCubeLod(samplerCube,vec3,float)
d110 vec4 shadow1D(sampler1DShadow,vec3)
d110 vec4 shadow1D(sampler1DShadow,vec3,float)@f
d110 vec4 shadow2D(sampler2DShadow,vec3)
d110 vec4 shadow2D(sampler2DShadow,vec3,float)@f
d110 vec4 shadow1DProj(sampler1DShadow,vec4)
d110 vec4 shadow1DProj(sampler1DShadow,vec4,float)@f
d110 vec4 shadow2DProj(sampler2DShadow,vec4)
d110 vec4 shadow2DProj(sampler2DShadow,vec4,float)@f
d110 vec4 shadow1DLod(sampler1DShadow,vec3,float)
d110 vec4 shadow2DLod(sampler2DShadow,vec3,float)
d110 vec4 shadow1DProjLod(sampler1DShadow,vec4,float)
d110 vec4 shadow2DProjLod(sampler2DShadow,vec4,float)
x:GL_ARB_texture_rectangle vec4 texture2DRect(sampler2DRect,vec2)
x:GL_ARB_texture_rectangle vec4 texture2DRectProj(sampler2DRect,vec3)
x:GL_ARB_texture_rectangle vec4 texture2DRectProj(sampler2DRect,vec4)
x:GL_ARB_texture_rectangle vec4 shadow2DRect(sampler2DRectShadow,vec3)
x:GL_ARB_texture_rectangle vec4 shadow2DRectProj(sampler2DRectShadow,vec4)
x:GL_EXT_texture_array vec4 texture1DArray(sampler1DArray,vec2)
x:GL_EXT_texture_array vec4 texture2DArray(sampler2DArray,vec3)
x:GL_EXT_texture_array vec4 shadow1DArray(sampler1DArrayShadow,vec3)
x:GL_EXT_texture_array vec4 shadow2DArray(sampler2DArrayShadow,vec4)
x:GL_ARB_shader_texture_lod,x:GL_EXT_shader_texture_lod vec4 texture2DGradARB(sampler2D,vec2,vec2,vec2)
x:GL_ARB_shader_texture_lod,x:GL_EXT_shader_texture_lod vec4 texture2DGradEXT(sampler2D,vec2,vec2,vec2)
x:GL_ARB_shader_texture_lod,x:GL_EXT_shader_texture_lod vec4 textureCubeGradARB(samplerCube,vec3,vec3,vec3)
x:GL_ARB_shader_texture_lod,x:GL_EXT_shader_texture_lod vec4 textureCubeGradEXT(samplerCube,vec3,vec3,vec3)
x:GL_EXT_shader_texture_lod vec4 texture2DLodEXT(sampler2D,vec2,float)
x:GL_EXT_shader_texture_lod vec4 textureCubeLodEXT(samplerCube,vec3,float)
x:GL_OES_EGL_image_external vec4 texture2D(samplerExternalOES,vec2)
x:GL_OES_EGL_image_external vec4 texture(samplerExternalOES,vec2)
";

/// Sampler dimensionalities: (suffix, coordinate size, size-query result size,
/// has mip levels, gate).
const SAMPLER_DIMS: &[(&str, u8, u8, bool, &str)] = &[
    ("1D", 1, 1, true, "d130"),
    ("2D", 2, 2, true, "d130,e300"),
    ("3D", 3, 3, true, "d130,e300"),
    ("Cube", 3, 2, true, "d130,e300"),
    ("1DArray", 2, 2, true, "d130"),
    ("2DArray", 3, 3, true, "d130,e300"),
    ("CubeArray", 4, 3, true, "d400,e320,x:GL_ARB_texture_cube_map_array,x:GL_OES_texture_cube_map_array,x:GL_EXT_texture_cube_map_array"),
    ("2DRect", 2, 2, false, "d140,x:GL_ARB_texture_rectangle"),
];

/// The row gate language described at the top of the file.
pub fn gate_open(gate: &str, s: &LanguageSettings, stage: Stage) -> bool {
    let (alts, stages) = match gate.split_once('@') {
        Some((a, st)) => (a, Some(st)),
        None => (gate, None),
    };
    if let Some(st) = stages {
        let c = match stage {
            Stage::Vertex => 'v',
            Stage::Fragment => 'f',
            Stage::Geometry => 'g',
            Stage::Compute => 'c',
            Stage::TessControl => 't',
            Stage::TessEval => 'e',
        };
        if !st.contains(c) {
            return false;
        }
    }
    let es = s.is_es();
    let holds = |condition: &str| {
        if let Some(ext) = condition.strip_prefix("x:") {
            s.extension(ext)
        } else if condition == "c" {
            !es && (s.version < 140 || s.profile == crate::preprocessor::Profile::Compatibility)
        } else if let Some(v) = condition.strip_prefix('k') {
            // Desktop, except core profiles from version v on.
            !es && (s.profile == crate::preprocessor::Profile::Compatibility || v.parse::<u32>().is_ok_and(|v| s.version < v))
        } else if condition == "e100only" {
            es && s.version == 100
        } else if let Some(v) = condition.strip_prefix('d') {
            // EXT_gpu_shader4 brings GLSL 1.30's integer and texture functions to 1.10.
            let version = if s.extension("GL_EXT_gpu_shader4") { s.version.max(130) } else { s.version };
            !es && v.parse::<u32>().is_ok_and(|v| version >= v)
        } else if let Some(v) = condition.strip_prefix('e') {
            es && v.parse::<u32>().is_ok_and(|v| s.version >= v)
        } else {
            false
        }
    };
    alts.split(',').any(|alt| alt.split('+').all(holds))
}

/// Expands the generic type names of a row for variant `i` (0..4).
fn generic(name: &str, i: usize) -> Option<String> {
    let vec = |p: &str, scalar: &str| if i == 0 { scalar.to_string() } else { format!("{}vec{}", p, i + 1) };
    let mats = ["mat2", "mat3", "mat4", "mat2x3", "mat2x4", "mat3x2", "mat3x4", "mat4x2", "mat4x3"];
    let trans = ["mat2", "mat3", "mat4", "mat3x2", "mat4x2", "mat2x3", "mat4x3", "mat2x4", "mat3x4"];
    let cols = [2, 3, 4, 2, 2, 3, 3, 4, 4];
    let rows = [2, 3, 4, 3, 4, 2, 4, 2, 3];
    Some(match name {
        "genF" => vec("", "float"),
        "genD" => vec("d", "double"),
        "genI" => vec("i", "int"),
        "genU" => vec("u", "uint"),
        "genB" => vec("b", "bool"),
        "genI64" => vec("i64", "int64_t"),
        "genU64" => vec("u64", "uint64_t"),
        "vecF" | "vecD" | "vecI" | "vecU" | "vecB" | "vecI64" | "vecU64" => {
            if i == 0 || i > 3 {
                return None;
            }
            let p = match name {
                "vecF" => "",
                "vecD" => "d",
                "vecI" => "i",
                "vecU" => "u",
                "vecI64" => "i64",
                "vecU64" => "u64",
                _ => "b",
            };
            format!("{}vec{}", p, i + 1)
        }
        "matF" => mats.get(i)?.to_string(),
        "matD" => format!("d{}", mats.get(i)?),
        "transF" => trans.get(i)?.to_string(),
        "transD" => format!("d{}", trans.get(i)?),
        "sqF" => mats.get(i).filter(|_| i < 3)?.to_string(),
        "sqD" => format!("d{}", mats.get(i).filter(|_| i < 3)?),
        "outer" => mats.get(i)?.to_string(),
        "outerD" => format!("d{}", mats.get(i)?),
        "colF" => format!("vec{}", rows.get(i)?),
        "rowF" => format!("vec{}", cols.get(i)?),
        "colD" => format!("dvec{}", rows.get(i)?),
        "rowD" => format!("dvec{}", cols.get(i)?),
        _ => return None,
    })
}

fn is_generic(name: &str) -> bool {
    generic(name, 1).is_some() && Type::from_builtin_name(name).is_none()
}

/// A built-in type name, or `T[N]` for an array of one (textureGatherOffsets' `ivec2[4]`).
fn parse_type(name: &str) -> Option<Type> {
    if let Some((element, len)) = name.strip_suffix(']').and_then(|n| n.split_once('[')) {
        return Some(Type::Array(Box::new(Type::from_builtin_name(element)?), Some(len.parse().ok()?)));
    }
    Type::from_builtin_name(name)
}

/// Adds one row ("ret name(p, out p, ...)") expanding its generic types.
fn add_row(table: &mut HashMap<String, Vec<Signature>>, ret: &str, name: &str, params: &[&str]) {
    let words: Vec<&str> = std::iter::once(ret)
        .chain(params.iter().map(|p| p.trim_start_matches("out ").trim_start_matches("inout ")))
        .collect();
    let has_generic = words.iter().any(|w| is_generic(w));
    let variants = if has_generic { 9 } else { 1 };
    for i in 0..variants {
        let resolve = |w: &str| -> Option<Type> {
            if is_generic(w) {
                parse_type(&generic(w, i)?)
            } else {
                parse_type(w)
            }
        };
        let Some(ret_ty) = resolve(ret) else { continue };
        let mut ps = Vec::new();
        let mut ok = true;
        for p in params {
            let (dir, t) = if let Some(t) = p.strip_prefix("out ") {
                (ParamDir::Out, t)
            } else if let Some(t) = p.strip_prefix("inout ") {
                (ParamDir::InOut, t)
            } else {
                (ParamDir::In, *p)
            };
            match resolve(t) {
                Some(ty) => ps.push((ty, dir)),
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            let list = table.entry(name.to_string()).or_default();
            if !list.iter().any(|s| s.params.iter().map(|p| &p.0).eq(ps.iter().map(|p| &p.0))) {
                list.push(Signature { ret: ret_ty, params: ps });
            }
        }
    }
}

fn add_table(table: &mut HashMap<String, Vec<Signature>>, text: &str, s: &LanguageSettings, stage: Stage) {
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (gate, rest) = line.split_once(' ').unwrap_or((line, ""));
        let (sig, stage_gate) = match rest.rsplit_once(")@") {
            Some((a, st)) => (format!("{})", a), Some(st)),
            None => (rest.to_string(), None),
        };
        let gate = match stage_gate {
            Some(st) => format!("{}@{}", gate, st),
            None => gate.to_string(),
        };
        if !gate_open(&gate, s, stage) {
            continue;
        }
        let Some((head, params)) = sig.split_once('(') else { continue };
        let Some((ret, name)) = head.trim().split_once(' ') else { continue };
        let params: Vec<&str> = params.trim_end_matches(')').split(',').map(str::trim).filter(|p| !p.is_empty()).collect();
        add_row(table, ret, name, &params);
    }
}

/// Generates the GLSL 1.30+ texture functions over every sampler dimensionality.
fn add_texture_functions(table: &mut HashMap<String, Vec<Signature>>, s: &LanguageSettings, stage: Stage) {
    let fragment = stage == Stage::Fragment;
    let vecn = |n: u8, p: &str| if n == 1 { match p { "i" => "int".to_string(), "u" => "uint".to_string(), _ => "float".to_string() } } else { format!("{}vec{}", p, n) };
    for (dim, coord, size, mips, gate) in SAMPLER_DIMS {
        if !gate_open(gate, s, stage) {
            continue;
        }
        let c = vecn(*coord, "");
        let ci = vecn(*coord, "i");
        let offset_n = match *dim {
            "1D" | "1DArray" => 1,
            "3D" => 3,
            _ => 2,
        };
        let off = vecn(offset_n, "i");
        let grad = vecn(if *dim == "Cube" || *dim == "CubeArray" { 3 } else { offset_n }, "");
        for g in ["", "i", "u"] {
            let sampler = format!("{}sampler{}", g, dim);
            let v4 = format!("{}vec4", g);
            let sz = vecn(*size, "i");
            add_row(table, &v4, "texture", &[&sampler, &c]);
            if fragment && *mips {
                add_row(table, &v4, "texture", &[&sampler, &c, "float"]);
            }
            if *mips {
                add_row(table, &v4, "textureLod", &[&sampler, &c, "float"]);
                add_row(table, &sz, "textureSize", &[&sampler, "int"]);
            } else {
                add_row(table, &sz, "textureSize", &[&sampler]);
            }
            add_row(table, &v4, "textureGrad", &[&sampler, &c, &grad, &grad]);
            if !dim.starts_with("Cube") {
                add_row(table, &v4, "textureOffset", &[&sampler, &c, &off]);
                if fragment && *mips {
                    add_row(table, &v4, "textureOffset", &[&sampler, &c, &off, "float"]);
                }
                if *mips {
                    add_row(table, &v4, "textureLodOffset", &[&sampler, &c, "float", &off]);
                    add_row(table, &v4, "texelFetch", &[&sampler, &ci, "int"]);
                    add_row(table, &v4, "texelFetchOffset", &[&sampler, &ci, "int", &off]);
                } else {
                    add_row(table, &v4, "texelFetch", &[&sampler, &ci]);
                    add_row(table, &v4, "texelFetchOffset", &[&sampler, &ci, &off]);
                }
                add_row(table, &v4, "textureGradOffset", &[&sampler, &c, &grad, &grad, &off]);
            }
            if !dim.contains("Array") && !dim.starts_with("Cube") {
                let p1 = vecn(*coord + 1, "");
                for p in [p1.as_str(), "vec4"] {
                    add_row(table, &v4, "textureProj", &[&sampler, p]);
                    if fragment && *mips {
                        add_row(table, &v4, "textureProj", &[&sampler, p, "float"]);
                    }
                    if *mips {
                        add_row(table, &v4, "textureProjLod", &[&sampler, p, "float"]);
                    }
                    add_row(table, &v4, "textureProjGrad", &[&sampler, p, &grad, &grad]);
                    add_row(table, &v4, "textureProjOffset", &[&sampler, p, &off]);
                    add_row(table, &v4, "textureProjGradOffset", &[&sampler, p, &grad, &grad, &off]);
                    if fragment && *mips {
                        add_row(table, &v4, "textureProjOffset", &[&sampler, p, &off, "float"]);
                    }
                    if *mips {
                        add_row(table, &v4, "textureProjLodOffset", &[&sampler, p, "float", &off]);
                    }
                }
            }
            let gather_ok = gate_open("d400,e310,x:GL_ARB_texture_gather,x:GL_ARB_gpu_shader5", s, stage);
            if gather_ok && matches!(*dim, "2D" | "2DArray" | "Cube" | "CubeArray" | "2DRect") {
                add_row(table, &v4, "textureGather", &[&sampler, &c]);
                add_row(table, &v4, "textureGather", &[&sampler, &c, "int"]);
                if !dim.starts_with("Cube") {
                    add_row(table, &v4, "textureGatherOffset", &[&sampler, &c, &off]);
                    add_row(table, &v4, "textureGatherOffset", &[&sampler, &c, &off, "int"]);
                    if gate_open("d400,e320,x:GL_ARB_gpu_shader5", s, stage) {
                        add_row(table, &v4, "textureGatherOffsets", &[&sampler, &c, "ivec2[4]"]);
                        add_row(table, &v4, "textureGatherOffsets", &[&sampler, &c, "ivec2[4]", "int"]);
                    }
                }
            }
            if *mips && fragment && gate_open("d400,x:GL_ARB_texture_query_lod", s, stage) {
                add_row(table, "vec2", "textureQueryLod", &[&sampler, &vecn(if *dim == "Cube" || *dim == "CubeArray" { 3 } else { offset_n }, "")]);
            }
            if *mips && gate_open("d430,x:GL_ARB_texture_query_levels", s, stage) {
                add_row(table, "int", "textureQueryLevels", &[&sampler]);
            }
        }
        // Shadow samplers.
        if !matches!(*dim, "3D") {
            let shadow = format!("sampler{}Shadow", dim);
            let (sc, extra): (String, bool) = match *dim {
                "CubeArray" => ("vec4".into(), true),
                _ => (vecn(*coord + if *dim == "1D" { 2 } else { 1 }, ""), false),
            };
            if extra {
                add_row(table, "float", "texture", &[&shadow, &sc, "float"]);
            } else {
                add_row(table, "float", "texture", &[&shadow, &sc]);
                if fragment && *mips && *dim != "2DArray" {
                    add_row(table, "float", "texture", &[&shadow, &sc, "float"]);
                }
                if *mips && !dim.starts_with("Cube") && *dim != "2DArray" {
                    add_row(table, "float", "textureLod", &[&shadow, &sc, "float"]);
                }
                if !dim.starts_with("Cube") {
                    add_row(table, "float", "textureOffset", &[&shadow, &sc, &off]);
                    if fragment && *mips && *dim != "2DArray" {
                        add_row(table, "float", "textureOffset", &[&shadow, &sc, &off, "float"]);
                    }
                    add_row(table, "float", "textureGrad", &[&shadow, &sc, &grad, &grad]);
                    add_row(table, "float", "textureGradOffset", &[&shadow, &sc, &grad, &grad, &off]);
                    if *mips && *dim != "2DArray" {
                        add_row(table, "float", "textureLodOffset", &[&shadow, &sc, "float", &off]);
                    }
                }
                if *dim == "Cube" {
                    add_row(table, "float", "textureGrad", &[&shadow, &sc, &grad, &grad]);
                }
                if !dim.contains("Array") && !dim.starts_with("Cube") {
                    add_row(table, "float", "textureProj", &[&shadow, "vec4"]);
                    if fragment && *mips {
                        add_row(table, "float", "textureProj", &[&shadow, "vec4", "float"]);
                    }
                    add_row(table, "float", "textureProjOffset", &[&shadow, "vec4", &off]);
                    add_row(table, "float", "textureProjGrad", &[&shadow, "vec4", &grad, &grad]);
                    add_row(table, "float", "textureProjGradOffset", &[&shadow, "vec4", &grad, &grad, &off]);
                    if *mips {
                        add_row(table, "float", "textureProjLod", &[&shadow, "vec4", "float"]);
                        add_row(table, "float", "textureProjLodOffset", &[&shadow, "vec4", "float", &off]);
                    }
                }
                if fragment && *mips && !dim.contains("Array") && !dim.starts_with("Cube") {
                    add_row(table, "float", "textureProjOffset", &[&shadow, "vec4", &off, "float"]);
                }
            }
            // The queries take every shadow sampler with levels, samplerCubeArrayShadow too.
            if *mips && gate_open("d430,x:GL_ARB_texture_query_levels", s, stage) {
                add_row(table, "int", "textureQueryLevels", &[&shadow]);
            }
            if *mips && fragment && gate_open("d400,x:GL_ARB_texture_query_lod", s, stage) {
                add_row(table, "vec2", "textureQueryLod", &[&shadow, &vecn(if dim.starts_with("Cube") { 3 } else { offset_n }, "")]);
            }
            let sz = vecn(*size, "i");
            if *mips {
                add_row(table, &sz, "textureSize", &[&shadow, "int"]);
            } else {
                add_row(table, &sz, "textureSize", &[&shadow]);
            }
            if matches!(*dim, "2D" | "2DArray" | "Cube" | "CubeArray" | "2DRect")
                && gate_open("d400,e310,x:GL_ARB_gpu_shader5", s, stage)
            {
                add_row(table, "vec4", "textureGather", &[&shadow, &vecn(*coord, ""), "float"]);
                if !dim.starts_with("Cube") {
                    add_row(table, "vec4", "textureGatherOffset", &[&shadow, &vecn(*coord, ""), "float", &off]);
                    add_row(table, "vec4", "textureGatherOffsets", &[&shadow, &vecn(*coord, ""), "float", "ivec2[4]"]);
                }
            }
        }
    }
    // Buffer and multisample samplers.
    for g in ["", "i", "u"] {
        let v4 = format!("{}vec4", g);
        if gate_open("d140,e320,x:GL_OES_texture_buffer,x:GL_EXT_texture_buffer,x:GL_EXT_gpu_shader4", s, stage) {
            let sb = format!("{}samplerBuffer", g);
            add_row(table, &v4, "texelFetch", &[&sb, "int"]);
            add_row(table, "int", "textureSize", &[&sb]);
        }
        if gate_open("d150,e310,x:GL_ARB_texture_multisample", s, stage) {
            let ms = format!("{}sampler2DMS", g);
            add_row(table, &v4, "texelFetch", &[&ms, "ivec2", "int"]);
            add_row(table, "ivec2", "textureSize", &[&ms]);
            let msa = format!("{}sampler2DMSArray", g);
            add_row(table, &v4, "texelFetch", &[&msa, "ivec3", "int"]);
            add_row(table, "ivec3", "textureSize", &[&msa]);
            if gate_open("d450,x:GL_ARB_shader_texture_image_samples", s, stage) {
                add_row(table, "int", "textureSamples", &[&ms]);
                add_row(table, "int", "textureSamples", &[&msa]);
            }
        }
    }
}

/// Image load/store and atomics over every image dimensionality.
fn add_image_functions(table: &mut HashMap<String, Vec<Signature>>, s: &LanguageSettings, stage: Stage) {
    if !gate_open("d420,e310,x:GL_ARB_shader_image_load_store", s, stage) {
        return;
    }
    let dims: [(&str, &str, &str); 11] = [
        ("1D", "int", "int"),
        ("2D", "ivec2", "ivec2"),
        ("3D", "ivec3", "ivec3"),
        ("2DRect", "ivec2", "ivec2"),
        ("Cube", "ivec3", "ivec2"),
        ("Buffer", "int", "int"),
        ("1DArray", "ivec2", "ivec2"),
        ("2DArray", "ivec3", "ivec3"),
        ("CubeArray", "ivec3", "ivec3"),
        ("2DMS", "ivec2", "ivec2"),
        ("2DMSArray", "ivec3", "ivec3"),
    ];
    for (dim, coord, size) in dims {
        let ms = dim.contains("MS");
        for g in ["", "i", "u"] {
            let img = format!("{}image{}", g, dim);
            let v4 = format!("{}vec4", g);
            let mut p: Vec<&str> = vec![&img, coord];
            if ms {
                p.push("int");
            }
            add_row(table, &v4, "imageLoad", &p);
            let mut ps = p.clone();
            ps.push(&v4);
            add_row(table, "void", "imageStore", &ps);
            if gate_open("d430,e310,x:GL_ARB_shader_image_size", s, stage) {
                add_row(table, size, "imageSize", &[&img]);
            }
            if g == "" {
                let mut pf = p.clone();
                pf.push("float");
                if gate_open("d450,e320,x:GL_OES_shader_image_atomic,x:GL_ARB_ES3_1_compatibility,x:GL_NV_shader_atomic_float", s, stage) {
                    add_row(table, "float", "imageAtomicExchange", &pf);
                }
                if gate_open("x:GL_NV_shader_atomic_float", s, stage) {
                    add_row(table, "float", "imageAtomicAdd", &pf);
                }
                continue;
            }
            // ESSL 3.10 has image load/store but its atomics only with OES_shader_image_atomic.
            if !gate_open("d420,e320,x:GL_ARB_shader_image_load_store,x:GL_OES_shader_image_atomic", s, stage) {
                continue;
            }
            let scalar = if g == "i" { "int" } else { "uint" };
            for op in ["imageAtomicAdd", "imageAtomicMin", "imageAtomicMax", "imageAtomicAnd", "imageAtomicOr", "imageAtomicXor", "imageAtomicExchange"] {
                let mut pa = p.clone();
                pa.push(scalar);
                add_row(table, scalar, op, &pa);
            }
            let mut pc = p.clone();
            pc.push(scalar);
            pc.push(scalar);
            add_row(table, scalar, "imageAtomicCompSwap", &pc);
        }
    }
}

/// EXT_gpu_shader4 spells the texture functions with the sampler in the name:
/// texture2DProjGradOffset is textureProjGradOffset on a sampler2D, shadow2DOffset is
/// textureOffset on a sampler2DShadow (returning vec4), textureSize2D is textureSize.
fn add_gpu_shader4_names(table: &mut HashMap<String, Vec<Signature>>) {
    let modern: Vec<(String, Vec<Signature>)> = table
        .iter()
        .filter(|(n, _)| n.starts_with("texture") || n.starts_with("texelFetch"))
        .map(|(n, v)| (n.clone(), v.clone()))
        .collect();
    for (name, sigs) in modern {
        for sig in sigs {
            let Some((Type::Opaque(sampler), _)) = sig.params.first() else { continue };
            let Some(dim) = sampler.strip_prefix("sampler").or_else(|| sampler.strip_prefix("isampler")).or_else(|| sampler.strip_prefix("usampler")) else { continue };
            let (dim, shadow) = match dim.strip_suffix("Shadow") {
                Some(d) => (d, true),
                None => (dim, false),
            };
            let (legacy, ret) = if let Some(rest) = name.strip_prefix("texelFetch") {
                (format!("texelFetch{}{}", dim, rest), sig.ret.clone())
            } else if name == "textureSize" {
                (format!("textureSize{}", dim), sig.ret.clone())
            } else if let Some(rest) = name.strip_prefix("texture") {
                if shadow {
                    (format!("shadow{}{}", dim, rest), Type::from_builtin_name("vec4").expect("valid"))
                } else {
                    (format!("texture{}{}", dim, rest), sig.ret.clone())
                }
            } else {
                continue;
            };
            let list = table.entry(legacy).or_default();
            if !list.iter().any(|s| s.params.iter().map(|p| &p.0).eq(sig.params.iter().map(|p| &p.0))) {
                list.push(Signature { ret, params: sig.params.clone() });
            }
        }
    }
}

type FunctionTable = HashMap<String, Vec<Signature>>;

/// Built tables, shared by every compile in the process.
static CACHE: std::sync::OnceLock<std::sync::Mutex<HashMap<String, std::sync::Arc<FunctionTable>>>> = std::sync::OnceLock::new();

/// `functions`, built once per language settings and stage.
pub fn cached_functions(s: &LanguageSettings, stage: Stage) -> std::sync::Arc<FunctionTable> {
    let mut exts = s.enabled_extensions.clone();
    exts.sort();
    let key = format!("{}{:?}{:?}{}", s.version, s.profile, stage, exts.join(","));
    let cache = CACHE.get_or_init(Default::default);
    if let Some(t) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return t.clone();
    }
    let t = std::sync::Arc::new(functions(s, stage));
    cache.lock().unwrap_or_else(|e| e.into_inner()).insert(key, t.clone());
    t
}

/// Every built-in function visible to a shader of this language and stage.
pub fn functions(s: &LanguageSettings, stage: Stage) -> HashMap<String, Vec<Signature>> {
    let mut table = HashMap::new();
    add_table(&mut table, FUNCTIONS, s, stage);
    add_table(&mut table, LEGACY_TEXTURE, s, stage);
    // GLSL 1.10/1.20 and ESSL 1.00 offer the legacy "Lod" functions to vertex shaders
    // only; GLSL 1.30 and ARB_shader_texture_lod to every stage.
    let lod_ok = stage == Stage::Vertex
        || (!s.is_es() && s.version >= 130)
        || s.extension("GL_ARB_shader_texture_lod")
        || s.extension("GL_EXT_gpu_shader4");
    if !lod_ok {
        table.retain(|name, _| {
            let legacy = ["texture1D", "texture2D", "texture3D", "textureCube", "shadow1D", "shadow2D"].iter().any(|p| name.starts_with(p));
            !(legacy && name.ends_with("Lod"))
        });
    }
    add_texture_functions(&mut table, s, stage);
    add_image_functions(&mut table, s, stage);
    if !s.is_es() && (s.extension("GL_EXT_gpu_shader4") || s.extension("GL_ARB_shader_texture_lod")) {
        // ARB_shader_texture_lod's Grad functions are the legacy names plus "ARB".
        let mut modern = HashMap::new();
        let s130 = LanguageSettings { version: s.version.max(130), ..s.clone() };
        add_texture_functions(&mut modern, &s130, stage);
        add_gpu_shader4_names(&mut modern);
        for (name, sigs) in modern {
            let legacy = name.starts_with("texture1D") || name.starts_with("texture2D") || name.starts_with("texture3D")
                || name.starts_with("textureCube") || name.starts_with("shadow") || name.starts_with("texelFetch1D")
                || name.starts_with("texelFetch2D") || name.starts_with("texelFetch3D") || name.starts_with("textureSize1D")
                || name.starts_with("textureSize2D") || name.starts_with("textureSize3D") || name.starts_with("textureSizeCube");
            if s.extension("GL_ARB_shader_texture_lod") && name.contains("Grad") && !name.contains("Offset") && !name.contains("Array") {
                let sigs: Vec<Signature> = sigs.iter().filter(|g| matches!(g.params.first(), Some((Type::Opaque(n), _)) if n.starts_with("sampler"))).cloned().collect();
                table.entry(format!("{}ARB", name)).or_insert(sigs);
            }
            if s.extension("GL_EXT_gpu_shader4") && legacy {
                let list = table.entry(name).or_default();
                for sig in sigs {
                    if !list.iter().any(|x| x.params.iter().map(|p| &p.0).eq(sig.params.iter().map(|p| &p.0))) {
                        list.push(sig);
                    }
                }
            }
        }
    }
    if s.extension("GL_ARB_texture_query_lod") {
        // The extension names the query textureQueryLOD, and brings it to versions older
        // than the texture functions it is written against.
        let query = table.get("textureQueryLod").cloned().or_else(|| {
            let mut modern = HashMap::new();
            add_texture_functions(&mut modern, &LanguageSettings { version: s.version.max(130), ..s.clone() }, stage);
            modern.remove("textureQueryLod")
        });
        if let Some(v) = query {
            table.insert("textureQueryLOD".into(), v);
        }
    }
    table
}
