//! Unit tests of the classifier's rules: the general and soldiers, 29.4, novelty, and the
//! CXA/AXF differences that are not in the corpus.

use super::*;
use crate::rules::{Article, RuleSet};
use qili_notation::Iccs;

fn settings(rules: RuleSet) -> Settings {
    Settings {
        rules,
        ..Settings::default()
    }
}

/// Labels the last move of `moves` played from `fen`.
fn last(fen: &str, moves: &str, s: &Settings, cycle: CycleContext) -> MoveLabels {
    let start = Position::from_fen(fen).unwrap();
    let mut pos = start;
    let mut mvs: Vec<Move> = Vec::new();
    for t in moves.split_whitespace() {
        let m = t.parse::<Iccs>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(&m);
        mvs.push(m);
    }
    let (last, rest) = mvs.split_last().unwrap();
    let mut before = Position::from_fen(fen).unwrap();
    for m in rest {
        before.play_unchecked(m);
    }
    label_move(&before, last, s, cycle)
}

fn targets(l: &MoveLabels) -> Vec<String> {
    l.chases.iter().map(|c| c.target.to_string()).collect()
}

fn dismissed(l: &MoveLabels, reason: DismissReason) -> bool {
    l.dismissed.iter().any(|d| d.reason == reason)
}

#[test]
fn general_alone_is_idle_under_cxa_and_permitted_under_axf() {
    let fen = "5k3/9/9/9/9/9/9/9/3n5/4K4 w - - 0 1";
    let l = last(
        fen,
        "e0e1",
        &settings(RuleSet::Cxa),
        CycleContext::default(),
    );
    assert_eq!(l.primary(), Label::Idle);
    assert!(
        dismissed(&l, DismissReason::GeneralChase),
        "{:?}",
        l.dismissed
    );
    let l = last(
        fen,
        "e0e1",
        &settings(RuleSet::Axf),
        CycleContext::default(),
    );
    // AXF r28: the general may chase; a threat only the general carries out is permitted.
    assert_eq!(l.primary(), Label::Idle);
    assert!(l
        .dismissed
        .iter()
        .any(|d| d.reason == DismissReason::GeneralChase && d.article == Article::AxfR28));
}

#[test]
fn soldier_alone_chases_only_in_mutual_attack_under_cxa1999() {
    let fen = "4k4/9/3n5/2P6/9/9/9/9/9/3K5 w - - 0 1";
    let mutual = CycleContext {
        mutual_perpetual_attack: true,
    };
    let cxa1999 = settings(RuleSet::Cxa1999);
    let l = last(fen, "c6c7", &cxa1999, CycleContext::default());
    assert_eq!(l.primary(), Label::Idle);
    assert!(dismissed(&l, DismissReason::SoldierChase));
    let l = last(fen, "c6c7", &cxa1999, mutual);
    assert_eq!(l.primary(), Label::Chase);
    assert_eq!(targets(&l), ["d7"]);
    assert!(l.chases[0].articles.contains(&Article::Cxa27_2Xize11));
    // CXA 2011/2020 (图14): a soldier alone is idle in mutual attack too, whatever the
    // context, citing the figure.
    let cxa = settings(RuleSet::Cxa);
    for cx in [CycleContext::default(), mutual] {
        let l = last(fen, "c6c7", &cxa, cx);
        assert_eq!(l.primary(), Label::Idle);
        assert!(
            l.dismissed
                .iter()
                .any(|d| d.reason == DismissReason::SoldierChase
                    && d.article == Article::Cxa2020Fig14)
        );
    }
    // AXF r29: soldiers may chase; a threat only soldiers carry out is permitted, even in
    // mutual attack.
    let l = last(fen, "c6c7", &settings(RuleSet::Axf), mutual);
    assert_eq!(l.primary(), Label::Idle);
    assert!(l
        .dismissed
        .iter()
        .any(|d| d.reason == DismissReason::SoldierChase && d.article == Article::AxfR29));
}

