//! `galvan run -- PROGRAM ARGS`: runs an unmodified program with galvan as its
//! EGL and GL provider, through glvnd, with nothing installed system-wide.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The folder holding `libgalvan.so`: the launcher's own, as cargo builds them side by side.
pub fn library_dir() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find the launcher itself: {e}"))?;
    let dir = exe.parent().ok_or("the launcher has no parent folder")?.to_path_buf();
    if dir.join("libgalvan.so").exists() {
        Ok(dir)
    } else {
        Err(format!(
            "libgalvan.so is not beside the launcher in {}; build with `cargo build --release`",
            dir.display()
        ))
    }
}

/// glvnd's vendor manifest for galvan; written next to the library when missing
/// (the build script writes it, but a copied launcher may not have it).
pub fn vendor_manifest(dir: &Path) -> Result<PathBuf, String> {
    let manifest = dir.join("galvan_egl_vendor.json");
    let library = dir.join("libEGL_galvan.so.0");
    let wanted = format!(
        "{{\n    \"file_format_version\" : \"1.0.0\",\n    \"ICD\" : {{\n        \"library_path\" : \"{}\"\n    }}\n}}\n",
        library.display()
    );
    if std::fs::read_to_string(&manifest).ok().as_deref() != Some(wanted.as_str()) {
        // glvnd refuses a vendor it already loaded under another name; one name it is.
        std::fs::write(&manifest, wanted)
            .map_err(|e| format!("cannot write {}: {e}", manifest.display()))?;
    }
    Ok(manifest)
}

/// The names glvnd loads vendors by, beside the library: `libEGL_galvan.so.0` (named in
/// the manifest) and `libGLX_galvan.so.0` (found on the library path by vendor name).
fn vendor_links(dir: &Path) -> Result<(), String> {
    for name in ["libEGL_galvan.so.0", "libGLX_galvan.so.0"] {
        let link = dir.join(name);
        if std::fs::read_link(&link).is_err() {
            let _ = std::fs::remove_file(&link);
            std::os::unix::fs::symlink("libgalvan.so", &link)
                .map_err(|e| format!("cannot link {}: {e}", link.display()))?;
        }
    }
    Ok(())
}

/// The folders glvnd reads EGL vendor manifests from.
const EGL_VENDOR_DIRS: &[&str] = &[
    "/etc/glvnd/egl_vendor.d",
    "/usr/share/glvnd/egl_vendor.d",
    "/usr/local/nvidia/share/glvnd/egl_vendor.d",
];

/// NVIDIA's EGL vendor manifest, where the machine has one. NVIDIA's Vulkan driver is
/// the same library as its GL vendor and refuses to create an instance in a process
/// where glvnd has not loaded that vendor; listed after galvan, it only serves the
/// platforms galvan does not (galvan answers the default and surfaceless displays).
fn nvidia_egl_vendor() -> Option<PathBuf> {
    let extra = std::env::var("__EGL_VENDOR_LIBRARY_DIRS").unwrap_or_default();
    let dirs = extra.split(':').filter(|d| !d.is_empty()).chain(EGL_VENDOR_DIRS.iter().copied());
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir) else { continue };
        let mut found: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().contains("nvidia")))
            .collect();
        found.sort();
        if let Some(first) = found.into_iter().next() {
            return Some(first);
        }
    }
    None
}

/// The environment that makes glvnd pick galvan, for EGL and GLX.
pub fn configure(command: &mut Command) -> Result<(), String> {
    let dir = library_dir()?;
    vendor_links(&dir)?;
    let mut vendors = OsString::from(vendor_manifest(&dir)?.as_os_str());
    if let Some(nvidia) = nvidia_egl_vendor() {
        vendors.push(":");
        vendors.push(nvidia.as_os_str());
    }
    command.env("__EGL_VENDOR_LIBRARY_FILENAMES", vendors);
    command.env_remove("__EGL_VENDOR_LIBRARY_DIRS");
    command.env("__GLX_VENDOR_LIBRARY_NAME", "galvan");
    let mut path = OsString::from(dir.as_os_str());
    if let Some(old) = std::env::var_os("LD_LIBRARY_PATH").filter(|p| !p.is_empty()) {
        path.push(":");
        path.push(old);
    }
    command.env("LD_LIBRARY_PATH", path);
    Ok(())
}

/// Replaces this process with the program, so signals and exit codes are the program's own.
pub fn run(program: &OsString, args: &[OsString]) -> Result<std::convert::Infallible, String> {
    let mut command = Command::new(program);
    command.args(args);
    configure(&mut command)?;
    use std::os::unix::process::CommandExt;
    let error = command.exec();
    Err(format!("cannot run {}: {error}", program.to_string_lossy()))
}
