//! `see FEN from to`: the exchange started by from x to.
use qili_notation::Position;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let p = Position::from_fen(&a[1]).unwrap();
    let (f, t) = (a[2].parse().unwrap(), a[3].parse().unwrap());
    println!("{:?}", qili_analyzer::protection::exchange_from(&p, f, t));
    println!("{:?}", qili_analyzer::protection::legal_capturers(&p, t));
    println!("{:?}", p.attackers(t, p.turn()));
}
