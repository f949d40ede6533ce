//! Compiles the shipped data (`unit-sheets/`) into the binary: `core::builtin` reads the list
//! of files this script writes, so that a `muster` copied or installed anywhere has its data
//! (issue 35). Only the files' contents are compiled in, never the folder's path: the list
//! names each file by its path inside `unit-sheets/`, and `include_str!` embeds its text.
//! The data's fingerprint (FNV-1a, 64 bits, over every file's path and bytes in name order)
//! is what `muster --version` prints as the data's version.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"))
        .join("unit-sheets");
    // A folder: cargo runs this again when anything under it changes.
    println!("cargo:rerun-if-changed=unit-sheets");
    println!("cargo:rerun-if-changed=build.rs");
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    files.sort();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut fnv = |bytes: &[u8]| {
        for b in bytes {
            hash ^= u64::from(*b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    let mut out = String::from(
        "/// The shipped data's files: their paths inside `unit-sheets/` and their texts.\n",
    );
    out.push_str("pub static FILES: &[(&str, &str)] = &[\n");
    for (name, path) in &files {
        let bytes = std::fs::read(path).expect("a data file is readable");
        assert!(
            std::str::from_utf8(&bytes).is_ok(),
            "unit-sheets/{name} is not UTF-8"
        );
        fnv(name.as_bytes());
        fnv(&[0]);
        fnv(&bytes);
        fnv(&[0]);
        // The path from the crate's folder as the compiler sees it, not this script's: a
        // target folder shared by two clones keeps this list while each compiles its own
        // files (the list once named the other clone's files, gone with it).
        writeln!(
            out,
            "    ({name:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/unit-sheets/\", {name:?}))),"
        )
        .expect("a String takes it");
    }
    out.push_str("];\n");
    let fingerprint = format!("{:012x}", hash >> 16);
    let version = std::env::var("CARGO_PKG_VERSION").expect("cargo sets it");
    writeln!(
        out,
        "/// The shipped data's fingerprint: FNV-1a of every file's path and text, 48 bits.\n\
         pub const FINGERPRINT: &str = {fingerprint:?};\n\
         /// muster's version and its data's, as `muster --version` prints them.\n\
         pub const VERSION: &str = \"{version} (data {fingerprint})\";"
    )
    .expect("a String takes it");
    let dest =
        PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it")).join("builtin_data.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}

/// Every `.toml` file under `dir`, named by its path from `root` with `/`.
fn walk(root: &Path, dir: &Path, files: &mut Vec<(String, PathBuf)>) {
    let entries = std::fs::read_dir(dir).expect("unit-sheets/ is readable");
    for entry in entries {
        let path = entry.expect("unit-sheets/ is readable").path();
        if path.is_dir() {
            walk(root, &path, files);
        } else if path.extension().is_some_and(|e| e == "toml") {
            let name = path
                .strip_prefix(root)
                .expect("under the root")
                .components()
                .map(|c| c.as_os_str().to_str().expect("a UTF-8 file name"))
                .collect::<Vec<_>>()
                .join("/");
            files.push((name, path));
        }
    }
}
