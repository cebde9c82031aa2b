//! The comparison table: one row per measurement, galvan's and zink's numbers side by side.

use crate::measurement::{Measurement, Unit};

#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub workload: String,
    pub name: String,
    pub unit: Unit,
    pub galvan: Option<f64>,
    pub zink: Option<f64>,
}

/// A Markdown table; the last column is galvan's speed relative to zink (above 1: faster).
pub fn render(rows: &[Row]) -> String {
    let mut text = String::from("| workload | measurement | unit | galvan | zink | galvan speed vs zink |\n");
    text.push_str("|---|---|---|---:|---:|---:|\n");
    for row in rows {
        let ratio = match (row.galvan, row.zink) {
            (Some(g), Some(z)) if g > 0.0 && z > 0.0 => format!("{:.2}x", Measurement::speed_ratio(row.unit, g, z)),
            _ => "n/a".to_owned(),
        };
        text.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            cell(&row.workload),
            cell(&row.name),
            row.unit.label(),
            number(row.galvan),
            number(row.zink),
            ratio
        ));
    }
    text
}

/// Text for one cell: a `|` in it (drawoverhead's case names have them) would end the cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

fn number(value: Option<f64>) -> String {
    match value {
        None => "failed".to_owned(),
        Some(v) if v >= 100.0 => format!("{v:.0}"),
        Some(v) if v >= 10.0 => format!("{v:.1}"),
        Some(v) => format!("{v:.2}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_show_both_numbers_and_the_speed_ratio() {
        let rows = [
            Row { workload: "w".into(), name: "a".into(), unit: Unit::DrawsPerSecond, galvan: Some(3000.0), zink: Some(1500.0) },
            Row { workload: "w".into(), name: "b".into(), unit: Unit::MillisecondsPerFrame, galvan: Some(4.0), zink: Some(2.0) },
            Row { workload: "w".into(), name: "c".into(), unit: Unit::FramesPerSecond, galvan: None, zink: Some(2.0) },
        ];
        let text = render(&rows);
        assert!(text.contains("| w | a | draws/s | 3000 | 1500 | 2.00x |"), "{text}");
        assert!(text.contains("| w | b | ms/frame | 4.00 | 2.00 | 0.50x |"), "{text}");
        assert!(text.contains("| w | c | frames/s | failed | 2.00 | n/a |"), "{text}");
    }

    #[test]
    fn bars_in_names_do_not_split_cells() {
        let row = Row { workload: "w".into(), name: "( 1 VBO| 0 UBO)".into(), unit: Unit::DrawsPerSecond, galvan: Some(1.0), zink: Some(1.0) };
        assert!(render(&[row]).contains("| w | ( 1 VBO\\| 0 UBO) | draws/s |"));
    }
}
