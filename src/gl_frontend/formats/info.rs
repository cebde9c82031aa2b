//! What galvan knows about one GL internal format: its base format, component types and
//! sizes (the glGetTexLevelParameter / glGetInternalformativ answers), where it is legal, and
//! how it is stored (a storage format plus what each stored channel holds).

use crate::api::Api;
use crate::gl;
use crate::storage::{Block, StorageFormat};

/// The base internal format (GL 4.6 compatibility table 8.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BaseFormat {
    Alpha,
    Luminance,
    LuminanceAlpha,
    Intensity,
    Red,
    Rg,
    Rgb,
    Rgba,
    DepthComponent,
    DepthStencil,
    StencilIndex,
}

impl BaseFormat {
    /// The GL enum of the base format (GL_TEXTURE_INTERNAL_FORMAT of an unsized texture).
    pub fn gl_enum(self) -> u32 {
        match self {
            BaseFormat::Alpha => gl::GL_ALPHA,
            BaseFormat::Luminance => gl::GL_LUMINANCE,
            BaseFormat::LuminanceAlpha => gl::GL_LUMINANCE_ALPHA,
            BaseFormat::Intensity => gl::GL_INTENSITY,
            BaseFormat::Red => gl::GL_RED,
            BaseFormat::Rg => gl::GL_RG,
            BaseFormat::Rgb => gl::GL_RGB,
            BaseFormat::Rgba => gl::GL_RGBA,
            BaseFormat::DepthComponent => gl::GL_DEPTH_COMPONENT,
            BaseFormat::DepthStencil => gl::GL_DEPTH_STENCIL,
            BaseFormat::StencilIndex => gl::GL_STENCIL_INDEX,
        }
    }

    /// Whether the base format is one of the legacy ALPHA/LUMINANCE/INTENSITY forms.
    pub fn is_legacy(self) -> bool {
        matches!(self, BaseFormat::Alpha | BaseFormat::Luminance | BaseFormat::LuminanceAlpha | BaseFormat::Intensity)
    }

    /// Whether the base format is a colour one.
    pub fn is_color(self) -> bool {
        !matches!(self, BaseFormat::DepthComponent | BaseFormat::DepthStencil | BaseFormat::StencilIndex)
    }
}

/// How a component's bits are read (GL_TEXTURE_RED_TYPE and friends).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ComponentKind {
    Unorm,
    Snorm,
    Float,
    Uint,
    Sint,
}

impl ComponentKind {
    /// The GL enum a *_TYPE query returns.
    pub fn gl_enum(self) -> u32 {
        match self {
            ComponentKind::Unorm => gl::GL_UNSIGNED_NORMALIZED,
            ComponentKind::Snorm => gl::GL_SIGNED_NORMALIZED,
            ComponentKind::Float => gl::GL_FLOAT,
            ComponentKind::Uint => gl::GL_UNSIGNED_INT,
            ComponentKind::Sint => gl::GL_INT,
        }
    }

    /// Whether values are integers (no normalisation, no filtering).
    pub fn is_integer(self) -> bool {
        matches!(self, ComponentKind::Uint | ComponentKind::Sint)
    }
}

/// Bits per component, as GL_TEXTURE_*_SIZE reports them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ComponentBits {
    pub red: u8,
    pub green: u8,
    pub blue: u8,
    pub alpha: u8,
    pub luminance: u8,
    pub intensity: u8,
    pub depth: u8,
    pub stencil: u8,
    /// GL_TEXTURE_SHARED_SIZE: the exponent bits of RGB9_E5.
    pub shared: u8,
}

/// The GL component a stored channel holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Comp {
    R,
    G,
    B,
    A,
    L,
    I,
    /// Nothing GL-visible: written as 0.
    Zero,
    /// Nothing GL-visible: written as 1 (alpha of an RGB format stored with four channels).
    One,
}

/// One component of the swizzle that makes a stored texel look like the GL format when
/// sampled: a stored channel, or a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Swizzle {
    R,
    G,
    B,
    A,
    Zero,
    One,
}

/// Where a format is legal: a desktop version (in the core profile too unless `compat_only`),
/// an ES version, or any of the listed extensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Availability {
    pub gl: Option<(u8, u8)>,
    pub compat_only: bool,
    pub es: Option<(u8, u8)>,
    pub extensions: &'static [&'static str],
}

