//! The parser of `!!ARBvp1.0` and `!!ARBfp1.0` text: declarations, options and
//! instructions, with the rules of ARB_vertex_program and ARB_fragment_program checked as
//! they are read. The first violation ends parsing with its byte offset.

use std::collections::HashMap;

use super::ast::*;
use super::lexer::{tokenize, Spanned, Token};
use super::limits::ParseLimits;
use super::ParseError;

/// What a declared name stands for.
#[derive(Clone, Copy, Debug)]
enum Symbol {
    Temp(u32),
    Address(u32),
    Attrib(Input),
    Param { base: u32, len: u32, array: bool },
    Output(Output),
}

/// The operands an instruction takes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Vector,
    Scalar,
    Binary,
    BinaryScalar,
    Ternary,
    Arl,
    Swizzle,
    Texture,
    Kill,
}

fn opcode(name: &str, target: Target) -> Option<(Opcode, Shape)> {
    use Opcode::*;
    use Shape::*;
    let vertex = target == Target::Vertex;
    let (op, shape) = match name {
        "ABS" => (Abs, Vector),
        "FLR" => (Flr, Vector),
        "FRC" => (Frc, Vector),
        "LIT" => (Lit, Vector),
        "MOV" => (Mov, Vector),
        "EX2" => (Ex2, Scalar),
        "LG2" => (Lg2, Scalar),
        "RCP" => (Rcp, Scalar),
        "RSQ" => (Rsq, Scalar),
        "POW" => (Pow, BinaryScalar),
        "ADD" => (Add, Binary),
        "DP3" => (Dp3, Binary),
        "DP4" => (Dp4, Binary),
        "DPH" => (Dph, Binary),
        "DST" => (Dst, Binary),
        "MAX" => (Max, Binary),
        "MIN" => (Min, Binary),
        "MUL" => (Mul, Binary),
        "SGE" => (Sge, Binary),
        "SLT" => (Slt, Binary),
        "SUB" => (Sub, Binary),
        "XPD" => (Xpd, Binary),
        "MAD" => (Mad, Ternary),
        "SWZ" => (Swz, Swizzle),
        "ARL" if vertex => (Opcode::Arl, Shape::Arl),
        "EXP" if vertex => (Exp, Scalar),
        "LOG" if vertex => (Log, Scalar),
        "COS" if !vertex => (Cos, Scalar),
        "SIN" if !vertex => (Sin, Scalar),
        "SCS" if !vertex => (Scs, Scalar),
        "CMP" if !vertex => (Cmp, Ternary),
        "LRP" if !vertex => (Lrp, Ternary),
        "TEX" if !vertex => (Tex, Texture),
        "TXB" if !vertex => (Txb, Texture),
        "TXP" if !vertex => (Txp, Texture),
        "KIL" if !vertex => (Kil, Kill),
        _ => return None,
    };
    Some((op, shape))
}

/// Words a program may not declare as names.
fn is_reserved(word: &str, target: Target) -> bool {
    const COMMON: &[&str] = &["ALIAS", "ATTRIB", "END", "OPTION", "OUTPUT", "PARAM", "TEMP", "program", "result", "state"];
    if COMMON.contains(&word) {
        return true;
    }
    let base = word.strip_suffix("_SAT").filter(|_| target == Target::Fragment).unwrap_or(word);
    if opcode(base, target).is_some() {
        return true;
    }
    match target {
        Target::Vertex => word == "ADDRESS" || word == "vertex",
        Target::Fragment => matches!(word, "fragment" | "texture" | "SHADOW1D" | "SHADOW2D" | "SHADOWRECT" | "CUBE" | "RECT"),
    }
}

pub(crate) struct Parser<'a> {
    tokens: &'a [Spanned],
    pos: usize,
    pub(crate) target: Target,
    pub(crate) limits: ParseLimits,
    pub(crate) options: Options,
    symbols: HashMap<String, Symbol>,
    temporaries: u32,
    address_registers: u32,
    params: Vec<ParamSource>,
    instructions: Vec<Instruction>,
    inputs: Vec<Input>,
    outputs: Vec<Output>,
    texture_targets: HashMap<u32, TextureTarget>,
}

