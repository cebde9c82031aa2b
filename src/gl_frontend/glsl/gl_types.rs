//! GL's type enums (GL_FLOAT_VEC4, GL_SAMPLER_2D, ...) as glGetActiveUniform and
//! glGetActiveAttrib report them.

use crate::sema::types::{Scalar, Type};

/// The GL enum of a scalar, vector, matrix or opaque type; 0 where GL has none.
pub fn gl_type_enum(t: &Type) -> u32 {
    match t {
        Type::Scalar(s) | Type::Vector(s, _) => {
            let n = t.vector_size() as usize;
            let table: [u32; 4] = match s {
                Scalar::Float => [0x1406, 0x8B50, 0x8B51, 0x8B52],
                Scalar::Int => [0x1404, 0x8B53, 0x8B54, 0x8B55],
                Scalar::Uint => [0x1405, 0x8DC6, 0x8DC7, 0x8DC8],
                Scalar::Bool => [0x8B56, 0x8B57, 0x8B58, 0x8B59],
                Scalar::Double => [0x140A, 0x8FFC, 0x8FFD, 0x8FFE],
                Scalar::Int64 => [0x140E, 0x8FE9, 0x8FEA, 0x8FEB],
                Scalar::Uint64 => [0x140F, 0x8FF5, 0x8FF6, 0x8FF7],
            };
            table[n - 1]
        }
        Type::Matrix { cols, rows, double } => {
            let f = [[0x8B5A, 0x8B65, 0x8B66], [0x8B67, 0x8B5B, 0x8B68], [0x8B69, 0x8B6A, 0x8B5C]];
            let d = [[0x8F46, 0x8F49, 0x8F4A], [0x8F4B, 0x8F47, 0x8F4C], [0x8F4D, 0x8F4E, 0x8F48]];
            let (c, r) = (*cols as usize - 2, *rows as usize - 2);
            if *double {
                d[c][r]
            } else {
                f[c][r]
            }
        }
        Type::Opaque(name) => match &**name {
            "sampler1D" => 0x8B5D,
            "sampler2D" => 0x8B5E,
            "sampler3D" => 0x8B5F,
            "samplerCube" => 0x8B60,
            "sampler1DShadow" => 0x8B61,
            "sampler2DShadow" => 0x8B62,
            "sampler2DRect" => 0x8B63,
            "sampler2DRectShadow" => 0x8B64,
            "sampler1DArray" => 0x8DC0,
            "sampler2DArray" => 0x8DC1,
            "samplerBuffer" => 0x8DC2,
            "sampler1DArrayShadow" => 0x8DC3,
            "sampler2DArrayShadow" => 0x8DC4,
            "samplerCubeShadow" => 0x8DC5,
            "isampler1D" => 0x8DC9,
            "isampler2D" => 0x8DCA,
            "isampler3D" => 0x8DCB,
            "isamplerCube" => 0x8DCC,
            "isampler2DRect" => 0x8DCD,
            "isampler1DArray" => 0x8DCE,
            "isampler2DArray" => 0x8DCF,
            "isamplerBuffer" => 0x8DD0,
            "usampler1D" => 0x8DD1,
            "usampler2D" => 0x8DD2,
            "usampler3D" => 0x8DD3,
            "usamplerCube" => 0x8DD4,
            "usampler2DRect" => 0x8DD5,
            "usampler1DArray" => 0x8DD6,
            "usampler2DArray" => 0x8DD7,
            "usamplerBuffer" => 0x8DD8,
            "sampler2DMS" => 0x9108,
            "isampler2DMS" => 0x9109,
            "usampler2DMS" => 0x910A,
            "sampler2DMSArray" => 0x910B,
            "isampler2DMSArray" => 0x910C,
            "usampler2DMSArray" => 0x910D,
            "samplerCubeArray" => 0x900C,
            "samplerCubeArrayShadow" => 0x900D,
            "isamplerCubeArray" => 0x900E,
            "usamplerCubeArray" => 0x900F,
            "image1D" => 0x904C,
            "image2D" => 0x904D,
            "image3D" => 0x904E,
            "image2DRect" => 0x904F,
            "imageCube" => 0x9050,
            "imageBuffer" => 0x9051,
            "image1DArray" => 0x9052,
            "image2DArray" => 0x9053,
            "imageCubeArray" => 0x9054,
            "image2DMS" => 0x9055,
            "image2DMSArray" => 0x9056,
            "iimage1D" => 0x9057,
            "iimage2D" => 0x9058,
            "iimage3D" => 0x9059,
            "iimage2DRect" => 0x905A,
            "iimageCube" => 0x905B,
            "iimageBuffer" => 0x905C,
            "iimage1DArray" => 0x905D,
            "iimage2DArray" => 0x905E,
            "iimageCubeArray" => 0x905F,
            "iimage2DMS" => 0x9060,
            "iimage2DMSArray" => 0x9061,
            "uimage1D" => 0x9062,
            "uimage2D" => 0x9063,
            "uimage3D" => 0x9064,
            "uimage2DRect" => 0x9065,
            "uimageCube" => 0x9066,
            "uimageBuffer" => 0x9067,
            "uimage1DArray" => 0x9068,
            "uimage2DArray" => 0x9069,
            "uimageCubeArray" => 0x906A,
            "uimage2DMS" => 0x906B,
            "uimage2DMSArray" => 0x906C,
            "atomic_uint" => 0x92DB,
            _ => 0,
        },
        _ => 0,
    }
}
