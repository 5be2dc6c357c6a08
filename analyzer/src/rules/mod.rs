//! Rule sets, rule books and analysis settings.
//!
//! A [`RuleBook`] (from [`Settings::book`]) is the only place that knows how the rule sets
//! differ: [`cxa`] (two editions, [`cxa::Edition`]) and [`axf`] each hold everything of one
//! rule set — what counts as a chase
//! ([`ChasePolicy`]), which label decides a move's part in the conduct ([`Reading`]), the
//! conduct → verdict table, the articles a chase cites in the verdict, the *(open)* choices
//! of docs/rules.md with their defaults and citations, and the rule set's names. Every citation
//! is a value of the catalogue [`Article`] ([`articles`]).
//!
//! The values (settings, chase policies, readings, editions, articles) are defined in
//! [`crate::settings`], below the labeller, conducts and verdicts that read them, and
//! re-exported here; this module adds the book's functions over labels, conducts and
//! verdicts (docs/design.md, "Layers").

use qili_notation::Role;

use crate::label::{Chase, Label, MoveLabels};
use crate::verdict::{Verdict, VerdictInput};

pub mod axf;
pub mod cxa;

pub use crate::settings::{
    Article, ChasePolicy, EditionRef, OpenChoices, Reading, RuleBook, RuleSet, Settings,
};

impl Reading {
    /// Whether the chases of a move with `labels` take part in the conduct, so that the
    /// verdict cites their articles: the heaviest reading counts a move's chases when the
    /// chase is its heaviest label, the forbidden reading whenever it chases.
    pub fn chases_count(self, labels: &MoveLabels) -> bool {
        match self {
            Reading::Heaviest => labels.labels.first() == Some(&Label::Chase),
            Reading::Forbidden { .. } => labels.labels.contains(&Label::Chase),
        }
    }
}

impl RuleBook {
    /// The conduct → verdict table: rules on a cycle whose ruling is in force at
    /// `threshold` occurrences.
    pub fn verdict(self, input: &VerdictInput<'_>, threshold: usize) -> Verdict {
        match self.edition() {
            Some(e) => cxa::verdict(e, self.open(), input, threshold),
            None => axf::verdict(self.open(), input, threshold),
        }
    }

    /// The articles a chase of a side's conduct brings to the verdict: `roles` are its
    /// attackers' roles, `screen` whether the move did not move an attacker (it moved a
    /// screen), `offer` whether the move also offers or exchanges.
    pub fn chase_articles(
        self,
        chase: &Chase,
        roles: &[Role],
        screen: bool,
        offer: bool,
        push: &mut dyn FnMut(Article),
    ) {
        match self.set() {
            RuleSet::Cxa | RuleSet::Cxa1999 => {
                cxa::chase_articles(chase, roles, screen, offer, push)
            }
            RuleSet::Axf => axf::chase_articles(chase, roles, screen, offer, push),
        }
    }

    /// Every article of `labels` as [`RuleBook::label_article`] names it, without repeats;
    /// under CXA the labels are left as the labeller cites them.
    pub fn cite_labels(self, labels: &mut MoveLabels) {
        if self.edition().is_some() {
            return;
        }
        // Renamed in place, each kept once where it first comes.
        let map = |v: &mut crate::label::Short<Article>| {
            for a in v.iter_mut() {
                *a = self.label_article(*a);
            }
            let kept = crate::verdict::first_occurrences_in(v);
            v.truncate(kept);
        };
        for e in &mut labels.evidence {
            map(&mut e.articles);
        }
        for c in &mut labels.chases {
            map(&mut c.articles);
        }
        for d in &mut labels.dismissed {
            map(&mut d.chase.articles);
            d.article = self.label_article(d.article);
        }
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod book_tests {
    use super::*;

    /// Every open choice a rule book lists has the default of [`OpenChoices::default`].
    #[test]
    fn open_choices_list_their_defaults() {
        let defaults = serde_json::to_value(OpenChoices::default()).unwrap();
        let mut names = std::collections::HashSet::new();
        for set in RuleSet::ALL {
            for c in RuleBook::new(set, OpenChoices::default()).open_choices() {
                assert_eq!(defaults[c.name], c.default, "{}", c.name);
                names.insert(c.name);
            }
        }
        assert_eq!(names.len(), defaults.as_object().unwrap().len());
    }

    /// Under AXF each label's articles are named by AXF, each once, in the order of their
    /// first mention; under CXA they stay as the labeller cites them.
    #[test]
    fn labels_cite_each_article_once() {
        use crate::label::{Evidence, Label, MoveLabels};
        let cited = [
            Article::Cxa29_1,
            Article::Cxa28_16,
            Article::Cxa29_3,
            Article::Cxa29_1,
            Article::Cxa29_2Xize2,
            Article::Cxa28_16,
        ];
        let labels = || MoveLabels {
            side: qili_notation::Color::Red,
            mv: qili_notation::Position::startpos().legal_moves()[0],
            labels: vec![Label::Chase],
            chases: Vec::new(),
            mate_line: None,
            evidence: vec![Evidence {
                label: Label::Chase,
                articles: crate::label::Short::from_slice(&cited),
                pieces: crate::label::Short::new(),
                targets: crate::label::Short::new(),
                line: crate::label::ShortLine::new(),
                detail: "".into(),
            }],
            dismissed: Vec::new(),
            complete: true,
        };
        let book = |rules| {
            Settings {
                rules,
                ..Settings::default()
            }
            .book()
        };
        let mut axf = labels();
        book(RuleSet::Axf).cite_labels(&mut axf);
        assert_eq!(
            axf.evidence[0].articles[..],
            [
                Article::AxfS1Chase,
                Article::AxfS1Protected,
                Article::AxfS1NewAttack
            ]
        );
        let mut cxa = labels();
        book(RuleSet::Cxa1999).cite_labels(&mut cxa);
        assert_eq!(cxa.evidence[0].articles[..], cited);
    }

    #[test]
    fn names_and_policies_differ() {
        let cxa = Settings::default().book();
        let axf = Settings {
            rules: RuleSet::Axf,
            ..Settings::default()
        }
        .book();
        assert_eq!(cxa.names().short, "CXA 2011/2020");
        assert_eq!(axf.names().short, "AXF");
        let cxa1999 = Settings {
            rules: RuleSet::Cxa1999,
            ..Settings::default()
        }
        .book();
        assert_eq!(cxa1999.names().short, "CXA 1999");
        assert!(cxa.ranks_forbidden_chases() && !cxa1999.ranks_forbidden_chases());
        assert_eq!(
            "cxa1999".parse::<RuleSet>(),
            Ok(RuleSet::Cxa1999),
            "the 1999 edition by name"
        );
        assert_eq!(
            serde_json::to_string(&RuleSet::Cxa1999).unwrap(),
            "\"cxa1999\""
        );
        assert_ne!(cxa.chase(), axf.chase());
        assert_eq!(cxa.reading(), Reading::Heaviest);
        assert!(matches!(axf.reading(), Reading::Forbidden { .. }));
    }
}
