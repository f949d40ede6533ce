//! `muster preview charge`'s text.

use super::request::*;
use crate::core::i18n::Lang;
use crate::core::words::percent;

/// `muster preview charge`'s text.
pub fn charge(r: &ChargeReport) -> String {
    let mut text = format!("Charge: {} charges {}\n", r.charger, r.target);
    for n in &r.notes {
        text.push_str(&format!("  {n}\n"));
    }
    text.push_str(&format!(
        "  1d{} + morale {} against courage {} (modified values)\n",
        r.die, r.morale, r.courage
    ));
    text.push_str(&format!(
        "P(the charge goes in) {}{}\nP(courage doubled: {} routs, Capitán §5.2) {}\n",
        percent(Lang::En, r.p_success),
        if r.test_required {
            format!(" (1d{} + {} > {})", r.die, r.morale, r.courage)
        } else {
            " (no test needed)".to_owned()
        },
        r.target,
        percent(Lang::En, r.p_double)
    ));
    text
}