#[test]
fn a_check_chases_what_it_wins_after_any_answer() {
    // f2e2+ also attacks the unprotected horse on e1: whatever Black answers, e2xe1.
    let l = last(
        "4k4/9/9/9/9/9/9/5R3/4n4/3K5 w - - 0 1",
        "f2e2",
        &Settings::default(),
        CycleContext::default(),
    );
    assert_eq!(l.labels, [Label::Check, Label::Chase]);
    assert_eq!(targets(&l), ["e1"]);
    assert_eq!(l.chases[0].form, ChaseForm::CheckSeries);
    assert_eq!(
        l.chases[0]
            .attackers
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>(),
        ["e2"]
    );
}

#[test]
fn capture_that_gets_the_mover_mated_is_not_a_chase() {
    // After h5xa5 the chariot has left the h-file: i9i0 mates (b1 holds rank 1).
    let l = last(
        "4k3r/4a4/9/9/c8/9/7R1/9/1r7/4K4 w - - 0 1",
        "h3h5",
        &Settings::default(),
        CycleContext::default(),
    );
    assert!(!l.labels.contains(&Label::Chase), "{:?}", l.labels);
    let d = l
        .dismissed
        .iter()
        .find(|d| d.reason == DismissReason::MatedAfterCapture)
        .unwrap();
    assert_eq!(d.chase.target.to_string(), "a5");
    assert_eq!(d.line.first().map(|m| m.to_string()), Some("i9i0".into()));
}

#[test]
fn a_direct_threat_after_a_check_series_is_new_per_pair() {
    // Before i4i3, Red could already win the horse on e3 by i4d4+ Ke8 d4e4+ and e4xe3, but
    // the chariot did not attack it: the (chariot, horse) pair is new (docs/rules.md §3), whatever
    // the open choice on series threats says.
    let fen = "5a3/3k5/9/9/5C3/8R/4n4/9/9/4K4 w - - 0 1";
    let l = last(fen, "i4i3", &Settings::default(), CycleContext::default());
    assert_eq!(l.primary(), Label::Chase);
    let mut strict = Settings::default();
    strict.open.threat_needing_fewer_checks_is_new = false;
    let l = last(fen, "i4i3", &strict, CycleContext::default());
    assert_eq!(l.primary(), Label::Chase);
}

#[test]
fn axf_horse_pinned_chariot_is_chased_whatever_its_protection() {
    // The black chariot on d8 holds the leg of the red horse on d7 (d7-e9); it is
    // protected by the chariot on a8, so under CXA h8xd8 is only an even trade.
    let fen = "4k4/r2r5/3N5/9/9/9/7R1/9/9/3R1K3 w - - 0 1";
    let l = last(
        fen,
        "h3h8",
        &settings(RuleSet::Axf),
        CycleContext::default(),
    );
    let c = l
        .chases
        .iter()
        .find(|c| c.target.to_string() == "d8")
        .expect("AXF r19 chase");
    assert_eq!(c.root, Root::Protected);
    assert!(c.articles.contains(&Article::AxfR19));
    let l = last(
        fen,
        "h3h8",
        &settings(RuleSet::Cxa),
        CycleContext::default(),
    );
    assert!(!l
        .chases
        .iter()
        .any(|c| c.target.to_string() == "d8" && c.form != ChaseForm::CheckSeries));
}

#[test]
fn axf_minor_on_chariot_cites_r15() {
    // Horse against a chariot protected by a chariot: a gain (细则3), and under AXF also r15.
    let fen = "4k4/4a4/5r3/9/9/9/7N1/9/9/3K5 w - - 0 1";
    let l = last(
        fen,
        "h3g5",
        &settings(RuleSet::Axf),
        CycleContext::default(),
    );
    assert_eq!(targets(&l), ["f7"]);
    assert!(l.chases[0].articles.contains(&Article::AxfR15R26));
    let l = last(
        fen,
        "h3g5",
        &settings(RuleSet::Cxa),
        CycleContext::default(),
    );
    assert_eq!(l.chases[0].root, Root::GainsDespiteRoot);
    assert!(!l.chases[0]
        .articles
        .iter()
        .any(|a| a.code().starts_with("AXF")));
}

#[test]
fn check_is_heaviest_with_its_checkers_as_evidence() {
    let l = last(
        "3ak4/9/9/9/9/4N4/9/4R4/9/3K5 w - - 0 1",
        "e4c5",
        &Settings::default(),
        CycleContext::default(),
    );
    assert_eq!(l.labels, [Label::Check]);
    assert_eq!(
        l.evidence[0]
            .pieces
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>(),
        ["e2"]
    );
}

