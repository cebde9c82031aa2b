//! How one pixel is laid out in memory, for client memory and storage texels alike: a list of
//! scalar elements or one packed word, each field carrying one pixel slot. One description
//! serves both sides, so unpack and pack are the same decode-then-encode loop.

use crate::small_float;

/// A value of a pixel in flight between decode and encode: red, green, blue, alpha, depth,
/// stencil. Colour values are normalised floats for normalised or float layouts and plain
/// integers for integer layouts; depth is a float in [0, 1] (or beyond, for float depth);
/// stencil is an integer.
pub(crate) type Pixel = [f64; 6];

/// Which pixel slot an element carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Slot {
    R,
    G,
    B,
    A,
    /// Luminance: decoding writes it to R, G and B; encoding writes R + G + B.
    L,
    Depth,
    Stencil,
    /// Bits that carry nothing (the padding of FLOAT_32_UNSIGNED_INT_24_8_REV).
    Unused,
}

impl Slot {
    fn index(self) -> usize {
        match self {
            Slot::R | Slot::L => 0,
            Slot::G => 1,
            Slot::B => 2,
            Slot::A => 3,
            Slot::Depth => 4,
            Slot::Stencil => 5,
            Slot::Unused => usize::MAX,
        }
    }
}

/// A scalar element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Elem {
    U8,
    I8,
    U16,
    I16,
    U32,
    I32,
    F16,
    F32,
}

impl Elem {
    pub(crate) fn size(self) -> usize {
        match self {
            Elem::U8 | Elem::I8 => 1,
            Elem::U16 | Elem::I16 | Elem::F16 => 2,
            Elem::U32 | Elem::I32 | Elem::F32 => 4,
        }
    }
}

/// How the bits of one field of a packed word are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum FieldKind {
    /// Unsigned integer: normalised for colour of a non-integer layout and for depth.
    Unsigned,
    /// Unsigned float with a 5-bit exponent (the 11- and 10-bit floats).
    UFloat,
}

/// One field of a packed word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Field {
    pub shift: u8,
    pub bits: u8,
    pub kind: FieldKind,
    pub slot: Slot,
}

/// The memory layout of one pixel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Encoding {
    /// `count` elements of one type, element i carrying `slots[i]`.
    Array { elem: Elem, slots: [Slot; 4], count: u8 },
    /// One native-endian word of `word_bytes` bytes holding up to four fields.
    Packed { word_bytes: u8, fields: [Option<Field>; 4] },
    /// Shared-exponent RGB (UNSIGNED_INT_5_9_9_9_REV, RGB9_E5).
    Rgb9E5,
    /// A 32-bit float depth followed by a 32-bit word whose low 8 bits are stencil.
    Float32Stencil8,
}

/// The layout of a pixel plus how its colour elements are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    pub encoding: Encoding,
    /// Colour elements are integers (the *_INTEGER formats, integer textures): no normalisation.
    pub integer: bool,
}

impl Layout {
    pub(crate) fn array(elem: Elem, slots: &[Slot], integer: bool) -> Layout {
        let mut s = [Slot::Unused; 4];
        s[..slots.len()].copy_from_slice(slots);
        Layout { encoding: Encoding::Array { elem, slots: s, count: slots.len() as u8 }, integer }
    }

    /// A packed word whose fields, in `slots` order, have `bits` widths; the first field sits
    /// in the most significant bits unless `reversed` (the *_REV types).
    pub(crate) fn packed(
        word_bytes: u8,
        bits: &[u8],
        slots: &[Slot],
        reversed: bool,
        kind: FieldKind,
        integer: bool,
    ) -> Layout {
        let total = word_bytes * 8;
        let mut fields = [None; 4];
        let mut used = 0u8;
        for (i, (&b, &slot)) in bits.iter().zip(slots).enumerate() {
            let shift = if reversed { used } else { total - used - b };
            used += b;
            fields[i] = Some(Field { shift, bits: b, kind, slot });
        }
        Layout { encoding: Encoding::Packed { word_bytes, fields }, integer }
    }

    /// The same layout with every slot renamed by `rename`; `None` if any rename fails.
    pub(crate) fn relabel(&self, rename: impl Fn(Slot) -> Option<Slot>) -> Option<Layout> {
        let encoding = match self.encoding {
            Encoding::Array { elem, slots, count } => {
                let mut renamed = slots;
                for s in renamed[..count as usize].iter_mut() {
                    *s = rename(*s)?;
                }
                Encoding::Array { elem, slots: renamed, count }
            }
            Encoding::Packed { word_bytes, fields } => {
                let mut renamed = fields;
                for f in renamed.iter_mut().flatten() {
                    f.slot = rename(f.slot)?;
                }
                Encoding::Packed { word_bytes, fields: renamed }
            }
            other => other,
        };
        Some(Layout { encoding, integer: self.integer })
    }

    /// Whether decoding and re-encoding can change a value of this layout even between equal
    /// layouts (signed normalised elements read the most negative value as -1, which encodes
    /// back one higher).
    pub(crate) fn is_lossy_to_itself(&self) -> bool {
        matches!(self.encoding, Encoding::Array { elem: Elem::I8 | Elem::I16 | Elem::I32, .. }) && !self.integer
    }

