//! Transform feedback layouts (GLSL 4.40, ARB_enhanced_layouts): `xfb_buffer`,
//! `xfb_offset` and `xfb_stride` on outputs, blocks, block members and `layout(...) out;`.

use super::types::{Scalar, Type};
use super::Checker;
use crate::ast::*;
use crate::diagnostics::SourceLoc;

/// gl_MaxTransformFeedbackBuffers and gl_MaxTransformFeedbackInterleavedComponents.
const MAX_BUFFERS: i64 = 4;
const MAX_INTERLEAVED_COMPONENTS: u32 = 128;

/// What the checker remembers of the transform feedback layout so far.
#[derive(Default)]
pub(crate) struct XfbState {
    /// The buffer of `layout(xfb_buffer = N) out;` (0 until one is given).
    default_buffer: u32,
    /// Each buffer's stride, once declared.
    strides: Vec<(u32, u32, SourceLoc)>,
    /// Captured ranges: buffer, first byte, end byte, where.
    ranges: Vec<(u32, u32, u32, SourceLoc)>,
}

/// The last value of each xfb layout name in a qualifier (the last occurrence wins).
struct XfbLayout {
    buffer: Option<(i64, SourceLoc)>,
    offset: Option<(i64, SourceLoc)>,
    stride: Option<(i64, SourceLoc)>,
}

/// Bytes a captured value takes, and whether it holds doubles; `None` when unsized.
fn capture_size(ty: &Type) -> Option<(u32, bool)> {
    match ty {
        Type::Array(e, Some(n)) => capture_size(e).map(|(s, d)| (s * n, d)),
        Type::Array(_, None) => None,
        Type::Struct(s) | Type::Block(s) => {
            let mut size = 0u32;
            let mut double = false;
            for (_, t) in &s.members {
                let (ms, md) = capture_size(t)?;
                if md {
                    size = size.div_ceil(8) * 8;
                }
                size += ms;
                double |= md;
            }
            Some((size, double))
        }
        t => {
            let double = t.scalar() == Some(Scalar::Double);
            Some((t.components() * if double { 8 } else { 4 }, double))
        }
    }
}

