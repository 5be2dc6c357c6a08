//! Every corpus case or sample game the guides link to exists.

use std::path::Path;

#[test]
fn guide_links_to_corpus_files_resolve() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for doc in ["docs/referee-guide.md", "docs/user-guide.md"] {
        let text = std::fs::read_to_string(root.join(doc)).unwrap();
        for (i, _) in text.match_indices("](../corpus/") {
            let rest = &text[i + 2..];
            let link = &rest[..rest.find(')').unwrap()];
            assert!(
                root.join("docs").join(link).exists(),
                "{doc}: broken link {link}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} corpus links found");
}
