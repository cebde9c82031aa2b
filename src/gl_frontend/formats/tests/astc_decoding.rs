//! ASTC LDR decoding, checked against blocks built bit by bit whose texels follow by hand
//! from the Khronos Data Format Specification's ASTC formulas.

use gl_formats::{decompress, Extent, FormatInfo, StorageFormat, TexelFormat};

const MAGENTA: [u8; 4] = [255, 0, 255, 255];

/// The RGBA8 fallback of the ASTC format with this footprint.
fn astc_format(width: u8, height: u8, srgb: bool) -> TexelFormat {
    let info = FormatInfo::all()
        .iter()
        .find(|f| f.storage == StorageFormat::Astc { block_width: width, block_height: height, srgb })
        .expect("an ASTC format of that footprint");
    TexelFormat::choose(info, &|s| s.block().is_none()).expect("a fallback")
}

/// The RGBA8 texels of one block of a `width` x `height` footprint, row-major.
fn decode(block: [u8; 16], width: u8, height: u8, srgb: bool) -> Vec<[u8; 4]> {
    let out = decompress(astc_format(width, height, srgb), &block, Extent::new(width as u32, height as u32, 1)).unwrap();
    out.chunks_exact(4).map(|t| [t[0], t[1], t[2], t[3]]).collect()
}

/// A block built field by field: `put` fills from bit 0 up, as the configuration and colour
/// data are read; `put_weights` fills from bit 127 down, the weight stream's order.
#[derive(Clone, Copy)]
struct BlockBits {
    bits: u128,
    low: u32,
    high: u32,
}

impl BlockBits {
    fn new() -> BlockBits {
        BlockBits { bits: 0, low: 0, high: 0 }
    }

    fn put(mut self, value: u32, count: u32) -> BlockBits {
        self.bits |= (value as u128 & ((1 << count) - 1)) << self.low;
        self.low += count;
        self
    }

    /// Sets bits at an absolute position, for fields placed relative to the weights.
    fn put_at(mut self, at: u32, value: u32, count: u32) -> BlockBits {
        self.bits |= (value as u128 & ((1 << count) - 1)) << at;
        self
    }

    fn put_weights(mut self, values: &[u32], count: u32) -> BlockBits {
        for &v in values {
            for bit in 0..count {
                self.bits |= (((v >> bit) & 1) as u128) << (127 - self.high - bit);
            }
            self.high += count;
        }
        self
    }

    fn bytes(self) -> [u8; 16] {
        self.bits.to_le_bytes()
    }
}

/// A 2D void-extent block: LDR or HDR, its four 13-bit extent coordinates and RGBA colour.
fn void_extent(hdr: bool, extent: [u32; 4], colour: [u16; 4]) -> [u8; 16] {
    let mut b = BlockBits::new().put(0x1FC, 9).put(hdr as u32, 1).put(3, 2);
    for c in extent {
        b = b.put(c, 13);
    }
    for c in colour {
        b = b.put(c as u32, 16);
    }
    b.bytes()
}

const NO_EXTENT: [u32; 4] = [0x1FFF; 4];

#[test]
fn void_extent_colour_follows_the_linear_and_srgb_rules() {
    // UNORM16 channels. Linear: C / 65536 rounded toward zero to FP16, then to 8 bits:
    // 0x00FF -> 255 * 255 / 65536 = 0.99 -> 1; 0xC0C0 (low five bits clear, exact in FP16)
    // -> 49344 * 255 / 65536 = 191.999 -> 192; 0xFFFF is 1.0. sRGB takes the top 8 bits of
    // R, G and B (0x00, 0xC0, 0xFF) and treats alpha as linear (1).
    let block = void_extent(false, NO_EXTENT, [0x00FF, 0xC0C0, 0xFFFF, 0x00FF]);
    assert!(decode(block, 4, 4, false).iter().all(|t| *t == [1, 192, 255, 1]));
    assert!(decode(block, 4, 4, true).iter().all(|t| *t == [0, 192, 255, 1]));
    // A real extent (min < max on both axes) is the same constant colour.
    let block = void_extent(false, [0, 100, 0, 100], [0xFFFF, 0, 0x8080, 0xFFFF]);
    assert!(decode(block, 8, 6, false).iter().all(|t| *t == [255, 0, 128, 255]));
}