impl Checker<'_> {
    fn xfb_layout(&mut self, qual: &TypeQualifier) -> XfbLayout {
        let mut x = XfbLayout { buffer: None, offset: None, stride: None };
        let items: Vec<LayoutItem> = qual.layouts().filter(|l| l.name.starts_with("xfb_")).cloned().collect();
        for l in items {
            let Some(v) = l.value.as_ref().and_then(|e| self.expr(e).constant).and_then(|c| c.as_int()) else { continue };
            match l.name.as_str() {
                "xfb_buffer" => x.buffer = Some((v, l.loc)),
                "xfb_offset" => x.offset = Some((v, l.loc)),
                "xfb_stride" => x.stride = Some((v, l.loc)),
                _ => {}
            }
        }
        x
    }

    fn xfb_applies(&self) -> bool {
        self.options.stage != crate::options::Stage::Fragment
    }

    /// A buffer number: below gl_MaxTransformFeedbackBuffers.
    fn xfb_buffer(&mut self, b: Option<(i64, SourceLoc)>) -> u32 {
        match b {
            Some((v, loc)) if !(0..MAX_BUFFERS).contains(&v) => {
                self.error(loc, format!("xfb_buffer {} is not less than gl_MaxTransformFeedbackBuffers ({})", v, MAX_BUFFERS));
                self.xfb.default_buffer
            }
            Some((v, _)) => v as u32,
            None => self.xfb.default_buffer,
        }
    }

    fn xfb_stride(&mut self, buffer: u32, stride: Option<(i64, SourceLoc)>) {
        let Some((v, loc)) = stride else { return };
        if v < 0 {
            return;
        }
        let v = v as u32;
        if v > MAX_INTERLEAVED_COMPONENTS * 4 {
            self.error(loc, format!("xfb_stride {} exceeds gl_MaxTransformFeedbackInterleavedComponents * 4", v));
            return;
        }
        if v % 4 != 0 {
            self.error(loc, "xfb_stride must be a multiple of 4");
            return;
        }
        match self.xfb.strides.iter().find(|(b, ..)| *b == buffer) {
            Some((_, s, _)) if *s != v => {
                let s = *s;
                self.error(loc, format!("xfb_stride {} of buffer {} conflicts with the earlier xfb_stride {}", v, buffer, s));
            }
            Some(_) => {}
            None => self.xfb.strides.push((buffer, v, loc)),
        }
    }

    /// A value captured at `offset` in `buffer`: aligned, sized, not overlapping another.
    fn xfb_capture(&mut self, buffer: u32, offset: i64, ty: &Type, loc: SourceLoc) {
        if ty.is_error() {
            return;
        }
        let Some((size, double)) = capture_size(ty) else {
            self.error(loc, "xfb_offset cannot apply to an unsized array");
            return;
        };
        if offset < 0 {
            return;
        }
        let offset = offset as u32;
        if offset % if double { 8 } else { 4 } != 0 {
            self.error(loc, format!("xfb_offset {} must be a multiple of {}", offset, if double { 8 } else { 4 }));
            return;
        }
        let end = offset + size;
        if end > MAX_INTERLEAVED_COMPONENTS * 4 {
            self.error(loc, "transform feedback output exceeds gl_MaxTransformFeedbackInterleavedComponents");
            return;
        }
        if self.xfb.ranges.iter().any(|(b, s, e, _)| *b == buffer && offset < *e && *s < end) {
            self.error(loc, format!("xfb_offset {} overlaps another output captured in buffer {}", offset, buffer));
            return;
        }
        self.xfb.ranges.push((buffer, offset, end, loc));
    }

    /// `layout(xfb_buffer = N, xfb_stride = S) out;`
    pub(crate) fn xfb_default(&mut self, qual: &TypeQualifier) {
        if !self.xfb_applies() {
            return;
        }
        let x = self.xfb_layout(qual);
        let buffer = self.xfb_buffer(x.buffer);
        if x.buffer.is_some() {
            self.xfb.default_buffer = buffer;
        }
        self.xfb_stride(buffer, x.stride);
    }

    /// An output variable.
    pub(crate) fn xfb_variable(&mut self, qual: &TypeQualifier, ty: &Type, loc: SourceLoc) {
        if !self.xfb_applies() {
            return;
        }
        let x = self.xfb_layout(qual);
        let buffer = self.xfb_buffer(x.buffer);
        self.xfb_stride(buffer, x.stride);
        if let Some((offset, oloc)) = x.offset {
            let _ = loc;
            self.xfb_capture(buffer, offset, ty, oloc);
        }
    }

    /// An output block: members inherit the block's buffer (and may not name another);
    /// with a block offset the members are captured one after the other.
    pub(crate) fn xfb_block(&mut self, b: &InterfaceBlock, members: &[(usize, Type)]) {
        if !self.xfb_applies() {
            return;
        }
        let x = self.xfb_layout(&b.qual);
        let buffer = self.xfb_buffer(x.buffer);
        self.xfb_stride(buffer, x.stride);
        if let Some((o, loc)) = x.offset {
            // The block's offset must suit every member, doubles included.
            if let Some((_, true)) = capture_size(&Type::Struct(std::sync::Arc::new(super::types::StructType {
                name: b.name.clone(),
                members: members.iter().map(|(_, t)| (String::new(), t.clone())).collect(),
                id: u32::MAX,
                member_layouts: Vec::new(),
            }))) {
                if o % 8 != 0 {
                    self.error(loc, format!("xfb_offset {} of a block holding doubles must be a multiple of 8", o));
                    return;
                }
            }
        }
        let mut next = x.offset.map(|(o, _)| o);
        for (i, ty) in members {
            let m = &b.members[*i];
            let mx = self.xfb_layout(&m.qual);
            if let Some((v, loc)) = mx.buffer {
                if v != buffer as i64 {
                    self.error(loc, format!("xfb_buffer {} of a block member differs from its block's buffer {}", v, buffer));
                }
            }
            let (offset, loc) = match (mx.offset, next) {
                (Some((o, l)), _) => (o, l),
                (None, Some(o)) => {
                    let double = capture_size(ty).is_some_and(|(_, d)| d);
                    let o = if double { (o + 7) / 8 * 8 } else { o };
                    (o, x.offset.map_or(m.loc, |(_, l)| l))
                }
                (None, None) => continue,
            };
            self.xfb_capture(buffer, offset, ty, loc);
            next = capture_size(ty).map(|(s, _)| offset + s as i64);
        }
    }

    /// After the whole shader: captured outputs must fit their buffer's stride.
    pub(crate) fn xfb_finish(&mut self) {
        let ranges = self.xfb.ranges.clone();
        for (buffer, _, end, loc) in ranges {
            if let Some((_, stride, _)) = self.xfb.strides.iter().find(|(b, ..)| *b == buffer) {
                if end > *stride {
                    let stride = *stride;
                    self.error(loc, format!("transform feedback output overflows xfb_stride {} of buffer {}", stride, buffer));
                }
            }
        }
    }
}