#[test]
fn labels_are_sorted_heaviest_first_and_never_empty() {
    let fen = "4k4/9/r8/9/7R1/9/9/9/9/3K5 w - - 0 1";
    let l = last(fen, "h5h7", &Settings::default(), CycleContext::default());
    assert_eq!(l.labels, [Label::Chase, Label::Offer]);
    let start = Position::startpos();
    for m in start.legal_moves() {
        let l = label_move(&start, &m, &Settings::default(), CycleContext::default());
        assert!(!l.labels.is_empty());
        assert!(l.labels.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(l.evidence.len(), l.labels.len(), "{m}: {:?}", l.labels);
    }
}

#[test]
fn illegal_moves_do_not_panic() {
    let start = Position::startpos();
    let bogus = Move {
        role: Role::Chariot,
        from: "e4".parse().unwrap(),
        to: "e5".parse().unwrap(),
        capture: None,
    };
    let l = label_move(
        &start,
        &bogus,
        &Settings::default(),
        CycleContext::default(),
    );
    assert_eq!(l.labels, [Label::Idle]);
    assert!(label_line(
        &start,
        &[bogus],
        &Settings::default(),
        CycleContext::default()
    )
    .is_empty());
}

#[test]
fn a_king_step_out_of_check_opens_no_chase() {
    // Black's chariot checks on the e-file; the red general steps aside. The red chariot on
    // h5 attacked the unprotected horse on h8 before the step (while Red, in check, could not
    // take it): the attack is not new (docs/rules.md §3, the baseline is the attack itself).
    let fen = "5k3/4a2n1/3r5/9/7R1/9/9/9/9/4K4 b - - 0 1";
    // CXA 1999: under the current edition the general's step out of check is idle whatever
    // it opens (CXA2020 26.1), which would hide the open choice tested here.
    for rules in [RuleSet::Cxa1999, RuleSet::Axf] {
        let l = last(fen, "d7e7 e0d0", &settings(rules), CycleContext::default());
        assert!(!l.labels.contains(&Label::Chase), "{rules}: {:?}", l.labels);
        let d = l
            .dismissed
            .iter()
            .find(|d| d.reason == DismissReason::NotNew)
            .unwrap();
        assert_eq!(d.chase.target.to_string(), "h8");
        assert!(d.chase.notes.contains(&crate::label::PARRY_NOTE));
        // With the other setting of the open choice, the step chases the horse.
        let mut s = settings(rules);
        s.open.attack_is_the_baseline = false;
        let l = last(fen, "d7e7 e0d0", &s, CycleContext::default());
        assert!(l.labels.contains(&Label::Chase), "{rules}: {:?}", l.labels);
    }
}

#[test]
fn axf_threat_needing_a_check_first_is_idle() {
    // g4e5: the horse wins the chariot on b6 only after a check (CXA 29.1, a chase through a
    // series of checks); under AXF such a threat is idle (r13 D14–16, r38 D97–98).
    let fen = "4k4/9/9/1r7/9/6N2/9/9/9/5K3 w - - 0 1";
    let cxa = last(
        fen,
        "g4e5",
        &settings(RuleSet::Cxa),
        CycleContext::default(),
    );
    let axf = last(
        fen,
        "g4e5",
        &settings(RuleSet::Axf),
        CycleContext::default(),
    );
    assert!(
        cxa.chases.iter().any(|c| c.form == ChaseForm::CheckSeries),
        "{:?}",
        cxa.chases
    );
    assert!(axf.chases.is_empty(), "{:?}", axf.chases);
}

/// The chase of `target` among `l`'s chases, if any.
fn chase_of<'a>(l: &'a MoveLabels, target: &str) -> Option<&'a Chase> {
    l.chases.iter().find(|c| c.target.to_string() == target)
}

