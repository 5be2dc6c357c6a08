//! `write_labels_json` and `write_labels_text` write the label report while labelling
//! (issue 14: the report of a million-ply game, built whole, took 2.6 GB): the same bytes
//! as `LabelReport::to_json` and `to_text_in`, in memory that does not grow with the line.
//! Memory is counted by this test binary's allocator (allocations are deterministic: no
//! timing, no noise).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use qili_analyzer::Lang;
use qili_analyzer::{label_line, CycleContext, Settings};
use qili_analyzer::{write_labels_json, write_labels_text, LabelReport};
use qili_notation::{Iccs, Move, Position};

/// Counts the bytes allocated and keeps their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// A global allocator is `unsafe` to write (the workspace denies `unsafe_code`; this test
// binary alone allows it, for its counting allocator).
#[allow(unsafe_code)]
// SAFETY: every call is passed to the system allocator unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
            PEAK.fetch_max(now, Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The peak of bytes allocated while `f` runs, above what was live before it.
fn peak_of(f: impl FnOnce()) -> usize {
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    f();
    PEAK.load(Relaxed) - base
}

/// `plies` plies from `start` cycling through `dance` (ICCS).
fn line(start: &Position, dance: &[&str], plies: usize) -> Vec<Move> {
    let mut pos = start.clone();
    (0..plies)
        .map(|i| {
            let m = dance[i % dance.len()]
                .parse::<Iccs>()
                .unwrap()
                .to_move(&pos)
                .unwrap();
            pos.play_unchecked(&m);
            m
        })
        .collect()
}

/// A writer that keeps only the count of bytes written.
struct Count(usize);

impl std::io::Write for Count {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

// One test: the allocation counters are global to the binary.
#[test]
fn streamed_label_json_is_the_report_in_bounded_memory() {
    let settings = Settings::default();
    let cycle = CycleContext::default();
    // The same bytes as the report built whole: a chase with protectors and a check
    // (a chariot chasing a horse, a general's shuffle), and the start position's idle moves.
    let chase = Position::from_fen("3k5/9/9/9/9/2n6/9/9/4R4/4K4 w - - 0 1").unwrap();
    for (start, dance) in [
        (Position::startpos(), &["h0g2", "h9g7", "g2h0", "g7h9"][..]),
        (chase, &["e1c1", "c4e3", "c1e1", "e3c4"][..]),
    ] {
        let moves = line(&start, dance, 24);
        let labels = label_line(&start, &moves, &settings, cycle);
        let report = LabelReport::new(&start, &moves, &labels, settings.rules);
        let mut streamed = Vec::new();
        write_labels_json(&mut streamed, &start, &moves, &settings, cycle).unwrap();
        assert_eq!(String::from_utf8(streamed).unwrap(), report.to_json());
        for lang in [Lang::Zh, Lang::En] {
            let mut streamed = Vec::new();
            write_labels_text(&mut streamed, &start, &moves, &settings, cycle, lang).unwrap();
            assert_eq!(
                String::from_utf8(streamed).unwrap(),
                report.to_text_in(lang)
            );
        }
    }
    let empty = Position::startpos();
    let mut streamed = Vec::new();
    write_labels_json(&mut streamed, &empty, &[], &settings, cycle).unwrap();
    let whole = LabelReport::new(&empty, &[], &[], settings.rules).to_json();
    assert_eq!(String::from_utf8(streamed).unwrap(), whole);

    // Memory: the whole report grows with the line; the streamed one does not.
    let start = Position::startpos();
    let short = line(&start, &["h0g2", "h9g7", "g2h0", "g7h9"], 2_000);
    let long = line(&start, &["h0g2", "h9g7", "g2h0", "g7h9"], 20_000);
    let whole = |moves: &[Move]| {
        peak_of(|| {
            let labels = label_line(&start, moves, &settings, cycle);
            let json = LabelReport::new(&start, moves, &labels, settings.rules).to_json();
            assert!(json.len() > moves.len() * 100);
        })
    };
    let streamed = |moves: &[Move]| {
        peak_of(|| {
            let mut out = Count(0);
            write_labels_json(&mut out, &start, moves, &settings, cycle).unwrap();
            assert!(out.0 > moves.len() * 100);
        })
    };
    let text = |moves: &[Move]| {
        peak_of(|| {
            let mut out = Count(0);
            write_labels_text(&mut out, &start, moves, &settings, cycle, Lang::Zh).unwrap();
            assert!(out.0 > moves.len() * 20);
        })
    };
    let (whole_short, whole_long) = (whole(&short), whole(&long));
    let (streamed_short, streamed_long) = (streamed(&short), streamed(&long));
    let (text_short, text_long) = (text(&short), text(&long));
    assert!(
        text_long < text_short + text_short / 2,
        "the streamed table does not grow with the line: {text_short} → {text_long}"
    );
    eprintln!(
        "peak bytes: whole {whole_short} (2,000 plies), {whole_long} (20,000); \
         streamed {streamed_short}, {streamed_long}; text {text_short}, {text_long}"
    );
    assert!(whole_long > 5 * whole_short, "the whole report grows");
    assert!(
        streamed_long < streamed_short + streamed_short / 2,
        "the streamed report does not grow with the line: {streamed_short} → {streamed_long}"
    );
    assert!(streamed_long * 20 < whole_long);
}
