//! Linking the shader storage blocks and the compute work-group size of a program.
//!
//! Storage blocks are numbered across the program the way uniform blocks are: a block
//! declared by several stages is one block, an array of blocks is one block per element
//! (`name[i]`). IR generation gives block k binding 256 + k (docs/conventions.md).

use crate::compile::CompiledShader;
use crate::diagnostics::{Diagnostics, SourceLoc};
use crate::layout::{self, BlockLayout};
use crate::options::Stage;
use crate::sema::types::Type;
use crate::ast::{Storage, TypeQualifier};

/// GL_MAX_SHADER_STORAGE_BLOCK_SIZE where the device allows as much (128 MiB): a block's
/// fixed part must fit it.
pub const MAX_SHADER_STORAGE_BLOCK_SIZE: u32 = 1 << 27;

/// One active shader storage block.
#[derive(Clone, Debug, PartialEq)]
pub struct StorageBlock {
    /// The block name GL reports (`Block` or `Block[2]`).
    pub name: String,
    pub index: u32,
    /// The binding point from `layout(binding = N)` (plus the element of an array), else 0.
    pub initial_binding: u32,
    /// Bytes of the block with its runtime-sized last member empty (GL_BUFFER_DATA_SIZE).
    pub data_size: u32,
    pub stages: Vec<Stage>,
    /// For an element of an array of blocks: its element number and the array's size (the
    /// array is one descriptor array at the binding of element 0); else 0 and 1.
    pub array_index: u32,
    pub array_size: u32,
    /// The block's members as GL_BUFFER_VARIABLE resources lists them (on element 0 of
    /// an array of blocks only, as GL names them without the element).
    pub members: Vec<BufferVariable>,
}

/// One active member of a shader storage block, flattened to GL's basic-type entries.
#[derive(Clone, Debug, PartialEq)]
pub struct BufferVariable {
    /// "m", "s.x", "arr[0]", "Block.m" for a block with an instance name.
    pub name: String,
    pub gl_type: u32,
    /// Elements of an array (0 for a runtime-sized one), else 1.
    pub array_size: u32,
    pub offset: u32,
    pub array_stride: u32,
    pub matrix_stride: u32,
    pub row_major: bool,
    /// The member of the block it lies in: its array size (0 when runtime-sized) and
    /// stride, or 1 and 0 for a member that is no array.
    pub top_level_array_size: u32,
    pub top_level_array_stride: u32,
}

/// Flattens one block member of type `t` at `offset`, its matrices stored as `row_major`
/// says, into buffer variables.
fn flatten_member(name: &str, t: &Type, offset: u32, layout_kind: BlockLayout, row_major: bool, top: (u32, u32), out: &mut Vec<BufferVariable>) {
    let leaf = |name: String, t: &Type, array_size: u32, array_stride: u32| {
        let is_matrix = matches!(t, Type::Matrix { .. });
        BufferVariable {
            name,
            gl_type: crate::gl_types::gl_type_enum(t),
            array_size,
            offset,
            array_stride,
            matrix_stride: if is_matrix { layout::matrix_stride_in(t, layout_kind, row_major) } else { 0 },
            row_major: row_major && is_matrix,
            top_level_array_size: top.0,
            top_level_array_stride: top.1,
        }
    };
    match t {
        Type::Struct(s) => {
            let offsets = layout::member_offsets(s, layout_kind, row_major);
            for (i, (m, mt)) in s.members.iter().enumerate() {
                let rm = layout::member_row_major(s, i, row_major);
                flatten_member(&format!("{name}.{m}"), mt, offset + offsets[i], layout_kind, rm, top, out);
            }
        }
        Type::Array(e, n) if matches!(**e, Type::Struct(_) | Type::Array(..)) => {
            let stride = layout::array_stride_in(e, layout_kind, row_major);
            // A runtime-sized array of structures lists its first element.
            for i in 0..n.unwrap_or(1) {
                flatten_member(&format!("{name}[{i}]"), e, offset + i * stride, layout_kind, row_major, top, out);
            }
        }
        Type::Array(e, n) => out.push(leaf(format!("{name}[0]"), e, n.unwrap_or(0), layout::array_stride_in(e, layout_kind, row_major))),
        t => out.push(leaf(name.to_string(), t, 1, 0)),
    }
}

