//! A compatibility-profile GL context on EGL's surfaceless platform, drawing into an
//! RGBA8 pbuffer with a depth buffer: no window system, so the same program runs on a
//! CI machine, through galvan (`galvan run`) or through Mesa (`LIBGL_ALWAYS_SOFTWARE=1`).
//! libEGL.so.1 is glvnd's, which picks the vendor; this file never names one.

use khronos_egl as egl;

/// EGL_MESA_platform_surfaceless, the platform piglit's surfaceless_egl uses.
const PLATFORM_SURFACELESS_MESA: egl::Enum = 0x31DD;

/// The current context and its pbuffer; both live as long as this value.
pub struct EglContext {
    egl: egl::DynamicInstance<egl::EGL1_5>,
    display: egl::Display,
    surface: egl::Surface,
    context: egl::Context,
}

impl EglContext {
    /// Opens the surfaceless display and makes a `width`×`height` pbuffer current with a
    /// compatibility-profile context.
    pub fn new(width: i32, height: i32) -> Result<EglContext, String> {
        // SAFETY: libEGL.so.1 is glvnd's loader, a C library safe to load.
        let egl = unsafe { egl::DynamicInstance::<egl::EGL1_5>::load_required() }
            .map_err(|e| format!("libEGL.so.1 with EGL 1.5 (glvnd's libegl1): {e}"))?;
        let client = egl.query_string(None, egl::EXTENSIONS).map_err(|e| format!("client extensions: {e}"))?;
        if !client.to_string_lossy().split(' ').any(|e| e == "EGL_MESA_platform_surfaceless") {
            return Err("EGL lacks EGL_MESA_platform_surfaceless".into());
        }
        // SAFETY: the surfaceless platform takes no native display.
        let display = unsafe {
            egl.get_platform_display(PLATFORM_SURFACELESS_MESA, egl::DEFAULT_DISPLAY, &[egl::ATTRIB_NONE])
        }
        .map_err(|e| format!("surfaceless display: {e}"))?;
        egl.initialize(display).map_err(|e| format!("eglInitialize: {e}"))?;
        let config = rgba8_config(&egl, display)?;
        egl.bind_api(egl::OPENGL_API).map_err(|e| format!("eglBindAPI(OpenGL): {e}"))?;
        // The default version, 1.0, already means compatibility GL; the profile bit names
        // it as well, since this program draws with nothing else.
        let attribs = [
            egl::CONTEXT_OPENGL_PROFILE_MASK, egl::CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT,
            egl::NONE,
        ];
        let context = egl
            .create_context(display, config, None, &attribs)
            .map_err(|e| format!("compatibility-profile context: {e}"))?;
        let size = [egl::WIDTH, width, egl::HEIGHT, height, egl::NONE];
        let surface = egl
            .create_pbuffer_surface(display, config, &size)
            .map_err(|e| format!("{width}x{height} pbuffer: {e}"))?;
        egl.make_current(display, Some(surface), Some(surface), Some(context))
            .map_err(|e| format!("eglMakeCurrent: {e}"))?;
        Ok(EglContext { egl, display, surface, context })
    }

    /// A GL function of the current context, by name.
    pub fn proc_address(&self, name: &str) -> Option<extern "system" fn()> {
        self.egl.get_proc_address(name)
    }
}

/// A pbuffer config of exactly 8 bits a channel with a depth buffer. EGL sorts deeper
/// colour first, so the first match could be 10-bit; drivers compared pixel by pixel
/// must quantise alike.
fn rgba8_config(egl: &egl::DynamicInstance<egl::EGL1_5>, display: egl::Display) -> Result<egl::Config, String> {
    let wanted = [
        egl::SURFACE_TYPE, egl::PBUFFER_BIT,
        egl::RENDERABLE_TYPE, egl::OPENGL_BIT,
        egl::RED_SIZE, 8, egl::GREEN_SIZE, 8, egl::BLUE_SIZE, 8, egl::ALPHA_SIZE, 8,
        egl::DEPTH_SIZE, 24,
        egl::NONE,
    ];
    let mut configs = Vec::with_capacity(64);
    egl.choose_config(display, &wanted, &mut configs).map_err(|e| format!("eglChooseConfig: {e}"))?;
    let value = |config, attribute| egl.get_config_attrib(display, config, attribute).unwrap_or(-1);
    let channels = [egl::RED_SIZE, egl::GREEN_SIZE, egl::BLUE_SIZE, egl::ALPHA_SIZE];
    configs
        .into_iter()
        .find(|&c| channels.iter().all(|&a| value(c, a) == 8) && value(c, egl::SAMPLES) == 0)
        .ok_or_else(|| "no RGBA8 pbuffer config with a 24-bit depth buffer".into())
}

impl Drop for EglContext {
    fn drop(&mut self) {
        // Teardown errors change nothing for a program about to exit.
        let _ = self.egl.make_current(self.display, None, None, None);
        let _ = self.egl.destroy_surface(self.display, self.surface);
        let _ = self.egl.destroy_context(self.display, self.context);
        let _ = self.egl.terminate(self.display);
    }
}
