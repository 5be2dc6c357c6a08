//! Prints the threats of the side to move after a line: `threats FEN "moves" [axf]`.
use qili_notation::{Iccs, Position};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut pos = Position::from_fen(&args[1]).unwrap();
    for m in args
        .get(2)
        .map(|s| s.as_str())
        .unwrap_or("")
        .split_whitespace()
    {
        let mv = m.parse::<Iccs>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(&mv);
    }
    println!("{}", pos.fen());
    let mut s = qili_analyzer::Settings::default();
    if args.get(3).is_some_and(|a| a == "axf") {
        s.rules = qili_analyzer::RuleSet::Axf;
    }
    let (t, d) = qili_analyzer::label::threats(&pos, &s, Default::default());
    for c in t {
        println!(
            "{} {:?} {:?} {:?}",
            c.target,
            c.root,
            c.form,
            c.line.iter().map(|m| m.to_string()).collect::<Vec<_>>()
        );
    }
    for c in d {
        println!(
            "dismissed {:?} {} {:?}",
            c.reason,
            c.chase.target,
            c.chase
                .line
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
        );
    }
}
