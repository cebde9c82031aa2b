//! GLSL's types: scalars, vectors, matrices, opaque types, structs and arrays.

use std::fmt;
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    Bool,
    Int,
    Uint,
    Float,
    Double,
    Int64,
    Uint64,
}

impl Scalar {
    fn prefix(self) -> &'static str {
        match self {
            Scalar::Bool => "b",
            Scalar::Int => "i",
            Scalar::Uint => "u",
            Scalar::Float => "",
            Scalar::Double => "d",
            Scalar::Int64 => "i64",
            Scalar::Uint64 => "u64",
        }
    }

    fn name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::Int => "int",
            Scalar::Uint => "uint",
            Scalar::Float => "float",
            Scalar::Double => "double",
            Scalar::Int64 => "int64_t",
            Scalar::Uint64 => "uint64_t",
        }
    }

    pub fn is_integer(self) -> bool {
        matches!(self, Scalar::Int | Scalar::Uint | Scalar::Int64 | Scalar::Uint64)
    }

    pub fn is_float(self) -> bool {
        matches!(self, Scalar::Float | Scalar::Double)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct StructType {
    pub name: String,
    pub members: Vec<(String, Type)>,
    /// Distinguishes two structs of the same name declared in different scopes.
    pub id: u32,
    /// For the members of a uniform or storage block, one entry each: how the member is
    /// placed in memory beyond what its type says. Empty for structs and other blocks,
    /// whose members inherit the matrix order of what holds them.
    pub member_layouts: Vec<MemberLayout>,
}

impl StructType {
    /// A struct or block whose members carry no layout of their own.
    pub fn new(name: impl Into<String>, members: Vec<(String, Type)>, id: u32) -> StructType {
        StructType { name: name.into(), members, id, member_layouts: Vec::new() }
    }

    /// The layout member `i` names for itself, if the struct is a block that has them.
    pub fn member_layout(&self, i: usize) -> Option<&MemberLayout> {
        self.member_layouts.get(i)
    }
}

/// How a block member is placed: in a uniform or storage block, in memory by the matrix
/// order it names or takes from its block (`row_major`, `column_major`) and
/// ARB_enhanced_layouts' `offset` and `align`; in an input or output block, by its own
/// `location`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemberLayout {
    /// Matrices in the member (in its structs and arrays too) are stored row by row.
    pub row_major: bool,
    /// `layout(offset = N)`: the member's byte offset (rounded up to `align`).
    pub offset: Option<u32>,
    /// `layout(align = N)` of the member or, where it names none, of its block.
    pub align: Option<u32>,
    /// `layout(location = N)` of an input or output block member.
    pub location: Option<u32>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    Void,
    Scalar(Scalar),
    Vector(Scalar, u8),
    Matrix { cols: u8, rows: u8, double: bool },
    /// Samplers, images, atomic_uint, by their GLSL name.
    Opaque(Arc<str>),
    Struct(Arc<StructType>),
    /// Element type and length (`None` while unsized).
    Array(Box<Type>, Option<u32>),
    /// An interface block instance's type.
    Block(Arc<StructType>),
    /// The type of an expression that already produced an error: accepted everywhere
    /// so one mistake gives one message.
    Error,
}

impl Type {
    /// The type under every array dimension (`t` itself when no array).
    pub fn innermost_element(&self) -> &Type {
        match self {
            Type::Array(e, _) => e.innermost_element(),
            t => t,
        }
    }

    pub const FLOAT: Type = Type::Scalar(Scalar::Float);
    pub const INT: Type = Type::Scalar(Scalar::Int);
    pub const UINT: Type = Type::Scalar(Scalar::Uint);
    pub const BOOL: Type = Type::Scalar(Scalar::Bool);

    pub fn vector(s: Scalar, n: u8) -> Type {
        if n == 1 {
            Type::Scalar(s)
        } else {
            Type::Vector(s, n)
        }
    }

    /// The scalar of a scalar, vector or matrix.
    pub fn scalar(&self) -> Option<Scalar> {
        match self {
            Type::Scalar(s) | Type::Vector(s, _) => Some(*s),
            Type::Matrix { double, .. } => Some(if *double { Scalar::Double } else { Scalar::Float }),
            _ => None,
        }
    }

    /// Scalar components of the whole type, saturating at `u32::MAX` (arrays of arrays
    /// may multiply past it before semantic analysis refuses them).
    pub fn components(&self) -> u32 {
        match self {
            Type::Scalar(_) => 1,
            Type::Vector(_, n) => *n as u32,
            Type::Matrix { cols, rows, .. } => *cols as u32 * *rows as u32,
            Type::Array(e, n) => e.components().saturating_mul(n.unwrap_or(0)),
            Type::Struct(s) => s.members.iter().fold(0u32, |sum, (_, t)| sum.saturating_add(t.components())),
            _ => 0,
        }
    }

    pub fn vector_size(&self) -> u8 {
        match self {
            Type::Scalar(_) => 1,
            Type::Vector(_, n) => *n,
            _ => 0,
        }
    }

    pub fn is_error(&self) -> bool {
        matches!(self, Type::Error)
    }

