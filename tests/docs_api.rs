//! The API examples of docs/http-api.md run against the real server (issue 35, point 7):
//! every `curl` line of a ```` ```sh ```` block is sent to `qili serve` on a loopback port,
//! and the answer must be the fenced block that follows it (```` ```json ```` or
//! ```` ```text ````, before the next `curl`), when there is one.
//!
//! A JSON answer in the docs is a pattern of the real one: its keys must be there with
//! equal values (the real answer may hold more keys, which the docs leave out), arrays
//! equal element by element (a last element `"…"` stands for any further elements), and
//! `…` inside a string any text. A text answer is compared whole. An answer with `error`
//! must come with a 4xx status, any other with 200.

#[path = "support/server.rs"]
mod server;

use serde_json::Value;

/// One example: the request and the documented answer, if any.
#[derive(Debug)]
struct Example {
    line: usize,
    method: &'static str,
    path: String,
    body: Vec<u8>,
    answer: Option<(String, String)>,
}

/// Splits a shell line into words: single and double quotes, no expansion.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    word.push(c);
                }
            }
            '"' => {
                in_word = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        c => word.push(c),
                    }
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// The examples of `text` (a Markdown file).
fn examples(text: &str) -> Vec<Example> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    // Fenced blocks: (line, language, body), indented fences included (list items).
    let mut blocks: Vec<(usize, String, String)> = Vec::new();
    let mut open: Option<(usize, String, String, usize)> = None;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        match &mut open {
            None => {
                if let Some(lang) = trimmed.strip_prefix("```") {
                    open = Some((n + 1, lang.trim().to_owned(), String::new(), indent));
                }
            }
            Some((start, lang, body, ind)) => {
                if trimmed == "```" {
                    blocks.push((*start, std::mem::take(lang), std::mem::take(body)));
                    open = None;
                } else {
                    body.push_str(line.get(*ind..).unwrap_or(trimmed));
                    body.push('\n');
                }
            }
        }
    }
    let mut out: Vec<Example> = Vec::new();
    for (start, lang, body) in blocks {
        if lang == "sh" {
            for l in body.lines().filter(|l| l.trim_start().starts_with("curl ")) {
                let words = shell_words(l);
                let mut method = "GET";
                let mut path = None;
                let mut data = Vec::new();
                let mut it = words.iter().skip(1);
                while let Some(w) = it.next() {
                    match w.as_str() {
                        "-s" => {}
                        "-d" | "--data-binary" => {
                            method = "POST";
                            let v = it.next().expect("a body after -d");
                            data = match v.strip_prefix('@') {
                                Some(file) => std::fs::read(root.join(file))
                                    .unwrap_or_else(|e| panic!("line {start}: {file}: {e}")),
                                None => v.as_bytes().to_vec(),
                            };
                        }
                        url => {
                            let rest = url
                                .strip_prefix("http://127.0.0.1:8080")
                                .unwrap_or_else(|| panic!("line {start}: {url}: not a local URL"));
                            path = Some(rest.to_owned());
                        }
                    }
                }
                out.push(Example {
                    line: start,
                    method,
                    path: path.unwrap_or_else(|| panic!("line {start}: no URL")),
                    body: data,
                    answer: None,
                });
            }
        } else if lang == "json" || lang == "text" {
            if let Some(last) = out.last_mut().filter(|e| e.answer.is_none()) {
                last.answer = Some((lang, body));
            }
        }
    }
    out
}

/// Whether `real` matches the documented `doc` (see the module's comment); the first
/// difference otherwise.
fn matches(doc: &Value, real: &Value, at: &str) -> Result<(), String> {
    match (doc, real) {
        (Value::Object(d), Value::Object(r)) => {
            for (k, v) in d {
                let place = format!("{at}.{k}");
                match r.get(k) {
                    Some(rv) => matches(v, rv, &place)?,
                    None => return Err(format!("{place}: missing in the answer")),
                }
            }
            Ok(())
        }
        (Value::Array(d), Value::Array(r)) => {
            let open = d.last() == Some(&Value::String("…".into()));
            let d = if open { &d[..d.len() - 1] } else { &d[..] };
            if r.len() < d.len() || (!open && r.len() != d.len()) {
                return Err(format!(
                    "{at}: {} elements, documented {}",
                    r.len(),
                    d.len()
                ));
            }
            for (i, (dv, rv)) in d.iter().zip(r).enumerate() {
                matches(dv, rv, &format!("{at}[{i}]"))?;
            }
            Ok(())
        }
        (Value::String(d), Value::String(r)) if d.contains('…') => {
            let parts: Vec<&str> = d.split('…').collect();
            let mut rest = r.as_str();
            for (i, p) in parts.iter().enumerate() {
                let found = if i == 0 {
                    rest.starts_with(p).then_some(0)
                } else if i == parts.len() - 1 {
                    rest.ends_with(p).then(|| rest.len() - p.len())
                } else {
                    rest.find(p)
                };
                match found {
                    Some(j) => rest = &rest[j + p.len()..],
                    None => return Err(format!("{at}: {r:?} does not match {d:?}")),
                }
            }
            Ok(())
        }
        (d, r) if d == r => Ok(()),
        (d, r) => Err(format!("{at}: {r} documented as {d}")),
    }
}

