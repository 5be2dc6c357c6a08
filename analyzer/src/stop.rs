//! A cooperative stop for an analysis: a flag another thread may raise, a deadline and a
//! budget of search nodes, checked by the searches of the labeller (the mate search and the
//! chase's series search) every [`CHECK_EVERY`] nodes.
//!
//! An embedder that must bound the work of one request (a server: the client hung up, or the
//! request's time is spent) runs the analysis inside [`within`] on the thread that does it:
//!
//! ```
//! use qili_analyzer::stop::{within, Budget, StopReason};
//! use std::time::Duration;
//!
//! let budget = Budget::new().with_time(Duration::from_secs(5));
//! let answer = within(&budget, || 6 * 7);
//! assert_eq!(answer, Ok(42));
//!
//! // A flag raised (e.g. by the task that saw the client go) stops the work.
//! let budget = Budget::new();
//! budget.flag().raise();
//! let stopped = within(&budget, || {
//!     // any search of the labeller sees the flag at once
//!     while !qili_analyzer::stop::tick() {}
//! });
//! assert_eq!(stopped.unwrap_err().reason, StopReason::Cancelled);
//! ```
//!
//! Once the budget is spent every search on the thread gives up at its next node (as when
//! its own node budget runs out), so the work ends soon; what it computed is then not an
//! answer, and [`within`] returns [`Stopped`] instead of it. The memos the labeller keeps on
//! the thread for the next analysis are emptied, since they may hold such unfinished
//! answers. Work sent to other threads (the `jobs` of a batch) does not see the budget:
//! call [`within`] with one job.

use std::cell::{Cell, RefCell};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How many nodes the searches visit between two looks at the budget.
pub const CHECK_EVERY: u32 = 256;

/// A flag that stops the analysis it is given to, from any thread.
#[derive(Debug, Clone, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// Asks the analysis to stop.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether it was raised.
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// What an analysis may spend: a flag, an optional deadline, an optional number of nodes.
#[derive(Debug, Clone, Default)]
pub struct Budget {
    flag: StopFlag,
    time: Option<Duration>,
    nodes: Option<u64>,
}

impl Budget {
    /// No limit but the flag.
    pub fn new() -> Budget {
        Budget::default()
    }

    /// Stopped by `flag` (shared with whoever may raise it) rather than a flag of its own.
    pub fn with_flag(mut self, flag: StopFlag) -> Budget {
        self.flag = flag;
        self
    }

    /// At most `time` of wall-clock time from the start of [`within`].
    pub fn with_time(mut self, time: Duration) -> Budget {
        self.time = Some(time);
        self
    }

    /// At most `nodes` search nodes (counted in steps of [`CHECK_EVERY`]).
    pub fn with_nodes(mut self, nodes: u64) -> Budget {
        self.nodes = Some(nodes);
        self
    }

    /// The flag that stops it (clone it to another thread or task).
    pub fn flag(&self) -> &StopFlag {
        &self.flag
    }
}

/// Why an analysis stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// Its flag was raised.
    Cancelled,
    /// Its time was spent.
    Time,
    /// Its nodes were spent.
    Nodes,
}

/// An analysis stopped before its end: no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped {
    /// Why.
    pub reason: StopReason,
    /// How long it ran.
    pub after: Duration,
    /// The search nodes it visited (in steps of [`CHECK_EVERY`]).
    pub nodes: u64,
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.reason {
            StopReason::Cancelled => "cancelled",
            StopReason::Time => "its time budget was spent",
            StopReason::Nodes => "its node budget was spent",
        };
        write!(
            f,
            "the analysis stopped after {} ms and {} search nodes: {why}",
            self.after.as_millis(),
            self.nodes
        )
    }
}

impl std::error::Error for Stopped {}

/// The budget of the analysis running on this thread.
struct Running {
    flag: StopFlag,
    deadline: Option<Instant>,
    nodes: Option<u64>,
    seen: u64,
    stopped: Option<StopReason>,
}

thread_local! {
    /// Nodes since the last look at the budget; `u32::MAX` when no budget is set.
    static COUNT: Cell<u32> = const { Cell::new(u32::MAX) };
    /// Whether the analysis of this thread is stopped (every search gives up at once).
    static STOPPED: Cell<bool> = const { Cell::new(false) };
    static RUNNING: RefCell<Option<Running>> = const { RefCell::new(None) };
    /// Set when an analysis on this thread was stopped before its end: what it kept for
    /// the next one (the labeller's spare maps) may hold unfinished answers.
    static SPOILED: Cell<bool> = const { Cell::new(false) };
}

