//! The GL API: generated entry points, contexts, objects, state and errors.
//!
//! For the window system:
//! - [`Context::new`] with a [`ContextConfig`] (API, version, profile, flags) and an
//!   optional context to share objects with;
//! - [`make_current`] / [`release_current`] bind a context and its [`DefaultFramebuffer`]s
//!   (draw, read) to the calling thread; one thread at a time per context;
//! - [`flush`] / [`finish`] for eglSwapBuffers and eglWaitClient;
//! - [`get_proc_address`] resolves every GL 4.6 / GLES 3.2 / extension command name to
//!   its `extern "system"` entry point, for eglGetProcAddress and glow.
//!
//! Every entry point runs under `catch_unwind`; a command without an implementation yet
//! records GL_INVALID_OPERATION and logs once through `tracing`.

pub mod types;
mod commands;
mod context;
mod dispatch;
mod draw_path;
mod extensions;
mod framebuffer_default;
mod generated;
mod limits;
mod objects;
mod pixels;
mod queries;
mod share_group;
mod state;
mod version;

pub use context::{current_context, finish, flush, make_current, release_current, Context, ContextError, MakeCurrentError};
pub use dispatch::{get_proc_address, proc_names};
pub use framebuffer_default::DefaultFramebuffer;
pub use generated::{entry, GlCommands, COMMAND_COUNT, PROC_NAME_COUNT};
pub use limits::Limits;
pub use version::{glsl_version, max_version, Api, ContextConfig, Profile, VersionError};
