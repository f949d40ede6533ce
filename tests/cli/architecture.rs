//! The crate's modules depend one way: no circle of imports between the files of `src/`, none
//! excepted; and no layer imports the layers built on it (LAYERS).
//!
//! A file is a node: `src/a/b.rs` and `src/a/b/mod.rs` are the module `crate::a::b`,
//! `src/lib.rs` is `crate`. `src/main.rs` is left out: it is the binary, another crate, which
//! names the library as `muster::…` and so can close no circle. A file depends on another when
//! it names an item of it by path: `use crate::…`, `use super::…`, `use self::…`, `use
//! child::…` (groups `{a, b::{c, D}}` flattened), and the same paths written inline in code
//! (`crate::core::text::one_line(…)`, `super::Engine`, `child::f()`), and paths through a
//! module imported by name (`use super::model;` … `model::Arm`). A path goes to the longest
//! prefix that is a module file, then follows the item's name through that module's imports
//! (`pub use engine::*;`, `pub use duel::Duel;`) to the file that declares it
//! (`struct`/`enum`/`trait`/`fn`/`type`/`const`/`static`/`union`/`mod` at the file's top
//! level): `crate::rulesets::Engine` is a dependency on `boundary/engine.rs`, not on the two
//! `mod.rs` it passes through. A name no declaration is found for counts on the module file
//! the path ends in. Re-exporting is importing (`boundary/mod.rs` depends on `engine.rs`);
//! declaring a submodule (`mod engine;`) or importing a module alone (`use super::game;`) is
//! not: only the items then named through it are.
//!
//! Comments (doc comments included), string and character literals are blanked before the
//! scan; test code (`#[cfg(test)]` items, the `mod tests { … }` blocks, brace-matched) is
//! left out: a test using its parent is no circle in the shipped code. Visibility paths
//! (`pub(in crate::rulesets)`) are not dependencies.
//!
//! Not seen: what macros generate (the `registry!` of `src/rulesets/mod.rs` declares the
//! rulesets' modules and `Ruleset::ALL`, which names each ruleset's `META`: through it the
//! registry depends on every ruleset, by design, unseen here; an item a macro declares is no
//! declaration found, so a path to it counts on the module file the path ends in); the paths
//! in a `macro_rules!` body count for the file defining the macro, not where it expands;
//! `impl` blocks in another file than their type, method calls and trait methods that need
//! no path; `#[path]` attributes; other `cfg`s than `#[cfg(test)]` (counted as shipped).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::OnceLock;

use crate::root;

/// Layers and what each must not import: (files under, the files they must not use). The
/// commands, the web app and the CLI are built on the rest; `core` knows no ruleset nor
/// rendering and `render` no ruleset (src/lib.rs); the operations (`ops`: what the commands
/// and the web app both call) know neither of them nor the CLI; the commands know no web app
/// and the web app no commands.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "src/core/",
        &[
            "src/render/",
            "src/rulesets/",
            "src/ops/",
            "src/event/",
            "src/commands/",
            "src/serve/",
            "src/cli/",
        ],
    ),
    (
        "src/render/",
        &[
            "src/rulesets/",
            "src/ops/",
            "src/event/",
            "src/commands/",
            "src/serve/",
            "src/cli/",
        ],
    ),
    (
        "src/rulesets/",
        &[
            "src/ops/",
            "src/event/",
            "src/commands/",
            "src/serve/",
            "src/cli/",
        ],
    ),
    (
        "src/ops/",
        &["src/event/", "src/commands/", "src/serve/", "src/cli/"],
    ),
    // An event (issue 39) is made of the operations; the commands and the web app use it.
    ("src/event/", &["src/commands/", "src/serve/", "src/cli/"]),
    ("src/commands/", &["src/serve/"]),
    ("src/serve/", &["src/commands/"]),
];

