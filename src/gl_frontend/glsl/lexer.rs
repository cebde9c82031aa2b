//! Turns preprocessing tokens into language tokens: keywords of the shader's version,
//! reserved words, and typed literals.

use crate::diagnostics::{Diagnostics, SourceLoc};
use crate::preprocessor::scan::{PpKind, PpToken};
use crate::preprocessor::LanguageSettings;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::OnceLock;

#[derive(Clone, Debug, PartialEq)]
pub enum TokenKind {
    Ident(Rc<str>),
    Keyword(Rc<str>),
    Int { value: u64, unsigned: bool, long: bool },
    Float { value: f64, double: bool },
    Bool(bool),
    Punct(Rc<str>),
    Eof,
}

#[derive(Clone, Debug)]
pub struct Token {
    pub kind: TokenKind,
    pub loc: SourceLoc,
}

impl Token {
    pub fn text(&self) -> String {
        match &self.kind {
            TokenKind::Ident(s) | TokenKind::Keyword(s) | TokenKind::Punct(s) => s.to_string(),
            TokenKind::Int { value, .. } => value.to_string(),
            TokenKind::Float { value, .. } => value.to_string(),
            TokenKind::Bool(b) => b.to_string(),
            TokenKind::Eof => "end of file".into(),
        }
    }
}

