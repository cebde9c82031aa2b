//! ASTC's integer sequence encoding and the unquantization of the values it carries
//! (Khronos Data Format Specification, ASTC: "Integer Sequence Encoding", "Endpoint
//! Unquantization", "Weight Unquantization"). Colour endpoint values and texel weights are
//! both sequences of integers of one range, packed as plain bits or with base-3 (trit) or
//! base-5 (quint) digits above the plain bits.

/// What sits above a value's plain low bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Digit {
    None,
    Trit,
    Quint,
}

/// The range of every value of one sequence: 0..2^bits, 0..3 * 2^bits or 0..5 * 2^bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Range {
    pub(crate) digit: Digit,
    pub(crate) bits: u32,
}

impl Range {
    pub(crate) const fn new(digit: Digit, bits: u32) -> Range {
        Range { digit, bits }
    }

    /// Bits a sequence of `count` values occupies ("Data Size Determination"): five trits
    /// pack into 8 bits and three quints into 7, the last group using only as many bits as
    /// its values need.
    pub(crate) fn sequence_bits(self, count: u32) -> u32 {
        let digits = match self.digit {
            Digit::None => 0,
            Digit::Trit => (count * 8).div_ceil(5),
            Digit::Quint => (count * 7).div_ceil(3),
        };
        digits + count * self.bits
    }
}

/// The ranges colour endpoint values may use, largest first: a block's endpoints take the
/// first that fits the bits left to them ("Data Size Determination"). Nothing below 0..5 is
/// allowed ("Illegal Encodings").
pub(crate) const ENDPOINT_RANGES: [Range; 17] = {
    use Digit::*;
    [
        Range::new(None, 8),
        Range::new(Trit, 6),
        Range::new(Quint, 5),
        Range::new(None, 7),
        Range::new(Trit, 5),
        Range::new(Quint, 4),
        Range::new(None, 6),
        Range::new(Trit, 4),
        Range::new(Quint, 3),
        Range::new(None, 5),
        Range::new(Trit, 3),
        Range::new(Quint, 2),
        Range::new(None, 4),
        Range::new(Trit, 2),
        Range::new(Quint, 1),
        Range::new(None, 3),
        Range::new(Trit, 1),
    ]
};

/// Bits of a block as one little-endian number, every bit from `len` on reading as zero: a
/// sequence's last group may be cut short, its missing high bits "assumed to be 0".
#[derive(Clone, Copy, Debug)]
pub(crate) struct BitStream {
    bits: u128,
}

impl BitStream {
    pub(crate) fn new(bits: u128, len: u32) -> BitStream {
        let kept = if len >= 128 { u128::MAX } else { (1u128 << len) - 1 };
        BitStream { bits: bits & kept }
    }

    /// `count` (at most 32) bits from bit `start`, lowest first.
    pub(crate) fn read(self, start: u32, count: u32) -> u32 {
        if start >= 128 || count == 0 {
            return 0;
        }
        let mask = if count >= 32 { u32::MAX } else { (1u32 << count) - 1 };
        (self.bits >> start) as u32 & mask
    }
}

/// The five trits packed in 8 bits `t` ("Integer Sequence Encoding", trit decoding).
fn unpack_trits(t: u32) -> [u32; 5] {
    let bit = |i: u32| (t >> i) & 1;
    let (c, t3, t4);
    if (t >> 2) & 7 == 7 {
        c = ((t >> 5) << 2) | (t & 3);
        (t3, t4) = (2, 2);
    } else {
        c = t & 0x1F;
        if (t >> 5) & 3 == 3 {
            (t3, t4) = (bit(7), 2);
        } else {
            (t3, t4) = ((t >> 5) & 3, bit(7));
        }
    }
    let cbit = |i: u32| (c >> i) & 1;
    let (t0, t1, t2);
    if c & 3 == 3 {
        (t0, t1, t2) = ((cbit(3) << 1) | (cbit(2) & !cbit(3) & 1), cbit(4), 2);
    } else if (c >> 2) & 3 == 3 {
        (t0, t1, t2) = (c & 3, 2, 2);
    } else {
        (t0, t1, t2) = ((cbit(1) << 1) | (cbit(0) & !cbit(1) & 1), (c >> 2) & 3, cbit(4));
    }
    [t0, t1, t2, t3, t4]
}

/// The three quints packed in 7 bits `q` ("Integer Sequence Encoding", quint decoding).
fn unpack_quints(q: u32) -> [u32; 3] {
    let bit = |i: u32| (q >> i) & 1;
    if (q >> 1) & 3 == 3 && (q >> 5) & 3 == 0 {
        let not_q0 = !bit(0) & 1;
        let q2 = (bit(0) << 2) | ((bit(4) & not_q0) << 1) | (bit(3) & not_q0);
        return [4, 4, q2];
    }
    let (c, q2);
    if (q >> 1) & 3 == 3 {
        q2 = 4;
        c = (((q >> 3) & 3) << 3) | ((!(q >> 5) & 3) << 1) | bit(0);
    } else {
        q2 = (q >> 5) & 3;
        c = q & 0x1F;
    }
    if c & 7 == 5 {
        [(c >> 3) & 3, 4, q2]
    } else {
        [c & 7, (c >> 3) & 3, q2]
    }
}

/// Bits of the packed trits after each value's low bits, and of the packed quints: the
/// interleaving of "Trit-based Packing" and "Quint-based Packing".
const TRIT_BITS_AFTER: [u32; 5] = [2, 2, 1, 2, 1];
const QUINT_BITS_AFTER: [u32; 3] = [3, 2, 2];