#[test]
fn illegal_void_extent_blocks_are_the_error_colour() {
    let colour = [0x4040, 0x4040, 0x4040, 0xFFFF];
    // An HDR void extent has no meaning in the LDR profile.
    assert!(decode(void_extent(true, NO_EXTENT, colour), 4, 4, false).iter().all(|t| *t == MAGENTA));
    // Minimum S not below maximum S, with the coordinates not all ones.
    assert!(decode(void_extent(false, [7, 7, 0, 100], colour), 4, 4, false).iter().all(|t| *t == MAGENTA));
    // Reserved bits 10 and 11 must be ones.
    let mut block = void_extent(false, NO_EXTENT, colour);
    block[1] &= !0x08;
    assert!(decode(block, 4, 4, false).iter().all(|t| *t == MAGENTA));
    block[1] |= 0x08;
    assert!(decode(block, 4, 4, false).iter().all(|t| *t == [64, 64, 64, 255]));
}

/// A single-partition 4x4 block: block mode 0x39F (a 3x2 grid, B = 1 and A = 0 of the
/// "B + 2, A + 2" row, weights 0..31 as 5 plain bits: R = 111, H = 1), CEM 8 (RGB direct)
/// with endpoint values in 0..255 (48 bits of the 81 left), grid weights 0, 16, 31 / 8, 24, 4.
fn single_partition_block() -> [u8; 16] {
    BlockBits::new()
        .put(0x39F, 11)
        .put(0, 2)
        .put(8, 4)
        .put(10, 8)
        .put(200, 8)
        .put(20, 8)
        .put(100, 8)
        .put(30, 8)
        .put(50, 8)
        .put_weights(&[0, 16, 31, 8, 24, 4], 5)
        .bytes()
}

#[test]
fn single_partition_block_decodes_by_the_spec_formulas() {
    // Endpoints: e0 = (10, 20, 30), e1 = (200, 100, 50), as v1 + v3 + v5 >= v0 + v2 + v4.
    // Weights unquantize by bit replication to 6 bits, then +1 above 32:
    // 0 -> 0, 16 -> 33 -> 34, 31 -> 63 -> 64, 8 -> 16, 24 -> 49 -> 50, 4 -> 8.
    // Infill: Ds = (1024 + 2) / 3 = 342; for s = 1, gs = (342 * 2 + 32) >> 6 = 11 (js 0, fs 11),
    // t = 0 gives gt = 0, so weight = (0 * 5 + 34 * 11 + 8) >> 4 = 23. Red there, linear:
    // C = (2570 * 41 + 51400 * 23 + 32) >> 6 = 20118, to FP16 toward zero 20112, and
    // 20112 * 255 / 65536 = 78.3 -> 78. At (3, 1) the weight is 47: C = 38430, FP16 38400,
    // 149.4 -> 149, while sRGB's C0 = 0x0A80, C1 = 0xC880 give 38408, whose top 8 bits are 150.
    let linear: [[u8; 3]; 16] = [
        [10, 20, 30], [78, 49, 37], [138, 74, 43], [200, 100, 50],
        [25, 26, 32], [93, 55, 39], [126, 69, 42], [149, 79, 45],
        [43, 34, 33], [111, 62, 41], [132, 71, 43], [87, 52, 38],
        [57, 40, 35], [126, 69, 42], [120, 66, 42], [34, 30, 32],
    ];
    let srgb: [[u8; 3]; 16] = [
        [10, 20, 30], [78, 49, 37], [138, 74, 43], [200, 100, 50],
        [25, 26, 32], [93, 55, 39], [126, 69, 42], [150, 79, 45],
        [43, 34, 33], [111, 63, 41], [132, 71, 43], [87, 53, 38],
        [58, 40, 35], [126, 69, 42], [120, 66, 42], [34, 30, 33],
    ];
    let block = single_partition_block();
    for (decoded, expected) in [(decode(block, 4, 4, false), linear), (decode(block, 4, 4, true), srgb)] {
        for (t, (got, want)) in decoded.iter().zip(expected).enumerate() {
            assert_eq!(*got, [want[0], want[1], want[2], 255], "texel {t}");
        }
    }
}

/// A 4x4 block with a 4x4 grid of weights 0..2 (block mode 0x051: B = 0, A = 2, R = 011,
/// H = 0), each a trit packed five to a byte, and CEM `cem` with the 8-bit values 0 and 255.
fn trit_weight_block(cem: u32) -> [u8; 16] {
    // Groups of five trits: 0x99 holds (1, 2, 1, 0, 1) by the general rule; 0x1C has
    // T[4:2] = 111, so t3 = t4 = 2 and C = {T[7:5], T[1:0]} = 0 gives (0, 0, 0); 0xF7 has
    // C[1:0] = 11, so t2 = 2, t1 = C[4] = 1, t0 = {C[3], C[2] & !C[3]} = 1, and T[6:5] = 11
    // gives t4 = 2, t3 = T[7] = 1. The sixteenth weight's group has two bits, 0b10: t0 = 2.
    let mut b = BlockBits::new().put(0x051, 11).put(0, 2).put(cem, 4).put(0, 8).put(255, 8);
    for byte in [0x99, 0x1C, 0xF7] {
        b = b.put_weights(&[byte], 8);
    }
    b = b.put_weights(&[0b10], 2);
    // The 26 weight bits end at bit 102; the unread bits between the colour data and the
    // weights may hold anything.
    b.put_at(40, u32::MAX, 32).put_at(72, 0x3FFF_FFFF, 30).bytes()
}

