//! GLXFBConfigs and visuals: the configs of each screen, their attributes, and the
//! matching and sorting rules of glXChooseFBConfig and glXChooseVisual (GLX 1.4, 3.3.3).

use super::consts::*;
use crate::winsys::x11::{self, XDisplay};
use std::sync::{Mutex, OnceLock};

/// One GLXFBConfig. Handles are pointers to these, leaked once per (display, screen),
/// and checked against the registry before use, so a forged handle is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FbConfig {
    pub id: i32,
    pub screen: i32,
    pub red: i32,
    pub green: i32,
    pub blue: i32,
    pub alpha: i32,
    pub depth: i32,
    pub stencil: i32,
    pub double_buffer: bool,
    pub srgb_capable: bool,
    /// The X visual windows of this config use (0: none, pbuffers only).
    pub visual_id: u64,
}

const MAX_PBUFFER_SIDE: i32 = 16384;

struct ScreenConfigs {
    display: usize,
    screen: i32,
    configs: &'static [FbConfig],
}

fn registry() -> &'static Mutex<Vec<ScreenConfigs>> {
    static REGISTRY: OnceLock<Mutex<Vec<ScreenConfigs>>> = OnceLock::new();
    REGISTRY.get_or_init(Default::default)
}

/// The configs of a screen: RGBA8 and RGB8, without depth, with depth24 and with
/// depth24/stencil8, single- and double-buffered.
pub fn screen_configs(display: XDisplay, screen: i32) -> &'static [FbConfig] {
    let mut registry = registry().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(found) = registry.iter().find(|s| s.display == display as usize && s.screen == screen) {
        return found.configs;
    }
    let visual_id = x11::true_color_visual(display, screen).map_or(0, |v| v.visualid);
    let mut configs = Vec::new();
    for double_buffer in [true, false] {
        for (alpha, depth, stencil) in [(8, 24, 8), (8, 24, 0), (8, 0, 0), (0, 24, 8), (0, 24, 0), (0, 0, 0)] {
            configs.push(FbConfig {
                id: configs.len() as i32 + 1,
                screen,
                red: 8,
                green: 8,
                blue: 8,
                alpha,
                depth,
                stencil,
                double_buffer,
                srgb_capable: true,
                visual_id,
            });
        }
    }
    let configs: &'static [FbConfig] = Box::leak(configs.into_boxed_slice());
    registry.push(ScreenConfigs { display: display as usize, screen, configs });
    configs
}

/// Maps a GLXFBConfig handle back to its config, refusing anything galvan did not hand out.
pub fn from_handle(handle: *const FbConfig) -> Option<&'static FbConfig> {
    let registry = registry().lock().unwrap_or_else(|e| e.into_inner());
    registry.iter().flat_map(|s| s.configs.iter()).find(|c| std::ptr::eq(*c, handle))
}

/// The config a visual stands for in glXCreateContext and glXGetConfig.
pub fn for_visual(display: XDisplay, screen: i32, visual_id: u64) -> Option<&'static FbConfig> {
    screen_configs(display, screen).iter().find(|c| c.visual_id == visual_id && c.visual_id != 0)
}

impl FbConfig {
    pub fn buffer_size(&self) -> i32 {
        self.red + self.green + self.blue + self.alpha
    }

