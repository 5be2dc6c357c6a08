//! The command examples of README.md and docs/*.md are run and their output compared
//! (trycmd): every ```` ```console ```` block, a `$ qili …` line (continued by `> …` lines),
//! an optional `? CODE` exit status, then the output. `[..]` in the output matches any text
//! within a line, a line `...` any lines (timings, long lists).
//!
//! When an intended change alters an example's output (a ruling, a wording), regenerate them
//! all with `TRYCMD=overwrite cargo test --test docs` and read the diff before committing.
//! Commands run from the repository root.

#[test]
fn docs_examples() {
    let t = trycmd::TestCases::new();
    t.register_bin("qili", std::path::Path::new(env!("CARGO_BIN_EXE_qili")))
        .case("README.md")
        .case("docs/*.md");
    // Fail rather than pass vacuously if the blocks were renamed.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut blocks = 0;
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            blocks += std::fs::read_to_string(&path)
                .unwrap()
                .matches("```console")
                .count();
        }
    }
    blocks += std::fs::read_to_string(root.join("README.md"))
        .unwrap()
        .matches("```console")
        .count();
    assert!(blocks >= 8, "only {blocks} console examples in the docs");
}
