//! The ALU opcodes, each with its printed name, the kinds of its sources and the rule that
//! gives its result type. One table, so the builder, printer, validator and backends agree.

use crate::types::{BaseType, ValueType};

/// What kind of scalar a source must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SrcKind {
    Float,
    /// Int or uint of any width.
    Integer,
    Bool,
    Any,
    /// A scalar integer (bitfield offsets and counts).
    ScalarInteger,
    /// A float scalar (refract's eta).
    ScalarFloat,
}

/// How the result type of an op follows from its sources.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputRule {
    /// The type of source 0.
    Same,
    /// The type of source 1 (select).
    SameAsSrc1,
    /// Bools with the component count of source 0.
    Bool,
    /// One bool.
    BoolScalar,
    /// One scalar of source 0's type (dot, length, distance).
    Scalar,
    /// Signed ints with the width and count of source 0 (bit counts, frexp exponent).
    IntSameShape,
    /// Chosen by whoever builds the instruction (conversions).
    Explicit,
    /// Always this type (packing).
    Fixed(ValueType),
}

macro_rules! alu_ops {
    ($($(#[$meta:meta])* $variant:ident $name:literal [$($src:ident),*] $out:expr;)*) => {
        /// An ALU operation; see [`AluOp::name`] for the printed spelling.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum AluOp { $($(#[$meta])* $variant),* }

        impl AluOp {
            /// Every opcode, in table order.
            pub const ALL: &'static [AluOp] = &[$(AluOp::$variant),*];

            /// The NIR-style name used by the printer.
            pub fn name(self) -> &'static str {
                match self { $(AluOp::$variant => $name),* }
            }

            /// The kinds of the sources, one per source.
            pub fn src_kinds(self) -> &'static [SrcKind] {
                use SrcKind::*;
                match self { $(AluOp::$variant => &[$($src),*]),* }
            }

            pub fn output_rule(self) -> OutputRule {
                use OutputRule::*;
                match self { $(AluOp::$variant => $out),* }
            }
        }
    };
}

const U32: ValueType = ValueType::U32;
const VEC2: ValueType = ValueType::VEC2;
const VEC4: ValueType = ValueType::VEC4;

