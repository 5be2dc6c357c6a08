//! The analyzer's modules as layers: the import graph of `analyzer/src` and its cycles.
//!
//! Every top-level module of the crate (`graph`, `label`, `audit`, …) is a node; a path
//! `crate::…` or `super::…` in a module's code (a `use` or a path written out, test code
//! left aside) that reaches another top-level module is an edge. The strongly connected
//! components of more than one module (petgraph's `tarjan_scc`) are the import cycles.
//!
//! The test holds the cycles to [`KNOWN_CYCLES`]: a new cycle, or a known one that grew,
//! fails it; so does a known one that shrank or went away, until the list says so (the
//! cycles only ever shrink). Print the graph, its cycles and its layers with
//!
//! ```sh
//! cargo test -p qili-analyzer --test layers -- --nocapture
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use petgraph::algo::{condensation, tarjan_scc, toposort};
use petgraph::graph::{DiGraph, NodeIndex};

/// The import cycles left, each as its modules in alphabetical order. Only ever shorten this
/// list (docs/design.md, "Layers").
const KNOWN_CYCLES: &[&[&str]] = &[];

/// A token of Rust code, comments and literals left out.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    /// An identifier, keyword or number.
    Ident(String),
    /// `::`.
    Path,
    /// Any other punctuation character.
    Punct(char),
}

/// A token and the line it starts on.
#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    line: usize,
}

/// Cuts Rust code into tokens, skipping comments, strings and character literals.
fn tokens(src: &str) -> Vec<Token> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let newlines = |from: usize, to: usize| c[from..to].iter().filter(|&&x| x == '\n').count();
    while i < c.len() {
        let start = i;
        match c[i] {
            '\n' => {
                line += 1;
                i += 1;
            }
            x if x.is_whitespace() => i += 1,
            '/' if c.get(i + 1) == Some(&'/') => {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            }
            '/' if c.get(i + 1) == Some(&'*') => {
                let mut depth = 0;
                while i < c.len() {
                    if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                line += newlines(start, i);
            }
            '"' => {
                i = skip_string(&c, i + 1);
                line += newlines(start, i);
            }
            '\'' => {
                // A character literal ('x', '\n', '\u{7f}') or a lifetime ('a).
                if c.get(i + 1) == Some(&'\\') {
                    i += 2;
                    while i < c.len() && c[i] != '\'' {
                        i += 1;
                    }
                    i += 1;
                } else if c.get(i + 2) == Some(&'\'') {
                    i += 3;
                } else {
                    i += 1;
                }
            }
            ':' if c.get(i + 1) == Some(&':') => {
                out.push(Token {
                    tok: Tok::Path,
                    line,
                });
                i += 2;
            }
            x if x.is_alphanumeric() || x == '_' => {
                while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                    i += 1;
                }
                let word: String = c[start..i].iter().collect();
                // Raw and byte strings: r"…", r#"…"#, b"…", br"…"; byte characters: b'x'.
                if matches!(word.as_str(), "r" | "br") && matches!(c.get(i), Some('"' | '#')) {
                    let mut hashes = 0;
                    while c.get(i) == Some(&'#') {
                        hashes += 1;
                        i += 1;
                    }
                    if c.get(i) == Some(&'"') {
                        i += 1;
                        loop {
                            if i >= c.len() {
                                break;
                            }
                            if c[i] == '"' && (1..=hashes).all(|k| c.get(i + k) == Some(&'#')) {
                                i += 1 + hashes;
                                break;
                            }
                            i += 1;
                        }
                        line += newlines(start, i);
                        continue;
                    }
                    i = start + 1;
                } else if word == "b" && c.get(i) == Some(&'"') {
                    i = skip_string(&c, i + 1);
                    line += newlines(start, i);
                    continue;
                } else if word == "b" && c.get(i) == Some(&'\'') {
                    continue; // the character literal is skipped next
                }
                out.push(Token {
                    tok: Tok::Ident(c[start..i].iter().collect()),
                    line,
                });
            }
            x => {
                out.push(Token {
                    tok: Tok::Punct(x),
                    line,
                });
                i += 1;
            }
        }
    }
    out
}

