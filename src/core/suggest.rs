//! "Did you mean …?": the nearest known ids to a mistyped one.

/// Up to three candidates close to `wanted`, best first, formatted as `` `a` or `b` ``.
pub fn nearest<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let mut scored: Vec<(f64, &str)> = candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(wanted, c), c))
        .filter(|(score, c)| *score >= 0.75 || c.contains(wanted) && wanted.len() >= 3)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    // Ids of one family share a long prefix (`fr-…`): only those about as close as the best.
    if let Some(&(best, _)) = scored.first() {
        scored.retain(|(score, _)| best - score <= 0.04);
    }
    let names: Vec<String> = scored
        .iter()
        .take(3)
        .map(|(_, c)| format!("`{c}`"))
        .collect();
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
