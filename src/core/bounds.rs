//! Bounds: on values given on the command line ([`within`]), and on data values, declared with
//! `validator` attributes on the model types and turned here into messages with the path of
//! each field, for the rulesets' lints.

use std::ops::RangeInclusive;

use validator::{ValidationErrors, ValidationErrorsKind};

/// `v` if it is within `range`, else a message naming the flag, the value, the range and why
/// it is the range (the rules' or a documented engine limit's).
pub fn within<T: PartialOrd + std::fmt::Display>(
    flag: &str,
    v: T,
    range: &RangeInclusive<T>,
    why: &str,
) -> Result<T, String> {
    if range.contains(&v) {
        Ok(v)
    } else {
        Err(format!(
            "{flag}: {v} is out of range; {} to {} ({why})",
            range.start(),
            range.end()
        ))
    }
}

/// A value out of its bounds: the path of the field (keys and array indices) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutOfBounds {
    pub path: Vec<PathPart>,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathPart {
    Key(String),
    Index(usize),
}

/// Every field of `errors`, nested structures and lists included, in field order.
pub fn out_of_bounds(errors: &ValidationErrors) -> Vec<OutOfBounds> {
    let mut out = Vec::new();
    walk(errors, &mut Vec::new(), &mut out);
    out
}

fn walk(errors: &ValidationErrors, prefix: &mut Vec<PathPart>, out: &mut Vec<OutOfBounds>) {
    let mut fields: Vec<_> = errors.errors().iter().collect();
    fields.sort_by_key(|(name, _)| name.to_string());
    for (field, kind) in fields {
        prefix.push(PathPart::Key(field.to_string()));
        match kind {
            ValidationErrorsKind::Field(list) => {
                for e in list {
                    let bound = |k: &str| e.params.get(k).map(|v| v.to_string());
                    let found = e
                        .params
                        .get("value")
                        .map(|v| v.to_string())
                        .unwrap_or_default();
                    let expected = match (e.code.as_ref(), bound("min"), bound("max")) {
                        ("range", Some(min), Some(max)) => format!("between {min} and {max}"),
                        ("range", Some(min), None) => format!("at least {min}"),
                        ("range", None, Some(max)) => format!("at most {max}"),
                        ("length", Some(min), None) => format!("at least {min} long"),
                        ("length", None, Some(max)) => format!("at most {max} long"),
                        ("length", Some(min), Some(max)) => format!("{min} to {max} long"),
                        (code, _, _) => code.to_owned(),
                    };
                    out.push(OutOfBounds {
                        path: prefix.clone(),
                        message: format!("{field} must be {expected}, found {found}"),
                    });
                }
            }
            ValidationErrorsKind::Struct(inner) => walk(inner, prefix, out),
            ValidationErrorsKind::List(items) => {
                for (i, inner) in items {
                    prefix.push(PathPart::Index(*i));
                    walk(inner, prefix, out);
                    prefix.pop();
                }
            }
        }
        prefix.pop();
    }
}
