//! glPushAttrib / glPopAttrib and glPushClientAttrib / glPopClientAttrib (compatibility
//! profile).
//!
//! A push saves a copy of the whole fixed-function state with the mask; a pop copies back
//! only the groups of the mask, field by field as GL's attribute tables group them.
//! Pushing is rare (a few times a frame), so copying the state is cheaper than tracking
//! which groups were touched.

use crate::context::ContextState;
use crate::objects::bindings::PixelStore;
use crate::objects::vertex_array::{VertexArray, CONVENTIONAL_BASE};
use crate::state::enables::Cap;
use crate::state::{Dirty, GlState};
use crate::types::enums::*;
use crate::types::*;

/// GL_MAX_ATTRIB_STACK_DEPTH and GL_MAX_CLIENT_ATTRIB_STACK_DEPTH (GL's minimum, 16).
pub const MAX_ATTRIB_STACK_DEPTH: usize = 16;

/// One glPushAttrib.
#[derive(Clone, Debug)]
pub struct SavedAttribs {
    mask: GLbitfield,
    state: Box<GlState>,
    /// GL_CURRENT_BIT: the conventional current values (colour, normal, texture coordinates...).
    current: Vec<[f32; 4]>,
    /// GL_TEXTURE_BIT: the active unit and every unit's bindings.
    active_texture: u32,
    textures: Vec<[GLuint; crate::objects::texture::TARGET_COUNT]>,
    /// GL_LIST_BIT.
    list_base: GLuint,
}

/// One glPushClientAttrib.
#[derive(Clone, Debug)]
pub struct SavedClientAttribs {
    mask: GLbitfield,
    pack: PixelStore,
    unpack: PixelStore,
    vertex_array: GLuint,
    array_buffer: GLuint,
    client_active_texture: u32,
    /// The bound vertex array's arrays.
    arrays: Option<VertexArray>,
}

/// The two attribute stacks of a context.
#[derive(Clone, Debug, Default)]
pub struct AttribStacks {
    pub server: Vec<SavedAttribs>,
    pub client: Vec<SavedClientAttribs>,
}

/// Copies the capabilities `caps` from `from` to `to`.
fn copy_caps(to: &mut GlState, from: &GlState, caps: &[Cap]) {
    for &cap in caps {
        to.enables.set(cap, from.enables.is(cap));
    }
}