/// The buffer variables of a block of type `block_ty`; `prefix` is "Block." for a block
/// with an instance name.
fn buffer_variables(block_ty: &Type, prefix: &str, layout_kind: BlockLayout) -> Vec<BufferVariable> {
    let Type::Block(st) = block_ty else { return Vec::new() };
    let mut out = Vec::new();
    let offsets = layout::member_offsets(st, layout_kind, false);
    for (i, (m, mt)) in st.members.iter().enumerate() {
        let row_major = layout::member_row_major(st, i, false);
        let top = match mt {
            Type::Array(e, n) => (n.unwrap_or(0), layout::array_stride_in(e, layout_kind, row_major)),
            _ => (1, 0),
        };
        flatten_member(&format!("{prefix}{m}"), mt, offsets[i], layout_kind, row_major, top, &mut out);
    }
    out
}

impl StorageBlock {
    /// The set-0 binding of the block's descriptor (array).
    pub fn binding(&self) -> u32 {
        256 + self.index - self.array_index
    }
}

/// The memory layout a block qualifier asks for: std430 only when named (shared and packed
/// are laid out as std140, which both allow).
pub fn block_layout(qual: &TypeQualifier) -> BlockLayout {
    if qual.layouts().any(|l| l.name == "std430") {
        BlockLayout::Std430
    } else {
        BlockLayout::Std140
    }
}

fn explicit_binding(qual: &TypeQualifier) -> Option<u32> {
    crate::link::explicit_int(qual, "binding").map(|v| v.max(0) as u32)
}