    /// Bytes of one pixel.
    pub(crate) fn pixel_bytes(&self) -> usize {
        match self.encoding {
            Encoding::Array { elem, count, .. } => elem.size() * count as usize,
            Encoding::Packed { word_bytes, .. } => word_bytes as usize,
            Encoding::Rgb9E5 => 4,
            Encoding::Float32Stencil8 => 8,
        }
    }

    /// Bytes of the unit SWAP_BYTES swaps and ALIGNMENT compares against.
    pub(crate) fn element_bytes(&self) -> usize {
        match self.encoding {
            Encoding::Array { elem, .. } => elem.size(),
            Encoding::Packed { word_bytes, .. } => word_bytes as usize,
            Encoding::Rgb9E5 => 4,
            Encoding::Float32Stencil8 => 4,
        }
    }

    /// Elements of one pixel (the `n` of the specification's row-length formula).
    pub(crate) fn elements(&self) -> usize {
        self.pixel_bytes() / self.element_bytes()
    }

    /// Reads one pixel from `bytes` (exactly `pixel_bytes` long, already byte-swapped) into
    /// `px`, leaving slots the layout lacks untouched.
    pub(crate) fn decode(&self, bytes: &[u8], px: &mut Pixel) {
        match self.encoding {
            Encoding::Array { elem, slots, count } => {
                let size = elem.size();
                for (i, slot) in slots[..count as usize].iter().enumerate() {
                    let raw = read_elem(elem, &bytes[i * size..(i + 1) * size]);
                    let v = match (elem, slot) {
                        (Elem::F16 | Elem::F32, _) | (_, Slot::Stencil) => raw,
                        (_, Slot::Depth) => normalise(elem, raw),
                        _ if self.integer => raw,
                        _ => normalise(elem, raw),
                    };
                    put(px, *slot, v);
                }
            }
            Encoding::Packed { word_bytes, fields } => {
                let word = read_word(word_bytes, bytes);
                for f in fields.iter().flatten() {
                    let raw = (word >> f.shift) & mask(f.bits);
                    let v = match (f.kind, f.slot) {
                        (FieldKind::UFloat, _) => small_float::decode(raw as u32, 5, f.bits as u32 - 5, false),
                        (_, Slot::Stencil) => raw as f64,
                        (_, Slot::Depth) => raw as f64 / mask(f.bits) as f64,
                        _ if self.integer => raw as f64,
                        _ => raw as f64 / mask(f.bits) as f64,
                    };
                    put(px, f.slot, v);
                }
            }
            Encoding::Rgb9E5 => {
                let word = u32::from_ne_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
                let rgb = small_float::decode_rgb9e5(word);
                px[0] = rgb[0];
                px[1] = rgb[1];
                px[2] = rgb[2];
            }
            Encoding::Float32Stencil8 => {
                px[4] = f32::from_ne_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) as f64;
                px[5] = (u32::from_ne_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) & 0xff) as f64;
            }
        }
    }

    /// Writes one pixel into `out` (exactly `pixel_bytes` long), converting and clamping each
    /// value to what the element can hold.
    pub(crate) fn encode(&self, px: &Pixel, out: &mut [u8]) {
        match self.encoding {
            Encoding::Array { elem, slots, count } => {
                let size = elem.size();
                for (i, slot) in slots[..count as usize].iter().enumerate() {
                    let v = get(px, *slot);
                    let normalised = match slot {
                        Slot::Stencil => false,
                        Slot::Depth => true,
                        _ => !self.integer,
                    };
                    write_elem(elem, v, normalised, *slot == Slot::Stencil, &mut out[i * size..(i + 1) * size]);
                }
            }
            Encoding::Packed { word_bytes, fields } => {
                let mut word = 0u64;
                for f in fields.iter().flatten() {
                    let v = get(px, f.slot);
                    let max = mask(f.bits);
                    let raw = match (f.kind, f.slot) {
                        (FieldKind::UFloat, _) => small_float::encode(v, 5, f.bits as u32 - 5, false) as u64,
                        (_, Slot::Stencil) => (finite_or_zero(v) as i64 as u64) & max,
                        (_, Slot::Depth) => unorm(v, max),
                        _ if self.integer => finite_or_zero(v).clamp(0.0, max as f64) as u64,
                        _ => unorm(v, max),
                    };
                    word |= (raw & max) << f.shift;
                }
                write_word(word_bytes, word, out);
            }
            Encoding::Rgb9E5 => {
                let word = small_float::encode_rgb9e5([px[0], px[1], px[2]]);
                out.copy_from_slice(&word.to_ne_bytes());
            }
            Encoding::Float32Stencil8 => {
                out[..4].copy_from_slice(&(px[4] as f32).to_ne_bytes());
                let stencil = (finite_or_zero(px[5]) as i64 as u32) & 0xff;
                out[4..].copy_from_slice(&stencil.to_ne_bytes());
            }
        }
    }
}