#[test]
fn a_check_series_chase_must_win_against_every_reply() {
    // d4g4 threatens g4g2+. Against the chariot block f5f2, h3xf2 wins the chariot (Kxf2
    // gives a horse for it). Against the advisor block e1f2 the only way on is g2xf2+,
    // f5xf2 h3xf2 Kxf2: Black gives a chariot and a horse for a chariot and an advisor.
    // The defender chooses the answer to each check (CXA 29.1 "能够通过连续照将吃子"), so
    // there is no chase (许银川–王天一 2013, ply 92, in small).
    let fen = "3k5/9/9/9/5R3/3r5/4P2n1/4K4/4A4/9 b - - 0 1";
    let cxa = settings(RuleSet::Cxa);
    let l = last(fen, "d4g4", &cxa, CycleContext::default());
    assert!(chase_of(&l, "f5").is_none(), "{:?}", l.chases);
    assert_eq!(l.primary(), Label::Idle);
    // The check itself: whatever Red answers, the chariot is not won at a gain.
    let fen = "3k5/9/9/9/5R3/6r2/4P2n1/4K4/4A4/9 b - - 0 1";
    let l = last(fen, "g4g2", &cxa, CycleContext::default());
    assert_eq!(l.labels, [Label::Check], "{:?}", l.chases);
    // With a cannon on e1 instead of the advisor, f5f2 is the only answer: a chase.
    let fen = "3k5/9/9/9/5R3/6r2/4P2n1/4K4/4C4/9 b - - 0 1";
    let l = last(fen, "g4g2", &cxa, CycleContext::default());
    assert_eq!(l.labels, [Label::Check, Label::Chase]);
    let c = chase_of(&l, "f5").expect("chase of f5");
    assert_eq!(c.form, ChaseForm::CheckSeries);
    assert_eq!(c.net.judge(), crate::material::Balance::Gain);
}

#[test]
fn a_check_series_that_gives_more_than_it_wins_is_no_chase() {
    // d4e4 sets up g9xf9+ Kxf9 e4xe8 (the king has left e9, the advisor f9 is gone): two
    // advisors for the chariot that gave the check, a loss (CXA 25.3, 细则3: the capture
    // must gain material through the checks; 吕钦 2002, ply 63, in small). Directly,
    // e4xe8 gives a cannon for an advisor.
    let fen = "4kaR2/4a4/4b4/9/9/3C5/9/9/9/3K5 w - - 0 1";
    let l = last(
        fen,
        "d4e4",
        &settings(RuleSet::Cxa),
        CycleContext::default(),
    );
    assert!(chase_of(&l, "e8").is_none(), "{:?}", l.chases);
    assert!(!l.labels.contains(&Label::Chase), "{:?}", l.labels);
}

#[test]
fn a_check_series_that_sacrifices_and_still_gains_chases() {
    // i5i9 threatens g9xf9+ (an advisor). If Ke8, f9xd9 or i9xd9 wins the chariot; if
    // Kxf9, the king screens i9xd9: chariot for advisor + chariot, a gain either way.
    let fen = "3rkaR2/9/9/9/8C/9/4P4/9/9/4K4 w - - 0 1";
    let l = last(
        fen,
        "i5i9",
        &settings(RuleSet::Cxa),
        CycleContext::default(),
    );
    let c = chase_of(&l, "d9").expect("chase of d9");
    assert_eq!(c.form, ChaseForm::CheckSeries);
    // The line follows the defender's best answer, Kxf9: the chariot is given, the advisor
    // and the chariot won, a net gain of the advisor (the line through Ke8 nets more).
    let line: Vec<String> = c.line.iter().map(|m| m.to_string()).collect();
    assert_eq!(line, ["g9f9", "e9f9", "i9d9"]);
    assert_eq!(c.net.judge(), crate::material::Balance::Gain);
    assert_eq!(
        c.net,
        Material {
            minors: 0,
            guards: 1,
            soldiers: 0,
            chariots: 0
        }
    );
    // AXF: no chase through checks (r13 D14–16, r38 D97–98).
    let l = last(
        fen,
        "i5i9",
        &settings(RuleSet::Axf),
        CycleContext::default(),
    );
    assert!(chase_of(&l, "d9").is_none(), "{:?}", l.chases);
}

