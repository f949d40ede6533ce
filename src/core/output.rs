//! Writing output files safely: atomically (temporary file in the same folder, then rename),
//! never over an input file nor a `.toml` file unless the command edits that file.

use std::io::Write;
use std::path::Path;

use crate::core::error::Error;

/// Writes `bytes` to `path` via a temporary sibling and a rename: readers never see a partial
/// file, and a failure leaves any previous file untouched. (No fsync: it would double the
/// time of a card sheet for a durability that a re-run gives back.)
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let err = |source| Error::Write {
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".muster-")
        .tempfile_in(dir)
        .map_err(err)?;
    tmp.write_all(bytes).map_err(err)?;
    tmp.persist(path).map_err(|e| err(e.error))?;
    Ok(())
}

/// Refuses to write a generated document over an input or a TOML file.
pub fn check_output_path(out: &Path, inputs: &[&Path]) -> Result<(), Error> {
    if out
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
    {
        return Err(Error::Usage(format!(
            "refusing to write {} : output files must not have a .toml extension",
            out.display()
        )));
    }
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    };
    if let Some(input) = inputs.iter().find(|i| same(out, i)) {
        return Err(Error::Usage(format!(
            "refusing to overwrite the input file {}",
            input.display()
        )));
    }
    Ok(())
}
