//! The layout the architecture promises, checked on the source itself:
//! no two files of `src/` import each other, directly or in a ring; no
//! system imports the registry; no file outside `src/systems/` names a
//! system (the command line, experiments and reports see `dyn System`);
//! and no file of the systems or of their interface (`src/system/`) names
//! clap (the command line alone parses; a system declares its commands as
//! data).
//!
//! An import is any path a file uses that resolves to another file of the
//! crate: `use crate::…`, `use super::…`, a `use` of a child module, and
//! the same paths written inline (`crate::presets::preset_names(…)`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Source with comments and string and character literals blanked out,
/// so that only code is searched for paths.
fn code_only(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r'
            && (next == Some('#') || next == Some('"'))
            && !ident_char(prev(&chars, i))
        {
            // A raw string: r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
                out.push_str("' '");
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
                out.push_str("' '");
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn prev(chars: &[char], i: usize) -> char {
    if i == 0 {
        ' '
    } else {
        chars[i - 1]
    }
}

fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The paths a `use` tree names: `a::{b, c::{d, e}}` gives a::b, a::c::d,
/// a::c::e (a glob or `self` names the module itself).
fn expand_use(tree: &str) -> Vec<Vec<String>> {
    fn split_top(text: &str) -> Vec<&str> {
        let mut parts = Vec::new();
        let (mut depth, mut start) = (0, 0);
        for (i, c) in text.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&text[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        parts.push(&text[start..]);
        parts
    }
    // `x as y`: the path is x's.
    let mut words = Vec::new();
    let mut renamed = false;
    for word in tree.split_whitespace() {
        if word == "as" {
            renamed = true;
        } else if renamed {
            renamed = false;
            words.push(word.trim_start_matches(|c: char| ident_char(c)));
        } else {
            words.push(word);
        }
    }
    let tree: String = words.concat();
    let mut paths = Vec::new();
    for part in split_top(&tree).into_iter().filter(|p| !p.is_empty()) {
        match part.find('{') {
            Some(open) => {
                let prefix: Vec<String> = part[..open]
                    .trim_end_matches("::")
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect();
                let inner = &part[open + 1..part.len() - 1];
                for rest in expand_use(inner) {
                    paths.push(prefix.iter().cloned().chain(rest).collect());
                }
            }
            None => {
                paths.push(
                    part.split("::")
                        .filter(|s| !s.is_empty() && *s != "*" && *s != "self")
                        .map(String::from)
                        .collect(),
                );
            }
        }
    }
    paths
}

struct Crate {
    src: PathBuf,
    /// Each file's module path (`src/a/b.rs` and `src/a/b/mod.rs` are a::b).
    modules: BTreeMap<PathBuf, Vec<String>>,
}

impl Crate {
    fn read(src: &Path) -> Crate {
        let mut modules = BTreeMap::new();
        let mut stack = vec![src.to_path_buf()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let relative = path.strip_prefix(src).unwrap();
                    // main.rs is the binary's own crate: it reaches the
                    // library only as `fortunes::`, so it cannot be in a cycle.
                    if relative == Path::new("main.rs") {
                        continue;
                    }
                    let mut module: Vec<String> = relative
                        .with_extension("")
                        .components()
                        .map(|c| c.as_os_str().to_string_lossy().into_owned())
                        .collect();
                    if module.last().is_some_and(|m| m == "mod" || m == "lib") {
                        module.pop();
                    }
                    modules.insert(relative.to_path_buf(), module);
                }
            }
        }
        Crate {
            src: src.to_path_buf(),
            modules,
        }
    }

    /// The file that defines module `module`, if the crate has one.
    fn file_of(&self, module: &[String]) -> Option<PathBuf> {
        self.modules
            .iter()
            .find(|(_, m)| m.as_slice() == module)
            .map(|(f, _)| f.clone())
    }

    /// The file a path used in `module` resolves to: the deepest module
    /// on the path that is a file; `None` for another crate's path.
    fn resolve(&self, module: &[String], is_mod_file: bool, path: &[String]) -> Option<PathBuf> {
        let first = path.first()?;
        let mut absolute: Vec<String> = match first.as_str() {
            "crate" => Vec::new(),
            "self" => module.to_vec(),
            "super" => module[..module.len().saturating_sub(1)].to_vec(),
            _ => {
                // A child module of this one (`use game::Game` in a mod.rs),
                // else another crate.
                let child: Vec<String> = module.iter().cloned().chain([first.clone()]).collect();
                if (is_mod_file || module.is_empty()) && self.file_of(&child).is_some() {
                    module.to_vec()
                } else {
                    return None;
                }
            }
        };
        let mut rest = path;
        if matches!(first.as_str(), "crate" | "self" | "super") {
            rest = &path[1..];
        }
        // `super::super::…`
        while rest.first().is_some_and(|s| s == "super") {
            absolute.pop();
            rest = &rest[1..];
        }
        let full: Vec<String> = absolute.into_iter().chain(rest.iter().cloned()).collect();
        (0..=full.len())
            .rev()
            .find_map(|k| self.file_of(&full[..k]))
    }

    /// Every path a file uses, resolved to the files of the crate. Paths
    /// inside an inline module (`mod tests { use super::*; }`) resolve
    /// from that module.
    fn imports(&self, file: &Path) -> BTreeSet<PathBuf> {
        let module = &self.modules[file];
        let is_mod_file = file
            .file_name()
            .is_some_and(|n| n == "mod.rs" || n == "lib.rs");
        let code = code_only(&std::fs::read_to_string(self.src.join(file)).unwrap());
        let mut found = BTreeSet::new();
        for (inline, text) in inline_modules(&code) {
            let here: Vec<String> = module
                .iter()
                .cloned()
                .chain(inline.iter().cloned())
                .collect();
            let is_mod = if inline.is_empty() { is_mod_file } else { true };
            for path in paths_used(text) {
                if let Some(target) = self.resolve(&here, is_mod, &path) {
                    found.insert(target);
                }
            }
        }
        found.remove(file);
        found
    }

    fn graph(&self) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
        self.modules
            .keys()
            .map(|file| (file.clone(), self.imports(file)))
            .collect()
    }
}

