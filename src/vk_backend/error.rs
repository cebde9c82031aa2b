//! The backend's error type: every failure is a value, never a panic.

use ash::vk;

/// What went wrong in the Vulkan backend.
#[derive(Debug, Clone, PartialEq)]
pub enum Error {
    /// The Vulkan loader could not be found or opened.
    LoaderMissing(String),
    /// No physical device matches (none present, none with Vulkan 1.3, or `GALVAN_DEVICE`
    /// names none).
    NoDevice(String),
    /// A feature galvan requires of every device is missing.
    MissingFeature(&'static str),
    /// A Vulkan call failed.
    Vulkan { call: &'static str, result: vk::Result },
    /// gpu-allocator could not place a resource.
    OutOfMemory(String),
    /// The device cannot use this format the way it was asked to.
    UnsupportedFormat(crate::Format),
    /// The caller passed something invalid (out-of-range region, size, binding, ...).
    InvalidArgument(String),
    /// A shader module was rejected (bad SPIR-V word count, failed pipeline creation, ...).
    Shader(String),
    /// The swapchain is out of date or the surface was lost; recreate it.
    SurfaceLost,
    /// The device was lost; nothing more can be done with it.
    DeviceLost,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::LoaderMissing(m) => write!(f, "Vulkan loader unavailable: {m}"),
            Error::NoDevice(m) => write!(f, "no usable Vulkan device: {m}"),
            Error::MissingFeature(m) => write!(f, "the Vulkan device lacks {m}"),
            Error::Vulkan { call, result } => write!(f, "{call} failed: {result:?}"),
            Error::OutOfMemory(m) => write!(f, "out of memory: {m}"),
            Error::UnsupportedFormat(fmt) => write!(f, "format {fmt:?} unsupported here"),
            Error::InvalidArgument(m) => write!(f, "invalid argument: {m}"),
            Error::Shader(m) => write!(f, "shader error: {m}"),
            Error::SurfaceLost => write!(f, "the surface is out of date or lost"),
            Error::DeviceLost => write!(f, "the Vulkan device was lost"),
        }
    }
}

impl std::error::Error for Error {}

/// Shorthand used throughout the crate.
pub type Result<T> = std::result::Result<T, Error>;

/// Wraps a raw Vulkan result with the name of the call that produced it.
pub(crate) fn vk_err(call: &'static str) -> impl Fn(vk::Result) -> Error {
    move |result| match result {
        vk::Result::ERROR_DEVICE_LOST => Error::DeviceLost,
        vk::Result::ERROR_OUT_OF_DATE_KHR | vk::Result::ERROR_SURFACE_LOST_KHR => Error::SurfaceLost,
        result => Error::Vulkan { call, result },
    }
}
