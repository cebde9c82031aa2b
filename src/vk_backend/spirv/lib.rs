//! nir_like IR to SPIR-V, built with rspirv.