/// `src` with comments, string and character literals blanked (newlines kept, so lines still
/// count); lifetimes stay. Byte-wise: what Rust's syntax needs here is ASCII.
fn blank(src: &str) -> String {
    let c = src.as_bytes();
    let at = |i: usize| c.get(i).copied().unwrap_or(0);
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80;
    // The end of a character literal opening at q, None for a lifetime ('a).
    let char_end = |q: usize| {
        if at(q + 1) == b'\\' {
            (q + 3..c.len()).find(|&k| c[k] == b'\'').map(|k| k + 1)
        } else if at(q + 2) == b'\'' || at(q + 1) >= 0x80 {
            // One character, maybe of several bytes.
            (q + 2..c.len()).find(|&k| c[k] == b'\'').map(|k| k + 1)
        } else {
            None
        }
    };
    let mut out = Vec::with_capacity(c.len());
    let mut i = 0;
    while i < c.len() {
        // The end of the literal or comment starting at i, if one does.
        let end = match c[i] {
            b'/' if at(i + 1) == b'/' => {
                Some((i..c.len()).find(|&j| c[j] == b'\n').unwrap_or(c.len()))
            }
            b'/' if at(i + 1) == b'*' => {
                let (mut j, mut depth) = (i + 2, 1);
                while j < c.len() && depth > 0 {
                    if c[j] == b'/' && at(j + 1) == b'*' {
                        depth += 1;
                        j += 1;
                    } else if c[j] == b'*' && at(j + 1) == b'/' {
                        depth -= 1;
                        j += 1;
                    }
                    j += 1;
                }
                Some(j)
            }
            b'\'' => char_end(i),
            b'b' | b'c' | b'r' | b'"' if i == 0 || !ident(c[i - 1]) => {
                // "…", b"…", c"…", r#"…"#, br"…", cr#"…"#; b'…' is a byte.
                let mut j = i;
                if matches!(c[j], b'b' | b'c') {
                    j += 1;
                }
                let raw = at(j) == b'r';
                if raw {
                    j += 1;
                }
                let hashes = (j..c.len()).take_while(|&k| c[k] == b'#').count();
                j += hashes;
                if at(j) == b'"' && (raw || hashes == 0) {
                    let mut k = j + 1;
                    loop {
                        if k >= c.len() {
                            break Some(k);
                        }
                        if !raw && c[k] == b'\\' {
                            k += 2;
                        } else if c[k] == b'"' && (k + 1..=k + hashes).all(|h| at(h) == b'#') {
                            break Some(k + 1 + hashes);
                        } else {
                            k += 1;
                        }
                    }
                } else if c[i] == b'b' && at(i + 1) == b'\'' {
                    char_end(i + 1)
                } else {
                    None
                }
            }
            _ => None,
        };
        match end {
            Some(end) => {
                let end = end.min(c.len());
                out.extend(
                    c[i..end]
                        .iter()
                        .map(|&b| if b == b'\n' { b'\n' } else { b' ' }),
                );
                i = end;
            }
            None => {
                out.push(c[i]);
                i += 1;
            }
        }
    }
    String::from_utf8(out).expect("whole characters are copied or blanked")
}

#[derive(Clone, Copy, Debug)]
struct Tok<'a> {
    text: &'a str,
    line: usize,
}

/// Identifiers (keywords among them), `::`, and the punctuation the scan reads, each a token;
/// numbers and other punctuation are dropped.
fn tokens(text: &str) -> Vec<Tok<'_>> {
    let c = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80;
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < c.len() {
        let start = i;
        if c[i] == b'\n' {
            line += 1;
            i += 1;
            continue;
        } else if c[i].is_ascii_whitespace() {
            i += 1;
            continue;
        } else if word(c[i]) {
            while i < c.len() && word(c[i]) {
                i += 1;
            }
        } else if c[i] == b':' && c.get(i + 1) == Some(&b':') {
            i += 2;
        } else {
            i += 1;
            if !b"{}()[]<>;,.*#!'".contains(&c[start]) {
                continue;
            }
        }
        if c[start].is_ascii_digit() {
            continue;
        }
        out.push(Tok {
            text: &text[start..i],
            line,
        });
    }
    out
}