#[test]
fn protection_is_judged_capture_by_capture() {
    // g6e6: the chariot and the horse d2 both attack the horse e4. The cannon e8 takes back
    // after the horse's capture (the chariot e6 is its screen), not after the chariot's (the
    // capture removes the screen): against that capture e4 has no real protector, so it is
    // chased under both rule sets — AXF r35 (several attackers on a *protected* piece) does
    // not apply (docs/rules.md §3: a protector is a piece that can take back after the capture).
    let fen = "5k3/4c4/9/6R2/9/4n4/9/3N5/9/3K5 w - - 0 1";
    for rules in [RuleSet::Cxa, RuleSet::Axf] {
        let l = last(fen, "g6e6", &settings(rules), CycleContext::default());
        let e4 = l
            .chases
            .iter()
            .find(|c| c.target.to_string() == "e4")
            .unwrap_or_else(|| panic!("{rules:?}: {:?} / {:?}", l.chases, l.dismissed));
        assert_eq!(
            e4.line.first().map(|m| m.from.to_string()),
            Some("e6".into())
        );
        assert_eq!(e4.root, Root::FalseRoot, "{rules:?}");
        assert!(!dismissed(&l, DismissReason::SeveralAttackers), "{rules:?}");
    }
}

#[test]
fn a_move_out_of_check_leaves_a_standing_check_series_standing() {
    // Red is in check from the chariot d6. b5xd6+ Ke9 b8xd8 wins the cannon, but before the
    // general's step the horse's capture was illegal: on d6 it would screen the cannon d8
    // against the general d0. d0e0 answers the check and makes the series executable; it
    // does not create it (docs/rules.md §3: the baseline is the attack itself; 29.2, 细则6;
    // CCPD 李來群/00000060, ply 115, in small).
    let fen = "9/1R1ck4/4b4/3r5/1N7/9/9/9/9/3K5 w - - 0 1";
    // CXA 1999: the current edition's general step out of check is idle (CXA2020 26.1)
    // whatever it opens, which would hide the open choice tested here.
    let cxa1999 = Settings {
        rules: RuleSet::Cxa1999,
        ..Settings::default()
    };
    let l = last(fen, "d0e0", &cxa1999, CycleContext::default());
    assert_eq!(l.labels, [Label::Idle], "{:?}", l.chases);
    let d8 = "d8".parse::<Square>().unwrap();
    assert!(
        l.dismissed.iter().any(|d| d.reason == DismissReason::NotNew
            && d.chase.target == d8
            && d.chase.notes.contains(&ChaseNote::StoodWhileInCheck)),
        "{:?}",
        l.dismissed
    );
    // The open choice decides it: with the baseline "could it be carried out", it is new.
    let mut off = cxa1999.clone();
    off.open.attack_is_the_baseline = false;
    let l = last(fen, "d0e0", &off, CycleContext::default());
    assert!(chase_of(&l, "d8").is_some(), "{:?}", l.labels);
}

#[test]
fn a_series_the_move_itself_opens_is_new() {
    // In check from the horse e2, the advisor f2e1 blocks its leg and empties the f-file:
    // a5e5+ Kd9 f0xf9 wins the cannon through a line the move opened (29.2, 细则2).
    let l = last(
        "4kc3/9/9/9/R8/9/9/3AnA3/9/3K1R3 w - - 0 1",
        "f2e1",
        &Settings::default(),
        CycleContext::default(),
    );
    assert!(chase_of(&l, "f9").is_some(), "{:?}", l.labels);
    // Not in check: a king step that takes the general off a line makes whatever it frees
    // a new chase, as for a direct capture.
    let l = last(
        "9/4k1n2/9/4p4/9/9/9/9/9/cNR1K4 w - - 0 1",
        "e0e1",
        &Settings::default(),
        CycleContext::default(),
    );
    assert!(l.labels.contains(&Label::Chase), "{:?}", l.labels);
    // A check whose threat follows the answer: the answer is not the series' first move.
    let l = last(
        "2n1k4/9/9/9/9/9/9/9/8R/3K5 w - - 0 1",
        "i1i9",
        &Settings::default(),
        CycleContext::default(),
    );
    assert_eq!(l.labels, [Label::Check, Label::Chase]);
    assert!(chase_of(&l, "c9").is_some());
}

