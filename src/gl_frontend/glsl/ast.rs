//! The syntax tree the parser builds and semantic analysis checks.

use crate::diagnostics::SourceLoc;

#[derive(Clone, Debug)]
pub struct TranslationUnit {
    pub items: Vec<ExternalDecl>,
    /// Expression ids run from 0 to this.
    pub expr_count: u32,
}

#[derive(Clone, Debug)]
pub enum ExternalDecl {
    Function(FunctionDef),
    Declaration(Declaration),
}

#[derive(Clone, Debug)]
pub struct FunctionDef {
    pub proto: FunctionProto,
    pub body: Vec<Stmt>,
    pub end_loc: SourceLoc,
}

#[derive(Clone, Debug)]
pub struct FunctionProto {
    pub qual: TypeQualifier,
    pub ret: TypeSpec,
    pub name: String,
    pub params: Vec<Param>,
    pub loc: SourceLoc,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub qual: TypeQualifier,
    pub ty: TypeSpec,
    pub name: Option<String>,
    pub array: Vec<ArrayDim>,
    pub loc: SourceLoc,
}

/// One `[N]` (or `[]`) of an array declaration.
pub type ArrayDim = Option<Box<Expr>>;

#[derive(Clone, Debug)]
pub enum Declaration {
    /// `qualifiers type a, b[2] = ...;` (or a bare struct declaration with no names).
    Variables { qual: TypeQualifier, ty: TypeSpec, decls: Vec<Declarator>, loc: SourceLoc },
    /// `uniform Block { ... } instance[N];`
    Block(InterfaceBlock),
    /// `precision mediump float;`
    Precision { precision: Precision, ty: TypeSpec, loc: SourceLoc },
    /// Qualifiers alone: `layout(...) in;`, `invariant gl_Position, x;`.
    Qualifiers { qual: TypeQualifier, names: Vec<(String, SourceLoc)>, loc: SourceLoc },
    Prototype(FunctionProto),
}

#[derive(Clone, Debug)]
pub struct Declarator {
    pub name: String,
    pub loc: SourceLoc,
    pub array: Vec<ArrayDim>,
    pub init: Option<Initializer>,
}

#[derive(Clone, Debug)]
pub enum Initializer {
    Expr(Expr),
    /// `{ a, b, { c } }` (GLSL 4.20 / ARB_shading_language_420pack).
    List(Vec<Initializer>, SourceLoc),
}

impl Initializer {
    pub fn loc(&self) -> SourceLoc {
        match self {
            Initializer::Expr(e) => e.loc,
            Initializer::List(_, l) => *l,
        }
    }
}

#[derive(Clone, Debug)]
pub struct InterfaceBlock {
    pub qual: TypeQualifier,
    pub name: String,
    pub members: Vec<StructMember>,
    pub instance: Option<(String, Vec<ArrayDim>, SourceLoc)>,
    pub loc: SourceLoc,
}

#[derive(Clone, Debug, Default)]
pub struct TypeQualifier {
    pub items: Vec<(QualItem, SourceLoc)>,
}

impl TypeQualifier {
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn storage(&self) -> Option<Storage> {
        self.items.iter().find_map(|(q, _)| if let QualItem::Storage(s) = q { Some(*s) } else { None })
    }

    pub fn has(&self, pred: impl Fn(&QualItem) -> bool) -> bool {
        self.items.iter().any(|(q, _)| pred(q))
    }

    pub fn layouts(&self) -> impl Iterator<Item = &LayoutItem> {
        self.items.iter().flat_map(|(q, _)| match q {
            QualItem::Layout(l) => l.as_slice(),
            _ => &[],
        })
    }