alu_ops! {
    // float arithmetic
    Fneg "fneg" [Float] Same;
    Fabs "fabs" [Float] Same;
    Fsign "fsign" [Float] Same;
    Ffloor "ffloor" [Float] Same;
    Fceil "fceil" [Float] Same;
    Ftrunc "ftrunc" [Float] Same;
    FroundEven "fround_even" [Float] Same;
    Fround "fround" [Float] Same;
    Ffract "ffract" [Float] Same;
    Fsat "fsat" [Float] Same;
    Fadd "fadd" [Float, Float] Same;
    Fsub "fsub" [Float, Float] Same;
    Fmul "fmul" [Float, Float] Same;
    Fdiv "fdiv" [Float, Float] Same;
    /// GLSL mod: x - y * floor(x / y).
    Fmod "fmod" [Float, Float] Same;
    /// Remainder with the sign of x.
    Frem "frem" [Float, Float] Same;
    Fmin "fmin" [Float, Float] Same;
    Fmax "fmax" [Float, Float] Same;
    Fclamp "fclamp" [Float, Float, Float] Same;
    Ffma "ffma" [Float, Float, Float] Same;
    /// mix(x, y, a) = x * (1 - a) + y * a.
    Fmix "fmix" [Float, Float, Float] Same;
    /// step(edge, x).
    Fstep "fstep" [Float, Float] Same;
    /// smoothstep(edge0, edge1, x).
    Fsmoothstep "fsmoothstep" [Float, Float, Float] Same;
    // transcendental
    Fsqrt "fsqrt" [Float] Same;
    Frsq "frsq" [Float] Same;
    Frcp "frcp" [Float] Same;
    Fpow "fpow" [Float, Float] Same;
    Fexp "fexp" [Float] Same;
    Flog "flog" [Float] Same;
    Fexp2 "fexp2" [Float] Same;
    Flog2 "flog2" [Float] Same;
    Fsin "fsin" [Float] Same;
    Fcos "fcos" [Float] Same;
    Ftan "ftan" [Float] Same;
    Fasin "fasin" [Float] Same;
    Facos "facos" [Float] Same;
    Fatan "fatan" [Float] Same;
    Fatan2 "fatan2" [Float, Float] Same;
    Fsinh "fsinh" [Float] Same;
    Fcosh "fcosh" [Float] Same;
    Ftanh "ftanh" [Float] Same;
    Fasinh "fasinh" [Float] Same;
    Facosh "facosh" [Float] Same;
    Fatanh "fatanh" [Float] Same;
    Fradians "fradians" [Float] Same;
    Fdegrees "fdegrees" [Float] Same;
    FrexpSig "frexp_sig" [Float] Same;
    FrexpExp "frexp_exp" [Float] IntSameShape;
    Ldexp "ldexp" [Float, Integer] Same;
    FquantizeF16 "fquantize2f16" [Float] Same;
    // geometry
    Fdot "fdot" [Float, Float] Scalar;
    Flength "flength" [Float] Scalar;
    Fdistance "fdistance" [Float, Float] Scalar;
    Fnormalize "fnormalize" [Float] Same;
    Fcross "fcross" [Float, Float] Same;
    /// faceforward(n, i, nref).
    Ffaceforward "ffaceforward" [Float, Float, Float] Same;
    /// reflect(i, n).
    Freflect "freflect" [Float, Float] Same;
    /// refract(i, n, eta).
    Frefract "frefract" [Float, Float, ScalarFloat] Same;
    // derivatives
    Fddx "fddx" [Float] Same;
    Fddy "fddy" [Float] Same;
    FddxFine "fddx_fine" [Float] Same;
    FddyFine "fddy_fine" [Float] Same;
    FddxCoarse "fddx_coarse" [Float] Same;
    FddyCoarse "fddy_coarse" [Float] Same;
    Fwidth "fwidth" [Float] Same;
    FwidthFine "fwidth_fine" [Float] Same;
    FwidthCoarse "fwidth_coarse" [Float] Same;
    // integer arithmetic
    Ineg "ineg" [Integer] Same;
    Iabs "iabs" [Integer] Same;
    Isign "isign" [Integer] Same;
    Iadd "iadd" [Integer, Integer] Same;
    Isub "isub" [Integer, Integer] Same;
    Imul "imul" [Integer, Integer] Same;
    Idiv "idiv" [Integer, Integer] Same;
    Udiv "udiv" [Integer, Integer] Same;
    /// Remainder with the sign of the dividend.
    Irem "irem" [Integer, Integer] Same;
    /// Modulo with the sign of the divisor.
    Imod "imod" [Integer, Integer] Same;
    Umod "umod" [Integer, Integer] Same;
    Imin "imin" [Integer, Integer] Same;
    Imax "imax" [Integer, Integer] Same;
    Umin "umin" [Integer, Integer] Same;
    Umax "umax" [Integer, Integer] Same;
    Iclamp "iclamp" [Integer, Integer, Integer] Same;
    Uclamp "uclamp" [Integer, Integer, Integer] Same;
    UmulHigh "umul_high" [Integer, Integer] Same;
    ImulHigh "imul_high" [Integer, Integer] Same;
    /// The carry out of an unsigned add (0 or 1).
    UaddCarry "uadd_carry" [Integer, Integer] Same;
    /// The borrow of an unsigned subtract (0 or 1).
    UsubBorrow "usub_borrow" [Integer, Integer] Same;
    // bit operations
    Inot "inot" [Integer] Same;
    Iand "iand" [Integer, Integer] Same;
    Ior "ior" [Integer, Integer] Same;
    Ixor "ixor" [Integer, Integer] Same;
    Ishl "ishl" [Integer, Integer] Same;
    Ishr "ishr" [Integer, Integer] Same;
    Ushr "ushr" [Integer, Integer] Same;
    /// bitfieldExtract(base, offset, count), sign-extending.
    IbitfieldExtract "ibitfield_extract" [Integer, ScalarInteger, ScalarInteger] Same;
    UbitfieldExtract "ubitfield_extract" [Integer, ScalarInteger, ScalarInteger] Same;
    /// bitfieldInsert(base, insert, offset, count).
    BitfieldInsert "bitfield_insert" [Integer, Integer, ScalarInteger, ScalarInteger] Same;
    BitfieldReverse "bitfield_reverse" [Integer] Same;
    BitCount "bit_count" [Integer] IntSameShape;
    FindLsb "find_lsb" [Integer] IntSameShape;
    IfindMsb "ifind_msb" [Integer] IntSameShape;
    UfindMsb "ufind_msb" [Integer] IntSameShape;
    // comparisons
    Flt "flt" [Float, Float] Bool;
    Fge "fge" [Float, Float] Bool;
    Feq "feq" [Float, Float] Bool;
    /// Not equal, true when either is NaN (GLSL's !=).
    Fneu "fneu" [Float, Float] Bool;
    Ilt "ilt" [Integer, Integer] Bool;
    Ige "ige" [Integer, Integer] Bool;
    Ult "ult" [Integer, Integer] Bool;
    Uge "uge" [Integer, Integer] Bool;
    Ieq "ieq" [Integer, Integer] Bool;
    Ine "ine" [Integer, Integer] Bool;
    Fisnan "fisnan" [Float] Bool;
    Fisinf "fisinf" [Float] Bool;
    // booleans
    Bnot "bnot" [Bool] Same;
    Band "band" [Bool, Bool] Same;
    Bor "bor" [Bool, Bool] Same;
    Bxor "bxor" [Bool, Bool] Same;
    Beq "beq" [Bool, Bool] Same;
    Bany "bany" [Bool] BoolScalar;
    Ball "ball" [Bool] BoolScalar;
    /// select(cond, if_true, if_false); a scalar cond selects whole vectors.
    Bcsel "bcsel" [Bool, Any, Any] SameAsSrc1;
    // conversions: the result type is given explicitly
    F2f "f2f" [Float] Explicit;
    F2i "f2i" [Float] Explicit;
    F2u "f2u" [Float] Explicit;
    I2f "i2f" [Integer] Explicit;
    U2f "u2f" [Integer] Explicit;
    /// Sign-extend or truncate.
    I2i "i2i" [Integer] Explicit;
    /// Zero-extend or truncate.
    U2u "u2u" [Integer] Explicit;
    B2f "b2f" [Bool] Explicit;
    B2i "b2i" [Bool] Explicit;
    /// x != 0.0.
    F2b "f2b" [Float] Explicit;
    /// x != 0.
    I2b "i2b" [Integer] Explicit;
    /// Reinterprets bits; total bit counts must match (uvec2 <-> double allowed).
    Bitcast "bitcast" [Any] Explicit;
    // packing
    PackUnorm4x8 "pack_unorm_4x8" [Float] Fixed(U32);
    PackSnorm4x8 "pack_snorm_4x8" [Float] Fixed(U32);
    PackUnorm2x16 "pack_unorm_2x16" [Float] Fixed(U32);
    PackSnorm2x16 "pack_snorm_2x16" [Float] Fixed(U32);
    PackHalf2x16 "pack_half_2x16" [Float] Fixed(U32);
    UnpackUnorm4x8 "unpack_unorm_4x8" [Integer] Fixed(VEC4);
    UnpackSnorm4x8 "unpack_snorm_4x8" [Integer] Fixed(VEC4);
    UnpackUnorm2x16 "unpack_unorm_2x16" [Integer] Fixed(VEC2);
    UnpackSnorm2x16 "unpack_snorm_2x16" [Integer] Fixed(VEC2);
    UnpackHalf2x16 "unpack_half_2x16" [Integer] Fixed(VEC2);
}

