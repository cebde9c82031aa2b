//! How uniform and storage blocks are laid out in memory, as declarations say it: the
//! defaults of `layout(std140, row_major) uniform;`, the block's own qualifier and each
//! member's `row_major`/`column_major`, `offset` and `align`.

use super::types::MemberLayout;
use super::Checker;
use crate::ast::*;

/// The two groups of block layout qualifiers a default declaration sets: within one
/// group the last named wins.
const PACKING: &[&str] = &["std140", "std430", "shared", "packed"];
const MATRIX_ORDER: &[&str] = &["row_major", "column_major"];

/// Whether `qual` names `row_major` (true) or `column_major` (false) last, if either.
pub fn matrix_order(qual: &TypeQualifier) -> Option<bool> {
    qual.layouts().filter(|l| MATRIX_ORDER.contains(&l.name.as_str())).last().map(|l| l.name == "row_major")
}

impl Checker<'_> {
    /// Remembers the packing and matrix order of a `layout(...) uniform;` or `buffer;`
    /// declaration for the blocks that follow it.
    pub(super) fn record_block_defaults(&mut self, qual: &TypeQualifier) {
        let Some(storage @ (Storage::Uniform | Storage::Buffer)) = qual.storage() else { return };
        for l in qual.layouts() {
            let group = if PACKING.contains(&l.name.as_str()) {
                PACKING
            } else if MATRIX_ORDER.contains(&l.name.as_str()) {
                MATRIX_ORDER
            } else {
                continue;
            };
            self.block_defaults.retain(|(s, d)| *s != storage || !group.contains(&d.name.as_str()));
            self.block_defaults.push((storage, l.clone()));
        }
    }

    /// `b` with the defaults of its storage added for the groups its qualifier leaves
    /// open, so everything after sema reads one qualifier.
    pub(super) fn with_block_defaults(&self, b: &InterfaceBlock) -> InterfaceBlock {
        let mut b = b.clone();
        let storage = b.qual.storage();
        let names = |group: &[&str]| b.qual.layouts().any(|l| group.contains(&l.name.as_str()));
        let (has_packing, has_order) = (names(PACKING), names(MATRIX_ORDER));
        let inherited: Vec<LayoutItem> = self
            .block_defaults
            .iter()
            .filter(|(s, _)| Some(*s) == storage)
            .map(|(_, l)| l)
            .filter(|l| if PACKING.contains(&l.name.as_str()) { !has_packing } else { !has_order })
            .cloned()
            .collect();
        if !inherited.is_empty() {
            let loc = inherited[0].loc;
            b.qual.items.insert(0, (QualItem::Layout(inherited), loc));
        }
        b
    }

    /// Where member declaration `m` of the input or output block `b` is placed.
    pub(super) fn member_interface_layout(&mut self, m: &StructMember) -> MemberLayout {
        let location = self.layout_constant(&m.qual, "location").filter(|l| *l >= 0).map(|l| l as u32);
        MemberLayout { location, ..Default::default() }
    }

    /// The memory layout of member declaration `m` of the uniform or storage block `b`.
    pub(super) fn member_memory_layout(&mut self, b: &InterfaceBlock, m: &StructMember) -> MemberLayout {
        let power_of_two = |v: i64| v > 0 && (v & (v - 1)) == 0;
        let align = self.layout_constant(&m.qual, "align").or_else(|| self.layout_constant(&b.qual, "align")).filter(|a| power_of_two(*a));
        MemberLayout {
            row_major: matrix_order(&m.qual).or_else(|| matrix_order(&b.qual)).unwrap_or(false),
            offset: self.layout_constant(&m.qual, "offset").filter(|o| *o >= 0).map(|o| o as u32),
            align: align.map(|a| a as u32),
            location: None,
        }
    }
}