fn is_ident(t: Option<&Tok>) -> bool {
    t.is_some_and(|t| t.text.starts_with(|c: char| c.is_alphabetic() || c == '_'))
}

/// The tokens without test code: each item under `#[cfg(test)]` (other attributes after it
/// included), to its `;` or its closing brace.
fn without_tests(toks: Vec<Tok>) -> Vec<Tok> {
    const CFG_TEST: [&str; 7] = ["#", "[", "cfg", "(", "test", ")", "]"];
    let mut out = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        let is_cfg_test = toks[i].text == "#"
            && toks.len() >= i + CFG_TEST.len()
            && CFG_TEST.iter().zip(&toks[i..]).all(|(w, t)| t.text == *w);
        if !is_cfg_test {
            out.push(toks[i]);
            i += 1;
            continue;
        }
        i += CFG_TEST.len();
        let mut depth = 0isize;
        while i < toks.len() {
            let t = toks[i].text;
            i += 1;
            match t {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" => depth -= 1,
                "}" => {
                    depth -= 1;
                    if depth == 0 {
                        if toks.get(i).is_some_and(|t| t.text == ";") {
                            i += 1;
                        }
                        break;
                    }
                }
                ";" if depth == 0 => break,
                _ => {}
            }
        }
    }
    out
}

/// A path as written in a file, flattened out of its `use` group.
#[derive(Debug)]
struct Written {
    segs: Vec<String>,
    /// The module the path is written in (the file's, or an inline module in it).
    scope: Vec<String>,
    line: usize,
    kind: Kind,
}

#[derive(Debug, PartialEq)]
enum Kind {
    /// `use a::b` (or `a::b as alias`; `a::{self}` is `a` as `a`).
    Use { alias: String, top: bool },
    /// `use a::*`.
    Glob { top: bool },
    /// A path in code.
    Inline,
}

/// One `use` tree from `t[*i]`, flattened onto `prefix`: (path, Some(alias)), or None for a glob.
fn use_tree(
    t: &[Tok],
    i: &mut usize,
    mut path: Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let text = |i: usize| t.get(i).map_or("", |t| t.text);
    if text(*i) == "::" {
        // `use ::extern_crate::…`: never the crate itself.
        path.push("::".into());
        *i += 1;
    }
    loop {
        match text(*i) {
            "{" => {
                *i += 1;
                while !matches!(text(*i), "}" | "") {
                    use_tree(t, i, path.clone(), out);
                    if text(*i) == "," {
                        *i += 1;
                    }
                }
                *i += 1;
                return;
            }
            "*" => {
                *i += 1;
                out.push((path, None));
                return;
            }
            "" => return,
            seg => {
                let seg = seg.to_owned();
                *i += 1;
                if text(*i) == "::" {
                    path.push(seg);
                    *i += 1;
                    continue;
                }
                let mut alias = if seg == "self" {
                    path.last().cloned().unwrap_or_default()
                } else {
                    path.push(seg.clone());
                    seg
                };
                if text(*i) == "as" {
                    alias = text(*i + 1).to_owned();
                    *i += 2;
                }
                out.push((path, Some(alias)));
                return;
            }
        }
    }
}

/// What one file declares and names.
struct File {
    /// "src/rulesets/boundary/engine.rs".
    name: String,
    module: Vec<String>,
    /// Names declared at the file's top level.
    decls: BTreeSet<String>,
    paths: Vec<Written>,
}

const DECLARING: &[&str] = &[
    "struct", "enum", "trait", "fn", "type", "const", "static", "union", "mod",
];

