//! Interface variables packed into one location by `layout(component = N)`
//! (ARB_enhanced_layouts): which components of which locations each declaration with an
//! explicit location takes, and the link errors GLSL 4.40 section 4.4.1 gives when two of
//! one interface overlap, or share a location with different numerical types.

use crate::sema::types::{Scalar, Type};

/// The numerical type a location's components hold: locations may be shared only
/// within one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Numeric {
    Float,
    Integer,
    Double,
}

/// The components taken so far of one interface (a stage's outputs, its inputs, or the
/// fragment outputs of one blend index).
#[derive(Default)]
pub struct ComponentMap {
    /// (location, component) -> what holds it and its declaration's name.
    cells: Vec<((u32, u32), Numeric, String)>,
}

/// Appends the (location, component, numerical type) cells a value of type `t` takes
/// from `location`, `component` on.
fn cells_of(t: &Type, location: u32, component: u32, out: &mut Vec<(u32, u32, Numeric)>) -> u32 {
    let numeric = |s: Scalar| match s {
        Scalar::Float => Numeric::Float,
        Scalar::Double | Scalar::Int64 | Scalar::Uint64 => Numeric::Double,
        _ => Numeric::Integer,
    };
    match t {
        Type::Scalar(s) | Type::Vector(s, _) => {
            let width = if numeric(*s) == Numeric::Double { 2 } else { 1 };
            let n = t.components() as u32 * width;
            for k in 0..n {
                let c = component + k;
                out.push((location + c / 4, c % 4, numeric(*s)));
            }
            (component + n).div_ceil(4)
        }
        Type::Matrix { cols, rows, double } => {
            let column = Type::Vector(if *double { Scalar::Double } else { Scalar::Float }, *rows);
            let mut at = location;
            for _ in 0..*cols {
                at += cells_of(&column, at, component, out);
            }
            at - location
        }
        Type::Array(e, n) => {
            let mut at = location;
            for _ in 0..n.unwrap_or(1) {
                at += cells_of(e, at, component, out);
            }
            at - location
        }
        Type::Struct(s) | Type::Block(s) => {
            let mut at = location;
            for (_, m) in &s.members {
                at += cells_of(m, at, 0, out);
            }
            at - location
        }
        _ => 1,
    }
}

impl ComponentMap {
    /// Takes the components `name` of type `t` declares from `location`, `component` on;
    /// the error message where another declaration holds one of them, or holds another
    /// numerical type in one of its locations.
    pub fn claim(&mut self, name: &str, t: &Type, location: u32, component: u32) -> Result<(), String> {
        let mut cells = Vec::new();
        cells_of(t, location, component, &mut cells);
        for (l, c, numeric) in &cells {
            if let Some((_, _, other)) = self.cells.iter().find(|(cell, ..)| *cell == (*l, *c)) {
                return Err(format!("`{name}' overlaps `{other}' at location {l}, component {c}"));
            }
            if let Some((_, _, other)) = self.cells.iter().find(|((ol, _), n, _)| ol == l && n != numeric) {
                return Err(format!("`{name}' and `{other}' share location {l} with different numerical types"));
            }
        }
        self.cells.extend(cells.into_iter().map(|(l, c, n)| ((l, c), n, name.to_string())));
        Ok(())
    }
}
