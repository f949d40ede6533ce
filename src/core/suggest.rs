//! "Did you mean …?": the nearest known ids to a mistyped one.

/// Up to three candidates close to `wanted`, best first, formatted as `` `a` or `b` ``.
pub fn nearest<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let candidates: Vec<&str> = candidates.into_iter().collect();
    let mut names: Vec<String> = Vec::new();
    for i in closest(wanted, candidates.iter().copied()) {
        let name = format!("`{}`", candidates[i]);
        if !names.contains(&name) {
            names.push(name);
        }
        if names.len() == 3 {
            break;
        }
    }
    match names.len() {
        0 => None,
        1 => Some(names[0].clone()),
        _ => Some(format!(
            "{} or {}",
            names[..names.len() - 1].join(", "),
            names[names.len() - 1]
        )),
    }
}

/// The places in `candidates` of those close to `wanted`, best first (ties by text): those
/// about as close as the best (ids of one family share a long prefix, `fr-…`).
pub fn closest<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<usize> {
    let mut scored: Vec<(f64, &str, usize)> = candidates
        .into_iter()
        .enumerate()
        .map(|(i, c)| (strsim::jaro_winkler(wanted, c), c, i))
        .filter(|(score, c, _)| *score >= 0.75 || c.contains(wanted) && wanted.len() >= 3)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    if let Some(&(best, _, _)) = scored.first() {
        scored.retain(|(score, _, _)| best - score <= 0.04);
    }
    scored.into_iter().map(|(_, _, i)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_ids() {
        let ids = ["tireur-expert", "bon-oeil", "duelliste"];
        assert_eq!(nearest("tireur-exper", ids).unwrap(), "`tireur-expert`");
        assert_eq!(nearest("bon-oiel", ids).unwrap(), "`bon-oeil`");
        assert!(nearest("zzz", ids).is_none());
        let family = ["fr-line-fusiliers", "fr-vistula-lancers", "fr-pioneers"];
        assert_eq!(
            nearest("fr-line-fusilers", family).unwrap(),
            "`fr-line-fusiliers`"
        );
    }
}