/// Decodes `out.len()` values of `range` from the start of `stream`.
pub(crate) fn decode_sequence(stream: BitStream, range: Range, out: &mut [u8]) {
    let n = range.bits;
    let group: &[u32] = match range.digit {
        Digit::None => {
            for (i, value) in (0u32..).zip(out.iter_mut()) {
                *value = stream.read(i * n, n) as u8;
            }
            return;
        }
        Digit::Trit => &TRIT_BITS_AFTER,
        Digit::Quint => &QUINT_BITS_AFTER,
    };
    let group_bits = group.iter().sum::<u32>() + group.len() as u32 * n;
    for (g, values) in (0u32..).zip(out.chunks_mut(group.len())) {
        let mut at = g * group_bits;
        let (mut packed, mut packed_bits) = (0u32, 0u32);
        let mut low = [0u32; 5];
        for (low, &digit_bits) in low.iter_mut().zip(group) {
            *low = stream.read(at, n);
            packed |= stream.read(at + n, digit_bits) << packed_bits;
            at += n + digit_bits;
            packed_bits += digit_bits;
        }
        let digits = match range.digit {
            Digit::Trit => unpack_trits(packed),
            _ => {
                let [q0, q1, q2] = unpack_quints(packed);
                [q0, q1, q2, 0, 0]
            }
        };
        for ((value, digit), low) in values.iter_mut().zip(digits).zip(low) {
            *value = ((digit << n) | low) as u8;
        }
    }
}

/// `value`'s `bits` bits repeated from the top down to fill `width` bits: how plain-bit
/// ranges unquantize.
fn replicate(value: u32, bits: u32, width: u32) -> u32 {
    if bits == 0 {
        return 0;
    }
    let (mut out, mut filled) = (0u32, 0u32);
    while filled < width {
        out = (out << bits) | value;
        filled += bits;
    }
    out >> (filled - width)
}

/// The B term of the unquantization tables: each character is one bit, the leftmost the
/// top one; letter 'a' + k stands for bit k of the value's low bits and '0' for a zero.
fn pattern_bits(pattern: &str, low: u32) -> u32 {
    pattern.bytes().fold(0, |out, c| (out << 1) | if c == b'0' { 0 } else { (low >> (c - b'a')) & 1 })
}

/// The first two steps of trit and quint unquantization, "T = D * C + B; T = T ^ A", for
/// unquantization parameters `b` and `c`; returns T and A, A being bit 0 of the value
/// repeated across `width` bits.
fn scramble(value: u32, range: Range, width: u32, b: &str, c: u32) -> (u32, u32) {
    let low = value & ((1 << range.bits) - 1);
    let d = value >> range.bits;
    let a = if low & 1 == 1 { (1 << width) - 1 } else { 0 };
    ((d * c + pattern_bits(b, low)) ^ a, a)
}

/// A colour endpoint value of `range` widened to 0..255 ("Endpoint Unquantization", table
/// "Color Unquantization Parameters").
pub(crate) fn unquantize_endpoint(range: Range, value: u8) -> u8 {
    let (b, c) = match (range.digit, range.bits) {
        (Digit::None, bits) => return replicate(value as u32, bits, 8) as u8,
        (Digit::Trit, 1) => ("000000000", 204),
        (Digit::Quint, 1) => ("000000000", 113),
        (Digit::Trit, 2) => ("b000b0bb0", 93),
        (Digit::Quint, 2) => ("b0000bb00", 54),
        (Digit::Trit, 3) => ("cb000cbcb", 44),
        (Digit::Quint, 3) => ("cb0000cbc", 26),
        (Digit::Trit, 4) => ("dcb000dcb", 22),
        (Digit::Quint, 4) => ("dcb0000dc", 13),
        (Digit::Trit, 5) => ("edcb000ed", 11),
        (Digit::Quint, 5) => ("edcb0000e", 6),
        (Digit::Trit, 6) => ("fedcb000f", 5),
        _ => return 0,
    };
    let (t, a) = scramble(value as u32, range, 9, b, c);
    ((a & 0x80) | ((t >> 2) & 0x7F)) as u8
}

/// A weight of `range` unquantized to 0..64 ("Weight Unquantization"): first to 0..63 by
/// table "Weight Unquantization Values" or "Weight Unquantization Parameters", then values
/// above 32 move up one so that interpolation divides by 64.
pub(crate) fn unquantize_weight(range: Range, value: u8) -> u8 {
    let v = value as u32;
    let (b, c) = match (range.digit, range.bits) {
        (Digit::None, bits) => return expand_weight(replicate(v, bits, 6)),
        (Digit::Trit, 0) => return expand_weight([0, 32, 63].get(v as usize).copied().unwrap_or(0)),
        (Digit::Quint, 0) => return expand_weight([0, 16, 32, 47, 63].get(v as usize).copied().unwrap_or(0)),
        (Digit::Trit, 1) => ("0000000", 50),
        (Digit::Quint, 1) => ("0000000", 28),
        (Digit::Trit, 2) => ("b000b0b", 23),
        (Digit::Quint, 2) => ("b0000b0", 13),
        (Digit::Trit, 3) => ("cb000cb", 11),
        _ => return 0,
    };
    let (t, a) = scramble(v, range, 7, b, c);
    expand_weight((a & 0x20) | ((t >> 2) & 0x1F))
}

fn expand_weight(t: u32) -> u8 {
    (if t > 32 { t + 1 } else { t }) as u8
}