/// Copies the groups of `mask` from `saved` into `s`.
fn restore_groups(s: &mut GlState, saved: &GlState, mask: GLbitfield) {
    if mask & GL_ENABLE_BIT != 0 {
        s.enables = saved.enables.clone();
        for (unit, saved_unit) in s.texture_env.units.iter_mut().zip(&saved.texture_env.units) {
            unit.enabled = saved_unit.enabled;
        }
        s.legacy_enables = saved.legacy_enables.clone();
        s.evaluators.restore_enables(&saved.evaluators);
        s.lighting.enabled = saved.lighting.enabled;
        s.lighting.color_material = saved.lighting.color_material;
        s.lighting.normalize = saved.lighting.normalize;
        s.lighting.rescale_normal = saved.lighting.rescale_normal;
        for (light, saved_light) in s.lighting.lights.iter_mut().zip(&saved.lighting.lights) {
            light.enabled = saved_light.enabled;
        }
        s.fog.enabled = saved.fog.enabled;
        s.points.sprite = saved.points.sprite;
        s.alpha_test.enabled = saved.alpha_test.enabled;
        for (unit, saved_unit) in s.texgen.units.iter_mut().zip(&saved.texgen.units) {
            for (c, saved_c) in unit.iter_mut().zip(saved_unit) {
                c.enabled = saved_c.enabled;
            }
        }
    }
    if mask & GL_COLOR_BUFFER_BIT != 0 {
        s.blend = saved.blend.clone();
        s.clear.color = saved.clear.color;
        s.color_index.clear = saved.color_index.clear;
        s.color_index.writemask = saved.color_index.writemask;
        s.enables.blend = saved.enables.blend;
        copy_caps(s, saved, &[Cap::Dither, Cap::ColorLogicOp, Cap::FramebufferSrgb]);
        s.alpha_test = saved.alpha_test;
    }
    if mask & GL_CURRENT_BIT != 0 {
        s.raster_pos = saved.raster_pos.clone();
        s.edge_flag = saved.edge_flag;
        s.color_index.current = saved.color_index.current;
    }
    if mask & GL_PIXEL_MODE_BIT != 0 {
        s.pixel_transfer = saved.pixel_transfer;
    }
    if mask & GL_DEPTH_BUFFER_BIT != 0 {
        s.depth_stencil.depth_func = saved.depth_stencil.depth_func;
        s.depth_stencil.depth_write = saved.depth_stencil.depth_write;
        s.clear.depth = saved.clear.depth;
        copy_caps(s, saved, &[Cap::DepthTest]);
    }
    if mask & GL_STENCIL_BUFFER_BIT != 0 {
        s.depth_stencil.front = saved.depth_stencil.front;
        s.depth_stencil.back = saved.depth_stencil.back;
        s.clear.stencil = saved.clear.stencil;
        copy_caps(s, saved, &[Cap::StencilTest]);
    }
    if mask & GL_VIEWPORT_BIT != 0 {
        s.viewport.viewports = saved.viewport.viewports;
        s.viewport.depth_ranges = saved.viewport.depth_ranges;
    }
    if mask & GL_SCISSOR_BIT != 0 {
        s.viewport.scissors = saved.viewport.scissors;
        s.enables.scissor_tests = saved.enables.scissor_tests;
    }
    if mask & GL_POLYGON_BIT != 0 {
        let (r, o) = (&mut s.raster, &saved.raster);
        r.cull_face = o.cull_face;
        r.front_face = o.front_face;
        r.polygon_mode = o.polygon_mode;
        r.polygon_offset_factor = o.polygon_offset_factor;
        r.polygon_offset_units = o.polygon_offset_units;
        r.polygon_offset_clamp = o.polygon_offset_clamp;
        copy_caps(s, saved, &[Cap::CullFace, Cap::PolygonOffsetFill, Cap::PolygonOffsetLine, Cap::PolygonOffsetPoint, Cap::PolygonSmooth]);
    }
    if mask & GL_LINE_BIT != 0 {
        s.raster.line_width = saved.raster.line_width;
        copy_caps(s, saved, &[Cap::LineSmooth]);
    }
    if mask & GL_POINT_BIT != 0 {
        s.raster.point_size = saved.raster.point_size;
        s.points = saved.points;
    }
    if mask & GL_TRANSFORM_BIT != 0 {
        s.matrices.mode = saved.matrices.mode;
        s.enables.clip_distances = saved.enables.clip_distances;
        s.clip_control = saved.clip_control;
        copy_caps(s, saved, &[Cap::DepthClamp]);
        s.lighting.normalize = saved.lighting.normalize;
        s.lighting.rescale_normal = saved.lighting.rescale_normal;
    }
    if mask & GL_TEXTURE_BIT != 0 {
        s.texture_env = saved.texture_env.clone();
        s.texgen = saved.texgen.clone();
    }
    if mask & GL_LIGHTING_BIT != 0 {
        s.raster.shade_model = saved.raster.shade_model;
        s.lighting = saved.lighting.clone();
    }
    if mask & GL_EVAL_BIT != 0 {
        s.evaluators.restore_eval_group(&saved.evaluators);
    }
    if mask & GL_FOG_BIT != 0 {
        s.fog = saved.fog;
    }
    if mask & GL_HINT_BIT != 0 {
        s.hints = saved.hints.clone();
    }
    if mask & GL_ACCUM_BUFFER_BIT != 0 {
        s.clear.accum = saved.clear.accum;
    }
    if mask & GL_MULTISAMPLE_BIT != 0 {
        copy_caps(s, saved, &[Cap::Multisample, Cap::SampleAlphaToCoverage, Cap::SampleAlphaToOne, Cap::SampleCoverage]);
    }
}