    pub fn precision(&self) -> Option<Precision> {
        self.items.iter().find_map(|(q, _)| if let QualItem::Precision(p) = q { Some(*p) } else { None })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Storage {
    Const,
    In,
    Out,
    InOut,
    Attribute,
    Varying,
    Uniform,
    Buffer,
    Shared,
}

impl Storage {
    /// The qualifier as a shader spells it.
    pub fn keyword(self) -> &'static str {
        match self {
            Storage::Const => "const",
            Storage::In => "in",
            Storage::Out => "out",
            Storage::InOut => "inout",
            Storage::Attribute => "attribute",
            Storage::Varying => "varying",
            Storage::Uniform => "uniform",
            Storage::Buffer => "buffer",
            Storage::Shared => "shared",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Precision {
    Low,
    Medium,
    High,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interpolation {
    Smooth,
    Flat,
    NoPerspective,
}

#[derive(Clone, Debug)]
pub enum QualItem {
    Storage(Storage),
    Layout(Vec<LayoutItem>),
    Precision(Precision),
    Interpolation(Interpolation),
    Invariant,
    Precise,
    Centroid,
    Sample,
    Patch,
    /// coherent, volatile, restrict, readonly, writeonly
    Memory(String),
    /// `subroutine` or `subroutine(type, ...)`
    Subroutine(Vec<String>),
}

#[derive(Clone, Debug)]
pub struct LayoutItem {
    pub name: String,
    pub value: Option<Box<Expr>>,
    pub loc: SourceLoc,
}

#[derive(Clone, Debug)]
pub struct TypeSpec {
    pub base: TypeBase,
    pub array: Vec<ArrayDim>,
    pub loc: SourceLoc,
}

#[derive(Clone, Debug)]
pub enum TypeBase {
    /// A built-in type keyword or a struct name.
    Named(String),
    Struct(StructSpec),
}

#[derive(Clone, Debug)]
pub struct StructSpec {
    pub name: Option<String>,
    pub members: Vec<StructMember>,
    pub loc: SourceLoc,
}

#[derive(Clone, Debug)]
pub struct StructMember {
    pub qual: TypeQualifier,
    pub ty: TypeSpec,
    pub names: Vec<(String, Vec<ArrayDim>, SourceLoc)>,
    pub loc: SourceLoc,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub loc: SourceLoc,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    Compound(Vec<Stmt>),
    Declaration(Declaration),
    Expr(Option<Expr>),
    If { cond: Expr, then: Box<Stmt>, otherwise: Option<Box<Stmt>> },
    Switch { expr: Expr, body: Vec<Stmt> },
    Case(Expr),
    Default,
    While { cond: Condition, body: Box<Stmt> },
    DoWhile { body: Box<Stmt>, cond: Expr },
    For { init: Box<Stmt>, cond: Option<Condition>, step: Option<Expr>, body: Box<Stmt> },
    Break,
    Continue,
    Return(Option<Expr>),
    Discard,
    /// EXT_demote_to_helper_invocation's `demote;`.
    Demote,
}

/// The condition of `while` and `for`, which may declare a variable.
#[derive(Clone, Debug)]
pub enum Condition {
    Expr(Expr),
    Declare { ty: TypeSpec, name: String, init: Expr, loc: SourceLoc },
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub loc: SourceLoc,
    /// Unique in its translation unit; semantic analysis records types by it.
    pub id: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Shl,
    Shr,
    Less,
    Greater,
    LessEq,
    GreaterEq,
    Equal,
    NotEqual,
    BitAnd,
    BitXor,
    BitOr,
    LogicalAnd,
    LogicalXor,
    LogicalOr,
}

impl BinaryOp {
    pub fn symbol(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Mod => "%",
            Shl => "<<",
            Shr => ">>",
            Less => "<",
            Greater => ">",
            LessEq => "<=",
            GreaterEq => ">=",
            Equal => "==",
            NotEqual => "!=",
            BitAnd => "&",
            BitXor => "^",
            BitOr => "|",
            LogicalAnd => "&&",
            LogicalXor => "^^",
            LogicalOr => "||",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    Plus,
    Neg,
    Not,
    BitNot,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Ident(String),
    Int(u64),
    Uint(u64),
    Int64(u64),
    Uint64(u64),
    Float(f64),
    Double(f64),
    Bool(bool),
    Unary(UnaryOp, Box<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `a = b`, or `a op= b` with the operator.
    Assign(Option<BinaryOp>, Box<Expr>, Box<Expr>),
    Ternary(Box<Expr>, Box<Expr>, Box<Expr>),
    Comma(Box<Expr>, Box<Expr>),
    Index(Box<Expr>, Box<Expr>),
    Field(Box<Expr>, String),
    /// A function call or a constructor (`vec4(...)`, `S(...)`, `float[2](...)`).
    Call { callee: Callee, args: Vec<Expr> },
}

impl Expr {
    /// Whether the sequence operator appears anywhere in this expression.
    pub fn has_sequence(&self) -> bool {
        match &self.kind {
            ExprKind::Comma(..) => true,
            ExprKind::Unary(_, a) | ExprKind::Field(a, _) => a.has_sequence(),
            ExprKind::Binary(_, a, b) | ExprKind::Assign(_, a, b) | ExprKind::Index(a, b) => {
                a.has_sequence() || b.has_sequence()
            }
            ExprKind::Ternary(a, b, c) => a.has_sequence() || b.has_sequence() || c.has_sequence(),
            ExprKind::Call { callee, args } => {
                let in_callee = match callee {
                    Callee::Method(a, _) | Callee::Indexed(a) => a.has_sequence(),
                    _ => false,
                };
                in_callee || args.iter().any(Expr::has_sequence)
            }
            _ => false,
        }
    }
}

#[derive(Clone, Debug)]
pub enum Callee {
    Name(String),
    Type(TypeSpec),
    /// `x.length()` and other method calls.
    Method(Box<Expr>, String),
    /// A call through an element of a subroutine uniform array: `f[i](...)`.
    Indexed(Box<Expr>),
}
