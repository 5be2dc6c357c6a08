//! The settings the ruling commands share, declared once and flattened into each command's
//! arguments (`#[command(flatten)]`): the rule set (`--rules`), the repetition threshold and
//! the natural move limit (`--repetitions`, `--natural-limit`), the language (`--lang`).

use qili_analyzer::Lang;
use qili_analyzer::{RuleSet, Settings};

/// `--rules`.
#[derive(clap::Args)]
pub struct RulesArg {
    /// Rule set: cxa (the CXA rules, 2011/2020 edition; the default), cxa1999 (the CXA rules, 1999 edition: games before 2011) or axf.
    #[arg(long, default_value = "cxa")]
    pub rules: RuleSet,
}

/// `--rules`, `--repetitions` and `--natural-limit`: what a ruling depends on.
#[derive(clap::Args)]
pub struct RulingArgs {
    /// The rule set.
    #[command(flatten)]
    pub rules: RulesArg,
    /// Occurrences of a position at which a ruling is in force.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(2..))]
    pub repetitions: u32,
    /// Natural move limit in moves without a capture (0: not applied).
    #[arg(long, default_value_t = 60)]
    pub natural_limit: u32,
}

impl RulingArgs {
    /// The analysis settings they give (the others at their defaults).
    pub fn settings(&self) -> Settings {
        Settings {
            rules: self.rules.rules,
            repetitions: self.repetitions,
            natural_limit: self.natural_limit,
            ..Settings::default()
        }
    }
}

/// `--lang`, Chinese by default (`qili audit`, whose summary is English by default, declares
/// its own).
#[derive(clap::Args)]
pub struct LangArg {
    /// Language of the text output: zh or en.
    #[arg(long, default_value = "zh")]
    pub lang: Lang,
}