fn scan(name: String, module: Vec<String>, src: &str) -> File {
    let blanked = blank(src);
    let t = without_tests(tokens(&blanked));
    let text = |i: usize| t.get(i).map_or("", |t| t.text);
    let mut file = File {
        name,
        module,
        decls: BTreeSet::new(),
        paths: Vec::new(),
    };
    // Inline modules open at this point: (name, brace depth outside it).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < t.len() {
        let scope = || {
            let mut s = file.module.clone();
            s.extend(inline.iter().map(|(n, _)| n.clone()));
            s
        };
        let top = depth == 0 && inline.is_empty();
        match text(i) {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            "mod" if is_ident(t.get(i + 1)) && text(i + 2) == "{" => {
                if top {
                    file.decls.insert(text(i + 1).to_owned());
                }
                inline.push((text(i + 1).to_owned(), depth));
                i += 2;
                continue;
            }
            "use" => {
                let line = t[i].line;
                let scope = scope();
                i += 1;
                let mut tree = Vec::new();
                use_tree(&t, &mut i, Vec::new(), &mut tree);
                for (segs, alias) in tree {
                    let kind = match alias {
                        Some(alias) => Kind::Use { alias, top },
                        None => Kind::Glob { top },
                    };
                    file.paths.push(Written {
                        segs,
                        scope: scope.clone(),
                        line,
                        kind,
                    });
                }
                continue;
            }
            // (Not the lifetime `'static`.)
            kw if top
                && DECLARING.contains(&kw)
                && is_ident(t.get(i + 1))
                && (i == 0 || text(i - 1) != "'") =>
            {
                file.decls.insert(text(i + 1).to_owned());
            }
            // A path starts: not after `::`, nor a method's turbofish (`.f::<T>()`).
            _ if is_ident(t.get(i))
                && text(i + 1) == "::"
                && (i == 0 || !matches!(text(i - 1), "::" | ".")) =>
            {
                // A path in code, unless it is a visibility: `pub(in crate::rulesets)`.
                let visibility = i >= 2 && text(i - 1) == "in" && text(i - 2) == "(";
                let line = t[i].line;
                let mut segs = vec![text(i).to_owned()];
                while text(i + 1) == "::" && is_ident(t.get(i + 2)) {
                    segs.push(text(i + 2).to_owned());
                    i += 2;
                }
                if !visibility {
                    let scope = scope();
                    file.paths.push(Written {
                        segs,
                        scope,
                        line,
                        kind: Kind::Inline,
                    });
                }
            }
            _ => {}
        }
        i += 1;
    }
    file
}

/// Every file of the library and what it names.
struct Crate {
    files: Vec<File>,
    modules: BTreeMap<Vec<String>, usize>,
    /// Per file, the modules imported by name: alias → module path.
    aliases: Vec<BTreeMap<String, Vec<String>>>,
    /// Per file, its top-level imports by name: name → path (None: from outside the crate).
    named: Vec<BTreeMap<String, Option<Vec<String>>>>,
    /// Per file, the modules (or enums) its top-level globs import from.
    globs: Vec<Vec<Vec<String>>>,
}

