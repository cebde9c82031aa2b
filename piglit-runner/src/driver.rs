//! The GL implementations a run can judge, and how a test is started under each.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// How to run a program on one GL implementation: environment to add and, for galvan, the
/// launcher that sets glvnd up before it starts the program.
#[derive(Clone, Debug, PartialEq)]
pub struct Driver {
    pub name: String,
    pub env: Vec<(String, String)>,
    /// Program and arguments placed before the test's own command line.
    pub launcher: Vec<String>,
}

/// The launcher a plain `cargo build --release` of the workspace produces.
pub fn default_galvan_launcher() -> PathBuf {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap_or(Path::new("."));
    workspace.join("target/release/galvan")
}

fn software(gallium_driver: &str) -> Vec<(String, String)> {
    vec![
        ("LIBGL_ALWAYS_SOFTWARE".to_owned(), "1".to_owned()),
        ("GALLIUM_DRIVER".to_owned(), gallium_driver.to_owned()),
    ]
}

impl Driver {
    /// A driver by name: `galvan`, `zink` (Mesa's zink on the Vulkan driver, lavapipe
    /// here), `llvmpipe`, or `custom` (nothing but `--driver-env`).
    pub fn named(name: &str, galvan: Option<&Path>) -> Result<Driver> {
        let (env, launcher) = match name {
            "galvan" => {
                let path = galvan.map(Path::to_path_buf).unwrap_or_else(default_galvan_launcher);
                if !path.is_file() {
                    return Err(Error::new(format!(
                        "galvan launcher {} not found: build it with `cargo build --release` or pass --galvan PATH",
                        path.display()
                    )));
                }
                (Vec::new(), vec![path.display().to_string(), "run".to_owned(), "--".to_owned()])
            }
            "zink" => (software("zink"), Vec::new()),
            "llvmpipe" => (software("llvmpipe"), Vec::new()),
            "custom" => (Vec::new(), Vec::new()),
            other => {
                return Err(Error::new(format!(
                    "unknown driver `{other}`: use galvan, zink, llvmpipe or custom with --driver-env K=V"
                )))
            }
        };
        Ok(Driver { name: name.to_owned(), env, launcher })
    }

    /// Adds `K=V` settings on top of the driver's own.
    pub fn with_env(mut self, settings: &[String]) -> Result<Driver> {
        for setting in settings {
            let (key, value) = setting
                .split_once('=')
                .filter(|(k, _)| !k.is_empty())
                .ok_or_else(|| Error::new(format!("--driver-env `{setting}` is not K=V")))?;
            self.env.retain(|(k, _)| k != key);
            self.env.push((key.to_owned(), value.to_owned()));
        }
        Ok(self)
    }

    /// The full command line: launcher first, then the program.
    pub fn wrap(&self, argv: &[String]) -> Vec<String> {
        self.launcher.iter().chain(argv).cloned().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_drivers_set_mesa_env() {
        let zink = Driver::named("zink", None).unwrap();
        assert!(zink.env.contains(&("GALLIUM_DRIVER".to_owned(), "zink".to_owned())));
        assert!(zink.launcher.is_empty());
        let custom = Driver::named("llvmpipe", None).unwrap().with_env(&["GALLIUM_DRIVER=softpipe".into()]).unwrap();
        assert_eq!(custom.env.iter().filter(|(k, _)| k == "GALLIUM_DRIVER").count(), 1);
        assert!(custom.env.contains(&("GALLIUM_DRIVER".to_owned(), "softpipe".to_owned())));
    }

    #[test]
    fn bad_driver_input_is_an_error() {
        assert!(Driver::named("nouveau", None).unwrap_err().0.contains("nouveau"));
        assert!(Driver::named("custom", None).unwrap().with_env(&["NOEQUALS".into()]).is_err());
        let err = Driver::named("galvan", Some(Path::new("/nonexistent/galvan"))).unwrap_err();
        assert!(err.0.contains("/nonexistent/galvan"), "{err}");
    }

    #[test]
    fn galvan_runs_through_its_launcher() {
        let exe = std::env::current_exe().unwrap();
        let galvan = Driver::named("galvan", Some(&exe)).unwrap();
        let argv = galvan.wrap(&["shader_runner".to_owned()]);
        assert_eq!(&argv[1..], &["run", "--", "shader_runner"]);
    }
}
