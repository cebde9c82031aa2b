//! The fast path of pixel transfer: when client elements and stored channels share one scalar
//! type, converting a pixel is moving elements and filling constants (RGB into RGBA8 with
//! alpha 1, BGRA into RGBA8, LUMINANCE_ALPHA into RG8, RGBA8 read as BGR). A plan says, for
//! each destination element, which source element it copies; the rest comes from a template
//! pixel that the exact conversion path produced once.

use crate::info::{BaseFormat, Comp};
use crate::layout::{Elem, Encoding, Layout, Slot};

/// For each destination element: the source element it copies, or `None` for a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shuffle {
    pub elem_size: usize,
    pub plan: [Option<usize>; 4],
    pub count: usize,
}

impl Shuffle {
    /// Writes one destination pixel: `template` for constants, then the copied elements.
    #[inline]
    pub fn apply(&self, src: &[u8], template: &[u8], dst: &mut [u8]) {
        dst.copy_from_slice(template);
        let s = self.elem_size;
        for (j, from) in self.plan[..self.count].iter().enumerate() {
            if let Some(i) = from {
                dst[j * s..(j + 1) * s].copy_from_slice(&src[i * s..(i + 1) * s]);
            }
        }
    }
}

/// The element type and slots of an array layout both sides can share; `None` for packed
/// layouts and for signed normalised elements (whose -MAX-1 does not survive a conversion).
fn array_parts(layout: &Layout) -> Option<(Elem, &[Slot])> {
    if layout.is_lossy_to_itself() {
        return None;
    }
    match &layout.encoding {
        Encoding::Array { elem, slots, count } => Some((*elem, &slots[..*count as usize])),
        _ => None,
    }
}

/// Index of the pixel value (R, G, B, A) a stored channel's GL component is taken from on
/// upload; `None` for constant channels.
fn upload_source(comp: Comp) -> Option<usize> {
    match comp {
        Comp::R | Comp::L | Comp::I => Some(0),
        Comp::G => Some(1),
        Comp::B => Some(2),
        Comp::A => Some(3),
        Comp::Zero | Comp::One => None,
    }
}

fn channel_index(slot: Slot) -> Option<usize> {
    match slot {
        Slot::R => Some(0),
        Slot::G => Some(1),
        Slot::B => Some(2),
        Slot::A => Some(3),
        _ => None,
    }
}

/// The plan for unpacking `client` pixels into `storage` texels whose channels hold `store`.
pub(crate) fn unpack_plan(client: &Layout, storage: &Layout, store: &[Comp; 4]) -> Option<Shuffle> {
    let (elem, src_slots) = array_parts(client)?;
    let (storage_elem, dst_slots) = array_parts(storage)?;
    if elem != storage_elem || client.integer != storage.integer {
        return None;
    }
    // Which client element writes each pixel value; luminance writes R, G and B, and a later
    // element overrides an earlier one, as decoding does.
    let mut writer = [None; 4];
    for (i, slot) in src_slots.iter().enumerate() {
        match slot {
            Slot::L => writer[..3].fill(Some(i)),
            s => writer[channel_index(*s)?] = Some(i),
        }
    }
    let mut plan = [None; 4];
    for (j, channel) in dst_slots.iter().enumerate() {
        plan[j] = upload_source(store[channel_index(*channel)?]).and_then(|v| writer[v]);
    }
    Some(Shuffle { elem_size: elem.size(), plan, count: dst_slots.len() })
}

/// The GL component a read-back pixel value (R, G, B, A) shows for a base format, per the
/// read-back mapping (luminance and intensity in red); `None` where it is a constant.
fn readback_component(base: BaseFormat, value: usize) -> Option<Comp> {
    use BaseFormat::*;
    match (base, value) {
        (Alpha, 3) | (LuminanceAlpha, 3) | (Rgba, 3) => Some(Comp::A),
        (Luminance | LuminanceAlpha, 0) => Some(Comp::L),
        (Intensity, 0) => Some(Comp::I),
        (Red | Rg | Rgb | Rgba, 0) => Some(Comp::R),
        (Rg | Rgb | Rgba, 1) => Some(Comp::G),
        (Rgb | Rgba, 2) => Some(Comp::B),
        _ => None,
    }
}

/// The plan for packing `storage` texels (channels holding `store`, of base format `base`)
/// into `client` pixels. Luminance destinations sum R + G + B, so they take the exact path.
pub(crate) fn pack_plan(client: &Layout, storage: &Layout, store: &[Comp; 4], base: BaseFormat) -> Option<Shuffle> {
    let (elem, dst_slots) = array_parts(client)?;
    let (storage_elem, src_slots) = array_parts(storage)?;
    if elem != storage_elem || client.integer != storage.integer {
        return None;
    }
    let mut plan = [None; 4];
    for (i, slot) in dst_slots.iter().enumerate() {
        let value = channel_index(*slot)?;
        plan[i] = readback_component(base, value).and_then(|comp| {
            let channel = store.iter().position(|&c| c == comp)?;
            src_slots.iter().position(|s| channel_index(*s) == Some(channel))
        });
    }
    Some(Shuffle { elem_size: elem.size(), plan, count: dst_slots.len() })
}
