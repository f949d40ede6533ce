//! Printable documents: bundled fonts and text measurement, a drawing canvas over printpdf,
//! the layout markup that templates produce, the card and flowing layouts, card sheets with
//! crop marks, and the tera templates. Knows no rulebook: views come from the rulesets.

pub mod canvas;
pub mod card;
pub mod flow;
pub mod fonts;
pub mod markup;
pub mod plot;
pub mod qr;
pub mod sheet;
pub mod svg;
pub mod templates;
pub mod text;
