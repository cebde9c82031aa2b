//! Locations of the compatibility varyings: gl_FrontColor (read as gl_Color), the secondary
//! and back colours, gl_FogFragCoord and gl_TexCoord[]. A program linked whole places, on
//! each interface between two of its stages, only those the two stages use, right after
//! the interface's user varyings. Stages that are linked apart (separable programs, the
//! stages of a program pipeline, ARB assembly programs beside fixed function) cannot see
//! each other's use, so they all take one deterministic placement at the top of the
//! location space, as GL's matching by name across programs needs.

use crate::link::MAX_VARYING_SLOTS;

/// gl_MaxTextureCoords: the sets of gl_TexCoord[].
pub const TEX_COORD_SETS: u32 = 8;

/// One compatibility varying; gl_TexCoord[] is one array of `TEX_COORD_SETS` locations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CompatVarying {
    Color,
    SecondaryColor,
    BackColor,
    BackSecondaryColor,
    FogFragCoord,
    TexCoord,
}

impl CompatVarying {
    /// In the order a placement lays them out.
    pub const ALL: [CompatVarying; 6] = [
        CompatVarying::Color,
        CompatVarying::SecondaryColor,
        CompatVarying::BackColor,
        CompatVarying::BackSecondaryColor,
        CompatVarying::FogFragCoord,
        CompatVarying::TexCoord,
    ];

    /// Its name in a vertex or geometry shader, which writes it.
    pub fn producer_name(self) -> &'static str {
        match self {
            CompatVarying::Color => "gl_FrontColor",
            CompatVarying::SecondaryColor => "gl_FrontSecondaryColor",
            CompatVarying::BackColor => "gl_BackColor",
            CompatVarying::BackSecondaryColor => "gl_BackSecondaryColor",
            CompatVarying::FogFragCoord => "gl_FogFragCoord",
            CompatVarying::TexCoord => "gl_TexCoord",
        }
    }

    /// Its name in a fragment shader; the back colours have none (the front-facing
    /// selection of `lower_two_sided_color` reads them).
    pub fn consumer_name(self) -> Option<&'static str> {
        match self {
            CompatVarying::Color => Some("gl_Color"),
            CompatVarying::SecondaryColor => Some("gl_SecondaryColor"),
            CompatVarying::FogFragCoord => Some("gl_FogFragCoord"),
            CompatVarying::TexCoord => Some("gl_TexCoord"),
            CompatVarying::BackColor | CompatVarying::BackSecondaryColor => None,
        }
    }

    pub fn from_producer_name(name: &str) -> Option<CompatVarying> {
        CompatVarying::ALL.into_iter().find(|v| v.producer_name() == name)
    }

    pub fn from_consumer_name(name: &str) -> Option<CompatVarying> {
        CompatVarying::ALL.into_iter().find(|v| v.consumer_name() == Some(name))
    }

    /// Whether GL_CLAMP_VERTEX_COLOR and glShadeModel apply to it.
    pub fn is_color(self) -> bool {
        !matches!(self, CompatVarying::FogFragCoord | CompatVarying::TexCoord)
    }

    fn index(self) -> usize {
        CompatVarying::ALL.iter().position(|v| *v == self).unwrap_or(0)
    }
}

/// Whether `name` is a colour varying as a stage's IR names it: the written
/// gl_FrontColor/gl_BackColor and their secondary colours, or the read gl_Color and
/// gl_SecondaryColor (the generated fragment stage also reads the back colours by name).
pub fn is_color_varying_name(name: &str) -> bool {
    CompatVarying::from_producer_name(name).or_else(|| CompatVarying::from_consumer_name(name)).is_some_and(CompatVarying::is_color)
}

/// Where the compatibility varyings of one interface sit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CompatVaryingLocations {
    /// The first location of each of `CompatVarying::ALL`, `None` where the interface has
    /// no such varying.
    locations: [Option<u32>; 6],
    /// The texture-coordinate sets gl_TexCoord's locations cover.
    tex_coord_sets: u32,
}

/// The first location of the deterministic placement: every compatibility varying fits
/// above it, so user varyings of stages linked apart stay below it.
pub const DETERMINISTIC_BASE: u32 = MAX_VARYING_SLOTS as u32 - 5 - TEX_COORD_SETS;