/// When a word becomes a keyword: (word, desktop version, ES version, extensions that
/// make it a keyword earlier). 0 means never by version alone.
const KEYWORDS: &str = "
attribute 110 100
const 110 100
uniform 110 100
varying 110 100
break 110 100
continue 110 100
do 110 100
for 110 100
while 110 100
if 110 100
else 110 100
in 110 100
out 110 100
inout 110 100
float 110 100
int 110 100
void 110 100
bool 110 100
discard 110 100
demote 0 0 GL_EXT_demote_to_helper_invocation
return 110 100
struct 110 100
mat2 110 100
mat3 110 100
mat4 110 100
vec2 110 100
vec3 110 100
vec4 110 100
ivec2 110 100
ivec3 110 100
ivec4 110 100
bvec2 110 100
bvec3 110 100
bvec4 110 100
sampler2D 110 100
samplerCube 110 100
sampler1D 110 0
sampler3D 110 300 GL_OES_texture_3D
sampler1DShadow 110 0
sampler2DShadow 110 300
invariant 120 100
centroid 120 300 GL_EXT_gpu_shader4
mat2x2 120 300
mat2x3 120 300
mat2x4 120 300
mat3x2 120 300
mat3x3 120 300
mat3x4 120 300
mat4x2 120 300
mat4x3 120 300
mat4x4 120 300
precision 130 100
lowp 130 100
mediump 130 100
highp 130 100
uint 130 300 GL_EXT_gpu_shader4
uvec2 130 300 GL_EXT_gpu_shader4
uvec3 130 300 GL_EXT_gpu_shader4
uvec4 130 300 GL_EXT_gpu_shader4
switch 130 300
case 130 300
default 130 300
flat 130 300 GL_EXT_gpu_shader4
smooth 130 300
noperspective 130 0 GL_EXT_gpu_shader4
layout 130 300 GL_ARB_explicit_attrib_location GL_ARB_uniform_buffer_object GL_ARB_fragment_coord_conventions GL_ARB_conservative_depth GL_AMD_conservative_depth GL_ARB_explicit_uniform_location GL_ARB_shading_language_420pack GL_ARB_separate_shader_objects GL_ARB_enhanced_layouts GL_ARB_shader_atomic_counters GL_ARB_shader_image_load_store GL_ARB_compute_shader GL_ARB_shader_storage_buffer_object GL_ARB_tessellation_shader GL_ARB_gpu_shader5 GL_ARB_cull_distance GL_ARB_shader_subroutine GL_ARB_viewport_array
sampler1DArray 130 0 GL_EXT_texture_array GL_EXT_gpu_shader4
sampler2DArray 130 300 GL_EXT_texture_array GL_EXT_gpu_shader4
sampler1DArrayShadow 130 0 GL_EXT_texture_array GL_EXT_gpu_shader4
sampler2DArrayShadow 130 300 GL_EXT_texture_array GL_EXT_gpu_shader4
samplerCubeShadow 130 300 GL_EXT_gpu_shader4
isampler1D 130 0 GL_EXT_gpu_shader4
isampler2D 130 300 GL_EXT_gpu_shader4
isampler3D 130 300 GL_EXT_gpu_shader4
isamplerCube 130 300 GL_EXT_gpu_shader4
isampler1DArray 130 0 GL_EXT_gpu_shader4
isampler2DArray 130 300 GL_EXT_gpu_shader4
usampler1D 130 0 GL_EXT_gpu_shader4
usampler2D 130 300 GL_EXT_gpu_shader4
usampler3D 130 300 GL_EXT_gpu_shader4
usamplerCube 130 300 GL_EXT_gpu_shader4
usampler1DArray 130 0 GL_EXT_gpu_shader4
usampler2DArray 130 300 GL_EXT_gpu_shader4
sampler2DRect 140 0 GL_ARB_texture_rectangle
sampler2DRectShadow 140 0 GL_ARB_texture_rectangle
isampler2DRect 140 0 GL_EXT_gpu_shader4
usampler2DRect 140 0 GL_EXT_gpu_shader4
samplerBuffer 140 320 GL_EXT_gpu_shader4 GL_OES_texture_buffer GL_EXT_texture_buffer
isamplerBuffer 140 320 GL_EXT_gpu_shader4 GL_OES_texture_buffer GL_EXT_texture_buffer
usamplerBuffer 140 320 GL_EXT_gpu_shader4 GL_OES_texture_buffer GL_EXT_texture_buffer
sampler2DMS 150 310 GL_ARB_texture_multisample
isampler2DMS 150 310 GL_ARB_texture_multisample
usampler2DMS 150 310 GL_ARB_texture_multisample
sampler2DMSArray 150 320 GL_ARB_texture_multisample GL_OES_texture_storage_multisample_2d_array
isampler2DMSArray 150 320 GL_ARB_texture_multisample GL_OES_texture_storage_multisample_2d_array
usampler2DMSArray 150 320 GL_ARB_texture_multisample GL_OES_texture_storage_multisample_2d_array
samplerCubeArray 400 320 GL_ARB_texture_cube_map_array GL_OES_texture_cube_map_array GL_EXT_texture_cube_map_array
samplerCubeArrayShadow 400 320 GL_ARB_texture_cube_map_array GL_OES_texture_cube_map_array GL_EXT_texture_cube_map_array
isamplerCubeArray 400 320 GL_ARB_texture_cube_map_array GL_OES_texture_cube_map_array GL_EXT_texture_cube_map_array
usamplerCubeArray 400 320 GL_ARB_texture_cube_map_array GL_OES_texture_cube_map_array GL_EXT_texture_cube_map_array
samplerExternalOES 0 0 GL_OES_EGL_image_external
double 400 0 GL_ARB_gpu_shader_fp64
dvec2 400 0 GL_ARB_gpu_shader_fp64
dvec3 400 0 GL_ARB_gpu_shader_fp64
dvec4 400 0 GL_ARB_gpu_shader_fp64
dmat2 400 0 GL_ARB_gpu_shader_fp64
dmat3 400 0 GL_ARB_gpu_shader_fp64
dmat4 400 0 GL_ARB_gpu_shader_fp64
dmat2x2 400 0 GL_ARB_gpu_shader_fp64
dmat2x3 400 0 GL_ARB_gpu_shader_fp64
dmat2x4 400 0 GL_ARB_gpu_shader_fp64
dmat3x2 400 0 GL_ARB_gpu_shader_fp64
dmat3x3 400 0 GL_ARB_gpu_shader_fp64
dmat3x4 400 0 GL_ARB_gpu_shader_fp64
dmat4x2 400 0 GL_ARB_gpu_shader_fp64
dmat4x3 400 0 GL_ARB_gpu_shader_fp64
dmat4x4 400 0 GL_ARB_gpu_shader_fp64
int64_t 0 0 GL_ARB_gpu_shader_int64
i64vec2 0 0 GL_ARB_gpu_shader_int64
i64vec3 0 0 GL_ARB_gpu_shader_int64
i64vec4 0 0 GL_ARB_gpu_shader_int64
uint64_t 0 0 GL_ARB_gpu_shader_int64
u64vec2 0 0 GL_ARB_gpu_shader_int64
u64vec3 0 0 GL_ARB_gpu_shader_int64
u64vec4 0 0 GL_ARB_gpu_shader_int64
patch 400 320 GL_ARB_tessellation_shader GL_OES_tessellation_shader GL_EXT_tessellation_shader
sample 400 320 GL_ARB_gpu_shader5 GL_OES_shader_multisample_interpolation
subroutine 400 0 GL_ARB_shader_subroutine
precise 400 320 GL_ARB_gpu_shader5 GL_OES_gpu_shader5 GL_EXT_gpu_shader5
coherent 420 310 GL_ARB_shader_image_load_store GL_ARB_shader_storage_buffer_object
volatile 420 310 GL_ARB_shader_image_load_store GL_ARB_shader_storage_buffer_object
restrict 420 310 GL_ARB_shader_image_load_store GL_ARB_shader_storage_buffer_object
readonly 420 310 GL_ARB_shader_image_load_store GL_ARB_shader_storage_buffer_object
writeonly 420 310 GL_ARB_shader_image_load_store GL_ARB_shader_storage_buffer_object
atomic_uint 420 310 GL_ARB_shader_atomic_counters
buffer 430 310 GL_ARB_shader_storage_buffer_object
shared 430 310 GL_ARB_compute_shader
";

