//! `muster schema`: JSON Schemas of the sheet and list formats, generated from the Rust types,
//! so that editors with a TOML language server (taplo, Even Better TOML) validate as you type.

use std::path::Path;

use crate::core::error::Error;
use crate::core::output::write_atomic;
use crate::rulesets::schemas;

pub fn run(out: &Path, check: bool) -> Result<u8, Error> {
    let mut stale = Vec::new();
    for (name, text) in schemas()? {
        let path = out.join(name);
        if check {
            if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                stale.push(path.display().to_string());
            }
        } else {
            std::fs::create_dir_all(out).map_err(|source| Error::Write {
                path: out.to_path_buf(),
                source,
            })?;
            write_atomic(&path, text.as_bytes())?;
            eprintln!("wrote {}", path.display());
        }
    }
    if stale.is_empty() {
        Ok(0)
    } else {
        eprintln!("out of date (run `muster schema`): {}", stale.join(", "));
        Ok(1)
    }
}
