//! The command examples of README.md and docs/*.md are run and their output compared
//! (trycmd): every ```` ```console ```` block, a `$ qili …` line (continued by `> …` lines),
//! an optional `? CODE` exit status, then the output. `[..]` in the output matches any text
//! within a line, a line `...` any lines (timings, long lists).
//!
//! When an intended change alters an example's output (a ruling, a wording), regenerate them
//! all with `TRYCMD=overwrite cargo test --test docs` and read the diff before committing:
//! the overwritten examples keep `[..]` in place of the audit's timings (this test puts it
//! back, in the English and the Chinese summary). Commands run from the repository root. A fence without a language is read as a
//! console block too: tag plain output or usage blocks (```` ```text ````).

#[test]
fn docs_examples() {
    let t = trycmd::TestCases::new();
    t.register_bin("qili", std::path::Path::new(env!("CARGO_BIN_EXE_qili")))
        .case("README.md")
        .case("docs/*.md");
    // The cases run here.
    drop(t);
    if std::env::var("TRYCMD").is_ok_and(|v| v == "overwrite") {
        redact_timings();
    }
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

/// Puts `[..]` back in place of the figures that change from run to run: the `seconds` and
/// `games/s` lines of an audit summary, and `seconds` and `games_per_second` in its JSON.
fn redact_timings() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut out = String::with_capacity(text.len());
        for line in text.split_inclusive('\n') {
            let body = line.trim_end_matches('\n');
            let figure = body.rsplit(' ').next().unwrap_or("");
            // The timing lines of the English and the Chinese table.
            let label = ["seconds ", "games/s ", "秒 ", "局/秒 "]
                .into_iter()
                .find(|l| body.starts_with(l));
            let timing = label.is_some()
                && !figure.is_empty()
                && (figure == "[..]" || figure.bytes().all(|b| b.is_ascii_digit() || b == b'.'));
            // The figure is right-aligned: its padding varies with it, so `[..]` covers both.
            let mut l = if let (true, Some(label)) = (timing, label) {
                format!("{label}[..]{}", &line[body.len()..])
            } else {
                line.to_owned()
            };
            for key in ["\"seconds\":", "\"games_per_second\":"] {
                if let Some(i) = l.find(key) {
                    let start = i + key.len();
                    let end = l[start..].find([',', '}']).map_or(l.len(), |e| start + e);
                    l.replace_range(start..end, "[..]");
                }
            }
            out.push_str(&l);
        }
        if out != text {
            std::fs::write(&path, out).unwrap();
        }
    }
}