/// Image types, a keyword from GLSL 4.20 / ESSL 3.10 or ARB_shader_image_load_store.
const IMAGE_DIMS: [(&str, u32); 11] = [
    ("1D", 0),
    ("2D", 310),
    ("3D", 310),
    ("2DRect", 0),
    ("Cube", 310),
    ("Buffer", 320),
    ("1DArray", 0),
    ("2DArray", 310),
    ("CubeArray", 320),
    ("2DMS", 0),
    ("2DMSArray", 0),
];

/// Words no shader may use, by version: (word, desktop from, ES from).
const RESERVED: &str = "
asm 110 100
class 110 100
union 110 100
enum 110 100
typedef 110 100
template 110 100
this 110 100
packed 110 100
goto 110 100
inline 110 100
noinline 110 100
public 110 100
static 110 100
extern 110 100
external 110 100
interface 110 100
long 110 100
short 110 100
half 110 100
fixed 110 100
unsigned 110 100
superp 130 100
input 110 100
output 110 100
hvec2 110 100
hvec3 110 100
hvec4 110 100
fvec2 110 100
fvec3 110 100
fvec4 110 100
sampler3DRect 110 100
sizeof 110 100
cast 110 100
namespace 110 100
using 110 100
switch 110 100
default 110 100
double 110 100
dvec2 110 100
dvec3 110 100
dvec4 110 100
sampler2DRect 110 100
sampler2DRectShadow 110 100
volatile 110 100
filter 130 300
common 130 300
partition 130 300
active 130 300
row_major 130 0
samplerBuffer 130 300
isamplerBuffer 130 300
usamplerBuffer 130 300
image1DShadow 130 300
image2DShadow 130 300
image1DArrayShadow 130 300
image2DArrayShadow 130 300
resource 420 300
noperspective 0 300
";

/// Classifies a word for the shader's version and enabled extensions.
pub enum WordClass {
    Keyword,
    Reserved,
    Ident,
}

type WordTable = HashMap<&'static str, &'static str>;

/// The rows of a word table, keyed by their first word.
fn table(text: &'static str, cell: &'static OnceLock<WordTable>) -> &'static WordTable {
    cell.get_or_init(|| {
        text.lines()
            .filter_map(|l| {
                let l = l.trim();
                let w = l.split_whitespace().next()?;
                Some((w, l))
            })
            .collect()
    })
}

static KEYWORD_TABLE: OnceLock<WordTable> = OnceLock::new();
static RESERVED_TABLE: OnceLock<WordTable> = OnceLock::new();

