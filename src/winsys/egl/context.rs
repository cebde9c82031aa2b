//! EGLContext: eglCreateContext's attribute rules (EGL 1.5, EGL_KHR_create_context,
//! EGL_EXT_create_context_robustness) and the thread a context is current on.

use crate::winsys::backend::{ClientApi, ContextRequest, GlContext, RequestError};
use super::config::Config;
use super::consts::*;
use super::error::{EglError, EglResult};
use std::sync::Mutex;

pub struct EglContext {
    pub handle: usize,
    pub config: Option<Config>,
    pub request: ContextRequest,
    pub gl: GlContext,
    /// The thread this context is current on: EGL lets one thread at a time have it.
    /// The thread (its [`thread_token`](crate::winsys::thread_token)) it is current on.
    pub current_thread: Mutex<Option<u64>>,
}

/// Turns eglCreateContext's attribute list into a request, with EGL's errors.
pub fn parse_request(api: ClientApi, attribs: &[(i64, i64)]) -> EglResult<ContextRequest> {
    let mut request = ContextRequest::plain(api, 1, 0, true);
    let mut profile_mask = EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT;
    for &(name, value) in attribs {
        match name {
            EGL_CONTEXT_MAJOR_VERSION => request.major = value as i32,
            EGL_CONTEXT_MINOR_VERSION => request.minor = value as i32,
            EGL_CONTEXT_FLAGS_KHR => {
                let known = EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR
                    | EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR
                    | EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR;
                if value & !known != 0 {
                    return Err(EglError::BAD_ATTRIBUTE);
                }
                request.debug |= value & EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR != 0;
                request.forward_compatible |=
                    value & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR != 0;
                request.robust_access |= value & EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR != 0;
            }
            EGL_CONTEXT_OPENGL_PROFILE_MASK => profile_mask = value,
            EGL_CONTEXT_OPENGL_DEBUG => request.debug = value != 0,
            EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE => request.forward_compatible = value != 0,
            EGL_CONTEXT_OPENGL_ROBUST_ACCESS | EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT => {
                request.robust_access = value != 0
            }
            EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY
            | EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT => {
                request.lose_context_on_reset = match value {
                    EGL_NO_RESET_NOTIFICATION => false,
                    EGL_LOSE_CONTEXT_ON_RESET => true,
                    _ => return Err(EglError::BAD_ATTRIBUTE),
                }
            }
            EGL_CONTEXT_OPENGL_NO_ERROR_KHR => request.no_error = value != 0,
            _ => return Err(EglError::BAD_ATTRIBUTE),
        }
    }
    request.resolve(profile_mask).map_err(|e| match e {
        RequestError::BadMatch => EglError::BAD_MATCH,
        RequestError::BadAttribute => EglError::BAD_ATTRIBUTE,
    })?;
    Ok(request)
}

/// Whether a context may share objects with `share`: same API, same reset strategy.
pub fn check_share(request: &ContextRequest, share: &EglContext) -> EglResult<()> {
    if share.request.api != request.api
        || share.request.lose_context_on_reset != request.lose_context_on_reset
    {
        return Err(EglError::BAD_MATCH);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_gl_context_is_compatibility_1_0() {
        let r = parse_request(ClientApi::Gl, &[]).unwrap();
        assert_eq!((r.major, r.minor, r.core_profile), (1, 0, false));
    }

    #[test]
    fn profile_mask_is_ignored_before_3_2() {
        // A mask naming no profile is an error from 3.2 on, and means nothing before.
        let r = parse_request(
            ClientApi::Gl,
            &[
                (EGL_CONTEXT_MAJOR_VERSION, 2),
                (EGL_CONTEXT_MINOR_VERSION, 0),
                (EGL_CONTEXT_OPENGL_PROFILE_MASK, 0),
            ],
        )
        .unwrap();
        assert!(!r.core_profile);
    }

    #[test]
    fn nonexistent_versions_are_bad_match() {
        for (major, minor) in [(1, 6), (2, 2), (3, 4), (4, 7), (5, 0)] {
            assert_eq!(
                parse_request(
                    ClientApi::Gl,
                    &[(EGL_CONTEXT_MAJOR_VERSION, major), (EGL_CONTEXT_MINOR_VERSION, minor)]
                )
                .err(),
                Some(EglError::BAD_MATCH),
                "{major}.{minor}"
            );
        }
        assert_eq!(
            parse_request(ClientApi::Gles, &[(EGL_CONTEXT_MAJOR_VERSION, 4)]).err(),
            Some(EglError::BAD_MATCH)
        );
    }

    #[test]
    fn bad_profile_mask_and_flags() {
        let attribs = [
            (EGL_CONTEXT_MAJOR_VERSION, 3),
            (EGL_CONTEXT_MINOR_VERSION, 2),
            (EGL_CONTEXT_OPENGL_PROFILE_MASK, 0),
        ];
        assert_eq!(parse_request(ClientApi::Gl, &attribs).err(), Some(EglError::BAD_MATCH));
        assert_eq!(
            parse_request(ClientApi::Gl, &[(EGL_CONTEXT_FLAGS_KHR, 0x80)]).err(),
            Some(EglError::BAD_ATTRIBUTE)
        );
        assert_eq!(
            parse_request(ClientApi::Gl, &[(0x1234, 1)]).err(),
            Some(EglError::BAD_ATTRIBUTE)
        );
        assert_eq!(
            parse_request(
                ClientApi::Gl,
                &[(EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY, 7)]
            )
            .err(),
            Some(EglError::BAD_ATTRIBUTE)
        );
    }

    #[test]
    fn forward_compatible_needs_gl_3() {
        assert_eq!(
            parse_request(
                ClientApi::Gl,
                &[(EGL_CONTEXT_MAJOR_VERSION, 2), (EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, 1)]
            )
            .err(),
            Some(EglError::BAD_MATCH)
        );
    }
}