/// The storage blocks of every stage, in first-declaration order.
pub fn link_storage_blocks(shaders: &[&CompiledShader], diags: &mut Diagnostics) -> Vec<StorageBlock> {
    // (block name, block type, qualifier, stages)
    let mut blocks: Vec<(String, Type, TypeQualifier, Vec<Stage>, bool)> = Vec::new();
    for s in shaders {
        let Some(info) = &s.interface else { continue };
        for g in &info.globals {
            if g.storage != Storage::Buffer {
                continue;
            }
            let Some(block) = &g.block else { continue };
            let instance = matches!(g.ty, Type::Block(_)) || matches!(&g.ty, Type::Array(e, _) if matches!(**e, Type::Block(_)));
            let ty = if instance {
                g.ty.clone()
            } else {
                crate::sema::unnamed_block_type(block, Storage::Buffer, &info.globals)
            };
            match blocks.iter_mut().find(|b| b.0 == *block) {
                Some(b) => {
                    if !b.3.contains(&s.stage) {
                        b.3.push(s.stage);
                    }
                    let members = |t: &Type| match t {
                        Type::Block(st) => Some((st.members.clone(), st.member_layouts.clone())),
                        Type::Array(e, _) => match &**e {
                            Type::Block(st) => Some((st.members.clone(), st.member_layouts.clone())),
                            _ => None,
                        },
                        _ => None,
                    };
                    let array_length = |t: &Type| match t {
                        Type::Array(_, n) => Some(*n),
                        _ => None,
                    };
                    let row_major = |q: &TypeQualifier| q.layouts().any(|l| l.name == "row_major");
                    if members(&b.1) != members(&ty)
                        || array_length(&b.1) != array_length(&ty)
                        || block_layout(&b.2) != block_layout(&g.qual)
                        || row_major(&b.2) != row_major(&g.qual)
                        || matches!((crate::link::explicit_int(&b.2, "binding"), crate::link::explicit_int(&g.qual, "binding")), (Some(x), Some(y)) if x != y)
                    {
                        diags.error(g.loc, format!("shader storage block `{}' differs between stages", block));
                    }
                }
                None => blocks.push((block.clone(), ty, g.qual.clone(), vec![s.stage], instance)),
            }
        }
    }
    for (name, ty, _, _, _) in &blocks {
        let block = match ty {
            Type::Array(e, _) => &**e,
            t => t,
        };
        let Type::Block(st) = block else { continue };
        let before_last = st.members.len().saturating_sub(1);
        // GLSL 4.30 section 4.1.9: only the last member is sized at run time; an earlier
        // unsized member needs a size by link time, which galvan takes from no index.
        if let Some((m, _)) = st.members[..before_last].iter().find(|(_, t)| matches!(t, Type::Array(_, None))) {
            diags.error(
                SourceLoc::default(),
                format!("member `{}' of shader storage block `{}' is an unsized array but not the block's last member", m, name),
            );
        }
    }
    let mut out = Vec::new();
    for (name, ty, qual, stages, instance) in blocks {
        let (block_ty, count) = match &ty {
            Type::Array(e, n) => ((**e).clone(), Some(n.unwrap_or(1))),
            t => (t.clone(), None),
        };
        let layout_kind = block_layout(&qual);
        let binding = explicit_binding(&qual).unwrap_or(0);
        let members = buffer_variables(&block_ty, &if instance { format!("{name}.") } else { String::new() }, layout_kind);
        let data_size = layout::size(&block_ty, layout_kind);
        if data_size > MAX_SHADER_STORAGE_BLOCK_SIZE {
            diags.error(SourceLoc::default(), format!("shader storage block `{name}' takes {data_size} bytes, more than GL_MAX_SHADER_STORAGE_BLOCK_SIZE ({MAX_SHADER_STORAGE_BLOCK_SIZE})"));
        }
        for i in 0..count.unwrap_or(1) {
            let block_name = if count.is_some() { format!("{}[{}]", name, i) } else { name.clone() };
            out.push(StorageBlock {
                name: block_name,
                index: out.len() as u32,
                initial_binding: binding + i,
                data_size,
                stages: stages.clone(),
                array_index: i,
                array_size: count.unwrap_or(1),
                members: if i == 0 { members.clone() } else { Vec::new() },
            });
        }
    }
    out
}

/// The work-group size of a program's compute stage; an error when its shaders declare
/// none, or disagree. None as well for a variable size (ARB_compute_variable_group_size),
/// which each dispatch gives instead.
pub fn link_local_size(units: &[&CompiledShader], diags: &mut Diagnostics) -> Option<[u32; 3]> {
    let mut size: Option<[u32; 3]> = None;
    let compute = || units.iter().filter(|s| s.stage == Stage::Compute);
    let variable = compute().any(|s| s.interface.as_ref().is_some_and(|i| i.local_size_variable));
    for s in compute() {
        let Some(l) = s.interface.as_ref().and_then(|i| i.local_size) else { continue };
        match size {
            Some(prev) if prev != l => diags.error(SourceLoc::default(), "compute shaders of one program declare different local sizes"),
            _ => size = Some(l),
        }
    }
    if variable && size.is_some() {
        diags.error(SourceLoc::default(), "compute shaders of one program declare both a fixed and a variable local size");
    } else if size.is_none() && !variable && compute().next().is_some() {
        diags.error(SourceLoc::default(), "the compute shader declares no local size (layout(local_size_x = N) in)");
    }
    size
}

/// Whether `t` (or its element type) is an image type (`image2D`, `uimage3D`, ...).
pub fn is_image_type(t: &Type) -> bool {
    match t {
        Type::Array(e, _) => is_image_type(e),
        Type::Opaque(name) => name.starts_with("image") || name.starts_with("iimage") || name.starts_with("uimage"),
        _ => false,
    }
}