pub fn classify_word(word: &str, s: &LanguageSettings) -> WordClass {
    let es = s.is_es();
    if let Some(line) = table(KEYWORDS, &KEYWORD_TABLE).get(word) {
        let mut parts = line.split_whitespace();
        parts.next();
        let desktop: u32 = parts.next().and_then(|v| v.parse().ok()).unwrap_or(0);
        let es_v: u32 = parts.next().and_then(|v| v.parse().ok()).unwrap_or(0);
        let from = if es { es_v } else { desktop };
        if from != 0 && s.version >= from {
            return WordClass::Keyword;
        }
        if parts.any(|ext| s.extension(ext)) {
            return WordClass::Keyword;
        }
        return if reserved(word, s) { WordClass::Reserved } else { WordClass::Ident };
    }
    if let Some(dim) = image_dim(word) {
        let es_from = IMAGE_DIMS.iter().find(|(d, _)| *d == dim).map_or(0, |(_, v)| *v);
        let ok = if es {
            (es_from != 0 && s.version >= es_from)
                || (dim.contains("Buffer") && (s.extension("GL_OES_texture_buffer") || s.extension("GL_EXT_texture_buffer")))
                || (dim.contains("CubeArray")
                    && (s.extension("GL_OES_texture_cube_map_array") || s.extension("GL_EXT_texture_cube_map_array")))
        } else {
            s.version >= 420 || s.extension("GL_ARB_shader_image_load_store")
        };
        if ok {
            return WordClass::Keyword;
        }
        return if s.version >= if es { 300 } else { 130 } { WordClass::Reserved } else { WordClass::Ident };
    }
    if reserved(word, s) {
        WordClass::Reserved
    } else {
        WordClass::Ident
    }
}

fn image_dim(word: &str) -> Option<&str> {
    let rest = word.strip_prefix("iimage").or_else(|| word.strip_prefix("uimage")).or_else(|| word.strip_prefix("image"))?;
    IMAGE_DIMS.iter().find(|(d, _)| *d == rest).map(|(d, _)| *d)
}

fn reserved(word: &str, s: &LanguageSettings) -> bool {
    if let Some(line) = table(RESERVED, &RESERVED_TABLE).get(word) {
        let mut parts = line.split_whitespace();
        parts.next();
        let desktop: u32 = parts.next().and_then(|v| v.parse().ok()).unwrap_or(0);
        let es_v: u32 = parts.next().and_then(|v| v.parse().ok()).unwrap_or(0);
        let from = if s.is_es() { es_v } else { desktop };
        return from != 0 && s.version >= from;
    }
    false
}

/// Lexes all tokens; the list always ends with Eof.
pub fn lex(pp: &[PpToken], s: &LanguageSettings, diags: &mut Diagnostics) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::with_capacity(pp.len() + 1);
    // Inside `layout( ... )` names like `packed` and `shared` are layout names.
    let mut layout_parens: u32 = 0;
    let mut skip_next = false;
    for (idx, t) in pp.iter().enumerate() {
        if skip_next {
            skip_next = false;
            continue;
        }
        if layout_parens > 0 && t.kind == PpKind::Punct {
            match &*t.text {
                "(" => layout_parens += 1,
                ")" => layout_parens -= 1,
                _ => {}
            }
        } else if t.kind == PpKind::Punct
            && &*t.text == "("
            && matches!(out.last(), Some(Token { kind: TokenKind::Keyword(k), .. }) if &**k == "layout")
        {
            layout_parens = 1;
        }
        let kind = match t.kind {
            PpKind::Ident if layout_parens > 0 && !matches!(&*t.text, "true" | "false") => TokenKind::Ident(t.text.clone()),
            PpKind::Ident if &*t.text == "unsigned"
                && s.extension("GL_EXT_gpu_shader4")
                && pp.get(idx + 1).is_some_and(|n| &*n.text == "int") =>
            {
                skip_next = true;
                TokenKind::Keyword("uint".into())
            }
            PpKind::Ident => match &*t.text {
                "true" => TokenKind::Bool(true),
                "false" => TokenKind::Bool(false),
                w => match classify_word(w, s) {
                    WordClass::Keyword => TokenKind::Keyword(t.text.clone()),
                    WordClass::Reserved => {
                        diags.error(t.loc, format!("illegal use of reserved word `{}'", w));
                        TokenKind::Ident(t.text.clone())
                    }
                    WordClass::Ident => TokenKind::Ident(t.text.clone()),
                },
            },
            PpKind::Number => match number(&t.text, s) {
                Ok(k) => k,
                Err(e) => {
                    diags.error(t.loc, e);
                    TokenKind::Int { value: 0, unsigned: false, long: false }
                }
            },
            PpKind::Punct => {
                if &*t.text == "#" || &*t.text == "##" {
                    diags.error(t.loc, format!("syntax error, unexpected `{}'", t.text));
                    continue;
                }
                TokenKind::Punct(t.text.clone())
            }
            PpKind::Other => {
                diags.error(t.loc, format!("syntax error, unexpected character `{}'", t.text));
                continue;
            }
            PpKind::Newline => continue,
        };
        out.push(Token { kind, loc: t.loc });
    }
    let loc = pp.last().map(|t| t.loc).unwrap_or_default();
    out.push(Token { kind: TokenKind::Eof, loc });
    out
}