#[test]
fn trit_encoded_weights_decode_by_the_spec_rules() {
    // Trits 1,2,1,0,1, 0,0,0,2,2, 1,1,2,1,2, 2 unquantize to 32, 64, 32, 0, ... ("0..2":
    // 0, 32, 63, then 63 -> 64). CEM 0 is luminance from 0 to 255: a weight of 32 gives
    // C = (65535 * 32 + 32) >> 6 = 32768, exactly 0.5 in FP16, 127.5 -> 128.
    let trits = [1, 2, 1, 0, 1, 0, 0, 0, 2, 2, 1, 1, 2, 1, 2, 2];
    let decoded = decode(trit_weight_block(0), 4, 4, false);
    for (t, (got, trit)) in decoded.iter().zip(trits).enumerate() {
        let l = [0, 128, 255][trit];
        assert_eq!(*got, [l, l, l, 255], "texel {t}");
    }
}

#[test]
fn hdr_endpoint_modes_are_the_error_colour() {
    // The same block with CEM 2 (HDR luminance, large range) instead of 0.
    assert!(decode(trit_weight_block(2), 4, 4, false).iter().all(|t| *t == MAGENTA));
    assert!(decode(trit_weight_block(2), 4, 4, true).iter().all(|t| *t == MAGENTA));
    // Two partitions of class 0 (CEM selector 01, C0 = C1 = 0): partition 0 is CEM 0 (M0 =
    // 0), partition 1 CEM 2 (M1 = 2, two bits just below the 26 weight bits). Only the HDR
    // partition's texels are the error colour.
    let block = BlockBits::new()
        .put(0x051, 11)
        .put(1, 2)
        .put(5, 10)
        .put(0b01, 2)
        .put(0, 2)
        .put(0, 2)
        .put_at(128 - 26 - 2, 2, 2)
        .put(0x40, 8)
        .put(0x40, 8)
        .put(0x10, 8)
        .put(0x20, 8)
        .put_weights(&[0x99, 0x1C, 0xF7], 8)
        .bytes();
    let decoded = decode(block, 4, 4, false);
    assert!(decoded.iter().all(|t| *t == MAGENTA || *t == [64, 64, 64, 255]), "{decoded:?}");
    assert!(decoded.contains(&MAGENTA) && decoded.contains(&[64, 64, 64, 255]), "{decoded:?}");
}

#[test]
fn illegal_blocks_are_the_error_colour() {
    let illegal = |block: [u8; 16], width, height| decode(block, width, height, false).iter().all(|t| *t == MAGENTA);
    // Block mode bits [3:0] = 0000 are reserved.
    assert!(illegal([0; 16], 4, 4));
    // A 12x2 grid of single-bit weights (block mode 0x004): legal in a 12x12 footprint,
    // too wide for 4x4.
    let wide = BlockBits::new().put(0x004, 11).put(0, 2).put(0, 4).put(0x40, 8).put(0x40, 8).bytes();
    assert!(decode(wide, 12, 12, false).iter().all(|t| *t == [64, 64, 64, 255]));
    assert!(illegal(wide, 4, 4));
    // A dual-plane 4x4 grid of 5-bit weights (0x653) needs 160 weight bits, over 96.
    assert!(illegal(BlockBits::new().put(0x653, 11).bytes(), 4, 4));
    // A 2x2 grid of single-bit weights (0x10D) needs 4, under 24.
    assert!(illegal(BlockBits::new().put(0x10D, 11).bytes(), 4, 4));
    // A dual-plane 4x2 grid of 2-bit weights (0x402): legal with one partition, not four.
    let dual = |partitions: u32| BlockBits::new().put(0x402, 11).put(partitions - 1, 2).bytes();
    assert!(decode(dual(1), 4, 4, false).iter().all(|t| *t != MAGENTA));
    assert!(illegal(dual(4), 4, 4));
    // Four partitions sharing one CEM: CEM 0 needs 8 endpoint values, CEM 12 needs 32, over 18.
    let shared = |cem: u32| BlockBits::new().put(0x051, 11).put(3, 2).put(0, 10).put(0, 2).put(cem, 4).bytes();
    assert!(decode(shared(0), 4, 4, false).iter().all(|t| *t != MAGENTA));
    assert!(illegal(shared(12), 4, 4));
}