impl AluOp {
    pub fn num_srcs(self) -> usize {
        self.src_kinds().len()
    }

    /// Finds an opcode by its printed name.
    pub fn from_name(name: &str) -> Option<AluOp> {
        AluOp::ALL.iter().copied().find(|op| op.name() == name)
    }

    /// The result type for these source types, or `None` when the rule is `Explicit`.
    pub fn infer_output(self, srcs: &[ValueType]) -> Option<ValueType> {
        let first = srcs.first().copied()?;
        Some(match self.output_rule() {
            OutputRule::Same => first,
            OutputRule::SameAsSrc1 => *srcs.get(1)?,
            OutputRule::Bool => ValueType::bool(first.components),
            OutputRule::BoolScalar => ValueType::BOOL,
            OutputRule::Scalar => first.scalar(),
            OutputRule::IntSameShape => first.with_scalar(BaseType::Int, first.bits),
            OutputRule::Fixed(t) => t,
            OutputRule::Explicit => return None,
        })
    }

    /// Whether the op is a derivative (fragment and compute-with-derivatives only).
    pub fn is_derivative(self) -> bool {
        use AluOp::*;
        matches!(
            self,
            Fddx | Fddy
                | FddxFine
                | FddyFine
                | FddxCoarse
                | FddyCoarse
                | Fwidth
                | FwidthFine
                | FwidthCoarse
        )
    }
}

impl SrcKind {
    /// Whether a value of type `t` fits this kind.
    pub fn accepts(self, t: ValueType) -> bool {
        match self {
            SrcKind::Float => t.is_float(),
            SrcKind::Integer => t.is_integer(),
            SrcKind::Bool => t.is_bool(),
            SrcKind::Any => true,
            SrcKind::ScalarInteger => t.is_integer() && t.components == 1,
            SrcKind::ScalarFloat => t.is_float() && t.components == 1,
        }
    }
}