impl Crate {
    fn read(src: &Path) -> Crate {
        let mut found = Vec::new();
        let mut dirs = vec![src.to_path_buf()];
        while let Some(dir) = dirs.pop() {
            for e in std::fs::read_dir(&dir).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    dirs.push(p);
                } else if p.extension().is_some_and(|e| e == "rs") {
                    found.push(p);
                }
            }
        }
        found.sort();
        let mut files = Vec::new();
        for p in found {
            let rel = p.strip_prefix(src).unwrap();
            let mut module: Vec<String> = rel
                .with_extension("")
                .iter()
                .map(|s| s.to_str().unwrap().to_owned())
                .collect();
            match module.last().map(String::as_str) {
                Some("main") if module.len() == 1 => continue,
                Some("lib") if module.len() == 1 => module.clear(),
                Some("mod") => {
                    module.pop();
                }
                _ => {}
            }
            let name = format!("src/{}", rel.to_str().unwrap());
            files.push(scan(name, module, &std::fs::read_to_string(&p).unwrap()));
        }
        let modules = files
            .iter()
            .enumerate()
            .map(|(i, f)| (f.module.clone(), i))
            .collect();
        let mut krate = Crate {
            aliases: vec![BTreeMap::new(); files.len()],
            named: vec![BTreeMap::new(); files.len()],
            globs: vec![Vec::new(); files.len()],
            files,
            modules,
        };
        // Twice: an import may go through a module imported above it (`use model::Arm`).
        for _ in 0..2 {
            for f in 0..krate.files.len() {
                let mut aliases = BTreeMap::new();
                for w in &krate.files[f].paths {
                    if let Kind::Use { alias, .. } = &w.kind {
                        match krate.absolute(f, w) {
                            Some(abs) if krate.modules.contains_key(&abs) => {
                                aliases.insert(alias.clone(), abs);
                            }
                            _ => {}
                        }
                    }
                }
                krate.aliases[f] = aliases;
            }
        }
        for f in 0..krate.files.len() {
            for w in &krate.files[f].paths {
                match &w.kind {
                    Kind::Use { alias, top: true } => {
                        let abs = krate.absolute(f, w);
                        krate.named[f].entry(alias.clone()).or_insert(abs);
                    }
                    Kind::Glob { top: true } => {
                        if let Some(abs) = krate.absolute(f, w) {
                            krate.globs[f].push(abs);
                        }
                    }
                    _ => {}
                }
            }
        }
        krate
    }

    /// The path from the crate's root, if it starts inside the crate.
    fn absolute(&self, f: usize, w: &Written) -> Option<Vec<String>> {
        let first = w.segs.first()?.as_str();
        let mut path = match first {
            "crate" => Vec::new(),
            "self" => w.scope.clone(),
            "super" => {
                let ups = w.segs.iter().take_while(|s| *s == "super").count();
                w.scope[..w.scope.len().checked_sub(ups)?].to_vec()
            }
            _ => {
                let mut child = w.scope.clone();
                child.push(first.to_owned());
                if self.modules.contains_key(&child) {
                    w.scope.clone()
                } else {
                    let mut alias = self.aliases[f].get(first)?.clone();
                    alias.extend(w.segs[1..].iter().cloned());
                    return Some(alias);
                }
            }
        };
        let skip = match first {
            "crate" | "self" => 1,
            "super" => w.segs.iter().take_while(|s| *s == "super").count(),
            _ => 0,
        };
        path.extend(w.segs[skip..].iter().cloned());
        Some(path)
    }

    /// The file declaring what `path` names, and whether a declaration was found (else the
    /// module file the path ends in); None if it leads out of the crate.
    fn locate(
        &self,
        path: &[String],
        seen: &mut BTreeSet<(usize, String)>,
    ) -> Option<(usize, bool)> {
        let k = (0..=path.len())
            .rev()
            .find(|&k| self.modules.contains_key(&path[..k]))?;
        let m = self.modules[&path[..k]];
        let Some(name) = path.get(k) else {
            return Some((m, true));
        };
        if self.files[m].decls.contains(name) {
            return Some((m, true));
        }
        if !seen.insert((m, name.clone())) {
            return None;
        }
        if let Some(target) = self.named[m].get(name) {
            let mut target = target.clone()?;
            target.extend(path[k + 1..].iter().cloned());
            return self.locate(&target, seen);
        }
        for glob in &self.globs[m] {
            let mut target = glob.clone();
            target.extend(path[k..].iter().cloned());
            if let Some((f, true)) = self.locate(&target, seen) {
                return Some((f, true));
            }
        }
        Some((m, false))
    }

    /// (from, to) → the first place `from` names `to`: (line, the path as written).
    fn edges(&self) -> Edges {
        let mut edges: Edges = BTreeMap::new();
        for (f, file) in self.files.iter().enumerate() {
            for w in &file.paths {
                let Some(abs) = self.absolute(f, w) else {
                    continue;
                };
                let written = match &w.kind {
                    // Importing a module alone is not a dependency: naming its items is.
                    Kind::Use { .. } if self.modules.contains_key(&abs) => continue,
                    Kind::Inline if self.modules.contains_key(&abs) => continue,
                    Kind::Use { .. } => format!("use {}", w.segs.join("::")),
                    Kind::Glob { .. } => format!("use {}::*", w.segs.join("::")),
                    Kind::Inline => w.segs.join("::"),
                };
                let Some((to, _)) = self.locate(&abs, &mut BTreeSet::new()) else {
                    continue;
                };
                if to != f {
                    let e = edges.entry((f, to)).or_insert((w.line, written.clone()));
                    if w.line < e.0 {
                        *e = (w.line, written);
                    }
                }
            }
        }
        edges
    }
}