#[test]
fn malformed_blocks_never_panic() {
    // Pseudo-random blocks through every footprint (xorshift128+).
    let (mut s0, mut s1) = (0x0123_4567_89AB_CDEFu64, 0xFEDC_BA98_7654_3210u64);
    let mut next = || {
        let (mut x, y) = (s0, s1);
        s0 = y;
        x ^= x << 23;
        s1 = x ^ y ^ (x >> 17) ^ (y >> 26);
        s1.wrapping_add(y)
    };
    let footprints = [(4, 4), (5, 4), (5, 5), (6, 5), (6, 6), (8, 5), (8, 6), (8, 8), (10, 5), (10, 6), (10, 8), (10, 10), (12, 10), (12, 12)];
    for (width, height) in footprints {
        for srgb in [false, true, false, true] {
            let mut data = Vec::with_capacity(16 * 500);
            for _ in 0..500 {
                data.extend_from_slice(&next().to_le_bytes());
                data.extend_from_slice(&next().to_le_bytes());
            }
            let extent = Extent::new(width as u32 * 25, height as u32 * 20, 1);
            let out = decompress(astc_format(width, height, srgb), &data, extent).unwrap();
            assert_eq!(out.len(), extent.texels().unwrap() * 4);
        }
    }
}

/// The RGBA half floats of one 4x4 block decoded by the HDR profile (linear ASTC stored as
/// RGBA16F, which no fallback table offers yet).
fn decode_hdr(block: [u8; 16]) -> Vec<[u16; 4]> {
    let texels = TexelFormat { storage: StorageFormat::Rgba16Float, ..astc_format(4, 4, false) };
    let out = decompress(texels, &block, Extent::new(4, 4, 1)).unwrap();
    let halves: Vec<u16> = out.chunks_exact(2).map(|c| u16::from_ne_bytes([c[0], c[1]])).collect();
    halves.chunks_exact(4).map(|t| [t[0], t[1], t[2], t[3]]).collect()
}

#[test]
fn hdr_profile_decodes_hdr_luminance_by_the_logarithmic_rule() {
    // CEM 2 with v0 = 0 and v1 = 255: y0 = 0, y1 = 255 << 4 = 0xFF0, alpha 0x780 (1.0). Each
    // 12-bit endpoint shifts left by 4 and interpolates: weight 64 gives 0xFF00, E = 31,
    // M = 0x700 >= 1536, Mt = 5 * M - 2048 = 6912, Cf = (31 << 10) + (6912 >> 3) = 0x7F60, an
    // infinity, so the largest finite half 0x7BFF; weight 32 gives 0x7F80, E = 15, M = 0x780,
    // Mt = 7552, Cf = 0x3C00 + 944 = 0x3FB0; weight 0 gives 0. Alpha: 0x7800 is E = 15, M = 0,
    // 0x3C00.
    let trits = [1, 2, 1, 0, 1, 0, 0, 0, 2, 2, 1, 1, 2, 1, 2, 2];
    for (t, (got, trit)) in decode_hdr(trit_weight_block(2)).iter().zip(trits).enumerate() {
        let l = [0, 0x3FB0, 0x7BFF][trit];
        assert_eq!(*got, [l, l, l, 0x3C00], "texel {t}");
    }
}

#[test]
fn hdr_profile_gives_ldr_results_as_halves_and_errors_as_nan() {
    // CEM 0 from 0 to 255: weight 32 gives UNORM16 32768, exactly 0.5 (0x3800); 65535 is 1.0.
    let trits = [1, 2, 1, 0, 1, 0, 0, 0, 2, 2, 1, 1, 2, 1, 2, 2];
    for (t, (got, trit)) in decode_hdr(trit_weight_block(0)).iter().zip(trits).enumerate() {
        let l = [0, 0x3800, 0x3C00][trit];
        assert_eq!(*got, [l, l, l, 0x3C00], "texel {t}");
    }
    // An HDR void extent is FP16 as stored; an LDR one converts: 0x00FF / 65536 rounded toward
    // zero is 0x00FF * 2^-16 = 0x1BF8 (1.9921875 * 2^-9), 0xFFFF is 1.0.
    let hdr = void_extent(true, NO_EXTENT, [0x4200, 0xC000, 0x0001, 0x3C00]);
    assert!(decode_hdr(hdr).iter().all(|t| *t == [0x4200, 0xC000, 0x0001, 0x3C00]));
    let ldr = void_extent(false, NO_EXTENT, [0x00FF, 0, 0xFFFF, 0xFFFF]);
    assert!(decode_hdr(ldr).iter().all(|t| *t == [0x1BF8, 0, 0x3C00, 0x3C00]));
    // Illegal blocks are NaN in every channel.
    assert!(decode_hdr([0; 16]).iter().all(|t| *t == [0xFFFF; 4]));
}
