//! glClampColor (ARB_color_buffer_float, GL 3.0): whether vertex colours, fragment colours
//! and read-back colours are clamped to [0, 1]. GL_FIXED_ONLY clamps only where the
//! colour buffer involved has fixed-point components.

use crate::context::ContextState;
use crate::types::enums::*;
use crate::types::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColorClamp {
    /// GL_CLAMP_VERTEX_COLOR (compatibility profile).
    pub vertex: GLenum,
    /// GL_CLAMP_FRAGMENT_COLOR (compatibility profile).
    pub fragment: GLenum,
    /// GL_CLAMP_READ_COLOR.
    pub read: GLenum,
}

impl Default for ColorClamp {
    fn default() -> Self {
        ColorClamp { vertex: GL_TRUE, fragment: GL_FIXED_ONLY, read: GL_FIXED_ONLY }
    }
}

/// Whether a clamp setting clamps a colour buffer that is (`fixed_point`) or is not
/// fixed-point.
pub fn clamps(setting: GLenum, fixed_point: bool) -> bool {
    setting == GL_TRUE || (setting == GL_FIXED_ONLY && fixed_point)
}

impl ContextState {
    pub(crate) fn gl_clamp_color(&mut self, target: GLenum, clamp: GLenum) {
        let legacy = !self.is_core() && !self.is_gles();
        let valid_target = target == GL_CLAMP_READ_COLOR || (legacy && matches!(target, GL_CLAMP_VERTEX_COLOR | GL_CLAMP_FRAGMENT_COLOR));
        let valid_clamp = matches!(clamp, GL_FIXED_ONLY | GL_TRUE | GL_FALSE);
        if !self.check(valid_target && valid_clamp, GL_INVALID_ENUM) {
            return;
        }
        let c = &mut self.state.color_clamp;
        match target {
            GL_CLAMP_VERTEX_COLOR => c.vertex = clamp,
            GL_CLAMP_FRAGMENT_COLOR => c.fragment = clamp,
            _ => c.read = clamp,
        }
    }

    /// The value glGet reports for a clamp target, if `pname` is one this context has.
    pub(crate) fn color_clamp_value(&self, pname: GLenum) -> Option<GLenum> {
        let legacy = !self.is_core() && !self.is_gles();
        let c = &self.state.color_clamp;
        match pname {
            GL_CLAMP_READ_COLOR if !self.is_gles() => Some(c.read),
            GL_CLAMP_VERTEX_COLOR if legacy => Some(c.vertex),
            GL_CLAMP_FRAGMENT_COLOR if legacy => Some(c.fragment),
            _ => None,
        }
    }
}

/// How glClampColor treats the colours of one draw into `targets`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DrawColorClamp {
    /// GL_CLAMP_VERTEX_COLOR clamps the colour varyings.
    pub vertex: bool,
    /// GL_CLAMP_FRAGMENT_COLOR clamps the fragment colours and some colour buffer is one the
    /// device does not clamp to [0, 1] itself (floating point or signed normalised).
    pub fragment_in_shader: bool,
}

/// The numeric kind of a colour buffer, as far as clamping goes.
fn fixed_point(format: vk_backend::Format) -> Option<bool> {
    use vk_backend::Format::*;
    use vk_backend::FormatClass;
    match format {
        _ if format.class() != FormatClass::Float => None,
        R8Unorm | Rg8Unorm | Rgba8Unorm | Rgba8Srgb | Bgra8Unorm | Bgra8Srgb | R5G6B5Unorm | Rgb5A1Unorm | Rgb10A2Unorm | R16Unorm | Rg16Unorm | Rgba16Unorm => Some(true),
        R8Snorm | Rg8Snorm | Rgba8Snorm | R16Snorm | Rg16Snorm | Rgba16Snorm => Some(true),
        _ => Some(false),
    }
}

/// Whether the device clamps what it writes to `format` to [0, 1].
fn device_clamps(format: vk_backend::Format) -> bool {
    use vk_backend::Format::*;
    matches!(format, R8Unorm | Rg8Unorm | Rgba8Unorm | Rgba8Srgb | Bgra8Unorm | Bgra8Srgb | R5G6B5Unorm | Rgb5A1Unorm | Rgb10A2Unorm | R16Unorm | Rg16Unorm | Rgba16Unorm)
}

impl ColorClamp {
    /// The clamping of a draw into colour buffers of `formats` (integer buffers, which no
    /// clamp applies to, are passed over). GL_FIXED_ONLY clamps when every other colour
    /// buffer is fixed point.
    pub(crate) fn for_draw(&self, formats: impl Iterator<Item = vk_backend::Format> + Clone) -> DrawColorClamp {
        let all_fixed = formats.clone().filter_map(fixed_point).all(|fixed| fixed);
        let unclamped_buffer = formats.filter(|f| fixed_point(*f).is_some()).any(|f| !device_clamps(f));
        DrawColorClamp { vertex: clamps(self.vertex, all_fixed), fragment_in_shader: clamps(self.fragment, all_fixed) && unclamped_buffer }
    }
}

impl ContextState {
    /// Whether every colour buffer of the draw framebuffer that is not an integer one is
    /// fixed point (the window's always are): what GL_FIXED_ONLY asks.
    fn draw_buffers_fixed_point(&self) -> bool {
        let name = self.bindings.draw_framebuffer;
        let Some(fb) = self.framebuffers.get(name).filter(|_| name != 0) else { return true };
        fb.colors.iter().filter_map(|&a| self.attached_image(a)).all(|img| {
            use gl_formats::ComponentKind::*;
            matches!(img.format.info.kind, Unorm | Snorm | Uint | Sint)
        })
    }

    /// Whether GL_CLAMP_FRAGMENT_COLOR applies with the current draw framebuffer, which
    /// also clamps the colour state queries return (ARB_color_buffer_float).
    pub(crate) fn fragment_color_clamped(&self) -> bool {
        let c = self.state.color_clamp;
        match c.fragment {
            GL_TRUE => true,
            GL_FIXED_ONLY => self.draw_buffers_fixed_point(),
            _ => false,
        }
    }

    /// The fog colour, blend colour, clear colour or alpha reference as glGet returns them
    /// while fragment colours are clamped: in [0, 1]. `None` for other pnames, or when
    /// nothing is clamped.
    pub(crate) fn clamped_color_query(&self, pname: GLenum) -> Option<crate::queries::get::Value> {
        use crate::queries::get::Value;
        let s = &self.state;
        let color = match pname {
            GL_FOG_COLOR if !self.is_core() && !self.is_gles() => s.fog.color,
            GL_BLEND_COLOR => s.blend.color,
            GL_COLOR_CLEAR_VALUE => s.clear.color,
            GL_ALPHA_TEST_REF if !self.is_core() && !self.is_gles() => [s.alpha_test.reference_unclamped, 0.0, 0.0, 0.0],
            _ => return None,
        };
        if self.is_gles() || !self.fragment_color_clamped() {
            return None;
        }
        let v = color.map(|c| f64::from(c).clamp(0.0, 1.0));
        Some(if pname == GL_ALPHA_TEST_REF { Value::Float { v, n: 1, normalized: true } } else { Value::floats(v, true) })
    }
}
