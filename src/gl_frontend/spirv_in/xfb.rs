//! Transform feedback the module declares itself (the `Xfb` execution mode): an output with
//! `XfbBuffer` and an `Offset` — on the variable, or on the members of a block — is captured
//! at that offset, as GLSL's `xfb_offset` is. GL reports each captured vector, matrix or
//! array of them as one varying: structs and other arrays unroll into their parts, and
//! element i of an array of blocks goes to buffer `XfbBuffer + i`.

use nir_like::passes::XfbCapture;
use nir_like::{Handle, Variable, XfbLocation};
use rspirv::spirv::{Decoration, Word};

use crate::interface::DeclaredXfbOutput;
use crate::module::{unsupported, GlobalVar, Module, ReadError, SpvType};

type R<T> = Result<T, ReadError>;

/// More captured parts than GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS could ever
/// hold: the walk stops there rather than unrolling a huge array.
const MAX_CAPTURES: usize = 128;

/// The captures output `g` (IR variable `var`) declares, appended to `out`.
pub(crate) fn declared_captures(m: &Module, g: &GlobalVar, var: Handle<Variable>, out: &mut Vec<DeclaredXfbOutput>) -> R<()> {
    let Some(buffer) = m.decoration_literal(g.id, Decoration::XfbBuffer) else { return Ok(()) };
    let stride = m.decoration_literal(g.id, Decoration::XfbStride).unwrap_or(0);
    let name = m.names.get(&g.id).cloned();
    let is_block = |ty: Word| m.has_decoration(ty, Decoration::Block) && matches!(m.ty(ty), Ok(SpvType::Struct { .. }));
    let (block, elements) = match m.ty(g.pointee)? {
        _ if is_block(g.pointee) => (Some(g.pointee), None),
        SpvType::Array { elem, len } if is_block(*elem) => (Some(*elem), Some(*len)),
        _ => (None, None),
    };
    let mut walk = Walk { m, var, stride, out };
    let Some(block) = block else {
        let Some(mut offset) = m.decoration_literal(g.id, Decoration::Offset) else { return Ok(()) };
        return walk.part(g.pointee, Vec::new(), name, buffer, &mut offset);
    };
    let SpvType::Struct { members } = m.ty(block)? else { return Ok(()) };
    // GLSL names a block's members without the instance name: the block's name leads.
    let block_name = m.names.get(&block).cloned();
    for element in 0..elements.unwrap_or(1) {
        for (k, member) in members.iter().enumerate() {
            let k = k as u32;
            let Some(mut offset) = m.member_literal(block, k, Decoration::Offset) else { continue };
            let member_buffer = m.member_literal(block, k, Decoration::XfbBuffer).unwrap_or(buffer) + element;
            let path = elements.map(|_| element).into_iter().chain([k]).collect();
            let block_name = block_name.as_ref().map(|b| if elements.is_some() { format!("{b}[{element}]") } else { b.clone() });
            walk.part(*member, path, join(block_name, m.member_names.get(&(block, k))), member_buffer, &mut offset)?;
        }
    }
    Ok(())
}

fn join(prefix: Option<String>, member: Option<&String>) -> Option<String> {
    Some(format!("{}.{}", prefix?, member?))
}

struct Walk<'a> {
    m: &'a Module,
    var: Handle<Variable>,
    stride: u32,
    out: &'a mut Vec<DeclaredXfbOutput>,
}

impl Walk<'_> {
    /// Captures the value of SPIR-V type `ty` at `path` from `*offset` on, and moves
    /// `*offset` past it; 64-bit values start on 8 bytes.
    fn part(&mut self, ty: Word, path: Vec<u32>, name: Option<String>, buffer: u32, offset: &mut u32) -> R<()> {
        let m = self.m;
        if self.out.len() >= MAX_CAPTURES {
            return Err(unsupported("more transform feedback captures than a vertex has components"));
        }
        if let Some((bytes, wide)) = leaf_size(m, ty)? {
            if wide {
                *offset = offset.div_ceil(8) * 8;
            }
            let location = XfbLocation { buffer, stride: self.stride, offset: *offset };
            self.out.push(DeclaredXfbOutput { capture: XfbCapture { variable: self.var, path, location }, name });
            *offset += bytes;
            return Ok(());
        }
        match m.ty(ty)?.clone() {
            SpvType::Struct { members } => {
                for (k, member) in members.iter().enumerate() {
                    let k = k as u32;
                    let member_name = join(name.clone(), m.member_names.get(&(ty, k)));
                    self.part(*member, path.iter().copied().chain([k]).collect(), member_name, buffer, offset)?;
                }
            }
            SpvType::Array { elem, len } => {
                for i in 0..len {
                    let element_name = name.as_ref().map(|n| format!("{n}[{i}]"));
                    self.part(elem, path.iter().copied().chain([i]).collect(), element_name, buffer, offset)?;
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// Bytes a captured vector, matrix or array of them takes, and whether it is 64-bit;
/// `None` for structs and arrays of anything else.
fn leaf_size(m: &Module, ty: Word) -> R<Option<(u32, bool)>> {
    Ok(match m.ty(ty)? {
        SpvType::Float { bits } | SpvType::Int { bits, .. } => Some((*bits as u32 / 8, *bits == 64)),
        SpvType::Vector { elem, n } => leaf_size(m, *elem)?.map(|(s, w)| (s * *n as u32, w)),
        SpvType::Matrix { column, n } => leaf_size(m, *column)?.map(|(s, w)| (s * *n as u32, w)),
        SpvType::Array { elem, len } => match m.ty(*elem)? {
            SpvType::Array { .. } | SpvType::Struct { .. } => None,
            _ => leaf_size(m, *elem)?.map(|(s, w)| (s * len, w)),
        },
        _ => None,
    })
}
