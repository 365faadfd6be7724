//! The tables one process plays: its slots of the run's tables, each a
//! task (table.rs); every one connects first, then all move from the same
//! instant until the run ends.

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{watch, Semaphore};
use tokio::time::Instant;

use super::server::{cpu_seconds, proc_status};
use super::table::table_task;
use super::tally::{Counters, Tally};
use super::{Phase, Settings, OPENING};

/// This process's tables.
pub(super) struct Local {
    counters: Arc<Counters>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
    ready: Arc<AtomicUsize>,
    phase: watch::Sender<Phase>,
    slots: usize,
    /// Tables connected and sockets open when the moves began.
    at_start: (u64, usize),
    /// This process's CPU seconds when the moves began.
    cpu: Option<f64>,
}

impl Local {
    /// Starts table slots `slots` of `total` (each connects at once).
    pub(super) fn start(settings: &Arc<Settings>, slots: Range<usize>, total: usize) -> Local {
        let counters = Arc::new(Counters::default());
        let (phase, receiver) = watch::channel(Phase::Connecting);
        let opening = Arc::new(Semaphore::new(OPENING));
        let ready = Arc::new(AtomicUsize::new(0));
        let tasks = slots
            .clone()
            .map(|index| {
                tokio::spawn(table_task(
                    index,
                    total,
                    Arc::clone(settings),
                    Arc::clone(&counters),
                    receiver.clone(),
                    Arc::clone(&opening),
                    Arc::clone(&ready),
                ))
            })
            .collect();
        Local {
            counters,
            tasks,
            ready,
            phase,
            slots: slots.len(),
            at_start: (0, 0),
            cpu: None,
        }
    }

    /// Waits until every table connected (or failed), or until `limit`;
    /// the tables connected and the sockets open.
    pub(super) async fn connected(&mut self, limit: Instant) -> (u64, usize) {
        while self.ready.load(Ordering::Relaxed) < self.slots && Instant::now() < limit {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        self.at_start = (
            self.counters.opened.load(Ordering::Relaxed),
            self.counters.open_sockets.load(Ordering::Relaxed),
        );
        self.at_start
    }

    /// The moves run from `from` until `until`.
    pub(super) fn go(&mut self, from: Instant, until: Instant) {
        self.cpu = cpu_seconds("self");
        let _ = self.phase.send(Phase::Running { from, until });
    }

    /// The counters now, for the progress lines.
    pub(super) fn counters(&self) -> &Counters {
        &self.counters
    }

    /// Waits for every table to end; what they measured, with this
    /// process's memory and CPU.
    pub(super) async fn finish(self) -> Tally {
        let cpu_end = cpu_seconds("self");
        let during = self.counters.open_sockets.load(Ordering::Relaxed);
        for task in self.tasks {
            if task.await.is_err() {
                self.counters.error("task-panicked");
            }
        }
        let mut tally = Tally::of(&self.counters, self.at_start.0, self.at_start.1);
        tally.sockets_during = during;
        tally.memory = proc_status("self", "VmHWM:").unwrap_or(0);
        tally.cpu = match (self.cpu, cpu_end) {
            (Some(s), Some(e)) => e - s,
            _ => 0.0,
        };
        tally
    }
}