/// Tarjan's strongly connected components, each sorted, in the order found.
fn components(n: usize, edges: &Edges) -> Vec<Vec<usize>> {
    struct Tarjan<'a> {
        next: Vec<Vec<usize>>,
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        counter: usize,
        out: &'a mut Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.counter);
            self.low[v] = self.counter;
            self.counter += 1;
            self.stack.push(v);
            self.on_stack[v] = true;
            for w in self.next[v].clone() {
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(i) if self.on_stack[w] => self.low[v] = self.low[v].min(i),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut scc = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on_stack[w] = false;
                    scc.push(w);
                    if w == v {
                        break;
                    }
                }
                scc.sort();
                self.out.push(scc);
            }
        }
    }
    let mut next = vec![Vec::new(); n];
    for &(a, b) in edges.keys() {
        next[a].push(b);
    }
    let mut out = Vec::new();
    let mut t = Tarjan {
        next,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        counter: 0,
        out: &mut out,
    };
    for v in 0..n {
        if t.index[v].is_none() {
            t.visit(v);
        }
    }
    out
}

/// A circle's files, then each of its edges with the place that makes it.
fn describe(krate: &Crate, edges: &Edges, scc: &[usize]) -> String {
    let names: Vec<&str> = scc.iter().map(|&f| krate.files[f].name.as_str()).collect();
    let mut out = format!("circle of {} files: {}\n", scc.len(), names.join(", "));
    for (&(a, b), (line, written)) in edges {
        if scc.contains(&a) && scc.contains(&b) {
            let (from, to) = (&krate.files[a].name, &krate.files[b].name);
            out.push_str(&format!("  {from} -> {to}    {from}:{line}: {written}\n"));
        }
    }
    out
}

type Edges = BTreeMap<(usize, usize), (usize, String)>;

/// The crate's files, their dependencies and the time it took, read once for this file's tests.
fn scanned() -> &'static (Crate, Edges, std::time::Duration) {
    static SCANNED: OnceLock<(Crate, Edges, std::time::Duration)> = OnceLock::new();
    SCANNED.get_or_init(|| {
        let started = std::time::Instant::now();
        let krate = Crate::read(&root().join("src"));
        let edges = krate.edges();
        (krate, edges, started.elapsed())
    })
}