impl Availability {
    /// Whether the format is legal on `api` given the extensions `has_extension` reports.
    pub fn allows(&self, api: Api, has_extension: &dyn Fn(&str) -> bool) -> bool {
        let by_version = match api {
            Api::Core { major, minor } => !self.compat_only && self.gl.is_some_and(|v| (major, minor) >= v),
            Api::Compat { major, minor } => self.gl.is_some_and(|v| (major, minor) >= v),
            Api::Es { major, minor } => self.es.is_some_and(|v| (major, minor) >= v),
        };
        let legacy_blocked = self.compat_only && matches!(api, Api::Core { .. } | Api::Es { .. });
        by_version || (!legacy_blocked && self.extensions.iter().any(|e| has_extension(e)))
    }
}

/// Everything galvan knows about one internal format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatInfo {
    /// The GL enum (GL_RGBA8, GL_LUMINANCE, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, ...).
    pub internal_format: u32,
    pub name: &'static str,
    pub base: BaseFormat,
    /// Sized formats report their own enum as GL_TEXTURE_INTERNAL_FORMAT; unsized ones the base.
    pub sized: bool,
    /// Type of the colour (or depth) components.
    pub kind: ComponentKind,
    pub bits: ComponentBits,
    /// Colour components are sRGB-encoded.
    pub srgb: bool,
    /// The preferred storage format.
    pub storage: StorageFormat,
    /// What each stored channel (R, G, B, A of `storage`) holds.
    pub store: [Comp; 4],
    pub availability: Availability,
}

