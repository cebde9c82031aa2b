//! nir_like: an SSA shader IR modelled on Mesa NIR.
