//! Rows of a name and a value made from a table's items, one row an item: the rows most
//! quick-reference sheets print (an effect and its rule, a modifier and what it does).

use super::views_common::Row2;

/// One row for each item: its name and its value as `row` gives them.
pub fn rows<T, N: Into<String>, V: Into<String>>(
    items: impl IntoIterator<Item = T>,
    row: impl Fn(T) -> (N, V),
) -> Vec<Row2> {
    items
        .into_iter()
        .map(|item| {
            let (name, value) = row(item);
            Row2 {
                name: name.into(),
                value: value.into(),
            }
        })
        .collect()
}
