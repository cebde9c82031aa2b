//! GL sampler state as the Vulkan sampler of one texture. Two GL rules need the texture:
//! GL_CLAMP, which Vulkan lacks (emulated as CLAMP_TO_BORDER behind a coordinate clamp in
//! the shader, `lower_tex_clamp`), and the border colour, which GL reads through the
//! texture's base format (an ALPHA texture's border is (0, 0, 0, A)) while Vulkan puts it
//! in place of a stored texel, before the view swizzle.

use gl_formats::Swizzle as Stored;
use nir_like::passes::ClampMask;
use vk_backend::{BorderColor, Filter, MipFilter, SamplerDesc, WrapMode};

use crate::draw_path::render_state::map_compare;
use crate::objects::sampler::SamplerState;
use crate::objects::texture_target::SampleKind;
use crate::types::enums::*;
use crate::types::*;

/// Per sampler binding, the coordinates a program variant clamps for GL_CLAMP.
pub(crate) type ClampKey = Vec<(u32, ClampMask)>;

/// How one sampler binding of a program reads its texture, beyond the GL sampler state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SampledTexture {
    /// What each GL component (R, G, B, A) of the texture reads from its stored channels.
    pub stored: [Stored; 4],
    /// The kind of values the sampler returns (integer samplers take an integer border).
    pub kind: SampleKind,
    /// The coordinates the program's shader clamps for GL_CLAMP (see `clamp_mask`).
    pub shader_clamp: ClampMask,
}

fn is_linear(filter: GLenum) -> bool {
    !matches!(filter, GL_NEAREST | GL_NEAREST_MIPMAP_NEAREST | GL_NEAREST_MIPMAP_LINEAR)
}

/// The coordinates (bit 0 s, 1 t, 2 r) whose GL_CLAMP needs the shader's clamp: those of a
/// filtered texture. With nearest filtering GL_CLAMP reads as CLAMP_TO_EDGE.
pub(crate) fn clamp_mask(s: &SamplerState) -> ClampMask {
    if !is_linear(s.min_filter) && !is_linear(s.mag_filter) {
        return 0;
    }
    [s.wrap_s, s.wrap_t, s.wrap_r].iter().enumerate().filter(|(_, &w)| w == GL_CLAMP).fold(0, |m, (i, _)| m | 1 << i)
}

/// The border colour's words placed in the stored channels, so that the view swizzle
/// (stored channels to GL components) yields what GL's base format reads: a channel takes
/// the border component of the first GL component that reads it, so LUMINANCE stored in R
/// takes the border's red and ALPHA stored in R its alpha. Unread channels take (0, 0, 0, 1).
pub(crate) fn stored_border(border: [u32; 4], stored: [Stored; 4], one: u32) -> [u32; 4] {
    let mut out = [0, 0, 0, one];
    let mut set = [false; 4];
    for (component, source) in stored.iter().enumerate() {
        let channel = match source {
            Stored::R => 0,
            Stored::G => 1,
            Stored::B => 2,
            Stored::A => 3,
            Stored::Zero | Stored::One => continue,
        };
        if !set[channel] {
            out[channel] = border[component];
            set[channel] = true;
        }
    }
    out
}

/// The backend sampler of GL sampler state for `texture`.
pub(crate) fn map_sampler(s: &SamplerState, texture: &SampledTexture) -> SamplerDesc {
    let filter = |f: GLenum| if is_linear(f) { Filter::Linear } else { Filter::Nearest };
    let wrap = |w: GLenum, coordinate: u8| match w {
        GL_MIRRORED_REPEAT => WrapMode::MirroredRepeat,
        GL_CLAMP if texture.shader_clamp & (1 << coordinate) != 0 => WrapMode::ClampToBorder,
        GL_CLAMP_TO_EDGE | GL_CLAMP => WrapMode::ClampToEdge,
        GL_CLAMP_TO_BORDER => WrapMode::ClampToBorder,
        GL_MIRROR_CLAMP_TO_EDGE => WrapMode::MirrorClampToEdge,
        _ => WrapMode::Repeat,
    };
    let border = match texture.kind {
        SampleKind::Float => BorderColor::Float(stored_border(s.border_color, texture.stored, 1.0f32.to_bits()).map(f32::from_bits)),
        // Vulkan's integer border is one set of 32-bit words for signed and unsigned alike.
        SampleKind::Sint | SampleKind::Uint => BorderColor::Int(stored_border(s.border_color, texture.stored, 1).map(|w| w as i32)),
    };
    SamplerDesc {
        min_filter: filter(s.min_filter),
        mag_filter: filter(s.mag_filter),
        mip_filter: match s.min_filter {
            GL_NEAREST_MIPMAP_NEAREST | GL_LINEAR_MIPMAP_NEAREST => MipFilter::Nearest,
            GL_NEAREST_MIPMAP_LINEAR | GL_LINEAR_MIPMAP_LINEAR => MipFilter::Linear,
            _ => MipFilter::None,
        },
        wrap: [wrap(s.wrap_s, 0), wrap(s.wrap_t, 1), wrap(s.wrap_r, 2)],
        min_lod: s.min_lod,
        max_lod: s.max_lod,
        lod_bias: s.lod_bias,
        compare: (s.compare_mode == GL_COMPARE_REF_TO_TEXTURE).then(|| map_compare(s.compare_func)),
        border,
        max_anisotropy: s.max_anisotropy,
        seamless_cube: true,
    }
}
