//! A recursive-descent parser for the whole GLSL grammar. It stops at the first syntax
//! error (as Mesa does) and bounds its nesting so no input overflows the stack.

use crate::ast::*;
use crate::diagnostics::{Diagnostics, SourceLoc};
use crate::lexer::{Token, TokenKind};
use std::collections::HashMap;

/// Nesting (of expressions, statements and declarations) beyond which the parser
/// gives up with an error. Later passes recurse over the same tree, so this bounds them.
pub const MAX_NESTING: u32 = 600;
/// Height of the tree beyond which the parser gives up: a left-associative chain
/// (`a + b + c ...`, `a, b, c ...`, `v.x.y ...`) is parsed in a loop but nests the tree
/// one level per link, and later passes recurse over that height.
pub const MAX_HEIGHT: u32 = 4000;

pub struct Parser<'a> {
    tokens: &'a [Token],
    pos: usize,
    diags: &'a mut Diagnostics,
    /// Struct names visible in each open scope: they make `S x;` a declaration.
    /// A name maps to false where a variable of that name hides the struct.
    type_names: Vec<HashMap<String, bool>>,
    depth: u32,
    /// `depth` plus the links of the chains open around the current position.
    height: u32,
    next_expr_id: u32,
    layout_names_ignore_case: bool,
}

type PResult<T> = Result<T, ()>;

const QUALIFIER_KEYWORDS: &[&str] = &[
    "const", "in", "out", "inout", "attribute", "varying", "uniform", "buffer", "shared", "centroid", "sample",
    "patch", "flat", "smooth", "noperspective", "invariant", "precise", "lowp", "mediump", "highp", "layout",
    "coherent", "volatile", "restrict", "readonly", "writeonly", "subroutine",
];
const STATEMENT_KEYWORDS: &[&str] = &[
    "break", "continue", "do", "for", "while", "if", "else", "discard", "demote", "return", "switch", "case", "default",
    "struct", "precision",
];

/// `layout_names_ignore_case`: desktop GLSL's layout identifiers are not case sensitive
/// (GLSL 1.50 section 4.3.8), ES ones are; the names are kept in lower case then.
pub fn parse(tokens: &[Token], diags: &mut Diagnostics, layout_names_ignore_case: bool) -> Option<TranslationUnit> {
    let builtin_structs: HashMap<String, bool> = BUILTIN_STRUCTS.iter().map(|s| (s.to_string(), true)).collect();
    let mut p = Parser {
        tokens,
        pos: 0,
        diags,
        type_names: vec![builtin_structs, HashMap::new()],
        depth: 0,
        height: 0,
        next_expr_id: 0,
        layout_names_ignore_case,
    };
    let mut items = Vec::new();
    while !p.at_eof() {
        if p.eat_punct(";") {
            continue; // stray semicolons at file scope are tolerated
        }
        match p.external_decl() {
            Ok(item) => items.push(item),
            Err(()) => return None,
        }
    }
    Some(TranslationUnit { items, expr_count: p.next_expr_id })
}

/// Struct types the compatibility profile and `gl_DepthRange` declare.
const BUILTIN_STRUCTS: &[&str] = &[
    "gl_DepthRangeParameters",
    "gl_PointParameters",
    "gl_MaterialParameters",
    "gl_LightSourceParameters",
    "gl_LightModelParameters",
    "gl_LightModelProducts",
    "gl_LightProducts",
    "gl_FogParameters",
];

fn is_type_keyword(k: &str) -> bool {
    !QUALIFIER_KEYWORDS.contains(&k) && !STATEMENT_KEYWORDS.contains(&k)
}

impl<'a> Parser<'a> {
    /// A new expression node with the next id (ids index semantic analysis' side tables).
    fn mk(&mut self, kind: ExprKind, loc: SourceLoc) -> Expr {
        let id = self.next_expr_id;
        self.next_expr_id += 1;
        Expr { kind, loc, id }
    }

    fn peek(&self) -> &Token {
        &self.tokens[self.pos.min(self.tokens.len() - 1)]
    }

    fn peek_at(&self, n: usize) -> &Token {
        &self.tokens[(self.pos + n).min(self.tokens.len() - 1)]
    }

    fn loc(&self) -> SourceLoc {
        self.peek().loc
    }

    fn at_eof(&self) -> bool {
        matches!(self.peek().kind, TokenKind::Eof)
    }

