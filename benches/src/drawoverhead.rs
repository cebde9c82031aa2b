//! piglit's `drawoverhead`: thousands of draws per second for one case of state change.
//! It needs a window, so it runs on a private Xvfb through piglit's glx platform (galvan's
//! EGL answers only the default and surfaceless displays; its GLX vendor draws to windows).

use std::path::PathBuf;

/// Cases quoted beside the draw-overhead workload, as `drawoverhead -test` numbers them:
/// no change (DrawArrays, DrawElements), buffer replacement, program change, 1 of 1 and
/// 8 of 8 textures changing. Later numbers shift where a driver lacks a feature the list
/// skips (texture buffers, images), so the bench compares names too. Each runs `SECONDS`.
pub const CASES: [u32; 6] = [1, 2, 4, 7, 9, 11];
pub const SECONDS: u32 = 1;

/// The installed program, where Debian's piglit package puts it.
pub fn program() -> Option<PathBuf> {
    let path = PathBuf::from("/usr/lib/x86_64-linux-gnu/piglit/bin/drawoverhead");
    path.is_file().then_some(path)
}

/// One row of its table: case number, name, thousands of draws per second.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    pub number: u32,
    pub name: String,
    pub kilodraws_per_second: f64,
}

/// The case rows of `drawoverhead`'s output, e.g.
/// `   7, DrawElements ( 1 VBO| 0 UBO|  0    ) w/ shader program change,    27, 2.9%`.
pub fn parse(output: &str) -> Vec<Case> {
    output
        .lines()
        .filter_map(|line| {
            let mut fields = line.rsplitn(3, ',');
            let _difference = fields.next()?.trim().strip_suffix('%')?;
            let rate: f64 = fields.next()?.trim().parse().ok()?;
            let (number, name) = fields.next()?.split_once(',')?;
            Some(Case { number: number.trim().parse().ok()?, name: name.trim().to_owned(), kilodraws_per_second: rate })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_rows_parse_and_headers_do_not() {
        let output = "Using Core profile.
   #, Test name                                              ,    Thousands draws/s, Difference vs the 1st
   1, DrawArrays   ( 1 VBO| 0 UBO|  0    ) w/ no state change,                    820, 100.0%
  26, DrawElements ( 8 VBO| 8 UBO|  8 Tex) w/ scissor change,                      42, 4.6%
";
        assert_eq!(
            parse(output),
            vec![
                Case { number: 1, name: "DrawArrays   ( 1 VBO| 0 UBO|  0    ) w/ no state change".into(), kilodraws_per_second: 820.0 },
                Case { number: 26, name: "DrawElements ( 8 VBO| 8 UBO|  8 Tex) w/ scissor change".into(), kilodraws_per_second: 42.0 },
            ]
        );
    }
}
