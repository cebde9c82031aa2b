//! The GL API: generated entry points, contexts, objects, state and errors.
//!
//! For the window system:
//! - [`Context::new`]`(device, &ContextConfig, share)` makes a GL or GLES context on the
//!   process's one `vk_backend::Device`; `share` gives it another context's buffers,
//!   textures, samplers, programs, syncs and renderbuffers (vertex arrays and framebuffers
//!   stay per context). A version or profile galvan does not offer is
//!   `ContextError::Version` (EGL_BAD_MATCH); see [`max_version`] for what is offered.
//! - [`make_current`]`(&ctx, draw, read)` / [`release_current`] bind a context and its
//!   [`DefaultFramebuffer`]s to the calling thread, one thread per context at a time
//!   (`MakeCurrentError::CurrentElsewhere` is EGL_BAD_ACCESS); the previous context of the
//!   thread is flushed and released. The first make-current with a draw surface sets the
//!   viewport and scissor to its size.
//! - [`DefaultFramebuffer::new`] wraps window-system images (RGBA colour, optional
//!   depth/stencil), [`DefaultFramebuffer::allocate`] makes them (pbuffers, surfaceless).
//! - [`flush`] / [`finish`] for eglSwapBuffers on pbuffers and eglWaitClient; [`present`]
//!   shows the draw surface in a `vk_backend::Swapchain` (eglSwapBuffers on a window).
//! - [`get_proc_address`] resolves every GL 4.6 / GLES 3.2 / extension command name to
//!   its `extern "system"` entry point, for eglGetProcAddress and glow.
//!
//! Every entry point runs under `catch_unwind` (a panic becomes GL_INVALID_OPERATION); a
//! command without an implementation yet records GL_INVALID_OPERATION and logs once
//! through `tracing`.

pub mod types;
mod arb_program;
mod commands;
mod context;
mod debug_output;
mod dispatch;
mod draw_path;
mod extensions;
mod fixed_function;
mod framebuffer_default;
mod generated;
mod limits;
mod objects;
mod pixels;
mod queries;
mod shader_dumps;
mod storage_choice;
mod share_group;
mod state;
mod version;

pub use context::{
    current_context, finish, flush, make_current, present, release_current, Context, ContextError, MakeCurrentError, PresentError,
};
pub use dispatch::{get_proc_address, proc_names};
pub use framebuffer_default::DefaultFramebuffer;
pub use generated::{entry, GlCommands, COMMAND_COUNT, COMMAND_NAMES, PROC_NAME_COUNT};
pub use limits::Limits;
pub use version::{glsl_version, max_version, Api, ContextConfig, Profile, VersionError};