/// The index after the closing quote of a string whose content starts at `i`.
fn skip_string(c: &[char], mut i: usize) -> usize {
    while i < c.len() {
        match c[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// Whether `t` is the identifier `name`.
fn is(t: Option<&Token>, name: &str) -> bool {
    matches!(t, Some(Token { tok: Tok::Ident(w), .. }) if w == name)
}

/// Whether `t` is the punctuation `p`.
fn punct(t: Option<&Token>, p: char) -> bool {
    matches!(t, Some(Token { tok: Tok::Punct(x), .. }) if *x == p)
}

/// The tokens with the items under `#[cfg(test)]` (or any `cfg` naming `test` without
/// `not`) taken out: test modules, test functions, test imports.
fn without_tests(toks: Vec<Token>) -> Vec<Token> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if punct(toks.get(i), '#') && punct(toks.get(i + 1), '[') {
            let end = matching(&toks, i + 1);
            let attr = &toks[i + 2..end];
            let test_only = is(attr.first(), "cfg")
                && attr.iter().any(|t| t.tok == Tok::Ident("test".into()))
                && !attr.iter().any(|t| t.tok == Tok::Ident("not".into()));
            if test_only {
                // Skip the item: up to its `;` or the end of its first block.
                let mut j = end + 1;
                while j < toks.len() {
                    if punct(toks.get(j), '#') && punct(toks.get(j + 1), '[') {
                        j = matching(&toks, j + 1) + 1;
                    } else if punct(toks.get(j), ';') {
                        break;
                    } else if punct(toks.get(j), '{') {
                        j = matching(&toks, j);
                        break;
                    } else {
                        j += 1;
                    }
                }
                i = j + 1;
                continue;
            }
        }
        out.push(toks[i].clone());
        i += 1;
    }
    out
}

/// The index of the bracket closing the one at `open` (`(`, `[` or `{`).
fn matching(toks: &[Token], open: usize) -> usize {
    let mut depth = 0;
    for (j, t) in toks.iter().enumerate().skip(open) {
        match t.tok {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => {
                depth -= 1;
                if depth == 0 {
                    return j;
                }
            }
            _ => {}
        }
    }
    toks.len()
}

/// The paths of a use tree (or a path written out) starting at `i`: `a::b`, `a::{b, c::d}`,
/// `a::*`; each path's segments, with the index after the tree.
fn use_tree(toks: &[Token], mut i: usize) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    loop {
        match toks.get(i).map(|t| &t.tok) {
            Some(Tok::Ident(w)) => {
                prefix.push(w.clone());
                i += 1;
                if is(toks.get(i), "as") {
                    i += 2; // `as name`: the path stays the same
                }
                if toks.get(i).map(|t| &t.tok) == Some(&Tok::Path)
                    && matches!(toks.get(i + 1).map(|t| &t.tok), Some(Tok::Ident(_)))
                {
                    i += 1;
                    continue;
                }
                if toks.get(i).map(|t| &t.tok) == Some(&Tok::Path) && punct(toks.get(i + 1), '{') {
                    i += 1;
                    continue;
                }
                if toks.get(i).map(|t| &t.tok) == Some(&Tok::Path) && punct(toks.get(i + 1), '*') {
                    return (vec![prefix], i + 2);
                }
                return (vec![prefix], i);
            }
            Some(Tok::Punct('{')) => {
                let end = matching(toks, i);
                let mut paths = Vec::new();
                let mut j = i + 1;
                while j < end {
                    if punct(toks.get(j), ',') {
                        j += 1;
                        continue;
                    }
                    let (sub, next) = use_tree(toks, j);
                    for s in sub {
                        let mut p = prefix.clone();
                        p.extend(s);
                        paths.push(p);
                    }
                    j = next.max(j + 1);
                }
                return (paths, end + 1);
            }
            _ => return (vec![prefix], i),
        }
    }
}

/// One module's file and its path from the crate root.
struct Module {
    path: Vec<String>,
    file: PathBuf,
    /// Declared under the `report` feature (`#[cfg(feature = …)]`), or inside such a module.
    report: bool,
}

