//! GLXContext: glXCreateContextAttribsARB's attribute rules (GLX_ARB_create_context,
//! _profile, _robustness, GLX_EXT_create_context_es2_profile) and context records.

use super::consts::*;
use super::fbconfig::FbConfig;
use crate::winsys::backend::{ClientApi, ContextRequest, GlContext, RequestError, PROFILE_COMPATIBILITY_BIT, PROFILE_CORE_BIT};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

pub struct GlxContext {
    pub handle: usize,
    pub config: &'static FbConfig,
    pub request: ContextRequest,
    pub gl: GlContext,
    /// The thread (its [`thread_token`](crate::winsys::thread_token)) it is current on.
    pub current_thread: Mutex<Option<u64>>,
}

fn contexts() -> &'static Mutex<HashMap<usize, Arc<GlxContext>>> {
    static CONTEXTS: OnceLock<Mutex<HashMap<usize, Arc<GlxContext>>>> = OnceLock::new();
    CONTEXTS.get_or_init(Default::default)
}

pub fn insert(context: GlxContext) -> usize {
    let handle = context.handle;
    contexts().lock().unwrap_or_else(|e| e.into_inner()).insert(handle, Arc::new(context));
    handle
}

/// A GLXContext handle back to its record; stale and forged handles find nothing.
pub fn find(handle: usize) -> Option<Arc<GlxContext>> {
    contexts().lock().unwrap_or_else(|e| e.into_inner()).get(&handle).cloned()
}

pub fn remove(handle: usize) -> Option<Arc<GlxContext>> {
    contexts().lock().unwrap_or_else(|e| e.into_inner()).remove(&handle)
}

/// Why glXCreateContextAttribsARB refuses, as the X error it would raise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttribError {
    /// BadValue: an attribute or flag GLX does not know.
    BadValue,
    /// BadMatch: a version or profile that does not exist or is not offered.
    BadMatch,
    /// GLXBadProfileARB: a profile mask naming no profile.
    BadProfile,
}

/// The ES profile bit of GLX_EXT_create_context_es2_profile.
const PROFILE_ES_BIT: i64 = 4;

pub fn parse_request(attribs: &[(i64, i64)]) -> Result<ContextRequest, AttribError> {
    let mut request = ContextRequest::plain(ClientApi::Gl, 1, 0, true);
    let mut profile_mask = PROFILE_CORE_BIT;
    for &(name, value) in attribs {
        match name {
            GLX_CONTEXT_MAJOR_VERSION_ARB => request.major = value as i32,
            GLX_CONTEXT_MINOR_VERSION_ARB => request.minor = value as i32,
            GLX_CONTEXT_FLAGS_ARB => {
                let known = GLX_CONTEXT_DEBUG_BIT_ARB
                    | GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB
                    | GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB;
                if value & !known != 0 {
                    return Err(AttribError::BadValue);
                }
                request.debug = value & GLX_CONTEXT_DEBUG_BIT_ARB != 0;
                request.forward_compatible = value & GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB != 0;
                request.robust_access = value & GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB != 0;
            }
            GLX_CONTEXT_PROFILE_MASK_ARB => profile_mask = value,
            GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB => {
                request.lose_context_on_reset = match value {
                    GLX_NO_RESET_NOTIFICATION_ARB => false,
                    GLX_LOSE_CONTEXT_ON_RESET_ARB => true,
                    _ => return Err(AttribError::BadValue),
                }
            }
            GLX_RENDER_TYPE => {
                if value != GLX_RGBA_TYPE {
                    return Err(AttribError::BadValue);
                }
            }
            GLX_CONTEXT_OPENGL_NO_ERROR_ARB => request.no_error = value != 0,
            _ => return Err(AttribError::BadValue),
        }
    }
    if profile_mask == PROFILE_ES_BIT {
        request.api = ClientApi::Gles;
        profile_mask = 0;
    } else if profile_mask & !(PROFILE_CORE_BIT | PROFILE_COMPATIBILITY_BIT) != 0
        || ((request.major, request.minor) >= (3, 2) && profile_mask == 0)
    {
        return Err(AttribError::BadProfile);
    }
    request.resolve(profile_mask).map_err(|e| match e {
        RequestError::BadMatch => AttribError::BadMatch,
        RequestError::BadAttribute => AttribError::BadValue,
    })?;
    Ok(request)
}

/// The request of a legacy glXCreateContext / glXCreateNewContext: the highest
/// compatibility-profile version galvan offers.
pub fn legacy_request() -> ContextRequest {
    let (major, minor) = crate::winsys::backend::max_version(ClientApi::Gl, false);
    ContextRequest::plain(ClientApi::Gl, major, minor, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_attribute_and_flag_are_bad_value() {
        assert_eq!(parse_request(&[(0x7777, 0)]).err(), Some(AttribError::BadValue));
        assert_eq!(parse_request(&[(GLX_CONTEXT_FLAGS_ARB, 0x40)]).err(), Some(AttribError::BadValue));
    }

    #[test]
    fn bad_profile_mask() {
        let r = parse_request(&[
            (GLX_CONTEXT_MAJOR_VERSION_ARB, 3),
            (GLX_CONTEXT_MINOR_VERSION_ARB, 2),
            (GLX_CONTEXT_PROFILE_MASK_ARB, 0x10),
        ]);
        assert_eq!(r.err(), Some(AttribError::BadProfile));
    }

    #[test]
    fn nonexistent_version_is_bad_match() {
        let r = parse_request(&[(GLX_CONTEXT_MAJOR_VERSION_ARB, 2), (GLX_CONTEXT_MINOR_VERSION_ARB, 9)]);
        assert_eq!(r.err(), Some(AttribError::BadMatch));
    }

    #[test]
    fn es_profile_selects_gles() {
        // GLES 2.0 is the least galvan offers.
        let r = parse_request(&[(GLX_CONTEXT_MAJOR_VERSION_ARB, 2), (GLX_CONTEXT_PROFILE_MASK_ARB, PROFILE_ES_BIT)]);
        assert_eq!(r.unwrap().api, ClientApi::Gles);
    }
}