    /// glXGetFBConfigAttrib; `None` for an attribute GLX does not define.
    pub fn attrib(&self, name: i64) -> Option<i32> {
        let drawable_type = GLX_PBUFFER_BIT | if self.visual_id != 0 { GLX_WINDOW_BIT } else { 0 };
        Some(match name {
            GLX_FBCONFIG_ID => self.id,
            GLX_BUFFER_SIZE => self.buffer_size(),
            GLX_LEVEL | GLX_STEREO | GLX_AUX_BUFFERS => 0,
            GLX_DOUBLEBUFFER => self.double_buffer as i32,
            GLX_RED_SIZE => self.red,
            GLX_GREEN_SIZE => self.green,
            GLX_BLUE_SIZE => self.blue,
            GLX_ALPHA_SIZE => self.alpha,
            GLX_DEPTH_SIZE => self.depth,
            GLX_STENCIL_SIZE => self.stencil,
            GLX_ACCUM_RED_SIZE | GLX_ACCUM_GREEN_SIZE | GLX_ACCUM_BLUE_SIZE | GLX_ACCUM_ALPHA_SIZE => 0,
            GLX_RENDER_TYPE => GLX_RGBA_BIT as i32,
            GLX_DRAWABLE_TYPE => drawable_type as i32,
            GLX_X_RENDERABLE => (self.visual_id != 0) as i32,
            GLX_VISUAL_ID => self.visual_id as i32,
            GLX_X_VISUAL_TYPE => if self.visual_id != 0 { GLX_TRUE_COLOR as i32 } else { GLX_NONE as i32 },
            GLX_CONFIG_CAVEAT => GLX_NONE as i32,
            GLX_TRANSPARENT_TYPE => GLX_NONE as i32,
            GLX_TRANSPARENT_INDEX_VALUE | GLX_TRANSPARENT_RED_VALUE | GLX_TRANSPARENT_GREEN_VALUE
            | GLX_TRANSPARENT_BLUE_VALUE | GLX_TRANSPARENT_ALPHA_VALUE => 0,
            GLX_MAX_PBUFFER_WIDTH | GLX_MAX_PBUFFER_HEIGHT => MAX_PBUFFER_SIDE,
            GLX_MAX_PBUFFER_PIXELS => MAX_PBUFFER_SIDE * MAX_PBUFFER_SIDE,
            GLX_SAMPLE_BUFFERS | GLX_SAMPLES => 0,
            GLX_FRAMEBUFFER_SRGB_CAPABLE_ARB => self.srgb_capable as i32,
            GLX_SCREEN => self.screen,
            _ => return None,
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Rule {
    AtLeast,
    Exact,
    Mask,
}

/// glXChooseFBConfig's rule and default for each attribute it takes.
fn rule_and_default(name: i64) -> Option<(Rule, i64)> {
    Some(match name {
        GLX_BUFFER_SIZE | GLX_AUX_BUFFERS | GLX_RED_SIZE | GLX_GREEN_SIZE | GLX_BLUE_SIZE
        | GLX_ALPHA_SIZE | GLX_DEPTH_SIZE | GLX_STENCIL_SIZE | GLX_ACCUM_RED_SIZE
        | GLX_ACCUM_GREEN_SIZE | GLX_ACCUM_BLUE_SIZE | GLX_ACCUM_ALPHA_SIZE
        | GLX_SAMPLE_BUFFERS | GLX_SAMPLES => (Rule::AtLeast, 0),
        GLX_LEVEL => (Rule::Exact, 0),
        GLX_DOUBLEBUFFER | GLX_STEREO | GLX_X_RENDERABLE | GLX_FBCONFIG_ID | GLX_X_VISUAL_TYPE
        | GLX_CONFIG_CAVEAT | GLX_TRANSPARENT_INDEX_VALUE | GLX_TRANSPARENT_RED_VALUE
        | GLX_TRANSPARENT_GREEN_VALUE | GLX_TRANSPARENT_BLUE_VALUE | GLX_TRANSPARENT_ALPHA_VALUE
        | GLX_FRAMEBUFFER_SRGB_CAPABLE_ARB => (Rule::Exact, GLX_DONT_CARE),
        GLX_TRANSPARENT_TYPE => (Rule::Exact, GLX_NONE),
        GLX_RENDER_TYPE => (Rule::Mask, GLX_RGBA_BIT),
        GLX_DRAWABLE_TYPE => (Rule::Mask, GLX_WINDOW_BIT),
        _ => return None,
    })
}

/// glXChooseFBConfig: the configs of a screen that match, best first; `None` for an
/// attribute GLX does not know (the call then fails with GLXBadAttribute... or NULL).
pub fn choose(configs: &'static [FbConfig], requested: &[(i64, i64)]) -> Option<Vec<&'static FbConfig>> {
    let mut wanted: Vec<(i64, Rule, i64)> = Vec::new();
    for &(name, value) in requested {
        let (rule, _) = rule_and_default(name)?;
        wanted.retain(|w| w.0 != name);
        wanted.push((name, rule, value));
    }
    let value_of = |name: i64| {
        wanted.iter().find(|w| w.0 == name).map(|w| w.2).or_else(|| rule_and_default(name).map(|r| r.1))
    };
    if let Some(id) = value_of(GLX_FBCONFIG_ID).filter(|&v| v != GLX_DONT_CARE) {
        return Some(configs.iter().filter(|c| c.id as i64 == id).collect());
    }
    let mut checks: Vec<(i64, Rule, i64)> = Vec::new();
    for name in [
        GLX_BUFFER_SIZE, GLX_RED_SIZE, GLX_GREEN_SIZE, GLX_BLUE_SIZE, GLX_ALPHA_SIZE, GLX_DEPTH_SIZE,
        GLX_STENCIL_SIZE, GLX_SAMPLE_BUFFERS, GLX_SAMPLES, GLX_LEVEL, GLX_DOUBLEBUFFER,
        GLX_X_RENDERABLE, GLX_X_VISUAL_TYPE, GLX_CONFIG_CAVEAT, GLX_TRANSPARENT_TYPE,
        GLX_RENDER_TYPE, GLX_DRAWABLE_TYPE, GLX_AUX_BUFFERS, GLX_ACCUM_RED_SIZE,
        GLX_ACCUM_GREEN_SIZE, GLX_ACCUM_BLUE_SIZE, GLX_ACCUM_ALPHA_SIZE,
        GLX_FRAMEBUFFER_SRGB_CAPABLE_ARB,
    ] {
        let (rule, _) = rule_and_default(name).expect("listed attributes have rules");
        checks.push((name, rule, value_of(name).unwrap_or(GLX_DONT_CARE)));
    }
    // GLX_STEREO defaults to False: no config is stereo.
    checks.push((GLX_STEREO, Rule::Exact, value_of(GLX_STEREO).filter(|&v| v != GLX_DONT_CARE).unwrap_or(0)));
    let mut chosen: Vec<&'static FbConfig> = configs
        .iter()
        .filter(|c| {
            checks.iter().all(|&(name, rule, value)| {
                if value == GLX_DONT_CARE {
                    return true;
                }
                let have = c.attrib(name).unwrap_or(0) as i64;
                match rule {
                    Rule::AtLeast => have >= value,
                    Rule::Exact => have == value,
                    Rule::Mask => have & value == value,
                }
            })
        })
        .collect();
    chosen.sort_by_key(|c| sort_key(c, &value_of));
    Some(chosen)
}

/// GLX 1.4 table 3.4's order: more of the requested colour bits, smaller buffer,
/// single-buffered first, more depth, less stencil, then the id.
fn sort_key(c: &FbConfig, value_of: &dyn Fn(i64) -> Option<i64>) -> (i32, i32, bool, i32, i32, i32) {
    let mut bits = 0;
    for (name, size) in [(GLX_RED_SIZE, c.red), (GLX_GREEN_SIZE, c.green), (GLX_BLUE_SIZE, c.blue), (GLX_ALPHA_SIZE, c.alpha)] {
        if value_of(name).is_some_and(|v| v > 0 && v != GLX_DONT_CARE) {
            bits += size;
        }
    }
    (-bits, c.buffer_size(), c.double_buffer, -c.depth, c.stencil, c.id)
}

/// glXChooseVisual's boolean-style list (GLX_RGBA, GLX_DOUBLEBUFFER, sizes): the best
/// config with a visual. Without GLX_DOUBLEBUFFER only single-buffered ones qualify.
pub fn choose_visual(configs: &'static [FbConfig], list: &[i64]) -> Option<&'static FbConfig> {
    let mut requested: Vec<(i64, i64)> = vec![(GLX_DOUBLEBUFFER, 0), (GLX_X_RENDERABLE, 1)];
    let mut rgba = false;
    let mut i = 0;
    while i < list.len() {
        let name = list[i];
        match name {
            GLX_USE_GL => {}
            GLX_RGBA => rgba = true,
            GLX_DOUBLEBUFFER => requested.push((GLX_DOUBLEBUFFER, 1)),
            GLX_STEREO => requested.push((GLX_STEREO, 1)),
            GLX_BUFFER_SIZE | GLX_LEVEL | GLX_AUX_BUFFERS | GLX_RED_SIZE | GLX_GREEN_SIZE
            | GLX_BLUE_SIZE | GLX_ALPHA_SIZE | GLX_DEPTH_SIZE | GLX_STENCIL_SIZE
            | GLX_ACCUM_RED_SIZE | GLX_ACCUM_GREEN_SIZE | GLX_ACCUM_BLUE_SIZE
            | GLX_ACCUM_ALPHA_SIZE | GLX_SAMPLE_BUFFERS | GLX_SAMPLES => {
                let value = *list.get(i + 1)?;
                requested.push((name, value));
                i += 1;
            }
            _ => return None,
        }
        i += 1;
    }
    // Colour-index visuals do not exist in galvan.
    if !rgba {
        return None;
    }
    choose(configs, &requested)?.into_iter().next()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> &'static [FbConfig] {
        let configs: Vec<FbConfig> = [true, false]
            .into_iter()
            .flat_map(|double_buffer| {
                [(8, 24, 8), (0, 0, 0)].into_iter().map(move |(alpha, depth, stencil)| FbConfig {
                    id: 0,
                    screen: 0,
                    red: 8,
                    green: 8,
                    blue: 8,
                    alpha,
                    depth,
                    stencil,
                    double_buffer,
                    srgb_capable: true,
                    visual_id: 33,
                })
            })
            .enumerate()
            .map(|(i, c)| FbConfig { id: i as i32 + 1, ..c })
            .collect();
        Box::leak(configs.into_boxed_slice())
    }

    #[test]
    fn choose_visual_needs_doublebuffer_to_get_one() {
        let t = table();
        let single = choose_visual(t, &[GLX_RGBA, GLX_DEPTH_SIZE, 1]).unwrap();
        assert!(!single.double_buffer && single.depth >= 1);
        let double = choose_visual(t, &[GLX_RGBA, GLX_DOUBLEBUFFER, GLX_DEPTH_SIZE, 1]).unwrap();
        assert!(double.double_buffer);
        assert!(choose_visual(t, &[GLX_DEPTH_SIZE, 1]).is_none(), "colour index is not offered");
    }

    #[test]
    fn fbconfig_order_prefers_deeper_depth_and_single_buffering() {
        let t = table();
        let got = choose(t, &[(GLX_DOUBLEBUFFER, GLX_DONT_CARE)]).unwrap();
        assert_eq!(got.len(), 4);
        assert_eq!(got[0].buffer_size(), 24, "smaller colour buffer first when none is asked for");
        let got = choose(t, &[(GLX_ALPHA_SIZE, 1), (GLX_DOUBLEBUFFER, 1)]).unwrap();
        assert_eq!(got.len(), 1);
        assert!(got[0].double_buffer && got[0].alpha == 8);
    }

    #[test]
    fn unknown_attribute_is_refused() {
        assert!(choose(table(), &[(0x7777, 1)]).is_none());
    }
}
