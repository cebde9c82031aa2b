//! The GLSL compiler: GLSL 1.10-4.60 and ESSL 1.00-3.20 to nir_like.
