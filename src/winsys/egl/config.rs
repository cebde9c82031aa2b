//! Framebuffer configurations: the table, their attributes, and eglChooseConfig's
//! matching and sorting rules (EGL 1.5, section 3.4).

use super::consts::*;
use super::error::{EglError, EglResult};

/// One EGLConfig. Its handle is `id` as a pointer, so a stale or forged handle is
/// only a number that fails the lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    pub id: i32,
    pub red: i32,
    pub green: i32,
    pub blue: i32,
    pub alpha: i32,
    pub depth: i32,
    pub stencil: i32,
    pub samples: i32,
    pub surface_type: i32,
    /// The X visual windows of this config use (EGL_NATIVE_VISUAL_ID), 0 off X11.
    pub native_visual_id: i32,
    /// Its class (EGL_NATIVE_VISUAL_TYPE: TrueColor), EGL_NONE off X11.
    pub native_visual_type: i32,
}

/// The native visual a display's window configs render for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NativeVisual {
    pub id: i32,
    pub class: i32,
}

const RENDERABLE: i32 = (EGL_OPENGL_BIT | EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT) as i32;
const MAX_PBUFFER_SIZE: i32 = 16384;

/// The configurations a display offers: RGBA8 and RGB8 colour, each without
/// depth, with depth24 and with depth24/stencil8. On X11 every one of them shows in
/// windows of the screen's depth-24 TrueColor visual: a swapchain on such a window
/// takes RGBA8 images, whose alpha the X server ignores (as GLX's configs do).
pub fn table(surface_type: i32, visual: Option<NativeVisual>) -> Vec<Config> {
    let mut configs = Vec::new();
    for (red, green, blue, alpha) in [(8, 8, 8, 8), (8, 8, 8, 0)] {
        for (depth, stencil) in [(0, 0), (24, 0), (24, 8)] {
            configs.push(Config {
                id: configs.len() as i32 + 1,
                red,
                green,
                blue,
                alpha,
                depth,
                stencil,
                samples: 0,
                surface_type,
                native_visual_id: visual.map_or(0, |v| v.id),
                native_visual_type: visual.map_or(EGL_NONE as i32, |v| v.class),
            });
        }
    }
    configs
}

impl Config {
    pub fn buffer_size(&self) -> i32 {
        self.red + self.green + self.blue + self.alpha
    }

    /// eglGetConfigAttrib; `None` for an attribute EGL does not define.
    pub fn attrib(&self, name: i64) -> Option<i32> {
        Some(match name {
            EGL_BUFFER_SIZE => self.buffer_size(),
            EGL_RED_SIZE => self.red,
            EGL_GREEN_SIZE => self.green,
            EGL_BLUE_SIZE => self.blue,
            EGL_ALPHA_SIZE => self.alpha,
            EGL_LUMINANCE_SIZE | EGL_ALPHA_MASK_SIZE => 0,
            EGL_DEPTH_SIZE => self.depth,
            EGL_STENCIL_SIZE => self.stencil,
            EGL_SAMPLES => self.samples,
            EGL_SAMPLE_BUFFERS => (self.samples > 0) as i32,
            EGL_CONFIG_ID => self.id,
            EGL_CONFIG_CAVEAT => EGL_NONE as i32,
            EGL_COLOR_BUFFER_TYPE => EGL_RGB_BUFFER as i32,
            EGL_LEVEL => 0,
            EGL_MAX_PBUFFER_WIDTH | EGL_MAX_PBUFFER_HEIGHT => MAX_PBUFFER_SIZE,
            EGL_MAX_PBUFFER_PIXELS => MAX_PBUFFER_SIZE * MAX_PBUFFER_SIZE,
            EGL_MAX_SWAP_INTERVAL => 1,
            EGL_MIN_SWAP_INTERVAL => 0,
            EGL_NATIVE_RENDERABLE => EGL_FALSE as i32,
            EGL_NATIVE_VISUAL_ID => self.native_visual_id,
            EGL_NATIVE_VISUAL_TYPE => self.native_visual_type,
            EGL_SURFACE_TYPE => self.surface_type,
            EGL_RENDERABLE_TYPE | EGL_CONFORMANT => RENDERABLE,
            EGL_TRANSPARENT_TYPE => EGL_NONE as i32,
            EGL_TRANSPARENT_RED_VALUE | EGL_TRANSPARENT_GREEN_VALUE
            | EGL_TRANSPARENT_BLUE_VALUE => 0,
            EGL_BIND_TO_TEXTURE_RGB | EGL_BIND_TO_TEXTURE_RGBA => EGL_FALSE as i32,
            _ => return None,
        })
    }
}