impl FormatInfo {
    /// The table entry of `internal_format`, `None` when it is not a GL internal format.
    pub fn lookup(internal_format: u32) -> Option<&'static FormatInfo> {
        crate::table::FORMATS.iter().find(|f| f.internal_format == internal_format)
    }

    /// Every format galvan knows.
    pub fn all() -> &'static [FormatInfo] {
        crate::table::FORMATS
    }

    /// Whether the format is legal on `api` with the extensions `has_extension` reports.
    pub fn is_available(&self, api: Api, has_extension: &dyn Fn(&str) -> bool) -> bool {
        self.availability.allows(api, has_extension)
    }

    /// The compression block, for compressed formats.
    pub fn block(&self) -> Option<Block> {
        self.storage.block()
    }

    pub fn is_compressed(&self) -> bool {
        self.block().is_some() || self.is_generic_compressed()
    }

    /// Whether GL never compresses texels into this format itself: ASTC and ETC1, whose
    /// specifications keep them out of glTexImage, glTexSubImage, glCopyTexImage and
    /// glGenerateMipmap (GL_INVALID_OPERATION); their images come as blocks only.
    pub fn blocks_only(&self) -> bool {
        matches!(self.storage, StorageFormat::Astc { .. }) || self.internal_format == gl::GL_ETC1_RGB8_OES
    }

    /// GL_COMPRESSED_RGBA and friends: the implementation may store them uncompressed (galvan
    /// does), and they report GL_TEXTURE_COMPRESSED false.
    pub fn is_generic_compressed(&self) -> bool {
        matches!(
            self.internal_format,
            gl::GL_COMPRESSED_ALPHA
                | gl::GL_COMPRESSED_LUMINANCE
                | gl::GL_COMPRESSED_LUMINANCE_ALPHA
                | gl::GL_COMPRESSED_INTENSITY
                | gl::GL_COMPRESSED_RGB
                | gl::GL_COMPRESSED_RGBA
                | gl::GL_COMPRESSED_RED
                | gl::GL_COMPRESSED_RG
                | gl::GL_COMPRESSED_SRGB
                | gl::GL_COMPRESSED_SRGB_ALPHA
                | gl::GL_COMPRESSED_SLUMINANCE
                | gl::GL_COMPRESSED_SLUMINANCE_ALPHA
        )
    }

    pub fn is_integer(&self) -> bool {
        self.kind.is_integer() && self.base.is_color()
    }

    pub fn has_depth(&self) -> bool {
        matches!(self.base, BaseFormat::DepthComponent | BaseFormat::DepthStencil)
    }

    pub fn has_stencil(&self) -> bool {
        matches!(self.base, BaseFormat::DepthStencil | BaseFormat::StencilIndex)
    }

    /// Whether the format can be a colour attachment on `api` (GL 4.6 table 8.12 and its
    /// compatibility additions, ES 3.2 table 8.10 with EXT_color_buffer_float folded in).
    pub fn is_color_renderable(&self, api: Api) -> bool {
        if !self.base.is_color() || self.block().is_some() || self.internal_format == gl::GL_RGB9_E5 {
            return false;
        }
        if api.is_es() {
            let three_channel_wide = self.base == BaseFormat::Rgb
                && !matches!(self.internal_format, gl::GL_RGB8 | gl::GL_RGB565 | gl::GL_R11F_G11F_B10F | gl::GL_RGB);
            let norm16 = self.kind == ComponentKind::Unorm && self.bits.red == 16;
            return !self.base.is_legacy()
                && !three_channel_wide
                && !norm16
                && self.kind != ComponentKind::Snorm
                && (!self.srgb || self.base == BaseFormat::Rgba)
                && !self.is_generic_compressed();
        }
        // Legacy bases render only in the compatibility profile (ARB_framebuffer_object).
        !self.base.is_legacy() || api.is_compat()
    }

    pub fn is_depth_renderable(&self) -> bool {
        self.has_depth()
    }

    pub fn is_stencil_renderable(&self) -> bool {
        self.has_stencil()
    }

    /// Whether linear filtering applies on `api`: never for integer formats or stencil; 32-bit
    /// float formats only on desktop GL (ES needs OES_texture_float_linear).
    pub fn is_filterable(&self, api: Api) -> bool {
        if self.is_integer() || self.base == BaseFormat::StencilIndex {
            return false;
        }
        let float32 = self.kind == ComponentKind::Float && self.base.is_color() && self.max_color_bits() == 32;
        !(api.is_es() && (float32 || self.internal_format == gl::GL_DEPTH32F_STENCIL8))
    }

    fn max_color_bits(&self) -> u8 {
        let b = self.bits;
        b.red.max(b.green).max(b.blue).max(b.alpha).max(b.luminance).max(b.intensity)
    }

    /// GL_TEXTURE_INTERNAL_FORMAT as reported for a texture made with this format.
    pub fn reported_internal_format(&self) -> u32 {
        if self.sized {
            self.internal_format
        } else {
            self.base.gl_enum()
        }
    }

    /// The answer to a component size query: GL_TEXTURE_{RED,...,SHARED}_SIZE,
    /// GL_INTERNALFORMAT_*_SIZE or GL_RENDERBUFFER_*_SIZE; `None` for another pname.
    pub fn component_size(&self, pname: u32) -> Option<u32> {
        let b = self.bits;
        Some(match pname {
            gl::GL_TEXTURE_RED_SIZE | gl::GL_INTERNALFORMAT_RED_SIZE | gl::GL_RENDERBUFFER_RED_SIZE => b.red,
            gl::GL_TEXTURE_GREEN_SIZE | gl::GL_INTERNALFORMAT_GREEN_SIZE | gl::GL_RENDERBUFFER_GREEN_SIZE => b.green,
            gl::GL_TEXTURE_BLUE_SIZE | gl::GL_INTERNALFORMAT_BLUE_SIZE | gl::GL_RENDERBUFFER_BLUE_SIZE => b.blue,
            gl::GL_TEXTURE_ALPHA_SIZE | gl::GL_INTERNALFORMAT_ALPHA_SIZE | gl::GL_RENDERBUFFER_ALPHA_SIZE => b.alpha,
            gl::GL_TEXTURE_LUMINANCE_SIZE => b.luminance,
            gl::GL_TEXTURE_INTENSITY_SIZE => b.intensity,
            gl::GL_TEXTURE_DEPTH_SIZE | gl::GL_INTERNALFORMAT_DEPTH_SIZE | gl::GL_RENDERBUFFER_DEPTH_SIZE => b.depth,
            gl::GL_TEXTURE_STENCIL_SIZE | gl::GL_INTERNALFORMAT_STENCIL_SIZE | gl::GL_RENDERBUFFER_STENCIL_SIZE => {
                b.stencil
            }
            gl::GL_TEXTURE_SHARED_SIZE | gl::GL_INTERNALFORMAT_SHARED_SIZE => b.shared,
            _ => return None,
        } as u32)
    }

    /// GL_RGBA_SIGNED_COMPONENTS_EXT: which of R, G, B, A can hold a negative value.
    /// Luminance counts as R, G and B and intensity as all four; the packed unsigned floats
    /// (R11F_G11F_B10F, RGB9_E5) are floats without a sign.
    pub fn signed_components(&self) -> [bool; 4] {
        let unsigned_float = matches!(self.internal_format, gl::GL_R11F_G11F_B10F | gl::GL_RGB9_E5);
        let signed = !unsigned_float && matches!(self.kind, ComponentKind::Snorm | ComponentKind::Float | ComponentKind::Sint);
        if !signed || !self.base.is_color() {
            return [false; 4];
        }
        let b = self.bits;
        let grey = b.luminance > 0 || b.intensity > 0;
        [b.red > 0 || grey, b.green > 0 || grey, b.blue > 0 || grey, b.alpha > 0 || b.intensity > 0]
    }

    /// The answer to a component type query: GL_TEXTURE_{RED,...,DEPTH}_TYPE or
    /// GL_INTERNALFORMAT_*_TYPE: the component's kind, or GL_NONE where the format lacks it.
    /// Stencil is an unsigned integer. `None` for another pname.
    pub fn component_type(&self, pname: u32) -> Option<u32> {
        let b = self.bits;
        let present = match pname {
            gl::GL_TEXTURE_RED_TYPE | gl::GL_INTERNALFORMAT_RED_TYPE => b.red,
            gl::GL_TEXTURE_GREEN_TYPE | gl::GL_INTERNALFORMAT_GREEN_TYPE => b.green,
            gl::GL_TEXTURE_BLUE_TYPE | gl::GL_INTERNALFORMAT_BLUE_TYPE => b.blue,
            gl::GL_TEXTURE_ALPHA_TYPE | gl::GL_INTERNALFORMAT_ALPHA_TYPE => b.alpha,
            gl::GL_TEXTURE_LUMINANCE_TYPE => b.luminance,
            gl::GL_TEXTURE_INTENSITY_TYPE => b.intensity,
            gl::GL_TEXTURE_DEPTH_TYPE | gl::GL_INTERNALFORMAT_DEPTH_TYPE => b.depth,
            gl::GL_INTERNALFORMAT_STENCIL_TYPE => {
                return Some(if b.stencil > 0 { gl::GL_UNSIGNED_INT } else { gl::GL_NONE });
            }
            _ => return None,
        } > 0;
        Some(if present { self.kind.gl_enum() } else { gl::GL_NONE })
    }

    /// The swizzle that makes `storage` read as this format when sampled: LUMINANCE_ALPHA8 in
    /// RGBA8 reads RRRA, ALPHA8 in RGBA8 reads 000A, RGB8 in RGBA8 reads RGB1.
    pub fn sample_swizzle(&self) -> [Swizzle; 4] {
        let find = |c: Comp| -> Swizzle {
            match self.store.iter().position(|&s| s == c) {
                Some(0) => Swizzle::R,
                Some(1) => Swizzle::G,
                Some(2) => Swizzle::B,
                Some(3) => Swizzle::A,
                _ => Swizzle::Zero,
            }
        };
        use Swizzle::{One, Zero};
        match self.base {
            BaseFormat::Alpha => [Zero, Zero, Zero, find(Comp::A)],
            BaseFormat::Luminance => [find(Comp::L), find(Comp::L), find(Comp::L), One],
            BaseFormat::LuminanceAlpha => [find(Comp::L), find(Comp::L), find(Comp::L), find(Comp::A)],
            BaseFormat::Intensity => [find(Comp::I); 4],
            BaseFormat::Red => [find(Comp::R), Zero, Zero, One],
            BaseFormat::Rg => [find(Comp::R), find(Comp::G), Zero, One],
            BaseFormat::Rgb => [find(Comp::R), find(Comp::G), find(Comp::B), One],
            BaseFormat::Rgba => [find(Comp::R), find(Comp::G), find(Comp::B), find(Comp::A)],
            // Depth reads as (D, 0, 0, 1) in core GL; DEPTH_TEXTURE_MODE is applied elsewhere.
            BaseFormat::DepthComponent | BaseFormat::DepthStencil => [Swizzle::R, Zero, Zero, One],
            BaseFormat::StencilIndex => [Swizzle::R, Zero, Zero, One],
        }
    }
}
