//! Spreading test runs over worker threads: concurrent tests `-j` at a time, then the
//! tests that must run alone one by one. Results come back in job order.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::driver::Driver;
use crate::execute::{self, RunContext};
use crate::gl_info::GlInfo;
use crate::profile::TestEntry;
use crate::progress::Progress;
use crate::record::TestRecord;

/// One driver of the run, with what it offers (for piglit's fast skip).
pub struct DriverRun {
    pub driver: Driver,
    pub gl_info: Option<GlInfo>,
}

/// One test on one driver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    pub test: usize,
    pub driver: usize,
}

/// Runs `jobs` and returns their records in the same order.
pub fn run_jobs(
    jobs: &[Job],
    tests: &[TestEntry],
    drivers: &[DriverRun],
    ctx: &RunContext,
    threads: usize,
    progress: &mut Progress,
) -> Vec<TestRecord> {
    let mut results: Vec<Option<TestRecord>> = vec![None; jobs.len()];
    let (concurrent, alone): (Vec<usize>, Vec<usize>) =
        (0..jobs.len()).partition(|&i| tests[jobs[i].test].run_concurrent);
    for (order, width) in [(concurrent, threads.max(1)), (alone, 1)] {
        run_pool(&order, width, jobs, tests, drivers, ctx, progress, &mut results);
    }
    results
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            r.unwrap_or_else(|| {
                let name = &tests[jobs[i].test].name;
                TestRecord::decided(name, crate::status::Status::Crash, "the runner lost this test".to_owned())
            })
        })
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn run_pool(
    order: &[usize],
    width: usize,
    jobs: &[Job],
    tests: &[TestEntry],
    drivers: &[DriverRun],
    ctx: &RunContext,
    progress: &mut Progress,
    results: &mut [Option<TestRecord>],
) {
    if order.is_empty() {
        return;
    }
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, TestRecord)>();
    std::thread::scope(|scope| {
        for slot in 0..width.min(order.len()) {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&index) = order.get(k) else { break };
                if crate::interrupt::interrupted() {
                    break;
                }
                let job = jobs[index];
                let run = &drivers[job.driver];
                let record = execute::run_test(&tests[job.test], &run.driver, run.gl_info.as_ref(), ctx, slot);
                if sender.send((index, record)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        for (index, record) in receiver {
            progress.record(record.status);
            results[index] = Some(record);
        }
    });
}
