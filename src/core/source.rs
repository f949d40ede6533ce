//! Source files kept in memory from loading to reporting, so that every diagnostic can quote
//! the offending line, and span look-ups by TOML key path (`sheet[3].fire_die`).

use std::ops::Range;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use codespan_reporting::files::{self, Files};
use toml_edit::{Document, Item, Value};

use crate::core::error::Error;

/// Index of a file in [`Sources`].
pub type FileId = usize;

/// The largest file muster reads (data files, lists, templates): 4 MiB. A list of 1,000 units
/// is about 60 KB; anything larger is refused before it is read whole.
pub const MAX_INPUT_BYTES: u64 = 4 * 1024 * 1024;

/// Every file read during one command, by id. Each file is kept twice: as read, for parsing,
/// and as shown in diagnostics, where every character that could steer a terminal (C0 and C1
/// controls, bidirectional overrides) is replaced by a placeholder of the same length in
/// bytes, so that spans point at the same places in both.
///
/// The files are shared between clones (a check adds its list to a clone of the data's
/// sources): a clone copies a pointer per file, never a text.
#[derive(Clone)]
pub struct Sources {
    files: Vec<Arc<SourceFile>>,
    /// The folders whose files a kept file may name (a list's career), when confined (`muster
    /// serve`: the folders it was given, canonical); `None`: any file (the command line).
    confined: Option<Arc<[std::path::PathBuf]>>,
    /// Texts read in the place of files on disk (by their canonical paths): a file as an edit
    /// would write it, read with the rest of its data before it is written.
    overlay: Vec<(std::path::PathBuf, String)>,
    /// Whether a file a kept file names was looked for ([`crate::core::paths::named_by`]):
    /// what was read from it is not kept here, and may change on disk apart from these.
    named: Named,
}

/// One kept file: what [`Sources`] knows of it, made once when it is added.
struct SourceFile {
    /// Its name in messages (on one line).
    name: String,
    /// Its path as given (a file another names, as a list names its career, is found from
    /// it).
    path: std::path::PathBuf,
    /// The text as read.
    text: String,
    /// The text as shown in diagnostics, when it differs from the text as read.
    shown: Option<String>,
    /// The byte offset where each line of the text as shown starts.
    line_starts: Vec<usize>,
    /// The text parsed as a TOML document, once, when first asked for (the ruleset's peek,
    /// the list's shape and its spans share one parse).
    doc: OnceLock<Parsed>,
}

impl SourceFile {
    fn shown(&self) -> &str {
        self.shown.as_deref().unwrap_or(&self.text)
    }

    /// Where line `line_index` of the text as shown starts; its length just past its last
    /// line.
    fn line_start(&self, line_index: usize) -> Result<usize, files::Error> {
        match line_index.cmp(&self.line_starts.len()) {
            std::cmp::Ordering::Less => Ok(self.line_starts[line_index]),
            std::cmp::Ordering::Equal => Ok(self.shown().len()),
            std::cmp::Ordering::Greater => Err(files::Error::LineTooLarge {
                given: line_index,
                max: self.line_starts.len() - 1,
            }),
        }
    }
}

/// A flag set once a kept file named another ([`Sources::names_apart`]).
#[derive(Default)]
struct Named(std::sync::atomic::AtomicBool);

impl Clone for Named {
    fn clone(&self) -> Self {
        Named(std::sync::atomic::AtomicBool::new(self.get()))
    }
}