/// One search node: whether the analysis running on this thread must stop. Cheap (a
/// counter) but every [`CHECK_EVERY`] calls; always `false` outside [`within`].
#[inline]
pub fn tick() -> bool {
    if STOPPED.with(Cell::get) {
        return true;
    }
    let n = COUNT.with(Cell::get);
    if n == u32::MAX {
        return false;
    }
    if n + 1 < CHECK_EVERY {
        COUNT.with(|c| c.set(n + 1));
        return false;
    }
    COUNT.with(|c| c.set(0));
    look()
}

#[cold]
fn look() -> bool {
    let reason = RUNNING.with(|r| {
        let mut r = r.borrow_mut();
        let run = r.as_mut()?;
        run.seen += u64::from(CHECK_EVERY);
        let reason = if run.flag.is_raised() {
            Some(StopReason::Cancelled)
        } else if run.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(StopReason::Time)
        } else if run.nodes.is_some_and(|n| run.seen >= n) {
            Some(StopReason::Nodes)
        } else {
            None
        };
        if reason.is_some() {
            run.stopped = reason;
        }
        reason
    });
    let stop = reason.is_some();
    if stop {
        STOPPED.with(|s| s.set(true));
    }
    stop
}

/// Runs `work` on this thread within `budget`: its answer, or [`Stopped`] when the budget
/// was spent (or its flag raised) before it ended. Nested calls run in the outer budget.
pub fn within<T>(budget: &Budget, work: impl FnOnce() -> T) -> Result<T, Stopped> {
    if RUNNING.with(|r| r.borrow().is_some()) {
        return Ok(work());
    }
    let started = Instant::now();
    RUNNING.with(|r| {
        *r.borrow_mut() = Some(Running {
            flag: budget.flag.clone(),
            deadline: budget.time.and_then(|t| started.checked_add(t)),
            nodes: budget.nodes,
            seen: 0,
            stopped: None,
        })
    });
    STOPPED.with(|s| s.set(false));
    COUNT.with(|c| c.set(0));
    // Reset even if `work` panics, so that the thread's next analysis starts clean.
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            COUNT.with(|c| c.set(u32::MAX));
            STOPPED.with(|s| s.set(false));
            let _ = RUNNING.try_with(|r| r.borrow_mut().take());
        }
    }
    let reset = Reset;
    // A flag raised before the start stops the work at its first look.
    if budget.flag.is_raised() {
        STOPPED.with(|s| s.set(true));
        RUNNING.with(|r| {
            if let Some(run) = r.borrow_mut().as_mut() {
                run.stopped = Some(StopReason::Cancelled);
            }
        });
    }
    let answer = work();
    let run = RUNNING.with(|r| r.borrow_mut().take());
    drop(reset);
    match run.and_then(|run| run.stopped.map(|reason| (reason, run.seen))) {
        None => Ok(answer),
        Some((reason, nodes)) => {
            SPOILED.with(|s| s.set(true));
            Err(Stopped {
                reason,
                after: started.elapsed(),
                nodes,
            })
        }
    }
}

/// Whether an analysis on this thread was stopped since the last call (and forgets it):
/// a labeller asks before it takes the maps kept on the thread.
pub(crate) fn take_spoiled() -> bool {
    SPOILED.try_with(|s| s.replace(false)).unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_a_budget_nothing_stops() {
        assert!((0..10_000).all(|_| !tick()));
    }

    #[test]
    fn a_node_budget_stops_within_one_step() {
        let budget = Budget::new().with_nodes(1000);
        let mut ticks = 0u64;
        let e = within(&budget, || {
            while !tick() {
                ticks += 1;
            }
        })
        .unwrap_err();
        assert_eq!(e.reason, StopReason::Nodes);
        assert!(
            (1000..1000 + 2 * u64::from(CHECK_EVERY)).contains(&ticks),
            "{ticks}"
        );
        // The thread is clean afterwards.
        assert!(!tick());
        assert_eq!(within(&Budget::new(), || 1), Ok(1));
    }

    #[test]
    fn a_deadline_stops() {
        let budget = Budget::new().with_time(Duration::from_millis(20));
        let e = within(&budget, || while !tick() {}).unwrap_err();
        assert_eq!(e.reason, StopReason::Time);
        assert!(e.to_string().contains("time budget"), "{e}");
    }

    #[test]
    fn a_flag_raised_from_another_thread_stops() {
        let budget = Budget::new();
        let flag = budget.flag().clone();
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            flag.raise();
        });
        let e = within(&budget, || while !tick() {}).unwrap_err();
        raiser.join().unwrap();
        assert_eq!(e.reason, StopReason::Cancelled);
    }
}
