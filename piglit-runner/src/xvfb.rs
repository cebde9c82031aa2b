//! A private X server for the `x11_egl` and `glx` platforms, started and stopped by the
//! runner so that a run never depends on the caller's display.

use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::error::{Error, Result};

/// A running Xvfb; dropping it stops the server.
pub struct Xvfb {
    child: Child,
    pub display: String,
}

impl Xvfb {
    /// Starts Xvfb on a free display (it picks the number and writes it to a pipe).
    pub fn start() -> Result<Xvfb> {
        let mut fds = [0; 2];
        // SAFETY: pipe() fills two fresh descriptors, each owned exactly once below.
        if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
            return Err(Error::new("cannot create a pipe for Xvfb"));
        }
        let (read_end, write_end) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
        let write_fd = fds[1];
        let child = Command::new("Xvfb")
            .args(["-displayfd", &write_fd.to_string(), "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                Error::new(format!("cannot start Xvfb ({e}): install it with `sudo apt-get install xvfb`"))
            })?;
        drop(write_end);
        let mut pipe = std::fs::File::from(read_end);
        let mut text = String::new();
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut buf = [0u8; 16];
        while !text.ends_with('\n') && Instant::now() < deadline {
            match pipe.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => text.push_str(&String::from_utf8_lossy(&buf[..n])),
            }
        }
        let mut server = Xvfb { child, display: String::new() };
        match text.trim().parse::<u32>() {
            Ok(n) => {
                server.display = format!(":{n}");
                Ok(server)
            }
            Err(_) => Err(Error::new("Xvfb did not report a display number")),
        }
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