impl ContextState {
    pub(crate) fn gl_push_attrib(&mut self, mask: GLbitfield) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return;
        }
        if !self.check(self.attrib_stacks.server.len() < MAX_ATTRIB_STACK_DEPTH, GL_STACK_OVERFLOW) {
            return;
        }
        let saved = SavedAttribs {
            mask,
            state: Box::new(self.state.clone()),
            current: self.current_attribs[CONVENTIONAL_BASE..].to_vec(),
            active_texture: self.bindings.active_texture,
            textures: self.bindings.textures.clone(),
            list_base: self.display_lists.base,
        };
        self.attrib_stacks.server.push(saved);
    }

    pub(crate) fn gl_pop_attrib(&mut self) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return;
        }
        let Some(saved) = self.attrib_stacks.server.pop() else {
            return self.record_error(GL_STACK_UNDERFLOW);
        };
        let mask = saved.mask;
        restore_groups(&mut self.state, &saved.state, mask);
        if mask & GL_CURRENT_BIT != 0 {
            let n = saved.current.len().min(self.current_attribs.len().saturating_sub(CONVENTIONAL_BASE));
            self.current_attribs[CONVENTIONAL_BASE..CONVENTIONAL_BASE + n].copy_from_slice(&saved.current[..n]);
        }
        if mask & GL_TEXTURE_BIT != 0 {
            self.bindings.active_texture = saved.active_texture;
            // Names deleted since the push are not brought back: they bind texture 0.
            let objects = self.share.lock();
            for (unit, saved_unit) in self.bindings.textures.iter_mut().zip(&saved.textures) {
                for (binding, &name) in unit.iter_mut().zip(saved_unit) {
                    *binding = if name == 0 || objects.textures.get(name).is_some() { name } else { 0 };
                }
            }
        }
        if mask & GL_LIST_BIT != 0 {
            self.display_lists.base = saved.list_base;
        }
        self.state.dirty.insert(Dirty::ALL);
    }

    pub(crate) fn gl_push_client_attrib(&mut self, mask: GLbitfield) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return;
        }
        if !self.check(self.attrib_stacks.client.len() < MAX_ATTRIB_STACK_DEPTH, GL_STACK_OVERFLOW) {
            return;
        }
        let saved = SavedClientAttribs {
            mask,
            pack: self.bindings.pack.clone(),
            unpack: self.bindings.unpack.clone(),
            vertex_array: self.bindings.vertex_array,
            array_buffer: self.bindings.array_buffer,
            client_active_texture: self.client_active_texture,
            arrays: self.vertex_arrays.get(self.bindings.vertex_array).cloned(),
        };
        self.attrib_stacks.client.push(saved);
    }

    pub(crate) fn gl_pop_client_attrib(&mut self) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return;
        }
        let Some(saved) = self.attrib_stacks.client.pop() else {
            return self.record_error(GL_STACK_UNDERFLOW);
        };
        if saved.mask & GL_CLIENT_PIXEL_STORE_BIT != 0 {
            self.bindings.pack = saved.pack;
            self.bindings.unpack = saved.unpack;
        }
        if saved.mask & GL_CLIENT_VERTEX_ARRAY_BIT != 0 {
            // A vertex array deleted since the push is not brought back.
            if let (Some(arrays), Some(current)) = (saved.arrays, self.vertex_arrays.get_mut(saved.vertex_array)) {
                *current = arrays;
                self.bindings.vertex_array = saved.vertex_array;
            }
            self.bindings.array_buffer = saved.array_buffer;
            self.client_active_texture = saved.client_active_texture;
            self.state.dirty.insert(Dirty::VERTEX_INPUT);
        }
    }

    /// GL_ATTRIB_STACK_DEPTH and friends.
    pub(crate) fn attrib_stack_value(&self, pname: GLenum) -> Option<i64> {
        Some(match pname {
            GL_ATTRIB_STACK_DEPTH => self.attrib_stacks.server.len() as i64,
            GL_CLIENT_ATTRIB_STACK_DEPTH => self.attrib_stacks.client.len() as i64,
            GL_MAX_ATTRIB_STACK_DEPTH | GL_MAX_CLIENT_ATTRIB_STACK_DEPTH => MAX_ATTRIB_STACK_DEPTH as i64,
            _ => return None,
        })
    }
}