impl CompatVaryingLocations {
    /// The placement stages linked apart agree on: all of them, in the top locations.
    pub fn deterministic() -> CompatVaryingLocations {
        CompatVaryingLocations::packed(DETERMINISTIC_BASE, &CompatVarying::ALL, TEX_COORD_SETS)
    }

    /// `used`, in `CompatVarying::ALL`'s order, from location `first` on; gl_TexCoord
    /// covers `tex_coord_sets` sets (none when 0).
    pub fn packed(first: u32, used: &[CompatVarying], tex_coord_sets: u32) -> CompatVaryingLocations {
        let mut out = CompatVaryingLocations::default();
        let mut next = first;
        for v in CompatVarying::ALL {
            if !used.contains(&v) {
                continue;
            }
            let slots = if v == CompatVarying::TexCoord { tex_coord_sets } else { 1 };
            if slots == 0 {
                continue;
            }
            out.locations[v.index()] = Some(next);
            next += slots;
        }
        out.tex_coord_sets = if out.locations[CompatVarying::TexCoord.index()].is_some() { tex_coord_sets } else { 0 };
        out
    }

    /// The first location of `v`.
    pub fn location(&self, v: CompatVarying) -> Option<u32> {
        self.locations[v.index()]
    }

    /// The location of texture-coordinate set `set`.
    pub fn tex_coord(&self, set: u32) -> Option<u32> {
        (set < self.tex_coord_sets).then(|| self.location(CompatVarying::TexCoord)).flatten().map(|l| l + set)
    }

    /// One past the last location taken; `None` when the interface has none.
    pub fn end(&self) -> Option<u32> {
        CompatVarying::ALL
            .into_iter()
            .filter_map(|v| self.location(v).map(|l| l + if v == CompatVarying::TexCoord { self.tex_coord_sets } else { 1 }))
            .max()
    }

    /// The first location taken; `None` when the interface has none.
    pub fn start(&self) -> Option<u32> {
        self.locations.iter().flatten().copied().min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use CompatVarying::*;

    #[test]
    fn packed_takes_only_what_is_used_in_order() {
        let l = CompatVaryingLocations::packed(3, &[TexCoord, Color, BackColor], TEX_COORD_SETS);
        assert_eq!(l.location(Color), Some(3));
        assert_eq!(l.location(SecondaryColor), None);
        assert_eq!(l.location(BackColor), Some(4));
        assert_eq!(l.location(TexCoord), Some(5));
        assert_eq!(l.tex_coord(7), Some(12));
        assert_eq!(l.tex_coord(8), None);
        assert_eq!((l.start(), l.end()), (Some(3), Some(13)));
    }

    #[test]
    fn packed_with_fewer_sets_and_none() {
        let l = CompatVaryingLocations::packed(0, &[FogFragCoord, TexCoord], 3);
        assert_eq!(l.location(FogFragCoord), Some(0));
        assert_eq!(l.tex_coord(2), Some(3));
        assert_eq!(l.tex_coord(3), None);
        let none = CompatVaryingLocations::packed(5, &[TexCoord], 0);
        assert_eq!((none.location(TexCoord), none.end()), (None, None));
    }

    #[test]
    fn deterministic_fits_below_the_last_location_without_overlap() {
        let l = CompatVaryingLocations::deterministic();
        assert_eq!(l.end(), Some(MAX_VARYING_SLOTS as u32));
        let mut seen = vec![false; MAX_VARYING_SLOTS];
        for v in CompatVarying::ALL {
            let n = if v == TexCoord { TEX_COORD_SETS } else { 1 };
            for at in l.location(v).unwrap()..l.location(v).unwrap() + n {
                assert!(!seen[at as usize], "{v:?} overlaps at {at}");
                seen[at as usize] = true;
            }
        }
        // gl_TexCoord[7] no longer meets a back colour.
        assert_ne!(l.tex_coord(7), l.location(BackSecondaryColor));
    }

    #[test]
    fn names_map_both_ways() {
        for v in CompatVarying::ALL {
            assert_eq!(CompatVarying::from_producer_name(v.producer_name()), Some(v));
            if let Some(c) = v.consumer_name() {
                assert_eq!(CompatVarying::from_consumer_name(c), Some(v));
            }
        }
        assert!(is_color_varying_name("gl_BackSecondaryColor") && is_color_varying_name("gl_Color"));
        assert!(!is_color_varying_name("gl_TexCoord") && !is_color_varying_name("colour"));
    }
}
