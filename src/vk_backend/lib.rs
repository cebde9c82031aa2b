//! Everything that speaks Vulkan.