    pub fn is_numeric(&self) -> bool {
        matches!(self.scalar(), Some(s) if s != Scalar::Bool)
    }

    pub fn is_scalar(&self) -> bool {
        matches!(self, Type::Scalar(_))
    }

    pub fn is_vector(&self) -> bool {
        matches!(self, Type::Vector(..))
    }

    pub fn is_matrix(&self) -> bool {
        matches!(self, Type::Matrix { .. })
    }

    pub fn is_array(&self) -> bool {
        matches!(self, Type::Array(..))
    }

    pub fn is_opaque(&self) -> bool {
        match self {
            Type::Opaque(_) => true,
            Type::Array(e, _) => e.is_opaque(),
            _ => false,
        }
    }

    /// Whether the type contains an opaque type anywhere (structs included).
    pub fn contains_opaque(&self) -> bool {
        match self {
            Type::Opaque(_) => true,
            Type::Array(e, _) => e.contains_opaque(),
            Type::Struct(s) => s.members.iter().any(|(_, t)| t.contains_opaque()),
            _ => false,
        }
    }

    pub fn contains_array(&self) -> bool {
        match self {
            Type::Array(..) => true,
            Type::Struct(s) => s.members.iter().any(|(_, t)| t.contains_array()),
            _ => false,
        }
    }

    pub fn is_sampler(&self) -> bool {
        matches!(self, Type::Opaque(n) if n.contains("sampler"))
    }

    pub fn is_image(&self) -> bool {
        matches!(self, Type::Opaque(n) if n.contains("image"))
    }

    pub fn element(&self) -> Option<Type> {
        match self {
            Type::Array(e, _) => Some((**e).clone()),
            _ => None,
        }
    }

    /// Column type of a matrix.
    pub fn column(&self) -> Option<Type> {
        match self {
            Type::Matrix { rows, double, .. } => {
                Some(Type::Vector(if *double { Scalar::Double } else { Scalar::Float }, *rows))
            }
            _ => None,
        }
    }

    pub fn with_scalar(&self, s: Scalar) -> Type {
        match self {
            Type::Scalar(_) => Type::Scalar(s),
            Type::Vector(_, n) => Type::Vector(s, *n),
            Type::Matrix { cols, rows, .. } => Type::Matrix { cols: *cols, rows: *rows, double: s == Scalar::Double },
            t => t.clone(),
        }
    }

    /// Parses a built-in type name of the language.
    pub fn from_builtin_name(name: &str) -> Option<Type> {
        let scalar = match name {
            "void" => return Some(Type::Void),
            "bool" => Some(Scalar::Bool),
            "int" => Some(Scalar::Int),
            "uint" => Some(Scalar::Uint),
            "float" => Some(Scalar::Float),
            "double" => Some(Scalar::Double),
            "int64_t" => Some(Scalar::Int64),
            "uint64_t" => Some(Scalar::Uint64),
            _ => None,
        };
        if let Some(s) = scalar {
            return Some(Type::Scalar(s));
        }
        for (prefix, s) in [
            ("i64vec", Scalar::Int64),
            ("u64vec", Scalar::Uint64),
            ("vec", Scalar::Float),
            ("ivec", Scalar::Int),
            ("uvec", Scalar::Uint),
            ("bvec", Scalar::Bool),
            ("dvec", Scalar::Double),
        ] {
            if let Some(n) = name.strip_prefix(prefix) {
                return match n {
                    "2" => Some(Type::Vector(s, 2)),
                    "3" => Some(Type::Vector(s, 3)),
                    "4" => Some(Type::Vector(s, 4)),
                    _ => None,
                };
            }
        }
        for (prefix, double) in [("mat", false), ("dmat", true)] {
            if let Some(dims) = name.strip_prefix(prefix) {
                let b = dims.as_bytes();
                let d = |c: u8| if (b'2'..=b'4').contains(&c) { Some(c - b'0') } else { None };
                return match b.len() {
                    1 => d(b[0]).map(|n| Type::Matrix { cols: n, rows: n, double }),
                    3 if b[1] == b'x' => Some(Type::Matrix { cols: d(b[0])?, rows: d(b[2])?, double }),
                    _ => None,
                };
            }
        }
        if name.contains("sampler") || name.contains("image") || name == "atomic_uint" {
            return Some(Type::Opaque(name.into()));
        }
        None
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Void => write!(f, "void"),
            Type::Scalar(s) => write!(f, "{}", s.name()),
            Type::Vector(s, n) => write!(f, "{}vec{}", s.prefix(), n),
            Type::Matrix { cols, rows, double } => {
                let p = if *double { "d" } else { "" };
                if cols == rows {
                    write!(f, "{}mat{}", p, cols)
                } else {
                    write!(f, "{}mat{}x{}", p, cols, rows)
                }
            }
            Type::Opaque(n) => write!(f, "{}", n),
            Type::Struct(s) | Type::Block(s) => write!(f, "{}", s.name),
            Type::Array(e, Some(n)) => write!(f, "{}[{}]", e, n),
            Type::Array(e, None) => write!(f, "{}[]", e),
            Type::Error => write!(f, "error"),
        }
    }
}
