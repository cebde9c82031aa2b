//! The launcher as a user runs it: `galvan run`, `galvan info`, `galvan demo`.

use std::process::Command;

#[path = "common/gears_image.rs"]
mod gears_image;
use gears_image::{assert_three_gears, read_png};

fn galvan() -> Command {
    Command::new(env!("CARGO_BIN_EXE_galvan"))
}

#[test]
fn run_points_glvnd_at_galvan_only() {
    let out = galvan()
        .args(["run", "--", "sh", "-c", "echo \"$__EGL_VENDOR_LIBRARY_FILENAMES\""])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let manifest = String::from_utf8(out.stdout).unwrap();
    let manifest = std::path::Path::new(manifest.trim().split(':').next().unwrap());
    let text = std::fs::read_to_string(manifest).expect("the manifest exists");
    assert!(text.contains("libEGL_galvan.so.0"), "{text}");
}

#[test]
fn run_passes_the_exit_status_through() {
    let status = galvan().args(["run", "--", "sh", "-c", "exit 7"]).status().unwrap();
    assert_eq!(status.code(), Some(7));
    let out = galvan().args(["run", "--", "/nonexistent/program"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/program"));
}

#[test]
fn info_names_the_device_and_versions() {
    let out = galvan().arg("info").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("Vulkan device:"), "{text}");
    assert!(text.contains("OpenGL compatibility profile:"), "{text}");
    assert!(text.contains("GL_MAX_TEXTURE_SIZE"), "{text}");
    assert!(text.contains("version:  "), "{text}");
}

#[test]
fn demo_draws_three_coloured_gears_on_black() {
    let dir = std::env::temp_dir().join(format!("galvan-demo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("gears.png");
    let out = galvan().args(["demo", "--headless"]).arg(&path).args(["--frames", "1"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (pixels, width, height) = read_png(&path);
    assert_eq!((width, height), (300, 300));
    assert_three_gears(&pixels, "galvan demo");
    // Upright: the blue gear sits above the other two (classic layout, y = 4.2).
    let row_of = |want: fn(&[u8]) -> bool| {
        let rows: Vec<usize> = pixels
            .chunks_exact(4)
            .enumerate()
            .filter(|(_, p)| want(p))
            .map(|(i, _)| i / 300)
            .collect();
        rows.iter().sum::<usize>() / rows.len().max(1)
    };
    let blue_row = row_of(|p| p[2] as i32 > p[0] as i32 && p[2] > p[1]);
    let red_row = row_of(|p| p[0] as i32 > 2 * (p[1] as i32 + p[2] as i32));
    assert!(blue_row < red_row, "PNG rows run top-down: blue gear (row {blue_row}) above red (row {red_row})");
    std::fs::remove_dir_all(&dir).ok();
}