/// The threat roots of the corpus: every position of every case's moves and every position
/// one legal move further, each as its side to move sees it and as the other side would
/// (moving again, `passed`), the questions the labelling asks.
fn corpus_roots(cap: usize) -> Vec<Position> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/cases");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpus/cases")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let mut roots = Vec::new();
    for f in files {
        let case: toml::Table = std::fs::read_to_string(&f).unwrap().parse().unwrap();
        let mut pos = Position::from_fen(case["fen"].as_str().unwrap()).unwrap();
        for m in case["moves"].as_array().unwrap() {
            for child in pos.legal_moves().iter().map(|m| pos.after(m)) {
                roots.push(child.passed());
                roots.push(child);
            }
            roots.push(pos.passed());
            let m = m.as_str().unwrap().parse::<Iccs>().unwrap();
            let Ok(m) = m.to_move(&pos) else { break };
            pos.play_unchecked(&m);
        }
    }
    roots.sort_by_key(|p| p.zobrist());
    roots.dedup();
    // Spread the sample over the whole corpus.
    let step = roots.len().div_ceil(cap).max(1);
    roots.into_iter().step_by(step).collect()
}

/// The probe of the mate search (one search with every check allowed, answers "no mate"
/// when it sees the whole tree) never changes an answer of iterative deepening, and it
/// does refute positions (and leaves the mates to the deepening).
#[test]
fn mate_probe_answers_as_iterative_deepening() {
    let roots = corpus_roots(3_000);
    let (mut shared, mut plain) = (MateSearch::new(), MateSearch::new());
    let mut mates = 0;
    for pos in &roots {
        let want = plain.deepening(pos, 4);
        mates += usize::from(want.is_some());
        assert_eq!(shared.find(pos, 4), want, "{}", pos.fen());
        // A fresh search (nothing remembered) answers the same.
        assert_eq!(MateSearch::new().find(pos, 4), want, "{}", pos.fen());
    }
    assert!(
        mates >= 20,
        "the sample holds mates ({mates} of {})",
        roots.len()
    );
    assert!(roots.len() - mates >= 1_000, "and positions without one");
}

/// The probe of the chase search's deepening changes no threat, under either rule set, for
/// plain moves and for checks.
#[test]
fn series_probe_finds_the_threats_of_iterative_deepening() {
    let roots = corpus_roots(1_500);
    let mut series = 0;
    for rules in [RuleSet::Cxa, RuleSet::Axf] {
        let s = settings(rules);
        for pos in &roots {
            // After a check the targets are the defender's pieces, else the opponent's.
            let side = if pos.is_check() {
                !pos.turn()
            } else {
                pos.turn()
            };
            let targets: SquareSet = pos
                .pieces()
                .filter(|&(sq, p)| p.color != side && Material::of(p, sq).is_material())
                .map(|(sq, _)| sq)
                .collect();
            let ask = |probe: bool| {
                let mut mate = MateSearch::new();
                let mut ctx =
                    threat::Ctx::with_mate(s.book().chase(), s.mate_depth, false, &mut mate);
                ctx.probe = probe;
                let found = if pos.is_check() {
                    // The position after a check: the question of a checking move.
                    ctx.after_check(pos, targets)
                } else {
                    ctx.threats(pos, targets)
                };
                format!("{found:?}")
            };
            let want = ask(false);
            series += usize::from(want.contains("CheckSeries"));
            assert_eq!(ask(true), want, "{rules:?} {}", pos.fen());
        }
    }
    assert!(series >= 5, "the sample holds series threats ({series})");
}

/// The evidence sentences are put together without `format!`: the points and counts they
/// write read as their `Display` does.
#[test]
fn evidence_pieces_read_as_displayed() {
    for sq in [0u8, 8, 40, 81, 89].map(|i| Square::new(i).unwrap()) {
        let mut s = String::new();
        push_point(&mut s, sq);
        assert_eq!(s, sq.to_string());
    }
    for n in [0usize, 7, 10, 42, 1_000_007, usize::MAX] {
        let mut s = String::from("x");
        push_count(&mut s, n);
        assert_eq!(s, format!("x{n}"));
    }
}

