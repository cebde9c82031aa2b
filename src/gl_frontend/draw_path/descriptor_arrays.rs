//! Where each sampler, image and uniform block element of a program sits among its
//! descriptors. A plain array uniform or an array of blocks, an array of arrays included
//! (`tex[i][j]` is element `i * n + j`), is one binding whose descriptor array runs over its
//! elements in order; a sampler or image member of a uniform struct is a binding of its own.
//! The link, the draw and the dispatch all ask here, so the layout and the writes agree.

use glsl::{ActiveUniform, ProgramInterface, UniformBlock};

/// First binding of sampler uniforms; image uniforms start at 384.
pub(crate) const SAMPLER_BINDING_BASE: u32 = 128;
pub(crate) const IMAGE_BINDING_BASE: u32 = 384;

/// One binding of opaque uniforms: its number, descriptor count and GL type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct OpaqueBinding {
    pub binding: u32,
    pub count: u32,
    pub gl_type: u32,
}

fn binding_base(u: &ActiveUniform) -> u32 {
    if crate::draw_path::images::is_image_type(u.gl_type) {
        IMAGE_BINDING_BASE
    } else {
        SAMPLER_BINDING_BASE
    }
}

/// The name of the variable (or struct member) an active uniform entry belongs to, without
/// array indices: `tex` for `tex[1]`, `s.tex` for `s[2].tex`.
pub(crate) fn unindexed_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut depth = 0;
    for c in name.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

fn root_name(name: &str) -> &str {
    name.split('[').next().unwrap_or(name)
}

/// (binding, descriptor element) of the first element of the opaque uniform entry `u`;
/// `None` for a uniform that is not a sampler or image. The entries of one array (of
/// arrays, or of structs for a member) share the binding of the first, in order.
pub(crate) fn descriptor_of(interface: &ProgramInterface, u: &ActiveUniform) -> Option<(u32, u32)> {
    let index = u.sampler_index?;
    let is_opaque = |t: u32| crate::objects::program_link::is_sampler_type(t) || crate::draw_path::images::is_image_type(t);
    if !is_opaque(u.gl_type) {
        return None;
    }
    let key = unindexed_name(&u.name);
    let mut first = index;
    let mut element = 0;
    for o in interface.uniforms.iter().filter(|o| o.sampler_index.is_some() && is_opaque(o.gl_type) && unindexed_name(&o.name) == key) {
        let other = o.sampler_index.unwrap_or(index);
        first = first.min(other);
        if other < index {
            element += o.array_size.max(1);
        }
    }
    Some((binding_base(u) + first, element))
}

/// Every sampler (`images` false) or image (`images` true) binding of the program.
pub(crate) fn opaque_bindings(interface: &ProgramInterface, images: bool) -> Vec<OpaqueBinding> {
    let mut out: Vec<OpaqueBinding> = Vec::new();
    for u in interface.uniforms.iter().filter(|u| crate::draw_path::images::is_image_type(u.gl_type) == images) {
        let Some((binding, element)) = descriptor_of(interface, u) else { continue };
        let end = element + u.array_size.max(1);
        match out.iter_mut().find(|b| b.binding == binding) {
            Some(b) => b.count = b.count.max(end),
            None => out.push(OpaqueBinding { binding, count: end, gl_type: u.gl_type }),
        }
    }
    out
}

/// (binding, descriptor element) of the uniform block `block`: the blocks of one array
/// (`b[0]`, `b[1]`, ...) share the binding of their first element.
pub(crate) fn uniform_block_descriptor(interface: &ProgramInterface, block: &UniformBlock) -> (u32, u32) {
    if !block.name.contains('[') {
        return (1 + block.index, 0);
    }
    let root = root_name(&block.name);
    let first = interface
        .uniform_blocks
        .iter()
        .filter(|b| b.name.contains('[') && root_name(&b.name) == root)
        .map(|b| b.index)
        .min()
        .unwrap_or(block.index);
    (1 + first, block.index - first)
}

/// Every uniform block binding of the program, as (binding, descriptor count).
pub(crate) fn uniform_block_bindings(interface: &ProgramInterface) -> Vec<(u32, u32)> {
    let mut out: Vec<(u32, u32)> = Vec::new();
    for block in &interface.uniform_blocks {
        let (binding, element) = uniform_block_descriptor(interface, block);
        match out.iter_mut().find(|b| b.0 == binding) {
            Some(b) => b.1 = b.1.max(element + 1),
            None => out.push((binding, element + 1)),
        }
    }
    out
}