/// Whether the `mod` at `k` is declared under a `#[cfg(feature = …)]` (the crate has one
/// feature, `report`).
fn under_feature(toks: &[Token], k: usize) -> bool {
    let mut j = k;
    // Skip the visibility: `pub`, `pub(crate)`.
    while j > 0
        && (is(toks.get(j - 1), "pub")
            || is(toks.get(j - 1), "crate")
            || punct(toks.get(j - 1), '(')
            || punct(toks.get(j - 1), ')'))
    {
        j -= 1;
    }
    if j == 0 || !punct(toks.get(j - 1), ']') {
        return false;
    }
    let Some(open) = (0..j - 1).rev().find(|&i| punct(toks.get(i), '[')) else {
        return false;
    };
    let attr = &toks[open + 1..j - 1];
    is(attr.first(), "cfg")
        && attr.iter().any(|t| t.tok == Tok::Ident("feature".into()))
        && !attr.iter().any(|t| t.tok == Tok::Ident("not".into()))
}

/// The crate's modules, from `lib.rs` down its `mod` declarations (test modules left out).
fn modules(src: &Path) -> Vec<Module> {
    let mut out = Vec::new();
    let mut todo = vec![Module {
        path: vec![],
        file: src.join("lib.rs"),
        report: false,
    }];
    while let Some(m) = todo.pop() {
        let text = std::fs::read_to_string(&m.file)
            .unwrap_or_else(|e| panic!("{}: {e}", m.file.display()));
        let toks = without_tests(tokens(&text));
        // A file's submodules live beside it (lib.rs, mod.rs) or in the folder of its name.
        let name = m.file.file_stem().unwrap().to_string_lossy().into_owned();
        let dir = if name == "lib" || name == "mod" {
            m.file.parent().unwrap().to_path_buf()
        } else {
            m.file.parent().unwrap().join(&name)
        };
        for (k, t) in toks.iter().enumerate() {
            if t.tok == Tok::Ident("mod".into()) && punct(toks.get(k + 2), ';') {
                let Some(Tok::Ident(sub)) = toks.get(k + 1).map(|t| &t.tok) else {
                    continue;
                };
                let file = [dir.join(format!("{sub}.rs")), dir.join(sub).join("mod.rs")]
                    .into_iter()
                    .find(|f| f.exists())
                    .unwrap_or_else(|| panic!("{}: no file for `mod {sub}`", m.file.display()));
                let mut path = m.path.clone();
                path.push(sub.clone());
                let report = m.report || under_feature(&toks, k);
                todo.push(Module { path, file, report });
            }
        }
        out.push(m);
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

/// An edge of the graph: from a top-level module to another, with where it was seen.
type Edges = BTreeMap<(String, String), Vec<String>>;

/// The import graph of the crate at `src`: its nodes — the top-level modules, and apart from
/// its module each submodule declared under the `report` feature in a core module
/// (`input::files`) — and their edges; with the nodes of the reporting (under the feature).
/// Paths that name no module and no item re-exported at the root are returned as errors.
fn import_graph(src: &Path) -> (BTreeSet<String>, Edges, Vec<String>, BTreeSet<String>) {
    let modules = modules(src);
    let mut tops: BTreeSet<String> = modules
        .iter()
        .filter(|m| m.path.len() == 1)
        .map(|m| m.path[0].clone())
        .collect();
    let is_report = |path: &[String]| modules.iter().any(|m| m.path == path && m.report);
    // The reporting submodules of core modules: nodes of their own.
    let split: Vec<Vec<String>> = modules
        .iter()
        .filter(|m| m.path.len() > 1 && m.report && !is_report(&m.path[..m.path.len() - 1]))
        .map(|m| m.path.clone())
        .collect();
    let node_of = |path: &[String]| -> Option<String> {
        split
            .iter()
            .find(|p| path.starts_with(p))
            .map(|p| p.join("::"))
            .or_else(|| path.first().cloned())
    };
    let report: BTreeSet<String> = modules
        .iter()
        .filter(|m| m.report && !m.path.is_empty())
        .filter_map(|m| node_of(&m.path))
        .collect();
    tops.extend(split.iter().map(|p| p.join("::")));
    // The root's re-exports: a name at the root → the module it comes from.
    let root = modules.iter().find(|m| m.path.is_empty()).unwrap();
    let root_toks = without_tests(tokens(&std::fs::read_to_string(&root.file).unwrap()));
    let mut exported = BTreeMap::new();
    for (k, t) in root_toks.iter().enumerate() {
        if t.tok == Tok::Ident("use".into()) {
            for p in use_tree(&root_toks, k + 1).0 {
                if let (Some(first), Some(last)) = (p.first(), p.last()) {
                    if tops.contains(first) {
                        exported.insert(last.clone(), first.clone());
                    }
                }
            }
        }
    }
    let mut edges = Edges::new();
    let mut errors = Vec::new();
    for m in &modules {
        let Some(from) = node_of(&m.path) else {
            continue;
        };
        let from = &from;
        let text = std::fs::read_to_string(&m.file).unwrap();
        let toks = without_tests(tokens(&text));
        let shown = m.file.strip_prefix(src).unwrap_or(&m.file).display();
        let mut k = 0;
        while k < toks.len() {
            let start_crate = is(toks.get(k), "crate");
            let start_super = is(toks.get(k), "super");
            let after_path = toks.get(k + 1).map(|t| &t.tok) == Some(&Tok::Path);
            // `crate::…` and `super::…`, not after `::` (a path's own `super` is read below).
            let first_of_path = k == 0 || toks[k - 1].tok != Tok::Path;
            if !(start_crate || start_super) || !after_path || !first_of_path {
                k += 1;
                continue;
            }
            let line = toks[k].line;
            let mut base: Vec<String> = if start_crate {
                vec![]
            } else {
                m.path[..m.path.len() - 1].to_vec()
            };
            let mut j = k + 2;
            while is(toks.get(j), "super") && toks.get(j + 1).map(|t| &t.tok) == Some(&Tok::Path) {
                base.pop();
                j += 2;
            }
            let (paths, next) = use_tree(&toks, j);
            k = next.max(k + 1);
            for p in paths {
                let mut full = base.clone();
                full.extend(p.into_iter().filter(|s| s != "self"));
                let Some(first) = full.first() else { continue };
                let to = if tops.contains(first) {
                    node_of(&full).unwrap_or_else(|| first.clone())
                } else if let Some(t) = exported.get(first) {
                    t.clone()
                } else {
                    errors.push(format!(
                        "{shown}:{line}: `{}` names no module",
                        full.join("::")
                    ));
                    continue;
                };
                if &to == from {
                    continue;
                }
                let at = format!("{shown}:{line}");
                let seen = edges.entry((from.clone(), to)).or_default();
                if !seen.contains(&at) {
                    seen.push(at);
                }
            }
        }
    }
    (tops, edges, errors, report)
}

/// The cycles of the graph: each strongly connected component of more than one module, its
/// modules sorted; with the graph's layers (the components in an order where each imports
/// only those before it).
fn cycles_and_layers(
    tops: &BTreeSet<String>,
    edges: &Edges,
) -> (Vec<Vec<String>>, Vec<Vec<String>>) {
    let mut g = DiGraph::<String, ()>::new();
    let index: BTreeMap<&String, NodeIndex> =
        tops.iter().map(|t| (t, g.add_node(t.clone()))).collect();
    for (from, to) in edges.keys() {
        g.add_edge(index[from], index[to], ());
    }
    let mut cycles: Vec<Vec<String>> = tarjan_scc(&g)
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|c| {
            let mut names: Vec<String> = c.iter().map(|&n| g[n].clone()).collect();
            names.sort();
            names
        })
        .collect();
    cycles.sort();
    let dag = condensation(g, true);
    let order = toposort(&dag, None).expect("a condensation has no cycle");
    let layers = order
        .into_iter()
        .rev()
        .map(|n| {
            let mut names = dag[n].clone();
            names.sort();
            names
        })
        .collect();
    (cycles, layers)
}

#[test]
fn import_cycles_only_shrink() {
    // `QILI_LAYERS_SRC` reads another tree (e.g. an older commit's `analyzer/src`, to compare).
    let src = std::env::var_os("QILI_LAYERS_SRC")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let (tops, edges, errors, report) = import_graph(&src);
    assert!(
        errors.is_empty(),
        "paths the test cannot place:\n{}",
        errors.join("\n")
    );
    for needed in ["judge", "label", "audit", "terms"] {
        assert!(
            tops.contains(needed),
            "module `{needed}` not found: {tops:?}"
        );
    }
    assert!(
        edges.contains_key(&("judge".into(), "label".into())),
        "the edge judge → label not found: the import parser is broken"
    );

    println!("The import graph of analyzer/src (module → the modules it imports):");
    for t in &tops {
        let to: Vec<&str> = edges
            .keys()
            .filter(|(f, _)| f == t)
            .map(|(_, to)| to.as_str())
            .collect();
        println!("  {t} → {}", to.join(", "));
    }
    let (cycles, layers) = cycles_and_layers(&tops, &edges);
    println!("\nLayers, bottom first (a module imports only from its own layer or below;");
    println!("[report]: under the `report` feature):");
    for (n, l) in layers.iter().enumerate() {
        let names: Vec<String> = l
            .iter()
            .map(|m| match report.contains(m) {
                true => format!("{m} [report]"),
                false => m.clone(),
            })
            .collect();
        println!("  {n:2}. {}", names.join(", "));
    }
    // The core builds without the reporting (CI checks it so): no core module imports it.
    let leaning: Vec<String> = edges
        .iter()
        .filter(|((from, to), _)| !report.contains(from) && report.contains(to))
        .map(|((from, to), at)| format!("{from} → {to}: {}", at.join(", ")))
        .collect();
    assert!(
        leaning.is_empty(),
        "core modules import the reporting:\n{}",
        leaning.join("\n")
    );
    assert!(
        report.contains("audit") && report.contains("input::files"),
        "the reporting modules not found: {report:?}"
    );
    println!("\nCycles ({}):", cycles.len());
    for c in &cycles {
        println!("  {{{}}}", c.join(", "));
        for ((from, to), at) in &edges {
            if c.contains(from) && c.contains(to) {
                println!("    {from} → {to}: {}", at.join(", "));
            }
        }
    }

    let known: Vec<Vec<String>> = KNOWN_CYCLES
        .iter()
        .map(|c| c.iter().map(|s| s.to_string()).collect())
        .collect();
    for c in &cycles {
        assert!(
            known
                .iter()
                .any(|k| c.iter().all(|m| k.contains(m))),
            "a new import cycle, or a known one grown: {{{}}} (run with -- --nocapture for the edges)",
            c.join(", ")
        );
    }
    for k in &known {
        assert!(
            cycles.contains(k),
            "the known cycle {{{}}} shrank or went away: now {:?}; shorten KNOWN_CYCLES",
            k.join(", "),
            cycles
                .iter()
                .filter(|c| c.iter().all(|m| k.contains(m)))
                .collect::<Vec<_>>()
        );
    }
}

#[test]
fn the_parser_reads_use_trees_and_skips_comments_strings_and_tests() {
    let src = r##"
        use crate::{a::{b, c}, d as e, f::*};
        use super::super::g;
        // use crate::commented;
        /* use crate::blocked; /* nested */ */
        const S: &str = "crate::quoted";
        const R: &str = r#"crate::raw "still" raw"#;
        const C: char = '{';
        fn x<'a>(y: &'a str) { crate::h::call(y); }
        #[cfg(test)]
        mod tests { use crate::tested; }
        #[cfg(test)]
        fn only_in_tests() { crate::tested2::x(); }
        pub(crate) fn z() {}
    "##;
    let toks = without_tests(tokens(src));
    let mut found = Vec::new();
    for (k, t) in toks.iter().enumerate() {
        if t.tok == Tok::Ident("crate".into())
            && toks.get(k + 1).map(|t| &t.tok) == Some(&Tok::Path)
        {
            found.extend(use_tree(&toks, k + 2).0.into_iter().map(|p| p.join("::")));
        }
        if t.tok == Tok::Ident("super".into())
            && toks.get(k + 1).map(|t| &t.tok) == Some(&Tok::Path)
            && toks[k - 1].tok != Tok::Path
        {
            found.push("super".into());
        }
    }
    assert_eq!(found, ["a::b", "a::c", "d", "f", "super", "h::call"]);
    let line_of_h = toks
        .iter()
        .find(|t| t.tok == Tok::Ident("h".into()))
        .map(|t| t.line);
    assert_eq!(line_of_h, Some(9));
}