#[test]
fn the_http_api_examples_answer_as_documented() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("docs/http-api.md")).unwrap();
    let examples = examples(&text);
    let answered = examples.iter().filter(|e| e.answer.is_some()).count();
    assert!(
        examples.len() >= 6 && answered >= 5,
        "{} examples, {answered} with an answer: {examples:#?}",
        examples.len()
    );
    let s = server::Server::start(&[]);
    let mut failures = Vec::new();
    for e in &examples {
        let r = server::request(s.addr, e.method, &e.path, &e.body);
        let text = r.text();
        let Some((lang, doc)) = &e.answer else {
            if r.status != 200 {
                failures.push(format!("line {}: {} {}: {text}", e.line, r.status, e.path));
            }
            continue;
        };
        if lang == "text" {
            if text.trim_end() != doc.trim_end() {
                failures.push(format!(
                    "line {}: {} answers\n{text}\ndocumented\n{doc}",
                    e.line, e.path
                ));
            }
            continue;
        }
        let doc: Value = serde_json::from_str(doc)
            .unwrap_or_else(|err| panic!("line {}: the documented answer: {err}\n{doc}", e.line));
        let real: Value = match serde_json::from_str(&text) {
            Ok(v) => v,
            Err(err) => {
                failures.push(format!("line {}: not JSON ({err}): {text}", e.line));
                continue;
            }
        };
        let error = doc.get("error").is_some();
        if error != (400..500).contains(&r.status) || (!error && r.status != 200) {
            failures.push(format!("line {}: status {}: {text}", e.line, r.status));
        }
        if let Err(why) = matches(&doc, &real, "") {
            failures.push(format!(
                "line {}: {} {}: {why}\n  answer: {text}",
                e.line, e.method, e.path
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_pattern_rules() {
    let doc: Value = serde_json::from_str(r#"{"a":"x…z","b":[1,"…"],"c":{"d":2}}"#).unwrap();
    let ok: Value =
        serde_json::from_str(r#"{"a":"xyyz","b":[1,2,3],"c":{"d":2,"e":3},"f":0}"#).unwrap();
    assert_eq!(matches(&doc, &ok, ""), Ok(()));
    for bad in [
        r#"{"a":"yz","b":[1],"c":{"d":2}}"#,
        r#"{"a":"xz","b":[2],"c":{"d":2}}"#,
        r#"{"a":"xz","b":[1],"c":{"d":3}}"#,
        r#"{"a":"xz","b":[1]}"#,
    ] {
        let v: Value = serde_json::from_str(bad).unwrap();
        assert!(matches(&doc, &v, "").is_err(), "{bad}");
    }
    assert_eq!(
        shell_words(r#"curl -s 'http://x/a?b=1&c=2' -d '{"k": "v w"}'"#),
        ["curl", "-s", "http://x/a?b=1&c=2", "-d", r#"{"k": "v w"}"#]
    );
}

/// The keys `docs/openapi.yaml` requires of a `Judgement` (and of its `ruling`) are in the
/// default answer of `/judge`, which leaves out the labelled moves and the explanation.
#[test]
fn the_openapi_judgement_requires_what_the_default_answer_has() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let openapi = std::fs::read_to_string(root.join("docs/openapi.yaml")).unwrap();
    let schema = openapi
        .split("\n    Judgement:\n")
        .nth(1)
        .expect("a Judgement schema");
    let required = |text: &str| -> Vec<String> {
        let line = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("required: ["))
            .expect("a required list");
        line.trim_end_matches(']')
            .split(',')
            .map(|k| k.trim().to_owned())
            .collect()
    };
    let top = required(schema);
    let ruling = required(schema.split("\n        ruling:\n").nth(1).expect("ruling"));
    let s = server::Server::start(&[]);
    let r = s.post(
        "/judge",
        br#"{"id": 1, "fen": "startpos", "moves": ["h0g2", "h9g7", "g2h0", "g7h9", "h0g2", "h9g7", "g2h0", "g7h9"]}"#,
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let answer = r.json();
    for k in &top {
        assert!(answer.get(k).is_some(), "Judgement requires {k}: {answer}");
    }
    for k in &ruling {
        assert!(
            answer["ruling"].get(k).is_some(),
            "ruling requires {k}: {answer}"
        );
    }
    assert!(top.len() >= 6 && ruling.len() >= 4, "{top:?} {ruling:?}");
}