/// How eglChooseConfig compares a requested value with a config's.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rule {
    AtLeast,
    Exact,
    Mask,
    Ignored,
}

fn rule_and_default(name: i64) -> Option<(Rule, i64)> {
    Some(match name {
        EGL_BUFFER_SIZE | EGL_RED_SIZE | EGL_GREEN_SIZE | EGL_BLUE_SIZE | EGL_LUMINANCE_SIZE
        | EGL_ALPHA_SIZE | EGL_ALPHA_MASK_SIZE | EGL_DEPTH_SIZE | EGL_STENCIL_SIZE
        | EGL_SAMPLE_BUFFERS | EGL_SAMPLES => (Rule::AtLeast, 0),
        EGL_BIND_TO_TEXTURE_RGB | EGL_BIND_TO_TEXTURE_RGBA | EGL_CONFIG_CAVEAT
        | EGL_CONFIG_ID | EGL_MAX_SWAP_INTERVAL | EGL_MIN_SWAP_INTERVAL
        | EGL_NATIVE_RENDERABLE | EGL_NATIVE_VISUAL_TYPE | EGL_TRANSPARENT_RED_VALUE
        | EGL_TRANSPARENT_GREEN_VALUE | EGL_TRANSPARENT_BLUE_VALUE => {
            (Rule::Exact, EGL_DONT_CARE)
        }
        EGL_COLOR_BUFFER_TYPE => (Rule::Exact, EGL_RGB_BUFFER),
        EGL_LEVEL => (Rule::Exact, 0),
        EGL_TRANSPARENT_TYPE => (Rule::Exact, EGL_NONE),
        EGL_SURFACE_TYPE => (Rule::Mask, EGL_WINDOW_BIT),
        EGL_RENDERABLE_TYPE => (Rule::Mask, EGL_OPENGL_ES_BIT),
        EGL_CONFORMANT => (Rule::Mask, 0),
        EGL_MAX_PBUFFER_WIDTH | EGL_MAX_PBUFFER_HEIGHT | EGL_MAX_PBUFFER_PIXELS
        | EGL_NATIVE_VISUAL_ID => (Rule::Ignored, EGL_DONT_CARE),
        _ => return None,
    })
}

const CHOOSABLE: [i64; 30] = [
    EGL_BUFFER_SIZE, EGL_RED_SIZE, EGL_GREEN_SIZE, EGL_BLUE_SIZE, EGL_LUMINANCE_SIZE,
    EGL_ALPHA_SIZE, EGL_ALPHA_MASK_SIZE, EGL_DEPTH_SIZE, EGL_STENCIL_SIZE, EGL_SAMPLE_BUFFERS,
    EGL_SAMPLES, EGL_BIND_TO_TEXTURE_RGB, EGL_BIND_TO_TEXTURE_RGBA, EGL_CONFIG_CAVEAT,
    EGL_CONFIG_ID, EGL_MAX_SWAP_INTERVAL, EGL_MIN_SWAP_INTERVAL, EGL_NATIVE_RENDERABLE,
    EGL_NATIVE_VISUAL_TYPE, EGL_TRANSPARENT_RED_VALUE, EGL_TRANSPARENT_GREEN_VALUE,
    EGL_TRANSPARENT_BLUE_VALUE, EGL_COLOR_BUFFER_TYPE, EGL_LEVEL, EGL_TRANSPARENT_TYPE,
    EGL_SURFACE_TYPE, EGL_RENDERABLE_TYPE, EGL_CONFORMANT, EGL_MAX_PBUFFER_WIDTH,
    EGL_NATIVE_VISUAL_ID,
];

