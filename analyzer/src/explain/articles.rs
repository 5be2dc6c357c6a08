//! Short titles of the cited articles, rules and diagrams, from the catalogue
//! ([`crate::rules::articles`]).

use super::Lang;
use crate::rules::Article;

/// The short title of `article` in `lang`.
pub fn title(article: Article, lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => article.zh(),
        Lang::En => article.en(),
    }
}

/// The short title of the article with `code` in `lang`, if the catalogue has it.
pub fn article_title(code: &str, lang: Lang) -> Option<&'static str> {
    Article::from_code(code).map(|a| title(a, lang))
}
