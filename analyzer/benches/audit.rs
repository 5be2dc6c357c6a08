//! Audit speed over real games: the CCPD master games (when shared/ is present; `QILI_SHARED`
//! overrides its path; `QILI_BENCH_FILES=N` audits the first N files, default 3000, `all` for
//! all 27,950). Figures are ratios against baselines measured in the same run, one thread:
//!
//! - read: reading and decoding the records (`read_path`);
//! - replay: replaying every game and counting position occurrences (the pre-pass that lets
//!   games without a repeated position skip labelling);
//! - audit: the whole audit of each game (pre-pass, judge where needed, comparison).
//!
//! Then the end-to-end parallel audit (`audit_files`, all cores), reading included.
//!
//! `cargo bench -p qili-analyzer --bench audit`

use std::path::PathBuf;
use std::time::Instant;

use qili_analyzer::audit::{
    audit_files, audit_game, discover, max_occurrences, read_path, AuditConfig, AuditScope,
};
use qili_analyzer::Settings;

fn shared() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("QILI_SHARED") {
        return Some(PathBuf::from(p));
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    [root.join("../../shared"), root.join("../../../shared")]
        .into_iter()
        .find(|p| p.exists())
}

fn main() {
    let Some(dir) = shared()
        .map(|s| s.join("games/ccpd/Dataset/對局"))
        .filter(|d| d.exists())
    else {
        eprintln!("note: shared/games/ccpd not found; nothing to benchmark");
        return;
    };
    let mut files = discover(&[dir]).expect("list the CCPD files");
    let limit = std::env::var("QILI_BENCH_FILES").unwrap_or_else(|_| "3000".into());
    if let Ok(n) = limit.parse::<usize>() {
        files.truncate(n);
    }
    let settings = Settings::default();

    let t = Instant::now();
    let inputs: Vec<_> = files
        .iter()
        .flat_map(|f| read_path(f, settings.rules))
        .collect();
    let read = t.elapsed().as_secs_f64();
    let games = inputs.len();

    let t = Instant::now();
    let mut repeated = 0;
    for g in &inputs {
        if let Ok((start, moves)) = &g.game {
            if max_occurrences(start, moves) >= 2 {
                repeated += 1;
            }
        }
    }
    let replay = t.elapsed().as_secs_f64();

    let t = Instant::now();
    let mut judged = 0;
    // Time split between games with and without a repeated position.
    let (mut quiet_n, mut quiet_s, mut rep_s) = (0usize, 0f64, 0f64);
    for g in inputs.iter().cloned() {
        let one = Instant::now();
        let r = audit_game(g, &settings, AuditScope::Threshold);
        let secs = one.elapsed().as_secs_f64();
        judged += usize::from(r.ruled.as_ref().is_some_and(|r| r.judgement.is_some()));
        if r.max_occurrences >= 2 {
            rep_s += secs;
        } else {
            quiet_n += 1;
            quiet_s += secs;
        }
    }
    let audit = t.elapsed().as_secs_f64();

    // The cost of deeper mate searches everywhere (mate threats, check series, the 29.4
    // safety test): the same audit at 5 and 6 checks (docs/rules.md §3; the rule books
    // deepen only the safety test of a capture).
    let deeper: Vec<(u32, f64)> = [5, 6]
        .into_iter()
        .map(|mate_depth| {
            let s = Settings {
                mate_depth,
                ..settings.clone()
            };
            let t = Instant::now();
            for g in inputs.iter().cloned() {
                std::hint::black_box(audit_game(g, &s, AuditScope::Threshold));
            }
            (mate_depth, t.elapsed().as_secs_f64())
        })
        .collect();

    let t = Instant::now();
    let summary = audit_files(
        &files,
        &AuditConfig {
            settings: settings.clone(),
            jobs: None,
            scope: AuditScope::Threshold,
        },
        |_| {},
    )
    .expect("audit");
    let parallel = t.elapsed().as_secs_f64();

    let rate = |secs: f64| games as f64 / secs.max(1e-9);
    println!("audit bench: {} files, {games} games, {repeated} with a repeated position, {judged} judged", files.len());
    println!("  read    {read:8.2} s  {:9.0} games/s", rate(read));
    println!(
        "  replay  {replay:8.2} s  {:9.0} games/s  (baseline)",
        rate(replay)
    );
    println!(
        "  audit   {audit:8.2} s  {:9.0} games/s  = {:.1} x replay",
        rate(audit),
        audit / replay.max(1e-9)
    );
    for (depth, secs) in &deeper {
        println!(
            "  audit at mate depth {depth} everywhere: {secs:8.2} s = {:.1} x replay ({:.2} x the default)",
            secs / replay.max(1e-9),
            secs / audit.max(1e-9)
        );
    }
    let per = |n: usize, secs: f64| n as f64 / secs.max(1e-9);
    println!(
        "  of which: {quiet_n} games without repetition {quiet_s:.3} s ({:.0} games/s), {} with {rep_s:.2} s ({:.0} games/s): a repeated game costs {:.0} x a quiet one",
        per(quiet_n, quiet_s),
        games - quiet_n,
        per(games - quiet_n, rep_s),
        per(quiet_n, quiet_s) / per(games - quiet_n, rep_s).max(1e-9)
    );
    println!(
        "  end to end, all cores, reading included: {parallel:.2} s, {:.0} games/s = {:.2} x (read + audit on one thread)",
        (summary.games_read + summary.games_failed_total()) as f64 / parallel.max(1e-9),
        parallel / (read + audit).max(1e-9)
    );
}