/// `word` as a whole word (not part of an identifier) in `text`.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = text[from..].find(word) {
        let at = from + at;
        let before = text[..at].chars().last().unwrap_or(' ');
        let after = text[at + word.len()..].chars().next().unwrap_or(' ');
        if !ident_char(before) && !ident_char(after) && before != ':' {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// The code of a file split by inline module: each piece with the path
/// of inline modules (`mod a { mod b { … } }`) it lies in, outermost first.
fn inline_modules(code: &str) -> Vec<(Vec<String>, &str)> {
    let bytes = code.as_bytes();
    let mut pieces = Vec::new();
    // (module name, brace depth inside it)
    let mut stack: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    let mut i = 0;
    let current = |stack: &[(String, usize)]| stack.iter().map(|(n, _)| n.clone()).collect();
    while i < bytes.len() {
        match bytes[i] {
            b'{' => depth += 1,
            b'}' => {
                if stack.last().is_some_and(|(_, d)| *d == depth) {
                    pieces.push((current(&stack), &code[start..i]));
                    stack.pop();
                    start = i + 1;
                }
                depth -= 1;
            }
            b'm' if code[i..].starts_with("mod")
                && find_word(&code[i..i + 3], "mod") == Some(0)
                && (i == 0 || !ident_char(code[..i].chars().last().unwrap())) =>
            {
                let rest = &code[i + 3..];
                let name: String = rest
                    .trim_start()
                    .chars()
                    .take_while(|c| ident_char(*c))
                    .collect();
                let after = rest.trim_start()[name.len()..].trim_start();
                if !name.is_empty() && after.starts_with('{') {
                    let open = code.len() - after.len();
                    pieces.push((current(&stack), &code[start..open]));
                    depth += 1;
                    stack.push((name, depth));
                    start = open + 1;
                    i = open + 1;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    pieces.push((current(&stack), &code[start..]));
    pieces
}

/// The paths a piece of code uses: its `use` trees, and the paths written
/// inline from `crate::`, `super::` or `self::`.
fn paths_used(code: &str) -> Vec<Vec<String>> {
    let mut paths: Vec<Vec<String>> = Vec::new();
    let mut rest = code;
    let mut inline_code = String::new();
    while let Some(at) = find_word(rest, "use") {
        inline_code.push_str(&rest[..at]);
        let end = rest[at..].find(';').map_or(rest.len(), |e| at + e);
        paths.extend(expand_use(&rest[at + 3..end]));
        rest = &rest[(end + 1).min(rest.len())..];
    }
    inline_code.push_str(rest);
    for start in ["crate::", "super::", "self::"] {
        let mut search = inline_code.as_str();
        while let Some(at) = search.find(start) {
            let before = search[..at].chars().last().unwrap_or(' ');
            let tail = &search[at..];
            let path: String = tail
                .chars()
                .take_while(|c| ident_char(*c) || *c == ':')
                .collect();
            if !ident_char(before) && before != ':' {
                paths.push(
                    path.split("::")
                        .filter(|s| !s.is_empty())
                        .map(String::from)
                        .collect(),
                );
            }
            search = &tail[path.len().max(1)..];
        }
    }
    paths
}

/// The import cycles of `graph`: its strongly connected components of
/// more than one file (Tarjan), each as one ring through them.
fn cycles(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    struct Tarjan<'g> {
        graph: &'g BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'g PathBuf, usize>,
        low: BTreeMap<&'g PathBuf, usize>,
        stack: Vec<&'g PathBuf>,
        on_stack: BTreeSet<&'g PathBuf>,
        components: Vec<Vec<PathBuf>>,
    }
    impl<'g> Tarjan<'g> {
        fn visit(&mut self, v: &'g PathBuf) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in &self.graph[v] {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on_stack.remove(w);
                    component.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.reverse();
                    self.components.push(component);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        components: Vec::new(),
    };
    for v in graph.keys() {
        if !tarjan.index.contains_key(v) {
            tarjan.visit(v);
        }
    }
    tarjan
        .components
        .into_iter()
        .map(|component| ring(graph, &component))
        .collect()
}

/// One ring through a component, found by a breadth-first search back to
/// its first file, so the failure shows a cycle to break.
fn ring(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>, component: &[PathBuf]) -> Vec<PathBuf> {
    let members: BTreeSet<&PathBuf> = component.iter().collect();
    let start = &component[0];
    let mut parent: BTreeMap<&PathBuf, &PathBuf> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for w in graph[v].iter().filter(|w| members.contains(w)) {
            if w == start {
                let mut back = vec![v.clone()];
                let mut at = v;
                while at != start {
                    at = parent[at];
                    back.push(at.clone());
                }
                back.reverse();
                back.push(start.clone());
                return back;
            }
            if !parent.contains_key(w) && w != start {
                parent.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    component.to_vec()
}

fn show(files: &[PathBuf]) -> String {
    files
        .iter()
        .map(|f| f.display().to_string())
        .collect::<Vec<_>>()
        .join(" -> ")
}

fn this_crate() -> Crate {
    Crate::read(&Path::new(crate::common::crate_dir()).join("src"))
}

#[test]
fn no_two_files_import_each_other_directly_or_in_a_ring() {
    let krate = this_crate();
    let graph = krate.graph();
    // The check sees the imports it must: the interface is used by the
    // systems and the runner, the registry by the command line.
    let edge = |from: &str, to: &str| graph[Path::new(from)].contains(Path::new(to));
    assert!(edge("systems/haggerty/mod.rs", "system/mod.rs"));
    assert!(edge("runner/entry.rs", "system/mod.rs"));
    assert!(edge("cli/mod.rs", "systems/mod.rs"));
    assert!(edge("experiment/mod.rs", "experiment/format.rs"));
    let found = cycles(&graph);
    assert!(
        found.is_empty(),
        "import cycles between files:\n{}",
        found.iter().map(|c| show(c)).collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn the_cycle_check_finds_a_ring_and_resolves_paths() {
    let a = PathBuf::from("a.rs");
    let b = PathBuf::from("b/mod.rs");
    let c = PathBuf::from("b/c.rs");
    let graph = BTreeMap::from([
        (a.clone(), BTreeSet::from([b.clone()])),
        (b.clone(), BTreeSet::from([c.clone()])),
        (c.clone(), BTreeSet::from([a.clone()])),
    ]);
    let found = cycles(&graph);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].len(), 4, "{}", show(&found[0]));
    assert_eq!(found[0].first(), found[0].last());
    let acyclic = BTreeMap::from([
        (a.clone(), BTreeSet::from([b.clone()])),
        (b.clone(), BTreeSet::from([c.clone()])),
        (c.clone(), BTreeSet::new()),
    ]);
    assert!(cycles(&acyclic).is_empty());
    assert_eq!(
        expand_use("crate::a::{b, c::{d, e as f}, self}"),
        vec![
            vec!["crate", "a", "b"],
            vec!["crate", "a", "c", "d"],
            vec!["crate", "a", "c", "e"],
            vec!["crate", "a"],
        ]
    );
    let code = code_only("let s = \"crate::x\"; // crate::y\nlet c = '\"'; crate::z::w();");
    assert!(!code.contains("crate::x") && !code.contains("crate::y"));
    assert!(code.contains("crate::z::w"));
    let pieces = inline_modules("use a; mod t { use super::b; mod u { fn f() {} } } use c;");
    let names: Vec<(Vec<String>, &str)> = pieces
        .into_iter()
        .map(|(m, text)| (m, text.trim()))
        .filter(|(_, text)| !text.is_empty())
        .collect();
    assert_eq!(
        names,
        vec![
            (vec![], "use a; mod t"),
            (vec!["t".to_string()], "use super::b; mod u"),
            (vec!["t".to_string(), "u".to_string()], "fn f() {}"),
            (vec![], "use c;"),
        ]
    );
}

#[test]
fn no_system_imports_the_registry_and_nothing_else_names_a_system() {
    let krate = this_crate();
    let graph = krate.graph();
    let names: Vec<String> = std::fs::read_dir(krate.src.join("systems"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert!(names.len() >= 5, "systems found: {names:?}");
    let registry = Path::new("systems/mod.rs");
    for (file, imports) in &graph {
        let in_a_system = file.starts_with("systems") && file != registry;
        if in_a_system {
            assert!(
                !imports.contains(registry),
                "{} imports the registry",
                file.display()
            );
        } else if file != registry {
            let named: Vec<&PathBuf> = imports
                .iter()
                .filter(|target| target.starts_with("systems") && *target != registry)
                .collect();
            assert!(
                named.is_empty(),
                "{} names a system ({named:?}): only the registry may",
                file.display()
            );
        }
    }
}

/// The crates whose names begin with `crate_name` (`clap`, `clap_complete`)
/// that `code` names.
fn crates_named(code: &str, crate_name: &str) -> BTreeSet<String> {
    code.split(|c: char| !ident_char(c))
        .filter(|word| {
            *word == crate_name
                || word
                    .strip_prefix(crate_name)
                    .is_some_and(|rest| rest.starts_with('_'))
        })
        .map(String::from)
        .collect()
}

#[test]
fn no_system_and_not_the_system_interface_names_clap() {
    let krate = this_crate();
    let mut checked = 0;
    for file in krate.modules.keys() {
        if !(file.starts_with("systems") || file.starts_with("system")) {
            continue;
        }
        checked += 1;
        let code = code_only(&std::fs::read_to_string(krate.src.join(file)).unwrap());
        let named = crates_named(&code, "clap");
        assert!(
            named.is_empty(),
            "{} names {named:?}: only the command line (src/cli/) may; declare a command as a system::Spec",
            file.display()
        );
    }
    assert!(checked >= 40, "files checked: {checked}");
    // The check finds a name however it is written, and only a whole one.
    let code =
        code_only("use clap::Arg; fn f() -> ::clap_mangen::Man {} // clap\nlet clapper = 1;");
    assert_eq!(
        crates_named(&code, "clap"),
        BTreeSet::from(["clap".to_string(), "clap_mangen".to_string()])
    );
}