#[test]
fn no_import_circle() {
    let (krate, edges, took) = scanned();
    let sccs = components(krate.files.len(), edges);
    let name = |f: usize| krate.files[f].name.as_str();
    let index = |n: &str| (0..krate.files.len()).find(|&f| name(f) == n);

    // The scan sees what it looks for: imports known to be there (that they go one way is
    // what the search for circles below says). `super::procedure::Kind::Int`, inline, passes
    // procedure.rs's `pub use` to the file declaring `Kind`.
    let edge = |a: &str, b: &str| edges.contains_key(&(index(a).unwrap(), index(b).unwrap()));
    assert!(edge(
        "src/rulesets/boundary/game/state.rs",
        "src/rulesets/boundary/procedure_decl.rs"
    ));
    assert!(edge("src/render/svg.rs", "src/render/canvas.rs"));
    // `crate::rulesets::Engine` passes two `pub use …::*` to the trait's file.
    assert!(edge(
        "src/commands/check.rs",
        "src/rulesets/boundary/engine.rs"
    ));
    // Re-exporting is importing; declaring a submodule is not.
    assert!(edge("src/rulesets/mod.rs", "src/rulesets/boundary/mod.rs"));
    assert!(edge(
        "src/rulesets/boundary/mod.rs",
        "src/rulesets/boundary/engine.rs"
    ));
    assert!(!edges.keys().any(|&(a, _)| name(a) == "src/core/mod.rs"));

    let failures: Vec<String> = sccs
        .iter()
        .filter(|s| s.len() > 1)
        .map(|scc| describe(krate, edges, scc))
        .collect();

    assert!(
        failures.is_empty(),
        "import circles between the files of src/ (each edge: the first place a file names \
         the other; break an edge of each circle):\n\n{}",
        failures.join("\n")
    );
    println!(
        "{} files, {} dependencies between them, no circle; read and scanned in {took:?}",
        krate.files.len(),
        edges.len(),
    );
}

#[test]
fn layers_import_only_downwards() {
    let (krate, edges, _) = scanned();
    let mut wrong = Vec::new();
    for (&(a, b), (line, written)) in edges {
        let (from, to) = (&krate.files[a].name, &krate.files[b].name);
        for (layer, above) in LAYERS {
            if from.starts_with(layer) && above.iter().any(|x| to.starts_with(x)) {
                wrong.push(format!("{from}:{line}: {written} (-> {to})"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers ({LAYERS:?}):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_scan_reads_paths_not_comments_nor_strings() {
    let src = r##"
//! A [`crate::doc::Link`] in a doc comment, /* crate::block::Comment /* nested */ */.
use crate::a::{b, c::{d, E as F}, self};
use super::g::*;
const S: &str = "crate::in_a::string";
const R: &str = r#"crate::raw::"string""#;
const BRACE: char = '{';
fn f<'a>(x: &'a str) -> crate::h::I { crate::j::k(x) }
pub(in crate::vis) struct V;
mod inline {
    use super::l::M;
}
#[cfg(test)]
mod tests {
    use crate::test_only::T;
    fn g() { let _ = '}'; }
}
fn after() { crate::m::n(); }
"##;
    let file = scan("src/x/y.rs".into(), vec!["x".into(), "y".into()], src);
    let paths: Vec<String> = file
        .paths
        .iter()
        .map(|w| format!("{}:{}@{}", w.line, w.segs.join("::"), w.scope.join("::")))
        .collect();
    assert_eq!(
        paths,
        [
            "3:crate::a::b@x::y",
            "3:crate::a::c::d@x::y",
            "3:crate::a::c::E@x::y",
            "3:crate::a@x::y",
            "4:super::g@x::y",
            "8:crate::h::I@x::y",
            "8:crate::j::k@x::y",
            "11:super::l::M@x::y::inline",
            "18:crate::m::n@x::y",
        ]
    );
    let kinds: Vec<&Kind> = file.paths.iter().map(|w| &w.kind).collect();
    assert_eq!(
        kinds[2],
        &Kind::Use {
            alias: "F".into(),
            top: true
        }
    );
    assert_eq!(
        kinds[3],
        &Kind::Use {
            alias: "a".into(),
            top: true
        }
    );
    assert_eq!(kinds[4], &Kind::Glob { top: true });
    assert_eq!(
        file.decls,
        ["BRACE", "R", "S", "V", "after", "f", "inline"]
            .into_iter()
            .map(String::from)
            .collect()
    );
}
