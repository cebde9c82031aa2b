//! One number a workload reports, and the line it travels on from the workload program
//! to the bench: `measure<TAB>workload<TAB>name<TAB>value<TAB>unit`.

use std::fmt;

/// What a number counts, and so which direction is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    DrawsPerSecond,
    FramesPerSecond,
    MegabytesPerSecond,
    MillisecondsPerFrame,
}

impl Unit {
    pub fn label(self) -> &'static str {
        match self {
            Unit::DrawsPerSecond => "draws/s",
            Unit::FramesPerSecond => "frames/s",
            Unit::MegabytesPerSecond => "MB/s",
            Unit::MillisecondsPerFrame => "ms/frame",
        }
    }

    fn from_label(label: &str) -> Option<Unit> {
        [Unit::DrawsPerSecond, Unit::FramesPerSecond, Unit::MegabytesPerSecond, Unit::MillisecondsPerFrame]
            .into_iter()
            .find(|u| u.label() == label)
    }

    /// Times are better small, rates better large.
    pub fn higher_is_better(self) -> bool {
        !matches!(self, Unit::MillisecondsPerFrame)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    pub workload: String,
    pub name: String,
    pub value: f64,
    pub unit: Unit,
}

const TAG: &str = "measure";

impl fmt::Display for Measurement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{TAG}\t{}\t{}\t{}\t{}", self.workload, self.name, self.value, self.unit.label())
    }
}

impl Measurement {
    /// The measurement a line carries; `None` for any other output of the program.
    pub fn parse(line: &str) -> Option<Measurement> {
        let mut fields = line.trim_end().split('\t');
        if fields.next()? != TAG {
            return None;
        }
        let workload = fields.next()?.to_owned();
        let name = fields.next()?.to_owned();
        let value: f64 = fields.next()?.parse().ok().filter(|v: &f64| v.is_finite())?;
        let unit = Unit::from_label(fields.next()?)?;
        fields.next().is_none().then_some(Measurement { workload, name, value, unit })
    }

    /// How many times faster `ours` is than `peer`: above 1 means `ours` wins.
    pub fn speed_ratio(unit: Unit, ours: f64, peer: f64) -> f64 {
        if unit.higher_is_better() {
            ours / peer
        } else {
            peer / ours
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_measurement_survives_its_line() {
        let m = Measurement {
            workload: "pixel-transfer".into(),
            name: "glReadPixels to memory".into(),
            value: 1234.5,
            unit: Unit::MegabytesPerSecond,
        };
        assert_eq!(Measurement::parse(&m.to_string()), Some(m));
    }

    #[test]
    fn other_output_and_broken_lines_are_not_measurements() {
        assert_eq!(Measurement::parse("Using Core profile."), None);
        assert_eq!(Measurement::parse("measure\tw\tn\tNaN\tdraws/s"), None);
        assert_eq!(Measurement::parse("measure\tw\tn\t12\tparsecs"), None);
        assert_eq!(Measurement::parse("measure\tw\tn\t12\tdraws/s\textra"), None);
    }

    #[test]
    fn ratio_favours_the_faster_side_for_rates_and_times() {
        assert_eq!(Measurement::speed_ratio(Unit::DrawsPerSecond, 200.0, 100.0), 2.0);
        assert_eq!(Measurement::speed_ratio(Unit::MillisecondsPerFrame, 5.0, 10.0), 2.0);
    }
}