/// CXA2020 §3.1 (图2, 图30's variation): a horse that can be taken back by the horse it
/// attacks, itself protected, offers an exchange, even on an unprotected horse; when the
/// other horse cannot take back (its leg is blocked), the attack chases again.
#[test]
fn same_kind_pair_is_exchange_unless_it_cannot_trade() {
    let s = settings(RuleSet::Cxa);
    let pair = last(
        "1nr1k4/9/9/9/3N5/9/9/9/9/3K5 b - - 0 1",
        "b9c7",
        &s,
        CycleContext::default(),
    );
    assert_eq!(pair.labels, vec![Label::Exchange]);
    assert!(dismissed(&pair, DismissReason::SameKindPair));
    let e = pair
        .evidence
        .iter()
        .find(|e| e.label == Label::Exchange)
        .unwrap();
    assert!(e.articles.contains(&Article::Cxa2020Fig2));
    assert_eq!(e.pieces.as_slice(), ["c7".parse::<Square>().unwrap()]);
    assert_eq!(e.targets.as_slice(), ["d5".parse::<Square>().unwrap()]);
    // The red soldier on d6 blocks the red horse's way back to c7: no pair, a chase.
    let blocked = last(
        "1nr1k4/9/9/3P5/3N5/9/9/9/9/3K5 b - - 0 1",
        "b9c7",
        &s,
        CycleContext::default(),
    );
    assert_eq!(blocked.primary(), Label::Chase);
    assert_eq!(targets(&blocked), ["d5"]);
    assert!(!dismissed(&blocked, DismissReason::SameKindPair));
}

/// The pair's capture is set aside under CXA only: AXF rules the pair by its own r24.
#[test]
fn same_kind_pair_rule_is_cxas() {
    let l = last(
        "1nr1k4/9/9/9/3N5/9/9/9/9/3K5 b - - 0 1",
        "b9c7",
        &settings(RuleSet::Axf),
        CycleContext::default(),
    );
    assert!(dismissed(&l, DismissReason::SameKindMutual));
    assert!(!dismissed(&l, DismissReason::SameKindPair));
}

/// CXA 27.3, 细则13 (the corpus case `cxa-27.3-key-point-parries-the-mate-threat`): 车四平五
/// goes back to e4, where it takes the checking horse after Black's 车2平4 uncovering its
/// check: the move parries Black's mate threat, and its new threat on the unprotected advisor
/// e8 is incidental, idle in both CXA editions (the current one also cites its figure, 图18);
/// AXF has no such rule. With the open choice off, the plain case is not asked.
#[test]
fn defensive_key_point_parries_the_mate_threat() {
    let fen = "5k3/4a2n1/9/9/9/4R4/4np3/3Ar4/3KA4/9 w - - 0 1";
    let moves = "e4f4 h8f7 f4e4";
    for (rules, figure) in [(RuleSet::Cxa, true), (RuleSet::Cxa1999, false)] {
        let l = last(fen, moves, &settings(rules), CycleContext::default());
        assert!(!l.labels.contains(&Label::Chase), "{rules}: {:?}", l.labels);
        let d = l
            .dismissed
            .iter()
            .find(|d| d.reason == DismissReason::DefensiveKeyPoint)
            .expect("the threat on the advisor is dismissed");
        assert_eq!(d.chase.target.to_string(), "e8");
        assert_eq!(d.article, Article::Cxa27_3Xize13);
        assert_eq!(
            d.line.first().map(|m| m.to_string()).as_deref(),
            Some("e2g2")
        );
        assert!(!d.chase.notes.contains(&ChaseNote::KeyPointNotDetected));
        let idle = l.evidence.iter().find(|e| e.label == Label::Idle).unwrap();
        assert_eq!(idle.line.as_slice(), d.line.as_slice());
        assert_eq!(idle.articles.contains(&Article::Cxa2020Fig18), figure);
    }
    let l = last(fen, moves, &settings(RuleSet::Axf), CycleContext::default());
    assert_eq!(targets(&l), ["e8"], "{:?}", l.labels);
    // The widest reading: the plain case is not asked, no line is given.
    let wide = Settings {
        open: crate::rules::OpenChoices {
            key_point_plain_case_only: false,
            ..Default::default()
        },
        ..settings(RuleSet::Cxa)
    };
    let l = last(fen, moves, &wide, CycleContext::default());
    let d = l
        .dismissed
        .iter()
        .find(|d| d.reason == DismissReason::DefensiveKeyPoint);
    assert!(d.is_some_and(|d| d.line.is_empty()), "{:?}", l.dismissed);
}

