//! The GL API: generated entry points, contexts, objects, state and errors.
