//! The figures of a whole audit, and the plain-text table printed at its end.

use std::collections::BTreeMap;

use super::game::GameReport;
use super::words::SummaryRow;
use crate::agreement::RecordOutcome;

/// Figures of an audit.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Summary {
    /// Files read.
    pub files: usize,
    /// Games read and analysed.
    pub games_read: usize,
    /// Games (or whole files) that could not be read, by reason.
    pub games_failed: BTreeMap<&'static str, usize>,
    /// Paths given or found that were not read (missing, special files, loops …), by reason.
    pub paths_skipped: BTreeMap<&'static str, usize>,
    /// Games read without a recorded result (`*`, or none at all): no ruling can
    /// contradict them, so the audit can only rule them, not check them.
    pub games_without_result: usize,
    /// Plies replayed.
    pub plies: u64,
    /// Games with a position occurring at least twice.
    pub games_with_repetition: usize,
    /// Games with a position occurring at least `repetitions` times (a ruling in force).
    pub games_with_ruling_threshold: usize,
    /// The rule set the games were ruled under.
    pub rules: crate::rules::RuleSet,
    /// The occurrence count used for the line above.
    pub repetitions: u32,
    /// Repetition cycles found.
    pub cycles: usize,
    /// Rulings in force that settle a record, by kind (`draw`, `red_loses`, …).
    pub rulings: BTreeMap<&'static str, usize>,
    /// Games whose ruling contradicts the recorded result.
    pub games_disagreeing: usize,
    /// Findings by kind (disagreements and notes).
    pub findings: BTreeMap<&'static str, usize>,
    /// Wall-clock time, seconds.
    pub seconds: f64,
}

impl Summary {
    /// An empty summary for rulings in force at `repetitions` occurrences.
    pub fn new(repetitions: u32) -> Summary {
        Summary {
            repetitions,
            ..Summary::default()
        }
    }

    /// Counts one game.
    pub fn add(&mut self, g: &GameReport) {
        if let Some(f) = &g.error {
            let counts = if f.kind.is_path() {
                &mut self.paths_skipped
            } else {
                &mut self.games_failed
            };
            *counts.entry(f.kind.as_str()).or_default() += 1;
            return;
        }
        self.games_read += 1;
        // (A ruling case has its expected ruling for a result.)
        if g.recorded_text.is_none() {
            self.games_without_result += 1;
        }
        self.plies += g.moves.len() as u64;
        if g.max_occurrences >= 2 {
            self.games_with_repetition += 1;
        }
        if g.max_occurrences >= self.repetitions {
            self.games_with_ruling_threshold += 1;
        }
        if let Some(r) = &g.ruled {
            self.cycles += r.cycles;
            if let Some(d) = &r.decision {
                *self.rulings.entry(outcome_kind(d.outcome)).or_default() += 1;
            }
        }
        if g.disagrees() {
            self.games_disagreeing += 1;
        }
        for f in &g.findings {
            *self.findings.entry(f.kind()).or_default() += 1;
        }
    }

    /// Games that could not be read.
    pub fn games_failed_total(&self) -> usize {
        self.games_failed.values().sum()
    }

    /// Games per second (read and failed alike).
    pub fn games_per_second(&self) -> f64 {
        if self.seconds > 0.0 {
            (self.games_read + self.games_failed_total()) as f64 / self.seconds
        } else {
            0.0
        }
    }

    /// The plain-text summary table.
    pub fn table(&self) -> String {
        super::text::summary_table_in(self, crate::terms::Lang::En)
    }

    /// The rows of the summary table: each label's key and its figure, the two timing
    /// lines last.
    pub(crate) fn rows(&self) -> Vec<(SummaryRow<'_>, String)> {
        let mut rows = vec![
            (SummaryRow::Files, self.files.to_string()),
            (SummaryRow::GamesRead, self.games_read.to_string()),
            (
                SummaryRow::GamesWithoutResult,
                self.games_without_result.to_string(),
            ),
            (
                SummaryRow::GamesFailed,
                self.games_failed_total().to_string(),
            ),
        ];
        for (k, n) in &self.games_failed {
            rows.push((SummaryRow::Failed(k), n.to_string()));
        }
        if !self.paths_skipped.is_empty() {
            let total: usize = self.paths_skipped.values().sum();
            rows.push((SummaryRow::PathsSkipped, total.to_string()));
            for (k, n) in &self.paths_skipped {
                rows.push((SummaryRow::Skipped(k), n.to_string()));
            }
        }
        rows.push((SummaryRow::Plies, self.plies.to_string()));
        rows.push((
            SummaryRow::GamesWithRepetition,
            self.games_with_repetition.to_string(),
        ));
        rows.push((
            SummaryRow::GamesAtThreshold(self.repetitions),
            self.games_with_ruling_threshold.to_string(),
        ));
        rows.push((SummaryRow::Cycles, self.cycles.to_string()));
        for (k, n) in &self.rulings {
            rows.push((SummaryRow::Ruling(k), n.to_string()));
        }
        rows.push((
            SummaryRow::GamesDisagreeing,
            self.games_disagreeing.to_string(),
        ));
        for (k, n) in &self.findings {
            rows.push((SummaryRow::Finding(k), n.to_string()));
        }
        rows.push((SummaryRow::Seconds, format!("{:.2}", self.seconds)));
        rows.push((
            SummaryRow::GamesPerSecond,
            format!("{:.0}", self.games_per_second()),
        ));
        rows
    }
}

/// The snake-case name of an outcome: `draw`, `red_loses`, `black_must_change` …
pub fn outcome_kind(o: RecordOutcome) -> &'static str {
    use qili_notation::Color::*;
    match o {
        RecordOutcome::Draw => "draw",
        RecordOutcome::Loses(Red) => "red_loses",
        RecordOutcome::Loses(Black) => "black_loses",
        RecordOutcome::MustChange(Red) => "red_must_change",
        RecordOutcome::MustChange(Black) => "black_must_change",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counts keep their layout whatever the speed: a slow and a fast run of the same
    /// audit differ in the two timing lines only, in English and in Chinese.
    #[test]
    fn timing_figures_do_not_move_the_counts() {
        let mut slow = Summary {
            files: 104,
            games_read: 105,
            plies: 799,
            seconds: 0.5,
            ..Summary::default()
        };
        let mut fast = slow.clone();
        fast.seconds = 0.000_01;
        for lang in [crate::terms::Lang::En, crate::terms::Lang::Zh] {
            let (a, b) = (
                super::super::text::summary_table_in(&slow, lang),
                super::super::text::summary_table_in(&fast, lang),
            );
            let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
            assert_eq!(a.len(), b.len());
            let n = a.len() - 2;
            assert_eq!(a[..n], b[..n], "{lang:?}");
            assert_ne!(a[n + 1], b[n + 1], "the rates differ");
            assert!(a[0].ends_with("  104"), "{}", a[0]);
        }
        slow.seconds = 0.0;
        assert!(slow.table().lines().all(|l| l.contains("  ")));
    }
}
