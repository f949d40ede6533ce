//! A probability distribution over 0, 1, …, n with the summaries players read.

use super::dice;

/// A distribution over 0..=n with its usual summaries.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Distribution {
    pub p: Vec<f64>,
    pub at_least: Vec<f64>,
    pub mean: f64,
    pub median: usize,
    pub mode: usize,
}

impl Distribution {
    pub fn new(p: Vec<f64>) -> Self {
        Self {
            at_least: dice::at_least(&p),
            mean: dice::mean(&p),
            median: dice::median(&p),
            mode: dice::mode(&p),
            p,
        }
    }
}