/// eglChooseConfig: the configs that match `requested`, best first.
pub fn choose(configs: &[Config], requested: &[(i64, i64)]) -> EglResult<Vec<Config>> {
    let mut wanted: Vec<(i64, Rule, i64)> = Vec::new();
    for &name in &CHOOSABLE {
        let (rule, default) = rule_and_default(name).expect("choosable attributes have rules");
        wanted.push((name, rule, default));
    }
    for &(name, value) in requested {
        let Some((rule, _)) = rule_and_default(name) else {
            return Err(EglError::BAD_ATTRIBUTE);
        };
        if let Some(slot) = wanted.iter_mut().find(|w| w.0 == name) {
            *slot = (name, rule, value);
        } else {
            wanted.push((name, rule, value));
        }
    }
    let value_of = |name: i64| wanted.iter().find(|w| w.0 == name).map(|w| w.2);
    // A requested config id selects exactly that config, whatever else was asked.
    if let Some(id) = value_of(EGL_CONFIG_ID).filter(|&id| id != EGL_DONT_CARE) {
        return Ok(configs.iter().filter(|c| c.id as i64 == id).copied().collect());
    }
    let mut chosen: Vec<Config> = configs
        .iter()
        .filter(|config| {
            wanted.iter().all(|&(name, rule, value)| {
                if value == EGL_DONT_CARE || rule == Rule::Ignored {
                    return true;
                }
                let have = config.attrib(name).unwrap_or(0) as i64;
                match rule {
                    Rule::AtLeast => have >= value,
                    Rule::Exact => have == value,
                    Rule::Mask => have & value == value,
                    Rule::Ignored => true,
                }
            })
        })
        .copied()
        .collect();
    // Sort keys of section 3.4.1.2: caveat and buffer type are equal for every
    // galvan config; then more requested colour bits, smaller buffer, fewer
    // samples, less depth and stencil, and the config id.
    let requested_bits = |c: &Config| {
        let mut bits = 0;
        for (name, size) in [
            (EGL_RED_SIZE, c.red),
            (EGL_GREEN_SIZE, c.green),
            (EGL_BLUE_SIZE, c.blue),
            (EGL_ALPHA_SIZE, c.alpha),
        ] {
            if value_of(name).is_some_and(|v| v != 0 && v != EGL_DONT_CARE) {
                bits += size;
            }
        }
        bits
    };
    chosen.sort_by_key(|c| {
        (
            std::cmp::Reverse(requested_bits(c)),
            c.buffer_size(),
            c.samples,
            c.depth,
            c.stencil,
            c.id,
        )
    });
    Ok(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pbuffer_table() -> Vec<Config> {
        table(EGL_PBUFFER_BIT as i32, None)
    }

    #[test]
    fn default_request_wants_window_surfaces() {
        // EGL_SURFACE_TYPE defaults to EGL_WINDOW_BIT; pbuffer-only configs don't match.
        assert!(choose(&pbuffer_table(), &[]).unwrap().is_empty());
    }

    #[test]
    fn renderable_type_defaults_to_es1_which_galvan_lacks() {
        let got = choose(&pbuffer_table(), &[(EGL_SURFACE_TYPE, EGL_PBUFFER_BIT)]).unwrap();
        assert!(got.is_empty());
    }

    #[test]
    fn depth_request_prefers_the_smallest_match() {
        let got = choose(
            &pbuffer_table(),
            &[(EGL_SURFACE_TYPE, EGL_PBUFFER_BIT), (EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT), (EGL_DEPTH_SIZE, 1)],
        )
        .unwrap();
        assert!(!got.is_empty());
        assert!(got.iter().all(|c| c.depth >= 1));
        // Without a colour request, the smaller buffer (RGB8) sorts first, then less stencil.
        assert_eq!((got[0].alpha, got[0].stencil), (0, 0));
    }

    #[test]
    fn alpha_request_sorts_deeper_colour_first() {
        let got = choose(
            &pbuffer_table(),
            &[
                (EGL_SURFACE_TYPE, EGL_PBUFFER_BIT),
                (EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT),
                (EGL_RED_SIZE, 1),
                (EGL_ALPHA_SIZE, 1),
            ],
        )
        .unwrap();
        assert!(got.iter().all(|c| c.alpha == 8));
        assert_eq!(got.len(), 3);
    }

    #[test]
    fn config_id_overrides_everything_else() {
        let got = choose(&pbuffer_table(), &[(EGL_CONFIG_ID, 3), (EGL_DEPTH_SIZE, 32)]).unwrap();
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].id, 3);
    }

    #[test]
    fn window_configs_name_their_visual() {
        let visual = NativeVisual { id: 0x21, class: 4 };
        let configs = table((EGL_WINDOW_BIT | EGL_PBUFFER_BIT) as i32, Some(visual));
        let got = choose(&configs, &[(EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT), (EGL_NATIVE_VISUAL_TYPE, 4)]).unwrap();
        assert_eq!(got.len(), configs.len(), "the default request wants windows; every config has them");
        assert!(got.iter().all(|c| c.attrib(EGL_NATIVE_VISUAL_ID) == Some(0x21)));
    }

    #[test]
    fn unknown_attribute_is_bad_attribute() {
        assert_eq!(choose(&pbuffer_table(), &[(0x7777, 1)]), Err(EglError::BAD_ATTRIBUTE));
    }
}
