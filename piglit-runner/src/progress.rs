//! The progress bar: tests done, counts per status, and an ETA.

use std::collections::BTreeMap;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::status::Status;

pub struct Progress {
    bar: ProgressBar,
    counts: BTreeMap<Status, usize>,
}

impl Progress {
    /// A bar on stderr; hidden when `visible` is false or stderr is no terminal.
    pub fn new(total: usize, visible: bool) -> Self {
        let bar = ProgressBar::with_draw_target(
            Some(total as u64),
            if visible { ProgressDrawTarget::stderr() } else { ProgressDrawTarget::hidden() },
        );
        let style = ProgressStyle::with_template("[{elapsed_precise}] {bar:30} {pos}/{len} ETA {eta} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        Progress { bar, counts: BTreeMap::new() }
    }

    /// Adds to the total when retries are scheduled.
    pub fn add_work(&self, more: usize) {
        self.bar.inc_length(more as u64);
    }

    pub fn record(&mut self, status: Status) {
        *self.counts.entry(status).or_default() += 1;
        let message: Vec<String> = self.counts.iter().map(|(s, n)| format!("{s} {n}")).collect();
        self.bar.inc(1);
        self.bar.set_message(message.join(", "));
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