/// Parses a whole program of `target`.
pub fn parse(text: &[u8], target: Target, limits: &ParseLimits) -> Result<Program, ParseError> {
    let header: &[u8] = match target {
        Target::Vertex => b"!!ARBvp1.0",
        Target::Fragment => b"!!ARBfp1.0",
    };
    if !text.starts_with(header) {
        return Err(ParseError { position: 0, message: format!("the program must start with {}", String::from_utf8_lossy(header)) });
    }
    let tokens = tokenize(&text[header.len()..], header.len()).map_err(|e| ParseError { position: e.offset, message: e.message })?;
    let mut p = Parser {
        tokens: &tokens,
        pos: 0,
        target,
        limits: *limits,
        options: Options::default(),
        symbols: HashMap::new(),
        temporaries: 0,
        address_registers: 0,
        params: Vec::new(),
        instructions: Vec::new(),
        inputs: Vec::new(),
        outputs: Vec::new(),
        texture_targets: HashMap::new(),
    };
    p.program()?;
    Ok(Program {
        target,
        options: p.options,
        temporaries: p.temporaries,
        address_registers: p.address_registers,
        params: p.params,
        instructions: p.instructions,
        inputs: p.inputs,
        outputs: p.outputs,
    })
}

impl Parser<'_> {
    // Token access.

    fn peek(&self) -> &Token {
        &self.tokens[self.pos].token
    }

    fn peek_at(&self, ahead: usize) -> &Token {
        &self.tokens[(self.pos + ahead).min(self.tokens.len() - 1)].token
    }

    fn advance(&mut self) -> &Spanned {
        let t = &self.tokens[self.pos];
        if self.pos + 1 < self.tokens.len() {
            self.pos += 1;
        }
        t
    }

    pub(crate) fn error_here(&self, message: impl Into<String>) -> ParseError {
        ParseError { position: self.tokens[self.pos].offset, message: message.into() }
    }

    /// An error at the token just read.
    pub(crate) fn error_before(&self, message: impl Into<String>) -> ParseError {
        ParseError { position: self.tokens[self.pos.saturating_sub(1)].offset, message: message.into() }
    }

    pub(crate) fn peek_punct(&self, c: char) -> bool {
        *self.peek() == Token::Punct(c)
    }

    fn eat_punct(&mut self, c: char) -> bool {
        let found = self.peek_punct(c);
        if found {
            self.advance();
        }
        found
    }

    pub(crate) fn expect_punct(&mut self, c: char) -> Result<(), ParseError> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            Err(self.error_here(format!("expected `{c}`")))
        }
    }

    pub(crate) fn ident(&mut self) -> Result<String, ParseError> {
        match self.peek().clone() {
            Token::Ident(word) => {
                self.advance();
                Ok(word)
            }
            _ => Err(self.error_here("expected a name")),
        }
    }

    pub(crate) fn expect_word(&mut self, word: &str) -> Result<(), ParseError> {
        if self.ident()? == word {
            Ok(())
        } else {
            Err(self.error_before(format!("expected `{word}`")))
        }
    }

    /// The word after a `.` when it is one of `words` (nothing is read).
    pub(crate) fn peek_dot_word(&self, words: &[&'static str]) -> Option<&'static str> {
        if !self.peek_punct('.') {
            return None;
        }
        match self.peek_at(1) {
            Token::Ident(w) => words.iter().copied().find(|x| x == w),
            _ => None,
        }
    }

    /// Reads `.word` that `peek_dot_word` found.
    pub(crate) fn dot_word(&mut self) -> String {
        self.advance();
        match self.advance().token.clone() {
            Token::Ident(w) => w,
            _ => String::new(),
        }
    }

    fn integer(&mut self) -> Result<u32, ParseError> {
        match *self.peek() {
            Token::Number(v, true) if v <= u32::MAX as f64 => {
                self.advance();
                Ok(v as u32)
            }
            _ => Err(self.error_here("expected an integer")),
        }
    }

    /// `[n]` with n below `limit`.
    pub(crate) fn index(&mut self, limit: u32, what: &str) -> Result<u32, ParseError> {
        self.expect_punct('[')?;
        let n = self.integer()?;
        if n >= limit {
            return Err(self.error_before(format!("{what} {n} is out of range (there are {limit})")));
        }
        self.expect_punct(']')?;
        Ok(n)
    }

    /// `[a]` or `[a..b]` with a <= b < limit.
    pub(crate) fn range(&mut self, limit: u32, what: &str) -> Result<(u32, u32), ParseError> {
        self.expect_punct('[')?;
        let first = self.integer()?;
        if first >= limit {
            return Err(self.error_before(format!("{what} {first} is out of range (there are {limit})")));
        }
        let mut last = first;
        if *self.peek() == Token::DotDot {
            self.advance();
            last = self.integer()?;
            if last >= limit {
                return Err(self.error_before(format!("{what} {last} is out of range (there are {limit})")));
            }
            if last < first {
                return Err(self.error_before("the range's first index is greater than its last"));
            }
        }
        self.expect_punct(']')?;
        Ok((first, last))
    }

    // Program structure.

    fn program(&mut self) -> Result<(), ParseError> {
        while matches!(self.peek(), Token::Ident(w) if w == "OPTION") {
            self.advance();
            self.option()?;
            self.expect_punct(';')?;
        }
        loop {
            let word = match self.peek().clone() {
                Token::Ident(w) => w,
                Token::End => return Err(self.error_here("missing END")),
                _ => return Err(self.error_here("expected an instruction or a declaration")),
            };
            let vertex = self.target == Target::Vertex;
            self.advance();
            match word.as_str() {
                "END" => break,
                "ATTRIB" => self.attrib_declaration()?,
                "PARAM" => self.param_declaration()?,
                "TEMP" => self.name_list(|p| {
                    p.temporaries += 1;
                    Symbol::Temp(p.temporaries - 1)
                })?,
                "ADDRESS" if vertex => self.name_list(|p| {
                    p.address_registers += 1;
                    Symbol::Address(p.address_registers - 1)
                })?,
                "OUTPUT" => self.output_declaration()?,
                "ALIAS" => self.alias_declaration()?,
                "OPTION" => return Err(self.error_before("OPTION must come before every other statement")),
                _ => self.instruction(&word)?,
            }
            self.expect_punct(';')?;
        }
        self.check_totals()
    }

    fn option(&mut self) -> Result<(), ParseError> {
        let name = self.ident()?;
        let o = &mut self.options;
        let fog = |mode| if o.fog.is_none_or(|f| f == mode) { Some(mode) } else { None };
        match (name.as_str(), self.target) {
            ("ARB_position_invariant", Target::Vertex) => o.position_invariant = true,
            ("ARB_fog_linear", Target::Fragment) | ("ARB_fog_exp", Target::Fragment) | ("ARB_fog_exp2", Target::Fragment) => {
                let mode = match name.as_str() {
                    "ARB_fog_linear" => FogOption::Linear,
                    "ARB_fog_exp" => FogOption::Exp,
                    _ => FogOption::Exp2,
                };
                match fog(mode) {
                    Some(m) => o.fog = Some(m),
                    None => return Err(self.error_before("only one ARB_fog option may be given")),
                }
            }
            ("ARB_precision_hint_nicest", Target::Fragment) | ("ARB_precision_hint_fastest", Target::Fragment) => {
                let nicest = name.ends_with("nicest");
                if o.precision_nicest.is_some_and(|n| n != nicest) {
                    return Err(self.error_before("ARB_precision_hint_nicest and _fastest exclude each other"));
                }
                o.precision_nicest = Some(nicest);
            }
            ("ARB_fragment_program_shadow", Target::Fragment) if self.limits.shadow => o.fragment_program_shadow = true,
            ("ARB_draw_buffers", Target::Fragment) if self.limits.draw_buffers_option => o.draw_buffers = true,
            ("ARB_fragment_coord_origin_upper_left", Target::Fragment) => o.origin_upper_left = true,
            ("ARB_fragment_coord_pixel_center_integer", Target::Fragment) => o.pixel_center_integer = true,
            _ => return Err(self.error_before(format!("unsupported option `{name}`"))),
        }
        Ok(())
    }

    // Declarations.

    /// A new name, checked against reserved words and earlier declarations.
    fn new_name(&mut self) -> Result<String, ParseError> {
        let name = self.ident()?;
        if is_reserved(&name, self.target) {
            return Err(self.error_before(format!("`{name}` is a reserved word")));
        }
        if self.symbols.contains_key(&name) {
            return Err(self.error_before(format!("`{name}` is already declared")));
        }
        Ok(name)
    }

    fn name_list(&mut self, mut make: impl FnMut(&mut Self) -> Symbol) -> Result<(), ParseError> {
        loop {
            let name = self.new_name()?;
            let symbol = make(self);
            self.symbols.insert(name, symbol);
            if !self.eat_punct(',') {
                return Ok(());
            }
        }
    }

    fn attrib_declaration(&mut self) -> Result<(), ParseError> {
        let name = self.new_name()?;
        self.expect_punct('=')?;
        let input = self.inline_attrib()?.ok_or_else(|| self.error_here("expected a vertex or fragment attribute"))?;
        self.symbols.insert(name, Symbol::Attrib(input));
        Ok(())
    }

    /// `vertex.*` / `fragment.*` when the next word starts one.
    fn inline_attrib(&mut self) -> Result<Option<Input>, ParseError> {
        let vertex = match self.peek() {
            Token::Ident(w) if w == "vertex" && self.target == Target::Vertex => true,
            Token::Ident(w) if w == "fragment" && self.target == Target::Fragment => false,
            _ => return Ok(None),
        };
        self.advance();
        let input = self.attrib_binding(vertex)?;
        self.use_input(input)?;
        Ok(Some(input))
    }

    fn use_input(&mut self, input: Input) -> Result<(), ParseError> {
        if self.inputs.contains(&input) {
            return Ok(());
        }
        // A generic attribute and the conventional one it aliases may not both be read.
        if let Input::Vertex(v) = input {
            let clash = self.inputs.iter().any(|other| match (v, other) {
                (VertexInput::Generic(n), Input::Vertex(o)) => o.aliased_generic() == Some(n),
                (_, Input::Vertex(VertexInput::Generic(n))) => v.aliased_generic() == Some(*n),
                _ => false,
            });
            if clash {
                return Err(self.error_before("a generic attribute and the conventional attribute it aliases are both used"));
            }
        }
        self.inputs.push(input);
        Ok(())
    }

    fn output_declaration(&mut self) -> Result<(), ParseError> {
        let name = self.new_name()?;
        self.expect_punct('=')?;
        match self.peek() {
            Token::Ident(w) if w == "result" => {
                self.advance();
            }
            _ => return Err(self.error_here("expected a result binding")),
        }
        let output = self.result_binding()?;
        self.symbols.insert(name, Symbol::Output(output));
        Ok(())
    }

    fn alias_declaration(&mut self) -> Result<(), ParseError> {
        let name = self.new_name()?;
        self.expect_punct('=')?;
        let target = self.ident()?;
        let symbol = *self.symbols.get(&target).ok_or_else(|| self.error_before(format!("`{target}` is not declared")))?;
        self.symbols.insert(name, symbol);
        Ok(())
    }

    fn param_declaration(&mut self) -> Result<(), ParseError> {
        let name = self.new_name()?;
        let mut declared_size = None;
        let array = self.eat_punct('[');
        if array {
            if !self.peek_punct(']') {
                let size = self.integer()?;
                if size == 0 || size > self.limits.program.parameters {
                    return Err(self.error_before(format!("invalid array size {size}")));
                }
                declared_size = Some(size);
            }
            self.expect_punct(']')?;
        }
        self.expect_punct('=')?;
        let sources = if array {
            self.expect_punct('{')?;
            let mut sources = Vec::new();
            loop {
                sources.extend(self.param_item(true)?);
                if !self.eat_punct(',') {
                    break;
                }
            }
            self.expect_punct('}')?;
            sources
        } else {
            self.param_item(false)?
        };
        if let Some(size) = declared_size {
            if size as usize != sources.len() {
                return Err(self.error_before(format!("the array has {size} elements but {} are bound", sources.len())));
            }
        }
        let base = self.params.len() as u32;
        let len = sources.len() as u32;
        self.params.extend(sources);
        self.symbols.insert(name, Symbol::Param { base, len, array });
        Ok(())
    }

    /// One initialiser of a PARAM: a constant, a state item or a program parameter; the
    /// ranges and whole matrices of an array's list when `multiple`.
    fn param_item(&mut self, multiple: bool) -> Result<Vec<ParamSource>, ParseError> {
        match self.peek().clone() {
            Token::Ident(w) if w == "state" => {
                self.advance();
                Ok(self.state_binding(multiple)?.into_iter().map(ParamSource::State).collect())
            }
            Token::Ident(w) if w == "program" => {
                self.advance();
                self.program_binding(multiple)
            }
            Token::Punct('{') => Ok(vec![ParamSource::Constant(self.vector_constant()?)]),
            Token::Number(..) | Token::Punct('-') | Token::Punct('+') => {
                let v = self.signed_number()?;
                Ok(vec![ParamSource::Constant([v; 4])])
            }
            _ => Err(self.error_here("expected a constant, a state item or a program parameter")),
        }
    }

    fn signed_number(&mut self) -> Result<f32, ParseError> {
        let negative = if self.eat_punct('-') {
            true
        } else {
            self.eat_punct('+');
            false
        };
        match *self.peek() {
            Token::Number(v, _) => {
                self.advance();
                Ok(if negative { -v as f32 } else { v as f32 })
            }
            _ => Err(self.error_here("expected a number")),
        }
    }

    /// `{x}` to `{x, y, z, w}`; y and z default to 0, w to 1.
    fn vector_constant(&mut self) -> Result<[f32; 4], ParseError> {
        self.expect_punct('{')?;
        let mut v = [0.0, 0.0, 0.0, 1.0];
        let mut n = 0;
        loop {
            if n == 4 {
                return Err(self.error_here("a vector constant has at most four components"));
            }
            v[n] = self.signed_number()?;
            n += 1;
            if !self.eat_punct(',') {
                break;
            }
        }
        self.expect_punct('}')?;
        Ok(v)
    }

    /// The parameter slot of an operand's own binding, shared with equal bindings.
    fn param_slot(&mut self, source: ParamSource) -> Result<u32, ParseError> {
        if let Some(i) = self.params.iter().position(|p| *p == source) {
            return Ok(i as u32);
        }
        self.params.push(source);
        Ok(self.params.len() as u32 - 1)
    }

    // Instructions.

    fn instruction(&mut self, word: &str) -> Result<(), ParseError> {
        let (base, saturate) = match word.strip_suffix("_SAT") {
            Some(base) if self.target == Target::Fragment => (base, true),
            _ => (word, false),
        };
        let Some((opcode, shape)) = opcode(base, self.target) else {
            return Err(self.error_before(format!("unknown instruction `{word}`")));
        };
        let mut instruction = Instruction { opcode, saturate, dst: None, src: Vec::new(), texture: None };
        match shape {
            Shape::Kill => instruction.src.push(self.source(false)?),
            Shape::Arl => {
                instruction.dst = Some(self.address_destination()?);
                self.expect_punct(',')?;
                instruction.src.push(self.source(true)?);
            }
            _ => {
                instruction.dst = Some(self.destination()?);
                let (count, scalar) = match shape {
                    Shape::Vector | Shape::Texture => (1, false),
                    Shape::Scalar => (1, true),
                    Shape::Binary => (2, false),
                    Shape::BinaryScalar => (2, true),
                    Shape::Ternary => (3, false),
                    _ => (0, false),
                };
                for _ in 0..count {
                    self.expect_punct(',')?;
                    instruction.src.push(self.source(scalar)?);
                }
                if shape == Shape::Swizzle {
                    self.expect_punct(',')?;
                    instruction.src.push(self.swizzle_source()?);
                }
                if shape == Shape::Texture {
                    instruction.texture = Some(self.texture_operands()?);
                }
            }
        }
        self.instructions.push(instruction);
        Ok(())
    }

    fn address_destination(&mut self) -> Result<Destination, ParseError> {
        let name = self.ident()?;
        match self.symbols.get(&name) {
            Some(Symbol::Address(a)) => {
                let a = *a;
                self.expect_punct('.')?;
                if self.ident()? != "x" {
                    return Err(self.error_before("an address register's write mask must be .x"));
                }
                Ok(Destination { register: Register::Address(a), mask: 1 })
            }
            Some(_) => Err(self.error_before(format!("`{name}` is not an address register"))),
            None => Err(self.error_before(format!("`{name}` is not declared"))),
        }
    }

    fn destination(&mut self) -> Result<Destination, ParseError> {
        let name = self.ident()?;
        let register = if name == "result" {
            let output = self.result_binding()?;
            Register::Output(output)
        } else {
            match self.symbols.get(&name) {
                Some(Symbol::Temp(t)) => Register::Temp(*t),
                Some(Symbol::Output(o)) => Register::Output(*o),
                Some(_) => return Err(self.error_before(format!("`{name}` cannot be written"))),
                None => return Err(self.error_before(format!("`{name}` is not declared"))),
            }
        };
        if let Register::Output(output) = register {
            if output == Output::Position && self.options.position_invariant {
                return Err(self.error_before("result.position is written by ARB_position_invariant"));
            }
            if !self.outputs.contains(&output) {
                self.outputs.push(output);
            }
        }
        let mut mask = 0xf;
        if self.peek_punct('.') {
            self.advance();
            let word = self.ident()?;
            mask = self.write_mask(&word).ok_or_else(|| self.error_before(format!("invalid write mask `.{word}`")))?;
        }
        Ok(Destination { register, mask })
    }

    /// Components in order, each once, from xyzw (or rgba in fragment programs).
    fn write_mask(&self, word: &str) -> Option<u8> {
        let sets: &[&str] = if self.target == Target::Fragment { &["xyzw", "rgba"] } else { &["xyzw"] };
        sets.iter().find_map(|set| {
            let mut mask = 0u8;
            let mut last = -1i32;
            for c in word.chars() {
                let i = set.find(c)? as i32;
                if i <= last {
                    return None;
                }
                last = i;
                mask |= 1 << i;
            }
            (mask != 0).then_some(mask)
        })
    }

    /// A component of a swizzle, from xyzw (or rgba in fragment programs), with its set.
    fn component(&self, c: char) -> Option<(u8, u8)> {
        if let Some(i) = "xyzw".find(c) {
            return Some((i as u8, 0));
        }
        if self.target == Target::Fragment {
            if let Some(i) = "rgba".find(c) {
                return Some((i as u8, 1));
            }
        }
        None
    }

    fn source(&mut self, scalar: bool) -> Result<Source, ParseError> {
        let negate = if self.eat_punct('-') {
            true
        } else {
            self.eat_punct('+');
            false
        };
        if self.peek_punct('|') {
            return Err(self.error_here("absolute value operands are not part of this program type"));
        }
        let register = self.source_register()?;
        let mut swizzle = [0, 1, 2, 3];
        let mut length = 4;
        if self.peek_punct('.') {
            self.advance();
            let word = self.ident()?;
            let comps: Option<Vec<(u8, u8)>> = word.chars().map(|c| self.component(c)).collect();
            match comps {
                Some(c) if (c.len() == 1 || c.len() == 4) && c.iter().all(|x| x.1 == c[0].1) => {
                    length = c.len();
                    for (i, s) in swizzle.iter_mut().enumerate() {
                        *s = c[i % c.len()].0;
                    }
                }
                _ => return Err(self.error_before(format!("invalid swizzle `.{word}`"))),
            }
        }
        if scalar && length != 1 {
            return Err(self.error_here("this operand must select one component"));
        }
        Ok(Source { register, swizzle, negate, extended: None })
    }

    fn source_register(&mut self) -> Result<Register, ParseError> {
        match self.peek().clone() {
            Token::Number(..) => {
                let v = self.signed_number()?;
                Ok(Register::Param(self.param_slot(ParamSource::Constant([v; 4]))?))
            }
            Token::Punct('{') => {
                let v = self.vector_constant()?;
                Ok(Register::Param(self.param_slot(ParamSource::Constant(v))?))
            }
            Token::Ident(word) => {
                if let Some(input) = self.inline_attrib()? {
                    return Ok(Register::Input(input));
                }
                match word.as_str() {
                    "state" => {
                        self.advance();
                        let item = self.state_binding(false)?[0];
                        return Ok(Register::Param(self.param_slot(ParamSource::State(item))?));
                    }
                    "program" => {
                        self.advance();
                        let item = self.program_binding(false)?[0];
                        return Ok(Register::Param(self.param_slot(item)?));
                    }
                    "result" => return Err(self.error_here("results cannot be read")),
                    _ => {}
                }
                self.advance();
                let symbol = *self.symbols.get(&word).ok_or_else(|| self.error_before(format!("`{word}` is not declared")))?;
                match symbol {
                    Symbol::Temp(t) => Ok(Register::Temp(t)),
                    Symbol::Attrib(input) => {
                        self.use_input(input)?;
                        Ok(Register::Input(input))
                    }
                    Symbol::Param { base, len, array } => {
                        if !array {
                            if self.peek_punct('[') {
                                return Err(self.error_here(format!("`{word}` is not an array")));
                            }
                            return Ok(Register::Param(base));
                        }
                        if !self.peek_punct('[') {
                            return Err(self.error_here(format!("`{word}` is an array and needs an index")));
                        }
                        self.array_element(base, len)
                    }
                    Symbol::Output(_) => Err(self.error_before("results cannot be read")),
                    Symbol::Address(_) => Err(self.error_before("address registers are only written by ARL and used as array indices")),
                }
            }
            _ => Err(self.error_here("expected an operand")),
        }
    }

    /// `[n]` or, in vertex programs, `[A.x]`, `[A.x + n]`, `[A.x - n]`.
    fn array_element(&mut self, base: u32, len: u32) -> Result<Register, ParseError> {
        self.expect_punct('[')?;
        if let Token::Ident(name) = self.peek().clone() {
            self.advance();
            let address = match self.symbols.get(&name) {
                Some(Symbol::Address(a)) if self.target == Target::Vertex => *a,
                Some(_) => return Err(self.error_before(format!("`{name}` is not an address register"))),
                None => return Err(self.error_before(format!("`{name}` is not declared"))),
            };
            self.expect_punct('.')?;
            if self.ident()? != "x" {
                return Err(self.error_before("relative addressing uses the address register's .x"));
            }
            let mut offset = 0i32;
            if self.peek_punct('+') || self.peek_punct('-') {
                let negative = self.eat_punct('-');
                if !negative {
                    self.advance();
                }
                let n = self.integer()? as i64;
                let (limit, value) = if negative { (64, -n) } else { (63, n) };
                if n > limit {
                    return Err(self.error_before("the relative offset is out of range"));
                }
                offset = value as i32;
            }
            // Relative addressing needs each binding of the array to be its own parameter.
            let slots = &self.params[base as usize..(base + len) as usize];
            let repeated = slots.iter().enumerate().any(|(i, s)| !matches!(s, ParamSource::Constant(_)) && slots[..i].contains(s));
            if repeated {
                return Err(self.error_here("an array addressed relatively binds the same parameter twice"));
            }
            self.expect_punct(']')?;
            return Ok(Register::ParamRelative { base, len, address, offset });
        }
        let n = self.integer()?;
        if n >= len {
            return Err(self.error_before(format!("index {n} is outside the array of {len}")));
        }
        self.expect_punct(']')?;
        Ok(Register::Param(base + n))
    }

    /// SWZ's source: a register, then four components from 0, 1 and the swizzle letters.
    fn swizzle_source(&mut self) -> Result<Source, ParseError> {
        let negate = if self.eat_punct('-') {
            true
        } else {
            self.eat_punct('+');
            false
        };
        let register = self.source_register()?;
        let mut extended = [(SwizzleSource::Zero, false); 4];
        let mut set = None;
        for slot in &mut extended {
            self.expect_punct(',')?;
            let negative = if self.eat_punct('-') {
                true
            } else {
                self.eat_punct('+');
                false
            };
            let source = match self.peek().clone() {
                Token::Number(v, true) if v == 0.0 || v == 1.0 => {
                    self.advance();
                    if v == 0.0 { SwizzleSource::Zero } else { SwizzleSource::One }
                }
                Token::Ident(w) if w.len() == 1 => {
                    self.advance();
                    let Some((c, s)) = self.component(w.chars().next().unwrap_or(' ')) else {
                        return Err(self.error_before(format!("invalid extended swizzle component `{w}`")));
                    };
                    if set.is_some_and(|x| x != s) {
                        return Err(self.error_before("xyzw and rgba components cannot be mixed"));
                    }
                    set = Some(s);
                    SwizzleSource::Component(c)
                }
                _ => return Err(self.error_here("expected 0, 1 or a component")),
            };
            *slot = (source, negative);
        }
        Ok(Source { register, swizzle: [0, 1, 2, 3], negate, extended: Some(extended) })
    }

    /// `, texture[n], TARGET` of TEX, TXB and TXP.
    fn texture_operands(&mut self) -> Result<(u32, TextureTarget), ParseError> {
        self.expect_punct(',')?;
        self.expect_word("texture")?;
        let unit = if self.peek_punct('[') { self.index(self.limits.texture_image_units, "texture unit")? } else { 0 };
        self.expect_punct(',')?;
        let offset = self.tokens[self.pos].offset;
        let target = match self.peek().clone() {
            Token::Number(n, true) if (1.0..=3.0).contains(&n) => {
                self.advance();
                let adjacent = self.tokens[self.pos].offset == offset + 1;
                match self.peek() {
                    Token::Ident(d) if d == "D" && adjacent => {
                        self.advance();
                    }
                    _ => return Err(self.error_here("expected a texture target")),
                }
                [TextureTarget::T1D, TextureTarget::T2D, TextureTarget::T3D][n as usize - 1]
            }
            Token::Ident(w) => {
                self.advance();
                let target = match w.as_str() {
                    "CUBE" => TextureTarget::Cube,
                    "RECT" => TextureTarget::Rect,
                    "SHADOW1D" => TextureTarget::Shadow1D,
                    "SHADOW2D" => TextureTarget::Shadow2D,
                    "SHADOWRECT" => TextureTarget::ShadowRect,
                    _ => return Err(self.error_before(format!("unknown texture target `{w}`"))),
                };
                let shadow = matches!(target, TextureTarget::Shadow1D | TextureTarget::Shadow2D | TextureTarget::ShadowRect);
                if shadow && !self.options.fragment_program_shadow {
                    return Err(self.error_before("shadow targets need OPTION ARB_fragment_program_shadow"));
                }
                target
            }
            _ => return Err(self.error_here("expected a texture target")),
        };
        match self.texture_targets.get(&unit) {
            Some(t) if *t != target => return Err(self.error_before(format!("texture unit {unit} is used with two targets"))),
            _ => {
                self.texture_targets.insert(unit, target);
            }
        }
        Ok((unit, target))
    }

    /// Limits on the program as a whole.
    fn check_totals(&self) -> Result<(), ParseError> {
        let l = &self.limits.program;
        let at_end = self.error_before("");
        let fail = |message: String| Err(ParseError { position: at_end.position, message });
        if self.instructions.len() as u32 > l.instructions {
            return fail(format!("{} instructions exceed the limit of {}", self.instructions.len(), l.instructions));
        }
        if self.temporaries > l.temporaries {
            return fail(format!("{} temporaries exceed the limit of {}", self.temporaries, l.temporaries));
        }
        if self.params.len() as u32 > l.parameters {
            return fail(format!("{} parameters exceed the limit of {}", self.params.len(), l.parameters));
        }
        if self.inputs.len() as u32 > l.attribs {
            return fail(format!("{} attributes exceed the limit of {}", self.inputs.len(), l.attribs));
        }
        if self.address_registers > l.address_registers {
            return fail(format!("{} address registers exceed the limit of {}", self.address_registers, l.address_registers));
        }
        Ok(())
    }
}