/// Outside its plain case 27.3 is not applied: a chariot that attacks the unprotected advisor
/// e8 while the opponent threatens no mate chases it, with a note that the exception may
/// apply.
#[test]
fn key_point_without_a_parried_mate_threat_chases() {
    let fen = "5k3/4a2n1/9/9/9/R8/9/9/4A4/3K5 w - - 0 1";
    for rules in [RuleSet::Cxa, RuleSet::Cxa1999] {
        let l = last(fen, "a4e4", &settings(rules), CycleContext::default());
        assert_eq!(targets(&l), ["e8"], "{rules}: {:?}", l.labels);
        assert!(l.chases[0].notes.contains(&ChaseNote::KeyPointNotDetected));
        assert!(!dismissed(&l, DismissReason::DefensiveKeyPoint));
    }
}

/// 27.3's plain draw needs a side that only holds (corpus case
/// `cxa-27.3-key-point-mover-ahead-chases`): the position of
/// [`defensive_key_point_parries_the_mate_threat`] with a red chariot a1, horse a2 and
/// crossed soldier a6 added, none of which touches the mate or the key point. 车四平五 still
/// parries Black's mate and attacks only the advisor e8, but Red is ahead in material by
/// CXA 25.3's equalities: no plain draw, the threat is a chase (with the note that the
/// exception may apply), in both CXA editions.
#[test]
fn key_point_of_a_side_ahead_in_material_chases() {
    let fen = "5k3/4a2n1/9/P8/9/4R4/4np3/N2Ar4/R2KA4/9 w - - 0 1";
    for rules in [RuleSet::Cxa, RuleSet::Cxa1999] {
        let l = last(
            fen,
            "e4f4 h8f7 f4e4",
            &settings(rules),
            CycleContext::default(),
        );
        assert_eq!(targets(&l), ["e8"], "{rules}: {:?}", l.labels);
        assert!(l.chases[0].notes.contains(&ChaseNote::KeyPointNotDetected));
        assert!(!dismissed(&l, DismissReason::DefensiveKeyPoint));
    }
}

/// 27.3's plain draw read over a cycle (`key_point_void_when_chasing_elsewhere`): the
/// key-point move of [`defensive_key_point_parries_the_mate_threat`] gets its threat on the
/// advisor back as a chase, with the note why, when another move of its side in the cycle
/// chases; not when that move only checks (CXA2020 图18), nor under AXF's policy.
#[test]
fn key_point_is_void_when_the_side_chases_elsewhere() {
    use std::sync::Arc;
    let s = settings(RuleSet::Cxa);
    let fen = "5k3/4a2n1/9/9/9/4R4/4np3/3Ar4/3KA4/9 w - - 0 1";
    let kp = last(fen, "e4f4 h8f7 f4e4", &s, CycleContext::default());
    assert!(dismissed(&kp, DismissReason::DefensiveKeyPoint));
    let chase = last(
        "5k3/4a2n1/9/9/9/R8/9/9/4A4/3K5 w - - 0 1",
        "a4e4",
        &s,
        CycleContext::default(),
    );
    assert_eq!(chase.primary(), Label::Chase);
    let mut check = kp.clone();
    check.labels = vec![Label::Check];
    check.dismissed.clear();
    let policy = s.book().chase();
    let reading = s.book().reading();
    let run = |other: &MoveLabels, policy: &ChasePolicy| {
        let mut labels = vec![Arc::new(kp.clone()), Arc::new(other.clone())];
        void_when_chasing_elsewhere(policy, reading, &mut labels);
        labels.swap_remove(0)
    };
    let back = run(&chase, &policy);
    assert_eq!(back.labels, [Label::Chase], "{:?}", back.labels);
    assert_eq!(targets(&back), ["e8"]);
    assert!(back.chases[0]
        .notes
        .contains(&ChaseNote::KeyPointSideChasesElsewhere));
    assert!(!dismissed(&back, DismissReason::DefensiveKeyPoint));
    assert!(back
        .evidence
        .iter()
        .all(|e| e.label == Label::Chase && e.targets.as_slice() == [back.chases[0].target]));
    // A check elsewhere leaves the key point's threat incidental (图18).
    assert_eq!(*run(&check, &policy), kp);
    // The other side's chase does not count against the side.
    let mut theirs = chase.clone();
    theirs.side = !kp.side;
    assert_eq!(*run(&theirs, &policy), kp);
    // Without the reading, the threat stays dismissed.
    let off = ChasePolicy {
        key_point_void_when_chasing_elsewhere: false,
        ..policy
    };
    assert_eq!(*run(&chase, &off), kp);
}