fn put(px: &mut Pixel, slot: Slot, v: f64) {
    match slot {
        Slot::L => {
            px[0] = v;
            px[1] = v;
            px[2] = v;
        }
        Slot::Unused => {}
        s => px[s.index()] = v,
    }
}

fn get(px: &Pixel, slot: Slot) -> f64 {
    match slot {
        Slot::L => px[0] + px[1] + px[2],
        Slot::Unused => 0.0,
        s => px[s.index()],
    }
}

fn mask(bits: u8) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

fn finite_or_zero(v: f64) -> f64 {
    if v.is_nan() {
        0.0
    } else {
        v
    }
}

/// float -> unsigned normalised: round(clamp(f, 0, 1) * (2^b - 1)).
pub(crate) fn unorm(v: f64, max: u64) -> u64 {
    (finite_or_zero(v).clamp(0.0, 1.0) * max as f64).round() as u64
}

/// float -> signed normalised (GL 4.2+): round(clamp(f, -1, 1) * (2^(b-1) - 1)).
pub(crate) fn snorm(v: f64, max: i64) -> i64 {
    (finite_or_zero(v).clamp(-1.0, 1.0) * max as f64).round() as i64
}

/// Integer element -> normalised value: c / (2^b - 1) for unsigned, max(c / (2^(b-1) - 1), -1)
/// for signed.
fn normalise(elem: Elem, raw: f64) -> f64 {
    match elem {
        Elem::U8 => raw / 255.0,
        Elem::U16 => raw / 65535.0,
        Elem::U32 => raw / 4294967295.0,
        Elem::I8 => (raw / 127.0).max(-1.0),
        Elem::I16 => (raw / 32767.0).max(-1.0),
        Elem::I32 => (raw / 2147483647.0).max(-1.0),
        Elem::F16 | Elem::F32 => raw,
    }
}

fn read_elem(elem: Elem, b: &[u8]) -> f64 {
    match elem {
        Elem::U8 => b[0] as f64,
        Elem::I8 => b[0] as i8 as f64,
        Elem::U16 => u16::from_ne_bytes([b[0], b[1]]) as f64,
        Elem::I16 => i16::from_ne_bytes([b[0], b[1]]) as f64,
        Elem::U32 => u32::from_ne_bytes([b[0], b[1], b[2], b[3]]) as f64,
        Elem::I32 => i32::from_ne_bytes([b[0], b[1], b[2], b[3]]) as f64,
        Elem::F16 => small_float::decode(u16::from_ne_bytes([b[0], b[1]]) as u32, 5, 10, true),
        Elem::F32 => f32::from_ne_bytes([b[0], b[1], b[2], b[3]]) as f64,
    }
}

/// Converts `v` to `elem`: normalised elements by the unorm/snorm rules, integer ones clamped
/// to their range (stencil wraps to its bits instead, as GL masks stencil indices).
fn write_elem(elem: Elem, v: f64, normalised: bool, wrap: bool, out: &mut [u8]) {
    let int = |lo: f64, hi: f64| -> i64 {
        let v = finite_or_zero(v);
        if wrap {
            v as i64
        } else {
            v.clamp(lo, hi).round() as i64
        }
    };
    match elem {
        Elem::U8 => out[0] = if normalised { unorm(v, 0xff) as u8 } else { int(0.0, 255.0) as u8 },
        Elem::I8 => out[0] = if normalised { snorm(v, 127) as i8 as u8 } else { int(-128.0, 127.0) as i8 as u8 },
        Elem::U16 => {
            let x = if normalised { unorm(v, 0xffff) as u16 } else { int(0.0, 65535.0) as u16 };
            out.copy_from_slice(&x.to_ne_bytes());
        }
        Elem::I16 => {
            let x = if normalised { snorm(v, 32767) as i16 } else { int(-32768.0, 32767.0) as i16 };
            out.copy_from_slice(&x.to_ne_bytes());
        }
        Elem::U32 => {
            let x = if normalised { unorm(v, 0xffff_ffff) as u32 } else { int(0.0, 4294967295.0) as u32 };
            out.copy_from_slice(&x.to_ne_bytes());
        }
        Elem::I32 => {
            let x = if normalised { snorm(v, 2147483647) as i32 } else { int(-2147483648.0, 2147483647.0) as i32 };
            out.copy_from_slice(&x.to_ne_bytes());
        }
        Elem::F16 => {
            let x = small_float::encode(v, 5, 10, true) as u16;
            out.copy_from_slice(&x.to_ne_bytes());
        }
        Elem::F32 => out.copy_from_slice(&(v as f32).to_ne_bytes()),
    }
}

fn read_word(word_bytes: u8, b: &[u8]) -> u64 {
    match word_bytes {
        1 => b[0] as u64,
        2 => u16::from_ne_bytes([b[0], b[1]]) as u64,
        _ => u32::from_ne_bytes([b[0], b[1], b[2], b[3]]) as u64,
    }
}

fn write_word(word_bytes: u8, word: u64, out: &mut [u8]) {
    match word_bytes {
        1 => out[0] = word as u8,
        2 => out.copy_from_slice(&(word as u16).to_ne_bytes()),
        _ => out.copy_from_slice(&(word as u32).to_ne_bytes()),
    }
}