impl Named {
    fn get(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// A text parsed as a TOML document; `None` when it does not parse.
pub type Parsed = Option<Arc<Document<String>>>;

impl Default for Sources {
    fn default() -> Self {
        Self::new()
    }
}

impl Sources {
    pub fn new() -> Self {
        Self {
            files: Vec::new(),
            confined: None,
            overlay: Vec::new(),
            named: Named::default(),
        }
    }

    /// Confines the files kept files may name to `roots` (see [`crate::core::paths::named_by`]).
    pub fn confine(&mut self, roots: Vec<std::path::PathBuf>) {
        self.confined = Some(roots.into());
    }

    pub fn confined_to(&self) -> Option<&[std::path::PathBuf]> {
        self.confined.as_deref()
    }

    /// Reads a file as UTF-8 text and keeps it. Only regular files (or links to one) of at most
    /// [`MAX_INPUT_BYTES`] are read.
    pub fn read(&mut self, path: &Path) -> Result<FileId, Error> {
        if !self.overlay.is_empty() {
            if let Ok(real) = path.canonicalize() {
                if let Some((_, text)) = self.overlay.iter().find(|(p, _)| *p == real) {
                    let text = text.clone();
                    return Ok(self.add(path, text));
                }
            }
        }
        let text = read_text(path)?;
        Ok(self.add(path, text))
    }

    /// Reads `text` in the place of the file at `path` (which exists) whenever it is read
    /// ([`Sources::read`]): the data as they will be once an edit of that file is written.
    pub fn overlay(&mut self, path: &Path, text: String) -> Result<(), Error> {
        let real = path.canonicalize().map_err(|source| Error::Read {
            path: path.to_path_buf(),
            source,
        })?;
        self.overlay.push((real, text));
        Ok(())
    }

    /// Keeps a text that did not come from disk (or was already read).
    pub fn add(&mut self, path: &Path, text: String) -> FileId {
        self.add_named(path, &display_path(path), text)
    }

    /// Keeps a text found at `path` (what it names is found from there) but named `name` in
    /// messages (the web names a list by its file name, never where it is).
    pub fn add_named(&mut self, path: &Path, name: &str, text: String) -> FileId {
        // Shown apart only when it differs (the text is copied only then).
        let shown = text
            .chars()
            .any(crate::core::text::is_unsafe)
            .then(|| crate::core::text::same_length_printable(&text))
            .filter(|shown| *shown != text);
        let file = SourceFile {
            name: crate::core::text::one_line(name).into_owned(),
            path: path.to_path_buf(),
            line_starts: files::line_starts(shown.as_deref().unwrap_or(&text)).collect(),
            shown,
            text,
            doc: OnceLock::new(),
        };
        self.files.push(Arc::new(file));
        self.files.len() - 1
    }

    fn file(&self, id: FileId) -> Result<&SourceFile, files::Error> {
        self.files
            .get(id)
            .map(Arc::as_ref)
            .ok_or(files::Error::FileMissing)
    }

    /// The text of `id` as a TOML document, parsed on the first call.
    pub fn document(&self, id: FileId) -> Parsed {
        match self.files.get(id) {
            Some(file) => file
                .doc
                .get_or_init(|| Document::parse(file.text.clone()).ok().map(Arc::new))
                .clone(),
            None => None,
        }
    }

    /// The document of `id` if it was parsed already.
    fn parsed(&self, id: FileId) -> Option<Parsed> {
        self.files.get(id).and_then(|f| f.doc.get()).cloned()
    }

    /// Notes that a kept file named another, read apart ([`crate::core::paths::named_by`]).
    pub fn note_named(&self) {
        self.named
            .0
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Whether a kept file named another ([`Sources::note_named`]): what was made of these
    /// sources depends on more than their texts.
    pub fn names_apart(&self) -> bool {
        self.named.get()
    }

    /// How many texts are kept: their ids are `0..len()`.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether no file is kept.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The text as read.
    pub fn text(&self, id: FileId) -> &str {
        self.files.get(id).map(|f| f.text.as_str()).unwrap_or("")
    }

    /// The path `id` was read from (or kept as).
    pub fn path(&self, id: FileId) -> Option<&Path> {
        self.files.get(id).map(|f| f.path.as_path())
    }

    pub fn name(&self, id: FileId) -> String {
        self.files
            .get(id)
            .map(|f| f.name.clone())
            .unwrap_or_default()
    }

    /// 1-based line and column of a byte offset (column counted in characters).
    pub fn line_column(&self, id: FileId, offset: usize) -> (usize, usize) {
        match self.location(id, offset) {
            Ok(loc) => (loc.line_number, loc.column_number),
            Err(_) => (1, 1),
        }
    }
}

/// The files as diagnostics quote them: each by its name, its text as shown.
impl<'a> Files<'a> for Sources {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, files::Error> {
        Ok(&self.file(id)?.name)
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, files::Error> {
        Ok(self.file(id)?.shown())
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, files::Error> {
        Ok(self
            .file(id)?
            .line_starts
            .binary_search(&byte_index)
            .unwrap_or_else(|next_line| next_line - 1))
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<Range<usize>, files::Error> {
        let file = self.file(id)?;
        Ok(file.line_start(line_index)?..file.line_start(line_index + 1)?)
    }
}

/// Reads a whole text file, refusing what is not a regular file (a directory, a device such
/// as /dev/zero, a FIFO) and what is larger than [`MAX_INPUT_BYTES`], before reading it.
pub fn read_text(path: &Path) -> Result<String, Error> {
    if let Some(text) = super::builtin::text(path) {
        return Ok(text.to_owned());
    }
    read_text_within(path, MAX_INPUT_BYTES)
}

/// Reads a whole text file of at most `limit` bytes ([`read_text`]'s refusals, with its own
/// bound: an event file's is larger than a list's).
pub fn read_text_within(path: &Path, limit: u64) -> Result<String, Error> {
    use std::io::Read;
    let err = |source| Error::Read {
        path: path.to_path_buf(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(err)?;
    if !meta.is_file() {
        return Err(Error::NotAFile {
            path: path.to_path_buf(),
            kind: file_kind(&meta),
        });
    }
    if meta.len() > limit {
        return Err(Error::TooLarge {
            path: path.to_path_buf(),
            size: meta.len(),
            limit,
        });
    }
    let file = std::fs::File::open(path).map_err(err)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // The size was checked, but a file can grow between the check and the read.
    file.take(limit + 1).read_to_end(&mut bytes).map_err(err)?;
    if bytes.len() as u64 > limit {
        return Err(Error::TooLarge {
            path: path.to_path_buf(),
            size: bytes.len() as u64,
            limit,
        });
    }
    String::from_utf8(bytes).map_err(|e| Error::NotUtf8 {
        path: path.to_path_buf(),
        offset: e.utf8_error().valid_up_to(),
    })
}

/// Paths print relative to the working directory when they are below it, as users typed them.
fn display_path(path: &Path) -> String {
    if let Ok(cwd) = std::env::current_dir() {
        if let Ok(rel) = path.strip_prefix(&cwd) {
            return crate::core::text::one_line(&rel.display().to_string()).into_owned();
        }
    }
    crate::core::text::one_line(&path.display().to_string()).into_owned()
}

/// One step of a key path into a TOML document.
#[derive(Debug, Clone, Copy)]
pub enum Seg<'a> {
    Key(&'a str),
    Index(usize),
}

/// A parsed TOML document kept for span look-ups. Parsing never fails the caller: a document
/// that does not parse simply has no spans to offer.
///
/// The document is parsed on the first look-up: loading valid data never pays for it.
#[derive(Clone)]
pub struct SpanIndex {
    doc: OnceLock<Parsed>,
    text: String,
}

impl SpanIndex {
    pub fn parse(text: &str) -> Self {
        Self {
            doc: OnceLock::new(),
            text: text.to_owned(),
        }
    }

    /// The index of a file of `sources`, sharing its document when it was parsed already.
    pub fn of(sources: &Sources, id: FileId) -> Self {
        let index = Self::parse(sources.text(id));
        if let Some(doc) = sources.parsed(id) {
            let _ = index.doc.set(doc);
        }
        index
    }

    fn doc(&self) -> Option<&Document<String>> {
        self.doc
            .get_or_init(|| Document::parse(self.text.clone()).ok().map(Arc::new))
            .as_deref()
    }

    /// The text value at `path` (`[list] army`), when the document has one there.
    pub fn text_at(&self, path: &[&str]) -> Option<String> {
        let mut item = self.doc()?.as_item();
        for key in path {
            item = item.get(key)?;
        }
        item.as_str().map(str::to_owned)
    }

    /// The text the spans point into.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The span of the value at `path`, or of the nearest enclosing item that has one.
    pub fn span(&self, path: &[Seg]) -> Option<Range<usize>> {
        let doc = self.doc()?;
        let mut node = Node::Item(doc.as_item());
        let mut best = None;
        for seg in path {
            let next = match (node, seg) {
                (Node::Item(Item::Table(t)), Seg::Key(k)) => t.get(k).map(Node::Item),
                (Node::Item(Item::Value(Value::InlineTable(t))), Seg::Key(k)) => {
                    t.get(k).map(Node::Value)
                }
                (Node::Item(Item::ArrayOfTables(a)), Seg::Index(i)) => a.get(*i).map(Node::Table),
                (Node::Item(Item::Value(Value::Array(a))), Seg::Index(i)) => {
                    a.get(*i).map(Node::Value)
                }
                (Node::Table(t), Seg::Key(k)) => t.get(k).map(Node::Item),
                (Node::Value(Value::InlineTable(t)), Seg::Key(k)) => t.get(k).map(Node::Value),
                (Node::Value(Value::Array(a)), Seg::Index(i)) => a.get(*i).map(Node::Value),
                _ => None,
            };
            let Some(next) = next else {
                return best;
            };
            node = next;
            best = node.span().or(best);
        }
        best
    }

    /// Byte offsets where each `[[name]]` table of the document starts.
    pub fn array_table_starts(&self, name: &str) -> Vec<usize> {
        let Some(doc) = self.doc() else {
            return Vec::new();
        };
        match doc.as_table().get(name) {
            Some(Item::ArrayOfTables(a)) => {
                a.iter().filter_map(|t| t.span().map(|s| s.start)).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The key whose value starts at `offset`, as a dotted path (`sheet.fire_die`), if any.
    pub fn key_at(&self, offset: usize) -> Option<String> {
        fn walk(table: &dyn toml_edit::TableLike, offset: usize, prefix: &str) -> Option<String> {
            for (key, item) in table.iter() {
                let path = if prefix.is_empty() {
                    key.to_string()
                } else {
                    format!("{prefix}.{key}")
                };
                if let Some(found) = walk_item(item, offset, &path) {
                    return Some(found);
                }
            }
            None
        }
        fn walk_item(item: &Item, offset: usize, path: &str) -> Option<String> {
            match item {
                Item::Table(t) => walk(t, offset, path),
                Item::ArrayOfTables(a) => a.iter().find_map(|t| walk(t, offset, path)),
                Item::Value(v) => walk_value(v, offset, path),
                Item::None => None,
            }
        }
        fn walk_value(v: &Value, offset: usize, path: &str) -> Option<String> {
            if v.span().map(|s| s.start) == Some(offset) {
                return Some(path.to_owned());
            }
            match v {
                Value::InlineTable(t) => walk(t, offset, path),
                Value::Array(a) => a.iter().find_map(|v| walk_value(v, offset, path)),
                _ => None,
            }
        }
        walk(self.doc()?.as_table(), offset, "")
    }
}

#[derive(Clone, Copy)]
enum Node<'a> {
    Item(&'a Item),
    Table(&'a toml_edit::Table),
    Value(&'a Value),
}

impl Node<'_> {
    fn span(&self) -> Option<Range<usize>> {
        match *self {
            Node::Item(Item::Table(t)) | Node::Table(t) => table_span(t),
            // An array of tables: from its first header to the end of its last table.
            Node::Item(Item::ArrayOfTables(a)) => {
                let spans: Vec<Range<usize>> = a.iter().filter_map(table_span).collect();
                Some(spans.first()?.start..spans.iter().map(|s| s.end).max()?)
            }
            Node::Item(item) => item.span(),
            Node::Value(v) => v.span(),
        }
    }
}

/// A table's span as a diagnostic shows it: from its header to the end of its last value
/// (its dotted keys' included), not its sub-tables written apart, as toml_edit 0.22 gave
/// it (0.25 gives a table's header alone): a diagnostic about a table shows it whole.
fn table_span(t: &toml_edit::Table) -> Option<Range<usize>> {
    fn end(t: &toml_edit::Table) -> Option<usize> {
        t.iter()
            .filter_map(|(_, item)| match item {
                Item::Value(v) => v.span().map(|s| s.end),
                Item::Table(d) if d.is_dotted() => end(d),
                _ => None,
            })
            .max()
    }
    let header = t.span()?;
    Some(header.start..end(t).map_or(header.end, |e| e.max(header.end)))
}

/// How a path that is not a regular file is described in messages.
pub fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if meta.is_dir() {
        "a directory"
    } else if meta.is_file() {
        "a file"
    } else {
        "not a regular file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_spans_by_path() {
        let text = "[[sheet]]\nid = 'a'\n[[sheet]]\nid = 'b'\nskills = [{ id = 'x', cost = 5 }]\n";
        let index = SpanIndex::parse(text);
        let span = index
            .span(&[Seg::Key("sheet"), Seg::Index(1), Seg::Key("id")])
            .unwrap();
        assert_eq!(&text[span], "'b'");
        let span = index
            .span(&[
                Seg::Key("sheet"),
                Seg::Index(1),
                Seg::Key("skills"),
                Seg::Index(0),
                Seg::Key("cost"),
            ])
            .unwrap();
        assert_eq!(&text[span], "5");
        assert_eq!(index.key_at(text.find("'b'").unwrap()).unwrap(), "sheet.id");
    }

    #[test]
    fn a_clone_shares_the_texts_and_adds_apart() {
        let mut sources = Sources::new();
        let a = sources.add_named(Path::new("a.toml"), "a.toml", "x = 1\n".to_owned());
        let b = sources.add_named(
            Path::new("b.toml"),
            "b\u{7}.toml",
            "y = '\u{1b}'\n".to_owned(),
        );
        sources.note_named();
        let mut clone = sources.clone();
        for id in [a, b] {
            assert_eq!(clone.text(id).as_ptr(), sources.text(id).as_ptr());
            assert!(Arc::ptr_eq(&clone.files[id], &sources.files[id]));
        }
        assert!(clone.names_apart());
        let c = clone.add(Path::new("c.toml"), "z = 3\n".to_owned());
        assert_eq!((clone.len(), sources.len()), (3, 2));
        assert_eq!(clone.text(c), "z = 3\n");
        assert_eq!(sources.text(c), "");
        assert_eq!(sources.path(c), None);
        // Each clone's flag is its own once cloned.
        let fresh = Sources::new();
        let apart = fresh.clone();
        apart.note_named();
        assert!(apart.names_apart() && !fresh.names_apart());
        // Shown as diagnostics quote it: steering characters replaced, the name on one line.
        assert_eq!(Files::source(&clone, b).unwrap(), "y = '?'\n");
        assert_eq!(Files::name(&clone, b).unwrap(), sources.name(b));
        assert_eq!(sources.line_column(b, 5), (1, 6));
        assert!(Files::line_range(&sources, b, 2).is_err());
    }

    #[test]
    fn quotes_lines_as_codespan_simple_files() {
        let texts = [
            "",
            "a",
            "a\n",
            "\n\n",
            "foo\nbar\r\n\nbaz",
            "é = '\u{202e}x'\r\ny\u{0}\n",
        ];
        let mut sources = Sources::new();
        let mut simple = files::SimpleFiles::new();
        for text in texts {
            sources.add_named(Path::new("t.toml"), "t.toml", text.to_owned());
            simple.add(
                "t.toml".to_owned(),
                crate::core::text::same_length_printable(text),
            );
        }
        for (id, text) in texts.iter().enumerate() {
            assert_eq!(
                Files::source(&sources, id).unwrap(),
                simple.source(id).unwrap()
            );
            for at in 0..=text.len() + 1 {
                let line = Files::line_index(&sources, id, at).unwrap();
                assert_eq!(line, simple.line_index(id, at).unwrap());
                assert_eq!(
                    Files::location(&sources, id, at).ok(),
                    simple.location(id, at).ok()
                );
            }
            for line in 0..text.len() + 3 {
                assert_eq!(
                    Files::line_range(&sources, id, line).ok(),
                    simple.line_range(id, line).ok()
                );
            }
        }
        assert!(Files::source(&sources, texts.len()).is_err());
    }

    #[test]
    fn missing_path_falls_back_to_enclosing_table() {
        let text = "[[sheet]]\nid = 'a'\n";
        let index = SpanIndex::parse(text);
        let span = index
            .span(&[Seg::Key("sheet"), Seg::Index(0), Seg::Key("courage")])
            .unwrap();
        assert!(text[span].starts_with("[[sheet]]"));
    }
}