    fn bump(&mut self) -> Token {
        let t = self.peek().clone();
        if self.pos < self.tokens.len() - 1 {
            self.pos += 1;
        }
        t
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(&self.peek().kind, TokenKind::Punct(s) if &**s == p)
    }

    fn is_punct_at(&self, n: usize, p: &str) -> bool {
        matches!(&self.peek_at(n).kind, TokenKind::Punct(s) if &**s == p)
    }

    fn is_keyword(&self, k: &str) -> bool {
        matches!(&self.peek().kind, TokenKind::Keyword(s) if &**s == k)
    }

    fn eat_punct(&mut self, p: &str) -> bool {
        if self.is_punct(p) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn eat_keyword(&mut self, k: &str) -> bool {
        if self.is_keyword(k) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn error<T>(&mut self, expecting: &str) -> PResult<T> {
        let t = self.peek().clone();
        let what = match &t.kind {
            TokenKind::Eof => "end of file".to_string(),
            TokenKind::Ident(s) => format!("IDENTIFIER `{}'", s),
            _ => format!("`{}'", t.text()),
        };
        self.diags.error(t.loc, format!("syntax error, unexpected {}, expecting {}", what, expecting));
        Err(())
    }

    fn expect_punct(&mut self, p: &str) -> PResult<SourceLoc> {
        if self.is_punct(p) {
            Ok(self.bump().loc)
        } else {
            self.error(&format!("`{}'", p))
        }
    }

    fn ident(&mut self) -> PResult<(String, SourceLoc)> {
        match &self.peek().kind {
            TokenKind::Ident(s) => {
                let s = s.to_string();
                Ok((s, self.bump().loc))
            }
            _ => self.error("identifier"),
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        self.height += 1;
        if self.depth > MAX_NESTING || self.height > MAX_HEIGHT {
            return self.too_deep();
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
        self.height -= 1;
    }

    /// One more link of a chain whose tree grows a level per link; `links` counts them
    /// so `unlink` gives the height back when the chain ends.
    fn link(&mut self, links: &mut u32) -> PResult<()> {
        *links += 1;
        self.height += 1;
        if self.height > MAX_HEIGHT {
            return self.too_deep();
        }
        Ok(())
    }

    fn unlink(&mut self, links: u32) {
        self.height -= links;
    }

    fn too_deep<T>(&mut self) -> PResult<T> {
        let loc = self.loc();
        self.diags.error(loc, "program too complex: nesting exceeds the implementation's limit");
        Err(())
    }

    fn is_type_name(&self, name: &str) -> bool {
        self.type_names.iter().rev().find_map(|s| s.get(name).copied()).unwrap_or(false)
    }

    /// Whether the next token starts a type specifier.
    fn at_type(&self) -> bool {
        self.token_is_type(0)
    }

    fn token_is_type(&self, n: usize) -> bool {
        match &self.peek_at(n).kind {
            TokenKind::Keyword(k) => is_type_keyword(k) || &**k == "struct",
            TokenKind::Ident(s) => self.is_type_name(s),
            _ => false,
        }
    }

    fn at_qualifier(&self) -> bool {
        matches!(&self.peek().kind, TokenKind::Keyword(k) if QUALIFIER_KEYWORDS.contains(&&**k))
    }

    fn push_scope(&mut self) {
        self.type_names.push(HashMap::new());
    }

    fn pop_scope(&mut self) {
        self.type_names.pop();
    }

    // ---- declarations ----

    fn external_decl(&mut self) -> PResult<ExternalDecl> {
        let start = self.loc();
        if self.eat_keyword("precision") {
            let d = self.precision_decl(start)?;
            return Ok(ExternalDecl::Declaration(d));
        }
        let qual = self.qualifiers()?;
        if !self.at_type() {
            return self.qualifier_only_or_block(qual, start).map(ExternalDecl::Declaration);
        }
        let ty = self.type_spec()?;
        if matches!(self.peek().kind, TokenKind::Ident(_)) && self.is_punct_at(1, "(") {
            let (name, nloc) = self.ident()?;
            let proto = self.function_proto(qual, ty, name, nloc)?;
            if proto.qual.has(|q| matches!(q, QualItem::Subroutine(t) if t.is_empty())) {
                // `subroutine void T(...);` declares the subroutine type T.
                self.type_names[1].insert(proto.name.clone(), true);
            }
            if self.is_punct("{") {
                self.bump();
                self.push_scope();
                let body = self.statement_list_until_brace();
                self.pop_scope();
                let body = body?;
                let end_loc = self.expect_punct("}")?;
                return Ok(ExternalDecl::Function(FunctionDef { proto, body, end_loc }));
            }
            self.expect_punct(";")?;
            return Ok(ExternalDecl::Declaration(Declaration::Prototype(proto)));
        }
        let d = self.variables_rest(qual, ty, start)?;
        Ok(ExternalDecl::Declaration(d))
    }

    fn precision_decl(&mut self, loc: SourceLoc) -> PResult<Declaration> {
        let precision = match &self.peek().kind {
            TokenKind::Keyword(k) if &**k == "lowp" => Precision::Low,
            TokenKind::Keyword(k) if &**k == "mediump" => Precision::Medium,
            TokenKind::Keyword(k) if &**k == "highp" => Precision::High,
            _ => return self.error("precision qualifier"),
        };
        self.bump();
        let ty = self.type_spec()?;
        self.expect_punct(";")?;
        Ok(Declaration::Precision { precision, ty, loc })
    }

    fn qualifier_only_or_block(&mut self, qual: TypeQualifier, start: SourceLoc) -> PResult<Declaration> {
        if qual.is_empty() {
            return self.error("declaration");
        }
        if matches!(self.peek().kind, TokenKind::Ident(_)) && self.is_punct_at(1, "{") {
            let (name, loc) = self.ident()?;
            self.bump();
            let members = self.struct_members()?;
            self.expect_punct("}")?;
            let instance = if matches!(self.peek().kind, TokenKind::Ident(_)) {
                let (n, l) = self.ident()?;
                let dims = self.array_dims()?;
                Some((n, dims, l))
            } else {
                None
            };
            self.expect_punct(";")?;
            return Ok(Declaration::Block(InterfaceBlock { qual, name, members, instance, loc }));
        }
        let mut names = Vec::new();
        if !self.is_punct(";") {
            loop {
                names.push(self.ident()?);
                if !self.eat_punct(",") {
                    break;
                }
            }
        }
        self.expect_punct(";")?;
        Ok(Declaration::Qualifiers { qual, names, loc: start })
    }

    fn variables_rest(&mut self, qual: TypeQualifier, ty: TypeSpec, loc: SourceLoc) -> PResult<Declaration> {
        let mut decls = Vec::new();
        if !self.is_punct(";") {
            loop {
                let (name, nloc) = self.ident()?;
                if self.is_type_name(&name) {
                    self.type_names.last_mut().expect("a scope is always open").insert(name.clone(), false);
                }
                let array = self.array_dims()?;
                let init = if self.eat_punct("=") { Some(self.initializer()?) } else { None };
                decls.push(Declarator { name, loc: nloc, array, init });
                if !self.eat_punct(",") {
                    break;
                }
            }
        }
        self.expect_punct(";")?;
        Ok(Declaration::Variables { qual, ty, decls, loc })
    }

    fn initializer(&mut self) -> PResult<Initializer> {
        if self.is_punct("{") {
            let loc = self.bump().loc;
            self.enter()?;
            let mut list = Vec::new();
            loop {
                if self.is_punct("}") && !list.is_empty() {
                    break; // trailing comma
                }
                list.push(self.initializer()?);
                if !self.eat_punct(",") {
                    break;
                }
            }
            self.expect_punct("}")?;
            self.leave();
            Ok(Initializer::List(list, loc))
        } else {
            Ok(Initializer::Expr(self.assignment()?))
        }
    }

    fn array_dims(&mut self) -> PResult<Vec<ArrayDim>> {
        let mut dims = Vec::new();
        while self.is_punct("[") {
            self.bump();
            if self.eat_punct("]") {
                dims.push(None);
            } else {
                let e = self.conditional()?;
                self.expect_punct("]")?;
                dims.push(Some(Box::new(e)));
            }
        }
        Ok(dims)
    }

    fn function_proto(&mut self, qual: TypeQualifier, ret: TypeSpec, name: String, loc: SourceLoc) -> PResult<FunctionProto> {
        self.expect_punct("(")?;
        let mut params = Vec::new();
        if !self.eat_punct(")") {
            loop {
                let ploc = self.loc();
                let pqual = self.qualifiers()?;
                if !self.at_type() {
                    return self.error("parameter type");
                }
                let ty = self.type_spec()?;
                let (name, array) = if matches!(self.peek().kind, TokenKind::Ident(_)) {
                    let (n, _) = self.ident()?;
                    (Some(n), self.array_dims()?)
                } else {
                    (None, Vec::new())
                };
                params.push(Param { qual: pqual, ty, name, array, loc: ploc });
                if self.eat_punct(",") {
                    continue;
                }
                self.expect_punct(")")?;
                break;
            }
        }
        Ok(FunctionProto { qual, ret, name, params, loc })
    }

    fn qualifiers(&mut self) -> PResult<TypeQualifier> {
        let mut q = TypeQualifier::default();
        while self.at_qualifier() {
            let t = self.bump();
            let TokenKind::Keyword(k) = &t.kind else { unreachable!("at_qualifier") };
            let item = match &**k {
                "const" => QualItem::Storage(Storage::Const),
                "in" => QualItem::Storage(Storage::In),
                "out" => QualItem::Storage(Storage::Out),
                "inout" => QualItem::Storage(Storage::InOut),
                "attribute" => QualItem::Storage(Storage::Attribute),
                "varying" => QualItem::Storage(Storage::Varying),
                "uniform" => QualItem::Storage(Storage::Uniform),
                "buffer" => QualItem::Storage(Storage::Buffer),
                "shared" => QualItem::Storage(Storage::Shared),
                "centroid" => QualItem::Centroid,
                "sample" => QualItem::Sample,
                "patch" => QualItem::Patch,
                "flat" => QualItem::Interpolation(Interpolation::Flat),
                "smooth" => QualItem::Interpolation(Interpolation::Smooth),
                "noperspective" => QualItem::Interpolation(Interpolation::NoPerspective),
                "invariant" => QualItem::Invariant,
                "precise" => QualItem::Precise,
                "lowp" => QualItem::Precision(Precision::Low),
                "mediump" => QualItem::Precision(Precision::Medium),
                "highp" => QualItem::Precision(Precision::High),
                "layout" => QualItem::Layout(self.layout_items()?),
                "subroutine" => {
                    let mut types = Vec::new();
                    if self.eat_punct("(") {
                        loop {
                            let (n, _) = match &self.peek().kind {
                                TokenKind::Ident(_) => self.ident()?,
                                _ => return self.error("subroutine type name"),
                            };
                            types.push(n);
                            if !self.eat_punct(",") {
                                break;
                            }
                        }
                        self.expect_punct(")")?;
                    }
                    QualItem::Subroutine(types)
                }
                m => QualItem::Memory(m.to_string()),
            };
            q.items.push((item, t.loc));
        }
        Ok(q)
    }

    fn layout_items(&mut self) -> PResult<Vec<LayoutItem>> {
        self.expect_punct("(")?;
        let mut items = Vec::new();
        loop {
            let loc = self.loc();
            let name = match &self.peek().kind {
                TokenKind::Ident(s) if self.layout_names_ignore_case => s.to_ascii_lowercase(),
                TokenKind::Ident(s) => s.to_string(),
                // `shared` is a keyword in 4.30 but also a block layout.
                TokenKind::Keyword(k) if &**k == "shared" => k.to_string(),
                _ => return self.error("layout qualifier"),
            };
            self.bump();
            let value = if self.eat_punct("=") { Some(Box::new(self.conditional()?)) } else { None };
            items.push(LayoutItem { name, value, loc });
            if !self.eat_punct(",") {
                break;
            }
        }
        self.expect_punct(")")?;
        Ok(items)
    }

    fn type_spec(&mut self) -> PResult<TypeSpec> {
        let loc = self.loc();
        let base = if self.eat_keyword("struct") {
            let name = if matches!(self.peek().kind, TokenKind::Ident(_)) { Some(self.ident()?.0) } else { None };
            self.expect_punct("{")?;
            let members = self.struct_members()?;
            self.expect_punct("}")?;
            if let Some(n) = &name {
                self.type_names.last_mut().expect("a scope is always open").insert(n.clone(), true);
            }
            TypeBase::Struct(StructSpec { name, members, loc })
        } else {
            match &self.peek().kind {
                TokenKind::Keyword(k) if is_type_keyword(k) => {
                    let k = k.to_string();
                    self.bump();
                    TypeBase::Named(k)
                }
                TokenKind::Ident(s) if self.is_type_name(s) => {
                    let s = s.to_string();
                    self.bump();
                    TypeBase::Named(s)
                }
                _ => return self.error("type"),
            }
        };
        let array = self.array_dims()?;
        Ok(TypeSpec { base, array, loc })
    }

    fn struct_members(&mut self) -> PResult<Vec<StructMember>> {
        self.enter()?;
        let mut members = Vec::new();
        while !self.is_punct("}") {
            let loc = self.loc();
            let qual = self.qualifiers()?;
            if !self.at_type() {
                return self.error("member type");
            }
            let ty = self.type_spec()?;
            let mut names = Vec::new();
            loop {
                let (n, l) = self.ident()?;
                let dims = self.array_dims()?;
                names.push((n, dims, l));
                if !self.eat_punct(",") {
                    break;
                }
            }
            self.expect_punct(";")?;
            members.push(StructMember { qual, ty, names, loc });
        }
        self.leave();
        Ok(members)
    }

    // ---- statements ----

    fn statement_list_until_brace(&mut self) -> PResult<Vec<Stmt>> {
        let mut list = Vec::new();
        while !self.is_punct("}") {
            if self.at_eof() {
                return self.error("`}'");
            }
            list.push(self.statement()?);
        }
        Ok(list)
    }

    fn statement(&mut self) -> PResult<Stmt> {
        self.enter()?;
        let r = self.statement_inner();
        self.leave();
        r
    }

    /// A statement that opens its own scope for type names (bodies of if/loops).
    fn scoped_statement(&mut self) -> PResult<Stmt> {
        self.push_scope();
        let r = self.statement();
        self.pop_scope();
        r
    }

    fn statement_inner(&mut self) -> PResult<Stmt> {
        let loc = self.loc();
        let kind = match &self.peek().kind {
            TokenKind::Punct(p) if &**p == "{" => {
                self.bump();
                self.push_scope();
                let body = self.statement_list_until_brace();
                self.pop_scope();
                let body = body?;
                self.expect_punct("}")?;
                StmtKind::Compound(body)
            }
            TokenKind::Punct(p) if &**p == ";" => {
                self.bump();
                StmtKind::Expr(None)
            }
            TokenKind::Keyword(k) => match &**k {
                "if" => {
                    self.bump();
                    self.expect_punct("(")?;
                    let cond = self.expression()?;
                    self.expect_punct(")")?;
                    let then = Box::new(self.scoped_statement()?);
                    let otherwise = if self.eat_keyword("else") { Some(Box::new(self.scoped_statement()?)) } else { None };
                    StmtKind::If { cond, then, otherwise }
                }
                "switch" => {
                    self.bump();
                    self.expect_punct("(")?;
                    let expr = self.expression()?;
                    self.expect_punct(")")?;
                    self.expect_punct("{")?;
                    self.push_scope();
                    let body = self.statement_list_until_brace();
                    self.pop_scope();
                    let body = body?;
                    self.expect_punct("}")?;
                    StmtKind::Switch { expr, body }
                }
                "case" => {
                    self.bump();
                    let e = self.expression()?;
                    self.expect_punct(":")?;
                    StmtKind::Case(e)
                }
                "default" => {
                    self.bump();
                    self.expect_punct(":")?;
                    StmtKind::Default
                }
                "while" => {
                    self.bump();
                    self.expect_punct("(")?;
                    self.push_scope();
                    let r = (|| {
                        let cond = self.condition()?;
                        self.expect_punct(")")?;
                        let body = Box::new(self.statement()?);
                        Ok(StmtKind::While { cond, body })
                    })();
                    self.pop_scope();
                    r?
                }
                "do" => {
                    self.bump();
                    let body = Box::new(self.scoped_statement()?);
                    if !self.eat_keyword("while") {
                        return self.error("`while'");
                    }
                    self.expect_punct("(")?;
                    let cond = self.expression()?;
                    self.expect_punct(")")?;
                    self.expect_punct(";")?;
                    StmtKind::DoWhile { body, cond }
                }
                "for" => {
                    self.bump();
                    self.expect_punct("(")?;
                    self.push_scope();
                    let r = self.for_rest();
                    self.pop_scope();
                    r?
                }
                "break" => {
                    self.bump();
                    self.expect_punct(";")?;
                    StmtKind::Break
                }
                "continue" => {
                    self.bump();
                    self.expect_punct(";")?;
                    StmtKind::Continue
                }
                "discard" => {
                    self.bump();
                    self.expect_punct(";")?;
                    StmtKind::Discard
                }
                "demote" => {
                    self.bump();
                    self.expect_punct(";")?;
                    StmtKind::Demote
                }
                "return" => {
                    self.bump();
                    let e = if self.is_punct(";") { None } else { Some(self.expression()?) };
                    self.expect_punct(";")?;
                    StmtKind::Return(e)
                }
                _ => self.declaration_or_expression()?,
            },
            _ => self.declaration_or_expression()?,
        };
        Ok(Stmt { kind, loc })
    }

    fn for_rest(&mut self) -> PResult<StmtKind> {
        let init_loc = self.loc();
        let init = if self.eat_punct(";") {
            Stmt { kind: StmtKind::Expr(None), loc: init_loc }
        } else {
            let kind = self.declaration_or_expression()?;
            Stmt { kind, loc: init_loc }
        };
        let cond = if self.is_punct(";") { None } else { Some(self.condition()?) };
        self.expect_punct(";")?;
        let step = if self.is_punct(")") { None } else { Some(self.expression()?) };
        self.expect_punct(")")?;
        let body = Box::new(self.statement()?);
        Ok(StmtKind::For { init: Box::new(init), cond, step, body })
    }

    fn condition(&mut self) -> PResult<Condition> {
        if self.starts_declaration() {
            let loc = self.loc();
            let ty = self.type_spec()?;
            let (name, _) = self.ident()?;
            self.expect_punct("=")?;
            let init = self.assignment()?;
            return Ok(Condition::Declare { ty, name, init, loc });
        }
        Ok(Condition::Expr(self.expression()?))
    }

    /// Whether a statement starting here is a declaration rather than an expression.
    fn starts_declaration(&self) -> bool {
        if self.at_qualifier() || self.is_keyword("precision") || self.is_keyword("struct") {
            return true;
        }
        if !self.at_type() {
            // `Block { ... }` never appears in a function, and `x y;` with x unknown
            // is reported as a syntax error by the expression parser.
            return false;
        }
        // type followed by an identifier is a declaration; `type(` or `type[...](`
        // is a constructor.
        let mut n = 1;
        if self.is_punct_at(n, "[") {
            let mut level = 0;
            loop {
                match &self.peek_at(n).kind {
                    TokenKind::Punct(p) if &**p == "[" => level += 1,
                    TokenKind::Punct(p) if &**p == "]" => {
                        level -= 1;
                        if level == 0 {
                            n += 1;
                            if !self.is_punct_at(n, "[") {
                                break;
                            }
                            continue;
                        }
                    }
                    TokenKind::Eof => return false,
                    _ => {}
                }
                n += 1;
            }
        }
        !self.is_punct_at(n, "(") && !self.is_punct_at(n, ".")
    }

    fn declaration_or_expression(&mut self) -> PResult<StmtKind> {
        if self.starts_declaration() {
            let loc = self.loc();
            if self.eat_keyword("precision") {
                return Ok(StmtKind::Declaration(self.precision_decl(loc)?));
            }
            let qual = self.qualifiers()?;
            if !self.at_type() {
                return Ok(StmtKind::Declaration(self.qualifier_only_or_block(qual, loc)?));
            }
            let ty = self.type_spec()?;
            if matches!(self.peek().kind, TokenKind::Ident(_)) && self.is_punct_at(1, "(") {
                // A prototype inside a function body (GLSL 1.10 only; semantic analysis
                // rejects it in later versions).
                let (name, nloc) = self.ident()?;
                let proto = self.function_proto(qual, ty, name, nloc)?;
                if self.is_punct("{") {
                    self.diags.error(nloc, "functions cannot be defined inside other functions");
                    return Err(());
                }
                self.expect_punct(";")?;
                return Ok(StmtKind::Declaration(Declaration::Prototype(proto)));
            }
            return Ok(StmtKind::Declaration(self.variables_rest(qual, ty, loc)?));
        }
        let e = self.expression()?;
        self.expect_punct(";")?;
        Ok(StmtKind::Expr(Some(e)))
    }

    // ---- expressions ----

    pub fn expression(&mut self) -> PResult<Expr> {
        let mut links = 0;
        let r = self.expression_chain(&mut links);
        self.unlink(links);
        r
    }

    fn expression_chain(&mut self, links: &mut u32) -> PResult<Expr> {
        let mut e = self.assignment()?;
        while self.is_punct(",") {
            let loc = self.bump().loc;
            self.link(links)?;
            let r = self.assignment()?;
            e = self.mk(ExprKind::Comma(Box::new(e), Box::new(r)), loc);
        }
        Ok(e)
    }

    fn assignment(&mut self) -> PResult<Expr> {
        self.enter()?;
        let lhs = self.conditional()?;
        let op = match &self.peek().kind {
            TokenKind::Punct(p) => match &**p {
                "=" => Some(None),
                "+=" => Some(Some(BinaryOp::Add)),
                "-=" => Some(Some(BinaryOp::Sub)),
                "*=" => Some(Some(BinaryOp::Mul)),
                "/=" => Some(Some(BinaryOp::Div)),
                "%=" => Some(Some(BinaryOp::Mod)),
                "<<=" => Some(Some(BinaryOp::Shl)),
                ">>=" => Some(Some(BinaryOp::Shr)),
                "&=" => Some(Some(BinaryOp::BitAnd)),
                "^=" => Some(Some(BinaryOp::BitXor)),
                "|=" => Some(Some(BinaryOp::BitOr)),
                _ => None,
            },
            _ => None,
        };
        let r = if let Some(op) = op {
            let loc = self.bump().loc;
            let rhs = self.assignment()?;
            self.mk(ExprKind::Assign(op, Box::new(lhs), Box::new(rhs)), loc)
        } else {
            lhs
        };
        self.leave();
        Ok(r)
    }

    fn conditional(&mut self) -> PResult<Expr> {
        self.enter()?;
        let c = self.binary(0)?;
        let r = if self.is_punct("?") {
            let loc = self.bump().loc;
            let a = self.expression()?;
            self.expect_punct(":")?;
            let b = self.assignment()?;
            self.mk(ExprKind::Ternary(Box::new(c), Box::new(a), Box::new(b)), loc)
        } else {
            c
        };
        self.leave();
        Ok(r)
    }

    fn binary_op(&self) -> Option<(BinaryOp, u8)> {
        let TokenKind::Punct(p) = &self.peek().kind else { return None };
        use BinaryOp::*;
        Some(match &**p {
            "||" => (LogicalOr, 1),
            "^^" => (LogicalXor, 2),
            "&&" => (LogicalAnd, 3),
            "|" => (BitOr, 4),
            "^" => (BitXor, 5),
            "&" => (BitAnd, 6),
            "==" => (Equal, 7),
            "!=" => (NotEqual, 7),
            "<" => (Less, 8),
            ">" => (Greater, 8),
            "<=" => (LessEq, 8),
            ">=" => (GreaterEq, 8),
            "<<" => (Shl, 9),
            ">>" => (Shr, 9),
            "+" => (Add, 10),
            "-" => (Sub, 10),
            "*" => (Mul, 11),
            "/" => (Div, 11),
            "%" => (Mod, 11),
            _ => return None,
        })
    }

    fn binary(&mut self, min: u8) -> PResult<Expr> {
        let mut links = 0;
        let r = self.binary_chain(min, &mut links);
        self.unlink(links);
        r
    }

    fn binary_chain(&mut self, min: u8, links: &mut u32) -> PResult<Expr> {
        let mut lhs = self.unary()?;
        while let Some((op, prec)) = self.binary_op() {
            if prec <= min {
                break;
            }
            let loc = self.bump().loc;
            self.link(links)?;
            self.enter()?;
            let rhs = self.binary(prec);
            self.leave();
            lhs = self.mk(ExprKind::Binary(op, Box::new(lhs), Box::new(rhs?)), loc);
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> PResult<Expr> {
        let op = match &self.peek().kind {
            TokenKind::Punct(p) => match &**p {
                "+" => Some(UnaryOp::Plus),
                "-" => Some(UnaryOp::Neg),
                "!" => Some(UnaryOp::Not),
                "~" => Some(UnaryOp::BitNot),
                "++" => Some(UnaryOp::PreInc),
                "--" => Some(UnaryOp::PreDec),
                _ => None,
            },
            _ => None,
        };
        if let Some(op) = op {
            let loc = self.bump().loc;
            self.enter()?;
            let e = self.unary();
            self.leave();
            return Ok(self.mk(ExprKind::Unary(op, Box::new(e?)), loc));
        }
        self.postfix()
    }

    fn postfix(&mut self) -> PResult<Expr> {
        let mut links = 0;
        let r = self.postfix_chain(&mut links);
        self.unlink(links);
        r
    }

    fn postfix_chain(&mut self, links: &mut u32) -> PResult<Expr> {
        let mut e = self.primary()?;
        loop {
            let loc = self.loc();
            self.link(links)?;
            if self.eat_punct("[") {
                let i = self.expression()?;
                self.expect_punct("]")?;
                e = self.mk(ExprKind::Index(Box::new(e), Box::new(i)), loc);
            } else if self.eat_punct(".") {
                let (name, nloc) = match &self.peek().kind {
                    TokenKind::Ident(_) => self.ident()?,
                    _ => return self.error("field name"),
                };
                if self.is_punct("(") {
                    let args = self.call_args()?;
                    e = self.mk(ExprKind::Call { callee: Callee::Method(Box::new(e), name), args }, nloc);
                } else {
                    e = self.mk(ExprKind::Field(Box::new(e), name), nloc);
                }
            } else if self.is_punct("(") && matches!(&e.kind, ExprKind::Index(base, _) if matches!(base.kind, ExprKind::Ident(_))) {
                // ARB_shader_subroutine: calling an element of a subroutine uniform array.
                let args = self.call_args()?;
                e = self.mk(ExprKind::Call { callee: Callee::Indexed(Box::new(e)), args }, loc);
            } else if self.eat_punct("++") {
                e = self.mk(ExprKind::Unary(UnaryOp::PostInc, Box::new(e)), loc);
            } else if self.eat_punct("--") {
                e = self.mk(ExprKind::Unary(UnaryOp::PostDec, Box::new(e)), loc);
            } else {
                return Ok(e);
            }
        }
    }

    fn call_args(&mut self) -> PResult<Vec<Expr>> {
        self.expect_punct("(")?;
        let mut args = Vec::new();
        if self.eat_punct(")") {
            return Ok(args);
        }
        // `f(void)` is a call with no arguments.
        if self.is_keyword("void") && self.is_punct_at(1, ")") {
            self.bump();
            self.bump();
            return Ok(args);
        }
        loop {
            args.push(self.assignment()?);
            if self.eat_punct(",") {
                continue;
            }
            self.expect_punct(")")?;
            return Ok(args);
        }
    }

    fn primary(&mut self) -> PResult<Expr> {
        let loc = self.loc();
        if self.at_type() && !self.is_keyword("struct") {
            let ty = self.type_spec()?;
            if !self.is_punct("(") {
                return self.error("`('");
            }
            let args = self.call_args()?;
            return Ok(self.mk(ExprKind::Call { callee: Callee::Type(ty), args }, loc));
        }
        let t = self.bump();
        let kind = match t.kind {
            TokenKind::Ident(name) => {
                if self.is_punct("(") {
                    let args = self.call_args()?;
                    ExprKind::Call { callee: Callee::Name(name.to_string()), args }
                } else {
                    ExprKind::Ident(name.to_string())
                }
            }
            TokenKind::Int { value, unsigned, long } => match (unsigned, long) {
                (false, false) => ExprKind::Int(value),
                (true, false) => ExprKind::Uint(value),
                (false, true) => ExprKind::Int64(value),
                (true, true) => ExprKind::Uint64(value),
            },
            TokenKind::Float { value, double } => {
                if double {
                    ExprKind::Double(value)
                } else {
                    ExprKind::Float(value)
                }
            }
            TokenKind::Bool(b) => ExprKind::Bool(b),
            TokenKind::Punct(p) if &*p == "(" => {
                self.enter()?;
                let e = self.expression();
                self.leave();
                let e = e?;
                self.expect_punct(")")?;
                return Ok(e);
            }
            _ => {
                self.pos -= 1;
                return self.error("expression");
            }
        };
        Ok(self.mk(kind, loc))
    }
}
