//! `examples/gears_compat`, glxgears in compatibility-profile GL, run unchanged through
//! galvan (`galvan run`) and through Mesa's llvmpipe: fixed-function lighting, display
//! lists and immediate mode must draw what the reference driver draws.

use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "common/gears_image.rs"]
mod gears_image;
use gears_image::{assert_three_gears, read_png};

const SIZE: u32 = 300;

/// How many pixels may differ by more than one step of 255 in some channel. On
/// lavapipe the two images are identical (0 pixels, at several angles and sizes): the
/// rasteriser beneath is llvmpipe's own. 25 (0.03% of the image) leaves room for a
/// Vulkan device that rounds a silhouette pixel or a lit colour the other way, while a
/// real fault stays far out of it: drawing the flat-shaded faces smooth costs 4,000.
const MAX_DIFFERING_PIXELS: usize = 25;

/// The example, built with the profile and target folder of this test: `cargo test
/// --test gears_compat` builds no examples of its own, and one left from another build
/// may be stale.
fn example() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let profile_dir = exe.parent().and_then(Path::parent).expect("target/<profile>/deps/<test>");
    let target_dir = profile_dir.parent().expect("target/<profile>");
    let mut cargo = Command::new(env!("CARGO"));
    cargo
        .args(["build", "--quiet", "--example", "gears_compat", "--manifest-path"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", target_dir);
    match profile_dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") => {}
        Some("release") => {
            cargo.arg("--release");
        }
        Some(other) => {
            cargo.args(["--profile", other]);
        }
        None => panic!("no profile folder in {}", exe.display()),
    }
    let status = cargo.status().expect("cargo runs");
    assert!(status.success(), "cargo build --example gears_compat");
    profile_dir.join("examples").join("gears_compat")
}

/// glvnd's manifest for Mesa's EGL vendor, so the reference run gets Mesa even where
/// another vendor (NVIDIA's) would answer the surfaceless platform first.
fn mesa_egl_vendor() -> PathBuf {
    ["/etc/glvnd/egl_vendor.d", "/usr/share/glvnd/egl_vendor.d"]
        .iter()
        .filter_map(|dir| std::fs::read_dir(dir).ok())
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| std::fs::read_to_string(p).is_ok_and(|t| t.contains("libEGL_mesa")))
        .expect("Mesa's EGL vendor manifest (libegl-mesa0)")
}

/// Runs `command`, which writes the gears to `path`, and returns the pixels (RGBA, top
/// row first) after checking that the GL_RENDERER the example printed (its line is
/// "vendor / renderer / version") starts with `renderer`.
fn render(mut command: Command, path: &Path, renderer: &str) -> Vec<u8> {
    let out = command.arg("--headless").arg(path).output().expect("the example runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{command:?}: {stderr}");
    let drawn_by = |line: &str| line.split(" / ").nth(1).is_some_and(|r| r.starts_with(renderer));
    assert!(stderr.lines().any(drawn_by), "drawn by {renderer}: {stderr}");
    let (pixels, width, height) = read_png(path);
    assert_eq!((width, height), (SIZE, SIZE));
    pixels
}

#[test]
fn gears_compat_through_galvan_matches_llvmpipe() {
    let example = example();
    let dir = std::env::temp_dir().join(format!("galvan-gears-compat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();

    let mut galvan = Command::new(env!("CARGO_BIN_EXE_galvan"));
    galvan.arg("run").arg("--").arg(&example);
    let ours = render(galvan, &dir.join("galvan.png"), "galvan");

    let mut llvmpipe = Command::new(&example);
    llvmpipe
        .env("LIBGL_ALWAYS_SOFTWARE", "1")
        .env("GALLIUM_DRIVER", "llvmpipe")
        .env("__EGL_VENDOR_LIBRARY_FILENAMES", mesa_egl_vendor())
        .env_remove("__EGL_VENDOR_LIBRARY_DIRS");
    let reference = render(llvmpipe, &dir.join("llvmpipe.png"), "llvmpipe");

    assert_three_gears(&reference, "llvmpipe");
    assert_three_gears(&ours, "galvan");
    let differing: Vec<usize> = ours
        .chunks_exact(4)
        .zip(reference.chunks_exact(4))
        .enumerate()
        .filter(|(_, (a, b))| a.iter().zip(b.iter()).any(|(&x, &y)| x.abs_diff(y) > 1))
        .map(|(i, _)| i)
        .collect();
    let at: Vec<String> = differing
        .iter()
        .take(10)
        .map(|&i| {
            let (x, y) = (i % SIZE as usize, i / SIZE as usize);
            format!("({x},{y}) {:?} vs {:?}", &ours[i * 4..i * 4 + 4], &reference[i * 4..i * 4 + 4])
        })
        .collect();
    eprintln!("{} pixels differ from llvmpipe's", differing.len());
    assert!(
        differing.len() <= MAX_DIFFERING_PIXELS,
        "{} pixels differ from llvmpipe's (at most {MAX_DIFFERING_PIXELS}); images in {}; first: {}",
        differing.len(),
        dir.display(),
        at.join(", ")
    );
    std::fs::remove_dir_all(&dir).ok();
}