fn number(text: &str, s: &LanguageSettings) -> Result<TokenKind, String> {
    let es = s.is_es();
    let is_hex = text.starts_with("0x") || text.starts_with("0X");
    let is_float = !is_hex && (text.contains('.') || text.contains(['e', 'E']));
    if is_float {
        let (body, double, has_f) = if let Some(b) = text.strip_suffix("lf").or_else(|| text.strip_suffix("LF")) {
            (b, true, false)
        } else if let Some(b) = text.strip_suffix(['f', 'F']) {
            (b, false, true)
        } else {
            (text, false, false)
        };
        if has_f && ((es && s.version < 300) || (!es && s.version < 120)) {
            return Err(format!("literal suffix `f' is not allowed in this version: `{}'", text));
        }
        if double && (es || (s.version < 400 && !s.extension("GL_ARB_gpu_shader_fp64"))) {
            return Err(format!("double literal `{}' needs GLSL 4.00 or ARB_gpu_shader_fp64", text));
        }
        let value: f64 = body.parse().map_err(|_| format!("invalid floating-point literal `{}'", text))?;
        if !body.bytes().next().is_some_and(|b| b.is_ascii_digit() || b == b'.') {
            return Err(format!("invalid floating-point literal `{}'", text));
        }
        return Ok(TokenKind::Float { value, double });
    }
    let lower = text.to_ascii_lowercase();
    let (body, unsigned, long) = if let Some(b) = lower.strip_suffix("ul") {
        (b, true, true)
    } else if let Some(b) = lower.strip_suffix("lu") {
        (b, true, true)
    } else if let Some(b) = lower.strip_suffix('l') {
        (b, false, true)
    } else if let Some(b) = lower.strip_suffix('u') {
        (b, true, false)
    } else {
        (lower.as_str(), false, false)
    };
    let body = body.to_string();
    if long && !s.extension("GL_ARB_gpu_shader_int64") {
        return Err(format!("invalid integer literal `{}'", text));
    }
    if unsigned && !long && ((es && s.version < 300) || (!es && s.version < 130 && !s.extension("GL_EXT_gpu_shader4"))) {
        return Err(format!("unsigned integer literal `{}' needs GLSL 1.30 or GLSL ES 3.00", text));
    }
    let parsed = if let Some(h) = body.strip_prefix("0x") {
        if h.is_empty() {
            Err(())
        } else {
            u128::from_str_radix(h, 16).map_err(|_| ())
        }
    } else if body.len() > 1 && body.starts_with('0') {
        u128::from_str_radix(&body[1..], 8).map_err(|_| ())
    } else {
        body.parse::<u128>().map_err(|_| ())
    };
    let value = match parsed {
        Ok(v) => v,
        Err(()) => {
            // An over-long digit string is out of range, anything else is malformed.
            if body.bytes().all(|b| b.is_ascii_hexdigit() || b == b'x') && body.len() > 8 {
                return Err(format!("literal value `{}' out of range", text));
            }
            return Err(format!("invalid integer literal `{}'", text));
        }
    };
    let limit: u128 = if long { u64::MAX as u128 } else { u32::MAX as u128 };
    if value > limit {
        return Err(format!("literal value `{}' out of range", text));
    }
    Ok(TokenKind::Int { value: value as u64, unsigned, long })
}
