//! Window systems: EGL and GLX vendors for glvnd, surfaces.
